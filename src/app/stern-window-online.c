/* stern-window-online.c: network play in the game window.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "stern-window-online.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "stern-online-dialog.h"
#include "stern-online-texts.h"
#include "stern-window-private.h"

/* ------------------------------------------------------------------ */
/* The seat kept for the next start                                    */

/* The player's seat in a game in play is written next to the saved
 * game, so that quitting and starting again takes the seat back with
 * its token (within the server's grace period). */
static char *
seat_file (SternWindow *self)
{
  const char *dir = stern_match_get_data_dir (self->match);

  return dir != NULL ? g_build_filename (dir, "online-seat.ini", NULL) : NULL;
}

static void
save_seat (SternWindow *self)
{
  SternOnlineMatch *online = STERN_ONLINE_MATCH (self->online);
  SternNetClient *client = stern_online_match_get_client (online);
  g_autofree char *path = seat_file (self);
  g_autoptr (GKeyFile) file = NULL;
  g_autoptr (GError) error = NULL;
  const char *uri = stern_net_client_get_uri (client);
  const char *code = stern_net_client_get_code (client);
  const char *token = stern_net_client_get_token (client);

  if (path == NULL || uri == NULL || code == NULL || token == NULL)
    return;
  file = g_key_file_new ();
  g_key_file_set_string (file, "seat", "server", uri);
  g_key_file_set_string (file, "seat", "code", code);
  g_key_file_set_string (file, "seat", "token", token);
  if (g_mkdir_with_parents (stern_match_get_data_dir (self->match), 0700) != 0 ||
      !g_key_file_save_to_file (file, path, &error))
    g_warning ("Could not keep the online seat in %s: %s", path,
               error != NULL ? error->message : g_strerror (errno));
  else
    g_chmod (path, 0600);   /* the token is the seat */
}

static void
forget_seat (SternWindow *self)
{
  g_autofree char *path = seat_file (self);

  if (path != NULL && g_unlink (path) != 0 && errno != ENOENT)
    g_warning ("Could not remove %s: %s", path, g_strerror (errno));
}

/* ------------------------------------------------------------------ */
/* Following the room                                                  */

/* When each dropped player's grace period ends (monotonic µs, 0: none),
 * from the room's grace_ms; the panel counts it down. */
typedef struct {
  gint64 ends_us[STERN_N_SEATS];
  guint  tick_id;
} Grace;

#define GRACE_KEY "stern-online-grace"
#define QUICK_KEY "stern-online-quick"

static void
grace_free (gpointer data)
{
  Grace *grace = data;

  g_clear_handle_id (&grace->tick_id, g_source_remove);
  g_free (grace);
}

static Grace *
get_grace (SternWindow *self)
{
  Grace *grace = g_object_get_data (G_OBJECT (self), GRACE_KEY);

  if (grace == NULL)
    {
      grace = g_new0 (Grace, 1);
      g_object_set_data_full (G_OBJECT (self), GRACE_KEY, grace, grace_free);
    }
  return grace;
}

static void update_panel (SternWindow *self);

/* The seat whose player gave the game up by leaving (the server resigns
 * a seat whose grace period ran out), found once at the end of the game:
 * seat + 1, or FORFEIT_NONE.  A player who resigned was connected then,
 * even if they left afterwards. */
#define FORFEIT_KEY  "stern-online-forfeit"
#define FORFEIT_NONE 0xff

static guint
forfeit_seat (SternWindow *self)
{
  SternOnlineMatch *online = STERN_ONLINE_MATCH (self->online);
  SternGame *game = stern_match_get_game (self->match);
  guint found = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), FORFEIT_KEY));

  if (game == NULL || !stern_game_is_over (game) || !stern_online_match_has_room (online))
    return STERN_NO_SEAT;
  if (found == 0)
    {
      found = FORFEIT_NONE;
      for (guint i = stern_game_get_n_actions (game); i-- > 0;)
        {
          const SternAction *action = stern_game_get_action (game, i);

          if (action->kind != STERN_ACTION_RESIGN)
            continue;
          if (stern_game_get_end_reason (game) == STERN_END_RESIGNATION &&
              stern_online_match_is_seat_taken (online, action->seat) &&
              !stern_online_match_is_seat_connected (online, action->seat) &&
              !stern_match_get_setup (self->match)->computer[action->seat])
            found = action->seat + 1;
          break;
        }
      g_object_set_data (G_OBJECT (self), FORFEIT_KEY, GUINT_TO_POINTER (found));
    }
  return found == FORFEIT_NONE ? STERN_NO_SEAT : found - 1;
}

static const char *
seat_name (SternWindow *self,
           guint        seat)
{
  const char *name = stern_online_match_get_seat_name (STERN_ONLINE_MATCH (self->online), seat);

  return name != NULL ? name : stern_seat_display_name (seat);
}

char *
stern_window_online_end_reason (SternWindow *self)
{
  guint seat;

  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);

  if (self->online == NULL || (seat = forfeit_seat (self)) == STERN_NO_SEAT)
    return NULL;
  /* Translators: why an online game ended; %s is a player's name or
   * colour. */
  return g_strdup_printf (_("%s left the game."), seat_name (self, seat));
}

static gboolean
grace_tick (gpointer user_data)
{
  SternWindow *self = user_data;
  Grace *grace = get_grace (self);
  gboolean pending = FALSE;
  gint64 now = g_get_monotonic_time ();

  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    if (grace->ends_us[seat] > now)
      pending = TRUE;
  if (self->online != NULL)
    update_panel (self);
  if (!pending || self->online == NULL)
    {
      grace->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
follow_grace (SternWindow *self)
{
  SternOnlineMatch *online = STERN_ONLINE_MATCH (self->online);
  const SternNetMessage *room = stern_net_client_get_room (stern_online_match_get_client (online));
  Grace *grace = get_grace (self);
  gboolean pending = FALSE;

  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    {
      grace->ends_us[seat] = room != NULL && room->seats[seat].grace_ms >= 0
                             ? g_get_monotonic_time () + room->seats[seat].grace_ms * 1000 : 0;
      pending |= grace->ends_us[seat] != 0;
    }
  /* A countdown in seconds, as the clocks are shown. */
  if (pending && grace->tick_id == 0)
    grace->tick_id = g_timeout_add_seconds (1, grace_tick, self);
}

static void
update_panel (SternWindow *self)
{
  SternOnlineMatch *online = STERN_ONLINE_MATCH (self->online);
  const SternVariant *variant = stern_match_get_setup (self->match)->variant;

  for (guint i = 0; i < variant->n_players; i++)
    {
      guint seat = variant->seats[i];
      const char *presence = NULL;
      const char *name = stern_online_match_get_seat_name (online, seat);
      g_autofree char *you = NULL;
      g_autofree char *countdown = NULL;

      if (seat == stern_online_match_get_local_seat (online))
        {
          /* Translators: the local player's seat in network play. */
          you = g_strdup_printf (_("%s (you)"), name != NULL ? name : stern_seat_display_name (seat));
          name = you;
        }
      else if (stern_match_get_setup (self->match)->computer[seat])
        presence = NULL;
      else if (stern_online_match_is_seat_invited (online, seat))
        /* Translators: a seat kept for someone invited, not taken yet. */
        presence = C_("presence", "invited");
      else if (!stern_online_match_is_seat_taken (online, seat))
        /* Translators: a seat nobody has taken yet in network play. */
        presence = C_("presence", "free");
      else if (stern_online_match_is_seat_replaced (online, seat))
        /* Translators: a player who gave the seat up; the computer plays it. */
        presence = C_("presence", "left · the computer plays");
      else if (stern_online_match_is_seat_connected (online, seat))
        presence = C_("presence", "connected");
      else if (stern_game_is_over (stern_match_get_game (self->match)))
        /* Translators: a player who left an online game that has ended. */
        presence = C_("presence", "left the game");
      else if (get_grace (self)->ends_us[seat] > g_get_monotonic_time ())
        {
          gint64 left_s = (get_grace (self)->ends_us[seat] - g_get_monotonic_time () + 999999) / 1000000;

          /* Translators: a player whose connection dropped, and the time
           * left to come back before the seat is given up. */
          countdown = g_strdup_printf (_("left · %d:%02d to come back"), (int) (left_s / 60),
                                       (int) (left_s % 60));
          presence = countdown;
        }
      else
        /* Translators: a player whose connection dropped; the seat is kept
         * for a while. */
        presence = C_("presence", "left · seat kept");
      stern_players_panel_set_seat_online (self->players_panel, seat, name, presence);
    }
}

static void
clear_panel (SternWindow *self)
{
  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    stern_players_panel_set_seat_online (self->players_panel, seat, NULL, NULL);
}

static void
show_banner (SternWindow *self,
             const char  *icon,
             const char  *text)
{
  if (text != NULL)
    {
      gtk_image_set_from_icon_name (self->online_banner_icon, icon);
      gtk_label_set_label (self->online_banner_label, text);
    }
  /* Hidden, not just folded: an empty label would still be read out. */
  gtk_widget_set_visible (GTK_WIDGET (self->online_banner), text != NULL);
  gtk_revealer_set_reveal_child (self->online_banner, text != NULL);
}

/* The banner says what holds the game up: a lost connection, or players
 * who have not come yet. */
static void
update_banner (SternWindow *self)
{
  SternOnlineMatch *online = STERN_ONLINE_MATCH (self->online);

  if (!stern_online_match_is_connected (online))
    show_banner (self, "network-offline-symbolic",
                 _("The connection to the server was lost. Reconnecting…"));
  else if (stern_online_match_has_room (online) && stern_online_match_is_waiting (online))
    show_banner (self, "system-users-symbolic", _("Waiting for players to join…"));
  else
    show_banner (self, NULL, NULL);
}

static gboolean
plays_here (SternWindow *self)
{
  SternOnlineMatch *online = STERN_ONLINE_MATCH (self->online);
  SternGame *game = stern_match_get_game (self->match);

  return stern_online_match_has_room (online) &&
         stern_online_match_get_local_seat (online) != STERN_NO_SEAT &&
         game != NULL && !stern_game_is_over (game);
}

static void
on_room_changed (SternWindow *self)
{
  SternGame *game = stern_match_get_game (self->match);

  /* A game in play (a rematch, another room) has not been given up. */
  if (game != NULL && !stern_game_is_over (game))
    g_object_set_data (G_OBJECT (self), FORFEIT_KEY, NULL);
  follow_grace (self);
  update_panel (self);
  /* The rematch asked for has started: "Rematch asked" no longer holds. */
  if (game != NULL && !stern_game_is_over (game))
    {
      g_autoptr (AdwToast) asked = g_object_steal_data (G_OBJECT (self), STERN_WINDOW_REMATCH_TOAST_KEY);

      if (asked != NULL)
        stern_window_withdraw_toast (self, asked);
    }
  /* Quick Play found nobody waiting: the room waits for the next one, and
   * meanwhile a game against the computer is one click away. */
  if (g_object_steal_data (G_OBJECT (self), QUICK_KEY) != NULL &&
      stern_online_match_is_waiting (STERN_ONLINE_MATCH (self->online)))
    stern_window_show_toast (self, _("Waiting for an opponent here; or play the computer meanwhile"),
                             _("_New Game"), "win.new-game");
  update_banner (self);
  if (plays_here (self))
    save_seat (self);
  else if (game != NULL && stern_game_is_over (game))
    forget_seat (self);
  /* The status names who is on turn and who left. */
  stern_window_refresh (self);
}

#define YOUR_TURN_NOTIFICATION "stern-online-your-turn"
#define NOTIFIER_KEY           "stern-notifier"

/* GLib picks one GNotification backend per process, at the first
 * notification sent or withdrawn, and sends through it only: the portal
 * in a sandbox (or when asked to by the environment), else
 * org.gtk.Notifications if it is running then, else
 * org.freedesktop.Notifications.  GLib warns for each notification that
 * service cannot take (a bare session, a test), so the name it will use
 * is watched, and nothing is sent while it is away. */
typedef struct {
  guint    watch[3];
  gboolean present[3];
  int      chosen;    /* the backend GLib uses from the first send on, or -1 */
} Notifier;

enum { NOTIFIER_PORTAL, NOTIFIER_GTK, NOTIFIER_FDO };

static const char * const notifier_names[] = {
  [NOTIFIER_PORTAL] = "org.freedesktop.portal.Desktop",
  [NOTIFIER_GTK] = "org.gtk.Notifications",
  [NOTIFIER_FDO] = "org.freedesktop.Notifications",
};

gboolean
stern_notifications_use_portal (void)
{
  const char *forced;

  if (g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    return TRUE;
  /* The variable GLib reads was renamed in 2.79; the running GLib counts,
   * not the one built against. */
  forced = g_getenv (glib_check_version (2, 79, 0) == NULL ? "GIO_USE_PORTALS" : "GTK_USE_PORTAL");
  return forced != NULL && forced[0] == '1';
}

static void
notifier_appeared (GDBusConnection *connection, const char *name, const char *owner,
                   gpointer user_data)
{
  Notifier *notifier = user_data;

  for (guint i = 0; i < G_N_ELEMENTS (notifier_names); i++)
    if (g_strcmp0 (name, notifier_names[i]) == 0)
      notifier->present[i] = TRUE;
}

static void
notifier_vanished (GDBusConnection *connection, const char *name, gpointer user_data)
{
  Notifier *notifier = user_data;

  for (guint i = 0; i < G_N_ELEMENTS (notifier_names); i++)
    if (g_strcmp0 (name, notifier_names[i]) == 0)
      notifier->present[i] = FALSE;
}

static void
notifier_free (gpointer data)
{
  Notifier *notifier = data;

  for (guint i = 0; i < G_N_ELEMENTS (notifier->watch); i++)
    if (notifier->watch[i] != 0)
      g_bus_unwatch_name (notifier->watch[i]);
  g_free (notifier);
}

/* Watched from the first call on, for the application's lifetime.  The
 * portal and the desktop's daemon may be started on demand (GLib's call
 * starts them too); org.gtk.Notifications counts only while it runs, as
 * in GLib's own check. */
static Notifier *
get_notifier (GApplication *app)
{
  Notifier *notifier = g_object_get_data (G_OBJECT (app), NOTIFIER_KEY);

  if (notifier == NULL)
    {
      notifier = g_new0 (Notifier, 1);
      notifier->chosen = -1;
      g_object_set_data_full (G_OBJECT (app), NOTIFIER_KEY, notifier, notifier_free);
      for (guint i = 0; i < G_N_ELEMENTS (notifier_names); i++)
        {
          if (i == NOTIFIER_PORTAL && !stern_notifications_use_portal ())
            continue;
          notifier->watch[i] =
            g_bus_watch_name (G_BUS_TYPE_SESSION, notifier_names[i],
                              i == NOTIFIER_GTK ? G_BUS_NAME_WATCHER_FLAGS_NONE
                                                : G_BUS_NAME_WATCHER_FLAGS_AUTO_START,
                              notifier_appeared, notifier_vanished, notifier, NULL);
        }
    }
  return notifier;
}

/* The backend GLib would pick now. */
static int
notifier_backend (Notifier *notifier)
{
  if (notifier->chosen >= 0)
    return notifier->chosen;
  if (stern_notifications_use_portal ())
    return NOTIFIER_PORTAL;
  return notifier->present[NOTIFIER_GTK] ? NOTIFIER_GTK : NOTIFIER_FDO;
}

const char *
stern_window_notification_service (GApplication *app)
{
  Notifier *notifier = get_notifier (app);
  int backend = notifier_backend (notifier);

  return notifier->present[backend] ? notifier_names[backend] : NULL;
}

/* Whether a notification sent now reaches a service; the first one fixes
 * GLib's backend, and ours with it. */
static gboolean
notifier_ready (GApplication *app)
{
  Notifier *notifier = get_notifier (app);
  int backend = notifier_backend (notifier);

  if (!notifier->present[backend])
    return FALSE;
  notifier->chosen = backend;
  return TRUE;
}

/* Only what was sent is withdrawn: a withdrawal would fix GLib's backend
 * before the desktop's service is there. */
static void
withdraw_turn (GApplication *app)
{
  Notifier *notifier = get_notifier (app);

  if (notifier->chosen >= 0 && notifier->present[notifier->chosen])
    g_application_withdraw_notification (app, YOUR_TURN_NOTIFICATION);
}

/* "Your turn" on the desktop when the window is in the background: the
 * other player may take minutes, and the player is elsewhere meanwhile. */
static void
notify_turn (SternWindow *self)
{
  SternOnlineMatch *online = STERN_ONLINE_MATCH (self->online);
  SternGame *game = stern_match_get_game (self->match);
  GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  guint mine = stern_online_match_get_local_seat (online);
  g_autoptr (GNotification) notification = NULL;
  g_autofree char *body = NULL;

  if (app == NULL)
    return;
  if (game == NULL || stern_game_is_over (game) || mine == STERN_NO_SEAT ||
      stern_game_get_turn (game) != mine || gtk_window_is_active (GTK_WINDOW (self)))
    {
      withdraw_turn (app);
      return;
    }
  if (!notifier_ready (app))
    return;
  notification = g_notification_new (_("Your turn"));
  /* Translators: %s is the local player's colour, the number the round. */
  body = g_strdup_printf (_("You play %s in the online game, round %u."),
                          stern_seat_display_name (mine), stern_game_get_round (game) + 1);
  g_notification_set_body (notification, body);
  /* Without a default action, clicking it brings the game forward. */
  g_application_send_notification (app, YOUR_TURN_NOTIFICATION, notification);
}

static void
on_active_changed (SternWindow *self)
{
  GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));

  if (app != NULL && gtk_window_is_active (GTK_WINDOW (self)))
    withdraw_turn (app);
}

static void
on_turn_started (SternWindow *self)
{
  SternGame *game = stern_match_get_game (self->match);

  update_banner (self);
  if (game != NULL && stern_game_is_over (game))
    forget_seat (self);
  if (stern_online_match_has_room (STERN_ONLINE_MATCH (self->online)))
    notify_turn (self);
}

/* Who left no longer comes back: the panel says so. */
static void
on_match_over (SternWindow *self)
{
  update_panel (self);
}

static void
on_connection_changed (SternWindow *self,
                       gboolean     connected)
{
  update_banner (self);
  if (connected)
    update_panel (self);
}

static void
on_server_error (SternWindow *self,
                 GError      *error)
{
  g_debug ("server error: %s", error->message);
  switch (error->code)
    {
    case STERN_NET_ERROR_STALE:
    case STERN_NET_ERROR_NOT_YOUR_TURN:
      /* The board already shows the game as the server has it. */
      return;
    default:
      stern_window_show_error (self, _("Network Game"), stern_online_error_text (error->code));
    }
}

/* ------------------------------------------------------------------ */
/* The room's chat, at the bottom of the side panel while online       */

#define CHAT_KEY "stern-online-chat"

typedef struct {
  GtkWidget *box;      /* in the side panel */
  GtkListBox *lines;
  GtkWidget *scroller;
  GtkEntry  *entry;
} Chat;

static void
chat_free (gpointer data)
{
  Chat *chat = data;

  if (chat->box != NULL && gtk_widget_get_parent (chat->box) != NULL)
    gtk_box_remove (GTK_BOX (gtk_widget_get_parent (chat->box)), chat->box);
  g_free (chat);
}

static void
chat_send (SternWindow *self)
{
  Chat *chat = g_object_get_data (G_OBJECT (self), CHAT_KEY);
  g_autofree char *text = NULL;

  if (chat == NULL || self->online == NULL)
    return;
  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (chat->entry))));
  if (text[0] == '\0')
    return;
  /* The server refuses longer lines: cut at a character within the limit. */
  if (strlen (text) > STERN_NET_MAX_TEXT)
    {
      const char *end = text + STERN_NET_MAX_TEXT;

      while (end > text && (*end & 0xC0) == 0x80)
        end--;
      text[end - text] = '\0';
    }
  stern_net_client_chat (stern_online_match_get_client (STERN_ONLINE_MATCH (self->online)), text);
  gtk_editable_set_text (GTK_EDITABLE (chat->entry), "");
}

static void
on_chat (SternWindow           *self,
         const SternNetMessage *msg)
{
  Chat *chat = g_object_get_data (G_OBJECT (self), CHAT_KEY);
  g_autofree char *line = NULL;
  GtkWidget *label;
  const char *who;

  if (chat == NULL)
    return;
  who = msg->name != NULL && msg->name[0] != '\0' ? msg->name
        : msg->seat != STERN_NO_SEAT ? stern_seat_display_name (msg->seat)
        : C_("chat", "A spectator");
  /* Translators: a line of the room's chat: who said it, and what. */
  line = g_strdup_printf (C_("chat", "%s: %s"), who, msg->text);
  label = gtk_label_new (line);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_list_box_append (chat->lines, label);
  gtk_widget_set_visible (chat->scroller, TRUE);
}

static void
show_chat (SternWindow *self,
           gboolean     shown)
{
  Chat *chat;
  GtkWidget *heading, *row, *send;

  if (!shown)
    {
      g_object_set_data (G_OBJECT (self), CHAT_KEY, NULL);
      return;
    }
  if (g_object_get_data (G_OBJECT (self), CHAT_KEY) != NULL)
    return;
  chat = g_new0 (Chat, 1);
  chat->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  heading = gtk_label_new (_("Room Chat"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_add_css_class (heading, "panel-heading");
  gtk_box_append (GTK_BOX (chat->box), heading);

  chat->lines = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (chat->lines, GTK_SELECTION_NONE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chat->lines), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Room Chat"), -1);
  chat->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (chat->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (chat->scroller), 80);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (chat->scroller), GTK_WIDGET (chat->lines));
  /* Hidden until someone says something. */
  gtk_widget_set_visible (chat->scroller, FALSE);
  gtk_box_append (GTK_BOX (chat->box), chat->scroller);

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  chat->entry = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (chat->entry), TRUE);
  gtk_entry_set_placeholder_text (chat->entry, _("Say something to the room"));
  gtk_entry_set_max_length (chat->entry, STERN_NET_MAX_TEXT);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chat->entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Chat message"), -1);
  g_signal_connect_object (chat->entry, "activate", G_CALLBACK (chat_send), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (chat->entry));
  send = gtk_button_new_with_label (_("Send"));
  g_signal_connect_object (send, "clicked", G_CALLBACK (chat_send), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (row), send);
  gtk_box_append (GTK_BOX (chat->box), row);

  gtk_widget_set_margin_start (chat->box, 12);
  gtk_widget_set_margin_end (chat->box, 12);
  gtk_widget_set_margin_bottom (chat->box, 6);
  gtk_box_append (GTK_BOX (self->side_panel), chat->box);
  g_object_set_data_full (G_OBJECT (self), CHAT_KEY, chat, chat_free);
}

void
stern_window_set_online (SternWindow      *self,
                         SternOnlineMatch *online)
{
  gboolean was_online;

  g_return_if_fail (STERN_IS_WINDOW (self));
  g_return_if_fail (online == NULL || STERN_IS_ONLINE_MATCH (online));

  was_online = self->online != NULL;

  if (self->online != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->match, on_turn_started, self);
      g_signal_handlers_disconnect_by_func (self->match, on_match_over, self);
      g_signal_handlers_disconnect_by_func (self, on_active_changed, self);
      g_signal_handlers_disconnect_by_func (stern_online_match_get_client (STERN_ONLINE_MATCH (self->online)),
                                            on_chat, self);
      show_chat (self, FALSE);
      /* Leaving for another game gives the seat up here; a window that
       * closes (quitting) keeps it for the next start. */
      if (gtk_widget_get_mapped (GTK_WIDGET (self)))
        forget_seat (self);
      g_signal_handlers_disconnect_by_data (self->online, self);
      stern_online_match_leave (STERN_ONLINE_MATCH (self->online));
      g_clear_object (&self->online);
      clear_panel (self);
    }
  show_banner (self, NULL, NULL);
  g_object_set_data (G_OBJECT (self), FORFEIT_KEY, NULL);
  /* The last game's result is no longer the question. */
  stern_window_close_game_over (self);

  /* A network game is the server's to keep: the local game saved on this
   * computer stays as it was. */
  if (was_online || online != NULL)
    stern_match_set_autosave_held (self->match, online != NULL);
  if (online == NULL)
    {
      if (was_online)
        stern_window_refresh (self);
      return;
    }

  self->online = g_object_ref (G_OBJECT (online));
  /* Looked for now, so that the first "Your turn" finds them. */
  if (gtk_window_get_application (GTK_WINDOW (self)) != NULL)
    get_notifier (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
  g_signal_connect_object (online, "room-changed", G_CALLBACK (on_room_changed), self,
                           G_CONNECT_SWAPPED);
  /* The game starts with the first action's "turn" as well as a room. */
  g_signal_connect_object (self->match, "turn-started", G_CALLBACK (on_turn_started), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "game-over", G_CALLBACK (on_match_over), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (online, "connection-changed", G_CALLBACK (on_connection_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self, "notify::is-active", G_CALLBACK (on_active_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (stern_online_match_get_client (online), "chat", G_CALLBACK (on_chat),
                           self, G_CONNECT_SWAPPED);
  show_chat (self, TRUE);
  g_signal_connect_object (online, "server-error", G_CALLBACK (on_server_error), self,
                           G_CONNECT_SWAPPED);
  if (stern_online_match_has_room (online))
    on_room_changed (self);
  stern_window_refresh (self);
}

SternOnlineMatch *
stern_window_get_online (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return self->online != NULL ? STERN_ONLINE_MATCH (self->online) : NULL;
}

gboolean
stern_window_is_offline_banner_shown (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);
  return self->online != NULL && gtk_revealer_get_reveal_child (self->online_banner) &&
         !stern_online_match_is_connected (STERN_ONLINE_MATCH (self->online));
}

const char *
stern_window_get_online_banner (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return gtk_revealer_get_reveal_child (self->online_banner)
         ? gtk_label_get_label (self->online_banner_label) : NULL;
}

char *
stern_window_online_status (SternWindow *self)
{
  g_autofree char *left = NULL;

  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);

  if (self->online == NULL || stern_match_get_game (self->match) == NULL)
    return NULL;
  if (stern_game_is_over (stern_match_get_game (self->match)))
    left = stern_window_online_end_reason (self);
  return stern_online_status_text (STERN_ONLINE_MATCH (self->online), self->match,
                                   self->player_name, left);
}

guint
stern_window_online_bottom_seat (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), STERN_NO_SEAT);

  return self->online != NULL
         ? stern_online_match_get_local_seat (STERN_ONLINE_MATCH (self->online)) : STERN_NO_SEAT;
}

static void
forget_rematch_toast (SternWindow *self,
                      AdwToast    *toast)
{
  /* Not a later rematch's: this one may go after it came. */
  if (g_object_get_data (G_OBJECT (self), STERN_WINDOW_REMATCH_TOAST_KEY) == toast)
    g_object_set_data (G_OBJECT (self), STERN_WINDOW_REMATCH_TOAST_KEY, NULL);
}

gboolean
stern_window_online_rematch (SternWindow *self)
{
  SternOnlineMatch *online;
  AdwToast *toast;
  SternGame *game = stern_match_get_game (self->match);

  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);

  if (self->online == NULL || game == NULL || !stern_game_is_over (game))
    return FALSE;
  online = STERN_ONLINE_MATCH (self->online);
  if (stern_online_match_get_local_seat (online) == STERN_NO_SEAT ||
      !stern_online_match_is_connected (online))
    return FALSE;
  stern_net_client_rematch (stern_online_match_get_client (online));
  toast = stern_window_show_toast (self, _("Rematch asked: it starts when every player has asked"),
                                   NULL, NULL);
  /* Withdrawn when the rematch starts (on_room_changed), or kept until
   * it goes by itself. */
  g_object_set_data_full (G_OBJECT (self), STERN_WINDOW_REMATCH_TOAST_KEY, g_object_ref (toast), g_object_unref);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (forget_rematch_toast), self,
                           G_CONNECT_SWAPPED);
  return TRUE;
}

gboolean
stern_window_online_in_play (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);
  return self->online != NULL && plays_here (self);
}

gboolean
stern_window_online_hints_barred (SternWindow *self)
{
  const SternGameSetup *setup;
  guint mine;

  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);

  if (self->online == NULL)
    return FALSE;
  mine = stern_online_match_get_local_seat (STERN_ONLINE_MATCH (self->online));
  setup = stern_match_get_setup (self->match);
  if (mine == STERN_NO_SEAT)
    return FALSE;
  /* Against a person a hint is the computer playing for one side. */
  for (guint i = 0; i < setup->variant->n_players; i++)
    if (setup->variant->seats[i] != mine && !setup->computer[setup->variant->seats[i]])
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Leaving a seated game                                               */

#define LEAVE_KEY "stern-online-leave"

typedef struct {
  SternWindowLeaveFunc then;
  gpointer             data;
  GDestroyNotify       destroy;
} Leave;

static void
leave_free (Leave *leave)
{
  if (leave->destroy != NULL)
    leave->destroy (leave->data);
  g_free (leave);
}

/* A question no longer asked (another took its place) was not a yes. */
static void
leave_answer (SternWindow *self,
              Leave       *leave,
              gboolean     yes)
{
  if (leave == NULL)
    return;
  leave->then (self, yes, leave->data);
  leave_free (leave);
}

static void
on_leave_answered (SternWindow *self,
                   gboolean     yes)
{
  leave_answer (self, g_object_steal_data (G_OBJECT (self), LEAVE_KEY), yes);
}

void
stern_window_leave_online_then (SternWindow          *self,
                                const char           *body,
                                SternWindowLeaveFunc  then,
                                gpointer              data,
                                GDestroyNotify        destroy)
{
  Leave *leave;

  g_return_if_fail (STERN_IS_WINDOW (self));
  g_return_if_fail (then != NULL);

  leave = g_new0 (Leave, 1);
  leave->then = then;
  leave->data = data;
  leave->destroy = destroy;
  if (!stern_window_online_in_play (self))
    {
      leave_answer (self, leave, TRUE);
      return;
    }
  leave_answer (self, g_object_steal_data (G_OBJECT (self), LEAVE_KEY), FALSE);
  g_object_set_data_full (G_OBJECT (self), LEAVE_KEY, leave, (GDestroyNotify) leave_free);
  stern_window_show_message (self, _("Network Game"), _("Leave the Online Game?"),
                             body != NULL ? body
                             : _("This leaves the room you play in. Your seat is kept for a "
                                 "while; after that the game goes on without you."),
                             _("_Cancel"), _("_Leave"), STERN_ALERT_DESTRUCTIVE,
                             G_CALLBACK (on_leave_answered));
}

/* ------------------------------------------------------------------ */
/* Connecting                                                          */

typedef struct {
  SternWindow       *window;    /* weak */
  SternOnlineRequest request;
  SternNetSetup      setup;
  char               code[STERN_NET_CODE_LEN + 1];
  char               token[STERN_NET_TOKEN_LEN + 1];
  char               key[STERN_NET_TOKEN_LEN + 1];   /* an invited seat's, or "" */
} GoOnline;

/* The name others see: the one in Preferences, else the user's real name
 * (as the system knows it), shortened to what the protocol carries. */
static const char *
online_name (SternWindow *self)
{
  static char *real;
  const char *name = g_get_real_name ();

  if (self->player_name != NULL && self->player_name[0] != '\0')
    name = self->player_name;
  else if (name == NULL || g_strcmp0 (name, "Unknown") == 0 || name[0] == '\0')
    return NULL;
  /* As the server will take it (characters it refuses left out, at most
   * 40 characters), so that a name never keeps anyone from playing. */
  g_free (real);
  real = stern_net_name_clean (name);
  return real;
}

static void
go_online_free (GoOnline *go)
{
  if (go->window != NULL && go->window->online_client != NULL &&
      g_object_get_data (go->window->online_client, "stern-go-online") == go)
    g_object_set_data (go->window->online_client, "stern-go-online", NULL);
  g_clear_weak_pointer (&go->window);
  g_free (go);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GoOnline *go = user_data;
  SternNetClient *client = STERN_NET_CLIENT (source);
  SternWindow *self = go->window;
  g_autoptr (GError) error = NULL;
  g_autoptr (SternOnlineMatch) online = NULL;

  if (!stern_net_client_connect_finish (client, result, &error))
    {
      gboolean for_invitation = self != NULL &&
        g_object_steal_data (G_OBJECT (self), STERN_WINDOW_OFFER_RESUME_KEY) != NULL;

      g_debug ("could not connect to the server: %s", error->message);
      /* A window opened for this invitation holds its saved game: the
       * question to continue it comes now, as at a start. */
      if (self != NULL && !(for_invitation && stern_window_offer_resume (self)))
        {
          g_autofree char *body =
            g_strdup_printf (_("Could not connect to the server: %s"), error->message);

          if (for_invitation)
            stern_match_set_autosave_held (self->match, FALSE);
          stern_window_show_error (self, _("Network Game"), body);
        }
      go_online_free (go);
      return;
    }
  if (self == NULL)
    {
      stern_net_client_close (client);
      go_online_free (go);
      return;
    }

  g_object_steal_data (G_OBJECT (self), STERN_WINDOW_OFFER_RESUME_KEY);
  /* The server reached, typed or from a link, is where Play Online goes
   * next (doc/playing.md). */
  {
    g_autofree char *address = stern_online_uri_to_address (stern_net_client_get_uri (client));

    g_settings_set_string (self->settings, "online-server", address);
  }
  online = stern_online_match_new (self->match, client);
  stern_window_set_online (self, online);
  switch (go->request)
    {
    case STERN_ONLINE_CREATE:
      stern_net_client_create (client, &go->setup, go->setup.variant->seats[0]);
      break;
    case STERN_ONLINE_JOIN:
      stern_net_client_join_with_key (client, go->code, STERN_NO_SEAT, go->key);
      break;
    case STERN_ONLINE_RESUME:
      stern_net_client_resume (client, go->code, go->token);
      break;
    case STERN_ONLINE_QUICK:
      stern_net_client_quick (client, go->setup.variant);
      g_object_set_data (G_OBJECT (self), QUICK_KEY, GINT_TO_POINTER (TRUE));
      break;
    case STERN_ONLINE_WATCH:
    default:
      stern_net_client_watch (client, go->code);
      break;
    }
  go_online_free (go);
}

SternNetClient *
stern_window_go_online (SternWindow         *self,
                        const char          *ws_uri,
                        SternOnlineRequest   request,
                        const SternNetSetup *setup,
                        const char          *code)
{
  g_autoptr (SternNetClient) client = NULL;
  GoOnline *go;
  const char *name;

  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  g_return_val_if_fail (ws_uri != NULL, NULL);
  g_return_val_if_fail ((request != STERN_ONLINE_CREATE && request != STERN_ONLINE_QUICK) ||
                        setup != NULL, NULL);
  g_return_val_if_fail (request == STERN_ONLINE_CREATE || request == STERN_ONLINE_QUICK ||
                        code != NULL, NULL);

  /* A new room is a new game here: the last one's seat is not kept. */
  if (request != STERN_ONLINE_RESUME)
    forget_seat (self);

  name = online_name (self);
  client = stern_net_client_new (name);
  go = g_new0 (GoOnline, 1);
  g_set_weak_pointer (&go->window, self);
  go->request = request;
  if (setup != NULL)
    go->setup = *setup;
  if (code != NULL)
    g_strlcpy (go->code, code, sizeof go->code);

  /* Found again by stern_window_resume_online() to give it the token. */
  g_object_set_data (G_OBJECT (client), "stern-go-online", go);
  stern_net_client_connect_async (client, ws_uri, NULL, connected_cb, go);
  /* Until the connection is made, the window keeps the client alive. */
  g_set_object (&self->online_client, G_OBJECT (client));
  return client;
}

gboolean
stern_window_resume_online (SternWindow *self)
{
  g_autofree char *path = NULL;
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autofree char *uri = NULL;
  g_autofree char *code = NULL;
  g_autofree char *token = NULL;
  g_autofree char *toast = NULL;
  SternNetClient *client;
  GoOnline *go;

  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);

  path = seat_file (self);
  if (path == NULL || !g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL))
    return FALSE;
  uri = g_key_file_get_string (file, "seat", "server", NULL);
  code = g_key_file_get_string (file, "seat", "code", NULL);
  token = g_key_file_get_string (file, "seat", "token", NULL);
  if (uri == NULL || code == NULL || token == NULL || !stern_net_code_is_valid (code) ||
      !stern_net_token_is_valid (token) ||
      !(g_str_has_prefix (uri, "ws://") || g_str_has_prefix (uri, "wss://")))
    {
      g_warning ("%s does not hold an online seat; it is removed", path);
      forget_seat (self);
      return FALSE;
    }
  client = stern_window_go_online (self, uri, STERN_ONLINE_RESUME, NULL, code);
  go = g_object_get_data (G_OBJECT (client), "stern-go-online");
  if (go != NULL)
    g_strlcpy (go->token, token, sizeof go->token);
  /* Translators: %s is the room code. */
  toast = g_strdup_printf (_("Back to the online game in room %s"), code);
  stern_window_show_toast (self, toast, _("_New Game"), "win.new-game");
  return TRUE;
}

/* A request to go online, kept while the window asks whether to leave
 * the game it plays. */
typedef struct {
  char              *uri;
  SternOnlineRequest request;
  SternNetSetup      setup;
  gboolean           has_setup;
  char               code[STERN_NET_CODE_LEN + 1];
  char               key[STERN_NET_TOKEN_LEN + 1];
  GtkWidget         *dialog;   /* weak: Play Online, hidden meanwhile */
} Going;

static Going *
going_new (const char          *uri,
           SternOnlineRequest   request,
           const SternNetSetup *setup,
           const char          *code,
           const char          *key,
           GtkWidget           *dialog)
{
  Going *going = g_new0 (Going, 1);

  going->uri = g_strdup (uri);
  going->request = request;
  going->has_setup = setup != NULL;
  if (setup != NULL)
    going->setup = *setup;
  if (code != NULL)
    g_strlcpy (going->code, code, sizeof going->code);
  if (key != NULL)
    g_strlcpy (going->key, key, sizeof going->key);
  g_set_weak_pointer (&going->dialog, dialog);
  return going;
}

static void
going_free (gpointer data)
{
  Going *going = data;

  g_clear_weak_pointer (&going->dialog);
  g_free (going->uri);
  g_free (going);
}

static SternNetClient *
going_go (SternWindow *self,
          Going       *going)
{
  SternNetClient *client = stern_window_go_online (self, going->uri, going->request,
                                                   going->has_setup ? &going->setup : NULL,
                                                   going->code[0] != '\0' ? going->code : NULL);

  if (going->key[0] != '\0')
    stern_window_set_invitation_key (client, going->key);
  return client;
}

/* The dialog that waited shows how its room goes, or goes. */
static void
go_after_leaving (SternWindow *self,
                  gboolean     leave,
                  gpointer     data)
{
  Going *going = data;
  SternNetClient *client = leave ? going_go (self, going) : NULL;

  if (going->dialog == NULL)
    return;
  if (client != NULL)
    {
      stern_online_dialog_follow (STERN_ONLINE_DIALOG (going->dialog), client);
      if (GTK_IS_WINDOW (going->dialog))
        gtk_window_present (GTK_WINDOW (going->dialog));
    }
  else
    stern_compat_dialog_force_close (going->dialog);
}

void
stern_window_open_invitation (SternWindow *self,
                              const char  *link)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *ws_uri = NULL;
  char code[STERN_NET_CODE_LEN + 1];
  char key[STERN_NET_TOKEN_LEN + 1];

  g_return_if_fail (STERN_IS_WINDOW (self));
  g_return_if_fail (link != NULL);

  if (!stern_net_invitation_parse_key (link, &ws_uri, code, key, &error))
    {
      g_autofree char *body =
        g_strdup_printf (_("This is not an invitation link: %s"), error->message);

      stern_window_show_error (self, _("Network Game"), body);
      return;
    }
  stern_window_leave_online_then (self, NULL, go_after_leaving,
                                  going_new (ws_uri, STERN_ONLINE_JOIN, NULL, code, key, NULL),
                                  going_free);
}

void
stern_window_set_invitation_key (SternNetClient *client,
                                 const char     *key)
{
  GoOnline *go;

  g_return_if_fail (STERN_IS_NET_CLIENT (client));

  go = g_object_get_data (G_OBJECT (client), "stern-go-online");
  if (go != NULL && key != NULL && stern_net_token_is_valid (key))
    g_strlcpy (go->key, key, sizeof go->key);
}

static SternNetClient *
on_dialog_go_online (SternOnlineDialog *dialog,
                     const char        *uri,
                     int                request,
                     gpointer           setup,
                     const char        *code,
                     const char        *key,
                     SternWindow       *self)
{
  gboolean waits = request == STERN_ONLINE_CREATE || request == STERN_ONLINE_QUICK;
  Going *going = going_new (uri, (SternOnlineRequest) request, setup, code, key,
                            waits ? GTK_WIDGET (dialog) : NULL);
  SternNetClient *client;

  /* Another room leaves this one: asked first, and the dialog waits. */
  if (stern_window_online_in_play (self))
    {
      stern_window_leave_online_then (self, NULL, go_after_leaving, going, going_free);
      return NULL;
    }
  client = going_go (self, going);
  going_free (going);
  return client;
}

void
stern_window_present_online_dialog (SternWindow *self)
{
  GtkWidget *dialog;

  g_return_if_fail (STERN_IS_WINDOW (self));

  dialog = stern_online_dialog_new (stern_window_get_online (self));
  g_signal_connect_object (dialog, "go-online", G_CALLBACK (on_dialog_go_online), self, 0);
  stern_compat_dialog_present (dialog, GTK_WINDOW (self), TRUE);
}
