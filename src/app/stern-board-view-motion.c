/* stern-board-view-motion.c: a move played hop by hop and the board turning
 * to a new bottom seat, on the widget's frame clock
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

/* The angle the layout turns the board by for a bottom seat
 * (stern-board-layout.c). */
/* How far the board is turned with a seat at the bottom: the star by a
 * sixth per seat, a square board by a quarter per corner (as the layout). */
double
board_view_seat_angle (SternBoardView *self, unsigned seat)
{
  if (board_view_board_size (self))
    return MAX (0, stern_board_layout_seat_corner (seat)) * G_PI / 2.0;
  return -(double) seat * G_PI / 3.0;
}

static gboolean
turn_tick (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       user_data)
{
  SternBoardView *self = STERN_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double t, ease;

  if (self->turn_start < 0)
    self->turn_start = now;
  t = (double) (now - self->turn_start) / TURN_USEC;
  gtk_widget_queue_draw (widget);
  if (t >= 1.0)
    {
      self->turn_tick_id = 0;
      self->spin = 0;
      board_view_notify_animating (self);
      return G_SOURCE_REMOVE;
    }
  ease = t * t * (3 - 2 * t);
  self->spin = self->turn_from * (1 - ease);
  return G_SOURCE_CONTINUE;
}

void
board_view_start_turn (SternBoardView *self)
{
  self->turn_pending = FALSE;
  self->turn_start = -1;
  self->spin = self->turn_from;
  if (self->turn_tick_id == 0)
    self->turn_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), turn_tick,
                                                       NULL, NULL);
}

/* The board at its new angle at once. */
void
board_view_stop_turn (SternBoardView *self)
{
  if (self->turn_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->turn_tick_id);
      self->turn_tick_id = 0;
    }
  if (self->spin != 0)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  self->turn_pending = FALSE;
  self->spin = 0;
}

void
board_view_stop_move_animation (SternBoardView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (self->anim_len != 0)
    {
      self->anim_len = 0;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  /* A turn waiting for the move goes now. */
  if (self->turn_pending)
    board_view_start_turn (self);
}

void
board_view_stop_animation (SternBoardView *self)
{
  board_view_stop_move_animation (self);
  board_view_stop_turn (self);
  board_view_notify_animating (self);
}

gboolean
board_view_animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  SternBoardView *self = STERN_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->anim_start < 0)
    self->anim_start = now;
  self->anim_progress = (double) (now - self->anim_start) / HOP_USEC;
  if (self->anim_progress >= (double) (self->anim_len - 1))
    {
      self->tick_id = 0;
      self->anim_len = 0;
      gtk_widget_queue_draw (widget);
      /* The mover sees the move land before the board turns away. */
      if (self->turn_pending)
        board_view_start_turn (self);
      board_view_notify_animating (self);
      return G_SOURCE_REMOVE;
    }
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}
