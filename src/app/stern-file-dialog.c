/* stern-file-dialog.c: choosing a game record to open or a file to save.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-file-dialog.h"

typedef struct {
  SternFileChosenFunc callback;
  gpointer            user_data;
} Chosen;

/* The folder of the last file chosen; one per process, as the user
 * thinks of "where I was". */
static GFile *last_folder;

GFile *
stern_file_dialog_get_initial_folder (void)
{
  const char *documents;

  if (last_folder != NULL)
    return g_object_ref (last_folder);
  documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (documents);
  return g_file_new_for_path (g_get_home_dir ());
}

void
stern_file_dialog_remember (GFile *chosen)
{
  g_return_if_fail (G_IS_FILE (chosen));

  g_clear_object (&last_folder);
  last_folder = g_file_get_parent (chosen);
}

static GListStore *
make_filters (GtkFileFilter **records)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  GtkFileFilter *all;

  *records = gtk_file_filter_new ();
  gtk_file_filter_set_name (*records, _("Game records"));
  /* The type Files knows them by (data/…mime.xml.in), and the name for
   * where it is not installed (the game run from its build tree). */
  gtk_file_filter_add_mime_type (*records, "application/x-sternhalma-game");
  gtk_file_filter_add_pattern (*records, "*.sgr");
  g_list_store_append (filters, *records);
  /* The store keeps it; the caller borrows it. */
  g_object_unref (*records);

  all = gtk_file_filter_new ();
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, all);
  g_object_unref (all);

  return filters;
}

#if GTK_CHECK_VERSION (4, 10, 0)
G_GNUC_BEGIN_IGNORE_DEPRECATIONS

static void
dialog_done (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  GtkFileDialog *dialog = GTK_FILE_DIALOG (source);
  g_autofree Chosen *chosen = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;

  if (g_object_get_data (source, "stern-save") != NULL)
    file = gtk_file_dialog_save_finish (dialog, result, &error);
  else
    file = gtk_file_dialog_open_finish (dialog, result, &error);

  if (file == NULL && error != NULL &&
      !g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED) &&
      !g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED))
    g_message ("File dialog: %s", error->message);

  if (file != NULL)
    stern_file_dialog_remember (file);
  chosen->callback (file, chosen->user_data);
}

static void
run (GtkWindow           *parent,
     gboolean             save,
     const char          *initial_name,
     SternFileChosenFunc  callback,
     gpointer             user_data)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr (GListStore) filters = NULL;
  GtkFileFilter *records;
  Chosen *chosen = g_new0 (Chosen, 1);

  chosen->callback = callback;
  chosen->user_data = user_data;

  filters = make_filters (&records);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, records);
  gtk_file_dialog_set_modal (dialog, TRUE);
  {
    g_autoptr (GFile) folder = stern_file_dialog_get_initial_folder ();

    gtk_file_dialog_set_initial_folder (dialog, folder);
  }

  if (save)
    {
      g_object_set_data (G_OBJECT (dialog), "stern-save", GINT_TO_POINTER (1));
      gtk_file_dialog_set_title (dialog, _("Save Game"));
      gtk_file_dialog_set_initial_name (dialog, initial_name);
      gtk_file_dialog_save (dialog, parent, NULL, dialog_done, chosen);
    }
  else
    {
      gtk_file_dialog_set_title (dialog, _("Open Game"));
      gtk_file_dialog_open (dialog, parent, NULL, dialog_done, chosen);
    }
}

G_GNUC_END_IGNORE_DEPRECATIONS
#else /* GTK 4.8: GtkFileChooserNative, not yet deprecated */

static void
native_response (GtkNativeDialog *native,
                 int              response,
                 gpointer         data)
{
  g_autofree Chosen *chosen = data;
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (file != NULL)
    stern_file_dialog_remember (file);

  gtk_native_dialog_destroy (native);
  chosen->callback (file, chosen->user_data);
  g_object_unref (native);
}

static void
run (GtkWindow           *parent,
     gboolean             save,
     const char          *initial_name,
     SternFileChosenFunc  callback,
     gpointer             user_data)
{
  GtkFileChooserNative *native;
  g_autoptr (GListStore) filters = NULL;
  GtkFileFilter *records;
  Chosen *chosen = g_new0 (Chosen, 1);
  guint n;

  chosen->callback = callback;
  chosen->user_data = user_data;

  native = gtk_file_chooser_native_new (save ? _("Save Game") : _("Open Game"),
                                        parent,
                                        save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                             : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        save ? _("_Save") : _("_Open"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);

  filters = make_filters (&records);
  n = g_list_model_get_n_items (G_LIST_MODEL (filters));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GtkFileFilter) filter = g_list_model_get_item (G_LIST_MODEL (filters), i);

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
    }
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), records);
  {
    g_autoptr (GFile) folder = stern_file_dialog_get_initial_folder ();
    g_autoptr (GError) error = NULL;

    if (!gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, &error))
      g_message ("File dialog: %s", error->message);
  }
  if (save && initial_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), initial_name);

  g_signal_connect (native, "response", G_CALLBACK (native_response), chosen);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

#endif

void
stern_file_dialog_open (GtkWindow           *parent,
                        SternFileChosenFunc  callback,
                        gpointer             user_data)
{
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (callback != NULL);

  run (parent, FALSE, NULL, callback, user_data);
}

void
stern_file_dialog_save (GtkWindow           *parent,
                        const char          *initial_name,
                        SternFileChosenFunc  callback,
                        gpointer             user_data)
{
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (callback != NULL);

  run (parent, TRUE, initial_name, callback, user_data);
}
