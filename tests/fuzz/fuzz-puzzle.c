/* libFuzzer target: puzzle lines and sets (stern_puzzle_parse_set).
 * Whatever the input, no crash; a line that parses prints and parses back
 * the same, and its solution can be judged as an answer.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "stern-puzzle.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) set = stern_puzzle_parse_set (text, &error);

  if (set == NULL)
    {
      g_assert (error != NULL && g_str_has_prefix (error->message, "line "));
      return 0;
    }
  for (guint i = 0; i < set->len; i++)
    {
      const SternPuzzle *p = &g_array_index (set, SternPuzzle, i);
      g_autofree char *line = stern_puzzle_format (p);
      SternPuzzle again;

      if (!stern_puzzle_parse (line, &again, &error))
        g_error ("a puzzle the engine wrote does not read back: %s\n%s", error->message, line);
      g_assert_cmpstr (again.id, ==, p->id);
      g_assert (again.kind == p->kind && again.win_moves == p->win_moves);
      g_assert (again.difficulty == p->difficulty && again.margin_tenths == p->margin_tenths);
      g_assert (again.variant == p->variant);
      g_assert (memcmp (again.pos.cell, p->pos.cell, sizeof again.pos.cell) == 0);
      g_assert (again.solution_len == p->solution_len &&
                memcmp (again.solution, p->solution, p->solution_len) == 0);
      (void) stern_puzzle_check_answer (p, p->solution, p->solution_len);
    }
  return 0;
}
