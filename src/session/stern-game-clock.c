/* stern-game-clock.c: the players' clocks of a game in the window.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-game-clock.h"

#define TICK_MS 100

struct _SternGameClock
{
  GObject    parent_instance;

  SternClock clock;
  guint      tick_id;
};

G_DEFINE_FINAL_TYPE (SternGameClock, stern_game_clock, G_TYPE_OBJECT)

enum {
  SIGNAL_TICK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
tick_cb (gpointer user_data)
{
  SternGameClock *self = user_data;

  g_signal_emit (self, signals[SIGNAL_TICK], 0);
  return G_SOURCE_CONTINUE;
}

void
stern_game_clock_set_ticking (SternGameClock *self,
                              gboolean        ticking)
{
  g_return_if_fail (STERN_IS_GAME_CLOCK (self));

  ticking = ticking && self->clock.enabled;
  if (ticking && self->tick_id == 0)
    self->tick_id = g_timeout_add (TICK_MS, tick_cb, self);
  else if (!ticking)
    g_clear_handle_id (&self->tick_id, g_source_remove);
}

void
stern_game_clock_reset (SternGameClock *self,
                        guint           reserve_s,
                        guint           increment_s)
{
  g_return_if_fail (STERN_IS_GAME_CLOCK (self));

  stern_clock_init (&self->clock, (int64_t) reserve_s * 1000, (int64_t) increment_s * 1000);
  if (!self->clock.enabled)
    stern_game_clock_set_ticking (self, FALSE);
}

void
stern_game_clock_restore (SternGameClock   *self,
                          const SternClock *state)
{
  g_return_if_fail (STERN_IS_GAME_CLOCK (self));
  g_return_if_fail (state != NULL);

  self->clock = *state;
  self->clock.running = STERN_NO_SEAT;
  if (!self->clock.enabled)
    stern_game_clock_set_ticking (self, FALSE);
}

void
stern_game_clock_get_state (SternGameClock *self,
                            SternClock     *state)
{
  gint64 now = g_get_monotonic_time ();

  g_return_if_fail (STERN_IS_GAME_CLOCK (self));
  g_return_if_fail (state != NULL);

  *state = self->clock;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    state->remaining_us[seat] = stern_clock_remaining_us (&self->clock, seat, now);
  state->running = STERN_NO_SEAT;
}

gboolean
stern_game_clock_is_enabled (SternGameClock *self)
{
  g_return_val_if_fail (STERN_IS_GAME_CLOCK (self), FALSE);

  return self->clock.enabled;
}

void
stern_game_clock_run (SternGameClock *self,
                      unsigned        seat)
{
  gint64 now = g_get_monotonic_time ();

  g_return_if_fail (STERN_IS_GAME_CLOCK (self));
  g_return_if_fail (seat < STERN_N_SEATS || seat == STERN_NO_SEAT);

  if (!self->clock.enabled || self->clock.running == seat)
    return;

  if (seat == STERN_NO_SEAT)
    stern_clock_pause (&self->clock, now);
  else
    stern_clock_start (&self->clock, seat, now);
  /* Whose time runs changed: the displays follow at once. */
  g_signal_emit (self, signals[SIGNAL_TICK], 0);
}

unsigned
stern_game_clock_get_running (SternGameClock *self)
{
  g_return_val_if_fail (STERN_IS_GAME_CLOCK (self), STERN_NO_SEAT);

  return self->clock.running;
}

gboolean
stern_game_clock_moved (SternGameClock *self,
                        unsigned        seat)
{
  gint64 now = g_get_monotonic_time ();

  g_return_val_if_fail (STERN_IS_GAME_CLOCK (self), TRUE);
  g_return_val_if_fail (seat < STERN_N_SEATS, TRUE);

  if (!self->clock.enabled)
    return TRUE;

  /* A move made while the time stood still (an old position was shown)
   * still earns the increment. */
  if (self->clock.running != seat)
    stern_clock_start (&self->clock, seat, now);
  return stern_clock_moved (&self->clock, now);
}

gint64
stern_game_clock_get_remaining_ms (SternGameClock *self,
                                   unsigned        seat)
{
  g_return_val_if_fail (STERN_IS_GAME_CLOCK (self), 0);
  g_return_val_if_fail (seat < STERN_N_SEATS, 0);

  return stern_clock_remaining_us (&self->clock, seat, g_get_monotonic_time ()) / 1000;
}

void
stern_game_clock_set_remaining_ms (SternGameClock *self,
                                   unsigned        seat,
                                   gint64          ms)
{
  gint64 now = g_get_monotonic_time ();

  g_return_if_fail (STERN_IS_GAME_CLOCK (self));
  g_return_if_fail (seat < STERN_N_SEATS);

  self->clock.remaining_us[seat] = ms * 1000;
  if (self->clock.running == seat)
    self->clock.running_since_us = now;
}

gboolean
stern_game_clock_expired (SternGameClock *self,
                          unsigned        seat)
{
  g_return_val_if_fail (STERN_IS_GAME_CLOCK (self), FALSE);
  g_return_val_if_fail (seat < STERN_N_SEATS, FALSE);

  return stern_clock_expired (&self->clock, seat, g_get_monotonic_time ());
}

char *
stern_game_clock_format (SternGameClock *self,
                         unsigned        seat)
{
  char buf[32];

  g_return_val_if_fail (STERN_IS_GAME_CLOCK (self), NULL);
  g_return_val_if_fail (seat < STERN_N_SEATS, NULL);

  stern_clock_format (stern_clock_remaining_us (&self->clock, seat, g_get_monotonic_time ()),
                      buf, sizeof buf);
  return g_strdup (buf);
}

static void
stern_game_clock_dispose (GObject *object)
{
  SternGameClock *self = STERN_GAME_CLOCK (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);

  G_OBJECT_CLASS (stern_game_clock_parent_class)->dispose (object);
}

static void
stern_game_clock_class_init (SternGameClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stern_game_clock_dispose;

  /**
   * SternGameClock::tick:
   *
   * Emitted every tenth of a second while ticking and the clock is on,
   * and when whose time runs changes.
   */
  signals[SIGNAL_TICK] =
    g_signal_new ("tick",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
stern_game_clock_init (SternGameClock *self)
{
  stern_clock_init (&self->clock, 0, 0);
}

SternGameClock *
stern_game_clock_new (void)
{
  return g_object_new (STERN_TYPE_GAME_CLOCK, NULL);
}
