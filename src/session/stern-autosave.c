/* stern-autosave.c: the game in progress in the data folder: written
 * whole or as a journal line, read back at the next start (a damaged save
 * kept aside, with the moves before the damage), removed when it ends.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "stern-data-file.h"
#include "stern-ratings.h"
#include "stern-saved-game-private.h"

#define AUTOSAVE_NAME "current-game.sgr"
#define JOURNAL_NAME  AUTOSAVE_NAME STERN_AUTOSAVE_JOURNAL_SUFFIX

char *
stern_autosave_get_path (const char *data_dir)
{
  g_return_val_if_fail (data_dir != NULL, NULL);

  return g_build_filename (data_dir, AUTOSAVE_NAME, NULL);
}

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

static gboolean
write_whole (const char           *data_dir,
             SternAutosaveState   *state,
             const SternGame      *game,
             const SternGameSetup *setup,
             const SternClock     *clock,
             GError              **error)
{
  g_autofree char *path = stern_autosave_get_path (data_dir);
  g_autofree char *target = stern_data_file_target (path);
  g_autofree char *journal = stern_autosave_journal_path (data_dir);
  g_autofree char *text = NULL;
  g_autofree char *journal_text = NULL;
  g_autoptr (GString) out = NULL;
  /* A new number each time, also past one a killed run left on disk. */
  guint64 generation = MAX (state->generation + 1, (guint64) g_get_real_time ());
  guint total = stern_game_get_n_actions_total (game);
  gboolean with_journal;

  text = stern_saved_game_write (game, setup, clock, g_get_monotonic_time ());
  with_journal = strlen (text) >= JOURNAL_MIN_SAVE_BYTES;
  out = g_string_new_len (text, (gssize) (strlen (text) - strlen (STERN_SAVED_GAME_END_MARK)));
  if (with_journal)
    g_string_append_printf (out, STERN_AUTOSAVE_JOURNAL_MARK "%" G_GUINT64_FORMAT "\n", generation);
  g_string_append (out, STERN_SAVED_GAME_END_MARK);
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
  if (!stern_data_file_write (target, out->str, (gssize) out->len, error))
    {
      stern_autosave_state_clear (state);
      return FALSE;
    }
  journal_text = with_journal ? stern_autosave_journal_header (generation) : g_strdup ("");
  if (with_journal && !stern_data_file_write (journal, journal_text, -1, error))
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

  if (!stern_data_file_make_dir (data_dir, error))
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
  g_autoptr (GString) line = NULL;
  guint total, keep;
  int fd;
  gssize written;

  g_return_val_if_fail (data_dir != NULL && state != NULL, FALSE);
  g_return_val_if_fail (game != NULL && setup != NULL, FALSE);

  if (!stern_data_file_make_dir (data_dir, error))
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

  line = stern_autosave_journal_line (game, keep, clock, g_get_monotonic_time ());

  /* One write() of one line: a kill leaves it whole or not there (the
   * reader skips a last line without its end). */
  journal = stern_autosave_journal_path (data_dir);
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
  g_autoptr (GDir) dir = g_dir_open (data_dir, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;

      /* The ratings are written the same way (stern-ratings.c). */
      const char *prefix = g_str_has_prefix (name, JOURNAL_NAME ".")
                           ? JOURNAL_NAME
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
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n_lines = g_strv_length (lines);

  /* Each round removes at least one line; a few are enough for a save
   * cut short or scribbled over at the end. */
  for (guint attempt = 0; attempt < 8 && n_lines > 0; attempt++)
    {
      g_autoptr (GString) prefix = g_string_new (NULL);
      g_autoptr (GError) error = NULL;
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
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) local = NULL;
  g_autoptr (GError) aside_error = NULL;
  g_autoptr (SternGame) game = NULL;
  g_autofree char *reason = NULL;

  g_return_val_if_fail (data_dir != NULL, NULL);
  g_return_val_if_fail (setup != NULL && clock != NULL, NULL);

  /* Another copy's temporary files may be saves under way. */
  if (!stern_autosave_held_elsewhere (data_dir))
    remove_leftover_temp_files (data_dir);

  path = stern_autosave_get_path (data_dir);
  if (!g_file_test (path, G_FILE_TEST_EXISTS) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    return NULL;

  file = g_file_new_for_path (path);
  text = stern_saved_game_load_text (file, &local);
  /* The save is written whole or not at all, so a missing end is damage
   * from outside (a full disk, a copy cut short). */
  if (text != NULL && !g_str_has_suffix (text, STERN_SAVED_GAME_END_MARK))
    g_set_error_literal (&local, STERN_ERROR, STERN_ERROR_PARSE,
                         _("the file is cut off"));
  if (local == NULL)
    game = stern_saved_game_read (text, setup, clock, &local);
  if (game != NULL &&
      !stern_autosave_journal_apply_file (data_dir, text, game, setup, clock, &local))
    {
      /* The save and the journal lines before the damaged one still hold. */
      g_autofree char *journal = stern_autosave_journal_path (data_dir);
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
  path = stern_autosave_journal_path (data_dir);
  if (g_unlink (path) != 0 && errno != ENOENT)
    g_warning ("Could not remove %s: %s", path, g_strerror (errno));
}
