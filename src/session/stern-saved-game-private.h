/* stern-saved-game-private.h: what the saved game's files share inside
 * the session: the saved-game reader's parts the autosave's journal reads
 * its lines with, the journal's format for the autosave, and the lock's
 * question for it.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-autosave.h"

G_BEGIN_DECLS

/* The last line of every file the game writes (stern-saved-game.h). */
#define STERN_SAVED_GAME_END_MARK "; end\n"

/* stern-saved-game.c */
/* A decimal number from 0 to max; FALSE when text is not one. */
gboolean   stern_saved_game_parse_number (const char     *text,
                                          gint64          max,
                                          gint64         *value);
/* The Clock tag's words (reserve, increment, six times left, in ms) into
 * clock and the setup's whole seconds; error names line. */
gboolean   stern_saved_game_parse_clock  (const char     *text,
                                          unsigned        line,
                                          SternGameSetup *setup,
                                          SternClock     *clock,
                                          GError        **error);

/* stern-autosave-journal.c (its format: stern-autosave.h) */
#define STERN_AUTOSAVE_JOURNAL_SUFFIX ".journal"
/* The comment in a save that a journal names: "; journal N". */
#define STERN_AUTOSAVE_JOURNAL_MARK   "; journal "

char      *stern_autosave_journal_path   (const char       *data_dir);
/* The journal's first line, naming the save it follows. */
char      *stern_autosave_journal_header (guint64           generation);
/* The line that takes the game back to keep actions and plays the ones
 * after it, shows the position it is at and sets the clock. */
GString   *stern_autosave_journal_line   (const SternGame  *game,
                                          guint             keep,
                                          const SternClock *clock,
                                          gint64            now_us);
/* The journal file beside the save read from text, applied to game. */
gboolean   stern_autosave_journal_apply_file (const char     *data_dir,
                                              const char     *text,
                                              SternGame      *game,
                                              SternGameSetup *setup,
                                              SternClock     *clock,
                                              GError        **error);

/* stern-autosave-lock.c */
/* Whether another process holds data_dir's lock (this one's own lock, or
 * none, is not another's). */
gboolean   stern_autosave_held_elsewhere (const char *data_dir);

G_END_DECLS
