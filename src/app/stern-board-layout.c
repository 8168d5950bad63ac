/* stern-board-layout.c: where the board's holes are on the screen.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "stern-board-layout.h"

#include <math.h>

#define SQRT3_2 0.86602540378443864676

/* Coordinates sit this far beyond the last hole of their line. */
#define LABEL_OFFSET 0.80
/* A point belongs to the nearest hole within this distance: a little past
 * the circle inscribed in a hole's hexagonal cell (√3/3 ≈ 0.577 is its
 * corner). */
#define HIT_RADIUS   0.55
/* An arrow key goes only to holes within about 57° of its direction. */
#define MIN_COSINE   0.55

typedef struct {
  double bx, by;
  char   text[4];
} Label;

/* The unrotated board point of every hole and of every label: computed
 * once, never changed afterwards. */
typedef struct {
  double hole_bx[STERN_STAR_N_CELLS];
  double hole_by[STERN_STAR_N_CELLS];
  Label  labels[STERN_BOARD_N_LABELS];
} Points;

static Points points;

static const Points *
get_points (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      int u_min[17], u_max[17], v_min[17];
      guint n = 0;

      for (int i = 0; i < 17; i++)
        {
          u_min[i] = 99;
          u_max[i] = -99;
          v_min[i] = 99;
        }

      for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
        {
          int u = stern_board_hole_u (h);
          int v = stern_board_hole_v (h);

          points.hole_bx[h] = u + v / 2.0;
          points.hole_by[h] = -v * SQRT3_2;
          u_min[v + 8] = MIN (u_min[v + 8], u);
          u_max[v + 8] = MAX (u_max[v + 8], u);
          v_min[u + 8] = MIN (v_min[u + 8], v);
        }

      /* Letters below the lower-left end of their line, row numbers right
       * of the row: the two sets never meet there. */
      for (int u = -8; u <= 8; u++)
        {
          double v = v_min[u + 8] - LABEL_OFFSET;
          Label *label = &points.labels[n++];

          label->bx = u + v / 2.0;
          label->by = -v * SQRT3_2;
          g_snprintf (label->text, sizeof label->text, "%c", 'a' + (u + 8));
        }
      for (int v = -8; v <= 8; v++)
        {
          double u = u_max[v + 8] + LABEL_OFFSET;
          Label *label = &points.labels[n++];

          label->bx = u + v / 2.0;
          label->by = -v * SQRT3_2;
          g_snprintf (label->text, sizeof label->text, "%d", v + 9);
        }
      g_assert (n == STERN_BOARD_N_LABELS);

      g_once_init_leave (&initialized, 1);
    }
  return &points;
}

void
stern_board_layout_init (SternBoardLayout *layout,
                         int               width,
                         int               height,
                         unsigned          bottom_seat,
                         gboolean          coordinates,
                         guint             focus_hole,
                         double            focus_radius)
{
  double angle;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (bottom_seat < STERN_N_SEATS);
  g_return_if_fail (focus_hole == STERN_NO_CELL ||
                    (focus_hole < STERN_STAR_N_CELLS && focus_radius > 0));

  angle = -(double) bottom_seat * G_PI / 3.0;
  layout->width = width;
  layout->height = height;
  layout->bottom_seat = bottom_seat;
  layout->coordinates = !!coordinates;
  layout->board_size = 0;
  layout->plate_radius = coordinates ? STERN_BOARD_PLATE_R_COORDS : STERN_BOARD_PLATE_R_PLAIN;
  layout->unit = MAX (1, MIN (width, height)) /
                 (2.0 * (layout->plate_radius + STERN_BOARD_FIT_MARGIN));
  layout->cx = width / 2.0;
  layout->cy = height / 2.0;
  layout->c = cos (angle);
  layout->s = sin (angle);
  /* Exact multiples of 60° keep the lattice's horizontal rows horizontal;
   * clean the rounding so that they stay so to the last bit. */
  if (fabs (layout->s) < 1e-12)
    layout->s = 0;

  /* An enlarged part of the board: its centre hole in the middle. */
  if (focus_hole != STERN_NO_CELL)
    {
      const Points *p = get_points ();
      double fx = p->hole_bx[focus_hole], fy = p->hole_by[focus_hole];

      layout->unit = MAX (1, MIN (width, height)) / (2.0 * focus_radius);
      layout->cx = width / 2.0 - layout->unit * (fx * layout->c - fy * layout->s);
      layout->cy = height / 2.0 - layout->unit * (fx * layout->s + fy * layout->c);
    }
}

/* The corners of the seats on the square boards, as stern-variant.h
 * gives them: white a1, red bottom right, black top right, yellow top
 * left. */
static const int seat_corner[STERN_N_SEATS] = { 0, 1, -1, 2, 3, -1 };

int
stern_board_layout_seat_corner (unsigned seat)
{
  g_return_val_if_fail (seat < STERN_N_SEATS, -1);

  return seat_corner[seat];
}

void
stern_board_layout_init_square (SternBoardLayout *layout,
                                int               width,
                                int               height,
                                guint             board_size,
                                unsigned          bottom_seat,
                                gboolean          coordinates)
{
  /* Quarter turns as exact numbers, so that rows stay level to the bit. */
  static const double cosines[4] = { 1, 0, -1, 0 };
  static const double sines[4] = { 0, 1, 0, -1 };
  int corner;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (board_size == 8 || board_size == 10);
  g_return_if_fail (bottom_seat < STERN_N_SEATS);

  /* A seat without a corner (an observer's choice) sees a1 bottom left. */
  corner = MAX (0, seat_corner[bottom_seat]);
  layout->width = width;
  layout->height = height;
  layout->bottom_seat = bottom_seat;
  layout->coordinates = !!coordinates;
  layout->board_size = board_size;
  layout->plate_radius = board_size / 2.0 +
    (coordinates ? STERN_BOARD_SQUARE_RIM_COORDS : STERN_BOARD_SQUARE_RIM_PLAIN);
  layout->unit = MAX (1, MIN (width, height)) /
                 (2.0 * (layout->plate_radius + STERN_BOARD_FIT_MARGIN));
  layout->cx = width / 2.0;
  layout->cy = height / 2.0;
  /* Turning by a quarter per corner brings that corner to the bottom left:
   * (x, y) ↦ (x·c − y·s, x·s + y·c) with y down the screen. */
  layout->c = cosines[corner];
  layout->s = sines[corner];
}

guint
stern_board_layout_n_cells (const SternBoardLayout *layout)
{
  g_return_val_if_fail (layout != NULL, 0);

  return layout->board_size ? layout->board_size * layout->board_size : STERN_STAR_N_CELLS;
}

guint
stern_board_layout_n_labels (const SternBoardLayout *layout)
{
  g_return_val_if_fail (layout != NULL, 0);

  return layout->board_size ? 2 * layout->board_size : STERN_BOARD_N_LABELS;
}

static inline void
square_point (guint n, guint cell, double *bx, double *by)
{
  *bx = (double) (cell % n) - (n - 1) / 2.0;
  *by = (n - 1) / 2.0 - (double) (cell / n);
}

/* Board point of a cell of the layout's board, unchecked. */
static inline void
cell_point (const SternBoardLayout *layout, guint cell, double *bx, double *by)
{
  if (layout->board_size)
    square_point (layout->board_size, cell, bx, by);
  else
    {
      const Points *p = get_points ();

      *bx = p->hole_bx[cell];
      *by = p->hole_by[cell];
    }
}

const char *
stern_board_layout_cell_label (const SternBoardLayout *layout,
                               guint i, double *bx, double *by)
{
  static const char *const texts[] = {
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j",
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
  };
  guint n;
  double edge;

  g_return_val_if_fail (layout != NULL, "");
  g_return_val_if_fail (bx != NULL && by != NULL, "");
  if (!layout->board_size)
    return stern_board_layout_label (i, bx, by);
  g_return_val_if_fail (i < stern_board_layout_n_labels (layout), "");

  /* Letters below the first rank, numbers left of the a-file, half way
   * between the outer cells and the plate's edge. */
  n = layout->board_size;
  edge = n / 2.0 + STERN_BOARD_SQUARE_RIM_COORDS / 2.0 - 0.05;
  if (i < n)
    {
      *bx = i - (n - 1) / 2.0;
      *by = edge;
      return texts[i];
    }
  *bx = -edge;
  *by = (n - 1) / 2.0 - (i - n);
  return texts[STERN_SQUARE_MAX + (i - n)];
}

void
stern_board_layout_point (const SternBoardLayout *layout,
                          double bx, double by, double *x, double *y)
{
  *x = layout->cx + layout->unit * (bx * layout->c - by * layout->s);
  *y = layout->cy + layout->unit * (bx * layout->s + by * layout->c);
}

void
stern_board_layout_unpoint (const SternBoardLayout *layout,
                            double x, double y, double *bx, double *by)
{
  double dx = (x - layout->cx) / layout->unit;
  double dy = (y - layout->cy) / layout->unit;

  *bx = dx * layout->c + dy * layout->s;
  *by = -dx * layout->s + dy * layout->c;
}

/* The drawing calls this for every hole of every frame: no checks beyond
 * an assertion. */
void
stern_board_layout_hole_centre (const SternBoardLayout *layout, guint hole, double *x, double *y)
{
  double bx, by;

  g_assert (hole < stern_board_layout_n_cells (layout));
  cell_point (layout, hole, &bx, &by);
  stern_board_layout_point (layout, bx, by, x, y);
}

/* How far a cell reaches from its centre on screen: a marble's radius on
 * the star, half a cell on a square board (its sides stay upright). */
static double
cell_reach (const SternBoardLayout *layout)
{
  return (layout->board_size ? 0.5 : STERN_BOARD_MARBLE_R) * layout->unit;
}

void
stern_board_layout_cells_extents (const SternBoardLayout *layout,
                                  double *x0, double *y0, double *x1, double *y1)
{
  double r;

  g_return_if_fail (layout != NULL);

  r = cell_reach (layout);
  *x0 = *y0 = G_MAXDOUBLE;
  *x1 = *y1 = -G_MAXDOUBLE;
  for (guint c = 0; c < stern_board_layout_n_cells (layout); c++)
    {
      double x, y;

      stern_board_layout_hole_centre (layout, c, &x, &y);
      *x0 = MIN (*x0, x - r);
      *y0 = MIN (*y0, y - r);
      *x1 = MAX (*x1, x + r);
      *y1 = MAX (*y1, y + r);
    }
}

gboolean
stern_board_layout_rect_meets_cell (const SternBoardLayout *layout,
                                    double x, double y, double width, double height)
{
  double r;

  g_return_val_if_fail (layout != NULL, FALSE);

  r = cell_reach (layout);
  for (guint c = 0; c < stern_board_layout_n_cells (layout); c++)
    {
      double cx, cy, dx, dy;

      stern_board_layout_hole_centre (layout, c, &cx, &cy);
      /* From the centre to the rectangle's nearest point. */
      dx = cx - CLAMP (cx, x, x + width);
      dy = cy - CLAMP (cy, y, y + height);
      if (layout->board_size ? (fabs (dx) < r && fabs (dy) < r) : dx * dx + dy * dy < r * r)
        return TRUE;
    }
  return FALSE;
}

guint
stern_board_layout_hole_at (const SternBoardLayout *layout, double x, double y)
{
  const Points *p = get_points ();
  double bx, by;
  double best_d2 = HIT_RADIUS * HIT_RADIUS;
  guint best = STERN_NO_CELL;

  g_return_val_if_fail (layout != NULL, STERN_NO_CELL);

  stern_board_layout_unpoint (layout, x, y, &bx, &by);
  /* A square cell is the whole square around its centre. */
  if (layout->board_size)
    {
      guint n = layout->board_size;
      double f = floor (bx + n / 2.0);
      double r = floor (n / 2.0 - by);

      if (f < 0 || f >= n || r < 0 || r >= n)
        return STERN_NO_CELL;
      return (guint) r * n + (guint) f;
    }
  for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
    {
      double dx = p->hole_bx[h] - bx;
      double dy = p->hole_by[h] - by;
      double d2 = dx * dx + dy * dy;

      if (d2 < best_d2)
        {
          best_d2 = d2;
          best = h;
        }
    }
  return best;
}

void
stern_board_layout_screen_offset (const SternBoardLayout *layout,
                                  guint hole, double *x, double *y)
{
  double bx, by;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (hole < stern_board_layout_n_cells (layout));
  g_return_if_fail (x != NULL && y != NULL);

  cell_point (layout, hole, &bx, &by);
  *x = bx * layout->c - by * layout->s;
  *y = bx * layout->s + by * layout->c;
}

guint
stern_board_layout_hole_in_direction (const SternBoardLayout *layout,
                                      guint from, double dx, double dy,
                                      double column)
{
  double x0, y0;
  double best_score = G_MAXDOUBLE;
  guint best = STERN_NO_CELL;

  g_return_val_if_fail (layout != NULL, STERN_NO_CELL);
  g_return_val_if_fail (from < stern_board_layout_n_cells (layout), STERN_NO_CELL);

  stern_board_layout_screen_offset (layout, from, &x0, &y0);
  /* On a square board an arrow goes exactly one cell, or nowhere at the
   * edge: the grid's rows and columns are the screen's. */
  if (layout->board_size)
    {
      for (guint h = 0; h < stern_board_layout_n_cells (layout); h++)
        {
          double x, y;

          stern_board_layout_screen_offset (layout, h, &x, &y);
          if (fabs (x - (x0 + dx)) < 1e-6 && fabs (y - (y0 + dy)) < 1e-6)
            return h;
        }
      return STERN_NO_CELL;
    }
  /* Up and down go only to a neighbour (up-left or up-right), so the
   * cursor never leaps across a gap of the star; sideways along the row. */
  for (SternSet set = dx == 0 ? stern_board_star ()->neighbours[from]
                              : stern_board_star ()->all_cells; set != 0;)
    {
      guint h = stern_set_pop (&set);
      double x, y, d, cosine, score;

      if (h == from)
        continue;
      stern_board_layout_screen_offset (layout, h, &x, &y);
      d = hypot (x - x0, y - y0);
      cosine = ((x - x0) * dx + (y - y0) * dy) / d;
      if (cosine < MIN_COSINE)
        continue;
      /* Near and straight ahead wins; up and down, the side of the column
       * the cursor kept, and on the column itself the left one, whichever
       * way the board is turned (the keyboard help says so). */
      score = d * (1 + 2 * (1 - cosine));
      if (dx == 0)
        score += 0.05 * fabs (x - column) + 0.001 * (x - x0);
      if (score < best_score - 1e-9)
        {
          best_score = score;
          best = h;
        }
    }
  return best;
}

guint
stern_board_layout_lowest (const SternBoardLayout *layout, SternSet set)
{
  double best_y = -G_MAXDOUBLE;
  guint best = STERN_NO_CELL;

  g_return_val_if_fail (layout != NULL, STERN_NO_CELL);

  if (layout->board_size)
    set &= stern_board_square (layout->board_size, false)->all_cells;
  else
    set &= stern_board_star ()->all_cells;
  while (set)
    {
      guint h = stern_set_pop (&set);
      double x, y;

      stern_board_layout_screen_offset (layout, h, &x, &y);
      if (y > best_y + 1e-9)
        {
          best_y = y;
          best = h;
        }
    }
  return best;
}

const char *
stern_board_layout_label (guint i, double *bx, double *by)
{
  const Points *p = get_points ();

  g_return_val_if_fail (i < STERN_BOARD_N_LABELS, "");
  g_return_val_if_fail (bx != NULL && by != NULL, "");

  *bx = p->labels[i].bx;
  *by = p->labels[i].by;
  return p->labels[i].text;
}
