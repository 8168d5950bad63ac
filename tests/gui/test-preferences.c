/* test-preferences.c: the Preferences window, under a real display (Xvfb).
 *
 * Its controls write GSettings; the game window and its board follow at
 * once, and the window's menu toggles stay in step with the controls both
 * ways.  Also: confirm-fatal-moves, the player's name in the players panel
 * and the status line, the app action and its accelerator, and that the
 * Keyboard Shortcuts window lists every accelerator the application sets.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "stern-application.h"
#include "stern-compat.h"
#include "stern-computer.h"
#include "stern-new-game-dialog.h"
#include "stern-notation.h"
#include "stern-preferences-window.h"
#include "stern-window-private.h"

#include "gui-test-util.h"

/* The preferences are a window before libadwaita 1.5 and a dialog over
 * the game window from 1.5 on: these say the same thing of both. */
static void
preferences_close (GtkWidget *preferences)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  adw_dialog_force_close (ADW_DIALOG (preferences));
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  gtk_window_destroy (GTK_WINDOW (preferences));
#endif
}

/* Presents them and waits until they are on screen: libadwaita 1.5 and
 * later open a dialog a few frames after it is presented, and until then
 * its page is not mapped (and closing it would do nothing). */
static void
preferences_show (GtkWidget *preferences)
{
  stern_preferences_window_present (STERN_PREFERENCES_WINDOW (preferences));
  g_assert_true (test_wait_until (gui_test_is_mapped,
                                  stern_preferences_window_get_page (STERN_PREFERENCES_WINDOW (preferences)),
                                  5000));
}

/* Shown over the game window, and the board behind it still answers. */
static void
assert_preferences_over (GtkWidget *preferences,
                         GtkWindow *window)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  g_assert_true (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)) ==
                 ADW_DIALOG (preferences));
  g_assert_true (gtk_widget_get_root (preferences) == GTK_ROOT (window));
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (preferences)) == window);
  g_assert_false (gtk_window_get_modal (GTK_WINDOW (preferences)));
#endif
}

/* The preferences that belong to the application's game window, or NULL;
 * their number in *n. */
static GtkWidget *
find_preferences (GtkApplication *app,
                  GtkWindow      *window,
                  guint          *n)
{
  GtkWidget *found = NULL;

  *n = 0;
#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  (void) app;
  found = GTK_WIDGET (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)));
  if (found != NULL && !STERN_IS_PREFERENCES_WINDOW (found))
    found = NULL;
  *n = found != NULL;
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (STERN_IS_PREFERENCES_WINDOW (l->data))
      {
        found = l->data;
        *n += 1;
      }
  if (found != NULL)
    g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (found)) == window);
#endif
  return found;
}

/* What the shortcuts file lists: the text of every action-name and
 * accelerator property, whichever kind of shortcuts window it holds. */
typedef struct {
  GHashTable *listed;
  gboolean    in_shortcut_property;
} ShortcutsScan;

static void
scan_start (GMarkupParseContext *context,
            const char          *element,
            const char         **names,
            const char         **values,
            gpointer             data,
            GError             **error)
{
  ShortcutsScan *scan = data;

  scan->in_shortcut_property = FALSE;
  if (strcmp (element, "property") != 0)
    return;
  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (names[i], "name") == 0)
      scan->in_shortcut_property = strcmp (values[i], "action-name") == 0 ||
                                   strcmp (values[i], "accelerator") == 0;
}

static void
scan_end (GMarkupParseContext *context,
          const char          *element,
          gpointer             data,
          GError             **error)
{
  ((ShortcutsScan *) data)->in_shortcut_property = FALSE;
}

static void
scan_text (GMarkupParseContext *context,
           const char          *text,
           gsize                len,
           gpointer             data,
           GError             **error)
{
  ShortcutsScan *scan = data;

  if (scan->in_shortcut_property)
    g_hash_table_add (scan->listed, g_strndup (text, len));
}

static GHashTable *
shortcuts_listed (const char **kind)
{
  static const GMarkupParser parser = { scan_start, scan_end, scan_text, NULL, NULL };
#if ADW_CHECK_VERSION (1, 8, 0)
  const char *path = "/io/github/sternhalma/Sternhalma/shortcuts-dialog.ui";
  const char *class = "AdwShortcutsDialog";
#else
  const char *path = "/io/github/sternhalma/Sternhalma/gtk/help-overlay.ui";
  const char *class = "GtkShortcutsWindow";
#endif
  ShortcutsScan scan = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL), FALSE };
  g_autoptr (GBytes) ui = NULL;
  g_autoptr (GMarkupParseContext) context = NULL;
  g_autoptr (GtkBuilder) builder = NULL;
  g_autoptr (GError) error = NULL;
  GObject *shortcuts;

  ui = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  g_assert_no_error (error);
  context = g_markup_parse_context_new (&parser, 0, &scan, NULL);
  g_assert_true (g_markup_parse_context_parse (context, g_bytes_get_data (ui, NULL),
                                               g_bytes_get_size (ui), &error));
  g_assert_no_error (error);

  /* And it builds, as the kind of window the toolkit shows. */
  builder = gtk_builder_new_from_resource (path);
#if ADW_CHECK_VERSION (1, 8, 0)
  shortcuts = gtk_builder_get_object (builder, "shortcuts_dialog");
#else
  shortcuts = gtk_builder_get_object (builder, "help_overlay");
#endif
  g_assert_nonnull (shortcuts);
  g_assert_cmpstr (G_OBJECT_TYPE_NAME (shortcuts), ==, class);
#if !ADW_CHECK_VERSION (1, 8, 0)
  gtk_window_destroy (GTK_WINDOW (shortcuts));
#endif
  *kind = class;
  return scan.listed;
}

static gboolean
coordinates_on (gpointer settings)
{
  return g_settings_get_boolean (settings, "show-coordinates");
}

static gboolean
coordinates_off (gpointer settings)
{
  return !g_settings_get_boolean (settings, "show-coordinates");
}

static GtkWidget *
pref (GtkWidget  *preferences,
      const char *name)
{
  SternPreferencesPage *page =
    stern_preferences_window_get_page (STERN_PREFERENCES_WINDOW (preferences));
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (page),
                                                  STERN_TYPE_PREFERENCES_PAGE,
                                                  name);

  g_assert_nonnull (child);
  return GTK_WIDGET (child);
}

static gboolean
window_action_state (SternWindow *window,
                     const char  *name)
{
  g_autoptr (GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), name);

  g_assert_nonnull (state);
  return g_variant_get_boolean (state);
}

/* Where the board draws a hole at a fixed widget size: with coordinates
 * shown the star shrinks to leave room for them. */
static double
hole_x (SternWindow *window)
{
  double x, y;

  stern_board_view_hole_centre (stern_window_get_board (window), gui_test_hole ("a13"),
                                400, 400, &x, &y);
  return x;
}

/* The names in the players panel, in order, joined by "|". */
static char *
panel_names (SternWindow *window)
{
  GtkWidget *list = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                               STERN_TYPE_WINDOW,
                                                               "players_panel"));
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  GString *names = g_string_new (NULL);

  g_assert_nonnull (list);
  /* Depth-first, children in order. */
  g_ptr_array_add (stack, list);
  while (stack->len > 0)
    {
      GtkWidget *widget = g_ptr_array_steal_index (stack, stack->len - 1);
      g_autoptr (GPtrArray) children = g_ptr_array_new ();

      if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "player-name"))
        {
          if (names->len > 0)
            g_string_append_c (names, '|');
          g_string_append (names, gtk_label_get_label (GTK_LABEL (widget)));
        }
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (children, c);
      for (guint i = children->len; i > 0; i--)
        g_ptr_array_add (stack, children->pdata[i - 1]);
    }

  return g_string_free (names, FALSE);
}

static gboolean
panel_names_are (SternWindow *window,
                 const char  *expect)
{
  g_autofree char *names = panel_names (window);

  return g_strcmp0 (names, expect) == 0;
}

static void
test_controls_write_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *preferences;
  GtkWidget *coordinates_row;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  g_settings_set_boolean (settings, "rotate-to-player", TRUE);
  g_settings_set_boolean (settings, "confirm-fatal-moves", TRUE);
  g_settings_set_string (settings, "player-name", "");

  preferences = stern_preferences_window_new (NULL);
  preferences_show (preferences);

  /* The controls start from the settings ... */
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (pref (preferences, "coordinates_switch"))));
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (pref (preferences, "animations_switch"))));
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (pref (preferences, "rotate_switch"))));
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (pref (preferences, "confirm_switch"))));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (pref (preferences, "name_entry"))), ==, "");

  /* ... write them ... */
  gtk_switch_set_active (GTK_SWITCH (pref (preferences, "coordinates_switch")), TRUE);
  g_assert_true (g_settings_get_boolean (settings, "show-coordinates"));
  gtk_switch_set_active (GTK_SWITCH (pref (preferences, "rotate_switch")), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "rotate-to-player"));
  gtk_switch_set_active (GTK_SWITCH (pref (preferences, "confirm_switch")), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "confirm-fatal-moves"));
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (pref (preferences, "sounds_switch"))));
  gtk_switch_set_active (GTK_SWITCH (pref (preferences, "sounds_switch")), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "sounds"));
  gtk_editable_set_text (GTK_EDITABLE (pref (preferences, "name_entry")), "Ada");
  {
    g_autofree char *name = g_settings_get_string (settings, "player-name");

    g_assert_cmpstr (name, ==, "Ada");
  }

  /* ... and follow changes made elsewhere. */
  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  GUI_TEST_WAIT_FOR (!gtk_switch_get_active (GTK_SWITCH (pref (preferences, "coordinates_switch"))),
                     5000);

  /* Activating a row (a click or Enter anywhere on it) flips its switch. */
  coordinates_row = pref (preferences, "coordinates_row");
  g_assert_true (gtk_widget_activate (coordinates_row));
  /* The switch moves over before it turns on. */
  g_assert_true (test_wait_until (coordinates_on, settings, 2000));
  g_assert_true (gtk_widget_activate (coordinates_row));
  g_assert_true (test_wait_until (coordinates_off, settings, 2000));

  preferences_close (preferences);

  g_settings_reset (settings, "show-coordinates");
  g_settings_reset (settings, "rotate-to-player");
  g_settings_reset (settings, "confirm-fatal-moves");
  g_settings_reset (settings, "player-name");
  g_settings_reset (settings, "sounds");
}

static void
test_window_follows (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  SternWindow *window;
  GtkWidget *preferences;
  GtkSwitch *coordinates, *animations;
  SternBoardView *board;
  double plain_x, coords_x;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  window = gui_test_game_window_new ("classic-2", "hhhhhh");
  board = stern_window_get_board (window);
  preferences = stern_preferences_window_new (GTK_WINDOW (window));
  preferences_show (preferences);
  assert_preferences_over (preferences, GTK_WINDOW (window));
  coordinates = GTK_SWITCH (pref (preferences, "coordinates_switch"));
  animations = GTK_SWITCH (pref (preferences, "animations_switch"));

  /* Coordinates: the board makes room for them at once. */
  plain_x = hole_x (window);
  g_assert_false (window_action_state (window, "show-coordinates"));
  gtk_switch_set_active (coordinates, TRUE);
  GUI_TEST_WAIT_FOR (fabs (hole_x (window) - plain_x) > 1.0, 5000);
  coords_x = hole_x (window);
  g_assert_cmpfloat (fabs (coords_x - plain_x), >, 1.0);
  /* The menu's toggle shows the same. */
  g_assert_true (window_action_state (window, "show-coordinates"));

  /* And the other way: the menu's toggle moves the switch. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-coordinates",
                                      g_variant_new_boolean (FALSE));
  GUI_TEST_WAIT_FOR (!gtk_switch_get_active (coordinates), 5000);
  GUI_TEST_WAIT_FOR (fabs (hole_x (window) - plain_x) < 1e-6, 5000);

  /* Animations: a move is animated only when they are on. */
  gtk_switch_set_active (animations, TRUE);
  GUI_TEST_WAIT_FOR (window_action_state (window, "animations"), 5000);
  g_signal_emit_by_name (board, "move-chosen", gui_test_hole ("l3"), gui_test_hole ("l5"));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 1);
  g_assert_true (stern_board_view_is_animating (board));
  gtk_switch_set_active (animations, FALSE);
  GUI_TEST_WAIT_FOR (!window_action_state (window, "animations"), 5000);
  /* Turning them off stops the animation in progress, too. */
  GUI_TEST_WAIT_FOR (!stern_board_view_is_animating (board), 5000);
  {
    guint from, to;

    session_test_first_safe_move (stern_window_get_game (window), &from, &to);
    g_signal_emit_by_name (board, "move-chosen", from, to);
  }
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 2);
  g_assert_false (stern_board_view_is_animating (board));

  /* Rotation: with it off a hot-seat board stays where it is. */
  gtk_switch_set_active (GTK_SWITCH (pref (preferences, "rotate_switch")), FALSE);
  GUI_TEST_WAIT_FOR (!window_action_state (window, "rotate-to-player"), 5000);
  {
    unsigned bottom = stern_board_view_get_bottom_seat (board);
    SternGameSetup setup;

    session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
    stern_window_new_game (window, &setup);
    bottom = stern_board_view_get_bottom_seat (board);
    g_signal_emit_by_name (board, "move-chosen", gui_test_hole ("l3"), gui_test_hole ("l5"));
    g_assert_cmpuint (stern_game_get_turn (stern_window_get_game (window)), !=, STERN_WHITE);
    g_assert_cmpuint (stern_board_view_get_bottom_seat (board), ==, bottom);
  }

  /* destroy-with-parent: the preferences go with the game window. */
  g_object_add_weak_pointer (G_OBJECT (preferences), (gpointer *) &preferences);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_null (preferences);

  g_settings_reset (settings, "show-coordinates");
  g_settings_reset (settings, "rotate-to-player");
  g_settings_set_boolean (settings, "animations", FALSE);
}

static void
on_dialog_start (SternNewGameDialog   *dialog,
                 const SternGameSetup *setup,
                 gpointer              user_data)
{
  *(gboolean *) user_data = TRUE;
}

/* The New Game dialog saves its choice through the window's settings
 * object; the menu toggles must still reach the Preferences afterwards
 * (a g_settings_delay() left behind held them back). */
static void
test_in_step_after_new_game (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  SternNewGameDialog *dialog = NULL;
  SternWindow *window;
  GtkWidget *preferences;
  SternGameSetup setup;
  gboolean started = FALSE;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  window = gui_test_game_window_new ("classic-2", "hhhhhh");
  preferences = stern_preferences_window_new (GTK_WINDOW (window));
  preferences_show (preferences);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  dialog = gui_test_find_new_game_dialog ();
  g_assert_nonnull (dialog);
  session_test_setup (&setup, "classic-3", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_new_game_dialog_set_setup (dialog, &setup);
  g_signal_connect (dialog, "start", G_CALLBACK (on_dialog_start), &started);
  stern_new_game_dialog_start (dialog);
  g_assert_true (started);
  {
    g_autofree char *variant = g_settings_get_string (settings, "variant");

    g_assert_cmpstr (variant, ==, "classic-3");
  }

  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-coordinates",
                                      g_variant_new_boolean (TRUE));
  GUI_TEST_WAIT_FOR (g_settings_get_boolean (settings, "show-coordinates"), 5000);
  GUI_TEST_WAIT_FOR (gtk_switch_get_active (GTK_SWITCH (pref (preferences, "coordinates_switch"))),
                     5000);

  /* The window's size goes straight to the settings as well (from
   * libadwaita 1.5 on, closing a window with a dialog over it closes the
   * dialog: the preferences go first). */
  preferences_close (preferences);
  g_assert_true (test_wait_until (gui_test_no_dialog, window, 5000));
  gtk_window_set_default_size (GTK_WINDOW (window), 830, 650);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 830);

  g_settings_reset (settings, "show-coordinates");
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "variant");
  g_settings_reset (settings, "preset");
  g_settings_reset (settings, "seat-kinds");
  g_settings_reset (settings, "computer-levels");
}

static void
test_confirm_fatal_moves (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GError) error = NULL;
  unsigned moves_made[STERN_N_SEATS] = { 30, 30, 30, 30, 30, 30 };
  const SternVariant *variant;
  SternPosition pos;
  SternGameSetup setup;
  SternWindow *window;
  GtkWidget *preferences;
  SternGame *game;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* White's k5-k4 ends at home after the deadline: it loses. */
  g_assert_true (stern_notation_parse_position ("classic-2 white white:k5,e9 black:e17,g12",
                                                &variant, &pos, &error));
  g_assert_no_error (error);

  window = gui_test_game_window_new ("classic-2", "hhhhhh");
  preferences = stern_preferences_window_new (GTK_WINDOW (window));
  preferences_show (preferences);

  /* On (the default): asked first. */
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (pref (preferences, "confirm_switch"))));
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_load_game (window,
                          stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos, moves_made),
                          &setup);
  game = stern_window_get_game (window);
  g_assert_true (stern_game_is_fatal (game, gui_test_hole ("k5"), gui_test_hole ("k4")));
  g_signal_emit_by_name (stern_window_get_board (window), "move-chosen", gui_test_hole ("k5"), gui_test_hole ("k4"));
  g_assert_true (stern_window_is_confirming (window));
  stern_window_answer_confirm (window, FALSE);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);

  /* Off: played at once. */
  gtk_switch_set_active (GTK_SWITCH (pref (preferences, "confirm_switch")), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "confirm-fatal-moves"));
  g_signal_emit_by_name (stern_window_get_board (window), "move-chosen", gui_test_hole ("k5"), gui_test_hole ("k4"));
  g_assert_false (stern_window_is_confirming (window));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_ELIMINATED);
  g_assert_true (stern_game_is_over (game));

  preferences_close (preferences);
  {
    GtkWidget *over = stern_window_get_game_over_window (window);

    if (over != NULL)
      stern_compat_dialog_force_close (over);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "confirm-fatal-moves");
}

static void
test_player_name (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  SternWindow *window;
  GtkWidget *preferences;
  GtkEditable *entry;
  SternGameSetup setup;
  g_autofree char *names = NULL;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_settings_set_string (settings, "player-name", "");
  /* One human, at white, against the computer. */
  window = gui_test_game_window_new ("classic-2", "hhhchh");
  preferences = stern_preferences_window_new (GTK_WINDOW (window));
  preferences_show (preferences);
  entry = GTK_EDITABLE (pref (preferences, "name_entry"));

  names = panel_names (window);
  g_assert_cmpstr (names, ==, "White|Black");
  g_clear_pointer (&names, g_free);

  /* The name replaces the colour of the human's seat at once. */
  gtk_editable_set_text (entry, "Ada Lovelace");
  GUI_TEST_WAIT_FOR (panel_names_are (window, "Ada Lovelace|Black"), 5000);
  names = panel_names (window);
  g_assert_cmpstr (names, ==, "Ada Lovelace|Black");
  g_clear_pointer (&names, g_free);
  g_assert_true (g_str_has_prefix (stern_window_get_status (window), "Ada Lovelace to move"));

  /* Blank is no name. */
  gtk_editable_set_text (entry, "   ");
  GUI_TEST_WAIT_FOR (panel_names_are (window, "White|Black"), 5000);
  names = panel_names (window);
  g_assert_cmpstr (names, ==, "White|Black");
  g_clear_pointer (&names, g_free);

  /* With several humans nobody knows who is who: colours. */
  gtk_editable_set_text (entry, "Ada");
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  names = panel_names (window);
  g_assert_cmpstr (names, ==, "White|Black");
  g_clear_pointer (&names, g_free);
  g_assert_true (g_str_has_prefix (stern_window_get_status (window), "White to move"));

  /* The human at another seat gets the name there. */
  session_test_setup (&setup, "classic-3", STERN_PRESET_TABLE, "cccccc", 0, 0);
  setup.computer[setup.variant->seats[1]] = FALSE;
  stern_window_new_game (window, &setup);
  names = panel_names (window);
  g_assert_nonnull (strstr (names, "Ada"));
  g_assert_null (strstr (names, stern_seat_display_name (setup.variant->seats[1])));
  g_assert_nonnull (strstr (names, stern_seat_display_name (setup.variant->seats[0])));
  g_clear_pointer (&names, g_free);

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "player-name");
}

/* Every accelerator in the application has its line in the Keyboard
 * Shortcuts window, and the preferences open with Ctrl+comma. */
static void
test_app_action_and_shortcuts (void)
{
  g_autoptr (SternApplication) app = NULL;
  g_autoptr (GHashTable) listed = NULL;
  g_auto (GStrv) actions = NULL;
  g_auto (GStrv) accels = NULL;
  g_autoptr (GError) error = NULL;
  GtkWidget *preferences;
  GtkWindow *window;
  const char *kind;
  guint n;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  app = stern_application_new ();
  /* Another test program may run the same id at the same time. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.preferences");
  g_assert_cmpuint (g_strv_length (accels), ==, 1);
  g_assert_cmpstr (accels[0], ==, "<Control>comma");
  g_clear_pointer (&accels, g_strfreev);

  window = GTK_WINDOW (stern_window_new (app));
  stern_window_set_computer_delay (STERN_WINDOW (window), 0);
  gtk_window_present (window);
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  preferences = find_preferences (GTK_APPLICATION (app), window, &n);
  g_assert_nonnull (preferences);
  g_assert_true (test_wait_until (gui_test_is_mapped,
                                  stern_preferences_window_get_page (STERN_PREFERENCES_WINDOW (preferences)),
                                  5000));

  /* A second activation brings back the same one. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  g_assert_true (find_preferences (GTK_APPLICATION (app), window, &n) == preferences);
  g_assert_cmpuint (n, ==, 1);

  /* The primary menu offers it (the template cannot be built on its own). */
  {
    g_autoptr (GBytes) ui = g_resources_lookup_data ("/io/github/sternhalma/Sternhalma/ui/stern-window.ui",
                                                    G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
    g_autofree char *text = NULL;

    g_assert_no_error (error);
    text = g_strndup (g_bytes_get_data (ui, NULL), g_bytes_get_size (ui));
    g_assert_nonnull (strstr (text, "<attribute name=\"action\">app.preferences</attribute>"));
  }

  /* The Keyboard Shortcuts window (or dialog). */
  listed = shortcuts_listed (&kind);
  g_test_message ("keyboard shortcuts: %s", kind);
  actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  g_assert_cmpuint (g_strv_length (actions), >=, 8);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      if (!g_hash_table_contains (listed, actions[i]))
        g_error ("%s has an accelerator but is not in the Keyboard Shortcuts window", actions[i]);
    }
  /* The board's own keys are listed too. */
  g_assert_true (g_hash_table_contains (listed, "app.preferences"));
  g_assert_true (g_hash_table_contains (listed, "Left Right"));
  g_assert_true (g_hash_table_contains (listed, "Up Down"));
  g_assert_true (g_hash_table_contains (listed, "Escape"));
  /* What the main menu's item opens. */
#if ADW_CHECK_VERSION (1, 8, 0)
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "shortcuts"));
#else
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "show-help-overlay"));
#endif

  /* Quit closes every window: the preferences go with the game window
   * (destroy-with-parent) and must not be closed a second time. */
  gtk_window_present (window);
  g_assert_true (test_wait_until (gui_test_is_mapped, window, 5000));
  gui_test_flush ();
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  gui_test_init ();
  if (gui_test_have_display)
    g_type_ensure (STERN_TYPE_WINDOW);

  g_test_add_func ("/preferences/controls-write-settings", test_controls_write_settings);
  g_test_add_func ("/preferences/window-follows", test_window_follows);
  g_test_add_func ("/preferences/in-step-after-new-game", test_in_step_after_new_game);
  g_test_add_func ("/preferences/confirm-fatal-moves", test_confirm_fatal_moves);
  g_test_add_func ("/preferences/player-name", test_player_name);
  g_test_add_func ("/preferences/app-action-and-shortcuts", test_app_action_and_shortcuts);

  return g_test_run ();
}
