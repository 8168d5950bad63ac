/* stern-move-model.c: the actions of a match's game as a GListModel.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-move-model.h"

/* ---- an item: an index into the history ---- */

struct _SternMoveItem
{
  GObject parent_instance;
  guint   index;
};

G_DEFINE_FINAL_TYPE (SternMoveItem, stern_move_item, G_TYPE_OBJECT)

static void
stern_move_item_class_init (SternMoveItemClass *klass)
{
}

static void
stern_move_item_init (SternMoveItem *self)
{
}

guint
stern_move_item_get_index (SternMoveItem *self)
{
  g_return_val_if_fail (STERN_IS_MOVE_ITEM (self), 0);

  return self->index;
}

/* ---- the model ---- */

struct _SternMoveModel
{
  GObject     parent_instance;

  SternMatch *match;
  GSignalGroup *match_signals;     /* follows match */
  /* A key of each action the model last announced, so that a change of
   * the history is found by comparing from its end (keys, not copies of
   * the actions: 4 bytes an action instead of 130 in a 400,000-move game). */
  GArray     *known;   /* guint32 */
};

static void stern_move_model_list_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SternMoveModel, stern_move_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      stern_move_model_list_init))

static GType
stern_move_model_get_item_type (GListModel *list)
{
  return STERN_TYPE_MOVE_ITEM;
}

static guint
stern_move_model_get_n_items (GListModel *list)
{
  return STERN_MOVE_MODEL (list)->known->len;
}

static gpointer
stern_move_model_get_item (GListModel *list,
                           guint       position)
{
  SternMoveModel *self = STERN_MOVE_MODEL (list);
  SternMoveItem *item;

  if (position >= self->known->len)
    return NULL;
  item = g_object_new (STERN_TYPE_MOVE_ITEM, NULL);
  item->index = position;
  return item;
}

static void
stern_move_model_list_init (GListModelInterface *iface)
{
  iface->get_item_type = stern_move_model_get_item_type;
  iface->get_n_items = stern_move_model_get_n_items;
  iface->get_item = stern_move_model_get_item;
}

static guint32
action_key (const SternAction *action)
{
  /* FNV-1a over what a row shows of it. */
  guint32 h = 2166136261u;

  h = (h ^ (guint32) action->kind) * 16777619u;
  h = (h ^ (guint32) action->seat) * 16777619u;
  h = (h ^ (guint32) action->path_len) * 16777619u;
  for (guint i = 0; i < action->path_len && action->kind == STERN_ACTION_MOVE; i++)
    h = (h ^ (guint32) action->path[i]) * 16777619u;
  return h;
}

void
stern_move_model_sync (SternMoveModel *self)
{
  SternGame *game;
  guint total, same, old_len;

  g_return_if_fail (STERN_IS_MOVE_MODEL (self));

  game = self->match != NULL ? stern_match_get_game (self->match) : NULL;
  total = game != NULL ? stern_game_get_n_actions_total (game) : 0;
  old_len = self->known->len;

  /* Every change of the history is announced as it happens (a move from
   * an earlier position replaces the actions after it), so the actions
   * before the last one still alike are alike too: the comparison walks
   * back only over what changed, not over a 400,000-move game. */
  same = MIN (old_len, total);
  while (same > 0 &&
         g_array_index (self->known, guint32, same - 1) !=
         action_key (stern_game_get_action (game, same - 1)))
    same--;
  if (same == old_len && same == total)
    return;

  g_array_set_size (self->known, same);
  for (guint i = same; i < total; i++)
    {
      guint32 key = action_key (stern_game_get_action (game, i));

      g_array_append_val (self->known, key);
    }
  g_list_model_items_changed (G_LIST_MODEL (self), same, old_len - same, total - same);
}

/* A new game: every item is another. */
static void
reset (SternMoveModel *self)
{
  guint old_len = self->known->len;

  g_array_set_size (self->known, 0);
  if (old_len > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_len, 0);
  stern_move_model_sync (self);
}

void
stern_move_model_set_match (SternMoveModel *self,
                            SternMatch     *match)
{
  g_return_if_fail (STERN_IS_MOVE_MODEL (self));
  g_return_if_fail (match == NULL || STERN_IS_MATCH (match));

  if (self->match == match)
    return;
  g_set_object (&self->match, match);
  g_signal_group_set_target (self->match_signals, match);
  reset (self);
}

static void
stern_move_model_dispose (GObject *object)
{
  SternMoveModel *self = STERN_MOVE_MODEL (object);

  g_clear_object (&self->match_signals);
  g_clear_object (&self->match);

  G_OBJECT_CLASS (stern_move_model_parent_class)->dispose (object);
}

static void
stern_move_model_finalize (GObject *object)
{
  SternMoveModel *self = STERN_MOVE_MODEL (object);

  g_array_unref (self->known);

  G_OBJECT_CLASS (stern_move_model_parent_class)->finalize (object);
}

static void
stern_move_model_class_init (SternMoveModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stern_move_model_dispose;
  object_class->finalize = stern_move_model_finalize;
}

static void
stern_move_model_init (SternMoveModel *self)
{
  self->known = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->match_signals = g_signal_group_new (STERN_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "game-started",
                                  G_CALLBACK (reset), self);
  g_signal_group_connect_swapped (self->match_signals, "position-changed",
                                  G_CALLBACK (stern_move_model_sync), self);
}

SternMoveModel *
stern_move_model_new (void)
{
  return g_object_new (STERN_TYPE_MOVE_MODEL, NULL);
}
