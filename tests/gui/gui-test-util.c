/* gui-test-util.c: helpers shared by the window tests.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "gui-test-util.h"

#include <string.h>

#include <adwaita.h>

#include "stern-compat.h"
#include "stern-notation.h"
#include "stern-window-private.h"

gboolean gui_test_have_display;

void
gui_test_init (void)
{
  g_autoptr (GSettings) settings = NULL;

  gui_test_have_display = gtk_init_check ();
  if (!gui_test_have_display)
    return;
  adw_init ();
  settings = g_settings_new (APP_ID);
  g_settings_set_boolean (settings, "animations", FALSE);
}

gboolean
gui_test_not_thinking (gpointer window)
{
  return !stern_window_is_thinking (window);
}

gboolean
gui_test_game_over (gpointer window)
{
  return stern_game_is_over (stern_window_get_game (window));
}

gboolean
gui_test_no_dialog (gpointer window)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)) == NULL;
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  return TRUE;
#endif
}

void
gui_test_flush (void)
{
  /* Bounded: a source that keeps itself ready (a frame clock) must not
   * hold the test here. */
  for (guint i = 0; i < 1000 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

void
gui_test_destroy (gpointer window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  gui_test_flush ();
}

gboolean
gui_test_is_shown_wide (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 200;
}

guint
gui_test_hole (const char *name)
{
  guint cell = stern_board_hole_parse (name, strlen (name));

  g_assert_cmpuint (cell, !=, STERN_NO_CELL);
  return cell;
}

SternNewGameDialog *
gui_test_find_new_game_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);
      GtkWidget *dialog = stern_compat_get_visible_dialog (GTK_WINDOW (item));

      if (STERN_IS_NEW_GAME_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return STERN_NEW_GAME_DIALOG (item);
      if (dialog != NULL && STERN_IS_NEW_GAME_DIALOG (dialog))
        return STERN_NEW_GAME_DIALOG (dialog);
    }
  return NULL;
}

GtkWidget *
gui_test_dialog_content (GtkWidget *dialog)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return adw_dialog_get_child (ADW_DIALOG (dialog));
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  return dialog;
#endif
}

gboolean
gui_test_dialog_shown (gpointer dialog)
{
  GtkWidget *content;

  if (!gtk_widget_get_mapped (dialog))
    return FALSE;
  content = gui_test_dialog_content (dialog);
  return content == NULL || gtk_widget_get_mapped (content);
}

static gboolean
is_laid_out (gpointer widget)
{
  return gui_test_dialog_shown (widget) && gtk_widget_get_width (widget) > 0;
}

void
gui_test_assert_dialog_fits (GtkWidget *dialog,
                             GtkWindow *window,
                             int        width,
                             int        height)
{
  GtkWidget *sized;
  int minimum;

  /* The window that has to fit the screen: the game's, or the dialog's own. */
#if ADW_CHECK_VERSION (1, 5, 0)
  sized = GTK_WIDGET (window);
#else
  sized = dialog;
#endif
  gtk_window_set_default_size (GTK_WINDOW (sized), width, height);
  g_assert_true (test_wait_until (is_laid_out, dialog, 5000));
  gui_test_wait_for_frame (sized);
  gui_test_wait_for_frame (sized);
  /* What it holds: from 1.5 on the dialog itself asks for nothing. */
#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_widget_measure (adw_dialog_get_child (ADW_DIALOG (dialog)), GTK_ORIENTATION_HORIZONTAL, -1,
                      &minimum, NULL, NULL, NULL);
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  gtk_widget_measure (dialog, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
#endif
  g_test_message ("%s at %dx%d: %d px wide (at least %d), in %d px", G_OBJECT_TYPE_NAME (dialog),
                  width, height, gtk_widget_get_width (dialog), minimum,
                  gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpint (minimum, <=, width);
  g_assert_cmpint (gtk_widget_get_width (sized), <=, width);
  g_assert_cmpint (gtk_widget_get_width (dialog), <=, gtk_widget_get_width (sized));
}

gboolean
gui_test_is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

SternWindow *
gui_test_window_new (const char *data_dir)
{
  SternWindow *window = g_object_new (STERN_TYPE_WINDOW, NULL);

  stern_window_set_computer_delay (window, 0);
  stern_window_set_data_dir (window, data_dir);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_until (gui_test_is_mapped, window, 5000));
  return window;
}

SternWindow *
gui_test_game_window_new (const char *variant,
                          const char *kinds)
{
  SternWindow *window = gui_test_window_new (NULL);
  SternGameSetup setup;

  session_test_setup (&setup, variant, STERN_PRESET_TABLE, kinds, 0, 0);
  stern_window_new_game (window, &setup);
  return window;
}

SternWindow *
gui_test_position_window_new (const char *position,
                              unsigned    moves_made)
{
  SternWindow *window;
  SternGameSetup setup;
  SternPosition pos;
  const SternVariant *variant;
  g_autoptr (GError) error = NULL;
  unsigned made[STERN_N_SEATS];

  g_assert_true (stern_notation_parse_position (position, &variant, &pos, &error));
  g_assert_no_error (error);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    made[seat] = moves_made;
  window = gui_test_window_new (NULL);
  session_test_setup (&setup, variant->id, STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_window_load_game (window,
                          stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos,
                                                        moves_made > 0 ? made : NULL),
                          &setup);
  return window;
}

void
gui_test_play_first (SternWindow *window)
{
  guint from, to;

  session_test_first_safe_move (stern_window_get_game (window), &from, &to);
  g_signal_emit_by_name (stern_window_get_board (window), "move-chosen", from, to);
}

SternSaveBanner *
gui_test_find_banner (GtkWidget *widget)
{
  if (STERN_IS_SAVE_BANNER (widget))
    return STERN_SAVE_BANNER (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      SternSaveBanner *banner = gui_test_find_banner (child);

      if (banner != NULL)
        return banner;
    }
  return NULL;
}

void
gui_test_log_fields (const GLogField *fields,
                     gsize            n_fields,
                     const char     **domain,
                     const char     **message)
{
  *domain = NULL;
  *message = NULL;
  for (gsize i = 0; i < n_fields; i++)
    if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0 && fields[i].length < 0)
      *domain = fields[i].value;
    else if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
      *message = fields[i].value;
}

static void
on_after_paint (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

void
gui_test_wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean painted = FALSE;
  gulong handler;

  g_assert_nonnull (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &painted);
  gtk_widget_queue_draw (widget);
  GUI_TEST_WAIT_FOR (painted, 5000);
  g_signal_handler_disconnect (clock, handler);
}
