/* stern-board-view.h: the board widget, for the star and the square boards.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shows a SternGame's position and lets the human pick and play moves with
 * mouse and keyboard.  It never decides legality: it asks the engine
 * (stern_game_legal_moves, stern_movegen_path) and emits "move-chosen"; the
 * window plays the move on the game and then calls
 * stern_board_view_game_changed().  Where the holes are on screen is
 * SternBoardLayout's (stern-board-layout.h), the drawing is
 * SternBoardRenderer's (stern-board-renderer.h).
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-game.h"
#include "stern-board-renderer.h"

G_BEGIN_DECLS

#define STERN_TYPE_BOARD_VIEW (stern_board_view_get_type ())
G_DECLARE_FINAL_TYPE (SternBoardView, stern_board_view, STERN, BOARD_VIEW, GtkWidget)

GtkWidget *stern_board_view_new (void);

/* The game shown (borrowed: the caller keeps it alive while shown, and sets
 * NULL before freeing it). */
void       stern_board_view_set_game (SternBoardView *self, SternGame *game);
SternGame *stern_board_view_get_game (SternBoardView *self);

/* Call after the game changed (a move, undo, new game).  animate_last: play
 * the newest move's hops as an animation (ignored when animations are off). */
void       stern_board_view_game_changed (SternBoardView *self, gboolean animate_last);

/* Whether the human may pick moves now (their turn, no computer thinking). */
void       stern_board_view_set_interactive (SternBoardView *self, gboolean interactive);
/* The seat whose ray is drawn at the bottom.  With animations on, a shown
 * board turns there smoothly (after the newest move's animation, if one is
 * running). */
void       stern_board_view_set_bottom_seat (SternBoardView *self, unsigned seat);
unsigned   stern_board_view_get_bottom_seat (SternBoardView *self);
void       stern_board_view_set_show_coordinates (SternBoardView *self, gboolean show);
void       stern_board_view_set_animations (SternBoardView *self, gboolean enabled);
/* Whether the newest move is being animated or the board is turning to a
 * new bottom seat (input is ignored meanwhile); the "animating" property,
 * notified when the animations start and when they have all ended. */
gboolean   stern_board_view_is_animating (SternBoardView *self);
/* Shows a path (a hint) as a preview until the next change; NULL/0 clears it. */
void       stern_board_view_show_hint (SternBoardView *self, const guint8 *path, gsize len);
/* The hint shown (path may be NULL to count it only); 0 when none is. */
gsize      stern_board_view_get_hint  (SternBoardView *self, guint8 *path);

/* Illustrations (the rules help): the board takes no input, is not
 * animated and asks for less room.  Off by default. */
void       stern_board_view_set_illustration (SternBoardView *self, gboolean illustration);
/* Picks the marble on hole as a click would (its reachable holes lit, the
 * zones of its seat drawn), whether or not the view is interactive;
 * STERN_NO_CELL or an empty hole clears the pick. */
void       stern_board_view_select (SternBoardView *self, guint hole);
/* Shows only the part of the board within radius hole spacings of hole,
 * enlarged to fill the widget (illustrations); STERN_NO_CELL, the default,
 * shows the whole board. */
void       stern_board_view_set_focus (SternBoardView *self, guint hole, double radius);
/* Greys the rays where seat may not stop and gilds its goal without picking
 * a marble; STERN_NO_SEAT (the default) shows no zones. */
void       stern_board_view_show_zones (SternBoardView *self, unsigned seat);

/* The picked marble's hole, STERN_NO_CELL if none. */
guint      stern_board_view_get_selected (SternBoardView *self);

/* Setting up a position (the position editor, the Learn window's
 * exercises): a click or Enter on any hole emits "hole-activated" instead
 * of picking marbles and moves.  Off by default. */
void       stern_board_view_set_editing (SternBoardView *self, gboolean editing);
gboolean   stern_board_view_get_editing (SternBoardView *self);

/* Signals:
 *   "move-chosen" (guint from, guint to): the human picked a legal move.
 *   "selection-changed" (): selection or highlights changed.
 *   "hole-activated" (guint hole): a hole clicked while editing. */

/* The coach's paths (copied; n 0 clears them): drawn over the board until
 * replaced or cleared, whatever else the board shows. */
void       stern_board_view_set_hint_paths (SternBoardView *self, const SternBoardHintPath *paths,
                                            gsize n);

/* Where note, a widget laid over the board, goes so that it covers no
 * hole, in the board's coordinates: at its natural size in the top left
 * corner when that is clear, else in the band the holes leave free above,
 * below, left or right of them where most of it shows (cut to the band:
 * the note scrolls the rest).  In a window too small for any, the corner. */
void       stern_board_view_place_note (SternBoardView *self, GtkWidget *note,
                                        GdkRectangle *place);

G_END_DECLS
