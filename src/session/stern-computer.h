/* stern-computer.h: the computer opponent.
 *
 * The engine's search (stern-search.h) runs in a worker thread on a copy
 * of the game's recent part; cancelling stops it at once.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-game.h"
#include "stern-search.h"

G_BEGIN_DECLS

/* "easy", "medium", "hard", "expert"; unknown names give medium. */
const char *stern_computer_level_name (SternLevel level);
SternLevel  stern_computer_level_from_name (const char *name);

/* Told, on the main context that was the thread default when the search
 * began, how far the search has gone (0 to 1; see stern-search.h). */
typedef void (*SternComputerProgressFunc) (GObject *target, double fraction);

/* Chooses a move for the seat on turn of game in a worker thread, which
 * gets a copy of what the search reads (the position and the game's last
 * STERN_SEARCH_LOOKBACK actions), so the caller's cost does not grow with
 * the game and game may change at once.  The same seed gives the same
 * choice.  movetime_ms > 0 limits the thought to that long (a clock); 0
 * uses the level's own.  hurry (may be NULL), once cancelled, stops the
 * search and makes its best move so far the answer ("Move Now").  progress
 * (may be NULL) is called with target, which is kept alive meanwhile,
 * until the answer or the cancelling; never after. */
void     stern_computer_choose_async  (const SternGame     *game,
                                       SternLevel           level,
                                       guint32              seed,
                                       int                  movetime_ms,
                                       GCancellable        *hurry,
                                       GCancellable        *cancellable,
                                       SternComputerProgressFunc progress,
                                       GObject             *target,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data);
/* Returns TRUE and fills move, or FALSE with G_IO_ERROR_CANCELLED when
 * cancelled, or a STERN_ERROR (GAME_OVER, or ILLEGAL: the seat must pass)
 * when the seat has no move. */
gboolean stern_computer_choose_finish (GAsyncResult        *result,
                                       SternMove           *move,
                                       GError             **error);

G_END_DECLS
