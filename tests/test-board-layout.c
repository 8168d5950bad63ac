/* test-board-layout.c: the board view's geometry, without a display.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hit testing at several sizes and all six rotations (every hole's centre
 * hits that hole), the rotation itself (the bottom seat's ray points down,
 * the rows of one lattice direction stay level), the keyboard cursor's
 * moves in screen terms, the enlarged part of the board that illustrations
 * show, and the coordinate labels.  Expectations come from the board's
 * definition (doc/rules.md §1: names, neighbours, distances), not from the
 * layout's own formulas.  The square boards of doc/rules.md §9 likewise:
 * hits at every size and quarter turn, the bottom seat's corner bottom
 * left, arrows one cell at a time and never off the board, the labels.
 */

#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stern-board-layout.h"
#include "stern-board.h"

static const int sizes[][2] = {
  { 300, 300 }, { 640, 480 }, { 480, 640 }, { 1000, 1000 }, { 333, 777 },
};

static guint
hole (const char *name)
{
  guint h = stern_board_hole_parse (name, strlen (name));

  g_assert_cmpuint (h, <, STERN_STAR_N_CELLS);
  return h;
}

static guint
centre_hole (void)
{
  return hole ("i9");
}

/* The outermost hole of a ray: the one hole of the ray eight steps from the
 * centre. */
static guint
ray_tip (unsigned ray)
{
  guint tip = STERN_NO_CELL;

  for (SternSet s = stern_board_ray (ray); s;)
    {
      guint h = stern_set_pop (&s);

      if (stern_board_distance (centre_hole (), h) == 8)
        {
          g_assert_cmpuint (tip, ==, STERN_NO_CELL);
          tip = h;
        }
    }
  g_assert_cmpuint (tip, !=, STERN_NO_CELL);
  return tip;
}

/* The distance between neighbouring holes' centres, in pixels. */
static double
spacing (const SternBoardLayout *layout)
{
  double x0, y0, x1, y1;

  stern_board_layout_hole_centre (layout, hole ("i9"), &x0, &y0);
  stern_board_layout_hole_centre (layout, hole ("j9"), &x1, &y1);
  return hypot (x1 - x0, y1 - y0);
}

/* ---- hit testing ----------------------------------------------------------- */

static void
test_hit (void)
{
  for (guint coords = 0; coords < 2; coords++)
    for (guint seat = 0; seat < STERN_N_SEATS; seat++)
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        {
          int w = sizes[s][0], h = sizes[s][1];
          double sum_x = 0, sum_y = 0, ray_x = 0, ray_y = 0;
          double unit = -1;
          SternBoardLayout layout;

          stern_board_layout_init (&layout, w, h, seat, coords, STERN_NO_CELL, 0);

          for (guint hl = 0; hl < STERN_STAR_N_CELLS; hl++)
            {
              double x, y;
              SternSet nb = stern_board_star ()->neighbours[hl];

              stern_board_layout_hole_centre (&layout, hl, &x, &y);
              g_assert_true (x >= 0 && x < w && y >= 0 && y < h);
              g_assert_cmpuint (stern_board_layout_hole_at (&layout, x, y), ==, hl);
              sum_x += x;
              sum_y += y;
              if (stern_board_ray_of (hl) == (int) seat)
                {
                  ray_x += x;
                  ray_y += y;
                }

              /* Every neighbour at the same distance: proportions kept. */
              while (nb)
                {
                  guint other = stern_set_pop (&nb);
                  double ox, oy, d;

                  stern_board_layout_hole_centre (&layout, other, &ox, &oy);
                  d = hypot (ox - x, oy - y);
                  if (unit < 0)
                    unit = d;
                  g_assert_cmpfloat_with_epsilon (d, unit, 1e-6 * unit);

                  /* A point a third of the way to the neighbour is still
                   * this hole, two thirds of the way it is the neighbour. */
                  g_assert_cmpuint (stern_board_layout_hole_at (&layout, x + (ox - x) / 3,
                                                                y + (oy - y) / 3), ==, hl);
                  g_assert_cmpuint (stern_board_layout_hole_at (&layout, x + 2 * (ox - x) / 3,
                                                                y + 2 * (oy - y) / 3), ==, other);
                }
            }

          /* The board fits: the plate (and the labels) inside the widget. */
          g_assert_cmpfloat (unit * 2 * (coords ? STERN_BOARD_PLATE_R_COORDS
                                                : STERN_BOARD_PLATE_R_PLAIN),
                             <=, MIN (w, h) + 1e-9);
          g_assert_cmpfloat (unit, >, MIN (w, h) / 20.0);

          /* Centred, and the bottom seat's ray straight below the centre. */
          g_assert_cmpfloat_with_epsilon (sum_x / STERN_STAR_N_CELLS, w / 2.0, 1e-6 * w);
          g_assert_cmpfloat_with_epsilon (sum_y / STERN_STAR_N_CELLS, h / 2.0, 1e-6 * h);
          g_assert_cmpfloat_with_epsilon (ray_x / 10, w / 2.0, 1e-6 * w);
          g_assert_cmpfloat (ray_y / 10, >, h / 2.0 + 4 * unit);

          /* Corners of the widget are outside the board. */
          g_assert_cmpuint (stern_board_layout_hole_at (&layout, 0, 0), ==, STERN_NO_CELL);
          g_assert_cmpuint (stern_board_layout_hole_at (&layout, w - 1, h - 1), ==, STERN_NO_CELL);

          /* Just beyond the tip of each ray, away from the centre: no hole. */
          for (unsigned ray = 0; ray < STERN_N_RAYS; ray++)
            {
              double tx, ty, cx, cy, d;

              stern_board_layout_hole_centre (&layout, ray_tip (ray), &tx, &ty);
              stern_board_layout_hole_centre (&layout, centre_hole (), &cx, &cy);
              d = hypot (tx - cx, ty - cy);
              g_assert_cmpuint (stern_board_layout_hole_at (&layout,
                                                            tx + (tx - cx) / d * 0.6 * unit,
                                                            ty + (ty - cy) / d * 0.6 * unit),
                                ==, STERN_NO_CELL);
            }
        }
}

/* Odd input gives no hole, never a crash. */
static void
test_hit_odd (void)
{
  SternBoardLayout layout;
  double x, y;

  stern_board_layout_init (&layout, 400, 400, 0, FALSE, STERN_NO_CELL, 0);
  g_assert_cmpuint (stern_board_layout_hole_at (&layout, NAN, 200), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_layout_hole_at (&layout, 1e300, -1e300), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_layout_hole_at (&layout, -5, 200), ==, STERN_NO_CELL);

  /* A widget of no size still has a layout with finite points. */
  stern_board_layout_init (&layout, 0, 0, 2, TRUE, STERN_NO_CELL, 0);
  g_assert_cmpfloat (layout.unit, >, 0);
  stern_board_layout_hole_centre (&layout, hole ("e17"), &x, &y);
  g_assert_true (isfinite (x) && isfinite (y));
  g_assert_cmpuint (stern_board_layout_hole_at (&layout, x, y), ==, hole ("e17"));

  /* Bad arguments are refused with a critical, the layout left alone. */
  memset (&layout, 0, sizeof layout);
  g_test_expect_message ("sternhalma", G_LOG_LEVEL_CRITICAL, "*bottom_seat*");
  stern_board_layout_init (&layout, 400, 400, STERN_N_SEATS, FALSE, STERN_NO_CELL, 0);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (layout.unit, ==, 0);
  g_test_expect_message ("sternhalma", G_LOG_LEVEL_CRITICAL, "*focus_radius*");
  stern_board_layout_init (&layout, 400, 400, 0, FALSE, hole ("i9"), 0);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (layout.unit, ==, 0);
}

/* ---- rotation ------------------------------------------------------------------ */

static void
test_rotation (void)
{
  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    {
      SternBoardLayout layout;
      double cx, cy, tx, ty, unit;
      guint level = 0;

      stern_board_layout_init (&layout, 500, 500, seat, FALSE, STERN_NO_CELL, 0);
      unit = spacing (&layout);

      /* The tip of the seat's ray is the lowest hole, straight below the
       * centre, eight rows of √3/2 down; the opposite tip straight above. */
      g_assert_cmpuint (stern_board_layout_lowest (&layout, stern_board_star ()->all_cells),
                        ==, ray_tip (seat));
      stern_board_layout_hole_centre (&layout, centre_hole (), &cx, &cy);
      stern_board_layout_hole_centre (&layout, ray_tip (seat), &tx, &ty);
      g_assert_cmpfloat_with_epsilon (tx, cx, 1e-9 * unit);
      g_assert_cmpfloat_with_epsilon (ty - cy, 8 * sqrt (3) / 2 * unit, 1e-9 * unit);
      stern_board_layout_hole_centre (&layout, ray_tip (stern_seat_opposite (seat)), &tx, &ty);
      g_assert_cmpfloat_with_epsilon (tx, cx, 1e-9 * unit);
      g_assert_cmpfloat_with_epsilon (cy - ty, 8 * sqrt (3) / 2 * unit, 1e-9 * unit);

      /* One lattice direction stays exactly level: the star's 17 rows of
       * 1, 2, 3, 4, 13, 12, 11, 10, 9, … holes have 121 − 17 = 104 pairs of
       * neighbours side by side. */
      for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
        for (SternSet nb = stern_board_star ()->neighbours[h]; nb;)
          {
            guint other = stern_set_pop (&nb);
            double x0, y0, x1, y1;

            if (other < h)
              continue;
            stern_board_layout_hole_centre (&layout, h, &x0, &y0);
            stern_board_layout_hole_centre (&layout, other, &x1, &y1);
            if (fabs (y0 - y1) < 1e-9 * unit)
              level++;
          }
      g_assert_cmpuint (level, ==, 104);

      /* The lowest of a set is the lowest on screen: black's tip e17 is
       * below the centre when black's ray is at the bottom or 60° from it
       * (seats 2, 3, 4 at the bottom), above it otherwise. */
      g_assert_cmpuint (stern_board_layout_lowest (&layout, 0), ==, STERN_NO_CELL);
      g_assert_cmpuint (stern_board_layout_lowest (&layout, stern_set_bit (hole ("e17")) |
                                                            stern_set_bit (centre_hole ())),
                        ==, seat >= 2 && seat <= 4 ? hole ("e17") : centre_hole ());
    }

  /* Of several equally low holes, the lowest number: the left end of
   * row 4 with white at the bottom; with black there, the tip e17, or of
   * row 16 its first hole e16. */
  {
    SternBoardLayout white, black;
    SternSet row4 = stern_set_bit (hole ("j4")) | stern_set_bit (hole ("k4")) |
                    stern_set_bit (hole ("l4")) | stern_set_bit (hole ("m4"));

    stern_board_layout_init (&white, 500, 500, 0, FALSE, STERN_NO_CELL, 0);
    stern_board_layout_init (&black, 500, 500, 3, FALSE, STERN_NO_CELL, 0);
    g_assert_cmpuint (stern_board_layout_lowest (&white, row4), ==, hole ("j4"));
    g_assert_cmpuint (stern_board_layout_lowest (&black, row4 | stern_set_bit (hole ("e17")) |
                                                 stern_set_bit (hole ("e16")) |
                                                 stern_set_bit (hole ("f16"))),
                      ==, hole ("e17"));
    g_assert_cmpuint (stern_board_layout_lowest (&black, stern_set_bit (hole ("e16")) |
                                                 stern_set_bit (hole ("f16"))),
                      ==, hole ("e16"));
  }

  /* The seats go round by 60°: white (seat 0) at the bottom has black's
   * ray (seat 3) at the top; with black at the bottom the rows read right
   * to left. */
  {
    SternBoardLayout white, black;
    double x0, y0, x1, y1;

    stern_board_layout_init (&white, 500, 500, 0, FALSE, STERN_NO_CELL, 0);
    stern_board_layout_init (&black, 500, 500, 3, FALSE, STERN_NO_CELL, 0);
    stern_board_layout_hole_centre (&white, hole ("a13"), &x0, &y0);
    stern_board_layout_hole_centre (&white, hole ("q5"), &x1, &y1);
    g_assert_cmpfloat (x0, <, x1);
    stern_board_layout_hole_centre (&black, hole ("a13"), &x0, &y0);
    stern_board_layout_hole_centre (&black, hole ("q5"), &x1, &y1);
    g_assert_cmpfloat (x0, >, x1);
    stern_board_layout_hole_centre (&white, hole ("m1"), &x0, &y0);
    stern_board_layout_hole_centre (&black, hole ("e17"), &x1, &y1);
    g_assert_cmpfloat_with_epsilon (x0, x1, 1e-9);
    g_assert_cmpfloat_with_epsilon (y0, y1, 1e-9);
  }
}

/* ---- keyboard ---------------------------------------------------------------- */

/* The neighbour of h whose screen offset from h is closest to the angle
 * (in degrees, counter-clockwise from screen right, y up), if it lies
 * within 1° of it. */
static guint
neighbour_at_angle (const SternBoardLayout *layout, guint h, double degrees)
{
  double x0, y0;

  stern_board_layout_screen_offset (layout, h, &x0, &y0);
  for (SternSet nb = stern_board_star ()->neighbours[h]; nb;)
    {
      guint other = stern_set_pop (&nb);
      double x, y, a;

      stern_board_layout_screen_offset (layout, other, &x, &y);
      a = atan2 (-(y - y0), x - x0) * 180 / G_PI;
      if (fabs (remainder (a - degrees, 360)) < 1)
        return other;
    }
  return STERN_NO_CELL;
}

static void
test_keyboard (void)
{
  static const struct {
    double dx, dy;
    double angle;        /* of the neighbour straight ahead, or the left one of two */
    double other_angle;  /* the right one of two, or the same */
  } keys[] = {
    { 1, 0, 0, 0 },          /* Right */
    { -1, 0, 180, 180 },     /* Left */
    { 0, -1, 120, 60 },      /* Up: up-left and up-right */
    { 0, 1, 240, 300 },      /* Down: down-left and down-right */
  };

  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    {
      SternBoardLayout layout, other_size;

      stern_board_layout_init (&layout, 640, 480, seat, FALSE, STERN_NO_CELL, 0);
      /* The cursor moves the same at any size and with labels. */
      stern_board_layout_init (&other_size, 333, 777, seat, TRUE, STERN_NO_CELL, 0);

      for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
        {
          double x0, y0;

          stern_board_layout_screen_offset (&layout, h, &x0, &y0);
          for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
            {
              guint left = neighbour_at_angle (&layout, h, keys[k].angle);
              guint right = neighbour_at_angle (&layout, h, keys[k].other_angle);
              /* The column kept a little left or right of the hole. */
              guint to_left = stern_board_layout_hole_in_direction (&layout, h, keys[k].dx,
                                                                    keys[k].dy, x0 - 0.3);
              guint to_right = stern_board_layout_hole_in_direction (&layout, h, keys[k].dx,
                                                                     keys[k].dy, x0 + 0.3);

              g_assert_cmpuint (stern_board_layout_hole_in_direction (&other_size, h,
                                                                      keys[k].dx, keys[k].dy,
                                                                      x0 - 0.3), ==, to_left);

              /* To the neighbour in that direction when there is one (of
               * two, the one on the side of the kept column). */
              if (left != STERN_NO_CELL)
                g_assert_cmpuint (to_left, ==, left);
              if (right != STERN_NO_CELL)
                g_assert_cmpuint (to_right, ==, right);

              /* Whatever it is, a hole of the board ahead in that
               * direction, or nothing at the edge. */
              for (guint i = 0; i < 2; i++)
                {
                  guint to = i == 0 ? to_left : to_right;
                  double x, y;

                  if (to == STERN_NO_CELL)
                    continue;
                  g_assert_cmpuint (to, <, STERN_STAR_N_CELLS);
                  g_assert_cmpuint (to, !=, h);
                  stern_board_layout_screen_offset (&layout, to, &x, &y);
                  g_assert_cmpfloat ((x - x0) * keys[k].dx + (y - y0) * keys[k].dy, >,
                                     0.5 * hypot (x - x0, y - y0));
                }

              /* Only the edge of the board has no hole beyond. */
              if (left != STERN_NO_CELL || right != STERN_NO_CELL)
                g_assert_cmpuint (to_left, !=, STERN_NO_CELL);

              /* Up and down: a neighbour or nothing, never a leap; on the
               * kept column itself, the left one of two (the keyboard
               * help says so), whichever seat the board is turned to. */
              if (keys[k].dx == 0)
                {
                  guint straight = stern_board_layout_hole_in_direction (&layout, h, 0,
                                                                         keys[k].dy, x0);

                  g_assert_cmpuint (straight, ==, left != STERN_NO_CELL ? left : right);
                  if (left == STERN_NO_CELL)
                    g_assert_cmpuint (to_left, ==, right);
                  if (right == STERN_NO_CELL)
                    g_assert_cmpuint (to_right, ==, left);
                }
            }
        }

      /* Holding Up walks from the bottom tip up the middle, keeping its
       * column, row by row to the top tip, and stops there. */
      {
        guint h = ray_tip (seat), prev = STERN_NO_CELL, steps = 0;
        double column, y;

        stern_board_layout_screen_offset (&layout, h, &column, &y);
        while (h != STERN_NO_CELL && steps < STERN_STAR_N_CELLS)
          {
            prev = h;
            h = stern_board_layout_hole_in_direction (&layout, h, 0, -1, column);
            steps++;
          }
        g_assert_cmpuint (h, ==, STERN_NO_CELL);
        g_assert_cmpuint (prev, ==, ray_tip (stern_seat_opposite (seat)));
        /* 16 rows up, and the 17th press goes nowhere. */
        g_assert_cmpuint (steps, ==, 17);
      }
    }

  /* By name: white at the bottom, from the centre i9 (letters rise to the
   * right, rows upwards); black at the bottom, all turned round. */
  {
    SternBoardLayout white, black;
    double x, y;

    stern_board_layout_init (&white, 500, 500, 0, FALSE, STERN_NO_CELL, 0);
    stern_board_layout_init (&black, 500, 500, 3, FALSE, STERN_NO_CELL, 0);
    stern_board_layout_screen_offset (&white, centre_hole (), &x, &y);
    g_assert_cmpfloat_with_epsilon (x, 0, 1e-12);
    g_assert_cmpfloat_with_epsilon (y, 0, 1e-12);

    g_assert_cmpuint (stern_board_layout_hole_in_direction (&white, centre_hole (), 1, 0, 0), ==, hole ("j9"));
    g_assert_cmpuint (stern_board_layout_hole_in_direction (&white, centre_hole (), -1, 0, 0), ==, hole ("h9"));
    g_assert_cmpuint (stern_board_layout_hole_in_direction (&white, centre_hole (), 0, -1, -0.3), ==, hole ("h10"));
    g_assert_cmpuint (stern_board_layout_hole_in_direction (&white, centre_hole (), 0, -1, 0.3), ==, hole ("i10"));
    g_assert_cmpuint (stern_board_layout_hole_in_direction (&white, centre_hole (), 0, 1, -0.3), ==, hole ("i8"));
    g_assert_cmpuint (stern_board_layout_hole_in_direction (&white, centre_hole (), 0, 1, 0.3), ==, hole ("j8"));

    g_assert_cmpuint (stern_board_layout_hole_in_direction (&black, centre_hole (), 1, 0, 0), ==, hole ("h9"));
    g_assert_cmpuint (stern_board_layout_hole_in_direction (&black, centre_hole (), 0, -1, -0.3), ==, hole ("j8"));
    g_assert_cmpuint (stern_board_layout_hole_in_direction (&black, centre_hole (), 0, -1, 0.3), ==, hole ("i8"));

    /* Nothing below the bottom tip m1 or above the top tip e17, which is
     * above both holes of row 16. */
    g_assert_cmpuint (stern_board_layout_hole_in_direction (&white, hole ("m1"), 0, 1, 0), ==, STERN_NO_CELL);
    g_assert_cmpuint (stern_board_layout_hole_in_direction (&white, hole ("e17"), 0, -1, 0), ==, STERN_NO_CELL);
    g_assert_cmpuint (stern_board_layout_hole_in_direction (&white, hole ("e16"), 0, -1, -5), ==, hole ("e17"));
    g_assert_cmpuint (stern_board_layout_hole_in_direction (&white, hole ("f16"), 0, -1, -5), ==, hole ("e17"));
  }
}

/* ---- focus ---------------------------------------------------------------------- */

static void
test_focus (void)
{
  static const char * const centres[] = { "i9", "m1", "a13", "k6" };
  static const double radii[] = { 1.5, 2.5, 4 };

  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    for (guint c = 0; c < G_N_ELEMENTS (centres); c++)
      for (guint r = 0; r < G_N_ELEMENTS (radii); r++)
        for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
          {
            int w = sizes[s][0], h = sizes[s][1];
            guint focus = hole (centres[c]);
            SternBoardLayout layout, whole;
            double x, y, unit;
            guint seen = 0;

            stern_board_layout_init (&layout, w, h, seat, FALSE, focus, radii[r]);
            stern_board_layout_init (&whole, w, h, seat, FALSE, STERN_NO_CELL, 0);

            /* The focus hole in the middle, enlarged so that the radius
             * fills the shorter side. */
            stern_board_layout_hole_centre (&layout, focus, &x, &y);
            g_assert_cmpfloat_with_epsilon (x, w / 2.0, 1e-9 * w);
            g_assert_cmpfloat_with_epsilon (y, h / 2.0, 1e-9 * h);
            unit = spacing (&layout);
            g_assert_cmpfloat_with_epsilon (unit, MIN (w, h) / (2 * radii[r]), 1e-9 * unit);
            g_assert_cmpfloat (unit, >, spacing (&whole));

            /* Every hole shown is hit where it is drawn; the holes within
             * the radius are shown. */
            for (guint hl = 0; hl < STERN_STAR_N_CELLS; hl++)
              {
                double hx, hy;

                stern_board_layout_hole_centre (&layout, hl, &hx, &hy);
                if (hx < 0 || hy < 0 || hx >= w || hy >= h)
                  {
                    g_assert_cmpfloat (hypot (hx - x, hy - y), >, radii[r] * unit - 1e-9);
                    continue;
                  }
                seen++;
                g_assert_cmpuint (stern_board_layout_hole_at (&layout, hx, hy), ==, hl);
              }
            /* At least the focus hole and its neighbours. */
            g_assert_cmpuint (seen, >, stern_set_count (stern_board_star ()->neighbours[focus]));

            /* The keyboard moves as on the whole board. */
            stern_board_layout_screen_offset (&whole, focus, &x, &y);
            for (int k = 0; k < 4; k++)
              {
                double dx = k == 0 ? 1 : k == 1 ? -1 : 0;
                double dy = k == 2 ? 1 : k == 3 ? -1 : 0;

                g_assert_cmpuint (stern_board_layout_hole_in_direction (&layout, focus, dx, dy, x),
                                  ==,
                                  stern_board_layout_hole_in_direction (&whole, focus, dx, dy, x));
              }
          }
}

/* ---- labels ------------------------------------------------------------------- */

static void
test_labels (void)
{
  SternBoardLayout layout;
  guint letters = 0, numbers = 0;

  stern_board_layout_init (&layout, 600, 600, 0, TRUE, STERN_NO_CELL, 0);
  for (guint i = 0; i < STERN_BOARD_N_LABELS; i++)
    {
      double bx, by, x, y;
      const char *text = stern_board_layout_label (i, &bx, &by);

      /* Between the star and the edge of the plate, on no hole. */
      g_assert_cmpfloat (hypot (bx, by), <, STERN_BOARD_PLATE_R_COORDS - 0.2);
      stern_board_layout_point (&layout, bx, by, &x, &y);
      g_assert_cmpuint (stern_board_layout_hole_at (&layout, x, y), ==, STERN_NO_CELL);

      if (g_ascii_isalpha (text[0]))
        {
          g_assert_cmpint (text[0], ==, 'a' + letters);
          g_assert_cmpint (text[1], ==, '\0');
          letters++;
        }
      else
        {
          numbers++;
          g_assert_cmpint (atoi (text), ==, numbers);
        }
    }
  g_assert_cmpuint (letters, ==, 17);
  g_assert_cmpuint (numbers, ==, 17);

  /* Row 1's number beside m1, on its right; letter m below the line that
   * starts at m1. */
  {
    double mx, my, bx, by, x, y;

    stern_board_layout_hole_centre (&layout, hole ("m1"), &mx, &my);
    stern_board_layout_label (17, &bx, &by);
    stern_board_layout_point (&layout, bx, by, &x, &y);
    g_assert_cmpfloat_with_epsilon (y, my, 1e-9);
    g_assert_cmpfloat (x, >, mx);
    g_assert_cmpfloat (x - mx, <, spacing (&layout));
    stern_board_layout_label ('m' - 'a', &bx, &by);
    stern_board_layout_point (&layout, bx, by, &x, &y);
    g_assert_cmpfloat (y, >, my);
    g_assert_cmpfloat (hypot (x - mx, y - my), <, spacing (&layout));
  }
}

/* ---- square boards (doc/rules.md §9) ---------------------------------------- */

static const guint square_sizes[] = { 8, 10 };
/* The seats that sit at a corner with four players, and where: white a1,
 * red bottom right, black top right, yellow top left (stern-variant.h). */
static const struct {
  unsigned seat;
  const char *corner[2];   /* the corner cell on 8×8 and on 10×10 */
} corner_seats[] = {
  { STERN_WHITE, { "a1", "a1" } },
  { STERN_RED, { "h1", "j1" } },
  { STERN_BLACK, { "h8", "j10" } },
  { STERN_YELLOW, { "a8", "a10" } },
};

static guint
square_cell (guint n, const char *name)
{
  guint c = stern_board_square_cell_parse (n, name, strlen (name));

  g_assert_cmpuint (c, <, n * n);
  return c;
}

/* Every centre hits its cell, and so do points a little off it, at every
 * size and turn; points beyond the board hit nothing. */
static void
test_square_hit (void)
{
  for (guint z = 0; z < G_N_ELEMENTS (square_sizes); z++)
    for (guint coords = 0; coords < 2; coords++)
      for (guint k = 0; k < G_N_ELEMENTS (corner_seats); k++)
        for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
          {
            guint n = square_sizes[z];
            SternBoardLayout layout;
            double x0, y0, x1, y1, cell;

            stern_board_layout_init_square (&layout, sizes[i][0], sizes[i][1], n,
                                            corner_seats[k].seat, coords);
            g_assert_cmpuint (stern_board_layout_n_cells (&layout), ==, n * n);
            /* Neighbouring cells a1, b1 are one cell apart. */
            stern_board_layout_hole_centre (&layout, square_cell (n, "a1"), &x0, &y0);
            stern_board_layout_hole_centre (&layout, square_cell (n, "b1"), &x1, &y1);
            cell = hypot (x1 - x0, y1 - y0);
            g_assert_cmpfloat (cell, >, 10);
            /* The whole board fits the widget. */
            g_assert_cmpfloat (n * cell, <=, MIN (sizes[i][0], sizes[i][1]));

            for (guint c = 0; c < n * n; c++)
              {
                double x, y;

                stern_board_layout_hole_centre (&layout, c, &x, &y);
                g_assert_cmpfloat (x, >, 0);
                g_assert_cmpfloat (y, >, 0);
                g_assert_cmpfloat (x, <, sizes[i][0]);
                g_assert_cmpfloat (y, <, sizes[i][1]);
                g_assert_cmpuint (stern_board_layout_hole_at (&layout, x, y), ==, c);
                g_assert_cmpuint (stern_board_layout_hole_at (&layout, x + 0.4 * cell,
                                                              y - 0.4 * cell), ==, c);
              }
            /* Beyond the corner cell a1, away from the middle: nothing. */
            g_assert_cmpuint (stern_board_layout_hole_at (&layout,
                                                          x0 + (x0 > sizes[i][0] / 2.0 ? 0.6 : -0.6) * cell,
                                                          y0 + (y0 > sizes[i][1] / 2.0 ? 0.6 : -0.6) * cell),
                              ==, STERN_NO_CELL);
            g_assert_cmpuint (stern_board_layout_hole_at (&layout, -5, -5), ==, STERN_NO_CELL);
          }
}

/* The bottom seat's corner is the bottom left cell of the screen, its
 * camp lowest, and the opposite corner top right. */
static void
test_square_rotation (void)
{
  for (guint z = 0; z < G_N_ELEMENTS (square_sizes); z++)
    for (guint k = 0; k < G_N_ELEMENTS (corner_seats); k++)
      {
        guint n = square_sizes[z];
        guint own = square_cell (n, corner_seats[k].corner[z]);
        guint far = square_cell (n, corner_seats[(k + 2) % 4].corner[z]);
        SternBoardLayout layout;
        double xo, yo, xf, yf;

        stern_board_layout_init_square (&layout, 640, 480, n, corner_seats[k].seat, FALSE);
        stern_board_layout_hole_centre (&layout, own, &xo, &yo);
        stern_board_layout_hole_centre (&layout, far, &xf, &yf);
        for (guint c = 0; c < n * n; c++)
          {
            double x, y;

            stern_board_layout_hole_centre (&layout, c, &x, &y);
            g_assert_cmpfloat (x, >=, xo - 1e-9);
            g_assert_cmpfloat (y, <=, yo + 1e-9);
            g_assert_cmpfloat (x, <=, xf + 1e-9);
            g_assert_cmpfloat (y, >=, yf - 1e-9);
          }
        g_assert_cmpuint (stern_board_layout_lowest (&layout, stern_set_bit (own) |
                                                     stern_set_bit (far)), ==, own);
      }
}

/* An arrow goes to the neighbouring cell in that screen direction, or
 * nowhere at the edge, never off the board; four arrows come back. */
static void
test_square_keyboard (void)
{
  static const int dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

  for (guint z = 0; z < G_N_ELEMENTS (square_sizes); z++)
    for (guint k = 0; k < G_N_ELEMENTS (corner_seats); k++)
      {
        guint n = square_sizes[z];
        const SternGeometry *g = stern_board_square (n, false);
        SternBoardLayout layout;
        guint edge_stops = 0;

        stern_board_layout_init_square (&layout, 500, 700, n, corner_seats[k].seat, TRUE);
        for (guint c = 0; c < n * n; c++)
          for (guint d = 0; d < 4; d++)
            {
              double x0, y0, x1, y1, cell;
              guint to = stern_board_layout_hole_in_direction (&layout, c, dirs[d][0],
                                                               dirs[d][1], 0);

              if (to == STERN_NO_CELL)
                {
                  /* Only at the edge: fewer than four orthogonal neighbours. */
                  g_assert_cmpuint (stern_set_count (g->neighbours[c]), <, 4);
                  edge_stops++;
                  continue;
                }
              g_assert_cmpuint (to, <, n * n);
              g_assert_true (stern_set_has (g->neighbours[c], to));
              stern_board_layout_hole_centre (&layout, c, &x0, &y0);
              stern_board_layout_hole_centre (&layout, to, &x1, &y1);
              cell = layout.unit;
              g_assert_cmpfloat_with_epsilon ((x1 - x0) / cell, dirs[d][0], 1e-9);
              g_assert_cmpfloat_with_epsilon ((y1 - y0) / cell, dirs[d][1], 1e-9);
              g_assert_cmpuint (stern_board_layout_hole_in_direction (&layout, to, -dirs[d][0],
                                                                      -dirs[d][1], 0), ==, c);
            }
        /* Each of the four sides stops one arrow per cell along it. */
        g_assert_cmpuint (edge_stops, ==, 4 * n);
      }
}

/* Letters a… below the first rank, numbers 1… beside the a-file, on no
 * cell and inside the plate, each beside the cells it names. */
static void
test_square_labels (void)
{
  for (guint z = 0; z < G_N_ELEMENTS (square_sizes); z++)
    {
      guint n = square_sizes[z];
      SternBoardLayout layout;

      stern_board_layout_init_square (&layout, 600, 600, n, STERN_WHITE, TRUE);
      g_assert_cmpuint (stern_board_layout_n_labels (&layout), ==, 2 * n);
      for (guint i = 0; i < 2 * n; i++)
        {
          double bx, by, x, y, cx, cy;
          const char *text = stern_board_layout_cell_label (&layout, i, &bx, &by);
          char name[STERN_HOLE_NAME_MAX];
          guint c;

          g_assert_cmpfloat (fabs (bx), <, layout.plate_radius);
          g_assert_cmpfloat (fabs (by), <, layout.plate_radius);
          stern_board_layout_point (&layout, bx, by, &x, &y);
          g_assert_cmpuint (stern_board_layout_hole_at (&layout, x, y), ==, STERN_NO_CELL);

          /* The cell of the first rank or the a-file that the label names. */
          if (g_ascii_isalpha (text[0]))
            g_snprintf (name, sizeof name, "%s1", text);
          else
            g_snprintf (name, sizeof name, "a%s", text);
          c = square_cell (n, name);
          stern_board_layout_hole_centre (&layout, c, &cx, &cy);
          if (g_ascii_isalpha (text[0]))
            {
              g_assert_cmpfloat_with_epsilon (x, cx, 1e-9);
              g_assert_cmpfloat (y, >, cy);
            }
          else
            {
              g_assert_cmpfloat_with_epsilon (y, cy, 1e-9);
              g_assert_cmpfloat (x, <, cx);
            }
          g_assert_cmpfloat (hypot (x - cx, y - cy), <, layout.unit);
        }
    }
}

/* The rectangle holding every cell, and what meets a cell: a rectangle
 * reaching into a hole's marble (a square cell) meets it, the bands
 * beside the extents meet nothing, a band reaching just past them does. */
static void
check_clear (const SternBoardLayout *l)
{
  double r = (l->board_size ? 0.5 : STERN_BOARD_MARBLE_R) * l->unit;
  double x0, y0, x1, y1;

  stern_board_layout_cells_extents (l, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (x0, <, x1);
  g_assert_cmpfloat (y0, <, y1);
  for (guint c = 0; c < stern_board_layout_n_cells (l); c++)
    {
      double x, y;

      stern_board_layout_hole_centre (l, c, &x, &y);
      g_assert_cmpfloat (x - r, >=, x0 - 1e-9);
      g_assert_cmpfloat (x + r, <=, x1 + 1e-9);
      g_assert_cmpfloat (y - r, >=, y0 - 1e-9);
      g_assert_cmpfloat (y + r, <=, y1 + 1e-9);
      g_assert_true (stern_board_layout_rect_meets_cell (l, x - 1, y - 1, 2, 2));
      /* A rectangle ending 2 % of the reach into the marble meets it. */
      g_assert_true (stern_board_layout_rect_meets_cell (l, x - 0.98 * r - 5, y - 0.5, 5, 1));
    }
  g_assert_false (stern_board_layout_rect_meets_cell (l, 0, 0, l->width, floor (y0)));
  g_assert_false (stern_board_layout_rect_meets_cell (l, 0, ceil (y1), l->width,
                                                      l->height - ceil (y1)));
  g_assert_false (stern_board_layout_rect_meets_cell (l, 0, 0, floor (x0), l->height));
  g_assert_false (stern_board_layout_rect_meets_cell (l, ceil (x1), 0, l->width - ceil (x1),
                                                      l->height));
  /* Just beyond the edge of the outermost cell in each direction. */
  g_assert_false (stern_board_layout_rect_meets_cell (l, 0, 0, l->width, y0 - 0.01));
  g_assert_true (stern_board_layout_rect_meets_cell (l, 0, 0, l->width, y0 + 0.05 * r));
  g_assert_true (stern_board_layout_rect_meets_cell (l, x1 - 0.05 * r, 0, l->width, l->height));
}

static void
test_clear (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (unsigned seat = 0; seat < 6; seat++)
      for (int coords = 0; coords < 2; coords++)
        {
          SternBoardLayout l;

          stern_board_layout_init (&l, sizes[i][0], sizes[i][1], seat, coords, STERN_NO_CELL, 0);
          check_clear (&l);
          if (seat < G_N_ELEMENTS (corner_seats))
            for (guint n = 8; n <= 10; n += 2)
              {
                stern_board_layout_init_square (&l, sizes[i][0], sizes[i][1], n,
                                                corner_seats[seat].seat, coords);
                check_clear (&l);
              }
        }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/board-layout/hit", test_hit);
  g_test_add_func ("/board-layout/hit-odd", test_hit_odd);
  g_test_add_func ("/board-layout/rotation", test_rotation);
  g_test_add_func ("/board-layout/keyboard", test_keyboard);
  g_test_add_func ("/board-layout/focus", test_focus);
  g_test_add_func ("/board-layout/labels", test_labels);
  g_test_add_func ("/board-layout/square/hit", test_square_hit);
  g_test_add_func ("/board-layout/square/rotation", test_square_rotation);
  g_test_add_func ("/board-layout/square/keyboard", test_square_keyboard);
  g_test_add_func ("/board-layout/square/labels", test_square_labels);
  g_test_add_func ("/board-layout/clear", test_clear);

  return g_test_run ();
}
