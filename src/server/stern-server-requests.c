/* stern-server-requests.c: what each message a client sends asks of the
 * server: a room made, joined, resumed, watched or played again, a chat
 * line, the lobby; each checked against the connection's own room and
 * seat, and answered.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-server-private.h"

#include <string.h>

/* Chat: five lines in a burst, then --chat-rate (a line every two seconds
 * by default): enough to talk during a game, too little to flood a room. */
#define CHAT_BURST           5.0

static void
send_welcome (Conn *conn)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_WELCOME);

  msg->protocol = conn->protocol;
  msg->server = g_strdup ("sternhalma-server " PACKAGE_VERSION);
  msg->online = conn->server->online;
  stern_conn_send (conn, msg);
}

static void
send_lobby (Conn *conn)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_LOBBY);
  g_autoptr (GList) rooms = g_hash_table_get_values (conn->server->rooms);

  /* Version 2 does not know the rooms' hosts. */
  msg->protocol = conn->protocol;
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
  stern_conn_send (conn, msg);
}

static void
send_joined (Conn *conn, SternRoom *room, guint seat, const char *token)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_JOINED);

  g_strlcpy (msg->code, stern_room_get_code (room), sizeof msg->code);
  g_strlcpy (msg->token, token, sizeof msg->token);
  msg->seat = (guint8) seat;
  stern_conn_send (conn, msg);
}

static void
send_room (Conn *conn, SternRoom *room)
{
  g_autoptr (SternNetMessage) msg = stern_room_describe (room);

  stern_conn_send (conn, msg);
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

/* The room with that code, kept in memory or, for a finished room that was
 * unloaded, read back from the store and kept again (the caller unloads it
 * if nobody enters it); NULL if there is none or it cannot be read.  The
 * server's reference, borrowed. */
static SternRoom *
room_in_memory_or_store (SternServer *self, const char *code)
{
  SternRoom *room = g_hash_table_lookup (self->rooms, code);

  if (room == NULL && self->store && stern_store_has_room (self->store, code))
    {
      g_autoptr (GError) error = NULL;

      room = stern_room_load (self->store, code, &error);
      if (room == NULL)
        room_code_log (code, G_LOG_LEVEL_WARNING, "cannot be read: %s", error->message);
      else
        stern_server_add_room (self, room);
    }
  return room;
}

/* The room with that code, a reference of the caller's (the server's
 * own goes when the room is unloaded, which entering a room can do), or
 * NULL with the connection told why. */
static SternRoom *
find_room (Conn *conn, const char *code, const char *field)
{
  SternServer *self = conn->server;
  SternRoom *room;

  /* Codes are the invitations: guessing them is throttled per address,
   * and an address over its allowance learns nothing of this code, nor
   * makes the server read a finished room back from the store. */
  if (!stern_tracked_may_guess (conn->tracked))
    {
      stern_conn_fail (conn, STERN_NET_ERROR_RATE_LIMITED, field,
                       "too many unknown codes or tokens from your address; wait a minute");
      return NULL;
    }
  room = room_in_memory_or_store (self, code);
  if (room == NULL)
    {
      stern_tracked_guess_failed (conn->tracked);
      stern_conn_fail (conn, STERN_NET_ERROR_NO_ROOM, field, "no room has that code");
      return NULL;
    }
  return g_object_ref (room);
}

static void
handle_create (Conn *conn, SternNetMessage *msg)
{
  SternServer *self = conn->server;
  const SternNetSetup *setup = &msg->setup;
  g_autoptr (SternRoom) room = NULL;
  g_autoptr (GError) error = NULL;
  char code[STERN_NET_CODE_LEN + 1];
  guint seat = STERN_NO_SEAT;
  char token[STERN_NET_TOKEN_LEN + 1];

  if (g_hash_table_size (self->rooms) >= self->max_rooms)
    {
      stern_conn_fail (conn, STERN_NET_ERROR_FULL, NULL, "the server has no room for more rooms");
      return;
    }
  {
    const char *why = NULL;

    if (!stern_tracked_may_create (conn->tracked, &why))
      {
        stern_conn_fail (conn, STERN_NET_ERROR_RATE_LIMITED, NULL, why);
        return;
      }
  }
  {
    gboolean for_people = FALSE;

    for (unsigned i = 0; i < setup->variant->n_players; i++)
      if (setup->seats[setup->variant->seats[i]].kind != STERN_NET_SEAT_COMPUTER)
        for_people = TRUE;
    /* The computer playing itself would spend the server's time for nobody. */
    if (!for_people)
      {
        stern_conn_fail (conn, STERN_NET_ERROR_BAD_FIELD, "create.seats",
                   "create.seats: a room needs a seat for a person");
        return;
      }
  }
  if (msg->seat != STERN_NO_SEAT &&
      (!stern_variant_has_seat (setup->variant, msg->seat) ||
       setup->seats[msg->seat].kind == STERN_NET_SEAT_COMPUTER))
    {
      stern_conn_fail (conn, STERN_NET_ERROR_BAD_FIELD, "create.take",
                 "create.take: not an open or invited seat of this room");
      return;
    }
  if (!new_code (self, code))
    {
      stern_conn_fail (conn, STERN_NET_ERROR_FULL, NULL, "no free room code");
      return;
    }
  room = stern_room_new (code, setup, NULL);
  stern_room_set_host (room, msg->seat, msg->name ? msg->name : conn->name);
  /* The seat is taken before the room is stored, so that the room and
   * its creator's seat are one write: a create that cannot be stored
   * leaves nothing behind. */
  if (msg->seat != STERN_NO_SEAT &&
      !stern_room_join (room, msg->seat, msg->name ? msg->name : conn->name,
                        stern_room_get_invite (room, msg->seat), &seat, token, &error))
    {
      stern_conn_send_error (conn, error, NULL);
      return;
    }
  if (self->data_dir != NULL)
    {
      if (stern_server_open_store (self) == NULL)
        {
          stern_conn_fail (conn, STERN_NET_ERROR_INTERNAL, NULL, "the server cannot store the room");
          return;
        }
      stern_room_set_store (room, self->store);
      if (!stern_room_save (room, &error))
        {
          conn_room_log (conn, code, G_LOG_LEVEL_WARNING, "not created: %s", error->message);
          stern_conn_fail (conn, STERN_NET_ERROR_INTERNAL, NULL, "the server cannot store the room");
          return;
        }
    }
  conn_room_log (conn, code, G_LOG_LEVEL_MESSAGE, "created (%s, %s)", setup->variant->id,
                 stern_preset_name (setup->preset));
  stern_tracked_created (conn->tracked, code);
  stern_server_add_room (self, g_object_ref (room));
  /* In the order of servers before: the room, then the seat.  A maker
   * who takes no seat watches, and hears of the room as a spectator. */
  if (!stern_conn_enter_room (conn, room, msg->seat != STERN_NO_SEAT ? seat : STERN_NO_SEAT))
    send_room (conn, room);
  conn->hosting = msg->seat == STERN_NO_SEAT;
  if (msg->seat != STERN_NO_SEAT)
    send_joined (conn, room, seat, token);
  /* The creator alone learns the invited seats' keys, for their links. */
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (stern_room_get_invite (room, s) != NULL && s != msg->seat)
      {
        g_autoptr (SternNetMessage) invited = stern_net_message_new (STERN_NET_MSG_INVITED);

        g_strlcpy (invited->code, code, sizeof invited->code);
        invited->seat = (guint8) s;
        g_strlcpy (invited->key, stern_room_get_invite (room, s), sizeof invited->key);
        stern_conn_send (conn, invited);
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
      stern_conn_fail (conn, STERN_NET_ERROR_BAD_FIELD, "quick.variant",
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
      conn_room_log (conn, entry.code, G_LOG_LEVEL_INFO, "quick play: joins it");
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
 * further in turn order (the first mover changes), spectators along.
 * The caller holds old: the last one to leave it unloads it. */
static gboolean
start_rematch (SternServer *self, SternRoom *old)
{
  g_autoptr (SternNetMessage) was = stern_room_describe (old);
  const SternVariant *v = was->setup.variant;
  SternNetSetup setup = was->setup;
  g_autoptr (GPtrArray) moving = g_ptr_array_new ();
  char code[STERN_NET_CODE_LEN + 1];
  g_autoptr (SternRoom) room = NULL;
  g_autoptr (GError) error = NULL;

  for (unsigned i = 0; i < v->n_players; i++)
    setup.seats[v->seats[(i + 1) % v->n_players]] = was->setup.seats[v->seats[i]];
  if (!new_code (self, code))
    return FALSE;
  room = stern_room_new (code, &setup, self->data_dir ? stern_server_open_store (self) : NULL);
  if (self->data_dir && (self->store == NULL || !stern_room_save (room, &error)))
    {
      room_code_log (stern_room_get_code (old), G_LOG_LEVEL_WARNING, "rematch not stored: %s",
                     error ? error->message : "no store");
      return FALSE;
    }
  if (!stern_room_set_rematch (old, code, &error))
    {
      room_code_log (stern_room_get_code (old), G_LOG_LEVEL_WARNING, "rematch not stored: %s",
                     error->message);
      return FALSE;
    }
  stern_server_add_room (self, g_object_ref (room));
  {
    GPtrArray *in_old = stern_server_room_conns (self, old);

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
                stern_conn_send_error (conn, error, NULL);
                continue;
              }
            stern_conn_enter_room (conn, room, seat);
            send_joined (conn, room, seat, token);
            send_room (conn, room);
          }
        else if (!stern_conn_enter_room (conn, room, STERN_NO_SEAT))
          send_room (conn, room);
      }
  room_code_log (stern_room_get_code (old), G_LOG_LEVEL_MESSAGE, "rematch in room %s", code);
  return TRUE;
}

/* A player who asks after the rematch was opened (having left before the
 * others asked) takes the seat waiting there, one further in turn order
 * as start_rematch gives it. */
static void
join_rematch (Conn *conn, SternRoom *old, SternRoom *room)
{
  g_autoptr (SternNetMessage) was = stern_room_describe (old);
  const SternVariant *v = was->setup.variant;
  g_autoptr (GError) error = NULL;
  char token[STERN_NET_TOKEN_LEN + 1];
  guint seat = STERN_NO_SEAT;
  unsigned next = 0;

  for (unsigned k = 0; k < v->n_players; k++)
    if (v->seats[k] == conn->seat)
      next = v->seats[(k + 1) % v->n_players];
  if (!stern_room_join (room, next, was->seats[conn->seat].name[0] ? was->seats[conn->seat].name
                                                                 : conn->name,
                        stern_room_get_invite (room, next), &seat, token, &error))
    {
      stern_conn_send_error (conn, error, "rematch");
      return;
    }
  stern_conn_enter_room (conn, room, seat);
  send_joined (conn, room, seat, token);
  send_room (conn, room);
}

/* The rematch room of old, if it was opened and still exists (read back
 * from the store if need be), as a reference of the caller's. */
static SternRoom *
find_rematch (SternServer *self, SternRoom *old)
{
  const char *code = stern_room_get_rematch (old);
  SternRoom *room;

  if (code == NULL)
    return NULL;
  room = room_in_memory_or_store (self, code);
  return room ? g_object_ref (room) : NULL;
}

static void
handle_rematch (Conn *conn)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternRoom) room = conn->room != NULL ? g_object_ref (conn->room) : NULL;

  if (room == NULL || conn->seat == STERN_NO_SEAT)
    {
      stern_conn_fail (conn, STERN_NET_ERROR_NOT_A_PLAYER, "rematch",
                 room ? "spectators do not ask for a rematch" : "not in a room");
      return;
    }
  /* One rematch a game; one whose room has gone (nobody came to it, or
   * it ended long ago) may be opened again. */
  {
    g_autoptr (SternRoom) rematch = stern_room_is_over (room) ? find_rematch (conn->server, room)
                                                               : NULL;

    if (rematch != NULL)
      {
        join_rematch (conn, room, rematch);
        return;
      }
  }
  if (stern_room_ask_rematch (room, conn->seat, &error))
    {
      if (!start_rematch (conn->server, room))
        stern_conn_fail (conn, STERN_NET_ERROR_INTERNAL, "rematch", "the server cannot store the new room");
    }
  else if (error != NULL)
    stern_conn_send_error (conn, error, "rematch");
}

static gboolean
conn_take_chat_token (Conn *conn)
{
  gint64 now = g_get_monotonic_time ();

  if (conn->chat_refilled_us == 0)
    conn->chat_tokens = CHAT_BURST;
  else
    conn->chat_tokens = MIN (CHAT_BURST, conn->chat_tokens +
                                         (double) (now - conn->chat_refilled_us) / 1e6 *
                                           conn->server->chat_rate);
  conn->chat_refilled_us = now;
  if (conn->chat_tokens < 1.0)
    return FALSE;
  conn->chat_tokens -= 1.0;
  return TRUE;
}

/* The line without invisible format characters (bidirectional overrides,
 * zero-width spaces and joiners, byte-order marks), which could make it
 * read as someone else's or hide what it says; names may not hold them
 * either.  Emoji sequences joined by U+200D fall apart into their
 * pieces, which still say what they said. */
static char *
chat_text_clean (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_type (c) != G_UNICODE_FORMAT)
        g_string_append_unichar (out, c);
    }
  g_strstrip (out->str);
  out->len = strlen (out->str);
  return g_string_free (out, FALSE);
}

/* A line of chat goes to everyone in the room, with who said it.  The
 * text was checked as every string is (UTF-8, no control characters,
 * at most STERN_NET_MAX_TEXT bytes). */
static void
handle_chat (Conn *conn, SternNetMessage *msg)
{
  g_autoptr (SternNetMessage) said = NULL;
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;

  if (conn->room == NULL)
    {
      stern_conn_fail (conn, STERN_NET_ERROR_STATE, "chat", "not in a room");
      return;
    }
  line = chat_text_clean (msg->text);
  if (line[0] == '\0')
    {
      stern_conn_fail (conn, STERN_NET_ERROR_BAD_FIELD, "chat.text",
                       "chat.text: nothing to say but invisible characters");
      return;
    }
  if (!conn_take_chat_token (conn))
    {
      stern_conn_fail (conn, STERN_NET_ERROR_RATE_LIMITED, "chat", "too many chat lines; wait a moment");
      return;
    }
  said = stern_net_message_new (STERN_NET_MSG_SAID);
  g_strlcpy (said->code, stern_room_get_code (conn->room), sizeof said->code);
  said->seat = (guint8) conn->seat;
  said->name = g_strdup (conn->name);
  said->text = g_steal_pointer (&line);
  text = stern_net_message_to_json (said);
  stern_server_room_broadcast_cb (conn->room, text, conn->server);
}

static void
handle_join (Conn *conn, SternNetMessage *msg)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternRoom) room = find_room (conn, msg->code, "join.code");
  char token[STERN_NET_TOKEN_LEN + 1];
  guint seat;

  if (room == NULL)
    return;
  /* The seat is given out before the joiner enters the room, so the
   * room message that announces it reaches the joiner too. */
  if (!stern_room_join (room, msg->seat, msg->name ? msg->name : conn->name,
                        msg->key[0] ? msg->key : NULL, &seat, token, &error))
    {
      stern_conn_send_error (conn, error, "join.seat");
      stern_server_maybe_unload (conn->server, room);
      return;
    }
  stern_conn_enter_room (conn, room, seat);
  send_joined (conn, room, seat, token);
  send_room (conn, room);
}

static void
handle_resume (Conn *conn, SternNetMessage *msg)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternRoom) room = find_room (conn, msg->code, "resume.code");
  guint seat;

  if (room == NULL)
    return;
  if (!stern_room_resume (room, msg->token, &seat, &error))
    {
      if (g_error_matches (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_TOKEN))
        stern_tracked_guess_failed (conn->tracked);
      stern_conn_send_error (conn, error, "resume.token");
      stern_server_maybe_unload (conn->server, room);
      return;
    }
  stern_conn_enter_room (conn, room, seat);
  send_joined (conn, room, seat, msg->token);
  stern_room_set_connected (room, seat, TRUE);   /* sends the room to everyone */
}

static void
handle_watch (Conn *conn, SternNetMessage *msg)
{
  g_autoptr (SternRoom) room = find_room (conn, msg->code, "watch.code");

  if (room == NULL)
    return;
  /* A spectator's arrival is told to everyone in the room: the answer. */
  if (!stern_conn_enter_room (conn, room, STERN_NO_SEAT))
    send_room (conn, room);
}

/* A move or a resignation, in the connection's own room and for its own
 * seat. */
static void
handle_play (Conn *conn, SternNetMessage *msg)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternRoom) room = NULL;

  if (conn->room == NULL || conn->seat == STERN_NO_SEAT)
    {
      stern_conn_fail (conn, STERN_NET_ERROR_NOT_A_PLAYER, NULL,
                       conn->room ? "spectators do not play" : "not in a room");
      return;
    }
  /* Held, not borrowed from the connection, across what the action
   * announces. */
  room = g_object_ref (conn->room);
  /* The path's cells are named as the room's board names them. */
  if (msg->type == STERN_NET_MSG_MOVE
        ? !stern_net_message_resolve_path (msg, stern_game_get_variant (stern_room_get_game (room)),
                                          &error) ||
          !stern_room_play (room, conn->seat, msg->ply, msg->path, msg->path_len, &error)
        : !stern_room_resign (room, conn->seat, &error))
    stern_conn_send_error (conn, error, msg->type == STERN_NET_MSG_MOVE ? "move" : NULL);
}

void
stern_server_handle_message (Conn *conn, const char *data, gsize len)
{
  g_autoptr (SternNetMessage) msg = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *field = NULL;

  msg = stern_net_message_parse (data, len, STERN_NET_TO_SERVER, &field, &error);
  if (msg == NULL)
    {
      stern_conn_send_error (conn, error, field);
      return;
    }

  conn->moving = msg->type == STERN_NET_MSG_MOVE;
  if (!conn->hello && msg->type != STERN_NET_MSG_HELLO)
    {
      stern_conn_fail (conn, STERN_NET_ERROR_STATE, "message.type", "say hello first");
      return;
    }

  switch (msg->type)
    {
    case STERN_NET_MSG_HELLO:
      if (msg->protocol < STERN_NET_PROTOCOL_OLDEST || msg->protocol > STERN_NET_PROTOCOL_VERSION)
        {
          g_autofree char *text = g_strdup_printf ("hello.protocol: version %d is not spoken here; "
                                                   "this server speaks %d to %d",
                                                   msg->protocol, STERN_NET_PROTOCOL_OLDEST,
                                                   STERN_NET_PROTOCOL_VERSION);
          stern_conn_fail (conn, STERN_NET_ERROR_VERSION, "hello.protocol", text);
          break;
        }
      if (!conn->hello)
        conn->server->online++;
      conn->hello = TRUE;
      conn->protocol = msg->protocol;
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
      handle_watch (conn, msg);
      break;
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
      handle_play (conn, msg);
      break;
    case STERN_NET_MSG_LEAVE:
      stern_conn_leave_room (conn);
      break;
    /* What the server sends: the protocol reader refuses it from a client. */
    case STERN_NET_MSG_WELCOME:
    case STERN_NET_MSG_LOBBY:
    case STERN_NET_MSG_JOINED:
    case STERN_NET_MSG_ROOM:
    case STERN_NET_MSG_ACTION:
    case STERN_NET_MSG_ERROR:
    case STERN_NET_MSG_SAID:
    case STERN_NET_MSG_INVITED:
    case STERN_NET_N_MSG_TYPES:
    default:
      g_assert_not_reached ();
    }
}
