/* The review in its worker thread (stern-game-review.h): it reports
 * progress and completes with one entry per action; a new game in the
 * match it follows cancels it cleanly, and so does dropping the window's
 * interest half way.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "stern-game-review.h"
#include "stern-notation.h"
#include "session-test-util.h"

/* Generous for a loaded machine and the sanitizers; a hang fails. */
#define WAIT_LIMIT_S 120

static gboolean
timed_out (gpointer data)
{
  g_error ("the review did not end in %d s", WAIT_LIMIT_S);
  return G_SOURCE_REMOVE;
}

static void
wait_until_ended (SternGameReview *review)
{
  guint timeout = g_timeout_add_seconds (WAIT_LIMIT_S, timed_out, NULL);

  while (stern_game_review_is_running (review))
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timeout);
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(guint *) data)++;
}

static void
test_completes (void)
{
  g_autoptr (SternGame) game = session_test_random_game (24, 5);
  g_autoptr (SternGameReview) review = stern_game_review_new (game, STERN_LEVEL_MEDIUM);
  guint progress_notes = 0;
  SternReviewSummary sum;

  g_signal_connect (review, "notify::progress", G_CALLBACK (count_notify), &progress_notes);
  stern_game_review_start (review);
  g_assert_true (stern_game_review_is_running (review));
  wait_until_ended (review);

  g_assert_true (stern_game_review_is_complete (review));
  g_assert_false (stern_game_review_is_cancelled (review));
  g_assert_cmpfloat (stern_game_review_get_progress (review), ==, 1.0);
  g_assert_cmpuint (progress_notes, >=, 1);
  g_assert_cmpuint (stern_game_review_get_n_entries (review), ==, 24);
  for (guint ply = 0; ply < 24; ply++)
    g_assert_cmpuint (stern_game_review_get_entry (review, ply)->ply, ==, ply);
  g_assert_cmpfloat (stern_game_review_get_start (review, STERN_WHITE), >, 20.0);
  stern_game_review_get_summary (review, STERN_WHITE, &sum);
  g_assert_cmpuint (sum.moves, ==, 12);
  /* Random moves: some of them must be mistakes, worst first. */
  {
    guint worst[5], n = stern_game_review_get_worst (review, STERN_WHITE, worst, 5);

    g_assert_cmpuint (n, >=, 1);
    for (guint i = 1; i < n; i++)
      g_assert_cmpfloat (stern_game_review_get_entry (review, worst[i - 1])->loss, >=,
                         stern_game_review_get_entry (review, worst[i])->loss);
  }
}

static void
test_new_game_cancels (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  g_autoptr (SternGame) long_game = session_test_random_game (400, 9);
  g_autoptr (SternGameReview) review = NULL;
  SternGameSetup setup;
  guint reviewed_notes = 0;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  /* Expert on a long game: far from done when the new game comes. */
  review = stern_game_review_new (long_game, STERN_LEVEL_EXPERT);
  stern_game_review_follow_match (review, match);
  g_signal_connect (review, "notify::reviewed", G_CALLBACK (count_notify), &reviewed_notes);
  stern_game_review_start (review);
  while (reviewed_notes == 0)
    g_main_context_iteration (NULL, TRUE);

  stern_match_new_game (match, &setup);
  wait_until_ended (review);
  g_assert_true (stern_game_review_is_cancelled (review));
  g_assert_false (stern_game_review_is_complete (review));
  g_assert_cmpuint (stern_game_review_get_n_entries (review), ==, 0);
  g_assert_cmpfloat (stern_game_review_get_progress (review), <, 1.0);
  /* Late progress reports find the review ended and change nothing. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (stern_game_review_is_cancelled (review));
}

/* The last reference may go in the worker thread (GTask drops its source
 * object where it is finalized): the notification wakes the main context. */
static void
review_gone (gpointer data, GObject *where_the_object_was)
{
  g_atomic_int_set ((gint *) data, 1);
  g_main_context_wakeup (NULL);
}

/* Cancelled and let go at once: the thread ends, nothing leaks (ASan). */
static void
test_cancel_and_drop (void)
{
  g_autoptr (SternGame) game = session_test_random_game (200, 11);
  SternGameReview *review = stern_game_review_new (game, STERN_LEVEL_HARD);
  gint gone = 0;
  guint timeout;

  g_object_weak_ref (G_OBJECT (review), review_gone, &gone);
  stern_game_review_start (review);
  stern_game_review_cancel (review);
  g_object_unref (review);

  timeout = g_timeout_add_seconds (WAIT_LIMIT_S, timed_out, NULL);
  while (!g_atomic_int_get (&gone))
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timeout);
}

/* The cell named name ("f12") on the star. */
static guint
cell (const char *name)
{
  guint c = stern_variant_cell_parse (stern_variant_lookup ("classic-2"), name, strlen (name));

  g_assert_cmpuint (c, !=, STERN_NO_CELL);
  return c;
}

/* Learn From Your Mistakes from a built position (tests/cases/review-blunder.sgr
 * before its planted mistake): white plays l5-l4 back towards home
 * (doc/computer.md, "Review").  The move played is not good enough, the
 * computer's move and one within the margin are, a poor one and an
 * illegal one are not. */
static void
test_exercise (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL;
  g_autoptr (SternGameReview) review = NULL;
  const SternVariant *variant;
  const SternReviewEntry *e;
  SternPosition pos;
  guint plies[4];
  double loss;

  g_assert_true (stern_notation_parse_position ("classic-2 white white:m2,k3,l3,m4,k5,l5,j6,k7,i8,j8 "
                                                "black:g12,h12,j12,e13,f13,g13,i13,e14,e16,f16",
                                                &variant, &pos, &error));
  game = stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos, NULL);
  g_assert_true (stern_game_play (game, cell ("l5"), cell ("l4"), &error));
  g_assert_no_error (error);
  review = stern_game_review_new (game, STERN_LEVEL_MEDIUM);
  stern_game_review_start (review);
  wait_until_ended (review);
  g_assert_true (stern_game_review_is_complete (review));

  /* White's one move is the exercise; black has none. */
  g_assert_cmpuint (stern_game_review_get_exercises (review, 1u << STERN_WHITE, plies, 4), ==, 1);
  g_assert_cmpuint (plies[0], ==, 0);
  g_assert_cmpuint (stern_game_review_get_exercises (review, 1u << STERN_BLACK, plies, 4), ==, 0);
  e = stern_game_review_get_entry (review, 0);
  g_assert_cmpint (e->klass, >=, STERN_REVIEW_MISTAKE);

  g_assert_cmpint (stern_game_review_check_exercise (review, 0, cell ("l5"), cell ("l4"), &loss),
                   ==, STERN_EXERCISE_PLAYED);
  g_assert_cmpfloat (loss, >, STERN_GAME_REVIEW_EXERCISE_MARGIN);
  g_assert_cmpint (stern_game_review_check_exercise (review, 0, e->best[0],
                                                     e->best[e->best_len - 1], &loss),
                   ==, STERN_EXERCISE_RIGHT);
  g_assert_cmpfloat (loss, ==, 0.0);
  /* m4-k8 loses 0.7 moves against the computer's m2-k8, within the
   * margin; i8-i9 loses 1.8 and is a better move than l5-l4's 2.5, but
   * not good enough. */
  g_assert_cmpint (stern_game_review_check_exercise (review, 0, cell ("m4"), cell ("k8"), &loss),
                   ==, STERN_EXERCISE_RIGHT);
  g_assert_cmpfloat (loss, >, 0.0);
  g_assert_cmpfloat (loss, <=, STERN_GAME_REVIEW_EXERCISE_MARGIN);
  g_assert_cmpint (stern_game_review_check_exercise (review, 0, cell ("i8"), cell ("i9"), &loss),
                   ==, STERN_EXERCISE_NOT_ENOUGH);
  g_assert_cmpfloat (loss, >, STERN_GAME_REVIEW_EXERCISE_MARGIN);
  g_assert_cmpfloat (loss, <, e->loss);
  g_assert_cmpint (stern_game_review_check_exercise (review, 0, cell ("m2"), cell ("k3"), &loss),
                   ==, STERN_EXERCISE_ILLEGAL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-review/completes", test_completes);
  g_test_add_func ("/game-review/new-game-cancels", test_new_game_cancels);
  g_test_add_func ("/game-review/cancel-and-drop", test_cancel_and_drop);
  g_test_add_func ("/game-review/exercise", test_exercise);
  return g_test_run ();
}
