/* The move generator's contract (stern-movegen.h): counts, each (from, to)
 * once, shortest paths, path checking and perft.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "stern-notation.h"

static unsigned
hole (const char *name)
{
  unsigned c = stern_board_hole_parse (name, strlen (name));
  g_assert_cmpuint (c, !=, STERN_NO_CELL);
  return c;
}

static void
parse (const char *text, SternRules *rules, SternPosition *pos, SternPreset preset)
{
  const SternVariant *variant;
  g_autoptr (GError) error = NULL;

  g_assert_true (stern_notation_parse_position (text, &variant, pos, &error));
  g_assert_no_error (error);
  stern_rules_init (rules, variant, preset);
}

static void
test_perft_classic_2 (void)
{
  SternRules rules;
  SternPosition pos;

  stern_rules_init (&rules, stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  stern_position_set_start (&pos, &rules);
  g_assert_cmpuint (stern_perft (&rules, &pos, 0), ==, 1);
  g_assert_cmpuint (stern_perft (&rules, &pos, 1), ==, 14);
  g_assert_cmpuint (stern_perft (&rules, &pos, 2), ==, 196);
  g_assert_cmpuint (stern_perft (&rules, &pos, 3), ==, 4648);
}

/* Plays random moves from the start of a variant, checking at every
 * position that the generator's outputs agree with each other. */
static void
check_consistency_along_playout (const SternVariant *variant, SternPreset preset, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  SternRules rules;
  SternPosition pos;
  static SternMove moves[STERN_MAX_MOVES];

  stern_rules_init (&rules, variant, preset);
  stern_position_set_start (&pos, &rules);
  for (unsigned ply = 0; ply < 120; ply++)
    {
      unsigned seat = pos.to_move;
      size_t n = stern_movegen_generate (&rules, &pos, seat, moves);
      SternSet seen[STERN_MAX_CELLS] = { 0 };
      unsigned next = seat;

      g_assert_cmpuint (n, ==, stern_movegen_count (&rules, &pos, seat));
      for (size_t i = 0; i < n; i++)
        {
          uint8_t path[STERN_MAX_PATH];
          size_t len = stern_movegen_path (&rules, &pos, moves[i].from, moves[i].to, path);

          /* Each (from, to) once. */
          g_assert_false (stern_set_has (seen[moves[i].from], moves[i].to));
          seen[moves[i].from] |= stern_set_bit (moves[i].to);
          g_assert_true (stern_set_has (stern_movegen_destinations (&rules, &pos, moves[i].from),
                                        moves[i].to));
          /* The path is legal, runs from → to, as a legal path. */
          g_assert_cmpuint (len, >=, 2);
          g_assert_cmpuint (path[0], ==, moves[i].from);
          g_assert_cmpuint (path[len - 1], ==, moves[i].to);
          g_assert_cmpint (stern_movegen_check_path (&rules, &pos, seat, path, len, NULL), ==,
                           STERN_PATH_OK);
        }
      if (n == 0)
        break;
      {
        const SternMove *m = &moves[g_rand_int_range (rand, 0, (gint32) n)];
        stern_position_move (&pos, m->from, m->to);
      }
      for (unsigned i = 0; i < variant->n_players; i++)
        if (variant->seats[i] == seat)
          next = variant->seats[(i + 1) % variant->n_players];
      stern_position_set_to_move (&pos, next);
    }
}

static void
test_consistency_every_variant (void)
{
  for (unsigned v = 0; v < STERN_N_VARIANTS; v++)
    for (unsigned p = 0; p < STERN_N_PRESETS; p++)
      check_consistency_along_playout (stern_variant_get (v), (SternPreset) p, 1000 + v * 10 + p);
  /* The square boards (doc/rules.md §9) have their own rules only. */
  for (unsigned v = STERN_N_VARIANTS; v < STERN_N_ALL_VARIANTS; v++)
    check_consistency_along_playout (stern_variant_get (v), STERN_PRESET_TABLE, 1000 + v * 10);
}

static void
test_shortest_path_preferred (void)
{
  SternRules rules;
  SternPosition pos;
  uint8_t path[STERN_MAX_PATH];
  size_t len;

  /* i9 can reach i11 by one jump over i10, or by a longer ring of jumps;
   * the listed path is the single jump. */
  parse ("classic-2 white white:i9 black:i10,j9,j10,h11,i12,g12", &rules, &pos, STERN_PRESET_TABLE);
  len = stern_movegen_path (&rules, &pos, hole ("i9"), hole ("i11"), path);
  g_assert_cmpuint (len, ==, 2);
  g_assert_cmpuint (path[0], ==, hole ("i9"));
  g_assert_cmpuint (path[1], ==, hole ("i11"));
  /* g11 needs two jumps: over i10 to i11, then over h11. */
  len = stern_movegen_path (&rules, &pos, hole ("i9"), hole ("g11"), path);
  g_assert_cmpuint (len, ==, 3);

  /* Not a legal move: no path. */
  g_assert_cmpuint (stern_movegen_path (&rules, &pos, hole ("i9"), hole ("e14"), path), ==, 0);
  g_assert_cmpuint (stern_movegen_path (&rules, &pos, hole ("h9"), hole ("h10"), path), ==, 0);
}

static void
test_check_path_errors (void)
{
  SternRules rules;
  SternPosition pos;
  uint8_t path[4];
  size_t bad = 99;

  parse ("classic-2 white white:i9,i10 black:j9", &rules, &pos, STERN_PRESET_TABLE);
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, 1, NULL), ==,
                   STERN_PATH_TOO_SHORT);

  path[0] = hole ("h9"); path[1] = hole ("h10");
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, 2, NULL), ==,
                   STERN_PATH_NO_MARBLE);
  path[0] = hole ("j9"); path[1] = hole ("j10");
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, 2, NULL), ==,
                   STERN_PATH_NOT_ON_TURN);
  /* Two holes away with nothing between: not a jump. */
  path[0] = hole ("i9"); path[1] = hole ("g9");
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, 2, &bad), ==,
                   STERN_PATH_BAD_HOP);
  g_assert_cmpuint (bad, ==, 1);
  /* A jump followed by a step. */
  path[0] = hole ("i9"); path[1] = hole ("k9"); path[2] = hole ("k10");
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, 3, &bad), ==,
                   STERN_PATH_STEP_IN_CHAIN);
  g_assert_cmpuint (bad, ==, 2);
  /* Over j9 and back again lands on the start hole. */
  path[0] = hole ("i9"); path[1] = hole ("k9"); path[2] = hole ("i9");
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, 3, &bad), ==,
                   STERN_PATH_REVISIT);
  /* Stepping onto a marble. */
  path[0] = hole ("i9"); path[1] = hole ("j9");
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, 2, NULL), ==,
                   STERN_PATH_BAD_HOP);
  for (int c = STERN_PATH_OK; c <= STERN_PATH_FOREIGN_RAY; c++)
    g_assert_cmpstr (stern_path_check_describe ((SternPathCheck) c), !=, "unknown");
}

static void
test_long_jump_path (void)
{
  SternRules rules;
  SternPosition pos;
  uint8_t path[STERN_MAX_PATH];

  /* Along row 5: over h5 three holes away, landing six holes away at k5. */
  parse ("long-2 white white:e5 black:h5", &rules, &pos, STERN_PRESET_TABLE);
  g_assert_true (stern_set_has (stern_movegen_destinations (&rules, &pos, hole ("e5")), hole ("k5")));
  g_assert_false (stern_set_has (stern_movegen_destinations (&rules, &pos, hole ("e5")), hole ("j5")));
  g_assert_cmpuint (stern_movegen_path (&rules, &pos, hole ("e5"), hole ("k5"), path), ==, 2);
  /* The same jump is not allowed in the ordinary variant. */
  parse ("classic-2 white white:e5 black:h5", &rules, &pos, STERN_PRESET_TABLE);
  g_assert_false (stern_set_has (stern_movegen_destinations (&rules, &pos, hole ("e5")), hole ("k5")));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/movegen/perft-classic-2", test_perft_classic_2);
  g_test_add_func ("/movegen/consistency-every-variant", test_consistency_every_variant);
  g_test_add_func ("/movegen/shortest-path", test_shortest_path_preferred);
  g_test_add_func ("/movegen/check-path-errors", test_check_path_errors);
  g_test_add_func ("/movegen/long-jump-path", test_long_jump_path);
  return g_test_run ();
}
