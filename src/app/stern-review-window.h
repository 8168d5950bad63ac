/* stern-review-window.h: Review Game: every move weighed by the computer.
 *
 * A dialog (a window of its own before libadwaita 1.5, stern-compat.h):
 * while the review runs, a progress bar (the game
 * window stays in use); then a chart of each player's moves to finish round
 * by round (a line per seat in its colour, on the square boards the tempo
 * number as a dashed second line; click a point to go there), each
 * player's summary and biggest mistakes (click one: the board beside shows
 * the position, the move played and the better move as paths); its
 * Learn From Your Mistakes button opens them as exercises
 * (stern-mistakes-window.h).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "stern-compat.h"
#include "stern-game-review.h"
#include "stern-game-setup.h"

G_BEGIN_DECLS

#define STERN_TYPE_REVIEW_WINDOW (stern_review_window_get_type ())
STERN_DECLARE_DIALOG (SternReviewWindow, stern_review_window, STERN, REVIEW_WINDOW)

/* Reviews game (copied) at level; follows match (may be NULL), whose next
 * game cancels the review.  Present it with stern_compat_dialog_present(). */
GtkWidget       *stern_review_window_new (SternMatch *match, const SternGame *game,
                                          const SternGameSetup *setup, int level);

SternGameReview *stern_review_window_get_review (SternReviewWindow *self);
/* Shows the position before the action at ply, with the move played and
 * the better one; as a click on the chart or the list does. */
void             stern_review_window_select (SternReviewWindow *self, guint ply);
/* The ply shown, or G_MAXUINT. */
guint            stern_review_window_get_selected (SternReviewWindow *self);
/* Learn From Your Mistakes for the people at the table (every seat when
 * all were the computer), as its button does: the window, presented, or
 * NULL while the review runs or when it found no mistake to learn from. */
GtkWidget       *stern_review_window_learn (SternReviewWindow *self);
/* Rows in the list of mistakes (all players). */
guint            stern_review_window_get_n_mistakes (SternReviewWindow *self);

G_END_DECLS
