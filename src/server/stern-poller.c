/* stern-poller.c: one epoll set for the sockets of upgraded connections.
 *
 * GLib's main loop looks at every source attached to it on each turn,
 * ready or not, and libsoup keeps a source per WebSocket connection: with
 * thousands of quiet connections open, every move anyone plays pays for
 * all of them.  Here the sockets of upgraded connections sit in one epoll
 * set instead, watched by one source; the kernel tells which of them are
 * readable, so a turn costs the connections that have something to say.
 * A watch is one-shot (EPOLLONESHOT): its owner re-arms it each time it
 * waits for input again, which also means a socket nobody waits on never
 * wakes the loop.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-poller.h"
#include "stern-server-log.h"

#ifdef __linux__
#include <errno.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>
#include <glib-unix.h>
#endif

/* Events taken per turn of the main loop: enough for a busy turn, and
 * what is left stays ready for the next. */
#define EVENTS_PER_TURN 64

struct _SternPollerWatch {
  SternPoller    *poller;       /* NULL once the poller is gone */
  guint64         id;
  int             fd;
  gboolean        added;        /* in the epoll set */
  gboolean        armed;
  SternPollerFunc func;
  gpointer        data;
};

struct _SternPoller {
  int         epoll_fd;
  guint       source_id;
  guint64     next_id;
  GHashTable *watches;          /* id -> SternPollerWatch (not owned) */
};

#ifdef __linux__

static gboolean
poller_ready_cb (int fd, GIOCondition condition, gpointer user_data)
{
  SternPoller *self = user_data;
  struct epoll_event events[EVENTS_PER_TURN];
  int n = epoll_wait (self->epoll_fd, events, EVENTS_PER_TURN, 0);

  if (n < 0 && errno != EINTR)
    server_log (G_LOG_LEVEL_WARNING, "epoll_wait: %s", g_strerror (errno));
  for (int i = 0; i < n; i++)
    {
      /* By id, not by pointer: an earlier callback of this turn may have
       * freed the watch (its connection closed). */
      SternPollerWatch *watch = g_hash_table_lookup (self->watches, &events[i].data.u64);

      if (watch == NULL || !watch->armed)
        continue;
      watch->armed = FALSE;
      watch->func (watch->data);
    }
  return G_SOURCE_CONTINUE;
}

SternPoller *
stern_poller_new (void)
{
  SternPoller *self;
  int fd = epoll_create1 (EPOLL_CLOEXEC);

  if (fd < 0)
    {
      server_log (G_LOG_LEVEL_WARNING, "epoll_create1: %s", g_strerror (errno));
      return NULL;
    }
  self = g_new0 (SternPoller, 1);
  self->epoll_fd = fd;
  self->watches = g_hash_table_new (g_int64_hash, g_int64_equal);
  self->source_id = g_unix_fd_add (fd, G_IO_IN, poller_ready_cb, self);
  return self;
}

gboolean
stern_poller_watch_arm (SternPollerWatch *watch)
{
  struct epoll_event event = { .events = EPOLLIN | EPOLLRDHUP | EPOLLONESHOT };

  g_return_val_if_fail (watch != NULL, FALSE);
  if (watch->poller == NULL)
    return FALSE;
  if (watch->armed)
    return TRUE;
  event.data.u64 = watch->id;
  if (epoll_ctl (watch->poller->epoll_fd, watch->added ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, watch->fd,
                 &event) < 0)
    {
      server_log (G_LOG_LEVEL_DEBUG, "epoll_ctl on fd %d: %s", watch->fd, g_strerror (errno));
      return FALSE;
    }
  watch->added = TRUE;
  watch->armed = TRUE;
  return TRUE;
}

void
stern_poller_watch_free (SternPollerWatch *watch, gboolean fd_open)
{
  if (watch == NULL)
    return;
  if (watch->poller)
    {
      if (watch->added && fd_open)
        epoll_ctl (watch->poller->epoll_fd, EPOLL_CTL_DEL, watch->fd, NULL);
      g_hash_table_remove (watch->poller->watches, &watch->id);
    }
  g_free (watch);
}

#else /* no epoll */

SternPoller *
stern_poller_new (void)
{
  return NULL;
}

gboolean
stern_poller_watch_arm (SternPollerWatch *watch)
{
  return FALSE;
}

void
stern_poller_watch_free (SternPollerWatch *watch, gboolean fd_open)
{
  g_free (watch);
}

#endif

SternPollerWatch *
stern_poller_watch (SternPoller *poller, int fd, SternPollerFunc func, gpointer data)
{
  SternPollerWatch *watch;

  g_return_val_if_fail (poller != NULL && fd >= 0 && func != NULL, NULL);
  watch = g_new0 (SternPollerWatch, 1);
  watch->poller = poller;
  watch->id = ++poller->next_id;
  watch->fd = fd;
  watch->func = func;
  watch->data = data;
  g_hash_table_insert (poller->watches, &watch->id, watch);
  return watch;
}

void
stern_poller_free (SternPoller *poller)
{
  GHashTableIter iter;
  gpointer value;

  if (poller == NULL)
    return;
  /* The watches outlive the poller (their connections close later): they
   * are let go, and their owners see it at the next arm. */
  g_hash_table_iter_init (&iter, poller->watches);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      SternPollerWatch *watch = value;

      watch->poller = NULL;
      watch->armed = FALSE;
    }
  g_hash_table_unref (poller->watches);
  g_clear_handle_id (&poller->source_id, g_source_remove);
#ifdef __linux__
  close (poller->epoll_fd);
#endif
  g_free (poller);
}

gboolean
stern_poller_watch_is_orphan (SternPollerWatch *watch)
{
  return watch->poller == NULL;
}
