/* libFuzzer target: position strings (stern_notation_parse_position).
 * Whatever the input, no crash; what parses prints and parses back the same.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "stern-notation.h"

#include "fuzz-generated.h"

/* The position of a game of the input's variant, preset and moves: its
 * string reads back. */
static void
generated_round_trip (const uint8_t *data, size_t size)
{
  SternPreset preset;
  g_autoptr (SternGame) game = fuzz_generated_game (data, size, &preset);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  const SternVariant *variant = NULL;
  SternPosition pos;

  if (game == NULL)
    return;
  text = stern_notation_format_position (stern_game_get_variant (game), stern_game_get_position (game));
  if (!stern_notation_parse_position (text, &variant, &pos, &error))
    g_error ("a position the engine wrote does not read back: %s\n%s", error->message, text);
  g_assert (variant == stern_game_get_variant (game));
  g_assert (memcmp (pos.cell, stern_game_get_position (game)->cell, sizeof pos.cell) == 0);
  g_assert (pos.to_move == stern_game_get_position (game)->to_move);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr (GError) error = NULL;
  g_autofree char *again = NULL;
  const SternVariant *variant = NULL, *variant2 = NULL;
  SternPosition pos, pos2;

  generated_round_trip (data, size);
  if (!stern_notation_parse_position (text, &variant, &pos, &error))
    {
      g_assert (error != NULL && error->message[0] != '\0');
      return 0;
    }
  again = stern_notation_format_position (variant, &pos);
  g_assert (stern_notation_parse_position (again, &variant2, &pos2, NULL));
  g_assert (variant2 == variant);
  g_assert (memcmp (pos.cell, pos2.cell, sizeof pos.cell) == 0 && pos.to_move == pos2.to_move);
  return 0;
}
