/* stern-online-texts.c: the words of network play that the window and the
 * Play Online dialog use: a protocol error for people, the server address
 * people type turned into a WebSocket address, and the status line of an
 * online game.
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

char *
stern_online_status_text (SternOnlineMatch *online,
                          SternMatch       *match,
                          const char       *player_name,
                          const char       *left)
{
  SternGame *game;
  const SternGameSetup *setup;
  guint mine, turn;
  g_autofree char *name = NULL;
  char *text;
  const SternNetMessage *room;

  g_return_val_if_fail (STERN_IS_ONLINE_MATCH (online), NULL);
  g_return_val_if_fail (STERN_IS_MATCH (match), NULL);

  game = stern_match_get_game (match);
  setup = stern_match_get_setup (match);
  if (game == NULL)
    return NULL;
  if (!stern_online_match_is_connected (online))
    return g_strdup (_("Connection lost · reconnecting…"));
  if (!stern_online_match_has_room (online))
    return g_strdup (_("Connecting…"));
  if (stern_online_match_is_waiting (online))
    /* Translators: %s is the room code friends type to join. */
    return g_strdup_printf (_("Waiting for players · room %s"),
                            stern_net_client_get_code (stern_online_match_get_client (online)));
  if (stern_game_is_over (game))
    {
      const SternVariant *variant = stern_game_get_variant (game);
      g_autofree char *over = stern_match_get_status_text (match, player_name);

      /* Given up by leaving: that, not "resigned", is why it ended. */
      if (left != NULL)
        {
          g_autofree char *result = stern_game_result_text (game);

          g_free (over);
          /* Translators: the first %s is the result ("White wins"), the
           * second why the game ended ("Anna left the game.") */
          over = g_strdup_printf (_("Game over: %s. %s"), result, left);
        }

      /* Who gave up by leaving, not by resigning. */
      for (guint i = 0; i < variant->n_players; i++)
        {
          guint seat = variant->seats[i];
          const char *seat_name = stern_online_match_get_seat_name (online, seat);

          if (left == NULL && stern_online_match_is_seat_taken (online, seat) &&
              !setup->computer[seat] && !stern_online_match_is_seat_connected (online, seat))
            /* Translators: %s is a player who left an online game that
             * then ended; the game's result follows. */
            return g_strdup_printf (_("%s left the game · %s"),
                                    seat_name != NULL ? seat_name : stern_seat_display_name (seat),
                                    over);
        }
      {
        const SternNetMessage *last = stern_net_client_get_room (stern_online_match_get_client (online));
        g_autoptr (GString) asked = g_string_new (NULL);

        for (guint i = 0; last != NULL && i < variant->n_players; i++)
          if (last->rematch[variant->seats[i]])
            {
              const char *seat_name = stern_online_match_get_seat_name (online, variant->seats[i]);

              if (asked->len > 0)
                g_string_append (asked, ", ");
              g_string_append (asked, seat_name != NULL ? seat_name
                                                        : stern_seat_display_name (variant->seats[i]));
            }
        if (asked->len > 0)
          /* Translators: the game's result, then who asked to play again. */
          return g_strdup_printf (_("%s · rematch asked by %s"), over, asked->str);
      }
      return g_steal_pointer (&over);
    }

  mine = stern_online_match_get_local_seat (online);
  turn = stern_game_get_turn (game);
  if (turn == STERN_NO_SEAT)
    return NULL;
  if (turn == mine)
    /* Translators: %s is the local player's colour, the number the round. */
    text = g_strdup_printf (_("Your turn (%s) · Round %u"), stern_seat_display_name (mine),
                            stern_game_get_round (game) + 1);
  else
    {
      name = g_strdup (stern_online_match_get_seat_name (online, turn));
      if (name == NULL)
        name = g_strdup (stern_seat_display_name (turn));
      if (stern_online_match_is_seat_taken (online, turn) &&
          !stern_online_match_is_seat_connected (online, turn))
        /* Translators: the player on turn lost the connection or quit;
         * %s is a colour or the player's name. */
        text = g_strdup_printf (_("%s left · waiting for them to come back · Round %u"), name,
                                stern_game_get_round (game) + 1);
      else if (mine == STERN_NO_SEAT)
        /* Translators: a spectator's status line; %s is a colour or a name. */
        text = g_strdup_printf (_("Watching · %s to move · Round %u"), name,
                                stern_game_get_round (game) + 1);
      else
        /* Translators: %s is a colour or the player's name. */
        text = g_strdup_printf (_("%s to move · Round %u"), name, stern_game_get_round (game) + 1);
    }
  /* Everyone in the room sees how many watch. */
  room = stern_net_client_get_room (stern_online_match_get_client (online));
  if (room != NULL && room->spectators > 0)
    {
      char *with = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u watching",
                                                 "%s · %u watching", room->spectators),
                                    text, room->spectators);
      g_free (text);
      text = with;
    }
  return text;
}
