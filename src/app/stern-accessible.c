/* stern-accessible.c: names a screen reader can say.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "stern-accessible.h"

#include <adwaita.h>
#include <glib/gi18n.h>
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

/* Set on a widget given a name of its own: the pass over a window that
 * runs each time it is shown must not put the plain label back. */
#define NAMED_KEY "stern-accessible-named"

static void
label_button (GtkWidget  *button,
              const char *name)
{
  /* From GTK 4.14 on a button is labelled by its label, which a screen
   * reader takes before a name of the button's own. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name, -1);
}

static void
fix_button (GtkButton *button)
{
  const char *label = gtk_button_get_label (button);
  g_autofree char *plain = NULL;

  if (label == NULL || !gtk_button_get_use_underline (button) ||
      g_object_get_data (G_OBJECT (button), NAMED_KEY) != NULL)
    return;
  plain = without_mnemonic (label);
  /* The mnemonic makes the label name the button a second time. */
  label_button (GTK_WIDGET (button), plain);
}

void
stern_accessible_name_button (GtkWidget  *button,
                              const char *name)
{
  g_return_if_fail (GTK_IS_WIDGET (button));
  g_return_if_fail (name != NULL);

  g_object_set_data (G_OBJECT (button), NAMED_KEY, GINT_TO_POINTER (TRUE));
  label_button (button, name);
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

static void
label_drop_down (GtkDropDown *drop,
                 const char  *name)
{
  GtkWidget *inner = gtk_widget_get_first_child (GTK_WIDGET (drop));

  /* A mnemonic label names it a second time. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name, -1);
  if (inner != NULL && GTK_IS_TOGGLE_BUTTON (inner))
    gtk_accessible_update_property (GTK_ACCESSIBLE (inner), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    name, -1);
}

void
stern_accessible_name_drop_down (GtkDropDown *drop,
                                 const char  *name)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop));
  g_return_if_fail (name != NULL);

  g_object_set_data (G_OBJECT (drop), NAMED_KEY, GINT_TO_POINTER (TRUE));
  label_drop_down (drop, name);
}

/* A drop-down with no label pointing at it: the label just before it (a
 * grid of "Game [drop-down]"), or the title of the row it sits in. */
static char *
drop_down_name_nearby (GtkDropDown *drop)
{
  GtkWidget *prev = gtk_widget_get_prev_sibling (GTK_WIDGET (drop));

  if (prev != NULL && GTK_IS_LABEL (prev))
    return without_mnemonic (gtk_label_get_label (GTK_LABEL (prev)));
  for (GtkWidget *up = gtk_widget_get_parent (GTK_WIDGET (drop)); up != NULL;
       up = gtk_widget_get_parent (up))
    if (ADW_IS_PREFERENCES_ROW (up))
      {
        const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (up));
        return title != NULL && title[0] != '\0' ? without_mnemonic (title) : NULL;
      }
  return NULL;
}

static void
set_label (GtkWidget  *widget,
           const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
}

static void
fix_widget (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget))
    {
      if (!GTK_IS_TOGGLE_BUTTON (widget))
        fix_button (GTK_BUTTON (widget));
    }
  else if (GTK_IS_DROP_DOWN (widget) && g_object_get_data (G_OBJECT (widget), NAMED_KEY) == NULL)
    {
      g_autofree char *name = drop_down_name (GTK_DROP_DOWN (widget));

      if (name != NULL)
        label_drop_down (GTK_DROP_DOWN (widget), name);
      else if ((name = drop_down_name_nearby (GTK_DROP_DOWN (widget))) != NULL)
        {
          GtkWidget *inner = gtk_widget_get_first_child (widget);

          set_label (widget, name);
          if (inner != NULL && GTK_IS_TOGGLE_BUTTON (inner))
            set_label (inner, name);
        }
    }
  else if (GTK_IS_STACK (widget))
    {
      /* A page is a container: its title, or nothing to say. */
      g_autoptr (GListModel) pages = G_LIST_MODEL (gtk_stack_get_pages (GTK_STACK (widget)));

      for (guint i = 0; i < g_list_model_get_n_items (pages); i++)
        {
          g_autoptr (GObject) item = g_list_model_get_item (pages, i);
          GtkStackPage *page = GTK_STACK_PAGE (item);
          const char *title = gtk_stack_page_get_title (page);

          gtk_accessible_update_property (GTK_ACCESSIBLE (page), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          title != NULL ? title : "", -1);
        }
    }
  else if (GTK_IS_SCROLLBAR (widget))
    set_label (widget, gtk_orientable_get_orientation (GTK_ORIENTABLE (widget)) ==
                       GTK_ORIENTATION_HORIZONTAL ? _("Scroll sideways") : _("Scroll"));
  else if (GTK_IS_STACK_SWITCHER (widget) || ADW_IS_VIEW_SWITCHER (widget))
    set_label (widget, _("Pages"));
  else if (GTK_IS_LIST_BOX (widget))
    {
      /* A list of rows in a group is named by the group's title (once:
       * the group's label may name it already). */
      const char *title = NULL;

      for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL && title == NULL;
           up = gtk_widget_get_parent (up))
        if (ADW_IS_PREFERENCES_GROUP (up))
          title = adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (up));
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      set_label (widget, title != NULL ? title : "");
    }
  else if (GTK_IS_LIST_VIEW (widget) && gtk_widget_get_ancestor (widget, ADW_TYPE_COMBO_ROW) != NULL)
    {
      /* A combo row's list of choices (in its popover): the row's title. */
      GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_COMBO_ROW);
      g_autofree char *title = without_mnemonic (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));

      set_label (widget, title);
    }
  else if (GTK_IS_SEARCH_ENTRY (widget))
    set_label (widget, _("Search"));
  else if (GTK_IS_LABEL (widget) && gtk_label_get_use_underline (GTK_LABEL (widget)))
    {
      /* GTK 4.14 names such a label by its text, underscore and all. */
      g_autofree char *plain = without_mnemonic (gtk_label_get_label (GTK_LABEL (widget)));

      set_label (widget, plain);
    }
  else if (GTK_IS_IMAGE (widget) &&
           (gtk_widget_get_ancestor (widget, GTK_TYPE_BUTTON) == NULL ||
            gtk_widget_get_ancestor (widget, ADW_TYPE_VIEW_SWITCHER) != NULL))
    /* Pictures beside words (a check mark, an arrow, a page's icon beside
     * its title): nothing to say.  In a button, the picture may be what
     * names it. */
    set_label (widget, "");

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

static gboolean
fix_again (gpointer data)
{
  GWeakRef *ref = data;
  g_autoptr (GtkWidget) window = g_weak_ref_get (ref);

  /* Not kept alive for this: a window closed meanwhile is left alone. */
  if (window != NULL && !gtk_widget_in_destruction (window))
    stern_accessible_fix_names (window);
  return G_SOURCE_REMOVE;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static void
window_mapped (GtkWidget *window)
{
  stern_accessible_fix_names (window);
  /* Once more after the first frame: some windows fill in their
   * controls (scrollbars, pages) only when shown. */
  {
    GWeakRef *ref = g_new0 (GWeakRef, 1);

    g_weak_ref_init (ref, window);
    g_idle_add_full (G_PRIORITY_LOW, fix_again, ref, weak_ref_free);
  }
}

#define FOLLOWED_KEY "stern-accessible-followed"

/* Every toplevel, the application's or not (a transient window may not
 * be added to the application). */
static void
toplevels_changed (GListModel *toplevels,
                   guint       position,
                   guint       removed,
                   guint       added)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_WIDGET (window) && g_object_get_data (window, FOLLOWED_KEY) == NULL)
        {
          g_object_set_data (window, FOLLOWED_KEY, GINT_TO_POINTER (TRUE));
          g_signal_connect (window, "map", G_CALLBACK (window_mapped), NULL);
        }
    }
}

#if ADW_CHECK_VERSION (1, 5, 0)
/* From libadwaita 1.5 on a dialog is a sheet inside its window, shown
 * long after the window was mapped: its names are fixed when it maps. */
static gboolean
dialog_mapped (GSignalInvocationHint *hint,
               guint                  n_values,
               const GValue          *values,
               gpointer               user_data)
{
  GObject *widget = g_value_get_object (&values[0]);

  if (ADW_IS_DIALOG (widget))
    window_mapped (GTK_WIDGET (widget));
  return TRUE;
}
#endif

void
stern_accessible_follow_application (GtkApplication *app)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  g_return_if_fail (GTK_IS_APPLICATION (app));
  g_signal_connect (toplevels, "items-changed", G_CALLBACK (toplevels_changed), NULL);
  toplevels_changed (toplevels, 0, 0, g_list_model_get_n_items (toplevels));
#if ADW_CHECK_VERSION (1, 5, 0)
  {
    /* The signal exists once the widget class does, maybe not yet. */
    g_autoptr (GTypeClass) widget_class = g_type_class_ref (GTK_TYPE_WIDGET);

    g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0,
                                dialog_mapped, NULL, NULL);
  }
#endif
}

void
stern_accessible_name_flow_box (GtkFlowBox *box,
                                const char *name)
{
  g_return_if_fail (GTK_IS_FLOW_BOX (box));

  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *inner = GTK_IS_FLOW_BOX_CHILD (child)
                         ? gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child)) : NULL;
      g_autofree char *plain = NULL;

      if (GTK_IS_BUTTON (inner) && gtk_button_get_label (GTK_BUTTON (inner)) != NULL)
        plain = without_mnemonic (gtk_button_get_label (GTK_BUTTON (inner)));
      else if (GTK_IS_WIDGET (inner))
        {
          /* A box with a label and a control: the label says what it is. */
          for (GtkWidget *w = gtk_widget_get_first_child (inner); w != NULL && plain == NULL;
               w = gtk_widget_get_next_sibling (w))
            if (GTK_IS_LABEL (w))
              plain = without_mnemonic (gtk_label_get_label (GTK_LABEL (w)));
        }
      if (plain != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        plain, -1);
    }
}
