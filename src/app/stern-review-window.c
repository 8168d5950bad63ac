/* stern-review-window.c: Review Game.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-review-window-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "stern-board-view.h"
#include "stern-mistakes-window.h"
#include "stern-notation.h"
#include "stern-seat-dot.h"
#include "stern-texts.h"

/* Mistakes listed per player, the worst ones. */
#define WORST_PER_SEAT 5
/* Room round the chart's plot for the axes' numbers, in pixels. */
#define CHART_LEFT   36
#define CHART_RIGHT  36
#define CHART_TOP    12
#define CHART_BOTTOM 24
/* A click this near a point (pixels) picks it. */
#define CHART_PICK   14

struct _SternReviewWindow {
  SternDialogBase  parent_instance;

  SternGameReview *review;
  SternGame       *board_game;   /* the reviewed game, sought to the ply shown */
  SternGameSetup   setup;
  guint            selected;

  GtkWidget       *stack;
  GtkWidget       *progress;
  GtkWidget       *progress_label;
  GtkWidget       *board;
  GtkWidget       *move_label;
  GtkWidget       *why_label;
  GtkWidget       *chart;
  GtkWidget       *summary;
  GtkWidget       *mistakes;
  guint            n_mistakes;
  GtkWidget       *learn_button;
};

G_DEFINE_FINAL_TYPE (SternReviewWindow, stern_review_window, STERN_TYPE_DIALOG_BASE)

/* The chart's and the paths' colours: the board's marks of each seat. */
static const double seat_rgb[STERN_N_SEATS][3] = {
  { 1.00, 1.00, 1.00 }, { 0.92, 0.16, 0.12 }, { 0.22, 0.48, 1.00 },
  { 0.06, 0.06, 0.06 }, { 1.00, 0.86, 0.08 }, { 0.10, 0.72, 0.26 },
};
/* The move played and the better one on the board. */
static const double played_rgb[3] = { 1.00, 0.45, 0.10 };
static const double better_rgb[3] = { 0.20, 0.85, 0.35 };

static const char *
class_label (SternReviewClass klass)
{
  switch (klass)
    {
    case STERN_REVIEW_BEST: return _("Best");
    case STERN_REVIEW_GOOD: return _("Good");
    case STERN_REVIEW_INACCURACY: return _("Inaccuracy");
    case STERN_REVIEW_MISTAKE: return _("Mistake");
    case STERN_REVIEW_BLUNDER: return _("Blunder");
    case STERN_REVIEW_FORCED:
    case STERN_REVIEW_N_CLASSES:
    default: return _("Forced");
    }
}

/* The annotation players know from chess records: ?! an inaccuracy, ? a
 * mistake, ?? a blunder (the classes' losses: doc/computer.md). */
static const char *
class_mark (SternReviewClass klass)
{
  switch (klass)
    {
    case STERN_REVIEW_INACCURACY: return "?!";
    case STERN_REVIEW_MISTAKE: return "?";
    case STERN_REVIEW_BLUNDER: return "??";
    case STERN_REVIEW_BEST:
    case STERN_REVIEW_GOOD:
    case STERN_REVIEW_FORCED:
    case STERN_REVIEW_N_CLASSES:
    default: return "";
    }
}

static char *
path_text (const SternGame *game, const guint8 *path, gsize len)
{
  return stern_notation_format_path_in (stern_game_get_variant (game), path, len);
}

/* The move played as the list and the board's caption write it, marked. */
static char *
played_text (const SternGame *game, const SternReviewEntry *e)
{
  g_autofree char *path = path_text (game, e->played, e->played_len);

  return g_strconcat (path, class_mark (e->klass), NULL);
}

/* ---- the chart --------------------------------------------------------- */

typedef struct {
  double x0, y0, w, h;
  unsigned rounds;
  unsigned round_step; /* between the rounds numbered on the axis */
  unsigned lines;      /* grid lines above the bottom one */
  double top;          /* moves to finish at the top of the plot */
  double tempo_top;    /* square boards: tempo number there */
} ChartScale;

/* Most grid lines up the chart, and numbered rounds across it. */
#define CHART_MAX_LINES  5
#define CHART_MAX_ROUNDS 8

/* The smallest 1, 2 or 5 times a power of ten at least x: steps that
 * give round numbers on an axis. */
static double
round_step (double x)
{
  double power = pow (10.0, floor (log10 (MAX (x, 1.0))));

  if (power >= x)
    return power;
  if (2 * power >= x)
    return 2 * power;
  if (5 * power >= x)
    return 5 * power;
  return 10 * power;
}

static gboolean
chart_scale (SternReviewWindow *self, int width, int height, ChartScale *sc)
{
  const SternGame *game = stern_game_review_get_game (self->review);
  const SternVariant *variant = stern_game_get_variant (game);
  guint n = stern_game_review_get_n_entries (self->review);
  double step;

  if (n == 0)
    return FALSE;
  sc->x0 = CHART_LEFT;
  sc->y0 = CHART_TOP;
  sc->w = MAX (width - CHART_LEFT - CHART_RIGHT, 10);
  sc->h = MAX (height - CHART_TOP - CHART_BOTTOM, 10);
  sc->rounds = MAX (stern_game_review_get_entry (self->review, n - 1)->round, 1);
  sc->top = 1.0;
  sc->tempo_top = 1.0;
  for (unsigned i = 0; i < variant->n_players; i++)
    sc->top = MAX (sc->top, stern_game_review_get_start (self->review, variant->seats[i]));
  for (guint ply = 0; ply < n; ply++)
    {
      const SternReviewEntry *e = stern_game_review_get_entry (self->review, ply);

      sc->top = MAX (sc->top, e->after);
      sc->tempo_top = MAX (sc->tempo_top, (double) e->tempo);
    }
  /* Round numbers on both scales at the same grid lines. */
  step = round_step (sc->top / CHART_MAX_LINES);
  sc->lines = (unsigned) ceil (sc->top / step);
  sc->top = sc->lines * step;
  sc->tempo_top = sc->lines * round_step (sc->tempo_top / sc->lines);
  sc->round_step = (unsigned) round_step ((double) sc->rounds / CHART_MAX_ROUNDS);
  return TRUE;
}

gboolean
stern_review_window_chart_axes (SternReviewWindow *self, int width, int height,
                                double *top, unsigned *lines, double *tempo_top,
                                unsigned *round_step)
{
  ChartScale sc;

  g_return_val_if_fail (STERN_IS_REVIEW_WINDOW (self), FALSE);

  if (!chart_scale (self, width, height, &sc))
    return FALSE;
  *top = sc.top;
  *lines = sc.lines;
  *tempo_top = sc.tempo_top;
  *round_step = sc.round_step;
  return TRUE;
}

static void
chart_point (const ChartScale *sc, double round, double value, double top, double *x, double *y)
{
  *x = sc->x0 + sc->w * round / sc->rounds;
  *y = sc->y0 + sc->h * (1.0 - value / top);
}

static void
stroke_seat_line (cairo_t *cr, unsigned seat, double width)
{
  /* An outline that sets the colour off the background, as on the board. */
  if (seat == STERN_BLACK)
    cairo_set_source_rgba (cr, 1.0, 0.96, 0.88, 0.9);
  else
    cairo_set_source_rgba (cr, 0.10, 0.07, 0.04, 0.7);
  cairo_set_line_width (cr, width + 2.0);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, seat_rgb[seat][0], seat_rgb[seat][1], seat_rgb[seat][2]);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

static void
draw_chart (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  SternReviewWindow *self = data;
  const SternGame *game = stern_game_review_get_game (self->review);
  const SternVariant *variant = stern_game_get_variant (game);
  gboolean square = stern_variant_is_square (variant);
  guint n = stern_game_review_get_n_entries (self->review);
  ChartScale sc;
  char text[32];

  /* The board's wood, so that every seat's colour reads on it. */
  cairo_set_source_rgb (cr, 0.82, 0.70, 0.52);
  cairo_paint (cr);
  if (!chart_scale (self, width, height, &sc))
    return;

  /* Grid and numbers: moves to finish on the left, tempo on the right. */
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 10.0);
  for (unsigned k = 0; k <= sc.lines; k++)
    {
      double y = sc.y0 + sc.h * k / sc.lines;
      cairo_text_extents_t extents;

      cairo_set_source_rgba (cr, 0.25, 0.18, 0.10, 0.35);
      cairo_set_line_width (cr, 1.0);
      cairo_move_to (cr, sc.x0, y);
      cairo_line_to (cr, sc.x0 + sc.w, y);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.20, 0.14, 0.08);
      /* Right-aligned against the plot. */
      g_snprintf (text, sizeof text, "%.0f", sc.top * (sc.lines - k) / sc.lines);
      cairo_text_extents (cr, text, &extents);
      cairo_move_to (cr, sc.x0 - 5 - extents.x_advance, y + 4);
      cairo_show_text (cr, text);
      if (square)
        {
          g_snprintf (text, sizeof text, "%.0f", sc.tempo_top * (sc.lines - k) / sc.lines);
          cairo_move_to (cr, sc.x0 + sc.w + 5, y + 4);
          cairo_show_text (cr, text);
        }
    }
  for (unsigned r = 0; r <= sc.rounds; r += sc.round_step)
    {
      double x = sc.x0 + sc.w * r / sc.rounds;
      cairo_text_extents_t extents;

      /* Centred under its round, with a tick. */
      cairo_set_source_rgba (cr, 0.25, 0.18, 0.10, 0.6);
      cairo_move_to (cr, x, sc.y0 + sc.h);
      cairo_line_to (cr, x, sc.y0 + sc.h + 4);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.20, 0.14, 0.08);
      g_snprintf (text, sizeof text, "%u", r);
      cairo_text_extents (cr, text, &extents);
      cairo_move_to (cr, x - extents.x_advance / 2, sc.y0 + sc.h + 16);
      cairo_show_text (cr, text);
    }

  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      double x, y;

      /* Moves to finish: from the start, a point after each move. */
      chart_point (&sc, 0, stern_game_review_get_start (self->review, seat), sc.top, &x, &y);
      cairo_move_to (cr, x, y);
      for (guint ply = 0; ply < n; ply++)
        {
          const SternReviewEntry *e = stern_game_review_get_entry (self->review, ply);

          if (e->seat != seat || e->kind != STERN_ACTION_MOVE)
            continue;
          chart_point (&sc, e->round, e->after, sc.top, &x, &y);
          cairo_line_to (cr, x, y);
        }
      stroke_seat_line (cr, seat, 2.5);

      /* The tempo number, dashed, on its own scale. */
      if (square)
        {
          static const double dash[] = { 5.0, 4.0 };
          gboolean first = TRUE;

          for (guint ply = 0; ply < n; ply++)
            {
              const SternReviewEntry *e = stern_game_review_get_entry (self->review, ply);

              if (e->seat != seat || e->kind != STERN_ACTION_MOVE)
                continue;
              chart_point (&sc, e->round, e->tempo, sc.tempo_top, &x, &y);
              if (first)
                cairo_move_to (cr, x, y);
              else
                cairo_line_to (cr, x, y);
              first = FALSE;
            }
          cairo_set_dash (cr, dash, 2, 0);
          stroke_seat_line (cr, seat, 1.5);
          cairo_set_dash (cr, NULL, 0, 0);
        }

      /* The mistakes marked on the line. */
      for (guint ply = 0; ply < n; ply++)
        {
          const SternReviewEntry *e = stern_game_review_get_entry (self->review, ply);

          if (e->seat != seat || e->kind != STERN_ACTION_MOVE || e->klass < STERN_REVIEW_MISTAKE)
            continue;
          chart_point (&sc, e->round, e->after, sc.top, &x, &y);
          cairo_arc (cr, x, y, e->klass == STERN_REVIEW_BLUNDER ? 5.0 : 3.5, 0, 2 * G_PI);
          cairo_set_source_rgb (cr, e->klass == STERN_REVIEW_BLUNDER ? 0.80 : 0.95,
                                e->klass == STERN_REVIEW_BLUNDER ? 0.10 : 0.55, 0.10);
          cairo_fill (cr);
        }
    }

  /* The ply shown. */
  if (self->selected < n)
    {
      const SternReviewEntry *e = stern_game_review_get_entry (self->review, self->selected);
      double x, y;

      chart_point (&sc, e->round, e->after, sc.top, &x, &y);
      cairo_arc (cr, x, y, 7.0, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, 2.0);
      cairo_stroke (cr);
    }
}

static void
chart_pressed (GtkGestureClick *click, int n_press, double px, double py, gpointer data)
{
  SternReviewWindow *self = data;
  int width = gtk_widget_get_width (self->chart), height = gtk_widget_get_height (self->chart);
  guint n = stern_game_review_get_n_entries (self->review), best = G_MAXUINT;
  double best_d = CHART_PICK * CHART_PICK;
  ChartScale sc;

  if (!chart_scale (self, width, height, &sc))
    return;
  for (guint ply = 0; ply < n; ply++)
    {
      const SternReviewEntry *e = stern_game_review_get_entry (self->review, ply);
      double x, y, d;

      if (e->kind != STERN_ACTION_MOVE)
        continue;
      chart_point (&sc, e->round, e->after, sc.top, &x, &y);
      d = (x - px) * (x - px) + (y - py) * (y - py);
      if (d < best_d)
        best_d = d, best = ply;
    }
  /* Nothing near: the round under the pointer, its first move. */
  if (best == G_MAXUINT)
    {
      unsigned round = (unsigned) CLAMP (lround ((px - sc.x0) / sc.w * sc.rounds), 1, sc.rounds);

      for (guint ply = 0; ply < n && best == G_MAXUINT; ply++)
        if (stern_game_review_get_entry (self->review, ply)->round == round)
          best = ply;
    }
  if (best != G_MAXUINT)
    stern_review_window_select (self, best);
}

/* ---- the position shown ------------------------------------------------ */

void
stern_review_window_select (SternReviewWindow *self, guint ply)
{
  const SternReviewEntry *e;
  SternBoardHintPath paths[2];
  gsize n_paths = 0;
  g_autofree char *played = NULL, *better = NULL, *text = NULL, *why = NULL;

  g_return_if_fail (STERN_IS_REVIEW_WINDOW (self));
  g_return_if_fail (ply < stern_game_review_get_n_entries (self->review));

  self->selected = ply;
  e = stern_game_review_get_entry (self->review, ply);
  stern_game_seek (self->board_game, ply);
  stern_board_view_game_changed (STERN_BOARD_VIEW (self->board), FALSE);

  memset (paths, 0, sizeof paths);
  if (e->kind == STERN_ACTION_MOVE)
    {
      played = played_text (self->board_game, e);
      memcpy (paths[n_paths].path, e->played, e->played_len);
      paths[n_paths].len = e->played_len;
      memcpy (paths[n_paths].rgb, played_rgb, sizeof played_rgb);
      g_strlcpy (paths[n_paths].label, "1", sizeof paths[n_paths].label);
      n_paths++;
    }
  if (e->kind == STERN_ACTION_MOVE && e->best_len >= 2 && e->klass != STERN_REVIEW_BEST)
    {
      better = path_text (self->board_game, e->best, e->best_len);
      memcpy (paths[n_paths].path, e->best, e->best_len);
      paths[n_paths].len = e->best_len;
      memcpy (paths[n_paths].rgb, better_rgb, sizeof better_rgb);
      g_strlcpy (paths[n_paths].label, "2", sizeof paths[n_paths].label);
      n_paths++;
    }
  stern_board_view_set_hint_paths (STERN_BOARD_VIEW (self->board), paths, n_paths);

  if (played == NULL)
    /* Translators: a round, a colour and what happened: "Round 8, White: Forced" */
    text = g_strdup_printf (_("Round %u, %s: %s"), e->round, stern_seat_display_name (e->seat),
                            class_label (e->klass));
  else if (better == NULL)
    /* Translators: "Round 8, White played l5-l4 (1): Best; 24.0 moves to finish" */
    text = g_strdup_printf (_("Round %u, %s played %s (1): %s; %.1f moves to finish"), e->round,
                            stern_seat_display_name (e->seat), played, class_label (e->klass),
                            e->after);
  else
    /* Translators: "… l5-l4 (1): Mistake, 2.0 moves lost; better l5-j5-j7-j9 (2)" */
    text = g_strdup_printf (_("Round %u, %s played %s (1): %s, %.1f moves lost; better %s (2)"),
                            e->round, stern_seat_display_name (e->seat), played,
                            class_label (e->klass), e->loss, better);
  gtk_label_set_text (GTK_LABEL (self->move_label), text);
  why = stern_texts_review_why (e->why, e->why_figure);
  if (why != NULL)
    {
      g_autofree char *why_text = NULL;

      /* Translators: the reason the review gives for a mistake: "Why: missed a jump of 3 hops" */
      why_text = g_strdup_printf (_("Why: %s"), why);
      gtk_label_set_text (GTK_LABEL (self->why_label), why_text);
    }
  gtk_widget_set_visible (self->why_label, why != NULL);
  gtk_widget_queue_draw (self->chart);
}

guint
stern_review_window_get_selected (SternReviewWindow *self)
{
  g_return_val_if_fail (STERN_IS_REVIEW_WINDOW (self), G_MAXUINT);
  return self->selected;
}

guint
stern_review_window_get_n_mistakes (SternReviewWindow *self)
{
  g_return_val_if_fail (STERN_IS_REVIEW_WINDOW (self), 0);
  return self->n_mistakes;
}

SternGameReview *
stern_review_window_get_review (SternReviewWindow *self)
{
  g_return_val_if_fail (STERN_IS_REVIEW_WINDOW (self), NULL);
  return self->review;
}

/* ---- Learn From Your Mistakes ----------------------------------------- */

/* The people at the table; every seat when all were the computer. */
static guint
learner_seats (SternReviewWindow *self)
{
  const SternVariant *variant = stern_game_get_variant (self->board_game);
  guint mask = 0, all = 0;

  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];

      all |= 1u << seat;
      if (!self->setup.computer[seat])
        mask |= 1u << seat;
    }
  return mask != 0 ? mask : all;
}

GtkWidget *
stern_review_window_learn (SternReviewWindow *self)
{
  GtkWidget *learn;

  g_return_val_if_fail (STERN_IS_REVIEW_WINDOW (self), NULL);
  if (!stern_game_review_is_complete (self->review))
    return NULL;
  /* A window of its own, over the one the review is in (from libadwaita
   * 1.5 on the review is inside the game's window). */
  learn = stern_mistakes_window_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                     self->review, learner_seats (self));
  if (learn != NULL)
    gtk_window_present (GTK_WINDOW (learn));
  return learn;
}

static void
learn_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  stern_review_window_learn (STERN_REVIEW_WINDOW (widget));
}

/* ---- the results ------------------------------------------------------- */

static void
mistake_activated (GtkListBox *box, GtkListBoxRow *row, gpointer data)
{
  SternReviewWindow *self = data;
  gpointer ply = g_object_get_data (G_OBJECT (row), "ply");

  if (ply != NULL)
    stern_review_window_select (self, GPOINTER_TO_UINT (ply) - 1);
}

static GtkWidget *
summary_label (const char *text, float xalign)
{
  return g_object_new (GTK_TYPE_LABEL, "label", text, "xalign", xalign, NULL);
}

static void
fill_results (SternReviewWindow *self)
{
  const SternGame *game = stern_game_review_get_game (self->review);
  const SternVariant *variant = stern_game_get_variant (game);
  GtkGrid *grid = GTK_GRID (self->summary);
  static const SternReviewClass shown[] = {
    STERN_REVIEW_BEST, STERN_REVIEW_GOOD, STERN_REVIEW_INACCURACY, STERN_REVIEW_MISTAKE,
    STERN_REVIEW_BLUNDER,
  };

  /* A column a player, a row a figure: two to six narrow columns fit a
   * phone's width and the review's column beside the board, where a row
   * a player with a column for each figure (nine) did not. */
  gtk_grid_attach (grid, gtk_label_new (NULL), 0, 0, 1, 1);
  /* Translators: a row of the review's summary: the average loss a move */
  gtk_grid_attach (grid, summary_label (_("Loss a move"), 0.0f), 0, 1, 1, 1);
  /* Translators: a row of the review's summary: 0 to 100, 100 for the computer's moves */
  gtk_grid_attach (grid, summary_label (_("Accuracy"), 0.0f), 0, 2, 1, 1);
  for (unsigned k = 0; k < G_N_ELEMENTS (shown); k++)
    gtk_grid_attach (grid, summary_label (class_label (shown[k]), 0.0f), 0, 3 + k, 1, 1);

  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      g_autofree char *name = stern_game_setup_seat_name (&self->setup, seat, NULL);
      SternReviewSummary sum;
      guint worst[WORST_PER_SEAT], n_worst;
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *dot = stern_seat_dot_new (seat), *name_label;
      char text[32];

      stern_game_review_get_summary (self->review, seat, &sum);
      gtk_widget_set_halign (head, GTK_ALIGN_CENTER);
      gtk_widget_set_valign (head, GTK_ALIGN_END);
      gtk_widget_set_halign (dot, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (head), dot);
      /* A long name (a person's) is cut here, not the table's width: the
       * chart's legend above gives it whole, by the same dot.  Wrapped,
       * it would make the table's height depend on its width, which the
       * page's flow box does not measure consistently. */
      name_label = g_object_new (GTK_TYPE_LABEL, "label", name, "ellipsize", PANGO_ELLIPSIZE_END,
                                 "max-width-chars", 28, "tooltip-text", name, NULL);
      gtk_box_append (GTK_BOX (head), name_label);
      gtk_grid_attach (grid, head, 1 + i, 0, 1, 1);
      g_snprintf (text, sizeof text, "%.2f", sum.average_loss);
      gtk_grid_attach (grid, summary_label (text, 0.5f), 1 + i, 1, 1, 1);
      g_snprintf (text, sizeof text, "%.1f", sum.accuracy);
      gtk_grid_attach (grid, summary_label (text, 0.5f), 1 + i, 2, 1, 1);
      for (unsigned k = 0; k < G_N_ELEMENTS (shown); k++)
        {
          g_snprintf (text, sizeof text, "%u", sum.count[shown[k]]);
          gtk_grid_attach (grid, summary_label (text, 0.5f), 1 + i, 3 + k, 1, 1);
        }

      n_worst = stern_game_review_get_worst (self->review, seat, worst, WORST_PER_SEAT);
      for (guint w = 0; w < n_worst; w++)
        {
          const SternReviewEntry *e = stern_game_review_get_entry (self->review, worst[w]);
          g_autofree char *played = played_text (game, e);
          g_autofree char *why = stern_texts_review_why (e->why, e->why_figure);
          g_autofree char *better = e->best_len >= 2 ? path_text (game, e->best, e->best_len)
                                                     : g_strdup ("–");
          g_autofree char *title = NULL, *detail = NULL;
          GtkWidget *row = gtk_list_box_row_new ();
          GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
          GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
          GtkWidget *label;

          /* Translators: a row of the mistakes list: "Round 8: l5-l4 (Mistake)" */
          title = g_strdup_printf (_("Round %u: %s (%s)"), e->round, played, class_label (e->klass));
          /* Translators: "better l5-j5-j7-j9, 2.0 moves lost" */
          detail = g_strdup_printf (_("better %s, %.1f moves lost"), better, e->loss);
          gtk_box_append (GTK_BOX (box), stern_seat_dot_new (seat));
          gtk_widget_set_hexpand (texts, TRUE);
          label = g_object_new (GTK_TYPE_LABEL, "label", title, "xalign", 0.0f, "wrap", TRUE,
                                "max-width-chars", 40, NULL);
          gtk_box_append (GTK_BOX (texts), label);
          /* Under the title, so that a row fits a phone's width. */
          label = g_object_new (GTK_TYPE_LABEL, "label", detail, "xalign", 0.0f, "wrap", TRUE,
                                "max-width-chars", 40, NULL);
          gtk_widget_add_css_class (label, "dim-label");
          gtk_box_append (GTK_BOX (texts), label);
          if (why != NULL)
            {
              label = g_object_new (GTK_TYPE_LABEL, "label", why, "xalign", 0.0f, "wrap", TRUE,
                                    "max-width-chars", 40, NULL);
              gtk_widget_add_css_class (label, "caption");
              gtk_box_append (GTK_BOX (texts), label);
            }
          gtk_box_append (GTK_BOX (box), texts);
          gtk_widget_set_margin_top (box, 6);
          gtk_widget_set_margin_bottom (box, 6);
          gtk_widget_set_margin_start (box, 6);
          gtk_widget_set_margin_end (box, 6);
          gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
          g_object_set_data (G_OBJECT (row), "ply", GUINT_TO_POINTER (worst[w] + 1));
          gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          title, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                          why != NULL ? why : detail, -1);
          gtk_list_box_append (GTK_LIST_BOX (self->mistakes), row);
          self->n_mistakes++;
        }
    }
  if (self->n_mistakes == 0)
    {
      GtkWidget *label = gtk_label_new (_("No inaccuracies or mistakes: every move was as good as the computer's."));

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
      gtk_list_box_set_placeholder (GTK_LIST_BOX (self->mistakes), label);
    }
  {
    guint n = stern_game_review_get_n_entries (self->review);
    g_autofree guint *plies = g_new (guint, MAX (n, 1));
    gboolean any = stern_game_review_get_exercises (self->review, learner_seats (self), plies,
                                                    n) > 0;

    gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.learn", any);
    gtk_widget_set_tooltip_text (self->learn_button,
                                 any ? _("Each mistake again: find a better move")
                                     : _("No mistakes or blunders to learn from"));
  }
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "results");
  gtk_widget_queue_draw (self->chart);
  /* The worst mistake first, or the first move. */
  if (self->n_mistakes > 0)
    mistake_activated (GTK_LIST_BOX (self->mistakes),
                       gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->mistakes), 0), self);
  else if (stern_game_review_get_n_entries (self->review) > 0)
    stern_review_window_select (self, 0);
}

static void
review_progress (SternReviewWindow *self)
{
  guint reviewed;
  g_autofree char *text = NULL;

  g_object_get (self->review, "reviewed", &reviewed, NULL);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress),
                                 stern_game_review_get_progress (self->review));
  /* Translators: the review's progress: "Move 12 of 120" */
  text = g_strdup_printf (_("Move %u of %u"), reviewed,
                          stern_game_get_n_actions (stern_game_review_get_game (self->review)));
  gtk_label_set_text (GTK_LABEL (self->progress_label), text);
}

static void
review_ended (SternReviewWindow *self)
{
  if (stern_game_review_is_running (self->review))
    return;
  if (stern_game_review_is_complete (self->review))
    fill_results (self);
  else
    {
      gtk_label_set_text (GTK_LABEL (self->progress_label),
                          _("The review was stopped: another game began."));
      gtk_widget_set_visible (self->progress, FALSE);
    }
}

/* ---- the window -------------------------------------------------------- */

static void
stern_review_window_dispose (GObject *object)
{
  SternReviewWindow *self = STERN_REVIEW_WINDOW (object);

  if (self->review != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->review, self);
      stern_game_review_cancel (self->review);
    }
  if (self->board != NULL)
    stern_board_view_set_game (STERN_BOARD_VIEW (self->board), NULL);
  self->board = NULL;
  g_clear_object (&self->review);
  G_OBJECT_CLASS (stern_review_window_parent_class)->dispose (object);
}

static void
stern_review_window_finalize (GObject *object)
{
  SternReviewWindow *self = STERN_REVIEW_WINDOW (object);

  g_clear_pointer (&self->board_game, stern_game_free);
  G_OBJECT_CLASS (stern_review_window_parent_class)->finalize (object);
}

static void
stern_review_window_class_init (SternReviewWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_review_window_dispose;
  object_class->finalize = stern_review_window_finalize;
  stern_compat_dialog_class_init (widget_class);
  gtk_widget_class_install_action (widget_class, "review.learn", NULL, learn_activated);
}

static void
stern_review_window_init (SternReviewWindow *self)
{
  self->selected = G_MAXUINT;
  /* Until the review is complete and has a mistake to learn from. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.learn", FALSE);
}

static GtkWidget *
build_progress_page (SternReviewWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *title = gtk_label_new (_("The computer is weighing every move…"));

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (box, 280, -1);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_justify (GTK_LABEL (title), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (title, "title-3");
  gtk_box_append (GTK_BOX (box), title);
  self->progress = gtk_progress_bar_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Review progress"), -1);
  gtk_box_append (GTK_BOX (box), self->progress);
  self->progress_label = gtk_label_new (NULL);
  gtk_box_append (GTK_BOX (box), self->progress_label);
  return box;
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL, "label", text, "xalign", 0.0f, NULL);

  gtk_widget_add_css_class (label, "heading");
  return label;
}

/* Under the chart: each line's player by its colour, and what the lines
 * and the axes measure. */
static GtkWidget *
chart_legend (SternReviewWindow *self)
{
  const SternVariant *variant = stern_game_get_variant (self->board_game);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *seats = gtk_flow_box_new ();
  GtkWidget *text;

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (seats), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (seats), 6);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (seats), 18);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (seats), FALSE);
  gtk_widget_set_focusable (seats, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (seats), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Chart legend"), -1);
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      GtkWidget *entry = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      /* Named as in the summary below: the line's colour is the dot's. */
      g_autofree char *name = stern_game_setup_seat_name (&self->setup, variant->seats[i], NULL);

      gtk_box_append (GTK_BOX (entry), stern_seat_dot_new (variant->seats[i]));
      gtk_box_append (GTK_BOX (entry), gtk_label_new (name));
      gtk_flow_box_append (GTK_FLOW_BOX (seats), entry);
      gtk_widget_set_focusable (gtk_widget_get_parent (entry), FALSE);
    }
  gtk_box_append (GTK_BOX (box), seats);

  if (stern_variant_is_square (variant))
    text = gtk_label_new (_("Across: rounds. Solid: moves to finish (left scale); dashed: tempo "
                            "number (right scale). Lower is better; a dot marks a mistake."));
  else
    text = gtk_label_new (_("Across: rounds. Up: moves each player still needs to finish. Lower "
                            "is better; a dot marks a mistake."));
  gtk_widget_add_css_class (text, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  /* Wrapped at a column's width, not a screen's. */
  gtk_label_set_max_width_chars (GTK_LABEL (text), 50);
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_box_append (GTK_BOX (box), text);
  return box;
}

/* A side of the results page, as a cell of the box that puts the sides
 * next to each other, or one under the other when narrow. */
static void
flow_append (GtkWidget *flow, GtkWidget *child)
{
  gtk_flow_box_append (GTK_FLOW_BOX (flow), child);
  gtk_widget_set_focusable (gtk_widget_get_parent (child), FALSE);
}

/* The board with the move shown beside the chart, summary and mistakes;
 * below them on a narrow screen (a phone's 360 px), the whole page then
 * scrolled. */
static GtkWidget *
build_results_page (SternReviewWindow *self)
{
  GtkWidget *page = gtk_scrolled_window_new ();
  GtkWidget *flow = gtk_flow_box_new ();
  GtkWidget *left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *scroller, *clamp, *row, *label;
  GtkGesture *click;

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (page), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_widget_set_focusable (flow, FALSE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (page), flow);

  self->board = stern_board_view_new ();
  gtk_widget_set_hexpand (self->board, TRUE);
  gtk_widget_set_vexpand (self->board, TRUE);
  gtk_widget_set_size_request (self->board, 300, 300);
  stern_board_view_set_interactive (STERN_BOARD_VIEW (self->board), FALSE);
  stern_board_view_set_game (STERN_BOARD_VIEW (self->board), self->board_game);
  gtk_box_append (GTK_BOX (left), self->board);
  self->move_label = g_object_new (GTK_TYPE_LABEL, "wrap", TRUE, "xalign", 0.0f, NULL);
  gtk_widget_set_margin_start (self->move_label, 6);
  gtk_widget_set_margin_bottom (self->move_label, 6);
  gtk_box_append (GTK_BOX (left), self->move_label);
  self->why_label = g_object_new (GTK_TYPE_LABEL, "wrap", TRUE, "xalign", 0.0f,
                                  "visible", FALSE, NULL);
  gtk_widget_add_css_class (self->why_label, "heading");
  gtk_widget_set_margin_start (self->why_label, 6);
  gtk_widget_set_margin_bottom (self->why_label, 6);
  gtk_box_append (GTK_BOX (left), self->why_label);
  gtk_widget_set_hexpand (left, TRUE);
  /* The box puts the sides next to each other when their natural widths
   * fit: the board's is a whole screen's, so it is held to this. */
  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 440);
  adw_clamp_set_tightening_threshold (ADW_CLAMP (clamp), 440);
  adw_clamp_set_child (ADW_CLAMP (clamp), left);
  flow_append (flow, clamp);

  gtk_widget_set_hexpand (right, TRUE);
  gtk_widget_set_margin_start (right, 12);
  gtk_widget_set_margin_end (right, 12);
  gtk_widget_set_margin_top (right, 12);
  gtk_widget_set_margin_bottom (right, 12);
  gtk_box_append (GTK_BOX (right), heading (_("Moves to finish, round by round")));
  self->chart = gtk_drawing_area_new ();
  /* Its scales are made for any size (chart_scale): a phone's too. */
  gtk_widget_set_size_request (self->chart, 300, 220);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->chart), draw_chart, self, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Chart of each player's moves to finish"), -1);
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (chart_pressed), self);
  gtk_widget_add_controller (self->chart, GTK_EVENT_CONTROLLER (click));
  gtk_box_append (GTK_BOX (right), self->chart);
  gtk_box_append (GTK_BOX (right), chart_legend (self));

  /* Learn From Your Mistakes beside the summary's heading: seen with the
   * figures it follows from, without scrolling, on a laptop's screen. */
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  label = heading (_("Summary"));
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (row), label);
  self->learn_button = gtk_button_new_with_mnemonic (_("_Learn From Your Mistakes"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->learn_button), "review.learn");
  gtk_widget_set_valign (self->learn_button, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (row), self->learn_button);
  gtk_box_append (GTK_BOX (right), row);
  self->summary = gtk_grid_new ();
  /* Not scrolled: the names are cut short, so that six players fit a
   * phone. */
  gtk_grid_set_column_spacing (GTK_GRID (self->summary), 12);
  gtk_grid_set_row_spacing (GTK_GRID (self->summary), 4);
  gtk_widget_set_halign (self->summary, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (right), self->summary);

  gtk_box_append (GTK_BOX (right), heading (_("Biggest mistakes")));
  self->mistakes = gtk_list_box_new ();
  gtk_widget_add_css_class (self->mistakes, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->mistakes), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Biggest mistakes"), -1);
  g_signal_connect (self->mistakes, "row-activated", G_CALLBACK (mistake_activated), self);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->mistakes);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 200);
  gtk_box_append (GTK_BOX (right), scroller);

  flow_append (flow, right);
  return page;
}

GtkWidget *
stern_review_window_new (SternMatch *match, const SternGame *game, const SternGameSetup *setup,
                         int level)
{
  SternReviewWindow *self;
  GtkWidget *content, *header;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (game != NULL && setup != NULL, NULL);

  self = g_object_new (STERN_TYPE_REVIEW_WINDOW, "title", _("Game Review"), NULL);
  stern_compat_dialog_set_size (GTK_WIDGET (self), 1100, 720);
  self->setup = *setup;
  self->review = stern_game_review_new (game, level);
  if (match != NULL)
    stern_game_review_follow_match (self->review, match);
  self->board_game = stern_game_copy (stern_game_review_get_game (self->review));

  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  /* Translators: the review window's subtitle: "Reviewed at Hard" */
  subtitle = g_strdup_printf (_("Reviewed at %s"), stern_level_display_name (level));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header),
                                   adw_window_title_new (_("Game Review"), subtitle));
  gtk_box_append (GTK_BOX (content), header);
  self->stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_stack_add_named (GTK_STACK (self->stack), build_progress_page (self), "progress");
  gtk_stack_add_named (GTK_STACK (self->stack), build_results_page (self), "results");
  gtk_box_append (GTK_BOX (content), self->stack);
  stern_compat_dialog_set_child (GTK_WIDGET (self), content);

  g_signal_connect_swapped (self->review, "notify::reviewed", G_CALLBACK (review_progress), self);
  g_signal_connect_swapped (self->review, "notify::running", G_CALLBACK (review_ended), self);
  review_progress (self);
  stern_game_review_start (self->review);
  return GTK_WIDGET (self);
}
