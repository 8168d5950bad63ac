/* stern-compat.c: the dialogs' two toolkits in one place (stern-compat.h).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "stern-compat.h"

/* Newer than the libadwaita 1.2 the build is pinned to: each call is
 * behind its version check. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS

GType
stern_compat_dialog_base_get_type (void)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return ADW_TYPE_DIALOG;
#else
  return ADW_TYPE_WINDOW;
#endif
}

void
stern_compat_dialog_class_set_template (GtkWidgetClass *widget_class,
                                        const char     *resource)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;

  g_return_if_fail (GTK_IS_WIDGET_CLASS (widget_class));
  g_return_if_fail (resource != NULL);

  bytes = g_resources_lookup_data (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    g_error ("The dialog's template %s is not in the resources: %s", resource, error->message);
#if ADW_CHECK_VERSION (1, 5, 0)
  {
    g_autoptr (GString) text = g_string_new_len (g_bytes_get_data (bytes, NULL),
                                                 (gssize) g_bytes_get_size (bytes));

    /* GtkBuilder wants the template's parent to be the class's own. */
    if (g_string_replace (text, "parent=\"AdwWindow\"", "parent=\"AdwDialog\"", 1) != 1)
      g_error ("The dialog's template %s does not name AdwWindow as its parent", resource);
    g_clear_pointer (&bytes, g_bytes_unref);
    bytes = g_string_free_to_bytes (g_steal_pointer (&text));
  }
#endif
  gtk_widget_class_set_template (widget_class, bytes);
}

void
stern_compat_dialog_class_init (GtkWidgetClass *widget_class)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  (void) widget_class;
#else
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
#endif
}

void
stern_compat_dialog_set_size (GtkWidget *dialog,
                              int        width,
                              int        height)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_set_content_width (ADW_DIALOG (dialog), width);
  adw_dialog_set_content_height (ADW_DIALOG (dialog), height);
#else
  gtk_window_set_default_size (GTK_WINDOW (dialog), width, height);
#endif
}

void
stern_compat_dialog_set_child (GtkWidget *dialog,
                               GtkWidget *child)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));
  g_return_if_fail (GTK_IS_WIDGET (child));

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_set_child (ADW_DIALOG (dialog), child);
#else
  adw_window_set_content (ADW_WINDOW (dialog), child);
#endif
}

void
stern_compat_dialog_set_content (GtkWidget *dialog,
                                 GtkWidget *content)
{
  GtkWidget *box;

  g_return_if_fail (GTK_IS_WIDGET (dialog));
  g_return_if_fail (GTK_IS_WIDGET (content));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), content);
  stern_compat_dialog_set_child (dialog, box);
}

void
stern_compat_dialog_set_default (GtkWidget *dialog,
                                 GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));
  g_return_if_fail (GTK_IS_WIDGET (widget));

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_set_default_widget (ADW_DIALOG (dialog), widget);
  adw_dialog_set_focus (ADW_DIALOG (dialog), widget);
#else
  gtk_window_set_default_widget (GTK_WINDOW (dialog), widget);
  gtk_window_set_focus (GTK_WINDOW (dialog), widget);
#endif
}

void
stern_compat_dialog_close (GtkWidget *dialog)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));

#if ADW_CHECK_VERSION (1, 5, 0)
  /* One never presented has no window to leave: it is let go of, as a
   * window of its own would be. */
  if (gtk_widget_get_parent (dialog) == NULL)
    stern_compat_dialog_force_close (dialog);
  else
    adw_dialog_close (ADW_DIALOG (dialog));
#else
  gtk_window_close (GTK_WINDOW (dialog));
#endif
}

void
stern_compat_dialog_present (GtkWidget *dialog,
                             GtkWindow *parent,
                             gboolean   modal)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

#if ADW_CHECK_VERSION (1, 5, 0)
  (void) modal;
  adw_dialog_present (ADW_DIALOG (dialog), parent != NULL ? GTK_WIDGET (parent) : NULL);
#else
  g_object_set (dialog,
                "transient-for", parent,
                "modal", modal,
                "destroy-with-parent", TRUE,
                NULL);
  gtk_window_present (GTK_WINDOW (dialog));
#endif
}

GtkWidget *
stern_compat_get_visible_dialog (GtkWindow *window)
{
  g_return_val_if_fail (window == NULL || GTK_IS_WINDOW (window), NULL);

#if ADW_CHECK_VERSION (1, 5, 0)
  if (ADW_IS_APPLICATION_WINDOW (window))
    return (GtkWidget *) adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
#endif
  return NULL;
}

void
stern_compat_dialog_force_close (GtkWidget *dialog)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));

#if ADW_CHECK_VERSION (1, 5, 0)
  /* One never presented is only ours (floating) to let go of. */
  if (gtk_widget_get_parent (dialog) != NULL)
    adw_dialog_force_close (ADW_DIALOG (dialog));
  else if (g_object_is_floating (dialog))
    g_object_unref (g_object_ref_sink (dialog));
#else
  gtk_window_destroy (GTK_WINDOW (dialog));
#endif
}

GtkWidget *
stern_compat_spinner_new (const char *tooltip)
{
  GtkWidget *spinner;

  g_return_val_if_fail (tooltip != NULL, NULL);

#if ADW_CHECK_VERSION (1, 6, 0)
  spinner = adw_spinner_new ();
#else
  spinner = gtk_spinner_new ();
  gtk_spinner_start (GTK_SPINNER (spinner));
#endif
  gtk_widget_set_tooltip_text (spinner, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spinner),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip,
                                  -1);
  return spinner;
}

GtkWidget *
stern_compat_about_new (void)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return GTK_WIDGET (adw_about_dialog_new ());
#else
  return adw_about_window_new ();
#endif
}

void
stern_compat_about_add_credit_section (GtkWidget   *about,
                                       const char  *name,
                                       const char **people)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_about_dialog_add_credit_section (ADW_ABOUT_DIALOG (about), name, people);
#else
  adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), name, people);
#endif
}

G_GNUC_END_IGNORE_DEPRECATIONS
