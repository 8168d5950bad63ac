/* test-long-game.c: long games in the match and on disk.  The autosave of
 * a 30,000-move game writes a bounded number of bytes per move (a
 * journal line), reads back as the game after every kind of change, and a
 * kill at any point of a save leaves the game before or after it (cut
 * lines, and another process killed with SIGKILL at random moments while
 * it saves); a journal left from another save is not applied; a damaged
 * one is kept aside with the moves before it restored; a symbolic link in
 * the save's place is written through; saved games cut short warn; two
 * copies on one data folder.  Asserts on work (bytes, files), not on time,
 * but for the computer's turn in a long game (a ratio of times).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "stern-autosave.h"
#include "stern-computer-player.h"
#include "stern-notation.h"
#include "stern-saved-game.h"

#include "session-test-util.h"

static gsize
size_of (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? (gsize) st.st_size : 0;
}

static char *
journal_of (const char *dir)
{
  g_autofree char *path = stern_autosave_get_path (dir);

  return g_strconcat (path, ".journal", NULL);
}

/* The autosave of dir reads back as game: the same history, the same
 * position shown. */
static void
assert_saved_as (const char      *dir,
                 const SternGame *game)
{
  g_autoptr (GError) damage = NULL;
  g_autoptr (SternGame) back = NULL;
  g_autofree char *a = NULL, *b = NULL;
  SternGameSetup setup;
  SternClock clock;

  back = stern_autosave_read (dir, &setup, &clock, &damage);
  g_assert_no_error (damage);
  g_assert_nonnull (back);
  g_assert_cmpuint (stern_game_get_n_actions (back), ==, stern_game_get_n_actions (game));
  g_assert_cmpuint (stern_game_get_n_actions_total (back), ==, stern_game_get_n_actions_total (game));
  g_assert_cmpmem (stern_game_get_position (back), sizeof (SternPosition),
                   stern_game_get_position (game), sizeof (SternPosition));
  /* The whole history, the undone moves too. */
  stern_game_seek (back, stern_game_get_n_actions_total (back));
  a = stern_record_write (back, NULL);
  {
    g_autoptr (SternGame) whole = stern_game_copy (game);

    stern_game_seek (whole, stern_game_get_n_actions_total (whole));
    b = stern_record_write (whole, NULL);
  }
  g_assert_cmpstr (a, ==, b);
}

static void
play_first (SternGame *game)
{
  static SternMove moves[STERN_MAX_MOVES];
  size_t n = stern_game_legal_moves (game, moves);

  for (size_t k = 0; k < n; k++)
    {
      g_assert_true (stern_game_play (game, moves[k].from, moves[k].to, NULL));
      if (!stern_game_is_over (game))
        return;
      g_assert_true (stern_game_undo (game));
    }
  g_assert_not_reached ();
}

/* A move, an undo, a move from there (the redo tail goes), a seek: each
 * saved as a journal line of a few bytes; the save itself untouched. */
static void
test_journal (void)
{
  g_autofree char *dir = temp_dir_new ("stern-long-XXXXXX");
  g_autofree char *path = stern_autosave_get_path (dir);
  g_autofree char *journal = journal_of (dir);
  /* Long enough for the journal (a save of more than 64 KiB); the window's
   * test plays on at 100,000 moves. */
  g_autoptr (SternGame) game = session_test_random_game (30000, 24);
  g_autoptr (GError) error = NULL;
  SternAutosaveState state = { 0 };
  SternGameSetup setup = { 0 };
  SternClock clock;
  gsize base;
  guint64 before;

  setup.variant = stern_game_get_variant (game);
  setup.preset = STERN_PRESET_RACE;
  stern_clock_init (&clock, 300000, 3000);
  g_assert_true (stern_autosave_update (dir, &state, game, &setup, &clock, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (state.full_writes, ==, 1);
  base = size_of (path);
  g_assert_cmpuint (base, >, 300000);
  assert_saved_as (dir, game);

  before = state.bytes_written;
  for (guint i = 0; i < 100; i++)
    {
      switch (i % 4)
        {
        case 0:
        case 1:
          play_first (game);
          break;
        case 2:
          g_assert_true (stern_game_undo (game));
          break;
        case 3:
          g_assert_true (stern_game_undo (game));
          play_first (game);   /* drops the move undone */
          break;
        }
      g_assert_true (stern_autosave_update (dir, &state, game, &setup, &clock, &error));
      g_assert_no_error (error);
      if (i % 25 < 4)
        assert_saved_as (dir, game);   /* after each kind of change */
    }
  stern_game_seek (game, 15000);
  /* The clock goes in each line too, to the millisecond. */
  clock.remaining_us[STERN_WHITE] = 12345000;
  clock.remaining_us[STERN_BLACK] = 6789000;
  g_assert_true (stern_autosave_update (dir, &state, game, &setup, &clock, &error));
  assert_saved_as (dir, game);
  {
    g_autoptr (SternGame) back = NULL;
    g_autoptr (GError) damage = NULL;
    SternGameSetup read_setup;
    SternClock read_clock;

    back = stern_autosave_read (dir, &read_setup, &read_clock, &damage);
    g_assert_no_error (damage);
    g_assert_true (read_clock.enabled);
    g_assert_cmpint (read_clock.reserve_us, ==, clock.reserve_us);
    g_assert_cmpint (read_clock.increment_us, ==, clock.increment_us);
    g_assert_cmpint (read_clock.remaining_us[STERN_WHITE], ==, 12345000);
    g_assert_cmpint (read_clock.remaining_us[STERN_BLACK], ==, 6789000);
  }

  /* A line a save: bounded, whatever the length of the game. */
  g_test_message ("101 saves wrote %" G_GUINT64_FORMAT " bytes", state.bytes_written - before);
  g_assert_cmpuint (state.full_writes, ==, 1);
  g_assert_cmpuint (state.bytes_written - before, <, 101 * 120);
  g_assert_cmpuint (size_of (path), ==, base);
  g_assert_cmpuint (size_of (journal), >, 0);

  /* A new player: written whole again, and the journal starts over. */
  stern_game_setup_set_name (&setup, STERN_WHITE, "Ada");
  g_assert_true (stern_autosave_update (dir, &state, game, &setup, &clock, &error));
  g_assert_cmpuint (state.full_writes, ==, 2);
  assert_saved_as (dir, game);

  stern_autosave_state_clear (&state);
  stern_autosave_delete (dir);
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
  temp_dir_remove (dir);
}

/* A kill while a line is written leaves part of it: the game is read as
 * it was before that save.  A journal of an earlier save (a kill between
 * the new save and its new journal) is not applied. */
static void
test_journal_cut_and_stale (void)
{
  g_autofree char *dir = temp_dir_new ("stern-long-XXXXXX");
  g_autofree char *journal = journal_of (dir);
  g_autoptr (SternGame) game = session_test_random_game (8000, 24);
  g_autoptr (SternGame) before_last = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  SternAutosaveState state = { 0 };
  SternGameSetup setup = { 0 };
  gsize len;

  setup.variant = stern_game_get_variant (game);
  setup.preset = STERN_PRESET_RACE;
  g_assert_true (stern_autosave_update (dir, &state, game, &setup, NULL, &error));
  for (guint i = 0; i < 5; i++)
    {
      play_first (game);
      g_assert_true (stern_autosave_update (dir, &state, game, &setup, NULL, &error));
    }
  before_last = stern_game_copy (game);
  play_first (game);
  g_assert_true (stern_autosave_update (dir, &state, game, &setup, NULL, &error));
  assert_saved_as (dir, game);

  /* Every cut inside the last line. */
  g_assert_true (g_file_get_contents (journal, &text, &len, NULL));
  {
    const char *last = text + len - 1;

    while (last > text && last[-1] != '\n')
      last--;
    for (gsize cut = (gsize) (last - text); cut < len; cut++)
      {
        g_assert_true (g_file_set_contents (journal, text, (gssize) cut, NULL));
        assert_saved_as (dir, before_last);
      }
  }
  g_assert_true (g_file_set_contents (journal, text, (gssize) len, NULL));
  assert_saved_as (dir, game);

  /* Another save's journal ("j" and another number) is left alone. */
  text[2] = text[2] == '1' ? '2' : '1';
  g_assert_true (g_file_set_contents (journal, text, (gssize) len, NULL));
  {
    /* The save was written whole at its first 8,000 moves. */
    g_autoptr (SternGame) base = session_test_random_game (8000, 24);

    assert_saved_as (dir, base);
  }

  stern_autosave_state_clear (&state);
  stern_autosave_delete (dir);
  temp_dir_remove (dir);
}

/* A damaged journal line: the moves before it are restored, the journal
 * is kept aside and the user is told. */
static void
test_journal_damaged (void)
{
  g_autofree char *dir = temp_dir_new ("stern-long-XXXXXX");
  g_autofree char *journal = journal_of (dir);
  g_autoptr (SternGame) game = session_test_random_game (8000, 24);
  g_autoptr (SternGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) damage = NULL;
  g_autofree char *text = NULL;
  g_autofree char *bad = NULL;
  SternAutosaveState state = { 0 };
  SternGameSetup setup = { 0 }, read_setup;
  SternClock clock;

  setup.variant = stern_game_get_variant (game);
  setup.preset = STERN_PRESET_RACE;
  g_assert_true (stern_autosave_update (dir, &state, game, &setup, NULL, &error));
  play_first (game);
  g_assert_true (stern_autosave_update (dir, &state, game, &setup, NULL, &error));
  g_assert_true (g_file_get_contents (journal, &text, NULL, NULL));
  bad = g_strconcat (text, "8001 8002 - z99-z98\n", NULL);
  g_assert_true (g_file_set_contents (journal, bad, -1, NULL));

  back = stern_autosave_read (dir, &read_setup, &clock, &damage);
  g_assert_nonnull (damage);
  g_test_message ("%s", damage->message);
  g_assert_nonnull (strstr (damage->message, "journal line 3"));
  g_assert_nonnull (strstr (damage->message, "z99"));
  g_assert_nonnull (back);
  g_assert_cmpuint (stern_game_get_n_actions_total (back), ==, 8001);
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));

  stern_autosave_state_clear (&state);
  temp_dir_remove (dir);
}

/* A journal that goes back and forth over a long game (the start, the
 * end, again and again: Alt+Home, Alt+End) reads in the time of its
 * lines, not lines times moves: only the last position shown is gone to. */
static void
test_journal_back_and_forth (void)
{
  g_autoptr (SternGame) game = session_test_random_game (30000, 24);
  g_autoptr (SternGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) journal = g_string_new ("j 5\n");
  g_autofree char *text = NULL;
  g_autofree char *save = NULL;
  SternGameSetup setup = { 0 }, read_setup;
  SternClock clock;

  setup.variant = stern_game_get_variant (game);
  setup.preset = STERN_PRESET_RACE;
  text = stern_saved_game_write (game, &setup, NULL, 0);
  /* As the autosave writes it: its journal's number before the end. */
  save = g_strdup_printf ("%.*s; journal 5\n; end\n", (int) (strlen (text) - strlen ("; end\n")), text);
  for (guint i = 0; i < 50000; i++)
    g_string_append_printf (journal, "30000 %u -\n", i % 2 == 0 ? 0 : 30000 - i % 7);
  g_string_append (journal, "30000 12345 -\n");

  back = stern_saved_game_read (save, &read_setup, &clock, &error);
  g_assert_no_error (error);
  g_assert_true (stern_autosave_apply_journal (save, journal->str, back, &read_setup, &clock,
                                               &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (back), ==, 12345);
  g_assert_cmpuint (stern_game_get_n_actions_total (back), ==, 30000);
}

/* The save kept elsewhere through a symbolic link stays a link, and the
 * file it names gets the game. */
static void
test_symlinked_save (void)
{
  g_autofree char *dir = temp_dir_new ("stern-long-XXXXXX");
  g_autofree char *elsewhere = temp_dir_new ("stern-elsewhere-XXXXXX");
  g_autofree char *path = stern_autosave_get_path (dir);
  g_autofree char *target = g_build_filename (elsewhere, "my-game.sgr", NULL);
  g_autoptr (SternGame) game = session_test_random_game (20, 24);
  g_autoptr (GError) error = NULL;
  SternGameSetup setup = { 0 };

  setup.variant = stern_game_get_variant (game);
  setup.preset = STERN_PRESET_RACE;
  g_assert_cmpint (symlink (target, path), ==, 0);
  g_assert_true (stern_autosave_write (dir, game, &setup, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (target, G_FILE_TEST_IS_REGULAR));
  assert_saved_as (dir, game);

  /* A game with a journal: beside the file the link names, none in the
   * data folder. */
  {
    g_autoptr (SternGame) longer = session_test_random_game (8000, 24);
    g_autofree char *target_journal = g_strconcat (target, ".journal", NULL);
    g_autofree char *dir_journal = g_strconcat (path, ".journal", NULL);
    SternAutosaveState state = { 0 };
    guint from, to;

    g_assert_true (stern_autosave_update (dir, &state, longer, &setup, NULL, &error));
    session_test_first_safe_move (longer, &from, &to);
    g_assert_true (stern_game_play (longer, from, to, NULL));
    g_assert_true (stern_autosave_update (dir, &state, longer, &setup, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (state.full_writes, ==, 1);
    g_assert_true (g_file_test (target_journal, G_FILE_TEST_IS_REGULAR));
    g_assert_false (g_file_test (dir_journal, G_FILE_TEST_EXISTS));
    assert_saved_as (dir, longer);
    stern_autosave_state_clear (&state);
    g_unlink (target_journal);
  }

  g_unlink (path);
  g_unlink (target);
  temp_dir_remove (elsewhere);
  temp_dir_remove (dir);
}

/* The match's human plays a move that does not end the game (a random
 * game can end by repetition). */
static void
match_play_on (SternMatch *match)
{
  static SternMove moves[STERN_MAX_MOVES];
  SternGame *game = stern_match_get_game (match);
  size_t n = stern_game_legal_moves (game, moves);
  g_autoptr (GError) error = NULL;

  for (size_t k = 0; k < n; k++)
    {
      gboolean ends;

      /* Tried on the game and taken back: the match plays it for real. */
      g_assert_true (stern_game_play (game, moves[k].from, moves[k].to, NULL));
      ends = stern_game_is_over (game);
      g_assert_true (stern_game_undo (game));
      if (ends)
        continue;
      g_assert_true (stern_match_play (match, moves[k].from, moves[k].to, &error));
      g_assert_no_error (error);
      return;
    }
  g_assert_not_reached ();
}

/* A match saving a long game: one whole save when it starts, then a
 * journal line a move. */
static void
test_match_long_game (void)
{
  g_autofree char *dir = temp_dir_new ("stern-long-XXXXXX");
  g_autofree char *path = stern_autosave_get_path (dir);
  g_autofree char *journal = journal_of (dir);
  g_autoptr (SternMatch) match = session_test_match_new (dir);
  SternGame *game = session_test_random_game (30000, 24);
  SternGameSetup setup;
  gsize base, grown;

  session_test_setup (&setup, "classic-2", STERN_PRESET_RACE, "hhhhhh", 0, 0);
  stern_match_start (match, game, &setup, NULL);
  base = size_of (path);
  g_assert_cmpuint (base, >, 300000);
  grown = size_of (journal);
  for (guint i = 0; i < 20; i++)
    match_play_on (match);
  g_assert_true (stern_match_undo (match));
  g_assert_cmpuint (size_of (path), ==, base);
  g_test_message ("21 saves: %zu journal bytes", size_of (journal) - grown);
  g_assert_cmpuint (size_of (journal) - grown, <, 21 * 40);
  assert_saved_as (dir, stern_match_get_game (match));

  stern_autosave_delete (dir);
  temp_dir_remove (dir);
}

/* What the saving process of the kill test plays after the first 8,000
 * moves: a move, and every fifth time an undo instead. */
static void
kill_test_step (SternGame *game,
                guint      step)
{
  if (step % 5 == 4)
    g_assert_true (stern_game_undo (game));
  else
    play_first (game);
}

/* kill -9 at any point of the saves: another process saves a long game
 * after each change and says so through a pipe; killed at a random
 * moment, what is on disk reads without damage and holds every change it
 * had said was saved, and nothing that was not played. */
static void
test_kill_while_saving (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (9);

  for (guint round = 0; round < 6; round++)
    {
      g_autofree char *dir = temp_dir_new ("stern-long-XXXXXX");
      g_autoptr (SternGame) expect = NULL;
      g_autoptr (SternGame) back = NULL;
      g_autoptr (GError) damage = NULL;
      guint saved = 0, target = (guint) g_rand_int_range (rand, 1, 400), steps;
      SternGameSetup read_setup;
      SternClock clock;
      int report[2];
      pid_t child;
      int status;

      g_assert_cmpint (pipe (report), ==, 0);
      child = fork ();
      g_assert_cmpint (child, >=, 0);
      if (child == 0)
        {
          g_autoptr (SternGame) game = session_test_random_game (8000, 24);
          SternAutosaveState state = { 0 };
          SternGameSetup setup = { 0 };

          close (report[0]);
          setup.variant = stern_game_get_variant (game);
          setup.preset = STERN_PRESET_RACE;
          for (guint step = 0;; step++)
            {
              if (step > 0)
                kill_test_step (game, step - 1);
              if (!stern_autosave_update (dir, &state, game, &setup, NULL, NULL))
                _exit (2);
              if (write (report[1], &step, sizeof step) != sizeof step)
                _exit (3);
            }
        }
      close (report[1]);
      /* Killed somewhere after the target'th save, at once or a little later. */
      while (saved < target && read (report[0], &saved, sizeof saved) == sizeof saved)
        ;
      if (round % 2 == 1)
        g_usleep ((gulong) g_rand_int_range (rand, 0, 3000));
      g_assert_cmpint (kill (child, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (child, &status, 0), ==, child);
      g_assert_true (WIFSIGNALED (status));
      /* Reports sent before the kill that were not read yet. */
      while (read (report[0], &saved, sizeof saved) == sizeof saved)
        ;
      close (report[0]);

      back = stern_autosave_read (dir, &read_setup, &clock, &damage);
      g_assert_no_error (damage);
      g_assert_nonnull (back);
      /* The same game replayed here: the save is it at `steps` steps, for
       * steps at least the last one reported (the one after it may have
       * been written but not reported). */
      expect = session_test_random_game (8000, 24);
      for (steps = 0; steps < saved; steps++)
        kill_test_step (expect, steps);
      if (stern_game_get_n_actions (back) != stern_game_get_n_actions (expect) ||
          stern_game_get_n_actions_total (back) != stern_game_get_n_actions_total (expect))
        kill_test_step (expect, steps++);
      g_test_message ("killed after save %u: the save holds step %u (%u moves)", saved, steps,
                      stern_game_get_n_actions (back));
      g_assert_cmpuint (steps, <=, saved + 1);
      assert_saved_as (dir, expect);

      stern_autosave_delete (dir);
      temp_dir_remove (dir);
    }
}

/* A saved game cut short: inside its last move where what is left still
 * reads (a different game), or a whole move off (the Ply tag is past the
 * moves).  Both read, with a warning naming the line. */
static void
test_cut_record (void)
{
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) back = NULL;
  g_autofree char *text = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *whole = NULL, *part = NULL;
  SternGameSetup setup = { 0 }, read_setup;
  SternClock clock;
  guint n_actions;
  char *cut;

  setup.variant = stern_game_get_variant (game);
  setup.preset = STERN_PRESET_TABLE;
  /* Played until the last move is a chain of jumps (three holes or more). */
  for (guint i = 0; i < 200; i++)
    {
      static SternMove moves[STERN_MAX_MOVES];
      size_t n = stern_game_legal_moves (game, moves);
      const SternAction *last;
      size_t pick = 0;

      for (size_t k = 0; k < n; k++)
        {
          g_assert_true (stern_game_play (game, moves[k].from, moves[k].to, NULL));
          last = stern_game_get_action (game, stern_game_get_n_actions (game) - 1);
          if (last->path_len >= 3 && !stern_game_is_over (game))
            pick = k + 1;
          g_assert_true (stern_game_undo (game));
          if (pick)
            break;
        }
      g_assert_true (stern_game_play (game, moves[pick ? pick - 1 : 0].from,
                                      moves[pick ? pick - 1 : 0].to, NULL));
      if (pick)
        break;
    }
  {
    const SternAction *last = stern_game_get_action (game, stern_game_get_n_actions (game) - 1);

    g_assert_cmpuint (last->path_len, >=, 3);
    whole = stern_notation_format_path (last->path, last->path_len);
    part = stern_notation_format_path (last->path, last->path_len - 1);
  }
  n_actions = stern_game_get_n_actions (game);
  text = stern_saved_game_write (game, &setup, NULL, 0);

  /* Cut inside the last move, after its last but one hole: a legal move
   * of its own. */
  cut = strstr (text, whole);
  g_assert_nonnull (cut);
  cut[strlen (part)] = '\0';
  back = stern_saved_game_read_with_warnings (text, &read_setup, &clock, warnings, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_ptr_array_add (warnings, NULL);
  joined = g_strjoinv ("\n", (char **) warnings->pdata);
  g_test_message ("%s", joined);
  g_assert_nonnull (strstr (joined, "without its last line \"; end\""));
  g_clear_pointer (&back, stern_game_free);
  g_clear_pointer (&joined, g_free);
  g_ptr_array_set_size (warnings, 0);

  /* The whole last move gone: the Ply tag counts one more. */
  g_clear_pointer (&text, g_free);
  text = stern_saved_game_write (game, &setup, NULL, 0);
  cut = strstr (text, whole);
  cut[-1] = '\0';
  back = stern_saved_game_read_with_warnings (text, &read_setup, &clock, warnings, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (back), ==, n_actions - 1);
  g_ptr_array_add (warnings, NULL);
  joined = g_strjoinv ("\n", (char **) warnings->pdata);
  g_test_message ("%s", joined);
  {
    g_autofree char *expect = g_strdup_printf ("the Ply tag says the game was at move %u, but the "
                                               "record has %u", n_actions, n_actions - 1);

    g_assert_nonnull (strstr (joined, expect));
  }
}

/* Two copies of the game on one data folder (two logins on one home): the
 * second never writes over nor removes the first one's save, and its own
 * moves count as unsaved.  The first copy is another process, as it would
 * be: flock() is shared within one. */
static void
test_two_copies (void)
{
  g_autofree char *dir = temp_dir_new ("stern-long-XXXXXX");
  g_autofree char *path = stern_autosave_get_path (dir);
  g_autofree char *theirs = NULL, *after = NULL;
  g_autoptr (SternMatch) first = session_test_match_new (dir);
  g_autoptr (SternMatch) second = NULL;
  SternGameSetup setup;
  int ready[2], done[2];
  pid_t child;
  char byte;
  int status;

  /* The first copy's game on disk. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (first, &setup);
  session_test_play_first (first);
  session_test_play_first (first);
  g_assert_true (g_file_get_contents (path, &theirs, NULL, NULL));
  g_clear_object (&first);

  /* It runs in another process, holding the folder. */
  g_assert_cmpint (pipe (ready), ==, 0);
  g_assert_cmpint (pipe (done), ==, 0);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      gboolean locked = stern_autosave_lock (dir, NULL);

      close (ready[0]);
      close (done[1]);
      byte = locked ? 'y' : 'n';
      if (write (ready[1], &byte, 1) != 1)
        _exit (2);
      /* Until the test closes its end. */
      while (read (done[0], &byte, 1) > 0)
        ;
      _exit (0);
    }
  close (ready[1]);
  close (done[0]);
  g_assert_cmpint (read (ready[0], &byte, 1), ==, 1);
  g_assert_cmpint (byte, ==, 'y');

  second = session_test_match_new (dir);
  g_assert_nonnull (stern_match_get_data_dir_busy (second));
  g_test_message ("%s", stern_match_get_data_dir_busy (second)->message);
  g_assert_true (g_error_matches (stern_match_get_data_dir_busy (second), G_IO_ERROR,
                                  G_IO_ERROR_BUSY));
  /* A new game here: the save there stays, also when moves are made. */
  stern_match_new_game (second, &setup);
  g_assert_false (stern_match_has_unsaved_moves (second));
  for (guint i = 0; i < 3; i++)
    session_test_play_first (second);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, theirs);
  g_assert_true (stern_match_has_unsaved_moves (second));
  g_assert_nonnull (stern_match_get_save_error (second));
  {
    /* Reading that copy's game leaves its temporary files alone: they
     * may be saves under way. */
    g_autofree char *temp = g_build_filename (dir, "current-game.sgr.Zz9Yx8", NULL);
    g_autoptr (SternGame) read_only = NULL;
    g_autoptr (GError) damage = NULL;
    SternGameSetup read_setup;
    SternClock clock;

    g_assert_true (g_file_set_contents (temp, "[Var", -1, NULL));
    read_only = stern_autosave_read (dir, &read_setup, &clock, &damage);
    g_assert_no_error (damage);
    g_assert_nonnull (read_only);
    g_assert_cmpuint (stern_game_get_n_actions (read_only), ==, 2);
    g_assert_true (g_file_test (temp, G_FILE_TEST_EXISTS));
    g_unlink (temp);
  }

  close (done[1]);
  close (ready[0]);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);

  /* Once that copy has gone, a new start has the folder. */
  g_clear_object (&second);
  second = session_test_match_new (dir);
  g_assert_null (stern_match_get_data_dir_busy (second));

  stern_autosave_delete (dir);
  g_clear_object (&second);
  temp_dir_remove (dir);
}

/* The writer never writes what the reader refuses: a record of 4 MiB
 * that opens is saved and read back (the autosave adds its tags and
 * journal comment); a game too long for any reader is not written over
 * the save on disk, and says why; a file too big opens when asked to. */
static void
test_size_cap (void)
{
  g_autofree char *dir = temp_dir_new ("stern-cap-XXXXXX");
  g_autofree char *big_path = g_build_filename (dir, "big.sgr", NULL);
  g_autoptr (SternGame) game = session_test_random_game (378050, 24);
  g_autoptr (SternGame) longer = NULL;
  g_autoptr (SternGame) read = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) big = NULL;
  g_autofree char *record = NULL, *longer_text = NULL, *text = NULL;
  SternGameSetup setup, read_setup;
  SternClock clock;

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  /* Two games of 400,000 moves take minutes under the sanitizers; the
   * plain build runs this in seconds, and the sanitizers check the same
   * writer and reader on the shorter games above. */
  g_test_skip ("too slow under a sanitizer");
  return;
#endif
  session_test_setup (&setup, "classic-2", STERN_PRESET_RACE, "hhhhhh", 0, 0);
  /* Names that bring the saved game to within a few bytes of 4 MiB, as
   * a record the user opens may be: the autosave adds its journal line. */
  for (guint white = 0, black = 0;;)
    {
      g_autofree char *w = g_strnfill (white, 'w'), *b = g_strnfill (black, 'b');
      gsize len;

      stern_game_setup_set_name (&setup, STERN_WHITE, w);
      stern_game_setup_set_name (&setup, STERN_BLACK, b);
      g_free (record);
      record = stern_saved_game_write (game, &setup, NULL, 0);
      len = strlen (record);
      if (len >= 4u * 1024 * 1024 - 8)
        break;
      /* A name's byte is a byte of the file (past the first, which may
       * bring its tag): a step or two. */
      {
        guint more = MAX (1u, (guint) (4u * 1024 * 1024 - 8 - len));
        guint to_white = MIN (more, STERN_SEAT_NAME_MAX - white);

        g_assert_true (to_white > 0 || black < STERN_SEAT_NAME_MAX);
        white += to_white;
        black += MIN (more - to_white, STERN_SEAT_NAME_MAX - black);
      }
    }
  g_test_message ("378,050 moves: a saved game of %zu bytes", strlen (record));
  g_assert_cmpuint (strlen (record), <=, 4u * 1024 * 1024);

  g_assert_true (stern_autosave_write (dir, game, &setup, NULL, &error));
  g_assert_no_error (error);
  read = stern_autosave_read (dir, &read_setup, &clock, &error);
  g_assert_no_error (error);
  g_assert_nonnull (read);
  g_assert_cmpuint (stern_game_get_n_actions (read), ==, 378050);
  g_clear_pointer (&read, stern_game_free);

  /* 400,000 moves: over the cap.  Refused before writing, with the size. */
  longer = session_test_random_game (400000, 24);
  g_assert_false (stern_autosave_write (dir, longer, &setup, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "too long to be saved"));
  g_clear_error (&error);
  read = stern_autosave_read (dir, &read_setup, &clock, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (read), ==, 378050);

  /* Such a file says it is too big, and how big; it opens when asked to. */
  longer_text = stern_saved_game_write (longer, &setup, NULL, 0);
  g_assert_true (g_file_set_contents (big_path, longer_text, -1, NULL));
  big = g_file_new_for_path (big_path);
  g_assert_null (stern_saved_game_load_text (big, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "too big"));
  g_assert_nonnull (strstr (error->message, "MB"));
  g_clear_error (&error);
  text = stern_saved_game_load_text_any_size (big, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, longer_text);

  temp_dir_remove (dir);
}

static void
turn_move_chosen (SternPlayer *player,
                  guint        from,
                  guint        to,
                  gpointer     user_data)
{
  *(gboolean *) user_data = TRUE;
}

static void
turn_hint_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  guint8 path[STERN_MAX_PATH];
  gsize len;

  stern_match_hint_finish (STERN_MATCH (source), result, path, &len, NULL);
  *(gboolean *) user_data = TRUE;
}

static double
thread_cpu_s (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* The main thread's CPU time to start the computer's turn and a hint in a
 * game of n moves: the least of five (the search runs in a worker). */
static void
time_turn_starts (guint   n,
                  double *move_s,
                  double *hint_s)
{
  g_autoptr (SternMatch) match = stern_match_new ();
  g_autoptr (SternPlayer) computer = stern_computer_player_new (STERN_LEVEL_EASY, 0);
  SternGameSetup setup;
  guint seat;

  session_test_setup (&setup, "classic-2", STERN_PRESET_RACE, "hhhhhh", 0, 0);
  stern_match_start (match, session_test_random_game (n, 24), &setup, NULL);
  seat = stern_match_get_turn (match);
  *move_s = *hint_s = G_MAXDOUBLE;
  for (guint run = 0; run < 5; run++)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      gboolean done = FALSE;
      gulong handler = g_signal_connect (computer, "move-chosen",
                                         G_CALLBACK (turn_move_chosen), &done);
      double t0 = thread_cpu_s ();

      stern_player_start_turn (computer, match, seat);
      *move_s = MIN (*move_s, thread_cpu_s () - t0);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      g_signal_handler_disconnect (computer, handler);

      done = FALSE;
      t0 = thread_cpu_s ();
      stern_match_hint_async (match, cancellable, turn_hint_done, &done);
      *hint_s = MIN (*hint_s, thread_cpu_s () - t0);
      g_cancellable_cancel (cancellable);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
    }
}

/* Starting the computer's move or a hint costs the main thread the same
 * in a game of 40,000 moves as in one of 400: the search is handed the
 * position and the recent history it reads, not a copy of the whole game
 * (55 ms at 100,000 moves, 249 ms at 378,050).  A ratio of times with a
 * margin, as the engine's long-game test does. */
static void
test_computer_turn_cost (void)
{
  double short_move, short_hint, long_move, long_hint;

  time_turn_starts (400, &short_move, &short_hint);
  time_turn_starts (40000, &long_move, &long_hint);
  g_test_message ("400 moves: move %.3f ms, hint %.3f ms; 40,000 moves: move %.3f ms, hint %.3f ms",
                  short_move * 1e3, short_hint * 1e3, long_move * 1e3, long_hint * 1e3);
  g_assert_cmpfloat (long_move, <, 4 * short_move + 0.001);
  g_assert_cmpfloat (long_hint, <, 4 * short_hint + 0.001);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/long-game/journal", test_journal);
  g_test_add_func ("/long-game/journal-cut-and-stale", test_journal_cut_and_stale);
  g_test_add_func ("/long-game/journal-damaged", test_journal_damaged);
  g_test_add_func ("/long-game/journal-back-and-forth", test_journal_back_and_forth);
  g_test_add_func ("/long-game/symlinked-save", test_symlinked_save);
  g_test_add_func ("/long-game/match", test_match_long_game);
  g_test_add_func ("/long-game/kill-while-saving", test_kill_while_saving);
  g_test_add_func ("/long-game/cut-record", test_cut_record);
  g_test_add_func ("/long-game/two-copies", test_two_copies);
  g_test_add_func ("/long-game/size-cap", test_size_cap);
  g_test_add_func ("/long-game/computer-turn-cost", test_computer_turn_cost);

  return g_test_run ();
}
