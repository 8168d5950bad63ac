/* stern-match-hint.c: the computer's suggestion for the human on turn.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-match-private.h"

#include <string.h>

#include "stern-computer.h"

/* The hint is the Hard level's move. */
#define HINT_LEVEL STERN_LEVEL_HARD

static void
hint_chosen (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  SternMatch *self = g_task_get_source_object (task);
  guint for_actions = GPOINTER_TO_UINT (g_task_get_task_data (task));
  g_autoptr (GError) error = NULL;
  guint8 path[STERN_MAX_PATH];
  SternMove move;
  gsize len;

  if (!stern_computer_choose_finish (result, &move, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* Only for the position still on the board. */
  if (self->game == NULL || stern_game_get_n_actions (self->game) != for_actions ||
      !stern_game_is_legal (self->game, move.from, move.to))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               "The position changed before the hint was found");
      return;
    }

  len = stern_movegen_path (stern_game_get_rules (self->game),
                            stern_game_get_position (self->game),
                            move.from, move.to, path);
  g_task_return_pointer (task, g_bytes_new (path, len), (GDestroyNotify) g_bytes_unref);
}

void
stern_match_hint_async (SternMatch          *self,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (STERN_IS_MATCH (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, stern_match_hint_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (stern_game_get_n_actions (self->game)), NULL);

  if (!stern_match_human_to_play (self))
    {
      g_task_return_new_error (task, STERN_ERROR, STERN_ERROR_ILLEGAL,
                               "No local player is on turn");
      return;
    }

  stern_computer_choose_async (self->game, HINT_LEVEL, g_random_int (), 0, NULL,
                               cancellable, NULL, NULL, hint_chosen, g_steal_pointer (&task));
}

gboolean
stern_match_hint_finish (SternMatch    *self,
                         GAsyncResult  *result,
                         guint8        *path,
                         gsize         *len,
                         GError       **error)
{
  g_autoptr (GBytes) bytes = NULL;
  gsize size;
  const guint8 *data;

  g_return_val_if_fail (STERN_IS_MATCH (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (path != NULL && len != NULL, FALSE);

  bytes = g_task_propagate_pointer (G_TASK (result), error);
  if (bytes == NULL)
    return FALSE;

  data = g_bytes_get_data (bytes, &size);
  g_assert (size <= STERN_MAX_PATH);
  memcpy (path, data, size);
  *len = size;
  return TRUE;
}
