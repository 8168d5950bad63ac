/* test-net-restart.c: sternhalma-server as a separate process, killed with
 * SIGKILL mid-game and started again on the same data folder: every room
 * comes back with every move its players were told of, and the players
 * take their seats again with their tokens.
 *
 * The server binary comes in STERN_SERVER.  It listens on 127.0.0.1 only,
 * on a port of the kernel's choosing that it prints on stdout.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-net"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "net-test-util.h"
#include "stern-notation.h"

/* The actions a client knows, as text. */
static GPtrArray *
known_actions (Peer *peer)
{
  const SternGame *game = stern_net_client_get_game (peer->client);
  GPtrArray *list = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; game && i < stern_game_get_n_actions (game); i++)
    g_ptr_array_add (list, stern_notation_format_action (stern_game_get_variant (game),
                                                      stern_game_get_action (game, i)));
  return list;
}

static Peer *
resume (guint port, const char *name, const char *code, const char *token, guint seat)
{
  Peer *peer = peer_new (port, name);

  stern_net_client_resume (peer->client, code, token);
  g_assert_true (peer_wait_joined (peer, 0));
  g_assert_cmpuint (stern_net_client_get_seat (peer->client), ==, seat);
  g_assert_true (test_wait_until (peer_has_room, peer, 5000));
  return peer;
}

static void
assert_prefix (GPtrArray *before, Peer *after)
{
  g_autoptr (GPtrArray) now = known_actions (after);

  /* Nothing anyone was told of is lost; the server may have made one more
   * computer move that it saved but could not announce before it died. */
  g_assert_cmpuint (now->len, >=, before->len);
  g_assert_cmpuint (now->len, <=, before->len + 1);
  for (guint i = 0; i < before->len; i++)
    g_assert_cmpstr (g_ptr_array_index (now, i), ==, g_ptr_array_index (before, i));
}

static void
test_kill_and_restart (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("stern-restart-XXXXXX", &error);
  NetServer server = { NULL, 0 };
  g_autoptr (Peer) anna = NULL, boris = NULL, carla = NULL, dan = NULL;
  g_autofree char *code1 = NULL, *code2 = NULL;
  g_autofree char *tok_anna = NULL, *tok_boris = NULL, *tok_carla = NULL, *tok_dan = NULL;
  g_autoptr (GPtrArray) before1 = NULL, before2 = NULL;
  SternNetSetup setup;
  guint n;

  g_assert_no_error (error);
  net_server_start (&server, dir);

  /* Room 1: two people, classic-2. */
  anna = peer_new (server.port, "Anna");
  boris = peer_new (server.port, "Boris");
  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  setup.reserve_ms = 600000;
  stern_net_client_create (anna->client, &setup, STERN_WHITE);
  g_assert_true (peer_wait_joined (anna, 0));
  code1 = g_strdup (stern_net_client_get_code (anna->client));
  tok_anna = g_strdup (stern_net_client_get_token (anna->client));
  stern_net_client_join (boris->client, code1, STERN_BLACK);
  g_assert_true (peer_wait_joined (boris, 0));
  tok_boris = g_strdup (stern_net_client_get_token (boris->client));

  /* Room 2: two people and the computer, classic-3 club. */
  carla = peer_new (server.port, "Carla");
  dan = peer_new (server.port, "Dan");
  net_setup_open (&setup, "classic-3", STERN_PRESET_CLUB);
  setup.seats[STERN_YELLOW].kind = STERN_NET_SEAT_COMPUTER;
  setup.seats[STERN_YELLOW].level = STERN_LEVEL_EASY;
  stern_net_client_create (carla->client, &setup, STERN_WHITE);
  g_assert_true (peer_wait_joined (carla, 0));
  code2 = g_strdup (stern_net_client_get_code (carla->client));
  tok_carla = g_strdup (stern_net_client_get_token (carla->client));
  stern_net_client_join (dan->client, code2, STERN_BLUE);
  g_assert_true (peer_wait_joined (dan, 0));
  tok_dan = g_strdup (stern_net_client_get_token (dan->client));

  /* Ten moves in room 1, two rounds and a bit in room 2. */
  for (n = 1; n <= 10; n++)
    {
      Peer *mover = n % 2 ? anna : boris;
      g_assert_true (peer_play_one (mover));
      g_assert_true (peer_wait_actions (anna, n));
      g_assert_true (peer_wait_actions (boris, n));
    }
  carla->autoplay = dan->autoplay = TRUE;
  g_assert_true (peer_play_one (carla));
  g_assert_true (peer_wait_actions (dan, 7));
  carla->autoplay = dan->autoplay = FALSE;
  test_spin (50);

  before1 = known_actions (boris);
  before2 = known_actions (dan);
  g_assert_cmpuint (before1->len, ==, 10);
  g_assert_cmpuint (before2->len, >=, 7);

  /* The server dies without a chance to save anything more. */
  net_server_stop (&server, SIGKILL);
  g_clear_pointer (&anna, peer_free);
  g_clear_pointer (&boris, peer_free);
  g_clear_pointer (&carla, peer_free);
  g_clear_pointer (&dan, peer_free);

  net_server_start (&server, dir);
  anna = resume (server.port, "Anna", code1, tok_anna, STERN_WHITE);
  boris = resume (server.port, "Boris", code1, tok_boris, STERN_BLACK);
  carla = resume (server.port, "Carla", code2, tok_carla, STERN_WHITE);
  dan = resume (server.port, "Dan", code2, tok_dan, STERN_BLUE);
  assert_prefix (before1, anna);
  assert_prefix (before1, boris);
  assert_prefix (before2, dan);
  /* Room 1 has no computer: exactly the ten moves. */
  g_assert_cmpuint (stern_game_get_n_actions (stern_net_client_get_game (anna->client)), ==, 10);
  /* The clock was kept. */
  g_assert_cmpint (stern_net_client_get_room (anna->client)->seats[STERN_WHITE].clock_ms, >, 500000);
  g_assert_cmpint (stern_net_client_get_room (anna->client)->seats[STERN_WHITE].clock_ms, <=, 600000);

  /* Play goes on in both rooms. */
  g_assert_true (peer_play_one (anna));
  g_assert_true (peer_wait_actions (boris, 1));
  g_assert_cmpuint (stern_game_get_n_actions (stern_net_client_get_game (boris->client)), ==, 11);
  n = stern_game_get_n_actions (stern_net_client_get_game (dan->client));
  carla->autoplay = dan->autoplay = TRUE;
  /* Whoever of the two is on turn plays; after the computer's turn the
   * autoplay takes over. */
  if (!peer_play_one (carla))
    peer_play_one (dan);
  g_assert_true (peer_wait_actions (dan, 3));
  g_assert_cmpuint (stern_game_get_n_actions (stern_net_client_get_game (dan->client)), >=, n + 3);
  for (Peer **p = (Peer *[]) { anna, boris, carla, dan, NULL }; *p; p++)
    g_assert_cmpuint ((*p)->errors->len, ==, 0);

  g_clear_pointer (&anna, peer_free);
  g_clear_pointer (&boris, peer_free);
  g_clear_pointer (&carla, peer_free);
  g_clear_pointer (&dan, peer_free);
  net_server_stop (&server, SIGTERM);
  temp_dir_remove (dir);
}

/* Bad command lines end with status 2 and a message naming the problem. */
static void
test_usage (void)
{
  const char *binary = g_getenv ("STERN_SERVER");
  const char *cases[][6] = {
    { "--port", "7130", NULL },                                          /* no --data-dir */
    { "--data-dir", "/nonexistent", "--port", "70000", NULL },
    { "--data-dir", "/nonexistent", "--tls-cert", "x.pem", NULL },      /* no --tls-key */
    { "--data-dir", "/nonexistent", "--replacement-level", "godlike", NULL },
  };
  const char *expect[] = { "--data-dir", "out of range", "--tls-key", "out of range" };

  g_assert_nonnull (binary);
  for (unsigned i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GPtrArray) argv = g_ptr_array_new ();
      g_autoptr (GSubprocess) proc = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *err = NULL;

      g_ptr_array_add (argv, (gpointer) binary);
      for (unsigned k = 0; cases[i][k]; k++)
        g_ptr_array_add (argv, (gpointer) cases[i][k]);
      g_ptr_array_add (argv, NULL);
      proc = g_subprocess_newv ((const char *const *) argv->pdata,
                                G_SUBPROCESS_FLAGS_STDERR_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE,
                                &error);
      g_assert_no_error (error);
      g_assert_true (g_subprocess_communicate_utf8 (proc, NULL, NULL, NULL, &err, &error));
      g_assert_no_error (error);
      g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 2);
      g_assert_nonnull (strstr (err, expect[i]));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/restart/usage", test_usage);
  g_test_add_func ("/net/restart/kill", test_kill_and_restart);
  return g_test_run ();
}
