/* stern-position-setup.c: a hand-made position checked by the engine.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n-lib.h>

#include "stern-position-setup.h"

#include "stern-game-setup.h"
#include "stern-notation.h"

gboolean
stern_position_setup_check (const SternVariant  *variant,
                            const SternPosition *pos,
                            GError             **error)
{
  g_autoptr (SternGame) game = stern_position_setup_new_game (variant, pos, error);

  return game != NULL;
}

SternGame *
stern_position_setup_new_game (const SternVariant  *variant,
                               const SternPosition *pos,
                               GError             **error)
{
  g_autoptr (GError) local = NULL;
  g_autofree char *text = NULL;
  const SternVariant *read_variant = NULL;
  SternPosition read;
  SternGame *game;

  g_return_val_if_fail (variant != NULL && pos != NULL, NULL);

  /* The engine's own reader is the judge: what it refuses in a position
   * string is not a position. */
  text = stern_notation_format_position (variant, pos);
  if (!stern_notation_parse_position (text, &read_variant, &read, &local))
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   _("Not a position: %s"), local->message);
      return NULL;
    }
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];

      if (read.marbles[seat] == 0)
        {
          g_set_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL,
                       _("%s has no marbles: every player needs at least one."),
                       stern_seat_display_name (seat));
          return NULL;
        }
    }
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (pos->marbles[s] != 0 && !stern_variant_has_seat (variant, s))
      {
        g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                     _("Not a position: %s does not play in this variant."),
                     stern_seat_display_name (s));
        return NULL;
      }

  game = stern_game_new_from_position (read_variant, STERN_PRESET_TABLE, &read, NULL);
  if (stern_game_is_over (game))
    {
      g_autofree char *result = stern_game_result_text (game);

      g_set_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL,
                   _("The game would be over at once: %s"), result);
      stern_game_free (game);
      return NULL;
    }
  return game;
}
