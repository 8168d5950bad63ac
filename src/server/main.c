/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: sternhalma-server, the network play server (doc/protocol.md). */
#define G_LOG_DOMAIN "stern-server"

#include <glib-unix.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include "stern-server.h"

static gboolean
quit_cb (gpointer user_data)
{
  g_message ("stopping");
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

int
main (int argc, char **argv)
{
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
  g_autoptr(GOptionContext) context = g_option_context_new ("- Sternhalma network play server");
  g_autoptr(GError) error = NULL;
  g_autoptr(SternServer) server = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  SternLevel level = STERN_LEVEL_MEDIUM;

  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("sternhalma-server: %s\n", error->message);
      return 2;
    }
  if (data_dir == NULL || port < 0 || port > 65535 || grace_s < 0 || rate <= 0 || max_conns < 1 ||
      retention_days < 0 || retention_days > 3650 ||
      (cert_file == NULL) != (key_file == NULL) ||
      (level_name && (!stern_level_lookup (level_name, &level) || level >= STERN_N_PLAY_LEVELS)))
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
  if (!stern_server_listen (server, address, (guint) port, certificate, &error))
    {
      g_printerr ("sternhalma-server: %s\n", error->message);
      return 1;
    }
  /* The port on stdout, for scripts and tests that asked for port 0. */
  g_print ("port %u\n", stern_server_get_port (server));
  fflush (stdout);

  loop = g_main_loop_new (NULL, FALSE);
  g_unix_signal_add (SIGINT, quit_cb, loop);
  g_unix_signal_add (SIGTERM, quit_cb, loop);
  g_main_loop_run (loop);
  stern_server_disconnect (server);
  return 0;
}
