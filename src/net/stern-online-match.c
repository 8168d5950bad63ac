/* stern-online-match.c: a match played through a sternhalma-server.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-online-match.h"

#include <string.h>

#include "stern-remote-player.h"

/* The longest wait between two attempts to reconnect, as a multiple of
 * the first. */
#define RECONNECT_MAX_FACTOR 10
#define DEFAULT_RETRY_MS     1000

struct _SternOnlineMatch
{
  GObject         parent_instance;

  SternMatch     *match;
  SternNetClient *client;
  SternPlayer    *remote[STERN_N_SEATS];

  SternNetSeatInfo seats[STERN_N_SEATS];
  const SternVariant *variant;      /* of the room the match was built from */
  char            code[STERN_NET_CODE_LEN + 1];
  gboolean        has_room;
  gboolean        waiting;
  guint           local_seat;
  guint           sent_ply;         /* the ply of the last move sent, or G_MAXUINT */

  gboolean        rebuilding;
  guint           pump_id;

  gboolean        auto_reconnect;
  gboolean        leaving;
  guint           retry_ms;
  guint           retry_delay_ms;
  guint           reconnect_id;
  GCancellable   *cancellable;
};

G_DEFINE_FINAL_TYPE (SternOnlineMatch, stern_online_match, G_TYPE_OBJECT)

enum {
  SIGNAL_ROOM_CHANGED,
  SIGNAL_CONNECTION_CHANGED,
  SIGNAL_SERVER_ERROR,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void pump (SternOnlineMatch *self);

/* ------------------------------------------------------------------ */
/* Players                                                             */

static gboolean
local_plays (SternOnlineMatch *self)
{
  guint seat = self->local_seat;

  SternGame *game = stern_match_get_game (self->match);

  /* A seat given up (resigned, out of time) is the server's from then on. */
  return seat != STERN_NO_SEAT && !self->waiting && self->variant != NULL &&
         stern_variant_has_seat (self->variant, seat) && !self->seats[seat].replaced &&
         game != NULL && stern_game_get_player_state (game, seat) == STERN_PLAYER_PLAYING;
}

static gboolean
pump_idle (gpointer user_data)
{
  SternOnlineMatch *self = user_data;

  self->pump_id = 0;
  pump (self);
  return G_SOURCE_REMOVE;
}

static void
queue_pump (SternOnlineMatch *self)
{
  /* Not in the middle of the match's own change (a player's turn starts
   * inside it): the move is played from the main loop, as a computer's. */
  if (self->pump_id == 0)
    self->pump_id = g_idle_add (pump_idle, self);
}

static void
install_players (SternOnlineMatch *self)
{
  const SternVariant *variant = self->variant;

  for (guint i = 0; i < variant->n_players; i++)
    {
      guint seat = variant->seats[i];
      SternPlayer *now = stern_match_get_player (self->match, seat);

      if (seat == self->local_seat && local_plays (self))
        {
          if (now == NULL || stern_player_get_kind (now) != STERN_PLAYER_KIND_HUMAN)
            {
              g_autoptr (SternPlayer) human = stern_human_player_new ();
              stern_match_set_player (self->match, seat, human);
            }
          continue;
        }

      if (self->remote[seat] == NULL)
        {
          self->remote[seat] = stern_remote_player_new ();
          g_signal_connect_object (self->remote[seat], "turn-started",
                                   G_CALLBACK (queue_pump), self, G_CONNECT_SWAPPED);
        }
      if (now != self->remote[seat])
        stern_match_set_player (self->match, seat, self->remote[seat]);
    }
}

/* ------------------------------------------------------------------ */
/* The match from the server's game                                    */

static void
room_to_setup (SternOnlineMatch *self,
               SternGameSetup   *setup)
{
  const SternNetMessage *room = stern_net_client_get_room (self->client);

  memset (setup, 0, sizeof *setup);
  setup->variant = room->setup.variant;
  setup->preset = room->setup.preset;
  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    {
      setup->computer[seat] = room->setup.seats[seat].kind == STERN_NET_SEAT_COMPUTER;
      setup->level[seat] = room->setup.seats[seat].level;
    }
  /* Rounded up: a reserve under a second still shows a clock. */
  setup->clock_reserve_s = (room->setup.reserve_ms + 999) / 1000;
  setup->clock_increment_s = room->setup.increment_ms / 1000;
}

static void
set_clocks (SternOnlineMatch *self,
            const gint64     *clocks_ms)
{
  SternGameClock *clock = stern_match_get_clock (self->match);

  if (!stern_game_clock_is_enabled (clock))
    return;
  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    if (clocks_ms[seat] >= 0)
      stern_game_clock_set_remaining_ms (clock, seat, clocks_ms[seat]);
}

static void
rebuild (SternOnlineMatch *self)
{
  const SternGame *game = stern_net_client_get_game (self->client);
  const SternNetMessage *room = stern_net_client_get_room (self->client);
  SternGameSetup setup;
  gint64 clocks[STERN_N_SEATS];

  if (game == NULL || room == NULL)
    return;

  g_debug ("rebuilding the match from the server's game (%u actions)",
           stern_game_get_n_actions (game));
  room_to_setup (self, &setup);
  self->variant = setup.variant;
  self->rebuilding = TRUE;
  stern_match_start (self->match, stern_game_copy (game), &setup, NULL);
  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    clocks[seat] = room->seats[seat].clock_ms;
  set_clocks (self, clocks);
  install_players (self);
  self->rebuilding = FALSE;
  self->sent_ply = G_MAXUINT;
}

static gboolean
same_action (const SternAction *a,
             const SternAction *b)
{
  if (a->kind != b->kind || a->seat != b->seat)
    return FALSE;
  if (a->kind != STERN_ACTION_MOVE)
    return TRUE;
  /* The engine may choose another route of jumps to the same hole. */
  return a->path_len >= 2 && b->path_len >= 2 &&
         a->path[0] == b->path[0] && a->path[a->path_len - 1] == b->path[b->path_len - 1];
}

/* Brings the match in line with the server's game: plays the server's
 * next action through its seat's player, sends the local player's move,
 * or rebuilds the match when the two have parted. */
static void
pump (SternOnlineMatch *self)
{
  const SternGame *server = stern_net_client_get_game (self->client);
  SternGame *local = stern_match_get_game (self->match);
  const SternAction *next;
  guint n_server, n_local, k;

  if (self->rebuilding || server == NULL || local == NULL || !self->has_room)
    return;

  if (stern_game_get_variant (local) != stern_game_get_variant (server))
    {
      rebuild (self);
      return;
    }

  /* After a resignation here the match gave the seat to its own computer
   * (club): the server plays it now. */
  install_players (self);

  n_server = stern_game_get_n_actions (server);
  n_local = stern_game_get_n_actions_total (local);
  for (k = 0; k < n_server && k < n_local; k++)
    if (!same_action (stern_game_get_action (server, k), stern_game_get_action (local, k)))
      break;

  if (k < n_server && k < n_local)
    {
      rebuild (self);
      return;
    }

  if (k == n_server)
    {
      const SternAction *mine;
      SternNetErrorCode why;

      /* The match is ahead: the local player's move, to be sent (once,
       * and only when it is the server's next action). */
      if (n_local == n_server || self->sent_ply == n_server)
        return;
      /* Offline the move waits here (the banner says the connection is
       * down); the room sent after reconnecting brings us back. */
      if (!stern_net_client_is_connected (self->client))
        return;
      mine = stern_game_get_action (local, n_server);
      if (mine->seat == self->local_seat && mine->kind == STERN_ACTION_MOVE && local_plays (self))
        {
          self->sent_ply = n_server;
          stern_net_client_play (self->client, mine->path, mine->path_len);
          return;
        }
      if (mine->seat == self->local_seat && mine->kind == STERN_ACTION_RESIGN &&
          self->local_seat != STERN_NO_SEAT && !self->waiting)
        {
          self->sent_ply = n_server;
          stern_net_client_resign (self->client);
          return;
        }
      if (mine->kind == STERN_ACTION_PASS || mine->kind == STERN_ACTION_TIMEOUT)
        return;   /* the server plays these itself; its action follows */

      /* A move the server would not take: the player hears why, and the
       * board goes back to the game that counts. */
      why = self->waiting ? STERN_NET_ERROR_STATE
            : self->local_seat == STERN_NO_SEAT || mine->seat != self->local_seat
              ? STERN_NET_ERROR_NOT_A_PLAYER
              : STERN_NET_ERROR_STATE;
      g_debug ("a move of %s played here cannot be sent (%s)",
               stern_seat_colour_name (mine->seat), stern_net_error_name (why));
      rebuild (self);
      {
        g_autoptr (GError) error =
          g_error_new (STERN_NET_ERROR, why, "the move of %s was not sent: %s",
                       stern_seat_colour_name (mine->seat),
                       self->waiting ? "the room waits for players"
                       : "that seat is not played here");
        g_signal_emit (self, signals[SIGNAL_SERVER_ERROR], 0, error);
      }
      return;
    }

  /* The server is ahead: its next action, as its seat's player's. */
  if (stern_match_is_browsing (self->match))
    return;   /* when the newest position is shown again */

  next = stern_game_get_action (server, k);
  switch (next->kind)
    {
    case STERN_ACTION_MOVE:
      {
        SternPlayer *player = stern_match_get_player (self->match, next->seat);

        if (STERN_IS_REMOTE_PLAYER (player) &&
            stern_game_get_turn (local) == next->seat)
          {
            /* Not the seat's turn yet in the match's eyes (an animation
             * holds it): "turn-started" brings us back. */
            stern_remote_player_deliver (STERN_REMOTE_PLAYER (player),
                                         next->path[0], next->path[next->path_len - 1]);
            return;
          }
        rebuild (self);
        return;
      }
    case STERN_ACTION_RESIGN:
      if (!stern_match_resign (self->match, next->seat, NULL))
        rebuild (self);
      else
        install_players (self);
      return;
    case STERN_ACTION_PASS:
    case STERN_ACTION_TIMEOUT:
    default:
      /* The match passes by itself, and ends times by its own clock;
       * when it has not, the server's game is taken as it is. */
      rebuild (self);
      return;
    }
}

/* ------------------------------------------------------------------ */
/* The client's messages                                               */

static void
on_room (SternOnlineMatch      *self,
         const SternNetMessage *room)
{
  gboolean new_room = !self->has_room || strcmp (self->code, room->code) != 0 ||
                      self->variant != room->setup.variant;

  g_strlcpy (self->code, room->code, sizeof self->code);
  memcpy (self->seats, room->seats, sizeof self->seats);
  self->has_room = TRUE;
  self->waiting = room->turn == STERN_NO_SEAT && !room->over;
  self->local_seat = stern_net_client_get_seat (self->client);
  /* A move sent before the connection dropped may never have arrived:
   * the room says what the server has, and what it lacks is sent again. */
  self->sent_ply = G_MAXUINT;

  if (new_room)
    rebuild (self);
  else
    {
      install_players (self);
      set_clocks (self, (gint64[STERN_N_SEATS]) {
        room->seats[0].clock_ms, room->seats[1].clock_ms, room->seats[2].clock_ms,
        room->seats[3].clock_ms, room->seats[4].clock_ms, room->seats[5].clock_ms });
      pump (self);
    }
  g_signal_emit (self, signals[SIGNAL_ROOM_CHANGED], 0);
}

static void
on_joined (SternOnlineMatch      *self,
           const SternNetMessage *msg)
{
  self->local_seat = msg->seat;
  /* "joined" may come after the room it is about. */
  if (self->has_room && !self->rebuilding)
    {
      install_players (self);
      g_signal_emit (self, signals[SIGNAL_ROOM_CHANGED], 0);
    }
}

static void
on_action (SternOnlineMatch      *self,
           const SternNetMessage *msg)
{
  if (!self->has_room)
    return;
  if (msg->turn != STERN_NO_SEAT || msg->over)
    self->waiting = FALSE;
  pump (self);
  if (msg->has_clocks)
    set_clocks (self, msg->clocks);
}

static void
on_error (SternOnlineMatch      *self,
          const SternNetMessage *msg)
{
  g_autoptr (GError) error = g_error_new_literal (STERN_NET_ERROR, msg->error,
                                                 msg->text ? msg->text : "");

  switch (msg->error)
    {
    case STERN_NET_ERROR_STATE:
    case STERN_NET_ERROR_NOT_A_PLAYER:
    case STERN_NET_ERROR_NOT_YOUR_TURN:
    case STERN_NET_ERROR_STALE:
    case STERN_NET_ERROR_ILLEGAL:
    case STERN_NET_ERROR_GAME_OVER:
    /* A move the server could not store, or one sent too fast, was not
     * played there either. */
    case STERN_NET_ERROR_INTERNAL:
    case STERN_NET_ERROR_RATE_LIMITED:
      /* The move played here was refused: the server's game counts. */
      if (self->has_room)
        rebuild (self);
      break;
    /* Not about a move: nothing here to take back. */
    case STERN_NET_ERROR_BAD_JSON:
    case STERN_NET_ERROR_TOO_LARGE:
    case STERN_NET_ERROR_BAD_FIELD:
    case STERN_NET_ERROR_UNKNOWN_TYPE:
    case STERN_NET_ERROR_VERSION:
    case STERN_NET_ERROR_NO_ROOM:
    case STERN_NET_ERROR_SEAT_TAKEN:
    case STERN_NET_ERROR_BAD_TOKEN:
    case STERN_NET_ERROR_FULL:
    case STERN_NET_N_ERRORS:
    default:
      break;
    }
  g_signal_emit (self, signals[SIGNAL_SERVER_ERROR], 0, error);
}

static void schedule_reconnect (SternOnlineMatch *self);

static void
reconnected_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (SternOnlineMatch) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!stern_net_client_reconnect_finish (STERN_NET_CLIENT (source), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_debug ("could not reconnect: %s", error->message);
      self->retry_delay_ms = MIN (self->retry_delay_ms * 2,
                                  self->retry_ms * RECONNECT_MAX_FACTOR);
      schedule_reconnect (self);
      return;
    }
  self->retry_delay_ms = self->retry_ms;
  g_signal_emit (self, signals[SIGNAL_CONNECTION_CHANGED], 0, TRUE);
}

static gboolean
reconnect_timeout (gpointer user_data)
{
  SternOnlineMatch *self = user_data;

  self->reconnect_id = 0;
  stern_net_client_reconnect_async (self->client, self->cancellable, reconnected_cb,
                                    g_object_ref (self));
  return G_SOURCE_REMOVE;
}

static void
schedule_reconnect (SternOnlineMatch *self)
{
  if (!self->auto_reconnect || self->leaving || self->reconnect_id != 0 ||
      stern_net_client_is_connected (self->client))
    return;
  self->reconnect_id = g_timeout_add (self->retry_delay_ms, reconnect_timeout, self);
}

static void
on_closed (SternOnlineMatch *self)
{
  if (self->leaving)
    return;
  g_signal_emit (self, signals[SIGNAL_CONNECTION_CHANGED], 0, FALSE);
  schedule_reconnect (self);
}

static void
on_match_changed (SternOnlineMatch *self)
{
  if (!self->rebuilding)
    queue_pump (self);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static void
stern_online_match_dispose (GObject *object)
{
  SternOnlineMatch *self = STERN_ONLINE_MATCH (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->pump_id, g_source_remove);
  g_clear_handle_id (&self->reconnect_id, g_source_remove);
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    g_clear_object (&self->remote[seat]);
  g_clear_object (&self->client);
  g_clear_object (&self->match);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (stern_online_match_parent_class)->dispose (object);
}

static void
stern_online_match_class_init (SternOnlineMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stern_online_match_dispose;

  signals[SIGNAL_ROOM_CHANGED] =
    g_signal_new ("room-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_CONNECTION_CHANGED] =
    g_signal_new ("connection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[SIGNAL_SERVER_ERROR] =
    g_signal_new ("server-error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
stern_online_match_init (SternOnlineMatch *self)
{
  self->local_seat = STERN_NO_SEAT;
  self->sent_ply = G_MAXUINT;
  self->auto_reconnect = TRUE;
  self->retry_ms = self->retry_delay_ms = DEFAULT_RETRY_MS;
  self->cancellable = g_cancellable_new ();
}

SternOnlineMatch *
stern_online_match_new (SternMatch     *match,
                        SternNetClient *client)
{
  SternOnlineMatch *self;

  g_return_val_if_fail (STERN_IS_MATCH (match), NULL);
  g_return_val_if_fail (STERN_IS_NET_CLIENT (client), NULL);

  self = g_object_new (STERN_TYPE_ONLINE_MATCH, NULL);
  self->match = g_object_ref (match);
  self->client = g_object_ref (client);

  g_signal_connect_object (client, "room", G_CALLBACK (on_room), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "joined", G_CALLBACK (on_joined), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "action", G_CALLBACK (on_action), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "error", G_CALLBACK (on_error), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "closed", G_CALLBACK (on_closed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (match, "move-played", G_CALLBACK (on_match_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (match, "position-changed", G_CALLBACK (on_match_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (match, "setup-changed", G_CALLBACK (on_match_changed), self,
                           G_CONNECT_SWAPPED);

  if (stern_net_client_get_room (client) != NULL)
    on_room (self, stern_net_client_get_room (client));
  return self;
}

SternNetClient *
stern_online_match_get_client (SternOnlineMatch *self)
{
  g_return_val_if_fail (STERN_IS_ONLINE_MATCH (self), NULL);
  return self->client;
}

guint
stern_online_match_get_local_seat (SternOnlineMatch *self)
{
  g_return_val_if_fail (STERN_IS_ONLINE_MATCH (self), STERN_NO_SEAT);
  return self->local_seat;
}

gboolean
stern_online_match_has_room (SternOnlineMatch *self)
{
  g_return_val_if_fail (STERN_IS_ONLINE_MATCH (self), FALSE);
  return self->has_room;
}

gboolean
stern_online_match_is_waiting (SternOnlineMatch *self)
{
  g_return_val_if_fail (STERN_IS_ONLINE_MATCH (self), FALSE);
  return self->waiting;
}

gboolean
stern_online_match_is_seat_connected (SternOnlineMatch *self,
                                      guint             seat)
{
  g_return_val_if_fail (STERN_IS_ONLINE_MATCH (self), FALSE);
  g_return_val_if_fail (seat < STERN_N_SEATS, FALSE);

  if (!self->has_room)
    return FALSE;
  if (self->seats[seat].kind == STERN_NET_SEAT_COMPUTER || self->seats[seat].replaced)
    return TRUE;
  return self->seats[seat].taken && self->seats[seat].connected;
}

gboolean
stern_online_match_is_seat_taken (SternOnlineMatch *self,
                                  guint             seat)
{
  g_return_val_if_fail (STERN_IS_ONLINE_MATCH (self), FALSE);
  g_return_val_if_fail (seat < STERN_N_SEATS, FALSE);

  return self->has_room &&
         (self->seats[seat].taken || self->seats[seat].kind == STERN_NET_SEAT_COMPUTER);
}

gboolean
stern_online_match_is_seat_invited (SternOnlineMatch *self,
                                    guint             seat)
{
  g_return_val_if_fail (STERN_IS_ONLINE_MATCH (self), FALSE);
  g_return_val_if_fail (seat < STERN_N_SEATS, FALSE);

  return self->has_room && !self->seats[seat].taken &&
         self->seats[seat].kind == STERN_NET_SEAT_INVITED;
}

gboolean
stern_online_match_is_seat_replaced (SternOnlineMatch *self,
                                     guint             seat)
{
  g_return_val_if_fail (STERN_IS_ONLINE_MATCH (self), FALSE);
  g_return_val_if_fail (seat < STERN_N_SEATS, FALSE);

  return self->has_room && self->seats[seat].replaced;
}

const char *
stern_online_match_get_seat_name (SternOnlineMatch *self,
                                  guint             seat)
{
  g_return_val_if_fail (STERN_IS_ONLINE_MATCH (self), NULL);
  g_return_val_if_fail (seat < STERN_N_SEATS, NULL);

  if (!self->has_room || self->seats[seat].name[0] == '\0')
    return NULL;
  return self->seats[seat].name;
}

gboolean
stern_online_match_is_connected (SternOnlineMatch *self)
{
  g_return_val_if_fail (STERN_IS_ONLINE_MATCH (self), FALSE);
  return stern_net_client_is_connected (self->client);
}

void
stern_online_match_set_auto_reconnect (SternOnlineMatch *self,
                                       gboolean          reconnect,
                                       guint             retry_ms)
{
  g_return_if_fail (STERN_IS_ONLINE_MATCH (self));

  self->auto_reconnect = reconnect;
  if (retry_ms > 0)
    self->retry_ms = self->retry_delay_ms = retry_ms;
  if (!reconnect)
    g_clear_handle_id (&self->reconnect_id, g_source_remove);
}

void
stern_online_match_leave (SternOnlineMatch *self)
{
  g_return_if_fail (STERN_IS_ONLINE_MATCH (self));

  self->leaving = TRUE;
  g_clear_handle_id (&self->reconnect_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  if (stern_net_client_is_connected (self->client))
    {
      stern_net_client_leave (self->client);
      stern_net_client_close (self->client);
    }
}
