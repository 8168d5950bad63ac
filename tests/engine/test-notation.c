/* Hole names, paths, position strings and game records (doc/rules.md §7), and
 * that every parser rejects bad input with what and where.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
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
  g_clear_error (&error);

  /* a1 is not a hole of the star: the message must not say it is one. */
  g_assert_false (stern_notation_parse_path ("m1-a1", path, &len, &error));
  g_assert_nonnull (strstr (error->message, "\"a1\" is not a hole"));
  g_assert_null (strstr (error->message, "a1 to"));
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
        g_autoptr (SternGame) game = NULL;
        g_autoptr (SternGame) again = NULL;
        g_autoptr (GError) error = NULL;
        g_autofree char *text = NULL, *text2 = NULL;
        SternRecordTags tags = { 0 }, read_tags = { 0 };

        if (!stern_preset_allows_variant ((SternPreset) p, variant))
          continue;
        game = stern_game_new (variant, (SternPreset) p);
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
  expect_record_error ("", STERN_ERROR_PARSE, "line 1: the file ends with no [Variant");
  expect_record_error ("[Date \"2026.12.01\"]\n[White \"Ada\"]\n", STERN_ERROR_PARSE,
                       "line 2: the file ends with no [Variant");
  expect_record_error ("hello world\n", STERN_ERROR_PARSE, "line 1, column 1: the moves start before");
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
  expect_record_error ("[Variant \"classic-2\"]\n[Position \"classic-3 white\"]\n\n1. l4-l5\n",
                       STERN_ERROR_PARSE, "Variant tag says classic-2");
  expect_record_error ("[Variant \"classic-2\"]\n[Position \"classic-2 white white:zz\"]\n",
                       STERN_ERROR_PARSE, "Position tag");
  expect_record_error ("\xff\xfe garbage", STERN_ERROR_PARSE, "UTF-16");
  /* A record cut off in the middle of a move. */
  expect_record_error ("[Variant \"classic-2\"]\n\n1. l4-l5 e14-e1", STERN_ERROR_PARSE, "\"e1\" is not a hole");
}

/* Tag errors name the tag's own line, not the first move's. */
static void
test_record_tag_lines (void)
{
  expect_record_error ("[Variant \"classic-2\"]\n[Position \"classic-2 white white:zz\"]\n"
                       "[Date \"2026.11.29\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. l4-l5\n",
                       STERN_ERROR_PARSE, "line 2, column 12: Position tag");
  expect_record_error ("[Variant \"halma-9\"]\n\n1. l4-l5\n", STERN_ERROR_PARSE,
                       "line 1, column 11: unknown variant");
  /* No moves: still the tag's line, not one past the end. */
  expect_record_error ("[Variant \"classic-2\"]\n[Position \"classic-2 white white:zz\"]\n",
                       STERN_ERROR_PARSE, "line 2, column 12: Position tag");
  expect_record_error ("[Variant \"classic-2\"]\n[Position \"classic-3 white\"]\n[Date \"x\"]\n\n1. l4-l5\n",
                       STERN_ERROR_PARSE, "line 2, column 12: the Position tag is a classic-3 position");
  expect_record_error ("[Variant \"classic-2\"]\n[Preset \"blitz\"]\n\n1. l4-l5\n", STERN_ERROR_PARSE,
                       "line 2, column 10: unknown rule preset");
  /* Moves on a tag's line are refused, not dropped. */
  expect_record_error ("[Variant \"classic-2\"] 1. m3-k5 f15-f13\n", STERN_ERROR_PARSE,
                       "line 1, column 23: text after tag Variant");
  expect_record_error ("[Variant \"classic-2\"]\n[Date \"x\"][White \"A\"]\n\n1. l4-l5\n",
                       STERN_ERROR_PARSE, "line 2, column 11: text after tag Date");
  /* A comment after a tag is still a comment. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (SternGame) game = stern_record_read ("[Variant \"classic-2\"] ; two\r\n\n1. l4-l5\n",
                                                    NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  }
}

/* A step onto a marble says the hole is occupied. */
static void
test_record_occupied (void)
{
  expect_record_error ("[Variant \"classic-2\"]\n\n1. l4-l5 e14-e13\n2. m3-m5-k5 f16-f15\n",
                       STERN_ERROR_ILLEGAL, "line 4, column 13: f16-f15: illegal move at f15 (hole 2 of the path): f15 is occupied");
  /* A jump landing on a marble, too. */
  expect_record_error ("[Variant \"classic-2\"]\n\n1. m2-m4\n",
                       STERN_ERROR_ILLEGAL, "illegal move at m4 (hole 2 of the path): m4 is occupied");
}

/* race is for two players (doc/rules.md §8): refused with more. */
static void
test_record_race_players (void)
{
  for (unsigned v = 0; v < STERN_N_VARIANTS; v++)
    {
      const SternVariant *variant = stern_variant_get (v);
      g_autofree char *text = g_strdup_printf ("[Variant \"%s\"]\n[Preset \"race\"]\n", variant->id);
      g_autoptr (GError) error = NULL;
      g_autoptr (SternGame) game = stern_record_read (text, NULL, &error);

      g_assert_true (stern_preset_allows_variant (STERN_PRESET_TABLE, variant));
      g_assert_true (stern_preset_allows_variant (STERN_PRESET_CLUB, variant));
      if (variant->n_players <= 2)
        {
          g_assert_true (stern_preset_allows_variant (STERN_PRESET_RACE, variant));
          g_assert_no_error (error);
          g_assert_nonnull (game);
        }
      else
        {
          g_assert_false (stern_preset_allows_variant (STERN_PRESET_RACE, variant));
          g_assert_null (game);
          g_assert_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL);
          g_assert_nonnull (strstr (error->message, "line 2, column 10: the race preset is for two players"));
        }
    }
}

/* Lenient records: a Result tag that disagrees with unfinished moves is
 * a warning; round numbers must follow each other. */
static void
test_record_result_warning (void)
{
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL, finished = NULL;

  game = stern_record_read_with_warnings ("[Variant \"classic-2\"]\n[Result \"1-0\"]\n\n1. l4-l5 e14-e13\n",
                                          NULL, warnings, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (warnings, 0), "line 2: "));
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "\"1-0\""));

  /* "*" on a game the moves have ended. */
  g_ptr_array_set_size (warnings, 0);
  finished = stern_record_read_with_warnings ("[Variant \"classic-2\"]\n[Result \"*\"]\n\n1. resign(white)\n",
                                              NULL, warnings, &error);
  g_assert_no_error (error);
  g_assert_true (stern_game_is_over (finished));
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "\"0-1\""));

  /* A clean record has none. */
  g_ptr_array_set_size (warnings, 0);
  g_clear_pointer (&game, stern_game_free);
  game = stern_record_read_with_warnings ("[Variant \"classic-2\"]\n[Result \"*\"]\n\n1. l4-l5 e14-e13\n2. m4-m5\n",
                                          NULL, warnings, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 0);
}

static void
test_record_round_numbers (void)
{
  expect_record_error ("[Variant \"classic-2\"]\n\n7. l4-l5 e14-e13\n3. m4-m5\n", STERN_ERROR_PARSE,
                       "line 3, column 1: the first round number is 7; expected 1.");
  expect_record_error ("[Variant \"classic-2\"]\n\n1. l4-l5 e14-e13\n7. m4-m5\n3. m3-m4\n", STERN_ERROR_PARSE,
                       "line 4, column 1: round number 7 comes after 1; expected 2.");
  expect_record_error ("[Variant \"classic-2\"]\n\n1. l4-l5 e14-e13\n2. m4-m5 e13-e12\n2. m3-m4\n",
                       STERN_ERROR_PARSE, "line 5, column 1: round number 2 comes after 2; expected 3.");
  expect_record_error ("[Variant \"classic-2\"]\n\n1. l4-l5 e14-e13\n99999999999999999999. m4-m5\n",
                       STERN_ERROR_PARSE, "line 4, column 1: round number 99999999999999999999 comes after 1");
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

/* ';' starts a comment anywhere on a move line. */
static void
test_record_comments_after_moves (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = stern_record_read (
    "[Variant \"classic-2\"]\n\n1. l4-l5 e14-e13 ; a quiet start\n2. m4-m5;no space\n", NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 3);
}

/* The example record of doc/cli.md is a legal game: read from the page
 * itself, so the two cannot drift apart. */
static void
test_cli_doc_example (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "doc", "cli.md", NULL);
  g_autofree char *page = NULL;
  g_autoptr (GString) record = g_string_new (NULL);
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL;
  g_auto (GStrv) lines = NULL;
  gboolean in_block = FALSE;

  g_assert_true (g_file_get_contents (path, &page, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (page, "\n", -1);
  /* The indented block that starts with the Variant tag, up to the first
   * line that is not indented (blank lines inside it are kept). */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (!in_block && g_str_has_prefix (lines[i], "    [Variant "))
        in_block = TRUE;
      else if (in_block && lines[i][0] != '\0' && !g_str_has_prefix (lines[i], "    "))
        break;
      if (in_block)
        g_string_append_printf (record, "%s\n", lines[i][0] ? lines[i] + 4 : "");
    }
  g_assert_true (in_block);

  game = stern_record_read_with_warnings (record->str, NULL, warnings, &error);
  if (error != NULL)
    g_error ("doc/cli.md example:\n%s\n%s", record->str, error->message);
  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_cmpuint (stern_game_get_n_actions (game), >=, 4);
}


/* The warnings a record gives, joined by "\n"; the game must read. */
static char *
record_warnings (const char *text, gsize len, SternRecordTags *tags, SternGame **game_out)
{
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autofree char *decoded = stern_record_decode (text, len, warnings, &error);
  SternGame *game;

  g_assert_no_error (error);
  game = stern_record_read_with_warnings (decoded, tags, warnings, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  if (game_out != NULL)
    *game_out = game;
  else
    stern_game_free (game);
  g_ptr_array_add (warnings, NULL);
  return g_strjoinv ("\n", (char **) warnings->pdata);
}

/* Every line end, a byte-order mark, Latin-1, UTF-16. */
static void
test_record_encodings (void)
{
  static const char *const ends[] = { "\n", "\r\n", "\r" };
  static const guchar utf16le[] = { 0xff, 0xfe, '[', 0, 'V', 0, ']', 0 };
  static const guchar utf16be_bare[] = { 0, '[', 0, 'V', 0, 'a', 0, 'r', 0, ']' };
  g_autoptr (GError) error = NULL;
  g_autofree char *nothing = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      g_autofree char *text = g_strjoin (ends[i], "[Variant \"classic-2\"]", "[White \"Ada\"]", "",
                                         "1. l4-l5 e14-e13", "2. l5-l6", "", NULL);
      g_autofree char *bommed = g_strconcat ("\xef\xbb\xbf", text, NULL);
      SternRecordTags tags = { 0 };
      SternGame *game = NULL;
      g_autofree char *w = record_warnings (bommed, strlen (bommed), &tags, &game);

      g_assert_cmpstr (w, ==, "");
      g_assert_cmpuint (stern_game_get_n_actions (game), ==, 3);
      g_assert_cmpstr (tags.players[STERN_WHITE], ==, "Ada");
      stern_record_tags_clear (&tags);
      stern_game_free (game);
    }

  {
    /* "Zoë" in Latin-1 on line 2. */
    const char *latin1 = "[Variant \"classic-2\"]\n[White \"Zo\xeb\"]\n\n1. l4-l5\n";
    SternRecordTags tags = { 0 };
    g_autofree char *w = record_warnings (latin1, strlen (latin1), &tags, NULL);

    g_assert_nonnull (strstr (w, "line 2: the text is not UTF-8; it is read as Latin-1"));
    g_assert_cmpstr (tags.players[STERN_WHITE], ==, "Zo\xc3\xab");
    stern_record_tags_clear (&tags);
  }

  nothing = stern_record_decode ((const char *) utf16le, sizeof utf16le, NULL, &error);
  g_assert_null (nothing);
  g_assert_error (error, STERN_ERROR, STERN_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "UTF-16 text (little-endian)"));
  g_clear_error (&error);
  nothing = stern_record_decode ((const char *) utf16be_bare, sizeof utf16be_bare, NULL, &error);
  g_assert_nonnull (strstr (error->message, "UTF-16 text (big-endian)"));
  g_clear_error (&error);
  nothing = stern_record_decode ("[Variant \"x\"]\n\n1. a\0b", 20, NULL, &error);
  g_assert_nonnull (strstr (error->message, "line 3: a NUL byte"));
}

/* Tags: case-sensitive names, misspellings, duplicates, unknown ones; a
 * Result that is no result; resigning for a colour not in the game. */
static void
test_record_tags_checked (void)
{
  g_autofree char *w = NULL;
  SternGame *game = NULL;

  expect_record_error ("[variant \"classic-2\"]\n\n1. l4-l5\n", STERN_ERROR_PARSE,
                       "line 1, column 2: unknown tag \"variant\" (tag names are case-sensitive): "
                       "did you mean Variant?");
  expect_record_error ("[Varaint \"classic-2\"]\n\n1. l4-l5\n", STERN_ERROR_PARSE,
                       "line 1, column 2: unknown tag \"Varaint\"");
  expect_record_error ("[Variant \"classic-2\"]\n[Preset \"club\"]\n[Variant \"classic-3\"]\n",
                       STERN_ERROR_PARSE, "line 3, column 2: a second Variant tag; the first is on line 1");
  expect_record_error ("[Variant \"classic-2\"]\n[Preset \"club\"]\n[Preset \"table\"]\n",
                       STERN_ERROR_PARSE, "line 3, column 2: a second Preset tag; the first is on line 2");
  expect_record_error ("[Variant \"classic-2\"]\n[Position \"classic-2 white white:l4\"]\n"
                       "[Position \"classic-2 white white:l5\"]\n",
                       STERN_ERROR_PARSE, "line 3, column 2: a second Position tag; the first is on line 2");
  expect_record_error ("[Variant \"classic-2\"]\n\n1. resign(blue)\n", STERN_ERROR_ILLEGAL,
                       "line 3, column 4: resign(blue): blue does not play in classic-2");
  expect_record_error ("[Variant \"classic-2\"]\n\n1. timeout(red)\n", STERN_ERROR_ILLEGAL,
                       "red does not play in classic-2");

  {
    const char *text = "[Variant \"classic-2\"]\n[Event \"Club night\"]\n[white \"Ada\"]\n\n1. l4-l5\n";

    w = record_warnings (text, strlen (text), NULL, NULL);
  }
  g_test_message ("%s", w);
  g_assert_nonnull (strstr (w, "line 2: unknown tag \"Event\" is ignored"));
  g_assert_nonnull (strstr (w, "line 3: unknown tag \"white\" is ignored: did you mean White?"));
  g_clear_pointer (&w, g_free);

  {
    const char *text = "[Variant \"classic-2\"]\n[Result \"2-0\"]\n\n1. l4-l5\n";

    w = record_warnings (text, strlen (text), NULL, NULL);
    g_assert_nonnull (strstr (w, "line 2: the Result tag \"2-0\" is not a result of classic-2"));
    g_clear_pointer (&w, g_free);
  }
  {
    /* doc/rules.md §7: a Result that disagrees is a warning, the moves
     * decide, for a finished game as for an unfinished one. */
    const char *text = "[Variant \"classic-2\"]\n[Result \"1-0\"]\n\n1. resign(white)\n";

    w = record_warnings (text, strlen (text), NULL, &game);
    g_assert_nonnull (strstr (w, "line 2: the Result tag says \"1-0\" but the moves give \"0-1\""));
    g_assert_true (stern_game_is_over (game));
    g_clear_pointer (&game, stern_game_free);
    g_clear_pointer (&w, g_free);
  }
  {
    const char *text = "[Variant \"classic-3\"]\n[Result \"white:1 red:2\"]\n\n1. l4-l5\n";

    w = record_warnings (text, strlen (text), NULL, NULL);
    g_assert_nonnull (strstr (w, "is not a result of classic-3"));
  }
}

/* One check says which presets a variant has: a game starts on exactly
 * the pairs a record may name, so no game is saved its reader refuses. */
static void
test_preset_check (void)
{
  for (unsigned v = 0; v < STERN_N_ALL_VARIANTS; v++)
    for (unsigned p = 0; p < STERN_N_PRESETS; p++)
      {
        const SternVariant *variant = stern_variant_get (v);
        g_autofree char *text = g_strdup_printf ("[Variant \"%s\"]\n[Preset \"%s\"]\n",
                                                 variant->id, stern_preset_name (p));
        g_autoptr (GError) error = NULL, read_error = NULL;
        g_autoptr (SternGame) read = stern_record_read (text, NULL, &read_error);
        g_autoptr (SternGame) game = NULL;
        gboolean ok = stern_preset_check (p, variant, &error);

        g_assert_true (ok == (read != NULL));
        if (ok)
          {
            game = stern_game_new (variant, p);
            g_assert_nonnull (game);
            continue;
          }
        g_assert_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL);
        g_assert_nonnull (strstr (read_error->message, error->message));
        g_test_expect_message ("stern-engine", G_LOG_LEVEL_CRITICAL, "*stern_preset_check*");
        game = stern_game_new (variant, p);
        g_test_assert_expected_messages ();
        g_assert_null (game);
      }
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
  g_test_add_func ("/notation/record-tag-lines", test_record_tag_lines);
  g_test_add_func ("/notation/record-occupied", test_record_occupied);
  g_test_add_func ("/notation/record-race-players", test_record_race_players);
  g_test_add_func ("/notation/preset-check", test_preset_check);
  g_test_add_func ("/notation/record-result-warning", test_record_result_warning);
  g_test_add_func ("/notation/record-encodings", test_record_encodings);
  g_test_add_func ("/notation/record-tags-checked", test_record_tags_checked);
  g_test_add_func ("/notation/record-round-numbers", test_record_round_numbers);
  g_test_add_func ("/notation/record-comments-after-moves", test_record_comments_after_moves);
  g_test_add_func ("/notation/cli-doc-example", test_cli_doc_example);
  return g_test_run ();
}
