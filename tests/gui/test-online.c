/* test-online.c: "Play Online" under a real display (Xvfb), on loopback:
 * the dialog hosts a server in the app, creates a room and shows its
 * invitation; a second player joins from outside the app, a move goes
 * from the window to them and theirs comes back to the board; when the
 * server goes away the window shows that the connection is lost.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include <gtk/gtk.h>
#include <adwaita.h>

#include "stern-application.h"
#include "stern-net-client.h"
#include "stern-online-dialog.h"
#include "stern-server.h"
#include "stern-window-private.h"
#include "stern-window-online.h"

#include "gui-test-util.h"

#define WAIT_MS 20000

/* One application for the program (a second could not register). */
static SternApplication *app;

/* ONLINE_SHOTS=DIR: screenshots of the display (ImageMagick's import) at
 * the steps a player sees, to look at. */
static void
shot (const char *name)
{
  const char *dir = g_getenv ("ONLINE_SHOTS");
  g_autofree char *command = NULL;

  if (dir == NULL)
    return;
  test_spin (300);
  command = g_strdup_printf ("import -window root %s/%s.png", dir, name);
  if (!g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL))
    g_test_message ("could not run %s", command);
}

static GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), label) == 0)
        return child;
      if ((found = find_button (child, label)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_code (gpointer dialog)
{
  return stern_online_dialog_get_code (dialog)[0] != '\0';
}

static gboolean
client_connected (gpointer client)
{
  return stern_net_client_is_connected (client);
}

static gboolean
guest_ready (gpointer client)
{
  const SternNetMessage *room = stern_net_client_get_room (client);

  return room != NULL && room->turn != STERN_NO_SEAT;
}

static gboolean
human_to_play (gpointer window)
{
  return stern_match_human_to_play (stern_window_get_match (window));
}

typedef struct {
  gpointer object;
  guint    n;
} AtLeast;

static gboolean
client_has_actions (gpointer data)
{
  AtLeast *at = data;
  const SternGame *game = stern_net_client_get_game (at->object);

  return game != NULL && stern_game_get_n_actions (game) >= at->n;
}

static gboolean
window_has_actions (gpointer data)
{
  AtLeast *at = data;

  return stern_game_get_n_actions (stern_window_get_game (at->object)) >= at->n;
}

static gboolean
banner_shown (gpointer window)
{
  return stern_window_is_offline_banner_shown (window);
}

/* The Play Online dialog shown over window: inside it from libadwaita 1.5
 * on, a window of its own before. */
static GtkWidget *
shown_dialog (SternWindow *window)
{
  GtkWidget *inside = stern_compat_get_visible_dialog (GTK_WINDOW (window));
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget *dialog = NULL;

  if (inside != NULL && STERN_IS_ONLINE_DIALOG (inside))
    return inside;
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (STERN_IS_ONLINE_DIALOG (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        dialog = GTK_WIDGET (toplevel);
    }
  return dialog;
}

static void
test_host_create_play (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternNetClient) guest = NULL;
  g_autofree SternMove *moves = NULL;
  g_autofree char *uri = NULL;
  SternWindow *window;
  GtkWidget *dialog;
  GtkWidget *create;
  SternServer *server;
  const char *code;
  const char *link;
  guint n_moves;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = g_object_new (STERN_TYPE_WINDOW, "application", app, NULL);
  stern_window_set_computer_delay (window, 0);
  gtk_window_present (GTK_WINDOW (window));

  /* The menu's action opens the dialog; here it is made directly. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-online", NULL));
  dialog = shown_dialog (window);
  g_assert_nonnull (dialog);
  if (GTK_IS_WINDOW (dialog))
    g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));

  g_assert_true (stern_online_dialog_host (STERN_ONLINE_DIALOG (dialog), "127.0.0.1", &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (stern_online_dialog_get_host_text (STERN_ONLINE_DIALOG (dialog)),
                                   "Hosting at "));
  server = g_object_get_data (G_OBJECT (app), "stern-hosted-server");
  g_assert_nonnull (server);

  create = find_button (dialog, "_Create Room");
  g_assert_nonnull (create);
  g_signal_emit_by_name (create, "clicked");
  g_assert_true (test_wait_until (has_code, dialog, WAIT_MS));

  code = stern_online_dialog_get_code (STERN_ONLINE_DIALOG (dialog));
  link = stern_online_dialog_get_link (STERN_ONLINE_DIALOG (dialog));
  g_assert_true (stern_net_code_is_valid (code));
  g_assert_true (g_str_has_prefix (link, "sternhalma://"));
  g_assert_true (g_str_has_suffix (link, code));
  g_assert_nonnull (stern_server_lookup_room (server, code));
  g_assert_nonnull (stern_window_get_online (window));
  shot ("1-dialog-invitation");
  /* Nobody moves before the others have come, and the window says so. */
  g_assert_false (stern_match_human_to_play (stern_window_get_match (window)));
  g_assert_cmpstr (stern_window_get_online_banner (window), ==, "Waiting for players to join…");

  /* A friend joins with the code, from outside the app. */
  guest = stern_net_client_new ("Guest");
  uri = g_strdup_printf ("ws://127.0.0.1:%u/", stern_server_get_port (server));
  stern_net_client_connect_async (guest, uri, NULL, NULL, NULL);
  g_assert_true (test_wait_until (client_connected, guest, WAIT_MS));
  stern_net_client_join (guest, code, STERN_NO_SEAT);
  g_assert_true (test_wait_until (guest_ready, guest, WAIT_MS));
  g_assert_true (test_wait_until (human_to_play, window, WAIT_MS));
  g_assert_null (stern_window_get_online_banner (window));

  /* The window's move reaches the guest … */
  moves = g_new (SternMove, STERN_MAX_MOVES);
  n_moves = stern_game_legal_moves (stern_window_get_game (window), moves);
  g_assert_cmpuint (n_moves, >, 0);
  g_assert_true (stern_match_play (stern_window_get_match (window), moves[0].from, moves[0].to,
                                   &error));
  g_assert_no_error (error);
  {
    AtLeast at = { guest, 1 };
    g_assert_true (test_wait_until (client_has_actions, &at, WAIT_MS));
  }
  /* … and the guest's comes back to the board. */
  n_moves = stern_game_legal_moves (stern_net_client_get_game (guest), moves);
  g_assert_cmpuint (n_moves, >, 0);
  stern_net_client_play (guest, (guint8[]) { moves[0].from, moves[0].to }, 2);
  {
    AtLeast at = { window, 2 };
    g_assert_true (test_wait_until (window_has_actions, &at, WAIT_MS));
  }
  g_assert_false (stern_window_is_offline_banner_shown (window));
  /* Online there is no taking a move back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, 2);
  stern_compat_dialog_close (dialog);
  shot ("2-window-playing");
  stern_net_client_close (guest);
  /* Only for the picture: no assertion depends on it. */
  if (g_getenv ("ONLINE_SHOTS") != NULL)
    test_spin (500);
  shot ("3-guest-away");

  /* The server goes away: the window says so (and keeps trying). */
  stern_server_disconnect (server);
  g_assert_true (test_wait_until (banner_shown, window, WAIT_MS));
  shot ("4-connection-lost");

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_set_data (G_OBJECT (app), "stern-hosted-server", NULL);
  gui_test_flush ();
}

static gboolean
client_has_code (gpointer client)
{
  const char *code = stern_net_client_get_code (client);

  return code != NULL && code[0] != '\0';
}

static gboolean
window_joined (gpointer window)
{
  SternOnlineMatch *online = stern_window_get_online (window);

  return online != NULL && stern_online_match_has_room (online) &&
         stern_online_match_get_local_seat (online) != STERN_NO_SEAT;
}

/* Opening a sternhalma:// link (the desktop file's scheme handler) joins
 * the room; a link that is not one is reported. */
static void
test_invitation (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (SternNetClient) host = stern_net_client_new ("Host");
  g_autofree char *uri = NULL;
  g_autofree char *link = NULL;
  g_autoptr (GFile) file = NULL;
  SternNetSetup setup;
  GtkWindow *window;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  uri = g_strdup_printf ("ws://127.0.0.1:%u/", stern_server_get_port (server));
  stern_net_client_connect_async (host, uri, NULL, NULL, NULL);
  GUI_TEST_WAIT_FOR (stern_net_client_is_connected (host), WAIT_MS);
  memset (&setup, 0, sizeof setup);
  setup.variant = stern_variant_lookup ("classic-2");
  stern_net_client_create (host, &setup, setup.variant->seats[0]);
  g_assert_true (test_wait_until (client_has_code, host, WAIT_MS));

  link = stern_net_invitation_format ("127.0.0.1", stern_server_get_port (server), FALSE,
                                      stern_net_client_get_code (host));
  file = g_file_new_for_uri (link);
  g_application_open (G_APPLICATION (app), &file, 1, "");
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_nonnull (window);
  /* The window may ask first whether to continue a saved game: not here
   * (no data folder). */
  g_assert_true (test_wait_until (window_joined, window, WAIT_MS));
  g_assert_cmpuint (stern_online_match_get_local_seat (stern_window_get_online (STERN_WINDOW (window))),
                    ==, setup.variant->seats[1]);

  stern_window_open_invitation (STERN_WINDOW (window), "sternhalma://");
  g_assert_nonnull (stern_window_get_message (STERN_WINDOW (window)));

  gtk_window_destroy (window);
  stern_server_disconnect (server);
  gui_test_flush ();
}

static void
invited_cb (SternNetClient *client, const SternNetMessage *msg, char *key)
{
  g_strlcpy (key, msg->key, STERN_NET_TOKEN_LEN + 1);
}

static gboolean
has_key (gpointer key)
{
  return ((char *) key)[0] != '\0';
}

/* An invited seat's link (with its key) opened in the game takes that
 * seat. */
static void
test_invitation_key (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (SternNetClient) host = stern_net_client_new ("Host");
  g_autofree char *uri = NULL;
  g_autofree char *link = NULL;
  g_autoptr (GFile) file = NULL;
  char key[STERN_NET_TOKEN_LEN + 1] = "";
  SternNetSetup setup;
  GtkWindow *window;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  uri = g_strdup_printf ("ws://127.0.0.1:%u/", stern_server_get_port (server));
  stern_net_client_connect_async (host, uri, NULL, NULL, NULL);
  test_spin (200);
  g_assert_true (stern_net_client_is_connected (host));
  memset (&setup, 0, sizeof setup);
  setup.variant = stern_variant_lookup ("classic-2");
  setup.seats[setup.variant->seats[1]].kind = STERN_NET_SEAT_INVITED;
  g_strlcpy (setup.seats[setup.variant->seats[1]].name, "Boris",
             sizeof setup.seats[setup.variant->seats[1]].name);
  g_signal_connect (host, "invited", G_CALLBACK (invited_cb), key);
  stern_net_client_create (host, &setup, setup.variant->seats[0]);
  g_assert_true (test_wait_until (client_has_code, host, WAIT_MS));
  g_assert_true (test_wait_until (has_key, key, WAIT_MS));

  link = stern_net_invitation_format_key ("127.0.0.1", stern_server_get_port (server), FALSE,
                                          stern_net_client_get_code (host), key);
  file = g_file_new_for_uri (link);
  g_application_open (G_APPLICATION (app), &file, 1, "");
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_nonnull (window);
  g_assert_true (test_wait_until (window_joined, window, WAIT_MS));
  g_assert_cmpuint (stern_online_match_get_local_seat (stern_window_get_online (STERN_WINDOW (window))),
                    ==, setup.variant->seats[1]);

  gtk_window_destroy (window);
  stern_server_disconnect (server);
  test_spin (100);
}

/* A session bus connection of the test's own, to own names on. */
static GDBusConnection *
bus_connection (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *address = g_dbus_address_get_for_bus_sync (G_BUS_TYPE_SESSION, NULL, &error);
  GDBusConnection *connection;

  g_assert_no_error (error);
  connection = g_dbus_connection_new_for_address_sync (address,
                                                       G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                       G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                       NULL, NULL, &error);
  g_assert_no_error (error);
  return connection;
}

static void
own_name (GDBusConnection *connection, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = NULL;
  guint32 result;

  reply = g_dbus_connection_call_sync (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "RequestName",
                                       g_variant_new ("(su)", name, 4u /* do not queue */),
                                       G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                                       &error);
  g_assert_no_error (error);
  g_variant_get (reply, "(u)", &result);
  g_assert_cmpuint (result, ==, 1 /* primary owner */);
}

/* A desktop's notification daemon that counts what it is sent. */
static void
notifications_call (GDBusConnection       *connection,
                    const char            *sender,
                    const char            *path,
                    const char            *interface,
                    const char            *method,
                    GVariant              *parameters,
                    GDBusMethodInvocation *invocation,
                    gpointer               user_data)
{
  guint *n_notified = user_data;

  if (g_strcmp0 (method, "Notify") == 0)
    {
      (*n_notified)++;
      g_dbus_method_invocation_return_value (invocation, g_variant_new ("(u)", *n_notified));
    }
  else if (g_strcmp0 (method, "GetCapabilities") == 0)
    g_dbus_method_invocation_return_value (invocation, g_variant_new_parsed ("(@as [],)"));
  else
    g_dbus_method_invocation_return_value (invocation, NULL);
}

static const char notifications_xml[] =
  "<node><interface name='org.freedesktop.Notifications'>"
  "<method name='Notify'><arg type='s' direction='in'/><arg type='u' direction='in'/>"
  "<arg type='s' direction='in'/><arg type='s' direction='in'/><arg type='s' direction='in'/>"
  "<arg type='as' direction='in'/><arg type='a{sv}' direction='in'/>"
  "<arg type='i' direction='in'/><arg type='u' direction='out'/></method>"
  "<method name='CloseNotification'><arg type='u' direction='in'/></method>"
  "<method name='GetCapabilities'><arg type='as' direction='out'/></method>"
  "</interface></node>";

static void
pong (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, NULL);

  *(gboolean *) user_data = TRUE;
}

/* Every reply to what the application sent on the bus so far has been
 * dispatched (the bus answers a connection's calls in order). */
static void
bus_round_trip (void)
{
  GDBusConnection *connection = g_application_get_dbus_connection (G_APPLICATION (app));
  gboolean done = FALSE;

  g_dbus_connection_call (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                          "org.freedesktop.DBus", "GetId", NULL, G_VARIANT_TYPE ("(s)"),
                          G_DBUS_CALL_FLAGS_NONE, -1, NULL, pong, &done);
  GUI_TEST_WAIT_FOR (done, WAIT_MS);
  gui_test_flush ();
}

/* The host plays a move, then the window's player is on turn with the
 * window in the background. */
static void
turn_in_background (SternNetClient *host, GtkWindow *window, guint n_actions)
{
  g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);
  guint n_moves = stern_game_legal_moves (stern_net_client_get_game (host), moves);

  g_assert_cmpuint (n_moves, >, 0);
  g_assert_false (gtk_window_is_active (window));
  stern_net_client_play (host, (guint8[]) { moves[0].from, moves[0].to }, 2);
  {
    AtLeast at = { window, n_actions };
    g_assert_true (test_wait_until (window_has_actions, &at, WAIT_MS));
  }
  g_assert_true (test_wait_until (human_to_play, window, WAIT_MS));
}

/* The window's player answers; the host sees it. */
static void
reply (SternNetClient *host, SternWindow *window, guint n_actions)
{
  g_autoptr (GError) error = NULL;
  g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);

  g_assert_cmpuint (stern_game_legal_moves (stern_window_get_game (window), moves), >, 0);
  g_assert_true (stern_match_play (stern_window_get_match (window), moves[0].from, moves[0].to,
                                   &error));
  g_assert_no_error (error);
  {
    AtLeast at = { host, n_actions };
    g_assert_true (test_wait_until (client_has_actions, &at, WAIT_MS));
  }
}

/* "Your turn" goes to the service GLib's GNotification really uses: with
 * the portal on the bus (xdg-desktop-portal on a desktop) but no
 * notification daemon, nothing is sent outside a sandbox (GLib would warn
 * that org.freedesktop.Notifications is not there); once a daemon comes,
 * the notification reaches it. */
static void
test_notification_service (void)
{
  static const GDBusInterfaceVTable vtable = { notifications_call, NULL, NULL, { 0 } };
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (SternNetClient) host = stern_net_client_new ("Host");
  g_autoptr (GDBusConnection) portal = NULL;
  g_autoptr (GDBusConnection) daemon = NULL;
  g_autoptr (GDBusNodeInfo) node = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *link = NULL;
  g_autoptr (GFile) file = NULL;
  GtkWidget *other;
  SternNetSetup setup;
  GtkWindow *window;
  guint n_notified = 0;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();
  if (stern_notifications_use_portal ())
    {
      g_test_skip ("in a sandbox, where the portal is the notifier");
      return;
    }

  portal = bus_connection ();
  own_name (portal, "org.freedesktop.portal.Desktop");

  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  uri = g_strdup_printf ("ws://127.0.0.1:%u/", stern_server_get_port (server));
  stern_net_client_connect_async (host, uri, NULL, NULL, NULL);
  GUI_TEST_WAIT_FOR (stern_net_client_is_connected (host), WAIT_MS);
  memset (&setup, 0, sizeof setup);
  setup.variant = stern_variant_lookup ("classic-2");
  stern_net_client_create (host, &setup, setup.variant->seats[0]);
  g_assert_true (test_wait_until (client_has_code, host, WAIT_MS));
  link = stern_net_invitation_format ("127.0.0.1", stern_server_get_port (server), FALSE,
                                      stern_net_client_get_code (host));
  file = g_file_new_for_uri (link);
  g_application_open (G_APPLICATION (app), &file, 1, "");
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (test_wait_until (window_joined, window, WAIT_MS));
  stern_window_set_computer_delay (STERN_WINDOW (window), 0);

  /* Another window takes the focus: the player is elsewhere. */
  other = gtk_window_new ();
  gtk_window_present (GTK_WINDOW (other));
  GUI_TEST_WAIT_FOR (gtk_window_is_active (GTK_WINDOW (other)) && !gtk_window_is_active (window),
                     WAIT_MS);

  /* The portal is there, the daemon GLib would send through is not: two
   * turns (the names are watched from the first on). */
  g_assert_null (stern_window_notification_service (G_APPLICATION (app)));
  turn_in_background (host, window, 1);
  reply (host, STERN_WINDOW (window), 2);
  turn_in_background (host, window, 3);
  bus_round_trip ();

  /* The window's reply, then the desktop gets a daemon. */
  reply (host, STERN_WINDOW (window), 4);
  node = g_dbus_node_info_new_for_xml (notifications_xml, &error);
  g_assert_no_error (error);
  daemon = bus_connection ();
  g_assert_cmpuint (g_dbus_connection_register_object (daemon, "/org/freedesktop/Notifications",
                                                       node->interfaces[0], &vtable, &n_notified,
                                                       NULL, &error), !=, 0);
  g_assert_no_error (error);
  own_name (daemon, "org.freedesktop.Notifications");
  GUI_TEST_WAIT_FOR (stern_window_notification_service (G_APPLICATION (app)) != NULL, WAIT_MS);
  g_assert_cmpstr (stern_window_notification_service (G_APPLICATION (app)), ==,
                   "org.freedesktop.Notifications");
  g_assert_cmpuint (n_notified, ==, 0);

  turn_in_background (host, window, 5);
  GUI_TEST_WAIT_FOR (n_notified == 1, WAIT_MS);

  gtk_window_destroy (GTK_WINDOW (other));
  gtk_window_destroy (window);
  stern_server_disconnect (server);
  gui_test_flush ();
}

static GtkWidget *
find_entry (GtkWidget  *root,
            const char *placeholder)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_ENTRY (child) &&
          g_strcmp0 (gtk_entry_get_placeholder_text (GTK_ENTRY (child)), placeholder) == 0)
        return child;
      if ((found = find_entry (child, placeholder)) != NULL)
        return found;
    }
  return NULL;
}

/* The Play Online dialog the window's menu opens (the newest one). */
static GtkWidget *
open_dialog (SternWindow *window)
{
  GtkWidget *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-online", NULL));
  dialog = shown_dialog (window);
  g_assert_nonnull (dialog);
  return dialog;
}

static void
type_in (GtkWidget  *dialog,
         const char *placeholder,
         const char *text)
{
  GtkWidget *entry = find_entry (dialog, placeholder);

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

static void
click (GtkWidget  *dialog,
       const char *label)
{
  GtkWidget *button = find_button (dialog, label);

  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
}

/* A room of two on server made by a client of the test's, waiting for
 * the second player; its code. */
static SternNetClient *
host_room (SternServer *server,
           gboolean     against_computer)
{
  SternNetClient *host = stern_net_client_new ("Host");
  g_autofree char *uri = g_strdup_printf ("ws://127.0.0.1:%u/", stern_server_get_port (server));
  SternNetSetup setup;

  stern_net_client_connect_async (host, uri, NULL, NULL, NULL);
  GUI_TEST_WAIT_FOR (stern_net_client_is_connected (host), WAIT_MS);
  memset (&setup, 0, sizeof setup);
  setup.variant = stern_variant_lookup ("classic-2");
  if (against_computer)
    {
      setup.seats[setup.variant->seats[1]].kind = STERN_NET_SEAT_COMPUTER;
      setup.seats[setup.variant->seats[1]].level = STERN_LEVEL_EASY;
    }
  stern_net_client_create (host, &setup, setup.variant->seats[0]);
  g_assert_true (test_wait_until (client_has_code, host, WAIT_MS));
  return host;
}

static const char *
window_room (SternWindow *window)
{
  SternOnlineMatch *online = stern_window_get_online (window);

  return online != NULL ? stern_net_client_get_code (stern_online_match_get_client (online)) : NULL;
}

typedef struct {
  SternWindow *window;
  const char  *code;
} InRoom;

static gboolean
seated_in (gpointer data)
{
  InRoom *in = data;

  return window_joined (in->window) && g_strcmp0 (window_room (in->window), in->code) == 0;
}

/* A link pasted in Play Online: its server is the one the dialog shows
 * and keeps from then on, so that Quick Play goes there too. */
static void
test_link_server_remembered (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (SternNetClient) host = NULL;
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *link = NULL;
  g_autofree char *address = NULL;
  g_autofree char *kept = NULL;
  SternWindow *window;
  GtkWidget *dialog;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  host = host_room (server, FALSE);
  g_settings_set_string (settings, "online-server", "localhost:7130");

  window = g_object_new (STERN_TYPE_WINDOW, "application", app, NULL);
  gtk_window_present (GTK_WINDOW (window));
  dialog = open_dialog (window);
  link = stern_net_invitation_format ("127.0.0.1", stern_server_get_port (server), FALSE,
                                      stern_net_client_get_code (host));
  type_in (dialog, "Room code or sternhalma:// link", link);
  click (dialog, "_Join");
  g_assert_true (test_wait_until (window_joined, window, WAIT_MS));

  address = g_strdup_printf ("127.0.0.1:%u", stern_server_get_port (server));
  kept = g_settings_get_string (settings, "online-server");
  g_assert_cmpstr (kept, ==, address);
  dialog = open_dialog (window);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_entry (dialog, "host:port"))), ==,
                   address);

  stern_compat_dialog_force_close (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
  stern_server_disconnect (server);
  gui_test_flush ();
}

typedef struct {
  GtkWidget  *dialog;
  const char *old_code;
} NewCode;

static gboolean
dialog_shown_with_new_code (gpointer data)
{
  NewCode *new = data;

  return gtk_widget_get_visible (new->dialog) && has_code (new->dialog) &&
         g_strcmp0 (stern_online_dialog_get_code (STERN_ONLINE_DIALOG (new->dialog)),
                    new->old_code) != 0;
}

/* A new window that joined the host's room by its invitation link and
 * holds a seat there. */
static SternWindow *
window_seated_in (SternServer    *server,
                  SternNetClient *host)
{
  SternWindow *window = g_object_new (STERN_TYPE_WINDOW, "application", app, NULL);
  g_autofree char *link = stern_net_invitation_format ("127.0.0.1", stern_server_get_port (server),
                                                       FALSE, stern_net_client_get_code (host));
  InRoom in = { window, stern_net_client_get_code (host) };

  gtk_window_present (GTK_WINDOW (window));
  stern_window_open_invitation (window, link);
  g_assert_true (test_wait_until (seated_in, &in, WAIT_MS));
  return window;
}

/* Seated in a game in play, every way to another room asks first: by
 * code (Cancel stays, Leave goes), and a new room (the dialog waits
 * hidden meanwhile and then shows the new room's invitation). */
static void
test_join_asks_first (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (SternNetClient) first = NULL;
  g_autoptr (SternNetClient) second = NULL;
  g_autofree char *address = NULL;
  GtkWidget *message;
  SternWindow *window;
  GtkWidget *dialog;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  first = host_room (server, FALSE);
  second = host_room (server, FALSE);
  address = g_strdup_printf ("127.0.0.1:%u", stern_server_get_port (server));

  window = window_seated_in (server, first);
  g_assert_true (stern_window_online_in_play (window));

  /* By code: asked; Cancel keeps the seat. */
  dialog = open_dialog (window);
  type_in (dialog, "host:port", address);
  type_in (dialog, "Room code or sternhalma:// link", stern_net_client_get_code (second));
  click (dialog, "_Join");
  message = stern_window_get_message (window);
  g_assert_nonnull (message);
  g_assert_cmpstr (stern_alert_dialog_get_heading (STERN_ALERT_DIALOG (message)), ==,
                   "Leave the Online Game?");
  stern_alert_dialog_respond (STERN_ALERT_DIALOG (message), FALSE);
  gui_test_flush ();
  g_assert_cmpstr (window_room (window), ==, stern_net_client_get_code (first));

  /* Again, and Leave: the window goes to the other room. */
  dialog = open_dialog (window);
  type_in (dialog, "Room code or sternhalma:// link", stern_net_client_get_code (second));
  click (dialog, "_Join");
  message = stern_window_get_message (window);
  g_assert_nonnull (message);
  stern_alert_dialog_respond (STERN_ALERT_DIALOG (message), TRUE);
  {
    InRoom in = { window, stern_net_client_get_code (second) };
    g_assert_true (test_wait_until (seated_in, &in, WAIT_MS));
  }

  /* A new room: the dialog waits for the answer, then shows its
   * invitation. */
  dialog = open_dialog (window);
  click (dialog, "_Create Room");
  g_assert_nonnull (stern_window_get_message (window));
  /* A window of its own steps aside for the question; a dialog inside the
   * window (libadwaita 1.5 on) has it shown over it. */
  g_assert_true (gtk_widget_get_visible (dialog) != GTK_IS_WINDOW (dialog));
  stern_alert_dialog_respond (STERN_ALERT_DIALOG (stern_window_get_message (window)), TRUE);
  {
    NewCode new = { dialog, stern_net_client_get_code (second) };
    g_assert_true (test_wait_until (dialog_shown_with_new_code, &new, WAIT_MS));
  }
  g_assert_cmpstr (stern_online_dialog_get_code (STERN_ONLINE_DIALOG (dialog)), ==,
                   window_room (window));

  stern_compat_dialog_force_close (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
  stern_server_disconnect (server);
  gui_test_flush ();
}

/* A game loaded into the window (the position editor's "Play") while
 * seated online asks first too: Cancel keeps the seat, Leave loads it. */
static void
test_load_asks_first (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (SternNetClient) first = NULL;
  SternGameSetup setup = { 0 };
  SternWindow *window;
  GtkWidget *message;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  first = host_room (server, FALSE);
  window = window_seated_in (server, first);

  setup.variant = stern_variant_lookup ("classic-2");
  setup.preset = STERN_PRESET_TABLE;
  for (guint round = 0; round < 2; round++)
    {
      stern_window_load_game (window, stern_game_new (setup.variant, setup.preset), &setup);
      message = stern_window_get_message (window);
      g_assert_nonnull (message);
      g_assert_cmpstr (stern_alert_dialog_get_heading (STERN_ALERT_DIALOG (message)), ==,
                       "Leave the Online Game?");
      stern_alert_dialog_respond (STERN_ALERT_DIALOG (message), round == 1);
      gui_test_flush ();
      if (round == 0)
        g_assert_cmpstr (window_room (window), ==, stern_net_client_get_code (first));
    }
  g_assert_null (stern_window_get_online (window));
  g_assert_false (stern_window_online_in_play (window));

  gtk_window_destroy (GTK_WINDOW (window));
  stern_server_disconnect (server);
  gui_test_flush ();
}

static gboolean
window_on_turn (gpointer window)
{
  return window_joined (window) && human_to_play (window);
}

/* Show a Hint is off against a person online, and the button says why;
 * against the computer online it is there. */
static void
test_no_hint_against_person (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (SternNetClient) host = NULL;
  g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);
  g_autofree char *uri = NULL;
  g_autofree char *link = NULL;
  SternNetSetup setup;
  SternWindow *window;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  host = host_room (server, FALSE);
  window = g_object_new (STERN_TYPE_WINDOW, "application", app, NULL);
  stern_window_set_computer_delay (window, 0);
  gtk_window_present (GTK_WINDOW (window));
  link = stern_net_invitation_format ("127.0.0.1", stern_server_get_port (server), FALSE,
                                      stern_net_client_get_code (host));
  stern_window_open_invitation (window, link);
  g_assert_true (test_wait_until (window_joined, window, WAIT_MS));
  g_assert_true (test_wait_until (guest_ready, host, WAIT_MS));
  g_assert_cmpuint (stern_game_legal_moves (stern_net_client_get_game (host), moves), >, 0);
  stern_net_client_play (host, (guint8[]) { moves[0].from, moves[0].to }, 2);
  g_assert_true (test_wait_until (window_on_turn, window, WAIT_MS));

  g_assert_false (gtk_widget_get_sensitive (window->hint_button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->hint_button), ==,
                   "No hints in an online game against people");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_null (window->hint_cancellable);

  /* Online against the computer: a hint as at home. */
  uri = g_strdup_printf ("ws://127.0.0.1:%u/", stern_server_get_port (server));
  memset (&setup, 0, sizeof setup);
  setup.variant = stern_variant_lookup ("classic-2");
  setup.seats[setup.variant->seats[1]].kind = STERN_NET_SEAT_COMPUTER;
  setup.seats[setup.variant->seats[1]].level = STERN_LEVEL_EASY;
  stern_window_set_online (window, NULL);
  stern_window_go_online (window, uri, STERN_ONLINE_CREATE, &setup, NULL);
  GUI_TEST_WAIT_FOR (window_on_turn (window) &&
                     g_strcmp0 (window_room (window), stern_net_client_get_code (host)) != 0,
                     WAIT_MS);
  g_assert_true (gtk_widget_get_sensitive (window->hint_button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->hint_button), ==, "Show a Hint (H)");

  gtk_window_destroy (GTK_WINDOW (window));
  stern_server_disconnect (server);
  gui_test_flush ();
}

static GtkWidget *
find_label (GtkWidget  *root,
            const char *part)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_LABEL (child) && strstr (gtk_label_get_label (GTK_LABEL (child)), part) != NULL)
        return child;
      if ((found = find_label (child, part)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
game_over_shown (gpointer window)
{
  return stern_match_is_over (stern_window_get_match (window)) &&
         stern_window_get_game_over_window (window) != NULL;
}

/* The other player drops and does not come back: the server gives their
 * seat up, which ends a game of two.  The window says they left the
 * game, in the panel, the status line and the result, not "resigned". */
static void
test_left_the_game (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (SternNetClient) host = NULL;
  g_autofree char *link = NULL;
  const char *panel;
  SternWindow *window;
  GtkWidget *over;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  stern_server_set_grace (server, 300);
  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  host = host_room (server, FALSE);
  window = g_object_new (STERN_TYPE_WINDOW, "application", app, NULL);
  gtk_window_present (GTK_WINDOW (window));
  link = stern_net_invitation_format ("127.0.0.1", stern_server_get_port (server), FALSE,
                                      stern_net_client_get_code (host));
  stern_window_open_invitation (window, link);
  g_assert_true (test_wait_until (window_joined, window, WAIT_MS));
  g_assert_true (test_wait_until (guest_ready, host, WAIT_MS));

  stern_net_client_close (host);
  g_assert_true (test_wait_until (game_over_shown, window, WAIT_MS));
  gui_test_flush ();

  panel = stern_players_panel_get_name_text (window->players_panel, STERN_WHITE);
  g_assert_nonnull (strstr (panel, "left the game"));
  g_assert_null (strstr (panel, "seat kept"));
  g_assert_nonnull (strstr (stern_window_get_status (window), "Host left the game."));
  g_assert_null (strstr (stern_window_get_status (window), "resigned"));
  over = stern_window_get_game_over_window (window);
  g_assert_nonnull (find_label (GTK_WIDGET (over), "Host left the game."));
  g_assert_null (find_label (GTK_WIDGET (over), "resigned"));

  gtk_window_destroy (GTK_WINDOW (window));
  stern_server_disconnect (server);
  gui_test_flush ();
}

static gboolean
match_over (gpointer window)
{
  return stern_match_is_over (stern_window_get_match (window));
}

typedef struct {
  SternWindow *window;
  char        *old_code;
} Rematch;

static gboolean
rematch_started (gpointer data)
{
  Rematch *r = data;

  return window_joined (r->window) && g_strcmp0 (window_room (r->window), r->old_code) != 0 &&
         !stern_match_is_over (stern_window_get_match (r->window));
}

static void
on_toast_dismissed (AdwToast *toast,
                    gpointer  dismissed)
{
  *(gboolean *) dismissed = TRUE;
}

/* The overlay holds no toast, coming in or going: its board only. */
static gboolean
no_toast_shown (gpointer window)
{
  GtkWidget *overlay = GTK_WIDGET (((SternWindow *) window)->toast_overlay);

  return gtk_widget_get_first_child (overlay) == gtk_widget_get_last_child (overlay);
}

/* After a game: Play Online does not offer the finished room's
 * invitation; "Rematch asked" goes once the rematch has started. */
static void
test_after_the_game (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (SternNetClient) host = NULL;
  g_autofree char *link = NULL;
  g_autofree char *old_code = NULL;
  g_autoptr (AdwToast) asked = NULL;
  gboolean dismissed = FALSE;
  SternWindow *window;
  GtkWidget *dialog;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  host = host_room (server, FALSE);
  old_code = g_strdup (stern_net_client_get_code (host));
  window = g_object_new (STERN_TYPE_WINDOW, "application", app, NULL);
  gtk_window_present (GTK_WINDOW (window));
  link = stern_net_invitation_format ("127.0.0.1", stern_server_get_port (server), FALSE, old_code);
  stern_window_open_invitation (window, link);
  g_assert_true (test_wait_until (window_joined, window, WAIT_MS));
  g_assert_true (test_wait_until (guest_ready, host, WAIT_MS));
  stern_net_client_resign (host);
  g_assert_true (test_wait_until (match_over, window, WAIT_MS));

  dialog = open_dialog (window);
  g_assert_cmpstr (stern_online_dialog_get_code (STERN_ONLINE_DIALOG (dialog)), ==, "");
  stern_compat_dialog_force_close (dialog);

  g_assert_true (stern_window_online_rematch (window));
  g_assert_nonnull (g_object_get_data (G_OBJECT (window), STERN_WINDOW_REMATCH_TOAST_KEY));
  asked = g_object_ref (g_object_get_data (G_OBJECT (window), STERN_WINDOW_REMATCH_TOAST_KEY));
  g_signal_connect (asked, "dismissed", G_CALLBACK (on_toast_dismissed), &dismissed);
  stern_net_client_rematch (host);
  {
    Rematch r = { window, old_code };
    g_assert_true (test_wait_until (rematch_started, &r, WAIT_MS));
  }
  gui_test_flush ();
  g_assert_null (g_object_get_data (G_OBJECT (window), STERN_WINDOW_REMATCH_TOAST_KEY));
  /* Gone from the window too, once it had come in. */
  GUI_TEST_WAIT_FOR (dismissed, WAIT_MS);
  g_assert_true (test_wait_until (no_toast_shown, window, WAIT_MS));

  gtk_window_destroy (GTK_WINDOW (window));
  stern_server_disconnect (server);
  gui_test_flush ();
}

/* A toast withdrawn as it comes in (a rematch both players asked for
 * at once) stays until it is in, then goes: on libadwaita 1.2 its
 * arrival would otherwise end on memory freed when it left (a crash;
 * under ASan with max_free_fill_size, every time). */
static void
test_toast_withdrawn_coming_in (void)
{
  g_autoptr (AdwToast) toast = NULL;
  gboolean dismissed = FALSE;
  SternWindow *window;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = g_object_new (STERN_TYPE_WINDOW, "application", app, NULL);
  gtk_window_present (GTK_WINDOW (window));
  GUI_TEST_WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (window->toast_overlay)), WAIT_MS);
  /* Settled: no toast of the window's start coming in or going. */
  g_assert_true (test_wait_until (no_toast_shown, window, WAIT_MS));

  for (guint i = 0; i < 3; i++)
    {
      dismissed = FALSE;
      g_clear_object (&toast);
      toast = g_object_ref (stern_window_show_toast (window, "Rematch asked", NULL, NULL));
      g_signal_connect (toast, "dismissed", G_CALLBACK (on_toast_dismissed), &dismissed);
      stern_window_withdraw_toast (window, toast);
      g_assert_false (dismissed);
      GUI_TEST_WAIT_FOR (dismissed, WAIT_MS);
      g_assert_true (test_wait_until (no_toast_shown, window, WAIT_MS));
    }

  gtk_window_destroy (GTK_WINDOW (window));
  gui_test_flush ();
}

static GtkStack *
find_stack (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkStack *found;

      if (GTK_IS_STACK (child) && gtk_stack_get_child_by_name (GTK_STACK (child), "join") != NULL)
        return GTK_STACK (child);
      if ((found = find_stack (child)) != NULL)
        return found;
    }
  return NULL;
}

/* The list of rooms: an unreachable server's error goes when another
 * server is typed, and each room shows its code and its host. */
static void
test_room_list (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (SternNetClient) host = NULL;
  g_autoptr (GSocketListener) closed = g_socket_listener_new ();
  g_autofree char *address = NULL;
  g_autofree char *dead = NULL;
  g_autofree char *row = NULL;
  guint16 dead_port;
  GtkWidget *dialog, *parent;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  host = host_room (server, FALSE);
  address = g_strdup_printf ("127.0.0.1:%u", stern_server_get_port (server));
  /* A port nobody listens on: one taken and given back. */
  dead_port = g_socket_listener_add_any_inet_port (closed, NULL, &error);
  g_assert_no_error (error);
  g_socket_listener_close (closed);
  dead = g_strdup_printf ("127.0.0.1:%u", dead_port);

  dialog = stern_online_dialog_new (NULL);
  /* From libadwaita 1.5 on a dialog is drawn inside a window. */
  parent = adw_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (parent), 900, 700);
  gtk_window_present (GTK_WINDOW (parent));
  stern_compat_dialog_present (dialog, GTK_WINDOW (parent), TRUE);
  type_in (dialog, "host:port", dead);
  gtk_stack_set_visible_child_name (find_stack (dialog), "join");
  GUI_TEST_WAIT_FOR (find_label (dialog, "cannot be reached") != NULL, WAIT_MS);

  type_in (dialog, "host:port", address);
  g_assert_null (find_label (dialog, "cannot be reached"));
  g_signal_emit_by_name (find_entry (dialog, "host:port"), "activate");
  /* The room is known by its host's name (the maker's, "Host"). */
  row = g_strdup_printf ("Room %s · Host · %s · ", stern_net_client_get_code (host),
                         stern_variant_display_name (stern_variant_lookup ("classic-2")));
  GUI_TEST_WAIT_FOR (find_label (dialog, row) != NULL, WAIT_MS);
  shot ("room-list");

  stern_compat_dialog_force_close (dialog);
  gui_test_destroy (parent);
  stern_server_disconnect (server);
  gui_test_flush ();
}

static gboolean
host_sees_name (gpointer host)
{
  const SternNetMessage *room = stern_net_client_get_room (host);

  return room != NULL && g_strcmp0 (room->seats[STERN_BLACK].name, "Dora") == 0;
}

/* Play Online has the name others see: Preferences' to begin with, and
 * a name typed there is the one the room shows (and Preferences keeps). */
static void
test_name_field (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternServer) server = stern_server_new (NULL);
  g_autoptr (SternNetClient) host = NULL;
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *address = NULL;
  g_autofree char *kept = NULL;
  SternWindow *window;
  GtkWidget *dialog;
  GtkWidget *name;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_assert_true (stern_server_listen (server, "127.0.0.1", 0, NULL, &error));
  g_assert_no_error (error);
  host = host_room (server, FALSE);
  address = g_strdup_printf ("127.0.0.1:%u", stern_server_get_port (server));
  g_settings_set_string (settings, "player-name", "Zoe");

  window = g_object_new (STERN_TYPE_WINDOW, "application", app, NULL);
  gtk_window_present (GTK_WINDOW (window));
  dialog = open_dialog (window);
  name = find_label (dialog, "Your _name");
  g_assert_nonnull (name);
  name = gtk_label_get_mnemonic_widget (GTK_LABEL (name));
  g_assert_true (GTK_IS_ENTRY (name));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name)), ==, "Zoe");

  gtk_editable_set_text (GTK_EDITABLE (name), "Dora");
  type_in (dialog, "host:port", address);
  type_in (dialog, "Room code or sternhalma:// link", stern_net_client_get_code (host));
  click (dialog, "_Join");
  g_assert_true (test_wait_until (host_sees_name, host, WAIT_MS));
  kept = g_settings_get_string (settings, "player-name");
  g_assert_cmpstr (kept, ==, "Dora");

  g_settings_reset (settings, "player-name");
  gtk_window_destroy (GTK_WINDOW (window));
  stern_server_disconnect (server);
  gui_test_flush ();
}

static void
test_address (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *a = stern_online_address_to_uri ("example.org", &error);
  g_autofree char *b = stern_online_address_to_uri (" 10.0.0.5:8000 ", NULL);
  g_autofree char *c = stern_online_address_to_uri ("wss://club.example/play", NULL);
  g_autofree char *d = stern_online_address_to_uri ("", NULL);
  g_autofree char *e = stern_online_address_to_uri ("a/b:3", NULL);

  g_assert_no_error (error);
  g_assert_cmpstr (a, ==, "ws://example.org:7130/");
  g_assert_cmpstr (b, ==, "ws://10.0.0.5:8000/");
  g_assert_cmpstr (c, ==, "wss://club.example/play");
  g_assert_null (d);
  g_assert_null (e);
  /* And back, for the Server field. */
  {
    g_autofree char *f = stern_online_uri_to_address ("ws://10.0.0.5:8000/");
    g_autofree char *g = stern_online_uri_to_address ("ws://[::1]:7130/");
    g_autofree char *h = stern_online_uri_to_address ("wss://club.example/play");

    g_assert_cmpstr (f, ==, "10.0.0.5:8000");
    g_assert_cmpstr (g, ==, "[::1]:7130");
    g_assert_cmpstr (h, ==, "wss://club.example/play");
  }
  /* Every error code has its own text. */
  for (guint i = 0; i < STERN_NET_ERROR_INTERNAL; i++)
    g_assert_cmpstr (stern_online_error_text (i), !=, "");
  g_assert_cmpstr (stern_online_error_text (STERN_NET_ERROR_NO_ROOM), !=,
                   stern_online_error_text (STERN_NET_ERROR_SEAT_TAKEN));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;

  g_test_init (&argc, &argv, NULL);
  /* A window opened for a link keeps its games under the user's data
   * folder: a fresh one here, not the real one. */
  data_home = g_dir_make_tmp ("stern-online-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  gui_test_have_display = gtk_init_check ();
  if (gui_test_have_display)
    {
      g_autoptr (GSettings) settings = g_settings_new (APP_ID);

      g_autoptr (GError) error = NULL;

      g_settings_set_boolean (settings, "animations", FALSE);
      g_type_ensure (STERN_TYPE_WINDOW);
      app = stern_application_new ();
      /* Another test program may run the same id at the same time. */
      g_application_set_flags (G_APPLICATION (app),
                               G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
      g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
      g_assert_no_error (error);
    }

  g_test_add_func ("/online/address", test_address);
  g_test_add_func ("/online/host-create-play", test_host_create_play);
  g_test_add_func ("/online/invitation", test_invitation);
  g_test_add_func ("/online/invitation-key", test_invitation_key);
  g_test_add_func ("/online/notification-service", test_notification_service);
  g_test_add_func ("/online/link-server-remembered", test_link_server_remembered);
  g_test_add_func ("/online/join-asks-first", test_join_asks_first);
  g_test_add_func ("/online/load-asks-first", test_load_asks_first);
  g_test_add_func ("/online/no-hint-against-person", test_no_hint_against_person);
  g_test_add_func ("/online/left-the-game", test_left_the_game);
  g_test_add_func ("/online/after-the-game", test_after_the_game);
  g_test_add_func ("/online/toast-withdrawn-coming-in", test_toast_withdrawn_coming_in);
  g_test_add_func ("/online/room-list", test_room_list);
  g_test_add_func ("/online/name-field", test_name_field);

  {
    int status = g_test_run ();
    g_autofree char *ours = g_build_filename (data_home, "sternhalma", NULL);

    g_rmdir (ours);
    g_rmdir (data_home);
    return status;
  }
}
