/* stern-server-metrics.h (private to src/server): the counters behind
 * --metrics, written in Prometheus' text format (doc/server.md).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "stern-net-protocol.h"
#include "stern-server-limits.h"

G_BEGIN_DECLS

/* Upper bounds of the move latency histogram, in seconds. */
#define STERN_METRICS_N_BUCKETS 10

typedef struct {
  guint64 moves;
  guint64 errors[STERN_NET_N_ERRORS];
  guint64 latency_buckets[STERN_METRICS_N_BUCKETS];
  guint64 latency_count;
  double  latency_sum_s;
  guint64 connections_total;
} SternMetrics;

/* A move was played: us from its message's arrival to its announcement. */
void  stern_metrics_count_move (SternMetrics *metrics, gint64 us);
void  stern_metrics_count_error (SternMetrics *metrics, SternNetErrorCode code);

/* The whole page; gauges come from the caller. */
char *stern_metrics_render (const SternMetrics *metrics, SternListener *listener, guint online,
                            guint rooms, guint rooms_playing, gboolean accepting);

G_END_DECLS
