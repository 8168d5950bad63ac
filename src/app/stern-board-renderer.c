/* stern-board-renderer.c: draws the board, the star or a square one, with cairo.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything that does not change between frames (the wooden plate, the
 * star, the tinted rays, the holes, the coordinates) is drawn once into an
 * image surface per size and rotation; the marbles are rendered from SVG
 * once per size.  A frame is then a few image paints and some paths.
 */

#include "stern-board-renderer.h"

#include <gio/gio.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "stern-board.h"
#include "stern-movegen.h"

#define MARBLE_RESOURCE_FMT "/io/github/sternhalma/Sternhalma/marbles/%s.svg"

/* Sizes in board units (the distance between neighbouring holes). */
#define HOLE_R          0.255
#define MARBLE_R        STERN_BOARD_MARBLE_R
#define SVG_MARBLE_FRAC 0.42   /* the marble's radius in its SVG's square box */
#define STAR_PAD        0.62   /* inlay around the outermost holes of the star */
#define RAY_PAD         0.44   /* tint around the holes of a ray */
#define ZONE_PAD        0.47   /* gilding and greying around their holes */
#define WOOD_PX         800    /* size of the wood texture */

#define SQRT3_2 0.86602540378443864676

struct _SternBoardRenderer
{
  GObject parent_instance;

  /* The background and what it was drawn for. */
  cairo_surface_t *background;
  SternBoardLayout bg_layout;
  int      bg_scale;
  guint    bg_tint;                /* which rays were tinted a row larger (tint_key) */
  /* The background with the zones of a seat drawn in. */
  cairo_surface_t *bg_zones;
  SternSet zones_no_stop, zones_goal;

  guint    bg_serial;              /* counts rebuilds of the two above */
  /* One of them with the seats' last moves' trails drawn in: they change
   * once a move, so they are not stroked every frame. */
  cairo_surface_t *bg_trails;
  guint    trails_serial;          /* the bg_serial it was drawn over */
  gboolean trails_zones;           /* over bg_zones rather than background */
  guint8   trail_path[STERN_N_SEATS][STERN_MAX_PATH];
  gsize    trail_len[STERN_N_SEATS];

  cairo_surface_t *wood;
  RsvgHandle      *marble_svg[STERN_N_SEATS];
  cairo_surface_t *marble[STERN_N_SEATS];
  int      marble_px;              /* device pixels of a marble's square box */
  int      marble_scale;
  /* Made with the marbles, at their size: the ring round where a seat's
   * last move ended, and the warning on a marble left at home. */
  cairo_surface_t *ring[STERN_N_SEATS];
  int      ring_px;
  cairo_surface_t *warning;
  int      warning_px;
};

/* What paints upright on a turning board needs (see paint_upright). */
typedef struct {
  const SternBoardLayout *layout;
  cairo_matrix_t          base;    /* the user space before the turn */
  double                  spin;
} Frame;

G_DEFINE_FINAL_TYPE (SternBoardRenderer, stern_board_renderer, G_TYPE_OBJECT)

/* Seat colours of the ray tints (light veils over the wood). */
static const double ray_tint[STERN_N_SEATS][4] = {
  { 1.00, 1.00, 0.98, 0.55 },   /* white */
  { 0.86, 0.18, 0.14, 0.30 },   /* red */
  { 0.16, 0.38, 0.86, 0.30 },   /* blue */
  { 0.08, 0.07, 0.06, 0.34 },   /* black */
  { 1.00, 0.83, 0.05, 0.40 },   /* yellow */
  { 0.13, 0.58, 0.22, 0.32 },   /* green */
};

/* The marks of a seat's last move: strong colours, each drawn over an
 * outline that sets it off the wood (light for black, dark for the rest). */
static const double mark_rgb[STERN_N_SEATS][3] = {
  { 1.00, 1.00, 1.00 },   /* white */
  { 0.92, 0.16, 0.12 },   /* red */
  { 0.22, 0.48, 1.00 },   /* blue */
  { 0.06, 0.06, 0.06 },   /* black */
  { 1.00, 0.86, 0.08 },   /* yellow */
  { 0.10, 0.72, 0.26 },   /* green */
};
#define MARK_DARK_RGB  0.10, 0.07, 0.04
#define MARK_LIGHT_RGB 1.00, 0.96, 0.88

/* The warning on a marble still at home near the deadline: an orange ring
 * and a warning triangle, a shape as well as a colour. */
#define WARN_RGB       1.00, 0.50, 0.05
#define WARN_BADGE_RGB 1.00, 0.80, 0.10

/* The highlight of a reachable hole: an opaque dot in its centre. */
#define HIGHLIGHT_RGB 0.30, 0.86, 0.56
#define FATAL_RGB     0.92, 0.26, 0.20

static gboolean
is_hole (guint hole)
{
  return hole < STERN_STAR_N_CELLS;
}

/* Every cell of the layout's board. */
static SternSet
board_cells (const SternBoardLayout *l)
{
  if (l->board_size)
    return stern_board_square (l->board_size, false)->all_cells;
  return stern_board_star ()->all_cells;
}

void
stern_board_marks_init (SternBoardMarks *marks)
{
  g_return_if_fail (marks != NULL);

  memset (marks, 0, sizeof *marks);
  marks->selected = STERN_NO_CELL;
  marks->cursor = STERN_NO_CELL;
}

/* ---- paths --------------------------------------------------------------- */

typedef struct {
  double x, y;
} Point;

static double
cross (Point o, Point a, Point b)
{
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

static int
compare_points (const void *pa, const void *pb)
{
  const Point *a = pa, *b = pb;

  if (a->x != b->x)
    return a->x < b->x ? -1 : 1;
  if (a->y != b->y)
    return a->y < b->y ? -1 : 1;
  return 0;
}

/* Convex hull (monotone chain); pts is sorted in place, hull gets the
 * corners in the direction of increasing angle on screen. */
static guint
convex_hull (Point *pts, guint n, Point *hull)
{
  guint k = 0;

  if (n < 3)
    {
      memcpy (hull, pts, n * sizeof *pts);
      return n;
    }
  qsort (pts, n, sizeof *pts, compare_points);
  for (guint i = 0; i < n; i++)
    {
      while (k >= 2 && cross (hull[k - 2], hull[k - 1], pts[i]) <= 0)
        k--;
      hull[k++] = pts[i];
    }
  for (guint i = n - 1, t = k + 1; i-- > 0;)
    {
      while (k >= t && cross (hull[k - 2], hull[k - 1], pts[i]) <= 0)
        k--;
      hull[k++] = pts[i];
    }
  return k - 1;
}

/* Adds a closed path: the convex polygon grown by pad with round corners. */
static void
path_rounded_polygon (cairo_t *cr, const Point *v, guint n, double pad)
{
  if (n == 1)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, v[0].x, v[0].y, pad, 0, 2 * G_PI);
      cairo_close_path (cr);
      return;
    }

  cairo_new_sub_path (cr);
  for (guint i = 0; i < n; i++)
    {
      Point prev = v[(i + n - 1) % n], cur = v[i], next = v[(i + 1) % n];
      /* Outward normals of the edges before and after this corner. */
      double a0 = atan2 (-(cur.x - prev.x), cur.y - prev.y);
      double a1 = atan2 (-(next.x - cur.x), next.y - cur.y);

      cairo_arc (cr, cur.x, cur.y, pad, a0, a1);
    }
  cairo_close_path (cr);
}

static void
path_hull_of_holes (cairo_t *cr, const SternBoardLayout *l, SternSet set, double pad)
{
  Point pts[STERN_STAR_N_CELLS], hull[2 * STERN_STAR_N_CELLS];
  guint n = 0, k;

  while (set)
    {
      guint h = stern_set_pop (&set);

      stern_board_layout_hole_centre (l, h, &pts[n].x, &pts[n].y);
      n++;
    }
  if (n == 0)
    return;
  k = convex_hull (pts, n, hull);
  path_rounded_polygon (cr, hull, k, pad * l->unit);
}

/* A set of holes as rounded regions: each ray's part as one convex shape
 * (a ray, or a ray and its hexagon row with fifteen marbles), anything left
 * over hole by hole. */
static void
path_zones (cairo_t *cr, const SternBoardLayout *l, SternSet set, double pad)
{
  /* A square board's zones are its camps, each one convex shape. */
  if (l->board_size)
    {
      for (guint corner = 0; corner < STERN_N_CORNERS && set; corner++)
        for (guint camp = 0; camp < STERN_N_CAMPS; camp++)
          {
            SternSet part = stern_board_square_camp (camp, corner);

            if (part != 0 && (set & part) == part)
              {
                path_hull_of_holes (cr, l, part, pad);
                set &= ~part;
              }
          }
      while (set)
        path_hull_of_holes (cr, l, stern_set_bit (stern_set_pop (&set)), pad);
      return;
    }
  for (;;)
    {
      SternSet best = 0;
      guint best_n = 0;

      for (guint r = 0; r < STERN_N_RAYS; r++)
        {
          SternSet part = set & stern_board_zone (r, 15);
          guint n = stern_set_count (part);

          if (n > best_n)
            {
              best_n = n;
              best = part;
            }
        }
      if (best_n == 0)
        break;
      path_hull_of_holes (cr, l, best, pad);
      set &= ~best;
    }
  while (set)
    path_hull_of_holes (cr, l, stern_set_bit (stern_set_pop (&set)), pad);
}

static void
path_star (cairo_t *cr, const SternBoardLayout *l, double pad)
{
  /* The star is the union of two big triangles of holes. */
  static const int tri[2][3][2] = {
    { { -4, -4 }, { 8, -4 }, { -4, 8 } },
    { { 4, 4 }, { -8, 4 }, { 4, -8 } },
  };

  for (guint t = 0; t < 2; t++)
    {
      Point pts[3], hull[4];
      guint k;

      for (guint i = 0; i < 3; i++)
        {
          int u = tri[t][i][0], v = tri[t][i][1];

          stern_board_layout_point (l, u + v / 2.0, -v * SQRT3_2, &pts[i].x, &pts[i].y);
        }
      k = convex_hull (pts, 3, hull);
      path_rounded_polygon (cr, hull, k, pad * l->unit);
    }
}

static void
path_line (cairo_t *cr, const SternBoardLayout *l, const guint8 *path, gsize len)
{
  for (gsize i = 0; i < len; i++)
    {
      double x, y;

      stern_board_layout_hole_centre (l, path[i], &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
}

/* ---- caches -------------------------------------------------------------- */

static void
invalidate_background (SternBoardRenderer *self)
{
  g_clear_pointer (&self->background, cairo_surface_destroy);
  g_clear_pointer (&self->bg_zones, cairo_surface_destroy);
  g_clear_pointer (&self->bg_trails, cairo_surface_destroy);
  self->bg_serial++;
}

static RsvgHandle *
load_marble_svg (unsigned seat)
{
  g_autofree char *path = g_strdup_printf (MARBLE_RESOURCE_FMT, stern_seat_colour_name (seat));
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  RsvgHandle *handle;
  gsize size;
  const guint8 *data;

  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    {
      g_warning ("Cannot load marble art %s: %s", path, error->message);
      return NULL;
    }
  data = g_bytes_get_data (bytes, &size);
  handle = rsvg_handle_new_from_data (data, size, &error);
  if (handle == NULL)
    g_warning ("Cannot read marble art %s: %s", path, error->message);
  return handle;
}

/* A marble drawn with cairo alone, should its SVG be missing. */
static void
draw_fallback_marble (cairo_t *cr, unsigned seat, double size)
{
  cairo_pattern_t *pattern;
  double r = size * SVG_MARBLE_FRAC;
  double c = size / 2;

  pattern = cairo_pattern_create_radial (c - r / 3, c - r / 3, r / 10, c, c, r);
  cairo_pattern_add_color_stop_rgb (pattern, 0, 1, 1, 1);
  cairo_pattern_add_color_stop_rgb (pattern, 1, ray_tint[seat][0] * 0.8,
                                    ray_tint[seat][1] * 0.8, ray_tint[seat][2] * 0.8);
  cairo_arc (cr, c, c, r, 0, 2 * G_PI);
  cairo_set_source (cr, pattern);
  cairo_pattern_destroy (pattern);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_set_line_width (cr, size / 30);
  cairo_stroke (cr);
}

static void stroke_marked (cairo_t *cr, const SternBoardLayout *l, unsigned seat, double width);
static void draw_home_warning (cairo_t *cr, const SternBoardLayout *l, double x, double y);

/* Where a seat's last move ended: a ring just outside its marble. */
#define LAST_RING_R     (MARBLE_R + 0.02)
#define LAST_RING_WIDTH 0.06

/* A square image of px device pixels with a shape drawn by its centre. */
static cairo_surface_t *
sprite_new (int px, int scale, cairo_t **cr)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px, px);

  *cr = cairo_create (surface);
  cairo_scale (*cr, scale, scale);
  return surface;
}

static void
make_sprites (SternBoardRenderer *self, const SternBoardLayout *l, int scale)
{
  SternBoardLayout at = *l;
  cairo_t *cr;
  double c;

  /* Sizes the marble's plus an even number of pixels: centred on the
   * same pixel as the marble when blitted. */
  self->ring_px = self->marble_px +
                  2 * MAX (0, (int) ceil ((LAST_RING_R + LAST_RING_WIDTH + 0.02) * l->unit * scale -
                                          self->marble_px / 2.0));
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      g_clear_pointer (&self->ring[seat], cairo_surface_destroy);
      self->ring[seat] = sprite_new (self->ring_px, scale, &cr);
      c = self->ring_px / 2.0 / scale;
      cairo_arc (cr, c, c, LAST_RING_R * l->unit, 0, 2 * G_PI);
      stroke_marked (cr, &at, seat, LAST_RING_WIDTH);
      cairo_destroy (cr);
      cairo_surface_set_device_scale (self->ring[seat], scale, scale);
    }

  self->warning_px = self->marble_px +
                     2 * MAX (0, (int) ceil (0.64 * l->unit * scale - self->marble_px / 2.0));
  g_clear_pointer (&self->warning, cairo_surface_destroy);
  self->warning = sprite_new (self->warning_px, scale, &cr);
  c = self->warning_px / 2.0 / scale;
  draw_home_warning (cr, &at, c, c);
  cairo_destroy (cr);
  cairo_surface_set_device_scale (self->warning, scale, scale);
}

static void
ensure_marbles (SternBoardRenderer *self, const SternBoardLayout *l, int scale)
{
  int px = (int) lround (2 * MARBLE_R / SVG_MARBLE_FRAC / 2 * l->unit * scale);

  px = MAX (px, 4);
  if (px == self->marble_px && scale == self->marble_scale && self->marble[0] != NULL)
    return;

  self->marble_px = px;
  self->marble_scale = scale;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      cairo_t *cr;

      g_clear_pointer (&self->marble[seat], cairo_surface_destroy);
      self->marble[seat] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px, px);
      cr = cairo_create (self->marble[seat]);

      if (self->marble_svg[seat] == NULL)
        self->marble_svg[seat] = load_marble_svg (seat);

      if (self->marble_svg[seat] != NULL)
        {
          RsvgRectangle viewport = { 0, 0, px, px };
          g_autoptr (GError) error = NULL;

          if (!rsvg_handle_render_document (self->marble_svg[seat], cr, &viewport, &error))
            g_warning ("Cannot draw marble art: %s", error->message);
        }
      else
        draw_fallback_marble (cr, seat, px);

      cairo_destroy (cr);
      cairo_surface_set_device_scale (self->marble[seat], scale, scale);
    }
  make_sprites (self, l, scale);
}

static void
draw_grain (cairo_t *cr, const SternBoardLayout *l, double radius)
{
  /* Fixed pseudo-random grain: the same board every time. */
  guint32 seed = 12345;
  double top = l->cy - radius * l->unit, height = 2 * radius * l->unit;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint i = 0; i < 70; i++)
    {
      double y0, amp, phase, freq, shade, half, dy;

      seed = seed * 1103515245 + 12345;
      y0 = top + height * ((seed >> 8) % 10000) / 10000.0;
      seed = seed * 1103515245 + 12345;
      amp = l->unit * (0.05 + 0.25 * ((seed >> 8) % 1000) / 1000.0);
      seed = seed * 1103515245 + 12345;
      phase = 2 * G_PI * ((seed >> 8) % 1000) / 1000.0;
      seed = seed * 1103515245 + 12345;
      freq = (0.6 + ((seed >> 8) % 1000) / 1000.0) / (radius * l->unit);
      seed = seed * 1103515245 + 12345;
      shade = ((seed >> 8) % 1000) / 1000.0;

      /* Only across the plate: cheaper than clipping every stroke. */
      half = (radius - 0.15) * l->unit;
      dy = y0 - l->cy;
      if (fabs (dy) >= half)
        continue;
      half = sqrt (half * half - dy * dy);
      for (double x = l->cx - half; ; x += l->unit / 3)
        {
          double y;

          x = MIN (x, l->cx + half);
          y = y0 + amp * sin (phase + x * freq * 2 * G_PI) +
              amp * 0.3 * sin (phase * 3 + x * freq * 7 * G_PI);
          if (x == l->cx - half)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
          if (x >= l->cx + half)
            break;
        }
      if (shade < 0.7)
        cairo_set_source_rgba (cr, 0.45, 0.27, 0.10, 0.05 + 0.07 * shade);
      else
        cairo_set_source_rgba (cr, 1.0, 0.92, 0.78, 0.10);
      cairo_set_line_width (cr, l->unit * (0.03 + 0.08 * shade));
      cairo_stroke (cr);
    }
}

/* The wood of the plate: a gradient lit from the top left and a grain.
 * Both are slow to fill at full size, so they are drawn once into a
 * texture that each background only scales. */
static void
ensure_wood (SternBoardRenderer *self)
{
  SternBoardLayout l = {
    .cx = WOOD_PX / 2.0, .cy = WOOD_PX / 2.0,
    .unit = WOOD_PX / 2.0 / STERN_BOARD_PLATE_R_COORDS, .c = 1, .s = 0,
  };
  double R = WOOD_PX / 2.0;
  cairo_pattern_t *wood;
  cairo_t *cr;

  if (self->wood != NULL)
    return;

  self->wood = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WOOD_PX, WOOD_PX);
  cr = cairo_create (self->wood);
  wood = cairo_pattern_create_linear (l.cx - R * 0.7, l.cy - R * 0.7,
                                      l.cx + R * 0.7, l.cy + R * 0.7);
  cairo_pattern_add_color_stop_rgb (wood, 0, 0.92, 0.79, 0.58);
  cairo_pattern_add_color_stop_rgb (wood, 0.5, 0.85, 0.69, 0.46);
  cairo_pattern_add_color_stop_rgb (wood, 1, 0.74, 0.55, 0.33);
  cairo_set_source (cr, wood);
  cairo_pattern_destroy (wood);
  cairo_paint (cr);
  draw_grain (cr, &l, STERN_BOARD_PLATE_R_COORDS);
  cairo_destroy (cr);
}

static void draw_holes_and_labels (cairo_t *cr, const SternBoardLayout *l);

/* A rounded rectangle of the board's cells: the square of half side
 * half around the centre, turned with the board (it looks the same). */
static void
path_square (cairo_t *cr, const SternBoardLayout *l, double half, double corner)
{
  double x, y;
  double h = half * l->unit, r = corner * l->unit;

  stern_board_layout_point (l, 0, 0, &x, &y);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + h - r, y - h + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + h - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x - h + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x - h + r, y - h + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* The square board of Halma and Ugolki (doc/rules.md §9): a square
 * wooden plate, the cells inlaid in lighter wood with a groove between
 * them, each corner's camp in the colour of the seat playing from it,
 * and a hole in every cell. */
static void
draw_square_background (SternBoardRenderer *self, cairo_t *cr, const SternBoardLayout *l,
                        const SternVariant *variant)
{
  double half = l->plate_radius, R = half * l->unit;
  guint n = l->board_size;
  cairo_pattern_t *rim;
  double x0, y0;

  stern_board_layout_point (l, 0, 0, &x0, &y0);
  for (guint i = 0; i < 4; i++)
    {
      path_square (cr, l, half + STERN_BOARD_FIT_MARGIN * (4 - i) / 4.0, 0.4);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.07);
      cairo_fill (cr);
    }

  /* The plate: the wood texture scaled over the circle round the square,
   * so that its grain covers the corners too. */
  ensure_wood (self);
  cairo_save (cr);
  path_square (cr, l, half, 0.3);
  cairo_clip (cr);
  cairo_translate (cr, x0 - R * G_SQRT2, y0 - R * G_SQRT2);
  cairo_scale (cr, 2 * R * G_SQRT2 / WOOD_PX, 2 * R * G_SQRT2 / WOOD_PX);
  cairo_set_source_surface (cr, self->wood, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
  cairo_paint (cr);
  cairo_restore (cr);

  /* Bevelled rim, as round the star's plate. */
  rim = cairo_pattern_create_linear (x0, y0 - R, x0, y0 + R);
  cairo_pattern_add_color_stop_rgba (rim, 0, 1, 0.95, 0.85, 0.55);
  cairo_pattern_add_color_stop_rgba (rim, 1, 0.35, 0.20, 0.08, 0.55);
  path_square (cr, l, half - 0.09, 0.25);
  cairo_set_source (cr, rim);
  cairo_pattern_destroy (rim);
  cairo_set_line_width (cr, l->unit * 0.10);
  cairo_stroke (cr);
  path_square (cr, l, half - 0.02, 0.29);
  cairo_set_source_rgba (cr, 0.30, 0.17, 0.06, 0.85);
  cairo_set_line_width (cr, l->unit * 0.04);
  cairo_stroke (cr);

  /* The field of cells, inlaid in lighter wood. */
  path_square (cr, l, n / 2.0 + 0.08, 0.12);
  cairo_set_source_rgba (cr, 1.0, 0.93, 0.78, 0.45);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.42, 0.25, 0.10, 0.55);
  cairo_set_line_width (cr, l->unit * 0.045);
  cairo_stroke (cr);

  /* The camps in the colours of the seats that start there; the others
   * play towards them, so both camps of each player are tinted. */
  for (unsigned seat = 0; variant != NULL && seat < STERN_N_SEATS; seat++)
    {
      int corner = stern_board_layout_seat_corner (seat);

      if (corner < 0 || !stern_variant_has_seat (variant, seat))
        continue;
      path_hull_of_holes (cr, l, stern_board_square_camp (variant->camp, (unsigned) corner),
                          RAY_PAD);
      cairo_set_source_rgba (cr, ray_tint[seat][0], ray_tint[seat][1], ray_tint[seat][2],
                             ray_tint[seat][3]);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0.35, 0.22, 0.10, 0.25);
      cairo_set_line_width (cr, l->unit * 0.03);
      cairo_stroke (cr);
    }

  /* Grooves between the cells. */
  cairo_set_source_rgba (cr, 0.42, 0.25, 0.10, 0.30);
  cairo_set_line_width (cr, l->unit * 0.03);
  for (guint i = 1; i < n; i++)
    {
      double a = i - n / 2.0, e = n / 2.0, x, y;

      stern_board_layout_point (l, a, -e, &x, &y);
      cairo_move_to (cr, x, y);
      stern_board_layout_point (l, a, e, &x, &y);
      cairo_line_to (cr, x, y);
      stern_board_layout_point (l, -e, a, &x, &y);
      cairo_move_to (cr, x, y);
      stern_board_layout_point (l, e, a, &x, &y);
      cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);

  draw_holes_and_labels (cr, l);
}

static void
draw_background (SternBoardRenderer *self, cairo_t *cr, const SternBoardLayout *l,
                 const SternVariant *variant)
{
  double radius = l->plate_radius;
  guint marbles = variant != NULL ? variant->marbles : 10;
  double R = radius * l->unit;
  cairo_pattern_t *rim;

  if (l->board_size)
    {
      draw_square_background (self, cr, l, variant);
      return;
    }

  /* A soft shadow under the plate: a few flat discs are much cheaper to
   * fill than a radial gradient of this size. */
  for (guint i = 0; i < 4; i++)
    {
      cairo_arc (cr, l->cx, l->cy + R * 0.015,
                 R + STERN_BOARD_FIT_MARGIN * l->unit * (4 - i) / 4.0, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.07);
      cairo_fill (cr);
    }

  /* The round wooden plate, from a texture made once and scaled. */
  ensure_wood (self);
  cairo_save (cr);
  cairo_translate (cr, l->cx - R, l->cy - R);
  cairo_scale (cr, 2 * R / WOOD_PX, 2 * R / WOOD_PX);
  cairo_set_source_surface (cr, self->wood, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
  cairo_arc (cr, WOOD_PX / 2.0, WOOD_PX / 2.0, WOOD_PX / 2.0, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_restore (cr);

  /* Bevelled rim: dark outside, light inside. */
  rim = cairo_pattern_create_linear (l->cx, l->cy - R, l->cx, l->cy + R);
  cairo_pattern_add_color_stop_rgba (rim, 0, 1, 0.95, 0.85, 0.55);
  cairo_pattern_add_color_stop_rgba (rim, 1, 0.35, 0.20, 0.08, 0.55);
  cairo_arc (cr, l->cx, l->cy, R - l->unit * 0.09, 0, 2 * G_PI);
  cairo_set_source (cr, rim);
  cairo_pattern_destroy (rim);
  cairo_set_line_width (cr, l->unit * 0.10);
  cairo_stroke (cr);
  cairo_arc (cr, l->cx, l->cy, R - l->unit * 0.02, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0.30, 0.17, 0.06, 0.85);
  cairo_set_line_width (cr, l->unit * 0.04);
  cairo_stroke (cr);

  /* The star, inlaid in lighter wood. */
  path_star (cr, l, STAR_PAD);
  cairo_set_source_rgba (cr, 1.0, 0.93, 0.78, 0.45);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.42, 0.25, 0.10, 0.55);
  cairo_set_line_width (cr, l->unit * 0.045);
  cairo_stroke (cr);

  /* Rays in their seats' colours; with fifteen marbles, the homes and
   * goals of the seats in play are a row larger. */
  for (unsigned r = 0; r < STERN_N_RAYS; r++)
    {
      SternSet zone = stern_board_ray (r);

      if (marbles > 10 &&
          (stern_variant_has_seat (variant, r) ||
           stern_variant_has_seat (variant, stern_seat_opposite (r))))
        zone = stern_board_zone (r, marbles);
      path_hull_of_holes (cr, l, zone, RAY_PAD);
      cairo_set_source_rgba (cr, ray_tint[r][0], ray_tint[r][1], ray_tint[r][2], ray_tint[r][3]);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0.35, 0.22, 0.10, 0.25);
      cairo_set_line_width (cr, l->unit * 0.03);
      cairo_stroke (cr);
    }

  draw_holes_and_labels (cr, l);
}

/* The holes: each a little well, dark at the top edge, lit at the bottom;
 * and the coordinates when shown. */
static void
draw_holes_and_labels (cairo_t *cr, const SternBoardLayout *l)
{
  {
    cairo_pattern_t *well;
    double r = HOLE_R * l->unit;

    well = cairo_pattern_create_linear (0, -r, 0, r);
    cairo_pattern_add_color_stop_rgba (well, 0, 0.20, 0.11, 0.04, 0.95);
    cairo_pattern_add_color_stop_rgba (well, 0.55, 0.36, 0.22, 0.10, 0.90);
    cairo_pattern_add_color_stop_rgba (well, 1, 0.62, 0.45, 0.26, 0.90);

    for (guint h = 0; h < stern_board_layout_n_cells (l); h++)
      {
        double x, y;
        cairo_matrix_t m;

        stern_board_layout_hole_centre (l, h, &x, &y);
        /* Light rim below the well. */
        cairo_arc (cr, x, y + r * 0.12, r * 1.08, 0, 2 * G_PI);
        cairo_set_source_rgba (cr, 1, 0.97, 0.9, 0.45);
        cairo_fill (cr);

        cairo_matrix_init_translate (&m, -x, -y);
        cairo_pattern_set_matrix (well, &m);
        cairo_arc (cr, x, y, r, 0, 2 * G_PI);
        cairo_set_source (cr, well);
        cairo_fill (cr);
      }
    cairo_pattern_destroy (well);
  }

  if (l->coordinates)
    {
      /* Plain ASCII labels: cairo's own text is enough and much faster
       * than laying out each with Pango. */
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, l->unit * 0.34);
      cairo_set_source_rgba (cr, 0.30, 0.18, 0.07, 0.85);
      for (guint i = 0; i < stern_board_layout_n_labels (l); i++)
        {
          cairo_text_extents_t ext;
          double bx, by, x, y;
          const char *text = stern_board_layout_cell_label (l, i, &bx, &by);

          stern_board_layout_point (l, bx, by, &x, &y);
          cairo_text_extents (cr, text, &ext);
          cairo_move_to (cr, x - ext.x_bearing - ext.width / 2, y - ext.y_bearing - ext.height / 2);
          cairo_show_text (cr, text);
        }
    }
}

/* What of the variant the background depends on: with fifteen marbles,
 * the rays of the seats in play and of their goals are tinted a row larger. */
static guint
tint_key (const SternVariant *variant)
{
  guint key = 0;

  /* A square board: its camps and the corners in play. */
  if (variant != NULL && variant->board_size)
    {
      for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
        if (stern_variant_has_seat (variant, seat))
          key |= 1u << seat;
      return key | (guint) variant->camp << 8 | (guint) variant->board_size << 12 | 1u << 20;
    }
  if (variant == NULL || variant->marbles <= 10)
    return 0;
  for (unsigned r = 0; r < STERN_N_RAYS; r++)
    if (stern_variant_has_seat (variant, r) ||
        stern_variant_has_seat (variant, stern_seat_opposite (r)))
      key |= 1u << r;
  return key | (guint) variant->marbles << 8;
}

static gboolean
same_layout (const SternBoardLayout *a, const SternBoardLayout *b)
{
  return a->width == b->width && a->height == b->height &&
         a->bottom_seat == b->bottom_seat && a->coordinates == b->coordinates &&
         a->board_size == b->board_size &&
         a->cx == b->cx && a->cy == b->cy && a->unit == b->unit;
}

static void
ensure_background (SternBoardRenderer *self, const SternBoardLayout *l, int scale,
                   const SternVariant *variant)
{
  cairo_t *cr;

  if (self->background != NULL && self->bg_scale == scale &&
      same_layout (&self->bg_layout, l) && self->bg_tint == tint_key (variant))
    return;

  invalidate_background (self);
  self->background = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                 l->width * scale, l->height * scale);
  cairo_surface_set_device_scale (self->background, scale, scale);
  self->bg_layout = *l;
  self->bg_scale = scale;
  self->bg_tint = tint_key (variant);

  cr = cairo_create (self->background);
  draw_background (self, cr, l, variant);
  cairo_destroy (cr);
}

/* The zones change only with the seat of the picked marble: drawn once
 * over a copy of the background rather than every frame. */
static void
ensure_zones (SternBoardRenderer *self, const SternBoardLayout *l, SternSet no_stop, SternSet goal)
{
  cairo_t *cr;

  if (self->bg_zones != NULL && self->zones_no_stop == no_stop && self->zones_goal == goal)
    return;

  g_clear_pointer (&self->bg_zones, cairo_surface_destroy);
  self->bg_serial++;
  self->bg_zones = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                               self->bg_layout.width * self->bg_scale,
                                               self->bg_layout.height * self->bg_scale);
  cairo_surface_set_device_scale (self->bg_zones, self->bg_scale, self->bg_scale);
  self->zones_no_stop = no_stop;
  self->zones_goal = goal;

  cr = cairo_create (self->bg_zones);
  cairo_set_source_surface (cr, self->background, 0, 0);
  cairo_paint (cr);

  /* Greyed: colour drained, then dimmed. */
  path_zones (cr, l, no_stop, ZONE_PAD);
  cairo_set_operator (cr, CAIRO_OPERATOR_HSL_SATURATION);
  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_fill_preserve (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  cairo_set_source_rgba (cr, 0.25, 0.25, 0.25, 0.45);
  cairo_fill (cr);

  /* Gilded. */
  path_zones (cr, l, goal, ZONE_PAD);
  cairo_set_source_rgba (cr, 1.0, 0.78, 0.12, 0.50);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.80, 0.55, 0.02, 0.95);
  cairo_set_line_width (cr, 0.07 * l->unit);
  cairo_stroke (cr);

  cairo_destroy (cr);
}

/* ---- drawing a frame ------------------------------------------------------- */

/* Copies a square image of px device pixels centred on (x, y), aligned to
 * whole device pixels, which keeps the copy a plain blit. */
static void
paint_image (SternBoardRenderer *self, cairo_t *cr, cairo_surface_t *surface, int px,
             double x, double y)
{
  int scale = self->marble_scale;
  double size = (double) px / scale;
  double ox = floor ((x - size / 2) * scale + 0.5) / scale;
  double oy = floor ((y - size / 2) * scale + 0.5) / scale;

  cairo_set_source_surface (cr, surface, ox, oy);
  cairo_rectangle (cr, ox, oy, size, size);
  cairo_fill (cr);
}

/* The same at a hole's point (x, y) of a board that may be turning: the
 * image itself stays upright (a marble's light does not swing round) and
 * is still a plain blit. */
static void
paint_upright (SternBoardRenderer *self, cairo_t *cr, const Frame *frame,
               cairo_surface_t *surface, int px, double x, double y)
{
  const SternBoardLayout *l = frame->layout;
  double dx, dy, c, s;

  if (frame->spin == 0.0)
    {
      paint_image (self, cr, surface, px, x, y);
      return;
    }
  dx = x - l->cx;
  dy = y - l->cy;
  c = cos (frame->spin);
  s = sin (frame->spin);
  cairo_save (cr);
  cairo_set_matrix (cr, &frame->base);
  paint_image (self, cr, surface, px, l->cx + dx * c - dy * s, l->cy + dx * s + dy * c);
  cairo_restore (cr);
}

/* A marble lifted while it jumps: zoomed about its centre, upright. */
static void
paint_zoomed_marble (SternBoardRenderer *self, cairo_t *cr, const Frame *frame, unsigned seat,
                     double x, double y, double zoom)
{
  cairo_surface_t *surface = self->marble[seat];
  double size = (double) self->marble_px / self->marble_scale;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, -frame->spin);
  cairo_scale (cr, zoom, zoom);
  cairo_set_source_surface (cr, surface, -size / 2, -size / 2);
  cairo_rectangle (cr, -size / 2, -size / 2, size, size);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_path_badges (cairo_t *cr, const SternBoardLayout *l, const guint8 *path, gsize len,
                  double r, double g, double b)
{
  PangoLayout *layout;
  PangoFontDescription *font;
  double badge = 0.19 * l->unit;

  /* The line: a dark edge under a light core, readable on any marble. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  path_line (cr, l, path, len);
  cairo_set_source_rgba (cr, 0.1, 0.07, 0.04, 0.55);
  cairo_set_line_width (cr, 0.16 * l->unit);
  cairo_stroke (cr);
  path_line (cr, l, path, len);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_set_line_width (cr, 0.08 * l->unit);
  cairo_stroke (cr);

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, badge * 1.25 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);

  /* Each landing numbered. */
  for (gsize i = 1; i < len; i++)
    {
      char text[8];
      double x, y;
      int w, h;

      stern_board_layout_hole_centre (l, path[i], &x, &y);
      cairo_arc (cr, x, y, badge, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 0.12, 0.09, 0.06);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_set_line_width (cr, 0.04 * l->unit);
      cairo_stroke (cr);

      g_snprintf (text, sizeof text, "%" G_GSIZE_FORMAT, i);
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      cairo_move_to (cr, x - w / 2.0, y - h / 2.0);
      cairo_set_source_rgb (cr, 1, 1, 1);
      pango_cairo_show_layout (cr, layout);
      /* Showing a layout keeps the current point: drop it, or the next
       * shape drawn starts with a line from here. */
      cairo_new_path (cr);
    }

  pango_font_description_free (font);
  g_object_unref (layout);
}

static gboolean path_is_valid (const guint8 *path, gsize len);

/* A coach's path: the line as a hint's, one badge with the label where
 * it lands, so that several of them stay readable together. */
/* One hole of a path of one: ringed, its label on a tag above it. */
static void
draw_named_hole (cairo_t *cr, const SternBoardLayout *l, const SternBoardHintPath *hp)
{
  PangoLayout *layout;
  PangoFontDescription *font;
  double x, y, tx, ty;
  int w, h;

  stern_board_layout_hole_centre (l, hp->path[0], &x, &y);
  cairo_new_path (cr);
  cairo_arc (cr, x, y, 0.46 * l->unit, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0.1, 0.07, 0.04, 0.6);
  cairo_set_line_width (cr, 0.14 * l->unit);
  cairo_stroke (cr);
  cairo_arc (cr, x, y, 0.46 * l->unit, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, hp->rgb[0], hp->rgb[1], hp->rgb[2]);
  cairo_set_line_width (cr, 0.07 * l->unit);
  cairo_stroke (cr);
  if (hp->label[0] == '\0')
    return;

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, 0.3 * l->unit * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, hp->label, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  /* Above and to the right, clear of the marble. */
  tx = x + 0.3 * l->unit;
  ty = y - 0.55 * l->unit - h;
  cairo_rectangle (cr, tx - 3, ty - 1, w + 6, h + 2);
  cairo_set_source_rgb (cr, 0.12, 0.09, 0.06);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, hp->rgb[0], hp->rgb[1], hp->rgb[2]);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  cairo_move_to (cr, tx, ty);
  cairo_set_source_rgb (cr, 1, 1, 1);
  pango_cairo_show_layout (cr, layout);
  cairo_new_path (cr);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
draw_labelled_path (cairo_t *cr, const SternBoardLayout *l, const SternBoardHintPath *hp)
{
  PangoLayout *layout;
  PangoFontDescription *font;
  double badge = 0.22 * l->unit, x, y;
  int w, h;

  if (hp->len < 1 || !path_is_valid (hp->path, hp->len))
    return;
  if (hp->len == 1)
    {
      draw_named_hole (cr, l, hp);
      return;
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  path_line (cr, l, hp->path, hp->len);
  cairo_set_source_rgba (cr, 0.1, 0.07, 0.04, 0.55);
  cairo_set_line_width (cr, 0.16 * l->unit);
  cairo_stroke (cr);
  path_line (cr, l, hp->path, hp->len);
  cairo_set_source_rgb (cr, hp->rgb[0], hp->rgb[1], hp->rgb[2]);
  cairo_set_line_width (cr, 0.08 * l->unit);
  cairo_stroke (cr);
  if (hp->label[0] == '\0')
    return;

  stern_board_layout_hole_centre (l, hp->path[hp->len - 1], &x, &y);
  cairo_arc (cr, x, y, badge, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 0.12, 0.09, 0.06);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, hp->rgb[0], hp->rgb[1], hp->rgb[2]);
  cairo_set_line_width (cr, 0.05 * l->unit);
  cairo_stroke (cr);

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, badge * 1.2 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, hp->label, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - w / 2.0, y - h / 2.0);
  cairo_set_source_rgb (cr, 1, 1, 1);
  pango_cairo_show_layout (cr, layout);
  cairo_new_path (cr);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* Strokes the current path twice: a wide outline, then the colour. */
static void
stroke_marked (cairo_t *cr, const SternBoardLayout *l, unsigned seat, double width)
{
  if (seat == STERN_BLACK)
    cairo_set_source_rgba (cr, MARK_LIGHT_RGB, 0.85);
  else
    cairo_set_source_rgba (cr, MARK_DARK_RGB, 0.75);
  cairo_set_line_width (cr, 2 * width * l->unit);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, mark_rgb[seat][0], mark_rgb[seat][1], mark_rgb[seat][2]);
  cairo_set_line_width (cr, width * l->unit);
  cairo_stroke (cr);
}

/* A seat's last move under the marbles: its path and a ring round the
 * hole it left. */
static void
draw_last_move_trail (cairo_t *cr, const SternBoardLayout *l, unsigned seat,
                      const guint8 *path, gsize len)
{
  double x, y;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  path_line (cr, l, path, len);
  stroke_marked (cr, l, seat, 0.045);
  stern_board_layout_hole_centre (l, path[0], &x, &y);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, HOLE_R * 1.5 * l->unit, 0, 2 * G_PI);
  stroke_marked (cr, l, seat, 0.06);
}

/* The warning on a marble left at home: a ring, and a triangle with an
 * exclamation mark at its upper right. */
static void
draw_home_warning (cairo_t *cr, const SternBoardLayout *l, double x, double y)
{
  double r = (MARBLE_R + 0.04) * l->unit;
  double side = 0.40 * l->unit, tx = x + 0.34 * l->unit, ty = y - 0.34 * l->unit;
  double h = side * SQRT3_2;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, MARK_DARK_RGB, 0.8);
  cairo_set_line_width (cr, 0.13 * l->unit);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, WARN_RGB);
  cairo_set_line_width (cr, 0.07 * l->unit);
  cairo_stroke (cr);

  cairo_move_to (cr, tx, ty - h * 2 / 3);
  cairo_line_to (cr, tx + side / 2, ty + h / 3);
  cairo_line_to (cr, tx - side / 2, ty + h / 3);
  cairo_close_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgb (cr, WARN_BADGE_RGB);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, MARK_DARK_RGB);
  cairo_set_line_width (cr, 0.035 * l->unit);
  cairo_stroke (cr);
  /* The exclamation mark: a bar and a dot. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_move_to (cr, tx, ty - h * 0.32);
  cairo_line_to (cr, tx, ty + h * 0.05);
  cairo_set_line_width (cr, 0.05 * l->unit);
  cairo_stroke (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, tx, ty + h * 0.2, 0.028 * l->unit, 0, 2 * G_PI);
  cairo_fill (cr);
}

/* The move being animated is a seat's last: marked once it has landed. */
static gboolean
last_is_animated (const SternBoardMarks *marks, unsigned seat)
{
  return marks->anim_len >= 2 && marks->last_len[seat] == marks->anim_len &&
         memcmp (marks->last[seat], marks->anim_path, marks->anim_len) == 0;
}

/* The background (with the zones if marks has them) and the trails of the
 * seats' last moves over it, redrawn only when one of them changed. */
static cairo_surface_t *
ensure_trails (SternBoardRenderer *self, const SternBoardLayout *l, const SternBoardMarks *marks)
{
  cairo_surface_t *base = marks->zones ? self->bg_zones : self->background;
  gsize len[STERN_N_SEATS];
  gboolean any = FALSE, same;
  cairo_t *cr;

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      len[seat] = marks->last_len[seat] >= 2 && !last_is_animated (marks, seat)
                  ? MIN (marks->last_len[seat], STERN_MAX_PATH) : 0;
      any |= len[seat] != 0;
    }
  if (!any)
    return base;

  same = self->bg_trails != NULL && self->trails_serial == self->bg_serial &&
         self->trails_zones == marks->zones;
  for (unsigned seat = 0; same && seat < STERN_N_SEATS; seat++)
    same = len[seat] == self->trail_len[seat] &&
           memcmp (self->trail_path[seat], marks->last[seat], len[seat]) == 0;
  if (same)
    return self->bg_trails;

  g_clear_pointer (&self->bg_trails, cairo_surface_destroy);
  self->bg_trails = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                self->bg_layout.width * self->bg_scale,
                                                self->bg_layout.height * self->bg_scale);
  cairo_surface_set_device_scale (self->bg_trails, self->bg_scale, self->bg_scale);
  self->trails_serial = self->bg_serial;
  self->trails_zones = marks->zones;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      self->trail_len[seat] = len[seat];
      if (len[seat] > 0)
        memcpy (self->trail_path[seat], marks->last[seat], len[seat]);
    }

  cr = cairo_create (self->bg_trails);
  cairo_set_source_surface (cr, base, 0, 0);
  cairo_paint (cr);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (len[seat] > 0)
      draw_last_move_trail (cr, l, seat, self->trail_path[seat], len[seat]);
  cairo_destroy (cr);
  return self->bg_trails;
}

static gboolean
path_is_valid (const guint8 *path, gsize len)
{
  if (len > 0 && path == NULL)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!is_hole (path[i]))
      return FALSE;
  return TRUE;
}

void
stern_board_renderer_draw (SternBoardRenderer     *self,
                           cairo_t                *cr,
                           const SternBoardLayout *layout,
                           int                     scale,
                           const SternVariant     *variant,
                           const SternPosition    *pos,
                           const SternBoardMarks  *marks)
{
  const SternBoardLayout *l = layout;
  Frame frame;
  guint hidden;

  g_return_if_fail (STERN_IS_BOARD_RENDERER (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (layout != NULL);
  g_return_if_fail (marks != NULL);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    g_return_if_fail (path_is_valid (marks->last[seat], marks->last_len[seat]));
  g_return_if_fail (path_is_valid (marks->hint, marks->hint_len));
  g_return_if_fail (path_is_valid (marks->preview, marks->preview_len));
  g_return_if_fail (path_is_valid (marks->anim_path, marks->anim_len));

  if (layout->width <= 0 || layout->height <= 0)
    return;
  scale = MAX (scale, 1);
  ensure_background (self, l, scale, variant);
  ensure_marbles (self, l, scale);

  cairo_save (cr);
  frame.layout = l;
  frame.spin = marks->spin;
  cairo_get_matrix (cr, &frame.base);
  /* A rotation under way: the board as it will be, turned back by spin. */
  if (marks->spin != 0.0)
    {
      cairo_translate (cr, l->cx, l->cy);
      cairo_rotate (cr, marks->spin);
      cairo_translate (cr, -l->cx, -l->cy);
    }

  /* With a marble picked: grey where it may not stop, gild its goal.  Each
   * seat's last move (the one being animated once it has landed) over it. */
  if (marks->zones)
    ensure_zones (self, l, marks->no_stop, marks->goal);
  cairo_set_source_surface (cr, ensure_trails (self, l, marks), 0, 0);
  /* Turning, the board moves too fast to see the finer filter. */
  if (marks->spin != 0.0)
    cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_FAST);
  cairo_paint (cr);

  /* The holes the picked marble can reach. */
  {
    SternSet set = marks->highlighted & board_cells (l);

    while (set)
      {
        guint h = stern_set_pop (&set);
        gboolean fatal = stern_set_has (marks->fatal, h);
        double x, y;

        stern_board_layout_hole_centre (l, h, &x, &y);
        cairo_arc (cr, x, y, HOLE_R * 1.45 * l->unit, 0, 2 * G_PI);
        if (fatal)
          cairo_set_source_rgba (cr, FATAL_RGB, 0.35);
        else
          cairo_set_source_rgba (cr, HIGHLIGHT_RGB, 0.35);
        cairo_fill (cr);
        cairo_arc (cr, x, y, HOLE_R * 0.8 * l->unit, 0, 2 * G_PI);
        if (fatal)
          cairo_set_source_rgb (cr, FATAL_RGB);
        else
          cairo_set_source_rgb (cr, HIGHLIGHT_RGB);
        cairo_fill (cr);
      }
  }

  /* The marbles; the one being animated is drawn last, above the rest. */
  hidden = marks->anim_len >= 2 ? marks->anim_path[marks->anim_len - 1] : STERN_NO_CELL;
  if (pos != NULL)
    {
      SternSet set = pos->occupied & board_cells (l);

      while (set)
        {
          guint h = stern_set_pop (&set);
          double x, y;

          if (h == hidden)
            continue;
          stern_board_layout_hole_centre (l, h, &x, &y);
          paint_upright (self, cr, &frame, self->marble[pos->cell[h]], self->marble_px, x, y);
        }
    }

  /* Where each seat's last move ended: a ring round its marble. */
  for (unsigned seat = 0; pos != NULL && seat < STERN_N_SEATS; seat++)
    {
      guint to;
      double x, y;

      if (marks->last_len[seat] < 2 || last_is_animated (marks, seat))
        continue;
      to = marks->last[seat][marks->last_len[seat] - 1];
      if (pos->cell[to] != seat)
        continue;
      stern_board_layout_hole_centre (l, to, &x, &y);
      paint_upright (self, cr, &frame, self->ring[seat], self->ring_px, x, y);
    }

  /* Marbles still at home with the deadline near. */
  if (pos != NULL)
    {
      SternSet set = marks->at_home & pos->occupied & board_cells (l);

      while (set)
        {
          guint h = stern_set_pop (&set);
          double x, y;

          stern_board_layout_hole_centre (l, h, &x, &y);
          paint_upright (self, cr, &frame, self->warning, self->warning_px, x, y);
        }
    }

  if (is_hole (marks->selected))
    {
      double x, y;

      stern_board_layout_hole_centre (l, marks->selected, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, (MARBLE_R + 0.05) * l->unit, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.6);
      cairo_set_line_width (cr, 0.13 * l->unit);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgb (cr, HIGHLIGHT_RGB);
      cairo_set_line_width (cr, 0.07 * l->unit);
      cairo_stroke (cr);
    }

  if (marks->hint_len >= 2)
    draw_path_badges (cr, l, marks->hint, marks->hint_len, 0.35, 0.65, 1.0);
  if (marks->preview_len >= 2)
    draw_path_badges (cr, l, marks->preview, marks->preview_len, 1.0, 1.0, 1.0);
  for (gsize i = 0; i < marks->n_hint_paths; i++)
    draw_labelled_path (cr, l, &marks->hint_paths[i]);

  /* The moving marble, above everything, lifted while it jumps. */
  if (pos != NULL && hidden != STERN_NO_CELL && pos->cell[hidden] != STERN_EMPTY)
    {
      gsize k = (gsize) floor (MAX (marks->anim_progress, 0.0));
      double t, x0, y0, x1, y1, ease, zoom = 1.0;

      k = MIN (k, marks->anim_len - 2);
      t = CLAMP (marks->anim_progress - k, 0.0, 1.0);
      ease = t * t * (3 - 2 * t);
      stern_board_layout_hole_centre (l, marks->anim_path[k], &x0, &y0);
      stern_board_layout_hole_centre (l, marks->anim_path[k + 1], &x1, &y1);
      if (hypot (x1 - x0, y1 - y0) > 1.5 * l->unit)
        zoom = 1.0 + 0.18 * sin (G_PI * t);
      x0 += (x1 - x0) * ease;
      y0 += (y1 - y0) * ease;
      if (zoom != 1.0)
        paint_zoomed_marble (self, cr, &frame, pos->cell[hidden], x0, y0, zoom);
      else
        paint_upright (self, cr, &frame, self->marble[pos->cell[hidden]], self->marble_px,
                       x0, y0);
    }

  /* The keyboard cursor. */
  if (is_hole (marks->cursor))
    {
      double x, y;
      double dash = 0.16 * l->unit;

      stern_board_layout_hole_centre (l, marks->cursor, &x, &y);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, (MARBLE_R + 0.1) * l->unit, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, 0.11 * l->unit);
      cairo_stroke_preserve (cr);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_source_rgb (cr, 0.10, 0.38, 0.90);
      cairo_set_line_width (cr, 0.07 * l->unit);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  cairo_restore (cr);
}

/* ---- GObject ------------------------------------------------------------------ */

SternBoardRenderer *
stern_board_renderer_new (void)
{
  return g_object_new (STERN_TYPE_BOARD_RENDERER, NULL);
}

static void
stern_board_renderer_finalize (GObject *object)
{
  SternBoardRenderer *self = STERN_BOARD_RENDERER (object);

  invalidate_background (self);
  g_clear_pointer (&self->wood, cairo_surface_destroy);
  g_clear_pointer (&self->warning, cairo_surface_destroy);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      g_clear_pointer (&self->marble[seat], cairo_surface_destroy);
      g_clear_pointer (&self->ring[seat], cairo_surface_destroy);
      g_clear_object (&self->marble_svg[seat]);
    }

  G_OBJECT_CLASS (stern_board_renderer_parent_class)->finalize (object);
}

static void
stern_board_renderer_class_init (SternBoardRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = stern_board_renderer_finalize;
}

static void
stern_board_renderer_init (SternBoardRenderer *self)
{
}
