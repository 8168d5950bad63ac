/* stern-rating.h: ratings (doc/rules.md §6).  Two players: Elo.  Three to six:
 * a rating by places, each opponent counted as one won, lost or drawn
 * pair.  Team games are not rated.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-game.h"

#define STERN_RATING_INITIAL 1200.0

/* The expected score (0–1) of a player rated `rating` against `opponent`. */
double stern_rating_expected (double rating, double opponent);
/* Elo: the new rating after a game scoring `score` (1 win, ½ draw, 0 loss). */
double stern_rating_elo_update (double rating, double opponent, double score);
/* By places: the new rating of a player who took `place` among opponents
 * with the given ratings and places (1 = first; equal places draw). */
double stern_rating_places_update (double rating, unsigned place, unsigned n_opponents,
                                   const double *opponent_ratings,
                                   const unsigned *opponent_places);
/* Whether a finished game counts for the rating (not teams, not solo, and
 * at least one place decided). */
gboolean stern_rating_game_is_rated (const SternGame *game);
