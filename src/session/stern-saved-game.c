/* stern-saved-game.c: saved games and the autosave.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "stern-computer.h"
#include "stern-file.h"
#include "stern-notation.h"
#include "stern-ratings.h"
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
  g_string_append (out, END_MARK);

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
  return stern_saved_game_read_with_warnings (text, setup, clock, NULL, error);
}

SternGame *
stern_saved_game_read_with_warnings (const char     *text,
                                     SternGameSetup *setup,
                                     SternClock     *clock,
                                     GPtrArray      *warnings,
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
  if (warnings != NULL && extra.seats != NULL && !g_str_has_suffix (text, END_MARK))
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
    ok = parse_clock (extra.clock, extra.clock_line, &result, &result_clock, error);
  if (ok && extra.ply != NULL)
    {
      gint64 ply;

      if (!parse_number (extra.ply, G_MAXUINT, &ply))
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
  g_autoptr(GError) local = NULL;
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
  g_autoptr(GFileInfo) info = NULL;
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

static gboolean held_by_another_process (const char *data_dir);

char *
stern_autosave_get_path (const char *data_dir)
{
  g_return_val_if_fail (data_dir != NULL, NULL);

  return g_build_filename (data_dir, AUTOSAVE_NAME, NULL);
}

#define JOURNAL_SUFFIX ".journal"
#define JOURNAL_MARK   "; journal "
/* Appended lines beyond this are written whole instead: a save that
 * catches up on many actions at once is rare (a redo is a Ply change). */
#define JOURNAL_MAX_ACTIONS_PER_LINE 64
/* The journal is folded into the save when it outgrows the save itself
 * (so the whole game is written about once per doubling of its moves), and
 * never for less than this. */
#define JOURNAL_MIN_COMPACT_BYTES 65536
/* A save smaller than this (some 6,000 moves, written in a few
 * milliseconds) is simply written whole each time, with no journal. */
#define JOURNAL_MIN_SAVE_BYTES 65536

static char *save_target (const char *path);

/* Beside the save it belongs to: with a symbolic link in the save's
 * place, beside the file it names (the data folder may be another disk,
 * or be wiped). */
static char *
journal_path (const char *data_dir)
{
  g_autofree char *path = g_build_filename (data_dir, AUTOSAVE_NAME, NULL);
  g_autofree char *target = save_target (path);

  return g_strconcat (target, JOURNAL_SUFFIX, NULL);
}

void
stern_autosave_state_clear (SternAutosaveState *state)
{
  g_return_if_fail (state != NULL);

  g_clear_pointer (&state->action_keys, g_array_unref);
  g_clear_pointer (&state->setup_key, g_free);
  state->known = FALSE;
  state->base_bytes = 0;
  state->journal_bytes = 0;
}

/* 64-bit FNV-1a over what the record writes of an action: two different
 * actions at one index alike by chance (a change the journal would miss)
 * is a chance of one in 2^64. */
static guint64
action_key (const SternAction *action)
{
  const guint64 prime = G_GUINT64_CONSTANT (1099511628211);
  guint64 h = G_GUINT64_CONSTANT (14695981039346656037);

  h = (h ^ (guint64) action->kind) * prime;
  h = (h ^ (guint64) action->seat) * prime;
  h = (h ^ (guint64) action->path_len) * prime;
  for (guint i = 0; i < action->path_len && action->kind == STERN_ACTION_MOVE; i++)
    h = (h ^ (guint64) action->path[i]) * prime;
  return h;
}

static char *
make_setup_key (const SternGame      *game,
                const SternGameSetup *setup)
{
  const SternVariant *variant = stern_game_get_variant (game);
  GString *key = g_string_new (variant->id);

  g_string_append_printf (key, " %d", (int) stern_game_get_preset (game));
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    g_string_append_printf (key, "|%d %d %s", stern_game_setup_is_human (setup, seat),
                            (int) setup->level[seat], setup->names[seat]);
  g_string_append_printf (key, "|%d", setup->unrated);
  return g_string_free (key, FALSE);
}

/* An action as the record writes it. */
static char *
action_token (const SternVariant *variant,
              const SternAction  *action)
{
  switch (action->kind)
    {
    case STERN_ACTION_MOVE:
      return stern_notation_format_path_in (variant, action->path, action->path_len);
    case STERN_ACTION_PASS:
      return g_strdup ("--");
    case STERN_ACTION_RESIGN:
      return g_strdup_printf ("resign(%s)", stern_seat_colour_name (action->seat));
    case STERN_ACTION_TIMEOUT:
      return g_strdup_printf ("timeout(%s)", stern_seat_colour_name (action->seat));
    default:
      g_return_val_if_reached (g_strdup ("?"));
    }
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

/* Where the save is written: through a symbolic link to the file it names
 * (a user who keeps the save elsewhere keeps it there). */
static char *
save_target (const char *path)
{
  g_autofree char *link = NULL;
  g_autofree char *dir = NULL;
  char *real;

  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    return g_strdup (path);
  real = realpath (path, NULL);
  if (real != NULL)
    {
      char *copy = g_strdup (real);

      free (real);
      return copy;
    }
  /* A link to a file not there yet: created where it points. */
  link = g_file_read_link (path, NULL);
  if (link == NULL)
    return g_strdup (path);
  if (g_path_is_absolute (link))
    return g_steal_pointer (&link);
  dir = g_path_get_dirname (path);
  return g_build_filename (dir, link, NULL);
}

/* The folder's entry of a file just renamed into it, on the disk: after
 * a power cut the new save is there, not the old one or none. */
static gboolean
sync_folder_of (const char *path,
                GError    **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);

  if (fd < 0 || fsync (fd) != 0)
    {
      int saved_errno = errno;

      if (fd >= 0)
        g_close (fd, NULL);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not write %s to the disk: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }
  return g_close (fd, error);
}

/* Written, synced (the file and its folder) and renamed over the old one:
 * a save reported done survives a power cut. */
static gboolean
set_contents_durably (const char *path,
                      const char *text,
                      gssize      len,
                      GError    **error)
{
  return g_file_set_contents_full (path, text, len,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   0600, error) &&
         sync_folder_of (path, error);
}

static gboolean
write_whole (const char           *data_dir,
             SternAutosaveState   *state,
             const SternGame      *game,
             const SternGameSetup *setup,
             const SternClock     *clock,
             GError              **error)
{
  g_autofree char *path = stern_autosave_get_path (data_dir);
  g_autofree char *target = save_target (path);
  g_autofree char *journal = journal_path (data_dir);
  g_autofree char *text = NULL;
  g_autofree char *journal_text = NULL;
  g_autoptr(GString) out = NULL;
  /* A new number each time, also past one a killed run left on disk. */
  guint64 generation = MAX (state->generation + 1, (guint64) g_get_real_time ());
  guint total = stern_game_get_n_actions_total (game);
  gboolean with_journal;

  text = stern_saved_game_write (game, setup, clock, g_get_monotonic_time ());
  with_journal = strlen (text) >= JOURNAL_MIN_SAVE_BYTES;
  out = g_string_new_len (text, (gssize) (strlen (text) - strlen (END_MARK)));
  if (with_journal)
    g_string_append_printf (out, JOURNAL_MARK "%" G_GUINT64_FORMAT "\n", generation);
  g_string_append (out, END_MARK);
  /* Never a save the next start would refuse and keep aside: the one on
   * disk stays, and the window says why. */
  if (!stern_saved_game_check_size (out->str, error))
    {
      stern_autosave_state_clear (state);
      return FALSE;
    }

  /* Written to a temporary file and renamed over the old one: a kill
   * leaves the previous save or this one, never half of one.  The journal
   * of the previous one names another number and is not applied. */
  if (!set_contents_durably (target, out->str, (gssize) out->len, error))
    {
      stern_autosave_state_clear (state);
      return FALSE;
    }
  journal_text = with_journal ? g_strdup_printf ("j %" G_GUINT64_FORMAT "\n", generation)
                              : g_strdup ("");
  if (with_journal && !set_contents_durably (journal, journal_text, -1, error))
    {
      stern_autosave_state_clear (state);
      return FALSE;
    }
  if (!with_journal && g_unlink (journal) != 0 && errno != ENOENT)
    g_warning ("Could not remove %s: %s", journal, g_strerror (errno));

  state->known = TRUE;
  state->generation = generation;
  g_free (state->setup_key);
  state->setup_key = make_setup_key (game, setup);
  if (state->action_keys == NULL)
    state->action_keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_array_set_size (state->action_keys, 0);
  for (guint i = 0; i < total; i++)
    {
      guint64 key = action_key (stern_game_get_action (game, i));

      g_array_append_val (state->action_keys, key);
    }
  state->base_bytes = out->len;
  state->journal_bytes = strlen (journal_text);
  state->bytes_written += out->len + strlen (journal_text);
  state->full_writes++;
  return TRUE;
}

static gboolean
ensure_data_dir (const char *data_dir,
                 GError    **error)
{
  if (g_mkdir_with_parents (data_dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not create %s: %s", data_dir, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

gboolean
stern_autosave_write (const char           *data_dir,
                      const SternGame      *game,
                      const SternGameSetup *setup,
                      const SternClock     *clock,
                      GError              **error)
{
  SternAutosaveState state = { 0 };
  gboolean ok;

  g_return_val_if_fail (data_dir != NULL, FALSE);
  g_return_val_if_fail (game != NULL && setup != NULL, FALSE);

  if (!ensure_data_dir (data_dir, error))
    return FALSE;
  ok = write_whole (data_dir, &state, game, setup, clock, error);
  stern_autosave_state_clear (&state);
  return ok;
}

gboolean
stern_autosave_update (const char           *data_dir,
                       SternAutosaveState   *state,
                       const SternGame      *game,
                       const SternGameSetup *setup,
                       const SternClock     *clock,
                       GError              **error)
{
  g_autofree char *key = NULL;
  g_autofree char *journal = NULL;
  g_autoptr(GString) line = NULL;
  guint total, keep;
  int fd;
  gssize written;

  g_return_val_if_fail (data_dir != NULL && state != NULL, FALSE);
  g_return_val_if_fail (game != NULL && setup != NULL, FALSE);

  if (!ensure_data_dir (data_dir, error))
    return FALSE;
  if (!state->known)
    return write_whole (data_dir, state, game, setup, clock, error);
  key = make_setup_key (game, setup);
  if (!g_str_equal (key, state->setup_key) || state->base_bytes < JOURNAL_MIN_SAVE_BYTES ||
      state->journal_bytes > MAX ((gsize) JOURNAL_MIN_COMPACT_BYTES, state->base_bytes))
    return write_whole (data_dir, state, game, setup, clock, error);

  /* Where the history changed: each change is saved as it happens, so the
   * actions before the last one still alike are alike too. */
  total = stern_game_get_n_actions_total (game);
  keep = MIN (total, state->action_keys->len);
  while (keep > 0 &&
         g_array_index (state->action_keys, guint64, keep - 1) !=
         action_key (stern_game_get_action (game, keep - 1)))
    keep--;
  /* Actions dropped (a move from an earlier position, the same as the
   * one it replaced): the line plays the last one again, which is what
   * cuts the history when the journal is read. */
  if (keep < state->action_keys->len && keep == total)
    {
      if (total == 0)
        return write_whole (data_dir, state, game, setup, clock, error);
      keep--;
    }
  if (total - keep > JOURNAL_MAX_ACTIONS_PER_LINE)
    return write_whole (data_dir, state, game, setup, clock, error);

  line = g_string_new (NULL);
  g_string_append_printf (line, "%u %u ", keep, stern_game_get_n_actions (game));
  append_clock (line, clock, g_get_monotonic_time ());
  for (guint i = keep; i < total; i++)
    {
      g_autofree char *token = action_token (stern_game_get_variant (game),
                                             stern_game_get_action (game, i));

      g_string_append_printf (line, " %s", token);
    }
  g_string_append_c (line, '\n');

  /* One write() of one line: a kill leaves it whole or not there (the
   * reader skips a last line without its end). */
  journal = journal_path (data_dir);
  fd = g_open (journal, O_WRONLY | O_APPEND | O_CLOEXEC, 0);
  if (fd < 0)
    return write_whole (data_dir, state, game, setup, clock, error);
  do
    written = write (fd, line->str, line->len);
  while (written < 0 && errno == EINTR);
  if (written != (gssize) line->len)
    {
      int saved_errno = written < 0 ? errno : ENOSPC;

      /* A short line is cut off: one whole line must follow it. */
      if (written > 0 && ftruncate (fd, (off_t) state->journal_bytes) != 0)
        g_warning ("Could not take back a short journal line: %s", g_strerror (errno));
      g_close (fd, NULL);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not write %s: %s", journal, g_strerror (saved_errno));
      return FALSE;
    }
  /* On the disk before the move counts as saved (a power cut). */
  if (fdatasync (fd) != 0)
    {
      int saved_errno = errno;

      g_close (fd, NULL);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not write %s to the disk: %s", journal, g_strerror (saved_errno));
      return FALSE;
    }
  if (!g_close (fd, error))
    return FALSE;

  g_array_set_size (state->action_keys, keep);
  for (guint i = keep; i < total; i++)
    {
      guint64 k = action_key (stern_game_get_action (game, i));

      g_array_append_val (state->action_keys, k);
    }
  state->journal_bytes += line->len;
  state->bytes_written += line->len;
  return TRUE;
}

/* g_file_set_contents() writes "current-game.sgr.XXXXXX" (and
 * "ratings.ini.XXXXXX", "current-game.sgr.journal.XXXXXX") and renames it;
 * a kill in between leaves the temporary file.  The file it was to
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

      /* The ratings are written the same way (stern-ratings.c). */
      const char *prefix = g_str_has_prefix (name, AUTOSAVE_NAME JOURNAL_SUFFIX ".")
                           ? AUTOSAVE_NAME JOURNAL_SUFFIX
                           : g_str_has_prefix (name, STERN_RATINGS_NAME ".")
                           ? STERN_RATINGS_NAME : AUTOSAVE_NAME;

      if (strlen (name) != strlen (prefix) + 7 ||
          !g_str_has_prefix (name, prefix) || name[strlen (prefix)] != '.' ||
          strchr (name + strlen (prefix) + 1, '.') != NULL ||
          strchr (name + strlen (prefix) + 1, '-') != NULL)
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
  g_auto(GStrv) words = g_strsplit (line, " ", -1);
  guint n_words = g_strv_length (words);
  gint64 keep, ply;
  g_autoptr(GError) local = NULL;

  if (n_words < 3 ||
      !parse_number (words[0], stern_game_get_n_actions_total (game), &keep))
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
  if (!parse_number (words[1], stern_game_get_n_actions_total (game), &ply))
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

      if (!parse_clock (spaced, line_number, setup, clock, error))
        return FALSE;
    }
  return TRUE;
}

/* The journal beside a save read from text (stern-saved-game.h): applied
 * to game when it belongs to this save.  A line cut off by a kill is the
 * save that was being made and is skipped; a damaged line stops the
 * journal there, with error. */
gboolean
stern_saved_game_apply_journal (const char     *save_text,
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

  mark = g_strrstr (save_text, "\n" JOURNAL_MARK);
  if (mark == NULL)
    return TRUE;   /* written whole, without a journal */
  mark += 1 + strlen (JOURNAL_MARK);
  number = g_strndup (mark, strcspn (mark, "\n"));
  if (!g_ascii_string_to_unsigned (number, 10, 0, G_MAXUINT64, &generation, NULL))
    return TRUE;
  header = g_strdup_printf ("j %" G_GUINT64_FORMAT "\n", generation);
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

/* The journal file beside the save read from text, applied to game. */
static gboolean
apply_journal (const char     *data_dir,
               const char     *text,
               SternGame      *game,
               SternGameSetup *setup,
               SternClock     *clock,
               GError        **error)
{
  g_autofree char *path = journal_path (data_dir);
  g_autofree char *contents = NULL;
  gsize length;

  if (strstr (text, "\n" JOURNAL_MARK) == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return TRUE;
  if (!stern_file_read (path, STERN_SAVED_GAME_MAX_SIZE, &contents, &length, error))
    return FALSE;
  if (memchr (contents, '\0', length) != NULL)
    {
      g_set_error_literal (error, STERN_ERROR, STERN_ERROR_PARSE,
                           "the journal has a NUL byte in it");
      return FALSE;
    }
  return stern_saved_game_apply_journal (text, contents, game, setup, clock, error);
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

  /* Another copy's temporary files may be saves under way. */
  if (!held_by_another_process (data_dir))
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
  if (game != NULL && !apply_journal (data_dir, text, game, setup, clock, &local))
    {
      /* The save and the journal lines before the damaged one still hold. */
      g_autofree char *journal = journal_path (data_dir);
      g_autofree char *kept = stern_data_file_keep_aside (journal, NULL);
      g_autofree char *kept_name = kept != NULL ? g_path_get_basename (kept) : NULL;
      g_autofree char *why = as_clause (local->message);

      if (kept_name != NULL)
        /* Translators: the first %s says what is wrong ("journal line 3:
         * …"), the second is a file name. */
        g_set_error (damage, STERN_ERROR, STERN_ERROR_PARSE,
                     _("The last moves of the saved game could not be read: %s. The damaged "
                       "journal is kept as %s."), why, kept_name);
      else
        /* Translators: %s says what is wrong ("journal line 3: …") */
        g_set_error (damage, STERN_ERROR, STERN_ERROR_PARSE,
                     _("The last moves of the saved game could not be read: %s."), why);
      g_clear_error (&local);
      if (stern_game_is_over (game))
        return NULL;
      return g_steal_pointer (&game);
    }

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
  g_free (path);
  path = journal_path (data_dir);
  if (g_unlink (path) != 0 && errno != ENOENT)
    g_warning ("Could not remove %s: %s", path, g_strerror (errno));
}

/* The locks this process holds, by data folder: flock() is per open
 * file, so a second match of the same process (a test, a second window)
 * shares the first one's instead of being locked out by it. */
typedef struct {
  int   fd;
  guint count;
} HeldLock;

static GMutex held_locks_mutex;
static GHashTable *held_locks;   /* lock path → HeldLock */

gboolean
stern_autosave_lock (const char  *data_dir,
                     GError     **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GMutexLocker) locker = NULL;
  HeldLock *held;
  int fd;

  g_return_val_if_fail (data_dir != NULL, FALSE);

  if (!ensure_data_dir (data_dir, error))
    return FALSE;
  path = g_build_filename (data_dir, "current-game.lock", NULL);
  locker = g_mutex_locker_new (&held_locks_mutex);
  if (held_locks == NULL)
    held_locks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  held = g_hash_table_lookup (held_locks, path);
  if (held != NULL)
    {
      held->count++;
      return TRUE;
    }

  fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not open %s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  /* flock(), not fcntl() locks: those let go when any descriptor of the
   * file is closed.  The kernel releases it when the process ends, however
   * it ends. */
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved_errno = errno;

      g_close (fd, NULL);
      if (saved_errno == EWOULDBLOCK)
        /* Translators: a clause, after "Your game can’t be saved: "; %s is
         * a folder */
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                     _("another copy of Sternhalma is playing the game saved in %s"), data_dir);
      else
        g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                     "Could not lock %s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  held = g_new0 (HeldLock, 1);
  held->fd = fd;
  held->count = 1;
  g_hash_table_insert (held_locks, g_steal_pointer (&path), held);
  return TRUE;
}

void
stern_autosave_unlock (const char *data_dir)
{
  g_autofree char *path = NULL;
  g_autoptr(GMutexLocker) locker = NULL;
  HeldLock *held;

  g_return_if_fail (data_dir != NULL);

  path = g_build_filename (data_dir, "current-game.lock", NULL);
  locker = g_mutex_locker_new (&held_locks_mutex);
  held = held_locks != NULL ? g_hash_table_lookup (held_locks, path) : NULL;
  g_return_if_fail (held != NULL);
  if (--held->count > 0)
    return;
  g_close (held->fd, NULL);
  g_hash_table_remove (held_locks, path);
}

/* Whether another process holds data_dir's lock (this one's own lock, or
 * none, is not another's).  Makes no lock file where there is none. */
static gboolean
held_by_another_process (const char *data_dir)
{
  g_autofree char *path = g_build_filename (data_dir, "current-game.lock", NULL);
  gboolean busy;
  int fd;

  {
    g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&held_locks_mutex);

    if (held_locks != NULL && g_hash_table_contains (held_locks, path))
      return FALSE;
  }
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW, 0);
  if (fd < 0)
    return FALSE;
  busy = flock (fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  g_close (fd, NULL);   /* lets go of it, if it was taken here */
  return busy;
}
