/* stern-remote-player.c: a seat played from the network.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-remote-player.h"

struct _SternRemotePlayer
{
  GObject  parent_instance;

  gboolean in_turn;
  guint    seat;
};

static void stern_remote_player_iface_init (SternPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SternRemotePlayer, stern_remote_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (STERN_TYPE_PLAYER,
                                                      stern_remote_player_iface_init))

enum {
  SIGNAL_TURN_STARTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static SternPlayerKind
remote_get_kind (SternPlayer *player)
{
  return STERN_PLAYER_KIND_REMOTE;
}

static void
remote_start_turn (SternPlayer *player,
                   SternMatch  *match,
                   guint        seat)
{
  SternRemotePlayer *self = STERN_REMOTE_PLAYER (player);

  self->in_turn = TRUE;
  self->seat = seat;
  g_signal_emit (self, signals[SIGNAL_TURN_STARTED], 0);
}

static void
remote_stop (SternPlayer *player)
{
  STERN_REMOTE_PLAYER (player)->in_turn = FALSE;
}

static void
stern_remote_player_iface_init (SternPlayerInterface *iface)
{
  iface->get_kind = remote_get_kind;
  iface->start_turn = remote_start_turn;
  iface->stop = remote_stop;
}

static void
stern_remote_player_class_init (SternRemotePlayerClass *klass)
{
  signals[SIGNAL_TURN_STARTED] =
    g_signal_new ("turn-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
stern_remote_player_init (SternRemotePlayer *self)
{
}

SternPlayer *
stern_remote_player_new (void)
{
  return g_object_new (STERN_TYPE_REMOTE_PLAYER, NULL);
}

gboolean
stern_remote_player_deliver (SternRemotePlayer *self,
                             guint              from,
                             guint              to)
{
  g_return_val_if_fail (STERN_IS_REMOTE_PLAYER (self), FALSE);

  if (!self->in_turn)
    return FALSE;
  /* The match may hold the move until an animation ends; the turn stays
   * ours until it is played (stop), so a repeated delivery is harmless. */
  stern_player_emit_move_chosen (STERN_PLAYER (self), from, to);
  return TRUE;
}
