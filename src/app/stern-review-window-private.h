/* stern-review-window-private.h: what tests read of the review window.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-review-window.h"

G_BEGIN_DECLS

/* The chart's scales drawn at width×height: moves to finish at the top,
 * grid lines above the bottom one, the tempo number at the top (square
 * boards), rounds between numbered ones.  FALSE before any move is
 * reviewed. */
gboolean stern_review_window_chart_axes (SternReviewWindow *self, int width, int height,
                                         double *top, unsigned *lines, double *tempo_top,
                                         unsigned *round_step);

G_END_DECLS
