/* stern-computer-player.h: the computer as a player of a match.
 *
 * At its turn it searches a copy of the game in a worker thread
 * (stern-computer.h) for as long as the match's clock allows, waits until
 * at least the delay has passed since the turn began, so that a person can
 * follow the game, and announces its move.  stop() cancels the search;
 * an answer that arrives after it is dropped.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-player.h"
#include "stern-search.h"

G_BEGIN_DECLS

#define STERN_TYPE_COMPUTER_PLAYER (stern_computer_player_get_type ())
G_DECLARE_FINAL_TYPE (SternComputerPlayer, stern_computer_player, STERN, COMPUTER_PLAYER, GObject)

/* delay_ms: the shortest time a move takes. */
SternPlayer *stern_computer_player_new (SternLevel level, guint delay_ms);

SternLevel   stern_computer_player_get_level (SternComputerPlayer *self);
void         stern_computer_player_set_delay (SternComputerPlayer *self, guint delay_ms);
/* Whether a search or the delay after it is under way. */
gboolean     stern_computer_player_is_busy   (SternComputerPlayer *self);
/* Plays the best move found so far at once (no pause after it); FALSE
 * when not busy. */
gboolean     stern_computer_player_move_now  (SternComputerPlayer *self);
double       stern_computer_player_get_progress (SternComputerPlayer *self);

G_END_DECLS
