/* bench-net.c: a load run of sternhalma-server (a benchmark, not a test).
 *
 * Starts the server (STERN_SERVER or --server) on 127.0.0.1 with a fresh
 * data folder, then CLIENTS clients in pairs, each pair in its own
 * classic-2 room, playing greedy moves as fast as the server answers; a
 * pair whose game ends opens a new room.  After SECONDS it prints the
 * moves per second, the latency of a move (sent → the server's action
 * message back to the mover) at p50 and p99, and the server's resident
 * memory per room.  With --idle N it first opens N more connections that
 * say hello and then nothing, and holds them for the whole run (the cost
 * of a move must not grow with them).  They are held by a second process
 * (this program again, with --hold-idle): in the players' process their
 * sources would slow the players' own main loop, and with it the rate
 * the server is asked to play at, and the figure would measure the bench.
 *
 *   bench-net [--clients 400] [--seconds 60] [--idle 0] [--server PATH]
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bench-net"

#include <glib-unix.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "net-test-util.h"

typedef struct _Bench Bench;

typedef struct {
  Bench          *bench;
  SternNetClient *client;
  SternSearch    *search;
  struct _Pair   *pair;
  guint           sent_ply;     /* G_MAXUINT when no move is on the way */
  gint64          sent_us;
  gboolean        ready;
} Player;

typedef struct _Pair {
  Player *a, *b;
} Pair;

struct _Bench {
  GArray  *latencies_us;   /* gint64 */
  guint64  moves;
  guint    rooms;
  guint    games_over;
  guint    errors;
  gboolean running;
  gint64   start_us;
};

static void play_if_my_turn (Player *p);

static void
start_room (Pair *pair)
{
  SternNetSetup setup;

  if (!pair->a->bench->running)
    return;
  net_setup_open (&setup, "classic-2", STERN_PRESET_TABLE);
  pair->a->bench->rooms++;
  stern_net_client_create (pair->a->client, &setup, STERN_WHITE);
}

static void
on_joined (SternNetClient *c, const SternNetMessage *msg, Player *p)
{
  /* The creator is in: its partner joins the new room. */
  if (p == p->pair->a)
    stern_net_client_join (p->pair->b->client, msg->code, STERN_BLACK);
}

/* The move that brings a marble furthest towards the goal, never a fatal
 * one while another exists; ties go to the later move in the list, varied by the ply.  (The
 * engine's greedy level does the same, but sets up its evaluation tables on
 * every call, which cost the clients more than the server's whole work.) */
static gboolean
choose_greedy (const SternGame *game, guint seat, SternMove *out)
{
  static SternMove moves[STERN_MAX_MOVES];
  const SternRules *rules = stern_game_get_rules (game);
  size_t n = stern_game_legal_moves (game, moves);
  int best = G_MININT;
  guint salt = stern_game_get_n_actions (game);

  for (size_t i = 0; i < n; i++)
    {
      int gain;

      if (moves[i].flags & STERN_MOVE_FATAL)
        continue;
      gain = 4 * ((int) stern_rules_goal_distance (rules, seat, moves[i].from) -
                  (int) stern_rules_goal_distance (rules, seat, moves[i].to)) +
             (int) ((i * 2654435761u + salt) >> 30);
      if (gain > best)
        {
          best = gain;
          *out = moves[i];
        }
    }
  /* Only fatal moves left: one must still be played. */
  if (best == G_MININT && n > 0)
    {
      *out = moves[salt % n];
      return TRUE;
    }
  return best != G_MININT;
}

static void
play_if_my_turn (Player *p)
{
  const SternGame *game = stern_net_client_get_game (p->client);
  guint seat = stern_net_client_get_seat (p->client);
  guint8 path[STERN_MAX_PATH];
  SternMove move;
  size_t len;

  if (!p->bench->running || game == NULL || seat == STERN_NO_SEAT ||
      stern_game_is_over (game) || stern_game_get_turn (game) != seat ||
      stern_game_must_pass (game) || p->sent_ply == stern_game_get_n_actions (game))
    return;
  if (!choose_greedy (game, seat, &move))
    return;
  len = stern_movegen_path (stern_game_get_rules (game), stern_game_get_position (game),
                            move.from, move.to, path);
  p->sent_ply = stern_game_get_n_actions (game);
  p->sent_us = g_get_monotonic_time ();
  stern_net_client_play (p->client, path, len);
}

static void
on_room (SternNetClient *c, const SternNetMessage *msg, Player *p)
{
  play_if_my_turn (p);
}

static void
on_action (SternNetClient *c, const SternNetMessage *msg, Player *p)
{
  if (msg->ply == p->sent_ply && msg->seat == stern_net_client_get_seat (p->client))
    {
      gint64 latency = g_get_monotonic_time () - p->sent_us;

      if (p->bench->running)
        {
          g_array_append_val (p->bench->latencies_us, latency);
          p->bench->moves++;
        }
      p->sent_ply = G_MAXUINT;
    }
  if (msg->over && p == p->pair->a)
    {
      p->bench->games_over++;
      start_room (p->pair);
      return;
    }
  play_if_my_turn (p);
}

static void
on_error (SternNetClient *c, const SternNetMessage *msg, Player *p)
{
  if (p->bench->errors++ < 10)
    g_printerr ("error: %s: %s\n", stern_net_error_name (msg->error), msg->text);
}

static void
connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Player *p = user_data;
  g_autoptr (GError) error = NULL;

  if (!stern_net_client_connect_finish (STERN_NET_CLIENT (source), result, &error))
    g_printerr ("connect: %s\n", error->message);
  else
    p->ready = TRUE;
}

static void
child_setup (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static guint64
rss_kib (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *text = NULL;
  const char *line;

  if (!g_file_get_contents (path, &text, NULL, NULL) || !(line = strstr (text, "VmRSS:")))
    return 0;
  return g_ascii_strtoull (line + 6, NULL, 10);
}

/* CPU seconds (user + system) of a process. */
static double
cpu_seconds (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *text = NULL;
  g_auto (GStrv) fields = NULL;
  const char *p;

  /* Fields after the command name, which is in parentheses and may hold spaces. */
  if (!g_file_get_contents (path, &text, NULL, NULL) || !(p = strrchr (text, ')')))
    return 0;
  fields = g_strsplit (p + 2, " ", 0);
  if (g_strv_length (fields) < 13)
    return 0;
  return (double) (g_ascii_strtoull (fields[11], NULL, 10) + g_ascii_strtoull (fields[12], NULL, 10)) /
         (double) sysconf (_SC_CLK_TCK);
}

static int
cmp_i64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return (x > y) - (x < y);
}

typedef struct {
  Player **players;
  guint n;
} ReadyWait;

static gboolean
all_ready (gpointer data)
{
  ReadyWait *w = data;

  for (guint i = 0; i < w->n; i++)
    if (!w->players[i]->ready)
      return FALSE;
  return TRUE;
}

static gboolean
stop_cb (gpointer data)
{
  ((Bench *) data)->running = FALSE;
  return G_SOURCE_REMOVE;
}

static gboolean
is_stopped (gpointer data)
{
  return !((Bench *) data)->running;
}

static gboolean
stdin_closed_cb (int fd, GIOCondition condition, gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

/* Opens n connections to uri that say hello, prints "held" and keeps
 * them (answering the server's pings) until its standard input closes. */
static int
hold_idle (int n, const char *uri)
{
  Player **idle = g_new0 (Player *, MAX (n, 1));
  gboolean done = FALSE;

  for (int i = 0; i < n; i++)
    {
      idle[i] = g_new0 (Player, 1);
      idle[i]->client = stern_net_client_new (NULL);
      stern_net_client_connect_async (idle[i]->client, uri, NULL, connected_cb, idle[i]);
    }
  {
    ReadyWait w = { idle, (guint) n };
    if (!test_wait_until (all_ready, &w, 120000))
      {
        g_printerr ("bench-net: not every idle connection was made\n");
        return 1;
      }
  }
  g_print ("held\n");
  fflush (stdout);
  g_unix_fd_add (STDIN_FILENO, G_IO_IN | G_IO_HUP | G_IO_ERR, stdin_closed_cb, &done);
  test_wait_until (is_true, &done, 3600 * 1000);
  for (int i = 0; i < n; i++)
    {
      stern_net_client_close (idle[i]->client);
      g_object_unref (idle[i]->client);
      g_free (idle[i]);
    }
  g_free (idle);
  return 0;
}

int
main (int argc, char **argv)
{
  g_auto (GStrv) server_options = NULL;
  int n_clients = 400;
  int seconds = 60;
  int n_idle = 0;
  int hold = -1;
  g_autofree char *hold_uri = NULL;
  g_autofree char *server_path = NULL;
  GOptionEntry entries[] = {
    { "clients", 'c', 0, G_OPTION_ARG_INT, &n_clients, "Clients (two per room; default 400)", "N" },
    { "seconds", 's', 0, G_OPTION_ARG_INT, &seconds, "Length of the run (default 60)", "S" },
    { "idle", 0, 0, G_OPTION_ARG_INT, &n_idle, "Idle connections held during the run (default 0)", "N" },
    { "server", 0, 0, G_OPTION_ARG_FILENAME, &server_path, "sternhalma-server to start", "PATH" },
    { "hold-idle", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &hold, "Only hold N idle connections (the helper process)", "N" },
    { "uri", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &hold_uri, "The server, for --hold-idle", "URI" },
    /* Every client here comes from 127.0.0.1: a server with per-address
     * caps needs them lifted (--server-option=--max-per-address=0 …). */
    { "server-option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &server_options, "An option for the server (repeat for more)", "OPTION" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- load run of sternhalma-server");
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *line = NULL;
  g_autofree char *uri = NULL;
  Bench bench = { 0 };
  /* One search for every client: they all run on this one thread. */
  g_autoptr (SternSearch) search = stern_search_new ();
  Player **players;
  g_autoptr (GSubprocess) holder = NULL;
  Pair *pairs;
  guint port, n_pairs;
  GPid pid;
  guint64 rss_idle, rss_rooms, rss_end;
  double elapsed, server_cpu0, bench_cpu0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || n_clients < 2 ||
      n_clients > 20000 || seconds < 1 || seconds > 3600 || n_idle < 0 || n_idle > 20000)
    {
      g_printerr ("bench-net: %s\n", error ? error->message : "--clients 2…20000, --seconds 1…3600");
      return 2;
    }
  if (hold >= 0)
    return hold_uri ? hold_idle (hold, hold_uri) : 2;
  if (server_path == NULL)
    server_path = g_strdup (g_getenv ("STERN_SERVER"));
  if (server_path == NULL)
    {
      g_printerr ("bench-net: give --server PATH or STERN_SERVER\n");
      return 2;
    }
  n_pairs = (guint) n_clients / 2;

  dir = g_dir_make_tmp ("stern-bench-XXXXXX", &error);
  g_assert_no_error (error);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  /* Computer-speed clients send far more than a person: lift the rate limit. */
  {
    g_autoptr (GPtrArray) args = g_ptr_array_new ();
    const char *fixed[] = { server_path, "--address", "127.0.0.1", "--port", "0", "--data-dir", dir,
                            "--rate", "1000" };

    for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
      g_ptr_array_add (args, (gpointer) fixed[i]);
    for (guint i = 0; server_options && server_options[i]; i++)
      g_ptr_array_add (args, server_options[i]);
    g_ptr_array_add (args, NULL);
    proc = g_subprocess_launcher_spawnv (launcher, (const char *const *) args->pdata, &error);
  }
  if (proc == NULL)
    {
      g_printerr ("bench-net: %s\n", error->message);
      return 1;
    }
  pid = (GPid) g_ascii_strtoll (g_subprocess_get_identifier (proc), NULL, 10);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
  line = g_data_input_stream_read_line (out, NULL, NULL, &error);
  if (line == NULL || !g_str_has_prefix (line, "port "))
    {
      g_printerr ("bench-net: the server did not start\n");
      return 1;
    }
  port = (guint) g_ascii_strtoull (line + 5, NULL, 10);
  uri = g_strdup_printf ("ws://127.0.0.1:%u/", port);
  test_spin (200);
  rss_idle = rss_kib (pid);

  if (n_idle > 0)
    {
      g_autofree char *count = g_strdup_printf ("%d", n_idle);
      g_autoptr (GSubprocessLauncher) holder_launcher = g_subprocess_launcher_new (
        G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
      g_autoptr (GDataInputStream) holder_out = NULL;
      g_autofree char *held = NULL;

      g_subprocess_launcher_set_child_setup (holder_launcher, child_setup, NULL, NULL);
      holder = g_subprocess_launcher_spawn (holder_launcher, &error, "/proc/self/exe", "--hold-idle",
                                            count, "--uri", uri, NULL);
      if (holder == NULL)
        {
          g_printerr ("bench-net: %s\n", error->message);
          return 1;
        }
      holder_out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (holder));
      held = g_data_input_stream_read_line (holder_out, NULL, NULL, NULL);
      if (held == NULL || strcmp (held, "held") != 0)
        {
          g_printerr ("bench-net: not every idle connection was made\n");
          return 1;
        }
      {
        guint64 rss_held = rss_kib (pid);

        g_print ("%d idle connections held (by pid %s); server memory %" G_GUINT64_FORMAT
                 " KiB (%.1f KiB a connection)\n", n_idle, g_subprocess_get_identifier (holder),
                 rss_held, (double) (rss_held - rss_idle) / n_idle);
        /* Rooms are counted from here. */
        rss_idle = rss_held;
      }
    }

  bench.latencies_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  players = g_new0 (Player *, n_pairs * 2);
  pairs = g_new0 (Pair, n_pairs);
  for (guint i = 0; i < n_pairs * 2; i++)
    {
      Player *p = g_new0 (Player, 1);

      p->bench = &bench;
      p->client = stern_net_client_new (i % 2 ? "B" : "A");
      p->search = search;
      p->sent_ply = G_MAXUINT;
      p->pair = &pairs[i / 2];
      if (i % 2)
        pairs[i / 2].b = p;
      else
        pairs[i / 2].a = p;
      g_signal_connect (p->client, "joined", G_CALLBACK (on_joined), p);
      g_signal_connect (p->client, "room", G_CALLBACK (on_room), p);
      g_signal_connect (p->client, "action", G_CALLBACK (on_action), p);
      g_signal_connect (p->client, "error", G_CALLBACK (on_error), p);
      stern_net_client_connect_async (p->client, uri, NULL, connected_cb, p);
      players[i] = p;
    }
  {
    ReadyWait w = { players, n_pairs * 2 };
    if (!test_wait_until (all_ready, &w, 60000))
      {
        g_printerr ("bench-net: not every client connected\n");
        return 1;
      }
  }

  g_print ("%u clients in %u rooms on 127.0.0.1:%u for %d s (server pid %d)\n", n_pairs * 2,
           n_pairs, port, seconds, (int) pid);
  server_cpu0 = cpu_seconds (pid);
  bench_cpu0 = cpu_seconds (getpid ());
  bench.running = TRUE;
  bench.start_us = g_get_monotonic_time ();
  for (guint i = 0; i < n_pairs; i++)
    start_room (&pairs[i]);
  /* Memory with every first room open and playing. */
  test_spin (MIN (5000u, (guint) seconds * 1000 / 4));
  rss_rooms = rss_kib (pid);

  g_timeout_add ((guint) seconds * 1000 - MIN (5000u, (guint) seconds * 1000 / 4), stop_cb, &bench);
  test_wait_until (is_stopped, &bench, (guint) seconds * 1000 + 10000);
  elapsed = (double) (g_get_monotonic_time () - bench.start_us) / 1e6;
  rss_end = rss_kib (pid);

  g_array_sort (bench.latencies_us, cmp_i64);
  {
    guint n = bench.latencies_us->len;
    double p50 = n ? (double) g_array_index (bench.latencies_us, gint64, n / 2) / 1000.0 : 0;
    double p99 = n ? (double) g_array_index (bench.latencies_us, gint64, MIN (n - 1, n * 99 / 100)) / 1000.0 : 0;

    g_print ("moves: %" G_GUINT64_FORMAT " in %.1f s = %.0f moves/s\n", bench.moves, elapsed,
             (double) bench.moves / elapsed);
    g_print ("move latency: p50 %.2f ms, p99 %.2f ms\n", p50, p99);
    g_print ("CPU: server %.1f s (%.0f us a move), clients %.1f s\n",
             cpu_seconds (pid) - server_cpu0,
             (cpu_seconds (pid) - server_cpu0) * 1e6 / (double) MAX (bench.moves, 1u),
             cpu_seconds (getpid ()) - bench_cpu0);
    g_print ("games finished: %u, rooms opened: %u, errors: %u\n", bench.games_over, bench.rooms,
             bench.errors);
    g_print ("server memory (VmRSS): %" G_GUINT64_FORMAT " KiB before the rooms, %" G_GUINT64_FORMAT
             " KiB with %u rooms playing (%.0f KiB a room), %" G_GUINT64_FORMAT
             " KiB at the end (finished rooms leave memory)\n",
             rss_idle, rss_rooms, n_pairs, (double) (rss_rooms - rss_idle) / n_pairs, rss_end);
  }

  if (holder)
    {
      /* Its standard input closes: it lets its connections go. */
      g_output_stream_close (g_subprocess_get_stdin_pipe (holder), NULL, NULL);
      g_subprocess_wait (holder, NULL, NULL);
    }
  for (guint i = 0; i < n_pairs * 2; i++)
    {
      stern_net_client_close (players[i]->client);
      g_object_unref (players[i]->client);
      g_free (players[i]);
    }
  g_free (players);
  g_free (pairs);
  g_subprocess_send_signal (proc, SIGTERM);
  g_subprocess_wait (proc, NULL, NULL);
  {
    /* The rooms' files go with the run. */
    g_autofree char *rooms = g_build_filename (dir, "rooms", NULL);
    g_autoptr (GDir) d = g_dir_open (rooms, 0, NULL);
    const char *name;
    while (d && (name = g_dir_read_name (d)))
      {
        g_autofree char *f = g_build_filename (rooms, name, NULL);
        g_unlink (f);
      }
    g_rmdir (rooms);
    g_rmdir (dir);
  }
  return bench.errors ? 1 : 0;
}
