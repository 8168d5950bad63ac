/* stern-window.h: the game window.
 *
 * The window owns the SternGame: it plays the moves the board reports, passes
 * for players without a move, runs the computer for its seats in a worker
 * thread, and keeps the players panel, the move list and the status line up
 * to date.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-application.h"
#include "stern-board-view.h"
#include "stern-game-setup.h"

G_BEGIN_DECLS

#define STERN_TYPE_WINDOW (stern_window_get_type ())
G_DECLARE_FINAL_TYPE (SternWindow, stern_window, STERN, WINDOW, GtkApplicationWindow)

SternWindow *stern_window_new (SternApplication *app);

/* Starts a new game with these players (cancels a thinking computer). */
void         stern_window_new_game (SternWindow *self, const SternGameSetup *setup);
/* Continues a game in progress (takes ownership of game); setup gives who
 * plays each seat, its variant must be the game's. */
void         stern_window_load_game (SternWindow *self, SternGame *game,
                                     const SternGameSetup *setup);

SternGame      *stern_window_get_game  (SternWindow *self);
SternBoardView *stern_window_get_board (SternWindow *self);
const SternGameSetup *stern_window_get_setup (SternWindow *self);

/* For tests. */
const char  *stern_window_get_status (SternWindow *self);
/* The move list as text, one round a line. */
char        *stern_window_get_move_list (SternWindow *self);
gboolean     stern_window_is_thinking (SternWindow *self);
/* The shortest time a computer move takes, so that it can be followed
 * (default 500 ms; tests set 0). */
void         stern_window_set_computer_delay (SternWindow *self, guint msec);
/* The confirmation asked before a fatal move: is it open, and answer it. */
gboolean     stern_window_is_confirming (SternWindow *self);
void         stern_window_answer_confirm (SternWindow *self, gboolean play);
/* The game-over window while it is open, or NULL. */
GtkWindow   *stern_window_get_game_over_window (SternWindow *self);

G_END_DECLS
