/* test-board-steady.c: the board keeps its place and size while toasts
 * come and go and the status line changes, so that a click aimed at a
 * hole lands on it.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "gui-test-util.h"
#include "stern-autosave.h"
#include "stern-new-game-dialog.h"
#include "stern-save-banner.h"
#include "temp-dir-util.h"

/* The board's rectangle in the window. */
static graphene_rect_t
board_bounds (SternWindow *window)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (stern_window_get_board (window)),
                                            GTK_WIDGET (window), &bounds));
  return bounds;
}

static void
assert_same_bounds (const graphene_rect_t *a,
                    const graphene_rect_t *b,
                    const char            *when)
{
  g_test_message ("%s: %gx%g at %g,%g (steady: %gx%g at %g,%g)", when,
                  b->size.width, b->size.height, b->origin.x, b->origin.y,
                  a->size.width, a->size.height, a->origin.x, a->origin.y);
  g_assert_true (graphene_rect_equal (a, b));
}

/* The toast shown over the window, once it has its place, or NULL. */
static GtkWidget *
find_toast (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_strcmp0 (gtk_widget_get_css_name (child), "toast") == 0 &&
          gtk_widget_get_mapped (child) && gtk_widget_get_height (child) > 0)
        return child;
      if ((found = find_toast (child)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
toast_shown (gpointer window)
{
  return find_toast (GTK_WIDGET (((SternWindow *) window)->toast_overlay)) != NULL;
}

static gboolean
no_toast (gpointer window)
{
  return !toast_shown (window);
}

/* The toast's own button that closes it. */
static GtkWidget *
find_close_button (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) &&
          g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (child)), "window-close-symbolic") == 0)
        return child;
      if ((found = find_close_button (child)) != NULL)
        return found;
    }
  return NULL;
}

/* The board while the toast shows (laid out and drawn) is as steady,
 * and stays so once the player closed the toast. */
static void
check_toast (SternWindow           *window,
             const graphene_rect_t *steady,
             const char            *expected)
{
  GtkWidget *toast;
  graphene_rect_t during, after;

  g_assert_true (test_wait_until (toast_shown, window, 5000));
  g_assert_nonnull (strstr (stern_window_get_last_toast (window), expected));
  gui_test_wait_for_frame (GTK_WIDGET (window));
  during = board_bounds (window);
  assert_same_bounds (steady, &during, expected);
  toast = find_toast (GTK_WIDGET (window->toast_overlay));
  g_assert_nonnull (find_close_button (toast));
  gtk_widget_activate (find_close_button (toast));
  g_assert_true (test_wait_until (no_toast, window, 5000));
  gui_test_wait_for_frame (GTK_WIDGET (window));
  after = board_bounds (window);
  assert_same_bounds (steady, &after, "after the toast");
}

static gboolean
save_banner_revealed (gpointer window)
{
  SternSaveBanner *banner = ((SternWindow *) window)->save_banner;
  GtkWidget *revealer = gtk_widget_get_first_child (GTK_WIDGET (banner));

  return gtk_revealer_get_child_revealed (GTK_REVEALER (revealer)) &&
         gtk_widget_get_height (GTK_WIDGET (banner)) > 0;
}

static gboolean
online_banner_revealed (gpointer window)
{
  GtkRevealer *revealer = ((SternWindow *) window)->online_banner;

  return gtk_revealer_get_child_revealed (revealer) &&
         gtk_widget_get_height (GTK_WIDGET (revealer)) > 0;
}

/* The bars about saving and about the connection, shown and hidden
 * while a game is on: the board stays where it was, and the bar is
 * seen (laid out over the board's area, not beside it). */
static void
check_banners (SternWindow           *window,
               const graphene_rect_t *steady)
{
  GError error = { G_FILE_ERROR, G_FILE_ERROR_NOSPC, (char *) "No space left on device" };
  graphene_rect_t now;

  stern_save_banner_show_save_error (window->save_banner, &error, "/tmp");
  g_assert_true (stern_save_banner_is_shown (window->save_banner));
  g_assert_true (test_wait_until (save_banner_revealed, window, 5000));
  gui_test_wait_for_frame (GTK_WIDGET (window));
  now = board_bounds (window);
  assert_same_bounds (steady, &now, "the save banner shown");
  stern_save_banner_hide (window->save_banner);
  gui_test_wait_for_frame (GTK_WIDGET (window));
  now = board_bounds (window);
  assert_same_bounds (steady, &now, "the save banner hidden");

  /* As the lost connection shows it (stern-window-online.c). */
  gtk_label_set_label (window->online_banner_label,
                       "The connection to the server was lost. Reconnecting…");
  gtk_widget_set_visible (GTK_WIDGET (window->online_banner), TRUE);
  gtk_revealer_set_reveal_child (window->online_banner, TRUE);
  g_assert_true (test_wait_until (online_banner_revealed, window, 5000));
  gui_test_wait_for_frame (GTK_WIDGET (window));
  now = board_bounds (window);
  assert_same_bounds (steady, &now, "the online banner shown");
  gtk_revealer_set_reveal_child (window->online_banner, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (window->online_banner), FALSE);
  gui_test_wait_for_frame (GTK_WIDGET (window));
  now = board_bounds (window);
  assert_same_bounds (steady, &now, "the online banner hidden");
}

static int
status_lines (SternWindow *window)
{
  return pango_layout_get_line_count (gtk_label_get_layout (window->status_label));
}

/* Each toast the window shows during a game ("New game started",
 * "Saved", "Opened", "Analysis on"), the status line on one line and on
 * two, the save and online banners: the board's rectangle in the window
 * stays the same throughout. */
static void
test_board_steady (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  SternWindow *window;
  SternGameSetup setup;
  SternNewGameDialog *dialog;
  graphene_rect_t steady, now;
  int lines_seen = 0;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  dir = temp_dir_new ("stern-steady-XXXXXX");
  window = g_object_new (STERN_TYPE_WINDOW, NULL);
  stern_window_set_computer_delay (window, 0);
  stern_window_set_data_dir (window, dir);
  /* Narrow enough for a long status line to take two lines. */
  gtk_window_set_default_size (GTK_WINDOW (window), 540, 700);
  gtk_window_present (GTK_WINDOW (window));
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hh", 0, 0);
  stern_window_new_game (window, &setup);
  /* Laid out, with the players' strip shown if the panel folded. */
  GUI_TEST_WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (window)) &&
                     gui_test_is_shown_wide (stern_window_get_board (window)) &&
                     window->strip_idle == 0 &&
                     stern_window_is_panel_folded (window) ==
                     gtk_widget_get_visible (GTK_WIDGET (stern_window_get_players_strip (window))),
                     5000);
  gui_test_wait_for_frame (GTK_WIDGET (window));
  steady = board_bounds (window);
  g_test_message ("the board: %gx%g at %g,%g", steady.size.width, steady.size.height,
                  steady.origin.x, steady.origin.y);

  /* The status line: the player to move, a marble picked (a longer
   * line), a move played, and the game paused (longer still). */
  lines_seen |= 1 << status_lines (window);
  now = board_bounds (window);
  assert_same_bounds (&steady, &now, stern_window_get_status (window));
  g_assert_true (stern_board_view_key (stern_window_get_board (window), GDK_KEY_Return));
  g_assert_cmpuint (stern_board_view_get_selected (stern_window_get_board (window)), !=,
                    STERN_NO_CELL);
  gui_test_wait_for_frame (GTK_WIDGET (window));
  lines_seen |= 1 << status_lines (window);
  now = board_bounds (window);
  assert_same_bounds (&steady, &now, stern_window_get_status (window));
  g_assert_true (stern_board_view_key (stern_window_get_board (window), GDK_KEY_Escape));
  gui_test_play_first (window);
  gui_test_wait_for_frame (GTK_WIDGET (window));
  lines_seen |= 1 << status_lines (window);
  now = board_bounds (window);
  assert_same_bounds (&steady, &now, stern_window_get_status (window));
  /* Paused, the line is longer still (the board hidden meanwhile); the
   * board is back as it was. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  gui_test_wait_for_frame (GTK_WIDGET (window));
  lines_seen |= 1 << status_lines (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  gui_test_wait_for_frame (GTK_WIDGET (window));
  now = board_bounds (window);
  assert_same_bounds (&steady, &now, "after the pause");
  /* Both heights were tried. */
  g_test_message ("status lines seen (bits): %d", lines_seen);
  g_assert_cmpint (lines_seen, ==, (1 << 1) | (1 << 2));

  check_banners (window, &steady);

  /* Saved, then opened again. */
  path = g_build_filename (dir, "game.sgr", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (stern_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  /* The toast the file chooser's answer gives. */
  stern_window_show_toast (window, "Saved “game.sgr”", NULL, NULL);
  check_toast (window, &steady, "Saved");
  g_assert_true (stern_window_open_file (window, file));
  check_toast (window, &steady, "Opened");

  /* A new game over a game begun. */
  gui_test_play_first (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  dialog = gui_test_find_new_game_dialog ();
  g_assert_nonnull (dialog);
  stern_new_game_dialog_set_setup (dialog, &setup);
  stern_new_game_dialog_start (dialog);
  check_toast (window, &steady, "New game started");

  /* The analysis board's bar takes its room above the board when it is
   * switched on; its toast then changes nothing more. */
  gui_test_play_first (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  g_assert_true (test_wait_until (toast_shown, window, 5000));
  gui_test_wait_for_frame (GTK_WIDGET (window));
  now = board_bounds (window);
  check_toast (window, &now, "Analysis on");

  g_unlink (path);
  gui_test_destroy (window);
  temp_dir_remove (dir);
}

/* How far the nearest hole's marble is from the rectangle's edge (less
 * than 0: it meets the rectangle), and which hole that is. */
static double
nearest_hole_gap (SternBoardView        *board,
                  const graphene_rect_t *rect,
                  guint                 *hole)
{
  SternBoardLayout layout;
  double best = G_MAXDOUBLE;

  board_view_get_layout (board, &layout, gtk_widget_get_width (GTK_WIDGET (board)),
                         gtk_widget_get_height (GTK_WIDGET (board)));
  for (guint h = 0; h < stern_board_layout_n_cells (&layout); h++)
    {
      double x, y, dx, dy, gap;

      stern_board_layout_hole_centre (&layout, h, &x, &y);
      dx = x - CLAMP (x, rect->origin.x, rect->origin.x + rect->size.width);
      dy = y - CLAMP (y, rect->origin.y, rect->origin.y + rect->size.height);
      gap = sqrt (dx * dx + dy * dy) - STERN_BOARD_MARBLE_R * layout.unit;
      if (gap < best)
        {
          best = gap;
          *hole = h;
        }
    }
  return best;
}

/* A window width × height started on a damaged autosave: the notice
 * that says so covers no hole's marble, shows two lines at least, and
 * Close takes it away without moving the board. */
static void
check_notice_clear (int width,
                    int height)
{
  g_autofree char *dir = temp_dir_new ("stern-notice-XXXXXX");
  g_autofree char *path = stern_autosave_get_path (dir);
  g_autofree char *good = NULL;
  gsize len;
  SternGameSetup setup;
  SternWindow *window;
  SternBoardView *board;
  GtkWidget *banner;
  graphene_rect_t rect, steady, now;
  double gap;
  guint hole = STERN_NO_CELL;

  /* A game of a few moves whose save was cut short: the longest notice,
   * the moves before the damage restored. */
  window = gui_test_window_new (dir);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hh", 0, 0);
  stern_window_new_game (window, &setup);
  for (guint i = 0; i < 4; i++)
    gui_test_play_first (window);
  gui_test_destroy (window);
  g_assert_true (g_file_get_contents (path, &good, &len, NULL));
  g_assert_true (g_file_set_contents (path, good, (gssize) len - 6, NULL));

  window = g_object_new (STERN_TYPE_WINDOW, NULL);
  stern_window_set_computer_delay (window, 0);
  stern_window_set_data_dir (window, dir);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (stern_window_offer_resume (window));
  g_assert_nonnull (strstr (stern_save_banner_get_text (window->save_banner), "restored"));
  board = stern_window_get_board (window);
  banner = GTK_WIDGET (window->save_banner);
  g_assert_true (stern_save_banner_is_shown (window->save_banner));
  /* Laid out as the player sees it: the players' strip shown above the
   * board once the panel has folded away. */
  GUI_TEST_WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (window)) &&
                     save_banner_revealed (window) && window->strip_idle == 0 &&
                     stern_window_is_panel_folded (window) ==
                     gtk_widget_get_visible (GTK_WIDGET (stern_window_get_players_strip (window))),
                     5000);
  gui_test_wait_for_frame (GTK_WIDGET (window));

  g_assert_true (gtk_widget_compute_bounds (banner, GTK_WIDGET (board), &rect));
  gap = nearest_hole_gap (board, &rect, &hole);
  g_test_message ("%dx%d: the board %dx%d, the notice %gx%g at %g,%g, %.1f px from hole %u",
                  width, height, gtk_widget_get_width (GTK_WIDGET (board)),
                  gtk_widget_get_height (GTK_WIDGET (board)), rect.size.width, rect.size.height,
                  rect.origin.x, rect.origin.y, gap, hole);
  g_assert_cmpfloat (gap, >=, 0);
  /* Two lines of text at least: not cut to nothing. */
  g_assert_cmpfloat (rect.size.height, >=, 40);

  steady = board_bounds (window);
  g_assert_nonnull (find_close_button (banner));
  gtk_widget_activate (find_close_button (banner));
  GUI_TEST_WAIT_FOR (!stern_save_banner_is_shown (window->save_banner), 5000);
  gui_test_wait_for_frame (GTK_WIDGET (window));
  now = board_bounds (window);
  assert_same_bounds (&steady, &now, "the notice closed");

  gui_test_destroy (window);
  temp_dir_remove (dir);
}

static void
test_notice_clear_of_holes (void)
{
  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  check_notice_clear (360, 640);
  check_notice_clear (1280, 900);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  gui_test_init ();
  g_test_add_func ("/board-steady/toasts-and-status", test_board_steady);
  g_test_add_func ("/board-steady/notice-clear-of-holes", test_notice_clear_of_holes);
  return g_test_run ();
}
