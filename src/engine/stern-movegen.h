/* stern-movegen.h: the legal moves of a position (doc/rules.md §3).
 *
 * A move is identified by its marble's start and end hole; the generator
 * lists each (from, to) pair once and can give its shortest path on demand.
 * The hot path fills a caller's buffer and allocates nothing.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-position.h"

/* A marble can reach at most every other hole; 15 marbles bound the rest. */
#define STERN_MAX_MOVES 1800
/* A chain never lands on a hole twice, so a path has at most every hole. */
#define STERN_MAX_PATH  STERN_MAX_CELLS

typedef enum {
  STERN_MOVE_FATAL = 1 << 0,  /* playing it eliminates the mover (§4), set by the game */
} SternMoveFlags;

typedef struct {
  uint8_t from;
  uint8_t to;
  uint8_t flags;
} SternMove;

/* Fills moves (room for STERN_MAX_MOVES) with every legal move of seat in
 * pos, grouped by marble in cell order; returns how many. */
size_t   stern_movegen_generate (const SternRules *rules, const SternPosition *pos,
                                 unsigned seat, SternMove *moves);
/* A marble's destinations depend only on whether a few holes are empty
 * (those its chain looked at); the search meets the same marble again
 * with only a handful of holes changed, so it keeps the last result per
 * seat and hole and reuses it while none of those holes has changed.
 * With long jumps a chain looks along whole lines and the cache is not
 * used.  One cache serves one rule set. */
typedef struct {
  SternSet dest;      /* the destinations found */
  SternSet touched;   /* the holes that decided them; 0: no entry */
  SternSet occupied;  /* the occupied holes then */
} SternMovegenCacheEntry;

typedef struct {
  SternMovegenCacheEntry entry[STERN_N_SEATS][STERN_MAX_CELLS];
} SternMovegenCache;

/* Empties the cache; needed before it serves other rules. */
void     stern_movegen_cache_clear (SternMovegenCache *cache);
/* The same moves as stern_movegen_generate(), as sets: from[i] is the
 * seat's i-th marble in cell order (room for STERN_MAX_CELLS), dest[i]
 * the holes it can move to; returns the number of marbles. */
size_t   stern_movegen_marble_sets (const SternRules *rules, const SternPosition *pos,
                                    unsigned seat, SternMovegenCache *cache,
                                    uint8_t *from, SternSet *dest);
/* How many legal moves seat has, without listing them. */
size_t   stern_movegen_count (const SternRules *rules, const SternPosition *pos,
                              unsigned seat);
/* The holes the marble at from can end its move on (empty if none, or if
 * the hole is empty). */
SternSet stern_movegen_destinations (const SternRules *rules, const SternPosition *pos,
                                     unsigned from);
/* True when the marble at from has at least one legal move. */
bool     stern_movegen_marble_can_move (const SternRules *rules, const SternPosition *pos,
                                        unsigned from);
/* A shortest path of the legal move from → to, written into path (room for
 * STERN_MAX_PATH cells, from first, to last); returns its number of holes,
 * or 0 when from → to is not a legal move. */
size_t   stern_movegen_path (const SternRules *rules, const SternPosition *pos,
                             unsigned from, unsigned to, uint8_t *path);

typedef enum {
  STERN_PATH_OK,
  STERN_PATH_TOO_SHORT,       /* fewer than two holes */
  STERN_PATH_NO_MARBLE,       /* the first hole is empty */
  STERN_PATH_NOT_ON_TURN,     /* the marble is not the seat's */
  STERN_PATH_BAD_HOP,         /* a hop is neither a step nor a jump */
  STERN_PATH_STEP_IN_CHAIN,   /* a step mixed with jumps */
  STERN_PATH_REVISIT,         /* a landing repeats a hole of the chain */
  STERN_PATH_LEAVES_GOAL,     /* a marble in its goal lands outside it */
  STERN_PATH_FOREIGN_RAY,     /* the move ends in a foreign ray */
} SternPathCheck;

/* Checks a path hop by hop as seat's move; on failure *bad_hop (if not
 * NULL) is the index of the offending hole in path. */
SternPathCheck stern_movegen_check_path (const SternRules *rules, const SternPosition *pos,
                                         unsigned seat, const uint8_t *path, size_t len,
                                         size_t *bad_hop);
const char    *stern_path_check_describe (SternPathCheck check);

/* Move sequences of the given length from pos, turns rotating through the
 * variant's seats; the last level is counted without being played. */
uint64_t stern_perft (const SternRules *rules, const SternPosition *pos, unsigned depth);
