/* stern-game-review.h: the review of a game, run in a worker thread.
 *
 * A review takes a copy of a game (its whole history) and weighs every
 * action with the engine's reviewer (stern-review.h) in a GTask thread.
 * While it runs, "progress" (0 to 1) and "reviewed" (actions done) are
 * notified on the main context it was started from; when it ends,
 * "running" turns FALSE and either "complete" turns TRUE (the entries can
 * be read) or "cancelled" does.  Following a match, it cancels itself when
 * the match starts another game.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-match.h"
#include "stern-review.h"

G_BEGIN_DECLS

#define STERN_TYPE_GAME_REVIEW (stern_game_review_get_type ())
G_DECLARE_FINAL_TYPE (SternGameReview, stern_game_review, STERN, GAME_REVIEW, GObject)

/* Reviews game (copied now) at level. */
SternGameReview *stern_game_review_new (const SternGame *game, SternLevel level);

/* Cancels the review when match starts another game (NULL: follow none). */
void     stern_game_review_follow_match (SternGameReview *self, SternMatch *match);

void     stern_game_review_start (SternGameReview *self);
void     stern_game_review_cancel (SternGameReview *self);

gboolean stern_game_review_is_running (SternGameReview *self);
gboolean stern_game_review_is_complete (SternGameReview *self);
gboolean stern_game_review_is_cancelled (SternGameReview *self);
double   stern_game_review_get_progress (SternGameReview *self);

/* The game reviewed (the copy), at its end. */
const SternGame *stern_game_review_get_game (SternGameReview *self);

/* Once complete: one entry per action of the game. */
guint    stern_game_review_get_n_entries (SternGameReview *self);
const SternReviewEntry *stern_game_review_get_entry (SternGameReview *self, guint ply);
void     stern_game_review_get_summary (SternGameReview *self, guint seat,
                                        SternReviewSummary *summary);
/* The seat's moves to finish before its first move (the chart's start). */
double   stern_game_review_get_start (SternGameReview *self, guint seat);
/* The plies of the seat's largest losses, worst first, at most max of them
 * and only moves classed inaccuracy or worse; returns how many. */
guint    stern_game_review_get_worst (SternGameReview *self, guint seat, guint *plies,
                                      guint max);

G_END_DECLS
