/* stern-clock.c: Fischer clocks (doc/rules.md §6).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-clock.h"

#include <string.h>

#include <glib.h>

#define US_PER_MS  1000
#define US_PER_S   1000000
#define TENTHS_BELOW_S 10   /* show tenths of a second under this many seconds */

void
stern_clock_init (SternClock *clock, int64_t reserve_ms, int64_t increment_ms)
{
  g_return_if_fail (clock != NULL && reserve_ms >= 0 && increment_ms >= 0);

  memset (clock, 0, sizeof *clock);
  clock->enabled = reserve_ms > 0;
  clock->reserve_us = reserve_ms * US_PER_MS;
  clock->increment_us = increment_ms * US_PER_MS;
  clock->running = STERN_NO_SEAT;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    clock->remaining_us[s] = reserve_ms * US_PER_MS;
}

static void
charge_running (SternClock *clock, int64_t now_us)
{
  if (clock->running == STERN_NO_SEAT)
    return;
  clock->remaining_us[clock->running] -= MAX (now_us - clock->running_since_us, 0);
  clock->running_since_us = now_us;
}

void
stern_clock_start (SternClock *clock, unsigned seat, int64_t now_us)
{
  g_return_if_fail (clock != NULL && seat < STERN_N_SEATS);
  if (!clock->enabled)
    return;
  charge_running (clock, now_us);
  clock->running = (uint8_t) seat;
  clock->running_since_us = now_us;
}

bool
stern_clock_moved (SternClock *clock, int64_t now_us)
{
  unsigned seat;

  g_return_val_if_fail (clock != NULL, false);
  if (!clock->enabled || clock->running == STERN_NO_SEAT)
    return true;
  charge_running (clock, now_us);
  seat = clock->running;
  clock->running = STERN_NO_SEAT;
  if (clock->remaining_us[seat] <= 0)
    return false;
  clock->remaining_us[seat] += clock->increment_us;
  return true;
}

void
stern_clock_pause (SternClock *clock, int64_t now_us)
{
  g_return_if_fail (clock != NULL);
  charge_running (clock, now_us);
  clock->running = STERN_NO_SEAT;
}

int64_t
stern_clock_remaining_us (const SternClock *clock, unsigned seat, int64_t now_us)
{
  int64_t left;

  g_return_val_if_fail (clock != NULL && seat < STERN_N_SEATS, 0);
  left = clock->remaining_us[seat];
  if (clock->running == seat)
    left -= MAX (now_us - clock->running_since_us, 0);
  return MAX (left, 0);
}

bool
stern_clock_expired (const SternClock *clock, unsigned seat, int64_t now_us)
{
  g_return_val_if_fail (clock != NULL && seat < STERN_N_SEATS, false);
  return clock->enabled && stern_clock_remaining_us (clock, seat, now_us) <= 0;
}

void
stern_clock_format (int64_t remaining_us, char *buf, unsigned len)
{
  int64_t tenths = MAX (remaining_us, 0) / (US_PER_S / 10);
  int64_t seconds = tenths / 10;

  g_return_if_fail (buf != NULL && len > 0);
  if (seconds < TENTHS_BELOW_S)
    g_snprintf (buf, len, "0:%02d.%d", (int) seconds, (int) (tenths % 10));
  else if (seconds < 3600)
    g_snprintf (buf, len, "%d:%02d", (int) (seconds / 60), (int) (seconds % 60));
  else
    g_snprintf (buf, len, "%d:%02d:%02d", (int) (seconds / 3600),
                (int) (seconds / 60 % 60), (int) (seconds % 60));
}

#define BUDGET_RESERVE_PART 30     /* a thirtieth of what is left … */
#define BUDGET_MAX_PART     4      /* … never more than a quarter */
#define BUDGET_MIN_MS       20
#define BUDGET_MAX_MS       (60 * 1000)

int64_t
stern_clock_move_budget_ms (const SternClock *clock, unsigned seat, int64_t now_us)
{
  int64_t left, increment, budget;

  g_return_val_if_fail (clock != NULL && seat < STERN_N_SEATS, 0);
  if (!clock->enabled)
    return 0;

  left = stern_clock_remaining_us (clock, seat, now_us) / US_PER_MS;
  increment = clock->increment_us / US_PER_MS;
  budget = left / BUDGET_RESERVE_PART + increment * 3 / 4;
  budget = MIN (budget, left / BUDGET_MAX_PART);
  return CLAMP (budget, BUDGET_MIN_MS, BUDGET_MAX_MS);
}
