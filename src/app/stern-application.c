/* stern-application.c: the Sternhalma application.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-application.h"

#include "stern-accessible.h"
#include "stern-compat.h"
#include "stern-learn-window.h"
#include "stern-notation.h"
#include "stern-position-editor.h"
#include "stern-position-setup.h"
#include "stern-preferences-window.h"
#include "stern-rules-window.h"
#include "stern-window.h"
#ifdef STERN_HAVE_NETWORK
#include "stern-window-online.h"
#endif

struct _SternApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (SternApplication, stern_application, ADW_TYPE_APPLICATION)

SternApplication *
stern_application_new (void)
{
  return g_object_new (STERN_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/sternhalma/Sternhalma",
                       NULL);
}

/* The one place the application's windows are looked through for one of
 * a kind. */
static GtkWindow *
find_window (GtkApplication *app,
             GType           type)
{
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type))
      return GTK_WINDOW (l->data);
  return NULL;
}

SternWindow *
stern_application_get_current_window (SternApplication *self)
{
  g_return_val_if_fail (STERN_IS_APPLICATION (self), NULL);
  return (SternWindow *) find_window (GTK_APPLICATION (self), STERN_TYPE_WINDOW);
}

/* A window there is one of (Rules, Learn, the position editor): brought
 * back when it is already open, else made over parent.  One of our
 * dialogs (stern-compat.h) is shown inside parent from libadwaita 1.5 on,
 * and is then open when it is the dialog shown there. */
static GtkWidget *
present_single_window (GtkApplication *app,
                       GtkWindow      *parent,
                       GType           type)
{
  GtkWidget *shown = stern_compat_get_visible_dialog (parent);
  GtkWidget *window;

  if (shown != NULL && G_TYPE_CHECK_INSTANCE_TYPE (shown, type))
    return shown;
  window = (GtkWidget *) find_window (app, type);
  if (window == NULL)
    {
      window = g_object_new (type, NULL);
      if (g_type_is_a (type, STERN_TYPE_DIALOG_BASE))
        {
          stern_compat_dialog_present (window, parent, FALSE);
          /* A window of its own before 1.5: found again among the
           * application's. */
          if (GTK_IS_WINDOW (window))
            gtk_window_set_application (GTK_WINDOW (window), app);
          return window;
        }
      if (parent != NULL)
        gtk_window_set_transient_for (GTK_WINDOW (window), parent);
      gtk_window_set_application (GTK_WINDOW (window), app);
    }
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* The game window, made on the first call with the game left unfinished
 * on it. */
static SternWindow *
get_window (GApplication *app,
            gboolean     offer_tutorial)
{
  SternWindow *window = stern_application_get_current_window (STERN_APPLICATION (app));

  if (window == NULL)
    {
      g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "sternhalma", NULL);

      window = stern_window_new (STERN_APPLICATION (app));
      /* The game in progress and the rating are kept there. */
      stern_window_set_data_dir (window, dir);
      /* On the first start (nothing to continue) the tutorial is offered,
       * unless the game was started for a file or a link: that game
       * comes first. */
      if (!stern_window_offer_resume (window) && offer_tutorial)
        stern_window_offer_tutorial (window);
    }

  return window;
}

static void
stern_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (app, TRUE)));
}

/* `sternhalma FILE` and Files' double-click: the game in the file replaces
 * the one on the board (the unfinished one, on a first start) as the Open
 * menu does, and the toast's Undo brings that back.  One window, one game:
 * of several files the last one stays. */
#ifdef STERN_HAVE_NETWORK
static void
open_after_leaving (SternWindow *window,
                    gboolean     leave,
                    gpointer     data)
{
  if (leave)
    stern_window_open_file (window, G_FILE (data));
}
#endif

static void
open_game_file (GApplication *app,
                GFile        *file)
{
  SternWindow *window = get_window (app, FALSE);

  /* Shown first: an error about a file (or the question whether to leave
   * a seated online game) goes over it. */
  gtk_window_present (GTK_WINDOW (window));
#ifdef STERN_HAVE_NETWORK
  stern_window_leave_online_then (window, NULL, open_after_leaving, g_object_ref (file),
                                  g_object_unref);
#else
  stern_window_open_file (window, file);
#endif
}

/* Closing a window with a dialog over it closes the dialog instead
 * (libadwaita 1.5's dialog host): quitting closes the dialogs first.  A
 * dialog that keeps coming back would be a bug: the count bounds it. */
#define MAX_DIALOGS_CLOSED 16

static void
close_dialogs (GtkWindow *window)
{
  GtkWidget *dialog;

  for (guint i = 0; i < MAX_DIALOGS_CLOSED; i++)
    {
      dialog = stern_compat_get_visible_dialog (window);
      if (dialog == NULL)
        break;
      stern_compat_dialog_force_close (dialog);
    }
}

/* Lets go of the windows quit_activated closed: the dialogs first, so that
 * none outlives the window it is transient for. */
static void
release_closed (GList *windows)
{
  for (GList *l = windows; l != NULL; l = l->next)
    if (gtk_window_get_transient_for (l->data) != NULL)
      g_clear_object (&l->data);
  for (GList *l = windows; l != NULL; l = l->next)
    g_clear_object (&l->data);
  g_list_free (windows);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows;

  /* Closing (not destroying) lets each window save its size and stop
   * a thinking computer.  Each window is held while it is closed: a
   * closed window may be finalized at once, and a new one could then
   * take its address. */
  windows = NULL;   /* those already closed */
  for (;;)
    {
      GtkWindow *next = NULL;
      gboolean asks_first;

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
      windows = g_list_prepend (windows, g_object_ref (next));
      close_dialogs (next);
      gtk_window_close (next);
      /* A game window that stayed asks first (moves not saved): the
       * answer decides. */
      asks_first = STERN_IS_WINDOW (next) &&
                   g_list_find (gtk_application_get_windows (app), next) != NULL;
      if (asks_first)
        {
          release_closed (windows);
          return;
        }
    }
  release_closed (windows);

  g_application_quit (G_APPLICATION (app));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (app);
  static const char *developers[] = { "The Sternhalma developers", NULL };
  static const char *artists[] = { "The Sternhalma developers (marbles and icon)", NULL };
  static const char *rules[] = {
    "Bulgarian and Russian game tables (Chinese Checkers, Stern-Halma)", NULL
  };
  GtkWidget *about = stern_compat_about_new ();

  g_object_set (about,
                "application-name", _("Sternhalma"),
                "application-icon", APP_ID,
                "version", PACKAGE_VERSION,
                "developer-name", "The Sternhalma developers",
                "comments", _("Race your marbles across the star board"),
                "website", "https://github.com/sternhalma/sternhalma",
                "issue-url", "https://github.com/sternhalma/sternhalma/issues",
                "copyright", "© 2026 The Sternhalma developers",
                /* GPL 3.0 or later (GTK_LICENSE_GPL_3_0_ONLY is the other one) */
                "license-type", GTK_LICENSE_GPL_3_0,
                "developers", developers,
                "artists", artists,
                /* Translators: put your names here, one per line */
                "translator-credits", _("translator-credits"),
                NULL);
  /* Translators: a credit section of the About window */
  stern_compat_about_add_credit_section (about, _("Rules"), rules);
  stern_compat_dialog_present (about, parent, TRUE);
}

static void
rules_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  present_single_window (GTK_APPLICATION (user_data),
                         gtk_application_get_active_window (GTK_APPLICATION (user_data)),
                         STERN_TYPE_RULES_WINDOW);
}

/* Learn, over the game's window (made if there is none). */
static SternLearnWindow *
present_learn (GtkApplication *app)
{
  GtkWindow *parent = GTK_WINDOW (get_window (G_APPLICATION (app), FALSE));

  return STERN_LEARN_WINDOW (present_single_window (app, parent, STERN_TYPE_LEARN_WINDOW));
}

static void
learn_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  present_learn (GTK_APPLICATION (user_data));
}

static void
tutorial_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  stern_learn_window_start_tutorial (present_learn (GTK_APPLICATION (user_data)));
}

static void
position_editor_activated (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  present_single_window (GTK_APPLICATION (user_data),
                         gtk_application_get_active_window (GTK_APPLICATION (user_data)),
                         STERN_TYPE_POSITION_EDITOR);
}

/* A position (stern_notation_format_position) played in the game window,
 * made if there is none (as for a file): the human plays the side on
 * turn, the computer every other seat. */
static void
load_position_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  const SternVariant *variant = NULL;
  SternGameSetup setup = { 0 };
  SternWindow *window;
  SternPosition pos;
  SternGame *game;

  if (!stern_notation_parse_position (g_variant_get_string (parameter, NULL), &variant, &pos, NULL))
    return;
  setup.variant = variant;
  setup.preset = STERN_PRESET_TABLE;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    {
      setup.computer[s] = s != pos.to_move;
      setup.level[s] = STERN_LEVEL_MEDIUM;
    }
  game = stern_position_setup_new_game (variant, &pos, NULL);
  if (game == NULL)
    return;
  window = get_window (G_APPLICATION (user_data), FALSE);
  stern_window_load_game (window, game, &setup);
  gtk_window_present (GTK_WINDOW (window));
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *parent = (GtkWindow *) stern_application_get_current_window (STERN_APPLICATION (app));
  SternPreferencesWindow *preferences;

  /* One at a time: a dialog over the game window (libadwaita 1.5 on) that
   * is already there, or a window of its own (before), brought back. */
  if (STERN_IS_PREFERENCES_WINDOW (stern_compat_get_visible_dialog (parent)))
    return;
  preferences = (SternPreferencesWindow *) find_window (app, STERN_TYPE_PREFERENCES_WINDOW);
  if (preferences == NULL)
    {
      preferences = STERN_PREFERENCES_WINDOW (stern_preferences_window_new (parent));
      if (GTK_IS_WINDOW (preferences))
        gtk_window_set_application (GTK_WINDOW (preferences), app);
    }

  stern_preferences_window_present (preferences);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
  { "preferences", preferences_activated, NULL, NULL, NULL, { 0 } },
  { "about", about_activated, NULL, NULL, NULL, { 0 } },
  { "rules", rules_activated, NULL, NULL, NULL, { 0 } },
  { "learn", learn_activated, NULL, NULL, NULL, { 0 } },
  { "tutorial", tutorial_activated, NULL, NULL, NULL, { 0 } },
  { "position-editor", position_editor_activated, NULL, NULL, NULL, { 0 } },
  { "load-position", load_position_activated, "s", NULL, NULL, { 0 } },
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
    { "win.move-now", { "m", NULL } },
    { "win.pause", { "p", NULL } },
    { "win.analysis", { "a", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.replay-first", { "<Alt>Home", NULL } },
    { "win.replay-back", { "<Alt>Left", NULL } },
    { "win.replay-forward", { "<Alt>Right", NULL } },
    { "win.replay-last", { "<Alt>End", NULL } },
#if !ADW_CHECK_VERSION (1, 8, 0)
    /* AdwApplication 1.8 gives its app.shortcuts this key itself. */
    { "win.show-help-overlay", { "<Control>question", NULL } },
#endif
  };
  G_APPLICATION_CLASS (stern_application_parent_class)->startup (app);
  /* Every window's controls named for screen readers as GTK 4.8 does not. */
  stern_accessible_follow_application (GTK_APPLICATION (app));

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app),
                                           accels[i].action, accels[i].accels);

  /* AdwApplication loads style.css (and style-dark.css before libadwaita
   * 1.8) from the resource base path and follows the system's light or
   * dark style. */
  gtk_window_set_default_icon_name (APP_ID);
}

/* A sternhalma://HOST:PORT/CODE invitation link: the window joins the
 * room (doc/protocol.md, "The flow of a game"). */
static void
open_invitation (GApplication *app,
                 GFile        *file)
{
  g_autofree char *link = g_file_get_uri (file);
  SternWindow *window = stern_application_get_current_window (STERN_APPLICATION (app));

  if (window == NULL)
    {
      g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "sternhalma", NULL);

      /* As activate does, without the offer to continue a saved game:
       * the invitation is what was asked for, and the saved game stays
       * on disk for the next start. */
      window = stern_window_new (STERN_APPLICATION (app));
      stern_match_set_autosave_held (stern_window_get_match (window), TRUE);
      stern_window_set_data_dir (window, dir);
#ifdef STERN_HAVE_NETWORK
      /* Should the room not be reached, the saved game is offered then. */
      g_object_set_data (G_OBJECT (window), STERN_WINDOW_OFFER_RESUME_KEY, GINT_TO_POINTER (TRUE));
#endif
    }
  gtk_window_present (GTK_WINDOW (window));

#ifdef STERN_HAVE_NETWORK
  stern_window_open_invitation (window, link);
#else
  g_warning ("Cannot open %s: this build has no network play", link);
#endif
}

/* Game records (files) and invitation links (sternhalma://…). */
static void
stern_application_open (GApplication  *app,
                        GFile        **files,
                        gint           n_files,
                        const char    *hint)
{
  for (gint i = 0; i < n_files; i++)
    if (g_file_has_uri_scheme (files[i], "sternhalma"))
      open_invitation (app, files[i]);
    else
      open_game_file (app, files[i]);
}

static void
stern_application_class_init (SternApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  app_class->activate = stern_application_activate;
  app_class->open = stern_application_open;
  app_class->startup = stern_application_startup;
}

static void
stern_application_init (SternApplication *self)
{
}
