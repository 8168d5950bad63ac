/* test-no-a11y-bus.c: the board clicked and played with the keyboard on a
 * desktop that has a session bus but no accessibility bus, with GTK's
 * accessibility on (no GTK_A11Y=none): GTK then has no screen reader to
 * tell, and the game must neither crash nor warn beyond GTK's own notice.
 *
 * The test starts a dbus-daemon of its own whose configuration lists no
 * service folders, so that org.a11y.Bus cannot be started on demand.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "gui-test-util.h"
#include "stern-board-view-private.h"

static const char bus_config[] =
  "<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\"\n"
  " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
  "<busconfig>\n"
  "  <type>session</type>\n"
  "  <listen>unix:tmpdir=%s</listen>\n"
  "  <auth>EXTERNAL</auth>\n"
  "  <policy context=\"default\">\n"
  "    <allow send_destination=\"*\" eavesdrop=\"true\"/>\n"
  "    <allow eavesdrop=\"true\"/>\n"
  "    <allow own=\"*\"/>\n"
  "  </policy>\n"
  "</busconfig>\n";

/* The window's title, for xdotool to find it. */
#define TITLE "Sternhalma without an accessibility bus"

static GPid bus_pid;
static char *bus_dir;

/* A session bus that can start no service; FALSE without dbus-daemon. */
static gboolean
start_bus (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *config = NULL;
  g_autofree char *config_arg = NULL;
  g_autofree char *daemon = g_find_program_in_path ("dbus-daemon");
  g_autoptr (GIOChannel) out = NULL;
  g_autofree char *address = NULL;
  int out_fd;

  if (daemon == NULL)
    return FALSE;
  bus_dir = g_dir_make_tmp ("stern-bus-XXXXXX", &error);
  g_assert_no_error (error);
  config = g_build_filename (bus_dir, "session.conf", NULL);
  {
    g_autofree char *text = g_strdup_printf (bus_config, bus_dir);

    g_assert_true (g_file_set_contents (config, text, -1, &error));
    g_assert_no_error (error);
  }
  config_arg = g_strconcat ("--config-file=", config, NULL);
  {
    const char *argv[] = { daemon, config_arg, "--nofork", "--print-address=1", NULL };

    g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                             G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL,
                                             NULL, NULL, &bus_pid, NULL, &out_fd, NULL, &error));
    g_assert_no_error (error);
  }
  /* The daemon prints its address once it listens. */
  out = g_io_channel_unix_new (out_fd);
  g_io_channel_set_close_on_unref (out, TRUE);
  g_assert_cmpint (g_io_channel_read_line (out, &address, NULL, NULL, &error), ==, G_IO_STATUS_NORMAL);
  g_assert_no_error (error);
  g_strstrip (address);
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", address, TRUE);
  return TRUE;
}

static void
stop_bus (void)
{
  g_autofree char *config = NULL;

  if (bus_pid == 0)
    return;
  kill (bus_pid, SIGTERM);
  waitpid (bus_pid, NULL, 0);
  g_spawn_close_pid (bus_pid);
  config = g_build_filename (bus_dir, "session.conf", NULL);
  g_unlink (config);
  g_rmdir (bus_dir);
  g_free (bus_dir);
}

/* GTK says once that it found no accessibility bus: that is the situation
 * under test, not a failure.  Everything else goes to GLib's writer, which
 * makes warnings fatal (G_DEBUG). */
static GLogWriterOutput
allow_no_a11y_bus (GLogLevelFlags   level,
                   const GLogField *fields,
                   gsize            n_fields,
                   gpointer         data)
{
  const char *domain = NULL;
  const char *message = NULL;

  gui_test_log_fields (fields, n_fields, &domain, &message);
  if ((level & G_LOG_LEVEL_WARNING) && g_strcmp0 (domain, "Gtk") == 0 && message != NULL &&
      strstr (message, "accessibility bus") != NULL)
    {
      g_test_message ("GTK: %s", message);
      return G_LOG_WRITER_HANDLED;
    }
  return g_log_writer_default (level, fields, n_fields, data);
}

static gboolean
has_selection (gpointer view)
{
  return stern_board_view_get_selected (view) != STERN_NO_CELL;
}

/* Runs xdotool with args; its output. */
static char *
xdotool (const char * const *args)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  char *out = NULL;
  int status;

  g_ptr_array_add (argv, (gpointer) "xdotool");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  return g_strstrip (out);
}

/* A real click of the pointer on a hole, from outside (xdotool), in the
 * X window found by its title. */
static void
click_hole (SternBoardView *view, guint hole)
{
  GtkWidget *board = GTK_WIDGET (view);
  GtkNative *native = gtk_widget_get_native (board);
  g_autofree char *window_id = NULL;
  g_autofree char *moved = NULL;
  g_autofree char *at_x = NULL;
  g_autofree char *at_y = NULL;
  double x, y, native_x, native_y;

  stern_board_view_hole_centre (view, hole, gtk_widget_get_width (board),
                                gtk_widget_get_height (board), &x, &y);
#if GTK_CHECK_VERSION (4, 12, 0)
  {
    graphene_point_t point;

    g_assert_true (gtk_widget_compute_point (board, GTK_WIDGET (native),
                                             &GRAPHENE_POINT_INIT ((float) x, (float) y), &point));
    x = point.x;
    y = point.y;
  }
#else
  g_assert_true (gtk_widget_translate_coordinates (board, GTK_WIDGET (native), x, y, &x, &y));
#endif
  gtk_native_get_surface_transform (native, &native_x, &native_y);
  window_id = xdotool ((const char *[]) { "search", "--name", "^" TITLE "$", NULL });
  g_assert_cmpstr (window_id, !=, "");
  g_assert_null (strchr (window_id, '\n'));
  at_x = g_strdup_printf ("%d", (int) (x + native_x));
  at_y = g_strdup_printf ("%d", (int) (y + native_y));
  g_test_message ("click at %s,%s in %s", at_x, at_y, window_id);
  moved = xdotool ((const char *[]) { "windowraise", window_id,
                                      "mousemove", "--window", window_id, at_x, at_y,
                                      "click", "1", NULL });
}

/* A player's first click picks a marble, the second plays it; the arrow
 * keys move the cursor: each tells screen readers, where there are any. */
static void
test_click_without_a11y_bus (void)
{
  g_autofree char *xdotool_path = g_find_program_in_path ("xdotool");
  SternWindow *window;
  SternBoardView *view;
  GtkWidget *board;
  guint from, to;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();
  /* xdotool reaches X windows only. */
  if (xdotool_path == NULL ||
      g_strcmp0 (G_OBJECT_TYPE_NAME (gdk_display_get_default ()), "GdkX11Display") != 0)
    {
      g_test_skip ("needs an X display and xdotool");
      return;
    }

  window = gui_test_game_window_new ("classic-2", "hh");
  gtk_window_set_title (GTK_WINDOW (window), TITLE);
  view = STERN_BOARD_VIEW (stern_window_get_board (window));
  board = GTK_WIDGET (view);
  g_assert_true (test_wait_until (gui_test_is_shown_wide, board, 5000));
#if GTK_CHECK_VERSION (4, 14, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  {
    g_autoptr (GtkATContext) context = gtk_accessible_get_at_context (GTK_ACCESSIBLE (board));

    g_test_message ("the board's accessible context: %s",
                    context != NULL ? G_OBJECT_TYPE_NAME (context) : "none");
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif

  session_test_first_safe_move (stern_window_get_game (window), &from, &to);
  click_hole (view, from);
  g_assert_true (test_wait_until (has_selection, view, 10000));
  g_assert_cmpuint (stern_board_view_get_selected (view), ==, from);
  click_hole (view, to);
  GUI_TEST_WAIT_FOR (stern_game_get_n_actions (stern_window_get_game (window)) == 1, 10000);
  g_assert_cmpstr (stern_board_view_get_announcement (view), !=, "");

  g_assert_true (stern_board_view_key (view, GDK_KEY_Right));
  g_assert_true (stern_board_view_key (view, GDK_KEY_Left));
  gui_test_flush ();

  gui_test_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  /* The accessibility GTK has on a desktop, with no bus of its own. */
  g_unsetenv ("GTK_A11Y");
  g_unsetenv ("NO_AT_BRIDGE");
  g_unsetenv ("AT_SPI_BUS_ADDRESS");
  g_log_set_writer_func (allow_no_a11y_bus, NULL, NULL);
  if (start_bus ())
    gui_test_init ();
  g_test_add_func ("/a11y-bus/click-without-bus", test_click_without_a11y_bus);
  status = g_test_run ();
  stop_bus ();
  return status;
}
