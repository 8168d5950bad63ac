/* test-net-protocol.c: every message type written and read back, and bad
 * frames refused with an error that names the member.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-net"

#include <string.h>

#include "stern-net-protocol.h"
#include "stern-notation.h"

static SternNetMessage *
reparse (const SternNetMessage *msg, char **json_out)
{
  g_autofree char *json = stern_net_message_to_json (msg);
  g_autoptr (GError) error = NULL;
  g_autofree char *again = NULL;
  SternNetMessage *back;

  back = stern_net_message_parse (json, strlen (json), stern_net_msg_type_direction (msg->type),
                                  NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_cmpint (back->type, ==, msg->type);
  /* Written again, the message is the same text. */
  again = stern_net_message_to_json (back);
  g_assert_cmpstr (again, ==, json);
  if (json_out)
    *json_out = g_steal_pointer (&json);
  return back;
}

static void
set_path (SternNetMessage *msg, const char *text)
{
  size_t len;

  g_assert_true (stern_notation_parse_path (text, msg->path, &len, NULL));
  msg->path_len = len;
}

/* A message of type with every member set that it can carry. */
static SternNetMessage *
full_message (SternNetMsgType type)
{
  SternNetMessage *msg = stern_net_message_new (type);
  const SternVariant *classic2 = stern_variant_lookup ("classic-2");

  g_strlcpy (msg->code, "ABC234", sizeof msg->code);
  switch (type)
    {
    case STERN_NET_MSG_HELLO:
    case STERN_NET_MSG_WELCOME:
      msg->protocol = STERN_NET_PROTOCOL_VERSION;
      if (type == STERN_NET_MSG_HELLO)
        msg->name = g_strdup ("Анна");
      else
        {
          msg->server = g_strdup ("club 1");
          msg->online = 7;
        }
      break;
    case STERN_NET_MSG_LIST:
    case STERN_NET_MSG_RESIGN:
    case STERN_NET_MSG_LEAVE:
    case STERN_NET_MSG_REMATCH:
      break;
    case STERN_NET_MSG_QUICK:
      msg->setup.variant = classic2;
      msg->name = g_strdup ("Boris");
      break;
    case STERN_NET_MSG_CHAT:
    case STERN_NET_MSG_SAID:
      msg->text = g_strdup ("well played");
      if (type == STERN_NET_MSG_SAID)
        {
          msg->seat = STERN_BLACK;
          msg->name = g_strdup ("Boris");
        }
      break;
    case STERN_NET_MSG_CREATE:
      msg->setup.variant = classic2;
      msg->setup.preset = STERN_PRESET_CLUB;
      msg->setup.reserve_ms = 300000;
      msg->setup.increment_ms = 2000;
      msg->setup.seats[STERN_BLACK].kind = STERN_NET_SEAT_INVITED;
      g_strlcpy (msg->setup.seats[STERN_BLACK].name, "Dana", STERN_NET_MAX_NAME + 1);
      msg->seat = STERN_WHITE;
      msg->name = g_strdup ("Anna");
      break;
    case STERN_NET_MSG_JOIN:
    case STERN_NET_MSG_INVITED:
      msg->seat = STERN_BLACK;
      stern_net_random_token (msg->key);
      if (type == STERN_NET_MSG_JOIN)
        msg->name = g_strdup ("Dana");
      break;
    case STERN_NET_MSG_WATCH:
      break;
    case STERN_NET_MSG_RESUME:
    case STERN_NET_MSG_JOINED:
      stern_net_random_token (msg->token);
      msg->seat = STERN_GREEN;
      break;
    case STERN_NET_MSG_MOVE:
      msg->ply = 3;
      set_path (msg, "e14-e12-g12");
      break;
    case STERN_NET_MSG_LOBBY:
      {
        SternNetLobbyRoom room = { .code = "QWE789", .variant = classic2, .players = 1,
                                   .n_open = 1, .open_seats = { STERN_BLACK },
                                   .host = "Анна" };

        msg->online = 3;
        msg->looking = 1;
        msg->rooms = g_array_new (FALSE, TRUE, sizeof (SternNetLobbyRoom));
        g_array_append_val (msg->rooms, room);
        break;
      }
    case STERN_NET_MSG_ROOM:
      msg->setup.variant = classic2;
      msg->setup.reserve_ms = 300000;
      msg->seats[STERN_WHITE].taken = TRUE;
      msg->seats[STERN_WHITE].clock_ms = 1000;
      msg->seats[STERN_WHITE].grace_ms = 5000;
      g_strlcpy (msg->seats[STERN_WHITE].name, "Anna", STERN_NET_MAX_NAME + 1);
      msg->actions = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (msg->actions, g_strdup ("l4-l5"));
      msg->spectators = 2;
      msg->rematch[STERN_BLACK] = TRUE;
      msg->over = TRUE;
      msg->result = g_strdup ("0-1");
      break;
    case STERN_NET_MSG_ACTION:
      msg->ply = 4;
      msg->seat = STERN_BLACK;
      msg->action = STERN_ACTION_MOVE;
      set_path (msg, "e14-e13");
      msg->has_clocks = TRUE;
      msg->turn = STERN_WHITE;
      break;
    case STERN_NET_MSG_ERROR:
      msg->error = STERN_NET_ERROR_STALE;
      msg->text = g_strdup ("the move was for ply 3");
      msg->field = g_strdup ("move.ply");
      break;
    case STERN_NET_N_MSG_TYPES:
    default:
      /* A new message needs its full example here. */
      g_assert_not_reached ();
    }
  return msg;
}

/* Every message of the protocol's table, each with every member it may
 * carry, is written and read back to the same text. */
static void
test_round_trip_every_type (void)
{
  for (unsigned type = 0; type < STERN_NET_N_MSG_TYPES; type++)
    {
      g_autoptr (SternNetMessage) msg = full_message ((SternNetMsgType) type);
      g_autoptr (SternNetMessage) back = reparse (msg, NULL);
      g_autofree char *json = stern_net_message_to_json (msg);

      g_test_message ("%s", json);
      g_assert_nonnull (strstr (json, "\"type\""));
    }
}

static void
test_round_trip_client (void)
{
  g_autoptr (SternNetMessage) hello = stern_net_message_new (STERN_NET_MSG_HELLO);
  g_autoptr (SternNetMessage) list = stern_net_message_new (STERN_NET_MSG_LIST);
  g_autoptr (SternNetMessage) create = stern_net_message_new (STERN_NET_MSG_CREATE);
  g_autoptr (SternNetMessage) join = stern_net_message_new (STERN_NET_MSG_JOIN);
  g_autoptr (SternNetMessage) watch = stern_net_message_new (STERN_NET_MSG_WATCH);
  g_autoptr (SternNetMessage) resume = stern_net_message_new (STERN_NET_MSG_RESUME);
  g_autoptr (SternNetMessage) move = stern_net_message_new (STERN_NET_MSG_MOVE);
  g_autoptr (SternNetMessage) resign = stern_net_message_new (STERN_NET_MSG_RESIGN);
  g_autoptr (SternNetMessage) leave = stern_net_message_new (STERN_NET_MSG_LEAVE);
  g_autoptr (SternNetMessage) back = NULL;

  hello->name = g_strdup ("Анна");
  back = reparse (hello, NULL);
  g_assert_cmpstr (back->name, ==, "Анна");
  g_assert_cmpint (back->protocol, ==, STERN_NET_PROTOCOL_VERSION);
  g_clear_pointer (&back, stern_net_message_free);

  back = reparse (list, NULL);
  g_clear_pointer (&back, stern_net_message_free);
  back = reparse (resign, NULL);
  g_clear_pointer (&back, stern_net_message_free);
  back = reparse (leave, NULL);
  g_clear_pointer (&back, stern_net_message_free);

  create->setup.variant = stern_variant_lookup ("classic-3");
  create->setup.preset = STERN_PRESET_CLUB;
  create->setup.reserve_ms = 300000;
  create->setup.increment_ms = 5000;
  create->setup.seats[STERN_WHITE].kind = STERN_NET_SEAT_OPEN;
  create->setup.seats[STERN_BLUE].kind = STERN_NET_SEAT_INVITED;
  g_strlcpy (create->setup.seats[STERN_BLUE].name, "Boris", STERN_NET_MAX_NAME + 1);
  create->setup.seats[STERN_YELLOW].kind = STERN_NET_SEAT_COMPUTER;
  create->setup.seats[STERN_YELLOW].level = STERN_LEVEL_HARD;
  create->seat = STERN_WHITE;
  back = reparse (create, NULL);
  g_assert_true (back->setup.variant == create->setup.variant);
  g_assert_cmpint (back->setup.preset, ==, STERN_PRESET_CLUB);
  g_assert_cmpint (back->setup.reserve_ms, ==, 300000);
  g_assert_cmpint (back->setup.increment_ms, ==, 5000);
  g_assert_cmpint (back->setup.seats[STERN_BLUE].kind, ==, STERN_NET_SEAT_INVITED);
  g_assert_cmpstr (back->setup.seats[STERN_BLUE].name, ==, "Boris");
  g_assert_cmpint (back->setup.seats[STERN_YELLOW].kind, ==, STERN_NET_SEAT_COMPUTER);
  g_assert_cmpint (back->setup.seats[STERN_YELLOW].level, ==, STERN_LEVEL_HARD);
  g_assert_cmpint (back->seat, ==, STERN_WHITE);
  g_clear_pointer (&back, stern_net_message_free);

  g_strlcpy (join->code, "ABC234", sizeof join->code);
  join->seat = STERN_RED;
  back = reparse (join, NULL);
  g_assert_cmpstr (back->code, ==, "ABC234");
  g_assert_cmpint (back->seat, ==, STERN_RED);
  g_clear_pointer (&back, stern_net_message_free);

  g_strlcpy (watch->code, "ZZZ999", sizeof watch->code);
  back = reparse (watch, NULL);
  g_assert_cmpstr (back->code, ==, "ZZZ999");
  g_clear_pointer (&back, stern_net_message_free);

  g_strlcpy (resume->code, "ABC234", sizeof resume->code);
  stern_net_random_token (resume->token);
  back = reparse (resume, NULL);
  g_assert_cmpstr (back->token, ==, resume->token);
  g_clear_pointer (&back, stern_net_message_free);

  move->ply = 17;
  set_path (move, "m3-m5-k5");
  back = reparse (move, NULL);
  g_assert_cmpuint (back->ply, ==, 17);
  g_assert_cmpuint (back->path_len, ==, 3);
  g_assert_cmpmem (back->path, back->path_len, move->path, move->path_len);
  g_clear_pointer (&back, stern_net_message_free);

  /* protocol 2 */
  {
    g_autoptr (SternNetMessage) quick = stern_net_message_new (STERN_NET_MSG_QUICK);
    g_autoptr (SternNetMessage) chat = stern_net_message_new (STERN_NET_MSG_CHAT);

    quick->setup.variant = stern_variant_lookup ("halma-8");
    quick->name = g_strdup ("Анна");
    back = reparse (quick, NULL);
    g_assert_true (back->setup.variant == quick->setup.variant);
    g_assert_cmpstr (back->name, ==, "Анна");
    g_clear_pointer (&back, stern_net_message_free);

    chat->text = g_strdup ("good game ♟");
    back = reparse (chat, NULL);
    g_assert_cmpstr (back->text, ==, "good game ♟");
    g_clear_pointer (&back, stern_net_message_free);
  }

  /* A move on a square board: its cells are read with the room's variant. */
  {
    g_autoptr (GError) error = NULL;
    const SternVariant *halma = stern_variant_lookup ("halma-8");
    const char *json = "{\"type\":\"move\",\"ply\":0,\"path\":\"a4-a5\"}";

    back = stern_net_message_parse (json, strlen (json), STERN_NET_TO_SERVER, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (stern_net_message_resolve_path (back, halma, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (back->path_len, ==, 2);
    g_assert_cmpuint (back->path[0], ==, stern_variant_cell_parse (halma, "a4", 2));
    g_clear_pointer (&back, stern_net_message_free);

    /* k9 is a star hole but not a cell of an 8×8 board. */
    json = "{\"type\":\"move\",\"ply\":0,\"path\":\"k9-k10\"}";
    back = stern_net_message_parse (json, strlen (json), STERN_NET_TO_SERVER, NULL, &error);
    g_assert_no_error (error);
    g_assert_false (stern_net_message_resolve_path (back, halma, &error));
    g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD);
    g_assert_true (g_str_has_prefix (error->message, "move.path"));
  }
}

static void
test_round_trip_server (void)
{
  g_autoptr (SternNetMessage) welcome = stern_net_message_new (STERN_NET_MSG_WELCOME);
  g_autoptr (SternNetMessage) lobby = stern_net_message_new (STERN_NET_MSG_LOBBY);
  g_autoptr (SternNetMessage) joined = stern_net_message_new (STERN_NET_MSG_JOINED);
  g_autoptr (SternNetMessage) room = stern_net_message_new (STERN_NET_MSG_ROOM);
  g_autoptr (SternNetMessage) action = stern_net_message_new (STERN_NET_MSG_ACTION);
  g_autoptr (SternNetMessage) back = NULL;
  g_autoptr (GError) error = NULL;
  SternNetLobbyRoom entry = { .code = "QWE789", .players = 1, .n_open = 1,
                              .open_seats = { STERN_BLACK } };
  g_autofree char *json = NULL;

  welcome->server = g_strdup ("test 1");
  welcome->online = 42;
  back = reparse (welcome, NULL);
  g_assert_cmpuint (back->online, ==, 42);
  g_assert_cmpstr (back->server, ==, "test 1");
  g_clear_pointer (&back, stern_net_message_free);

  entry.variant = stern_variant_lookup ("classic-2");
  entry.preset = STERN_PRESET_RACE;
  lobby->online = 3;
  lobby->looking = 2;
  lobby->rooms = g_array_new (FALSE, TRUE, sizeof (SternNetLobbyRoom));
  g_array_append_val (lobby->rooms, entry);
  back = reparse (lobby, NULL);
  g_assert_cmpuint (back->looking, ==, 2);
  g_assert_cmpuint (back->rooms->len, ==, 1);
  g_assert_cmpstr (g_array_index (back->rooms, SternNetLobbyRoom, 0).code, ==, "QWE789");
  g_assert_cmpuint (g_array_index (back->rooms, SternNetLobbyRoom, 0).open_seats[0], ==, STERN_BLACK);
  g_assert_cmpint (g_array_index (back->rooms, SternNetLobbyRoom, 0).preset, ==, STERN_PRESET_RACE);
  /* No host known: none written, none read. */
  g_assert_cmpstr (g_array_index (back->rooms, SternNetLobbyRoom, 0).host, ==, "");
  g_clear_pointer (&back, stern_net_message_free);

  /* Protocol 3: a room's host, written and read back. */
  g_strlcpy (entry.host, "Анна Ÿ", sizeof entry.host);
  g_array_append_val (lobby->rooms, entry);
  back = reparse (lobby, &json);
  g_assert_cmpuint (back->rooms->len, ==, 2);
  g_assert_cmpstr (g_array_index (back->rooms, SternNetLobbyRoom, 0).host, ==, "");
  g_assert_cmpstr (g_array_index (back->rooms, SternNetLobbyRoom, 1).host, ==, "Анна Ÿ");
  g_assert_nonnull (strstr (json, "\"host\":\"Анна Ÿ\""));
  g_clear_pointer (&back, stern_net_message_free);
  g_clear_pointer (&json, g_free);
  /* For a client of protocol 2, which refuses members it does not know:
   * no host. */
  lobby->protocol = 2;
  json = stern_net_message_to_json (lobby);
  g_assert_null (strstr (json, "host"));
  g_assert_nonnull (strstr (json, "\"code\":\"QWE789\""));
  back = reparse (lobby, NULL);
  g_assert_cmpuint (back->rooms->len, ==, 2);
  g_assert_cmpstr (g_array_index (back->rooms, SternNetLobbyRoom, 1).host, ==, "");
  g_clear_pointer (&back, stern_net_message_free);
  g_clear_pointer (&json, g_free);

  g_strlcpy (joined->code, "ABC234", sizeof joined->code);
  stern_net_random_token (joined->token);
  joined->seat = STERN_GREEN;
  back = reparse (joined, NULL);
  g_assert_cmpint (back->seat, ==, STERN_GREEN);
  g_clear_pointer (&back, stern_net_message_free);

  g_strlcpy (room->code, "ABC234", sizeof room->code);
  room->setup.variant = stern_variant_lookup ("classic-2");
  room->setup.preset = STERN_PRESET_TABLE;
  room->setup.seats[STERN_BLACK].kind = STERN_NET_SEAT_COMPUTER;
  room->setup.seats[STERN_BLACK].level = STERN_LEVEL_EASY;
  room->seats[STERN_WHITE].taken = TRUE;
  room->seats[STERN_WHITE].connected = TRUE;
  g_strlcpy (room->seats[STERN_WHITE].name, "Anna", STERN_NET_MAX_NAME + 1);
  room->seats[STERN_BLACK].kind = STERN_NET_SEAT_COMPUTER;
  room->seats[STERN_BLACK].level = STERN_LEVEL_EASY;
  room->actions = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (room->actions, g_strdup ("l4-l5"));
  g_ptr_array_add (room->actions, g_strdup ("resign(black)"));
  room->turn = STERN_NO_SEAT;
  room->over = TRUE;
  room->result = g_strdup ("1-0");
  room->spectators = 5;
  room->rematch[STERN_WHITE] = TRUE;
  room->seats[STERN_WHITE].connected = FALSE;
  room->seats[STERN_WHITE].grace_ms = 41000;
  back = reparse (room, NULL);
  g_assert_cmpuint (back->spectators, ==, 5);
  g_assert_true (back->rematch[STERN_WHITE]);
  g_assert_false (back->rematch[STERN_BLACK]);
  g_assert_cmpint (back->seats[STERN_WHITE].grace_ms, ==, 41000);
  g_assert_cmpint (back->seats[STERN_BLACK].grace_ms, ==, -1);
  g_assert_cmpuint (back->actions->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (back->actions, 1), ==, "resign(black)");
  g_assert_true (back->seats[STERN_WHITE].taken);
  g_assert_cmpstr (back->seats[STERN_WHITE].name, ==, "Anna");
  g_assert_cmpint (back->seats[STERN_BLACK].level, ==, STERN_LEVEL_EASY);
  g_assert_true (back->over);
  g_assert_cmpstr (back->result, ==, "1-0");
  g_clear_pointer (&back, stern_net_message_free);

  g_strlcpy (action->code, "ABC234", sizeof action->code);
  action->ply = 4;
  action->seat = STERN_BLACK;
  action->action = STERN_ACTION_MOVE;
  set_path (action, "e14-e13");
  action->has_clocks = TRUE;
  action->clocks[STERN_WHITE] = 1234;
  action->clocks[STERN_BLACK] = 99;
  action->turn = STERN_WHITE;
  action->result = g_strdup ("*");
  back = reparse (action, NULL);
  g_assert_cmpuint (back->ply, ==, 4);
  {
    g_autoptr (SternNetMessage) said = stern_net_message_new (STERN_NET_MSG_SAID);
    g_autoptr (SternNetMessage) said_back = NULL;

    g_strlcpy (said->code, "ABC234", sizeof said->code);
    said->seat = STERN_BLACK;
    said->name = g_strdup ("Boris");
    said->text = g_strdup ("well played");
    said_back = reparse (said, NULL);
    g_assert_cmpint (said_back->type, ==, STERN_NET_MSG_SAID);
    g_assert_cmpint (said_back->seat, ==, STERN_BLACK);
    g_assert_cmpstr (said_back->name, ==, "Boris");
    g_assert_cmpstr (said_back->text, ==, "well played");
  }
  g_assert_cmpint (back->clocks[STERN_WHITE], ==, 1234);
  g_assert_cmpint (back->clocks[STERN_RED], ==, -1);
  g_assert_cmpint (back->turn, ==, STERN_WHITE);
  g_clear_pointer (&back, stern_net_message_free);

  {
    g_autoptr (GError) e = g_error_new_literal (STERN_NET_ERROR, STERN_NET_ERROR_NOT_YOUR_TURN,
                                               "it is white's turn");
    g_autoptr (SternNetMessage) err = stern_net_message_new_error (e, "move");
    back = reparse (err, NULL);
    g_assert_cmpint (back->error, ==, STERN_NET_ERROR_NOT_YOUR_TURN);
    g_assert_cmpstr (back->text, ==, "it is white's turn");
    g_assert_cmpstr (back->field, ==, "move");
  }
}

typedef struct {
  const char *json;
  SternNetErrorCode code;
  const char *field;     /* the member the error must name, or NULL */
} Bad;

static void
test_bad_client_messages (void)
{
  static const Bad bad[] = {
    { "", STERN_NET_ERROR_BAD_JSON, NULL },
    { "{\"type\":\"hello\"", STERN_NET_ERROR_BAD_JSON, NULL },
    { "[1,2]", STERN_NET_ERROR_BAD_JSON, NULL },
    { "\"hello\"", STERN_NET_ERROR_BAD_JSON, NULL },
    /* An octal escape, which JSON has not: json-glib decodes it into a
     * byte that is not UTF-8, and quotes it so when a syntax error follows
     * (found by fuzz-net-protocol). */
    { "{\"type\":\"hello\",\"name\":\"012\\345e\":1}", STERN_NET_ERROR_BAD_JSON, NULL },
    /* Not JSON either, now refused as such before json-glib decodes it. */
    { "{\"type\":\"hello\",\"protocol\":1,\"name\":\"012\\345e\"}", STERN_NET_ERROR_BAD_JSON, NULL },
    { "{}", STERN_NET_ERROR_BAD_FIELD, "message.type" },
    { "{\"type\":5}", STERN_NET_ERROR_BAD_FIELD, "message.type" },
    { "{\"type\":\"fly\"}", STERN_NET_ERROR_UNKNOWN_TYPE, "message.type" },
    /* A server message is not a client message. */
    { "{\"type\":\"welcome\",\"protocol\":1,\"server\":\"x\",\"online\":1}",
      STERN_NET_ERROR_UNKNOWN_TYPE, "message.type" },
    { "{\"type\":\"hello\"}", STERN_NET_ERROR_BAD_FIELD, "hello.protocol" },
    { "{\"type\":\"hello\",\"protocol\":\"1\"}", STERN_NET_ERROR_BAD_FIELD, "hello.protocol" },
    { "{\"type\":\"hello\",\"protocol\":1.5}", STERN_NET_ERROR_BAD_FIELD, "hello.protocol" },
    { "{\"type\":\"hello\",\"protocol\":-1}", STERN_NET_ERROR_BAD_FIELD, "hello.protocol" },
    { "{\"type\":\"hello\",\"protocol\":1,\"nick\":\"x\"}", STERN_NET_ERROR_BAD_FIELD, "hello.nick" },
    { "{\"type\":\"hello\",\"protocol\":1,\"name\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"}",
      STERN_NET_ERROR_BAD_FIELD, "hello.name" },
    { "{\"type\":\"hello\",\"protocol\":1,\"name\":\"a\\u0007b\"}", STERN_NET_ERROR_BAD_FIELD, "hello.name" },
    { "{\"type\":\"list\",\"x\":null}", STERN_NET_ERROR_BAD_FIELD, "list.x" },
    /* protocol 2: quick play and chat */
    { "{\"type\":\"quick\"}", STERN_NET_ERROR_BAD_FIELD, "quick.variant" },
    { "{\"type\":\"quick\",\"variant\":\"classic-7\"}", STERN_NET_ERROR_BAD_FIELD, "quick.variant" },
    { "{\"type\":\"quick\",\"variant\":2}", STERN_NET_ERROR_BAD_FIELD, "quick.variant" },
    { "{\"type\":\"quick\",\"variant\":\"halma-8\",\"seat\":\"white\"}", STERN_NET_ERROR_BAD_FIELD, "quick.seat" },
    { "{\"type\":\"quick\",\"variant\":\"halma-8\",\"name\":\"a\\u001bb\"}", STERN_NET_ERROR_BAD_FIELD, "quick.name" },
    { "{\"type\":\"rematch\",\"seat\":\"white\"}", STERN_NET_ERROR_BAD_FIELD, "rematch.seat" },
    { "{\"type\":\"chat\"}", STERN_NET_ERROR_BAD_FIELD, "chat.text" },
    { "{\"type\":\"chat\",\"text\":7}", STERN_NET_ERROR_BAD_FIELD, "chat.text" },
    { "{\"type\":\"chat\",\"text\":\"   \"}", STERN_NET_ERROR_BAD_FIELD, "chat.text" },
    { "{\"type\":\"chat\",\"text\":\"hi\\u0001there\"}", STERN_NET_ERROR_BAD_FIELD, "chat.text" },
    { "{\"type\":\"chat\",\"text\":\"line\\nbreak\"}", STERN_NET_ERROR_BAD_FIELD, "chat.text" },
    { "{\"type\":\"chat\",\"text\":\"hi\",\"seat\":\"white\"}", STERN_NET_ERROR_BAD_FIELD, "chat.seat" },
    { "{\"type\":\"chat\",\"text\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"}",
      STERN_NET_ERROR_BAD_FIELD, "chat.text" },
    { "{\"type\":\"join\"}", STERN_NET_ERROR_BAD_FIELD, "join.code" },
    { "{\"type\":\"join\",\"code\":\"abc\"}", STERN_NET_ERROR_BAD_FIELD, "join.code" },
    { "{\"type\":\"join\",\"code\":\"ABC23O\"}", STERN_NET_ERROR_BAD_FIELD, "join.code" },
    { "{\"type\":\"join\",\"code\":\"ABC234\",\"seat\":\"purple\"}", STERN_NET_ERROR_BAD_FIELD, "join.seat" },
    { "{\"type\":\"join\",\"code\":\"ABC234\",\"seat\":3}", STERN_NET_ERROR_BAD_FIELD, "join.seat" },
    { "{\"type\":\"watch\",\"code\":[]}", STERN_NET_ERROR_BAD_FIELD, "watch.code" },
    { "{\"type\":\"resume\",\"code\":\"ABC234\",\"token\":\"xyz\"}", STERN_NET_ERROR_BAD_FIELD, "resume.token" },
    { "{\"type\":\"resume\",\"code\":\"ABC234\"}", STERN_NET_ERROR_BAD_FIELD, "resume.token" },
    { "{\"type\":\"move\",\"path\":\"m3-m5\"}", STERN_NET_ERROR_BAD_FIELD, "move.ply" },
    { "{\"type\":\"move\",\"ply\":0}", STERN_NET_ERROR_BAD_FIELD, "move.path" },
    { "{\"type\":\"move\",\"ply\":0,\"path\":\"m3\"}", STERN_NET_ERROR_BAD_FIELD, "move.path" },
    { "{\"type\":\"move\",\"ply\":0,\"path\":\"m3-z99\"}", STERN_NET_ERROR_BAD_FIELD, "move.path" },
    { "{\"type\":\"move\",\"ply\":0,\"path\":{}}", STERN_NET_ERROR_BAD_FIELD, "move.path" },
    { "{\"type\":\"move\",\"ply\":99999999999,\"path\":\"m3-m4\"}", STERN_NET_ERROR_BAD_FIELD, "move.ply" },
    { "{\"type\":\"move\",\"ply\":0,\"path\":\"m3-m4\",\"seat\":\"white\"}", STERN_NET_ERROR_BAD_FIELD, "move.seat" },
    { "{\"type\":\"create\",\"preset\":\"table\",\"seats\":[]}", STERN_NET_ERROR_BAD_FIELD, "create.variant" },
    { "{\"type\":\"create\",\"variant\":\"classic-9\",\"preset\":\"table\",\"seats\":[]}",
      STERN_NET_ERROR_BAD_FIELD, "create.variant" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"pub\",\"seats\":[]}",
      STERN_NET_ERROR_BAD_FIELD, "create.preset" },
    /* A room whose game the engine would not start. */
    { "{\"type\":\"create\",\"variant\":\"classic-3\",\"preset\":\"race\",\"seats\":[]}",
      STERN_NET_ERROR_BAD_FIELD, "create.preset" },
    { "{\"type\":\"create\",\"variant\":\"ugolki\",\"preset\":\"club\",\"seats\":[]}",
      STERN_NET_ERROR_BAD_FIELD, "create.preset" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"seats\":[]}",
      STERN_NET_ERROR_BAD_FIELD, "create.seats" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"seats\":"
      "[{\"seat\":\"white\",\"kind\":\"open\"},{\"seat\":\"white\",\"kind\":\"open\"}]}",
      STERN_NET_ERROR_BAD_FIELD, "create.seats[1].seat" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"seats\":"
      "[{\"seat\":\"white\",\"kind\":\"open\"},{\"seat\":\"red\",\"kind\":\"open\"}]}",
      STERN_NET_ERROR_BAD_FIELD, "create.seats[1].seat" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"seats\":"
      "[{\"seat\":\"white\",\"kind\":\"open\"},{\"seat\":\"black\",\"kind\":\"robot\"}]}",
      STERN_NET_ERROR_BAD_FIELD, "create.seats[1].kind" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"seats\":"
      "[{\"seat\":\"white\",\"kind\":\"open\"},{\"seat\":\"black\",\"kind\":\"computer\"}]}",
      STERN_NET_ERROR_BAD_FIELD, "create.seats[1].level" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"seats\":"
      "[{\"seat\":\"white\",\"kind\":\"open\",\"level\":\"easy\"},{\"seat\":\"black\",\"kind\":\"open\"}]}",
      STERN_NET_ERROR_BAD_FIELD, "create.seats[0].level" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"seats\":"
      "[{\"seat\":\"white\",\"kind\":\"open\"},{\"seat\":\"black\",\"kind\":\"computer\",\"level\":\"random\"}]}",
      STERN_NET_ERROR_BAD_FIELD, "create.seats[1].level" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"seats\":"
      "[{\"seat\":\"white\",\"kind\":\"open\",\"colour\":1},{\"seat\":\"black\",\"kind\":\"open\"}]}",
      STERN_NET_ERROR_BAD_FIELD, "create.seats[0].colour" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"clock\":{\"reserve_ms\":-5,\"increment_ms\":0},"
      "\"seats\":[{\"seat\":\"white\",\"kind\":\"open\"},{\"seat\":\"black\",\"kind\":\"open\"}]}",
      STERN_NET_ERROR_BAD_FIELD, "create.clock.reserve_ms" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"clock\":{\"reserve_ms\":5},"
      "\"seats\":[{\"seat\":\"white\",\"kind\":\"open\"},{\"seat\":\"black\",\"kind\":\"open\"}]}",
      STERN_NET_ERROR_BAD_FIELD, "create.clock.increment_ms" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"clock\":7,"
      "\"seats\":[{\"seat\":\"white\",\"kind\":\"open\"},{\"seat\":\"black\",\"kind\":\"open\"}]}",
      STERN_NET_ERROR_BAD_FIELD, "create.clock" },
    { "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\",\"take\":\"green\","
      "\"seats\":[{\"seat\":\"white\",\"kind\":\"open\"},{\"seat\":\"black\",\"kind\":\"open\"}]}",
      STERN_NET_ERROR_BAD_FIELD, NULL },
  };

  for (unsigned i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *field = NULL;
      g_autoptr (SternNetMessage) msg = NULL;

      g_test_message ("%s", bad[i].json);
      msg = stern_net_message_parse (bad[i].json, strlen (bad[i].json), STERN_NET_TO_SERVER,
                                     &field, &error);
      if (msg && bad[i].field == NULL && msg->type == STERN_NET_MSG_CREATE)
        continue;  /* "take: green": valid syntax; the server refuses the seat */
      g_assert_null (msg);
      g_assert_error (error, STERN_NET_ERROR, (gint) bad[i].code);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      if (bad[i].field)
        {
          g_assert_cmpstr (field, ==, bad[i].field);
          g_assert_true (g_str_has_prefix (error->message, bad[i].field));
        }
    }
}

static void
test_bad_server_messages (void)
{
  static const Bad bad[] = {
    { "{\"type\":\"move\",\"ply\":0,\"path\":\"m3-m4\"}", STERN_NET_ERROR_UNKNOWN_TYPE, "message.type" },
    { "{\"type\":\"welcome\",\"protocol\":1,\"server\":\"x\"}", STERN_NET_ERROR_BAD_FIELD, "welcome.online" },
    { "{\"type\":\"joined\",\"code\":\"ABC234\",\"token\":\"0123456789abcdef0123456789abcdef\"}",
      STERN_NET_ERROR_BAD_FIELD, "joined.seat" },
    { "{\"type\":\"action\",\"code\":\"ABC234\",\"ply\":0,\"seat\":\"white\",\"kind\":\"pass\",\"path\":\"m3-m4\",\"over\":false,\"result\":\"*\"}",
      STERN_NET_ERROR_BAD_FIELD, "action.path" },
    { "{\"type\":\"action\",\"code\":\"ABC234\",\"ply\":0,\"seat\":\"white\",\"kind\":\"jump\",\"over\":false,\"result\":\"*\"}",
      STERN_NET_ERROR_BAD_FIELD, "action.kind" },
    { "{\"type\":\"action\",\"code\":\"ABC234\",\"ply\":0,\"seat\":\"white\",\"kind\":\"pass\",\"clocks\":[1,2],\"over\":false,\"result\":\"*\"}",
      STERN_NET_ERROR_BAD_FIELD, "action.clocks" },
    { "{\"type\":\"error\",\"error\":\"oops\",\"message\":\"x\"}", STERN_NET_ERROR_BAD_FIELD, "error.error" },
    /* protocol 2 */
    { "{\"type\":\"quick\",\"variant\":\"halma-8\"}", STERN_NET_ERROR_UNKNOWN_TYPE, "message.type" },
    { "{\"type\":\"chat\",\"text\":\"hi\"}", STERN_NET_ERROR_BAD_FIELD, "chat.code" },
    { "{\"type\":\"chat\",\"code\":\"ABC234\",\"seat\":\"mauve\",\"text\":\"hi\"}", STERN_NET_ERROR_BAD_FIELD, "chat.seat" },
    { "{\"type\":\"chat\",\"code\":\"ABC234\",\"text\":\"\"}", STERN_NET_ERROR_BAD_FIELD, "chat.text" },
    { "{\"type\":\"chat\",\"code\":\"ABC234\",\"name\":\"a\\u0085\",\"text\":\"hi\"}", STERN_NET_ERROR_BAD_FIELD, "chat.name" },
    { "{\"type\":\"lobby\",\"online\":1,\"looking\":-2,\"rooms\":[]}", STERN_NET_ERROR_BAD_FIELD, "lobby.looking" },
    { "{\"type\":\"rematch\"}", STERN_NET_ERROR_UNKNOWN_TYPE, "message.type" },
    { "{\"type\":\"room\",\"code\":\"ABC234\",\"variant\":\"classic-2\",\"preset\":\"table\",\"clock\":{\"reserve_ms\":0,\"increment_ms\":0},"
      "\"seats\":[{\"seat\":\"white\",\"kind\":\"open\",\"taken\":true,\"connected\":true,\"replaced\":false},"
      "{\"seat\":\"black\",\"kind\":\"open\",\"taken\":true,\"connected\":true,\"replaced\":false}],"
      "\"actions\":[],\"rematch\":[\"red\"],\"over\":true,\"result\":\"1-0\"}",
      STERN_NET_ERROR_BAD_FIELD, "room.rematch" },
    { "{\"type\":\"room\",\"code\":\"ABC234\",\"variant\":\"classic-2\",\"preset\":\"table\",\"clock\":{\"reserve_ms\":0,\"increment_ms\":0},"
      "\"seats\":[{\"seat\":\"white\",\"kind\":\"open\",\"taken\":true,\"connected\":true,\"replaced\":false},"
      "{\"seat\":\"black\",\"kind\":\"open\",\"taken\":true,\"connected\":true,\"replaced\":false}],"
      "\"actions\":[],\"rematch\":\"white\",\"over\":true,\"result\":\"1-0\"}",
      STERN_NET_ERROR_BAD_FIELD, "room.rematch" },
    { "{\"type\":\"lobby\",\"online\":1,\"looking\":\"3\",\"rooms\":[]}", STERN_NET_ERROR_BAD_FIELD, "lobby.looking" },
    /* protocol 3: a room's host is a name as names are */
    { "{\"type\":\"lobby\",\"online\":1,\"rooms\":[{\"code\":\"ABC234\",\"variant\":\"classic-2\",\"preset\":\"table\",\"players\":1,\"open\":[\"black\"],\"host\":3}]}",
      STERN_NET_ERROR_BAD_FIELD, "lobby.rooms[0].host" },
    { "{\"type\":\"lobby\",\"online\":1,\"rooms\":[{\"code\":\"ABC234\",\"variant\":\"classic-2\",\"preset\":\"table\",\"players\":1,\"open\":[\"black\"],\"host\":\"\\u202eAnna\"}]}",
      STERN_NET_ERROR_BAD_FIELD, "lobby.rooms[0].host" },
    { "{\"type\":\"lobby\",\"online\":1,\"rooms\":[{\"code\":\"ABC234\",\"variant\":\"classic-2\",\"preset\":\"table\",\"players\":1,\"open\":[\"red\"]}]}",
      STERN_NET_ERROR_BAD_FIELD, "lobby.rooms[0].open" },
    { "{\"type\":\"room\",\"code\":\"ABC234\",\"variant\":\"classic-2\",\"preset\":\"table\",\"clock\":{\"reserve_ms\":0,\"increment_ms\":0},"
      "\"seats\":[{\"seat\":\"white\",\"kind\":\"open\",\"taken\":true,\"connected\":true},"
      "{\"seat\":\"black\",\"kind\":\"open\",\"taken\":false,\"connected\":false,\"replaced\":false}],"
      "\"actions\":[],\"over\":false,\"result\":\"*\"}",
      STERN_NET_ERROR_BAD_FIELD, "room.seats[0].replaced" },
    { "{\"type\":\"room\",\"code\":\"ABC234\",\"variant\":\"classic-2\",\"preset\":\"table\",\"clock\":{\"reserve_ms\":0,\"increment_ms\":0},"
      "\"seats\":[{\"seat\":\"white\",\"kind\":\"open\",\"taken\":true,\"connected\":true,\"replaced\":false},"
      "{\"seat\":\"black\",\"kind\":\"open\",\"taken\":false,\"connected\":false,\"replaced\":false}],"
      "\"actions\":[3],\"over\":false,\"result\":\"*\"}",
      STERN_NET_ERROR_BAD_FIELD, "room.actions[0]" },
  };

  for (unsigned i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *field = NULL;
      g_autoptr (SternNetMessage) msg = NULL;

      g_test_message ("%s", bad[i].json);
      msg = stern_net_message_parse (bad[i].json, strlen (bad[i].json), STERN_NET_TO_CLIENT,
                                     &field, &error);
      g_assert_null (msg);
      g_assert_error (error, STERN_NET_ERROR, (gint) bad[i].code);
      g_assert_cmpstr (field, ==, bad[i].field);
    }
}

static void
test_size_and_encoding (void)
{
  g_autoptr (GString) big = g_string_new ("{\"type\":\"hello\",\"protocol\":1,\"name\":\"");
  g_autoptr (GError) error = NULL;
  g_autoptr (SternNetMessage) msg = NULL;
  const char invalid_utf8[] = "{\"type\":\"hello\",\"protocol\":1,\"name\":\"\xff\xfe\"}";
  const char with_nul[] = "{\"type\":\"list\"}\0{}";

  while (big->len <= STERN_NET_MAX_CLIENT_MESSAGE)
    g_string_append_c (big, 'a');
  g_string_append (big, "\"}");
  msg = stern_net_message_parse (big->str, big->len, STERN_NET_TO_SERVER, NULL, &error);
  g_assert_null (msg);
  g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_TOO_LARGE);
  g_clear_error (&error);

  msg = stern_net_message_parse (invalid_utf8, sizeof invalid_utf8 - 1, STERN_NET_TO_SERVER,
                                 NULL, &error);
  g_assert_null (msg);
  g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_JSON);
  g_clear_error (&error);

  msg = stern_net_message_parse (with_nul, sizeof with_nul - 1, STERN_NET_TO_SERVER, NULL, &error);
  g_assert_null (msg);
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* Deep nesting within the size limit is refused, not a crash. */
  g_string_truncate (big, 0);
  g_string_append (big, "{\"type\":\"list\",\"x\":");
  while (big->len < STERN_NET_MAX_CLIENT_MESSAGE - 2000)
    g_string_append_c (big, '[');
  msg = stern_net_message_parse (big->str, big->len, STERN_NET_TO_SERVER, NULL, &error);
  g_assert_null (msg);
  g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_JSON);
}

static void
test_actions_text (void)
{
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-3"), STERN_PRESET_CLUB);
  g_autoptr (SternGame) copy = stern_game_new (stern_variant_lookup ("classic-3"), STERN_PRESET_CLUB);
  g_autoptr (GError) error = NULL;
  SternMove moves[STERN_MAX_MOVES];
  const char *bad[] = { "resign(", "resign(purple)", "timeout()", "-", "m1-", "--x" };

  /* A few moves, a resignation (the club plays on) and more moves. */
  for (unsigned i = 0; i < 7; i++)
    {
      size_t n = stern_game_legal_moves (game, moves);
      g_assert_cmpuint (n, >, 0);
      g_assert_true (stern_game_play (game, moves[n / 2].from, moves[n / 2].to, NULL));
      if (i == 3)
        g_assert_true (stern_game_resign (game, STERN_BLUE, NULL));
    }
  for (guint i = 0; i < stern_game_get_n_actions (game); i++)
    {
      g_autofree char *text = stern_notation_format_action (stern_game_get_variant (game),
                                                        stern_game_get_action (game, i));
      g_assert_true (stern_net_apply_action_text (copy, text, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (stern_game_get_n_actions (copy), ==, stern_game_get_n_actions (game));
  g_assert_cmpuint (stern_game_get_position (copy)->hash, ==,
                    stern_game_get_position (game)->hash);
  for (unsigned i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_false (stern_net_apply_action_text (copy, bad[i], &error));
      g_assert_nonnull (error);
      g_clear_error (&error);
    }
}

static void
test_codes_and_tokens (void)
{
  char a[STERN_NET_CODE_LEN + 1], b[STERN_NET_CODE_LEN + 1];
  char t[STERN_NET_TOKEN_LEN + 1], u[STERN_NET_TOKEN_LEN + 1];

  stern_net_random_code (a);
  stern_net_random_code (b);
  g_assert_true (stern_net_code_is_valid (a));
  g_assert_true (stern_net_code_is_valid (b));
  stern_net_random_token (t);
  stern_net_random_token (u);
  g_assert_true (stern_net_token_is_valid (t));
  g_assert_cmpstr (t, !=, u);
  g_assert_false (stern_net_code_is_valid ("ABC12"));
  g_assert_false (stern_net_code_is_valid ("ABC1O0"));
  g_assert_false (stern_net_token_is_valid ("0123456789ABCDEF0123456789abcdef"));
}

static void
test_invitations (void)
{
  struct {
    const char *link, *uri, *code;
  } good[] = {
    { "sternhalma://club.example.org:7200/ABC234", "ws://club.example.org:7200/", "ABC234" },
    { "sternhalma://192.168.1.20/QWE789", "ws://192.168.1.20:7130/", "QWE789" },
    { "sternhalma://[::1]:9000/ZZZ999?tls=1", "wss://[::1]:9000/", "ZZZ999" },
    { "STERNHALMA://host:1/ABCDEF?tls=0", "ws://host:1/", "ABCDEF" },
  };
  const char *bad[] = {
    "", "http://host/ABC234", "sternhalma:///ABC234", "sternhalma://host/", "sternhalma://host/abc234",
    "sternhalma://host/ABC2345", "sternhalma://host/ABC234?tls=yes", "sternhalma://host:99999/ABC234",
    "sternhalma://host/ABC234/x", "sternhalma://host/ABC234?key=123",
    "sternhalma://host/ABC234?tls=1&key=0123456789ABCDEF0123456789ABCDEF",
  };

  for (unsigned i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autofree char *uri = NULL;
      char code[STERN_NET_CODE_LEN + 1];
      g_autoptr (GError) error = NULL;

      g_assert_true (stern_net_invitation_parse (good[i].link, &uri, code, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (uri, ==, good[i].uri);
      g_assert_cmpstr (code, ==, good[i].code);
    }
  for (unsigned i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      char code[STERN_NET_CODE_LEN + 1];
      g_autoptr (GError) error = NULL;

      g_test_message ("%s", bad[i]);
      g_assert_false (stern_net_invitation_parse (bad[i], NULL, code, &error));
      g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD);
      g_assert_true (g_str_has_prefix (error->message, "invitation: "));
    }

  /* What format writes, parse reads back. */
  {
    g_autofree char *link = stern_net_invitation_format ("fe80::1", 7130, TRUE, "ABC234");
    g_autofree char *uri = NULL;
    char code[STERN_NET_CODE_LEN + 1];

    g_assert_cmpstr (link, ==, "sternhalma://[fe80::1]:7130/ABC234?tls=1");
    g_assert_true (stern_net_invitation_parse (link, &uri, code, NULL));
    g_assert_cmpstr (uri, ==, "wss://[fe80::1]:7130/");
    g_assert_cmpstr (code, ==, "ABC234");
  }

  /* An invited seat's link carries its key; one without has none. */
  {
    char key[STERN_NET_TOKEN_LEN + 1];
    char back[STERN_NET_TOKEN_LEN + 1];
    char code[STERN_NET_CODE_LEN + 1];
    g_autofree char *uri = NULL;
    g_autofree char *plain = stern_net_invitation_format_key ("host", 7130, FALSE, "ABC234", NULL);
    g_autofree char *link = NULL;
    g_autofree char *tls_link = NULL;

    stern_net_random_token (key);
    link = stern_net_invitation_format_key ("host", 7130, FALSE, "ABC234", key);
    tls_link = stern_net_invitation_format_key ("host", 7130, TRUE, "ABC234", key);
    {
      g_autofree char *want = g_strconcat ("sternhalma://host:7130/ABC234?key=", key, NULL);
      g_autofree char *want_tls = g_strconcat ("sternhalma://host:7130/ABC234?tls=1&key=", key,
                                               NULL);
      g_assert_cmpstr (link, ==, want);
      g_assert_cmpstr (tls_link, ==, want_tls);
    }
    g_assert_true (stern_net_invitation_parse_key (link, NULL, code, back, NULL));
    g_assert_cmpstr (back, ==, key);
    g_assert_true (stern_net_invitation_parse_key (tls_link, &uri, code, back, NULL));
    g_assert_cmpstr (back, ==, key);
    g_assert_cmpstr (uri, ==, "wss://host:7130/");
    g_assert_true (stern_net_invitation_parse_key (plain, NULL, code, back, NULL));
    g_assert_cmpstr (back, ==, "");
  }

  /* Room codes: every letter of the alphabet comes, none more than chance
   * allows (a byte % 31 favoured the first 8 letters by 9 to 8). */
  {
    static const char alphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    guint counts[sizeof alphabet - 1] = { 0 };
    const guint n_codes = 31 * 400;

    for (guint i = 0; i < n_codes; i++)
      {
        char code[STERN_NET_CODE_LEN + 1];

        stern_net_random_code (code);
        g_assert_true (stern_net_code_is_valid (code));
        for (unsigned c = 0; c < STERN_NET_CODE_LEN; c++)
          counts[strchr (alphabet, code[c]) - alphabet]++;
      }
    /* Each letter is expected 2400 times (sd about 48); with the old bias
     * the first eight came about 2640 times and the rest 2350. */
    {
      guint first8 = 0, rest = 0;

      for (unsigned c = 0; c < 31; c++)
        {
          g_assert_cmpuint (counts[c], >, 2150);
          g_assert_cmpuint (counts[c], <, 2650);
          if (c < 8)
            first8 += counts[c];
          else
            rest += counts[c];
        }
      /* The first eight letters' share: 8/31 = 25.8 %, biased 28.2 %. */
      g_assert_cmpfloat ((double) first8 / (first8 + rest), <, 0.27);
    }
  }
}

/* What json-glib alone takes and the protocol does not: each is bad-json. */
static void
test_strict_json (void)
{
  static const char *const bad[] = {
    "{\"type\":\"list\",\"type\":\"list\"}",                         /* a member twice */
    "{\"type\":\"list\",\"typ\\u0065\":\"list\"}",                   /* the same, escaped */
    "{\"type\":\"list\"} {\"type\":\"list\"}",                       /* two objects */
    "{\"type\":\"list\"}x",
    "{\"type\":\"list\"} // a comment",
    "/* c */ {\"type\":\"list\"}",
    "{'type':'list'}",                                              /* single quotes */
    "{\"type\":\"list\",}",                                         /* trailing comma */
    "{\"type\":\"hello\",\"protocol\":1,\"name\":\"a\\u0000b\"}",   /* NUL */
    "{\"type\":\"hello\",\"protocol\":1,\"name\":\"\\ud800\"}",     /* lone surrogate */
    "{\"type\":\"hello\",\"protocol\":18446744073709551618}",       /* too long to be exact */
    "{\"type\":\"hello\",\"protocol\":02}",
    "{\"type\":\"hello\",\"protocol\":2.}",
    "{\"type\":\"list\",\"x\":[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]}",
  };
  const char *ok = "{\"type\":\"hello\",\"protocol\":2,\"name\":\"\\ud83d\\ude00 \\u00e9\\/\"}";
  g_autoptr (SternNetMessage) good = NULL;
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) e = NULL;
      g_autoptr (SternNetMessage) msg = NULL;

      g_test_message ("%s", bad[i]);
      msg = stern_net_message_parse (bad[i], strlen (bad[i]), STERN_NET_TO_SERVER, NULL, &e);
      g_assert_null (msg);
      g_assert_error (e, STERN_NET_ERROR, STERN_NET_ERROR_BAD_JSON);
      g_assert_true (g_utf8_validate (e->message, -1, NULL));
    }
  good = stern_net_message_parse (ok, strlen (ok), STERN_NET_TO_SERVER, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (good->name, ==, "\xf0\x9f\x98\x80 \xc3\xa9/");
}

/* Names: at most 40 characters (not bytes), nothing invisible. */
static void
test_names (void)
{
  static const char *const bad[] = {
    "Eve\\u202eevil",        /* right-to-left override (Cf) */
    "Ev\\u200be",            /* zero-width space (Cf) */
    "Ev\\u200de",            /* zero-width joiner (Cf) */
    "Eve\\ufeff",            /* byte order mark (Cf) */
    "Eve\\u2028Bob",         /* line separator (Zl) */
    "Eve\\u2029Bob",         /* paragraph separator (Zp) */
    "Eve\\uffff",            /* noncharacter */
    "Eve\\ufdd0",            /* noncharacter */
    "Eve\\ud83f\\udffe",     /* U+1FFFE, a noncharacter */
    "Eve\\u0085",            /* next line (Cc) */
  };
  GString *forty = g_string_new (NULL);
  g_autofree char *json = NULL;
  g_autoptr (SternNetMessage) msg = NULL;
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *m = g_strdup_printf ("{\"type\":\"hello\",\"protocol\":2,\"name\":\"%s\"}", bad[i]);
      g_autofree char *field = NULL;
      g_autoptr (GError) e = NULL;
      g_autoptr (SternNetMessage) refused = NULL;

      g_test_message ("%s", m);
      refused = stern_net_message_parse (m, strlen (m), STERN_NET_TO_SERVER, &field, &e);
      g_assert_null (refused);
      g_assert_error (e, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD);
      g_assert_cmpstr (field, ==, "hello.name");
    }
  /* Forty characters of two bytes each: 80 bytes, allowed. */
  for (guint i = 0; i < 40; i++)
    g_string_append (forty, "\xc3\xa9");
  json = g_strdup_printf ("{\"type\":\"hello\",\"protocol\":2,\"name\":\"%s\"}", forty->str);
  msg = stern_net_message_parse (json, strlen (json), STERN_NET_TO_SERVER, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_utf8_strlen (msg->name, -1), ==, 40);
  g_clear_pointer (&json, g_free);
  g_clear_pointer (&msg, stern_net_message_free);
  /* Forty-one are not. */
  json = g_strdup_printf ("{\"type\":\"hello\",\"protocol\":2,\"name\":\"%sa\"}", forty->str);
  msg = stern_net_message_parse (json, strlen (json), STERN_NET_TO_SERVER, NULL, &error);
  g_assert_null (msg);
  g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD);
  g_string_free (forty, TRUE);
}

/* What the game sends as its name is always taken. */
static void
test_name_clean (void)
{
  static const struct { const char *in, *out; } cases[] = {
    { "Anna", "Anna" },
    { "  Anna  ", "Anna" },
    { "Eve\xe2\x80\xae" "evil", "Eveevil" },                 /* U+202E */
    { "Bo\xe2\x80\x8b\xe2\x80\x8dris", "Boris" },        /* U+200B, U+200D */
    { "A\xe2\x80\xa8" "B\xef\xbf\xbf", "AB" },             /* U+2028, U+FFFF */
    { "Z\x01\x7f\xc2\x85", "Z" },                          /* Cc */
    { "bad\xff" " utf", "bad utf" },
    { "\xe2\x80\x8b", NULL },
    { "123456789012345678901234567890123456789012345", "1234567890123456789012345678901234567890" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *clean = stern_net_name_clean (cases[i].in);

      g_assert_cmpstr (clean, ==, cases[i].out);
      if (clean)
        {
          g_autofree char *json = g_strdup_printf ("{\"type\":\"hello\",\"protocol\":2,\"name\":\"%s\"}", clean);
          g_autoptr (GError) error = NULL;
          g_autoptr (SternNetMessage) msg = stern_net_message_parse (json, strlen (json),
                                                                    STERN_NET_TO_SERVER, NULL, &error);
          g_assert_no_error (error);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/protocol/round-trip/client", test_round_trip_client);
  g_test_add_func ("/net/protocol/round-trip/every-type", test_round_trip_every_type);
  g_test_add_func ("/net/protocol/round-trip/server", test_round_trip_server);
  g_test_add_func ("/net/protocol/bad/client", test_bad_client_messages);
  g_test_add_func ("/net/protocol/bad/server", test_bad_server_messages);
  g_test_add_func ("/net/protocol/size-and-encoding", test_size_and_encoding);
  g_test_add_func ("/net/protocol/actions-text", test_actions_text);
  g_test_add_func ("/net/protocol/codes-and-tokens", test_codes_and_tokens);
  g_test_add_func ("/net/protocol/invitations", test_invitations);
  g_test_add_func ("/net/protocol/strict-json", test_strict_json);
  g_test_add_func ("/net/protocol/names", test_names);
  g_test_add_func ("/net/protocol/name-clean", test_name_clean);
  return g_test_run ();
}
