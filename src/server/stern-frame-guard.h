/* stern-frame-guard.h (private to src/server): the stream libsoup reads
 * each connection through, with the cap on frames and on reassembled
 * messages (see stern-frame-guard.c).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-poller.h"

G_BEGIN_DECLS

#define STERN_TYPE_FRAME_GUARD (stern_frame_guard_get_type ())
G_DECLARE_FINAL_TYPE (SternFrameGuard, stern_frame_guard, STERN, FRAME_GUARD, GInputStream)

#define STERN_TYPE_GUARDED_STREAM (stern_guarded_stream_get_type ())
G_DECLARE_FINAL_TYPE (SternGuardedStream, stern_guarded_stream, STERN, GUARDED_STREAM, GIOStream)

typedef void (*SternFrameGuardFunc) (gpointer data);

/* base's input through a new guard (returned in guard, owned by the
 * stream), its output as it is. */
GIOStream *stern_guarded_stream_new (GIOStream *base, gsize max_message, SternFrameGuard **guard);

/* From now on a reader that attaches the guard's sources itself (the
 * WebSocket connection) waits for input through poller, and the sources
 * it holds meanwhile sit in quiet, a context the main loop does not walk
 * on every turn (either NULL: as before); buffered_below: base may hold
 * bytes the socket no longer shows (TLS).  The reader's first source must
 * be dispatched once, in whatever context it is attached to. */
void       stern_frame_guard_relay_reads (SternFrameGuard *guard, SternPoller *poller,
                                          GMainContext *quiet, GSocket *socket,
                                          gboolean buffered_below);

/* From now on the bytes are frames (the upgrade happened). */
void       stern_frame_guard_watch_frames (SternFrameGuard *guard);
/* Called (from inside a read) when a frame or message is over the cap;
 * nothing more is read after it. */
void       stern_frame_guard_set_too_large_func (SternFrameGuard *guard, SternFrameGuardFunc func,
                                                 gpointer data);

G_END_DECLS
