/* stern-server-listener.h (private to src/server): the connection layer.
 * The server accepts its sockets itself (so running out of file
 * descriptors pauses accepting instead of ending it), counts every socket
 * from accept to close (half-open HTTP requests included), gives each
 * connection a deadline for the upgrade, and watches each WebSocket's
 * frames on their way in (a frame or a reassembled message over the cap
 * is closed with 1009, not buffered).  What each address may do is in
 * stern-server-limits.h.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libsoup/soup.h>

#include "stern-server.h"

G_BEGIN_DECLS

typedef struct _SternListener SternListener;
typedef struct _SternTracked SternTracked;

/* Why a connection is turned away at its upgrade (it is told `full`). */
typedef enum {
  STERN_REFUSE_NONE,
  STERN_REFUSE_FULL,          /* --max-connections reached: close 1013 */
  STERN_REFUSE_ADDRESS,       /* its address holds --max-per-address: close 1008 */
  STERN_REFUSE_DRAINING,      /* the server is stopping: close 1001 */
} SternRefuse;

/* What the listener asks the server about. */
typedef struct {
  /* A frame or message over the cap, or a peer that stopped answering:
   * the connection should be closed with code and reason. */
  void (*violation) (gpointer server_data, SternTracked *tracked, gushort code, const char *reason);
  /* Whether the room with this code is still open (not over, not gone). */
  gboolean (*room_is_open) (gpointer server_data, const char *code);
  /* Counts for the health check and the metrics. */
  gpointer server_data;
} SternListenerHooks;

/* config stays the caller's and is read at each use. */
SternListener *stern_listener_new (const SternServerLimits  *config,
                                   const SternListenerHooks *hooks);
void         stern_listener_free (SternListener *listener);

/* Starts accepting on a listening socket: each socket becomes a
 * connection of soup (with TLS when certificate is not NULL). */
void         stern_listener_listen (SternListener *listener, GSocket *listening, SoupServer *soup,
                                    GTlsCertificate *certificate);
guint        stern_listener_get_port (SternListener *listener);
/* Stops accepting for good (the drain on SIGTERM). */
void         stern_listener_stop_accepting (SternListener *listener);
gboolean     stern_listener_is_accepting (SternListener *listener);

/* Sockets open now, upgraded or not; of them, those still before their
 * WebSocket upgrade. */
guint        stern_listener_get_n_sockets (SternListener *listener);
guint        stern_listener_get_n_half_open (SternListener *listener);

/* The socket behind an upgraded request (NULL for a request that did not
 * come through stern_listener_listen, which does not happen). */
SternTracked *stern_listener_lookup (SternListener *listener, SoupServerMessage *message);
/* After the 101 was written: the connection taken from libsoup's HTTP
 * side as a WebSocket that reads through the frame guard and the poller
 * (NULL if libsoup had no connection left). */
SoupWebsocketConnection *stern_listener_take_upgraded (SternListener     *listener,
                                                       SoupServerMessage *message);
/* Once the connection's handlers are connected: its first read. */
void         stern_listener_start_reading (SternListener *listener, SoupServerMessage *message);
/* Keep-alive pings every interval_s, run by the listener's sweep. */
void         stern_listener_keep_alive (SternListener *listener, SoupWebsocketConnection *ws,
                                        guint interval_s);
/* At the upgrade: the deadline is lifted, frames are watched from now on,
 * and the WebSocket is watched for answers to its pings.  Returns why the
 * connection must be refused, or STERN_REFUSE_NONE. */
SternRefuse  stern_listener_upgraded (SternTracked *tracked, SoupWebsocketConnection *ws);
/* Writes an error message and a close frame with a code libsoup will not
 * send itself (1013), then ends the connection. */
void         stern_listener_refuse (SternTracked *tracked, const char *text, gushort code,
                                    const char *reason);

/* The peer's address as the limits count it ("192.0.2.1", "2001:db8::/64"). */
const char  *stern_tracked_get_address (SternTracked *tracked);
/* Something came from the peer (a message or a pong). */
void         stern_tracked_heard (SternTracked *tracked);
/* Before queueing len bytes to the peer: FALSE when the peer has not
 * been reading and its queue is over the cap (then drop it). */
gboolean     stern_tracked_may_send (SternTracked *tracked, gsize len);
/* Ends the connection at once (shuts the socket down both ways). */
void         stern_tracked_shutdown (SternTracked *tracked);

SternListener *stern_tracked_get_listener (SternTracked *tracked);

G_END_DECLS
