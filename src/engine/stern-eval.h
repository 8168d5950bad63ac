/* stern-eval.h: how far a player is from finishing, for the computer
 * player's search.
 *
 * Everything is table lookups prepared once per rule set: each seat's cost
 * of a marble on each hole (rows left to the far tip of its goal, so the
 * goal fills from its deepest holes, plus a little for straying from the
 * straight line), then terms that need the whole position: no marble left
 * behind, jumps ready to be made (ladders), and leaving home before the
 * deadline of doc/rules.md §4.  Lower cost is better.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-movegen.h"

/* A won or lost position; search scores near it mean a finish in so many plies. */
#define STERN_EVAL_WIN      1000000
/* Cost units of one row of progress. */
#define STERN_EVAL_ROW      16

/* A hole number past the board's, whose cell in a position is always empty. */
#define STERN_EVAL_NO_RUNG  (STERN_MAX_CELLS - 1)

typedef struct {
  const SternRules *rules;
  unsigned marbles;
  uint8_t  tip[STERN_N_SEATS];                            /* far tip of the goal */
  uint8_t  tip_dist[STERN_N_SEATS][STERN_MAX_CELLS];      /* rows to that tip */
  uint8_t  zone_dist[STERN_N_SEATS][STERN_MAX_CELLS];     /* steps to the goal (§5) */
  int16_t  cell_cost[STERN_N_SEATS][STERN_MAX_CELLS];     /* cost of a marble there */
  /* The two directions that bring a marble one row nearer its goal tip. */
  uint8_t  forward[STERN_N_SEATS][2];
  /* For each hole and forward direction, the hole jumped over and the
   * landing hole of a ladder rung; STERN_EVAL_NO_RUNG (always empty) in the
   * goal or at the edge, so that no rung is counted there. */
  uint8_t  rung[STERN_N_SEATS][STERN_MAX_CELLS][2][2];
  /* The same four holes as a set, for stern_eval_seat_cost_cached(). */
  SternSet rung_cells[STERN_N_SEATS][STERN_MAX_CELLS];
  /* Square boards: steps from a cell of the seat's own camp to the nearest
   * cell outside it (0 outside), for the leaving-home check. */
  uint8_t  home_exit[STERN_N_SEATS][STERN_MAX_CELLS];
  /* Cost of a seat whose marbles fill the goal, the least it can have. */
  int      finished_cost[STERN_N_SEATS];
} SternEval;

void stern_eval_init (SternEval *ev, const SternRules *rules);

/* The seat's cost in pos.  moves_left is what stern_game_moves_to_leave_home()
 * gives (moves before the leaving-home check, or -1 when none applies). */
int  stern_eval_seat_cost (const SternEval *ev, const SternPosition *pos,
                           unsigned seat, int moves_left);

/* A seat's cost depends on where its marbles stand and on whether the
 * holes of their ladder rungs are empty; the search evaluates every seat
 * after each move, and most seats have moved nothing that counts.  The
 * cache keeps each seat's last cost (on the star without the deadline
 * term) and reuses it while those have not changed. */
typedef struct {
  SternSet marbles;   /* the seat's marbles then */
  SternSet occupied;  /* the occupied holes then */
  SternSet touched;   /* the rung holes looked at */
  unsigned made;      /* square boards: the seat's move counter then */
  int      cost;
  bool     valid;
} SternEvalCacheEntry;

typedef struct {
  SternEvalCacheEntry seat[STERN_N_SEATS];
} SternEvalCache;

/* Empties the cache; needed before it serves another SternEval. */
void stern_eval_cache_clear (SternEvalCache *cache);
/* stern_eval_seat_cost(), with the cache. */
int  stern_eval_seat_cost_cached (const SternEval *ev, SternEvalCache *cache,
                                  const SternPosition *pos, unsigned seat, int moves_left);

/* A plainer cost for a race against several opponents (the search's race
 * look-ahead): rows left to the goal tip, marbles still at home, and the
 * leaving-home deadline as in stern_eval_seat_cost().  Star boards only. */
int  stern_eval_race_cost (const SternEval *ev, const SternPosition *pos,
                           unsigned seat, int moves_left);

/* The cost a move saves on its marble alone (positive: forward). */
static inline int
stern_eval_move_gain (const SternEval *ev, unsigned seat, unsigned from, unsigned to)
{
  return ev->cell_cost[seat][from] - ev->cell_cost[seat][to];
}

/* Rows a move gains toward the goal tip, on an empty board. */
static inline int
stern_eval_row_gain (const SternEval *ev, unsigned seat, unsigned from, unsigned to)
{
  return (int) ev->tip_dist[seat][from] - (int) ev->tip_dist[seat][to];
}

/* Can the marble at cell get out of zone by moves of its own, the other
 * marbles standing still?  (A foreign marble in a race goal, §8.) */
bool stern_eval_blocker_can_leave (const SternRules *rules, const SternPosition *pos,
                                   unsigned cell, SternSet zone);

/* Can the marble (or stone) at cell get out of zone past those that stay,
 * staying: the marbles of every seat in its own goal?  The others move on,
 * so they are no wall.  Steps over the holes without staying marbles
 * nearly always find the way out at once; only when they do not is the
 * position of the staying marbles built for the walk with jumps.  This
 * runs at the search's leaves. */
bool stern_eval_can_get_out (const SternRules *rules, const SternPosition *pos, unsigned cell,
                             SternSet zone, SternSet staying);

/* Race on the star (§8): what walls cost the seat, its own marbles walled
 * in inside another seat's goal and other seats' marbles walled in inside
 * its goal, by the marbles that stay (every seat's in its own goal).  The
 * search counts it for its own seat only: as a cost of the opponent it
 * would reward keeping our own marbles walled in at home, in the
 * opponent's goal.  0 under other rules. */
int  stern_eval_race_trapped_cost (const SternEval *ev, const SternPosition *pos,
                                   unsigned seat);

/* The ranking keys of doc/rules.md §5: marbles in the goal, summed distance. */
void stern_eval_ranking_keys (const SternEval *ev, const SternPosition *pos, unsigned seat,
                              unsigned *in_goal, unsigned *distance);

/* Has the seat finished in pos (doc/rules.md §5, or all own marbles home in
 * the race preset)? */
bool stern_eval_seat_finished (const SternRules *rules, const SternPosition *pos, unsigned seat);
