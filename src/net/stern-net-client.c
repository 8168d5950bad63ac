/* stern-net-client.c: a WebSocket connection to a sternhalma-server.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-net-client.h"

#include <libsoup/soup.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>

struct _SternNetClient {
  GObject parent_instance;

  char *name;
  char *uri;                     /* the last address connected to */
  SoupSession *session;
  SoupWebsocketConnection *ws;
  GTask *connect_task;           /* until the welcome arrives */
  int protocol;                  /* the version said in the hello */
  GTlsCertificate *trusted;

  SternGame *game;
  SternNetMessage *room;
  guint seat;
  char code[STERN_NET_CODE_LEN + 1];
  char token[STERN_NET_TOKEN_LEN + 1];
  gboolean connected;            /* as last notified */
};

G_DEFINE_FINAL_TYPE (SternNetClient, stern_net_client, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CONNECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Tells "notify::connected" when the connection opened or went. */
static void
update_connected (SternNetClient *self)
{
  gboolean now = stern_net_client_is_connected (self);

  if (now == self->connected)
    return;
  self->connected = now;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
}

enum {
  SIGNAL_WELCOME,
  SIGNAL_LOBBY,
  SIGNAL_JOINED,
  SIGNAL_ROOM,
  SIGNAL_ACTION,
  SIGNAL_ERROR,
  SIGNAL_CHAT,
  SIGNAL_INVITED,
  SIGNAL_CLOSED,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void
disconnect_ws (SternNetClient *self)
{
  if (self->ws == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->ws, self);
  if (soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (self->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  g_clear_object (&self->ws);
  update_connected (self);
}

static void
stern_net_client_dispose (GObject *object)
{
  SternNetClient *self = STERN_NET_CLIENT (object);

  disconnect_ws (self);
  if (self->connect_task)
    {
      GTask *task = g_steal_pointer (&self->connect_task);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "client disposed");
      g_object_unref (task);
    }
  g_clear_object (&self->session);
  g_clear_object (&self->trusted);
  G_OBJECT_CLASS (stern_net_client_parent_class)->dispose (object);
}

static void
stern_net_client_finalize (GObject *object)
{
  SternNetClient *self = STERN_NET_CLIENT (object);

  g_free (self->name);
  g_free (self->uri);
  g_clear_pointer (&self->game, stern_game_free);
  g_clear_pointer (&self->room, stern_net_message_free);
  G_OBJECT_CLASS (stern_net_client_parent_class)->finalize (object);
}

static void
stern_net_client_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  SternNetClient *self = STERN_NET_CLIENT (object);

  switch (prop_id)
    {
    case PROP_CONNECTED:
      g_value_set_boolean (value, stern_net_client_is_connected (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_net_client_class_init (SternNetClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const char *names[] = { "welcome", "lobby", "joined", "room", "action", "error", "chat",
                          "invited" };

  object_class->dispose = stern_net_client_dispose;
  object_class->finalize = stern_net_client_finalize;
  object_class->get_property = stern_net_client_get_property;

  /* Whether the WebSocket to the server is open. */
  properties[PROP_CONNECTED] =
    g_param_spec_boolean ("connected", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  for (unsigned i = 0; i < G_N_ELEMENTS (names); i++)
    signals[i] = g_signal_new (names[i], G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                               0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
stern_net_client_init (SternNetClient *self)
{
  self->seat = STERN_NO_SEAT;
}

SternNetClient *
stern_net_client_new (const char *name)
{
  SternNetClient *self = g_object_new (STERN_TYPE_NET_CLIENT, NULL);

  self->name = g_strdup (name);
  return self;
}

/* ---- receiving ---- */

static void
emit_error (SternNetClient *self, SternNetErrorCode code, const char *text, const char *field)
{
  g_autoptr (GError) error = g_error_new_literal (STERN_NET_ERROR, code, text);
  g_autoptr (SternNetMessage) msg = stern_net_message_new_error (error, field);

  g_signal_emit (self, signals[SIGNAL_ERROR], 0, msg);
}

/* The server sent something we cannot follow: say so and hang up, since
 * every later message would build on it. */
static void
protocol_failure (SternNetClient *self, const GError *error, const char *field)
{
  g_debug ("server sent an invalid message: %s", error->message);
  emit_error (self, STERN_NET_ERROR_BAD_FIELD, error->message, field);
  if (self->ws)
    soup_websocket_connection_close (self->ws, SOUP_WEBSOCKET_CLOSE_PROTOCOL_ERROR, NULL);
}

static gboolean
rebuild_game (SternNetClient *self, const SternNetMessage *room, GError **error)
{
  g_autoptr (SternGame) game = stern_game_new (room->setup.variant, room->setup.preset);

  for (guint i = 0; i < room->actions->len; i++)
    {
      g_autoptr (GError) local = NULL;
      if (!stern_net_apply_action_text (game, g_ptr_array_index (room->actions, i), &local))
        {
          g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                       "room.actions[%u]: %s", i, local->message);
          return FALSE;
        }
    }
  g_clear_pointer (&self->game, stern_game_free);
  self->game = g_steal_pointer (&game);
  return TRUE;
}

static gboolean
apply_action (SternNetClient *self, SternNetMessage *msg, GError **error)
{
  guint n;
  gboolean ok = FALSE;

  if (self->game == NULL || strcmp (msg->code, self->code) != 0)
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                           "action.code: not the room of this client");
      return FALSE;
    }
  n = stern_game_get_n_actions (self->game);
  if (msg->ply != n)
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                   "action.ply: %u, but the game has %u actions", msg->ply, n);
      return FALSE;
    }
  switch (msg->action)
    {
    case STERN_ACTION_MOVE:
      ok = stern_game_get_turn (self->game) == msg->seat &&
           stern_net_message_resolve_path (msg,
                                           stern_game_get_variant (self->game), error) &&
           stern_game_play_path (self->game, msg->path, msg->path_len, error);
      break;
    case STERN_ACTION_PASS:
      ok = stern_game_get_turn (self->game) == msg->seat && stern_game_pass (self->game, error);
      break;
    case STERN_ACTION_RESIGN:
      ok = stern_game_resign (self->game, msg->seat, error);
      break;
    case STERN_ACTION_TIMEOUT:
      ok = stern_game_timeout (self->game, msg->seat, error);
      break;
    default:
      g_assert_not_reached ();
    }
  if (!ok && error && *error == NULL)
    g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                         "action.seat: not the seat on turn");
  if (ok && self->room && msg->has_clocks)
    for (unsigned s = 0; s < STERN_N_SEATS; s++)
      self->room->seats[s].clock_ms = msg->clocks[s];
  return ok;
}

static void send_hello (SternNetClient *self, int protocol);

static void
on_message (SoupWebsocketConnection *ws, gint type, GBytes *message, gpointer user_data)
{
  SternNetClient *self = user_data;
  g_autoptr (SternNetMessage) msg = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *field = NULL;
  gsize len;
  const char *data = g_bytes_get_data (message, &len);

  g_object_ref (self);
  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      g_set_error_literal (&error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_JSON,
                           "binary frame from the server");
      protocol_failure (self, error, NULL);
      goto out;
    }
  msg = stern_net_message_parse (data, len, STERN_NET_TO_CLIENT, &field, &error);
  if (msg == NULL)
    {
      protocol_failure (self, error, field);
      goto out;
    }

  switch (msg->type)
    {
    case STERN_NET_MSG_WELCOME:
      if (msg->protocol != self->protocol)
        {
          g_set_error (&error, STERN_NET_ERROR, STERN_NET_ERROR_VERSION,
                       "the server speaks protocol %d, this client %d",
                       msg->protocol, self->protocol);
          protocol_failure (self, error, "welcome.protocol");
          break;
        }
      if (self->connect_task)
        {
          GTask *task = g_steal_pointer (&self->connect_task);
          g_task_return_boolean (task, TRUE);
          g_object_unref (task);
        }
      g_signal_emit (self, signals[SIGNAL_WELCOME], 0, msg);
      break;
    case STERN_NET_MSG_LOBBY:
      g_signal_emit (self, signals[SIGNAL_LOBBY], 0, msg);
      break;
    case STERN_NET_MSG_JOINED:
      self->seat = msg->seat;
      g_strlcpy (self->code, msg->code, sizeof self->code);
      g_strlcpy (self->token, msg->token, sizeof self->token);
      g_signal_emit (self, signals[SIGNAL_JOINED], 0, msg);
      break;
    case STERN_NET_MSG_ROOM:
      if (!rebuild_game (self, msg, &error))
        {
          protocol_failure (self, error, NULL);
          break;
        }
      if (strcmp (self->code, msg->code) != 0)
        {
          /* Watching a new room: no seat in it. */
          self->seat = STERN_NO_SEAT;
          self->token[0] = '\0';
          g_strlcpy (self->code, msg->code, sizeof self->code);
        }
      g_clear_pointer (&self->room, stern_net_message_free);
      self->room = g_steal_pointer (&msg);
      g_signal_emit (self, signals[SIGNAL_ROOM], 0, self->room);
      break;
    case STERN_NET_MSG_ACTION:
      if (!apply_action (self, msg, &error))
        {
          protocol_failure (self, error, NULL);
          break;
        }
      g_signal_emit (self, signals[SIGNAL_ACTION], 0, msg);
      break;
    case STERN_NET_MSG_ERROR:
      /* A server of the version before refuses this one's hello: it is
       * said again in that version, which this client reads too. */
      if (msg->error == STERN_NET_ERROR_VERSION && self->connect_task != NULL &&
          self->protocol > STERN_NET_PROTOCOL_OLDEST)
        {
          send_hello (self, STERN_NET_PROTOCOL_OLDEST);
          break;
        }
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, msg);
      /* Refused before the welcome (the server is full or stopping):
       * the connection fails with the server's reason, not only with
       * the close that follows it. */
      if (self->connect_task)
        {
          GTask *task = g_steal_pointer (&self->connect_task);
          g_task_return_new_error (task, STERN_NET_ERROR, msg->error, "%s",
                                   msg->text ? msg->text : stern_net_error_name (msg->error));
          g_object_unref (task);
        }
      break;
    case STERN_NET_MSG_INVITED:
      g_signal_emit (self, signals[SIGNAL_INVITED], 0, msg);
      break;
    case STERN_NET_MSG_SAID:
      /* Only the room this client is in speaks to it. */
      if (strcmp (msg->code, self->code) == 0)
        g_signal_emit (self, signals[SIGNAL_CHAT], 0, msg);
      break;
    /* What clients send: the protocol reader refuses it from a server. */
    case STERN_NET_MSG_HELLO:
    case STERN_NET_MSG_LIST:
    case STERN_NET_MSG_CREATE:
    case STERN_NET_MSG_JOIN:
    case STERN_NET_MSG_WATCH:
    case STERN_NET_MSG_RESUME:
    case STERN_NET_MSG_MOVE:
    case STERN_NET_MSG_RESIGN:
    case STERN_NET_MSG_LEAVE:
    case STERN_NET_MSG_QUICK:
    case STERN_NET_MSG_CHAT:
    case STERN_NET_MSG_REMATCH:
    case STERN_NET_N_MSG_TYPES:
    default:
      g_assert_not_reached ();
    }
out:
  g_object_unref (self);
}

static void
on_closed (SoupWebsocketConnection *ws, gpointer user_data)
{
  SternNetClient *self = user_data;

  g_object_ref (self);
  g_signal_handlers_disconnect_by_data (ws, self);
  g_clear_object (&self->ws);
  if (self->connect_task)
    {
      GTask *task = g_steal_pointer (&self->connect_task);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                               "the server closed the connection");
      g_object_unref (task);
    }
  update_connected (self);
  g_signal_emit (self, signals[SIGNAL_CLOSED], 0);
  g_object_unref (self);
}

/* ---- connecting ---- */

void
stern_net_client_set_trusted_certificate (SternNetClient *client, GTlsCertificate *certificate)
{
  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  g_return_if_fail (certificate == NULL || G_IS_TLS_CERTIFICATE (certificate));
  g_set_object (&client->trusted, certificate);
}

static void
network_event_cb (SoupMessage *msg, GSocketClientEvent event, GIOStream *connection,
                  gpointer user_data)
{
  /* Moves are small messages that each wait for an answer: no Nagle delay. */
  if (event == G_SOCKET_CLIENT_CONNECTED && G_IS_SOCKET_CONNECTION (connection))
    g_socket_set_option (g_socket_connection_get_socket (G_SOCKET_CONNECTION (connection)),
                         IPPROTO_TCP, TCP_NODELAY, 1, NULL);
}

static gboolean
accept_certificate_cb (SoupMessage *msg, GTlsCertificate *certificate,
                       GTlsCertificateFlags errors, gpointer user_data)
{
  SternNetClient *self = user_data;

  /* Only the very certificate we were given, and only if it is otherwise
   * sound (not expired, for the right host). */
  return self->trusted != NULL && g_tls_certificate_is_same (certificate, self->trusted) &&
         (errors & ~G_TLS_CERTIFICATE_UNKNOWN_CA) == 0;
}

static void
send_msg (SternNetClient *self, const SternNetMessage *msg)
{
  g_autofree char *text = stern_net_message_to_json (msg);

  stern_net_client_send_text (self, text);
}

static void
send_hello (SternNetClient *self, int protocol)
{
  g_autoptr (SternNetMessage) hello = stern_net_message_new (STERN_NET_MSG_HELLO);

  self->protocol = hello->protocol = protocol;
  hello->name = g_strdup (self->name);
  send_msg (self, hello);
}

static void
connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  SternNetClient *self = g_task_get_source_object (task);
  g_autoptr (GError) error = NULL;
  SoupWebsocketConnection *ws;

  ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  if (ws == NULL)
    {
      /* The task is answered here: the client no longer waits on it (it
       * would hold the client through the task, and be answered twice by
       * the next connect). */
      if (self->connect_task == task)
        g_clear_object (&self->connect_task);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (self->connect_task != task)
    {
      /* Closed or reconnected meanwhile. */
      g_object_unref (ws);
      return;
    }
  disconnect_ws (self);
  self->ws = ws;
  soup_websocket_connection_set_max_incoming_payload_size (ws, STERN_NET_MAX_SERVER_MESSAGE);
  soup_websocket_connection_set_keepalive_interval (ws, 30);
  g_signal_connect (ws, "message", G_CALLBACK (on_message), self);
  g_signal_connect (ws, "closed", G_CALLBACK (on_closed), self);
  update_connected (self);

  send_hello (self, STERN_NET_PROTOCOL_VERSION);
  /* self->connect_task keeps its own reference until the welcome. */
}

void
stern_net_client_connect_async (SternNetClient *client, const char *uri,
                                GCancellable *cancellable, GAsyncReadyCallback callback,
                                gpointer user_data)
{
  g_autoptr (SoupMessage) msg = NULL;
  GTask *task;

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  g_return_if_fail (uri != NULL);

  task = g_task_new (client, cancellable, callback, user_data);
  g_task_set_source_tag (task, stern_net_client_connect_async);
  msg = soup_message_new (SOUP_METHOD_GET, uri);
  if (msg == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               "“%s” is not a ws:// or wss:// address", uri);
      g_object_unref (task);
      return;
    }
  if (client->uri != uri)
    {
      g_free (client->uri);
      client->uri = g_strdup (uri);
    }
  if (client->session == NULL)
    client->session = soup_session_new ();
  disconnect_ws (client);
  if (client->connect_task)
    {
      GTask *old = g_steal_pointer (&client->connect_task);
      g_task_return_new_error (old, G_IO_ERROR, G_IO_ERROR_CANCELLED, "connecting again");
      g_object_unref (old);
    }
  client->connect_task = g_object_ref (task);
  g_signal_connect_object (msg, "accept-certificate", G_CALLBACK (accept_certificate_cb), client, 0);
  g_signal_connect (msg, "network-event", G_CALLBACK (network_event_cb), NULL);
  soup_session_websocket_connect_async (client->session, msg, NULL, NULL, G_PRIORITY_DEFAULT,
                                        cancellable, connected_cb, task);
}

gboolean
stern_net_client_connect_finish (SternNetClient *client, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, client), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
reconnected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  SternNetClient *self = STERN_NET_CLIENT (source);
  GError *error = NULL;

  if (!stern_net_client_connect_finish (self, result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (self->code[0] && self->token[0])
    stern_net_client_resume (self, self->code, self->token);
  else if (self->code[0])
    stern_net_client_watch (self, self->code);
  g_task_return_boolean (task, TRUE);
}

void
stern_net_client_reconnect_async (SternNetClient *client, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;

  g_return_if_fail (STERN_IS_NET_CLIENT (client));

  task = g_task_new (client, cancellable, callback, user_data);
  g_task_set_source_tag (task, stern_net_client_reconnect_async);
  if (client->uri == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                               "this client never connected");
      g_object_unref (task);
      return;
    }
  stern_net_client_connect_async (client, client->uri, cancellable, reconnected_cb, task);
}

gboolean
stern_net_client_reconnect_finish (SternNetClient *client, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, client), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
stern_net_client_close (SternNetClient *client)
{
  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  if (client->ws)
    soup_websocket_connection_close (client->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
}

gboolean
stern_net_client_is_connected (SternNetClient *client)
{
  g_return_val_if_fail (STERN_IS_NET_CLIENT (client), FALSE);
  return client->ws != NULL &&
         soup_websocket_connection_get_state (client->ws) == SOUP_WEBSOCKET_STATE_OPEN;
}

/* ---- requests ---- */

void
stern_net_client_send_text (SternNetClient *client, const char *text)
{
  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  g_return_if_fail (text != NULL);

  if (!stern_net_client_is_connected (client))
    {
      emit_error (client, STERN_NET_ERROR_STATE, "not connected", NULL);
      return;
    }
  soup_websocket_connection_send_text (client->ws, text);
}

void
stern_net_client_send (SternNetClient *client, const SternNetMessage *msg)
{
  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  g_return_if_fail (msg != NULL);
  send_msg (client, msg);
}

void
stern_net_client_list (SternNetClient *client)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_LIST);

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  send_msg (client, msg);
}

void
stern_net_client_create (SternNetClient *client, const SternNetSetup *setup, guint take_seat)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_CREATE);

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  g_return_if_fail (setup != NULL && setup->variant != NULL);
  msg->setup = *setup;
  msg->seat = (guint8) take_seat;
  msg->name = g_strdup (client->name);
  send_msg (client, msg);
}

void
stern_net_client_join (SternNetClient *client, const char *code, guint seat)
{
  stern_net_client_join_with_key (client, code, seat, NULL);
}

void
stern_net_client_join_with_key (SternNetClient *client, const char *code, guint seat,
                                const char *key)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_JOIN);

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  g_return_if_fail (code != NULL);
  g_return_if_fail (key == NULL || key[0] == '\0' || stern_net_token_is_valid (key));
  g_strlcpy (msg->code, code, sizeof msg->code);
  msg->seat = (guint8) seat;
  msg->name = g_strdup (client->name);
  if (key)
    g_strlcpy (msg->key, key, sizeof msg->key);
  send_msg (client, msg);
}

void
stern_net_client_watch (SternNetClient *client, const char *code)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_WATCH);

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  g_return_if_fail (code != NULL);
  g_strlcpy (msg->code, code, sizeof msg->code);
  send_msg (client, msg);
}

void
stern_net_client_resume (SternNetClient *client, const char *code, const char *token)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_RESUME);

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  g_return_if_fail (code != NULL && token != NULL);
  g_strlcpy (msg->code, code, sizeof msg->code);
  g_strlcpy (msg->token, token, sizeof msg->token);
  send_msg (client, msg);
}

void
stern_net_client_play (SternNetClient *client, const guint8 *path, gsize len)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_MOVE);

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  g_return_if_fail (path != NULL && len >= 2 && len <= STERN_MAX_PATH);
  msg->ply = client->game ? stern_game_get_n_actions (client->game) : 0;
  memcpy (msg->path, path, len);
  msg->path_len = len;
  msg->path_variant = client->game != NULL ? stern_game_get_variant (client->game) : NULL;
  send_msg (client, msg);
}

void
stern_net_client_quick (SternNetClient *client, const SternVariant *variant)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_QUICK);

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  g_return_if_fail (variant != NULL);
  msg->setup.variant = variant;
  msg->name = g_strdup (client->name);
  send_msg (client, msg);
}

void
stern_net_client_rematch (SternNetClient *client)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_REMATCH);

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  send_msg (client, msg);
}

void
stern_net_client_chat (SternNetClient *client, const char *text)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_CHAT);

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  g_return_if_fail (text != NULL);
  msg->text = g_strdup (text);
  send_msg (client, msg);
}

void
stern_net_client_resign (SternNetClient *client)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_RESIGN);

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  send_msg (client, msg);
}

void
stern_net_client_leave (SternNetClient *client)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_LEAVE);

  g_return_if_fail (STERN_IS_NET_CLIENT (client));
  send_msg (client, msg);
  client->seat = STERN_NO_SEAT;
  client->code[0] = '\0';
  client->token[0] = '\0';
  g_clear_pointer (&client->game, stern_game_free);
  g_clear_pointer (&client->room, stern_net_message_free);
}

/* ---- state ---- */

const SternGame *
stern_net_client_get_game (SternNetClient *client)
{
  g_return_val_if_fail (STERN_IS_NET_CLIENT (client), NULL);
  return client->game;
}

const SternNetMessage *
stern_net_client_get_room (SternNetClient *client)
{
  g_return_val_if_fail (STERN_IS_NET_CLIENT (client), NULL);
  return client->room;
}

guint
stern_net_client_get_seat (SternNetClient *client)
{
  g_return_val_if_fail (STERN_IS_NET_CLIENT (client), STERN_NO_SEAT);
  return client->seat;
}

const char *
stern_net_client_get_code (SternNetClient *client)
{
  g_return_val_if_fail (STERN_IS_NET_CLIENT (client), NULL);
  return client->code[0] ? client->code : NULL;
}

const char *
stern_net_client_get_uri (SternNetClient *client)
{
  g_return_val_if_fail (STERN_IS_NET_CLIENT (client), NULL);
  return client->uri;
}

const char *
stern_net_client_get_token (SternNetClient *client)
{
  g_return_val_if_fail (STERN_IS_NET_CLIENT (client), NULL);
  return client->token[0] ? client->token : NULL;
}
