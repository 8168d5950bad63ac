/* test-texts.c: the sentences the window shows about a game, without a
 * window: why a move is fatal (naming the marbles), what resigning does
 * (naming the team), why a player is out, the status line's punctuation
 * and countdown, the review's reasons, and the rules of every variant
 * and preset from the engine's values.  Run in English and, in a Bulgarian or Russian locale
 * with STERNHALMA_LOCALEDIR at the build's catalogues, translated: no verb may
 * follow a person's name there, since a verb agreeing with a colour name
 * ("Белите", plural) is wrong after "Ана".
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-texts"

#include <locale.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "stern-computer.h"
#include "stern-match.h"
#include "stern-notation.h"
#include "stern-saved-game.h"
#include "stern-texts.h"

#include "engine-test-util.h"
#include "session-test-util.h"

#define PERSON "Ана"

static char *data_dir;

/* Whether the messages should be in Bulgarian or Russian: the locale
 * decides, as it does for a player. */
static gboolean
translated (void)
{
  const char *locale = setlocale (LC_MESSAGES, NULL);

  return locale != NULL && (g_str_has_prefix (locale, "bg") || g_str_has_prefix (locale, "ru"));
}

/* Wherever name occurs in text, no Cyrillic word in lower case follows it
 * (a verb would, as in "Ана са на ход"), save "и" (and) joining two names.
 * English verbs agree in the same way for "White" and "Ann". */
static void
assert_no_verb_after (const char *text,
                      const char *name)
{
  const char *p = text;

  g_test_message ("%s", text);
  while ((p = strstr (p, name)) != NULL)
    {
      const char *next = p + strlen (name);

      if (*next == ' ')
        {
          gunichar c = g_utf8_get_char (next + 1);

          if (g_unichar_islower (c) && g_unichar_get_script (c) == G_UNICODE_SCRIPT_CYRILLIC &&
              !g_str_has_prefix (next + 1, "и "))
            g_error ("a verb follows the name in \"%s\"", text);
        }
      p = next;
    }
}

/* The deadline move leaving j4 at home: the text names j4 and the
 * deadline, not a move ending at home. */
static void
test_fatal_left_at_home (void)
{
  g_autoptr (SternGame) game = engine_test_game_at ("classic-2 white white:j4,j5,i9 black:e17,i12",
                                                   STERN_PRESET_TABLE, 29);
  g_autoptr (SternGame) two = engine_test_game_at ("classic-2 white white:j5,m1 black:e17",
                                                  STERN_PRESET_TABLE, 29);
  g_autofree char *text = stern_texts_fatal_move (game, engine_test_cell_of ("j5"), engine_test_cell_of ("i5"));
  g_autofree char *text_two = stern_texts_fatal_move (two, engine_test_cell_of ("j5"), engine_test_cell_of ("j4"));
  g_autofree char *safe = stern_texts_fatal_move (game, engine_test_cell_of ("j4"), engine_test_cell_of ("i5"));
  g_autofree char *after = NULL;
  g_autoptr (SternGame) late = engine_test_game_at ("classic-2 white white:j5,i9 black:e17",
                                                   STERN_PRESET_TABLE, 30);

  g_test_message ("%s", text);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "j4"));
  g_assert_nonnull (strstr (text, "30"));
  g_assert_null (strstr (text, "i5"));
  g_assert_null (strstr (text, "j5"));
  /* Both marbles left at home are named. */
  g_assert_nonnull (strstr (text_two, "j4"));
  g_assert_nonnull (strstr (text_two, "m1"));
  g_assert_null (safe);

  /* After the deadline the text is another one, naming where it ends. */
  after = stern_texts_fatal_move (late, engine_test_cell_of ("j5"), engine_test_cell_of ("k4"));
  g_test_message ("%s", after);
  g_assert_nonnull (after);
  g_assert_nonnull (strstr (after, "k4"));
  g_assert_cmpstr (after, !=, text);
  {
    g_autofree char *before_text = g_strdup (text);
    char *cut = strstr (before_text, "j4");

    /* The two texts differ in more than the hole. */
    *cut = '\0';
    g_assert_false (g_str_has_prefix (after, before_text));
  }
}

/* Why a player is out, for the game-over window and the panel. */
static void
test_eliminated_why (void)
{
  g_autoptr (SternGame) left = engine_test_game_at ("classic-2 white white:j4,j5,i9 black:e17,i12",
                                                   STERN_PRESET_TABLE, 29);
  g_autoptr (SternGame) ends = engine_test_game_at ("classic-2 white white:j5,i9 black:e17,i12",
                                                   STERN_PRESET_TABLE, 30);
  g_autofree char *left_text = NULL;
  g_autofree char *ends_text = NULL;
  g_autofree char *playing = stern_texts_player_state (left, STERN_WHITE);

  g_assert_null (playing);
  g_assert_true (stern_game_play (left, engine_test_cell_of ("j5"), engine_test_cell_of ("i5"), NULL));
  g_assert_cmpint (stern_game_get_player_state (left, STERN_WHITE), ==, STERN_PLAYER_ELIMINATED);
  left_text = stern_texts_player_state (left, STERN_WHITE);
  g_test_message ("%s", left_text);
  g_assert_nonnull (strstr (left_text, "30"));

  g_assert_true (stern_game_play (ends, engine_test_cell_of ("j5"), engine_test_cell_of ("k4"), NULL));
  g_assert_cmpint (stern_game_get_player_state (ends, STERN_WHITE), ==, STERN_PLAYER_ELIMINATED);
  ends_text = stern_texts_player_state (ends, STERN_WHITE);
  g_test_message ("%s", ends_text);
  g_assert_nonnull (strstr (ends_text, "31"));
  g_assert_cmpstr (left_text, !=, ends_text);
  g_assert_cmpstr (left_text, !=, _("Eliminated"));
  g_assert_cmpstr (ends_text, !=, _("Eliminated"));
}

/* Team games: resigning names the partner too; the partner's state says
 * why; the status joins result and reason with a full stop. */
static void
test_team_resign (void)
{
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("pairs-4"),
                                              STERN_PRESET_TABLE);
  SternGameSetup setup;
  g_autofree char *question = NULL;
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;

  session_test_setup (&setup, "pairs-4", STERN_PRESET_TABLE, "hccccc", 0, 0);
  question = stern_texts_resign_question (game, &setup, STERN_WHITE, PERSON);
  g_test_message ("%s", question);
  g_assert_nonnull (strstr (question, PERSON));
  g_assert_nonnull (strstr (question, stern_seat_display_name (STERN_BLACK)));
  assert_no_verb_after (question, PERSON);

  g_assert_true (stern_game_resign (game, STERN_WHITE, NULL));
  white = stern_texts_player_state (game, STERN_WHITE);
  black = stern_texts_player_state (game, STERN_BLACK);
  g_assert_cmpstr (white, ==, _("Resigned"));
  g_assert_cmpstr (black, ==, _("Partner resigned"));
}

/* Why the game ended names who resigned or ran out of time. */
static void
test_end_reason_names (void)
{
  const char *variants[] = { "classic-2", "halma-8" };

  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      g_autoptr (SternGame) resigned = stern_game_new (stern_variant_lookup (variants[i]),
                                                      STERN_PRESET_TABLE);
      g_autoptr (SternGame) timed_out = stern_game_new (stern_variant_lookup (variants[i]),
                                                       STERN_PRESET_TABLE);
      g_autofree char *why_resigned = NULL;
      g_autofree char *why_timed_out = NULL;

      g_assert_true (stern_game_resign (resigned, STERN_BLACK, NULL));
      g_assert_cmpint (stern_game_get_end_reason (resigned), ==, STERN_END_RESIGNATION);
      why_resigned = stern_texts_end_reason (resigned);
      g_test_message ("%s", why_resigned);
      g_assert_nonnull (strstr (why_resigned, stern_seat_display_name (STERN_BLACK)));
      g_assert_cmpstr (why_resigned, !=, stern_end_reason_text (STERN_END_RESIGNATION));

      g_assert_true (stern_game_timeout (timed_out, STERN_WHITE, NULL));
      g_assert_cmpint (stern_game_get_end_reason (timed_out), ==, STERN_END_TIMEOUT);
      why_timed_out = stern_texts_end_reason (timed_out);
      g_test_message ("%s", why_timed_out);
      g_assert_nonnull (strstr (why_timed_out, stern_seat_display_name (STERN_WHITE)));
      g_assert_cmpstr (why_timed_out, !=, stern_end_reason_text (STERN_END_TIMEOUT));
    }
}

/* Every way a game ends: the reason follows the result after punctuation. */
static void
test_game_over_punctuation (void)
{
  static const struct { const char *variant; SternPreset preset; } cases[] = {
    { "pairs-4", STERN_PRESET_TABLE }, { "classic-2", STERN_PRESET_TABLE },
    { "classic-3", STERN_PRESET_TABLE }, { "pairs-6", STERN_PRESET_TABLE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint timeout = 0; timeout < 2; timeout++)
      {
        g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup (cases[i].variant),
                                                    cases[i].preset);
        g_autofree char *text = NULL;
        g_autofree char *result = NULL;
        g_autofree char *reason = NULL;
        const char *at;
        gunichar before;

        if (timeout)
          g_assert_true (stern_game_timeout (game, STERN_WHITE, NULL));
        else
          g_assert_true (stern_game_resign (game, STERN_WHITE, NULL));
        g_assert_true (stern_game_is_over (game));
        text = stern_texts_game_over (game);
        result = stern_game_result_text (game);
        reason = stern_texts_end_reason (game);
        g_test_message ("%s", text);
        g_assert_nonnull (reason);
        g_assert_nonnull (strstr (text, result));
        at = strstr (text, reason);
        g_assert_nonnull (at);
        g_assert_true (at > text + 2);
        g_assert_true (at[-1] == ' ');
        before = g_utf8_get_char (g_utf8_prev_char (at - 1));
        g_assert_true (g_unichar_ispunct (before));
      }
}

/* The status line with a person's name in every state it names a seat,
 * and the countdown only near the deadline. */
static void
test_status (void)
{
  g_autoptr (SternMatch) match = stern_match_new ();
  SternGameSetup setup;
  g_autofree char *status = NULL;
  g_autofree char *resign = NULL;
  g_autofree char *two = NULL;
  g_autofree char *club = NULL;
  g_autofree char *thinking = NULL;

  stern_match_set_computer_delay (match, 0);
  stern_match_set_data_dir (match, data_dir);
  session_test_setup (&setup, "classic-3", STERN_PRESET_TABLE, "hcccccc", 0, 0);
  stern_match_new_game (match, &setup);
  status = stern_match_get_status_text (match, PERSON);
  g_assert_nonnull (strstr (status, PERSON));
  assert_no_verb_after (status, PERSON);
  /* The first move: what to do; left out for a line short of room, the
   * rest as it was. */
  g_assert_nonnull (strstr (status, _("Click one of your marbles, or use the arrow keys")));
  {
    g_autofree char *brief = stern_match_get_status_text_with_pick (match, PERSON, FALSE, FALSE);
    g_autofree char *expected = g_strdup_printf ("%s · %s", brief,
                                                 _("Click one of your marbles, or use the arrow keys"));

    g_assert_cmpstr (status, ==, expected);
  }
  /* 30 moves to go: no countdown yet. */
  g_assert_cmpint (stern_texts_home_countdown (stern_match_get_game (match), STERN_WHITE), ==, -1);
  g_assert_null (strstr (status, "30"));

  {
    SternMove moves[STERN_MAX_MOVES];
    size_t n = stern_game_legal_moves (stern_match_get_game (match), moves);
    g_autofree char *later = NULL;

    g_assert_cmpuint (n, >, 0);
    g_assert_true (stern_match_play (match, moves[0].from, moves[0].to, NULL));
    later = stern_match_get_status_text (match, PERSON);
    g_test_message ("%s", later);
    g_assert_null (strstr (later, _("Click one of your marbles, or use the arrow keys")));
  }

  resign = stern_texts_resign_question (stern_match_get_game (match), &setup, STERN_WHITE, PERSON);
  assert_no_verb_after (resign, PERSON);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hccccc", 0, 0);
  two = stern_texts_resign_question (stern_match_get_game (match), &setup, STERN_WHITE, PERSON);
  assert_no_verb_after (two, PERSON);
  {
    g_autoptr (SternGame) club_game = stern_game_new (stern_variant_lookup ("classic-3"),
                                                     STERN_PRESET_CLUB);

    session_test_setup (&setup, "classic-3", STERN_PRESET_CLUB, "hcccccc", 0, 0);
    club = stern_texts_resign_question (club_game, &setup, STERN_WHITE, PERSON);
    assert_no_verb_after (club, PERSON);
  }

  /* The message for a thinking player, as a person would be named. */
  thinking = g_strdup_printf (_("%s is thinking…"), PERSON);
  assert_no_verb_after (thinking, PERSON);
}

/* In team variants the team comes first in a seat's detail, where a
 * narrow panel does not cut it; partners share the number. */
static void
test_seat_detail (void)
{
  SternGameSetup setup;

  session_test_setup (&setup, "pairs-4", STERN_PRESET_TABLE, "hccccc", 0, 0);
  for (guint human = 0; human < 2; human++)
    {
      g_autofree char *white = stern_texts_seat_detail (&setup, STERN_WHITE, human);
      g_autofree char *black = stern_texts_seat_detail (&setup, STERN_BLACK, human);
      g_autofree char *red = stern_texts_seat_detail (&setup, STERN_RED, human);
      g_autofree char *team = g_strdup_printf ("%u", stern_team_number (setup.variant, STERN_WHITE));
      const char *digit;

      g_test_message ("%s / %s / %s", white, black, red);
      /* The team number within the first 12 characters. */
      digit = strpbrk (white, "0123456789");
      g_assert_nonnull (digit);
      g_assert_cmpint (g_utf8_pointer_to_offset (white, digit), <, 12);
      g_assert_true (g_str_has_prefix (digit, team));
      g_assert_cmpstr (white, ==, black);
      g_assert_cmpstr (white, !=, red);
    }
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hccccc", 0, 0);
  {
    g_autofree char *plain = stern_texts_seat_detail (&setup, STERN_BLACK, FALSE);

    g_assert_null (strpbrk (plain, "0123456789"));
  }
}

/* A solo game one step from solved, white having made made moves: the
 * goal but one hole filled, the last marble next to it. */
static SternGame *
solo_near_end (unsigned made, unsigned *from, unsigned *to)
{
  const SternVariant *variant = stern_variant_lookup ("solo");
  SternRules rules;
  SternSet goal;
  unsigned last;

  stern_rules_init (&rules, variant, STERN_PRESET_TABLE);
  goal = rules.goal[STERN_WHITE];
  last = stern_set_first (goal);
  goal &= ~stern_set_bit (last);
  for (unsigned h = 0; h < STERN_STAR_N_CELLS; h++)
    {
      GString *text = g_string_new ("solo white white:");
      SternSet marbles = goal | stern_set_bit (h);
      SternGame *game;
      char name[STERN_HOLE_NAME_MAX];

      if (stern_set_has (rules.goal[STERN_WHITE], h))
        {
          g_string_free (text, TRUE);
          continue;
        }
      while (marbles)
        {
          stern_board_hole_name (stern_set_pop (&marbles), name);
          g_string_append_printf (text, "%s%s", name, marbles ? "," : "");
        }
      {
        const SternVariant *v;
        SternPosition pos;
        const unsigned counts[STERN_N_SEATS] = { made, 0, 0, 0, 0, 0 };

        if (!stern_notation_parse_position (text->str, &v, &pos, NULL))
          {
            g_string_free (text, TRUE);
            continue;
          }
        game = stern_game_new_from_position (v, STERN_PRESET_TABLE, &pos, counts);
      }
      g_string_free (text, TRUE);
      if (stern_game_is_legal (game, h, last))
        {
          *from = h;
          *to = last;
          return game;
        }
      stern_game_free (game);
    }
  g_error ("no solo position one step from the end");
}

/* The solo result counts moves against the best known, not a place. */
static void
test_solo_score (void)
{
  unsigned from, to;
  g_autoptr (SternGame) game = solo_near_end (30, &from, &to);
  g_autofree char *before = stern_texts_solo_score (game);
  g_autofree char *after = NULL;
  g_autofree char *best = g_strdup_printf ("%u", STERN_TEXTS_SOLO_BEST_KNOWN);

  g_assert_null (before);
  g_assert_true (stern_game_play (game, from, to, NULL));
  g_assert_true (stern_game_is_over (game));
  after = stern_texts_solo_score (game);
  g_test_message ("%s", after);
  g_assert_nonnull (strstr (after, "31"));
  g_assert_nonnull (strstr (after, best));
  g_assert_null (strstr (after, _("1st place")));
}

/* Each reason of the review says its figure, in the locale's language
 * (Cyrillic when translated); none has no text. */
static void
test_review_why (void)
{
  g_assert_null (stern_texts_review_why (STERN_REVIEW_WHY_NONE, 0));
  for (unsigned why = STERN_REVIEW_WHY_NONE + 1; why < STERN_REVIEW_N_WHYS; why++)
    {
      g_autofree char *text = stern_texts_review_why (why, 7);
      gboolean cyrillic = FALSE;

      g_test_message ("%s: %s", stern_review_why_name (why), text);
      g_assert_nonnull (text);
      if (why != STERN_REVIEW_WHY_LEAVING_HOME && why != STERN_REVIEW_WHY_BLOCKED_ENTRANCE)
        g_assert_nonnull (strstr (text, "7"));
      for (const char *p = text; *p; p = g_utf8_next_char (p))
        cyrillic |= g_unichar_get_script (g_utf8_get_char (p)) == G_UNICODE_SCRIPT_CYRILLIC;
      g_assert_true (cyrillic == translated ());
    }
}

/* Names in a record's tags name the seats, and survive saving; the tags
 * we write for unnamed players are no names. */
static void
test_record_names (void)
{
  const char *text = "[Variant \"classic-2\"]\n[White \"Tester\"]\n[Black \"Computer (hard)\"]\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL;
  g_autoptr (SternGame) again = NULL;
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *white_again = NULL;
  SternGameSetup setup, setup_again;
  SternClock clock;

  game = stern_saved_game_read (text, &setup, &clock, &error);
  g_assert_no_error (error);
  white = stern_game_setup_seat_name (&setup, STERN_WHITE, PERSON);
  black = stern_game_setup_seat_name (&setup, STERN_BLACK, PERSON);
  g_assert_cmpstr (white, ==, "Tester");
  g_assert_cmpstr (black, ==, stern_seat_display_name (STERN_BLACK));

  saved = stern_saved_game_write (game, &setup, NULL, 0);
  g_assert_nonnull (strstr (saved, "[White \"Tester\"]"));
  again = stern_saved_game_read (saved, &setup_again, &clock, &error);
  g_assert_no_error (error);
  white_again = stern_game_setup_seat_name (&setup_again, STERN_WHITE, NULL);
  g_assert_cmpstr (white_again, ==, "Tester");

  /* A long name is cut at a character's end. */
  stern_game_setup_set_name (&setup, STERN_WHITE,
                             "ААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААААА");
  g_assert_true (g_utf8_validate (setup.names[STERN_WHITE], -1, NULL));
  g_assert_cmpuint (strlen (setup.names[STERN_WHITE]), <, STERN_SEAT_NAME_MAX);
  g_assert_cmpuint (strlen (setup.names[STERN_WHITE]), >, 0);
}

static void
test_countdown (void)
{
  g_autoptr (SternGame) far = engine_test_game_at ("classic-2 white white:j4,j5,i9 black:e17,i12",
                                                  STERN_PRESET_TABLE, 30 - STERN_TEXTS_COUNTDOWN_SHOWN - 1);
  g_autoptr (SternGame) near = engine_test_game_at ("classic-2 white white:j4,j5,i9 black:e17,i12",
                                                   STERN_PRESET_TABLE, 30 - STERN_TEXTS_COUNTDOWN_SHOWN);
  g_autoptr (SternGame) empty = engine_test_game_at ("classic-2 white white:i5,j5,i9 black:e17,i12",
                                                    STERN_PRESET_TABLE, 29);

  g_assert_cmpint (stern_texts_home_countdown (far, STERN_WHITE), ==, -1);
  g_assert_cmpint (stern_texts_home_countdown (near, STERN_WHITE), ==, STERN_TEXTS_COUNTDOWN_SHOWN);
  g_assert_cmpint (stern_texts_home_countdown (empty, STERN_WHITE), ==, -1);
}

/* The rules text of every variant and allowed preset states the engine's
 * values: the deadline, the round and move limits, and nothing of them
 * where the rules have none. */
static void
test_rules_summary (void)
{
  for (unsigned v = 0; v < STERN_N_VARIANTS; v++)
    for (unsigned p = 0; p < STERN_N_PRESETS; p++)
      {
        const SternVariant *variant = stern_variant_get (v);
        SternRules rules;
        g_autofree char *text = NULL;
        const unsigned values[] = { 30, 40, 150, 200 };

        if (!stern_preset_allows_variant (p, variant))
          continue;
        stern_rules_init (&rules, variant, p);
        text = stern_texts_rules_summary (variant, p);
        g_test_message ("%s %s: %s", variant->id, stern_preset_name (p), text);
        for (guint i = 0; i < G_N_ELEMENTS (values); i++)
          {
            g_autofree char *number = g_strdup_printf ("%u", values[i]);
            gboolean stated = values[i] == rules.leave_home_deadline ||
                              values[i] == rules.round_limit ||
                              values[i] == rules.move_limit;

            g_assert_cmpint (strstr (text, number) != NULL, ==, stated);
          }
        if (variant->solo)
          for (const char *c = text; *c; c++)
            g_assert_false (g_ascii_isdigit (*c));
      }
}

/* ---- Halma and Ugolki (doc/rules.md §9) ---------------------------------- */

/* The rules text of a square variant states its two checks (doc/rules.md
 * §9: 40 or 60 moves, 10 fewer with diagonals; 80 or 120) and nothing of
 * the star's rules. */
static void
test_square_rules_summary (void)
{
  for (unsigned v = 0; v < STERN_N_ALL_VARIANTS; v++)
    {
      const SternVariant *variant = stern_variant_get (v);
      g_autofree char *text = NULL;
      g_autofree char *home = NULL, *tempo = NULL;
      unsigned home_check, tempo_check;

      if (!stern_variant_is_square (variant))
        continue;
      home_check = variant->board_size == 8 ? STERN_SQUARE_HOME_CHECK_8 : STERN_SQUARE_HOME_CHECK_10;
      if (variant->diagonals)
        home_check -= STERN_SQUARE_DIAGONAL_EARLIER;
      tempo_check = variant->board_size == 8 ? STERN_SQUARE_TEMPO_CHECK_8 : STERN_SQUARE_TEMPO_CHECK_10;
      text = stern_texts_rules_summary (variant, STERN_PRESET_TABLE);
      g_test_message ("%s: %s", variant->id, text);
      home = g_strdup_printf ("%u", home_check);
      tempo = g_strdup_printf ("%u", tempo_check);
      g_assert_nonnull (strstr (text, home));
      g_assert_nonnull (strstr (text, tempo));
      g_assert_null (strstr (text, _("Moves may end anywhere.")));
      g_assert_null (strstr (text, _("No deadline for leaving home.")));
    }
}

/* A square game from a position, every seat having made `made` moves. */
#define square_at engine_test_game_made

static void
square_play (SternGame *game, const char *text)
{
  g_autoptr (GError) error = NULL;
  guint8 path[STERN_MAX_PATH];
  size_t len;

  if (!stern_notation_parse_path_in (stern_game_get_variant (game), text, path, &len, &error) ||
      !stern_game_play_path (game, path, len, &error))
    g_error ("cannot play %s: %s", text, error->message);
}

/* The stage text as the catalogue has it, for n moves. */
#define stage_text(singular, plural, n) \
  g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, singular, plural, (gulong) (n)), (int) (n))

/* The stage of the forced end: moves left to leave home (the leaving-home
 * check: 40 on 8×8 without diagonals, 10 fewer with them, 60 on 10×10),
 * then moves left in the game (the tempo check: 80, 120); nothing on the
 * star. */
static void
test_square_forced_end (void)
{
  static const struct { const char *variant; int home; } starts[] = {
    { "ugolki", STERN_SQUARE_HOME_CHECK_8 },
    { "ugolki+diag", STERN_SQUARE_HOME_CHECK_8 - STERN_SQUARE_DIAGONAL_EARLIER },
    { "halma-8", STERN_SQUARE_HOME_CHECK_8 - STERN_SQUARE_DIAGONAL_EARLIER },
    { "halma-10+orth", STERN_SQUARE_HOME_CHECK_10 },
  };
  g_autoptr (SternGame) star = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  g_autoptr (SternGame) later = square_at ("ugolki white white:c5,e4 black:g4,d5", 45);
  g_autofree char *at_45 = stern_texts_forced_end (later, STERN_WHITE);
  g_autofree char *expected_45 = stage_text ("%d move left in the game",
                                             "%d moves left in the game",
                                             STERN_SQUARE_TEMPO_CHECK_8 - 45);
  g_autoptr (SternGame) last = square_at ("ugolki white white:c5,e4 black:g4,d5", 79);
  g_autofree char *at_79 = stern_texts_forced_end (last, STERN_WHITE);
  g_autofree char *expected_79 = stage_text ("%d move left in the game",
                                             "%d moves left in the game", 1);

  g_assert_null (stern_texts_forced_end (star, STERN_WHITE));
  g_assert_null (stern_texts_tempo_numbers (star));
  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup (starts[i].variant),
                                                  STERN_PRESET_TABLE);
      g_autofree char *text = stern_texts_forced_end (game, STERN_BLACK);
      g_autofree char *expected = stage_text ("%d move left to leave home",
                                              "%d moves left to leave home",
                                              starts[i].home);

      g_test_message ("%s: %s", starts[i].variant, text);
      g_assert_cmpstr (text, ==, expected);
    }
  g_test_message ("%s; %s", at_45, at_79);
  g_assert_cmpstr (at_45, ==, expected_45);
  g_assert_cmpstr (at_79, ==, expected_79);
  if (!translated ())
    {
      g_assert_cmpstr (at_45, ==, "35 moves left in the game");
      g_assert_cmpstr (at_79, ==, "1 move left in the game");
    }
}

/* The tempo numbers at the start: the Manhattan distance of every stone
 * to the far corner, summed (doc/rules.md §9), worked out here from the
 * cells' files and ranks; and the status line shows them with the stage. */
static void
test_square_tempo_status (void)
{
  g_autoptr (SternMatch) match = stern_match_new ();
  g_autofree char *status = NULL;
  g_autofree char *tempo = NULL;
  g_autofree char *stage = NULL;
  g_autofree char *white_part = NULL, *black_part = NULL;
  const SternPosition *pos;
  SternGameSetup setup;
  unsigned white = 0, black = 0;

  stern_match_set_computer_delay (match, 0);
  stern_match_set_data_dir (match, data_dir);
  session_test_setup (&setup, "ugolki", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  pos = stern_game_get_position (stern_match_get_game (match));
  for (unsigned c = 0; c < 64; c++)
    if (pos->cell[c] == STERN_WHITE)
      white += (7 - c % 8) + (7 - c / 8);    /* to h8 */
    else if (pos->cell[c] == STERN_BLACK)
      black += c % 8 + c / 8;                /* to a1 */
  g_assert_cmpuint (white, ==, black);
  g_assert_cmpuint (white, >, 0);

  tempo = stern_texts_tempo_numbers (stern_match_get_game (match));
  white_part = g_strdup_printf ("%s %u", stern_seat_display_name (STERN_WHITE), white);
  black_part = g_strdup_printf ("%s %u", stern_seat_display_name (STERN_BLACK), black);
  g_test_message ("%s", tempo);
  g_assert_nonnull (strstr (tempo, white_part));
  g_assert_nonnull (strstr (tempo, black_part));
  if (!translated ())
    g_assert_cmpstr (tempo, ==, "Steps to go: White 138, Black 138");

  status = stern_match_get_status_text (match, NULL);
  stage = stern_texts_forced_end (stern_match_get_game (match), STERN_WHITE);
  g_test_message ("%s", status);
  g_assert_nonnull (strstr (status, stage));
  g_assert_nonnull (strstr (status, tempo));
}

/* Why a square game ended, in each way doc/rules.md §9 has. */
static void
test_square_end_reasons (void)
{
  static const struct {
    const char *position;
    unsigned    made;
    const char *white_move, *black_move;
    const char *reason;
  } cases[] = {
    /* White builds, black's reply builds too: a draw. */
    { "ugolki-mini white white:e6,g6,h6,f7,g7,h7,f8,g8,h8 black:a1,b1,c1,a2,b2,c2,a3,b3,d3", 5,
      "e6-f6", "d3-c3", N_("Both players built their house: the reply move made it a draw.") },
    /* White builds, black cannot reply in kind. */
    { "ugolki-mini white white:e6,g6,h6,f7,g7,h7,f8,g8,h8 black:a1,b1,c1,a2,b2,c2,a3,b3,h1", 5,
      "e6-f6", "h1-h2", N_("A player filled the opposite camp with all their stones.") },
    /* After move 40: white still at home. */
    { "ugolki white white:a1,e4 black:g4,d5", 39, "e4-e5", "d5-d4",
      N_("A player left home too late: stones were still at home at the leaving-home check.") },
    /* Both still at home. */
    { "ugolki white white:a1,e4 black:h8,d5", 39, "e4-e5", "d5-d4",
      N_("Both players still had stones at home at the leaving-home check.") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (SternGame) game = square_at (cases[i].position, cases[i].made);
      g_autofree char *reason = NULL, *over = NULL;

      square_play (game, cases[i].white_move);
      square_play (game, cases[i].black_move);
      g_assert_true (stern_game_is_over (game));
      reason = stern_texts_end_reason (game);
      over = stern_texts_game_over (game);
      g_test_message ("%s", over);
      g_assert_cmpstr (reason, ==, _(cases[i].reason));
      g_assert_nonnull (strstr (over, reason));
    }

  /* The tempo check after move 80: white 14 (c5 8, e5 6), black 16 (f4 8,
   * d6 8 to a1). */
  {
    g_autoptr (SternGame) game = square_at ("ugolki white white:c5,e4 black:f4,d5", 79);
    g_autofree char *reason = NULL;
    g_autofree char *white_part = NULL, *black_part = NULL;

    square_play (game, "e4-e5");
    square_play (game, "d5-d6");
    g_assert_true (stern_game_is_over (game));
    reason = stern_texts_end_reason (game);
    g_test_message ("%s", reason);
    white_part = g_strdup_printf ("%s 14", stern_seat_display_name (STERN_WHITE));
    black_part = g_strdup_printf ("%s 16", stern_seat_display_name (STERN_BLACK));
    g_assert_nonnull (strstr (reason, white_part));
    g_assert_nonnull (strstr (reason, black_part));
    if (!translated ())
      g_assert_cmpstr (reason, ==, "The game reached its last move: the fewest steps to go "
                                   "win. Steps to go: White 14, Black 16.");
  }
}

/* A set-up position with fewer marbles than a goal has holes: under the
 * table rules nobody can finish (doc/rules.md §5), and the text says so
 * with the numbers and the round limit; not at the start, not under race
 * (all one's own marbles in the goal finish), not on a square board
 * (all of one's stones in the camp), nor with ten marbles on the board. */
static void
test_cannot_finish (void)
{
  static const char three_each[] = "classic-2 white white:m1,l2,m2 black:e17,e16,f16";
  g_autoptr (SternGame) start = stern_game_new (stern_variant_lookup ("classic-2"),
                                               STERN_PRESET_TABLE);
  g_autoptr (SternGame) few = square_at (three_each, 0);
  g_autoptr (SternGame) ten = square_at ("classic-2 white white:m1,l2,m2,k3,l3 "
                                        "black:e17,e16,f16,e15,f15", 0);
  g_autoptr (SternGame) stones = square_at ("ugolki white white:a1,b1,c1 black:h8,g8,f8", 0);
  g_autoptr (SternGame) race = NULL;
  const SternVariant *variant;
  SternPosition pos;
  g_autofree char *text = stern_texts_cannot_finish (few);

  g_assert_true (stern_notation_parse_position (three_each, &variant, &pos, NULL));
  race = stern_game_new_from_position (variant, STERN_PRESET_RACE, &pos, NULL);

  g_test_message ("%s", text);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "10"));
  g_assert_nonnull (strstr (text, "6"));
  g_assert_nonnull (strstr (text, "150"));
  g_assert_false (stern_game_seat_can_finish (few, STERN_WHITE));
  g_assert_false (stern_game_seat_can_finish (few, STERN_BLACK));
  if (!translated ())
    g_assert_cmpstr (text, ==, "Nobody can finish: a goal needs all 10 of its holes taken, and "
                               "the board holds 6 marbles. The game will end after round 150.");
  g_assert_null (stern_texts_cannot_finish (start));
  g_assert_null (stern_texts_cannot_finish (ten));
  g_assert_null (stern_texts_cannot_finish (stones));
  g_assert_null (stern_texts_cannot_finish (race));
  g_assert_true (stern_game_seat_can_finish (race, STERN_WHITE));
}

int
main (int argc, char **argv)
{
  const char *localedir = g_getenv ("STERNHALMA_LOCALEDIR");
  g_autoptr (GError) error = NULL;
  int status;

  /* Asked to run translated, the locale must exist, or English would
   * pass for the translation. */
  if (setlocale (LC_ALL, "") == NULL && localedir != NULL && *localedir != '\0')
    g_error ("The locale %s is not available (LOCPATH %s)",
             g_getenv ("LC_ALL"), g_getenv ("LOCPATH"));
  if (localedir != NULL && *localedir != '\0')
    bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_test_init (&argc, &argv, NULL);

  data_dir = g_dir_make_tmp ("test-texts-XXXXXX", &error);
  g_assert_no_error (error);

  /* Translated, the catalogue must be found, or nothing is tested. */
  if (translated ())
    g_assert_cmpstr (_("Resigned"), !=, "Resigned");

  g_test_add_func ("/texts/fatal-left-at-home", test_fatal_left_at_home);
  g_test_add_func ("/texts/eliminated-why", test_eliminated_why);
  g_test_add_func ("/texts/team-resign", test_team_resign);
  g_test_add_func ("/texts/end-reason-names", test_end_reason_names);
  g_test_add_func ("/texts/game-over-punctuation", test_game_over_punctuation);
  g_test_add_func ("/texts/status", test_status);
  g_test_add_func ("/texts/countdown", test_countdown);
  g_test_add_func ("/texts/seat-detail", test_seat_detail);
  g_test_add_func ("/texts/solo-score", test_solo_score);
  g_test_add_func ("/texts/record-names", test_record_names);
  g_test_add_func ("/texts/review-why", test_review_why);
  g_test_add_func ("/texts/rules-summary", test_rules_summary);
  g_test_add_func ("/texts/square/rules-summary", test_square_rules_summary);
  g_test_add_func ("/texts/square/forced-end", test_square_forced_end);
  g_test_add_func ("/texts/square/tempo-status", test_square_tempo_status);
  g_test_add_func ("/texts/square/end-reasons", test_square_end_reasons);
  g_test_add_func ("/texts/cannot-finish", test_cannot_finish);
  status = g_test_run ();

  {
    /* The autosave a match may have written. */
    g_autoptr (GDir) dir = g_dir_open (data_dir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (data_dir, name, NULL);
        g_remove (path);
      }
    g_rmdir (data_dir);
  }
  g_free (data_dir);
  return status;
}
