/* stern-ratings.h: the human's rating and results, kept across games.
 *
 * Kept in <data dir>/ratings.ini (GKeyFile).  Two-player games against the
 * computer change the rating by Elo against the level's fixed rating;
 * games of three to six players by places, each computer opponent one
 * pair (other humans are skipped); team and solo games are not rated
 * (stern_rating_game_is_rated).  Only games with one human are counted.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-game-setup.h"
#include "stern-puzzle.h"

G_BEGIN_DECLS

/* The fixed ratings of the computer levels, from classic-2 matches between
 * them (sternhalma-cli match): medium beat easy 7-3 (+150), hard beat medium
 * 20-0 (at least +400; set there), expert scored 71% against hard (+155).
 * Easy is anchored at 900. */
#define STERN_LEVEL_RATING_EASY   900.0
#define STERN_LEVEL_RATING_MEDIUM 1050.0
#define STERN_LEVEL_RATING_HARD   1450.0
#define STERN_LEVEL_RATING_EXPERT 1605.0

double stern_level_rating (SternLevel level);

/* The file's name in the data folder. */
#define STERN_RATINGS_NAME "ratings.ini"
/* <data_dir>/ratings.ini. */
char         *stern_ratings_get_path (const char *data_dir);

typedef struct _SternRatings SternRatings;

/* The initial rating, no games. */
SternRatings *stern_ratings_new  (void);
/* A missing file gives the initial rating and no games.  A damaged one
 * gives what can be read (a bad line costs that line, a bad number that
 * number) and says what was wrong in error, for the user: the caller keeps
 * the file aside (stern_data_file_keep_aside) before saving over it.  A
 * file that cannot be read at all (not a regular file, too big, no
 * permission) is an error too, with the initial rating. */
SternRatings *stern_ratings_load  (const char *path, GError **error);
/* The same from the text of a file. */
SternRatings *stern_ratings_parse (const char *data, gsize length, GError **damage);
/* The text stern_ratings_save writes. */
char         *stern_ratings_to_data (SternRatings *self, gsize *length);
gboolean      stern_ratings_save (SternRatings *self, const char *path, GError **error);
/* Reading, changing and writing the file at path is one step for every
 * copy of the game on that folder: an flock() on path.lock, waited for,
 * held until stern_ratings_unlock().  -1 with error when it cannot be
 * taken. */
typedef int SternRatingsLock;
SternRatingsLock stern_ratings_lock (const char *path, GError **error);
void          stern_ratings_unlock (SternRatingsLock lock);
G_DEFINE_AUTO_CLEANUP_FREE_FUNC (SternRatingsLock, stern_ratings_unlock, -1)
void          stern_ratings_free (SternRatings *self);

double        stern_ratings_get_rating (SternRatings *self);
/* The rating before the first game and after each rated game since. */
const double *stern_ratings_get_history (SternRatings *self, guint *n);
guint         stern_ratings_get_n_rated (SternRatings *self);
/* Games won, drawn and lost in a variant (by id). */
void          stern_ratings_get_results (SternRatings *self, const char *variant_id,
                                         guint *won, guint *drawn, guint *lost);

/* Whether a game of this setup changes the rating when it ends: exactly
 * one human against the computer on the star, no teams, not solo, and no
 * help used (setup->unrated). */
gboolean      stern_ratings_setup_is_rated (const SternGameSetup *setup);

/* Counts a finished game: its result and, when it is rated, the new
 * rating.  Returns FALSE when the game does not count (not over, not
 * exactly one human, solo). */
gboolean      stern_ratings_add_game (SternRatings *self, const SternGame *game,
                                      const SternGameSetup *setup);

/* The player's puzzle rating (doc/learn.md, "Puzzles"), apart from the
 * games' one: each puzzle tried is an Elo game against the puzzle, won
 * when solved.  A puzzle's rating grows with its difficulty (1-5) from
 * Easy's: the easiest are solved by a player of Easy's strength half the
 * time, and each step of difficulty is about the step from Easy to
 * Medium. */
#define STERN_PUZZLE_RATING_EASIEST STERN_LEVEL_RATING_EASY
#define STERN_PUZZLE_RATING_STEP    150.0
/* A new player is offered puzzles nearest the rating
 * (stern_puzzle_choose), so starts with the easiest. */
#define STERN_PUZZLE_RATING_INITIAL STERN_PUZZLE_RATING_EASIEST

double        stern_puzzle_rating (unsigned difficulty);
/* The puzzle to offer next, an index into puzzles: of the kind
 * (STERN_PUZZLE_N_KINDS: any), not solved and not current, one never tried
 * before one tried, the one whose rating (stern_puzzle_rating) is nearest
 * the player's, the first in the set on a tie.  When every one of the kind
 * is solved, the next of the kind after current in the set (current is
 * G_MAXUINT when there is none).  G_MAXUINT when the set has none of the
 * kind.  solved and tried hold ids and may be NULL. */
guint         stern_puzzle_choose (const SternPuzzle *puzzles, guint n_puzzles,
                                   SternPuzzleKind kind, double rating,
                                   const char * const *solved, const char * const *tried,
                                   guint current);
/* STERN_PUZZLE_RATING_INITIAL before the first puzzle. */
double        stern_ratings_get_puzzle_rating (SternRatings *self);
void          stern_ratings_get_puzzles (SternRatings *self, guint *solved, guint *tried);
/* Counts a puzzle tried, solved or not: the puzzle rating moves by Elo. */
void          stern_ratings_add_puzzle (SternRatings *self, unsigned difficulty, gboolean solved);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SternRatings, stern_ratings_free)

G_END_DECLS
