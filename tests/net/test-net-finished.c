/* test-net-finished.c: sternhalma-server as a separate process, asked
 * about a finished game that nobody is in any more (so it was unloaded
 * and comes back from the store): watched twice on one connection, and
 * watched then resumed by one of its players, also after a restart.  The
 * server answers each request and stays up.  Its log names the room at
 * the start of every line about it.
 *
 * The server binary comes in STERN_SERVER; it listens on 127.0.0.1 only.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-net"

#include <signal.h>
#include <string.h>

#include "net-test-util.h"

typedef struct {
  Peer *peer;
  guint n;
} Count;

static gboolean
has_rooms (gpointer data)
{
  Count *c = data;

  return c->peer->n_rooms >= c->n || c->peer->closed;
}

/* Two players, a game ended by a resignation, both gone from the room:
 * the room is over and nobody is in it.  Returns its code and the first
 * player's token. */
static void
finished_game (guint port, char **code, char **token)
{
  g_autoptr (Peer) anna = peer_new (port, "Anna");
  g_autoptr (Peer) boris = peer_new (port, "Boris");
  SternNetSetup setup;

  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  stern_net_client_create (anna->client, &setup, STERN_WHITE);
  g_assert_true (peer_wait_joined (anna, 0));
  *code = g_strdup (stern_net_client_get_code (anna->client));
  *token = g_strdup (stern_net_client_get_token (anna->client));
  stern_net_client_join (boris->client, *code, STERN_BLACK);
  g_assert_true (peer_wait_joined (boris, 0));
  stern_net_client_resign (anna->client);
  g_assert_true (peer_wait_over (anna, 5000));
  g_assert_true (peer_wait_over (boris, 5000));
  stern_net_client_leave (anna->client);
  stern_net_client_leave (boris->client);
  peer_sync (anna);
  peer_sync (boris);
  g_assert_cmpuint (anna->errors->len, ==, 0);
  g_assert_cmpuint (boris->errors->len, ==, 0);
}

/* Anyone with the code watches it twice on one connection. */
static void
watch_twice (guint port, const char *code)
{
  g_autoptr (Peer) carla = peer_new (port, "Carla");
  Count c = { carla, 2 };

  stern_net_client_watch (carla->client, code);
  stern_net_client_watch (carla->client, code);
  g_assert_true (test_wait_until (has_rooms, &c, 5000));
  g_assert_false (carla->closed);
  g_assert_cmpuint (carla->n_rooms, >=, 2);
  peer_sync (carla);
  g_assert_cmpuint (carla->errors->len, ==, 0);
  g_assert_true (stern_game_is_over (stern_net_client_get_game (carla->client)));
}

/* A player watches the finished game, then takes the seat back. */
static void
watch_then_resume (guint port, const char *code, const char *token)
{
  g_autoptr (Peer) anna = peer_new (port, "Anna");
  Count c = { anna, 1 };

  stern_net_client_watch (anna->client, code);
  g_assert_true (test_wait_until (has_rooms, &c, 5000));
  g_assert_false (anna->closed);
  stern_net_client_resume (anna->client, code, token);
  g_assert_true (peer_wait_joined (anna, 0));
  c.n = 2;
  g_assert_true (test_wait_until (has_rooms, &c, 5000));
  g_assert_false (anna->closed);
  g_assert_cmpuint (stern_net_client_get_seat (anna->client), ==, STERN_WHITE);
  /* Out of the room and back in once more. */
  stern_net_client_leave (anna->client);
  peer_sync (anna);
  g_assert_cmpuint (anna->errors->len, ==, 0);
}

static void
test_finished_room (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("stern-finished-XXXXXX", &error);
  NetServer server = { NULL, 0 };
  g_autofree char *code = NULL, *token = NULL;

  g_assert_no_error (error);
  net_server_start (&server, dir);
  finished_game (server.port, &code, &token);
  watch_twice (server.port, code);
  watch_then_resume (server.port, code, token);
  watch_twice (server.port, code);

  /* The same after a restart: the room is read back from the store. */
  net_server_stop (&server, SIGTERM);
  net_server_start (&server, dir);
  watch_twice (server.port, code);
  net_server_stop (&server, SIGTERM);
  net_server_start (&server, dir);
  watch_then_resume (server.port, code, token);
  watch_then_resume (server.port, code, token);

  /* Still answering a newcomer; SIGTERM then ends it with status 0. */
  {
    g_autoptr (Peer) dan = peer_new (server.port, "Dan");

    peer_sync (dan);
  }
  net_server_stop (&server, SIGTERM);
  temp_dir_remove (dir);
}

typedef struct {
  const char *path;
  const char *want[2];
} LogWait;

static gboolean
log_has_all (gpointer data)
{
  LogWait *w = data;
  g_autofree char *text = NULL;

  if (!g_file_get_contents (w->path, &text, NULL, NULL))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (w->want); i++)
    if (strstr (text, w->want[i]) == NULL)
      return FALSE;
  return TRUE;
}

/* The server's stderr, as a terminal or a log file shows it: each line
 * about the room starts its text with "room CODE: " (doc/server.md). */
static void
test_log_names_room (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("stern-finished-XXXXXX", &error);
  g_autofree char *log_path = g_build_filename (dir, "server.log", NULL);
  g_autofree char *code = NULL, *token = NULL;
  g_autofree char *created = NULL, *over = NULL, *prefix = NULL, *text = NULL;
  g_auto (GStrv) lines = NULL;
  NetServer server = { NULL, 0, log_path };
  LogWait wait;
  guint about_room = 0;

  g_assert_no_error (error);
  net_server_start (&server, dir);
  finished_game (server.port, &code, &token);
  prefix = g_strdup_printf ("room %s: ", code);
  created = g_strdup_printf ("room %s: created (classic-2, ", code);
  over = g_strdup_printf ("room %s: game over", code);
  wait = (LogWait) { log_path, { created, over } };
  g_assert_true (test_wait_until (log_has_all, &wait, 10000));
  net_server_stop (&server, SIGTERM);

  g_assert_true (g_file_get_contents (log_path, &text, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], code) != NULL)
      {
        g_test_message ("%s", lines[i]);
        g_assert_nonnull (strstr (lines[i], prefix));
        about_room++;
      }
  /* created, two players joined, the game started and ended */
  g_assert_cmpuint (about_room, >=, 4);
  temp_dir_remove (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/finished/watch-and-resume", test_finished_room);
  g_test_add_func ("/net/finished/log-names-room", test_log_names_room);
  return g_test_run ();
}
