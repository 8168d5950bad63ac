/* The square boards' end of the game: two halma-8 games that Hard lost at
 * the tempo check (doc/rules.md §9) by moving stones about inside its goal
 * while others were still outside.  At every one of its turns in those
 * games, from the middle on, Hard now brings a stone nearer instead.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "stern-notation.h"
#include "stern-file.h"
#include "stern-search.h"

/* From this move on the goal starts to fill. */
#define FIRST_MOVE      14

static SternGame *
read_case (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "cases", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  SternGame *game;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  game = stern_record_read (text, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static void
check_no_shuffle (gconstpointer data)
{
  const char *name = data;
  g_autoptr (SternGame) game = read_case (name);
  g_autoptr (SternSearch) search = stern_search_new ();
  unsigned hard = g_str_has_suffix (name, "black-lost.sgr") ? STERN_BLACK : STERN_WHITE;
  guint n = stern_game_get_n_actions (game), checked = 0;

  for (guint i = 0; i < n; i++)
    {
      const SternRules *rules;
      const SternPosition *pos;
      SternSet goal, stones;
      SternMove move;

      g_assert_true (stern_game_seek (game, i));
      rules = stern_game_get_rules (game);
      pos = stern_game_get_position (game);
      goal = rules->goal[hard];
      stones = pos->marbles[hard];
      if (stern_game_get_turn (game) != hard ||
          stern_game_get_moves_made (game, hard) + 1 < FIRST_MOVE ||
          (stones & ~goal) == 0 || (stones & goal) == 0)
        continue;
      g_assert_true (stern_search_choose (search, game, STERN_LEVEL_HARD, i, 0, NULL, &move));
      checked++;
      if (stern_set_has (goal, move.from))
        {
          if (!stern_set_has (goal, move.to) ||
              rules->tempo_distance[hard][move.to] >= rules->tempo_distance[hard][move.from])
            g_test_message ("%s, action %u: Hard moves %u-%u inside its goal", name, i,
                            move.from, move.to);
          g_assert_true (stern_set_has (goal, move.to));
          g_assert_cmpuint (rules->tempo_distance[hard][move.to], <,
                            rules->tempo_distance[hard][move.from]);
        }
    }
  g_assert_cmpuint (checked, >=, 10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/square-endgame/black-lost", "halma-8-hard-black-lost.sgr",
                        check_no_shuffle);
  g_test_add_data_func ("/square-endgame/white-lost", "halma-8-hard-white-lost.sgr",
                        check_no_shuffle);
  return g_test_run ();
}
