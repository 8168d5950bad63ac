/* stern-net-client.h: one connection to a sternhalma-server (GLib main
 * loop, no GTK).  It keeps a copy of the room's game, built from the
 * server's messages and checked by the engine, so a window can draw it.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-net-protocol.h"

G_BEGIN_DECLS

#define STERN_TYPE_NET_CLIENT (stern_net_client_get_type ())
G_DECLARE_FINAL_TYPE (SternNetClient, stern_net_client, STERN, NET_CLIENT, GObject)

/* name: the player's name shown to others (may be NULL). */
SternNetClient *stern_net_client_new (const char *name);

/* Trusts this certificate for wss:// even though no authority signed it
 * (a server on the local network with its own certificate); NULL: only
 * certificates the system trusts. */
void      stern_net_client_set_trusted_certificate (SternNetClient  *client,
                                                    GTlsCertificate *certificate);

/* Opens ws://HOST:PORT/ (or wss://) and says hello; finishes when the
 * server's welcome arrived. */
void      stern_net_client_connect_async  (SternNetClient      *client,
                                           const char          *uri,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
gboolean  stern_net_client_connect_finish (SternNetClient  *client,
                                           GAsyncResult    *result,
                                           GError         **error);
/* After a lost connection: connects again to the same address, then takes
 * the seat back with its token (or watches the room again).  Finishes when
 * the server's welcome arrived; "joined" and "room" follow. */
void      stern_net_client_reconnect_async  (SternNetClient      *client,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
gboolean  stern_net_client_reconnect_finish (SternNetClient  *client,
                                             GAsyncResult    *result,
                                             GError         **error);
/* Closes the connection (the seat stays the player's for the grace period). */
void      stern_net_client_close (SternNetClient *client);
/* Also the "connected" property, notified when it changes. */
gboolean  stern_net_client_is_connected (SternNetClient *client);

/* Requests; the answers come as signals. */
void      stern_net_client_list    (SternNetClient *client);
void      stern_net_client_create  (SternNetClient *client, const SternNetSetup *setup,
                                    guint take_seat);
void      stern_net_client_join    (SternNetClient *client, const char *code, guint seat);
/* The same for an invited seat: key is the invitation's (NULL or "": none). */
void      stern_net_client_join_with_key (SternNetClient *client, const char *code, guint seat,
                                          const char *key);
void      stern_net_client_watch   (SternNetClient *client, const char *code);
void      stern_net_client_resume  (SternNetClient *client, const char *code, const char *token);
/* Plays a move of the client's seat from the current position. */
void      stern_net_client_play    (SternNetClient *client, const guint8 *path, gsize len);
void      stern_net_client_resign  (SternNetClient *client);
/* Protocol 2: a seat in a room of the variant waiting for players, or a
 * new room of it (answered as join or create are). */
void      stern_net_client_quick   (SternNetClient *client, const SternVariant *variant);
/* Protocol 2: after the end, asks for the same game again with every
 * player one seat further; when all have asked, "joined" and "room" of
 * the new room follow. */
void      stern_net_client_rematch (SternNetClient *client);
/* Protocol 2: a line of text to everyone in the room (≤ STERN_NET_MAX_TEXT bytes). */
void      stern_net_client_chat    (SternNetClient *client, const char *text);
void      stern_net_client_leave   (SternNetClient *client);
/* Sends a message or raw text as it is (for tests of a server's checks). */
void      stern_net_client_send         (SternNetClient *client, const SternNetMessage *msg);
void      stern_net_client_send_text    (SternNetClient *client, const char *text);

/* The room's game as the server last told it, or NULL before a room. */
const SternGame *stern_net_client_get_game  (SternNetClient *client);
/* The last room message (seats and clocks), or NULL. */
const SternNetMessage *stern_net_client_get_room (SternNetClient *client);
/* The seat this client plays, or STERN_NO_SEAT (spectator or no room). */
guint        stern_net_client_get_seat  (SternNetClient *client);
const char  *stern_net_client_get_code  (SternNetClient *client);
/* The ws:// or wss:// address last connected to, or NULL. */
const char  *stern_net_client_get_uri   (SternNetClient *client);
const char  *stern_net_client_get_token (SternNetClient *client);

G_END_DECLS

/* Signals (each passes a const SternNetMessage *, valid during the emission):
 *   "welcome"  the server answered hello
 *   "lobby"    a lobby list
 *   "joined"   this client holds a seat (code, seat, token)
 *   "room"     the whole room (after join, watch, resume, and seat changes);
 *              the game copy was rebuilt from it
 *   "action"   one action, already applied to the game copy
 *   "chat"     a line of the room's chat (seat, name, text)
 *   "invited"  after create: the key of an invited seat (code, seat, key),
 *              for its invitation link
 *   "error"    the server refused a request, or sent something invalid
 *              (then the client closes the connection)
 *   "closed"   (no argument) the connection is gone
 */
