/* stern-window.c: the game window: the template, the bindings and the
 * wiring between the match (stern-match.h), which plays the game, and the
 * board, the players panel, the move list and the status line, which show
 * it.  The actions are in stern-window-actions.c.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-alert-dialog.h"
#include "stern-compat.h"
#include "stern-texts.h"
#include "stern-window-coach.h"
#include "stern-window-private.h"
#ifdef STERN_HAVE_NETWORK
#include "stern-window-online.h"
#endif

G_DEFINE_FINAL_TYPE (SternWindow, stern_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_ANIMATIONS,
  PROP_SHOW_COORDINATES,
  PROP_ROTATE_TO_PLAYER,
  PROP_CONFIRM_FATAL_MOVES,
  PROP_PLAYER_NAME,
  PROP_PAUSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define GAME(self)  stern_match_get_game ((self)->match)
#define SETUP(self) stern_match_get_setup ((self)->match)

/* Preferences in the primary menu, as stateful actions on the window. */
static const char * const settings_actions[] = {
  "show-coordinates", "animations", "rotate-to-player",
};

/* The settings the window follows, each to its property of the same name
 * (confirm-fatal-moves to confirm-fatal-moves). */
static const char * const bound_settings[] = {
  "animations", "show-coordinates", "rotate-to-player", "confirm-fatal-moves", "player-name",
};

static gboolean
is_thinking (SternWindow *self)
{
  return stern_match_is_thinking (self->match);
}

void
stern_window_update_spinner (SternWindow *self)
{
  gboolean busy = is_thinking (self) || self->hint_cancellable != NULL;

#ifdef STERN_HAVE_NETWORK
  /* Online, a player elsewhere is not "the computer thinking": the status
   * line names whose move it is. */
  if (self->online != NULL && self->hint_cancellable == NULL)
    busy = FALSE;
#endif
  /* A narrow header has no room for it (shown, it widened a 360 px
   * window): the status line says who thinks, its bar how far. */
  gtk_widget_set_visible (self->spinner, busy && !self->header_narrow);
}

void
stern_window_cancel_hint (SternWindow *self)
{
  if (self->hint_cancellable != NULL)
    {
      g_cancellable_cancel (self->hint_cancellable);
      g_clear_object (&self->hint_cancellable);
    }
  stern_window_update_spinner (self);
}

/* The pointers are cleared first, so that the "destroy" handlers know the
 * window itself closed them. */
void
stern_window_close_confirm (SternWindow *self)
{
  GtkWidget *confirm = g_steal_pointer (&self->confirm);

  if (confirm != NULL)
    stern_alert_dialog_dismiss (STERN_ALERT_DIALOG (confirm));
}

/* Hot-seat: the board turns to the human on turn, if wanted, once the
 * mover has seen the move through. */
static void
update_bottom_seat (SternWindow *self)
{
  unsigned turn = stern_game_get_turn (GAME (self));

  self->rotate_pending = FALSE;
#ifdef STERN_HAVE_NETWORK
  /* Online, the player's own side is at the bottom, whoever is on turn. */
  if (stern_window_online_bottom_seat (self) != STERN_NO_SEAT)
    {
      if (stern_board_view_get_bottom_seat (self->board) != stern_window_online_bottom_seat (self))
        stern_board_view_set_bottom_seat (self->board, stern_window_online_bottom_seat (self));
      return;
    }
#endif
  if (stern_game_setup_count_humans (SETUP (self)) > 1 && self->rotate_to_player &&
      turn != STERN_NO_SEAT && stern_match_is_human (self->match, turn) &&
      stern_board_view_get_bottom_seat (self->board) != turn)
    {
      if (!stern_board_view_is_animating (self->board))
        stern_board_view_set_bottom_seat (self->board, turn);
      else
        self->rotate_pending = TRUE;
    }
}

/* The status line whole when it fits its two lines, else without what
 * to do next, so that the countdown and steps to go are never cut.  The
 * label's layout, as last laid out, gives the width, lines and fonts. */
static void
fit_status (SternWindow *self)
{
  PangoLayout *shown = gtk_label_get_layout (self->status_label);
  const char *text = self->status;

  if (self->status_brief != NULL && pango_layout_get_width (shown) > 0)
    {
      g_autoptr (PangoLayout) whole = pango_layout_copy (shown);

      pango_layout_set_text (whole, self->status, -1);
      if (pango_layout_is_ellipsized (whole))
        text = self->status_brief;
    }
  if (text != NULL && g_strcmp0 (gtk_label_get_label (self->status_label), text) != 0)
    gtk_label_set_label (self->status_label, text);
}

/* After each layout of the mapped window, at its new width: a new text
 * is laid out again in the same frame (the frame clock repeats its
 * layout when asked during it). */
static void
follow_status_width (SternWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_mapped (GTK_WIDGET (self))
                           ? gtk_widget_get_frame_clock (GTK_WIDGET (self)) : NULL;

  if (clock == self->status_clock)
    return;
  if (self->status_clock != NULL && self->status_handler != 0)
    g_signal_handler_disconnect (self->status_clock, self->status_handler);
  self->status_handler = 0;
  g_clear_object (&self->status_clock);
  if (clock == NULL)
    return;
  self->status_clock = g_object_ref (clock);
  self->status_handler = g_signal_connect_object (clock, "layout", G_CALLBACK (fit_status), self,
                                                  G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

void
stern_window_refresh (SternWindow *self)
{
  if (self->match == NULL || GAME (self) == NULL)
    return;

  stern_window_coach_refresh (self);
  update_bottom_seat (self);
  stern_board_view_set_interactive (self->board,
                                    stern_match_human_to_play (self->match) &&
                                    !is_thinking (self) && self->confirm == NULL &&
                                    !self->user_paused);
  /* While the board draws a move the status stays as it was: it names
   * the next player once the marble has arrived. */
  if (!self->holding || self->status == NULL)
    {
      unsigned turn = stern_game_get_turn (GAME (self));
      int left = turn != STERN_NO_SEAT ? stern_texts_home_countdown (GAME (self), turn) : -1;

      gboolean picked = stern_board_view_get_selected (self->board) != STERN_NO_CELL;

      g_clear_pointer (&self->status, g_free);
      g_clear_pointer (&self->status_brief, g_free);
#ifdef STERN_HAVE_NETWORK
      self->status = stern_window_online_status (self);
#endif
      if (self->status == NULL)
        {
          self->status = stern_match_get_status_text_with_pick (self->match, self->player_name,
                                                                picked, TRUE);
          self->status_brief = stern_match_get_status_text_with_pick (self->match,
                                                                      self->player_name,
                                                                      picked, FALSE);
          if (g_strcmp0 (self->status, self->status_brief) == 0)
            g_clear_pointer (&self->status_brief, g_free);
        }
      if (self->user_paused)
        {
          g_autofree char *shown = self->status;
          g_autofree char *brief = self->status_brief;

          /* Translators: the status line of a paused game; %s is what it
           * says otherwise ("White to move · Round 3") */
          self->status = g_strdup_printf (_("Paused — press P to continue · %s"), shown);
          if (brief != NULL)
            self->status_brief = g_strdup_printf (_("Paused — press P to continue · %s"), brief);
          else
            self->status_brief = NULL;
        }
      fit_status (self);
      if (left >= 0 && left <= STERN_TEXTS_COUNTDOWN_URGENT)
        gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "deadline-near");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "deadline-near");
    }
  stern_window_update_spinner (self);
  stern_window_update_actions (self);
}

/* ------------------------------------------------------------------ */
/* Sounds                                                              */

static void
maybe_play_your_turn (SternWindow *self)
{
  if (!self->your_turn_pending || stern_board_view_is_animating (self->board))
    return;
  self->your_turn_pending = FALSE;
  stern_sounds_play (self->sounds, STERN_SOUND_YOUR_TURN);
}

static void
on_move_played (SternWindow *self,
                guint        index,
                gboolean     animate)
{
  const SternAction *action = stern_game_get_action (GAME (self), index);

  stern_sounds_play (self->sounds,
                     stern_sounds_for_move (stern_game_get_variant (GAME (self)), action));
  self->move_just_played = TRUE;
  self->last_mover = action->seat;
}

/* After a move of the computer (or a player far away) the human hears
 * that it is their turn, once the move has been drawn. */
static void
on_turn_started (SternWindow *self,
                 guint        seat)
{
  gboolean after_move = self->move_just_played;

  self->move_just_played = FALSE;
  if (!after_move || !stern_match_is_human (self->match, seat) ||
      stern_match_is_human (self->match, self->last_mover))
    return;
  self->your_turn_pending = TRUE;
  maybe_play_your_turn (self);
}

static void
on_position_changed (SternWindow *self,
                     gboolean     animate)
{
  /* A question about the position before is answered by the change. */
  stern_window_close_confirm (self);
  if (!stern_match_is_over (self->match))
    stern_window_close_game_over (self);

  stern_board_view_game_changed (self->board, animate);
  stern_window_refresh (self);
}

/* A computer that answers at once shows no bar; one that takes longer
 * than this shows how far it has got. */
#define THINKING_BAR_AFTER_US (300 * G_TIME_SPAN_MILLISECOND)

static void
show_thinking_progress (SternWindow *self)
{
  double progress = stern_match_get_thinking_progress (self->match);
  gboolean thinking = stern_match_is_thinking (self->match);
  gint64 now = g_get_monotonic_time ();

  /* Progress is 0 at the start of each computer's turn (also when two
   * computers follow each other and "thinking" stays on). */
  if (!thinking || progress == 0.0)
    self->thinking_since_us = thinking ? now : 0;
  else if (self->thinking_since_us == 0)
    self->thinking_since_us = now;
  gtk_progress_bar_set_fraction (self->thinking_bar, progress);
  gtk_widget_set_visible (GTK_WIDGET (self->thinking_bar),
                          thinking && progress > 0.0 &&
                          now - self->thinking_since_us >= THINKING_BAR_AFTER_US);
}

static void
on_game_started (SternWindow *self)
{
  const SternVariant *variant = SETUP (self)->variant;
  unsigned bottom = variant->seats[0];

  stern_window_cancel_hint (self);
  stern_window_close_confirm (self);
  self->rotate_pending = FALSE;
  self->move_just_played = FALSE;
  self->your_turn_pending = FALSE;
  /* A new game starts unpaused. */
  stern_window_set_user_paused (self, FALSE);

  /* The (first) human's home is at the bottom. */
  for (unsigned i = 0; i < variant->n_players; i++)
    if (stern_match_is_human (self->match, variant->seats[i]))
      {
        bottom = variant->seats[i];
        break;
      }
  stern_board_view_set_game (self->board, NULL);
  stern_board_view_set_bottom_seat (self->board, bottom);
  stern_board_view_set_game (self->board, GAME (self));
  /* Last: a dialog that closes gives the focus back to the board at
   * once, which then reads its game. */
  stern_window_close_game_over (self);
}

/* The match waits while a move is drawn; no timer asks when it is done. */
static void
on_board_animating (SternWindow *self)
{
  gboolean animating = stern_board_view_is_animating (self->board);

  if (animating && !self->holding)
    {
      self->holding = TRUE;
      stern_match_hold (self->match);
    }
  else if (!animating && self->holding)
    {
      self->holding = FALSE;
      if (self->rotate_pending)
        update_bottom_seat (self);
      stern_match_release (self->match);
      stern_window_refresh (self);
      maybe_play_your_turn (self);
    }
}

/* ------------------------------------------------------------------ */
/* The player's pause                                                  */

void
stern_window_set_user_paused (SternWindow *self,
                              gboolean     paused)
{
  paused = !!paused;
  if (paused == self->user_paused)
    return;
  /* Only a game in progress here can be paused: an online game's clock
   * is the server's. */
  if (paused && (stern_match_is_over (self->match) || self->online != NULL))
    return;
  self->user_paused = paused;
  /* Held, the match keeps every clock standing and a computer's move
   * waiting; the board takes no move. */
  if (paused)
    stern_match_hold (self->match);
  else
    stern_match_release (self->match);
  /* The board is hidden while paused, as in GNOME Chess. */
  gtk_stack_set_visible_child_name (self->board_stack, paused ? "paused" : "board");
  gtk_widget_grab_focus (paused ? self->continue_button : GTK_WIDGET (self->board));
  stern_window_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

/* ------------------------------------------------------------------ */
/* Starting                                                            */

void
stern_window_new_game (SternWindow          *self,
                       const SternGameSetup *setup)
{
  g_return_if_fail (STERN_IS_WINDOW (self));
  g_return_if_fail (setup != NULL && setup->variant != NULL);

#ifdef STERN_HAVE_NETWORK
  stern_window_set_online (self, NULL);
#endif
  stern_match_new_game (self->match, setup);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
load_game_now (SternWindow          *self,
               SternGame            *game,
               const SternGameSetup *setup)
{
#ifdef STERN_HAVE_NETWORK
  stern_window_set_online (self, NULL);
#endif
  stern_match_start (self->match, game, setup, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

#ifdef STERN_HAVE_NETWORK
typedef struct {
  SternGame      *game;
  SternGameSetup  setup;
} PendingLoad;

static void
pending_load_free (gpointer data)
{
  PendingLoad *load = data;

  g_clear_pointer (&load->game, stern_game_free);
  g_free (load);
}

static void
load_after_leaving (SternWindow *self,
                    gboolean     leave,
                    gpointer     data)
{
  PendingLoad *load = data;

  if (leave)
    load_game_now (self, g_steal_pointer (&load->game), &load->setup);
}
#endif

void
stern_window_load_game (SternWindow          *self,
                        SternGame            *game,
                        const SternGameSetup *setup)
{
  g_return_if_fail (STERN_IS_WINDOW (self));
  g_return_if_fail (game != NULL);
  g_return_if_fail (setup != NULL && setup->variant == stern_game_get_variant (game));

#ifdef STERN_HAVE_NETWORK
  {
    /* A seat in an online game is not given up without asking. */
    PendingLoad *load = g_new0 (PendingLoad, 1);

    load->game = game;
    load->setup = *setup;
    stern_window_leave_online_then (self, NULL, load_after_leaving, load, pending_load_free);
  }
#else
  load_game_now (self, game, setup);
#endif
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static gboolean
stern_window_close_request (GtkWindow *window)
{
  SternWindow *self = STERN_WINDOW (window);
  int width, height;

  stern_window_cancel_hint (self);
  /* With the time left on the clocks as they are now. */
  stern_match_autosave (self->match);
  /* Moves that could not be saved are not given up without a word. */
  if (stern_window_ask_before_closing (self))
    return TRUE;

  /* The default size follows the user's resizing but not maximizing. */
  gtk_window_get_default_size (window, &width, &height);
  /* No g_settings_delay(): it cannot be undone, and a delayed object would
   * hold back the menu toggles' changes from the Preferences window. */
  if (width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (stern_window_parent_class)->close_request (window);
}

static void
stern_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  SternWindow *self = STERN_WINDOW (object);

  switch (prop_id)
    {
    case PROP_ROTATE_TO_PLAYER:
      g_value_set_boolean (value, self->rotate_to_player);
      break;
    case PROP_CONFIRM_FATAL_MOVES:
      g_value_set_boolean (value, self->confirm_fatal);
      break;
    case PROP_PLAYER_NAME:
      g_value_set_string (value, self->player_name);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->user_paused);
      break;
    case PROP_ANIMATIONS:
    case PROP_SHOW_COORDINATES:
      /* Write-only: the board keeps them. */
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_window_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  SternWindow *self = STERN_WINDOW (object);

  switch (prop_id)
    {
    case PROP_ANIMATIONS:
      stern_board_view_set_animations (self->board, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COORDINATES:
      stern_board_view_set_show_coordinates (self->board, g_value_get_boolean (value));
      break;
    case PROP_ROTATE_TO_PLAYER:
      self->rotate_to_player = g_value_get_boolean (value);
      stern_window_refresh (self);
      break;
    case PROP_CONFIRM_FATAL_MOVES:
      self->confirm_fatal = g_value_get_boolean (value);
      break;
    case PROP_PAUSED:
      stern_window_set_user_paused (self, g_value_get_boolean (value));
      break;
    case PROP_PLAYER_NAME:
      g_free (self->player_name);
      self->player_name = g_value_dup_string (value);
      stern_players_panel_set_player_name (self->players_panel, self->player_name);
      stern_window_refresh (self);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_window_dispose (GObject *object)
{
  SternWindow *self = STERN_WINDOW (object);
  GtkWidget *message = g_steal_pointer (&self->message);

  /* An opened game not drawn yet: the save on disk stays the game before
   * it (the opened one is in its file). */
  /* The clock's handlers go when its surface does (a closed window). */
  if (self->shown_clock != NULL && self->shown_handler != 0 &&
      g_signal_handler_is_connected (self->shown_clock, self->shown_handler))
    g_signal_handler_disconnect (self->shown_clock, self->shown_handler);
  self->shown_handler = 0;
  g_clear_object (&self->shown_clock);
  g_clear_handle_id (&self->shown_timeout_id, g_source_remove);
  g_clear_object (&self->too_big_file);
  if (self->status_clock != NULL && self->status_handler != 0 &&
      g_signal_handler_is_connected (self->status_clock, self->status_handler))
    g_signal_handler_disconnect (self->status_clock, self->status_handler);
  self->status_handler = 0;
  g_clear_object (&self->status_clock);

  /* The actions and properties follow the settings; they must stop
   * telling this window (once: dispose may run again). */
  if (self->settings != NULL)
    {
      for (guint i = 0; i < G_N_ELEMENTS (settings_actions); i++)
        g_action_map_remove_action (G_ACTION_MAP (self), settings_actions[i]);
      for (guint i = 0; i < G_N_ELEMENTS (bound_settings); i++)
        g_settings_unbind (self, bound_settings[i]);
    }

  g_clear_handle_id (&self->strip_idle, g_source_remove);
#ifdef STERN_HAVE_NETWORK
  if (self->match != NULL)
    stern_window_set_online (self, NULL);
#endif
  g_clear_object (&self->online_client);
  stern_window_close_confirm (self);
  stern_window_close_game_over (self);
  if (message != NULL)
    stern_alert_dialog_dismiss (STERN_ALERT_DIALOG (message));
  if (self->hint_cancellable != NULL)
    g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);

  if (self->board != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->board, self);
      stern_board_view_set_game (self->board, NULL);
    }
  if (self->match != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->match, self);
      stern_players_panel_set_match (self->players_panel, NULL);
      stern_players_strip_set_match (self->players_strip, NULL);
      stern_move_list_set_match (self->move_list, NULL);
      stern_move_list_set_match (self->moves_under_board, NULL);
    }

  stern_window_forget_toasts (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), STERN_TYPE_WINDOW);

  g_clear_object (&self->match);
  g_clear_object (&self->sounds);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (stern_window_parent_class)->dispose (object);
}

static void
stern_window_finalize (GObject *object)
{
  SternWindow *self = STERN_WINDOW (object);

  g_free (self->status);
  g_free (self->status_brief);
  g_free (self->player_name);
  g_free (self->last_toast);
  g_free (self->replaced_record);

  G_OBJECT_CLASS (stern_window_parent_class)->finalize (object);
}

static void
stern_window_class_init (SternWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  GParamFlags wo = G_PARAM_WRITABLE | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = stern_window_get_property;
  object_class->set_property = stern_window_set_property;
  object_class->dispose = stern_window_dispose;
  object_class->finalize = stern_window_finalize;
  window_class->close_request = stern_window_close_request;

  properties[PROP_ANIMATIONS] = g_param_spec_boolean ("animations", NULL, NULL, TRUE, wo);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, FALSE, wo);
  properties[PROP_ROTATE_TO_PLAYER] =
    g_param_spec_boolean ("rotate-to-player", NULL, NULL, FALSE, rw);
  properties[PROP_CONFIRM_FATAL_MOVES] =
    g_param_spec_boolean ("confirm-fatal-moves", NULL, NULL, TRUE, rw);
  properties[PROP_PLAYER_NAME] = g_param_spec_string ("player-name", NULL, NULL, NULL, rw);
  properties[PROP_PAUSED] = g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                                                  rw | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (STERN_TYPE_BOARD_VIEW);
  g_type_ensure (STERN_TYPE_PLAYERS_PANEL);
  g_type_ensure (STERN_TYPE_MOVE_LIST);
  g_type_ensure (STERN_TYPE_PLAYERS_STRIP);
  g_type_ensure (STERN_TYPE_SAVE_BANNER);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sternhalma/Sternhalma/ui/stern-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SternWindow, board);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, panel_host);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, panel_button);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, pause_button);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, players_scroller);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, window_box);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, players_strip);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, board_stack);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, continue_button);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, players_panel);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, moves_under_board);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, thinking_bar);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, online_banner);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, online_banner_icon);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, online_banner_label);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, save_banner);

  stern_window_actions_class_init (widget_class);
}

/* The notes go where they cover no hole, so that no click meant for a
 * hole lands on them and the board never has to make room. */
static gboolean
place_notes (GtkOverlay   *overlay,
             GtkWidget    *notes,
             GdkRectangle *place,
             SternWindow  *self)
{
  GtkWidget *moves = GTK_WIDGET (self->moves_under_board);
  graphene_point_t origin;

  if (notes != gtk_widget_get_parent (GTK_WIDGET (self->save_banner)))
    return FALSE;
  /* A tall window's board is a square with no room around the star: the
   * notes go over the moves under it, at the top. */
  if (gtk_widget_get_mapped (moves) &&
      gtk_widget_compute_point (moves, GTK_WIDGET (overlay), &GRAPHENE_POINT_INIT (0, 0), &origin))
    {
      int width = gtk_widget_get_width (moves), height = gtk_widget_get_height (moves);
      int minimum, natural;

      gtk_widget_measure (notes, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
      place->width = CLAMP (natural, minimum, MAX (width, minimum));
      gtk_widget_measure (notes, GTK_ORIENTATION_VERTICAL, place->width, &minimum, &natural,
                          NULL, NULL);
      place->height = CLAMP (natural, minimum, MAX (height, minimum));
      place->x = (int) origin.x;
      place->y = (int) origin.y;
      return TRUE;
    }
  if (!gtk_widget_compute_point (GTK_WIDGET (self->board), GTK_WIDGET (overlay),
                                 &GRAPHENE_POINT_INIT (0, 0), &origin))
    return FALSE;
  stern_board_view_place_note (self->board, notes, place);
  place->x += (int) origin.x;
  place->y += (int) origin.y;
  return TRUE;
}

static void
stern_window_init (SternWindow *self)
{
  SternGameSetup setup;
  g_autofree char *notice = NULL;
  GtkWidget *notes;

  gtk_widget_init_template (GTK_WIDGET (self));
  adw_bin_set_child (ADW_BIN (self->spinner), stern_compat_spinner_new (_("The computer is thinking")));
  /* A screen reader would call them by their class. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (self->players_scroller))),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Scroll the players"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_scrolled_window_get_hscrollbar (GTK_SCROLLED_WINDOW (self->players_scroller))),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Scroll the players"), -1);
  stern_window_setup_panel (self);

  self->match = stern_match_new ();
  self->settings = g_settings_new (APP_ID);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  for (guint i = 0; i < G_N_ELEMENTS (settings_actions); i++)
    {
      g_autoptr (GAction) action = g_settings_create_action (self->settings, settings_actions[i]);

      g_action_map_add_action (G_ACTION_MAP (self), action);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bound_settings); i++)
    g_settings_bind (self->settings, bound_settings[i], self, bound_settings[i],
                     G_SETTINGS_BIND_GET);
  self->sounds = stern_sounds_new ();
  g_settings_bind (self->settings, "sounds", self->sounds, "enabled", G_SETTINGS_BIND_GET);

  stern_players_panel_set_match (self->players_panel, self->match);
  stern_players_strip_set_match (self->players_strip, self->match);
  stern_move_list_set_match (self->move_list, self->match);

  g_signal_connect_object (self->match, "game-started", G_CALLBACK (on_game_started),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "position-changed", G_CALLBACK (on_position_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "setup-changed", G_CALLBACK (stern_window_refresh),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "notify::thinking", G_CALLBACK (stern_window_refresh),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "notify::thinking", G_CALLBACK (show_thinking_progress),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "notify::thinking-progress",
                           G_CALLBACK (show_thinking_progress), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "notify::save-error",
                           G_CALLBACK (stern_window_update_banner), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "notify::notice",
                           G_CALLBACK (stern_window_update_banner), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->save_banner, "closed",
                           G_CALLBACK (stern_match_clear_notice), self->match, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "game-over", G_CALLBACK (stern_window_show_game_over),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "move-played", G_CALLBACK (on_move_played),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "turn-started", G_CALLBACK (on_turn_started),
                           self, G_CONNECT_SWAPPED);
  stern_window_follow_visibility (self);
  g_signal_connect (self, "map", G_CALLBACK (follow_status_width), NULL);
  g_signal_connect (self, "unmap", G_CALLBACK (follow_status_width), NULL);

  g_signal_connect_object (self->board, "move-chosen", G_CALLBACK (stern_window_move_chosen),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board, "notify::animating", G_CALLBACK (on_board_animating),
                           self, G_CONNECT_SWAPPED);
  /* The status line says where a picked piece may go. */
  g_signal_connect_object (self->board, "selection-changed", G_CALLBACK (stern_window_refresh),
                           self, G_CONNECT_SWAPPED);

  /* The notes about saving and the connection, over the board. */
  notes = gtk_widget_get_parent (GTK_WIDGET (self->save_banner));
  g_signal_connect_object (gtk_widget_get_parent (notes), "get-child-position",
                           G_CALLBACK (place_notes), self, 0);
  g_signal_connect_object (self->board, "holes-moved", G_CALLBACK (gtk_widget_queue_allocate),
                           gtk_widget_get_parent (notes), G_CONNECT_SWAPPED);

  stern_game_setup_load (&setup, self->settings, &notice);
  stern_window_new_game (self, &setup);
  if (notice != NULL)
    stern_window_show_toast (self, notice, NULL, NULL);
}

SternWindow *
stern_window_new (SternApplication *app)
{
  g_return_val_if_fail (STERN_IS_APPLICATION (app), NULL);

  return g_object_new (STERN_TYPE_WINDOW, "application", app, NULL);
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */

SternMatch *
stern_window_get_match (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return self->match;
}

SternGame *
stern_window_get_game (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return GAME (self);
}

SternBoardView *
stern_window_get_board (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return self->board;
}

const SternGameSetup *
stern_window_get_setup (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return SETUP (self);
}

SternGameClock *
stern_window_get_clock (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return stern_match_get_clock (self->match);
}

void
stern_window_set_paused (SternWindow *self,
                         gboolean     paused)
{
  g_return_if_fail (STERN_IS_WINDOW (self));
  stern_window_set_user_paused (self, paused);
}

SternSounds *
stern_window_get_sounds (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return self->sounds;
}

gboolean
stern_window_get_paused (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);
  return self->user_paused;
}

void
stern_window_set_data_dir (SternWindow *self,
                           const char  *dir)
{
  g_return_if_fail (STERN_IS_WINDOW (self));
  stern_match_set_data_dir (self->match, dir);
}

void
stern_window_go_to (SternWindow *self,
                    guint        n_actions)
{
  g_return_if_fail (STERN_IS_WINDOW (self));
  stern_window_cancel_hint (self);
  stern_match_seek (self->match, n_actions);
}

const char *
stern_window_get_status (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return self->status;
}

char *
stern_window_get_move_list (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return stern_move_list_get_text (self->move_list);
}

gboolean
stern_window_is_thinking (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);
  return is_thinking (self);
}

void
stern_window_set_computer_delay (SternWindow *self,
                                 guint        msec)
{
  g_return_if_fail (STERN_IS_WINDOW (self));
  stern_match_set_computer_delay (self->match, msec);
}

gboolean
stern_window_is_confirming (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);
  return self->confirm != NULL;
}

void
stern_window_answer_confirm (SternWindow *self,
                             gboolean     play)
{
  g_return_if_fail (STERN_IS_WINDOW (self));
  g_return_if_fail (self->confirm != NULL);

  stern_alert_dialog_respond (STERN_ALERT_DIALOG (self->confirm), play);
}

GtkWidget *
stern_window_get_game_over_window (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return self->game_over;
}

GtkWidget *
stern_window_get_message (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return self->message;
}
