/* stern-board-view.c: the star board widget.
 *
 * Geometry: a hole at axial (u, v) sits at board point (u + v/2, −v·√3/2)
 * in units of the hole spacing (RULES.md §1), rotated by −60° per bottom
 * seat so that seat's ray points down, scaled to fit and centred.  Hit
 * testing runs the same transform backwards.
 *
 * Everything that does not change between frames (the wooden plate, the
 * star, the tinted rays, the holes, the coordinates) is drawn once into an
 * image surface per size and rotation; the marbles are rendered from SVG
 * once per size.  A frame is then a few image paints and some paths.
 */

#include <glib/gi18n.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <string.h>

#include "stern-board-view.h"
#include "stern-board.h"
#include "stern-movegen.h"

#define MARBLE_RESOURCE_FMT "/io/github/sternhalma/Sternhalma/marbles/%s.svg"

/* Animation speed: one hop of a move per HOP_USEC. */
#define HOP_USEC 120000

/* Sizes in board units (the distance between neighbouring holes). */
#define HOLE_R          0.255
#define MARBLE_R        0.44
#define SVG_MARBLE_FRAC 0.42   /* the marble's radius in its SVG's square box */
#define STAR_PAD        0.62   /* inlay around the outermost holes of the star */
#define RAY_PAD         0.44   /* tint around the holes of a ray */
#define ZONE_PAD        0.47   /* gilding and greying around their holes */
#define LABEL_OFFSET    0.80   /* coordinates beyond the last hole of a line */
#define PLATE_R_PLAIN   7.70   /* radius of the wooden plate */
#define PLATE_R_COORDS  8.15
#define FIT_MARGIN      0.08   /* room around the plate for its shadow */
#define WOOD_PX         800    /* size of the wood texture */

#define SQRT3_2 0.86602540378443864676

struct _SternBoardView
{
  GtkWidget parent_instance;

  SternGame *game;                 /* borrowed */

  gboolean interactive;
  gboolean illustration;           /* a picture in the rules help: no input */
  unsigned zones_seat;             /* zones shown without a pick, or STERN_NO_SEAT */
  guint    focus_hole;             /* centre of an enlarged part, or STERN_NO_CELL */
  double   focus_radius;           /* its radius in hole spacings */
  gboolean show_coordinates;
  gboolean animations;
  unsigned bottom_seat;

  /* What the human picked. */
  guint    selected;
  SternSet highlighted;
  SternSet fatal;                  /* highlighted moves that eliminate the mover */
  guint8   preview[STERN_MAX_PATH];
  gsize    preview_len;
  guint8   hint[STERN_MAX_PATH];
  gsize    hint_len;
  guint8   last[STERN_MAX_PATH];
  gsize    last_len;

  /* Keyboard cursor. */
  guint    cursor;
  gboolean keyboard_used;
  double   cursor_pref_x;          /* column kept while moving up and down */

  /* Animation of the newest move. */
  guint    tick_id;
  gint64   anim_start;             /* frame time of the first tick, or -1 */
  double   anim_progress;          /* hops done, fractional */
  guint8   anim_path[STERN_MAX_PATH];
  gsize    anim_len;

  /* Caches. */
  cairo_surface_t *background;
  int      bg_width, bg_height, bg_scale;
  unsigned bg_seat;
  gboolean bg_coords;
  guint    bg_marbles;             /* home size the rays were tinted for */
  /* The background with the zones of a picked marble's seat drawn in. */
  cairo_surface_t *bg_zones;
  cairo_surface_t *wood;
  SternSet zones_no_stop, zones_goal;
  RsvgHandle      *marble_svg[STERN_N_SEATS];
  cairo_surface_t *marble[STERN_N_SEATS];
  int      marble_px;              /* device pixels of a marble's square box */
  int      marble_scale;

  SternMove moves[STERN_MAX_MOVES];
};

G_DEFINE_FINAL_TYPE (SternBoardView, stern_board_view, GTK_TYPE_WIDGET)

enum {
  MOVE_CHOSEN,
  SELECTION_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_ANIMATING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The unrotated board point of every hole, and where the coordinate labels
 * go; filled once in class_init. */
static double hole_bx[STERN_STAR_N_CELLS];
static double hole_by[STERN_STAR_N_CELLS];

typedef struct {
  double bx, by;
  char   text[4];
} Label;

static Label labels[17 + 17];

/* Seat colours of the ray tints (light veils over the wood). */
static const double ray_tint[STERN_N_SEATS][4] = {
  { 1.00, 1.00, 0.98, 0.55 },   /* white */
  { 0.86, 0.18, 0.14, 0.30 },   /* red */
  { 0.16, 0.38, 0.86, 0.30 },   /* blue */
  { 0.08, 0.07, 0.06, 0.34 },   /* black */
  { 1.00, 0.83, 0.05, 0.40 },   /* yellow */
  { 0.13, 0.58, 0.22, 0.32 },   /* green */
};

static const char * const seat_colour_names[STERN_N_SEATS] = {
  N_("white"), N_("red"), N_("blue"), N_("black"), N_("yellow"), N_("green"),
};

/* The highlight of a reachable hole: an opaque dot in its centre. */
#define HIGHLIGHT_RGB 0.30, 0.86, 0.56
#define FATAL_RGB     0.92, 0.26, 0.20

typedef struct {
  double cx, cy;     /* widget point of the board centre */
  double unit;       /* pixels per hole spacing */
  double c, s;       /* rotation */
} Layout;

/* ---- geometry ---------------------------------------------------------- */

static gboolean
is_hole (guint hole)
{
  return hole < STERN_STAR_N_CELLS;
}

static double
plate_radius (SternBoardView *self)
{
  return self->show_coordinates ? PLATE_R_COORDS : PLATE_R_PLAIN;
}

static void
layout_init (SternBoardView *self, Layout *l, int width, int height)
{
  double angle = -(double) self->bottom_seat * G_PI / 3.0;

  l->unit = MAX (1, MIN (width, height)) / (2.0 * (plate_radius (self) + FIT_MARGIN));
  l->cx = width / 2.0;
  l->cy = height / 2.0;
  l->c = cos (angle);
  l->s = sin (angle);
  /* Exact multiples of 60° keep the lattice's horizontal rows horizontal;
   * clean the rounding so that they stay so to the last bit. */
  if (fabs (l->s) < 1e-12)
    l->s = 0;

  /* An enlarged part of the board: its centre hole in the middle. */
  if (self->focus_hole < STERN_STAR_N_CELLS)
    {
      double fx = hole_bx[self->focus_hole], fy = hole_by[self->focus_hole];

      l->unit = MAX (1, MIN (width, height)) / (2.0 * self->focus_radius);
      l->cx = width / 2.0 - l->unit * (fx * l->c - fy * l->s);
      l->cy = height / 2.0 - l->unit * (fx * l->s + fy * l->c);
    }
}

/* Board point (unrotated, in units) to widget point. */
static void
layout_point (const Layout *l, double bx, double by, double *x, double *y)
{
  *x = l->cx + l->unit * (bx * l->c - by * l->s);
  *y = l->cy + l->unit * (bx * l->s + by * l->c);
}

static void
layout_hole (const Layout *l, guint hole, double *x, double *y)
{
  layout_point (l, hole_bx[hole], hole_by[hole], x, y);
}

/* Widget point to unrotated board point. */
static void
layout_unpoint (const Layout *l, double x, double y, double *bx, double *by)
{
  double dx = (x - l->cx) / l->unit;
  double dy = (y - l->cy) / l->unit;

  *bx = dx * l->c + dy * l->s;
  *by = -dx * l->s + dy * l->c;
}

static guint
layout_hole_at (const Layout *l, double x, double y)
{
  double bx, by;
  double best_d2 = 0.55 * 0.55;   /* a little past the inscribed circle of a hole's cell */
  guint best = STERN_NO_CELL;

  layout_unpoint (l, x, y, &bx, &by);
  for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
    {
      double dx = hole_bx[h] - bx;
      double dy = hole_by[h] - by;
      double d2 = dx * dx + dy * dy;

      if (d2 < best_d2)
        {
          best_d2 = d2;
          best = h;
        }
    }
  return best;
}

static void
init_geometry (void)
{
  int u_min[17], u_max[17], v_min[17];
  guint n = 0;

  for (int i = 0; i < 17; i++)
    {
      u_min[i] = 99;
      u_max[i] = -99;
      v_min[i] = 99;
    }

  for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
    {
      int u = stern_board_hole_u (h);
      int v = stern_board_hole_v (h);

      hole_bx[h] = u + v / 2.0;
      hole_by[h] = -v * SQRT3_2;
      u_min[v + 8] = MIN (u_min[v + 8], u);
      u_max[v + 8] = MAX (u_max[v + 8], u);
      v_min[u + 8] = MIN (v_min[u + 8], v);
    }

  /* Letters below the lower-left end of their line, row numbers right of
   * the row: the two sets never meet there. */
  for (int u = -8; u <= 8; u++)
    {
      double v = v_min[u + 8] - LABEL_OFFSET;
      Label *label = &labels[n++];

      label->bx = u + v / 2.0;
      label->by = -v * SQRT3_2;
      g_snprintf (label->text, sizeof label->text, "%c", 'a' + (u + 8));
    }
  for (int v = -8; v <= 8; v++)
    {
      double u = u_max[v + 8] + LABEL_OFFSET;
      Label *label = &labels[n++];

      label->bx = u + v / 2.0;
      label->by = -v * SQRT3_2;
      g_snprintf (label->text, sizeof label->text, "%d", v + 9);
    }
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
path_hull_of_holes (cairo_t *cr, const Layout *l, SternSet set, double pad)
{
  Point pts[STERN_STAR_N_CELLS], hull[2 * STERN_STAR_N_CELLS];
  guint n = 0, k;

  while (set)
    {
      guint h = stern_set_pop (&set);

      layout_hole (l, h, &pts[n].x, &pts[n].y);
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
path_zones (cairo_t *cr, const Layout *l, SternSet set, double pad)
{
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
path_star (cairo_t *cr, const Layout *l, double pad)
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

          layout_point (l, u + v / 2.0, -v * SQRT3_2, &pts[i].x, &pts[i].y);
        }
      k = convex_hull (pts, 3, hull);
      path_rounded_polygon (cr, hull, k, pad * l->unit);
    }
}

static void
path_line (cairo_t *cr, const Layout *l, const guint8 *path, gsize len)
{
  for (gsize i = 0; i < len; i++)
    {
      double x, y;

      layout_hole (l, path[i], &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
}

/* ---- caches -------------------------------------------------------------- */

static void
invalidate_background (SternBoardView *self)
{
  g_clear_pointer (&self->background, cairo_surface_destroy);
  g_clear_pointer (&self->bg_zones, cairo_surface_destroy);
}

static RsvgHandle *
load_marble_svg (unsigned seat)
{
  g_autofree char *path = g_strdup_printf (MARBLE_RESOURCE_FMT, stern_seat_colour_name (seat));
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
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

static void
ensure_marbles (SternBoardView *self, const Layout *l, int scale)
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
          g_autoptr(GError) error = NULL;

          if (!rsvg_handle_render_document (self->marble_svg[seat], cr, &viewport, &error))
            g_warning ("Cannot draw marble art: %s", error->message);
        }
      else
        draw_fallback_marble (cr, seat, px);

      cairo_destroy (cr);
      cairo_surface_set_device_scale (self->marble[seat], scale, scale);
    }
}

static void
draw_grain (cairo_t *cr, const Layout *l, double radius)
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
ensure_wood (SternBoardView *self)
{
  Layout l = { WOOD_PX / 2.0, WOOD_PX / 2.0, WOOD_PX / 2.0 / PLATE_R_COORDS, 1, 0 };
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
  draw_grain (cr, &l, PLATE_R_COORDS);
  cairo_destroy (cr);
}

static void
draw_background (SternBoardView *self, cairo_t *cr, const Layout *l)
{
  double radius = plate_radius (self);
  double R = radius * l->unit;
  cairo_pattern_t *rim;

  /* A soft shadow under the plate: a few flat discs are much cheaper to
   * fill than a radial gradient of this size. */
  for (guint i = 0; i < 4; i++)
    {
      cairo_arc (cr, l->cx, l->cy + R * 0.015,
                 R + FIT_MARGIN * l->unit * (4 - i) / 4.0, 0, 2 * G_PI);
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

      if (self->bg_marbles > 10 && self->game != NULL &&
          (stern_variant_has_seat (stern_game_get_variant (self->game), r) ||
           stern_variant_has_seat (stern_game_get_variant (self->game), stern_seat_opposite (r))))
        zone = stern_board_zone (r, self->bg_marbles);
      path_hull_of_holes (cr, l, zone, RAY_PAD);
      cairo_set_source_rgba (cr, ray_tint[r][0], ray_tint[r][1], ray_tint[r][2], ray_tint[r][3]);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0.35, 0.22, 0.10, 0.25);
      cairo_set_line_width (cr, l->unit * 0.03);
      cairo_stroke (cr);
    }

  /* The holes: each a little well, dark at the top edge, lit at the bottom. */
  {
    cairo_pattern_t *well;
    double r = HOLE_R * l->unit;

    well = cairo_pattern_create_linear (0, -r, 0, r);
    cairo_pattern_add_color_stop_rgba (well, 0, 0.20, 0.11, 0.04, 0.95);
    cairo_pattern_add_color_stop_rgba (well, 0.55, 0.36, 0.22, 0.10, 0.90);
    cairo_pattern_add_color_stop_rgba (well, 1, 0.62, 0.45, 0.26, 0.90);

    for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
      {
        double x, y;
        cairo_matrix_t m;

        layout_hole (l, h, &x, &y);
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

  if (self->show_coordinates)
    {
      /* Plain ASCII labels: cairo's own text is enough and much faster
       * than laying out each with Pango. */
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, l->unit * 0.34);
      cairo_set_source_rgba (cr, 0.30, 0.18, 0.07, 0.85);
      for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
        {
          cairo_text_extents_t ext;
          double x, y;

          layout_point (l, labels[i].bx, labels[i].by, &x, &y);
          cairo_text_extents (cr, labels[i].text, &ext);
          cairo_move_to (cr, x - ext.x_bearing - ext.width / 2, y - ext.y_bearing - ext.height / 2);
          cairo_show_text (cr, labels[i].text);
        }
    }
}

static guint
game_marbles (SternBoardView *self)
{
  return self->game != NULL ? stern_game_get_variant (self->game)->marbles : 10;
}

static void
ensure_background (SternBoardView *self, const Layout *l, int width, int height, int scale)
{
  cairo_t *cr;

  if (self->background != NULL &&
      self->bg_width == width && self->bg_height == height && self->bg_scale == scale &&
      self->bg_seat == self->bottom_seat && self->bg_coords == self->show_coordinates &&
      self->bg_marbles == game_marbles (self))
    return;

  invalidate_background (self);
  self->background = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                 width * scale, height * scale);
  cairo_surface_set_device_scale (self->background, scale, scale);
  self->bg_width = width;
  self->bg_height = height;
  self->bg_scale = scale;
  self->bg_seat = self->bottom_seat;
  self->bg_coords = self->show_coordinates;
  self->bg_marbles = game_marbles (self);

  cr = cairo_create (self->background);
  draw_background (self, cr, l);
  cairo_destroy (cr);
}

/* The zones change only with the seat of the picked marble: drawn once
 * over a copy of the background rather than every frame. */
static void
ensure_zones (SternBoardView *self, const Layout *l, SternSet no_stop, SternSet goal)
{
  cairo_t *cr;

  if (self->bg_zones != NULL && self->zones_no_stop == no_stop && self->zones_goal == goal)
    return;

  g_clear_pointer (&self->bg_zones, cairo_surface_destroy);
  self->bg_zones = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                               self->bg_width * self->bg_scale,
                                               self->bg_height * self->bg_scale);
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

static void
paint_marble (SternBoardView *self, cairo_t *cr, unsigned seat, double x, double y, double zoom)
{
  cairo_surface_t *surface = self->marble[seat];
  double size = (double) self->marble_px / self->marble_scale;

  if (zoom != 1.0)
    {
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_scale (cr, zoom, zoom);
      cairo_set_source_surface (cr, surface, -size / 2, -size / 2);
      cairo_paint (cr);
      cairo_restore (cr);
      return;
    }

  {
    /* Whole device pixels keep the copy a plain blit. */
    double ox = floor ((x - size / 2) * self->marble_scale + 0.5) / self->marble_scale;
    double oy = floor ((y - size / 2) * self->marble_scale + 0.5) / self->marble_scale;

    cairo_set_source_surface (cr, surface, ox, oy);
    cairo_rectangle (cr, ox, oy, size, size);
    cairo_fill (cr);
  }
}

static void
draw_path_badges (cairo_t *cr, const Layout *l, const guint8 *path, gsize len,
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

      layout_hole (l, path[i], &x, &y);
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
    }

  pango_font_description_free (font);
  g_object_unref (layout);
}

static guint
anim_marble_cell (SternBoardView *self)
{
  return self->anim_len >= 2 ? self->anim_path[self->anim_len - 1] : STERN_NO_CELL;
}

static gboolean
cursor_visible (SternBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->keyboard_used)
    return TRUE;
  return gtk_widget_has_focus (GTK_WIDGET (self)) && GTK_IS_WINDOW (root) &&
         gtk_window_get_focus_visible (GTK_WINDOW (root));
}

static void
draw_frame (SternBoardView *self, cairo_t *cr, int width, int height, int scale)
{
  const SternPosition *pos = NULL;
  const SternRules *rules = NULL;
  Layout l;
  guint hidden;

  layout_init (self, &l, width, height);
  ensure_background (self, &l, width, height, scale);
  ensure_marbles (self, &l, scale);

  cairo_save (cr);

  if (self->game != NULL)
    {
      pos = stern_game_get_position (self->game);
      rules = stern_game_get_rules (self->game);
    }

  /* With a marble picked: grey where it may not stop, gild its goal. */
  if (pos != NULL && is_hole (self->selected) && pos->cell[self->selected] != STERN_EMPTY)
    {
      unsigned seat = pos->cell[self->selected];

      ensure_zones (self, &l, rules->no_stop[seat], rules->goal[seat]);
      cairo_set_source_surface (cr, self->bg_zones, 0, 0);
    }
  else if (pos != NULL && self->zones_seat < STERN_N_SEATS)
    {
      ensure_zones (self, &l, rules->no_stop[self->zones_seat], rules->goal[self->zones_seat]);
      cairo_set_source_surface (cr, self->bg_zones, 0, 0);
    }
  else
    cairo_set_source_surface (cr, self->background, 0, 0);
  cairo_paint (cr);

  /* The last move, faintly. */
  if (self->last_len >= 2 && self->anim_len == 0)
    {
      double x, y;

      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      path_line (cr, &l, self->last, self->last_len);
      cairo_set_source_rgba (cr, 1, 0.98, 0.92, 0.50);
      cairo_set_line_width (cr, 0.06 * l.unit);
      cairo_stroke (cr);
      layout_hole (&l, self->last[0], &x, &y);
      cairo_arc (cr, x, y, HOLE_R * 1.35 * l.unit, 0, 2 * G_PI);
      cairo_set_line_width (cr, 0.05 * l.unit);
      cairo_stroke (cr);
    }

  /* The holes the picked marble can reach. */
  {
    SternSet set = self->highlighted;

    while (set)
      {
        guint h = stern_set_pop (&set);
        gboolean fatal = stern_set_has (self->fatal, h);
        double x, y;

        layout_hole (&l, h, &x, &y);
        cairo_arc (cr, x, y, HOLE_R * 1.45 * l.unit, 0, 2 * G_PI);
        if (fatal)
          cairo_set_source_rgba (cr, FATAL_RGB, 0.35);
        else
          cairo_set_source_rgba (cr, HIGHLIGHT_RGB, 0.35);
        cairo_fill (cr);
        cairo_arc (cr, x, y, HOLE_R * 0.8 * l.unit, 0, 2 * G_PI);
        if (fatal)
          cairo_set_source_rgb (cr, FATAL_RGB);
        else
          cairo_set_source_rgb (cr, HIGHLIGHT_RGB);
        cairo_fill (cr);
      }
  }

  /* The marbles. */
  hidden = anim_marble_cell (self);
  if (pos != NULL)
    {
      SternSet set = pos->occupied & stern_board_star ()->all_cells;

      while (set)
        {
          guint h = stern_set_pop (&set);
          double x, y;

          if (h == hidden)
            continue;
          layout_hole (&l, h, &x, &y);
          paint_marble (self, cr, pos->cell[h], x, y, 1.0);
        }
    }

  if (is_hole (self->selected))
    {
      double x, y;

      layout_hole (&l, self->selected, &x, &y);
      cairo_arc (cr, x, y, (MARBLE_R + 0.05) * l.unit, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.6);
      cairo_set_line_width (cr, 0.13 * l.unit);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgb (cr, HIGHLIGHT_RGB);
      cairo_set_line_width (cr, 0.07 * l.unit);
      cairo_stroke (cr);
    }

  if (self->hint_len >= 2)
    draw_path_badges (cr, &l, self->hint, self->hint_len, 0.35, 0.65, 1.0);
  if (self->preview_len >= 2)
    draw_path_badges (cr, &l, self->preview, self->preview_len, 1.0, 1.0, 1.0);

  /* The moving marble, above everything, lifted while it jumps. */
  if (pos != NULL && hidden != STERN_NO_CELL && pos->cell[hidden] != STERN_EMPTY)
    {
      gsize k = (gsize) floor (self->anim_progress);
      double t, x0, y0, x1, y1, ease, zoom = 1.0;

      k = MIN (k, self->anim_len - 2);
      t = CLAMP (self->anim_progress - k, 0.0, 1.0);
      ease = t * t * (3 - 2 * t);
      layout_hole (&l, self->anim_path[k], &x0, &y0);
      layout_hole (&l, self->anim_path[k + 1], &x1, &y1);
      if (hypot (x1 - x0, y1 - y0) > 1.5 * l.unit)
        zoom = 1.0 + 0.18 * sin (G_PI * t);
      paint_marble (self, cr, pos->cell[hidden],
                    x0 + (x1 - x0) * ease, y0 + (y1 - y0) * ease, zoom);
    }

  /* Keyboard cursor: shown while the keyboard is in use, like focus rings. */
  if (is_hole (self->cursor) && cursor_visible (self))
    {
      double x, y;
      double dash = 0.16 * l.unit;

      layout_hole (&l, self->cursor, &x, &y);
      cairo_arc (cr, x, y, (MARBLE_R + 0.1) * l.unit, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, 0.11 * l.unit);
      cairo_stroke_preserve (cr);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_source_rgb (cr, 0.10, 0.38, 0.90);
      cairo_set_line_width (cr, 0.07 * l.unit);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  cairo_restore (cr);
}

/* ---- state ------------------------------------------------------------------ */

static char *
describe_hole (SternBoardView *self, guint hole)
{
  char name[STERN_HOLE_NAME_MAX];
  const SternPosition *pos;
  GString *text;

  if (!is_hole (hole))
    return g_strdup ("");

  stern_board_hole_name (hole, name);
  text = g_string_new (NULL);

  pos = self->game != NULL ? stern_game_get_position (self->game) : NULL;
  if (pos != NULL && pos->cell[hole] != STERN_EMPTY)
    /* Translators: a hole of the board and the colour of the marble in it, "k3, white marble" */
    g_string_append_printf (text, _("%s, %s marble"), name,
                            _(seat_colour_names[pos->cell[hole]]));
  else
    /* Translators: a hole of the board with no marble, "k3, empty" */
    g_string_append_printf (text, _("%s, empty"), name);

  if (hole == self->selected)
    g_string_append_printf (text, ", %s", _("selected"));
  else if (stern_set_has (self->fatal, hole))
    g_string_append_printf (text, ", %s", _("reachable, but this move eliminates you"));
  else if (stern_set_has (self->highlighted, hole))
    g_string_append_printf (text, ", %s", _("reachable"));

  return g_string_free (text, FALSE);
}

static void
update_accessible (SternBoardView *self)
{
  g_autofree char *text = describe_hole (self, self->cursor);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
}

static void
clear_preview (SternBoardView *self)
{
  self->preview_len = 0;
}

static void
clear_selection (SternBoardView *self)
{
  gboolean changed = is_hole (self->selected) || self->highlighted != 0;

  self->selected = STERN_NO_CELL;
  self->highlighted = 0;
  self->fatal = 0;
  clear_preview (self);
  if (changed)
    {
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
      update_accessible (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
can_pick (SternBoardView *self)
{
  return self->game != NULL && self->interactive && self->anim_len == 0 &&
         !stern_game_is_over (self->game);
}

static gboolean
is_own_marble (SternBoardView *self, guint hole)
{
  const SternPosition *pos = stern_game_get_position (self->game);
  unsigned turn = stern_game_get_turn (self->game);

  return is_hole (hole) && turn != STERN_NO_SEAT && pos->cell[hole] == turn;
}

static void
select_marble (SternBoardView *self, guint hole)
{
  size_t n = stern_game_legal_moves (self->game, self->moves);

  self->selected = hole;
  self->highlighted = 0;
  self->fatal = 0;
  clear_preview (self);
  for (size_t i = 0; i < n; i++)
    {
      if (self->moves[i].from != hole)
        continue;
      self->highlighted |= stern_set_bit (self->moves[i].to);
      if (self->moves[i].flags & STERN_MOVE_FATAL)
        self->fatal |= stern_set_bit (self->moves[i].to);
    }
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The preview follows the pointer or the keyboard cursor over a lit hole. */
static void
preview_to (SternBoardView *self, guint hole)
{
  gsize len = 0;

  if (!(is_hole (self->selected) && is_hole (hole) && stern_set_has (self->highlighted, hole)))
    hole = STERN_NO_CELL;
  /* Motion within one hole changes nothing. */
  if (self->preview_len >= 2 && self->preview[self->preview_len - 1] == hole)
    return;
  if (hole != STERN_NO_CELL)
    len = stern_movegen_path (stern_game_get_rules (self->game),
                              stern_game_get_position (self->game),
                              self->selected, hole, self->preview);
  if (len != self->preview_len || len != 0)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  self->preview_len = len;
}

/* A click or Enter on a hole. */
static void
activate_hole (SternBoardView *self, guint hole)
{
  if (!can_pick (self))
    return;

  if (is_hole (self->selected) && is_hole (hole) && stern_set_has (self->highlighted, hole))
    {
      guint from = self->selected;

      clear_selection (self);
      g_signal_emit (self, signals[MOVE_CHOSEN], 0, from, hole);
      return;
    }

  if (is_own_marble (self, hole))
    {
      if (hole == self->selected)
        clear_selection (self);
      else
        select_marble (self, hole);
      return;
    }

  clear_selection (self);
}

static void
set_cursor (SternBoardView *self, guint hole)
{
  if (hole == self->cursor)
    return;
  self->cursor = hole;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Where the keyboard cursor starts: the picked marble, else a marble of the
 * player on turn nearest the bottom of the screen, else the centre. */
static guint
initial_cursor (SternBoardView *self)
{
  Layout l;
  guint best = stern_board_hole_at (0, 0);
  double best_y = -G_MAXDOUBLE;

  if (is_hole (self->selected))
    return self->selected;
  if (self->game == NULL || stern_game_get_turn (self->game) == STERN_NO_SEAT)
    return best;

  layout_init (self, &l, 100, 100);
  for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
    {
      double x, y;

      if (!is_own_marble (self, h))
        continue;
      layout_hole (&l, h, &x, &y);
      if (y > best_y + 1e-9)
        {
          best_y = y;
          best = h;
        }
    }
  return best;
}

/* The nearest hole from the cursor in screen direction (dx, dy). */
static guint
hole_in_direction (SternBoardView *self, double dx, double dy)
{
  Layout l;
  double x0, y0;
  double best_score = G_MAXDOUBLE;
  guint best = STERN_NO_CELL;

  /* Unit-sized layout centred on 0: distances come out in hole spacings. */
  layout_init (self, &l, 2, 2);
  l.unit = 1;
  l.cx = l.cy = 0;
  layout_hole (&l, self->cursor, &x0, &y0);

  for (guint h = 0; h < STERN_STAR_N_CELLS; h++)
    {
      double x, y, d, cosine, score;

      if (h == self->cursor)
        continue;
      layout_hole (&l, h, &x, &y);
      d = hypot (x - x0, y - y0);
      cosine = ((x - x0) * dx + (y - y0) * dy) / d;
      if (cosine < 0.55)
        continue;
      /* Near and straight ahead wins; ties go to the column the cursor
       * kept while moving vertically. */
      score = d * (1 + 2 * (1 - cosine));
      if (dx == 0)
        score += 0.05 * fabs (x - self->cursor_pref_x);
      if (score < best_score - 1e-9)
        {
          best_score = score;
          best = h;
        }
    }
  return best;
}

static void
remember_column (SternBoardView *self)
{
  Layout l;
  double y;

  if (!is_hole (self->cursor))
    return;
  layout_init (self, &l, 2, 2);
  l.unit = 1;
  l.cx = l.cy = 0;
  layout_hole (&l, self->cursor, &self->cursor_pref_x, &y);
}

static void
stop_animation (SternBoardView *self)
{
  gboolean was_animating = self->anim_len != 0;

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (was_animating)
    {
      self->anim_len = 0;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
    }
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  SternBoardView *self = STERN_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->anim_start < 0)
    self->anim_start = now;
  self->anim_progress = (double) (now - self->anim_start) / HOP_USEC;
  if (self->anim_progress >= (double) (self->anim_len - 1))
    {
      self->tick_id = 0;
      self->anim_len = 0;
      gtk_widget_queue_draw (widget);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
      return G_SOURCE_REMOVE;
    }
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static void
update_last_move (SternBoardView *self)
{
  guint n = self->game != NULL ? stern_game_get_n_actions (self->game) : 0;
  const SternAction *action;

  /* Passes that followed the move leave it the last thing to show. */
  while (n > 0 && stern_game_get_action (self->game, n - 1)->kind == STERN_ACTION_PASS)
    n--;
  action = n > 0 ? stern_game_get_action (self->game, n - 1) : NULL;
  self->last_len = 0;
  if (action != NULL && action->kind == STERN_ACTION_MOVE && action->path_len >= 2)
    {
      self->last_len = MIN (action->path_len, STERN_MAX_PATH);
      memcpy (self->last, action->path, self->last_len);
    }
}

/* ---- public API ------------------------------------------------------------- */

GtkWidget *
stern_board_view_new (void)
{
  return g_object_new (STERN_TYPE_BOARD_VIEW, NULL);
}

void
stern_board_view_set_game (SternBoardView *self, SternGame *game)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  self->game = game;
  stern_board_view_game_changed (self, FALSE);
}

SternGame *
stern_board_view_get_game (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), NULL);

  return self->game;
}

void
stern_board_view_game_changed (SternBoardView *self, gboolean animate_last)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  stop_animation (self);
  self->hint_len = 0;
  clear_selection (self);
  update_last_move (self);

  /* A widget that is not on screen gets no frame ticks: no animation then. */
  if (animate_last && self->animations && self->last_len >= 2 &&
      gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      memcpy (self->anim_path, self->last, self->last_len);
      self->anim_len = self->last_len;
      self->anim_start = -1;
      self->anim_progress = 0;
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick,
                                                    NULL, NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
    }

  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
stern_board_view_set_interactive (SternBoardView *self, gboolean interactive)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  interactive = !!interactive;
  if (interactive == self->interactive)
    return;
  self->interactive = interactive;
  if (!interactive)
    clear_selection (self);
}

void
stern_board_view_set_bottom_seat (SternBoardView *self, unsigned seat)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (seat < STERN_N_SEATS);

  if (seat == self->bottom_seat)
    return;
  self->bottom_seat = seat;
  invalidate_background (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

unsigned
stern_board_view_get_bottom_seat (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), 0);

  return self->bottom_seat;
}

void
stern_board_view_set_show_coordinates (SternBoardView *self, gboolean show)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  show = !!show;
  if (show == self->show_coordinates)
    return;
  self->show_coordinates = show;
  invalidate_background (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
stern_board_view_set_animations (SternBoardView *self, gboolean enabled)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  self->animations = !!enabled;
  if (!enabled)
    stop_animation (self);
}

gboolean
stern_board_view_is_animating (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), FALSE);

  return self->anim_len != 0;
}

void
stern_board_view_show_hint (SternBoardView *self, const guint8 *path, gsize len)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (path != NULL || len == 0);

  self->hint_len = MIN (len, STERN_MAX_PATH);
  if (self->hint_len > 0)
    memcpy (self->hint, path, self->hint_len);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
stern_board_view_draw (SternBoardView *self, cairo_t *cr, int width, int height)
{
  double sx = 1, sy = 1;

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0)
    return;
  cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
  draw_frame (self, cr, width, height, MAX (1, (int) ceil (sx)));
}

guint
stern_board_view_hole_at (SternBoardView *self, double x, double y, int width, int height)
{
  Layout l;

  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), STERN_NO_CELL);

  layout_init (self, &l, width, height);
  return layout_hole_at (&l, x, y);
}

void
stern_board_view_hole_centre (SternBoardView *self, guint hole, int width, int height,
                              double *x, double *y)
{
  Layout l;

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (is_hole (hole));
  g_return_if_fail (x != NULL && y != NULL);

  layout_init (self, &l, width, height);
  layout_hole (&l, hole, x, y);
}

guint
stern_board_view_get_selected (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), STERN_NO_CELL);

  return self->selected;
}

SternSet
stern_board_view_get_highlighted (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), 0);

  return self->highlighted;
}

guint
stern_board_view_get_cursor (SternBoardView *self)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), STERN_NO_CELL);

  return self->cursor;
}

gsize
stern_board_view_get_preview (SternBoardView *self, guint8 *path)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), 0);

  if (path != NULL && self->preview_len > 0)
    memcpy (path, self->preview, self->preview_len);
  return self->preview_len;
}

char *
stern_board_view_describe_hole (SternBoardView *self, guint hole)
{
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), NULL);

  return describe_hole (self, hole);
}

void
stern_board_view_click (SternBoardView *self, double x, double y)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint hole;

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  if (self->anim_len != 0)
    return;
  hole = stern_board_view_hole_at (self, x, y,
                                   gtk_widget_get_width (widget),
                                   gtk_widget_get_height (widget));
  if (is_hole (hole))
    {
      set_cursor (self, hole);
      remember_column (self);
    }
  activate_hole (self, hole);
}

void
stern_board_view_hover (SternBoardView *self, double x, double y)
{
  GtkWidget *widget = GTK_WIDGET (self);

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  if (self->anim_len != 0 || self->game == NULL)
    return;
  preview_to (self, stern_board_view_hole_at (self, x, y,
                                              gtk_widget_get_width (widget),
                                              gtk_widget_get_height (widget)));
}

gboolean
stern_board_view_key (SternBoardView *self, guint keyval)
{
  double dx = 0, dy = 0;

  g_return_val_if_fail (STERN_IS_BOARD_VIEW (self), FALSE);

  if (self->anim_len != 0)
    return FALSE;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      dx = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      dx = 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      dy = -1;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      dy = 1;
      break;

    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      if (!is_hole (self->cursor))
        return FALSE;
      self->keyboard_used = TRUE;
      activate_hole (self, self->cursor);
      if (is_hole (self->selected))
        preview_to (self, self->cursor);
      return TRUE;

    case GDK_KEY_Escape:
      if (is_hole (self->selected) || self->hint_len > 0)
        {
          self->hint_len = 0;
          clear_selection (self);
          return TRUE;
        }
      return FALSE;

    default:
      return FALSE;
    }

  self->keyboard_used = TRUE;
  if (!is_hole (self->cursor))
    {
      set_cursor (self, initial_cursor (self));
      remember_column (self);
    }
  else
    {
      guint next = hole_in_direction (self, dx, dy);

      if (is_hole (next))
        {
          set_cursor (self, next);
          if (dx != 0)
            remember_column (self);
        }
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->game != NULL)
    preview_to (self, self->cursor);
  return TRUE;
}

void
stern_board_view_set_illustration (SternBoardView *self, gboolean illustration)
{
  GtkWidget *widget;

  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  widget = GTK_WIDGET (self);
  illustration = !!illustration;
  if (illustration == self->illustration)
    return;
  self->illustration = illustration;
  /* A picture takes neither pointer nor keyboard input, and does not move. */
  stern_board_view_set_interactive (self, !illustration);
  gtk_widget_set_can_target (widget, !illustration);
  gtk_widget_set_focusable (widget, !illustration);
  gtk_widget_set_focus_on_click (widget, !illustration);
  if (illustration)
    {
      self->animations = FALSE;
      stop_animation (self);
    }
  gtk_widget_queue_resize (widget);
}

void
stern_board_view_select (SternBoardView *self, guint hole)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));

  if (self->game == NULL || !is_hole (hole) ||
      stern_game_get_position (self->game)->cell[hole] == STERN_EMPTY)
    {
      clear_selection (self);
      return;
    }
  select_marble (self, hole);
}

void
stern_board_view_set_focus (SternBoardView *self, guint hole, double radius)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (hole == STERN_NO_CELL || (is_hole (hole) && radius > 0));

  self->focus_hole = hole;
  self->focus_radius = radius;
  invalidate_background (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
stern_board_view_show_zones (SternBoardView *self, unsigned seat)
{
  g_return_if_fail (STERN_IS_BOARD_VIEW (self));
  g_return_if_fail (seat < STERN_N_SEATS || seat == STERN_NO_SEAT);

  self->zones_seat = seat;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- controllers --------------------------------------------------------------- */

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            SternBoardView  *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* The second press of a double click would only undo the first. */
  if (n_press > 1)
    return;
  if (button == GDK_BUTTON_PRIMARY)
    {
      self->keyboard_used = FALSE;
      stern_board_view_click (self, x, y);
      stern_board_view_hover (self, x, y);
    }
  else if (button == GDK_BUTTON_SECONDARY && self->anim_len == 0)
    clear_selection (self);
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           SternBoardView           *self)
{
  stern_board_view_hover (self, x, y);
}

static void
on_leave (GtkEventControllerMotion *motion,
          SternBoardView           *self)
{
  if (self->preview_len != 0)
    {
      clear_preview (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                SternBoardView        *self)
{
  /* Leave shortcuts with modifiers to the window. */
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  return stern_board_view_key (self, keyval);
}

static void
on_focus_enter (GtkEventControllerFocus *focus,
                SternBoardView          *self)
{
  if (!is_hole (self->cursor))
    {
      self->cursor = initial_cursor (self);
      remember_column (self);
      update_accessible (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_focus_leave (GtkEventControllerFocus *focus,
                SternBoardView          *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- GtkWidget ---------------------------------------------------------------- */

static void
stern_board_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  SternBoardView *self = STERN_BOARD_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw_frame (self, cr, width, height, MAX (1, gtk_widget_get_scale_factor (widget)));
  cairo_destroy (cr);
}

static void
stern_board_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  SternBoardView *self = STERN_BOARD_VIEW (widget);

  /* An illustration sits between paragraphs of text: keep it modest. */
  *minimum = self->illustration ? 200 : 240;
  *natural = self->illustration ? 300 : 640;
}

static void
stern_board_view_unmap (GtkWidget *widget)
{
  stop_animation (STERN_BOARD_VIEW (widget));
  GTK_WIDGET_CLASS (stern_board_view_parent_class)->unmap (widget);
}

static void
stern_board_view_dispose (GObject *object)
{
  SternBoardView *self = STERN_BOARD_VIEW (object);

  stop_animation (self);
  self->game = NULL;
  invalidate_background (self);
  g_clear_pointer (&self->wood, cairo_surface_destroy);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      g_clear_pointer (&self->marble[seat], cairo_surface_destroy);
      g_clear_object (&self->marble_svg[seat]);
    }

  G_OBJECT_CLASS (stern_board_view_parent_class)->dispose (object);
}

static void
stern_board_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  SternBoardView *self = STERN_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_ANIMATING:
      g_value_set_boolean (value, stern_board_view_is_animating (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_board_view_class_init (SternBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_board_view_dispose;
  object_class->get_property = stern_board_view_get_property;

  widget_class->snapshot = stern_board_view_snapshot;
  widget_class->measure = stern_board_view_measure;
  widget_class->unmap = stern_board_view_unmap;

  signals[MOVE_CHOSEN] =
    g_signal_new ("move-chosen",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /* Observers wait for the end of a move's animation through notify. */
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "sternboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  init_geometry ();
}

static void
stern_board_view_init (SternBoardView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *click;
  GtkEventController *controller;

  self->selected = STERN_NO_CELL;
  self->cursor = STERN_NO_CELL;
  self->zones_seat = STERN_NO_SEAT;
  self->focus_hole = STERN_NO_CELL;
  self->interactive = TRUE;
  self->animations = TRUE;

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_focus_enter), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_focus_leave), self);
  gtk_widget_add_controller (widget, controller);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);
}
