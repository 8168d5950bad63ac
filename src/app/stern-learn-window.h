/* stern-learn-window.h: Learn, the lessons and exercises on a real board,
 * and the first-game tutorial.
 *
 * The lessons and their checks are data of the session layer
 * (stern-lessons.h); this window shows one at a time on a SternBoardView:
 * the player makes the move asked for, or places and removes marbles and
 * asks for a check, and the engine judges it.  Lessons answered right are
 * kept in the "lessons-done" setting.  A dialog over the game's window
 * (a window of its own before libadwaita 1.5, stern-compat.h).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-board-view.h"
#include "stern-compat.h"

G_BEGIN_DECLS

#define STERN_TYPE_LEARN_WINDOW (stern_learn_window_get_type ())
STERN_DECLARE_DIALOG (SternLearnWindow, stern_learn_window, STERN, LEARN_WINDOW)

/* Present it with stern_compat_dialog_present(). */
GtkWidget  *stern_learn_window_new (void);

/* Shows a lesson by its id (stern_lesson_get_id), or the list for NULL. */
void        stern_learn_window_open_lesson (SternLearnWindow *self, const char *id);
/* The lesson shown, or NULL while the list is. */
const char *stern_learn_window_get_lesson (SternLearnWindow *self);
/* The tutorial: its lessons one after the other, "Step 1 of 4". */
void        stern_learn_window_start_tutorial (SternLearnWindow *self);
gboolean    stern_learn_window_in_tutorial (SternLearnWindow *self);
/* What the last check said ("" before any). */
const char *stern_learn_window_get_feedback (SternLearnWindow *self);
/* Whether the explanation is shown (after a right answer or Show Answer). */
gboolean    stern_learn_window_get_explained (SternLearnWindow *self);
SternBoardView *stern_learn_window_get_board (SternLearnWindow *self);

/* Whether the lesson has been answered right (the "lessons-done" setting). */
gboolean    stern_learn_is_done (const char *id);
/* The most stars the lesson has earned, 0 to STERN_LESSON_MAX_STARS (the
 * "lesson-stars" setting). */
guint       stern_learn_get_stars (const char *id);

G_END_DECLS
