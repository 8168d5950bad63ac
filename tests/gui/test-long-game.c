/* test-long-game.c: long games and records in the window, under Xvfb.
 *
 * A 4 MiB record (378,050 moves) opens without a crash while the game in
 * progress stays the autosave until the new one has been drawn, and the
 * toast's Undo brings it back; a 100,000-move game opened, a move played,
 * undone and redone: the move list builds rows for what is in view only,
 * keeps the current move in view, and the autosave writes a journal line,
 * not the game.  Records in every line end and encoding open; a file name
 * with markup in it is plain text in the toast.  Another copy of the game
 * on the data folder: the window asks, and the other copy's save stays as
 * it is.  Asserts on work (rows built, bytes written), not on time.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "stern-autosave.h"
#include "stern-match.h"
#include "stern-alert-dialog.h"
#include "stern-move-list.h"
#include "stern-notation.h"
#include "stern-saved-game.h"
#include "stern-window-private.h"

#include "gui-test-util.h"

/* Rows a list in a side panel of a 900-pixel-high window may build: what
 * is in view and GTK's margin around it, nowhere near the moves. */
#define MAX_ROWS_BUILT 400

/* A record of n random moves in dir, as the game writes one. */
static GFile *
write_record (const char *dir,
              const char *name,
              guint       n)
{
  g_autoptr (SternGame) game = session_test_random_game (n, 24);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;
  SternGameSetup setup = { 0 };

  setup.variant = stern_game_get_variant (game);
  setup.preset = STERN_PRESET_RACE;
  text = stern_saved_game_write (game, &setup, NULL, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return g_file_new_for_path (path);
}

static SternMoveList *
move_list_of (SternWindow *window)
{
  return STERN_MOVE_LIST (stern_window_get_move_list_widget (window));
}

static gsize
size_of (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? (gsize) st.st_size : 0;
}

/* Whether the file at path holds text. */
static gboolean
file_has (const char *path,
          const char *text)
{
  g_autofree char *contents = NULL;

  return g_file_get_contents (path, &contents, NULL, NULL) && strstr (contents, text) != NULL;
}

/* The row of the current move is built and inside the list's view. */
static gboolean
current_row_in_view (gpointer data)
{
  SternWindow *window = data;
  GtkWidget *list = stern_window_get_move_list_widget (window);
  guint n = stern_game_get_n_actions (stern_window_get_game (window));
  GtkWidget *row = stern_move_list_get_cell (move_list_of (window), n - 1);
  graphene_rect_t bounds;

  if (row == NULL || !gtk_widget_get_mapped (row) ||
      !gtk_widget_compute_bounds (row, list, &bounds))
    return FALSE;
  return bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (list);
}

static void
test_four_mebibytes (void)
{
  g_autofree char *dir = NULL, *data_dir = NULL, *autosave = NULL;
  g_autofree char *before = NULL, *during = NULL, *after_text = NULL;
  g_autoptr (GFile) file = NULL;
  SternWindow *window;
  SternGameSetup setup;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  dir = temp_dir_new ("stern-long-XXXXXX");
  data_dir = g_build_filename (dir, "data", NULL);
  autosave = stern_autosave_get_path (data_dir);
  file = write_record (dir, "four-mebibytes.sgr", 378050);
  g_assert_cmpuint (size_of (g_file_peek_path (file)), >, 4000000);

  /* A game in progress, on disk. */
  window = gui_test_window_new (data_dir);
  session_test_setup (&setup, "classic-3", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  gui_test_play_first (window);
  gui_test_play_first (window);
  g_assert_true (g_file_get_contents (autosave, &before, NULL, NULL));
  g_assert_nonnull (strstr (before, "classic-3"));

  g_assert_true (stern_window_open_file (window, file));
  /* Not drawn yet: the game in progress is still what is on disk. */
  g_assert_true (g_file_get_contents (autosave, &during, NULL, NULL));
  g_assert_cmpstr (during, ==, before);
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 378050);

  /* Drawn, the list shows its end; the game in progress stays on disk
   * until the opened one has a move. */
  g_assert_true (test_wait_until (current_row_in_view, window, 20000));
  GUI_TEST_WAIT_FOR (!stern_match_get_autosave_held (stern_window_get_match (window)), 20000);
  g_free (during);
  g_assert_true (g_file_get_contents (autosave, &during, NULL, NULL));
  g_assert_cmpstr (during, ==, before);
  g_test_message ("rows built for 378,050 moves: %u",
                  stern_move_list_get_n_rows_built (move_list_of (window)));
  g_assert_cmpuint (stern_move_list_get_n_rows_built (move_list_of (window)), <, MAX_ROWS_BUILT);

  /* The toast's Undo: the game in progress again, and on disk. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restore-game", NULL));
  g_assert_true (stern_game_get_variant (stern_window_get_game (window)) ==
                 stern_variant_lookup ("classic-3"));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 2);
  GUI_TEST_WAIT_FOR (file_has (autosave, "classic-3"), 10000);
  g_assert_true (g_file_get_contents (autosave, &after_text, NULL, NULL));
  g_assert_nonnull (strstr (after_text, "classic-3"));

  gui_test_destroy (window);
  temp_dir_remove (dir);
}

/* A human move at the end of the long game. */
static void
play_on (SternWindow *window)
{
  static SternMove moves[STERN_MAX_MOVES];
  SternGame *game = stern_window_get_game (window);
  size_t n = stern_game_legal_moves (game, moves);

  for (size_t k = 0; k < n; k++)
    {
      gboolean ends;

      g_assert_true (stern_game_play (game, moves[k].from, moves[k].to, NULL));
      ends = stern_game_is_over (game);
      g_assert_true (stern_game_undo (game));
      if (ends)
        continue;
      g_signal_emit_by_name (stern_window_get_board (window), "move-chosen",
                             moves[k].from, moves[k].to);
      return;
    }
  g_assert_not_reached ();
}

/* A record of 4 MiB opened and played on: its autosave comes back at
 * the next start.  A file over the cap says how big it is and opens when
 * asked to. */
static void
test_near_cap (void)
{
  g_autofree char *dir = NULL, *data_dir = NULL;
  g_autoptr (GFile) file = NULL, big = NULL;
  SternWindow *window, *again;
  GtkWidget *message;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  dir = temp_dir_new ("stern-long-XXXXXX");
  data_dir = g_build_filename (dir, "data", NULL);
  file = write_record (dir, "four-mebibytes.sgr", 378050);
  g_assert_cmpuint (size_of (g_file_peek_path (file)), <=, 4u * 1024 * 1024);

  window = gui_test_window_new (data_dir);
  g_assert_true (stern_window_open_file (window, file));
  g_assert_true (test_wait_until (current_row_in_view, window, 20000));
  play_on (window);
  g_assert_null (stern_match_get_save_error (stern_window_get_match (window)));
  gui_test_destroy (window);

  again = gui_test_window_new (data_dir);
  g_assert_true (stern_window_offer_resume (again));
  g_assert_null (stern_window_get_message (again));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (again)), ==, 378051);

  big = write_record (dir, "too-big.sgr", 400000);
  g_assert_false (stern_window_open_file (again, big));
  message = stern_window_get_message (again);
  g_assert_nonnull (message);
  g_test_message ("%s", stern_alert_dialog_get_body (STERN_ALERT_DIALOG (message)));
  g_assert_nonnull (strstr (stern_alert_dialog_get_body (STERN_ALERT_DIALOG (message)),
                            "too big"));
  stern_alert_dialog_respond (STERN_ALERT_DIALOG (message), TRUE);
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (again)), ==, 400000);

  gui_test_destroy (again);
  temp_dir_remove (dir);
}

/* Until the window has drawn a frame: what the test does next comes well
 * before the following frame, where the list lays its new row out. */
static void
wait_for_frame (SternWindow *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  gint64 frame = gdk_frame_clock_get_frame_counter (clock);

  gtk_widget_queue_draw (GTK_WIDGET (window));
  GUI_TEST_WAIT_FOR (gdk_frame_clock_get_frame_counter (clock) > frame, 10000);
}

static void
test_hundred_thousand (void)
{
  g_autofree char *dir = NULL, *data_dir = NULL, *autosave = NULL, *journal = NULL;
  g_autoptr (GFile) file = NULL;
  SternWindow *window;
  guint n, rows;
  gsize base, grown;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  dir = temp_dir_new ("stern-long-XXXXXX");
  data_dir = g_build_filename (dir, "data", NULL);
  autosave = stern_autosave_get_path (data_dir);
  journal = g_strconcat (autosave, ".journal", NULL);
  file = write_record (dir, "hundred-thousand.sgr", 100000);

  window = gui_test_window_new (data_dir);
  g_assert_true (stern_window_open_file (window, file));
  g_assert_true (test_wait_until (current_row_in_view, window, 10000));
  GUI_TEST_WAIT_FOR (size_of (autosave) > 0, 10000);
  base = size_of (autosave);
  grown = size_of (journal);
  n = stern_game_get_n_actions (stern_window_get_game (window));
  g_assert_cmpuint (n, ==, 100000);

  /* A move, an undo, a redo, another move. */
  play_on (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  play_on (window);
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, n + 2);
  g_assert_true (test_wait_until (current_row_in_view, window, 10000));

  rows = stern_move_list_get_n_rows_built (move_list_of (window));
  g_test_message ("rows built: %u; the save %zu bytes, 4 saves added %zu journal bytes",
                  rows, base, size_of (journal) - grown);
  g_assert_cmpuint (rows, <, MAX_ROWS_BUILT);
  /* The save is not written again: a line of a few bytes each time. */
  g_assert_cmpuint (size_of (autosave), ==, base);
  g_assert_cmpuint (size_of (journal) - grown, <, 4 * 64);

  /* Moves played just after a frame: the new row is scrolled into view
   * once the list has laid it out, not from where it was before. */
  for (guint i = 0; i < 3; i++)
    {
      wait_for_frame (window);
      play_on (window);
      g_assert_true (test_wait_until (current_row_in_view, window, 10000));
    }

  /* The start of the game, from the list: the row there is built then. */
  stern_window_go_to (window, 1);
  g_assert_true (test_wait_until (current_row_in_view, window, 10000));
  g_assert_cmpuint (stern_move_list_get_n_rows_built (move_list_of (window)), <, MAX_ROWS_BUILT);

  gui_test_destroy (window);
  temp_dir_remove (dir);
}

/* Every line end, a byte-order mark, Latin-1 (opened, with a remark), and
 * a file name with markup in it. */
static gboolean markup_warned;

static GLogWriterOutput
catch_markup_warnings (GLogLevelFlags   level,
                       const GLogField *fields,
                       gsize            n_fields,
                       gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0 &&
        strstr (fields[i].value, "markup") != NULL)
      markup_warned = TRUE;
  return g_log_writer_default (level, fields, n_fields, user_data);
}

static void
test_encodings (void)
{
  static const struct {
    const char *name;
    const char *text;
    const char *remark;   /* in the message after opening, or NULL: none */
  } cases[] = {
    { "lf.sgr", "[Variant \"classic-2\"]\n[White \"Ada\"]\n\n1. l4-l5 e14-e13\n2. l5-l6\n", NULL },
    { "crlf.sgr", "[Variant \"classic-2\"]\r\n[White \"Ada\"]\r\n\r\n1. l4-l5 e14-e13\r\n2. l5-l6\r\n", NULL },
    { "cr.sgr", "[Variant \"classic-2\"]\r[White \"Ada\"]\r\r1. l4-l5 e14-e13\r2. l5-l6\r", NULL },
    { "bom.sgr", "\xef\xbb\xbf[Variant \"classic-2\"]\n[White \"Ada\"]\n\n1. l4-l5 e14-e13\n2. l5-l6\n", NULL },
    { "latin1.sgr", "[Variant \"classic-2\"]\n[White \"Zo\xeb\"]\n\n1. l4-l5 e14-e13\n2. l5-l6\n",
      "line 2: the text is not UTF-8" },
    { "unknown-tag.sgr", "[Variant \"classic-2\"]\n[Event \"Club\"]\n\n1. l4-l5 e14-e13\n2. l5-l6\n",
      "line 2: unknown tag" },
    { "Ada & <Bob>.sgr", "[Variant \"classic-2\"]\n\n1. l4-l5 e14-e13\n2. l5-l6\n", NULL },
  };
  g_autofree char *dir = NULL;
  SternWindow *window;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  dir = temp_dir_new ("stern-long-XXXXXX");
  window = gui_test_window_new (NULL);
  g_log_set_writer_func (catch_markup_warnings, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, cases[i].name, NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autofree char *toast = g_strdup_printf ("Opened “%s”", cases[i].name);
      GtkWidget *message;

      g_assert_true (g_file_set_contents (path, cases[i].text, -1, NULL));
      g_assert_true (stern_window_open_file (window, file));
      g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 3);
      g_assert_cmpstr (stern_window_get_last_toast (window), ==, toast);
      message = stern_window_get_message (window);
      if (cases[i].remark == NULL)
        g_assert_null (message);
      else
        {
          g_assert_nonnull (message);
          g_test_message ("%s: %s", cases[i].name,
                          stern_alert_dialog_get_body (STERN_ALERT_DIALOG (message)));
          g_assert_nonnull (strstr (stern_alert_dialog_get_body (STERN_ALERT_DIALOG (message)),
                                    cases[i].remark));
          stern_alert_dialog_respond (STERN_ALERT_DIALOG (message), TRUE);
        }
      GUI_TEST_WAIT_FOR (stern_window_get_message (window) == NULL, 5000);
    }
  /* The toast's title is markup: the name with & and < was escaped. */
  g_assert_false (markup_warned);

  gui_test_destroy (window);
  temp_dir_remove (dir);
}

static gboolean
has_message (gpointer window)
{
  return stern_window_get_message (window) != NULL;
}

/* Another copy (another process) has the data folder. */
static void
test_two_copies (void)
{
  g_autofree char *dir = NULL, *path = NULL, *theirs = NULL, *after = NULL;
  SternWindow *window;
  GtkWidget *message;
  int ready[2], done[2];
  pid_t child;
  char byte;
  int status;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  dir = temp_dir_new ("stern-long-XXXXXX");
  path = stern_autosave_get_path (dir);
  {
    /* The other copy's game on disk. */
    g_autoptr (SternGame) game = session_test_random_game (12, 24);
    SternGameSetup setup = { 0 };

    setup.variant = stern_game_get_variant (game);
    setup.preset = STERN_PRESET_RACE;
    g_assert_true (stern_autosave_write (dir, game, &setup, NULL, NULL));
    g_assert_true (g_file_get_contents (path, &theirs, NULL, NULL));
  }

  g_assert_cmpint (pipe (ready), ==, 0);
  g_assert_cmpint (pipe (done), ==, 0);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      byte = stern_autosave_lock (dir, NULL) ? 'y' : 'n';
      if (write (ready[1], &byte, 1) != 1)
        _exit (2);
      close (done[1]);
      while (read (done[0], &byte, 1) > 0)
        ;
      _exit (0);
    }
  close (ready[1]);
  close (done[0]);
  g_assert_cmpint (read (ready[0], &byte, 1), ==, 1);
  g_assert_cmpint (byte, ==, 'y');

  window = gui_test_window_new (dir);
  g_assert_false (stern_window_offer_resume (window));
  g_assert_true (test_wait_until (has_message, window, 5000));
  message = stern_window_get_message (window);
  g_assert_cmpstr (stern_alert_dialog_get_heading (STERN_ALERT_DIALOG (message)), ==,
                   "Sternhalma is already open with this game");
  /* Read-only: the other copy's game is shown, and stays theirs. */
  stern_alert_dialog_respond (STERN_ALERT_DIALOG (message), TRUE);
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 12);
  play_on (window);
  /* The banner says the file is not ours to write; the file is as they
   * left it. */
  GUI_TEST_WAIT_FOR (gtk_widget_get_visible (GTK_WIDGET (gui_test_find_banner (GTK_WIDGET (window)))),
                     10000);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, theirs);

  gui_test_destroy (window);
  close (done[1]);
  close (ready[0]);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  temp_dir_remove (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  gui_test_init ();

  g_test_add_func ("/long-game/four-mebibytes", test_four_mebibytes);
  g_test_add_func ("/long-game/hundred-thousand", test_hundred_thousand);
  g_test_add_func ("/long-game/near-cap", test_near_cap);
  g_test_add_func ("/long-game/encodings", test_encodings);
  g_test_add_func ("/long-game/two-copies", test_two_copies);

  return g_test_run ();
}
