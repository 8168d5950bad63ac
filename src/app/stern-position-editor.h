/* stern-position-editor.h: set up any position of any variant, then play
 * it against the computer or copy it.
 *
 * Marbles are placed and taken away on a SternBoardView in editing mode;
 * every change is checked by the engine (stern-position-setup.h), and what
 * is not a position is refused with the reason.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-board-view.h"
#include "stern-compat.h"

G_BEGIN_DECLS

#define STERN_TYPE_POSITION_EDITOR (stern_position_editor_get_type ())
STERN_DECLARE_DIALOG (SternPositionEditor, stern_position_editor, STERN, POSITION_EDITOR)

/* Present it with stern_compat_dialog_present(). */
GtkWidget  *stern_position_editor_new (void);

/* The variant (its start position); the colour a click places
 * (STERN_NO_SEAT: a click takes marbles away); the side on turn. */
void        stern_position_editor_set_variant (SternPositionEditor *self, const SternVariant *variant);
void        stern_position_editor_set_colour  (SternPositionEditor *self, unsigned seat);
void        stern_position_editor_set_turn    (SternPositionEditor *self, unsigned seat);
/* As a click on the hole. */
void        stern_position_editor_toggle      (SternPositionEditor *self, guint hole);
/* As Enter in the position string's entry: FALSE (and the reason shown)
 * when the engine cannot read it; the board is then unchanged. */
gboolean    stern_position_editor_set_text    (SternPositionEditor *self, const char *text);
/* The position as a string (doc/rules.md §7). */
char       *stern_position_editor_get_text    (SternPositionEditor *self);
/* Why the position cannot be played, or NULL when it can. */
const char *stern_position_editor_get_problem (SternPositionEditor *self);
/* What the status line says. */
const char *stern_position_editor_get_status  (SternPositionEditor *self);
SternBoardView *stern_position_editor_get_board (SternPositionEditor *self);

G_END_DECLS
