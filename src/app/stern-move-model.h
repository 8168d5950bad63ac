/* stern-move-model.h: the actions of a match's game as a GListModel.
 *
 * An item (SternMoveItem) per action of the whole history, undone ones
 * included; items are made when asked for, so a view that shows thirty
 * of 400,000 actions makes thirty.  The model follows the match: a change
 * of the history is one items-changed from the first action that differs.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-match.h"

G_BEGIN_DECLS

#define STERN_TYPE_MOVE_ITEM (stern_move_item_get_type ())
G_DECLARE_FINAL_TYPE (SternMoveItem, stern_move_item, STERN, MOVE_ITEM, GObject)

/* The action's index in the game's history. */
guint            stern_move_item_get_index (SternMoveItem *self);

#define STERN_TYPE_MOVE_MODEL (stern_move_model_get_type ())
G_DECLARE_FINAL_TYPE (SternMoveModel, stern_move_model, STERN, MOVE_MODEL, GObject)

SternMoveModel  *stern_move_model_new       (void);
/* The match followed (a reference is kept); NULL lets go of it. */
void             stern_move_model_set_match (SternMoveModel *self, SternMatch *match);
/* Brings the model up to the game's history now (the model does so itself
 * when the match says the position changed). */
void             stern_move_model_sync      (SternMoveModel *self);

G_END_DECLS
