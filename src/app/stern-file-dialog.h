/* stern-file-dialog.h: choosing a game record to open or a file to save.
 *
 * GtkFileDialog on GTK 4.10 and later; GtkFileChooserNative (deprecated
 * there) on GTK 4.8.  Both offer "Game records (*.sgr)" and all files.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* file is NULL when the user cancelled. */
typedef void (*SternFileChosenFunc) (GFile *file, gpointer user_data);

/* The callback runs once; user_data is not referenced: pass an object with
 * g_object_ref() and release it in the callback. */
void stern_file_dialog_open (GtkWindow           *parent,
                             SternFileChosenFunc  callback,
                             gpointer             user_data);
void stern_file_dialog_save (GtkWindow           *parent,
                             const char          *initial_name,
                             SternFileChosenFunc  callback,
                             gpointer             user_data);

/* Where the dialogs start: the folder of the last file chosen in this
 * run, else the user's documents folder, else the home folder (never the
 * folder the game happened to be started from). */
GFile *stern_file_dialog_get_initial_folder (void);
/* Done by the dialogs when a file is chosen; public for the tests. */
void   stern_file_dialog_remember (GFile *chosen);

G_END_DECLS
