/* test-app.c: the application as the desktop starts it: `sternhalma FILE`
 * (Files' double-click runs the desktop file's `sternhalma %F`), and the
 * window at a phone's size, a small one and a large one, in the light and
 * the dark style.
 *
 * STERN_SCREENSHOT_DIR=DIR writes a PNG of each size there, to look at.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "sternhalma"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <adwaita.h>

#include "stern-application.h"
#include "stern-computer.h"
#include "stern-new-game-dialog.h"
#include "stern-notation.h"
#include "stern-position-editor.h"
#include "stern-compat.h"
#include "stern-rules-window.h"
#include "stern-window-private.h"

#include "gui-test-util.h"



static gboolean
is_unmapped (gpointer widget)
{
  return !gtk_widget_get_mapped (widget);
}

static gboolean
is_allocated (gpointer data)
{
  GtkWidget *window = data;
  GtkWidget *child = gtk_widget_get_first_child (window);

  /* Laid out: the window and what it holds have their size. */
  return gtk_widget_get_width (window) > 0 && child != NULL && gtk_widget_get_width (child) > 0;
}

static SternWindow *
window_new (int width,
            int height)
{
  SternWindow *window = g_object_new (STERN_TYPE_WINDOW, NULL);

  stern_window_set_computer_delay (window, 0);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_until (gui_test_is_mapped, window, 5000));
  return window;
}

static char *
record_of (SternWindow *window)
{
  return stern_record_write (stern_window_get_game (window), NULL);
}

/* ------------------------------------------------------------------ */

typedef struct {
  GApplication *app;
  char         *record;
  gboolean      had_message;
  char         *toast;
  char         *restored;   /* after the toast's Undo */
} OpenSeen;

static gboolean
look_at_window (gpointer data)
{
  OpenSeen *seen = data;
  SternWindow *window = stern_application_get_current_window (STERN_APPLICATION (seen->app));

  if (window != NULL)
    {
      seen->record = record_of (window);
      seen->had_message = stern_window_get_message (window) != NULL;
      seen->toast = g_strdup (stern_window_get_last_toast (window));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.restore-game", NULL);
      seen->restored = record_of (window);
    }
  g_action_group_activate_action (G_ACTION_GROUP (seen->app), "quit", NULL);
  return G_SOURCE_REMOVE;
}

static void
test_open_command_line (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *unfinished = NULL;
  g_autofree char *save_dir = g_build_filename (g_get_user_data_dir (), "sternhalma", NULL);
  g_autoptr (GFile) file = NULL;
  g_autoptr (SternApplication) app = NULL;
  char *args[3];
  SternWindow *window;
  SternGameSetup setup;
  OpenSeen seen = { 0 };
  int status;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  dir = g_dir_make_tmp ("stern-app-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "three moves.sgr", NULL);
  file = g_file_new_for_path (path);
  window = window_new (800, 600);
  session_test_setup (&setup, "classic-3", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  for (guint i = 0; i < 3; i++)
    gui_test_play_first (window);
  g_assert_true (stern_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  expected = record_of (window);
  gtk_window_destroy (GTK_WINDOW (window));

  /* A game left unfinished in the user's data folder (the autosave). */
  window = window_new (800, 600);
  stern_window_set_data_dir (window, save_dir);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  for (guint i = 0; i < 5; i++)
    gui_test_play_first (window);
  unfinished = record_of (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_cmpstr (unfinished, !=, expected);

  app = stern_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  seen.app = G_APPLICATION (app);
  args[0] = (char *) "sternhalma";
  args[1] = path;
  args[2] = NULL;
  /* Runs once the command line has been handled. */
  g_idle_add (look_at_window, &seen);
  status = g_application_run (G_APPLICATION (app), 2, args);

  g_assert_cmpint (status, ==, 0);
  g_assert_false (seen.had_message);
  g_assert_cmpstr (seen.record, ==, expected);
  g_assert_cmpstr (seen.toast, ==, "Opened “three moves.sgr”");
  /* The file did not silently take the unfinished game's place. */
  g_assert_cmpstr (seen.restored, ==, unfinished);

  g_free (seen.record);
  g_free (seen.toast);
  g_free (seen.restored);
  g_unlink (path);
  g_rmdir (dir);
}

/* ------------------------------------------------------------------ */

/* The window as drawn: NULL until it has drawn a frame. */
static GskRenderNode *
drawn_node (GtkWidget *window)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), gtk_widget_get_width (window),
                          gtk_widget_get_height (window));
  return gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

static gboolean
has_drawn (gpointer window)
{
  g_autoptr (GskRenderNode) node = drawn_node (window);

  return node != NULL;
}

static void
save_screenshot (GtkWidget  *window,
                 const char *name)
{
  const char *dir = g_getenv ("STERN_SCREENSHOT_DIR");
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);

  if (dir == NULL || *dir == '\0')
    return;

  g_assert_true (test_wait_until (has_drawn, window, 5000));
  node = drawn_node (window);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_mkdir_with_parents (dir, 0755);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot %s", path);
}

typedef struct {
  int         width, height;
  gboolean    folded;
  const char *name;
} Size;

static const Size sizes[] = {
  { 360, 640, TRUE, "phone" },
  { 700, 500, FALSE, "small" },
  { 1280, 800, FALSE, "large" },
};

/* Widget has come all the way into its window: it is not cut at the
 * window's edge. */
static gboolean
slid_in (gpointer widget)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
  graphene_rect_t bounds;

  return gtk_widget_compute_bounds (widget, window, &bounds) && bounds.origin.x >= 0 &&
         bounds.origin.x + bounds.size.width <= gtk_widget_get_width (window);
}

typedef struct {
  SternWindow *window;
  const Size  *size;
} SizedWindow;

/* Laid out at the size asked for, less the window's border where there
 * is one (no window manager). */
static gboolean
has_size (gpointer data)
{
  const SizedWindow *sized = data;
  int width = gtk_widget_get_width (GTK_WIDGET (sized->window));

  return width <= sized->size->width && width >= sized->size->width - 20;
}

static gboolean
is_folded (gpointer window)
{
  return stern_window_is_panel_folded (window);
}

static gboolean
is_unfolded (gpointer window)
{
  return !stern_window_is_panel_folded (window);
}

static gboolean
strip_follows_folding (gpointer window)
{
  SternPlayersStrip *strip = stern_window_get_players_strip (window);

  return gtk_widget_get_mapped (GTK_WIDGET (strip)) == stern_window_is_panel_folded (window);
}

static gboolean
panel_hidden (gpointer list)
{
  return !(gtk_widget_get_mapped (list) && gtk_widget_get_width (list) > 0 &&
           gtk_widget_get_child_visible (list));
}

static GtkWidget *
find_with_class (GtkWidget  *widget,
                 const char *css_class)
{
  if (gtk_widget_has_css_class (widget, css_class))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_with_class (child, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The text colour a widget is drawn with. */
static void
text_colour (GtkWidget *widget,
             GdkRGBA   *colour)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_widget_get_color (widget, colour);
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), colour);
#endif
}

/* An application for the windows' styles (AdwApplication loads style.css,
 * and before libadwaita 1.8 style-dark.css whenever the style turns dark;
 * from 1.8 on style.css holds the dark rules in a media query), made after the
 * command-line test's own has gone: two cannot share the bus path. */
static SternApplication *styles_app;

static void
ensure_styles (void)
{
  if (styles_app != NULL)
    return;
  styles_app = stern_application_new ();
  g_application_set_flags (G_APPLICATION (styles_app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (styles_app), NULL, NULL));
}

/* The row of the last move under the board is built and in its view. */
static gboolean
last_move_in_view (gpointer data)
{
  SternWindow *window = data;
  GtkWidget *list = GTK_WIDGET (window->moves_under_board);
  guint n = stern_game_get_n_actions (stern_window_get_game (window));
  GtkWidget *row = stern_move_list_get_cell (window->moves_under_board, n - 1);
  graphene_rect_t bounds;

  if (row == NULL || !gtk_widget_get_mapped (row) ||
      !gtk_widget_compute_bounds (row, list, &bounds))
    return FALSE;
  return bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (list);
}

static void
check_size (const Size *size,
            gboolean    dark)
{
  g_autofree char *name = g_strdup_printf ("window-%dx%d%s.png", size->width, size->height,
                                           dark ? "-dark" : "");
  SternWindow *window;
  GtkWidget *board;
  SternGameSetup setup;
  graphene_rect_t bounds;

  ensure_styles ();
  window = window_new (size->width, size->height);
  board = GTK_WIDGET (stern_window_get_board (window));

  session_test_setup (&setup, "classic-6", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  for (guint i = 0; i < 8; i++)
    gui_test_play_first (window);
  {
    /* A marble picked: the holes it can reach are lit (as on the store's
     * screenshots). */
    guint from, to;

    session_test_first_safe_move (stern_window_get_game (window), &from, &to);
    stern_board_view_select (stern_window_get_board (window), from);
  }
  g_assert_true (test_wait_until (is_allocated, window, 5000));
  {
    /* The size asked for, once the window manager (if any) agrees. */
    SizedWindow sized = { window, size };

    g_assert_true (test_wait_until (has_size, &sized, 5000));
  }
  /* The panel folds once the window is laid out at its size. */
  g_assert_true (test_wait_until (size->folded ? is_folded : is_unfolded, window, 5000));
  /* The strip follows the folding from an idle: on a loaded machine it
   * may come a moment after the allocation. */
  g_assert_true (test_wait_until (strip_follows_folding, window, 5000));

  g_test_message ("%s: window %d×%d, board %d×%d, panel %s", size->name,
                  gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)),
                  gtk_widget_get_width (board), gtk_widget_get_height (board),
                  stern_window_is_panel_folded (window) ? "folded" : "beside the board");

  /* The window took the size (it fits the screen) and the board is shown
   * inside it, large enough to play on. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, size->width);
  /* Less the window's border, where there is one (no window manager). */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >=, size->width - 20);
  g_assert_true (gtk_widget_get_mapped (board));
  g_assert_true (gtk_widget_compute_bounds (board, GTK_WIDGET (window), &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, size->width);
  g_assert_cmpfloat (bounds.size.width, >=, 240);
  g_assert_cmpfloat (bounds.size.height, >=, 240);

  g_assert_cmpint (stern_window_is_panel_folded (window), ==, size->folded);
  {
    /* Folded, the players are a strip above the board: each with its
     * marbles in the goal, the one on turn marked. */
    SternPlayersStrip *strip = stern_window_get_players_strip (window);
    SternGame *game = stern_window_get_game (window);
    const SternVariant *variant = stern_game_get_variant (game);

    /* libadwaita 1.2's flap folds while the window is laid out, and the
     * strip is shown after that. */
    g_assert_true (test_wait_until (size->folded ? gui_test_is_mapped : is_unmapped, strip, 5000));
    g_assert_cmpuint (stern_players_strip_get_marked (strip), ==, stern_game_get_turn (game));
    for (unsigned i = 0; i < variant->n_players; i++)
      {
        /* With five and six players, the count alone. */
        g_autofree char *expect = variant->n_players > 4 ?
          g_strdup_printf ("%u", stern_game_marbles_in_goal (game, variant->seats[i])) :
          g_strdup_printf ("%u/%u", stern_game_marbles_in_goal (game, variant->seats[i]),
                           (unsigned) variant->marbles);

        g_assert_cmpstr (stern_players_strip_get_text (strip, variant->seats[i]), ==, expect);
      }
    if (size->folded)
      {
        /* It fits the window, also when every count has grown to "10/10"
         * (the labels are as wide from the start). */
        int minimum;

        gtk_widget_measure (GTK_WIDGET (strip), GTK_ORIENTATION_HORIZONTAL, -1,
                            &minimum, NULL, NULL, NULL);
        g_test_message ("%s: the strip needs %d px", size->name, minimum);
        g_assert_cmpint (minimum, <=, size->width - 8);
      }
  }
  if (size->folded)
    /* The board takes the width. */
    g_assert_cmpint (gtk_widget_get_width (board), ==, gtk_widget_get_width (GTK_WIDGET (window)));
  else
    g_assert_cmpint (gtk_widget_get_width (board), <=, size->width - 260);
  if (size->height * 3 >= size->width * 5)
    {
      /* Upright, the round board leaves no band above and below it: the
       * moves are under it, the last one in view. */
      GtkWidget *moves = GTK_WIDGET (window->moves_under_board);

      g_assert_cmpint (gtk_widget_get_height (board), <=, gtk_widget_get_width (board));
      g_assert_true (test_wait_until (gui_test_is_mapped, moves, 5000));
      g_assert_cmpint (gtk_widget_get_height (moves), >=, 40);
      g_assert_true (test_wait_until (last_move_in_view, window, 5000));
    }
  else
    g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (window->moves_under_board)));

  {
    /* The styles AdwApplication loads are in use: Red's moves in
     * style.css's colour, or style-dark.css's in the dark. */
    GtkWidget *red_move = find_with_class (stern_window_get_move_list_widget (window), "seat-1");
    GdkRGBA colour, expect;

    g_assert_nonnull (red_move);
    text_colour (red_move, &colour);
    g_assert_true (gdk_rgba_parse (&expect, dark ? "#ff8f7a" : "#c01c28"));
    g_assert_cmpfloat_with_epsilon (colour.red, expect.red, 0.01);
    g_assert_cmpfloat_with_epsilon (colour.green, expect.green, 0.01);
    g_assert_cmpfloat_with_epsilon (colour.blue, expect.blue, 0.01);
  }

  save_screenshot (GTK_WIDGET (window), name);

  if (size->folded)
    {
      /* The header's button brings the players and moves over the board. */
      g_autofree char *panel_name = g_strdup_printf ("window-%dx%d%s-panel.png", size->width,
                                                     size->height, dark ? "-dark" : "");
      GtkWidget *list = GTK_WIDGET (stern_window_get_move_list_widget (window));

      /* Folded away: libadwaita 1.4's split view may still be sliding it
       * out when the window has folded. */
      g_assert_true (test_wait_until (panel_hidden, list, 5000));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", NULL));
      /* It slides in over a few frames. */
      g_assert_true (test_wait_until (gui_test_is_shown_wide, list, 5000));
      g_assert_true (test_wait_until (slid_in, list, 5000));
      save_screenshot (GTK_WIDGET (window), panel_name);
    }
  gui_test_destroy (window);
}

static void
test_sizes (void)
{
  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    check_size (&sizes[i], FALSE);
}

static void
test_sizes_dark (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (style));
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    check_size (&sizes[i], TRUE);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* The rules help, as the store shows it. */
static gboolean
header_wide (gpointer data)
{
  SternWindow *window = data;

  return gtk_widget_get_mapped (window->hint_button) && gtk_widget_get_mapped (window->pause_button);
}

static gboolean
header_narrow (gpointer data)
{
  SternWindow *window = data;

  return !gtk_widget_get_visible (window->hint_button) &&
         !gtk_widget_get_visible (window->pause_button);
}

/* Asked for a phone's width, the window gets it (the header's Hint and
 * Pause go first: shown, they keep it at 446 px); they come back when the
 * window is wide again, the panel shown and hidden meanwhile. */
static void
test_header_after_narrow (void)
{
  SternWindow *window;
  SizedWindow sized = { NULL, NULL };
  static const Size narrow = { 360, 640, TRUE, "narrow" };
  static const Size wide = { 1000, 700, FALSE, "wide" };
  static const Size squat = { 440, 400, TRUE, "narrow, not tall" };

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* GNOME's window buttons (GTK's own default adds minimize and maximize,
   * 74 px that a phone's header does not have). */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  window = window_new (wide.width, wide.height);
  sized.window = window;
  sized.size = &wide;
  g_assert_true (test_wait_until (has_size, &sized, 5000));
  g_assert_true (test_wait_until (header_wide, window, 5000));

  gtk_window_set_default_size (GTK_WINDOW (window), narrow.width, narrow.height);
  sized.size = &narrow;
  g_assert_true (test_wait_until (has_size, &sized, 5000));
  g_assert_true (test_wait_until (is_folded, window, 5000));
  g_assert_true (test_wait_until (header_narrow, window, 5000));
  /* All of it, at once. */
  g_assert_cmpint (gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window))), ==, 360);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", NULL));
  gui_test_wait_for_frame (GTK_WIDGET (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", NULL));
  gui_test_wait_for_frame (GTK_WIDGET (window));
  /* Upright, the moves are under the board. */
  g_assert_true (test_wait_until (gui_test_is_mapped, window->moves_under_board, 5000));
  /* The computer thinking (here of a hint) leaves the header as narrow:
   * the status line says it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_nonnull (window->hint_cancellable);
  g_assert_false (gtk_widget_get_visible (window->spinner));
  gui_test_wait_for_frame (GTK_WIDGET (window));
  g_assert_cmpint (gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window))), ==, 360);

  /* Narrow and not tall: the header stays narrow, the board has the
   * height. */
  gtk_window_set_default_size (GTK_WINDOW (window), squat.width, squat.height);
  sized.size = &squat;
  g_assert_true (test_wait_until (has_size, &sized, 5000));
  g_assert_true (test_wait_until (is_unmapped, window->moves_under_board, 5000));
  g_assert_true (test_wait_until (is_folded, window, 5000));
  g_assert_true (test_wait_until (header_narrow, window, 5000));

  gtk_window_set_default_size (GTK_WINDOW (window), wide.width, wide.height);
  sized.size = &wide;
  g_assert_true (test_wait_until (has_size, &sized, 5000));
  g_assert_true (test_wait_until (is_unfolded, window, 5000));
  g_assert_true (test_wait_until (header_wide, window, 5000));
  /* Wide, the spinner shows while the computer thinks. */
  if (window->hint_cancellable == NULL)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_true (gtk_widget_get_visible (window->spinner) == (window->hint_cancellable != NULL));

  gui_test_destroy (window);
  gtk_settings_reset_property (gtk_settings_get_default (), "gtk-decoration-layout");
}

static gboolean
new_game_dialog_shown (gpointer data)
{
  SternNewGameDialog *dialog = gui_test_find_new_game_dialog ();

  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog)) &&
         gtk_widget_get_width (GTK_WIDGET (dialog)) > 0;
}

/* The right edge of the widest of widget's shown descendants in dialog,
 * popovers (surfaces of their own) and scroll bars (overlaid, their slider
 * reaching over the edge) aside; none starts left of it (but for a pixel
 * or two of a frame's edge). */
static double
widest_inside (GtkWidget *widget,
               GtkWidget *dialog)
{
  double right = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t bounds;

      if (GTK_IS_NATIVE (child) || GTK_IS_SCROLLBAR (child) || !gtk_widget_get_mapped (child))
        continue;
      if (gtk_widget_compute_bounds (child, dialog, &bounds))
        {
          g_assert_cmpfloat (bounds.origin.x, >=, -2);
          right = MAX (right, bounds.origin.x + bounds.size.width);
        }
      right = MAX (right, widest_inside (child, dialog));
    }
  return right;
}

/* New Game on a phone's screen: no wider than the window (from
 * libadwaita 1.5 on a sheet inside it, before that a window of its own),
 * nothing in it wider than the dialog, and Start starts the game. */
static void
test_new_game_narrow (void)
{
  static const Size narrow = { 360, 640, TRUE, "narrow" };
  SizedWindow sized = { NULL, &narrow };
  SternNewGameDialog *dialog;
  SternGameSetup setup;
  SternWindow *window;
  double right;
  int width;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  ensure_styles ();
  /* The sheet in its place at once, not sliding in. */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close",
                "gtk-enable-animations", FALSE, NULL);
  window = window_new (narrow.width, narrow.height);
  sized.window = window;
  g_assert_true (test_wait_until (has_size, &sized, 5000));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  g_assert_true (test_wait_until (new_game_dialog_shown, NULL, 5000));
  dialog = gui_test_find_new_game_dialog ();
  gui_test_wait_for_frame (GTK_WIDGET (dialog));

  width = gtk_widget_get_width (GTK_WIDGET (dialog));
  right = widest_inside (GTK_WIDGET (dialog), GTK_WIDGET (dialog));
  g_test_message ("New Game in a window %d px wide: %d px wide, its content up to %.0f px",
                  gtk_widget_get_width (GTK_WIDGET (window)), width, right);
  g_assert_cmpint (width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpfloat (right, <=, width + 2);
  save_screenshot (GTK_IS_WINDOW (dialog) ? GTK_WIDGET (dialog) : GTK_WIDGET (window),
                   "new-game-360x640.png");

  /* At its tallest (six seats, five of them the computer's, and the
   * clock's own rows) it scrolls, no wider. */
  session_test_setup (&setup, "classic-6", STERN_PRESET_TABLE, "hccccc", 0, 0);
  setup.clock_reserve_s = 17 * 60;
  setup.clock_increment_s = 7;
  stern_new_game_dialog_set_setup (dialog, &setup);
  gui_test_wait_for_frame (GTK_WIDGET (dialog));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=,
                   gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpfloat (widest_inside (GTK_WIDGET (dialog), GTK_WIDGET (dialog)), <=,
                     gtk_widget_get_width (GTK_WIDGET (dialog)) + 2);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (dialog)), <=, narrow.height);

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hchhhh", 0, 0);
  stern_new_game_dialog_set_setup (dialog, &setup);
  stern_new_game_dialog_start (dialog);
  g_assert_true (test_wait_until (gui_test_no_dialog, window, 5000));
  g_assert_true (stern_game_get_variant (stern_window_get_game (window)) ==
                 stern_variant_lookup ("classic-2"));

  gui_test_destroy (window);
  gtk_settings_reset_property (gtk_settings_get_default (), "gtk-decoration-layout");
  gtk_settings_reset_property (gtk_settings_get_default (), "gtk-enable-animations");
}

static void
test_rules_screenshot (void)
{
  SternWindow *window;
  GtkWidget *rules;
  GtkWidget *root;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* From libadwaita 1.5 on the rules are drawn inside the game window. */
  window = window_new (900, 700);
  rules = stern_rules_window_new ();
  if (GTK_IS_WINDOW (rules))
    gtk_window_set_default_size (GTK_WINDOW (rules), 900, 700);
  stern_compat_dialog_present (rules, GTK_WINDOW (window), TRUE);
  g_assert_true (test_wait_until (gui_test_is_mapped, rules, 5000));
  root = GTK_WIDGET (gtk_widget_get_root (rules));
  g_assert_true (test_wait_until (is_allocated, root, 5000));
  g_assert_cmpint (gtk_widget_get_width (root), >=, 880);
  /* The topics beside the page. */
  g_assert_cmpint (gtk_widget_get_width (rules), >=, 800);
  save_screenshot (root, "rules.png");
  stern_compat_dialog_force_close (rules);
  gui_test_destroy (window);
}

static gboolean
pointer_cleared (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* The position editor's Play goes through app.load-position to the game
 * window, and the editor closes. */
static void
test_position_editor_play (void)
{
  const char *text = "classic-2 black white:m1,l2 black:e17";
  g_autofree char *shown = NULL;
  SternPositionEditor *editor;
  SternWindow *window;
  gpointer editor_alive;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  ensure_styles ();
  window = g_object_new (STERN_TYPE_WINDOW, "application", styles_app, NULL);
  stern_window_set_computer_delay (window, 0);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (stern_application_get_current_window (styles_app) == window);

  editor = STERN_POSITION_EDITOR (stern_position_editor_new ());
  stern_compat_dialog_present (GTK_WIDGET (editor), GTK_WINDOW (window), FALSE);
  /* A window of its own before libadwaita 1.5 reaches the application's
   * actions as the application's window. */
  if (GTK_IS_WINDOW (editor))
    gtk_window_set_application (GTK_WINDOW (editor), GTK_APPLICATION (styles_app));
  g_assert_true (stern_position_editor_set_text (editor, text));
  g_assert_null (stern_position_editor_get_problem (editor));
  editor_alive = editor;
  g_object_add_weak_pointer (G_OBJECT (editor), &editor_alive);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "editor.play", NULL));
  g_assert_true (test_wait_until (pointer_cleared, &editor_alive, 5000));
  /* The position on the board, black on turn and the computer white. */
  shown = stern_notation_format_position (stern_window_get_setup (window)->variant,
                                          stern_game_get_position (stern_window_get_game (window)));
  g_assert_cmpstr (shown, ==, text);
  g_assert_false (stern_window_get_setup (window)->computer[STERN_BLACK]);
  g_assert_true (stern_window_get_setup (window)->computer[STERN_WHITE]);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("stern-app-data-XXXXXX", NULL);

  /* The application keeps its autosave in the user's data folder: not the
   * real one.  (No G_TEST_OPTION_ISOLATE_DIRS: it hides the MIME database
   * the icons are loaded with.) */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);

  gui_test_init ();

  g_test_add_func ("/app/open-command-line", test_open_command_line);
  g_test_add_func ("/app/sizes", test_sizes);
  g_test_add_func ("/app/sizes-dark", test_sizes_dark);
  g_test_add_func ("/app/rules-screenshot", test_rules_screenshot);
  g_test_add_func ("/app/header-after-narrow", test_header_after_narrow);
  g_test_add_func ("/app/new-game-narrow", test_new_game_narrow);
  g_test_add_func ("/app/position-editor-play", test_position_editor_play);

  {
    int status = g_test_run ();

    g_clear_object (&styles_app);
    return status;
  }
}
