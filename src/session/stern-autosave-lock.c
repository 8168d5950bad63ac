/* stern-autosave-lock.c: one game per data folder: the lock on
 * current-game.lock beside the autosave, shared by the matches of one
 * process.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "stern-data-file.h"
#include "stern-saved-game-private.h"

/* The locks this process holds, by data folder: flock() is per open
 * file, so a second match of the same process (a test, a second window)
 * shares the first one's instead of being locked out by it. */
typedef struct {
  int   fd;
  guint count;
} HeldLock;

static GMutex held_locks_mutex;
static GHashTable *held_locks;   /* lock path → HeldLock */

gboolean
stern_autosave_lock (const char  *data_dir,
                     GError     **error)
{
  g_autofree char *path = NULL;
  g_autoptr (GMutexLocker) locker = NULL;
  HeldLock *held;
  int fd;

  g_return_val_if_fail (data_dir != NULL, FALSE);

  if (!stern_data_file_make_dir (data_dir, error))
    return FALSE;
  path = g_build_filename (data_dir, "current-game.lock", NULL);
  locker = g_mutex_locker_new (&held_locks_mutex);
  if (held_locks == NULL)
    held_locks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  held = g_hash_table_lookup (held_locks, path);
  if (held != NULL)
    {
      held->count++;
      return TRUE;
    }

  fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not open %s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  /* flock(), not fcntl() locks: those let go when any descriptor of the
   * file is closed.  The kernel releases it when the process ends, however
   * it ends. */
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved_errno = errno;

      g_close (fd, NULL);
      if (saved_errno == EWOULDBLOCK)
        /* Translators: a clause, after "Your game can’t be saved: "; %s is
         * a folder */
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                     _("another copy of Sternhalma is playing the game saved in %s"), data_dir);
      else
        g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                     "Could not lock %s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  held = g_new0 (HeldLock, 1);
  held->fd = fd;
  held->count = 1;
  g_hash_table_insert (held_locks, g_steal_pointer (&path), held);
  return TRUE;
}

void
stern_autosave_unlock (const char *data_dir)
{
  g_autofree char *path = NULL;
  g_autoptr (GMutexLocker) locker = NULL;
  HeldLock *held;

  g_return_if_fail (data_dir != NULL);

  path = g_build_filename (data_dir, "current-game.lock", NULL);
  locker = g_mutex_locker_new (&held_locks_mutex);
  held = held_locks != NULL ? g_hash_table_lookup (held_locks, path) : NULL;
  g_return_if_fail (held != NULL);
  if (--held->count > 0)
    return;
  g_close (held->fd, NULL);
  g_hash_table_remove (held_locks, path);
}

/* Makes no lock file where there is none. */
gboolean
stern_autosave_held_elsewhere (const char *data_dir)
{
  g_autofree char *path = g_build_filename (data_dir, "current-game.lock", NULL);
  gboolean busy;
  int fd;

  {
    g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&held_locks_mutex);

    if (held_locks != NULL && g_hash_table_contains (held_locks, path))
      return FALSE;
  }
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW, 0);
  if (fd < 0)
    return FALSE;
  busy = flock (fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  g_close (fd, NULL);   /* lets go of it, if it was taken here */
  return busy;
}
