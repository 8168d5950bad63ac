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

G_END_DECLS
