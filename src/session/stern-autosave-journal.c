/* stern-autosave-journal.c: the autosave's journal, a line for each save
 * since the game was last written whole (its format: stern-autosave.h):
 * the line written, and the lines played back onto the save they follow.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "stern-data-file.h"
#include "stern-file.h"
#include "stern-notation.h"
#include "stern-saved-game-private.h"

/* Beside the save it belongs to: with a symbolic link in the save's
 * place, beside the file it names (the data folder may be another disk,
 * or be wiped). */
char *
stern_autosave_journal_path (const char *data_dir)
{
  g_autofree char *path = stern_autosave_get_path (data_dir);
  g_autofree char *target = stern_data_file_target (path);

  return g_strconcat (target, STERN_AUTOSAVE_JOURNAL_SUFFIX, NULL);
}

char *
stern_autosave_journal_header (guint64 generation)
{
  return g_strdup_printf ("j %" G_GUINT64_FORMAT "\n", generation);
}

static void
append_clock (GString          *out,
              const SternClock *clock,
              gint64            now_us)
{
  if (clock == NULL || !clock->enabled)
    {
      g_string_append_c (out, '-');
      return;
    }
  g_string_append_printf (out, "%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT,
                          (gint64) (clock->reserve_us / 1000), (gint64) (clock->increment_us / 1000));
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    g_string_append_printf (out, ",%" G_GINT64_FORMAT,
                            (gint64) (stern_clock_remaining_us (clock, seat, now_us) / 1000));
}

GString *
stern_autosave_journal_line (const SternGame  *game,
                             guint             keep,
                             const SternClock *clock,
                             gint64            now_us)
{
  GString *line = g_string_new (NULL);

  g_string_append_printf (line, "%u %u ", keep, stern_game_get_n_actions (game));
  append_clock (line, clock, now_us);
  for (guint i = keep; i < stern_game_get_n_actions_total (game); i++)
    {
      g_autofree char *token = stern_notation_format_action (stern_game_get_variant (game),
                                             stern_game_get_action (game, i));

      g_string_append_printf (line, " %s", token);
    }
  g_string_append_c (line, '\n');
  return line;
}

/* Plays one action written as the record writes it. */
static gboolean
play_record_token (SternGame  *game,
                   const char *token,
                   GError    **error)
{
  const char *open = strchr (token, '(');

  if (g_str_equal (token, "--"))
    return stern_game_pass (game, error);
  if (open != NULL && g_str_has_suffix (token, ")"))
    {
      unsigned seat = stern_seat_from_colour_name (open + 1, strlen (open + 1) - 1);

      if (seat != STERN_NO_SEAT && strncmp (token, "resign(", 7) == 0)
        return stern_game_resign (game, seat, error);
      if (seat != STERN_NO_SEAT && strncmp (token, "timeout(", 8) == 0)
        return stern_game_timeout (game, seat, error);
    }
  {
    uint8_t path[STERN_MAX_PATH];
    size_t len;

    if (!stern_notation_parse_path_in (stern_game_get_variant (game), token, path, &len, error))
      return FALSE;
    return stern_game_play_path (game, path, len, error);
  }
}

static gboolean
apply_journal_line (const char     *line,
                    guint           line_number,
                    SternGame      *game,
                    SternGameSetup *setup,
                    SternClock     *clock,
                    guint          *shown,
                    GError        **error)
{
  g_auto (GStrv) words = g_strsplit (line, " ", -1);
  guint n_words = g_strv_length (words);
  gint64 keep, ply;
  g_autoptr (GError) local = NULL;

  if (n_words < 3 ||
      !stern_saved_game_parse_number (words[0], stern_game_get_n_actions_total (game), &keep))
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "journal line %u: expected the moves kept, the move shown and the clock",
                   line_number);
      return FALSE;
    }
  /* Only a line that plays goes to its position: the others say which
   * position is shown, and the game goes there once, after the last line
   * (a journal of lines going back and forth over a long game costs no
   * more than its moves). */
  if (n_words > 3)
    stern_game_seek (game, (guint) keep);
  for (guint i = 3; i < n_words; i++)
    if (!play_record_token (game, words[i], &local))
      {
        g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE, "journal line %u: %.30s: %s",
                     line_number, words[i], local->message);
        return FALSE;
      }
  if (!stern_saved_game_parse_number (words[1], stern_game_get_n_actions_total (game), &ply))
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "journal line %u: the move shown should be a number from 0 to %u",
                   line_number, stern_game_get_n_actions_total (game));
      return FALSE;
    }
  *shown = (guint) ply;
  if (!g_str_equal (words[2], "-"))
    {
      g_autofree char *spaced = g_strdelimit (g_strdup (words[2]), ",", ' ');

      if (!stern_saved_game_parse_clock (spaced, line_number, setup, clock, error))
        return FALSE;
    }
  return TRUE;
}

/* A line cut off by a kill is the save that was being made and is
 * skipped; a damaged line stops the journal there, with error. */
gboolean
stern_autosave_apply_journal (const char     *save_text,
                              const char     *journal_text,
                              SternGame      *game,
                              SternGameSetup *setup,
                              SternClock     *clock,
                              GError        **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *header = NULL;
  const char *mark;
  g_autofree char *number = NULL;
  guint64 generation;
  char *p, *end;
  guint line_number = 1;
  guint shown;

  g_return_val_if_fail (save_text != NULL && journal_text != NULL, FALSE);
  g_return_val_if_fail (game != NULL && setup != NULL && clock != NULL, FALSE);

  mark = g_strrstr (save_text, "\n" STERN_AUTOSAVE_JOURNAL_MARK);
  if (mark == NULL)
    return TRUE;   /* written whole, without a journal */
  mark += 1 + strlen (STERN_AUTOSAVE_JOURNAL_MARK);
  number = g_strndup (mark, strcspn (mark, "\n"));
  if (!g_ascii_string_to_unsigned (number, 10, 0, G_MAXUINT64, &generation, NULL))
    return TRUE;
  header = stern_autosave_journal_header (generation);
  if (!g_str_has_prefix (journal_text, header))
    return TRUE;   /* an older save's journal: its moves are in this one */

  contents = g_strdup (journal_text);
  shown = stern_game_get_n_actions (game);
  for (p = contents + strlen (header); *p != '\0'; p = end + 1)
    {
      line_number++;
      end = strchr (p, '\n');
      if (end == NULL)
        break;     /* cut off by a kill while it was written */
      *end = '\0';
      if (!apply_journal_line (p, line_number, game, setup, clock, &shown, error))
        {
          stern_game_seek (game, MIN (shown, stern_game_get_n_actions_total (game)));
          return FALSE;
        }
    }
  stern_game_seek (game, MIN (shown, stern_game_get_n_actions_total (game)));
  return TRUE;
}

gboolean
stern_autosave_journal_apply_file (const char     *data_dir,
                                   const char     *text,
                                   SternGame      *game,
                                   SternGameSetup *setup,
                                   SternClock     *clock,
                                   GError        **error)
{
  g_autofree char *path = stern_autosave_journal_path (data_dir);
  g_autofree char *contents = NULL;
  gsize length;

  if (strstr (text, "\n" STERN_AUTOSAVE_JOURNAL_MARK) == NULL ||
      !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return TRUE;
  if (!stern_file_read (path, STERN_SAVED_GAME_MAX_SIZE, &contents, &length, error))
    return FALSE;
  if (memchr (contents, '\0', length) != NULL)
    {
      g_set_error_literal (error, STERN_ERROR, STERN_ERROR_PARSE,
                           "the journal has a NUL byte in it");
      return FALSE;
    }
  return stern_autosave_apply_journal (text, contents, game, setup, clock, error);
}
