/* stern-game-clock.h: the players' clocks of a match.
 *
 * The engine's Fischer clock (stern-clock.h) on the monotonic clock, with
 * a "tick" every tenth of a second while somebody's time runs (so that a
 * view can show the time and the match notice when it runs out) and when
 * whose time runs changes.  The match decides whose time runs (nobody's
 * while the view is hidden or holds it, or an old position is shown).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-clock.h"

G_BEGIN_DECLS

#define STERN_TYPE_GAME_CLOCK (stern_game_clock_get_type ())
G_DECLARE_FINAL_TYPE (SternGameClock, stern_game_clock, STERN, GAME_CLOCK, GObject)

SternGameClock *stern_game_clock_new (void);

/* A new game: reserve_s 0 turns the clock off.  Nobody's time runs. */
void     stern_game_clock_reset   (SternGameClock *self, guint reserve_s, guint increment_s);
/* The times of a saved game (a stopped SternClock). */
void     stern_game_clock_restore (SternGameClock *self, const SternClock *state);
/* A copy of the state with the running time charged up to now. */
void     stern_game_clock_get_state (SternGameClock *self, SternClock *state);

gboolean stern_game_clock_is_enabled (SternGameClock *self);
/* Lets the seat's time run (STERN_NO_SEAT: nobody's), without increment. */
void     stern_game_clock_run (SternGameClock *self, unsigned seat);
unsigned stern_game_clock_get_running (SternGameClock *self);
/* The seat has moved: its time stops and it gets the increment.  FALSE if
 * its time had run out before. */
gboolean stern_game_clock_moved (SternGameClock *self, unsigned seat);

gint64   stern_game_clock_get_remaining_ms (SternGameClock *self, unsigned seat);
/* For tests and saved games. */
void     stern_game_clock_set_remaining_ms (SternGameClock *self, unsigned seat, gint64 ms);
gboolean stern_game_clock_expired (SternGameClock *self, unsigned seat);
/* "4:05", "0:09.5". */
char    *stern_game_clock_format (SternGameClock *self, unsigned seat);

/* Stops the "tick" signal (game over, no clock) or starts it again. */
void     stern_game_clock_set_ticking (SternGameClock *self, gboolean ticking);

G_END_DECLS
