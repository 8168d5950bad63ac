/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stern-search.c: the computer player (stern-search.h).
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
 * With long jumps and several opponents the game is a pure race, and Hard
 * and Expert look ahead differently (choose_race): a few of our own moves,
 * each answered by every opponent's likely move, the largest gain in rows.
 */
#define G_LOG_DOMAIN "stern-engine"

#include "stern-search.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stern-eval.h"
#include "stern-eval-square.h"

#define MAX_PLY         32
#define INF             (STERN_EVAL_WIN * 2)
#define WIN_BOUND       (STERN_EVAL_WIN - 1000)
#define TT_BITS         18
#define TT_SIZE         (1u << TT_BITS)
/* A min node lists every opponent's moves. */
#define NODE_MOVES      4096
/* Told apart from max nodes in the table. */
#define MIN_NODE_KEY    G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)
#define STOP_POLL_MASK  255
/* A level's safety cap counts the search thread's CPU time, so that on a
 * busy machine it still reaches its node budget and plays the same move;
 * the wall clock stops it only at this many times the cap.  Two other busy
 * processes on two cores leave the search about two thirds of a core; four
 * times still cut Expert short on a machine with a load of 7 on 2 cores. */
#define WALL_CEILING_FACTOR 8

/* A hint to bring memory into the cache, where the compiler has one. */
#if defined (__GNUC__) || defined (__clang__)
#define PREFETCH(addr)  __builtin_prefetch (addr)
#else
#define PREFETCH(addr)  ((void) (addr))
#endif

/* A repeated position ends the game (doc/rules.md §5), ranked by marbles in
 * the goal and distance: decisive, but below any finish. */
#define REPETITION_SCORE (STERN_EVAL_WIN / 2)
/* Square boards: how much less than playing on a standoff that the forced
 * end would win is worth (half a dozen moves of progress). */
#define STANDOFF_PENALTY (6 * STERN_EVAL_ROW)
/* Earlier positions of the game remembered for that. */
#define SEEN_SIZE       1024
#define SEEN_LOOKBACK   300

/* The weight of the best opponent's cost with several opponents. */
#define MULTI_OPP_NUM   1
#define MULTI_OPP_DEN   2

/* Move ordering weights.  The inner nodes keep only their first moves, so
 * the distance gain decides which moves are searched; history only breaks
 * ties between equal gains. */
#define ORDER_TT        (1 << 28)
#define ORDER_KILLER    (1 << 24)
#define ORDER_GAIN      1024
#define HISTORY_MAX     (ORDER_GAIN - 1)

/* Easy plays one ply with this much noise (eval units): about three rows,
 * enough to miss the better of two moves as people do. */
#define EASY_NOISE      (3 * STERN_EVAL_ROW)

/* The race look-ahead (choose_race): our own moves it looks ahead.  Three
 * did best in long-6 against five greedy players; four or five (fewer
 * moves each) did no better, in more time. */
#define RACE_DEPTH      3
/* The cost after our first move counts this many times more: that gain is
 * ours, what follows rests on hurdles the others may move.  Weights from
 * 1.5 to 3 did best (about 2 in 5 games won against five greedy players,
 * against 1 in 4 with the look-ahead's cost alone). */
#define RACE_NOW_W      2

/* The levels take marbles out of home first once no more than this many
 * moves per marble still at home (that can move), plus the spare, are
 * left before the deadline: a marble at the back needs two or three, more
 * when the opponent's arriving marbles stand in the way (two per marble
 * and one spare still lost 4 of 30 games between Easy, Medium and Hard). */
#define HOME_URGENT_MOVES 3
#define HOME_URGENT_SPARE 2
/* And this many moves sooner once the opponents' marbles arrive in our
 * home: they soon wall the last ones in (Hard did so to Medium's). */
#define HOME_URGENT_CROWDED 4

/* search3: its depth, and the root's scores spread by this factor so
 * that the seed breaks ties only. */
#define SEARCH3_DEPTH     3
#define SEARCH3_TIE_SCALE 64

/* Solo: how deep the beam search may look, and room for the children of
 * one depth (this many per state in the beam on average). */
#define SOLO_MAX_DEPTH  96
#define SOLO_CHILDREN   96

typedef struct {
  uint8_t from, to, seat, flags;
  int32_t order;
} SMove;

enum { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER };

typedef struct {
  uint64_t key;
  int32_t  score;
  uint8_t  depth;
  uint8_t  bound;
  uint8_t  from, to, seat;
} TTEntry;

/* What makes the levels differ.  Columns: depth, node budget, time cap
 * (ms), moves searched at inner max and min nodes, root noise, the solo
 * beam width, the race look-ahead's width, and how many times the node
 * budget the square boards get.  Square games between two good players
 * are decided by a move of tempo (or drawn by the reply), so there the
 * deeper look is what sets Expert apart: with the same budget as on the
 * star it beat Hard in 6 of 20 games of halma-8 (9 draws), with three
 * times it in 14 (3 draws), at about 1 s a move. */
typedef struct {
  unsigned max_depth;
  guint64  nodes;       /* node budget; 0: none */
  int      time_ms;     /* safety cap */
  unsigned beam_max;    /* moves searched at inner max nodes */
  unsigned beam_min;    /* and at min nodes */
  int      jitter;      /* root noise, to vary games between seeds */
  unsigned solo_beam;
  unsigned race_width;  /* own moves followed below the root; 0: no race look-ahead */
  unsigned square_factor;
} LevelParams;

static const LevelParams level_params[STERN_N_PLAY_LEVELS] = {
  /* easy: a noisy one-ply look, handled apart */
  { 1,  0,       200,  0,  0,  EASY_NOISE,          8,    0,  1 },
  /* medium: a short look ahead with some noise */
  { 2,  6000,    300,  10, 8,  STERN_EVAL_ROW,      100,  0,  1 },
  /* hard */
  { 24, 50000,   900,  14, 10, 2,                   1000, 16, 1 },
  /* expert */
  { 24, 200000,  2700, 18, 12, 2,                   3000, 24, 3 },
};

typedef struct {
  uint32_t parent;
  uint8_t  from, to;
} SoloStep;

typedef struct {
  uint64_t key;
  int32_t  h;
  uint32_t parent;
  uint8_t  from, to;
} SoloChild;

struct _SternSearch {
  TTEntry  *tt;
  SMove    (*moves)[NODE_MOVES];
  SternMove scratch[STERN_MAX_MOVES];
  SternMovegenCache movegen_cache;
  SternEvalCache    eval_cache;
  int32_t   history[STERN_N_SEATS][STERN_MAX_CELLS][STERN_MAX_CELLS];
  SMove     killers[MAX_PLY][2];

  /* The search under way. */
  SternRules    rules;
  SternEval     eval;
  SternPosition pos;
  unsigned      root;
  unsigned      partner;            /* STERN_NO_SEAT without teams */
  unsigned      n_opp;
  uint8_t       opp[STERN_N_SEATS]; /* opponent seats still playing */
  int           made[STERN_N_SEATS];
  guint64       nodes, node_limit;
  gint64        deadline_us;        /* wall clock (g_get_monotonic_time) */
  gint64        cpu_deadline_us;    /* the thread's CPU time (thread_cpu_us) */
  bool          uncapped;           /* the node budget alone ends a level's search */
  const gint   *stop;
  bool          aborted;
  uint64_t      seen[SEEN_SIZE];    /* the game's earlier positions; 0: empty slot */
  uint64_t      path[MAX_PLY];      /* keys of the positions on the search path */
  /* Only with one opponent: in Best-Reply Search a line that comes back
   * to a position skipped the other players' moves, so it is no repetition. */
  bool          check_repetition;
  /* Square boards: for a goal cell, the cells outside the goal and the
   * goal's cells no nearer its far corner (by the tempo number's
   * distance); see goal_shuffle_cells. */
  SternSet      goal_no_deeper[STERN_N_SEATS][STERN_MAX_CELLS];
  unsigned      beam_max, beam_min;

  /* Solo: the last plan, replayed while the game follows it. */
  SoloStep      *solo_steps;
  SoloChild     *solo_children;
  SternPosition *solo_cur, *solo_next;
  unsigned       solo_alloc_beam;
  SternMove      plan[SOLO_MAX_DEPTH];
  uint64_t       plan_key[SOLO_MAX_DEPTH];
  unsigned       plan_len;
  int            plan_level;

  SternSearchInfo info;
};

static const char *const level_names[STERN_N_LEVELS] = {
  "easy", "medium", "hard", "expert", "random", "greedy", "search3",
};

const char *
stern_level_name (SternLevel level)
{
  g_return_val_if_fail (level < STERN_N_LEVELS, "medium");
  return level_names[level];
}

gboolean
stern_level_lookup (const char *name, SternLevel *level)
{
  g_return_val_if_fail (name != NULL, FALSE);
  for (unsigned i = 0; i < STERN_N_LEVELS; i++)
    if (strcmp (name, level_names[i]) == 0)
      {
        if (level)
          *level = (SternLevel) i;
        return TRUE;
      }
  return FALSE;
}

SternSearch *
stern_search_new (void)
{
  SternSearch *s = g_new0 (SternSearch, 1);

  s->tt = g_new0 (TTEntry, TT_SIZE);
  s->moves = g_malloc (sizeof (SMove[NODE_MOVES]) * MAX_PLY);
  s->plan_level = -1;
  return s;
}

void
stern_search_free (SternSearch *search)
{
  if (search == NULL)
    return;
  g_free (search->tt);
  g_free (search->moves);
  g_free (search->solo_steps);
  g_free (search->solo_children);
  g_free (search->solo_cur);
  g_free (search->solo_next);
  g_free (search);
}

void
stern_search_set_uncapped (SternSearch *search, gboolean uncapped)
{
  g_return_if_fail (search != NULL);
  search->uncapped = uncapped;
}

void
stern_search_get_info (const SternSearch *search, SternSearchInfo *info)
{
  g_return_if_fail (search != NULL && info != NULL);
  *info = search->info;
}

static uint64_t
mix64 (uint64_t x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* A reproducible number in [0, range] for a move under a seed. */
static int
move_noise (guint64 seed, unsigned from, unsigned to, int range)
{
  if (range <= 0)
    return 0;
  return (int) (mix64 (seed ^ ((uint64_t) from << 8 | to) * G_GUINT64_CONSTANT (0x2545f4914f6cdd1d)) %
                (uint64_t) (range + 1));
}

/* ---- evaluation from the root's side ---- */

static int
moves_left (const SternSearch *s, unsigned seat)
{
  int deadline = (int) s->rules.leave_home_deadline;

  if (!deadline || s->made[seat] >= deadline)
    return -1;
  return deadline - s->made[seat];
}

static int
seat_cost (SternSearch *s, unsigned seat)
{
  if (s->rules.tempo_check_move)  /* square boards: both checks by move count */
    return stern_eval_square_seat_cost_cached (&s->eval, &s->eval_cache, &s->pos, seat,
                                               (unsigned) s->made[seat]);
  return stern_eval_seat_cost_cached (&s->eval, &s->eval_cache, &s->pos, seat, moves_left (s, seat));
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

/* The calling thread's CPU time in microseconds; the wall clock where the
 * system has no such clock. */
static gint64
thread_cpu_us (void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
    return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
#endif
  return g_get_monotonic_time ();
}

static bool
time_is_up (const SternSearch *s)
{
  return (s->deadline_us && g_get_monotonic_time () >= s->deadline_us) ||
         (s->cpu_deadline_us && thread_cpu_us () >= s->cpu_deadline_us);
}

/* A level's cap: CPU time, with the wall-clock ceiling; --movetime and
 * the like ask for wall time itself. */
static void
set_time_cap (SternSearch *s, gint64 start, int level_ms, int movetime_ms)
{
  if (movetime_ms > 0)
    {
      s->deadline_us = start + (gint64) movetime_ms * 1000;
      return;
    }
  if (s->uncapped)
    return;
  s->cpu_deadline_us = thread_cpu_us () + (gint64) level_ms * 1000;
  s->deadline_us = start + (gint64) level_ms * 1000 * WALL_CEILING_FACTOR;
}

static bool
out_of_budget (SternSearch *s)
{
  if (s->aborted)
    return true;
  s->nodes++;
  if (s->node_limit && s->nodes >= s->node_limit)
    s->aborted = true;
  else if ((s->nodes & STOP_POLL_MASK) == 0 &&
           ((s->stop && g_atomic_int_get (s->stop)) || time_is_up (s)))
    s->aborted = true;
  return s->aborted;
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

static void
seen_add (SternSearch *s, uint64_t key)
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

/* ---- setting up a search ---- */

static void
setup (SternSearch *s, const SternGame *game)
{
  const SternVariant *v = stern_game_get_variant (game);

  s->rules = *stern_game_get_rules (game);
  stern_eval_init (&s->eval, &s->rules);
  stern_eval_cache_clear (&s->eval_cache);
  s->pos = *stern_game_get_position (game);
  s->root = stern_game_get_turn (game);
  s->partner = v->teams ? stern_seat_opposite (s->root) : STERN_NO_SEAT;
  s->n_opp = 0;
  for (unsigned i = 0; i < v->n_players; i++)
    {
      unsigned seat = v->seats[i];

      s->made[seat] = (int) stern_game_get_moves_made (game, seat);
      if (seat != s->root && seat != s->partner &&
          stern_game_get_player_state (game, seat) == STERN_PLAYER_PLAYING)
        s->opp[s->n_opp++] = (uint8_t) seat;
    }
  s->nodes = 0;
  s->aborted = false;

  if (s->rules.tempo_check_move)
    for (unsigned i = 0; i < v->n_players; i++)
      {
        unsigned seat = v->seats[i];
        const uint8_t *corner = s->rules.tempo_distance[seat];
        SternSet goal = s->rules.goal[seat];

        for (SternSet cells = goal; cells;)
          {
            unsigned from = stern_set_pop (&cells);
            SternSet no_deeper = s->rules.geometry->all_cells & ~goal;

            for (SternSet others = goal; others;)
              {
                unsigned to = stern_set_pop (&others);

                if (corner[to] >= corner[from])
                  no_deeper |= stern_set_bit (to);
              }
            s->goal_no_deeper[seat][from] = no_deeper;
          }
      }

  /* The earlier positions, keyed as the search keys its nodes: the root
   * seat on turn at max nodes, an opponent at min nodes. */
  memset (s->seen, 0, sizeof s->seen);
  s->check_repetition = (s->rules.repetition_ends || s->rules.tempo_check_move) &&
                        s->n_opp == 1 && !v->teams;
  if (s->check_repetition && stern_game_get_n_actions (game) > 0)
    {
      g_autoptr (SternGame) past = stern_game_copy (game);
      uint64_t root_key = stern_position_key_to_move (s->root);

      for (unsigned i = 0; i < SEEN_LOOKBACK && stern_game_undo (past); i++)
        {
          const SternPosition *p = stern_game_get_position (past);

          if (p->to_move == s->root)
            seen_add (s, p->hash);
          else
            seen_add (s, p->hash ^ stern_position_key_to_move (p->to_move) ^ root_key ^ MIN_NODE_KEY);
        }
    }
}

/* The seat's legal moves in the game, fatal ones dropped while others exist. */
static size_t
root_moves (SternSearch *s, const SternGame *game, SternMove *moves)
{
  size_t n = stern_game_legal_moves (game, moves), kept = 0;

  for (size_t i = 0; i < n; i++)
    if (!(moves[i].flags & STERN_MOVE_FATAL))
      moves[kept++] = moves[i];
  return kept > 0 ? kept : n;
}

/* Steps from cell to the nearest hole outside the root seat's home (0
 * outside it). */
static unsigned
home_exit_steps (const SternSearch *s, unsigned cell)
{
  const SternRules *rules = &s->rules;
  SternSet home = rules->home[s->root], edge = 0;
  unsigned best = G_MAXUINT;

  if (!stern_set_has (home, cell))
    return 0;
  if (rules->tempo_check_move)
    return s->eval.home_exit[s->root][cell];
  for (SternSet h = home; h;)
    edge |= rules->geometry->neighbours[stern_set_pop (&h)];
  for (edge &= ~home; edge;)
    {
      unsigned d = stern_board_distance (cell, stern_set_pop (&edge));

      best = MIN (best, d);
    }
  return best;
}

/* The levels' root moves: as root_moves(), and once the leaving-home
 * deadline (§4, or the square boards' check of §9) is near, only moves
 * that take a marble out of home (or, if none can leave in one move, that
 * bring one at home nearer its edge).  The evaluation's deadline term
 * alone left Easy's noise and Medium's short look free to spend the last
 * moves elsewhere: 22 of 60 games between them and Hard were lost so. */
static size_t
level_root_moves (SternSearch *s, const SternGame *game, SternMove *moves)
{
  const SternRules *rules = &s->rules;
  size_t n = root_moves (s, game, moves), out = 0, nearer = 0, inside = 0;
  int left = stern_game_moves_to_leave_home (game, s->root);
  SternSet home = rules->home[s->root], waiting = s->pos.marbles[s->root] & home;
  unsigned can_move = 0, spare = HOME_URGENT_SPARE;

  if (left < 0 || waiting == 0)
    return n;
  /* A marble shut in at home is excused on the star, not on the square boards. */
  while (waiting)
    {
      unsigned cell = stern_set_pop (&waiting);

      can_move += rules->tempo_check_move || stern_movegen_marble_can_move (rules, &s->pos, cell);
    }
  if (s->pos.occupied & home & ~s->pos.marbles[s->root])
    spare += HOME_URGENT_CROWDED;
  if (can_move == 0 || (unsigned) left > HOME_URGENT_MOVES * can_move + spare)
    return n;

  for (size_t i = 0; i < n; i++)
    {
      bool from_home = stern_set_has (home, moves[i].from);

      out += from_home && !stern_set_has (home, moves[i].to);
      nearer += from_home && home_exit_steps (s, moves[i].to) < home_exit_steps (s, moves[i].from);
      inside += from_home;
    }
  if (inside == 0)
    return n;
  {
    size_t kept = 0;

    /* Out of home; else nearer its edge (back and forth inside lost games). */
    for (size_t i = 0; i < n; i++)
      if (stern_set_has (home, moves[i].from) &&
          (out > 0 ? !stern_set_has (home, moves[i].to)
                   : nearer == 0 ||
                     home_exit_steps (s, moves[i].to) < home_exit_steps (s, moves[i].from)))
        moves[kept++] = moves[i];
    return kept;
  }
}

static gboolean
choose_random (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out)
{
  size_t n = root_moves (s, game, s->scratch);

  if (n == 0)
    return FALSE;
  *out = s->scratch[mix64 (seed ^ stern_game_get_position (game)->hash) % n];
  return TRUE;
}

/* Greedy: the most rows gained; ties broken by the seed. */
static gboolean
choose_greedy (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out)
{
  SternMove moves[STERN_MAX_MOVES];
  size_t n = root_moves (s, game, moves);
  unsigned seat = stern_game_get_turn (game);
  int best = -INF;

  for (size_t i = 0; i < n; i++)
    {
      int v = stern_eval_row_gain (&s->eval, seat, moves[i].from, moves[i].to) * 1024 +
              move_noise (seed, moves[i].from, moves[i].to, 1023);
      if (v > best)
        {
          best = v;
          *out = moves[i];
        }
    }
  return n > 0;
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
static gboolean
choose_search3 (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out)
{
  SternMove moves[STERN_MAX_MOVES];
  size_t n = level_root_moves (s, game, moves);
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
      key = (gint64) v * SEARCH3_TIE_SCALE + move_noise (seed, m.from, m.to, SEARCH3_TIE_SCALE - 1);
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
static gboolean
choose_easy (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out)
{
  SternMove moves[STERN_MAX_MOVES];
  size_t n = level_root_moves (s, game, moves);
  int best = -INF;

  for (size_t i = 0; i < n; i++)
    {
      SMove m = { moves[i].from, moves[i].to, (uint8_t) s->root, 0, 0 };
      int v;

      make (s, &m);
      if (!terminal_score (s, s->root, 1, &v))
        v = evaluate (s) + move_noise (seed, m.from, m.to, EASY_NOISE);
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
static gboolean
choose_search (SternSearch *s, const SternGame *game, const LevelParams *lp,
               guint64 seed, SternMove *out)
{
  SternMove legal[STERN_MAX_MOVES];
  size_t n = level_root_moves (s, game, legal);
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
          int noise = move_noise (seed, m->from, m->to, lp->jitter);
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

/* ---- solo: the shortest crossing ---- */

static int
compare_children (const void *a, const void *b)
{
  const SoloChild *x = a, *y = b;

  if (x->h != y->h)
    return x->h < y->h ? -1 : 1;
  return (x->key > y->key) - (x->key < y->key);
}

static void
solo_reserve (SternSearch *s, unsigned beam)
{
  if (s->solo_alloc_beam >= beam)
    return;
  g_free (s->solo_steps);
  g_free (s->solo_children);
  g_free (s->solo_cur);
  g_free (s->solo_next);
  s->solo_steps = g_new (SoloStep, (gsize) SOLO_MAX_DEPTH * beam);
  s->solo_children = g_new (SoloChild, (gsize) SOLO_CHILDREN * beam);
  s->solo_cur = g_new (SternPosition, beam);
  s->solo_next = g_new (SternPosition, beam);
  s->solo_alloc_beam = beam;
}

/* Writes the moves from the root to a child of level `level` into the plan. */
static void
solo_trace (SternSearch *s, unsigned beam, unsigned level, uint32_t parent,
            unsigned from, unsigned to)
{
  SternPosition pos = s->pos;

  s->plan[level].from = (uint8_t) from;
  s->plan[level].to = (uint8_t) to;
  s->plan[level].flags = 0;
  for (unsigned l = level; l-- > 0;)
    {
      const SoloStep *step = &s->solo_steps[(gsize) l * beam + parent];

      s->plan[l].from = step->from;
      s->plan[l].to = step->to;
      s->plan[l].flags = 0;
      parent = step->parent;
    }
  s->plan_len = level + 1;
  for (unsigned l = 0; l < s->plan_len; l++)
    {
      s->plan_key[l] = pos.hash;
      stern_position_move (&pos, s->plan[l].from, s->plan[l].to);
    }
}

/* Beam search over move sequences: at each depth keep the `beam` best
 * distinct positions by evaluation, until one has finished. */
static void
solo_plan (SternSearch *s, unsigned beam)
{
  const unsigned seat = s->root;
  const unsigned cap = SOLO_CHILDREN * beam;
  unsigned n_cur = 1;

  solo_reserve (s, beam);
  s->solo_cur[0] = s->pos;
  s->plan_len = 0;

  for (unsigned level = 0; level < SOLO_MAX_DEPTH; level++)
    {
      SoloChild *children = s->solo_children;
      unsigned n_child = 0, n_next = 0;
      SternPosition *tmp;

      for (unsigned i = 0; i < n_cur; i++)
        {
          SternPosition *pos = &s->solo_cur[i];
          size_t count = stern_movegen_generate (&s->rules, pos, seat, s->scratch);

          for (size_t k = 0; k < count && n_child < cap; k++)
            {
              unsigned from = s->scratch[k].from, to = s->scratch[k].to;
              bool done;

              stern_position_move (pos, from, to);
              done = stern_eval_seat_finished (&s->rules, pos, seat);
              children[n_child].key = pos->hash;
              children[n_child].h = stern_eval_seat_cost (&s->eval, pos, seat, -1);
              stern_position_move (pos, to, from);
              if (done)
                {
                  solo_trace (s, beam, level, i, from, to);
                  return;
                }
              children[n_child].parent = i;
              children[n_child].from = (uint8_t) from;
              children[n_child].to = (uint8_t) to;
              n_child++;
            }
        }
      if (n_child == 0)
        break;

      qsort (children, n_child, sizeof *children, compare_children);
      for (unsigned c = 0; c < n_child && n_next < beam; c++)
        {
          SoloStep *step;

          if (c > 0 && children[c].key == children[c - 1].key)
            continue;
          step = &s->solo_steps[(gsize) level * beam + n_next];
          step->parent = children[c].parent;
          step->from = children[c].from;
          step->to = children[c].to;
          s->solo_next[n_next] = s->solo_cur[children[c].parent];
          stern_position_move (&s->solo_next[n_next], step->from, step->to);
          n_next++;
        }
      tmp = s->solo_cur;
      s->solo_cur = s->solo_next;
      s->solo_next = tmp;
      n_cur = n_next;

      /* Out of depth: follow the best line found so far. */
      if (level == SOLO_MAX_DEPTH - 1)
        {
          const SoloStep *step = &s->solo_steps[(gsize) level * beam];
          solo_trace (s, beam, level, step->parent, step->from, step->to);
        }
    }
}

static gboolean
choose_solo (SternSearch *s, int level, unsigned beam, SternMove *out)
{
  for (int attempt = 0; attempt < 2; attempt++)
    {
      if (s->plan_level == level)
        for (unsigned i = 0; i < s->plan_len; i++)
          if (s->plan_key[i] == s->pos.hash &&
              s->pos.cell[s->plan[i].from] == s->root &&
              stern_set_has (stern_movegen_destinations (&s->rules, &s->pos, s->plan[i].from),
                             s->plan[i].to))
            {
              *out = s->plan[i];
              return TRUE;
            }
      solo_plan (s, beam);
      s->plan_level = level;
    }
  return FALSE;
}

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
  int left = moves_left (s, s->root);

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

static gboolean
choose_race (SternSearch *s, const SternGame *game, const LevelParams *lp,
             guint64 seed, SternMove *out)
{
  SternMove legal[STERN_MAX_MOVES];
  size_t n = level_root_moves (s, game, legal);
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
            move_noise (seed, legal[k].from, legal[k].to, lp->jitter);
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

/* ---- the entry point ---- */

gboolean
stern_search_choose (SternSearch *search, const SternGame *game,
                     SternLevel level, guint64 seed, int movetime_ms,
                     const gint *stop, SternMove *out)
{
  SternSearch *s = search;
  const LevelParams *lp;
  gint64 start;
  gboolean found;

  g_return_val_if_fail (search != NULL && game != NULL && out != NULL, FALSE);
  g_return_val_if_fail (level < STERN_N_LEVELS, FALSE);

  memset (&s->info, 0, sizeof s->info);
  if (stern_game_is_over (game) || stern_game_must_pass (game))
    return FALSE;

  start = g_get_monotonic_time ();
  setup (s, game);
  s->stop = stop;
  s->node_limit = 0;
  s->deadline_us = 0;
  s->cpu_deadline_us = 0;

  if (level == STERN_LEVEL_RANDOM)
    found = choose_random (s, game, seed, out);
  else if (level == STERN_LEVEL_GREEDY)
    found = choose_greedy (s, game, seed, out);
  else if (level == STERN_LEVEL_SEARCH3)
    found = choose_search3 (s, game, seed, out);
  else
    {
      lp = &level_params[level];
      if (stern_game_get_variant (game)->solo)
        found = choose_solo (s, (int) level, lp->solo_beam, out);
      else if (level == STERN_LEVEL_EASY)
        found = choose_easy (s, game, seed, out);
      else if (lp->race_width > 0 && s->rules.long_jumps && s->n_opp > 1 &&
               !stern_game_get_variant (game)->teams)
        {
          s->node_limit = movetime_ms > 0 ? 0 : lp->nodes;
          set_time_cap (s, start, lp->time_ms, movetime_ms);
          found = choose_race (s, game, lp, seed, out);
        }
      else
        {
          memset (s->tt, 0, sizeof (TTEntry) * TT_SIZE);
          memset (s->history, 0, sizeof s->history);
          memset (s->killers, 0, sizeof s->killers);
          stern_movegen_cache_clear (&s->movegen_cache);
          s->beam_max = lp->beam_max;
          s->beam_min = lp->beam_min;
          s->node_limit = movetime_ms > 0 ? 0 : lp->nodes;
          if (s->rules.tempo_check_move)
            s->node_limit *= lp->square_factor;
          set_time_cap (s, start, lp->time_ms, movetime_ms);
          found = choose_search (s, game, lp, seed, out);
        }
      /* Should the search have picked nothing sensible, any legal move will do. */
      if (!found)
        found = choose_random (s, game, seed, out);
    }

  s->info.nodes = s->nodes;
  s->info.seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  return found;
}
