/* stern-computer-player.c: the computer as a player of a match.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-computer-player.h"

#include "stern-computer.h"
#include "stern-match.h"

struct _SternComputerPlayer
{
  GObject       parent_instance;

  SternLevel    level;
  guint         delay_ms;

  /* The turn in progress: the search's cancellable, when it began, the
   * pause still to wait, and the move found. */
  GCancellable *cancellable;
  GCancellable *hurry;
  gint64        started_us;
  gint64        wait_ms;
  guint         delay_id;
  SternMove     move;
  double        progress;   /* of the search under way, 0 to 1 */
};

enum {
  PROP_0,
  PROP_PROGRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void computer_player_iface_init (SternPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SternComputerPlayer, stern_computer_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (STERN_TYPE_PLAYER, computer_player_iface_init))

static SternPlayerKind
computer_get_kind (SternPlayer *player)
{
  return STERN_PLAYER_KIND_COMPUTER;
}

static void
set_progress (SternComputerPlayer *self,
              double               progress)
{
  if (self->progress == progress)
    return;
  self->progress = progress;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

static void
progress_made (GObject *target,
               double   fraction)
{
  SternComputerPlayer *self = STERN_COMPUTER_PLAYER (target);

  /* Only while the turn's search is on (a report may arrive just after). */
  if (self->cancellable != NULL && self->delay_id == 0)
    set_progress (self, fraction);
}

static void
computer_stop (SternPlayer *player)
{
  SternComputerPlayer *self = STERN_COMPUTER_PLAYER (player);

  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  g_clear_object (&self->hurry);
  g_clear_handle_id (&self->delay_id, g_source_remove);
  set_progress (self, 0.0);
}

static gboolean
delay_done (gpointer user_data)
{
  SternComputerPlayer *self = user_data;
  SternMove move = self->move;

  self->delay_id = 0;
  g_clear_object (&self->cancellable);
  g_clear_object (&self->hurry);
  set_progress (self, 0.0);
  stern_player_emit_move_chosen (STERN_PLAYER (self), move.from, move.to);
  return G_SOURCE_REMOVE;
}

static void
choose_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (SternComputerPlayer) self = user_data;
  g_autoptr (GError) error = NULL;
  gint64 elapsed_ms;
  SternMove move;

  if (!stern_computer_choose_finish (result, &move, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("The computer found no move: %s", error->message);
      return;
    }

  /* An answer for a turn that was taken back since (undo, new game). */
  if (self->cancellable == NULL ||
      g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    return;

  self->move = move;
  elapsed_ms = (g_get_monotonic_time () - self->started_us) / 1000;
  if (elapsed_ms >= self->wait_ms)
    delay_done (self);
  else
    {
      /* The thinking is done; what is left is the pause before the move. */
      set_progress (self, 1.0);
      self->delay_id = g_timeout_add ((guint) (self->wait_ms - elapsed_ms), delay_done, self);
    }
}

static void
computer_start_turn (SternPlayer *player,
                     SternMatch  *match,
                     guint        seat)
{
  SternComputerPlayer *self = STERN_COMPUTER_PLAYER (player);
  SternGame *game = stern_match_get_game (match);

  g_return_if_fail (stern_game_get_turn (game) == seat);

  computer_stop (player);
  self->cancellable = g_cancellable_new ();
  self->hurry = g_cancellable_new ();
  self->started_us = g_get_monotonic_time ();
  self->wait_ms = MIN ((gint64) self->delay_ms, stern_match_get_delay_cap_ms (match, seat));

  stern_computer_choose_async (game,
                               self->level,
                               g_random_int (),
                               (int) stern_match_get_move_budget_ms (match, seat),
                               self->hurry,
                               self->cancellable,
                               progress_made,
                               G_OBJECT (self),
                               choose_done,
                               g_object_ref (self));
}

gboolean
stern_computer_player_move_now (SternComputerPlayer *self)
{
  g_return_val_if_fail (STERN_IS_COMPUTER_PLAYER (self), FALSE);

  if (self->cancellable == NULL)
    return FALSE;
  /* No pause after the search, and the search (if still on) stops with
   * the move it has. */
  self->wait_ms = 0;
  if (self->delay_id != 0)
    {
      g_clear_handle_id (&self->delay_id, g_source_remove);
      delay_done (self);
    }
  else if (self->hurry != NULL)
    g_cancellable_cancel (self->hurry);
  return TRUE;
}

static void
computer_player_iface_init (SternPlayerInterface *iface)
{
  iface->get_kind = computer_get_kind;
  iface->start_turn = computer_start_turn;
  iface->stop = computer_stop;
}

static void
stern_computer_player_dispose (GObject *object)
{
  computer_stop (STERN_PLAYER (object));

  G_OBJECT_CLASS (stern_computer_player_parent_class)->dispose (object);
}

static void
stern_computer_player_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  SternComputerPlayer *self = STERN_COMPUTER_PLAYER (object);

  switch (prop_id)
    {
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_computer_player_class_init (SternComputerPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stern_computer_player_dispose;
  object_class->get_property = stern_computer_player_get_property;

  /* How far the search of the turn under way has gone: 0 before and
   * after a turn, 1 while the move waits for its pause to end. */
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
stern_computer_player_init (SternComputerPlayer *self)
{
}

SternPlayer *
stern_computer_player_new (SternLevel level,
                           guint delay_ms)
{
  SternComputerPlayer *self = g_object_new (STERN_TYPE_COMPUTER_PLAYER, NULL);

  self->level = level;
  self->delay_ms = delay_ms;
  return STERN_PLAYER (self);
}

SternLevel
stern_computer_player_get_level (SternComputerPlayer *self)
{
  g_return_val_if_fail (STERN_IS_COMPUTER_PLAYER (self), STERN_LEVEL_MEDIUM);

  return self->level;
}

void
stern_computer_player_set_delay (SternComputerPlayer *self,
                                 guint                delay_ms)
{
  g_return_if_fail (STERN_IS_COMPUTER_PLAYER (self));

  self->delay_ms = delay_ms;
}

gboolean
stern_computer_player_is_busy (SternComputerPlayer *self)
{
  g_return_val_if_fail (STERN_IS_COMPUTER_PLAYER (self), FALSE);

  return self->cancellable != NULL;
}

double
stern_computer_player_get_progress (SternComputerPlayer *self)
{
  g_return_val_if_fail (STERN_IS_COMPUTER_PLAYER (self), 0.0);

  return self->progress;
}
