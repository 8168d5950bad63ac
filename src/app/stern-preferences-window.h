/* stern-preferences-window.h: the Preferences: an AdwPreferencesWindow
 * (libadwaita 1.2 to 1.4) or an AdwPreferencesDialog (1.5 and later)
 * showing a SternPreferencesPage.  Not modal: the board behind it shows
 * each change at once.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "stern-preferences-page.h"

G_BEGIN_DECLS

#define STERN_TYPE_PREFERENCES_WINDOW (stern_preferences_window_get_type ())
#if ADW_CHECK_VERSION (1, 5, 0)
G_DECLARE_FINAL_TYPE (SternPreferencesWindow, stern_preferences_window, STERN, PREFERENCES_WINDOW, AdwPreferencesDialog)
#else
G_DECLARE_FINAL_TYPE (SternPreferencesWindow, stern_preferences_window, STERN, PREFERENCES_WINDOW, AdwPreferencesWindow)
#endif

/* parent: the game window it belongs to (it goes with it). */
GtkWidget *stern_preferences_window_new (GtkWindow *parent);
/* Shows it over the parent given to new(). */
void       stern_preferences_window_present (SternPreferencesWindow *self);
SternPreferencesPage *stern_preferences_window_get_page (SternPreferencesWindow *self);

G_END_DECLS
