/* stern-room.c: a room of sternhalma-server.
 *
 * The room's game is the only one that counts.  Its referee is the
 * session's SternMatch, as in a game on the desktop: it checks each move
 * with the engine, passes for a seat without a move, runs the clock, ends a
 * time that ran out, lets the computer take over a seat given up (club),
 * and has the session's computer player choose the computer's moves (in a
 * worker thread, stopped when the match is).  The room adds what a server
 * needs: seats held by connections with their tokens and grace periods,
 * and the store (stern-store.h), which the match asks before every action:
 * an action the store refuses is not played and nobody hears of it, so a
 * server killed at any moment comes back with exactly the actions anyone
 * was told of.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-room.h"

#include <string.h>

#include "stern-clock.h"
#include "stern-computer-player.h"
#include "stern-notation.h"
#include "stern-room-private.h"
#include "stern-server-options.h"

G_DEFINE_FINAL_TYPE (SternRoom, stern_room, G_TYPE_OBJECT)

enum {
  SIGNAL_BROADCAST,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void update_stopped (SternRoom *self);
static gboolean grace_over_cb (gpointer user_data);
static void on_position_changed (SternRoom *self);
static void on_setup_changed (SternRoom *self);
static gboolean commit_cb (SternMatch *match, const SternGame *after, GError **error,
                           gpointer user_data);

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

  g_clear_handle_id (&self->retry_id, g_source_remove);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    g_clear_handle_id (&self->seats[s].grace_id, g_source_remove);
  if (self->match)
    {
      /* Its computer stops thinking; nothing it does reaches the room. */
      g_signal_handlers_disconnect_by_data (self->match, self);
      stern_match_set_commit_func (self->match, NULL, NULL, NULL);
      stern_match_set_stopped (self->match, TRUE);
    }
  g_clear_object (&self->match);
  G_OBJECT_CLASS (stern_room_parent_class)->dispose (object);
}

static void
stern_room_finalize (GObject *object)
{
  SternRoom *self = STERN_ROOM (object);

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
  g_auto (SternServerOptions) defaults = { 0 };

  /* The server's defaults until it sets its own (stern-server-options.c). */
  stern_server_options_init (&defaults);
  self->grace_ms = (guint) defaults.values[STERN_OPT_GRACE].number * 1000;
  self->replacement_level = defaults.replacement_level;
  self->host_seat = STERN_NO_SEAT;
}

void
stern_room_init_setup (SternRoom *self, const char *code, const SternNetSetup *setup,
                       SternGame *game, const SternClock *clock)
{
  SternGameSetup match_setup = { 0 };
  SternClock fresh;

  g_strlcpy (self->code, code, sizeof self->code);
  self->setup = *setup;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    {
      self->seats[s].setup = setup->seats[s];
      /* The computer plays its own seats and those it took over. */
      match_setup.computer[s] = setup->seats[s].kind == STERN_NET_SEAT_COMPUTER ||
                                self->seats[s].replaced;
      match_setup.level[s] = setup->seats[s].kind == STERN_NET_SEAT_COMPUTER
                             ? (int) setup->seats[s].level : (int) self->replacement_level;
    }
  match_setup.variant = setup->variant;
  match_setup.preset = setup->preset;
  /* The match's clock is set from the room's, to the millisecond. */
  match_setup.clock_reserve_s = (guint) ((setup->reserve_ms + 999) / 1000);
  match_setup.clock_increment_s = (guint) (setup->increment_ms / 1000);
  if (clock == NULL)
    {
      stern_clock_init (&fresh, setup->reserve_ms, setup->increment_ms);
      clock = &fresh;
    }

  self->match = stern_match_new ();
  /* A server's computer moves at once: nobody watches it think. */
  stern_match_set_computer_delay (self->match, 0);
  stern_match_set_takeover_level (self->match, (int) self->replacement_level);
  stern_match_set_commit_func (self->match, commit_cb, self, NULL);
  /* Nobody plays until the room starts and every seat is taken. */
  stern_match_set_stopped (self->match, TRUE);
  stern_match_start (self->match, game ? game : stern_game_new (setup->variant, setup->preset),
                     &match_setup, clock);
  self->announced = stern_game_get_n_actions (stern_room_game (self));
  g_signal_connect_object (self->match, "position-changed", G_CALLBACK (on_position_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "setup-changed", G_CALLBACK (on_setup_changed),
                           self, G_CONNECT_SWAPPED);
}

SternRoom *
stern_room_new (const char *code, const SternNetSetup *setup, SternStore *store)
{
  SternRoom *self;

  g_return_val_if_fail (stern_net_code_is_valid (code), NULL);
  g_return_val_if_fail (setup != NULL && setup->variant != NULL, NULL);
  g_return_val_if_fail (store == NULL || STERN_IS_STORE (store), NULL);

  self = g_object_new (STERN_TYPE_ROOM, NULL);
  stern_room_init_setup (self, code, setup, NULL, NULL);
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
stern_room_set_host (SternRoom *room, guint seat, const char *name)
{
  g_return_if_fail (STERN_IS_ROOM (room));
  g_return_if_fail (seat == STERN_NO_SEAT || stern_variant_has_seat (room->setup.variant, seat));

  room->host_seat = seat;
  g_strlcpy (room->host_name, seat == STERN_NO_SEAT && name != NULL ? name : "",
             sizeof room->host_name);
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
  return stern_match_is_thinking (room->match);
}

void
stern_room_set_replacement_level (SternRoom *room, SternLevel level)
{
  g_return_if_fail (STERN_IS_ROOM (room));
  g_return_if_fail (level < STERN_N_PLAY_LEVELS);
  room->replacement_level = level;
  stern_match_set_takeover_level (room->match, (int) level);
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
  return stern_room_game (room);
}

SternGame *
stern_room_game (SternRoom *self)
{
  return stern_match_get_game (self->match);
}

gboolean
stern_room_is_over (SternRoom *room)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), TRUE);
  return stern_game_is_over (stern_room_game (room));
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
  SternPlayer *player = stern_match_get_player (self->match, seat);

  return (player != NULL && stern_player_get_kind (player) == STERN_PLAYER_KIND_COMPUTER) ||
         self->seats[seat].replaced ||
         stern_game_get_player_state (stern_room_game (self), seat) == STERN_PLAYER_RESIGNED;
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
  g_autoptr (SternNetMessage) msg = stern_room_describe (self);

  broadcast (self, msg);
}

gboolean
stern_room_ask_rematch (SternRoom *room, guint seat, GError **error)
{
  const SternVariant *v;

  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  v = room->setup.variant;

  if (!stern_game_is_over (stern_room_game (room)))
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

const char *
stern_room_get_rematch (SternRoom *room)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), NULL);
  return room->rematch_code[0] ? room->rematch_code : NULL;
}

gboolean
stern_room_set_rematch (SternRoom *room, const char *code, GError **error)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  g_return_val_if_fail (stern_net_code_is_valid (code), FALSE);

  g_strlcpy (room->rematch_code, code, sizeof room->rematch_code);
  if (!stern_room_save (room, error))
    {
      room->rematch_code[0] = '\0';
      return FALSE;
    }
  return TRUE;
}

gboolean
stern_room_set_spectators (SternRoom *room, guint spectators)
{
  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);

  if (room->spectators == spectators)
    return FALSE;
  room->spectators = spectators;
  broadcast_room (room);
  return TRUE;
}

/* ---- actions ---- */

static gboolean
retry_cb (gpointer user_data)
{
  SternRoom *self = user_data;

  self->retry_id = 0;
  /* The turn on hand starts again: the computer's move, a pass, a time-out. */
  if (!stern_match_is_stopped (self->match))
    {
      stern_match_set_stopped (self->match, TRUE);
      stern_match_set_stopped (self->match, FALSE);
    }
  return G_SOURCE_REMOVE;
}

void
stern_room_retry_later (SternRoom *self)
{
  if (self->retry_id == 0)
    self->retry_id = g_timeout_add (STORE_RETRY_MS, retry_cb, self);
}

/* The match asks before each action: the room with the game after it goes
 * to the store, and only a committed action is played. */
static gboolean
commit_cb (SternMatch *match, const SternGame *after, GError **error, gpointer user_data)
{
  SternRoom *self = user_data;
  g_autoptr (GError) local = NULL;
  g_autofree char *text = NULL;

  if (self->store == NULL)
    return TRUE;
  text = stern_room_state_text (self, after);
  if (stern_store_put_room (self->store, self->code, text, stern_game_is_over (after), &local))
    return TRUE;
  room_log (self, G_LOG_LEVEL_WARNING, "not stored, so not done: %s", local->message);
  /* What the room does by itself is tried again; a player's request is
   * answered with the error. */
  if (!self->asked)
    stern_room_retry_later (self);
  g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_INTERNAL,
                       "the server cannot store this now; nothing was done");
  return FALSE;
}

/* Action i of the room's game as the action message tells it. */
static void
announce (SternRoom *self, guint i)
{
  g_autoptr (SternNetMessage) msg = stern_net_message_new (STERN_NET_MSG_ACTION);
  SternGame *game = stern_room_game (self);
  g_autoptr (SternGame) then = NULL;
  const SternGame *after = game;
  const SternAction *a = stern_game_get_action (game, i);
  gint64 now = stern_room_now_us ();
  g_autofree char *text = stern_notation_format_action (stern_game_get_variant (game), a);

  /* An action followed by passes: turn and result as they were after it. */
  if (i + 1 < stern_game_get_n_actions (game))
    {
      then = stern_game_copy (game);
      stern_game_seek (then, i + 1);
      after = then;
    }
  g_strlcpy (msg->code, self->code, sizeof msg->code);
  msg->ply = i;
  msg->seat = a->seat;
  msg->action = a->kind;
  memcpy (msg->path, a->path, a->path_len);
  msg->path_len = a->path_len;
  msg->path_variant = stern_game_get_variant (game);
  msg->has_clocks = stern_game_clock_is_enabled (stern_match_get_clock (self->match));
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    msg->clocks[s] = stern_room_clock_ms (self, s, now);
  msg->turn = (guint8) stern_game_get_turn (after);
  msg->over = stern_game_is_over (after);
  msg->result = stern_record_result (after);
  room_log (self, G_LOG_LEVEL_INFO, "%u. %s %s", i + 1, stern_seat_colour_name (a->seat), text);
  if (msg->over)
    room_log (self, G_LOG_LEVEL_MESSAGE, "game over after %u actions: %s", i + 1, msg->result);
  broadcast (self, msg);
}

/* The match played something (stored already): the room hears of it. */
static void
on_position_changed (SternRoom *self)
{
  SternGame *game = stern_room_game (self);

  while (self->announced < stern_game_get_n_actions (game))
    announce (self, self->announced++);
  if (stern_game_is_over (game))
    update_stopped (self);
}

/* The computer took over a seat given up (club). */
static void
on_setup_changed (SternRoom *self)
{
  SternGame *game = stern_room_game (self);

  /* The action that gave the seat up first, then the room that says so. */
  while (self->announced < stern_game_get_n_actions (game))
    announce (self, self->announced++);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (stern_match_is_replaced (self->match, s))
      self->seats[s].replaced = TRUE;
  /* A team gives up together (doc/rules.md §8): the computer plays the
   * partner's seat too. */
  if (self->setup.variant->teams)
    for (unsigned s = 0; s < STERN_N_SEATS; s++)
      {
        unsigned partner = stern_seat_opposite (s);
        SternPlayer *player = stern_match_get_player (self->match, partner);

        if (self->seats[s].replaced && !self->seats[partner].replaced && player != NULL &&
            stern_player_get_kind (player) == STERN_PLAYER_KIND_HUMAN)
          {
            g_autoptr (SternPlayer) computer =
              stern_computer_player_new ((int) self->replacement_level, 0);

            self->seats[partner].replaced = TRUE;
            stern_match_set_player (self->match, partner, computer);
          }
      }
  broadcast_room (self);
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

/* The match plays while the room runs, every seat of people is taken, the
 * game goes on and a person is there. */
static void
update_stopped (SternRoom *self)
{
  gboolean over = stern_game_is_over (stern_room_game (self));
  gboolean nobody = !has_person (self);
  gboolean stop = !self->running || !stern_room_is_started (self) || over || nobody;

  if (self->paused != (self->running && !over && nobody && stern_room_is_started (self)))
    {
      self->paused = !self->paused;
      room_log (self, G_LOG_LEVEL_INFO, self->paused ? "paused: nobody is left to play with"
                                                     : "a person is back: play goes on");
    }
  if (stop != stern_match_is_stopped (self->match))
    stern_match_set_stopped (self->match, stop);
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
  update_stopped (room);
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
  SternGame *game = stern_room_game (self);

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
      if (self->host_seat == seat)
        self->host_seat = STERN_NO_SEAT;
      if (stern_room_commit (self, &undo, NULL))
        broadcast_room (self);
      else
        start_grace (self, seat, STORE_RETRY_MS);
    }
  else if (!stern_game_is_over (game) &&
           stern_game_get_player_state (game, seat) == STERN_PLAYER_PLAYING)
    {
      g_autoptr (GError) error = NULL;

      room_log (self, G_LOG_LEVEL_MESSAGE, "%s did not come back; the computer takes the seat",
                stern_seat_colour_name (seat));
      self->asked = TRUE;
      if (!stern_match_resign (self->match, seat, &error) &&
          g_error_matches (error, STERN_NET_ERROR, STERN_NET_ERROR_INTERNAL))
        start_grace (self, seat, STORE_RETRY_MS);
      self->asked = FALSE;
    }
  update_stopped (self);
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
  if (!connected && !stern_game_is_over (stern_room_game (room)) && !s->replaced && room->running)
    {
      start_grace (room, seat, room->grace_ms);
      s->dropped_us = stern_room_now_us ();
    }
  room_log (room, G_LOG_LEVEL_INFO, "%s %s", stern_seat_colour_name (seat),
            connected ? "connected" : "dropped");
  broadcast_room (room);
  /* A person is back in a paused room, or the last one left. */
  update_stopped (room);
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

  if (stern_game_is_over (stern_room_game (room)))
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
    room_log (room, G_LOG_LEVEL_MESSAGE, "every seat is taken: the game starts");
  update_stopped (room);
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
  if (stern_game_is_over (stern_room_game (self)))
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

/* The match's reasons for not playing a move, as the protocol says them. */
static const struct {
  SternMatchError    match;
  SternNetErrorCode  net;
  const char        *field;
} move_refusals[] = {
  { STERN_MATCH_ERROR_NOT_YOUR_TURN, STERN_NET_ERROR_NOT_YOUR_TURN, NULL },
  { STERN_MATCH_ERROR_STALE,         STERN_NET_ERROR_STALE,         "move.ply" },
  { STERN_MATCH_ERROR_ILLEGAL,       STERN_NET_ERROR_ILLEGAL,       "move.path" },
  /* Checked before (check_player): the seat's own time ran out. */
  { STERN_MATCH_ERROR_GAME_OVER,     STERN_NET_ERROR_ILLEGAL,       NULL },
};

gboolean
stern_room_play (SternRoom *room, guint seat, guint ply, const guint8 *path, gsize len,
                 GError **error)
{
  g_autoptr (GError) local = NULL;
  gboolean ok;

  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!check_player (room, seat, error))
    return FALSE;
  room->asked = TRUE;
  ok = stern_match_play_path (room->match, seat, ply, path, len, &local);
  room->asked = FALSE;
  if (ok)
    return TRUE;
  if (local->domain == STERN_MATCH_ERROR)
    for (guint i = 0; i < G_N_ELEMENTS (move_refusals); i++)
      if (move_refusals[i].match == (SternMatchError) local->code)
        {
          if (move_refusals[i].field != NULL)
            g_set_error (error, STERN_NET_ERROR, move_refusals[i].net, "%s: %s",
                         move_refusals[i].field, local->message);
          else
            g_set_error_literal (error, STERN_NET_ERROR, move_refusals[i].net, local->message);
          return FALSE;
        }
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

gboolean
stern_room_resign (SternRoom *room, guint seat, GError **error)
{
  g_autoptr (GError) local = NULL;
  gboolean ok;

  g_return_val_if_fail (STERN_IS_ROOM (room), FALSE);

  if (!check_player (room, seat, error))
    return FALSE;
  if (stern_game_get_player_state (stern_room_game (room), seat) != STERN_PLAYER_PLAYING)
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_STATE,
                           "this seat has finished already");
      return FALSE;
    }
  room->asked = TRUE;
  ok = stern_match_resign (room->match, seat, &local);
  room->asked = FALSE;
  if (!ok)
    {
      if (g_error_matches (local, STERN_NET_ERROR, STERN_NET_ERROR_INTERNAL))
        g_propagate_error (error, g_steal_pointer (&local));
      else
        g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_STATE, local->message);
      return FALSE;
    }
  room_log (room, G_LOG_LEVEL_MESSAGE, "%s resigned", stern_seat_colour_name (seat));
  update_stopped (room);
  return TRUE;
}
