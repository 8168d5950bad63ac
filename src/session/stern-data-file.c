/* stern-data-file.c: files in the data folder: the folder made, a file
 * written durably (through a link in its place), a damaged one kept aside.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "stern-data-file.h"

gboolean
stern_data_file_make_dir (const char *data_dir,
                          GError    **error)
{
  g_return_val_if_fail (data_dir != NULL, FALSE);

  if (g_mkdir_with_parents (data_dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not create %s: %s", data_dir, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

/* A user who keeps the save elsewhere, behind a link, keeps it there. */
char *
stern_data_file_target (const char *path)
{
  g_autofree char *link = NULL;
  g_autofree char *dir = NULL;
  char *real;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    return g_strdup (path);
  real = realpath (path, NULL);
  if (real != NULL)
    {
      char *copy = g_strdup (real);

      free (real);
      return copy;
    }
  /* A link to a file not there yet: created where it points. */
  link = g_file_read_link (path, NULL);
  if (link == NULL)
    return g_strdup (path);
  if (g_path_is_absolute (link))
    return g_steal_pointer (&link);
  dir = g_path_get_dirname (path);
  return g_build_filename (dir, link, NULL);
}

/* The folder's entry of a file just renamed into it, on the disk: after
 * a power cut the new save is there, not the old one or none. */
static gboolean
sync_folder_of (const char *path,
                GError    **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);

  if (fd < 0 || fsync (fd) != 0)
    {
      int saved_errno = errno;

      if (fd >= 0)
        g_close (fd, NULL);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not write %s to the disk: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }
  return g_close (fd, error);
}

gboolean
stern_data_file_write (const char *path,
                       const char *text,
                       gssize      len,
                       GError    **error)
{
  g_return_val_if_fail (path != NULL && text != NULL, FALSE);

  return g_file_set_contents_full (path, text, len,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   0600, error) &&
         sync_folder_of (path, error);
}

char *
stern_data_file_keep_aside (const char *path,
                            GError    **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  g_return_val_if_fail (path != NULL, NULL);

  /* Never over an older damaged copy: -2, -3, … when one has this name. */
  for (guint i = 1; i < 100; i++)
    {
      g_autofree char *aside = i == 1 ? g_strdup_printf ("%s.damaged-%s", path, stamp)
                                      : g_strdup_printf ("%s.damaged-%s-%u", path, stamp, i);

      if (g_file_test (aside, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK))
        continue;
      if (g_rename (path, aside) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _("Could not keep %s aside: %s"), path, g_strerror (saved_errno));
          return NULL;
        }
      return g_steal_pointer (&aside);
    }
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
               _("Could not keep %s aside: too many damaged copies"), path);
  return NULL;
}
