/* stern-seat-dot.h: a small round dot in a seat's colour.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* CSS classes seat-dot and the colour name (see style.css). */
GtkWidget *stern_seat_dot_new (unsigned seat);

G_END_DECLS
