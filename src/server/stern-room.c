/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stern-room.c: a room of sternhalma-server.
 *
 * The room is the referee: the game here is the only one that counts, each
 * move is checked by the engine before anyone hears of it, the clocks run
 * here, and the room is stored (stern-store.h) after every action before
 * anyone is told of it: an action the store refuses is undone and
 * refused, so a server killed at any moment comes back with exactly the
 * moves that anyone was told of.
 */
#define G_LOG_DOMAIN "stern-server"

#include "stern-room.h"

#include <string.h>

#include "stern-clock.h"
#include "stern-notation.h"
#include "stern-room-private.h"

G_DEFINE_FINAL_TYPE (SternRoom, stern_room, G_TYPE_OBJECT)

enum {
  SIGNAL_BROADCAST,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void advance (SternRoom *self);
static gboolean grace_over_cb (gpointer user_data);

/* Compares every byte whatever the first difference, so the time taken
 * says nothing about how much of a guessed token or key was right. */
static gboolean
token_equal (const char *a, const char *b)
{
  guint8 diff = 0;

  for (unsigned i = 0; i < STERN_NET_TOKEN_LEN; i++)
    diff |= (guint8) (a[i] ^ b[i]);
  return diff == 0;
}

static void
stern_room_dispose (GObject *object)
{
  SternRoom *self = STERN_ROOM (object);

  g_cancellable_cancel (self->cancellable);
  if (self->stop)
    g_atomic_int_set (self->stop, 1);
  g_clear_handle_id (&self->clock_id, g_source_remove);
  g_clear_handle_id (&self->retry_id, g_source_remove);
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
  g_clear_object (&self->store);
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

void
stern_room_init_setup (SternRoom *self, const char *code, const SternNetSetup *setup)
{
  g_strlcpy (self->code, code, sizeof self->code);
  self->setup = *setup;
  self->game = stern_game_new (setup->variant, setup->preset);
  stern_clock_init (&self->clock, setup->reserve_ms, setup->increment_ms);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    self->seats[s].setup = setup->seats[s];
}

SternRoom *
stern_room_new (const char *code, const SternNetSetup *setup, SternStore *store)
{
  SternRoom *self;

  g_return_val_if_fail (stern_net_code_is_valid (code), NULL);
  g_return_val_if_fail (setup != NULL && setup->variant != NULL, NULL);
  g_return_val_if_fail (store == NULL || STERN_IS_STORE (store), NULL);

  self = g_object_new (STERN_TYPE_ROOM, NULL);
  stern_room_init_setup (self, code, setup);
  if (store)
    self->store = g_object_ref (store);
  /* An invited seat has its own key, given to the creator for the
   * invitation link: the room code alone does not take it. */
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (stern_variant_has_seat (setup->variant, s) &&
        setup->seats[s].kind == STERN_NET_SEAT_INVITED)
      stern_net_random_token (self->seats[s].invite);
  return self;
}

const char *
stern_room_get_invite (SternRoom *room, guint seat)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), NULL);
  g_return_val_if_fail (seat < STERN_N_SEATS, NULL);
  return room->seats[seat].invite[0] ? room->seats[seat].invite : NULL;
}

void
stern_room_set_grace (SternRoom *room, guint grace_ms)
{
  g_return_if_fail (STERN_IS_ROOM (room));
  room->grace_ms = grace_ms;
}

gboolean
stern_room_is_paused (SternRoom *room)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  return room->paused;
}

gboolean
stern_room_is_thinking (SternRoom *room)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  return room->thinking;
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

gboolean
stern_room_seat_in_play (SternRoom *self, unsigned seat)
{
  return stern_variant_has_seat (self->setup.variant, seat);
}

gboolean
stern_room_is_started (SternRoom *room)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (stern_room_seat_in_play (room, s) && room->seats[s].setup.kind != STERN_NET_SEAT_COMPUTER &&
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
    if (stern_room_seat_in_play (room, s) && room->seats[s].taken)
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

gint64
stern_room_now_us (void)
{
  return g_get_monotonic_time ();
}

/* ---- messages ---- */

static void
broadcast (SternRoom *self, const SternNetMessage *msg)
{
  g_autofree char *text = stern_net_message_to_json (msg);

  g_signal_emit (self, signals[SIGNAL_BROADCAST], 0, text);
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

/* ---- actions ---- */

static gboolean
retry_cb (gpointer user_data)
{
  SternRoom *self = user_data;

  self->retry_id = 0;
  advance (self);
  return G_SOURCE_REMOVE;
}

/* What the room does by itself (a pass, the computer's move, a time-out)
 * could not be stored: it is tried again a little later. */
static void
retry_later (SternRoom *self)
{
  if (self->retry_id == 0)
    self->retry_id = g_timeout_add (STORE_RETRY_MS, retry_cb, self);
}


static void
announce_last (SternRoom *self)
{
  g_autoptr(SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_ACTION);
  guint n = stern_game_get_n_actions (self->game);
  const SternAction *a = stern_game_get_action (self->game, n - 1);
  gint64 now = stern_room_now_us ();
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
    msg->clocks[s] = stern_room_clock_ms (self, s, now);
  msg->turn = (guint8) stern_game_get_turn (self->game);
  msg->over = stern_game_is_over (self->game);
  msg->result = stern_record_result (self->game);
  room_log (self, G_LOG_LEVEL_INFO, "%u. %s %s", n, stern_seat_colour_name (a->seat), text);
  if (msg->over)
    room_log (self, G_LOG_LEVEL_MESSAGE, "game over after %u actions: %s", n, msg->result);
  broadcast (self, msg);
}

/* After every action: the store first (nobody hears of an action that is
 * not committed; one that cannot be is undone), then the news, then
 * whoever is next. */
static gboolean
after_action (SternRoom *self, SternRoomUndo *undo, GError **error)
{
  if (!stern_room_commit (self, undo, error))
    return FALSE;
  announce_last (self);
  advance (self);
  return TRUE;
}

static gboolean
give_up (SternRoom *self, unsigned seat, SternActionKind kind, GError **error)
{
  g_autoptr(GError) local = NULL;
  SternRoomUndo undo;
  gboolean ok;

  stern_room_undo_take (self, &undo);
  stern_clock_pause (&self->clock, stern_room_now_us ());
  ok = kind == STERN_ACTION_TIMEOUT ? stern_game_timeout (self->game, seat, &local)
                                    : stern_game_resign (self->game, seat, &local);
  if (!ok)
    {
      room_log (self, G_LOG_LEVEL_WARNING, "%s cannot give up: %s",
                stern_seat_colour_name (seat), local->message);
      self->clock = undo.clock;
      stern_room_undo_clear (&undo);
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_STATE, local->message);
      return FALSE;
    }
  /* Club preset: the computer plays the seat from now on and the player
   * ranks last (doc/rules.md §8); in the other presets the engine ended the
   * game. */
  self->seats[seat].replaced = TRUE;
  if (self->setup.variant->teams)
    self->seats[stern_seat_opposite (seat)].replaced = TRUE;
  if (!after_action (self, &undo, error))
    return FALSE;
  broadcast_room (self);
  return TRUE;
}

static gboolean
clock_expired_cb (gpointer user_data)
{
  SternRoom *self = user_data;
  unsigned seat = self->clock.running;

  self->clock_id = 0;
  if (seat == STERN_NO_SEAT || stern_game_is_over (self->game))
    return G_SOURCE_REMOVE;
  if (stern_clock_expired (&self->clock, seat, stern_room_now_us ()))
    {
      room_log (self, G_LOG_LEVEL_MESSAGE, "%s ran out of time", stern_seat_colour_name (seat));
      if (!give_up (self, seat, STERN_ACTION_TIMEOUT, NULL))
        retry_later (self);
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
  gint       stop;
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
                                                    &t->stop, &t->move) &&
                               !g_atomic_int_get (&t->stop));
}

static void
think_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SternRoom *self = STERN_ROOM (source);
  Think *t = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);
  SternRoomUndo undo;

  self->stop = NULL;
  if (g_cancellable_is_cancelled (self->cancellable))
    return;
  self->thinking = FALSE;
  if (!ok || t->ply != stern_game_get_n_actions (self->game))
    {
      /* Stopped, or the game moved on meanwhile (a time-out, say): think
       * again if there is someone to think for. */
      advance (self);
      return;
    }
  stern_room_undo_take (self, &undo);
  if (!stern_game_play (self->game, t->move.from, t->move.to, &error))
    {
      room_log (self, G_LOG_LEVEL_CRITICAL, "the computer's move was refused: %s",
                error->message);
      stern_room_undo_clear (&undo);
      return;
    }
  if (!after_action (self, &undo, NULL))
    retry_later (self);
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
  self->stop = &t->stop;
  task = g_task_new (self, self->cancellable, think_done, NULL);
  g_task_set_task_data (task, t, think_free);
  g_task_run_in_thread (task, think_thread);
}

/* A person still has a seat here: connected, or within the grace period
 * to come back.  Without one the computer does not play on for nobody. */
static gboolean
has_person (SternRoom *self)
{
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (stern_room_seat_in_play (self, s) && self->seats[s].taken &&
        (self->seats[s].connected || self->seats[s].grace_id != 0))
      return TRUE;
  return FALSE;
}

static void
stop_thinking (SternRoom *self)
{
  if (self->stop)
    g_atomic_int_set (self->stop, 1);
}

/* Whoever is on turn now: passes are made for the player, the computer is
 * asked for its move, a person's clock starts. */
static void
advance (SternRoom *self)
{
  gint64 now = stern_room_now_us ();
  unsigned turn;

  g_clear_handle_id (&self->clock_id, g_source_remove);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  self->paused = FALSE;
  if (!self->running || !stern_room_is_started (self))
    return;

  if (!stern_game_is_over (self->game) && stern_game_must_pass (self->game))
    {
      SternRoomUndo undo;

      stern_room_undo_take (self, &undo);
      stern_clock_pause (&self->clock, now);
      if (!stern_game_pass (self->game, NULL))
        stern_room_undo_clear (&undo);
      else if (!after_action (self, &undo, NULL))    /* which comes back here for the next seat */
        retry_later (self);
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
      if (!has_person (self))
        {
          /* Paused until a person comes back (stern_room_set_connected). */
          if (!self->paused)
            room_log (self, G_LOG_LEVEL_INFO, "paused: nobody is left to play with");
          self->paused = TRUE;
          stop_thinking (self);
          return;
        }
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
    if (stern_room_seat_in_play (room, s) && room->seats[s].taken && !room->seats[s].connected)
      stern_room_set_connected (room, s, FALSE);
  advance (room);
}

/* ---- players ---- */

typedef struct {
  SternRoom *room;    /* not a reference: the room removes its timers when disposed */
  guint      seat;
} Grace;

static void
start_grace (SternRoom *self, guint seat, guint ms)
{
  Grace *grace = g_new (Grace, 1);

  grace->room = self;
  grace->seat = seat;
  g_clear_handle_id (&self->seats[seat].grace_id, g_source_remove);
  self->seats[seat].grace_id = g_timeout_add_full (G_PRIORITY_DEFAULT, ms, grace_over_cb,
                                                   grace, g_free);
}

static gboolean
grace_over_cb (gpointer user_data)
{
  Grace *grace = user_data;
  SternRoom *self = grace->room;
  unsigned seat = grace->seat;

  self->seats[seat].grace_id = 0;

  if (!stern_room_is_started (self))
    {
      SternRoomUndo undo;

      /* Before the game: the seat is free again for someone else. */
      room_log (self, G_LOG_LEVEL_MESSAGE, "%s did not come back; the seat is free",
                stern_seat_colour_name (seat));
      stern_room_undo_take (self, &undo);
      memset (self->seats[seat].token, 0, sizeof self->seats[seat].token);
      self->seats[seat].name[0] = '\0';
      self->seats[seat].taken = FALSE;
      if (stern_room_commit (self, &undo, NULL))
        broadcast_room (self);
      else
        start_grace (self, seat, STORE_RETRY_MS);
    }
  else if (!stern_game_is_over (self->game) &&
           stern_game_get_player_state (self->game, seat) == STERN_PLAYER_PLAYING)
    {
      room_log (self, G_LOG_LEVEL_MESSAGE, "%s did not come back; the computer takes the seat",
                stern_seat_colour_name (seat));
      if (!give_up (self, seat, STERN_ACTION_RESIGN, NULL))
        start_grace (self, seat, STORE_RETRY_MS);
    }
  else if (!has_person (self))
    advance (self);    /* the computer stops if nobody is left */
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
      start_grace (room, seat, room->grace_ms);
      s->dropped_us = stern_room_now_us ();
    }
  room_log (room, G_LOG_LEVEL_INFO, "%s %s", stern_seat_colour_name (seat),
            connected ? "connected" : "dropped");
  broadcast_room (room);
  /* A person is back in a paused room, or the last one left. */
  if (room->running && (room->paused || (!has_person (room) && room->thinking)))
    advance (room);
}

gboolean
stern_room_join (SternRoom *room, guint seat, const char *name, const char *key,
                 guint *out_seat, char token[STERN_NET_TOKEN_LEN + 1], GError **error)
{
  const SternVariant *v;
  gboolean was_started;
  SternRoomUndo undo;
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
      /* The first free seat the joiner may take: an open one, or the
       * invited seat whose key it has. */
      for (unsigned i = 0; i < v->n_players && seat == STERN_NO_SEAT; i++)
        {
          const Seat *free_seat = &room->seats[v->seats[i]];

          if (free_seat->setup.kind != STERN_NET_SEAT_COMPUTER && !free_seat->taken &&
              (free_seat->invite[0] == '\0' ||
               (key != NULL && stern_net_token_is_valid (key) &&
                token_equal (free_seat->invite, key))))
            seat = v->seats[i];
        }
      if (seat == STERN_NO_SEAT)
        {
          g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_SEAT_TAKEN,
                               "every seat in this room is taken");
          return FALSE;
        }
    }
  else if (seat >= STERN_N_SEATS || !stern_room_seat_in_play (room, seat))
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
  if (s->invite[0] != '\0' &&
      (key == NULL || !stern_net_token_is_valid (key) || !token_equal (s->invite, key)))
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_TOKEN,
                   "join.key: %s is kept for an invited player; the invitation's key is needed",
                   stern_seat_colour_name (seat));
      return FALSE;
    }

  was_started = stern_room_is_started (room);
  stern_room_undo_take (room, &undo);
  s->taken = TRUE;
  stern_net_random_token (s->token);
  g_strlcpy (s->name, name ? name : "", sizeof s->name);
  if (!stern_room_commit (room, &undo, error))
    return FALSE;
  s->connected = TRUE;
  g_strlcpy (token, s->token, STERN_NET_TOKEN_LEN + 1);
  *out_seat = seat;
  room_log (room, G_LOG_LEVEL_MESSAGE, "%s joined as %s", s->name[0] ? s->name : "a player",
            stern_seat_colour_name (seat));
  broadcast_room (room);
  if (!was_started && stern_room_is_started (room))
    {
      room_log (room, G_LOG_LEVEL_MESSAGE, "every seat is taken: the game starts");
      advance (room);
    }
  else if (room->paused)
    advance (room);
  return TRUE;
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
  if (seat >= STERN_N_SEATS || !stern_room_seat_in_play (self, seat) || computer_plays (self, seat))
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
  gint64 now = stern_room_now_us ();
  SternRoomUndo undo;

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
      if (!give_up (room, seat, STERN_ACTION_TIMEOUT, error))
        return FALSE;
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_ILLEGAL,
                           "time is up for this seat");
      return FALSE;
    }
  stern_room_undo_take (room, &undo);
  if (!stern_game_play_path (room->game, path, len, &local))
    {
      stern_room_undo_clear (&undo);
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_ILLEGAL, "move.path: %s",
                   local->message);
      return FALSE;
    }
  if (room->clock.enabled)
    stern_clock_moved (&room->clock, now);
  return after_action (room, &undo, error);
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
  return give_up (room, seat, STERN_ACTION_RESIGN, error);
}
