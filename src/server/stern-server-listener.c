/* stern-server-listener.c: accepting, counting and guarding connections.
 *
 * libsoup's own listener drops its accept source at the first failed
 * accept (EMFILE included), so the server would never accept again; here
 * the server accepts itself, pauses on EMFILE, sheds the oldest half-open
 * connections and tries again with a growing pause.  Each accepted socket
 * is a SternTracked from accept to the last unref of its stream, so
 * half-open requests count toward every cap.
 *
 * Every socket reaches libsoup through a SternGuardedStream
 * (stern-frame-guard.c), which closes a frame or message over the cap
 * with 1009 before libsoup buffers it.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-server-listener-private.h"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>

/* On EMFILE, the pause before accepting again starts here and doubles up
 * to the maximum: long enough not to spin, short enough that a freed
 * descriptor is used within a second or two. */
#define ACCEPT_PAUSE_MIN_MS  50
#define ACCEPT_PAUSE_MAX_MS  2000
/* Half-open connections closed on EMFILE to get descriptors back. */
#define SHED_ON_EMFILE       16
/* Sockets accepted in one go before other sources get their turn. */
#define ACCEPT_BATCH         64
/* A refused connection is told why before it is closed; past this many
 * waiting to be told, further ones are closed at accept. */
#define REFUSE_MARGIN        64
/* After its close frame, a connection closed for a limit gets this long
 * to answer before the socket is shut. */
#define CLOSE_GRACE_MS       2000


static GQuark
tracked_quark (void)
{
  return g_quark_from_static_string ("stern-tracked");
}


/* ---- tracked sockets ---- */

static void
tracked_free (SternTracked *tracked)
{
  SternListener *self = tracked->listener;

  g_clear_handle_id (&tracked->deadline_id, g_source_remove);
  g_clear_pointer (&tracked->first_read, g_main_context_unref);
  if (tracked->ws)
    g_object_remove_weak_pointer (G_OBJECT (tracked->ws), (gpointer *) &tracked->ws);
  if (!tracked->upgraded)
    self->n_half_open--;
  tracked->address->n_conns--;
  g_queue_unlink (&self->tracked, &tracked->link);
  g_clear_object (&tracked->remote);
  g_free (tracked);
}

static void
tracked_stream_gone (gpointer data, GObject *where_the_stream_was)
{
  tracked_free (data);
}

void
stern_tracked_shutdown (SternTracked *tracked)
{
  g_return_if_fail (tracked != NULL);
  if (tracked->socket && !g_socket_is_closed (tracked->socket))
    g_socket_shutdown (tracked->socket, TRUE, TRUE, NULL);
}

static gboolean
deadline_cb (gpointer data)
{
  SternTracked *tracked = data;

  tracked->deadline_id = 0;
  if (!tracked->upgraded)
    {
      stern_limits_count_hit (tracked->listener, STERN_LIMIT_HIT_UPGRADE_TIMEOUT);
      limit_log (tracked->address->key, "upgrade-timeout", G_LOG_LEVEL_INFO,
                 "closed a connection that did not finish its upgrade in time");
    }
  stern_tracked_shutdown (tracked);
  return G_SOURCE_REMOVE;
}

static gboolean
violation_idle_cb (gpointer data)
{
  SternTracked *tracked = g_object_get_qdata (data, tracked_quark ());
  gpointer code_reason = g_object_get_data (data, "stern-violation");

  if (tracked && code_reason)
    {
      SternListener *self = tracked->listener;
      guint code = GPOINTER_TO_UINT (code_reason);

      if (self->hooks.violation && tracked->ws)
        self->hooks.violation (self->hooks.server_data, tracked, (gushort) code,
                               code == SOUP_WEBSOCKET_CLOSE_TOO_BIG ? "message too large"
                                                                    : "no answer to pings");
      else
        stern_tracked_shutdown (tracked);
      if (tracked->deadline_id == 0)
        tracked->deadline_id = g_timeout_add (CLOSE_GRACE_MS, deadline_cb, tracked);
    }
  return G_SOURCE_REMOVE;
}

/* Called from inside libsoup's read: the close is asked for afterwards. */
static void
tracked_violation (SternTracked *tracked, gushort code, const char *reason, SternLimitHit hit)
{
  stern_limits_count_hit (tracked->listener, hit);
  limit_log (tracked->address->key, stern_limit_hit_name (hit), G_LOG_LEVEL_MESSAGE,
             "closing a connection: %s", reason);
  g_object_set_data (G_OBJECT (tracked->remote), "stern-violation", GUINT_TO_POINTER (code));
  g_idle_add_full (G_PRIORITY_DEFAULT, violation_idle_cb, g_object_ref (tracked->remote),
                   g_object_unref);
}

const char *
stern_tracked_get_address (SternTracked *tracked)
{
  g_return_val_if_fail (tracked != NULL, NULL);
  return tracked->address->key;
}

SternListener *
stern_tracked_get_listener (SternTracked *tracked)
{
  return tracked->listener;
}

void
stern_tracked_heard (SternTracked *tracked)
{
  if (tracked)
    tracked->heard_us = g_get_monotonic_time ();
}

gboolean
stern_tracked_may_send (SternTracked *tracked, gsize len)
{
  if (tracked == NULL || tracked->socket == NULL || tracked->listener->config->max_outgoing == 0)
    return TRUE;
  /* While the kernel takes what libsoup writes, its queue drains; once
   * the socket stays full, everything sent waits in libsoup's memory.
   * The socket is asked (a system call) only every quarter of the cap. */
  tracked->unflushed += len;
  if (tracked->unflushed <= tracked->listener->config->max_outgoing / 4)
    return TRUE;
  if (g_socket_condition_check (tracked->socket, G_IO_OUT) & G_IO_OUT)
    {
      tracked->unflushed = len;
      return TRUE;
    }
  if (tracked->unflushed <= tracked->listener->config->max_outgoing)
    return TRUE;
  if (!tracked->closing)
    {
      tracked->closing = TRUE;
      tracked->closing_since_us = g_get_monotonic_time ();
      stern_limits_count_hit (tracked->listener, STERN_LIMIT_HIT_SLOW_READER);
      limit_log (tracked->address->key, "slow-reader", G_LOG_LEVEL_MESSAGE,
                 "dropped a connection that does not read (%" G_GSIZE_FORMAT " bytes waiting)",
                 tracked->unflushed);
      /* Its queue will not drain: no close frame would reach it either. */
      stern_tracked_shutdown (tracked);
    }
  return FALSE;
}


/* ---- accepting ---- */

static gboolean accept_cb (GSocket *socket, GIOCondition condition, gpointer data);

static void
accept_source_start (SternListener *self)
{
  if (self->accept_source || !self->accepting || self->listening == NULL)
    return;
  self->accept_source = g_socket_create_source (self->listening, G_IO_IN, NULL);
  g_source_set_callback (self->accept_source, G_SOURCE_FUNC (accept_cb), self, NULL);
  g_source_attach (self->accept_source, NULL);
}

static void
accept_source_stop (SternListener *self)
{
  if (self->accept_source)
    {
      g_source_destroy (self->accept_source);
      g_clear_pointer (&self->accept_source, g_source_unref);
    }
}

static gboolean
pause_done_cb (gpointer data)
{
  SternListener *self = data;

  self->pause_id = 0;
  accept_source_start (self);
  return G_SOURCE_REMOVE;
}

/* Out of descriptors: stop, give some back, try again after a pause. */
static void
accept_pause (SternListener *self)
{
  guint shed = 0;

  stern_limits_count_hit (self, STERN_LIMIT_HIT_FILE_DESCRIPTORS);
  accept_source_stop (self);
  for (GList *l = self->tracked.head; l && shed < SHED_ON_EMFILE; l = l->next)
    {
      SternTracked *t = l->data;
      if (!t->upgraded)
        {
          stern_tracked_shutdown (t);
          shed++;
        }
    }
  self->pause_ms = self->pause_ms == 0 ? ACCEPT_PAUSE_MIN_MS
                                       : MIN (self->pause_ms * 2, ACCEPT_PAUSE_MAX_MS);
  if (!self->emfile_logged)
    limit_log (NULL, "file-descriptors", G_LOG_LEVEL_WARNING,
               "out of file descriptors with %u sockets open: accepting paused, %u "
               "half-open connections closed (raise LimitNOFILE or lower --max-connections)",
               self->tracked.length, shed);
  self->emfile_logged = TRUE;
  self->pause_id = g_timeout_add (self->pause_ms, pause_done_cb, self);
}

static void
tracked_too_large (gpointer data)
{
  tracked_violation (data, SOUP_WEBSOCKET_CLOSE_TOO_BIG, "message too large",
                     STERN_LIMIT_HIT_MESSAGE_SIZE);
}

static void
hand_to_soup (SternListener *self, SternTracked *tracked, GIOStream *base)
{
  g_autoptr (GIOStream) stream = stern_guarded_stream_new (base, self->config->max_message, &tracked->guard);
  g_autoptr (GSocketAddress) local = g_socket_get_local_address (tracked->socket, NULL);
  g_autoptr (GError) error = NULL;

  tracked->tls = G_IS_TLS_CONNECTION (base);
  stern_frame_guard_set_too_large_func (tracked->guard, tracked_too_large, tracked);
  tracked->stream = stream;
  g_object_weak_ref (G_OBJECT (stream), tracked_stream_gone, tracked);
  if (local == NULL || !soup_server_accept_iostream (self->soup, stream, local, tracked->remote, &error))
    server_log (G_LOG_LEVEL_DEBUG, "connection not handed on: %s",
                error ? error->message : "no local address");
}

static void
tls_handshake_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GIOStream) tls = G_IO_STREAM (source);
  SternListener *self = user_data;
  SternTracked *tracked = g_object_get_qdata (G_OBJECT (tls), tracked_quark ());
  g_autoptr (GError) error = NULL;

  if (!g_tls_connection_handshake_finish (G_TLS_CONNECTION (tls), result, &error))
    {
      /* The tracked goes with the stream's last reference. */
      server_log (G_LOG_LEVEL_DEBUG, "TLS handshake failed: %s", error->message);
      return;
    }
  if (tracked)
    {
      g_object_weak_unref (G_OBJECT (tls), tracked_stream_gone, tracked);
      hand_to_soup (self, tracked, tls);
    }
}

static void
accept_one (SternListener *self, GSocket *socket)
{
  SternTracked *tracked = g_new0 (SternTracked, 1);
  g_autoptr (GSocketConnection) connection = NULL;
  guint max = self->config->max_connections;
  guint per = self->config->max_per_address;

  tracked->listener = self;
  tracked->remote = g_socket_get_remote_address (socket, NULL);
  if (tracked->remote == NULL)
    {
      g_free (tracked);
      g_socket_close (socket, NULL);
      return;
    }
  tracked->address = stern_limits_address_get (self, tracked->remote);
  if (self->tracked.length >= max + REFUSE_MARGIN ||
      (per > 0 && tracked->address->n_conns >= per + REFUSE_MARGIN / 4))
    {
      /* Too many already waiting to be told: closed without a word. */
      stern_limits_count_hit (self, self->tracked.length >= max + REFUSE_MARGIN
                                      ? STERN_LIMIT_HIT_CONNECTIONS
                                      : STERN_LIMIT_HIT_ADDRESS_CONNECTIONS);
      g_object_unref (tracked->remote);
      g_free (tracked);
      g_socket_close (socket, NULL);
      return;
    }
  if (!self->accepting)
    tracked->refuse = STERN_REFUSE_DRAINING;
  else if (self->tracked.length >= max)
    tracked->refuse = STERN_REFUSE_FULL;
  else if (per > 0 && tracked->address->n_conns >= per)
    tracked->refuse = STERN_REFUSE_ADDRESS;
  tracked->address->n_conns++;
  tracked->socket = socket;
  tracked->link.data = tracked;
  tracked->heard_us = g_get_monotonic_time ();
  g_queue_push_tail_link (&self->tracked, &tracked->link);
  self->n_half_open++;
  g_object_set_qdata (G_OBJECT (tracked->remote), tracked_quark (), tracked);
  /* Messages are small and each waits for an answer: no Nagle delay. */
  g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
  tracked->deadline_id = g_timeout_add (self->config->upgrade_timeout_ms, deadline_cb, tracked);

  connection = g_socket_connection_factory_create_connection (socket);
  if (self->certificate)
    {
      g_autoptr (GError) error = NULL;
      GIOStream *tls = g_tls_server_connection_new (G_IO_STREAM (connection), self->certificate,
                                                    &error);
      if (tls == NULL)
        {
          server_log (G_LOG_LEVEL_WARNING, "TLS: %s", error->message);
          /* Freed with the connection below. */
          g_object_weak_ref (G_OBJECT (connection), tracked_stream_gone, tracked);
          return;
        }
      g_object_set (tls, "require-close-notify", FALSE, NULL);
      g_object_set_qdata (G_OBJECT (tls), tracked_quark (), tracked);
      tracked->stream = tls;
      g_object_weak_ref (G_OBJECT (tls), tracked_stream_gone, tracked);
      g_tls_connection_handshake_async (G_TLS_CONNECTION (tls), G_PRIORITY_DEFAULT, NULL,
                                        tls_handshake_cb, self);
      return;
    }
  hand_to_soup (self, tracked, G_IO_STREAM (connection));
}

static gboolean
accept_cb (GSocket *listener, GIOCondition condition, gpointer data)
{
  SternListener *self = data;

  for (guint i = 0; i < ACCEPT_BATCH; i++)
    {
      g_autoptr (GError) error = NULL;
      GSocket *socket = g_socket_accept (listener, NULL, &error);

      if (socket == NULL)
        {
          if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_OPEN_FILES))
            {
              accept_pause (self);
              return G_SOURCE_REMOVE;
            }
          if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
            server_log (G_LOG_LEVEL_DEBUG, "accept: %s", error->message);
          break;
        }
      if (self->emfile_logged)
        {
          server_log (G_LOG_LEVEL_MESSAGE, "accepting again");
          self->emfile_logged = FALSE;
        }
      self->pause_ms = 0;
      accept_one (self, socket);
      g_object_unref (socket);
    }
  return G_SOURCE_CONTINUE;
}

/* ---- silent peers ---- */

static gboolean
sweep_cb (gpointer data)
{
  SternListener *self = data;
  gint64 now = g_get_monotonic_time ();
  gint64 limit_us = (gint64) self->config->ping_timeout_ms * 1000;

  /* The keep-alive timers are in the quiet context (see
   * stern_listener_keep_alive): a ping goes out at most one sweep late, and
   * the sweep runs at least twice a ping interval. */
  g_main_context_iteration (self->quiet, FALSE);
  for (GList *l = self->tracked.head; l; l = l->next)
    {
      SternTracked *t = l->data;

      if (!t->upgraded || t->ws == NULL)
        continue;
      if (t->closing)
        {
          if (now - t->closing_since_us > CLOSE_GRACE_MS * 1000)
            stern_tracked_shutdown (t);
          continue;
        }
      if (now - t->heard_us > limit_us)
        {
          t->closing = TRUE;
          t->closing_since_us = now;
          stern_limits_count_hit (self, STERN_LIMIT_HIT_PING_TIMEOUT);
          limit_log (t->address->key, "ping-timeout", G_LOG_LEVEL_INFO,
                     "closing a connection that answers no pings");
          if (self->hooks.violation)
            self->hooks.violation (self->hooks.server_data, t, SOUP_WEBSOCKET_CLOSE_GOING_AWAY,
                                   "no answer to pings");
        }
    }
  stern_limits_sweep_addresses (self);
  return G_SOURCE_CONTINUE;
}

static void
on_pong (SoupWebsocketConnection *ws, GBytes *message, gpointer data)
{
  SternTracked *tracked = g_object_get_qdata (G_OBJECT (ws), tracked_quark ());

  stern_tracked_heard (tracked);
}

/* ---- the public part ---- */

SternListener *
stern_listener_new (const SternServerLimits *config, const SternListenerHooks *hooks)
{
  SternListener *self = g_new0 (SternListener, 1);

  self->config = config;
  self->hooks = *hooks;
  self->accepting = TRUE;
  self->addresses = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                           stern_limits_address_free);
  self->poller = stern_poller_new ();
  self->quiet = g_main_context_new ();
  return self;
}

void
stern_listener_free (SternListener *self)
{
  if (self == NULL)
    return;
  accept_source_stop (self);
  g_clear_handle_id (&self->pause_id, g_source_remove);
  g_clear_handle_id (&self->sweep_id, g_source_remove);
  while (self->tracked.head)
    {
      SternTracked *t = self->tracked.head->data;

      if (t->stream)
        {
          /* The stream outlives the listener: it must not call back. */
          if (t->guard)
            stern_frame_guard_set_too_large_func (t->guard, NULL, NULL);
          g_object_weak_unref (G_OBJECT (t->stream), tracked_stream_gone, t);
          g_object_set_qdata (G_OBJECT (t->stream), tracked_quark (), NULL);
        }
      g_object_set_qdata (G_OBJECT (t->remote), tracked_quark (), NULL);
      if (t->ws)
        g_object_set_qdata (G_OBJECT (t->ws), tracked_quark (), NULL);
      stern_tracked_shutdown (t);
      tracked_free (t);
    }
  g_clear_pointer (&self->poller, stern_poller_free);
  g_clear_pointer (&self->quiet, g_main_context_unref);
  g_clear_object (&self->listening);
  g_clear_object (&self->soup);
  g_clear_object (&self->certificate);
  g_hash_table_unref (self->addresses);
  g_free (self);
}

void
stern_listener_listen (SternListener *self, GSocket *listening, SoupServer *soup,
                       GTlsCertificate *certificate)
{
  g_return_if_fail (self->listening == NULL);
  self->listening = g_object_ref (listening);
  self->soup = g_object_ref (soup);
  g_set_object (&self->certificate, certificate);
  g_socket_set_blocking (listening, FALSE);
  accept_source_start (self);
  if (self->sweep_id == 0)
    self->sweep_id = g_timeout_add (MAX (100u, MIN (self->config->ping_interval_ms,
                                                    self->config->ping_timeout_ms) / 2),
                                    sweep_cb, self);
}

guint
stern_listener_get_port (SternListener *self)
{
  g_autoptr (GSocketAddress) local = NULL;

  if (self->listening == NULL)
    return 0;
  local = g_socket_get_local_address (self->listening, NULL);
  return G_IS_INET_SOCKET_ADDRESS (local) ? g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local)) : 0;
}

void
stern_listener_stop_accepting (SternListener *self)
{
  self->accepting = FALSE;
  accept_source_stop (self);
  g_clear_handle_id (&self->pause_id, g_source_remove);
  if (self->listening)
    g_socket_close (self->listening, NULL);
}

gboolean
stern_listener_is_accepting (SternListener *self)
{
  return self->accepting;
}

guint
stern_listener_get_n_sockets (SternListener *self)
{
  return self->tracked.length;
}

guint
stern_listener_get_n_half_open (SternListener *self)
{
  return self->n_half_open;
}

SternTracked *
stern_listener_lookup (SternListener *self, SoupServerMessage *message)
{
  GSocketAddress *remote = soup_server_message_get_remote_address (message);

  return remote ? g_object_get_qdata (G_OBJECT (remote), tracked_quark ()) : NULL;
}

SoupWebsocketConnection *
stern_listener_take_upgraded (SternListener *self, SoupServerMessage *message)
{
  SternTracked *tracked = stern_listener_lookup (self, message);
  g_autoptr (GIOStream) stolen = soup_server_message_steal_connection (message);
  GIOStream *stream = stolen;
  GMainContext *first_read = NULL;
  SoupWebsocketConnection *ws;

  if (stolen == NULL)
    return NULL;
  if (tracked && tracked->stream && tracked->guard)
    {
      /* The guard held back every byte after the request head, so
       * libsoup's buffer in the stolen stream is empty: the connection
       * can read the guard itself, and wait for input through the poller. */
      stream = tracked->stream;
      stern_frame_guard_relay_reads (tracked->guard, self->poller, self->quiet, tracked->socket,
                                     tracked->tls);
      /* The connection attaches its first source at once; it is
       * dispatched once (stern_listener_start_reading) in a context of its
       * own, which then goes, so that nothing of it stays in the main
       * loop's. */
      g_clear_pointer (&tracked->first_read, g_main_context_unref);
      first_read = tracked->first_read = g_main_context_new ();
      g_main_context_push_thread_default (first_read);
    }
  ws = soup_websocket_connection_new (
    stream, soup_server_message_get_uri (message), SOUP_WEBSOCKET_CONNECTION_SERVER,
    soup_message_headers_get_one (soup_server_message_get_request_headers (message), "Origin"),
    NULL, NULL);
  if (first_read)
    g_main_context_pop_thread_default (first_read);
  return ws;
}

void
stern_listener_start_reading (SternListener *self, SoupServerMessage *message)
{
  SternTracked *tracked = stern_listener_lookup (self, message);
  GMainContext *context = tracked ? g_steal_pointer (&tracked->first_read) : NULL;

  if (context == NULL)
    return;
  g_main_context_iteration (context, FALSE);
  g_main_context_unref (context);
}

void
stern_listener_keep_alive (SternListener *self, SoupWebsocketConnection *ws, guint interval_s)
{
  g_return_if_fail (SOUP_IS_WEBSOCKET_CONNECTION (ws));
  /* libsoup attaches the timer to the thread's default context. */
  g_main_context_push_thread_default (self->quiet);
  soup_websocket_connection_set_keepalive_interval (ws, interval_s);
  g_main_context_pop_thread_default (self->quiet);
}

SternRefuse
stern_listener_upgraded (SternTracked *tracked, SoupWebsocketConnection *ws)
{
  SternListener *self = tracked->listener;

  g_clear_handle_id (&tracked->deadline_id, g_source_remove);
  if (!tracked->upgraded)
    self->n_half_open--;
  tracked->upgraded = TRUE;
  tracked->heard_us = g_get_monotonic_time ();
  tracked->ws = ws;
  g_object_add_weak_pointer (G_OBJECT (ws), (gpointer *) &tracked->ws);
  g_object_set_qdata (G_OBJECT (ws), tracked_quark (), tracked);
  if (tracked->guard)
    stern_frame_guard_watch_frames (tracked->guard);
  g_signal_connect (ws, "pong", G_CALLBACK (on_pong), NULL);
  if (tracked->refuse != STERN_REFUSE_NONE)
    stern_limits_count_hit (self, tracked->refuse == STERN_REFUSE_ADDRESS
                                    ? STERN_LIMIT_HIT_ADDRESS_CONNECTIONS
                                    : STERN_LIMIT_HIT_CONNECTIONS);
  return tracked->refuse;
}

/* A server frame: FIN, opcode, unmasked length, payload. */
static void
append_frame (GByteArray *out, guint8 opcode, const guint8 *payload, gsize len)
{
  guint8 head[4] = { 0x80 | opcode };

  if (len < 126)
    {
      head[1] = (guint8) len;
      g_byte_array_append (out, head, 2);
    }
  else
    {
      head[1] = 126;
      head[2] = (guint8) (len >> 8);
      head[3] = (guint8) len;
      g_byte_array_append (out, head, 4);
    }
  g_byte_array_append (out, payload, (guint) len);
}

void
stern_listener_refuse (SternTracked *tracked, const char *text, gushort code, const char *reason)
{
  g_autoptr (GByteArray) out = g_byte_array_new ();
  guint8 close[125];
  gsize reason_len = MIN (strlen (reason), sizeof close - 2);
  GOutputStream *stream;

  /* libsoup sends only the close codes it knows (1013 is not one of
   * them): the two frames are written here, before anything else is
   * queued on the new WebSocket, and the socket is then shut. */
  append_frame (out, 0x1, (const guint8 *) text, MIN (strlen (text), 0xffff));
  close[0] = (guint8) (code >> 8);
  close[1] = (guint8) code;
  memcpy (close + 2, reason, reason_len);
  append_frame (out, 0x8, close, reason_len + 2);
  stream = tracked->stream ? g_io_stream_get_output_stream (tracked->stream) : NULL;
  if (stream)
    g_output_stream_write_all (stream, out->data, out->len, NULL, NULL, NULL);
  if (tracked->socket && !g_socket_is_closed (tracked->socket))
    g_socket_shutdown (tracked->socket, FALSE, TRUE, NULL);
  tracked->closing = TRUE;
  tracked->closing_since_us = g_get_monotonic_time ();
  if (tracked->deadline_id == 0)
    tracked->deadline_id = g_timeout_add (CLOSE_GRACE_MS, deadline_cb, tracked);
}

