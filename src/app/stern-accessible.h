/* stern-accessible.h: names a screen reader can say, where GTK 4.8's
 * own are wrong.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Goes through root and everything inside it and fixes the names GTK 4.8
 * gets wrong: a button with a mnemonic label is named by the label with
 * its underscore and then by the label again ("_Join Join"); a drop-down's
 * inner button is named after its class (GtkToggleButton) unless a label
 * of the same parent points at it with its mnemonic; a combo row's list
 * of choices is named after its class.  Call it again after
 * adding controls. */
void stern_accessible_fix_names (GtkWidget *root);

/* Fixes the names of every window when it is shown (from the start of
 * app on). */
void stern_accessible_follow_application (GtkApplication *app);

/* Names a button otherwise than by the words on it (a "Join" that says
 * which room it joins). */
void stern_accessible_name_button (GtkWidget *button, const char *name);

/* Names a drop-down and the button inside it that a screen reader reads. */
void stern_accessible_name_drop_down (GtkDropDown *drop, const char *name);
/* Names a flow box of buttons, and each of its children after the button
 * (or label) it holds: GTK names them after their classes. */
void stern_accessible_name_flow_box (GtkFlowBox *box, const char *name);

G_END_DECLS
