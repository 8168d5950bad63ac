/* stern-ratings.c: the human's rating and results, kept across games.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sys/file.h>
#include <unistd.h>

#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "stern-computer.h"
#include "stern-file.h"
#include "stern-rating.h"
#include "stern-ratings.h"

#define GROUP_RATING "Rating"
#define GROUP_PUZZLES "Puzzles"
#define MAX_HISTORY  1000
/* A ratings file of a thousand games is some 10 kB. */
#define MAX_FILE_SIZE (1024 * 1024)

typedef struct {
  guint won, drawn, lost;
} Results;

struct _SternRatings
{
  double  rating;
  GArray *history;          /* double */
  Results results[STERN_N_VARIANTS];
  double  puzzle_rating;
  guint   puzzles_solved, puzzles_tried;
};

double
stern_level_rating (SternLevel level)
{
  switch (level)
    {
    case STERN_LEVEL_EASY:
      return STERN_LEVEL_RATING_EASY;
    case STERN_LEVEL_HARD:
      return STERN_LEVEL_RATING_HARD;
    case STERN_LEVEL_EXPERT:
      return STERN_LEVEL_RATING_EXPERT;
    case STERN_LEVEL_MEDIUM:
    /* The baselines are not offered to players. */
    case STERN_LEVEL_RANDOM:
    case STERN_LEVEL_GREEDY:
    case STERN_LEVEL_SEARCH3:
    case STERN_N_LEVELS:
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
  self->puzzle_rating = STERN_PUZZLE_RATING_INITIAL;
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

/* Every problem found, for the user: a number read as 0 is not passed
 * over because an earlier line was bad too. */
static void
note_damage (GError    **damage,
             const char *format,
             ...) G_GNUC_PRINTF (2, 3);

static void
note_damage (GError    **damage,
             const char *format,
             ...)
{
  va_list args;
  g_autofree char *message = NULL;

  if (damage == NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (*damage == NULL)
    *damage = g_error_new_literal (G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_PARSE, message);
  else
    {
      char *joined = g_strconcat ((*damage)->message, "; ", message, NULL);

      g_free ((*damage)->message);
      (*damage)->message = joined;
    }
}

/* The lines GKeyFile can read, one by one: a bad line costs that line,
 * not the file.  Blank lines stand for the bad ones (the numbers stay). */
static char *
readable_lines (const char *data,
                gsize       length,
                GError    **damage)
{
  g_autoptr (GString) out = g_string_new (NULL);
  gboolean in_group = FALSE;
  const char *p = data, *end = data + length;
  guint line_no = 0;

  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      gsize len = (nl != NULL ? nl : end) - p;
      g_autofree char *line = g_strndup (p, len);
      g_autoptr (GKeyFile) probe = g_key_file_new ();
      g_autofree char *text = NULL;
      gboolean good;

      line_no++;
      p += len + (nl != NULL ? 1 : 0);

      good = memchr (p - len - (nl != NULL ? 1 : 0), '\0', len) == NULL &&
             g_utf8_validate (line, (gssize) len, NULL);
      if (good)
        {
          gboolean group = line[0] == '[';

          text = group || !in_group ? g_strdup (line) : g_strdup_printf ("[g]\n%s", line);
          good = g_key_file_load_from_data (probe, text, -1, G_KEY_FILE_NONE, NULL);
          if (good && group)
            in_group = TRUE;
        }
      if (good)
        g_string_append (out, line);
      else
        note_damage (damage, _("line %u is not readable"), line_no);
      g_string_append_c (out, '\n');
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static gboolean
parse_rating (const char *text,
              double     *value)
{
  char *end;
  double v;

  if (text == NULL)
    return FALSE;
  v = g_ascii_strtod (text, &end);
  while (*end == ' ')
    end++;
  if (end == text || *end != '\0' || !sane_rating (v))
    return FALSE;
  *value = v;
  return TRUE;
}

/* [Puzzles]: the puzzle rating and how many were solved of those tried. */
static void
parse_puzzles (SternRatings *self,
               GKeyFile     *file,
               GError      **damage)
{
  g_autofree char *value = NULL, *solved = NULL, *tried = NULL;
  guint64 n_solved = 0, n_tried = 0;

  if (!g_key_file_has_group (file, GROUP_PUZZLES))
    return;
  value = g_key_file_get_value (file, GROUP_PUZZLES, "rating", NULL);
  if (value != NULL && !parse_rating (value, &self->puzzle_rating))
    note_damage (damage, _("the rating “%.20s” is not a rating"), value);
  solved = g_key_file_get_value (file, GROUP_PUZZLES, "solved", NULL);
  tried = g_key_file_get_value (file, GROUP_PUZZLES, "tried", NULL);
  if ((solved != NULL && !g_ascii_string_to_unsigned (solved, 10, 0, G_MAXINT, &n_solved, NULL)) ||
      (tried != NULL && !g_ascii_string_to_unsigned (tried, 10, 0, G_MAXINT, &n_tried, NULL)) ||
      n_solved > n_tried)
    {
      note_damage (damage, _("the puzzles solved and tried (“%.20s” of “%.20s”) are not counts"),
                   solved != NULL ? solved : "", tried != NULL ? tried : "");
      n_solved = n_tried = 0;
    }
  self->puzzles_solved = (guint) n_solved;
  self->puzzles_tried = (guint) n_tried;
}

SternRatings *
stern_ratings_parse (const char *data,
                     gsize       length,
                     GError    **damage)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autofree char *clean = NULL;
  g_autofree char *value = NULL;
  SternRatings *self = stern_ratings_new ();
  gboolean have_rating;
  double rating = STERN_RATING_INITIAL;

  g_return_val_if_fail (data != NULL || length == 0, self);

  clean = readable_lines (data != NULL ? data : "", length, damage);
  if (!g_key_file_load_from_data (file, clean, -1, G_KEY_FILE_NONE, NULL))
    {
      /* Each line reads alone; together they do not (a key twice is
       * fine, so this is not expected): nothing is trusted. */
      note_damage (damage, _("the file is not readable"));
      return self;
    }

  value = g_key_file_get_value (file, GROUP_RATING, "rating", NULL);
  have_rating = parse_rating (value, &rating);
  if (value != NULL && !have_rating)
    note_damage (damage, _("the rating “%.20s” is not a rating"), value);
  g_clear_pointer (&value, g_free);

  value = g_key_file_get_value (file, GROUP_RATING, "history", NULL);
  g_array_set_size (self->history, 0);
  if (value != NULL)
    {
      g_auto (GStrv) numbers = g_strsplit (value, ";", -1);

      for (guint i = 0; numbers[i] != NULL && self->history->len < MAX_HISTORY + 1; i++)
        {
          double v;

          g_strstrip (numbers[i]);
          if (numbers[i][0] == '\0')
            continue;
          if (parse_rating (numbers[i], &v))
            g_array_append_val (self->history, v);
          else
            note_damage (damage, _("the history holds “%.20s”, which is not a rating"),
                         numbers[i]);
        }
    }
  /* A lost rating is the last one of the history. */
  if (!have_rating && self->history->len > 0)
    rating = g_array_index (self->history, double, self->history->len - 1);
  self->rating = rating;
  if (self->history->len == 0)
    g_array_append_val (self->history, self->rating);

  for (unsigned v = 0; v < STERN_N_VARIANTS; v++)
    {
      const char *id = stern_variant_get (v)->id;
      Results *r = &self->results[v];
      const char *keys[] = { "won", "drawn", "lost" };
      guint *counts[] = { &r->won, &r->drawn, &r->lost };

      if (!g_key_file_has_group (file, id))
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          g_autofree char *count = g_key_file_get_value (file, id, keys[k], NULL);
          guint64 n = 0;

          if (count != NULL &&
              !g_ascii_string_to_unsigned (count, 10, 0, G_MAXINT, &n, NULL))
            {
              /* Translators: %s are a value, a key such as "lost" and a
               * variant such as "classic-2", as written in the file */
              note_damage (damage, _("the count of games “%.20s” (%s in [%s]) is not a number"),
                           count, keys[k], id);
              n = 0;
            }
          *counts[k] = (guint) n;
        }
    }

  parse_puzzles (self, file, damage);
  return self;
}

char *
stern_ratings_get_path (const char *data_dir)
{
  g_return_val_if_fail (data_dir != NULL, NULL);

  return g_build_filename (data_dir, STERN_RATINGS_NAME, NULL);
}

SternRatings *
stern_ratings_load (const char *path,
                    GError    **error)
{
  g_autoptr (GError) local = NULL;
  g_autofree char *data = NULL;
  g_autofree char *name = NULL;
  SternRatings *self;
  gsize length;

  g_return_val_if_fail (path != NULL, stern_ratings_new ());

  if (!stern_file_read (path, MAX_FILE_SIZE, &data, &length, &local))
    {
      if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_propagate_error (error, g_steal_pointer (&local));
      return stern_ratings_new ();
    }

  self = stern_ratings_parse (data, length, &local);
  if (local != NULL)
    {
      name = g_filename_display_basename (path);
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", name);
    }
  return self;
}

char *
stern_ratings_to_data (SternRatings *self,
                       gsize        *length)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();

  g_return_val_if_fail (self != NULL, NULL);

  g_key_file_set_double (file, GROUP_RATING, "rating", self->rating);
  {
    /* Tenths are enough for the history, and keep the file readable. */
    g_autoptr (GString) history = g_string_new (NULL);
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
  if (self->puzzles_tried > 0)
    {
      g_key_file_set_double (file, GROUP_PUZZLES, "rating", self->puzzle_rating);
      g_key_file_set_integer (file, GROUP_PUZZLES, "solved", (int) self->puzzles_solved);
      g_key_file_set_integer (file, GROUP_PUZZLES, "tried", (int) self->puzzles_tried);
    }
  return g_key_file_to_data (file, length, NULL);
}

gboolean
stern_ratings_save (SternRatings *self,
                    const char   *path,
                    GError      **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  data = stern_ratings_to_data (self, &length);
  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not create %s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }
  return g_file_set_contents (path, data, (gssize) length, error);
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
stern_ratings_setup_is_rated (const SternGameSetup *setup)
{
  const SternVariant *variant;

  g_return_val_if_fail (setup != NULL && setup->variant != NULL, FALSE);
  variant = setup->variant;
  return !variant->solo && !variant->teams && variant->n_players >= 2 &&
         !stern_variant_is_square (variant) && stern_game_setup_count_humans (setup) == 1 &&
         !setup->unrated;
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
  /* The statistics keep the star's variants only (their table has a row
   * per star variant): Halma and Ugolki games are not rated yet. */
  if (!stern_game_is_over (game) || variant->solo || stern_variant_is_square (variant) ||
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

  if (!stern_rating_game_is_rated (game) || !stern_ratings_setup_is_rated (setup))
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

SternRatingsLock
stern_ratings_lock (const char *path,
                    GError    **error)
{
  g_autofree char *lock_path = NULL;
  int fd;

  g_return_val_if_fail (path != NULL, -1);

  lock_path = g_strconcat (path, ".lock", NULL);
  fd = g_open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not open %s: %s", lock_path, g_strerror (saved_errno));
      return -1;
    }
  /* Waited for: another copy holds it only while it reads and writes a
   * small file.  Released by the kernel however that copy ends. */
  while (flock (fd, LOCK_EX) != 0)
    {
      int saved_errno = errno;

      if (saved_errno == EINTR)
        continue;
      g_close (fd, NULL);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not lock %s: %s", lock_path, g_strerror (saved_errno));
      return -1;
    }
  return fd;
}

void
stern_ratings_unlock (SternRatingsLock lock)
{
  if (lock >= 0)
    g_close (lock, NULL);
}

double
stern_puzzle_rating (unsigned difficulty)
{
  g_return_val_if_fail (difficulty >= 1, STERN_PUZZLE_RATING_EASIEST);
  return STERN_PUZZLE_RATING_EASIEST + STERN_PUZZLE_RATING_STEP * (difficulty - 1);
}

guint
stern_puzzle_choose (const SternPuzzle  *puzzles,
                     guint               n_puzzles,
                     SternPuzzleKind     kind,
                     double              rating,
                     const char * const *solved,
                     const char * const *tried,
                     guint               current)
{
  guint best = G_MAXUINT;
  gboolean best_tried = FALSE;
  double best_distance = 0.0;

  g_return_val_if_fail (puzzles != NULL || n_puzzles == 0, G_MAXUINT);
  g_return_val_if_fail (kind <= STERN_PUZZLE_N_KINDS, G_MAXUINT);

  for (guint i = 0; i < n_puzzles; i++)
    {
      const SternPuzzle *puzzle = &puzzles[i];
      gboolean was_tried;
      double distance;

      if ((kind != STERN_PUZZLE_N_KINDS && puzzle->kind != kind) || i == current ||
          (solved != NULL && g_strv_contains (solved, puzzle->id)))
        continue;
      /* A puzzle tried and missed counts no more (only the first try
       * does): offered again only when no new one is left. */
      was_tried = tried != NULL && g_strv_contains (tried, puzzle->id);
      distance = fabs (stern_puzzle_rating (puzzle->difficulty) - rating);
      if (best == G_MAXUINT || (best_tried && !was_tried) ||
          (best_tried == was_tried && distance < best_distance))
        {
          best = i;
          best_tried = was_tried;
          best_distance = distance;
        }
    }
  if (best != G_MAXUINT)
    return best;
  /* Every one of the kind solved (or only current left): on through the set. */
  for (guint step = 1; step <= n_puzzles; step++)
    {
      guint i = current == G_MAXUINT ? step - 1 : (current + step) % n_puzzles;

      if (kind == STERN_PUZZLE_N_KINDS || puzzles[i].kind == kind)
        return i;
    }
  return G_MAXUINT;
}

double
stern_ratings_get_puzzle_rating (SternRatings *self)
{
  g_return_val_if_fail (self != NULL, STERN_PUZZLE_RATING_INITIAL);
  return self->puzzle_rating;
}

void
stern_ratings_get_puzzles (SternRatings *self,
                           guint        *solved,
                           guint        *tried)
{
  g_return_if_fail (self != NULL && solved != NULL && tried != NULL);
  *solved = self->puzzles_solved;
  *tried = self->puzzles_tried;
}

void
stern_ratings_add_puzzle (SternRatings *self,
                          unsigned      difficulty,
                          gboolean      solved)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (difficulty >= 1);

  self->puzzle_rating = stern_rating_elo_update (self->puzzle_rating,
                                                 stern_puzzle_rating (difficulty),
                                                 solved ? 1.0 : 0.0);
  self->puzzles_tried++;
  self->puzzles_solved += solved != FALSE;
}
