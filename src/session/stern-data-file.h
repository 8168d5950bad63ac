/* stern-data-file.h: files in the data folder, written so that a kill or a
 * power cut leaves the old file or the new one, and a damaged one kept
 * aside rather than overwritten.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Creates the data folder (and its parents) when missing, for this user
 * only. */
gboolean   stern_data_file_make_dir   (const char *data_dir,
                                       GError    **error);
/* Where a file at path is written: through a symbolic link in its place,
 * to the file the link names (also one not there yet). */
char      *stern_data_file_target     (const char *path);
/* Writes text (len bytes, or up to its NUL when -1) to a temporary file,
 * syncs it and renames it over path, then syncs the folder: a write
 * reported done survives a power cut. */
gboolean   stern_data_file_write      (const char *path,
                                       const char *text,
                                       gssize      len,
                                       GError    **error);
/* Renames a damaged data file to path.damaged-YYYYMMDD-HHMMSS (or -2, -3,
 * … after it) and returns the new path; NULL with error when it fails. */
char      *stern_data_file_keep_aside (const char *path,
                                       GError    **error);

G_END_DECLS
