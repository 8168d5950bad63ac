/* stern-eval.c: the computer player's evaluation (stern-eval.h).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-eval.h"
#include "stern-eval-square.h"

#include <string.h>

#include <glib.h>

/* Each term is in cost units, STERN_EVAL_ROW to a row of progress. */

/* The rear marbles count a little more than the front ones (d² / SQUARE_DIV
 * per marble), so a move that brings up a straggler beats an equal one at
 * the front: no marble is left behind. */
#define SQUARE_DIV          3
/* Off the straight line from home to goal, per hole of sideways distance
 * beyond LATERAL_FREE: the sides are dead ends with few jumps. */
#define LATERAL_W           5
#define LATERAL_FREE        2.0
/* The rear marble beyond STRAGGLER_FREE rows behind the average. */
#define STRAGGLER_W         6
#define STRAGGLER_FREE      4
/* A jump forward ready to be made (a ladder rung), capped. */
#define LADDER_W            3
#define LADDER_MAX          8
/* Marbles still at home as the leaving-home check (doc/rules.md §4) nears:
 * HOME_W per marble and per move inside the last HOME_HORIZON moves,
 * and HOME_DOOMED per marble that can no longer make it out in time. */
#define HOME_HORIZON        14
#define HOME_W              10
#define HOME_DOOMED         4000
/* Race (doc/rules.md §8): the goal must hold all of our own marbles, so a
 * foreign marble in it has to get out, and so must each of ours from the
 * other seats' goals (our home among them).  Walled in there by marbles
 * that stay (no sequence of its own moves leads out) it blocks us for
 * good: cost it like that many rows, more than any filling move gains, so
 * we never close the last exit and reopen one if the wall stands
 * (stern_eval_race_trapped_cost). */
#define BLOCKER_TRAPPED_W   (40 * STERN_EVAL_ROW)
/* The race cost (stern_eval_race_cost): a marble still at home costs two
 * rows more.  Rows alone would leave the last one there, where the
 * arriving marbles of the opposite seat soon wall it in; more than two rows
 * made the computer spend early moves on short steps out of home (measured
 * in long-6 against five greedy players). */
#define RACE_HOME_W         (2 * STERN_EVAL_ROW)

/* Square root by Newton's method, so the engine needs no libm. */
static double
square_root (double x)
{
  double r = x > 1 ? x : 1;

  if (x <= 0)
    return 0;
  for (int i = 0; i < 64; i++)
    r = (r + x / r) / 2;
  return r;
}

static double
hole_x (unsigned cell)
{
  return stern_board_hole_u (cell) + stern_board_hole_v (cell) / 2.0;
}

static double
hole_y (unsigned cell)
{
  return stern_board_hole_v (cell) * square_root (3.0) / 2.0;
}

/* The hole of a ray farthest from the centre: its tip. */
static unsigned
ray_tip (unsigned ray)
{
  unsigned centre = stern_board_hole_at (0, 0), best = 0, best_d = 0;
  SternSet holes = stern_board_ray (ray);

  while (holes)
    {
      unsigned cell = stern_set_pop (&holes);
      unsigned d = stern_board_distance (centre, cell);

      if (d > best_d)
        best = cell, best_d = d;
    }
  return best;
}

void
stern_eval_init (SternEval *ev, const SternRules *rules)
{
  const SternGeometry *geo;
  unsigned centre;

  G_STATIC_ASSERT (STERN_EVAL_NO_RUNG >= STERN_STAR_N_CELLS);
  g_return_if_fail (ev != NULL && rules != NULL);

  if (stern_variant_is_square (rules->variant))
    {
      stern_eval_square_init (ev, rules);
      return;
    }
  memset (ev, 0, sizeof *ev);
  ev->rules = rules;
  ev->marbles = rules->variant->marbles;
  geo = rules->geometry;
  centre = stern_board_hole_at (0, 0);

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      unsigned tip = ray_tip (stern_seat_opposite (seat));
      unsigned home_tip = ray_tip (seat);
      double ax = hole_x (tip) - hole_x (home_tip), ay = hole_y (tip) - hole_y (home_tip);
      double alen = square_root (ax * ax + ay * ay);
      unsigned n_forward = 0;
      SternSet goal = rules->goal[seat];
      unsigned dists[32], n = 0;

      ev->tip[seat] = (uint8_t) tip;
      for (unsigned cell = 0; cell < geo->n_cells; cell++)
        {
          unsigned d = stern_board_distance (cell, tip);
          double px = hole_x (cell) - hole_x (home_tip), py = hole_y (cell) - hole_y (home_tip);
          double cross = px * ay - py * ax;
          double lateral = (cross < 0 ? -cross : cross) / alen;
          int cost = (int) (STERN_EVAL_ROW * d + d * d / SQUARE_DIV);

          if (!stern_set_has (goal, cell) && lateral > LATERAL_FREE)
            cost += (int) (LATERAL_W * (lateral - LATERAL_FREE) + 0.5);
          ev->tip_dist[seat][cell] = (uint8_t) d;
          ev->zone_dist[seat][cell] = (uint8_t) stern_rules_goal_distance (rules, seat, cell);
          ev->cell_cost[seat][cell] = (int16_t) cost;
        }

      for (unsigned dir = 0; dir < geo->n_dirs && n_forward < 2; dir++)
        if (geo->line_len[centre][dir] > 0 &&
            ev->tip_dist[seat][geo->line[centre][dir][0]] < ev->tip_dist[seat][centre])
          ev->forward[seat][n_forward++] = (uint8_t) dir;
      g_assert (n_forward == 2);

      for (unsigned cell = 0; cell < STERN_MAX_CELLS; cell++)
        for (unsigned i = 0; i < 2; i++)
          {
            unsigned dir = ev->forward[seat][i];
            bool rung = cell < geo->n_cells && !stern_set_has (goal, cell) &&
                        geo->line_len[cell][dir] >= 2;

            ev->rung[seat][cell][i][0] = rung ? geo->line[cell][dir][0] : STERN_EVAL_NO_RUNG;
            ev->rung[seat][cell][i][1] = rung ? geo->line[cell][dir][1] : STERN_EVAL_NO_RUNG;
            ev->rung_cells[seat][cell] |= stern_set_bit (ev->rung[seat][cell][i][0]) |
                                          stern_set_bit (ev->rung[seat][cell][i][1]);
          }

      /* The goal filled: the marbles' cheapest holes there. */
      while (goal && n < G_N_ELEMENTS (dists))
        dists[n++] = (unsigned) ev->cell_cost[seat][stern_set_pop (&goal)];
      for (unsigned i = 0; i < n; i++)
        ev->finished_cost[seat] += (int) dists[i];
    }
}

bool
stern_eval_blocker_can_leave (const SternRules *rules, const SternPosition *pos,
                              unsigned cell, SternSet zone)
{
  SternPosition p = *pos;
  SternSet reached, frontier;
  unsigned at = cell;

  g_assert (pos->cell[cell] != STERN_EMPTY);

  /* Flood the holes the marble reaches by its own moves, the others
   * standing still, until one lies outside the zone. */
  reached = frontier = stern_set_bit (cell);
  while (frontier)
    {
      unsigned next = stern_set_pop (&frontier);
      SternSet dest;

      if (next != at)
        {
          stern_position_move (&p, at, next);
          at = next;
        }
      dest = stern_movegen_destinations (rules, &p, at);
      if (dest & ~zone)
        return true;
      frontier |= dest & ~reached;
      reached |= dest;
    }
  return false;
}

bool
stern_eval_can_get_out (const SternRules *rules, const SternPosition *pos, unsigned cell,
                        SternSet zone, SternSet staying)
{
  const SternVariant *variant = rules->variant;
  const SternGeometry *geo = rules->geometry;
  SternSet reached, frontier;
  SternPosition settled;

  reached = frontier = stern_set_bit (cell);
  while (frontier)
    {
      SternSet next = geo->neighbours[stern_set_pop (&frontier)] & ~staying & ~reached;

      if (next & ~zone)
        return true;
      reached |= next;
      frontier |= next;
    }

  stern_position_clear (&settled);
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      SternSet stay = pos->marbles[seat] & rules->goal[seat];

      while (stay)
        stern_position_put (&settled, seat, stern_set_pop (&stay));
    }
  stern_position_put (&settled, pos->cell[cell], cell);
  return stern_eval_blocker_can_leave (rules, &settled, cell, zone);
}

int
stern_eval_race_trapped_cost (const SternEval *ev, const SternPosition *pos, unsigned seat)
{
  const SternRules *rules;
  const SternVariant *variant;
  SternSet staying = 0, visitors;
  int trapped = 0;

  g_return_val_if_fail (ev != NULL && pos != NULL && seat < STERN_N_SEATS, 0);
  rules = ev->rules;
  variant = rules->variant;
  if (!rules->finish_needs_all_own || rules->tempo_check_move)
    return 0;
  for (unsigned i = 0; i < variant->n_players; i++)
    staying |= pos->marbles[variant->seats[i]] & rules->goal[variant->seats[i]];

  visitors = pos->occupied & rules->goal[seat] & ~pos->marbles[seat];
  while (visitors)
    if (!stern_eval_can_get_out (rules, pos, stern_set_pop (&visitors), rules->goal[seat], staying))
      trapped++;
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned other = variant->seats[i];
      SternSet zone = rules->goal[other];
      SternSet strays = pos->marbles[seat] & zone;

      /* Nothing stays in that goal yet, so nothing walls ours in there. */
      if (other == seat || (staying & zone) == 0)
        continue;
      while (strays)
        if (!stern_eval_can_get_out (rules, pos, stern_set_pop (&strays), zone, staying))
          trapped++;
    }
  return trapped * BLOCKER_TRAPPED_W;
}

/* Marbles still at home as the leaving-home check (doc/rules.md §4) nears;
 * moves_left < 0: no check ahead. */
static int
deadline_cost (const SternRules *rules, const SternPosition *pos, unsigned seat, int moves_left)
{
  int at_home, cost = 0;

  if (moves_left < 0)
    return 0;
  at_home = (int) stern_set_count (pos->marbles[seat] & rules->home[seat]);
  if (at_home > 0)
    {
      if (moves_left < HOME_HORIZON)
        cost += HOME_W * at_home * (HOME_HORIZON - moves_left);
      if (at_home > moves_left)
        cost += HOME_DOOMED * (at_home - moves_left);
    }
  return cost;
}

/* The star's cost without the deadline term; with touched, adds the
 * holes whose being empty or not counted. */
static inline int
star_cost (const SternEval *ev, const SternPosition *pos, unsigned seat, SternSet *touched)
{
  SternSet marbles = pos->marbles[seat];
  int cost = 0, sum_d = 0, rear = 0, ladders = 0, n = 0;

  while (marbles)
    {
      unsigned cell = stern_set_pop (&marbles);
      int d = ev->tip_dist[seat][cell];

      const uint8_t (*rung)[2] = ev->rung[seat][cell];

      if (touched)
        *touched |= ev->rung_cells[seat][cell];
      cost += ev->cell_cost[seat][cell];
      sum_d += d;
      rear = MAX (rear, d);
      n++;
      /* Branch-free: a rung that does not exist jumps over an empty hole. */
      ladders += (pos->cell[rung[0][0]] != STERN_EMPTY) & (pos->cell[rung[0][1]] == STERN_EMPTY);
      ladders += (pos->cell[rung[1][0]] != STERN_EMPTY) & (pos->cell[rung[1][1]] == STERN_EMPTY);
    }
  if (n == 0)
    return 0;

  cost -= ev->finished_cost[seat] * n / (int) ev->marbles;
  if (rear * n > sum_d + STRAGGLER_FREE * n)
    cost += STRAGGLER_W * (rear * n - sum_d - STRAGGLER_FREE * n) / n;
  cost -= LADDER_W * MIN (ladders, LADDER_MAX);
  return cost;
}

int
stern_eval_seat_cost (const SternEval *ev, const SternPosition *pos,
                      unsigned seat, int moves_left)
{
  const SternRules *rules = ev->rules;

  /* Square boards: moves_left counts to the leaving-home check there. */
  if (rules->tempo_check_move)
    return stern_eval_square_seat_cost (ev, pos, seat,
                                        moves_left >= 0 ? rules->home_check_move - (unsigned) moves_left
                                                        : rules->home_check_move);
  return star_cost (ev, pos, seat, NULL) + deadline_cost (rules, pos, seat, moves_left);
}

void
stern_eval_cache_clear (SternEvalCache *cache)
{
  g_return_if_fail (cache != NULL);
  memset (cache, 0, sizeof *cache);
}

int
stern_eval_seat_cost_cached (const SternEval *ev, SternEvalCache *cache,
                             const SternPosition *pos, unsigned seat, int moves_left)
{
  const SternRules *rules;
  SternEvalCacheEntry *e;

  g_return_val_if_fail (ev != NULL && cache != NULL && pos != NULL && seat < STERN_N_SEATS, 0);
  rules = ev->rules;
  e = &cache->seat[seat];
  if (rules->tempo_check_move)
    return stern_eval_seat_cost (ev, pos, seat, moves_left);
  if (!e->valid || e->marbles != pos->marbles[seat] ||
      ((e->occupied ^ pos->occupied) & e->touched) != 0)
    {
      e->touched = 0;
      e->cost = star_cost (ev, pos, seat, &e->touched);
      e->marbles = pos->marbles[seat];
      e->occupied = pos->occupied;
      e->valid = true;
    }
  return e->cost + deadline_cost (rules, pos, seat, moves_left);
}

int
stern_eval_race_cost (const SternEval *ev, const SternPosition *pos,
                      unsigned seat, int moves_left)
{
  const SternRules *rules = ev->rules;
  SternSet marbles = pos->marbles[seat];
  int cost = 0;

  g_assert (!rules->tempo_check_move);
  while (marbles)
    cost += STERN_EVAL_ROW * ev->tip_dist[seat][stern_set_pop (&marbles)];
  cost += RACE_HOME_W * (int) stern_set_count (pos->marbles[seat] & rules->home[seat]);
  return cost + deadline_cost (rules, pos, seat, moves_left);
}

void
stern_eval_ranking_keys (const SternEval *ev, const SternPosition *pos, unsigned seat,
                         unsigned *in_goal, unsigned *distance)
{
  SternSet marbles = pos->marbles[seat];

  *in_goal = stern_set_count (marbles & ev->rules->goal[seat]);
  *distance = 0;
  while (marbles)
    *distance += ev->zone_dist[seat][stern_set_pop (&marbles)];
}

bool
stern_eval_seat_finished (const SternRules *rules, const SternPosition *pos, unsigned seat)
{
  SternSet own = pos->marbles[seat], goal = rules->goal[seat];

  if (rules->finish_needs_all_own)
    return own != 0 && (own & ~goal) == 0;
  return (pos->occupied & goal) == goal && (own & goal) != 0;
}
