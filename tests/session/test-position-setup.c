/* test-position-setup.c: a position set up by hand is refused, with the
 * reason, when the engine says it is not one a game can start from.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "stern-notation.h"
#include "stern-position-setup.h"

/* Refused, with a message holding what. */
static void
assert_refused (const char *variant_id,
                const char *text,
                int         code,
                const char *what)
{
  const SternVariant *variant = stern_variant_lookup (variant_id);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  SternPosition pos;

  /* Built as the editor does: marbles put on holes, whatever their number. */
  stern_position_clear (&pos);
  stern_position_set_to_move (&pos, STERN_WHITE);
  for (char **w = words; *w != NULL; w++)
    {
      const char *colon = strchr (*w, ':');
      unsigned seat = stern_seat_from_colour_name (*w, (size_t) (colon - *w));
      g_auto (GStrv) holes = g_strsplit (colon + 1, ",", -1);

      for (char **h = holes; *h != NULL; h++)
        stern_position_put (&pos, seat, stern_variant_cell_parse (variant, *h, strlen (*h)));
    }
  g_assert_false (stern_position_setup_check (variant, &pos, &error));
  g_assert_error (error, STERN_ERROR, code);
  if (strstr (error->message, what) == NULL)
    g_error ("\"%s\" refused as \"%s\", not naming %s", text, error->message, what);
  g_clear_error (&error);
  g_assert_null (stern_position_setup_new_game (variant, &pos, &error));
  g_assert_nonnull (error);
}

static void
test_refused (void)
{
  /* Not positions at all. */
  assert_refused ("classic-2", "white:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4,i9 black:e17",
                  STERN_ERROR_PARSE, "more than 10 marbles");
  assert_refused ("classic-2", "white:m1 black:e17 red:e5", STERN_ERROR_PARSE, "does not play");
  /* Positions no game starts from. */
  assert_refused ("classic-2", "white:m1", STERN_ERROR_ILLEGAL, "Black has no marbles");
  /* The solo puzzle already solved: nothing left to play. */
  assert_refused ("solo", "white:e17,e16,f16,e15,f15,g15,e14,f14,g14,h14", STERN_ERROR_ILLEGAL,
                  "over at once");
}

static void
test_accepted (void)
{
  const SternVariant *variant = NULL;
  SternPosition pos;
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL;

  g_assert_true (stern_notation_parse_position ("ugolki black white:a1,d4 black:h8", &variant, &pos, NULL));
  g_assert_true (stern_position_setup_check (variant, &pos, &error));
  g_assert_no_error (error);
  game = stern_position_setup_new_game (variant, &pos, &error);
  g_assert_nonnull (game);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/position-setup/refused", test_refused);
  g_test_add_func ("/position-setup/accepted", test_accepted);
  return g_test_run ();
}
