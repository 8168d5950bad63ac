/* stern-window-coach.h: the coach in the game window: Review Game
 * (win.review-game) and the analysis board (win.analysis, a toggle).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-analysis.h"
#include "stern-review-window.h"
#include "stern-window.h"

G_BEGIN_DECLS

/* The level a review is made at. */
#define STERN_WINDOW_REVIEW_LEVEL STERN_LEVEL_HARD

void               stern_window_coach_install_actions (GtkWidgetClass *widget_class);
/* The review window last opened (NULL when none is open). */
SternReviewWindow *stern_window_get_review_window (SternWindow *self);
/* The analysis board, once turned on the first time (else NULL). */
SternAnalysis     *stern_window_get_analysis (SternWindow *self);
/* Before a hint, an undo or the analysis board: a rated game becomes
 * unrated (stern_match_use_help), and a toast says so (TRUE). */
gboolean           stern_window_use_help (SternWindow *self);
/* Follows the game for what the coach offers (the actions' states). */
void               stern_window_coach_refresh (SternWindow *self);

G_END_DECLS
