/* stern-cli-ai.c: bestmove, match and solo, the computer player's commands
 * of sternhalma-cli.  Results go to stdout, one stable line each; timings and
 * diagnostics go to stderr.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-cli-ai.h"
#include "stern-cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "stern-blocker.h"
#include "stern-notation.h"
#include "stern-review.h"
#include "stern-search.h"

#define EXIT_USAGE        2
#define MATCH_MAX_GAMES   100000
#define MATCH_DEFAULT_GAMES 10
/* Presets without a round limit could go on forever between two stubborn
 * players; a match stops a game after this many actions and calls it a draw. */
#define MATCH_MAX_ACTIONS 3000
#define SOLO_MAX_MOVES    500

static int
ai_usage (const char *problem)
{
  if (problem)
    fprintf (stderr, "sternhalma-cli: %s\n", problem);
  fprintf (stderr, "%s",
           _("Usage:\n"
           "  sternhalma-cli bestmove [--preset P] [--movetime MS] LEVEL 'POSITION'\n"
           "  sternhalma-cli bestmove [--movetime MS] LEVEL --record FILE\n"
           "      print the path of the move the computer plays at LEVEL, in a position\n"
           "      or for the side on turn at the end of a game record (which gives the\n"
           "      rules, the move counters and the positions met before)\n"
           "  sternhalma-cli match [--games N] [--seed S] [--preset P] [--blockers] [--records DIR] VARIANT LEVEL LEVEL...\n"
           "      play games between levels, one per seat of the variant, rotating seats;\n"
           "      --blockers starts each game with an opponent marble in the first level's goal;\n"
           "      --records writes each game's record to DIR/game-N.txt\n"
           "  sternhalma-cli solo [--seed S] LEVEL\n"
           "      play the solo variant and print the moves, then their number\n"
           "Levels: easy, medium, hard, expert, and the baselines random, greedy and search3.\n"
           "Presets: table (default), club, race.\n"));
  return EXIT_USAGE;
}


typedef struct {
  SternPreset preset;
  guint64     movetime;
  guint64     games;
  guint64     seed;
  gboolean    blockers;
  const char *record;
  const char *records_dir;
} Options;

/* One option of bestmove, match or solo (the table of each command says
 * which it accepts). */
static gboolean
take_option (const char *name, const char *value, gpointer user_data)
{
  Options *o = user_data;

  if (g_str_equal (name, "--blockers"))
    o->blockers = TRUE;
  else if (g_str_equal (name, "--preset"))
    return stern_cli_parse_preset (value, &o->preset);
  else if (g_str_equal (name, "--movetime"))
    return stern_cli_parse_option_number (value, 1, 3600 * 1000, &o->movetime,
                                          _("sternhalma-cli: --movetime takes milliseconds, 1 to 3600000\n"));
  else if (g_str_equal (name, "--record"))
    o->record = value;
  else if (g_str_equal (name, "--records"))
    o->records_dir = value;
  else if (g_str_equal (name, "--games"))
    return stern_cli_parse_option_number (value, 1, MATCH_MAX_GAMES, &o->games,
                                          _("sternhalma-cli: --games takes a number from 1 to %d\n"),
                                          MATCH_MAX_GAMES);
  else if (g_str_equal (name, "--seed"))
    return stern_cli_parse_option_number (value, 0, G_MAXUINT64, &o->seed,
                                          _("sternhalma-cli: --seed takes a non-negative number\n"));
  return TRUE;
}

static gboolean
take_options (int *argc, char ***argv, const SternCliOption *allowed, Options *o)
{
  return stern_cli_take_options (argc, argv, allowed, take_option, o);
}

static gboolean
lookup_level (const char *name, SternLevel *level)
{
  if (stern_level_lookup (name, level))
    return TRUE;
  fprintf (stderr, _("sternhalma-cli: unknown level \"%s\"\n"), name);
  return FALSE;
}

guint64
stern_cli_move_seed (guint64 seed, guint n_actions)
{
  guint64 x = seed * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + n_actions + 1;

  x ^= x >> 31;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  return x ^ (x >> 29);
}

static char *
format_move (const SternGame *game, const SternMove *move)
{
  uint8_t path[STERN_MAX_PATH];
  size_t len = stern_movegen_path (stern_game_get_rules (game), stern_game_get_position (game),
                                   move->from, move->to, path);

  g_assert (len >= 2);
  return stern_notation_format_path_in (stern_game_get_variant (game), path, len);
}

/* Reads and replays a game record file, or says why not on stderr. */
static SternGame *
read_record (const char *path)
{
  g_autofree char *text = NULL, *decoded = NULL;
  g_autoptr (GError) error = NULL;
  SternGame *game;
  gsize length;

  if (!g_file_get_contents (path, &text, &length, &error))
    {
      fprintf (stderr, "sternhalma-cli: %s\n", error->message);
      return NULL;
    }
  decoded = stern_record_decode (text, length, NULL, &error);
  if (decoded == NULL)
    {
      fprintf (stderr, "sternhalma-cli: %s: %s\n", path, error->message);
      return NULL;
    }
  game = stern_record_read (decoded, NULL, &error);
  if (game == NULL)
    fprintf (stderr, "sternhalma-cli: %s: %s\n", path, error->message);
  return game;
}

int
stern_cli_bestmove (int argc, char **argv)
{
  static const SternCliOption allowed[] = {
    { .name = "--preset", .takes_value = TRUE },
    { .name = "--movetime", .takes_value = TRUE },
    { .name = "--record", .takes_value = TRUE },
    { NULL },
  };
  Options o = { .preset = STERN_PRESET_TABLE };
  gboolean preset_given;
  SternLevel level;
  SternMove move;
  SternSearchInfo info;
  g_autoptr (SternGame) game = NULL;
  g_autoptr (SternSearch) search = NULL;
  g_autofree char *text = NULL;

  if (!take_options (&argc, &argv, allowed, &o))
    return ai_usage (NULL);
  if (argc < 1)
    return ai_usage (_("bestmove takes a level and one position string (quote it)"));
  if (!lookup_level (argv[0], &level))
    return ai_usage (NULL);
  argc--, argv++;
  preset_given = o.preset != STERN_PRESET_TABLE;
  if (!take_options (&argc, &argv, allowed, &o))
    return ai_usage (NULL);
  preset_given |= o.preset != STERN_PRESET_TABLE;

  if (o.record)
    {
      if (argc != 0)
        return ai_usage (_("bestmove takes either a position string or --record FILE, not both"));
      if (preset_given)
        return ai_usage (_("--preset does not go with --record: the record names its rules"));
      game = read_record (o.record);
      if (game == NULL)
        return 1;
    }
  else
    {
      const SternVariant *variant;
      SternPosition pos;
      g_autoptr (GError) error = NULL;

      if (argc != 1)
        return ai_usage (_("bestmove takes a level and one position string (quote it)"));
      if (!stern_notation_parse_position (argv[0], &variant, &pos, &error))
        {
          fprintf (stderr, "sternhalma-cli: %s\n", error->message);
          return 1;
        }
      if (!stern_cli_check_preset (o.preset, variant))
        return ai_usage (NULL);
      game = stern_game_new_from_position (variant, o.preset, &pos, NULL);
      if (!stern_game_is_over (game) && stern_game_get_turn (game) != pos.to_move)
        fprintf (stderr, _("sternhalma-cli: %s has finished or cannot play; %s is on turn\n"),
                 stern_seat_colour_name (pos.to_move),
                 stern_seat_colour_name (stern_game_get_turn (game)));
    }
  if (stern_game_is_over (game))
    {
      fprintf (stderr, _("sternhalma-cli: the game is already over in this position\n"));
      return 1;
    }

  search = stern_search_new ();
  if (!stern_search_choose (search, game, level, 0, (int) o.movetime, NULL, &move))
    {
      printf ("--\n");
      fprintf (stderr, _("sternhalma-cli: %s has no legal move and must pass\n"),
               stern_seat_colour_name (stern_game_get_turn (game)));
      return 0;
    }
  text = format_move (game, &move);
  printf ("%s\n", text);
  stern_search_get_info (search, &info);
  fprintf (stderr, "level %s: depth %u, %" G_GUINT64_FORMAT " nodes, score %d, %.3f s",
           stern_level_name (level), info.depth, info.nodes, info.score, info.seconds);
  if (info.proved_moves > 0)
    fprintf (stderr, ", finishes in %u moves, proved", info.proved_moves);
  fputc ('\n', stderr);
  return 0;
}

typedef struct {
  double   seconds;
  double   max_seconds;
  guint64  moves;
} LevelTime;

/* Writes one game of a match as a record, the levels as the players' names;
 * a record that cannot be written is reported, the match goes on. */
static void
write_match_record (const char *dir, guint64 number, const SternGame *game,
                    const SternLevel *seat_level)
{
  const SternVariant *variant = stern_game_get_variant (game);
  SternRecordTags tags = { 0 };
  g_autofree char *name = g_strdup_printf ("game-%" G_GUINT64_FORMAT ".txt", number);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  for (unsigned i = 0; i < variant->n_players; i++)
    tags.players[variant->seats[i]] = g_strdup (stern_level_name (seat_level[variant->seats[i]]));
  text = stern_record_write (game, &tags);
  stern_record_tags_clear (&tags);
  if (g_mkdir_with_parents (dir, 0755) != 0 ||
      !g_file_set_contents (path, text, -1, &error))
    fprintf (stderr, _("sternhalma-cli: cannot write %s: %s\n"), path,
             error ? error->message : g_strerror (errno));
}

/* The star, three and more players: how far the first level's rear marble
 * trails the others after that seat's MATCH_LAG_MOVE-th move, in holes to
 * the goal (the rear marble's distance less the mean of the others'; 0 in
 * the goal).  With it, match counts the moves that seat made with one
 * marble left outside the goal (alone) and the move that took its last
 * marble out of home: the two ways a straggler costs a place
 * (doc/computer.md, "The rear marble"). */
#define MATCH_LAG_MOVE 25

static double
rear_lag (const SternRules *rules, const SternPosition *pos, unsigned seat)
{
  SternSet marbles = pos->marbles[seat];
  unsigned rear = 0, sum = 0, n = 0;

  while (marbles)
    {
      unsigned d = stern_rules_goal_distance (rules, seat, stern_set_pop (&marbles));

      rear = MAX (rear, d);
      sum += d;
      n++;
    }
  return n > 1 ? rear - (double) (sum - rear) / (n - 1) : 0;
}

/* Square boards, two players: the first level's margin at the end, the
 * other's moves to finish less its own (0 once finished) as the review
 * counts them: 0 for a reply draw, negative for a loss. */
static double
square_margin (SternReviewer *reviewer, const SternGame *game, unsigned seat, unsigned other)
{
  return stern_reviewer_moves_to_finish (reviewer, game, other) -
         stern_reviewer_moves_to_finish (reviewer, game, seat);
}

int
stern_cli_match (int argc, char **argv)
{
  static const SternCliOption allowed[] = {
    { .name = "--games", .takes_value = TRUE },
    { .name = "--seed", .takes_value = TRUE },
    { .name = "--preset", .takes_value = TRUE },
    { .name = "--blockers", .takes_value = FALSE },
    { .name = "--records", .takes_value = TRUE },
    { NULL },
  };
  Options o = { .preset = STERN_PRESET_TABLE, .games = MATCH_DEFAULT_GAMES, .seed = 1 };
  const SternVariant *variant;
  SternLevel levels[STERN_N_SEATS];
  guint64 firsts[STERN_N_LEVELS] = { 0 }, draws = 0, blocked_finished = 0;
  LevelTime times[STERN_N_LEVELS] = { 0 };
  g_autoptr (SternSearch) search = NULL;
  SternReviewer *reviewer = NULL;
  double lag_sum = 0, alone_sum = 0, place_sum = 0, own_moves_sum = 0, left_home_sum = 0;
  double margin_sum = 0, tempo_sum = 0;
  guint64 lag_games = 0, star_games = 0, finished_games = 0, square_games = 0;
  gboolean star_field, square_pair;
  unsigned n;

  if (!take_options (&argc, &argv, allowed, &o))
    return ai_usage (NULL);
  if (argc < 1)
    return ai_usage (_("match takes a variant and a level for each of its seats"));
  variant = stern_cli_lookup_variant (argv[0]);
  if (variant == NULL || !stern_cli_check_preset (o.preset, variant))
    return ai_usage (NULL);
  n = variant->n_players;
  if ((unsigned) argc - 1 != n)
    {
      fprintf (stderr, _("sternhalma-cli: %s has %u seats: give %u levels\n"), variant->id, n, n);
      return ai_usage (NULL);
    }
  for (unsigned i = 0; i < n; i++)
    if (!lookup_level (argv[1 + i], &levels[i]))
      return ai_usage (NULL);
  if (o.blockers && (n != 2 || variant->teams))
    return ai_usage (_("--blockers takes a two-player variant"));

  star_field = !stern_variant_is_square (variant) && n >= 3;
  square_pair = stern_variant_is_square (variant) && n == 2;
  if (square_pair)
    reviewer = stern_reviewer_new (STERN_LEVEL_HARD);
  search = stern_search_new ();
  for (guint64 g = 0; g < o.games; g++)
    {
      g_autoptr (SternGame) game = NULL;
      guint64 seed = o.seed + g;
      SternLevel seat_level[STERN_N_SEATS];
      unsigned blocked_seat = STERN_NO_SEAT;
      GString *line = g_string_new (NULL);
      const char *end;
      gboolean capped = FALSE, level_won[STERN_N_LEVELS] = { FALSE };
      unsigned n_first_units = 0, first_unit = STERN_NO_SEAT;
      /* The seat of the first level (levels[0]) in this game. */
      unsigned first_seat = STERN_NO_SEAT, alone = 0, left_home = 0;
      double lag = -1;

      for (unsigned i = 0; i < n; i++)
        {
          seat_level[variant->seats[i]] = levels[(i + g) % n];
          if ((i + g) % n == 0)
            blocked_seat = first_seat = variant->seats[i];
        }
      if (o.blockers)
        {
          SternRules rules;
          SternPosition pos;

          stern_rules_init (&rules, variant, o.preset);
          if (!stern_blocker_position (&rules, blocked_seat, (unsigned) (g / 2), seed, &pos))
            g_error ("no blocker position for %s", variant->id);
          game = stern_game_new_from_position (variant, o.preset, &pos, NULL);
        }
      else
        game = stern_game_new (variant, o.preset);

      while (!stern_game_is_over (game))
        {
          unsigned seat = stern_game_get_turn (game);
          SternLevel level = seat_level[seat];
          SternSearchInfo info;
          SternMove move;
          g_autoptr (GError) error = NULL;

          if (stern_game_get_n_actions (game) >= MATCH_MAX_ACTIONS)
            {
              capped = TRUE;
              break;
            }
          if (stern_game_must_pass (game))
            {
              if (!stern_game_pass (game, &error))
                g_error ("pass: %s", error->message);
              continue;
            }
          if (!stern_search_choose (search, game, level,
                                    stern_cli_move_seed (seed, stern_game_get_n_actions (game)),
                                    0, NULL, &move))
            g_error ("%s found no move for %s", stern_level_name (level),
                     stern_seat_colour_name (seat));
          stern_search_get_info (search, &info);
          times[level].seconds += info.seconds;
          times[level].max_seconds = MAX (times[level].max_seconds, info.seconds);
          times[level].moves++;
          if (star_field && seat == first_seat)
            {
              const SternRules *rules = stern_game_get_rules (game);
              SternSet own = stern_game_get_position (game)->marbles[seat];

              alone += stern_set_count (own & ~rules->goal[seat]) == 1;
              /* The move that takes the last marble out of home. */
              if (own & rules->home[seat])
                left_home = stern_game_get_moves_made (game, seat) + 1;
            }
          if (!stern_game_play (game, move.from, move.to, &error))
            g_error ("%s played an illegal move: %s", stern_level_name (level), error->message);
          if (star_field && seat == first_seat &&
              stern_game_get_moves_made (game, seat) == MATCH_LAG_MOVE)
            lag = rear_lag (stern_game_get_rules (game), stern_game_get_position (game), seat);
        }

      g_string_append_printf (line, "game %" G_GUINT64_FORMAT ":", g + 1);
      for (unsigned i = 0; i < n; i++)
        {
          unsigned seat = variant->seats[i];
          unsigned place = stern_game_get_place (game, seat);

          g_string_append_printf (line, " %s=%s:%u", stern_seat_colour_name (seat),
                                  stern_level_name (seat_level[seat]), capped ? 0 : place);
          if (!capped && place == 1)
            {
              unsigned unit = variant->teams ? seat % 3 : seat;
              if (first_unit != unit)
                n_first_units += first_unit == STERN_NO_SEAT || first_unit != unit;
              if (first_unit == STERN_NO_SEAT)
                first_unit = unit;
              level_won[seat_level[seat]] = TRUE;
            }
        }
      switch (capped ? STERN_END_NONE : stern_game_get_end_reason (game))
        {
        case STERN_END_FINISHED:    end = "finished"; break;
        case STERN_END_ROUND_LIMIT: end = "round-limit"; break;
        case STERN_END_MOVE_LIMIT:  end = "move-limit"; break;
        case STERN_END_REPETITION:  end = "repetition"; break;
        case STERN_END_NO_MOVES:    end = "no-moves"; break;
        case STERN_END_RESIGNATION: end = "resignation"; break;
        case STERN_END_TIMEOUT:     end = "timeout"; break;
        case STERN_END_HOME_CHECK:  end = "home-check"; break;
        case STERN_END_TEMPO:       end = "tempo-check"; break;
        case STERN_END_NONE:
        default:                    end = "action-cap"; break;
        }
      g_string_append_printf (line, " end=%s rounds=%u", end, stern_game_get_round (game));
      if (star_field && !capped)
        {
          place_sum += stern_game_get_place (game, first_seat);
          alone_sum += alone;
          left_home_sum += left_home;
          star_games++;
          g_string_append_printf (line, " place=%u alone=%u left-home=%u",
                                  stern_game_get_place (game, first_seat), alone, left_home);
          if (stern_game_get_player_state (game, first_seat) == STERN_PLAYER_FINISHED)
            {
              own_moves_sum += stern_game_get_moves_made (game, first_seat);
              finished_games++;
              g_string_append_printf (line, " moves=%u", stern_game_get_moves_made (game, first_seat));
            }
          if (lag >= 0)
            {
              lag_sum += lag;
              lag_games++;
              g_string_append_printf (line, " lag=%.1f", lag);
            }
        }
      if (square_pair && !capped)
        {
          unsigned other = variant->seats[0] == first_seat ? variant->seats[1] : variant->seats[0];
          double margin = square_margin (reviewer, game, first_seat, other);
          int tempo = (int) stern_game_get_tempo (game, other) -
                      (int) stern_game_get_tempo (game, first_seat);

          margin_sum += margin;
          tempo_sum += tempo;
          square_games++;
          g_string_append_printf (line, " margin=%.1f tempo=%d", margin, tempo);
        }
      for (unsigned i = 0; i < n; i++)
        if (stern_game_get_player_state (game, variant->seats[i]) == STERN_PLAYER_ELIMINATED)
          g_string_append_printf (line, " eliminated=%s", stern_seat_colour_name (variant->seats[i]));
      if (o.blockers)
        {
          gboolean done = stern_game_get_player_state (game, blocked_seat) == STERN_PLAYER_FINISHED;

          g_string_append_printf (line, " blocked=%s:%s", stern_seat_colour_name (blocked_seat),
                                  done ? "finished" : "not-finished");
          blocked_finished += done;
        }
      if (capped || stern_game_get_end_reason (game) != STERN_END_FINISHED)
        {
          g_autofree char *fen = stern_notation_format_position (variant, stern_game_get_position (game));
          fprintf (stderr, "game %" G_GUINT64_FORMAT " ended (%s) in: %s\n", g + 1, end, fen);
        }

      if (o.records_dir)
        write_match_record (o.records_dir, g + 1, game, seat_level);

      if (n_first_units == 1)
        {
          for (unsigned l = 0; l < STERN_N_LEVELS; l++)
            if (level_won[l])
              firsts[l]++;
        }
      else
        {
          draws++;
          g_string_append (line, " draw");
        }
      printf ("%s\n", line->str);
      fflush (stdout);
      g_string_free (line, TRUE);
    }

  {
    GString *summary = g_string_new ("summary:");
    gboolean listed[STERN_N_LEVELS] = { FALSE };

    for (unsigned i = 0; i < n; i++)
      if (!listed[levels[i]])
        {
          listed[levels[i]] = TRUE;
          g_string_append_printf (summary, " %s=%" G_GUINT64_FORMAT,
                                  stern_level_name (levels[i]), firsts[levels[i]]);
          if (times[levels[i]].moves > 0)
            fprintf (stderr, "%s: %" G_GUINT64_FORMAT " moves, %.4f s a move on average, %.3f s at most\n",
                     stern_level_name (levels[i]), times[levels[i]].moves,
                     times[levels[i]].seconds / (double) times[levels[i]].moves,
                     times[levels[i]].max_seconds);
        }
    g_string_append_printf (summary, " draws=%" G_GUINT64_FORMAT " games=%" G_GUINT64_FORMAT,
                            draws, o.games);
    if (o.blockers)
      g_string_append_printf (summary, " blocked-finished=%" G_GUINT64_FORMAT, blocked_finished);
    if (star_games > 0)
      g_string_append_printf (summary, " %s-place=%.2f %s-alone=%.2f %s-left-home=%.2f",
                              stern_level_name (levels[0]), place_sum / (double) star_games,
                              stern_level_name (levels[0]), alone_sum / (double) star_games,
                              stern_level_name (levels[0]), left_home_sum / (double) star_games);
    if (finished_games > 0)
      g_string_append_printf (summary, " %s-moves=%.2f", stern_level_name (levels[0]),
                              own_moves_sum / (double) finished_games);
    if (lag_games > 0)
      g_string_append_printf (summary, " %s-lag=%.2f", stern_level_name (levels[0]),
                              lag_sum / (double) lag_games);
    if (square_games > 0)
      g_string_append_printf (summary, " %s-margin=%.2f %s-tempo=%.2f",
                              stern_level_name (levels[0]), margin_sum / (double) square_games,
                              stern_level_name (levels[0]), tempo_sum / (double) square_games);
    printf ("%s\n", summary->str);
    g_string_free (summary, TRUE);
  }
  g_clear_pointer (&reviewer, stern_reviewer_free);
  return 0;
}

int
stern_cli_solo (int argc, char **argv)
{
  static const SternCliOption allowed[] = {
    { .name = "--seed", .takes_value = TRUE },
    { NULL },
  };
  Options o = { .preset = STERN_PRESET_TABLE, .seed = 1 };
  g_autoptr (SternGame) game = NULL;
  g_autoptr (SternSearch) search = NULL;
  SternLevel level;
  unsigned moves = 0;
  double seconds = 0;

  if (!take_options (&argc, &argv, allowed, &o))
    return ai_usage (NULL);
  if (argc != 1)
    return ai_usage (_("solo takes a level"));
  if (!lookup_level (argv[0], &level))
    return ai_usage (NULL);

  game = stern_game_new (stern_variant_lookup ("solo"), STERN_PRESET_TABLE);
  search = stern_search_new ();
  while (!stern_game_is_over (game) && moves < SOLO_MAX_MOVES)
    {
      SternMove move;
      SternSearchInfo info;
      g_autofree char *text = NULL;
      g_autoptr (GError) error = NULL;

      if (!stern_search_choose (search, game, level, stern_cli_move_seed (o.seed, moves), 0, NULL, &move))
        break;
      stern_search_get_info (search, &info);
      seconds += info.seconds;
      text = format_move (game, &move);
      printf ("%s\n", text);
      if (!stern_game_play (game, move.from, move.to, &error))
        g_error ("%s played an illegal move: %s", stern_level_name (level), error->message);
      moves++;
    }
  if (!stern_game_is_over (game))
    fprintf (stderr, _("sternhalma-cli: %s did not finish in %u moves\n"),
             stern_level_name (level), moves);
  fprintf (stderr, "%.3f s in all\n", seconds);
  printf ("moves: %u\n", moves);
  return stern_game_is_over (game) ? 0 : 1;
}

/* Positions the search benchmark plays from, at each level's own budget:
 * a variant's start, or a position string, then so many greedy plies. */
static const struct {
  const char *variant;
  const char *position;
  unsigned    plies;
} bench_cases[] = {
  { "classic-2", NULL, 0 },
  { "classic-2", NULL, 16 },
  { "classic-2",
    "classic-2 white white:m1,l2,k5,j5,i6,h7,l5,k6,j7,m4 black:e17,f16,e15,g13,h12,f12,g11,h10,e13,i11",
    0 },
  { "long-2", NULL, 10 },
  { "classic-6", NULL, 24 },
};

void
stern_cli_bench_search (void)
{
  g_autoptr (SternSearch) search = stern_search_new ();

  for (SternLevel level = STERN_LEVEL_MEDIUM; level <= STERN_LEVEL_EXPERT; level++)
    {
      guint64 nodes = 0;
      double seconds = 0;

      for (size_t i = 0; i < G_N_ELEMENTS (bench_cases); i++)
        {
          const SternVariant *variant = stern_variant_lookup (bench_cases[i].variant);
          g_autoptr (SternGame) game = NULL;
          SternSearchInfo info;
          SternMove move;

          g_assert (variant != NULL);
          if (bench_cases[i].position)
            {
              SternPosition pos;
              g_autoptr (GError) error = NULL;

              if (!stern_notation_parse_position (bench_cases[i].position, NULL, &pos, &error))
                g_error ("bench position: %s", error->message);
              game = stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos, NULL);
            }
          else
            game = stern_game_new (variant, STERN_PRESET_TABLE);
          for (unsigned p = 0; p < bench_cases[i].plies; p++)
            {
              if (!stern_search_choose (search, game, STERN_LEVEL_GREEDY, p, 0, NULL, &move) ||
                  !stern_game_play (game, move.from, move.to, NULL))
                g_error ("bench: greedy could not play");
            }
          if (!stern_search_choose (search, game, level, 1, 0, NULL, &move))
            g_error ("bench: %s found no move", stern_level_name (level));
          stern_search_get_info (search, &info);
          nodes += info.nodes;
          seconds += info.seconds;
        }
      printf ("search %-6s %zu positions: %" G_GUINT64_FORMAT " nodes, %.3f s, %.0f nodes/s\n",
              stern_level_name (level), G_N_ELEMENTS (bench_cases), nodes, seconds,
              seconds > 0 ? (double) nodes / seconds : 0.0);
    }
}

/* The node-count signature: every variant under every preset it allows,
 * from its start and after some greedy plies, at Easy, Medium and Hard,
 * and Expert once a variant (after the plies, table preset: Expert's
 * budget is four to twelve times Hard's, and one search of it a variant
 * keeps the signature quick enough for a test); the safety cap off.  A change meant only to make the engine
 * faster must leave it as it is (CONTRIBUTING.md). */
#define SIGNATURE_PLIES 8

static guint64
signature_mix (guint64 hash, guint64 value)
{
  /* FNV-1a over the value's eight bytes. */
  for (int i = 0; i < 8; i++)
    {
      hash ^= (value >> (8 * i)) & 0xff;
      hash *= G_GUINT64_CONSTANT (0x100000001b3);
    }
  return hash;
}

/* Each level's search from the game as it is, mixed into the signature. */
static void
signature_searches (SternSearch    *search,
                    const SternGame *game,
                    unsigned         ply,
                    gboolean         with_expert,
                    guint64         *hash,
                    guint64         *total,
                    unsigned        *cases)
{
  const SternVariant *variant = stern_game_get_variant (game);

  for (SternLevel level = STERN_LEVEL_EASY;
       level <= (with_expert ? STERN_LEVEL_EXPERT : STERN_LEVEL_HARD); level++)
    {
      g_autofree char *text = NULL;
      SternSearchInfo info;
      SternMove move = { 0 };

      if (!stern_search_choose (search, game, level, 1, 0, NULL, &move))
        continue;
      stern_search_get_info (search, &info);
      text = format_move (game, &move);
      printf ("%-16s %-5s ply %u %-6s %-12s %7" G_GUINT64_FORMAT " nodes, depth %u, score %d\n",
              variant->id, stern_preset_name (stern_game_get_preset (game)), ply,
              stern_level_name (level), text, info.nodes, info.depth, info.score);
      *hash = signature_mix (*hash, info.nodes);
      *hash = signature_mix (*hash, ((guint64) move.from << 8) | move.to);
      *hash = signature_mix (*hash, (guint64) (gint64) info.score);
      *total += info.nodes;
      (*cases)++;
    }
}

int
stern_cli_bench_signature (void)
{
  g_autoptr (SternSearch) search = stern_search_new ();
  guint64 hash = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  guint64 total = 0;
  unsigned cases = 0;

  stern_search_set_uncapped (search, TRUE);
  for (unsigned v = 0; v < STERN_N_ALL_VARIANTS; v++)
    for (SternPreset preset = STERN_PRESET_TABLE; preset <= STERN_PRESET_RACE; preset++)
      {
        const SternVariant *variant = stern_variant_get (v);
        g_autoptr (SternGame) game = NULL;

        if (!stern_preset_allows_variant (preset, variant))
          continue;
        game = stern_game_new (variant, preset);
        /* From the start, then after the greedy plies. */
        for (unsigned ply = 0; ply <= SIGNATURE_PLIES; ply++)
          {
            SternMove move;

            if (ply == 0 || ply == SIGNATURE_PLIES)
              signature_searches (search, game, ply,
                                  ply == SIGNATURE_PLIES && preset == STERN_PRESET_TABLE,
                                  &hash, &total, &cases);
            if (stern_game_is_over (game) ||
                !stern_search_choose (search, game, STERN_LEVEL_GREEDY, ply, 0, NULL, &move) ||
                !stern_game_play (game, move.from, move.to, NULL))
              break;
          }
      }
  printf ("Bench: %" G_GUINT64_FORMAT " nodes in %u searches, signature %016" G_GINT64_MODIFIER "x\n",
          total, cases, hash);
  return 0;
}
