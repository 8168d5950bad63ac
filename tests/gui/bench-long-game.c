/* bench-long-game.c: a long game in the window, timed (under Xvfb).
 *
 *   bench-long-game [MOVES…]     default 10000 100000
 *
 * For each length: CPU seconds to open a record of that many random moves
 * until the window has drawn it, then the worst of five undos, redos and
 * moves, each until the window is idle again.  CPU time of the process
 * (getrusage), since the machine may be shared.  Then the worst of three
 * hints, from the press until the hint is drawn: the main thread's CPU
 * time alone, since the search runs in a worker.  The figures are kept in
 * doc/benchmarks.md.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "stern-autosave.h"
#include "stern-match.h"
#include "stern-saved-game.h"
#include "stern-window-private.h"

#include "gui-test-util.h"

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (double) usage.ru_utime.tv_sec + (double) usage.ru_stime.tv_sec +
         ((double) usage.ru_utime.tv_usec + (double) usage.ru_stime.tv_usec) / 1e6;
}

static double
main_thread_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* Until the window has drawn what changed and nothing is left to do. */
static void
settle (SternWindow *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  gint64 frame = gdk_frame_clock_get_frame_counter (clock);

  gtk_widget_queue_draw (GTK_WIDGET (window));
  while (gdk_frame_clock_get_frame_counter (clock) <= frame + 1)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
play_on (SternWindow *window)
{
  static SternMove moves[STERN_MAX_MOVES];
  SternGame *game = stern_window_get_game (window);
  size_t n = stern_game_legal_moves (game, moves);

  for (size_t k = 0; k < n; k++)
    {
      gboolean ends;

      stern_game_play (game, moves[k].from, moves[k].to, NULL);
      ends = stern_game_is_over (game);
      stern_game_undo (game);
      if (ends)
        continue;
      g_signal_emit_by_name (stern_window_get_board (window), "move-chosen",
                             moves[k].from, moves[k].to);
      return;
    }
}

static void
bench (guint n)
{
  g_autofree char *dir = g_dir_make_tmp ("bench-long-XXXXXX", NULL);
  g_autofree char *data_dir = g_build_filename (dir, "data", NULL);
  g_autofree char *path = g_build_filename (dir, "long.sgr", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  double t0, open, undo = 0, redo = 0, move = 0, hint = 0;
  SternWindow *window;

  {
    g_autoptr (SternGame) game = session_test_random_game (n, 24);
    g_autofree char *text = NULL;
    SternGameSetup setup = { 0 };

    setup.variant = stern_game_get_variant (game);
    setup.preset = STERN_PRESET_RACE;
    text = stern_saved_game_write (game, &setup, NULL, 0);
    g_file_set_contents (path, text, -1, NULL);
  }

  window = gui_test_window_new (data_dir);
  settle (window);
  t0 = cpu_seconds ();
  stern_window_open_file (window, file);
  settle (window);
  open = cpu_seconds () - t0;

  for (guint i = 0; i < 5; i++)
    {
      t0 = cpu_seconds ();
      gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
      settle (window);
      undo = MAX (undo, cpu_seconds () - t0);
      t0 = cpu_seconds ();
      gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
      settle (window);
      redo = MAX (redo, cpu_seconds () - t0);
      t0 = cpu_seconds ();
      play_on (window);
      settle (window);
      move = MAX (move, cpu_seconds () - t0);
    }
  for (guint i = 0; i < 3; i++)
    {
      t0 = main_thread_cpu_seconds ();
      gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
      g_assert (window->hint_cancellable != NULL);
      while (window->hint_cancellable != NULL)
        g_main_context_iteration (NULL, TRUE);
      settle (window);
      hint = MAX (hint, main_thread_cpu_seconds () - t0);
    }
  printf ("%7u moves: opened and drawn in %.3f s CPU; undo %.1f ms, redo %.1f ms, move %.1f ms "
          "(worst of 5, until drawn); hint %.1f ms of the main thread (worst of 3)\n",
          n, open, undo * 1000, redo * 1000, move * 1000, hint * 1000);
  fflush (stdout);

  gtk_window_destroy (GTK_WINDOW (window));
  stern_autosave_delete (data_dir);
  g_unlink (path);
  g_rmdir (data_dir);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-long-game: no display\n");
      return 77;
    }
  gui_test_have_display = TRUE;
  if (argc == 1)
    {
      bench (10000);
      bench (100000);
    }
  for (int i = 1; i < argc; i++)
    bench ((guint) g_ascii_strtoull (argv[i], NULL, 10));
  return 0;
}
