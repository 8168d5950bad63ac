/* stern-saved-game.c: the saved-game file: the engine's record with our
 * own tags (seats, clock, rating, position shown), read from and written
 * to text, and a file loaded as text with the user's limits.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <sys/stat.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "stern-computer.h"
#include "stern-file.h"
#include "stern-notation.h"
#include "stern-saved-game.h"
#include "stern-saved-game-private.h"

static void
append_tag (GString    *out,
            const char *name,
            const char *value)
{
  /* Our values never hold quotes or backslashes. */
  g_string_append_printf (out, "[%s \"%s\"]\n", name, value);
}

char *
stern_saved_game_write (const SternGame      *game,
                        const SternGameSetup *setup,
                        const SternClock     *clock,
                        gint64                now_us)
{
  const SternVariant *variant;
  g_autoptr (SternGame) whole = NULL;
  g_autoptr (GString) extra = g_string_new (NULL);
  g_autoptr (GString) seats = g_string_new (NULL);
  g_autoptr (GDateTime) today = g_date_time_new_now_local ();
  SternRecordTags tags = { 0 };
  g_autofree char *record = NULL;
  g_autofree char *ply = NULL;
  GString *out;
  const char *header_end;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (setup != NULL && setup->variant == stern_game_get_variant (game), NULL);

  variant = stern_game_get_variant (game);

  /* The whole history, the undone moves too; Ply says where we are.  At
   * the end (while playing) the game itself: a copy of a long game costs
   * a third of the save. */
  if (stern_game_get_n_actions (game) < stern_game_get_n_actions_total (game))
    {
      whole = stern_game_copy (game);
      stern_game_seek (whole, stern_game_get_n_actions_total (whole));
    }

  tags.date = g_date_time_format (today, "%Y.%m.%d");
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];

      if (setup->names[seat][0] != '\0')
        tags.players[seat] = g_strdup (setup->names[seat]);
      if (stern_game_setup_is_human (setup, seat))
        {
          if (tags.players[seat] == NULL)
            tags.players[seat] = g_strdup ("Human");
          g_string_append (seats, "human");
        }
      else
        {
          const char *level = stern_computer_level_name (setup->level[seat]);

          if (tags.players[seat] == NULL)
            tags.players[seat] = g_strdup_printf ("Computer (%s)", level);
          g_string_append_printf (seats, "computer:%s", level);
        }
      if (i + 1 < variant->n_players)
        g_string_append_c (seats, ' ');
    }
  record = stern_record_write (whole != NULL ? whole : game, &tags);
  stern_record_tags_clear (&tags);

  append_tag (extra, "Seats", seats->str);
  if (clock != NULL && clock->enabled)
    {
      g_string_append_printf (extra, "[Clock \"%" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                              (gint64) (clock->reserve_us / 1000),
                              (gint64) (clock->increment_us / 1000));
      for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
        g_string_append_printf (extra, " %" G_GINT64_FORMAT,
                                (gint64) (stern_clock_remaining_us (clock, seat, now_us) / 1000));
      g_string_append (extra, "\"]\n");
    }
  if (setup->unrated)
    append_tag (extra, "Rated", "no");
  ply = g_strdup_printf ("%u", stern_game_get_n_actions (game));
  append_tag (extra, "Ply", ply);

  /* The extra tags go at the end of the header: the blank line. */
  header_end = strstr (record, "\n\n");
  out = g_string_new (NULL);
  if (header_end != NULL)
    {
      g_string_append_len (out, record, header_end + 1 - record);
      g_string_append (out, extra->str);
      g_string_append (out, header_end + 1);
    }
  else
    {
      g_string_append (out, record);
      g_string_append (out, extra->str);
    }
  if (out->len > 0 && out->str[out->len - 1] != '\n')
    g_string_append_c (out, '\n');
  g_string_append (out, STERN_SAVED_GAME_END_MARK);

  return g_string_free (out, FALSE);
}

/* Our own tags, read from the header lines (before the first move). */
typedef struct {
  char     *seats;
  char     *clock;
  char     *ply;
  char     *rated;
  unsigned  seats_line;
  unsigned  clock_line;
  unsigned  ply_line;
  unsigned  rated_line;
} ExtraTags;

static void
extra_tags_clear (ExtraTags *extra)
{
  g_clear_pointer (&extra->seats, g_free);
  g_clear_pointer (&extra->clock, g_free);
  g_clear_pointer (&extra->ply, g_free);
  g_clear_pointer (&extra->rated, g_free);
}

static void
scan_extra_tags (const char *text,
                 ExtraTags  *extra)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      const char *name, *value, *close;
      char **slot;
      unsigned *slot_line;
      gsize name_len;

      while (*line == ' ' || *line == '\t')
        line++;
      if (*line == '\0' || *line == ';' || *line == '#' || *line == '\r')
        continue;
      if (*line != '[')
        break;   /* the moves begin: no more tags */

      name = line + 1;
      value = strchr (name, '"');
      if (value == NULL)
        continue;
      name_len = strcspn (name, " \"");
      if (name_len == 5 && strncmp (name, "Seats", 5) == 0)
        slot = &extra->seats, slot_line = &extra->seats_line;
      else if (name_len == 5 && strncmp (name, "Clock", 5) == 0)
        slot = &extra->clock, slot_line = &extra->clock_line;
      else if (name_len == 3 && strncmp (name, "Ply", 3) == 0)
        slot = &extra->ply, slot_line = &extra->ply_line;
      else if (name_len == 5 && strncmp (name, "Rated", 5) == 0)
        slot = &extra->rated, slot_line = &extra->rated_line;
      else
        continue;

      value++;
      close = strchr (value, '"');
      if (close == NULL)
        continue;   /* the engine's reader has already refused it */
      g_free (*slot);
      *slot = g_strndup (value, close - value);
      *slot_line = i + 1;
    }
}

static gboolean
parse_seats (const char         *text,
             unsigned            line,
             const SternVariant *variant,
             SternGameSetup     *setup,
             GError            **error)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);

  if (g_strv_length (words) != variant->n_players)
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "line %u: the Seats tag names %u players, the variant has %u",
                   line, g_strv_length (words), (unsigned) variant->n_players);
      return FALSE;
    }

  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      const char *word = words[i];

      if (g_str_equal (word, "human"))
        setup->computer[seat] = FALSE;
      else if (g_str_has_prefix (word, "computer:") &&
               g_strcmp0 (stern_computer_level_name (stern_computer_level_from_name (word + 9)),
                          word + 9) == 0)
        {
          setup->computer[seat] = TRUE;
          setup->level[seat] = stern_computer_level_from_name (word + 9);
        }
      else
        {
          g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                       "line %u: \"%.20s\" in the Seats tag is neither human nor "
                       "computer:easy, medium, hard or expert", line, word);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
stern_saved_game_parse_number (const char *text,
                               gint64      max,
                               gint64     *value)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (text, 10, 0, (guint64) max, &v, NULL))
    return FALSE;
  *value = (gint64) v;
  return TRUE;
}

/* A week is more than any reserve the game offers. */
#define MAX_CLOCK_MS ((gint64) 7 * 24 * 3600 * 1000)

gboolean
stern_saved_game_parse_clock (const char     *text,
                              unsigned        line,
                              SternGameSetup *setup,
                              SternClock     *clock,
                              GError        **error)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  gint64 reserve, increment, left[STERN_N_SEATS];
  gboolean ok = g_strv_length (words) == 2 + STERN_N_SEATS;

  ok = ok && stern_saved_game_parse_number (words[0], MAX_CLOCK_MS, &reserve) && reserve > 0;
  ok = ok && stern_saved_game_parse_number (words[1], MAX_CLOCK_MS, &increment);
  for (unsigned seat = 0; ok && seat < STERN_N_SEATS; seat++)
    ok = stern_saved_game_parse_number (words[2 + seat], MAX_CLOCK_MS, &left[seat]);
  if (!ok)
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "line %u: the Clock tag should hold the reserve, the increment "
                   "and six times left, in milliseconds", line);
      return FALSE;
    }

  stern_clock_init (clock, reserve, increment);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    clock->remaining_us[seat] = left[seat] * 1000;
  /* The setup counts whole seconds (the New Game choices); the clock
   * keeps the milliseconds, and they are what is written back.  A
   * reserve under a second is still a clock. */
  setup->clock_reserve_s = (guint) ((reserve + 999) / 1000);
  setup->clock_increment_s = (guint) (increment / 1000);
  return TRUE;
}

SternGame *
stern_saved_game_read (const char     *text,
                       SternGameSetup *setup,
                       SternClock     *clock,
                       GError        **error)
{
  return stern_saved_game_read_with_warnings (text, setup, clock, NULL, error);
}

SternGame *
stern_saved_game_read_with_warnings (const char     *text,
                                     SternGameSetup *setup,
                                     SternClock     *clock,
                                     GPtrArray      *warnings,
                                     GError        **error)
{
  g_autoptr (SternGame) game = NULL;
  ExtraTags extra = { 0 };
  SternRecordTags tags = { 0 };
  SternGameSetup result = { 0 };
  SternClock result_clock;
  const SternVariant *variant;
  gboolean ok = TRUE;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (setup != NULL && clock != NULL, NULL);

  game = stern_record_read_with_warnings (text, &tags, warnings, error);
  if (game == NULL)
    return NULL;

  variant = stern_game_get_variant (game);
  result.variant = variant;
  result.preset = stern_game_get_preset (game);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      const char *name = tags.players[seat];

      result.level[seat] = STERN_LEVEL_MEDIUM;
      /* What we write ourselves for unnamed players is no name. */
      if (name != NULL && g_strcmp0 (name, "Human") != 0 && !g_str_has_prefix (name, "Computer ("))
        stern_game_setup_set_name (&result, seat, name);
    }
  stern_record_tags_clear (&tags);
  stern_clock_init (&result_clock, 0, 0);

  scan_extra_tags (text, &extra);
  /* The game ends each file it writes with "; end": a file of ours
   * without it was cut short, perhaps inside a move that still reads. */
  if (warnings != NULL && extra.seats != NULL &&
      !g_str_has_suffix (text, STERN_SAVED_GAME_END_MARK))
    {
      guint lines = 1;

      for (const char *c = text; *c != '\0'; c++)
        if (*c == '\n' && c[1] != '\0')
          lines++;
      g_ptr_array_add (warnings,
                       g_strdup_printf ("line %u: the file ends without its last line \"; end\": "
                                        "it may have been cut short, and its last move may be "
                                        "only part of the one played", lines));
    }
  if (extra.seats != NULL)
    ok = parse_seats (extra.seats, extra.seats_line, variant, &result, error);
  if (ok && extra.clock != NULL)
    ok = stern_saved_game_parse_clock (extra.clock, extra.clock_line, &result, &result_clock,
                                       error);
  if (ok && extra.ply != NULL)
    {
      gint64 ply;

      if (!stern_saved_game_parse_number (extra.ply, G_MAXUINT, &ply))
        {
          g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                       "line %u: the Ply tag should be a number of moves from 0 to %u",
                       extra.ply_line, stern_game_get_n_actions_total (game));
          ok = FALSE;
        }
      else if (ply > stern_game_get_n_actions_total (game))
        {
          /* Written by the game, so the record lost moves on the way (cut
           * short, or cut inside a move that still reads). */
          if (warnings != NULL)
            g_ptr_array_add (warnings,
                             g_strdup_printf ("line %u: the Ply tag says the game was at move %"
                                              G_GINT64_FORMAT ", but the record has %u moves: "
                                              "it may have been cut short",
                                              extra.ply_line, ply,
                                              stern_game_get_n_actions_total (game)));
          stern_game_seek (game, stern_game_get_n_actions_total (game));
        }
      else
        stern_game_seek (game, (guint) ply);
    }
  /* Only "no" is written; anything else is a game still rated. */
  result.unrated = g_strcmp0 (extra.rated, "no") == 0;
  extra_tags_clear (&extra);

  if (!ok)
    return NULL;

  *setup = result;
  *clock = result_clock;
  return g_steal_pointer (&game);
}

static char *
check_text (char      *contents,
            gsize      length,
            GPtrArray *warnings,
            GError   **error)
{
  g_autofree char *owned = contents;
  g_autoptr (GError) local = NULL;
  char *text;

  if (length == 0)
    {
      g_set_error_literal (error, STERN_ERROR, STERN_ERROR_PARSE,
                           _("The file is empty."));
      return NULL;
    }
  text = stern_record_decode (owned, length, warnings, &local);
  if (text == NULL)
    {
      /* The engine's clause ("the file is UTF-16 text …") as a sentence. */
      local->message[0] = g_ascii_toupper (local->message[0]);
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE, "%s.", local->message);
      return NULL;
    }
  return text;
}

char *
stern_saved_game_load_text (GFile   *file,
                            GError **error)
{
  return stern_saved_game_load_text_with_warnings (file, NULL, error);
}

static void
set_too_big (GError **error,
             guint64  size,
             gsize    max)
{
  g_autofree char *size_text = g_format_size (size);
  g_autofree char *max_text = g_format_size (max);

  /* Translators: both %s are sizes, such as "4.4 MB" */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
               _("The file is too big for a game record: %s; a game record can be at most %s."),
               size_text, max_text);
}

gboolean
stern_saved_game_check_size (const char *text,
                             GError    **error)
{
  gsize len;

  g_return_val_if_fail (text != NULL, FALSE);

  len = strlen (text);
  if (len <= STERN_SAVED_GAME_MAX_SIZE)
    return TRUE;
  {
    g_autofree char *size_text = g_format_size (len);
    g_autofree char *max_text = g_format_size (STERN_SAVED_GAME_MAX_SIZE);

    /* Translators: both %s are sizes, such as "4.4 MB" */
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                 _("The game is too long to be saved: it needs %s, and a saved game can be "
                   "at most %s."), size_text, max_text);
  }
  return FALSE;
}

static char *
load_text (GFile     *file,
           gsize      max,
           GPtrArray *warnings,
           GError   **error)
{
  g_autofree char *path = NULL;
  g_autoptr (GFileInfo) info = NULL;
  char *contents = NULL;
  gsize length;
  GStatBuf st;

  /* A local file (also one from the portal): only a regular file, never
   * waiting on a FIFO nor reading a device (stern-file.h). */
  path = g_file_get_path (file);
  if (path != NULL)
    {
      /* Too big is said as such, with the size: it is a game record all
       * the same, and may be opened when asked to. */
      if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode) && (guint64) st.st_size > max)
        {
          set_too_big (error, (guint64) st.st_size, max);
          return NULL;
        }
      if (!stern_file_read (path, max, &contents, &length, error))
        return NULL;
      return check_text (contents, length, warnings, error);
    }

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error_literal (error, STERN_ERROR, STERN_ERROR_PARSE,
                           _("This is not a file that can hold a game record."));
      return NULL;
    }
  if ((guint64) g_file_info_get_size (info) > max)
    {
      set_too_big (error, (guint64) g_file_info_get_size (info), max);
      return NULL;
    }

  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, error))
    return NULL;
  return check_text (contents, length, warnings, error);
}

char *
stern_saved_game_load_text_with_warnings (GFile     *file,
                                          GPtrArray *warnings,
                                          GError   **error)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  return load_text (file, STERN_SAVED_GAME_MAX_SIZE, warnings, error);
}

char *
stern_saved_game_load_text_any_size (GFile     *file,
                                     GPtrArray *warnings,
                                     GError   **error)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  return load_text (file, STERN_SAVED_GAME_MAX_SIZE_ANYWAY, warnings, error);
}
