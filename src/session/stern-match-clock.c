/* stern-match-clock.c: the match's clock: whose time runs, a time that
 * runs out, and the time a computer player may take.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-match-private.h"

/* Ticks (a tenth of a second) between saves of the running clock. */
#define AUTOSAVE_TICKS 50
/* A computer move is shown within a twentieth of the time it has left. */
#define DELAY_TIME_PART 20

/* Whose time runs: the player on turn, while nobody holds the match, it
 * is not paused and the newest position is shown. */
void
stern_match_sync_clock (SternMatch *self)
{
  unsigned turn = stern_game_get_turn (self->game);
  unsigned run = STERN_NO_SEAT;

  if (!stern_game_clock_is_enabled (self->clock))
    return;

  if (turn != STERN_NO_SEAT && !stern_match_browsing (self) && !self->paused && !self->stopped &&
      self->hold_count == 0 &&
      stern_game_get_player_state (self->game, turn) == STERN_PLAYER_PLAYING &&
      !stern_game_must_pass (self->game))
    run = turn;

  /* The timer runs only while somebody's time does.  The tick that
   * announces the change is for the views: a time that has run out is
   * noticed at the next one, not in the middle of this change. */
  stern_game_clock_set_ticking (self->clock, run != STERN_NO_SEAT);
  self->syncing = TRUE;
  stern_game_clock_run (self->clock, run);
  self->syncing = FALSE;
}

void
stern_match_time_ran_out (SternMatch *self,
                          unsigned    seat)
{
  g_autoptr (GError) error = NULL;

  stern_match_stop_players (self);

  /* Refused by the commit function: tried again at the next tick. */
  if (!stern_match_commit_action (self, STERN_ACTION_TIMEOUT, seat, NULL, 0, &error))
    {
      stern_match_notify_state (self);
      return;
    }
  if (!stern_game_timeout (self->game, seat, &error))
    {
      /* Not to be asked again every tick: the clock goes off. */
      g_warning ("Could not end %s's time: %s", stern_seat_colour_name (seat), error->message);
      stern_game_clock_reset (self->clock, 0, 0);
      stern_match_notify_state (self);
      return;
    }

  self->keep_replaced = FALSE;
  stern_match_after_give_up (self, seat);
}

void
stern_match_on_clock_tick (SternMatch *self)
{
  unsigned running;

  if (self->syncing)
    return;

  stern_match_sync_clock (self);

  running = stern_game_clock_get_running (self->clock);
  if (running != STERN_NO_SEAT && stern_game_clock_expired (self->clock, running))
    {
      stern_match_time_ran_out (self, running);
      return;
    }

  /* The time left is saved now and then too, not only after moves. */
  if (running != STERN_NO_SEAT && ++self->clock_ticks % AUTOSAVE_TICKS == 0)
    stern_match_autosave (self);
}

gint64
stern_match_get_move_budget_ms (SternMatch *self,
                                guint       seat)
{
  SternClock state;

  g_return_val_if_fail (STERN_IS_MATCH (self), 0);
  g_return_val_if_fail (seat < STERN_N_SEATS, 0);

  /* A seat taken over after its time ran out (club) has no clock. */
  if (stern_game_get_player_state (self->game, seat) != STERN_PLAYER_PLAYING)
    return 0;
  stern_game_clock_get_state (self->clock, &state);
  return stern_clock_move_budget_ms (&state, seat, 0);
}

gint64
stern_match_get_delay_cap_ms (SternMatch *self,
                              guint       seat)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), 0);
  g_return_val_if_fail (seat < STERN_N_SEATS, 0);

  if (stern_game_clock_is_enabled (self->clock) &&
      stern_game_get_player_state (self->game, seat) == STERN_PLAYER_PLAYING)
    return stern_game_clock_get_remaining_ms (self->clock, seat) / DELAY_TIME_PART;
  return G_MAXINT64;
}

void
stern_match_set_paused (SternMatch *self,
                        gboolean    paused)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  self->paused = !!paused;
  if (self->game != NULL)
    stern_match_sync_clock (self);
}
