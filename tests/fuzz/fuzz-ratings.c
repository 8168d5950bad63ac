/* libFuzzer target: the ratings file (stern_ratings_parse).  No crash;
 * whatever is read is sane (ratings finite) and is written out and read
 * back the same, without damage.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "stern-ratings.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) damage = NULL;
  g_autoptr (SternRatings) ratings = NULL, again = NULL;
  g_autofree char *text = NULL;
  const double *history, *history2;
  gsize length;
  guint n, n2;

  ratings = stern_ratings_parse ((const char *) data, size, &damage);
  g_assert (ratings != NULL);
  g_assert (damage == NULL || damage->message[0] != '\0');
  g_assert (isfinite (stern_ratings_get_rating (ratings)));
  history = stern_ratings_get_history (ratings, &n);
  g_assert (n >= 1);

  text = stern_ratings_to_data (ratings, &length);
  g_clear_error (&damage);
  again = stern_ratings_parse (text, length, &damage);
  if (damage != NULL)
    g_error ("ratings saved by the app do not read back: %s", damage->message);
  /* The history is kept to a tenth. */
  g_assert (fabs (stern_ratings_get_rating (again) - stern_ratings_get_rating (ratings)) < 1e-6);
  history2 = stern_ratings_get_history (again, &n2);
  g_assert (n2 == n);
  for (guint i = 0; i < n; i++)
    g_assert (fabs (history2[i] - history[i]) <= 0.05 + 1e-9);
  for (guint v = 0; v < STERN_N_VARIANTS; v++)
    {
      const char *id = stern_variant_get (v)->id;
      guint w1, d1, l1, w2, d2, l2;

      stern_ratings_get_results (ratings, id, &w1, &d1, &l1);
      stern_ratings_get_results (again, id, &w2, &d2, &l2);
      g_assert (w1 == w2 && d1 == d2 && l1 == l2);
    }
  {
    guint s1, t1, s2, t2;

    stern_ratings_get_puzzles (ratings, &s1, &t1);
    stern_ratings_get_puzzles (again, &s2, &t2);
    g_assert (s1 <= t1 && s1 == s2 && t1 == t2);
    /* Without a puzzle tried the rating is not written, and starts again. */
    g_assert (t1 == 0 || stern_ratings_get_puzzle_rating (again) == stern_ratings_get_puzzle_rating (ratings));
    g_assert (isfinite (stern_ratings_get_puzzle_rating (ratings)));
  }
  return 0;
}
