/* stern-eval-square.c: evaluation on the square boards (stern-eval-square.h).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-eval-square.h"

#include <string.h>

#include <glib.h>

/* Each term is in cost units, STERN_EVAL_ROW to one move of progress. */

/* Steps to the goal's far corner in the variant's own directions are the
 * main cost; the Manhattan distance (the tempo number's unit) is added at
 * TEMPO_W, so with diagonals a stone prefers the diagonal toward the corner
 * and, between equal moves, the one that lowers the tempo number. */
#define TEMPO_W             4
/* The rear stones count a little more (d² / SQUARE_DIV): no straggler. */
#define SQUARE_DIV          3
/* The rear stone beyond STRAGGLER_FREE steps behind the average. */
#define STRAGGLER_W         6
#define STRAGGLER_FREE      3
/* A forward jump ready to be made (a ladder rung), capped. */
#define LADDER_W            3
#define LADDER_MAX          8
/* Leaving home (doc/rules.md §9).  A stone left at home is soon shut in by
 * the opponent's stones arriving there, so the pressure to leave starts
 * early and is counted in the steps the home stones still need to get out
 * (`need`) and in stones: HOME_EARLY_W / 4 per step times the moves made,
 * and per stone the square of the moves made over HOME_STONE_DIV; then,
 * once fewer than HOME_HORIZON moves are to spare (left - need), HOME_W / 4
 * per step and per square of the spare moves gone; HOME_DOOMED per step
 * that can no longer be made in time (a lost game). */
#define HOME_EARLY_W        4
#define HOME_STONE_DIV      8
#define HOME_HORIZON        12
#define HOME_W              6
#define HOME_DOOMED         4000
/* Inside the last TEMPO_HORIZON moves before the tempo check, the tempo
 * number itself, TEMPO_LATE_W per point and per move nearer the check. */
#define TEMPO_HORIZON       8
#define TEMPO_LATE_W        2

/* Four players: a stone in a goal not its own, and not its own seat's
 * home, may stay there for good (no check removes it).  Walled in by
 * stones that stay (no sequence of its own moves leads out) it keeps the
 * goal's seat from ever filling the goal and its own seat from ever
 * finishing (doc/rules.md §9): this many steps, more than any move gains
 * (stern_eval_square_trapped_cost). */
#define TRAPPED_W           (40 * STERN_EVAL_ROW)

void
stern_eval_square_init (SternEval *ev, const SternRules *rules)
{
  const SternVariant *variant = rules->variant;
  const SternGeometry *geo = rules->geometry;
  unsigned size = variant->board_size;

  g_return_if_fail (ev != NULL && stern_variant_is_square (variant));

  memset (ev, 0, sizeof *ev);
  ev->rules = rules;
  ev->marbles = variant->marbles;

  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      const uint8_t *manhattan = rules->tempo_distance[seat];
      SternSet goal = rules->goal[seat];
      unsigned tip = 0, n_forward = 0, centre = (size / 2) * size + size / 2;
      unsigned dists[32], n = 0;

      /* The far corner is the goal cell at Manhattan distance 0. */
      for (unsigned cell = 0; cell < geo->n_cells; cell++)
        if (manhattan[cell] == 0)
          tip = cell;
      ev->tip[seat] = (uint8_t) tip;
      for (unsigned cell = 0; cell < geo->n_cells; cell++)
        {
          unsigned corner_steps = 0;
          int d;

          /* Steps to the tip in the variant's directions: Manhattan
           * without diagonals, the larger coordinate distance with them. */
          if (variant->diagonals)
            {
              int dx = (int) (cell % size) - (int) (tip % size);
              int dy = (int) (cell / size) - (int) (tip / size);
              corner_steps = (unsigned) MAX (ABS (dx), ABS (dy));
            }
          else
            corner_steps = manhattan[cell];
          d = (int) corner_steps;
          ev->tip_dist[seat][cell] = (uint8_t) d;
          ev->zone_dist[seat][cell] = (uint8_t) stern_rules_goal_distance (rules, seat, cell);
          ev->cell_cost[seat][cell] =
            (int16_t) (STERN_EVAL_ROW * d + TEMPO_W * (int) manhattan[cell] + d * d / SQUARE_DIV);
        }

      /* Steps out of the own camp, in the variant's directions. */
      for (unsigned cell = 0; cell < geo->n_cells; cell++)
        {
          unsigned best = 0;

          if (stern_set_has (rules->home[seat], cell))
            {
              best = G_MAXUINT8;
              for (unsigned out = 0; out < geo->n_cells; out++)
                if (!stern_set_has (rules->home[seat], out))
                  {
                    int dx = ABS ((int) (cell % size) - (int) (out % size));
                    int dy = ABS ((int) (cell / size) - (int) (out / size));
                    unsigned steps = (unsigned) (variant->diagonals ? MAX (dx, dy) : dx + dy);

                    best = MIN (best, steps);
                  }
            }
          ev->home_exit[seat][cell] = (uint8_t) best;
        }

      for (unsigned dir = 0; dir < geo->n_dirs && n_forward < 2; dir++)
        if (geo->line_len[centre][dir] > 0 &&
            manhattan[geo->line[centre][dir][0]] < manhattan[centre])
          ev->forward[seat][n_forward++] = (uint8_t) dir;
      g_assert (n_forward == 2);

      /* The holes the ladder term looks at (stern_eval_square_seat_cost_cached). */
      for (unsigned cell = 0; cell < geo->n_cells; cell++)
        if (!stern_set_has (goal, cell))
          for (unsigned k = 0; k < 2; k++)
            {
              unsigned dir = ev->forward[seat][k];

              if (geo->line_len[cell][dir] >= 2)
                ev->rung_cells[seat][cell] |= stern_set_bit (geo->line[cell][dir][0]) |
                                              stern_set_bit (geo->line[cell][dir][1]);
            }

      while (goal && n < G_N_ELEMENTS (dists))
        dists[n++] = (unsigned) ev->cell_cost[seat][stern_set_pop (&goal)];
      for (unsigned k = 0; k < n; k++)
        ev->finished_cost[seat] += (int) dists[k];
    }
}

int
stern_eval_square_trapped_cost (const SternEval *ev, const SternPosition *pos, unsigned seat)
{
  const SternRules *rules;
  const SternVariant *variant;
  SternSet goal, visitors, staying = 0;
  int trapped = 0;

  g_return_val_if_fail (ev != NULL && pos != NULL && seat < STERN_N_SEATS, 0);
  rules = ev->rules;
  variant = rules->variant;
  goal = rules->goal[seat];
  visitors = pos->occupied & goal & ~pos->marbles[seat];
  for (unsigned i = 0; i < variant->n_players; i++)
    staying |= pos->marbles[variant->seats[i]] & rules->goal[variant->seats[i]];

  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned other = variant->seats[i];
      SternSet zone = rules->goal[other];
      SternSet strays = pos->marbles[seat] & zone;

      /* A goal that is someone's home is left to the leaving-home check. */
      if (rules->home[other] == goal)
        visitors &= ~pos->marbles[other];
      if (other == seat || zone == rules->home[seat])
        continue;
      while (strays)
        if (!stern_eval_can_get_out (rules, pos, stern_set_pop (&strays), zone, staying))
          trapped++;
    }
  while (visitors)
    if (!stern_eval_can_get_out (rules, pos, stern_set_pop (&visitors), goal, staying))
      trapped++;
  return trapped * TRAPPED_W;
}

/* With touched, adds the holes whose being empty or not counted. */
static inline int
square_cost (const SternEval *ev, const SternPosition *pos, unsigned seat, unsigned made,
             SternSet *touched)
{
  const SternRules *rules = ev->rules;
  const SternGeometry *geo = rules->geometry;
  SternSet stones = pos->marbles[seat];
  SternSet goal = rules->goal[seat];
  int cost = 0, sum_d = 0, rear = 0, ladders = 0, n = 0;

  while (stones)
    {
      unsigned cell = stern_set_pop (&stones);
      int d = ev->tip_dist[seat][cell];

      if (touched)
        *touched |= ev->rung_cells[seat][cell];
      cost += ev->cell_cost[seat][cell];
      sum_d += d;
      rear = MAX (rear, d);
      n++;
      if (!stern_set_has (goal, cell))
        for (unsigned i = 0; i < 2; i++)
          {
            unsigned dir = ev->forward[seat][i];

            if (geo->line_len[cell][dir] >= 2 &&
                pos->cell[geo->line[cell][dir][0]] != STERN_EMPTY &&
                pos->cell[geo->line[cell][dir][1]] == STERN_EMPTY)
              ladders++;
          }
    }
  if (n == 0)
    return 0;

  cost -= ev->finished_cost[seat] * n / (int) ev->marbles;
  if (rear * n > sum_d + STRAGGLER_FREE * n)
    cost += STRAGGLER_W * (rear * n - sum_d - STRAGGLER_FREE * n) / n;
  cost -= LADDER_W * MIN (ladders, LADDER_MAX);

  /* The leaving-home check (doc/rules.md §9), made once the seat has made
   * home_check_move moves: a stone at home then loses. */
  if (made <= rules->home_check_move)
    {
      int left = (int) (rules->home_check_move - made);
      SternSet at_home = pos->marbles[seat] & rules->home[seat];
      int need = 0, n_home = (int) stern_set_count (at_home);

      while (at_home)
        need += ev->home_exit[seat][stern_set_pop (&at_home)];
      if (need > 0)
        {
          int spare = left - need;

          cost += HOME_EARLY_W * need * (int) made / 4 +
                  n_home * (int) (made * made) / HOME_STONE_DIV;
          if (spare < HOME_HORIZON)
            cost += HOME_W * need * (HOME_HORIZON - MAX (spare, 0)) * (HOME_HORIZON - MAX (spare, 0)) / 4;
          if (spare < 0)
            cost += HOME_DOOMED * -spare;
        }
    }

  /* The tempo check: the smaller tempo number wins there. */
  if (made <= rules->tempo_check_move && rules->tempo_check_move - made < TEMPO_HORIZON)
    {
      int left = (int) (rules->tempo_check_move - made);

      cost += TEMPO_LATE_W * STERN_EVAL_ROW * (TEMPO_HORIZON - left) *
              (int) stern_position_tempo (pos, rules, seat) / TEMPO_HORIZON;
    }
  return cost;
}

int
stern_eval_square_seat_cost (const SternEval *ev, const SternPosition *pos,
                             unsigned seat, unsigned made)
{
  return square_cost (ev, pos, seat, made, NULL);
}

int
stern_eval_square_seat_cost_cached (const SternEval *ev, SternEvalCache *cache,
                                    const SternPosition *pos, unsigned seat, unsigned made)
{
  SternEvalCacheEntry *e;

  g_return_val_if_fail (ev != NULL && cache != NULL && pos != NULL && seat < STERN_N_SEATS, 0);
  e = &cache->seat[seat];
  if (!e->valid || e->made != made || e->marbles != pos->marbles[seat] ||
      ((e->occupied ^ pos->occupied) & e->touched) != 0)
    {
      e->touched = 0;
      e->cost = square_cost (ev, pos, seat, made, &e->touched);
      e->marbles = pos->marbles[seat];
      e->occupied = pos->occupied;
      e->made = made;
      e->valid = true;
    }
  return e->cost;
}
