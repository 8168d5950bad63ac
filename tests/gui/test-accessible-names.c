/* test-accessible-names.c: the names a screen reader says, as GTK keeps
 * them (GTK_A11Y=test: no accessibility bus needed).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>

#include "stern-accessible.h"

#include "gui-test-util.h"

/* A button given a name of its own (the Copy button of an invited seat,
 * "Copy the invitation link for Black") keeps it when the window it is
 * in is shown again; the pass that names mnemonic buttons by their plain
 * label runs at each showing and used to put "Copy" back. */
static void
test_own_names_kept (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *named = gtk_button_new_with_mnemonic ("C_opy");
  GtkWidget *plain = gtk_button_new_with_mnemonic ("_Join");
  GtkWidget *drop = gtk_drop_down_new_from_strings ((const char *[]) { "Human", "Computer", NULL });
  GtkWidget *drop_label = gtk_label_new_with_mnemonic ("_Black");

  stern_accessible_name_button (named, "Copy the invitation link for Black");
  gtk_label_set_mnemonic_widget (GTK_LABEL (drop_label), drop);
  stern_accessible_name_drop_down (GTK_DROP_DOWN (drop), "Black is played by");
  gtk_box_append (GTK_BOX (box), named);
  gtk_box_append (GTK_BOX (box), plain);
  gtk_box_append (GTK_BOX (box), drop_label);
  gtk_box_append (GTK_BOX (box), drop);
  gtk_window_set_child (GTK_WINDOW (window), box);

  for (int showing = 0; showing < 2; showing++)
    {
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (test_wait_until (gui_test_is_mapped, window, 5000));
      stern_accessible_fix_names (window);
      gtk_test_accessible_assert_property (named, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           "Copy the invitation link for Black");
      gtk_test_accessible_assert_property (plain, GTK_ACCESSIBLE_PROPERTY_LABEL, "Join");
      gtk_test_accessible_assert_property (drop, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           "Black is played by");
      gtk_widget_set_visible (window, FALSE);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  gui_test_init ();

  g_test_add_func ("/accessible-names/own-names-kept", test_own_names_kept);
  return g_test_run ();
}
