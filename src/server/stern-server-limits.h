/* stern-server-limits.h (private to src/server): the connection layer's
 * guards.  The server accepts its sockets itself (so running out of file
 * descriptors pauses accepting instead of ending it), counts every socket
 * from accept to close (half-open HTTP requests included), keeps the
 * per-address counts and buckets, gives each connection a deadline for the
 * upgrade, and watches each WebSocket's frames on their way in (a frame or
 * a reassembled message over the cap is closed with 1009, not buffered).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libsoup/soup.h>

#include "stern-server.h"

G_BEGIN_DECLS

typedef struct _SternLimits  SternLimits;
typedef struct _SternTracked SternTracked;

/* Why a connection is turned away at its upgrade (it is told `full`). */
typedef enum {
  STERN_REFUSE_NONE,
  STERN_REFUSE_FULL,          /* --max-connections reached: close 1013 */
  STERN_REFUSE_ADDRESS,       /* its address holds --max-per-address: close 1008 */
  STERN_REFUSE_DRAINING,      /* the server is stopping: close 1001 */
} SternRefuse;

/* What the limits ask the server about. */
typedef struct {
  /* A frame or message over the cap, or a peer that stopped answering:
   * the connection should be closed with code and reason. */
  void (*violation) (gpointer server_data, SternTracked *tracked, gushort code, const char *reason);
  /* Whether the room with this code is still open (not over, not gone). */
  gboolean (*room_is_open) (gpointer server_data, const char *code);
  /* Counts for the health check and the metrics. */
  gpointer server_data;
} SternLimitsHooks;

/* config stays the caller's and is read at each use. */
SternLimits *stern_limits_new (const SternServerLimits *config, const SternLimitsHooks *hooks);
void         stern_limits_free (SternLimits *limits);

/* Starts accepting on a listening socket: each socket becomes a
 * connection of soup (with TLS when certificate is not NULL). */
void         stern_limits_listen (SternLimits *limits, GSocket *listener, SoupServer *soup,
                                  GTlsCertificate *certificate);
guint        stern_limits_get_port (SternLimits *limits);
/* Stops accepting for good (the drain on SIGTERM). */
void         stern_limits_stop_accepting (SternLimits *limits);
gboolean     stern_limits_is_accepting (SternLimits *limits);

/* Sockets open now, upgraded or not; of them, those still before their
 * WebSocket upgrade. */
guint        stern_limits_get_n_sockets (SternLimits *limits);
guint        stern_limits_get_n_half_open (SternLimits *limits);

/* The socket behind an upgraded request (NULL for a request that did not
 * come through stern_limits_listen, which does not happen). */
SternTracked *stern_limits_lookup (SternLimits *limits, SoupServerMessage *message);
/* After the 101 was written: the connection taken from libsoup's HTTP
 * side as a WebSocket that reads through the frame guard and the poller
 * (NULL if libsoup had no connection left). */
SoupWebsocketConnection *stern_limits_take_upgraded (SternLimits *limits, SoupServerMessage *message);
/* Once the connection's handlers are connected: its first read. */
void         stern_limits_start_reading (SternLimits *limits, SoupServerMessage *message);
/* Keep-alive pings every interval_s, run by the limits' sweep. */
void         stern_limits_keep_alive (SternLimits *limits, SoupWebsocketConnection *ws,
                                      guint interval_s);
/* At the upgrade: the deadline is lifted, frames are watched from now on,
 * and the WebSocket is watched for answers to its pings.  Returns why the
 * connection must be refused, or STERN_REFUSE_NONE. */
SternRefuse  stern_limits_upgraded (SternTracked *tracked, SoupWebsocketConnection *ws);
/* Writes an error message and a close frame with a code libsoup will not
 * send itself (1013), then ends the connection. */
void         stern_limits_refuse (SternTracked *tracked, const char *text, gushort code,
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

/* Per address: may it create a room now (FALSE: over its creates a
 * minute or its open rooms)?  why says which. */
gboolean     stern_tracked_may_create (SternTracked *tracked, const char **why);
void         stern_tracked_created (SternTracked *tracked, const char *code);
/* May it look a code or token up now (FALSE: too many wrong ones)? */
gboolean     stern_tracked_may_guess (SternTracked *tracked);
void         stern_tracked_guess_failed (SternTracked *tracked);

/* The limit hits, by kind, for the metrics. */
typedef enum {
  STERN_LIMIT_HIT_CONNECTIONS,
  STERN_LIMIT_HIT_ADDRESS_CONNECTIONS,
  STERN_LIMIT_HIT_CREATES,
  STERN_LIMIT_HIT_ROOMS,
  STERN_LIMIT_HIT_GUESSES,
  STERN_LIMIT_HIT_UPGRADE_TIMEOUT,
  STERN_LIMIT_HIT_PING_TIMEOUT,
  STERN_LIMIT_HIT_MESSAGE_SIZE,
  STERN_LIMIT_HIT_SLOW_READER,
  STERN_LIMIT_HIT_FILE_DESCRIPTORS,
  STERN_LIMIT_HIT_RATE,
  STERN_N_LIMIT_HITS
} SternLimitHit;

const char  *stern_limit_hit_name (SternLimitHit hit);
guint64      stern_limits_get_hits (SternLimits *limits, SternLimitHit hit);
void         stern_limits_count_hit (SternLimits *limits, SternLimitHit hit);
SternLimits *stern_tracked_get_limits (SternTracked *tracked);

/* The address key of an address: IPv4 (also IPv4 mapped into IPv6) as
 * itself, IPv6 as its /64 (exposed for the tests). */
char        *stern_limits_address_key (GInetAddress *address);

G_END_DECLS
