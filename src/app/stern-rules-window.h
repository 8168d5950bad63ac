/* stern-rules-window.h: the rules help, one page per topic, illustrated
 * with boards drawn by the game's own board widget.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-compat.h"

G_BEGIN_DECLS

#define STERN_TYPE_RULES_WINDOW (stern_rules_window_get_type ())
STERN_DECLARE_DIALOG (SternRulesWindow, stern_rules_window, STERN, RULES_WINDOW)

/* Present it with stern_compat_dialog_present(). */
GtkWidget *stern_rules_window_new (void);

/* Shows the page of a topic ("board", "moves", "rays", "finishing", "home",
 * "limits", "notation", "variants", "presets", "playing"). */
void       stern_rules_window_set_page (SternRulesWindow *self, const char *name);
const char *stern_rules_window_get_page (SternRulesWindow *self);

G_END_DECLS
