/* stern-clock.h: Fischer clocks (doc/rules.md §6): a reserve for the game plus
 * an increment after each of a player's moves.
 *
 * Pure arithmetic on times the caller passes in (microseconds from any
 * monotonic source), so it can be tested without waiting.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "stern-variant.h"

typedef struct {
  int64_t  remaining_us[STERN_N_SEATS];
  int64_t  reserve_us;         /* each seat's time at the start */
  int64_t  increment_us;
  int64_t  running_since_us;   /* when the running seat's time started */
  uint8_t  running;            /* seat whose time runs, or STERN_NO_SEAT */
  bool     enabled;
} SternClock;

/* reserve_ms == 0 turns the clock off. */
void    stern_clock_init (SternClock *clock, int64_t reserve_ms, int64_t increment_ms);
/* Starts the seat's time (stops any other first, without increment). */
void    stern_clock_start (SternClock *clock, unsigned seat, int64_t now_us);
/* The running seat moved: its time stops and it gets the increment.
 * Returns false (and no increment) if its time had already run out. */
bool    stern_clock_moved (SternClock *clock, int64_t now_us);
/* Stops the time without an increment (window hidden, game over). */
void    stern_clock_pause (SternClock *clock, int64_t now_us);
int64_t stern_clock_remaining_us (const SternClock *clock, unsigned seat, int64_t now_us);
bool    stern_clock_expired (const SternClock *clock, unsigned seat, int64_t now_us);
/* "4:05", "0:09.5" under ten seconds; written into buf of size len. */
void    stern_clock_format (int64_t remaining_us, char *buf, unsigned len);

/* The time a computer may think about its next move with this much left
 * (and the clock's increment): about a thirtieth of the reserve and most of
 * the increment, never more than a quarter of what is left; 20 ms to one
 * minute.  0 when the clock is off or the seat has no time (the level then
 * decides alone). */
int64_t stern_clock_move_budget_ms (const SternClock *clock, unsigned seat, int64_t now_us);
