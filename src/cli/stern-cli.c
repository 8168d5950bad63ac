/* stern-cli.c: the commands of sternhalma-cli.  Output on stdout is kept
 * stable for scripts; diagnostics go to stderr.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "stern-file.h"
#include "stern-notation.h"
#include "stern-cli-ai.h"
#include "stern-cli-puzzle.h"
#include "stern-cli-review.h"

#define EXIT_USAGE 2
#define PERFT_MAX_DEPTH 12

typedef struct {
  const char *name;
  const char *args;
  const char *summary;
  int (*run) (int argc, char **argv);
} Command;

static int cmd_moves (int argc, char **argv);
static int cmd_perft (int argc, char **argv);
static int cmd_replay (int argc, char **argv);
static int cmd_bench (int argc, char **argv);

static const Command commands[] = {
  { .name = "moves", .args = "[--preset P] 'POSITION'",
    .summary = N_("print every legal move of the colour on turn"),
    .run = cmd_moves },
  { .name = "perft", .args = "[--preset P] VARIANT DEPTH",
    .summary = N_("count the move sequences of DEPTH moves from the start"),
    .run = cmd_perft },
  { .name = "replay", .args = "FILE",
    .summary = N_("check a game record and print its final position and result"),
    .run = cmd_replay },
  { .name = "bench", .args = "[--signature]",
    .summary = N_("measure move generation and search speed, or print the search's node-count signature"),
    .run = cmd_bench },
  { .name = "bestmove", .args = "[--preset P] [--movetime MS] LEVEL 'POSITION' | LEVEL --record FILE",
    .summary = N_("print the move the computer plays at LEVEL"),
    .run = stern_cli_bestmove },
  { .name = "match", .args = "[--games N] [--seed S] [--preset P] [--blockers] VARIANT LEVEL LEVEL...",
    .summary = N_("play games between computer levels"),
    .run = stern_cli_match },
  { .name = "solo", .args = "[--seed S] LEVEL",
    .summary = N_("play the solo variant and count the moves"),
    .run = stern_cli_solo },
  { .name = "review", .args = "[--level L] [--json] FILE",
    .summary = N_("weigh every move of a game record against the computer's"),
    .run = stern_cli_review },
  { .name = "analyse", .args = "[--depth N] [--level L] [--preset P] 'POSITION'",
    .summary = N_("print each colour's moves to finish and the computer's line"),
    .run = stern_cli_analyse },
  { .name = "puzzle", .args = "list [FILE] | check [FILE] | generate [--seed S] [--count N]",
    .summary = N_("list the puzzle set, prove every puzzle's solution, or make a new set"),
    .run = stern_cli_puzzle },
};

static int
usage (const char *problem)
{
  if (problem)
    fprintf (stderr, "sternhalma-cli: %s\n", problem);
  fprintf (stderr, _("Usage:\n"));
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (stderr, "  sternhalma-cli %s %s\n      %s\n",
             commands[i].name, commands[i].args, _(commands[i].summary));
  fprintf (stderr, _("Presets: table (default), club, race.\n"));
  return EXIT_USAGE;
}

static const SternCliOption preset_options[] = {
  { .name = "--preset", .takes_value = TRUE },
  { NULL },
};

static gboolean
take_preset (const char *name, const char *value, gpointer user_data)
{
  return stern_cli_parse_preset (value, user_data);
}

/* Takes "--preset P" off the front of the arguments. */
static gboolean
take_preset_option (int *argc, char ***argv, SternPreset *preset)
{
  *preset = STERN_PRESET_TABLE;
  return stern_cli_take_options (argc, argv, preset_options, take_preset, preset);
}

const SternVariant *
stern_cli_lookup_variant (const char *id)
{
  const SternVariant *variant = stern_variant_lookup (id);
  g_autoptr (GString) known = NULL;

  if (variant != NULL)
    return variant;
  known = g_string_new (NULL);
  for (unsigned i = 0; i < STERN_N_ALL_VARIANTS; i++)
    g_string_append_printf (known, "%s%s", i ? ", " : "", stern_variant_get (i)->id);
  fprintf (stderr, _("sternhalma-cli: unknown variant \"%s\"; the variants are: %s\n"),
           id, known->str);
  return NULL;
}

gboolean
stern_cli_check_preset (SternPreset preset, const SternVariant *variant)
{
  if (stern_preset_allows_variant (preset, variant))
    return TRUE;
  if (stern_variant_is_square (variant))
    fprintf (stderr, _("sternhalma-cli: %s is played with the table preset only\n"), variant->id);
  else
    fprintf (stderr, "sternhalma-cli: %s\n", _("the race preset is for two players only"));
  return FALSE;
}

gboolean
stern_cli_parse_number (const char *text, guint64 max, guint64 *value)
{
  char *end = NULL;
  guint64 v;

  if (text == NULL || !g_ascii_isdigit (text[0]))
    return FALSE;
  v = g_ascii_strtoull (text, &end, 10);
  if (*end != '\0' || v > max)
    return FALSE;
  *value = v;
  return TRUE;
}

gboolean
stern_cli_parse_option_number (const char *value,
                               guint64     min,
                               guint64     max,
                               guint64    *number,
                               const char *problem,
                               ...)
{
  va_list args;
  guint64 v;

  if (stern_cli_parse_number (value, max, &v) && v >= min)
    {
      *number = v;
      return TRUE;
    }
  va_start (args, problem);
  vfprintf (stderr, problem, args);
  va_end (args);
  return FALSE;
}

gboolean
stern_cli_parse_preset (const char *text, SternPreset *preset)
{
  if (stern_preset_lookup (text, preset))
    return TRUE;
  fprintf (stderr, _("sternhalma-cli: unknown preset \"%s\" (table, club or race)\n"), text);
  return FALSE;
}

gboolean
stern_cli_take_options (int                  *argc,
                        char               ***argv,
                        const SternCliOption *options,
                        SternCliOptionFunc    func,
                        gpointer              user_data)
{
  while (*argc > 0 && g_str_has_prefix ((*argv)[0], "--"))
    {
      const char *arg = (*argv)[0], *eq = strchr (arg, '=');
      g_autofree char *name = eq ? g_strndup (arg, (gsize) (eq - arg)) : g_strdup (arg);
      const SternCliOption *option = options;
      const char *value = NULL;

      while (option->name != NULL && !g_str_equal (name, option->name))
        option++;
      if (option->name == NULL)
        {
          fprintf (stderr, _("sternhalma-cli: unknown option %s\n"), arg);
          return FALSE;
        }
      if (!option->takes_value)
        {
          if (eq)
            {
              fprintf (stderr, _("sternhalma-cli: %s takes no value\n"), name);
              return FALSE;
            }
          *argc -= 1, *argv += 1;
        }
      else if (eq)
        value = eq + 1, *argc -= 1, *argv += 1;
      else if (*argc > 1)
        value = (*argv)[1], *argc -= 2, *argv += 2;
      else
        {
          fprintf (stderr, _("sternhalma-cli: %s needs a value\n"), name);
          return FALSE;
        }
      if (!func (name, value, user_data))
        return FALSE;
    }
  return TRUE;
}

static int
cmd_moves (int argc, char **argv)
{
  const SternVariant *variant;
  SternPosition pos;
  SternRules rules;
  SternMove moves[STERN_MAX_MOVES];
  SternPreset preset;
  g_autoptr (GError) error = NULL;
  size_t n;

  if (!take_preset_option (&argc, &argv, &preset))
    return usage (NULL);
  if (argc != 1)
    return usage (_("moves takes one position string (quote it)"));
  if (!stern_notation_parse_position (argv[0], &variant, &pos, &error))
    {
      fprintf (stderr, "sternhalma-cli: %s\n", error->message);
      return 1;
    }
  /* Move generation is defined for every star preset (race included, as
   * a rule set), but the square boards have only their own rules. */
  if (stern_variant_is_square (variant) && !stern_cli_check_preset (preset, variant))
    return usage (NULL);
  stern_rules_init (&rules, variant, preset);
  n = stern_movegen_generate (&rules, &pos, pos.to_move, moves);
  for (size_t i = 0; i < n; i++)
    {
      uint8_t path[STERN_MAX_PATH];
      size_t len = stern_movegen_path (&rules, &pos, moves[i].from, moves[i].to, path);
      g_autofree char *text = stern_notation_format_path_in (variant, path, len);

      g_assert (len >= 2);
      printf ("%s\n", text);
    }
  return 0;
}

static int
cmd_perft (int argc, char **argv)
{
  const SternVariant *variant;
  SternPreset preset;
  SternRules rules;
  SternPosition pos;
  guint64 depth;
  gint64 start;
  guint64 count;
  double seconds;

  if (!take_preset_option (&argc, &argv, &preset))
    return usage (NULL);
  if (argc != 2)
    return usage (_("perft takes a variant and a depth"));
  variant = stern_cli_lookup_variant (argv[0]);
  if (variant == NULL)
    return usage (NULL);
  if (stern_variant_is_square (variant) && !stern_cli_check_preset (preset, variant))
    return usage (NULL);
  if (!stern_cli_parse_number (argv[1], PERFT_MAX_DEPTH, &depth))
    return usage (_("the depth must be a number from 0 to 12"));

  stern_rules_init (&rules, variant, preset);
  stern_position_set_start (&pos, &rules);
  start = g_get_monotonic_time ();
  count = stern_perft (&rules, &pos, (unsigned) depth);
  seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  fprintf (stderr, "perft %s depth %" G_GUINT64_FORMAT ": %.3f s, %.1f million leaves per second\n",
           variant->id, depth, seconds, seconds > 0 ? (double) count / seconds / 1e6 : 0.0);
  printf ("%" G_GUINT64_FORMAT "\n", count);
  return 0;
}

/* On the square boards, "tempo white:NN black:NN" (doc/rules.md §9): the
 * tempo numbers, smaller is nearer home, as backgammon shows pips. */
static void
print_tempo (const SternGame *game)
{
  const SternVariant *variant = stern_game_get_variant (game);

  if (!stern_variant_is_square (variant))
    return;
  printf ("tempo");
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      printf (" %s:%u", stern_seat_colour_name (seat), stern_game_get_tempo (game, seat));
    }
  printf ("\n");
}

static int
cmd_replay (int argc, char **argv)
{
  g_autofree char *text = NULL;
  g_autofree char *fen = NULL, *result = NULL, *decoded = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL;
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  gsize length;

  if (argc != 1)
    return usage (_("replay takes one game record file"));
  if (!stern_file_read (argv[0], STERN_RECORD_MAX_BYTES, &text, &length, &error))
    {
      fprintf (stderr, "sternhalma-cli: %s\n", error->message);
      return 1;
    }
  /* Says UTF-16 when it is, as the window does; the warnings of the
   * decoding (Latin-1) are the record's. */
  decoded = stern_record_decode (text, length, warnings, &error);
  if (decoded == NULL)
    {
      fprintf (stderr, "sternhalma-cli: %s: %s\n", argv[0], error->message);
      return 1;
    }
  game = stern_record_read_with_warnings (decoded, NULL, warnings, &error);
  for (guint i = 0; i < warnings->len; i++)
    fprintf (stderr, _("sternhalma-cli: %s: warning: %s\n"), argv[0],
             (const char *) g_ptr_array_index (warnings, i));
  if (game == NULL)
    {
      fprintf (stderr, "sternhalma-cli: %s: %s\n", argv[0], error->message);
      return 1;
    }
  fen = stern_notation_format_position (stern_game_get_variant (game), stern_game_get_position (game));
  result = stern_record_result (game);
  printf ("%s\n%s\n", fen, result);
  print_tempo (game);
  return 0;
}

/* A fixed set of positions whose perft totals make the benchmark. */
static const struct {
  const char *variant;
  const char *position;   /* NULL: the start */
  unsigned    depth;
} bench_cases[] = {
  { .variant = "classic-2", .depth = 6 },
  { .variant = "classic-6", .depth = 6 },
  { .variant = "long-2", .depth = 5 },
  { .variant = "classic-2",
    .position = "classic-2 white white:m1,l2,k5,j5,i6,h7,l5,k6,j7,m4 black:e17,f16,e15,g13,h12,f12,g11,h10,e13,i11",
    .depth = 4 },
};

static int
cmd_bench (int argc, char **argv)
{
  guint64 total = 0;
  double total_seconds = 0;

  if (argc == 1 && g_str_equal (argv[0], "--signature"))
    return stern_cli_bench_signature ();
  if (argc != 0)
    return usage (_("bench takes no arguments but --signature"));
  for (size_t i = 0; i < G_N_ELEMENTS (bench_cases); i++)
    {
      const SternVariant *variant = stern_variant_lookup (bench_cases[i].variant);
      SternRules rules;
      SternPosition pos;
      gint64 start;
      guint64 count;
      double seconds;

      g_assert (variant != NULL);
      stern_rules_init (&rules, variant, STERN_PRESET_TABLE);
      if (bench_cases[i].position)
        {
          g_autoptr (GError) error = NULL;
          if (!stern_notation_parse_position (bench_cases[i].position, NULL, &pos, &error))
            g_error ("bench position: %s", error->message);
        }
      else
        stern_position_set_start (&pos, &rules);
      start = g_get_monotonic_time ();
      count = stern_perft (&rules, &pos, bench_cases[i].depth);
      seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
      printf ("%-10s %s depth %u: %" G_GUINT64_FORMAT " leaves, %.3f s, %.1f M/s\n",
              variant->id, bench_cases[i].position ? "middle" : "start ",
              bench_cases[i].depth, count, seconds, (double) count / seconds / 1e6);
      total += count;
      total_seconds += seconds;
    }
  printf ("positions per second: %.0f\n", (double) total / total_seconds);
  stern_cli_bench_search ();
  return 0;
}

int
stern_cli_run (int argc, char **argv)
{
  if (argc < 2)
    return usage (NULL);
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") || g_str_equal (argv[1], "help"))
    {
      usage (NULL);
      return 0;
    }
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      return commands[i].run (argc - 2, argv + 2);
  return usage (_("unknown command"));
}
