/* stern-window-online.c: network play in the game window.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "stern-window"

#include "config.h"

#include "stern-window-online.h"

#include <glib/gi18n.h>
#include <string.h>

#include "stern-window-private.h"

const char *
stern_online_error_text (SternNetErrorCode code)
{
  switch (code)
    {
    case STERN_NET_ERROR_BAD_JSON:
    case STERN_NET_ERROR_TOO_LARGE:
    case STERN_NET_ERROR_BAD_FIELD:
    case STERN_NET_ERROR_UNKNOWN_TYPE:
      return _("The server did not understand the game. Is it a Sternhalma server of the same version?");
    case STERN_NET_ERROR_VERSION:
      return _("The server speaks another version of the game’s protocol.");
    case STERN_NET_ERROR_STATE:
      return _("That is not possible now: the room is waiting for players, or your game has ended.");
    case STERN_NET_ERROR_NO_ROOM:
      return _("There is no room with this code on the server.");
    case STERN_NET_ERROR_SEAT_TAKEN:
      return _("Every seat of this room is taken. You can watch the game.");
    case STERN_NET_ERROR_BAD_TOKEN:
      return _("Your seat could not be taken back: the server does not know it any more.");
    case STERN_NET_ERROR_NOT_A_PLAYER:
      return _("You are watching this game, not playing in it.");
    case STERN_NET_ERROR_NOT_YOUR_TURN:
      return _("It is not your turn.");
    case STERN_NET_ERROR_STALE:
      return _("Another move came first; the board shows the game as it is now.");
    case STERN_NET_ERROR_ILLEGAL:
      return _("The server refused the move.");
    case STERN_NET_ERROR_GAME_OVER:
      return _("The game has ended.");
    case STERN_NET_ERROR_RATE_LIMITED:
      return _("Too many requests at once; wait a moment.");
    case STERN_NET_ERROR_FULL:
      return _("The server is full. Try again later.");
    case STERN_NET_ERROR_INTERNAL:
    case STERN_NET_N_ERRORS:
    default:
      return _("The server could not do it.");
    }
}

char *
stern_online_address_to_uri (const char  *address,
                             GError     **error)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (address != NULL ? address : ""));
  g_autofree char *host = NULL;
  gint port = -1;
  g_autofree char *full = NULL;

  if (g_str_has_prefix (trimmed, "ws://") || g_str_has_prefix (trimmed, "wss://"))
    {
      if (!g_uri_is_valid (trimmed, G_URI_FLAGS_NONE, NULL))
        goto bad;
      return g_steal_pointer (&trimmed);
    }

  full = g_strconcat ("ws://", trimmed, "/", NULL);
  if (trimmed[0] == '\0' || strchr (trimmed, '/') != NULL ||
      !g_uri_split_network (full, G_URI_FLAGS_NONE, NULL, &host, &port, NULL) ||
      host == NULL || host[0] == '\0')
    goto bad;
  if (port <= 0)
    port = STERN_NET_DEFAULT_PORT;
  return g_strdup_printf (strchr (host, ':') ? "ws://[%s]:%d/" : "ws://%s:%d/", host, port);

bad:
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _("“%s” is not a server address (HOST or HOST:PORT)."), trimmed);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Following the room                                                  */

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

      if (seat == stern_online_match_get_local_seat (online))
        {
          /* Translators: the local player's seat in network play. */
          you = g_strdup_printf (_("%s (you)"), name != NULL ? name : stern_seat_display_name (seat));
          name = you;
        }
      else if (stern_match_get_setup (self->match)->computer[seat])
        presence = NULL;
      else if (!stern_online_match_is_seat_taken (online, seat))
        /* Translators: a seat nobody has taken yet in network play. */
        presence = C_("presence", "free");
      else if (stern_online_match_is_seat_connected (online, seat))
        presence = C_("presence", "connected");
      else
        presence = C_("presence", "away");
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
             const char  *text)
{
  if (text != NULL)
    gtk_label_set_label (self->online_banner_label, text);
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
    show_banner (self, _("The connection to the server was lost. Reconnecting…"));
  else if (stern_online_match_has_room (online) && stern_online_match_is_waiting (online))
    show_banner (self, _("Waiting for players to join…"));
  else
    show_banner (self, NULL);
}

static void
on_room_changed (SternWindow *self)
{
  update_panel (self);
  update_banner (self);
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
      g_signal_handlers_disconnect_by_func (self->match, update_banner, self);
      g_signal_handlers_disconnect_by_data (self->online, self);
      stern_online_match_leave (STERN_ONLINE_MATCH (self->online));
      g_clear_object (&self->online);
      clear_panel (self);
    }
  show_banner (self, NULL);

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
  g_signal_connect_object (online, "room-changed", G_CALLBACK (on_room_changed), self,
                           G_CONNECT_SWAPPED);
  /* The game starts with the first action's "turn" as well as a room. */
  g_signal_connect_object (self->match, "turn-started", G_CALLBACK (update_banner), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (online, "connection-changed", G_CALLBACK (on_connection_changed),
                           self, G_CONNECT_SWAPPED);
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

/* ------------------------------------------------------------------ */
/* Connecting                                                          */

typedef struct {
  SternWindow       *window;    /* weak */
  SternOnlineRequest request;
  SternNetSetup      setup;
  char               code[STERN_NET_CODE_LEN + 1];
} GoOnline;

static void
go_online_free (GoOnline *go)
{
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
  g_autoptr(GError) error = NULL;
  g_autoptr(SternOnlineMatch) online = NULL;

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
  online = stern_online_match_new (self->match, client);
  stern_window_set_online (self, online);
  switch (go->request)
    {
    case STERN_ONLINE_CREATE:
      stern_net_client_create (client, &go->setup, go->setup.variant->seats[0]);
      break;
    case STERN_ONLINE_JOIN:
      stern_net_client_join (client, go->code, STERN_NO_SEAT);
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
  g_autoptr(SternNetClient) client = NULL;
  GoOnline *go;
  const char *name;

  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  g_return_val_if_fail (ws_uri != NULL, NULL);
  g_return_val_if_fail (request != STERN_ONLINE_CREATE || setup != NULL, NULL);
  g_return_val_if_fail (request == STERN_ONLINE_CREATE || code != NULL, NULL);

  name = self->player_name != NULL && self->player_name[0] != '\0' ? self->player_name : NULL;
  client = stern_net_client_new (name);
  go = g_new0 (GoOnline, 1);
  g_set_weak_pointer (&go->window, self);
  go->request = request;
  if (setup != NULL)
    go->setup = *setup;
  if (code != NULL)
    g_strlcpy (go->code, code, sizeof go->code);

  stern_net_client_connect_async (client, ws_uri, NULL, connected_cb, go);
  /* Until the connection is made, the window keeps the client alive. */
  g_set_object (&self->online_client, G_OBJECT (client));
  return client;
}

void
stern_window_open_invitation (SternWindow *self,
                              const char  *link)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *ws_uri = NULL;
  char code[STERN_NET_CODE_LEN + 1];

  g_return_if_fail (STERN_IS_WINDOW (self));
  g_return_if_fail (link != NULL);

  if (!stern_net_invitation_parse (link, &ws_uri, code, &error))
    {
      g_autofree char *body =
        g_strdup_printf (_("This is not an invitation link: %s"), error->message);

      stern_window_show_error (self, _("Network Game"), body);
      return;
    }
  stern_window_go_online (self, ws_uri, STERN_ONLINE_JOIN, NULL, code);
}
