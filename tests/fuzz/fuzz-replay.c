/* fuzz-replay.c: a main() for a libFuzzer target built without clang, run
 * by meson: the target's seed corpus, then a generated input for every
 * variant and preset, from the start and from a position, with moves from
 * a fixed seed (fuzz-generated.h), so that the round trips are checked in
 * every build, not only by the fuzzer.
 *
 * usage: fuzz-replay CORPUS_DIR
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>

#include "stern-variant.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
main (int argc, char **argv)
{
  g_autoptr (GDir) dir = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (36);
  const char *name;
  guint n_seeds = 0, n_generated = 0;

  if (argc != 2 || (dir = g_dir_open (argv[1], 0, NULL)) == NULL)
    {
      g_printerr ("usage: fuzz-replay CORPUS_DIR\n");
      return 2;
    }
  printf ("1..2\n");
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (argv[1], name, NULL);
      g_autofree char *data = NULL;
      gsize len;

      if (g_file_get_contents (path, &data, &len, NULL))
        {
          LLVMFuzzerTestOneInput ((const uint8_t *) data, len);
          n_seeds++;
        }
    }
  printf ("ok 1 - %u seeds\n", n_seeds);

  /* Presets past STERN_N_PRESETS: the same, from a position halfway. */
  for (unsigned v = 0; v < STERN_N_ALL_VARIANTS; v++)
    for (unsigned p = 0; p < 2 * STERN_N_PRESETS; p++)
      for (guint len = 2; len < 400; len += 97)
        {
          g_autofree uint8_t *data = g_new (uint8_t, len);

          data[0] = (uint8_t) v;
          data[1] = (uint8_t) p;
          for (guint i = 2; i < len; i++)
            data[i] = (uint8_t) g_rand_int_range (rand, 0, 256);
          LLVMFuzzerTestOneInput (data, len);
          n_generated++;
        }
  printf ("ok 2 - %u generated games, every variant and preset, from the start and from a "
          "position\n", n_generated);
  return 0;
}
