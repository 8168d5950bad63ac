/* libFuzzer target: game records as a file holds them (stern_record_decode:
 * line ends, byte-order marks, Latin-1, UTF-16, NUL bytes) and then
 * stern_record_read_with_warnings.  No crash; a record that reads writes
 * out and reads back to the same game.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "stern-notation.h"

#include "fuzz-generated.h"

/* A game of the input's variant, preset and moves: its record reads back. */
static void
generated_round_trip (const uint8_t *data, size_t size)
{
  SternPreset preset;
  g_autoptr (SternGame) game = fuzz_generated_game (data, size, &preset);
  g_autoptr (SternGame) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *written = NULL;

  if (game == NULL)
    return;
  written = stern_record_write (game, NULL);
  again = stern_record_read (written, NULL, &error);
  if (again == NULL)
    g_error ("a record the engine wrote does not read back: %s\n%s", error->message, written);
  g_assert (stern_game_get_preset (again) == preset);
  g_assert (stern_game_get_n_actions (again) == stern_game_get_n_actions (game));
  g_assert (memcmp (stern_game_get_position (again)->cell, stern_game_get_position (game)->cell,
                    sizeof stern_game_get_position (game)->cell) == 0);
  /* The same game, not only the same marbles: who is on turn, how it
   * ended, the rounds and each seat's counter and state. */
  g_assert (stern_game_get_turn (again) == stern_game_get_turn (game));
  g_assert (stern_game_get_end_reason (again) == stern_game_get_end_reason (game));
  g_assert (stern_game_get_round (again) == stern_game_get_round (game));
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      g_assert (stern_game_get_moves_made (again, seat) == stern_game_get_moves_made (game, seat));
      g_assert (stern_game_get_player_state (again, seat) == stern_game_get_player_state (game, seat));
      g_assert (stern_game_get_place (again, seat) == stern_game_get_place (game, seat));
    }
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL, again = NULL;
  g_autofree char *written = NULL;
  SternRecordTags tags = { 0 };

  generated_round_trip (data, size);
  text = stern_record_decode ((const char *) data, size, warnings, &error);
  if (text == NULL)
    {
      g_assert (error != NULL && error->message[0] != '\0');
      return 0;
    }
  /* What the decoder gives: UTF-8 with "\n" line ends only. */
  g_assert (g_utf8_validate (text, -1, NULL) && strchr (text, '\r') == NULL);
  game = stern_record_read_with_warnings (text, &tags, warnings, &error);
  if (game == NULL)
    {
      g_assert (error != NULL && error->message[0] != '\0');
      return 0;
    }
  for (guint i = 0; i < warnings->len; i++)
    g_assert (g_str_has_prefix (g_ptr_array_index (warnings, i), "line "));
  written = stern_record_write (game, &tags);
  again = stern_record_read (written, NULL, NULL);
  g_assert (again != NULL);
  g_assert (stern_game_get_n_actions (again) == stern_game_get_n_actions (game));
  g_assert (memcmp (stern_game_get_position (again)->cell, stern_game_get_position (game)->cell,
                    sizeof stern_game_get_position (game)->cell) == 0);
  g_assert (stern_game_get_end_reason (again) == stern_game_get_end_reason (game));
  stern_record_tags_clear (&tags);
  return 0;
}
