/* stern-game-review.c: the review of a game in a worker thread.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-game-review.h"

#include <string.h>

struct _SternGameReview {
  GObject       parent_instance;

  SternGame    *game;
  SternLevel    level;
  GCancellable *cancellable;
  GWeakRef      match;          /* followed: a new game there cancels the review */
  GArray       *entries;      /* SternReviewEntry, once complete */
  double        start[STERN_N_SEATS];
  SternReviewer *judge;       /* the exercises', made at the first answer */
  guint         reviewed;
  gboolean      running;
  gboolean      complete;
  gboolean      cancelled;
};

G_DEFINE_FINAL_TYPE (SternGameReview, stern_game_review, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LEVEL,
  PROP_PROGRESS,
  PROP_REVIEWED,
  PROP_RUNNING,
  PROP_COMPLETE,
  PROP_CANCELLED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* What the worker owns while it runs: its own copy of the game; the
 * counter it bumps is read on the main context through a weak reference
 * to the review, so a progress report that arrives late finds nothing. */
typedef struct {
  SternGame *game;
  SternLevel level;
  gint       stop;
  gint       reviewed;
  GWeakRef   review;
  GMainContext *context;
  /* 1 when the rest is written for the worker, 2 when it is done with it;
   * each side reads it first (as Result's written, the other way). */
  gint       handed;
  /* References: the task's and each progress report's.  Counted here
   * rather than in a GLib refcounted box, whose atomics are inside GLib
   * where ThreadSanitizer cannot see them. */
  gint       refs;
} Work;

typedef struct {
  GArray *entries;
  double  start[STERN_N_SEATS];
  /* Set by the worker when it has written the rest, read first by the main
   * thread.  GTask hands the result over through GLib's futex locks, which
   * ThreadSanitizer cannot see; this atomic store (a release) and load (an
   * acquire) show it the same order. */
  gint    written;
} Result;

static void
work_clear (gpointer data)
{
  Work *work = data;

  (void) g_atomic_int_get (&work->handed);
  g_clear_pointer (&work->game, stern_game_free);
  g_weak_ref_clear (&work->review);
  g_clear_pointer (&work->context, g_main_context_unref);
}

static Work *
work_ref (Work *work)
{
  g_atomic_int_inc (&work->refs);
  return work;
}

static void
work_unref (gpointer data)
{
  Work *work = data;

  if (g_atomic_int_dec_and_test (&work->refs))
    {
      work_clear (work);
      g_free (work);
    }
}

static void
result_free (gpointer data)
{
  Result *result = data;

  g_clear_pointer (&result->entries, g_array_unref);
  g_free (result);
}

static gboolean
report_progress (gpointer data)
{
  Work *work = data;
  g_autoptr (SternGameReview) self = g_weak_ref_get (&work->review);
  guint reviewed = (guint) g_atomic_int_get (&work->reviewed);

  if (self != NULL && self->running && reviewed > self->reviewed)
    {
      self->reviewed = reviewed;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEWED]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
    }
  return G_SOURCE_REMOVE;
}

static void
stop_work (GCancellable *cancellable, gpointer data)
{
  g_atomic_int_set ((gint *) data, 1);
}

static void
review_thread (GTask *task, gpointer source_object, gpointer task_data,
               GCancellable *cancellable)
{
  Work *work = task_data;
  g_autoptr (SternReviewer) reviewer = NULL;
  const SternVariant *variant;
  guint total;
  Result *result = g_new0 (Result, 1);
  gulong handler;

  g_assert (g_atomic_int_get (&work->handed) == 1);
  variant = stern_game_get_variant (work->game);
  total = stern_game_get_n_actions (work->game);
  reviewer = stern_reviewer_new (work->level);
  handler = g_cancellable_connect (cancellable, G_CALLBACK (stop_work), &work->stop, NULL);
  result->entries = g_array_sized_new (FALSE, TRUE, sizeof (SternReviewEntry), total);
  g_array_set_size (result->entries, total);
  for (guint ply = 0; ply < total && !g_atomic_int_get (&work->stop); ply++)
    {
      SternReviewEntry *e = &g_array_index (result->entries, SternReviewEntry, ply);

      stern_reviewer_review_action (reviewer, work->game, ply, &work->stop, e);
      g_atomic_int_set (&work->reviewed, (gint) ply + 1);
      g_main_context_invoke_full (work->context, G_PRIORITY_DEFAULT, report_progress,
                                  work_ref (work),
                                  work_unref);
    }
  /* The chart's start: each seat's moves to finish before its first move. */
  for (unsigned i = 0; i < variant->n_players && !g_atomic_int_get (&work->stop); i++)
    {
      unsigned seat = variant->seats[i];
      guint first = G_MAXUINT;

      for (guint ply = 0; ply < total && first == G_MAXUINT; ply++)
        if (g_array_index (result->entries, SternReviewEntry, ply).seat == seat &&
            g_array_index (result->entries, SternReviewEntry, ply).kind == STERN_ACTION_MOVE)
          first = ply;
      result->start[seat] = first != G_MAXUINT
        ? g_array_index (result->entries, SternReviewEntry, first).before : 0.0;
    }
  g_cancellable_disconnect (cancellable, handler);
  (void) g_atomic_int_get (&work->stop);
  /* Done with work: whoever frees it reads this first. */
  g_atomic_int_set (&work->handed, 2);

  if (g_task_return_error_if_cancelled (task))
    {
      result_free (result);
      return;
    }
  g_atomic_int_set (&result->written, 1);
  g_task_return_pointer (task, result, result_free);
}

static void
set_state (SternGameReview *self, gboolean running, gboolean complete, gboolean cancelled)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->running != running)
    {
      self->running = running;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
    }
  if (self->complete != complete)
    {
      self->complete = complete;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
    }
  if (self->cancelled != cancelled)
    {
      self->cancelled = cancelled;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CANCELLED]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* Called in the thread that started the review, with the reference start
 * took: the task has no source object, so that the worker, which may let
 * go of the task last, never finalizes the review in its thread. */
static void
review_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (SternGameReview) self = user_data;
  g_autoptr (GError) error = NULL;
  Result *result = g_task_propagate_pointer (G_TASK (res), &error);

  g_clear_object (&self->cancellable);
  if (result == NULL)
    {
      set_state (self, FALSE, FALSE, TRUE);
      return;
    }
  g_assert (g_atomic_int_get (&result->written) == 1);
  self->entries = g_steal_pointer (&result->entries);
  memcpy (self->start, result->start, sizeof self->start);
  result_free (result);
  self->reviewed = self->entries->len;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEWED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
  set_state (self, FALSE, TRUE, FALSE);
}

void
stern_game_review_start (SternGameReview *self)
{
  g_autoptr (GTask) task = NULL;
  Work *work;

  g_return_if_fail (STERN_IS_GAME_REVIEW (self));
  g_return_if_fail (!self->running && !self->complete);

  self->cancellable = g_cancellable_new ();
  work = g_new0 (Work, 1);
  work->refs = 1;
  work->game = stern_game_copy (self->game);
  work->level = self->level;
  g_weak_ref_init (&work->review, self);
  work->context = g_main_context_ref_thread_default ();

  task = g_task_new (NULL, self->cancellable, review_done, g_object_ref (self));
  g_task_set_source_tag (task, stern_game_review_start);
  g_task_set_name (task, "[sternhalma] game review");
  g_task_set_task_data (task, work, work_unref);
  self->reviewed = 0;
  set_state (self, TRUE, FALSE, FALSE);
  g_atomic_int_set (&work->handed, 1);
  g_task_run_in_thread (task, review_thread);
}

void
stern_game_review_cancel (SternGameReview *self)
{
  g_return_if_fail (STERN_IS_GAME_REVIEW (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

static void
match_game_started (SternGameReview *self)
{
  stern_game_review_cancel (self);
}

void
stern_game_review_follow_match (SternGameReview *self, SternMatch *match)
{
  g_return_if_fail (STERN_IS_GAME_REVIEW (self));
  g_return_if_fail (match == NULL || STERN_IS_MATCH (match));

  {
    g_autoptr (SternMatch) old = g_weak_ref_get (&self->match);

    if (old == match)
      return;
    if (old != NULL)
      g_signal_handlers_disconnect_by_func (old, match_game_started, self);
  }
  g_weak_ref_set (&self->match, match);
  /* A plain connection rather than a GSignalGroup: the group's lock is
   * GLib's own, which ThreadSanitizer (the session's threads are checked
   * with it) sees only half of. */
  if (match != NULL)
    g_signal_connect_object (match, "game-started", G_CALLBACK (match_game_started), self,
                             G_CONNECT_SWAPPED);
}

gboolean
stern_game_review_is_running (SternGameReview *self)
{
  g_return_val_if_fail (STERN_IS_GAME_REVIEW (self), FALSE);
  return self->running;
}

gboolean
stern_game_review_is_complete (SternGameReview *self)
{
  g_return_val_if_fail (STERN_IS_GAME_REVIEW (self), FALSE);
  return self->complete;
}

gboolean
stern_game_review_is_cancelled (SternGameReview *self)
{
  g_return_val_if_fail (STERN_IS_GAME_REVIEW (self), FALSE);
  return self->cancelled;
}

double
stern_game_review_get_progress (SternGameReview *self)
{
  guint total;

  g_return_val_if_fail (STERN_IS_GAME_REVIEW (self), 0.0);
  total = stern_game_get_n_actions (self->game);
  return total ? (double) self->reviewed / total : (self->complete ? 1.0 : 0.0);
}

const SternGame *
stern_game_review_get_game (SternGameReview *self)
{
  g_return_val_if_fail (STERN_IS_GAME_REVIEW (self), NULL);
  return self->game;
}

guint
stern_game_review_get_n_entries (SternGameReview *self)
{
  g_return_val_if_fail (STERN_IS_GAME_REVIEW (self), 0);
  return self->entries ? self->entries->len : 0;
}

const SternReviewEntry *
stern_game_review_get_entry (SternGameReview *self, guint ply)
{
  g_return_val_if_fail (STERN_IS_GAME_REVIEW (self), NULL);
  g_return_val_if_fail (self->entries != NULL && ply < self->entries->len, NULL);
  return &g_array_index (self->entries, SternReviewEntry, ply);
}

void
stern_game_review_get_summary (SternGameReview *self, guint seat, SternReviewSummary *summary)
{
  g_return_if_fail (STERN_IS_GAME_REVIEW (self));
  g_return_if_fail (summary != NULL);

  stern_review_summarise (self->entries ? (const SternReviewEntry *) (void *) self->entries->data : NULL,
                          self->entries ? self->entries->len : 0, seat, summary);
}

double
stern_game_review_get_start (SternGameReview *self, guint seat)
{
  g_return_val_if_fail (STERN_IS_GAME_REVIEW (self), 0.0);
  g_return_val_if_fail (seat < STERN_N_SEATS, 0.0);
  return self->start[seat];
}

guint
stern_game_review_get_worst (SternGameReview *self, guint seat, guint *plies, guint max)
{
  guint n = 0;

  g_return_val_if_fail (STERN_IS_GAME_REVIEW (self), 0);
  g_return_val_if_fail (max == 0 || plies != NULL, 0);

  for (guint ply = 0; self->entries && ply < self->entries->len; ply++)
    {
      const SternReviewEntry *e = &g_array_index (self->entries, SternReviewEntry, ply);
      guint at;

      if (e->seat != seat || e->kind != STERN_ACTION_MOVE || e->klass < STERN_REVIEW_INACCURACY ||
          e->klass == STERN_REVIEW_FORCED)
        continue;
      /* Insertion into the list kept worst first; the earlier of equals first. */
      for (at = n; at > 0; at--)
        if (g_array_index (self->entries, SternReviewEntry, plies[at - 1]).loss >= e->loss)
          break;
      if (at >= max)
        continue;
      if (n < max)
        n++;
      memmove (plies + at + 1, plies + at, (n - 1 - at) * sizeof *plies);
      plies[at] = ply;
    }
  return n;
}

guint
stern_game_review_get_exercises (SternGameReview *self, guint seat_mask, guint *plies, guint max)
{
  guint n = 0;

  g_return_val_if_fail (STERN_IS_GAME_REVIEW (self), 0);
  g_return_val_if_fail (max == 0 || plies != NULL, 0);

  for (guint ply = 0; self->entries && ply < self->entries->len && n < max; ply++)
    {
      const SternReviewEntry *e = &g_array_index (self->entries, SternReviewEntry, ply);

      if ((seat_mask & (1u << e->seat)) && e->kind == STERN_ACTION_MOVE &&
          (e->klass == STERN_REVIEW_MISTAKE || e->klass == STERN_REVIEW_BLUNDER) &&
          e->best_len >= 2)
        plies[n++] = ply;
    }
  return n;
}

SternExerciseVerdict
stern_game_review_check_exercise (SternGameReview *self, guint ply, guint from, guint to,
                                  double *loss)
{
  const SternReviewEntry *e;
  g_autoptr (SternGame) before = NULL;
  double lost;

  g_return_val_if_fail (STERN_IS_GAME_REVIEW (self), STERN_EXERCISE_ILLEGAL);
  g_return_val_if_fail (self->entries != NULL && ply < self->entries->len, STERN_EXERCISE_ILLEGAL);

  if (loss != NULL)
    *loss = 0.0;
  e = &g_array_index (self->entries, SternReviewEntry, ply);
  g_return_val_if_fail (e->kind == STERN_ACTION_MOVE && e->best_len >= 2, STERN_EXERCISE_ILLEGAL);

  before = stern_game_copy (self->game);
  stern_game_seek (before, ply);
  if (from >= STERN_MAX_CELLS || to >= STERN_MAX_CELLS || !stern_game_is_legal (before, from, to))
    return STERN_EXERCISE_ILLEGAL;
  if (from == e->played[0] && to == e->played[e->played_len - 1])
    {
      if (loss != NULL)
        *loss = e->loss;
      return STERN_EXERCISE_PLAYED;
    }
  if (self->judge == NULL)
    self->judge = stern_reviewer_new (self->level);
  lost = stern_reviewer_loss (self->judge, before, from, to, e->best[0], e->best[e->best_len - 1]);
  if (loss != NULL)
    *loss = lost;
  return lost <= STERN_GAME_REVIEW_EXERCISE_MARGIN ? STERN_EXERCISE_RIGHT
                                                   : STERN_EXERCISE_NOT_ENOUGH;
}

SternGameReview *
stern_game_review_new (const SternGame *game, SternLevel level)
{
  SternGameReview *self;

  g_return_val_if_fail (game != NULL, NULL);

  self = g_object_new (STERN_TYPE_GAME_REVIEW, "level", level, NULL);
  self->game = stern_game_copy (game);
  return self;
}

static void
stern_game_review_dispose (GObject *object)
{
  SternGameReview *self = STERN_GAME_REVIEW (object);

  /* A running task holds a reference, so this runs once it has ended. */
  stern_game_review_follow_match (self, NULL);
  G_OBJECT_CLASS (stern_game_review_parent_class)->dispose (object);
}

static void
stern_game_review_finalize (GObject *object)
{
  SternGameReview *self = STERN_GAME_REVIEW (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->game, stern_game_free);
  g_clear_pointer (&self->judge, stern_reviewer_free);
  g_clear_pointer (&self->entries, g_array_unref);
  g_weak_ref_clear (&self->match);
  G_OBJECT_CLASS (stern_game_review_parent_class)->finalize (object);
}

static void
stern_game_review_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SternGameReview *self = STERN_GAME_REVIEW (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      g_value_set_int (value, self->level);
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, stern_game_review_get_progress (self));
      break;
    case PROP_REVIEWED:
      g_value_set_uint (value, self->reviewed);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_COMPLETE:
      g_value_set_boolean (value, self->complete);
      break;
    case PROP_CANCELLED:
      g_value_set_boolean (value, self->cancelled);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_game_review_set_property (GObject *object, guint prop_id, const GValue *value,
                                GParamSpec *pspec)
{
  SternGameReview *self = STERN_GAME_REVIEW (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      self->level = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_game_review_class_init (SternGameReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stern_game_review_dispose;
  object_class->finalize = stern_game_review_finalize;
  object_class->get_property = stern_game_review_get_property;
  object_class->set_property = stern_game_review_set_property;

  properties[PROP_LEVEL] =
    g_param_spec_int ("level", NULL, NULL, STERN_LEVEL_EASY, STERN_LEVEL_EXPERT, STERN_LEVEL_HARD,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_REVIEWED] =
    g_param_spec_uint ("reviewed", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPLETE] =
    g_param_spec_boolean ("complete", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CANCELLED] =
    g_param_spec_boolean ("cancelled", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
stern_game_review_init (SternGameReview *self)
{
  self->level = STERN_LEVEL_HARD;
  g_weak_ref_init (&self->match, NULL);
}
