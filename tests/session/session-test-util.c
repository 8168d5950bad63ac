/* session-test-util.c: helpers shared by the session and window tests.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "session-test-util"

#include "session-test-util.h"

#include <string.h>

#include "stern-computer.h"

void
session_test_first_safe_move (const SternGame *game,
                              guint           *from,
                              guint           *to)
{
  g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);
  size_t n = stern_game_legal_moves (game, moves);

  for (size_t i = 0; i < n; i++)
    if (!(moves[i].flags & STERN_MOVE_FATAL))
      {
        *from = moves[i].from;
        *to = moves[i].to;
        return;
      }
  g_assert_not_reached ();
}

void
session_test_play_first (SternMatch *match)
{
  g_autoptr (GError) error = NULL;
  guint from, to;

  session_test_first_safe_move (stern_match_get_game (match), &from, &to);
  g_assert_true (stern_match_play (match, from, to, &error));
  g_assert_no_error (error);
}

void
session_test_setup (SternGameSetup *setup,
                    const char     *variant,
                    SternPreset     preset,
                    const char     *kinds,
                    guint           reserve_s,
                    guint           increment_s)
{
  memset (setup, 0, sizeof *setup);
  setup->variant = stern_variant_lookup (variant);
  g_assert_nonnull (setup->variant);
  setup->preset = preset;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      setup->computer[seat] = kinds[seat] == 'c';
      setup->level[seat] = STERN_LEVEL_EASY;
    }
  setup->clock_reserve_s = reserve_s;
  setup->clock_increment_s = increment_s;
}

SternMatch *
session_test_match_new (const char *data_dir)
{
  SternMatch *match = stern_match_new ();

  stern_match_set_computer_delay (match, 0);
  stern_match_set_data_dir (match, data_dir);
  return match;
}

SternGame *
session_test_random_game (guint   n,
                          guint32 seed)
{
  g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);
  SternGame *game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_RACE);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

  for (guint i = 0; i < n; i++)
    {
      size_t count = stern_game_legal_moves (game, moves);
      size_t first = (size_t) g_rand_int_range (rand, 0, (gint32) count);

      for (size_t k = 0; k < count; k++)
        {
          const SternMove *m = &moves[(first + k) % count];

          g_assert_true (stern_game_play (game, m->from, m->to, NULL));
          if (!stern_game_is_over (game))
            break;
          g_assert_true (stern_game_undo (game));
        }
    }
  return game;
}
