/* stern-position.h: where the marbles stand and who is on turn.
 *
 * A position is a plain value (copy it with =); it knows nothing of move
 * counters, places or history, which belong to the game (stern-game.h).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-variant.h"

#define STERN_EMPTY 0xff

typedef struct {
  uint8_t  cell[STERN_MAX_CELLS];        /* seat of the marble there, or STERN_EMPTY */
  SternSet marbles[STERN_N_SEATS];       /* each seat's marbles */
  SternSet occupied;
  uint8_t  to_move;                      /* seat on turn */
  uint64_t hash;                         /* Zobrist key of marbles and seat on turn */
} SternPosition;

void stern_position_clear (SternPosition *pos);
/* Every seat of the variant in its home, the first seat on turn. */
void stern_position_set_start (SternPosition *pos, const SternRules *rules);
void stern_position_put (SternPosition *pos, unsigned seat, unsigned cell);
void stern_position_remove (SternPosition *pos, unsigned cell);
/* Removes every marble of a seat (an eliminated player, doc/rules.md §4). */
void stern_position_remove_seat (SternPosition *pos, unsigned seat);
void stern_position_set_to_move (SternPosition *pos, unsigned seat);
/* Moves the marble at from to the empty hole to, without checking legality. */
/* The hash pos will have once the marble on from has moved to to. */
uint64_t stern_position_hash_after_move (const SternPosition *pos, unsigned from, unsigned to);
void stern_position_move (SternPosition *pos, unsigned from, unsigned to);

/* The tempo number of doc/rules.md §9: the sum over the seat's stones of
 * the Manhattan distance to the far corner cell of its goal (diagonal
 * moves not counted).  0 on the star, which has none. */
unsigned stern_position_tempo (const SternPosition *pos, const SternRules *rules, unsigned seat);

/* Zobrist keys, for the repetition rule and the search's transposition table. */
uint64_t stern_position_key_to_move (unsigned seat);
uint64_t stern_position_key_in_play (unsigned seat);
