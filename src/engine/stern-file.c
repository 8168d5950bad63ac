/* stern-file.c: a bounded reader for regular files.
 *
 * g_file_get_contents() follows a symbolic link to /dev/zero and reads
 * until memory runs out, and blocks forever on a FIFO.  Here the file is
 * opened without blocking, checked with fstat() on the descriptor that is
 * read (so nothing can be swapped in between), and read up to a cap.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-file.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#define READ_CHUNK 65536

static const char *
describe_mode (mode_t mode)
{
  if (S_ISDIR (mode))
    return "it is a folder";
  if (S_ISFIFO (mode))
    return "it is a named pipe (FIFO)";
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return "it is a device";
  if (S_ISSOCK (mode))
    return "it is a socket";
  return "it is not a regular file";
}

static void
set_errno_error (GError **error, const char *path, const char *doing, int saved_errno)
{
  g_autofree char *name = g_filename_display_name (path);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               "%s: cannot %s: %s", name, doing, g_strerror (saved_errno));
}

gboolean
stern_file_read (const char *path, gsize max_bytes, char **contents, gsize *length,
                 GError **error)
{
  g_autofree char *name = NULL;
  g_autoptr (GString) buf = NULL;
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL && contents != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* O_NONBLOCK: opening a FIFO with no writer returns at once. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      set_errno_error (error, path, "open it", errno);
      return FALSE;
    }
  if (fstat (fd, &st) != 0)
    {
      set_errno_error (error, path, "read it", errno);
      g_close (fd, NULL);
      return FALSE;
    }
  name = g_filename_display_name (path);
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, G_FILE_ERROR,
                   S_ISDIR (st.st_mode) ? G_FILE_ERROR_ISDIR : G_FILE_ERROR_INVAL,
                   "%s: not read, because %s; only regular files are read",
                   name, describe_mode (st.st_mode));
      g_close (fd, NULL);
      return FALSE;
    }
  if ((guint64) st.st_size > max_bytes)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   "%s: not read, because it is too big (%" G_GUINT64_FORMAT " bytes; at most %"
                   G_GSIZE_FORMAT ")", name, (guint64) st.st_size, max_bytes);
      g_close (fd, NULL);
      return FALSE;
    }

  /* The size may change while reading: stop one byte past the cap. */
  buf = g_string_sized_new ((gsize) st.st_size + 1);
  for (;;)
    {
      gsize want = MIN ((gsize) READ_CHUNK, max_bytes + 1 - buf->len);
      gsize old_len = buf->len;
      ssize_t got;

      g_string_set_size (buf, old_len + want);
      got = read (fd, buf->str + old_len, want);
      if (got < 0 && errno == EINTR)
        {
          g_string_set_size (buf, old_len);
          continue;
        }
      if (got < 0)
        {
          int saved_errno = errno;

          g_close (fd, NULL);
          set_errno_error (error, path, "read it", saved_errno);
          return FALSE;
        }
      g_string_set_size (buf, old_len + (gsize) got);
      if (got == 0)
        break;
      if (buf->len > max_bytes)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                       "%s: not read, because it is too big (more than %" G_GSIZE_FORMAT " bytes)",
                       name, max_bytes);
          g_close (fd, NULL);
          return FALSE;
        }
    }
  g_close (fd, NULL);

  if (length != NULL)
    *length = buf->len;
  *contents = g_string_free (g_steal_pointer (&buf), FALSE);
  return TRUE;
}
