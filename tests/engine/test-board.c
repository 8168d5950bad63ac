/* Board geometry and hole names (doc/rules.md §1).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "stern-board.h"
#include "stern-variant.h"

static void
test_hole_count_and_shape (void)
{
  const SternGeometry *geo = stern_board_star ();
  unsigned hexagon = 0, per_ray[STERN_N_RAYS] = { 0 };

  g_assert_cmpuint (geo->n_cells, ==, 121);
  g_assert_cmpuint (stern_set_count (geo->all_cells), ==, 121);
  for (unsigned c = 0; c < geo->n_cells; c++)
    {
      int ray = stern_board_ray_of (c);
      if (ray < 0)
        hexagon++;
      else
        per_ray[ray]++;
    }
  g_assert_cmpuint (hexagon, ==, 61);
  for (unsigned r = 0; r < STERN_N_RAYS; r++)
    {
      g_assert_cmpuint (per_ray[r], ==, 10);
      g_assert_cmpuint (stern_set_count (stern_board_ray (r)), ==, 10);
      g_assert_cmpuint (stern_set_count (stern_board_zone (r, 15)), ==, 15);
    }
}

static void
test_names (void)
{
  char name[STERN_HOLE_NAME_MAX];

  stern_board_hole_name (0, name);
  g_assert_cmpstr (name, ==, "m1");
  stern_board_hole_name (120, name);
  g_assert_cmpstr (name, ==, "e17");
  g_assert_cmpuint (stern_board_hole_parse ("i9", 2), ==, stern_board_hole_at (0, 0));
  g_assert_cmpuint (stern_board_hole_parse ("m1", 2), ==, 0);
  g_assert_cmpuint (stern_board_hole_parse ("e17", 3), ==, 120);

  /* Every name parses back to its hole. */
  for (unsigned c = 0; c < STERN_STAR_N_CELLS; c++)
    {
      stern_board_hole_name (c, name);
      g_assert_cmpuint (stern_board_hole_parse (name, strlen (name)), ==, c);
    }

  /* Not holes: off the star, out of range, malformed. */
  g_assert_cmpuint (stern_board_hole_parse ("a1", 2), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_hole_parse ("q17", 3), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_hole_parse ("r9", 2), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_hole_parse ("i0", 2), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_hole_parse ("i18", 3), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_hole_parse ("i09", 3), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_hole_parse ("I9", 2), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_hole_parse ("i", 1), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_hole_parse ("i9x", 3), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_hole_parse (NULL, 0), ==, STERN_NO_CELL);
}

static void
test_existence_formula (void)
{
  for (int u = -8; u <= 8; u++)
    for (int v = -8; v <= 8; v++)
      {
        gboolean exists = (u >= -4 && v >= -4 && u + v <= 4) ||
                          (u <= 4 && v <= 4 && u + v >= -4);
        unsigned c = stern_board_hole_at (u, v);

        g_assert_cmpint (c != STERN_NO_CELL, ==, exists);
        if (exists)
          {
            g_assert_cmpint (stern_board_hole_u (c), ==, u);
            g_assert_cmpint (stern_board_hole_v (c), ==, v);
          }
      }
}

static SternSet
set_of (const char *const *names)
{
  SternSet set = 0;
  for (; *names; names++)
    set |= stern_set_bit (stern_board_hole_parse (*names, strlen (*names)));
  return set;
}

static void
test_homes (void)
{
  const char *const white[] = { "m1", "l2", "m2", "k3", "l3", "m3", "j4", "k4", "l4", "m4", NULL };
  const char *const black[] = { "e17", "e16", "f16", "e15", "f15", "g15", "e14", "f14", "g14", "h14", NULL };
  SternRules rules;

  stern_rules_init (&rules, stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  g_assert_true (rules.home[STERN_WHITE] == set_of (white));
  g_assert_true (rules.home[STERN_BLACK] == set_of (black));
  g_assert_true (rules.goal[STERN_WHITE] == rules.home[STERN_BLACK]);

  /* fifteen-2: rows 1–5 of the ray plus the hexagon row, not the side rays. */
  stern_rules_init (&rules, stern_variant_lookup ("fifteen-2"), STERN_PRESET_TABLE);
  g_assert_cmpuint (stern_set_count (rules.home[STERN_WHITE]), ==, 15);
  g_assert_true (stern_set_has (rules.home[STERN_WHITE], stern_board_hole_parse ("i5", 2)));
  g_assert_true (stern_set_has (rules.home[STERN_WHITE], stern_board_hole_parse ("m5", 2)));
  g_assert_false (stern_set_has (rules.home[STERN_WHITE], stern_board_hole_parse ("h5", 2)));
  g_assert_false (stern_set_has (rules.home[STERN_WHITE], stern_board_hole_parse ("n5", 2)));
}

static void
test_neighbours_symmetric (void)
{
  const SternGeometry *geo = stern_board_star ();

  for (unsigned c = 0; c < geo->n_cells; c++)
    {
      SternSet n = geo->neighbours[c];
      g_assert_cmpuint (stern_set_count (n), <=, 6);
      while (n)
        {
          unsigned m = stern_set_pop (&n);
          g_assert_true (stern_set_has (geo->neighbours[m], c));
          g_assert_cmpuint (stern_board_distance (c, m), ==, 1);
        }
    }
  /* The tips are 16 steps apart; a tip's zone distance to its own ray is 0. */
  g_assert_cmpuint (stern_board_distance (0, 120), ==, 16);
  g_assert_cmpuint (stern_board_zone_distance (3, 10, 0), ==, 13);  /* row 1 to row 14 */
  g_assert_cmpuint (stern_board_zone_distance (0, 10, 0), ==, 0);
}

/* The square boards (doc/rules.md §9): every cell's neighbours are the
 * cells one file and/or rank away, 4 or 8 of them inside the board; jumps
 * land two away over the cell between; distances count steps. */
static void
test_square_geometry (void)
{
  static const unsigned sizes[] = { 8, 10 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int diag = 0; diag < 2; diag++)
      {
        unsigned n = sizes[s];
        const SternGeometry *geo = stern_board_square (n, diag);

        g_assert_nonnull (geo);
        g_assert_cmpuint (geo->n_cells, ==, n * n);
        g_assert_cmpuint (geo->n_dirs, ==, diag ? 8 : 4);
        g_assert_cmpuint (stern_set_count (geo->all_cells), ==, n * n);
        for (unsigned c = 0; c < n * n; c++)
          {
            int x = (int) (c % n), y = (int) (c / n);
            SternSet expected = 0;
            unsigned jumps = 0;

            for (int dx = -1; dx <= 1; dx++)
              for (int dy = -1; dy <= 1; dy++)
                {
                  bool straight = dx == 0 || dy == 0;
                  int nx = x + dx, ny = y + dy, jx = x + 2 * dx, jy = y + 2 * dy;

                  if ((dx == 0 && dy == 0) || (!straight && !diag))
                    continue;
                  if (nx >= 0 && ny >= 0 && nx < (int) n && ny < (int) n)
                    expected |= stern_set_bit ((unsigned) (ny * (int) n + nx));
                  if (jx >= 0 && jy >= 0 && jx < (int) n && jy < (int) n)
                    jumps++;
                }
            g_assert_true (geo->neighbours[c] == expected);
            g_assert_cmpuint (geo->n_jumps[c], ==, jumps);
            for (unsigned j = 0; j < geo->n_jumps[c]; j++)
              {
                unsigned over = geo->jump_over[c][j], land = geo->jump_land[c][j];

                g_assert_cmpint ((int) (over % n) * 2, ==, x + (int) (land % n));
                g_assert_cmpint ((int) (over / n) * 2, ==, y + (int) (land / n));
              }
            /* To a1 (corner 0): Manhattan, or the larger coordinate. */
            g_assert_cmpuint (stern_board_square_corner_distance (n, diag, 0, c), ==,
                              diag ? (unsigned) MAX (x, y) : (unsigned) (x + y));
          }
      }
  g_assert_null (stern_board_square (9, false));
  g_assert_cmpuint (stern_set_count (stern_board_square_camp (STERN_CAMP_TRIANGLE_4, 2)), ==, 10);
  g_assert_cmpuint (stern_set_count (stern_board_square_camp (STERN_CAMP_TRIANGLE_5, 1)), ==, 15);
  g_assert_cmpuint (stern_set_count (stern_board_square_camp (STERN_CAMP_RECT_3X4, 0)), ==, 12);
  g_assert_cmpuint (stern_set_count (stern_board_square_camp (STERN_CAMP_SQUARE_3X3, 2)), ==, 9);
  /* From a1 to the 3×3 camp at h8 (f6–h8): 5 + 5 steps, or 5 diagonally. */
  g_assert_cmpuint (stern_board_square_camp_distance (STERN_CAMP_SQUARE_3X3, false, 2, 0), ==, 10);
  g_assert_cmpuint (stern_board_square_camp_distance (STERN_CAMP_SQUARE_3X3, true, 2, 0), ==, 5);
}

/* The move generator tries every direction of a cell, past its last
 * jump too: those entries must name no cell, on every board. */
static void
test_jump_padding (void)
{
  const SternGeometry *geos[] = {
    stern_board_star (),
    stern_board_square (8, false), stern_board_square (8, true),
    stern_board_square (10, false), stern_board_square (10, true),
  };

  for (guint g = 0; g < G_N_ELEMENTS (geos); g++)
    for (unsigned c = 0; c < geos[g]->n_cells; c++)
      {
        g_assert_cmpuint (geos[g]->n_jumps[c], <=, geos[g]->n_dirs);
        for (unsigned j = geos[g]->n_jumps[c]; j < STERN_MAX_DIRS; j++)
          {
            g_assert_cmpuint (geos[g]->jump_over[c][j], ==, STERN_NO_CELL);
            g_assert_cmpuint (geos[g]->jump_land[c][j], ==, STERN_NO_CELL);
          }
      }
}

/* stern_set_count () against one bit at a time, on sparse, dense and
 * full sets of both words. */
static void
test_set_count (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2026);

  g_assert_cmpuint (stern_set_count (0), ==, 0);
  g_assert_cmpuint (stern_set_count (~(SternSet) 0), ==, 128);
  g_assert_cmpuint (stern_set_count (stern_set_bit (127) | stern_set_bit (0)), ==, 2);
  for (unsigned i = 0; i < 20000; i++)
    {
      SternSet set = 0;
      unsigned expected = 0, density = g_rand_int_range (rand, 1, 100);

      for (unsigned cell = 0; cell < STERN_MAX_CELLS; cell++)
        if ((unsigned) g_rand_int_range (rand, 0, 100) < density)
          {
            set |= stern_set_bit (cell);
            expected++;
          }
      g_assert_cmpuint (stern_set_count (set), ==, expected);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board/count-and-shape", test_hole_count_and_shape);
  g_test_add_func ("/board/names", test_names);
  g_test_add_func ("/board/existence-formula", test_existence_formula);
  g_test_add_func ("/board/homes", test_homes);
  g_test_add_func ("/board/neighbours", test_neighbours_symmetric);
  g_test_add_func ("/board/square", test_square_geometry);
  g_test_add_func ("/board/jump-padding", test_jump_padding);
  g_test_add_func ("/board/set-count", test_set_count);
  return g_test_run ();
}
