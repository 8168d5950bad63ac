/* test-square-board.c: Halma and Ugolki on the board widget.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On every square variant of doc/rules.md §9, a move is played by clicks
 * at the cells' centres as the layout puts them, for the first player and
 * for the next one (whose corner the board turns to the bottom): the
 * picked stone lights exactly the engine's destinations, a click on one of
 * them chooses that move, and the drawing shows the lit dot there.  In
 * the game window, with two and four players, moves clicked on the board
 * reach the game, the move list names them in the board's notation and
 * the status line shows the forced end's stage and the tempo numbers.
 * With STERN_SQUARE_SHOTS set to a folder, each board is written there as
 * PNG.
 */

#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "stern-board-layout.h"
#include "stern-board-view-private.h"
#include "stern-board.h"
#include "stern-computer.h"
#include "stern-game.h"
#include "stern-game-over-window.h"
#include "stern-new-game-dialog.h"
#include "stern-notation.h"
#include "stern-compat.h"
#include "stern-rules-window.h"
#include "stern-texts.h"
#include "stern-window-private.h"

#include "gui-test-util.h"

/* The opaque dot drawn in a reachable cell (stern-board-renderer.c). */
#define HIGHLIGHT_R 77   /* 0.30 */
#define HIGHLIGHT_G 219  /* 0.86 */
#define HIGHLIGHT_B 143  /* 0.56 */

#define WIDTH  600
#define HEIGHT 560

typedef struct {
  guint n_chosen;
  guint from, to;
} Chosen;

static void
on_move_chosen (SternBoardView *view, guint from, guint to, Chosen *chosen)
{
  chosen->n_chosen++;
  chosen->from = from;
  chosen->to = to;
}

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

/* The stone of the seat on turn with the most destinations. */
static guint
busiest_stone (SternGame *game, guint n_cells)
{
  const SternPosition *pos = stern_game_get_position (game);
  unsigned turn = stern_game_get_turn (game);
  guint best = STERN_NO_CELL, best_n = 0;

  for (guint c = 0; c < n_cells; c++)
    if (pos->cell[c] == turn)
      {
        guint n = stern_set_count (engine_destinations (game, c));

        if (n > best_n)
          {
            best = c;
            best_n = n;
          }
      }
  g_assert_cmpuint (best, !=, STERN_NO_CELL);
  return best;
}

static void
pixel_at (cairo_surface_t *surface, double x, double y, guint *r, guint *g, guint *b)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 p;

  cairo_surface_flush (surface);
  p = *(const guint32 *) (data + (int) y * stride + 4 * (int) x);
  *r = (p >> 16) & 0xff;
  *g = (p >> 8) & 0xff;
  *b = p & 0xff;
}

static void
wait_mapped (GtkWidget *widget)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!(gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_get_mapped (widget));
}

/* Clicks a move of the seat on turn and checks what the widget shows. */
static void
click_a_move (SternBoardView *view, SternGame *game, Chosen *chosen, const char *shot)
{
  GtkWidget *w = GTK_WIDGET (view);
  guint size = stern_game_get_variant (game)->board_size;
  guint from = busiest_stone (game, size * size);
  SternSet dest = engine_destinations (game, from);
  guint to = stern_set_first (dest);
  double x, y;
  cairo_surface_t *surface;
  cairo_t *cr;
  guint r, g, b, n_before = chosen->n_chosen;

  stern_board_view_hole_centre (view, from, gtk_widget_get_width (w),
                                gtk_widget_get_height (w), &x, &y);
  g_assert_cmpuint (stern_board_view_hole_at (view, x, y, gtk_widget_get_width (w),
                                              gtk_widget_get_height (w)), ==, from);
  stern_board_view_click (view, x, y);
  g_assert_cmpuint (stern_board_view_get_selected (view), ==, from);
  g_assert_true (stern_board_view_get_highlighted (view) == dest);

  /* The lit dot in the centre of every destination. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cr = cairo_create (surface);
  stern_board_view_draw (view, cr, WIDTH, HEIGHT);
  cairo_destroy (cr);
  for (SternSet d = dest; d;)
    {
      guint c = stern_set_pop (&d);

      stern_board_view_hole_centre (view, c, WIDTH, HEIGHT, &x, &y);
      pixel_at (surface, x, y, &r, &g, &b);
      /* Within rounding of the colour's fractions. */
      g_assert_cmpint (ABS ((int) r - HIGHLIGHT_R), <=, 1);
      g_assert_cmpint (ABS ((int) g - HIGHLIGHT_G), <=, 1);
      g_assert_cmpint (ABS ((int) b - HIGHLIGHT_B), <=, 1);
    }
  if (g_getenv ("STERN_SQUARE_SHOTS") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("STERN_SQUARE_SHOTS"), shot, NULL);

      g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
    }
  cairo_surface_destroy (surface);

  stern_board_view_hole_centre (view, to, gtk_widget_get_width (w),
                                gtk_widget_get_height (w), &x, &y);
  /* Hovering shows the path the engine would take, from the stone to
   * the cell under the pointer. */
  {
    guint8 path[STERN_MAX_PATH];
    gsize len;

    stern_board_view_hover (view, x, y);
    len = stern_board_view_get_preview (view, path);
    g_assert_cmpuint (len, >=, 2);
    g_assert_cmpuint (path[0], ==, from);
    g_assert_cmpuint (path[len - 1], ==, to);
  }
  stern_board_view_click (view, x, y);
  g_assert_cmpuint (chosen->n_chosen, ==, n_before + 1);
  g_assert_cmpuint (chosen->from, ==, from);
  g_assert_cmpuint (chosen->to, ==, to);
  g_assert_true (stern_game_play (game, from, to, NULL));
  stern_board_view_game_changed (view, FALSE);
}

static void
test_click_moves (void)
{
  guint n_square = 0;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  for (guint i = 0; i < STERN_N_ALL_VARIANTS; i++)
    {
      const SternVariant *variant = stern_variant_get (i);
      SternGame *game;
      GtkWidget *window;
      SternBoardView *view;
      Chosen chosen = { 0 };
      g_autofree char *shot1 = NULL, *shot2 = NULL;

      if (!stern_variant_is_square (variant))
        continue;
      n_square++;
      g_test_message ("%s", variant->id);
      game = stern_game_new (variant, STERN_PRESET_TABLE);
      window = gtk_window_new ();
      gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
      view = STERN_BOARD_VIEW (stern_board_view_new ());
      stern_board_view_set_animations (view, FALSE);
      stern_board_view_set_show_coordinates (view, TRUE);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
      stern_board_view_set_game (view, game);
      g_signal_connect (view, "move-chosen", G_CALLBACK (on_move_chosen), &chosen);
      gtk_window_present (GTK_WINDOW (window));
      wait_mapped (GTK_WIDGET (view));

      shot1 = g_strdup_printf ("%s-1.png", variant->id);
      shot2 = g_strdup_printf ("%s-2.png", variant->id);
      click_a_move (view, game, &chosen, shot1);
      /* The next player, with the board turned to their corner. */
      stern_board_view_set_bottom_seat (view, stern_game_get_turn (game));
      click_a_move (view, game, &chosen, shot2);
      g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);

      stern_board_view_set_game (view, NULL);
      gtk_window_destroy (GTK_WINDOW (window));
      stern_game_free (game);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  /* halma-8, halma-10, halma-10-3, halma-10-4, ugolki, ugolki-mini, each in
   * two modes. */
  g_assert_cmpuint (n_square, ==, 12);
}

/* The status line's lines as laid out in the window. */
static int
status_lines (SternWindow *window)
{
  gui_test_wait_for_frame (GTK_WIDGET (window));
  g_test_message ("%s", gtk_label_get_label (window->status_label));
  return pango_layout_get_line_count (gtk_label_get_layout (window->status_label));
}

/* Two players' status line keeps to one line; four players' (149
 * characters at the first move) to one in most fonts, and is never cut:
 * the fonts of a fresh Debian 13 take it to a second line. */
static void
assert_status_fits (SternWindow *window, const SternVariant *variant)
{
  int lines = status_lines (window);

  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (window->status_label)));
  g_assert_cmpint (lines, <=, variant->n_players > 2 ? 2 : 1);
}

/* The game window with a square game for humans only: two moves by clicks
 * on the board, then what the status line and the move list say.  At
 * 1000 px the status line, with its countdown and every player's steps to
 * go, fits (assert_status_fits), at the first move (with how to begin)
 * and after. */
static void
test_window (void)
{
  static const char * const variants[] = { "ugolki", "halma-8", "halma-10", "halma-10-4" };

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      SternWindow *window = g_object_new (STERN_TYPE_WINDOW, NULL);
      SternBoardView *view;
      SternGameSetup setup;
      SternGame *game;
      g_autofree char *tempo = NULL, *list = NULL, *first = NULL;
      const char *status;

      memset (&setup, 0, sizeof setup);
      setup.variant = stern_variant_lookup (variants[i]);
      setup.preset = STERN_PRESET_TABLE;
      stern_window_set_computer_delay (window, 0);
      gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
      gtk_window_present (GTK_WINDOW (window));
      stern_window_new_game (window, &setup);
      view = stern_window_get_board (window);
      wait_mapped (GTK_WIDGET (view));
      assert_status_fits (window, setup.variant);

      for (guint ply = 0; ply < setup.variant->n_players; ply++)
        {
          GtkWidget *w = GTK_WIDGET (view);
          guint size = setup.variant->board_size, from, to;
          double x, y;

          game = stern_window_get_game (window);
          from = busiest_stone (game, size * size);
          to = stern_set_first (engine_destinations (game, from));
          /* The window turns the board to the player on turn. */
          g_assert_cmpuint (stern_board_view_get_bottom_seat (view), ==,
                            stern_game_get_turn (game));
          stern_board_view_hole_centre (view, from, gtk_widget_get_width (w),
                                        gtk_widget_get_height (w), &x, &y);
          stern_board_view_click (view, x, y);
          stern_board_view_hole_centre (view, to, gtk_widget_get_width (w),
                                        gtk_widget_get_height (w), &x, &y);
          stern_board_view_click (view, x, y);
          g_assert_cmpuint (stern_game_get_n_actions (stern_window_get_game (window)), ==, ply + 1);
          /* The board turns to the next player. */
          GUI_TEST_WAIT_FOR (stern_board_view_get_bottom_seat (view) ==
                             stern_game_get_turn (stern_window_get_game (window)), 5000);
        }

      game = stern_window_get_game (window);
      status = stern_window_get_status (window);
      tempo = stern_texts_tempo_numbers (game);
      g_test_message ("%s", status);
      g_assert_nonnull (strstr (status, tempo));
      assert_status_fits (window, setup.variant);
      list = stern_window_get_move_list (window);
      first = stern_notation_format_path_in (setup.variant, stern_game_get_action (game, 0)->path,
                                             stern_game_get_action (game, 0)->path_len);
      g_test_message ("%s", list);
      g_assert_nonnull (strstr (list, first));

      if (g_getenv ("STERN_SQUARE_SHOTS") != NULL)
        test_spin (3000);
      gui_test_destroy (window);
    }
}

/* At a phone's 360 px, before the first move of Halma, the status line
 * keeps the leaving-home countdown and the steps to go whole in its two
 * lines, leaving how to begin out; at 1000 px it says how to begin again,
 * still whole; at 360 px again it leaves it out again. */
static void
test_status_narrow (void)
{
  SternWindow *window;
  SternGameSetup setup;
  SternGame *game;
  PangoLayout *layout;
  const char *shown;
  g_autofree char *tempo = NULL, *stage = NULL;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* GNOME's window buttons, as on a phone (GTK's default adds two). */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  window = g_object_new (STERN_TYPE_WINDOW, NULL);
  memset (&setup, 0, sizeof setup);
  setup.variant = stern_variant_lookup ("halma-8");
  setup.preset = STERN_PRESET_TABLE;
  stern_window_set_computer_delay (window, 0);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  gtk_window_present (GTK_WINDOW (window));
  stern_window_new_game (window, &setup);
  wait_mapped (GTK_WIDGET (stern_window_get_board (window)));
  gui_test_wait_for_frame (GTK_WIDGET (window));
  gui_test_wait_for_frame (GTK_WIDGET (window));

  game = stern_window_get_game (window);
  tempo = stern_texts_tempo_numbers (game);
  stage = stern_texts_forced_end (game, stern_game_get_turn (game));
  layout = gtk_label_get_layout (window->status_label);
  shown = gtk_label_get_label (window->status_label);
  g_test_message ("%d px: %s", gtk_widget_get_width (GTK_WIDGET (window)), shown);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  g_assert_false (pango_layout_is_ellipsized (layout));
  g_assert_cmpint (pango_layout_get_line_count (layout), <=, 2);
  g_assert_nonnull (strstr (shown, tempo));
  g_assert_nonnull (strstr (shown, stage));

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  GUI_TEST_WAIT_FOR (g_strcmp0 (gtk_label_get_label (window->status_label),
                                stern_window_get_status (window)) == 0, 5000);
  gui_test_wait_for_frame (GTK_WIDGET (window));
  layout = gtk_label_get_layout (window->status_label);
  g_test_message ("%d px: %s", gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_label_get_label (window->status_label));
  g_assert_false (pango_layout_is_ellipsized (layout));

  /* Narrowed again, as a phone turned: without how to begin at once. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  GUI_TEST_WAIT_FOR (g_strcmp0 (gtk_label_get_label (window->status_label),
                                stern_window_get_status (window)) != 0, 5000);
  gui_test_wait_for_frame (GTK_WIDGET (window));
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (window->status_label)));
  g_assert_nonnull (strstr (gtk_label_get_label (window->status_label), tempo));
  gui_test_destroy (window);
  gtk_settings_reset_property (gtk_settings_get_default (), "gtk-decoration-layout");
}

/* The New Game dialog shows every variant, star or square, as it was
 * set (board, variant, movement mode) and gives it back; starting saves
 * it in the settings, which give it back for the next game. */
static void
test_new_game_dialog (void)
{
  g_autoptr (GSettings) settings = NULL;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  settings = g_settings_new (APP_ID);
  for (guint i = 0; i < STERN_N_ALL_VARIANTS; i++)
    {
      const SternVariant *variant = stern_variant_get (i);
      GtkWidget *dialog = stern_new_game_dialog_new (NULL, NULL);
      SternGameSetup setup, got, loaded;

      memset (&setup, 0, sizeof setup);
      setup.variant = variant;
      setup.preset = STERN_PRESET_TABLE;
      setup.computer[variant->seats[variant->n_players - 1]] = TRUE;
      stern_new_game_dialog_set_setup (STERN_NEW_GAME_DIALOG (dialog), &setup);
      stern_new_game_dialog_get_setup (STERN_NEW_GAME_DIALOG (dialog), &got);
      g_test_message ("%s", variant->id);
      g_assert_cmpstr (got.variant->id, ==, variant->id);

      stern_game_setup_save (&got, settings);
      stern_game_setup_load (&loaded, settings, NULL);
      g_assert_cmpstr (loaded.variant->id, ==, variant->id);
      /* One to look at. */
      if (g_getenv ("STERN_SQUARE_SHOTS") != NULL && g_str_equal (variant->id, "ugolki+diag"))
        {
          stern_compat_dialog_present (dialog, NULL, TRUE);
          test_spin (2500);
        }
      stern_compat_dialog_force_close (dialog);
    }
}

/* The board views under widget whose games are on square boards. */
static guint
count_square_views (GtkWidget *widget)
{
  guint n = 0;

  if (STERN_IS_BOARD_VIEW (widget))
    {
      SternGame *game = stern_board_view_get_game (STERN_BOARD_VIEW (widget));

      return game != NULL && stern_variant_is_square (stern_game_get_variant (game));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_square_views (child);
  return n;
}

/* The rules help has a Halma and Ugolki page with square boards on it. */
static void
test_rules_page (void)
{
  GtkWidget *window, *host;
  const char *shots = g_getenv ("STERN_SQUARE_SHOTS");

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  /* From libadwaita 1.5 on the rules are drawn inside a window. */
  host = adw_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (host), 900, 1000);
  gtk_window_present (GTK_WINDOW (host));
  window = stern_rules_window_new ();
  if (GTK_IS_WINDOW (window))
    gtk_window_set_default_size (GTK_WINDOW (window), 900, 1000);
  stern_rules_window_set_page (STERN_RULES_WINDOW (window), "halma");
  g_assert_cmpstr (stern_rules_window_get_page (STERN_RULES_WINDOW (window)), ==, "halma");
  stern_compat_dialog_present (window, GTK_WINDOW (host), TRUE);
  GUI_TEST_WAIT_FOR (count_square_views (GTK_WIDGET (window)) == 2, 5000);
  if (shots != NULL)
    test_spin (3000);
  stern_compat_dialog_force_close (window);
  gui_test_destroy (host);
}

/* The keyboard on a square board: arrows move the cursor one cell in
 * screen terms (up is towards the top of the picture), Return picks. */
static void
test_keyboard (void)
{
  SternGame *game;
  GtkWidget *window;
  SternBoardView *view;
  guint start, c;
  double x0, y0, x1, y1;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  game = stern_game_new (stern_variant_lookup ("halma-8"), STERN_PRESET_TABLE);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  view = STERN_BOARD_VIEW (stern_board_view_new ());
  stern_board_view_set_animations (view, FALSE);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  stern_board_view_set_game (view, game);
  gtk_window_present (GTK_WINDOW (window));
  wait_mapped (GTK_WIDGET (view));

  stern_board_view_key (view, GDK_KEY_Up);   /* shows the cursor */
  start = stern_board_view_get_cursor (view);
  g_assert_cmpuint (start, <, 64);
  for (guint k = 0; k < 4; k++)
    {
      static const guint keys[] = { GDK_KEY_Up, GDK_KEY_Right, GDK_KEY_Down, GDK_KEY_Left };
      static const int dx[] = { 0, 1, 0, -1 }, dy[] = { -1, 0, 1, 0 };

      c = stern_board_view_get_cursor (view);
      stern_board_view_hole_centre (view, c, WIDTH, HEIGHT, &x0, &y0);
      stern_board_view_key (view, keys[k]);
      g_assert_cmpuint (stern_board_view_get_cursor (view), !=, c);
      stern_board_view_hole_centre (view, stern_board_view_get_cursor (view), WIDTH, HEIGHT,
                                    &x1, &y1);
      /* One cell: as far as a1 is from b1. */
      {
        double ax, ay, bx, by, cell;

        stern_board_view_hole_centre (view, 0, WIDTH, HEIGHT, &ax, &ay);
        stern_board_view_hole_centre (view, 1, WIDTH, HEIGHT, &bx, &by);
        cell = hypot (bx - ax, by - ay);
        g_assert_cmpfloat (fabs ((x1 - x0) - dx[k] * cell), <, 1e-6);
        g_assert_cmpfloat (fabs ((y1 - y0) - dy[k] * cell), <, 1e-6);
      }
    }
  g_assert_cmpuint (stern_board_view_get_cursor (view), ==, start);

  stern_board_view_set_game (view, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  stern_game_free (game);
  gui_test_flush ();
}

/* Against the computer on a square board: it answers the human's move. */
static void
test_computer (void)
{
  SternWindow *window;
  SternBoardView *view;
  SternGameSetup setup;
  SternGame *game;
  GtkWidget *w;
  guint from, to;
  double x, y;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  window = g_object_new (STERN_TYPE_WINDOW, NULL);
  memset (&setup, 0, sizeof setup);
  setup.variant = stern_variant_lookup ("ugolki-mini+diag");
  setup.preset = STERN_PRESET_TABLE;
  setup.computer[STERN_BLACK] = TRUE;
  setup.level[STERN_BLACK] = STERN_LEVEL_EASY;
  stern_window_set_computer_delay (window, 0);
  gtk_window_present (GTK_WINDOW (window));
  stern_window_new_game (window, &setup);
  view = stern_window_get_board (window);
  w = GTK_WIDGET (view);
  wait_mapped (w);

  game = stern_window_get_game (window);
  from = busiest_stone (game, 64);
  to = stern_set_first (engine_destinations (game, from));
  stern_board_view_hole_centre (view, from, gtk_widget_get_width (w), gtk_widget_get_height (w), &x, &y);
  stern_board_view_click (view, x, y);
  stern_board_view_hole_centre (view, to, gtk_widget_get_width (w), gtk_widget_get_height (w), &x, &y);
  stern_board_view_click (view, x, y);
  g_assert_true (test_wait_until ((TestCondition) gui_test_not_thinking, window, 20000));
  GUI_TEST_WAIT_FOR (stern_game_get_n_actions (stern_window_get_game (window)) == 2, 20000);
  g_assert_cmpuint (stern_game_get_turn (stern_window_get_game (window)), ==, STERN_WHITE);

  gui_test_destroy (window);
}

/* Whether a label under widget shows text. */
static gboolean
has_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;
  return FALSE;
}

/* The game-over window says why a square game ended: here the tempo
 * check after move 80, white 14 against black 16 (doc/rules.md §9). */
static void
test_game_over (void)
{
  static const char *const moves[] = { "e4-e5", "d5-d6" };
  unsigned made[STERN_N_SEATS];
  g_autoptr (GError) error = NULL;
  const SternVariant *variant;
  SternPosition pos;
  SternGame *game;
  SternGameSetup setup;
  GtkWidget *window;
  g_autofree char *reason = NULL;

  GUI_TEST_SKIP_WITHOUT_DISPLAY ();

  g_assert_true (stern_notation_parse_position ("ugolki white white:c5,e4 black:f4,d5",
                                                &variant, &pos, &error));
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    made[seat] = STERN_SQUARE_TEMPO_CHECK_8 - 1;
  game = stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos, made);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      guint8 path[STERN_MAX_PATH];
      size_t len;

      g_assert_true (stern_notation_parse_path_in (variant, moves[i], path, &len, &error));
      g_assert_true (stern_game_play_path (game, path, len, &error));
    }
  g_assert_true (stern_game_is_over (game));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_TEMPO);

  memset (&setup, 0, sizeof setup);
  setup.variant = variant;
  setup.preset = STERN_PRESET_TABLE;
  window = stern_game_over_window_new (game, &setup);
  stern_compat_dialog_present (window, NULL, TRUE);
  reason = stern_texts_end_reason (game);
  g_assert_nonnull (strstr (reason, "14"));
  g_assert_nonnull (strstr (reason, "16"));
  g_assert_true (has_label (window, reason));
  if (g_getenv ("STERN_SQUARE_SHOTS") != NULL)
    test_spin (2500);
  stern_compat_dialog_force_close (window);
  stern_game_free (game);
  gui_test_flush ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  gui_test_init ();
  g_test_add_func ("/square-board/click-moves", test_click_moves);
  g_test_add_func ("/square-board/window", test_window);
  g_test_add_func ("/square-board/status-narrow", test_status_narrow);
  g_test_add_func ("/square-board/new-game-dialog", test_new_game_dialog);
  g_test_add_func ("/square-board/rules-page", test_rules_page);
  g_test_add_func ("/square-board/keyboard", test_keyboard);
  g_test_add_func ("/square-board/computer", test_computer);
  g_test_add_func ("/square-board/game-over", test_game_over);
  return g_test_run ();
}
