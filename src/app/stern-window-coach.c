/* stern-window-coach.c: Review Game and the analysis board in the window.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-window-coach.h"

#include <glib/gi18n.h>

#include "stern-window-private.h"

#define REVIEW_KEY   "stern-review-window"
#define ANALYSIS_KEY "stern-analysis"

SternReviewWindow *
stern_window_get_review_window (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return g_object_get_data (G_OBJECT (self), REVIEW_KEY);
}

SternAnalysis *
stern_window_get_analysis (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return g_object_get_data (G_OBJECT (self), ANALYSIS_KEY);
}

/* Closed by the player, or gone with the window. */
static void
review_window_gone (GtkWidget   *review,
                    SternWindow *self)
{
  if (stern_window_get_review_window (self) == (SternReviewWindow *) review)
    g_object_set_data (G_OBJECT (self), REVIEW_KEY, NULL);
}

static void
review_game_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  SternGame *game = stern_match_get_game (self->match);
  SternReviewWindow *old = stern_window_get_review_window (self);
  g_autoptr (SternGame) whole = NULL;
  GtkWidget *review;

  if (game == NULL || stern_game_get_n_actions_total (game) == 0)
    {
      stern_window_show_toast (self, _("No moves to review yet"), NULL, NULL);
      return;
    }
  if (old != NULL)
    stern_compat_dialog_force_close (GTK_WIDGET (old));
  /* The whole game, the moves undone or stepped back in a replay too. */
  whole = stern_game_copy (game);
  stern_game_seek (whole, stern_game_get_n_actions_total (whole));
  review = stern_review_window_new (self->match, whole, stern_match_get_setup (self->match),
                                    STERN_WINDOW_REVIEW_LEVEL);
  g_object_set_data (G_OBJECT (self), REVIEW_KEY, review);
  g_signal_connect_object (review, "destroy", G_CALLBACK (review_window_gone), self, 0);
#if ADW_CHECK_VERSION (1, 5, 0)
  /* A dialog is closed a few frames before it goes. */
  g_signal_connect_object (review, "closed", G_CALLBACK (review_window_gone), self, 0);
#endif
  /* Not modal: the game window stays in use beside it (before 1.5). */
  stern_compat_dialog_present (review, GTK_WINDOW (self), FALSE);
}

static SternAnalysis *
ensure_analysis (SternWindow *self)
{
  SternAnalysis *analysis = stern_window_get_analysis (self);

  if (analysis == NULL)
    {
      analysis = stern_analysis_new (self->match, self->board);
      /* Over the board, under the players' strip. */
      gtk_box_insert_child_after (GTK_BOX (self->board_box), stern_analysis_get_bar (analysis),
                                  GTK_WIDGET (self->players_strip));
      g_object_set_data_full (G_OBJECT (self), ANALYSIS_KEY, analysis, g_object_unref);
    }
  return analysis;
}

static void
analysis_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SternWindow *self = STERN_WINDOW (widget);
  SternAnalysis *analysis = ensure_analysis (self);

  if (stern_analysis_get_active (analysis))
    {
      stern_analysis_set_active (analysis, FALSE);
      stern_window_show_toast (self, _("Analysis off"), NULL, NULL);
    }
  else
    {
      /* One toast at a time: the one saying the game is no longer rated
       * is the news. */
      gboolean unrated = stern_window_use_help (self);

      stern_analysis_set_active (analysis, TRUE);
      if (!unrated)
        stern_window_show_toast (self, _("Analysis on: the computer's line for the side on turn"),
                                 NULL, NULL);
    }
}

gboolean
stern_window_use_help (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);

  if (!stern_match_use_help (self->match))
    return FALSE;
  stern_window_show_toast (self, _("This game is no longer rated: you used a hint, an "
                                   "undo or the analysis"), NULL, NULL);
  return TRUE;
}

void
stern_window_coach_refresh (SternWindow *self)
{
  SternGame *game;

  g_return_if_fail (STERN_IS_WINDOW (self));
  game = stern_match_get_game (self->match);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-game",
                                 game != NULL && stern_game_get_n_actions_total (game) > 0);
  /* Turning it off is always allowed. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.analysis", game != NULL);
}

void
stern_window_coach_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.review-game", NULL, review_game_activated);
  gtk_widget_class_install_action (widget_class, "win.analysis", NULL, analysis_activated);
}
