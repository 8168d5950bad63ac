/* stern-alert-dialog.h: a question or a message over the game window.
 *
 * An AdwMessageDialog (libadwaita 1.2 to 1.4) or an AdwAlertDialog (1.5
 * and later): a heading, a text and one or two buttons.  "answered" is
 * emitted once, TRUE for the accept button and FALSE for cancel, Escape
 * or closing; then the dialog goes away.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

typedef enum {
  STERN_ALERT_PLAIN,        /* a message with one button */
  STERN_ALERT_SUGGESTED,    /* the accept button is the suggested action */
  STERN_ALERT_DESTRUCTIVE,  /* the accept button is destructive; cancel has the focus */
} SternAlertStyle;

#define STERN_TYPE_ALERT_DIALOG (stern_alert_dialog_get_type ())
#if ADW_CHECK_VERSION (1, 5, 0)
G_DECLARE_FINAL_TYPE (SternAlertDialog, stern_alert_dialog, STERN, ALERT_DIALOG, AdwAlertDialog)
#else
G_DECLARE_FINAL_TYPE (SternAlertDialog, stern_alert_dialog, STERN, ALERT_DIALOG, AdwMessageDialog)
#endif

/* cancel_label NULL: only the accept button.  title names the window
 * where there is one (libadwaita before 1.5). */
GtkWidget  *stern_alert_dialog_new (GtkWindow       *parent,
                                    const char      *title,
                                    const char      *heading,
                                    const char      *body,
                                    const char      *cancel_label,
                                    const char      *accept_label,
                                    SternAlertStyle  style);
/* Shows it over the parent given to new(). */
void        stern_alert_dialog_present (SternAlertDialog *self);

const char *stern_alert_dialog_get_heading (SternAlertDialog *self);
const char *stern_alert_dialog_get_body (SternAlertDialog *self);
/* As a button does: emits "answered" and closes. */
void        stern_alert_dialog_respond (SternAlertDialog *self, gboolean accept);
/* Closes it without an answer (the question no longer stands). */
void        stern_alert_dialog_dismiss (SternAlertDialog *self);

G_END_DECLS
