/* test-sounds.c: the game's sounds on a machine that cannot play them:
 * no GStreamer plugins at all (the media backend GTK's GtkMediaFile
 * would need) and no sound driver (CANBERRA_DRIVER names none, as in
 * every test).  The game plays on, says once that there is no sound,
 * and warns of nothing.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "gui-test-util.h"
#include "stern-sounds.h"

static guint n_notices;

/* The game's notices, counted; everything else goes to GLib's writer. */
static GLogWriterOutput
count_notice (GLogLevelFlags   level,
              const GLogField *fields,
              gsize            n_fields,
              gpointer         data)
{
  const char *domain = NULL;
  const char *message = NULL;

  gui_test_log_fields (fields, n_fields, &domain, &message);
  if ((level & G_LOG_LEVEL_MESSAGE) && g_strcmp0 (domain, "sternhalma") == 0)
    {
      g_test_message ("notice: %s", message);
      n_notices++;
      return G_LOG_WRITER_HANDLED;
    }
  return g_log_writer_default (level, fields, n_fields, data);
}

static gboolean
settled (gpointer sounds)
{
  return stern_sounds_get_n_playing (sounds) == 0 && stern_sounds_is_silent (sounds);
}

/* Moves and their sounds in a window: one notice, then silence. */
static void
test_no_backend (void)
{
  SternWindow *window;
  SternSounds *sounds;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_game_window_new ("classic-2", "hh");
  sounds = stern_window_get_sounds (window);
  g_assert_true (stern_sounds_get_enabled (sounds));

  gui_test_play_first (window);
  g_assert_cmpuint (stern_sounds_get_n_requested (sounds), >=, 1);
  g_assert_true (test_wait_until (settled, sounds, 10000));
  g_assert_cmpuint (n_notices, ==, 1);

  /* Every sound again, at once: none is tried, nothing more is said. */
  for (SternSound s = STERN_SOUND_STEP; s < STERN_N_SOUNDS; s++)
    stern_sounds_play (sounds, s);
  g_assert_cmpuint (stern_sounds_get_n_playing (sounds), ==, 0);
  gui_test_play_first (window);
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 2);
  gui_test_flush ();
  g_assert_cmpuint (n_notices, ==, 1);

  gui_test_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *empty = NULL;
  g_autofree char *registry = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* GStreamer with no plugins: a broken media backend. */
  empty = g_dir_make_tmp ("stern-no-plugins-XXXXXX", NULL);
  g_assert_nonnull (empty);
  registry = g_build_filename (empty, "registry.bin", NULL);
  g_setenv ("GST_PLUGIN_SYSTEM_PATH_1_0", empty, TRUE);
  g_setenv ("GST_PLUGIN_SYSTEM_PATH", empty, TRUE);
  g_setenv ("GST_REGISTRY_1_0", registry, TRUE);
  g_unsetenv ("GST_PLUGIN_PATH_1_0");
  g_unsetenv ("GST_PLUGIN_PATH");
  if (g_getenv ("CANBERRA_DRIVER") == NULL)
    g_setenv ("CANBERRA_DRIVER", "null", TRUE);
  g_log_set_writer_func (count_notice, NULL, NULL);
  gui_test_init ();

  g_test_add_func ("/sounds/no-backend", test_no_backend);
  status = g_test_run ();
  g_unlink (registry);
  g_rmdir (empty);
  return status;
}
