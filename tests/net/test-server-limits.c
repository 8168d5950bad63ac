/* test-server-limits.c: sternhalma-server (the binary in STERN_SERVER) as
 * an attacker sees it: raw sockets on loopback speaking just enough
 * WebSocket by hand to send what a well-behaved client never would.
 * Each test gives the server its limit as an option (always --opt=VALUE)
 * and waits, bounded, for the server to act on it.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-net"

#include <gio/gio.h>
#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include "stern-server-limits.h"
#include "temp-dir-util.h"

/* Every blocking read or write gives up after this. */
#define IO_TIMEOUT_S 5

/* Set for the next server_start only (the systemd test). */
static const char *next_notify_socket;

typedef struct {
  GSubprocess *proc;
  guint        port;
  guint        metrics_port;
  char        *dir;
} Server;

static void
child_setup (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
  if (data)
    {
      struct rlimit rl = { GPOINTER_TO_UINT (data), GPOINTER_TO_UINT (data) };
      setrlimit (RLIMIT_NOFILE, &rl);
    }
}

/* Starts the server with extra options (NULL-terminated); fd_limit 0
 * keeps the test's own. */
static void
server_start (Server *server, guint fd_limit, const char *first_option, ...)
{
  const char *binary = g_getenv ("STERN_SERVER");
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  char *dir = temp_dir_new ("stern-limits-XXXXXX");
  va_list args;
  char *line;

  g_assert_nonnull (binary);
  server->dir = dir;
  g_ptr_array_add (argv, g_strdup (binary));
  g_ptr_array_add (argv, g_strdup ("--address=127.0.0.1"));
  g_ptr_array_add (argv, g_strdup ("--port=0"));
  g_ptr_array_add (argv, g_strdup_printf ("--data-dir=%s", dir));
  va_start (args, first_option);
  for (const char *o = first_option; o; o = va_arg (args, const char *))
    g_ptr_array_add (argv, g_strdup (o));
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_subprocess_launcher_set_child_setup (launcher, child_setup, GUINT_TO_POINTER (fd_limit), NULL);
  g_subprocess_launcher_setenv (launcher, "G_MESSAGES_DEBUG", "", TRUE);
  /* The server warns the operator of what these tests do to it (out of
   * descriptors, say): that is its job, not a failure to abort on. */
  g_subprocess_launcher_unsetenv (launcher, "G_DEBUG");
  if (next_notify_socket)
    {
      g_subprocess_launcher_setenv (launcher, "NOTIFY_SOCKET", next_notify_socket, TRUE);
      g_subprocess_launcher_setenv (launcher, "WATCHDOG_USEC", "200000", TRUE);
      next_notify_socket = NULL;
    }
  else
    {
      g_subprocess_launcher_unsetenv (launcher, "NOTIFY_SOCKET");
      g_subprocess_launcher_unsetenv (launcher, "WATCHDOG_USEC");
    }
  server->proc = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server->proc));
  server->metrics_port = 0;
  line = g_data_input_stream_read_line (out, NULL, NULL, &error);
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, "port "));
  server->port = (guint) g_ascii_strtoull (line + 5, NULL, 10);
  g_free (line);
  for (const char *const *a = (const char *const *) argv->pdata; *a; a++)
    if (g_str_has_prefix (*a, "--metrics="))
      {
        line = g_data_input_stream_read_line (out, NULL, NULL, &error);
        g_assert_nonnull (line);
        g_assert_true (g_str_has_prefix (line, "metrics port "));
        server->metrics_port = (guint) g_ascii_strtoull (line + 13, NULL, 10);
        g_free (line);
      }
}

static void
server_forget (Server *server)
{
  g_clear_object (&server->proc);
  temp_dir_remove (server->dir);
  g_clear_pointer (&server->dir, g_free);
}

static void
server_stop (Server *server)
{
  g_subprocess_force_exit (server->proc);
  g_subprocess_wait (server->proc, NULL, NULL);
  server_forget (server);
}

/* ---- a WebSocket client by hand, blocking with a timeout ---- */

/* A TCP connection to the server; NULL when it was refused or reset
 * while connecting (a server out of descriptors may do either). */
static GSocket *
raw_try_connect (guint port, int rcvbuf)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) sa = g_inet_socket_address_new (lo, (guint16) port);
  g_autoptr (GSocket) sock = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM,
                                          G_SOCKET_PROTOCOL_TCP, &error);

  g_assert_no_error (error);
  if (rcvbuf > 0)
    g_socket_set_option (sock, SOL_SOCKET, SO_RCVBUF, rcvbuf, NULL);
  g_socket_set_timeout (sock, IO_TIMEOUT_S);
  if (!g_socket_connect (sock, sa, NULL, NULL))
    return NULL;
  return g_steal_pointer (&sock);
}

static GSocket *
raw_connect (guint port, int rcvbuf)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) sa = g_inet_socket_address_new (lo, (guint16) port);
  GSocket *sock = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error);

  g_assert_no_error (error);
  if (rcvbuf > 0)
    g_socket_set_option (sock, SOL_SOCKET, SO_RCVBUF, rcvbuf, NULL);
  g_socket_set_timeout (sock, IO_TIMEOUT_S);
  if (!g_socket_connect (sock, sa, NULL, &error))
    g_error ("connect: %s", error->message);
  return sock;
}

static gboolean
raw_send (GSocket *sock, const void *data, gsize len)
{
  const guint8 *p = data;

  while (len > 0)
    {
      gssize n = g_socket_send (sock, (const char *) p, len, NULL, NULL);
      if (n <= 0)
        return FALSE;
      p += n;
      len -= (gsize) n;
    }
  return TRUE;
}

/* Exactly len bytes, or FALSE on end, error or timeout. */
static gboolean
raw_recv (GSocket *sock, void *data, gsize len)
{
  guint8 *p = data;

  while (len > 0)
    {
      gssize n = g_socket_receive (sock, (char *) p, len, NULL, NULL);
      if (n <= 0)
        return FALSE;
      p += n;
      len -= (gsize) n;
    }
  return TRUE;
}

/* The upgrade; TRUE when the server said 101. */
static gboolean
ws_handshake (GSocket *sock, const char *extra_headers)
{
  g_autofree char *request = g_strdup_printf (
    "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n%s\r\n",
    extra_headers ? extra_headers : "");
  GString *head = g_string_new (NULL);
  gboolean ok;
  char c;

  if (!raw_send (sock, request, strlen (request)))
    return FALSE;
  while (!g_str_has_suffix (head->str, "\r\n\r\n") && head->len < 4096)
    {
      if (!raw_recv (sock, &c, 1))
        break;
      g_string_append_c (head, c);
    }
  ok = g_str_has_prefix (head->str, "HTTP/1.1 101");
  g_string_free (head, TRUE);
  return ok;
}

static gboolean
ws_send_frame (GSocket *sock, guint8 opcode, gboolean fin, const void *payload, gsize len)
{
  g_autofree guint8 *frame = g_malloc (len + 14);
  static const guint8 mask[4] = { 0x11, 0x22, 0x33, 0x44 };
  gsize at = 0;

  frame[at++] = (guint8) ((fin ? 0x80 : 0) | opcode);
  if (len < 126)
    frame[at++] = (guint8) (0x80 | len);
  else if (len <= 0xffff)
    {
      frame[at++] = 0x80 | 126;
      frame[at++] = (guint8) (len >> 8);
      frame[at++] = (guint8) len;
    }
  else
    {
      frame[at++] = 0x80 | 127;
      for (int i = 7; i >= 0; i--)
        frame[at++] = (guint8) ((guint64) len >> (8 * i));
    }
  memcpy (frame + at, mask, 4);
  at += 4;
  for (gsize i = 0; i < len; i++)
    frame[at + i] = ((const guint8 *) payload)[i] ^ mask[i & 3];
  return raw_send (sock, frame, at + len);
}

static gboolean
ws_send_text (GSocket *sock, const char *text)
{
  return ws_send_frame (sock, 0x1, TRUE, text, strlen (text));
}

/* One frame from the server; FALSE on end, error or timeout. */
static gboolean
ws_read_frame (GSocket *sock, guint8 *opcode, GByteArray *payload)
{
  guint8 h[2];
  guint64 len;

  if (!raw_recv (sock, h, 2))
    return FALSE;
  *opcode = h[0] & 0x0f;
  len = h[1] & 0x7f;
  if (len == 126)
    {
      guint8 e[2];
      if (!raw_recv (sock, e, 2))
        return FALSE;
      len = ((guint64) e[0] << 8) | e[1];
    }
  else if (len == 127)
    {
      guint8 e[8];
      if (!raw_recv (sock, e, 8))
        return FALSE;
      len = 0;
      for (int i = 0; i < 8; i++)
        len = (len << 8) | e[i];
    }
  g_assert_cmpuint (len, <, 1024 * 1024);
  g_byte_array_set_size (payload, (guint) len);
  return raw_recv (sock, payload->data, (gsize) len);
}

/* The next text frame holding a "type" of type (others are skipped), or
 * FALSE; any close frame ends the search. */
static gboolean
ws_read_type (GSocket *sock, const char *type, char **text)
{
  g_autoptr (GByteArray) payload = g_byte_array_new ();
  g_autofree char *needle = g_strdup_printf ("\"type\":\"%s\"", type);
  guint8 opcode;

  while (ws_read_frame (sock, &opcode, payload))
    {
      if (opcode == 0x8)
        return FALSE;
      if (opcode == 0x1)
        {
          g_autofree char *s = g_strndup ((const char *) payload->data, payload->len);
          if (strstr (s, needle))
            {
              if (text)
                *text = g_steal_pointer (&s);
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* The close code the server sends (frames before it are skipped); -1
 * when the connection ends with no close frame, -2 on a timeout. */
static int
ws_read_close (GSocket *sock, char **texts)
{
  g_autoptr (GByteArray) payload = g_byte_array_new ();
  GString *seen = g_string_new (NULL);
  guint8 opcode;
  int code = -1;

  for (;;)
    {
      if (!ws_read_frame (sock, &opcode, payload))
        {
          g_autoptr (GError) error = NULL;
          char c;
          /* Tell an end from a timeout. */
          if (g_socket_receive (sock, &c, 1, NULL, &error) < 0 &&
              g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
            code = -2;
          break;
        }
      if (opcode == 0x1)
        {
          g_string_append_len (seen, (const char *) payload->data, payload->len);
          g_string_append_c (seen, '\n');
        }
      if (opcode == 0x8)
        {
          code = payload->len >= 2 ? (payload->data[0] << 8) | payload->data[1] : 1005;
          break;
        }
    }
  if (texts)
    *texts = g_string_free (seen, FALSE);
  else
    g_string_free (seen, TRUE);
  return code;
}

/* Reads until the server ends the connection: TRUE if it did within
 * seconds (whatever came before), FALSE if it was still open. */
static gboolean
wait_closed (GSocket *sock, guint seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;
  char buf[65536];

  g_socket_set_timeout (sock, 1);
  while (g_get_monotonic_time () < end)
    {
      g_autoptr (GError) error = NULL;
      gssize n = g_socket_receive (sock, buf, sizeof buf, NULL, &error);

      if (n == 0 || (n < 0 && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT)))
        return TRUE;
    }
  return FALSE;
}

/* Connects, upgrades and says hello; asserts the welcome. */
static GSocket *
client_new (guint port)
{
  GSocket *sock = raw_connect (port, 0);

  g_assert_true (ws_handshake (sock, NULL));
  g_assert_true (ws_send_text (sock, "{\"type\":\"hello\",\"protocol\":2}"));
  g_assert_true (ws_read_type (sock, "welcome", NULL));
  return sock;
}

#define CREATE_JSON \
  "{\"type\":\"create\",\"variant\":\"classic-2\",\"preset\":\"table\"," \
  "\"seats\":[{\"seat\":\"white\",\"kind\":\"open\"},{\"seat\":\"black\",\"kind\":\"open\"}]}"

/* ---- out of file descriptors ---- */

static void
test_emfile (void)
{
  Server server;
  GSocket *socks[120];
  g_autoptr (GSocket) late = NULL;

  /* 40 descriptors: a few for the server itself, then EMFILE. */
  server_start (&server, 40, "--max-connections=1000", "--max-per-address=0", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (socks); i++)
    socks[i] = raw_try_connect (server.port, 0);
  /* The server had to refuse or drop some; now every one of them goes. */
  for (guint i = 0; i < G_N_ELEMENTS (socks); i++)
    if (socks[i] != NULL)
      {
        g_socket_close (socks[i], NULL);
        g_object_unref (socks[i]);
      }
  /* Descriptors are free again: a new client is served, once the server
   * has worked through the connections closed in its backlog (each takes
   * a descriptor until it sees the end; on a busy machine that can take
   * a few of its pauses). */
  {
    gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
    gboolean served = FALSE;

    while (!served && g_get_monotonic_time () < end)
      {
        g_clear_object (&late);
        late = raw_try_connect (server.port, 0);
        served = late != NULL && ws_handshake (late, NULL);
      }
    g_assert_true (served);
  }
  g_assert_true (ws_send_text (late, "{\"type\":\"hello\",\"protocol\":2}"));
  g_assert_true (ws_read_type (late, "welcome", NULL));
  server_stop (&server);
}

/* ---- connection caps ---- */

static void
test_half_open_count (void)
{
  Server server;
  GSocket *idle[3];
  g_autoptr (GSocket) last = NULL;
  g_autofree char *texts = NULL;

  server_start (&server, 0, "--max-connections=3", "--max-per-address=0", NULL);
  /* Three requests that never finish their upgrade hold the three places. */
  for (guint i = 0; i < G_N_ELEMENTS (idle); i++)
    {
      idle[i] = raw_connect (server.port, 0);
      g_assert_true (raw_send (idle[i], "GET / HTTP/1.1\r\n", 16));
    }
  last = raw_connect (server.port, 0);
  g_assert_true (ws_handshake (last, NULL));
  g_assert_cmpint (ws_read_close (last, &texts), ==, 1013);
  g_assert_nonnull (strstr (texts, "\"error\":\"full\""));
  for (guint i = 0; i < G_N_ELEMENTS (idle); i++)
    g_object_unref (idle[i]);
  server_stop (&server);
}

/* Past --max-connections with every place held by a client that said
 * hello, a newcomer is told `full` too before the close. */
static void
test_full_server (void)
{
  Server server;
  GSocket *held[2];
  g_autoptr (GSocket) last = NULL;
  g_autofree char *texts = NULL;

  server_start (&server, 0, "--max-connections=2", "--max-per-address=0", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    held[i] = client_new (server.port);
  /* The newcomer says hello at once, as a client does. */
  last = raw_connect (server.port, 0);
  g_assert_true (ws_handshake (last, NULL));
  g_assert_true (ws_send_text (last, "{\"type\":\"hello\",\"protocol\":2}"));
  g_assert_cmpint (ws_read_close (last, &texts), ==, 1013);
  g_assert_nonnull (texts);
  g_assert_nonnull (strstr (texts, "\"error\":\"full\""));
  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    g_object_unref (held[i]);
  server_stop (&server);
}

static void
test_per_address_connections (void)
{
  Server server;
  GSocket *ok[3];
  g_autoptr (GSocket) fourth = NULL;
  g_autofree char *texts = NULL;

  server_start (&server, 0, "--max-per-address=3", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    ok[i] = client_new (server.port);
  fourth = raw_connect (server.port, 0);
  g_assert_true (ws_handshake (fourth, NULL));
  g_assert_cmpint (ws_read_close (fourth, &texts), ==, 1008);
  g_assert_nonnull (strstr (texts, "\"error\":\"full\""));
  g_assert_nonnull (strstr (texts, "address"));
  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    g_object_unref (ok[i]);
  server_stop (&server);
}

/* ---- slowloris and silent peers ---- */

static void
test_slowloris (void)
{
  Server server;
  g_autoptr (GSocket) slow = NULL;

  server_start (&server, 0, "--upgrade-timeout-ms=300", NULL);
  slow = raw_connect (server.port, 0);
  g_assert_true (raw_send (slow, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", 33));
  g_assert_true (wait_closed (slow, 8));
  server_stop (&server);
}

static void
test_silent_peer (void)
{
  Server server;
  g_autoptr (GSocket) silent = NULL;

  server_start (&server, 0, "--ping-interval=1", "--ping-timeout-ms=1500", NULL);
  silent = client_new (server.port);
  /* It reads (wait_closed does) but never answers a ping. */
  g_assert_true (wait_closed (silent, 10));
  server_stop (&server);
}

/* A peer that answers every ping stays, however long it says nothing
 * else: the pings keep coming on time (libsoup's timers are run by the
 * server's sweep, outside its main loop). */
static void
test_answering_peer (void)
{
  Server server;
  g_autoptr (GSocket) quiet = NULL;
  g_autoptr (GByteArray) payload = g_byte_array_new ();
  guint pings = 0;
  guint8 opcode;

  server_start (&server, 0, "--ping-interval=1", "--ping-timeout-ms=2500", NULL);
  quiet = client_new (server.port);
  g_socket_set_timeout (quiet, 10);
  /* Five pings take over twice the timeout. */
  while (pings < 5)
    {
      g_assert_true (ws_read_frame (quiet, &opcode, payload));
      g_assert_cmpuint (opcode, !=, 0x8);   /* not closed */
      if (opcode == 0x9)
        {
          pings++;
          g_assert_true (ws_send_frame (quiet, 0xA, TRUE, payload->data, payload->len));
        }
    }
  server_stop (&server);
}

/* ---- messages too large ---- */

static void
test_big_frame (void)
{
  Server server;
  g_autoptr (GSocket) sock = NULL;
  g_autofree char *big = g_malloc (70 * 1024);

  server_start (&server, 0, NULL);
  sock = client_new (server.port);
  memset (big, ' ', 70 * 1024);
  g_assert_true (ws_send_frame (sock, 0x1, TRUE, big, 70 * 1024));
  g_assert_cmpint (ws_read_close (sock, NULL), ==, 1009);
  server_stop (&server);
}

static void
test_fragments (void)
{
  Server server;
  g_autoptr (GSocket) sock = NULL;
  g_autofree char *piece = g_malloc (32 * 1024);
  gboolean sent = TRUE;

  server_start (&server, 0, NULL);
  sock = client_new (server.port);
  memset (piece, ' ', 32 * 1024);
  /* Each piece is under the frame cap; together they are not. */
  sent = ws_send_frame (sock, 0x1, FALSE, piece, 32 * 1024);
  for (guint i = 0; i < 12 && sent; i++)
    sent = ws_send_frame (sock, 0x0, FALSE, piece, 32 * 1024);
  g_assert_cmpint (ws_read_close (sock, NULL), ==, 1009);
  server_stop (&server);
}

static gboolean wait_metric (guint port, const char *line, guint seconds);

/* Frames sent with the upgrade request, before the 101: watched too. */
static void
test_fragments_pipelined (void)
{
  Server server;
  g_autoptr (GSocket) sock = NULL;
  g_autofree char *piece = g_malloc0 (40 * 1024);
  const char *request =
    "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  GString *head = g_string_new (NULL);
  char c;

  server_start (&server, 0, NULL);
  sock = raw_connect (server.port, 0);
  g_assert_true (raw_send (sock, request, strlen (request)));
  memset (piece, ' ', 40 * 1024);
  g_assert_true (ws_send_frame (sock, 0x1, FALSE, piece, 40 * 1024));
  g_assert_true (ws_send_frame (sock, 0x0, FALSE, piece, 40 * 1024));
  while (!g_str_has_suffix (head->str, "\r\n\r\n") && raw_recv (sock, &c, 1))
    g_string_append_c (head, c);
  g_assert_true (g_str_has_prefix (head->str, "HTTP/1.1 101"));
  g_string_free (head, TRUE);
  g_assert_cmpint (ws_read_close (sock, NULL), ==, 1009);
  server_stop (&server);
}

/* ---- a client that never reads ---- */

static void
test_slow_reader (void)
{
  Server server;
  g_autoptr (GSocket) host = NULL;
  g_autoptr (GSocket) reader = NULL;
  guint sent = 0;

  server_start (&server, 0, "--rate=1000", "--max-outgoing=16", "--creates-per-minute=0",
                "--rooms-per-address=0", "--metrics=127.0.0.1:0", NULL);
  /* Rooms, so that each lobby is a few KiB. */
  host = client_new (server.port);
  for (guint i = 0; i < 60; i++)
    {
      g_assert_true (ws_send_text (host, CREATE_JSON));
      g_assert_true (ws_read_type (host, "room", NULL));
    }
  reader = raw_connect (server.port, 4096);
  g_assert_true (ws_handshake (reader, NULL));
  g_assert_true (ws_send_text (reader, "{\"type\":\"hello\",\"protocol\":2}"));
  /* Asks for the lobby again and again, never reading the answers. */
  g_socket_set_timeout (reader, 1);
  while (sent < 600 && ws_send_text (reader, "{\"type\":\"list\"}"))
    sent++;
  /* The server says it dropped a slow reader (while this one still has
   * not read), and the connection then ends. */
  g_assert_true (wait_metric (server.metrics_port, "sternhalma_limit_hits_total{limit=\"slow-reader\"} 1\n", 10));
  g_assert_true (wait_closed (reader, 10));
  server_stop (&server);
}

/* ---- per address: rooms and guesses ---- */

/* 0: the room was made, 1: rate-limited, 2: another error.  A list
 * sent after the create marks where its answers end. */
static int
create_result (GSocket *sock)
{
  g_autoptr (GByteArray) payload = g_byte_array_new ();
  guint8 opcode;
  int result = 3;

  g_assert_true (ws_send_text (sock, CREATE_JSON));
  g_assert_true (ws_send_text (sock, "{\"type\":\"list\"}"));
  while (ws_read_frame (sock, &opcode, payload))
    {
      g_autofree char *s = g_strndup ((const char *) payload->data, payload->len);
      if (strstr (s, "\"type\":\"lobby\""))
        break;
      if (strstr (s, "\"type\":\"room\"") && result == 3)
        result = 0;
      else if (strstr (s, "\"error\":\"rate-limited\""))
        result = 1;
      else if (strstr (s, "\"type\":\"error\""))
        result = 2;
    }
  return result;
}

static void
test_creates_per_minute (void)
{
  Server server;
  g_autoptr (GSocket) sock = NULL;

  server_start (&server, 0, "--creates-per-minute=3", "--rooms-per-address=0", NULL);
  sock = client_new (server.port);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (create_result (sock), ==, 0);
  g_assert_cmpint (create_result (sock), ==, 1);
  server_stop (&server);
}

static void
test_rooms_per_address (void)
{
  Server server;
  g_autoptr (GSocket) a = NULL;
  g_autoptr (GSocket) b = NULL;

  server_start (&server, 0, "--creates-per-minute=0", "--rooms-per-address=2", NULL);
  a = client_new (server.port);
  b = client_new (server.port);
  g_assert_cmpint (create_result (a), ==, 0);
  g_assert_cmpint (create_result (b), ==, 0);
  /* The same address on another connection counts too. */
  g_assert_cmpint (create_result (a), ==, 1);
  server_stop (&server);
}

static void
test_guessing (void)
{
  Server server;
  g_autoptr (GSocket) sock = NULL;
  g_autoptr (GByteArray) payload = g_byte_array_new ();
  guint no_room = 0, limited = 0;
  guint8 opcode;

  server_start (&server, 0, "--guesses-per-minute=5", NULL);
  sock = client_new (server.port);
  for (guint i = 0; i < 8; i++)
    {
      g_assert_true (ws_send_text (sock, "{\"type\":\"watch\",\"code\":\"ABCDEF\"}"));
      g_assert_true (ws_read_frame (sock, &opcode, payload));
      {
        g_autofree char *s = g_strndup ((const char *) payload->data, payload->len);
        if (strstr (s, "\"error\":\"no-room\""))
          no_room++;
        else if (strstr (s, "\"error\":\"rate-limited\""))
          limited++;
      }
    }
  g_assert_cmpuint (no_room, ==, 5);
  g_assert_cmpuint (limited, ==, 3);
  server_stop (&server);
}

/* ---- close codes and operations ---- */

static void
test_bad_utf8_closes_1007 (void)
{
  Server server;
  g_autoptr (GSocket) sock = NULL;

  server_start (&server, 0, NULL);
  sock = client_new (server.port);
  g_assert_true (ws_send_frame (sock, 0x1, TRUE, "{\"type\":\"li\xff\"}", 14));
  g_assert_cmpint (ws_read_close (sock, NULL), ==, 1007);
  server_stop (&server);
}

static void
test_version_error (void)
{
  Server server;
  g_autoptr (GSocket) sock = NULL;
  g_autofree char *text = NULL;

  server_start (&server, 0, NULL);
  sock = raw_connect (server.port, 0);
  g_assert_true (ws_handshake (sock, NULL));
  g_assert_true (ws_send_text (sock, "{\"type\":\"hello\",\"protocol\":4}"));
  g_assert_true (ws_read_type (sock, "error", &text));
  g_assert_nonnull (strstr (text, "\"error\":\"version\""));
  g_assert_nonnull (strstr (text, "version 4"));
  server_stop (&server);
}

static char *
http_get (guint port, const char *path)
{
  g_autoptr (GSocket) sock = raw_connect (port, 0);
  g_autofree char *request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", path);
  GString *reply = g_string_new (NULL);
  char buf[4096];
  gssize n;

  g_assert_true (raw_send (sock, request, strlen (request)));
  while ((n = g_socket_receive (sock, buf, sizeof buf, NULL, NULL)) > 0)
    g_string_append_len (reply, buf, n);
  return g_string_free (reply, FALSE);
}

/* Asks the metrics page every 50 ms until it holds line, for at most
 * seconds. */
static gboolean
wait_metric (guint port, const char *line, guint seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;

  if (port == 0)
    return FALSE;
  while (g_get_monotonic_time () < end)
    {
      g_autofree char *page = http_get (port, "/metrics");
      if (strstr (page, line))
        return TRUE;
      g_usleep (50 * 1000);
    }
  return FALSE;
}

static void
test_health_and_metrics (void)
{
  Server server;
  g_autoptr (GSocket) sock = NULL;
  g_autofree char *health = NULL;
  g_autofree char *metrics = NULL;

  server_start (&server, 0, "--metrics=127.0.0.1:0", NULL);
  g_assert_cmpuint (server.metrics_port, >, 0);
  sock = client_new (server.port);
  health = http_get (server.port, "/healthz");
  g_assert_true (g_str_has_prefix (health, "HTTP/1.1 200"));
  g_assert_nonnull (strstr (health, "\r\n\r\nok\n"));
  metrics = http_get (server.metrics_port, "/metrics");
  g_assert_true (g_str_has_prefix (metrics, "HTTP/1.1 200"));
  g_assert_nonnull (strstr (metrics, "\nsternhalma_online 1\n"));
  g_assert_nonnull (strstr (metrics, "# TYPE sternhalma_move_latency_seconds histogram"));
  g_assert_nonnull (strstr (metrics, "sternhalma_limit_hits_total{limit=\"guesses\"} 0"));
  /* Every socket is counted until it is gone, and then no longer. */
  g_assert_true (wait_metric (server.metrics_port, "\nsternhalma_connections 1\n", 5));
  g_socket_close (sock, NULL);
  for (guint i = 0; i < 20; i++)
    {
      g_autoptr (GSocket) more = client_new (server.port);
    }
  g_assert_true (wait_metric (server.metrics_port, "\nsternhalma_connections 0\n", 5));
  g_assert_true (wait_metric (server.metrics_port, "\nsternhalma_online 0\n", 5));
  server_stop (&server);
}

static void
test_sigterm_drains (void)
{
  Server server;
  g_autoptr (GSocket) sock = NULL;
  g_autoptr (GError) error = NULL;

  server_start (&server, 0, "--drain-timeout=3", NULL);
  sock = client_new (server.port);
  g_subprocess_send_signal (server.proc, SIGTERM);
  /* Told, with a close frame, before the server goes. */
  g_assert_cmpint (ws_read_close (sock, NULL), ==, 1001);
  g_assert_true (g_subprocess_wait_check (server.proc, NULL, &error));
  g_assert_no_error (error);
  server_forget (&server);
}

static void
test_origin (void)
{
  Server server;
  g_autoptr (GSocket) evil = NULL;
  g_autoptr (GSocket) club = NULL;
  g_autoptr (GSocket) game = NULL;

  server_start (&server, 0, "--origin=https://club.example", NULL);
  evil = raw_connect (server.port, 0);
  g_assert_true (ws_handshake (evil, "Origin: https://evil.example\r\n"));
  g_assert_cmpint (ws_read_close (evil, NULL), ==, 1008);
  club = raw_connect (server.port, 0);
  g_assert_true (ws_handshake (club, "Origin: https://club.example\r\n"));
  g_assert_true (ws_send_text (club, "{\"type\":\"hello\",\"protocol\":2}"));
  g_assert_true (ws_read_type (club, "welcome", NULL));
  /* No Origin: not a browser (the game itself). */
  game = client_new (server.port);
  server_stop (&server);
}

/* The next datagram's text, or NULL after IO_TIMEOUT_S. */
static char *
notify_read (GSocket *sock)
{
  char buf[256];
  gssize n = g_socket_receive (sock, buf, sizeof buf - 1, NULL, NULL);

  if (n < 0)
    return NULL;
  buf[n] = '\0';
  return g_strdup (buf);
}

static void
test_systemd_notify (void)
{
  Server server;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("stern-notify-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "notify", NULL);
  g_autoptr (GSocket) sock = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_DATAGRAM, 0, &error);
  g_autoptr (GSocketAddress) addr = g_unix_socket_address_new (path);
  gboolean ready = FALSE, watchdog = FALSE, stopping = FALSE;

  g_assert_no_error (error);
  g_assert_true (g_socket_bind (sock, addr, TRUE, &error));
  g_socket_set_timeout (sock, IO_TIMEOUT_S);
  next_notify_socket = path;
  server_start (&server, 0, NULL);
  /* READY once listening, then WATCHDOG every 100 ms. */
  for (guint i = 0; i < 10 && !(ready && watchdog); i++)
    {
      g_autofree char *state = notify_read (sock);
      g_assert_nonnull (state);
      ready = ready || strcmp (state, "READY=1") == 0;
      watchdog = watchdog || (ready && strcmp (state, "WATCHDOG=1") == 0);
    }
  g_assert_true (ready && watchdog);
  g_subprocess_send_signal (server.proc, SIGTERM);
  for (guint i = 0; i < 50 && !stopping; i++)
    {
      g_autofree char *state = notify_read (sock);
      g_assert_nonnull (state);
      stopping = strcmp (state, "STOPPING=1") == 0;
    }
  g_assert_true (stopping);
  g_assert_true (g_subprocess_wait_check (server.proc, NULL, &error));
  server_forget (&server);
  g_unlink (path);
  g_rmdir (dir);
}

/* Which addresses count as one. */
static void
test_address_keys (void)
{
  static const char *const cases[][2] = {
    { "192.0.2.7", "192.0.2.7" },
    { "::ffff:192.0.2.7", "192.0.2.7" },          /* IPv4 on an IPv6 socket */
    { "2001:db8:1:2::5", "2001:db8:1:2::/64" },
    { "2001:db8:1:2:ffff:1:2:3", "2001:db8:1:2::/64" },
    { "2001:db8:1:3::5", "2001:db8:1:3::/64" },
    { "::1", "0:0:0:0::/64" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GInetAddress) a = g_inet_address_new_from_string (cases[i][0]);
      g_autofree char *key = stern_limits_address_key (a);

      g_assert_cmpstr (key, ==, cases[i][1]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  signal (SIGPIPE, SIG_IGN);
  g_test_add_func ("/server-limits/address-keys", test_address_keys);
  g_test_add_func ("/server-limits/emfile", test_emfile);
  g_test_add_func ("/server-limits/half-open-count", test_half_open_count);
  g_test_add_func ("/server-limits/full-server", test_full_server);
  g_test_add_func ("/server-limits/per-address-connections", test_per_address_connections);
  g_test_add_func ("/server-limits/slowloris", test_slowloris);
  g_test_add_func ("/server-limits/silent-peer", test_silent_peer);
  g_test_add_func ("/server-limits/answering-peer", test_answering_peer);
  g_test_add_func ("/server-limits/big-frame", test_big_frame);
  g_test_add_func ("/server-limits/fragments", test_fragments);
  g_test_add_func ("/server-limits/fragments-pipelined", test_fragments_pipelined);
  g_test_add_func ("/server-limits/slow-reader", test_slow_reader);
  g_test_add_func ("/server-limits/creates-per-minute", test_creates_per_minute);
  g_test_add_func ("/server-limits/rooms-per-address", test_rooms_per_address);
  g_test_add_func ("/server-limits/guessing", test_guessing);
  g_test_add_func ("/server-limits/bad-utf8", test_bad_utf8_closes_1007);
  g_test_add_func ("/server-limits/version-error", test_version_error);
  g_test_add_func ("/server-limits/health-and-metrics", test_health_and_metrics);
  g_test_add_func ("/server-limits/sigterm-drains", test_sigterm_drains);
  g_test_add_func ("/server-limits/systemd-notify", test_systemd_notify);
  g_test_add_func ("/server-limits/origin", test_origin);
  return g_test_run ();
}
