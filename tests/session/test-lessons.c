/* test-lessons.c: every lesson's right answer passes its check and a wrong
 * one fails it; the paths a lesson says the engine refuses are refused.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "stern-game-review.h"
#include "stern-lessons.h"
#include "stern-notation.h"
#include "stern-review.h"

static void
test_right_and_wrong (void)
{
  g_assert_cmpuint (stern_lessons_count (), >=, 28);
  for (guint i = 0; i < stern_lessons_count (); i++)
    {
      const SternLesson *lesson = stern_lessons_get (i);
      g_autofree char *right = NULL;
      g_autofree char *wrong = NULL;

      g_test_message ("lesson %s", stern_lesson_get_id (lesson));
      g_assert_true (stern_lessons_lookup (stern_lesson_get_id (lesson)) == lesson);
      if (!stern_lesson_check_text (lesson, stern_lesson_get_answer (lesson), &right))
        g_error ("lesson %s: the right answer %s fails: %s", stern_lesson_get_id (lesson),
                 stern_lesson_get_answer (lesson), right);
      g_assert_nonnull (right);
      if (stern_lesson_check_text (lesson, stern_lesson_get_wrong_answer (lesson), &wrong))
        g_error ("lesson %s: the wrong answer %s passes: %s", stern_lesson_get_id (lesson),
                 stern_lesson_get_wrong_answer (lesson), wrong);
      g_assert_nonnull (wrong);
      g_test_message ("right: %s; wrong: %s", right, wrong);
      g_assert_cmpstr (right, !=, wrong);
      g_assert_nonnull (stern_lesson_get_rules_page (lesson));
      g_assert_cmpstr (stern_lesson_get_title (lesson), !=, "");
      g_assert_cmpstr (stern_lesson_get_task (lesson), !=, "");
      g_assert_cmpstr (stern_lesson_get_explanation (lesson), !=, "");
    }
}

/* The wrong answers of the move lessons are legal moves: the predicate, not
 * the engine, refuses them; and an illegal move is never right. */
static void
test_illegal_never_right (void)
{
  for (guint i = 0; i < stern_lessons_count (); i++)
    {
      const SternLesson *lesson = stern_lessons_get (i);
      g_autoptr (SternGame) game = stern_lesson_new_game (lesson);
      g_autofree char *feedback = NULL;
      const SternPosition *pos = stern_game_get_position (game);
      uint8_t path[STERN_MAX_PATH];
      size_t len;
      unsigned empty = STERN_NO_CELL;

      if (stern_lesson_get_answer_kind (lesson) != STERN_LESSON_BY_MOVE)
        continue;
      g_assert_true (stern_notation_parse_path_in (stern_game_get_variant (game),
                                                   stern_lesson_get_wrong_answer (lesson),
                                                   path, &len, NULL));
      g_assert_true (stern_game_is_legal (game, path[0], path[len - 1]));
      /* A marble of the side on turn to an empty hole it cannot reach. */
      for (unsigned c = 0; c < stern_game_get_rules (game)->geometry->n_cells; c++)
        if (pos->cell[c] == STERN_EMPTY &&
            !stern_set_has (stern_movegen_destinations (stern_game_get_rules (game), pos, path[0]), c))
          {
            empty = c;
            break;
          }
      g_assert_cmpuint (empty, !=, STERN_NO_CELL);
      g_assert_false (stern_lesson_check_move (lesson, path[0], empty, &feedback));
      g_assert_nonnull (feedback);
    }
}

static void
test_refused_paths (void)
{
  guint n = 0;

  for (guint i = 0; i < stern_lessons_count (); i++)
    {
      const SternLesson *lesson = stern_lessons_get (i);
      g_autoptr (SternGame) game = stern_lesson_new_game (lesson);
      SternPathCheck reason;
      const char *refused = stern_lesson_get_refused_path (lesson, &reason);
      uint8_t path[STERN_MAX_PATH];
      size_t len;

      if (refused == NULL)
        continue;
      n++;
      g_assert_true (stern_notation_parse_path_in (stern_game_get_variant (game), refused,
                                                   path, &len, NULL));
      g_assert_cmpint (stern_movegen_check_path (stern_game_get_rules (game),
                                                 stern_game_get_position (game),
                                                 stern_game_get_position (game)->to_move,
                                                 path, len, NULL), ==, reason);
      g_assert_false (stern_lesson_check_text (lesson, refused, NULL));
    }
  g_assert_cmpuint (n, >=, 3);
}

/* The ladder's explanation: advancing its middle marble costs the marbles
 * behind it a jump. */
static void
test_ladder_middle_marble (void)
{
  const SternLesson *lesson = stern_lessons_lookup ("ladder");
  const SternVariant *variant;
  SternPosition pos;
  SternRules rules;
  uint8_t path[STERN_MAX_PATH];
  unsigned l2 = stern_board_hole_parse ("l2", 2), l8 = stern_board_hole_parse ("l8", 2);
  unsigned l6 = stern_board_hole_parse ("l6", 2);

  g_assert_true (stern_notation_parse_position (stern_lesson_get_answer (lesson), &variant, &pos, NULL));
  stern_rules_init (&rules, variant, STERN_PRESET_TABLE);
  g_assert_cmpuint (stern_movegen_path (&rules, &pos, stern_board_hole_parse ("l4", 2), l8, path), ==, 3);
  stern_position_move (&pos, stern_board_hole_parse ("l7", 2), l8);
  stern_position_move (&pos, stern_board_hole_parse ("l4", 2), stern_board_hole_parse ("k5", 2));
  g_assert_false (stern_set_has (stern_movegen_destinations (&rules, &pos, l2), l8));
  g_assert_true (stern_set_has (stern_movegen_destinations (&rules, &pos, l2), l6));
}

static void
test_building_limit (void)
{
  const SternLesson *lesson = stern_lessons_lookup ("ladder");
  g_autofree char *feedback = NULL;

  /* Four rungs where three are asked for. */
  g_assert_false (stern_lesson_check_text (lesson, "classic-2 white white:l2,l3,l4,l5,l7,l9,l11 black:e17",
                                           &feedback));
  g_assert_nonnull (strstr (feedback, "3"));
  g_clear_pointer (&feedback, g_free);
  g_assert_false (stern_lesson_check_text (lesson, "classic-2 white white:z99", &feedback));
  g_assert_nonnull (strstr (feedback, "z99"));
}

/* Placing marbles: not on the lesson's own, not past the number asked for. */
static void
test_may_place (void)
{
  const SternLesson *lesson = stern_lessons_lookup ("ladder");
  g_autoptr (SternGame) game = stern_lesson_new_game (lesson);
  SternPosition built = *stern_game_get_position (game);
  static const char * const rungs[] = { "l5", "l7", "l9" };
  g_autofree char *why = NULL;

  g_assert_false (stern_lesson_may_place (lesson, &built, stern_board_hole_parse ("l4", 2), NULL));
  for (guint i = 0; i < G_N_ELEMENTS (rungs); i++)
    {
      unsigned hole = stern_board_hole_parse (rungs[i], 2);

      g_assert_true (stern_lesson_may_place (lesson, &built, hole, NULL));
      stern_position_put (&built, STERN_WHITE, hole);
    }
  g_assert_false (stern_lesson_may_place (lesson, &built, stern_board_hole_parse ("l11", 3), &why));
  g_assert_nonnull (strstr (why, "3"));
  g_assert_true (stern_lesson_check_position (lesson, &built, NULL));
  /* A move lesson takes no marbles. */
  g_assert_false (stern_lesson_may_place (stern_lessons_lookup ("step"), &built,
                                          stern_board_hole_parse ("a13", 3), NULL));
}

/* The list's sections: each group's lessons one after the other (Next
 * walks a section), at least fifteen on strategy and the square boards. */
static void
test_groups (void)
{
  guint count[STERN_LESSON_N_GROUPS] = { 0 };
  SternLessonGroup last = STERN_LESSON_GROUP_RULES;

  for (guint i = 0; i < stern_lessons_count (); i++)
    {
      SternLessonGroup group = stern_lesson_get_group (stern_lessons_get (i));

      g_assert_cmpint (group, >=, last);
      last = group;
      count[group]++;
    }
  g_assert_cmpuint (count[STERN_LESSON_GROUP_RULES], ==, 13);
  g_assert_cmpuint (count[STERN_LESSON_GROUP_SQUARE], >=, 2);
  g_assert_cmpuint (count[STERN_LESSON_GROUP_STRATEGY] + count[STERN_LESSON_GROUP_SQUARE], >=, 15);
}

/* A strategy lesson's answer is as good as the engine's own choice: within
 * the margin of the move the review finds best, on its own search. */
static void
test_strategy_answers_are_best (void)
{
  g_autoptr (SternReviewer) reviewer = stern_reviewer_new (STERN_LEVEL_HARD);

  for (guint i = 0; i < stern_lessons_count (); i++)
    {
      const SternLesson *lesson = stern_lessons_get (i);
      g_autoptr (SternGame) game = NULL;
      SternReviewPath best;
      uint8_t path[STERN_MAX_PATH];
      size_t len;
      double loss;

      if (stern_lesson_get_group (lesson) == STERN_LESSON_GROUP_RULES)
        continue;
      game = stern_lesson_new_game (lesson);
      g_assert_cmpuint (stern_reviewer_best_line (reviewer, game, 1, NULL, &best), ==, 1);
      g_assert_true (stern_notation_parse_path_in (stern_game_get_variant (game),
                                                   stern_lesson_get_answer (lesson), path, &len, NULL));
      loss = stern_reviewer_loss (reviewer, game, path[0], path[len - 1],
                                  best.path[0], best.path[best.len - 1]);
      g_test_message ("lesson %s: the answer loses %.1f against the engine's best",
                      stern_lesson_get_id (lesson), loss);
      g_assert_cmpfloat (loss, <=, STERN_GAME_REVIEW_EXERCISE_MARGIN);
    }
}

/* The stated conditions tell apart moves the engine's count alone lets
 * pass: the long jump that takes the rear marble's bridge away, the jump
 * that leaves three marbles at home with two moves to go. */
static void
test_conditions_beyond_the_count (void)
{
  static const struct {
    const char *lesson;
    const char *move;
    const char *said;   /* a word of the condition's sentence */
  } cases[] = {
    { "bridge", "k7-i9-g11-g13", "k4" },
    { "leave-home-practice", "h9-f11-f13", "3" },
    { "block-pays", "k4-i6-i8", "8" },
    { "six-players", "l4-l6-j8", "1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const SternLesson *lesson = stern_lessons_lookup (cases[i].lesson);
      g_autoptr (SternGame) game = stern_lesson_new_game (lesson);
      g_autoptr (SternReviewer) reviewer = stern_reviewer_new (STERN_LEVEL_HARD);
      g_autofree char *feedback = NULL;
      uint8_t path[STERN_MAX_PATH], answer[STERN_MAX_PATH];
      size_t len, answer_len;

      g_assert_true (stern_notation_parse_path_in (stern_game_get_variant (game), cases[i].move,
                                                   path, &len, NULL));
      g_assert_true (stern_notation_parse_path_in (stern_game_get_variant (game),
                                                   stern_lesson_get_answer (lesson),
                                                   answer, &answer_len, NULL));
      /* Within the margin by the count... */
      g_assert_cmpfloat (stern_reviewer_loss (reviewer, game, path[0], path[len - 1], answer[0],
                                              answer[answer_len - 1]),
                         <=, STERN_GAME_REVIEW_EXERCISE_MARGIN);
      /* ...and still wrong, saying why. */
      g_assert_false (stern_lesson_check_text (lesson, cases[i].move, &feedback));
      g_test_message ("%s %s: %s", cases[i].lesson, cases[i].move, feedback);
      g_assert_nonnull (strstr (feedback, cases[i].said));
    }
}

static void
test_stars (void)
{
  g_assert_cmpuint (stern_lessons_stars (FALSE, FALSE), ==, 3);
  g_assert_cmpuint (stern_lessons_stars (TRUE, FALSE), ==, 2);
  g_assert_cmpuint (stern_lessons_stars (FALSE, TRUE), ==, 1);
  g_assert_cmpuint (stern_lessons_stars (TRUE, TRUE), ==, 1);
}

static void
test_tutorial (void)
{
  const char * const *ids = stern_lessons_tutorial ();
  guint n = 0;

  for (; ids[n] != NULL; n++)
    {
      const SternLesson *lesson = stern_lessons_lookup (ids[n]);

      g_assert_nonnull (lesson);
      g_assert_cmpint (stern_lesson_get_answer_kind (lesson), ==, STERN_LESSON_BY_MOVE);
    }
  g_assert_cmpuint (n, >=, 3);
  g_assert_cmpuint (n, <=, 4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lessons/right-and-wrong", test_right_and_wrong);
  g_test_add_func ("/lessons/illegal-never-right", test_illegal_never_right);
  g_test_add_func ("/lessons/refused-paths", test_refused_paths);
  g_test_add_func ("/lessons/ladder-middle-marble", test_ladder_middle_marble);
  g_test_add_func ("/lessons/building-limit", test_building_limit);
  g_test_add_func ("/lessons/may-place", test_may_place);
  g_test_add_func ("/lessons/tutorial", test_tutorial);
  g_test_add_func ("/lessons/groups", test_groups);
  g_test_add_func ("/lessons/strategy-answers-are-best", test_strategy_answers_are_best);
  g_test_add_func ("/lessons/conditions-beyond-the-count", test_conditions_beyond_the_count);
  g_test_add_func ("/lessons/stars", test_stars);
  return g_test_run ();
}
