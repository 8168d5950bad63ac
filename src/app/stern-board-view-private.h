/* stern-board-view-private.h: what the tests and the drawing benchmark
 * look at and drive in the board view (tests/gui, tests/bench-draw.c);
 * the program itself uses stern-board-view.h only.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-board-view.h"

G_BEGIN_DECLS

/* Draws the whole board into cr at the given size, exactly as the widget
 * would. */
void       stern_board_view_draw (SternBoardView *self, cairo_t *cr, int width, int height);
/* The hole under widget point (x, y) for a widget of size width × height,
 * or STERN_NO_CELL. */
guint      stern_board_view_hole_at (SternBoardView *self, double x, double y,
                                     int width, int height);
/* Centre of a hole in widget coordinates for a widget of size width × height. */
void       stern_board_view_hole_centre (SternBoardView *self, guint hole,
                                         int width, int height, double *x, double *y);

/* What the human sees as highlights, the keyboard cursor and the
 * previewed path under the pointer (its length, 0 if none). */
SternSet   stern_board_view_get_highlighted (SternBoardView *self);
guint      stern_board_view_get_cursor (SternBoardView *self);
gsize      stern_board_view_get_preview (SternBoardView *self, guint8 *path /* STERN_MAX_PATH */);

/* What the accessible description says of a hole: its name, contents and
 * whether the picked marble can reach it ("k3, white marble, selected"). */
char      *stern_board_view_describe_hole (SternBoardView *self, guint hole);
/* What the board last told screen readers (its accessible description, and
 * an announcement from GTK 4.14): the hole the keyboard cursor went to, or
 * the move just played by anyone ("White played j4-j5"). */
const char *stern_board_view_get_announcement (SternBoardView *self);

/* Input as the controllers deliver it: a primary click and a pointer
 * motion at widget coordinates, and a key press. */
void       stern_board_view_click (SternBoardView *self, double x, double y);
void       stern_board_view_hover (SternBoardView *self, double x, double y);
gboolean   stern_board_view_key (SternBoardView *self, guint keyval);

G_END_DECLS
