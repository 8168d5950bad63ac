/* stern-saved-game.c: saved games and the autosave.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "stern-session"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "stern-computer.h"
#include "stern-file.h"
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
  g_autoptr(SternGame) game = NULL;
  ExtraTags extra = { 0 };
  SternRecordTags tags = { 0 };
  SternGameSetup result = { 0 };
  SternClock result_clock;
  const SternVariant *variant;
  gboolean ok = TRUE;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (setup != NULL && clock != NULL, NULL);

  game = stern_record_read (text, &tags, error);
  if (game == NULL)
    return NULL;

  variant = stern_game_get_variant (game);
  result.variant = variant;
  result.preset = stern_game_get_preset (game);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      const char *name = tags.players[seat];

      result.level[seat] = STERN_COMPUTER_MEDIUM;
      /* What we write ourselves for unnamed players is no name. */
      if (name != NULL && g_strcmp0 (name, "Human") != 0 && !g_str_has_prefix (name, "Computer ("))
        stern_game_setup_set_name (&result, seat, name);
    }
  stern_record_tags_clear (&tags);
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

static char *
check_text (char    *contents,
            gsize    length,
            GError **error)
{
  g_autofree char *owned = contents;

  if (length == 0)
    {
      g_set_error_literal (error, STERN_ERROR, STERN_ERROR_PARSE,
                           _("The file is empty."));
      return NULL;
    }
  if (memchr (owned, '\0', length) != NULL || !g_utf8_validate (owned, (gssize) length, NULL))
    {
      g_set_error_literal (error, STERN_ERROR, STERN_ERROR_PARSE,
                           _("The file is not a text file: it cannot be a game record."));
      return NULL;
    }
  return g_steal_pointer (&owned);
}

char *
stern_saved_game_load_text (GFile   *file,
                            GError **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GFileInfo) info = NULL;
  char *contents = NULL;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  /* A local file (also one from the portal): only a regular file, never
   * waiting on a FIFO nor reading a device (stern-file.h). */
  path = g_file_get_path (file);
  if (path != NULL)
    {
      if (!stern_file_read (path, STERN_SAVED_GAME_MAX_SIZE, &contents, &length, error))
        return NULL;
      return check_text (contents, length, error);
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
  if (g_file_info_get_size (info) > STERN_SAVED_GAME_MAX_SIZE)
    {
      g_set_error_literal (error, STERN_ERROR, STERN_ERROR_PARSE,
                           _("The file is too large to be a game record."));
      return NULL;
    }

  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, error))
    return NULL;
  return check_text (contents, length, error);
}

char *
stern_data_file_keep_aside (const char *path,
                            GError    **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  g_return_val_if_fail (path != NULL, NULL);

  /* Never over an older damaged copy: -2, -3, … when one has this name. */
  for (guint i = 1; i < 100; i++)
    {
      g_autofree char *aside = i == 1 ? g_strdup_printf ("%s.damaged-%s", path, stamp)
                                      : g_strdup_printf ("%s.damaged-%s-%u", path, stamp, i);

      if (g_file_test (aside, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK))
        continue;
      if (g_rename (path, aside) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _("Could not keep %s aside: %s"), path, g_strerror (saved_errno));
          return NULL;
        }
      return g_steal_pointer (&aside);
    }
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
               _("Could not keep %s aside: too many damaged copies"), path);
  return NULL;
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

/* g_file_set_contents() writes "current-game.sgr.XXXXXX" and renames it;
 * a kill in between leaves the temporary file.  The save it was to
 * replace is still there (or there was none), so it is only litter. */
static void
remove_leftover_temp_files (const char *data_dir)
{
  g_autoptr(GDir) dir = g_dir_open (data_dir, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;

      if (strlen (name) != strlen (AUTOSAVE_NAME) + 7 ||
          !g_str_has_prefix (name, AUTOSAVE_NAME ".") ||
          strchr (name + strlen (AUTOSAVE_NAME) + 1, '.') != NULL ||
          strchr (name + strlen (AUTOSAVE_NAME) + 1, '-') != NULL)
        continue;
      path = g_build_filename (data_dir, name, NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) || g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        continue;
      if (g_unlink (path) != 0)
        g_warning ("Could not remove the unfinished save %s: %s", path, g_strerror (errno));
    }
}

/* The line number an engine message begins with ("line 12, column 3: …"),
 * or 0. */
static guint
error_line (const GError *error)
{
  guint64 line;
  const char *p;
  char *end;

  if (error == NULL || (p = strstr (error->message, "line ")) == NULL)
    return 0;
  line = g_ascii_strtoull (p + 5, &end, 10);
  if (end == p + 5 || line > G_MAXUINT)
    return 0;
  return (guint) line;
}

/* The moves that can be read from a damaged save: the text up to the
 * line with the first error, again and again, until the rest reads.  The
 * Ply tag is dropped (it may count moves that are gone): the game is at
 * its last readable move. */
static SternGame *
read_prefix (const char     *text,
             SternGameSetup *setup,
             SternClock     *clock)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n_lines = g_strv_length (lines);

  /* Each round removes at least one line; a few are enough for a save
   * cut short or scribbled over at the end. */
  for (guint attempt = 0; attempt < 8 && n_lines > 0; attempt++)
    {
      g_autoptr(GString) prefix = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      SternGame *game;
      guint bad;

      for (guint i = 0; i < n_lines; i++)
        if (!g_str_has_prefix (lines[i], "[Ply "))
          {
            g_string_append (prefix, lines[i]);
            g_string_append_c (prefix, '\n');
          }
        else
          g_string_append_c (prefix, '\n');   /* keeps the line numbers */
      game = stern_saved_game_read (prefix->str, setup, clock, &error);
      if (game != NULL && stern_game_get_n_actions_total (game) == 0)
        {
          /* Only the header: nothing to restore. */
          stern_game_free (game);
          return NULL;
        }
      if (game != NULL)
        {
          stern_game_seek (game, stern_game_get_n_actions_total (game));
          return game;
        }
      bad = error_line (error);
      if (bad == 0 || bad > n_lines || bad <= 1)
        return NULL;
      n_lines = bad - 1;
    }
  return NULL;
}

/* A message made to be a sentence of its own, as a clause: "The file is
 * empty." → "the file is empty". */
static char *
as_clause (const char *message)
{
  char *clause = g_strdup (message);
  gsize len = strlen (clause);

  while (len > 0 && (clause[len - 1] == '.' || clause[len - 1] == ' '))
    clause[--len] = '\0';
  if (g_ascii_isupper (clause[0]) && g_ascii_islower (clause[1]))
    clause[0] = g_ascii_tolower (clause[0]);
  return clause;
}

SternGame *
stern_autosave_read (const char     *data_dir,
                     SternGameSetup *setup,
                     SternClock     *clock,
                     GError        **damage)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *aside_name = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local = NULL;
  g_autoptr(GError) aside_error = NULL;
  g_autoptr(SternGame) game = NULL;
  g_autofree char *reason = NULL;

  g_return_val_if_fail (data_dir != NULL, NULL);
  g_return_val_if_fail (setup != NULL && clock != NULL, NULL);

  remove_leftover_temp_files (data_dir);

  path = stern_autosave_get_path (data_dir);
  if (!g_file_test (path, G_FILE_TEST_EXISTS) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    return NULL;

  file = g_file_new_for_path (path);
  text = stern_saved_game_load_text (file, &local);
  /* The save is written whole or not at all, so a missing end is damage
   * from outside (a full disk, a copy cut short). */
  if (text != NULL && !g_str_has_suffix (text, END_MARK))
    g_set_error_literal (&local, STERN_ERROR, STERN_ERROR_PARSE,
                         _("the file is cut off"));
  if (local == NULL)
    game = stern_saved_game_read (text, setup, clock, &local);

  if (game != NULL)
    {
      if (stern_game_is_over (game))
        return NULL;
      return g_steal_pointer (&game);
    }

  /* Damaged: kept aside before anything can overwrite it, then whatever
   * moves are readable. */
  g_assert (local != NULL);
  aside = stern_data_file_keep_aside (path, &aside_error);
  if (text != NULL)
    {
      game = read_prefix (text, setup, clock);
      if (game != NULL && stern_game_is_over (game))
        g_clear_pointer (&game, stern_game_free);
    }

  reason = as_clause (local->message);
  if (aside != NULL)
    {
      aside_name = g_path_get_basename (aside);
      /* Translators: the first %s says what is wrong ("line 12, column 3:
       * …"), the second is a file name. */
      g_set_error (damage, STERN_ERROR, STERN_ERROR_PARSE,
                   game != NULL
                   ? _("The saved game could not be read: %s. The moves before the damage "
                       "were restored; the damaged file is kept as %s.")
                   : _("The saved game could not be read: %s. The damaged file is kept as %s."),
                   reason, aside_name);
    }
  else
    /* Translators: the first %s says what is wrong, the second why the
     * file could not be renamed. */
    g_set_error (damage, STERN_ERROR, STERN_ERROR_PARSE,
                 _("The saved game could not be read: %s. %s"),
                 reason, aside_error->message);

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
