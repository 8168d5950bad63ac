/* stern-application.c: the Sternhalma application.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-application.h"
#include "stern-rules-window.h"
#include "stern-window.h"

struct _SternApplication
{
  GtkApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (SternApplication, stern_application, GTK_TYPE_APPLICATION)

SternApplication *
stern_application_new (void)
{
  return g_object_new (STERN_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/sternhalma/Sternhalma",
                       NULL);
}

static void
stern_application_activate (GApplication *app)
{
  GtkWindow *window;

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (stern_window_new (STERN_APPLICATION (app)));

  gtk_window_present (window);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows;

  /* Closing (not destroying) lets each window save its size and stop
   * a thinking computer. */
  windows = g_list_copy (gtk_application_get_windows (app));
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);

  g_application_quit (G_APPLICATION (app));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *authors[] = { "The Sternhalma developers", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (app),
                         "program-name", _("Sternhalma"),
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Race your marbles across the star board"),
                         "website", "https://github.com/sternhalma/sternhalma",
                         "copyright", "© 2026 The Sternhalma developers",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         /* Translators: put your names here, one per line */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
rules_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (app);
  GtkWindow *rules = NULL;

  /* One rules window is enough: bring it back when it is already open. */
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (STERN_IS_RULES_WINDOW (l->data))
      rules = GTK_WINDOW (l->data);

  if (rules == NULL)
    {
      rules = GTK_WINDOW (stern_rules_window_new ());
      if (parent != NULL)
        gtk_window_set_transient_for (rules, parent);
      gtk_window_set_application (rules, app);
    }

  gtk_window_present (rules);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
  { "about", about_activated, NULL, NULL, NULL, { 0 } },
  { "rules", rules_activated, NULL, NULL, NULL, { 0 } },
};

static void
stern_application_startup (GApplication *app)
{
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.rules", { "F1", NULL } },
    { "win.new-game", { "<Control>n", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", NULL } },
    { "win.hint", { "h", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
  };
  g_autoptr(GtkCssProvider) css = NULL;

  G_APPLICATION_CLASS (stern_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app),
                                           accels[i].action, accels[i].accels);

  /* GtkApplication (unlike libadwaita) does not load style.css by itself. */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/sternhalma/Sternhalma/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  gtk_window_set_default_icon_name (APP_ID);
}

static void
stern_application_class_init (SternApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = stern_application_activate;
  app_class->startup = stern_application_startup;
}

static void
stern_application_init (SternApplication *self)
{
}
