/* stern-cli-review.c: `review` (every action of a record weighed against
 * the computer's move) and `analyse` (a position's moves to finish and the
 * computer's line).  The text and the JSON lines are kept stable for
 * scripts; diagnostics go to stderr.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-cli-review.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "stern-cli.h"
#include "stern-file.h"
#include "stern-notation.h"
#include "stern-review.h"
#include "stern-texts.h"

#define EXIT_USAGE 2
/* Plies of the computer's line that analyse prints unless told. */
#define ANALYSE_DEFAULT_DEPTH 4
#define ANALYSE_MAX_DEPTH     24
/* Larger than any record the game itself reads (stern-file.h's limit). */
#define REVIEW_MAX_RECORD     (4 * 1024 * 1024)

static int
review_usage (const char *problem)
{
  if (problem)
    fprintf (stderr, "sternhalma-cli: %s\n", problem);
  fprintf (stderr, "%s",
           _("Usage:\n"
             "  sternhalma-cli review [--level L] [--json] FILE\n"
             "      weigh every move of a game record against the computer's at level L\n"
             "      (hard unless told): the loss in moves to finish and a class\n"
             "  sternhalma-cli analyse [--depth N] [--level L] [--preset P] 'POSITION'\n"
             "      print each colour's moves to finish and the computer's next N moves\n"));
  return EXIT_USAGE;
}

typedef struct {
  SternLevel  level;
  gboolean    json;
  guint64     depth;
  SternPreset preset;
} ReviewOptions;

static const SternCliOption review_options[] = {
  { .name = "--level", .takes_value = TRUE },
  { .name = "--json", .takes_value = FALSE },
  { NULL },
};
static const SternCliOption analyse_options[] = {
  { .name = "--depth", .takes_value = TRUE },
  { .name = "--level", .takes_value = TRUE },
  { .name = "--preset", .takes_value = TRUE },
  { NULL },
};

static gboolean
take_review_option (const char *name, const char *value, gpointer user_data)
{
  ReviewOptions *o = user_data;

  if (g_str_equal (name, "--json"))
    o->json = TRUE;
  else if (g_str_equal (name, "--level"))
    {
      if (!stern_level_lookup (value, &o->level) || o->level >= STERN_N_PLAY_LEVELS)
        {
          fprintf (stderr, _("sternhalma-cli: --level: unknown level \"%s\" (easy, medium, hard or expert)\n"),
                   value);
          return FALSE;
        }
    }
  else if (g_str_equal (name, "--depth"))
    return stern_cli_parse_option_number (value, 1, ANALYSE_MAX_DEPTH, &o->depth,
                                          _("sternhalma-cli: --depth takes a number of moves from 1 to %d\n"),
                                          ANALYSE_MAX_DEPTH);
  else if (g_str_equal (name, "--preset"))
    return stern_cli_parse_preset (value, &o->preset);
  return TRUE;
}

static gboolean
take_review_options (int *argc, char ***argv, gboolean analyse, ReviewOptions *o)
{
  return stern_cli_take_options (argc, argv, analyse ? analyse_options : review_options,
                                 take_review_option, o);
}

/* A number as JSON and the text output write it: one decimal, a point. */
static const char *
format_tenths (char buf[G_ASCII_DTOSTR_BUF_SIZE], double x)
{
  return g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.1f", x);
}

static char *
format_action (const SternVariant *variant, const SternReviewEntry *e, gboolean best)
{
  if (best)
    return e->best_len >= 2 ? stern_notation_format_path_in (variant, e->best, e->best_len) : NULL;
  switch (e->kind)
    {
    case STERN_ACTION_MOVE:
      return stern_notation_format_path_in (variant, e->played, e->played_len);
    case STERN_ACTION_PASS:
      return g_strdup ("--");
    case STERN_ACTION_RESIGN:
      return g_strdup_printf ("resign(%s)", stern_seat_colour_name (e->seat));
    case STERN_ACTION_TIMEOUT:
    default:
      return g_strdup_printf ("timeout(%s)", stern_seat_colour_name (e->seat));
    }
}

/* text as the body of a JSON string: quotes, backslashes and control
 * characters escaped, the rest (UTF-8) as it is. */
static char *
json_escape (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if ((guchar) *p < 0x20)
        g_string_append_printf (out, "\\u%04x", (guchar) *p);
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static void
print_entry (const SternVariant *variant, const SternReviewEntry *e, gboolean json)
{
  g_autofree char *played = format_action (variant, e, FALSE);
  g_autofree char *best = format_action (variant, e, TRUE);
  g_autofree char *why = stern_texts_review_why (e->why, e->why_figure);
  char loss[G_ASCII_DTOSTR_BUF_SIZE], after[G_ASCII_DTOSTR_BUF_SIZE];

  format_tenths (loss, e->loss);
  if (e->kind == STERN_ACTION_MOVE)
    format_tenths (after, e->after);
  else
    g_strlcpy (after, "null", sizeof after);
  if (json)
    {
      g_autofree char *best_json = best ? g_strdup_printf ("\"%s\"", best) : g_strdup ("null");

      printf ("{\"ply\": %u, \"round\": %u, \"seat\": \"%s\", \"played\": \"%s\", \"best\": %s, "
              "\"loss\": %s, \"class\": \"%s\", \"moves_to_finish\": %s",
              e->ply, e->round, stern_seat_colour_name (e->seat), played, best_json, loss,
              stern_review_class_name (e->klass), after);
      if (stern_variant_is_square (variant) && e->kind == STERN_ACTION_MOVE)
        printf (", \"tempo\": %u", e->tempo);
      if (why != NULL)
        {
          g_autofree char *escaped = json_escape (why);

          printf (", \"why\": {\"id\": \"%s\", \"figure\": %u, \"text\": \"%s\"}",
                  stern_review_why_name (e->why), e->why_figure, escaped);
        }
      else
        printf (", \"why\": null");
      printf ("}\n");
    }
  else
    printf ("%4u %-6s %-24s %-24s %5s %s%s%s\n", e->ply, stern_seat_colour_name (e->seat), played,
            best ? best : "-", loss, stern_review_class_name (e->klass), why ? ": " : "",
            why ? why : "");
}

static void
print_summary (const SternVariant *variant, SternLevel level, const SternReviewEntry *entries,
               size_t n, gboolean json)
{
  if (json)
    printf ("{\"summary\": {\"level\": \"%s\", \"seats\": [", stern_level_name (level));
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      SternReviewSummary sum;
      char avg[G_ASCII_DTOSTR_BUF_SIZE], total[G_ASCII_DTOSTR_BUF_SIZE];
      char accuracy[G_ASCII_DTOSTR_BUF_SIZE];

      stern_review_summarise (entries, n, seat, &sum);
      g_ascii_formatd (avg, sizeof avg, "%.2f", sum.average_loss);
      format_tenths (total, sum.total_loss);
      format_tenths (accuracy, sum.accuracy);
      if (json)
        {
          printf ("%s{\"seat\": \"%s\", \"moves\": %u, \"total_loss\": %s, \"average_loss\": %s, "
                  "\"accuracy\": %s",
                  i ? ", " : "", stern_seat_colour_name (seat), sum.moves, total, avg, accuracy);
          for (unsigned k = 0; k < STERN_REVIEW_N_CLASSES; k++)
            printf (", \"%s\": %u", stern_review_class_name (k), sum.count[k]);
          printf ("}");
        }
      else
        {
          printf ("%s: %u moves, loss %s in all, %s a move, accuracy %s;",
                  stern_seat_colour_name (seat), sum.moves, total, avg, accuracy);
          for (unsigned k = 0; k < STERN_REVIEW_N_CLASSES; k++)
            printf (" %s %u", stern_review_class_name (k), sum.count[k]);
          printf ("\n");
        }
    }
  if (json)
    printf ("]}}\n");
}

int
stern_cli_review (int argc, char **argv)
{
  ReviewOptions o = { .level = STERN_LEVEL_HARD, .preset = STERN_PRESET_TABLE };
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL;
  g_autoptr (SternReviewer) reviewer = NULL;
  g_autoptr (GArray) entries = NULL;
  g_autofree char *data = NULL, *text = NULL;
  gsize length;
  guint total;

  if (!take_review_options (&argc, &argv, FALSE, &o))
    return review_usage (NULL);
  if (argc != 1)
    return review_usage (_("review takes one game record file"));

  if (!stern_file_read (argv[0], REVIEW_MAX_RECORD, &data, &length, &error) ||
      (text = stern_record_decode (data, length, NULL, &error)) == NULL ||
      (game = stern_record_read (text, NULL, &error)) == NULL)
    {
      fprintf (stderr, "sternhalma-cli: %s: %s\n", argv[0], error->message);
      return 1;
    }

  reviewer = stern_reviewer_new (o.level);
  total = stern_game_get_n_actions (game);
  entries = g_array_sized_new (FALSE, TRUE, sizeof (SternReviewEntry), total);
  g_array_set_size (entries, total);
  for (guint ply = 0; ply < total; ply++)
    {
      SternReviewEntry *e = &g_array_index (entries, SternReviewEntry, ply);

      stern_reviewer_review_action (reviewer, game, ply, NULL, e);
      print_entry (stern_game_get_variant (game), e, o.json);
    }
  print_summary (stern_game_get_variant (game), o.level, (SternReviewEntry *) (void *) entries->data,
                 entries->len, o.json);
  return 0;
}

int
stern_cli_analyse (int argc, char **argv)
{
  ReviewOptions o = {
    .level = STERN_LEVEL_HARD, .depth = ANALYSE_DEFAULT_DEPTH, .preset = STERN_PRESET_TABLE,
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (SternGame) game = NULL;
  g_autoptr (SternReviewer) reviewer = NULL;
  g_autofree SternReviewPath *line = NULL;
  const SternVariant *variant;
  SternPosition pos;
  size_t n;

  if (!take_review_options (&argc, &argv, TRUE, &o))
    return review_usage (NULL);
  if (argc != 1)
    return review_usage (_("analyse takes one position string (quote it)"));
  if (!stern_notation_parse_position (argv[0], &variant, &pos, &error))
    {
      fprintf (stderr, "sternhalma-cli: %s\n", error->message);
      return 1;
    }
  if (!stern_cli_check_preset (o.preset, variant))
    return review_usage (NULL);
  game = stern_game_new_from_position (variant, o.preset, &pos, NULL);

  reviewer = stern_reviewer_new (o.level);
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      char mtf[G_ASCII_DTOSTR_BUF_SIZE];
      int proved = stern_reviewer_proved_moves (reviewer, game, seat);

      format_tenths (mtf, proved >= 0 ? proved
                                      : stern_reviewer_moves_to_finish (reviewer, game, seat));
      printf ("%s %s", stern_seat_colour_name (seat), mtf);
      if (proved >= 0)
        {
          /* Translators: after a player's moves to finish, when the computer
           * proved them (a race ending: the players can no longer meet) */
          g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                "finishes in %d move, proved",
                                                                "finishes in %d moves, proved",
                                                                proved), proved);
          printf (" (%s)", text);
        }
      printf ("%s", stern_variant_is_square (variant) ? "" : "\n");
      if (stern_variant_is_square (variant))
        printf (" tempo %u\n", stern_game_get_tempo (game, seat));
    }
  if (stern_game_is_over (game))
    {
      printf ("line: (the game is over)\n");
      return 0;
    }
  line = g_new (SternReviewPath, o.depth);
  n = stern_reviewer_best_line (reviewer, game, o.depth, NULL, line);
  printf ("line:");
  for (size_t i = 0; i < n; i++)
    {
      g_autofree char *path = stern_notation_format_path_in (variant, line[i].path, line[i].len);
      printf (" %s", path);
    }
  printf (n ? "\n" : " --\n");
  return 0;
}
