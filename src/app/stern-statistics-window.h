/* stern-statistics-window.h: the human's rating, its history as a line
 * chart, and the games won, drawn and lost in each variant.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-compat.h"
#include "stern-ratings.h"

G_BEGIN_DECLS

#define STERN_TYPE_STATISTICS_WINDOW (stern_statistics_window_get_type ())
STERN_DECLARE_DIALOG (SternStatisticsWindow, stern_statistics_window, STERN, STATISTICS_WINDOW)

/* Shows the ratings file at path (NULL: nothing kept, the initial
 * rating); present it with stern_compat_dialog_present(). */
GtkWidget  *stern_statistics_window_new (const char *path);

/* The rating as shown ("1216"), for tests. */
const char *stern_statistics_window_get_rating_text (SternStatisticsWindow *self);
/* What the window says of a damaged ratings file, or NULL. */
const char *stern_statistics_window_get_notice_text (SternStatisticsWindow *self);

G_END_DECLS
