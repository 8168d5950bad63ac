/* stern-window-pause.c: when nobody's time runs in the game window: while
 * it is hidden or minimized, or a dialog (New Game, a question,
 * Statistics) is open over it or, from libadwaita 1.5 on, inside it.  The
 * player's own pause is the window's "paused" property (stern-window.c).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "stern-compat.h"
#include "stern-window-private.h"

static gboolean
window_shown (SternWindow *self)
{
  GdkSurface *surface;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    return FALSE;

  surface = gtk_native_get_surface (GTK_NATIVE (self));
  if (surface != NULL && GDK_IS_TOPLEVEL (surface) &&
      (gdk_toplevel_get_state (GDK_TOPLEVEL (surface)) & GDK_TOPLEVEL_STATE_MINIMIZED) != 0)
    return FALSE;

  return TRUE;
}

/* A modal window over this one (New Game, a question, Statistics...):
 * the player is busy with it, not with the game. */
static gboolean
modal_window_open (SternWindow *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = g_list_model_get_n_items (toplevels);

  /* From libadwaita 1.5 on a dialog is drawn inside the window. */
  if (stern_compat_get_visible_dialog (GTK_WINDOW (self)) != NULL)
    return TRUE;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window != GTK_WINDOW (self) && gtk_window_get_modal (window) &&
          gtk_window_get_transient_for (window) == GTK_WINDOW (self) &&
          gtk_widget_get_visible (GTK_WIDGET (window)))
        return TRUE;
    }
  return FALSE;
}

/* Nobody's time runs while the window is hidden or a modal window is
 * open over it. */
void
stern_window_update_paused (SternWindow *self)
{
  if (self->match != NULL)
    stern_match_set_paused (self->match, !window_shown (self) || modal_window_open (self));
}

/* Each new window is followed as it is shown and hidden. */
static void
on_toplevels_changed (SternWindow *self,
                      guint        position,
                      guint        removed,
                      guint        added,
                      GListModel  *toplevels)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window == GTK_WINDOW (self) || g_object_get_data (G_OBJECT (window), "stern-paused-by"))
        continue;
      g_object_set_data (G_OBJECT (window), "stern-paused-by", self);
      g_signal_connect_object (window, "notify::visible", G_CALLBACK (stern_window_update_paused),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (window, "notify::modal", G_CALLBACK (stern_window_update_paused),
                               self, G_CONNECT_SWAPPED);
    }
  stern_window_update_paused (self);
}

static void
on_mapped (SternWindow *self)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));

  /* Minimizing changes the surface's state, not the mapping. */
  if (surface != NULL && g_object_get_data (G_OBJECT (surface), "stern-window") == NULL)
    {
      g_object_set_data (G_OBJECT (surface), "stern-window", self);
      g_signal_connect_object (surface, "notify::state", G_CALLBACK (stern_window_update_paused),
                               self, G_CONNECT_SWAPPED);
    }
  stern_window_update_paused (self);
}

void
stern_window_follow_visibility (SternWindow *self)
{
  /* A modal window opened over this one stops the clocks too. */
  g_signal_connect_object (gtk_window_get_toplevels (), "items-changed",
                           G_CALLBACK (on_toplevels_changed), self, G_CONNECT_SWAPPED);
#if ADW_CHECK_VERSION (1, 5, 0)
  g_signal_connect (self, "notify::visible-dialog", G_CALLBACK (stern_window_update_paused), NULL);
#endif
  /* Shown, hidden, minimized: the clocks follow. */
  g_signal_connect (self, "map", G_CALLBACK (on_mapped), NULL);
  g_signal_connect (self, "unmap", G_CALLBACK (stern_window_update_paused), NULL);
}
