/* stern-server-private.h (private to src/server and its tests): the
 * server's state, shared by stern-server.c (connections),
 * stern-server-requests.c (what each message asks) and
 * stern-server-rooms.c (the rooms kept), and what the tests look at.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libsoup/soup.h>

#include "stern-net-protocol.h"
#include "stern-room.h"
#include "stern-server.h"
#include "stern-server-limits.h"
#include "stern-server-log.h"
#include "stern-server-metrics.h"
#include "stern-store.h"

G_BEGIN_DECLS

typedef struct {
  SternServer *server;
  SoupWebsocketConnection *ws;
  guint     id;
  char     *peer;
  gboolean  hello;
  int       protocol;    /* said in its hello: what it is written to */
  char     *name;
  SternRoom *room;       /* NULL, or the room it plays in or watches */
  guint     seat;        /* STERN_NO_SEAT for a spectator */
  gboolean  hosting;     /* made the room it watches (and took no seat) */
  double    tokens;      /* the rate limit's bucket */
  gint64    refilled_us;
  double    chat_tokens; /* chat's own, slower bucket */
  gint64    chat_refilled_us;
  guint     strikes;
  guint     n_errors_sent;
  gboolean  moving;      /* the message being handled is a move */
  SternTracked *tracked; /* its socket's counts and caps */
} Conn;

struct _SternServer {
  GObject parent_instance;

  char       *data_dir;
  char       *rooms_dir;  /* the room files of servers before the store, imported once */
  SternStore *store;      /* NULL until opened, or without a data folder */
  gint64      retention_s;
  SoupServer *soup;
  GHashTable *rooms;     /* code → SternRoom */
  GPtrArray  *conns;     /* Conn */
  /* SternRoom → GPtrArray of the Conns in it: a move is sent to the
   * room's own connections, whatever else is connected. */
  GHashTable *room_conns;
  guint       next_id;
  guint       online;    /* connections that said hello */
  guint       grace_ms;
  SternLevel  replacement_level;
  double      rate;
  double      burst;
  double      chat_rate; /* chat lines a second, in a burst CHAT_BURST */
  guint       max_rooms;
  SternServerLimits limit_config;
  SternListener *listener;
  SternMetrics metrics;
  SoupServer *metrics_http;
  gboolean    draining;
  GStrv       origins;
  guint       drain_id;
  GSourceFunc drain_done;
  gpointer    drain_data;
  gboolean    durable;
  guint       sweep_ms;
  guint       sweep_id;
  /* Tests: what is sent to a connection without a WebSocket. */
  void      (*test_sent) (Conn *conn, const char *text, gpointer data);
  gpointer    test_sent_data;
};

/* A line about a connection (stern-server-log.h): the connection, the
 * address its limits count, and the room it is in, if any. */
#define conn_log(c, level, ...) \
  conn_room_log (c, (c)->room ? stern_room_get_code ((c)->room) : NULL, level, __VA_ARGS__)
/* The same about the room with code room_code (one it is not in yet). */
#define conn_room_log(c, room_code, level, ...) \
  stern_server_log (STERN_LOG_HERE, level, &(SternLogAbout) { \
                      .room = (room_code), \
                      .conn = (c)->peer, \
                      .peer = (c)->tracked ? stern_tracked_get_address ((c)->tracked) : NULL, \
                    }, __VA_ARGS__)

void        stern_conn_send (Conn *conn, const SternNetMessage *msg);
void        stern_conn_send_error (Conn *conn, const GError *error, const char *field);
void        stern_conn_fail (Conn *conn, SternNetErrorCode code, const char *field, const char *text);
/* Leaving a room can unload it (a finished game nobody is in any more
 * leaves memory), dropping the server's reference to it: whoever holds a
 * room across stern_conn_leave_room or stern_conn_enter_room holds a
 * reference of its own.  Entering the room the connection is in does not
 * unload it.  Entering returns TRUE when the room was just told to
 * everyone in it, the connection included (a spectator came). */
gboolean    stern_conn_enter_room (Conn *conn, SternRoom *room, guint seat);
void        stern_conn_leave_room (Conn *conn);

/* A finished game nobody is in leaves memory (its row stays in the
 * store, and the room comes back from it when someone asks for its code). */
void        stern_server_maybe_unload (SternServer *self, SternRoom *room);
/* The connections in a room (NULL: none). */
GPtrArray  *stern_server_room_conns (SternServer *self, SternRoom *room);
void        stern_server_room_broadcast_cb (SternRoom *room, const char *text, gpointer user_data);

/* stern-server-requests.c: one message of a connection that said hello
 * (or is saying it). */
void        stern_server_handle_message (Conn *conn, const char *data, gsize len);

/* stern-server-rooms.c */
SternStore *stern_server_open_store (SternServer *self);
void        stern_server_add_room (SternServer *self, SternRoom *room);


/* Tests and the fuzz target: a connection without a socket, whose
 * messages go to test_sent, through the server's real request handling
 * (no per-connection or per-address limits apply to it); its end, as
 * when its WebSocket closes (the connection is freed); and the sweep's
 * look at the rooms, now. */
Conn *stern_server_test_connect (SternServer *server, const char *peer);
void  stern_server_test_close (Conn *conn);
void  stern_server_test_sweep (SternServer *server);

/* Connections (after the upgrade) that have a source waiting in context:
 * libsoup's read or keep-alive sources.  In the main loop's context there
 * should be none, however many are connected. */
guint stern_server_count_waiting_in (SternServer *server, GMainContext *context);
guint stern_server_get_n_connections (SternServer *server);

G_END_DECLS
