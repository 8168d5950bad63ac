/* stern-mistakes-window.c: Learn From Your Mistakes.
 *
 * The window decides nothing: the board asks the engine which moves are
 * legal and the review judges the answer.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-mistakes-window.h"

#include <glib/gi18n.h>
#include <string.h>

#include "stern-accessible.h"
#include "stern-game-setup.h"
#include "stern-notation.h"
#include "stern-texts.h"

struct _SternMistakesWindow {
  AdwWindow        parent_instance;

  SternGameReview *review;
  guint           *plies;        /* the exercises */
  guint            n_plies;
  guint            current;      /* index into plies */
  SternGame       *game;         /* on the board, which borrows it */
  gboolean         explained;

  GtkWidget       *title;        /* AdwWindowTitle */
  SternBoardView  *board;
  GtkWidget       *task_label;
  GtkWidget       *feedback_label;
  GtkWidget       *why_label;
  GtkWidget       *show_button;
  GtkWidget       *next_button;
};

G_DEFINE_FINAL_TYPE (SternMistakesWindow, stern_mistakes_window, ADW_TYPE_WINDOW)

/* The review window's colours: the move played and the better one. */
static const double played_rgb[3] = { 1.00, 0.45, 0.10 };
static const double better_rgb[3] = { 0.20, 0.85, 0.35 };

static const SternReviewEntry *
current_entry (SternMistakesWindow *self)
{
  return stern_game_review_get_entry (self->review, self->plies[self->current]);
}

static char *
path_text (SternMistakesWindow *self, const guint8 *path, gsize len)
{
  return stern_notation_format_path_in (stern_game_get_variant (self->game), path, len);
}

/* An empty label would be read out by its class name: it is hidden. */
static void
show_text (GtkWidget *label, const char *text)
{
  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
  gtk_widget_set_visible (label, text != NULL && *text != '\0');
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text != NULL ? text : "", -1);
}

static void
add_path (SternBoardHintPath *paths, gsize *n, const guint8 *path, gsize len,
          const double rgb[3], const char *label)
{
  memset (&paths[*n], 0, sizeof paths[*n]);
  memcpy (paths[*n].path, path, len);
  paths[*n].len = len;
  memcpy (paths[*n].rgb, rgb, sizeof paths[*n].rgb);
  g_strlcpy (paths[*n].label, label, sizeof paths[*n].label);
  (*n)++;
}

/* The move played and, once explained, the best move, as the review
 * draws them. */
static void
draw_paths (SternMistakesWindow *self)
{
  const SternReviewEntry *e = current_entry (self);
  SternBoardHintPath paths[2];
  gsize n = 0;

  add_path (paths, &n, e->played, e->played_len, played_rgb, "1");
  if (self->explained)
    add_path (paths, &n, e->best, e->best_len, better_rgb, "2");
  stern_board_view_set_hint_paths (self->board, paths, n);
}

static void
explain (SternMistakesWindow *self)
{
  const SternReviewEntry *e = current_entry (self);
  g_autofree char *why = stern_texts_review_why (e->why, e->why_figure);
  g_autofree char *best = path_text (self, e->best, e->best_len);
  g_autofree char *text = NULL;

  self->explained = TRUE;
  if (why != NULL)
    {
      g_autofree char *why_line = g_strdup_printf (_("Why: %s"), why);

      /* Translators: "Why: missed a jump of 2 hops. The best move: l5-j5-j7-j9 (2)." */
      text = g_strdup_printf (_("%s. The best move: %s (2)."), why_line, best);
    }
  else
    /* Translators: "The best move: l5-j5-j7-j9 (2)." */
    text = g_strdup_printf (_("The best move: %s (2)."), best);
  show_text (self->why_label, text);
  draw_paths (self);
  stern_board_view_set_interactive (self->board, FALSE);
  gtk_widget_set_sensitive (self->show_button, FALSE);
  gtk_widget_set_sensitive (self->next_button, TRUE);
  gtk_widget_grab_focus (self->next_button);
}

static void
load_exercise (SternMistakesWindow *self)
{
  const SternReviewEntry *e;
  g_autofree char *subtitle = NULL, *played = NULL, *task = NULL;

  e = current_entry (self);
  self->explained = FALSE;
  stern_board_view_set_game (self->board, NULL);
  g_clear_pointer (&self->game, stern_game_free);
  self->game = stern_game_copy (stern_game_review_get_game (self->review));
  stern_game_seek (self->game, e->ply);
  stern_board_view_set_game (self->board, self->game);
  stern_board_view_set_bottom_seat (self->board, e->seat);
  stern_board_view_game_changed (self->board, FALSE);
  stern_board_view_set_interactive (self->board, TRUE);
  draw_paths (self);

  /* Translators: the window's subtitle: "Exercise 1 of 3" */
  subtitle = g_strdup_printf (_("Exercise %u of %u"), self->current + 1, self->n_plies);
  adw_window_title_set_subtitle (ADW_WINDOW_TITLE (self->title), subtitle);
  played = path_text (self, e->played, e->played_len);
  /* Translators: "Round 8, White played l5-l4 (1). Find a better move." */
  task = g_strdup_printf (_("Round %u, %s played %s (1). Find a better move."), e->round,
                          stern_seat_display_name (e->seat), played);
  show_text (self->task_label, task);
  show_text (self->feedback_label, _("Make your move on the board."));
  show_text (self->why_label, NULL);
  gtk_widget_set_sensitive (self->show_button, TRUE);
  gtk_widget_set_sensitive (self->next_button, FALSE);
  gtk_button_set_label (GTK_BUTTON (self->next_button),
                        self->current + 1 < self->n_plies ? _("_Next") : _("_Close"));
  stern_accessible_fix_names (self->next_button);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
on_move_chosen (SternBoardView *board, guint from, guint to, SternMistakesWindow *self)
{
  SternExerciseVerdict verdict;
  double loss;
  g_autofree char *text = NULL, *feedback = NULL;

  if (self->explained)
    return;
  verdict = stern_game_review_check_exercise (self->review, self->plies[self->current], from, to,
                                              &loss);
  text = stern_texts_exercise_verdict (verdict, loss);
  /* The marks say right or wrong at a glance, in every language. */
  feedback = g_strdup_printf ("%s %s", verdict == STERN_EXERCISE_RIGHT ? "✓" : "✗", text);
  show_text (self->feedback_label, feedback);
  /* Wrong: the position stays for another try. */
  stern_board_view_game_changed (self->board, FALSE);
  if (verdict == STERN_EXERCISE_RIGHT)
    explain (self);
}

static void
show_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SternMistakesWindow *self = STERN_MISTAKES_WINDOW (widget);

  if (self->explained)
    return;
  show_text (self->feedback_label, _("The best move is shown on the board."));
  explain (self);
}

static void
next_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SternMistakesWindow *self = STERN_MISTAKES_WINDOW (widget);

  if (!self->explained)
    return;
  if (self->current + 1 >= self->n_plies)
    {
      gtk_window_close (GTK_WINDOW (self));
      return;
    }
  self->current++;
  load_exercise (self);
}

static void
stern_mistakes_window_dispose (GObject *object)
{
  SternMistakesWindow *self = STERN_MISTAKES_WINDOW (object);

  if (self->board != NULL)
    stern_board_view_set_game (self->board, NULL);
  self->board = NULL;
  g_clear_pointer (&self->game, stern_game_free);
  g_clear_object (&self->review);
  g_clear_pointer (&self->plies, g_free);
  G_OBJECT_CLASS (stern_mistakes_window_parent_class)->dispose (object);
}

static void
stern_mistakes_window_class_init (SternMistakesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_mistakes_window_dispose;
  gtk_widget_class_install_action (widget_class, "mistakes.show", NULL, show_activated);
  gtk_widget_class_install_action (widget_class, "mistakes.next", NULL, next_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkWidget *
wrapped_label (void)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL, "wrap", TRUE, "xalign", 0.0f,
                                   "visible", FALSE, NULL);

  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  return label;
}

static void
stern_mistakes_window_init (SternMistakesWindow *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  self->title = adw_window_title_new (_("Learn From Your Mistakes"), NULL);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), self->title);
  gtk_box_append (GTK_BOX (content), header);

  self->task_label = wrapped_label ();
  gtk_widget_add_css_class (self->task_label, "heading");
  gtk_box_append (GTK_BOX (content), self->task_label);
  self->board = STERN_BOARD_VIEW (stern_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self->board), 360, 360);
  g_signal_connect (self->board, "move-chosen", G_CALLBACK (on_move_chosen), self);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->board));
  self->feedback_label = wrapped_label ();
  gtk_box_append (GTK_BOX (content), self->feedback_label);
  self->why_label = wrapped_label ();
  gtk_widget_add_css_class (self->why_label, "heading");
  gtk_box_append (GTK_BOX (content), self->why_label);

  self->show_button = gtk_button_new_with_mnemonic (_("_Show the Best Move"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->show_button), "mistakes.show");
  self->next_button = gtk_button_new_with_mnemonic (_("_Next"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->next_button), "mistakes.next");
  gtk_widget_add_css_class (self->next_button, "suggested-action");
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_end (buttons, 12);
  gtk_widget_set_margin_bottom (buttons, 12);
  gtk_box_append (GTK_BOX (buttons), self->show_button);
  gtk_box_append (GTK_BOX (buttons), self->next_button);
  gtk_box_append (GTK_BOX (content), buttons);
  adw_window_set_content (ADW_WINDOW (self), content);
}

GtkWidget *
stern_mistakes_window_new (GtkWindow *parent, SternGameReview *review, guint seat_mask)
{
  SternMistakesWindow *self;
  g_autofree guint *plies = NULL;
  guint n;

  g_return_val_if_fail (STERN_IS_GAME_REVIEW (review), NULL);
  g_return_val_if_fail (stern_game_review_is_complete (review), NULL);

  n = stern_game_review_get_n_entries (review);
  plies = g_new (guint, MAX (n, 1));
  n = stern_game_review_get_exercises (review, seat_mask, plies, n);
  if (n == 0)
    return NULL;
  /* Said by name: without it GTK 4.8's AT-SPI lists this window as a
   * "filler", not a "frame", so a screen reader does not call it a window
   * (seen in tests/a11y/review-e2e.py). */
  self = g_object_new (STERN_TYPE_MISTAKES_WINDOW,
                       "accessible-role", GTK_ACCESSIBLE_ROLE_WINDOW,
                       "title", _("Learn From Your Mistakes"),
                       "default-width", 640,
                       "default-height", 760,
                       NULL);
  self->review = g_object_ref (review);
  self->plies = g_steal_pointer (&plies);
  self->n_plies = n;
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  load_exercise (self);
  return GTK_WIDGET (self);
}

SternBoardView *
stern_mistakes_window_get_board (SternMistakesWindow *self)
{
  g_return_val_if_fail (STERN_IS_MISTAKES_WINDOW (self), NULL);
  return self->board;
}

guint
stern_mistakes_window_get_ply (SternMistakesWindow *self)
{
  g_return_val_if_fail (STERN_IS_MISTAKES_WINDOW (self), G_MAXUINT);
  return self->plies[self->current];
}

const char *
stern_mistakes_window_get_feedback (SternMistakesWindow *self)
{
  g_return_val_if_fail (STERN_IS_MISTAKES_WINDOW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->feedback_label));
}

gboolean
stern_mistakes_window_get_explained (SternMistakesWindow *self)
{
  g_return_val_if_fail (STERN_IS_MISTAKES_WINDOW (self), FALSE);
  return self->explained;
}
