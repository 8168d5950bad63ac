/* stern-window.h: the game window.
 *
 * The window shows a SternMatch (stern-match.h), which plays the game: it
 * hands the moves the board reports to the match, asks before a fatal move,
 * holds the match while the board animates, and shows the players panel,
 * the move list, the status line and the game's questions.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-application.h"
#include "stern-board-view.h"
#include "stern-game-clock.h"
#include "stern-game-setup.h"
#include "stern-match.h"
#include "stern-players-strip.h"

#include "stern-sounds.h"

G_BEGIN_DECLS

#define STERN_TYPE_WINDOW (stern_window_get_type ())
G_DECLARE_FINAL_TYPE (SternWindow, stern_window, STERN, WINDOW, AdwApplicationWindow)

SternWindow *stern_window_new (SternApplication *app);

/* Starts a new game with these players (cancels a thinking computer). */
void         stern_window_new_game (SternWindow *self, const SternGameSetup *setup);
/* Continues a game in progress (takes ownership of game); setup gives who
 * plays each seat, its variant must be the game's.  While the player holds
 * a seat in an online game, asks first (and drops game on Cancel). */
void         stern_window_load_game (SternWindow *self, SternGame *game,
                                     const SternGameSetup *setup);

/* The match the window shows. */
SternMatch     *stern_window_get_match (SternWindow *self);
SternGame      *stern_window_get_game  (SternWindow *self);
SternBoardView *stern_window_get_board (SternWindow *self);
const SternGameSetup *stern_window_get_setup (SternWindow *self);

/* Saving, replay, clock and rating.  The autosave (current-game.sgr) and
 * the ratings (ratings.ini) are kept in dir; NULL (the default, for tests)
 * keeps nothing.  The application sets <user data dir>/sternhalma. */
void         stern_window_set_data_dir (SternWindow *self, const char *dir);
/* If the data dir holds an unfinished game, continues it (a toast offers
 * a new game instead) and returns TRUE.  A damaged save is not loaded. */
gboolean     stern_window_offer_resume (SternWindow *self);
/* On the first start: a question over the window offers the tutorial
 * (app.tutorial) until it is answered ("tutorial-offered").  Returns
 * whether it was offered now. */
gboolean     stern_window_offer_tutorial (SternWindow *self);
/* Writes the game (all of it, with who plays and the clocks) as a record. */
gboolean     stern_window_save_to_file (SternWindow *self, GFile *file, GError **error);
/* Loads a record; on failure shows an error window naming the line and
 * what is wrong, leaves the game as it was and returns FALSE. */
gboolean     stern_window_open_file (SternWindow *self, GFile *file);
/* Shows the position after n_actions, as clicking a move in the list. */
void         stern_window_go_to (SternWindow *self, guint n_actions);
SternGameClock *stern_window_get_clock (SternWindow *self);
/* The player's pause: no clock runs and no move is played. */
void            stern_window_set_paused (SternWindow *self, gboolean paused);
gboolean        stern_window_get_paused (SternWindow *self);
/* The sounds the window plays (stern-sounds.h). */
SternSounds    *stern_window_get_sounds (SternWindow *self);

G_END_DECLS
