/* libFuzzer target: move paths (stern_notation_parse_path).  No crash;
 * a parsed path prints and parses back the same.
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
  uint8_t path[STERN_MAX_PATH], path2[STERN_MAX_PATH];
  size_t len = 0, len2 = 0;

  if (!stern_notation_parse_path (text, path, &len, &error))
    {
      g_assert (error != NULL && error->message[0] != '\0');
      return 0;
    }
  g_assert (len >= 2 && len <= STERN_MAX_PATH);
  again = stern_notation_format_path (path, len);
  g_assert (stern_notation_parse_path (again, path2, &len2, NULL));
  g_assert (len2 == len && memcmp (path, path2, len) == 0);
  return 0;
}
