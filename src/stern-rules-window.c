/* stern-rules-window.c: a window with a short summary of the rules.
 *
 * The text lives in the template (ui/stern-rules-window.ui) so that it is
 * translated with the other interface strings.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "stern-rules-window.h"

struct _SternRulesWindow
{
  GtkWindow parent_instance;
};

G_DEFINE_FINAL_TYPE (SternRulesWindow, stern_rules_window, GTK_TYPE_WINDOW)

static void
stern_rules_window_class_init (SternRulesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sternhalma/Sternhalma/ui/stern-rules-window.ui");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
stern_rules_window_init (SternRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
stern_rules_window_new (void)
{
  return g_object_new (STERN_TYPE_RULES_WINDOW, NULL);
}
