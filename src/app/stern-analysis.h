/* stern-analysis.h: the analysis board: an evaluation bar over the board
 * (bigger is better, with a line saying who leads by how much) and the
 * computer's line for the side on turn, drawn on it as numbered paths and
 * written out in notation.
 *
 * Follows a match: while active, every position shown is analysed in a
 * worker thread (each player's moves to finish and the next few plies of
 * the computer's line); a newer position cancels the older analysis.  It
 * only shows: nothing is ever played.  It does not run during a game that
 * is still rated (stern_analysis_is_allowed()).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-board-view.h"
#include "stern-match.h"

G_BEGIN_DECLS

/* Plies of the computer's line drawn. */
#define STERN_ANALYSIS_PLIES 4

#define STERN_TYPE_ANALYSIS (stern_analysis_get_type ())
G_DECLARE_FINAL_TYPE (SternAnalysis, stern_analysis, STERN, ANALYSIS, GObject)

SternAnalysis *stern_analysis_new (SternMatch *match, SternBoardView *board);

/* The evaluation bar and its text, to be put in the window (hidden while
 * inactive). */
GtkWidget     *stern_analysis_get_bar (SternAnalysis *self);

/* FALSE without a game and during a rated game still being played. */
gboolean       stern_analysis_is_allowed (SternAnalysis *self);
/* Turns the analysis on or off; on only when allowed.  "active" notifies. */
void           stern_analysis_set_active (SternAnalysis *self, gboolean active);
gboolean       stern_analysis_get_active (SternAnalysis *self);
/* An analysis of the position shown is done ("analysed" notifies). */
gboolean       stern_analysis_is_analysed (SternAnalysis *self);
/* Once analysed: the seat's moves to finish, and the line's length. */
double         stern_analysis_get_moves_to_finish (SternAnalysis *self, guint seat);
guint          stern_analysis_get_line_length (SternAnalysis *self);

G_END_DECLS
