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
#include "stern-server-log.h"
#include "stern-server-options.h"

/* systemd's notification protocol, spoken directly: one datagram to
 * $NOTIFY_SOCKET per state (no library needed; nothing when it is unset). */
static void
sd_notify_state (const char *state)
{
  const char *path = g_getenv ("NOTIFY_SOCKET");
  g_autoptr (GSocket) sock = NULL;
  g_autoptr (GSocketAddress) addr = NULL;

  if (path == NULL || (path[0] != '/' && path[0] != '@') || path[1] == '\0')
    return;
  sock = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_DATAGRAM, 0, NULL);
  if (sock == NULL)
    return;
  addr = path[0] == '@'
           ? g_unix_socket_address_new_with_type (path + 1, -1, G_UNIX_SOCKET_ADDRESS_ABSTRACT)
           : g_unix_socket_address_new (path);
  if (g_socket_send_to (sock, addr, state, strlen (state), NULL, NULL) < 0)
    server_log (G_LOG_LEVEL_DEBUG, "sd_notify: could not send %s", state);
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

int
main (int argc, char **argv)
{
  g_auto (SternServerOptions) options = { 0 };
  const SternOptValue *v = options.values;
  g_autofree char *help = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  const char *cert_file, *key_file, *metrics;
  Stop stop = { 0 };
  const char *watchdog_usec;

  setlocale (LC_ALL, "");
  stern_server_options_init (&options);
  if (!stern_server_options_parse (&options, &argc, &argv, &help, &error))
    {
      /* A value out of range comes with the list of options. */
      g_printerr ("sternhalma-server: %s\n%s%s", error->message, help ? "\n" : "",
                  help ? help : "");
      return 2;
    }
  cert_file = v[STERN_OPT_TLS_CERT].text;
  key_file = v[STERN_OPT_TLS_KEY].text;
  metrics = v[STERN_OPT_METRICS].text;
  if (cert_file)
    {
      certificate = g_tls_certificate_new_from_files (cert_file, key_file, &error);
      if (certificate == NULL)
        {
          g_printerr ("sternhalma-server: %s\n", error->message);
          return 1;
        }
    }

  server = stern_server_new (v[STERN_OPT_DATA_DIR].text);
  stern_server_options_apply (&options, server);
  stern_server_load (server);
  if (!stern_server_listen (server, v[STERN_OPT_ADDRESS].text, (guint) v[STERN_OPT_PORT].number,
                            certificate, &error))
    {
      g_printerr ("sternhalma-server: %s\n", error->message);
      return 1;
    }
  if (metrics && !stern_server_listen_metrics (server, options.metrics_host, options.metrics_port,
                                               &error))
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
  stop = (Stop) { loop, server, (guint) v[STERN_OPT_DRAIN_TIMEOUT].number * 1000, FALSE };
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
