/* stern-search-private.h: what the searches of stern-search*.c share: the
 * search object, the transposition table's entry, the levels' parameters,
 * and the node budget and time cap every search checks.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-search.h"

#include <stdbool.h>
#include <stdint.h>

#include "stern-eval.h"
#include "stern-eval-square.h"
#include "stern-race-end.h"

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
/* A player watching the computer think sees it move on every twentieth
 * of the way: often enough to look alive, rare enough to cost nothing. */
#define PROGRESS_STEPS  20
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
/* Earlier positions of the game remembered for that: the last
 * STERN_SEARCH_LOOKBACK, in a table kept under a third full. */
#define SEEN_SIZE       1024
G_STATIC_ASSERT (SEEN_SIZE >= 3 * STERN_SEARCH_LOOKBACK);

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

/* Several opponents: the solo plan of the last moves (search_choose_near_finish)
 * once at most this many of the mover's marbles are outside its goal, each
 * at most this many holes from it.  Farther out the others' marbles are
 * still about; plans from 10 marbles 8 holes out finished no sooner
 * against greedy players (doc/computer.md). */
#define NEAR_FINISH_OUTSIDE  4
#define NEAR_FINISH_DISTANCE 4

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
  gint64        start_us, cpu_start_us;  /* when the time caps began */
  SternSearchProgressFunc progress;
  gpointer      progress_data;
  unsigned      progress_told;      /* steps of PROGRESS_STEPS reported */
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

  /* Race endings: the exact solver and its plan. */
  SternRaceEnd  *race_end;
  SternMove      race_end_plan[STERN_RACE_END_MAX_MOVES];

  SternSearchInfo info;
};

/* stern-search.c: the levels, a search set up, the baselines */
G_GNUC_INTERNAL int search_move_noise (guint64 seed, unsigned from, unsigned to, int range);
G_GNUC_INTERNAL gint64 search_thread_cpu_us (void);
G_GNUC_INTERNAL void search_set_time_cap (SternSearch *s, gint64 start, int level_ms, int movetime_ms);
G_GNUC_INTERNAL void search_setup (SternSearch *s, const SternGame *game);
G_GNUC_INTERNAL size_t search_level_root_moves (SternSearch *s, const SternGame *game, SternMove *moves);
G_GNUC_INTERNAL gboolean search_choose_random (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out);
G_GNUC_INTERNAL gboolean search_choose_greedy (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out);

/* stern-search-tree.c: alpha-beta and Best-Reply Search, Easy, search3 */
G_GNUC_INTERNAL void search_seen_add (SternSearch *s, uint64_t key);
G_GNUC_INTERNAL gboolean search_choose_easy (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out);
G_GNUC_INTERNAL gboolean search_choose_tree (SternSearch *s, const SternGame *game, const LevelParams *lp, guint64 seed, SternMove *out);
G_GNUC_INTERNAL gboolean search_choose_search3 (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out);

/* stern-search-race.c */
G_GNUC_INTERNAL gboolean search_choose_race (SternSearch *s, const SternGame *game, const LevelParams *lp, guint64 seed, SternMove *out);

/* stern-search-solo.c */
G_GNUC_INTERNAL gboolean search_choose_solo (SternSearch *s, int level, unsigned beam, SternMove *out);
/* The first move of the root seat's shortest crossing the solo beam finds
 * with the others' marbles standing where they are. */
G_GNUC_INTERNAL gboolean search_plan_first_move (SternSearch *s, unsigned beam, SternMove *out);
/* After search_choose_tree: does the root's move score at least threshold
 * at the depth the tree completed (within node_allowance more nodes)? */
G_GNUC_INTERNAL gboolean search_tree_move_reaches (SternSearch *s, const SternMove *move,
                                                   int threshold, guint64 node_allowance);

/* Whether the search's time is up (polled every few hundred nodes). */
static inline bool
search_time_is_up (const SternSearch *s)
{
  return (s->deadline_us && g_get_monotonic_time () >= s->deadline_us) ||
         (s->cpu_deadline_us && search_thread_cpu_us () >= s->cpu_deadline_us);
}

G_GNUC_INTERNAL void search_tell_progress (SternSearch *s);

/* Counts a node; TRUE when the search must stop: its node budget spent,
 * its time up or a stop asked for. */
static inline bool
out_of_budget (SternSearch *s)
{
  if (s->aborted)
    return true;
  s->nodes++;
  if (s->node_limit && s->nodes >= s->node_limit)
    s->aborted = true;
  else if ((s->nodes & STOP_POLL_MASK) == 0)
    {
      if ((s->stop && g_atomic_int_get (s->stop)) || search_time_is_up (s))
        s->aborted = true;
      else if (s->progress != NULL)
        search_tell_progress (s);
    }
  return s->aborted;
}

/* The seat's moves left before the leaving-home deadline; -1: none. */
static inline int
search_moves_left (const SternSearch *s, unsigned seat)
{
  int deadline = (int) s->rules.leave_home_deadline;

  if (!deadline || s->made[seat] >= deadline)
    return -1;
  return deadline - s->made[seat];
}
