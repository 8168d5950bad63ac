/* stern-poller.h (private to src/server): one epoll set for the sockets
 * of upgraded connections, so that a connection that says nothing costs
 * the main loop nothing (see stern-poller.c).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _SternPoller      SternPoller;
typedef struct _SternPollerWatch SternPollerWatch;

typedef void (*SternPollerFunc) (gpointer data);

/* NULL where the system has no epoll (then connections keep their own
 * sources).  The poller's one source is in the thread-default context. */
SternPoller      *stern_poller_new (void);
void              stern_poller_free (SternPoller *poller);

/* A watch on fd, not armed; func runs (from the poller's source) once
 * after each arm, when fd is readable or hung up.  An arm that fails
 * (the poller is gone, or the kernel refused the socket) returns FALSE:
 * then the owner must not wait for func. */
SternPollerWatch *stern_poller_watch (SternPoller *poller, int fd, SternPollerFunc func,
                                      gpointer data);
gboolean          stern_poller_watch_arm (SternPollerWatch *watch);
/* The poller went first: the owner should watch for itself. */
gboolean          stern_poller_watch_is_orphan (SternPollerWatch *watch);
/* fd_open: whether fd is still the watched socket (a closed fd has left
 * the set by itself, and its number may already be someone else's). */
void              stern_poller_watch_free (SternPollerWatch *watch, gboolean fd_open);

G_END_DECLS
