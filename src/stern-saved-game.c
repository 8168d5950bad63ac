/* stern-saved-game.c: saved games and the autosave.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "stern-computer.h"
#include "stern-notation.h"
#include "stern-saved-game.h"

#define AUTOSAVE_NAME "current-game.sgr"
#define END_MARK      "; end\n"

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
  g_autoptr(SternGame) whole = NULL;
  g_autoptr(GString) extra = g_string_new (NULL);
  g_autoptr(GString) seats = g_string_new (NULL);
  g_autoptr(GDateTime) today = g_date_time_new_now_local ();
  SternRecordTags tags = { 0 };
  g_autofree char *record = NULL;
  g_autofree char *ply = NULL;
  GString *out;
  const char *header_end;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (setup != NULL && setup->variant == stern_game_get_variant (game), NULL);

  variant = stern_game_get_variant (game);

  /* The whole history, the undone moves too; Ply says where we are. */
  whole = stern_game_copy (game);
  stern_game_seek (whole, stern_game_get_n_actions_total (whole));

  tags.date = g_date_time_format (today, "%Y.%m.%d");
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];

      if (stern_game_setup_is_human (setup, seat))
        {
          tags.players[seat] = g_strdup ("Human");
          g_string_append (seats, "human");
        }
      else
        {
          const char *level = stern_computer_level_name (setup->level[seat]);

          tags.players[seat] = g_strdup_printf ("Computer (%s)", level);
          g_string_append_printf (seats, "computer:%s", level);
        }
      if (i + 1 < variant->n_players)
        g_string_append_c (seats, ' ');
    }
  record = stern_record_write (whole, &tags);
  stern_record_tags_clear (&tags);

  append_tag (extra, "Seats", seats->str);
  if (clock != NULL && clock->enabled)
    {
      g_string_append_printf (extra, "[Clock \"%" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                              (gint64) setup->clock_reserve_s * 1000,
                              (gint64) (clock->increment_us / 1000));
      for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
        g_string_append_printf (extra, " %" G_GINT64_FORMAT,
                                (gint64) (stern_clock_remaining_us (clock, seat, now_us) / 1000));
      g_string_append (extra, "\"]\n");
    }
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
  g_string_append (out, END_MARK);

  return g_string_free (out, FALSE);
}

/* Our own tags, read from the header lines (before the first move). */
typedef struct {
  char     *seats;
  char     *clock;
  char     *ply;
  unsigned  seats_line;
  unsigned  clock_line;
  unsigned  ply_line;
} ExtraTags;

static void
extra_tags_clear (ExtraTags *extra)
{
  g_clear_pointer (&extra->seats, g_free);
  g_clear_pointer (&extra->clock, g_free);
  g_clear_pointer (&extra->ply, g_free);
}

static void
scan_extra_tags (const char *text,
                 ExtraTags  *extra)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

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
  g_auto(GStrv) words = g_strsplit (text, " ", -1);

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

static gboolean
parse_number (const char *text,
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

static gboolean
parse_clock (const char     *text,
             unsigned        line,
             SternGameSetup *setup,
             SternClock     *clock,
             GError        **error)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  gint64 reserve, increment, left[STERN_N_SEATS];
  gboolean ok = g_strv_length (words) == 2 + STERN_N_SEATS;

  ok = ok && parse_number (words[0], MAX_CLOCK_MS, &reserve) && reserve > 0;
  ok = ok && parse_number (words[1], MAX_CLOCK_MS, &increment);
  for (unsigned seat = 0; ok && seat < STERN_N_SEATS; seat++)
    ok = parse_number (words[2 + seat], MAX_CLOCK_MS, &left[seat]);
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
  setup->clock_reserve_s = (guint) (reserve / 1000);
  setup->clock_increment_s = (guint) (increment / 1000);
  return TRUE;
}

SternGame *
stern_saved_game_read (const char     *text,
                       SternGameSetup *setup,
                       SternClock     *clock,
                       GError        **error)
{
  g_autoptr(SternGame) game = NULL;
  ExtraTags extra = { 0 };
  SternGameSetup result = { 0 };
  SternClock result_clock;
  const SternVariant *variant;
  gboolean ok = TRUE;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (setup != NULL && clock != NULL, NULL);

  game = stern_record_read (text, NULL, error);
  if (game == NULL)
    return NULL;

  variant = stern_game_get_variant (game);
  /* The window draws only the star for now (issue 12). */
  if (stern_variant_is_square (variant))
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL,
                   "%s is played on a square board, which the window cannot show yet; "
                   "use sternhalma-cli replay", variant->id);
      return NULL;
    }
  result.variant = variant;
  result.preset = stern_game_get_preset (game);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    result.level[seat] = STERN_COMPUTER_MEDIUM;
  stern_clock_init (&result_clock, 0, 0);

  scan_extra_tags (text, &extra);
  if (extra.seats != NULL)
    ok = parse_seats (extra.seats, extra.seats_line, variant, &result, error);
  if (ok && extra.clock != NULL)
    ok = parse_clock (extra.clock, extra.clock_line, &result, &result_clock, error);
  if (ok && extra.ply != NULL)
    {
      gint64 ply;

      if (!parse_number (extra.ply, stern_game_get_n_actions_total (game), &ply))
        {
          g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                       "line %u: the Ply tag should be a number of moves from 0 to %u",
                       extra.ply_line, stern_game_get_n_actions_total (game));
          ok = FALSE;
        }
      else
        stern_game_seek (game, (guint) ply);
    }
  extra_tags_clear (&extra);

  if (!ok)
    return NULL;

  *setup = result;
  *clock = result_clock;
  return g_steal_pointer (&game);
}

char *
stern_saved_game_load_text (GFile   *file,
                            GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                            NULL, error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_size (info) > STERN_SAVED_GAME_MAX_SIZE)
    {
      g_set_error_literal (error, STERN_ERROR, STERN_ERROR_PARSE,
                           _("The file is too large to be a game record."));
      return NULL;
    }

  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, error))
    return NULL;

  if (length == 0)
    {
      g_set_error_literal (error, STERN_ERROR, STERN_ERROR_PARSE,
                           _("The file is empty."));
      return NULL;
    }
  if (memchr (contents, '\0', length) != NULL || !g_utf8_validate (contents, (gssize) length, NULL))
    {
      g_set_error_literal (error, STERN_ERROR, STERN_ERROR_PARSE,
                           _("The file is not a text file: it cannot be a game record."));
      return NULL;
    }

  return g_steal_pointer (&contents);
}

/* ------------------------------------------------------------------ */
/* The autosave                                                        */

char *
stern_autosave_get_path (const char *data_dir)
{
  g_return_val_if_fail (data_dir != NULL, NULL);

  return g_build_filename (data_dir, AUTOSAVE_NAME, NULL);
}

gboolean
stern_autosave_write (const char           *data_dir,
                      const SternGame      *game,
                      const SternGameSetup *setup,
                      const SternClock     *clock,
                      GError              **error)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (data_dir != NULL, FALSE);
  g_return_val_if_fail (game != NULL && setup != NULL, FALSE);

  if (g_mkdir_with_parents (data_dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not create %s: %s", data_dir, g_strerror (saved_errno));
      return FALSE;
    }

  path = stern_autosave_get_path (data_dir);
  text = stern_saved_game_write (game, setup, clock, g_get_monotonic_time ());
  /* Written to a temporary file and renamed over the old one: a crash
   * leaves the previous save or this one, never half of one. */
  return g_file_set_contents (path, text, -1, error);
}

SternGame *
stern_autosave_read (const char     *data_dir,
                     SternGameSetup *setup,
                     SternClock     *clock,
                     GError        **error)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local = NULL;
  g_autoptr(SternGame) game = NULL;

  g_return_val_if_fail (data_dir != NULL, NULL);

  path = stern_autosave_get_path (data_dir);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;

  file = g_file_new_for_path (path);
  text = stern_saved_game_load_text (file, &local);
  if (text == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", path);
      return NULL;
    }

  /* The save is written whole or not at all, so a missing end is damage
   * from outside (a full disk, a copy cut short). */
  if (!g_str_has_suffix (text, END_MARK))
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "%s: the saved game is cut off", path);
      return NULL;
    }

  game = stern_saved_game_read (text, setup, clock, &local);
  if (game == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", path);
      return NULL;
    }

  if (stern_game_is_over (game))
    return NULL;

  return g_steal_pointer (&game);
}

void
stern_autosave_delete (const char *data_dir)
{
  g_autofree char *path = NULL;

  g_return_if_fail (data_dir != NULL);

  path = stern_autosave_get_path (data_dir);
  if (g_unlink (path) != 0 && errno != ENOENT)
    g_warning ("Could not remove %s: %s", path, g_strerror (errno));
}
