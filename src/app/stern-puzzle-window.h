/* stern-puzzle-window.h: Puzzles, opened from Learn: the puzzles of
 * data/puzzles.txt (doc/learn.md, "Puzzles") one at a time on a real
 * board.  The player answers with a move, the engine judges it
 * (stern_puzzle_check_answer()); the first answer to a puzzle moves the
 * puzzle rating (stern_ratings_add_puzzle()), and a puzzle answered right
 * without Show Answer is kept as solved.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "stern-board-view.h"

G_BEGIN_DECLS

#define STERN_TYPE_PUZZLE_WINDOW (stern_puzzle_window_get_type ())
G_DECLARE_FINAL_TYPE (SternPuzzleWindow, stern_puzzle_window, STERN, PUZZLE_WINDOW, AdwWindow)

/* Opens on the puzzle the player's puzzle rating calls for
 * (stern_puzzle_choose()); Next offers the following one. */
GtkWidget      *stern_puzzle_window_new (GtkWindow *parent);
/* The puzzles solved (kept in the settings) and their number in the set. */
guint           stern_puzzle_window_count_solved (guint *n_puzzles);

/* Shows the puzzle of that id; FALSE when the set has none. */
gboolean        stern_puzzle_window_open_puzzle (SternPuzzleWindow *self, const char *id);
const char     *stern_puzzle_window_get_puzzle (SternPuzzleWindow *self);
SternBoardView *stern_puzzle_window_get_board (SternPuzzleWindow *self);
/* The task ("Find the longest jump for White."), the last answer's verdict
 * ("✓ Right: …", "✗ …") and the rating line. */
const char     *stern_puzzle_window_get_task (SternPuzzleWindow *self);
const char     *stern_puzzle_window_get_feedback (SternPuzzleWindow *self);
const char     *stern_puzzle_window_get_rating_text (SternPuzzleWindow *self);

G_END_DECLS
