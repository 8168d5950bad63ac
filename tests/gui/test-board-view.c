/* test-board-view.c: the star board widget against the engine.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Geometry as the widget sets it up (the layout itself is tested without a
 * display in tests/test-board-layout.c), pixel probes of the drawing
 * (highlights exactly on the engine's destinations, gilded goal, greyed
 * foreign rays), and the controller flow with the mouse and the keyboard,
 * through the same public entry points the event controllers call.
 */

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "stern-board-view-private.h"
#include "stern-board-layout.h"
#include "stern-board-renderer.h"
#include "stern-board.h"
#include "stern-movegen.h"
#include "stern-notation.h"

/* The opaque dot the widget draws in a reachable hole (stern-board-view.c). */
#define HIGHLIGHT_R 77   /* 0.30 */
#define HIGHLIGHT_G 219  /* 0.86 */
#define HIGHLIGHT_B 143  /* 0.56 */

static const int sizes[][2] = {
  { 300, 300 }, { 640, 480 }, { 480, 640 }, { 1000, 1000 }, { 333, 777 },
};

/* ---- helpers ------------------------------------------------------------- */

/* A deterministic middle game: each side in turn plays the move that gains
 * most towards its goal (ties by list order). */
static SternGame *
make_midgame (const char *variant, guint n_moves)
{
  SternGame *game = stern_game_new (stern_variant_lookup (variant), STERN_PRESET_TABLE);
  const SternRules *rules = stern_game_get_rules (game);
  g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);

  for (guint i = 0; i < n_moves && !stern_game_is_over (game); i++)
    {
      size_t n = stern_game_legal_moves (game, moves);
      unsigned turn = stern_game_get_turn (game);
      int best = G_MININT;
      size_t pick = 0;

      if (n == 0)
        {
          g_assert_true (stern_game_pass (game, NULL));
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
      g_assert_true (stern_game_play (game, moves[pick].from, moves[pick].to, NULL));
    }
  return game;
}

/* The engine's destinations of the marble at from, by the game's list. */
static SternSet
engine_destinations (SternGame *game, guint from)
{
  g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);
  size_t n = stern_game_legal_moves (game, moves);
  SternSet set = 0;

  for (size_t i = 0; i < n; i++)
    if (moves[i].from == from)
      set |= stern_set_bit (moves[i].to);
  return set;
}

/* The marble of the seat on turn with the longest shortest path among its
 * moves, then the most destinations. */
static guint
busiest_marble (SternGame *game)
{
  const SternPosition *pos = stern_game_get_position (game);
  unsigned turn = stern_game_get_turn (game);
  guint best = STERN_NO_CELL;
  gsize best_len = 0;
  guint best_n = 0;

  for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
    {
      SternSet dest;
      gsize longest = 0;

      if (pos->cell[h] != turn)
        continue;
      dest = engine_destinations (game, h);
      for (SternSet d = dest; d;)
        {
          guint8 path[STERN_MAX_PATH];
          guint to = stern_set_pop (&d);

          longest = MAX (longest, stern_movegen_path (stern_game_get_rules (game),
                                                      pos, h, to, path));
        }
      if (longest > best_len || (longest == best_len && stern_set_count (dest) > best_n))
        {
          best = h;
          best_len = longest;
          best_n = stern_set_count (dest);
        }
    }
  return best;
}

static cairo_surface_t *
render (SternBoardView *view, int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  /* An opaque ground, so pixels read back unpremultiplied. */
  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_paint (cr);
  stern_board_view_draw (view, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
pixel (cairo_surface_t *surface, double x, double y, double rgb[3])
{
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 p;

  g_assert_true (x >= 0 && y >= 0 &&
                 x < cairo_image_surface_get_width (surface) &&
                 y < cairo_image_surface_get_height (surface));
  p = *(const guint32 *) (const void *) (data + (int) y * stride + 4 * (int) x);
  rgb[0] = ((p >> 16) & 0xff) / 255.0;
  rgb[1] = ((p >> 8) & 0xff) / 255.0;
  rgb[2] = (p & 0xff) / 255.0;
}

static gboolean
is_highlight (const double rgb[3])
{
  return fabs (rgb[0] * 255 - HIGHLIGHT_R) <= 3 &&
         fabs (rgb[1] * 255 - HIGHLIGHT_G) <= 3 &&
         fabs (rgb[2] * 255 - HIGHLIGHT_B) <= 3;
}

static double
saturation (const double rgb[3])
{
  double mx = MAX (rgb[0], MAX (rgb[1], rgb[2]));
  double mn = MIN (rgb[0], MIN (rgb[1], rgb[2]));

  return mx > 0 ? (mx - mn) / mx : 0;
}

static double
hue (const double rgb[3])
{
  double mx = MAX (rgb[0], MAX (rgb[1], rgb[2]));
  double mn = MIN (rgb[0], MIN (rgb[1], rgb[2]));
  double h;

  if (mx == mn)
    return 0;
  if (mx == rgb[0])
    h = fmod ((rgb[1] - rgb[2]) / (mx - mn), 6);
  else if (mx == rgb[1])
    h = (rgb[2] - rgb[0]) / (mx - mn) + 2;
  else
    h = (rgb[0] - rgb[1]) / (mx - mn) + 4;
  h *= 60;
  return h < 0 ? h + 360 : h;
}

/* A point of a ray's wood between holes: the middle of the triangle of
 * the ray's three tip holes (its outermost hole and the two next to it). */
static void
ray_probe_point (SternBoardView *view, guint ray, int width, int height, double *x, double *y)
{
  SternSet holes = stern_board_ray (ray);
  guint tip = STERN_NO_CELL;
  guint pair[2] = { 0, 0 }, n = 0;
  double sx = 0, sy = 0;

  /* The tip is the ray's hole with only two neighbours inside the ray. */
  for (SternSet s = holes; s;)
    {
      guint h = stern_set_pop (&s);

      if (stern_set_count (stern_board_star ()->neighbours[h] & holes) == 2)
        {
          SternSet nb = stern_board_star ()->neighbours[h] & holes;
          guint a = stern_set_pop (&nb), b = stern_set_pop (&nb);

          /* Corners of the triangle have two neighbours that are neighbours
           * of each other. */
          if (stern_set_has (stern_board_star ()->neighbours[a], b))
            {
              tip = h;
              pair[0] = a;
              pair[1] = b;
              n = 2;
              break;
            }
        }
    }
  g_assert_cmpuint (tip, !=, STERN_NO_CELL);
  g_assert_cmpuint (n, ==, 2);

  {
    guint tri[3] = { tip, pair[0], pair[1] };

    for (guint i = 0; i < 3; i++)
      {
        double hx, hy;

        stern_board_view_hole_centre (view, tri[i], width, height, &hx, &hy);
        sx += hx;
        sy += hy;
      }
  }
  *x = sx / 3;
  *y = sy / 3;
}

static GtkWidget *
new_view (void)
{
  GtkWidget *view = stern_board_view_new ();

  g_object_ref_sink (view);
  return view;
}

/* A view in a shown window, so that it has a size, a frame clock and focus. */
typedef struct {
  GtkWidget *window;
  SternBoardView *view;
  SternGame *game;
  guint n_chosen;
  guint chosen_from, chosen_to;
  guint n_selection_changed;
  gboolean play_chosen;
} Shown;

static void
on_move_chosen (SternBoardView *view, guint from, guint to, Shown *shown)
{
  shown->n_chosen++;
  shown->chosen_from = from;
  shown->chosen_to = to;
  if (shown->play_chosen)
    {
      g_assert_true (stern_game_play (shown->game, from, to, NULL));
      stern_board_view_game_changed (view, TRUE);
    }
}

static void
on_selection_changed (SternBoardView *view, Shown *shown)
{
  shown->n_selection_changed++;
}

static gboolean
timeout_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
shown_init (Shown *shown, SternGame *game)
{
  gboolean timed_out = FALSE;
  guint id;

  memset (shown, 0, sizeof *shown);
  shown->game = game;
  shown->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (shown->window), 640, 600);
  shown->view = STERN_BOARD_VIEW (stern_board_view_new ());
  gtk_window_set_child (GTK_WINDOW (shown->window), GTK_WIDGET (shown->view));
  stern_board_view_set_game (shown->view, game);
  g_signal_connect (shown->view, "move-chosen", G_CALLBACK (on_move_chosen), shown);
  g_signal_connect (shown->view, "selection-changed", G_CALLBACK (on_selection_changed), shown);
  gtk_window_present (GTK_WINDOW (shown->window));

  id = g_timeout_add (5000, timeout_flag, &timed_out);
  while (!timed_out &&
         !(gtk_widget_get_mapped (GTK_WIDGET (shown->view)) &&
           gtk_widget_get_width (GTK_WIDGET (shown->view)) > 0))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
}

static void
shown_clear (Shown *shown)
{
  stern_board_view_set_game (shown->view, NULL);
  gtk_window_destroy (GTK_WINDOW (shown->window));
  g_clear_pointer (&shown->game, stern_game_free);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
shown_centre (Shown *shown, guint hole, double *x, double *y)
{
  GtkWidget *w = GTK_WIDGET (shown->view);

  stern_board_view_hole_centre (shown->view, hole, gtk_widget_get_width (w),
                                gtk_widget_get_height (w), x, y);
}

static void
shown_click (Shown *shown, guint hole)
{
  double x, y;

  shown_centre (shown, hole, &x, &y);
  stern_board_view_click (shown->view, x, y);
}

static void
shown_hover (Shown *shown, guint hole)
{
  double x, y;

  shown_centre (shown, hole, &x, &y);
  stern_board_view_hover (shown->view, x, y);
}

/* An empty hole the marble at from cannot reach. */
static guint
unreachable_empty_hole (SternGame *game, guint from)
{
  const SternPosition *pos = stern_game_get_position (game);
  SternSet dest = engine_destinations (game, from);

  for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
    if (pos->cell[h] == STERN_EMPTY && !stern_set_has (dest, h))
      return h;
  g_assert_not_reached ();
  return STERN_NO_CELL;
}

/* ---- geometry ------------------------------------------------------------------ */

/* The widget places holes by SternBoardLayout (tested without a display in
 * tests/test-board-layout.c) with its own rotation, labels and focus. */
static void
test_geometry (void)
{
  g_autoptr (GtkWidget) widget = new_view ();
  SternBoardView *view = STERN_BOARD_VIEW (widget);
  static const char * const focus[] = { NULL, "i9", "m1" };

  for (guint coords = 0; coords < 2; coords++)
    for (guint seat = 0; seat < STERN_N_SEATS; seat++)
      for (guint f = 0; f < G_N_ELEMENTS (focus); f++)
        for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
          {
            int w = sizes[s][0], h = sizes[s][1];
            guint focus_hole = focus[f] != NULL ? stern_board_hole_parse (focus[f], 2)
                                                : STERN_NO_CELL;
            SternBoardLayout layout;

            stern_board_view_set_show_coordinates (view, coords);
            stern_board_view_set_bottom_seat (view, seat);
            stern_board_view_set_focus (view, focus_hole, 2.5);
            g_assert_cmpuint (stern_board_view_get_bottom_seat (view), ==, seat);
            stern_board_layout_init (&layout, w, h, seat, coords, focus_hole, 2.5);

            for (guint hole = 0; hole < STERN_STAR_N_CELLS; hole++)
              {
                double x, y, lx, ly;

                stern_board_view_hole_centre (view, hole, w, h, &x, &y);
                stern_board_layout_hole_centre (&layout, hole, &lx, &ly);
                g_assert_cmpfloat (x, ==, lx);
                g_assert_cmpfloat (y, ==, ly);
                g_assert_cmpuint (stern_board_view_hole_at (view, x, y, w, h), ==, hole);
              }
            /* The bottom seat's ray below the centre (without focus). */
            if (focus_hole == STERN_NO_CELL)
              {
                double x, y;

                stern_board_view_hole_centre (view, stern_set_first (stern_board_ray (seat)),
                                              w, h, &x, &y);
                g_assert_cmpfloat (y, >, h / 2.0);
              }
          }
  stern_board_view_set_focus (view, STERN_NO_CELL, 0);
}

/* ---- pixels ---------------------------------------------------------------------- */

static void
test_render_highlights (void)
{
  g_autoptr (GtkWidget) widget = new_view ();
  SternBoardView *view = STERN_BOARD_VIEW (widget);
  SternGame *game = make_midgame ("classic-6", 36);
  int w = 720, h = 680;

  stern_board_view_set_game (view, game);

  for (guint seat = 0; seat < STERN_N_SEATS; seat += 3)
    {
      cairo_surface_t *surface;
      guint from;
      SternSet dest;
      double x, y;
      guint n_lit = 0;

      stern_board_view_set_bottom_seat (view, seat);

      /* Nothing is lit before a marble is picked. */
      surface = render (view, w, h);
      for (guint hole = 0; hole < STERN_STAR_N_CELLS; hole++)
        {
          double rgb[3];

          stern_board_view_hole_centre (view, hole, w, h, &x, &y);
          pixel (surface, x, y, rgb);
          g_assert_false (is_highlight (rgb));
        }
      cairo_surface_destroy (surface);

      /* This view has no allocation for clicks: pick with the keyboard. */
      from = busiest_marble (game);
      g_assert_cmpuint (from, !=, STERN_NO_CELL);
      dest = engine_destinations (game, from);
      g_assert_cmpuint (stern_set_count (dest), >=, 3);

      /* Walk the cursor to the marble with arrow keys, then Enter. */
      stern_board_view_key (view, GDK_KEY_Escape);
      {
        guint guard = 0;

        stern_board_view_key (view, GDK_KEY_Up);  /* shows the cursor */
        while (stern_board_view_get_cursor (view) != from && guard++ < 80)
          {
            double cx, cy, tx, ty;
            guint before = stern_board_view_get_cursor (view);

            stern_board_view_hole_centre (view, before, w, h, &cx, &cy);
            stern_board_view_hole_centre (view, from, w, h, &tx, &ty);
            if (fabs (ty - cy) > 1)
              stern_board_view_key (view, ty < cy ? GDK_KEY_Up : GDK_KEY_Down);
            if (stern_board_view_get_cursor (view) == before)
              stern_board_view_key (view, tx < cx ? GDK_KEY_Left : GDK_KEY_Right);
          }
        g_assert_cmpuint (stern_board_view_get_cursor (view), ==, from);
      }
      g_assert_true (stern_board_view_key (view, GDK_KEY_Return));
      g_assert_cmpuint (stern_board_view_get_selected (view), ==, from);
      g_assert_true (stern_board_view_get_highlighted (view) == dest);
      g_assert_true (stern_board_view_get_highlighted (view) ==
                     stern_movegen_destinations (stern_game_get_rules (game),
                                                 stern_game_get_position (game), from));

      /* Lit exactly on the engine's destinations. */
      surface = render (view, w, h);
      for (guint hole = 0; hole < STERN_STAR_N_CELLS; hole++)
        {
          double rgb[3];

          stern_board_view_hole_centre (view, hole, w, h, &x, &y);
          pixel (surface, x, y, rgb);
          if (stern_set_has (dest, hole))
            {
              g_assert_true (is_highlight (rgb));
              n_lit++;
            }
          else
            g_assert_false (is_highlight (rgb));
        }
      g_assert_cmpuint (n_lit, ==, stern_set_count (dest));
      cairo_surface_destroy (surface);
      stern_board_view_key (view, GDK_KEY_Escape);
      g_assert_cmpuint (stern_board_view_get_selected (view), ==, STERN_NO_CELL);
    }

  stern_board_view_set_game (view, NULL);
  stern_game_free (game);
}

static void
test_render_zones (void)
{
  g_autoptr (GtkWidget) widget = new_view ();
  SternBoardView *view = STERN_BOARD_VIEW (widget);
  SternGame *game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  const SternRules *rules = stern_game_get_rules (game);
  int w = 600, h = 600;

  stern_board_view_set_game (view, game);
  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    {
      cairo_surface_t *before, *after;
      guint guard = 0;

      stern_board_view_set_bottom_seat (view, seat);
      stern_board_view_key (view, GDK_KEY_Escape);
      g_assert_cmpuint (stern_board_view_get_selected (view), ==, STERN_NO_CELL);
      before = render (view, w, h);

      /* Pick white's front marble j4 by keyboard. */
      stern_board_view_key (view, GDK_KEY_Up);
      while (stern_board_view_get_cursor (view) != stern_board_hole_parse ("j4", 2) && guard++ < 80)
        {
          double cx, cy, tx, ty;
          guint cur = stern_board_view_get_cursor (view);

          stern_board_view_hole_centre (view, cur, w, h, &cx, &cy);
          stern_board_view_hole_centre (view, stern_board_hole_parse ("j4", 2), w, h, &tx, &ty);
          if (fabs (ty - cy) > 1)
            stern_board_view_key (view, ty < cy ? GDK_KEY_Up : GDK_KEY_Down);
          if (stern_board_view_get_cursor (view) == cur)
            stern_board_view_key (view, tx < cx ? GDK_KEY_Left : GDK_KEY_Right);
        }
      stern_board_view_key (view, GDK_KEY_Return);
      g_assert_cmpuint (stern_board_view_get_selected (view), ==, stern_board_hole_parse ("j4", 2));
      after = render (view, w, h);

      for (guint ray = 0; ray < STERN_N_RAYS; ray++)
        {
          double x, y, b[3], a[3];

          ray_probe_point (view, ray, w, h, &x, &y);
          pixel (before, x, y, b);
          pixel (after, x, y, a);

          if (stern_board_ray (ray) == rules->goal[STERN_WHITE])
            {
              /* Gilded: golden hue, well saturated. */
              g_assert_cmpfloat (hue (a), >, 30);
              g_assert_cmpfloat (hue (a), <, 55);
              g_assert_cmpfloat (saturation (a), >, 0.45);
              g_assert_cmpfloat (a[0], >, 0.6);
            }
          else if ((stern_board_ray (ray) & rules->no_stop[STERN_WHITE]) != 0)
            {
              /* Greyed: little colour left, and darker. */
              g_assert_cmpfloat (saturation (a), <, 0.2);
              g_assert_cmpfloat (a[0] + a[1] + a[2], <, b[0] + b[1] + b[2]);
            }
          else
            {
              /* White's own home stays as it was. */
              g_assert_cmpfloat_with_epsilon (a[0], b[0], 1.5 / 255);
              g_assert_cmpfloat_with_epsilon (a[1], b[1], 1.5 / 255);
              g_assert_cmpfloat_with_epsilon (a[2], b[2], 1.5 / 255);
            }
        }

      /* The centre of the board is neither greyed nor gilded. */
      {
        double x, y, b[3], a[3];
        guint i9 = stern_board_hole_parse ("i9", 2), h9 = stern_board_hole_parse ("h9", 2);
        double x2, y2;

        stern_board_view_hole_centre (view, i9, w, h, &x, &y);
        stern_board_view_hole_centre (view, h9, w, h, &x2, &y2);
        pixel (before, (x + x2) / 2, (y + y2) / 2, b);
        pixel (after, (x + x2) / 2, (y + y2) / 2, a);
        g_assert_cmpfloat_with_epsilon (a[0], b[0], 1.5 / 255);
        g_assert_cmpfloat_with_epsilon (a[1], b[1], 1.5 / 255);
        g_assert_cmpfloat_with_epsilon (a[2], b[2], 1.5 / 255);
      }

      cairo_surface_destroy (before);
      cairo_surface_destroy (after);
    }

  stern_board_view_set_game (view, NULL);
  stern_game_free (game);
}

/* With fifteen marbles the goal is the ray and the hexagon row before it,
 * and the gilding follows the engine's goal, not the ray. */
static void
test_render_goal_fifteen (void)
{
  g_autoptr (GtkWidget) widget = new_view ();
  SternBoardView *view = STERN_BOARD_VIEW (widget);
  SternGame *game = stern_game_new (stern_variant_lookup ("fifteen-2"), STERN_PRESET_TABLE);
  const SternRules *rules = stern_game_get_rules (game);
  SternSet row = rules->goal[STERN_WHITE] & ~stern_board_ray (STERN_BLACK);
  guint front = stern_board_hole_parse ("i5", 2);
  cairo_surface_t *surface;
  int w = 640, h = 640;
  guint n_probed = 0;

  g_assert_cmpuint (stern_set_count (row), ==, 5);
  g_assert_cmpint (stern_game_get_position (game)->cell[front], ==, STERN_WHITE);
  stern_board_view_set_game (view, game);
  stern_board_view_key (view, GDK_KEY_Up);
  {
    guint guard = 0;

    while (stern_board_view_get_cursor (view) != front && guard++ < 80)
      {
        double cx, cy, tx, ty;
        guint cur = stern_board_view_get_cursor (view);

        stern_board_view_hole_centre (view, cur, w, h, &cx, &cy);
        stern_board_view_hole_centre (view, front, w, h, &tx, &ty);
        if (fabs (ty - cy) > 1)
          stern_board_view_key (view, ty < cy ? GDK_KEY_Up : GDK_KEY_Down);
        if (stern_board_view_get_cursor (view) == cur)
          stern_board_view_key (view, tx < cx ? GDK_KEY_Left : GDK_KEY_Right);
      }
  }
  stern_board_view_key (view, GDK_KEY_Return);
  g_assert_cmpuint (stern_board_view_get_selected (view), ==, front);
  surface = render (view, w, h);

  /* Between each pair of neighbouring holes of that row, gold. */
  for (SternSet r = row; r;)
    {
      guint a = stern_set_pop (&r);
      SternSet nb = stern_board_star ()->neighbours[a] & row;

      while (nb)
        {
          guint b = stern_set_pop (&nb);
          double ax, ay, bx, by, rgb[3];

          stern_board_view_hole_centre (view, a, w, h, &ax, &ay);
          stern_board_view_hole_centre (view, b, w, h, &bx, &by);
          pixel (surface, (ax + bx) / 2, (ay + by) / 2, rgb);
          g_assert_cmpfloat (hue (rgb), >, 30);
          g_assert_cmpfloat (hue (rgb), <, 55);
          g_assert_cmpfloat (saturation (rgb), >, 0.45);
          n_probed++;
        }
    }
  g_assert_cmpuint (n_probed, ==, 8);
  cairo_surface_destroy (surface);

  stern_board_view_set_game (view, NULL);
  stern_game_free (game);
}

/* ---- controller flow ------------------------------------------------------------- */

static void
test_controller_mouse (void)
{
  Shown shown;
  SternGame *game = make_midgame ("classic-2", 12);
  guint from, other = STERN_NO_CELL, foreign = STERN_NO_CELL;
  const SternPosition *pos = stern_game_get_position (game);
  unsigned turn = stern_game_get_turn (game);
  SternSet dest;
  guint n_multi = 0;

  shown_init (&shown, game);

  from = busiest_marble (game);
  dest = engine_destinations (game, from);
  g_assert_cmpuint (stern_set_count (dest), >, 0);
  for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
    {
      if (pos->cell[h] == turn && h != from && engine_destinations (game, h) != 0 &&
          other == STERN_NO_CELL)
        other = h;
      if (pos->cell[h] != STERN_EMPTY && pos->cell[h] != turn)
        foreign = h;
    }
  g_assert_cmpuint (other, !=, STERN_NO_CELL);
  g_assert_cmpuint (foreign, !=, STERN_NO_CELL);

  /* Select: the highlighted set is the engine's. */
  shown_click (&shown, from);
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, from);
  g_assert_true (stern_board_view_get_highlighted (shown.view) == dest);
  g_assert_cmpuint (shown.n_selection_changed, >=, 1);

  /* Hover: the preview is the engine's path on a lit hole, nothing elsewhere. */
  for (SternSet d = dest; d;)
    {
      guint to = stern_set_pop (&d);
      guint8 want[STERN_MAX_PATH], got[STERN_MAX_PATH];
      gsize want_len = stern_movegen_path (stern_game_get_rules (game), pos, from, to, want);
      gsize got_len;

      shown_hover (&shown, to);
      got_len = stern_board_view_get_preview (shown.view, got);
      g_assert_cmpuint (want_len, >=, 2);
      g_assert_cmpmem (got, got_len, want, want_len);
      if (want_len > 2 && stern_board_distance (want[0], want[1]) == 2)
        n_multi++;
    }
  g_assert_cmpuint (n_multi, >, 0);  /* the position has jumps to preview */
  shown_hover (&shown, unreachable_empty_hole (game, from));
  g_assert_cmpuint (stern_board_view_get_preview (shown.view, NULL), ==, 0);
  shown_hover (&shown, foreign);
  g_assert_cmpuint (stern_board_view_get_preview (shown.view, NULL), ==, 0);

  /* Another own marble switches the selection. */
  shown_click (&shown, other);
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, other);
  g_assert_true (stern_board_view_get_highlighted (shown.view) == engine_destinations (game, other));

  /* An empty unreachable hole cancels; so does a marble not on turn. */
  shown_click (&shown, unreachable_empty_hole (game, other));
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, STERN_NO_CELL);
  g_assert_true (stern_board_view_get_highlighted (shown.view) == 0);
  shown_click (&shown, foreign);
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, STERN_NO_CELL);
  shown_click (&shown, from);
  shown_click (&shown, foreign);
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, STERN_NO_CELL);
  /* Outside the board too. */
  shown_click (&shown, from);
  stern_board_view_click (shown.view, 1, 1);
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, STERN_NO_CELL);

  /* Esc cancels. */
  shown_click (&shown, from);
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Escape));
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, STERN_NO_CELL);
  g_assert_cmpuint (stern_board_view_get_preview (shown.view, NULL), ==, 0);
  g_assert_false (stern_board_view_key (shown.view, GDK_KEY_Escape));

  /* Not interactive: clicks do nothing. */
  stern_board_view_set_interactive (shown.view, FALSE);
  shown_click (&shown, from);
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, STERN_NO_CELL);
  stern_board_view_set_interactive (shown.view, TRUE);

  /* Clicking a lit hole chooses that move; nothing else. */
  g_assert_cmpuint (shown.n_chosen, ==, 0);
  shown_click (&shown, from);
  {
    guint to = stern_set_first (dest);
    guint n_before = stern_game_get_n_actions (game);

    stern_board_view_set_animations (shown.view, FALSE);
    shown.play_chosen = TRUE;
    shown_click (&shown, to);
    g_assert_cmpuint (shown.n_chosen, ==, 1);
    g_assert_cmpuint (shown.chosen_from, ==, from);
    g_assert_cmpuint (shown.chosen_to, ==, to);
    g_assert_cmpuint (stern_game_get_n_actions (game), ==, n_before + 1);
    g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, STERN_NO_CELL);
    g_assert_false (stern_board_view_is_animating (shown.view));
  }

  shown_clear (&shown);
}

/* Arrow keys to a hole, steering by screen position. */
static void
walk_cursor (Shown *shown, guint target)
{
  guint guard = 0;

  if (stern_board_view_get_cursor (shown->view) == STERN_NO_CELL)
    g_assert_true (stern_board_view_key (shown->view, GDK_KEY_Down));
  while (stern_board_view_get_cursor (shown->view) != target && guard++ < 80)
    {
      double cx, cy, tx, ty;
      guint cur = stern_board_view_get_cursor (shown->view);

      shown_centre (shown, cur, &cx, &cy);
      shown_centre (shown, target, &tx, &ty);
      if (fabs (ty - cy) > 1)
        g_assert_true (stern_board_view_key (shown->view, ty < cy ? GDK_KEY_Up : GDK_KEY_Down));
      if (stern_board_view_get_cursor (shown->view) == cur)
        g_assert_true (stern_board_view_key (shown->view, tx < cx ? GDK_KEY_Left : GDK_KEY_Right));
    }
  g_assert_cmpuint (stern_board_view_get_cursor (shown->view), ==, target);
}

static void
test_controller_keyboard (void)
{
  Shown shown;
  SternGame *game = make_midgame ("classic-2", 12);
  const SternPosition *pos = stern_game_get_position (game);
  guint from, to = STERN_NO_CELL;
  SternSet dest;
  gsize to_len = 0;

  shown_init (&shown, game);
  stern_board_view_set_animations (shown.view, FALSE);

  /* Right goes to the right neighbour wherever there is one (white at the
   * bottom keeps rows horizontal), Left back. */
  for (guint h = 0; h < STERN_STAR_N_CELLS; h += 7)
    {
      guint right = stern_board_hole_at (stern_board_hole_u (h) + 1, stern_board_hole_v (h));

      if (right == STERN_NO_CELL)
        continue;
      walk_cursor (&shown, h);
      g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Right));
      g_assert_cmpuint (stern_board_view_get_cursor (shown.view), ==, right);
      g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Left));
      g_assert_cmpuint (stern_board_view_get_cursor (shown.view), ==, h);
    }

  /* The cursor is described for screen readers. */
  from = busiest_marble (game);
  walk_cursor (&shown, from);
  {
    char name[STERN_HOLE_NAME_MAX];
    g_autofree char *text = stern_board_view_describe_hole (shown.view, from);

    stern_board_hole_name (from, name);
    g_assert_nonnull (strstr (text, name));
    g_assert_nonnull (strstr (text, stern_seat_colour_name (pos->cell[from])));
  }

  /* Enter picks the marble, as a click would. */
  dest = engine_destinations (game, from);
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Return));
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, from);
  g_assert_true (stern_board_view_get_highlighted (shown.view) == dest);
  {
    g_autofree char *text = stern_board_view_describe_hole (shown.view, from);

    g_assert_nonnull (strstr (text, "selected"));
  }

  /* Esc cancels. */
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Escape));
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, STERN_NO_CELL);
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_space));
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, from);

  /* The longest move, by keyboard: the preview follows the cursor. */
  for (SternSet d = dest; d;)
    {
      guint8 path[STERN_MAX_PATH];
      guint h = stern_set_pop (&d);
      gsize len = stern_movegen_path (stern_game_get_rules (game), pos, from, h, path);

      if (len > to_len)
        {
          to_len = len;
          to = h;
        }
    }
  walk_cursor (&shown, to);
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, from);
  {
    guint8 want[STERN_MAX_PATH], got[STERN_MAX_PATH];
    gsize want_len = stern_movegen_path (stern_game_get_rules (game), pos, from, to, want);
    gsize got_len = stern_board_view_get_preview (shown.view, got);
    g_autofree char *text = stern_board_view_describe_hole (shown.view, to);

    g_assert_cmpmem (got, got_len, want, want_len);
    g_assert_nonnull (strstr (text, "reachable"));
  }

  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Return));
  g_assert_cmpuint (shown.n_chosen, ==, 1);
  g_assert_cmpuint (shown.chosen_from, ==, from);
  g_assert_cmpuint (shown.chosen_to, ==, to);

  shown_clear (&shown);
}

static void
test_animation (void)
{
  Shown shown;
  SternGame *game = make_midgame ("classic-2", 12);
  guint from, to;
  gboolean timed_out = FALSE;
  guint id;
  gint64 start;

  shown_init (&shown, game);
  stern_board_view_set_animations (shown.view, TRUE);
  from = busiest_marble (game);
  to = STERN_NO_CELL;
  /* The farthest destination, so there are several hops to watch. */
  {
    gsize best = 0;

    for (SternSet d = engine_destinations (game, from); d;)
      {
        guint8 path[STERN_MAX_PATH];
        guint h = stern_set_pop (&d);
        gsize len = stern_movegen_path (stern_game_get_rules (game),
                                        stern_game_get_position (game), from, h, path);

        if (len > best)
          {
            best = len;
            to = h;
          }
      }
  }

  shown.play_chosen = TRUE;
  shown_click (&shown, from);
  start = g_get_monotonic_time ();
  shown_click (&shown, to);
  g_assert_cmpuint (shown.n_chosen, ==, 1);
  g_assert_true (stern_board_view_is_animating (shown.view));

  /* Input is ignored while the marble moves. */
  {
    guint mover = busiest_marble (game);

    shown_click (&shown, mover);
    g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, STERN_NO_CELL);
    g_assert_false (stern_board_view_key (shown.view, GDK_KEY_Right));
  }

  id = g_timeout_add (5000, timeout_flag, &timed_out);
  while (!timed_out && stern_board_view_is_animating (shown.view))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
  /* About 120 ms per hop. */
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 100000);

  /* Then input works again. */
  {
    guint mover = busiest_marble (game);

    shown_click (&shown, mover);
    g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, mover);
  }

  /* With animations off, a move is not animated. */
  stern_board_view_set_animations (shown.view, FALSE);
  {
    guint mover = stern_board_view_get_selected (shown.view);

    shown_click (&shown, stern_set_first (engine_destinations (game, mover)));
    g_assert_cmpuint (shown.n_chosen, ==, 2);
    g_assert_false (stern_board_view_is_animating (shown.view));
  }

  shown_clear (&shown);
}

/* The last move and a hint leave marks on the board. */
static void
test_render_marks (void)
{
  g_autoptr (GtkWidget) widget = new_view ();
  SternBoardView *view = STERN_BOARD_VIEW (widget);
  SternGame *game = make_midgame ("classic-2", 6);
  const SternAction *last = stern_game_get_action (game, stern_game_get_n_actions (game) - 1);
  int w = 500, h = 500;
  cairo_surface_t *with, *without;
  SternGame *fresh;
  double x, y, a[3], b[3];

  stern_board_view_set_game (view, game);
  with = render (view, w, h);
  stern_board_view_hole_centre (view, last->path[0], w, h, &x, &y);

  /* The same position without history has no last move to show. */
  fresh = stern_game_new_from_position (stern_game_get_variant (game),
                                        stern_game_get_preset (game),
                                        stern_game_get_position (game), NULL);
  stern_board_view_set_game (view, fresh);
  without = render (view, w, h);
  stern_board_view_set_game (view, game);
  {
    double unit, nx, ny;
    guint nb = stern_set_first (stern_board_star ()->neighbours[last->path[0]]);

    stern_board_view_hole_centre (view, nb, w, h, &nx, &ny);
    unit = hypot (nx - x, ny - y);
    /* The ring round the hole the move left. */
    pixel (with, x + 0.38 * unit, y, a);
    pixel (without, x + 0.38 * unit, y, b);
    g_assert_cmpfloat (fabs (a[0] - b[0]) + fabs (a[1] - b[1]) + fabs (a[2] - b[2]), >, 0.3);
  }
  cairo_surface_destroy (with);
  cairo_surface_destroy (without);

  /* A hint draws its path; clearing it restores the board. */
  {
    guint8 path[2];
    cairo_surface_t *hinted, *cleared;
    double mx, my, ex, ey;

    path[0] = stern_board_hole_parse ("j4", 2);
    path[1] = stern_board_hole_parse ("j5", 2);
    stern_board_view_show_hint (view, path, 2);
    hinted = render (view, w, h);
    stern_board_view_show_hint (view, NULL, 0);
    cleared = render (view, w, h);
    stern_board_view_hole_centre (view, path[0], w, h, &mx, &my);
    stern_board_view_hole_centre (view, path[1], w, h, &ex, &ey);
    pixel (hinted, (mx + ex) / 2, (my + ey) / 2, a);
    pixel (cleared, (mx + ex) / 2, (my + ey) / 2, b);
    g_assert_cmpfloat (fabs (a[0] - b[0]) + fabs (a[1] - b[1]) + fabs (a[2] - b[2]), >, 0.3);
    cairo_surface_destroy (hinted);
    cairo_surface_destroy (cleared);
  }

  stern_board_view_set_game (view, NULL);
  stern_game_free (fresh);
  stern_game_free (game);
}

/* The renderer on its own: a board with no position, and marks that name
 * no hole refused with a critical rather than drawn. */
static void
test_renderer (void)
{
  g_autoptr (SternBoardRenderer) renderer = stern_board_renderer_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 300);
  cairo_t *cr = cairo_create (surface);
  SternBoardLayout layout;
  SternBoardMarks marks;
  guint8 bad[2] = { 0, 200 };
  double x, y, rgb[3];

  stern_board_layout_init (&layout, 300, 300, 0, FALSE, STERN_NO_CELL, 0);
  stern_board_marks_init (&marks);

  /* An empty board: the well of a hole is dark, the wood around it light. */
  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_paint (cr);
  stern_board_renderer_draw (renderer, cr, &layout, 1, NULL, NULL, &marks);
  cairo_surface_flush (surface);
  stern_board_layout_hole_centre (&layout, stern_board_hole_parse ("i9", 2), &x, &y);
  pixel (surface, x, y, rgb);
  g_assert_cmpfloat (rgb[0] + rgb[1] + rgb[2], <, 1.5);
  pixel (surface, x + 0.5 * layout.unit, y, rgb);
  g_assert_cmpfloat (rgb[0] + rgb[1] + rgb[2], >, 1.8);

  /* A hint through a hole that does not exist: refused, nothing drawn. */
  cairo_set_source_rgb (cr, 0, 0, 1);
  cairo_paint (cr);
  cairo_surface_flush (surface);
  marks.hint = bad;
  marks.hint_len = 2;
  g_test_expect_message ("sternhalma", G_LOG_LEVEL_CRITICAL, "*path_is_valid*");
  stern_board_renderer_draw (renderer, cr, &layout, 1, NULL, NULL, &marks);
  g_test_assert_expected_messages ();
  cairo_surface_flush (surface);
  pixel (surface, x, y, rgb);
  g_assert_cmpfloat (rgb[2], ==, 1);
  g_assert_cmpfloat (rgb[0], ==, 0);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}


/* ---- marks, cursor, turning, announcements ----------------------------------- */

/* With BOARD_VIEW_SHOTS=DIR in the environment, renders the tests look at
 * are also written there as PNG files, to be looked at by a person. */
static void
save_shot (cairo_surface_t *surface, const char *name)
{
  const char *dir = g_getenv ("BOARD_VIEW_SHOTS");
  g_autofree char *file = NULL;

  if (dir == NULL)
    return;
  file = g_strdup_printf ("%s/%s.png", dir, name);
  g_assert_cmpint (cairo_surface_write_to_png (surface, file), ==, CAIRO_STATUS_SUCCESS);
}

/* Sum of the channel differences of two renders at a point. */
static double
difference_at (cairo_surface_t *a, cairo_surface_t *b, double x, double y)
{
  double pa[3], pb[3];

  pixel (a, x, y, pa);
  pixel (b, x, y, pb);
  return fabs (pa[0] - pb[0]) + fabs (pa[1] - pb[1]) + fabs (pa[2] - pb[2]);
}

/* How many pixels of two renders of the same size differ, and the farthest
 * of them from (cx, cy). */
static guint
count_differences (cairo_surface_t *a, cairo_surface_t *b, double cx, double cy,
                   double *farthest)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *da = cairo_image_surface_get_data (a);
  const guint8 *db = cairo_image_surface_get_data (b);
  guint n = 0;

  g_assert_cmpint (w, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (h, ==, cairo_image_surface_get_height (b));
  *farthest = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (memcmp (da + y * stride + 4 * x, db + y * stride + 4 * x, 4) != 0)
        {
          n++;
          *farthest = MAX (*farthest, hypot (x + 0.5 - cx, y + 0.5 - cy));
        }
  return n;
}

/* Pixels per hole spacing of a view drawn at width × height. */
static double
unit_of (SternBoardView *view, int width, int height)
{
  double x0, y0, x1, y1;
  guint a = stern_board_hole_parse ("i9", 2), b = stern_board_hole_parse ("j9", 2);

  stern_board_view_hole_centre (view, a, width, height, &x0, &y0);
  stern_board_view_hole_centre (view, b, width, height, &x1, &y1);
  return hypot (x1 - x0, y1 - y0);
}

static SternGame *
game_from (const char *text, unsigned white_made)
{
  const unsigned made[STERN_N_SEATS] = { white_made, 0, 0, 0, 0, 0 };
  g_autoptr (GError) error = NULL;
  const SternVariant *variant;
  SternPosition pos;

  if (!stern_notation_parse_position (text, &variant, &pos, &error))
    g_error ("cannot parse \"%s\": %s", text, error->message);
  return stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos, made);
}

/* From five moves before the leaving-home deadline, the marbles
 * still at home carry a ring and a warning triangle; not earlier, and not
 * once the deadline is past. */
static void
test_render_home_warning (void)
{
  const char *text = "classic-2 white white:j4,j5,i9 black:e17,i12";
  static const struct { unsigned made; gboolean warned; } cases[] = {
    { 24, FALSE }, { 25, TRUE }, { 29, TRUE }, { 30, FALSE },
  };
  g_autoptr (GtkWidget) widget = new_view ();
  SternBoardView *view = STERN_BOARD_VIEW (widget);
  int w = 600, h = 600;
  guint home = stern_board_hole_parse ("j4", 2), out = stern_board_hole_parse ("j5", 2);
  SternGame *plain_game = game_from (text, 0);
  cairo_surface_t *plain;
  double unit = unit_of (view, w, h);

  stern_board_view_set_game (view, plain_game);
  plain = render (view, w, h);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      SternGame *game = game_from (text, cases[c].made);
      cairo_surface_t *shot;
      double x, y, ox, oy;
      guint n_ring = 0;

      stern_board_view_set_game (view, game);
      shot = render (view, w, h);
      {
        g_autofree char *name = g_strdup_printf ("home-warning-%u", cases[c].made);

        save_shot (shot, name);
      }
      stern_board_view_hole_centre (view, home, w, h, &x, &y);
      stern_board_view_hole_centre (view, out, w, h, &ox, &oy);
      /* The ring, all round the marble just outside it, and the triangle
       * at its upper right. */
      for (guint k = 0; k < 8; k++)
        {
          double a = k * G_PI / 4;

          n_ring += difference_at (shot, plain, x + 0.48 * unit * cos (a),
                                   y + 0.48 * unit * sin (a)) > 0.3;
        }
      if (cases[c].warned)
        {
          double rgb[3];

          g_assert_cmpuint (n_ring, >=, 6);
          pixel (shot, x + 0.43 * unit, y - 0.30 * unit, rgb);
          /* Amber, unlike the wood and white marble around it. */
          g_assert_cmpfloat (rgb[0], >, 0.8);
          g_assert_cmpfloat (rgb[2], <, 0.3);
        }
      else
        g_assert_cmpuint (n_ring, ==, 0);
      /* Screen readers are told what the warning shows. */
      {
        g_autofree char *said = stern_board_view_describe_hole (view, home);
        g_autofree char *out_said = stern_board_view_describe_hole (view, out);

        g_assert_true ((strstr (said, "still at home") != NULL) == cases[c].warned);
        g_assert_null (strstr (out_said, "still at home"));
      }
      /* The marble already out is never marked. */
      g_assert_cmpfloat (difference_at (shot, plain, ox + 0.48 * unit, oy), <, 0.05);

      cairo_surface_destroy (shot);
      stern_board_view_set_game (view, NULL);
      stern_game_free (game);
    }

  cairo_surface_destroy (plain);
  stern_game_free (plain_game);
}

/* Every seat's last move is marked (with three players, the last
 * three moves), clearly: a ring round the hole left and round the marble
 * where it stands. */
static void
test_render_last_moves (void)
{
  g_autoptr (GtkWidget) widget = new_view ();
  SternBoardView *view = STERN_BOARD_VIEW (widget);
  SternGame *game = make_midgame ("classic-3", 9);
  SternGame *fresh;
  const SternPosition *pos = stern_game_get_position (game);
  cairo_surface_t *with, *without;
  int w = 800, h = 800;
  guint n = stern_game_get_n_actions (game);
  double unit = unit_of (view, w, h);
  guint seen = 0;

  g_assert_cmpuint (n, >=, 3);
  stern_board_view_set_game (view, game);
  with = render (view, w, h);
  save_shot (with, "last-moves");
  fresh = stern_game_new_from_position (stern_game_get_variant (game),
                                        stern_game_get_preset (game), pos, NULL);
  stern_board_view_set_game (view, fresh);
  without = render (view, w, h);
  stern_board_view_set_game (view, game);

  for (guint i = n - 3; i < n; i++)
    {
      const SternAction *action = stern_game_get_action (game, i);
      guint from = action->path[0], to = action->path[action->path_len - 1];
      double x, y;
      guint n_from = 0, n_to = 0;

      g_assert_cmpint (action->kind, ==, STERN_ACTION_MOVE);
      g_assert_false (seen & (1u << action->seat));
      seen |= 1u << action->seat;

      stern_board_view_hole_centre (view, to, w, h, &x, &y);
      for (guint k = 0; k < 8; k++)
        n_to += difference_at (with, without, x + 0.46 * unit * cos (k * G_PI / 4),
                               y + 0.46 * unit * sin (k * G_PI / 4)) > 0.3;
      g_assert_cmpuint (n_to, >=, 6);

      /* The hole left, unless a marble stands there again. */
      if (pos->cell[from] != STERN_EMPTY)
        continue;
      stern_board_view_hole_centre (view, from, w, h, &x, &y);
      for (guint k = 0; k < 8; k++)
        n_from += difference_at (with, without, x + 0.38 * unit * cos (k * G_PI / 4),
                                 y + 0.38 * unit * sin (k * G_PI / 4)) > 0.3;
      g_assert_cmpuint (n_from, >=, 6);
    }
  g_assert_cmpuint (stern_set_count ((SternSet) seen), ==, 3);

  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
  stern_board_view_set_game (view, NULL);
  stern_game_free (fresh);
  stern_game_free (game);
}

/* A hint shown while the keyboard cursor is on the board draws the
 * hint and the cursor ring, and nothing between them. */
static void
test_render_hint_with_cursor (void)
{
  g_autoptr (GtkWidget) keyed = new_view ();
  g_autoptr (GtkWidget) plain = new_view ();
  SternGame *game = make_midgame ("classic-2", 6);
  int w = 600, h = 600;
  guint8 path[STERN_MAX_PATH];
  gsize len;
  guint from, cursor;
  cairo_surface_t *a, *b;
  double cx, cy, farthest, unit;
  SternSet dest;

  stern_board_view_set_game (STERN_BOARD_VIEW (keyed), game);
  stern_board_view_set_game (STERN_BOARD_VIEW (plain), game);
  unit = unit_of (STERN_BOARD_VIEW (keyed), w, h);

  /* An arrow key shows the cursor; then a hint of several hops. */
  g_assert_true (stern_board_view_key (STERN_BOARD_VIEW (keyed), GDK_KEY_Up));
  cursor = stern_board_view_get_cursor (STERN_BOARD_VIEW (keyed));
  g_assert_cmpuint (cursor, !=, STERN_NO_CELL);
  from = busiest_marble (game);
  dest = engine_destinations (game, from);
  len = 0;
  for (SternSet d = dest; d;)
    {
      guint8 p[STERN_MAX_PATH];
      guint to = stern_set_pop (&d);
      gsize l = stern_movegen_path (stern_game_get_rules (game),
                                    stern_game_get_position (game), from, to, p);

      if (l > len && to != cursor)
        {
          len = l;
          memcpy (path, p, l);
        }
    }
  g_assert_cmpuint (len, >=, 2);
  stern_board_view_show_hint (STERN_BOARD_VIEW (keyed), path, len);
  stern_board_view_show_hint (STERN_BOARD_VIEW (plain), path, len);

  a = render (STERN_BOARD_VIEW (keyed), w, h);
  b = render (STERN_BOARD_VIEW (plain), w, h);
  save_shot (a, "hint-with-cursor");
  stern_board_view_hole_centre (STERN_BOARD_VIEW (keyed), cursor, w, h, &cx, &cy);
  /* The two differ by the cursor ring only (radius 0.54, line 0.11). */
  g_assert_cmpuint (count_differences (a, b, cx, cy, &farthest), >, 0);
  g_assert_cmpfloat (farthest, <=, 0.62 * unit);

  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  stern_board_view_set_game (STERN_BOARD_VIEW (keyed), NULL);
  stern_board_view_set_game (STERN_BOARD_VIEW (plain), NULL);
  stern_game_free (game);
}

static gboolean
idle_done (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs what is pending, idles included. */
static void
settle (void)
{
  gboolean done = FALSE;

  g_idle_add_full (G_PRIORITY_LOW, idle_done, &done, NULL);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* At a shared computer the keyboard cursor of the player on turn
 * starts on that player's marbles; a computer's turn does not move it. */
static void
test_cursor_follows_turn (void)
{
  Shown shown;
  SternGame *game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  const SternPosition *pos = stern_game_get_position (game);
  guint from = stern_board_hole_parse ("l3", 2), to = stern_board_hole_parse ("l5", 2);
  guint cursor;

  shown_init (&shown, game);
  stern_board_view_set_animations (shown.view, FALSE);
  shown.play_chosen = TRUE;

  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Up));
  g_assert_cmpuint (pos->cell[stern_board_view_get_cursor (shown.view)], ==, STERN_WHITE);
  walk_cursor (&shown, from);
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Return));
  walk_cursor (&shown, to);
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Return));
  g_assert_cmpuint (shown.n_chosen, ==, 1);
  settle ();
  cursor = stern_board_view_get_cursor (shown.view);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_BLACK);
  g_assert_cmpuint (pos->cell[cursor], ==, STERN_BLACK);

  /* Against the computer: the window makes the board take no input while
   * it plays; the cursor stays where the human left it. */
  g_assert_true (stern_game_play (game, stern_board_hole_parse ("h14", 3),
                                  stern_board_hole_parse ("h13", 3), NULL));
  stern_board_view_game_changed (shown.view, FALSE);
  g_assert_cmpuint (stern_board_view_get_cursor (shown.view), ==, cursor);
  stern_board_view_set_interactive (shown.view, FALSE);
  settle ();
  g_assert_cmpuint (stern_board_view_get_cursor (shown.view), ==, cursor);
  /* Given input again, on white's turn: to white's marbles. */
  stern_board_view_set_interactive (shown.view, TRUE);
  g_assert_cmpuint (pos->cell[stern_board_view_get_cursor (shown.view)], ==, STERN_WHITE);
  /* Already on one of them: it stays. */
  cursor = stern_board_view_get_cursor (shown.view);
  stern_board_view_set_interactive (shown.view, FALSE);
  stern_board_view_set_interactive (shown.view, TRUE);
  g_assert_cmpuint (stern_board_view_get_cursor (shown.view), ==, cursor);

  shown_clear (&shown);
}

/* A hint goes when another marble is picked; Enter where the picked marble
 * cannot go keeps the pick and says so; a new game puts the cursor on the
 * marbles of the seat on turn. */
static void
test_pick_hint_and_cursor (void)
{
  Shown shown;
  SternGame *game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  g_autoptr (SternGame) fresh = stern_game_new (stern_variant_lookup ("classic-2"),
                                               STERN_PRESET_TABLE);
  guint8 hint[2] = { stern_board_hole_parse ("l3", 2), stern_board_hole_parse ("l5", 2) };
  guint other = stern_board_hole_parse ("k3", 2);
  guint far = stern_board_hole_parse ("i9", 2);
  guint from = stern_board_hole_parse ("l3", 2), to = stern_board_hole_parse ("l5", 2);

  shown_init (&shown, game);
  stern_board_view_set_animations (shown.view, FALSE);
  shown.play_chosen = TRUE;

  /* Picking the hinted marble keeps the hint; another marble drops it. */
  stern_board_view_show_hint (shown.view, hint, 2);
  walk_cursor (&shown, hint[0]);
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Return));
  g_assert_cmpuint (stern_board_view_get_hint (shown.view, NULL), ==, 2);
  walk_cursor (&shown, other);
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Return));
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, other);
  g_assert_cmpuint (stern_board_view_get_hint (shown.view, NULL), ==, 0);

  /* Enter on a hole the marble cannot reach: the pick stays. */
  g_assert_false (stern_set_has (stern_board_view_get_highlighted (shown.view), far));
  walk_cursor (&shown, far);
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Return));
  g_assert_cmpuint (stern_board_view_get_selected (shown.view), ==, other);
  g_assert_nonnull (strstr (stern_board_view_get_announcement (shown.view), "cannot reach"));
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Escape));

  /* A move, then a new game: the cursor is back on white's marbles. */
  walk_cursor (&shown, from);
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Return));
  walk_cursor (&shown, to);
  g_assert_true (stern_board_view_key (shown.view, GDK_KEY_Return));
  settle ();
  walk_cursor (&shown, to);
  stern_board_view_set_game (shown.view, NULL);
  stern_board_view_set_game (shown.view, fresh);
  g_assert_cmpuint (stern_game_get_position (fresh)->cell[stern_board_view_get_cursor (shown.view)],
                    ==, STERN_WHITE);
  g_assert_cmpuint (stern_board_view_get_cursor (shown.view), !=, to);

  stern_board_view_set_game (shown.view, game);
  shown_clear (&shown);
}

static void
on_notify_count (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

/* Waits, rendering every frame, until the view stops animating; counts the
 * frames that differ from both before and after renders (computed later). */
static GPtrArray *
frames_until_still (Shown *shown, int w, int h)
{
  GPtrArray *frames = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (5000, timeout_flag, &timed_out);

  while (!timed_out && stern_board_view_is_animating (shown->view))
    {
      g_main_context_iteration (NULL, TRUE);
      if (frames->len < 200)
        g_ptr_array_add (frames, render (shown->view, w, h));
    }
  g_assert_false (timed_out);
  g_source_remove (id);
  return frames;
}

/* The board turns to a new bottom seat smoothly, "animating" true
 * meanwhile; at once with animations off; after the move's animation when
 * both come together. */
static void
test_turn_animation (void)
{
  Shown shown;
  SternGame *game = make_midgame ("classic-2", 4);
  int w = 300, h = 300;
  cairo_surface_t *before, *after;
  g_autoptr (GPtrArray) frames = NULL;
  guint n_notify = 0, n_between = 0;
  gint64 start;

  shown_init (&shown, game);
  g_signal_connect (shown.view, "notify::animating", G_CALLBACK (on_notify_count), &n_notify);
  stern_board_view_set_animations (shown.view, TRUE);
  before = render (shown.view, w, h);

  start = g_get_monotonic_time ();
  stern_board_view_set_bottom_seat (shown.view, STERN_BLACK);
  g_assert_cmpuint (stern_board_view_get_bottom_seat (shown.view), ==, STERN_BLACK);
  g_assert_true (stern_board_view_is_animating (shown.view));
  g_assert_cmpuint (n_notify, ==, 1);
  /* Input waits for the board. */
  g_assert_false (stern_board_view_key (shown.view, GDK_KEY_Up));
  frames = frames_until_still (&shown, w, h);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 300000);
  g_assert_cmpuint (n_notify, ==, 2);
  after = render (shown.view, w, h);

  /* The turned board is the board drawn for black from the start... */
  {
    g_autoptr (GtkWidget) widget = new_view ();
    cairo_surface_t *direct;
    double farthest;

    stern_board_view_set_game (STERN_BOARD_VIEW (widget), game);
    stern_board_view_set_bottom_seat (STERN_BOARD_VIEW (widget), STERN_BLACK);
    direct = render (STERN_BOARD_VIEW (widget), w, h);
    g_assert_cmpuint (count_differences (after, direct, 0, 0, &farthest), ==, 0);
    cairo_surface_destroy (direct);
    stern_board_view_set_game (STERN_BOARD_VIEW (widget), NULL);
  }
  /* ...and on the way there it was neither. */
  for (guint i = 0; i < frames->len; i++)
    {
      double farthest;

      if (count_differences (frames->pdata[i], before, 0, 0, &farthest) > 2000 &&
          count_differences (frames->pdata[i], after, 0, 0, &farthest) > 2000)
        {
          g_autofree char *name = g_strdup_printf ("turning-%02u", i);

          n_between++;
          save_shot (frames->pdata[i], name);
        }
    }
  g_assert_cmpuint (n_between, >=, 3);

  /* With animations off: at once. */
  stern_board_view_set_animations (shown.view, FALSE);
  stern_board_view_set_bottom_seat (shown.view, STERN_WHITE);
  g_assert_false (stern_board_view_is_animating (shown.view));
  g_assert_cmpuint (n_notify, ==, 2);

  /* A move then a turn: one animation from start to end. */
  stern_board_view_set_animations (shown.view, TRUE);
  shown.play_chosen = TRUE;
  {
    guint from = busiest_marble (game);

    shown_click (&shown, from);
    shown_click (&shown, stern_set_first (engine_destinations (game, from)));
  }
  g_assert_true (stern_board_view_is_animating (shown.view));
  stern_board_view_set_bottom_seat (shown.view, STERN_BLACK);
  g_assert_cmpuint (n_notify, ==, 3);
  g_clear_pointer (&frames, g_ptr_array_unref);
  frames = frames_until_still (&shown, w, h);
  g_assert_cmpuint (n_notify, ==, 4);
  g_assert_false (stern_board_view_is_animating (shown.view));

  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
  shown_clear (&shown);
}

/* The board tells screen readers the hole under the cursor (name,
 * content, whether the picked marble may go there) and every move played,
 * the computer's too; a new game or an undo is not a move. */
static void
test_announcements (void)
{
  g_autoptr (GtkWidget) widget = new_view ();
  SternBoardView *view = STERN_BOARD_VIEW (widget);
  SternGame *game = stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
  guint cursor;
  char name[STERN_HOLE_NAME_MAX];

  stern_board_view_set_game (view, game);
  g_assert_cmpstr (stern_board_view_get_announcement (view), ==, "");

  g_assert_true (stern_board_view_key (view, GDK_KEY_Up));
  cursor = stern_board_view_get_cursor (view);
  stern_board_hole_name (cursor, name);
  g_assert_nonnull (strstr (stern_board_view_get_announcement (view), name));
  g_assert_nonnull (strstr (stern_board_view_get_announcement (view), "white marble"));
  g_assert_true (stern_board_view_key (view, GDK_KEY_Left) ||
                 stern_board_view_key (view, GDK_KEY_Right));
  g_assert_cmpuint (stern_board_view_get_cursor (view), !=, cursor);
  {
    g_autofree char *want = stern_board_view_describe_hole (view, stern_board_view_get_cursor (view));

    g_assert_cmpstr (stern_board_view_get_announcement (view), ==, want);
  }

  /* Picked l3, the cursor on l5: a legal destination. */
  stern_board_view_select (view, stern_board_hole_parse ("l3", 2));
  while (stern_board_view_get_cursor (view) != stern_board_hole_parse ("l5", 2))
    {
      guint before = stern_board_view_get_cursor (view);
      double bx, by, tx, ty;

      stern_board_view_hole_centre (view, before, 100, 100, &bx, &by);
      stern_board_view_hole_centre (view, stern_board_hole_parse ("l5", 2), 100, 100, &tx, &ty);
      if (fabs (ty - by) > 0.5)
        stern_board_view_key (view, ty < by ? GDK_KEY_Up : GDK_KEY_Down);
      if (stern_board_view_get_cursor (view) == before)
        stern_board_view_key (view, tx < bx ? GDK_KEY_Left : GDK_KEY_Right);
      g_assert_cmpuint (stern_board_view_get_cursor (view), !=, before);
    }
  g_assert_nonnull (strstr (stern_board_view_get_announcement (view), "l5, empty, reachable"));

  /* The human's move and the computer's. */
  g_assert_true (stern_game_play (game, stern_board_hole_parse ("l3", 2),
                                  stern_board_hole_parse ("l5", 2), NULL));
  stern_board_view_game_changed (view, TRUE);
  g_assert_cmpstr (stern_board_view_get_announcement (view), ==, "White played l3-l5");
  g_assert_true (stern_game_play (game, stern_board_hole_parse ("f15", 3),
                                  stern_board_hole_parse ("f13", 3), NULL));
  stern_board_view_game_changed (view, TRUE);
  g_assert_cmpstr (stern_board_view_get_announcement (view), ==, "Black played f15-f13");

  /* Undo is no move. */
  g_assert_true (stern_game_undo (game));
  stern_board_view_game_changed (view, FALSE);
  g_assert_null (strstr (stern_board_view_get_announcement (view), "played"));

  stern_board_view_set_game (view, NULL);
  stern_game_free (game);
}

static void
test_no_display (void)
{
  g_test_skip ("no display");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_test_add_func ("/board-view/no-display", test_no_display);
      return g_test_run ();
    }

  g_test_add_func ("/board-view/geometry", test_geometry);
  g_test_add_func ("/board-view/render/highlights", test_render_highlights);
  g_test_add_func ("/board-view/render/zones", test_render_zones);
  g_test_add_func ("/board-view/render/marks", test_render_marks);
  g_test_add_func ("/board-view/render/goal-fifteen", test_render_goal_fifteen);
  g_test_add_func ("/board-view/controller/mouse", test_controller_mouse);
  g_test_add_func ("/board-view/controller/keyboard", test_controller_keyboard);
  g_test_add_func ("/board-view/animation", test_animation);
  g_test_add_func ("/board-view/renderer", test_renderer);
  g_test_add_func ("/board-view/render/home-warning", test_render_home_warning);
  g_test_add_func ("/board-view/render/last-moves", test_render_last_moves);
  g_test_add_func ("/board-view/render/hint-with-cursor", test_render_hint_with_cursor);
  g_test_add_func ("/board-view/cursor-follows-turn", test_cursor_follows_turn);
  g_test_add_func ("/board-view/pick-hint-and-cursor", test_pick_hint_and_cursor);
  g_test_add_func ("/board-view/turn-animation", test_turn_animation);
  g_test_add_func ("/board-view/announcements", test_announcements);

  return g_test_run ();
}
