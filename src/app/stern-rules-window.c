/* stern-rules-window.c: the rules help.
 *
 * The text lives in the template (ui/stern-rules-window.ui), one stack page
 * per topic, so that it is translated with the other interface strings.
 * The pictures are SternBoardView widgets in illustration mode showing
 * positions built through the engine: the engine parses them and answers
 * which moves are legal, so a picture cannot show a move the game would
 * refuse.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "stern-rules-window.h"

#include "stern-board-view.h"
#include "stern-movegen.h"
#include "stern-notation.h"

struct _SternRulesWindow
{
  SternDialogBase parent_instance;

  AdwLeaflet *leaflet;
  GtkWidget *back_button;
  GtkListBox *topic_list;
  GtkStack *stack;
  SternBoardView *board_start;
  SternBoardView *board_chain;
  SternBoardView *board_rays;
  SternBoardView *board_goal;
  SternBoardView *board_home;
  SternBoardView *board_long;
  SternBoardView *board_halma;
  SternBoardView *board_ugolki;

  /* The games the illustrations show (the views only borrow them). */
  GPtrArray *games;
};

G_DEFINE_FINAL_TYPE (SternRulesWindow, stern_rules_window, STERN_TYPE_DIALOG_BASE)

/* The illustrated positions (doc/rules.md §7 position strings).  Hole names are
 * the same in every language, so these need no translation. */

/* Six players at the start. */
#define POS_START \
  "classic-6 white " \
  "white:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 " \
  "red:e5,e6,e7,e8,f5,f6,f7,g5,g6,h5 " \
  "blue:a13,b12,b13,c11,c12,c13,d10,d11,d12,d13 " \
  "black:e17,e16,f16,e15,f15,g15,e14,f14,g14,h14 " \
  "yellow:j13,k12,k13,l11,l12,l13,m10,m11,m12,m13 " \
  "green:n5,o5,p5,q5,n6,o6,p6,n7,o7,n8"

/* White's marble on k4 jumps over k5, j6, h7 and g9, white and black. */
#define POS_CHAIN \
  "classic-2 white " \
  "white:m1,l2,m2,k3,l3,j4,l4,k4,k5,h7 " \
  "black:e17,e16,f16,e15,f15,g15,e14,f14,j6,g9"
#define CHAIN_FROM "k4"
#define CHAIN_TO   "g10"
#define CHAIN_FOCUS "i7"

/* White's marble on m5 can pass through the foreign ray (greyed once it
 * is picked) but not stop there. */
#define POS_RAYS \
  "classic-2 white " \
  "white:m1,l2,m2,k3,l3,k4,j4,l4,m5,n5 " \
  "black:e17,e16,f16,e15,f15,g15,e14,f14,n6,h9"
#define RAYS_FROM "m5"
#define RAYS_TO   "m7"
#define RAYS_FOCUS "m6"

/* Black's goal (white's home) full, with white's shut-in marble on m1. */
#define POS_GOAL \
  "classic-2 white " \
  "white:m1,e16,f16,e15,f15,g15,e14,f14,g14,h13 " \
  "black:l2,m2,k3,l3,m3,j4,k4,l4,m4,i6"

/* After the deadline: white's marble on j5 may step back home, which is
 * fatal.  Both players have made their 30 moves. */
#define POS_HOME \
  "classic-2 white " \
  "white:j5,k6,l7,h8,i9,g10,j10,f11,k11,h12 " \
  "black:g13,h13,i13,f12,g12,h11,i11,e12,f10,h10"
#define HOME_FROM   "j5"
#define HOME_MOVES  30

/* A long jump over black's marble on k7, three holes away. */
#define POS_LONG \
  "long-2 white " \
  "white:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 " \
  "black:e17,e16,f16,e15,f15,g15,e14,f14,g14,k7"
#define LONG_FROM "k4"
#define LONG_TO   "k10"
#define LONG_FOCUS "k7"

/* Halma and Ugolki (doc/rules.md §9): Halma 8×8 at the start, and a chain
 * of jumps in Ugolki without diagonals, c2 over d2 (white) and e3 (black). */
#define POS_HALMA \
  "halma-8 white " \
  "white:a1,b1,c1,d1,a2,b2,c2,a3,b3,a4 " \
  "black:h8,g8,f8,e8,h7,g7,f7,h6,g6,h5"
#define POS_UGOLKI \
  "ugolki white " \
  "white:a1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3 " \
  "black:e3,f6,g6,h6,e7,f7,g7,h7,e8,f8,g8,h8"
#define UGOLKI_FROM "c2"
#define UGOLKI_TO   "e4"

static guint
hole (const char *name)
{
  guint h = stern_board_hole_parse (name, strlen (name));

  g_assert (h != STERN_NO_CELL);
  return h;
}

/* Puts the position on the view; returns the game (owned by self).
 * moves_made: each seat's move counter, or NULL for none made. */
static SternGame *
show_position_after (SternRulesWindow *self,
                     SternBoardView   *view,
                     const char       *text,
                     const unsigned   *moves_made)
{
  g_autoptr (GError) error = NULL;
  const SternVariant *variant = NULL;
  SternPosition pos;
  SternGame *game;

  if (!stern_notation_parse_position (text, &variant, &pos, &error))
    g_error ("Rules illustration \"%s\": %s", text, error->message);

  game = stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos, moves_made);
  g_ptr_array_add (self->games, game);
  stern_board_view_set_illustration (view, TRUE);
  stern_board_view_set_game (view, game);
  return game;
}

static SternGame *
show_position (SternRulesWindow *self,
               SternBoardView   *view,
               const char       *text)
{
  return show_position_after (self, view, text, NULL);
}

/* Shows the engine's path of a legal move as a hint, its hops numbered. */
static void
show_move (SternBoardView *view,
           SternGame      *game,
           const char     *from,
           const char     *to)
{
  guint8 path[STERN_MAX_PATH];
  gsize len;

  g_assert (stern_game_is_legal (game, hole (from), hole (to)));
  len = stern_movegen_path (stern_game_get_rules (game), stern_game_get_position (game),
                            hole (from), hole (to), path);
  g_assert (len >= 2);
  stern_board_view_show_hint (view, path, len);
}

/* A cell of a square board's game, by its name. */
static guint
cell_of (SternGame *game, const char *name)
{
  guint c = stern_variant_cell_parse (stern_game_get_variant (game), name, strlen (name));

  g_assert (c != STERN_NO_CELL);
  return c;
}

static void
setup_illustrations (SternRulesWindow *self)
{
  SternGame *game;

  show_position (self, self->board_start, POS_START);
  stern_board_view_set_show_coordinates (self->board_start, TRUE);

  /* The moves are shown enlarged: their numbered hops stay readable. */
  game = show_position (self, self->board_chain, POS_CHAIN);
  stern_board_view_set_focus (self->board_chain, hole (CHAIN_FOCUS), 4.6);
  show_move (self->board_chain, game, CHAIN_FROM, CHAIN_TO);

  game = show_position (self, self->board_rays, POS_RAYS);
  stern_board_view_set_focus (self->board_rays, hole (RAYS_FOCUS), 5.0);
  stern_board_view_select (self->board_rays, hole (RAYS_FROM));
  show_move (self->board_rays, game, RAYS_FROM, RAYS_TO);

  show_position (self, self->board_goal, POS_GOAL);
  stern_board_view_show_zones (self->board_goal, STERN_BLACK);

  {
    const unsigned moves_made[STERN_N_SEATS] = { [STERN_WHITE] = HOME_MOVES,
                                                 [STERN_BLACK] = HOME_MOVES };

    show_position_after (self, self->board_home, POS_HOME, moves_made);
    stern_board_view_set_focus (self->board_home, hole (HOME_FROM), 4.6);
    stern_board_view_select (self->board_home, hole (HOME_FROM));
  }

  game = show_position (self, self->board_long, POS_LONG);
  stern_board_view_set_focus (self->board_long, hole (LONG_FOCUS), 5.2);
  show_move (self->board_long, game, LONG_FROM, LONG_TO);

  show_position (self, self->board_halma, POS_HALMA);
  stern_board_view_set_show_coordinates (self->board_halma, TRUE);

  game = show_position (self, self->board_ugolki, POS_UGOLKI);
  stern_board_view_set_show_coordinates (self->board_ugolki, TRUE);
  {
    guint from = cell_of (game, UGOLKI_FROM), to = cell_of (game, UGOLKI_TO);
    guint8 path[STERN_MAX_PATH];
    gsize len;

    g_assert (stern_game_is_legal (game, from, to));
    len = stern_movegen_path (stern_game_get_rules (game), stern_game_get_position (game),
                              from, to, path);
    g_assert (len == 3);
    stern_board_view_show_hint (self->board_ugolki, path, len);
  }
}

/* Folded (narrow), one side shows at a time: the page has a way back to
 * the topics. */
static void
on_leaflet_changed (SternRulesWindow *self)
{
  gtk_widget_set_visible (self->back_button,
                          adw_leaflet_get_folded (self->leaflet) &&
                          adw_leaflet_get_visible_child (self->leaflet) == GTK_WIDGET (self->stack));
}

static void
on_back_clicked (SternRulesWindow *self)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

static void
on_topic_activated (SternRulesWindow *self,
                    GtkListBoxRow    *row)
{
  gtk_stack_set_visible_child_name (self->stack, gtk_widget_get_name (GTK_WIDGET (row)));
  adw_leaflet_set_visible_child (self->leaflet, GTK_WIDGET (self->stack));
}

/* The list of topics, a row for each page, named after it. */
static void
fill_topics (SternRulesWindow *self)
{
  g_autoptr (GListModel) pages = G_LIST_MODEL (gtk_stack_get_pages (self->stack));

  for (guint i = 0; i < g_list_model_get_n_items (pages); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (pages, i);
      GtkStackPage *page = GTK_STACK_PAGE (item);
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *label = gtk_label_new (gtk_stack_page_get_title (page));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_name (row, gtk_stack_page_get_name (page));
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      gtk_list_box_append (self->topic_list, row);
    }
}

/* The topic of the page shown stays selected, however it was chosen. */
static void
on_page_changed (SternRulesWindow *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->stack);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->topic_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && g_strcmp0 (gtk_widget_get_name (row), name) == 0)
      gtk_list_box_select_row (self->topic_list, GTK_LIST_BOX_ROW (row));
}

static void
stern_rules_window_dispose (GObject *object)
{
  SternRulesWindow *self = STERN_RULES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), STERN_TYPE_RULES_WINDOW);

  G_OBJECT_CLASS (stern_rules_window_parent_class)->dispose (object);
}

static void
stern_rules_window_finalize (GObject *object)
{
  SternRulesWindow *self = STERN_RULES_WINDOW (object);

  /* The views are gone by now: nothing borrows the games any more. */
  g_clear_pointer (&self->games, g_ptr_array_unref);

  G_OBJECT_CLASS (stern_rules_window_parent_class)->finalize (object);
}

static void
stern_rules_window_class_init (SternRulesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_rules_window_dispose;
  object_class->finalize = stern_rules_window_finalize;

  g_type_ensure (STERN_TYPE_BOARD_VIEW);

  stern_compat_dialog_class_set_template (widget_class,
                                          "/io/github/sternhalma/Sternhalma/ui/stern-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, topic_list);
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, board_start);
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, board_chain);
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, board_rays);
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, board_goal);
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, board_home);
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, board_long);
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, board_halma);
  gtk_widget_class_bind_template_child (widget_class, SternRulesWindow, board_ugolki);

  gtk_widget_class_bind_template_callback (widget_class, on_leaflet_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_topic_activated);

  stern_compat_dialog_class_init (widget_class);
}

/* The length in bytes of the move written at text ("m5-o5-m7"), or 0:
 * at least two holes joined by hyphens. */
static gsize
move_length (const char *text)
{
  const char *p = text;
  guint holes = 0;

  for (;;)
    {
      const char *start = p;

      if (*p < 'a' || *p > 'q')
        break;
      p++;
      if (!g_ascii_isdigit (*p))
        {
          p = start;
          break;
        }
      while (g_ascii_isdigit (*p))
        p++;
      holes++;
      if (*p != '-' || p[1] < 'a' || p[1] > 'q')
        break;
      p++;
    }
  return holes >= 2 ? (gsize) (p - text) : 0;
}

/* No line break inside a move written in the text ("(m5-" / "o5-m7)"),
 * nor between a number and its ending in a translation ("40-" / "ия"). */
static void
keep_moves_whole (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));
      PangoAttrList *attrs = NULL;

      for (const char *p = text; *p != '\0'; p++)
        {
          gsize len;

          if (p > text && g_ascii_isalnum (p[-1]))
            continue;
          len = move_length (p);
          if (len > 0)
            {
              PangoAttribute *attr = pango_attr_allow_breaks_new (FALSE);

              attr->start_index = (guint) (p - text);
              attr->end_index = (guint) (p - text + len);
              if (attrs == NULL)
                attrs = pango_attr_list_new ();
              pango_attr_list_insert (attrs, attr);
              p += len - 1;
            }
        }
      for (const char *p = strchr (text, '-'); p != NULL; p = strchr (p + 1, '-'))
        if (p > text && g_ascii_isdigit (p[-1]) && g_unichar_isalpha (g_utf8_get_char (p + 1)))
          {
            PangoAttribute *attr = pango_attr_allow_breaks_new (FALSE);

            attr->start_index = (guint) (p - 1 - text);
            attr->end_index = (guint) (g_utf8_next_char (p + 1) - text);
            if (attrs == NULL)
              attrs = pango_attr_list_new ();
            pango_attr_list_insert (attrs, attr);
          }
      if (attrs != NULL)
        {
          gtk_label_set_attributes (GTK_LABEL (widget), attrs);
          pango_attr_list_unref (attrs);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    keep_moves_whole (child);
}

static void
stern_rules_window_init (SternRulesWindow *self)
{
  self->games = g_ptr_array_new_with_free_func ((GDestroyNotify) stern_game_free);

  gtk_widget_init_template (GTK_WIDGET (self));
  stern_compat_dialog_set_size (GTK_WIDGET (self), 820, 700);
  fill_topics (self);
  on_page_changed (self);
  g_signal_connect_object (self->stack, "notify::visible-child", G_CALLBACK (on_page_changed),
                           self, G_CONNECT_SWAPPED);
  setup_illustrations (self);
  keep_moves_whole (GTK_WIDGET (self->stack));
}

GtkWidget *
stern_rules_window_new (void)
{
  return g_object_new (STERN_TYPE_RULES_WINDOW, NULL);
}

void
stern_rules_window_set_page (SternRulesWindow *self,
                             const char       *name)
{
  g_return_if_fail (STERN_IS_RULES_WINDOW (self));
  g_return_if_fail (name != NULL);

  if (gtk_stack_get_child_by_name (self->stack, name) != NULL)
    gtk_stack_set_visible_child_name (self->stack, name);
}

const char *
stern_rules_window_get_page (SternRulesWindow *self)
{
  g_return_val_if_fail (STERN_IS_RULES_WINDOW (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}
