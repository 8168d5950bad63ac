/* temp-dir-util.h: a temporary folder for a test, and its removal.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* A new empty folder in the temporary folder, named after tmpl (which ends
 * in XXXXXX); asserts it could be made. */
char *temp_dir_new (const char *tmpl);
/* Removes dir and everything below it; follows no symbolic link. */
void  temp_dir_remove (const char *dir);
