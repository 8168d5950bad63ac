/* stern-move-list.h: the moves of a match, a row a move: the round (on
 * the round's first move, numbered as the game record numbers them), the
 * player's dot and the whole path, wrapped when the panel is narrow, never
 * shortened.  Activating a row shows the position after it; the moves
 * after the position shown are greyed, the one shown is marked, and the
 * list keeps it in view.  Rows are built only for what is in view, so a
 * game of 400,000 moves shows as fast as one of forty.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-match.h"

G_BEGIN_DECLS

#define STERN_TYPE_MOVE_LIST (stern_move_list_get_type ())
G_DECLARE_FINAL_TYPE (SternMoveList, stern_move_list, STERN, MOVE_LIST, GtkWidget)

/* The match followed (a reference is kept); NULL lets go of it. */
void       stern_move_list_set_match (SternMoveList *self, SternMatch *match);

/* The text of the action at index of the game's history as a row shows
 * it: the path in the board's names, "--", "resigned", "out of time". */
char      *stern_move_list_action_text (const SternVariant *variant, const SternAction *action);

/* For tests: the list as text, one round a line ("1. k3-i5 e14-e13"); the
 * row built for the action at index, if it is in view (NULL if not); how
 * many rows were ever built.  A row is a flat button (CSS classes move,
 * seat-N, current, future) holding a box: the round, the dot, the path. */
char      *stern_move_list_get_text (SternMoveList *self);
GtkWidget *stern_move_list_get_cell (SternMoveList *self, guint index);
guint      stern_move_list_get_n_rows_built (SternMoveList *self);

G_END_DECLS
