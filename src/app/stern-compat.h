/* stern-compat.h: the dialogs' two toolkits in one place.
 *
 * From libadwaita 1.5 on a dialog is an AdwDialog, a sheet inside the
 * window it is shown over; before that it is a window of its own,
 * transient for that window.  The build is pinned to libadwaita 1.2
 * (src/app/meson.build), so the newer calls are made here, behind their
 * version checks, and the callers do not fork.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Our own dialogs (Statistics, Game Over, ...) derive from the base of
 * the libadwaita they are built with: an AdwDialog from 1.5 on, else an
 * AdwWindow whose content starts with its own header bar; one template
 * file serves both (stern_compat_dialog_class_set_template). */
#if ADW_CHECK_VERSION (1, 5, 0)
typedef AdwDialog SternDialogBase;
#define STERN_DECLARE_DIALOG(T, t, M, O) G_DECLARE_FINAL_TYPE (T, t, M, O, AdwDialog)
#else
typedef AdwWindow SternDialogBase;
#define STERN_DECLARE_DIALOG(T, t, M, O) G_DECLARE_FINAL_TYPE (T, t, M, O, AdwWindow)
#endif
#define STERN_TYPE_DIALOG_BASE (stern_compat_dialog_base_get_type ())

GType      stern_compat_dialog_base_get_type (void);
/* Sets such a dialog's template from resource, a file whose template
 * names parent="AdwWindow" (valid for GTK's schema); from libadwaita 1.5
 * on it is read as naming AdwDialog. */
void       stern_compat_dialog_class_set_template (GtkWidgetClass *widget_class,
                                                   const char     *resource);
/* What class_init of such a dialog adds: Escape closes it (an AdwDialog
 * does so by itself). */
void       stern_compat_dialog_class_init (GtkWidgetClass *widget_class);
/* The size it asks for: the content's on an AdwDialog, the window's
 * default otherwise. */
void       stern_compat_dialog_set_size (GtkWidget *dialog, int width, int height);
/* Gives it child, which starts with its own header bar. */
void       stern_compat_dialog_set_child (GtkWidget *dialog, GtkWidget *child);
/* Gives it content under a header bar of its own (the title's). */
void       stern_compat_dialog_set_content (GtkWidget *dialog, GtkWidget *content);
/* The widget that Enter activates, and that has the focus at first. */
void       stern_compat_dialog_set_default (GtkWidget *dialog, GtkWidget *widget);
/* Closes it as its close button would (one never presented is let go
 * of). */
void       stern_compat_dialog_close (GtkWidget *dialog);

/* Shows dialog (an AdwDialog from 1.5 on, else a GtkWindow) over parent
 * (may be NULL).  Before 1.5 it becomes transient for parent, modal or
 * not, and goes when parent does. */
void       stern_compat_dialog_present (GtkWidget *dialog, GtkWindow *parent, gboolean modal);
/* The dialog shown inside window (libadwaita 1.5 and later), or NULL:
 * always NULL before 1.5, where dialogs are windows of their own. */
GtkWidget *stern_compat_get_visible_dialog (GtkWindow *window);
/* Closes a dialog at once, without asking it (quitting); one never
 * presented is let go of. */
void       stern_compat_dialog_force_close (GtkWidget *dialog);

/* A spinner that turns while it is shown: an AdwSpinner from libadwaita
 * 1.6 on, a GtkSpinner before; tooltip names what it waits for, to the
 * pointer and to a screen reader. */
GtkWidget *stern_compat_spinner_new (const char *tooltip);

/* The About dialog (AdwAboutDialog from 1.5 on, else AdwAboutWindow),
 * and a credit section of it. */
GtkWidget *stern_compat_about_new (void);
void       stern_compat_about_add_credit_section (GtkWidget *about, const char *name,
                                                  const char **people);

G_END_DECLS
