/* fuzz-net-protocol.c: libFuzzer target for the network protocol's parser
 * (src/net/stern-net-protocol.c).  Every input is parsed as a client and as
 * a server message; whatever parses must write back to JSON that parses to
 * the same text again, and a room's actions are replayed on a game.
 *
 * Linked with fuzz-replay-files.c it is a plain program that runs the
 * target once on each file named on the command line (the seed corpus
 * test, with any compiler).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "fuzz-net"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stern-net-protocol.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_direction (const uint8_t *data, size_t size, SternNetDirection direction)
{
  g_autoptr (SternNetMessage) msg = NULL;
  g_autoptr (SternNetMessage) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *field = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json2 = NULL;

  msg = stern_net_message_parse ((const char *) data, size, direction, &field, &error);
  if (msg == NULL)
    {
      /* A refusal always says why, in UTF-8 a client can show. */
      if (error == NULL || error->domain != STERN_NET_ERROR ||
          !g_utf8_validate (error->message, -1, NULL))
        abort ();
      return;
    }
  if (error != NULL || field != NULL)
    abort ();

  json = stern_net_message_to_json (msg);
  again = stern_net_message_parse (json, strlen (json), direction, NULL, NULL);
  if (again == NULL)
    abort ();
  json2 = stern_net_message_to_json (again);
  if (strcmp (json, json2) != 0)
    abort ();

  /* A path is read on each kind of board; what it names there must be
   * written back the same way. */
  if (msg->type == STERN_NET_MSG_MOVE || msg->type == STERN_NET_MSG_ACTION)
    {
      static const char *const boards[] = { "classic-2", "halma-8", "halma-10", "ugolki" };

      for (unsigned i = 0; i < G_N_ELEMENTS (boards) && msg->path_text != NULL; i++)
        {
          const SternVariant *variant = stern_variant_lookup (boards[i]);

          if (variant != NULL && stern_net_message_resolve_path (msg, variant, NULL) &&
              (msg->path_len < 2 || msg->path_len > STERN_MAX_PATH))
            abort ();
        }
    }

  if (msg->type == STERN_NET_MSG_ROOM)
    {
      g_autoptr (SternGame) game = stern_game_new (msg->setup.variant, msg->setup.preset);
      for (guint i = 0; i < msg->actions->len; i++)
        if (!stern_net_apply_action_text (game, g_ptr_array_index (msg->actions, i), NULL))
          break;
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  check_direction (data, size, STERN_NET_TO_SERVER);
  check_direction (data, size, STERN_NET_TO_CLIENT);
  return 0;
}
