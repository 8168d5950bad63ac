/* stern-preferences-window.h: the Preferences window.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define STERN_TYPE_PREFERENCES_WINDOW (stern_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (SternPreferencesWindow, stern_preferences_window, STERN, PREFERENCES_WINDOW, GtkWindow)

/* The controls write straight to GSettings: the game window follows them
 * while the preferences are open. */
GtkWidget *stern_preferences_window_new (GtkWindow *parent);

G_END_DECLS
