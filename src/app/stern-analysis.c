/* stern-analysis.c: the analysis board.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-analysis.h"

#include <glib/gi18n.h>

#include "stern-game-setup.h"
#include "stern-notation.h"
#include "stern-rating.h"
#include "stern-review.h"

/* The level of the analysis: Hard answers in well under a second a ply. */
#define ANALYSIS_LEVEL STERN_LEVEL_HARD

struct _SternAnalysis {
  GObject         parent_instance;

  SternMatch     *match;        /* weak: the window's */
  SternBoardView *board;        /* weak */
  GSignalGroup   *match_signals;
  GtkWidget      *bar;          /* the box: the area and the labels */
  GtkWidget      *area;         /* the players' shares */
  GtkWidget      *summary;      /* who leads, each one's moves to finish */
  GtkWidget      *line_label;   /* the computer's line in notation */
  GCancellable   *cancellable;
  gboolean        active;
  gboolean        analysed;
  double          mtf[STERN_N_SEATS];
  int             proved[STERN_N_SEATS];  /* moves to finish proved, or -1 */
  SternReviewPath line[STERN_ANALYSIS_PLIES];
  guint           line_len;
};

G_DEFINE_FINAL_TYPE (SternAnalysis, stern_analysis, G_TYPE_OBJECT)

enum { PROP_0, PROP_ACTIVE, PROP_ANALYSED, N_PROPS };
static GParamSpec *properties[N_PROPS];

static const double seat_rgb[STERN_N_SEATS][3] = {
  { 0.96, 0.96, 0.95 }, { 0.88, 0.11, 0.14 }, { 0.11, 0.44, 0.85 },
  { 0.14, 0.12, 0.19 }, { 0.96, 0.83, 0.18 }, { 0.18, 0.76, 0.49 },
};

typedef struct {
  SternGame      *game;
  double          mtf[STERN_N_SEATS];
  int             proved[STERN_N_SEATS];
  SternReviewPath line[STERN_ANALYSIS_PLIES];
  guint           line_len;
  gint            stop;
} Work;

static void
work_free (gpointer data)
{
  Work *work = data;

  g_clear_pointer (&work->game, stern_game_free);
  g_free (work);
}

static void
stop_work (GCancellable *cancellable, gpointer data)
{
  g_atomic_int_set ((gint *) data, 1);
}

static void
analyse_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Work *work = task_data;
  g_autoptr (SternReviewer) reviewer = stern_reviewer_new (ANALYSIS_LEVEL);
  const SternVariant *variant = stern_game_get_variant (work->game);
  gulong handler = g_cancellable_connect (cancellable, G_CALLBACK (stop_work), &work->stop, NULL);

  for (unsigned i = 0; i < variant->n_players && !g_atomic_int_get (&work->stop); i++)
    {
      unsigned seat = variant->seats[i];

      work->proved[seat] = stern_reviewer_proved_moves (reviewer, work->game, seat);
      work->mtf[seat] = work->proved[seat] >= 0
                        ? work->proved[seat]
                        : stern_reviewer_moves_to_finish (reviewer, work->game, seat);
    }
  if (!g_atomic_int_get (&work->stop))
    work->line_len = (guint) stern_reviewer_best_line (reviewer, work->game, STERN_ANALYSIS_PLIES,
                                                       &work->stop, work->line);
  g_cancellable_disconnect (cancellable, handler);
  (void) g_atomic_int_get (&work->stop);
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_boolean (task, TRUE);
}

static void
show_line (SternAnalysis *self)
{
  SternBoardHintPath paths[STERN_ANALYSIS_PLIES];
  guint n = 0;

  if (self->board == NULL)
    return;
  if (self->active && self->analysed)
    for (guint i = 0; i < self->line_len; i++)
      {
        memset (&paths[n], 0, sizeof paths[n]);
        memcpy (paths[n].path, self->line[i].path, self->line[i].len);
        paths[n].len = self->line[i].len;
        memcpy (paths[n].rgb, seat_rgb[self->line[i].seat], sizeof paths[n].rgb);
        g_snprintf (paths[n].label, sizeof paths[n].label, "%u", i + 1);
        n++;
      }
  stern_board_view_set_hint_paths (self->board, paths, n);
}

static void
set_analysed (SternAnalysis *self, gboolean analysed)
{
  self->analysed = analysed;
  show_line (self);
  gtk_widget_queue_draw (self->area);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSED]);
}

static void
analyse_done (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (SternAnalysis) self = data;
  Work *work = g_task_get_task_data (G_TASK (res));
  g_autoptr (GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (res), &error))
    return;   /* cancelled: a newer position is on its way */
  g_clear_object (&self->cancellable);
  memcpy (self->mtf, work->mtf, sizeof self->mtf);
  memcpy (self->proved, work->proved, sizeof self->proved);
  memcpy (self->line, work->line, sizeof self->line);
  self->line_len = work->line_len;
  set_analysed (self, TRUE);
}

gboolean
stern_analysis_is_allowed (SternAnalysis *self)
{
  SternGame *game;

  g_return_val_if_fail (STERN_IS_ANALYSIS (self), FALSE);
  if (self->match == NULL || (game = stern_match_get_game (self->match)) == NULL)
    return FALSE;
  /* A rated game is played alone; asking for the analysis unrates it
   * first (stern_match_use_help). */
  return stern_game_is_over_at_end (game) || !stern_match_is_rated (self->match);
}

static void
reanalyse (SternAnalysis *self)
{
  g_autoptr (GTask) task = NULL;
  SternGame *game;
  Work *work;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->active && !stern_analysis_is_allowed (self))
    {
      stern_analysis_set_active (self, FALSE);
      return;
    }
  set_analysed (self, FALSE);
  if (!self->active || (game = stern_match_get_game (self->match)) == NULL)
    return;

  self->cancellable = g_cancellable_new ();
  work = g_new0 (Work, 1);
  work->game = stern_game_copy (game);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    work->proved[seat] = -1;
  task = g_task_new (NULL, self->cancellable, analyse_done, g_object_ref (self));
  g_task_set_source_tag (task, reanalyse);
  g_task_set_name (task, "[sternhalma] analysis");
  g_task_set_task_data (task, work, work_free);
  g_task_run_in_thread (task, analyse_thread);
}

/* The seat ahead of the others, and by how many moves (0 for a tie). */
static unsigned
leader (SternAnalysis *self, const SternVariant *variant, double *lead)
{
  unsigned best = variant->seats[0];
  double second = G_MAXDOUBLE;

  for (unsigned i = 1; i < variant->n_players; i++)
    if (self->mtf[variant->seats[i]] < self->mtf[best])
      best = variant->seats[i];
  for (unsigned i = 0; i < variant->n_players; i++)
    if (variant->seats[i] != best)
      second = MIN (second, self->mtf[variant->seats[i]]);
  *lead = variant->n_players > 1 ? second - self->mtf[best] : 0.0;
  return best;
}

static void
draw_bar (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  SternAnalysis *self = data;
  const SternVariant *variant;
  double total = 0.0, x = 0.0, lead;
  unsigned best;
  SternGame *game;

  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_paint (cr);
  if (!self->analysed || self->match == NULL || (game = stern_match_get_game (self->match)) == NULL)
    return;
  variant = stern_game_get_variant (game);
  best = leader (self, variant, &lead);
  /* Bigger is better: each player's share is what it has left for the
   * others, so the fewer moves to finish, the larger its part. */
  for (unsigned i = 0; i < variant->n_players; i++)
    total += self->mtf[variant->seats[i]];
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      double share = variant->n_players == 1 || total <= 0.0 ? 1.0 / variant->n_players
        : (total - self->mtf[seat]) / (total * (variant->n_players - 1));
      double w = share * width;
      char text[32];
      cairo_text_extents_t ext;

      cairo_rectangle (cr, x, 0, w, height);
      cairo_set_source_rgb (cr, seat_rgb[seat][0], seat_rgb[seat][1], seat_rgb[seat][2]);
      cairo_fill (cr);
      /* The leader's part says its lead, in moves. */
      if (seat == best && lead >= 0.05)
        {
          g_snprintf (text, sizeof text, "+%.1f", lead);
          cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
          cairo_set_font_size (cr, height * 0.55);
          cairo_text_extents (cr, text, &ext);
          if (ext.width + 8 < w)
            {
              gboolean dark = seat == STERN_BLACK || seat == STERN_BLUE || seat == STERN_RED;

              cairo_set_source_rgb (cr, dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0);
              cairo_move_to (cr, x + (w - ext.width) / 2 - ext.x_bearing,
                             (height - ext.height) / 2 - ext.y_bearing);
              cairo_show_text (cr, text);
            }
        }
      x += w;
    }
}

/* The bar in words: who leads and each one's moves to finish, and the
 * line in notation; also what a screen reader says of the bar. */
static void
update_bar_label (SternAnalysis *self)
{
  g_autoptr (GString) summary = g_string_new (NULL);
  g_autoptr (GString) line = g_string_new (NULL);
  SternGame *game;

  if (self->analysed && self->match && (game = stern_match_get_game (self->match)) != NULL)
    {
      const SternVariant *variant = stern_game_get_variant (game);
      double lead;
      unsigned best = leader (self, variant, &lead);
      g_autoptr (GString) each = g_string_new (NULL);

      for (unsigned i = 0; i < variant->n_players; i++)
        {
          if (i > 0)
            g_string_append (each, ", ");
          if (self->proved[variant->seats[i]] >= 0)
            /* Translators: a player and its moves to finish when the computer
             * proved them (a race ending: the players can no longer meet),
             * e.g. "White 8 (proved)" */
            g_string_append_printf (each, _("%s %d (proved)"),
                                    stern_seat_display_name (variant->seats[i]),
                                    self->proved[variant->seats[i]]);
          else
            /* Translators: a player and its moves to finish, e.g. "White 31.5" */
            g_string_append_printf (each, _("%s %.1f"),
                                    stern_seat_display_name (variant->seats[i]),
                                    self->mtf[variant->seats[i]]);
        }
      if (variant->n_players > 1 && lead >= 0.05)
        /* Translators: "White leads by 2.5 moves · moves to finish: White 30.0, Black 32.5" */
        g_string_printf (summary, _("%s leads by %.1f moves · moves to finish: %s"),
                         stern_seat_display_name (best), lead, each->str);
      else if (variant->n_players > 1)
        /* Translators: %s: each player's moves to finish, "White 31.0, Black 31.0" */
        g_string_printf (summary, _("Even · moves to finish: %s"), each->str);
      else
        g_string_printf (summary, _("Moves to finish: %s"), each->str);

      for (guint i = 0; i < self->line_len; i++)
        {
          g_autofree char *move = stern_notation_format_path_in (variant, self->line[i].path,
                                                                 self->line[i].len);

          if (i > 0)
            g_string_append (line, " ");
          g_string_append_printf (line, "%u. %s", i + 1, move);
        }
    }
  else
    g_string_assign (summary, _("Analysing…"));

  gtk_label_set_label (GTK_LABEL (self->summary), summary->str);
  if (line->len > 0)
    {
      /* Translators: the computer's next moves, "Line: 1. k4-k5 2. e14-f13" */
      g_autofree char *text = g_strdup_printf (_("Line: %s"), line->str);

      gtk_label_set_label (GTK_LABEL (self->line_label), text);
    }
  else
    gtk_label_set_label (GTK_LABEL (self->line_label), "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  summary->str, -1);
}

GtkWidget *
stern_analysis_get_bar (SternAnalysis *self)
{
  g_return_val_if_fail (STERN_IS_ANALYSIS (self), NULL);
  return self->bar;
}

void
stern_analysis_set_active (SternAnalysis *self, gboolean active)
{
  g_return_if_fail (STERN_IS_ANALYSIS (self));

  active = active && stern_analysis_is_allowed (self);
  if (self->active == active)
    return;
  self->active = active;
  gtk_widget_set_visible (self->bar, active);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
  reanalyse (self);
}

gboolean
stern_analysis_get_active (SternAnalysis *self)
{
  g_return_val_if_fail (STERN_IS_ANALYSIS (self), FALSE);
  return self->active;
}

gboolean
stern_analysis_is_analysed (SternAnalysis *self)
{
  g_return_val_if_fail (STERN_IS_ANALYSIS (self), FALSE);
  return self->analysed;
}

double
stern_analysis_get_moves_to_finish (SternAnalysis *self, guint seat)
{
  g_return_val_if_fail (STERN_IS_ANALYSIS (self), 0.0);
  g_return_val_if_fail (seat < STERN_N_SEATS, 0.0);
  return self->mtf[seat];
}

guint
stern_analysis_get_line_length (SternAnalysis *self)
{
  g_return_val_if_fail (STERN_IS_ANALYSIS (self), 0);
  return self->analysed ? self->line_len : 0;
}

static void
on_analysed (SternAnalysis *self)
{
  update_bar_label (self);
}

SternAnalysis *
stern_analysis_new (SternMatch *match, SternBoardView *board)
{
  SternAnalysis *self;

  g_return_val_if_fail (STERN_IS_MATCH (match), NULL);
  g_return_val_if_fail (STERN_IS_BOARD_VIEW (board), NULL);

  self = g_object_new (STERN_TYPE_ANALYSIS, NULL);
  self->match = match;
  g_object_add_weak_pointer (G_OBJECT (match), (gpointer *) &self->match);
  self->board = board;
  g_object_add_weak_pointer (G_OBJECT (board), (gpointer *) &self->board);
  g_signal_group_set_target (self->match_signals, match);
  g_signal_connect (self, "notify::analysed", G_CALLBACK (on_analysed), NULL);
  return self;
}

static void
stern_analysis_dispose (GObject *object)
{
  SternAnalysis *self = STERN_ANALYSIS (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->match_signals != NULL)
    g_signal_group_set_target (self->match_signals, NULL);
  g_clear_object (&self->match_signals);
  if (self->match != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->match), (gpointer *) &self->match);
  self->match = NULL;
  if (self->board != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->board), (gpointer *) &self->board);
  self->board = NULL;
  if (self->area != NULL)
    gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->area), NULL, NULL, NULL);
  self->area = NULL;
  g_clear_object (&self->bar);
  G_OBJECT_CLASS (stern_analysis_parent_class)->dispose (object);
}

static void
stern_analysis_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SternAnalysis *self = STERN_ANALYSIS (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    case PROP_ANALYSED:
      g_value_set_boolean (value, self->analysed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_analysis_set_property (GObject *object, guint prop_id, const GValue *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ACTIVE:
      stern_analysis_set_active (STERN_ANALYSIS (object), g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_analysis_class_init (SternAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stern_analysis_dispose;
  object_class->get_property = stern_analysis_get_property;
  object_class->set_property = stern_analysis_set_property;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANALYSED] =
    g_param_spec_boolean ("analysed", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
stern_analysis_init (SternAnalysis *self)
{
  self->bar = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 2));
  gtk_widget_set_visible (self->bar, FALSE);
  gtk_widget_set_margin_start (self->bar, 12);
  gtk_widget_set_margin_end (self->bar, 12);
  gtk_widget_set_margin_top (self->bar, 4);
  self->area = gtk_drawing_area_new ();
  gtk_widget_set_size_request (self->area, -1, 22);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->area), draw_bar, self, NULL);
  gtk_box_append (GTK_BOX (self->bar), self->area);
  /* One line each, whatever they say: the board below keeps its place. */
  self->summary = gtk_label_new (NULL);
  self->line_label = gtk_label_new (NULL);
  for (GtkWidget *label = self->summary; label != NULL;
       label = label == self->summary ? self->line_label : NULL)
    {
      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (self->bar), label);
    }
  gtk_widget_add_css_class (self->line_label, "dim-label");
  update_bar_label (self);
  self->match_signals = g_signal_group_new (STERN_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "position-changed",
                                  G_CALLBACK (reanalyse), self);
  g_signal_group_connect_swapped (self->match_signals, "game-started",
                                  G_CALLBACK (reanalyse), self);
  g_signal_group_connect_swapped (self->match_signals, "game-over",
                                  G_CALLBACK (reanalyse), self);
}
