/* libFuzzer target: the autosave's journal (stern_autosave_apply_journal)
 * over a saved game of a few moves.  No crash; an error has a message; a
 * journal that applies leaves a game that writes out and reads back.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "stern-notation.h"
#include "stern-autosave.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char save[] =
  "[Variant \"classic-2\"]\n[Preset \"race\"]\n[Result \"*\"]\n[Seats \"human human\"]\n"
  "[Clock \"300000 3000 300000 300000 300000 300000 300000 300000\"]\n[Ply \"3\"]\n\n"
  "1. l4-l5 e14-e13\n2. l5-l6\n; journal 7\n; end\n";

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *journal = g_strndup ((const char *) data, size);
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL, again = NULL;
  g_autofree char *written = NULL;
  SternGameSetup setup, setup2;
  SternClock clock, clock2;

  game = stern_saved_game_read (save, &setup, &clock, &error);
  g_assert (game != NULL);
  if (!stern_autosave_apply_journal (save, journal, game, &setup, &clock, &error))
    {
      g_assert (error != NULL && error->message[0] != '\0');
      return 0;
    }
  g_assert (error == NULL);
  written = stern_saved_game_write (game, &setup, &clock, 0);
  again = stern_saved_game_read (written, &setup2, &clock2, &error);
  if (again == NULL)
    g_error ("a game the journal made does not read back: %s\n%s", error->message, written);
  g_assert (stern_game_get_n_actions (again) == stern_game_get_n_actions (game));
  g_assert (stern_game_get_n_actions_total (again) == stern_game_get_n_actions_total (game));
  return 0;
}
