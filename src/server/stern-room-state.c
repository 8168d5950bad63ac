/* stern-room-state.c: the state of a room of sternhalma-server: as the
 * room message shows it (and the lobby lists it), as its store keeps it
 * (written after each action and read back), the room files of servers
 * before the store, and an action undone when the store refuses it.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <json-glib/json-glib.h>
#include <string.h>

#include "stern-notation.h"
#include "stern-room-private.h"

/* ---- the room message ---- */

gint64
stern_room_clock_ms (SternRoom *self, unsigned seat, gint64 now)
{
  SternGameClock *clock = stern_match_get_clock (self->match);

  if (!stern_game_clock_is_enabled (clock) || !stern_room_seat_in_play (self, seat))
    return -1;
  return MAX (0, stern_game_clock_get_remaining_ms (clock, seat));
}

/* The room message, with game as the room's game (or the game after an
 * action about to be played; the clocks are as they are now). */
static SternNetMessage *
describe (SternRoom *room, const SternGame *game)
{
  SternNetMessage *msg;
  gint64 now = stern_room_now_us ();

  msg = stern_net_message_new (STERN_NET_MSG_ROOM);
  g_strlcpy (msg->code, room->code, sizeof msg->code);
  msg->setup = room->setup;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    {
      const Seat *seat = &room->seats[s];
      SternNetSeatInfo *info = &msg->seats[s];

      info->kind = seat->setup.kind;
      info->level = seat->setup.level;
      g_strlcpy (info->name, seat->taken ? seat->name : seat->setup.name, sizeof info->name);
      info->taken = seat->taken;
      info->connected = seat->connected;
      info->replaced = seat->replaced;
      info->clock_ms = stern_room_clock_ms (room, s, now);
      /* How long a dropped player has to come back. */
      info->grace_ms = seat->grace_id != 0
                       ? MAX (0, (gint64) room->grace_ms - (now - seat->dropped_us) / 1000) : -1;
    }
  msg->spectators = room->spectators;
  memcpy (msg->rematch, room->rematch, sizeof msg->rematch);
  msg->actions = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < stern_game_get_n_actions (game); i++)
    g_ptr_array_add (msg->actions, stern_notation_format_action (room->setup.variant,
                                                     stern_game_get_action (game, i)));
  msg->turn = stern_room_is_started (room) ? (guint8) stern_game_get_turn (game)
                                           : STERN_NO_SEAT;
  msg->over = stern_game_is_over (game);
  msg->result = stern_record_result (game);
  return msg;
}

SternNetMessage *
stern_room_describe (SternRoom *room)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), NULL);
  return describe (room, stern_room_game (room));
}

/* The name the lobby shows the room by: its maker's, while they are in
 * it, or else that of whoever sits first; "" when nobody's is known. */
static const char *
host_name (SternRoom *room)
{
  const SternVariant *v = room->setup.variant;

  if (room->host_seat != STERN_NO_SEAT && room->seats[room->host_seat].taken &&
      room->seats[room->host_seat].name[0] != '\0')
    return room->seats[room->host_seat].name;
  if (room->host_name[0] != '\0')
    return room->host_name;
  for (unsigned i = 0; i < v->n_players; i++)
    if (room->seats[v->seats[i]].taken && room->seats[v->seats[i]].name[0] != '\0')
      return room->seats[v->seats[i]].name;
  return "";
}

gboolean
stern_room_get_lobby_entry (SternRoom *room, SternNetLobbyRoom *entry)
{
  const SternVariant *v;

  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);

  if (stern_game_is_over (stern_room_game (room)))
    return FALSE;
  memset (entry, 0, sizeof *entry);
  v = room->setup.variant;
  g_strlcpy (entry->code, room->code, sizeof entry->code);
  entry->variant = v;
  entry->preset = room->setup.preset;
  for (unsigned i = 0; i < v->n_players; i++)
    {
      const Seat *seat = &room->seats[v->seats[i]];
      if (seat->taken)
        entry->players++;
      else if (seat->setup.kind == STERN_NET_SEAT_OPEN)
        entry->open_seats[entry->n_open++] = v->seats[i];
    }
  g_strlcpy (entry->host, host_name (room), sizeof entry->host);
  return entry->n_open > 0;
}

/* ---- the store ---- */

/* The room's state as the store keeps it: the room message (every action,
 * the seats, the clocks) with the seats' tokens and invitation keys, which
 * the room message never shows.  Tokens and keys are lower-case hex
 * (checked when given out and when read), so they need no escaping. */
char *
stern_room_state_text (SternRoom *self, const SternGame *after)
{
  g_autoptr (SternNetMessage) msg = describe (self, after ? after : stern_room_game (self));
  g_autofree char *json = stern_net_message_to_json (msg);
  GString *text = g_string_new (NULL);
  gboolean first = TRUE;

  g_string_append_printf (text, "{\"format\":%d,\"tokens\":{", ROOM_STATE_FORMAT);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (self->seats[s].taken)
      {
        g_string_append_printf (text, "%s\"%s\":\"%s\"", first ? "" : ",",
                                stern_seat_colour_name (s), self->seats[s].token);
        first = FALSE;
      }
  g_string_append (text, "},\"invites\":{");
  first = TRUE;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (self->seats[s].invite[0])
      {
        g_string_append_printf (text, "%s\"%s\":\"%s\"", first ? "" : ",",
                                stern_seat_colour_name (s), self->seats[s].invite);
        first = FALSE;
      }
  g_string_append (text, "}");
  if (self->rematch_code[0])
    g_string_append_printf (text, ",\"rematch\":\"%s\"", self->rematch_code);
  if (self->host_seat != STERN_NO_SEAT)
    g_string_append_printf (text, ",\"host\":\"%s\"", stern_seat_colour_name (self->host_seat));
  g_string_append_printf (text, ",\"room\":%s}", json);
  return g_string_free (text, FALSE);
}

/* stern_room_save () past its argument check: a FALSE from here always
 * sets error. */
static gboolean
room_save (SternRoom *room, GError **error)
{
  g_autofree char *text = NULL;

  if (room->store == NULL)
    return TRUE;
  text = stern_room_state_text (room, NULL);
  return stern_store_put_room (room->store, room->code, text,
                               stern_game_is_over (stern_room_game (room)),
                               error);
}

gboolean
stern_room_save (SternRoom *room, GError **error)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  return room_save (room, error);
}

static gboolean
read_keys (JsonObject *root, const char *member, SternRoom *self, const char *where,
           gboolean want_taken, GError **error)
{
  JsonNode *node = json_object_get_member (root, member);
  JsonObject *keys;

  if (node == NULL && !want_taken)
    return TRUE;    /* invitation keys came with this server */
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s: not an object",
                   where, member);
      return FALSE;
    }
  keys = json_node_get_object (node);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    {
      Seat *seat = &self->seats[s];
      const char *key;

      if (!stern_room_seat_in_play (self, s) || (want_taken ? !seat->taken
                                                 : seat->setup.kind != STERN_NET_SEAT_INVITED))
        continue;
      key = json_object_get_string_member_with_default (keys, stern_seat_colour_name (s), "");
      if (!want_taken && key[0] == '\0')
        continue;
      if (!stern_net_token_is_valid (key))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s: %s.%s: missing or not a token", where, member,
                       stern_seat_colour_name (s));
          return FALSE;
        }
      g_strlcpy (want_taken ? seat->token : seat->invite, key, STERN_NET_TOKEN_LEN + 1);
    }
  return TRUE;
}

/* A room from its state; where names it in errors.  *write_no: the
 * "write" member of files from before the store (0 when absent). */
static SternRoom *
room_from_state (const char *text, gsize len, const char *where, guint64 *write_no,
                 GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (SternNetMessage) msg = NULL;
  g_autoptr (SternRoom) self = NULL;
  g_autoptr (SternGame) game = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree char *room_text = NULL;
  SternClock clock;
  JsonObject *root;
  JsonNode *node;

  if (len > ROOM_STATE_MAX)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: larger than %d bytes",
                   where, ROOM_STATE_MAX);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, text, (gssize) len, &local))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", where, local->message);
      return NULL;
    }
  node = json_parser_get_root (parser);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node) ||
      !(root = json_node_get_object (node)) ||
      json_object_get_int_member_with_default (root, "format", 0) != ROOM_STATE_FORMAT ||
      !json_object_has_member (root, "room"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s: not a room of format %d (format, tokens, room)", where,
                   ROOM_STATE_FORMAT);
      return NULL;
    }
  if (write_no)
    *write_no = (guint64) MAX (0, json_object_get_int_member_with_default (root, "write", 0));

  /* The room part is a room message: the protocol's parser checks it. */
  json_generator_set_root (gen, json_object_get_member (root, "room"));
  room_text = json_generator_to_data (gen, &len);
  msg = stern_net_message_parse (room_text, len, STERN_NET_TO_CLIENT, NULL, &local);
  if (msg == NULL || msg->type != STERN_NET_MSG_ROOM)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", where,
                   local ? local->message : "room: not a room message");
      return NULL;
    }

  game = stern_game_new (msg->setup.variant, msg->setup.preset);
  for (guint i = 0; i < msg->actions->len; i++)
    if (!stern_net_apply_action_text (game, g_ptr_array_index (msg->actions, i), &local))
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: room.actions[%u]: %s",
                     where, i, local->message);
        return NULL;
      }
  self = g_object_new (STERN_TYPE_ROOM, NULL);
  stern_clock_init (&clock, msg->setup.reserve_ms, msg->setup.increment_ms);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    {
      Seat *seat = &self->seats[s];
      const SternNetSeatInfo *info = &msg->seats[s];

      seat->setup = msg->setup.seats[s];
      if (!stern_variant_has_seat (msg->setup.variant, s))
        continue;
      seat->replaced = info->replaced;
      if (info->taken)
        {
          seat->taken = TRUE;
          g_strlcpy (seat->name, info->name, sizeof seat->name);
        }
      /* The time the server was down is nobody's: each clock goes on from
       * what was left at the last action. */
      if (clock.enabled && info->clock_ms >= 0)
        clock.remaining_us[s] = info->clock_ms * 1000;
    }
  stern_room_init_setup (self, msg->code, &msg->setup, g_steal_pointer (&game), &clock);
  if (!read_keys (root, "tokens", self, where, TRUE, error) ||
      !read_keys (root, "invites", self, where, FALSE, error))
    return NULL;
  /* Absent before the room had a rematch. */
  if (json_object_has_member (root, "rematch"))
    {
      const char *code = json_object_get_string_member_with_default (root, "rematch", "");

      if (!stern_net_code_is_valid (code))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: rematch: not a room code",
                       where);
          return NULL;
        }
      g_strlcpy (self->rematch_code, code, sizeof self->rematch_code);
    }
  /* The seat the room's maker took; absent before the lobby named hosts. */
  if (json_object_has_member (root, "host"))
    {
      JsonNode *host = json_object_get_member (root, "host");
      const char *colour = JSON_NODE_HOLDS_VALUE (host) &&
                           json_node_get_value_type (host) == G_TYPE_STRING
                           ? json_node_get_string (host) : "";
      unsigned seat = stern_seat_from_colour_name (colour, strlen (colour));

      if (seat == STERN_NO_SEAT || !stern_variant_has_seat (msg->setup.variant, seat))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: host: not a seat of %s",
                       where, msg->setup.variant->id);
          return NULL;
        }
      self->host_seat = seat;
    }
  return g_steal_pointer (&self);
}

SternRoom *
stern_room_load (SternStore *store, const char *code, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autofree char *text = NULL;
  g_autofree char *where = NULL;
  SternRoom *room;

  g_return_val_if_fail (STERN_IS_STORE (store), NULL);
  g_return_val_if_fail (code != NULL, NULL);

  text = stern_store_get_room (store, code, &local);
  if (text == NULL)
    {
      if (local == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no room %s in %s", code,
                     stern_store_get_path (store));
      else
        g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  where = g_strdup_printf ("%s, room %s", stern_store_get_path (store), code);
  room = room_from_state (text, strlen (text), where, NULL, error);
  if (room == NULL)
    return NULL;
  if (strcmp (room->code, code) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: it holds room %s", where,
                   room->code);
      g_object_unref (room);
      return NULL;
    }
  room->store = g_object_ref (store);
  return room;
}

static SternRoom *
load_file (const char *path, guint64 *write_no, GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *basename = g_path_get_basename (path);
  gsize len;

  if (!g_file_get_contents (path, &contents, &len, error))
    return NULL;
  return room_from_state (contents, len, basename, write_no, error);
}

/* Before the store, a room was kept in two files written in turn,
 * CODE.json and CODE.json.alt, each with the number of its write: the
 * newer of the two that reads whole is the room. */
SternRoom *
stern_room_load_file (const char *path, GError **error)
{
  g_autofree char *alt = NULL;
  g_autoptr (SternRoom) main_room = NULL;
  g_autoptr (SternRoom) alt_room = NULL;
  g_autoptr (GError) main_error = NULL;
  guint64 main_no = 0, alt_no = 0;

  g_return_val_if_fail (path != NULL, NULL);

  alt = g_strconcat (path, ".alt", NULL);
  main_room = load_file (path, &main_no, &main_error);
  if (g_file_test (alt, G_FILE_TEST_EXISTS))
    {
      g_autoptr (GError) alt_error = NULL;

      alt_room = load_file (alt, &alt_no, &alt_error);
      if (alt_room == NULL)
        server_log (G_LOG_LEVEL_INFO, "%s: %s (the other file is used)", alt, alt_error->message);
    }
  if (main_room == NULL && alt_room == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&main_error));
      return NULL;
    }
  if (main_room == NULL)
    server_log (G_LOG_LEVEL_INFO, "%s: %s (the other file is used)", path, main_error->message);
  if (alt_room && (main_room == NULL || alt_no > main_no))
    return g_steal_pointer (&alt_room);
  return g_steal_pointer (&main_room);
}

void
stern_room_set_store (SternRoom *room, SternStore *store)
{
  g_return_if_fail (STERN_IS_ROOM (room));
  g_return_if_fail (store == NULL || STERN_IS_STORE (store));
  g_set_object (&room->store, store);
}

void
stern_room_undo_take (SternRoom *self, SternRoomUndo *undo)
{
  memcpy (undo->seats, self->seats, sizeof undo->seats);
  undo->host_seat = self->host_seat;
}

void
stern_room_undo_clear (SternRoomUndo *undo)
{
}

/* Stores the room after an action; on failure the room is put back as it
 * was before it, the failure logged, and error is "internal". */
gboolean
stern_room_commit (SternRoom *self, SternRoomUndo *undo, GError **error)
{
  g_autoptr (GError) local = NULL;

  if (room_save (self, &local))
    {
      stern_room_undo_clear (undo);
      return TRUE;
    }
  room_log (self, G_LOG_LEVEL_WARNING, "not stored, so not done: %s", local->message);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    {
      /* The timers are the room's as they are now. */
      undo->seats[s].grace_id = self->seats[s].grace_id;
      undo->seats[s].dropped_us = self->seats[s].dropped_us;
      undo->seats[s].connected = self->seats[s].connected;
      self->seats[s] = undo->seats[s];
    }
  self->host_seat = undo->host_seat;
  g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_INTERNAL,
                       "the server cannot store this now; nothing was done");
  return FALSE;
}

