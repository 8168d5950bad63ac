/* stern-move-list.c: the moves of a match, a row a move.
 *
 * A GtkListView over a SternMoveModel: GTK builds rows for what is in
 * view only (a table of one button per move overflowed GTK's layout at
 * 378,000 moves and took seconds to build at 10,000).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-move-list.h"
#include "stern-move-model.h"
#include "stern-notation.h"
#include "stern-seat-dot.h"

/* A row's widgets, kept on the row box. */
typedef struct {
  GtkWidget *round;
  GtkWidget *dot;
  GtkWidget *text;
  guint      index;     /* bound action, or G_MAXUINT */
  guint      seat;      /* the dot's seat, or STERN_NO_SEAT */
} Row;

#define ROW_KEY "stern-move-row"

struct _SternMoveList
{
  GtkWidget          parent_instance;

  GtkScrolledWindow *scroller;
  GtkListView       *view;

  SternMatch        *match;
  GSignalGroup      *match_signals;  /* follows match */
  SternMoveModel    *model;
  GPtrArray         *rows;        /* every row box built (the view owns them) */
  guint              n_rows_built;
  guint              scroll_id;     /* tick callback, or 0 */
  gint64             scroll_after;  /* the frame that lays the rows out */
  gboolean           scroll_again;  /* a change came after that frame began */
};

G_DEFINE_FINAL_TYPE (SternMoveList, stern_move_list, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MATCH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

char *
stern_move_list_action_text (const SternVariant *variant,
                             const SternAction  *action)
{
  g_return_val_if_fail (variant != NULL && action != NULL, NULL);

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

static SternGame *
get_game (SternMoveList *self)
{
  return self->match != NULL ? stern_match_get_game (self->match) : NULL;
}

/* The moves after the position shown are greyed; the one shown is marked. */
static void
mark_row (SternMoveList *self,
          GtkWidget     *box)
{
  Row *row = g_object_get_data (G_OBJECT (box), ROW_KEY);
  SternGame *game = get_game (self);
  guint n = game != NULL ? stern_game_get_n_actions (game) : 0;
  gboolean bound = row->index != G_MAXUINT;

  if (bound && row->index + 1 == n)
    gtk_widget_add_css_class (box, "current");
  else
    gtk_widget_remove_css_class (box, "current");
  if (bound && row->index + 1 > n)
    gtk_widget_add_css_class (box, "future");
  else
    gtk_widget_remove_css_class (box, "future");
}

/* The view frees its rows when it likes (also without a teardown). */
static void
forget_row (gpointer  data,
            GObject  *where_the_row_was)
{
  SternMoveList *self = data;

  g_ptr_array_remove_fast (self->rows, where_the_row_was);
}

static void
on_row_clicked (SternMoveList *self,
                GtkButton     *button)
{
  Row *row = g_object_get_data (G_OBJECT (button), ROW_KEY);

  if (self->match != NULL && row->index != G_MAXUINT)
    stern_match_seek (self->match, row->index + 1);
}

static void
setup_row (SternMoveList            *self,
           GtkListItem              *item,
           GtkSignalListItemFactory *factory)
{
  /* A flat button: a click and a screen reader's "click" show the move;
   * the keyboard goes to the list's rows (Enter activates one). */
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  Row *row = g_new0 (Row, 1);

  row->index = G_MAXUINT;
  row->seat = STERN_NO_SEAT;
  row->round = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->round), 1);
  /* Room for "9999." and more: the numbers line up. */
  gtk_label_set_width_chars (GTK_LABEL (row->round), 6);
  gtk_widget_set_valign (row->round, GTK_ALIGN_START);
  gtk_widget_add_css_class (row->round, "round");
  gtk_box_append (GTK_BOX (box), row->round);

  row->text = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->text), 0);
  /* Never shortened: a cut path names other holes ("h1…f8" for
   * h10-…-f8).  A long one wraps after a '-'. */
  gtk_label_set_wrap (GTK_LABEL (row->text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (row->text), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (row->text, TRUE);
  gtk_box_append (GTK_BOX (box), row->text);

  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_set_focusable (button, FALSE);
  gtk_widget_set_focus_on_click (button, FALSE);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "move");
  g_object_set_data_full (G_OBJECT (button), ROW_KEY, row, g_free);
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_row_clicked),
                           self, G_CONNECT_SWAPPED);
  gtk_list_item_set_child (item, button);
  g_ptr_array_add (self->rows, button);
  g_object_weak_ref (G_OBJECT (button), forget_row, self);
  self->n_rows_built++;
}

static void
set_seat_class (GtkWidget *box,
                guint      old_seat,
                guint      seat)
{
  char name[16];

  if (old_seat != STERN_NO_SEAT)
    {
      g_snprintf (name, sizeof name, "seat-%u", old_seat);
      gtk_widget_remove_css_class (box, name);
    }
  g_snprintf (name, sizeof name, "seat-%u", seat);
  gtk_widget_add_css_class (box, name);
}

static void
bind_row (SternMoveList            *self,
          GtkListItem              *item,
          GtkSignalListItemFactory *factory)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  Row *row = g_object_get_data (G_OBJECT (box), ROW_KEY);
  SternGame *game = get_game (self);
  guint index = stern_move_item_get_index (gtk_list_item_get_item (item));
  const SternAction *action;
  g_autofree char *text = NULL;
  g_autofree char *spoken = NULL;
  unsigned round;

  if (game == NULL || index >= stern_game_get_n_actions_total (game))
    return;
  action = stern_game_get_action (game, index);
  round = stern_game_get_action_round (game, index);
  text = stern_move_list_action_text (stern_game_get_variant (game), action);
  row->index = index;

  /* The number shows on a round's first move only, as a record writes it
   * (kept on the others, unseen: an empty label would be read out by its
   * class name). */
  {
    g_autofree char *number = g_strdup_printf ("%u.", round);

    gtk_label_set_label (GTK_LABEL (row->round), number);
    gtk_widget_set_opacity (row->round,
                            index == 0 || stern_game_get_action_round (game, index - 1) != round
                            ? 1.0 : 0.0);
  }

  if (row->seat != action->seat)
    {
      GtkWidget *dot = stern_seat_dot_new (action->seat);

      gtk_widget_set_valign (dot, GTK_ALIGN_CENTER);
      if (row->dot != NULL)
        gtk_box_remove (GTK_BOX (gtk_button_get_child (GTK_BUTTON (box))), row->dot);
      gtk_box_insert_child_after (GTK_BOX (gtk_button_get_child (GTK_BUTTON (box))), dot,
                                  row->round);
      row->dot = dot;
      set_seat_class (box, row->seat, action->seat);
      row->seat = action->seat;
    }
  gtk_label_set_label (GTK_LABEL (row->text), text);

  /* Read out with who played it and when, not as a bare path. */
  /* Translators: a move in the move list as a screen reader says it:
   * "Red, round 3: g5-g7" */
  spoken = g_strdup_printf (_("%s, round %u: %s"), stern_seat_display_name (action->seat),
                            round, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  mark_row (self, box);
}

static void
unbind_row (SternMoveList            *self,
            GtkListItem              *item,
            GtkSignalListItemFactory *factory)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  Row *row = g_object_get_data (G_OBJECT (box), ROW_KEY);

  row->index = G_MAXUINT;
}

static void
on_activate (SternMoveList *self,
             guint          position)
{
  if (self->match != NULL)
    stern_match_seek (self->match, position + 1);
}

/* The move shown in view; the start (no move yet) is the top.  GTK
 * scrolls to where the row is now: a row added since the last frame has
 * no place yet, and asked for then, it is left just below the view.  So
 * this waits for a frame that has laid the rows out (its tick counts as
 * the first) and scrolls at the tick of the next; after a change that
 * came later, once more at the frame after. */
static gboolean
scroll_to_current (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       user_data)
{
  SternMoveList *self = STERN_MOVE_LIST (widget);
  SternGame *game = get_game (self);
  gint64 frame = gdk_frame_clock_get_frame_counter (clock);
  guint n;

  if (self->scroll_after < 0)
    self->scroll_after = frame;
  if (frame <= self->scroll_after)
    return G_SOURCE_CONTINUE;
  if (game != NULL)
    {
      n = stern_game_get_n_actions (game);
      if (n == 0)
        gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
      else if (n <= g_list_model_get_n_items (G_LIST_MODEL (self->model)))
        gtk_widget_activate_action (GTK_WIDGET (self->view), "list.scroll-to-item", "u", n - 1);
    }
  if (self->scroll_again)
    {
      self->scroll_again = FALSE;
      self->scroll_after = frame;
      return G_SOURCE_CONTINUE;
    }
  self->scroll_id = 0;
  return G_SOURCE_REMOVE;
}

static void
on_position_changed (SternMoveList *self)
{
  stern_move_model_sync (self->model);
  /* Only the rows built (about what is in view) are marked again. */
  for (guint i = 0; i < self->rows->len; i++)
    mark_row (self, g_ptr_array_index (self->rows, i));

  if (self->scroll_id != 0)
    {
      /* Before the first tick, that frame lays this row out too. */
      self->scroll_again = self->scroll_after >= 0;
      return;
    }
  self->scroll_after = -1;
  self->scroll_again = FALSE;
  self->scroll_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_to_current,
                                                  NULL, NULL);
}

void
stern_move_list_set_match (SternMoveList *self,
                           SternMatch    *match)
{
  g_return_if_fail (STERN_IS_MOVE_LIST (self));
  g_return_if_fail (match == NULL || STERN_IS_MATCH (match));

  if (self->match == match)
    return;

  g_set_object (&self->match, match);
  stern_move_model_set_match (self->model, match);
  g_signal_group_set_target (self->match_signals, match);
  if (match != NULL)
    on_position_changed (self);
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
  if ((game = get_game (self)) == NULL)
    return g_string_free (text, FALSE);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->model)); i++)
    {
      g_autofree char *move = stern_move_list_action_text (stern_game_get_variant (game),
                                                           stern_game_get_action (game, i));
      guint r = stern_game_get_action_round (game, i);

      if (r != round)
        {
          g_string_append_printf (text, "%s%u.", round > 0 ? "\n" : "", r);
          round = r;
        }
      g_string_append_printf (text, " %s", move);
    }
  return g_string_free (text, FALSE);
}

GtkWidget *
stern_move_list_get_cell (SternMoveList *self,
                          guint          index)
{
  g_return_val_if_fail (STERN_IS_MOVE_LIST (self), NULL);

  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *box = g_ptr_array_index (self->rows, i);
      Row *row = g_object_get_data (G_OBJECT (box), ROW_KEY);

      if (row->index == index)
        return box;
    }
  return NULL;
}

guint
stern_move_list_get_n_rows_built (SternMoveList *self)
{
  g_return_val_if_fail (STERN_IS_MOVE_LIST (self), 0);

  return self->n_rows_built;
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

  if (self->scroll_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_id);
  self->scroll_id = 0;
  g_clear_object (&self->match_signals);
  g_clear_object (&self->match);
  if (self->model != NULL)
    stern_move_model_set_match (self->model, NULL);
  for (guint i = 0; i < self->rows->len; i++)
    g_object_weak_unref (g_ptr_array_index (self->rows, i), forget_row, self);
  g_ptr_array_set_size (self->rows, 0);
  gtk_widget_dispose_template (GTK_WIDGET (self), STERN_TYPE_MOVE_LIST);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (stern_move_list_parent_class)->dispose (object);
}

static void
stern_move_list_finalize (GObject *object)
{
  SternMoveList *self = STERN_MOVE_LIST (object);

  g_ptr_array_unref (self->rows);

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
  gtk_widget_class_bind_template_child (widget_class, SternMoveList, view);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movelist");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
stern_move_list_init (SternMoveList *self)
{
  GtkListItemFactory *factory;
  GtkNoSelection *selection;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
  self->model = stern_move_model_new ();
  self->match_signals = g_signal_group_new (STERN_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "game-started",
                                  G_CALLBACK (on_position_changed), self);
  g_signal_group_connect_swapped (self->match_signals, "position-changed",
                                  G_CALLBACK (on_position_changed), self);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_object (factory, "setup", G_CALLBACK (setup_row), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_row), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (factory, "unbind", G_CALLBACK (unbind_row), self, G_CONNECT_SWAPPED);
  gtk_list_view_set_factory (self->view, factory);
  g_object_unref (factory);
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->model)));
  gtk_list_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  g_signal_connect_object (self->view, "activate", G_CALLBACK (on_activate),
                           self, G_CONNECT_SWAPPED);

  /* Named, or a screen reader says "SternMoveList" and "GtkScrollbar". */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_scrolled_window_get_vscrollbar (self->scroller)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Scroll the moves"), -1);
  /* Never shown (the paths wrap), but there for a screen reader. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_scrolled_window_get_hscrollbar (self->scroller)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Scroll the moves sideways"), -1);
}
