/* stern-blocker.c: positions with a foreign marble in a goal (stern-blocker.h).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-blocker.h"

#include <glib.h>

/* Marbles of the seat placed outside its goal stand this many steps or
 * fewer from it; the opponent's stand farther away. */
#define NEAR_GOAL       3

static uint64_t
next_random (uint64_t *state)
{
  uint64_t x = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* The n-th cell of a set, counting from its lowest. */
static unsigned
nth_cell (SternSet set, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    set &= set - 1;
  return stern_set_first (set);
}

/* Puts n marbles of seat on random holes of `where` still empty. */
static void
scatter (SternPosition *pos, unsigned seat, unsigned n, SternSet where, uint64_t *state)
{
  for (unsigned i = 0; i < n; i++)
    {
      SternSet free = where & ~pos->occupied;
      unsigned count = stern_set_count (free);

      g_assert (count > 0);
      stern_position_put (pos, seat, nth_cell (free, (unsigned) (next_random (state) % count)));
    }
}

bool
stern_blocker_position (const SternRules *rules, unsigned seat, unsigned index,
                        uint64_t seed, SternPosition *pos)
{
  const SternVariant *variant;
  SternSet goal, hexagon = 0, near = 0, middle = 0, rest;
  unsigned opp, n_goal, n_block, n_free, n_in_goal, marbles;
  uint64_t state = seed ^ ((uint64_t) index << 32);

  g_return_val_if_fail (rules != NULL && pos != NULL, false);
  variant = rules->variant;
  opp = stern_seat_opposite (seat);
  if (variant->n_players != 2 || variant->teams ||
      !stern_variant_has_seat (variant, seat) || !stern_variant_has_seat (variant, opp))
    return false;

  goal = rules->goal[seat];
  n_goal = stern_set_count (goal);
  marbles = variant->marbles;
  n_block = (index / 10) % 3 == 2 ? 2 : 1;
  n_free = (index / 10) % STERN_BLOCKER_HOLES_FREE;
  g_assert (n_goal >= n_block + n_free && marbles + n_block >= n_goal - n_free);

  for (unsigned cell = 0; cell < rules->geometry->n_cells; cell++)
    {
      bool in_ray = false;

      for (unsigned r = 0; r < STERN_N_RAYS; r++)
        in_ray |= stern_set_has (stern_board_ray (r), cell);
      if (in_ray)
        continue;
      hexagon |= stern_set_bit (cell);
      if (stern_rules_goal_distance (rules, seat, cell) <= NEAR_GOAL)
        near |= stern_set_bit (cell);
      else
        middle |= stern_set_bit (cell);
    }

  stern_position_clear (pos);

  /* The blockers: the index walks the goal's holes; a second one, when
   * there is one, goes to a random other hole. */
  stern_position_put (pos, opp, nth_cell (goal, index % n_goal));
  if (n_block > 1)
    scatter (pos, opp, n_block - 1, goal, &state);

  /* The seat fills the goal but for n_free holes, and waits near it with the rest. */
  n_in_goal = n_goal - n_block - n_free;
  scatter (pos, seat, n_in_goal, goal, &state);
  scatter (pos, seat, marbles - n_in_goal, near, &state);

  /* The opponent's other marbles have the whole board to cross. */
  rest = middle & hexagon;
  scatter (pos, opp, marbles - n_block, rest, &state);

  stern_position_set_to_move (pos, seat);
  return true;
}
