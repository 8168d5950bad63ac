/* stern-online-match.h: a match played through a sternhalma-server.
 *
 * Ties a SternNetClient to a SternMatch: the room's setup becomes the
 * match's, every seat but the local player's is a SternRemotePlayer whose
 * moves are the server's "action" messages, and the clocks follow the
 * times the server sends.
 *
 * The local player's moves are applied optimistically: the match plays
 * them at once (the board answers without waiting for the network) and
 * they are sent to the server; the server's echo confirms them.  Whenever
 * the match and the server's game part (a refused move, a time-out seen
 * first here, a reconnection after missed actions) the match is rebuilt
 * from the server's game, which is the one that counts.
 *
 * A spectator (no seat) has every seat remote.  Before every seat is
 * taken, nobody can move.  A lost connection is taken up again by itself
 * with the seat's token (see stern_online_match_set_auto_reconnect).
 * GLib only.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-match.h"
#include "stern-net-client.h"

G_BEGIN_DECLS

#define STERN_TYPE_ONLINE_MATCH (stern_online_match_get_type ())
G_DECLARE_FINAL_TYPE (SternOnlineMatch, stern_online_match, STERN, ONLINE_MATCH, GObject)

/* The client may already be in a room (its game is taken up at once), or
 * join one later.  Takes a reference on both. */
SternOnlineMatch *stern_online_match_new (SternMatch *match, SternNetClient *client);

SternNetClient *stern_online_match_get_client (SternOnlineMatch *self);
/* The seat played here, or STERN_NO_SEAT (watching). */
guint           stern_online_match_get_local_seat (SternOnlineMatch *self);
/* A room has been received. */
gboolean        stern_online_match_has_room (SternOnlineMatch *self);
/* The room waits for players: nobody moves yet. */
gboolean        stern_online_match_is_waiting (SternOnlineMatch *self);
/* A person holds the seat and is connected now (always TRUE for the
 * computer's seats). */
gboolean        stern_online_match_is_seat_connected (SternOnlineMatch *self, guint seat);
/* A person holds the seat (or it is the computer's). */
gboolean        stern_online_match_is_seat_taken (SternOnlineMatch *self, guint seat);
/* The seat is kept for someone invited, who has not taken it yet. */
gboolean        stern_online_match_is_seat_invited (SternOnlineMatch *self, guint seat);
/* The seat's player gave it up (left, resigned, out of time): the server's
 * computer plays it now. */
gboolean        stern_online_match_is_seat_replaced (SternOnlineMatch *self, guint seat);
/* The name the seat's player gave, or NULL. */
const char     *stern_online_match_get_seat_name (SternOnlineMatch *self, guint seat);
/* The connection to the server is up. */
gboolean        stern_online_match_is_connected (SternOnlineMatch *self);

/* After a lost connection, connect again by itself (default TRUE); delays
 * grow from retry_ms to ten times that. */
void            stern_online_match_set_auto_reconnect (SternOnlineMatch *self, gboolean reconnect,
                                                       guint retry_ms);
/* Leaves the room and closes the connection; the match stays as it is. */
void            stern_online_match_leave  (SternOnlineMatch *self);

G_END_DECLS

/* Signals:
 *   "room-changed" ()                seats, names or connections changed
 *   "connection-changed" (gboolean)  the connection was lost or is back
 *   "server-error" (GError *)        the server refused something (STERN_NET_ERROR)
 */
