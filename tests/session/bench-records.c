/* bench-records.c: long games on disk, timed.
 *
 *   bench-records                 times at 10,000 and 100,000 moves: reading
 *                                 the record, reading it as a saved game, and
 *                                 what the autosave costs per move (CPU, and
 *                                 wall time: the wait for the disk)
 *   bench-records write N FILE    writes a saved game of N random moves
 *                                 (classic-2, race: no limit ends it) to FILE
 *
 * CPU seconds (the machine may be shared), from getrusage().  The figures
 * are kept in doc/benchmarks.md.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "stern-autosave.h"
#include "stern-notation.h"
#include "stern-saved-game.h"

#include "session-test-util.h"

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (double) usage.ru_utime.tv_sec + (double) usage.ru_stime.tv_sec +
         ((double) usage.ru_utime.tv_usec + (double) usage.ru_stime.tv_usec) / 1e6;
}

static void
setup_for (const SternGame *game,
           SternGameSetup  *setup)
{
  memset (setup, 0, sizeof *setup);
  setup->variant = stern_game_get_variant (game);
  setup->preset = stern_game_get_preset (game);
}

static void
bench (guint n)
{
  g_autoptr (SternGame) game = session_test_random_game (n, 24);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bench-records-XXXXXX", NULL);
  g_autofree char *text = NULL;
  SternGameSetup setup, read_setup;
  SternClock clock, read_clock;
  const guint moves = 200;
  static SternMove legal[STERN_MAX_MOVES];
  double t0, t_read, t_saved, t_write, t_wall;
  gint64 wall0;
  SternAutosaveState state = { 0 };

  setup_for (game, &setup);
  stern_clock_init (&clock, 0, 0);
  text = stern_saved_game_write (game, &setup, &clock, 0);

  t0 = cpu_seconds ();
  stern_game_free (stern_record_read (text, NULL, &error));
  g_assert_no_error (error);
  t_read = cpu_seconds () - t0;

  t0 = cpu_seconds ();
  stern_game_free (stern_saved_game_read (text, &read_setup, &read_clock, &error));
  g_assert_no_error (error);
  t_saved = cpu_seconds () - t0;

  /* The autosave after each of `moves` moves, as the match writes it. */
  if (!stern_autosave_update (dir, &state, game, &setup, &clock, &error))
    g_error ("%s", error->message);
  state.bytes_written = 0;
  t0 = cpu_seconds ();
  wall0 = g_get_monotonic_time ();
  for (guint i = 0; i < moves; i++)
    {
      stern_game_legal_moves (game, legal);
      stern_game_play (game, legal[0].from, legal[0].to, NULL);
      if (stern_game_is_over (game))
        stern_game_undo (game);
      if (!stern_autosave_update (dir, &state, game, &setup, &clock, &error))
        g_error ("%s", error->message);
    }
  t_write = (cpu_seconds () - t0) / moves;
  /* Waiting for the disk (fsync) is no CPU time: the time a move waits. */
  t_wall = (double) (g_get_monotonic_time () - wall0) / G_USEC_PER_SEC / moves;

  printf ("%7u moves (%zu bytes): record read %.3f s CPU, saved game read %.3f s, "
          "autosave %.3f ms CPU, %.3f ms wall and %" G_GUINT64_FORMAT " bytes per move\n",
          n, strlen (text), t_read, t_saved, t_write * 1000, t_wall * 1000,
          state.bytes_written / moves);
  {
    /* What was saved reads back as the game. */
    g_autoptr (SternGame) back = stern_autosave_read (dir, &read_setup, &read_clock, &error);

    g_assert_no_error (error);
    if (back == NULL || stern_game_get_n_actions_total (back) != stern_game_get_n_actions_total (game) ||
        memcmp (stern_game_get_position (back), stern_game_get_position (game), sizeof (SternPosition)) != 0)
      g_error ("the autosave does not read back as the game");
  }
  stern_autosave_state_clear (&state);

  stern_autosave_delete (dir);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  if (argc == 4 && g_str_equal (argv[1], "write"))
    {
      guint64 n;
      g_autoptr (SternGame) game = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      SternGameSetup setup;

      if (!g_ascii_string_to_unsigned (argv[2], 10, 0, 1000000, &n, NULL))
        {
          fprintf (stderr, "%s: not a number of moves\n", argv[2]);
          return 2;
        }
      game = session_test_random_game ((guint) n, 24);
      setup_for (game, &setup);
      text = stern_saved_game_write (game, &setup, NULL, 0);
      if (!g_file_set_contents (argv[3], text, -1, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      return 0;
    }
  if (argc != 1)
    {
      fprintf (stderr, "usage: %s [write N FILE]\n", argv[0]);
      return 2;
    }
  bench (10000);
  bench (100000);
  return 0;
}
