/* One test per rule of doc/rules.md §9 (Halma and Ugolki on square boards),
 * each from a small hand-made position.
 *
 * The expected values come from the rules text and hand counting, not from
 * the engine: a failure here means the engine and the rules disagree.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-square"

#include <string.h>

#include <glib.h>

#include "engine-test-util.h"
#include "stern-notation.h"

/* ---- helpers ---- */

static const SternVariant *
variant_of (const char *id)
{
  const SternVariant *v = stern_variant_lookup (id);

  if (v == NULL)
    g_error ("the test names no variant: \"%s\"", id);
  return v;
}

static unsigned
cell_of (const SternVariant *v, const char *name)
{
  unsigned cell = stern_variant_cell_parse (v, name, strlen (name));

  if (cell == STERN_NO_CELL)
    g_error ("the test names no cell of %s: \"%s\"", v->id, name);
  return cell;
}

static SternSet
set_of (const SternVariant *v, const char *list)
{
  g_auto (GStrv) names = g_strsplit (list, ",", -1);
  SternSet set = 0;

  for (guint i = 0; names[i] != NULL; i++)
    if (names[i][0] != '\0')
      set |= stern_set_bit (cell_of (v, names[i]));
  return set;
}

static char *
set_names (const SternVariant *v, SternSet set)
{
  GString *text = g_string_new (NULL);

  while (set)
    {
      char name[STERN_HOLE_NAME_MAX];

      stern_variant_cell_name (v, stern_set_pop (&set), name);
      if (text->len > 0)
        g_string_append_c (text, ',');
      g_string_append (text, name);
    }
  return g_string_free (text, FALSE);
}

#define assert_set_eq(v, actual, expected) G_STMT_START {            \
    g_autofree char *actual_ = set_names (v, actual);                 \
    g_autofree char *expected_ = set_names (v, expected);             \
    g_assert_cmpstr (actual_, ==, expected_);                         \
  } G_STMT_END

static void
position_of (const char *text, const SternVariant **variant, SternPosition *pos)
{
  g_autoptr (GError) error = NULL;

  if (!stern_notation_parse_position (text, variant, pos, &error))
    g_error ("bad test position \"%s\": %s", text, error->message);
}

#define game_at engine_test_game_made
#define play    engine_test_play

static SternSet
destinations (const char *text, const char *from)
{
  const SternVariant *v;
  SternPosition pos;
  SternRules rules;

  position_of (text, &v, &pos);
  stern_rules_init (&rules, v, STERN_PRESET_TABLE);
  return stern_movegen_destinations (&rules, &pos, cell_of (v, from));
}

/* ---- boards and camps ---- */

static void
test_camps (void)
{
  static const struct {
    const char *variant;
    const char *white_home;
    const char *black_home;
    unsigned    size, stones;
  } cases[] = {
    /* Triangle 1-2-3-4: rows of 4, 3, 2, 1 in the corner. */
    { "halma-8", "a1,b1,c1,d1,a2,b2,c2,a3,b3,a4", "h5,g6,h6,f7,g7,h7,e8,f8,g8,h8", 8, 10 },
    { "halma-10", "a1,b1,c1,d1,e1,a2,b2,c2,d2,a3,b3,c3,a4,b4,a5",
      "j6,i7,j7,h8,i8,j8,g9,h9,i9,j9,f10,g10,h10,i10,j10", 10, 15 },
    /* 4 files by 3 ranks. */
    { "ugolki", "a1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3",
      "e6,f6,g6,h6,e7,f7,g7,h7,e8,f8,g8,h8", 8, 12 },
    { "ugolki-mini+diag", "a1,b1,c1,a2,b2,c2,a3,b3,c3", "f6,g6,h6,f7,g7,h7,f8,g8,h8", 8, 9 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const SternVariant *v = variant_of (cases[i].variant);
      SternRules rules;

      stern_rules_init (&rules, v, STERN_PRESET_TABLE);
      g_assert_true (stern_variant_is_square (v));
      g_assert_cmpuint (v->board_size, ==, cases[i].size);
      g_assert_cmpuint (rules.geometry->n_cells, ==, cases[i].size * cases[i].size);
      g_assert_cmpuint (v->marbles, ==, cases[i].stones);
      g_assert_cmpuint (v->n_players, ==, 2);
      g_assert_cmpuint (v->seats[0], ==, STERN_WHITE);
      g_assert_cmpuint (v->seats[1], ==, STERN_BLACK);
      assert_set_eq (v, rules.home[STERN_WHITE], set_of (v, cases[i].white_home));
      assert_set_eq (v, rules.home[STERN_BLACK], set_of (v, cases[i].black_home));
      assert_set_eq (v, rules.goal[STERN_WHITE], set_of (v, cases[i].black_home));
      assert_set_eq (v, rules.goal[STERN_BLACK], set_of (v, cases[i].white_home));
      g_assert_cmpuint (stern_set_count (rules.home[STERN_WHITE]), ==, cases[i].stones);
    }
}

static void
test_four_players (void)
{
  const SternVariant *v = variant_of ("halma-10-4");
  SternRules rules;
  SternPosition pos;
  /* Each corner, the goal opposite; white, red, black, yellow in turn. */
  static const unsigned seats[4] = { STERN_WHITE, STERN_RED, STERN_BLACK, STERN_YELLOW };
  static const char *const corner[4] = { "a1", "j1", "j10", "a10" };

  stern_rules_init (&rules, v, STERN_PRESET_TABLE);
  stern_position_set_start (&pos, &rules);
  g_assert_cmpuint (v->n_players, ==, 4);
  for (unsigned i = 0; i < 4; i++)
    {
      unsigned seat = seats[i], opposite = seats[(i + 2) % 4];

      g_assert_cmpuint (v->seats[i], ==, seat);
      g_assert_true (stern_set_has (rules.home[seat], cell_of (v, corner[i])));
      g_assert_cmpuint (stern_set_count (rules.home[seat]), ==, 15);
      assert_set_eq (v, rules.goal[seat], rules.home[opposite]);
      /* 15 stones, Σ (18 − (files + ranks from the corner)) = 270 − 40. */
      g_assert_cmpuint (stern_position_tempo (&pos, &rules, seat), ==, 230);
    }
  assert_set_eq (v, rules.home[STERN_RED], set_of (v, "f1,g1,h1,i1,j1,g2,h2,i2,j2,h3,i3,j3,i4,j4,j5"));
}

/* Three players: white, red and black in their corners, each to the one
 * opposite; the top-left corner is nobody's home but red's goal.  The
 * checks are those of four players. */
static void
test_three_players (void)
{
  static const char *const names[] = { "halma-10-3", "halma-10-3+orth" };

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      const SternVariant *v = variant_of (names[n]);
      const SternVariant *four = variant_of (n == 0 ? "halma-10-4" : "halma-10-4+orth");
      SternRules rules, rules4;
      SternPosition pos;
      static const unsigned seats[3] = { STERN_WHITE, STERN_RED, STERN_BLACK };
      g_autoptr (SternGame) game = stern_game_new (v, STERN_PRESET_TABLE);

      stern_rules_init (&rules, v, STERN_PRESET_TABLE);
      stern_rules_init (&rules4, four, STERN_PRESET_TABLE);
      stern_position_set_start (&pos, &rules);
      g_assert_cmpuint (v->n_players, ==, 3);
      g_assert_cmpint (v->diagonals, ==, four->diagonals);
      for (unsigned i = 0; i < 3; i++)
        {
          unsigned seat = seats[i];

          g_assert_cmpuint (v->seats[i], ==, seat);
          assert_set_eq (v, rules.home[seat], rules4.home[seat]);
          assert_set_eq (v, rules.goal[seat], rules4.goal[seat]);
          g_assert_cmpuint (stern_set_count (pos.marbles[seat]), ==, 15);
          g_assert_cmpuint (stern_position_tempo (&pos, &rules, seat), ==, 230);
        }
      /* Red heads for the empty corner. */
      assert_set_eq (v, rules.goal[STERN_RED], rules4.home[STERN_YELLOW]);
      g_assert_cmpuint (pos.occupied & rules4.home[STERN_YELLOW], ==, 0);
      g_assert_cmpuint (rules.home_check_move, ==, rules4.home_check_move);
      g_assert_cmpuint (rules.tempo_check_move, ==, rules4.tempo_check_move);

      /* White, red, black in turn. */
      for (unsigned i = 0; i < 4; i++)
        {
          SternMove moves[STERN_MAX_MOVES];

          g_assert_cmpuint (stern_game_get_turn (game), ==, seats[i % 3]);
          g_assert_cmpuint (stern_game_legal_moves (game, moves), >, 0);
          g_assert_true (stern_game_play (game, moves[0].from, moves[0].to, NULL));
        }
    }

  /* The leaving-home check after everyone's 50th move: the late one is
   * out, the other two play on. */
  {
    g_autoptr (SternGame) game =
      game_at ("halma-10-3 white white:a1,e5 red:h5 black:f8", 49);

    play (game, "e5-e6");
    play (game, "h5-g5");
    play (game, "f8-f7");
    g_assert_false (stern_game_is_over (game));
    g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_ELIMINATED);
    g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, 3);
    g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_RED);
  }

  /* A record of it reads back. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (SternGame) game = stern_game_new (variant_of ("halma-10-3"), STERN_PRESET_TABLE);
    g_autoptr (SternGame) back = NULL;
    g_autofree char *record = NULL;

    for (unsigned i = 0; i < 6; i++)
      {
        SternMove moves[STERN_MAX_MOVES];

        g_assert_cmpuint (stern_game_legal_moves (game, moves), >, 0);
        g_assert_true (stern_game_play (game, moves[i % 2].from, moves[i % 2].to, NULL));
      }
    record = stern_record_write (game, NULL);
    g_assert_nonnull (strstr (record, "[Variant \"halma-10-3\"]"));
    back = stern_record_read (record, NULL, &error);
    g_assert_no_error (error);
    g_assert_nonnull (back);
    g_assert_true (stern_game_get_variant (back) == variant_of ("halma-10-3"));
    g_assert_cmpuint (stern_game_get_n_actions (back), ==, 6);
    g_assert_true (stern_game_get_position (back)->hash == stern_game_get_position (game)->hash);
  }
}

/* ---- moves ---- */

static void
test_modes (void)
{
  /* A lone stone: 4 steps without diagonals, 8 with them. */
  const SternVariant *orth = variant_of ("ugolki"), *diag = variant_of ("ugolki+diag");

  assert_set_eq (orth, destinations ("ugolki white white:d4", "d4"), set_of (orth, "c4,e4,d3,d5"));
  assert_set_eq (diag, destinations ("ugolki+diag white white:d4", "d4"),
                 set_of (diag, "c3,d3,e3,c4,e4,c5,d5,e5"));
  /* Halma defaults to diagonals, and can be played without. */
  assert_set_eq (diag, destinations ("halma-8 white white:a1", "a1"), set_of (diag, "b1,a2,b2"));
  assert_set_eq (orth, destinations ("halma-8+orth white white:a1", "a1"), set_of (orth, "b1,a2"));
  /* In a corner of the 10×10 board. */
  assert_set_eq (variant_of ("halma-10"), destinations ("halma-10 white white:j10", "j10"),
                 set_of (variant_of ("halma-10"), "i9,j9,i10"));
}

static void
test_jumps (void)
{
  const SternVariant *orth = variant_of ("ugolki"), *diag = variant_of ("ugolki+diag");

  /* Over a stone of either colour; diagonal jumps only with diagonals
   * (there d4-d6-f4 and d4-f6 too). */
  assert_set_eq (orth, destinations ("ugolki white white:d4,e5 black:d5", "d4"),
                 set_of (orth, "c4,e4,d3,d6"));
  assert_set_eq (diag, destinations ("ugolki+diag white white:d4,e5 black:d5", "d4"),
                 set_of (diag, "c3,d3,e3,c4,e4,c5,d6,f6,f4"));
  /* A chain changing direction, stopping anywhere: d4-d6-f6-f4. */
  assert_set_eq (orth, destinations ("ugolki white white:d4 black:d5,e6,f5", "d4"),
                 set_of (orth, "c4,e4,d3,d6,f6,f4"));
  /* Over exactly one stone: two in a row cannot be jumped. */
  assert_set_eq (orth, destinations ("ugolki white white:d4 black:d5,d6", "d4"),
                 set_of (orth, "c4,e4,d3"));
  /* Not over a gap (no long jumps). */
  assert_set_eq (orth, destinations ("ugolki white white:d4 black:d6", "d4"),
                 set_of (orth, "c4,e4,d3,d5"));
}

static void
test_paths (void)
{
  const SternVariant *v;
  SternPosition pos;
  SternRules rules;
  uint8_t path[STERN_MAX_PATH];
  size_t len, bad;
  g_autoptr (GError) error = NULL;

  /* a1 jumps round a square of stones back to a1: no cell twice. */
  position_of ("ugolki white white:a1 black:a2,b3,c2,b1", &v, &pos);
  stern_rules_init (&rules, v, STERN_PRESET_TABLE);
  g_assert_true (stern_notation_parse_path_in (v, "a1-a3-c3-c1-a1", path, &len, &error));
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, len, &bad), ==,
                   STERN_PATH_REVISIT);
  g_assert_cmpuint (bad, ==, 4);
  g_assert_true (stern_notation_parse_path_in (v, "a1-a3-c3-c1", path, &len, &error));
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, len, NULL), ==,
                   STERN_PATH_OK);
  /* Not the start either: the stone may not end where it began. */
  g_assert_false (stern_set_has (stern_movegen_destinations (&rules, &pos, cell_of (v, "a1")),
                                 cell_of (v, "a1")));

  /* A step then a jump, or a jump then a step: never both. */
  position_of ("ugolki white white:c3 black:d5", &v, &pos);
  g_assert_true (stern_notation_parse_path_in (v, "c3-d3-d4", path, &len, &error));
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, len, NULL), ==,
                   STERN_PATH_STEP_IN_CHAIN);
  g_assert_true (stern_notation_parse_path_in (v, "c3-c4-d4-d6", path, &len, &error));
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, len, NULL), ==,
                   STERN_PATH_STEP_IN_CHAIN);
  /* So c3 reaches only its four neighbours here, not d6. */
  assert_set_eq (v, stern_movegen_destinations (&rules, &pos, cell_of (v, "c3")),
                 set_of (v, "b3,d3,c2,c4"));

  /* A diagonal hop is no move without diagonals. */
  position_of ("ugolki white white:c3 black:d4", &v, &pos);
  g_assert_true (stern_notation_parse_path_in (v, "c3-e5", path, &len, &error));
  g_assert_cmpint (stern_movegen_check_path (&rules, &pos, STERN_WHITE, path, len, NULL), ==,
                   STERN_PATH_BAD_HOP);
}

static void
test_perft_start (void)
{
  /* The counts the issue gives from the start (distinct from → to moves). */
  static const struct { const char *variant; guint64 d1, d2; } cases[] = {
    { "halma-8", 24, 576 },
    { "ugolki", 14, 196 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SternRules rules;
      SternPosition pos;

      stern_rules_init (&rules, variant_of (cases[i].variant), STERN_PRESET_TABLE);
      stern_position_set_start (&pos, &rules);
      g_assert_cmpuint (stern_perft (&rules, &pos, 1), ==, cases[i].d1);
      g_assert_cmpuint (stern_perft (&rules, &pos, 2), ==, cases[i].d2);
    }
}

/* ---- winning ---- */

/* White builds first; black's reply decides between a win and a draw. */
static void
test_reply_win (void)
{
  g_autoptr (SternGame) game =
    game_at ("ugolki-mini white white:e6,g6,h6,f7,g7,h7,f8,g8,h8 black:a1,b1,c1,a2,b2,c2,a3,b3,h1", 5);

  play (game, "e6-f6");
  /* Built, but black still has the reply move. */
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
  play (game, "h1-h2");
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_FINISHED);
  g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, 1);
  g_assert_cmpuint (stern_game_get_place (game, STERN_BLACK), ==, 2);
}

static void
test_reply_draw (void)
{
  g_autoptr (SternGame) game =
    game_at ("ugolki-mini white white:e6,g6,h6,f7,g7,h7,f8,g8,h8 black:a1,b1,c1,a2,b2,c2,a3,b3,d3", 5);
  g_autofree char *result = NULL;

  play (game, "e6-f6");
  g_assert_false (stern_game_is_over (game));
  play (game, "d3-c3");
  /* Both have built their house at the check after black's move. */
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, 1);
  g_assert_cmpuint (stern_game_get_place (game, STERN_BLACK), ==, 1);
  result = stern_record_result (game);
  g_assert_cmpstr (result, ==, "1/2-1/2");
}

static void
test_second_builds_first (void)
{
  g_autoptr (SternGame) game =
    game_at ("ugolki-mini white white:e6,g6,h6,f7,g7,h7,f8,g8,a5 black:a1,b1,c1,a2,b2,c2,a3,b3,d3", 5);
  g_autofree char *result = NULL;

  play (game, "a5-a6");
  play (game, "d3-c3");
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_place (game, STERN_BLACK), ==, 1);
  g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, 2);
  result = stern_record_result (game);
  g_assert_cmpstr (result, ==, "0-1");
}

/* ---- the forced end ---- */

typedef struct {
  const char *position;
  const char *white_move, *black_move;
  gboolean    over;
  unsigned    white_place, black_place;
} CheckCase;

static void
run_check_cases (const CheckCase *cases, guint n, unsigned made, SternEndReason reason)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (SternGame) game = game_at (cases[i].position, made);

      g_test_message ("%s after %s %s", cases[i].position, cases[i].white_move,
                      cases[i].black_move);
      play (game, cases[i].white_move);
      g_assert_false (stern_game_is_over (game));
      play (game, cases[i].black_move);
      g_assert_cmpint (stern_game_is_over (game), ==, cases[i].over);
      if (!cases[i].over)
        continue;
      g_assert_cmpint (stern_game_get_end_reason (game), ==, reason);
      g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, cases[i].white_place);
      g_assert_cmpuint (stern_game_get_place (game, STERN_BLACK), ==, cases[i].black_place);
    }
}

static void
test_home_check (void)
{
  /* Ugolki without diagonals: after move 40 of each player.  a1 is in
   * white's camp, h8 in black's. */
  static const CheckCase at_40[] = {
    { "ugolki white white:a1,e4 black:h8,d5", "e4-e5", "d5-d4", TRUE, 1, 1 },  /* both: draw */
    { "ugolki white white:a1,e4 black:g4,d5", "e4-e5", "d5-d4", TRUE, 2, 1 },  /* white loses */
    { "ugolki white white:c5,e4 black:h8,d5", "e4-e5", "d5-d4", TRUE, 1, 2 },  /* black loses */
    { "ugolki white white:c5,e4 black:g4,d5", "e4-e5", "d5-d4", FALSE, 0, 0 }, /* play on */
    /* The last stone leaves home with the 40th move: in time. */
    { "ugolki white white:d3,e4 black:g4,d5", "d3-d4", "d5-d6", FALSE, 0, 0 },
  };
  /* With diagonals it comes 10 moves earlier: after move 30. */
  static const CheckCase at_30[] = {
    { "halma-8 white white:a1,e4 black:h8,d5", "e4-e5", "d5-d4", TRUE, 1, 1 },
    { "halma-8 white white:b2,e4 black:c6,d5", "e4-e5", "d5-d4", TRUE, 2, 1 },
    { "halma-8 white white:c5,e4 black:g7,d5", "e4-e5", "d5-d4", TRUE, 1, 2 },
    { "halma-8+orth white white:a1,e4 black:h8,d5", "e4-e5", "d5-d4", FALSE, 0, 0 },
  };
  /* On 10×10: after move 60 without diagonals (50 with). */
  static const CheckCase at_60[] = {
    { "halma-10+orth white white:a1,e6 black:j10,d7", "e6-e7", "d7-d6", TRUE, 1, 1 },
    { "halma-10 white white:a1,e6 black:j10,d7", "e6-e7", "d7-d6", FALSE, 0, 0 },
  };
  static const CheckCase at_50[] = {
    { "halma-10 white white:a1,e6 black:f6,d7", "e6-e7", "d7-d6", TRUE, 2, 1 },
  };

  run_check_cases (at_40, G_N_ELEMENTS (at_40), 39, STERN_END_HOME_CHECK);
  run_check_cases (at_30, G_N_ELEMENTS (at_30), 29, STERN_END_HOME_CHECK);
  run_check_cases (at_60, G_N_ELEMENTS (at_60), 59, STERN_END_HOME_CHECK);
  run_check_cases (at_50, G_N_ELEMENTS (at_50), 49, STERN_END_HOME_CHECK);

  /* Not before: one move earlier nothing happens. */
  {
    g_autoptr (SternGame) game = game_at ("ugolki white white:a1,e4 black:h8,d5", 38);

    play (game, "e4-e5");
    play (game, "d5-d4");
    g_assert_false (stern_game_is_over (game));
    g_assert_cmpint (stern_game_moves_to_leave_home (game, STERN_WHITE), ==, 1);
  }
}

static void
test_missed_turn_counts (void)
{
  /* White's a1 is shut in: it misses its 40th turn, which counts, so the
   * check comes after black's 40th move, and white is still at home. */
  g_autoptr (SternGame) game = game_at ("ugolki white white:a1 black:a2,b1,a3,c1,h1", 39);
  g_autoptr (GError) error = NULL;

  g_assert_true (stern_game_must_pass (game));
  g_assert_true (stern_game_pass (game, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_moves_made (game, STERN_WHITE), ==, 40);
  play (game, "h1-h2");
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_HOME_CHECK);
  g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, 2);
  g_assert_cmpuint (stern_game_get_place (game, STERN_BLACK), ==, 1);
}

static void
test_home_check_four (void)
{
  /* Four players: the one still at home is out, the others play on. */
  g_autoptr (SternGame) game =
    game_at ("halma-10-4 white white:a1,e3 red:h5 black:f8 yellow:c7", 49);

  play (game, "e3-e4");
  play (game, "h5-g5");
  play (game, "f8-f7");
  play (game, "c7-d7");
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_ELIMINATED);
  g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, 4);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_RED);
}

/* Several late at the same check: the larger tempo number takes the worse
 * place (doc/rules.md §9), not the seat order. */
static void
test_home_check_four_by_tempo (void)
{
  /* After the moves, white: a1 at home (18 to j10) and i10 (1), 19;
   * red: j1 at home (18 to a10) and f6 (9), 27. */
  g_autoptr (SternGame) game =
    game_at ("halma-10-4 white white:a1,i9 red:j1,f5 black:f8 yellow:c7", 49);

  play (game, "i9-i10");
  play (game, "f5-f6");
  play (game, "f8-f7");
  play (game, "c7-d7");
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_ELIMINATED);
  g_assert_cmpint (stern_game_get_player_state (game, STERN_RED), ==, STERN_PLAYER_ELIMINATED);
  /* In seat order white would have been last. */
  g_assert_cmpuint (stern_game_get_place (game, STERN_RED), ==, 4);
  g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, 3);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
}

static void
test_tempo_number (void)
{
  static const struct { const char *variant; unsigned tempo; } starts[] = {
    /* 12 stones at files 0–3, ranks 0–2 from h8: Σ (7 − x) + (7 − y) = 168 − 30. */
    { "ugolki", 138 },
    { "ugolki+diag", 138 },
    /* Triangle 1-2-3-4: Σ 14 − (x + y) = 140 − 20. */
    { "halma-8", 120 },
    /* 3 × 3: Σ 14 − (x + y) over 9 cells = 126 − 18. */
    { "ugolki-mini", 108 },
    /* Triangle 1-2-3-4-5 on 10×10: Σ 18 − (x + y) = 270 − 40. */
    { "halma-10", 230 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      g_autoptr (SternGame) game = stern_game_new (variant_of (starts[i].variant), STERN_PRESET_TABLE);

      g_assert_cmpuint (stern_game_get_tempo (game, STERN_WHITE), ==, starts[i].tempo);
      g_assert_cmpuint (stern_game_get_tempo (game, STERN_BLACK), ==, starts[i].tempo);
    }
  {
    /* Diagonal moves do not count: b2 is 12 from h8, not 6. */
    g_autoptr (SternGame) game = game_at ("halma-8 white white:b2 black:g7", 0);

    g_assert_cmpuint (stern_game_get_tempo (game, STERN_WHITE), ==, 12);
    g_assert_cmpuint (stern_game_get_tempo (game, STERN_BLACK), ==, 12);
    g_assert_cmpint (stern_game_moves_to_tempo_check (game, STERN_WHITE), ==, 80);
  }
}

static void
test_tempo_check (void)
{
  /* After move 80 of each player.  White c5 (8 to h8) and e4 → e5 (6):
   * 14.  Black f4 (8 to a1) and d5 → d4 (6): 14, or d5 → d6 (8): 16. */
  static const CheckCase at_80[] = {
    { "ugolki white white:c5,e4 black:f4,d5", "e4-e5", "d5-d4", TRUE, 1, 1 },
    { "ugolki white white:c5,e4 black:f4,d5", "e4-e5", "d5-d6", TRUE, 1, 2 },
    { "ugolki white white:c5,e4 black:f4,d5", "e4-e3", "d5-d4", TRUE, 2, 1 },
    /* With diagonals the tempo check stays at move 80. */
    { "ugolki+diag white white:c5,e4 black:f4,d5", "e4-f5", "d5-c4", TRUE, 1, 1 },
  };
  /* 120 on 10×10. */
  static const CheckCase at_120[] = {
    { "halma-10 white white:e6 black:f5", "e6-f7", "f5-e5", TRUE, 1, 2 },
  };

  run_check_cases (at_80, G_N_ELEMENTS (at_80), 79, STERN_END_TEMPO);
  run_check_cases (at_120, G_N_ELEMENTS (at_120), 119, STERN_END_TEMPO);
  {
    g_autoptr (SternGame) game = game_at ("ugolki white white:c5,e4 black:f4,d5", 79);

    play (game, "e4-e5");
    play (game, "d5-d6");
    g_assert_cmpuint (stern_game_get_tempo (game, STERN_WHITE), ==, 14);
    g_assert_cmpuint (stern_game_get_tempo (game, STERN_BLACK), ==, 16);
  }
}

/* ---- notation ---- */

static void
test_notation (void)
{
  for (unsigned i = STERN_N_VARIANTS; i < STERN_N_ALL_VARIANTS; i++)
    {
      const SternVariant *v = stern_variant_get (i), *back = NULL;
      SternRules rules;
      SternPosition pos, parsed;
      g_autofree char *text = NULL, *again = NULL;
      g_autoptr (GError) error = NULL;

      g_assert_true (stern_variant_is_square (v));
      g_assert_true (stern_variant_lookup (v->id) == v);
      stern_rules_init (&rules, v, STERN_PRESET_TABLE);
      stern_position_set_start (&pos, &rules);
      text = stern_notation_format_position (v, &pos);
      g_assert_true (stern_notation_parse_position (text, &back, &parsed, &error));
      g_assert_no_error (error);
      g_assert_true (back == v);
      g_assert_true (parsed.occupied == pos.occupied && parsed.hash == pos.hash);
      again = stern_notation_format_position (back, &parsed);
      g_assert_cmpstr (again, ==, text);

      /* Every cell's name reads back as that cell. */
      for (unsigned c = 0; c < rules.geometry->n_cells; c++)
        {
          char name[STERN_HOLE_NAME_MAX];

          stern_variant_cell_name (v, c, name);
          g_assert_cmpuint (stern_variant_cell_parse (v, name, strlen (name)), ==, c);
        }
    }

  {
    const SternVariant *v8 = variant_of ("ugolki"), *v10 = variant_of ("halma-10");
    static const char *const bad8[] = { "i1", "a9", "a0", "a01", "h10", "A1", "a", "1a", "a-1" };
    static const char *const bad10[] = { "k1", "a11", "j0", "a010" };
    uint8_t path[STERN_MAX_PATH];
    size_t len;
    g_autofree char *text = NULL;

    /* a1 is the first player's corner, files from its left. */
    g_assert_cmpuint (cell_of (v8, "a1"), ==, 0);
    g_assert_cmpuint (cell_of (v8, "h1"), ==, 7);
    g_assert_cmpuint (cell_of (v8, "a2"), ==, 8);
    g_assert_cmpuint (cell_of (v8, "h8"), ==, 63);
    g_assert_cmpuint (cell_of (v10, "j10"), ==, 99);
    for (guint i = 0; i < G_N_ELEMENTS (bad8); i++)
      g_assert_cmpuint (stern_variant_cell_parse (v8, bad8[i], strlen (bad8[i])), ==, STERN_NO_CELL);
    for (guint i = 0; i < G_N_ELEMENTS (bad10); i++)
      g_assert_cmpuint (stern_variant_cell_parse (v10, bad10[i], strlen (bad10[i])), ==, STERN_NO_CELL);

    g_assert_true (stern_notation_parse_path_in (v8, "a1-a3-c3", path, &len, NULL));
    g_assert_cmpuint (len, ==, 3);
    g_assert_cmpuint (path[1], ==, 16);
    text = stern_notation_format_path_in (v8, path, len);
    g_assert_cmpstr (text, ==, "a1-a3-c3");
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (stern_notation_parse_path_in (v8, "a1-i1", path, &len, &error));
      g_assert_error (error, STERN_ERROR, STERN_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, "column 4"));
      g_assert_nonnull (strstr (error->message, "8×8"));
    }
  }

  {
    static const char *const bad[] = {
      "ugolki+orth white white:a1",          /* the default mode named again */
      "halma-8+diag white white:a1",
      "ugolki+hex white white:a1",           /* no such mode */
      "ugolki white white:i1",               /* off the 8×8 board */
      "halma-10 white white:k10",
      "ugolki white red:a1",                 /* red does not play two-handed */
      "ugolki-mini white white:a1,b1,c1,a2,b2,c2,a3,b3,c3,d4",  /* ten stones */
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        const SternVariant *v = NULL;
        SternPosition pos;
        g_autoptr (GError) error = NULL;

        g_assert_false (stern_notation_parse_position (bad[i], &v, &pos, &error));
        g_assert_error (error, STERN_ERROR, STERN_ERROR_PARSE);
      }
  }
}

static void
test_record_round_trip (void)
{
  g_autoptr (SternGame) game = stern_game_new (variant_of ("halma-8"), STERN_PRESET_TABLE);
  g_autoptr (SternGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL;

  play (game, "c2-d3");
  play (game, "f7-e6");
  play (game, "a1-c3-e3");   /* over b2, then over d3 */
  text = stern_record_write (game, NULL);
  g_assert_nonnull (strstr (text, "[Variant \"halma-8\"]"));
  g_assert_nonnull (strstr (text, "a1-c3-e3"));
  back = stern_record_read (text, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (back), ==, 3);
  g_assert_true (stern_game_get_position (back)->hash == stern_game_get_position (game)->hash);
  again = stern_record_write (back, NULL);
  g_assert_cmpstr (again, ==, text);
}

static void
test_presets (void)
{
  /* The square boards have their own rules: the table preset only. */
  for (unsigned i = STERN_N_VARIANTS; i < STERN_N_ALL_VARIANTS; i++)
    {
      const SternVariant *v = stern_variant_get (i);

      g_assert_true (stern_preset_allows_variant (STERN_PRESET_TABLE, v));
      g_assert_false (stern_preset_allows_variant (STERN_PRESET_CLUB, v));
      g_assert_false (stern_preset_allows_variant (STERN_PRESET_RACE, v));
    }
  /* The star variants stay as they were. */
  for (unsigned i = 0; i < STERN_N_VARIANTS; i++)
    g_assert_false (stern_variant_is_square (stern_variant_get (i)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/square/camps", test_camps);
  g_test_add_func ("/square/four-players", test_four_players);
  g_test_add_func ("/square/modes", test_modes);
  g_test_add_func ("/square/jumps", test_jumps);
  g_test_add_func ("/square/paths", test_paths);
  g_test_add_func ("/square/perft-start", test_perft_start);
  g_test_add_func ("/square/reply-win", test_reply_win);
  g_test_add_func ("/square/reply-draw", test_reply_draw);
  g_test_add_func ("/square/second-builds-first", test_second_builds_first);
  g_test_add_func ("/square/home-check", test_home_check);
  g_test_add_func ("/square/home-check-four", test_home_check_four);
  g_test_add_func ("/square/three-players", test_three_players);
  g_test_add_func ("/square/home-check-four-by-tempo", test_home_check_four_by_tempo);
  g_test_add_func ("/square/missed-turn-counts", test_missed_turn_counts);
  g_test_add_func ("/square/tempo-number", test_tempo_number);
  g_test_add_func ("/square/tempo-check", test_tempo_check);
  g_test_add_func ("/square/notation", test_notation);
  g_test_add_func ("/square/record", test_record_round_trip);
  g_test_add_func ("/square/presets", test_presets);
  return g_test_run ();
}
