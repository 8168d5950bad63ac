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

/* Learn From Your Mistakes: each mistake or blunder (doc/computer.md,
 * "Review") of the seats in seat_mask (bit s for seat s) is an exercise:
 * find a better move than the one played, from the position before it.
 * A move counts when it loses at most this many moves against the
 * computer's: less than an inaccuracy, so a move the review itself would
 * call good is never called wrong, and the figures' own unevenness (a
 * few tenths of a move) cannot fail the computer's move's equals. */
#define STERN_GAME_REVIEW_EXERCISE_MARGIN STERN_REVIEW_INACCURACY_FROM

typedef enum {
  STERN_EXERCISE_ILLEGAL,     /* the rules do not allow the move */
  STERN_EXERCISE_PLAYED,      /* the move that was played */
  STERN_EXERCISE_NOT_ENOUGH,  /* loses more than the margin */
  STERN_EXERCISE_RIGHT,       /* within the margin of the computer's move */
} SternExerciseVerdict;

/* The plies of the exercises, in the game's order, at most max of them;
 * returns how many. */
guint    stern_game_review_get_exercises (SternGameReview *self, guint seat_mask, guint *plies,
                                          guint max);
/* Judges the move from → to as an answer to the exercise at ply; loss
 * (nullable) gets what it loses against the computer's move, in moves. */
SternExerciseVerdict stern_game_review_check_exercise (SternGameReview *self, guint ply,
                                                       guint from, guint to, double *loss);

G_END_DECLS
