/* stern-tables.h: the boards' constant tables, generated at build time by
 * stern-gen-tables.c.  Internal to the engine.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-board.h"

#define STERN_SET_WORDS(hi, lo) ((((SternSet) (hi)) << 64) | (SternSet) (lo))

extern const SternGeometry stern_star_geometry;
extern const int8_t   stern_star_u[STERN_STAR_N_CELLS];
extern const int8_t   stern_star_v[STERN_STAR_N_CELLS];
extern const int8_t   stern_star_ray[STERN_STAR_N_CELLS];
extern const SternSet stern_star_zone[2][STERN_N_RAYS];
extern const uint8_t  stern_star_zone_distance[2][STERN_N_RAYS][STERN_STAR_N_CELLS];
extern const uint8_t  stern_star_distance[STERN_STAR_N_CELLS][STERN_STAR_N_CELLS];
extern const uint64_t stern_zobrist_marble[STERN_N_RAYS][STERN_MAX_CELLS];
extern const uint64_t stern_zobrist_to_move[STERN_N_RAYS];
extern const uint64_t stern_zobrist_in_play[STERN_N_RAYS];

/* Square boards (doc/rules.md §9): [size 8, 10][orthogonal, diagonal]. */
extern const SternGeometry stern_square_geometry[STERN_N_SQUARE_SIZES][2];
extern const SternSet stern_square_camp[STERN_N_CAMPS][STERN_N_CORNERS];
extern const uint8_t  stern_square_camp_distance[STERN_N_CAMPS][2][STERN_N_CORNERS][STERN_MAX_CELLS];
extern const uint8_t  stern_square_corner_distance[STERN_N_SQUARE_SIZES][2][STERN_N_CORNERS][STERN_MAX_CELLS];
