/* stern-board-view-input.c: the pointer, the keys and the keyboard cursor:
 * clicks and motion, arrow keys and Enter, focus
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "stern-board-view-private.h"
#include "stern-board-layout.h"
#include "stern-board.h"
#include "stern-movegen.h"
#include "stern-notation.h"

void
board_view_set_cursor (SternBoardView *self, guint hole)
{
  g_autofree char *text = NULL;

  if (!stern_board_scene_set_cursor (&self->scene, hole))
    return;
  text = board_view_describe_hole (self, hole);
  board_view_announce (self, text);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Where the keyboard cursor starts: the picked marble, else the marble of
 * the player on turn nearest the bottom of the screen among those that
 * can move (Return picks it), else any of theirs, else the centre. */
guint
board_view_initial_cursor (SternBoardView *self)
{
  SternBoardLayout layout;
  const SternPosition *pos;
  guint centre = stern_board_hole_at (0, 0);
  SternSet marbles, movable = 0;
  unsigned turn;
  guint lowest;

  if (board_view_is_hole (self->scene.selected))
    return self->scene.selected;
  if (self->game == NULL)
    return centre;
  turn = stern_game_get_turn (self->game);
  if (turn == STERN_NO_SEAT)
    return centre;

  pos = stern_game_get_position (self->game);
  marbles = pos->marbles[turn];
  for (SternSet set = marbles; set != 0;)
    {
      guint hole = stern_set_pop (&set);

      if (stern_movegen_marble_can_move (stern_game_get_rules (self->game), pos, hole))
        movable |= stern_set_bit (hole);
    }
  board_view_get_layout (self, &layout, 100, 100);
  lowest = stern_board_layout_lowest (&layout, movable != 0 ? movable : marbles);
  return board_view_is_hole (lowest) ? lowest : centre;
}

/* The column the cursor keeps while moving up and down: where it is. */
void
board_view_remember_column (SternBoardView *self)
{
  SternBoardLayout layout;
  double y;

  if (!board_view_on_board (self, self->scene.cursor))
    return;
  board_view_get_layout (self, &layout, 2, 2);
  stern_board_layout_screen_offset (&layout, self->scene.cursor, &self->cursor_pref_x, &y);
}

void
stern_board_view_click (SternBoardView *self, double x, double y)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint hole;

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  if (board_view_busy (self))
    return;
  hole = stern_board_view_hole_at (self, x, y,
                                   gtk_widget_get_width (widget),
                                   gtk_widget_get_height (widget));
  if (board_view_is_hole (hole))
    {
      board_view_set_cursor (self, hole);
      board_view_remember_column (self);
    }
  board_view_activate_hole (self, hole, FALSE);
}

void
stern_board_view_hover (SternBoardView *self, double x, double y)
{
  GtkWidget *widget = GTK_WIDGET (self);

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  if (board_view_busy (self) || self->game == NULL)
    return;
  board_view_preview_to (self, stern_board_view_hole_at (self, x, y,
                                              gtk_widget_get_width (widget),
                                              gtk_widget_get_height (widget)));
}

gboolean
stern_board_view_key (SternBoardView *self, guint keyval)
{
  double dx = 0, dy = 0;

  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), FALSE);

  if (board_view_busy (self))
    return FALSE;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      dx = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      dx = 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      dy = -1;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      dy = 1;
      break;

    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      if (!board_view_on_board (self, self->scene.cursor))
        return FALSE;
      self->keyboard_used = TRUE;
      board_view_activate_hole (self, self->scene.cursor, TRUE);
      if (board_view_is_hole (self->scene.selected))
        board_view_preview_to (self, self->scene.cursor);
      return TRUE;

    case GDK_KEY_Escape:
      if (board_view_is_hole (self->scene.selected) || self->scene.hint_len > 0)
        {
          self->scene.hint_len = 0;
          board_view_clear_selection (self);
          return TRUE;
        }
      return FALSE;

    default:
      return FALSE;
    }

  /* The first arrow only shows the cursor where it starts, on a marble
   * of the player on turn: it has not been seen to move it from. */
  if (!board_view_on_board (self, self->scene.cursor) || !board_view_cursor_visible (self))
    {
      self->keyboard_used = TRUE;
      board_view_set_cursor (self, board_view_initial_cursor (self));
      board_view_remember_column (self);
    }
  else
    {
      SternBoardLayout layout;
      guint next;

      self->keyboard_used = TRUE;
      board_view_get_layout (self, &layout, 2, 2);
      next = stern_board_layout_hole_in_direction (&layout, self->scene.cursor, dx, dy,
                                                   self->cursor_pref_x);

      if (board_view_is_hole (next))
        {
          board_view_set_cursor (self, next);
          if (dx != 0)
            board_view_remember_column (self);
        }
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->game != NULL)
    board_view_preview_to (self, self->scene.cursor);
  return TRUE;
}

/* ---- controllers --------------------------------------------------------------- */

void
board_view_on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            SternBoardView  *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* The second press of a double click would only undo the first. */
  if (n_press > 1)
    return;
  if (button == GDK_BUTTON_PRIMARY)
    {
      self->keyboard_used = FALSE;
      stern_board_view_click (self, x, y);
      stern_board_view_hover (self, x, y);
    }
  else if (button == GDK_BUTTON_SECONDARY && !board_view_busy (self))
    board_view_clear_selection (self);
}

void
board_view_on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           SternBoardView           *self)
{
  stern_board_view_hover (self, x, y);
}

void
board_view_on_leave (GtkEventControllerMotion *motion,
          SternBoardView           *self)
{
  if (self->scene.preview_len != 0)
    {
      board_view_clear_preview (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

gboolean
board_view_on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                SternBoardView        *self)
{
  /* Leave shortcuts with modifiers to the window. */
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  return stern_board_view_key (self, keyval);
}

void
board_view_on_focus_enter (GtkEventControllerFocus *focus,
                SternBoardView          *self)
{
  if (!board_view_on_board (self, self->scene.cursor))
    {
      self->scene.cursor = board_view_initial_cursor (self);
      board_view_remember_column (self);
      board_view_update_accessible (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
board_view_on_focus_leave (GtkEventControllerFocus *focus,
                SternBoardView          *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
