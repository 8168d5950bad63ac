/* stern-player.c: the player interface and the local human.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-player.h"

G_DEFINE_INTERFACE (SternPlayer, stern_player, G_TYPE_OBJECT)

enum {
  SIGNAL_MOVE_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
stern_player_default_init (SternPlayerInterface *iface)
{
  /**
   * SternPlayer::move-chosen:
   * @from: the hole the marble leaves
   * @to: the hole where it stops
   *
   * The player chose its move for the turn it was given.
   */
  signals[SIGNAL_MOVE_CHOSEN] =
    g_signal_new ("move-chosen",
                  G_TYPE_FROM_INTERFACE (iface),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

SternPlayerKind
stern_player_get_kind (SternPlayer *self)
{
  g_return_val_if_fail (STERN_IS_PLAYER (self), STERN_PLAYER_KIND_HUMAN);

  return STERN_PLAYER_GET_IFACE (self)->get_kind (self);
}

void
stern_player_start_turn (SternPlayer *self,
                         SternMatch  *match,
                         guint        seat)
{
  SternPlayerInterface *iface;

  g_return_if_fail (STERN_IS_PLAYER (self));
  g_return_if_fail (seat < STERN_N_SEATS);

  iface = STERN_PLAYER_GET_IFACE (self);
  if (iface->start_turn != NULL)
    iface->start_turn (self, match, seat);
}

void
stern_player_stop (SternPlayer *self)
{
  SternPlayerInterface *iface;

  g_return_if_fail (STERN_IS_PLAYER (self));

  iface = STERN_PLAYER_GET_IFACE (self);
  if (iface->stop != NULL)
    iface->stop (self);
}

void
stern_player_emit_move_chosen (SternPlayer *self,
                               guint        from,
                               guint        to)
{
  g_return_if_fail (STERN_IS_PLAYER (self));

  g_signal_emit (self, signals[SIGNAL_MOVE_CHOSEN], 0, from, to);
}

/* ------------------------------------------------------------------ */

struct _SternHumanPlayer
{
  GObject parent_instance;
};

static SternPlayerKind
human_get_kind (SternPlayer *player)
{
  return STERN_PLAYER_KIND_HUMAN;
}

static void
human_player_iface_init (SternPlayerInterface *iface)
{
  iface->get_kind = human_get_kind;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (SternHumanPlayer, stern_human_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (STERN_TYPE_PLAYER, human_player_iface_init))

static void
stern_human_player_class_init (SternHumanPlayerClass *klass)
{
}

static void
stern_human_player_init (SternHumanPlayer *self)
{
}

SternPlayer *
stern_human_player_new (void)
{
  return g_object_new (STERN_TYPE_HUMAN_PLAYER, NULL);
}
