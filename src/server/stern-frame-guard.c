/* stern-frame-guard.c: the stream libsoup reads a connection through.
 *
 * libsoup checks each WebSocket frame's length against one cap only and
 * drops the TCP connection without a close frame when it is passed, and
 * it reassembles fragments without any cap.  A SternFrameGuard sits under
 * libsoup on the way in: it reads the frame headers as they pass, and on
 * a frame or a message over the cap it stops the bytes before that frame
 * and calls its owner, which closes the connection with 1009.  Before the
 * upgrade it hands libsoup one request head at a time, and the frames of
 * an upgrade request are watched from the byte after its head, so no
 * frame passes unseen.  SternGuardedStream is the GIOStream libsoup gets:
 * the guard in, the socket's own stream out.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-frame-guard.h"

#include <string.h>

/* Of a request head, what is kept to see whether it asks for an upgrade
 * (the headers that matter come first in every client seen). */
#define MAX_HEAD_KEPT        8192

/* ---- the frame guard: a pollable input stream over the socket's ---- */

struct _SternFrameGuard {
  GInputStream parent_instance;
  GInputStream *base;
  GByteArray   *pending;        /* read from base, not yet handed on */
  gsize         pending_at;
  gboolean      frames;         /* after the upgrade */
  guint         head_match;     /* bytes of "\r\n\r\n" matched so far */
  GString      *head;           /* the request head passing, lower case, bounded */
  /* the frame being read */
  guint8        header[14];
  guint         header_len;
  guint         header_need;
  guint64       payload_left;
  guint64       message_len;    /* a fragmented message so far */
  gboolean      in_message;
  gsize         max_message;
  gboolean      blocked;
  gboolean      held;           /* after an upgrade head, until the WebSocket reads */
  SternFrameGuardFunc too_large;  /* NULL once nobody listens */
  gpointer      too_large_data;
  /* Reads relayed through the server's poller (see relay_fire). */
  SternPollerWatch *watch;
  GSocket      *socket;
  GMainContext *quiet;
  gboolean      buffered_below; /* the base may hold bytes the socket no longer shows (TLS) */
  GSourceFunc   relay_func;     /* the reader's callback, once learnt */
  gpointer      relay_data;
  GSource      *waiting;        /* the source the reader holds: weak */
  gboolean      in_fire;
  gboolean      pushed_quiet;
};

static void stern_frame_guard_pollable_init (GPollableInputStreamInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SternFrameGuard, stern_frame_guard, G_TYPE_INPUT_STREAM,
                               G_IMPLEMENT_INTERFACE (G_TYPE_POLLABLE_INPUT_STREAM,
                                                      stern_frame_guard_pollable_init))


/* Reads the frame headers in data; returns the offset of the first byte
 * of a frame that may not pass, or len when all may. */
static gsize
guard_scan_frames (SternFrameGuard *self, const guint8 *data, gsize len, gsize *frame_start)
{
  gsize i = 0;

  while (i < len)
    {
      if (self->payload_left > 0)
        {
          guint64 take = MIN (self->payload_left, (guint64) (len - i));
          self->payload_left -= take;
          i += (gsize) take;
          continue;
        }
      if (self->header_len == 0)
        {
          *frame_start = i;
          self->header_need = 2;
        }
      self->header[self->header_len++] = data[i++];
      if (self->header_len == 2)
        {
          guint len7 = self->header[1] & 0x7f;
          self->header_need = 2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) +
                              ((self->header[1] & 0x80) ? 4 : 0);
        }
      if (self->header_len < self->header_need)
        continue;
      {
        guint len7 = self->header[1] & 0x7f;
        guint opcode = self->header[0] & 0x0f;
        gboolean fin = (self->header[0] & 0x80) != 0;
        guint64 payload = len7;

        if (len7 == 126)
          payload = ((guint64) self->header[2] << 8) | self->header[3];
        else if (len7 == 127)
          {
            payload = 0;
            for (guint k = 2; k < 10; k++)
              payload = (payload << 8) | self->header[k];
          }
        self->header_len = 0;
        if (opcode < 8)
          {
            /* A data frame: alone, or a piece of a message. */
            guint64 total = (opcode == 0 ? self->message_len : 0) + payload;

            if (payload > self->max_message || total > self->max_message)
              return *frame_start;
            self->in_message = !fin;
            self->message_len = fin ? 0 : total;
          }
        self->payload_left = payload;
      }
    }
  return len;
}

/* Hands on what may pass of the n bytes just placed in buffer. */
static gssize
guard_filter (SternFrameGuard *self, guint8 *buffer, gsize n, GError **error)
{
  gsize pass = n;

  if (!self->frames)
    {
      /* Up to the end of one request head, the rest kept for later.  The
       * frames of an upgrade request are watched from the byte after its
       * head, whenever libsoup reads them. */
      static const char end[] = "\r\n\r\n";

      if (self->head == NULL)
        self->head = g_string_new (NULL);
      for (gsize i = 0; i < n; i++)
        {
          if (self->head->len < MAX_HEAD_KEPT)
            g_string_append_c (self->head, g_ascii_tolower ((char) buffer[i]));
          self->head_match = buffer[i] == (guint8) end[self->head_match] ? self->head_match + 1
                             : buffer[i] == '\r'                        ? 1
                                                                        : 0;
          if (self->head_match == 4)
            {
              self->head_match = 0;
              pass = i + 1;
              /* What follows an upgrade head is held back until the
               * WebSocket connection reads (stern_frame_guard_relay_reads),
               * so that libsoup's HTTP side never buffers a frame. */
              if (strstr (self->head->str, "\nupgrade:") && strstr (self->head->str, "websocket"))
                self->frames = self->held = TRUE;
              g_string_truncate (self->head, 0);
              break;
            }
        }
    }
  else
    {
      gsize frame_start = 0;

      pass = guard_scan_frames (self, buffer, n, &frame_start);
      if (pass < n && !self->blocked)
        {
          self->blocked = TRUE;
          if (self->too_large)
            self->too_large (self->too_large_data);
          n = pass;   /* the rest is thrown away */
        }
    }
  if (pass < n)
    {
      /* Put back in front of what is still pending. */
      if (self->pending == NULL)
        self->pending = g_byte_array_new ();
      g_byte_array_remove_range (self->pending, 0, (guint) self->pending_at);
      self->pending_at = 0;
      g_byte_array_prepend (self->pending, buffer + pass, (guint) (n - pass));
    }
  if (pass == 0 && self->blocked)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK, "blocked");
      return -1;
    }
  return (gssize) pass;
}

static gssize
guard_take_pending (SternFrameGuard *self, void *buffer, gsize count)
{
  gsize n = MIN (count, self->pending->len - self->pending_at);

  memcpy (buffer, self->pending->data + self->pending_at, n);
  self->pending_at += n;
  if (self->pending_at == self->pending->len)
    {
      g_byte_array_set_size (self->pending, 0);
      self->pending_at = 0;
    }
  return (gssize) n;
}

static gboolean
guard_has_pending (SternFrameGuard *self)
{
  return self->pending && self->pending->len > self->pending_at;
}

static gssize
guard_read (SternFrameGuard *self, void *buffer, gsize count, gboolean blocking,
            GCancellable *cancellable, GError **error)
{
  gssize n;

  if (self->blocked || self->held)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK, "blocked");
      return -1;
    }
  if (count == 0)
    return 0;
  if (guard_has_pending (self))
    n = guard_take_pending (self, buffer, count);
  else if (blocking)
    n = g_input_stream_read (self->base, buffer, count, cancellable, error);
  else
    n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (self->base), buffer,
                                                  count, cancellable, error);
  if (n <= 0)
    return n;
  return guard_filter (self, buffer, (gsize) n, error);
}

static gssize
stern_frame_guard_read_fn (GInputStream *stream, void *buffer, gsize count,
                           GCancellable *cancellable, GError **error)
{
  return guard_read (STERN_FRAME_GUARD (stream), buffer, count, TRUE, cancellable, error);
}

static gboolean
stern_frame_guard_close_fn (GInputStream *stream, GCancellable *cancellable, GError **error)
{
  return g_input_stream_close (STERN_FRAME_GUARD (stream)->base, cancellable, error);
}

static gboolean
stern_frame_guard_can_poll (GPollableInputStream *stream)
{
  return TRUE;
}

static gboolean
stern_frame_guard_is_readable (GPollableInputStream *stream)
{
  SternFrameGuard *self = STERN_FRAME_GUARD (stream);

  if (self->blocked || self->held)
    return FALSE;
  return guard_has_pending (self) ||
         g_pollable_input_stream_is_readable (G_POLLABLE_INPUT_STREAM (self->base));
}

/* ---- reads relayed through the poller ----
 *
 * The reader (libsoup's WebSocket connection) asks for a source each time
 * it has read all there was, attaches it to the thread's default context
 * and waits for its callback.  GLib walks every source of a context on
 * every turn, even a destroyed one that somebody still holds, so those
 * sources must not be in the main loop's context: they go into the quiet
 * context (see stern_frame_guard_relay_reads), which only the server's
 * sweep looks at, and the poller tells when the socket is readable.
 *
 * The reader's callback (always the same for one reader) is learnt from
 * the first source's one dispatch; from then on the guard calls it itself
 * when the poller says so.  A source the reader holds is what says that
 * it waits (and that its callback is valid): it is dropped when the
 * reader reads or closes. */

typedef struct {
  GSource          source;
  SternFrameGuard *guard;
} RelaySource;

static void
relay_fire (gpointer data)
{
  SternFrameGuard *self = data;
  GPollableSourceFunc func = (GPollableSourceFunc) (void (*) (void)) self->relay_func;

  if (func == NULL || self->waiting == NULL)
    return;
  g_object_ref (self);
  self->in_fire = TRUE;
  func (G_OBJECT (self), self->relay_data);
  self->in_fire = FALSE;
  if (self->pushed_quiet)
    {
      self->pushed_quiet = FALSE;
      g_main_context_pop_thread_default (self->quiet);
    }
  g_object_unref (self);
}

/* The socket may hold nothing while the guard or TLS below it does. */
static gboolean
relay_has_buffered (SternFrameGuard *self)
{
  return guard_has_pending (self) ||
         (self->buffered_below &&
          g_pollable_input_stream_is_readable (G_POLLABLE_INPUT_STREAM (self->base)));
}

static gboolean
relay_dispatch (GSource *source, GSourceFunc callback, gpointer user_data)
{
  SternFrameGuard *self = ((RelaySource *) source)->guard;

  /* Only a reader that attaches the source itself gets one (see
   * stern_frame_guard_relay_reads), never a wrapping stream. */
  g_return_val_if_fail (callback != NULL, G_SOURCE_REMOVE);
  self->relay_func = callback;
  self->relay_data = user_data;
  if (relay_has_buffered (self) || !stern_poller_watch_arm (self->watch))
    relay_fire (self);
  return G_SOURCE_REMOVE;
}

static void
relay_finalize (GSource *source)
{
  RelaySource *relay = (RelaySource *) source;

  if (relay->guard->waiting == source)
    relay->guard->waiting = NULL;
  g_object_unref (relay->guard);
}

static GSourceFuncs relay_funcs = {
  .dispatch = relay_dispatch,
  .finalize = relay_finalize,
};

static GSource *
relay_source_new (SternFrameGuard *self)
{
  GSource *source = g_source_new (&relay_funcs, sizeof (RelaySource));

  ((RelaySource *) source)->guard = g_object_ref (self);
  g_source_set_static_name (source, "stern-relayed-read");
  self->waiting = source;
  if (self->relay_func == NULL || relay_has_buffered (self) || !stern_poller_watch_arm (self->watch))
    {
      /* Dispatched once, where it is attached: to learn the callback, to
       * hand on what is already there, or to read without the poller. */
      g_source_set_ready_time (source, 0);
      return source;
    }
  if (self->in_fire && !self->pushed_quiet)
    {
      /* The reader attaches the source as soon as this returns, and then
       * returns to relay_fire, which pops the context again. */
      g_main_context_push_thread_default (self->quiet);
      self->pushed_quiet = TRUE;
    }
  return source;
}

static GSource *
stern_frame_guard_create_source (GPollableInputStream *stream, GCancellable *cancellable)
{
  SternFrameGuard *self = STERN_FRAME_GUARD (stream);
  GSource *source;

  if (self->blocked || self->held)
    return g_pollable_source_new_full (self, NULL, cancellable);   /* never ready */
  if (guard_has_pending (self))
    {
      source = g_pollable_source_new_full (self, NULL, cancellable);
      g_source_set_ready_time (source, 0);
      return source;
    }
  if (self->watch && cancellable == NULL && !stern_poller_watch_is_orphan (self->watch))
    return relay_source_new (self);
  /* The base's own source: whoever polls this stream wraps it in a
   * source of its own that calls back with the stream it knows, and a
   * level less is a source less per connection for the main loop to
   * look at on every turn. */
  if (cancellable == NULL)
    return g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (self->base), NULL);
  {
    g_autoptr (GSource) base = g_pollable_input_stream_create_source (
      G_POLLABLE_INPUT_STREAM (self->base), NULL);
    return g_pollable_source_new_full (self, base, cancellable);
  }
}

static gssize
stern_frame_guard_read_nonblocking (GPollableInputStream *stream, void *buffer, gsize count,
                                    GError **error)
{
  return guard_read (STERN_FRAME_GUARD (stream), buffer, count, FALSE, NULL, error);
}

static void
stern_frame_guard_pollable_init (GPollableInputStreamInterface *iface)
{
  iface->can_poll = stern_frame_guard_can_poll;
  iface->is_readable = stern_frame_guard_is_readable;
  iface->create_source = stern_frame_guard_create_source;
  iface->read_nonblocking = stern_frame_guard_read_nonblocking;
}

static void
stern_frame_guard_finalize (GObject *object)
{
  SternFrameGuard *self = STERN_FRAME_GUARD (object);

  stern_poller_watch_free (self->watch, self->socket && !g_socket_is_closed (self->socket));
  g_clear_object (&self->socket);
  g_clear_pointer (&self->quiet, g_main_context_unref);
  g_clear_object (&self->base);
  g_clear_pointer (&self->pending, g_byte_array_unref);
  if (self->head)
    g_string_free (self->head, TRUE);
  G_OBJECT_CLASS (stern_frame_guard_parent_class)->finalize (object);
}

static void
stern_frame_guard_class_init (SternFrameGuardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GInputStreamClass *input_class = G_INPUT_STREAM_CLASS (klass);

  object_class->finalize = stern_frame_guard_finalize;
  input_class->read_fn = stern_frame_guard_read_fn;
  input_class->close_fn = stern_frame_guard_close_fn;
}

static void
stern_frame_guard_init (SternFrameGuard *self)
{
}

/* ---- the stream soup gets: the guard in, the socket's stream out ---- */

struct _SternGuardedStream {
  GIOStream parent_instance;
  GIOStream *base;
  SternFrameGuard *input;
};

G_DEFINE_FINAL_TYPE (SternGuardedStream, stern_guarded_stream, G_TYPE_IO_STREAM)

static GInputStream *
stern_guarded_stream_get_input_stream (GIOStream *stream)
{
  return G_INPUT_STREAM (STERN_GUARDED_STREAM (stream)->input);
}

static GOutputStream *
stern_guarded_stream_get_output_stream (GIOStream *stream)
{
  return g_io_stream_get_output_stream (STERN_GUARDED_STREAM (stream)->base);
}

static gboolean
stern_guarded_stream_close_fn (GIOStream *stream, GCancellable *cancellable, GError **error)
{
  return g_io_stream_close (STERN_GUARDED_STREAM (stream)->base, cancellable, error);
}

/* Closing a socket does not block: no thread for it (GIOStream's default
 * closes in a thread). */
static void
stern_guarded_stream_close_async (GIOStream *stream, int io_priority, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (stream, cancellable, callback, user_data);
  GError *error = NULL;

  if (stern_guarded_stream_close_fn (stream, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static gboolean
stern_guarded_stream_close_finish (GIOStream *stream, GAsyncResult *result, GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
stern_guarded_stream_dispose (GObject *object)
{
  SternGuardedStream *self = STERN_GUARDED_STREAM (object);

  if (self->base && !g_io_stream_is_closed (self->base))
    g_io_stream_close (self->base, NULL, NULL);
  g_clear_object (&self->input);
  g_clear_object (&self->base);
  G_OBJECT_CLASS (stern_guarded_stream_parent_class)->dispose (object);
}

static void
stern_guarded_stream_class_init (SternGuardedStreamClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GIOStreamClass *stream_class = G_IO_STREAM_CLASS (klass);

  object_class->dispose = stern_guarded_stream_dispose;
  stream_class->get_input_stream = stern_guarded_stream_get_input_stream;
  stream_class->get_output_stream = stern_guarded_stream_get_output_stream;
  stream_class->close_fn = stern_guarded_stream_close_fn;
  stream_class->close_async = stern_guarded_stream_close_async;
  stream_class->close_finish = stern_guarded_stream_close_finish;
}

static void
stern_guarded_stream_init (SternGuardedStream *self)
{
}

GIOStream *
stern_guarded_stream_new (GIOStream *base, gsize max_message, SternFrameGuard **guard)
{
  SternGuardedStream *self = g_object_new (STERN_TYPE_GUARDED_STREAM, NULL);

  self->base = g_object_ref (base);
  self->input = g_object_new (STERN_TYPE_FRAME_GUARD, NULL);
  self->input->base = g_object_ref (g_io_stream_get_input_stream (base));
  self->input->max_message = max_message;
  *guard = self->input;
  return G_IO_STREAM (self);
}

void
stern_frame_guard_watch_frames (SternFrameGuard *guard)
{
  g_return_if_fail (STERN_IS_FRAME_GUARD (guard));
  guard->frames = TRUE;
}

void
stern_frame_guard_relay_reads (SternFrameGuard *guard, SternPoller *poller, GMainContext *quiet,
                               GSocket *socket, gboolean buffered_below)
{
  g_return_if_fail (STERN_IS_FRAME_GUARD (guard));
  g_return_if_fail (G_IS_SOCKET (socket));
  g_return_if_fail (guard->watch == NULL);
  guard->held = FALSE;
  if (poller == NULL || quiet == NULL)
    return;
  guard->socket = g_object_ref (socket);
  guard->quiet = g_main_context_ref (quiet);
  guard->buffered_below = buffered_below;
  guard->watch = stern_poller_watch (poller, g_socket_get_fd (socket), relay_fire, guard);
}

void
stern_frame_guard_set_too_large_func (SternFrameGuard *guard, SternFrameGuardFunc func,
                                      gpointer data)
{
  g_return_if_fail (STERN_IS_FRAME_GUARD (guard));
  guard->too_large = func;
  guard->too_large_data = data;
}
