/* The computer on the square boards (doc/rules.md §9): what it must know
 * of the forced end, each from a small position taken from or built like
 * the Hard-against-Hard games that went wrong.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-search-square"

#include <string.h>

#include <glib.h>

#include "engine-test-util.h"
#include "stern-eval-square.h"
#include "stern-movegen.h"
#include "stern-notation.h"
#include "stern-search.h"

#define SEED 7

/* The levels that must know the forced end. */
static const SternLevel strong_levels[] = { STERN_LEVEL_HARD, STERN_LEVEL_EXPERT };

#define game_at engine_test_game_made
#define play    engine_test_play

static unsigned
cell_of (const SternGame *game, const char *name)
{
  const SternVariant *v = stern_game_get_variant (game);
  unsigned cell = stern_variant_cell_parse (v, name, strlen (name));

  if (cell == STERN_NO_CELL)
    g_error ("the test names no cell of %s: \"%s\"", v->id, name);
  return cell;
}

static SternMove
choose (SternSearch *search, const SternGame *game, SternLevel level)
{
  SternMove move;

  g_assert_true (stern_search_choose (search, game, level, SEED, 0, NULL, &move));
  return move;
}

static void
play_choice (SternSearch *search, SternGame *game, SternLevel level)
{
  SternMove move = choose (search, game, level);
  g_autoptr (GError) error = NULL;

  g_assert_true (stern_game_play (game, move.from, move.to, &error));
  g_assert_no_error (error);
}

/* Two moves before the leaving-home check white still has b2 at home, two
 * steps from the camp's edge, and a long jump to make elsewhere: the
 * computer must spend both moves getting b2 out, whatever black does. */
static void
test_leaves_home_in_time (void)
{
  for (guint l = 0; l < G_N_ELEMENTS (strong_levels); l++)
    {
      g_autoptr (SternSearch) search = stern_search_new ();
      g_autoptr (SternGame) game =
        game_at ("ugolki white white:b2,a4,f6 black:a5,a7,h5,c6", 38);

      while (!stern_game_is_over (game) && stern_game_get_moves_made (game, STERN_BLACK) < 40)
        play_choice (search, game, strong_levels[l]);
      g_test_message ("%s: white %s", stern_level_name (strong_levels[l]),
                      stern_game_is_over (game) ? "game over" : "in play");
      g_assert_false (stern_game_is_over (game) &&
                      stern_game_get_end_reason (game) == STERN_END_HOME_CHECK &&
                      stern_game_get_place (game, STERN_WHITE) != 1);
      g_assert_cmpuint (stern_set_count (stern_game_get_position (game)->marbles[STERN_WHITE] &
                                         stern_game_get_rules (game)->home[STERN_WHITE]), ==, 0);
    }
}

/* A Hard-against-Hard game of ugolki once shuffled b5-b3-b1-d1-d3 and back
 * (black d4-c4 and back) from move 46 to the tempo check at 80.  With the
 * shuffle played once, white, behind on the tempo number, must not start
 * it again: a standoff is decided by the tempo check, which white loses. */
static void
test_breaks_standoff (void)
{
  g_autoptr (SternSearch) search = stern_search_new ();
  g_autoptr (SternGame) game =
    game_at ("ugolki white white:b5,c5,e5,g5,h6,c7,g7,h7,d8,e8,g8,h8 "
             "black:a1,c1,f1,a2,b2,c2,d2,b4,d4,a5,d5,a7", 45);
  SternMove move;

  g_assert_cmpuint (stern_game_get_tempo (game, STERN_WHITE), >,
                    stern_game_get_tempo (game, STERN_BLACK));
  play (game, "b5-b3-b1-d1-d3");
  play (game, "d4-c4");
  play (game, "d3-d1-b1-b3-b5");
  play (game, "c4-d4");

  move = choose (search, game, STERN_LEVEL_HARD);
  g_assert_false (move.from == cell_of (game, "b5") && move.to == cell_of (game, "d3"));
}

/* After the leaving-home check a stone may go back into its own camp, but
 * there it only blocks the opponent's goal.  In a Hard-against-Hard game of
 * ugolki black, behind, played d6-e6 here at move 41 and kept a stone in
 * white's goal until the tempo check ended the game at move 80.  It must
 * bring its stones home instead. */
static void
test_no_return_home (void)
{
  g_autoptr (SternSearch) search = stern_search_new ();
  g_autoptr (SternGame) game =
    game_at ("ugolki black white:g2,f3,h4,b6,g6,d7,e7,g7,h7,e8,g8,h8 "
             "black:a1,b1,c1,d1,a2,c2,f2,d3,d4,b5,d6,d8", 40);
  const SternSet camp = stern_game_get_rules (game)->home[STERN_BLACK];
  SternMove move = choose (search, game, STERN_LEVEL_HARD);

  g_assert_false (stern_set_has (camp, move.to));
}

/* Four players: a stone of a seat whose home is not our goal can stay in
 * our goal for good.  In a game of halma-10-4+orth red walled black's a10
 * in (red on a9, b10, a8 and c10) and needed forty moves to finish; a
 * greedy player came first.  Here c6-c8-c10 would gain the most and
 * close the wall; red, Hard or Expert, must leave the stone a way out. */
static void
test_no_wall_around_visitor (void)
{
  for (guint l = 0; l < G_N_ELEMENTS (strong_levels); l++)
    {
      g_autoptr (SternSearch) search = stern_search_new ();
      g_autoptr (SternGame) game =
        game_at ("halma-10-4+orth red white:f3 red:a8,a9,b10,c9,c6,d6,c5 "
                 "black:a10,c7 yellow:h3", 70);
      SternPosition after = *stern_game_get_position (game);
      SternMove move = choose (search, game, strong_levels[l]);

      stern_position_move (&after, move.from, move.to);
      g_test_message ("%s: red %s", stern_level_name (strong_levels[l]),
                      move.from == cell_of (game, "c6") && move.to == cell_of (game, "c10") ?
                      "closed the wall" : "left a way out");
      g_assert_true (stern_movegen_destinations (stern_game_get_rules (game), &after,
                                                 cell_of (game, "a10")) != 0);
    }
}

/* The other way round: yellow's j9, walled in inside white's goal by
 * white's stones (j8, i9, j10, with j7 and h9 behind), can never reach
 * yellow's goal; a Hard yellow once counted only the harm to white and
 * kept its stone there.  It must cost yellow itself, against the same
 * position with h9 moved to h7, which opens the jump out. */
static void
test_own_stone_walled_in_costs (void)
{
  static const char *const walled =
    "halma-10-4+orth yellow white:j5,i6,j6,j7,h8,i8,j8,g9,h9,i9,f10,g10,h10,i10,j10 "
    "red:a4,a5,b5,a6,a7,a8,f8,a9,b9,c9,e9,a10,b10,c10,d10 "
    "black:a1,b1,c1,d1,a2,b2,d2,b3,b4,b6,d6,g6,b7,d7,b8 "
    "yellow:e1,f1,g1,h1,i1,j1,g2,h2,i2,j2,i3,i4,j4,i5,j9";
  g_autoptr (SternGame) game = game_at (walled, 60);
  const SternRules *rules = stern_game_get_rules (game);
  g_autofree SternEval *eval = g_new0 (SternEval, 1);
  SternPosition open = *stern_game_get_position (game);
  int walled_cost, open_cost;

  stern_eval_init (eval, rules);
  stern_position_move (&open, cell_of (game, "h9"), cell_of (game, "h7"));
  g_assert_true (stern_movegen_destinations (rules, &open, cell_of (game, "j9")) != 0);
  g_assert_true (stern_movegen_destinations (rules, stern_game_get_position (game),
                                             cell_of (game, "j9")) == 0);
  walled_cost = stern_eval_square_trapped_cost (eval, stern_game_get_position (game), STERN_YELLOW);
  open_cost = stern_eval_square_trapped_cost (eval, &open, STERN_YELLOW);
  g_test_message ("yellow's cost: walled in %d, with a way out %d", walled_cost, open_cost);
  g_assert_cmpint (walled_cost, >=, open_cost + 20 * STERN_EVAL_ROW);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/search-square/leaves-home-in-time", test_leaves_home_in_time);
  g_test_add_func ("/search-square/breaks-standoff", test_breaks_standoff);
  g_test_add_func ("/search-square/no-return-home", test_no_return_home);
  g_test_add_func ("/search-square/no-wall-around-visitor", test_no_wall_around_visitor);
  g_test_add_func ("/search-square/own-stone-walled-in-costs", test_own_stone_walled_in_costs);
  return g_test_run ();
}
