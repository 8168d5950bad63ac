/* One test per rule of doc/rules.md, each from a small hand-made position.
 *
 * The expected values come from the rules text, not from the engine: a
 * failure here means the engine and doc/rules.md disagree.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "stern-notation.h"

#include "engine-test-util.h"

/* ---- helpers ---- */

typedef struct {
  const SternVariant *variant;
  SternRules          rules;
  SternPosition       pos;
} Setup;

static void
setup (Setup *s, const char *text, SternPreset preset)
{
  g_autoptr (GError) error = NULL;

  if (!stern_notation_parse_position (text, &s->variant, &s->pos, &error))
    g_error ("cannot parse \"%s\": %s", text, error->message);
  stern_rules_init (&s->rules, s->variant, preset);
}

/* Where the marble at `from` may end its move. */
static SternSet
dests (const char *position, SternPreset preset, const char *from)
{
  Setup s;

  setup (&s, position, preset);
  return stern_movegen_destinations (&s.rules, &s.pos, engine_test_cell_of (from));
}

#define assert_dests(position, preset, from, expected) \
  engine_test_assert_set_eq (dests (position, preset, from), engine_test_set_of (expected))

/* The shortest path of from → to as text ("" when not a move). */
static char *
path_text (const char *position, SternPreset preset, const char *from, const char *to)
{
  Setup s;
  uint8_t path[STERN_MAX_PATH];
  size_t len;

  setup (&s, position, preset);
  len = stern_movegen_path (&s.rules, &s.pos, engine_test_cell_of (from), engine_test_cell_of (to), path);
  return len ? stern_notation_format_path (path, len) : g_strdup ("");
}

#define assert_path(position, preset, from, to, expected) G_STMT_START { \
    g_autofree char *path_ = path_text (position, preset, from, to);      \
    g_assert_cmpstr (path_, ==, expected);                                \
  } G_STMT_END

static SternPathCheck
check_path (const char *position, const char *path_str, size_t *bad)
{
  Setup s;
  uint8_t path[STERN_MAX_PATH];
  size_t len = 0;
  g_autoptr (GError) error = NULL;

  setup (&s, position, STERN_PRESET_TABLE);
  if (!stern_notation_parse_path (path_str, path, &len, &error))
    g_error ("cannot parse path %s: %s", path_str, error->message);
  return stern_movegen_check_path (&s.rules, &s.pos, s.pos.to_move, path, len, bad);
}

/* A game from a position, each seat having made `made[seat]` moves. */
static SternGame *
game_made (const char *position, SternPreset preset, const unsigned made[STERN_N_SEATS])
{
  Setup s;

  setup (&s, position, preset);
  return stern_game_new_from_position (s.variant, preset, &s.pos, made);
}

static SternGame *
game_at (const char *position, SternPreset preset)
{
  return game_made (position, preset, NULL);
}

static void
play (SternGame *game, const char *from, const char *to)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = stern_game_play (game, engine_test_cell_of (from), engine_test_cell_of (to), &error);

  g_assert_no_error (error);
  g_assert_true (ok);
}

/* Plays the first legal move of the seat on turn. */
static void
play_any (SternGame *game)
{
  SternMove moves[STERN_MAX_MOVES];
  size_t n = stern_game_legal_moves (game, moves);
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (n, >, 0);
  g_assert_true (stern_game_play (game, moves[0].from, moves[0].to, &error));
  g_assert_no_error (error);
}

static void
assert_places (SternGame *game, unsigned white, unsigned red, unsigned blue,
               unsigned black, unsigned yellow, unsigned green)
{
  unsigned expected[STERN_N_SEATS] = { white, red, blue, black, yellow, green };

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      if (stern_game_get_place (game, seat) != expected[seat])
        g_test_message ("place of %s", stern_seat_colour_name (seat));
      g_assert_cmpuint (stern_game_get_place (game, seat), ==, expected[seat]);
    }
}

static bool
on_star (int u, int v)
{
  return (u >= -4 && v >= -4 && u + v <= 4) || (u <= 4 && v <= 4 && u + v >= -4);
}

/* Ray of (u, v) by the table of doc/rules.md §1, -1 in the hexagon. */
static int
ray_by_rules (int u, int v)
{
  if (v <= -5) return 0;
  if (u + v <= -5) return 1;
  if (u <= -5) return 2;
  if (v >= 5) return 3;
  if (u + v >= 5) return 4;
  if (u >= 5) return 5;
  return -1;
}

static const char white_home[] = "m1,l2,m2,k3,l3,m3,j4,k4,l4,m4";
static const char black_home[] = "e17,e16,f16,e15,f15,g15,e14,f14,g14,h14";

/* ---- §1 the board ---- */

static void
test_board_holes (void)
{
  const SternGeometry *g = stern_board_star ();
  unsigned count = 0;

  g_assert_cmpuint (g->n_cells, ==, 121);
  g_assert_cmpuint (g->n_dirs, ==, 6);
  g_assert_cmpuint (stern_set_count (g->all_cells), ==, 121);
  for (int v = -9; v <= 9; v++)
    for (int u = -9; u <= 9; u++)
      {
        unsigned cell = stern_board_hole_at (u, v);

        g_assert_cmpint (on_star (u, v), ==, cell != STERN_NO_CELL);
        if (cell == STERN_NO_CELL)
          continue;
        count++;
        g_assert_cmpint (stern_board_hole_u (cell), ==, u);
        g_assert_cmpint (stern_board_hole_v (cell), ==, v);
      }
  g_assert_cmpuint (count, ==, 121);

  /* Numbered row by row from the bottom, left to right. */
  for (unsigned c = 1; c < 121; c++)
    {
      int pv = stern_board_hole_v (c - 1), v = stern_board_hole_v (c);

      g_assert_true (pv < v || (pv == v && stern_board_hole_u (c - 1) < stern_board_hole_u (c)));
    }
}

static void
test_board_names (void)
{
  const char *bad[] = { "a1", "q17", "r5", "i0", "i18", "", "i", "9i", "i9x", "m", "e170", "i-1" };
  char name[STERN_HOLE_NAME_MAX];

  stern_board_hole_name (0, name);
  g_assert_cmpstr (name, ==, "m1");
  stern_board_hole_name (120, name);
  g_assert_cmpstr (name, ==, "e17");
  g_assert_cmpuint (engine_test_cell_of ("m1"), ==, stern_board_hole_at (4, -8));
  g_assert_cmpuint (engine_test_cell_of ("e17"), ==, stern_board_hole_at (-4, 8));
  g_assert_cmpuint (engine_test_cell_of ("i9"), ==, stern_board_hole_at (0, 0));
  g_assert_cmpuint (engine_test_cell_of ("a13"), ==, stern_board_hole_at (-8, 4));
  g_assert_cmpuint (engine_test_cell_of ("q5"), ==, stern_board_hole_at (8, -4));

  for (unsigned c = 0; c < 121; c++)
    {
      g_autofree char *expected = g_strdup_printf ("%c%d", 'i' + stern_board_hole_u (c),
                                                   stern_board_hole_v (c) + 9);

      stern_board_hole_name (c, name);
      g_assert_cmpstr (name, ==, expected);
      g_assert_cmpuint (stern_board_hole_parse (name, strlen (name)), ==, c);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("bad name \"%s\"", bad[i]);
      g_assert_cmpuint (stern_board_hole_parse (bad[i], strlen (bad[i])), ==, STERN_NO_CELL);
    }
  /* Only the first len bytes count. */
  g_assert_cmpuint (stern_board_hole_parse ("i9-i10", 2), ==, engine_test_cell_of ("i9"));
}

static void
test_board_directions (void)
{
  const SternGeometry *g = stern_board_star ();
  static const int du[6] = { 1, -1, 0, 0, -1, 1 };
  static const int dv[6] = { 0, 0, 1, -1, 1, -1 };
  unsigned i9 = engine_test_cell_of ("i9"), m1 = engine_test_cell_of ("m1");

  g_assert_cmpuint (g->line[i9][STERN_DIR_RIGHT][0], ==, engine_test_cell_of ("j9"));
  g_assert_cmpuint (g->line[i9][STERN_DIR_LEFT][0], ==, engine_test_cell_of ("h9"));
  g_assert_cmpuint (g->line[i9][STERN_DIR_UP_RIGHT][0], ==, engine_test_cell_of ("i10"));
  g_assert_cmpuint (g->line[i9][STERN_DIR_DOWN_LEFT][0], ==, engine_test_cell_of ("i8"));
  g_assert_cmpuint (g->line[i9][STERN_DIR_UP_LEFT][0], ==, engine_test_cell_of ("h10"));
  g_assert_cmpuint (g->line[i9][STERN_DIR_DOWN_RIGHT][0], ==, engine_test_cell_of ("j8"));
  engine_test_assert_set_eq (g->neighbours[i9], engine_test_set_of ("h9,j9,i10,i8,h10,j8"));
  engine_test_assert_set_eq (g->neighbours[m1], engine_test_set_of ("l2,m2"));
  g_assert_cmpuint (g->line_len[m1][STERN_DIR_UP_RIGHT], ==, 12);  /* m2 … m13 */

  for (unsigned c = 0; c < 121; c++)
    for (unsigned d = 0; d < 6; d++)
      {
        int u = stern_board_hole_u (c), v = stern_board_hole_v (c);
        unsigned len = 0;

        while (on_star (u + (int) (len + 1) * du[d], v + (int) (len + 1) * dv[d]))
          len++;
        g_assert_cmpuint (g->line_len[c][d], ==, len);
        for (unsigned i = 0; i < len; i++)
          g_assert_cmpuint (g->line[c][d][i], ==,
                            stern_board_hole_at (u + (int) (i + 1) * du[d],
                                                 v + (int) (i + 1) * dv[d]));
      }
}

static void
test_board_rays (void)
{
  SternSet rays[6] = { 0 };
  unsigned hexagon = 0;

  for (unsigned c = 0; c < 121; c++)
    {
      int r = ray_by_rules (stern_board_hole_u (c), stern_board_hole_v (c));

      g_assert_cmpint (stern_board_ray_of (c), ==, r);
      if (r < 0)
        hexagon++;
      else
        rays[r] |= stern_set_bit (c);
    }
  g_assert_cmpuint (hexagon, ==, 61);
  for (unsigned r = 0; r < 6; r++)
    {
      g_assert_cmpuint (stern_set_count (rays[r]), ==, 10);
      engine_test_assert_set_eq (stern_board_ray (r), rays[r]);
    }
  /* Seats go clockwise from the bottom: white S, red SW, blue NW, black N, … */
  g_assert_cmpint (stern_board_ray_of (engine_test_cell_of ("m1")), ==, STERN_WHITE);
  g_assert_cmpint (stern_board_ray_of (engine_test_cell_of ("e5")), ==, STERN_RED);
  g_assert_cmpint (stern_board_ray_of (engine_test_cell_of ("a13")), ==, STERN_BLUE);
  g_assert_cmpint (stern_board_ray_of (engine_test_cell_of ("e17")), ==, STERN_BLACK);
  g_assert_cmpint (stern_board_ray_of (engine_test_cell_of ("m13")), ==, STERN_YELLOW);
  g_assert_cmpint (stern_board_ray_of (engine_test_cell_of ("q5")), ==, STERN_GREEN);
  g_assert_cmpstr (stern_seat_colour_name (STERN_WHITE), ==, "white");
  g_assert_cmpstr (stern_seat_colour_name (STERN_RED), ==, "red");
  g_assert_cmpstr (stern_seat_colour_name (STERN_BLUE), ==, "blue");
  g_assert_cmpstr (stern_seat_colour_name (STERN_BLACK), ==, "black");
  g_assert_cmpstr (stern_seat_colour_name (STERN_YELLOW), ==, "yellow");
  g_assert_cmpstr (stern_seat_colour_name (STERN_GREEN), ==, "green");
}

static void
test_board_homes (void)
{
  SternRules rules;

  engine_test_assert_set_eq (stern_board_ray (STERN_WHITE), engine_test_set_of (white_home));
  engine_test_assert_set_eq (stern_board_ray (STERN_BLACK), engine_test_set_of (black_home));
  stern_rules_init (&rules, stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  engine_test_assert_set_eq (rules.home[STERN_WHITE], engine_test_set_of (white_home));
  engine_test_assert_set_eq (rules.home[STERN_BLACK], engine_test_set_of (black_home));
  /* A seat's goal is the opposite ray. */
  engine_test_assert_set_eq (rules.goal[STERN_WHITE], engine_test_set_of (black_home));
  engine_test_assert_set_eq (rules.goal[STERN_BLACK], engine_test_set_of (white_home));
}

static void
test_board_zones_15 (void)
{
  SternRules rules;

  engine_test_assert_set_eq (stern_board_zone (STERN_WHITE, 10), engine_test_set_of (white_home));
  engine_test_assert_set_eq (stern_board_zone (STERN_WHITE, 15), engine_test_set_of ("m1,l2,m2,k3,l3,m3,j4,k4,l4,m4,"
                                                                                     "i5,j5,k5,l5,m5"));
  engine_test_assert_set_eq (stern_board_zone (STERN_BLACK, 15), engine_test_set_of ("e17,e16,f16,e15,f15,g15,e14,f14,"
                                                                                     "g14,h14,e13,f13,g13,h13,i13"));
  stern_rules_init (&rules, stern_variant_lookup ("fifteen-2"), STERN_PRESET_TABLE);
  engine_test_assert_set_eq (rules.home[STERN_WHITE], stern_board_zone (STERN_WHITE, 15));
  engine_test_assert_set_eq (rules.goal[STERN_WHITE], stern_board_zone (STERN_BLACK, 15));
  engine_test_assert_set_eq (rules.home[STERN_BLACK], stern_board_zone (STERN_BLACK, 15));
  engine_test_assert_set_eq (rules.goal[STERN_BLACK], stern_board_zone (STERN_WHITE, 15));
}

static void
test_board_distance (void)
{
  SternRules rules;

  g_assert_cmpuint (stern_board_distance (engine_test_cell_of ("i9"), engine_test_cell_of ("i9")), ==, 0);
  g_assert_cmpuint (stern_board_distance (engine_test_cell_of ("m1"), engine_test_cell_of ("m2")), ==, 1);
  g_assert_cmpuint (stern_board_distance (engine_test_cell_of ("m1"), engine_test_cell_of ("e17")), ==, 16);
  g_assert_cmpuint (stern_board_distance (engine_test_cell_of ("q5"), engine_test_cell_of ("a13")), ==, 16);
  g_assert_cmpuint (stern_board_distance (engine_test_cell_of ("q5"), engine_test_cell_of ("m1")), ==, 8);
  stern_rules_init (&rules, stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  g_assert_cmpuint (stern_rules_goal_distance (&rules, STERN_WHITE, engine_test_cell_of ("m1")), ==, 13);
  g_assert_cmpuint (stern_rules_goal_distance (&rules, STERN_WHITE, engine_test_cell_of ("e17")), ==, 0);
  g_assert_cmpuint (stern_rules_goal_distance (&rules, STERN_WHITE, engine_test_cell_of ("i6")), ==, 8);
  g_assert_cmpuint (stern_rules_goal_distance (&rules, STERN_WHITE, engine_test_cell_of ("o7")), ==, 7);
  g_assert_cmpuint (stern_rules_goal_distance (&rules, STERN_BLACK, engine_test_cell_of ("a13")), ==, 9);
  stern_rules_init (&rules, stern_variant_lookup ("fifteen-2"), STERN_PRESET_TABLE);
  g_assert_cmpuint (stern_rules_goal_distance (&rules, STERN_WHITE, engine_test_cell_of ("i9")), ==, 4);
}

/* ---- §2 variants ---- */

static void
test_variants_table (void)
{
  static const struct {
    const char *id;
    unsigned    n;
    uint8_t     seats[6];
    unsigned    marbles;
    bool        long_jumps, teams, solo;
  } table[] = {
    { "classic-2", 2, { 0, 3 }, 10, false, false, false },
    { "classic-3", 3, { 0, 2, 4 }, 10, false, false, false },
    { "classic-4", 4, { 0, 1, 3, 4 }, 10, false, false, false },
    { "classic-6", 6, { 0, 1, 2, 3, 4, 5 }, 10, false, false, false },
    { "long-2", 2, { 0, 3 }, 10, true, false, false },
    { "long-6", 6, { 0, 1, 2, 3, 4, 5 }, 10, true, false, false },
    { "fifteen-2", 2, { 0, 3 }, 15, false, false, false },
    { "pairs-4", 4, { 0, 1, 3, 4 }, 10, false, true, false },
    { "pairs-6", 6, { 0, 1, 2, 3, 4, 5 }, 10, false, true, false },
    { "solo", 1, { 0 }, 10, false, false, true },
  };

  g_assert_cmpuint (STERN_N_VARIANTS, ==, G_N_ELEMENTS (table));
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    {
      const SternVariant *v = stern_variant_lookup (table[i].id);

      g_test_message ("variant %s", table[i].id);
      g_assert_nonnull (v);
      g_assert_cmpstr (v->id, ==, table[i].id);
      g_assert_cmpuint (v->n_players, ==, table[i].n);
      g_assert_cmpmem (v->seats, v->n_players, table[i].seats, table[i].n);
      g_assert_cmpuint (v->marbles, ==, table[i].marbles);
      g_assert_cmpint (v->long_jumps, ==, table[i].long_jumps);
      g_assert_cmpint (v->teams, ==, table[i].teams);
      g_assert_cmpint (v->solo, ==, table[i].solo);
      for (unsigned seat = 0; seat < 6; seat++)
        g_assert_cmpint (stern_variant_has_seat (v, seat), ==,
                         memchr (table[i].seats, (int) seat, table[i].n) != NULL);
    }
  g_assert_null (stern_variant_lookup ("classic-5"));
  g_assert_null (stern_variant_lookup (""));
  for (unsigned i = 0; i < STERN_N_VARIANTS; i++)
    g_assert_true (stern_variant_lookup (stern_variant_get (i)->id) == stern_variant_get (i));
}

static void
test_variants_start (void)
{
  for (unsigned i = 0; i < STERN_N_VARIANTS; i++)
    {
      const SternVariant *v = stern_variant_get (i);
      SternRules rules;
      SternPosition pos;

      g_test_message ("variant %s", v->id);
      stern_rules_init (&rules, v, STERN_PRESET_TABLE);
      stern_position_set_start (&pos, &rules);
      g_assert_cmpuint (pos.to_move, ==, STERN_WHITE);
      for (unsigned seat = 0; seat < 6; seat++)
        if (stern_variant_has_seat (v, seat))
          {
            engine_test_assert_set_eq (pos.marbles[seat], stern_board_zone (seat, v->marbles));
            g_assert_cmpuint (stern_set_count (pos.marbles[seat]), ==, v->marbles);
          }
        else
          g_assert_cmpuint (stern_set_count (pos.marbles[seat]), ==, 0);
    }
}

static void
test_variants_goals (void)
{
  for (unsigned i = 0; i < STERN_N_VARIANTS; i++)
    for (unsigned p = 0; p < STERN_N_PRESETS; p++)
      {
        const SternVariant *v = stern_variant_get (i);
        SternRules rules;

        g_test_message ("variant %s preset %s", v->id, stern_preset_name (p));
        stern_rules_init (&rules, v, p);
        for (unsigned n = 0; n < v->n_players; n++)
          {
            unsigned seat = v->seats[n], opposite = (seat + 3) % 6;
            SternSet foreign = 0;

            for (unsigned r = 0; r < 6; r++)
              if (r != seat && r != opposite)
                foreign |= stern_board_ray (r);
            engine_test_assert_set_eq (rules.home[seat], stern_board_zone (seat, v->marbles));
            engine_test_assert_set_eq (rules.goal[seat], stern_board_zone (opposite, v->marbles));
            /* Club and race let moves end in any ray (§8). */
            engine_test_assert_set_eq (rules.no_stop[seat], p == STERN_PRESET_TABLE ? foreign : 0);
          }
      }
}

/* The rule switches each preset and variant makes (§4, §5, §8). */
static void
test_variants_rule_switches (void)
{
  for (unsigned i = 0; i < STERN_N_VARIANTS; i++)
    {
      const SternVariant *v = stern_variant_get (i);
      SternRules t, c, r;

      g_test_message ("variant %s", v->id);
      stern_rules_init (&t, v, STERN_PRESET_TABLE);
      stern_rules_init (&c, v, STERN_PRESET_CLUB);
      stern_rules_init (&r, v, STERN_PRESET_RACE);

      g_assert_true (t.goal_confines);
      g_assert_cmpuint (t.leave_home_deadline, ==, v->solo ? 0 : v->marbles == 15 ? 40 : 30);
      g_assert_cmpuint (t.round_limit, ==, v->solo ? 0 : 150);
      g_assert_cmpuint (t.move_limit, ==, 0);
      g_assert_false (t.finish_needs_all_own);
      g_assert_cmpint (t.reply_move, ==, v->n_players == 2);

      g_assert_false (c.goal_confines);
      g_assert_cmpuint (c.leave_home_deadline, ==, 0);
      g_assert_cmpuint (c.round_limit, ==, 0);
      if (!v->solo)
        {
          g_assert_cmpuint (c.move_limit, ==, 200);
          g_assert_true (c.resign_replaced);
        }

      g_assert_false (r.goal_confines);
      g_assert_cmpuint (r.leave_home_deadline, ==, 0);
      g_assert_cmpuint (r.round_limit, ==, 0);
      g_assert_cmpuint (r.move_limit, ==, 0);
      g_assert_true (r.finish_needs_all_own);
      g_assert_false (r.reply_move);
    }
}

/* ---- §3 moves ---- */

static void
test_move_steps (void)
{
  /* Up to six adjacent holes, which must be empty. */
  assert_dests ("classic-2 white white:i9", STERN_PRESET_TABLE, "i9", "h9,h10,i8,i10,j8,j9");
  /* i10 taken, and the jump over it blocked by i11. */
  assert_dests ("classic-2 white white:i9 black:i10,i11", STERN_PRESET_TABLE, "i9",
                "h9,h10,i8,j8,j9");
  assert_dests ("classic-2 white white:m1", STERN_PRESET_TABLE, "m1", "l2,m2");
  assert_path ("classic-2 white white:i9", STERN_PRESET_TABLE, "i9", "j9", "i9-j9");
}

static void
test_move_jump_any_colour (void)
{
  /* Over its own marble (i10), blue's (j9) and yellow's (h10). */
  assert_dests ("classic-3 white white:i9,i10 blue:j9 yellow:h10", STERN_PRESET_TABLE, "i9",
                "h9,i8,j8,i11,k9,g11");
}

static void
test_move_chain_stops_anywhere (void)
{
  const char *pos = "classic-2 white white:i9 black:i10,i12,j11";

  /* i11 is the first landing, i13 and k11 come after it in two directions. */
  assert_dests (pos, STERN_PRESET_TABLE, "i9", "h9,h10,i8,j8,j9,i11,i13,k11");
  assert_path (pos, STERN_PRESET_TABLE, "i9", "i11", "i9-i11");
  assert_path (pos, STERN_PRESET_TABLE, "i9", "i13", "i9-i11-i13");
  assert_path (pos, STERN_PRESET_TABLE, "i9", "k11", "i9-i11-k11");
  /* No capture: the jumped marbles stay. */
  {
    g_autoptr (SternGame) game = game_at (pos, STERN_PRESET_TABLE);
    const SternPosition *after;

    play (game, "i9", "i13");
    after = stern_game_get_position (game);
    engine_test_assert_set_eq (after->marbles[STERN_BLACK], engine_test_set_of ("i10,i12,j11"));
    engine_test_assert_set_eq (after->marbles[STERN_WHITE], engine_test_set_of ("i13"));
  }
}

static void
test_move_no_revisit (void)
{
  const char *pos = "classic-2 white white:i9 black:j9,j10,i10";
  Setup s;
  SternMove moves[STERN_MAX_MOVES];
  size_t n, bad = 99;

  /* i9 → k9 → i11 → i9 would come back to the start: never a move. */
  assert_dests (pos, STERN_PRESET_TABLE, "i9", "h9,h10,i8,j8,i11,k9");
  setup (&s, pos, STERN_PRESET_TABLE);
  n = stern_movegen_generate (&s.rules, &s.pos, STERN_WHITE, moves);
  for (size_t i = 0; i < n; i++)
    g_assert_cmpuint (moves[i].from, !=, moves[i].to);
  g_assert_cmpint (check_path (pos, "i9-k9-i11-i9", &bad), ==, STERN_PATH_REVISIT);
  g_assert_cmpuint (bad, ==, 3);
  g_assert_cmpint (check_path (pos, "i9-k9-i11-k9", &bad), ==, STERN_PATH_REVISIT);
  g_assert_cmpuint (bad, ==, 3);
  g_assert_cmpint (check_path (pos, "i9-k9-i11", NULL), ==, STERN_PATH_OK);
}

static void
test_move_no_mixing (void)
{
  /* A step to i10 then a jump over i11 to i12 is no move. */
  assert_dests ("classic-2 white white:i9 black:i11", STERN_PRESET_TABLE, "i9",
                "h9,h10,i8,i10,j8,j9");
  g_assert_cmpint (check_path ("classic-2 white white:i9 black:i11", "i9-i10-i12", NULL), ==,
                   STERN_PATH_STEP_IN_CHAIN);
  /* Nor a jump followed by a step. */
  g_assert_cmpint (check_path ("classic-2 white white:i9 black:i10", "i9-i11-i12", NULL), ==,
                   STERN_PATH_STEP_IN_CHAIN);
  /* Nor two steps. */
  g_assert_cmpint (check_path ("classic-2 white white:i9", "i9-i10-i11", NULL), !=,
                   STERN_PATH_OK);
}

static void
test_move_long_jumps (void)
{
  /* Over i8 at distance 3, landing at distance 6. */
  assert_dests ("long-2 white white:i5 black:i8", STERN_PRESET_TABLE, "i5", "h6,i6,j4,j5,i11");
  assert_path ("long-2 white white:i5 black:i8", STERN_PRESET_TABLE, "i5", "i11", "i5-i11");
  /* Not in the ordinary variants. */
  assert_dests ("classic-2 white white:i5 black:i8", STERN_PRESET_TABLE, "i5", "h6,i6,j4,j5");
  /* The landing may be the board's last hole. */
  assert_dests ("long-2 white white:i5 black:i9", STERN_PRESET_TABLE, "i5", "h6,i6,j4,j5,i13");
  /* k = 1 is the ordinary jump, and long jumps chain. */
  assert_dests ("long-2 white white:i5 black:i6,i9", STERN_PRESET_TABLE, "i5",
                "h6,j4,j5,i7,i11");
  assert_path ("long-2 white white:i5 black:i6,i9", STERN_PRESET_TABLE, "i5", "i11",
               "i5-i7-i11");
}

static void
test_move_long_jumps_blocked (void)
{
  /* A marble among the holes after the jumped one. */
  assert_dests ("long-2 white white:i5 black:i8,i10", STERN_PRESET_TABLE, "i5", "h6,i6,j4,j5");
  /* Two marbles in a row: the first one's landing side is not empty. */
  assert_dests ("long-2 white white:i5 black:i7,i8", STERN_PRESET_TABLE, "i5", "h6,i6,j4,j5");
  /* The landing hole taken. */
  assert_dests ("long-2 white white:i5 black:i8,i11", STERN_PRESET_TABLE, "i5", "h6,i6,j4,j5");
  /* The landing would be off the board. */
  assert_dests ("long-2 white white:i5 black:i10", STERN_PRESET_TABLE, "i5", "h6,i6,j4,j5");
  /* The marble has left its start hole: from k5 nothing lies to the left,
   * so there is no jump to g5 "over" i5. */
  assert_dests ("long-2 white white:i5 black:i6,j6", STERN_PRESET_CLUB, "i5",
                "h5,h6,i7,j4,j5,k5");
}

static void
test_move_foreign_ray_pass_through (void)
{
  const char *pos = "classic-2 white white:l8 black:m8,m9";

  /* l8 jumps into green's ray at n8 and out again to l10: n8 is no end. */
  assert_dests (pos, STERN_PRESET_TABLE, "l8", "k8,k9,l7,l9,m7,l10");
  assert_path (pos, STERN_PRESET_TABLE, "l8", "l10", "l8-n8-l10");
  assert_path (pos, STERN_PRESET_TABLE, "l8", "n8", "");
}

static void
test_move_foreign_ray_no_stop (void)
{
  /* An empty ray (red's, in classic-2) and an occupied one (classic-6). */
  assert_dests ("classic-2 white white:i5", STERN_PRESET_TABLE, "i5", "h6,i6,j4,j5");
  assert_dests ("classic-6 white white:i5", STERN_PRESET_TABLE, "i5", "h6,i6,j4,j5");
  /* Own home and goal are no foreign rays. */
  assert_dests ("classic-2 white white:h13", STERN_PRESET_TABLE, "h13",
                "g13,g14,h12,h14,i12,i13");
  /* A marble standing in a foreign ray may leave it, but not move within it. */
  assert_dests ("classic-2 white white:n8", STERN_PRESET_TABLE, "n8", "m8,m9");
}

static void
test_move_goal_confines (void)
{
  const char *pos = "classic-2 white white:f14,f15 black:f13,g14,e16,e17";
  const char *chain = "classic-2 white white:h14 black:h13,g13";

  /* Steps and jumps inside the goal only. */
  assert_dests (pos, STERN_PRESET_TABLE, "f14", "e14,e15,f16,h14");
  /* Every landing must be a goal hole: no h14 → h12 → f14. */
  assert_dests (chain, STERN_PRESET_TABLE, "h14", "g14,g15");
  /* Club and race let marbles leave the goal. */
  assert_dests (pos, STERN_PRESET_CLUB, "f14", "e14,e15,f16,h14,f12,g13");
  assert_dests (chain, STERN_PRESET_CLUB, "h14", "g14,g15,h12,i13,f14");
  assert_dests (chain, STERN_PRESET_RACE, "h14", "g14,g15,h12,i13,f14");
}

static void
test_move_goal_confines_15 (void)
{
  /* With 15 marbles e13 is part of white's goal, so it stays inside. */
  assert_dests ("fifteen-2 white white:e13", STERN_PRESET_TABLE, "e13", "e14,f13");
  assert_dests ("classic-2 white white:e13", STERN_PRESET_TABLE, "e13", "e12,e14,f12,f13");
  /* And the home row is home: the start has 18 moves (perft 1). */
  {
    SternRules rules;
    SternPosition start;

    stern_rules_init (&rules, stern_variant_lookup ("fifteen-2"), STERN_PRESET_TABLE);
    stern_position_set_start (&start, &rules);
    g_assert_cmpuint (stern_perft (&rules, &start, 1), ==, 18);
  }
}

static void
test_move_once_shortest (void)
{
  /* i11 is one jump away (over i10) and three jumps away (k9, k11, i11). */
  const char *pos = "classic-2 white white:i9 black:i10,j9,k10,j11";
  const char *positions[] = {
    pos,
    "classic-2 white white:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 "
    "black:e17,e16,f16,e15,f15,g15,e14,f14,g14,h14",
    "classic-6 yellow white:i9,j9 red:h9,h10 blue:g11 black:i11,k11 yellow:k9,l9,i10 green:j10",
  };

  assert_path (pos, STERN_PRESET_TABLE, "i9", "i11", "i9-i11");
  /* k11: two jumps, by k9 or by i11. */
  {
    g_autofree char *path = path_text (pos, STERN_PRESET_TABLE, "i9", "k11");

    g_assert_true (g_str_equal (path, "i9-k9-k11") || g_str_equal (path, "i9-i11-k11"));
  }

  for (guint p = 0; p < G_N_ELEMENTS (positions); p++)
    {
      Setup s;
      SternMove moves[STERN_MAX_MOVES];
      GHashTable *seen = g_hash_table_new (NULL, NULL);
      size_t n;

      setup (&s, positions[p], STERN_PRESET_TABLE);
      n = stern_movegen_generate (&s.rules, &s.pos, s.pos.to_move, moves);
      g_assert_cmpuint (n, ==, stern_movegen_count (&s.rules, &s.pos, s.pos.to_move));
      for (size_t i = 0; i < n; i++)
        {
          guint key = moves[i].from * 256u + moves[i].to;
          uint8_t path[STERN_MAX_PATH];
          size_t len = stern_movegen_path (&s.rules, &s.pos, moves[i].from, moves[i].to, path);

          g_assert_false (g_hash_table_contains (seen, GUINT_TO_POINTER (key)));
          g_hash_table_add (seen, GUINT_TO_POINTER (key));
          g_assert_cmpuint (len, >=, 2);
          g_assert_cmpuint (path[0], ==, moves[i].from);
          g_assert_cmpuint (path[len - 1], ==, moves[i].to);
          g_assert_cmpint (stern_movegen_check_path (&s.rules, &s.pos, s.pos.to_move, path, len,
                                                     NULL), ==, STERN_PATH_OK);
        }
      g_hash_table_unref (seen);
    }
}

static void
test_move_perft (void)
{
  SternRules rules;
  SternPosition start;

  stern_rules_init (&rules, stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  stern_position_set_start (&start, &rules);
  g_assert_cmpuint (stern_perft (&rules, &start, 1), ==, 14);
  g_assert_cmpuint (stern_perft (&rules, &start, 2), ==, 196);
  g_assert_cmpuint (stern_perft (&rules, &start, 3), ==, 4648);
}

/* ---- §2, §5 turns ---- */

static void
test_game_turn_order (void)
{
  static const struct {
    const char *id;
    unsigned    order[7];
  } table[] = {
    { "classic-2", { 0, 3, 0, 3, 0, 3, 0 } },
    { "classic-3", { 0, 2, 4, 0, 2, 4, 0 } },
    { "classic-4", { 0, 1, 3, 4, 0, 1, 3 } },
    { "classic-6", { 0, 1, 2, 3, 4, 5, 0 } },
    { "pairs-4", { 0, 1, 3, 4, 0, 1, 3 } },
    { "solo", { 0, 0, 0, 0, 0, 0, 0 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    {
      g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup (table[i].id),
                                                   STERN_PRESET_TABLE);

      g_test_message ("variant %s", table[i].id);
      for (guint k = 0; k < 7; k++)
        {
          g_assert_cmpuint (stern_game_get_turn (game), ==, table[i].order[k]);
          play_any (game);
        }
    }
  /* A position string names who is on turn. */
  {
    g_autoptr (SternGame) game = game_at ("classic-3 yellow white:i9 blue:c11 yellow:l12",
                                          STERN_PRESET_TABLE);

    g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_YELLOW);
    play_any (game);
    g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);
  }
}

static void
test_game_pass (void)
{
  /* Black's only marble, e17, is shut in by white marbles. */
  g_autoptr (SternGame) game = game_at ("classic-2 white white:i9,e16,f16,e15,g15 black:e17",
                                        STERN_PRESET_TABLE);
  g_autoptr (GError) error = NULL;
  SternMove moves[STERN_MAX_MOVES];

  g_assert_false (stern_game_must_pass (game));
  g_assert_false (stern_game_pass (game, &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL);
  g_clear_error (&error);

  play (game, "i9", "i10");
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
  g_assert_true (stern_game_must_pass (game));
  g_assert_cmpuint (stern_game_legal_moves (game, moves), ==, 0);
  g_assert_false (stern_game_play (game, engine_test_cell_of ("e17"), engine_test_cell_of ("e16"), &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_true (stern_game_pass (game, &error));
  g_assert_no_error (error);
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_cmpint (stern_game_get_action (game, 1)->kind, ==, STERN_ACTION_PASS);
  g_assert_cmpuint (stern_game_get_round (game), ==, 1);
}

static void
test_game_no_moves_end (void)
{
  /* Both marbles are stuck at the back of foreign rays. */
  g_autoptr (SternGame) game = game_at ("classic-2 white white:o7 black:a13", STERN_PRESET_TABLE);

  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_NO_MOVES);
  /* Ranked by distance: white 7 steps from its goal, black 9. */
  g_assert_cmpuint (stern_game_distance_to_goal (game, STERN_WHITE), ==, 7);
  g_assert_cmpuint (stern_game_distance_to_goal (game, STERN_BLACK), ==, 9);
  assert_places (game, 1, 0, 0, 2, 0, 0);
}

/* ---- §5 finishing ---- */

/* White needs h13 → h14 to fill its goal, where black left e17; black
 * needs m5 → m4 to fill its own, where white left m1. */
static const char finish_pos[] =
  "classic-2 white white:e16,f16,e15,f15,g15,e14,f14,g14,h13,m1 "
  "black:e17,l2,m2,k3,l3,m3,j4,k4,l4,m5";

static void
test_game_finish_foreign_parked (void)
{
  g_autoptr (SternGame) game = game_at (finish_pos, STERN_PRESET_TABLE);
  g_autoptr (SternGame) start = stern_game_new (stern_variant_lookup ("classic-2"),
                                                STERN_PRESET_TABLE);

  /* A goal full of foreign marbles only is no finish. */
  g_assert_cmpint (stern_game_get_player_state (start, STERN_WHITE), ==, STERN_PLAYER_PLAYING);

  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_PLAYING);
  play (game, "h13", "h14");
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_FINISHED);
  g_assert_cmpuint (stern_game_marbles_in_goal (game, STERN_WHITE), ==, 9);
  /* Black still has its reply. */
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
}

static void
test_game_reply_draw (void)
{
  g_autoptr (SternGame) game = game_at (finish_pos, STERN_PRESET_TABLE);

  play (game, "h13", "h14");
  play (game, "m5", "m4");
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_FINISHED);
  g_assert_cmpint (stern_game_get_player_state (game, STERN_BLACK), ==, STERN_PLAYER_FINISHED);
  assert_places (game, 1, 0, 0, 1, 0, 0);
}

static void
test_game_reply_no_finish (void)
{
  g_autoptr (SternGame) game = game_at (finish_pos, STERN_PRESET_TABLE);

  play (game, "h13", "h14");
  play (game, "m5", "l5");
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_FINISHED);
  assert_places (game, 1, 0, 0, 2, 0, 0);
  /* The last position reads as after any move: black replied, so white
   * would be next, not black again. */
  g_assert_cmpuint (stern_game_get_position (game)->to_move, ==, STERN_WHITE);
}

/* Black's own move completes white's goal: that move was black's reply,
 * so the game is settled at once and black does not move twice. */
static void
test_game_reply_made_by_completing_move (void)
{
  g_autoptr (SternGame) game = game_at ("classic-2 black white:e17,e16,f16,e15,f15,g15,e14,f14,g14,i9 "
                                        "black:h13,i12", STERN_PRESET_TABLE);

  play (game, "h13", "h14");
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_FINISHED);
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_FINISHED);
  assert_places (game, 1, 0, 0, 2, 0, 0);
}

/* Black has no legal reply: it is skipped, which settles the game. */
static void
test_game_reply_impossible (void)
{
  g_autoptr (SternGame) game = game_at ("classic-2 white white:e16,f16,e15,f15,g15,e14,f14,g14,h13 "
                                        "black:e17,o7", STERN_PRESET_TABLE);

  play (game, "h13", "h14");
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_FINISHED);
  assert_places (game, 1, 0, 0, 2, 0, 0);
}

/* The reply belongs to whoever moved second (§5): from a position where
 * black moves first, black's finish leaves white one reply; white
 * finishing with it draws, otherwise black wins. */
static void
test_game_black_first_reply (void)
{
  for (guint white_finishes = 0; white_finishes < 2; white_finishes++)
    {
      g_autofree char *pos = g_strdup (finish_pos);
      g_autoptr (SternGame) game = NULL;

      memcpy (pos + strlen ("classic-2 "), "black", 5);
      game = game_at (pos, STERN_PRESET_TABLE);
      g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
      play (game, "m5", "m4");
      g_assert_cmpint (stern_game_get_player_state (game, STERN_BLACK), ==, STERN_PLAYER_FINISHED);
      g_assert_false (stern_game_is_over (game));
      g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);
      if (white_finishes)
        {
          play (game, "h13", "h14");
          assert_places (game, 1, 0, 0, 1, 0, 0);
        }
      else
        {
          play (game, "h13", "i13");
          assert_places (game, 2, 0, 0, 1, 0, 0);
        }
      g_assert_true (stern_game_is_over (game));
      g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_FINISHED);
    }

  /* White moving second finishing first wins at once, as black does when
   * white moves first. */
  {
    g_autoptr (SternGame) game = game_at ("classic-2 black white:e16,f16,e15,f15,g15,e14,f14,g14,h13 "
                                          "black:e17,m1,i9", STERN_PRESET_TABLE);

    play (game, "i9", "i10");
    play (game, "h13", "h14");
    g_assert_true (stern_game_is_over (game));
    assert_places (game, 1, 0, 0, 2, 0, 0);
  }
}

static void
test_game_places_3 (void)
{
  /* Classic-3: white's goal is N, blue's SE; each is one step short. */
  g_autoptr (SternGame) game =
    game_at ("classic-3 white white:e17,e16,f16,e15,f15,g15,e14,f14,g14,h13 "
             "blue:n5,n6,n7,o5,o6,o7,p5,p6,q5,m8 yellow:i9", STERN_PRESET_TABLE);

  play (game, "h13", "h14");
  g_assert_false (stern_game_is_over (game));
  assert_places (game, 1, 0, 0, 0, 0, 0);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLUE);
  play (game, "m8", "n8");
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_FINISHED);
  assert_places (game, 1, 0, 2, 0, 3, 0);
}

static void
test_game_finished_skipped (void)
{
  /* After white finishes in classic-3, the turns go blue, yellow, blue. */
  g_autoptr (SternGame) game =
    game_at ("classic-3 white white:e17,e16,f16,e15,f15,g15,e14,f14,g14,h13 "
             "blue:f9 yellow:l9", STERN_PRESET_TABLE);

  play (game, "h13", "h14");
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLUE);
  play_any (game);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_YELLOW);
  play_any (game);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLUE);
}

/* ---- §4 leaving home ---- */

static const unsigned white_made_29[STERN_N_SEATS] = { 29, 0, 0, 0, 0, 0 };
static const unsigned white_made_30[STERN_N_SEATS] = { 30, 0, 0, 0, 0, 0 };
static const unsigned white_made_39[STERN_N_SEATS] = { 39, 0, 0, 0, 0, 0 };

static void
test_deadline_eliminates_2 (void)
{
  g_autoptr (SternGame) game = game_made ("classic-2 white white:m1,i9 black:e17,i12",
                                          STERN_PRESET_TABLE, white_made_29);

  g_assert_cmpint (stern_game_moves_to_leave_home (game, STERN_WHITE), ==, 1);
  play (game, "i9", "i10");
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_ELIMINATED);
  g_assert_true (stern_game_is_over (game));
  assert_places (game, 2, 0, 0, 1, 0, 0);
}

/* Two players on the star: one deadline check for both (§4).  White's
 * lateness at its 30th move waits for black's 30th: both late is a draw;
 * only white late, white loses; only black late, black loses. */
static void
test_deadline_both_late_2 (void)
{
  const unsigned made[STERN_N_SEATS] = { 29, 0, 0, 29, 0, 0 };
  static const struct {
    const char *position;
    const char *black_from, *black_to;
    guint white_place, black_place;
    SternEndReason reason;
  } cases[] = {
    /* Both leave a marble at home: a draw by the leaving-home check. */
    { "classic-2 white white:m1,i9 black:e17,i12", "i12", "i11", 1, 1, STERN_END_HOME_CHECK },
    /* Only white: black's deadline move decides, white loses. */
    { "classic-2 white white:m1,i9 black:i12", "i12", "i11", 2, 1, STERN_END_FINISHED },
    /* Only black. */
    { "classic-2 white white:i9 black:e17,i12", "i12", "i11", 1, 2, STERN_END_FINISHED },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (SternGame) game = game_made (cases[i].position, STERN_PRESET_TABLE, made);

      play (game, "i9", "i10");
      /* White is not out yet: black has its deadline move to make. */
      g_assert_false (stern_game_is_over (game));
      g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_PLAYING);
      g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
      play (game, cases[i].black_from, cases[i].black_to);
      g_assert_true (stern_game_is_over (game));
      g_assert_cmpint (stern_game_get_end_reason (game), ==, cases[i].reason);
      assert_places (game, cases[i].white_place, 0, 0, cases[i].black_place, 0, 0);
    }
}

static void
test_deadline_eliminates_3 (void)
{
  const unsigned made[STERN_N_SEATS] = { 29, 0, 5, 0, 5, 0 };
  g_autoptr (SternGame) game = game_made ("classic-3 white white:m1,i9 blue:f9 yellow:l9",
                                          STERN_PRESET_TABLE, made);
  const SternPosition *pos;

  play (game, "i9", "i10");
  pos = stern_game_get_position (game);
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_ELIMINATED);
  g_assert_false (stern_game_is_over (game));
  /* Worst place, marbles off the board, skipped from now on. */
  assert_places (game, 3, 0, 0, 0, 0, 0);
  g_assert_cmpuint (stern_set_count (pos->marbles[STERN_WHITE]), ==, 0);
  g_assert_cmpuint (pos->cell[engine_test_cell_of ("m1")], ==, STERN_EMPTY);
  g_assert_cmpuint (pos->cell[engine_test_cell_of ("i10")], ==, STERN_EMPTY);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLUE);
  play_any (game);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_YELLOW);
  play_any (game);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLUE);
}

static void
test_deadline_last_marble_out (void)
{
  g_autoptr (SternGame) game = game_made ("classic-2 white white:j4,i9 black:e17",
                                          STERN_PRESET_TABLE, white_made_29);

  play (game, "j4", "j5");
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_PLAYING);
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpint (stern_game_moves_to_leave_home (game, STERN_WHITE), ==, -1);
}

static void
test_deadline_not_yet (void)
{
  const unsigned made[STERN_N_SEATS] = { 28, 0, 0, 0, 0, 0 };
  g_autoptr (SternGame) game = game_made ("classic-2 white white:m1,i9 black:e17,i12",
                                          STERN_PRESET_TABLE, made);

  /* The 29th move: the check comes one move later. */
  play (game, "i9", "i10");
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_PLAYING);
  g_assert_cmpint (stern_game_moves_to_leave_home (game, STERN_WHITE), ==, 1);
}

static void
test_deadline_shut_in (void)
{
  /* m1 has no move at all: black stands on l2 and m2 and behind them. */
  const char *text = "classic-2 white white:m1,i9 black:l2,m2,k3,m3,e17";
  g_autoptr (SternGame) game = game_made (text, STERN_PRESET_TABLE, white_made_29);
  Setup s;

  setup (&s, text, STERN_PRESET_TABLE);
  g_assert_false (stern_movegen_marble_can_move (&s.rules, &s.pos, engine_test_cell_of ("m1")));
  play (game, "i9", "i10");
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_PLAYING);
  g_assert_false (stern_game_is_over (game));
}

static void
test_deadline_15 (void)
{
  /* With 15 marbles the deadline is the 40th move, and i5 is home. */
  const char *text = "fifteen-2 white white:i5,i9 black:e17,i12";
  g_autoptr (SternGame) at30 = game_made (text, STERN_PRESET_TABLE, white_made_29);
  g_autoptr (SternGame) at40 = game_made (text, STERN_PRESET_TABLE, white_made_39);

  g_assert_cmpint (stern_game_moves_to_leave_home (at30, STERN_WHITE), ==, 11);
  play (at30, "i9", "i10");
  g_assert_cmpint (stern_game_get_player_state (at30, STERN_WHITE), ==, STERN_PLAYER_PLAYING);
  play (at40, "i9", "i10");
  g_assert_cmpint (stern_game_get_player_state (at40, STERN_WHITE), ==, STERN_PLAYER_ELIMINATED);
  assert_places (at40, 2, 0, 0, 1, 0, 0);
}

static void
test_deadline_fatal_flagged (void)
{
  g_autoptr (SternGame) game = game_made ("classic-2 white white:j5,i9 black:e17",
                                          STERN_PRESET_TABLE, white_made_30);
  SternMove moves[STERN_MAX_MOVES];
  SternSet fatal = 0, all = 0;
  size_t n = stern_game_legal_moves (game, moves);

  for (size_t i = 0; i < n; i++)
    {
      all |= stern_set_bit (moves[i].to);
      if (moves[i].flags & STERN_MOVE_FATAL)
        fatal |= stern_set_bit (moves[i].to);
    }
  /* Moves home are generated (legal) and flagged. */
  engine_test_assert_set_eq (fatal, engine_test_set_of ("j4,k4"));
  g_assert_true (stern_set_has (all, engine_test_cell_of ("j4")));
  g_assert_true (stern_game_is_legal (game, engine_test_cell_of ("j5"), engine_test_cell_of ("j4")));
  g_assert_true (stern_game_is_fatal (game, engine_test_cell_of ("j5"), engine_test_cell_of ("j4")));
  g_assert_false (stern_game_is_fatal (game, engine_test_cell_of ("j5"), engine_test_cell_of ("k5")));
  play (game, "j5", "j4");
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_ELIMINATED);
  g_assert_true (stern_game_is_over (game));
  assert_places (game, 2, 0, 0, 1, 0, 0);
}

/* ---- §5 limits ---- */

/* Two disjoint cycles of 11 and 12 holes: stepping round them, no position
 * comes back within 132 rounds, so no repetition gets in the way. */
static const char *const cycle_white[] = {
  "i8", "j8", "k8", "l8", "m8", "m7", "l7", "k7", "j7", "i7", "h8",
};
static const char *const cycle_black[] = {
  "i10", "j10", "k10", "l10", "k11", "j11", "i11", "h11", "g11", "f11", "g10", "h10",
};
static const char cycle_pos[] = "classic-2 white white:i8 black:i10";

static void
play_cycle_round (SternGame *game, unsigned round)
{
  play (game, cycle_white[round % 11], cycle_white[(round + 1) % 11]);
  play (game, cycle_black[round % 12], cycle_black[(round + 1) % 12]);
}

static void
test_limit_round_150 (void)
{
  g_autoptr (SternGame) game = game_at (cycle_pos, STERN_PRESET_TABLE);

  for (unsigned r = 0; r < 149; r++)
    play_cycle_round (game, r);
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_round (game), ==, 149);
  play (game, cycle_white[149 % 11], cycle_white[150 % 11]);
  g_assert_false (stern_game_is_over (game));
  play (game, cycle_black[149 % 12], cycle_black[150 % 12]);
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_ROUND_LIMIT);
  g_assert_cmpuint (stern_game_get_round (game), ==, 150);
  g_assert_cmpuint (stern_game_get_moves_made (game, STERN_WHITE), ==, 150);
  g_assert_cmpuint (stern_game_get_moves_made (game, STERN_BLACK), ==, 150);
}

/* A Position with black on turn: the round is black's move then white's,
 * so the limit still gives both players 150 moves. */
static void
test_limit_round_150_black_first (void)
{
  g_autoptr (SternGame) game = game_at ("classic-2 black white:i8 black:i10", STERN_PRESET_TABLE);
  g_autoptr (SternGame) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;

  for (unsigned r = 0; r < 150; r++)
    {
      play (game, cycle_black[r % 12], cycle_black[(r + 1) % 12]);
      g_assert_false (stern_game_is_over (game));
      g_assert_cmpuint (stern_game_get_round (game), ==, r);
      if (r == 149)
        break;
      play (game, cycle_white[r % 11], cycle_white[(r + 1) % 11]);
    }
  play (game, cycle_white[149 % 11], cycle_white[150 % 11]);
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_ROUND_LIMIT);
  g_assert_cmpuint (stern_game_get_moves_made (game, STERN_WHITE), ==, 150);
  g_assert_cmpuint (stern_game_get_moves_made (game, STERN_BLACK), ==, 150);

  /* The same through a record with a Position tag: rounds numbered 1 to 150. */
  record = stern_record_write (game, NULL);
  g_assert_nonnull (strstr (record, "\n150. "));
  g_assert_null (strstr (record, "\n151. "));
  again = stern_record_read (record, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (stern_game_get_end_reason (again), ==, STERN_END_ROUND_LIMIT);
  g_assert_cmpuint (stern_game_get_n_actions (again), ==, 300);
}

/* The repetition count follows undo, redo, seek and copies. */
static void
test_limit_repetition_history (void)
{
  static const char *const moves[8][2] = {
    { "i6", "i7" }, { "i12", "i11" }, { "i7", "i6" }, { "i11", "i12" },
    { "i6", "i7" }, { "i12", "i11" }, { "i7", "i6" }, { "i11", "i12" },
  };
  g_autoptr (SternGame) game = game_at ("classic-2 white white:i6 black:i12", STERN_PRESET_TABLE);
  g_autoptr (SternGame) copy = NULL;

  for (unsigned i = 0; i < 7; i++)
    play (game, moves[i][0], moves[i][1]);
  /* Undone moves do not count; redone ones count again. */
  for (unsigned k = 0; k < 3; k++)
    g_assert_true (stern_game_undo (game));
  for (unsigned i = 4; i < 7; i++)
    {
      g_autoptr (SternGame) fork = stern_game_copy (game);
      g_assert_true (stern_game_redo (game));
      play (fork, moves[i][0], moves[i][1]);
      g_assert_false (stern_game_is_over (fork));
    }
  g_assert_false (stern_game_is_over (game));
  g_assert_true (stern_game_seek (game, 0));
  g_assert_true (stern_game_seek (game, 7));
  copy = stern_game_copy (game);
  play (game, moves[7][0], moves[7][1]);
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_REPETITION);
  play (copy, moves[7][0], moves[7][1]);
  g_assert_cmpint (stern_game_get_end_reason (copy), ==, STERN_END_REPETITION);

  /* After undoing back to move 4, replaying the cycle repeats only once. */
  g_assert_true (stern_game_seek (game, 4));
  g_assert_true (stern_game_undo (game));
  g_assert_true (stern_game_undo (game));
  play (game, "i7", "i6");
  play (game, "i11", "i12");
  g_assert_false (stern_game_is_over (game));
}

static void
test_limit_repetition (void)
{
  g_autoptr (SternGame) game = game_at ("classic-2 white white:i6 black:i12",
                                        STERN_PRESET_TABLE);

  for (unsigned k = 0; k < 2; k++)
    {
      play (game, "i6", "i7");
      play (game, "i12", "i11");
      play (game, "i7", "i6");
      if (k == 1)
        break;
      play (game, "i11", "i12");
    }
  /* The start position has been seen twice so far. */
  g_assert_false (stern_game_is_over (game));
  play (game, "i11", "i12");
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_REPETITION);
  /* A mirror image: same marbles in goal (0), same distance (8): shared. */
  assert_places (game, 1, 0, 0, 1, 0, 0);
}

/* Ends a game from `pos` (white i6, black i12 among others) by repetition. */
static SternGame *
repeat_to_end (const char *pos)
{
  SternGame *game = game_at (pos, STERN_PRESET_TABLE);

  for (unsigned k = 0; k < 2; k++)
    {
      play (game, "i6", "i7");
      play (game, "i12", "i11");
      play (game, "i7", "i6");
      play (game, "i11", "i12");
    }
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_REPETITION);
  return game;
}

static void
test_ranking_goal_first (void)
{
  /* White: one marble in its goal but 17 steps in all; black: none, 10 steps. */
  g_autoptr (SternGame) game = repeat_to_end ("classic-2 white white:i6,e17,m5 black:i12,j5,k5");

  g_assert_cmpuint (stern_game_marbles_in_goal (game, STERN_WHITE), ==, 1);
  g_assert_cmpuint (stern_game_distance_to_goal (game, STERN_WHITE), ==, 17);
  g_assert_cmpuint (stern_game_marbles_in_goal (game, STERN_BLACK), ==, 0);
  g_assert_cmpuint (stern_game_distance_to_goal (game, STERN_BLACK), ==, 10);
  assert_places (game, 1, 0, 0, 2, 0, 0);
}

static void
test_ranking_distance (void)
{
  /* Neither has a marble in its goal; white is 8 steps away, black 9. */
  g_autoptr (SternGame) game = repeat_to_end ("classic-2 white white:i6 black:i12,j5");

  g_assert_cmpuint (stern_game_distance_to_goal (game, STERN_WHITE), ==, 8);
  g_assert_cmpuint (stern_game_distance_to_goal (game, STERN_BLACK), ==, 9);
  assert_places (game, 1, 0, 0, 2, 0, 0);
}

/* ---- §5 resignation ---- */

static void
test_resign_2 (void)
{
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-2"),
                                               STERN_PRESET_TABLE);
  g_autoptr (GError) error = NULL;

  /* Black resigns while white is on turn. */
  g_assert_true (stern_game_resign (game, STERN_BLACK, &error));
  g_assert_no_error (error);
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_RESIGNATION);
  g_assert_cmpint (stern_game_get_player_state (game, STERN_BLACK), ==, STERN_PLAYER_RESIGNED);
  assert_places (game, 1, 0, 0, 2, 0, 0);
}

static void
test_timeout_2 (void)
{
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-2"),
                                               STERN_PRESET_TABLE);
  g_autoptr (GError) error = NULL;

  g_assert_true (stern_game_timeout (game, STERN_WHITE, &error));
  g_assert_no_error (error);
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_TIMEOUT);
  assert_places (game, 2, 0, 0, 1, 0, 0);
}

static void
test_resign_3 (void)
{
  g_autoptr (SternGame) game =
    game_at ("classic-3 white white:e17,e16,f16,e15,f15,g15,e14,f14,g14,h13 "
             "blue:n5,n6,n7,o5,o6,o7,p5,p6,q5,m8 yellow:i9", STERN_PRESET_TABLE);
  g_autoptr (GError) error = NULL;

  play (game, "h13", "h14");
  /* Yellow resigns: it is last, white keeps first, blue is ranked second. */
  g_assert_true (stern_game_resign (game, STERN_YELLOW, &error));
  g_assert_no_error (error);
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_RESIGNATION);
  assert_places (game, 1, 0, 2, 0, 3, 0);
}

static void
test_resign_4_ranked (void)
{
  /* Nobody has finished: red is last, the other three are ranked, and at
   * the start they are equal, so they share first place. */
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-4"),
                                               STERN_PRESET_TABLE);
  g_autoptr (GError) error = NULL;

  g_assert_true (stern_game_resign (game, STERN_RED, &error));
  g_assert_no_error (error);
  g_assert_true (stern_game_is_over (game));
  assert_places (game, 1, 4, 0, 1, 1, 0);
}

/* ---- §5 teams ---- */

static void
test_teams_pairs_4 (void)
{
  /* White and black are one step from finishing; red and yellow far off. */
  g_autoptr (SternGame) game =
    game_at ("pairs-4 white white:e17,e16,f16,e15,f15,g15,e14,f14,g14,h13 "
             "red:f9 black:m1,l2,m2,k3,l3,m3,j4,k4,l4,m5 yellow:l9", STERN_PRESET_TABLE);

  play (game, "h13", "h14");
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_FINISHED);
  /* Half a team is not placed yet. */
  assert_places (game, 0, 0, 0, 0, 0, 0);
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_RED);
  play_any (game);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
  play (game, "m5", "l5");
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_YELLOW);
  play_any (game);
  /* White, finished, is skipped. */
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_RED);
  play_any (game);
  play (game, "l5", "m4");
  /* The team has finished; one team is left, so the game ends. */
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_FINISHED);
  assert_places (game, 1, 2, 0, 1, 2, 0);
}

/* ---- §8 club ---- */

static void
test_club_moves_anywhere (void)
{
  assert_dests ("classic-2 white white:i5", STERN_PRESET_CLUB, "i5", "h5,h6,i6,j4,j5");
  assert_dests ("classic-2 white white:l8 black:m8,m9", STERN_PRESET_CLUB, "l8",
                "k8,k9,l7,l9,m7,l10,n8");
  assert_dests ("classic-2 white white:n8", STERN_PRESET_CLUB, "n8", "m8,m9,n7,o7");
}

static void
test_club_move_limit (void)
{
  g_autoptr (SternGame) game = game_at (cycle_pos, STERN_PRESET_CLUB);

  /* No round limit at 150 … */
  for (unsigned r = 0; r < 150; r++)
    play_cycle_round (game, r);
  g_assert_false (stern_game_is_over (game));
  /* … but 200 moves each. */
  for (unsigned r = 150; r < 199; r++)
    play_cycle_round (game, r);
  play (game, cycle_white[199 % 11], cycle_white[200 % 11]);
  g_assert_false (stern_game_is_over (game));
  play (game, cycle_black[199 % 12], cycle_black[200 % 12]);
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_MOVE_LIMIT);
  g_assert_cmpuint (stern_game_get_moves_made (game, STERN_WHITE), ==, 200);
  g_assert_cmpuint (stern_game_get_moves_made (game, STERN_BLACK), ==, 200);
  /* Ranked as at the limit: white ends on cycle_white[200 % 11] = k8, 6
   * steps from its goal; black on cycle_black[200 % 12] = g11, 7 steps. */
  g_assert_cmpuint (stern_game_distance_to_goal (game, STERN_WHITE), ==, 6);
  g_assert_cmpuint (stern_game_distance_to_goal (game, STERN_BLACK), ==, 7);
  assert_places (game, 1, 0, 0, 2, 0, 0);
}

static void
test_club_no_deadline (void)
{
  g_autoptr (SternGame) game = game_made ("classic-2 white white:m1,i9 black:e17,i12",
                                          STERN_PRESET_CLUB, white_made_29);

  g_assert_cmpint (stern_game_moves_to_leave_home (game, STERN_WHITE), ==, -1);
  play (game, "i9", "i10");
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_PLAYING);
  play_any (game);
  /* Back home after the 30th move is no fault either. */
  play (game, "i10", "i9");
  play_any (game);
  g_assert_false (stern_game_is_fatal (game, engine_test_cell_of ("m1"), engine_test_cell_of ("m2")));
  play (game, "m1", "m2");
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_PLAYING);
}

static void
test_club_resign_replaced (void)
{
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-3"),
                                               STERN_PRESET_CLUB);
  g_autoptr (GError) error = NULL;

  g_assert_true (stern_game_resign (game, STERN_BLUE, &error));
  g_assert_no_error (error);
  /* Last place, and the game goes on with the computer in blue's seat. */
  g_assert_false (stern_game_is_over (game));
  assert_places (game, 0, 0, 3, 0, 0, 0);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);
  play_any (game);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLUE);
}

/* ---- §8 race ---- */

static void
test_race_moves_anywhere (void)
{
  assert_dests ("classic-2 white white:i5", STERN_PRESET_RACE, "i5", "h5,h6,i6,j4,j5");
  assert_dests ("classic-2 white white:f14,f15 black:f13,g14,e16,e17", STERN_PRESET_RACE,
                "f14", "e14,e15,f16,h14,f12,g13");
}

static void
test_race_first_wins (void)
{
  /* White's tenth marble enters the goal; black could finish next but gets
   * no reply. */
  g_autoptr (SternGame) game =
    game_at ("classic-2 white white:e17,e16,f16,e15,f15,g15,e14,f14,g14,h13 "
             "black:m1,l2,m2,k3,l3,m3,j4,k4,l4,m5", STERN_PRESET_RACE);

  play (game, "h13", "h14");
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_FINISHED);
  assert_places (game, 1, 0, 0, 2, 0, 0);
}

static void
test_race_finish_all_own (void)
{
  /* The goal fills up with black's e17 in it, but white's i9 is still out. */
  const char *pos = "classic-2 white white:e16,f16,e15,f15,g15,e14,f14,g14,h13,i9 "
                    "black:e17,i12";
  g_autoptr (SternGame) race = game_at (pos, STERN_PRESET_RACE);
  g_autoptr (SternGame) table = game_at (pos, STERN_PRESET_TABLE);

  play (race, "h13", "h14");
  g_assert_cmpint (stern_game_get_player_state (race, STERN_WHITE), ==, STERN_PLAYER_PLAYING);
  g_assert_false (stern_game_is_over (race));
  play (table, "h13", "h14");
  g_assert_cmpint (stern_game_get_player_state (table, STERN_WHITE), ==, STERN_PLAYER_FINISHED);
}

static void
test_race_no_deadline (void)
{
  g_autoptr (SternGame) game = game_made ("classic-2 white white:m1,i9 black:e17,i12",
                                          STERN_PRESET_RACE, white_made_29);

  play (game, "i9", "i10");
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_PLAYING);
  g_assert_false (stern_game_is_over (game));
}

/* ---- §2 solo ---- */

static void
test_solo (void)
{
  g_autoptr (SternGame) free_play = game_made ("solo white white:m1,i8,i10", STERN_PRESET_TABLE,
                                               white_made_29);
  g_autoptr (SternGame) finish = game_at ("solo white white:e17,e16,f16,e15,f15,g15,e14,f14,"
                                          "g14,h13", STERN_PRESET_TABLE);

  /* No deadline, and no limits: 160 moves of two marbles on cycles of 11
   * and 12 holes, with no position three times. */
  for (unsigned k = 0; k < 80; k++)
    {
      play (free_play, cycle_white[k % 11], cycle_white[(k + 1) % 11]);
      g_assert_cmpuint (stern_game_get_turn (free_play), ==, STERN_WHITE);
      play (free_play, cycle_black[k % 12], cycle_black[(k + 1) % 12]);
    }
  g_assert_false (stern_game_is_over (free_play));
  g_assert_cmpint (stern_game_get_player_state (free_play, STERN_WHITE), ==, STERN_PLAYER_PLAYING);

  play (finish, "h13", "h14");
  g_assert_true (stern_game_is_over (finish));
  g_assert_cmpint (stern_game_get_end_reason (finish), ==, STERN_END_FINISHED);
  assert_places (finish, 1, 0, 0, 0, 0, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/board/holes", test_board_holes);
  g_test_add_func ("/rules/board/names", test_board_names);
  g_test_add_func ("/rules/board/directions", test_board_directions);
  g_test_add_func ("/rules/board/rays", test_board_rays);
  g_test_add_func ("/rules/board/homes", test_board_homes);
  g_test_add_func ("/rules/board/zones-15", test_board_zones_15);
  g_test_add_func ("/rules/board/distance", test_board_distance);

  g_test_add_func ("/rules/variants/table", test_variants_table);
  g_test_add_func ("/rules/variants/start", test_variants_start);
  g_test_add_func ("/rules/variants/goals", test_variants_goals);
  g_test_add_func ("/rules/variants/rule-switches", test_variants_rule_switches);

  g_test_add_func ("/rules/move/steps", test_move_steps);
  g_test_add_func ("/rules/move/jump-any-colour", test_move_jump_any_colour);
  g_test_add_func ("/rules/move/chain-stops-anywhere", test_move_chain_stops_anywhere);
  g_test_add_func ("/rules/move/no-revisit", test_move_no_revisit);
  g_test_add_func ("/rules/move/no-mixing", test_move_no_mixing);
  g_test_add_func ("/rules/move/long-jumps", test_move_long_jumps);
  g_test_add_func ("/rules/move/long-jumps-blocked", test_move_long_jumps_blocked);
  g_test_add_func ("/rules/move/foreign-ray-pass-through", test_move_foreign_ray_pass_through);
  g_test_add_func ("/rules/move/foreign-ray-no-stop", test_move_foreign_ray_no_stop);
  g_test_add_func ("/rules/move/goal-confines", test_move_goal_confines);
  g_test_add_func ("/rules/move/goal-confines-15", test_move_goal_confines_15);
  g_test_add_func ("/rules/move/once-shortest", test_move_once_shortest);
  g_test_add_func ("/rules/move/perft", test_move_perft);

  g_test_add_func ("/rules/game/turn-order", test_game_turn_order);
  g_test_add_func ("/rules/game/pass", test_game_pass);
  g_test_add_func ("/rules/game/no-moves-end", test_game_no_moves_end);
  g_test_add_func ("/rules/game/finish-foreign-parked", test_game_finish_foreign_parked);
  g_test_add_func ("/rules/game/reply-draw", test_game_reply_draw);
  g_test_add_func ("/rules/game/reply-no-finish", test_game_reply_no_finish);
  g_test_add_func ("/rules/game/reply-made-by-completing-move", test_game_reply_made_by_completing_move);
  g_test_add_func ("/rules/game/reply-impossible", test_game_reply_impossible);
  g_test_add_func ("/rules/game/black-first-reply", test_game_black_first_reply);
  g_test_add_func ("/rules/game/places-3", test_game_places_3);
  g_test_add_func ("/rules/game/finished-skipped", test_game_finished_skipped);

  g_test_add_func ("/rules/deadline/eliminates-2", test_deadline_eliminates_2);
  g_test_add_func ("/rules/deadline/both-late-2", test_deadline_both_late_2);
  g_test_add_func ("/rules/deadline/eliminates-3", test_deadline_eliminates_3);
  g_test_add_func ("/rules/deadline/last-marble-out", test_deadline_last_marble_out);
  g_test_add_func ("/rules/deadline/not-yet", test_deadline_not_yet);
  g_test_add_func ("/rules/deadline/shut-in", test_deadline_shut_in);
  g_test_add_func ("/rules/deadline/fifteen", test_deadline_15);
  g_test_add_func ("/rules/deadline/fatal-flagged", test_deadline_fatal_flagged);

  g_test_add_func ("/rules/limit/round-150", test_limit_round_150);
  g_test_add_func ("/rules/limit/repetition", test_limit_repetition);
  g_test_add_func ("/rules/limit/round-150-black-first", test_limit_round_150_black_first);
  g_test_add_func ("/rules/limit/repetition-history", test_limit_repetition_history);
  g_test_add_func ("/rules/ranking/goal-first", test_ranking_goal_first);
  g_test_add_func ("/rules/ranking/distance", test_ranking_distance);

  g_test_add_func ("/rules/resign/two", test_resign_2);
  g_test_add_func ("/rules/resign/timeout-two", test_timeout_2);
  g_test_add_func ("/rules/resign/three", test_resign_3);
  g_test_add_func ("/rules/resign/four-ranked", test_resign_4_ranked);

  g_test_add_func ("/rules/teams/pairs-4", test_teams_pairs_4);

  g_test_add_func ("/rules/club/moves-anywhere", test_club_moves_anywhere);
  g_test_add_func ("/rules/club/move-limit", test_club_move_limit);
  g_test_add_func ("/rules/club/no-deadline", test_club_no_deadline);
  g_test_add_func ("/rules/club/resign-replaced", test_club_resign_replaced);

  g_test_add_func ("/rules/race/moves-anywhere", test_race_moves_anywhere);
  g_test_add_func ("/rules/race/first-wins", test_race_first_wins);
  g_test_add_func ("/rules/race/finish-all-own", test_race_finish_all_own);
  g_test_add_func ("/rules/race/no-deadline", test_race_no_deadline);

  g_test_add_func ("/rules/solo", test_solo);

  return g_test_run ();
}
