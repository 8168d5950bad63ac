/* stern-remote-player.h: a seat of a match played from the network.
 *
 * The match hands it the seat's turn like any player; the move comes from
 * the server (an "action" message), which SternOnlineMatch passes on with
 * stern_remote_player_deliver().  GLib only.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-player.h"

G_BEGIN_DECLS

#define STERN_TYPE_REMOTE_PLAYER (stern_remote_player_get_type ())
G_DECLARE_FINAL_TYPE (SternRemotePlayer, stern_remote_player, STERN, REMOTE_PLAYER, GObject)

SternPlayer *stern_remote_player_new (void);

/* The server's move for the seat: announced as the player's choice when
 * the seat is on turn; FALSE (and nothing done) otherwise. */
gboolean     stern_remote_player_deliver (SternRemotePlayer *self, guint from, guint to);

G_END_DECLS

/* Signals:
 *   "turn-started" ()  the match handed the seat its turn (the owner looks
 *                      whether the server's move has come already)
 */
