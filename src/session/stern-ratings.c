/* stern-ratings.c: the human's rating and results, kept across games.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "stern-session"

#include <errno.h>
#include <math.h>

#include <glib/gstdio.h>

#include "stern-computer.h"
#include "stern-rating.h"
#include "stern-ratings.h"

#define GROUP_RATING "Rating"
#define MAX_HISTORY  1000

typedef struct {
  guint won, drawn, lost;
} Results;

struct _SternRatings
{
  double  rating;
  GArray *history;          /* double */
  Results results[STERN_N_VARIANTS];
};

double
stern_level_rating (int level)
{
  switch (level)
    {
    case STERN_COMPUTER_EASY:
      return STERN_LEVEL_RATING_EASY;
    case STERN_COMPUTER_HARD:
      return STERN_LEVEL_RATING_HARD;
    case STERN_COMPUTER_EXPERT:
      return STERN_LEVEL_RATING_EXPERT;
    case STERN_COMPUTER_MEDIUM:
    default:
      return STERN_LEVEL_RATING_MEDIUM;
    }
}

static int
variant_index (const char *id)
{
  for (unsigned i = 0; i < STERN_N_VARIANTS; i++)
    if (g_strcmp0 (stern_variant_get (i)->id, id) == 0)
      return (int) i;
  return -1;
}

SternRatings *
stern_ratings_new (void)
{
  SternRatings *self = g_new0 (SternRatings, 1);

  self->rating = STERN_RATING_INITIAL;
  self->history = g_array_new (FALSE, FALSE, sizeof (double));
  g_array_append_val (self->history, self->rating);
  return self;
}

void
stern_ratings_free (SternRatings *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->history);
  g_free (self);
}

static gboolean
sane_rating (double r)
{
  return isfinite (r) && r > -10000.0 && r < 10000.0;
}

SternRatings *
stern_ratings_load (const char *path,
                    GError    **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) local = NULL;
  g_autofree double *history = NULL;
  SternRatings *self = stern_ratings_new ();
  gsize n_history = 0;
  double rating;

  g_return_val_if_fail (path != NULL, self);

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &local))
    {
      if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_propagate_error (error, g_steal_pointer (&local));
      return self;
    }

  rating = g_key_file_get_double (file, GROUP_RATING, "rating", &local);
  if (local == NULL && !sane_rating (rating))
    g_set_error (&local, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                 "the rating %g is out of range", rating);
  if (local == NULL)
    history = g_key_file_get_double_list (file, GROUP_RATING, "history", &n_history, &local);
  if (local != NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", path);
      return self;
    }

  self->rating = rating;
  g_array_set_size (self->history, 0);
  for (gsize i = 0; i < n_history; i++)
    if (sane_rating (history[i]))
      g_array_append_val (self->history, history[i]);
  if (self->history->len == 0)
    g_array_append_val (self->history, self->rating);

  for (unsigned v = 0; v < STERN_N_VARIANTS; v++)
    {
      const char *id = stern_variant_get (v)->id;
      Results *r = &self->results[v];

      if (!g_key_file_has_group (file, id))
        continue;
      /* A missing or bad count is 0. */
      r->won = (guint) MAX (g_key_file_get_integer (file, id, "won", NULL), 0);
      r->drawn = (guint) MAX (g_key_file_get_integer (file, id, "drawn", NULL), 0);
      r->lost = (guint) MAX (g_key_file_get_integer (file, id, "lost", NULL), 0);
    }

  return self;
}

gboolean
stern_ratings_save (SternRatings *self,
                    const char   *path,
                    GError      **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *dir = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  g_key_file_set_double (file, GROUP_RATING, "rating", self->rating);
  {
    /* Tenths are enough for the history, and keep the file readable. */
    g_autoptr(GString) history = g_string_new (NULL);
    char number[G_ASCII_DTOSTR_BUF_SIZE];

    for (guint i = 0; i < self->history->len; i++)
      {
        g_ascii_formatd (number, sizeof number, "%.1f", g_array_index (self->history, double, i));
        g_string_append_printf (history, "%s;", number);
      }
    g_key_file_set_value (file, GROUP_RATING, "history", history->str);
  }
  for (unsigned v = 0; v < STERN_N_VARIANTS; v++)
    {
      const char *id = stern_variant_get (v)->id;
      Results *r = &self->results[v];

      if (r->won + r->drawn + r->lost == 0)
        continue;
      g_key_file_set_integer (file, id, "won", (int) r->won);
      g_key_file_set_integer (file, id, "drawn", (int) r->drawn);
      g_key_file_set_integer (file, id, "lost", (int) r->lost);
    }

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not create %s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }
  return g_key_file_save_to_file (file, path, error);
}

double
stern_ratings_get_rating (SternRatings *self)
{
  g_return_val_if_fail (self != NULL, STERN_RATING_INITIAL);

  return self->rating;
}

const double *
stern_ratings_get_history (SternRatings *self,
                           guint        *n)
{
  g_return_val_if_fail (self != NULL && n != NULL, NULL);

  *n = self->history->len;
  return (const double *) (gpointer) self->history->data;
}

guint
stern_ratings_get_n_rated (SternRatings *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->history->len - 1;
}

void
stern_ratings_get_results (SternRatings *self,
                           const char   *variant_id,
                           guint        *won,
                           guint        *drawn,
                           guint        *lost)
{
  int v;

  g_return_if_fail (self != NULL);

  v = variant_index (variant_id);
  if (won != NULL)
    *won = v >= 0 ? self->results[v].won : 0;
  if (drawn != NULL)
    *drawn = v >= 0 ? self->results[v].drawn : 0;
  if (lost != NULL)
    *lost = v >= 0 ? self->results[v].lost : 0;
}

/* A place of 0 (never placed) counts as last. */
static unsigned
place_of (const SternGame *game,
          unsigned         seat)
{
  unsigned place = stern_game_get_place (game, seat);

  return place != 0 ? place : STERN_N_SEATS + 1;
}

gboolean
stern_ratings_add_game (SternRatings         *self,
                        const SternGame      *game,
                        const SternGameSetup *setup)
{
  const SternVariant *variant;
  unsigned human = STERN_NO_SEAT;
  unsigned place;
  gboolean shared = FALSE;
  int v;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (game != NULL && setup != NULL, FALSE);

  variant = stern_game_get_variant (game);
  if (!stern_game_is_over (game) || variant->solo ||
      stern_game_setup_count_humans (setup) != 1)
    return FALSE;

  for (unsigned i = 0; i < variant->n_players; i++)
    if (stern_game_setup_is_human (setup, variant->seats[i]))
      human = variant->seats[i];
  g_assert (human != STERN_NO_SEAT);

  /* The result: first alone is a win, first shared a draw. */
  place = place_of (game, human);
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];

      if (seat != human && place_of (game, seat) == place &&
          !(variant->teams && seat == stern_seat_opposite (human)))
        shared = TRUE;
    }
  v = variant_index (variant->id);
  g_assert (v >= 0);
  if (place == 1 && !shared)
    self->results[v].won++;
  else if (place == 1)
    self->results[v].drawn++;
  else
    self->results[v].lost++;

  if (!stern_rating_game_is_rated (game))
    return TRUE;

  if (variant->n_players == 2)
    {
      unsigned opponent = variant->seats[0] == human ? variant->seats[1] : variant->seats[0];
      double score = place_of (game, human) < place_of (game, opponent) ? 1.0
                   : place_of (game, human) == place_of (game, opponent) ? 0.5 : 0.0;

      self->rating = stern_rating_elo_update (self->rating,
                                              stern_level_rating (setup->level[opponent]),
                                              score);
    }
  else
    {
      double ratings[STERN_N_SEATS];
      unsigned places[STERN_N_SEATS];
      unsigned n = 0;

      /* Each computer opponent is one pair; other humans are skipped. */
      for (unsigned i = 0; i < variant->n_players; i++)
        {
          unsigned seat = variant->seats[i];

          if (seat == human || stern_game_setup_is_human (setup, seat))
            continue;
          ratings[n] = stern_level_rating (setup->level[seat]);
          places[n] = place_of (game, seat);
          n++;
        }
      self->rating = stern_rating_places_update (self->rating, place, n, ratings, places);
    }

  g_array_append_val (self->history, self->rating);
  if (self->history->len > MAX_HISTORY)
    g_array_remove_range (self->history, 0, self->history->len - MAX_HISTORY);
  return TRUE;
}
