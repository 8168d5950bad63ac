/* test-online.c: matches played through a server in this process on
 * 127.0.0.1: two SternMatch objects, each with its own SternNetClient,
 * play through the server while a third match watches; one client loses
 * its connection mid-game, reconnects by itself and the game goes on.
 * Headless (GLib main loop only).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-online"

#include <string.h>

#include "net-test-util.h"
#include "stern-online-match.h"
#include "stern-remote-player.h"
#include "stern-server.h"

#define WAIT_MS 20000

typedef struct {
  Peer             *peer;
  SternMatch       *match;
  SternOnlineMatch *online;
  guint             n_played;        /* "move-played" */
  guint             n_animated;      /* … of them with an animation */
  guint             n_lost;          /* "connection-changed" FALSE */
  guint             n_back;          /* … TRUE */
  guint             n_errors;
} Side;

static void
on_move_played (SternMatch *match, guint index, gboolean animate, Side *side)
{
  side->n_played++;
  if (animate)
    side->n_animated++;
}

static void
on_connection_changed (SternOnlineMatch *online, gboolean connected, Side *side)
{
  if (connected)
    side->n_back++;
  else
    side->n_lost++;
}

static void
on_server_error (SternOnlineMatch *online, GError *error, Side *side)
{
  g_test_message ("server error: %s", error->message);
  side->n_errors++;
}

static Side *
side_new (guint port, const char *name)
{
  Side *side = g_new0 (Side, 1);

  side->peer = peer_new (port, name);
  side->match = stern_match_new ();
  side->online = stern_online_match_new (side->match, side->peer->client);
  stern_online_match_set_auto_reconnect (side->online, TRUE, 100);
  g_signal_connect (side->match, "move-played", G_CALLBACK (on_move_played), side);
  g_signal_connect (side->online, "connection-changed",
                    G_CALLBACK (on_connection_changed), side);
  g_signal_connect (side->online, "server-error", G_CALLBACK (on_server_error), side);
  return side;
}

static void
side_free (Side *side)
{
  g_signal_handlers_disconnect_by_data (side->match, side);
  g_signal_handlers_disconnect_by_data (side->online, side);
  /* peer_free closes the connection. */
  stern_online_match_set_auto_reconnect (side->online, FALSE, 0);
  g_clear_object (&side->online);
  g_clear_object (&side->match);
  peer_free (side->peer);
  g_free (side);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Side, side_free)

static guint
match_actions (Side *side)
{
  return stern_game_get_n_actions (stern_match_get_game (side->match));
}

typedef struct {
  Side **sides;
  guint  n_sides;
  guint  n_actions;
} AllAt;

static void
count_notify (guint *count)
{
  (*count)++;
}

static gboolean
all_at (gpointer data)
{
  AllAt *at = data;

  for (guint i = 0; i < at->n_sides; i++)
    {
      const SternGame *server = stern_net_client_get_game (at->sides[i]->peer->client);

      if (server == NULL || stern_game_get_n_actions (server) < at->n_actions ||
          match_actions (at->sides[i]) < at->n_actions)
        return FALSE;
    }
  return TRUE;
}

static gboolean
has_room (gpointer data)
{
  return stern_online_match_has_room (((Side *) data)->online);
}

static gboolean
started (gpointer data)
{
  Side *side = data;

  return stern_online_match_has_room (side->online) &&
         !stern_online_match_is_waiting (side->online);
}

/* The matches show the same game as each client's copy of the server's. */
static void
assert_same_game (Side *side)
{
  const SternGame *server = stern_net_client_get_game (side->peer->client);
  SternGame *local = stern_match_get_game (side->match);
  guint n = stern_game_get_n_actions (server);

  g_assert_cmpuint (stern_game_get_n_actions (local), ==, n);
  for (guint i = 0; i < n; i++)
    {
      const SternAction *a = stern_game_get_action (server, i);
      const SternAction *b = stern_game_get_action (local, i);

      g_assert_cmpint (a->kind, ==, b->kind);
      g_assert_cmpuint (a->seat, ==, b->seat);
      if (a->kind == STERN_ACTION_MOVE)
        {
          g_assert_cmpuint (a->path[0], ==, b->path[0]);
          g_assert_cmpuint (a->path[a->path_len - 1], ==, b->path[b->path_len - 1]);
        }
    }
  g_assert_cmpmem (stern_game_get_position (server), sizeof (SternPosition),
                   stern_game_get_position (local), sizeof (SternPosition));
}

/* The side whose local human is on turn plays its first legal move. */
static gboolean
play_one (Side **players, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);
      g_autoptr (GError) error = NULL;
      guint n_moves;

      if (!stern_match_human_to_play (players[i]->match))
        continue;
      n_moves = stern_game_legal_moves (stern_match_get_game (players[i]->match), moves);
      g_assert_cmpuint (n_moves, >, 0);
      /* Not always the first: the games differ from one run to the next
       * only by what the test chooses, so take one that moves forward. */
      g_assert_true (stern_match_play (players[i]->match, moves[n_moves - 1].from,
                                       moves[n_moves - 1].to, &error));
      g_assert_no_error (error);
      return TRUE;
    }
  return FALSE;
}

static void
play_moves (Side **players, guint n_players, Side **all, guint n_all, guint n_moves)
{
  for (guint m = 0; m < n_moves; m++)
    {
      AllAt at = { all, n_all, 0 };

      g_assert_true (play_one (players, n_players));
      at.n_actions = match_actions (players[0]) > match_actions (players[1])
                     ? match_actions (players[0]) : match_actions (players[1]);
      g_assert_true (test_wait_until (all_at, &at, WAIT_MS));
      /* The other side's turn begins from the main loop. */
      test_spin (20);
    }
}

static gboolean
lost_and_back (gpointer data)
{
  Side *side = data;

  return side->n_lost > 0 && side->n_back > 0 && stern_online_match_is_connected (side->online);
}

typedef struct {
  Side *side;
  guint seat;
  gboolean connected;
} SeatState;

static gboolean
seat_is (gpointer data)
{
  SeatState *s = data;

  return stern_online_match_is_seat_connected (s->side->online, s->seat) == s->connected;
}

static void
test_online_game (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (Side) anna = NULL;
  g_autoptr (Side) boris = NULL;
  g_autoptr (Side) watcher = NULL;
  SternNetSetup setup;
  const SternVariant *variant;
  guint seat_a, seat_b;
  guint port;

  stern_server_set_grace (server, 10000);
  port = net_listen_local (server);

  anna = side_new (port, "Anna");
  boris = side_new (port, "Boris");
  watcher = side_new (port, NULL);

  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  variant = setup.variant;
  seat_a = variant->seats[0];
  seat_b = variant->seats[1];

  stern_net_client_create (anna->peer->client, &setup, seat_a);
  g_assert_true (test_wait_until (has_room, anna, WAIT_MS));
  g_assert_cmpuint (stern_online_match_get_local_seat (anna->online), ==, seat_a);
  /* Nobody moves before every seat is taken. */
  g_assert_true (stern_online_match_is_waiting (anna->online));
  g_assert_false (stern_match_human_to_play (anna->match));

  stern_net_client_join (boris->peer->client, stern_net_client_get_code (anna->peer->client),
                         STERN_NO_SEAT);
  stern_net_client_watch (watcher->peer->client, stern_net_client_get_code (anna->peer->client));
  g_assert_true (test_wait_until (started, anna, WAIT_MS));
  g_assert_true (test_wait_until (started, boris, WAIT_MS));
  g_assert_true (test_wait_until (has_room, watcher, WAIT_MS));
  g_assert_cmpuint (stern_online_match_get_local_seat (boris->online), ==, seat_b);
  g_assert_cmpuint (stern_online_match_get_local_seat (watcher->online), ==, STERN_NO_SEAT);

  /* Who plays what: the local seat is the human's, the other the
   * network's; the spectator has no seat of its own. */
  g_assert_true (stern_match_is_human (anna->match, seat_a));
  g_assert_false (stern_match_is_human (anna->match, seat_b));
  g_assert_true (STERN_IS_REMOTE_PLAYER (stern_match_get_player (anna->match, seat_b)));
  g_assert_true (stern_match_is_human (boris->match, seat_b));
  g_assert_false (stern_match_is_human (watcher->match, seat_a));
  g_assert_false (stern_match_is_human (watcher->match, seat_b));
  g_assert_true (stern_online_match_is_seat_connected (anna->online, seat_b));

  {
    Side *players[] = { anna, boris };
    Side *all[] = { anna, boris, watcher };

    play_moves (players, 2, all, 3, 8);
    for (guint i = 0; i < 3; i++)
      assert_same_game (all[i]);
    /* Every move reached the spectator as a move played, with the
     * animation; each player saw the other's four. */
    g_assert_cmpuint (watcher->n_played, ==, 8);
    g_assert_cmpuint (watcher->n_animated, ==, 8);
    g_assert_cmpuint (anna->n_animated, ==, 8);

    /* Boris's connection drops mid-game: the others see him away, his
     * match connects again by itself and takes the seat back. */
    stern_net_client_close (boris->peer->client);
    g_assert_true (test_wait_until (lost_and_back, boris, WAIT_MS));
    {
      SeatState back = { anna, seat_b, TRUE };
      g_assert_true (test_wait_until (seat_is, &back, WAIT_MS));
    }
    g_assert_cmpuint (stern_online_match_get_local_seat (boris->online), ==, seat_b);
    g_assert_true (stern_match_is_human (boris->match, seat_b));

    play_moves (players, 2, all, 3, 6);
    for (guint i = 0; i < 3; i++)
      assert_same_game (all[i]);
    g_assert_cmpuint (watcher->n_played, ==, 14);
  }
  g_assert_cmpuint (anna->n_errors, ==, 0);
  g_assert_cmpuint (boris->n_errors, ==, 0);

  stern_server_disconnect (server);
}

static gboolean
has_error (gpointer data)
{
  return ((Side *) data)->n_errors > 0;
}

/* A move the server refuses (here: out of turn, sent behind the match's
 * back) leaves the match as the server's game is: the optimistic move is
 * taken back. */
static void
test_online_refused (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (Side) anna = NULL;
  g_autoptr (Side) boris = NULL;
  SternNetSetup setup;
  g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);
  SternGame *game;
  guint n_moves, seat_a;

  net_listen_local (server);
  anna = side_new (stern_server_get_port (server), "Anna");
  boris = side_new (stern_server_get_port (server), "Boris");

  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  seat_a = setup.variant->seats[0];
  stern_net_client_create (anna->peer->client, &setup, seat_a);
  g_assert_true (test_wait_until (has_room, anna, WAIT_MS));
  stern_net_client_join (boris->peer->client, stern_net_client_get_code (anna->peer->client),
                         STERN_NO_SEAT);
  g_assert_true (test_wait_until (started, anna, WAIT_MS));
  g_assert_true (stern_match_human_to_play (anna->match));

  /* The server's game moves on without Anna's match knowing: a stale
   * move from her makes the server say no, and her match follows the
   * server. */
  game = stern_match_get_game (anna->match);
  n_moves = stern_game_legal_moves (game, moves);
  g_assert_cmpuint (n_moves, >, 1);
  stern_net_client_play (anna->peer->client, (guint8[]) { moves[0].from, moves[0].to }, 2);
  {
    AllAt at = { (Side *[]) { anna }, 1, 1 };
    g_assert_true (test_wait_until (all_at, &at, WAIT_MS));
  }
  /* Now her match (in line again) plays a second move of hers while it is
   * Boris's turn on the server: impossible through the match … */
  g_assert_false (stern_match_human_to_play (anna->match));
  /* … so send one behind its back: the server refuses it, the match is
   * unchanged. */
  stern_net_client_play (anna->peer->client, (guint8[]) { moves[1].from, moves[1].to }, 2);
  g_assert_true (test_wait_until (has_error, anna, WAIT_MS));
  test_spin (100);
  assert_same_game (anna);
  g_assert_cmpuint (match_actions (anna), ==, 1);

  stern_server_disconnect (server);
}

static gboolean
is_lost (gpointer data)
{
  return ((Side *) data)->n_lost > 0;
}

/* A move made while the connection is down waits in the match and goes
 * to the server once the match has reconnected. */
static void
test_online_offline_move (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (Side) anna = NULL;
  g_autoptr (Side) boris = NULL;
  SternNetSetup setup;

  stern_server_set_grace (server, 10000);
  net_listen_local (server);
  anna = side_new (stern_server_get_port (server), "Anna");
  boris = side_new (stern_server_get_port (server), "Boris");
  /* Time to move before the match tries again. */
  stern_online_match_set_auto_reconnect (boris->online, TRUE, 500);

  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  stern_net_client_create (anna->peer->client, &setup, setup.variant->seats[0]);
  g_assert_true (test_wait_until (has_room, anna, WAIT_MS));
  stern_net_client_join (boris->peer->client, stern_net_client_get_code (anna->peer->client),
                         STERN_NO_SEAT);
  g_assert_true (test_wait_until (started, boris, WAIT_MS));

  {
    Side *players[] = { anna, boris };
    Side *all[] = { anna, boris };

    play_moves (players, 2, all, 2, 1);
  }
  g_assert_true (stern_match_human_to_play (boris->match));

  {
    /* The connection's state is a property a view can follow. */
    gboolean connected = FALSE;
    guint notified = 0;
    gulong id = g_signal_connect_swapped (boris->peer->client, "notify::connected",
                                          G_CALLBACK (count_notify), &notified);

    g_object_get (boris->peer->client, "connected", &connected, NULL);
    g_assert_true (connected);
    stern_net_client_close (boris->peer->client);
    g_assert_true (test_wait_until (is_lost, boris, WAIT_MS));
    g_object_get (boris->peer->client, "connected", &connected, NULL);
    g_assert_false (connected);
    g_assert_cmpuint (notified, >=, 1);
    g_signal_handler_disconnect (boris->peer->client, id);
  }
  g_assert_false (stern_online_match_is_connected (boris->online));
  {
    Side *players[] = { boris };
    g_assert_true (play_one (players, 1));
  }
  g_assert_cmpuint (match_actions (boris), ==, 2);

  /* Back online, the move reaches the server and Anna. */
  {
    AllAt at = { (Side *[]) { anna, boris }, 2, 2 };
    g_assert_true (test_wait_until (all_at, &at, WAIT_MS));
  }
  assert_same_game (anna);
  assert_same_game (boris);
  g_assert_cmpuint (boris->n_errors, ==, 0);

  stern_server_disconnect (server);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/online/game", test_online_game);
  g_test_add_func ("/online/refused", test_online_refused);
  g_test_add_func ("/online/offline-move", test_online_offline_move);
  return g_test_run ();
}
