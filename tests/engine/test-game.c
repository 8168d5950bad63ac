/* The game's mechanics (stern-game.h): playing, passing, history, copies
 * and errors.  The rules themselves are tested in test-rules.c.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "stern-notation.h"
#include "stern-search.h"

#include "engine-test-util.h"

/* Plays random non-fatal legal moves (passing when it must) until the game
 * ends or max_actions were played. */
static void
play_randomly (SternGame *game, GRand *rand, guint max_actions)
{
  static SternMove moves[STERN_MAX_MOVES];

  for (guint i = 0; i < max_actions && !stern_game_is_over (game); i++)
    {
      size_t n = stern_game_legal_moves (game, moves);
      g_autoptr (GError) error = NULL;

      if (n == 0)
        {
          g_assert_true (stern_game_must_pass (game));
          g_assert_true (stern_game_pass (game, &error));
        }
      else
        {
          const SternMove *m = &moves[g_rand_int_range (rand, 0, (gint32) n)];
          g_assert_true (stern_game_play (game, m->from, m->to, &error));
        }
      g_assert_no_error (error);
    }
}

static void
test_undo_redo_every_variant (void)
{
  for (unsigned v = 0; v < STERN_N_VARIANTS; v++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (42 + v);
      g_autoptr (SternGame) game = stern_game_new (stern_variant_get (v), STERN_PRESET_TABLE);
      g_autoptr (SternGame) snapshot = NULL;
      SternPosition start = *stern_game_get_position (game), end;
      guint n;

      play_randomly (game, rand, 200);
      n = stern_game_get_n_actions (game);
      g_assert_cmpuint (n, >, 0);
      end = *stern_game_get_position (game);
      snapshot = stern_game_copy (game);

      g_assert_true (stern_game_seek (game, 0));
      g_assert_false (stern_game_can_undo (game));
      g_assert_true (stern_game_can_redo (game));
      g_assert_cmpmem (stern_game_get_position (game), sizeof start, &start, sizeof start);
      g_assert_cmpuint (stern_game_get_round (game), ==, 0);

      g_assert_true (stern_game_seek (game, n));
      g_assert_false (stern_game_can_redo (game));
      g_assert_cmpmem (stern_game_get_position (game), sizeof end, &end, sizeof end);
      g_assert_cmpint (stern_game_is_over (game), ==, stern_game_is_over (snapshot));
      g_assert_cmpuint (stern_game_get_round (game), ==, stern_game_get_round (snapshot));
      for (unsigned s = 0; s < STERN_N_SEATS; s++)
        {
          g_assert_cmpuint (stern_game_get_place (game, s), ==, stern_game_get_place (snapshot, s));
          g_assert_cmpuint (stern_game_get_moves_made (game, s), ==,
                            stern_game_get_moves_made (snapshot, s));
        }
      g_assert_false (stern_game_seek (game, n + 1));
    }
}

static void
test_new_move_drops_redo (void)
{
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  SternMove moves[STERN_MAX_MOVES];

  play_randomly (game, rand, 6);
  g_assert_true (stern_game_undo (game));
  g_assert_true (stern_game_undo (game));
  g_assert_cmpuint (stern_game_get_n_actions_total (game), ==, 6);
  g_assert_cmpuint (stern_game_legal_moves (game, moves), >, 0);
  g_assert_true (stern_game_play (game, moves[0].from, moves[0].to, NULL));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 5);
  g_assert_cmpuint (stern_game_get_n_actions_total (game), ==, 5);
  g_assert_false (stern_game_can_redo (game));
}

static void
test_copy_is_independent (void)
{
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-6"), STERN_PRESET_TABLE);
  g_autoptr (SternGame) copy = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  SternPosition before;

  play_randomly (game, rand, 10);
  copy = stern_game_copy (game);
  before = *stern_game_get_position (game);
  play_randomly (copy, rand, 10);
  stern_game_undo (copy);
  g_assert_cmpmem (stern_game_get_position (game), sizeof before, &before, sizeof before);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 10);
  g_assert_cmpuint (stern_game_get_n_actions (copy), ==, 19);
}

/* A copy keeping the recent history: the same state as the game, undo as
 * far back as kept (through the same positions), nothing to redo, and
 * the same choice of the search, which looks back no further
 * (STERN_SEARCH_LOOKBACK). */
static void
test_copy_recent (void)
{
  /* Race: no limit ends a long game. */
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_RACE);
  g_autoptr (SternGame) recent = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autoptr (SternSearch) search = stern_search_new ();
  SternMove whole_move, recent_move;

  play_randomly (game, rand, 500);
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 500);
  g_assert_true (stern_game_undo (game));   /* something to redo, not copied */

  recent = stern_game_copy_recent (game, STERN_SEARCH_LOOKBACK);
  g_assert_cmpuint (stern_game_get_n_actions (recent), ==, STERN_SEARCH_LOOKBACK);
  g_assert_cmpuint (stern_game_get_n_actions_total (recent), ==, STERN_SEARCH_LOOKBACK);
  g_assert_false (stern_game_can_redo (recent));
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    g_assert_cmpuint (stern_game_get_moves_made (recent, seat), ==,
                      stern_game_get_moves_made (game, seat));
  g_assert_cmpuint (stern_game_get_round (recent), ==, stern_game_get_round (game));

  for (guint seed = 0; seed < 4; seed++)
    {
      g_assert_true (stern_search_choose (search, game, STERN_LEVEL_MEDIUM, seed, 0, NULL, &whole_move));
      g_assert_true (stern_search_choose (search, recent, STERN_LEVEL_MEDIUM, seed, 0, NULL, &recent_move));
      g_assert_cmpuint (whole_move.from, ==, recent_move.from);
      g_assert_cmpuint (whole_move.to, ==, recent_move.to);
    }

  {
    g_autoptr (SternGame) back = stern_game_copy (game);

    for (guint i = 0; i < STERN_SEARCH_LOOKBACK; i++)
      {
        g_assert_cmpmem (stern_game_get_position (recent), sizeof (SternPosition),
                         stern_game_get_position (back), sizeof (SternPosition));
        g_assert_true (stern_game_undo (recent));
        g_assert_true (stern_game_undo (back));
      }
    g_assert_cmpmem (stern_game_get_position (recent), sizeof (SternPosition),
                     stern_game_get_position (back), sizeof (SternPosition));
    g_assert_false (stern_game_undo (recent));
    /* And forward again, as a game. */
    g_assert_true (stern_game_seek (recent, STERN_SEARCH_LOOKBACK));
    g_assert_cmpmem (stern_game_get_position (recent), sizeof (SternPosition),
                     stern_game_get_position (game), sizeof (SternPosition));
  }

  /* A short game is copied whole. */
  g_clear_pointer (&recent, stern_game_free);
  g_assert_true (stern_game_seek (game, 10));
  recent = stern_game_copy_recent (game, STERN_SEARCH_LOOKBACK);
  g_assert_cmpuint (stern_game_get_n_actions (recent), ==, 10);
  g_clear_pointer (&recent, stern_game_free);
  g_assert_true (stern_game_seek (game, 0));
  recent = stern_game_copy_recent (game, STERN_SEARCH_LOOKBACK);
  g_assert_false (stern_game_can_undo (recent));
}

static void
test_illegal_actions_leave_game_unchanged (void)
{
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  g_autoptr (GError) error = NULL;
  SternPosition before = *stern_game_get_position (game);
  uint8_t path[3];

  /* A black marble while white is on turn. */
  g_assert_false (stern_game_play (game, stern_board_hole_parse ("h14", 3),
                                   stern_board_hole_parse ("h13", 3), &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "h14"));
  g_clear_error (&error);
  /* Holes off the board. */
  g_assert_false (stern_game_play (game, 200, 201, &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL);
  g_clear_error (&error);
  /* A pass with moves available. */
  g_assert_false (stern_game_pass (game, &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL);
  g_clear_error (&error);
  /* A path through a hole that is no jump. */
  path[0] = stern_board_hole_parse ("l4", 2);
  path[1] = stern_board_hole_parse ("l6", 2);
  g_assert_false (stern_game_play_path (game, path, 2, &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "l6"));
  g_clear_error (&error);

  g_assert_cmpmem (stern_game_get_position (game), sizeof before, &before, sizeof before);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);
}

static void
test_nothing_after_the_end (void)
{
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  g_autoptr (GError) error = NULL;
  SternMove moves[STERN_MAX_MOVES];

  g_assert_true (stern_game_resign (game, STERN_BLACK, &error));
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_NO_SEAT);
  g_assert_cmpuint (stern_game_legal_moves (game, moves), ==, 0);
  g_assert_false (stern_game_play (game, stern_board_hole_parse ("l4", 2),
                                   stern_board_hole_parse ("l5", 2), &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_GAME_OVER);
  g_clear_error (&error);
  g_assert_false (stern_game_resign (game, STERN_WHITE, &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_GAME_OVER);
  /* Undo takes the resignation back. */
  g_assert_true (stern_game_undo (game));
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);
}

static void
test_random_games_end (void)
{
  /* Random play ends every game by some rule of §5 within its limits. */
  for (unsigned v = 0; v < STERN_N_VARIANTS; v++)
    {
      const SternVariant *variant = stern_variant_get (v);
      g_autoptr (GRand) rand = g_rand_new_with_seed (99 + v);
      g_autoptr (SternGame) game = NULL;

      if (variant->solo)
        continue;  /* no limit: random play may wander forever */
      game = stern_game_new (variant, STERN_PRESET_TABLE);
      play_randomly (game, rand, 150 * 6 + 10);
      g_assert_true (stern_game_is_over (game));
      for (unsigned i = 0; i < variant->n_players; i++)
        g_assert_cmpuint (stern_game_get_place (game, variant->seats[i]), >=, 1);
    }
}

/* Solo counts a round per move: past 65,535 the counters and the record's
 * round numbers go on (they were 16 bits and wrapped). */
static void
test_long_solo_counters (void)
{
  const guint n_moves = 70000;
  /* Club: marbles may leave the goal, so random moves never finish. */
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("solo"), STERN_PRESET_CLUB);
  g_autoptr (GRand) rand = g_rand_new_with_seed (15);
  g_autoptr (SternGame) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;
  g_autofree char *last_round = g_strdup_printf ("\n%u. ", n_moves);

  play_randomly (game, rand, n_moves);
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_round (game), ==, n_moves);
  g_assert_cmpuint (stern_game_get_moves_made (game, STERN_WHITE), ==, n_moves);

  record = stern_record_write (game, NULL);
  g_assert_nonnull (strstr (record, last_round));
  again = stern_record_read (record, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (again), ==, n_moves);
  g_assert_cmpuint (stern_game_get_round (again), ==, n_moves);
  g_assert_cmpmem (stern_game_get_position (game), sizeof (SternPosition),
                   stern_game_get_position (again), sizeof (SternPosition));
}

/* Seconds to play `count` random moves (never one that ends the game by
 * repetition, so the game can go on as long as wanted). */
static double
time_random_moves (SternGame *game, GRand *rand, guint count)
{
  static SternMove moves[STERN_MAX_MOVES];
  gint64 start = g_get_monotonic_time ();

  for (guint i = 0; i < count; i++)
    {
      size_t n = stern_game_legal_moves (game, moves);
      size_t first = (size_t) g_rand_int_range (rand, 0, (gint32) n);

      g_assert_cmpuint (n, >, 0);
      for (size_t k = 0; k < n; k++)
        {
          const SternMove *m = &moves[(first + k) % n];

          g_assert_true (stern_game_play (game, m->from, m->to, NULL));
          if (!stern_game_is_over (game))
            break;
          g_assert_true (stern_game_undo (game));
        }
      g_assert_false (stern_game_is_over (game));
    }
  return (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
}

/* A move costs the same at move 40,000 as at move 1: the repetition rule
 * does not scan the history.
 * Timing ratios, not absolute times, so any machine and sanitizer pass. */
static void
test_long_game_constant_time (void)
{
  const guint chunk = 5000, n_chunks = 8;
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_RACE);
  g_autoptr (GRand) rand = g_rand_new_with_seed (6);
  double first, last = 0;
  gint64 start;

  first = time_random_moves (game, rand, chunk);
  for (guint c = 1; c < n_chunks; c++)
    last = time_random_moves (game, rand, chunk);
  g_test_message ("first %u moves %.3f s, moves %u to %u %.3f s",
                  chunk, first, (n_chunks - 1) * chunk, n_chunks * chunk, last);
  g_assert_cmpfloat (last, <, 3 * first + 0.05);

  /* Undo and redo are as cheap at the end of the long game. */
  start = g_get_monotonic_time ();
  for (guint i = 0; i < chunk; i++)
    g_assert_true (stern_game_undo (game));
  for (guint i = 0; i < chunk; i++)
    g_assert_true (stern_game_redo (game));
  g_assert_cmpfloat ((double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC, <, first + 0.05);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, chunk * n_chunks);
}

/* An elimination that ends a game of three (doc/rules.md §4, Choices): the
 * eliminated player's marbles are off the board in the final position too,
 * and the player still in it is the one named on turn. */
static void
test_elimination_ending_the_game (void)
{
  const unsigned made[STERN_N_SEATS] = { 29, 0, 29, 0, 5, 0 };
  const SternVariant *variant = stern_variant_lookup ("classic-3");
  SternRules rules;
  SternPosition pos;
  g_autoptr (SternGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *final = NULL;
  g_autofree char *text = NULL;
  char home[STERN_HOLE_NAME_MAX];
  SternSet blue_home;
  unsigned from = STERN_NO_CELL, to = STERN_NO_CELL;

  /* Blue: one marble at home, one outside that it moves at its deadline. */
  stern_rules_init (&rules, variant, STERN_PRESET_TABLE);
  blue_home = rules.home[STERN_BLUE];
  stern_variant_cell_name (variant, stern_set_pop (&blue_home), home);
  text = g_strdup_printf ("classic-3 white white:m1,i9 blue:%s,f9 yellow:l9", home);
  g_assert_true (stern_notation_parse_position (text, NULL, &pos, &error));
  game = stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos, made);
  engine_test_play (game, "i9-i10");   /* m1 still at home: white is out */
  g_assert_false (stern_game_is_over (game));
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLUE);
  {
    SternMove moves[STERN_MAX_MOVES];
    size_t n = stern_game_legal_moves (game, moves);

    for (size_t i = 0; i < n && from == STERN_NO_CELL; i++)
      if (moves[i].from == engine_test_cell_of ("f9"))
        from = moves[i].from, to = moves[i].to;
  }
  g_assert_cmpuint (from, !=, STERN_NO_CELL);
  g_assert_true (stern_game_play (game, from, to, &error));   /* blue leaves one at home */
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_player_state (game, STERN_BLUE), ==, STERN_PLAYER_ELIMINATED);
  g_assert_cmpuint (stern_game_get_place (game, STERN_YELLOW), ==, 1);
  g_assert_cmpuint (stern_game_get_place (game, STERN_BLUE), ==, 2);
  g_assert_cmpuint (stern_game_get_place (game, STERN_WHITE), ==, 3);
  final = stern_notation_format_position (variant, stern_game_get_position (game));
  g_assert_cmpstr (final, ==, "classic-3 yellow yellow:l9");
  /* Undone, blue's marbles are back, blue on turn; the end is still
   * known without going there. */
  g_assert_true (stern_game_is_over_at_end (game));
  g_assert_true (stern_game_undo (game));
  g_assert_false (stern_game_is_over (game));
  g_assert_true (stern_game_is_over_at_end (game));
  g_assert_cmpuint (stern_set_count (stern_game_get_position (game)->marbles[STERN_BLUE]), ==, 2);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLUE);
  /* Another move there, the home marble out: the game goes on. */
  {
    SternMove moves[STERN_MAX_MOVES];
    size_t n = stern_game_legal_moves (game, moves);
    unsigned home_cell = engine_test_cell_of (home);
    gboolean played = FALSE;

    for (size_t i = 0; i < n && !played; i++)
      if (moves[i].from == home_cell && !(moves[i].flags & STERN_MOVE_FATAL))
        played = stern_game_play (game, moves[i].from, moves[i].to, &error);
    g_assert_true (played);
  }
  g_assert_false (stern_game_is_over (game));
  g_assert_false (stern_game_is_over_at_end (game));
  g_assert_true (stern_game_undo (game));
  g_assert_false (stern_game_is_over_at_end (game));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/undo-redo-every-variant", test_undo_redo_every_variant);
  g_test_add_func ("/game/new-move-drops-redo", test_new_move_drops_redo);
  g_test_add_func ("/game/copy-is-independent", test_copy_is_independent);
  g_test_add_func ("/game/copy-recent", test_copy_recent);
  g_test_add_func ("/game/illegal-actions", test_illegal_actions_leave_game_unchanged);
  g_test_add_func ("/game/nothing-after-the-end", test_nothing_after_the_end);
  g_test_add_func ("/game/random-games-end", test_random_games_end);
  g_test_add_func ("/game/long-solo-counters", test_long_solo_counters);
  g_test_add_func ("/game/elimination-ending-the-game", test_elimination_ending_the_game);
  g_test_add_func ("/game/long-game-constant-time", test_long_game_constant_time);
  return g_test_run ();
}
