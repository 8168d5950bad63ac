/* test-square-saved.c: Halma and Ugolki games saved and read back.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every square variant of doc/rules.md §9, a few moves into a game (two
 * and four players), goes through the saved-game text and through the
 * autosave and comes back the same: variant and movement mode, who plays
 * each seat, the moves and the position.
 */

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "stern-computer.h"
#include "stern-game.h"
#include "stern-game-setup.h"
#include "stern-autosave.h"
#include "stern-saved-game.h"

#define N_MOVES 7

/* Plays n moves, each the legal move at index (ply × 7) mod count: a game
 * not made of first moves only, the same every run. */
static SternGame *
make_game (const SternVariant *variant, guint n)
{
  SternGame *game = stern_game_new (variant, STERN_PRESET_TABLE);
  g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);

  for (guint ply = 0; ply < n && !stern_game_is_over (game); ply++)
    {
      size_t count = stern_game_legal_moves (game, moves);

      g_assert_cmpuint (count, >, 0);
      g_assert_true (stern_game_play (game, moves[(ply * 7) % count].from,
                                      moves[(ply * 7) % count].to, NULL));
    }
  return game;
}

static void
assert_same (const SternGame *a, const SternGame *b)
{
  const SternPosition *pa = stern_game_get_position (a);
  const SternPosition *pb = stern_game_get_position (b);

  g_assert_true (stern_game_get_variant (a) == stern_game_get_variant (b));
  g_assert_cmpuint (stern_game_get_n_actions (a), ==, stern_game_get_n_actions (b));
  g_assert_cmpuint (stern_game_get_turn (a), ==, stern_game_get_turn (b));
  g_assert_cmpmem (pa->cell, sizeof pa->cell, pb->cell, sizeof pb->cell);
}

static void
setup_for (SternGameSetup *setup, const SternVariant *variant)
{
  memset (setup, 0, sizeof *setup);
  setup->variant = variant;
  setup->preset = STERN_PRESET_TABLE;
  /* Every other seat the computer, at different levels. */
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      setup->computer[seat] = seat % 2 == 1;
      setup->level[seat] = (int) (seat % STERN_N_PLAY_LEVELS);
    }
}

static void
test_saved_text (void)
{
  guint n_square = 0;

  for (guint i = 0; i < STERN_N_ALL_VARIANTS; i++)
    {
      const SternVariant *variant = stern_variant_get (i);
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      SternGame *game, *back;
      SternGameSetup setup, read;
      SternClock clock;

      if (!stern_variant_is_square (variant))
        continue;
      n_square++;
      game = make_game (variant, N_MOVES);
      setup_for (&setup, variant);
      text = stern_saved_game_write (game, &setup, NULL, 0);
      /* The variant is named, movement mode and all. */
      g_assert_nonnull (strstr (text, variant->id));

      back = stern_saved_game_read (text, &read, &clock, &error);
      g_assert_no_error (error);
      g_assert_nonnull (back);
      assert_same (game, back);
      g_assert_true (read.variant == variant);
      g_assert_false (clock.enabled);
      for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
        if (stern_variant_has_seat (variant, seat))
          {
            g_assert_cmpint (read.computer[seat], ==, setup.computer[seat]);
            if (setup.computer[seat])
              g_assert_cmpint (read.level[seat], ==, setup.level[seat]);
          }
      stern_game_free (back);
      stern_game_free (game);
    }
  g_assert_cmpuint (n_square, ==, STERN_N_SQUARE_VARIANTS);
}

static void
test_autosave (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("stern-square-XXXXXX", &error);

  g_assert_no_error (error);
  for (guint i = 0; i < STERN_N_ALL_VARIANTS; i++)
    {
      const SternVariant *variant = stern_variant_get (i);
      g_autoptr (GError) damage = NULL;
      SternGame *game, *back;
      SternGameSetup setup, read;
      SternClock clock;

      if (!stern_variant_is_square (variant))
        continue;
      game = make_game (variant, N_MOVES);
      setup_for (&setup, variant);
      g_assert_true (stern_autosave_write (dir, game, &setup, NULL, &error));
      g_assert_no_error (error);
      back = stern_autosave_read (dir, &read, &clock, &damage);
      g_assert_no_error (damage);
      g_assert_nonnull (back);
      assert_same (game, back);
      g_assert_true (read.variant == variant);
      stern_game_free (back);
      stern_game_free (game);
    }
  stern_autosave_delete (dir);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/square-saved/text", test_saved_text);
  g_test_add_func ("/square-saved/autosave", test_autosave);
  return g_test_run ();
}
