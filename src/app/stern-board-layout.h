/* stern-board-layout.h: where the board's holes are on the screen.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pure geometry for the board view, with no GTK and no cairo, so that it is
 * tested without a display: the transform from the board to a widget of a
 * given size (rotated so that one seat's ray points down, or enlarged around
 * one hole), hit testing, where the keyboard cursor goes for an arrow key,
 * and where the coordinate labels sit.
 *
 * A hole at axial (u, v) sits at board point (u + v/2, −v·√3/2) in units of
 * the hole spacing (doc/rules.md §1), y pointing down the screen.  The board
 * is turned by −60° per bottom seat, scaled to fit the widget and centred.
 *
 * A square board of Halma or Ugolki (doc/rules.md §9) has its cell at file
 * f, rank r (both from 0) at (f − (n−1)/2, (n−1)/2 − r): a1 bottom left.
 * It is turned by 90° per corner so that the bottom seat's corner is the
 * bottom left one; the seats' corners are those of stern-variant.h.
 */
#pragma once

#include <glib.h>

#include "stern-board.h"
#include "stern-variant.h"

G_BEGIN_DECLS

/* Radius of the round plate around the star, in hole spacings, with and
 * without the coordinate labels around it. */
#define STERN_BOARD_PLATE_R_PLAIN   7.70
#define STERN_BOARD_PLATE_R_COORDS  8.15
/* Half the side of the square plate beyond the outer cells' edges, in
 * cell spacings, with and without the coordinate labels. */
#define STERN_BOARD_SQUARE_RIM_PLAIN   0.30
#define STERN_BOARD_SQUARE_RIM_COORDS  0.85
/* A marble's radius in hole spacings: what is drawn on a hole, and what
 * a note laid over the board leaves clear. */
#define STERN_BOARD_MARBLE_R        0.44
/* Room around the plate for its shadow. */
#define STERN_BOARD_FIT_MARGIN      0.08

/* How many coordinate labels there are: a letter per line of holes from
 * lower left to upper right, a number per row. */
#define STERN_BOARD_N_LABELS        (17 + 17)

typedef struct {
  int      width, height;      /* of the widget, in logical pixels */
  unsigned bottom_seat;        /* whose ray (or corner) points down */
  gboolean coordinates;        /* room left for the labels */
  guint    board_size;         /* 0 for the star, 8 or 10 for a square */
  double   plate_radius;       /* hole spacings; half the side of a square plate */
  double   cx, cy;             /* widget point of the board centre */
  double   unit;               /* pixels per hole spacing */
  double   c, s;               /* cosine and sine of the rotation */
} SternBoardLayout;

/* The layout of a widget of width × height.  focus_hole STERN_NO_CELL shows
 * the whole board; a hole shows only the part within focus_radius hole
 * spacings of it, enlarged to fill the widget (focus_radius > 0). */
void     stern_board_layout_init (SternBoardLayout *layout,
                                  int               width,
                                  int               height,
                                  unsigned          bottom_seat,
                                  gboolean          coordinates,
                                  guint             focus_hole,
                                  double            focus_radius);

/* The layout of a square board of board_size × board_size cells (8 or 10)
 * in a widget of width × height, the corner of bottom_seat bottom left. */
void     stern_board_layout_init_square (SternBoardLayout *layout,
                                         int               width,
                                         int               height,
                                         guint             board_size,
                                         unsigned          bottom_seat,
                                         gboolean          coordinates);
/* The corner (0–3, anticlockwise from a1) of a seat on the square boards,
 * or -1 for a seat that never plays there (stern-variant.h). */
int      stern_board_layout_seat_corner (unsigned seat);
/* How many cells and coordinate labels the layout's board has. */
guint    stern_board_layout_n_cells (const SternBoardLayout *layout);
guint    stern_board_layout_n_labels (const SternBoardLayout *layout);
/* Coordinate label i (0 ≤ i < stern_board_layout_n_labels ()) of the
 * layout's board and its unrotated board point. */
const char *stern_board_layout_cell_label (const SternBoardLayout *layout,
                                           guint i, double *bx, double *by);

/* Board point to widget point, and back. */
void     stern_board_layout_point (const SternBoardLayout *layout,
                                   double bx, double by, double *x, double *y);
void     stern_board_layout_unpoint (const SternBoardLayout *layout,
                                     double x, double y, double *bx, double *by);
/* Centre of a hole in widget coordinates. */
void     stern_board_layout_hole_centre (const SternBoardLayout *layout,
                                         guint hole, double *x, double *y);
/* The smallest rectangle (x0, y0)–(x1, y1) in widget points that holds
 * every hole's marble (every square cell, on a square board). */
void     stern_board_layout_cells_extents (const SternBoardLayout *layout,
                                           double *x0, double *y0, double *x1, double *y1);
/* Whether the rectangle at (x, y) of width × height meets a hole's marble
 * (a square cell, on a square board). */
gboolean stern_board_layout_rect_meets_cell (const SternBoardLayout *layout,
                                             double x, double y, double width, double height);
/* The hole under widget point (x, y), or STERN_NO_CELL: the nearest centre
 * within a little more than half a hole spacing. */
guint    stern_board_layout_hole_at (const SternBoardLayout *layout, double x, double y);

/* Where a hole is as seen on screen, relative to the board centre, in hole
 * spacings (x right, y down): the same whatever the widget's size or focus,
 * so the keyboard cursor moves the same way at any size. */
void     stern_board_layout_screen_offset (const SternBoardLayout *layout,
                                           guint hole, double *x, double *y);
/* The hole the keyboard cursor goes to from hole from for an arrow key
 * pointing in screen direction (dx, dy) (one of (±1, 0), (0, ±1)), or
 * STERN_NO_CELL at the edge of the board.  Near and straight ahead wins;
 * moving vertically, ties go to the hole nearest column, the screen_offset
 * x the cursor kept (the x of the hole where it last moved sideways). */
guint    stern_board_layout_hole_in_direction (const SternBoardLayout *layout,
                                               guint from, double dx, double dy,
                                               double column);
/* The hole of set lowest on screen (ties: the lowest hole number), or
 * STERN_NO_CELL for an empty set. */
guint    stern_board_layout_lowest (const SternBoardLayout *layout, SternSet set);

/* Coordinate label i (0 ≤ i < STERN_BOARD_N_LABELS): its text ("a" … "q",
 * "1" … "17") and its unrotated board point. */
const char *stern_board_layout_label (guint i, double *bx, double *by);

G_END_DECLS
