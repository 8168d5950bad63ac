/* stern-window-actions.c: what the game window does: play the move the
 * board chose (asking first when it is fatal), new game, undo and redo,
 * hint, replay, resign, open and save (with their toasts and the Undo
 * that brings a replaced game back), statistics, the unfinished game
 * continued, and the one helper that shows its questions.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-file-dialog.h"
#include "stern-new-game-dialog.h"
#include "stern-ratings.h"
#include "stern-saved-game.h"
#include "stern-statistics-window.h"
#include "stern-texts.h"
#include "stern-window-coach.h"
#include "stern-window-private.h"
#ifdef STERN_HAVE_NETWORK
#include "stern-online-dialog.h"
#include "stern-window-online.h"
#endif

#define GAME(self)  stern_match_get_game ((self)->match)
#define SETUP(self) stern_match_get_setup ((self)->match)

void
stern_window_update_actions (SternWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean back = stern_match_can_undo (self->match);
  gboolean forward = stern_match_can_redo (self->match);
  gboolean hints_barred = FALSE;

  /* Online, a move is taken back nowhere but here: the server's game counts. */
  gtk_widget_action_set_enabled (widget, "win.undo", back && self->online == NULL);
  gtk_widget_action_set_enabled (widget, "win.redo", forward);
#ifdef STERN_HAVE_NETWORK
  hints_barred = stern_window_online_hints_barred (self);
#endif
  gtk_widget_action_set_enabled (widget, "win.hint",
                                 stern_match_human_to_play (self->match) &&
                                 !stern_match_is_thinking (self->match) &&
                                 self->hint_cancellable == NULL && !self->user_paused &&
                                 !hints_barred);
  /* The button says why it is off (the tooltip is its description too). */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->hint_button),
                               hints_barred ? _("No hints in an online game against people")
                                            : _("Show a Hint (H)"));
  /* The computer of this window only: a remote player is not hurried. */
  gtk_widget_action_set_enabled (widget, "win.move-now",
                                 stern_match_is_thinking (self->match) && self->online == NULL &&
                                 !self->user_paused);
  gtk_widget_action_set_enabled (widget, "win.pause",
                                 self->user_paused ||
                                 (!stern_match_is_over (self->match) && self->online == NULL));
  gtk_widget_action_set_enabled (widget, "win.replay-first", back);
  gtk_widget_action_set_enabled (widget, "win.replay-back", back);
  gtk_widget_action_set_enabled (widget, "win.replay-forward", forward);
  gtk_widget_action_set_enabled (widget, "win.replay-last", forward);
  /* A resignation in a pause would end the game behind the held match. */
  gtk_widget_action_set_enabled (widget, "win.resign",
                                 stern_match_get_resigning_seat (self->match) != STERN_NO_SEAT &&
                                 !self->user_paused);
}

/* ------------------------------------------------------------------ */
/* Messages                                                            */

static void
on_message_answered (SternWindow *self)
{
  /* Before the caller's handler, which may show another one. */
  self->message = NULL;
}

void
stern_window_show_message (SternWindow     *self,
                           const char      *title,
                           const char      *heading,
                           const char      *body,
                           const char      *cancel_label,
                           const char      *accept_label,
                           SternAlertStyle  style,
                           GCallback        on_response)
{
  GtkWidget *old = g_steal_pointer (&self->message);
  GtkWidget *message;

  if (old != NULL)
    stern_alert_dialog_dismiss (STERN_ALERT_DIALOG (old));

  message = stern_alert_dialog_new (GTK_WINDOW (self), title, heading, body,
                                    cancel_label, accept_label, style);
  self->message = message;
  g_signal_connect_object (message, "answered", G_CALLBACK (on_message_answered),
                           self, G_CONNECT_SWAPPED);
  if (on_response != NULL)
    g_signal_connect_object (message, "answered", on_response, self, G_CONNECT_SWAPPED);
  stern_alert_dialog_present (STERN_ALERT_DIALOG (message));
}

void
stern_window_show_error (SternWindow *self,
                         const char  *heading,
                         const char  *body)
{
  stern_window_show_message (self, _("Error"), heading, body, NULL, _("_Close"),
                             STERN_ALERT_PLAIN, NULL);
}

/* ------------------------------------------------------------------ */
/* A fatal move: ask first                                             */

static void
confirm_answered (SternWindow *self,
                  gboolean     play)
{
  guint from = self->confirm_from;
  guint to = self->confirm_to;
  g_autoptr (GError) error = NULL;

  /* Answered: it closes by itself. */
  self->confirm = NULL;

  if (play && stern_match_human_to_play (self->match) &&
      stern_game_is_legal (GAME (self), from, to))
    {
      if (!stern_match_play (self->match, from, to, &error) &&
          !g_error_matches (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_GAME_OVER))
        g_warning ("Could not play %u-%u: %s", from, to, error->message);
      return;
    }

  /* Let the board drop its selection and take input again. */
  stern_board_view_game_changed (self->board, FALSE);
  stern_window_refresh (self);
}

static void
ask_fatal (SternWindow *self,
           guint        from,
           guint        to)
{
  g_autofree char *body = NULL;

  stern_window_close_confirm (self);

  body = stern_texts_fatal_move (GAME (self), from, to);
  g_return_if_fail (body != NULL);
  /* The question is the heading: a dialog's heading is one short line,
   * and libadwaita's alert (1.7) cannot lay out a longer one in its
   * narrow width without GTK warning. */
  self->confirm = stern_alert_dialog_new (GTK_WINDOW (self),
                                          _("This move puts you out of the game"),
                                          _("Lose the Game?"), body,
                                          _("_Cancel"), _("_Play Anyway"),
                                          STERN_ALERT_DESTRUCTIVE);
  gtk_widget_add_css_class (self->confirm, "confirm-fatal");
  self->confirm_from = from;
  self->confirm_to = to;
  g_signal_connect_object (self->confirm, "answered", G_CALLBACK (confirm_answered),
                           self, G_CONNECT_SWAPPED);

  stern_window_refresh (self);
  stern_alert_dialog_present (STERN_ALERT_DIALOG (self->confirm));
}

void
stern_window_move_chosen (SternWindow    *self,
                          guint           from,
                          guint           to,
                          SternBoardView *board)
{
  g_autoptr (GError) error = NULL;

  /* Input that arrives when it is not a human's move, or in a pause, is
   * dropped. */
  if (!stern_match_human_to_play (self->match) || stern_match_is_thinking (self->match) ||
      self->confirm != NULL || self->user_paused)
    return;

  if (!stern_game_is_legal (GAME (self), from, to))
    return;

  if (stern_game_is_fatal (GAME (self), from, to) && self->confirm_fatal)
    ask_fatal (self, from, to);
  else if (!stern_match_play (self->match, from, to, &error) &&
           !g_error_matches (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_GAME_OVER))
    g_warning ("Could not play %u-%u: %s", from, to, error->message);
}

/* ------------------------------------------------------------------ */
/* New game, undo, redo, hint                                          */

static void
on_new_game_dialog_start (SternWindow          *self,
                          const SternGameSetup *setup)
{
  gboolean had_game = stern_game_get_n_actions_total (GAME (self)) > 0 &&
                      !stern_game_is_over (GAME (self));

  if (had_game)
    stern_window_keep_replaced (self);
  stern_window_new_game (self, setup);
  if (had_game)
    stern_window_show_toast (self, _("New game started"), _("_Undo"), "win.restore-game");
}

/* The toast's Undo: the game a new game or an opened file replaced. */
static void
restore_game_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  g_autofree char *record = g_steal_pointer (&self->replaced_record);
  g_autoptr (GError) error = NULL;
  SternGameSetup setup;
  SternClock clock;
  SternGame *game;

  if (record == NULL)
    return;
  game = stern_saved_game_read (record, &setup, &clock, &error);
  if (game == NULL)
    {
      /* Written by us a moment ago: never expected. */
      g_warning ("Could not bring the game back: %s", error->message);
      return;
    }
  stern_window_cancel_hint (self);
  stern_match_start (self->match, game, &setup, &clock);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
open_new_game_dialog (SternWindow *self)
{
  GtkWidget *dialog;

  dialog = stern_new_game_dialog_new (GTK_WINDOW (self), self->settings);
#if !ADW_CHECK_VERSION (1, 5, 0)
  /* The application's shortcuts (Ctrl+Q) work in the dialog's window too. */
  gtk_window_set_application (GTK_WINDOW (dialog), gtk_window_get_application (GTK_WINDOW (self)));
#endif
  g_signal_connect_object (dialog, "start", G_CALLBACK (on_new_game_dialog_start),
                           self, G_CONNECT_SWAPPED);
  stern_compat_dialog_present (dialog, GTK_WINDOW (self), TRUE);
}

#ifdef STERN_HAVE_NETWORK
static void
new_game_after_leaving (SternWindow *self,
                        gboolean     leave,
                        gpointer     data)
{
  if (leave)
    open_new_game_dialog (self);
}
#endif

static void
new_game_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);

#ifdef STERN_HAVE_NETWORK
  /* A new game here leaves the online one: asked first, as quitting is. */
  stern_window_leave_online_then (self,
                                  _("A new game here leaves the room. Your seat is kept for a "
                                    "while; after that the game goes on without you."),
                                  new_game_after_leaving, NULL, NULL);
#else
  open_new_game_dialog (self);
#endif
}

static void
undo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);

  stern_window_cancel_hint (self);
  if (stern_match_can_undo (self->match))
    stern_window_use_help (self);
  stern_match_undo (self->match);
}

static void
move_now_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);

  stern_match_move_now (self->match);
}

static void
redo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);

  stern_window_cancel_hint (self);
  stern_match_redo (self->match);
}

static void
hint_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (SternWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));
  guint8 path[STERN_MAX_PATH];
  gsize len;
  gboolean found;

  found = stern_match_hint_finish (STERN_MATCH (source), result, path, &len, &error);

  /* Only the answer to the question still open. */
  if (self->hint_cancellable == NULL || cancellable != self->hint_cancellable)
    return;
  stern_window_cancel_hint (self);

  if (found)
    stern_board_view_show_hint (self->board, path, len);
  stern_window_refresh (self);
}

static void
hint_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);

  if (!stern_match_human_to_play (self->match) || self->hint_cancellable != NULL)
    return;
  stern_window_use_help (self);
  self->hint_cancellable = g_cancellable_new ();
  stern_match_hint_async (self->match, self->hint_cancellable, hint_done, g_object_ref (self));
  stern_window_refresh (self);
}

/* ------------------------------------------------------------------ */
/* Replay                                                              */

static void
replay_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  guint now = stern_game_get_n_actions (GAME (self));
  guint n;

  if (g_str_equal (action_name, "win.replay-first"))
    n = 0;
  else if (g_str_equal (action_name, "win.replay-back"))
    n = now > 0 ? now - 1 : 0;
  else if (g_str_equal (action_name, "win.replay-forward"))
    n = now + 1;
  else
    n = stern_game_get_n_actions_total (GAME (self));

  stern_window_go_to (self, n);
}

/* ------------------------------------------------------------------ */
/* Resignation                                                         */

static void
on_resign_response (SternWindow *self,
                    gboolean     accept)
{
  g_autoptr (GError) error = NULL;
  unsigned seat = stern_match_get_resigning_seat (self->match);

  if (!accept || seat == STERN_NO_SEAT)
    return;

  stern_window_cancel_hint (self);
  if (!stern_match_resign (self->match, seat, &error))
    g_warning ("Could not resign: %s", error->message);
}

static void
resign_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  unsigned seat = stern_match_get_resigning_seat (self->match);
  g_autofree char *body = NULL;

  if (seat == STERN_NO_SEAT)
    return;

  body = stern_texts_resign_question (GAME (self), SETUP (self), seat, self->player_name);
  stern_window_show_message (self, _("Resign"), _("Resign the Game?"), body,
                             _("_Cancel"), _("_Resign"), STERN_ALERT_DESTRUCTIVE,
                             G_CALLBACK (on_resign_response));
}

/* ------------------------------------------------------------------ */
/* Files                                                               */

/* A file's name as the user reads it: valid UTF-8 whatever the bytes on
 * disk. */
static char *
display_basename (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *parse_name = NULL;

  if (path != NULL)
    return g_filename_display_basename (path);
  parse_name = g_file_get_parse_name (file);
  return g_path_get_basename (parse_name);
}

static void
save_chosen (GFile    *file,
             gpointer  user_data)
{
  g_autoptr (SternWindow) self = user_data;
  g_autoptr (GError) error = NULL;

  if (file == NULL)
    return;

  if (!stern_window_save_to_file (self, file, &error))
    {
      g_autofree char *name = display_basename (file);
      /* Translators: %s is a file name */
      g_autofree char *heading = g_strdup_printf (_("Could not save “%s”"), name);

      stern_window_show_error (self, heading, error->message);
    }
  else
    {
      g_autofree char *name = display_basename (file);
      /* Translators: a toast; %s is a file name */
      g_autofree char *title = g_strdup_printf (_("Saved “%s”"), name);

      stern_window_show_toast (self, title, NULL, NULL);
    }
}

static void
save_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  /* Translators: the suggested file name of a saved game; keep .sgr */
  g_autofree char *name = g_strdup_printf (_("sternhalma-%s.sgr"), date);

  stern_file_dialog_save (GTK_WINDOW (self), name, save_chosen, g_object_ref (self));
}

static void
open_chosen (GFile    *file,
             gpointer  user_data)
{
  g_autoptr (SternWindow) self = user_data;

  if (file != NULL)
    stern_window_open_file (self, file);
}

#ifdef STERN_HAVE_NETWORK
static void
open_after_leaving (SternWindow *self,
                    gboolean     leave,
                    gpointer     data)
{
  if (leave)
    stern_file_dialog_open (GTK_WINDOW (self), open_chosen, g_object_ref (self));
}
#endif

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);

#ifdef STERN_HAVE_NETWORK
  /* A game opened here leaves the online one: asked first. */
  stern_window_leave_online_then (self, NULL, open_after_leaving, NULL, NULL);
#else
  stern_file_dialog_open (GTK_WINDOW (self), open_chosen, g_object_ref (self));
#endif
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
  /* Never a file that Open would refuse. */
  if (!stern_saved_game_check_size (text, error))
    return FALSE;
  if (!g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error))
    return FALSE;
  /* The moves the autosave could not keep are in this file now. */
  stern_match_mark_saved (self->match);
  return TRUE;
}

/* The opened game has been drawn once: from now on it is the autosave. */
static void
release_opened_game (SternWindow *self)
{
  /* The clock's handlers go when its surface does (a closed window). */
  if (self->shown_clock != NULL && self->shown_handler != 0 &&
      g_signal_handler_is_connected (self->shown_clock, self->shown_handler))
    g_signal_handler_disconnect (self->shown_clock, self->shown_handler);
  self->shown_handler = 0;
  g_clear_object (&self->shown_clock);
  g_clear_handle_id (&self->shown_timeout_id, g_source_remove);
  stern_match_set_autosave_held (self->match, FALSE);
  stern_match_autosave (self->match);
}

static void
opened_game_drawn (SternWindow   *self,
                   GdkFrameClock *frame_clock)
{
  release_opened_game (self);
}

/* Not drawn in this time (a window not shown, a hidden one): it is not
 * going to crash while being shown, and must not stay unsaved. */
#define OPENED_GAME_SHOWN_TIMEOUT_S 10

static gboolean
opened_game_not_drawn (gpointer user_data)
{
  SternWindow *self = user_data;

  self->shown_timeout_id = 0;
  release_opened_game (self);
  return G_SOURCE_REMOVE;
}

static gboolean open_file (SternWindow *self, GFile *file, gboolean any_size);

static void
on_open_anyway_response (SternWindow *self,
                         gboolean     accept)
{
  g_autoptr (GFile) file = g_steal_pointer (&self->too_big_file);

  if (accept && file != NULL)
    open_file (self, file, TRUE);
}

gboolean
stern_window_open_file (SternWindow *self,
                        GFile       *file)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return open_file (self, file, FALSE);
}

static gboolean
open_file (SternWindow *self,
           GFile       *file,
           gboolean     any_size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) warnings = NULL;
  g_autofree char *text = NULL;
  SternGameSetup setup;
  SternClock clock;
  SternGame *game = NULL;

  warnings = g_ptr_array_new_with_free_func (g_free);
  text = any_size ? stern_saved_game_load_text_any_size (file, warnings, &error)
                  : stern_saved_game_load_text_with_warnings (file, warnings, &error);
  if (text != NULL)
    game = stern_saved_game_read_with_warnings (text, &setup, &clock, warnings, &error);

  /* A game record all the same (a save kept aside, a very long game):
   * the user may open it. */
  if (game == NULL && !any_size && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
    {
      g_autofree char *name = display_basename (file);
      /* Translators: %s is a file name */
      g_autofree char *heading = g_strdup_printf (_("“%s” Is Very Big"), name);
      /* Translators: %s says how big the file is and how big a record may be */
      g_autofree char *body = g_strdup_printf (_("%s\n\nIt can be opened anyway; that may take "
                                                 "a while, and the game may be too long to be "
                                                 "saved after every move."), error->message);

      g_set_object (&self->too_big_file, file);
      stern_window_show_message (self, _("Open Game"), heading, body, _("_Cancel"), _("_Open Anyway"),
                                 STERN_ALERT_SUGGESTED, G_CALLBACK (on_open_anyway_response));
      return FALSE;
    }

  if (game == NULL)
    {
      g_autofree char *name = display_basename (file);
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

      stern_window_show_error (self, heading, body);
      return FALSE;
    }

  stern_window_keep_replaced (self);
  /* The game in progress stays the autosave until the opened one has been
   * shown: should showing it fail (a crash), the next start offers the
   * old game again, not one that cannot be shown. */
  if (!stern_match_get_autosave_held (self->match) && self->shown_timeout_id == 0)
    {
      GdkFrameClock *frame_clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

      stern_match_set_autosave_held (self->match, TRUE);
      if (frame_clock != NULL)
        {
          self->shown_clock = g_object_ref (frame_clock);
          self->shown_handler = g_signal_connect_swapped (frame_clock, "after-paint",
                                                          G_CALLBACK (opened_game_drawn), self);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      self->shown_timeout_id = g_timeout_add_seconds (frame_clock != NULL ? OPENED_GAME_SHOWN_TIMEOUT_S : 0,
                                                      opened_game_not_drawn, self);
    }
  stern_match_start (self->match, game, &setup, &clock);
  {
    g_autofree char *name = display_basename (file);
    /* Translators: a toast; %s is a file name */
    g_autofree char *title = g_strdup_printf (_("Opened “%s”"), name);

    stern_window_show_toast (self, title,
                             self->replaced_record != NULL ? _("_Undo") : NULL,
                             "win.restore-game");
    /* Read, but not as written: the user hears what was read otherwise
     * (a name read as Latin-1, a tag ignored, a Result the moves overrule). */
    if (warnings->len > 0)
      {
        g_autofree char *heading = NULL;
        g_autofree char *body = NULL;

        g_ptr_array_add (warnings, NULL);
        body = g_strjoinv ("\n", (char **) warnings->pdata);
        /* Translators: %s is a file name */
        heading = g_strdup_printf (_("“%s” was opened, with remarks"), name);
        stern_window_show_message (self, _("Game Opened"), heading, body, NULL, _("_Close"),
                                   STERN_ALERT_PLAIN, NULL);
      }
  }
  return TRUE;
}

static void
statistics_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  const char *dir = stern_match_get_data_dir (self->match);
  g_autofree char *path = NULL;
  GtkWidget *statistics;

  if (dir != NULL)
    path = stern_ratings_get_path (dir);
  statistics = stern_statistics_window_new (path);
  stern_compat_dialog_present (statistics, GTK_WINDOW (self), TRUE);
}

/* ------------------------------------------------------------------ */
/* The unfinished game                                                 */

/* Another copy plays the saved game: "Open Read-Only" shows it here, and
 * the match never writes it (stern_match_get_data_dir_busy()). */
static void
busy_answered (SternWindow *self,
               gboolean     read_only)
{
  SternGameSetup setup;
  SternClock clock;
  SternGame *game;

  if (!read_only)
    return;
  game = stern_match_read_autosave (self->match, &setup, &clock);
  if (game == NULL)
    {
      stern_window_show_toast (self, _("The other copy has no unfinished game"), NULL, NULL);
      return;
    }
  stern_match_start (self->match, game, &setup, &clock);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
  stern_window_show_toast (self, _("The other copy’s game, read-only"), NULL, NULL);
}

static gboolean
ask_about_busy_folder (gpointer user_data)
{
  SternWindow *self = user_data;

  stern_window_show_message (self, _("Already Open"),
                             _("Sternhalma is already open with this game"),
                             _("Another copy of Sternhalma, perhaps in another login, is "
                               "playing the game saved in this folder. This copy never writes "
                               "over it: you can look at that game here, or play a separate "
                               "game, which is not saved automatically (use Save As to keep it)."),
                             _("Play a _Separate Game"), _("Open _Read-Only"),
                             STERN_ALERT_SUGGESTED, G_CALLBACK (busy_answered));
  return G_SOURCE_REMOVE;
}

/* As GNOME Chess does: the game left unfinished is simply there again,
 * with a toast offering a new one instead. */
gboolean
stern_window_offer_resume (SternWindow *self)
{
  SternGameSetup setup;
  SternClock clock;
  SternGame *game;

  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);

  /* Once the window is there to be asked over. */
  if (stern_match_get_data_dir_busy (self->match) != NULL)
    {
      g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, ask_about_busy_folder, g_object_ref (self),
                       g_object_unref);
      return FALSE;
    }

#ifdef STERN_HAVE_NETWORK
  /* An online game left by quitting comes first: its seat waits. */
  if (stern_window_resume_online (self))
    return TRUE;
#endif

  /* A damaged save is kept aside and told in the banner (the match's
   * notice); the moves before the damage, if any, are continued. */
  game = stern_match_read_autosave (self->match, &setup, &clock);
  if (game == NULL)
    return FALSE;

  stern_match_start (self->match, game, &setup, &clock);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
  stern_window_show_toast (self, _("Unfinished game continued"), _("_New Game"), "win.new-game");
  return TRUE;
}

/* Answered either way, the question is not asked again: Learn in the
 * main menu has the tutorial at any time. */
static void
on_tutorial_answered (SternWindow *self,
                      gboolean     accept)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  g_settings_set_boolean (self->settings, "tutorial-offered", TRUE);
  if (accept && app != NULL)
    g_action_group_activate_action (G_ACTION_GROUP (app), "tutorial", NULL);
}

static void
ask_tutorial (SternWindow *self)
{
  g_signal_handlers_disconnect_by_func (self, ask_tutorial, NULL);
  stern_window_show_message (self, _("Welcome"), _("New to Sternhalma?"),
                             _("Four short steps on the board show how to play. "
                               "Learn in the main menu has them at any time."),
                             _("_Not Now"), _("_Start Tutorial"), STERN_ALERT_SUGGESTED,
                             G_CALLBACK (on_tutorial_answered));
}

gboolean
stern_window_offer_tutorial (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);

  if (g_settings_get_boolean (self->settings, "tutorial-offered"))
    return FALSE;
  /* A question that stays until answered (a toast went unseen); over the
   * window once it is shown, so that the window does not cover it.  Not
   * answered (the window closed first), it is asked at the next start. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    ask_tutorial (self);
  else
    g_signal_connect (self, "map", G_CALLBACK (ask_tutorial), NULL);
  return TRUE;
}

#if ADW_CHECK_VERSION (1, 8, 0)
/* The main menu's Keyboard Shortcuts: AdwApplication's own dialog (made
 * from the resources' shortcuts-dialog.ui) instead of GtkApplicationWindow's
 * deprecated shortcuts window. */
static void
show_shortcuts_activated (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (widget));

  if (app != NULL)
    g_action_group_activate_action (G_ACTION_GROUP (app), "shortcuts", NULL);
}
#endif

#ifdef STERN_HAVE_NETWORK
static void
play_online_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  stern_window_present_online_dialog (STERN_WINDOW (widget));
}
#endif

/* ------------------------------------------------------------------ */
/* Saving: the banner and the question before quitting                 */

void
stern_window_update_banner (SternWindow *self)
{
  const GError *error;
  const char *notice;

  g_return_if_fail (STERN_IS_WINDOW (self));

  error = stern_match_get_save_error (self->match);
  notice = stern_match_get_notice (self->match);
  /* A failed save matters more: it is shown until a save succeeds. */
  if (error != NULL)
    stern_save_banner_show_save_error (self->save_banner, error,
                                       stern_match_get_data_dir (self->match));
  else if (notice != NULL)
    stern_save_banner_show_notice (self->save_banner, notice);
  else
    stern_save_banner_hide (self->save_banner);
}

#if ADW_CHECK_VERSION (1, 5, 0)
/* A window with a dialog over it closes the dialog instead of itself, and
 * a dialog still closing (sliding away) when its window goes is left
 * behind: the window closes once the question is no longer in it. */
static void
close_after_question (SternWindow *self,
                      GParamSpec  *pspec,
                      GtkWidget   *question)
{
  if (gtk_widget_get_parent (question) != NULL)
    return;
  g_signal_handlers_disconnect_by_func (question, close_after_question, self);
  gtk_window_close (GTK_WINDOW (self));
}
#else
static gboolean
close_confirmed_cb (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}
#endif

static void
on_quit_response (SternWindow *self,
                  gboolean     quit,
                  GtkWidget   *question)
{
  if (!quit)
    return;
  self->close_confirmed = TRUE;
#if ADW_CHECK_VERSION (1, 5, 0)
  g_signal_connect_object (question, "notify::parent", G_CALLBACK (close_after_question),
                           self, G_CONNECT_SWAPPED);
  close_after_question (self, NULL, question);
#else
  /* Once the question has gone: closing takes it along. */
  g_idle_add_full (G_PRIORITY_DEFAULT, close_confirmed_cb, g_object_ref (self), g_object_unref);
#endif
}

gboolean
stern_window_ask_before_closing (SternWindow *self)
{
  const GError *error;
  g_autofree char *reason = NULL;
  g_autofree char *body = NULL;

  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);

  if (self->close_confirmed)
    return FALSE;
#ifdef STERN_HAVE_NETWORK
  if (stern_window_online_in_play (self))
    {
      stern_window_show_message (self, _("Network Game"), _("Leave the Online Game?"),
                                 _("Your seat is kept for a while: start the game again to "
                                   "go back to it. After that the game goes on without you."),
                                 _("_Cancel"), _("_Quit"), STERN_ALERT_DESTRUCTIVE,
                                 G_CALLBACK (on_quit_response));
      return TRUE;
    }
#endif
  if (!stern_match_has_unsaved_moves (self->match))
    return FALSE;

  error = stern_match_get_save_error (self->match);
  reason = error != NULL ? stern_save_banner_describe_error (error, stern_match_get_data_dir (self->match))
                         : g_strdup ("");
  /* Translators: %s is the reason, such as "the disk is full" */
  body = g_strdup_printf (_("The last moves could not be saved (%s). If you quit now, they "
                            "are lost; Save As… keeps the game in a file of your choice."),
                          reason);
  stern_window_show_message (self, _("Unsaved Game"), _("Quit Without Saving?"), body,
                             _("_Cancel"), _("_Quit Anyway"), STERN_ALERT_DESTRUCTIVE,
                             G_CALLBACK (on_quit_response));
  return TRUE;
}

void
stern_window_actions_class_init (GtkWidgetClass *widget_class)
{
#ifdef STERN_HAVE_NETWORK
  gtk_widget_class_install_action (widget_class, "win.play-online", NULL, play_online_activated);
#endif
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_activated);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_activated);
  gtk_widget_class_install_action (widget_class, "win.move-now", NULL, move_now_activated);
  /* A toggle: the window's "paused" property. */
  gtk_widget_class_install_property_action (widget_class, "win.pause", "paused");
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "win.resign", NULL, resign_activated);
  gtk_widget_class_install_action (widget_class, "win.statistics", NULL, statistics_activated);
  gtk_widget_class_install_action (widget_class, "win.restore-game", NULL, restore_game_activated);
  gtk_widget_class_install_action (widget_class, "win.replay-first", NULL, replay_activated);
  gtk_widget_class_install_action (widget_class, "win.replay-back", NULL, replay_activated);
  gtk_widget_class_install_action (widget_class, "win.replay-forward", NULL, replay_activated);
  gtk_widget_class_install_action (widget_class, "win.replay-last", NULL, replay_activated);
  stern_window_coach_install_actions (widget_class);
#if ADW_CHECK_VERSION (1, 8, 0)
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_shortcuts_activated);
#endif
}
