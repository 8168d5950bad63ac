/* bench-draw.c: how long a full redraw of the board takes.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the board at 1000×1000 px into an image surface with the board
 * renderer, as the board view draws a frame: a six-player middle game with
 * a picked marble, its lit destinations and zones, a previewed path, the
 * last move and the coordinates.  Prints milliseconds per frame (target:
 * under 4 ms).  Also times a frame that has to rebuild the cached
 * background (after a rotation).  Needs no display.  With a variant (such
 * as halma-10-4 or ugolki), the same on its board.
 *
 *   bench-draw [frames [variant]]
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stern-board-layout.h"
#include "stern-board-renderer.h"
#include "stern-board.h"
#include "stern-game.h"
#include "stern-movegen.h"

#define SIZE 1000

static void
play_midgame (SternGame *game, guint n_moves)
{
  const SternRules *rules = stern_game_get_rules (game);
  SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);

  for (guint i = 0; i < n_moves && !stern_game_is_over (game); i++)
    {
      size_t n = stern_game_legal_moves (game, moves);
      unsigned turn = stern_game_get_turn (game);
      int best = G_MININT;
      size_t pick = 0;

      if (n == 0)
        {
          stern_game_pass (game, NULL);
          continue;
        }
      for (size_t j = 0; j < n; j++)
        {
          int gain = (int) stern_rules_goal_distance (rules, turn, moves[j].from) -
                     (int) stern_rules_goal_distance (rules, turn, moves[j].to);

          gain = gain * 8 + (int) ((j * 7 + i * 13) % 5);
          if (gain > best)
            {
              best = gain;
              pick = j;
            }
        }
      stern_game_play (game, moves[pick].from, moves[pick].to, NULL);
    }
  g_free (moves);
}

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

static double
draw_frames (SternBoardRenderer *renderer, cairo_t *cr, const SternBoardLayout *layout,
             SternGame *game, const SternBoardMarks *marks, int frames)
{
  double t0 = now_ms ();

  for (int i = 0; i < frames; i++)
    {
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      stern_board_renderer_draw (renderer, cr, layout, 1, stern_game_get_variant (game),
                                 stern_game_get_position (game), marks);
    }
  cairo_surface_flush (cairo_get_target (cr));
  return (now_ms () - t0) / frames;
}

int
main (int argc, char **argv)
{
  int frames = argc > 1 ? atoi (argv[1]) : 300;
  SternGame *game;
  const SternPosition *pos;
  const SternRules *rules;
  SternBoardRenderer *renderer;
  SternBoardLayout layout;
  SternBoardMarks marks;
  cairo_surface_t *surface;
  cairo_t *cr;
  SternMove *moves;
  size_t n;
  guint counts[STERN_MAX_CELLS] = { 0 };
  guint from = 0, far, n_actions;
  guint8 preview[STERN_MAX_PATH];
  double x, y, best_d = -1;
  double t0, first, warm, idle, turning, cold;

  const SternVariant *variant = stern_variant_lookup (argc > 2 ? argv[2] : "classic-6");
  guint square;

  frames = MAX (frames, 1);
  if (variant == NULL)
    {
      fprintf (stderr, "bench-draw: no variant \"%s\"\n", argv[2]);
      return 1;
    }
  square = variant->board_size;

  game = stern_game_new (variant, STERN_PRESET_TABLE);
  play_midgame (game, 36);
  pos = stern_game_get_position (game);
  rules = stern_game_get_rules (game);

  renderer = stern_board_renderer_new ();
  if (square)
    stern_board_layout_init_square (&layout, SIZE, SIZE, square, 0, TRUE);
  else
    stern_board_layout_init (&layout, SIZE, SIZE, 0, TRUE, STERN_NO_CELL, 0);
  stern_board_marks_init (&marks);

  /* Each seat's last move, as the board view marks them: back over one
   * round of actions. */
  n_actions = stern_game_get_n_actions (game);
  for (guint i = n_actions, seen = 0; i-- > 0;)
    {
      const SternAction *action = stern_game_get_action (game, i);

      if (seen & (1u << action->seat))
        break;
      seen |= 1u << action->seat;
      if (action->kind == STERN_ACTION_MOVE)
        {
          marks.last[action->seat] = action->path;
          marks.last_len[action->seat] = action->path_len;
        }
    }

  /* Pick the marble with the most moves, light its destinations, draw its
   * zones and preview its farthest move, as a click and a hover would. */
  moves = g_new (SternMove, STERN_MAX_MOVES);
  n = stern_game_legal_moves (game, moves);
  for (size_t i = 0; i < n; i++)
    counts[moves[i].from]++;
  for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
    if (counts[h] > counts[from])
      from = h;
  for (size_t i = 0; i < n; i++)
    if (moves[i].from == from)
      {
        marks.highlighted |= stern_set_bit (moves[i].to);
        if (moves[i].flags & STERN_MOVE_FATAL)
          marks.fatal |= stern_set_bit (moves[i].to);
      }
  g_free (moves);
  marks.selected = from;
  marks.zones = TRUE;
  marks.no_stop = rules->no_stop[pos->cell[from]];
  marks.goal = rules->goal[pos->cell[from]];

  stern_board_layout_hole_centre (&layout, from, &x, &y);
  far = from;
  for (SternSet d = marks.highlighted; d;)
    {
      guint h = stern_set_pop (&d);
      double hx, hy;

      stern_board_layout_hole_centre (&layout, h, &hx, &hy);
      if (hypot (hx - x, hy - y) > best_d)
        {
          best_d = hypot (hx - x, hy - y);
          far = h;
        }
    }
  if (far != from)
    {
      marks.preview = preview;
      marks.preview_len = stern_movegen_path (rules, pos, from, far, preview);
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIZE, SIZE);
  cr = cairo_create (surface);

  /* First frame: builds the background and renders the marbles from SVG. */
  t0 = now_ms ();
  stern_board_renderer_draw (renderer, cr, &layout, 1, stern_game_get_variant (game), pos, &marks);
  cairo_surface_flush (surface);
  first = now_ms () - t0;

  warm = draw_frames (renderer, cr, &layout, game, &marks, frames);

  printf ("board %dx%d: %d marbles, %u lit holes, preview of %" G_GSIZE_FORMAT " holes\n",
          SIZE, SIZE, stern_set_count (pos->occupied),
          stern_set_count (marks.highlighted), marks.preview_len);

  /* The same without a picked marble (no greying, gilding, lights). */
  marks.selected = STERN_NO_CELL;
  marks.highlighted = marks.fatal = 0;
  marks.zones = FALSE;
  marks.preview_len = 0;
  idle = draw_frames (renderer, cr, &layout, game, &marks, frames);

  /* The board turning to a new bottom seat: the background and the
   * marbles are drawn turned. */
  marks.spin = 1.0;
  turning = draw_frames (renderer, cr, &layout, game, &marks, frames);
  marks.spin = 0;

  /* A rotation rebuilds the background (the marbles stay cached). */
  t0 = now_ms ();
  for (int i = 0; i < 10; i++)
    {
      if (square)
        stern_board_layout_init_square (&layout, SIZE, SIZE, square,
                                        variant->seats[(i + 1) % variant->n_players], TRUE);
      else
        stern_board_layout_init (&layout, SIZE, SIZE, (i + 1) % STERN_N_SEATS, TRUE,
                                 STERN_NO_CELL, 0);
      stern_board_renderer_draw (renderer, cr, &layout, 1, stern_game_get_variant (game),
                                 pos, &marks);
    }
  cairo_surface_flush (surface);
  cold = (now_ms () - t0) / 10;

  printf ("first frame (SVG marbles and background built): %.2f ms\n", first);
  printf ("full redraw: %.3f ms per frame (%d frames)\n", warm, frames);
  printf ("full redraw, nothing picked: %.3f ms per frame\n", idle);
  printf ("full redraw while the board turns: %.3f ms per frame\n", turning);
  printf ("redraw after a rotation (background rebuilt): %.2f ms per frame\n", cold);

  if (getenv ("BENCH_DRAW_PNG") != NULL)
    cairo_surface_write_to_png (surface, getenv ("BENCH_DRAW_PNG"));

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_object_unref (renderer);
  stern_game_free (game);
  return 0;
}
