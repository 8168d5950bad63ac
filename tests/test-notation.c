/* Hole names, paths, position strings and game records (RULES.md §7), and
 * that every parser rejects bad input with what and where. */
#include <string.h>

#include <glib.h>

#include "stern-notation.h"

static const char *start_2 =
  "classic-2 white white:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 "
  "black:e17,e16,f16,e15,f15,g15,e14,f14,g14,h14";

static void
test_position_round_trip (void)
{
  const SternVariant *variant;
  SternPosition pos, again;
  SternRules rules;
  g_autofree char *text = NULL, *text2 = NULL;

  g_assert_true (stern_notation_parse_position (start_2, &variant, &pos, NULL));
  g_assert_cmpstr (variant->id, ==, "classic-2");
  stern_rules_init (&rules, variant, STERN_PRESET_TABLE);
  stern_position_set_start (&again, &rules);
  g_assert_cmpmem (&pos, sizeof pos, &again, sizeof again);

  /* Every variant's start position prints and parses back the same. */
  for (unsigned v = 0; v < STERN_N_VARIANTS; v++)
    {
      g_autofree char *t = NULL;

      stern_rules_init (&rules, stern_variant_get (v), STERN_PRESET_TABLE);
      stern_position_set_start (&pos, &rules);
      t = stern_notation_format_position (rules.variant, &pos);
      g_assert_true (g_str_has_prefix (t, rules.variant->id));
      g_assert_true (stern_notation_parse_position (t, &variant, &again, NULL));
      g_assert_true (variant == rules.variant);
      g_assert_cmpmem (&pos, sizeof pos, &again, sizeof again);
    }

  /* Any order of holes, extra spaces, an omitted colour. */
  g_assert_true (stern_notation_parse_position ("  classic-2   black black:i9,e17  ", &variant, &pos, NULL));
  text = stern_notation_format_position (variant, &pos);
  g_assert_cmpstr (text, ==, "classic-2 black black:i9,e17");
  g_assert_true (stern_notation_parse_position ("classic-2 black black:e17,i9 white:", &variant, &again, NULL));
  text2 = stern_notation_format_position (variant, &again);
  g_assert_cmpstr (text, ==, text2);
}

static void
expect_position_error (const char *text, const char *fragment)
{
  g_autoptr (GError) error = NULL;
  SternPosition pos;

  g_assert_false (stern_notation_parse_position (text, NULL, &pos, &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_PARSE);
  if (strstr (error->message, fragment) == NULL)
    g_error ("position \"%s\": error \"%s\" does not mention \"%s\"", text, error->message, fragment);
}

static void
test_position_errors (void)
{
  expect_position_error ("", "empty");
  expect_position_error ("chess white", "unknown variant");
  expect_position_error ("classic-2", "missing the colour");
  expect_position_error ("classic-2 purple", "not a colour");
  expect_position_error ("classic-2 red", "red does not play");
  expect_position_error ("classic-2 white white", "expected <colour>:<hole>");
  expect_position_error ("classic-2 white pink:m1", "\"pink\" is not a colour");
  expect_position_error ("classic-2 white green:m1", "green does not play");
  expect_position_error ("classic-2 white white:m1 white:m2", "listed twice");
  expect_position_error ("classic-2 white white:m1,z9", "\"z9\" is not a hole");
  expect_position_error ("classic-2 white white:m1,a1", "\"a1\" is not a hole");
  expect_position_error ("classic-2 white white:m1 black:m1", "m1 already holds a white marble");
  expect_position_error ("classic-2 white white:m1,", "missing after ','");
  expect_position_error ("classic-2 white white:m1,,m2", "\"\" is not a hole");
  expect_position_error ("classic-2 white white:i5,i6,i7,i8,i9,i10,i11,i12,i13,h13,g13",
                         "more than 10 marbles");
  /* Columns are reported. */
  expect_position_error ("classic-2 white white:m1,z9", "column 26");
}

static void
test_path_parse (void)
{
  uint8_t path[STERN_MAX_PATH];
  size_t len = 0;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (stern_notation_parse_path ("m1-m3-k5", path, &len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (len, ==, 3);
  text = stern_notation_format_path (path, len);
  g_assert_cmpstr (text, ==, "m1-m3-k5");

  g_assert_false (stern_notation_parse_path ("m1", path, &len, &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_false (stern_notation_parse_path ("m1-x3", path, &len, &error));
  g_assert_nonnull (strstr (error->message, "column 4"));
  g_clear_error (&error);
  g_assert_false (stern_notation_parse_path ("m1--m3", path, &len, &error));
  g_clear_error (&error);
  g_assert_false (stern_notation_parse_path ("", path, &len, &error));
  g_clear_error (&error);
  g_assert_false (stern_notation_parse_path ("-", path, &len, &error));
}

static void
play_randomly (SternGame *game, GRand *rand, guint max_actions)
{
  static SternMove moves[STERN_MAX_MOVES];

  for (guint i = 0; i < max_actions && !stern_game_is_over (game); i++)
    {
      size_t n = stern_game_legal_moves (game, moves);

      if (n == 0)
        g_assert_true (stern_game_pass (game, NULL));
      else
        {
          const SternMove *m = &moves[g_rand_int_range (rand, 0, (gint32) n)];
          g_assert_true (stern_game_play (game, m->from, m->to, NULL));
        }
    }
}

static void
test_record_round_trip (void)
{
  for (unsigned v = 0; v < STERN_N_VARIANTS; v++)
    for (unsigned p = 0; p < STERN_N_PRESETS; p++)
      {
        const SternVariant *variant = stern_variant_get (v);
        g_autoptr (GRand) rand = g_rand_new_with_seed (v * 3 + p);
        g_autoptr (SternGame) game = stern_game_new (variant, (SternPreset) p);
        g_autoptr (SternGame) again = NULL;
        g_autoptr (GError) error = NULL;
        g_autofree char *text = NULL, *text2 = NULL;
        SternRecordTags tags = { 0 }, read_tags = { 0 };

        play_randomly (game, rand, 60 + v * 7);
        if (v % 2 == 0 && !stern_game_is_over (game))
          g_assert_true (stern_game_resign (game, stern_game_get_turn (game), NULL));
        tags.date = g_strdup ("2026.11.29");
        tags.players[variant->seats[0]] = g_strdup ("Ann \"the\" Player");
        text = stern_record_write (game, &tags);
        again = stern_record_read (text, &read_tags, &error);
        g_assert_no_error (error);
        g_assert_nonnull (again);
        g_assert_cmpmem (stern_game_get_position (game), sizeof (SternPosition),
                         stern_game_get_position (again), sizeof (SternPosition));
        g_assert_cmpuint (stern_game_get_n_actions (game), ==, stern_game_get_n_actions (again));
        g_assert_cmpint (stern_game_get_preset (again), ==, p);
        g_assert_cmpstr (read_tags.date, ==, "2026.11.29");
        g_assert_cmpstr (read_tags.players[variant->seats[0]], ==, "Ann \"the\" Player");
        text2 = stern_record_write (again, &read_tags);
        g_assert_cmpstr (text, ==, text2);
        stern_record_tags_clear (&tags);
        stern_record_tags_clear (&read_tags);
      }
}

static void
test_record_from_position (void)
{
  const SternVariant *variant;
  SternPosition pos;
  g_autoptr (SternGame) game = NULL, again = NULL;
  g_autofree char *text = NULL;

  g_assert_true (stern_notation_parse_position ("classic-2 black white:i9 black:i10", &variant, &pos, NULL));
  game = stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos, NULL);
  g_assert_true (stern_game_play (game, stern_board_hole_parse ("i10", 3),
                                  stern_board_hole_parse ("i11", 3), NULL));
  text = stern_record_write (game, NULL);
  g_assert_nonnull (strstr (text, "[Position \"classic-2 black"));
  again = stern_record_read (text, NULL, NULL);
  g_assert_nonnull (again);
  g_assert_cmpmem (stern_game_get_position (game), sizeof pos,
                   stern_game_get_position (again), sizeof pos);
}

static void
expect_record_error (const char *text, int code, const char *fragment)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = stern_record_read (text, NULL, &error);

  g_assert_null (game);
  g_assert_error (error, STERN_ERROR, code);
  if (strstr (error->message, fragment) == NULL)
    g_error ("record error \"%s\" does not mention \"%s\"", error->message, fragment);
}

static void
test_record_errors (void)
{
  expect_record_error ("", STERN_ERROR_PARSE, "no [Variant");
  expect_record_error ("hello world\n", STERN_ERROR_PARSE, "line 1, column 1: the moves start before");
  expect_record_error ("[Variant \"classic-2\"]\n[Preset \"blitz\"]\n\n1. l4-l5\n", STERN_ERROR_PARSE,
                       "line 4, column 1: unknown rule preset");
  expect_record_error ("[Variant \"halma-9\"]\n", STERN_ERROR_PARSE, "unknown variant");
  expect_record_error ("[Variant classic-2]\n", STERN_ERROR_PARSE, "line 1, column 10");
  expect_record_error ("[Variant \"classic-2]\n", STERN_ERROR_PARSE, "no closing");
  expect_record_error ("[Variant \"classic-2\"\n", STERN_ERROR_PARSE, "expected ']'");
  expect_record_error ("[ \"x\"]\n", STERN_ERROR_PARSE, "tag name");
  expect_record_error ("[Variant \"classic-2\"]\n\n1. l4-l5 e14-e13\n2. l5-l7\n", STERN_ERROR_ILLEGAL,
                       "line 4, column 4: l5-l7");
  expect_record_error ("[Variant \"classic-2\"]\n\n1. l4-l5 x\n", STERN_ERROR_PARSE,
                       "line 3, column 10: \"x\" is not a move");
  expect_record_error ("[Variant \"classic-2\"]\n\n1. --\n", STERN_ERROR_ILLEGAL, "may not pass");
  expect_record_error ("[Variant \"classic-2\"]\n\n1. resign(white) l4-l5\n", STERN_ERROR_GAME_OVER,
                       "after the end");
  expect_record_error ("[Variant \"classic-2\"]\n[Result \"1-0\"]\n\n1. resign(white)\n", STERN_ERROR_ILLEGAL,
                       "line 2, column 1: the Result tag says \"1-0\" but the moves give \"0-1\"");
  expect_record_error ("[Variant \"classic-2\"]\n[Position \"classic-3 white\"]\n\n1. l4-l5\n",
                       STERN_ERROR_PARSE, "Variant tag says classic-2");
  expect_record_error ("[Variant \"classic-2\"]\n[Position \"classic-2 white white:zz\"]\n",
                       STERN_ERROR_PARSE, "Position tag");
  expect_record_error ("\xff\xfe garbage", STERN_ERROR_PARSE, "not UTF-8");
  /* A record cut off in the middle of a move. */
  expect_record_error ("[Variant \"classic-2\"]\n\n1. l4-l5 e14-e1", STERN_ERROR_PARSE, "\"e1\" is not a hole");
}

static void
test_record_comments_and_passes (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = stern_record_read (
    "; a comment\n[Variant \"classic-2\"]\n[Site \"ignored\"]\n\n1. l4-l5 e14-e13\n# another\n2. m4-m5\n",
    NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 3);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/notation/position-round-trip", test_position_round_trip);
  g_test_add_func ("/notation/position-errors", test_position_errors);
  g_test_add_func ("/notation/path-parse", test_path_parse);
  g_test_add_func ("/notation/record-round-trip", test_record_round_trip);
  g_test_add_func ("/notation/record-from-position", test_record_from_position);
  g_test_add_func ("/notation/record-errors", test_record_errors);
  g_test_add_func ("/notation/record-comments", test_record_comments_and_passes);
  return g_test_run ();
}
