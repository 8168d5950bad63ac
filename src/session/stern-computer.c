/* stern-computer.c: the computer opponent: the engine's search in a thread.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-computer.h"

#include "stern-search.h"

/* The club's takeover level (stern_rules_takeover_level) is a play level. */
G_STATIC_ASSERT (STERN_LEVEL_MEDIUM == 1);

const char *
stern_computer_level_name (SternLevel level)
{
  if ((guint) level >= STERN_N_PLAY_LEVELS)
    level = STERN_LEVEL_MEDIUM;
  return stern_level_name (level);
}

SternLevel
stern_computer_level_from_name (const char *name)
{
  SternLevel level;

  if (name != NULL && stern_level_lookup (name, &level) && level < STERN_N_PLAY_LEVELS)
    return level;
  return STERN_LEVEL_MEDIUM;
}

typedef struct {
  SternGame *game;
  SternLevel level;
  guint32    seed;
  int        movetime_ms;
  GCancellable *hurry;   /* cancelled: answer with the best move so far */
  gint       stop;       /* set from the cancelling thread, polled by the search */
  /* 1 when handed to the worker, 2 when it is done with it.  GTask hands
   * data between threads through GLib's futex locks, which ThreadSanitizer
   * cannot see; these atomic stores (releases) and loads (acquires) show it
   * the same order. */
  gint       handed;
  /* Progress goes to target on the caller's context, while the search
   * is wanted (cancellable not cancelled). */
  SternComputerProgressFunc progress;
  GObject      *target;
  GMainContext *context;
  GCancellable *cancellable;
} ChooseData;

/* One report of progress on its way to the caller's context. */
typedef struct {
  SternComputerProgressFunc progress;
  GObject      *target;
  GCancellable *cancellable;
  double        fraction;
  gint          ready;  /* stored last, read first: the hand-off TSan sees */
} Progress;

/* The worker's answer, with the same release/acquire pair. */
typedef struct {
  SternMove move;
  gint      ready;
} Choice;

static gboolean
release_target (gpointer target)
{
  g_object_unref (target);
  return G_SOURCE_REMOVE;
}

static void
choose_data_free (gpointer data)
{
  ChooseData *cd = data;

  /* Either thread may drop the task last. */
  (void) g_atomic_int_get (&cd->handed);
  g_clear_pointer (&cd->game, stern_game_free);
  g_clear_object (&cd->hurry);
  /* The worker may drop the task last; the target (a player) is let go
   * on its own context, where it lives and may be disposed. */
  if (cd->target != NULL)
    {
      /* Not g_main_context_invoke: that runs at once on this thread when
       * the context is free. */
      g_autoptr (GSource) idle = g_idle_source_new ();

      g_source_set_callback (idle, release_target, g_steal_pointer (&cd->target), NULL);
      g_source_attach (idle, cd->context);
    }
  g_clear_pointer (&cd->context, g_main_context_unref);
  g_clear_object (&cd->cancellable);
  g_free (cd);
}

static void
progress_free (gpointer data)
{
  Progress *p = data;

  (void) g_atomic_int_get (&p->ready);

  g_clear_object (&p->target);
  g_clear_object (&p->cancellable);
  g_free (p);
}

static gboolean
progress_arrived (gpointer data)
{
  Progress *p = data;

  (void) g_atomic_int_get (&p->ready);
  /* A report that was on its way when the search was called off. */
  if (p->cancellable == NULL || !g_cancellable_is_cancelled (p->cancellable))
    p->progress (p->target, p->fraction);
  return G_SOURCE_REMOVE;
}

/* On the worker thread, from the search. */
static void
progress_made (double   fraction,
               gpointer data)
{
  ChooseData *cd = data;
  Progress *p = g_new0 (Progress, 1);

  p->progress = cd->progress;
  p->target = g_object_ref (cd->target);
  p->cancellable = cd->cancellable != NULL ? g_object_ref (cd->cancellable) : NULL;
  p->fraction = fraction;
  g_atomic_int_set (&p->ready, 1);
  {
    g_autoptr (GSource) idle = g_idle_source_new ();

    g_source_set_priority (idle, G_PRIORITY_DEFAULT);
    g_source_set_callback (idle, progress_arrived, p, progress_free);
    g_source_attach (idle, cd->context);
  }
}

static void
stop_search (GCancellable *cancellable,
             gpointer      data)
{
  g_atomic_int_set ((gint *) data, 1);
}

static void
choose_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ChooseData *cd = task_data;
  g_autoptr (SternSearch) search = stern_search_new ();
  SternMove choice;
  Choice *answer;
  gulong handler = 0, hurry_handler = 0;
  gboolean found, over;

  g_assert (g_atomic_int_get (&cd->handed) == 1);
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (stop_search), &cd->stop, NULL);
  /* Hurried, the search stops too, but its move is the answer. */
  if (cd->hurry != NULL)
    hurry_handler = g_cancellable_connect (cd->hurry, G_CALLBACK (stop_search), &cd->stop, NULL);
  if (cd->progress != NULL)
    stern_search_set_progress (search, progress_made, cd);
  found = stern_search_choose (search, cd->game, cd->level, cd->seed,
                               cd->movetime_ms, &cd->stop, &choice);
  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, handler);
  if (cd->hurry != NULL)
    g_cancellable_disconnect (cd->hurry, hurry_handler);
  /* The handler has run, if at all (disconnect waits for it): read its
   * store once more so that ThreadSanitizer sees it too. */
  (void) g_atomic_int_get (&cd->stop);
  over = stern_game_is_over (cd->game);
  g_atomic_int_set (&cd->handed, 2);

  if (g_task_return_error_if_cancelled (task))
    return;
  if (!found)
    {
      g_task_return_new_error (task, STERN_ERROR,
                               over ? STERN_ERROR_GAME_OVER : STERN_ERROR_ILLEGAL,
                               "The seat on turn has no legal move");
      return;
    }
  answer = g_new0 (Choice, 1);
  answer->move = choice;
  g_atomic_int_set (&answer->ready, 1);
  g_task_return_pointer (task, answer, g_free);
}

void
stern_computer_choose_async (const SternGame     *game,
                             SternLevel           level,
                             guint32              seed,
                             int                  movetime_ms,
                             GCancellable        *hurry,
                             GCancellable        *cancellable,
                             SternComputerProgressFunc progress,
                             GObject             *target,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  ChooseData *cd;

  g_return_if_fail (game != NULL);
  g_return_if_fail (hurry == NULL || G_IS_CANCELLABLE (hurry));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));
  g_return_if_fail (progress == NULL || G_IS_OBJECT (target));

  cd = g_new0 (ChooseData, 1);
  cd->game = stern_game_copy_recent (game, STERN_SEARCH_LOOKBACK);
  cd->level = level;
  cd->movetime_ms = movetime_ms;
  cd->seed = seed;
  cd->hurry = hurry != NULL ? g_object_ref (hurry) : NULL;
  if (progress != NULL)
    {
      cd->progress = progress;
      cd->target = g_object_ref (target);
      cd->context = g_main_context_ref_thread_default ();
      cd->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
    }

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, stern_computer_choose_async);
  g_task_set_name (task, "[sternhalma] computer move");
  g_task_set_task_data (task, cd, choose_data_free);
  g_atomic_int_set (&cd->handed, 1);
  g_task_run_in_thread (task, choose_thread);
}

gboolean
stern_computer_choose_finish (GAsyncResult  *result,
                              SternMove     *move,
                              GError       **error)
{
  g_autofree Choice *chosen = NULL;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == stern_computer_choose_async, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  chosen = g_task_propagate_pointer (G_TASK (result), error);
  if (chosen == NULL)
    return FALSE;

  g_assert (g_atomic_int_get (&chosen->ready) == 1);
  *move = chosen->move;
  return TRUE;
}
