/* The blocker suite: under the race preset a player needs all of
 * its own marbles in its goal, so an opponent's marble standing there must
 * be let out.  From every position of stern-blocker.h the computer must
 * finish, and it must never wall such a marble in.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "stern-blocker.h"
#include "stern-eval.h"
#include "stern-notation.h"
#include "stern-search.h"

/* Ten blocker holes times the three cases of free goal holes. */
#define N_CASES         30
/* A blocked game is a short ending; far more actions than this is a deadlock. */
#define MAX_ACTIONS     400

static unsigned
hole (const char *name)
{
  unsigned c = stern_board_hole_parse (name, strlen (name));
  g_assert_cmpuint (c, !=, STERN_NO_CELL);
  return c;
}

/* The walled goal of the issue: white's marble on m2 in black's goal, black's
 * around it on m1, l2, l3 and m3. */
#define WALLED \
  "classic-2 black white:m2,h9,g10,f11,i9,h10,e12,f12,g11,h11 " \
  "black:m1,l2,l3,m3,k3,j4,k4,l4,m4,k5"

static void
test_walled_in (void)
{
  const SternVariant *variant;
  SternPosition pos;
  SternRules rules;
  g_autoptr (GError) error = NULL;

  g_assert_true (stern_notation_parse_position (WALLED, &variant, &pos, &error));
  g_assert_no_error (error);
  stern_rules_init (&rules, variant, STERN_PRESET_RACE);

  g_assert_false (stern_eval_blocker_can_leave (&rules, &pos, hole ("m2"), rules.goal[STERN_BLACK]));
  /* Moving m3 aside opens the way out: m2-m3 is then a step. */
  stern_position_move (&pos, hole ("m3"), hole ("l5"));
  g_assert_true (stern_eval_blocker_can_leave (&rules, &pos, hole ("m2"), rules.goal[STERN_BLACK]));
  /* So does a way out by a jump: m2 over l3 to k4 once k4 is empty. */
  stern_position_move (&pos, hole ("l5"), hole ("m3"));
  stern_position_move (&pos, hole ("k4"), hole ("j5"));
  g_assert_true (stern_eval_blocker_can_leave (&rules, &pos, hole ("m2"), rules.goal[STERN_BLACK]));
}

/* The search lets the marble out of the walled goal within a few moves,
 * the opponent standing still (a greedy opponent with far marbles). */
static void
test_walled_in_released (void)
{
  const SternVariant *variant;
  SternPosition pos;
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL;
  g_autoptr (SternSearch) search = stern_search_new ();
  gboolean released = FALSE;

  g_assert_true (stern_notation_parse_position (WALLED, &variant, &pos, &error));
  game = stern_game_new_from_position (variant, STERN_PRESET_RACE, &pos, NULL);
  for (unsigned i = 0; i < 3 && !released; i++)
    {
      SternMove move;

      g_assert_true (stern_search_choose (search, game, STERN_LEVEL_HARD, i, 0, NULL, &move));
      g_assert_true (stern_game_play (game, move.from, move.to, NULL));
      released = stern_eval_blocker_can_leave (stern_game_get_rules (game),
                                               stern_game_get_position (game), hole ("m2"),
                                               stern_game_get_rules (game)->goal[STERN_BLACK]);
      /* White's greedy reply. */
      g_assert_true (stern_search_choose (search, game, STERN_LEVEL_GREEDY, i, 0, NULL, &move));
      g_assert_true (stern_game_play (game, move.from, move.to, NULL));
    }
  g_assert_true (released);
}

/* Each case holds what stern-blocker.h promises. */
static void
test_positions (void)
{
  const SternVariant *variant = stern_variant_lookup ("classic-2");
  SternRules rules;

  stern_rules_init (&rules, variant, STERN_PRESET_RACE);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat += 3)
    for (unsigned index = 0; index < N_CASES; index++)
      {
        SternPosition pos;
        SternSet walk;
        unsigned opp = stern_seat_opposite (seat);
        SternSet goal = rules.goal[seat];

        g_assert_true (stern_blocker_position (&rules, seat, index, 1, &pos));
        g_assert_cmpuint (pos.to_move, ==, seat);
        g_assert_cmpuint (stern_set_count (pos.marbles[seat]), ==, 10);
        g_assert_cmpuint (stern_set_count (pos.marbles[opp]), ==, 10);
        g_assert_cmpuint (stern_set_count (pos.marbles[opp] & goal), ==, (index / 10) % 3 == 2 ? 2 : 1);
        walk = goal;
        for (unsigned i = 0; i < index % 10; i++)
          stern_set_pop (&walk);
        g_assert_cmpuint (pos.cell[stern_set_first (walk)], ==, opp);
        g_assert_cmpuint (stern_set_count (goal & ~pos.occupied), ==, (index / 10) % 3);
      }
  /* Not for more than two players. */
  stern_rules_init (&rules, stern_variant_lookup ("classic-3"), STERN_PRESET_RACE);
  {
    SternPosition pos;
    g_assert_false (stern_blocker_position (&rules, 0, 0, 1, &pos));
  }
}

/* Plays the case out between level (the blocked seat) and a baseline;
 * the blocked seat must finish, first. */
static void
play_case (SternSearch *search, const SternVariant *variant, unsigned seat, unsigned index,
           SternLevel level, SternLevel baseline)
{
  SternRules rules;
  SternPosition pos;
  g_autoptr (SternGame) game = NULL;

  stern_rules_init (&rules, variant, STERN_PRESET_RACE);
  g_assert_true (stern_blocker_position (&rules, seat, index, index + 1, &pos));
  game = stern_game_new_from_position (variant, STERN_PRESET_RACE, &pos, NULL);
  while (!stern_game_is_over (game) && stern_game_get_n_actions (game) < MAX_ACTIONS)
    {
      unsigned turn = stern_game_get_turn (game);
      SternMove move;

      if (stern_game_must_pass (game))
        {
          g_assert_true (stern_game_pass (game, NULL));
          continue;
        }
      g_assert_true (stern_search_choose (search, game, turn == seat ? level : baseline,
                                          stern_game_get_n_actions (game) * 31 + index, 0,
                                          NULL, &move));
      g_assert_true (stern_game_play (game, move.from, move.to, NULL));
    }
  if (stern_game_get_player_state (game, seat) != STERN_PLAYER_FINISHED)
    {
      g_autofree char *text = stern_notation_format_position (variant, stern_game_get_position (game));
      g_test_message ("%s did not finish case %u as %s: %s", stern_level_name (level), index,
                      stern_seat_colour_name (seat), text);
    }
  g_assert_cmpint (stern_game_get_player_state (game, seat), ==, STERN_PLAYER_FINISHED);
  g_assert_cmpuint (stern_game_get_place (game, seat), ==, 1);
}

static void
test_suite_hard (void)
{
  g_autoptr (SternSearch) search = stern_search_new ();
  const SternVariant *variant = stern_variant_lookup ("classic-2");

  for (unsigned index = 0; index < N_CASES; index++)
    play_case (search, variant, index % 2 ? STERN_BLACK : STERN_WHITE, index,
               STERN_LEVEL_HARD, STERN_LEVEL_GREEDY);
}

static void
test_suite_medium (void)
{
  g_autoptr (SternSearch) search = stern_search_new ();
  const SternVariant *variant = stern_variant_lookup ("classic-2");

  for (unsigned index = 0; index < N_CASES; index++)
    play_case (search, variant, index % 2 ? STERN_WHITE : STERN_BLACK, index,
               STERN_LEVEL_MEDIUM, STERN_LEVEL_GREEDY);
}

/* Long jumps change how a marble gets out; a few cases there too. */
static void
test_suite_long (void)
{
  g_autoptr (SternSearch) search = stern_search_new ();
  const SternVariant *variant = stern_variant_lookup ("long-2");

  for (unsigned index = 0; index < N_CASES; index += 3)
    play_case (search, variant, STERN_WHITE, index, STERN_LEVEL_HARD, STERN_LEVEL_GREEDY);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/blockers/walled-in", test_walled_in);
  g_test_add_func ("/blockers/walled-in-released", test_walled_in_released);
  g_test_add_func ("/blockers/positions", test_positions);
  g_test_add_func ("/blockers/suite-hard", test_suite_hard);
  g_test_add_func ("/blockers/suite-medium", test_suite_medium);
  g_test_add_func ("/blockers/suite-long", test_suite_long);
  return g_test_run ();
}
