/* stern-board.c: the star's holes, names, rays and zones (doc/rules.md §1),
 * and the square boards' cells and camps (doc/rules.md §9).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-board.h"

#include <glib.h>

#include "stern-tables.h"

const SternGeometry *
stern_board_star (void)
{
  return &stern_star_geometry;
}

int
stern_board_hole_u (unsigned cell)
{
  g_return_val_if_fail (cell < STERN_STAR_N_CELLS, 0);
  return stern_star_u[cell];
}

int
stern_board_hole_v (unsigned cell)
{
  g_return_val_if_fail (cell < STERN_STAR_N_CELLS, 0);
  return stern_star_v[cell];
}

unsigned
stern_board_hole_at (int u, int v)
{
  /* Rows are stored bottom to top, so search the row's first hole. */
  unsigned lo = 0, hi = STERN_STAR_N_CELLS;

  if (u < -8 || u > 8 || v < -8 || v > 8)
    return STERN_NO_CELL;
  while (lo < hi)
    {
      unsigned mid = (lo + hi) / 2;
      if (stern_star_v[mid] < v || (stern_star_v[mid] == v && stern_star_u[mid] < u))
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo < STERN_STAR_N_CELLS && stern_star_v[lo] == v && stern_star_u[lo] == u)
    return lo;
  return STERN_NO_CELL;
}

int
stern_board_ray_of (unsigned cell)
{
  g_return_val_if_fail (cell < STERN_STAR_N_CELLS, -1);
  return stern_star_ray[cell];
}

SternSet
stern_board_ray (unsigned ray)
{
  g_return_val_if_fail (ray < STERN_N_RAYS, 0);
  return stern_star_zone[0][ray];
}

static unsigned
zone_size_index (unsigned marbles)
{
  return marbles > 10 ? 1 : 0;
}

SternSet
stern_board_zone (unsigned ray, unsigned marbles)
{
  g_return_val_if_fail (ray < STERN_N_RAYS, 0);
  return stern_star_zone[zone_size_index (marbles)][ray];
}

unsigned
stern_board_zone_distance (unsigned ray, unsigned marbles, unsigned cell)
{
  g_return_val_if_fail (ray < STERN_N_RAYS && cell < STERN_STAR_N_CELLS, 0);
  return stern_star_zone_distance[zone_size_index (marbles)][ray][cell];
}

unsigned
stern_board_distance (unsigned from, unsigned to)
{
  g_return_val_if_fail (from < STERN_STAR_N_CELLS && to < STERN_STAR_N_CELLS, 0);
  return stern_star_distance[from][to];
}

void
stern_board_hole_name (unsigned cell, char name[STERN_HOLE_NAME_MAX])
{
  g_return_if_fail (cell < STERN_STAR_N_CELLS);
  g_snprintf (name, STERN_HOLE_NAME_MAX, "%c%d",
              'i' + stern_star_u[cell], 9 + stern_star_v[cell]);
}

unsigned
stern_board_hole_parse (const char *text, size_t len)
{
  int row = 0;

  if (text == NULL || len < 2 || len > 3)
    return STERN_NO_CELL;
  if (text[0] < 'a' || text[0] > 'q')
    return STERN_NO_CELL;
  /* No sign, no leading zero: "m01" is not a hole name. */
  if (text[1] < '1' || text[1] > '9')
    return STERN_NO_CELL;
  for (size_t i = 1; i < len; i++)
    {
      if (text[i] < '0' || text[i] > '9')
        return STERN_NO_CELL;
      row = row * 10 + (text[i] - '0');
    }
  if (row > 17)
    return STERN_NO_CELL;
  return stern_board_hole_at (text[0] - 'i', row - 9);
}

/* ---- square boards ---- */

static int
square_size_index (unsigned size)
{
  return size == 8 ? 0 : size == 10 ? 1 : -1;
}

static unsigned
camp_board_size (SternCamp camp)
{
  return camp == STERN_CAMP_TRIANGLE_5 ? 10 : 8;
}

const SternGeometry *
stern_board_square (unsigned size, bool diagonals)
{
  int s = square_size_index (size);

  if (s < 0)
    return NULL;
  return &stern_square_geometry[s][diagonals ? 1 : 0];
}

SternSet
stern_board_square_camp (SternCamp camp, unsigned corner)
{
  g_return_val_if_fail (camp < STERN_N_CAMPS && corner < STERN_N_CORNERS, 0);
  return stern_square_camp[camp][corner];
}

unsigned
stern_board_square_camp_distance (SternCamp camp, bool diagonals, unsigned corner, unsigned cell)
{
  g_return_val_if_fail (camp < STERN_N_CAMPS && corner < STERN_N_CORNERS, 0);
  g_return_val_if_fail (cell < camp_board_size (camp) * camp_board_size (camp), 0);
  return stern_square_camp_distance[camp][diagonals ? 1 : 0][corner][cell];
}

unsigned
stern_board_square_corner_distance (unsigned size, bool diagonals, unsigned corner, unsigned cell)
{
  int s = square_size_index (size);

  g_return_val_if_fail (s >= 0 && corner < STERN_N_CORNERS && cell < size * size, 0);
  return stern_square_corner_distance[s][diagonals ? 1 : 0][corner][cell];
}

void
stern_board_square_cell_name (unsigned size, unsigned cell, char name[STERN_HOLE_NAME_MAX])
{
  g_return_if_fail (square_size_index (size) >= 0 && cell < size * size);
  g_snprintf (name, STERN_HOLE_NAME_MAX, "%c%u", 'a' + cell % size, cell / size + 1);
}

unsigned
stern_board_square_cell_parse (unsigned size, const char *text, size_t len)
{
  unsigned rank = 0;

  if (text == NULL || square_size_index (size) < 0 || len < 2 || len > 3)
    return STERN_NO_CELL;
  if (text[0] < 'a' || (unsigned) (text[0] - 'a') >= size)
    return STERN_NO_CELL;
  /* No sign, no leading zero: "a01" is not a cell name. */
  if (text[1] < '1' || text[1] > '9')
    return STERN_NO_CELL;
  for (size_t i = 1; i < len; i++)
    {
      if (text[i] < '0' || text[i] > '9')
        return STERN_NO_CELL;
      rank = rank * 10 + (unsigned) (text[i] - '0');
    }
  if (rank > size)
    return STERN_NO_CELL;
  return (rank - 1) * size + (unsigned) (text[0] - 'a');
}
