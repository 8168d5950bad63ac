/* stern-online-dialog.c: "Play Online".
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "stern-online-dialog.h"

#include <glib/gi18n.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <string.h>

#include "stern-accessible.h"
#include "stern-server.h"
#include "stern-online-texts.h"

/* The key on the application under which the hosted server lives: it
 * outlasts the dialog, and stops when the application ends. */
#define HOSTED_SERVER_KEY "stern-hosted-server"

/* Every variant of two players or more: the star's and the square
 * boards' (the engine's list, so a variant added there is offered here). */
static const SternVariant *
online_variant (guint index)
{
  for (guint i = 0, n = 0; i < STERN_N_ALL_VARIANTS; i++)
    {
      const SternVariant *variant = stern_variant_get (i);

      if (variant->n_players >= 2 && n++ == index)
        return variant;
    }
  return stern_variant_get (0);
}

/* Clocks offered: reserve and increment in seconds. */
static const struct {
  guint reserve_s;
  guint increment_s;
} clocks[] = {
  { 0, 0 }, { 5 * 60, 5 }, { 15 * 60, 10 }, { 30 * 60, 30 },
};

/* The choices for a seat other than the creator's. */
enum {
  SEAT_OPEN,
  SEAT_EASY,
  SEAT_MEDIUM,
  SEAT_HARD,
  SEAT_EXPERT,
  SEAT_INVITED,
};

struct _SternOnlineDialog
{
  SternDialogBase parent_instance;

  GtkEntry    *server_entry;
  GtkEntry    *name_entry;
  char        *shown_name;   /* what the name field said at the start */
  GtkStack    *notebook;
  GtkDropDown *variant_drop;
  GtkDropDown *preset_drop;
  GtkDropDown *clock_drop;
  GtkGrid     *seats_grid;
  GtkButton   *create_button;
  GtkWidget   *invitation_box;
  GtkWidget   *invited_box;     /* a row for each invited seat's link */
  GtkLabel    *code_label;
  GtkLabel    *link_label;
  GtkButton   *copy_button;
  GtkEntry    *join_entry;
  GtkButton   *join_button;
  GtkButton   *watch_button;
  GtkButton   *host_button;
  GtkLabel    *host_label;
  GtkLabel    *status_label;
  GtkButton   *quick_button;
  GtkLabel    *lobby_label;
  GtkButton   *refresh_button;
  GtkListBox  *rooms_list;

  SternNetClient *lobby;     /* a connection of its own, for the list of rooms */
  GSettings   *settings;
  GtkDropDown *seat_drops[STERN_N_SEATS];
  SternNetClient *client;    /* of the room being created */
  char        *link_host;    /* the host friends reach */
  guint        link_port;
};

G_DEFINE_FINAL_TYPE (SternOnlineDialog, stern_online_dialog, STERN_TYPE_DIALOG_BASE)

enum {
  SIGNAL_GO_ONLINE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
show_status (SternOnlineDialog *self,
             const char        *text)
{
  gtk_label_set_label (self->status_label, text != NULL ? text : "");
  /* Hidden when empty: an empty label would be read out by its class. */
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), text != NULL && text[0] != '\0');
}

static const SternVariant *
chosen_variant (SternOnlineDialog *self)
{
  return online_variant (gtk_drop_down_get_selected (self->variant_drop));
}

static void
build_seats (SternOnlineDialog *self)
{
  const SternVariant *variant = chosen_variant (self);
  GtkWidget *child;
  const char * const kinds[] = {
    /* Translators: a seat of a network game anyone with the code may take. */
    C_("seat", "Open"),
    _("Computer: Easy"), _("Computer: Medium"), _("Computer: Hard"), _("Computer: Expert"),
    /* Translators: a seat of a network game kept for one person, who gets
     * a link of their own. */
    C_("seat", "Invited"),
    NULL,
  };

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->seats_grid))) != NULL)
    gtk_grid_remove (self->seats_grid, child);
  memset (self->seat_drops, 0, sizeof self->seat_drops);

  for (guint i = 0; i < variant->n_players; i++)
    {
      guint seat = variant->seats[i];
      GtkWidget *label = gtk_label_new (stern_seat_display_name (seat));
      GtkWidget *choice;

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_grid_attach (self->seats_grid, label, 0, i, 1, 1);
      if (i == 0)
        /* Translators: the seat the creator of a network room plays. */
        choice = gtk_label_new (_("You"));
      else
        {
          choice = gtk_drop_down_new_from_strings (kinds);
          self->seat_drops[seat] = GTK_DROP_DOWN (choice);
          stern_accessible_name_drop_down (GTK_DROP_DOWN (choice),
                                           stern_seat_display_name (seat));
        }
      gtk_widget_set_halign (choice, GTK_ALIGN_START);
      gtk_grid_attach (self->seats_grid, choice, 1, i, 1, 1);
    }
}

static char *
server_uri (SternOnlineDialog *self)
{
  g_autoptr (GError) error = NULL;
  const char *address = gtk_editable_get_text (GTK_EDITABLE (self->server_entry));
  char *uri = stern_online_address_to_uri (address, &error);

  if (uri == NULL)
    {
      show_status (self, error->message);
      return NULL;
    }
  g_settings_set_string (self->settings, "online-server", address);
  show_status (self, NULL);
  return uri;
}

static void
on_client_error (SternOnlineDialog     *self,
                 const SternNetMessage *msg)
{
  show_status (self, stern_online_error_text (msg->error));
}

static void
show_invitation (SternOnlineDialog *self,
                 const char        *code)
{
  g_autofree char *link = NULL;

  link = stern_net_invitation_format (self->link_host, self->link_port, FALSE, code);
  gtk_label_set_label (self->code_label, code);
  gtk_label_set_label (self->link_label, link != NULL ? link : "");
  gtk_widget_set_visible (self->invitation_box, TRUE);
}

static void
clear_invited (SternOnlineDialog *self)
{
  GtkWidget *heading = gtk_widget_get_first_child (self->invited_box);
  GtkWidget *row;

  while ((row = gtk_widget_get_next_sibling (heading)) != NULL)
    gtk_box_remove (GTK_BOX (self->invited_box), row);
  gtk_widget_set_visible (self->invited_box, FALSE);
}

static void
copy_invited_clicked (GtkButton *button,
                      GtkLabel  *link)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)),
                          gtk_label_get_label (link));
}

/* The creator is told each invited seat's key: a row with its own link. */
static void
on_client_invited (SternOnlineDialog     *self,
                   const SternNetMessage *msg)
{
  g_autofree char *link = stern_net_invitation_format_key (self->link_host, self->link_port, FALSE,
                                                            msg->code, msg->key);
  const char *seat = stern_seat_display_name (msg->seat);
  g_autofree char *copy_name = NULL;
  GtkWidget *row, *label, *link_label, *copy;

  if (link == NULL)
    return;
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  label = gtk_label_new (seat);
  link_label = gtk_label_new (link);
  gtk_label_set_selectable (GTK_LABEL (link_label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (link_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (link_label), PANGO_WRAP_CHAR);
  gtk_label_set_xalign (GTK_LABEL (link_label), 0);
  gtk_widget_set_hexpand (link_label, TRUE);
  copy = gtk_button_new_with_mnemonic (_("C_opy"));
  /* Translators: %s is a seat's colour, e.g. "Black". */
  copy_name = g_strdup_printf (_("Copy the invitation link for %s"), seat);
  gtk_widget_set_tooltip_text (copy, copy_name);
  stern_accessible_name_button (copy, copy_name);
  g_signal_connect (copy, "clicked", G_CALLBACK (copy_invited_clicked), link_label);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), link_label);
  gtk_box_append (GTK_BOX (row), copy);
  gtk_box_append (GTK_BOX (self->invited_box), row);
  gtk_widget_set_visible (self->invited_box, TRUE);
  gtk_widget_set_visible (self->invitation_box, TRUE);
}

static void
on_client_joined (SternOnlineDialog     *self,
                  const SternNetMessage *msg)
{
  show_invitation (self, msg->code);
}

/* Asks for the connection the user chose: the window makes it and
 * returns its client (its own), or NULL when nobody answers. */
/* The name others see is Preferences' (the window follows that setting):
 * a name typed here becomes it, and one left as shown changes nothing. */
static void
keep_name (SternOnlineDialog *self)
{
  g_autofree char *typed = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));
  g_autofree char *clean = NULL;

  if (g_strcmp0 (typed, self->shown_name) == 0)
    return;
  clean = stern_net_name_clean (typed);
  g_settings_set_string (self->settings, "player-name", clean != NULL ? clean : "");
}

static SternNetClient *
go_online (SternOnlineDialog   *self,
           const char          *uri,
           SternOnlineRequest   request,
           const SternNetSetup *setup,
           const char          *code,
           const char          *key)
{
  SternNetClient *client = NULL;

  keep_name (self);
  g_signal_emit (self, signals[SIGNAL_GO_ONLINE], 0, uri, (int) request, setup, code,
                 key != NULL && key[0] != '\0' ? key : NULL, &client);
  return client;
}

static void
follow_client (SternOnlineDialog *self,
               SternNetClient    *client)
{
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  g_set_object (&self->client, client);
  if (client == NULL)
    return;
  g_signal_connect_object (client, "error", G_CALLBACK (on_client_error), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "joined", G_CALLBACK (on_client_joined), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "invited", G_CALLBACK (on_client_invited), self,
                           G_CONNECT_SWAPPED);
}

void
stern_online_dialog_follow (SternOnlineDialog *self,
                            SternNetClient    *client)
{
  g_return_if_fail (STERN_IS_ONLINE_DIALOG (self));
  g_return_if_fail (client == NULL || STERN_IS_NET_CLIENT (client));
  follow_client (self, client);
}

/* Where friends reach the server: the host of the address, but for
 * "localhost" an address of this computer on the local network. */
static char *
local_network_address (void)
{
  struct ifaddrs *addrs = NULL;
  char *found = NULL;

  if (getifaddrs (&addrs) != 0)
    return NULL;
  for (struct ifaddrs *a = addrs; a != NULL && found == NULL; a = a->ifa_next)
    {
      g_autoptr (GInetAddress) inet = NULL;

      if (a->ifa_addr == NULL || a->ifa_addr->sa_family != AF_INET)
        continue;
      inet = g_inet_address_new_from_bytes (
        (const guint8 *) &((const struct sockaddr_in *) (const void *) a->ifa_addr)->sin_addr,
        G_SOCKET_FAMILY_IPV4);
      if (!g_inet_address_get_is_loopback (inet))
        found = g_inet_address_to_string (inet);
    }
  freeifaddrs (addrs);
  return found;
}

static guint
hosted_port (void)
{
  GApplication *app = g_application_get_default ();
  SternServer *server = app != NULL ? g_object_get_data (G_OBJECT (app), HOSTED_SERVER_KEY) : NULL;

  return server != NULL ? stern_server_get_port (server) : 0;
}

static void
set_link_host (SternOnlineDialog *self,
               const char        *uri)
{
  g_autofree char *host = NULL;
  gint port = -1;

  g_clear_pointer (&self->link_host, g_free);
  if (!g_uri_split_network (uri, G_URI_FLAGS_NONE, NULL, &host, &port, NULL))
    return;
  /* The server this app hosts listens on every address: friends reach it
   * on the local network's.  A server given by address is named as it
   * was given (one bound to 127.0.0.1 is reached only there). */
  if (hosted_port () != 0 && (guint) port == hosted_port () &&
      (g_strcmp0 (host, "localhost") == 0 || g_str_has_prefix (host, "127.")))
    {
      char *lan = local_network_address ();

      if (lan != NULL)
        {
          g_free (host);
          host = lan;
        }
    }
  self->link_host = g_steal_pointer (&host);
  self->link_port = port > 0 ? (guint) port : STERN_NET_DEFAULT_PORT;
}

/* No client yet: the window asks first whether to leave the game it
 * plays, and shows the dialog again (stern_online_dialog_follow) or
 * closes it.  A window of its own (before libadwaita 1.5) steps aside
 * for the question; a dialog inside the window has it shown over it. */
static void
wait_for_window (SternOnlineDialog *self,
                 SternNetClient    *client)
{
  if (client == NULL && GTK_IS_WINDOW (self))
    gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

static void
create_clicked (SternOnlineDialog *self)
{
  g_autofree char *uri = server_uri (self);
  const SternVariant *variant = chosen_variant (self);
  SternNetSetup setup;
  guint clock = gtk_drop_down_get_selected (self->clock_drop);
  SternNetClient *client;

  if (uri == NULL)
    return;

  memset (&setup, 0, sizeof setup);
  setup.variant = variant;
  setup.preset = gtk_drop_down_get_selected (self->preset_drop);
  if (!stern_preset_allows_variant (setup.preset, variant))
    {
      show_status (self, _("These rules are not played with this game."));
      return;
    }
  clock = MIN (clock, G_N_ELEMENTS (clocks) - 1);
  setup.reserve_ms = (gint64) clocks[clock].reserve_s * 1000;
  setup.increment_ms = (gint64) clocks[clock].increment_s * 1000;
  for (guint i = 0; i < variant->n_players; i++)
    {
      guint seat = variant->seats[i];
      guint kind = self->seat_drops[seat] != NULL
                   ? gtk_drop_down_get_selected (self->seat_drops[seat]) : SEAT_OPEN;

      if (kind == SEAT_OPEN)
        setup.seats[seat].kind = STERN_NET_SEAT_OPEN;
      else if (kind == SEAT_INVITED)
        setup.seats[seat].kind = STERN_NET_SEAT_INVITED;
      else
        {
          setup.seats[seat].kind = STERN_NET_SEAT_COMPUTER;
          setup.seats[seat].level = STERN_LEVEL_EASY + (kind - SEAT_EASY);
        }
    }

  gtk_widget_set_visible (self->invitation_box, FALSE);
  clear_invited (self);
  set_link_host (self, uri);
  client = go_online (self, uri, STERN_ONLINE_CREATE, &setup, NULL, NULL);
  follow_client (self, client);
  wait_for_window (self, client);
}

static void
join_or_watch (SternOnlineDialog  *self,
               SternOnlineRequest  request)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->join_entry))));
  g_autofree char *uri = NULL;
  char code[STERN_NET_CODE_LEN + 1];
  char key[STERN_NET_TOKEN_LEN + 1] = "";
  SternNetClient *client;

  if (g_str_has_prefix (text, "sternhalma:"))
    {
      g_autoptr (GError) error = NULL;

      if (!stern_net_invitation_parse_key (text, &uri, code, key, &error))
        {
          g_autofree char *message =
            g_strdup_printf (_("This is not an invitation link: %s"), error->message);
          show_status (self, message);
          return;
        }
    }
  else
    {
      g_autofree char *upper = g_ascii_strup (text, -1);

      if (!stern_net_code_is_valid (upper))
        {
          show_status (self, _("A room code has six letters and digits, as in “K7QM2X”."));
          return;
        }
      g_strlcpy (code, upper, sizeof code);
      uri = server_uri (self);
      if (uri == NULL)
        return;
    }

  show_status (self, NULL);
  /* An invited seat's link: its key takes the seat. */
  client = go_online (self, uri, request, NULL, code, key);
  follow_client (self, client);
  stern_compat_dialog_close (GTK_WIDGET (self));
}

/* ---- the list of open rooms ---- */

static void
clear_rooms (SternOnlineDialog *self)
{
  GtkWidget *row;

  while ((row = gtk_widget_get_first_child (GTK_WIDGET (self->rooms_list))) != NULL)
    gtk_list_box_remove (self->rooms_list, row);
}

static void
room_join_clicked (GtkButton         *button,
                   SternOnlineDialog *self)
{
  const char *code = g_object_get_data (G_OBJECT (button), "stern-code");
  g_autofree char *uri = server_uri (self);

  if (uri == NULL || code == NULL)
    return;
  follow_client (self, go_online (self, uri, STERN_ONLINE_JOIN, NULL, code, NULL));
  stern_compat_dialog_close (GTK_WIDGET (self));
}

static GtkWidget *
room_row (SternOnlineDialog       *self,
          const SternNetLobbyRoom *room)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label, *button;
  g_autoptr (GString) free_seats = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_autofree char *spoken = NULL;

  for (guint i = 0; i < room->n_open; i++)
    {
      if (i > 0)
        g_string_append (free_seats, ", ");
      g_string_append (free_seats, stern_seat_display_name (room->open_seats[i]));
    }
  if (room->host[0] != '\0')
    /* Translators: an open room in the list: its code, the name of the
     * person who made it (or sits first), the game, the rules, how many
     * people sit there, and the free seats' colours. */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Room %s · %s · %s · %s · %u player · free: %s",
                                         "Room %s · %s · %s · %s · %u players · free: %s",
                                         room->players),
                            room->code, room->host, stern_variant_display_name (room->variant),
                            stern_preset_display_name (room->preset), room->players,
                            free_seats->str);
  else
    /* Translators: an open room in the list whose host is not known (no
     * name given, or an older server): its code, the game, the rules, how
     * many people sit there, and the free seats' colours. */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Room %s · %s · %s · %u player · free: %s",
                                         "Room %s · %s · %s · %u players · free: %s",
                                         room->players),
                            room->code, stern_variant_display_name (room->variant),
                            stern_preset_display_name (room->preset), room->players,
                            free_seats->str);
  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);

  button = gtk_button_new_with_label (_("Join"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  /* Translators: the button of a room in the list; %s is the room code. */
  spoken = g_strdup_printf (_("Join room %s"), room->code);
  stern_accessible_name_button (button, spoken);
  gtk_widget_set_tooltip_text (button, spoken);
  g_object_set_data_full (G_OBJECT (button), "stern-code", g_strdup (room->code), g_free);
  g_signal_connect_object (button, "clicked", G_CALLBACK (room_join_clicked), self, 0);
  gtk_box_append (GTK_BOX (box), button);

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);
  return box;
}

static void
on_lobby (SternOnlineDialog     *self,
          const SternNetMessage *msg)
{
  g_autofree char *heading = NULL;

  clear_rooms (self);
  for (guint i = 0; msg->rooms != NULL && i < msg->rooms->len; i++)
    gtk_list_box_append (self->rooms_list,
                         room_row (self, &g_array_index (msg->rooms, SternNetLobbyRoom, i)));
  if (msg->rooms == NULL || msg->rooms->len == 0)
    {
      GtkWidget *none = gtk_label_new (_("No room waits for players now. Create one, or try Quick Play."));

      gtk_label_set_wrap (GTK_LABEL (none), TRUE);
      gtk_widget_set_margin_top (none, 12);
      gtk_widget_set_margin_bottom (none, 12);
      gtk_list_box_append (self->rooms_list, none);
    }
  /* Translators: as a club's lobby says it: people connected to the
   * server, and those of them waiting in a room for an opponent. */
  heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Open rooms · online now: %u · %u looking for an opponent",
                                          "Open rooms · online now: %u · %u looking for an opponent",
                                          msg->looking),
                             msg->online, msg->looking);
  gtk_label_set_label (self->lobby_label, heading);
}

static void
lobby_connected (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (SternOnlineDialog) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!stern_net_client_connect_finish (STERN_NET_CLIENT (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
          self->lobby == STERN_NET_CLIENT (source))
        {
          g_autofree char *text =
            g_strdup_printf (_("Open rooms · the server cannot be reached: %s"), error->message);
          gtk_label_set_label (self->lobby_label, text);
        }
      return;
    }
  if (self->lobby == STERN_NET_CLIENT (source))
    stern_net_client_list (self->lobby);
}

static void
refresh_rooms (SternOnlineDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *uri =
    stern_online_address_to_uri (gtk_editable_get_text (GTK_EDITABLE (self->server_entry)), &error);

  if (uri == NULL)
    return;
  if (self->lobby != NULL && stern_net_client_is_connected (self->lobby) &&
      g_strcmp0 (stern_net_client_get_uri (self->lobby), uri) == 0)
    {
      stern_net_client_list (self->lobby);
      return;
    }
  if (self->lobby != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->lobby, self);
      stern_net_client_close (self->lobby);
      g_clear_object (&self->lobby);
    }
  self->lobby = stern_net_client_new (NULL);
  g_signal_connect_object (self->lobby, "lobby", G_CALLBACK (on_lobby), self, G_CONNECT_SWAPPED);
  gtk_label_set_label (self->lobby_label, _("Open rooms · connecting…"));
  stern_net_client_connect_async (self->lobby, uri, NULL, lobby_connected, g_object_ref (self));
}

/* Another server typed: the rooms and the error shown were the last one's. */
static void
on_server_changed (SternOnlineDialog *self)
{
  if (self->lobby == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->lobby, self);
  stern_net_client_close (self->lobby);
  g_clear_object (&self->lobby);
  clear_rooms (self);
  gtk_label_set_label (self->lobby_label, _("Open rooms"));
}

static void
on_page_changed (SternOnlineDialog *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->notebook), "join") == 0)
    refresh_rooms (self);
}

static void
quick_clicked (SternOnlineDialog *self)
{
  g_autofree char *uri = server_uri (self);
  SternNetSetup setup;
  SternNetClient *client;

  if (uri == NULL)
    return;
  memset (&setup, 0, sizeof setup);
  setup.variant = chosen_variant (self);
  gtk_widget_set_visible (self->invitation_box, FALSE);
  set_link_host (self, uri);
  client = go_online (self, uri, STERN_ONLINE_QUICK, &setup, NULL, NULL);
  follow_client (self, client);
  wait_for_window (self, client);
}

static void
join_clicked (SternOnlineDialog *self)
{
  join_or_watch (self, STERN_ONLINE_JOIN);
}

static void
watch_clicked (SternOnlineDialog *self)
{
  join_or_watch (self, STERN_ONLINE_WATCH);
}

static void
copy_clicked (SternOnlineDialog *self)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)),
                          gtk_label_get_label (self->link_label));
}

static void
show_hosted (SternOnlineDialog *self,
             SternServer       *server)
{
  g_autofree char *lan = local_network_address ();
  g_autofree char *text = NULL;
  g_autofree char *address = NULL;
  guint port = stern_server_get_port (server);

  /* Translators: where the game server started in the app can be reached. */
  text = g_strdup_printf (_("Hosting at %s:%u"), lan != NULL ? lan : "localhost", port);
  gtk_label_set_label (self->host_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->host_label), TRUE);
  address = g_strdup_printf ("localhost:%u", port);
  gtk_editable_set_text (GTK_EDITABLE (self->server_entry), address);
  gtk_widget_set_sensitive (GTK_WIDGET (self->host_button), FALSE);
}

gboolean
stern_online_dialog_host (SternOnlineDialog  *self,
                          const char         *address,
                          GError            **error)
{
  GApplication *app = g_application_get_default ();
  g_autoptr (SternServer) server = NULL;
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (STERN_IS_ONLINE_DIALOG (self), FALSE);
  g_return_val_if_fail (app != NULL, FALSE);

  server = g_object_get_data (G_OBJECT (app), HOSTED_SERVER_KEY);
  if (server != NULL)
    {
      show_hosted (self, server);
      g_steal_pointer (&server);
      return TRUE;
    }

  server = stern_server_new (NULL);
  /* The usual port when it is free, else any. */
  if (!stern_server_listen (server, address, STERN_NET_DEFAULT_PORT, NULL, &local_error))
    {
      g_clear_error (&local_error);
      if (!stern_server_listen (server, address, 0, NULL, &local_error))
        {
          g_autofree char *message =
            g_strdup_printf (_("Could not start the server: %s"), local_error->message);
          show_status (self, message);
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }
  show_hosted (self, server);
  g_object_set_data_full (G_OBJECT (app), HOSTED_SERVER_KEY, g_steal_pointer (&server),
                          g_object_unref);
  return TRUE;
}

static void
host_clicked (SternOnlineDialog *self)
{
  stern_online_dialog_host (self, NULL, NULL);
}

static void
stern_online_dialog_dispose (GObject *object)
{
  SternOnlineDialog *self = STERN_ONLINE_DIALOG (object);

  follow_client (self, NULL);
  if (self->lobby != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->lobby, self);
      stern_net_client_close (self->lobby);
      g_clear_object (&self->lobby);
    }
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), STERN_TYPE_ONLINE_DIALOG);

  G_OBJECT_CLASS (stern_online_dialog_parent_class)->dispose (object);
}

static void
stern_online_dialog_finalize (GObject *object)
{
  SternOnlineDialog *self = STERN_ONLINE_DIALOG (object);

  g_free (self->link_host);
  g_free (self->shown_name);

  G_OBJECT_CLASS (stern_online_dialog_parent_class)->finalize (object);
}

static void
stern_online_dialog_class_init (SternOnlineDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_online_dialog_dispose;
  object_class->finalize = stern_online_dialog_finalize;

  /**
   * SternOnlineDialog::go-online:
   * @uri: the server's ws:// or wss:// address
   * @request: a SternOnlineRequest
   * @setup: (nullable): the room's SternNetSetup (create, quick play)
   * @code: (nullable): the room code (join, watch)
   * @key: (nullable): an invited seat's key
   *
   * The user asked to go online.  Returns the SternNetClient the
   * connection is made with, owned by the handler, for the dialog to show
   * how it goes; NULL when it is not made.
   */
  signals[SIGNAL_GO_ONLINE] =
    g_signal_new ("go-online", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_first_wins, NULL, NULL, G_TYPE_POINTER, 5,
                  G_TYPE_STRING, G_TYPE_INT, G_TYPE_POINTER, G_TYPE_STRING, G_TYPE_STRING);

  stern_compat_dialog_class_set_template (widget_class,
                                          "/io/github/sternhalma/Sternhalma/ui/stern-online-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SternOnlineDialog, name)
  BIND (server_entry);
  BIND (name_entry);
  BIND (notebook);
  BIND (variant_drop);
  BIND (preset_drop);
  BIND (clock_drop);
  BIND (seats_grid);
  BIND (create_button);
  BIND (invitation_box);
  BIND (invited_box);
  BIND (code_label);
  BIND (link_label);
  BIND (copy_button);
  BIND (join_entry);
  BIND (join_button);
  BIND (watch_button);
  BIND (host_button);
  BIND (host_label);
  BIND (status_label);
  BIND (quick_button);
  BIND (lobby_label);
  BIND (refresh_button);
  BIND (rooms_list);
#undef BIND
  stern_compat_dialog_class_init (widget_class);
}

static void
stern_online_dialog_init (SternOnlineDialog *self)
{
  g_autoptr (GtkStringList) variants = gtk_string_list_new (NULL);
  g_autoptr (GtkStringList) presets = gtk_string_list_new (NULL);
  g_autoptr (GtkStringList) clock_names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  stern_compat_dialog_set_size (GTK_WIDGET (self), 440, -1);
  self->settings = g_settings_new (APP_ID);

  for (guint i = 0; i < STERN_N_ALL_VARIANTS; i++)
    if (stern_variant_get (i)->n_players >= 2)
      gtk_string_list_append (variants, stern_variant_display_name (stern_variant_get (i)));
  gtk_drop_down_set_model (self->variant_drop, G_LIST_MODEL (variants));
  for (guint p = 0; p < STERN_N_PRESETS; p++)
    gtk_string_list_append (presets, stern_preset_display_name (p));
  gtk_drop_down_set_model (self->preset_drop, G_LIST_MODEL (presets));
  for (guint i = 0; i < G_N_ELEMENTS (clocks); i++)
    {
      g_autofree char *name = NULL;

      if (clocks[i].reserve_s == 0)
        /* As in the New Game dialog. */
        name = g_strdup (C_("clock", "Off"));
      else
        /* Translators: a game clock: minutes for the game, seconds added after each move. */
        name = g_strdup_printf (_("%u min + %u s"), clocks[i].reserve_s / 60,
                                clocks[i].increment_s);
      gtk_string_list_append (clock_names, name);
    }
  gtk_drop_down_set_model (self->clock_drop, G_LIST_MODEL (clock_names));
  build_seats (self);
  stern_accessible_fix_names (GTK_WIDGET (self));
  show_status (self, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->host_label), FALSE);

  {
    g_autofree char *server = g_settings_get_string (self->settings, "online-server");
    g_autofree char *name = g_settings_get_string (self->settings, "player-name");
    const char *real = g_get_real_name ();

    gtk_editable_set_text (GTK_EDITABLE (self->server_entry), server);
    /* As the window names the player without one in Preferences
     * (stern-window-online.c): the system's name for the user, if any. */
    if (name[0] == '\0' && real != NULL && g_strcmp0 (real, "Unknown") != 0)
      {
        g_free (name);
        name = g_strdup (real);
      }
    gtk_editable_set_text (GTK_EDITABLE (self->name_entry), name);
    self->shown_name = g_steal_pointer (&name);
  }

  g_signal_connect_object (self->variant_drop, "notify::selected", G_CALLBACK (build_seats),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->create_button, "clicked", G_CALLBACK (create_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->join_button, "clicked", G_CALLBACK (join_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->watch_button, "clicked", G_CALLBACK (watch_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->join_entry, "activate", G_CALLBACK (join_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->copy_button, "clicked", G_CALLBACK (copy_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->host_button, "clicked", G_CALLBACK (host_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->quick_button, "clicked", G_CALLBACK (quick_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->refresh_button, "clicked", G_CALLBACK (refresh_rooms), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->notebook, "notify::visible-child", G_CALLBACK (on_page_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server_entry, "changed", G_CALLBACK (on_server_changed), self,
                           G_CONNECT_SWAPPED);
  /* Enter in the Server field lists the rooms there. */
  g_signal_connect_object (self->server_entry, "activate", G_CALLBACK (on_page_changed), self,
                           G_CONNECT_SWAPPED);

  /* Already hosting: say where. */
  if (g_application_get_default () != NULL &&
      g_object_get_data (G_OBJECT (g_application_get_default ()), HOSTED_SERVER_KEY) != NULL)
    show_hosted (self, g_object_get_data (G_OBJECT (g_application_get_default ()),
                                          HOSTED_SERVER_KEY));
}

GtkWidget *
stern_online_dialog_new (SternOnlineMatch *online)
{
  SternOnlineDialog *self;

  g_return_val_if_fail (online == NULL || STERN_IS_ONLINE_MATCH (online), NULL);

  self = g_object_new (STERN_TYPE_ONLINE_DIALOG, NULL);

  /* Opened again while in a room: its invitation is still there to send,
   * until its game is over. */
  if (online != NULL && stern_online_match_has_room (online))
    {
      SternNetClient *client = stern_online_match_get_client (online);
      const SternGame *game = stern_net_client_get_game (client);

      if (stern_net_client_get_uri (client) != NULL && stern_net_client_get_code (client) != NULL &&
          (game == NULL || !stern_game_is_over (game)))
        {
          set_link_host (self, stern_net_client_get_uri (client));
          show_invitation (self, stern_net_client_get_code (client));
        }
    }
  return GTK_WIDGET (self);
}

const char *
stern_online_dialog_get_code (SternOnlineDialog *self)
{
  g_return_val_if_fail (STERN_IS_ONLINE_DIALOG (self), NULL);
  return gtk_label_get_label (self->code_label);
}

const char *
stern_online_dialog_get_link (SternOnlineDialog *self)
{
  g_return_val_if_fail (STERN_IS_ONLINE_DIALOG (self), NULL);
  return gtk_label_get_label (self->link_label);
}

const char *
stern_online_dialog_get_host_text (SternOnlineDialog *self)
{
  g_return_val_if_fail (STERN_IS_ONLINE_DIALOG (self), NULL);
  return gtk_label_get_label (self->host_label);
}
