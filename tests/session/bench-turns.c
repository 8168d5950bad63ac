/* bench-turns.c: the computer's turn and a hint in a long game, timed on
 * the main thread.
 *
 *   bench-turns [MOVES…]     default 10000 100000 378050
 *
 * For each length: a random classic-2 race game of that many moves, then
 * five Easy moves of the computer and five hints, each from its start
 * until its answer has arrived.  What the main thread spends on them (its
 * own CPU time, CLOCK_THREAD_CPUTIME_ID; the search runs in a worker and is
 * not counted), and the wall time of the call that starts them (what the
 * window waits before it can draw again).  The median of the five.  The
 * figures are kept in doc/benchmarks.md.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stern-computer-player.h"

#include "session-test-util.h"

#define RUNS 5

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double values[RUNS])
{
  qsort (values, RUNS, sizeof (double), compare_doubles);
  return values[RUNS / 2];
}

static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec * 1e3 + (double) ts.tv_nsec / 1e6;
}

static void
move_chosen (SternPlayer *player,
             guint        from,
             guint        to,
             gpointer     user_data)
{
  *(gboolean *) user_data = TRUE;
}

static void
hint_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  guint8 path[STERN_MAX_PATH];
  gsize len;
  g_autoptr (GError) error = NULL;

  if (!stern_match_hint_finish (STERN_MATCH (source), result, path, &len, &error))
    g_error ("no hint: %s", error->message);
  *(gboolean *) user_data = TRUE;
}

static void
bench (guint n)
{
  SternGame *game = session_test_random_game (n, 24);
  g_autoptr (SternMatch) match = stern_match_new ();
  g_autoptr (SternPlayer) computer = stern_computer_player_new (STERN_LEVEL_EASY, 0);
  SternGameSetup setup;
  double move_cpu[RUNS], move_call[RUNS], hint_cpu[RUNS], hint_call[RUNS];
  guint seat = stern_game_get_turn (game);

  /* Two humans: the bench starts each turn and hint itself. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_RACE, "hhhhhh", 0, 0);
  stern_match_start (match, game, &setup, NULL);
  g_signal_connect (computer, "move-chosen", G_CALLBACK (move_chosen), NULL);

  for (guint run = 0; run < RUNS; run++)
    {
      gboolean done = FALSE;
      double t0 = thread_cpu_ms ();
      gint64 wall0 = g_get_monotonic_time ();

      g_signal_handlers_disconnect_by_func (computer, move_chosen, NULL);
      g_signal_connect (computer, "move-chosen", G_CALLBACK (move_chosen), &done);
      stern_player_start_turn (computer, match, seat);
      move_call[run] = (double) (g_get_monotonic_time () - wall0) / 1e3;
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      move_cpu[run] = thread_cpu_ms () - t0;
    }
  g_signal_handlers_disconnect_by_func (computer, move_chosen, NULL);

  for (guint run = 0; run < RUNS; run++)
    {
      gboolean done = FALSE;
      double t0 = thread_cpu_ms ();
      gint64 wall0 = g_get_monotonic_time ();

      stern_match_hint_async (match, NULL, hint_done, &done);
      hint_call[run] = (double) (g_get_monotonic_time () - wall0) / 1e3;
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      hint_cpu[run] = thread_cpu_ms () - t0;
    }

  printf ("%7u moves: Easy move %.3f ms main-thread CPU (its start %.3f ms wall), "
          "hint %.3f ms (its start %.3f ms wall)\n",
          n, median (move_cpu), median (move_call), median (hint_cpu), median (hint_call));
}

int
main (int   argc,
      char *argv[])
{
  if (argc == 1)
    {
      bench (10000);
      bench (100000);
      bench (378050);
      return 0;
    }
  for (int i = 1; i < argc; i++)
    {
      guint64 n;

      if (!g_ascii_string_to_unsigned (argv[i], 10, 1, 1000000, &n, NULL))
        {
          fprintf (stderr, "%s: not a number of moves\n", argv[i]);
          return 2;
        }
      bench ((guint) n);
    }
  return 0;
}
