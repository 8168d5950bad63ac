/* The coach's review (stern-review.h): a planted blunder is the biggest
 * loss with the jump chain as the better move, a game of the computer's
 * own moves has no mistake, the classes follow the thresholds, and the
 * best line and moves to finish on the square boards; each reason a
 * mistake can be given, from a position built for it (doc/computer.md,
 * "Review"), and the accuracy figure.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "engine-test-util.h"
#include "stern-file.h"
#include "stern-notation.h"
#include "stern-review.h"

static SternGame *
read_case (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "cases", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  SternGame *game;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  game = stern_record_read (text, NULL, &error);
  g_assert_no_error (error);
  return game;
}

static void
test_classes (void)
{
  g_assert_cmpint (stern_review_classify (0.0), ==, STERN_REVIEW_BEST);
  g_assert_cmpint (stern_review_classify (STERN_REVIEW_GOOD_FROM), ==, STERN_REVIEW_GOOD);
  g_assert_cmpint (stern_review_classify (STERN_REVIEW_INACCURACY_FROM), ==, STERN_REVIEW_INACCURACY);
  g_assert_cmpint (stern_review_classify (STERN_REVIEW_MISTAKE_FROM), ==, STERN_REVIEW_MISTAKE);
  g_assert_cmpint (stern_review_classify (STERN_REVIEW_BLUNDER_FROM), ==, STERN_REVIEW_BLUNDER);
  g_assert_cmpint (stern_review_classify (40.0), ==, STERN_REVIEW_BLUNDER);
  g_assert_cmpstr (stern_review_class_name (STERN_REVIEW_INACCURACY), ==, "inaccuracy");
}

/* White steps back (l5-l4) in round 8 where the chain l5-j5-j7-j9 was
 * there to play (tests/cases/review-blunder.sgr). */
static void
test_planted_blunder (void)
{
  g_autoptr (SternGame) game = read_case ("review-blunder.sgr");
  g_autoptr (SternReviewer) reviewer = stern_reviewer_new (STERN_LEVEL_HARD);
  guint n = stern_game_get_n_actions (game), worst = G_MAXUINT;
  double worst_loss = -1.0;
  SternReviewEntry entry, planted = { 0 };
  g_autofree char *best = NULL, *played = NULL;

  for (guint ply = 0; ply < n; ply++)
    {
      g_assert_true (stern_reviewer_review_action (reviewer, game, ply, NULL, &entry));
      g_assert_cmpuint (stern_game_get_n_actions (game), ==, n);
      g_assert_cmpfloat (entry.loss, >=, 0.0);
      if (entry.seat == STERN_WHITE && entry.loss > worst_loss)
        worst_loss = entry.loss, worst = ply, planted = entry;
    }
  g_assert_cmpuint (worst, ==, 14);
  played = stern_notation_format_path (planted.played, planted.played_len);
  best = stern_notation_format_path (planted.best, planted.best_len);
  g_assert_cmpstr (played, ==, "l5-l4");
  g_assert_cmpstr (best, ==, "l5-j5-j7-j9");
  g_assert_cmpint (planted.klass, >=, STERN_REVIEW_MISTAKE);
  /* The chain it did not take: three hops. */
  g_assert_cmpstr (stern_review_why_name (planted.why), ==, "missed-jump");
  g_assert_cmpuint (planted.why_figure, ==, 3);
  g_assert_cmpfloat (planted.after, >, planted.before);
}

/* Every move the reviewer's own choice: all best. */
static void
test_best_moves_no_mistake (void)
{
  const char *variants[] = { "classic-2", "classic-3", "halma-8" };

  for (unsigned v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup (variants[v]),
                                                   STERN_PRESET_TABLE);
      g_autoptr (SternSearch) search = stern_search_new ();
      g_autoptr (SternReviewer) reviewer = stern_reviewer_new (STERN_LEVEL_MEDIUM);
      g_autoptr (GArray) entries = g_array_new (FALSE, TRUE, sizeof (SternReviewEntry));
      SternReviewSummary sum;

      for (guint ply = 0; ply < 24 && !stern_game_is_over (game); ply++)
        {
          SternMove move;

          if (!stern_search_choose (search, game, STERN_LEVEL_MEDIUM, stern_review_seed (ply), 0,
                                    NULL, &move))
            g_assert_true (stern_game_pass (game, NULL));
          else
            g_assert_true (stern_game_play (game, move.from, move.to, NULL));
        }
      g_array_set_size (entries, stern_game_get_n_actions (game));
      for (guint ply = 0; ply < entries->len; ply++)
        {
          SternReviewEntry *e = &g_array_index (entries, SternReviewEntry, ply);

          g_assert_true (stern_reviewer_review_action (reviewer, game, ply, NULL, e));
          g_assert_cmpint (e->klass, ==, STERN_REVIEW_BEST);
          g_assert_cmpfloat (e->loss, ==, 0.0);
          g_assert_cmpfloat (e->after, >, 0.0);
          if (v == 2)
            g_assert_cmpuint (e->tempo, >, 0);
        }
      stern_review_summarise ((SternReviewEntry *) (void *) entries->data, entries->len,
                              STERN_WHITE, &sum);
      g_assert_cmpuint (sum.moves, >=, 7);
      g_assert_cmpuint (sum.count[STERN_REVIEW_BEST], ==, sum.moves);
      g_assert_cmpfloat (sum.average_loss, ==, 0.0);
    }
}

static void
test_moves_to_finish_and_line (void)
{
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  g_autoptr (SternReviewer) reviewer = stern_reviewer_new (STERN_LEVEL_MEDIUM);
  SternReviewPath line[4];
  size_t n;
  double white = stern_reviewer_moves_to_finish (reviewer, game, STERN_WHITE);
  double black = stern_reviewer_moves_to_finish (reviewer, game, STERN_BLACK);

  /* The shortest crossing is 27 moves (doc/computer.md); a narrow beam
   * finds a longer one, but not absurdly longer. */
  g_assert_cmpfloat (white, >=, 27.0);
  g_assert_cmpfloat (white, <=, 50.0);
  g_assert_cmpfloat (white, ==, black);

  n = stern_reviewer_best_line (reviewer, game, G_N_ELEMENTS (line), NULL, line);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (line[0].seat, ==, STERN_WHITE);
  g_assert_cmpuint (line[1].seat, ==, STERN_BLACK);
  for (size_t i = 0; i < n; i++)
    g_assert_cmpuint (line[i].len, >=, 2);
  /* The game itself is untouched. */
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);
}

/* The reason the engine finds for played against better in a position of
 * classic-2 with white on turn, white having made made moves. */
static SternReviewWhy
why_in (const char *position, unsigned made, const char *played, const char *better,
        unsigned *figure)
{
  g_autoptr (SternGame) game = engine_test_game_at (position, STERN_PRESET_TABLE, made);
  g_autoptr (SternReviewer) reviewer = stern_reviewer_new (STERN_LEVEL_MEDIUM);
  g_auto (GStrv) p = g_strsplit (played, "-", 2);
  g_auto (GStrv) b = g_strsplit (better, "-", 2);

  return stern_reviewer_why (reviewer, game, engine_test_cell_of (p[0]), engine_test_cell_of (p[1]),
                             engine_test_cell_of (b[0]), engine_test_cell_of (b[1]), figure);
}

/* Each reason from the position built for it; the table of
 * doc/computer.md ("Review") lists the same positions. */
static void
test_why (void)
{
  const struct {
    const char *position;
    unsigned made;
    const char *played, *better;
    SternReviewWhy why;
    unsigned figure;
  } cases[] = {
    /* The deadline move (§4) leaves j4 at home; j4-i5 takes it out. */
    { "classic-2 white white:j4,j5,i9 black:e17,i12", 29, "j5-i5", "j4-i5",
      STERN_REVIEW_WHY_LEAVING_HOME, 0 },
    /* i9 jumps back over i8: two rows back. */
    { "classic-2 white white:i9,i8 black:m9", 0, "i9-i7", "i9-i10",
      STERN_REVIEW_WHY_BACKWARDS, 2 },
    /* j7 is a rung of the chain j4-j6-j8-j10 (over j5, j7, j9). */
    { "classic-2 white white:j4,j5,j7,j9 black:m9", 0, "j7-k7", "j4-j10",
      STERN_REVIEW_WHY_BROKE_LADDER, 3 },
    /* f12 steps while i5-i7-i9 is there to jump. */
    { "classic-2 white white:i5,i6,i8,f12 black:m9", 0, "f12-f13", "i5-i9",
      STERN_REVIEW_WHY_MISSED_JUMP, 2 },
    /* h14 is the goal's entrance row; five holes behind it stay empty. */
    { "classic-2 white white:h13,e15 black:m9", 0, "h13-h14", "e15-e16",
      STERN_REVIEW_WHY_BLOCKED_ENTRANCE, 5 },
    /* The front marble steps on; i5, nine steps from the goal, waits. */
    { "classic-2 white white:i9,i5 black:m9", 0, "i9-i10", "i5-i6",
      STERN_REVIEW_WHY_LEFT_BEHIND, 9 },
    /* Both gain a row; k7-j8 makes j8-h10-g12 (over i9, h11) ready. */
    { "classic-2 white white:i9,h11,k7 black:m9", 0, "k7-k8", "k7-j8",
      STERN_REVIEW_WHY_BUILD_LADDER, 2 },
    /* A step sideways where one forward was there. */
    { "classic-2 white white:i9 black:m9", 0, "i9-j9", "i9-i10",
      STERN_REVIEW_WHY_FEWER_ROWS, 1 },
    /* Both gain a row; only k7-j8 makes j8-h10 (over i9) the next move. */
    { "classic-2 white white:i9,k7 black:m9", 0, "k7-k8", "k7-j8",
      STERN_REVIEW_WHY_NEXT_MOVE, 1 },
    /* The same move: nothing to say. */
    { "classic-2 white white:i9 black:m9", 0, "i9-i10", "i9-i10",
      STERN_REVIEW_WHY_NONE, 0 },
  };

  for (unsigned i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      unsigned figure = 99;
      SternReviewWhy why = why_in (cases[i].position, cases[i].made, cases[i].played,
                                   cases[i].better, &figure);

      g_test_message ("%s: %s instead of %s: %s %u", cases[i].position, cases[i].played,
                      cases[i].better, stern_review_why_name (why), figure);
      g_assert_cmpstr (stern_review_why_name (why), ==, stern_review_why_name (cases[i].why));
      g_assert_cmpuint (figure, ==, cases[i].figure);
    }
  g_assert_cmpstr (stern_review_why_name (STERN_REVIEW_WHY_BROKE_LADDER), ==, "broke-ladder");
}

/* Best moves make 100; a loss of STERN_REVIEW_ACCURACY_HALF halves a
 * move's figure; passes do not count. */
static void
test_accuracy (void)
{
  SternReviewEntry entries[4] = {
    { .seat = STERN_WHITE, .kind = STERN_ACTION_MOVE, .loss = 0.0 },
    { .seat = STERN_BLACK, .kind = STERN_ACTION_MOVE, .loss = 3.0 },
    { .seat = STERN_WHITE, .kind = STERN_ACTION_MOVE, .loss = STERN_REVIEW_ACCURACY_HALF,
      .klass = STERN_REVIEW_INACCURACY },
    { .seat = STERN_WHITE, .kind = STERN_ACTION_PASS, .klass = STERN_REVIEW_FORCED },
  };
  SternReviewSummary sum;

  stern_review_summarise (entries, 1, STERN_WHITE, &sum);
  g_assert_cmpfloat (sum.accuracy, ==, 100.0);
  stern_review_summarise (entries, G_N_ELEMENTS (entries), STERN_WHITE, &sum);
  g_assert_cmpuint (sum.moves, ==, 2);
  g_assert_cmpfloat (sum.accuracy, ==, 75.0);
  stern_review_summarise (entries, G_N_ELEMENTS (entries), STERN_BLACK, &sum);
  g_assert_cmpfloat (sum.accuracy, ==, 12.5);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/review/classes", test_classes);
  g_test_add_func ("/review/planted-blunder", test_planted_blunder);
  g_test_add_func ("/review/best-moves-no-mistake", test_best_moves_no_mistake);
  g_test_add_func ("/review/moves-to-finish-and-line", test_moves_to_finish_and_line);
  g_test_add_func ("/review/why", test_why);
  g_test_add_func ("/review/accuracy", test_accuracy);
  return g_test_run ();
}
