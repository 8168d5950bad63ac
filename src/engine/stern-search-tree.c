/* stern-search-tree.c: the tree search of the computer player.
 *
 * One search serves every variant: the root seat's moves at max nodes and,
 * at min nodes, the best single move of any opponent (Best-Reply Search).
 * With one opponent that is plain alpha-beta.  Scores are always from the
 * root seat's side: its best opponent's cost minus its own.
 *
 * Chinese checkers has a hundred or more moves a turn, so below the root
 * only the most promising moves are searched (forward pruning): the
 * transposition-table move, killers, then moves by distance gain and
 * history.  The root always looks at every move.
 *
 * With one opponent a position met again, earlier in the game or on the
 * search path, counts as the repetition that ends the game (doc/rules.md §5)
 * and is scored by its ranking, so the side behind breaks a standoff.
 *
 * Easy's one-ply look and the search3 baseline are here too.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-search-private.h"

#include <stdlib.h>
#include <string.h>

/* search3: its depth, and the root's scores spread by this factor so
 * that the seed breaks ties only. */
#define SEARCH3_DEPTH     3
#define SEARCH3_TIE_SCALE 64

/* ---- evaluation from the root's side ---- */

static int
seat_cost (SternSearch *s, unsigned seat)
{
  if (s->rules.tempo_check_move)  /* square boards: both checks by move count */
    return stern_eval_square_seat_cost_cached (&s->eval, &s->eval_cache, &s->pos, seat,
                                               (unsigned) s->made[seat]);
  return stern_eval_seat_cost_cached (&s->eval, &s->eval_cache, &s->pos, seat, search_moves_left (s, seat));
}

static int
unit_cost (SternSearch *s, unsigned seat)
{
  int cost = seat_cost (s, seat);

  if (s->rules.variant->teams)
    cost += seat_cost (s, stern_seat_opposite (seat));
  return cost;
}

static int
evaluate (SternSearch *s)
{
  int mine = unit_cost (s, s->root), best_opp = INF;
  unsigned n_units = 0;

  /* Walls count against us only (stern-eval-square.h, stern-eval.h). */
  if (s->rules.tempo_check_move && s->n_opp > 1)
    mine += stern_eval_square_trapped_cost (&s->eval, &s->pos, s->root);
  else if (s->rules.finish_needs_all_own && !s->rules.tempo_check_move)
    mine += stern_eval_race_trapped_cost (&s->eval, &s->pos, s->root);

  for (unsigned i = 0; i < s->n_opp; i++)
    {
      unsigned seat = s->opp[i];

      /* A team is counted once, at its lower seat still playing. */
      if (s->rules.variant->teams && seat > 2)
        {
          bool partner_listed = false;
          for (unsigned j = 0; j < s->n_opp; j++)
            partner_listed |= s->opp[j] == stern_seat_opposite (seat);
          if (partner_listed)
            continue;
        }
      best_opp = MIN (best_opp, unit_cost (s, seat));
      n_units++;
    }
  if (best_opp == INF)
    return -mine;
  /* With several opponents, holding the leader back pays less than
   * racing: count its progress only in part. */
  if (n_units > 1)
    return best_opp * MULTI_OPP_NUM / MULTI_OPP_DEN - mine;
  return best_opp - mine;
}

/* ---- moves inside the search ---- */

/* Would the seat's move to `to`, just made (made[] already counts it), eliminate it (§4)? */
static bool
search_fatal (const SternSearch *s, unsigned seat, unsigned to)
{
  const SternRules *rules = &s->rules;
  int deadline = (int) rules->leave_home_deadline;
  SternSet at_home;

  if (!deadline || s->made[seat] < deadline)
    return false;
  if (s->made[seat] > deadline)
    return rules->fatal_return_home && stern_set_has (rules->home[seat], to);
  at_home = s->pos.marbles[seat] & rules->home[seat];
  while (at_home)
    if (stern_movegen_marble_can_move (rules, &s->pos, stern_set_pop (&at_home)))
      return true;
  return false;
}

/* Can seat finish with one move (the reply of doc/rules.md §5)? */
static bool
can_finish_in_one (SternSearch *s, unsigned seat)
{
  SternMove *moves = s->scratch;
  size_t n = stern_movegen_generate (&s->rules, &s->pos, seat, moves);
  bool found = false;

  for (size_t i = 0; i < n && !found; i++)
    {
      stern_position_move (&s->pos, moves[i].from, moves[i].to);
      found = stern_eval_seat_finished (&s->rules, &s->pos, seat);
      stern_position_move (&s->pos, moves[i].to, moves[i].from);
    }
  return found;
}

/* Square boards with two players: does the mover's move bring the forced
 * end's check (doc/rules.md §9), and with it the end of the game?  It
 * comes once both have made the check's number of moves.  A loss there is
 * as lost as the opponent finishing: both are scored as the end. */
static bool
square_check_score (const SternSearch *s, unsigned mover, unsigned ply, int *score)
{
  const SternRules *rules = &s->rules;
  unsigned me = s->root, opp = s->opp[0];
  unsigned other = mover == me ? opp : me, n = (unsigned) s->made[mover];
  int outcome;

  if (!rules->tempo_check_move || s->n_opp != 1 || (unsigned) s->made[other] < n)
    return false;
  if (n == rules->home_check_move)
    {
      bool my_late = (s->pos.marbles[me] & rules->home[me]) != 0;
      bool opp_late = (s->pos.marbles[opp] & rules->home[opp]) != 0;

      if (!my_late && !opp_late)
        return false;
      outcome = (int) opp_late - (int) my_late;
    }
  else if (n == rules->tempo_check_move)
    {
      unsigned my_tempo = stern_position_tempo (&s->pos, rules, me);
      unsigned opp_tempo = stern_position_tempo (&s->pos, rules, opp);

      outcome = (my_tempo < opp_tempo) - (my_tempo > opp_tempo);
    }
  else
    return false;
  *score = outcome * (STERN_EVAL_WIN - (int) ply);
  return true;
}

/* The score when the mover's move ended the contest, or FALSE. */
static bool
terminal_score (SternSearch *s, unsigned mover, unsigned ply, int *score)
{
  const SternRules *rules = &s->rules;

  if (rules->variant->teams)
    return false;
  if (!stern_eval_seat_finished (rules, &s->pos, mover))
    return square_check_score (s, mover, ply, score);
  if (s->n_opp == 1)
    {
      unsigned other = mover == s->root ? s->opp[0] : s->root;
      int sign = mover == s->root ? 1 : -1;

      if (rules->reply_move && mover == rules->variant->seats[0] &&
          can_finish_in_one (s, other))
        *score = 0;
      else
        *score = sign * (STERN_EVAL_WIN - (int) ply);
      return true;
    }
  /* Several opponents: the root finishing takes first place; an opponent
   * finishing is left to the evaluation, the race for the rest goes on. */
  if (mover != s->root)
    return false;
  *score = STERN_EVAL_WIN - (int) ply;
  return true;
}

/* Square boards: the cells the computer does not move the seat's stones to.
 * After the leaving-home check a stone back in its own camp only blocks
 * the opponent's goal: that wins nothing but a tempo check the blocker
 * is usually behind in, and turns a race into a game ended by the check
 * (doc/rules.md §9).  The rules allow it; the computer does not play it
 * while it has another move. */
static SternSet
avoided_cells (const SternSearch *s, unsigned seat)
{
  const SternRules *rules = &s->rules;

  if (rules->tempo_check_move && (unsigned) s->made[seat] >= rules->home_check_move)
    return rules->home[seat];
  return 0;
}

/* Square boards: the cells a stone of seat on `from` in its goal is not
 * moved to while others of the seat are still outside: out of the goal,
 * or to a goal cell no nearer its far corner.  Such a move gains nothing
 * toward filling the goal and loses tempo for the tempo check (doc/rules.md
 * §9); Hard lost two games of halma-8 by 20 to 25 and 23 to 20 so. */
static inline SternSet
goal_shuffle_cells (const SternSearch *s, unsigned seat, unsigned from)
{
  const SternRules *rules = &s->rules;
  SternSet stones = s->pos.marbles[seat], goal = rules->goal[seat];

  if (!rules->tempo_check_move || !stern_set_has (goal, from) || (stones & ~goal) == 0)
    return 0;
  return s->goal_no_deeper[seat][from];
}

/* The moves of a node, ordered by gain and history; the moves in
 * special[0…n_special) (distinct) get bonus[] on top, found by their
 * marble rather than by a scan of the list. */
static unsigned
generate (SternSearch *s, unsigned ply, bool max_node,
          const SMove *special, const int *bonus, unsigned n_special)
{
  SMove *list = s->moves[ply];
  unsigned n = 0;
  unsigned seats[STERN_N_SEATS], n_seats = 0;

  if (max_node)
    seats[n_seats++] = s->root;
  else
    for (unsigned i = 0; i < s->n_opp; i++)
      seats[n_seats++] = s->opp[i];

  /* The moves go straight from the generator's sets into the list, in
   * the generator's order (marbles, then holes, in cell order). */
  for (unsigned k = 0; k < n_seats; k++)
    {
      unsigned seat = seats[k];
      uint8_t from[STERN_MAX_CELLS];
      SternSet dest[STERN_MAX_CELLS], kept[STERN_MAX_CELLS], all_kept = 0;
      size_t n_marbles = stern_movegen_marble_sets (&s->rules, &s->pos, seat,
                                                    &s->movegen_cache, from, dest);
      SternSet avoided = avoided_cells (s, seat);
      const int16_t *cost = s->eval.cell_cost[seat];

      for (size_t i = 0; i < n_marbles; i++)
        {
          kept[i] = dest[i] & ~avoided & ~goal_shuffle_cells (s, seat, from[i]);
          all_kept |= kept[i];
        }
      /* Only moves to avoided cells or shuffles: they are all there is. */
      if (all_kept == 0)
        memcpy (kept, dest, sizeof (SternSet) * n_marbles);

      for (size_t i = 0; i < n_marbles && n < NODE_MOVES; i++)
        {
          unsigned f = from[i], first = n;
          SternSet d = kept[i], written = d;
          int from_cost = cost[f];
          const int32_t *history = s->history[seat][f];

          while (d && n < NODE_MOVES)
            {
              unsigned to = stern_set_pop (&d);

              list[n].from = (uint8_t) f;
              list[n].to = (uint8_t) to;
              list[n].seat = (uint8_t) seat;
              list[n].flags = 0;
              list[n].order = ORDER_GAIN * (from_cost - cost[to]) + MIN (history[to], HISTORY_MAX);
              n++;
            }
          /* The marble's moves are in cell order: a special move's place
           * is the count of its marble's destinations below it. */
          for (unsigned j = 0; j < n_special; j++)
            if (special[j].from == f && special[j].seat == seat &&
                stern_set_has (written, special[j].to))
              {
                unsigned at = first + stern_set_count (written & (stern_set_bit (special[j].to) - 1));

                if (at < n)
                  list[at].order += bonus[j];
              }
        }
    }
  return n;
}

static inline bool
same_move (const SMove *a, unsigned from, unsigned to, unsigned seat)
{
  return a->from == from && a->to == to && a->seat == seat;
}

/* Brings the best-ordered of list[i…n) to i. */
static inline void
pick_next (SMove *list, unsigned i, unsigned n)
{
  unsigned best = i;

  for (unsigned j = i + 1; j < n; j++)
    if (list[j].order > list[best].order)
      best = j;
  if (best != i)
    {
      SMove t = list[i];
      list[i] = list[best];
      list[best] = t;
    }
}

/* Brings the k best-ordered moves of list[0…n) to its front, best first,
 * in one pass: a node searches only its first few moves, so sorting the
 * rest (or selecting each move in turn) would be wasted. */
static void
select_best (SMove *list, unsigned k, unsigned n)
{
  k = MIN (k, n);
  if (k == 0)
    return;
  for (unsigned i = 1; i < k; i++)
    {
      SMove m = list[i];
      unsigned j = i;

      for (; j > 0 && list[j - 1].order < m.order; j--)
        list[j] = list[j - 1];
      list[j] = m;
    }
  for (unsigned i = k; i < n; i++)
    if (list[i].order > list[k - 1].order)
      {
        SMove m = list[i];
        unsigned j = k - 1;

        list[i] = list[k - 1];
        for (; j > 0 && list[j - 1].order < m.order; j--)
          list[j] = list[j - 1];
        list[j] = m;
      }
}

static void
make (SternSearch *s, const SMove *m)
{
  stern_position_move (&s->pos, m->from, m->to);
  s->made[m->seat]++;
}

static void
unmake (SternSearch *s, const SMove *m)
{
  stern_position_move (&s->pos, m->to, m->from);
  s->made[m->seat]--;
}

void
search_seen_add (SternSearch *s, uint64_t key)
{
  unsigned i = (unsigned) key & (SEEN_SIZE - 1);

  if (key == 0)
    return;
  while (s->seen[i] != 0 && s->seen[i] != key)
    i = (i + 1) & (SEEN_SIZE - 1);
  s->seen[i] = key;
}

static bool
seen_has (const SternSearch *s, uint64_t key)
{
  unsigned i = (unsigned) key & (SEEN_SIZE - 1);

  while (s->seen[i] != 0)
    {
      if (s->seen[i] == key)
        return true;
      i = (i + 1) & (SEEN_SIZE - 1);
    }
  return false;
}

/* The position has been seen before, in the game or on the search path:
 * count it as the repetition that ends the game, ranked as §5 says. */
static bool
is_repetition (const SternSearch *s, uint64_t key, unsigned ply)
{
  for (unsigned p = ply; p >= 2; p -= 2)
    if (s->path[p - 2] == key)
      return true;
  return seen_has (s, key);
}

/* Square boards: a position met again ends nothing (doc/rules.md §9), but
 * it means neither side is getting anywhere, and then the forced end
 * decides: the leaving-home check while it is ahead, else the tempo
 * check.  The side such a standoff would condemn counts it as lost, so it
 * breaks the standoff; the side it would favour counts it a little below
 * playing on (STANDOFF_PENALTY), so it wins by finishing rather than by
 * shuffling a stone until the tempo check. */
static int
square_standoff_score (SternSearch *s)
{
  const SternRules *rules = &s->rules;
  unsigned me = s->root, opp = s->opp[0];
  int outcome = 0;

  if ((unsigned) s->made[me] < rules->home_check_move ||
      (unsigned) s->made[opp] < rules->home_check_move)
    {
      bool my_late = (s->pos.marbles[me] & rules->home[me]) != 0;
      bool opp_late = (s->pos.marbles[opp] & rules->home[opp]) != 0;

      outcome = (int) opp_late - (int) my_late;
      if (my_late && opp_late)
        return MIN (evaluate (s), 0) - STANDOFF_PENALTY;
    }
  if (outcome == 0)
    {
      unsigned my_tempo = stern_position_tempo (&s->pos, rules, me);
      unsigned opp_tempo = stern_position_tempo (&s->pos, rules, opp);

      outcome = (my_tempo < opp_tempo) - (my_tempo > opp_tempo);
    }
  if (outcome < 0)
    return -REPETITION_SCORE;
  return (outcome > 0 ? evaluate (s) : MIN (evaluate (s), 0)) - STANDOFF_PENALTY;
}

static int
repetition_score (SternSearch *s)
{
  unsigned my_goal, my_dist, opp_goal, opp_dist;
  int score = 0;

  if (s->n_opp != 1 || s->rules.variant->teams)
    return 0;
  if (s->rules.tempo_check_move)
    return square_standoff_score (s);
  stern_eval_ranking_keys (&s->eval, &s->pos, s->root, &my_goal, &my_dist);
  stern_eval_ranking_keys (&s->eval, &s->pos, s->opp[0], &opp_goal, &opp_dist);
  if (my_goal != opp_goal)
    score = my_goal > opp_goal ? REPETITION_SCORE : -REPETITION_SCORE;
  else if (my_dist != opp_dist)
    score = my_dist < opp_dist ? REPETITION_SCORE : -REPETITION_SCORE;

  /* Race (§8) with a foreign marble in our goal: winning on the ranking
   * by repetition would reward walling that marble in.  We want it let
   * out and the goal filled, so there such a repetition is no better
   * than an even position. */
  if (score > 0 && s->rules.finish_needs_all_own &&
      (s->pos.occupied & s->rules.goal[s->root] & ~s->pos.marbles[s->root]))
    score = MIN (evaluate (s), 0);
  return score;
}

static int
search_node (SternSearch *s, int depth, unsigned ply, int alpha, int beta, bool max_node)
{
  SMove *list;
  TTEntry *entry;
  uint64_t key;
  unsigned n, beam, searched = 0;
  int best, alpha0 = alpha, beta0 = beta;
  SMove best_move = { 0 };
  bool have_tt = false;
  uint8_t tt_from = 0, tt_to = 0, tt_seat = 0;
  SMove special[3];
  int bonus[3];
  unsigned n_special = 0;

  key = s->pos.hash ^ (max_node ? 0 : MIN_NODE_KEY);
  if (s->check_repetition && is_repetition (s, key, ply))
    return repetition_score (s);
  if (depth <= 0 || ply >= MAX_PLY - 1)
    return evaluate (s);
  if (out_of_budget (s))
    return 0;
  s->path[ply] = key;
  entry = &s->tt[key & (TT_SIZE - 1)];
  if (entry->key == key)
    {
      if (entry->depth >= depth &&
          (entry->bound == BOUND_EXACT ||
           (entry->bound == BOUND_LOWER && entry->score >= beta) ||
           (entry->bound == BOUND_UPPER && entry->score <= alpha)))
        return entry->score;
      have_tt = true;
      tt_from = entry->from, tt_to = entry->to, tt_seat = entry->seat;
    }

  /* The table's move first, then the killers (a move counted once). */
  {
    const SMove *k0 = &s->killers[ply][0], *k1 = &s->killers[ply][1];

    if (have_tt)
      {
        special[n_special].from = tt_from;
        special[n_special].to = tt_to;
        special[n_special].seat = tt_seat;
        bonus[n_special++] = ORDER_TT;
      }
    if (!(have_tt && same_move (k0, tt_from, tt_to, tt_seat)))
      {
        special[n_special] = *k0;
        bonus[n_special++] = ORDER_KILLER;
      }
    if (!(have_tt && same_move (k1, tt_from, tt_to, tt_seat)) &&
        !same_move (k1, k0->from, k0->to, k0->seat))
      {
        special[n_special] = *k1;
        bonus[n_special++] = ORDER_KILLER;
      }
  }
  n = generate (s, ply, max_node, special, bonus, n_special);
  list = s->moves[ply];

  beam = max_node ? s->beam_max : s->beam_min;
  best = max_node ? -INF : INF;
  select_best (list, beam, n);

  /* The children that will look into the table: fetch their entries now,
   * all at once, rather than wait for each miss in turn (a table probe
   * was the search's costliest single load). */
  if (depth > 1)
    for (unsigned i = 0; i < MIN (beam, n); i++)
      {
        const SMove *m = &list[i];
        uint64_t child = stern_position_hash_after_move (&s->pos, m->from, m->to) ^
                         (max_node ? MIN_NODE_KEY : 0);

        PREFETCH (&s->tt[child & (TT_SIZE - 1)]);
      }
  for (unsigned i = 0; i < n && searched < beam; i++)
    {
      SMove *m;
      int v;

      /* Past the selected ones only when fatal moves were skipped. */
      if (i >= beam)
        pick_next (list, i, n);
      m = &list[i];
      make (s, m);
      if (search_fatal (s, m->seat, m->to))
        {
          unmake (s, m);
          continue;
        }
      searched++;
      if (!terminal_score (s, m->seat, ply + 1, &v))
        v = search_node (s, depth - 1, ply + 1, alpha, beta, !max_node);
      unmake (s, m);
      if (s->aborted)
        return best == INF || best == -INF ? 0 : best;

      if (max_node ? v > best : v < best)
        {
          best = v;
          best_move = *m;
        }
      if (max_node)
        alpha = MAX (alpha, v);
      else
        beta = MIN (beta, v);
      if (alpha >= beta)
        {
          SMove *k = s->killers[ply];

          if (!same_move (&k[0], m->from, m->to, m->seat))
            {
              k[1] = k[0];
              k[0] = *m;
            }
          s->history[m->seat][m->from][m->to] += depth * depth;
          break;
        }
    }

  /* No move (or only fatal ones): the turn passes. */
  if (searched == 0)
    return search_node (s, depth - 1, ply + 1, alpha0, beta0, !max_node);

  entry->key = key;
  entry->score = best;
  entry->depth = (uint8_t) depth;
  entry->bound = best <= alpha0 ? BOUND_UPPER : best >= beta0 ? BOUND_LOWER : BOUND_EXACT;
  entry->from = best_move.from;
  entry->to = best_move.to;
  entry->seat = best_move.seat;
  return best;
}

/* ---- search3, a baseline: three plies, full width ---- */

/* A seat's summed distances to its goal's far tip, a marble still at home
 * counted twice: without that the rear marble stayed behind and was shut
 * in there until the leaving-home check (6 of 6 halma-8 games lost so). */
static int
distance_sum (const SternSearch *s, unsigned seat)
{
  const uint8_t *dist = s->eval.tip_dist[seat];
  int d = 0;

  for (SternSet m = s->pos.marbles[seat]; m;)
    d += dist[stern_set_pop (&m)];
  for (SternSet m = s->pos.marbles[seat] & s->rules.home[seat]; m;)
    d += dist[stern_set_pop (&m)];
  return d;
}

/* What a plain program counts: the opponents' summed distances minus ours
 * (the best opponent with several). */
static int
distance_sum_score (const SternSearch *s)
{
  int best_opp = INF;

  for (unsigned i = 0; i < s->n_opp; i++)
    best_opp = MIN (best_opp, distance_sum (s, s->opp[i]));
  return (best_opp == INF ? 0 : best_opp) - distance_sum (s, s->root);
}

/* Plain alpha-beta over every move (the opponents' together at a min
 * node), the rules' ends scored as wins and losses. */
static int
search3_node (SternSearch *s, unsigned depth, unsigned ply, int alpha, int beta, bool max_node)
{
  SternMove moves[STERN_MAX_MOVES];
  int best = max_node ? -INF : INF;
  bool any = false;

  if (depth == 0)
    return distance_sum_score (s);
  s->nodes++;
  for (unsigned k = 0; k < (max_node ? 1 : s->n_opp); k++)
    {
      unsigned seat = max_node ? s->root : s->opp[k];
      size_t n = stern_movegen_generate (&s->rules, &s->pos, seat, moves);

      for (size_t i = 0; i < n; i++)
        {
          SMove m = { moves[i].from, moves[i].to, (uint8_t) seat, 0, 0 };
          int v;

          any = true;
          make (s, &m);
          if (!terminal_score (s, seat, ply + 1, &v))
            v = search3_node (s, depth - 1, ply + 1, alpha, beta, !max_node);
          unmake (s, &m);
          if (max_node ? v > best : v < best)
            best = v;
          if (max_node)
            alpha = MAX (alpha, v);
          else
            beta = MIN (beta, v);
          if (alpha >= beta)
            return best;
        }
    }
  /* No move: the side passes. */
  return any ? best : search3_node (s, depth - 1, ply + 1, alpha, beta, !max_node);
}

/* The root: every move searched three plies deep (one ply with nobody to
 * answer), ties broken by the seed.  It knows the leaving-home deadline
 * as the levels do, or it would lose most games by it. */
gboolean
search_choose_search3 (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out)
{
  SternMove moves[STERN_MAX_MOVES];
  size_t n = search_level_root_moves (s, game, moves);
  unsigned depth = s->n_opp > 0 ? SEARCH3_DEPTH : 1;
  gint64 best = G_MININT64;

  for (size_t i = 0; i < n; i++)
    {
      SMove m = { moves[i].from, moves[i].to, (uint8_t) s->root, 0, 0 };
      gint64 key;
      int v;

      make (s, &m);
      if (!terminal_score (s, s->root, 1, &v))
        v = search3_node (s, depth - 1, 1, -INF, INF, false);
      unmake (s, &m);
      key = (gint64) v * SEARCH3_TIE_SCALE + search_move_noise (seed, m.from, m.to, SEARCH3_TIE_SCALE - 1);
      if (key > best)
        {
          best = key;
          *out = moves[i];
          s->info.score = v;
        }
    }
  s->info.depth = depth;
  return n > 0;
}

/* Easy: one ply with noise, the way a person overlooks the better move. */

gboolean
search_choose_easy (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out)
{
  SternMove moves[STERN_MAX_MOVES];
  size_t n = search_level_root_moves (s, game, moves);
  int best = -INF;

  for (size_t i = 0; i < n; i++)
    {
      SMove m = { moves[i].from, moves[i].to, (uint8_t) s->root, 0, 0 };
      int v;

      make (s, &m);
      if (!terminal_score (s, s->root, 1, &v))
        v = evaluate (s) + search_move_noise (seed, m.from, m.to, EASY_NOISE);
      unmake (s, &m);
      if (v > best)
        {
          best = v;
          *out = moves[i];
        }
    }
  s->info.score = best;
  return n > 0;
}

static int
compare_root (const void *a, const void *b)
{
  const SMove *x = a, *y = b;
  return (y->order > x->order) - (y->order < x->order);
}

/* Iterative deepening over the root's moves. */
gboolean
search_choose_tree (SternSearch *s, const SternGame *game, const LevelParams *lp,
               guint64 seed, SternMove *out)
{
  SternMove legal[STERN_MAX_MOVES];
  size_t n = search_level_root_moves (s, game, legal);
  SMove *list = s->moves[0];
  SMove best_move;
  int best_score = 0;

  if (n == 0)
    return FALSE;
  {
    SternSet avoided = avoided_cells (s, s->root);
    size_t kept = 0;

    for (size_t i = 0; i < n; i++)
      if (!stern_set_has (avoided | goal_shuffle_cells (s, s->root, legal[i].from), legal[i].to))
        legal[kept++] = legal[i];
    if (kept > 0)
      n = kept;
  }

  /* The root's order: the gain, a fixed order for ties. */
  for (size_t i = 0; i < n; i++)
    {
      list[i].from = legal[i].from;
      list[i].to = legal[i].to;
      list[i].seat = (uint8_t) s->root;
      list[i].flags = legal[i].flags;
      list[i].order = stern_eval_move_gain (&s->eval, s->root, legal[i].from, legal[i].to);
    }
  qsort (list, n, sizeof *list, compare_root);
  best_move = list[0];
  s->path[0] = s->pos.hash;

  for (unsigned depth = 1; depth <= lp->max_depth; depth++)
    {
      int alpha = -INF;
      SMove iter_best = list[0];
      unsigned completed = 0;

      for (size_t i = 0; i < n; i++)
        {
          SMove *m = &list[i];
          int noise = search_move_noise (seed, m->from, m->to, lp->jitter);
          int v;

          make (s, m);
          if (!terminal_score (s, s->root, 1, &v))
            v = search_node (s, (int) depth - 1, 1, alpha - noise, INF, false);
          unmake (s, m);
          if (s->aborted)
            break;
          v += noise;
          completed++;
          m->order = v;
          if (v > alpha)
            {
              alpha = v;
              iter_best = *m;
            }
        }

      /* An unfinished iteration still searched the previous best first:
       * whatever beat it is better. */
      if (completed > 0)
        {
          best_move = iter_best;
          best_score = alpha;
        }
      if (s->aborted)
        break;
      s->info.depth = depth;

      /* The unfinished moves keep their old order behind the searched ones. */
      for (size_t i = completed; i < n; i++)
        list[i].order = -INF;
      for (size_t i = 0; i < completed; i++)
        if (same_move (&list[i], iter_best.from, iter_best.to, iter_best.seat))
          list[i].order = INF;
      qsort (list, n, sizeof *list, compare_root);
      if (best_score >= WIN_BOUND || best_score <= -WIN_BOUND || n == 1)
        break;
    }

  out->from = best_move.from;
  out->to = best_move.to;
  out->flags = best_move.flags;
  s->info.score = best_score;
  return TRUE;
}

gboolean
search_tree_move_reaches (SternSearch *s, const SternMove *move, int threshold,
                          guint64 node_allowance)
{
  SMove m = { .from = move->from, .to = move->to, .seat = (uint8_t) s->root };
  int v;

  if (s->info.depth == 0)
    return FALSE;
  /* The move's own look, bounded by nodes alone: the tree may have spent
   * the level's time, and this is a short null-window search behind it. */
  s->aborted = false;
  s->node_limit = s->nodes + node_allowance;
  s->deadline_us = 0;
  s->cpu_deadline_us = 0;
  make (s, &m);
  if (!terminal_score (s, s->root, 1, &v))
    v = search_node (s, (int) s->info.depth - 1, 1, threshold - 1, threshold, false);
  unmake (s, &m);
  return !s->aborted && v >= threshold;
}
