/* stern-mistakes-window.h: Learn From Your Mistakes, opened from Review
 * Game: each mistake or blunder of the people at the table, in the game's
 * order, as an exercise on a real board: find a better move than the one
 * played.  The review judges the answer (stern_game_review_check_exercise());
 * a wrong one is said and the board waits for another, a right one (or
 * Show) draws the move played and the best move and says why the move
 * played was a mistake; Next goes to the following one.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "stern-board-view.h"
#include "stern-game-review.h"

G_BEGIN_DECLS

#define STERN_TYPE_MISTAKES_WINDOW (stern_mistakes_window_get_type ())
G_DECLARE_FINAL_TYPE (SternMistakesWindow, stern_mistakes_window, STERN, MISTAKES_WINDOW,
                      AdwWindow)

/* The exercises of review (complete) for the seats in seat_mask (bit s
 * for seat s); NULL when there are none. */
GtkWidget      *stern_mistakes_window_new (GtkWindow *parent, SternGameReview *review,
                                           guint seat_mask);

SternBoardView *stern_mistakes_window_get_board (SternMistakesWindow *self);
/* The ply of the exercise shown. */
guint           stern_mistakes_window_get_ply (SternMistakesWindow *self);
/* What the last answer got ("✓ Right: …", "✗ Not good enough: …"). */
const char     *stern_mistakes_window_get_feedback (SternMistakesWindow *self);
/* Whether the reason and the best move are shown (after a right answer
 * or Show). */
gboolean        stern_mistakes_window_get_explained (SternMistakesWindow *self);

G_END_DECLS
