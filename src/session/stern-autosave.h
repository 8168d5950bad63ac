/* stern-autosave.h: the game in progress, saved after every change in the
 * data folder: a saved game (stern-saved-game.h) and a journal of the
 * moves since it was written whole, read back at the next start; and the
 * lock that keeps one game per data folder.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-saved-game.h"

G_BEGIN_DECLS

/* The autosave in data_dir (created when missing): current-game.sgr, and
 * beside it current-game.sgr.journal, a line for each save since the game
 * was last written whole:
 *
 *   KEEP PLY CLOCK ACTION…
 *
 * the game taken back to KEEP actions and the ACTIONs played from there
 * (record notation; playing drops the actions after KEEP), the position
 * shown after PLY actions, and CLOCK "-" or the Clock tag's eight numbers
 * joined by ','.  Its first line "j N" names the
 * "; journal N" comment of the save it follows: a journal left from an
 * earlier save is not applied to a newer one.  A symbolic link in the
 * save's place is written through, to the file it names. */
char      *stern_autosave_get_path (const char *data_dir);
/* Writes the whole game (and an empty journal). */
gboolean   stern_autosave_write    (const char           *data_dir,
                                    const SternGame      *game,
                                    const SternGameSetup *setup,
                                    const SternClock     *clock,
                                    GError              **error);

/* What the autosave on disk holds, so that the next save appends only what
 * changed.  Zeroed (or cleared) it knows nothing: the next save writes the
 * game whole. */
typedef struct {
  gboolean  known;
  guint64   generation;    /* the "; journal N" of the save on disk */
  GArray   *action_keys;   /* guint64 per action on disk, to find where the history changed */
  char     *setup_key;     /* the variant, preset, players and names written */
  gsize     base_bytes;
  gsize     journal_bytes;
  guint64   bytes_written; /* everything written since it was zeroed (for tests) */
  guint     full_writes;   /* … and how often the whole game */
} SternAutosaveState;

/* Saves the game in progress: appends a line to the journal, or writes the
 * game whole when the journal has grown past the save itself (so a move
 * costs the same however long the game is), the players changed, or state
 * knows nothing yet. */
gboolean   stern_autosave_update   (const char           *data_dir,
                                    SternAutosaveState   *state,
                                    const SternGame      *game,
                                    const SternGameSetup *setup,
                                    const SternClock     *clock,
                                    GError              **error);
void       stern_autosave_state_clear (SternAutosaveState *state);
/* Applies the journal journal_text to game, read from save_text (the
 * save's text), when it is that save's journal (else leaves game as it
 * is).  A last line without its end (a kill while it was written) is
 * skipped; a damaged line stops there, with error naming it (the lines
 * before it applied). */
gboolean   stern_autosave_apply_journal (const char     *save_text,
                                         const char     *journal_text,
                                         SternGame      *game,
                                         SternGameSetup *setup,
                                         SternClock     *clock,
                                         GError        **error);
/* The saved game if there is one to continue, NULL when there is none
 * (or it has ended).  Removes the temporary files of saves that were cut
 * off by a kill.  A damaged save (cut off, scribbled over, not a regular
 * file) is renamed aside first (current-game.sgr.damaged-YYYYMMDD-HHMMSS),
 * so that nothing overwrites it; damage then says so, for the user
 * (translated, naming the line), and the game returned, if any, holds the
 * moves before the damage.  Reading is synchronous: a save is at most
 * STERN_SAVED_GAME_MAX_SIZE (some 380,000 moves, read in about 0.4 s). */
SternGame *stern_autosave_read     (const char     *data_dir,
                                    SternGameSetup *setup,
                                    SternClock     *clock,
                                    GError        **damage);
void       stern_autosave_delete   (const char *data_dir);

/* One game per data folder: an flock() on current-game.lock beside the
 * autosave, held until as many stern_autosave_unlock() calls (several
 * matches of one process share it).  FALSE with G_IO_ERROR_BUSY when
 * another process holds it (another copy of the game, perhaps in another
 * login on the same home folder), or with another error when the lock
 * file cannot be made (the save then fails on its own, and says so). */
gboolean   stern_autosave_lock     (const char  *data_dir,
                                    GError     **error);
void       stern_autosave_unlock   (const char  *data_dir);

G_END_DECLS
