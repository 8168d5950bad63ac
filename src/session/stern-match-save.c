/* stern-match-save.c: what a match keeps on disk: the autosave of the game
 * in progress (with the data folder's lock), the notices of damaged data,
 * the ratings of a finished game, and a saved game's text.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-match-private.h"

#include <glib/gi18n-lib.h>

#include "stern-autosave.h"
#include "stern-data-file.h"
#include "stern-rating.h"
#include "stern-ratings.h"
#include "stern-saved-game.h"

static void
set_save_error (SternMatch   *self,
                const GError *error)
{
  /* Failing again with the moves the user saved to a file loses nothing
   * (the clock's times aside). */
  gboolean unsaved = error != NULL &&
                     !(self->saved_elsewhere &&
                       self->saved_n_total == stern_game_get_n_actions_total (self->game) &&
                       self->saved_n == stern_game_get_n_actions (self->game));

  if (error == NULL)
    self->saved_elsewhere = FALSE;

  if (error != NULL || self->save_error != NULL)
    {
      g_clear_error (&self->save_error);
      if (error != NULL)
        self->save_error = g_error_copy (error);
      g_object_notify_by_pspec (G_OBJECT (self), stern_match_properties[PROP_SAVE_ERROR]);
    }
  if (unsaved != self->unsaved)
    {
      self->unsaved = unsaved;
      g_object_notify_by_pspec (G_OBJECT (self), stern_match_properties[PROP_UNSAVED]);
    }
}

void
stern_match_set_notice (SternMatch *self,
            const char *notice)
{
  if (g_strcmp0 (notice, self->notice) == 0)
    return;
  g_free (self->notice);
  self->notice = g_strdup (notice);
  g_object_notify_by_pspec (G_OBJECT (self), stern_match_properties[PROP_NOTICE]);
}

void
stern_match_autosave (SternMatch *self)
{
  g_autoptr (GError) error = NULL;
  SternClock clock;

  g_return_if_fail (STERN_IS_MATCH (self));

  if (self->data_dir == NULL || self->autosave_held || self->game == NULL)
    return;

  /* The save on disk is another copy's game: never written over, never
   * removed.  The moves here are unsaved (the banner, the question on
   * quitting), as when the disk is full. */
  if (self->lock_error != NULL)
    {
      if (stern_game_get_n_actions_total (self->game) > 0 && !stern_match_game_over_at_end (self->game))
        set_save_error (self, self->lock_error);
      return;
    }

  if (self->keep_replaced)
    {
      set_save_error (self, NULL);
      return;
    }

  /* Nothing to continue: a game not begun, or one that has ended. */
  if (stern_game_get_n_actions_total (self->game) == 0 || stern_match_game_over_at_end (self->game))
    {
      stern_autosave_delete (self->data_dir);
      stern_autosave_state_clear (&self->autosave_state);
      set_save_error (self, NULL);
      return;
    }

  stern_game_clock_get_state (self->clock, &clock);
  if (!stern_autosave_update (self->data_dir, &self->autosave_state, self->game, &self->setup,
                              &clock, &error))
    {
      /* Told once by the property; the log gets each failure. */
      g_warning ("Could not save the game in progress: %s", error->message);
      set_save_error (self, error);
    }
  else
    set_save_error (self, NULL);
}

const GError *
stern_match_get_save_error (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  return self->save_error;
}

gboolean
stern_match_has_unsaved_moves (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->unsaved;
}

void
stern_match_mark_saved (SternMatch *self)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  if (self->game != NULL)
    {
      self->saved_elsewhere = TRUE;
      self->saved_n_total = stern_game_get_n_actions_total (self->game);
      self->saved_n = stern_game_get_n_actions (self->game);
    }
  if (self->unsaved)
    {
      self->unsaved = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), stern_match_properties[PROP_UNSAVED]);
    }
}

const char *
stern_match_get_notice (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  return self->notice;
}

void
stern_match_clear_notice (SternMatch *self)
{
  g_return_if_fail (STERN_IS_MATCH (self));
  stern_match_set_notice (self, NULL);
}

SternGame *
stern_match_read_autosave (SternMatch     *self,
                           SternGameSetup *setup,
                           SternClock     *clock)
{
  g_autoptr (GError) damage = NULL;
  SternGame *game;

  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  g_return_val_if_fail (setup != NULL && clock != NULL, NULL);

  if (self->data_dir == NULL)
    return NULL;

  game = stern_autosave_read (self->data_dir, setup, clock, &damage);
  if (damage != NULL)
    {
      /* Told to the user by the notice; a warning would be a second alarm. */
      g_message ("%s", damage->message);
      stern_match_set_notice (self, damage->message);
    }
  return game;
}

void
stern_match_count_game (SternMatch *self)
{
  g_autoptr (SternRatings) ratings = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) lock_error = NULL;
  g_autofree char *path = NULL;
  g_auto (SternRatingsLock) lock = -1;
  SternGameSetup setup = self->setup;

  if (self->data_dir == NULL)
    return;

  /* A human the computer took over from (club) still played the game. */
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (self->replaced[seat])
      setup.computer[seat] = FALSE;

  path = stern_ratings_get_path (self->data_dir);
  /* Another copy counting a game meanwhile would write its count over
   * this one's, or this one over it. */
  lock = stern_ratings_lock (path, &lock_error);
  if (lock < 0)
    g_warning ("Counting the game without the ratings lock: %s", lock_error->message);
  ratings = stern_ratings_load (path, &error);
  if (error != NULL)
    {
      g_autoptr (GError) aside_error = NULL;
      g_autofree char *aside = stern_data_file_keep_aside (path, &aside_error);
      g_autofree char *notice = NULL;

      if (aside == NULL)
        {
          /* Not written over what could not be kept: the game is not
           * counted rather than the history lost. */
          notice = g_strdup_printf (_("The ratings file is damaged (%s) and could not be "
                                      "kept aside (%s): this game is not counted."),
                                    error->message, aside_error->message);
          g_warning ("%s", notice);
          stern_match_set_notice (self, notice);
          return;
        }
      else
        {
          g_autofree char *aside_name = g_path_get_basename (aside);

          /* Translators: the first %s says what is wrong, the second is a
           * file name. */
          notice = g_strdup_printf (_("Part of the ratings file could not be read (%s). "
                                      "What could be read is kept; the damaged file is "
                                      "saved as %s."), error->message, aside_name);
        }
      g_message ("%s", notice);
      stern_match_set_notice (self, notice);
      g_clear_error (&error);
    }

  self->rating_before = stern_ratings_get_rating (ratings);
  if (!stern_ratings_add_game (ratings, self->game, &setup))
    return;
  self->rating_counted = stern_rating_game_is_rated (self->game) &&
                         stern_ratings_setup_is_rated (&setup);
  self->rating_after = stern_ratings_get_rating (ratings);
  if (!stern_ratings_save (ratings, path, &error))
    {
      g_autofree char *notice = g_strdup_printf (_("The rating could not be saved: %s"),
                                                 error->message);

      g_warning ("%s", notice);
      stern_match_set_notice (self, notice);
    }
}

gboolean
stern_match_get_rating_change (SternMatch *self,
                               double     *before,
                               double     *after)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  g_return_val_if_fail (before != NULL && after != NULL, FALSE);

  *before = self->rating_before;
  *after = self->rating_after;
  return self->rating_counted;
}

char *
stern_match_write (SternMatch *self)
{
  SternClock clock;

  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);

  stern_game_clock_get_state (self->clock, &clock);
  return stern_saved_game_write (self->game, &self->setup, &clock, g_get_monotonic_time ());
}

void
stern_match_set_data_dir (SternMatch *self,
                          const char *dir)
{
  g_return_if_fail (STERN_IS_MATCH (self));

  if (g_strcmp0 (self->data_dir, dir) == 0)
    return;
  g_free (self->data_dir);
  self->data_dir = g_strdup (dir);
  stern_autosave_state_clear (&self->autosave_state);
  self->keep_replaced = FALSE;
  if (self->locked_dir != NULL)
    stern_autosave_unlock (self->locked_dir);
  g_clear_pointer (&self->locked_dir, g_free);
  g_clear_error (&self->lock_error);
  if (dir != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (stern_autosave_lock (dir, &error))
        self->locked_dir = g_strdup (dir);
      /* Any other failure shows at the first save. */
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
        self->lock_error = g_steal_pointer (&error);
    }
  g_object_notify_by_pspec (G_OBJECT (self), stern_match_properties[PROP_DATA_DIR]);
}

const char *
stern_match_get_data_dir (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  return self->data_dir;
}

void
stern_match_set_autosave_held (SternMatch *self,
                               gboolean    held)
{
  g_return_if_fail (STERN_IS_MATCH (self));
  self->autosave_held = !!held;
}

const GError *
stern_match_get_data_dir_busy (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), NULL);
  return self->lock_error;
}

gboolean
stern_match_get_autosave_held (SternMatch *self)
{
  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  return self->autosave_held;
}
