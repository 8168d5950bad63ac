/* stern-preferences-window.c: the Preferences window.
 *
 * Every control is bound to its GSettings key, so there is nothing to apply:
 * the game window listens to the same keys and changes at once, and its
 * menu toggles (actions made from the same keys) stay in step.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "sternhalma"

#include "config.h"

#include "stern-preferences-window.h"

struct _SternPreferencesWindow
{
  GtkWindow parent_instance;

  /* Template widgets */
  GtkListBox *board_list;
  GtkListBox *playing_list;
  GtkWidget  *animations_row;
  GtkWidget  *animations_switch;
  GtkWidget  *coordinates_row;
  GtkWidget  *coordinates_switch;
  GtkWidget  *rotate_row;
  GtkWidget  *rotate_switch;
  GtkWidget  *confirm_row;
  GtkWidget  *confirm_switch;
  GtkWidget  *name_entry;

  GSettings  *settings;
};

G_DEFINE_FINAL_TYPE (SternPreferencesWindow, stern_preferences_window, GTK_TYPE_WINDOW)

/* A click anywhere on a switch's row flips the switch, as in GNOME's own
 * preferences. */
static void
on_row_activated (SternPreferencesWindow *self,
                  GtkListBoxRow          *row,
                  GtkListBox             *list)
{
  const struct {
    GtkWidget *row;
    GtkWidget *toggle;
  } rows[] = {
    { self->animations_row, self->animations_switch },
    { self->coordinates_row, self->coordinates_switch },
    { self->rotate_row, self->rotate_switch },
    { self->confirm_row, self->confirm_switch },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (rows[i].row == GTK_WIDGET (row))
      {
        GtkSwitch *toggle = GTK_SWITCH (rows[i].toggle);

        gtk_switch_set_active (toggle, !gtk_switch_get_active (toggle));
        break;
      }
}

static void
stern_preferences_window_dispose (GObject *object)
{
  SternPreferencesWindow *self = STERN_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), STERN_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (stern_preferences_window_parent_class)->dispose (object);
}

static void
stern_preferences_window_class_init (SternPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sternhalma/Sternhalma/ui/stern-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesWindow, board_list);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesWindow, playing_list);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesWindow, animations_row);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesWindow, animations_switch);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesWindow, coordinates_row);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesWindow, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesWindow, rotate_row);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesWindow, rotate_switch);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesWindow, confirm_row);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesWindow, confirm_switch);
  gtk_widget_class_bind_template_child (widget_class, SternPreferencesWindow, name_entry);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
stern_preferences_window_init (SternPreferencesWindow *self)
{
  static const struct {
    const char *key;
    gsize       offset;
    const char *property;
  } bindings[] = {
    { "animations", G_STRUCT_OFFSET (SternPreferencesWindow, animations_switch), "active" },
    { "show-coordinates", G_STRUCT_OFFSET (SternPreferencesWindow, coordinates_switch), "active" },
    { "rotate-to-player", G_STRUCT_OFFSET (SternPreferencesWindow, rotate_switch), "active" },
    { "confirm-fatal-moves", G_STRUCT_OFFSET (SternPreferencesWindow, confirm_switch), "active" },
    { "player-name", G_STRUCT_OFFSET (SternPreferencesWindow, name_entry), "text" },
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

  g_signal_connect_object (self->board_list, "row-activated",
                           G_CALLBACK (on_row_activated), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->playing_list, "row-activated",
                           G_CALLBACK (on_row_activated), self, G_CONNECT_SWAPPED);
}

GtkWidget *
stern_preferences_window_new (GtkWindow *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  return g_object_new (STERN_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       NULL);
}
