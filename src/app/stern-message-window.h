/* stern-message-window.h: a question or a message over the game window.
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
  STERN_MESSAGE_PLAIN,        /* a message with one button */
  STERN_MESSAGE_SUGGESTED,    /* the accept button is the suggested action */
  STERN_MESSAGE_DESTRUCTIVE,  /* the accept button is destructive; cancel has the focus */
} SternMessageStyle;

#define STERN_TYPE_MESSAGE_WINDOW (stern_message_window_get_type ())
#if ADW_CHECK_VERSION (1, 5, 0)
G_DECLARE_FINAL_TYPE (SternMessageWindow, stern_message_window, STERN, MESSAGE_WINDOW, AdwAlertDialog)
#else
G_DECLARE_FINAL_TYPE (SternMessageWindow, stern_message_window, STERN, MESSAGE_WINDOW, AdwMessageDialog)
#endif

/* cancel_label NULL: only the accept button.  title names the window
 * where there is one (libadwaita before 1.5). */
GtkWidget  *stern_message_window_new (GtkWindow         *parent,
                                      const char        *title,
                                      const char        *heading,
                                      const char        *body,
                                      const char        *cancel_label,
                                      const char        *accept_label,
                                      SternMessageStyle  style);
/* Shows it over the parent given to new(). */
void        stern_message_window_present (SternMessageWindow *self);

const char *stern_message_window_get_heading (SternMessageWindow *self);
const char *stern_message_window_get_body (SternMessageWindow *self);
/* As a button does: emits "answered" and closes. */
void        stern_message_window_respond (SternMessageWindow *self, gboolean accept);
/* Closes it without an answer (the question no longer stands). */
void        stern_message_window_dismiss (SternMessageWindow *self);

G_END_DECLS
