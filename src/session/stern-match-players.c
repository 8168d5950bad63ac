/* stern-match-players.c: who plays each seat of a match: the human and
 * computer players, their turns and the computer's delay.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-match-private.h"

#include "stern-computer-player.h"

void
stern_match_stop_players (SternMatch *self)
{
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (self->players[seat] != NULL)
      stern_player_stop (self->players[seat]);
  self->thinking = FALSE;
  self->pending_move = FALSE;
}

static void
on_move_chosen (SternMatch  *self,
                guint        from,
                guint        to,
                SternPlayer *player)
{
  unsigned turn = stern_game_get_turn (self->game);

  /* Only the answer to the turn in progress counts. */
  if (!self->thinking || turn == STERN_NO_SEAT || self->players[turn] != player)
    return;

  if (self->hold_count > 0)
    {
      self->pending_move = TRUE;
      self->pending.from = from;
      self->pending.to = to;
      return;
    }

  stern_match_play_chosen (self, from, to);
}

/* Stops a player and lets go of it (and of every handler of ours). */
static void
drop_player (SternMatch *self,
             unsigned    seat)
{
  stern_player_stop (self->players[seat]);
  g_signal_handlers_disconnect_by_data (self->players[seat], self);
  g_clear_object (&self->players[seat]);
}

void
stern_match_clear_players (SternMatch *self)
{
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (self->players[seat] != NULL)
      drop_player (self, seat);
}

void
stern_match_put_player (SternMatch  *self,
                        unsigned     seat,
                        SternPlayer *player)
{
  if (self->players[seat] != NULL)
    drop_player (self, seat);
  self->players[seat] = player;
  g_signal_connect_object (player, "move-chosen", G_CALLBACK (on_move_chosen),
                           self, G_CONNECT_SWAPPED);
  if (STERN_IS_COMPUTER_PLAYER (player))
    g_signal_connect_object (player, "notify::progress",
                             G_CALLBACK (stern_match_thinker_progressed), self, G_CONNECT_SWAPPED);
}

void
stern_match_create_players (SternMatch *self)
{
  const SternVariant *variant = self->setup.variant;

  stern_match_clear_players (self);
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];

      if (stern_game_setup_is_human (&self->setup, seat))
        stern_match_put_player (self, seat, stern_human_player_new ());
      else
        stern_match_put_player (self, seat,
                                stern_computer_player_new (self->setup.level[seat],
                                                           self->computer_delay_ms));
    }
}

gboolean
stern_match_is_human (SternMatch *self,
                      guint       seat)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);

  return seat < STERN_N_SEATS && self->players[seat] != NULL &&
         stern_player_get_kind (self->players[seat]) == STERN_PLAYER_KIND_HUMAN;
}

gboolean
stern_match_human_to_play (SternMatch *self)
{
  unsigned turn;

  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);

  turn = stern_game_get_turn (self->game);
  return turn != STERN_NO_SEAT && stern_match_is_human (self, turn) &&
         !stern_game_must_pass (self->game);
}

SternPlayer *
stern_match_get_player (SternMatch *self,
                        guint       seat)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  g_return_val_if_fail (seat < STERN_N_SEATS, NULL);
  return self->players[seat];
}

void
stern_match_set_player (SternMatch  *self,
                        guint        seat,
                        SternPlayer *player)
{
  g_return_if_fail (STERN_IS_MATCH (self));
  g_return_if_fail (STERN_IS_PLAYER (player));
  g_return_if_fail (self->game != NULL && stern_variant_has_seat (self->setup.variant, seat));

  stern_match_put_player (self, seat, g_object_ref (player));
  if (stern_game_get_turn (self->game) == seat && !stern_match_browsing (self))
    {
      self->pending_move = FALSE;
      stern_match_advance (self, FALSE);
    }
}

gboolean
stern_match_is_replaced (SternMatch *self,
                         guint       seat)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  g_return_val_if_fail (seat < STERN_N_SEATS, FALSE);

  return self->replaced[seat];
}

void
stern_match_set_computer_delay (SternMatch *self,
                                guint       msec)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  if (self->computer_delay_ms == msec)
    return;
  self->computer_delay_ms = msec;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (self->players[seat] != NULL && STERN_IS_COMPUTER_PLAYER (self->players[seat]))
      stern_computer_player_set_delay (STERN_COMPUTER_PLAYER (self->players[seat]), msec);
  g_object_notify_by_pspec (G_OBJECT (self), stern_match_properties[PROP_COMPUTER_DELAY]);
}
