/* stern-statistics-window.c: rating, history and results.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "stern-statistics-window.h"

struct _SternStatisticsWindow
{
  SternDialogBase parent_instance;

  GtkLabel       *rating_label;
  GtkLabel       *rating_detail;
  GtkDrawingArea *chart;
  GtkGrid        *results_grid;
  GtkLabel       *empty_label;
  GtkWidget      *notice;          /* the file was damaged: what was shown */

  SternRatings   *ratings;
};

G_DEFINE_FINAL_TYPE (SternStatisticsWindow, stern_statistics_window, STERN_TYPE_DIALOG_BASE)

static void
set_source_fg (cairo_t   *cr,
               GtkWidget *widget,
               double     alpha)
{
  GdkRGBA rgba;

  /* gtk_widget_get_color() needs GTK 4.10; GtkStyleContext is deprecated
   * there.  A neutral grey reads on light and dark themes alike. */
  (void) widget;
  gdk_rgba_parse (&rgba, "#77767b");
  cairo_set_source_rgba (cr, rgba.red, rgba.green, rgba.blue, alpha);
}

static void
draw_chart (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  SternStatisticsWindow *self = user_data;
  const double *history;
  guint n;
  double lo, hi, left = 44, right = 8, top = 8, bottom = 8;
  double w, h;
  PangoLayout *layout;
  char text[32];

  history = stern_ratings_get_history (self->ratings, &n);
  if (n == 0)
    return;

  lo = hi = history[0];
  for (guint i = 1; i < n; i++)
    {
      lo = MIN (lo, history[i]);
      hi = MAX (hi, history[i]);
    }
  /* At least 100 points of scale, on round numbers. */
  lo = floor ((lo - 10) / 50) * 50;
  hi = ceil ((hi + 10) / 50) * 50;
  if (hi - lo < 100)
    hi = lo + 100;

  w = width - left - right;
  h = height - top - bottom;
  if (w <= 0 || h <= 0)
    return;

  /* Frame lines and the scale at the top and bottom. */
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);
  set_source_fg (cr, GTK_WIDGET (area), 0.35);
  cairo_set_line_width (cr, 1);
  for (int k = 0; k <= 2; k++)
    {
      double y = round (top + h * k / 2) + 0.5;
      double value = hi - (hi - lo) * k / 2;
      int tw, th;

      cairo_move_to (cr, left, y);
      cairo_line_to (cr, left + w, y);
      cairo_stroke (cr);

      g_snprintf (text, sizeof text, "%.0f", value);
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      set_source_fg (cr, GTK_WIDGET (area), 0.9);
      cairo_move_to (cr, left - 6 - tw, CLAMP (y - th / 2.0, 0, height - th));
      pango_cairo_show_layout (cr, layout);
      set_source_fg (cr, GTK_WIDGET (area), 0.35);
    }
  g_object_unref (layout);

  /* The rating after each game. */
  cairo_set_source_rgb (cr, 0x1c / 255.0, 0x71 / 255.0, 0xd8 / 255.0);
  cairo_set_line_width (cr, 2);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < n; i++)
    {
      double x = left + (n > 1 ? w * i / (n - 1) : w / 2);
      double y = top + h * (hi - history[i]) / (hi - lo);

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);

  /* A dot on the newest. */
  {
    double x = left + (n > 1 ? w : w / 2);
    double y = top + h * (hi - history[n - 1]) / (hi - lo);

    cairo_arc (cr, x, y, 3.5, 0, 2 * G_PI);
    cairo_fill (cr);
  }
}

static GtkWidget *
cell_label (const char *text,
            float       xalign,
            gboolean    heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (heading)
    gtk_widget_add_css_class (label, "dim-label");
  else if (xalign > 0.5)
    gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
fill (SternStatisticsWindow *self)
{
  char text[32];
  guint n_rated = stern_ratings_get_n_rated (self->ratings);
  int row = 1;
  g_autofree char *detail = NULL;

  g_snprintf (text, sizeof text, "%.0f", stern_ratings_get_rating (self->ratings));
  gtk_label_set_label (self->rating_label, text);

  if (n_rated == 0)
    detail = g_strdup (_("Every player starts at 1200. Play against the computer to "
                         "change it: two-player games count by Elo, games of three to six "
                         "players by places. Team games are not rated."));
  else
    detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "After %u rated game",
                                           "After %u rated games", n_rated),
                              n_rated);
  gtk_label_set_label (self->rating_detail, detail);

  gtk_grid_attach (self->results_grid, cell_label (_("Variant"), 0, TRUE), 0, 0, 1, 1);
  gtk_grid_attach (self->results_grid, cell_label (_("Won"), 1, TRUE), 1, 0, 1, 1);
  gtk_grid_attach (self->results_grid, cell_label (_("Drawn"), 1, TRUE), 2, 0, 1, 1);
  gtk_grid_attach (self->results_grid, cell_label (_("Lost"), 1, TRUE), 3, 0, 1, 1);

  for (unsigned v = 0; v < STERN_N_VARIANTS; v++)
    {
      const SternVariant *variant = stern_variant_get (v);
      guint won, drawn, lost;
      GtkWidget *name;

      stern_ratings_get_results (self->ratings, variant->id, &won, &drawn, &lost);
      if (won + drawn + lost == 0)
        continue;

      name = cell_label (stern_variant_display_name (variant), 0, FALSE);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_grid_attach (self->results_grid, name, 0, row, 1, 1);
      g_snprintf (text, sizeof text, "%u", won);
      gtk_grid_attach (self->results_grid, cell_label (text, 1, FALSE), 1, row, 1, 1);
      g_snprintf (text, sizeof text, "%u", drawn);
      gtk_grid_attach (self->results_grid, cell_label (text, 1, FALSE), 2, row, 1, 1);
      g_snprintf (text, sizeof text, "%u", lost);
      gtk_grid_attach (self->results_grid, cell_label (text, 1, FALSE), 3, row, 1, 1);
      row++;
    }

  gtk_widget_set_visible (GTK_WIDGET (self->results_grid), row > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), row == 1);
  gtk_widget_set_visible (GTK_WIDGET (self->chart), n_rated > 0);
}

static void
stern_statistics_window_dispose (GObject *object)
{
  SternStatisticsWindow *self = STERN_STATISTICS_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), STERN_TYPE_STATISTICS_WINDOW);
  g_clear_pointer (&self->ratings, stern_ratings_free);

  G_OBJECT_CLASS (stern_statistics_window_parent_class)->dispose (object);
}

static void
stern_statistics_window_class_init (SternStatisticsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_statistics_window_dispose;

  stern_compat_dialog_class_set_template (widget_class,
                                          "/io/github/sternhalma/Sternhalma/ui/stern-statistics-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SternStatisticsWindow, rating_label);
  gtk_widget_class_bind_template_child (widget_class, SternStatisticsWindow, rating_detail);
  gtk_widget_class_bind_template_child (widget_class, SternStatisticsWindow, chart);
  gtk_widget_class_bind_template_child (widget_class, SternStatisticsWindow, results_grid);
  gtk_widget_class_bind_template_child (widget_class, SternStatisticsWindow, empty_label);

  stern_compat_dialog_class_init (widget_class);
}

static void
stern_statistics_window_init (SternStatisticsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  stern_compat_dialog_set_size (GTK_WIDGET (self), 520, 600);

  gtk_drawing_area_set_draw_func (self->chart, draw_chart, self, NULL);
}

GtkWidget *
stern_statistics_window_new (const char *path)
{
  SternStatisticsWindow *self;
  g_autoptr (GError) error = NULL;

  self = g_object_new (STERN_TYPE_STATISTICS_WINDOW, NULL);
  if (path != NULL)
    {
      self->ratings = stern_ratings_load (path, &error);
      if (error != NULL)
        {
          GtkWidget *box = gtk_widget_get_parent (GTK_WIDGET (self->rating_label));
          /* Translators: %s says what is wrong in the ratings file */
          g_autofree char *text =
            g_strdup_printf (_("Part of your ratings could not be read (%s). What could "
                               "be read is shown; the damaged file is kept aside when the "
                               "next game is rated."), error->message);

          g_message ("Could not read all of the ratings: %s", error->message);
          /* Above everything else: the figures below may be short. */
          self->notice = gtk_label_new (text);
          gtk_label_set_wrap (GTK_LABEL (self->notice), TRUE);
          gtk_label_set_xalign (GTK_LABEL (self->notice), 0);
          gtk_label_set_max_width_chars (GTK_LABEL (self->notice), 50);
          gtk_widget_add_css_class (self->notice, "warning");
          gtk_box_insert_child_after (GTK_BOX (box), self->notice, NULL);
        }
    }
  else
    self->ratings = stern_ratings_new ();

  fill (self);
  return GTK_WIDGET (self);
}

const char *
stern_statistics_window_get_notice_text (SternStatisticsWindow *self)
{
  g_return_val_if_fail (STERN_IS_STATISTICS_WINDOW (self), NULL);

  return self->notice != NULL ? gtk_label_get_label (GTK_LABEL (self->notice)) : NULL;
}

const char *
stern_statistics_window_get_rating_text (SternStatisticsWindow *self)
{
  g_return_val_if_fail (STERN_IS_STATISTICS_WINDOW (self), NULL);

  return gtk_label_get_label (self->rating_label);
}
