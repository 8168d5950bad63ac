/* stern-board.h: board geometry as data, and the star board's holes.
 *
 * A board is a set of cells with a fixed number of directions; each cell knows
 * its neighbour in every direction and the whole line of cells beyond it.  The
 * move generator only reads these tables, so any board that fits in 128 cells
 * (the star, Ugolki's 8×8) can reuse it.
 *
 * The square boards of Halma and Ugolki (doc/rules.md §9) are numbered
 * rank by rank from a1 (cell 0), file by file within a rank: cell =
 * (rank − 1) × size + file.  Their orthogonal and diagonal forms are two
 * geometries, so the move generator needs no mode of its own.
 *
 * The star (doc/rules.md §1) is numbered row by row from the bottom (m1 = cell 0)
 * to the top (e17 = cell 120), left to right within a row.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define STERN_MAX_CELLS     128
#define STERN_MAX_DIRS      8
#define STERN_MAX_LINE      16  /* longest line of cells from a cell in one direction */
#define STERN_NO_CELL       0xff

#define STERN_STAR_N_CELLS  121
#define STERN_STAR_N_DIRS   6
#define STERN_N_RAYS        6
#define STERN_HOLE_NAME_MAX 4   /* "q17" and its terminating NUL */

/* Square boards: 8×8 and 10×10; the corners counted anticlockwise from a1
 * (a1, bottom right, top right, top left); the camp shapes. */
#define STERN_N_SQUARE_SIZES 2
#define STERN_N_CORNERS      4
#define STERN_SQUARE_MAX     10

typedef enum {
  STERN_CAMP_TRIANGLE_4,   /* Halma 8×8: triangle 1-2-3-4, 10 stones */
  STERN_CAMP_TRIANGLE_5,   /* Halma 10×10: triangle 1-2-3-4-5, 15 stones */
  STERN_CAMP_RECT_3X4,     /* Ugolki: 4 files × 3 ranks, 12 stones */
  STERN_CAMP_SQUARE_3X3,   /* mini-Ugolki: 3 × 3, 9 stones */
  STERN_N_CAMPS,
} SternCamp;

/* A set of cells, one bit per cell. */
__extension__ typedef unsigned __int128 SternSet;

static inline SternSet
stern_set_bit (unsigned cell)
{
  return (SternSet) 1 << cell;
}

static inline bool
stern_set_has (SternSet set, unsigned cell)
{
  return (set >> cell) & 1;
}

/* Bit count of one word.  Without -mpopcnt the compiler's builtin calls a
 * slow library routine; this bit-slicing form is a dozen instructions. */
static inline unsigned
stern_word_count (uint64_t x)
{
#ifdef __POPCNT__
  return (unsigned) __builtin_popcountll (x);
#else
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return (unsigned) ((x * 0x0101010101010101ULL) >> 56);
#endif
}

static inline unsigned
stern_set_count (SternSet set)
{
#ifdef __POPCNT__
  return stern_word_count ((uint64_t) set) + stern_word_count ((uint64_t) (set >> 64));
#else
  /* The bit-slicing form over both words at once: their 4-bit partial
   * counts (at most 4 each) are added before the last two steps, which
   * then run once: four instructions fewer than two word counts. */
  uint64_t lo = (uint64_t) set, hi = (uint64_t) (set >> 64);

  lo = lo - ((lo >> 1) & 0x5555555555555555ULL);
  hi = hi - ((hi >> 1) & 0x5555555555555555ULL);
  lo = (lo & 0x3333333333333333ULL) + ((lo >> 2) & 0x3333333333333333ULL);
  hi = (hi & 0x3333333333333333ULL) + ((hi >> 2) & 0x3333333333333333ULL);
  lo += hi;
  lo = (lo & 0x0f0f0f0f0f0f0f0fULL) + ((lo >> 4) & 0x0f0f0f0f0f0f0f0fULL);
  return (unsigned) ((lo * 0x0101010101010101ULL) >> 56);
#endif
}

/* Index of the lowest cell in a non-empty set. */
static inline unsigned
stern_set_first (SternSet set)
{
  uint64_t lo = (uint64_t) set;
  return lo ? (unsigned) __builtin_ctzll (lo)
            : 64u + (unsigned) __builtin_ctzll ((uint64_t) (set >> 64));
}

/* Index of the highest cell in a non-empty set. */
static inline unsigned
stern_set_last (SternSet set)
{
  uint64_t hi = (uint64_t) (set >> 64);
  return hi ? 127u - (unsigned) __builtin_clzll (hi)
            : 63u - (unsigned) __builtin_clzll ((uint64_t) set);
}

/* Removes and returns the lowest cell of a non-empty set. */
static inline unsigned
stern_set_pop (SternSet *set)
{
  unsigned cell = stern_set_first (*set);
  *set &= *set - 1;
  return cell;
}

/* The six directions of the star, as (du, dv) in doc/rules.md §1. */
typedef enum {
  STERN_DIR_RIGHT,      /* (+1,  0) */
  STERN_DIR_LEFT,       /* (−1,  0) */
  STERN_DIR_UP_RIGHT,   /* ( 0, +1) */
  STERN_DIR_DOWN_LEFT,  /* ( 0, −1) */
  STERN_DIR_UP_LEFT,    /* (−1, +1) */
  STERN_DIR_DOWN_RIGHT, /* (+1, −1) */
} SternDirection;

typedef struct {
  uint8_t n_cells;
  uint8_t n_dirs;
  /* line[c][d][i]: the cell i+1 steps from c in direction d; line_len cells. */
  uint8_t line_len[STERN_MAX_CELLS][STERN_MAX_DIRS];
  uint8_t line[STERN_MAX_CELLS][STERN_MAX_DIRS][STERN_MAX_LINE];
  /* ray[c][d]: the same cells as a set, for finding the nearest marble on
   * a line with one mask (long jumps).  Cell numbers grow along a line in
   * the directions that go up a row, or right along one, and shrink in
   * the others. */
  SternSet ray[STERN_MAX_CELLS][STERN_MAX_DIRS];
  /* The ordinary jumps from each cell, packed: over and landing cell pairs. */
  uint8_t n_jumps[STERN_MAX_CELLS];
  uint8_t jump_over[STERN_MAX_CELLS][STERN_MAX_DIRS];
  uint8_t jump_land[STERN_MAX_CELLS][STERN_MAX_DIRS];
  SternSet neighbours[STERN_MAX_CELLS];
  /* The neighbours and jump landings of a cell: the holes an ordinary
   * jump from it looks at. */
  SternSet jump_zone[STERN_MAX_CELLS];
  SternSet all_cells;
} SternGeometry;

/* The star of doc/rules.md §1. */
const SternGeometry *stern_board_star (void);

/* Axial coordinates of a star hole: u = letter − 'i', v = row − 9. */
int      stern_board_hole_u (unsigned cell);
int      stern_board_hole_v (unsigned cell);
/* The hole at (u, v), or STERN_NO_CELL when there is none. */
unsigned stern_board_hole_at (int u, int v);

/* The ray a hole belongs to (its seat number 0–5), or -1 in the hexagon. */
int      stern_board_ray_of (unsigned cell);
/* The ten holes of a ray. */
SternSet stern_board_ray (unsigned ray);
/* The home or goal zone of a ray: the ray alone (10 holes) or, with 15
 * marbles, the ray plus the hexagon row next to it. */
SternSet stern_board_zone (unsigned ray, unsigned marbles);
/* Steps needed on an empty board from a cell to the nearest hole of a zone. */
unsigned stern_board_zone_distance (unsigned ray, unsigned marbles, unsigned cell);
/* Steps between two holes on an empty board. */
unsigned stern_board_distance (unsigned from, unsigned to);

/* Writes "m1", "e17", … into name (STERN_HOLE_NAME_MAX bytes). */
void     stern_board_hole_name (unsigned cell, char name[STERN_HOLE_NAME_MAX]);
/* Parses a hole name from the first len bytes of text; STERN_NO_CELL when
 * they do not name a hole. */
unsigned stern_board_hole_parse (const char *text, size_t len);

/* A square board: size 8 or 10, with or without diagonal moves; NULL for
 * any other size. */
const SternGeometry *stern_board_square (unsigned size, bool diagonals);
/* A camp on a square board (doc/rules.md §9), at a corner 0–3. */
SternSet stern_board_square_camp (SternCamp camp, unsigned corner);
/* Steps on the empty board from a cell to the nearest cell of that camp. */
unsigned stern_board_square_camp_distance (SternCamp camp, bool diagonals,
                                           unsigned corner, unsigned cell);
/* Steps on the empty square board from a cell to a corner cell; without
 * diagonals it is the Manhattan distance (the tempo number's unit). */
unsigned stern_board_square_corner_distance (unsigned size, bool diagonals,
                                             unsigned corner, unsigned cell);
/* Names a square cell "a1" … "j10" (STERN_HOLE_NAME_MAX bytes). */
void     stern_board_square_cell_name (unsigned size, unsigned cell,
                                       char name[STERN_HOLE_NAME_MAX]);
/* Parses a square cell name from len bytes of text; STERN_NO_CELL when
 * they do not name a cell of a board of that size. */
unsigned stern_board_square_cell_parse (unsigned size, const char *text, size_t len);
