/* stern-rules-window.h: a window with a short summary of the rules.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define STERN_TYPE_RULES_WINDOW (stern_rules_window_get_type ())
G_DECLARE_FINAL_TYPE (SternRulesWindow, stern_rules_window, STERN, RULES_WINDOW, GtkWindow)

GtkWidget *stern_rules_window_new (void);

G_END_DECLS
