/* test-save.c: saved games, the autosave, replay, the clock, resignation
 * and the rating, through the game window under a real display (Xvfb).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>
#include <adwaita.h>

#include "stern-computer.h"
#include "stern-alert-dialog.h"
#include "stern-new-game-dialog.h"
#include "stern-move-list.h"
#include "stern-notation.h"
#include "stern-rating.h"
#include "stern-ratings.h"
#include "stern-save-banner.h"
#include "stern-autosave.h"
#include "stern-saved-game.h"
#include "stern-statistics-window.h"
#include "stern-window-private.h"

#include "stern-file-dialog.h"
#include "stern-game-over-window.h"
#include "gui-test-util.h"

static gboolean
white_to_move (gpointer data)
{
  return !stern_window_is_thinking (data) &&
         stern_game_get_turn (stern_window_get_game (data)) == STERN_WHITE;
}

/* Some move of white's after its first action (the resignation). */
static gboolean
white_moved (gpointer data)
{
  SternGame *game = stern_window_get_game (data);

  for (guint i = 1; i < stern_game_get_n_actions (game); i++)
    {
      const SternAction *action = stern_game_get_action (game, i);

      if (action->seat == STERN_WHITE && action->kind == STERN_ACTION_MOVE)
        return TRUE;
    }
  return FALSE;
}

/* A new game as the player starts it: win.new-game opens the dialog,
 * its Start button starts the setup. */
static void
start_from_dialog (SternWindow          *window,
                   const SternGameSetup *setup)
{
  SternNewGameDialog *dialog = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  dialog = gui_test_find_new_game_dialog ();
  g_assert_nonnull (dialog);
  stern_new_game_dialog_set_setup (dialog, setup);
  stern_new_game_dialog_start (dialog);
}

/* A data folder of the test's own, removed with all it holds after it. */
typedef struct {
  char *dir;
} SaveFixture;

static void
save_fixture_set_up (SaveFixture   *f,
                     gconstpointer  data)
{
  f->dir = temp_dir_new ("stern-save-XXXXXX");
}

static void
save_fixture_tear_down (SaveFixture   *f,
                        gconstpointer  data)
{
  temp_dir_remove (f->dir);
  g_free (f->dir);
}

static void
window_free (SternWindow *window)
{
  gui_test_destroy (window);
}

static char *
record_of (SternWindow *window)
{
  return stern_record_write (stern_window_get_game (window), NULL);
}

static void
answer_message (SternWindow *window,
                gboolean     accept)
{
  GtkWidget *message = stern_window_get_message (window);

  g_assert_nonnull (message);
  stern_alert_dialog_respond (STERN_ALERT_DIALOG (message), accept);
  g_assert_null (stern_window_get_message (window));
}

/* ------------------------------------------------------------------ */

/* Every variant through the window's own Save and Open: the record, who
 * plays, the clock and the position shown all come back. */
static void
test_round_trip (SaveFixture   *f,
                 gconstpointer  data)
{
  const char *dir = f->dir;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();


  for (guint v = 0; v < STERN_N_VARIANTS; v++)
    {
      const SternVariant *variant = stern_variant_get (v);
      g_autofree char *path = g_build_filename (dir, "game.sgr", NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;
      g_autofree char *before = NULL, *after = NULL;
      SternWindow *window, *other;
      const SternGameSetup *loaded;
      SternGameSetup setup;
      guint total;

      g_test_message ("variant %s", variant->id);
      window = gui_test_window_new (NULL);
      session_test_setup (&setup, variant->id, STERN_PRESET_TABLE, "hhhhhh", 600, 5);
      stern_window_new_game (window, &setup);
      for (guint i = 0; i < 2u * variant->n_players + 1; i++)
        gui_test_play_first (window);
      total = stern_game_get_n_actions (stern_window_get_game (window));
      g_assert_cmpuint (total, ==, 2u * variant->n_players + 1);
      /* An earlier position is shown: the rest is kept for the replay. */
      stern_window_go_to (window, total - 2);
      stern_game_clock_set_remaining_ms (stern_window_get_clock (window), variant->seats[0], 123456);

      g_assert_true (stern_window_save_to_file (window, file, &error));
      g_assert_no_error (error);

      other = gui_test_window_new (NULL);
      g_assert_true (stern_window_open_file (other, file));
      g_assert_null (stern_window_get_message (other));

      g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (other)), ==, total - 2);
      g_assert_cmpuint (stern_game_get_n_actions_total (stern_window_get_game (other)), ==, total);
      /* The clock did not run while an earlier position was shown.  The
       * solo puzzle has no clock. */
      if (!variant->solo)
        g_assert_cmpint (stern_game_clock_get_remaining_ms (stern_window_get_clock (other),
                                                            variant->seats[0]), ==, 123456);
      g_assert_cmpint (stern_game_clock_is_enabled (stern_window_get_clock (other)), ==, !variant->solo);
      stern_window_go_to (window, total);
      stern_window_go_to (other, total);
      before = record_of (window);
      after = record_of (other);
      g_assert_cmpstr (before, ==, after);

      loaded = stern_window_get_setup (other);
      g_assert_true (loaded->variant == variant);
      g_assert_cmpuint (stern_game_setup_count_humans (loaded), ==, variant->n_players);
      g_assert_cmpuint (loaded->clock_reserve_s, ==, variant->solo ? 0 : 600);
      g_assert_cmpuint (loaded->clock_increment_s, ==, variant->solo ? 0 : 5);

      window_free (window);
      window_free (other);
    }

}

/* Each kind of bad file: an error window that names what is wrong (and the
 * line, where there is one), and the game on the board untouched. */
static void
test_bad_files (SaveFixture   *f,
                gconstpointer  data)
{
  static const struct {
    const char *name;
    const char *text;
    gssize      len;
    const char *expect;     /* in the error's text */
  } cases[] = {
    { "empty", "", 0, "empty" },
    { "binary", "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff\xfe", 18, "not a text file" },
    /* Latin-1 is read as such: the byte is the letter é, not a move. */
    { "latin1", "[Variant \"classic-2\"]\n1. l4-l5 \xe9\n", -1, "\"\xc3\xa9\" is not a move" },
    { "utf16", "\xff\xfe[\0V\0", 6, "UTF-16" },
    { "truncated", "[Variant \"classic-2\"]\n[Preset \"table\"]\n\n1. l4-l5 e14-e13\n2. m3-", -1, "Line 5" },
    { "truncated-tag", "[Variant \"classic-2\"]\n[Preset \"tab", -1, "Line 2" },
    { "wrong-variant", "[Variant \"classic-9\"]\n\n1. l3-l4\n", -1, "unknown variant" },
    { "illegal-move", "[Variant \"classic-2\"]\n\n1. l4-l5 e14-e13\n2. m1-i9\n", -1, "Line 4" },
    { "not-a-record", "Dear diary,\ntoday I played marbles.\n", -1, "Line 1" },
    { "bad-seats", "[Variant \"classic-2\"]\n[Seats \"human robot\"]\n\n1. l4-l5\n", -1, "Line 2" },
    { "bad-clock", "[Variant \"classic-2\"]\n[Clock \"300000 x\"]\n\n1. l4-l5\n", -1, "Line 2" },
    { "bad-ply", "[Variant \"classic-2\"]\n[Ply \"x7\"]\n\n1. l4-l5\n", -1, "Line 2" },
    { "lower-case-tag", "[variant \"classic-2\"]\n\n1. l4-l5\n", -1, "did you mean Variant?" },
    { "second-variant", "[Variant \"classic-2\"]\n[Variant \"classic-3\"]\n", -1, "first is on line 1" },
    { "resign-blue", "[Variant \"classic-2\"]\n\n1. resign(blue)\n", -1, "blue does not play in classic-2" },
  };
  const char *dir = f->dir;
  SternWindow *window;
  SternGameSetup setup;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 300, 3);
  stern_window_new_game (window, &setup);
  gui_test_play_first (window);
  gui_test_play_first (window);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, cases[i].name, NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;
      g_autofree char *before = record_of (window);
      g_autofree char *after = NULL;
      SternGame *game = stern_window_get_game (window);
      GtkWidget *message;
      const char *body;

      g_assert_true (g_file_set_contents (path, cases[i].text, cases[i].len, &error));
      g_assert_false (stern_window_open_file (window, file));

      message = stern_window_get_message (window);
      g_assert_nonnull (message);
      body = stern_alert_dialog_get_body (STERN_ALERT_DIALOG (message));
      g_test_message ("%s: %s", cases[i].name, body);
      g_assert_nonnull (strstr (body, cases[i].expect));
      g_assert_nonnull (strstr (stern_alert_dialog_get_heading (STERN_ALERT_DIALOG (message)),
                                cases[i].name));

      /* The same game object, the same moves, the same players. */
      g_assert_true (stern_window_get_game (window) == game);
      after = record_of (window);
      g_assert_cmpstr (before, ==, after);
      g_assert_cmpuint (stern_window_get_setup (window)->clock_reserve_s, ==, 300);

      answer_message (window, TRUE);
    }

  /* Not regular files: an error at once (no hang on a FIFO), saying why;
   * a file name that is not UTF-8 is shown readable. */
  {
    static const char *names[] = { "fifo", "folder", "bad-\xff\xfe-name.sgr" };
    static const char *expect[] = { "FIFO", "folder", "not a game record" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_build_filename (dir, names[i], NULL);
        g_autoptr (GFile) file = g_file_new_for_path (path);
        const char *heading, *body;
        GtkWidget *message;
        gint64 start = g_get_monotonic_time ();

        if (i == 0)
          g_assert_cmpint (mkfifo (path, 0600), ==, 0);
        else if (i == 1)
          g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
        else
          g_assert_true (g_file_set_contents (path, "garbage\n", -1, NULL));
        g_assert_false (stern_window_open_file (window, file));
        g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
        message = stern_window_get_message (window);
        g_assert_nonnull (message);
        heading = stern_alert_dialog_get_heading (STERN_ALERT_DIALOG (message));
        body = stern_alert_dialog_get_body (STERN_ALERT_DIALOG (message));
        g_test_message ("%s / %s", heading, body);
        g_assert_true (g_utf8_validate (heading, -1, NULL));
        g_assert_true (g_utf8_validate (body, -1, NULL));
        g_assert_nonnull (strstr (body, expect[i]));
        if (i == 2)
          g_assert_nonnull (strstr (heading, "bad-"));
        answer_message (window, TRUE);
      }
  }

  /* And the window still plays. */
  gui_test_play_first (window);
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 3);

  window_free (window);
}

/* Condition on a window: an opened game has been shown, so the window no
 * longer holds the autosave back. */
static gboolean
opened_game_shown (gpointer data)
{
  SternWindow *window = data;

  return !stern_match_get_autosave_held (stern_window_get_match (window)) &&
         window->shown_timeout_id == 0;
}

/* Moves on a tag's line are refused with the line and column; a game
 * opened over one in progress leaves it on disk until it has a move of its
 * own: open, quit, start again, and the game in progress is there. */
static void
test_open_over_game (SaveFixture   *f,
                     gconstpointer  data)
{
  g_autofree char *tag_line = g_build_filename (f->dir, "tag-line.sgr", NULL);
  g_autofree char *empty = g_build_filename (f->dir, "empty-game.sgr", NULL);
  g_autofree char *data_dir = g_build_filename (f->dir, "data", NULL);
  g_autoptr (GFile) tag_file = g_file_new_for_path (tag_line);
  g_autoptr (GFile) empty_file = g_file_new_for_path (empty);
  g_autofree char *before = NULL, *after = NULL;
  SternWindow *window, *again;
  SternGameSetup setup;
  const char *body;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_assert_true (g_file_set_contents (tag_line, "[Variant \"classic-2\"] 1. m3-k5 f15-f13\n", -1,
                                      NULL));
  g_assert_true (g_file_set_contents (empty, "[Variant \"classic-2\"]\n", -1, NULL));

  window = gui_test_window_new (data_dir);
  session_test_setup (&setup, "classic-3", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  gui_test_play_first (window);
  gui_test_play_first (window);
  before = record_of (window);

  g_assert_false (stern_window_open_file (window, tag_file));
  body = stern_alert_dialog_get_body (STERN_ALERT_DIALOG (stern_window_get_message (window)));
  g_test_message ("%s", body);
  g_assert_nonnull (strstr (body, "Line 1, column 23: text after tag Variant"));
  answer_message (window, TRUE);

  g_assert_true (stern_window_open_file (window, empty_file));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 0);
  g_assert_true (test_wait_until (opened_game_shown, window, 20000));
  /* Quitting asks nothing: nothing is lost. */
  g_assert_false (stern_window_ask_before_closing (window));
  window_free (window);

  again = gui_test_window_new (data_dir);
  g_assert_true (stern_window_offer_resume (again));
  after = record_of (again);
  g_assert_cmpstr (before, ==, after);

  /* A move in the opened game makes it the game on disk. */
  g_assert_true (stern_window_open_file (again, empty_file));
  g_assert_true (test_wait_until (opened_game_shown, again, 20000));
  gui_test_play_first (again);
  window_free (again);
  again = gui_test_window_new (data_dir);
  g_assert_true (stern_window_offer_resume (again));
  g_assert_true (stern_game_get_variant (stern_window_get_game (again)) ==
                 stern_variant_lookup ("classic-2"));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (again)), ==, 1);
  window_free (again);
}

/* Settings naming a preset the variant does not have: the window starts
 * the table rules and says so; the game played comes back at the next
 * start. */
static void
test_settings_bad_preset (SaveFixture   *f,
                          gconstpointer  data)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.sternhalma.Sternhalma");
  g_autofree char *before = NULL, *after = NULL;
  SternWindow *window, *again;
  const char *toast;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_settings_set_string (settings, "variant", "classic-3");
  g_settings_set_string (settings, "preset", "race");
  window = gui_test_window_new (f->dir);
  toast = stern_window_get_last_toast (window);
  g_test_message ("%s", toast);
  g_assert_nonnull (toast);
  g_assert_nonnull (strstr (toast, "Table Rules"));
  g_assert_true (stern_game_get_variant (stern_window_get_game (window)) ==
                 stern_variant_lookup ("classic-3"));
  g_assert_cmpint (stern_game_get_preset (stern_window_get_game (window)), ==, STERN_PRESET_TABLE);
  g_assert_true (test_wait_until (gui_test_not_thinking, window, 20000));
  gui_test_play_first (window);
  g_assert_true (test_wait_until (gui_test_not_thinking, window, 20000));
  before = record_of (window);
  window_free (window);

  again = gui_test_window_new (f->dir);
  g_assert_true (stern_window_offer_resume (again));
  g_assert_null (stern_window_get_message (again));
  after = record_of (again);
  g_assert_cmpstr (before, ==, after);
  window_free (again);
  g_settings_reset (settings, "variant");
  g_settings_reset (settings, "preset");
}

/* After every move the game is on disk; the next start offers it and
 * goes on exactly there; the end of the game removes it. */
static void
test_autosave_resume (SaveFixture   *f,
                      gconstpointer  data)
{
  const char *dir = f->dir;
  g_autofree char *path = NULL;
  g_autofree char *before = NULL, *after = NULL;
  SternWindow *window, *again;
  const SternGameSetup *loaded;
  SternGameSetup setup;
  gint64 left;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  path = stern_autosave_get_path (dir);

  window = gui_test_window_new (dir);
  g_assert_false (stern_window_offer_resume (window));
  session_test_setup (&setup, "classic-3", STERN_PRESET_TABLE, "hcchch", 300, 3);
  setup.level[2] = STERN_LEVEL_MEDIUM;
  stern_window_new_game (window, &setup);
  /* A new game not yet begun is nothing to continue. */
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  gui_test_play_first (window);
  g_assert_true (test_wait_until (white_to_move, window, 20000));
  g_assert_cmpuint (stern_game_get_turn (stern_window_get_game (window)), ==, STERN_WHITE);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  /* A kill -9 now: the file is what the next start sees. */
  before = record_of (window);
  left = stern_game_clock_get_remaining_ms (stern_window_get_clock (window), STERN_BLUE);
  g_assert_cmpint (left, <=, 303000);

  /* No question: the game is simply there, with a toast offering a new one. */
  again = gui_test_window_new (dir);
  g_assert_true (stern_window_offer_resume (again));
  g_assert_null (stern_window_get_message (again));
  g_assert_cmpstr (stern_window_get_last_toast (again), ==, "Unfinished game continued");

  after = record_of (again);
  g_assert_cmpstr (before, ==, after);
  loaded = stern_window_get_setup (again);
  g_assert_true (loaded->variant == setup.variant);
  g_assert_false (loaded->computer[STERN_WHITE]);
  g_assert_true (loaded->computer[STERN_BLUE]);
  g_assert_true (loaded->computer[STERN_YELLOW]);
  g_assert_cmpint (loaded->level[STERN_BLUE], ==, STERN_LEVEL_MEDIUM);
  g_assert_cmpuint (loaded->clock_reserve_s, ==, 300);
  g_assert_cmpint (ABS (stern_game_clock_get_remaining_ms (stern_window_get_clock (again), STERN_BLUE) - left),
                   <, 200);
  window_free (window);

  /* Resigning ends the game: nothing is left to continue. */
  gtk_widget_activate_action (GTK_WIDGET (again), "win.resign", NULL);
  answer_message (again, TRUE);
  g_assert_true (stern_game_is_over (stern_window_get_game (again)));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  window_free (again);

}

/* Open and Save start in the documents folder (or home), then where the
 * last file was chosen; never merely where the game was started. */
static void
test_initial_folder (void)
{
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autofree char *dir = temp_dir_new ("stern-folder-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "game.sgr", NULL);
  g_autoptr (GFile) first = stern_file_dialog_get_initial_folder ();
  g_autoptr (GFile) chosen = g_file_new_for_path (path);
  g_autoptr (GFile) then = NULL;
  g_autofree char *first_path = g_file_get_path (first);
  g_autofree char *then_path = NULL;

  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    g_assert_cmpstr (first_path, ==, documents);
  else
    g_assert_cmpstr (first_path, ==, g_get_home_dir ());

  stern_file_dialog_remember (chosen);
  then = stern_file_dialog_get_initial_folder ();
  then_path = g_file_get_path (then);
  g_assert_cmpstr (then_path, ==, dir);
  temp_dir_remove (dir);
}

/* "New Game" gives the saved game up; the toast's Undo brings it back. */
static void
test_autosave_decline (SaveFixture   *f,
                       gconstpointer  data)
{
  const char *dir = f->dir;
  g_autofree char *path = NULL;
  g_autofree char *before = NULL, *after = NULL;
  SternWindow *window, *again;
  SternGameSetup setup;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  path = stern_autosave_get_path (dir);
  window = gui_test_window_new (dir);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  gui_test_play_first (window);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  window_free (window);

  again = gui_test_window_new (dir);
  g_assert_true (stern_window_offer_resume (again));
  before = record_of (again);
  g_assert_cmpuint (stern_game_get_n_actions_total (stern_window_get_game (again)), ==, 1);
  /* The new game (as the New Game dialog starts it) gives it up, though
   * it stays on disk until the new game has a move... */
  start_from_dialog (again, &setup);
  g_assert_cmpuint (stern_game_get_n_actions_total (stern_window_get_game (again)), ==, 0);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (stern_window_get_last_toast (again), ==, "New game started");
  /* ...and the toast's Undo brings it back. */
  gtk_widget_activate_action (GTK_WIDGET (again), "win.restore-game", NULL);
  after = record_of (again);
  g_assert_cmpstr (before, ==, after);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  window_free (again);

}

/* The damaged copies kept aside in dir. */
static GPtrArray *
damaged_copies (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "current-game.sgr.damaged-"))
      g_ptr_array_add (names, g_build_filename (dir, name, NULL));
  return names;
}

static void
remove_damaged_copies (const char *dir)
{
  g_autoptr (GPtrArray) names = damaged_copies (dir);

  for (guint i = 0; i < names->len; i++)
    g_assert_cmpint (g_unlink (g_ptr_array_index (names, i)), ==, 0);
}

/* A save cut off or damaged: the window says so (with the line when the
 * record is wrong), the damaged file is kept aside byte for byte before
 * anything can overwrite it, the moves before the damage are offered, and
 * the window plays on. */
static void
check_damaged (const char *dir,
               const char *contents,
               gssize      len,
               const char *expected,   /* in the banner */
               int         moves_kept) /* -1: either */
{
  g_autofree char *path = stern_autosave_get_path (dir);
  g_autoptr (GPtrArray) copies = NULL;
  g_autofree char *copy = NULL;
  gsize copy_len;
  SternSaveBanner *banner;
  SternWindow *again;
  gboolean offered;

  if (len < 0)
    len = (gssize) strlen (contents);
  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  again = gui_test_window_new (dir);
  offered = stern_window_offer_resume (again);
  if (moves_kept >= 0)
    g_assert_cmpint (offered, ==, moves_kept);
  banner = gui_test_find_banner (GTK_WIDGET (again));
  g_assert_nonnull (banner);
  g_assert_true (stern_save_banner_is_shown (banner));
  g_assert_nonnull (strstr (stern_save_banner_get_text (banner),
                            "The saved game could not be read"));
  g_assert_nonnull (strstr (stern_save_banner_get_text (banner), expected));

  copies = damaged_copies (dir);
  g_assert_cmpuint (copies->len, ==, 1);
  g_assert_true (g_file_get_contents (g_ptr_array_index (copies, 0), &copy, &copy_len, NULL));
  g_assert_cmpmem (copy, copy_len, contents, (gsize) len);
  g_assert_nonnull (strstr (stern_save_banner_get_text (banner),
                            strrchr (g_ptr_array_index (copies, 0), '/') + 1));

  if (offered)
    {
      guint n;

      /* Continued at once, as any unfinished game (no question). */
      g_assert_null (stern_window_get_message (again));
      n = stern_game_get_n_actions (stern_window_get_game (again));
      g_assert_cmpuint (n, >, 0);
      gui_test_play_first (again);
      g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (again)), ==, n + 1);
    }
  else
    {
      g_assert_null (stern_window_get_message (again));
      gui_test_play_first (again);
      g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (again)), ==, 1);
    }
  /* The new save did not touch the damaged one. */
  g_clear_pointer (&copy, g_free);
  g_assert_true (g_file_get_contents (g_ptr_array_index (copies, 0), &copy, &copy_len, NULL));
  g_assert_cmpmem (copy, copy_len, contents, (gsize) len);
  window_free (again);
  remove_damaged_copies (dir);
}

static void
test_autosave_damaged (SaveFixture   *f,
                       gconstpointer  data)
{
  const char *dir = f->dir;
  g_autofree char *path = NULL;
  g_autofree char *good = NULL;
  SternWindow *window;
  SternGameSetup setup;
  const char *moves, *round2;
  gsize len;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  path = stern_autosave_get_path (dir);
  window = gui_test_window_new (dir);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  for (guint i = 0; i < 6; i++)
    gui_test_play_first (window);
  window_free (window);
  g_assert_true (g_file_get_contents (path, &good, &len, NULL));
  moves = strstr (good, "\n1. ");
  round2 = strstr (good, "\n2. ");
  g_assert_nonnull (moves);
  g_assert_nonnull (round2);

  /* Cut at every tenth byte, and the end mark alone removed: no moves
   * before the first round, the moves before the cut after the second
   * begins (in the first round, a cut in the middle of a move may leave
   * one). */
  for (gsize cut = MAX (len / 10, 1); cut < len; cut += MAX (len / 10, 1))
    check_damaged (dir, good, (gssize) cut, "cut off",
                   cut <= (gsize) (moves - good) ? FALSE :
                   cut > (gsize) (round2 - good) + 1 ? TRUE : -1);
  check_damaged (dir, good, (gssize) len - 6, "cut off", TRUE);

  /* Garbage with the end mark: the record's own error, with the line. */
  check_damaged (dir, "[Variant \"classic-2\"]\n1. zz9\n; end\n", -1, "line 2", FALSE);

  /* Binary. */
  check_damaged (dir, "\0\1\2\3\xff; end\n", 10, "not a text file", FALSE);

}

/* First, back, forward, last, a move of the list; playing from an earlier
 * position drops the moves after it; the computer waits in a replay. */
static void
test_replay (void)
{
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;
  guint from, to;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);
  for (guint i = 0; i < 6; i++)
    gui_test_play_first (window);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 6);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);
  g_assert_nonnull (strstr (stern_window_get_status (window), "Move 0 of 6"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-forward", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-forward", NULL);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-back", NULL);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-last", NULL);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 6);
  g_assert_null (strstr (stern_window_get_status (window), "Move "));
  stern_window_go_to (window, 4);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 4);
  g_assert_cmpuint (stern_game_get_n_actions_total (game), ==, 6);

  /* A different move from here: the old moves after it are gone. */
  {
    g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);
    const SternAction *next = stern_game_get_action (game, 4);
    size_t n = stern_game_legal_moves (game, moves);

    from = to = STERN_NO_CELL;
    for (size_t i = 0; i < n; i++)
      if (!(moves[i].flags & STERN_MOVE_FATAL) &&
          (moves[i].from != next->path[0] || moves[i].to != next->path[next->path_len - 1]))
        {
          from = moves[i].from;
          to = moves[i].to;
          break;
        }
    g_assert_cmpuint (from, !=, STERN_NO_CELL);
  }
  g_signal_emit_by_name (stern_window_get_board (window), "move-chosen", from, to);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 5);
  g_assert_cmpuint (stern_game_get_n_actions_total (game), ==, 5);
  window_free (window);

  /* Against the computer: shown a position where it is on turn, it waits. */
  window = gui_test_window_new (NULL);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);
  gui_test_play_first (window);
  g_assert_true (test_wait_until (gui_test_not_thinking, window, 20000));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-back", NULL);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
  /* The computer must not start in the replay: nothing may happen here. */
  test_spin (200);
  g_assert_false (stern_window_is_thinking (window));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  g_assert_cmpuint (stern_game_get_n_actions_total (game), ==, 2);
  window_free (window);
}

/* The move list's buttons, in the window's widget tree, in order. */
static void
collect_moves (GtkWidget *widget,
               GPtrArray *found)
{
  if (gtk_widget_has_css_class (widget, "move"))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_moves (child, found);
}

static void
test_replay_click (void)
{
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
  g_autofree char *path = NULL;
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;
  GtkWidget *button = NULL, *list;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);
  for (guint i = 0; i < 4; i++)
    gui_test_play_first (window);

  list = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), STERN_TYPE_WINDOW,
                                                    "move_list"));
  g_assert_nonnull (list);
  GUI_TEST_WAIT_FOR (stern_move_list_get_cell (STERN_MOVE_LIST (list), 3) != NULL, 5000);
  collect_moves (list, buttons);
  g_assert_cmpuint (buttons->len, ==, 4);

  /* The second move (black's first), as the list shows it. */
  {
    const SternAction *action = stern_game_get_action (game, 1);

    path = stern_notation_format_path (action->path, action->path_len);
  }
  for (guint i = 0; i < buttons->len; i++)
    {
      /* The row's button: the round, the dot, the path. */
      GtkWidget *label = gtk_widget_get_last_child (gtk_button_get_child (buttons->pdata[i]));

      if (GTK_IS_LABEL (label) && g_str_equal (gtk_label_get_label (GTK_LABEL (label)), path))
        button = buttons->pdata[i];
    }
  g_assert_nonnull (button);
  g_assert_true (button == stern_move_list_get_cell (STERN_MOVE_LIST (list), 1));
  /* In black's column, in the first round's row. */
  g_assert_true (gtk_widget_is_visible (button));
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_cmpuint (stern_game_get_n_actions_total (game), ==, 4);
  /* The move shown is marked, the later ones greyed. */
  g_assert_true (gtk_widget_has_css_class (button, "current"));
  g_assert_true (gtk_widget_has_css_class (buttons->pdata[2], "future") ||
                 gtk_widget_has_css_class (buttons->pdata[3], "future"));
  g_assert_false (gtk_widget_has_css_class (stern_move_list_get_cell (STERN_MOVE_LIST (list), 0),
                                            "future"));

  /* The first move: back to the position after it. */
  g_signal_emit_by_name (stern_move_list_get_cell (STERN_MOVE_LIST (list), 0), "clicked");
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  /* Enter on a row of the list does the same. */
  g_assert_true (gtk_widget_activate_action (stern_move_list_get_cell (STERN_MOVE_LIST (list), 2),
                                             "list.activate-item", "u", 2));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 3);
  g_assert_true (gtk_widget_activate_action (stern_move_list_get_cell (STERN_MOVE_LIST (list), 0),
                                             "list.activate-item", "u", 0));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);

  window_free (window);
}

/* The clock runs for the player on turn only and gives the increment. */
static void
test_clock_runs (void)
{
  SternWindow *window;
  SternGameClock *clock;
  SternGameSetup setup;
  gint64 white, black;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 300, 3);
  stern_window_new_game (window, &setup);
  clock = stern_window_get_clock (window);
  g_assert_true (stern_game_clock_is_enabled (clock));

  GUI_TEST_WAIT_FOR (stern_game_clock_get_remaining_ms (clock, STERN_WHITE) < 300000 - 200, 5000);
  white = stern_game_clock_get_remaining_ms (clock, STERN_WHITE);
  black = stern_game_clock_get_remaining_ms (clock, STERN_BLACK);
  g_assert_cmpint (white, <, 300000 - 200);
  g_assert_cmpint (black, ==, 300000);
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_WHITE);

  gui_test_play_first (window);
  g_assert_cmpint (stern_game_clock_get_remaining_ms (clock, STERN_WHITE), >, white + 2500);
  GUI_TEST_WAIT_FOR (stern_game_clock_get_remaining_ms (clock, STERN_BLACK) < 300000, 5000);

  /* Hidden: the time stands still. */
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  GUI_TEST_WAIT_FOR (stern_game_clock_get_running (clock) == STERN_NO_SEAT, 5000);
  black = stern_game_clock_get_remaining_ms (clock, STERN_BLACK);
  /* Nothing may happen here: a shorter wait only makes this weaker. */
  test_spin (300);
  g_assert_cmpint (stern_game_clock_get_remaining_ms (clock, STERN_BLACK), ==, black);
  gtk_widget_set_visible (GTK_WIDGET (window), TRUE);
  g_assert_true (test_wait_until (gui_test_is_mapped, window, 5000));
  GUI_TEST_WAIT_FOR (stern_game_clock_get_remaining_ms (clock, STERN_BLACK) < black, 5000);

  window_free (window);
}

/* Running out of time: a loss with two players; with four, the end of
 * the game for everyone, the player out of time last. */
static void
test_clock_timeout (gconstpointer data)
{
  const char *variant = data;
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  session_test_setup (&setup, variant, STERN_PRESET_TABLE, "hhhhhh", 300, 3);
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);
  gui_test_play_first (window);
  g_assert_cmpuint (stern_game_get_turn (game), !=, STERN_WHITE);
  for (guint i = 1; i < setup.variant->n_players; i++)
    gui_test_play_first (window);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);

  stern_game_clock_set_remaining_ms (stern_window_get_clock (window), STERN_WHITE, 150);
  g_assert_true (test_wait_until (gui_test_game_over, window, 3000));

  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_TIMEOUT);
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_RESIGNED);
  g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, setup.variant->n_players);
  for (guint i = 1; i < setup.variant->n_players; i++)
    {
      guint place = stern_game_get_place (game, setup.variant->seats[i]);

      g_assert_cmpuint (place, >=, 1);
      g_assert_cmpuint (place, <, setup.variant->n_players);
    }
  g_assert_nonnull (strstr (stern_window_get_status (window), "Game over"));
  g_test_message ("%s", stern_window_get_status (window));
  window_free (window);
}

/* The computer keeps to its own clock. */
static void
test_clock_computer (void)
{
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 300, 3);
  setup.level[STERN_BLACK] = STERN_LEVEL_EXPERT;
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);

  /* Two seconds for the rest of its game, one more each move. */
  stern_game_clock_set_remaining_ms (stern_window_get_clock (window), STERN_BLACK, 2000);
  for (guint i = 0; i < 3; i++)
    {
      gui_test_play_first (window);
      g_assert_true (test_wait_until (gui_test_not_thinking, window, 10000));
      g_assert_false (stern_game_is_over (game));
      g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);
    }
  g_assert_cmpint (stern_game_clock_get_remaining_ms (stern_window_get_clock (window), STERN_BLACK),
                   >, 0);
  window_free (window);
}

/* Resigning asks first; then it is a loss with two players, and with four
 * the end of the game with the resigner last. */
static void
test_resign (gconstpointer data)
{
  const char *variant = data;
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;
  guint n;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  session_test_setup (&setup, variant, STERN_PRESET_TABLE, "hcccccc", 0, 0);
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);
  n = setup.variant->n_players;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL);
  answer_message (window, FALSE);
  g_assert_false (stern_game_is_over (game));

  gui_test_play_first (window);
  g_assert_true (test_wait_until (gui_test_not_thinking, window, 20000));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL);
  g_test_message ("%s", stern_alert_dialog_get_body (STERN_ALERT_DIALOG (stern_window_get_message (window))));
  answer_message (window, TRUE);

  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_RESIGNATION);
  g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, n);
  for (guint i = 1; i < n; i++)
    g_assert_cmpuint (stern_game_get_place (game, setup.variant->seats[i]), <, n);
  window_free (window);
}

/* Club rules: the computer takes over the resigned seat and the game goes
 * on; the player is last. */
static void
test_resign_club (void)
{
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  session_test_setup (&setup, "classic-4", STERN_PRESET_TABLE, "hcccccc", 0, 0);
  setup.preset = STERN_PRESET_CLUB;
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL);
  answer_message (window, TRUE);
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_RESIGNED);
  g_assert_true (stern_window_get_setup (window)->computer[STERN_WHITE]);

  /* The computers go on, white's seat among them. */
  g_assert_true (test_wait_until (white_moved, window, 20000));
  g_assert_false (stern_game_is_over (game));
  window_free (window);
}

static GtkWidget *
find_label (GtkWidget  *widget,
            const char *prefix)
{
  if (GTK_IS_LABEL (widget) &&
      g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, prefix);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
game_over_shown (gpointer window)
{
  return stern_window_get_game_over_window (window) != NULL;
}

static const char *
game_over_rating (SternWindow *window)
{
  g_assert_true (test_wait_until (game_over_shown, window, 10000));
  return stern_game_over_window_get_rating (STERN_GAME_OVER_WINDOW (stern_window_get_game_over_window (window)));
}

static void
close_game_over (SternWindow *window)
{
  stern_compat_dialog_force_close (stern_window_get_game_over_window (window));
}

/* One rule for help in a rated game: said in New Game, a hint, an undo
 * or the analysis board makes it unrated (a toast says so), and its end
 * then changes no rating; a rated game's end shows the change. */
static void
test_rating_help (SaveFixture   *f,
                  gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "ratings.ini", NULL);
  g_autofree char *save = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (SternRatings) ratings = NULL;
  static const char *const helps[] = { "win.hint", "win.undo", "win.analysis" };
  SternWindow *window;
  SternGameSetup setup;
  SternGameSetup saved;
  SternClock clock;
  GtkWidget *dialog, *note;
  double after;
  guint won, drawn, lost;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (f->dir);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  setup.level[STERN_BLACK] = STERN_LEVEL_HARD;

  /* Said before the game. */
  dialog = stern_new_game_dialog_new (GTK_WINDOW (window), NULL);
  stern_new_game_dialog_set_setup (STERN_NEW_GAME_DIALOG (dialog), &setup);
  note = find_label (gui_test_dialog_content (dialog), "Rated game: a hint, an undo or the analysis board makes it unrated");
  g_assert_nonnull (note);
  g_assert_true (gtk_widget_get_visible (note));
  setup.computer[STERN_BLACK] = FALSE;
  stern_new_game_dialog_set_setup (STERN_NEW_GAME_DIALOG (dialog), &setup);
  g_assert_false (gtk_widget_get_visible (note));
  setup.computer[STERN_BLACK] = TRUE;
  stern_compat_dialog_force_close (dialog);

  /* Rated: the end shows the change. */
  stern_window_new_game (window, &setup);
  g_assert_true (stern_match_is_rated (stern_window_get_match (window)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL);
  answer_message (window, TRUE);
  after = stern_rating_elo_update (STERN_RATING_INITIAL, STERN_LEVEL_RATING_HARD, 0.0);
  expected = g_strdup_printf ("Rating %d → %d (%+d)", (int) lround (STERN_RATING_INITIAL),
                              (int) lround (after),
                              (int) lround (after) - (int) lround (STERN_RATING_INITIAL));
  g_assert_cmpstr (game_over_rating (window), ==, expected);
  close_game_over (window);

  for (guint i = 0; i < G_N_ELEMENTS (helps); i++)
    {
      g_test_message ("help: %s", helps[i]);
      stern_window_new_game (window, &setup);
      g_assert_true (stern_match_is_rated (stern_window_get_match (window)));
      if (g_str_equal (helps[i], "win.undo"))
        {
          gui_test_play_first (window);
          g_assert_true (test_wait_until ((TestCondition) stern_match_human_to_play,
                                          stern_window_get_match (window), 20000));
        }
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), helps[i], NULL));
      g_assert_false (stern_match_is_rated (stern_window_get_match (window)));
      g_assert_true (stern_window_get_setup (window)->unrated);

      /* Kept with the game. */
      g_clear_pointer (&save, g_free);
      save = stern_match_write (stern_window_get_match (window));
      g_assert_nonnull (strstr (save, "[Rated \"no\"]"));
      stern_game_free (stern_saved_game_read (save, &saved, &clock, NULL));
      g_assert_true (saved.unrated);

      if (g_str_equal (helps[i], "win.analysis"))
        gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL);
      answer_message (window, TRUE);
      g_assert_cmpstr (game_over_rating (window), ==,
                       "Not rated: you used a hint, an undo or the analysis");
      close_game_over (window);
    }

  /* The results count the lost games; the rating only the first. */
  ratings = stern_ratings_load (path, NULL);
  g_assert_cmpuint (stern_ratings_get_n_rated (ratings), ==, 1);
  g_assert_cmpfloat_with_epsilon (stern_ratings_get_rating (ratings), after, 1e-6);
  stern_ratings_get_results (ratings, "classic-2", &won, &drawn, &lost);
  g_assert_cmpuint (lost, ==, 1 + G_N_ELEMENTS (helps));

  /* A new game is rated again. */
  stern_window_new_game (window, &setup);
  g_assert_true (stern_match_is_rated (stern_window_get_match (window)));
  window_free (window);
}

/* The rating after games against the computer. */
static void
test_rating (SaveFixture   *f,
             gconstpointer  data)
{
  const char *dir = f->dir;
  g_autofree char *path = NULL;
  g_autoptr (SternRatings) ratings = NULL;
  SternWindow *window;
  SternGameSetup setup;
  GtkWidget *statistics;
  double expected;
  guint won, drawn, lost;
  char text[32];

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  path = g_build_filename (dir, "ratings.ini", NULL);
  window = gui_test_window_new (dir);

  /* Two players against Hard: Elo against its fixed rating. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  setup.level[STERN_BLACK] = STERN_LEVEL_HARD;
  stern_window_new_game (window, &setup);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL);
  answer_message (window, TRUE);

  ratings = stern_ratings_load (path, NULL);
  expected = stern_rating_elo_update (STERN_RATING_INITIAL, STERN_LEVEL_RATING_HARD, 0.0);
  g_assert_cmpfloat_with_epsilon (stern_ratings_get_rating (ratings), expected, 1e-6);
  stern_ratings_get_results (ratings, "classic-2", &won, &drawn, &lost);
  g_assert_cmpuint (won + drawn, ==, 0);
  g_assert_cmpuint (lost, ==, 1);
  g_clear_pointer (&ratings, stern_ratings_free);

  /* Undo and the same end again: counted once. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-back", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-last", NULL);
  ratings = stern_ratings_load (path, NULL);
  g_assert_cmpuint (stern_ratings_get_n_rated (ratings), ==, 1);
  g_clear_pointer (&ratings, stern_ratings_free);

  /* Four players: by places, each computer one pair. */
  session_test_setup (&setup, "classic-4", STERN_PRESET_TABLE, "hcccccc", 0, 0);
  setup.level[STERN_RED] = STERN_LEVEL_EASY;
  setup.level[STERN_BLACK] = STERN_LEVEL_MEDIUM;
  setup.level[STERN_YELLOW] = STERN_LEVEL_EXPERT;
  stern_window_new_game (window, &setup);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL);
  answer_message (window, TRUE);
  {
    const SternGame *game = stern_window_get_game (window);
    double opp[3] = { STERN_LEVEL_RATING_EASY, STERN_LEVEL_RATING_MEDIUM, STERN_LEVEL_RATING_EXPERT };
    unsigned places[3] = {
      stern_game_get_place (game, STERN_RED),
      stern_game_get_place (game, STERN_BLACK),
      stern_game_get_place (game, STERN_YELLOW),
    };

    expected = stern_rating_places_update (expected, 4, 3, opp, places);
  }
  ratings = stern_ratings_load (path, NULL);
  g_assert_cmpfloat_with_epsilon (stern_ratings_get_rating (ratings), expected, 1e-6);
  g_assert_cmpuint (stern_ratings_get_n_rated (ratings), ==, 2);
  g_clear_pointer (&ratings, stern_ratings_free);

  /* Teams: counted as lost, not rated. */
  session_test_setup (&setup, "pairs-4", STERN_PRESET_TABLE, "hcccccc", 0, 0);
  stern_window_new_game (window, &setup);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL);
  answer_message (window, TRUE);
  ratings = stern_ratings_load (path, NULL);
  g_assert_cmpfloat_with_epsilon (stern_ratings_get_rating (ratings), expected, 1e-6);
  stern_ratings_get_results (ratings, "pairs-4", &won, &drawn, &lost);
  g_assert_cmpuint (lost, ==, 1);

  /* Hot-seat: not counted at all. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL);
  answer_message (window, TRUE);
  g_clear_pointer (&ratings, stern_ratings_free);
  ratings = stern_ratings_load (path, NULL);
  stern_ratings_get_results (ratings, "classic-2", &won, &drawn, &lost);
  g_assert_cmpuint (lost, ==, 1);

  /* The Statistics window shows it. */
  statistics = stern_statistics_window_new (path);
  g_snprintf (text, sizeof text, "%.0f", expected);
  g_assert_cmpstr (stern_statistics_window_get_rating_text (STERN_STATISTICS_WINDOW (statistics)), ==, text);
  stern_compat_dialog_present (statistics, GTK_WINDOW (window), TRUE);
  g_assert_true (test_wait_until (gui_test_is_mapped, statistics, 5000));
  stern_compat_dialog_force_close (statistics);

  window_free (window);
}

/* A damaged ratings file: Statistics shows what could be read and says
 * the rest could not be (it showed "1200, no games" without a word). */
static void
test_statistics_damaged (SaveFixture   *f,
                         gconstpointer  data)
{
  const char *dir = f->dir;
  g_autofree char *path = NULL;
  GtkWidget *statistics;
  const char *notice;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  path = g_build_filename (dir, "ratings.ini", NULL);
  g_assert_true (g_file_set_contents (path,
                                      "[Rating]\nrating=1612.5\ngarbage line\n"
                                      "history=1200.0;1612.5;\n", -1, NULL));
  statistics = stern_statistics_window_new (path);
  notice = stern_statistics_window_get_notice_text (STERN_STATISTICS_WINDOW (statistics));
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, "line 3"));
  g_assert_cmpstr (stern_statistics_window_get_rating_text (STERN_STATISTICS_WINDOW (statistics)),
                   ==, "1612");
  stern_compat_dialog_force_close (statistics);

  /* A good file: no notice. */
  g_assert_true (g_file_set_contents (path, "[Rating]\nrating=1300\n", -1, NULL));
  statistics = stern_statistics_window_new (path);
  g_assert_null (stern_statistics_window_get_notice_text (STERN_STATISTICS_WINDOW (statistics)));
  stern_compat_dialog_force_close (statistics);

}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  gui_test_init ();

  g_test_add ("/save/round-trip", SaveFixture, NULL, save_fixture_set_up, test_round_trip,
              save_fixture_tear_down);
  g_test_add_func ("/save/initial-folder", test_initial_folder);
  g_test_add ("/save/bad-files", SaveFixture, NULL, save_fixture_set_up, test_bad_files,
              save_fixture_tear_down);
  g_test_add ("/save/open-over-game", SaveFixture, NULL, save_fixture_set_up, test_open_over_game,
              save_fixture_tear_down);
  g_test_add ("/save/settings-bad-preset", SaveFixture, NULL, save_fixture_set_up,
              test_settings_bad_preset, save_fixture_tear_down);
  g_test_add ("/save/autosave-resume", SaveFixture, NULL, save_fixture_set_up, test_autosave_resume,
              save_fixture_tear_down);
  g_test_add ("/save/autosave-decline", SaveFixture, NULL, save_fixture_set_up, test_autosave_decline,
              save_fixture_tear_down);
  g_test_add ("/save/autosave-damaged", SaveFixture, NULL, save_fixture_set_up, test_autosave_damaged,
              save_fixture_tear_down);
  g_test_add ("/save/statistics-damaged", SaveFixture, NULL, save_fixture_set_up, test_statistics_damaged,
              save_fixture_tear_down);
  g_test_add_func ("/save/replay", test_replay);
  g_test_add_func ("/save/replay-click", test_replay_click);
  g_test_add_func ("/save/clock-runs", test_clock_runs);
  g_test_add_data_func ("/save/clock-timeout-2", "classic-2", test_clock_timeout);
  g_test_add_data_func ("/save/clock-timeout-4", "classic-4", test_clock_timeout);
  g_test_add_func ("/save/clock-computer", test_clock_computer);
  g_test_add_data_func ("/save/resign-2", "classic-2", test_resign);
  g_test_add_data_func ("/save/resign-4", "classic-4", test_resign);
  g_test_add_func ("/save/resign-club", test_resign_club);
  g_test_add ("/save/rating", SaveFixture, NULL, save_fixture_set_up, test_rating,
              save_fixture_tear_down);
  g_test_add ("/save/rating-help", SaveFixture, NULL, save_fixture_set_up, test_rating_help,
              save_fixture_tear_down);

  return g_test_run ();
}
