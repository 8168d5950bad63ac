/* test-rules-window.c: the rules help under a real display (Xvfb).
 *
 * Every topic has its page; the illustrations are board widgets showing
 * positions the engine accepts (a numbered jump chain, a greyed foreign
 * ray, a goal with a foreign marble, a fatal move home, a long jump) and
 * take no input; and, run in a Bulgarian or Russian locale with
 * STERNHALMA_LOCALEDIR pointing at the build's catalogues, every text in
 * the window is translated.
 *
 * STERN_SCREENSHOT_DIR=<dir> also saves each page as rules-<page>.png.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <adwaita.h>

#include "stern-board-view-private.h"
#include "stern-compat.h"
#include "stern-notation.h"
#include "stern-rules-window.h"

static gboolean have_display;

/* How to Play first: a newcomer needs it before the rules. */
static const char * const pages[] = {
  "playing", "board", "moves", "rays", "finishing", "home",
  "limits", "notation", "variants", "halma", "presets",
};

typedef gboolean (*Condition) (gpointer data);

static gboolean
wait_until (Condition cond,
            gpointer  data,
            guint     timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

/* Lets layout and drawing settle (for a screenshot only). */
static void
settle (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (2000);
    }
}

/* The window the rules are shown over: from libadwaita 1.5 on they are
 * drawn inside it, before that they are a window of their own. */
static GtkWidget *host;

/* The rules over a window of width x height; a window of their own is
 * asked for that size too. */
static SternRulesWindow *
open_rules_sized (int width,
                  int height)
{
  GtkWidget *window = stern_rules_window_new ();

  host = adw_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (host), width, height);
  gtk_window_present (GTK_WINDOW (host));
  g_assert_true (wait_until (is_mapped, host, 5000));
  if (GTK_IS_WINDOW (window))
    gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  stern_compat_dialog_present (window, GTK_WINDOW (host), TRUE);
  g_assert_true (wait_until (is_mapped, window, 5000));
  settle (100);
  return STERN_RULES_WINDOW (window);
}

static SternRulesWindow *
open_rules (void)
{
  return open_rules_sized (900, 700);
}

static void
close_rules (SternRulesWindow *window)
{
  stern_compat_dialog_force_close (GTK_WIDGET (window));
  gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&host)));
}

static char *
title_of (SternRulesWindow *window)
{
  char *title = NULL;

  g_object_get (window, "title", &title, NULL);
  return title;
}

static GtkWidget *
find_by_id (GtkWidget  *widget,
            const char *id)
{
  const char *own = GTK_IS_BUILDABLE (widget)
                    ? gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)) : NULL;

  if (g_strcmp0 (own, id) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_id (child, id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *found)
{
  /* Key names inside a GtkShortcutLabel come from GTK's own catalogue. */
  if (GTK_IS_SHORTCUT_LABEL (widget))
    return;
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, found);
}

static guint
hole (const char *name)
{
  guint h = stern_board_hole_parse (name, strlen (name));

  g_assert_cmpuint (h, !=, STERN_NO_CELL);
  return h;
}

/* Renders the board view as the widget would and counts the pixels that
 * are not background. */
static guint
count_drawn_pixels (SternBoardView *view)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);
  cairo_t *cr = cairo_create (surface);
  const guint8 *data;
  int stride;
  guint n = 0;

  stern_board_view_draw (view, cr, 200, 200);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < 200; y++)
    for (int x = 0; x < 200; x++)
      if (data[y * stride + x * 4 + 3] != 0)
        n++;
  cairo_surface_destroy (surface);
  return n;
}

static void
save_screenshot (GtkWidget  *window,
                 const char *name)
{
  const char *dir = g_getenv ("STERN_SCREENSHOT_DIR");
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GskRenderer) renderer = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  int width, height;

  if (dir == NULL || *dir == '\0')
    return;

  /* The whole window: from libadwaita 1.5 on, the one the rules are in. */
  window = GTK_WIDGET (gtk_widget_get_root (window));
  width = gtk_widget_get_width (window);
  height = gtk_widget_get_height (window);
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);

  renderer = gsk_cairo_renderer_new ();
  g_assert_true (gsk_renderer_realize (renderer, NULL, &error));
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_renderer_unrealize (renderer);

  path = g_strdup_printf ("%s/rules-%s.png", dir, name);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s", path);
}

/* ---- tests ------------------------------------------------------------------ */

static void
test_pages (void)
{
  SternRulesWindow *window;
  GtkWidget *stack;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  window = open_rules ();
  stack = find_by_id (GTK_WIDGET (window), "stack");
  g_assert_true (GTK_IS_STACK (stack));
  g_assert_cmpstr (stern_rules_window_get_page (window), ==, "playing");

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *child = gtk_stack_get_child_by_name (GTK_STACK (stack), pages[i]);
      GtkStackPage *page;
      const char *title;
      g_autoptr (GPtrArray) labels = g_ptr_array_new ();

      g_assert_nonnull (child);
      page = gtk_stack_get_page (GTK_STACK (stack), child);
      title = gtk_stack_page_get_title (page);
      g_assert_nonnull (title);
      g_assert_cmpstr (title, !=, "");

      stern_rules_window_set_page (window, pages[i]);
      g_assert_cmpstr (stern_rules_window_get_page (window), ==, pages[i]);

      /* A heading and some text on every page. */
      collect (child, GTK_TYPE_LABEL, labels);
      g_assert_cmpuint (labels->len, >=, 2);
    }

  /* Unknown names leave the page alone. */
  stern_rules_window_set_page (window, "no-such-page");
  g_assert_cmpstr (stern_rules_window_get_page (window), ==, pages[G_N_ELEMENTS (pages) - 1]);

  close_rules (window);
}

static void
test_illustrations (void)
{
  static const char * const boards[] = {
    "board_start", "board_chain", "board_rays", "board_goal", "board_home", "board_long",
    "board_halma", "board_ugolki",
  };
  SternRulesWindow *window;
  g_autoptr (GPtrArray) views = g_ptr_array_new ();
  SternBoardView *view;
  SternGame *game;
  const SternRules *rules;
  const SternPosition *pos;
  SternSet lit;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  window = open_rules ();
  collect (GTK_WIDGET (window), STERN_TYPE_BOARD_VIEW, views);
  g_assert_cmpuint (views->len, ==, G_N_ELEMENTS (boards));

  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      view = STERN_BOARD_VIEW (find_by_id (GTK_WIDGET (window), boards[i]));
      g_assert_nonnull (view);
      g_assert_nonnull (stern_board_view_get_game (view));
      /* Pictures: no clicks, no keyboard focus, nothing to pick. */
      g_assert_false (gtk_widget_get_can_target (GTK_WIDGET (view)));
      g_assert_false (gtk_widget_get_focusable (GTK_WIDGET (view)));
      g_assert_cmpuint (count_drawn_pixels (view), >, 200 * 200 / 2);
    }

  /* The six-player start. */
  view = STERN_BOARD_VIEW (find_by_id (GTK_WIDGET (window), "board_start"));
  game = stern_board_view_get_game (view);
  g_assert_cmpstr (stern_game_get_variant (game)->id, ==, "classic-6");
  g_assert_cmpuint (stern_set_count (stern_game_get_position (game)->occupied), ==, 60);

  /* The chain: a legal move of four jumps. */
  view = STERN_BOARD_VIEW (find_by_id (GTK_WIDGET (window), "board_chain"));
  game = stern_board_view_get_game (view);
  {
    guint8 path[STERN_MAX_PATH];
    gsize len;

    g_assert_true (stern_game_is_legal (game, hole ("k4"), hole ("g10")));
    len = stern_movegen_path (stern_game_get_rules (game), stern_game_get_position (game),
                              hole ("k4"), hole ("g10"), path);
    g_assert_cmpuint (len, ==, 5);
  }
  /* Enlarged around i7: that hole sits in the middle, and the whole chain
   * is inside the picture. */
  {
    double x, y;

    stern_board_view_hole_centre (view, hole ("i7"), 340, 340, &x, &y);
    g_assert_cmpfloat_with_epsilon (x, 170, 1e-6);
    g_assert_cmpfloat_with_epsilon (y, 170, 1e-6);
    g_assert_cmpuint (stern_board_view_hole_at (view, 170, 170, 340, 340), ==, hole ("i7"));
    for (guint i = 0; i < 5; i++)
      {
        static const char * const chain[] = { "k4", "k6", "i6", "g8", "g10" };

        stern_board_view_hole_centre (view, hole (chain[i]), 340, 340, &x, &y);
        g_assert_cmpfloat (x, >, 0);
        g_assert_cmpfloat (x, <, 340);
        g_assert_cmpfloat (y, >, 0);
        g_assert_cmpfloat (y, <, 340);
      }
  }

  /* The foreign ray: the picked marble's lit holes are the engine's, none
   * of them in a foreign ray, and the chain through the greyed ray is legal
   * while stopping in it is not. */
  view = STERN_BOARD_VIEW (find_by_id (GTK_WIDGET (window), "board_rays"));
  game = stern_board_view_get_game (view);
  rules = stern_game_get_rules (game);
  g_assert_cmpuint (stern_board_view_get_selected (view), ==, hole ("m5"));
  lit = stern_board_view_get_highlighted (view);
  g_assert_true (stern_set_has (lit, hole ("m7")));
  g_assert_cmpuint (lit & rules->no_stop[STERN_WHITE], ==, 0);
  g_assert_true (stern_game_is_legal (game, hole ("m5"), hole ("m7")));
  g_assert_false (stern_game_is_legal (game, hole ("m5"), hole ("o5")));
  g_assert_true (stern_set_has (rules->no_stop[STERN_WHITE], hole ("o5")));

  /* The goal: black's goal full, one of its marbles white. */
  view = STERN_BOARD_VIEW (find_by_id (GTK_WIDGET (window), "board_goal"));
  game = stern_board_view_get_game (view);
  rules = stern_game_get_rules (game);
  pos = stern_game_get_position (game);
  g_assert_cmpuint (pos->occupied & rules->goal[STERN_BLACK], ==, rules->goal[STERN_BLACK]);
  g_assert_cmpuint (stern_set_count (pos->marbles[STERN_WHITE] & rules->goal[STERN_BLACK]), ==, 1);
  g_assert_cmpuint (stern_set_count (pos->marbles[STERN_BLACK] & rules->goal[STERN_BLACK]), ==, 9);

  /* After the deadline: stepping home is legal but fatal, and drawn so. */
  view = STERN_BOARD_VIEW (find_by_id (GTK_WIDGET (window), "board_home"));
  game = stern_board_view_get_game (view);
  g_assert_cmpuint (stern_game_get_moves_made (game, STERN_WHITE), ==, 30);
  g_assert_cmpuint (stern_board_view_get_selected (view), ==, hole ("j5"));
  lit = stern_board_view_get_highlighted (view);
  g_assert_true (stern_set_has (lit, hole ("j4")));
  g_assert_true (stern_set_has (lit, hole ("i5")));
  g_assert_true (stern_game_is_fatal (game, hole ("j5"), hole ("j4")));
  g_assert_true (stern_game_is_fatal (game, hole ("j5"), hole ("k4")));
  g_assert_false (stern_game_is_fatal (game, hole ("j5"), hole ("i5")));

  /* The long jump. */
  view = STERN_BOARD_VIEW (find_by_id (GTK_WIDGET (window), "board_long"));
  game = stern_board_view_get_game (view);
  g_assert_true (stern_game_get_rules (game)->long_jumps);
  g_assert_true (stern_game_is_legal (game, hole ("k4"), hole ("k10")));

  close_rules (window);
}

static gboolean
has_cyrillic (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x0400 && c <= 0x04ff)
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_letter (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_isalpha (g_utf8_get_char (p)))
      return TRUE;
  return FALSE;
}

/* In a Bulgarian or Russian locale every label of every page is in
 * Cyrillic; in English none is.  Screenshots of every page when asked
 * for. */
static void
test_language (void)
{
  const char *language = setlocale (LC_MESSAGES, NULL);
  gboolean cyrillic = language != NULL &&
                      (g_str_has_prefix (language, "bg") || g_str_has_prefix (language, "ru"));
  SternRulesWindow *window;
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autofree char *title = NULL;
  guint checked = 0;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  window = open_rules ();
  title = title_of (window);
  if (cyrillic)
    g_assert_true (has_cyrillic (title));
  else
    g_assert_cmpstr (title, ==, "Rules");

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      stern_rules_window_set_page (window, pages[i]);
      settle (400);
      save_screenshot (GTK_WIDGET (window), pages[i]);
    }

  /* The whole window: pages, sidebar rows and the header bar. */
  collect (GTK_WIDGET (window), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_text (GTK_LABEL (labels->pdata[i]));

      if (!has_letter (text))
        continue;
      checked++;
      if (cyrillic != has_cyrillic (text))
        g_error ("Label %s translated for %s: \"%s\"",
                 cyrillic ? "not" : "wrongly", language ? language : "C", text);
    }
  g_assert_cmpuint (checked, >=, 60);

  close_rules (window);
}

/* A page's text column: in its scrolled window, held to a readable width. */
static GtkWidget *
page_column (GtkWidget *page)
{
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (page));

  return adw_clamp_get_child (ADW_CLAMP (gtk_viewport_get_child (GTK_VIEWPORT (viewport))));
}

/* The page asked for is shown, its transition over, its text laid out. */
static gboolean
page_laid_out (gpointer data)
{
  GtkWidget *window = data;
  GtkStack *stack = GTK_STACK (find_by_id (window, "stack"));
  GtkWidget *page = gtk_stack_get_visible_child (stack);
  GtkWidget *box;

  if (gtk_stack_get_transition_running (stack) || page == NULL ||
      g_strcmp0 (gtk_stack_get_visible_child_name (stack),
                 stern_rules_window_get_page (STERN_RULES_WINDOW (window))) != 0)
    return FALSE;
  box = page_column (page);
  return gtk_widget_get_mapped (box) && gtk_widget_get_width (box) > 0;
}

/* The page's text column stands where it stood a frame before: a dialog
 * drawn inside the window (libadwaita 1.5 on) has stopped moving in. */
static gboolean
column_steady (gpointer data)
{
  static double last_x = -1;
  static gint64 last_frame = -1;
  GtkWidget *window = data;
  GtkWidget *page = gtk_stack_get_visible_child (GTK_STACK (find_by_id (window, "stack")));
  gint64 frame = gdk_frame_clock_get_frame_counter (gtk_widget_get_frame_clock (window));
  graphene_rect_t at;
  gboolean steady = FALSE;

  if (!page_laid_out (window) ||
      !gtk_widget_compute_bounds (page_column (page), GTK_WIDGET (gtk_widget_get_root (window)), &at))
    return FALSE;
  /* A frame to compare with, also when nothing moves. */
  gtk_widget_queue_draw (window);
  if (frame != last_frame)
    {
      steady = last_frame >= 0 && at.origin.x == last_x;
      last_x = at.origin.x;
      last_frame = frame;
    }
  return steady;
}

/* Every page's text column starts at the same x, so the text does not
 * move sideways from page to page, and no line breaks inside a move
 * ("(m5-" / "o5-m7)"). */
static void
test_layout (void)
{
  SternRulesWindow *window;
  double first_x = -1;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  window = open_rules_sized (900, 640);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_autoptr (GPtrArray) labels = g_ptr_array_new ();
      GtkWidget *page, *box;
      graphene_rect_t at;
      int natural;

      stern_rules_window_set_page (window, pages[i]);
      g_assert_true (wait_until (column_steady, window, 5000));
      page = gtk_stack_get_visible_child (GTK_STACK (find_by_id (GTK_WIDGET (window), "stack")));
      box = page_column (page);
      g_assert_true (gtk_widget_compute_bounds (box, GTK_WIDGET (window), &at));
      gtk_widget_measure (box, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      g_test_message ("%s: text at x=%.0f, %.0f wide, asks for %d", pages[i], at.origin.x,
                      at.size.width, natural);
      if (first_x < 0)
        first_x = at.origin.x;
      g_assert_cmpfloat_with_epsilon (at.origin.x, first_x, 0.5);

      collect (box, GTK_TYPE_LABEL, labels);
      for (guint j = 0; j < labels->len; j++)
        {
          PangoLayout *layout = gtk_label_get_layout (labels->pdata[j]);
          const char *text = pango_layout_get_text (layout);

          for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
            {
              int start = ((PangoLayoutLine *) l->data)->start_index;

              if (start >= 2 && text[start - 1] == '-' && g_ascii_isdigit (text[start - 2]))
                g_error ("a line breaks inside a move: \"%s\"", text);
            }
        }
    }
  close_rules (window);
}

/* The page named is shown on its own (folded), laid out. */
static gboolean
narrow_page_shown (gpointer data)
{
  GtkWidget *window = data;
  AdwLeaflet *leaflet = ADW_LEAFLET (find_by_id (window, "leaflet"));

  return adw_leaflet_get_folded (leaflet) && !adw_leaflet_get_child_transition_running (leaflet) &&
         adw_leaflet_get_visible_child (leaflet) == find_by_id (window, "stack") &&
         page_laid_out (window);
}

static gboolean
topics_shown (gpointer data)
{
  GtkWidget *window = data;
  AdwLeaflet *leaflet = ADW_LEAFLET (find_by_id (window, "leaflet"));

  return adw_leaflet_get_folded (leaflet) && !adw_leaflet_get_child_transition_running (leaflet) &&
         adw_leaflet_get_visible_child (leaflet) == find_by_id (window, "topics") &&
         gtk_widget_get_mapped (find_by_id (window, "topic_list"));
}

/* The row of the topic named, in the list of topics. */
static GtkListBoxRow *
topic_row (GtkWidget  *window,
           const char *name)
{
  GtkWidget *list = find_by_id (window, "topic_list");

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (g_strcmp0 (gtk_widget_get_name (row), name) == 0)
      return GTK_LIST_BOX_ROW (row);
  g_error ("no topic %s in the list", name);
  return NULL;
}

/* On a 360x640 screen the rules fit the window: the topics, then each
 * page on its own with a way back, none wider than the window, the text
 * wrapped inside it. */
static void
test_narrow (void)
{
  SternRulesWindow *window;
  GtkWidget *root, *back;
  int width;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  window = open_rules_sized (360, 640);
  root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (window)));
  g_assert_true (wait_until (topics_shown, window, 5000));
  width = gtk_widget_get_width (GTK_WIDGET (window));
  g_test_message ("rules %d px wide in a window %d px wide", width, gtk_widget_get_width (root));
  g_assert_cmpint (gtk_widget_get_width (root), <=, 360);
  g_assert_cmpint (width, <=, gtk_widget_get_width (root));
  back = find_by_id (GTK_WIDGET (window), "back_button");
  g_assert_false (gtk_widget_get_visible (back));
  save_screenshot (GTK_WIDGET (window), "narrow-topics");

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_autoptr (GPtrArray) widgets = g_ptr_array_new ();
      GtkWidget *page;

      g_signal_emit_by_name (find_by_id (GTK_WIDGET (window), "topic_list"), "row-activated",
                             topic_row (GTK_WIDGET (window), pages[i]));
      g_assert_true (wait_until (narrow_page_shown, window, 5000));
      g_assert_cmpstr (stern_rules_window_get_page (window), ==, pages[i]);
      g_assert_true (gtk_widget_get_visible (back));
      g_assert_cmpint (gtk_widget_get_width (root), <=, 360);

      /* Nothing on the page reaches past the window's right edge. */
      page = gtk_stack_get_visible_child (GTK_STACK (find_by_id (GTK_WIDGET (window), "stack")));
      collect (page_column (page), GTK_TYPE_WIDGET, widgets);
      for (guint j = 0; j < widgets->len; j++)
        {
          graphene_rect_t at;

          if (!gtk_widget_get_mapped (widgets->pdata[j]) ||
              !gtk_widget_compute_bounds (widgets->pdata[j], root, &at))
            continue;
          if (at.origin.x < 0 || at.origin.x + at.size.width > gtk_widget_get_width (root) + 0.5)
            g_error ("%s: a %s from x=%.0f to %.0f in a window %d px wide", pages[i],
                     G_OBJECT_TYPE_NAME (widgets->pdata[j]), at.origin.x,
                     at.origin.x + at.size.width, gtk_widget_get_width (root));
        }
      if (i < 2 || g_str_equal (pages[i], "moves"))
        {
          g_autofree char *name = g_strconcat ("narrow-", pages[i], NULL);

          save_screenshot (GTK_WIDGET (window), name);
        }

      g_signal_emit_by_name (back, "clicked");
      g_assert_true (wait_until (topics_shown, window, 5000));
    }
  close_rules (window);
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("STERNHALMA_LOCALEDIR");

  /* As main.c does: the build's catalogues when asked for.  Asked to run
   * translated, the locale must exist, or English would pass for the
   * translation. */
  if (setlocale (LC_ALL, "") == NULL && localedir != NULL && *localedir != '\0')
    g_error ("The locale %s is not available (LOCPATH %s)",
             g_getenv ("LC_ALL"), g_getenv ("LOCPATH"));
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();

  g_test_add_func ("/rules-window/pages", test_pages);
  g_test_add_func ("/rules-window/illustrations", test_illustrations);
  g_test_add_func ("/rules-window/language", test_language);
  g_test_add_func ("/rules-window/layout", test_layout);
  g_test_add_func ("/rules-window/narrow", test_narrow);

  return g_test_run ();
}
