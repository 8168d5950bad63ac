/* stern-match.c: a game being played.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-match-private.h"

#include <glib/gi18n-lib.h>

#include "stern-autosave.h"
#include "stern-computer-player.h"
#include "stern-computer.h"
#include "stern-ratings.h"
#include "stern-texts.h"

G_DEFINE_FINAL_TYPE (SternMatch, stern_match, G_TYPE_OBJECT)

GParamSpec *stern_match_properties[N_PROPS];

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

void
stern_match_notify_state (SternMatch *self)
{
  GObject *object = G_OBJECT (self);
  State now;

  get_state (self, &now);
  g_object_freeze_notify (object);
#define NOTIFY_IF_CHANGED(field, prop) \
  if (now.field != self->last.field) \
    g_object_notify_by_pspec (object, stern_match_properties[prop]);
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
void
stern_match_advance (SternMatch *self,
                     gboolean    animate)
{
  guint guard = 0;
  unsigned turn;

  while (!self->stopped && !stern_game_is_over (self->game) &&
         stern_game_must_pass (self->game) &&
         guard++ < 2 * STERN_N_SEATS)
    {
      g_autoptr (GError) error = NULL;

      if (!stern_match_commit_action (self, STERN_ACTION_PASS, stern_game_get_turn (self->game),
                                      NULL, 0, &error) ||
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

  stern_match_sync_clock (self);
  stern_match_notify_state (self);

  if (stern_game_is_over (self->game))
    {
      if (!stern_match_browsing (self) && !self->end_counted)
        {
          self->end_counted = TRUE;
          stern_match_count_game (self);
        }
      announce_game_over (self);
    }

  stern_match_autosave (self);
}

/* The commit function's word on an action before it is played: it gets
 * the game as the action would leave it, and FALSE refuses the action. */
gboolean
stern_match_commit_action (SternMatch     *self,
                           SternActionKind kind,
                           guint           seat,
                           const guint8   *path,
                           gsize           len,
                           GError        **error)
{
  g_autoptr (SternGame) after = NULL;
  gboolean ok = FALSE;

  if (self->commit_func == NULL)
    return TRUE;
  after = stern_game_copy (self->game);
  switch (kind)
    {
    case STERN_ACTION_MOVE:
      ok = stern_game_play_path (after, path, len, error);
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

G_DEFINE_QUARK (stern-match-error-quark, stern_match_error)

/* The mover's time must not have run out before its move. */
static gboolean
check_time_left (SternMatch *self,
                 unsigned    mover,
                 GError    **error)
{
  if (mover != STERN_NO_SEAT &&
      stern_game_clock_get_running (self->clock) == mover &&
      stern_game_clock_expired (self->clock, mover))
    {
      stern_match_time_ran_out (self, mover);
      g_set_error (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_GAME_OVER,
                   "The time of %s ran out", stern_seat_colour_name (mover));
      return FALSE;
    }
  return TRUE;
}

/* stern_match_play_path () past its argument checks: a FALSE from here
 * always sets error, which the match's own callers read. */
static gboolean
match_play_path (SternMatch   *self,
                 guint         seat,
                 guint         ply,
                 const guint8 *path,
                 gsize         len,
                 GError      **error)
{
  g_autoptr (GError) refused = NULL;
  unsigned turn;

  turn = stern_game_get_turn (self->game);
  if (stern_game_is_over (self->game))
    {
      g_set_error_literal (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_GAME_OVER,
                           "the game is over");
      return FALSE;
    }
  if (seat != turn)
    {
      g_set_error (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_NOT_YOUR_TURN,
                   "it is %s's turn, not %s's", stern_seat_colour_name (turn),
                   stern_seat_colour_name (seat));
      return FALSE;
    }
  if (ply != stern_game_get_n_actions (self->game))
    {
      g_set_error (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_STALE,
                   "the game is at ply %u, not %u", stern_game_get_n_actions (self->game), ply);
      return FALSE;
    }
  if (!check_time_left (self, turn, error))
    return FALSE;
  if (len < 2)
    {
      g_set_error_literal (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_ILLEGAL,
                           "a move needs at least two holes");
      return FALSE;
    }

  /* The commit function (the server's store) may refuse with its own
   * error; the engine's refusal is the match's ILLEGAL. */
  if (!stern_match_commit_action (self, STERN_ACTION_MOVE, turn, path, len, &refused) ||
      !stern_game_play_path (self->game, path, len, &refused))
    {
      if (refused->domain == STERN_ERROR)
        g_set_error_literal (error, STERN_MATCH_ERROR,
                             refused->code == STERN_ERROR_GAME_OVER ? STERN_MATCH_ERROR_GAME_OVER
                                                                    : STERN_MATCH_ERROR_ILLEGAL,
                             refused->message);
      else
        g_propagate_error (error, g_steal_pointer (&refused));
      return FALSE;
    }

  stern_game_clock_moved (self->clock, turn);
  self->keep_replaced = FALSE;
  self->over_announced = FALSE;
  self->thinking = FALSE;

  g_signal_emit (self, signals[SIGNAL_MOVE_PLAYED], 0,
                 stern_game_get_n_actions (self->game) - 1, TRUE);
  stern_match_advance (self, TRUE);
  return TRUE;
}

gboolean
stern_match_play_path (SternMatch   *self,
                       guint         seat,
                       guint         ply,
                       const guint8 *path,
                       gsize         len,
                       GError      **error)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  g_return_val_if_fail (path != NULL || len == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return match_play_path (self, seat, ply, path, len, error);
}

/* from → to as the player on turn; the engine picks the path. */
static gboolean
play_move (SternMatch *self,
           guint       from,
           guint       to,
           GError    **error)
{
  guint8 path[STERN_MAX_PATH];
  gsize len = stern_game_move_path (self->game, from, to, path);

  if (len == 0 && !stern_game_is_over (self->game))
    {
      const SternVariant *variant = stern_game_get_variant (self->game);
      char a[STERN_HOLE_NAME_MAX] = "?", b[STERN_HOLE_NAME_MAX] = "?";

      if (from < stern_variant_geometry (variant)->n_cells)
        stern_variant_cell_name (variant, from, a);
      if (to < stern_variant_geometry (variant)->n_cells)
        stern_variant_cell_name (variant, to, b);
      g_set_error (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_ILLEGAL,
                   "%s to %s is not a legal move", a, b);
      return FALSE;
    }
  return match_play_path (self, stern_game_get_turn (self->game),
                          stern_game_get_n_actions (self->game), path, len, error);
}

void
stern_match_play_chosen (SternMatch *self,
                         guint       from,
                         guint       to)
{
  g_autoptr (GError) error = NULL;

  self->pending_move = FALSE;
  self->thinking = FALSE;

  /* The engine has the last word on legality. */
  if (!stern_game_is_legal (self->game, from, to))
    {
      g_warning ("The player on turn chose an illegal move %u-%u", from, to);
      stern_match_notify_state (self);
      return;
    }

  if (!play_move (self, from, to, &error) &&
      !g_error_matches (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_GAME_OVER))
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
      g_set_error_literal (error, STERN_MATCH_ERROR,
                           stern_game_is_over (self->game) ? STERN_MATCH_ERROR_GAME_OVER
                                                           : STERN_MATCH_ERROR_NOT_YOUR_TURN,
                           "It is not the local player's turn");
      return FALSE;
    }

  return play_move (self, from, to, error);
}

gboolean
stern_match_is_rated (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->game != NULL && stern_ratings_setup_is_rated (&self->setup);
}

gboolean
stern_match_use_help (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);

  if (!stern_match_is_rated (self) || stern_match_game_over_at_end (self->game))
    return FALSE;
  self->setup.unrated = TRUE;
  stern_match_autosave (self);
  return TRUE;
}

gboolean
stern_match_undo (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);

  /* Nothing to take back: whoever is thinking goes on. */
  if (!stern_game_can_undo (self->game))
    return FALSE;

  stern_match_stop_players (self);
  stern_game_undo (self->game);

  /* Against the computer, go back to the human's previous turn. */
  if (stern_game_setup_count_humans (&self->setup) > 0)
    while (!stern_match_human_to_play (self) && stern_game_undo (self->game))
      ;

  self->over_announced = FALSE;
  stern_match_advance (self, FALSE);
  return TRUE;
}

gboolean
stern_match_redo (SternMatch *self)
{
  guint n = 0;

  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);

  if (!stern_game_can_redo (self->game))
    return FALSE;

  stern_match_stop_players (self);
  stern_game_redo (self->game);
  n++;

  /* Forward to the human's next turn, replaying the computer's answers. */
  if (stern_game_setup_count_humans (&self->setup) > 0)
    while (!stern_game_is_over (self->game) && !stern_match_human_to_play (self) &&
           stern_game_can_redo (self->game) && stern_game_redo (self->game))
      n++;

  stern_match_advance (self, n == 1);
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

  stern_match_stop_players (self);
  stern_game_seek (self->game, n);

  /* Back at the newest position, play goes on (the computer moves if it
   * is on turn); before it, nothing moves by itself. */
  if (!stern_match_browsing (self))
    {
      stern_match_advance (self, n == now + 1);
      return;
    }

  g_signal_emit (self, signals[SIGNAL_POSITION_CHANGED], 0, n == now + 1);
  stern_match_sync_clock (self);
  stern_match_notify_state (self);
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

/* After a resignation or a timeout.  When the rules let the game go on
 * (club), the computer plays the seat (doc/rules.md §8). */
void
stern_match_after_give_up (SternMatch *self,
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
      stern_match_put_player (self, seat,
                              stern_computer_player_new (takeover, self->computer_delay_ms));
      g_signal_emit (self, signals[SIGNAL_SETUP_CHANGED], 0);
    }

  self->over_announced = FALSE;
  stern_match_advance (self, FALSE);
}

gboolean
stern_match_resign (SternMatch *self,
                    guint       seat,
                    GError    **error)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  stern_match_stop_players (self);

  if (!stern_match_commit_action (self, STERN_ACTION_RESIGN, seat, NULL, 0, error) ||
      !stern_game_resign (self->game, seat, error))
    {
      /* Whoever was on turn goes on. */
      self->over_announced = stern_game_is_over (self->game);
      stern_match_advance (self, FALSE);
      return FALSE;
    }

  self->keep_replaced = FALSE;
  stern_match_after_give_up (self, seat);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The status line                                                     */

char *
stern_match_get_status_text (SternMatch *self,
                             const char *player_name)
{
  return stern_match_get_status_text_with_pick (self, player_name, FALSE, TRUE);
}

char *
stern_match_get_status_text_with_pick (SternMatch *self,
                                       const char *player_name,
                                       gboolean    picked,
                                       gboolean    how_to)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  g_return_val_if_fail (self->game != NULL, NULL);

  return stern_texts_status_line (self->game, &self->setup, player_name, self->thinking,
                                  stern_match_is_human (self, stern_game_get_turn (self->game)),
                                  stern_match_browsing (self), picked, how_to);
}

/* ------------------------------------------------------------------ */
/* Holding                                                             */

void
stern_match_hold (SternMatch *self)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  self->hold_count++;
  stern_match_sync_clock (self);
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
      stern_match_play_chosen (self, self->pending.from, self->pending.to);
      return;
    }
  if (self->pending_game_over)
    announce_game_over (self);
  stern_match_sync_clock (self);
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

  stern_match_stop_players (self);
  self->pending_game_over = FALSE;
  g_clear_pointer (&self->game, stern_game_free);
  /* The game on disk is not given up for one nobody has played yet (a
   * mistaken Open or New Game, a quit right after). */
  self->keep_replaced = self->keep_replaced || self->autosave_state.known;
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
  self->end_counted = stern_match_game_over_at_end (game);
  self->rating_counted = FALSE;

  stern_match_create_players (self);
  g_signal_emit (self, signals[SIGNAL_GAME_STARTED], 0);
  stern_match_advance (self, FALSE);
}

void
stern_match_new_game (SternMatch           *self,
                      const SternGameSetup *setup)
{
  SternGameSetup fresh;

  g_return_if_fail (STERN_IS_MATCH (self));
  g_return_if_fail (setup != NULL && setup->variant != NULL);

  fresh = *setup;
  fresh.unrated = FALSE;
  stern_match_start (self, stern_game_new (setup->variant, setup->preset), &fresh, NULL);
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

double
stern_match_get_thinking_progress (SternMatch *self)
{
  guint turn;

  g_return_val_if_fail (STERN_IS_MATCH (self), 0.0);

  turn = stern_match_get_turn (self);
  if (!self->thinking || turn == STERN_NO_SEAT || !STERN_IS_COMPUTER_PLAYER (self->players[turn]))
    return 0.0;
  return stern_computer_player_get_progress (STERN_COMPUTER_PLAYER (self->players[turn]));
}

void
stern_match_thinker_progressed (SternMatch *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), stern_match_properties[PROP_THINKING_PROGRESS]);
}

gboolean
stern_match_move_now (SternMatch *self)
{
  SternPlayer *player;
  guint seat;

  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);

  seat = stern_match_get_turn (self);
  if (!self->thinking || seat == STERN_NO_SEAT)
    return FALSE;
  player = stern_match_get_player (self, seat);
  return STERN_IS_COMPUTER_PLAYER (player) &&
         stern_computer_player_move_now (STERN_COMPUTER_PLAYER (player));
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
  return self->game != NULL && stern_match_browsing (self);
}

gboolean
stern_match_is_over (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->game != NULL && stern_game_is_over (self->game);
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
    case PROP_THINKING_PROGRESS:
      g_value_set_double (value, stern_match_get_thinking_progress (self));
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

  stern_match_clear_players (self);
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

  stern_match_properties[PROP_TURN] =
    g_param_spec_uint ("turn", NULL, NULL, 0, STERN_NO_SEAT, STERN_NO_SEAT, ro);
  stern_match_properties[PROP_THINKING] = g_param_spec_boolean ("thinking", NULL, NULL, FALSE, ro);
  stern_match_properties[PROP_THINKING_PROGRESS] =
    g_param_spec_double ("thinking-progress", NULL, NULL, 0.0, 1.0, 0.0, ro);
  stern_match_properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  stern_match_properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  stern_match_properties[PROP_BROWSING] = g_param_spec_boolean ("browsing", NULL, NULL, FALSE, ro);
  stern_match_properties[PROP_OVER] = g_param_spec_boolean ("over", NULL, NULL, FALSE, ro);
  stern_match_properties[PROP_COMPUTER_DELAY] =
    g_param_spec_uint ("computer-delay", NULL, NULL, 0, G_MAXUINT,
                       STERN_MATCH_DEFAULT_COMPUTER_DELAY_MS, rw);
  stern_match_properties[PROP_DATA_DIR] = g_param_spec_string ("data-dir", NULL, NULL, NULL, rw);
  stern_match_properties[PROP_SAVE_ERROR] =
    g_param_spec_boxed ("save-error", NULL, NULL, G_TYPE_ERROR, ro);
  stern_match_properties[PROP_UNSAVED] = g_param_spec_boolean ("unsaved", NULL, NULL, FALSE, ro);
  stern_match_properties[PROP_NOTICE] = g_param_spec_string ("notice", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, stern_match_properties);

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
  g_signal_connect_object (self->clock, "tick", G_CALLBACK (stern_match_on_clock_tick),
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
      stern_match_stop_players (self);
      stern_match_sync_clock (self);
      stern_match_notify_state (self);
    }
  else
    stern_match_advance (self, FALSE);
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
  g_return_if_fail (level < STERN_N_PLAY_LEVELS);
  self->takeover_level = level;
}
