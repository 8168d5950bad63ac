/* main.c: sternhalma-server, the network play server (doc/protocol.md).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gunixsocketaddress.h>
#include <glib-unix.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stern-server.h"

/* systemd's notification protocol, spoken directly: one datagram to
 * $NOTIFY_SOCKET per state (no library needed; nothing when it is unset). */
static void
sd_notify_state (const char *state)
{
  const char *path = g_getenv ("NOTIFY_SOCKET");
  g_autoptr(GSocket) sock = NULL;
  g_autoptr(GSocketAddress) addr = NULL;

  if (path == NULL || (path[0] != '/' && path[0] != '@') || path[1] == '\0')
    return;
  sock = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_DATAGRAM, 0, NULL);
  if (sock == NULL)
    return;
  addr = path[0] == '@'
           ? g_unix_socket_address_new_with_type (path + 1, -1, G_UNIX_SOCKET_ADDRESS_ABSTRACT)
           : g_unix_socket_address_new (path);
  if (g_socket_send_to (sock, addr, state, strlen (state), NULL, NULL) < 0)
    g_debug ("sd_notify: could not send %s", state);
}

/* The main loop still turns: tell the watchdog. */
static gboolean
watchdog_cb (gpointer user_data)
{
  sd_notify_state ("WATCHDOG=1");
  return G_SOURCE_CONTINUE;
}

typedef struct {
  GMainLoop   *loop;
  SternServer *server;
  guint        drain_ms;
  gboolean     stopping;
} Stop;

static gboolean
drained_cb (gpointer user_data)
{
  Stop *stop = user_data;

  g_main_loop_quit (stop->loop);
  return G_SOURCE_REMOVE;
}

static gboolean
quit_cb (gpointer user_data)
{
  Stop *stop = user_data;

  if (stop->stopping)
    {
      /* A second signal: stop now. */
      g_main_loop_quit (stop->loop);
      return G_SOURCE_CONTINUE;
    }
  stop->stopping = TRUE;
  sd_notify_state ("STOPPING=1");
  stern_server_drain (stop->server, stop->drain_ms, drained_cb, stop);
  return G_SOURCE_CONTINUE;
}

static SternServerLimits
default_limits (void)
{
  SternServerLimits limits;

  stern_server_limits_init (&limits);
  return limits;
}

/* "ADDRESS:PORT", "[IPv6]:PORT" or "PORT" (then 127.0.0.1). */
static gboolean
parse_host_port (const char *text, char **host, guint *port)
{
  const char *colon = strrchr (text, ':');
  g_autofree char *h = NULL;
  guint64 p;

  if (colon == NULL)
    h = g_strdup ("127.0.0.1");
  else if (text[0] == '[' && colon > text + 1 && colon[-1] == ']')
    h = g_strndup (text + 1, (gsize) (colon - text - 2));
  else
    h = g_strndup (text, (gsize) (colon - text));
  if (!g_ascii_string_to_unsigned (colon ? colon + 1 : text, 10, 0, 65535, &p, NULL))
    return FALSE;
  *host = g_steal_pointer (&h);
  *port = (guint) p;
  return TRUE;
}

int
main (int argc, char **argv)
{
  SternServerLimits limits = default_limits ();
  int per_address = (int) limits.max_per_address;
  int creates = (int) limits.creates_per_minute;
  int rooms_per_address = (int) limits.rooms_per_address;
  int guesses = (int) limits.guesses_per_minute;
  int upgrade_s = (int) limits.upgrade_timeout_ms / 1000;
  int ping_s = (int) limits.ping_interval_ms / 1000;
  int ping_timeout_s = (int) limits.ping_timeout_ms / 1000;
  int max_outgoing_kib = (int) (limits.max_outgoing / 1024);
  int upgrade_ms = -1, ping_timeout_ms = -1, drain_s = 10;
  g_autofree char *metrics = NULL;
  g_auto(GStrv) origins = NULL;
  gboolean limits_ok;
  int port = STERN_NET_DEFAULT_PORT;
  int grace_s = 60;
  double rate = 20;
  g_autofree char *data_dir = NULL;
  g_autofree char *address = NULL;
  g_autofree char *cert_file = NULL;
  g_autofree char *key_file = NULL;
  g_autofree char *level_name = NULL;
  int grace_ms = -1;
  gboolean durable = FALSE;
  int max_conns = 5000;
  int retention_days = 7;
  GOptionEntry entries[] = {
    { "port", 'p', 0, G_OPTION_ARG_INT, &port, "Port to listen on (0: any free port; default 7130)", "N" },
    { "address", 'a', 0, G_OPTION_ARG_STRING, &address, "Listen only on this IP address (default: all)", "ADDR" },
    { "data-dir", 'd', 0, G_OPTION_ARG_FILENAME, &data_dir, "Folder for the rooms' store, rooms.sqlite (required)", "DIR" },
    { "tls-cert", 0, 0, G_OPTION_ARG_FILENAME, &cert_file, "TLS certificate (PEM); with --tls-key, serve wss://", "FILE" },
    { "tls-key", 0, 0, G_OPTION_ARG_FILENAME, &key_file, "TLS private key (PEM)", "FILE" },
    { "grace", 'g', 0, G_OPTION_ARG_INT, &grace_s, "Seconds a dropped player keeps the seat (default 60)", "S" },
    { "grace-ms", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &grace_ms, "Grace period in milliseconds (tests)", "MS" },
    { "replacement-level", 0, 0, G_OPTION_ARG_STRING, &level_name, "Level of the computer that takes a seat over (default medium)", "LEVEL" },
    { "fsync", 0, 0, G_OPTION_ARG_NONE, &durable, "Flush the store to the disk at every move (synchronous=FULL: survives power cuts; slower)", NULL },
    { "max-connections", 0, 0, G_OPTION_ARG_INT, &max_conns, "Connections at once (default 5000)", "N" },
    { "rate", 0, 0, G_OPTION_ARG_DOUBLE, &rate, "Messages a connection may send per second (default 20)", "N" },
    { "retention-days", 0, 0, G_OPTION_ARG_INT, &retention_days, "Days a finished game stays watchable by its code (default 7)", "N" },
    { NULL }
  };
  /* The connection layer's limits (doc/server.md); --max-connections
   * counts half-open connections too, and the fd limit must be above it. */
  GOptionEntry limit_entries[] = {
    { "max-per-address", 0, 0, G_OPTION_ARG_INT, &per_address, "Connections from one address or IPv6 /64 (default 32; 0: no cap)", "N" },
    { "creates-per-minute", 0, 0, G_OPTION_ARG_INT, &creates, "Rooms one address may create a minute (default 10; 0: no cap)", "N" },
    { "rooms-per-address", 0, 0, G_OPTION_ARG_INT, &rooms_per_address, "Open rooms one address may have created (default 20; 0: no cap)", "N" },
    { "guesses-per-minute", 0, 0, G_OPTION_ARG_INT, &guesses, "Unknown room codes or wrong tokens one address may send a minute (default 20; 0: no cap)", "N" },
    { "upgrade-timeout", 0, 0, G_OPTION_ARG_INT, &upgrade_s, "Seconds a connection has to finish its WebSocket upgrade (default 10)", "S" },
    { "upgrade-timeout-ms", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &upgrade_ms, "The same in milliseconds (tests)", "MS" },
    { "ping-interval", 0, 0, G_OPTION_ARG_INT, &ping_s, "Seconds between keep-alive pings (default 30)", "S" },
    { "ping-timeout", 0, 0, G_OPTION_ARG_INT, &ping_timeout_s, "Seconds without a pong or a message before a connection is closed (default 75)", "S" },
    { "ping-timeout-ms", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &ping_timeout_ms, "The same in milliseconds (tests)", "MS" },
    { "max-outgoing", 0, 0, G_OPTION_ARG_INT, &max_outgoing_kib, "KiB that may wait for a client that does not read before it is dropped (default 1024)", "KIB" },
    { "origin", 0, 0, G_OPTION_ARG_STRING_ARRAY, &origins, "Allow browser clients from this origin only (repeat for more; clients that send no Origin always may)", "ORIGIN" },
    { "metrics", 0, 0, G_OPTION_ARG_STRING, &metrics, "Serve Prometheus metrics on this local ADDRESS:PORT (default: none)", "ADDRESS:PORT" },
    { "drain-timeout", 0, 0, G_OPTION_ARG_INT, &drain_s, "Seconds SIGTERM waits for connections to close (default 10)", "S" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- Sternhalma network play server");
  g_autoptr(GError) error = NULL;
  g_autoptr(SternServer) server = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  SternLevel level = STERN_LEVEL_MEDIUM;
  g_autofree char *metrics_host = NULL;
  guint metrics_port = 0;
  Stop stop = { 0 };
  const char *watchdog_usec;

  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_add_main_entries (context, limit_entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("sternhalma-server: %s\n", error->message);
      return 2;
    }
  limits_ok = per_address >= 0 && creates >= 0 && rooms_per_address >= 0 && guesses >= 0 &&
              upgrade_s >= 1 && ping_s >= 1 && ping_timeout_s >= 1 && max_outgoing_kib >= 16 &&
              drain_s >= 0 && (metrics == NULL || parse_host_port (metrics, &metrics_host, &metrics_port));
  if (data_dir == NULL || port < 0 || port > 65535 || grace_s < 0 || rate <= 0 || max_conns < 1 ||
      retention_days < 0 || retention_days > 3650 ||
      (cert_file == NULL) != (key_file == NULL) ||
      (level_name && (!stern_level_lookup (level_name, &level) || level >= STERN_N_PLAY_LEVELS)) ||
      !limits_ok)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      g_printerr ("sternhalma-server: %s\n\n%s",
                  data_dir == NULL ? "--data-dir is required"
                  : (cert_file == NULL) != (key_file == NULL) ? "--tls-cert and --tls-key go together"
                  : "an option is out of range", help);
      return 2;
    }
  if (cert_file)
    {
      certificate = g_tls_certificate_new_from_files (cert_file, key_file, &error);
      if (certificate == NULL)
        {
          g_printerr ("sternhalma-server: %s\n", error->message);
          return 1;
        }
    }

  server = stern_server_new (data_dir);
  stern_server_set_grace (server, grace_ms >= 0 ? (guint) grace_ms : (guint) grace_s * 1000);
  stern_server_set_replacement_level (server, level);
  stern_server_set_rate (server, rate, rate * 2);
  stern_server_set_durable (server, durable);
  stern_server_set_retention (server, (guint) retention_days * 24 * 3600);
  stern_server_set_max_connections (server, (guint) max_conns);
  stern_server_load (server);
  limits.max_connections = (guint) max_conns;
  limits.max_per_address = (guint) per_address;
  limits.creates_per_minute = (guint) creates;
  limits.rooms_per_address = (guint) rooms_per_address;
  limits.guesses_per_minute = (guint) guesses;
  limits.upgrade_timeout_ms = upgrade_ms > 0 ? (guint) upgrade_ms : (guint) upgrade_s * 1000;
  limits.ping_interval_ms = (guint) ping_s * 1000;
  limits.ping_timeout_ms = ping_timeout_ms > 0 ? (guint) ping_timeout_ms : (guint) ping_timeout_s * 1000;
  limits.max_outgoing = (gsize) max_outgoing_kib * 1024;
  stern_server_set_limits (server, &limits);
  stern_server_set_origins (server, (const char *const *) origins);
  if (!stern_server_listen (server, address, (guint) port, certificate, &error))
    {
      g_printerr ("sternhalma-server: %s\n", error->message);
      return 1;
    }
  if (metrics && !stern_server_listen_metrics (server, metrics_host, metrics_port, &error))
    {
      g_printerr ("sternhalma-server: --metrics: %s\n", error->message);
      return 1;
    }
  /* The port on stdout, for scripts and tests that asked for port 0. */
  g_print ("port %u\n", stern_server_get_port (server));
  if (metrics)
    g_print ("metrics port %u\n", stern_server_get_metrics_port (server));
  fflush (stdout);

  loop = g_main_loop_new (NULL, FALSE);
  stop = (Stop) { loop, server, (guint) drain_s * 1000, FALSE };
  g_unix_signal_add (SIGINT, quit_cb, &stop);
  g_unix_signal_add (SIGTERM, quit_cb, &stop);
  sd_notify_state ("READY=1");
  watchdog_usec = g_getenv ("WATCHDOG_USEC");
  /* The watchdog is this process's only when WATCHDOG_PID (if set) says so. */
  if (g_getenv ("WATCHDOG_PID") && g_ascii_strtoll (g_getenv ("WATCHDOG_PID"), NULL, 10) != getpid ())
    watchdog_usec = NULL;
  if (watchdog_usec && g_ascii_strtoull (watchdog_usec, NULL, 10) >= 2000)
    g_timeout_add ((guint) (g_ascii_strtoull (watchdog_usec, NULL, 10) / 2000), watchdog_cb, NULL);
  g_main_loop_run (loop);
  stern_server_disconnect (server);
  return 0;
}
