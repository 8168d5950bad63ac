/* stern-server-listener-private.h (private to the listener and the
 * limits): the listener, its connections and the addresses they come
 * from, which stern-server-listener.c and stern-server-limits.c share.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-frame-guard.h"
#include "stern-server-limits.h"
#include "stern-server-listener.h"
#include "stern-server-log.h"

G_BEGIN_DECLS

struct _SternListener {
  const SternServerLimits *config;  /* the server's: changes apply at once */
  SternListenerHooks  hooks;
  GSocket    *listening;        /* the listening socket */
  GSource    *accept_source;
  guint       pause_id;
  guint       pause_ms;
  gboolean    accepting;
  gboolean    emfile_logged;
  SoupServer *soup;
  GTlsCertificate *certificate;
  GQueue      tracked;          /* SternTracked, oldest first */
  guint       n_half_open;
  GHashTable *addresses;        /* key → Address */
  guint       sweep_id;
  guint64     hits[STERN_N_LIMIT_HITS];
  SternPoller *poller;          /* NULL without epoll */
  /* For the sources of connections that wait: libsoup's keep-alive
   * timers and the reads relayed through the poller.  GLib walks every
   * source of a context on each turn, so these are kept out of the main
   * loop's; only the sweep runs this one. */
  GMainContext *quiet;
};

typedef struct {
  char   *key;
  guint   n_conns;
  double  create_tokens;
  gint64  create_refilled_us;
  double  guess_tokens;
  gint64  guess_refilled_us;
  GPtrArray *rooms;             /* char *: codes it created */
} Address;

struct _SternTracked {
  SternListener *listener;
  GList       link;
  GSocket     *socket;          /* owned by the stream */
  GIOStream   *stream;          /* what soup got: weak */
  SternFrameGuard *guard;       /* the stream's: valid while it is */
  Address     *address;
  GSocketAddress *remote;
  SoupWebsocketConnection *ws;  /* weak, after the upgrade */
  SternRefuse  refuse;
  gboolean     upgraded;
  guint        deadline_id;
  gint64       heard_us;
  gboolean     closing;
  gint64       closing_since_us;
  gsize        unflushed;       /* queued since the socket was last writable */
  gboolean     tls;
  GMainContext *first_read;     /* where the new WebSocket's first source waits */
};

/* The address remote counts as, made on first use. */
Address     *stern_limits_address_get (SternListener *self, GSocketAddress *remote);
void         stern_limits_address_free (gpointer address);
/* Forgets the addresses with nothing left to remember (from the sweep). */
void         stern_limits_sweep_addresses (SternListener *self);

G_END_DECLS
