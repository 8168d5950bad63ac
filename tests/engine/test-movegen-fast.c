/* The move generator's shortcuts give what the plain rules give: long
 * jumps found by masks against a hole-by-hole walk along the line
 * (doc/rules.md §3), and the cached marble sets of stern_movegen_marble_sets()
 * against stern_movegen_generate() while a game goes back and forth the
 * way a search does.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-movegen-fast"

#include <string.h>

#include <glib.h>

#include "stern-movegen.h"

/* ---- long jumps, hole by hole ---- */

/* The long jump from cell in direction dir as doc/rules.md §3 words it:
 * walk to the first marble (k holes passed), then k empty holes must
 * follow it, and the landing is the hole after them.  The marble at
 * vacated has left its hole. */
static unsigned
reference_long_landing (const SternGeometry *geo, const SternPosition *pos,
                        unsigned cell, unsigned dir, unsigned vacated)
{
  const uint8_t *line = geo->line[cell][dir];
  unsigned len = geo->line_len[cell][dir], k = 0;

#define FULL(c) (pos->cell[c] != STERN_EMPTY && (c) != vacated)
  while (k < len && !FULL (line[k]))
    k++;
  if (k == len)
    return STERN_NO_CELL;
  for (unsigned i = 1; i <= k + 1; i++)
    if (k + i >= len || FULL (line[k + i]))
      return STERN_NO_CELL;
#undef FULL
  return line[2 * k + 1];
}

/* Every destination of the marble at from, by the rules of §3: steps,
 * chains of long jumps, a marble in its goal staying there, no end in a
 * foreign ray. */
static SternSet
reference_destinations (const SternRules *rules, const SternPosition *pos, unsigned from)
{
  const SternGeometry *geo = rules->geometry;
  unsigned seat = pos->cell[from];
  SternSet allowed = geo->all_cells, reached = stern_set_bit (from), frontier = reached;
  SternSet steps = 0;

  if (rules->goal_confines && stern_set_has (rules->goal[seat], from))
    allowed = rules->goal[seat];
  for (unsigned dir = 0; dir < geo->n_dirs; dir++)
    if (geo->line_len[from][dir] > 0 && pos->cell[geo->line[from][dir][0]] == STERN_EMPTY)
      steps |= stern_set_bit (geo->line[from][dir][0]);
  while (frontier)
    {
      unsigned cell = stern_set_pop (&frontier);

      for (unsigned dir = 0; dir < geo->n_dirs; dir++)
        {
          unsigned land = reference_long_landing (geo, pos, cell, dir, from);

          if (land != STERN_NO_CELL && stern_set_has (allowed, land) &&
              !stern_set_has (reached, land))
            {
              reached |= stern_set_bit (land);
              frontier |= stern_set_bit (land);
            }
        }
    }
  reached &= ~stern_set_bit (from);
  return ((steps & allowed) | reached) & ~rules->no_stop[seat];
}

/* Marbles scattered at random, sparse to crowded, so that lines hold
 * every pattern of gaps: each marble's destinations against the walk. */
static void
test_long_jumps_match_walk (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  const char *ids[] = { "long-2", "long-6" };
  unsigned checked = 0;

  for (unsigned v = 0; v < G_N_ELEMENTS (ids); v++)
    {
      const SternVariant *variant = stern_variant_lookup (ids[v]);
      SternRules rules;

      g_assert_nonnull (variant);
      stern_rules_init (&rules, variant, STERN_PRESET_TABLE);
      for (unsigned trial = 0; trial < 400; trial++)
        {
          SternPosition pos;
          unsigned n_marbles = 4 + trial % 60;

          stern_position_clear (&pos);
          for (unsigned i = 0; i < n_marbles; i++)
            {
              unsigned cell = (unsigned) g_rand_int_range (rand, 0, rules.geometry->n_cells);
              unsigned seat = variant->seats[g_rand_int_range (rand, 0, variant->n_players)];

              if (pos.cell[cell] == STERN_EMPTY)
                stern_position_put (&pos, seat, cell);
            }
          for (unsigned cell = 0; cell < rules.geometry->n_cells; cell++)
            if (pos.cell[cell] != STERN_EMPTY)
              {
                SternSet want = reference_destinations (&rules, &pos, cell);
                SternSet got = stern_movegen_destinations (&rules, &pos, cell);

                if (got != want)
                  g_error ("%s, trial %u: the marble on cell %u has other destinations "
                           "than the hole-by-hole walk gives", ids[v], trial, cell);
                checked++;
              }
        }
    }
  /* Enough marbles were looked at for the test to mean something. */
  g_assert_cmpuint (checked, >, 10000);
}

/* ---- the cache ---- */

static void
check_sets (const SternRules *rules, const SternPosition *pos, unsigned seat,
            SternMovegenCache *cache, unsigned ply)
{
  static SternMove moves[STERN_MAX_MOVES];
  uint8_t from[STERN_MAX_CELLS];
  SternSet dest[STERN_MAX_CELLS];
  size_t n = stern_movegen_generate (rules, pos, seat, moves);
  size_t n_marbles = stern_movegen_marble_sets (rules, pos, seat, cache, from, dest);
  size_t k = 0;

  /* The same moves in the same order: marbles, then holes, by cell. */
  g_assert_cmpuint (n_marbles, ==, stern_set_count (pos->marbles[seat]));
  for (size_t i = 0; i < n_marbles; i++)
    {
      SternSet d = dest[i];

      g_assert_cmpuint (pos->cell[from[i]], ==, seat);
      while (d)
        {
          unsigned to = stern_set_pop (&d);

          if (k >= n || moves[k].from != from[i] || moves[k].to != to)
            g_error ("%s ply %u seat %u: the cached sets differ from the generator "
                     "at move %zu", rules->variant->id, ply, seat, k);
          k++;
        }
    }
  g_assert_cmpuint (k, ==, n);
}

/* Random play with one cache, every seat's sets checked at every
 * position; now and then the last moves are taken back, as a search
 * returns to a node and tries the next move. */
static void
check_cache_along_playout (const SternVariant *variant, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  static SternMovegenCache cache;
  static SternMove moves[STERN_MAX_MOVES];
  SternMove played[200];
  unsigned n_played = 0;
  SternRules rules;
  SternPosition pos;

  stern_rules_init (&rules, variant, STERN_PRESET_TABLE);
  stern_position_set_start (&pos, &rules);
  stern_movegen_cache_clear (&cache);
  for (unsigned ply = 0; ply < 200; ply++)
    {
      unsigned seat = variant->seats[n_played % variant->n_players];
      size_t n;

      for (unsigned i = 0; i < variant->n_players; i++)
        check_sets (&rules, &pos, variant->seats[i], &cache, ply);
      if (n_played > 0 && g_rand_int_range (rand, 0, 4) == 0)
        {
          unsigned back = (unsigned) g_rand_int_range (rand, 1, MIN (n_played, 3u) + 1);

          while (back-- > 0)
            {
              n_played--;
              stern_position_move (&pos, played[n_played].to, played[n_played].from);
            }
          continue;
        }
      n = stern_movegen_generate (&rules, &pos, seat, moves);
      if (n == 0)
        break;
      played[n_played] = moves[g_rand_int_range (rand, 0, (gint32) n)];
      stern_position_move (&pos, played[n_played].from, played[n_played].to);
      n_played++;
    }
}

static void
test_cache_every_variant (void)
{
  for (unsigned v = 0; v < STERN_N_ALL_VARIANTS; v++)
    for (guint32 seed = 1; seed <= 3; seed++)
      check_cache_along_playout (stern_variant_get (v), 100 * v + seed);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/movegen-fast/long-jumps-match-walk", test_long_jumps_match_walk);
  g_test_add_func ("/movegen-fast/cache-every-variant", test_cache_every_variant);
  return g_test_run ();
}
