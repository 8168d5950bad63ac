/* fuzz-server-session.c: libFuzzer target for what sternhalma-server does
 * with sequences of messages from several clients: rooms created, taken,
 * joined, watched, resumed, played in, resigned, asked for a rematch,
 * left; connections dropped and made again; finished rooms unloaded by
 * the sweep and read back from the store; the server itself restarted on
 * its data folder.  The server is in this process, with connections that
 * have no socket (stern_server_test_connect), so every message goes
 * through its real request handling.
 *
 * The input is a byte of options and then records of four bytes:
 *   [operation] [client] [a] [b]
 * operation modulo N_OPS, client modulo N_CLIENTS; a and b choose among
 * known-valid values (a room code heard so far or one no room has, a
 * token or invited seat's key heard so far, a seat, a legal move of the
 * room's game), so that most messages get past the parser and into the
 * rooms.
 *
 * Besides the sanitizers, it checks that every message the server sends
 * reads back as a server message, that no critical warning or warning is
 * logged, and after each operation that every connection's room is the
 * one the server has under that code and lists the connection, with one
 * connection at most for each seat.  A connection says hello in protocol
 * 3 or 2; one of 2 must hear nothing that version does not have.
 *
 * Linked with fuzz-replay-files.c it is a plain program that runs the
 * target once on each file named on the command line (the seed corpus
 * test, with any compiler).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stern-movegen.h"
#include "stern-server-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define N_CLIENTS 3
/* A long input says nothing a shorter one cannot, and each operation
 * may write to the store. */
#define MAX_OPS   256

enum {
  OP_CONNECT,     /* (again): the old connection, if any, drops first */
  OP_CREATE,
  OP_JOIN,
  OP_WATCH,
  OP_RESUME,
  OP_MOVE,
  OP_RESIGN,
  OP_REMATCH,
  OP_LEAVE,
  OP_QUICK,
  OP_CHAT,
  OP_LIST,
  OP_CLOSE,       /* the connection drops */
  OP_RESTART,     /* the server stops (every connection drops) and starts on its store */
  OP_SWEEP,       /* finished rooms nobody is in leave memory, old ones the store */
  OP_TICK,        /* the main loop turns (timers that are due) */
  N_OPS
};

/* Options byte: finished games are deleted at the next sweep. */
#define OPT_NO_RETENTION 0x01

typedef struct {
  char code[STERN_NET_CODE_LEN + 1];
  guint seat;
  char secret[STERN_NET_TOKEN_LEN + 1];
} Known;

typedef struct {
  char       *dir;
  SternServer *server;
  gboolean    no_retention;
  Conn       *conns[N_CLIENTS];
  GPtrArray  *codes;   /* char * */
  GArray     *tokens;  /* Known, from joined */
  GArray     *keys;    /* Known, from invited */
  gboolean    verbose; /* STERN_FUZZ_VERBOSE: what is sent and answered, to write seeds */
} Fuzz;

static Fuzz fz;

static const char *const variants[] = { "classic-2", "classic-3", "halma-8", "classic-4" };
static const char *const names[] = { "Anna", "Boris", "Carla" };
static const char *const lines[] = { "hello", "  gg  ", "\xe2\x80\xae" "evil", "a\xe2\x80\x8b" "b" };
/* Valid, and no room gets it: the alphabet has no I, L, O, 0 or 1,
 * and a random code is never all the same letter in practice. */
#define NO_SUCH_CODE "BBBBBB"

static GLogWriterOutput
log_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      g_log_writer_standard_streams (level, fields, n_fields, data);
      abort ();
    }
  return G_LOG_WRITER_HANDLED;
}

static void
remember (GArray *list, const char *code, guint seat, const char *secret)
{
  Known k = { { 0 }, seat, { 0 } };

  g_strlcpy (k.code, code, sizeof k.code);
  g_strlcpy (k.secret, secret, sizeof k.secret);
  g_array_append_val (list, k);
}

static void
remember_code (const char *code)
{
  for (guint i = 0; i < fz.codes->len; i++)
    if (strcmp (g_ptr_array_index (fz.codes, i), code) == 0)
      return;
  g_ptr_array_add (fz.codes, g_strdup (code));
}

static void
sent_cb (Conn *conn, const char *text, gpointer data)
{
  g_autoptr (SternNetMessage) msg = NULL;
  g_autoptr (GError) error = NULL;

  if (fz.verbose)
    fprintf (stderr, "  -> %s: %.200s\n", conn->peer, text);
  msg = stern_net_message_parse (text, strlen (text), STERN_NET_TO_CLIENT, NULL, &error);
  if (msg == NULL)
    {
      fprintf (stderr, "the server sent what its clients refuse: %s\n%s\n", error->message, text);
      abort ();
    }
  /* Members newer than the client's version are left out for it. */
  if ((msg->type == STERN_NET_MSG_WELCOME && msg->protocol != conn->protocol) ||
      (msg->type == STERN_NET_MSG_LOBBY && conn->protocol < 3 && strstr (text, "\"host\"")))
    {
      fprintf (stderr, "a client of protocol %d was sent: %s\n", conn->protocol, text);
      abort ();
    }
  if (msg->type == STERN_NET_MSG_JOINED)
    {
      remember (fz.tokens, msg->code, msg->seat, msg->token);
      remember_code (msg->code);
    }
  else if (msg->type == STERN_NET_MSG_INVITED)
    remember (fz.keys, msg->code, msg->seat, msg->key);
  else if (msg->type == STERN_NET_MSG_ROOM)
    remember_code (msg->code);
}

static void
server_start (void)
{
  fz.server = stern_server_new (fz.dir);
  /* Nobody is replaced while the input runs: the computer would think in
   * threads, and the run would depend on their timing. */
  stern_server_set_grace (fz.server, 24 * 3600 * 1000);
  if (fz.no_retention)
    stern_server_set_retention (fz.server, 0);
  fz.server->test_sent = sent_cb;
  stern_server_load (fz.server);
}

static void
server_stop (void)
{
  for (guint c = 0; c < N_CLIENTS; c++)
    if (fz.conns[c])
      {
        stern_server_test_close (fz.conns[c]);
        fz.conns[c] = NULL;
      }
  g_clear_object (&fz.server);
}

static void
send_msg (Conn *conn, SternNetMessage *msg)
{
  g_autofree char *text = stern_net_message_to_json (msg);

  if (fz.verbose)
    fprintf (stderr, "%s: %s\n", conn->peer, text);
  stern_server_handle_message (conn, text, strlen (text));
}

static const char *
pick_code (guint8 a)
{
  guint i = a % (fz.codes->len + 1);

  return i < fz.codes->len ? g_ptr_array_index (fz.codes, i) : NO_SUCH_CODE;
}

static void
op_connect (guint c, guint8 b)
{
  g_autoptr (SternNetMessage) hello = stern_net_message_new (STERN_NET_MSG_HELLO);
  char peer[16];

  if (fz.conns[c])
    stern_server_test_close (fz.conns[c]);
  g_snprintf (peer, sizeof peer, "client%u", c);
  fz.conns[c] = stern_server_test_connect (fz.server, peer);
  hello->protocol = b & 0x80 ? STERN_NET_PROTOCOL_OLDEST : STERN_NET_PROTOCOL_VERSION;
  hello->name = g_strdup (names[(c + b) % G_N_ELEMENTS (names)]);
  send_msg (fz.conns[c], hello);
}

static void
op_create (Conn *conn, guint8 a, guint8 b)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_CREATE);
  const SternVariant *v = stern_variant_lookup (variants[a % G_N_ELEMENTS (variants)]);
  guint take = (a >> 3) % (v->n_players + 1);

  /* The club preset hands a seat to the computer when its player gives
   * up: left out, as the computer's seats are. */
  msg->setup.variant = v;
  msg->setup.preset = (a & 0x04) ? STERN_PRESET_RACE : STERN_PRESET_TABLE;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    msg->setup.seats[s].kind = (b >> s) & 1 ? STERN_NET_SEAT_INVITED : STERN_NET_SEAT_OPEN;
  msg->seat = take < v->n_players ? v->seats[take] : STERN_NO_SEAT;
  msg->name = g_strdup (names[b % G_N_ELEMENTS (names)]);
  send_msg (conn, msg);
}

static void
op_join (Conn *conn, guint8 a, guint8 b)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_JOIN);
  guint choice = (b & 0x7f) % (STERN_N_SEATS + 1);

  g_strlcpy (msg->code, pick_code (a), sizeof msg->code);
  msg->seat = choice == 0 ? STERN_NO_SEAT : choice - 1;
  if (b & 0x80)
    for (guint i = 0; i < fz.keys->len; i++)
      {
        Known *k = &g_array_index (fz.keys, Known, i);
        if (strcmp (k->code, msg->code) == 0 && (msg->seat == STERN_NO_SEAT || k->seat == msg->seat))
          {
            g_strlcpy (msg->key, k->secret, sizeof msg->key);
            break;
          }
      }
  send_msg (conn, msg);
}

static void
op_code (Conn *conn, SternNetMsgType type, guint8 a)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (type);

  g_strlcpy (msg->code, pick_code (a), sizeof msg->code);
  send_msg (conn, msg);
}

static void
op_resume (Conn *conn, guint8 a, guint8 b)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_RESUME);

  if (fz.tokens->len == 0)
    {
      g_strlcpy (msg->code, pick_code (b), sizeof msg->code);
      memset (msg->token, 'A', STERN_NET_TOKEN_LEN);
    }
  else
    {
      Known *k = &g_array_index (fz.tokens, Known, a % fz.tokens->len);

      g_strlcpy (msg->code, k->code, sizeof msg->code);
      g_strlcpy (msg->token, k->secret, sizeof msg->token);
      /* A wrong token of the right form. */
      if (b & 1)
        msg->token[0] = msg->token[0] == 'A' ? 'B' : 'A';
    }
  if (!stern_net_token_is_valid (msg->token))
    return;
  send_msg (conn, msg);
}

static void
op_move (Conn *conn, guint8 a, guint8 b)
{
  static SternMove moves[STERN_MAX_MOVES];
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_MOVE);
  const SternGame *game;
  size_t n;

  if (conn->room == NULL)
    {
      /* Refused: not in a room. */
      msg->path[0] = 0;
      msg->path[1] = 1;
      msg->path_len = 2;
      send_msg (conn, msg);
      return;
    }
  game = stern_room_get_game (conn->room);
  n = stern_game_legal_moves (game, moves);
  if (n == 0)
    return;
  {
    const SternMove *m = &moves[a % n];

    msg->path_len = stern_movegen_path (stern_game_get_rules (game), stern_game_get_position (game),
                                        m->from, m->to, msg->path);
  }
  if (msg->path_len < 2)
    return;
  msg->ply = stern_game_get_n_actions (game);
  /* A move sent twice, or one the server had not announced yet. */
  if (b & 1)
    msg->ply = msg->ply > 0 ? msg->ply - 1 : msg->ply + 1;
  msg->path_variant = stern_game_get_variant (game);
  send_msg (conn, msg);
}

static void
op_plain (Conn *conn, SternNetMsgType type)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (type);

  send_msg (conn, msg);
}

static void
op_quick (Conn *conn, guint8 a)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_QUICK);

  msg->setup.variant = stern_variant_lookup (variants[a % G_N_ELEMENTS (variants)]);
  msg->name = g_strdup ("Quick");
  send_msg (conn, msg);
}

static void
op_chat (Conn *conn, guint8 a)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_CHAT);

  msg->text = g_strdup (lines[a % G_N_ELEMENTS (lines)]);
  send_msg (conn, msg);
}

/* Every connection in a room is listed by the room that the server has
 * under that code, and a seat has one connection at most. */
static void
check_invariants (void)
{
  for (guint i = 0; i < fz.server->conns->len; i++)
    {
      Conn *conn = g_ptr_array_index (fz.server->conns, i);
      GPtrArray *in_room;

      if (conn->room == NULL)
        continue;
      if (g_hash_table_lookup (fz.server->rooms, stern_room_get_code (conn->room)) != conn->room)
        {
          fprintf (stderr, "a connection is in room %s, which the server does not have\n",
                   stern_room_get_code (conn->room));
          abort ();
        }
      in_room = stern_server_room_conns (fz.server, conn->room);
      if (in_room == NULL || !g_ptr_array_find (in_room, conn, NULL))
        {
          fprintf (stderr, "room %s does not list a connection in it\n",
                   stern_room_get_code (conn->room));
          abort ();
        }
      for (guint k = 0; conn->seat != STERN_NO_SEAT && k < in_room->len; k++)
        {
          Conn *other = g_ptr_array_index (in_room, k);
          if (other != conn && other->seat == conn->seat)
            {
              fprintf (stderr, "two connections hold seat %u of room %s\n", conn->seat,
                       stern_room_get_code (conn->room));
              abort ();
            }
        }
    }
}

static void remove_store (void);

/* libFuzzer ends with exit(): the folder goes with the process. */
static void
remove_dir (void)
{
  remove_store ();
  g_rmdir (fz.dir);
}

static void
setup_once (void)
{
  const char *shm = "/dev/shm";
  g_autofree char *tmpl = NULL;

  if (fz.dir)
    return;
  g_log_set_writer_func (log_writer, NULL, NULL);
  fz.verbose = g_getenv ("STERN_FUZZ_VERBOSE") != NULL;
  /* The store is written at every action: in memory where there is a
   * tmpfs for it. */
  tmpl = g_build_filename (g_access (shm, W_OK) == 0 ? shm : g_get_tmp_dir (),
                           "stern-fuzz-server-XXXXXX", NULL);
  fz.dir = g_mkdtemp (g_steal_pointer (&tmpl));
  if (fz.dir == NULL)
    abort ();
  atexit (remove_dir);
  fz.codes = g_ptr_array_new_with_free_func (g_free);
  fz.tokens = g_array_new (FALSE, TRUE, sizeof (Known));
  fz.keys = g_array_new (FALSE, TRUE, sizeof (Known));
}

static void
remove_store (void)
{
  static const char *const files[] = { "rooms.sqlite", "rooms.sqlite-wal", "rooms.sqlite-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (fz.dir, files[i], NULL);
      g_unlink (path);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  guint n_ops = 0;

  setup_once ();
  remove_store ();
  g_ptr_array_set_size (fz.codes, 0);
  g_array_set_size (fz.tokens, 0);
  g_array_set_size (fz.keys, 0);
  fz.no_retention = size > 0 && (data[0] & OPT_NO_RETENTION);
  server_start ();
  /* Everyone says hello first: most inputs are about what comes after. */
  for (guint c = 0; c < N_CLIENTS; c++)
    op_connect (c, 0);

  for (size_t at = 1; at + 4 <= size && n_ops < MAX_OPS; at += 4, n_ops++)
    {
      guint op = data[at] % N_OPS;
      guint c = data[at + 1] % N_CLIENTS;
      guint8 a = data[at + 2], b = data[at + 3];
      Conn *conn = fz.conns[c];

      if (conn == NULL && op != OP_CONNECT && op != OP_RESTART && op != OP_SWEEP && op != OP_TICK)
        continue;
      switch (op)
        {
        case OP_CONNECT:
          op_connect (c, b);
          break;
        case OP_CREATE:
          op_create (conn, a, b);
          break;
        case OP_JOIN:
          op_join (conn, a, b);
          break;
        case OP_WATCH:
          op_code (conn, STERN_NET_MSG_WATCH, a);
          break;
        case OP_RESUME:
          op_resume (conn, a, b);
          break;
        case OP_MOVE:
          op_move (conn, a, b);
          break;
        case OP_RESIGN:
          op_plain (conn, STERN_NET_MSG_RESIGN);
          break;
        case OP_REMATCH:
          op_plain (conn, STERN_NET_MSG_REMATCH);
          break;
        case OP_LEAVE:
          op_plain (conn, STERN_NET_MSG_LEAVE);
          break;
        case OP_QUICK:
          op_quick (conn, a);
          break;
        case OP_CHAT:
          op_chat (conn, a);
          break;
        case OP_LIST:
          op_plain (conn, STERN_NET_MSG_LIST);
          break;
        case OP_CLOSE:
          stern_server_test_close (conn);
          fz.conns[c] = NULL;
          break;
        case OP_RESTART:
          server_stop ();
          server_start ();
          break;
        case OP_SWEEP:
          stern_server_test_sweep (fz.server);
          break;
        case OP_TICK:
          for (guint i = 0; i < a % 8u && g_main_context_iteration (NULL, FALSE); i++)
            ;
          break;
        default:
          g_assert_not_reached ();
        }
      check_invariants ();
    }
  server_stop ();
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return 0;
}
