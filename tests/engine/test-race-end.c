/* Race endings (doc/computer.md, "Race endings"): the test that a seat's
 * marbles are past the others' for good, the exact solver of its own
 * crossing against an independent breadth-first count, and Hard and
 * Expert playing on a shortest plan.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "engine-test-util.h"
#include "stern-eval.h"
#include "stern-race-end.h"
#include "stern-search.h"

/* White past black for good, from a few moves to finish to a dozen. */
static const char *const disengaged[] = {
  /* three moves: a few marbles near the goal */
  "classic-2 white white:e17,e16,f16,e15,f15,g15,e14,h13,g13,f12 "
  "black:i5,j5,k5,h6,i6,j6,h7,i7,j7,i8",
  "classic-2 white white:e17,e16,f16,e15,f15,g15,e14,f14,g12,h12 "
  "black:i5,j5,k5,h6,i6,j6,h7,i7,j7,i8",
  "classic-2 white white:e17,e16,f16,e15,f15,g15,f13,g13,h12,g11 "
  "black:i5,j5,k5,h6,i6,j6,h7,i7,j7,i8",
  "classic-2 white white:e17,e16,f16,e15,f14,g13,h12,g12,h11,g10 "
  "black:i5,j5,k5,h6,i6,j6,k6,h7,i7,j7",
  "classic-2 white white:e17,f16,e15,g14,f13,h12,g12,h11,g10,i10 "
  "black:m1,l2,j5,k5,h6,i6,j6,k6,h7,i7",
  "classic-2 white white:e17,e16,e15,f14,g13,h12,g12,h11,g10,i10 "
  "black:m1,l2,j5,k5,h6,i6,j6,k6,h7,i7",
};

/* Positions the breadth-first count can take: few moves to go. */
#define SMALL_CASES 3

/* A contact is still possible in each. */
static const char *const engaged[] = {
  /* white's rear two rows ahead of black's front: a step brings them together */
  "classic-2 white white:e17,e16,f16,e15,f15,g15,f13,g13,h12,g10 "
  "black:i5,j5,k5,h6,i6,j6,h7,i7,j7,i8",
  /* side by side in the middle */
  "classic-2 white white:e17,e16,f16,e15,f15,g15,f13,g13,h12,i9 "
  "black:i5,j5,k5,h6,i6,j6,h7,i7,j7,h9",
  /* a black marble left behind in white's goal */
  "classic-2 white white:e16,f16,e15,f15,g15,f13,g13,h12,g11,h11 "
  "black:e17,j5,k5,h6,i6,j6,h7,i7,j7,i8",
  /* the start */
  "classic-2 white white:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 "
  "black:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17",
};

static SternSeatMask
others_playing (const SternGame *game, unsigned seat)
{
  const SternVariant *v = stern_game_get_variant (game);
  SternSeatMask mask = 0;

  for (unsigned i = 0; i < v->n_players; i++)
    if (v->seats[i] != seat)
      mask |= 1u << v->seats[i];
  return mask;
}

static void
test_disengaged (void)
{
  g_autoptr (SternRaceEnd) solver = stern_race_end_new ();

  for (unsigned i = 0; i < G_N_ELEMENTS (disengaged); i++)
    {
      g_autoptr (SternGame) game = engine_test_game_at (disengaged[i], STERN_PRESET_TABLE, 40);
      unsigned white = stern_game_get_turn (game);

      g_test_message ("disengaged: %s", disengaged[i]);
      g_assert_true (stern_race_end_disengaged (stern_game_get_rules (game),
                                                stern_game_get_position (game), white,
                                                others_playing (game, white)));
    }
  for (unsigned i = 0; i < G_N_ELEMENTS (engaged); i++)
    {
      g_autoptr (SternGame) game = engine_test_game_at (engaged[i], STERN_PRESET_TABLE, 40);
      unsigned white = stern_game_get_turn (game);

      g_test_message ("engaged: %s", engaged[i]);
      g_assert_false (stern_race_end_disengaged (stern_game_get_rules (game),
                                                 stern_game_get_position (game), white,
                                                 others_playing (game, white)));
      /* Nor does the solver take it for a solo crossing. */
      g_assert_cmpint (stern_race_end_solve (solver, stern_game_get_rules (game),
                                             stern_game_get_position (game), white,
                                             others_playing (game, white), 200000, NULL), ==, -1);
    }
  {
    /* Four players, red and yellow no longer playing: their marbles stay,
     * and one behind the line could carry a chain of white's back to
     * black's marbles. */
    static const char *const four[] = {
      "classic-4 white white:e17,e16,f16,e15,f15,g15,f13,g13,h12,g11 "
      "black:i5,j5,k5,h6,i6,j6,h7,i7,j7,i8 red:k12,l12 yellow:c12",
      "classic-4 white white:e17,e16,f16,e15,f15,g15,f13,g13,h12,g11 "
      "black:i5,j5,k5,h6,i6,j6,h7,i7,j7,i8 red:k12,l10 yellow:c12",
    };

    for (unsigned i = 0; i < G_N_ELEMENTS (four); i++)
      {
        g_autoptr (SternGame) game = engine_test_game_at (four[i], STERN_PRESET_TABLE, 40);
        unsigned white = stern_game_get_turn (game);
        SternSeatMask black_only = 1u << stern_seat_opposite (white);

        g_test_message ("%s", four[i]);
        g_assert_true (stern_race_end_disengaged (stern_game_get_rules (game),
                                                  stern_game_get_position (game), white,
                                                  black_only) == (i == 0));
        g_assert_cmpint (stern_race_end_solve (solver, stern_game_get_rules (game),
                                               stern_game_get_position (game), white,
                                               black_only, 200000, NULL), ==, i == 0 ? 5 : -1);
      }
  }
  {
    /* With long jumps a hurdle may stand anywhere on a line. */
    g_autoptr (SternGame) game = engine_test_game_at (
        "long-2 white white:e17,e16,f16,e15,f15,g15,f13,g13,h12,g11 "
        "black:i5,j5,k5,h6,i6,j6,h7,i7,j7,i8", STERN_PRESET_TABLE, 40);
    unsigned white = stern_game_get_turn (game);

    g_assert_false (stern_race_end_disengaged (stern_game_get_rules (game),
                                               stern_game_get_position (game), white,
                                               others_playing (game, white)));
  }
}

/* The fewest moves for seat's marbles alone (the others taken off the
 * board) by breadth-first search over the rules' own moves. */
static int
bfs_moves_among (const SternRules *rules, const SternPosition *start, unsigned seat, int max,
                 gboolean others_stay)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GArray) layer = g_array_new (FALSE, FALSE, sizeof (SternPosition));
  g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);
  SternPosition pos = *start;

  for (unsigned other = 0; other < STERN_N_SEATS; other++)
    if (other != seat && !others_stay)
      stern_position_remove_seat (&pos, other);
  g_array_append_val (layer, pos);
  for (int depth = 0; depth <= max; depth++)
    {
      g_autoptr (GArray) next = g_array_new (FALSE, FALSE, sizeof (SternPosition));

      for (guint i = 0; i < layer->len; i++)
        {
          SternPosition *p = &g_array_index (layer, SternPosition, i);
          size_t n;

          if (stern_eval_seat_finished (rules, p, seat))
            return depth;
          n = stern_movegen_generate (rules, p, seat, moves);
          for (size_t k = 0; k < n; k++)
            {
              SternPosition child = *p;
              gint64 *key = g_new (gint64, 1);

              stern_position_move (&child, moves[k].from, moves[k].to);
              *key = (gint64) child.hash;
              if (!g_hash_table_add (seen, key))
                continue;
              g_array_append_val (next, child);
            }
        }
      g_array_set_size (layer, 0);
      g_array_append_vals (layer, next->data, next->len);
    }
  return -1;
}

static int
bfs_moves (const SternRules *rules, const SternPosition *start, unsigned seat, int max)
{
  return bfs_moves_among (rules, start, seat, max, FALSE);
}

static void
test_solver_agrees_with_bfs (void)
{
  g_autoptr (SternRaceEnd) solver = stern_race_end_new ();

  for (unsigned i = 0; i < SMALL_CASES; i++)
    {
      g_autoptr (SternGame) game = engine_test_game_at (disengaged[i], STERN_PRESET_TABLE, 40);
      const SternRules *rules = stern_game_get_rules (game);
      unsigned white = stern_game_get_turn (game);
      SternMove plan[STERN_RACE_END_MAX_MOVES];
      int proved, counted;

      proved = stern_race_end_solve (solver, rules, stern_game_get_position (game), white,
                                     others_playing (game, white), 200000, plan);
      g_test_message ("%s: proved %d in %" G_GUINT64_FORMAT " nodes", disengaged[i], proved,
                      stern_race_end_get_nodes (solver));
      g_assert_cmpint (proved, >, 0);
      counted = bfs_moves (rules, stern_game_get_position (game), white, proved);
      g_assert_cmpint (counted, ==, proved);

      /* The plan is legal for white alone and finishes in that many moves. */
      {
        SternPosition pos = *stern_game_get_position (game);

        stern_position_remove_seat (&pos, stern_seat_opposite (white));
        for (int k = 0; k < proved; k++)
          {
            g_assert_false (stern_eval_seat_finished (rules, &pos, white));
            g_assert_true (stern_set_has (stern_movegen_destinations (rules, &pos, plan[k].from),
                                          plan[k].to));
            stern_position_move (&pos, plan[k].from, plan[k].to);
          }
        g_assert_true (stern_eval_seat_finished (rules, &pos, white));
      }
    }
}

/* Hard and Expert play white against greedy black from each position:
 * every move of white's is on a proved plan, the proof after it one move
 * shorter, and white finishes in the number of moves first proved. */
static void
test_keeps_the_count (void)
{
  g_autoptr (SternSearch) search = stern_search_new ();
  g_autoptr (SternRaceEnd) solver = stern_race_end_new ();

  for (SternLevel level = STERN_LEVEL_HARD; level <= STERN_LEVEL_EXPERT; level++)
    for (unsigned i = 0; i < G_N_ELEMENTS (disengaged); i++)
      {
        g_autoptr (SternGame) game = engine_test_game_at (disengaged[i], STERN_PRESET_TABLE, 40);
        unsigned white = stern_game_get_turn (game);
        int first = -1, made = 0;

        while (!stern_game_is_over (game) && made < STERN_RACE_END_MAX_MOVES)
          {
            SternSearchInfo info;
            SternMove move;
            int after;

            if (stern_game_get_turn (game) != white)
              {
                if (stern_game_must_pass (game))
                  g_assert_true (stern_game_pass (game, NULL));
                else
                  {
                    g_assert_true (stern_search_choose (search, game, STERN_LEVEL_GREEDY, 1, 0,
                                                        NULL, &move));
                    g_assert_true (stern_game_play (game, move.from, move.to, NULL));
                  }
                continue;
              }
            g_assert_true (stern_search_choose (search, game, level, 1, 0, NULL, &move));
            stern_search_get_info (search, &info);
            g_assert_cmpuint (info.proved_moves, >, 0);
            if (first < 0)
              {
                first = (int) info.proved_moves;
                g_test_message ("%s %s: %d moves, %" G_GUINT64_FORMAT " nodes",
                                stern_level_name (level), disengaged[i], first, info.nodes);
              }
            g_assert_cmpint ((int) info.proved_moves, ==, first - made);
            g_assert_true (stern_game_play (game, move.from, move.to, NULL));
            made++;
            after = stern_race_end_solve (solver, stern_game_get_rules (game),
                                          stern_game_get_position (game), white,
                                          others_playing (game, white), 200000, NULL);
            g_assert_cmpint (after, ==, first - made);
            if (after == 0)
              break;
          }
        g_assert_cmpint (made, ==, first);
        g_assert_true (stern_eval_seat_finished (stern_game_get_rules (game),
                                                 stern_game_get_position (game), white));
      }
}

/* Three players near the end: yellow's last marbles and the others'
 * marbles passing nearby, which the standing plan keeps on the board. */
static const char *const near_finish[] = {
  /* a white marble on h6 is a hurdle for yellow's j5 */
  "classic-3 yellow white:m4,h6,e13,e14,g14,e15,f15,g15,e16,f16 "
  "blue:n5,p5,q5,l6,o6,p6,n7,n8,k9,l9 yellow:e5,f5,g5,j5,f6,f7,e8,g8,h8,i8",
  "classic-3 yellow white:j5,g10,e13,f14,h14,e15,f15,g15,e16,f16 "
  "blue:o5,p5,m6,o6,p6,o7,m8,n8,j9,m9 yellow:h5,i5,e6,f6,g6,e7,f7,e8,h7,g9",
  "classic-3 yellow white:i9,g11,e14,f14,h14,e15,f15,g15,e16,f16 "
  "blue:o5,p5,q5,n6,o6,p6,n7,m8,n8,m9 yellow:e5,g5,h5,e6,f6,j6,e8,f8,f9,e10",
  /* from games against an outside engine, where the tree search alone
   * played i6-i5 and h6-i6: neither brings the finish a move nearer */
  "classic-3 yellow white:i10,g11,e14,f14,h14,e15,f15,g15,e16,f16 "
  "blue:o5,p5,q5,n6,o6,p6,n7,o7,m8,n8 yellow:e5,g5,h5,e6,f6,i6,e8,f8,f9,e10",
  "classic-3 yellow white:j5,i7,h11,j11,j12,e13,e15,g15,e16,f16 "
  "blue:l4,o5,n6,o6,l8,m8,n8,i9,m9,g12 yellow:e5,f5,h5,e6,f6,g6,h6,e7,f8,e10",
};

/* Few enough moves to go for the breadth-first count among the others'
 * marbles. */
static const char *const near_finish_small[] = {
  "classic-3 yellow white:h6,g10,e13,f14,h14,e15,f15,g15,e16,f16 "
  "blue:o5,p5,m6,o6,p6,o7,m8,n8,j9,m9 yellow:e5,f5,g5,e6,f6,e7,f7,e8,i5,h7",
  "classic-3 yellow white:m4,h6,e13,e14,g14,e15,f15,g15,e16,f16 "
  "blue:n5,p5,q5,l6,o6,p6,n7,n8,k9,l9 yellow:e5,f5,g5,h5,e6,f6,f7,g7,e8,h8",
  "classic-3 yellow white:j5,g10,e13,f14,h14,e15,f15,g15,e16,f16 "
  "blue:o5,p5,m6,o6,p6,o7,m8,n8,j9,m9 yellow:f5,h5,e6,f6,g6,e7,f7,e8,g8,g9",
};

/* The standing plan (the others' marbles kept where they are) against a
 * breadth-first count over the same board, its plan legal there and its
 * moves after the first legal with yellow's marbles alone. */
static void
test_standing_agrees_with_bfs (void)
{
  g_autoptr (SternRaceEnd) solver = stern_race_end_new ();

  for (unsigned i = 0; i < G_N_ELEMENTS (near_finish_small); i++)
    {
      g_autoptr (SternGame) game = engine_test_game_at (near_finish_small[i], STERN_PRESET_CLUB, 40);
      const SternRules *rules = stern_game_get_rules (game);
      const SternPosition *start = stern_game_get_position (game);
      unsigned yellow = stern_game_get_turn (game);
      SternMove plan[STERN_RACE_END_MAX_MOVES];
      SternPosition pos = *start, alone = *start;
      int planned, counted;

      g_assert_false (stern_race_end_disengaged (rules, start, yellow, others_playing (game, yellow)));
      planned = stern_race_end_solve_standing (solver, rules, start, yellow, 200000, plan);
      g_test_message ("%s: %d moves in %" G_GUINT64_FORMAT " nodes", near_finish_small[i], planned,
                      stern_race_end_get_nodes (solver));
      g_assert_cmpint (planned, >, 0);
      counted = bfs_moves_among (rules, start, yellow, planned, TRUE);
      g_assert_cmpint (counted, ==, planned);

      for (unsigned other = 0; other < STERN_N_SEATS; other++)
        if (other != yellow)
          stern_position_remove_seat (&alone, other);
      for (int k = 0; k < planned; k++)
        {
          g_assert_false (stern_eval_seat_finished (rules, &pos, yellow));
          g_assert_true (stern_set_has (stern_movegen_destinations (rules, &pos, plan[k].from),
                                        plan[k].to));
          if (k > 0)
            g_assert_true (stern_set_has (stern_movegen_destinations (rules, &alone, plan[k].from),
                                          plan[k].to));
          stern_position_move (&pos, plan[k].from, plan[k].to);
          stern_position_move (&alone, plan[k].from, plan[k].to);
        }
      g_assert_true (stern_eval_seat_finished (rules, &pos, yellow));
    }
}

/* Hard and Expert near the end with two opponents: the move played is on
 * a shortest standing plan (the plan after it one move shorter). */
static void
test_near_finish_on_plan (void)
{
  g_autoptr (SternSearch) search = stern_search_new ();
  g_autoptr (SternRaceEnd) solver = stern_race_end_new ();

  for (SternLevel level = STERN_LEVEL_HARD; level <= STERN_LEVEL_EXPERT; level++)
    for (unsigned i = 0; i < G_N_ELEMENTS (near_finish); i++)
      {
        g_autoptr (SternGame) game = engine_test_game_at (near_finish[i], STERN_PRESET_CLUB, 40);
        const SternRules *rules = stern_game_get_rules (game);
        unsigned yellow = stern_game_get_turn (game);
        SternPosition after;
        SternMove move;
        int before, then;

        before = stern_race_end_solve_standing (solver, rules, stern_game_get_position (game),
                                                yellow, 200000, NULL);
        g_assert_true (stern_search_choose (search, game, level, 1, 0, NULL, &move));
        after = *stern_game_get_position (game);
        stern_position_move (&after, move.from, move.to);
        then = stern_race_end_solve_standing (solver, rules, &after, yellow, 200000, NULL);
        g_test_message ("%s %s: %d moves, then %d", stern_level_name (level), near_finish[i],
                        before, then);
        g_assert_cmpint (then, ==, before - 1);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/race-end/disengaged", test_disengaged);
  g_test_add_func ("/race-end/solver-agrees-with-bfs", test_solver_agrees_with_bfs);
  g_test_add_func ("/race-end/keeps-the-count", test_keeps_the_count);
  g_test_add_func ("/race-end/standing-agrees-with-bfs", test_standing_agrees_with_bfs);
  g_test_add_func ("/race-end/near-finish-on-plan", test_near_finish_on_plan);
  return g_test_run ();
}
