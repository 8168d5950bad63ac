/* test-fatal.c: why a move eliminates its player (doc/rules.md §4).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stern_game_fatal_reason() from small hand-made positions: the deadline
 * move leaving marbles at home (the moved marble's own ending at home
 * included, shut-in marbles not), a move ending at home after the deadline,
 * and no reason where the move is not fatal.  The reason must agree with the
 * STERN_MOVE_FATAL flags of the legal moves everywhere.
 */

#include <string.h>

#include <glib.h>

#include "stern-game.h"
#include "stern-notation.h"

#include "engine-test-util.h"

static SternFatalReason
reason (SternGame *game, const char *from, const char *to, SternSet *at_home)
{
  /* Garbage in the output, to see that it is always written. */
  *at_home = ~(SternSet) 0;
  return stern_game_fatal_reason (game, engine_test_cell_of (from), engine_test_cell_of (to), at_home);
}

/* The case: 29 moves made, j4 still at home, another marble moves
 * elsewhere.  The moved marble does not end at home: j4 is the reason. */
static void
test_left_at_home (void)
{
  g_autoptr (SternGame) game = engine_test_game_at ("classic-2 white white:j4,j5,i9 black:e17,i12",
                                                    STERN_PRESET_TABLE, 29);
  SternSet at_home;

  g_assert_cmpint (stern_game_moves_to_leave_home (game, STERN_WHITE), ==, 1);
  g_assert_true (stern_game_is_fatal (game, engine_test_cell_of ("j5"), engine_test_cell_of ("i5")));
  g_assert_cmpint (reason (game, "j5", "i5", &at_home), ==, STERN_FATAL_LEFT_AT_HOME);
  engine_test_assert_set_eq (at_home, engine_test_set_of ("j4"));
  /* Moving j4 out is the only way to survive. */
  g_assert_cmpint (reason (game, "j4", "i5", &at_home), ==, STERN_FATAL_NONE);
  engine_test_assert_set_eq (at_home, 0);
}

/* Several marbles left: all of them are named. */
static void
test_left_at_home_several (void)
{
  g_autoptr (SternGame) game = engine_test_game_at ("classic-2 white white:m1,j4,i9 black:e17",
                                                    STERN_PRESET_TABLE, 29);
  SternSet at_home;

  g_assert_cmpint (reason (game, "i9", "i10", &at_home), ==, STERN_FATAL_LEFT_AT_HOME);
  engine_test_assert_set_eq (at_home, engine_test_set_of ("m1,j4"));
  /* Taking one of them out still leaves the other. */
  g_assert_cmpint (reason (game, "j4", "j5", &at_home), ==, STERN_FATAL_LEFT_AT_HOME);
  engine_test_assert_set_eq (at_home, engine_test_set_of ("m1"));
}

/* A shut-in marble does not count (§4), so it is not named. */
static void
test_shut_in_not_named (void)
{
  g_autoptr (SternGame) game = engine_test_game_at ("classic-2 white white:m1,j4,i9 black:l2,m2,k3,m3,e17",
                                                    STERN_PRESET_TABLE, 29);
  g_autoptr (SternGame) only = engine_test_game_at ("classic-2 white white:m1,i9 black:l2,m2,k3,m3,e17",
                                                    STERN_PRESET_TABLE, 29);
  SternSet at_home;

  g_assert_cmpint (reason (game, "i9", "i10", &at_home), ==, STERN_FATAL_LEFT_AT_HOME);
  engine_test_assert_set_eq (at_home, engine_test_set_of ("j4"));
  /* With only the shut-in marble at home, the move is safe. */
  g_assert_cmpint (reason (only, "i9", "i10", &at_home), ==, STERN_FATAL_NONE);
  engine_test_assert_set_eq (at_home, 0);
}

/* On the deadline move a marble moved into home is left there itself. */
static void
test_deadline_move_into_home (void)
{
  g_autoptr (SternGame) game = engine_test_game_at ("classic-2 white white:j5,i9 black:e17",
                                                    STERN_PRESET_TABLE, 29);
  g_autoptr (SternGame) two = engine_test_game_at ("classic-2 white white:j5,m1 black:e17",
                                                   STERN_PRESET_TABLE, 29);
  SternSet at_home;

  g_assert_cmpint (reason (game, "j5", "j4", &at_home), ==, STERN_FATAL_LEFT_AT_HOME);
  engine_test_assert_set_eq (at_home, engine_test_set_of ("j4"));
  g_assert_cmpint (reason (two, "j5", "j4", &at_home), ==, STERN_FATAL_LEFT_AT_HOME);
  engine_test_assert_set_eq (at_home, engine_test_set_of ("m1,j4"));
}

/* After the deadline, ending at home is the reason, and only the moved
 * marble is named. */
static void
test_ends_at_home (void)
{
  g_autoptr (SternGame) game = engine_test_game_at ("classic-2 white white:j5,i9 black:e17",
                                                    STERN_PRESET_TABLE, 30);
  SternSet at_home;

  g_assert_cmpint (stern_game_moves_to_leave_home (game, STERN_WHITE), ==, -1);
  g_assert_cmpint (reason (game, "j5", "j4", &at_home), ==, STERN_FATAL_ENDS_AT_HOME);
  engine_test_assert_set_eq (at_home, engine_test_set_of ("j4"));
  g_assert_cmpint (reason (game, "j5", "k4", &at_home), ==, STERN_FATAL_ENDS_AT_HOME);
  engine_test_assert_set_eq (at_home, engine_test_set_of ("k4"));
  g_assert_cmpint (reason (game, "j5", "k5", &at_home), ==, STERN_FATAL_NONE);
  engine_test_assert_set_eq (at_home, 0);
}

/* No reason where no rule applies: the deadline is not near, there is none
 * (club), the move is illegal, or the game is over. */
static void
test_no_reason (void)
{
  g_autoptr (SternGame) early = engine_test_game_at ("classic-2 white white:j4,j5,i9 black:e17",
                                                     STERN_PRESET_TABLE, 28);
  g_autoptr (SternGame) club = engine_test_game_at ("classic-2 white white:j4,j5,i9 black:e17",
                                                    STERN_PRESET_CLUB, 29);
  g_autoptr (SternGame) over = engine_test_game_at ("classic-2 white white:j4,j5,i9 black:e17",
                                                    STERN_PRESET_TABLE, 29);
  SternSet at_home;

  g_assert_cmpint (reason (early, "j5", "i5", &at_home), ==, STERN_FATAL_NONE);
  engine_test_assert_set_eq (at_home, 0);
  g_assert_cmpint (reason (club, "j5", "i5", &at_home), ==, STERN_FATAL_NONE);
  /* j5 to e17 is no move at all. */
  g_assert_cmpint (reason (over, "j5", "e17", &at_home), ==, STERN_FATAL_NONE);
  engine_test_assert_set_eq (at_home, 0);
  g_assert_true (stern_game_play (over, engine_test_cell_of ("j5"), engine_test_cell_of ("i5"), NULL));
  g_assert_true (stern_game_is_over (over));
  g_assert_cmpint (reason (over, "j4", "i5", &at_home), ==, STERN_FATAL_NONE);
  /* at_home may be left out. */
  g_assert_cmpint (stern_game_fatal_reason (early, engine_test_cell_of ("j5"), engine_test_cell_of ("i5"), NULL),
                   ==, STERN_FATAL_NONE);
}

/* The reason agrees with the engine's fatal flags on every legal move of
 * positions around the deadline, and names only marbles of the mover at
 * home after the move. */
static void
test_agrees_with_flags (void)
{
  static const char * const positions[] = {
    "classic-2 white white:m1,l2,j4,j5,i9,h10 black:e17,f16,i12",
    "classic-2 white white:m1,m2,l3,k4,i6 black:l2,k3,e17",
    "fifteen-2 white white:i5,j5,m1,h9 black:e17,i12",
    "classic-3 white white:m1,j4,i9 blue:f9 yellow:l9",
  };
  static const unsigned made[] = { 25, 29, 30, 31, 39, 40 };
  guint n_left = 0, n_ends = 0;

  for (guint p = 0; p < G_N_ELEMENTS (positions); p++)
    for (guint m = 0; m < G_N_ELEMENTS (made); m++)
      {
        g_autoptr (SternGame) game = engine_test_game_at (positions[p], STERN_PRESET_TABLE, made[m]);
        const SternRules *rules = stern_game_get_rules (game);
        SternMove moves[STERN_MAX_MOVES];
        size_t n = stern_game_legal_moves (game, moves);

        for (size_t i = 0; i < n; i++)
          {
            SternSet at_home;
            SternFatalReason r = stern_game_fatal_reason (game, moves[i].from, moves[i].to,
                                                          &at_home);
            SternSet home_after = (stern_game_get_position (game)->marbles[STERN_WHITE] &
                                   ~stern_set_bit (moves[i].from)) | stern_set_bit (moves[i].to);

            g_assert_cmpint (r != STERN_FATAL_NONE, ==,
                             (moves[i].flags & STERN_MOVE_FATAL) != 0);
            g_assert_true ((r == STERN_FATAL_NONE) == (at_home == 0));
            home_after &= rules->home[STERN_WHITE];
            g_assert_true ((at_home & ~home_after) == 0);
            if (r == STERN_FATAL_ENDS_AT_HOME)
              g_assert_true (at_home == stern_set_bit (moves[i].to));
            n_left += r == STERN_FATAL_LEFT_AT_HOME;
            n_ends += r == STERN_FATAL_ENDS_AT_HOME;
          }
      }
  /* Both reasons were met. */
  g_assert_cmpuint (n_left, >, 0);
  g_assert_cmpuint (n_ends, >, 0);
}

/* Bad input: a critical naming the check, and no reason. */
static void
test_bad_input (void)
{
  SternSet at_home = 1;

  g_test_expect_message ("stern-engine", G_LOG_LEVEL_CRITICAL, "*game != NULL*");
  g_assert_cmpint (stern_game_fatal_reason (NULL, 0, 1, &at_home), ==, STERN_FATAL_NONE);
  g_test_assert_expected_messages ();
  engine_test_assert_set_eq (at_home, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fatal/left-at-home", test_left_at_home);
  g_test_add_func ("/fatal/left-at-home-several", test_left_at_home_several);
  g_test_add_func ("/fatal/shut-in-not-named", test_shut_in_not_named);
  g_test_add_func ("/fatal/deadline-move-into-home", test_deadline_move_into_home);
  g_test_add_func ("/fatal/ends-at-home", test_ends_at_home);
  g_test_add_func ("/fatal/no-reason", test_no_reason);
  g_test_add_func ("/fatal/agrees-with-flags", test_agrees_with_flags);
  g_test_add_func ("/fatal/bad-input", test_bad_input);

  return g_test_run ();
}
