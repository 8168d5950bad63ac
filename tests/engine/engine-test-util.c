/* engine-test-util.c: helpers shared by the tests from hand-made positions.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "engine-test-util"

#include "engine-test-util.h"

#include <string.h>

unsigned
engine_test_cell_of (const char *name)
{
  unsigned cell = stern_board_hole_parse (name, strlen (name));

  if (cell == STERN_NO_CELL)
    g_error ("the test names no hole: \"%s\"", name);
  return cell;
}

SternSet
engine_test_set_of (const char *list)
{
  g_auto (GStrv) names = g_strsplit (list, ",", -1);
  SternSet set = 0;

  for (guint i = 0; names[i] != NULL; i++)
    if (names[i][0] != '\0')
      set |= stern_set_bit (engine_test_cell_of (names[i]));
  return set;
}

char *
engine_test_set_names (SternSet set)
{
  GString *text = g_string_new (NULL);

  while (set)
    {
      char name[STERN_HOLE_NAME_MAX];

      stern_board_hole_name (stern_set_pop (&set), name);
      if (text->len > 0)
        g_string_append_c (text, ',');
      g_string_append (text, name);
    }
  return g_string_free (text, FALSE);
}

SternGame *
engine_test_game_at (const char *text,
                     SternPreset preset,
                     unsigned    white_made)
{
  const unsigned made[STERN_N_SEATS] = { white_made, 0, 0, 0, 0, 0 };
  g_autoptr (GError) error = NULL;
  const SternVariant *variant;
  SternPosition pos;

  if (!stern_notation_parse_position (text, &variant, &pos, &error))
    g_error ("cannot parse \"%s\": %s", text, error->message);
  return stern_game_new_from_position (variant, preset, &pos, made);
}

SternGame *
engine_test_game_made (const char *text,
                       unsigned    made)
{
  unsigned moves_made[STERN_N_SEATS];
  g_autoptr (GError) error = NULL;
  const SternVariant *variant;
  SternPosition pos;

  if (!stern_notation_parse_position (text, &variant, &pos, &error))
    g_error ("cannot parse \"%s\": %s", text, error->message);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    moves_made[s] = made;
  return stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos, moves_made);
}

void
engine_test_play (SternGame  *game,
                  const char *path_text)
{
  const SternVariant *v = stern_game_get_variant (game);
  g_autoptr (GError) error = NULL;
  uint8_t path[STERN_MAX_PATH];
  size_t len;

  if (!stern_notation_parse_path_in (v, path_text, path, &len, &error) ||
      !stern_game_play_path (game, path, len, &error))
    g_error ("cannot play %s: %s", path_text, error->message);
}
