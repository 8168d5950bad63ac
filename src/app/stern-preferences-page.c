/* stern-preferences-page.c: the preferences, as a page of rows.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "stern-preferences-page.h"

struct _SternPreferencesPage
{
  AdwPreferencesPage parent_instance;

  /* Template widgets (a click anywhere on a row flips its switch: the
   * rows' activatable-widget) */
  GtkWidget *animations_switch;
  GtkWidget *coordinates_switch;
  GtkWidget *rotate_switch;
  GtkWidget *confirm_switch;
  GtkWidget *sounds_switch;
  GtkWidget *sounds_row;
  GtkWidget *name_entry;
  GtkWidget *animations_row;
  GtkWidget *coordinates_row;
  GtkWidget *rotate_row;
  GtkWidget *name_row;
  GtkWidget *confirm_row;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (SternPreferencesPage, stern_preferences_page, ADW_TYPE_PREFERENCES_PAGE)

static void
stern_preferences_page_dispose (GObject *object)
{
  SternPreferencesPage *self = STERN_PREFERENCES_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), STERN_TYPE_PREFERENCES_PAGE);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (stern_preferences_page_parent_class)->dispose (object);
}

static void
stern_preferences_page_class_init (SternPreferencesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_preferences_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sternhalma/Sternhalma/ui/stern-preferences-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, animations_switch);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, rotate_switch);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, confirm_switch);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, name_entry);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, animations_row);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, coordinates_row);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, rotate_row);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, name_row);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, confirm_row);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, sounds_switch);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesPage, sounds_row);
}

static void
stern_preferences_page_init (SternPreferencesPage *self)
{
  static const struct {
    const char *key;
    gsize       offset;
    const char *property;
  } bindings[] = {
    { "animations", G_STRUCT_OFFSET (SternPreferencesPage, animations_switch), "active" },
    { "show-coordinates", G_STRUCT_OFFSET (SternPreferencesPage, coordinates_switch), "active" },
    { "rotate-to-player", G_STRUCT_OFFSET (SternPreferencesPage, rotate_switch), "active" },
    { "confirm-fatal-moves", G_STRUCT_OFFSET (SternPreferencesPage, confirm_switch), "active" },
    { "player-name", G_STRUCT_OFFSET (SternPreferencesPage, name_entry), "text" },
    { "sounds", G_STRUCT_OFFSET (SternPreferencesPage, sounds_switch), "active" },
  };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);

  for (guint i = 0; i < G_N_ELEMENTS (bindings); i++)
    {
      GtkWidget *widget = G_STRUCT_MEMBER (GtkWidget *, self, bindings[i].offset);

      g_settings_bind (self->settings, bindings[i].key,
                       widget, bindings[i].property,
                       G_SETTINGS_BIND_DEFAULT);
    }
}

GtkWidget *
stern_preferences_page_new (void)
{
  return g_object_new (STERN_TYPE_PREFERENCES_PAGE, NULL);
}
