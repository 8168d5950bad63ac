/* stern-board-view.c: the board widget, for the star and the square
 * boards: the game it shows, the human's pick on it (a SternBoardScene,
 * stern-board-scene.h), the last moves, hints and the coach's paths, drawn
 * by SternBoardRenderer, and the widget's properties and signals.  The
 * pointer, the keys and the cursor are in stern-board-view-input.c, the
 * animations in stern-board-view-motion.c, what screen readers are told in
 * stern-board-view-a11y.c; where holes are on screen is SternBoardLayout's.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "stern-board-view-private.h"

#include "stern-board-layout.h"
#include "stern-board.h"
#include "stern-movegen.h"
#include "stern-notation.h"

G_DEFINE_FINAL_TYPE (SternBoardView, stern_board_view, GTK_TYPE_WIDGET)

enum {
  MOVE_CHOSEN,
  SELECTION_CHANGED,
  HOLE_ACTIVATED,
  HOLES_MOVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_ANIMATING,
  PROP_SQUARE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];


/* The side of the game's square board (doc/rules.md §9), or 0 for the star. */
guint
board_view_board_size (SternBoardView *self)
{
  if (self->game == NULL)
    return 0;
  return stern_game_get_variant (self->game)->board_size;
}


/* A cell of the board shown now: a star hole may be past a square
 * board's last cell (a cursor left from a game on the star). */
gboolean
board_view_on_board (SternBoardView *self, guint hole)
{
  guint size = board_view_board_size (self);

  return size ? hole < size * size : board_view_is_hole (hole);
}

/* The layout of the widget at width × height as it is set now.  A square
 * board is always shown whole. */
void
board_view_get_layout (SternBoardView *self, SternBoardLayout *layout, int width, int height)
{
  guint size = board_view_board_size (self);

  if (size)
    stern_board_layout_init_square (layout, width, height, size, self->bottom_seat,
                                    self->show_coordinates);
  else
    stern_board_layout_init (layout, width, height, self->bottom_seat, self->show_coordinates,
                             self->focus_hole, self->focus_radius);
}

/* ---- drawing ----------------------------------------------------------------- */

gboolean
board_view_cursor_visible (SternBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->keyboard_used)
    return TRUE;
  return gtk_widget_has_focus (GTK_WIDGET (self)) && GTK_IS_WINDOW (root) &&
         gtk_window_get_focus_visible (GTK_WINDOW (root));
}

/* The marbles still at home of every seat whose leaving-home deadline is
 * near (doc/rules.md §4). */
SternSet
board_view_marbles_to_warn (SternBoardView *self)
{
  const SternPosition *pos;
  const SternRules *rules;
  SternSet set = 0;

  if (self->game == NULL || self->illustration || stern_game_is_over (self->game))
    return 0;
  pos = stern_game_get_position (self->game);
  rules = stern_game_get_rules (self->game);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      int left = stern_game_moves_to_leave_home (self->game, seat);

      if (stern_variant_has_seat (stern_game_get_variant (self->game), seat) &&
          stern_game_get_player_state (self->game, seat) == STERN_PLAYER_PLAYING &&
          left >= 1 && left <= HOME_WARNING_MOVES)
        set |= pos->marbles[seat] & rules->home[seat];
    }
  return set;
}

static void
draw_frame (SternBoardView *self, cairo_t *cr, int width, int height, int scale)
{
  const SternPosition *pos = NULL;
  const SternRules *rules = NULL;
  const SternVariant *variant = NULL;
  SternBoardLayout layout;
  SternBoardMarks marks;
  unsigned zones = STERN_NO_SEAT;

  board_view_get_layout (self, &layout, width, height);
  if (self->game != NULL)
    {
      pos = stern_game_get_position (self->game);
      rules = stern_game_get_rules (self->game);
      variant = stern_game_get_variant (self->game);
    }

  stern_board_marks_init (&marks);
  /* With a marble picked: grey where it may not stop, gild its goal. */
  if (pos != NULL && board_view_is_hole (self->scene.selected) && pos->cell[self->scene.selected] != STERN_EMPTY)
    zones = pos->cell[self->scene.selected];
  else if (pos != NULL && self->zones_seat < STERN_N_SEATS)
    zones = self->zones_seat;
  if (zones != STERN_NO_SEAT)
    {
      marks.zones = TRUE;
      marks.no_stop = rules->no_stop[zones];
      marks.goal = rules->goal[zones];
    }
  marks.selected = self->scene.selected;
  marks.highlighted = self->scene.highlighted;
  marks.fatal = self->scene.fatal;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      marks.last[seat] = self->last[seat];
      marks.last_len[seat] = self->last_len[seat];
    }
  marks.at_home = board_view_marbles_to_warn (self);
  marks.spin = self->spin;
  marks.hint = self->scene.hint;
  marks.hint_len = self->scene.hint_len;
  if (self->hint_paths != NULL)
    {
      marks.hint_paths = (const SternBoardHintPath *) (void *) self->hint_paths->data;
      marks.n_hint_paths = self->hint_paths->len;
    }
  marks.preview = self->scene.preview;
  marks.preview_len = self->scene.preview_len;
  /* The keyboard cursor is shown while the keyboard is in use, like focus rings. */
  if (board_view_cursor_visible (self))
    marks.cursor = self->scene.cursor;
  marks.anim_path = self->anim_path;
  marks.anim_len = self->anim_len;
  marks.anim_progress = self->anim_progress;

  stern_board_renderer_draw (self->renderer, cr, &layout, scale, variant, pos, &marks);
}

/* ---- state ------------------------------------------------------------------ */

void
board_view_clear_preview (SternBoardView *self)
{
  self->scene.preview_len = 0;
}

void
board_view_clear_selection (SternBoardView *self)
{
  if (stern_board_scene_clear_selection (&self->scene))
    {
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
      board_view_update_accessible (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A move or the board turning is being animated: input waits. */
gboolean
board_view_busy (SternBoardView *self)
{
  return self->anim_len != 0 || self->turn_tick_id != 0 || self->turn_pending;
}

void
board_view_notify_animating (SternBoardView *self)
{
  gboolean animating = board_view_busy (self);

  if (animating == self->was_animating)
    return;
  self->was_animating = animating;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
}

static gboolean
can_pick (SternBoardView *self)
{
  return self->game != NULL && self->interactive && !board_view_busy (self) &&
         !stern_game_is_over (self->game);
}

static void
select_marble (SternBoardView *self, guint hole)
{
  stern_board_scene_select (&self->scene, hole);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The preview follows the pointer or the keyboard cursor over a lit hole. */
void
board_view_preview_to (SternBoardView *self, guint hole)
{
  if (stern_board_scene_preview_to (&self->scene, hole))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A click or Enter on a hole.  A click elsewhere drops the pick, as the
 * rules help says; Enter on a hole the marble cannot reach keeps it, since
 * the cursor is only on its way there, and says so. */
void
board_view_activate_hole (SternBoardView *self, guint hole, gboolean keyboard)
{
  guint from = STERN_NO_CELL, to = STERN_NO_CELL;

  /* Setting up a position: any hole, empty or not, is the editor's. */
  if (self->editing)
    {
      if (board_view_is_hole (hole))
        g_signal_emit (self, signals[HOLE_ACTIVATED], 0, hole);
      return;
    }
  if (!can_pick (self))
    return;

  switch (stern_board_scene_activate (&self->scene, hole, keyboard, &from, &to))
    {
    case STERN_BOARD_SCENE_MOVE:
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
      board_view_update_accessible (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_signal_emit (self, signals[MOVE_CHOSEN], 0, from, to);
      break;
    case STERN_BOARD_SCENE_PICKED:
    case STERN_BOARD_SCENE_DROPPED:
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
      board_view_update_accessible (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    case STERN_BOARD_SCENE_UNREACHABLE:
      {
        char name[STERN_HOLE_NAME_MAX];
        g_autofree char *text = NULL;

        stern_variant_cell_name (stern_game_get_variant (self->game), hole, name);
        /* Translators: %s is a hole, "e5" */
        text = g_strdup_printf (_("The picked marble cannot reach %s"), name);
        board_view_announce (self, text);
        gtk_widget_error_bell (GTK_WIDGET (self));
      }
      break;
    case STERN_BOARD_SCENE_NOTHING:
    default:
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    }
}

/* Puts the keyboard cursor on a marble of the seat on turn when the view
 * takes input and it is elsewhere, so each player at a shared computer
 * starts from their own marbles. */
static void
place_cursor_for_turn (SternBoardView *self)
{
  unsigned turn;

  if (self->game == NULL || !self->interactive || !board_view_on_board (self, self->scene.cursor) ||
      board_view_is_hole (self->scene.selected))
    return;
  turn = stern_game_get_turn (self->game);
  if (turn == STERN_NO_SEAT || stern_game_get_position (self->game)->cell[self->scene.cursor] == turn)
    return;
  board_view_set_cursor (self, board_view_initial_cursor (self));
  board_view_remember_column (self);
  board_view_preview_to (self, self->scene.cursor);
}

static gboolean
place_cursor_idle (gpointer user_data)
{
  SternBoardView *self = user_data;

  self->cursor_idle_id = 0;
  place_cursor_for_turn (self);
  return G_SOURCE_REMOVE;
}

/* Each seat's last move, looking back over one round: back from the newest
 * action until a seat comes round a second time. */
static void
update_last_move (SternBoardView *self)
{
  guint n = self->game != NULL ? stern_game_get_n_actions (self->game) : 0;
  guint seen = 0;
  gboolean only_passes = TRUE;     /* after the action looked at */

  self->newest_len = 0;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    self->last_len[seat] = 0;

  for (guint i = n; i-- > 0;)
    {
      const SternAction *action = stern_game_get_action (self->game, i);

      if (action->seat >= STERN_N_SEATS || (seen & (1u << action->seat)))
        break;
      seen |= 1u << action->seat;
      if (action->kind != STERN_ACTION_MOVE || action->path_len < 2)
        {
          only_passes &= action->kind == STERN_ACTION_PASS;
          continue;
        }
      self->last_len[action->seat] = MIN (action->path_len, STERN_MAX_PATH);
      memcpy (self->last[action->seat], action->path, self->last_len[action->seat]);
      /* Passes after it leave the newest move the one to animate (but not
       * a resignation). */
      if (only_passes)
        {
          only_passes = FALSE;
          self->newest_len = self->last_len[action->seat];
          memcpy (self->newest, action->path, self->newest_len);
        }
    }
}

/* ---- public API ------------------------------------------------------------- */

GtkWidget *
stern_board_view_new (void)
{
  return g_object_new (STERN_TYPE_BOARD_VIEW, NULL);
}

void
stern_board_view_set_game (SternBoardView *self, SternGame *game)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  self->game = game;
  self->scene.game = game;
  /* Another board (the star or a square) has its holes elsewhere. */
  g_signal_emit (self, signals[HOLES_MOVED], 0);
  /* A new game is not news to announce. */
  self->n_actions_seen = game != NULL ? stern_game_get_n_actions (game) : 0;
  stern_board_view_game_changed (self, FALSE);
  /* A cursor in use starts the new game on the marbles of the seat on
   * turn, not where the last game left it. */
  if (game != NULL && board_view_is_hole (self->scene.cursor))
    {
      board_view_set_cursor (self, board_view_initial_cursor (self));
      board_view_remember_column (self);
      board_view_update_accessible (self);
    }
}

SternGame *
stern_board_view_get_game (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), NULL);

  return self->game;
}

void
stern_board_view_game_changed (SternBoardView *self, gboolean animate_last)
{
  guint n;

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  board_view_stop_move_animation (self);
  self->scene.hint_len = 0;
  board_view_clear_selection (self);
  update_last_move (self);

  /* A widget that is not on screen gets no frame ticks: no animation then. */
  if (animate_last && self->animations && self->newest_len >= 2 &&
      gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      memcpy (self->anim_path, self->newest, self->newest_len);
      self->anim_len = self->newest_len;
      self->anim_start = -1;
      self->anim_progress = 0;
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), board_view_animation_tick,
                                                    NULL, NULL);
    }
  board_view_notify_animating (self);

  board_view_update_accessible (self);
  /* A move just played, whoever played it, is announced. */
  n = self->game != NULL ? stern_game_get_n_actions (self->game) : 0;
  if (n == self->n_actions_seen + 1 &&
      stern_game_get_action (self->game, n - 1)->kind == STERN_ACTION_MOVE)
    {
      g_autofree char *text = board_view_describe_move (stern_game_get_variant (self->game),
                                             stern_game_get_action (self->game, n - 1));

      board_view_announce (self, text);
    }
  self->n_actions_seen = n;

  /* Once the window has said whether the next player may play (it does
   * right after this), the cursor goes to their marbles. */
  if (self->cursor_idle_id == 0)
    self->cursor_idle_id = g_idle_add (place_cursor_idle, self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
stern_board_view_set_interactive (SternBoardView *self, gboolean interactive)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  interactive = !!interactive;
  if (interactive == self->interactive)
    return;
  self->interactive = interactive;
  if (!interactive)
    board_view_clear_selection (self);
  else
    place_cursor_for_turn (self);
}

void
stern_board_view_set_bottom_seat (SternBoardView *self, unsigned seat)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (seat < STERN_N_SEATS);

  if (seat == self->bottom_seat)
    return;

  /* Turn from where the board is seen now (perhaps part-way through an
   * earlier turn) the shorter way round. */
  {
    double from = board_view_seat_angle (self, self->bottom_seat) + self->spin - board_view_seat_angle (self, seat);

    from = remainder (from, 2 * G_PI);
    self->bottom_seat = seat;
    if (self->animations && self->game != NULL && !self->illustration &&
        gtk_widget_get_mapped (GTK_WIDGET (self)) && fabs (from) > 1e-9)
      {
        self->turn_from = from;
        self->spin = from;
        if (self->anim_len != 0)
          self->turn_pending = TRUE;
        else
          board_view_start_turn (self);
      }
    else
      board_view_stop_turn (self);
  }
  board_view_notify_animating (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

unsigned
stern_board_view_get_bottom_seat (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), 0);

  return self->bottom_seat;
}

void
stern_board_view_set_show_coordinates (SternBoardView *self, gboolean show)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  show = !!show;
  if (show == self->show_coordinates)
    return;
  self->show_coordinates = show;
  /* The labels' room makes the board a little smaller. */
  g_signal_emit (self, signals[HOLES_MOVED], 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The note's width in a band band_width wide (its natural one, or the
 * band's), and its heights at that width; G_MAXINT when it is too wide. */
static void
measure_in_band (GtkWidget *widget, int band_width, int *width, int *min_height, int *height)
{
  int min_w, nat_w;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
  *width = MIN (nat_w, band_width);
  if (*width < min_w)
    {
      *min_height = *height = G_MAXINT;
      return;
    }
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, *width, min_height, height, NULL, NULL);
}

void
stern_board_view_place_note (SternBoardView *self, GtkWidget *note, GdkRectangle *place)
{
  SternBoardLayout layout;
  int width, height, w, min_h, h;
  double x0, y0, x1, y1;
  GdkRectangle bands[4];
  double best_shown = 0;

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (GTK_IS_WIDGET (note));
  g_return_if_fail (place != NULL);

  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  board_view_get_layout (self, &layout, width, height);

  /* Its natural size in the top left corner, where the star's corner of
   * the plate or the side of a wide window leaves room. */
  measure_in_band (note, width, &w, &min_h, &h);
  *place = (GdkRectangle) { 0, 0, w, MIN (h, height) };
  if (!stern_board_layout_rect_meets_cell (&layout, 0, 0, w, h))
    return;

  /* Else the bands the holes leave free above, below, left and right,
   * the whole note shown where it can be, else the most of it (the note
   * scrolls the rest). */
  stern_board_layout_cells_extents (&layout, &x0, &y0, &x1, &y1);
  bands[0] = (GdkRectangle) { 0, 0, width, (int) floor (y0) };
  bands[1] = (GdkRectangle) { 0, (int) ceil (y1), width, height - (int) ceil (y1) };
  bands[2] = (GdkRectangle) { 0, 0, (int) floor (x0), height };
  bands[3] = (GdkRectangle) { (int) ceil (x1), 0, width - (int) ceil (x1), height };
  for (int i = 0; i < 4; i++)
    {
      double shown;

      measure_in_band (note, bands[i].width, &w, &min_h, &h);
      if (min_h > bands[i].height)
        continue;
      shown = MIN (1.0, bands[i].height / (double) h);
      if (shown > best_shown)
        {
          best_shown = shown;
          /* Near the window's edge, away from the holes. */
          h = MIN (h, bands[i].height);
          *place = (GdkRectangle) { i == 3 ? width - w : bands[i].x,
                                    i == 1 ? height - h : bands[i].y, w, h };
          if (shown >= 1.0)
            break;
        }
    }
}

gboolean
stern_board_view_get_show_coordinates (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), FALSE);
  return self->show_coordinates;
}

gsize
stern_board_view_get_hint_paths (SternBoardView *self, const SternBoardHintPath **paths)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), 0);
  g_return_val_if_fail (paths != NULL, 0);

  *paths = self->hint_paths != NULL ? (const SternBoardHintPath *) (void *) self->hint_paths->data
                                    : NULL;
  return self->hint_paths != NULL ? self->hint_paths->len : 0;
}

void
stern_board_view_set_animations (SternBoardView *self, gboolean enabled)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  self->animations = !!enabled;
  if (!enabled)
    board_view_stop_animation (self);
}

gboolean
stern_board_view_is_animating (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), FALSE);

  return board_view_busy (self);
}

void
stern_board_view_show_hint (SternBoardView *self, const guint8 *path, gsize len)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (path != NULL || len == 0);
  for (gsize i = 0; i < len; i++)
    g_return_if_fail (board_view_is_hole (path[i]));

  stern_board_scene_set_hint (&self->scene, path, len);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
stern_board_view_draw (SternBoardView *self, cairo_t *cr, int width, int height)
{
  double sx = 1, sy = 1;

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0)
    return;
  cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
  draw_frame (self, cr, width, height, MAX (1, (int) ceil (sx)));
}

guint
stern_board_view_hole_at (SternBoardView *self, double x, double y, int width, int height)
{
  SternBoardLayout layout;

  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), STERN_NO_CELL);

  board_view_get_layout (self, &layout, width, height);
  return stern_board_layout_hole_at (&layout, x, y);
}

void
stern_board_view_hole_centre (SternBoardView *self, guint hole, int width, int height,
                              double *x, double *y)
{
  SternBoardLayout layout;

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (board_view_is_hole (hole));
  g_return_if_fail (x != NULL && y != NULL);

  board_view_get_layout (self, &layout, width, height);
  stern_board_layout_hole_centre (&layout, hole, x, y);
}

guint
stern_board_view_get_selected (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), STERN_NO_CELL);

  return self->scene.selected;
}

SternSet
stern_board_view_get_highlighted (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), 0);

  return self->scene.highlighted;
}

guint
stern_board_view_get_cursor (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), STERN_NO_CELL);

  return self->scene.cursor;
}

gsize
stern_board_view_get_preview (SternBoardView *self, guint8 *path)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), 0);

  if (path != NULL && self->scene.preview_len > 0)
    memcpy (path, self->scene.preview, self->scene.preview_len);
  return self->scene.preview_len;
}

const char *
stern_board_view_get_announcement (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), NULL);

  return self->announcement != NULL ? self->announcement : "";
}

char *
stern_board_view_describe_hole (SternBoardView *self, guint hole)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), NULL);

  return board_view_describe_hole (self, hole);
}

gsize
stern_board_view_get_hint (SternBoardView *self, guint8 *path)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), 0);

  if (path != NULL && self->scene.hint_len > 0)
    memcpy (path, self->scene.hint, self->scene.hint_len);
  return self->scene.hint_len;
}

void
stern_board_view_set_illustration (SternBoardView *self, gboolean illustration)
{
  GtkWidget *widget;

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  widget = GTK_WIDGET (self);
  illustration = !!illustration;
  if (illustration == self->illustration)
    return;
  self->illustration = illustration;
  /* A picture takes neither pointer nor keyboard input, and does not move. */
  stern_board_view_set_interactive (self, !illustration);
  gtk_widget_set_can_target (widget, !illustration);
  gtk_widget_set_focusable (widget, !illustration);
  gtk_widget_set_focus_on_click (widget, !illustration);
  if (illustration)
    {
      self->animations = FALSE;
      board_view_stop_animation (self);
    }
  gtk_widget_queue_resize (widget);
}

void
stern_board_view_select (SternBoardView *self, guint hole)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  if (self->game == NULL || !board_view_is_hole (hole) ||
      stern_game_get_position (self->game)->cell[hole] == STERN_EMPTY)
    {
      board_view_clear_selection (self);
      return;
    }
  select_marble (self, hole);
}

void
stern_board_view_set_focus (SternBoardView *self, guint hole, double radius)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (hole == STERN_NO_CELL || (board_view_is_hole (hole) && radius > 0));

  self->focus_hole = hole;
  self->focus_radius = radius;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
stern_board_view_show_zones (SternBoardView *self, unsigned seat)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (seat < STERN_N_SEATS || seat == STERN_NO_SEAT);

  self->zones_seat = seat;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- GtkWidget ---------------------------------------------------------------- */

static void
stern_board_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  SternBoardView *self = STERN_BOARD_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw_frame (self, cr, width, height, MAX (1, gtk_widget_get_scale_factor (widget)));
  cairo_destroy (cr);
}

static void
stern_board_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  SternBoardView *self = STERN_BOARD_VIEW (widget);

  /* An illustration sits between paragraphs of text: keep it modest. */
  *minimum = self->illustration ? 200 : 240;
  *natural = self->illustration ? 300 : 640;
  /* The board is round (or square): given its width, more height than
   * that is empty, so a tall window's spare height can go to what is
   * under it. */
  if (self->square && orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0)
    *natural = CLAMP (for_size, *minimum, *natural);
}

/* Only when asked: laying out height for width costs every frame more
 * measuring. */
static GtkSizeRequestMode
stern_board_view_get_request_mode (GtkWidget *widget)
{
  return STERN_BOARD_VIEW (widget)->square ? GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH
                                           : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
stern_board_view_unmap (GtkWidget *widget)
{
  board_view_stop_animation (STERN_BOARD_VIEW (widget));
  GTK_WIDGET_CLASS (stern_board_view_parent_class)->unmap (widget);
}

static void
stern_board_view_dispose (GObject *object)
{
  SternBoardView *self = STERN_BOARD_VIEW (object);

  board_view_stop_animation (self);
  g_clear_handle_id (&self->cursor_idle_id, g_source_remove);
  self->game = NULL;
  self->scene.game = NULL;
  g_clear_object (&self->renderer);

  G_OBJECT_CLASS (stern_board_view_parent_class)->dispose (object);
}

static void
stern_board_view_finalize (GObject *object)
{
  SternBoardView *self = STERN_BOARD_VIEW (object);

  g_free (self->announcement);
  g_clear_pointer (&self->hint_paths, g_array_unref);

  G_OBJECT_CLASS (stern_board_view_parent_class)->finalize (object);
}

static void
stern_board_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  SternBoardView *self = STERN_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_ANIMATING:
      g_value_set_boolean (value, stern_board_view_is_animating (self));
      break;
    case PROP_SQUARE:
      g_value_set_boolean (value, self->square);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_board_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  SternBoardView *self = STERN_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SQUARE:
      if (self->square == g_value_get_boolean (value))
        break;
      self->square = g_value_get_boolean (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_board_view_class_init (SternBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_board_view_dispose;
  object_class->finalize = stern_board_view_finalize;
  object_class->get_property = stern_board_view_get_property;
  object_class->set_property = stern_board_view_set_property;

  widget_class->snapshot = stern_board_view_snapshot;
  widget_class->measure = stern_board_view_measure;
  widget_class->get_request_mode = stern_board_view_get_request_mode;
  widget_class->unmap = stern_board_view_unmap;

  signals[MOVE_CHOSEN] =
    g_signal_new ("move-chosen",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* "holes-moved" (): the holes are elsewhere with the widget's size
   * unchanged (another board, the coordinates' room): what is placed by
   * them (stern_board_view_place_note) is placed again. */
  signals[HOLES_MOVED] =
    g_signal_new ("holes-moved",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[HOLE_ACTIVATED] =
    g_signal_new ("hole-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /* Observers wait for the end of a move's animation through notify. */
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* A tall window with the moves under the board: the board asks for no
   * more height than its width, the moves get the rest. */
  properties[PROP_SQUARE] =
    g_param_spec_boolean ("square", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "sternboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
stern_board_view_init (SternBoardView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *click;
  GtkEventController *controller;

  stern_board_scene_init (&self->scene);
  self->zones_seat = STERN_NO_SEAT;
  self->focus_hole = STERN_NO_CELL;
  self->interactive = TRUE;
  self->animations = TRUE;
  self->renderer = stern_board_renderer_new ();

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (board_view_on_pressed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (board_view_on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (board_view_on_leave), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (board_view_on_key_pressed), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (board_view_on_focus_enter), self);
  g_signal_connect (controller, "leave", G_CALLBACK (board_view_on_focus_leave), self);
  gtk_widget_add_controller (widget, controller);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);
}

void
stern_board_view_set_editing (SternBoardView *self, gboolean editing)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  self->editing = !!editing;
  board_view_clear_selection (self);
}

gboolean
stern_board_view_get_editing (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), FALSE);

  return self->editing;
}

void
stern_board_view_set_hint_paths (SternBoardView *self, const SternBoardHintPath *paths, gsize n)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (n == 0 || paths != NULL);

  if (self->hint_paths == NULL)
    self->hint_paths = g_array_new (FALSE, FALSE, sizeof (SternBoardHintPath));
  g_array_set_size (self->hint_paths, 0);
  g_array_append_vals (self->hint_paths, paths, (guint) n);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

