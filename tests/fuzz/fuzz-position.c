/* libFuzzer target: position strings (stern_notation_parse_position).
 * Whatever the input, no crash; what parses prints and parses back the same.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "stern-notation.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr (GError) error = NULL;
  g_autofree char *again = NULL;
  const SternVariant *variant = NULL, *variant2 = NULL;
  SternPosition pos, pos2;

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
