/* temp-dir-util.c: a temporary folder for a test, and its removal.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "temp-dir-util"

#include "temp-dir-util.h"

#include <glib/gstdio.h>

char *
temp_dir_new (const char *tmpl)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp (tmpl, &error);

  g_assert_no_error (error);
  return dir;
}

void
temp_dir_remove (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      /* A link to a folder is removed, not what it points to. */
      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        temp_dir_remove (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}
