/* stern-board-scene.h: what the board shows of a human's pick, without
 * GTK: the marble picked, the holes it can reach (and which of them lose
 * the game), the path previewed to one of them, the hint's path and the
 * keyboard cursor, and what a click or Enter on a hole means.  The board
 * view draws it and turns its answers into signals; the tests use it
 * without a display.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "stern-game.h"

G_BEGIN_DECLS

typedef struct {
  const SternGame *game;                /* borrowed; NULL: nothing to pick */

  guint    selected;                    /* the marble picked, or STERN_NO_CELL */
  SternSet highlighted;                 /* the holes it can reach */
  SternSet fatal;                       /* of those, the moves that eliminate the mover */
  guint8   preview[STERN_MAX_PATH];     /* the path to the hole pointed at */
  gsize    preview_len;
  guint8   hint[STERN_MAX_PATH];        /* the computer's suggestion */
  gsize    hint_len;
  guint    cursor;                      /* the keyboard cursor's hole */

  SternMove moves[STERN_MAX_MOVES];     /* scratch for the legal moves */
} SternBoardScene;

/* What activating a hole did (stern_board_scene_activate). */
typedef enum {
  STERN_BOARD_SCENE_NOTHING,      /* nothing was picked, nothing is */
  STERN_BOARD_SCENE_PICKED,       /* a marble of the player on turn is picked */
  STERN_BOARD_SCENE_DROPPED,      /* the pick was dropped */
  STERN_BOARD_SCENE_MOVE,         /* a move is chosen: from → to */
  STERN_BOARD_SCENE_UNREACHABLE,  /* Enter where the picked marble cannot go: kept */
} SternBoardSceneAction;

void     stern_board_scene_init (SternBoardScene *scene);
/* A new game or position: the pick and the preview go. */
void     stern_board_scene_set_game (SternBoardScene *scene, const SternGame *game);

/* Whether hole holds a marble of the player on turn. */
gboolean stern_board_scene_is_own_marble (const SternBoardScene *scene, guint hole);
/* Picks the marble at hole and lights where it can go.  A hint for
 * another marble goes, so that one numbered path is on the board. */
void     stern_board_scene_select (SternBoardScene *scene, guint hole);
/* Drops the pick; TRUE when something was picked. */
gboolean stern_board_scene_clear_selection (SternBoardScene *scene);
/* The preview follows the pointer or the cursor: the path to hole when
 * the picked marble can go there, none otherwise.  TRUE when it changed. */
gboolean stern_board_scene_preview_to (SternBoardScene *scene, guint hole);
/* A click (keyboard FALSE) or Enter (TRUE) on hole: plays a lit hole,
 * picks or drops a marble of the player on turn; a click elsewhere drops
 * the pick, Enter elsewhere keeps it (the cursor is on its way). */
SternBoardSceneAction stern_board_scene_activate (SternBoardScene *scene, guint hole,
                                                  gboolean keyboard, guint *from, guint *to);
/* Moves the cursor; TRUE when it moved. */
gboolean stern_board_scene_set_cursor (SternBoardScene *scene, guint hole);
/* The hint's path (len 0: none). */
void     stern_board_scene_set_hint (SternBoardScene *scene, const guint8 *path, gsize len);

G_END_DECLS
