/* stern-cli-puzzle.c: `sternhalma-cli puzzle`: list, check and generate the
 * puzzle set (doc/learn.md, "Puzzles").
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-cli-puzzle.h"
#include "stern-cli-ai.h"
#include "stern-cli.h"

#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "stern-file.h"
#include "stern-puzzle.h"
#include "stern-search.h"

#define EXIT_USAGE 2
/* A puzzle file is a few hundred lines of about 200 bytes. */
#define PUZZLE_FILE_MAX_BYTES (4 * 1024 * 1024)
#define GENERATE_DEFAULT_COUNT 240
#define GENERATE_MAX_COUNT 3000
/* Games a generation plays at most, per puzzle asked for. */
#define GENERATE_GAMES_PER_PUZZLE 4
/* The games' opening, where every jump is the book's: no jump puzzle there. */
#define GENERATE_FIRST_PLY 16
/* Positions a game's jump puzzle is the longest chain of. */
#define GENERATE_JUMP_WINDOW 24
/* Plies between two race puzzles of one game, so that they differ. */
#define GENERATE_RACE_GAP 6
/* The levels of the games a set is made from, a pair per game in turn:
 * Easy and Medium play quickly and make the mistakes a race puzzle is
 * made of. */
static const SternLevel game_levels[][2] = {
  { STERN_LEVEL_EASY, STERN_LEVEL_MEDIUM },
  { STERN_LEVEL_MEDIUM, STERN_LEVEL_EASY },
  { STERN_LEVEL_MEDIUM, STERN_LEVEL_MEDIUM },
  { STERN_LEVEL_EASY, STERN_LEVEL_EASY },
};

static int
puzzle_usage (const char *problem)
{
  if (problem)
    fprintf (stderr, "sternhalma-cli: %s\n", problem);
  fprintf (stderr, "%s",
           _("Usage:\n"
           "  sternhalma-cli puzzle list [FILE]\n"
           "      print the puzzles with their kind and difficulty, then the counts\n"
           "  sternhalma-cli puzzle check [FILE]\n"
           "      prove every puzzle's solution the only one; exit 1 naming any that fails\n"
           "  sternhalma-cli puzzle generate [--seed S] [--count N]\n"
           "      play games between the computer levels and print a puzzle set made from them\n"
           "FILE is the installed set unless given.\n"));
  return EXIT_USAGE;
}

/* The set in path (the installed one for NULL), or NULL after saying why
 * on stderr. */
static GArray *
read_set (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  GArray *set;
  gsize length;

  if (path == NULL)
    {
      const char *env = g_getenv ("STERNHALMA_PUZZLES");
      path = env != NULL && env[0] != '\0' ? env : PUZZLESFILE;
    }
  if (!stern_file_read (path, PUZZLE_FILE_MAX_BYTES, &text, &length, &error))
    {
      fprintf (stderr, "sternhalma-cli: %s\n", error->message);
      return NULL;
    }
  if (memchr (text, '\0', length) != NULL)
    {
      fprintf (stderr, _("sternhalma-cli: %s: not a text file\n"), path);
      return NULL;
    }
  set = stern_puzzle_parse_set (text, &error);
  if (set == NULL)
    fprintf (stderr, "sternhalma-cli: %s: %s\n", path, error->message);
  return set;
}

static int
cmd_list (int argc, char **argv)
{
  g_autoptr (GArray) set = NULL;
  guint counts[STERN_PUZZLE_N_KINDS][STERN_PUZZLE_MAX_DIFFICULTY + 1] = { { 0 } };

  if (argc > 1)
    return puzzle_usage (_("puzzle list takes at most one file"));
  set = read_set (argc == 1 ? argv[0] : NULL);
  if (set == NULL)
    return 1;
  for (guint i = 0; i < set->len; i++)
    {
      const SternPuzzle *p = &g_array_index (set, SternPuzzle, i);
      g_autofree char *kind = stern_puzzle_kind_name (p);

      printf ("%-12s %-9s %u %s %s\n", p->id, kind, p->difficulty, p->variant->id,
              stern_seat_colour_name (p->pos.to_move));
      counts[p->kind][p->difficulty]++;
    }
  printf ("%u puzzles\n", set->len);
  for (unsigned k = 0; k < STERN_PUZZLE_N_KINDS; k++)
    {
      guint total = 0;

      for (unsigned d = 1; d <= STERN_PUZZLE_MAX_DIFFICULTY; d++)
        total += counts[k][d];
      printf ("%s: %u (difficulty", stern_puzzle_kind_id (k), total);
      for (unsigned d = 1; d <= STERN_PUZZLE_MAX_DIFFICULTY; d++)
        printf (" %u:%u", d, counts[k][d]);
      printf (")\n");
    }
  return 0;
}

static int
cmd_check (int argc, char **argv)
{
  g_autoptr (GArray) set = NULL;
  g_autoptr (SternPuzzleSolver) solver = NULL;
  gint64 start = g_get_monotonic_time ();
  guint failed = 0;

  if (argc > 1)
    return puzzle_usage (_("puzzle check takes at most one file"));
  set = read_set (argc == 1 ? argv[0] : NULL);
  if (set == NULL)
    return 1;
  solver = stern_puzzle_solver_new ();
  for (guint i = 0; i < set->len; i++)
    {
      const SternPuzzle *p = &g_array_index (set, SternPuzzle, i);
      g_autoptr (GError) error = NULL;
      gint64 t = g_get_monotonic_time ();

      if (stern_puzzle_verify (solver, p, &error))
        printf ("ok %s %.2f s\n", p->id, (double) (g_get_monotonic_time () - t) / G_USEC_PER_SEC);
      else
        {
          printf ("FAILED %s: %s\n", p->id, error->message);
          failed++;
        }
    }
  printf ("checked %u puzzles: %u failed, %.1f s\n", set->len, failed,
          (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  return failed > 0 ? 1 : 0;
}

typedef struct {
  guint64 seed;
  guint64 count;
} GenerateOptions;

static gboolean
take_generate_option (const char *name, const char *value, gpointer user_data)
{
  GenerateOptions *o = user_data;

  if (g_str_equal (name, "--seed"))
    return stern_cli_parse_option_number (value, 0, G_MAXUINT32, &o->seed,
                                          _("sternhalma-cli: --seed takes a non-negative number\n"));
  return stern_cli_parse_option_number (value, STERN_PUZZLE_N_KINDS, GENERATE_MAX_COUNT, &o->count,
                                        _("sternhalma-cli: --count takes a number from %d to %d\n"),
                                        STERN_PUZZLE_N_KINDS, GENERATE_MAX_COUNT);
}

/* One game between two levels, kept whole for the puzzles' positions. */
static SternGame *
play_game (SternSearch *search, const SternVariant *variant, guint64 seed, const SternLevel levels[2])
{
  g_autoptr (SternGame) game = stern_game_new (variant, STERN_PRESET_TABLE);

  while (!stern_game_is_over (game))
    {
      unsigned seat = stern_game_get_turn (game);
      SternMove move;

      if (stern_game_must_pass (game))
        {
          if (!stern_game_pass (game, NULL))
            g_error ("a pass the game refused");
          continue;
        }
      if (!stern_search_choose (search, game, levels[seat == variant->seats[0] ? 0 : 1],
                                stern_cli_move_seed (seed, stern_game_get_n_actions (game)),
                                0, NULL, &move) ||
          !stern_game_play (game, move.from, move.to, NULL))
        g_error ("the computer found no legal move");
    }
  return g_steal_pointer (&game);
}

typedef struct {
  SternPuzzleSolver *solver;
  GArray            *found[STERN_PUZZLE_N_KINDS];
  guint              quota[STERN_PUZZLE_N_KINDS];
  guint              n_win1;
  GHashTable        *seen;      /* position hashes of the kinds' puzzles */
} Harvest;

/* Makes a puzzle of the kind from the game's position after n actions. */
static gboolean
harvest_at (Harvest *h, SternGame *game, guint n, SternPuzzleKind kind)
{
  SternPuzzle puzzle;
  guint64 key;

  if (h->found[kind]->len >= h->quota[kind] || !stern_game_seek (game, n) ||
      stern_game_is_over (game))
    return FALSE;
  key = stern_game_get_position (game)->hash * STERN_PUZZLE_N_KINDS + kind;
  if (g_hash_table_contains (h->seen, &key))
    return FALSE;
  if (!stern_puzzle_make (h->solver, kind, stern_game_get_variant (game),
                          stern_game_get_position (game), &puzzle))
    return FALSE;
  g_hash_table_add (h->seen, g_memdup2 (&key, sizeof key));
  /* A win in 1 is the easiest find of the set: a third of the wins at most. */
  if (kind == STERN_PUZZLE_WIN && puzzle.win_moves == 1)
    {
      if (h->n_win1 >= h->quota[kind] / 3)
        return FALSE;
      h->n_win1++;
    }
  g_array_append_val (h->found[kind], puzzle);
  return TRUE;
}

/* The jump puzzle with the longest chain among the positions after
 * first … end - 1 actions, the first of equals. */
static void
harvest_longest_jump (Harvest *h, SternGame *game, guint first, guint end)
{
  SternPuzzle best = { 0 }, puzzle;
  guint64 best_key = 0;

  if (h->found[STERN_PUZZLE_JUMP]->len >= h->quota[STERN_PUZZLE_JUMP])
    return;
  for (guint n = first; n < end; n++)
    {
      guint64 key;

      if (!stern_game_seek (game, n) || stern_game_is_over (game))
        break;
      key = stern_game_get_position (game)->hash * STERN_PUZZLE_N_KINDS + STERN_PUZZLE_JUMP;
      if (!g_hash_table_contains (h->seen, &key) &&
          stern_puzzle_make (h->solver, STERN_PUZZLE_JUMP, stern_game_get_variant (game),
                             stern_game_get_position (game), &puzzle) &&
          puzzle.solution_len > best.solution_len)
        {
          best = puzzle;
          best_key = key;
        }
    }
  if (best.solution_len == 0)
    return;
  g_hash_table_add (h->seen, g_memdup2 (&best_key, sizeof best_key));
  g_array_append_val (h->found[STERN_PUZZLE_JUMP], best);
}

/* From a game: the longest jump of some positions from one the seed
 * picks, races from the middle game (before the end makes them wins), a
 * win from the winner's last moves, the longest first. */
static void
harvest_game (Harvest *h, SternGame *game, GRand *rand)
{
  guint total = stern_game_get_n_actions (game);
  unsigned winner = STERN_NO_SEAT;
  const SternVariant *v = stern_game_get_variant (game);

  guint winner_moves[STERN_PUZZLE_MAX_WIN], n_winner_moves = 0, n_first = 0;

  for (unsigned i = 0; i < v->n_players; i++)
    if (stern_game_get_place (game, v->seats[i]) == 1)
      {
        winner = v->seats[i];
        n_first++;
      }
  /* The winner's last moves, the last first; the seed picks how far back
   * to begin, and the first of them that makes a puzzle is kept. */
  for (guint n = total; n_first == 1 && n-- > 0 && n_winner_moves < STERN_PUZZLE_MAX_WIN;)
    if (stern_game_get_action (game, n)->seat == winner)
      winner_moves[n_winner_moves++] = n;
  for (guint i = n_winner_moves; i-- > 0;)
    if (harvest_at (h, game, winner_moves[i], STERN_PUZZLE_WIN))
      break;
  if (total > 2 * GENERATE_FIRST_PLY)
    {
      guint start = (guint) g_rand_int_range (rand, GENERATE_FIRST_PLY, (gint32) total - 4);

      harvest_longest_jump (h, game, start, MIN (total, start + GENERATE_JUMP_WINDOW));
      /* Races are rarer: as many as the middle game gives, a few moves apart. */
      start = (guint) g_rand_int_range (rand, (gint32) total / 4, (gint32) total / 3);
      for (guint n = start; n < total * 3 / 4; n++)
        if (harvest_at (h, game, n, STERN_PUZZLE_RACE))
          n += GENERATE_RACE_GAP;
    }
  stern_game_seek (game, total);
}

static int
cmd_generate (int argc, char **argv)
{
  static const SternCliOption allowed[] = {
    { .name = "--seed", .takes_value = TRUE },
    { .name = "--count", .takes_value = TRUE },
    { NULL },
  };
  GenerateOptions o = { .seed = 1, .count = GENERATE_DEFAULT_COUNT };
  const SternVariant *variant = stern_variant_lookup ("classic-2");
  g_autoptr (SternSearch) search = stern_search_new ();
  g_autoptr (SternPuzzleSolver) solver = stern_puzzle_solver_new ();
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GRand) rand = NULL;
  Harvest h = { .solver = solver, .seen = seen };
  gint64 start = g_get_monotonic_time ();
  guint64 games = 0, made = 0;

  if (!stern_cli_take_options (&argc, &argv, allowed, take_generate_option, &o))
    return puzzle_usage (NULL);
  if (argc != 0)
    return puzzle_usage (_("puzzle generate takes only options"));

  rand = g_rand_new_with_seed ((guint32) o.seed);
  for (unsigned k = 0; k < STERN_PUZZLE_N_KINDS; k++)
    {
      h.found[k] = g_array_new (FALSE, FALSE, sizeof (SternPuzzle));
      h.quota[k] = (guint) (o.count / STERN_PUZZLE_N_KINDS + (k < o.count % STERN_PUZZLE_N_KINDS));
    }
  while (made < o.count && games < o.count * GENERATE_GAMES_PER_PUZZLE)
    {
      g_autoptr (SternGame) game = play_game (search, variant, o.seed * 100003 + games,
                                              game_levels[games % G_N_ELEMENTS (game_levels)]);

      harvest_game (&h, game, rand);
      games++;
      made = 0;
      for (unsigned k = 0; k < STERN_PUZZLE_N_KINDS; k++)
        made += h.found[k]->len;
      if (games % 20 == 0)
        fprintf (stderr, "%" G_GUINT64_FORMAT " games: %u jump, %u win, %u race, %.0f s\n",
                 games, h.found[STERN_PUZZLE_JUMP]->len, h.found[STERN_PUZZLE_WIN]->len,
                 h.found[STERN_PUZZLE_RACE]->len,
                 (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
    }

  printf ("# Sternhalma puzzles, made by the engine from %" G_GUINT64_FORMAT " games of its own:\n"
          "#   sternhalma-cli puzzle generate --seed %" G_GUINT64_FORMAT " --count %" G_GUINT64_FORMAT "\n"
          "# Checked by `sternhalma-cli puzzle check FILE` (doc/learn.md, \"Puzzles\").\n"
          "# id | kind | difficulty | position | solution | margin\n",
          games, o.seed, o.count);
  for (unsigned k = 0; k < STERN_PUZZLE_N_KINDS; k++)
    {
      for (guint i = 0; i < h.found[k]->len; i++)
        {
          SternPuzzle *p = &g_array_index (h.found[k], SternPuzzle, i);
          g_autofree char *line = NULL;

          g_snprintf (p->id, sizeof p->id, "%s-%03u", stern_puzzle_kind_id (k), i + 1);
          line = stern_puzzle_format (p);
          printf ("%s\n", line);
        }
      g_array_unref (h.found[k]);
    }
  fprintf (stderr, "%" G_GUINT64_FORMAT " puzzles from %" G_GUINT64_FORMAT " games in %.0f s\n",
           made, games, (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  if (made < o.count)
    {
      fprintf (stderr, _("sternhalma-cli: only %u puzzles of %u were found\n"),
               (unsigned) made, (unsigned) o.count);
      return 1;
    }
  return 0;
}

int
stern_cli_puzzle (int argc, char **argv)
{
  if (argc < 1)
    return puzzle_usage (NULL);
  if (g_str_equal (argv[0], "list"))
    return cmd_list (argc - 1, argv + 1);
  if (g_str_equal (argv[0], "check"))
    return cmd_check (argc - 1, argv + 1);
  if (g_str_equal (argv[0], "generate"))
    return cmd_generate (argc - 1, argv + 1);
  return puzzle_usage (_("puzzle takes list, check or generate"));
}
