/* stern-online-texts.c: the words of network play that the window and the
 * Play Online dialog both use: a protocol error for people, and the
 * server address people type turned into a WebSocket address.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "stern-online-texts.h"

#include <glib/gi18n.h>
#include <string.h>

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

char *
stern_online_uri_to_address (const char *uri)
{
  g_autofree char *host = NULL;
  g_autofree char *path = NULL;
  g_autofree char *scheme = NULL;
  g_autofree char *short_form = NULL;
  g_autofree char *back = NULL;
  gint port = -1;

  g_return_val_if_fail (uri != NULL, NULL);

  if (!g_uri_split (uri, G_URI_FLAGS_NONE, &scheme, NULL, &host, &port, &path, NULL, NULL, NULL) ||
      host == NULL || port <= 0)
    return g_strdup (uri);
  short_form = g_strdup_printf (strchr (host, ':') ? "[%s]:%d" : "%s:%d", host, port);
  /* Only when the short form reads back as the same server. */
  back = stern_online_address_to_uri (short_form, NULL);
  return g_strcmp0 (back, uri) == 0 ? g_steal_pointer (&short_form) : g_strdup (uri);
}
