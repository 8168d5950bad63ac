/* stern-match.c: a game being played.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "stern-session"

#include "stern-match.h"

#include <glib/gi18n-lib.h>

#include "stern-computer-player.h"
#include "stern-computer.h"
#include "stern-ratings.h"
#include "stern-saved-game.h"
#include "stern-texts.h"

/* The hint is the Hard level's move. */
#define HINT_LEVEL STERN_COMPUTER_HARD
/* Ticks (a tenth of a second) between saves of the running clock. */
#define AUTOSAVE_TICKS 50
/* A computer move is shown within a twentieth of the time it has left. */
#define DELAY_TIME_PART 20

typedef struct {
  guint    turn;
  gboolean thinking;
  gboolean can_undo;
  gboolean can_redo;
  gboolean browsing;
  gboolean over;
} State;

struct _SternMatch
{
  GObject         parent_instance;

  SternGame      *game;
  SternGameSetup  setup;
  SternGameClock *clock;
  SternPlayer    *players[STERN_N_SEATS];
  gboolean        replaced[STERN_N_SEATS];

  gboolean        thinking;        /* a player other than the local human is choosing */
  guint           hold_count;
  gboolean        pending_move;    /* a chosen move waits for the release */
  SternMove       pending;
  gboolean        pending_game_over;
  gboolean        over_announced;  /* "game-over" was emitted for this end */
  gboolean        end_counted;     /* the end has been rated */
  gboolean        paused;
  gboolean        syncing;         /* in sync_clock() */
  guint           computer_delay_ms;
  guint           clock_ticks;

  char           *data_dir;
  gboolean        autosave_held;
  GError         *save_error;      /* the last autosave failed: why */
  SternAutosaveState autosave_state; /* what is on disk, for the next save's journal line */
  char           *locked_dir;      /* the data folder whose lock it holds, or NULL */
  GError         *lock_error;      /* another copy of the game holds it: nothing is saved */
  gboolean        unsaved;         /* what is played is not on disk */
  gboolean        saved_elsewhere; /* the user saved these moves to a file */
  guint           saved_n_total;   /* … the actions then */
  guint           saved_n;         /* … and the position shown */
  char           *notice;          /* damaged data, told to the user */

  State           last;            /* the properties as last notified */

  /* A match a server referees (stern_match_set_commit_func and the rest). */
  SternMatchCommitFunc commit_func;
  gpointer        commit_data;
  GDestroyNotify  commit_destroy;
  gboolean        stopped;         /* nobody plays, no clock runs */
  int             takeover_level;  /* for a seat given up (club); -1: the rules' */
};

G_DEFINE_FINAL_TYPE (SternMatch, stern_match, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TURN,
  PROP_THINKING,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_BROWSING,
  PROP_OVER,
  PROP_COMPUTER_DELAY,
  PROP_DATA_DIR,
  PROP_SAVE_ERROR,
  PROP_UNSAVED,
  PROP_NOTICE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_GAME_STARTED,
  SIGNAL_POSITION_CHANGED,
  SIGNAL_MOVE_PLAYED,
  SIGNAL_TURN_STARTED,
  SIGNAL_SETUP_CHANGED,
  SIGNAL_GAME_OVER,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void advance (SternMatch *self, gboolean animate);
static gboolean commit_action (SternMatch *self, SternActionKind kind, guint seat, guint from,
                               guint to, GError **error);

/* ------------------------------------------------------------------ */
/* State and notifications                                             */

static void
get_state (SternMatch *self,
           State      *state)
{
  state->turn = stern_game_get_turn (self->game);
  state->thinking = self->thinking;
  state->can_undo = stern_game_can_undo (self->game);
  state->can_redo = stern_game_can_redo (self->game);
  state->browsing = state->can_redo;
  state->over = stern_game_is_over (self->game);
}

static void
notify_state (SternMatch *self)
{
  GObject *object = G_OBJECT (self);
  State now;

  get_state (self, &now);
  g_object_freeze_notify (object);
#define NOTIFY_IF_CHANGED(field, prop) \
  if (now.field != self->last.field) \
    g_object_notify_by_pspec (object, properties[prop]);
  NOTIFY_IF_CHANGED (turn, PROP_TURN);
  NOTIFY_IF_CHANGED (thinking, PROP_THINKING);
  NOTIFY_IF_CHANGED (can_undo, PROP_CAN_UNDO);
  NOTIFY_IF_CHANGED (can_redo, PROP_CAN_REDO);
  NOTIFY_IF_CHANGED (browsing, PROP_BROWSING);
  NOTIFY_IF_CHANGED (over, PROP_OVER);
#undef NOTIFY_IF_CHANGED
  self->last = now;
  g_object_thaw_notify (object);
}

static gboolean
is_browsing (SternMatch *self)
{
  return stern_game_can_redo (self->game);
}

static gboolean
game_over_at_end (const SternGame *game)
{
  return stern_game_is_over_at_end (game);
}

/* ------------------------------------------------------------------ */
/* Players                                                             */

static void
stop_players (SternMatch *self)
{
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (self->players[seat] != NULL)
      stern_player_stop (self->players[seat]);
  self->thinking = FALSE;
  self->pending_move = FALSE;
}

static void play_chosen (SternMatch *self, guint from, guint to);

static void
on_move_chosen (SternMatch  *self,
                guint        from,
                guint        to,
                SternPlayer *player)
{
  unsigned turn = stern_game_get_turn (self->game);

  /* Only the answer to the turn in progress counts. */
  if (!self->thinking || turn == STERN_NO_SEAT || self->players[turn] != player)
    return;

  if (self->hold_count > 0)
    {
      self->pending_move = TRUE;
      self->pending.from = from;
      self->pending.to = to;
      return;
    }

  play_chosen (self, from, to);
}

static void
clear_players (SternMatch *self)
{
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (self->players[seat] != NULL)
      {
        stern_player_stop (self->players[seat]);
        g_signal_handlers_disconnect_by_data (self->players[seat], self);
        g_clear_object (&self->players[seat]);
      }
}

static void
set_player (SternMatch  *self,
            unsigned     seat,
            SternPlayer *player)
{
  if (self->players[seat] != NULL)
    {
      stern_player_stop (self->players[seat]);
      g_signal_handlers_disconnect_by_data (self->players[seat], self);
      g_clear_object (&self->players[seat]);
    }
  self->players[seat] = player;
  g_signal_connect_object (player, "move-chosen", G_CALLBACK (on_move_chosen),
                           self, G_CONNECT_SWAPPED);
}

static void
create_players (SternMatch *self)
{
  const SternVariant *variant = self->setup.variant;

  clear_players (self);
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];

      if (stern_game_setup_is_human (&self->setup, seat))
        set_player (self, seat, stern_human_player_new ());
      else
        set_player (self, seat, stern_computer_player_new (self->setup.level[seat],
                                                           self->computer_delay_ms));
    }
}

gboolean
stern_match_is_human (SternMatch *self,
                      guint       seat)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);

  return seat < STERN_N_SEATS && self->players[seat] != NULL &&
         stern_player_get_kind (self->players[seat]) == STERN_PLAYER_KIND_HUMAN;
}

gboolean
stern_match_human_to_play (SternMatch *self)
{
  unsigned turn;

  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);

  turn = stern_game_get_turn (self->game);
  return turn != STERN_NO_SEAT && stern_match_is_human (self, turn) &&
         !stern_game_must_pass (self->game);
}

/* ------------------------------------------------------------------ */
/* The clock                                                           */

/* Whose time runs: the player on turn, while nobody holds the match, it
 * is not paused and the newest position is shown. */
static void
sync_clock (SternMatch *self)
{
  unsigned turn = stern_game_get_turn (self->game);
  unsigned run = STERN_NO_SEAT;

  if (!stern_game_clock_is_enabled (self->clock))
    return;

  if (turn != STERN_NO_SEAT && !is_browsing (self) && !self->paused && !self->stopped &&
      self->hold_count == 0 &&
      stern_game_get_player_state (self->game, turn) == STERN_PLAYER_PLAYING &&
      !stern_game_must_pass (self->game))
    run = turn;

  /* The timer runs only while somebody's time does.  The tick that
   * announces the change is for the views: a time that has run out is
   * noticed at the next one, not in the middle of this change. */
  stern_game_clock_set_ticking (self->clock, run != STERN_NO_SEAT);
  self->syncing = TRUE;
  stern_game_clock_run (self->clock, run);
  self->syncing = FALSE;
}

/* After a resignation or a timeout.  When the rules let the game go on
 * (club), the computer plays the seat (doc/rules.md §8). */
static void
after_give_up (SternMatch *self,
               unsigned    seat)
{
  int takeover = stern_rules_takeover_level (stern_game_get_rules (self->game));

  if (takeover >= 0 && self->takeover_level >= 0)
    takeover = self->takeover_level;

  if (!stern_game_is_over (self->game) && stern_match_is_human (self, seat) && takeover >= 0)
    {
      self->setup.computer[seat] = TRUE;
      self->setup.level[seat] = takeover;
      self->replaced[seat] = TRUE;
      set_player (self, seat, stern_computer_player_new (takeover, self->computer_delay_ms));
      g_signal_emit (self, signals[SIGNAL_SETUP_CHANGED], 0);
    }

  self->over_announced = FALSE;
  advance (self, FALSE);
}

static void
time_ran_out (SternMatch *self,
              unsigned    seat)
{
  g_autoptr(GError) error = NULL;

  stop_players (self);

  /* Refused by the commit function: tried again at the next tick. */
  if (!commit_action (self, STERN_ACTION_TIMEOUT, seat, 0, 0, &error))
    {
      notify_state (self);
      return;
    }
  if (!stern_game_timeout (self->game, seat, &error))
    {
      /* Not to be asked again every tick: the clock goes off. */
      g_warning ("Could not end %s's time: %s", stern_seat_colour_name (seat), error->message);
      stern_game_clock_reset (self->clock, 0, 0);
      notify_state (self);
      return;
    }

  after_give_up (self, seat);
}

static void
on_clock_tick (SternMatch *self)
{
  unsigned running;

  if (self->syncing)
    return;

  sync_clock (self);

  running = stern_game_clock_get_running (self->clock);
  if (running != STERN_NO_SEAT && stern_game_clock_expired (self->clock, running))
    {
      time_ran_out (self, running);
      return;
    }

  /* The time left is saved now and then too, not only after moves. */
  if (running != STERN_NO_SEAT && ++self->clock_ticks % AUTOSAVE_TICKS == 0)
    stern_match_autosave (self);
}

gint64
stern_match_get_move_budget_ms (SternMatch *self,
                                guint       seat)
{
  SternClock state;

  g_return_val_if_fail (STERN_IS_MATCH (self), 0);
  g_return_val_if_fail (seat < STERN_N_SEATS, 0);

  /* A seat taken over after its time ran out (club) has no clock. */
  if (stern_game_get_player_state (self->game, seat) != STERN_PLAYER_PLAYING)
    return 0;
  stern_game_clock_get_state (self->clock, &state);
  return stern_clock_move_budget_ms (&state, seat, 0);
}

gint64
stern_match_get_delay_cap_ms (SternMatch *self,
                              guint       seat)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), 0);
  g_return_val_if_fail (seat < STERN_N_SEATS, 0);

  if (stern_game_clock_is_enabled (self->clock) &&
      stern_game_get_player_state (self->game, seat) == STERN_PLAYER_PLAYING)
    return stern_game_clock_get_remaining_ms (self->clock, seat) / DELAY_TIME_PART;
  return G_MAXINT64;
}

/* ------------------------------------------------------------------ */
/* Saving and rating                                                   */

static void
set_save_error (SternMatch   *self,
                const GError *error)
{
  /* Failing again with the moves the user saved to a file loses nothing
   * (the clock's times aside). */
  gboolean unsaved = error != NULL &&
                     !(self->saved_elsewhere &&
                       self->saved_n_total == stern_game_get_n_actions_total (self->game) &&
                       self->saved_n == stern_game_get_n_actions (self->game));

  if (error == NULL)
    self->saved_elsewhere = FALSE;

  if (error != NULL || self->save_error != NULL)
    {
      g_clear_error (&self->save_error);
      if (error != NULL)
        self->save_error = g_error_copy (error);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVE_ERROR]);
    }
  if (unsaved != self->unsaved)
    {
      self->unsaved = unsaved;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNSAVED]);
    }
}

static void
set_notice (SternMatch *self,
            const char *notice)
{
  if (g_strcmp0 (notice, self->notice) == 0)
    return;
  g_free (self->notice);
  self->notice = g_strdup (notice);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTICE]);
}

void
stern_match_autosave (SternMatch *self)
{
  g_autoptr(GError) error = NULL;
  SternClock clock;

  g_return_if_fail (STERN_IS_MATCH (self));

  if (self->data_dir == NULL || self->autosave_held || self->game == NULL)
    return;

  /* The save on disk is another copy's game: never written over, never
   * removed.  The moves here are unsaved (the banner, the question on
   * quitting), as when the disk is full. */
  if (self->lock_error != NULL)
    {
      if (stern_game_get_n_actions_total (self->game) > 0 && !game_over_at_end (self->game))
        set_save_error (self, self->lock_error);
      return;
    }

  /* Nothing to continue: a game not begun, or one that has ended. */
  if (stern_game_get_n_actions_total (self->game) == 0 || game_over_at_end (self->game))
    {
      stern_autosave_delete (self->data_dir);
      stern_autosave_state_clear (&self->autosave_state);
      set_save_error (self, NULL);
      return;
    }

  stern_game_clock_get_state (self->clock, &clock);
  if (!stern_autosave_update (self->data_dir, &self->autosave_state, self->game, &self->setup,
                              &clock, &error))
    {
      /* Told once by the property; the log gets each failure. */
      g_warning ("Could not save the game in progress: %s", error->message);
      set_save_error (self, error);
    }
  else
    set_save_error (self, NULL);
}

const GError *
stern_match_get_save_error (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  return self->save_error;
}

gboolean
stern_match_has_unsaved_moves (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->unsaved;
}

void
stern_match_mark_saved (SternMatch *self)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  if (self->game != NULL)
    {
      self->saved_elsewhere = TRUE;
      self->saved_n_total = stern_game_get_n_actions_total (self->game);
      self->saved_n = stern_game_get_n_actions (self->game);
    }
  if (self->unsaved)
    {
      self->unsaved = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNSAVED]);
    }
}

const char *
stern_match_get_notice (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  return self->notice;
}

void
stern_match_clear_notice (SternMatch *self)
{
  g_return_if_fail (STERN_IS_MATCH (self));
  set_notice (self, NULL);
}

SternGame *
stern_match_read_autosave (SternMatch     *self,
                           SternGameSetup *setup,
                           SternClock     *clock)
{
  g_autoptr(GError) damage = NULL;
  SternGame *game;

  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  g_return_val_if_fail (setup != NULL && clock != NULL, NULL);

  if (self->data_dir == NULL)
    return NULL;

  game = stern_autosave_read (self->data_dir, setup, clock, &damage);
  if (damage != NULL)
    {
      /* Told to the user by the notice; a warning would be a second alarm. */
      g_message ("%s", damage->message);
      set_notice (self, damage->message);
    }
  return game;
}

static void
count_game (SternMatch *self)
{
  g_autoptr(SternRatings) ratings = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  SternGameSetup setup = self->setup;

  if (self->data_dir == NULL)
    return;

  /* A human the computer took over from (club) still played the game. */
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (self->replaced[seat])
      setup.computer[seat] = FALSE;

  path = g_build_filename (self->data_dir, "ratings.ini", NULL);
  ratings = stern_ratings_load (path, &error);
  if (error != NULL)
    {
      g_autoptr(GError) aside_error = NULL;
      g_autofree char *aside = stern_data_file_keep_aside (path, &aside_error);
      g_autofree char *notice = NULL;

      if (aside == NULL)
        {
          /* Not written over what could not be kept: the game is not
           * counted rather than the history lost. */
          notice = g_strdup_printf (_("The ratings file is damaged (%s) and could not be "
                                      "kept aside (%s): this game is not counted."),
                                    error->message, aside_error->message);
          g_warning ("%s", notice);
          set_notice (self, notice);
          return;
        }
      else
        {
          g_autofree char *aside_name = g_path_get_basename (aside);

          /* Translators: the first %s says what is wrong, the second is a
           * file name. */
          notice = g_strdup_printf (_("Part of the ratings file could not be read (%s). "
                                      "What could be read is kept; the damaged file is "
                                      "saved as %s."), error->message, aside_name);
        }
      g_message ("%s", notice);
      set_notice (self, notice);
      g_clear_error (&error);
    }

  if (stern_ratings_add_game (ratings, self->game, &setup) &&
      !stern_ratings_save (ratings, path, &error))
    {
      g_autofree char *notice = g_strdup_printf (_("The rating could not be saved: %s"),
                                                 error->message);

      g_warning ("%s", notice);
      set_notice (self, notice);
    }
}

char *
stern_match_write (SternMatch *self)
{
  SternClock clock;

  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);

  stern_game_clock_get_state (self->clock, &clock);
  return stern_saved_game_write (self->game, &self->setup, &clock, g_get_monotonic_time ());
}

/* ------------------------------------------------------------------ */
/* Playing                                                             */

static void
announce_game_over (SternMatch *self)
{
  if (self->over_announced)
    return;
  if (self->hold_count > 0)
    {
      self->pending_game_over = TRUE;
      return;
    }
  self->over_announced = TRUE;
  self->pending_game_over = FALSE;
  g_signal_emit (self, signals[SIGNAL_GAME_OVER], 0);
}

/* After the game changed: pass for players without a move, show the
 * change, then hand the turn to its player, or end. */
static void
advance (SternMatch *self,
         gboolean    animate)
{
  guint guard = 0;
  unsigned turn;

  while (!self->stopped && !stern_game_is_over (self->game) &&
         stern_game_must_pass (self->game) &&
         guard++ < 2 * STERN_N_SEATS)
    {
      g_autoptr(GError) error = NULL;

      if (!commit_action (self, STERN_ACTION_PASS, stern_game_get_turn (self->game), 0, 0,
                          &error) ||
          !stern_game_pass (self->game, &error))
        {
          g_warning ("Could not pass: %s", error->message);
          break;
        }
    }

  g_signal_emit (self, signals[SIGNAL_POSITION_CHANGED], 0, animate);

  self->thinking = FALSE;
  turn = stern_game_get_turn (self->game);
  if (turn != STERN_NO_SEAT && !stern_game_must_pass (self->game) && !self->stopped)
    {
      SternPlayer *player = self->players[turn];

      self->thinking = stern_player_get_kind (player) != STERN_PLAYER_KIND_HUMAN;
      g_signal_emit (self, signals[SIGNAL_TURN_STARTED], 0, turn);
      /* A handler may have changed the game. */
      if (stern_game_get_turn (self->game) == turn && self->players[turn] == player)
        stern_player_start_turn (player, self, turn);
    }

  sync_clock (self);
  notify_state (self);

  if (stern_game_is_over (self->game))
    {
      if (!is_browsing (self) && !self->end_counted)
        {
          self->end_counted = TRUE;
          count_game (self);
        }
      announce_game_over (self);
    }

  stern_match_autosave (self);
}

/* The commit function's word on an action before it is played: it gets
 * the game as the action would leave it, and FALSE refuses the action. */
static gboolean
commit_action (SternMatch     *self,
               SternActionKind kind,
               guint           seat,
               guint           from,
               guint           to,
               GError        **error)
{
  g_autoptr(SternGame) after = NULL;
  gboolean ok = FALSE;

  if (self->commit_func == NULL)
    return TRUE;
  after = stern_game_copy (self->game);
  switch (kind)
    {
    case STERN_ACTION_MOVE:
      ok = stern_game_play (after, from, to, error);
      break;
    case STERN_ACTION_PASS:
      ok = stern_game_pass (after, error);
      break;
    case STERN_ACTION_RESIGN:
      ok = stern_game_resign (after, seat, error);
      break;
    case STERN_ACTION_TIMEOUT:
      ok = stern_game_timeout (after, seat, error);
      break;
    }
  return ok && self->commit_func (self, after, error, self->commit_data);
}

/* Plays the move of the player on turn. */
static gboolean
play_move (SternMatch *self,
           guint       from,
           guint       to,
           GError    **error)
{
  unsigned mover = stern_game_get_turn (self->game);

  /* The mover's time must not have run out before its move. */
  if (mover != STERN_NO_SEAT &&
      stern_game_clock_get_running (self->clock) == mover &&
      stern_game_clock_expired (self->clock, mover))
    {
      time_ran_out (self, mover);
      g_set_error (error, STERN_ERROR, STERN_ERROR_GAME_OVER,
                   "The time of %s ran out", stern_seat_colour_name (mover));
      return FALSE;
    }

  if (!commit_action (self, STERN_ACTION_MOVE, mover, from, to, error) ||
      !stern_game_play (self->game, from, to, error))
    return FALSE;

  if (mover != STERN_NO_SEAT)
    stern_game_clock_moved (self->clock, mover);
  self->over_announced = FALSE;
  self->thinking = FALSE;

  g_signal_emit (self, signals[SIGNAL_MOVE_PLAYED], 0,
                 stern_game_get_n_actions (self->game) - 1, TRUE);
  advance (self, TRUE);
  return TRUE;
}

static void
play_chosen (SternMatch *self,
             guint       from,
             guint       to)
{
  g_autoptr(GError) error = NULL;

  self->pending_move = FALSE;
  self->thinking = FALSE;

  /* The engine has the last word on legality. */
  if (!stern_game_is_legal (self->game, from, to))
    {
      g_warning ("The player on turn chose an illegal move %u-%u", from, to);
      notify_state (self);
      return;
    }

  if (!play_move (self, from, to, &error) &&
      !g_error_matches (error, STERN_ERROR, STERN_ERROR_GAME_OVER))
    g_warning ("Could not play %u-%u: %s", from, to, error->message);
}

gboolean
stern_match_play (SternMatch *self,
                  guint       from,
                  guint       to,
                  GError    **error)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!stern_match_human_to_play (self))
    {
      g_set_error_literal (error, STERN_ERROR,
                           stern_game_is_over (self->game) ? STERN_ERROR_GAME_OVER
                                                           : STERN_ERROR_ILLEGAL,
                           "It is not the local player's turn");
      return FALSE;
    }

  return play_move (self, from, to, error);
}

gboolean
stern_match_undo (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);

  /* Nothing to take back: whoever is thinking goes on. */
  if (!stern_game_can_undo (self->game))
    return FALSE;

  stop_players (self);
  stern_game_undo (self->game);

  /* Against the computer, go back to the human's previous turn. */
  if (stern_game_setup_count_humans (&self->setup) > 0)
    while (!stern_match_human_to_play (self) && stern_game_undo (self->game))
      ;

  self->over_announced = FALSE;
  advance (self, FALSE);
  return TRUE;
}

gboolean
stern_match_redo (SternMatch *self)
{
  guint n = 0;

  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);

  if (!stern_game_can_redo (self->game))
    return FALSE;

  stop_players (self);
  stern_game_redo (self->game);
  n++;

  /* Forward to the human's next turn, replaying the computer's answers. */
  if (stern_game_setup_count_humans (&self->setup) > 0)
    while (!stern_game_is_over (self->game) && !stern_match_human_to_play (self) &&
           stern_game_can_redo (self->game) && stern_game_redo (self->game))
      n++;

  advance (self, n == 1);
  return TRUE;
}

void
stern_match_seek (SternMatch *self,
                  guint       n)
{
  guint now;

  g_return_if_fail (STERN_IS_MATCH (self));

  now = stern_game_get_n_actions (self->game);
  n = MIN (n, stern_game_get_n_actions_total (self->game));
  if (n == now)
    return;

  stop_players (self);
  stern_game_seek (self->game, n);

  /* Back at the newest position, play goes on (the computer moves if it
   * is on turn); before it, nothing moves by itself. */
  if (!is_browsing (self))
    {
      advance (self, n == now + 1);
      return;
    }

  g_signal_emit (self, signals[SIGNAL_POSITION_CHANGED], 0, n == now + 1);
  sync_clock (self);
  notify_state (self);
  stern_match_autosave (self);
}

guint
stern_match_get_resigning_seat (SternMatch *self)
{
  const SternVariant *variant;
  unsigned turn;

  g_return_val_if_fail (STERN_IS_MATCH (self), STERN_NO_SEAT);

  variant = self->setup.variant;
  turn = stern_game_get_turn (self->game);
  if (stern_game_is_over (self->game))
    return STERN_NO_SEAT;
  if (turn != STERN_NO_SEAT && stern_match_is_human (self, turn))
    return turn;
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];

      if (stern_match_is_human (self, seat) &&
          stern_game_get_player_state (self->game, seat) == STERN_PLAYER_PLAYING)
        return seat;
    }
  return STERN_NO_SEAT;
}

gboolean
stern_match_resign (SternMatch *self,
                    guint       seat,
                    GError    **error)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  stop_players (self);

  if (!commit_action (self, STERN_ACTION_RESIGN, seat, 0, 0, error) ||
      !stern_game_resign (self->game, seat, error))
    {
      /* Whoever was on turn goes on. */
      self->over_announced = stern_game_is_over (self->game);
      advance (self, FALSE);
      return FALSE;
    }

  after_give_up (self, seat);
  return TRUE;
}

gboolean
stern_match_is_replaced (SternMatch *self,
                         guint       seat)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  g_return_val_if_fail (seat < STERN_N_SEATS, FALSE);

  return self->replaced[seat];
}

/* ------------------------------------------------------------------ */
/* The hint                                                            */

static void
hint_chosen (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  SternMatch *self = g_task_get_source_object (task);
  guint for_actions = GPOINTER_TO_UINT (g_task_get_task_data (task));
  g_autoptr(GError) error = NULL;
  guint8 path[STERN_MAX_PATH];
  SternMove move;
  gsize len;

  if (!stern_computer_choose_finish (result, &move, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* Only for the position still on the board. */
  if (self->game == NULL || stern_game_get_n_actions (self->game) != for_actions ||
      !stern_game_is_legal (self->game, move.from, move.to))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               "The position changed before the hint was found");
      return;
    }

  len = stern_movegen_path (stern_game_get_rules (self->game),
                            stern_game_get_position (self->game),
                            move.from, move.to, path);
  g_task_return_pointer (task, g_bytes_new (path, len), (GDestroyNotify) g_bytes_unref);
}

void
stern_match_hint_async (SternMatch          *self,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (STERN_IS_MATCH (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, stern_match_hint_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (stern_game_get_n_actions (self->game)), NULL);

  if (!stern_match_human_to_play (self))
    {
      g_task_return_new_error (task, STERN_ERROR, STERN_ERROR_ILLEGAL,
                               "No local player is on turn");
      return;
    }

  stern_computer_choose_async (stern_game_copy (self->game), HINT_LEVEL, g_random_int (), 0,
                               cancellable, hint_chosen, g_steal_pointer (&task));
}

gboolean
stern_match_hint_finish (SternMatch    *self,
                         GAsyncResult  *result,
                         guint8        *path,
                         gsize         *len,
                         GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize size;
  const guint8 *data;

  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (path != NULL && len != NULL, FALSE);

  bytes = g_task_propagate_pointer (G_TASK (result), error);
  if (bytes == NULL)
    return FALSE;

  data = g_bytes_get_data (bytes, &size);
  g_assert (size <= STERN_MAX_PATH);
  memcpy (path, data, size);
  *len = size;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The status line                                                     */

char *
stern_match_get_status_text (SternMatch *self,
                             const char *player_name)
{
  return stern_match_get_status_text_with_pick (self, player_name, FALSE);
}

char *
stern_match_get_status_text_with_pick (SternMatch *self,
                                       const char *player_name,
                                       gboolean    picked)
{
  g_autoptr(GString) s = NULL;
  SternGame *game;
  unsigned turn;
  guint n_actions;

  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  g_return_val_if_fail (self->game != NULL, NULL);

  s = g_string_new (NULL);
  game = self->game;
  turn = stern_game_get_turn (game);
  n_actions = stern_game_get_n_actions (game);

  if (stern_game_is_over (game))
    {
      g_autofree char *over = stern_texts_game_over (game);

      g_string_assign (s, over);
    }
  else
    {
      g_autofree char *name = stern_game_setup_seat_name (&self->setup, turn, player_name);
      int left = stern_texts_home_countdown (game, turn);

      if (self->thinking)
        /* Translators: %s is a colour or the player's name: put no verb
         * after it, it may be plural ("White") or singular ("Ann") */
        g_string_printf (s, _("%s is thinking…"), name);
      else
        /* Translators: %s is a colour or the player's name: put no verb
         * after it, it may be plural ("White") or singular ("Ann") */
        g_string_printf (s, _("%s to move"), name);

      g_string_append (s, " · ");
      g_string_append_printf (s, _("Round %u"), stern_game_get_round (game) + 1);

      /* What to do next: after a pick, where it may go; before, until a
       * human has made a first move, how to begin. */
      if (!self->thinking && stern_match_is_human (self, turn) && picked)
        {
          g_string_append (s, " · ");
          g_string_append (s, _("Click a lit hole to move there, or Esc to drop the pick"));
        }
      else if (!self->thinking && stern_match_is_human (self, turn) &&
               stern_game_get_moves_made (game, turn) == 0 && !is_browsing (self))
        {
          g_string_append (s, " · ");
          /* The square boards' pieces are stones, as the rules call them. */
          if (stern_variant_is_square (stern_game_get_variant (game)))
            g_string_append (s, _("Click one of your stones, or use the arrow keys"));
          else
            g_string_append (s, _("Click one of your marbles, or use the arrow keys"));
        }

      /* The square boards' forced end (doc/rules.md §9): its stage and
       * the tempo numbers, always shown, as backgammon shows pips. */
      if (stern_variant_is_square (stern_game_get_variant (game)))
        {
          g_autofree char *stage = stern_texts_forced_end (game, turn);
          g_autofree char *tempo = stern_texts_tempo_numbers (game);

          if (stage != NULL)
            g_string_append_printf (s, " · %s", stage);
          g_string_append_printf (s, " · %s", tempo);
          left = -1;
        }

      if (left >= 0)
        {
          g_string_append (s, " · ");
          if (stern_match_is_human (self, turn))
            g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                    "%d move left to leave your home",
                                                    "%d moves left to leave your home",
                                                    (gulong) left),
                                    left);
          else
            g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                    "%d move left to leave home",
                                                    "%d moves left to leave home",
                                                    (gulong) left),
                                    left);
        }
    }

  /* Say so when somebody was skipped, or the turn seems to jump. */
  if (n_actions > 0)
    {
      const SternAction *last = stern_game_get_action (game, n_actions - 1);

      if (last->kind == STERN_ACTION_PASS)
        {
          g_string_append (s, " · ");
          /* Translators: %s is a colour, the name of a seat */
          g_string_append_printf (s, _("%s had no move and passed"),
                                  stern_seat_display_name (last->seat));
        }
    }

  if (is_browsing (self))
    {
      g_string_append (s, " · ");
      /* Translators: an earlier position of the game is shown */
      g_string_append_printf (s, _("Move %u of %u"), n_actions,
                              stern_game_get_n_actions_total (game));
    }

  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* ------------------------------------------------------------------ */
/* Holding                                                             */

void
stern_match_hold (SternMatch *self)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  self->hold_count++;
  sync_clock (self);
}

void
stern_match_release (SternMatch *self)
{
  g_return_if_fail (STERN_IS_MATCH (self));
  g_return_if_fail (self->hold_count > 0);

  if (--self->hold_count > 0)
    return;

  if (self->pending_move)
    {
      play_chosen (self, self->pending.from, self->pending.to);
      return;
    }
  if (self->pending_game_over)
    announce_game_over (self);
  sync_clock (self);
}

void
stern_match_set_paused (SternMatch *self,
                        gboolean    paused)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  self->paused = !!paused;
  if (self->game != NULL)
    sync_clock (self);
}

/* ------------------------------------------------------------------ */
/* Starting                                                            */

void
stern_match_start (SternMatch           *self,
                   SternGame            *game,
                   const SternGameSetup *setup,
                   const SternClock     *clock)
{
  g_return_if_fail (STERN_IS_MATCH (self));
  g_return_if_fail (game != NULL);
  g_return_if_fail (setup != NULL && setup->variant == stern_game_get_variant (game));

  stop_players (self);
  self->pending_game_over = FALSE;
  g_clear_pointer (&self->game, stern_game_free);
  /* Another game: its first save is written whole. */
  stern_autosave_state_clear (&self->autosave_state);

  self->game = game;
  self->setup = *setup;
  self->over_announced = stern_game_is_over (game);
  memset (self->replaced, 0, sizeof self->replaced);

  if (!stern_variant_has_clock (setup->variant))
    self->setup.clock_reserve_s = self->setup.clock_increment_s = 0;
  stern_game_clock_reset (self->clock, self->setup.clock_reserve_s, self->setup.clock_increment_s);
  if (clock != NULL && clock->enabled && stern_variant_has_clock (setup->variant))
    stern_game_clock_restore (self->clock, clock);

  /* A game that has already ended counts no more. */
  self->end_counted = game_over_at_end (game);

  create_players (self);
  g_signal_emit (self, signals[SIGNAL_GAME_STARTED], 0);
  advance (self, FALSE);
}

void
stern_match_new_game (SternMatch           *self,
                      const SternGameSetup *setup)
{
  g_return_if_fail (STERN_IS_MATCH (self));
  g_return_if_fail (setup != NULL && setup->variant != NULL);

  stern_match_start (self, stern_game_new (setup->variant, setup->preset), setup, NULL);
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */

SternGame *
stern_match_get_game (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  return self->game;
}

const SternGameSetup *
stern_match_get_setup (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  return &self->setup;
}

SternGameClock *
stern_match_get_clock (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  return self->clock;
}

SternPlayer *
stern_match_get_player (SternMatch *self,
                        guint       seat)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  g_return_val_if_fail (seat < STERN_N_SEATS, NULL);
  return self->players[seat];
}

void
stern_match_set_player (SternMatch  *self,
                        guint        seat,
                        SternPlayer *player)
{
  g_return_if_fail (STERN_IS_MATCH (self));
  g_return_if_fail (STERN_IS_PLAYER (player));
  g_return_if_fail (self->game != NULL && stern_variant_has_seat (self->setup.variant, seat));

  set_player (self, seat, g_object_ref (player));
  if (stern_game_get_turn (self->game) == seat && !is_browsing (self))
    {
      self->pending_move = FALSE;
      advance (self, FALSE);
    }
}

guint
stern_match_get_turn (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), STERN_NO_SEAT);
  return self->game != NULL ? stern_game_get_turn (self->game) : STERN_NO_SEAT;
}

gboolean
stern_match_is_thinking (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->thinking;
}

gboolean
stern_match_can_undo (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->game != NULL && stern_game_can_undo (self->game);
}

gboolean
stern_match_can_redo (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->game != NULL && stern_game_can_redo (self->game);
}

gboolean
stern_match_is_browsing (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->game != NULL && is_browsing (self);
}

gboolean
stern_match_is_over (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->game != NULL && stern_game_is_over (self->game);
}

void
stern_match_set_computer_delay (SternMatch *self,
                                guint       msec)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  if (self->computer_delay_ms == msec)
    return;
  self->computer_delay_ms = msec;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (self->players[seat] != NULL && STERN_IS_COMPUTER_PLAYER (self->players[seat]))
      stern_computer_player_set_delay (STERN_COMPUTER_PLAYER (self->players[seat]), msec);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER_DELAY]);
}

void
stern_match_set_data_dir (SternMatch *self,
                          const char *dir)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  if (g_strcmp0 (self->data_dir, dir) == 0)
    return;
  g_free (self->data_dir);
  self->data_dir = g_strdup (dir);
  stern_autosave_state_clear (&self->autosave_state);
  if (self->locked_dir != NULL)
    stern_autosave_unlock (self->locked_dir);
  g_clear_pointer (&self->locked_dir, g_free);
  g_clear_error (&self->lock_error);
  if (dir != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (stern_autosave_lock (dir, &error))
        self->locked_dir = g_strdup (dir);
      /* Any other failure shows at the first save. */
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
        self->lock_error = g_steal_pointer (&error);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATA_DIR]);
}

const char *
stern_match_get_data_dir (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  return self->data_dir;
}

void
stern_match_set_autosave_held (SternMatch *self,
                               gboolean    held)
{
  g_return_if_fail (STERN_IS_MATCH (self));
  self->autosave_held = !!held;
}

const GError *
stern_match_get_data_dir_busy (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  return self->lock_error;
}

gboolean
stern_match_get_autosave_held (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->autosave_held;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static void
stern_match_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  SternMatch *self = STERN_MATCH (object);

  switch (prop_id)
    {
    case PROP_TURN:
      g_value_set_uint (value, stern_match_get_turn (self));
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, stern_match_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, stern_match_can_redo (self));
      break;
    case PROP_BROWSING:
      g_value_set_boolean (value, stern_match_is_browsing (self));
      break;
    case PROP_OVER:
      g_value_set_boolean (value, stern_match_is_over (self));
      break;
    case PROP_COMPUTER_DELAY:
      g_value_set_uint (value, self->computer_delay_ms);
      break;
    case PROP_SAVE_ERROR:
      g_value_set_boxed (value, self->save_error);
      break;
    case PROP_UNSAVED:
      g_value_set_boolean (value, self->unsaved);
      break;
    case PROP_NOTICE:
      g_value_set_string (value, self->notice);
      break;
    case PROP_DATA_DIR:
      g_value_set_string (value, self->data_dir);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_match_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  SternMatch *self = STERN_MATCH (object);

  switch (prop_id)
    {
    case PROP_COMPUTER_DELAY:
      stern_match_set_computer_delay (self, g_value_get_uint (value));
      break;
    case PROP_DATA_DIR:
      stern_match_set_data_dir (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_match_dispose (GObject *object)
{
  SternMatch *self = STERN_MATCH (object);

  clear_players (self);
  if (self->clock != NULL)
    {
      stern_game_clock_set_ticking (self->clock, FALSE);
      g_signal_handlers_disconnect_by_data (self->clock, self);
    }
  g_clear_object (&self->clock);
  if (self->commit_destroy != NULL)
    g_clear_pointer (&self->commit_data, self->commit_destroy);
  self->commit_func = NULL;

  G_OBJECT_CLASS (stern_match_parent_class)->dispose (object);
}

static void
stern_match_finalize (GObject *object)
{
  SternMatch *self = STERN_MATCH (object);

  g_clear_pointer (&self->game, stern_game_free);
  g_free (self->data_dir);
  g_clear_error (&self->save_error);
  stern_autosave_state_clear (&self->autosave_state);
  if (self->locked_dir != NULL)
    stern_autosave_unlock (self->locked_dir);
  g_free (self->locked_dir);
  g_clear_error (&self->lock_error);
  g_free (self->notice);

  G_OBJECT_CLASS (stern_match_parent_class)->finalize (object);
}

static void
stern_match_class_init (SternMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = stern_match_get_property;
  object_class->set_property = stern_match_set_property;
  object_class->dispose = stern_match_dispose;
  object_class->finalize = stern_match_finalize;

  properties[PROP_TURN] =
    g_param_spec_uint ("turn", NULL, NULL, 0, STERN_NO_SEAT, STERN_NO_SEAT, ro);
  properties[PROP_THINKING] = g_param_spec_boolean ("thinking", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_BROWSING] = g_param_spec_boolean ("browsing", NULL, NULL, FALSE, ro);
  properties[PROP_OVER] = g_param_spec_boolean ("over", NULL, NULL, FALSE, ro);
  properties[PROP_COMPUTER_DELAY] =
    g_param_spec_uint ("computer-delay", NULL, NULL, 0, G_MAXUINT,
                       STERN_MATCH_DEFAULT_COMPUTER_DELAY_MS, rw);
  properties[PROP_DATA_DIR] = g_param_spec_string ("data-dir", NULL, NULL, NULL, rw);
  properties[PROP_SAVE_ERROR] = g_param_spec_boxed ("save-error", NULL, NULL, G_TYPE_ERROR, ro);
  properties[PROP_UNSAVED] = g_param_spec_boolean ("unsaved", NULL, NULL, FALSE, ro);
  properties[PROP_NOTICE] = g_param_spec_string ("notice", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_GAME_STARTED] =
    g_signal_new ("game-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_POSITION_CHANGED] =
    g_signal_new ("position-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[SIGNAL_MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
  signals[SIGNAL_TURN_STARTED] =
    g_signal_new ("turn-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_SETUP_CHANGED] =
    g_signal_new ("setup-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
stern_match_init (SternMatch *self)
{
  self->computer_delay_ms = STERN_MATCH_DEFAULT_COMPUTER_DELAY_MS;
  self->clock = stern_game_clock_new ();
  g_signal_connect_object (self->clock, "tick", G_CALLBACK (on_clock_tick),
                           self, G_CONNECT_SWAPPED);
  self->last.turn = STERN_NO_SEAT;
  self->takeover_level = -1;
}

SternMatch *
stern_match_new (void)
{
  return g_object_new (STERN_TYPE_MATCH, NULL);
}

/* ------------------------------------------------------------------ */
/* A match refereed by a server                                        */

void
stern_match_set_commit_func (SternMatch          *self,
                             SternMatchCommitFunc func,
                             gpointer             user_data,
                             GDestroyNotify       destroy)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  if (self->commit_destroy != NULL)
    g_clear_pointer (&self->commit_data, self->commit_destroy);
  self->commit_func = func;
  self->commit_data = user_data;
  self->commit_destroy = destroy;
}

void
stern_match_set_stopped (SternMatch *self,
                         gboolean    stopped)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  self->stopped = !!stopped;
  if (self->game == NULL)
    return;
  if (self->stopped)
    {
      stop_players (self);
      sync_clock (self);
      notify_state (self);
    }
  else
    advance (self, FALSE);
}

gboolean
stern_match_is_stopped (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->stopped;
}

void
stern_match_set_takeover_level (SternMatch *self,
                                int         level)
{
  g_return_if_fail (STERN_IS_MATCH (self));
  g_return_if_fail (level < STERN_COMPUTER_N_LEVELS);
  self->takeover_level = level;
}
