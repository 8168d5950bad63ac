/* stern-accessible.c: names a screen reader can say.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-accessible.h"

#include <string.h>

/* "_Create Room" → "Create Room"; "__" stays one underscore. */
static char *
without_mnemonic (const char *label)
{
  GString *out = g_string_sized_new (strlen (label));

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] == '_')
            p++;
          else
            continue;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static void
fix_button (GtkButton *button)
{
  const char *label = gtk_button_get_label (button);
  g_autofree char *plain = NULL;

  if (label == NULL || !gtk_button_get_use_underline (button))
    return;
  plain = without_mnemonic (label);
  /* The mnemonic makes the label name the button a second time. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  plain, -1);
}

/* The drop-down's name: its own label, else the label that points at it. */
static char *
drop_down_name (GtkDropDown *drop)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (drop));

  if (parent != NULL)
    for (GtkWidget *w = gtk_widget_get_first_child (parent); w != NULL;
         w = gtk_widget_get_next_sibling (w))
      if (GTK_IS_LABEL (w) && gtk_label_get_mnemonic_widget (GTK_LABEL (w)) == GTK_WIDGET (drop))
        return without_mnemonic (gtk_label_get_label (GTK_LABEL (w)));
  return NULL;
}

void
stern_accessible_name_drop_down (GtkDropDown *drop,
                                 const char  *name)
{
  GtkWidget *inner;

  g_return_if_fail (GTK_IS_DROP_DOWN (drop));
  g_return_if_fail (name != NULL);

  inner = gtk_widget_get_first_child (GTK_WIDGET (drop));
  /* A mnemonic label names it a second time. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name, -1);
  if (inner != NULL && GTK_IS_TOGGLE_BUTTON (inner))
    gtk_accessible_update_property (GTK_ACCESSIBLE (inner), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    name, -1);
}

static void
fix_widget (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && !GTK_IS_TOGGLE_BUTTON (widget))
    fix_button (GTK_BUTTON (widget));
  else if (GTK_IS_DROP_DOWN (widget))
    {
      g_autofree char *name = drop_down_name (GTK_DROP_DOWN (widget));

      if (name != NULL)
        stern_accessible_name_drop_down (GTK_DROP_DOWN (widget), name);
      return;   /* its insides are GTK's */
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    fix_widget (child);
}

void
stern_accessible_fix_names (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));
  fix_widget (root);
}
