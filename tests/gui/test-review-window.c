/* The coach in the window: Review Game from the game-over window (chart,
 * summary with each player's accuracy, and the planted blunder first in
 * the list, marked "?" with its reason, shown with the better move and
 * the reason under the board), and the analysis board: on in a game between people; in a rated
 * game against the computer it makes the game unrated.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "stern-analysis.h"
#include "stern-board-view-private.h"
#include "stern-game-over-window.h"
#include "stern-mistakes-window.h"
#include "stern-notation.h"
#include "stern-review-window-private.h"
#include "stern-saved-game.h"
#include "stern-texts.h"
#include "stern-window-coach.h"
#include "gui-test-util.h"

static void
setup_for (SternGameSetup *setup, const SternVariant *variant, const char *kinds)
{
  memset (setup, 0, sizeof *setup);
  setup->variant = variant;
  setup->preset = STERN_PRESET_TABLE;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      setup->computer[seat] = kinds[seat] == 'c';
      setup->level[seat] = STERN_LEVEL_MEDIUM;
    }
}

static SternGame *
read_case (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "cases", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  SternGame *game;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  game = stern_record_read (text, NULL, &error);
  g_assert_no_error (error);
  return game;
}

/* The record as Open Game reads it: with the players' names from its
 * tags, long ones as people give. */
static SternGame *
open_case (const char *name, SternGameSetup *setup)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "cases", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  SternClock clock;
  SternGame *game;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  game = stern_saved_game_read (text, setup, &clock, &error);
  g_assert_no_error (error);
  return game;
}

static gboolean
game_over_shown (gpointer window)
{
  return stern_window_get_game_over_window (window) != NULL;
}

static gboolean
review_shown (gpointer window)
{
  SternReviewWindow *review = stern_window_get_review_window (window);

  return review != NULL && gui_test_dialog_shown (review);
}

static gboolean
review_done (gpointer review)
{
  return !stern_game_review_is_running (stern_review_window_get_review (review));
}

static gboolean
analysed (gpointer analysis)
{
  return stern_analysis_is_analysed (analysis);
}

static gboolean
review_gone (gpointer window)
{
  return stern_window_get_review_window (window) == NULL;
}

/* The texts of every label under widget, one a line. */
static void
collect_labels (GtkWidget *widget, GString *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, out);
}

static gboolean
has_line (const GString *labels, const char *line)
{
  g_autofree char *needle = g_strdup_printf ("\n%s\n", line);
  g_autofree char *haystack = g_strdup_printf ("\n%s", labels->str);

  return strstr (haystack, needle) != NULL;
}

typedef struct {
  GtkWidget     *widget;
  GskRenderNode *node;
} Shot;

/* The widget drawn once its page is laid out: a node to render. */
static gboolean
drawn (gpointer data)
{
  Shot *shot = data;
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (shot->widget);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (shot->widget),
                          gtk_widget_get_height (shot->widget));
  shot->node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  return shot->node != NULL;
}

/* STERN_SCREENSHOT_DIR=DIR keeps a PNG of window there, to look at. */
static void
keep_screenshot (GtkWidget *window, const char *name)
{
  const char *dir = g_getenv ("STERN_SCREENSHOT_DIR");
  g_autofree char *path = NULL;
  g_autoptr (GskRenderer) renderer = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  Shot shot = { window, NULL };

  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  g_assert_true (test_wait_until (drawn, &shot, 5000));
  renderer = gsk_cairo_renderer_new ();
  gsk_renderer_realize (renderer, NULL, NULL);
  texture = gsk_renderer_render_texture (renderer, shot.node, NULL);
  gsk_renderer_unrealize (renderer);
  gsk_render_node_unref (shot.node);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* What the Escape key does in widget: its shortcut's action run, as a
 * key press runs it.  FALSE when widget has no shortcut for Escape. */
static gboolean
press_escape_in (GtkWidget *widget)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr (GtkShortcutTrigger) escape = gtk_shortcut_trigger_parse_string ("Escape");

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), escape))
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}

/* The same in the widget, or in what it is made of: from libadwaita 1.5
 * on a dialog's sheet, inside it, holds its Escape. */
static gboolean
press_escape (GtkWidget *widget)
{
  if (press_escape_in (widget))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!STERN_IS_BOARD_VIEW (child) && press_escape (child))
      {
        g_test_message ("Escape held by %s", G_OBJECT_TYPE_NAME (child));
        return TRUE;
      }
  return FALSE;
}

/* 1, 2 or 5 times a power of ten. */
static gboolean
is_round_step (double step)
{
  double mantissa = step / pow (10.0, floor (log10 (step)));

  return fabs (mantissa - 1) < 1e-9 || fabs (mantissa - 2) < 1e-9 || fabs (mantissa - 5) < 1e-9;
}

static GtkLabel *
find_label (GtkWidget *widget, const char *part)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      strstr (gtk_label_get_label (GTK_LABEL (widget)), part) != NULL)
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, part);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The chart's numbers are round (steps of 1, 2 or 5 times a power of
 * ten, at most five grid lines and eight numbered rounds, the top over
 * every value), at any size; a legend names each line's player and says
 * what the axes measure. */
static guint
count_labels (GtkWidget *widget, const char *text)
{
  guint n = GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
            g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_labels (child, text);
  return n;
}

static void
check_chart (SternReviewWindow *review, const SternGameSetup *setup)
{
  static const int sizes[][2] = { { 400, 220 }, { 300, 160 }, { 900, 400 } };
  SternGameReview *r = stern_review_window_get_review (review);
  const SternVariant *variant = stern_game_get_variant (stern_game_review_get_game (r));
  guint n = stern_game_review_get_n_entries (r);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      double top, tempo_top;
      unsigned lines, round_step;
      unsigned rounds = stern_game_review_get_entry (r, n - 1)->round;

      g_assert_true (stern_review_window_chart_axes (review, sizes[i][0], sizes[i][1], &top,
                                                     &lines, &tempo_top, &round_step));
      g_test_message ("chart %dx%d: 0 to %g in %u lines, rounds by %u of %u", sizes[i][0],
                      sizes[i][1], top, lines, round_step, rounds);
      g_assert_cmpuint (lines, >=, 1);
      g_assert_cmpuint (lines, <=, 5);
      g_assert_true (is_round_step (top / lines));
      g_assert_true (is_round_step (round_step));
      g_assert_cmpuint (rounds / round_step, <=, 8);
      for (guint ply = 0; ply < n; ply++)
        g_assert_cmpfloat (stern_game_review_get_entry (r, ply)->after, <=, top);
    }
  /* The legend and the summary name the players alike: twice each. */
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      g_autofree char *name = stern_game_setup_seat_name (setup, variant->seats[i], NULL);

      g_assert_cmpuint (count_labels (GTK_WIDGET (review), name), ==, 2);
    }
  g_assert_nonnull (find_label (GTK_WIDGET (review), "Across: rounds."));
}

/* A click on the hole as the board's own click handler takes it. */
static void
click_hole (SternBoardView *board, guint hole)
{
  GtkWidget *widget = GTK_WIDGET (board);
  double x, y;

  stern_board_view_hole_centre (board, hole, gtk_widget_get_width (widget),
                                gtk_widget_get_height (widget), &x, &y);
  stern_board_view_click (board, x, y);
}

static gboolean
board_has_size (gpointer board)
{
  return gui_test_is_mapped (board) && gtk_widget_get_width (board) > 100;
}

static gboolean
window_gone (gpointer weak)
{
  return *(gpointer *) weak == NULL;
}

/* Learn From Your Mistakes from the review: the first exercise answered
 * with the board, first with the move played (wrong, the board waits),
 * then with the computer's move (right: the reason and the best move
 * shown); the next one shown with Show; the last Next closes it. */
static void
learn_from_mistakes (SternReviewWindow *review)
{
  SternGameReview *game_review = stern_review_window_get_review (review);
  SternMistakesWindow *learn;
  SternBoardView *board;
  const SternReviewEntry *e;
  g_autofree char *why = NULL;
  guint plies[64], n, shown = 1;
  gpointer weak;

  n = stern_game_review_get_exercises (game_review, 0x3f, plies, G_N_ELEMENTS (plies));
  g_assert_cmpuint (n, >=, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (review), "review.learn", NULL));
  /* The button's action opens it, over the review. */
  learn = NULL;
  {
    GList *toplevels = gtk_window_list_toplevels ();

    for (GList *it = toplevels; it != NULL; it = it->next)
      if (STERN_IS_MISTAKES_WINDOW (it->data))
        learn = it->data;
    g_list_free (toplevels);
  }
  g_assert_nonnull (learn);
  board = stern_mistakes_window_get_board (learn);
  g_assert_true (test_wait_until (board_has_size, board, 5000));
  g_assert_cmpuint (stern_mistakes_window_get_ply (learn), ==, plies[0]);
  e = stern_game_review_get_entry (game_review, plies[0]);

  /* The move played: wrong, nothing explained, the position kept. */
  click_hole (board, e->played[0]);
  click_hole (board, e->played[e->played_len - 1]);
  g_test_message ("%s", stern_mistakes_window_get_feedback (learn));
  g_assert_true (g_str_has_prefix (stern_mistakes_window_get_feedback (learn), "✗"));
  g_assert_false (stern_mistakes_window_get_explained (learn));
  g_assert_cmpuint (stern_game_get_n_actions (stern_board_view_get_game (board)), ==, plies[0]);

  /* The computer's move: right, with the reason. */
  click_hole (board, e->best[0]);
  click_hole (board, e->best[e->best_len - 1]);
  g_test_message ("%s", stern_mistakes_window_get_feedback (learn));
  g_assert_true (g_str_has_prefix (stern_mistakes_window_get_feedback (learn), "✓"));
  g_assert_true (stern_mistakes_window_get_explained (learn));
  why = stern_texts_review_why (e->why, e->why_figure);
  if (why != NULL)
    {
      g_autoptr (GString) labels = g_string_new (NULL);

      collect_labels (GTK_WIDGET (learn), labels);
      g_test_message ("%s", labels->str);
      g_assert_nonnull (strstr (labels->str, why));
    }
  keep_screenshot (GTK_WIDGET (learn), "learn-from-mistakes.png");

  /* Show on the others; the last Next closes the window. */
  weak = learn;
  g_object_add_weak_pointer (G_OBJECT (learn), &weak);
  while (shown < n)
    {
      gtk_widget_activate_action (GTK_WIDGET (learn), "mistakes.next", NULL);
      g_assert_cmpuint (stern_mistakes_window_get_ply (learn), ==, plies[shown]);
      g_assert_false (stern_mistakes_window_get_explained (learn));
      gtk_widget_activate_action (GTK_WIDGET (learn), "mistakes.show", NULL);
      g_assert_true (stern_mistakes_window_get_explained (learn));
      shown++;
    }
  gtk_widget_activate_action (GTK_WIDGET (learn), "mistakes.next", NULL);
  g_assert_true (test_wait_until (window_gone, &weak, 5000));
}

static void
test_review_after_game (void)
{
  SternWindow *window;
  SternGame *game = read_case ("review-blunder.sgr");
  SternReviewWindow *review;
  SternGameSetup setup;
  const SternReviewEntry *e;
  g_autoptr (GError) error = NULL;
  g_autofree char *best = NULL, *why = NULL, *why_line = NULL, *title = NULL;
  g_autoptr (GString) labels = g_string_new (NULL);
  SternReviewSummary sum;
  char accuracy[16];

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  setup_for (&setup, stern_game_get_variant (game), "hhhhhh");
  stern_window_load_game (window, game, &setup);
  /* Black resigns: the game is over and the game-over window offers the review. */
  g_assert_true (stern_match_resign (stern_window_get_match (window), STERN_BLACK, &error));
  g_assert_no_error (error);
  g_assert_true (test_wait_until (game_over_shown, window, 5000));
  stern_game_over_window_review (STERN_GAME_OVER_WINDOW (stern_window_get_game_over_window (window)));
  g_assert_true (test_wait_until (review_shown, window, 5000));
  review = stern_window_get_review_window (window);
  g_assert_true (test_wait_until (review_done, review, 60000));
  g_assert_true (stern_game_review_is_complete (stern_review_window_get_review (review)));

  /* The list starts with the planted blunder, and the board shows it. */
  g_assert_cmpuint (stern_review_window_get_n_mistakes (review), >=, 1);
  g_assert_cmpuint (stern_review_window_get_selected (review), ==, 14);
  e = stern_game_review_get_entry (stern_review_window_get_review (review), 14);
  best = stern_notation_format_path (e->best, e->best_len);
  g_assert_cmpstr (best, ==, "l5-j5-j7-j9");
  /* A mistake: marked "?" in the list, with the engine's reason there and
   * under the board, and each player's accuracy in the summary. */
  g_assert_cmpint (e->klass, ==, STERN_REVIEW_MISTAKE);
  g_assert_cmpint (e->why, ==, STERN_REVIEW_WHY_MISSED_JUMP);
  why = stern_texts_review_why (e->why, e->why_figure);
  why_line = g_strdup_printf (_("Why: %s"), why);
  title = g_strdup_printf (_("Round %u: %s (%s)"), 8, "l5-l4?", _("Mistake"));
  collect_labels (GTK_WIDGET (review), labels);
  g_test_message ("%s", labels->str);
  g_assert_true (has_line (labels, title));
  g_assert_true (has_line (labels, why));
  g_assert_true (has_line (labels, why_line));
  g_assert_true (has_line (labels, _("Accuracy")));
  stern_game_review_get_summary (stern_review_window_get_review (review), STERN_WHITE, &sum);
  g_assert_cmpfloat (sum.accuracy, <, 100.0);
  g_snprintf (accuracy, sizeof accuracy, "%.1f", sum.accuracy);
  g_assert_true (has_line (labels, accuracy));
  keep_screenshot (GTK_WIDGET (review), "review-window.png");
  /* The resignation is the 21st action, reviewed as forced. */
  g_assert_cmpuint (stern_game_review_get_n_entries (stern_review_window_get_review (review)), ==, 21);

  gui_test_wait_for_frame (GTK_WIDGET (review));
  check_chart (review, &setup);

  /* Another move chosen, as a click on the chart or the list would. */
  stern_review_window_select (review, 3);
  g_assert_cmpuint (stern_review_window_get_selected (review), ==, 3);
  /* A move with no reason: none is shown. */
  g_assert_cmpint (stern_game_review_get_entry (stern_review_window_get_review (review), 3)->why,
                   ==, STERN_REVIEW_WHY_NONE);
  g_string_truncate (labels, 0);
  collect_labels (GTK_WIDGET (review), labels);
  g_assert_false (has_line (labels, why_line));
  learn_from_mistakes (review);
  /* Escape closes it, as every other window of the game. */
  g_assert_true (press_escape (GTK_WIDGET (review)));
  g_assert_true (test_wait_until (review_gone, window, 5000));
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
find_learn_button (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "review.learn") == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_learn_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Where widget lies in page, which must hold it all: in page's width,
 * and in its height as shown, unscrolled. */
static void
assert_seen_in (GtkWidget *widget, GtkWidget *page, gboolean whole_height)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, page, &bounds));
  g_test_message ("%s at %.0f,%.0f %.0fx%.0f in %dx%d", G_OBJECT_TYPE_NAME (widget),
                  bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
                  gtk_widget_get_width (page), gtk_widget_get_height (page));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (page) + 0.5);
  if (whole_height)
    {
      g_assert_cmpfloat (bounds.origin.y, >=, 0);
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                         gtk_widget_get_height (page) + 0.5);
    }
}

/* The summary is read without scrolling across (nothing between it and
 * the page scrolls sideways, and it ends inside the page), and so is
 * Learn From Your Mistakes; in_sight: the button is seen as the page
 * opens, without scrolling down. */
static void
assert_summary_and_learn_seen (SternReviewWindow *review, gboolean in_sight)
{
  GtkLabel *accuracy = find_label (GTK_WIDGET (review), _("Accuracy"));
  GtkWidget *learn = find_learn_button (GTK_WIDGET (review));
  GtkWidget *summary, *page;

  g_assert_nonnull (accuracy);
  g_assert_nonnull (learn);
  summary = gtk_widget_get_parent (GTK_WIDGET (accuracy));
  g_assert_true (GTK_IS_GRID (summary));
  /* The results page: the scrolled window round both. */
  page = gtk_widget_get_ancestor (learn, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (page);
  g_assert_true (gtk_widget_is_ancestor (summary, page));
  for (GtkWidget *w = gtk_widget_get_parent (summary); w != page; w = gtk_widget_get_parent (w))
    if (GTK_IS_SCROLLED_WINDOW (w))
      {
        GtkAdjustment *across = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (w));

        g_test_message ("summary scrolled across: %.0f in %.0f", gtk_adjustment_get_upper (across),
                        gtk_adjustment_get_page_size (across));
        g_assert_cmpfloat (gtk_adjustment_get_upper (across), <=,
                           gtk_adjustment_get_page_size (across) + 0.5);
      }
  assert_seen_in (summary, page, FALSE);
  if (in_sight)
    g_assert_cmpfloat (gtk_adjustment_get_value (
                         gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page))), ==, 0);
  assert_seen_in (learn, page, in_sight);
}

/* On a laptop's 1280x900 screen the review's summary and Learn From
 * Your Mistakes are seen without scrolling (the review is 1100x720: in
 * the window from libadwaita 1.5 on, a window of its own before).  On a
 * phone's 360x640 screen the review fits (a bottom sheet from
 * libadwaita 1.5 on, a window of its own before): the board above the
 * chart, the summary's columns in the width. */
static void
test_review_narrow (void)
{
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game = open_case ("review-blunder.sgr", &setup);
  SternReviewWindow *review;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* GNOME's window buttons, as on a phone (GTK's default adds two). */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  window = gui_test_window_new (NULL);
  stern_window_load_game (window, game, &setup);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  g_assert_true (test_wait_until (review_shown, window, 5000));
  review = stern_window_get_review_window (window);
  g_assert_true (test_wait_until (review_done, review, 60000));
#if ADW_CHECK_VERSION (1, 5, 0)
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
#endif
  gui_test_wait_for_frame (GTK_WIDGET (review));
  gui_test_wait_for_frame (GTK_WIDGET (review));
  assert_summary_and_learn_seen (review, TRUE);
  keep_screenshot (GTK_WIDGET (review), "review-1280.png");
  gui_test_assert_dialog_fits (GTK_WIDGET (review), GTK_WINDOW (window), 360, 640);
  assert_summary_and_learn_seen (review, FALSE);
  keep_screenshot (GTK_WIDGET (review), "review-narrow.png");
  gui_test_destroy (window);
  gtk_settings_reset_property (gtk_settings_get_default (), "gtk-decoration-layout");
}

static void
test_analysis (void)
{
  SternWindow *window;
  SternAnalysis *analysis;
  SternGameSetup setup;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  setup_for (&setup, stern_variant_lookup ("classic-2"), "hhhhhh");
  stern_window_new_game (window, &setup);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  analysis = stern_window_get_analysis (window);
  g_assert_nonnull (analysis);
  g_assert_true (stern_analysis_get_active (analysis));
  g_assert_true (test_wait_until (analysed, analysis, 30000));
  g_assert_cmpuint (stern_analysis_get_line_length (analysis), ==, STERN_ANALYSIS_PLIES);
  g_assert_cmpfloat (stern_analysis_get_moves_to_finish (analysis, STERN_WHITE), >, 20.0);
  g_assert_true (gtk_widget_get_visible (stern_analysis_get_bar (analysis)));
  /* It never plays: the game has no move. */
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 0);

  /* A move: analysed again for the other side.  Bigger is better: the
   * side ahead is named with its lead, and the line is in words too. */
  gui_test_play_first (window);
  g_assert_true (test_wait_until (analysed, analysis, 30000));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 1);
  {
    GtkWidget *bar = stern_analysis_get_bar (analysis);
    GtkWidget *summary = gtk_widget_get_next_sibling (gtk_widget_get_first_child (bar));
    GtkWidget *line = gtk_widget_get_next_sibling (summary);
    const char *text = gtk_label_get_label (GTK_LABEL (summary));
    gboolean white_ahead = stern_analysis_get_moves_to_finish (analysis, STERN_WHITE) <
                           stern_analysis_get_moves_to_finish (analysis, STERN_BLACK);

    g_test_message ("%s / %s", text, gtk_label_get_label (GTK_LABEL (line)));
    g_assert_true (g_str_has_prefix (text, white_ahead ? "White leads by " : "Black leads by "));
    g_assert_nonnull (strstr (text, "moves to finish: White "));
    g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (line)), "Line: 1. "));
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (line)), " 4. "));
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  g_assert_false (stern_analysis_get_active (analysis));
  g_assert_false (gtk_widget_get_visible (stern_analysis_get_bar (analysis)));

  /* Against the computer, rated: turned off by such a game; turned on,
   * it makes the game unrated. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  g_assert_true (stern_analysis_get_active (analysis));
  setup_for (&setup, stern_variant_lookup ("classic-2"), "hhhchh");
  stern_window_new_game (window, &setup);
  g_assert_false (stern_analysis_get_active (analysis));
  g_assert_true (stern_match_is_rated (stern_window_get_match (window)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  g_assert_true (stern_analysis_get_active (analysis));
  g_assert_false (stern_match_is_rated (stern_window_get_match (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  gui_test_init ();
  g_test_add_func ("/review/after-game", test_review_after_game);
  g_test_add_func ("/review/narrow", test_review_narrow);
  g_test_add_func ("/review/analysis", test_analysis);
  return g_test_run ();
}
