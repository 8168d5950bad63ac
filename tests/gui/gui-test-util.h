/* gui-test-util.h: what the window tests share: running the main loop
 * until something happens, hole names, a window, its save banner, and a
 * safe move to play.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-game.h"
#include "stern-new-game-dialog.h"
#include "stern-save-banner.h"
#include "stern-board-view-private.h"
#include "stern-window-private.h"

#include "session-test-util.h"
#include "test-wait-util.h"

/* Set by gui_test_init(). */
extern gboolean gui_test_have_display;

/* For each window test's main(), after g_test_init(): opens the display
 * if there is one (gui_test_have_display), with libadwaita's styles, and
 * turns the board's animations off (moves appear at once; a test that
 * wants them turns them on). */
void     gui_test_init (void);

/* A GUI test without a display skips rather than passes. */
#define GUI_TEST_SKIP_WITHOUT_DISPLAY()               \
  G_STMT_START {                                      \
    if (!gui_test_have_display)                       \
      {                                               \
        g_test_skip ("no display");                   \
        return;                                       \
      }                                               \
  } G_STMT_END

/* Conditions on a SternWindow: its computer is not thinking; its game is over. */
gboolean gui_test_not_thinking (gpointer window);
gboolean gui_test_game_over (gpointer window);

/* Runs the main loop until expr holds; fails the test (showing expr) if it
 * does not within timeout_ms.  test_wait_until() with the condition
 * written in place, for a condition used once. */
#define GUI_TEST_WAIT_FOR(expr, timeout_ms)                                  \
  G_STMT_START {                                                            \
    gint64 gui_test_end_ = test_wait_deadline (timeout_ms);                 \
    while (!(expr))                                                         \
      if (!test_wait_step (gui_test_end_))                                  \
        {                                                                   \
          g_assert_true (expr);                                             \
          break;                                                            \
        }                                                                   \
  } G_STMT_END
/* Dispatches every source ready now (the idles a call just queued),
 * without waiting for anything to come later. */
void     gui_test_flush (void);
/* Runs the main loop until widget's window has been laid out and drawn
 * again: what a change moves has moved by then. */
void     gui_test_wait_for_frame (GtkWidget *widget);
/* Destroys window and dispatches what its destruction queued. */
void     gui_test_destroy (gpointer window);
/* Condition on a widget: it is mapped and has a width of more than 200 px
 * (a panel slid in). */
gboolean gui_test_is_shown_wide (gpointer widget);
/* The hole named name (asserts it exists). */
guint    gui_test_hole (const char *name);
/* Condition on a window: no dialog over it (libadwaita 1.5 and later
 * close a dialog over a few frames; before 1.5 dialogs are windows, gone
 * as soon as they are destroyed). */
gboolean gui_test_no_dialog (gpointer window);
/* Condition on a dialog (stern-compat.h): it and its content are
 * mapped (from libadwaita 1.5 on the content is mapped once the sheet
 * has begun to open). */
gboolean gui_test_dialog_shown (gpointer dialog);
/* Asserts that dialog (stern-compat.h), presented over window, fits a
 * width×height screen: window is made that size first; from libadwaita
 * 1.5 on the dialog is inside it and must be no wider, before it is a
 * window of its own, asked for that size, and must take no more width. */
void     gui_test_assert_dialog_fits (GtkWidget *dialog, GtkWindow *window, int width,
                                      int height);
/* The New Game dialog that is shown, a window of its own or (libadwaita
 * 1.5 and later) inside one, or NULL. */
SternNewGameDialog *gui_test_find_new_game_dialog (void);
/* What one of our dialogs (stern-compat.h) shows, under its header: from
 * libadwaita 1.5 on, a dialog never presented holds it outside its own
 * widget tree. */
GtkWidget *gui_test_dialog_content (GtkWidget *dialog);
/* Condition on a widget: it is mapped. */
gboolean gui_test_is_mapped (gpointer widget);
/* A shown window without the computer's delay that saves into data_dir. */
SternWindow *gui_test_window_new (const char *data_dir);
/* gui_test_window_new (NULL) playing a new game of variant on the table
 * preset, kinds as for session_test_setup(). */
SternWindow *gui_test_game_window_new (const char *variant, const char *kinds);
/* gui_test_window_new (NULL) playing on from position (stern-notation.h)
 * with hot-seat humans, every seat having made moves_made moves. */
SternWindow *gui_test_position_window_new (const char *position, unsigned moves_made);
/* The save banner (stern-save-banner.h) among widget and its descendants,
 * or NULL. */
SternSaveBanner *gui_test_find_banner (GtkWidget *widget);
/* Plays the first safe move through the board, as a click would make it. */
void     gui_test_play_first (SternWindow *window);

/* A structured log entry's domain and message (NULL where missing), for
 * log writers that let some messages through. */
void     gui_test_log_fields (const GLogField *fields, gsize n_fields,
                              const char **domain, const char **message);
