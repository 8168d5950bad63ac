/* net-test-util.c
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-net"

#include "net-test-util.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

static void
maybe_play (Peer *peer)
{
  const SternGame *game = stern_net_client_get_game (peer->client);
  guint seat = stern_net_client_get_seat (peer->client);

  if (peer->autoplay && game && seat != STERN_NO_SEAT && !stern_game_is_over (game) &&
      stern_game_get_turn (game) == seat && !stern_game_must_pass (game) &&
      peer->played_at != stern_game_get_n_actions (game))
    peer_play_one (peer);
}

gboolean
peer_play_one (Peer *peer)
{
  const SternGame *game = stern_net_client_get_game (peer->client);
  SternMove move;
  guint8 path[STERN_MAX_PATH];
  size_t len;

  /* Only the peer's own turn: a move sent for another seat is refused,
   * and the test that meant the seat on turn to play would wait for it. */
  if (game == NULL || stern_game_get_turn (game) != stern_net_client_get_seat (peer->client) ||
      !stern_search_choose (peer->search, game, STERN_LEVEL_GREEDY,
                            stern_game_get_n_actions (game), 0, NULL, &move))
    return FALSE;
  len = stern_movegen_path (stern_game_get_rules (game), stern_game_get_position (game),
                            move.from, move.to, path);
  g_assert_cmpuint (len, >=, 2);
  peer->played_at = stern_game_get_n_actions (game);
  stern_net_client_play (peer->client, path, len);
  return TRUE;
}

static void
on_welcome (SternNetClient *c, const SternNetMessage *msg, Peer *peer)
{
  peer->n_welcome++;
}

static void
on_lobby (SternNetClient *c, const SternNetMessage *msg, Peer *peer)
{
  peer->n_lobby++;
  g_clear_pointer (&peer->lobby, stern_net_message_free);
  peer->lobby = stern_net_message_new (STERN_NET_MSG_LOBBY);
  peer->lobby->online = msg->online;
  peer->lobby->looking = msg->looking;
  peer->lobby->rooms = g_array_ref (msg->rooms);
}

static void
on_joined (SternNetClient *c, const SternNetMessage *msg, Peer *peer)
{
  peer->n_joined++;
}

static void
on_room (SternNetClient *c, const SternNetMessage *msg, Peer *peer)
{
  peer->n_rooms++;
  maybe_play (peer);
}

static void
on_action (SternNetClient *c, const SternNetMessage *msg, Peer *peer)
{
  peer->n_actions++;
  peer->actions_by_seat[msg->seat]++;
  maybe_play (peer);
}

static void
on_error (SternNetClient *c, const SternNetMessage *msg, Peer *peer)
{
  SternNetErrorCode code = msg->error;

  g_test_message ("error %s: %s", stern_net_error_name (msg->error), msg->text);
  g_array_append_val (peer->errors, code);
  g_ptr_array_add (peer->error_fields, g_strdup (msg->field ? msg->field : ""));
}

static void
on_closed (SternNetClient *c, Peer *peer)
{
  peer->closed = TRUE;
}

static void
connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  gboolean *done = user_data;
  g_autoptr (GError) error = NULL;

  g_assert_true (stern_net_client_connect_finish (STERN_NET_CLIENT (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

Peer *
peer_new (guint port, const char *name)
{
  g_autofree char *uri = g_strdup_printf ("ws://127.0.0.1:%u/", port);

  return peer_new_uri (uri, NULL, name);
}

Peer *
peer_new_uri (const char *uri, GTlsCertificate *trusted, const char *name)
{
  Peer *peer = g_new0 (Peer, 1);
  gboolean done = FALSE;

  peer->client = stern_net_client_new (name);
  stern_net_client_set_trusted_certificate (peer->client, trusted);
  peer->errors = g_array_new (FALSE, FALSE, sizeof (SternNetErrorCode));
  peer->error_fields = g_ptr_array_new_with_free_func (g_free);
  peer->search = stern_search_new ();
  peer->played_at = G_MAXUINT;
  g_signal_connect (peer->client, "welcome", G_CALLBACK (on_welcome), peer);
  g_signal_connect (peer->client, "lobby", G_CALLBACK (on_lobby), peer);
  g_signal_connect (peer->client, "joined", G_CALLBACK (on_joined), peer);
  g_signal_connect (peer->client, "room", G_CALLBACK (on_room), peer);
  g_signal_connect (peer->client, "action", G_CALLBACK (on_action), peer);
  g_signal_connect (peer->client, "error", G_CALLBACK (on_error), peer);
  g_signal_connect (peer->client, "closed", G_CALLBACK (on_closed), peer);
  stern_net_client_connect_async (peer->client, uri, NULL, connected_cb, &done);
  g_assert_true (test_wait_until (is_true, &done, 10000));
  g_assert_cmpuint (peer->n_welcome, ==, 1);
  return peer;
}

void
peer_free (Peer *peer)
{
  if (peer == NULL)
    return;
  g_signal_handlers_disconnect_by_data (peer->client, peer);
  stern_net_client_close (peer->client);
  g_object_unref (peer->client);
  g_array_unref (peer->errors);
  g_ptr_array_unref (peer->error_fields);
  g_clear_pointer (&peer->lobby, stern_net_message_free);
  stern_search_free (peer->search);
  g_free (peer);
}

void
peer_clear_errors (Peer *peer)
{
  g_array_set_size (peer->errors, 0);
  g_ptr_array_set_size (peer->error_fields, 0);
}

typedef struct {
  Peer *peer;
  guint n;
} Count;

static gboolean
has_errors (gpointer data)
{
  Count *c = data;
  return c->peer->errors->len > c->n;
}

int
peer_wait_error (Peer *peer, guint before, const char **field)
{
  Count c = { peer, before };

  if (!test_wait_until (has_errors, &c, 5000))
    return -1;
  if (field)
    *field = g_ptr_array_index (peer->error_fields, before);
  return (int) g_array_index (peer->errors, SternNetErrorCode, before);
}

static gboolean
has_joined (gpointer data)
{
  Count *c = data;
  return c->peer->n_joined > c->n;
}

gboolean
peer_wait_joined (Peer *peer, guint before)
{
  Count c = { peer, before };
  return test_wait_until (has_joined, &c, 5000);
}

static gboolean
has_actions (gpointer data)
{
  Count *c = data;
  return c->peer->n_actions >= c->n;
}

gboolean
peer_wait_actions (Peer *peer, guint n)
{
  Count c = { peer, n };
  return test_wait_until (has_actions, &c, 10000);
}

static gboolean
is_over (gpointer data)
{
  Peer *peer = data;
  const SternGame *game = stern_net_client_get_game (peer->client);
  return game && stern_game_is_over (game);
}

gboolean
peer_wait_over (Peer *peer, guint timeout_ms)
{
  return test_wait_until (is_over, peer, timeout_ms);
}

typedef struct {
  Peer *peer;
  guint n_lobby;
} SyncWait;

static gboolean
lobby_after (gpointer data)
{
  const SyncWait *w = data;

  return w->peer->n_lobby >= w->n_lobby || w->peer->closed;
}

void
peer_sync (Peer *peer)
{
  SyncWait w = { peer, peer->n_lobby + 1 };

  stern_net_client_list (peer->client);
  g_assert_true (test_wait_until (lobby_after, &w, 5000));
  g_assert_false (peer->closed);
  g_assert_cmpuint (peer->n_lobby, ==, w.n_lobby);
}

void
net_setup_open (SternNetSetup *setup, const char *variant, SternPreset preset)
{
  memset (setup, 0, sizeof *setup);
  setup->variant = stern_variant_lookup (variant);
  g_assert_nonnull (setup->variant);
  setup->preset = preset;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    setup->seats[s].kind = STERN_NET_SEAT_OPEN;
}

guint
net_listen_local (SternServer *server)
{
  g_autoptr (GError) error = NULL;
  guint port;

  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  port = stern_server_get_port (server);
  g_assert_cmpuint (port, >, 0);
  return port;
}

gboolean
peer_has_room (gpointer peer)
{
  return ((Peer *) peer)->n_rooms > 0;
}

static void
child_setup (gpointer data)
{
  /* Should the test die, its server dies with it. */
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

typedef struct {
  char    *line;
  gboolean done;
} LineRead;

static void
line_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LineRead *r = user_data;

  r->line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source), result, NULL, NULL);
  r->done = TRUE;
}

static gboolean
line_done (gpointer data)
{
  return ((LineRead *) data)->done;
}

void
net_server_start (NetServer *server, const char *dir)
{
  const char *binary = g_getenv ("STERN_SERVER");
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GError) error = NULL;
  LineRead r = { NULL, FALSE };

  g_assert_nonnull (binary);
  /* A critical warning in the server is a failure of the test. */
  g_subprocess_launcher_setenv (launcher, "G_DEBUG", "fatal-criticals", TRUE);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  if (server->stderr_path != NULL)
    g_subprocess_launcher_set_stderr_file_path (launcher, server->stderr_path);
  server->proc = g_subprocess_launcher_spawn (launcher, &error, binary,
                                              "--address", "127.0.0.1", "--port", "0",
                                              "--data-dir", dir, "--grace", "30",
                                              "--replacement-level", "easy", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server->proc));
  g_data_input_stream_read_line_async (out, G_PRIORITY_DEFAULT, NULL, line_cb, &r);
  g_assert_true (test_wait_until (line_done, &r, 10000));
  g_assert_nonnull (r.line);
  g_assert_true (g_str_has_prefix (r.line, "port "));
  server->port = (guint) g_ascii_strtoull (r.line + 5, NULL, 10);
  g_assert_cmpuint (server->port, >, 0);
  g_free (r.line);
}

static gboolean
proc_done (gpointer data)
{
  return *(gboolean *) data;
}

static void
wait_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *(gboolean *) user_data = TRUE;
}

void
net_server_stop (NetServer *server, int sig)
{
  gboolean done = FALSE;

  g_subprocess_send_signal (server->proc, sig);
  g_subprocess_wait_async (server->proc, NULL, wait_cb, &done);
  g_assert_true (test_wait_until (proc_done, &done, 10000));
  if (sig == SIGKILL)
    g_assert_cmpint (g_subprocess_get_term_sig (server->proc), ==, SIGKILL);
  else
    {
      g_assert_true (g_subprocess_get_if_exited (server->proc));
      g_assert_cmpint (g_subprocess_get_exit_status (server->proc), ==, 0);
    }
  g_clear_object (&server->proc);
}
