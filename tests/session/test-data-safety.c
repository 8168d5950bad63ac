/* test-data-safety.c: no game, rating or save lost, in the
 * session without a display: a damaged or strange autosave is reported,
 * kept aside and what can be read of it restored; leftover temporary
 * files are cleaned up; a failed save is a property the window shows; the
 * clock keeps its milliseconds; a damaged ratings file keeps what it can.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-data-safety"

#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "stern-autosave.h"
#include "stern-computer.h"
#include "stern-match.h"
#include "stern-notation.h"
#include "stern-rating.h"
#include "stern-ratings.h"
#include "stern-saved-game.h"

#include "session-test-util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

/* Files in dir whose names start with prefix. */
static GPtrArray *
files_with_prefix (const char *dir,
                   const char *prefix)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix))
      g_ptr_array_add (names, g_build_filename (dir, name, NULL));
  return names;
}

/* A saved game of n actions in dir; returns its text. */
static char *
save_game (const char *dir,
           guint       n)
{
  g_autoptr (SternMatch) match = session_test_match_new (dir);
  g_autofree char *path = stern_autosave_get_path (dir);
  SternGameSetup setup;
  char *text;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  for (guint i = 0; i < n; i++)
    session_test_play_first (match);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* ------------------------------------------------------------------ */
/* The autosave                                                        */

/* Reads the autosave of dir, expecting damage that mentions what; the
 * damaged file is then aside, byte for byte, and the autosave gone.
 * Returns the moves restored. */
static guint
read_damaged (const char *dir,
              const char *contents,
              gssize      len,
              const char *what)
{
  g_autofree char *path = stern_autosave_get_path (dir);
  g_autoptr (GPtrArray) copies = NULL;
  g_autoptr (GError) damage = NULL;
  g_autoptr (SternGame) game = NULL;
  g_autofree char *copy = NULL;
  SternGameSetup setup;
  SternClock clock;
  gsize copy_len;
  guint n;

  if (contents != NULL)
    g_assert_true (g_file_set_contents (path, contents, len, NULL));
  game = stern_autosave_read (dir, &setup, &clock, &damage);
  g_assert_nonnull (damage);
  g_test_message ("%s", damage->message);
  g_assert_nonnull (strstr (damage->message, "The saved game could not be read"));
  g_assert_nonnull (strstr (damage->message, what));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  copies = files_with_prefix (dir, "current-game.sgr.damaged-");
  g_assert_cmpuint (copies->len, ==, 1);
  g_assert_nonnull (strstr (damage->message, strrchr (g_ptr_array_index (copies, 0), '/') + 1));
  if (contents != NULL && g_file_test (g_ptr_array_index (copies, 0), G_FILE_TEST_IS_REGULAR))
    {
      /* Worked out first: GLib 2.76's g_assert_cmpmem casts its length
       * argument without parentheses. */
      gsize expected_len = len < 0 ? strlen (contents) : (gsize) len;

      g_assert_true (g_file_get_contents (g_ptr_array_index (copies, 0), &copy, &copy_len, NULL));
      g_assert_cmpmem (copy, copy_len, contents, expected_len);
    }
  for (guint i = 0; i < copies->len; i++)
    g_unlink (g_ptr_array_index (copies, i));

  n = game != NULL ? stern_game_get_n_actions (game) : 0;
  if (game != NULL)
    g_assert_cmpuint (n, ==, stern_game_get_n_actions_total (game));
  return n;
}

/* Cut short anywhere, or scribbled over in the moves: the moves before
 * the damage are restored, never more than were there. */
static void
test_autosave_damaged (void)
{
  g_autofree char *dir = temp_dir_new ("stern-data-XXXXXX");
  g_autofree char *good = save_game (dir, 12);
  g_autofree char *scribbled = NULL;
  const char *round4 = strstr (good, "\n4. ");
  gsize len = strlen (good);
  guint last = 0;

  g_assert_nonnull (round4);

  /* The end mark alone missing: every move. */
  g_assert_cmpuint (read_damaged (dir, good, (gssize) len - 6, "cut off"), ==, 12);

  /* Cut after round 3: its six actions at least, and more the later. */
  for (gsize cut = (gsize) (round4 - good) + 1; cut < len - 6; cut += 7)
    {
      guint n = read_damaged (dir, good, (gssize) cut, "cut off");

      g_assert_cmpuint (n, >=, 6);
      g_assert_cmpuint (n, <=, 12);
      g_assert_cmpuint (n, >=, last);
      last = n;
    }

  /* A line of garbage in round 4: rounds 1 to 3, and the line named. */
  scribbled = g_strdup (good);
  memcpy (scribbled + (round4 - good) + 1, "4. zz", 5);
  g_assert_cmpuint (read_damaged (dir, scribbled, -1, "line"), ==, 6);

  /* Not text at all. */
  g_assert_cmpuint (read_damaged (dir, "\xff\xfe\x00\x01", 4, "UTF-16"), ==, 0);
  g_assert_cmpuint (read_damaged (dir, "", 0, "empty"), ==, 0);

  temp_dir_remove (dir);
}

/* A FIFO, a symbolic link to /dev/zero, a folder: an error at once (no
 * hang, no memory blow-up), kept aside like any damage. */
static void
test_autosave_not_regular (void)
{
  g_autofree char *dir = temp_dir_new ("stern-data-XXXXXX");
  g_autofree char *path = stern_autosave_get_path (dir);
  gint64 start;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  start = g_get_monotonic_time ();
  g_assert_cmpuint (read_damaged (dir, NULL, 0, "FIFO"), ==, 0);
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC);

  g_assert_cmpint (symlink ("/dev/zero", path), ==, 0);
  g_assert_cmpuint (read_damaged (dir, NULL, 0, "device"), ==, 0);

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  g_assert_cmpuint (read_damaged (dir, NULL, 0, "folder"), ==, 0);
  {
    g_autoptr (GPtrArray) left = files_with_prefix (dir, "current-game.sgr.damaged-");

    for (guint i = 0; i < left->len; i++)
      g_rmdir (g_ptr_array_index (left, i));
  }

  temp_dir_remove (dir);
}

/* A kill between writing and renaming leaves current-game.sgr.XXXXXX (or
 * ratings.ini.XXXXXX, current-game.sgr.journal.XXXXXX): they go at the
 * next start; the save, the ratings and damaged copies stay. */
static void
test_autosave_temp_files (void)
{
  g_autofree char *dir = temp_dir_new ("stern-data-XXXXXX");
  g_autofree char *good = save_game (dir, 3);
  g_autofree char *temp = g_build_filename (dir, "current-game.sgr.Ab3xY9", NULL);
  g_autofree char *aside = g_build_filename (dir, "current-game.sgr.damaged-20261130-120000", NULL);
  g_autofree char *other = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *ratings = g_build_filename (dir, "ratings.ini", NULL);
  g_autofree char *ratings_temp = g_build_filename (dir, "ratings.ini.Qz81kP", NULL);
  g_autofree char *journal_temp = g_build_filename (dir, "current-game.sgr.journal.a1B2c3", NULL);
  g_autoptr (SternGame) game = NULL;
  g_autoptr (GError) damage = NULL;
  SternGameSetup setup;
  SternClock clock;

  g_assert_true (g_file_set_contents (temp, good, 40, NULL));
  g_assert_true (g_file_set_contents (aside, "x", -1, NULL));
  g_assert_true (g_file_set_contents (other, "x", -1, NULL));
  g_assert_true (g_file_set_contents (ratings, "[rating]\n", -1, NULL));
  g_assert_true (g_file_set_contents (ratings_temp, "[rat", -1, NULL));
  g_assert_true (g_file_set_contents (journal_temp, "j 1\n", -1, NULL));

  game = stern_autosave_read (dir, &setup, &clock, &damage);
  g_assert_no_error (damage);
  g_assert_nonnull (game);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 3);
  g_assert_false (g_file_test (temp, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (aside, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (ratings, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (ratings_temp, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (journal_temp, G_FILE_TEST_EXISTS));

  temp_dir_remove (dir);
}

/* The match reports the damage as its notice. */
static void
test_match_notice (void)
{
  g_autofree char *dir = temp_dir_new ("stern-data-XXXXXX");
  g_autofree char *good = save_game (dir, 8);
  g_autofree char *path = stern_autosave_get_path (dir);
  g_autoptr (SternMatch) match = session_test_match_new (dir);
  g_autoptr (SternGame) game = NULL;
  SternGameSetup setup;
  SternClock clock;

  g_assert_true (g_file_set_contents (path, good, (gssize) strlen (good) - 30, NULL));
  g_assert_null (stern_match_get_notice (match));
  game = stern_match_read_autosave (match, &setup, &clock);
  g_assert_nonnull (game);
  g_assert_cmpuint (stern_game_get_n_actions (game), >, 0);
  g_assert_nonnull (stern_match_get_notice (match));
  g_assert_nonnull (strstr (stern_match_get_notice (match), "cut off"));
  stern_match_clear_notice (match);
  g_assert_null (stern_match_get_notice (match));

  temp_dir_remove (dir);
}

/* A game opened or started over one in progress leaves that one on disk
 * until it has a move of its own: a mistaken Open and a quit lose nothing. */
static void
test_replaced_game_kept (void)
{
  g_autofree char *dir = temp_dir_new ("stern-data-XXXXXX");
  g_autoptr (SternMatch) match = session_test_match_new (dir);
  g_autoptr (SternGame) read = NULL;
  g_autoptr (SternGame) opened = NULL;
  g_autoptr (GError) error = NULL;
  SternGameSetup setup, read_setup;
  SternClock clock;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  for (guint i = 0; i < 4; i++)
    session_test_play_first (match);

  /* A record with no moves, and one with a move, opened over it. */
  opened = stern_record_read ("[Variant \"classic-2\"]\n", NULL, &error);
  g_assert_no_error (error);
  stern_match_start (match, g_steal_pointer (&opened), &setup, NULL);
  read = stern_autosave_read (dir, &read_setup, &clock, &error);
  g_assert_no_error (error);
  g_assert_nonnull (read);
  g_assert_cmpuint (stern_game_get_n_actions (read), ==, 4);
  g_clear_pointer (&read, stern_game_free);

  opened = stern_record_read ("[Variant \"classic-2\"]\n\n1. l4-l5\n", NULL, &error);
  g_assert_no_error (error);
  stern_match_start (match, g_steal_pointer (&opened), &setup, NULL);
  stern_match_new_game (match, &setup);
  read = stern_autosave_read (dir, &read_setup, &clock, &error);
  g_assert_no_error (error);
  g_assert_nonnull (read);
  g_assert_cmpuint (stern_game_get_n_actions (read), ==, 4);
  g_clear_pointer (&read, stern_game_free);

  /* The new game's first move is its own save. */
  session_test_play_first (match);
  read = stern_autosave_read (dir, &read_setup, &clock, &error);
  g_assert_no_error (error);
  g_assert_nonnull (read);
  g_assert_cmpuint (stern_game_get_n_actions (read), ==, 1);

  temp_dir_remove (dir);
}

/* Settings naming a preset their variant does not have (edited by hand,
 * from an older version) start a game on the table rules, correct the
 * settings and say so: the game played is one its record can hold. */
static void
test_settings_bad_preset (void)
{
  static const char *const pairs[][2] = {
    { "classic-3", "race" }, { "classic-6", "race" }, { "ugolki", "club" }, { "halma-8", "race" },
  };
  GSettingsSchemaSource *schemas = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  /* The schema is compiled with the window (data/): a build without it
   * (-Dgui=false, as the sanitizer builds are) has no settings to read. */
  if (schemas != NULL)
    schema = g_settings_schema_source_lookup (schemas, "io.github.sternhalma.Sternhalma", TRUE);
  if (schema == NULL)
    {
      g_test_skip ("no compiled settings schema (built without the window)");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autoptr (GSettings) settings = g_settings_new ("io.github.sternhalma.Sternhalma");
      g_autofree char *notice = NULL, *preset = NULL, *text = NULL;
      g_autoptr (SternGame) game = NULL, read = NULL;
      g_autoptr (GError) error = NULL;
      SternGameSetup setup;

      g_settings_set_string (settings, "variant", pairs[i][0]);
      g_settings_set_string (settings, "preset", pairs[i][1]);
      stern_game_setup_load (&setup, settings, &notice);
      g_test_message ("%s", notice);
      g_assert_true (setup.variant == stern_variant_lookup (pairs[i][0]));
      g_assert_cmpint (setup.preset, ==, STERN_PRESET_TABLE);
      g_assert_nonnull (notice);
      g_assert_nonnull (strstr (notice, "Table Rules"));
      preset = g_settings_get_string (settings, "preset");
      g_assert_cmpstr (preset, ==, "table");

      game = stern_game_new (setup.variant, setup.preset);
      text = stern_record_write (game, NULL);
      read = stern_record_read (text, NULL, &error);
      g_assert_no_error (error);

      /* A good pair is left as it is, without a word. */
      g_clear_pointer (&notice, g_free);
      g_settings_set_string (settings, "variant", "classic-2");
      g_settings_set_string (settings, "preset", "race");
      stern_game_setup_load (&setup, settings, &notice);
      g_assert_null (notice);
      g_assert_cmpint (setup.preset, ==, STERN_PRESET_RACE);
    }
}

/* ------------------------------------------------------------------ */
/* Failed saves                                                        */

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

/* A folder where the file should be, a file where the folder should be:
 * the save error is a property (notified once, not at every move), the
 * moves are unsaved until a save succeeds. */
static void
test_save_error (void)
{
  g_autofree char *dir = temp_dir_new ("stern-data-XXXXXX");
  g_autofree char *path = stern_autosave_get_path (dir);
  g_autofree char *not_dir = g_build_filename (dir, "plain-file", NULL);
  g_autoptr (SternMatch) match = session_test_match_new (dir);
  SternGameSetup setup;
  guint notified = 0;

  g_signal_connect (match, "notify::save-error", G_CALLBACK (count_notify), &notified);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  session_test_play_first (match);
  g_assert_null (stern_match_get_save_error (match));
  g_assert_false (stern_match_has_unsaved_moves (match));

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  g_test_expect_message ("stern-session", G_LOG_LEVEL_WARNING, "*Could not save*");
  session_test_play_first (match);
  g_test_assert_expected_messages ();
  g_assert_nonnull (stern_match_get_save_error (match));
  g_assert_true (stern_match_has_unsaved_moves (match));
  g_assert_cmpuint (notified, ==, 1);

  /* Saved elsewhere by the user: no longer unsaved, still failing; a
   * save that fails again with the same moves (closing) loses nothing, a
   * new move does. */
  stern_match_mark_saved (match);
  g_assert_false (stern_match_has_unsaved_moves (match));
  g_test_expect_message ("stern-session", G_LOG_LEVEL_WARNING, "*Could not save*");
  stern_match_autosave (match);
  g_test_assert_expected_messages ();
  g_assert_false (stern_match_has_unsaved_moves (match));
  g_assert_nonnull (stern_match_get_save_error (match));
  g_test_expect_message ("stern-session", G_LOG_LEVEL_WARNING, "*Could not save*");
  session_test_play_first (match);
  g_test_assert_expected_messages ();
  g_assert_true (stern_match_has_unsaved_moves (match));

  /* The way is free again: saved, the error gone. */
  g_assert_cmpint (g_rmdir (path), ==, 0);
  session_test_play_first (match);
  g_assert_null (stern_match_get_save_error (match));
  g_assert_false (stern_match_has_unsaved_moves (match));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  /* The data folder is a file. */
  g_assert_true (g_file_set_contents (not_dir, "x", -1, NULL));
  stern_match_set_data_dir (match, not_dir);
  g_test_expect_message ("stern-session", G_LOG_LEVEL_WARNING, "*Could not save*");
  session_test_play_first (match);
  g_test_assert_expected_messages ();
  g_assert_nonnull (stern_match_get_save_error (match));
  g_assert_true (stern_match_has_unsaved_moves (match));

  g_clear_object (&match);
  temp_dir_remove (dir);
}

/* ------------------------------------------------------------------ */
/* The clock                                                           */

/* Every reserve, increment and time left comes back to the millisecond,
 * and what is read back is written back the same. */
static void
test_clock_round_trip (void)
{
  static const gint64 reserves[] = { 1, 500, 999, 1000, 1500, 60001, 300000, 5999999 };
  static const gint64 increments[] = { 0, 1, 250, 1500, 3000 };

  for (guint r = 0; r < G_N_ELEMENTS (reserves); r++)
    for (guint i = 0; i < G_N_ELEMENTS (increments); i++)
      {
        g_autofree char *record = NULL, *text = NULL, *again = NULL;
        g_autoptr (SternGame) game = NULL;
        g_autoptr (GError) error = NULL;
        g_autofree char *clock_tag = NULL;
        SternGameSetup setup;
        SternClock clock, back;

        record = g_strdup_printf ("[Variant \"classic-2\"]\n"
                                  "[Clock \"%" G_GINT64_FORMAT " %" G_GINT64_FORMAT
                                  " %" G_GINT64_FORMAT " 7 %" G_GINT64_FORMAT " 0 0 0\"]\n"
                                  "\n1. l4-l5\n",
                                  reserves[r], increments[i], reserves[r], reserves[r] / 3 + 1);
        game = stern_saved_game_read (record, &setup, &clock, &error);
        g_assert_no_error (error);
        g_assert_true (clock.enabled);
        g_assert_cmpint (clock.reserve_us, ==, reserves[r] * 1000);
        g_assert_cmpint (clock.increment_us, ==, increments[i] * 1000);
        g_assert_cmpint (clock.remaining_us[0], ==, reserves[r] * 1000);
        g_assert_cmpint (clock.remaining_us[1], ==, 7000);
        g_assert_cmpuint (setup.clock_reserve_s, >, 0);

        text = stern_saved_game_write (game, &setup, &clock, 0);
        clock_tag = g_strdup_printf ("[Clock \"%" G_GINT64_FORMAT " %" G_GINT64_FORMAT
                                     " %" G_GINT64_FORMAT " 7 %" G_GINT64_FORMAT " 0 0 0\"]",
                                     reserves[r], increments[i], reserves[r],
                                     reserves[r] / 3 + 1);
        g_assert_nonnull (strstr (text, clock_tag));

        g_clear_pointer (&game, stern_game_free);
        game = stern_saved_game_read (text, &setup, &back, &error);
        g_assert_no_error (error);
        g_assert_cmpmem (back.remaining_us, sizeof back.remaining_us,
                         clock.remaining_us, sizeof clock.remaining_us);
        g_assert_cmpint (back.reserve_us, ==, clock.reserve_us);
        g_assert_cmpint (back.increment_us, ==, clock.increment_us);
        again = stern_saved_game_write (game, &setup, &back, 0);
        g_assert_cmpstr (strstr (again, "[Clock"), ==, strstr (text, "[Clock"));
      }
}

/* A half-second reserve played in a match is saved so that it reads. */
static void
test_clock_match (void)
{
  g_autofree char *dir = temp_dir_new ("stern-data-XXXXXX");
  g_autoptr (SternMatch) match = session_test_match_new (dir);
  g_autoptr (SternGame) game = NULL, back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  SternGameSetup setup, loaded;
  SternClock clock, read_clock;

  game = stern_saved_game_read ("[Variant \"classic-2\"]\n"
                                "[Clock \"500 0 500 500 500 500 500 500\"]\n\n",
                                &setup, &clock, &error);
  g_assert_no_error (error);
  stern_match_start (match, g_steal_pointer (&game), &setup, &clock);
  session_test_play_first (match);
  text = stern_match_write (match);
  g_assert_nonnull (strstr (text, "[Clock \"500 0 "));
  back = stern_saved_game_read (text, &loaded, &read_clock, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_clear_pointer (&back, stern_game_free);
  back = stern_autosave_read (dir, &loaded, &read_clock, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_true (read_clock.enabled);

  g_clear_object (&match);
  temp_dir_remove (dir);
}

/* ------------------------------------------------------------------ */
/* Ratings                                                             */

#define RATINGS_GOOD \
  "[Rating]\n" \
  "rating=1612.5\n" \
  "history=1200.0;1400.0;1612.5;\n" \
  "\n" \
  "[classic-2]\n" \
  "won=3\n" \
  "drawn=0\n" \
  "lost=1\n"

/* One bad line costs that line: the rating, its history and the results
 * are still there, and the line is named. */
/* The puzzle rating: Elo against each puzzle tried, kept in [Puzzles]
 * apart from the games' rating, and a damaged value named. */
static void
test_ratings_puzzles (void)
{
  g_autoptr (SternRatings) ratings = stern_ratings_new ();
  g_autoptr (SternRatings) again = NULL;
  g_autoptr (GError) damage = NULL;
  g_autofree char *text = NULL;
  guint solved, tried;
  gsize length;

  g_assert_cmpfloat (stern_puzzle_rating (1), ==, STERN_LEVEL_RATING_EASY);
  g_assert_cmpfloat (stern_puzzle_rating (3), ==, STERN_RATING_INITIAL);
  g_assert_cmpfloat (stern_puzzle_rating (5), ==, 1500.0);

  /* A new player is rated as the easiest puzzles. */
  g_assert_cmpfloat (stern_ratings_get_puzzle_rating (ratings), ==, STERN_LEVEL_RATING_EASY);
  stern_ratings_get_puzzles (ratings, &solved, &tried);
  g_assert_cmpuint (tried, ==, 0);
  /* An even puzzle solved: half the Elo step. */
  stern_ratings_add_puzzle (ratings, 1, TRUE);
  g_assert_cmpfloat_with_epsilon (stern_ratings_get_puzzle_rating (ratings), 916.0, 1e-9);
  /* One rated below the player missed: more than half the step. */
  stern_ratings_add_puzzle (ratings, 1, FALSE);
  g_assert_cmpfloat (stern_ratings_get_puzzle_rating (ratings), <, 916.0 - 16.0);
  stern_ratings_get_puzzles (ratings, &solved, &tried);
  g_assert_cmpuint (solved, ==, 1);
  g_assert_cmpuint (tried, ==, 2);
  /* The games' rating is another. */
  g_assert_cmpfloat (stern_ratings_get_rating (ratings), ==, STERN_RATING_INITIAL);

  text = stern_ratings_to_data (ratings, &length);
  g_assert_nonnull (strstr (text, "[Puzzles]"));
  again = stern_ratings_parse (text, length, &damage);
  g_assert_no_error (damage);
  g_assert_cmpfloat (stern_ratings_get_puzzle_rating (again), ==,
                     stern_ratings_get_puzzle_rating (ratings));
  stern_ratings_get_puzzles (again, &solved, &tried);
  g_assert_cmpuint (solved, ==, 1);
  g_assert_cmpuint (tried, ==, 2);
  g_clear_pointer (&again, stern_ratings_free);

  /* More solved than tried, and a rating that is none: both named. */
  {
    const char *bad = "[Puzzles]\nrating=abc\nsolved=3\ntried=2\n";

    again = stern_ratings_parse (bad, strlen (bad), &damage);
    g_assert_nonnull (damage);
    g_test_message ("%s", damage->message);
    g_assert_nonnull (strstr (damage->message, "“abc”"));
    g_assert_nonnull (strstr (damage->message, "(“3” of “2”)"));
    g_assert_cmpfloat (stern_ratings_get_puzzle_rating (again), ==, STERN_PUZZLE_RATING_INITIAL);
    stern_ratings_get_puzzles (again, &solved, &tried);
    g_assert_cmpuint (tried, ==, 0);
  }
}

static void
test_ratings_partial (void)
{
  static const char *damaged[] = {
    "[Rating]\nrating=1612.5\nthis is no setting\nhistory=1200.0;1400.0;1612.5;\n\n"
    "[classic-2]\nwon=3\ndrawn=0\nlost=1\n",
    RATINGS_GOOD "\xff\xfe garbage\n",
    RATINGS_GOOD "[broken\n",
    "garbage before any group\n" RATINGS_GOOD,
  };
  static const char *lines[] = { "line 3", "line 9", "line 9", "line 1" };

  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      g_autoptr (SternRatings) ratings = NULL;
      g_autoptr (GError) damage = NULL;
      const double *history;
      guint n, won, drawn, lost;

      ratings = stern_ratings_parse (damaged[i], strlen (damaged[i]), &damage);
      g_assert_nonnull (damage);
      g_assert_nonnull (strstr (damage->message, lines[i]));
      g_assert_cmpfloat (stern_ratings_get_rating (ratings), ==, 1612.5);
      history = stern_ratings_get_history (ratings, &n);
      g_assert_cmpuint (n, ==, 3);
      g_assert_cmpfloat (history[1], ==, 1400.0);
      stern_ratings_get_results (ratings, "classic-2", &won, &drawn, &lost);
      g_assert_cmpuint (won, ==, 3);
      g_assert_cmpuint (lost, ==, 1);
    }

  /* A bad number: that number. */
  {
    const char *text = "[Rating]\nrating=abc\nhistory=1200.0;x;1400.0;\n";
    g_autoptr (GError) damage = NULL;
    g_autoptr (SternRatings) ratings = stern_ratings_parse (text, strlen (text), &damage);
    guint n;

    g_assert_nonnull (damage);
    stern_ratings_get_history (ratings, &n);
    g_assert_cmpuint (n, ==, 2);
    /* The rating lost, the last of the history stands for it. */
    g_assert_cmpfloat (stern_ratings_get_rating (ratings), ==, 1400.0);
  }

  /* Every problem named, not the first only: a count read as 0 is told. */
  {
    const char *text = "[Rating]\nrating=1500.0\nthis is no setting\nhistory=1500.0;\n\n"
                       "[classic-2]\nwon=3\ndrawn=0\nlost=zz\n";
    g_autoptr (GError) damage = NULL;
    g_autoptr (SternRatings) ratings = stern_ratings_parse (text, strlen (text), &damage);

    g_assert_nonnull (damage);
    g_test_message ("%s", damage->message);
    g_assert_nonnull (strstr (damage->message, "line 3"));
    g_assert_nonnull (strstr (damage->message, "“zz” (lost in [classic-2])"));
  }

  /* A good file: no damage. */
  {
    g_autoptr (GError) damage = NULL;
    g_autoptr (SternRatings) ratings = stern_ratings_parse (RATINGS_GOOD, strlen (RATINGS_GOOD),
                                                           &damage);

    g_assert_no_error (damage);
    g_assert_cmpfloat (stern_ratings_get_rating (ratings), ==, 1612.5);
  }
}

/* A rated game with a damaged ratings file: the damaged file is kept
 * aside, the notice says so, and the new file goes on from the history
 * that could be read instead of starting again. */
static void
test_ratings_kept (void)
{
  g_autofree char *dir = temp_dir_new ("stern-data-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "ratings.ini", NULL);
  g_autoptr (SternMatch) match = session_test_match_new (dir);
  g_autoptr (SternRatings) ratings = NULL;
  g_autoptr (GPtrArray) copies = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *copy = NULL;
  const char *damaged = RATINGS_GOOD "### \xff garbage\n";
  SternGameSetup setup;
  guint n, won, drawn, lost;
  double expected;

  g_assert_true (g_file_set_contents (path, damaged, -1, NULL));
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  setup.level[STERN_BLACK] = STERN_LEVEL_HARD;
  stern_match_new_game (match, &setup);
  g_assert_true (stern_match_resign (match, STERN_WHITE, &error));
  g_assert_no_error (error);

  g_assert_nonnull (stern_match_get_notice (match));
  g_assert_nonnull (strstr (stern_match_get_notice (match), "line 9"));
  copies = files_with_prefix (dir, "ratings.ini.damaged-");
  g_assert_cmpuint (copies->len, ==, 1);
  g_assert_true (g_file_get_contents (g_ptr_array_index (copies, 0), &copy, NULL, NULL));
  g_assert_cmpstr (copy, ==, damaged);

  ratings = stern_ratings_load (path, &error);
  g_assert_no_error (error);
  expected = stern_rating_elo_update (1612.5, STERN_LEVEL_RATING_HARD, 0.0);
  g_assert_cmpfloat_with_epsilon (stern_ratings_get_rating (ratings), expected, 1e-6);
  stern_ratings_get_history (ratings, &n);
  g_assert_cmpuint (n, ==, 4);
  stern_ratings_get_results (ratings, "classic-2", &won, &drawn, &lost);
  g_assert_cmpuint (won, ==, 3);
  g_assert_cmpuint (lost, ==, 2);

  g_clear_object (&match);
  temp_dir_remove (dir);
}

/* Not a regular file: an error at once, nothing read. */
static void
test_ratings_not_regular (void)
{
  g_autofree char *dir = temp_dir_new ("stern-data-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "ratings.ini", NULL);
  g_autoptr (SternRatings) ratings = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (symlink ("/dev/zero", path), ==, 0);
  ratings = stern_ratings_load (path, &error);
  g_assert_nonnull (error);
  g_assert_cmpuint (stern_ratings_get_n_rated (ratings), ==, 0);
  g_clear_error (&error);
  g_clear_pointer (&ratings, stern_ratings_free);
  g_unlink (path);

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  ratings = stern_ratings_load (path, &error);
  g_assert_nonnull (error);

  temp_dir_remove (dir);
}

typedef struct {
  const char           *path;
  const SternGame      *game;
  const SternGameSetup *setup;
} CountArgs;

#define COUNT_THREADS 4
#define COUNT_GAMES   25

static gpointer
count_games (gpointer data)
{
  CountArgs *args = data;

  for (guint i = 0; i < COUNT_GAMES; i++)
    {
      g_autoptr (GError) error = NULL;
      g_auto (SternRatingsLock) lock = stern_ratings_lock (args->path, &error);
      g_autoptr (SternRatings) ratings = NULL;

      g_assert_no_error (error);
      ratings = stern_ratings_load (args->path, &error);
      g_assert_no_error (error);
      g_assert_true (stern_ratings_add_game (ratings, args->game, args->setup));
      g_assert_true (stern_ratings_save (ratings, args->path, &error));
    }
  return NULL;
}

/* Copies counting games at once on one folder: each reads, changes and
 * writes the file under its lock, so no count is written over. */
static void
test_ratings_lock (void)
{
  g_autofree char *dir = temp_dir_new ("stern-data-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "ratings.ini", NULL);
  g_autoptr (SternGame) game = NULL;
  g_autoptr (SternRatings) ratings = NULL;
  g_autoptr (GError) error = NULL;
  GThread *threads[COUNT_THREADS];
  SternGameSetup setup;
  CountArgs args;
  guint won, drawn, lost;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hccccc", 0, 0);
  game = stern_game_new (setup.variant, setup.preset);
  g_assert_true (stern_game_resign (game, STERN_WHITE, NULL));
  args = (CountArgs) { path, game, &setup };
  for (guint i = 0; i < COUNT_THREADS; i++)
    threads[i] = g_thread_new ("count", count_games, &args);
  for (guint i = 0; i < COUNT_THREADS; i++)
    g_thread_join (threads[i]);

  ratings = stern_ratings_load (path, &error);
  g_assert_no_error (error);
  stern_ratings_get_results (ratings, "classic-2", &won, &drawn, &lost);
  g_assert_cmpuint (won + drawn + lost, ==, COUNT_THREADS * COUNT_GAMES);
  temp_dir_remove (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/data/autosave-damaged", test_autosave_damaged);
  g_test_add_func ("/data/autosave-not-regular", test_autosave_not_regular);
  g_test_add_func ("/data/autosave-temp-files", test_autosave_temp_files);
  g_test_add_func ("/data/match-notice", test_match_notice);
  g_test_add_func ("/data/replaced-game-kept", test_replaced_game_kept);
  g_test_add_func ("/data/settings-bad-preset", test_settings_bad_preset);
  g_test_add_func ("/data/save-error", test_save_error);
  g_test_add_func ("/data/clock-round-trip", test_clock_round_trip);
  g_test_add_func ("/data/clock-match", test_clock_match);
  g_test_add_func ("/data/ratings-partial", test_ratings_partial);
  g_test_add_func ("/data/ratings-puzzles", test_ratings_puzzles);
  g_test_add_func ("/data/ratings-kept", test_ratings_kept);
  g_test_add_func ("/data/ratings-lock", test_ratings_lock);
  g_test_add_func ("/data/ratings-not-regular", test_ratings_not_regular);

  return g_test_run ();
}
