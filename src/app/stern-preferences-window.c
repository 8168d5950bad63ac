/* stern-preferences-window.c: the Preferences window or dialog.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "stern-preferences-window.h"

#include "stern-compat.h"

struct _SternPreferencesWindow
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwPreferencesDialog  parent_instance;
#else
  AdwPreferencesWindow  parent_instance;
#endif

  SternPreferencesPage *page;
  GtkWindow            *parent;   /* weak */
};

#if ADW_CHECK_VERSION (1, 5, 0)
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
G_DEFINE_FINAL_TYPE (SternPreferencesWindow, stern_preferences_window, ADW_TYPE_PREFERENCES_DIALOG)
G_GNUC_END_IGNORE_DEPRECATIONS
#else
G_DEFINE_FINAL_TYPE (SternPreferencesWindow, stern_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)
#endif

static void
stern_preferences_window_dispose (GObject *object)
{
  SternPreferencesWindow *self = STERN_PREFERENCES_WINDOW (object);

  g_clear_weak_pointer (&self->parent);

  G_OBJECT_CLASS (stern_preferences_window_parent_class)->dispose (object);
}

static void
stern_preferences_window_class_init (SternPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stern_preferences_window_dispose;
}

static void
stern_preferences_window_init (SternPreferencesWindow *self)
{
  self->page = STERN_PREFERENCES_PAGE (stern_preferences_page_new ());
#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  adw_preferences_dialog_add (ADW_PREFERENCES_DIALOG (self), ADW_PREFERENCES_PAGE (self->page));
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), ADW_PREFERENCES_PAGE (self->page));
#endif
}

GtkWidget *
stern_preferences_window_new (GtkWindow *parent)
{
  SternPreferencesWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  /* Five settings: nothing to search. */
  self = g_object_new (STERN_TYPE_PREFERENCES_WINDOW,
                       "search-enabled", FALSE,
                       NULL);
  g_set_weak_pointer (&self->parent, parent);
  return GTK_WIDGET (self);
}

void
stern_preferences_window_present (SternPreferencesWindow *self)
{
  g_return_if_fail (STERN_IS_PREFERENCES_WINDOW (self));

  /* Not modal: the board behind it shows each change at once. */
  stern_compat_dialog_present (GTK_WIDGET (self), self->parent, FALSE);
}

SternPreferencesPage *
stern_preferences_window_get_page (SternPreferencesWindow *self)
{
  g_return_val_if_fail (STERN_IS_PREFERENCES_WINDOW (self), NULL);
  return self->page;
}
