/* stern-window.c: the game window.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-computer.h"
#include "stern-match.h"
#include "stern-file-dialog.h"
#include "stern-game-over-window.h"
#include "stern-message-window.h"
#include "stern-new-game-dialog.h"
#include "stern-notation.h"
#include "stern-ratings.h"
#include "stern-saved-game.h"
#include "stern-seat-dot.h"
#include "stern-statistics-window.h"
#include "stern-window.h"

typedef struct {
  GtkWidget *row;
  GtkWidget *marker;
  GtkWidget *name;
  GtkWidget *detail;
  GtkWidget *state;
  GtkWidget *clock;
} PlayerRow;

struct _SternWindow
{
  GtkApplicationWindow parent_instance;

  /* Template widgets */
  SternBoardView    *board;
  GtkSpinner        *spinner;
  GtkListBox        *players_list;
  GtkScrolledWindow *moves_scroller;
  GtkTextView       *moves_view;
  GtkLabel          *status_label;

  GSettings      *settings;
  SternMatch     *match;
  PlayerRow       rows[STERN_N_SEATS];
  char           *status;

  /* A hint being searched for the human. */
  GCancellable *hint_cancellable;

  /* The board is animating a move: the match waits (hold/release). */
  gboolean   holding;
  gboolean   rotate_pending;

  /* A fatal move waiting for the human's confirmation. */
  GtkWidget *confirm;
  guint      confirm_from;
  guint      confirm_to;

  GtkWidget *game_over;

  /* The offer to continue the saved game. */
  SternGame      *resume_game;
  SternGameSetup  resume_setup;
  SternClock      resume_clock;
  GtkWidget      *message;        /* a question or an error */
  GArray         *move_starts;    /* char offsets of each action in the move list */
  GArray         *move_ends;
  guint           moves_scroll_id;
};

G_DEFINE_FINAL_TYPE (SternWindow, stern_window, GTK_TYPE_APPLICATION_WINDOW)

static char *seat_name (SternWindow *self, unsigned seat);

static gboolean is_browsing (SternWindow *self);
static void     update_clock_labels (SternWindow *self);
static void     session_update_actions (SternWindow *self);
static void     session_init (SternWindow *self);
static void     session_dispose (SternWindow *self);
static void     session_class_init (GtkWidgetClass *widget_class);
static void     moves_scroll_to_current (SternWindow *self);
static void     update_paused (SternWindow *self);

#define GAME(self)  stern_match_get_game ((self)->match)
#define SETUP(self) stern_match_get_setup ((self)->match)

static gboolean
seat_is_human (SternWindow *self,
               unsigned     seat)
{
  return stern_match_is_human (self->match, seat);
}

static gboolean
human_to_play (SternWindow *self)
{
  return stern_match_human_to_play (self->match);
}

/* The player's name (a preference) for the seat of a lone human, who is
 * "you"; with several humans nobody knows who is who, so the colours stay. */
static char *
seat_name (SternWindow *self,
           unsigned     seat)
{
  g_autofree char *name = NULL;

  if (seat_is_human (self, seat) && stern_game_setup_count_humans (SETUP (self)) == 1)
    {
      name = g_strstrip (g_settings_get_string (self->settings, "player-name"));
      if (name[0] != '\0')
        return g_steal_pointer (&name);
    }

  return g_strdup (stern_seat_display_name (seat));
}

static void
update_player_names (SternWindow *self)
{
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (self->rows[seat].name != NULL)
      {
        g_autofree char *name = seat_name (self, seat);

        gtk_label_set_label (GTK_LABEL (self->rows[seat].name), name);
      }
}

static gboolean
is_thinking (SternWindow *self)
{
  return stern_match_is_thinking (self->match);
}

static void
update_spinner (SternWindow *self)
{
  gboolean busy = is_thinking (self) || self->hint_cancellable != NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_spinner_set_spinning (self->spinner, busy);
}

static void
cancel_hint (SternWindow *self)
{
  if (self->hint_cancellable != NULL)
    {
      g_cancellable_cancel (self->hint_cancellable);
      g_clear_object (&self->hint_cancellable);
    }
  update_spinner (self);
}

/* The pointers are cleared first, so that the "destroy" handlers know the
 * window itself closed them. */
static void
close_confirm (SternWindow *self)
{
  GtkWidget *confirm = g_steal_pointer (&self->confirm);

  if (confirm != NULL)
    gtk_window_destroy (GTK_WINDOW (confirm));
}

static void
close_game_over (SternWindow *self)
{
  GtkWidget *game_over = g_steal_pointer (&self->game_over);

  if (game_over != NULL)
    gtk_window_destroy (GTK_WINDOW (game_over));
}

/* ------------------------------------------------------------------ */
/* Players panel, move list, status line                               */

static void
clear_players (SternWindow *self)
{
  GtkWidget *child;

  /* gtk_list_box_remove_all() needs GTK 4.12. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->players_list))) != NULL)
    gtk_list_box_remove (self->players_list, child);

  memset (self->rows, 0, sizeof self->rows);
}

static void
build_players (SternWindow *self)
{
  const SternVariant *variant = SETUP (self)->variant;

  clear_players (self);

  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      PlayerRow *pr = &self->rows[seat];
      GtkWidget *box, *labels, *name, *right;

      box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);

      pr->marker = gtk_image_new_from_icon_name ("media-playback-start-symbolic");
      gtk_widget_add_css_class (pr->marker, "turn-marker");
      gtk_box_append (GTK_BOX (box), pr->marker);

      gtk_box_append (GTK_BOX (box), stern_seat_dot_new (seat));

      labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_widget_set_hexpand (labels, TRUE);
      name = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      /* A long player name must not widen the panel either. */
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (name, "player-name");
      gtk_box_append (GTK_BOX (labels), name);
      pr->name = name;
      pr->detail = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (pr->detail), 0);
      /* A long detail ("Computer · Medium · Team 2") must not widen the
       * panel and shrink the board: it is shortened, the tooltip has it. */
      gtk_label_set_ellipsize (GTK_LABEL (pr->detail), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (pr->detail), 8);
      gtk_widget_add_css_class (pr->detail, "dim-label");
      gtk_widget_add_css_class (pr->detail, "caption");
      gtk_box_append (GTK_BOX (labels), pr->detail);
      gtk_box_append (GTK_BOX (box), labels);

      /* The state, and under it the clock when there is one. */
      right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_widget_set_valign (right, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (box), right);

      pr->state = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (pr->state), 1);
      gtk_widget_add_css_class (pr->state, "player-state");
      gtk_box_append (GTK_BOX (right), pr->state);

      pr->clock = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (pr->clock), 1);
      gtk_widget_set_halign (pr->clock, GTK_ALIGN_END);
      gtk_widget_add_css_class (pr->clock, "player-clock");
      gtk_widget_set_tooltip_text (pr->clock, _("Time left"));
      gtk_widget_set_visible (pr->clock, FALSE);
      gtk_box_append (GTK_BOX (right), pr->clock);

      pr->row = gtk_list_box_row_new ();
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (pr->row), FALSE);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (pr->row), box);
      gtk_list_box_append (self->players_list, pr->row);
    }

  update_player_names (self);
}

static void
update_players (SternWindow *self)
{
  const SternVariant *variant = SETUP (self)->variant;
  unsigned turn = stern_game_get_turn (GAME (self));

  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      PlayerRow *pr = &self->rows[seat];
      unsigned place = stern_game_get_place (GAME (self), seat);
      unsigned team = stern_team_number (variant, seat);
      g_autofree char *detail = NULL;
      g_autofree char *state = NULL;
      const char *kind;

      if (pr->row == NULL)
        continue;

      if (seat_is_human (self, seat))
        kind = _("Human");
      else
        kind = stern_level_display_name (SETUP (self)->level[seat]);

      if (!seat_is_human (self, seat) && team != 0)
        /* Translators: "Computer · Hard · Team 2" */
        detail = g_strdup_printf (_("Computer · %s · Team %u"), kind, team);
      else if (!seat_is_human (self, seat))
        /* Translators: "Computer · Hard" */
        detail = g_strdup_printf (_("Computer · %s"), kind);
      else if (team != 0)
        /* Translators: "Human · Team 2" */
        detail = g_strdup_printf (_("%s · Team %u"), kind, team);
      else
        detail = g_strdup (kind);
      gtk_label_set_label (GTK_LABEL (pr->detail), detail);
      gtk_widget_set_tooltip_text (pr->detail, detail);

      switch (stern_game_get_player_state (GAME (self), seat))
        {
        case STERN_PLAYER_ELIMINATED:
          state = g_strdup (_("Eliminated"));
          break;
        case STERN_PLAYER_RESIGNED:
          state = g_strdup (_("Resigned"));
          break;
        case STERN_PLAYER_FINISHED:
        case STERN_PLAYER_PLAYING:
        default:
          if (place >= 1 && place <= STERN_N_SEATS)
            state = g_strdup (stern_place_display_name (place));
          else
            /* Translators: marbles of a player in its goal, e.g. "7/10" */
            state = g_strdup_printf (C_("marbles in goal", "%u/%u"),
                                     stern_game_marbles_in_goal (GAME (self), seat),
                                     (unsigned) variant->marbles);
          break;
        }
      gtk_label_set_label (GTK_LABEL (pr->state), state);
      gtk_widget_set_tooltip_text (pr->state,
                                   place == 0 && stern_game_get_player_state (GAME (self), seat) == STERN_PLAYER_PLAYING
                                   ? _("Marbles in the goal") : NULL);

      /* The marker keeps its space so the names stay aligned. */
      gtk_widget_set_opacity (pr->marker, seat == turn ? 1.0 : 0.0);
      if (seat == turn)
        gtk_widget_add_css_class (pr->row, "on-turn");
      else
        gtk_widget_remove_css_class (pr->row, "on-turn");
    }

  update_clock_labels (self);
}

static const char *
action_text (const SternAction *action,
             char             **to_free)
{
  *to_free = NULL;

  switch (action->kind)
    {
    case STERN_ACTION_MOVE:
      return *to_free = stern_notation_format_path (action->path, action->path_len);
    case STERN_ACTION_PASS:
      return "--";
    case STERN_ACTION_RESIGN:
      return _("resigned");
    case STERN_ACTION_TIMEOUT:
      return _("out of time");
    default:
      return "?";
    }
}

static void
update_moves (SternWindow *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->moves_view);
  /* The undone moves too: a replay shows where it goes (mark_moves()). */
  guint n = stern_game_get_n_actions_total (GAME (self));
  unsigned prev_seat = STERN_NO_SEAT;
  unsigned round = 0;
  GtkTextIter iter;

  gtk_text_buffer_set_text (buffer, "", 0);
  gtk_text_buffer_get_start_iter (buffer, &iter);
  g_array_set_size (self->move_starts, 0);
  g_array_set_size (self->move_ends, 0);

  for (guint i = 0; i < n; i++)
    {
      const SternAction *action = stern_game_get_action (GAME (self), i);
      g_autofree char *path = NULL;
      char seat_tag[16];
      const char *text;

      /* Play goes round in increasing seat order, so a seat number that
       * does not grow starts the next round. */
      if (prev_seat == STERN_NO_SEAT || action->seat <= prev_seat)
        {
          g_autofree char *number = g_strdup_printf ("%s%3u.", round > 0 ? "\n" : "", round + 1);

          gtk_text_buffer_insert_with_tags_by_name (buffer, &iter, number, -1, "round", NULL);
          round++;
        }
      prev_seat = action->seat;

      /* A move is never broken across lines, only the round's line
       * between moves. */
      gtk_text_buffer_insert (buffer, &iter, " ", -1);
      text = action_text (action, &path);
      /* The whole move in one run of the same tags: Pango may break a
       * line between differently tagged runs even without a space. */
      {
        g_autofree char *item = g_strdup_printf ("%s\u00a0%s",
                                                 action->seat == STERN_WHITE ? "○" : "●", text);

        g_snprintf (seat_tag, sizeof seat_tag, "seat-%u", (unsigned) action->seat);
        /* A long chain may still break after a hyphen rather than run off
         * the panel's edge. */
        g_array_append_vals (self->move_starts, (int[]) { gtk_text_iter_get_offset (&iter) }, 1);
        gtk_text_buffer_insert_with_tags_by_name (buffer, &iter, item, -1, seat_tag,
                                                  g_utf8_strlen (item, -1) <= 20 ? "move" : NULL,
                                                  NULL);
        g_array_append_vals (self->move_ends, (int[]) { gtk_text_iter_get_offset (&iter) }, 1);
      }
    }

  /* Wrapped lines of a round are indented past its number. */
  {
    GtkTextIter start;

    gtk_text_buffer_get_bounds (buffer, &start, &iter);
    gtk_text_buffer_apply_tag_by_name (buffer, "rounds", &start, &iter);
  }

  /* The newest move is followed by moves_follow_end(), once the view has
   * measured the new text. */
}

/* Keeps the move list scrolled to its end as it grows.  Not
 * gtk_text_view_scroll_mark_onscreen(): on GTK 4.8 its pending scroll makes
 * unmapping the view emit a critical. */
static void
moves_follow_end (SternWindow   *self,
                  GtkAdjustment *adjustment)
{
  /* A replay keeps its own place (moves_scroll_to_current()). */
  if (GAME (self) != NULL && is_browsing (self))
    return;
  gtk_adjustment_set_value (adjustment,
                            gtk_adjustment_get_upper (adjustment) -
                            gtk_adjustment_get_page_size (adjustment));
}

static void
update_status (SternWindow *self)
{
  g_autoptr(GString) s = g_string_new (NULL);
  unsigned turn = stern_game_get_turn (GAME (self));
  guint n_actions = stern_game_get_n_actions (GAME (self));

  if (stern_game_is_over (GAME (self)))
    {
      g_autofree char *result = stern_game_result_text (GAME (self));
      const char *reason = stern_end_reason_text (stern_game_get_end_reason (GAME (self)));

      /* Translators: %s is the result, such as "White wins" */
      g_string_printf (s, _("Game over: %s"), result);
      if (reason != NULL)
        g_string_append_printf (s, " %s", reason);
    }
  else
    {
      const SternRules *rules = stern_game_get_rules (GAME (self));
      const SternPosition *pos = stern_game_get_position (GAME (self));
      g_autofree char *name = seat_name (self, turn);
      int left = stern_game_moves_to_leave_home (GAME (self), turn);

      if (is_thinking (self))
        /* Translators: %s is a colour, the name of a seat */
        g_string_printf (s, _("%s is thinking…"), name);
      else
        /* Translators: %s is a colour, the name of a seat */
        g_string_printf (s, _("%s to move"), name);

      g_string_append (s, " · ");
      g_string_append_printf (s, _("Round %u"), stern_game_get_round (GAME (self)) + 1);

      /* The countdown matters only while marbles are still at home. */
      if (left >= 0 && (pos->marbles[turn] & rules->home[turn]) != 0)
        {
          g_string_append (s, " · ");
          if (seat_is_human (self, turn))
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
      const SternAction *last = stern_game_get_action (GAME (self), n_actions - 1);

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
                              stern_game_get_n_actions_total (GAME (self)));
    }

  g_free (self->status);
  self->status = g_string_free (g_steal_pointer (&s), FALSE);
  gtk_label_set_label (self->status_label, self->status);
}

/* Hot-seat: the board turns to the human on turn, if wanted, once the
 * mover has seen the move through. */
static void
update_bottom_seat (SternWindow *self)
{
  unsigned turn = stern_game_get_turn (GAME (self));

  self->rotate_pending = FALSE;
  if (stern_game_setup_count_humans (SETUP (self)) > 1 &&
      g_settings_get_boolean (self->settings, "rotate-to-player") &&
      turn != STERN_NO_SEAT && seat_is_human (self, turn) &&
      stern_board_view_get_bottom_seat (self->board) != turn)
    {
      if (!stern_board_view_is_animating (self->board))
        stern_board_view_set_bottom_seat (self->board, turn);
      else
        self->rotate_pending = TRUE;
    }
}

static void
refresh (SternWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  update_bottom_seat (self);
  stern_board_view_set_interactive (self->board,
                                    human_to_play (self) &&
                                    !is_thinking (self) &&
                                    self->confirm == NULL);
  update_players (self);
  update_moves (self);
  update_status (self);
  update_spinner (self);

  gtk_widget_action_set_enabled (widget, "win.undo", stern_match_can_undo (self->match));
  gtk_widget_action_set_enabled (widget, "win.redo", stern_match_can_redo (self->match));
  gtk_widget_action_set_enabled (widget, "win.hint",
                                 human_to_play (self) && !is_thinking (self) &&
                                 self->hint_cancellable == NULL);
  session_update_actions (self);
}

/* ------------------------------------------------------------------ */
/* Following the match                                                 */

static void
on_game_over_play_again (SternWindow *self)
{
  SternGameSetup setup = *SETUP (self);

  stern_window_new_game (self, &setup);
}

static void
on_game_over_destroyed (SternWindow *self)
{
  self->game_over = NULL;
}

/* The result comes after the final move has been seen (the match holds
 * "game-over" back while the board animates). */
static void
on_game_over (SternWindow *self)
{
  if (self->game_over != NULL)
    return;

  self->game_over = stern_game_over_window_new (GTK_WINDOW (self), GAME (self), SETUP (self));
  g_signal_connect_object (self->game_over, "destroy",
                           G_CALLBACK (on_game_over_destroyed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game_over, "play-again",
                           G_CALLBACK (on_game_over_play_again), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (self->game_over));
}

static void
on_position_changed (SternWindow *self,
                     gboolean     animate)
{
  /* A question about the position before is answered by the change. */
  close_confirm (self);
  if (!stern_match_is_over (self->match))
    close_game_over (self);

  stern_board_view_game_changed (self->board, animate);
  refresh (self);
  if (is_browsing (self))
    moves_scroll_to_current (self);
}

static void
on_game_started (SternWindow *self)
{
  const SternVariant *variant = SETUP (self)->variant;
  unsigned bottom = variant->seats[0];

  cancel_hint (self);
  close_confirm (self);
  close_game_over (self);
  self->rotate_pending = FALSE;

  /* The (first) human's home is at the bottom. */
  for (unsigned i = 0; i < variant->n_players; i++)
    if (seat_is_human (self, variant->seats[i]))
      {
        bottom = variant->seats[i];
        break;
      }
  stern_board_view_set_game (self->board, NULL);
  stern_board_view_set_bottom_seat (self->board, bottom);
  stern_board_view_set_game (self->board, GAME (self));
  build_players (self);
}

static void
on_setup_changed (SternWindow *self)
{
  update_player_names (self);
  refresh (self);
}

static void
on_match_state (SternWindow *self)
{
  refresh (self);
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
    }
}

static void
play_move (SternWindow *self,
           guint        from,
           guint        to)
{
  g_autoptr(GError) error = NULL;

  if (!stern_match_play (self->match, from, to, &error) &&
      !g_error_matches (error, STERN_ERROR, STERN_ERROR_GAME_OVER))
    {
      /* The board only offers legal moves. */
      g_warning ("Could not play %u-%u: %s", from, to, error->message);
      refresh (self);
    }
}

static void
start_game (SternWindow          *self,
            SternGame            *game,
            const SternGameSetup *setup,
            const SternClock     *clock_state)
{
  stern_match_start (self->match, game, setup, clock_state);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

void
stern_window_new_game (SternWindow          *self,
                       const SternGameSetup *setup)
{
  g_return_if_fail (STERN_IS_WINDOW (self));
  g_return_if_fail (setup != NULL && setup->variant != NULL);

  start_game (self, stern_game_new (setup->variant, setup->preset), setup, NULL);
}

void
stern_window_load_game (SternWindow          *self,
                        SternGame            *game,
                        const SternGameSetup *setup)
{
  g_return_if_fail (STERN_IS_WINDOW (self));
  g_return_if_fail (game != NULL);
  g_return_if_fail (setup != NULL && setup->variant == stern_game_get_variant (game));

  start_game (self, game, setup, NULL);
}

/* ------------------------------------------------------------------ */
/* A fatal move: ask first                                             */

static void
confirm_answered (SternWindow *self,
                  gboolean     play)
{
  guint from = self->confirm_from;
  guint to = self->confirm_to;

  close_confirm (self);

  if (play && human_to_play (self) && stern_game_is_legal (GAME (self), from, to))
    play_move (self, from, to);
  else
    {
      /* Let the board drop its selection and take input again. */
      stern_board_view_game_changed (self->board, FALSE);
      refresh (self);
    }
}

static void
on_confirm_play_clicked (SternWindow *self)
{
  confirm_answered (self, TRUE);
}

static void
on_confirm_destroyed (SternWindow *self)
{
  /* Closed by its Cancel button, Escape or the window manager. */
  if (self->confirm != NULL)
    {
      self->confirm = NULL;
      stern_board_view_game_changed (self->board, FALSE);
      refresh (self);
    }
}

static void
ask_fatal (SternWindow *self,
           guint        from,
           guint        to)
{
  GtkWidget *window, *header, *box, *title, *body, *buttons, *cancel, *play;
  GtkShortcutController *shortcuts;
  unsigned turn = stern_game_get_turn (GAME (self));
  g_autofree char *body_text = NULL;

  close_confirm (self);

  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), _("Lose the Game?"));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_resizable (GTK_WINDOW (window), FALSE);
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  gtk_widget_add_css_class (window, "confirm-fatal");

  header = gtk_header_bar_new ();
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  gtk_window_set_titlebar (GTK_WINDOW (window), header);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_window_set_child (GTK_WINDOW (window), box);

  title = gtk_label_new (_("This move puts you out of the game"));
  gtk_widget_add_css_class (title, "title-3");
  gtk_box_append (GTK_BOX (box), title);

  body_text = g_strdup_printf (_("The deadline for leaving home has passed, so a marble "
                                 "that ends its move at home eliminates %s. "
                                 "Play this move anyway?"),
                               stern_seat_display_name (turn));
  body = gtk_label_new (body_text);
  gtk_label_set_wrap (GTK_LABEL (body), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (body), 40);
  gtk_label_set_justify (GTK_LABEL (body), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (box), body);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (buttons, 6);
  gtk_box_append (GTK_BOX (box), buttons);

  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  gtk_box_append (GTK_BOX (buttons), cancel);

  play = gtk_button_new_with_mnemonic (_("_Play Anyway"));
  gtk_widget_add_css_class (play, "destructive-action");
  g_signal_connect_swapped (play, "clicked", G_CALLBACK (on_confirm_play_clicked), self);
  gtk_box_append (GTK_BOX (buttons), play);

  /* Escape cancels; the safe answer has the focus. */
  shortcuts = GTK_SHORTCUT_CONTROLLER (gtk_shortcut_controller_new ());
  gtk_shortcut_controller_add_shortcut (shortcuts,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (window, GTK_EVENT_CONTROLLER (shortcuts));
  gtk_window_set_focus (GTK_WINDOW (window), cancel);

  self->confirm = window;
  self->confirm_from = from;
  self->confirm_to = to;
  g_signal_connect_object (window, "destroy", G_CALLBACK (on_confirm_destroyed),
                           self, G_CONNECT_SWAPPED);

  refresh (self);
  gtk_window_present (GTK_WINDOW (window));
}

static void
on_move_chosen (SternWindow    *self,
                guint           from,
                guint           to,
                SternBoardView *board)
{
  /* Input that arrives when it is not a human's move is dropped. */
  if (!human_to_play (self) || is_thinking (self) || self->confirm != NULL)
    return;

  if (!stern_game_is_legal (GAME (self), from, to))
    return;

  if (stern_game_is_fatal (GAME (self), from, to) &&
      g_settings_get_boolean (self->settings, "confirm-fatal-moves"))
    ask_fatal (self, from, to);
  else
    play_move (self, from, to);
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */

static void
on_new_game_dialog_start (SternWindow          *self,
                          const SternGameSetup *setup)
{
  stern_window_new_game (self, setup);
}

static void
new_game_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  GtkWidget *dialog;

  dialog = stern_new_game_dialog_new (GTK_WINDOW (self), self->settings);
  g_signal_connect_object (dialog, "start", G_CALLBACK (on_new_game_dialog_start),
                           self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
undo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);

  cancel_hint (self);
  close_confirm (self);
  close_game_over (self);
  stern_match_undo (self->match);
}

static void
redo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);

  cancel_hint (self);
  close_confirm (self);
  stern_match_redo (self->match);
}

static void
hint_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(SternWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  guint8 path[STERN_MAX_PATH];
  gsize len;

  if (!stern_match_hint_finish (STERN_MATCH (source), result, path, &len, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
          self->hint_cancellable != NULL &&
          g_task_get_cancellable (G_TASK (result)) == self->hint_cancellable)
        cancel_hint (self);   /* the position changed: a new hint may be asked */
      if (self->match != NULL)
        refresh (self);
      return;
    }
  if (self->hint_cancellable == NULL ||
      g_task_get_cancellable (G_TASK (result)) != self->hint_cancellable)
    return;
  g_clear_object (&self->hint_cancellable);

  stern_board_view_show_hint (self->board, path, len);
  refresh (self);
}

static void
hint_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);

  if (!human_to_play (self) || self->hint_cancellable != NULL)
    return;
  self->hint_cancellable = g_cancellable_new ();
  stern_match_hint_async (self->match, self->hint_cancellable, hint_done, g_object_ref (self));
  refresh (self);
}

/* ------------------------------------------------------------------ */
/* Settings, window state                                              */

static void
on_settings_changed (SternWindow *self,
                     const char  *key,
                     GSettings   *settings)
{
  if (g_str_equal (key, "animations"))
    stern_board_view_set_animations (self->board, g_settings_get_boolean (settings, key));
  else if (g_str_equal (key, "show-coordinates"))
    stern_board_view_set_show_coordinates (self->board, g_settings_get_boolean (settings, key));
  else if (g_str_equal (key, "rotate-to-player") && GAME (self) != NULL)
    refresh (self);
  else if (g_str_equal (key, "player-name") && GAME (self) != NULL)
    {
      update_player_names (self);
      update_status (self);
    }
}

static gboolean
stern_window_close_request (GtkWindow *window)
{
  SternWindow *self = STERN_WINDOW (window);
  int width, height;

  cancel_hint (self);
  /* With the time left on the clocks as they are now. */
  stern_match_autosave (self->match);

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

/* Preferences in the primary menu, as stateful actions on the window. */
static const char * const settings_actions[] = {
  "show-coordinates", "animations", "rotate-to-player",
};

static void
stern_window_dispose (GObject *object)
{
  SternWindow *self = STERN_WINDOW (object);

  /* The actions follow the settings; they must stop telling this window
   * (once: dispose may run again, after the action map is gone). */
  if (self->settings != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (settings_actions); i++)
      g_action_map_remove_action (G_ACTION_MAP (self), settings_actions[i]);

  close_confirm (self);
  close_game_over (self);
  session_dispose (self);
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
      g_signal_handlers_disconnect_by_data (stern_match_get_clock (self->match), self);
    }

  gtk_widget_dispose_template (GTK_WIDGET (self), STERN_TYPE_WINDOW);

  g_clear_object (&self->match);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (stern_window_parent_class)->dispose (object);
}

static void
stern_window_finalize (GObject *object)
{
  SternWindow *self = STERN_WINDOW (object);

  g_free (self->status);

  G_OBJECT_CLASS (stern_window_parent_class)->finalize (object);
}

static void
stern_window_class_init (SternWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = stern_window_dispose;
  object_class->finalize = stern_window_finalize;
  window_class->close_request = stern_window_close_request;

  g_type_ensure (STERN_TYPE_BOARD_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sternhalma/Sternhalma/ui/stern-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SternWindow, board);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, players_list);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, moves_scroller);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, moves_view);
  gtk_widget_class_bind_template_child (widget_class, SternWindow, status_label);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_activated);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_activated);
  session_class_init (widget_class);
}

static void
setup_text_tags (SternWindow *self)
{
  static const char * const colours[STERN_N_SEATS] = {
    /* Text colours: white is grey, yellow darkened to read on light. */
    "#77767b", "#c01c28", "#1a5fb4", "#241f31", "#c88800", "#26a269",
  };
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->moves_view);

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "seat-%u", seat);
      gtk_text_buffer_create_tag (buffer, name, "foreground", colours[seat], NULL);
    }
  gtk_text_buffer_create_tag (buffer, "round",
                              "foreground", "#9a9996",
                              NULL);
  gtk_text_buffer_create_tag (buffer, "move",
                              "allow-breaks", FALSE,
                              NULL);
  /* The view's left margin is 12; continuation lines line up after "NNN." */
  gtk_text_buffer_create_tag (buffer, "rounds",
                              "left-margin", 12 + 40,
                              "indent", -40,
                              NULL);
}

static void
stern_window_init (SternWindow *self)
{
  SternGameSetup setup;

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->moves_view)),
                           "changed", G_CALLBACK (moves_follow_end), self, G_CONNECT_SWAPPED);

  self->settings = g_settings_new (APP_ID);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  for (guint i = 0; i < G_N_ELEMENTS (settings_actions); i++)
    {
      g_autoptr(GAction) action = g_settings_create_action (self->settings, settings_actions[i]);

      g_action_map_add_action (G_ACTION_MAP (self), action);
    }

  stern_board_view_set_animations (self->board,
                                   g_settings_get_boolean (self->settings, "animations"));
  stern_board_view_set_show_coordinates (self->board,
                                         g_settings_get_boolean (self->settings, "show-coordinates"));
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (on_settings_changed),
                           self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->board, "move-chosen", G_CALLBACK (on_move_chosen),
                           self, G_CONNECT_SWAPPED);

  setup_text_tags (self);

  self->match = stern_match_new ();
  g_signal_connect_object (self->match, "game-started", G_CALLBACK (on_game_started),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "position-changed", G_CALLBACK (on_position_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "setup-changed", G_CALLBACK (on_setup_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "game-over", G_CALLBACK (on_game_over),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "notify::thinking", G_CALLBACK (on_match_state),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board, "notify::animating", G_CALLBACK (on_board_animating),
                           self, G_CONNECT_SWAPPED);
  session_init (self);

  stern_game_setup_load (&setup, self->settings);
  stern_window_new_game (self, &setup);
}

SternWindow *
stern_window_new (SternApplication *app)
{
  g_return_val_if_fail (STERN_IS_APPLICATION (app), NULL);

  return g_object_new (STERN_TYPE_WINDOW, "application", app, NULL);
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

const char *
stern_window_get_status (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);

  return self->status;
}

char *
stern_window_get_move_list (SternWindow *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);

  buffer = gtk_text_view_get_buffer (self->moves_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
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

  confirm_answered (self, play);
}

GtkWindow *
stern_window_get_game_over_window (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);

  return self->game_over != NULL ? GTK_WINDOW (self->game_over) : NULL;
}

/* ------------------------------------------------------------------ */
/* Saving, replay, clock, resignation and rating                       */

static gboolean
is_browsing (SternWindow *self)
{
  /* An earlier position of the game is shown: moves follow it. */
  return stern_game_can_redo (GAME (self));
}

static void
on_message_destroyed (SternWindow *self)
{
  self->message = NULL;

  /* The offer to continue went away unanswered (another message replaced
   * it, the window closed): keep the saved game for the next start. */
  if (self->resume_game != NULL)
    {
      g_clear_pointer (&self->resume_game, stern_game_free);
      stern_match_set_autosave_held (self->match, FALSE);
      update_paused (self);
    }
}

static GtkWidget *
show_message (SternWindow *self,
              GtkWidget   *message,
              GCallback    on_response)
{
  GtkWidget *old = g_steal_pointer (&self->message);

  if (old != NULL)
    gtk_window_destroy (GTK_WINDOW (old));

  self->message = message;
  g_signal_connect_object (message, "destroy", G_CALLBACK (on_message_destroyed),
                           self, G_CONNECT_SWAPPED);
  if (on_response != NULL)
    g_signal_connect_object (message, "response", on_response, self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (message));
  return message;
}

static void
show_error (SternWindow *self,
            const char  *heading,
            const char  *body)
{
  show_message (self,
                stern_message_window_new (GTK_WINDOW (self), _("Error"), heading, body,
                                          NULL, _("_Close"), STERN_MESSAGE_PLAIN),
                NULL);
}

/* -- the clock -- */

static gboolean
window_shown (SternWindow *self)
{
  GdkSurface *surface;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    return FALSE;

  surface = gtk_native_get_surface (GTK_NATIVE (self));
  if (surface != NULL && GDK_IS_TOPLEVEL (surface) &&
      (gdk_toplevel_get_state (GDK_TOPLEVEL (surface)) & GDK_TOPLEVEL_STATE_MINIMIZED) != 0)
    return FALSE;

  return TRUE;
}

/* Nobody's time runs while the window is hidden or the offer to continue
 * another game is open. */
static void
update_paused (SternWindow *self)
{
  stern_match_set_paused (self->match, !window_shown (self) || self->resume_game != NULL);
}

static void
update_clock_labels (SternWindow *self)
{
  SternGameClock *clock = stern_match_get_clock (self->match);
  gboolean enabled = stern_game_clock_is_enabled (clock);
  unsigned running = stern_game_clock_get_running (clock);

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      GtkWidget *label = self->rows[seat].clock;
      g_autofree char *text = NULL;

      if (label == NULL)
        continue;

      gtk_widget_set_visible (label, enabled);
      if (!enabled)
        continue;

      text = stern_game_clock_format (clock, seat);
      if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0)
        gtk_label_set_label (GTK_LABEL (label), text);

      if (seat == running)
        gtk_widget_add_css_class (label, "running");
      else
        gtk_widget_remove_css_class (label, "running");
      if (stern_game_clock_get_remaining_ms (clock, seat) < 10000)
        gtk_widget_add_css_class (label, "low");
      else
        gtk_widget_remove_css_class (label, "low");
    }
}

static void
on_clock_tick (SternWindow *self)
{
  update_paused (self);
  update_clock_labels (self);
}

/* -- replay -- */

static gboolean
moves_show_current (gpointer user_data)
{
  SternWindow *self = user_data;
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->moves_view));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->moves_view);
  guint n = stern_game_get_n_actions (GAME (self));
  double value, page;
  GdkRectangle rect;
  GtkTextIter iter;

  self->moves_scroll_id = 0;

  if (n == 0 || self->move_starts == NULL || n > self->move_starts->len)
    {
      gtk_adjustment_set_value (adjustment, 0);
      return G_SOURCE_REMOVE;
    }

  gtk_text_buffer_get_iter_at_offset (buffer, &iter, g_array_index (self->move_starts, int, n - 1));
  gtk_text_view_get_iter_location (self->moves_view, &iter, &rect);
  value = gtk_adjustment_get_value (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  if (rect.y < value || rect.y + rect.height > value + page)
    gtk_adjustment_set_value (adjustment, MAX (rect.y - page / 3, 0));
  return G_SOURCE_REMOVE;
}

static void
moves_scroll_to_current (SternWindow *self)
{
  /* Once the view has measured the new text. */
  if (self->moves_scroll_id == 0)
    self->moves_scroll_id = g_idle_add_full (G_PRIORITY_LOW, moves_show_current, self, NULL);
}

/* Marks the moves after the position shown, and the last one played. */
static void
mark_moves (SternWindow *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->moves_view);
  guint n = stern_game_get_n_actions (GAME (self));
  GtkTextIter start, end;

  if (self->move_starts == NULL)
    return;

  for (guint i = 0; i < self->move_starts->len; i++)
    {
      if (i + 1 < n)
        continue;
      gtk_text_buffer_get_iter_at_offset (buffer, &start, g_array_index (self->move_starts, int, i));
      gtk_text_buffer_get_iter_at_offset (buffer, &end, g_array_index (self->move_ends, int, i));
      gtk_text_buffer_apply_tag_by_name (buffer, i + 1 == n ? "current" : "future", &start, &end);
    }
}

static void
replay_seek (SternWindow *self,
             guint        n)
{
  cancel_hint (self);
  stern_match_seek (self->match, n);
}

static void
replay_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  guint now = stern_game_get_n_actions (GAME (self));

  if (g_str_equal (action_name, "win.replay-first"))
    replay_seek (self, 0);
  else if (g_str_equal (action_name, "win.replay-back"))
    replay_seek (self, now > 0 ? now - 1 : 0);
  else if (g_str_equal (action_name, "win.replay-forward"))
    replay_seek (self, now + 1);
  else
    replay_seek (self, stern_game_get_n_actions_total (GAME (self)));
}

static void
on_moves_pressed (SternWindow     *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *gesture)
{
  GtkTextIter iter;
  int bx, by, offset;

  if (n_press != 1 || self->move_starts == NULL)
    return;

  gtk_text_view_window_to_buffer_coords (self->moves_view, GTK_TEXT_WINDOW_WIDGET,
                                         (int) x, (int) y, &bx, &by);
  if (!gtk_text_view_get_iter_at_location (self->moves_view, &iter, bx, by))
    return;

  offset = gtk_text_iter_get_offset (&iter);
  for (guint i = 0; i < self->move_starts->len; i++)
    if (offset >= g_array_index (self->move_starts, int, i) &&
        offset < g_array_index (self->move_ends, int, i))
      {
        replay_seek (self, i + 1);
        return;
      }
}

/* -- resignation -- */

static unsigned
resigning_seat (SternWindow *self)
{
  return stern_match_get_resigning_seat (self->match);
}

static void
on_resign_response (SternWindow *self,
                    gboolean     accept)
{
  g_autoptr(GError) error = NULL;
  unsigned seat = resigning_seat (self);

  if (!accept || seat == STERN_NO_SEAT)
    return;

  cancel_hint (self);
  close_confirm (self);

  if (!stern_match_resign (self->match, seat, &error))
    g_warning ("Could not resign: %s", error->message);
}

static void
resign_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  unsigned seat = resigning_seat (self);
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;

  if (seat == STERN_NO_SEAT)
    return;

  name = seat_name (self, seat);
  if (stern_game_get_rules (GAME (self))->resign_replaced)
    /* Translators: %s is a colour or the player's name */
    body = g_strdup_printf (_("%s takes the last place, and the computer plays on with "
                              "the marbles (club rules)."), name);
  else if (SETUP (self)->variant->n_players == 2)
    /* Translators: %s is a colour or the player's name */
    body = g_strdup_printf (_("%s loses the game."), name);
  else
    /* Translators: %s is a colour or the player's name */
    body = g_strdup_printf (_("The game ends for everyone: %s takes the last place, finished "
                              "players keep theirs and the others are ranked by their "
                              "marbles in the goal."), name);

  show_message (self,
                stern_message_window_new (GTK_WINDOW (self), _("Resign"),
                                          _("Resign the Game?"), body,
                                          _("_Cancel"), _("_Resign"),
                                          STERN_MESSAGE_DESTRUCTIVE),
                G_CALLBACK (on_resign_response));
}

/* -- files -- */

static void
load_saved (SternWindow          *self,
            SternGame            *game,
            const SternGameSetup *setup,
            const SternClock     *clock)
{
  start_game (self, game, setup, clock);
  if (is_browsing (self))
    moves_scroll_to_current (self);
}

static void
save_chosen (GFile    *file,
             gpointer  user_data)
{
  g_autoptr(SternWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    return;

  if (!stern_window_save_to_file (self, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      /* Translators: %s is a file name */
      g_autofree char *heading = g_strdup_printf (_("Could not save “%s”"), name);

      show_error (self, heading, error->message);
    }
}

static void
save_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  /* Translators: the suggested file name of a saved game; keep .sgr */
  g_autofree char *name = g_strdup_printf (_("sternhalma-%s.sgr"), date);

  stern_file_dialog_save (GTK_WINDOW (self), name, save_chosen, g_object_ref (self));
}

static void
open_chosen (GFile    *file,
             gpointer  user_data)
{
  g_autoptr(SternWindow) self = user_data;

  if (file != NULL)
    stern_window_open_file (self, file);
}

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);

  stern_file_dialog_open (GTK_WINDOW (self), open_chosen, g_object_ref (self));
}

static void
statistics_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  g_autofree char *path = NULL;
  GtkWidget *statistics;

  if (stern_match_get_data_dir (self->match) != NULL)
    path = g_build_filename (stern_match_get_data_dir (self->match), "ratings.ini", NULL);
  statistics = stern_statistics_window_new (GTK_WINDOW (self), path);
  gtk_window_set_modal (GTK_WINDOW (statistics), TRUE);
  gtk_window_present (GTK_WINDOW (statistics));
}

/* -- the continue offer -- */

static void
on_resume_response (SternWindow *self,
                    gboolean     accept)
{
  SternGame *game = g_steal_pointer (&self->resume_game);

  stern_match_set_autosave_held (self->match, FALSE);
  update_paused (self);
  if (game == NULL)
    return;

  if (accept)
    load_saved (self, game, &self->resume_setup, &self->resume_clock);
  else
    {
      stern_game_free (game);
      /* The player chose the new game: the old one is given up. */
      stern_match_autosave (self->match);
    }
}

/* -- hooks -- */

static void
session_update_actions (SternWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean back = stern_game_can_undo (GAME (self));
  gboolean forward = stern_game_can_redo (GAME (self));

  gtk_widget_action_set_enabled (widget, "win.replay-first", back);
  gtk_widget_action_set_enabled (widget, "win.replay-back", back);
  gtk_widget_action_set_enabled (widget, "win.replay-forward", forward);
  gtk_widget_action_set_enabled (widget, "win.replay-last", forward);
  gtk_widget_action_set_enabled (widget, "win.resign", resigning_seat (self) != STERN_NO_SEAT);

  mark_moves (self);
  update_clock_labels (self);
}

static void
session_init (SternWindow *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->moves_view);
  GtkGesture *click;
  GdkRGBA current = { 0.21, 0.52, 0.89, 0.25 };

  g_signal_connect_object (stern_match_get_clock (self->match), "tick",
                           G_CALLBACK (on_clock_tick), self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self, "map", G_CALLBACK (update_paused), self);
  g_signal_connect_swapped (self, "unmap", G_CALLBACK (update_paused), self);
  self->move_starts = g_array_new (FALSE, FALSE, sizeof (int));
  self->move_ends = g_array_new (FALSE, FALSE, sizeof (int));

  /* Created after the seat colours, so they win over them. */
  gtk_text_buffer_create_tag (buffer, "future", "foreground", "#c0bfbc", NULL);
  gtk_text_buffer_create_tag (buffer, "current",
                              "background-rgba", &current,
                              "weight", PANGO_WEIGHT_BOLD,
                              NULL);

  click = gtk_gesture_click_new ();
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect_object (click, "pressed", G_CALLBACK (on_moves_pressed),
                           self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->moves_view), GTK_EVENT_CONTROLLER (click));
}

static void
session_dispose (SternWindow *self)
{
  GtkWidget *message = g_steal_pointer (&self->message);

  if (message != NULL)
    gtk_window_destroy (GTK_WINDOW (message));
  g_clear_pointer (&self->resume_game, stern_game_free);
  g_clear_handle_id (&self->moves_scroll_id, g_source_remove);
  g_clear_pointer (&self->move_starts, g_array_unref);
  g_clear_pointer (&self->move_ends, g_array_unref);
}

static void
session_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "win.resign", NULL, resign_activated);
  gtk_widget_class_install_action (widget_class, "win.statistics", NULL, statistics_activated);
  gtk_widget_class_install_action (widget_class, "win.replay-first", NULL, replay_activated);
  gtk_widget_class_install_action (widget_class, "win.replay-back", NULL, replay_activated);
  gtk_widget_class_install_action (widget_class, "win.replay-forward", NULL, replay_activated);
  gtk_widget_class_install_action (widget_class, "win.replay-last", NULL, replay_activated);
}

void
stern_window_set_data_dir (SternWindow *self,
                           const char  *dir)
{
  g_return_if_fail (STERN_IS_WINDOW (self));

  stern_match_set_data_dir (self->match, dir);
}

gboolean
stern_window_offer_resume (SternWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *body = NULL;
  SternGame *game;
  guint n;

  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);

  if (stern_match_get_data_dir (self->match) == NULL)
    return FALSE;

  game = stern_autosave_read (stern_match_get_data_dir (self->match), &self->resume_setup, &self->resume_clock, &error);
  if (game == NULL)
    {
      /* A damaged save is not offered; the next move replaces it. */
      if (error != NULL)
        g_warning ("The saved game cannot be continued: %s", error->message);
      return FALSE;
    }

  n = stern_game_get_n_actions (game);
  /* Translators: "Two Players, round 12, 22 moves played." */
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s, round %u, %u move played.",
                                       "%s, round %u, %u moves played.", n),
                          stern_variant_display_name (stern_game_get_variant (game)),
                          stern_game_get_round (game) + 1, n);

  show_message (self,
                stern_message_window_new (GTK_WINDOW (self), _("Unfinished Game"),
                                          _("Continue the Unfinished Game?"), body,
                                          _("_New Game"), _("_Continue"),
                                          STERN_MESSAGE_SUGGESTED),
                G_CALLBACK (on_resume_response));
  /* Until the answer, the save on disk stays as it is. */
  self->resume_game = game;
  stern_match_set_autosave_held (self->match, TRUE);
  update_paused (self);
  return TRUE;
}

gboolean
stern_window_save_to_file (SternWindow *self,
                           GFile       *file,
                           GError     **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  text = stern_match_write (self->match);
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

gboolean
stern_window_open_file (SternWindow *self,
                        GFile       *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  SternGameSetup setup;
  SternClock clock;
  SternGame *game = NULL;

  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  text = stern_saved_game_load_text (file, &error);
  if (text != NULL)
    game = stern_saved_game_read (text, &setup, &clock, &error);

  if (game == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      /* Translators: %s is a file name */
      g_autofree char *heading = g_strdup_printf (_("Could not open “%s”"), name);
      g_autofree char *body = NULL;

      /* The engine's "line 3, column 4: …" begins a sentence here. */
      if (error->message[0] != '\0')
        error->message[0] = g_ascii_toupper (error->message[0]);
      /* Translators: %s says where and what is wrong in the file, such
       * as "Line 3, column 4: …" */
      body = g_strdup_printf (_("This is not a game record Sternhalma can read.\n\n%s"),
                              error->message);

      show_error (self, heading, body);
      return FALSE;
    }

  load_saved (self, game, &setup, &clock);
  return TRUE;
}

void
stern_window_go_to (SternWindow *self,
                    guint        n_actions)
{
  g_return_if_fail (STERN_IS_WINDOW (self));

  replay_seek (self, n_actions);
}

SternGameClock *
stern_window_get_clock (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);

  return stern_match_get_clock (self->match);
}

GtkWindow *
stern_window_get_message_window (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);

  return self->message != NULL ? GTK_WINDOW (self->message) : NULL;
}
