/* stern-search.h: the computer player.
 *
 * Two players: iterative-deepening alpha-beta with a transposition table.
 * Three to six players and teams: Best-Reply Search (Schadd & Winands
 * 2011), where the opponents' best single move stands for all of theirs.
 * Solo: a beam search for the shortest crossing.  The levels are limited by
 * nodes, not by time, so the same seed gives the same move on any machine;
 * time is only a safety cap, counted in the search thread's CPU time (so a
 * busy machine does not cut the budget short) under a wall-clock ceiling
 * eight times as long.
 *
 * A search object holds the transposition table and scratch buffers,
 * allocated once; it is not thread-safe, so give each thread its own.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-game.h"

typedef enum {
  STERN_LEVEL_EASY,
  STERN_LEVEL_MEDIUM,
  STERN_LEVEL_HARD,
  STERN_LEVEL_EXPERT,
  /* Baselines for measuring the levels, not offered to players. */
  STERN_LEVEL_RANDOM,   /* a uniformly random move */
  STERN_LEVEL_GREEDY,   /* the best one-move distance gain */
  STERN_LEVEL_SEARCH3,  /* a three-ply full-width search of the summed distances */
  STERN_N_LEVELS,
} SternLevel;

/* The levels a player can choose: easy … expert. */
#define STERN_N_PLAY_LEVELS 4

/* "easy", "medium", "hard", "expert", "random", "greedy", "search3". */
const char *stern_level_name (SternLevel level);
/* FALSE when name is none of those. */
gboolean    stern_level_lookup (const char *name, SternLevel *level);

/* How many of the game's last actions the search looks back on (for
 * repetitions): a stern_game_copy_recent() keeping that many chooses the
 * same move as the whole game. */
#define STERN_SEARCH_LOOKBACK 300

typedef struct _SternSearch SternSearch;

SternSearch *stern_search_new (void);
void         stern_search_free (SternSearch *search);

/* Chooses a legal move for the seat on turn.  The same game, level and seed
 * give the same move.  movetime_ms <= 0 uses the level's own budget (a node
 * limit, with a time cap); above 0 it searches for that long (wall clock)
 * instead.  stop
 * (may be NULL) is polled with g_atomic_int_get: when it becomes non-zero
 * the search returns its best move so far at once.  Never picks a fatal
 * move (doc/rules.md §4) while another exists.  Returns FALSE only when the
 * game is over or the seat must pass. */
gboolean     stern_search_choose (SternSearch *search, const SternGame *game,
                                  SternLevel level, guint64 seed, int movetime_ms,
                                  const gint *stop, SternMove *out);

/* How far the search under way has gone, from 0 to 1: the share of its
 * node budget or of its time, whichever is nearer its end.  Called on the
 * searching thread, each time another twentieth of the way is done. */
typedef void (*SternSearchProgressFunc) (double fraction, gpointer user_data);

void         stern_search_set_progress (SternSearch *search, SternSearchProgressFunc func,
                                        gpointer user_data);

typedef struct {
  unsigned depth;       /* deepest completed iteration (plies) */
  guint64  nodes;
  int      score;       /* for the mover, in eval units (STERN_EVAL_ROW a row) */
  double   seconds;
  /* Moves the mover needs to finish, proved (a race ending, doc/computer.md
   * "Race endings"), the move chosen on a shortest plan; 0: no proof. */
  unsigned proved_moves;
} SternSearchInfo;

/* Without the safety cap a level's search ends at its node budget alone,
 * however loaded the machine: for benchmarks and the node-count signature
 * (sternhalma-cli bench --signature), never for a player. */
void         stern_search_set_uncapped (SternSearch *search, gboolean uncapped);

/* The moves seat needs to finish in the game's present position, proved
 * by the race-ending solver within the level's node budget (Hard and
 * Expert; doc/computer.md, "Race endings"); -1 when the seat is not yet
 * past the others for good or the proof does not fit the budget. */
int          stern_search_prove_finish (SternSearch *search, const SternGame *game,
                                        unsigned seat, SternLevel level);

/* What the last stern_search_choose() did. */
void         stern_search_get_info (const SternSearch *search, SternSearchInfo *info);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SternSearch, stern_search_free)
