/* stern-move-list.h: the moves of a match as a table, a row a round
 * (numbered as the game record numbers them) and a column a player.  Each
 * move is a button that shows the position after it; the moves after the
 * position shown are greyed, the last one played is marked.
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

GtkWidget *stern_move_list_new (void);

/* The match followed (a reference is kept); NULL lets go of it. */
void       stern_move_list_set_match (SternMoveList *self, SternMatch *match);

/* For tests: the list as text, one round a line ("1. k3-i5 e14-e13"), and
 * the button of the action at index (NULL if there is none). */
char      *stern_move_list_get_text (SternMoveList *self);
GtkWidget *stern_move_list_get_cell (SternMoveList *self, guint index);

G_END_DECLS
