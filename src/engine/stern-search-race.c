/* stern-search-race.c: the race look-ahead of the computer player.
 *
 * With long jumps and several opponents the game is a pure race, and Hard
 * and Expert look ahead differently from the tree search: a few of our own
 * moves, each answered by every opponent's likely move, the largest gain
 * in rows.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-search-private.h"

#include <stdlib.h>
#include <string.h>

/* The race look-ahead (search_choose_race): our own moves it looks ahead.  Three
 * did best in long-6 against five greedy players; four or five (fewer
 * moves each) did no better, in more time. */
#define RACE_DEPTH      3
/* The cost after our first move counts this many times more: that gain is
 * ours, what follows rests on hurdles the others may move.  Weights from
 * 1.5 to 3 did best (about 2 in 5 games won against five greedy players,
 * against 1 in 4 with the look-ahead's cost alone). */
#define RACE_NOW_W      2

/* ---- race: several opponents with long jumps ---- */

/* Against several opponents with long jumps, Best-Reply Search lets any
 * opponent answer with the move that hurts us most, and among five of them
 * one can mostly block the long jump we prepared: the search plays for
 * progress nobody could block and is slower than a player who takes the
 * largest gain every move (Hard came first in 1 of 30 games of long-6
 * against five such players).  Here every player races, so the others are
 * modelled as racing: each makes its largest gain in rows, in turn order,
 * and we look a few of our own moves ahead in the world that gives.  The
 * others' marbles are the hurdles of long jumps, so where they will stand
 * matters more than what they could do to us. */

typedef struct {
  int     cost;
  uint8_t from, to;
} RaceMove;

static int
compare_race_moves (const void *a, const void *b)
{
  const RaceMove *x = a, *y = b;

  if (x->cost != y->cost)
    return x->cost < y->cost ? -1 : 1;
  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  return (x->to > y->to) - (x->to < y->to);
}

/* Our race cost after `own` more moves of ours (the deadline comes nearer). */
static int
race_cost (const SternSearch *s, const SternPosition *pos, unsigned own)
{
  int left = search_moves_left (s, s->root);

  if (left >= 0)
    left = MAX (left - (int) own, 0);
  return stern_eval_race_cost (&s->eval, pos, s->root, left);
}

/* The others' moves after ours, each its largest gain in rows (the move
 * cost breaks ties: a racer brings up its rear marbles). */
static void
race_others_move (SternSearch *s, SternPosition *pos, const uint8_t *order, unsigned n_order)
{
  for (unsigned i = 0; i < n_order; i++)
    {
      unsigned seat = order[i];
      size_t n = stern_movegen_generate (&s->rules, pos, seat, s->scratch);
      int best = -INF;
      size_t best_i = 0;

      for (size_t k = 0; k < n; k++)
        {
          unsigned from = s->scratch[k].from, to = s->scratch[k].to;
          int v = stern_eval_row_gain (&s->eval, seat, from, to) * ORDER_GAIN +
                  stern_eval_move_gain (&s->eval, seat, from, to);

          if (v > best)
            {
              best = v;
              best_i = k;
            }
        }
      if (n > 0)
        stern_position_move (pos, s->scratch[best_i].from, s->scratch[best_i].to);
    }
}

/* Our least race cost `depth` own moves on from pos, `made` of ours already
 * played below the root; a finish scores below any cost, earlier lower. */
static int
race_value (SternSearch *s, const SternPosition *pos, unsigned depth, unsigned made,
            unsigned width, const uint8_t *order, unsigned n_order)
{
  RaceMove list[STERN_MAX_MOVES];
  size_t n;
  int best = INF;

  if (out_of_budget (s))
    return race_cost (s, pos, made);
  n = stern_movegen_generate (&s->rules, pos, s->root, s->scratch);
  if (n == 0)
    return race_cost (s, pos, made);
  for (size_t k = 0; k < n; k++)
    {
      SternPosition p = *pos;

      stern_position_move (&p, s->scratch[k].from, s->scratch[k].to);
      if (stern_eval_seat_finished (&s->rules, &p, s->root))
        return -STERN_EVAL_WIN + (int) made + 1;
      list[k].cost = race_cost (s, &p, made + 1);
      list[k].from = s->scratch[k].from;
      list[k].to = s->scratch[k].to;
      best = MIN (best, list[k].cost);
    }
  if (depth <= 1)
    return best;

  /* The `width` cheapest moves are followed further. */
  width = (unsigned) MIN ((size_t) width, n);
  for (unsigned i = 0; i < width; i++)
    {
      unsigned m = i;

      for (unsigned j = i + 1; j < n; j++)
        if (compare_race_moves (&list[j], &list[m]) < 0)
          m = j;
      if (m != i)
        {
          RaceMove t = list[i];
          list[i] = list[m];
          list[m] = t;
        }
    }
  for (unsigned i = 0; i < width && !s->aborted; i++)
    {
      SternPosition p = *pos;

      stern_position_move (&p, list[i].from, list[i].to);
      race_others_move (s, &p, order, n_order);
      best = MIN (best, race_value (s, &p, depth - 1, made + 1, width, order, n_order));
    }
  return best;
}

gboolean
search_choose_race (SternSearch *s, const SternGame *game, const LevelParams *lp,
             guint64 seed, SternMove *out)
{
  SternMove legal[STERN_MAX_MOVES];
  size_t n = search_level_root_moves (s, game, legal);
  const SternVariant *v = stern_game_get_variant (game);
  uint8_t order[STERN_N_SEATS];
  unsigned n_order = 0, at = 0;
  int64_t best = G_MAXINT64;
  int best_value = INF;

  if (n == 0)
    return FALSE;

  /* The others still playing, in turn order after us. */
  for (unsigned i = 0; i < v->n_players; i++)
    if (v->seats[i] == s->root)
      at = i;
  for (unsigned i = 1; i < v->n_players; i++)
    {
      unsigned seat = v->seats[(at + i) % v->n_players];

      if (stern_game_get_player_state (game, seat) == STERN_PLAYER_PLAYING)
        order[n_order++] = (uint8_t) seat;
    }

  *out = legal[0];
  for (size_t k = 0; k < n; k++)
    {
      SternPosition p = s->pos;
      int now, value;
      int64_t key;

      stern_position_move (&p, legal[k].from, legal[k].to);
      if (stern_eval_seat_finished (&s->rules, &p, s->root))
        {
          *out = legal[k];
          best_value = -STERN_EVAL_WIN;
          break;
        }
      now = race_cost (s, &p, 1);
      race_others_move (s, &p, order, n_order);
      value = race_value (s, &p, RACE_DEPTH - 1, 1, lp->race_width, order, n_order);
      /* A stopped search keeps the moves it has weighed. */
      if (s->aborted && k > 0)
        break;
      if (value > -WIN_BOUND)
        value += RACE_NOW_W * now;
      /* Equal outlooks: the larger gain now, then the seed's noise. */
      key = ((int64_t) value * (STERN_EVAL_WIN / 8) + now) * (lp->jitter + 1) +
            search_move_noise (seed, legal[k].from, legal[k].to, lp->jitter);
      if (key < best)
        {
          best = key;
          best_value = value;
          *out = legal[k];
        }
    }
  s->info.depth = RACE_DEPTH;
  s->info.score = best_value > -WIN_BOUND ? -best_value / (RACE_NOW_W + 1) : -best_value;
  return TRUE;
}
