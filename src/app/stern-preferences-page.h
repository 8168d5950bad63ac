/* stern-preferences-page.h: the preferences, as a page of rows.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define STERN_TYPE_PREFERENCES_PAGE (stern_preferences_page_get_type ())
G_DECLARE_FINAL_TYPE (SternPreferencesPage, stern_preferences_page, STERN, PREFERENCES_PAGE, AdwPreferencesPage)

/* The controls write straight to GSettings: the game window follows them. */
GtkWidget *stern_preferences_page_new (void);

G_END_DECLS
