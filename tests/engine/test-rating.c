/* Rating arithmetic (doc/rules.md §6).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "stern-rating.h"

static void
test_elo (void)
{
  g_assert_cmpfloat_with_epsilon (stern_rating_expected (1200, 1200), 0.5, 1e-9);
  /* 400 points ahead: ten times the odds. */
  g_assert_cmpfloat_with_epsilon (stern_rating_expected (1600, 1200), 10.0 / 11.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (stern_rating_elo_update (1200, 1200, 1.0), 1216.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (stern_rating_elo_update (1200, 1200, 0.0), 1184.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (stern_rating_elo_update (1200, 1200, 0.5), 1200.0, 1e-9);
  /* Beating a much weaker player gains little. */
  g_assert_cmpfloat (stern_rating_elo_update (1600, 1200, 1.0) - 1600, <, 3.0);
}

static void
test_places (void)
{
  const double equal[] = { 1200, 1200 };
  const unsigned second_third[] = { 2, 3 };
  const unsigned first_third[] = { 1, 3 };
  const unsigned shared[] = { 2, 2 };

  /* First of three equals: two won pairs. */
  g_assert_cmpfloat_with_epsilon (stern_rating_places_update (1200, 1, 2, equal, second_third),
                                  1216.0, 1e-9);
  /* Second: one won, one lost pair. */
  g_assert_cmpfloat_with_epsilon (stern_rating_places_update (1200, 2, 2, equal, first_third),
                                  1200.0, 1e-9);
  /* Sharing a place is a drawn pair. */
  g_assert_cmpfloat_with_epsilon (stern_rating_places_update (1200, 2, 2, equal, shared),
                                  1200.0, 1e-9);
  /* Last of three: two lost pairs. */
  g_assert_cmpfloat_with_epsilon (stern_rating_places_update (1200, 3, 2, equal, shared),
                                  1184.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (stern_rating_places_update (1300, 1, 0, NULL, NULL), 1300.0, 1e-9);
}

static void
test_rated_games (void)
{
  g_autoptr (SternGame) two = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  g_autoptr (SternGame) teams = stern_game_new (stern_variant_lookup ("pairs-4"), STERN_PRESET_TABLE);

  g_assert_false (stern_rating_game_is_rated (two));  /* not over yet */
  g_assert_true (stern_game_resign (two, STERN_BLACK, NULL));
  g_assert_true (stern_rating_game_is_rated (two));
  g_assert_true (stern_game_resign (teams, STERN_RED, NULL));
  g_assert_true (stern_game_is_over (teams));
  g_assert_false (stern_rating_game_is_rated (teams));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rating/elo", test_elo);
  g_test_add_func ("/rating/places", test_places);
  g_test_add_func ("/rating/rated-games", test_rated_games);
  return g_test_run ();
}
