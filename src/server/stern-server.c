/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stern-server.c: connections and rooms of sternhalma-server.
 *
 * Everything a client sends is untrusted: frames are size-limited twice
 * (by libsoup, which closes the connection on a frame it will not even
 * read, and by the protocol's parser, which answers with an error), every
 * message is checked member by member, a connection acts only in its own
 * room and only for its own seat, and a token bucket per connection slows
 * floods down before they cost the other rooms anything.
 */
#define G_LOG_DOMAIN "stern-server"

#include "stern-server.h"

#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>

#include "stern-room.h"
#include "stern-store.h"

/* Frames up to this size are read and answered with "too-large"; larger
 * ones make libsoup close the connection (close code 1009). */
#define MAX_FRAME            (64 * 1024)
/* A connection that keeps sending after this many refused messages is
 * closed. */
#define MAX_STRIKES          200
#define DEFAULT_RATE         20.0
#define DEFAULT_BURST        40.0
#define DEFAULT_MAX_ROOMS    10000
#define DEFAULT_MAX_CONNS    5000
#define KEEPALIVE_SECONDS    30
#define DEFAULT_SWEEP_MS     (60 * 1000)
/* How long a finished game stays watchable by its code. */
#define DEFAULT_RETENTION_S  (7 * 24 * 3600)
/* Chat: a line every two seconds, five in a burst: enough to talk during
 * a game, too little to flood a room. */
#define CHAT_RATE            0.5
#define CHAT_BURST           5.0

typedef struct {
  SternServer *server;
  SoupWebsocketConnection *ws;
  guint     id;
  char     *peer;
  gboolean  hello;
  char     *name;
  SternRoom *room;       /* NULL, or the room it plays in or watches */
  guint     seat;        /* STERN_NO_SEAT for a spectator */
  double    tokens;      /* the rate limit's bucket */
  gint64    refilled_us;
  double    chat_tokens; /* chat's own, slower bucket */
  gint64    chat_refilled_us;
  guint     strikes;
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
  guint       max_rooms;
  guint       max_conns;
  gboolean    durable;
  guint       sweep_ms;
  guint       sweep_id;
};

G_DEFINE_FINAL_TYPE (SternServer, stern_server, G_TYPE_OBJECT)

#define conn_log(conn, level, ...) \
  g_log_structured (G_LOG_DOMAIN, level, "STERN_CONN", (conn)->peer, "MESSAGE", __VA_ARGS__)

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
  self->rooms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->conns = g_ptr_array_new_with_free_func (conn_free);
  self->room_conns = g_hash_table_new_full (NULL, NULL, NULL,
                                            (GDestroyNotify) g_ptr_array_unref);
  self->grace_ms = 60 * 1000;
  self->replacement_level = STERN_LEVEL_MEDIUM;
  self->rate = DEFAULT_RATE;
  self->burst = DEFAULT_BURST;
  self->max_rooms = DEFAULT_MAX_ROOMS;
  self->max_conns = DEFAULT_MAX_CONNS;
  self->sweep_ms = DEFAULT_SWEEP_MS;
  self->retention_s = DEFAULT_RETENTION_S;
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
stern_server_set_rate (SternServer *server, double per_second, double burst)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  g_return_if_fail (per_second > 0 && burst >= 1);
  server->rate = per_second;
  server->burst = burst;
}

void
stern_server_set_max_rooms (SternServer *server, guint max_rooms)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  server->max_rooms = max_rooms;
}

void
stern_server_set_max_connections (SternServer *server, guint max_connections)
{
  g_return_if_fail (STERN_IS_SERVER (server));
  server->max_conns = max_connections;
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

guint
stern_server_get_online (SternServer *server)
{
  g_return_val_if_fail (STERN_IS_SERVER (server), 0);
  return server->online;
}

/* ---- sending ---- */

static void
conn_send_text (Conn *conn, const char *text)
{
  if (conn->ws && soup_websocket_connection_get_state (conn->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (conn->ws, text);
}

static void
conn_send (Conn *conn, const SternNetMessage *msg)
{
  g_autofree char *text = stern_net_message_to_json (msg);

  conn_send_text (conn, text);
}

static void
conn_send_error (Conn *conn, const GError *error, const char *field)
{
  g_autoptr(SternNetMessage) msg = stern_net_message_new_error (error, field);

  conn_log (conn, G_LOG_LEVEL_INFO, "refused: %s", error->message);
  conn_send (conn, msg);
}

static void
conn_fail (Conn *conn, SternNetErrorCode code, const char *field, const char *text)
{
  g_autoptr(GError) error = g_error_new_literal (STERN_NET_ERROR, code, text);

  conn_send_error (conn, error, field);
}

/* The connections in the room (NULL: none).  Each of them holds a
 * reference to the room, so the key stays valid while it is listed. */
static GPtrArray *
room_conns (SternServer *self, SternRoom *room)
{
  return g_hash_table_lookup (self->room_conns, room);
}

static void
room_broadcast_cb (SternRoom *room, const char *text, gpointer user_data)
{
  SternServer *self = user_data;
  GPtrArray *conns = room_conns (self, room);

  for (guint i = 0; conns != NULL && i < conns->len; i++)
    conn_send_text (g_ptr_array_index (conns, i), text);
}

/* ---- rooms ---- */

/* The store, opened at the first need; NULL (logged) when the data
 * folder cannot hold it.  Without a data folder rooms are not kept. */
static SternStore *
open_store (SternServer *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  if (self->store != NULL || self->data_dir == NULL)
    return self->store;
  if (g_mkdir_with_parents (self->data_dir, 0700) != 0)
    {
      g_warning ("cannot create %s: %s", self->data_dir, g_strerror (errno));
      return NULL;
    }
  path = g_build_filename (self->data_dir, "rooms.sqlite", NULL);
  self->store = stern_store_open (path, self->durable, &error);
  if (self->store == NULL)
    g_warning ("cannot open the room store: %s", error->message);
  return self->store;
}

static void
add_room (SternServer *self, SternRoom *room)
{
  stern_room_set_grace (room, self->grace_ms);
  stern_room_set_replacement_level (room, self->replacement_level);
  g_signal_connect_object (room, "broadcast", G_CALLBACK (room_broadcast_cb), self, 0);
  g_hash_table_insert (self->rooms, g_strdup (stern_room_get_code (room)), room);
  stern_room_start (room);
}

/* A file of the rooms folder goes to rooms-imported/ once read (or found
 * unreadable): imported once, never deleted. */
static void
move_aside (SternServer *self, const char *name)
{
  g_autofree char *from = g_build_filename (self->rooms_dir, name, NULL);
  g_autofree char *aside_dir = g_build_filename (self->data_dir, "rooms-imported", NULL);
  g_autofree char *to = g_build_filename (aside_dir, name, NULL);

  if (!g_file_test (from, G_FILE_TEST_EXISTS))
    return;
  if (g_mkdir_with_parents (aside_dir, 0700) != 0 || g_rename (from, to) != 0)
    g_warning ("cannot move %s to %s: %s", from, aside_dir, g_strerror (errno));
}

/* The room files of servers before the store: each goes into the store
 * (one transaction a room), then aside. */
static guint
import_room_files (SternServer *self)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;
  guint n = 0;

  if (!g_file_test (self->rooms_dir, G_FILE_TEST_IS_DIR))
    return 0;
  /* The names first: files are moved out of the folder as it is read. */
  dir = g_dir_open (self->rooms_dir, 0, NULL);
  while (dir != NULL && (entry = g_dir_read_name (dir)))
    g_ptr_array_add (names, g_strdup (entry));
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *path = NULL;
      g_autofree char *code = NULL;
      g_autofree char *alt = NULL;
      g_autoptr(SternRoom) room = NULL;
      g_autoptr(GError) error = NULL;

      /* Only CODE.json (with its CODE.json.alt); anything else a person
       * put there is left alone. */
      if (!g_str_has_suffix (name, ".json"))
        continue;
      code = g_strndup (name, strlen (name) - 5);
      if (!stern_net_code_is_valid (code))
        continue;
      path = g_build_filename (self->rooms_dir, name, NULL);
      alt = g_strconcat (name, ".alt", NULL);
      room = stern_room_load_file (path, &error);
      if (room == NULL)
        g_warning ("room file %s not imported: %s (moved to rooms-imported/)", path,
                   error->message);
      else if (strcmp (stern_room_get_code (room), code) != 0)
        g_warning ("room file %s not imported: it holds room %s (moved to rooms-imported/)",
                   path, stern_room_get_code (room));
      else if (stern_store_has_room (self->store, code))
        g_warning ("room file %s not imported: the store has room %s already "
                   "(moved to rooms-imported/)", path, code);
      else
        {
          stern_room_set_store (room, self->store);
          if (!stern_room_save (room, &error))
            {
              /* Left where it is, to be imported at the next start. */
              g_warning ("room file %s not imported: %s", path, error->message);
              continue;
            }
          n++;
        }
      move_aside (self, name);
      move_aside (self, alt);
    }
  if (n > 0)
    g_message ("imported %u room file(s) from %s into %s", n, self->rooms_dir,
               stern_store_get_path (self->store));
  return n;
}

guint
stern_server_load (SternServer *server)
{
  g_autoptr(GPtrArray) codes = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 0;

  g_return_val_if_fail (STERN_IS_SERVER (server), 0);
  if (open_store (server) == NULL)
    return 0;
  import_room_files (server);
  codes = stern_store_list_playing (server->store, &error);
  if (codes == NULL)
    {
      g_warning ("cannot list the rooms: %s", error->message);
      return 0;
    }
  for (guint i = 0; i < codes->len; i++)
    {
      const char *code = g_ptr_array_index (codes, i);
      SternRoom *room;

      if (g_hash_table_contains (server->rooms, code))
        continue;
      g_clear_error (&error);
      room = stern_room_load (server->store, code, &error);
      if (room == NULL)
        {
          g_warning ("room %s not resumed: %s", code, error->message);
          continue;
        }
      add_room (server, room);
      n++;
    }
  g_message ("resumed %u room(s) in play from %s", n, stern_store_get_path (server->store));
  return n;
}

/* ---- connections ---- */

static gboolean
room_has_conns (SternServer *self, SternRoom *room)
{
  GPtrArray *conns = room_conns (self, room);

  return conns != NULL && conns->len > 0;
}

/* A finished game nobody is in any more leaves memory; its file stays,
 * and the room comes back from it when someone asks for its code. */
static void
maybe_unload (SternServer *self, SternRoom *room)
{
  if (!stern_room_is_over (room) || self->store == NULL || room_has_conns (self, room))
    return;
  g_info ("room %s unloaded (game over, nobody in it)", stern_room_get_code (room));
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
      g_autoptr(GError) error = NULL;
      int n = stern_store_expire (self->store, self->retention_s, &error);

      if (n < 0)
        g_warning ("cannot delete old finished games: %s", error->message);
      else if (n > 0)
        g_message ("%d finished game(s) deleted after the retention period", n);
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
          g_autoptr(GError) error = NULL;

          if (self->store && !stern_store_delete_room (self->store, stern_room_get_code (room),
                                                       &error))
            {
              g_warning ("room %s not removed: %s", stern_room_get_code (room), error->message);
              continue;
            }
          g_message ("room %s removed: nobody in it and no game started",
                     stern_room_get_code (room));
          g_hash_table_iter_remove (&iter);
        }
    }
  return G_SOURCE_CONTINUE;
}

static void
count_spectators (SternServer *self, SternRoom *room)
{
  GPtrArray *conns = room_conns (self, room);
  guint n = 0;

  for (guint i = 0; conns != NULL && i < conns->len; i++)
    if (((Conn *) g_ptr_array_index (conns, i))->seat == STERN_NO_SEAT)
      n++;
  stern_room_set_spectators (room, n);
}

static void
conn_leave_room (Conn *conn)
{
  g_autoptr(SternRoom) room = g_steal_pointer (&conn->room);
  SternServer *self = conn->server;
  guint seat = conn->seat;
  gboolean held_elsewhere = FALSE;
  GPtrArray *conns;

  conn->seat = STERN_NO_SEAT;
  if (room == NULL)
    return;
  conns = room_conns (self, room);
  if (conns != NULL)
    {
      g_ptr_array_remove_fast (conns, conn);
      if (conns->len == 0)
        g_hash_table_remove (self->room_conns, room);
      conns = room_conns (self, room);
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
  maybe_unload (self, room);
}

static void
conn_enter_room (Conn *conn, SternRoom *room, guint seat)
{
  SternServer *self = conn->server;
  GPtrArray *conns;

  conn_leave_room (conn);
  conns = room_conns (self, room);
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
  conn->room = g_object_ref (room);
  conn->seat = seat;
  g_ptr_array_add (conns, conn);
  count_spectators (conn->server, room);
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
      GPtrArray *conns = room_conns (conn->server, conn->room);

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
send_welcome (Conn *conn)
{
  g_autoptr(SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_WELCOME);

  msg->server = g_strdup ("sternhalma-server " PACKAGE_VERSION);
  msg->online = conn->server->online;
  conn_send (conn, msg);
}

static void
send_lobby (Conn *conn)
{
  g_autoptr(SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_LOBBY);
  g_autoptr(GList) rooms = g_hash_table_get_values (conn->server->rooms);

  msg->online = conn->server->online;
  msg->rooms = g_array_new (FALSE, TRUE, sizeof (SternNetLobbyRoom));
  for (GList *l = rooms; l != NULL; l = l->next)
    {
      SternNetLobbyRoom entry;
      if (!stern_room_get_lobby_entry (l->data, &entry))
        continue;
      /* Everyone waiting for an opponent counts, listed or not. */
      if (!stern_room_is_started (l->data))
        msg->looking += entry.players;
      if (msg->rooms->len < STERN_NET_MAX_ROOMS_LISTED)
        g_array_append_val (msg->rooms, entry);
    }
  conn_send (conn, msg);
}

static void
send_joined (Conn *conn, SternRoom *room, guint seat, const char *token)
{
  g_autoptr(SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_JOINED);

  g_strlcpy (msg->code, stern_room_get_code (room), sizeof msg->code);
  g_strlcpy (msg->token, token, sizeof msg->token);
  msg->seat = (guint8) seat;
  conn_send (conn, msg);
}

static void
send_room (Conn *conn, SternRoom *room)
{
  g_autoptr(SternNetMessage) msg = stern_room_describe (room);

  conn_send (conn, msg);
}

/* A code no room has, in memory or in the store (a finished game keeps
 * its code for the retention period).  31^6 codes: a clash is rare, and a
 * few tries make it vanishingly so. */
static gboolean
new_code (SternServer *self, char code[STERN_NET_CODE_LEN + 1])
{
  for (unsigned tries = 0; tries < 100; tries++)
    {
      stern_net_random_code (code);
      if (!g_hash_table_contains (self->rooms, code) &&
          (self->store == NULL || !stern_store_has_room (self->store, code)))
        return TRUE;
    }
  return FALSE;
}

static SternRoom *
find_room (Conn *conn, const char *code, const char *field)
{
  SternServer *self = conn->server;
  SternRoom *room = g_hash_table_lookup (self->rooms, code);

  /* A finished room that was unloaded comes back from the store. */
  if (room == NULL && self->store && stern_store_has_room (self->store, code))
    {
      g_autoptr(GError) error = NULL;

      room = stern_room_load (self->store, code, &error);
      if (room == NULL)
        g_warning ("room %s cannot be read: %s", code, error->message);
      else
        add_room (self, room);
    }
  if (room == NULL)
    conn_fail (conn, STERN_NET_ERROR_NO_ROOM, field, "no room has that code");
  return room;
}

static void
handle_create (Conn *conn, SternNetMessage *msg)
{
  SternServer *self = conn->server;
  const SternNetSetup *setup = &msg->setup;
  g_autoptr(SternRoom) room = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  char code[STERN_NET_CODE_LEN + 1];
  guint seat;
  char token[STERN_NET_TOKEN_LEN + 1];

  if (g_hash_table_size (self->rooms) >= self->max_rooms)
    {
      conn_fail (conn, STERN_NET_ERROR_FULL, NULL, "the server has no room for more rooms");
      return;
    }
  {
    gboolean for_people = FALSE;

    for (unsigned i = 0; i < setup->variant->n_players; i++)
      if (setup->seats[setup->variant->seats[i]].kind != STERN_NET_SEAT_COMPUTER)
        for_people = TRUE;
    /* The computer playing itself would spend the server's time for nobody. */
    if (!for_people)
      {
        conn_fail (conn, STERN_NET_ERROR_BAD_FIELD, "create.seats",
                   "create.seats: a room needs a seat for a person");
        return;
      }
  }
  if (msg->seat != STERN_NO_SEAT &&
      (!stern_variant_has_seat (setup->variant, msg->seat) ||
       setup->seats[msg->seat].kind == STERN_NET_SEAT_COMPUTER))
    {
      conn_fail (conn, STERN_NET_ERROR_BAD_FIELD, "create.take",
                 "create.take: not an open or invited seat of this room");
      return;
    }
  if (!new_code (self, code))
    {
      conn_fail (conn, STERN_NET_ERROR_FULL, NULL, "no free room code");
      return;
    }
  room = stern_room_new (code, setup, NULL);
  /* The seat is taken before the room is stored, so that the room and
   * its creator's seat are one write: a create that cannot be stored
   * leaves nothing behind. */
  if (msg->seat != STERN_NO_SEAT &&
      !stern_room_join (room, msg->seat, msg->name ? msg->name : conn->name,
                        stern_room_get_invite (room, msg->seat), &seat, token, &error))
    {
      conn_send_error (conn, error, NULL);
      return;
    }
  if (self->data_dir != NULL)
    {
      if (open_store (self) == NULL)
        {
          conn_fail (conn, STERN_NET_ERROR_INTERNAL, NULL, "the server cannot store the room");
          return;
        }
      stern_room_set_store (room, self->store);
      if (!stern_room_save (room, &error))
        {
          conn_log (conn, G_LOG_LEVEL_WARNING, "room %s not created: %s", code, error->message);
          conn_fail (conn, STERN_NET_ERROR_INTERNAL, NULL, "the server cannot store the room");
          return;
        }
    }
  conn_log (conn, G_LOG_LEVEL_MESSAGE, "created room %s (%s, %s)", code, setup->variant->id,
            stern_preset_name (setup->preset));
  add_room (self, g_object_ref (room));
  conn_enter_room (conn, room, msg->seat != STERN_NO_SEAT ? seat : STERN_NO_SEAT);
  /* In the order of servers before: the room, then the seat. */
  send_room (conn, room);
  if (msg->seat != STERN_NO_SEAT)
    send_joined (conn, room, seat, token);
  /* The creator alone learns the invited seats' keys, for their links. */
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (stern_room_get_invite (room, s) != NULL && s != msg->seat)
      {
        g_autoptr(SternNetMessage) invited = stern_net_message_new (STERN_NET_MSG_INVITED);

        g_strlcpy (invited->code, code, sizeof invited->code);
        invited->seat = (guint8) s;
        g_strlcpy (invited->key, stern_room_get_invite (room, s), sizeof invited->key);
        conn_send (conn, invited);
      }
}

static void handle_join (Conn *conn, SternNetMessage *msg);

/* Quick play: a free open seat in a room of the variant whose game has
 * not started (the one waiting longest is not known: any will do), or a
 * new room of that variant with every seat open, the first one taken. */
static void
handle_quick (Conn *conn, SternNetMessage *msg)
{
  SternServer *self = conn->server;
  GHashTableIter iter;
  gpointer value;
  const SternVariant *variant = msg->setup.variant;

  if (variant->n_players < 2)
    {
      conn_fail (conn, STERN_NET_ERROR_BAD_FIELD, "quick.variant",
                 "quick.variant: a game for one is not played online");
      return;
    }
  g_hash_table_iter_init (&iter, self->rooms);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      SternRoom *room = value;
      SternNetLobbyRoom entry;

      if (room == conn->room || stern_room_is_started (room) ||
          !stern_room_get_lobby_entry (room, &entry) || entry.variant != variant ||
          entry.players == 0)
        continue;
      g_strlcpy (msg->code, entry.code, sizeof msg->code);
      msg->seat = STERN_NO_SEAT;
      conn_log (conn, G_LOG_LEVEL_INFO, "quick play: joins %s", entry.code);
      handle_join (conn, msg);
      return;
    }

  msg->setup.preset = STERN_PRESET_TABLE;
  msg->setup.reserve_ms = msg->setup.increment_ms = 0;
  for (guint i = 0; i < variant->n_players; i++)
    {
      msg->setup.seats[variant->seats[i]].kind = STERN_NET_SEAT_OPEN;
      msg->setup.seats[variant->seats[i]].name[0] = '\0';
    }
  msg->seat = variant->seats[0];
  conn_log (conn, G_LOG_LEVEL_INFO, "quick play: opens a room of %s", variant->id);
  handle_create (conn, msg);
}

/* Every player asked: a new room of the same game, each player one seat
 * further in turn order (the first mover changes), spectators along. */
static gboolean
start_rematch (SternServer *self, SternRoom *old)
{
  g_autoptr(SternNetMessage) was = stern_room_describe (old);
  const SternVariant *v = was->setup.variant;
  SternNetSetup setup = was->setup;
  g_autoptr(GPtrArray) moving = g_ptr_array_new ();
  char code[STERN_NET_CODE_LEN + 1];
  g_autoptr(SternRoom) room = NULL;
  g_autoptr(GError) error = NULL;

  for (unsigned i = 0; i < v->n_players; i++)
    setup.seats[v->seats[(i + 1) % v->n_players]] = was->setup.seats[v->seats[i]];
  if (!new_code (self, code))
    return FALSE;
  room = stern_room_new (code, &setup, self->data_dir ? open_store (self) : NULL);
  if (self->data_dir && (self->store == NULL || !stern_room_save (room, &error)))
    {
      g_warning ("rematch of room %s not stored: %s", stern_room_get_code (old),
                 error ? error->message : "no store");
      return FALSE;
    }
  add_room (self, g_object_ref (room));
  {
    GPtrArray *in_old = room_conns (self, old);

    for (guint i = 0; in_old != NULL && i < in_old->len; i++)
      g_ptr_array_add (moving, g_ptr_array_index (in_old, i));
  }
  /* Players first, so that the game starts with everyone seated. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < moving->len; i++)
      {
        Conn *conn = g_ptr_array_index (moving, i);
        char token[STERN_NET_TOKEN_LEN + 1];
        guint seat = STERN_NO_SEAT;

        if ((pass == 0) == (conn->seat == STERN_NO_SEAT))
          continue;
        if (pass == 0)
          {
            unsigned next = 0;

            for (unsigned k = 0; k < v->n_players; k++)
              if (v->seats[k] == conn->seat)
                next = v->seats[(k + 1) % v->n_players];
            g_clear_error (&error);
            if (!stern_room_join (room, next, was->seats[conn->seat].name[0] ? was->seats[conn->seat].name
                                                                          : conn->name,
                                  stern_room_get_invite (room, next), &seat, token, &error))
              {
                conn_send_error (conn, error, NULL);
                continue;
              }
            conn_enter_room (conn, room, seat);
            send_joined (conn, room, seat, token);
          }
        else
          conn_enter_room (conn, room, STERN_NO_SEAT);
        send_room (conn, room);
      }
  g_message ("rematch of room %s in room %s", stern_room_get_code (old), code);
  return TRUE;
}

static void
handle_rematch (Conn *conn)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SternRoom) room = conn->room != NULL ? g_object_ref (conn->room) : NULL;

  if (room == NULL || conn->seat == STERN_NO_SEAT)
    {
      conn_fail (conn, STERN_NET_ERROR_NOT_A_PLAYER, "rematch",
                 room ? "spectators do not ask for a rematch" : "not in a room");
      return;
    }
  if (stern_room_ask_rematch (room, conn->seat, &error))
    {
      if (!start_rematch (conn->server, room))
        conn_fail (conn, STERN_NET_ERROR_INTERNAL, "rematch", "the server cannot store the new room");
    }
  else if (error != NULL)
    conn_send_error (conn, error, "rematch");
}

static gboolean
conn_take_chat_token (Conn *conn)
{
  gint64 now = g_get_monotonic_time ();

  if (conn->chat_refilled_us == 0)
    conn->chat_tokens = CHAT_BURST;
  else
    conn->chat_tokens = MIN (CHAT_BURST, conn->chat_tokens +
                                         (double) (now - conn->chat_refilled_us) / 1e6 * CHAT_RATE);
  conn->chat_refilled_us = now;
  if (conn->chat_tokens < 1.0)
    return FALSE;
  conn->chat_tokens -= 1.0;
  return TRUE;
}

/* A line of chat goes to everyone in the room, with who said it.  The
 * text was checked as every string is (UTF-8, no control characters,
 * at most STERN_NET_MAX_TEXT bytes). */
static void
handle_chat (Conn *conn, SternNetMessage *msg)
{
  g_autoptr(SternNetMessage) said = NULL;
  g_autofree char *text = NULL;

  if (conn->room == NULL)
    {
      conn_fail (conn, STERN_NET_ERROR_STATE, "chat", "not in a room");
      return;
    }
  if (!conn_take_chat_token (conn))
    {
      conn_fail (conn, STERN_NET_ERROR_RATE_LIMITED, "chat", "too many chat lines; wait a moment");
      return;
    }
  said = stern_net_message_new (STERN_NET_MSG_SAID);
  g_strlcpy (said->code, stern_room_get_code (conn->room), sizeof said->code);
  said->seat = (guint8) conn->seat;
  said->name = g_strdup (conn->name);
  said->text = g_strstrip (g_strdup (msg->text));
  text = stern_net_message_to_json (said);
  room_broadcast_cb (conn->room, text, conn->server);
}

static void
handle_join (Conn *conn, SternNetMessage *msg)
{
  g_autoptr(GError) error = NULL;
  SternRoom *room = find_room (conn, msg->code, "join.code");
  char token[STERN_NET_TOKEN_LEN + 1];
  guint seat;

  if (room == NULL)
    return;
  /* The seat is given out before the joiner enters the room, so the
   * room message that announces it reaches the joiner too. */
  if (!stern_room_join (room, msg->seat, msg->name ? msg->name : conn->name,
                        msg->key[0] ? msg->key : NULL, &seat, token, &error))
    {
      conn_send_error (conn, error, "join.seat");
      return;
    }
  conn_enter_room (conn, room, seat);
  send_joined (conn, room, seat, token);
  send_room (conn, room);
}

static void
handle_resume (Conn *conn, SternNetMessage *msg)
{
  g_autoptr(GError) error = NULL;
  SternRoom *room = find_room (conn, msg->code, "resume.code");
  guint seat;

  if (room == NULL)
    return;
  if (!stern_room_resume (room, msg->token, &seat, &error))
    {
      conn_send_error (conn, error, "resume.token");
      return;
    }
  conn_enter_room (conn, room, seat);
  send_joined (conn, room, seat, msg->token);
  stern_room_set_connected (room, seat, TRUE);   /* sends the room to everyone */
}

static void
handle_message (Conn *conn, const char *data, gsize len)
{
  g_autoptr(SternNetMessage) msg = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *field = NULL;

  msg = stern_net_message_parse (data, len, STERN_NET_TO_SERVER, &field, &error);
  if (msg == NULL)
    {
      conn_send_error (conn, error, field);
      return;
    }

  if (!conn->hello && msg->type != STERN_NET_MSG_HELLO)
    {
      conn_fail (conn, STERN_NET_ERROR_STATE, "message.type", "say hello first");
      return;
    }

  switch (msg->type)
    {
    case STERN_NET_MSG_HELLO:
      if (msg->protocol != STERN_NET_PROTOCOL_VERSION)
        {
          g_autofree char *text = g_strdup_printf ("hello.protocol: this server speaks %d",
                                                   STERN_NET_PROTOCOL_VERSION);
          conn_fail (conn, STERN_NET_ERROR_VERSION, "hello.protocol", text);
          break;
        }
      if (!conn->hello)
        conn->server->online++;
      conn->hello = TRUE;
      g_free (conn->name);
      conn->name = g_strdup (msg->name);
      send_welcome (conn);
      break;
    case STERN_NET_MSG_LIST:
      send_lobby (conn);
      break;
    case STERN_NET_MSG_CREATE:
      handle_create (conn, msg);
      break;
    case STERN_NET_MSG_JOIN:
      handle_join (conn, msg);
      break;
    case STERN_NET_MSG_WATCH:
      {
        SternRoom *room = find_room (conn, msg->code, "watch.code");
        if (room)
          {
            conn_enter_room (conn, room, STERN_NO_SEAT);
            send_room (conn, room);
          }
        break;
      }
    case STERN_NET_MSG_RESUME:
      handle_resume (conn, msg);
      break;
    case STERN_NET_MSG_QUICK:
      handle_quick (conn, msg);
      break;
    case STERN_NET_MSG_CHAT:
      handle_chat (conn, msg);
      break;
    case STERN_NET_MSG_REMATCH:
      handle_rematch (conn);
      break;
    case STERN_NET_MSG_MOVE:
    case STERN_NET_MSG_RESIGN:
      if (conn->room == NULL || conn->seat == STERN_NO_SEAT)
        {
          conn_fail (conn, STERN_NET_ERROR_NOT_A_PLAYER, NULL,
                     conn->room ? "spectators do not play" : "not in a room");
          break;
        }
      /* The path's cells are named as the room's board names them. */
      if (msg->type == STERN_NET_MSG_MOVE
            ? !stern_net_message_resolve_path (msg, stern_game_get_variant (stern_room_get_game (conn->room)),
                                              &error) ||
              !stern_room_play (conn->room, conn->seat, msg->ply, msg->path, msg->path_len,
                                &error)
            : !stern_room_resign (conn->room, conn->seat, &error))
        conn_send_error (conn, error, msg->type == STERN_NET_MSG_MOVE ? "move" : NULL);
      break;
    case STERN_NET_MSG_LEAVE:
      conn_leave_room (conn);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
on_ws_message (SoupWebsocketConnection *ws, gint type, GBytes *message, gpointer user_data)
{
  Conn *conn = user_data;
  gsize len;
  const char *data = g_bytes_get_data (message, &len);

  if (!conn_take_token (conn))
    {
      /* Answer the first refused message of a burst only, so a flood does
       * not turn into a flood of answers. */
      if (conn->strikes++ % 50 == 0)
        conn_fail (conn, STERN_NET_ERROR_RATE_LIMITED, NULL, "too many messages; slow down");
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
      conn_fail (conn, STERN_NET_ERROR_BAD_JSON, NULL, "binary frames are not messages");
      return;
    }
  handle_message (conn, data, len);
}

static void
on_ws_closed (SoupWebsocketConnection *ws, gpointer user_data)
{
  Conn *conn = user_data;
  SternServer *self = conn->server;

  conn_log (conn, G_LOG_LEVEL_INFO, "connection closed");
  if (conn->hello)
    self->online--;
  conn_leave_room (conn);
  g_ptr_array_remove_fast (self->conns, conn);
}

static void
websocket_cb (SoupServer *soup, SoupServerMessage *message, const char *path,
              SoupWebsocketConnection *ws, gpointer user_data)
{
  SternServer *self = user_data;
  Conn *conn = g_new0 (Conn, 1);
  GSocketAddress *addr = soup_server_message_get_remote_address (message);

  if (self->conns->len >= self->max_conns)
    {
      g_autoptr(GError) error = g_error_new_literal (STERN_NET_ERROR, STERN_NET_ERROR_FULL,
                                                     "the server has no room for more connections");
      g_autoptr(SternNetMessage) msg = stern_net_message_new_error (error, NULL);
      g_autofree char *text = stern_net_message_to_json (msg);

      g_message ("refused a connection: %u connections already", self->conns->len);
      soup_websocket_connection_send_text (ws, text);
      soup_websocket_connection_close (ws, 1013 /* try again later */, "full");
      g_free (conn);
      return;
    }
  conn->server = self;
  conn->ws = g_object_ref (ws);
  conn->id = ++self->next_id;
  conn->seat = STERN_NO_SEAT;
  conn->tokens = self->burst;
  conn->refilled_us = g_get_monotonic_time ();
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

  /* Messages are small and each waits for an answer: send them at once
   * rather than let Nagle's algorithm hold them for the next one. */
  if (soup_server_message_get_socket (message))
    g_socket_set_option (soup_server_message_get_socket (message), IPPROTO_TCP, TCP_NODELAY, 1,
                         NULL);
  soup_websocket_connection_set_max_incoming_payload_size (ws, MAX_FRAME);
  soup_websocket_connection_set_keepalive_interval (ws, KEEPALIVE_SECONDS);
  g_signal_connect (ws, "message", G_CALLBACK (on_ws_message), conn);
  g_signal_connect (ws, "closed", G_CALLBACK (on_ws_closed), conn);
  g_ptr_array_add (self->conns, conn);
  conn_log (conn, G_LOG_LEVEL_INFO, "connected");
}

/* Clients come back all at once after a restart: a long queue of
 * connections not yet accepted keeps them from being turned away (the
 * default is 10). */
#define LISTEN_BACKLOG 1024

static gboolean
listen_on (SternServer *self, GInetAddress *inet, guint port, SoupServerListenOptions options,
           GError **error)
{
  g_autoptr(GSocket) sock = NULL;
  g_autoptr(GSocketAddress) sa = g_inet_socket_address_new (inet, (guint16) port);

  sock = g_socket_new (g_inet_address_get_family (inet), G_SOCKET_TYPE_STREAM,
                       G_SOCKET_PROTOCOL_TCP, error);
  if (sock == NULL)
    return FALSE;
  g_socket_set_listen_backlog (sock, LISTEN_BACKLOG);
  return g_socket_bind (sock, sa, TRUE, error) && g_socket_listen (sock, error) &&
         soup_server_listen_socket (self->soup, sock, options, error);
}

gboolean
stern_server_listen (SternServer *server, const char *address, guint port,
                     GTlsCertificate *certificate, GError **error)
{
  SoupServerListenOptions options = certificate ? SOUP_SERVER_LISTEN_HTTPS : 0;
  gboolean ok;

  g_return_val_if_fail (STERN_IS_SERVER (server), FALSE);
  g_return_val_if_fail (server->soup == NULL, FALSE);

  server->soup = soup_server_new ("server-header", "sternhalma-server", NULL);
  if (certificate)
    soup_server_set_tls_certificate (server->soup, certificate);
  soup_server_add_websocket_handler (server->soup, NULL, NULL, NULL, websocket_cb, server, NULL);

  if (address)
    {
      g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (address);

      if (inet == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "“%s” is not an IP address", address);
          g_clear_object (&server->soup);
          return FALSE;
        }
      ok = listen_on (server, inet, port, options, error);
    }
  else
    {
      /* Every interface: one IPv6 socket that takes IPv4 too, or IPv4
       * alone where there is no IPv6. */
      g_autoptr(GInetAddress) any6 = g_inet_address_new_any (G_SOCKET_FAMILY_IPV6);
      g_autoptr(GInetAddress) any4 = g_inet_address_new_any (G_SOCKET_FAMILY_IPV4);
      g_autoptr(GError) error6 = NULL;

      ok = listen_on (server, any6, port, options, &error6);
      if (!ok)
        ok = listen_on (server, any4, port, options, error);
    }
  if (!ok)
    {
      g_clear_object (&server->soup);
      return FALSE;
    }
  server->sweep_id = g_timeout_add (server->sweep_ms, sweep_cb, server);
  g_message ("listening on port %u%s", stern_server_get_port (server),
             certificate ? " (TLS)" : "");
  return TRUE;
}

guint
stern_server_get_port (SternServer *server)
{
  g_autoptr(GSList) uris = NULL;
  guint port = 0;

  g_return_val_if_fail (STERN_IS_SERVER (server), 0);
  if (server->soup == NULL)
    return 0;
  uris = soup_server_get_uris (server->soup);
  if (uris)
    port = (guint) g_uri_get_port (uris->data);
  g_slist_free_full (g_steal_pointer (&uris), (GDestroyNotify) g_uri_unref);
  return port;
}

void
stern_server_disconnect (SternServer *server)
{
  g_return_if_fail (STERN_IS_SERVER (server));

  g_clear_handle_id (&server->sweep_id, g_source_remove);
  if (server->soup)
    soup_server_disconnect (server->soup);
  g_clear_object (&server->soup);
  if (server->conns)
    g_ptr_array_set_size (server->conns, 0);
}
