/* session-test-util.h: what the session and window tests share: a
 * setup, a match, and a safe move to play (and, through temp-dir-util.h,
 * a temporary folder).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "stern-game.h"
#include "stern-match.h"

#include "temp-dir-util.h"

/* The first legal move of the seat on turn that is not fatal. */
void  session_test_first_safe_move (const SternGame *game, guint *from, guint *to);
/* Plays that move in match; asserts the match takes it. */
void  session_test_play_first (SternMatch *match);
/* A setup of variant and preset with kinds[seat] 'c' for a computer (Easy)
 * and 'h' for a human, and the clock reserve_s + increment_s (0: none). */
void  session_test_setup (SternGameSetup *setup,
                          const char     *variant,
                          SternPreset     preset,
                          const char     *kinds,
                          guint           reserve_s,
                          guint           increment_s);
/* A classic-2 race game of n random moves (from seed) that never ends: a
 * move that would end it is taken back and another one tried. */
SternGame *session_test_random_game (guint n, guint32 seed);
/* A match without the computer's delay that saves into data_dir. */
SternMatch *session_test_match_new (const char *data_dir);
