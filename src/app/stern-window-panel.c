/* stern-window-panel.c: the window's side panel on narrow and wide
 * windows (folded away below a breakpoint, with the players strip above
 * the board) and its toasts.  Split from stern-window.c, which holds the
 * template and the wiring.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-window-private.h"

#define GAME(self)  stern_match_get_game ((self)->match)

/* ------------------------------------------------------------------ */
/* Narrow windows                                                      */

/* Below this width the side panel folds away and the header's panel
 * button shows it over the board (the board keeps 240 px, the panel needs
 * 260).  The button is always there (it hides the panel on a wide window
 * too): showing it only when folded would change the header in the middle
 * of laying the window out. */
#define NARROW_WIDTH_SP 600

/* On a phone's width the hint and pause buttons go (the main menu has
 * both), and the spinner (the status line says who thinks): the rest of
 * the header must fit in 360 px.  They start left out, so that the first
 * layout fits a narrow window before the panel is known to fold. */
static void
set_header_narrow (SternWindow *self,
                   gboolean     narrow)
{
  gtk_widget_set_visible (self->hint_button, !narrow);
  gtk_widget_set_visible (self->pause_button, !narrow);
  self->header_narrow = narrow;
  stern_window_update_spinner (self);
}

/* A narrow window at most this wide for its height (a phone held
 * upright: 360×640 is 0.56) has room under the round board for the
 * moves, which the folded panel hides. */
#define TALL_WIDTH  3
#define TALL_HEIGHT 5

#if !ADW_CHECK_VERSION (1, 4, 0)
static void
set_moves_under_board (SternWindow *self,
                       gboolean     shown)
{
  gtk_widget_set_visible (GTK_WIDGET (self->moves_under_board), shown);
  /* The board then takes the height its width needs, the moves the rest. */
  g_object_set (self->board, "square", shown, NULL);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board_stack), !shown);
}
#endif

#if ADW_CHECK_VERSION (1, 4, 0)
static void
on_breakpoint_apply (SternWindow *self)
{
  set_header_narrow (self, TRUE);
}

static void
on_breakpoint_unapply (SternWindow *self)
{
  set_header_narrow (self, FALSE);
}
#endif

#if !ADW_CHECK_VERSION (1, 4, 0)
static gboolean
update_strip (gpointer data)
{
  SternWindow *self = data;

  self->strip_idle = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->players_strip), stern_window_is_panel_folded (self));
  gtk_widget_set_visible (self->title_label, !stern_window_is_panel_folded (self));
  return G_SOURCE_REMOVE;
}

/* The flap folds while the window is laid out: the strip appears after. */
static void
on_folded (SternWindow *self)
{

  if (self->strip_idle == 0)
    self->strip_idle = g_idle_add (update_strip, self);
}
#endif

/* libadwaita 1.4 and later: the header bar as the top bar of an
 * AdwToolbarView (which draws it flat over the content as GNOME apps do
 * now); 1.2 keeps the template's box. */
static void
setup_toolbar (SternWindow *self)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkWidget *toolbar = adw_toolbar_view_new ();
  GtkWidget *header = self->header_bar;
  GtkWidget *overlay = GTK_WIDGET (self->toast_overlay);

  g_object_ref (header);
  g_object_ref (overlay);
  gtk_box_remove (GTK_BOX (self->window_box), header);
  gtk_box_remove (GTK_BOX (self->window_box), overlay);
  adw_toolbar_view_add_top_bar (ADW_TOOLBAR_VIEW (toolbar), header);
  adw_toolbar_view_set_content (ADW_TOOLBAR_VIEW (toolbar), overlay);
  g_object_unref (header);
  g_object_unref (overlay);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (self), toolbar);
  self->window_box = NULL;
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

#if !ADW_CHECK_VERSION (1, 4, 0)
/* On libadwaita 1.2 the window's width decides, not the folding: the
 * folding follows the layout, and the buttons change the header's width,
 * so following it could undo itself.  The width is the one the window is
 * getting, not its allocation, which still has the one before: the
 * surface's (resized by the user, maximized) or, asked for by the
 * program, the default width.  The buttons must go before that size is
 * laid out: shown, they keep the window from becoming narrower than
 * about 446 px. */
static void
update_header_width (SternWindow *self,
                     GParamSpec  *pspec)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  int width = surface != NULL ? gdk_surface_get_width (surface) : 0;
  int height = surface != NULL ? gdk_surface_get_height (surface) : 0;

  if ((pspec != NULL && g_str_has_prefix (pspec->name, "default-") &&
       !gtk_window_is_maximized (GTK_WINDOW (self)) &&
       !gtk_window_is_fullscreen (GTK_WINDOW (self))) || width <= 0 || height <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  set_header_narrow (self, width < NARROW_WIDTH_SP);
  set_moves_under_board (self, width < NARROW_WIDTH_SP &&
                               width * TALL_HEIGHT <= height * TALL_WIDTH);
}
#endif

static void
on_panel_mapped (SternWindow *self)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  set_header_narrow (self, stern_window_is_panel_folded (self));
#else
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));

  /* Every size the window gets, resized by the user or the program,
   * maximized or not. */
  if (g_object_get_data (G_OBJECT (surface), "stern-header-width") == NULL)
    {
      g_object_set_data (G_OBJECT (surface), "stern-header-width", self);
      g_signal_connect_object (surface, "notify::width", G_CALLBACK (update_header_width),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (surface, "notify::height", G_CALLBACK (update_header_width),
                               self, G_CONNECT_SWAPPED);
    }
  update_header_width (self, NULL);
#endif
}

/* Shown, the moves under the board follow the game; hidden, they cost a
 * long game's moves nothing. */
static void
follow_moves_under_board (SternWindow *self)
{
  GtkWidget *moves = GTK_WIDGET (self->moves_under_board);

  stern_move_list_set_match (self->moves_under_board,
                             gtk_widget_get_mapped (moves) ? self->match : NULL);
}

/* Takes the board and the side panel out of the template's box, to put
 * them in the container that folds the panel away. */
static void
take_panel_children (SternWindow *self)
{
  g_object_ref (self->board_box);
  g_object_ref (self->side_panel);
  gtk_box_remove (GTK_BOX (self->panel_host), self->board_box);
  gtk_box_remove (GTK_BOX (self->panel_host), self->side_panel);
}

static void
put_panel_children (SternWindow *self)
{
  gtk_widget_set_hexpand (self->panel_fold, TRUE);
  gtk_box_append (GTK_BOX (self->panel_host), self->panel_fold);
  g_object_unref (self->board_box);
  g_object_unref (self->side_panel);
}

#if ADW_CHECK_VERSION (1, 4, 0)
/* A breakpoint under which the split view collapses, the players shown
 * as a strip above the board and the header narrow. */
static AdwBreakpoint *
add_narrow_breakpoint (SternWindow            *self,
                       AdwOverlaySplitView    *split,
                       AdwBreakpointCondition *condition)
{
  AdwBreakpoint *breakpoint;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  breakpoint = adw_breakpoint_new (condition);
  adw_breakpoint_add_setters (breakpoint,
                              G_OBJECT (split), "collapsed", TRUE,
                              G_OBJECT (split), "show-sidebar", FALSE,
                              G_OBJECT (self->players_strip), "visible", TRUE,
                              G_OBJECT (self->title_label), "visible", FALSE,
                              NULL);
  g_signal_connect_object (breakpoint, "apply", G_CALLBACK (on_breakpoint_apply),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (breakpoint, "unapply", G_CALLBACK (on_breakpoint_unapply),
                           self, G_CONNECT_SWAPPED);
  adw_application_window_add_breakpoint (ADW_APPLICATION_WINDOW (self), breakpoint);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return breakpoint;
}
#endif

static void
setup_panel (SternWindow *self)
{
  g_autoptr (GPropertyAction) panel_action = NULL;
#if ADW_CHECK_VERSION (1, 4, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  /* A split view beside the board, collapsed by a breakpoint. */
  AdwOverlaySplitView *split = ADW_OVERLAY_SPLIT_VIEW (adw_overlay_split_view_new ());
  AdwBreakpoint *breakpoint;

  take_panel_children (self);
  adw_overlay_split_view_set_content (split, self->board_box);
  adw_overlay_split_view_set_sidebar (split, self->side_panel);
  adw_overlay_split_view_set_sidebar_position (split, GTK_PACK_END);
  adw_overlay_split_view_set_min_sidebar_width (split, 260);
  self->panel_fold = GTK_WIDGET (split);
  put_panel_children (self);

  add_narrow_breakpoint (self, split, adw_breakpoint_condition_new_length (
                                        ADW_BREAKPOINT_CONDITION_MAX_WIDTH,
                                        NARROW_WIDTH_SP, ADW_LENGTH_UNIT_SP));
  /* Narrow and tall: the same, and the moves under the board, which
   * takes the height its width needs (of two breakpoints that match,
   * the one added last applies). */
  breakpoint = add_narrow_breakpoint (self, split, adw_breakpoint_condition_new_and (
                                        adw_breakpoint_condition_new_length (
                                          ADW_BREAKPOINT_CONDITION_MAX_WIDTH,
                                          NARROW_WIDTH_SP, ADW_LENGTH_UNIT_SP),
                                        adw_breakpoint_condition_new_ratio (
                                          ADW_BREAKPOINT_CONDITION_MAX_ASPECT_RATIO,
                                          TALL_WIDTH, TALL_HEIGHT)));
  adw_breakpoint_add_setters (breakpoint,
                              G_OBJECT (self->moves_under_board), "visible", TRUE,
                              G_OBJECT (self->board), "square", TRUE,
                              G_OBJECT (self->board_stack), "vexpand", FALSE,
                              NULL);
  panel_action = g_property_action_new ("show-panel", split, "show-sidebar");
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  /* A flap that folds when the window is too narrow for both. */
  AdwFlap *flap = ADW_FLAP (adw_flap_new ());

  take_panel_children (self);
  adw_flap_set_content (flap, self->board_box);
  adw_flap_set_flap (flap, self->side_panel);
  adw_flap_set_separator (flap, gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  adw_flap_set_flap_position (flap, GTK_PACK_END);
  adw_flap_set_swipe_to_open (flap, FALSE);
  adw_flap_set_fold_threshold_policy (flap, ADW_FOLD_THRESHOLD_POLICY_MINIMUM);
  self->panel_fold = GTK_WIDGET (flap);
  put_panel_children (self);

  panel_action = g_property_action_new ("show-panel", flap, "reveal-flap");
  g_signal_connect_object (flap, "notify::folded", G_CALLBACK (on_folded),
                           self, G_CONNECT_SWAPPED);
#endif
  g_signal_connect_object (self->moves_under_board, "map",
                           G_CALLBACK (follow_moves_under_board), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->moves_under_board, "unmap",
                           G_CALLBACK (follow_moves_under_board), self, G_CONNECT_SWAPPED);
  /* Once laid out, the hint and pause buttons show if the window is wide. */
  g_signal_connect (self, "map", G_CALLBACK (on_panel_mapped), NULL);
#if !ADW_CHECK_VERSION (1, 4, 0)
  g_signal_connect (self, "notify::default-width", G_CALLBACK (update_header_width), NULL);
  g_signal_connect (self, "notify::default-height", G_CALLBACK (update_header_width), NULL);
#endif
  /* The header's panel button (win.show-panel) shows and hides it. */
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (panel_action));
}

gboolean
stern_window_is_panel_folded (SternWindow *self)
{
  gboolean folded = FALSE;

  g_return_val_if_fail (STERN_IS_WINDOW (self), FALSE);

#if ADW_CHECK_VERSION (1, 4, 0)
  g_object_get (self->panel_fold, "collapsed", &folded, NULL);
#else
  g_object_get (self->panel_fold, "folded", &folded, NULL);
#endif
  return folded;
}

/* ------------------------------------------------------------------ */
/* Toasts                                                              */

/* libadwaita 1.2's toast has a close button with an icon and no name (a
 * screen reader says "GtkImage"): it gets one. */
static void
name_toast_buttons (GtkWidget *widget,
                    GtkWidget *skip)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (child == skip)
        continue;
      if (GTK_IS_BUTTON (child) &&
          g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (child)), "window-close-symbolic") == 0)
        gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, _("Dismiss"), -1);
      name_toast_buttons (child, skip);
    }
}

/* libadwaita's toast overlay frees a toast's bookkeeping when its
 * leaving animation ends (hide_done_cb), and GTK runs the newest frame
 * callback first: a toast withdrawn while still coming in, with no frame
 * between the ends of its two animations, ends its arrival on freed
 * memory (show_done_cb; libadwaita 1.2, fixed in 1.3: a crash after a
 * quick rematch).  A toast shown again while still going fails an
 * assertion (fixed in 1.6.8 and 1.7.5).  So a toast is withdrawn only
 * after a frame in which every animation had run out; they take at most
 * this long (REPLACE_DURATION). */
#define TOAST_ANIMATION_US (500 * G_TIME_SPAN_MILLISECOND)

/* A toast comes in, or goes and the next one comes in: nothing is
 * withdrawn before their animations have run out. */
static void
toasts_unsettled (SternWindow *self)
{
  GdkFrameClock *clock;

  /* The window goes (its overlay dismisses what it holds). */
  if (self->toast_overlay == NULL)
    return;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->toast_overlay));
  /* Unrealized, the overlay does not animate. */
  if (clock == NULL)
    return;
  /* The overlay's animations started at this frame time or before. */
  self->toasts_settle_at = gdk_frame_clock_get_frame_time (clock) + TOAST_ANIMATION_US;
  self->toasts_settled = FALSE;
}

static gboolean
withdraw_settled_toast (GtkWidget     *overlay,
                        GdkFrameClock *clock,
                        gpointer       data)
{
  SternWindow *self = data;
  g_autoptr (AdwToast) toast = NULL;

  if (gdk_frame_clock_get_frame_time (clock) < self->toasts_settle_at)
    return G_SOURCE_CONTINUE;
  /* This frame's callbacks end the animations that are due (the older
   * ones run after this one): withdraw in the next frame. */
  if (!self->toasts_settled)
    {
      self->toasts_settled = TRUE;
      return G_SOURCE_CONTINUE;
    }
  /* One at a time: the next one may come in when this one goes. */
  toast = g_ptr_array_steal_index (self->toasts_to_withdraw, 0);
  adw_toast_dismiss (toast);
  if (self->toasts_to_withdraw->len > 0)
    return G_SOURCE_CONTINUE;
  self->toasts_tick = 0;
  return G_SOURCE_REMOVE;
}

void
stern_window_withdraw_toast (SternWindow *self,
                             AdwToast    *toast)
{
  GtkWidget *overlay;

  g_return_if_fail (STERN_IS_WINDOW (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  overlay = GTK_WIDGET (self->toast_overlay);
  /* Unmapped, the overlay has finished its animations. */
  if (!gtk_widget_get_mapped (overlay))
    {
      adw_toast_dismiss (toast);
      return;
    }
  if (self->toasts_to_withdraw == NULL)
    self->toasts_to_withdraw = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->toasts_to_withdraw, g_object_ref (toast));
  if (self->toasts_tick == 0)
    self->toasts_tick = gtk_widget_add_tick_callback (overlay, withdraw_settled_toast, self, NULL);
}

void
stern_window_forget_toasts (SternWindow *self)
{
  if (self->toasts_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->toast_overlay), self->toasts_tick);
  self->toasts_tick = 0;
  g_clear_pointer (&self->toasts_to_withdraw, g_ptr_array_unref);
}

AdwToast *
stern_window_show_toast (SternWindow *self,
                         const char  *title,
                         const char  *button_label,
                         const char  *action_name)
{
  /* A toast's title is Pango markup: a file name with '&' or '<' in it
   * is text, not markup. */
  g_autofree char *escaped = g_markup_escape_text (title, -1);
  AdwToast *toast = adw_toast_new (escaped);

  if (button_label != NULL)
    {
      adw_toast_set_button_label (toast, button_label);
      adw_toast_set_action_name (toast, action_name);
    }
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_free (self->last_toast);
  self->last_toast = g_strdup (title);
  /* Over the status line, the board keeps its size and place: a click
   * aimed at a hole before the toast came still lands on it. */
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  toasts_unsettled (self);
  /* Connected after the overlay's handler, which shows the next toast. */
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toasts_unsettled), self,
                           G_CONNECT_SWAPPED);
  name_toast_buttons (GTK_WIDGET (self->toast_overlay),
                      adw_toast_overlay_get_child (self->toast_overlay));
  return toast;
}

SternPlayersStrip *
stern_window_get_players_strip (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return self->players_strip;
}

GtkWidget *
stern_window_get_move_list_widget (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->move_list);
}

const char *
stern_window_get_last_toast (SternWindow *self)
{
  g_return_val_if_fail (STERN_IS_WINDOW (self), NULL);
  return self->last_toast;
}

void
stern_window_keep_replaced (SternWindow *self)
{
  g_clear_pointer (&self->replaced_record, g_free);
  /* A game not begun is nothing to bring back. */
  if (GAME (self) != NULL && stern_game_get_n_actions_total (GAME (self)) > 0)
    self->replaced_record = stern_match_write (self->match);
}

/* Called once from the window's init, after the template. */
void
stern_window_setup_panel (SternWindow *self)
{
  self->header_narrow = TRUE;
  setup_toolbar (self);
  setup_panel (self);
}
