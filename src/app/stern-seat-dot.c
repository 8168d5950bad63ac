/* stern-seat-dot.c: a small round dot in a seat's colour.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-seat-dot.h"

#include "stern-game-setup.h"
#include "stern-variant.h"

GtkWidget *
stern_seat_dot_new (unsigned seat)
{
  GtkWidget *dot;

  g_return_val_if_fail (seat < STERN_N_SEATS, NULL);

  /* An empty box: its size is the CSS's alone, where an empty label is a
   * line of text high and so egg-shaped. */
  dot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_valign (dot, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (dot, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (dot, "seat-dot");
  gtk_widget_add_css_class (dot, stern_seat_colour_name (seat));
  /* An empty label: a screen reader would say "GtkLabel". */
  gtk_accessible_update_property (GTK_ACCESSIBLE (dot),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, stern_seat_display_name (seat),
                                  -1);
  return dot;
}
