/* test-learn.c: the Learn window, the puzzles and the position editor on
 * a display.
 *
 * A lesson is answered through the board as a click makes it (the view's
 * own click handler at the holes' centres), a building exercise by clicks
 * on empty holes and Check; the tutorial is offered once; a puzzle opened
 * from Learn's list is answered wrong, then right, and only the first try
 * moves the puzzle rating, and the Kind choice keeps to a kind; the
 * position editor refuses what the engine says is not a position, with
 * the reason.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "gui-test-util.h"
#include "stern-board-view-private.h"
#include "stern-learn-window.h"
#include "stern-lessons.h"
#include "stern-notation.h"
#include "stern-position-editor.h"
#include "stern-puzzle-window.h"
#include "stern-rating.h"
#include "stern-ratings.h"
#include "stern-compat.h"
#include "stern-rules-window.h"

static void
click_hole (SternBoardView *board,
            const char     *name)
{
  GtkWidget *widget = GTK_WIDGET (board);
  double x, y;

  stern_board_view_hole_centre (board, gui_test_hole (name),
                                gtk_widget_get_width (widget), gtk_widget_get_height (widget),
                                &x, &y);
  stern_board_view_click (board, x, y);
}

/* Shows learn at width×height: a window of its own before libadwaita
 * 1.5, from then on a dialog inside a window of that size, as over the
 * game's window. */
static void
learn_present (SternLearnWindow *learn,
               int               width,
               int               height)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  GtkWidget *host = adw_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (host), width, height);
  gtk_window_present (GTK_WINDOW (host));
  stern_compat_dialog_set_size (GTK_WIDGET (learn), width, height);
  stern_compat_dialog_present (GTK_WIDGET (learn), GTK_WINDOW (host), FALSE);
#else
  gtk_window_set_default_size (GTK_WINDOW (learn), width, height);
  gtk_window_present (GTK_WINDOW (learn));
#endif
  g_assert_true (test_wait_until (gui_test_dialog_shown, learn, 5000));
}

/* The window learn is shown in: its own, or the one it is a dialog of. */
static GtkWindow *
learn_root (SternLearnWindow *learn)
{
  return GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (learn)));
}

/* Closes learn, and the window it is in; one never shown is let go of. */
static void
learn_destroy (SternLearnWindow *learn)
{
  if (gtk_widget_get_root (GTK_WIDGET (learn)) != NULL)
    gui_test_destroy (learn_root (learn));
  else
    stern_compat_dialog_force_close (GTK_WIDGET (learn));
}

static SternLearnWindow *
learn_window_shown (void)
{
  SternLearnWindow *learn = STERN_LEARN_WINDOW (stern_learn_window_new ());

  learn_present (learn, 700, 800);
  return learn;
}

/* A label shown under widget whose text contains part, or NULL; with
 * in_list FALSE, not one of the list of lessons (still shown while the
 * stack slides to the lesson). */
static GtkLabel *
find_label_in (GtkWidget  *widget,
               const char *part,
               gboolean    in_list)
{
  if (!in_list && GTK_IS_LIST_BOX (widget))
    return NULL;
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      strstr (gtk_label_get_label (GTK_LABEL (widget)), part) != NULL)
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label_in (child, part, in_list);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkLabel *
find_label (GtkWidget  *widget,
            const char *part)
{
  return find_label_in (widget, part, TRUE);
}

static GtkDropDown *
find_drop_down (GtkWidget *widget)
{
  if (GTK_IS_DROP_DOWN (widget))
    return GTK_DROP_DOWN (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkDropDown *found = find_drop_down (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkStack *
find_stack (GtkWidget *widget)
{
  if (GTK_IS_STACK (widget))
    return GTK_STACK (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkStack *found = find_stack (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Each lesson names, above its title and in the list, the page of the
 * Rules window that explains it by that page's own title, never a section
 * of a document the player does not see ("§3"). */
static void
test_rules_page_named (void)
{
  SternLearnWindow *learn;
  GtkWidget *rules;
  GtkStack *pages;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  learn = learn_window_shown ();
  rules = stern_rules_window_new ();
  /* From libadwaita 1.5 on a dialog holds its widgets once shown. */
  stern_compat_dialog_present (rules, learn_root (learn), FALSE);
  pages = find_stack (rules);
  g_assert_nonnull (pages);
  gui_test_wait_for_frame (GTK_WIDGET (learn));
  g_assert_nonnull (find_label (GTK_WIDGET (learn), stern_lesson_get_title (stern_lessons_get (0))));
  g_assert_null (find_label (GTK_WIDGET (learn), "§"));
  for (guint i = 0; i < stern_lessons_count (); i++)
    {
      const SternLesson *lesson = stern_lessons_get (i);
      const char *page = stern_lesson_get_rules_page (lesson);
      GtkWidget *child = gtk_stack_get_child_by_name (pages, page);
      g_autofree char *expected = NULL;
      GtkLabel *shown;

      g_assert_nonnull (child);
      expected = g_strdup_printf ("See Rules › %s",
                                  gtk_stack_page_get_title (gtk_stack_get_page (pages, child)));
      stern_learn_window_open_lesson (learn, stern_lesson_get_id (lesson));
      gui_test_wait_for_frame (GTK_WIDGET (learn));
      shown = find_label_in (GTK_WIDGET (learn), expected, FALSE);
      g_test_message ("%s: %s", stern_lesson_get_id (lesson),
                      shown != NULL ? gtk_label_get_label (shown) : "(not shown)");
      g_assert_nonnull (shown);
      g_assert_null (find_label (GTK_WIDGET (learn), "§"));
    }
  stern_compat_dialog_force_close (rules);
  learn_destroy (learn);
}

static gboolean
board_has_size (gpointer board)
{
  return gui_test_is_mapped (board) && gtk_widget_get_width (board) > 100;
}

/* Whether a widget stands where it stood in its window a frame before:
 * a dialog drawn inside the window (libadwaita 1.5 on) has stopped moving
 * in.  The tick asks for frames until it does. */
typedef struct {
  GtkWidget      *widget;
  graphene_rect_t last;
  gboolean        have_last, steady;
} Steady;

static gboolean
steady_tick (GtkWidget     *root,
             GdkFrameClock *clock,
             gpointer       data)
{
  Steady *st = data;
  graphene_rect_t at;

  if (!board_has_size (st->widget) || !gtk_widget_compute_bounds (st->widget, root, &at))
    return G_SOURCE_CONTINUE;
  st->steady = st->have_last && graphene_rect_equal (&at, &st->last);
  st->last = at;
  st->have_last = TRUE;
  return st->steady ? G_SOURCE_REMOVE : G_SOURCE_CONTINUE;
}

static void
wait_board_steady (GtkWidget *board)
{
  Steady st = { board };
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (board));
  guint tick = gtk_widget_add_tick_callback (root, steady_tick, &st, NULL);

  GUI_TEST_WAIT_FOR (st.steady, 5000);
  if (!st.steady)
    gtk_widget_remove_tick_callback (root, tick);
}

static void
test_lesson_by_move (void)
{
  SternLearnWindow *learn;
  SternBoardView *board;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  learn = learn_window_shown ();
  g_assert_null (stern_learn_window_get_lesson (learn));
  stern_learn_window_open_lesson (learn, "jump");
  board = stern_learn_window_get_board (learn);
  g_assert_true (test_wait_until (board_has_size, board, 5000));
  g_assert_false (stern_learn_is_done ("jump"));

  /* A step where a jump is asked for: wrong, and not kept as done. */
  click_hole (board, "i9");
  click_hole (board, "h9");
  g_assert_true (g_str_has_prefix (stern_learn_window_get_feedback (learn), "✗"));
  g_assert_false (stern_learn_window_get_explained (learn));
  g_assert_false (stern_learn_is_done ("jump"));

  /* Try Again, then the jump over i10. */
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.retry", NULL);
  click_hole (board, "i9");
  g_assert_cmpuint (stern_board_view_get_selected (board), ==, gui_test_hole ("i9"));
  click_hole (board, "i11");
  g_assert_true (g_str_has_prefix (stern_learn_window_get_feedback (learn), "✓"));
  g_assert_true (stern_learn_window_get_explained (learn));
  g_assert_true (stern_learn_is_done ("jump"));
  /* Right after a wrong try: two stars of three. */
  g_assert_cmpuint (stern_learn_get_stars ("jump"), ==, 2);
  g_assert_cmpuint (stern_game_get_position (stern_board_view_get_game (board))->cell[gui_test_hole ("i11")],
                    ==, STERN_WHITE);

  /* Next goes on to the following lesson. */
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.next", NULL);
  g_assert_cmpstr (stern_learn_window_get_lesson (learn), ==, "chain");
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.show-answer", NULL);
  g_assert_true (stern_learn_window_get_explained (learn));
  g_assert_cmpuint (stern_board_view_get_hint (board, NULL), ==, 4);
  g_assert_false (stern_learn_is_done ("chain"));
  /* The move shown, played: right, but not kept as done. */
  click_hole (board, "i7");
  click_hole (board, "g13");
  g_assert_true (g_str_has_prefix (stern_learn_window_get_feedback (learn), "✓"));
  g_assert_false (stern_learn_is_done ("chain"));
  g_assert_cmpuint (stern_learn_get_stars ("chain"), ==, 1);

  /* A strategy lesson, right at the first try: three stars; a later
   * wrong try takes none away. */
  stern_learn_window_open_lesson (learn, "climb-ladder");
  click_hole (board, "k4");
  click_hole (board, "k10");
  g_assert_true (g_str_has_prefix (stern_learn_window_get_feedback (learn), "✓"));
  g_assert_cmpuint (stern_learn_get_stars ("climb-ladder"), ==, 3);
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.retry", NULL);
  click_hole (board, "k4");
  click_hole (board, "k6");
  g_assert_true (g_str_has_prefix (stern_learn_window_get_feedback (learn), "✗"));
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.retry", NULL);
  click_hole (board, "k4");
  click_hole (board, "k10");
  g_assert_cmpuint (stern_learn_get_stars ("climb-ladder"), ==, 3);
  g_assert_cmpuint (stern_learn_get_stars ("jump"), ==, 2);

  learn_destroy (learn);
}

/* The board keeps its place and size whatever the feedback under it
 * says, or when it says nothing: a marble placed after the last lands
 * where it was aimed. */
static void
assert_board_steady (SternBoardView        *board,
                     const graphene_rect_t *steady)
{
  graphene_rect_t now;

  gui_test_wait_for_frame (GTK_WIDGET (board));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (board),
                                            GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (board))),
                                            &now));
  g_test_message ("the board %gx%g at %g,%g (steady %gx%g at %g,%g)",
                  now.size.width, now.size.height, now.origin.x, now.origin.y,
                  steady->size.width, steady->size.height, steady->origin.x, steady->origin.y);
  g_assert_true (graphene_rect_equal (&now, steady));
}

/* The holes a lesson names are marked on its board, with their names,
 * and the coordinates are drawn when Show Coordinates is on. */
static void
test_named_holes (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  const SternBoardHintPath *marks;
  SternLearnWindow *learn;
  SternBoardView *board;
  gsize n;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  learn = STERN_LEARN_WINDOW (stern_learn_window_new ());
  board = stern_learn_window_get_board (learn);
  stern_learn_window_open_lesson (learn, "chain");
  g_assert_false (stern_board_view_get_show_coordinates (board));

  /* "Take the marble on i7 to g13 in one move." */
  n = stern_board_view_get_hint_paths (board, &marks);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (marks[0].len, ==, 1);
  g_assert_cmpuint (marks[0].path[0], ==, stern_variant_cell_parse (stern_variant_get (0), "i7", 2));
  g_assert_cmpstr (marks[0].label, ==, "i7");
  g_assert_cmpuint (marks[1].path[0], ==, stern_variant_cell_parse (stern_variant_get (0), "g13", 3));
  g_assert_cmpstr (marks[1].label, ==, "g13");

  g_settings_set_boolean (settings, "show-coordinates", TRUE);
  g_assert_true (stern_board_view_get_show_coordinates (board));
  /* STERN_SCREENSHOT_DIR=DIR keeps what the board looks like. */
  if (g_getenv ("STERN_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("STERN_SCREENSHOT_DIR"),
                                                "learn-named-holes.png", NULL);
      g_autoptr (GdkPaintable) paintable = NULL;
      g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr (GskRenderNode) node = NULL;
      g_autoptr (GskRenderer) renderer = gsk_cairo_renderer_new ();
      g_autoptr (GdkTexture) texture = NULL;
      GtkWidget *root;

      learn_present (learn, 900, 800);
      g_assert_true (test_wait_until (gui_test_is_mapped, board, 5000));
      test_spin (300);
      /* The window it is in: a dialog is drawn by it. */
      root = GTK_WIDGET (learn_root (learn));
      paintable = gtk_widget_paintable_new (root);
      gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (root),
                              gtk_widget_get_height (root));
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      gsk_renderer_realize (renderer, NULL, NULL);
      texture = gsk_renderer_render_texture (renderer, node, NULL);
      gsk_renderer_unrealize (renderer);
      g_assert_true (gdk_texture_save_to_png (texture, path));
    }

  /* Another lesson marks its own holes only. */
  stern_learn_window_open_lesson (learn, "jump");
  n = stern_board_view_get_hint_paths (board, &marks);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (marks[0].label, ==, "i9");
  g_assert_cmpstr (marks[1].label, ==, "i10");

  g_settings_reset (settings, "show-coordinates");
  learn_destroy (learn);
}

static void
test_exercise_by_building (void)
{
  SternLearnWindow *learn;
  SternBoardView *board;
  static const char * const holes[] = { "i7", "i9", "i11", "i12" };
  graphene_rect_t steady = GRAPHENE_RECT_INIT (0, 0, 0, 0);

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  learn = learn_window_shown ();
  stern_learn_window_open_lesson (learn, "two-jumps-line");
  board = stern_learn_window_get_board (learn);
  g_assert_true (test_wait_until (board_has_size, board, 5000));
  g_assert_true (stern_board_view_get_editing (board));
  /* Once the page has slid in: the same rectangle two frames running. */
  for (guint frames = 0;; frames++)
    {
      graphene_rect_t before = steady;

      g_assert_cmpuint (frames, <, 600);
      gui_test_wait_for_frame (GTK_WIDGET (board));
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (board), GTK_WIDGET (learn), &steady));
      if (frames > 0 && graphene_rect_equal (&before, &steady))
        break;
    }

  /* Three marbles: not yet. */
  for (guint i = 0; i < 3; i++)
    click_hole (board, holes[i]);
  assert_board_steady (board, &steady);
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.check", NULL);
  g_assert_true (g_str_has_prefix (stern_learn_window_get_feedback (learn), "✗"));
  assert_board_steady (board, &steady);
  /* A click on a placed marble takes it away, on the lesson's own one
   * leaves it. */
  click_hole (board, "i9");
  assert_board_steady (board, &steady);
  g_assert_cmpuint (stern_game_get_position (stern_board_view_get_game (board))->cell[gui_test_hole ("i9")],
                    ==, STERN_EMPTY);
  click_hole (board, "i6");
  g_assert_cmpuint (stern_game_get_position (stern_board_view_get_game (board))->cell[gui_test_hole ("i6")],
                    ==, STERN_WHITE);
  click_hole (board, "i9");
  click_hole (board, holes[3]);
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.check", NULL);
  g_assert_true (g_str_has_prefix (stern_learn_window_get_feedback (learn), "✓"));
  g_assert_true (stern_learn_is_done ("two-jumps-line"));
  /* The explanation shows too. */
  assert_board_steady (board, &steady);

  /* The list shows the progress. */
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.back", NULL);
  g_assert_null (stern_learn_window_get_lesson (learn));
  learn_destroy (learn);
}

static gboolean
window_gone (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static void
test_tutorial_offered_once (void)
{
  SternWindow *window;
  SternLearnWindow *learn;
  GtkWindow *host;
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  const char * const *steps = stern_lessons_tutorial ();

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_settings_reset (settings, "tutorial-offered");
  window = gui_test_window_new (NULL);
  g_assert_true (stern_window_offer_tutorial (window));
  /* A question that stays; closing the window is no answer. */
  g_assert_true (STERN_IS_ALERT_DIALOG (stern_window_get_message (window)));
  g_assert_cmpstr (stern_alert_dialog_get_heading (STERN_ALERT_DIALOG (stern_window_get_message (window))),
                   ==, "New to Sternhalma?");
  g_assert_false (g_settings_get_boolean (settings, "tutorial-offered"));
  gui_test_destroy (window);
  g_assert_false (g_settings_get_boolean (settings, "tutorial-offered"));

  /* Asked again at the next start, once the window is shown; "Not Now"
   * is an answer. */
  window = g_object_new (STERN_TYPE_WINDOW, NULL);
  g_assert_true (stern_window_offer_tutorial (window));
  g_assert_null (stern_window_get_message (window));
  gtk_window_present (GTK_WINDOW (window));
  GUI_TEST_WAIT_FOR (stern_window_get_message (window) != NULL, 5000);
  stern_alert_dialog_respond (STERN_ALERT_DIALOG (stern_window_get_message (window)), FALSE);
  g_assert_true (g_settings_get_boolean (settings, "tutorial-offered"));
  /* Not again, in this window or a new one. */
  g_assert_false (stern_window_offer_tutorial (window));
  gui_test_destroy (window);
  window = gui_test_window_new (NULL);
  g_assert_false (stern_window_offer_tutorial (window));
  g_assert_null (stern_window_get_message (window));
  gui_test_destroy (window);

  /* The tutorial's steps, one after the other, on the real board. */
  learn = learn_window_shown ();
  stern_learn_window_start_tutorial (learn);
  for (guint i = 0; steps[i] != NULL; i++)
    {
      g_assert_true (stern_learn_window_in_tutorial (learn));
      g_assert_cmpstr (stern_learn_window_get_lesson (learn), ==, steps[i]);
      if (steps[i + 1] != NULL)
        gtk_widget_activate_action (GTK_WIDGET (learn), "learn.next", NULL);
    }
  /* Next after the last step ends the tutorial and closes the window. */
  host = learn_root (learn);
  g_object_add_weak_pointer (G_OBJECT (learn), (gpointer *) &learn);
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.next", NULL);
  g_assert_true (test_wait_until (window_gone, &learn, 5000));
#if ADW_CHECK_VERSION (1, 5, 0)
  /* The window it was a dialog of stays. */
  gui_test_destroy (host);
#else
  (void) host;
#endif
}

static void
on_clipboard_text (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  *(char **) data = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (*(char **) data == NULL)
    *(char **) data = g_strdup ("");
}

static gboolean
text_arrived (gpointer data)
{
  return *(char **) data != NULL;
}

/* What an action of the editor put on the clipboard. */
static char *
copied_by (SternPositionEditor *editor,
           const char          *action)
{
  char *text = NULL;

  gtk_widget_activate_action (GTK_WIDGET (editor), action, NULL);
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (editor)), NULL,
                                 on_clipboard_text, &text);
  g_assert_true (test_wait_until (text_arrived, &text, 5000));
  return text;
}

static void
test_editor_refuses (void)
{
  GtkWidget *host;
  SternPositionEditor *editor;
  SternBoardView *board;
  g_autofree char *text = NULL;
  static const char * const extra[] = { "i9", "i8" };
  graphene_rect_t before, after;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* From libadwaita 1.5 on the editor is drawn inside a window. */
  host = adw_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (host), 700, 900);
  gtk_window_present (GTK_WINDOW (host));
  editor = STERN_POSITION_EDITOR (stern_position_editor_new ());
  if (GTK_IS_WINDOW (editor))
    gtk_window_set_default_size (GTK_WINDOW (editor), 700, 900);
  stern_compat_dialog_present (GTK_WIDGET (editor), GTK_WINDOW (host), TRUE);
  g_assert_true (test_wait_until (gui_test_is_mapped, editor, 5000));
  board = stern_position_editor_get_board (editor);
  g_assert_true (test_wait_until (board_has_size, board, 5000));
  wait_board_steady (GTK_WIDGET (board));

  /* The start of classic-2 is a position. */
  g_assert_null (stern_position_editor_get_problem (editor));
  g_assert_null (strstr (stern_position_editor_get_status (editor), "Nobody can finish"));

  /* Three marbles each: playable, with a warning that nobody can fill a
   * goal of ten holes, so the game ends only at round 150.  The longer
   * verdict leaves the board where it was. */
  gui_test_wait_for_frame (GTK_WIDGET (editor));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (board), GTK_WIDGET (editor), &before));
  g_assert_true (stern_position_editor_set_text (editor,
    "classic-2 white white:m1,l2,m2 black:e17,e16,f16"));
  gui_test_wait_for_frame (GTK_WIDGET (editor));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (board), GTK_WIDGET (editor), &after));
  g_test_message ("the board: %gx%g at %g,%g, then %gx%g at %g,%g", before.size.width,
                  before.size.height, before.origin.x, before.origin.y, after.size.width,
                  after.size.height, after.origin.x, after.origin.y);
  g_assert_true (graphene_rect_equal (&before, &after));
  g_assert_null (stern_position_editor_get_problem (editor));
  g_test_message ("%s", stern_position_editor_get_status (editor));
  g_assert_nonnull (strstr (stern_position_editor_get_status (editor), "Nobody can finish"));
  g_assert_nonnull (strstr (stern_position_editor_get_status (editor), "150"));

  /* Text the engine cannot read: refused, naming the bad hole. */
  g_assert_false (stern_position_editor_set_text (editor, "classic-2 white white:m1,z99 black:e17"));
  g_assert_nonnull (strstr (stern_position_editor_get_problem (editor), "z99"));
  g_assert_nonnull (strstr (stern_position_editor_get_status (editor), "z99"));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (editor), "editor.play", NULL) &&
                  stern_position_editor_get_problem (editor) == NULL);

  /* An eleventh white marble, placed by a click: refused, saying why,
   * and the board keeps the ten. */
  g_assert_true (stern_position_editor_set_text (editor,
    "classic-2 white white:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 black:e17"));
  g_assert_null (stern_position_editor_get_problem (editor));
  stern_position_editor_set_colour (editor, STERN_WHITE);
  click_hole (board, extra[0]);
  g_assert_nonnull (strstr (stern_position_editor_get_status (editor), "more than 10"));
  g_assert_cmpuint (stern_game_get_position (stern_board_view_get_game (board))->cell[gui_test_hole (extra[0])],
                    ==, STERN_EMPTY);
  g_assert_null (stern_position_editor_get_problem (editor));
  /* One taken away, then the eleventh hole takes it. */
  click_hole (board, "m1");
  click_hole (board, extra[0]);
  g_assert_cmpuint (stern_game_get_position (stern_board_view_get_game (board))->cell[gui_test_hole (extra[0])],
                    ==, STERN_WHITE);
  g_assert_null (stern_position_editor_get_problem (editor));

  /* A black marble placed; the side on turn changed. */
  stern_position_editor_set_colour (editor, STERN_BLACK);
  click_hole (board, extra[1]);
  stern_position_editor_set_turn (editor, STERN_BLACK);
  text = stern_position_editor_get_text (editor);
  g_assert_true (g_str_has_prefix (text, "classic-2 black "));
  g_assert_nonnull (strstr (text, "i8"));

  /* Every marble taken off: no player has one. */
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.clear", NULL);
  g_assert_nonnull (strstr (stern_position_editor_get_problem (editor), "no marbles"));

  /* Another variant starts from its start position. */
  stern_position_editor_set_variant (editor, stern_variant_lookup ("halma-8"));
  g_assert_null (stern_position_editor_get_problem (editor));
  g_clear_pointer (&text, g_free);
  text = stern_position_editor_get_text (editor);
  g_assert_true (g_str_has_prefix (text, "halma-8 white "));

  /* Copied as a position string, and as a record starting there (a1,
   * cell 0, emptied first: the record carries the position). */
  stern_position_editor_set_colour (editor, STERN_WHITE);
  stern_position_editor_toggle (editor, 0);
  g_clear_pointer (&text, g_free);
  text = stern_position_editor_get_text (editor);
  {
    g_autofree char *position = copied_by (editor, "editor.copy-position");
    g_autofree char *record = copied_by (editor, "editor.copy-record");
    g_autoptr (SternGame) game = stern_record_read (record, NULL, NULL);

    g_assert_cmpstr (position, ==, text);
    g_assert_nonnull (game);
    g_assert_cmpstr (stern_game_get_variant (game)->id, ==, "halma-8");
    g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);
    g_assert_cmpuint (stern_game_get_position (game)->cell[0], ==, STERN_EMPTY);
    g_assert_nonnull (strstr (record, "Position"));
  }

  stern_compat_dialog_force_close (GTK_WIDGET (editor));
  gui_test_destroy (host);
}

/* Not turning to another side's view nor moving a marble: clicks count. */
static gboolean
board_idle (gpointer board)
{
  gboolean animating = TRUE;

  g_object_get (board, "animating", &animating, NULL);
  return !animating;
}

/* What window shows, as a PNG at path. */
static void
save_png (GtkWidget  *window,
          const char *path)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GskRenderer) renderer = gsk_cairo_renderer_new ();
  g_autoptr (GdkTexture) texture = NULL;

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (window),
                          gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  gsk_renderer_realize (renderer, NULL, NULL);
  texture = gsk_renderer_render_texture (renderer, node, NULL);
  gsk_renderer_unrealize (renderer);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* STERN_SCREENSHOT_DIR=DIR keeps a PNG of a puzzle window of its own,
 * made at that size, showing the puzzle id with what was done to it
 * (the settings say solved or not), the Kind choice at item kind. */
static void
screenshot (GtkWindow  *parent,
            const char *id,
            guint       kind,
            int         width,
            int         height,
            const char *name)
{
  g_autofree char *path = NULL;
  GtkWidget *window;

  if (g_getenv ("STERN_SCREENSHOT_DIR") == NULL)
    return;
  path = g_build_filename (g_getenv ("STERN_SCREENSHOT_DIR"), name, NULL);
  window = stern_puzzle_window_new (parent);
  g_assert_true (stern_puzzle_window_open_puzzle (STERN_PUZZLE_WINDOW (window), id));
  /* The puzzle stays: it is of the kind. */
  gtk_drop_down_set_selected (find_drop_down (window), kind);
  g_assert_cmpstr (stern_puzzle_window_get_puzzle (STERN_PUZZLE_WINDOW (window)), ==, id);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_until (board_has_size,
                                  stern_puzzle_window_get_board (STERN_PUZZLE_WINDOW (window)),
                                  5000));
  g_assert_true (test_wait_until (board_idle,
                                  stern_puzzle_window_get_board (STERN_PUZZLE_WINDOW (window)),
                                  5000));
  gui_test_wait_for_frame (window);
  g_test_message ("%s: %dx%d", name, gtk_widget_get_width (window), gtk_widget_get_height (window));
  save_png (window, path);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
in_strv_setting (const char *key,
                 const char *id)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_auto (GStrv) ids = g_settings_get_strv (settings, key);

  return g_strv_contains ((const char * const *) ids, id);
}

static SternRatings *
load_ratings (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "sternhalma", NULL);
  g_autofree char *path = stern_ratings_get_path (dir);

  return stern_ratings_load (path, NULL);
}

/* A puzzle from Learn answered on the board as a click makes it: a wrong
 * move first (it counts against the rating), then the right one after
 * Try Again (kept as solved, the rating unchanged).  The puzzle offered
 * is the one nearest the rating, of the kind chosen. */
static void
test_puzzle_wrong_then_right (void)
{
  SternLearnWindow *learn;
  SternPuzzleWindow *puzzles = NULL;
  SternBoardView *board;
  SternMove moves[STERN_MAX_MOVES];
  GtkLabel *label;
  GtkWidget *row;
  GList *toplevels;
  SternRatings *ratings;
  GtkDropDown *kind;
  guint solved, tried, n_puzzles, wrong = G_MAXUINT;
  size_t n;
  double after_wrong;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  learn = learn_window_shown ();
  g_assert_nonnull (find_label (GTK_WIDGET (learn), "Solved: 0 of 240"));
  g_assert_cmpuint (stern_puzzle_window_count_solved (&n_puzzles), ==, 0);
  g_assert_cmpuint (n_puzzles, ==, 240);

  /* The Puzzles row of the list opens the window. */
  label = find_label (GTK_WIDGET (learn), "Longest jumps, wins, races");
  g_assert_nonnull (label);
  row = gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_BUTTON);
  g_assert_nonnull (row);
  g_signal_emit_by_name (row, "clicked");
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (STERN_IS_PUZZLE_WINDOW (l->data))
      puzzles = l->data;
  g_list_free (toplevels);
  g_assert_nonnull (puzzles);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (puzzles)) == learn_root (learn));
  /* A new player (900) gets the first puzzle of difficulty 1. */
  g_assert_nonnull (strstr (stern_puzzle_window_get_rating_text (puzzles), "Puzzle rating: 900 "));
  g_assert_cmpstr (stern_puzzle_window_get_puzzle (puzzles), ==, "jump-001");
  g_assert_cmpstr (stern_puzzle_window_get_task (puzzles), ==, "Find the longest jump for Black.");
  board = stern_puzzle_window_get_board (puzzles);
  g_assert_true (test_wait_until (board_has_size, board, 5000));
  screenshot (learn_root (learn), "win-001", 0, 640, 760, "puzzle-wide.png");
  g_assert_true (test_wait_until (board_idle, board, 5000));

  /* A legal move that is not e13-…-k11 and does not eliminate (the
   * board asks first about those). */
  n = stern_game_legal_moves (stern_board_view_get_game (board), moves);
  for (size_t i = 0; i < n && wrong == G_MAXUINT; i++)
    if (moves[i].from != gui_test_hole ("e13") && !(moves[i].flags & STERN_MOVE_FATAL))
      wrong = (guint) i;
  g_assert_cmpuint (wrong, !=, G_MAXUINT);
  {
    GtkWidget *widget = GTK_WIDGET (board);
    double x, y;

    stern_board_view_hole_centre (board, moves[wrong].from, gtk_widget_get_width (widget),
                                  gtk_widget_get_height (widget), &x, &y);
    stern_board_view_click (board, x, y);
    stern_board_view_hole_centre (board, moves[wrong].to, gtk_widget_get_width (widget),
                                  gtk_widget_get_height (widget), &x, &y);
    stern_board_view_click (board, x, y);
  }
  g_test_message ("wrong: %u-%u: %s", moves[wrong].from, moves[wrong].to,
                  stern_puzzle_window_get_feedback (puzzles));
  g_assert_true (g_str_has_prefix (stern_puzzle_window_get_feedback (puzzles), "✗"));
  g_assert_true (in_strv_setting ("puzzles-tried", "jump-001"));
  g_assert_false (in_strv_setting ("puzzles-solved", "jump-001"));
  ratings = load_ratings ();
  after_wrong = stern_ratings_get_puzzle_rating (ratings);
  g_assert_cmpfloat (after_wrong, <, STERN_PUZZLE_RATING_INITIAL);
  stern_ratings_free (ratings);
  g_assert_nonnull (strstr (stern_puzzle_window_get_rating_text (puzzles), "(-"));

  /* Try Again, then the longest jump. */
  gtk_widget_activate_action (GTK_WIDGET (puzzles), "puzzle.retry", NULL);
  g_assert_cmpstr (stern_puzzle_window_get_feedback (puzzles), ==, "Make the move on the board.");
  g_assert_true (test_wait_until (board_idle, board, 5000));
  click_hole (board, "e13");
  click_hole (board, "k11");
  g_assert_true (g_str_has_prefix (stern_puzzle_window_get_feedback (puzzles), "✓"));
  g_assert_true (in_strv_setting ("puzzles-solved", "jump-001"));
  g_assert_nonnull (strstr (stern_puzzle_window_get_rating_text (puzzles), "Solved: 1 of 240"));
  screenshot (learn_root (learn), "jump-006", 1, 360, 700, "puzzle-narrow.png");
  /* Only the first try counted. */
  ratings = load_ratings ();
  stern_ratings_get_puzzles (ratings, &solved, &tried);
  g_assert_cmpuint (tried, ==, 1);
  g_assert_cmpuint (solved, ==, 0);
  g_assert_cmpfloat (stern_ratings_get_puzzle_rating (ratings), ==, after_wrong);
  stern_ratings_free (ratings);

  /* Next: the next puzzle of difficulty 1 for a rating still under 975. */
  gtk_widget_activate_action (GTK_WIDGET (puzzles), "puzzle.next", NULL);
  g_assert_cmpstr (stern_puzzle_window_get_puzzle (puzzles), ==, "jump-002");
  /* Show Answer at once: a first try lost, the move drawn. */
  gtk_widget_activate_action (GTK_WIDGET (puzzles), "puzzle.show-answer", NULL);
  g_assert_cmpuint (stern_board_view_get_hint (board, NULL), >, 0);
  g_assert_true (in_strv_setting ("puzzles-tried", "jump-002"));

  /* The Kind choice: Race offers the easiest race (the one of difficulty
   * 1), Next another race; All keeps the race on the board. */
  kind = find_drop_down (GTK_WIDGET (puzzles));
  g_assert_nonnull (kind);
  g_assert_cmpuint (gtk_drop_down_get_selected (kind), ==, 0);
  gtk_drop_down_set_selected (kind, 3);
  g_assert_cmpstr (stern_puzzle_window_get_puzzle (puzzles), ==, "race-007");
  g_assert_true (g_str_has_prefix (stern_puzzle_window_get_task (puzzles), "Only one move keeps"));
  gtk_widget_activate_action (GTK_WIDGET (puzzles), "puzzle.next", NULL);
  g_assert_true (g_str_has_prefix (stern_puzzle_window_get_puzzle (puzzles), "race-"));
  g_assert_cmpstr (stern_puzzle_window_get_puzzle (puzzles), !=, "race-007");
  gtk_drop_down_set_selected (kind, 0);
  g_assert_true (g_str_has_prefix (stern_puzzle_window_get_puzzle (puzzles), "race-"));
  /* Longest Jump: back to the jumps of difficulty 1 not tried. */
  gtk_drop_down_set_selected (kind, 1);
  g_assert_cmpstr (stern_puzzle_window_get_puzzle (puzzles), ==, "jump-005");

  /* Learn's list says what was solved once the window is closed. */
  gtk_window_destroy (GTK_WINDOW (puzzles));
  label = find_label (GTK_WIDGET (learn), "Solved: 1 of 240");
  g_assert_nonnull (label);
  if (g_getenv ("STERN_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("STERN_SCREENSHOT_DIR"),
                                                "learn-puzzles-group.png", NULL);
      GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (
        GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (label),
                                                      GTK_TYPE_SCROLLED_WINDOW)));

      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
      gui_test_wait_for_frame (GTK_WIDGET (learn));
      save_png (GTK_WIDGET (learn), path);
    }
  learn_destroy (learn);
}

/* On a phone's 360x640 screen Learn fits (a bottom sheet from libadwaita
 * 1.5 on, a window of its own before): the list, and a lesson with its
 * board and buttons. */
static void
test_learn_narrow (void)
{
  SternLearnWindow *learn;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  learn = STERN_LEARN_WINDOW (stern_learn_window_new ());
  learn_present (learn, 360, 640);
  gui_test_assert_dialog_fits (GTK_WIDGET (learn), learn_root (learn), 360, 640);
  stern_learn_window_open_lesson (learn, "two-jumps-line");
  /* The list slid away. */
  GUI_TEST_WAIT_FOR (find_label (GTK_WIDGET (learn), "lessons done") == NULL, 5000);
  gui_test_assert_dialog_fits (GTK_WIDGET (learn), learn_root (learn), 360, 640);
  if (g_getenv ("STERN_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("STERN_SCREENSHOT_DIR"),
                                                "learn-narrow.png", NULL);

      g_assert_true (test_wait_until (board_has_size, stern_learn_window_get_board (learn), 5000));
      gui_test_wait_for_frame (GTK_WIDGET (learn));
      save_png (GTK_WIDGET (learn_root (learn)), path);
    }
  learn_destroy (learn);
}

int
main (int   argc,
      char *argv[])
{
  /* Each test's own data folder: the puzzles write the ratings there. */
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  gui_test_init ();

  g_test_add_func ("/learn/lesson-by-move", test_lesson_by_move);
  g_test_add_func ("/learn/exercise-by-building", test_exercise_by_building);
  g_test_add_func ("/learn/named-holes", test_named_holes);
  g_test_add_func ("/learn/tutorial-offered-once", test_tutorial_offered_once);
  g_test_add_func ("/learn/rules-page-named", test_rules_page_named);
  g_test_add_func ("/position-editor/refuses", test_editor_refuses);
  g_test_add_func ("/learn/puzzle-wrong-then-right", test_puzzle_wrong_then_right);
  g_test_add_func ("/learn/narrow", test_learn_narrow);

  return g_test_run ();
}
