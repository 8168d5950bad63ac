/* The leaving-home deadline (doc/rules.md §4): no level loses a game to it
 * by its own play.  Easy and Medium are weak on purpose, but their last
 * marbles at home go out first as the deadline nears.  Each game is played
 * until both players are past the check.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "stern-search.h"

typedef struct {
  SternLevel white, black;
  unsigned   games;
  bool       needs_hard;     /* skipped under the sanitizers: too slow there */
} Pairing;

/* Easy and Medium each in 50 games: against each other, themselves and Hard. */
static const Pairing pairings[] = {
  { STERN_LEVEL_EASY,   STERN_LEVEL_MEDIUM, 30, false },
  { STERN_LEVEL_EASY,   STERN_LEVEL_EASY,   10, false },
  { STERN_LEVEL_MEDIUM, STERN_LEVEL_MEDIUM, 10, false },
  { STERN_LEVEL_EASY,   STERN_LEVEL_HARD,   10, true },
  { STERN_LEVEL_MEDIUM, STERN_LEVEL_HARD,   10, true },
};

/* Plays until both seats have made this many moves: the check comes
 * after the 30th. */
#define PAST_CHECK      31

static void
test_no_self_elimination (void)
{
  const SternVariant *variant = stern_variant_lookup ("classic-2");
  g_autoptr (SternSearch) search = stern_search_new ();
  unsigned games = 0;

  for (unsigned p = 0; p < G_N_ELEMENTS (pairings); p++)
    {
      if (pairings[p].needs_hard && STERN_TEST_SANITIZED)
        continue;
      for (unsigned g = 0; g < pairings[p].games; g++)
        {
          g_autoptr (SternGame) game = stern_game_new (variant, STERN_PRESET_TABLE);
          /* Colours alternate between games. */
          SternLevel level[STERN_N_SEATS] = { 0 };

          level[g % 2 ? STERN_BLACK : STERN_WHITE] = pairings[p].white;
          level[g % 2 ? STERN_WHITE : STERN_BLACK] = pairings[p].black;
          while (!stern_game_is_over (game) &&
                 (stern_game_get_moves_made (game, STERN_WHITE) < PAST_CHECK ||
                  stern_game_get_moves_made (game, STERN_BLACK) < PAST_CHECK))
            {
              unsigned turn = stern_game_get_turn (game);
              SternMove move;

              if (stern_game_must_pass (game))
                {
                  g_assert_true (stern_game_pass (game, NULL));
                  continue;
                }
              g_assert_true (stern_search_choose (search, game, level[turn],
                                                  1000 * p + 97 * g + stern_game_get_n_actions (game),
                                                  0, NULL, &move));
              g_assert_true (stern_game_play (game, move.from, move.to, NULL));
            }
          for (unsigned seat = 0; seat < STERN_N_SEATS; seat += 3)
            {
              if (stern_game_get_player_state (game, seat) == STERN_PLAYER_ELIMINATED)
                g_test_message ("%s (%s) eliminated in game %u of %s against %s",
                                stern_level_name (level[seat]), stern_seat_colour_name (seat), g,
                                stern_level_name (pairings[p].white),
                                stern_level_name (pairings[p].black));
              g_assert_cmpint (stern_game_get_player_state (game, seat), !=, STERN_PLAYER_ELIMINATED);
            }
          games++;
        }
    }
  g_assert_cmpuint (games, >=, 50);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/leave-home/no-self-elimination", test_no_self_elimination);
  return g_test_run ();
}
