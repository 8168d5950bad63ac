/* stern-file.h: reading the files a user hands over (records, saved
 * games) safely: only regular files, never blocking, never unbounded.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* The largest game record read or written: 4 MiB of moves (some 378,000
 * classic-2 moves) and 64 KiB of room for what a saved game adds around
 * them (tags, names, the autosave's journal comment), so that a record of
 * 4 MiB that opens can be saved again.  Real games are a few kilobytes. */
#define STERN_RECORD_MAX_BYTES (4u * 1024u * 1024u + 64u * 1024u)

/* Reads the whole of path into a newly allocated, NUL-terminated buffer.
 * Refuses (G_FILE_ERROR, the message naming the file and the reason)
 * anything but a regular file — a FIFO, a device, a socket or a
 * directory, also behind a symbolic link — and files of more than
 * max_bytes, without blocking on a FIFO or reading a device first.
 * length may be NULL. */
gboolean stern_file_read (const char *path, gsize max_bytes, char **contents, gsize *length,
                          GError **error);
