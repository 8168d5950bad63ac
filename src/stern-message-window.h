/* stern-message-window.h: a small modal question or message.
 *
 * A plain GtkWindow (GtkDialog and GtkMessageDialog are deprecated in GTK
 * 4.10, GtkAlertDialog needs 4.10): a heading, a text and one or two
 * buttons.  "response" is emitted once, TRUE for the accept button and
 * FALSE for cancel, Escape or closing; then the window destroys itself.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum {
  STERN_MESSAGE_PLAIN,        /* a message with one button */
  STERN_MESSAGE_SUGGESTED,    /* the accept button is the suggested action */
  STERN_MESSAGE_DESTRUCTIVE,  /* the accept button is destructive; cancel has the focus */
} SternMessageStyle;

#define STERN_TYPE_MESSAGE_WINDOW (stern_message_window_get_type ())
G_DECLARE_FINAL_TYPE (SternMessageWindow, stern_message_window, STERN, MESSAGE_WINDOW, GtkWindow)

/* cancel_label NULL: only the accept button. */
GtkWidget  *stern_message_window_new (GtkWindow         *parent,
                                      const char        *title,
                                      const char        *heading,
                                      const char        *body,
                                      const char        *cancel_label,
                                      const char        *accept_label,
                                      SternMessageStyle  style);

const char *stern_message_window_get_heading (SternMessageWindow *self);
const char *stern_message_window_get_body (SternMessageWindow *self);
/* As a button does: emits "response" and closes. */
void        stern_message_window_respond (SternMessageWindow *self, gboolean accept);

G_END_DECLS
