/* test-data-safety.c: the game window when its data folder cannot be
 * written to: a read-only folder, a folder where the save
 * should be, and (as root) a full 64 kB tmpfs.  The banner appears at the
 * first failed save and stays; quitting asks first; Save As… keeps every
 * move; once the disk can be written again, the save and the banner catch
 * up.  Under Xvfb.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "stern-autosave.h"
#include "stern-match.h"
#include "stern-alert-dialog.h"
#include "stern-notation.h"
#include "stern-save-banner.h"
#include "stern-saved-game.h"
#include "stern-window-private.h"

#include "gui-test-util.h"

/* A window with a game of two humans (every move is the test's). */
static SternWindow *
window_new (const char *data_dir)
{
  SternWindow *window = gui_test_window_new (data_dir);
  SternGameSetup setup = { 0 };

  setup.variant = stern_variant_lookup ("classic-2");
  setup.preset = STERN_PRESET_TABLE;
  stern_window_new_game (window, &setup);
  return window;
}

static gboolean
run (const char *command)
{
  g_autoptr (GError) error = NULL;
  int status = 0;

  if (!g_spawn_command_line_sync (command, NULL, NULL, &status, &error))
    return FALSE;
  return g_spawn_check_wait_status (status, NULL);
}

typedef enum {
  BLOCK_FOLDER_IN_PLACE,   /* current-game.sgr is a folder */
  BLOCK_READ_ONLY,         /* the data folder cannot be written to */
  BLOCK_DISK_FULL,         /* the data folder is a full tmpfs */
} Block;

typedef struct {
  Block       block;
  char       *dir;         /* the data folder */
  char       *mount;       /* a tmpfs mounted there, or NULL */
  char       *filler;      /* what fills the tmpfs */
} Obstacle;

/* Sets up the obstacle; FALSE (and a skip) when this machine cannot. */
static gboolean
obstacle_set (Obstacle   *o,
              const char *dir)
{
  g_autofree char *path = stern_autosave_get_path (dir);
  g_autofree char *command = NULL;

  o->dir = g_strdup (dir);
  switch (o->block)
    {
    case BLOCK_FOLDER_IN_PLACE:
      g_unlink (path);
      g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
      return TRUE;

    case BLOCK_READ_ONLY:
      if (geteuid () != 0)
        {
          g_assert_cmpint (g_chmod (dir, 0500), ==, 0);
          return TRUE;
        }
      /* Root writes anywhere: a read-only tmpfs instead, holding the
       * save as it was. */
      {
        g_autofree char *saved = NULL;
        gsize len = 0;

        g_file_get_contents (path, &saved, &len, NULL);
        command = g_strdup_printf ("mount -t tmpfs -o size=64k,mode=0700 tmpfs %s", dir);
        if (!run (command))
          {
            g_test_skip ("cannot mount a tmpfs here");
            return FALSE;
          }
        o->mount = g_strdup (dir);
        if (saved != NULL)
          g_assert_true (g_file_set_contents (path, saved, (gssize) len, NULL));
        g_free (command);
        command = g_strdup_printf ("mount -o remount,ro %s", dir);
        g_assert_true (run (command));
        return TRUE;
      }

    case BLOCK_DISK_FULL:
      {
        g_autofree char *saved = NULL;
        g_autofree char *block = g_malloc0 (4096);
        gsize len = 0;
        FILE *f;

        if (geteuid () != 0)
          {
            g_test_skip ("mounting a tmpfs needs root");
            return FALSE;
          }
        g_file_get_contents (path, &saved, &len, NULL);
        command = g_strdup_printf ("mount -t tmpfs -o size=64k,mode=0700 tmpfs %s", dir);
        if (!run (command))
          {
            g_test_skip ("cannot mount a tmpfs here");
            return FALSE;
          }
        o->mount = g_strdup (dir);
        if (saved != NULL)
          g_assert_true (g_file_set_contents (path, saved, (gssize) len, NULL));
        /* Filled to the last byte. */
        o->filler = g_build_filename (dir, "filler", NULL);
        f = fopen (o->filler, "w");
        g_assert_nonnull (f);
        while (fwrite (block, 1, 4096, f) == 4096 && fflush (f) == 0)
          ;
        while (fwrite (block, 1, 1, f) == 1 && fflush (f) == 0)
          ;
        fclose (f);
        return TRUE;
      }
    }
  g_assert_not_reached ();
}

/* Takes the obstacle away: the folder can be written again. */
static void
obstacle_clear (Obstacle *o)
{
  g_autofree char *path = stern_autosave_get_path (o->dir);
  g_autofree char *command = NULL;

  switch (o->block)
    {
    case BLOCK_FOLDER_IN_PLACE:
      g_assert_cmpint (g_rmdir (path), ==, 0);
      break;
    case BLOCK_READ_ONLY:
      if (o->mount == NULL)
        g_assert_cmpint (g_chmod (o->dir, 0700), ==, 0);
      else
        {
          command = g_strdup_printf ("mount -o remount,rw %s", o->dir);
          g_assert_true (run (command));
        }
      break;
    case BLOCK_DISK_FULL:
      g_assert_cmpint (g_unlink (o->filler), ==, 0);
      break;
    }
}

static void
obstacle_free (Obstacle *o)
{
  if (o->mount != NULL)
    {
      g_autofree char *command = g_strdup_printf ("umount %s", o->mount);

      g_assert_true (run (command));
    }
  g_free (o->dir);
  g_free (o->mount);
  g_free (o->filler);
}

/* Condition on a weak pointer to a window: it has been finalized. */
static gboolean
window_gone (gpointer data)
{
  return *(SternWindow **) data == NULL;
}

static void
check_blocked (gconstpointer data)
{
  Block block = GPOINTER_TO_INT (data);
  static const char *reasons[] = {
    [BLOCK_FOLDER_IN_PLACE] = "a folder is in the place of the file",
    [BLOCK_READ_ONLY] = "cannot be written to",
    [BLOCK_DISK_FULL] = "is full",
  };
  Obstacle o = { .block = block };
  g_autofree char *dir = NULL;
  g_autofree char *other_dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *saved_as = NULL;
  g_autofree char *before = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) back = NULL;
  SternGameSetup setup;
  SternClock clock;
  SternSaveBanner *banner;
  SternWindow *window;
  GtkWidget *question;
  guint n;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  dir = temp_dir_new ("stern-safety-XXXXXX");
  other_dir = temp_dir_new ("stern-safety-XXXXXX");
  path = stern_autosave_get_path (dir);
  window = window_new (dir);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  banner = gui_test_find_banner (GTK_WIDGET (window));
  g_assert_nonnull (banner);

  /* Two moves saved. */
  gui_test_play_first (window);
  gui_test_play_first (window);
  g_assert_false (stern_save_banner_is_shown (banner));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  if (!obstacle_set (&o, dir))
    {
      gtk_window_destroy (GTK_WINDOW (window));
      temp_dir_remove (dir);
      temp_dir_remove (other_dir);
      g_free (o.dir);
      return;
    }

  /* The first failure: the banner, with the reason and Save As…. */
  g_test_expect_message ("stern-session", G_LOG_LEVEL_WARNING, "*Could not save*");
  gui_test_play_first (window);
  g_test_assert_expected_messages ();
  g_assert_true (stern_save_banner_is_shown (banner));
  g_test_message ("banner: %s", stern_save_banner_get_text (banner));
  g_assert_nonnull (strstr (stern_save_banner_get_text (banner), "can’t be saved"));
  g_test_message ("%s", stern_save_banner_get_text (banner));
  g_assert_nonnull (strstr (stern_save_banner_get_text (banner), reasons[block]));
  /* Where to make room or fix the rights. */
  if (block != BLOCK_FOLDER_IN_PLACE)
    g_assert_nonnull (strstr (stern_save_banner_get_text (banner), dir));
  for (guint i = 0; i < 3; i++)
    {
      g_test_expect_message ("stern-session", G_LOG_LEVEL_WARNING, "*Could not save*");
      gui_test_play_first (window);
      g_test_assert_expected_messages ();
    }
  g_assert_true (stern_save_banner_is_shown (banner));
  n = stern_game_get_n_actions (stern_window_get_game (window));
  g_assert_cmpuint (n, ==, 6);

  /* Closing asks first; Cancel keeps the window and the game. */
  g_test_expect_message ("stern-session", G_LOG_LEVEL_WARNING, "*Could not save*");
  gtk_window_close (GTK_WINDOW (window));
  g_test_assert_expected_messages ();
  g_assert_nonnull (window);
  question = stern_window_get_message (window);
  g_assert_nonnull (question);
  g_assert_cmpstr (stern_alert_dialog_get_heading (STERN_ALERT_DIALOG (question)), ==,
                   "Quit Without Saving?");
  stern_alert_dialog_respond (STERN_ALERT_DIALOG (question), FALSE);
  g_assert_true (test_wait_until (gui_test_no_dialog, window, 5000));
  g_assert_nonnull (window);
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, n);

  /* Save As… somewhere else keeps every move; closing then asks no more
   * (checked below, after the disk is back). */
  before = stern_record_write (stern_window_get_game (window), NULL);
  saved_as = g_build_filename (other_dir, "kept.sgr", NULL);
  file = g_file_new_for_path (saved_as);
  g_assert_true (stern_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (saved_as, &text, NULL, NULL));
  back = stern_saved_game_read (text, &setup, &clock, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (back), ==, n);
  g_clear_pointer (&text, g_free);
  text = stern_record_write (back, NULL);
  g_assert_cmpstr (text, ==, before);
  /* Still failing: the banner stays. */
  g_assert_true (stern_save_banner_is_shown (banner));

  /* The disk is back: the next move saves them all and the banner goes. */
  obstacle_clear (&o);
  gui_test_play_first (window);
  g_assert_false (stern_save_banner_is_shown (banner));
  g_clear_pointer (&back, stern_game_free);
  back = stern_autosave_read (dir, &setup, &clock, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_cmpuint (stern_game_get_n_actions (back), ==, n + 1);

  /* Nothing unsaved: the window closes at once. */
  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (test_wait_until (window_gone, &window, 5000));

  obstacle_free (&o);
  temp_dir_remove (dir);
  temp_dir_remove (other_dir);
}

/* Quitting with moves not on disk, answered "Quit Anyway": the window
 * closes, and what had been saved before is still there. */
static void
test_quit_anyway (void)
{
  Obstacle o = { .block = BLOCK_FOLDER_IN_PLACE };
  g_autofree char *dir = NULL;
  SternWindow *window;
  GtkWidget *question;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  dir = temp_dir_new ("stern-safety-XXXXXX");
  window = window_new (dir);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gui_test_play_first (window);
  g_assert_true (obstacle_set (&o, dir));
  g_test_expect_message ("stern-session", G_LOG_LEVEL_WARNING, "*Could not save*");
  gui_test_play_first (window);
  g_test_assert_expected_messages ();

  g_test_expect_message ("stern-session", G_LOG_LEVEL_WARNING, "*Could not save*");
  gtk_window_close (GTK_WINDOW (window));
  g_test_assert_expected_messages ();
  question = stern_window_get_message (window);
  g_assert_nonnull (question);
  g_test_expect_message ("stern-session", G_LOG_LEVEL_WARNING, "*Could not save*");
  stern_alert_dialog_respond (STERN_ALERT_DIALOG (question), TRUE);
  g_assert_true (test_wait_until (window_gone, &window, 5000));
  g_test_assert_expected_messages ();

  obstacle_free (&o);
  temp_dir_remove (dir);
}

/* Seconds to show a game of n actions in the window, and to take back one
 * action there (the worst of three). */
static void
time_long_game (guint   n,
                double *show,
                double *undo)
{
  SternWindow *window = window_new (NULL);
  SternGame *game = session_test_random_game (n, 15);
  SternGameSetup setup = { 0 };
  gint64 start;

  setup.variant = stern_game_get_variant (game);
  setup.preset = STERN_PRESET_RACE;
  start = g_get_monotonic_time ();
  stern_match_start (stern_window_get_match (window), game, &setup, NULL);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  *show = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;

  *undo = 0;
  for (guint i = 0; i < 3; i++)
    {
      double t;

      start = g_get_monotonic_time ();
      g_assert_true (stern_match_undo (stern_window_get_match (window)));
      while (g_main_context_iteration (NULL, FALSE))
        ;
      t = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
      *undo = MAX (*undo, t);
    }
  gui_test_destroy (window);
}

/* A long game shows in seconds, not minutes: the move list looked for
 * each cell's place through the whole grid, so a 10,000-action game took
 * 42 s to show (now about 2.5 s on the project's machine); and it re-marked
 * every cell at each undo.  The limit leaves room for a busy machine. */
static void
test_long_game (void)
{
  double show, undo;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  time_long_game (10000, &show, &undo);
  g_test_message ("10,000 actions: shown in %.3f s, undo %.4f s", show, undo);
  g_assert_cmpfloat (show, <, 20.0);
  g_assert_cmpfloat (undo, <, 2.0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  gui_test_init ();

  g_test_add_data_func ("/data-safety/folder-in-place", GINT_TO_POINTER (BLOCK_FOLDER_IN_PLACE),
                        check_blocked);
  g_test_add_data_func ("/data-safety/read-only", GINT_TO_POINTER (BLOCK_READ_ONLY),
                        check_blocked);
  g_test_add_data_func ("/data-safety/disk-full", GINT_TO_POINTER (BLOCK_DISK_FULL),
                        check_blocked);
  g_test_add_func ("/data-safety/quit-anyway", test_quit_anyway);
  g_test_add_func ("/data-safety/long-game", test_long_game);

  return g_test_run ();
}
