/* stern-saved-game.h: games on disk: the engine's record plus what the
 * window needs to go on playing (the autosave of the game in progress is
 * one of them: stern-autosave.h).
 *
 * A saved game is a record (stern_record_write) with these extra tags that
 * the engine's reader skips:
 *
 *   [Seats "human computer:hard"]   who plays each seat, in turn order
 *   [Clock "300000 3000 1200 …"]    reserve and increment, then the time
 *                                    left of each of the six seats (ms)
 *   [Rated "no"]                     help was used: not rated (only then)
 *   [Ply "12"]                       the position shown: actions played
 *
 * The record holds the whole history, undone moves included, so that a
 * game goes on exactly where it stopped.  A last comment line "; end"
 * tells a complete autosave from one cut off by outside damage.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-clock.h"
#include "stern-file.h"
#include "stern-game-setup.h"

G_BEGIN_DECLS

/* Files larger than this are not game records (the engine's cap): never
 * written (stern_saved_game_check_size()), and opened only when asked to
 * (stern_saved_game_load_text_any_size()), up to the larger cap. */
#define STERN_SAVED_GAME_MAX_SIZE STERN_RECORD_MAX_BYTES
#define STERN_SAVED_GAME_MAX_SIZE_ANYWAY (256u * 1024u * 1024u)

/* FALSE with error (G_IO_ERROR_MESSAGE_TOO_LARGE, translated, saying how
 * big) when text is larger than a reader takes back. */
gboolean   stern_saved_game_check_size (const char *text,
                                        GError    **error);
/* As stern_saved_game_load_text_with_warnings(), up to
 * STERN_SAVED_GAME_MAX_SIZE_ANYWAY: for a file the user chose to open
 * although it is too big. */
char      *stern_saved_game_load_text_any_size (GFile     *file,
                                                GPtrArray *warnings,
                                                GError   **error);

/* The text of a saved game.  clock may be NULL (no clock); its running
 * time is charged up to now_us. */
char      *stern_saved_game_write (const SternGame     *game,
                                   const SternGameSetup *setup,
                                   const SternClock     *clock,
                                   gint64                now_us);
/* Reads a saved game or any game record.  Without a Seats tag every seat
 * is human; without a Clock tag the clock is off.  The game is at the
 * position of the Ply tag (else at its end); clock is not running.  On
 * error (STERN_ERROR, the message names the line) returns NULL. */
SternGame *stern_saved_game_read  (const char     *text,
                                   SternGameSetup *setup,
                                   SternClock     *clock,
                                   GError        **error);
/* The same, adding to warnings (a GPtrArray of newly allocated strings,
 * or NULL) what the record gets wrong without losing moves, each starting
 * "line N: " (stern_record_read_with_warnings()); a Ply tag past the
 * record's moves (a record cut short) is one, and the game is at its end. */
SternGame *stern_saved_game_read_with_warnings (const char     *text,
                                                SternGameSetup *setup,
                                                SternClock     *clock,
                                                GPtrArray      *warnings,
                                                GError        **error);
/* Reads a file as text for stern_saved_game_read (stern_record_decode():
 * any line ends, a byte-order mark skipped, Latin-1 read with a warning
 * added to warnings, which may be NULL): refuses what is too big, empty,
 * UTF-16 or has NUL bytes, with a message for the user. */
char      *stern_saved_game_load_text (GFile     *file,
                                       GError   **error);
char      *stern_saved_game_load_text_with_warnings (GFile     *file,
                                                     GPtrArray *warnings,
                                                     GError   **error);

G_END_DECLS
