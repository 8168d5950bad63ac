/* test-window.c: the game window's flow, under a real display (Xvfb).
 *
 * New game, a human move through the board's "move-chosen", undo and redo,
 * the computer answering in its worker thread, cancelling it, the fatal-move
 * confirmation, the end of a game, the New Game dialog and the status line.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "stern-computer.h"
#include "stern-game-over-window.h"
#include "stern-alert-dialog.h"
#include "stern-move-list.h"
#include "stern-new-game-dialog.h"
#include "stern-notation.h"
#include "stern-seat-dot.h"
#include "stern-window-private.h"

#include "gui-test-util.h"

static gboolean
game_over_shown (gpointer data)
{
  GtkWidget *over = stern_window_get_game_over_window (data);

  return over != NULL && gtk_widget_get_mapped (GTK_WIDGET (over));
}

static void
choose (SternWindow *window,
        guint        from,
        guint        to)
{
  g_signal_emit_by_name (stern_window_get_board (window), "move-chosen", from, to);
}

static void
test_status (void)
{
  SternWindow *window;
  const char *status;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_game_window_new ("classic-2", "hhhhhh");

  status = stern_window_get_status (window);
  g_test_message ("status: %s", status);
  g_assert_nonnull (strstr (status, "White to move"));
  g_assert_nonnull (strstr (status, "Round 1"));
  /* The countdown only shows in the last moves before the deadline. */
  g_assert_null (strstr (status, "moves left to leave"));
  g_assert_false (stern_window_is_thinking (window));
  g_assert_cmpuint (stern_board_view_get_bottom_seat (stern_window_get_board (window)), ==, STERN_WHITE);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The status line says what to do: stones on the square boards, and where
 * a picked piece may go. */
static void
test_status_pick (void)
{
  SternWindow *window;
  SternGameSetup setup;
  SternBoardView *board;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_game_window_new ("halma-10", "hhhhhh");
  g_assert_nonnull (strstr (stern_window_get_status (window), "Click a stone"));

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  g_assert_nonnull (strstr (stern_window_get_status (window), "Click one of your marbles"));
  board = stern_window_get_board (window);
  stern_board_view_select (board, gui_test_hole ("l3"));
  g_assert_cmpuint (stern_board_view_get_selected (board), ==, gui_test_hole ("l3"));
  g_assert_nonnull (strstr (stern_window_get_status (window), "Click a lit hole"));
  g_assert_null (strstr (stern_window_get_status (window), "Click one of your"));
  g_assert_true (stern_board_view_key (board, GDK_KEY_Escape));
  g_assert_null (strstr (stern_window_get_status (window), "Click a lit hole"));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void on_dialog_start (SternNewGameDialog   *dialog,
                             const SternGameSetup *setup,
                             SternGameSetup       *got);

static gboolean
message_window_open (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);

      if (STERN_IS_ALERT_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return TRUE;
    }
  return FALSE;
}

static gboolean
two_actions (gpointer window)
{
  return stern_game_get_n_actions (stern_window_get_game (window)) >= 2;
}

/* The pause stops the clock and takes no move, the computer's included;
 * a modal window over the game stops the clock too. */
static void
test_pause (void)
{
  SternWindow *window;
  SternGameSetup setup;
  SternGameClock *clock;
  SternNewGameDialog *dialog;
  guint n;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  setup.clock_reserve_s = 300;
  setup.clock_increment_s = 3;
  stern_window_new_game (window, &setup);
  clock = stern_window_get_clock (window);
  g_assert_true (test_wait_until (gui_test_is_mapped, window, 5000));
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_WHITE);

  /* Paused: no clock runs, the board takes no move. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  g_assert_true (stern_window_get_paused (window));
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_NO_SEAT);
  g_assert_nonnull (strstr (stern_window_get_status (window), "Paused — press P to continue"));
  /* The board is hidden, and says how to go on. */
  GUI_TEST_WAIT_FOR (!gtk_widget_get_mapped (GTK_WIDGET (stern_window_get_board (window))) &&
                     gtk_widget_get_mapped (window->continue_button), 5000);
  /* No resignation in a pause: the action is off, no question opens. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL);
  gui_test_flush ();
  g_assert_false (message_window_open ());
  choose (window, gui_test_hole ("l3"), gui_test_hole ("l5"));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 0);

  /* Going on: white moves; the computer's answer waits while paused. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  g_assert_false (stern_window_get_paused (window));
  GUI_TEST_WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (stern_window_get_board (window))) &&
                     !gtk_widget_get_mapped (window->continue_button), 5000);
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_WHITE);
  choose (window, gui_test_hole ("l3"), gui_test_hole ("l5"));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 1);
  stern_window_set_paused (window, TRUE);
  /* Whether the computer has found its move by then or not, none is
   * played while paused. */
  test_spin (500);
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 1);
  stern_window_set_paused (window, FALSE);
  g_assert_true (test_wait_until (two_actions, window, 20000));
  g_assert_true (test_wait_until (gui_test_not_thinking, window, 20000));
  n = stern_game_get_n_actions (stern_window_get_game (window));
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_WHITE);

  /* The New Game dialog, modal over the window, stops the clock. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  dialog = gui_test_find_new_game_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_NO_SEAT);
  stern_compat_dialog_force_close (GTK_WIDGET (dialog));
  GUI_TEST_WAIT_FOR (stern_game_clock_get_running (clock) == STERN_WHITE, 5000);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
on_sound_requested (SternSounds *sounds,
                    guint        sound,
                    GArray      *heard)
{
  g_array_append_val (heard, sound);
}

static gboolean
sound_heard (gpointer data)
{
  GArray *heard = data;

  for (guint i = 0; i < heard->len; i++)
    if (g_array_index (heard, guint, i) == STERN_SOUND_YOUR_TURN)
      return TRUE;
  return FALSE;
}

/* The sound asked for at each event: a step, a jump chain, the human's
 * turn after the computer moved, the end; none when switched off.  The
 * test listens to the requests, so it needs no audio device. */
static void
test_sounds (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GArray) heard = g_array_new (FALSE, FALSE, sizeof (guint));
  SternWindow *window;
  SternGameSetup setup;
  SternSounds *sounds;
  const SternVariant *star = stern_variant_lookup ("classic-2");
  const SternVariant *square = stern_variant_lookup ("halma-8");
  SternAction step = { .kind = STERN_ACTION_MOVE, .path_len = 2 };
  SternAction jump = step;
  SternAction chain = { .kind = STERN_ACTION_MOVE, .path_len = 3 };

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* Steps and jumps by the cells. */
  step.path[0] = gui_test_hole ("l4");
  step.path[1] = gui_test_hole ("l5");
  jump.path[0] = gui_test_hole ("l3");
  jump.path[1] = gui_test_hole ("l5");
  g_assert_cmpint (stern_sounds_for_move (star, &step), ==, STERN_SOUND_STEP);
  g_assert_cmpint (stern_sounds_for_move (star, &jump), ==, STERN_SOUND_JUMP);
  g_assert_cmpint (stern_sounds_for_move (star, &chain), ==, STERN_SOUND_JUMP);
  /* Halma 8×8: b2 (9) to c3 (18) is a diagonal step, to d4 (27) a jump. */
  step.path[0] = 9;
  step.path[1] = 18;
  jump.path[0] = 9;
  jump.path[1] = 27;
  g_assert_cmpint (stern_sounds_for_move (square, &step), ==, STERN_SOUND_STEP);
  g_assert_cmpint (stern_sounds_for_move (square, &jump), ==, STERN_SOUND_JUMP);
  for (SternSound s = STERN_SOUND_STEP; s < STERN_N_SOUNDS; s++)
    {
      g_autofree char *file = stern_sounds_file (s);

      g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
    }

  /* On by default. */
  g_settings_reset (settings, "sounds");
  window = gui_test_window_new (NULL);
  sounds = stern_window_get_sounds (window);
  g_assert_true (stern_sounds_get_enabled (sounds));
  g_signal_connect (sounds, "requested", G_CALLBACK (on_sound_requested), heard);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  setup.level[STERN_BLACK] = STERN_LEVEL_EASY;
  stern_window_new_game (window, &setup);

  /* White's jump: the jump sound; the computer's answer, then white's
   * turn sounds once its move has been drawn. */
  choose (window, gui_test_hole ("l3"), gui_test_hole ("l5"));
  g_assert_cmpuint (heard->len, >=, 1);
  g_assert_cmpuint (g_array_index (heard, guint, 0), ==, STERN_SOUND_JUMP);
  g_assert_true (test_wait_until (sound_heard, heard, 20000));
  g_assert_cmpuint (g_array_index (heard, guint, heard->len - 1), ==, STERN_SOUND_YOUR_TURN);
  g_assert_cmpuint (heard->len, ==, 3);

  /* A step, then the end of the game by resigning. */
  g_array_set_size (heard, 0);
  choose (window, gui_test_hole ("k4"), gui_test_hole ("k5"));
  g_assert_cmpuint (heard->len, >=, 1);
  g_assert_cmpuint (g_array_index (heard, guint, 0), ==, STERN_SOUND_STEP);
  g_assert_true (test_wait_until (sound_heard, heard, 20000));
  g_array_set_size (heard, 0);
  g_assert_true (stern_match_resign (stern_window_get_match (window), STERN_WHITE, NULL));
  g_assert_true (test_wait_until (game_over_shown, window, 5000));
  g_assert_cmpuint (heard->len, ==, 1);
  g_assert_cmpuint (g_array_index (heard, guint, 0), ==, STERN_SOUND_GAME_OVER);
  gtk_window_destroy (GTK_WINDOW (window));

  /* Switched off in the settings: nothing is asked for. */
  g_array_set_size (heard, 0);
  g_settings_set_boolean (settings, "sounds", FALSE);
  window = gui_test_window_new (NULL);
  sounds = stern_window_get_sounds (window);
  g_assert_false (stern_sounds_get_enabled (sounds));
  g_signal_connect (sounds, "requested", G_CALLBACK (on_sound_requested), heard);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  choose (window, gui_test_hole ("l3"), gui_test_hole ("l5"));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 1);
  g_assert_cmpuint (heard->len, ==, 0);
  g_assert_cmpuint (stern_sounds_get_n_requested (sounds), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "sounds");
}

/* A clock that is none of the presets: the dialog's spin buttons, kept
 * in the settings as "minutes+seconds". */
static void
test_custom_clock (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *clock = NULL;
  SternNewGameDialog *dialog;
  SternGameSetup setup, got = { 0 };

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  dialog = STERN_NEW_GAME_DIALOG (stern_new_game_dialog_new (NULL, settings));
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hchhhh", 0, 0);
  setup.clock_reserve_s = 17 * 60;
  setup.clock_increment_s = 7;
  stern_new_game_dialog_set_setup (dialog, &setup);
  g_signal_connect (dialog, "start", G_CALLBACK (on_dialog_start), &got);
  stern_new_game_dialog_get_setup (dialog, &got);
  g_assert_cmpuint (got.clock_reserve_s, ==, 17 * 60);
  g_assert_cmpuint (got.clock_increment_s, ==, 7);
  stern_new_game_dialog_start (dialog);
  clock = g_settings_get_string (settings, "clock");
  g_assert_cmpstr (clock, ==, "17+7");

  stern_game_setup_load (&got, settings, NULL);
  g_assert_cmpuint (got.clock_reserve_s, ==, 17 * 60);
  g_assert_cmpuint (got.clock_increment_s, ==, 7);
  /* A hand-edited clock beyond the limits is no clock. */
  g_settings_set_string (settings, "clock", "99999999+5");
  stern_game_setup_load (&got, settings, NULL);
  g_assert_cmpuint (got.clock_reserve_s, ==, 0);
  g_settings_reset (settings, "clock");
}

/* The label under widget showing text. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_status_countdown_singular (void)
{
  SternWindow *window;
  const char *status;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_position_window_new ("classic-2 white white:k4,k6 black:e17,g12", 29);
  status = stern_window_get_status (window);
  g_test_message ("status: %s", status);
  g_assert_nonnull (strstr (status, "White to move"));
  g_assert_nonnull (strstr (status, "1 move left to leave your home"));
  /* The last moves are marked. */
  g_assert_true (gtk_widget_has_css_class (find_label (GTK_WIDGET (window), status),
                                           "deadline-near"));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_hot_seat_undo_redo (void)
{
  SternWindow *window;
  SternGame *game;
  guint from, to;
  g_autofree char *list = NULL;
  g_autofree char *path = NULL;
  const SternAction *action;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_game_window_new ("classic-2", "hhhhhh");
  game = stern_window_get_game (window);

  /* Nothing to undo yet. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);

  session_test_first_safe_move (game, &from, &to);
  choose (window, from, to);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
  g_assert_false (stern_window_is_thinking (window));
  g_assert_nonnull (strstr (stern_window_get_status (window), "Black to move"));

  action = stern_game_get_action (game, 0);
  path = stern_notation_format_path (action->path, action->path_len);
  list = stern_window_get_move_list (window);
  g_test_message ("moves: %s", list);
  g_assert_nonnull (strstr (list, path));
  g_assert_nonnull (strstr (list, "1."));

  /* A second move by black stays in round 1; white's next starts round 2. */
  session_test_first_safe_move (game, &from, &to);
  choose (window, from, to);
  session_test_first_safe_move (game, &from, &to);
  choose (window, from, to);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 3);
  g_clear_pointer (&list, g_free);
  list = stern_window_get_move_list (window);
  g_assert_nonnull (strstr (list, "2."));
  g_assert_null (strstr (list, "3."));
  g_assert_nonnull (strstr (stern_window_get_status (window), "Round 2"));

  /* The move list: a row a move, the round numbered on its first move,
   * each path whole. */
  {
    GtkWidget *move_list = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                      STERN_TYPE_WINDOW,
                                                                      "move_list"));
    const char *rounds[3] = { "1.", "", "2." };

    GUI_TEST_WAIT_FOR (stern_move_list_get_cell (STERN_MOVE_LIST (move_list), 2) != NULL, 5000);
    for (guint i = 0; i < 3; i++)
      {
        GtkWidget *row = stern_move_list_get_cell (STERN_MOVE_LIST (move_list), i);
        g_autofree char *text = NULL;
        GtkWidget *box, *number;

        g_assert_nonnull (row);
        action = stern_game_get_action (game, i);
        text = stern_notation_format_path (action->path, action->path_len);
        box = gtk_button_get_child (GTK_BUTTON (row));
        number = gtk_widget_get_first_child (box);

        /* The number of the round on its first move; kept, unseen, on
         * the others. */
        g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (number)), ==, i < 2 ? "1." : "2.");
        g_assert_cmpfloat (gtk_widget_get_opacity (number), ==, rounds[i][0] != '\0' ? 1.0 : 0.0);
        g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_widget_get_last_child (box))), ==,
                         text);
      }
    g_assert_null (stern_move_list_get_cell (STERN_MOVE_LIST (move_list), 3));
  }

  /* Hot-seat: each undo takes back one move. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 3);
  g_assert_false (stern_game_can_redo (game));

  /* A move that is not legal now is ignored. */
  choose (window, gui_test_hole ("e17"), gui_test_hole ("e16"));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 3);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
bottom_is_black (gpointer data)
{
  /* and the board done turning there */
  return stern_board_view_get_bottom_seat (data) == STERN_BLACK &&
         !stern_board_view_is_animating (data);
}

static void
test_rotate_to_player (void)
{
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;
  SternBoardView *board;
  guint from, to;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  board = stern_window_get_board (window);

  /* One human, sitting at black: black is at the bottom all game. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  setup.computer[STERN_WHITE] = TRUE;
  stern_window_new_game (window, &setup);
  g_assert_cmpuint (stern_board_view_get_bottom_seat (board), ==, STERN_BLACK);
  g_assert_true (test_wait_until (gui_test_not_thinking, window, 5000));
  g_assert_cmpuint (stern_board_view_get_bottom_seat (board), ==, STERN_BLACK);

  /* Hot-seat with rotate-to-player (the default): the board follows. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);
  g_assert_cmpuint (stern_board_view_get_bottom_seat (board), ==, STERN_WHITE);
  session_test_first_safe_move (game, &from, &to);
  choose (window, from, to);
  g_assert_cmpuint (stern_board_view_get_bottom_seat (board), ==, STERN_BLACK);

  /* Animated, the board turns once the move has been shown. */
  {
    g_autoptr (GSettings) settings = g_settings_new (APP_ID);

    g_settings_set_boolean (settings, "animations", TRUE);
    stern_window_new_game (window, &setup);
    game = stern_window_get_game (window);
    choose (window, gui_test_hole ("l3"), gui_test_hole ("l5"));
    /* While the marble moves the status does not name the next player. */
    g_assert_true (stern_board_view_is_animating (board));
    g_assert_cmpuint (stern_board_view_get_bottom_seat (board), ==, STERN_WHITE);
    g_assert_true (g_str_has_prefix (stern_window_get_status (window), "White to move"));
    g_assert_true (test_wait_until (bottom_is_black, board, 5000));
    g_assert_true (g_str_has_prefix (stern_window_get_status (window), "Black to move"));
    g_assert_false (stern_board_view_is_animating (board));
    g_settings_set_boolean (settings, "animations", FALSE);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_computer_answers (void)
{
  SternWindow *window;
  SternGame *game;
  g_autoptr (SternGame) replay = NULL;
  const SternAction *reply;
  guint from, to;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_game_window_new ("classic-2", "hhhchh");
  game = stern_window_get_game (window);
  g_assert_false (stern_window_is_thinking (window));

  session_test_first_safe_move (game, &from, &to);
  choose (window, from, to);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  g_assert_true (stern_window_is_thinking (window));
  g_assert_nonnull (strstr (stern_window_get_status (window), "Black is thinking"));

  /* While the computer thinks, the human's input is ignored. */
  session_test_first_safe_move (game, &from, &to);
  choose (window, from, to);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);

  g_assert_true (test_wait_until (gui_test_not_thinking, window, 5000));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);
  g_assert_nonnull (strstr (stern_window_get_status (window), "White to move"));

  /* The answer is a legal, non-fatal move of black. */
  reply = stern_game_get_action (game, 1);
  g_assert_cmpint (reply->kind, ==, STERN_ACTION_MOVE);
  g_assert_cmpuint (reply->seat, ==, STERN_BLACK);
  replay = stern_game_new (stern_game_get_variant (game), STERN_PRESET_TABLE);
  g_assert_true (stern_game_play (replay, stern_game_get_action (game, 0)->path[0],
                                  stern_game_get_action (game, 0)->path[stern_game_get_action (game, 0)->path_len - 1],
                                  NULL));
  g_assert_true (stern_game_is_legal (replay, reply->path[0], reply->path[reply->path_len - 1]));
  g_assert_false (stern_game_is_fatal (replay, reply->path[0], reply->path[reply->path_len - 1]));

  /* Undo against the computer goes back to the human's previous turn. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);
  g_assert_false (stern_window_is_thinking (window));

  /* Redo goes forward to the human's next turn, the answer included. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_false (stern_window_is_thinking (window));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Move Now (M): Expert with a minute for its move plays at once; while
 * nobody thinks it does nothing. */
static void
test_move_now (void)
{
  SternWindow *window = gui_test_window_new (NULL);
  SternGameSetup setup;
  SternGame *game;
  guint from, to;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* 100 hours on the clock: a move may take the 60 s most. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 100 * 60 * 60, 0);
  setup.level[STERN_BLACK] = STERN_LEVEL_EXPERT;
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.move-now", NULL);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);

  session_test_first_safe_move (game, &from, &to);
  choose (window, from, to);
  g_assert_true (stern_window_is_thinking (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.move-now", NULL));
  g_assert_true (test_wait_until (gui_test_not_thinking, window, 10000));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
thinking_bar_shown (gpointer data)
{
  SternWindow *window = data;

  return gtk_widget_get_visible (GTK_WIDGET (window->thinking_bar)) &&
         gtk_progress_bar_get_fraction (window->thinking_bar) > 0.0;
}

static gboolean
board_allocated (gpointer data)
{
  SternWindow *window = data;

  return gtk_widget_get_height (GTK_WIDGET (window->board)) > 0;
}

/* A long think shows how far it has got, over the status line's foot (the
 * board does not move), and the bar goes with the move. */
static void
test_thinking_bar (void)
{
  SternWindow *window = gui_test_window_new (NULL);
  SternGameSetup setup;
  SternGame *game;
  guint from, to;
  int board_height;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* 100 hours on the clock: Expert may take 60 s, so it reports each 3 s. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 100 * 60 * 60, 0);
  setup.level[STERN_BLACK] = STERN_LEVEL_EXPERT;
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->thinking_bar)));

  g_assert_true (test_wait_until (board_allocated, window, 5000));
  session_test_first_safe_move (game, &from, &to);
  choose (window, from, to);
  board_height = gtk_widget_get_height (GTK_WIDGET (window->board));
  g_assert_true (test_wait_until (thinking_bar_shown, window, 10000));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window->board)), ==, board_height);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.move-now", NULL);
  g_assert_true (test_wait_until (gui_test_not_thinking, window, 10000));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->thinking_bar)));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_computer_waits_for_animation (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;
  guint from, to;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  g_settings_set_boolean (settings, "animations", TRUE);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);

  /* l3-l5 is a jump: the answer waits until it has been shown. */
  from = gui_test_hole ("l3");
  to = gui_test_hole ("l5");
  g_assert_true (stern_game_is_legal (game, from, to));
  choose (window, from, to);
  g_assert_true (stern_window_is_thinking (window));
  g_assert_true (test_wait_until (gui_test_not_thinking, window, 5000));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);

  g_settings_set_boolean (settings, "animations", FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The spins here give a cancelled answer the time to arrive, were it not
 * cancelled: checks that nothing happens, which a busy machine can only
 * make weaker. */
static void
test_cancel (void)
{
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);

  /* The worker's answer still on its way when a new game starts. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "chhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  g_assert_true (stern_window_is_thinking (window));
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  g_assert_false (stern_window_is_thinking (window));
  game = stern_window_get_game (window);
  test_spin (300);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);
  g_assert_false (stern_window_is_thinking (window));

  /* The answer waiting out its pause when a new game starts. */
  stern_window_set_computer_delay (window, 60000);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "chhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  test_spin (300);
  g_assert_true (stern_window_is_thinking (window));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 0);
  session_test_setup (&setup, "classic-3", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  g_assert_false (stern_window_is_thinking (window));
  test_spin (100);
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 0);

  /* Undo cancels a thinking computer too. */
  stern_window_set_computer_delay (window, 60000);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  stern_window_new_game (window, &setup);
  game = stern_window_get_game (window);
  {
    guint from, to;

    session_test_first_safe_move (game, &from, &to);
    choose (window, from, to);
  }
  g_assert_true (stern_window_is_thinking (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_false (stern_window_is_thinking (window));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);
  test_spin (200);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_fatal_confirm (void)
{
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;
  GtkWidget *over;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_position_window_new ("classic-2 white white:k5,e9 black:e17,g12", 30);
  game = stern_window_get_game (window);
  g_assert_true (stern_game_is_fatal (game, gui_test_hole ("k5"), gui_test_hole ("k4")));

  /* Asked first; declining plays nothing. */
  choose (window, gui_test_hole ("k5"), gui_test_hole ("k4"));
  g_assert_true (stern_window_is_confirming (window));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);
  stern_window_answer_confirm (window, FALSE);
  g_assert_false (stern_window_is_confirming (window));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);

  /* Accepting plays it: white is out, black wins. */
  choose (window, gui_test_hole ("k5"), gui_test_hole ("k4"));
  g_assert_true (stern_window_is_confirming (window));
  stern_window_answer_confirm (window, TRUE);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_ELIMINATED);

  /* The window comes after the last move's animation, as a player sees it. */
  g_assert_true (test_wait_until (game_over_shown, window, 5000));
  over = stern_window_get_game_over_window (window);
  g_assert_nonnull (over);
  g_assert_cmpstr (stern_game_over_window_get_result (STERN_GAME_OVER_WINDOW (over)), ==, "Black wins");
  g_assert_nonnull (strstr (stern_window_get_status (window), "Game over: Black wins"));

  /* A non-fatal move does not ask. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  g_assert_null (stern_window_get_game_over_window (window));
  {
    guint from, to;

    session_test_first_safe_move (stern_window_get_game (window), &from, &to);
    choose (window, from, to);
  }
  g_assert_false (stern_window_is_confirming (window));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_auto_pass (void)
{
  SternWindow *window;
  SternGame *game;
  g_autofree char *list = NULL;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* White's only marble, m1, is shut in by black marbles in black's goal. */
  window = gui_test_position_window_new ("classic-2 white white:m1 black:m2,l2,m3,k3", 0);
  game = stern_window_get_game (window);

  /* The window passed for white at once: black is on turn. */
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  g_assert_cmpint (stern_game_get_action (game, 0)->kind, ==, STERN_ACTION_PASS);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
  g_test_message ("status: %s", stern_window_get_status (window));
  g_assert_nonnull (strstr (stern_window_get_status (window), "Black to move"));
  g_assert_nonnull (strstr (stern_window_get_status (window), "White had no move and passed"));
  list = stern_window_get_move_list (window);
  g_assert_nonnull (strstr (list, "--"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Halma for three, end to end in the window: three computers play it out
 * and the game-over window comes with a place for each. */
static void
test_halma_three_to_the_end (void)
{
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  session_test_setup (&setup, "halma-10-3", STERN_PRESET_TABLE, "cccccc", 0, 0);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    setup.level[seat] = STERN_LEVEL_EASY;
  stern_window_new_game (window, &setup);
  g_assert_true (test_wait_until (gui_test_game_over, window, 60000));
  g_assert_true (test_wait_until (game_over_shown, window, 5000));
  game = stern_window_get_game (window);
  g_test_message ("%u actions, status: %s", stern_game_get_n_actions (game),
                  stern_window_get_status (window));
  g_assert_nonnull (strstr (stern_window_get_status (window), "Game over"));
  for (unsigned i = 0; i < 3; i++)
    {
      unsigned place = stern_game_get_place (game, setup.variant->seats[i]);

      g_assert_cmpuint (place, >=, 1);
      g_assert_cmpuint (place, <=, 3);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_computer_game_to_the_end (void)
{
  SternWindow *window;
  SternGameSetup setup;
  GtkWidget *over;
  g_autofree char *list = NULL;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_game_window_new ("classic-2", "cccccc");

  /* Two computers play a whole game. */
  g_assert_true (test_wait_until (gui_test_game_over, window, 60000));
  g_assert_false (stern_window_is_thinking (window));
  list = stern_window_get_move_list (window);
  g_test_message ("%u actions, status: %s",
                  stern_game_get_n_actions (stern_window_get_game (window)),
                  stern_window_get_status (window));
  g_assert_nonnull (strstr (stern_window_get_status (window), "Game over"));

  /* The window comes after the last move's animation, as a player sees it. */
  g_assert_true (test_wait_until (game_over_shown, window, 5000));
  over = stern_window_get_game_over_window (window);
  g_assert_nonnull (over);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (over)));
#if !ADW_CHECK_VERSION (1, 5, 0)
  /* From libadwaita 1.5 on, a dialog is always modal to its window. */
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (over)));
#endif

  /* Play Again starts the same setup over; new game stops the computers. */
  stern_game_over_window_play_again (STERN_GAME_OVER_WINDOW (over));
  g_assert_null (stern_window_get_game_over_window (window));
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 0);
  g_assert_true (stern_window_get_setup (window)->computer[STERN_BLACK]);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
on_dialog_start (SternNewGameDialog   *dialog,
                 const SternGameSetup *setup,
                 SternGameSetup       *out)
{
  *out = *setup;
}

/* The players' colour dots are round: as wide as high. */
static void
test_seat_dot_round (void)
{
  SternWindow *window;
  g_autoptr (GtkCssProvider) css = NULL;
  GtkWidget *box, *dot;
  int width, height;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* The app's style, as the application loads it. */
  window = gui_test_window_new (NULL);
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/sternhalma/Sternhalma/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  box = gtk_window_new ();
  dot = stern_seat_dot_new (STERN_RED);
  gtk_window_set_child (GTK_WINDOW (box), dot);
  gtk_widget_measure (dot, GTK_ORIENTATION_HORIZONTAL, -1, &width, NULL, NULL, NULL);
  gtk_widget_measure (dot, GTK_ORIENTATION_VERTICAL, -1, &height, NULL, NULL, NULL);
  g_test_message ("dot: %d×%d", width, height);
  g_assert_cmpint (width, >=, 10);
  g_assert_cmpint (width, ==, height);
  gtk_window_destroy (GTK_WINDOW (box));
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (),
                                                 GTK_STYLE_PROVIDER (css));
}

/* Whether some drop-down or combo row under widget offers an item named
 * name. */
static gboolean
offers (GtkWidget  *widget,
        const char *name)
{
  GListModel *model = NULL;

  if (GTK_IS_DROP_DOWN (widget))
    model = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));
  else if (ADW_IS_COMBO_ROW (widget))
    model = adw_combo_row_get_model (ADW_COMBO_ROW (widget));
  for (guint i = 0; model != NULL && i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, i);

      if (GTK_IS_STRING_OBJECT (item) &&
          g_strcmp0 (gtk_string_object_get_string (GTK_STRING_OBJECT (item)), name) == 0)
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (offers (child, name))
      return TRUE;
  return FALSE;
}

/* Race only for two players; Enter starts the game (Start has the focus). */
static void
test_new_game_dialog_presets (void)
{
  SternNewGameDialog *dialog;
  SternWindow *window;
  SternGameSetup setup, got = { 0 };
  GtkWidget *focus;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);
  dialog = STERN_NEW_GAME_DIALOG (stern_new_game_dialog_new (GTK_WINDOW (window), NULL));

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hchhch", 0, 0);
  setup.preset = STERN_PRESET_RACE;
  stern_new_game_dialog_set_setup (dialog, &setup);
  stern_new_game_dialog_get_setup (dialog, &got);
  g_assert_cmpint (got.preset, ==, STERN_PRESET_RACE);
  g_assert_true (offers (gui_test_dialog_content (GTK_WIDGET (dialog)), stern_preset_display_name (STERN_PRESET_RACE)));

  session_test_setup (&setup, "classic-3", STERN_PRESET_TABLE, "hchhch", 0, 0);
  setup.preset = STERN_PRESET_RACE;
  stern_new_game_dialog_set_setup (dialog, &setup);
  stern_new_game_dialog_get_setup (dialog, &got);
  g_assert_true (got.variant == stern_variant_lookup ("classic-3"));
  g_assert_cmpint (got.preset, !=, STERN_PRESET_RACE);
  g_assert_false (offers (gui_test_dialog_content (GTK_WIDGET (dialog)), stern_preset_display_name (STERN_PRESET_RACE)));
  g_assert_true (offers (gui_test_dialog_content (GTK_WIDGET (dialog)), stern_preset_display_name (STERN_PRESET_CLUB)));

#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  focus = adw_dialog_get_focus (ADW_DIALOG (dialog));
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
#endif
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), ==, "new-game.start");

  stern_compat_dialog_force_close (GTK_WIDGET (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_new_game_dialog (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_auto (GStrv) kinds = NULL;
  g_auto (GStrv) levels = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *preset = NULL;
  SternNewGameDialog *dialog = NULL;
  SternWindow *window;
  SternGameSetup setup, got = { 0 };

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = gui_test_window_new (NULL);

  /* The window's action opens the dialog. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  dialog = gui_test_find_new_game_dialog ();
  g_assert_nonnull (dialog);
#if !ADW_CHECK_VERSION (1, 5, 0)
  /* From libadwaita 1.5 on, a dialog is inside its window, modal to it. */
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
#endif

  session_test_setup (&setup, "pairs-4", STERN_PRESET_TABLE, "hchhch", 0, 0);
  setup.preset = STERN_PRESET_CLUB;
  setup.level[STERN_RED] = STERN_LEVEL_EXPERT;
  stern_new_game_dialog_set_setup (dialog, &setup);
  g_signal_connect (dialog, "start", G_CALLBACK (on_dialog_start), &got);
  stern_new_game_dialog_start (dialog);

  /* The choice reached the handler, the settings and the window. */
  g_assert_true (got.variant == stern_variant_lookup ("pairs-4"));
  g_assert_cmpint (got.preset, ==, STERN_PRESET_CLUB);
  g_assert_true (got.computer[STERN_RED]);
  g_assert_false (got.computer[STERN_WHITE]);
  g_assert_cmpint (got.level[STERN_RED], ==, STERN_LEVEL_EXPERT);

  variant = g_settings_get_string (settings, "variant");
  preset = g_settings_get_string (settings, "preset");
  kinds = g_settings_get_strv (settings, "seat-kinds");
  levels = g_settings_get_strv (settings, "computer-levels");
  g_assert_cmpstr (variant, ==, "pairs-4");
  g_assert_cmpstr (preset, ==, "club");
  g_assert_cmpuint (g_strv_length (kinds), ==, 6);
  g_assert_cmpstr (kinds[0], ==, "human");
  g_assert_cmpstr (kinds[1], ==, "computer");
  g_assert_cmpstr (levels[1], ==, "expert");

  g_assert_true (stern_game_get_variant (stern_window_get_game (window)) == stern_variant_lookup ("pairs-4"));
  g_assert_cmpint (stern_game_get_preset (stern_window_get_game (window)), ==, STERN_PRESET_CLUB);

  /* A new dialog starts from the saved choice. */
  dialog = STERN_NEW_GAME_DIALOG (stern_new_game_dialog_new (GTK_WINDOW (window), settings));
  stern_new_game_dialog_get_setup (dialog, &got);
  g_assert_true (got.variant == stern_variant_lookup ("pairs-4"));
  g_assert_true (got.computer[STERN_YELLOW]);
  stern_compat_dialog_force_close (GTK_WIDGET (dialog));

  /* Saved settings drive the window's first game. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  gtk_window_destroy (GTK_WINDOW (window));
  window = gui_test_window_new (NULL);
  g_assert_true (stern_game_get_variant (stern_window_get_game (window)) == stern_variant_lookup ("pairs-4"));
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "variant");
  g_settings_reset (settings, "preset");
  g_settings_reset (settings, "seat-kinds");
  g_settings_reset (settings, "computer-levels");
}

static void
test_window_size_saved (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  SternWindow *window;
  SternGameSetup setup;
  int width, height;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_settings_set_int (settings, "window-width", 900);
  g_settings_set_int (settings, "window-height", 700);
  window = gui_test_window_new (NULL);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 900);
  g_assert_cmpint (height, ==, 700);

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_new_game (window, &setup);
  gtk_window_set_default_size (GTK_WINDOW (window), 820, 640);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 820);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 640);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  gui_test_init ();

  g_test_add_func ("/window/status", test_status);
  g_test_add_func ("/window/status-pick", test_status_pick);
  g_test_add_func ("/window/pause", test_pause);
  g_test_add_func ("/window/custom-clock", test_custom_clock);
  g_test_add_func ("/window/sounds", test_sounds);
  g_test_add_func ("/window/status-countdown-singular", test_status_countdown_singular);
  g_test_add_func ("/window/hot-seat-undo-redo", test_hot_seat_undo_redo);
  g_test_add_func ("/window/rotate-to-player", test_rotate_to_player);
  g_test_add_func ("/window/computer-answers", test_computer_answers);
  g_test_add_func ("/window/move-now", test_move_now);
  g_test_add_func ("/window/thinking-bar", test_thinking_bar);
  g_test_add_func ("/window/computer-waits-for-animation", test_computer_waits_for_animation);
  g_test_add_func ("/window/cancel", test_cancel);
  g_test_add_func ("/window/fatal-confirm", test_fatal_confirm);
  g_test_add_func ("/window/auto-pass", test_auto_pass);
  g_test_add_func ("/window/computer-game-to-the-end", test_computer_game_to_the_end);
  g_test_add_func ("/window/halma-three-to-the-end", test_halma_three_to_the_end);
  g_test_add_func ("/window/new-game-dialog", test_new_game_dialog);
  g_test_add_func ("/window/new-game-dialog-presets", test_new_game_dialog_presets);
  g_test_add_func ("/window/seat-dot-round", test_seat_dot_round);
  g_test_add_func ("/window/size-saved", test_window_size_saved);

  return g_test_run ();
}
