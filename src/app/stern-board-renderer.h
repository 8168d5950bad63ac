/* stern-board-renderer.h: draws the board, the star or a square one, with cairo.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Given a layout (stern-board-layout.h), a position and what to mark on it
 * (SternBoardMarks), draws one frame.  It keeps what does not change between
 * frames: the background (plate, star, tinted rays, holes, coordinates) per
 * size and rotation, the same with a seat's zones drawn in, and the marbles
 * rendered once per size from their SVG art.  It decides nothing about the
 * game: the board view fills the marks from its selection and the engine.
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "stern-board-layout.h"
#include "stern-movegen.h"
#include "stern-position.h"
#include "stern-variant.h"

G_BEGIN_DECLS

/* A path drawn for the coach: a line in a colour with its label (a move's
 * number in a line of play) on the landing hole; a path of one hole is a
 * ring around it with the label beside (a hole a lesson names). */
typedef struct {
  guint8 path[STERN_MAX_PATH];
  gsize  len;
  double rgb[3];
  char   label[8];
} SternBoardHintPath;

/* What a frame shows besides the marbles.  Paths are borrowed for the call;
 * a hole is STERN_NO_CELL and a path has length 0 when not shown. */
typedef struct {
  guint         selected;          /* ringed marble */
  SternSet      highlighted;       /* lit holes: where the picked marble can go */
  SternSet      fatal;             /* those of them lit in red: the move eliminates */
  gboolean      zones;             /* grey no_stop, gild goal */
  SternSet      no_stop;
  SternSet      goal;
  /* Each seat's last move, in the seat's colour: its path, a ring round the
   * hole it left and one round the marble where it stands. */
  const guint8 *last[STERN_N_SEATS];
  gsize         last_len[STERN_N_SEATS];
  SternSet      at_home;           /* marbles warned of: still at home, deadline near */
  const guint8 *hint;              /* numbered path in blue */
  gsize         hint_len;
  const guint8 *preview;           /* numbered path in white */
  gsize         preview_len;
  guint         cursor;            /* keyboard cursor ring */
  const guint8 *anim_path;         /* a move being animated: its marble (on the */
  gsize         anim_len;          /* path's last hole) is drawn moving */
  double        anim_progress;     /* hops done, fractional */
  double        spin;              /* radians: the board turned about its centre by */
                                   /* this (a rotation under way), marbles upright */
  const SternBoardHintPath *hint_paths;  /* the coach's paths, drawn in order */
  gsize         n_hint_paths;
} SternBoardMarks;

/* Marks with nothing shown. */
void stern_board_marks_init (SternBoardMarks *marks);

#define STERN_TYPE_BOARD_RENDERER (stern_board_renderer_get_type ())
G_DECLARE_FINAL_TYPE (SternBoardRenderer, stern_board_renderer, STERN, BOARD_RENDERER, GObject)

SternBoardRenderer *stern_board_renderer_new (void);

/* Draws a frame into cr over (0, 0, layout->width, layout->height).  scale:
 * device pixels per logical pixel of the target (the caches are made at
 * that resolution).  variant decides which rays are a row larger with
 * fifteen marbles; NULL for none.  position NULL draws an empty board. */
void stern_board_renderer_draw (SternBoardRenderer     *self,
                                cairo_t                *cr,
                                const SternBoardLayout *layout,
                                int                     scale,
                                const SternVariant     *variant,
                                const SternPosition    *position,
                                const SternBoardMarks  *marks);

G_END_DECLS
