/* The safe file reader (stern-file.h): regular files only, a size cap,
 * never blocking.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "stern-file.h"

typedef struct {
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("stern-file-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autoptr (GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
}

static void
expect_refused (const char *path, gsize max_bytes, GFileError code, const char *reason)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gint64 start = g_get_monotonic_time ();

  g_assert_false (stern_file_read (path, max_bytes, &contents, NULL, &error));
  g_assert_null (contents);
  g_assert_error (error, G_FILE_ERROR, (gint) code);
  /* The message names the file and the reason. */
  g_assert_true (g_str_has_prefix (error->message, path));
  if (strstr (error->message, reason) == NULL)
    g_error ("%s: error \"%s\" does not say \"%s\"", path, error->message, reason);
  /* At once: nothing was waited for or read first. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
}

static void
test_regular (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "game.sgr", NULL);
  g_autofree char *link = g_build_filename (f->dir, "link.sgr", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL, *again = NULL;
  gsize length = 0;

  g_assert_true (g_file_set_contents (path, "[Variant \"classic-2\"]\n", -1, NULL));
  g_assert_true (stern_file_read (path, 1000, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, "[Variant \"classic-2\"]\n");
  g_assert_cmpuint (length, ==, strlen (contents));

  /* A link to a regular file is fine; so is a file exactly at the cap. */
  g_assert_cmpint (symlink (path, link), ==, 0);
  g_assert_true (stern_file_read (link, length, &again, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, contents);
}

static void
test_too_big (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "big.sgr", NULL);

  g_assert_true (g_file_set_contents (path, "0123456789", -1, NULL));
  expect_refused (path, 9, G_FILE_ERROR_FAILED, "too big");
}

static void
test_not_regular (Fixture *f, gconstpointer data)
{
  g_autofree char *fifo = g_build_filename (f->dir, "fifo", NULL);
  g_autofree char *zero = g_build_filename (f->dir, "zero", NULL);
  g_autofree char *to_dir = g_build_filename (f->dir, "dir-link", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "missing.sgr", NULL);

  /* A FIFO with no writer: blocking here would hang the test. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  expect_refused (fifo, STERN_RECORD_MAX_BYTES, G_FILE_ERROR_INVAL, "named pipe");
  expect_refused ("/dev/zero", STERN_RECORD_MAX_BYTES, G_FILE_ERROR_INVAL, "device");
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  expect_refused (zero, STERN_RECORD_MAX_BYTES, G_FILE_ERROR_INVAL, "device");
  expect_refused (f->dir, STERN_RECORD_MAX_BYTES, G_FILE_ERROR_ISDIR, "folder");
  g_assert_cmpint (symlink (f->dir, to_dir), ==, 0);
  expect_refused (to_dir, STERN_RECORD_MAX_BYTES, G_FILE_ERROR_ISDIR, "folder");
  expect_refused (missing, STERN_RECORD_MAX_BYTES, G_FILE_ERROR_NOENT, "cannot open");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/file/regular", Fixture, NULL, fixture_set_up, test_regular, fixture_tear_down);
  g_test_add ("/file/too-big", Fixture, NULL, fixture_set_up, test_too_big, fixture_tear_down);
  g_test_add ("/file/not-regular", Fixture, NULL, fixture_set_up, test_not_regular, fixture_tear_down);
  return g_test_run ();
}
