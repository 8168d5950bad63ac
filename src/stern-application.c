/* stern-application.c: the Sternhalma application.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "sternhalma"

#include "config.h"

#include <glib/gi18n.h>

#include "stern-application.h"
#include "stern-preferences-window.h"
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
    {
      g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "sternhalma", NULL);

      window = GTK_WINDOW (stern_window_new (STERN_APPLICATION (app)));
      /* The game in progress and the rating are kept there. */
      stern_window_set_data_dir (STERN_WINDOW (window), dir);
      gtk_window_present (window);
      stern_window_offer_resume (STERN_WINDOW (window));
      return;
    }

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
  windows = NULL;   /* those already closed: compared, never used */
  for (;;)
    {
      GtkWindow *next = NULL;

      /* Closing a window can take others with it (destroy-with-parent):
       * look at the application's list afresh each time. */
      for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
        if (g_list_find (windows, l->data) == NULL)
          {
            next = GTK_WINDOW (l->data);
            break;
          }
      if (next == NULL)
        break;
      windows = g_list_prepend (windows, next);
      gtk_window_close (next);
      /* A game window that stayed asks first (moves not saved): the
       * answer decides. */
      if (STERN_IS_WINDOW (next) &&
          g_list_find (gtk_application_get_windows (app), next) != NULL)
        {
          g_list_free (windows);
          return;
        }
    }
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
  g_autofree char *issues_link = NULL;
  const char *issues[2] = { NULL, NULL };
  GtkWidget *about;

  about = gtk_about_dialog_new ();
  g_object_set (about,
                "transient-for", gtk_application_get_active_window (app),
                "modal", TRUE,
                "destroy-with-parent", TRUE,
                "program-name", _("Sternhalma"),
                "logo-icon-name", APP_ID,
                "version", PACKAGE_VERSION,
                "comments", _("Race your marbles across the star board"),
                "website", "https://github.com/sternhalma/sternhalma",
                "copyright", "© 2026 The Sternhalma developers",
                /* GPL 3.0 or later (GTK_LICENSE_GPL_3_0_ONLY is the other one) */
                "license-type", GTK_LICENSE_GPL_3_0,
                "authors", authors,
                /* Translators: put your names here, one per line */
                "translator-credits", _("translator-credits"),
                NULL);

  /* GtkAboutDialog has no issue-URL field (AdwAboutWindow has); a credit
   * section shows it as a link. */
  issues_link = g_strdup_printf ("<a href=\"%s\">%s</a>",
                                 "https://github.com/sternhalma/sternhalma/issues",
                                 _("Issue tracker"));
  issues[0] = issues_link;
  gtk_about_dialog_add_credit_section (GTK_ABOUT_DIALOG (about), _("Report Issues"), issues);

  gtk_window_present (GTK_WINDOW (about));
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

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *parent = NULL;
  GtkWindow *preferences = NULL;

  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (STERN_IS_PREFERENCES_WINDOW (l->data))
      preferences = GTK_WINDOW (l->data);
    else if (STERN_IS_WINDOW (l->data) && parent == NULL)
      parent = GTK_WINDOW (l->data);

  if (preferences == NULL)
    {
      /* Not modal: the board behind it shows each change at once. */
      preferences = GTK_WINDOW (stern_preferences_window_new (parent));
      gtk_window_set_application (preferences, app);
    }

  gtk_window_present (preferences);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
  { "preferences", preferences_activated, NULL, NULL, NULL, { 0 } },
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
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.new-game", { "<Control>n", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", NULL } },
    { "win.hint", { "h", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.replay-first", { "<Alt>Home", NULL } },
    { "win.replay-back", { "<Alt>Left", NULL } },
    { "win.replay-forward", { "<Alt>Right", NULL } },
    { "win.replay-last", { "<Alt>End", NULL } },
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
