/* stern-board-view-private.h: the board view's inside, shared by its
 * files (stern-board-view.c and its -a11y, -motion and -input parts), and
 * what the tests and the drawing benchmark look at and drive in it
 * (tests/gui, tests/bench-draw.c); the rest of the program uses
 * stern-board-view.h only.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gi18n.h>

#include "stern-board-view.h"

#include "stern-board-renderer.h"
#include "stern-board-scene.h"

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
/* The coach's paths drawn (stern_board_view_set_hint_paths), and whether
 * the coordinates are. */
gsize      stern_board_view_get_hint_paths (SternBoardView *self, const SternBoardHintPath **paths);
gboolean   stern_board_view_get_show_coordinates (SternBoardView *self);

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

/* ---- inside the widget: what stern-board-view*.c share ---- */

/* Animation speed: one hop of a move per HOP_USEC. */
#define HOP_USEC 120000
/* How long the board takes to turn to a new bottom seat. */
#define TURN_USEC 450000
/* From how many of its own moves before the leaving-home deadline a seat's
 * marbles still at home are marked (doc/rules.md §4). */
#define HOME_WARNING_MOVES 5

struct _SternBoardView
{
  GtkWidget parent_instance;

  SternGame *game;                 /* borrowed */

  gboolean interactive;
  gboolean illustration;           /* a picture in the rules help: no input */
  gboolean square;                 /* asks for the height its width needs */
  gboolean editing;                /* setting up a position: holes report activation */
  unsigned zones_seat;             /* zones shown without a pick, or STERN_NO_SEAT */
  guint    focus_hole;             /* centre of an enlarged part, or STERN_NO_CELL */
  double   focus_radius;           /* its radius in hole spacings */
  gboolean show_coordinates;
  gboolean animations;
  unsigned bottom_seat;

  /* What the human picked, previewed and the cursor (no GTK). */
  SternBoardScene scene;
  GArray  *hint_paths;   /* SternBoardHintPath: the coach's */
  guint8   last[STERN_N_SEATS][STERN_MAX_PATH];  /* each seat's last move */
  gsize    last_len[STERN_N_SEATS];
  guint8   newest[STERN_MAX_PATH];                 /* the newest move of all */
  gsize    newest_len;
  guint    n_actions_seen;                         /* to announce new moves */
  unsigned cursor_turn;                            /* the turn the cursor was placed for */

  /* Keyboard cursor: its hole is the scene's. */
  gboolean keyboard_used;
  double   cursor_pref_x;          /* column kept while moving up and down */

  /* Animation of the newest move. */
  guint    tick_id;
  gint64   anim_start;             /* frame time of the first tick, or -1 */
  double   anim_progress;          /* hops done, fractional */
  guint8   anim_path[STERN_MAX_PATH];
  gsize    anim_len;

  /* The board turning to a new bottom seat. */
  guint    turn_tick_id;
  gint64   turn_start;             /* frame time of the first tick, or -1 */
  double   turn_from;              /* radians the board starts turned by */
  double   spin;                   /* radians it is turned by now */
  gboolean turn_pending;           /* to start when the move's animation ends */
  gboolean was_animating;          /* what "animating" last said */

  guint    cursor_idle_id;         /* puts the cursor on the marbles of the seat on turn */
  char    *announcement;           /* the accessible description */

  SternBoardRenderer *renderer;
};

static const char * const seat_colour_names[STERN_N_SEATS] = {
  N_("white"), N_("red"), N_("blue"), N_("black"), N_("yellow"), N_("green"),
};

static inline gboolean
board_view_is_hole (guint hole)
{
  return hole < STERN_STAR_N_CELLS;
}

/* stern-board-view.c: state, the pick, drawing */
G_GNUC_INTERNAL void board_view_activate_hole (SternBoardView *self, guint hole, gboolean keyboard);
G_GNUC_INTERNAL guint board_view_board_size (SternBoardView *self);
G_GNUC_INTERNAL gboolean board_view_busy (SternBoardView *self);
G_GNUC_INTERNAL void board_view_clear_preview (SternBoardView *self);
G_GNUC_INTERNAL void board_view_clear_selection (SternBoardView *self);
G_GNUC_INTERNAL void board_view_get_layout (SternBoardView *self, SternBoardLayout *layout, int width, int height);
G_GNUC_INTERNAL SternSet board_view_marbles_to_warn (SternBoardView *self);
G_GNUC_INTERNAL void board_view_notify_animating (SternBoardView *self);
G_GNUC_INTERNAL gboolean board_view_on_board (SternBoardView *self, guint hole);
G_GNUC_INTERNAL void board_view_preview_to (SternBoardView *self, guint hole);

/* stern-board-view-a11y.c: what screen readers are told */
G_GNUC_INTERNAL void board_view_announce (SternBoardView *self, const char *text);
G_GNUC_INTERNAL char * board_view_describe_hole (SternBoardView *self, guint hole);
G_GNUC_INTERNAL char * board_view_describe_move (const SternVariant *variant, const SternAction *action);
G_GNUC_INTERNAL void board_view_update_accessible (SternBoardView *self);

/* stern-board-view-motion.c: moves and the board turning, animated */
G_GNUC_INTERNAL gboolean board_view_animation_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data);
G_GNUC_INTERNAL double board_view_seat_angle (SternBoardView *self, unsigned seat);
G_GNUC_INTERNAL void board_view_start_turn (SternBoardView *self);
/* The keyboard cursor is drawn: the keyboard is in use. */
G_GNUC_INTERNAL gboolean board_view_cursor_visible (SternBoardView *self);
G_GNUC_INTERNAL void board_view_stop_animation (SternBoardView *self);
G_GNUC_INTERNAL void board_view_stop_move_animation (SternBoardView *self);
G_GNUC_INTERNAL void board_view_stop_turn (SternBoardView *self);

/* stern-board-view-input.c: the pointer, the keys and the cursor */
G_GNUC_INTERNAL guint board_view_initial_cursor (SternBoardView *self);
G_GNUC_INTERNAL void board_view_on_focus_enter (GtkEventControllerFocus *focus, SternBoardView *self);
G_GNUC_INTERNAL void board_view_on_focus_leave (GtkEventControllerFocus *focus, SternBoardView *self);
G_GNUC_INTERNAL gboolean board_view_on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state, SternBoardView *self);
G_GNUC_INTERNAL void board_view_on_leave (GtkEventControllerMotion *motion, SternBoardView *self);
G_GNUC_INTERNAL void board_view_on_motion (GtkEventControllerMotion *motion, double x, double y, SternBoardView *self);
G_GNUC_INTERNAL void board_view_on_pressed (GtkGestureClick *gesture, int n_press, double x, double y, SternBoardView *self);
G_GNUC_INTERNAL void board_view_remember_column (SternBoardView *self);
G_GNUC_INTERNAL void board_view_set_cursor (SternBoardView *self, guint hole);

G_END_DECLS
