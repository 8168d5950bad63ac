/* stern-board-layout.c: where the star's holes are on the screen.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stern-board-layout"

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

void
stern_board_layout_board_point (guint hole, double *bx, double *by)
{
  const Points *p = get_points ();

  g_return_if_fail (hole < STERN_STAR_N_CELLS);
  g_return_if_fail (bx != NULL && by != NULL);

  *bx = p->hole_bx[hole];
  *by = p->hole_by[hole];
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
  const Points *p = get_points ();

  g_assert (hole < STERN_STAR_N_CELLS);
  stern_board_layout_point (layout, p->hole_bx[hole], p->hole_by[hole], x, y);
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
  const Points *p = get_points ();

  g_return_if_fail (layout != NULL);
  g_return_if_fail (hole < STERN_STAR_N_CELLS);
  g_return_if_fail (x != NULL && y != NULL);

  *x = p->hole_bx[hole] * layout->c - p->hole_by[hole] * layout->s;
  *y = p->hole_bx[hole] * layout->s + p->hole_by[hole] * layout->c;
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
  g_return_val_if_fail (from < STERN_STAR_N_CELLS, STERN_NO_CELL);

  stern_board_layout_screen_offset (layout, from, &x0, &y0);
  for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
    {
      double x, y, d, cosine, score;

      if (h == from)
        continue;
      stern_board_layout_screen_offset (layout, h, &x, &y);
      d = hypot (x - x0, y - y0);
      cosine = ((x - x0) * dx + (y - y0) * dy) / d;
      if (cosine < MIN_COSINE)
        continue;
      /* Near and straight ahead wins; ties go to the column the cursor
       * kept while moving vertically. */
      score = d * (1 + 2 * (1 - cosine));
      if (dx == 0)
        score += 0.05 * fabs (x - column);
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
