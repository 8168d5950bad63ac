/* test-net-game.c: a server in this process on 127.0.0.1 and clients over
 * real WebSocket connections: whole games, a spectator, refused input,
 * the lobby, reconnecting, and the computer taking over a seat.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-net"

#include <glib/gstdio.h>
#include <string.h>

#include "net-test-util.h"
#include "stern-notation.h"
#include "stern-room.h"
#include "stern-server.h"
#include "stern-server-private.h"
#include "stern-store-private.h"

typedef struct {
  char        *dir;
  SternServer *server;
  guint        port;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  guint grace_ms = GPOINTER_TO_UINT (data);

  f->dir = g_dir_make_tmp ("stern-net-XXXXXX", &error);
  g_assert_no_error (error);
  f->server = stern_server_new (f->dir);
  stern_server_set_grace (f->server, grace_ms ? grace_ms : 5000);
  stern_server_set_replacement_level (f->server, STERN_LEVEL_EASY);
  g_assert_cmpuint (stern_server_load (f->server), ==, 0);
  f->port = net_listen_local (f->server);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  stern_server_disconnect (f->server);
  g_clear_object (&f->server);
  /* Let closing connections and finished worker tasks wind down. */
  test_spin (50);
  temp_dir_remove (f->dir);
  g_free (f->dir);
}

static SternRoom *
server_room (Fixture *f, Peer *peer)
{
  const char *code = stern_net_client_get_code (peer->client);
  g_assert_nonnull (code);
  return stern_server_lookup_room (f->server, code);
}

/* Creates a room with `setup`, the creator taking `take`; returns the code. */
static const char *
create_room (Peer *creator, const SternNetSetup *setup, guint take)
{
  guint joined = creator->n_joined;

  stern_net_client_create (creator->client, setup, take);
  g_assert_true (peer_wait_joined (creator, joined));
  g_assert_cmpuint (stern_net_client_get_seat (creator->client), ==, take);
  return stern_net_client_get_code (creator->client);
}

static void
join_room (Peer *peer, const char *code, guint seat)
{
  guint joined = peer->n_joined;

  stern_net_client_join (peer->client, code, seat);
  g_assert_true (peer_wait_joined (peer, joined));
}

/* ---- a whole game, watched ---- */

/* The server has let go of the room with this code. */
typedef struct {
  SternServer *server;
  const char  *code;
} RoomGone;

static gboolean
room_gone (gpointer data)
{
  const RoomGone *gone = data;

  return stern_server_lookup_room (gone->server, gone->code) == NULL;
}

static void
test_whole_game (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autoptr (Peer) watcher = peer_new (f->port, NULL);
  SternNetSetup setup;
  const char *code;
  SternRoom *room;
  const SternGame *truth;
  g_autoptr (SternRoom) reloaded = NULL;
  g_autoptr (GError) error = NULL;

  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  code = create_room (anna, &setup, STERN_WHITE);

  stern_net_client_watch (watcher->client, code);
  g_assert_true (test_wait_until (peer_has_room, watcher, 5000));
  g_assert_cmpuint (stern_net_client_get_seat (watcher->client), ==, STERN_NO_SEAT);

  anna->autoplay = boris->autoplay = TRUE;
  join_room (boris, code, STERN_NO_SEAT);
  g_assert_cmpuint (stern_net_client_get_seat (boris->client), ==, STERN_BLACK);

  g_assert_true (peer_wait_over (watcher, 120000));
  g_assert_true (peer_wait_over (anna, 5000));
  g_assert_true (peer_wait_over (boris, 5000));

  room = server_room (f, anna);
  g_assert_nonnull (room);
  truth = stern_room_get_game (room);
  g_assert_true (stern_game_is_over (truth));
  g_test_message ("game over after %u actions", stern_game_get_n_actions (truth));
  g_assert_cmpuint (stern_game_get_n_actions (truth), >, 20);

  /* The spectator saw every action, one message each, and holds the same game. */
  g_assert_cmpuint (watcher->n_actions, ==, stern_game_get_n_actions (truth));
  g_assert_cmpuint (watcher->actions_by_seat[STERN_WHITE] + watcher->actions_by_seat[STERN_BLACK],
                    ==, stern_game_get_n_actions (truth));
  for (Peer **p = (Peer *[]) { anna, boris, watcher, NULL }; *p; p++)
    {
      const SternGame *copy = stern_net_client_get_game ((*p)->client);
      g_autofree char *a = stern_record_result (copy);
      g_autofree char *b = stern_record_result (truth);

      g_assert_cmpuint (stern_game_get_n_actions (copy), ==, stern_game_get_n_actions (truth));
      g_assert_cmpuint (stern_game_get_position (copy)->hash, ==,
                        stern_game_get_position (truth)->hash);
      g_assert_cmpstr (a, ==, b);
      g_assert_cmpuint ((*p)->errors->len, ==, 0);
    }

  /* The store holds the whole game. */
  reloaded = stern_room_load (stern_server_get_store (f->server), code, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (reloaded)), ==,
                    stern_game_get_n_actions (truth));
  g_assert_cmpuint (stern_game_get_position (stern_room_get_game (reloaded))->hash, ==,
                    stern_game_get_position (truth)->hash);

  /* Once everyone has left, the finished room leaves memory … */
  {
    g_autofree char *kept = g_strdup (code);
    guint n = stern_game_get_n_actions (truth);
    g_autoptr (Peer) late = NULL;

    g_clear_pointer (&anna, peer_free);
    g_clear_pointer (&boris, peer_free);
    g_clear_pointer (&watcher, peer_free);
    {
      RoomGone gone = { f->server, kept };

      g_assert_true (test_wait_until (room_gone, &gone, 10000));
    }

    /* … and comes back from its file for whoever asks: it can be watched,
     * not joined. */
    late = peer_new (f->port, "Late");
    stern_net_client_watch (late->client, kept);
    g_assert_true (test_wait_until (peer_has_room, late, 5000));
    g_assert_true (stern_net_client_get_room (late->client)->over);
    g_assert_cmpuint (stern_game_get_n_actions (stern_net_client_get_game (late->client)), ==, n);
    stern_net_client_join (late->client, kept, STERN_NO_SEAT);
    g_assert_cmpint (peer_wait_error (late, 0, NULL), ==, STERN_NET_ERROR_GAME_OVER);
  }
}

/* ---- refused input changes nothing ---- */

static void
expect_refused (Peer *peer, SternNetErrorCode code, const char *field)
{
  guint before = peer->errors->len;
  const char *got_field = NULL;

  g_assert_cmpint (peer_wait_error (peer, before, &got_field), ==, code);
  if (field)
    g_assert_cmpstr (got_field, ==, field);
}

static void
send_path (Peer *peer, guint ply, const char *text)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_MOVE);
  size_t len;

  g_assert_true (stern_notation_parse_path (text, msg->path, &len, NULL));
  msg->path_len = len;
  msg->ply = ply;
  stern_net_client_send (peer->client, msg);
}

static void
test_refused (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autoptr (Peer) watcher = peer_new (f->port, NULL);
  g_autoptr (Peer) flood = peer_new (f->port, NULL);
  g_autoptr (GString) big = g_string_new ("{\"type\":\"list\",\"pad\":\"");
  SternNetSetup setup;
  const char *code;
  SternRoom *room;
  guint64 hash;
  guint before;

  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  code = create_room (anna, &setup, STERN_WHITE);

  /* Before the game starts nobody moves. */
  send_path (anna, 0, "l4-l5");
  expect_refused (anna, STERN_NET_ERROR_STATE, NULL);

  join_room (boris, code, STERN_BLACK);
  stern_net_client_watch (watcher->client, code);
  g_assert_true (test_wait_until (peer_has_room, watcher, 5000));
  room = server_room (f, anna);

  /* White is on turn: black may not move a white marble nor its own. */
  send_path (boris, 0, "l4-l5");
  expect_refused (boris, STERN_NET_ERROR_NOT_YOUR_TURN, NULL);
  send_path (boris, 0, "f14-f13");
  expect_refused (boris, STERN_NET_ERROR_NOT_YOUR_TURN, NULL);
  /* The spectator cannot move at all. */
  send_path (watcher, 0, "l4-l5");
  expect_refused (watcher, STERN_NET_ERROR_NOT_A_PLAYER, NULL);
  /* White: an illegal move, a stale ply, black's marble. */
  send_path (anna, 0, "l4-l6");
  expect_refused (anna, STERN_NET_ERROR_ILLEGAL, NULL);
  send_path (anna, 5, "l4-l5");
  expect_refused (anna, STERN_NET_ERROR_STALE, NULL);
  send_path (anna, 0, "f14-f13");
  expect_refused (anna, STERN_NET_ERROR_ILLEGAL, NULL);
  /* Malformed and oversized frames. */
  stern_net_client_send_text (anna->client, "{\"type\":\"move\"");
  expect_refused (anna, STERN_NET_ERROR_BAD_JSON, NULL);
  stern_net_client_send_text (anna->client, "{\"type\":\"move\",\"ply\":0,\"path\":\"l4-l5\",\"seat\":\"black\"}");
  expect_refused (anna, STERN_NET_ERROR_BAD_FIELD, "move.seat");
  stern_net_client_send_text (anna->client, "{\"type\":\"move\",\"ply\":\"0\",\"path\":\"l4-l5\"}");
  expect_refused (anna, STERN_NET_ERROR_BAD_FIELD, "move.ply");
  while (big->len < 3 * STERN_NET_MAX_CLIENT_MESSAGE)
    g_string_append_c (big, 'x');
  g_string_append (big, "\"}");
  stern_net_client_send_text (anna->client, big->str);
  expect_refused (anna, STERN_NET_ERROR_TOO_LARGE, NULL);
  stern_net_client_send_text (anna->client, "{\"type\":\"join\",\"code\":\"AAAAAA\"}");
  expect_refused (anna, STERN_NET_ERROR_NO_ROOM, "join.code");
  stern_net_client_send_text (anna->client, "{\"type\":\"resume\",\"code\":\"AAAAAA\",\"token\":\"0123456789abcdef0123456789abcdef\"}");
  expect_refused (anna, STERN_NET_ERROR_NO_ROOM, NULL);

  /* Nothing changed: no action anywhere, the server's game at the start. */
  test_spin (100);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (room)), ==, 0);
  g_assert_cmpuint (watcher->n_actions, ==, 0);
  g_assert_false (anna->closed || boris->closed || watcher->closed);

  /* A flood is slowed down; the server goes on serving. */
  for (unsigned i = 0; i < 100; i++)
    stern_net_client_list (flood->client);
  g_assert_true (peer_wait_error (flood, 0, NULL) == STERN_NET_ERROR_RATE_LIMITED);

  /* The same connections still play. */
  hash = stern_game_get_position (stern_room_get_game (room))->hash;
  send_path (anna, 0, "l4-l5");
  g_assert_true (peer_wait_actions (watcher, 1));
  g_assert_cmpuint (stern_game_get_position (stern_room_get_game (room))->hash, !=, hash);
  /* Now black is on turn and white may not move again. */
  before = anna->errors->len;
  send_path (anna, 1, "m4-m5");
  expect_refused (anna, STERN_NET_ERROR_NOT_YOUR_TURN, NULL);
  g_assert_cmpuint (anna->errors->len, ==, before + 1);
  send_path (boris, 1, "f14-f13");
  g_assert_true (peer_wait_actions (watcher, 2));
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (room)), ==, 2);
  g_assert_cmpuint (boris->errors->len, ==, 2);
}

/* ---- the lobby ---- */

typedef struct {
  Peer *peer;
  guint n;
} LobbyWait;

static gboolean
has_lobby (gpointer data)
{
  LobbyWait *w = data;
  return w->peer->n_lobby > w->n;
}

static gboolean
lobby_lists (Peer *peer, const char *code)
{
  for (guint i = 0; peer->lobby && i < peer->lobby->rooms->len; i++)
    if (strcmp (g_array_index (peer->lobby->rooms, SternNetLobbyRoom, i).code, code) == 0)
      return TRUE;
  return FALSE;
}

static void
invited_cb (SternNetClient *client, const SternNetMessage *msg, char *key)
{
  g_assert_cmpuint (msg->seat, ==, STERN_BLUE);
  g_strlcpy (key, msg->key, STERN_NET_TOKEN_LEN + 1);
}

static gboolean
has_key (gpointer key)
{
  return ((char *) key)[0] != '\0';
}

static void
test_lobby (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autoptr (Peer) carla = peer_new (f->port, "Carla");
  SternNetSetup setup;
  char open_code[STERN_NET_CODE_LEN + 1], private_code[STERN_NET_CODE_LEN + 1];
  char key[STERN_NET_TOKEN_LEN + 1] = "";
  LobbyWait w = { carla, 0 };

  net_setup_open (&setup, "classic-3", STERN_PRESET_CLUB);
  g_strlcpy (open_code, create_room (anna, &setup, STERN_WHITE), sizeof open_code);
  setup.seats[STERN_BLUE].kind = STERN_NET_SEAT_INVITED;
  setup.seats[STERN_YELLOW].kind = STERN_NET_SEAT_COMPUTER;
  setup.seats[STERN_YELLOW].level = STERN_LEVEL_EASY;
  g_signal_connect (boris->client, "invited", G_CALLBACK (invited_cb), key);
  g_strlcpy (private_code, create_room (boris, &setup, STERN_WHITE), sizeof private_code);
  /* The creator alone hears the invited seat's key. */
  g_assert_true (test_wait_until (has_key, key, 5000));

  stern_net_client_list (carla->client);
  g_assert_true (test_wait_until (has_lobby, &w, 5000));
  g_assert_cmpuint (carla->lobby->online, ==, 3);
  g_assert_true (lobby_lists (carla, open_code));
  /* Only invited and computer seats left: not listed, but joinable by code. */
  g_assert_false (lobby_lists (carla, private_code));
  for (guint i = 0; i < carla->lobby->rooms->len; i++)
    {
      const SternNetLobbyRoom *r = &g_array_index (carla->lobby->rooms, SternNetLobbyRoom, i);
      if (strcmp (r->code, open_code) == 0)
        {
          g_assert_cmpuint (r->players, ==, 1);
          g_assert_cmpuint (r->n_open, ==, 2);
        }
    }
  /* The code alone does not take the invited seat, nor does a wrong key. */
  stern_net_client_join (carla->client, private_code, STERN_BLUE);
  g_assert_cmpint (peer_wait_error (carla, 0, NULL), ==, STERN_NET_ERROR_BAD_TOKEN);
  stern_net_client_join (carla->client, private_code, STERN_NO_SEAT);
  g_assert_cmpint (peer_wait_error (carla, 1, NULL), ==, STERN_NET_ERROR_SEAT_TAKEN);
  stern_net_client_join_with_key (carla->client, private_code, STERN_BLUE,
                                  "0123456789abcdef0123456789abcdef");
  g_assert_cmpint (peer_wait_error (carla, 2, NULL), ==, STERN_NET_ERROR_BAD_TOKEN);
  {
    guint joined = carla->n_joined;

    stern_net_client_join_with_key (carla->client, private_code, STERN_NO_SEAT, key);
    g_assert_true (peer_wait_joined (carla, joined));
  }
  g_assert_cmpuint (stern_net_client_get_seat (carla->client), ==, STERN_BLUE);

  /* The computer seat cannot be taken, nor a taken one. */
  {
    g_autoptr (Peer) dan = peer_new (f->port, "Dan");
    stern_net_client_join (dan->client, private_code, STERN_YELLOW);
    g_assert_cmpint (peer_wait_error (dan, 0, NULL), ==, STERN_NET_ERROR_SEAT_TAKEN);
    stern_net_client_join (dan->client, open_code, STERN_WHITE);
    g_assert_cmpint (peer_wait_error (dan, 1, NULL), ==, STERN_NET_ERROR_SEAT_TAKEN);
    stern_net_client_join (dan->client, open_code, STERN_BLACK);
    g_assert_cmpint (peer_wait_error (dan, 2, NULL), ==, STERN_NET_ERROR_BAD_FIELD);
  }
}

/* ---- protocol 2: quick play, chat, spectators ---- */

typedef struct {
  GPtrArray *lines;   /* "seat|name|text" */
} ChatLog;

static void
on_chat (SternNetClient *client, const SternNetMessage *msg, gpointer user_data)
{
  ChatLog *log = user_data;

  g_ptr_array_add (log->lines,
                   g_strdup_printf ("%s|%s|%s",
                                    msg->seat != STERN_NO_SEAT ? stern_seat_colour_name (msg->seat) : "-",
                                    msg->name ? msg->name : "", msg->text));
}

typedef struct {
  ChatLog *log;
  guint    n;
} ChatWait;

static gboolean
has_lines (gpointer data)
{
  ChatWait *w = data;
  return w->log->lines->len >= w->n;
}

typedef struct {
  Peer  *peer;
  guint  spectators;
} SpectatorWait;

static gboolean
spectators_are (gpointer data)
{
  SpectatorWait *w = data;
  const SternNetMessage *room = stern_net_client_get_room (w->peer->client);
  return room != NULL && room->spectators == w->spectators;
}

static void
test_quick_and_chat (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autoptr (Peer) carla = peer_new (f->port, "Carla");
  g_autoptr (Peer) dan = peer_new (f->port, "Dan");
  ChatLog anna_log = { g_ptr_array_new_with_free_func (g_free) };
  ChatLog carla_log = { g_ptr_array_new_with_free_func (g_free) };
  const SternVariant *ugolki = stern_variant_lookup ("ugolki");
  LobbyWait w = { dan, 0 };
  SpectatorWait sw = { anna, 1 };
  guint refused = 0;
  char code[STERN_NET_CODE_LEN + 1];

  g_signal_connect (anna->client, "chat", G_CALLBACK (on_chat), &anna_log);
  g_signal_connect (carla->client, "chat", G_CALLBACK (on_chat), &carla_log);

  /* Nobody waits: Anna gets a room of her own, listed for others, and
   * counted as looking for an opponent. */
  stern_net_client_quick (anna->client, ugolki);
  g_assert_true (peer_wait_joined (anna, 0));
  g_strlcpy (code, stern_net_client_get_code (anna->client), sizeof code);
  g_assert_cmpuint (stern_net_client_get_seat (anna->client), ==, STERN_WHITE);
  g_assert_true (test_wait_until (peer_has_room, anna, 5000));
  g_assert_true (stern_net_client_get_room (anna->client)->setup.variant == ugolki);
  g_assert_cmpuint (stern_net_client_get_room (anna->client)->turn, ==, STERN_NO_SEAT);
  stern_net_client_list (dan->client);
  g_assert_true (test_wait_until (has_lobby, &w, 5000));
  g_assert_cmpuint (dan->lobby->looking, ==, 1);
  g_assert_true (lobby_lists (dan, code));

  /* Boris asks for the same game: he is seated with Anna, and it starts. */
  stern_net_client_quick (boris->client, ugolki);
  g_assert_true (peer_wait_joined (boris, 0));
  g_assert_cmpstr (stern_net_client_get_code (boris->client), ==, code);
  g_assert_cmpuint (stern_net_client_get_seat (boris->client), ==, STERN_BLACK);

  /* A one-player game is not played online. */
  stern_net_client_quick (dan->client, stern_variant_lookup ("solo"));
  g_assert_cmpint (peer_wait_error (dan, 0, NULL), ==, STERN_NET_ERROR_BAD_FIELD);

  /* Carla watches: everyone in the room is told there is one spectator. */
  stern_net_client_watch (carla->client, code);
  g_assert_true (test_wait_until (spectators_are, &sw, 5000));

  /* A line of chat reaches everyone in the room, with who said it. */
  stern_net_client_chat (boris->client, "  good luck  ");
  {
    ChatWait cw = { &anna_log, 1 }, cw2 = { &carla_log, 1 };
    g_assert_true (test_wait_until (has_lines, &cw, 5000));
    g_assert_true (test_wait_until (has_lines, &cw2, 5000));
  }
  g_assert_cmpstr (g_ptr_array_index (anna_log.lines, 0), ==, "black|Boris|good luck");
  g_assert_cmpstr (g_ptr_array_index (carla_log.lines, 0), ==, "black|Boris|good luck");
  stern_net_client_chat (carla->client, "watching");
  {
    ChatWait cw = { &anna_log, 2 };
    g_assert_true (test_wait_until (has_lines, &cw, 5000));
  }
  g_assert_cmpstr (g_ptr_array_index (anna_log.lines, 1), ==, "-|Carla|watching");
  /* Invisible format characters (a right-to-left override, zero-width
   * space and joiner, byte-order mark) are taken out of the line, as
   * names may not hold them either; a line of nothing else is refused. */
  stern_net_client_chat (carla->client, "\xe2\x80\xae" "g\xe2\x80\x8bg\xe2\x80\x8d\xef\xbb\xbf");
  {
    ChatWait cw = { &anna_log, 3 };
    g_assert_true (test_wait_until (has_lines, &cw, 5000));
  }
  g_assert_cmpstr (g_ptr_array_index (anna_log.lines, 2), ==, "-|Carla|gg");
  {
    const char *field = NULL;

    stern_net_client_chat (carla->client, "\xe2\x80\x8b \xe2\x80\xae");
    g_assert_cmpint (peer_wait_error (carla, 0, &field), ==, STERN_NET_ERROR_BAD_FIELD);
    g_assert_cmpstr (field, ==, "chat.text");
    peer_sync (anna);
    g_assert_cmpuint (anna_log.lines->len, ==, 3);
  }

  /* Dan is in no room: his line goes nowhere. */
  stern_net_client_chat (dan->client, "hello?");
  g_assert_cmpint (peer_wait_error (dan, 1, NULL), ==, STERN_NET_ERROR_STATE);

  /* A flood is refused past the burst; the room hears only the burst. */
  for (guint i = 0; i < 8; i++)
    stern_net_client_chat (boris->client, "spam");
  for (guint i = 0; i < 8 && peer_wait_error (boris, refused, NULL) == STERN_NET_ERROR_RATE_LIMITED; i++)
    refused++;
  g_assert_cmpuint (refused, >=, 3);
  g_assert_cmpuint (anna_log.lines->len, <=, 3 + 5);

  /* Malformed lines are refused by the parser, naming the member. */
  {
    const char *field = NULL;
    guint before = boris->errors->len;

    stern_net_client_send_text (boris->client, "{\"type\":\"chat\",\"text\":\"a\\u0007\"}");
    g_assert_cmpint (peer_wait_error (boris, before, &field), ==, STERN_NET_ERROR_BAD_FIELD);
    g_assert_cmpstr (field, ==, "chat.text");
  }

  g_ptr_array_unref (anna_log.lines);
  g_ptr_array_unref (carla_log.lines);
}

/* A newcomer to a room hears of it once: a spectator's arrival is
 * announced to everyone in the room, the newcomer included, and that is
 * its answer. */
static void
test_room_once (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autoptr (Peer) carla = peer_new (f->port, "Carla");
  SternNetSetup setup;
  const char *code;

  /* A room made without a seat for its maker, who watches it. */
  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  stern_net_client_create (anna->client, &setup, STERN_NO_SEAT);
  g_assert_true (test_wait_until (peer_has_room, anna, 5000));
  peer_sync (anna);
  g_assert_cmpuint (anna->n_rooms, ==, 1);
  g_assert_cmpuint (stern_net_client_get_room (anna->client)->spectators, ==, 1);
  code = stern_net_client_get_code (anna->client);

  /* A watcher; the one already there hears of the second spectator. */
  stern_net_client_watch (carla->client, code);
  g_assert_true (test_wait_until (peer_has_room, carla, 5000));
  peer_sync (carla);
  g_assert_cmpuint (carla->n_rooms, ==, 1);
  g_assert_cmpuint (stern_net_client_get_room (carla->client)->spectators, ==, 2);
  peer_sync (anna);
  g_assert_cmpuint (anna->n_rooms, ==, 2);

  /* A player is answered with the room once too. */
  join_room (boris, code, STERN_WHITE);
  peer_sync (boris);
  g_assert_cmpuint (boris->n_rooms, ==, 1);
  g_assert_cmpuint (anna->errors->len + boris->errors->len + carla->errors->len, ==, 0);
}

/* One rematch per finished game: a player who left and comes back to
 * the finished room (read back from the store by then) and asks for a
 * rematch is seated in the one the other player opened, not in a second. */
static void
test_rematch_once (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autofree char *code = NULL, *token = NULL, *again = NULL;
  SternNetSetup setup;
  RoomGone gone = { f->server, NULL };

  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  code = g_strdup (create_room (anna, &setup, STERN_WHITE));
  join_room (boris, code, STERN_BLACK);
  token = g_strdup (stern_net_client_get_token (boris->client));
  stern_net_client_resign (anna->client);
  g_assert_true (peer_wait_over (boris, 5000));
  stern_net_client_leave (boris->client);
  peer_sync (boris);

  /* Anna alone asks: her rematch opens, with Boris's seat waiting. */
  stern_net_client_rematch (anna->client);
  g_assert_true (peer_wait_joined (anna, 1));
  again = g_strdup (stern_net_client_get_code (anna->client));
  g_assert_cmpstr (again, !=, code);
  g_assert_cmpuint (stern_net_client_get_seat (anna->client), ==, STERN_BLACK);
  gone.code = code;
  g_assert_true (test_wait_until (room_gone, &gone, 5000));

  /* Boris comes back to the finished game and asks too. */
  stern_net_client_resume (boris->client, code, token);
  g_assert_true (peer_wait_joined (boris, 1));
  stern_net_client_rematch (boris->client);
  g_assert_true (peer_wait_joined (boris, 2));
  g_assert_cmpstr (stern_net_client_get_code (boris->client), ==, again);
  g_assert_cmpuint (stern_net_client_get_seat (boris->client), ==, STERN_WHITE);
  g_assert_cmpuint (stern_server_get_n_rooms (f->server), ==, 1);
  g_assert_cmpuint (anna->errors->len + boris->errors->len, ==, 0);
}

/* A finished game nobody is in stays in the store only.  An address over
 * its allowance of wrong codes and tokens does not make the server read
 * it back, and a request that reads it back without entering it (a wrong
 * token) leaves it in the store only again. */
static void
test_finished_guesses (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("stern-guess-XXXXXX", &error);
  g_autoptr (SternServer) server = stern_server_new (dir);
  g_autoptr (Peer) anna = NULL, boris = NULL, carla = NULL;
  g_autofree char *code = NULL;
  SternServerLimits limits;
  SternNetSetup setup;
  RoomGone gone = { server, NULL };
  const char *field = NULL;

  g_assert_no_error (error);
  stern_server_limits_init (&limits);
  limits.guesses_per_minute = 2;
  stern_server_set_limits (server, &limits);
  stern_server_load (server);
  net_listen_local (server);
  anna = peer_new (stern_server_get_port (server), "Anna");
  boris = peer_new (stern_server_get_port (server), "Boris");
  carla = peer_new (stern_server_get_port (server), "Carla");

  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  code = g_strdup (create_room (anna, &setup, STERN_WHITE));
  join_room (boris, code, STERN_BLACK);
  stern_net_client_resign (anna->client);
  g_assert_true (peer_wait_over (boris, 5000));
  stern_net_client_leave (anna->client);
  stern_net_client_leave (boris->client);
  gone.code = code;
  g_assert_true (test_wait_until (room_gone, &gone, 5000));

  /* A wrong token: refused, and the room read back for it goes again. */
  stern_net_client_resume (carla->client, code, "0123456789abcdef0123456789abcdef");
  g_assert_cmpint (peer_wait_error (carla, 0, &field), ==, STERN_NET_ERROR_BAD_TOKEN);
  peer_sync (carla);
  g_assert_null (stern_server_lookup_room (server, code));

  /* One more wrong code and the address is over its allowance: the
   * finished room's code is then refused without reading the room. */
  stern_net_client_watch (carla->client, "BBBBBB");
  g_assert_cmpint (peer_wait_error (carla, 1, &field), ==, STERN_NET_ERROR_NO_ROOM);
  stern_net_client_watch (carla->client, code);
  g_assert_cmpint (peer_wait_error (carla, 2, &field), ==, STERN_NET_ERROR_RATE_LIMITED);
  peer_sync (carla);
  g_assert_null (stern_server_lookup_room (server, code));
  g_assert_cmpuint (carla->n_rooms, ==, 0);

  g_clear_pointer (&anna, peer_free);
  g_clear_pointer (&boris, peer_free);
  g_clear_pointer (&carla, peer_free);
  stern_server_disconnect (server);
  test_spin (50);
  temp_dir_remove (dir);
}

typedef struct {
  Peer *peer;
  const char *not_code;
} NewRoomWait;

static gboolean
rematch_asked_by_white (gpointer data)
{
  const SternNetMessage *room = stern_net_client_get_room (((Peer *) data)->client);
  return room != NULL && room->rematch[STERN_WHITE];
}

static gboolean
in_another_room (gpointer data)
{
  NewRoomWait *w = data;
  const SternNetMessage *room = stern_net_client_get_room (w->peer->client);
  return room != NULL && strcmp (room->code, w->not_code) != 0 && room->turn != STERN_NO_SEAT;
}

static void
test_rematch (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autoptr (Peer) carla = peer_new (f->port, "Carla");
  SternNetSetup setup;
  char code[STERN_NET_CODE_LEN + 1];

  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  g_strlcpy (code, create_room (anna, &setup, STERN_WHITE), sizeof code);
  join_room (boris, code, STERN_BLACK);
  stern_net_client_watch (carla->client, code);
  g_assert_true (test_wait_until (peer_has_room, carla, 5000));

  /* Not before the end. */
  stern_net_client_rematch (anna->client);
  g_assert_cmpint (peer_wait_error (anna, 0, NULL), ==, STERN_NET_ERROR_STATE);

  stern_net_client_resign (boris->client);
  g_assert_true (peer_wait_over (anna, 5000));

  /* A spectator does not ask. */
  stern_net_client_rematch (carla->client);
  g_assert_cmpint (peer_wait_error (carla, 0, NULL), ==, STERN_NET_ERROR_NOT_A_PLAYER);

  /* One asks: the others see it; both ask: a new room, seats rotated. */
  stern_net_client_rematch (anna->client);
  g_assert_true (test_wait_until (rematch_asked_by_white, boris, 5000));
  stern_net_client_rematch (boris->client);
  {
    NewRoomWait wa = { anna, code }, wb = { boris, code }, wc = { carla, code };

    g_assert_true (test_wait_until (in_another_room, &wa, 5000));
    g_assert_true (test_wait_until (in_another_room, &wb, 5000));
    g_assert_true (test_wait_until (in_another_room, &wc, 5000));
  }
  g_assert_cmpuint (stern_net_client_get_seat (anna->client), ==, STERN_BLACK);
  g_assert_cmpuint (stern_net_client_get_seat (boris->client), ==, STERN_WHITE);
  g_assert_cmpuint (stern_net_client_get_seat (carla->client), ==, STERN_NO_SEAT);
  g_assert_cmpstr (stern_net_client_get_code (anna->client), ==,
                   stern_net_client_get_code (carla->client));
  g_assert_cmpuint (stern_net_client_get_room (anna->client)->turn, ==, STERN_WHITE);
  g_assert_cmpstr (stern_net_client_get_room (anna->client)->seats[STERN_BLACK].name, ==, "Anna");
}

/* ---- protocol 3: the lobby names each room's host ---- */

/* The host the peer's last lobby gives the room with code: NULL when the
 * room is not listed, "" when it names nobody. */
static const char *
lobby_host (Peer *peer, const char *code)
{
  for (guint i = 0; peer->lobby && i < peer->lobby->rooms->len; i++)
    {
      const SternNetLobbyRoom *r = &g_array_index (peer->lobby->rooms, SternNetLobbyRoom, i);

      if (strcmp (r->code, code) == 0)
        return r->host;
    }
  return NULL;
}

static void
list_now (Peer *peer)
{
  LobbyWait w = { peer, peer->n_lobby };

  stern_net_client_list (peer->client);
  g_assert_true (test_wait_until (has_lobby, &w, 5000));
}

/* A client of protocol 2 over its own WebSocket: every text it hears. */
typedef struct {
  SoupSession *session;
  SoupWebsocketConnection *ws;
  GPtrArray *texts;
  gboolean   done;
} OldClient;

static void
old_message_cb (SoupWebsocketConnection *ws, gint type, GBytes *message, gpointer data)
{
  OldClient *old = data;
  gsize len;
  const char *text = g_bytes_get_data (message, &len);

  g_ptr_array_add (old->texts, g_strndup (text, len));
}

static void
old_connected_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  OldClient *old = data;
  g_autoptr (GError) error = NULL;

  old->ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  g_assert_no_error (error);
  old->done = TRUE;
}

static gboolean
old_done (gpointer data)
{
  return ((OldClient *) data)->done;
}

typedef struct {
  OldClient  *old;
  guint       from;
  const char *type;   /* "\"type\":\"lobby\"" */
} OldWait;

static gboolean
old_heard (gpointer data)
{
  OldWait *w = data;

  for (guint i = w->from; i < w->old->texts->len; i++)
    if (strstr (g_ptr_array_index (w->old->texts, i), w->type) != NULL)
      return TRUE;
  return FALSE;
}

/* Sends text and returns the first answer of that type (which the
 * client keeps). */
static const char *
old_ask (OldClient *old, const char *text, const char *type)
{
  g_autofree char *wanted = g_strdup_printf ("\"type\":\"%s\"", type);
  OldWait w = { old, old->texts->len, wanted };

  soup_websocket_connection_send_text (old->ws, text);
  g_assert_true (test_wait_until (old_heard, &w, 5000));
  for (guint i = w.from; i < old->texts->len; i++)
    if (strstr (g_ptr_array_index (old->texts, i), wanted) != NULL)
      return g_ptr_array_index (old->texts, i);
  g_assert_not_reached ();
}

static gboolean
blue_free (gpointer peer)
{
  const SternNetMessage *room = stern_net_client_get_room (((Peer *) peer)->client);

  return room != NULL && !room->seats[STERN_BLUE].taken;
}

static void
test_lobby_host (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autoptr (Peer) carla = peer_new (f->port, "Carla");
  g_autoptr (Peer) dan = peer_new (f->port, "Dan");
  g_autofree char *uri = g_strdup_printf ("ws://127.0.0.1:%u/", f->port);
  g_autoptr (SoupMessage) upgrade = soup_message_new ("GET", uri);
  g_autoptr (SternNetMessage) parsed = NULL;
  g_autoptr (GError) error = NULL;
  OldClient old = { soup_session_new (), NULL, g_ptr_array_new_with_free_func (g_free) };
  SternNetSetup setup;
  char code[STERN_NET_CODE_LEN + 1], watched[STERN_NET_CODE_LEN + 1];
  const char *text;
  SpectatorWait sw = { dan, 1 };

  /* Anna makes a room and sits in its second seat: she is its host, not
   * whoever takes the first one. */
  net_setup_open (&setup, "classic-3", STERN_PRESET_TABLE);
  g_strlcpy (code, create_room (anna, &setup, STERN_BLUE), sizeof code);
  join_room (boris, code, STERN_WHITE);
  list_now (carla);
  g_assert_cmpstr (lobby_host (carla, code), ==, "Anna");

  /* A client of protocol 2 is answered in it: the same room, no host. */
  soup_session_websocket_connect_async (old.session, upgrade, NULL, NULL, G_PRIORITY_DEFAULT,
                                        NULL, old_connected_cb, &old);
  g_assert_true (test_wait_until (old_done, &old, 5000));
  g_signal_connect (old.ws, "message", G_CALLBACK (old_message_cb), &old);
  text = old_ask (&old, "{\"type\":\"hello\",\"protocol\":2,\"name\":\"Old\"}", "welcome");
  g_assert_nonnull (strstr (text, "\"protocol\":2"));
  text = old_ask (&old, "{\"type\":\"list\"}", "lobby");
  g_assert_nonnull (strstr (text, code));
  g_assert_null (strstr (text, "host"));
  parsed = stern_net_message_parse (text, strlen (text), STERN_NET_TO_CLIENT, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (parsed->rooms->len, ==, 1);
  /* … nor one it does not speak. */
  text = old_ask (&old, "{\"type\":\"hello\",\"protocol\":4}", "error");
  g_assert_nonnull (strstr (text, "\"error\":\"version\""));
  soup_websocket_connection_close (old.ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);

  /* Anna goes and does not come back: her seat is free again, and the
   * room is known by whoever sits first. */
  g_clear_pointer (&anna, peer_free);
  g_assert_true (test_wait_until (blue_free, boris, 10000));
  list_now (carla);
  g_assert_cmpstr (lobby_host (carla, code), ==, "Boris");

  /* A maker who takes no seat is the host while watching. */
  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  stern_net_client_create (carla->client, &setup, STERN_NO_SEAT);
  g_assert_true (test_wait_until (peer_has_room, carla, 5000));
  g_strlcpy (watched, stern_net_client_get_code (carla->client), sizeof watched);
  stern_net_client_watch (dan->client, watched);
  list_now (dan);
  g_assert_cmpstr (lobby_host (dan, watched), ==, "Carla");
  /* Once gone, nobody known: no host. */
  sw.spectators = 2;
  g_assert_true (test_wait_until (spectators_are, &sw, 5000));
  g_clear_pointer (&carla, peer_free);
  sw.spectators = 1;
  g_assert_true (test_wait_until (spectators_are, &sw, 5000));
  list_now (dan);
  g_assert_cmpstr (lobby_host (dan, watched), ==, "");

  g_clear_object (&old.ws);
  g_clear_object (&old.session);
  g_ptr_array_unref (old.texts);
}

/* A server of protocol 2 alone, as the servers before 3: any other
 * hello is refused with "version".  Each hello's version, in order. */
static void
old_server_message_cb (SoupWebsocketConnection *ws, gint type, GBytes *message, gpointer data)
{
  GArray *hellos = data;
  gsize len = g_bytes_get_size (message);
  g_autofree char *text = g_strndup (g_bytes_get_data (message, NULL), len);
  g_autoptr (SternNetMessage) hello = stern_net_message_parse (text, len, STERN_NET_TO_SERVER,
                                                               NULL, NULL);

  g_assert_nonnull (hello);
  g_assert_cmpint (hello->type, ==, STERN_NET_MSG_HELLO);
  g_array_append_val (hellos, hello->protocol);
  soup_websocket_connection_send_text (ws, hello->protocol == 2
    ? "{\"type\":\"welcome\",\"protocol\":2,\"server\":\"old\",\"online\":1}"
    : "{\"type\":\"error\",\"error\":\"version\",\"field\":\"hello.protocol\","
      "\"message\":\"hello.protocol: version 3 is not spoken here; this server speaks 2\"}");
}

static void
old_server_ws_cb (SoupServer *server, SoupServerMessage *msg, const char *path,
                  SoupWebsocketConnection *ws, gpointer data)
{
  g_signal_connect (ws, "message", G_CALLBACK (old_server_message_cb), data);
  /* Kept until the server goes. */
  g_object_set_data_full (G_OBJECT (server), "ws", g_object_ref (ws), g_object_unref);
}

/* A client of protocol 3 still plays on a server of 2: refused, it says
 * hello again in 2 and is welcome. */
static void
test_older_server (void)
{
  g_autoptr (SoupServer) server = soup_server_new (NULL, NULL);
  g_autoptr (GArray) hellos = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GError) error = NULL;
  g_autoptr (Peer) anna = NULL;
  GSList *uris;
  g_autofree char *uri = NULL;

#if defined(__SANITIZE_ADDRESS__)
  /* libsoup 3.2's server (Debian 12) never lets go of the connection it
   * hands to a WebSocket, nor of its listener then: LeakSanitizer counts
   * them at exit.  The plain builds run this on every system. */
  g_test_skip ("libsoup's server leaks under LeakSanitizer");
  return;
#endif
  soup_server_add_websocket_handler (server, NULL, NULL, NULL, old_server_ws_cb, hellos, NULL);
  g_assert_true (soup_server_listen_local (server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error));
  g_assert_no_error (error);
  uris = soup_server_get_uris (server);
  uri = g_strdup_printf ("ws://127.0.0.1:%d/", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  anna = peer_new_uri (uri, NULL, "Anna");
  g_assert_cmpuint (hellos->len, ==, 2);
  g_assert_cmpint (g_array_index (hellos, int, 0), ==, STERN_NET_PROTOCOL_VERSION);
  g_assert_cmpint (g_array_index (hellos, int, 1), ==, 2);
  g_assert_cmpuint (anna->errors->len, ==, 0);
  g_assert_true (stern_net_client_is_connected (anna->client));
  g_clear_pointer (&anna, peer_free);
  soup_server_disconnect (server);
}

/* ---- reconnecting ---- */

typedef struct {
  Peer *peer;
  guint seat;
  gboolean connected;
} SeatWait;

static gboolean
seat_is (gpointer data)
{
  SeatWait *w = data;
  const SternNetMessage *room = stern_net_client_get_room (w->peer->client);
  return room && room->seats[w->seat].connected == w->connected;
}

static gboolean
is_closed (gpointer data)
{
  return ((Peer *) data)->closed;
}

static void
reconnected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (stern_net_client_reconnect_finish (STERN_NET_CLIENT (source), result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

static void
test_reconnect (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autoptr (Peer) anna2 = NULL;
  g_autofree char *code = NULL;
  g_autofree char *token = NULL;
  SternNetSetup setup;
  SeatWait w;
  SternRoom *room;

  net_setup_open (&setup, "classic-2", STERN_PRESET_CLUB);
  code = g_strdup (create_room (anna, &setup, STERN_WHITE));
  token = g_strdup (stern_net_client_get_token (anna->client));
  join_room (boris, code, STERN_BLACK);
  room = server_room (f, anna);

  g_assert_true (peer_play_one (anna));
  g_assert_true (peer_wait_actions (boris, 1));
  g_assert_true (peer_play_one (boris));
  g_assert_true (peer_wait_actions (anna, 2));

  /* Anna's connection goes away mid-game. */
  g_clear_pointer (&anna, peer_free);
  w = (SeatWait) { boris, STERN_WHITE, FALSE };
  g_assert_true (test_wait_until (seat_is, &w, 5000));

  /* She comes back on a new connection with her token. */
  anna2 = peer_new (f->port, "Anna");
  stern_net_client_resume (anna2->client, code, token);
  g_assert_true (peer_wait_joined (anna2, 0));
  g_assert_cmpuint (stern_net_client_get_seat (anna2->client), ==, STERN_WHITE);
  g_assert_true (test_wait_until (peer_has_room, anna2, 5000));
  g_assert_cmpuint (stern_game_get_n_actions (stern_net_client_get_game (anna2->client)), ==, 2);
  w = (SeatWait) { boris, STERN_WHITE, TRUE };
  g_assert_true (test_wait_until (seat_is, &w, 5000));

  /* And plays on. */
  g_assert_true (peer_play_one (anna2));
  g_assert_true (peer_wait_actions (boris, 3));
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (room)), ==, 3);
  g_assert_false (stern_net_client_get_room (boris->client)->seats[STERN_WHITE].replaced);
  g_assert_cmpuint (anna2->errors->len, ==, 0);

  /* Boris loses his connection and the client library brings him back. */
  {
    gboolean done = FALSE;
    guint joined = boris->n_joined;

    stern_net_client_close (boris->client);
    g_assert_true (test_wait_until (is_closed, boris, 5000));
    w = (SeatWait) { anna2, STERN_BLACK, FALSE };
    g_assert_true (test_wait_until (seat_is, &w, 5000));
    stern_net_client_reconnect_async (boris->client, NULL, reconnected_cb, &done);
    g_assert_true (peer_wait_joined (boris, joined));
    g_assert_true (done);
    g_assert_cmpuint (stern_net_client_get_seat (boris->client), ==, STERN_BLACK);
    w = (SeatWait) { anna2, STERN_BLACK, TRUE };
    g_assert_true (test_wait_until (seat_is, &w, 5000));
    g_assert_true (peer_play_one (boris));
    g_assert_true (peer_wait_actions (anna2, 2));
    g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (room)), ==, 4);
    g_assert_cmpuint (boris->errors->len, ==, 0);
  }

  /* A wrong token gets nobody's seat. */
  {
    g_autoptr (Peer) mallory = peer_new (f->port, NULL);
    stern_net_client_resume (mallory->client, code, "0123456789abcdef0123456789abcdef");
    g_assert_cmpint (peer_wait_error (mallory, 0, NULL), ==, STERN_NET_ERROR_BAD_TOKEN);
  }
}

/* ---- a player who never comes back ---- */

typedef struct {
  Peer *peer;
  guint seat;
  guint moves;
} MovesWait;

static gboolean
seat_moved (gpointer data)
{
  MovesWait *w = data;
  const SternGame *game = stern_net_client_get_game (w->peer->client);

  return game && stern_game_get_moves_made (game, w->seat) >= w->moves;
}

static void
test_abandoned (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autoptr (Peer) carla = peer_new (f->port, "Carla");
  SternNetSetup setup;
  const SternGame *game;
  g_autofree char *code = NULL;
  MovesWait w;

  net_setup_open (&setup, "classic-3", STERN_PRESET_CLUB);
  code = g_strdup (create_room (anna, &setup, STERN_WHITE));
  join_room (boris, code, STERN_BLUE);
  join_room (carla, code, STERN_YELLOW);
  boris->autoplay = carla->autoplay = TRUE;

  /* White plays one move, then vanishes for good. */
  g_assert_true (peer_play_one (anna));
  g_assert_true (peer_wait_actions (boris, 1));
  g_clear_pointer (&anna, peer_free);

  /* After the grace period the computer plays white's moves. */
  w = (MovesWait) { boris, STERN_WHITE, 4 };
  g_assert_true (test_wait_until (seat_moved, &w, 20000));
  game = stern_net_client_get_game (boris->client);
  g_assert_true (stern_net_client_get_room (boris->client)->seats[STERN_WHITE].replaced);
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_RESIGNED);
  /* … and white ranks last (club preset). */
  g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, 3);
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpuint (boris->errors->len, ==, 0);
}

/* ---- the clock ---- */

static void
test_timeout (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autoptr (Peer) carla = peer_new (f->port, "Carla");
  SternNetSetup setup;
  const SternGame *game;
  g_autofree char *code = NULL;
  MovesWait w;

  net_setup_open (&setup, "classic-3", STERN_PRESET_CLUB);
  setup.reserve_ms = 1000;
  setup.increment_ms = 2000;
  code = g_strdup (create_room (anna, &setup, STERN_WHITE));
  join_room (boris, code, STERN_BLUE);
  join_room (carla, code, STERN_YELLOW);
  boris->autoplay = carla->autoplay = TRUE;

  /* White never moves: its time runs out, the computer plays on. */
  w = (MovesWait) { boris, STERN_WHITE, 2 };
  g_assert_true (test_wait_until (seat_moved, &w, 20000));
  game = stern_net_client_get_game (boris->client);
  g_assert_cmpint (stern_game_get_action (game, 0)->kind, ==, STERN_ACTION_TIMEOUT);
  g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, 3);
  g_assert_true (stern_net_client_get_room (boris->client)->seats[STERN_WHITE].replaced);

  /* Anna is still connected but may not move for the computer. */
  send_path (anna, stern_game_get_n_actions (stern_net_client_get_game (anna->client)), "l4-l5");
  g_assert_cmpint (peer_wait_error (anna, 0, NULL), ==, STERN_NET_ERROR_NOT_A_PLAYER);
}

static void
connect_fails_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GError **error = user_data;

  g_assert_false (stern_net_client_connect_finish (STERN_NET_CLIENT (source), result, error));
  g_assert_nonnull (*error);
}

static gboolean
has_error (gpointer data)
{
  return *(GError **) data != NULL;
}

/* ---- rooms nobody is in ---- */

static void
test_sweep (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("stern-sweep-XXXXXX", &error);
  g_autoptr (SternServer) server = stern_server_new (dir);
  g_autoptr (Peer) idle = NULL;
  g_autoptr (Peer) host = NULL;
  g_autofree char *idle_code = NULL;
  g_autofree char *host_code = NULL;
  SternNetSetup setup;
  const char *field = NULL;

  g_assert_no_error (error);
  stern_server_set_sweep_interval (server, 100);
  net_listen_local (server);

  /* Connections past the limit are told so and closed. */
  {
    g_autoptr (Peer) second = NULL;
    g_autoptr (SternNetClient) third = stern_net_client_new (NULL);
    g_autoptr (GError) refused = NULL;
    g_autofree char *uri = g_strdup_printf ("ws://127.0.0.1:%u/", stern_server_get_port (server));

    stern_server_set_max_connections (server, 2);
    host = peer_new (stern_server_get_port (server), "Host");
    second = peer_new (stern_server_get_port (server), NULL);
    stern_net_client_connect_async (third, uri, NULL, connect_fails_cb, &refused);
    g_assert_true (test_wait_until (has_error, &refused, 10000));
    /* With the server's reason, not only its close. */
    g_assert_error (refused, STERN_NET_ERROR, STERN_NET_ERROR_FULL);
    g_clear_pointer (&second, peer_free);
    test_spin (100);
    stern_server_set_max_connections (server, 100);
  }

  /* A room only for the computer is refused. */
  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  setup.seats[STERN_WHITE].kind = setup.seats[STERN_BLACK].kind = STERN_NET_SEAT_COMPUTER;
  stern_net_client_create (host->client, &setup, STERN_NO_SEAT);
  g_assert_cmpint (peer_wait_error (host, 0, &field), ==, STERN_NET_ERROR_BAD_FIELD);
  g_assert_cmpstr (field, ==, "create.seats");
  g_assert_cmpuint (stern_server_get_n_rooms (server), ==, 0);

  /* A room made without taking a seat, then left: removed with its files. */
  idle = peer_new (stern_server_get_port (server), NULL);
  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  stern_net_client_create (idle->client, &setup, STERN_NO_SEAT);
  g_assert_true (test_wait_until (peer_has_room, idle, 5000));
  idle_code = g_strdup (stern_net_client_get_code (idle->client));
  g_assert_true (stern_store_has_room (stern_server_get_store (server), idle_code));
  /* A room where someone holds a seat stays. */
  host_code = g_strdup (create_room (host, &setup, STERN_WHITE));
  test_spin (300);
  g_assert_nonnull (stern_server_lookup_room (server, idle_code));

  g_clear_pointer (&idle, peer_free);
  test_spin (500);
  g_assert_null (stern_server_lookup_room (server, idle_code));
  g_assert_false (stern_store_has_room (stern_server_get_store (server), idle_code));
  g_assert_nonnull (stern_server_lookup_room (server, host_code));

  g_clear_pointer (&host, peer_free);
  stern_server_disconnect (server);
  test_spin (50);
  temp_dir_remove (dir);
}

/* ---- a store that refuses writes ---- */

/* The disk turns read-only in the middle of a game: the move is refused
 * with "internal" and nobody hears of it; a create leaves nothing behind;
 * after a restart the room has exactly the moves that were announced. */
static void
test_read_only (Fixture *f, gconstpointer data)
{
  g_autoptr (Peer) anna = peer_new (f->port, "Anna");
  g_autoptr (Peer) boris = peer_new (f->port, "Boris");
  g_autoptr (SternServer) again = NULL;
  g_autoptr (GError) error = NULL;
  SternStore *store;
  SternNetSetup setup;
  g_autofree char *code = NULL;
  SternRoom *room;
  guint rooms;
  /* The refused writes are logged as warnings, as they should be. */
  GLogLevelFlags fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);

  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  code = g_strdup (create_room (anna, &setup, STERN_WHITE));
  join_room (boris, code, STERN_BLACK);
  for (guint n = 1; n <= 4; n++)
    {
      g_assert_true (peer_play_one (n % 2 ? anna : boris));
      g_assert_true (peer_wait_actions (anna, n));
      g_assert_true (peer_wait_actions (boris, n));
    }

  store = stern_server_get_store (f->server);
  stern_store_set_read_only (store, TRUE);
  g_assert_true (peer_play_one (anna));
  g_assert_cmpint (peer_wait_error (anna, 0, NULL), ==, STERN_NET_ERROR_INTERNAL);
  test_spin (100);
  g_assert_cmpuint (anna->n_actions, ==, 4);
  g_assert_cmpuint (boris->n_actions, ==, 4);
  room = stern_server_lookup_room (f->server, code);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (room)), ==, 4);

  /* A room that cannot be stored is not made. */
  rooms = stern_server_get_n_rooms (f->server);
  stern_net_client_create (boris->client, &setup, STERN_WHITE);
  g_assert_cmpint (peer_wait_error (boris, 0, NULL), ==, STERN_NET_ERROR_INTERNAL);
  g_assert_cmpuint (stern_server_get_n_rooms (f->server), ==, rooms);

  /* "Restarted" on the same folder: exactly the four announced moves. */
  again = stern_server_new (f->dir);
  g_assert_cmpuint (stern_server_load (again), ==, 1);
  room = stern_server_lookup_room (again, code);
  g_assert_nonnull (room);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (room)), ==, 4);
  g_clear_object (&again);

  /* Writable again: the refused move goes through when sent again. */
  stern_store_set_read_only (store, FALSE);
  g_assert_true (peer_play_one (anna));
  g_assert_true (peer_wait_actions (boris, 5));
  g_log_set_always_fatal (fatal);
}

/* ---- room files of servers before the store ---- */

static void
test_import (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("stern-import-XXXXXX", &error);
  g_autofree char *other = g_dir_make_tmp ("stern-import-XXXXXX", &error);
  g_autofree char *other_db = g_build_filename (other, "rooms.sqlite", NULL);
  g_autofree char *rooms = g_build_filename (dir, "rooms", NULL);
  g_autofree char *file = g_build_filename (rooms, "ABC234.json", NULL);
  g_autofree char *aside = g_build_filename (dir, "rooms-imported", "ABC234.json", NULL);
  g_autofree char *note = g_build_filename (rooms, "README", NULL);
  g_autoptr (SternStore) store = stern_store_open (other_db, FALSE, &error);
  g_autoptr (SternRoom) room = NULL;
  g_autoptr (SternServer) server = NULL;
  g_autofree char *state = NULL;
  g_autofree char *old = NULL;
  char token[STERN_NET_TOKEN_LEN + 1];
  SternNetSetup setup;
  SternRoom *back;
  guint seat;

  g_assert_no_error (error);
  /* A room as an older server left it: CODE.json with its write number. */
  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  room = stern_room_new ("ABC234", &setup, store);
  g_assert_true (stern_room_join (room, STERN_WHITE, "Anna", NULL, &seat, token, &error));
  g_assert_true (stern_room_join (room, STERN_BLACK, "Boris", NULL, &seat, token, &error));
  state = stern_store_get_room (store, "ABC234", &error);
  g_assert_no_error (error);
  old = g_strdup_printf ("{\"format\":1,\"write\":2,%s", state + strlen ("{\"format\":1,"));
  g_assert_cmpint (g_mkdir_with_parents (rooms, 0700), ==, 0);
  g_assert_true (g_file_set_contents (file, old, -1, &error));
  g_assert_true (g_file_set_contents (note, "not a room", -1, &error));

  /* Imported into the store, resumed, and moved aside (not deleted). */
  server = stern_server_new (dir);
  g_assert_cmpuint (stern_server_load (server), ==, 1);
  back = stern_server_lookup_room (server, "ABC234");
  g_assert_nonnull (back);
  g_assert_true (stern_room_is_started (back));
  g_assert_true (stern_room_resume (back, token, &seat, &error));
  g_assert_cmpuint (seat, ==, STERN_BLACK);
  g_assert_true (stern_store_has_room (stern_server_get_store (server), "ABC234"));
  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (aside, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (note, G_FILE_TEST_EXISTS));
  g_clear_object (&server);

  /* Once: the next start finds the room in the store alone. */
  server = stern_server_new (dir);
  g_assert_cmpuint (stern_server_load (server), ==, 1);
  g_assert_nonnull (stern_server_lookup_room (server, "ABC234"));
  g_clear_object (&server);
  g_clear_object (&room);
  g_clear_object (&store);
  temp_dir_remove (dir);
  temp_dir_remove (other);
}

/* ---- connections that wait cost the main loop nothing ---- */

#define QUIET_PEERS 24

static gboolean
server_has_conns (gpointer data)
{
  Fixture *f = data;

  return stern_server_get_n_connections (f->server) == QUIET_PEERS;
}

/* GLib walks every source of its context at every turn of the loop: a
 * connection that waits must have none there (its sources are in a
 * context of the server's own, and the poller says when it is readable),
 * or each move would cost more with every connection open. */
static void
test_quiet_connections (Fixture *f, gconstpointer data)
{
  Peer *peers[QUIET_PEERS];
  SternNetSetup setup;
  const char *code;

  for (guint i = 0; i < QUIET_PEERS; i++)
    peers[i] = peer_new (f->port, i % 2 ? "Boris" : "Anna");
  g_assert_true (test_wait_until (server_has_conns, f, 10000));
  g_assert_cmpuint (stern_server_count_waiting_in (f->server, g_main_context_default ()), ==, 0);

  /* Still none after they have read and written a few times. */
  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  code = create_room (peers[0], &setup, STERN_WHITE);
  join_room (peers[1], code, STERN_BLACK);
  g_assert_true (peer_play_one (peers[0]));
  g_assert_true (peer_wait_actions (peers[1], 1));
  g_assert_true (peer_play_one (peers[1]));
  g_assert_true (peer_wait_actions (peers[0], 2));
  g_assert_cmpuint (stern_server_count_waiting_in (f->server, g_main_context_default ()), ==, 0);

  for (guint i = 0; i < QUIET_PEERS; i++)
    peer_free (peers[i]);
}

/* ---- TLS ---- */

static void
test_tls (void)
{
  g_autofree char *cert_file = g_test_build_filename (G_TEST_DIST, "tls", "test-cert.pem", NULL);
  g_autofree char *key_file = g_test_build_filename (G_TEST_DIST, "tls", "test-key.pem", NULL);
  g_autoptr (GTlsCertificate) cert = NULL;
  g_autoptr (SternServer) server = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) refused = NULL;
  g_autoptr (SternNetClient) stranger = NULL;
  g_autoptr (Peer) anna = NULL;
  g_autoptr (Peer) boris = NULL;
  g_autofree char *uri = NULL;
  SternNetSetup setup;
  const char *code;

  if (!g_tls_backend_supports_tls (g_tls_backend_get_default ()))
    {
      g_test_skip ("no TLS backend (glib-networking)");
      return;
    }
  cert = g_tls_certificate_new_from_files (cert_file, key_file, &error);
  g_assert_no_error (error);
  server = stern_server_new (NULL);
  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, cert, &error));
  g_assert_no_error (error);
  uri = g_strdup_printf ("wss://127.0.0.1:%u/", stern_server_get_port (server));

  /* A client that does not know the certificate refuses the server. */
  stranger = stern_net_client_new (NULL);
  stern_net_client_connect_async (stranger, uri, NULL, connect_fails_cb, &refused);
  g_assert_true (test_wait_until (has_error, &refused, 10000));
  g_test_message ("without the certificate: %s", refused->message);

  /* Clients given it play over TLS. */
  anna = peer_new_uri (uri, cert, "Anna");
  boris = peer_new_uri (uri, cert, "Boris");
  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  code = create_room (anna, &setup, STERN_WHITE);
  join_room (boris, code, STERN_BLACK);
  g_assert_true (peer_play_one (anna));
  g_assert_true (peer_wait_actions (boris, 1));
  g_assert_cmpuint (stern_game_get_n_actions (stern_net_client_get_game (boris->client)), ==, 1);

  g_clear_pointer (&anna, peer_free);
  g_clear_pointer (&boris, peer_free);
  stern_server_disconnect (server);
  test_spin (50);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/net/game/whole", Fixture, NULL, fixture_set_up, test_whole_game, fixture_tear_down);
  g_test_add ("/net/game/refused", Fixture, NULL, fixture_set_up, test_refused, fixture_tear_down);
  g_test_add ("/net/game/lobby", Fixture, NULL, fixture_set_up, test_lobby, fixture_tear_down);
  g_test_add ("/net/game/lobby-host", Fixture, GUINT_TO_POINTER (300), fixture_set_up,
              test_lobby_host, fixture_tear_down);
  g_test_add_func ("/net/game/older-server", test_older_server);
  g_test_add ("/net/game/quick-and-chat", Fixture, NULL, fixture_set_up, test_quick_and_chat,
              fixture_tear_down);
  g_test_add ("/net/game/rematch", Fixture, NULL, fixture_set_up, test_rematch, fixture_tear_down);
  g_test_add ("/net/game/quiet-connections", Fixture, NULL, fixture_set_up, test_quiet_connections,
              fixture_tear_down);
  g_test_add ("/net/game/reconnect", Fixture, NULL, fixture_set_up, test_reconnect, fixture_tear_down);
  g_test_add ("/net/game/abandoned", Fixture, GUINT_TO_POINTER (300), fixture_set_up,
              test_abandoned, fixture_tear_down);
  g_test_add ("/net/game/timeout", Fixture, NULL, fixture_set_up, test_timeout, fixture_tear_down);
  g_test_add_func ("/net/game/sweep", test_sweep);
  g_test_add ("/net/game/room-once", Fixture, NULL, fixture_set_up, test_room_once,
              fixture_tear_down);
  g_test_add_func ("/net/game/finished-guesses", test_finished_guesses);
  g_test_add ("/net/game/rematch-once", Fixture, NULL, fixture_set_up, test_rematch_once,
              fixture_tear_down);
  g_test_add_func ("/net/game/tls", test_tls);
  g_test_add_func ("/net/game/import", test_import);
  g_test_add ("/net/game/read-only", Fixture, NULL, fixture_set_up, test_read_only,
              fixture_tear_down);
  return g_test_run ();
}
