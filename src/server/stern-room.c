/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stern-room.c: a room of sternhalma-server.
 *
 * The room is the referee: the game here is the only one that counts, each
 * move is checked by the engine before anyone hears of it, the clocks run
 * here, and the room's file is rewritten after every action, so a server
 * killed at any moment comes back with every move that anyone was told of.
 */
#define G_LOG_DOMAIN "stern-server"

#include "stern-room.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "stern-clock.h"
#include "stern-notation.h"

/* The room file's format, and the largest file we read back. */
#define ROOM_FILE_FORMAT   1
#define ROOM_FILE_MAX      (STERN_NET_MAX_SERVER_MESSAGE + 4096)
/* How long after the clock's end the time-out check runs, so the check
 * never comes a little too early. */
#define CLOCK_SLACK_MS     5

#define room_log(room, level, ...) \
  g_log_structured (G_LOG_DOMAIN, level, "STERN_ROOM", (room)->code, "MESSAGE", __VA_ARGS__)

typedef struct {
  SternNetSeatSetup setup;
  char     name[STERN_NET_MAX_NAME + 1];
  char     token[STERN_NET_TOKEN_LEN + 1];   /* empty while nobody holds the seat */
  gboolean taken;
  gboolean connected;
  gboolean replaced;
  guint    grace_id;
  gint64   dropped_us;    /* when the grace period started */
} Seat;

struct _SternRoom {
  GObject parent_instance;

  char          code[STERN_NET_CODE_LEN + 1];
  char         *path;
  SternNetSetup setup;
  SternGame    *game;
  Seat          seats[STERN_N_SEATS];
  SternClock    clock;
  guint         clock_id;
  guint         grace_ms;
  SternLevel    replacement_level;
  GCancellable *cancellable;
  gboolean      thinking;
  gboolean      running;
  gboolean      durable;
  guint64       saves;     /* writes so far: even ones go to path, odd ones to path.alt */
  guint         spectators;
  gboolean      rematch[STERN_N_SEATS];   /* asked for after the end */
};

G_DEFINE_FINAL_TYPE (SternRoom, stern_room, G_TYPE_OBJECT)

enum {
  SIGNAL_BROADCAST,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void advance (SternRoom *self);

static void
stern_room_dispose (GObject *object)
{
  SternRoom *self = STERN_ROOM (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->clock_id, g_source_remove);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    g_clear_handle_id (&self->seats[s].grace_id, g_source_remove);
  G_OBJECT_CLASS (stern_room_parent_class)->dispose (object);
}

static void
stern_room_finalize (GObject *object)
{
  SternRoom *self = STERN_ROOM (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->game, stern_game_free);
  g_free (self->path);
  G_OBJECT_CLASS (stern_room_parent_class)->finalize (object);
}

static void
stern_room_class_init (SternRoomClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stern_room_dispose;
  object_class->finalize = stern_room_finalize;

  signals[SIGNAL_BROADCAST] = g_signal_new ("broadcast", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
stern_room_init (SternRoom *self)
{
  self->cancellable = g_cancellable_new ();
  self->grace_ms = 60 * 1000;
  self->replacement_level = STERN_LEVEL_MEDIUM;
}

SternRoom *
stern_room_new (const char *code, const SternNetSetup *setup, const char *path)
{
  SternRoom *self;

  g_return_val_if_fail (stern_net_code_is_valid (code), NULL);
  g_return_val_if_fail (setup != NULL && setup->variant != NULL, NULL);

  self = g_object_new (STERN_TYPE_ROOM, NULL);
  g_strlcpy (self->code, code, sizeof self->code);
  self->path = g_strdup (path);
  self->setup = *setup;
  self->game = stern_game_new (setup->variant, setup->preset);
  stern_clock_init (&self->clock, setup->reserve_ms, setup->increment_ms);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    self->seats[s].setup = setup->seats[s];
  return self;
}

void
stern_room_set_grace (SternRoom *room, guint grace_ms)
{
  g_return_if_fail (STERN_IS_ROOM (room));
  room->grace_ms = grace_ms;
}

void
stern_room_set_durable (SternRoom *room, gboolean durable)
{
  g_return_if_fail (STERN_IS_ROOM (room));
  room->durable = durable;
}

void
stern_room_set_replacement_level (SternRoom *room, SternLevel level)
{
  g_return_if_fail (STERN_IS_ROOM (room));
  g_return_if_fail (level < STERN_N_LEVELS);
  room->replacement_level = level;
}

const char *
stern_room_get_code (SternRoom *room)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), NULL);
  return room->code;
}

const SternGame *
stern_room_get_game (SternRoom *room)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), NULL);
  return room->game;
}

gboolean
stern_room_is_over (SternRoom *room)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), TRUE);
  return stern_game_is_over (room->game);
}

static gboolean
seat_in_play (SternRoom *self, unsigned seat)
{
  return stern_variant_has_seat (self->setup.variant, seat);
}

gboolean
stern_room_is_started (SternRoom *room)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (seat_in_play (room, s) && room->seats[s].setup.kind != STERN_NET_SEAT_COMPUTER &&
        !room->seats[s].taken)
      return FALSE;
  return TRUE;
}

guint
stern_room_get_n_taken (SternRoom *room)
{
  guint n = 0;

  g_return_val_if_fail (STERN_IS_ROOM (room), 0);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (seat_in_play (room, s) && room->seats[s].taken)
      n++;
  return n;
}

/* The computer plays the seat: chosen so at creation, or it took over from
 * a player who left, ran out of time or resigned. */
static gboolean
computer_plays (SternRoom *self, unsigned seat)
{
  return self->seats[seat].setup.kind == STERN_NET_SEAT_COMPUTER || self->seats[seat].replaced ||
         stern_game_get_player_state (self->game, seat) == STERN_PLAYER_RESIGNED;
}

static gint64
now_us (void)
{
  return g_get_monotonic_time ();
}

static gint64
clock_ms (SternRoom *self, unsigned seat, gint64 now)
{
  if (!self->clock.enabled || !seat_in_play (self, seat))
    return -1;
  return stern_clock_remaining_us (&self->clock, seat, now) / 1000;
}

/* ---- messages ---- */

static void
broadcast (SternRoom *self, const SternNetMessage *msg)
{
  g_autofree char *text = stern_net_message_to_json (msg);

  g_signal_emit (self, signals[SIGNAL_BROADCAST], 0, text);
}

SternNetMessage *
stern_room_describe (SternRoom *room)
{
  SternNetMessage *msg;
  gint64 now = now_us ();

  g_return_val_if_fail (STERN_IS_ROOM (room), NULL);

  msg = stern_net_message_new (STERN_NET_MSG_ROOM);
  g_strlcpy (msg->code, room->code, sizeof msg->code);
  msg->setup = room->setup;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    {
      const Seat *seat = &room->seats[s];
      SternNetSeatInfo *info = &msg->seats[s];

      info->kind = seat->setup.kind;
      info->level = seat->setup.level;
      g_strlcpy (info->name, seat->taken ? seat->name : seat->setup.name, sizeof info->name);
      info->taken = seat->taken;
      info->connected = seat->connected;
      info->replaced = seat->replaced;
      info->clock_ms = clock_ms (room, s, now);
      /* How long a dropped player has to come back. */
      info->grace_ms = seat->grace_id != 0
                       ? MAX (0, (gint64) room->grace_ms - (now - seat->dropped_us) / 1000) : -1;
    }
  msg->spectators = room->spectators;
  memcpy (msg->rematch, room->rematch, sizeof msg->rematch);
  msg->actions = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < stern_game_get_n_actions (room->game); i++)
    g_ptr_array_add (msg->actions, stern_net_action_to_text (room->setup.variant,
                                                     stern_game_get_action (room->game, i)));
  msg->turn = stern_room_is_started (room) ? (guint8) stern_game_get_turn (room->game)
                                           : STERN_NO_SEAT;
  msg->over = stern_game_is_over (room->game);
  msg->result = stern_record_result (room->game);
  return msg;
}

static void
broadcast_room (SternRoom *self)
{
  g_autoptr(SternNetMessage) msg = stern_room_describe (self);

  broadcast (self, msg);
}

gboolean
stern_room_ask_rematch (SternRoom *room, guint seat, GError **error)
{
  const SternVariant *v;

  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  v = room->setup.variant;

  if (!stern_game_is_over (room->game))
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_STATE,
                           "rematch: the game has not ended");
      return FALSE;
    }
  if (seat >= STERN_N_SEATS || !room->seats[seat].taken)
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_NOT_A_PLAYER,
                           "rematch: only the room's players ask for one");
      return FALSE;
    }
  room->rematch[seat] = TRUE;
  broadcast_room (room);
  /* Every person still there who held a seat must want it. */
  for (unsigned i = 0; i < v->n_players; i++)
    if (room->seats[v->seats[i]].taken && room->seats[v->seats[i]].connected &&
        !room->rematch[v->seats[i]])
      return FALSE;
  return TRUE;
}

void
stern_room_set_spectators (SternRoom *room, guint spectators)
{
  g_return_if_fail (STERN_IS_ROOM (room));

  if (room->spectators == spectators)
    return;
  room->spectators = spectators;
  broadcast_room (room);
}

gboolean
stern_room_get_lobby_entry (SternRoom *room, SternNetLobbyRoom *entry)
{
  const SternVariant *v;

  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);

  if (stern_game_is_over (room->game))
    return FALSE;
  memset (entry, 0, sizeof *entry);
  v = room->setup.variant;
  g_strlcpy (entry->code, room->code, sizeof entry->code);
  entry->variant = v;
  entry->preset = room->setup.preset;
  for (unsigned i = 0; i < v->n_players; i++)
    {
      const Seat *seat = &room->seats[v->seats[i]];
      if (seat->taken)
        entry->players++;
      else if (seat->setup.kind == STERN_NET_SEAT_OPEN)
        entry->open_seats[entry->n_open++] = v->seats[i];
    }
  return entry->n_open > 0;
}

/* ---- the file ---- */

/* The room is kept in two files written in turn, CODE.json and
 * CODE.json.alt, each with the number of its write.  A write overwrites the
 * older of the two in place, so a server killed in the middle of a write
 * still has the other, one action older (and never announced the action it
 * was writing); loading takes the newest file that reads whole.  Writing in
 * place, rather than a new temporary file renamed over the old one, spares
 * the file system a new inode per move, which was most of the server's time
 * under load. */
static char *
alt_path (const char *path)
{
  return g_strconcat (path, ".alt", NULL);
}

static gboolean
write_file (const char *path, const char *data, gsize len, gboolean durable, GError **error)
{
  int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  gsize done = 0;
  int saved = 0;

  if (fd < 0)
    saved = errno;
  while (fd >= 0 && done < len)
    {
      ssize_t n = write (fd, data + done, len - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          saved = n < 0 ? errno : EIO;
          break;
        }
      done += (gsize) n;
    }
  /* With --fsync the data reaches the disk before anyone hears of it. */
  if (saved == 0 && durable && fdatasync (fd) != 0)
    saved = errno;
  if (fd >= 0 && close (fd) != 0 && saved == 0)
    saved = errno;
  if (saved != 0)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "cannot write %s: %s",
                   path, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

gboolean
stern_room_save (SternRoom *room, GError **error)
{
  g_autoptr(SternNetMessage) msg = NULL;
  g_autofree char *json = NULL;
  g_autofree char *alt = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  gboolean first = TRUE;

  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  if (room->path == NULL)
    return TRUE;

  msg = stern_room_describe (room);
  json = stern_net_message_to_json (msg);
  /* Tokens are lower-case hex (checked when given out and when read), so
   * they need no escaping.  The seat tokens are in the file, so only the
   * server's user may read it. */
  g_string_append_printf (text, "{\"format\":%d,\"write\":%" G_GUINT64_FORMAT ",\"tokens\":{",
                          ROOM_FILE_FORMAT, room->saves);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (room->seats[s].taken)
      {
        g_string_append_printf (text, "%s\"%s\":\"%s\"", first ? "" : ",",
                                stern_seat_colour_name (s), room->seats[s].token);
        first = FALSE;
      }
  g_string_append_printf (text, "},\"room\":%s}\n", json);

  alt = alt_path (room->path);
  if (!write_file (room->saves % 2 == 0 ? room->path : alt, text->str, text->len, room->durable,
                   error))
    return FALSE;
  room->saves++;
  return TRUE;
}

static void
save_or_log (SternRoom *self)
{
  g_autoptr(GError) error = NULL;

  if (!stern_room_save (self, &error))
    room_log (self, G_LOG_LEVEL_WARNING, "cannot write the room's file: %s", error->message);
}

static SternRoom *
load_one (const char *path, const char *room_path, guint64 *write_no, GError **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(SternNetMessage) msg = NULL;
  g_autoptr(SternRoom) self = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *room_text = NULL;
  g_autofree char *basename = g_path_get_basename (path);
  JsonObject *root, *tokens;
  JsonNode *node;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &contents, &len, error))
    return NULL;
  if (len > ROOM_FILE_MAX)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: larger than %d bytes",
                   basename, ROOM_FILE_MAX);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, contents, (gssize) len, &local))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", basename,
                   local->message);
      return NULL;
    }
  node = json_parser_get_root (parser);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node) ||
      !(root = json_node_get_object (node)) ||
      json_object_get_int_member_with_default (root, "format", 0) != ROOM_FILE_FORMAT ||
      !json_object_has_member (root, "tokens") ||
      !JSON_NODE_HOLDS_OBJECT (json_object_get_member (root, "tokens")) ||
      !json_object_has_member (root, "room"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s: not a room file of format %d (format, tokens, room)",
                   basename, ROOM_FILE_FORMAT);
      return NULL;
    }
  tokens = json_object_get_object_member (root, "tokens");
  *write_no = (guint64) MAX (0, json_object_get_int_member_with_default (root, "write", 0));

  /* The room part is a room message: the protocol's parser checks it. */
  json_generator_set_root (gen, json_object_get_member (root, "room"));
  room_text = json_generator_to_data (gen, &len);
  msg = stern_net_message_parse (room_text, len, STERN_NET_TO_CLIENT, NULL, &local);
  if (msg == NULL || msg->type != STERN_NET_MSG_ROOM)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", basename,
                   local ? local->message : "room: not a room message");
      return NULL;
    }

  self = stern_room_new (msg->code, &msg->setup, room_path);
  for (guint i = 0; i < msg->actions->len; i++)
    if (!stern_net_apply_action_text (self->game, g_ptr_array_index (msg->actions, i), &local))
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: room.actions[%u]: %s",
                     basename, i, local->message);
        return NULL;
      }
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    {
      Seat *seat = &self->seats[s];
      const SternNetSeatInfo *info = &msg->seats[s];
      const char *token;

      if (!seat_in_play (self, s))
        continue;
      seat->replaced = info->replaced;
      if (info->taken)
        {
          token = json_object_get_string_member_with_default (tokens,
                                                              stern_seat_colour_name (s), "");
          if (!stern_net_token_is_valid (token))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           "%s: tokens.%s: missing or not a token", basename,
                           stern_seat_colour_name (s));
              return NULL;
            }
          seat->taken = TRUE;
          g_strlcpy (seat->token, token, sizeof seat->token);
          g_strlcpy (seat->name, info->name, sizeof seat->name);
        }
      /* The time the server was down is nobody's: each clock goes on from
       * what was left at the last action. */
      if (self->clock.enabled && info->clock_ms >= 0)
        self->clock.remaining_us[s] = info->clock_ms * 1000;
    }
  return g_steal_pointer (&self);
}

SternRoom *
stern_room_load (const char *path, GError **error)
{
  g_autofree char *alt = NULL;
  g_autoptr(SternRoom) main_room = NULL;
  g_autoptr(SternRoom) alt_room = NULL;
  g_autoptr(GError) main_error = NULL;
  guint64 main_no = 0, alt_no = 0;
  SternRoom *room;

  g_return_val_if_fail (path != NULL, NULL);

  alt = alt_path (path);
  main_room = load_one (path, path, &main_no, &main_error);
  if (g_file_test (alt, G_FILE_TEST_EXISTS))
    {
      g_autoptr(GError) alt_error = NULL;

      alt_room = load_one (alt, path, &alt_no, &alt_error);
      if (alt_room == NULL)
        g_info ("%s: %s (the other file is used)", alt, alt_error->message);
    }
  if (main_room == NULL && alt_room == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&main_error));
      return NULL;
    }
  if (main_room == NULL)
    g_info ("%s: %s (the other file is used)", path, main_error->message);

  /* The newer of the two files that read whole. */
  if (alt_room && (main_room == NULL || alt_no > main_no))
    {
      room = g_steal_pointer (&alt_room);
      room->saves = alt_no + 1;
    }
  else
    {
      room = g_steal_pointer (&main_room);
      room->saves = main_no + 1;
    }
  return room;
}

/* ---- actions ---- */

static void
announce_last (SternRoom *self)
{
  g_autoptr(SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_ACTION);
  guint n = stern_game_get_n_actions (self->game);
  const SternAction *a = stern_game_get_action (self->game, n - 1);
  gint64 now = now_us ();
  g_autofree char *text = stern_net_action_to_text (stern_game_get_variant (self->game), a);

  g_strlcpy (msg->code, self->code, sizeof msg->code);
  msg->ply = n - 1;
  msg->seat = a->seat;
  msg->action = a->kind;
  memcpy (msg->path, a->path, a->path_len);
  msg->path_len = a->path_len;
  msg->path_variant = stern_game_get_variant (self->game);
  msg->has_clocks = self->clock.enabled;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    msg->clocks[s] = clock_ms (self, s, now);
  msg->turn = (guint8) stern_game_get_turn (self->game);
  msg->over = stern_game_is_over (self->game);
  msg->result = stern_record_result (self->game);
  room_log (self, G_LOG_LEVEL_INFO, "%u. %s %s", n, stern_seat_colour_name (a->seat), text);
  if (msg->over)
    room_log (self, G_LOG_LEVEL_MESSAGE, "game over after %u actions: %s", n, msg->result);
  broadcast (self, msg);
}

/* After every action: the file first (nobody hears of an action that is
 * not on disk), then the news, then whoever is next. */
static void
after_action (SternRoom *self)
{
  save_or_log (self);
  announce_last (self);
  advance (self);
}

static void
give_up (SternRoom *self, unsigned seat, SternActionKind kind)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  stern_clock_pause (&self->clock, now_us ());
  ok = kind == STERN_ACTION_TIMEOUT ? stern_game_timeout (self->game, seat, &error)
                                    : stern_game_resign (self->game, seat, &error);
  if (!ok)
    {
      room_log (self, G_LOG_LEVEL_WARNING, "%s cannot give up: %s",
                stern_seat_colour_name (seat), error->message);
      return;
    }
  /* Club preset: the computer plays the seat from now on and the player
   * ranks last (doc/rules.md §8); in the other presets the engine ended the
   * game. */
  self->seats[seat].replaced = TRUE;
  if (self->setup.variant->teams)
    self->seats[stern_seat_opposite (seat)].replaced = TRUE;
  after_action (self);
  broadcast_room (self);
}

static gboolean
clock_expired_cb (gpointer user_data)
{
  SternRoom *self = user_data;
  unsigned seat = self->clock.running;

  self->clock_id = 0;
  if (seat == STERN_NO_SEAT || stern_game_is_over (self->game))
    return G_SOURCE_REMOVE;
  if (stern_clock_expired (&self->clock, seat, now_us ()))
    {
      room_log (self, G_LOG_LEVEL_MESSAGE, "%s ran out of time", stern_seat_colour_name (seat));
      give_up (self, seat, STERN_ACTION_TIMEOUT);
    }
  else
    advance (self);
  return G_SOURCE_REMOVE;
}

typedef struct {
  SternGame *game;
  SternLevel level;
  guint64    seed;
  guint      ply;
  SternMove  move;
} Think;

static void
think_free (gpointer data)
{
  Think *t = data;

  stern_game_free (t->game);
  g_free (t);
}

/* Each worker thread keeps its own search (its tables are large, and a
 * search is not thread-safe). */
static GPrivate thread_search = G_PRIVATE_INIT ((GDestroyNotify) stern_search_free);

static void
think_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Think *t = data;
  SternSearch *search = g_private_get (&thread_search);

  if (search == NULL)
    {
      search = stern_search_new ();
      g_private_set (&thread_search, search);
    }
  g_task_return_boolean (task, stern_search_choose (search, t->game, t->level, t->seed, 0,
                                                    NULL, &t->move));
}

static void
think_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SternRoom *self = STERN_ROOM (source);
  Think *t = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  if (g_cancellable_is_cancelled (self->cancellable))
    return;
  self->thinking = FALSE;
  if (!ok || t->ply != stern_game_get_n_actions (self->game))
    {
      /* The game moved on meanwhile (a time-out, say): think again. */
      advance (self);
      return;
    }
  if (!stern_game_play (self->game, t->move.from, t->move.to, &error))
    {
      room_log (self, G_LOG_LEVEL_CRITICAL, "the computer's move was refused: %s",
                error->message);
      return;
    }
  after_action (self);
}

static void
start_thinking (SternRoom *self, unsigned seat)
{
  g_autoptr(GTask) task = NULL;
  Think *t;

  if (self->thinking)
    return;
  self->thinking = TRUE;
  t = g_new0 (Think, 1);
  t->game = stern_game_copy (self->game);
  t->level = self->seats[seat].setup.kind == STERN_NET_SEAT_COMPUTER
               ? self->seats[seat].setup.level : self->replacement_level;
  t->ply = stern_game_get_n_actions (self->game);
  t->seed = g_str_hash (self->code) * 1000003u + t->ply;
  task = g_task_new (self, self->cancellable, think_done, NULL);
  g_task_set_task_data (task, t, think_free);
  g_task_run_in_thread (task, think_thread);
}

/* Whoever is on turn now: passes are made for the player, the computer is
 * asked for its move, a person's clock starts. */
static void
advance (SternRoom *self)
{
  gint64 now = now_us ();
  unsigned turn;

  g_clear_handle_id (&self->clock_id, g_source_remove);
  if (!self->running || !stern_room_is_started (self))
    return;

  if (!stern_game_is_over (self->game) && stern_game_must_pass (self->game))
    {
      stern_clock_pause (&self->clock, now);
      if (stern_game_pass (self->game, NULL))
        after_action (self);    /* which comes back here for the next seat */
      return;
    }
  if (stern_game_is_over (self->game))
    {
      stern_clock_pause (&self->clock, now);
      return;
    }

  turn = stern_game_get_turn (self->game);
  if (computer_plays (self, turn))
    {
      stern_clock_pause (&self->clock, now);
      start_thinking (self, turn);
      return;
    }
  if (self->clock.enabled)
    {
      gint64 left;

      if (self->clock.running != turn)
        stern_clock_start (&self->clock, turn, now);
      left = stern_clock_remaining_us (&self->clock, turn, now) / 1000;
      self->clock_id = g_timeout_add ((guint) MAX (left, 0) + CLOCK_SLACK_MS,
                                      clock_expired_cb, self);
    }
}

void
stern_room_start (SternRoom *room)
{
  g_return_if_fail (STERN_IS_ROOM (room));
  g_return_if_fail (!room->running);

  room->running = TRUE;
  /* After a restart nobody is connected yet: each player gets the grace
   * period to come back. */
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (seat_in_play (room, s) && room->seats[s].taken && !room->seats[s].connected)
      stern_room_set_connected (room, s, FALSE);
  advance (room);
}

/* ---- players ---- */

typedef struct {
  SternRoom *room;    /* not a reference: the room removes its timers when disposed */
  guint      seat;
} Grace;

static gboolean
grace_over_cb (gpointer user_data)
{
  Grace *grace = user_data;
  SternRoom *self = grace->room;
  unsigned seat = grace->seat;

  self->seats[seat].grace_id = 0;

  if (!stern_room_is_started (self))
    {
      /* Before the game: the seat is free again for someone else. */
      room_log (self, G_LOG_LEVEL_MESSAGE, "%s did not come back; the seat is free",
                stern_seat_colour_name (seat));
      memset (self->seats[seat].token, 0, sizeof self->seats[seat].token);
      self->seats[seat].name[0] = '\0';
      self->seats[seat].taken = FALSE;
      save_or_log (self);
      broadcast_room (self);
    }
  else if (!stern_game_is_over (self->game) &&
           stern_game_get_player_state (self->game, seat) == STERN_PLAYER_PLAYING)
    {
      room_log (self, G_LOG_LEVEL_MESSAGE, "%s did not come back; the computer takes the seat",
                stern_seat_colour_name (seat));
      give_up (self, seat, STERN_ACTION_RESIGN);
    }
  return G_SOURCE_REMOVE;
}

void
stern_room_set_connected (SternRoom *room, guint seat, gboolean connected)
{
  Seat *s;

  g_return_if_fail (STERN_IS_ROOM (room));
  g_return_if_fail (seat < STERN_N_SEATS);

  s = &room->seats[seat];
  if (!s->taken)
    return;
  s->connected = connected;
  g_clear_handle_id (&s->grace_id, g_source_remove);
  if (!connected && !stern_game_is_over (room->game) && !s->replaced && room->running)
    {
      Grace *grace = g_new (Grace, 1);
      grace->room = room;
      grace->seat = seat;
      s->grace_id = g_timeout_add_full (G_PRIORITY_DEFAULT, room->grace_ms, grace_over_cb,
                                        grace, g_free);
      s->dropped_us = now_us ();
    }
  room_log (room, G_LOG_LEVEL_INFO, "%s %s", stern_seat_colour_name (seat),
            connected ? "connected" : "dropped");
  broadcast_room (room);
}

gboolean
stern_room_join (SternRoom *room, guint seat, const char *name, guint *out_seat,
                 char token[STERN_NET_TOKEN_LEN + 1], GError **error)
{
  const SternVariant *v;
  gboolean was_started;
  Seat *s;

  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  v = room->setup.variant;

  if (stern_game_is_over (room->game))
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_GAME_OVER,
                           "the game in this room is over");
      return FALSE;
    }
  if (seat == STERN_NO_SEAT)
    {
      for (unsigned i = 0; i < v->n_players && seat == STERN_NO_SEAT; i++)
        if (room->seats[v->seats[i]].setup.kind != STERN_NET_SEAT_COMPUTER &&
            !room->seats[v->seats[i]].taken)
          seat = v->seats[i];
      if (seat == STERN_NO_SEAT)
        {
          g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_SEAT_TAKEN,
                               "every seat in this room is taken");
          return FALSE;
        }
    }
  else if (seat >= STERN_N_SEATS || !seat_in_play (room, seat))
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                   "join.seat: %s does not play in %s",
                   seat < STERN_N_SEATS ? stern_seat_colour_name (seat) : "?", v->id);
      return FALSE;
    }
  s = &room->seats[seat];
  if (s->setup.kind == STERN_NET_SEAT_COMPUTER || s->taken)
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_SEAT_TAKEN, "%s is taken%s",
                   stern_seat_colour_name (seat),
                   s->setup.kind == STERN_NET_SEAT_COMPUTER ? " by the computer" : "");
      return FALSE;
    }

  was_started = stern_room_is_started (room);
  s->taken = TRUE;
  s->connected = TRUE;
  stern_net_random_token (s->token);
  g_strlcpy (s->name, name ? name : "", sizeof s->name);
  g_strlcpy (token, s->token, STERN_NET_TOKEN_LEN + 1);
  *out_seat = seat;
  room_log (room, G_LOG_LEVEL_MESSAGE, "%s joined as %s", s->name[0] ? s->name : "a player",
            stern_seat_colour_name (seat));
  save_or_log (room);
  broadcast_room (room);
  if (!was_started && stern_room_is_started (room))
    {
      room_log (room, G_LOG_LEVEL_MESSAGE, "every seat is taken: the game starts");
      advance (room);
    }
  return TRUE;
}

/* Compares every byte whatever the first difference, so the time taken
 * says nothing about how much of a guessed token was right. */
static gboolean
token_equal (const char *a, const char *b)
{
  guint8 diff = 0;

  for (unsigned i = 0; i < STERN_NET_TOKEN_LEN; i++)
    diff |= (guint8) (a[i] ^ b[i]);
  return diff == 0;
}

gboolean
stern_room_resume (SternRoom *room, const char *token, guint *out_seat, GError **error)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  g_return_val_if_fail (token != NULL, FALSE);

  if (stern_net_token_is_valid (token))
    for (unsigned s = 0; s < STERN_N_SEATS; s++)
      if (room->seats[s].taken && token_equal (room->seats[s].token, token))
        {
          *out_seat = s;
          return TRUE;
        }
  g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_TOKEN,
                       "resume.token: no seat of this room has that token");
  return FALSE;
}

static gboolean
check_player (SternRoom *self, guint seat, GError **error)
{
  if (stern_game_is_over (self->game))
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_GAME_OVER, "the game is over");
      return FALSE;
    }
  if (!stern_room_is_started (self))
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_STATE,
                           "the room is waiting for players");
      return FALSE;
    }
  if (seat >= STERN_N_SEATS || !seat_in_play (self, seat) || computer_plays (self, seat))
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_NOT_A_PLAYER,
                           "the computer plays this seat now");
      return FALSE;
    }
  return TRUE;
}

gboolean
stern_room_play (SternRoom *room, guint seat, guint ply, const guint8 *path, gsize len,
                 GError **error)
{
  g_autoptr(GError) local = NULL;
  gint64 now = now_us ();

  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!check_player (room, seat, error))
    return FALSE;
  if (stern_game_get_turn (room->game) != seat)
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_NOT_YOUR_TURN,
                   "it is %s's turn, not %s's",
                   stern_seat_colour_name (stern_game_get_turn (room->game)),
                   stern_seat_colour_name (seat));
      return FALSE;
    }
  if (ply != stern_game_get_n_actions (room->game))
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_STALE,
                   "move.ply: the game is at ply %u, not %u",
                   stern_game_get_n_actions (room->game), ply);
      return FALSE;
    }
  if (room->clock.enabled && stern_clock_expired (&room->clock, seat, now))
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_ILLEGAL,
                           "time is up for this seat");
      give_up (room, seat, STERN_ACTION_TIMEOUT);
      return FALSE;
    }
  if (!stern_game_play_path (room->game, path, len, &local))
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_ILLEGAL, "move.path: %s",
                   local->message);
      return FALSE;
    }
  if (room->clock.enabled)
    stern_clock_moved (&room->clock, now);
  after_action (room);
  return TRUE;
}

gboolean
stern_room_resign (SternRoom *room, guint seat, GError **error)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);

  if (!check_player (room, seat, error))
    return FALSE;
  if (stern_game_get_player_state (room->game, seat) != STERN_PLAYER_PLAYING)
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_STATE,
                           "this seat has finished already");
      return FALSE;
    }
  room_log (room, G_LOG_LEVEL_MESSAGE, "%s resigned", stern_seat_colour_name (seat));
  give_up (room, seat, STERN_ACTION_RESIGN);
  return TRUE;
}
