/* stern-server-metrics.c: counters and the Prometheus text page.
 *
 * Counting is a few additions on the paths it counts; the page is only
 * written when asked for, on the metrics port (never the players' one).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-server-metrics.h"

static const double bucket_bounds_s[STERN_METRICS_N_BUCKETS] = {
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0,
};

void
stern_metrics_count_move (SternMetrics *metrics, gint64 us)
{
  double s = (double) us / 1e6;

  metrics->moves++;
  metrics->latency_count++;
  metrics->latency_sum_s += s;
  for (guint i = 0; i < STERN_METRICS_N_BUCKETS; i++)
    if (s <= bucket_bounds_s[i])
      metrics->latency_buckets[i]++;
}

void
stern_metrics_count_error (SternMetrics *metrics, SternNetErrorCode code)
{
  if (code < STERN_NET_N_ERRORS)
    metrics->errors[code]++;
}

static void
family (GString *out, const char *name, const char *type, const char *help)
{
  g_string_append_printf (out, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

char *
stern_metrics_render (const SternMetrics *m, SternListener *listener, guint online, guint rooms,
                      guint rooms_playing, gboolean accepting)
{
  GString *out = g_string_new (NULL);
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  family (out, "sternhalma_connections", "gauge", "Sockets open now, upgraded or not.");
  g_string_append_printf (out, "sternhalma_connections %u\n",
                          listener ? stern_listener_get_n_sockets (listener) : 0);
  family (out, "sternhalma_connections_half_open", "gauge",
          "Sockets that have not finished their WebSocket upgrade.");
  g_string_append_printf (out, "sternhalma_connections_half_open %u\n",
                          listener ? stern_listener_get_n_half_open (listener) : 0);
  family (out, "sternhalma_connections_total", "counter", "WebSocket connections accepted.");
  g_string_append_printf (out, "sternhalma_connections_total %" G_GUINT64_FORMAT "\n",
                          m->connections_total);
  family (out, "sternhalma_online", "gauge", "Connections that said hello.");
  g_string_append_printf (out, "sternhalma_online %u\n", online);
  family (out, "sternhalma_rooms", "gauge", "Rooms in memory.");
  g_string_append_printf (out, "sternhalma_rooms %u\n", rooms);
  family (out, "sternhalma_rooms_playing", "gauge", "Rooms whose game has started and is not over.");
  g_string_append_printf (out, "sternhalma_rooms_playing %u\n", rooms_playing);
  family (out, "sternhalma_accepting", "gauge", "1 while the server takes connections, 0 while it drains.");
  g_string_append_printf (out, "sternhalma_accepting %d\n", accepting ? 1 : 0);
  family (out, "sternhalma_moves_total", "counter", "Moves played by people (rate() gives moves a second).");
  g_string_append_printf (out, "sternhalma_moves_total %" G_GUINT64_FORMAT "\n", m->moves);

  family (out, "sternhalma_move_latency_seconds", "histogram",
          "From a move's message to its announcement, in the server.");
  for (guint i = 0; i < STERN_METRICS_N_BUCKETS; i++)
    g_string_append_printf (out, "sternhalma_move_latency_seconds_bucket{le=\"%s\"} %" G_GUINT64_FORMAT "\n",
                            g_ascii_dtostr (number, sizeof number, bucket_bounds_s[i]),
                            m->latency_buckets[i]);
  g_string_append_printf (out, "sternhalma_move_latency_seconds_bucket{le=\"+Inf\"} %" G_GUINT64_FORMAT "\n",
                          m->latency_count);
  g_string_append_printf (out, "sternhalma_move_latency_seconds_sum %s\n",
                          g_ascii_dtostr (number, sizeof number, m->latency_sum_s));
  g_string_append_printf (out, "sternhalma_move_latency_seconds_count %" G_GUINT64_FORMAT "\n",
                          m->latency_count);

  family (out, "sternhalma_errors_total", "counter", "Error messages sent, by code.");
  for (guint i = 0; i < STERN_NET_N_ERRORS; i++)
    g_string_append_printf (out, "sternhalma_errors_total{code=\"%s\"} %" G_GUINT64_FORMAT "\n",
                            stern_net_error_name ((SternNetErrorCode) i), m->errors[i]);

  family (out, "sternhalma_limit_hits_total", "counter",
          "Times a limit refused or closed something, by limit.");
  for (guint i = 0; i < STERN_N_LIMIT_HITS; i++)
    g_string_append_printf (out, "sternhalma_limit_hits_total{limit=\"%s\"} %" G_GUINT64_FORMAT "\n",
                            stern_limit_hit_name ((SternLimitHit) i),
                            listener ? stern_limits_get_hits (listener, (SternLimitHit) i) : 0);
  return g_string_free (out, FALSE);
}
