/* bench-draw.c: how long a full redraw of the board takes.
 *
 * Draws the board at 1000×1000 px into an image surface, the way the widget
 * draws a frame: a six-player middle game with a picked marble, its lit
 * destinations, a previewed path, the last move and the coordinates.
 * Prints milliseconds per frame (target: under 4 ms).  Also times a frame
 * that has to rebuild the cached background (after a rotation).
 *
 *   bench-draw [frames]
 */

#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

#include "stern-board-view.h"
#include "stern-board.h"
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

int
main (int argc, char **argv)
{
  int frames = argc > 1 ? atoi (argv[1]) : 300;
  SternGame *game;
  GtkWidget *widget;
  SternBoardView *view;
  cairo_surface_t *surface;
  cairo_t *cr;
  SternMove *moves;
  size_t n;
  guint counts[STERN_MAX_CELLS] = { 0 };
  guint from = 0, far;
  double x, y, fx = 0, fy = 0, best_d = -1;
  double t0, first, warm, idle, cold;

  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-draw: no display\n");
      return 77;
    }
  frames = MAX (frames, 1);

  game = stern_game_new (stern_variant_lookup ("classic-6"), STERN_PRESET_TABLE);
  play_midgame (game, 36);

  widget = stern_board_view_new ();
  g_object_ref_sink (widget);
  view = STERN_BOARD_VIEW (widget);
  stern_board_view_set_game (view, game);
  stern_board_view_set_show_coordinates (view, TRUE);
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, NULL, NULL, NULL);
  gtk_widget_size_allocate (widget, &(GtkAllocation) { 0, 0, SIZE, SIZE }, -1);

  /* Pick the marble with the most moves and preview its farthest one. */
  moves = g_new (SternMove, STERN_MAX_MOVES);
  n = stern_game_legal_moves (game, moves);
  for (size_t i = 0; i < n; i++)
    counts[moves[i].from]++;
  for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
    if (counts[h] > counts[from])
      from = h;
  g_free (moves);
  stern_board_view_hole_centre (view, from, SIZE, SIZE, &x, &y);
  stern_board_view_click (view, x, y);
  far = from;
  for (SternSet d = stern_board_view_get_highlighted (view); d;)
    {
      guint h = stern_set_pop (&d);
      double hx, hy;

      stern_board_view_hole_centre (view, h, SIZE, SIZE, &hx, &hy);
      if (hypot (hx - x, hy - y) > best_d)
        {
          best_d = hypot (hx - x, hy - y);
          far = h;
          fx = hx;
          fy = hy;
        }
    }
  if (far != from)
    stern_board_view_hover (view, fx, fy);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIZE, SIZE);
  cr = cairo_create (surface);

  /* First frame: builds the background and renders the marbles from SVG. */
  t0 = now_ms ();
  stern_board_view_draw (view, cr, SIZE, SIZE);
  cairo_surface_flush (surface);
  first = now_ms () - t0;

  t0 = now_ms ();
  for (int i = 0; i < frames; i++)
    {
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      stern_board_view_draw (view, cr, SIZE, SIZE);
    }
  cairo_surface_flush (surface);
  warm = (now_ms () - t0) / frames;

  printf ("board %dx%d: %d marbles, %u lit holes, preview of %" G_GSIZE_FORMAT " holes\n",
          SIZE, SIZE, stern_set_count (stern_game_get_position (game)->occupied),
          stern_set_count (stern_board_view_get_highlighted (view)),
          stern_board_view_get_preview (view, NULL));

  /* The same without a picked marble (no greying, gilding, lights). */
  stern_board_view_key (view, GDK_KEY_Escape);
  t0 = now_ms ();
  for (int i = 0; i < frames; i++)
    {
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      stern_board_view_draw (view, cr, SIZE, SIZE);
    }
  cairo_surface_flush (surface);
  idle = (now_ms () - t0) / frames;

  /* A rotation rebuilds the background (the marbles stay cached). */
  t0 = now_ms ();
  for (int i = 0; i < 10; i++)
    {
      stern_board_view_set_bottom_seat (view, (i + 1) % STERN_N_SEATS);
      stern_board_view_draw (view, cr, SIZE, SIZE);
    }
  cairo_surface_flush (surface);
  cold = (now_ms () - t0) / 10;

  printf ("first frame (SVG marbles and background built): %.2f ms\n", first);
  printf ("full redraw: %.3f ms per frame (%d frames)\n", warm, frames);
  printf ("full redraw, nothing picked: %.3f ms per frame\n", idle);
  printf ("redraw after a rotation (background rebuilt): %.2f ms per frame\n", cold);

  if (getenv ("BENCH_DRAW_PNG") != NULL)
    cairo_surface_write_to_png (surface, getenv ("BENCH_DRAW_PNG"));

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  stern_board_view_set_game (view, NULL);
  g_object_unref (widget);
  stern_game_free (game);
  return 0;
}
