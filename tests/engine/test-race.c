/* The computer under the race preset (doc/rules.md §8): it races to its
 * goal instead of walling its own marbles in at home, lets a foreign
 * marble out of its goal and finishes, and searches as deep as under the
 * table preset.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "engine-test-util.h"
#include "stern-search.h"

/* Far more actions than a race game takes: a standoff. */
#define MAX_ACTIONS     600

/* From a game against another engine: white (greedy) to move, its m2
 * walled into black's goal, which is full but for l4. */
#define WALLED_M2 \
  "classic-2 white white:m2,i7,i8,h9,i10,j11,h13,i13,h14,g15 " \
  "black:m1,l2,k3,l3,m3,k4,l4,m4,i5,k5"

/* The end of that game as it was played: black shuffled i5-j5 and back
 * there until the repetition, m2 still walled in. */
#define WALLED_M2_LATE \
  "classic-2 black white:m2,e14,f14,h14,e15,f15,g15,e16,f16,e17 " \
  "black:m1,l2,k3,l3,m3,j4,k4,m4,i5,k5"

/* Plays the game out, `level` for `seat` and greedy for the other. */
static void
play_out (SternGame *game, SternSearch *search, unsigned seat, SternLevel level, guint64 seed)
{
  while (!stern_game_is_over (game) && stern_game_get_n_actions (game) < MAX_ACTIONS)
    {
      unsigned turn = stern_game_get_turn (game);
      SternMove move;

      if (stern_game_must_pass (game))
        {
          g_assert_true (stern_game_pass (game, NULL));
          continue;
        }
      g_assert_true (stern_search_choose (search, game,
                                          turn == seat ? level : STERN_LEVEL_GREEDY,
                                          seed * 7919 + stern_game_get_n_actions (game),
                                          0, NULL, &move));
      g_assert_true (stern_game_play (game, move.from, move.to, NULL));
    }
}

static void
report_unfinished (SternGame *game, const char *what)
{
  g_autofree char *text = stern_notation_format_position (stern_game_get_variant (game),
                                                          stern_game_get_position (game));

  g_test_message ("%s: end %d after %u actions in %s", what,
                  (int) stern_game_get_end_reason (game), stern_game_get_n_actions (game), text);
}

/* Black opens a way out for white's m2, walled into its goal, and
 * finishes: Hard and Expert, from the game's position and from its end. */
static void
test_opens_the_way (void)
{
  for (unsigned i = 0; i < 4; i++)
    {
      SternLevel level = i % 2 ? STERN_LEVEL_EXPERT : STERN_LEVEL_HARD;
      g_autoptr (SternGame) game = engine_test_game_at (i < 2 ? WALLED_M2 : WALLED_M2_LATE,
                                                        STERN_PRESET_RACE, 0);
      g_autoptr (SternSearch) search = stern_search_new ();

      play_out (game, search, STERN_BLACK, level, 1);
      if (stern_game_get_place (game, STERN_BLACK) != 1)
        report_unfinished (game, stern_level_name (level));
      g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_FINISHED);
      g_assert_cmpuint (stern_game_get_place (game, STERN_BLACK), ==, 1);
    }
}

/* Hard against greedy from the start: every game finished, Hard first in
 * all but at most one. */
static void
test_hard_against_greedy (void)
{
  const SternVariant *variant = stern_variant_lookup ("classic-2");
  g_autoptr (SternSearch) search = stern_search_new ();
  unsigned games = g_test_thorough () ? 40 : 20, first = 0;

  if (STERN_TEST_SANITIZED)
    {
      g_test_skip ("whole games take too long under the sanitizers");
      return;
    }

  for (unsigned i = 0; i < games; i++)
    {
      g_autoptr (SternGame) game = stern_game_new (variant, STERN_PRESET_RACE);
      unsigned seat = i % 2 ? STERN_BLACK : STERN_WHITE;

      play_out (game, search, seat, STERN_LEVEL_HARD, i + 1);
      if (stern_game_get_end_reason (game) != STERN_END_FINISHED ||
          stern_game_get_place (game, seat) != 1)
        report_unfinished (game, "hard against greedy");
      g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_FINISHED);
      first += stern_game_get_place (game, seat) == 1;
    }
  g_assert_cmpuint (first, >=, games - games / 20);
}

/* The race knowledge costs no depth: on the same positions a race search
 * reaches the depth of a table search with the same node budget. */
static void
test_race_depth (void)
{
  static const char *const positions[] = {
    "classic-2 white white:l2,k3,m3,k4,l4,m4,i5,j5,l5,j6 "
    "black:k5,m5,h6,h7,g8,h9,g10,g11,f12,h14",
    WALLED_M2,
    "classic-2 white white:h7,i7,j7,h8,i8,g9,h9,i9,g10,h10 "
    "black:g11,h11,f12,g12,h12,e13,f13,g13,e14,f14",
  };
  g_autoptr (SternSearch) search = stern_search_new ();

  for (unsigned i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      SternSearchInfo info[2];

      for (unsigned k = 0; k < 2; k++)
        {
          g_autoptr (SternGame) game =
            engine_test_game_at (positions[i], k ? STERN_PRESET_RACE : STERN_PRESET_TABLE, 0);
          SternMove move;

          g_assert_true (stern_search_choose (search, game, STERN_LEVEL_HARD, 1, 0, NULL, &move));
          stern_search_get_info (search, &info[k]);
        }
      g_test_message ("position %u: table depth %u, %" G_GUINT64_FORMAT " nodes; "
                      "race depth %u, %" G_GUINT64_FORMAT " nodes", i,
                      info[0].depth, (guint64) info[0].nodes,
                      info[1].depth, (guint64) info[1].nodes);
      g_assert_cmpuint (info[1].depth + 1, >=, info[0].depth);
      g_assert_cmpuint (info[1].nodes * 10, >=, info[0].nodes * 9);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/race/opens-the-way", test_opens_the_way);
  g_test_add_func ("/race/depth", test_race_depth);
  g_test_add_func ("/race/hard-against-greedy", test_hard_against_greedy);
  return g_test_run ();
}
