/* test-puzzle-choice.c: the puzzle offered next (stern_puzzle_choose()):
 * the one nearest the player's puzzle rating, solved ones skipped, tried
 * ones last, the kind chosen honoured; on hand-made sets and on
 * data/puzzles.txt.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "stern-ratings.h"

/* Only the id, kind and difficulty matter to the choice. */
static void
set_puzzle (SternPuzzle    *puzzle,
            const char     *id,
            SternPuzzleKind kind,
            unsigned        difficulty)
{
  memset (puzzle, 0, sizeof *puzzle);
  g_strlcpy (puzzle->id, id, sizeof puzzle->id);
  puzzle->kind = kind;
  puzzle->difficulty = difficulty;
}

static void
test_hand_made (void)
{
  SternPuzzle set[6];
  const char *solved_easy[] = { "jump-easy", NULL };
  const char *solved_all[] = { "jump-easy", "jump-hard", "race-mid", "jump-easy-2",
                               "win-easy", "race-hard", NULL };
  const char *tried_easy[] = { "jump-easy", NULL };

  set_puzzle (&set[0], "jump-hard", STERN_PUZZLE_JUMP, 5);
  set_puzzle (&set[1], "race-mid", STERN_PUZZLE_RACE, 3);
  set_puzzle (&set[2], "jump-easy", STERN_PUZZLE_JUMP, 1);
  set_puzzle (&set[3], "jump-easy-2", STERN_PUZZLE_JUMP, 1);
  set_puzzle (&set[4], "win-easy", STERN_PUZZLE_WIN, 1);
  set_puzzle (&set[5], "race-hard", STERN_PUZZLE_RACE, 4);

  /* 800: an easy one, the first in the set of the nearest; 1800: the hardest. */
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS, 800, NULL, NULL,
                                         G_MAXUINT), ==, 2);
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS, 1800, NULL, NULL,
                                         G_MAXUINT), ==, 0);
  /* A new player starts with the easiest. */
  g_assert_cmpuint (set[stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS,
                                             STERN_PUZZLE_RATING_INITIAL, NULL, NULL,
                                             G_MAXUINT)].difficulty, ==, 1);
  /* In the middle: the middle one. */
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS, 1180, NULL, NULL,
                                         G_MAXUINT), ==, 1);
  /* Halfway between two difficulties (975: 1 and 2 at 75): the first in the set. */
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS, 975, NULL, NULL,
                                         G_MAXUINT), ==, 2);

  /* Solved ones are skipped, and so is the one on the board. */
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS, 800, solved_easy, NULL,
                                         G_MAXUINT), ==, 3);
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS, 800, NULL, NULL, 2),
                    ==, 3);
  /* One tried and missed comes after every new one, however far. */
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS, 800, NULL, tried_easy,
                                         3), ==, 4);
  {
    const char *tried_all_but_hard[] = { "race-mid", "jump-easy", "jump-easy-2", "win-easy",
                                         "race-hard", NULL };

    g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS, 800, NULL,
                                           tried_all_but_hard, G_MAXUINT), ==, 0);
    /* All tried: the nearest again. */
    g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS, 800, NULL,
                                           solved_all, G_MAXUINT), ==, 2);
  }

  /* The kind: at 800 the easiest race is the middle one; at 1800 the
   * hardest win is the easy one. */
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_RACE, 800, NULL, NULL,
                                         G_MAXUINT), ==, 1);
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_RACE, 1800, NULL, NULL,
                                         G_MAXUINT), ==, 5);
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_WIN, 1800, NULL, NULL,
                                         G_MAXUINT), ==, 4);
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_JUMP, 800, solved_easy, NULL, 3),
                    ==, 0);

  /* Every one solved: on through the set, of the kind. */
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS, 800, solved_all, NULL,
                                         G_MAXUINT), ==, 0);
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_N_KINDS, 800, solved_all, NULL,
                                         5), ==, 0);
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_RACE, 800, solved_all, NULL, 1),
                    ==, 5);
  g_assert_cmpuint (stern_puzzle_choose (set, 6, STERN_PUZZLE_JUMP, 800, solved_all, NULL, 3),
                    ==, 0);
  /* None of the kind, or none at all. */
  g_assert_cmpuint (stern_puzzle_choose (set, 2, STERN_PUZZLE_WIN, 800, NULL, NULL, G_MAXUINT),
                    ==, G_MAXUINT);
  g_assert_cmpuint (stern_puzzle_choose (NULL, 0, STERN_PUZZLE_N_KINDS, 800, NULL, NULL,
                                         G_MAXUINT), ==, G_MAXUINT);
}

/* The set the window offers: a new player's first puzzles are of
 * difficulty 1, a player rated 1800 gets the hardest there is. */
static void
test_real_set (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "puzzles.txt", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) set = NULL;
  g_autoptr (GPtrArray) solved = g_ptr_array_new ();
  const SternPuzzle *puzzles;
  unsigned hardest[STERN_PUZZLE_N_KINDS] = { 0 };
  guint i;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  set = stern_puzzle_parse_set (text, &error);
  g_assert_no_error (error);
  puzzles = (const SternPuzzle *) (void *) set->data;
  for (i = 0; i < set->len; i++)
    hardest[puzzles[i].kind] = MAX (hardest[puzzles[i].kind], puzzles[i].difficulty);

  i = stern_puzzle_choose (puzzles, set->len, STERN_PUZZLE_N_KINDS, 800, NULL, NULL, G_MAXUINT);
  g_assert_cmpuint (puzzles[i].difficulty, ==, 1);
  g_assert_cmpstr (puzzles[i].id, ==, "jump-001");
  i = stern_puzzle_choose (puzzles, set->len, STERN_PUZZLE_N_KINDS, 1800, NULL, NULL, G_MAXUINT);
  g_assert_cmpuint (puzzles[i].difficulty, ==, STERN_PUZZLE_MAX_DIFFICULTY);
  for (SternPuzzleKind kind = 0; kind < STERN_PUZZLE_N_KINDS; kind++)
    {
      i = stern_puzzle_choose (puzzles, set->len, kind, 800, NULL, NULL, G_MAXUINT);
      g_assert_cmpint (puzzles[i].kind, ==, kind);
      g_assert_cmpuint (puzzles[i].difficulty, ==, 1);
      i = stern_puzzle_choose (puzzles, set->len, kind, 1800, NULL, NULL, G_MAXUINT);
      g_assert_cmpint (puzzles[i].kind, ==, kind);
      g_assert_cmpuint (puzzles[i].difficulty, ==, hardest[kind]);
      g_test_message ("%s: %s at 1800", stern_puzzle_kind_id (kind), puzzles[i].id);
    }

  /* Solved one after the other at a rating held at the start: every
   * puzzle of difficulty 1 in the set's order, then one of 2. */
  for (guint next_easy = 0;; next_easy++)
    {
      while (next_easy < set->len && puzzles[next_easy].difficulty != 1)
        next_easy++;
      if (next_easy == set->len)
        break;
      g_ptr_array_add (solved, NULL);
      i = stern_puzzle_choose (puzzles, set->len, STERN_PUZZLE_N_KINDS,
                               STERN_PUZZLE_RATING_INITIAL, (const char * const *) solved->pdata,
                               NULL, G_MAXUINT);
      g_ptr_array_remove_index (solved, solved->len - 1);
      g_assert_cmpstr (puzzles[i].id, ==, puzzles[next_easy].id);
      g_ptr_array_add (solved, (gpointer) puzzles[i].id);
    }
  g_assert_cmpuint (solved->len, ==, 62);
  g_ptr_array_add (solved, NULL);
  /* Then difficulty 2. */
  i = stern_puzzle_choose (puzzles, set->len, STERN_PUZZLE_N_KINDS, STERN_PUZZLE_RATING_INITIAL,
                           (const char * const *) solved->pdata, NULL, G_MAXUINT);
  g_assert_cmpuint (puzzles[i].difficulty, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/puzzle-choice/hand-made", test_hand_made);
  g_test_add_func ("/puzzle-choice/real-set", test_real_set);
  return g_test_run ();
}
