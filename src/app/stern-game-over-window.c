/* stern-game-over-window.c: the places at the end of a game.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "stern-game-over-window.h"
#include "stern-seat-dot.h"
#include "stern-texts.h"

struct _SternGameOverWindow
{
  SternDialogBase parent_instance;

  GtkWidget *headline;
  GtkWidget *reason;
  GtkWidget *places;   /* GtkGrid */
  GtkWidget *rating;   /* the rating's change, or why there is none */
  char      *result;
};

G_DEFINE_FINAL_TYPE (SternGameOverWindow, stern_game_over_window, STERN_TYPE_DIALOG_BASE)

enum {
  SIGNAL_PLAY_AGAIN,
  SIGNAL_REVIEW,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
stern_game_over_window_set_reason (SternGameOverWindow *self,
                                   const char          *reason)
{
  g_return_if_fail (STERN_IS_GAME_OVER_WINDOW (self));
  g_return_if_fail (reason != NULL);

  gtk_label_set_label (GTK_LABEL (self->reason), reason);
  gtk_widget_set_visible (self->reason, TRUE);
}

void
stern_game_over_window_set_rating (SternGameOverWindow *self,
                                   double               before,
                                   double               after)
{
  g_autofree char *text = NULL;
  int from = (int) lround (before), to = (int) lround (after);

  g_return_if_fail (STERN_IS_GAME_OVER_WINDOW (self));

  /* Translators: the player's rating before and after the game, and the
   * change, e.g. "Rating 1500 → 1516 (+16)" */
  text = g_strdup_printf (_("Rating %d → %d (%+d)"), from, to, to - from);
  gtk_label_set_label (GTK_LABEL (self->rating), text);
  gtk_widget_set_visible (self->rating, TRUE);
}

const char *
stern_game_over_window_get_rating (SternGameOverWindow *self)
{
  g_return_val_if_fail (STERN_IS_GAME_OVER_WINDOW (self), NULL);

  return gtk_widget_get_visible (self->rating) ? gtk_label_get_label (GTK_LABEL (self->rating))
                                               : NULL;
}

const char *
stern_game_over_window_get_result (SternGameOverWindow *self)
{
  g_return_val_if_fail (STERN_IS_GAME_OVER_WINDOW (self), NULL);

  return self->result;
}

void
stern_game_over_window_play_again (SternGameOverWindow *self)
{
  g_return_if_fail (STERN_IS_GAME_OVER_WINDOW (self));

  /* Closed first: the handler starts a game, which may close it too. */
  g_object_ref (self);
  stern_compat_dialog_close (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_PLAY_AGAIN], 0);
  g_object_unref (self);
}

void
stern_game_over_window_review (SternGameOverWindow *self)
{
  g_return_if_fail (STERN_IS_GAME_OVER_WINDOW (self));

  g_object_ref (self);
  stern_compat_dialog_close (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_REVIEW], 0);
  g_object_unref (self);
}

static void
review_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  stern_game_over_window_review (STERN_GAME_OVER_WINDOW (widget));
}

static void
play_again_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  stern_game_over_window_play_again (STERN_GAME_OVER_WINDOW (widget));
}

static GtkWidget *
label_new (const char *text,
           float       xalign,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
fill (SternGameOverWindow  *self,
      const SternGame      *game,
      const SternGameSetup *setup)
{
  const SternVariant *variant = stern_game_get_variant (game);
  g_autofree char *why = stern_texts_end_reason (game);
  const char *reason = why;
  g_autofree char *solo = stern_texts_solo_score (game);
  unsigned order[STERN_N_SEATS];
  unsigned n = variant->n_players;
  int row = 0;

  self->result = stern_game_result_text (game);
  gtk_label_set_label (GTK_LABEL (self->headline), self->result);
  /* Alone, there is no place to win: the moves count. */
  if (solo != NULL)
    reason = solo;
  gtk_label_set_label (GTK_LABEL (self->reason), reason != NULL ? reason : "");
  gtk_widget_set_visible (self->reason, reason != NULL);
  if (setup->unrated)
    {
      gtk_label_set_label (GTK_LABEL (self->rating),
                           _("Not rated: you used a hint, an undo or the analysis"));
      gtk_widget_set_visible (self->rating, TRUE);
    }

  /* Seats by place; unplaced ones (should not happen at the end) last. */
  for (unsigned i = 0; i < n; i++)
    order[i] = variant->seats[i];
  for (unsigned i = 1; i < n; i++)
    for (unsigned j = i; j > 0; j--)
      {
        unsigned a = stern_game_get_place (game, order[j - 1]);
        unsigned b = stern_game_get_place (game, order[j]);
        unsigned tmp;

        if ((a == 0 ? 99 : a) <= (b == 0 ? 99 : b))
          break;
        tmp = order[j];
        order[j] = order[j - 1];
        order[j - 1] = tmp;
      }

  for (unsigned i = 0; i < n; i++)
    {
      unsigned seat = order[i];
      unsigned place = stern_game_get_place (game, seat);
      unsigned team = stern_team_number (variant, seat);
      g_autofree char *who = NULL;
      g_autofree char *goal = NULL;
      g_autofree char *note = stern_texts_player_state (game, seat);
      int col = 0;

      if (stern_game_setup_is_human (setup, seat))
        who = g_strdup (_("Human"));
      else
        /* Translators: "Computer · Medium": who plays a seat and how strong */
        who = g_strdup_printf (_("Computer · %s"), stern_level_display_name (setup->level[seat]));

      /* Translators: marbles of a player in its goal, e.g. "7/10 in goal" */
      goal = g_strdup_printf (_("%u/%u in goal"),
                              stern_game_marbles_in_goal (game, seat), (unsigned) variant->marbles);

      gtk_grid_attach (GTK_GRID (self->places),
                       label_new (place >= 1 && place <= STERN_N_SEATS && !variant->solo
                                  ? stern_place_display_name (place) : "",
                                  0, "heading"),
                       col++, row, 1, 1);
      gtk_grid_attach (GTK_GRID (self->places), stern_seat_dot_new (seat), col++, row, 1, 1);
      /* Who played the seat under its name, so that the table fits a
       * phone's width. */
      {
        g_autofree char *details = NULL;
        GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
        GtkWidget *line;

        if (team != 0)
          /* Translators: "Team 1 · Computer · Medium · 7/10 in goal" */
          details = g_strdup_printf (_("Team %u · %s · %s"), team, who, note != NULL ? note : goal);
        else
          /* Translators: "Computer · Medium · 7/10 in goal" */
          details = g_strdup_printf (_("%s · %s"), who, note != NULL ? note : goal);
        gtk_box_append (GTK_BOX (cell), label_new (stern_seat_display_name (seat), 0, NULL));
        line = label_new (details, 0, "dim-label");
        /* Cut, not wrapped: a wrapping line here makes a dialog sheet
         * measure taller than it is given (libadwaita 1.7 warns). */
        gtk_label_set_ellipsize (GTK_LABEL (line), PANGO_ELLIPSIZE_END);
        gtk_label_set_max_width_chars (GTK_LABEL (line), 30);
        gtk_widget_add_css_class (line, "caption");
        gtk_box_append (GTK_BOX (cell), line);
        gtk_grid_attach (GTK_GRID (self->places), cell, col++, row, 1, 1);
      }
      row++;
    }
}

static void
stern_game_over_window_finalize (GObject *object)
{
  SternGameOverWindow *self = STERN_GAME_OVER_WINDOW (object);

  g_free (self->result);

  G_OBJECT_CLASS (stern_game_over_window_parent_class)->finalize (object);
}

static void
stern_game_over_window_class_init (SternGameOverWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = stern_game_over_window_finalize;

  signals[SIGNAL_PLAY_AGAIN] =
    g_signal_new ("play-again",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  signals[SIGNAL_REVIEW] =
    g_signal_new ("review",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "game-over.play-again", NULL, play_again_activated);
  gtk_widget_class_install_action (widget_class, "game-over.review", NULL, review_activated);
  stern_compat_dialog_class_init (widget_class);
}

static void
stern_game_over_window_init (SternGameOverWindow *self)
{
  GtkWidget *box, *buttons, *again, *review;

  g_object_set (self, "title", _("Game Over"), NULL);
#if !ADW_CHECK_VERSION (1, 5, 0)
  gtk_window_set_resizable (GTK_WINDOW (self), FALSE);
#endif
  gtk_widget_add_css_class (GTK_WIDGET (self), "game-over");

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  /* With its margins it fits a 360 px phone, where it is a bottom sheet. */
  gtk_widget_set_size_request (box, 300, -1);
  stern_compat_dialog_set_content (GTK_WIDGET (self), box);

  self->headline = label_new (NULL, 0.5, "title-1");
  gtk_box_append (GTK_BOX (box), self->headline);
  self->reason = label_new (NULL, 0.5, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (self->reason), TRUE);
  gtk_box_append (GTK_BOX (box), self->reason);

  self->places = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->places), 8);
  gtk_grid_set_column_spacing (GTK_GRID (self->places), 12);
  gtk_widget_set_halign (self->places, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (self->places, 12);
  gtk_widget_set_margin_bottom (self->places, 12);
  gtk_box_append (GTK_BOX (box), self->places);

  self->rating = label_new (NULL, 0.5, "heading");
  gtk_label_set_wrap (GTK_LABEL (self->rating), TRUE);
  gtk_widget_set_visible (self->rating, FALSE);
  gtk_widget_set_margin_bottom (self->rating, 6);
  gtk_box_append (GTK_BOX (box), self->rating);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (box), buttons);

  review = gtk_button_new_with_mnemonic (_("_Review Game"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (review), "game-over.review");
  gtk_box_append (GTK_BOX (buttons), review);

  again = gtk_button_new_with_mnemonic (_("_Play Again"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (again), "game-over.play-again");
  gtk_widget_add_css_class (again, "suggested-action");
  gtk_box_append (GTK_BOX (buttons), again);

  stern_compat_dialog_set_default (GTK_WIDGET (self), again);
}

GtkWidget *
stern_game_over_window_new (const SternGame      *game,
                            const SternGameSetup *setup)
{
  SternGameOverWindow *self;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (setup != NULL, NULL);

  self = g_object_new (STERN_TYPE_GAME_OVER_WINDOW, NULL);
  fill (self, game, setup);

  return GTK_WIDGET (self);
}
