/* stern-save-banner.c: the bar above the board about saving and damaged
 * data.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-save-banner.h"

struct _SternSaveBanner
{
  GtkWidget    parent_instance;

  GtkRevealer *revealer;
  GtkLabel    *label;
  GtkWidget   *save_as_button;
  GtkWidget   *close_button;
};

G_DEFINE_FINAL_TYPE (SternSaveBanner, stern_save_banner, GTK_TYPE_WIDGET)

enum {
  SIGNAL_CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

char *
stern_save_banner_describe_error (const GError *error,
                                  const char   *folder)
{
  g_autofree char *shown = folder != NULL ? g_filename_display_name (folder) : NULL;

  g_return_val_if_fail (error != NULL, NULL);

  /* The folder named: the user must find it to make room or fix it. */
  if (error->domain == G_FILE_ERROR)
    switch (error->code)
      {
      case G_FILE_ERROR_NOSPC:
        if (shown != NULL)
          /* Translators: %s is a folder */
          return g_strdup_printf (_("the disk holding %s is full"), shown);
        return g_strdup (_("the disk is full"));
      case G_FILE_ERROR_ACCES:
      case G_FILE_ERROR_PERM:
      case G_FILE_ERROR_ROFS:
        if (shown != NULL)
          /* Translators: %s is a folder */
          return g_strdup_printf (_("the folder %s cannot be written to"), shown);
        return g_strdup (_("the folder cannot be written to"));
      case G_FILE_ERROR_ISDIR:
        return g_strdup (_("a folder is in the place of the file"));
      default:
        break;
      }
  return g_strdup (error->message);
}

static void
show (SternSaveBanner *self,
      const char      *text,
      const char      *tooltip,
      gboolean         save_as)
{
  gtk_label_set_label (self->label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->label), tooltip);
  gtk_widget_set_visible (self->save_as_button, save_as);
  /* A failed save stays until a save succeeds: no Close. */
  gtk_widget_set_visible (self->close_button, !save_as);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  gtk_revealer_set_reveal_child (self->revealer, TRUE);
}

void
stern_save_banner_show_save_error (SternSaveBanner *self,
                                   const GError    *error,
                                   const char      *folder)
{
  g_autofree char *reason = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (STERN_IS_SAVE_BANNER (self));
  g_return_if_fail (error != NULL);

  reason = stern_save_banner_describe_error (error, folder);
  /* Translators: %s is the reason, such as "the disk is full" */
  text = g_strdup_printf (_("Your game can’t be saved: %s"), reason);
  show (self, text, error->message, TRUE);
}

void
stern_save_banner_show_notice (SternSaveBanner *self,
                               const char      *text)
{
  g_return_if_fail (STERN_IS_SAVE_BANNER (self));
  g_return_if_fail (text != NULL);

  show (self, text, NULL, FALSE);
}

void
stern_save_banner_hide (SternSaveBanner *self)
{
  g_return_if_fail (STERN_IS_SAVE_BANNER (self));

  gtk_revealer_set_reveal_child (self->revealer, FALSE);
  /* Hidden, not just folded: screen readers would still find it. */
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

gboolean
stern_save_banner_is_shown (SternSaveBanner *self)
{
  g_return_val_if_fail (STERN_IS_SAVE_BANNER (self), FALSE);

  return gtk_revealer_get_reveal_child (self->revealer);
}

const char *
stern_save_banner_get_text (SternSaveBanner *self)
{
  g_return_val_if_fail (STERN_IS_SAVE_BANNER (self), NULL);

  return gtk_label_get_label (self->label);
}

static void
on_close_clicked (SternSaveBanner *self)
{
  stern_save_banner_hide (self);
  g_signal_emit (self, signals[SIGNAL_CLOSED], 0);
}

static void
stern_save_banner_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), STERN_TYPE_SAVE_BANNER);

  G_OBJECT_CLASS (stern_save_banner_parent_class)->dispose (object);
}

static void
stern_save_banner_class_init (SternSaveBannerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_save_banner_dispose;

  /* "closed" (): the user closed a notice. */
  signals[SIGNAL_CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sternhalma/Sternhalma/ui/stern-save-banner.ui");
  gtk_widget_class_bind_template_child (widget_class, SternSaveBanner, revealer);
  gtk_widget_class_bind_template_child (widget_class, SternSaveBanner, label);
  gtk_widget_class_bind_template_child (widget_class, SternSaveBanner, save_as_button);
  gtk_widget_class_bind_template_child (widget_class, SternSaveBanner, close_button);
  gtk_widget_class_bind_template_callback (widget_class, on_close_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "sternsavebanner");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
stern_save_banner_init (SternSaveBanner *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
