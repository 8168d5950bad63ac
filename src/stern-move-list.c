/* stern-move-list.c: the moves of a match as a table.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "sternhalma"

#include "config.h"

#include <glib/gi18n.h>

#include "stern-move-list.h"
#include "stern-notation.h"
#include "stern-seat-dot.h"

/* The grid's first row holds the players' dots; rounds start below it. */
#define FIRST_ROUND_ROW 1
/* A cell shows at least "m3-m5", at most this many characters of a path. */
#define MIN_CELL_CHARS 5
#define MAX_CELL_CHARS 9

/* The round number, a column a seat, one for a seat not playing. */
#define SLOT_COLUMNS (STERN_N_SEATS + 2)

typedef struct {
  SternAction action;
  GtkWidget  *button;
} Cell;

struct _SternMoveList
{
  GtkWidget          parent_instance;

  GtkScrolledWindow *scroller;
  GtkGrid           *grid;

  SternMatch        *match;
  GArray            *cells;        /* Cell, by action index */
  GPtrArray         *rounds;       /* the round numbers' labels, by round - 1 */
  GPtrArray         *slots;        /* the grid's boxes, by row * SLOT_COLUMNS + column */
  guint              marked_n;     /* the position mark_cells() last showed */
  guint              marked_len;   /* … and the cells there were */
  guint              scroll_id;
};

G_DEFINE_FINAL_TYPE (SternMoveList, stern_move_list, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MATCH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
action_text (const SternVariant *variant,
             const SternAction  *action)
{
  switch (action->kind)
    {
    case STERN_ACTION_MOVE:
      /* In the board's own names: "a1-a3-c3" on the square boards. */
      return stern_notation_format_path_in (variant, action->path, action->path_len);
    case STERN_ACTION_PASS:
      return g_strdup ("--");
    case STERN_ACTION_RESIGN:
      return g_strdup (_("resigned"));
    case STERN_ACTION_TIMEOUT:
      return g_strdup (_("out of time"));
    default:
      return g_strdup ("?");
    }
}

/* The column of a seat: its place in the turn order, after the numbers. */
static int
seat_column (const SternVariant *variant,
             unsigned            seat)
{
  for (unsigned i = 0; i < variant->n_players; i++)
    if (variant->seats[i] == seat)
      return (int) i + 1;
  return (int) variant->n_players + 1;
}

static void
clear_grid (SternMoveList *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_array_set_size (self->cells, 0);
  g_ptr_array_set_size (self->rounds, 0);
  g_ptr_array_set_size (self->slots, 0);
  self->marked_n = 0;
  self->marked_len = 0;
}

static void
on_cell_clicked (SternMoveList *self,
                 GtkButton     *button)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "action-index"));

  if (self->match != NULL)
    stern_match_seek (self->match, index + 1);
}

static void
build_header (SternMoveList *self)
{
  const SternVariant *variant = stern_game_get_variant (stern_match_get_game (self->match));

  for (unsigned i = 0; i < variant->n_players; i++)
    {
      GtkWidget *dot = stern_seat_dot_new (variant->seats[i]);

      gtk_widget_set_halign (dot, GTK_ALIGN_START);
      gtk_widget_set_margin_start (dot, 6);
      gtk_widget_set_margin_bottom (dot, 4);
      gtk_widget_set_tooltip_text (dot, stern_seat_display_name (variant->seats[i]));
      gtk_grid_attach (self->grid, dot, (int) i + 1, 0, 1, 1);
    }
}

/* The box in the grid where the moves of a seat in a round go (a seat may
 * act twice in a round when it resigns out of turn). */
static GtkWidget *
slot_for (SternMoveList *self,
          guint          round,
          int            column)
{
  int row = (int) round - 1 + FIRST_ROUND_ROW;
  guint at = (guint) row * SLOT_COLUMNS + (guint) column;
  GtkWidget *slot;

  /* Not gtk_grid_get_child_at(): it looks through every child, and a
   * 100,000-move game took minutes to show. */
  g_assert (column >= 0 && column < SLOT_COLUMNS);
  if (self->slots->len <= at)
    g_ptr_array_set_size (self->slots, at + 1);
  slot = g_ptr_array_index (self->slots, at);

  while (self->rounds->len < round)
    {
      g_autofree char *number = g_strdup_printf ("%u.", self->rounds->len + 1);
      GtkWidget *label = gtk_label_new (number);

      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "round");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (self->grid, label, 0,
                       (int) self->rounds->len + FIRST_ROUND_ROW, 1, 1);
      g_ptr_array_add (self->rounds, label);
    }

  if (slot == NULL)
    {
      slot = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_grid_attach (self->grid, slot, column, row, 1, 1);
      g_ptr_array_index (self->slots, at) = slot;
    }
  return slot;
}

static void
append_cell (SternMoveList *self,
             guint          index)
{
  SternGame *game = stern_match_get_game (self->match);
  const SternAction *action = stern_game_get_action (game, index);
  g_autofree char *text = action_text (stern_game_get_variant (game), action);
  char seat_class[16];
  GtkWidget *button, *label;
  Cell cell;

  /* A path stays on one line: a long one is shortened in the middle (the
   * tooltip has it all) and the columns stay even; with many players the
   * table scrolls sideways. */
  button = gtk_button_new ();
  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_width_chars (GTK_LABEL (label), MIN_CELL_CHARS);
  gtk_label_set_max_width_chars (GTK_LABEL (label), MAX_CELL_CHARS);
  if (g_utf8_strlen (text, -1) > MAX_CELL_CHARS)
    gtk_widget_set_tooltip_text (button, text);
  gtk_button_set_child (GTK_BUTTON (button), label);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "move");
  g_snprintf (seat_class, sizeof seat_class, "seat-%u", (unsigned) action->seat);
  gtk_widget_add_css_class (button, seat_class);
  gtk_widget_set_focus_on_click (button, FALSE);
  g_object_set_data (G_OBJECT (button), "action-index", GUINT_TO_POINTER (index));
  {
    /* Read out with who played it and when, not as a bare path. */
    /* Translators: a move in the move list as a screen reader says it:
     * "Red, round 3: g5-g7" */
    g_autofree char *spoken = g_strdup_printf (_("%s, round %u: %s"),
                                               stern_seat_display_name (action->seat),
                                               stern_game_get_action_round (game, index), text);

    gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  }
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_cell_clicked),
                           self, G_CONNECT_SWAPPED);

  gtk_box_append (GTK_BOX (slot_for (self, stern_game_get_action_round (game, index),
                                     seat_column (stern_game_get_variant (game), action->seat))),
                  button);

  cell.action = *action;
  cell.button = button;
  g_array_append_val (self->cells, cell);
}

/* Brings the table up to the game's history: only what changed is built
 * again (a move from an earlier position drops the rest). */
static void
sync_cells (SternMoveList *self)
{
  SternGame *game = stern_match_get_game (self->match);
  guint total = stern_game_get_n_actions_total (game);
  guint same = 0;

  while (same < self->cells->len && same < total &&
         memcmp (&g_array_index (self->cells, Cell, same).action,
                 stern_game_get_action (game, same), sizeof (SternAction)) == 0)
    same++;

  if (same < self->cells->len)
    {
      /* Rare (a new line of play): build the whole table again. */
      clear_grid (self);
      build_header (self);
      same = 0;
    }

  for (guint i = same; i < total; i++)
    append_cell (self, i);
}

/* The moves after the position shown are greyed; the last one played is
 * marked. */
static void
mark_cells (SternMoveList *self)
{
  guint n = stern_game_get_n_actions (stern_match_get_game (self->match));
  /* Only the cells between the old position and the new one change
   * (cells added since are unmarked): an undo in a long game stays cheap. */
  guint from = MIN (self->marked_n, n);
  guint to = self->cells->len == self->marked_len
             ? MIN (self->cells->len, MAX (self->marked_n, n) + 1)
             : self->cells->len;

  if (from > 0)
    from--;
  self->marked_n = n;
  self->marked_len = self->cells->len;
  for (guint i = from; i < to; i++)
    {
      GtkWidget *button = g_array_index (self->cells, Cell, i).button;

      if (i + 1 == n)
        gtk_widget_add_css_class (button, "current");
      else
        gtk_widget_remove_css_class (button, "current");
      if (i + 1 > n)
        gtk_widget_add_css_class (button, "future");
      else
        gtk_widget_remove_css_class (button, "future");
    }
}

/* Scrolls adjustment so that [start, start + size) is in view. */
static void
show_span (GtkAdjustment *adjustment,
           double         start,
           double         size,
           gboolean       centre)
{
  double value = gtk_adjustment_get_value (adjustment);
  double page = gtk_adjustment_get_page_size (adjustment);

  if (start < value || start + size > value + page)
    gtk_adjustment_set_value (adjustment, centre ? MAX (start - page / 3, 0)
                                                 : start + size - page);
}

/* The move shown in view: sideways always (many players), up and down when
 * an earlier position is shown (else the list follows its end). */
static gboolean
scroll_to_current (gpointer user_data)
{
  SternMoveList *self = user_data;
  guint n;
  double x, y;
  GtkWidget *button;

  self->scroll_id = 0;
  if (self->match == NULL)
    return G_SOURCE_REMOVE;

  n = stern_game_get_n_actions (stern_match_get_game (self->match));
  if (n == 0 || n > self->cells->len)
    {
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
      gtk_adjustment_set_value (gtk_scrolled_window_get_hadjustment (self->scroller), 0);
      return G_SOURCE_REMOVE;
    }

  button = g_array_index (self->cells, Cell, n - 1).button;
#if GTK_CHECK_VERSION (4, 10, 0)
  {
    graphene_point_t point;

    if (!gtk_widget_compute_point (button, GTK_WIDGET (self->grid),
                                   &GRAPHENE_POINT_INIT (0, 0), &point))
      return G_SOURCE_REMOVE;
    x = point.x;
    y = point.y;
  }
#else
  if (!gtk_widget_translate_coordinates (button, GTK_WIDGET (self->grid), 0, 0, &x, &y))
    return G_SOURCE_REMOVE;
#endif
  /* The grid's margins are outside it. */
  x += gtk_widget_get_margin_start (GTK_WIDGET (self->grid));
  y += gtk_widget_get_margin_top (GTK_WIDGET (self->grid));
  show_span (gtk_scrolled_window_get_hadjustment (self->scroller), x,
             gtk_widget_get_width (button) + gtk_widget_get_margin_end (GTK_WIDGET (self->grid)),
             FALSE);
  if (stern_match_is_browsing (self->match))
    show_span (gtk_scrolled_window_get_vadjustment (self->scroller), y,
               gtk_widget_get_height (button), TRUE);
  return G_SOURCE_REMOVE;
}

/* Keeps the newest move in sight as the list grows, unless an earlier
 * position is shown. */
static void
follow_end (SternMoveList *self,
            GtkAdjustment *adjustment)
{
  if (self->match == NULL || stern_match_is_browsing (self->match))
    return;
  gtk_adjustment_set_value (adjustment,
                            gtk_adjustment_get_upper (adjustment) -
                            gtk_adjustment_get_page_size (adjustment));
}

static void
on_position_changed (SternMoveList *self)
{
  sync_cells (self);
  mark_cells (self);

  /* Once the table has been measured again. */
  if (self->scroll_id == 0)
    self->scroll_id = g_idle_add_full (G_PRIORITY_LOW, scroll_to_current, self, NULL);
}

static void
on_game_started (SternMoveList *self)
{
  clear_grid (self);
  build_header (self);
}

void
stern_move_list_set_match (SternMoveList *self,
                           SternMatch    *match)
{
  g_return_if_fail (STERN_IS_MOVE_LIST (self));
  g_return_if_fail (match == NULL || STERN_IS_MATCH (match));

  if (self->match == match)
    return;

  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_set_object (&self->match, match);
  clear_grid (self);
  if (match != NULL)
    {
      g_signal_connect_object (match, "game-started", G_CALLBACK (on_game_started),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (match, "position-changed", G_CALLBACK (on_position_changed),
                               self, G_CONNECT_SWAPPED);
      if (stern_match_get_game (match) != NULL)
        {
          build_header (self);
          on_position_changed (self);
        }
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH]);
}

char *
stern_move_list_get_text (SternMoveList *self)
{
  GString *text;
  SternGame *game;
  guint round = 0;

  g_return_val_if_fail (STERN_IS_MOVE_LIST (self), NULL);

  text = g_string_new (NULL);
  if (self->match == NULL || (game = stern_match_get_game (self->match)) == NULL)
    return g_string_free (text, FALSE);

  for (guint i = 0; i < self->cells->len; i++)
    {
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (g_array_index (self->cells, Cell, i).button));
      guint r = stern_game_get_action_round (game, i);

      if (r != round)
        {
          g_string_append_printf (text, "%s%u.", round > 0 ? "\n" : "", r);
          round = r;
        }
      g_string_append_printf (text, " %s", gtk_label_get_label (GTK_LABEL (label)));
    }
  return g_string_free (text, FALSE);
}

GtkWidget *
stern_move_list_get_cell (SternMoveList *self,
                          guint          index)
{
  g_return_val_if_fail (STERN_IS_MOVE_LIST (self), NULL);

  return index < self->cells->len ? g_array_index (self->cells, Cell, index).button : NULL;
}

static void
stern_move_list_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  SternMoveList *self = STERN_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_move_list_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  SternMoveList *self = STERN_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      stern_move_list_set_match (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_move_list_dispose (GObject *object)
{
  SternMoveList *self = STERN_MOVE_LIST (object);

  g_clear_handle_id (&self->scroll_id, g_source_remove);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_object (&self->match);
  gtk_widget_dispose_template (GTK_WIDGET (self), STERN_TYPE_MOVE_LIST);

  G_OBJECT_CLASS (stern_move_list_parent_class)->dispose (object);
}

static void
stern_move_list_finalize (GObject *object)
{
  SternMoveList *self = STERN_MOVE_LIST (object);

  g_array_unref (self->cells);
  g_ptr_array_unref (self->rounds);
  g_ptr_array_unref (self->slots);

  G_OBJECT_CLASS (stern_move_list_parent_class)->finalize (object);
}

static void
stern_move_list_class_init (SternMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = stern_move_list_get_property;
  object_class->set_property = stern_move_list_set_property;
  object_class->dispose = stern_move_list_dispose;
  object_class->finalize = stern_move_list_finalize;

  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, STERN_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sternhalma/Sternhalma/ui/stern-move-list.ui");
  gtk_widget_class_bind_template_child (widget_class, SternMoveList, scroller);
  gtk_widget_class_bind_template_child (widget_class, SternMoveList, grid);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movelist");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
stern_move_list_init (SternMoveList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cells = g_array_new (FALSE, FALSE, sizeof (Cell));
  /* Named, or a screen reader says "SternMoveList" and "GtkScrollbar". */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_scrolled_window_get_vscrollbar (self->scroller)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Scroll the moves"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_scrolled_window_get_hscrollbar (self->scroller)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Scroll the moves sideways"), -1);
  /* The labels belong to the grid. */
  self->rounds = g_ptr_array_new ();
  self->slots = g_ptr_array_new ();
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->scroller), "changed",
                           G_CALLBACK (follow_end), self, G_CONNECT_SWAPPED);
}

GtkWidget *
stern_move_list_new (void)
{
  return g_object_new (STERN_TYPE_MOVE_LIST, NULL);
}
