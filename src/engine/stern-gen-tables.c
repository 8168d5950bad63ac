/* stern-gen-tables.c: computes the board tables at build time and writes
 * them as C source, so the engine carries them as constant data: the star
 * (doc/rules.md §1) and the square boards of Halma and Ugolki (doc/rules.md §9).
 *
 * Usage: stern-gen-tables OUTPUT.c
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 128
#define N_CELLS   121
#define N_DIRS    6
#define MAX_DIRS  8
#define MAX_LINE  16
#define N_RAYS    6
#define NO_CELL   0xff
#define ZOBRIST_SEED 0x5eed5eed2026ULL

/* Square boards: sizes 8 and 10, corners counted from a1 anticlockwise
 * (a1, the bottom right, the top right, the top left). */
#define N_SQUARE_SIZES 2
#define N_CORNERS      4
/* Camp shapes of doc/rules.md §9, in SternCamp order. */
#define N_CAMPS        4

static const int dir_du[N_DIRS] = { +1, -1, 0, 0, -1, +1 };
static const int dir_dv[N_DIRS] = { 0, 0, +1, -1, +1, -1 };

/* Square directions: the four orthogonal ones first, so the orthogonal
 * board is a prefix of the diagonal one; opposites come in pairs. */
static const int sq_dx[MAX_DIRS] = { +1, -1, 0, 0, +1, -1, -1, +1 };
static const int sq_dy[MAX_DIRS] = { 0, 0, +1, -1, +1, -1, +1, -1 };

static const int square_sizes[N_SQUARE_SIZES] = { 8, 10 };

static int cell_u[N_CELLS], cell_v[N_CELLS];
static int index_of[17][17];   /* [u+8][v+8] → cell or -1 */

/* A board for the table writer: cells with coordinates, a cell lookup and
 * the directions a marble moves in. */
typedef struct {
  int n_cells;
  int n_dirs;
  const int *dx, *dy;
  int x[MAX_CELLS], y[MAX_CELLS];
  int size;     /* 0: the star; else the side of the square */
} Board;

static int
hole_exists (int u, int v)
{
  return (u >= -4 && v >= -4 && u + v <= 4) || (u <= 4 && v <= 4 && u + v >= -4);
}

static int
cell_at (int u, int v)
{
  if (u < -8 || u > 8 || v < -8 || v > 8)
    return -1;
  return index_of[u + 8][v + 8];
}

/* The ray of doc/rules.md §1 that holds (u, v), or -1 in the hexagon. */
static int
ray_of (int u, int v)
{
  if (v <= -5) return 0;
  if (u + v <= -5) return 1;
  if (u <= -5) return 2;
  if (v >= 5) return 3;
  if (u + v >= 5) return 4;
  if (u >= 5) return 5;
  return -1;
}

/* The hexagon row next to a ray: with 15 marbles it joins home and goal. */
static int
in_next_row (int ray, int u, int v)
{
  if (ray_of (u, v) != -1)
    return 0;
  switch (ray)
    {
    case 0: return v == -4;
    case 1: return u + v == -4;
    case 2: return u == -4;
    case 3: return v == 4;
    case 4: return u + v == 4;
    case 5: return u == 4;
    default: return 0;
    }
}

static uint64_t
splitmix64 (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static int
board_at (const Board *b, int x, int y)
{
  if (b->size == 0)
    return cell_at (x, y);
  if (x < 0 || y < 0 || x >= b->size || y >= b->size)
    return -1;
  return y * b->size + x;
}

static void
print_set_n (FILE *out, const unsigned char *member, int n_cells)
{
  uint64_t lo = 0, hi = 0;
  for (int c = 0; c < n_cells; c++)
    if (member[c])
      {
        if (c < 64) lo |= 1ULL << c;
        else hi |= 1ULL << (c - 64);
      }
  fprintf (out, "STERN_SET_WORDS (0x%016llxULL, 0x%016llxULL)",
           (unsigned long long) hi, (unsigned long long) lo);
}

static void
print_set (FILE *out, const unsigned char member[N_CELLS])
{
  print_set_n (out, member, N_CELLS);
}

/* Breadth-first distances on the empty board from a set of cells, in
 * steps along the board's directions. */
static void
board_distances_from (const Board *b, const unsigned char *source, unsigned char *dist)
{
  int queue[MAX_CELLS], head = 0, tail = 0;
  memset (dist, 0xff, (size_t) b->n_cells);
  for (int c = 0; c < b->n_cells; c++)
    if (source[c])
      {
        dist[c] = 0;
        queue[tail++] = c;
      }
  while (head < tail)
    {
      int c = queue[head++];
      for (int d = 0; d < b->n_dirs; d++)
        {
          int n = board_at (b, b->x[c] + b->dx[d], b->y[c] + b->dy[d]);
          if (n >= 0 && dist[n] == 0xff)
            {
              dist[n] = (unsigned char) (dist[c] + 1);
              queue[tail++] = n;
            }
        }
    }
}


static Board star_board;

static void
distances_from (const unsigned char source[N_CELLS], unsigned char dist[N_CELLS])
{
  board_distances_from (&star_board, source, dist);
}

/* Writes the body of a SternGeometry initializer for a board: lines of
 * cells in each direction, the packed ordinary jumps, neighbours. */
static void
emit_geometry (FILE *out, const Board *b)
{
  fprintf (out, "  .n_cells = %d,\n  .n_dirs = %d,\n", b->n_cells, b->n_dirs);
  fprintf (out, "  .line_len = {\n");
  for (int c = 0; c < b->n_cells; c++)
    {
      fprintf (out, "    {");
      for (int d = 0; d < b->n_dirs; d++)
        {
          int len = 0;
          while (board_at (b, b->x[c] + b->dx[d] * (len + 1), b->y[c] + b->dy[d] * (len + 1)) >= 0)
            len++;
          fprintf (out, " %d,", len);
        }
      fprintf (out, " },\n");
    }
  fprintf (out, "  },\n  .line = {\n");
  for (int c = 0; c < b->n_cells; c++)
    {
      fprintf (out, "    {");
      for (int d = 0; d < b->n_dirs; d++)
        {
          fprintf (out, " {");
          for (int i = 0; i < MAX_LINE; i++)
            {
              int m = board_at (b, b->x[c] + b->dx[d] * (i + 1), b->y[c] + b->dy[d] * (i + 1));
              fprintf (out, " %d,", m >= 0 ? m : NO_CELL);
            }
          fprintf (out, " },");
        }
      fprintf (out, " },\n");
    }
  fprintf (out, "  },\n  .ray = {\n");
  for (int c = 0; c < b->n_cells; c++)
    {
      fprintf (out, "    {");
      for (int d = 0; d < b->n_dirs; d++)
        {
          unsigned char member[MAX_CELLS] = { 0 };
          int m;

          for (int i = 1; (m = board_at (b, b->x[c] + b->dx[d] * i, b->y[c] + b->dy[d] * i)) >= 0; i++)
            member[m] = 1;
          fprintf (out, " ");
          print_set_n (out, member, b->n_cells);
          fprintf (out, ",");
        }
      fprintf (out, " },\n");
    }
  fprintf (out, "  },\n");

  /* Jumps: packed pairs of (over, landing) for every direction that has both. */
  fprintf (out, "  .n_jumps = {");
  for (int c = 0; c < b->n_cells; c++)
    {
      int k = 0;
      for (int d = 0; d < b->n_dirs; d++)
        if (board_at (b, b->x[c] + 2 * b->dx[d], b->y[c] + 2 * b->dy[d]) >= 0)
          k++;
      fprintf (out, "%s%d,", c % 20 == 0 ? "\n    " : " ", k);
    }
  fprintf (out, "\n  },\n");
  for (int pass = 0; pass < 2; pass++)
    {
      fprintf (out, "  .%s = {\n", pass == 0 ? "jump_over" : "jump_land");
      for (int c = 0; c < b->n_cells; c++)
        {
          int k = 0;
          fprintf (out, "    {");
          for (int d = 0; d < b->n_dirs; d++)
            {
              int land = board_at (b, b->x[c] + 2 * b->dx[d], b->y[c] + 2 * b->dy[d]);
              if (land >= 0)
                {
                  int over = board_at (b, b->x[c] + b->dx[d], b->y[c] + b->dy[d]);
                  fprintf (out, " %d,", pass == 0 ? over : land);
                  k++;
                }
            }
          for (; k < MAX_DIRS; k++)
            fprintf (out, " %d,", NO_CELL);
          fprintf (out, " },\n");
        }
      fprintf (out, "  },\n");
    }

  fprintf (out, "  .neighbours = {\n");
  for (int c = 0; c < b->n_cells; c++)
    {
      unsigned char member[MAX_CELLS] = { 0 };
      for (int d = 0; d < b->n_dirs; d++)
        {
          int m = board_at (b, b->x[c] + b->dx[d], b->y[c] + b->dy[d]);
          if (m >= 0)
            member[m] = 1;
        }
      fprintf (out, "    ");
      print_set_n (out, member, b->n_cells);
      fprintf (out, ",\n");
    }
  fprintf (out, "  },\n  .jump_zone = {\n");
  for (int c = 0; c < b->n_cells; c++)
    {
      unsigned char member[MAX_CELLS] = { 0 };
      for (int d = 0; d < b->n_dirs; d++)
        for (int k = 1; k <= 2; k++)
          {
            int m = board_at (b, b->x[c] + k * b->dx[d], b->y[c] + k * b->dy[d]);
            if (m >= 0)
              member[m] = 1;
          }
      fprintf (out, "    ");
      print_set_n (out, member, b->n_cells);
      fprintf (out, ",\n");
    }
  fprintf (out, "  },\n  .all_cells = ");
  {
    unsigned char member[MAX_CELLS];
    memset (member, 1, sizeof member);
    print_set_n (out, member, b->n_cells);
  }
  fprintf (out, ",\n");
}

static void
square_board (Board *b, int size, int diagonals)
{
  memset (b, 0, sizeof *b);
  b->size = size;
  b->n_cells = size * size;
  b->n_dirs = diagonals ? 8 : 4;
  b->dx = sq_dx;
  b->dy = sq_dy;
  for (int c = 0; c < b->n_cells; c++)
    {
      b->x[c] = c % size;
      b->y[c] = c / size;
    }
}

/* The corner cell's coordinates: 0 = a1, then anticlockwise. */
static void
corner_xy (int size, int corner, int *x, int *y)
{
  *x = corner == 1 || corner == 2 ? size - 1 : 0;
  *y = corner >= 2 ? size - 1 : 0;
}

/* Is (x, y) in the camp of the given shape at the corner (doc/rules.md
 * §9)?  Coordinates are measured from the corner, so every camp is the
 * first player's camp turned into its corner. */
static int
in_camp (int camp, int size, int corner, int x, int y)
{
  int cx, cy, a, b;

  corner_xy (size, corner, &cx, &cy);
  a = abs (x - cx);  /* files from the corner */
  b = abs (y - cy);  /* ranks from the corner */
  switch (camp)
    {
    case 0: return a + b <= 3;          /* Halma 8×8: triangle 1-2-3-4 */
    case 1: return a + b <= 4;          /* Halma 10×10: triangle 1-2-3-4-5 */
    case 2: return a < 4 && b < 3;      /* Ugolki: 4 files × 3 ranks */
    case 3: return a < 3 && b < 3;      /* mini-Ugolki: 3 × 3 */
    default: return 0;
    }
}

/* The board size each camp shape is played on. */
static const int camp_size[N_CAMPS] = { 8, 10, 8, 8 };

static void
emit_square_tables (FILE *out)
{
  Board b;

  fprintf (out, "const SternGeometry stern_square_geometry[STERN_N_SQUARE_SIZES][2] = {\n");
  for (int s = 0; s < N_SQUARE_SIZES; s++)
    {
      fprintf (out, "  {\n");
      for (int diag = 0; diag < 2; diag++)
        {
          square_board (&b, square_sizes[s], diag);
          fprintf (out, "  {\n");
          emit_geometry (out, &b);
          fprintf (out, "  },\n");
        }
      fprintf (out, "  },\n");
    }
  fprintf (out, "};\n\n");

  fprintf (out, "const SternSet stern_square_camp[STERN_N_CAMPS][STERN_N_CORNERS] = {\n");
  for (int camp = 0; camp < N_CAMPS; camp++)
    {
      square_board (&b, camp_size[camp], 0);
      fprintf (out, "  {\n");
      for (int k = 0; k < N_CORNERS; k++)
        {
          unsigned char member[MAX_CELLS] = { 0 };
          for (int c = 0; c < b.n_cells; c++)
            member[c] = (unsigned char) in_camp (camp, b.size, k, b.x[c], b.y[c]);
          fprintf (out, "    ");
          print_set_n (out, member, b.n_cells);
          fprintf (out, ",\n");
        }
      fprintf (out, "  },\n");
    }
  fprintf (out, "};\n\n");

  /* Steps on the empty board to the nearest cell of a camp, 4 and 8
   * directions: the distance tables of the evaluation and the ranking. */
  fprintf (out, "const uint8_t stern_square_camp_distance[STERN_N_CAMPS][2][STERN_N_CORNERS][STERN_MAX_CELLS] = {\n");
  for (int camp = 0; camp < N_CAMPS; camp++)
    {
      fprintf (out, "  {\n");
      for (int diag = 0; diag < 2; diag++)
        {
          square_board (&b, camp_size[camp], diag);
          fprintf (out, "    {\n");
          for (int k = 0; k < N_CORNERS; k++)
            {
              unsigned char member[MAX_CELLS] = { 0 }, dist[MAX_CELLS];
              for (int c = 0; c < b.n_cells; c++)
                member[c] = (unsigned char) in_camp (camp, b.size, k, b.x[c], b.y[c]);
              board_distances_from (&b, member, dist);
              fprintf (out, "      {");
              for (int c = 0; c < b.n_cells; c++)
                fprintf (out, "%s%d,", c % 25 == 0 ? "\n        " : " ", dist[c]);
              fprintf (out, "\n      },\n");
            }
          fprintf (out, "    },\n");
        }
      fprintf (out, "  },\n");
    }
  fprintf (out, "};\n\n");

  /* Steps on the empty board to a corner cell, 4 and 8 directions; with 4
   * this is the Manhattan distance, a marble's share of the tempo number. */
  fprintf (out, "const uint8_t stern_square_corner_distance[STERN_N_SQUARE_SIZES][2][STERN_N_CORNERS][STERN_MAX_CELLS] = {\n");
  for (int s = 0; s < N_SQUARE_SIZES; s++)
    {
      fprintf (out, "  {\n");
      for (int diag = 0; diag < 2; diag++)
        {
          square_board (&b, square_sizes[s], diag);
          fprintf (out, "    {\n");
          for (int k = 0; k < N_CORNERS; k++)
            {
              unsigned char member[MAX_CELLS] = { 0 }, dist[MAX_CELLS];
              int cx, cy;
              corner_xy (b.size, k, &cx, &cy);
              member[board_at (&b, cx, cy)] = 1;
              board_distances_from (&b, member, dist);
              fprintf (out, "      {");
              for (int c = 0; c < b.n_cells; c++)
                fprintf (out, "%s%d,", c % 25 == 0 ? "\n        " : " ", dist[c]);
              fprintf (out, "\n      },\n");
            }
          fprintf (out, "    },\n");
        }
      fprintf (out, "  },\n");
    }
  fprintf (out, "};\n\n");
}

int
main (int argc, char **argv)
{
  FILE *out;
  int n = 0;
  uint64_t seed = ZOBRIST_SEED;

  if (argc != 2)
    {
      fprintf (stderr, "usage: %s OUTPUT.c\n", argv[0]);
      return 2;
    }

  memset (index_of, 0xff, sizeof index_of);
  for (int v = -8; v <= 8; v++)
    for (int u = -8; u <= 8; u++)
      if (hole_exists (u, v))
        {
          cell_u[n] = u;
          cell_v[n] = v;
          index_of[u + 8][v + 8] = n++;
        }
  if (n != N_CELLS)
    {
      fprintf (stderr, "expected %d holes, found %d\n", N_CELLS, n);
      return 1;
    }

  out = fopen (argv[1], "w");
  if (!out)
    {
      perror (argv[1]);
      return 1;
    }

  fprintf (out, "/* Generated by stern-gen-tables.c: do not edit. */\n");
  fprintf (out, "#include \"stern-tables.h\"\n\n");

  star_board.size = 0;
  star_board.n_cells = N_CELLS;
  star_board.n_dirs = N_DIRS;
  star_board.dx = dir_du;
  star_board.dy = dir_dv;
  for (int c = 0; c < N_CELLS; c++)
    {
      star_board.x[c] = cell_u[c];
      star_board.y[c] = cell_v[c];
    }

  fprintf (out, "const SternGeometry stern_star_geometry = {\n");
  emit_geometry (out, &star_board);
  fprintf (out, "};\n\n");

  fprintf (out, "const int8_t stern_star_u[STERN_STAR_N_CELLS] = {");
  for (int c = 0; c < N_CELLS; c++)
    fprintf (out, "%s%d,", c % 20 == 0 ? "\n  " : " ", cell_u[c]);
  fprintf (out, "\n};\n\nconst int8_t stern_star_v[STERN_STAR_N_CELLS] = {");
  for (int c = 0; c < N_CELLS; c++)
    fprintf (out, "%s%d,", c % 20 == 0 ? "\n  " : " ", cell_v[c]);
  fprintf (out, "\n};\n\nconst int8_t stern_star_ray[STERN_STAR_N_CELLS] = {");
  for (int c = 0; c < N_CELLS; c++)
    fprintf (out, "%s%d,", c % 20 == 0 ? "\n  " : " ", ray_of (cell_u[c], cell_v[c]));
  fprintf (out, "\n};\n\n");

  /* Zones: [0] the ray alone (10 marbles), [1] ray plus next row (15). */
  fprintf (out, "const SternSet stern_star_zone[2][STERN_N_RAYS] = {\n");
  for (int size = 0; size < 2; size++)
    {
      fprintf (out, "  {\n");
      for (int r = 0; r < N_RAYS; r++)
        {
          unsigned char member[N_CELLS];
          for (int c = 0; c < N_CELLS; c++)
            member[c] = ray_of (cell_u[c], cell_v[c]) == r ||
                        (size == 1 && in_next_row (r, cell_u[c], cell_v[c]));
          fprintf (out, "    ");
          print_set (out, member);
          fprintf (out, ",\n");
        }
      fprintf (out, "  },\n");
    }
  fprintf (out, "};\n\n");

  fprintf (out, "const uint8_t stern_star_zone_distance[2][STERN_N_RAYS][STERN_STAR_N_CELLS] = {\n");
  for (int size = 0; size < 2; size++)
    {
      fprintf (out, "  {\n");
      for (int r = 0; r < N_RAYS; r++)
        {
          unsigned char member[N_CELLS], dist[N_CELLS];
          for (int c = 0; c < N_CELLS; c++)
            member[c] = ray_of (cell_u[c], cell_v[c]) == r ||
                        (size == 1 && in_next_row (r, cell_u[c], cell_v[c]));
          distances_from (member, dist);
          fprintf (out, "    {");
          for (int c = 0; c < N_CELLS; c++)
            fprintf (out, "%s%d,", c % 30 == 0 ? "\n      " : " ", dist[c]);
          fprintf (out, "\n    },\n");
        }
      fprintf (out, "  },\n");
    }
  fprintf (out, "};\n\n");

  fprintf (out, "const uint8_t stern_star_distance[STERN_STAR_N_CELLS][STERN_STAR_N_CELLS] = {\n");
  for (int c = 0; c < N_CELLS; c++)
    {
      unsigned char member[N_CELLS] = { 0 }, dist[N_CELLS];
      member[c] = 1;
      distances_from (member, dist);
      fprintf (out, "  {");
      for (int m = 0; m < N_CELLS; m++)
        fprintf (out, "%s%d,", m % 30 == 0 ? "\n    " : " ", dist[m]);
      fprintf (out, "\n  },\n");
    }
  fprintf (out, "};\n\n");

  fprintf (out, "const uint64_t stern_zobrist_marble[STERN_N_RAYS][STERN_MAX_CELLS] = {\n");
  for (int s = 0; s < N_RAYS; s++)
    {
      fprintf (out, "  {");
      for (int c = 0; c < 128; c++)
        fprintf (out, "%s0x%016llxULL,", c % 4 == 0 ? "\n    " : " ",
                 (unsigned long long) splitmix64 (&seed));
      fprintf (out, "\n  },\n");
    }
  fprintf (out, "};\n\n");
  fprintf (out, "const uint64_t stern_zobrist_to_move[STERN_N_RAYS] = {");
  for (int s = 0; s < N_RAYS; s++)
    fprintf (out, " 0x%016llxULL,", (unsigned long long) splitmix64 (&seed));
  fprintf (out, " };\n\nconst uint64_t stern_zobrist_in_play[STERN_N_RAYS] = {");
  for (int s = 0; s < N_RAYS; s++)
    fprintf (out, " 0x%016llxULL,", (unsigned long long) splitmix64 (&seed));
  fprintf (out, " };\n");


  fprintf (out, "\n");
  emit_square_tables (out);

  if (fclose (out) != 0)
    {
      perror (argv[1]);
      return 1;
    }
  return 0;
}
