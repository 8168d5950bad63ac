/* stern-game-over-window.h: the places at the end of a game.
 *
 * A modal window with the result, each player's place (and team), and the
 * buttons Play Again (emits "play-again", then closes), Review Game (emits
 * "review", then closes) and Close.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-compat.h"
#include "stern-game-setup.h"

G_BEGIN_DECLS

#define STERN_TYPE_GAME_OVER_WINDOW (stern_game_over_window_get_type ())
STERN_DECLARE_DIALOG (SternGameOverWindow, stern_game_over_window, STERN, GAME_OVER_WINDOW)

/* Present it with stern_compat_dialog_present(). */
GtkWidget *stern_game_over_window_new (const SternGame      *game,
                                       const SternGameSetup *setup);

/* Says why the game ended in words of the caller's (an online game
 * given up by leaving), instead of the game's own. */
void        stern_game_over_window_set_reason (SternGameOverWindow *self, const char *reason);
/* Shows the human's rating before and after the game. */
void        stern_game_over_window_set_rating (SternGameOverWindow *self,
                                               double before, double after);
/* The rating line shown (the change, or why the game was not rated), or
 * NULL. */
const char *stern_game_over_window_get_rating (SternGameOverWindow *self);
/* The headline shown ("White wins"). */
const char *stern_game_over_window_get_result (SternGameOverWindow *self);
/* As the Play Again button does. */
void        stern_game_over_window_play_again (SternGameOverWindow *self);
/* As the Review Game button does. */
void        stern_game_over_window_review (SternGameOverWindow *self);

G_END_DECLS
