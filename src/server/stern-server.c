/* stern-server.c: SternServer, the connections of sternhalma-server: the
 * upgrade, the rate limit, entering and leaving rooms, the sweep, listening
 * and draining (what a message asks is in stern-server-requests.c, the
 * rooms kept in stern-server-rooms.c).
 *
 * Everything a client sends is untrusted: frames are size-limited twice
 * (by libsoup, which closes the connection on a frame it will not even
 * read, and by the protocol's parser, which answers with an error), every
 * message is checked member by member, a connection acts only in its own
 * room and only for its own seat, and a token bucket per connection slows
 * floods down before they cost the other rooms anything.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-server.h"
#include "stern-server-private.h"

#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>

#include "stern-server-listener.h"
#include "stern-server-metrics.h"
#include "stern-server-options.h"
#include "stern-room.h"
#include "stern-store.h"

/* Frames and reassembled messages up to this size are read and answered
 * with "too-large"; larger ones are closed with 1009 (see
 * stern-server-limits.c). */
#define MAX_FRAME            (64 * 1024)
/* A connection that keeps sending after this many refused messages is
 * closed. */
#define MAX_STRIKES          200
/* A connection's burst: this many seconds of its rate. */
#define BURST_S              2.0
#define DEFAULT_MAX_ROOMS    10000
#define DEFAULT_SWEEP_MS     (60 * 1000)

G_DEFINE_FINAL_TYPE (SternServer, stern_server, G_TYPE_OBJECT)

static void conn_free (gpointer data);

static void
stern_server_dispose (GObject *object)
{
  SternServer *self = STERN_SERVER (object);

  stern_server_disconnect (self);
  g_clear_pointer (&self->conns, g_ptr_array_unref);
  g_clear_pointer (&self->room_conns, g_hash_table_unref);
  g_clear_pointer (&self->rooms, g_hash_table_unref);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (stern_server_parent_class)->dispose (object);
}

static void
stern_server_finalize (GObject *object)
{
  SternServer *self = STERN_SERVER (object);

  g_free (self->data_dir);
  g_strfreev (self->origins);
  g_free (self->rooms_dir);
  G_OBJECT_CLASS (stern_server_parent_class)->finalize (object);
}

static void
stern_server_class_init (SternServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stern_server_dispose;
  object_class->finalize = stern_server_finalize;
}

static void
stern_server_init (SternServer *self)
{
  g_auto (SternServerOptions) defaults = { 0 };

  self->rooms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->conns = g_ptr_array_new_with_free_func (conn_free);
  self->room_conns = g_hash_table_new_full (NULL, NULL, NULL,
                                            (GDestroyNotify) g_ptr_array_unref);
  /* The command line's defaults (stern-server-options.c) are the server's. */
  stern_server_options_init (&defaults);
  stern_server_options_apply (&defaults, self);
  self->max_rooms = DEFAULT_MAX_ROOMS;
  self->sweep_ms = DEFAULT_SWEEP_MS;
}

SternServer *
stern_server_new (const char *data_dir)
{
  SternServer *self = g_object_new (STERN_TYPE_SERVER, NULL);

  self->data_dir = g_strdup (data_dir);
  if (data_dir)
    self->rooms_dir = g_build_filename (data_dir, "rooms", NULL);
  return self;
}

void
stern_server_set_grace (SternServer *server, guint grace_ms)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  server->grace_ms = grace_ms;
}

void
stern_server_set_replacement_level (SternServer *server, SternLevel level)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  g_return_if_fail (level < STERN_N_LEVELS);
  server->replacement_level = level;
}

void
stern_server_set_rate (SternServer *server, double per_second)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  g_return_if_fail (per_second * BURST_S >= 1);
  server->rate = per_second;
  server->burst = per_second * BURST_S;
}

void
stern_server_set_chat_rate (SternServer *server, double per_second)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  g_return_if_fail (per_second > 0);
  server->chat_rate = per_second;
}

void
stern_server_set_max_connections (SternServer *server, guint max_connections)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  server->limit_config.max_connections = max_connections;
}

void
stern_server_limits_init (SternServerLimits *limits)
{
  g_return_if_fail (limits != NULL);
  /* The command line's defaults (stern-server-options.c). */
  *limits = (SternServerLimits) {
    .max_connections = (guint) stern_option_get (STERN_OPT_MAX_CONNECTIONS)->value,
    .max_per_address = (guint) stern_option_get (STERN_OPT_MAX_PER_ADDRESS)->value,
    .creates_per_minute = (guint) stern_option_get (STERN_OPT_CREATES_PER_MINUTE)->value,
    .rooms_per_address = (guint) stern_option_get (STERN_OPT_ROOMS_PER_ADDRESS)->value,
    .guesses_per_minute = (guint) stern_option_get (STERN_OPT_GUESSES_PER_MINUTE)->value,
    .upgrade_timeout_ms = (guint) stern_option_get (STERN_OPT_UPGRADE_TIMEOUT)->value * 1000,
    .ping_interval_ms = (guint) stern_option_get (STERN_OPT_PING_INTERVAL)->value * 1000,
    .ping_timeout_ms = (guint) stern_option_get (STERN_OPT_PING_TIMEOUT)->value * 1000,
    .max_message = MAX_FRAME,
    .max_outgoing = (gsize) stern_option_get (STERN_OPT_MAX_OUTGOING)->value * 1024,
  };
}

void
stern_server_set_origins (SternServer *server, const char *const *origins)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  g_strfreev (server->origins);
  server->origins = origins && origins[0] ? g_strdupv ((char **) origins) : NULL;
}

void
stern_server_set_limits (SternServer *server, const SternServerLimits *limits)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  g_return_if_fail (limits != NULL && limits->max_connections > 0 && limits->ping_interval_ms >= 1000);
  g_return_if_fail (server->listener == NULL);
  server->limit_config = *limits;
}

void
stern_server_set_sweep_interval (SternServer *server, guint ms)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  g_return_if_fail (ms > 0);
  server->sweep_ms = ms;
}

void
stern_server_set_durable (SternServer *server, gboolean durable)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  server->durable = durable;
}

void
stern_server_set_retention (SternServer *server, guint seconds)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  server->retention_s = seconds;
}

gpointer
stern_server_get_store (SternServer *server)
{
  g_return_val_if_fail (STERN_IS_SERVER (server), NULL);
  return server->store;
}

guint
stern_server_get_n_rooms (SternServer *server)
{
  g_return_val_if_fail (STERN_IS_SERVER (server), 0);
  return g_hash_table_size (server->rooms);
}

gpointer
stern_server_lookup_room (SternServer *server, const char *code)
{
  g_return_val_if_fail (STERN_IS_SERVER (server), NULL);
  g_return_val_if_fail (code != NULL, NULL);
  return g_hash_table_lookup (server->rooms, code);
}

/* ---- sending ---- */

static void
conn_send_text (Conn *conn, const char *text)
{
  if (conn->ws == NULL && conn->server->test_sent)
    conn->server->test_sent (conn, text, conn->server->test_sent_data);
  if (conn->ws && soup_websocket_connection_get_state (conn->ws) == SOUP_WEBSOCKET_STATE_OPEN &&
      stern_tracked_may_send (conn->tracked, strlen (text)))
    soup_websocket_connection_send_text (conn->ws, text);
}

void
stern_conn_send (Conn *conn, const SternNetMessage *msg)
{
  g_autofree char *text = stern_net_message_to_json (msg);

  conn_send_text (conn, text);
}

void
stern_conn_send_error (Conn *conn, const GError *error, const char *field)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new_error (error, field);

  conn->n_errors_sent++;
  if (error->domain == STERN_NET_ERROR)
    stern_metrics_count_error (&conn->server->metrics, (SternNetErrorCode) error->code);
  conn_log (conn, G_LOG_LEVEL_INFO, "refused: %s", error->message);
  stern_conn_send (conn, msg);
}

void
stern_conn_fail (Conn *conn, SternNetErrorCode code, const char *field, const char *text)
{
  g_autoptr (GError) error = g_error_new_literal (STERN_NET_ERROR, code, text);

  stern_conn_send_error (conn, error, field);
}

/* The connections in the room (NULL: none).  Each of them holds a
 * reference to the room, so the key stays valid while it is listed. */
GPtrArray *
stern_server_room_conns (SternServer *self, SternRoom *room)
{
  return g_hash_table_lookup (self->room_conns, room);
}

void
stern_server_room_broadcast_cb (SternRoom *room, const char *text, gpointer user_data)
{
  SternServer *self = user_data;
  GPtrArray *conns = stern_server_room_conns (self, room);

  for (guint i = 0; conns != NULL && i < conns->len; i++)
    conn_send_text (g_ptr_array_index (conns, i), text);
}


/* ---- connections ---- */

static gboolean
room_has_conns (SternServer *self, SternRoom *room)
{
  GPtrArray *conns = stern_server_room_conns (self, room);

  return conns != NULL && conns->len > 0;
}

/* A finished game nobody is in any more leaves memory; its file stays,
 * and the room comes back from it when someone asks for its code. */
void
stern_server_maybe_unload (SternServer *self, SternRoom *room)
{
  if (!stern_room_is_over (room) || self->store == NULL || room_has_conns (self, room))
    return;
  room_code_log (stern_room_get_code (room), G_LOG_LEVEL_INFO,
                 "unloaded (game over, nobody in it)");
  g_hash_table_remove (self->rooms, stern_room_get_code (room));
}

static gboolean
sweep_cb (gpointer user_data)
{
  SternServer *self = user_data;
  GHashTableIter iter;
  gpointer value;

  if (self->store)
    {
      g_autoptr (GError) error = NULL;
      int n = stern_store_expire (self->store, self->retention_s, &error);

      if (n < 0)
        server_log (G_LOG_LEVEL_WARNING, "cannot delete old finished games: %s", error->message);
      else if (n > 0)
        server_log (G_LOG_LEVEL_MESSAGE, "%d finished game(s) deleted after the retention period",
                    n);
    }
  g_hash_table_iter_init (&iter, self->rooms);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      SternRoom *room = value;

      if (room_has_conns (self, room))
        continue;
      if (stern_room_is_over (room) && self->store)
        g_hash_table_iter_remove (&iter);
      else if (!stern_room_is_started (room) && stern_room_get_n_taken (room) == 0)
        {
          /* Nobody came, or everybody left before the start: there is no
           * game to keep. */
          g_autoptr (GError) error = NULL;

          if (self->store && !stern_store_delete_room (self->store, stern_room_get_code (room),
                                                       &error))
            {
              room_code_log (stern_room_get_code (room), G_LOG_LEVEL_WARNING, "not removed: %s",
                             error->message);
              continue;
            }
          room_code_log (stern_room_get_code (room), G_LOG_LEVEL_MESSAGE,
                         "removed: nobody in it and no game started");
          g_hash_table_iter_remove (&iter);
        }
    }
  return G_SOURCE_CONTINUE;
}

/* TRUE when the count changed and the room was told to everyone in it. */
static gboolean
count_spectators (SternServer *self, SternRoom *room)
{
  GPtrArray *conns = stern_server_room_conns (self, room);
  guint n = 0;

  for (guint i = 0; conns != NULL && i < conns->len; i++)
    if (((Conn *) g_ptr_array_index (conns, i))->seat == STERN_NO_SEAT)
      n++;
  return stern_room_set_spectators (room, n);
}

/* entering: the room the connection goes into next, which is not
 * unloaded even when this connection was the last one in it. */
static void
conn_leave_room (Conn *conn, SternRoom *entering)
{
  g_autoptr (SternRoom) room = g_steal_pointer (&conn->room);
  SternServer *self = conn->server;
  guint seat = conn->seat;
  gboolean held_elsewhere = FALSE;
  GPtrArray *conns;

  conn->seat = STERN_NO_SEAT;
  if (room == NULL)
    return;
  /* A maker who took no seat and goes: the room is known by its players. */
  if (conn->hosting && room != entering)
    {
      stern_room_set_host (room, STERN_NO_SEAT, NULL);
      conn->hosting = FALSE;
    }
  conns = stern_server_room_conns (self, room);
  if (conns != NULL)
    {
      g_ptr_array_remove_fast (conns, conn);
      if (conns->len == 0)
        g_hash_table_remove (self->room_conns, room);
      conns = stern_server_room_conns (self, room);
    }
  if (seat != STERN_NO_SEAT)
    {
      /* Another connection may hold the seat now (a resume from elsewhere). */
      for (guint i = 0; conns != NULL && i < conns->len; i++)
        if (((Conn *) g_ptr_array_index (conns, i))->seat == seat)
          held_elsewhere = TRUE;
      if (!held_elsewhere)
        stern_room_set_connected (room, seat, FALSE);
    }
  count_spectators (self, room);
  if (room != entering)
    stern_server_maybe_unload (self, room);
}

void
stern_conn_leave_room (Conn *conn)
{
  conn_leave_room (conn, NULL);
}

gboolean
stern_conn_enter_room (Conn *conn, SternRoom *room, guint seat)
{
  SternServer *self = conn->server;
  /* Leaving the room it is in may unload that room (a finished game
   * nobody else is in), dropping the server's reference: when it is the
   * same room, the caller's may be the only one left. */
  g_autoptr (SternRoom) keep = g_object_ref (room);
  GPtrArray *conns;

  conn_leave_room (conn, room);
  conns = stern_server_room_conns (self, room);
  if (seat != STERN_NO_SEAT)
    {
      /* One connection per seat: an older one (a dead link not yet noticed,
       * or the same player on another device) becomes a spectator. */
      for (guint i = 0; conns != NULL && i < conns->len; i++)
        {
          Conn *other = g_ptr_array_index (conns, i);
          if (other->seat == seat)
            other->seat = STERN_NO_SEAT;
        }
    }
  if (conns == NULL)
    {
      conns = g_ptr_array_new ();
      g_hash_table_insert (self->room_conns, room, conns);
    }
  conn->room = g_steal_pointer (&keep);
  conn->seat = seat;
  g_ptr_array_add (conns, conn);
  return count_spectators (conn->server, room);
}

static void
conn_free (gpointer data)
{
  Conn *conn = data;

  if (conn->ws)
    {
      g_signal_handlers_disconnect_by_data (conn->ws, conn);
      if (soup_websocket_connection_get_state (conn->ws) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (conn->ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
      g_clear_object (&conn->ws);
    }
  if (conn->room != NULL && conn->server->room_conns != NULL)
    {
      GPtrArray *conns = stern_server_room_conns (conn->server, conn->room);

      if (conns != NULL && g_ptr_array_remove_fast (conns, conn) && conns->len == 0)
        g_hash_table_remove (conn->server->room_conns, conn->room);
    }
  g_clear_object (&conn->room);
  g_free (conn->peer);
  g_free (conn->name);
  g_free (conn);
}

/* The token bucket: rate tokens a second up to burst; a message takes one. */
static gboolean
conn_take_token (Conn *conn)
{
  SternServer *self = conn->server;
  gint64 now = g_get_monotonic_time ();

  conn->tokens = MIN (self->burst, conn->tokens + (double) (now - conn->refilled_us) / 1e6 * self->rate);
  conn->refilled_us = now;
  if (conn->tokens < 1.0)
    return FALSE;
  conn->tokens -= 1.0;
  return TRUE;
}


static void
on_ws_message (SoupWebsocketConnection *ws, gint type, GBytes *message, gpointer user_data)
{
  Conn *conn = user_data;
  gsize len;
  const char *data = g_bytes_get_data (message, &len);

  stern_tracked_heard (conn->tracked);
  if (!conn_take_token (conn))
    {
      if (conn->tracked && conn->strikes == 0)
        stern_limits_count_hit (stern_tracked_get_listener (conn->tracked), STERN_LIMIT_HIT_RATE);
      /* Answer the first refused message of a burst only, so a flood does
       * not turn into a flood of answers. */
      if (conn->strikes++ % 50 == 0)
        stern_conn_fail (conn, STERN_NET_ERROR_RATE_LIMITED, NULL, "too many messages; slow down");
      if (conn->strikes > MAX_STRIKES)
        {
          conn_log (conn, G_LOG_LEVEL_MESSAGE, "closed for flooding");
          soup_websocket_connection_close (ws, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION,
                                           "too many messages");
        }
      return;
    }
  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      stern_conn_fail (conn, STERN_NET_ERROR_BAD_JSON, NULL, "binary frames are not messages");
      return;
    }
  {
    /* A move that got no error was played and announced. */
    gint64 start = g_get_monotonic_time ();
    guint errors = conn->n_errors_sent;

    conn->moving = FALSE;
    stern_server_handle_message (conn, data, len);
    if (conn->moving && conn->n_errors_sent == errors)
      stern_metrics_count_move (&conn->server->metrics, g_get_monotonic_time () - start);
  }
}

static gboolean
drain_timeout_cb (gpointer data)
{
  SternServer *self = data;

  self->drain_id = 0;
  server_log (G_LOG_LEVEL_MESSAGE, "drained: %u connection(s) left", self->conns->len);
  if (self->drain_done)
    self->drain_done (self->drain_data);
  return G_SOURCE_REMOVE;
}

void
stern_server_drain (SternServer *server, guint timeout_ms, GSourceFunc done, gpointer user_data)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  g_return_if_fail (!server->draining);

  server->draining = TRUE;
  server->drain_done = done;
  server->drain_data = user_data;
  if (server->listener)
    stern_listener_stop_accepting (server->listener);
  server_log (G_LOG_LEVEL_MESSAGE, "stopping: telling %u connection(s)", server->conns->len);
  /* Closing queues the close frame after what is already queued. */
  for (guint i = 0; i < server->conns->len; i++)
    {
      Conn *conn = g_ptr_array_index (server->conns, i);
      if (conn->ws && soup_websocket_connection_get_state (conn->ws) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (conn->ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY,
                                         "the server is stopping");
    }
  server->drain_id = server->conns->len == 0 ? g_idle_add (drain_timeout_cb, server)
                                             : g_timeout_add (timeout_ms, drain_timeout_cb, server);
}

static void
conn_closed (Conn *conn)
{
  SternServer *self = conn->server;

  conn_log (conn, G_LOG_LEVEL_INFO, "connection closed");
  if (conn->hello)
    self->online--;
  stern_conn_leave_room (conn);
  g_ptr_array_remove_fast (self->conns, conn);
  if (self->draining && self->conns->len == 0 && self->drain_id)
    {
      g_source_remove (self->drain_id);
      self->drain_id = g_idle_add (drain_timeout_cb, self);
    }
}

static void
on_ws_closed (SoupWebsocketConnection *ws, gpointer user_data)
{
  conn_closed (user_data);
}

Conn *
stern_server_test_connect (SternServer *server, const char *peer)
{
  Conn *conn = g_new0 (Conn, 1);

  conn->server = server;
  conn->id = ++server->next_id;
  conn->seat = STERN_NO_SEAT;
  conn->tokens = server->burst;
  conn->refilled_us = g_get_monotonic_time ();
  conn->peer = g_strdup (peer);
  g_ptr_array_add (server->conns, conn);
  return conn;
}

void
stern_server_test_close (Conn *conn)
{
  conn_closed (conn);
}

void
stern_server_test_sweep (SternServer *server)
{
  sweep_cb (server);
}

/* ---- the connection layer's hooks (stern-server-limits.c) ---- */

static void
limits_violation_cb (gpointer data, SternTracked *tracked, gushort code, const char *reason)
{
  SternServer *self = data;

  for (guint i = 0; i < self->conns->len; i++)
    {
      Conn *conn = g_ptr_array_index (self->conns, i);
      if (conn->tracked == tracked && conn->ws &&
          soup_websocket_connection_get_state (conn->ws) == SOUP_WEBSOCKET_STATE_OPEN)
        {
          soup_websocket_connection_close (conn->ws, code, reason);
          return;
        }
    }
  stern_tracked_shutdown (tracked);
}

static gboolean
limits_room_is_open (gpointer data, const char *code)
{
  SternServer *self = data;
  SternRoom *room = g_hash_table_lookup (self->rooms, code);

  return room != NULL && !stern_room_is_over (room);
}

static void
refuse_upgrade (SternTracked *tracked, SternRefuse why, guint n_conns)
{
  g_autoptr (GError) error = g_error_new_literal (
    STERN_NET_ERROR, STERN_NET_ERROR_FULL,
    why == STERN_REFUSE_ADDRESS    ? "too many connections from your address"
    : why == STERN_REFUSE_DRAINING ? "the server is stopping; come back in a moment"
                                   : "the server has no room for more connections");
  g_autoptr (SternNetMessage) msg = stern_net_message_new_error (error, NULL);
  g_autofree char *text = stern_net_message_to_json (msg);

  limit_log (stern_tracked_get_address (tracked),
             why == STERN_REFUSE_ADDRESS ? "address-connections" : "connections",
             G_LOG_LEVEL_MESSAGE, "refused a connection: %s (%u open)", error->message, n_conns);
  stern_listener_refuse (tracked, text,
                       why == STERN_REFUSE_ADDRESS    ? SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION
                       : why == STERN_REFUSE_DRAINING ? SOUP_WEBSOCKET_CLOSE_GOING_AWAY
                                                      : 1013 /* try again later */,
                       "full");
}

/* A WebSocket turned away still has frames to deliver: it is kept until
 * it closes (a socket closed with unread input sends a TCP reset, which
 * can make the peer drop what it was told). */
static void
keep_until_closed (SoupWebsocketConnection *ws)
{
  g_signal_connect (g_object_ref (ws), "closed", G_CALLBACK (g_object_unref), NULL);
}

static void
websocket_cb (SoupServer *soup, SoupServerMessage *message, const char *path,
              SoupWebsocketConnection *ws, gpointer user_data)
{
  SternServer *self = user_data;
  SternTracked *tracked = self->listener ? stern_listener_lookup (self->listener, message) : NULL;
  SternRefuse refuse;
  Conn *conn;

  if (tracked == NULL)
    {
      soup_websocket_connection_close (ws, SOUP_WEBSOCKET_CLOSE_SERVER_ERROR, NULL);
      return;
    }
  refuse = stern_listener_upgraded (tracked, ws);
  if (refuse != STERN_REFUSE_NONE)
    {
      refuse_upgrade (tracked, refuse, stern_listener_get_n_sockets (self->listener));
      keep_until_closed (ws);
      return;
    }
  if (self->origins)
    {
      const char *origin = soup_message_headers_get_one (
        soup_server_message_get_request_headers (message), "Origin");

      if (origin && !g_strv_contains ((const char *const *) self->origins, origin))
        {
          limit_log (stern_tracked_get_address (tracked), NULL, G_LOG_LEVEL_INFO,
                     "refused a browser connection from origin %s", origin);
          soup_websocket_connection_close (ws, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION,
                                           "origin not allowed");
          keep_until_closed (ws);
          return;
        }
    }
  conn = g_new0 (Conn, 1);
  conn->server = self;
  conn->ws = g_object_ref (ws);
  conn->tracked = tracked;
  conn->id = ++self->next_id;
  conn->seat = STERN_NO_SEAT;
  conn->tokens = self->burst;
  conn->refilled_us = g_get_monotonic_time ();
  {
    GSocketAddress *addr = soup_server_message_get_remote_address (message);

    if (G_IS_INET_SOCKET_ADDRESS (addr))
      {
        g_autofree char *host = g_inet_address_to_string (
          g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (addr)));
        conn->peer = g_strdup_printf ("%s:%u#%u", host,
                                      g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (addr)),
                                      conn->id);
      }
    else
      conn->peer = g_strdup_printf ("#%u", conn->id);
  }

  /* The frame guard under libsoup enforces the cap on frames and on
   * reassembled messages with a clean 1009; libsoup's own check (which
   * drops the TCP connection without a close frame) only backs it up. */
  soup_websocket_connection_set_max_incoming_payload_size (ws, self->limit_config.max_message * 2);
  stern_listener_keep_alive (self->listener, ws, MAX (1u, self->limit_config.ping_interval_ms / 1000));
  g_signal_connect (ws, "message", G_CALLBACK (on_ws_message), conn);
  g_signal_connect (ws, "closed", G_CALLBACK (on_ws_closed), conn);
  g_ptr_array_add (self->conns, conn);
  self->metrics.connections_total++;
  conn_log (conn, G_LOG_LEVEL_INFO, "connected");
}

/* The upgrade is finished here rather than by a libsoup WebSocket
 * handler, so that the connection reads the frame guard itself (see
 * stern_listener_take_upgraded). */
static void
upgrade_written_cb (SoupServerMessage *message, gpointer user_data)
{
  SternServer *self = user_data;
  g_autoptr (SoupWebsocketConnection) ws = NULL;

  /* Stealing the connection may drop libsoup's last reference. */
  g_object_ref (message);
  if (self->listener)
    ws = stern_listener_take_upgraded (self->listener, message);
  if (ws)
    {
      websocket_cb (self->soup, message, NULL, ws, self);
      stern_listener_start_reading (self->listener, message);
    }
  g_object_unref (message);
}

static void
upgrade_cb (SoupServer *soup, SoupServerMessage *message, const char *path, GHashTable *query,
            gpointer user_data)
{
  /* No extensions: messages are small, and compression would only let a
   * small frame inflate past every cap the frame guard checks.  A request
   * that is no upgrade gets libsoup's answer (400 or 426). */
  if (soup_websocket_server_process_handshake (message, NULL, NULL, NULL, NULL))
    g_signal_connect_object (message, "wrote-informational", G_CALLBACK (upgrade_written_cb),
                             user_data, 0);
}

/* A load balancer's or a supervisor's check: the server answers, and
 * says whether it still takes connections. */
static void
healthz_cb (SoupServer *soup, SoupServerMessage *message, const char *path, GHashTable *query,
            gpointer user_data)
{
  SternServer *self = user_data;
  gboolean ok = self->listener && stern_listener_is_accepting (self->listener);
  g_autofree char *body = g_strdup_printf ("%s\nconnections %u\nrooms %u\n",
                                           ok ? "ok" : "draining",
                                           self->listener ? stern_listener_get_n_sockets (self->listener) : 0,
                                           g_hash_table_size (self->rooms));

  soup_server_message_set_status (message, ok ? SOUP_STATUS_OK : SOUP_STATUS_SERVICE_UNAVAILABLE, NULL);
  soup_server_message_set_response (message, "text/plain; charset=utf-8", SOUP_MEMORY_COPY, body,
                                    strlen (body));
}

/* Clients come back all at once after a restart: a long queue of
 * connections not yet accepted keeps them from being turned away (the
 * default is 10). */
#define LISTEN_BACKLOG 1024

static gboolean
listen_on (SternServer *self, GInetAddress *inet, guint port, GTlsCertificate *certificate,
           GError **error)
{
  g_autoptr (GSocket) sock = NULL;
  g_autoptr (GSocketAddress) sa = g_inet_socket_address_new (inet, (guint16) port);

  sock = g_socket_new (g_inet_address_get_family (inet), G_SOCKET_TYPE_STREAM,
                       G_SOCKET_PROTOCOL_TCP, error);
  if (sock == NULL)
    return FALSE;
  g_socket_set_listen_backlog (sock, LISTEN_BACKLOG);
  if (!g_socket_bind (sock, sa, TRUE, error) || !g_socket_listen (sock, error))
    return FALSE;
  /* Accepted here, not by soup_server_listen_socket: see stern-server-limits.c. */
  stern_listener_listen (self->listener, sock, self->soup, certificate);
  return TRUE;
}

guint
stern_server_count_waiting_in (SternServer *server, GMainContext *context)
{
  guint n = 0;

  g_return_val_if_fail (STERN_IS_SERVER (server), 0);
  for (guint i = 0; i < server->conns->len; i++)
    {
      Conn *conn = server->conns->pdata[i];

      if (conn->ws && g_main_context_find_source_by_user_data (context, conn->ws))
        n++;
    }
  return n;
}

guint
stern_server_get_n_connections (SternServer *server)
{
  g_return_val_if_fail (STERN_IS_SERVER (server), 0);
  return server->conns->len;
}

gboolean
stern_server_listen (SternServer *server, const char *address, guint port,
                     GTlsCertificate *certificate, GError **error)
{
  SternListenerHooks hooks = { limits_violation_cb, limits_room_is_open, server };
  gboolean ok;

  g_return_val_if_fail (STERN_IS_SERVER (server), FALSE);
  g_return_val_if_fail (server->soup == NULL, FALSE);

  server->soup = soup_server_new ("server-header", "sternhalma-server", NULL);
  soup_server_add_handler (server->soup, NULL, upgrade_cb, server, NULL);
  soup_server_add_handler (server->soup, "/healthz", healthz_cb, server, NULL);
  server->listener = stern_listener_new (&server->limit_config, &hooks);

  if (address)
    {
      g_autoptr (GInetAddress) inet = g_inet_address_new_from_string (address);

      if (inet == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "“%s” is not an IP address", address);
          g_clear_pointer (&server->listener, stern_listener_free);
          g_clear_object (&server->soup);
          return FALSE;
        }
      ok = listen_on (server, inet, port, certificate, error);
    }
  else
    {
      /* Every interface: one IPv6 socket that takes IPv4 too, or IPv4
       * alone where there is no IPv6. */
      g_autoptr (GInetAddress) any6 = g_inet_address_new_any (G_SOCKET_FAMILY_IPV6);
      g_autoptr (GInetAddress) any4 = g_inet_address_new_any (G_SOCKET_FAMILY_IPV4);
      g_autoptr (GError) error6 = NULL;

      ok = listen_on (server, any6, port, certificate, &error6);
      if (!ok)
        ok = listen_on (server, any4, port, certificate, error);
    }
  if (!ok)
    {
      g_clear_pointer (&server->listener, stern_listener_free);
      g_clear_object (&server->soup);
      return FALSE;
    }
  server->sweep_id = g_timeout_add (server->sweep_ms, sweep_cb, server);
  server_log (G_LOG_LEVEL_MESSAGE, "listening on port %u%s", stern_server_get_port (server),
              certificate ? " (TLS)" : "");
  return TRUE;
}

guint
stern_server_get_port (SternServer *server)
{
  g_return_val_if_fail (STERN_IS_SERVER (server), 0);
  return server->listener ? stern_listener_get_port (server->listener) : 0;
}

void
stern_server_disconnect (SternServer *server)
{
  g_return_if_fail (STERN_IS_SERVER (server));

  g_clear_handle_id (&server->sweep_id, g_source_remove);
  g_clear_handle_id (&server->drain_id, g_source_remove);
  if (server->metrics_http)
    soup_server_disconnect (server->metrics_http);
  g_clear_object (&server->metrics_http);
  if (server->soup)
    soup_server_disconnect (server->soup);
  g_clear_object (&server->soup);
  if (server->conns)
    g_ptr_array_set_size (server->conns, 0);
  g_clear_pointer (&server->listener, stern_listener_free);
}

/* ---- metrics ---- */

/* The metrics page (doc/server.md); never NULL. */
static char *
render_metrics (SternServer *server)
{
  GHashTableIter iter;
  gpointer value;
  guint playing = 0;

  g_hash_table_iter_init (&iter, server->rooms);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (stern_room_is_started (value) && !stern_room_is_over (value))
      playing++;
  return stern_metrics_render (&server->metrics, server->listener, server->online,
                               g_hash_table_size (server->rooms), playing,
                               server->listener && stern_listener_is_accepting (server->listener));
}

static void
metrics_cb (SoupServer *soup, SoupServerMessage *message, const char *path, GHashTable *query,
            gpointer user_data)
{
  char *page = render_metrics (user_data);

  soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
  soup_server_message_set_response (message, "text/plain; version=0.0.4; charset=utf-8",
                                    SOUP_MEMORY_TAKE, page, strlen (page));
}

gboolean
stern_server_listen_metrics (SternServer *server, const char *address, guint port, GError **error)
{
  g_autoptr (GInetAddress) inet = NULL;
  g_autoptr (GSocketAddress) sa = NULL;

  g_return_val_if_fail (STERN_IS_SERVER (server), FALSE);
  g_return_val_if_fail (server->metrics_http == NULL, FALSE);
  inet = g_inet_address_new_from_string (address ? address : "127.0.0.1");
  if (inet == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "“%s” is not an IP address",
                   address);
      return FALSE;
    }
  sa = g_inet_socket_address_new (inet, (guint16) port);
  server->metrics_http = soup_server_new ("server-header", "sternhalma-server", NULL);
  soup_server_add_handler (server->metrics_http, NULL, metrics_cb, server, NULL);
  if (!soup_server_listen (server->metrics_http, sa, 0, error))
    {
      g_clear_object (&server->metrics_http);
      return FALSE;
    }
  return TRUE;
}

guint
stern_server_get_metrics_port (SternServer *server)
{
  g_autoptr (GSList) uris = NULL;
  guint port = 0;

  g_return_val_if_fail (STERN_IS_SERVER (server), 0);
  if (server->metrics_http == NULL)
    return 0;
  uris = soup_server_get_uris (server->metrics_http);
  if (uris)
    port = (guint) g_uri_get_port (uris->data);
  g_slist_free_full (g_steal_pointer (&uris), (GDestroyNotify) g_uri_unref);
  return port;
}
