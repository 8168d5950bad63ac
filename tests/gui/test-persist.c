/* test-persist.c: the preferences and the last New Game setup outlive the
 * process, through the real dconf backend.
 *
 *   test-persist write   sets them through the Preferences and New Game
 *                        controls, as a player would, and exits
 *   test-persist read    a new process: checks the settings, a new New Game
 *                        dialog and a new window start from them
 *
 * Run by check-persist.sh, which gives both their own D-Bus session,
 * dconf service and configuration folder.  Nothing on stdout (TAP).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <adwaita.h>

#include "stern-computer.h"
#include "stern-new-game-dialog.h"
#include "stern-preferences-page.h"
#include "stern-preferences-window.h"
#include "stern-window-private.h"

static GtkWidget *
pref (GtkWidget  *preferences,
      const char *name)
{
  SternPreferencesPage *page =
    stern_preferences_window_get_page (STERN_PREFERENCES_WINDOW (preferences));
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (page),
                                                  STERN_TYPE_PREFERENCES_PAGE, name);

  g_assert_nonnull (child);
  return GTK_WIDGET (child);
}

static void
check_backend (GSettings *settings)
{
  g_autoptr (GSettingsBackend) backend = NULL;

  /* The dconf backend, not the memory one a missing module falls back to. */
  g_object_get (settings, "backend", &backend, NULL);
  g_assert_cmpstr (G_OBJECT_TYPE_NAME (backend), ==, "DConfSettingsBackend");
  g_assert_cmpstr (G_OBJECT_TYPE_NAME (g_settings_backend_get_default ()), ==,
                   "DConfSettingsBackend");
}

static void
write_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *preferences;
  SternNewGameDialog *dialog;
  SternGameSetup setup = { 0 };

  check_backend (settings);

  preferences = stern_preferences_window_new (NULL);
  gtk_switch_set_active (GTK_SWITCH (pref (preferences, "sounds_switch")), FALSE);
  gtk_switch_set_active (GTK_SWITCH (pref (preferences, "coordinates_switch")), TRUE);
  gtk_switch_set_active (GTK_SWITCH (pref (preferences, "animations_switch")), FALSE);
  gtk_editable_set_text (GTK_EDITABLE (pref (preferences, "name_entry")), "Ada");
  /* Never shown: a window before libadwaita 1.5, a dialog nobody holds
   * from 1.5 on. */
#if ADW_CHECK_VERSION (1, 5, 0)
  g_object_unref (g_object_ref_sink (preferences));
#else
  gtk_window_destroy (GTK_WINDOW (preferences));
#endif

  dialog = STERN_NEW_GAME_DIALOG (stern_new_game_dialog_new (NULL, settings));
  setup.variant = stern_variant_lookup ("halma-10");
  setup.preset = STERN_PRESET_TABLE;
  setup.computer[STERN_BLACK] = TRUE;
  setup.level[STERN_WHITE] = STERN_LEVEL_MEDIUM;
  setup.level[STERN_BLACK] = STERN_LEVEL_HARD;
  setup.clock_reserve_s = 17 * 60;
  setup.clock_increment_s = 7;
  stern_new_game_dialog_set_setup (dialog, &setup);
  stern_new_game_dialog_start (dialog);

  /* Written to the dconf service before the process ends. */
  g_settings_sync ();
}

static void
read_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *name = g_settings_get_string (settings, "player-name");
  g_autofree char *variant = g_settings_get_string (settings, "variant");
  g_autofree char *clock = g_settings_get_string (settings, "clock");
  SternNewGameDialog *dialog;
  SternWindow *window;
  SternGameSetup setup;
  const SternGameSetup *shown;

  check_backend (settings);

  g_assert_false (g_settings_get_boolean (settings, "sounds"));
  g_assert_true (g_settings_get_boolean (settings, "show-coordinates"));
  g_assert_false (g_settings_get_boolean (settings, "animations"));
  g_assert_cmpstr (name, ==, "Ada");
  g_assert_cmpstr (variant, ==, "halma-10");
  g_assert_cmpstr (clock, ==, "17+7");

  /* The New Game dialog opens on the last setup... */
  dialog = STERN_NEW_GAME_DIALOG (stern_new_game_dialog_new (NULL, settings));
  stern_new_game_dialog_get_setup (dialog, &setup);
  g_assert_true (setup.variant == stern_variant_lookup ("halma-10"));
  g_assert_true (setup.computer[STERN_BLACK]);
  g_assert_false (setup.computer[STERN_WHITE]);
  g_assert_cmpint (setup.level[STERN_BLACK], ==, STERN_LEVEL_HARD);
  g_assert_cmpuint (setup.clock_reserve_s, ==, 17 * 60);
  g_assert_cmpuint (setup.clock_increment_s, ==, 7);
  stern_compat_dialog_force_close (GTK_WIDGET (dialog));

  /* ... and a new window starts a game with it, sounds off. */
  window = g_object_new (STERN_TYPE_WINDOW, NULL);
  shown = stern_window_get_setup (window);
  g_assert_true (shown->variant == stern_variant_lookup ("halma-10"));
  g_assert_cmpuint (shown->clock_reserve_s, ==, 17 * 60);
  g_assert_false (stern_sounds_get_enabled (stern_window_get_sounds (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (argc != 2 || (g_strcmp0 (argv[1], "write") != 0 && g_strcmp0 (argv[1], "read") != 0))
    {
      g_printerr ("usage: %s write|read\n", argv[0]);
      return 2;
    }
  if (!gtk_init_check ())
    {
      g_printerr ("%s: no display\n", argv[0]);
      return 77;
    }
  adw_init ();

  if (g_str_equal (argv[1], "write"))
    write_settings ();
  else
    read_settings ();
  return 0;
}
