/* fuzz-replay-files.c: a main() for a network fuzz target built without
 * libFuzzer, run by meson on the seed corpus: the target once on each file
 * named on the command line, so that every seed stays a regression test
 * with any compiler.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
main (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      g_autofree char *contents = NULL;
      gsize len;
      g_autoptr (GError) error = NULL;

      if (!g_file_get_contents (argv[i], &contents, &len, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      LLVMFuzzerTestOneInput ((const uint8_t *) contents, len);
    }
  g_print ("%d inputs replayed\n", argc - 1);
  return 0;
}
