/* stern-server.h: the WebSocket server of network play: connections,
 * the lobby, rooms by code, and the checks on everything clients send.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-net-protocol.h"

G_BEGIN_DECLS

/* The connection layer's caps (doc/server.md, "Limits"); 0 in a
 * per-address cap means no cap.  The defaults are the command line's
 * (stern-server-options.c). */
typedef struct {
  guint max_connections;     /* sockets at once, upgraded or not */
  guint max_per_address;     /* connections from one address or IPv6 /64 */
  guint creates_per_minute;  /* rooms one address may create a minute */
  guint rooms_per_address;   /* rooms not over that one address created */
  guint guesses_per_minute;  /* wrong codes or tokens from one address a minute */
  guint upgrade_timeout_ms;  /* from accept to the WebSocket upgrade */
  guint ping_interval_ms;    /* keep-alive pings, whole seconds */
  guint ping_timeout_ms;     /* nothing heard that long: closed */
  gsize max_message;         /* bytes of a frame or a reassembled message (64 KiB) */
  gsize max_outgoing;        /* bytes queued to a peer that does not read */
} SternServerLimits;

void         stern_server_limits_init (SternServerLimits *limits);

#define STERN_TYPE_SERVER (stern_server_get_type ())
G_DECLARE_FINAL_TYPE (SternServer, stern_server, STERN, SERVER, GObject)

/* Rooms are kept in DATA_DIR/rooms.sqlite (NULL: rooms are not kept);
 * room files of older servers in DATA_DIR/rooms/ are imported once. */
SternServer *stern_server_new (const char *data_dir);

/* Before load and listen: */
void         stern_server_set_grace (SternServer *server, guint grace_ms);
void         stern_server_set_replacement_level (SternServer *server, SternLevel level);
/* Messages a connection may send per second on average (twice that in a
 * burst), and chat lines. */
void         stern_server_set_rate (SternServer *server, double per_second);
void         stern_server_set_chat_rate (SternServer *server, double per_second);
/* Connections at once; more are told "full" and closed. */
void         stern_server_set_max_connections (SternServer *server, guint max_connections);
/* Browser clients send Origin: with a list, only those origins may
 * connect (clients that send no Origin, such as the game, always may). */
void         stern_server_set_origins (SternServer *server, const char *const *origins);
/* Every cap at once (before listen). */
void         stern_server_set_limits (SternServer *server, const SternServerLimits *limits);
/* How often rooms nobody is in are looked at (default 60 s): a finished
 * game leaves memory (its files stay), a room whose game never started and
 * where nobody holds a seat is removed with its files. */
void         stern_server_set_sweep_interval (SternServer *server, guint ms);
/* The store (DATA_DIR/rooms.sqlite) commits with synchronous=FULL: every
 * action reaches the disk before anyone hears of it (survives a power
 * cut, not only a crash of the server). */
void         stern_server_set_durable (SternServer *server, gboolean durable);
/* How long a finished game stays in the store, watchable by its code;
 * the sweep deletes it after that. */
void         stern_server_set_retention (SternServer *server, guint seconds);

/* Opens the store, imports old room files (each moved to
 * DATA_DIR/rooms-imported/ once read) and resumes every room in play; a
 * room that cannot be read is logged and left in the store.  Returns the
 * number of rooms resumed. */
guint        stern_server_load (SternServer *server);
/* address NULL: every interface; port 0: any free port (see get_port).
 * With a certificate, connections use TLS (wss://). */
gboolean     stern_server_listen (SternServer *server, const char *address, guint port,
                                  GTlsCertificate *certificate, GError **error);
guint        stern_server_get_port (SternServer *server);
void         stern_server_disconnect (SternServer *server);

/* The Prometheus text page (doc/server.md) on its own HTTP port, at any
 * path; address should be a local one. */
gboolean     stern_server_listen_metrics (SternServer *server, const char *address, guint port,
                                          GError **error);
guint        stern_server_get_metrics_port (SternServer *server);

/* The graceful stop: accepting ends, every connection is told (close
 * 1001, after what is queued for it), and done runs once they are all
 * gone or after timeout_ms, whichever comes first. */
void         stern_server_drain (SternServer *server, guint timeout_ms, GSourceFunc done,
                                 gpointer user_data);

guint        stern_server_get_n_rooms (SternServer *server);
/* The room with that code, or NULL (for tests and tools: a SternRoom). */
gpointer     stern_server_lookup_room (SternServer *server, const char *code);
/* The store (a SternStore; NULL before load or without a data folder). */
gpointer     stern_server_get_store (SternServer *server);

G_END_DECLS
