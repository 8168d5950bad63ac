/* fuzz-generated.h: a game played from a fuzzer's bytes, for the
 * round-trip targets: the first two bytes choose the variant and preset
 * (every pair, also the ones the engine refuses) and whether the game
 * starts from a position reached halfway (as the position editor and the
 * command line start games: a Position tag, the counters at 0), each next
 * byte a legal move.  Whatever the writers make of it, the readers must
 * take back.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-game.h"
#include "stern-notation.h"

/* The game, or NULL when the pair is one stern_preset_check() refuses;
 * then the record reader must refuse it too (asserted here). */
static inline SternGame *
fuzz_generated_game (const uint8_t *data, size_t size, SternPreset *preset_out)
{
  g_autofree SternMove *moves = NULL;
  const SternVariant *variant;
  SternPreset preset;
  SternGame *game;

  if (size < 2)
    return NULL;
  variant = stern_variant_get (data[0] % STERN_N_ALL_VARIANTS);
  preset = (SternPreset) (data[1] % STERN_N_PRESETS);
  *preset_out = preset;
  if (!stern_preset_check (preset, variant, NULL))
    {
      g_autofree char *text = g_strdup_printf ("[Variant \"%s\"]\n[Preset \"%s\"]\n", variant->id,
                                               stern_preset_name (preset));
      g_autoptr (GError) error = NULL;
      g_autoptr (SternGame) refused = stern_record_read (text, NULL, &error);

      g_assert (refused == NULL && error != NULL);
      return NULL;
    }
  game = stern_game_new (variant, preset);
  moves = g_new (SternMove, STERN_MAX_MOVES);
  for (size_t i = 2; i < size && !stern_game_is_over (game); i++)
    {
      size_t n;

      if (i == 2 + (size - 2) / 2 && (data[1] / STERN_N_PRESETS) & 1)
        {
          SternPosition pos = *stern_game_get_position (game);

          stern_game_free (game);
          game = stern_game_new_from_position (variant, preset, &pos, NULL);
          if (stern_game_is_over (game))
            break;
        }
      if (stern_game_must_pass (game))
        {
          g_assert (stern_game_pass (game, NULL));
          continue;
        }
      n = stern_game_legal_moves (game, moves);
      if (n == 0)
        break;
      g_assert (stern_game_play (game, moves[data[i] % n].from, moves[data[i] % n].to, NULL));
    }
  return game;
}
