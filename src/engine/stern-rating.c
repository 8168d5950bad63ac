/* stern-rating.c: Elo and rating by places (doc/rules.md §6).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-rating.h"

#include <math.h>

/* How far one game moves a rating.  32 is the usual factor for players
 * with few games; a game of many players spreads it over its pairs. */
#define ELO_K_FACTOR 32.0
#define ELO_SCALE    400.0

double
stern_rating_expected (double rating, double opponent)
{
  return 1.0 / (1.0 + pow (10.0, (opponent - rating) / ELO_SCALE));
}

double
stern_rating_elo_update (double rating, double opponent, double score)
{
  g_return_val_if_fail (score >= 0.0 && score <= 1.0, rating);
  return rating + ELO_K_FACTOR * (score - stern_rating_expected (rating, opponent));
}

double
stern_rating_places_update (double rating, unsigned place, unsigned n_opponents,
                            const double *opponent_ratings, const unsigned *opponent_places)
{
  double change = 0.0;

  g_return_val_if_fail (n_opponents == 0 || (opponent_ratings && opponent_places), rating);
  if (n_opponents == 0)
    return rating;
  for (unsigned i = 0; i < n_opponents; i++)
    {
      double score = place < opponent_places[i] ? 1.0 : place == opponent_places[i] ? 0.5 : 0.0;
      change += score - stern_rating_expected (rating, opponent_ratings[i]);
    }
  /* Each pair weighs 1/(n-1) of a two-player game, so a game moves a
   * rating about as far whatever the number of players. */
  return rating + ELO_K_FACTOR * change / n_opponents;
}

gboolean
stern_rating_game_is_rated (const SternGame *game)
{
  const SternVariant *v;

  g_return_val_if_fail (game != NULL, FALSE);
  v = stern_game_get_variant (game);
  return stern_game_is_over (game) && !v->teams && !v->solo && v->n_players >= 2;
}
