/* libFuzzer target: the desktop app's saved games (stern_saved_game_read,
 * with its Seats, Clock and Ply tags).  No crash; an error has a message;
 * a game that reads is written out and reads back the same: the record,
 * who plays, the clock to the millisecond and the position shown.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "stern-notation.h"
#include "stern-saved-game.h"

#include "fuzz-generated.h"

/* A saved game of the input's variant, preset, moves and seats: it reads
 * back, and is never larger than the reader takes. */
static void
generated_round_trip (const uint8_t *data, size_t size)
{
  SternPreset preset;
  g_autoptr (SternGame) game = fuzz_generated_game (data, size, &preset);
  g_autoptr (SternGame) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *written = NULL;
  SternGameSetup setup = { 0 }, setup2;
  SternClock clock2;

  if (game == NULL)
    return;
  setup.variant = stern_game_get_variant (game);
  setup.preset = preset;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      setup.computer[seat] = size > 2 && (data[2] >> seat) & 1;
      setup.level[seat] = (SternLevel) ((size > 3 ? data[3] >> (seat % 4) : 0) % STERN_N_PLAY_LEVELS);
    }
  /* Some moves taken back: the saved game keeps them to redo. */
  for (unsigned undo = size > 4 ? data[4] % 4 : 0; undo > 0; undo--)
    stern_game_undo (game);
  written = stern_saved_game_write (game, &setup, NULL, 0);
  g_assert (stern_saved_game_check_size (written, NULL));
  again = stern_saved_game_read (written, &setup2, &clock2, &error);
  if (again == NULL)
    g_error ("a saved game the app wrote does not read back: %s\n%s", error->message, written);
  g_assert (setup2.preset == preset && setup2.variant == setup.variant);
  /* Who plays each seat of the variant, and at what level. */
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (stern_variant_has_seat (setup.variant, seat))
      {
        g_assert (setup2.computer[seat] == setup.computer[seat]);
        g_assert (!setup.computer[seat] || setup2.level[seat] == setup.level[seat]);
      }
  g_assert (stern_game_get_n_actions (again) == stern_game_get_n_actions (game));
  g_assert (stern_game_get_n_actions_total (again) == stern_game_get_n_actions_total (game));
  g_assert (stern_game_get_end_reason (again) == stern_game_get_end_reason (game));
  g_assert (stern_game_get_turn (again) == stern_game_get_turn (game));
  g_assert (memcmp (stern_game_get_position (again)->cell, stern_game_get_position (game)->cell,
                    sizeof stern_game_get_position (game)->cell) == 0);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = stern_record_decode ((const char *) data, size, NULL, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL, again = NULL;
  g_autofree char *written = NULL, *rewritten = NULL;
  SternGameSetup setup, setup2;
  SternClock clock, clock2;

  generated_round_trip (data, size);
  if (text == NULL)
    return 0;
  game = stern_saved_game_read (text, &setup, &clock, &error);
  if (game == NULL)
    {
      g_assert (error != NULL && error->message[0] != '\0');
      return 0;
    }
  g_assert (error == NULL);

  written = stern_saved_game_write (game, &setup, &clock, 0);
  again = stern_saved_game_read (written, &setup2, &clock2, &error);
  if (again == NULL)
    g_error ("a saved game written by the app does not read back: %s\n%s", error->message,
             written);
  g_assert (stern_game_get_n_actions (again) == stern_game_get_n_actions (game));
  g_assert (stern_game_get_n_actions_total (again) == stern_game_get_n_actions_total (game));
  g_assert (memcmp (stern_game_get_position (again)->cell, stern_game_get_position (game)->cell,
                    sizeof stern_game_get_position (game)->cell) == 0);
  g_assert (memcmp (setup.computer, setup2.computer, sizeof setup.computer) == 0);
  g_assert (clock2.enabled == clock.enabled);
  if (clock.enabled)
    {
      g_assert (clock2.reserve_us == clock.reserve_us);
      g_assert (clock2.increment_us == clock.increment_us);
      g_assert (memcmp (clock2.remaining_us, clock.remaining_us, sizeof clock.remaining_us) == 0);
    }
  /* And once more: the same text. */
  rewritten = stern_saved_game_write (again, &setup2, &clock2, 0);
  g_assert (strcmp (strstr (rewritten, "[Seats"), strstr (written, "[Seats")) == 0);
  return 0;
}
