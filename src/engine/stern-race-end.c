/* stern-race-end.c: race endings on the star (stern-race-end.h): the
 * test that a seat has left the others behind for good, and an exact
 * iterative-deepening search for the fewest moves of its own crossing,
 * alone or among the others' marbles standing still.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-race-end.h"

#include <stdlib.h>
#include <string.h>

/* Rows between the seat's rearmost marble and the others' foremost that
 * keep them apart for good (doc/computer.md, "Race endings"): a hop over a
 * marble of ours lands at most one row behind it, so ours stand, and land,
 * at least two rows ahead of theirs, and two holes two rows apart are
 * never neighbours. */
#define RACE_END_GAP     3
/* The transposition table: a lower bound on the moves left per position,
 * kept for one proof (entries of earlier proofs are told apart by a
 * generation).  2^16 entries lost much to collisions once a proof went
 * past 100,000 nodes (an 11-move ending took 425,130 nodes, with 2^18
 * 230,765, with 2^20 190,947); 2^18 is 4 MiB. */
#define RACE_END_TT_BITS 18
#define RACE_END_TT_SIZE (1u << RACE_END_TT_BITS)
#define RACE_END_FOUND   (-1)
#define RACE_END_INF     1000

typedef struct {
  uint64_t key;
  uint32_t gen;
  uint8_t  bound;
} RaceEndEntry;

typedef struct {
  uint8_t from, to;
  int8_t  gain;
} RaceEndMove;

struct _SternRaceEnd {
  RaceEndEntry *tt;
  uint32_t      gen;
  SternMove     scratch[STERN_MAX_MOVES];
  RaceEndMove   moves[STERN_RACE_END_MAX_MOVES][STERN_MAX_MOVES];
  SternMove     path[STERN_RACE_END_MAX_MOVES];

  /* The proof under way. */
  const SternRules *rules;
  SternPosition pos;
  unsigned      seat;
  SternSet      allowed;                /* where a move may end */
  SternSet      goal;
  int8_t        row[STERN_MAX_CELLS];   /* rows in the seat's direction of travel */
  uint8_t       klass[STERN_MAX_CELLS]; /* the four classes jumps keep */
  unsigned      goal_class[4];
  unsigned      have[4], out[4];        /* the seat's marbles by class, and outside the goal */
  guint64       nodes, budget;
  bool          aborted;
  unsigned      found_len;
};

/* The six directions of the star as (du, dv), going round: right, up-right,
 * up-left, left, down-left, down-right. */
static const int dir_uv[6][2] = { { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 } };

static int
hex_norm (int u, int v)
{
  return MAX (MAX (ABS (u), ABS (v)), ABS (u + v));
}

/* The hole of a zone farthest from the centre: its tip. */
static unsigned
zone_tip (SternSet zone)
{
  unsigned tip = 0;
  int far = -1;

  while (zone)
    {
      unsigned cell = stern_set_pop (&zone);
      int d = hex_norm (stern_board_hole_u (cell), stern_board_hole_v (cell));

      if (d > far)
        {
          far = d;
          tip = cell;
        }
    }
  return tip;
}

/* The seat's rows: a linear function of (u, v) that the two directions
 * toward its goal's tip raise by one; every step then changes it by at
 * most one.  FALSE when the rules are not the star's. */
static bool
seat_rows (const SternRules *rules, unsigned seat, int8_t *row)
{
  unsigned home_tip, goal_tip;
  int wu, wv;

  if (rules->geometry != stern_board_star () || !rules->home[seat] || !rules->goal[seat])
    return false;
  home_tip = zone_tip (rules->home[seat]);
  goal_tip = zone_tip (rules->goal[seat]);
  wu = stern_board_hole_u (goal_tip) - stern_board_hole_u (home_tip);
  wv = stern_board_hole_v (goal_tip) - stern_board_hole_v (home_tip);
  for (unsigned i = 0; i < 6; i++)
    {
      const int *d1 = dir_uv[i], *d2 = dir_uv[(i + 1) % 6];
      int su = d1[0] + d2[0], sv = d1[1] + d2[1];
      int det = d1[0] * d2[1] - d2[0] * d1[1];
      int a, b;

      if (su * wv - sv * wu != 0 || su * wu + sv * wv <= 0)
        continue;
      a = (d2[1] - d1[1]) / det;
      b = (d1[0] - d2[0]) / det;
      for (unsigned cell = 0; cell < STERN_STAR_N_CELLS; cell++)
        row[cell] = (int8_t) (a * stern_board_hole_u (cell) + b * stern_board_hole_v (cell));
      return true;
    }
  return false;
}

/* What both kinds of ending ask before the solver may plan seat's moves
 * alone: the star's short jumps and seat's marbles able to fill its goal. */
static bool
solo_ready (const SternRules *rules, const SternPosition *pos, unsigned seat)
{
  SternSet ours = pos->marbles[seat];

  if (rules->long_jumps || rules->tempo_check_move || ours == 0)
    return false;
  /* Every move of ours must end in the goal in the end: a marble at home
   * may meet the deadline (§4), and a foreign marble in the goal may stay. */
  if ((ours & rules->home[seat]) || (pos->occupied & ~ours & rules->goal[seat]))
    return false;
  /* The solver fills the goal with exactly our marbles. */
  return stern_set_count (ours) == stern_set_count (rules->goal[seat]);
}

/* The least row (in seat's rows) a marble of seat may stand on, kept
 * apart from the others in playing; FALSE when they are not apart. */
static bool
disengaged_line (const SternRules *rules, const SternPosition *pos, unsigned seat,
                 SternSeatMask playing, const int8_t *row, int *line)
{
  SternSet ours = pos->marbles[seat], theirs = 0;
  int rear = G_MAXINT, front = G_MININT;

  if (!solo_ready (rules, pos, seat))
    return false;
  for (unsigned other = 0; other < STERN_N_SEATS; other++)
    {
      if (other == seat || !(playing & (1u << other)) || !pos->marbles[other])
        continue;
      /* Only a seat travelling the opposite way goes away from ours. */
      if (stern_seat_opposite (other) != seat)
        return false;
      theirs |= pos->marbles[other];
    }
  for (SternSet s = ours; s;)
    {
      int r = row[stern_set_pop (&s)];

      rear = MIN (rear, r);
    }
  for (SternSet s = theirs; s;)
    {
      int r = row[stern_set_pop (&s)];

      front = MAX (front, r);
    }
  if (theirs == 0)
    {
      *line = G_MININT;
      return true;
    }
  *line = front + RACE_END_GAP;
  if (rear < *line)
    return false;
  /* The marbles of seats no longer playing stay where they are; one
   * behind the line could carry a chain of ours back to the others. */
  for (SternSet s = pos->occupied & ~ours & ~theirs; s;)
    if (row[stern_set_pop (&s)] < *line)
      return false;
  return true;
}

bool
stern_race_end_disengaged (const SternRules *rules, const SternPosition *pos,
                           unsigned seat, SternSeatMask playing)
{
  int8_t row[STERN_MAX_CELLS];
  int line;

  g_return_val_if_fail (rules != NULL && pos != NULL && seat < STERN_N_SEATS, false);
  return seat_rows (rules, seat, row) && disengaged_line (rules, pos, seat, playing, row, &line);
}

SternRaceEnd *
stern_race_end_new (void)
{
  SternRaceEnd *re = g_new0 (SternRaceEnd, 1);

  re->tt = g_new0 (RaceEndEntry, RACE_END_TT_SIZE);
  return re;
}

void
stern_race_end_free (SternRaceEnd *solver)
{
  if (solver == NULL)
    return;
  g_free (solver->tt);
  g_free (solver);
}

guint64
stern_race_end_get_nodes (const SternRaceEnd *solver)
{
  g_return_val_if_fail (solver != NULL, 0);
  return solver->nodes;
}

/* A lower bound on the moves left, from the counts of the seat's marbles
 * by class.  A jump moves a marble two holes along a line, so it keeps
 * (u mod 2, v mod 2): only a step changes a marble's class.  The marbles
 * of a class need a move each that is outside the goal, and a step each
 * for those the goal has no room for in that class; a move moves one
 * marble, so the classes add up. */
static unsigned
bound_of (const SternRaceEnd *re, const unsigned *have, const unsigned *out)
{
  unsigned h = 0;

  for (unsigned k = 0; k < 4; k++)
    {
      unsigned surplus = have[k] > re->goal_class[k] ? have[k] - re->goal_class[k] : 0;

      h += MAX (surplus, out[k]);
    }
  return h;
}

/* The bound after the move from → to, without playing it. */
static unsigned
bound_after (const SternRaceEnd *re, unsigned from, unsigned to)
{
  unsigned have[4], out[4];

  memcpy (have, re->have, sizeof have);
  memcpy (out, re->out, sizeof out);
  have[re->klass[from]]--;
  out[re->klass[from]] -= !stern_set_has (re->goal, from);
  have[re->klass[to]]++;
  out[re->klass[to]] += !stern_set_has (re->goal, to);
  return bound_of (re, have, out);
}

static void
play (SternRaceEnd *re, unsigned from, unsigned to)
{
  stern_position_move (&re->pos, from, to);
  re->have[re->klass[from]]--;
  re->out[re->klass[from]] -= !stern_set_has (re->goal, from);
  re->have[re->klass[to]]++;
  re->out[re->klass[to]] += !stern_set_has (re->goal, to);
}

static int
compare_moves (const void *a, const void *b)
{
  const RaceEndMove *x = a, *y = b;

  if (x->gain != y->gain)
    return x->gain > y->gain ? -1 : 1;
  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  return (x->to > y->to) - (x->to < y->to);
}

/* The transposition table's lower bound for the position, 0 if none. */
static unsigned
tt_bound (const SternRaceEnd *re)
{
  const RaceEndEntry *e = &re->tt[re->pos.hash & (RACE_END_TT_SIZE - 1)];

  return e->key == re->pos.hash && e->gen == re->gen ? e->bound : 0;
}

static void
tt_store (SternRaceEnd *re, int bound)
{
  RaceEndEntry *e = &re->tt[re->pos.hash & (RACE_END_TT_SIZE - 1)];

  e->key = re->pos.hash;
  e->gen = re->gen;
  e->bound = (uint8_t) CLAMP (bound, 0, G_MAXUINT8);
}

/* Depth-first search under bound from a position g moves from the root
 * that needs at least h more: RACE_END_FOUND with the path, or the least
 * g + h above bound met (the next bound).  A node is a position whose
 * moves are generated; the children are weighed by their bounds first,
 * so that only those that may still finish within bound are entered. */
static int
race_end_dfs (SternRaceEnd *re, unsigned g, unsigned h, unsigned bound)
{
  RaceEndMove *list;
  size_t n, kept = 0;
  unsigned entering = 0, out;
  int next = RACE_END_INF;

  if (h == 0)
    {
      re->found_len = g;
      return RACE_END_FOUND;
    }
  if (g >= STERN_RACE_END_MAX_MOVES)
    return RACE_END_INF;
  if (re->nodes++ >= re->budget)
    {
      re->aborted = true;
      return RACE_END_INF;
    }

  /* Only the children whose bound still fits are kept. */
  list = re->moves[g];
  n = stern_movegen_generate (re->rules, &re->pos, re->seat, re->scratch);
  for (size_t k = 0; k < n; k++)
    {
      unsigned from = re->scratch[k].from, to = re->scratch[k].to, ch;

      if (!stern_set_has (re->allowed, to))
        continue;
      entering += !stern_set_has (re->goal, from) && stern_set_has (re->goal, to);
      ch = bound_after (re, from, to);
      if (g + 1 + ch > bound)
        {
          next = MIN (next, (int) (g + 1 + ch));
          continue;
        }
      list[kept].from = (uint8_t) from;
      list[kept].to = (uint8_t) to;
      list[kept].gain = (int8_t) (re->row[to] - re->row[from]);
      kept++;
    }
  /* Each marble outside the goal needs a move that brings it in; when no
   * move does now, the first move is one more. */
  out = stern_set_count (re->pos.marbles[re->seat] & ~re->goal);
  if (entering == 0 && out + 1 > h)
    {
      h = out + 1;
      if (g + h > bound)
        {
          tt_store (re, (int) h);
          return (int) (g + h);
        }
    }
  qsort (list, kept, sizeof *list, compare_moves);
  for (size_t k = 0; k < kept; k++)
    {
      unsigned from = list[k].from, to = list[k].to, ch;
      int t;

      play (re, from, to);
      ch = MAX (bound_of (re, re->have, re->out), tt_bound (re));
      if (g + 1 + ch > bound)
        t = (int) (g + 1 + ch);
      else
        t = race_end_dfs (re, g + 1, ch, bound);
      play (re, to, from);
      if (t == RACE_END_FOUND)
        {
          re->path[g].from = (uint8_t) from;
          re->path[g].to = (uint8_t) to;
          re->path[g].flags = 0;
          return RACE_END_FOUND;
        }
      if (re->aborted)
        return RACE_END_INF;
      next = MIN (next, t);
    }
  /* Every child needs at least its bound: this position needs one more. */
  tt_store (re, next - (int) g);
  return next;
}

/* The proof from re->pos, once the caller has set re->allowed and left
 * on the board only the marbles that stay. */
static int
solve (SternRaceEnd *re, const SternRules *rules, unsigned seat, guint64 budget, SternMove *plan)
{
  unsigned bound;

  re->rules = rules;
  re->seat = seat;
  re->goal = rules->goal[seat];
  memset (re->goal_class, 0, sizeof re->goal_class);
  for (unsigned cell = 0; cell < STERN_STAR_N_CELLS; cell++)
    re->klass[cell] = (uint8_t) ((stern_board_hole_u (cell) & 1) |
                                 (stern_board_hole_v (cell) & 1) << 1);
  for (SternSet s = re->goal; s;)
    re->goal_class[re->klass[stern_set_pop (&s)]]++;
  memset (re->have, 0, sizeof re->have);
  memset (re->out, 0, sizeof re->out);
  for (SternSet s = re->pos.marbles[seat]; s;)
    {
      unsigned cell = stern_set_pop (&s);

      re->have[re->klass[cell]]++;
      re->out[re->klass[cell]] += !stern_set_has (re->goal, cell);
    }
  re->budget = budget;
  re->aborted = false;
  re->gen++;

  bound = bound_of (re, re->have, re->out);
  while (bound <= STERN_RACE_END_MAX_MOVES)
    {
      int t = race_end_dfs (re, 0, bound_of (re, re->have, re->out), bound);

      if (t == RACE_END_FOUND)
        {
          if (plan != NULL)
            memcpy (plan, re->path, re->found_len * sizeof *plan);
          return (int) re->found_len;
        }
      if (re->aborted || t >= RACE_END_INF)
        return -1;
      bound = (unsigned) t;
    }
  return -1;
}

int
stern_race_end_solve (SternRaceEnd *solver, const SternRules *rules, const SternPosition *pos,
                      unsigned seat, SternSeatMask playing, guint64 budget, SternMove *plan)
{
  SternRaceEnd *re = solver;
  int line;

  g_return_val_if_fail (solver != NULL && rules != NULL && pos != NULL, -1);
  g_return_val_if_fail (seat < STERN_N_SEATS, -1);

  re->nodes = 0;
  if (!seat_rows (rules, seat, re->row) ||
      !disengaged_line (rules, pos, seat, playing, re->row, &line))
    return -1;

  re->pos = *pos;
  /* The others still playing are gone for good: a solo crossing. */
  for (unsigned other = 0; other < STERN_N_SEATS; other++)
    if (other != seat && (playing & (1u << other)))
      stern_position_remove_seat (&re->pos, other);
  re->allowed = rules->geometry->all_cells & ~rules->home[seat];
  for (unsigned cell = 0; cell < STERN_STAR_N_CELLS; cell++)
    if (re->row[cell] < line)
      re->allowed &= ~stern_set_bit (cell);
  return solve (re, rules, seat, budget, plan);
}

/* Whether the plan's moves from its checked_from'th on are legal from
 * start, the earlier ones played as they are. */
static bool
plan_legal (const SternRules *rules, SternPosition start, const SternMove *plan, int n,
            int checked_from)
{
  for (int k = 0; k < n; k++)
    {
      if (k >= checked_from &&
          !stern_set_has (stern_movegen_destinations (rules, &start, plan[k].from), plan[k].to))
        return false;
      stern_position_move (&start, plan[k].from, plan[k].to);
    }
  return true;
}

static SternPosition
seat_alone (const SternPosition *pos, unsigned seat)
{
  SternPosition alone = *pos;

  for (unsigned other = 0; other < STERN_N_SEATS; other++)
    if (other != seat)
      stern_position_remove_seat (&alone, other);
  return alone;
}

int
stern_race_end_solve_standing (SternRaceEnd *solver, const SternRules *rules,
                               const SternPosition *pos, unsigned seat, guint64 budget,
                               SternMove *plan)
{
  SternRaceEnd *re = solver;
  int n;

  g_return_val_if_fail (solver != NULL && rules != NULL && pos != NULL, -1);
  g_return_val_if_fail (seat < STERN_N_SEATS, -1);

  re->nodes = 0;
  if (!seat_rows (rules, seat, re->row) || !solo_ready (rules, pos, seat))
    return -1;
  re->pos = *pos;
  re->allowed = rules->geometry->all_cells & ~rules->home[seat];
  n = solve (re, rules, seat, budget, NULL);
  if (n <= 0)
    return n;
  /* The others move on: a plan whose later moves hop over one of their
   * marbles may find it gone.  Failing that, a plan of seat's marbles
   * alone that none of theirs stands in the way of, as short. */
  if (!plan_legal (rules, seat_alone (pos, seat), re->path, n, 1))
    {
      re->pos = seat_alone (pos, seat);
      if (solve (re, rules, seat, budget, NULL) != n || !plan_legal (rules, *pos, re->path, n, 0))
        return -1;
    }
  if (plan != NULL)
    memcpy (plan, re->path, (size_t) n * sizeof *plan);
  return n;
}
