/* stern-message-window.c: a small modal question or message.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "sternhalma"

#include "config.h"

#include "stern-message-window.h"

struct _SternMessageWindow
{
  GtkWindow  parent_instance;

  GtkWidget *heading;
  GtkWidget *body;
  gboolean   responded;
};

G_DEFINE_FINAL_TYPE (SternMessageWindow, stern_message_window, GTK_TYPE_WINDOW)

enum {
  SIGNAL_RESPONSE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
stern_message_window_respond (SternMessageWindow *self,
                              gboolean            accept)
{
  g_return_if_fail (STERN_IS_MESSAGE_WINDOW (self));

  if (self->responded)
    return;
  self->responded = TRUE;

  /* The handler may open another window: this one goes first. */
  g_object_ref (self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_signal_emit (self, signals[SIGNAL_RESPONSE], 0, accept);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
on_accept_clicked (SternMessageWindow *self)
{
  stern_message_window_respond (self, TRUE);
}

static void
on_cancel_clicked (SternMessageWindow *self)
{
  stern_message_window_respond (self, FALSE);
}

static gboolean
stern_message_window_close_request (GtkWindow *window)
{
  SternMessageWindow *self = STERN_MESSAGE_WINDOW (window);

  if (!self->responded)
    {
      stern_message_window_respond (self, FALSE);
      return TRUE;   /* respond() has destroyed it */
    }
  return GTK_WINDOW_CLASS (stern_message_window_parent_class)->close_request (window);
}

static void
stern_message_window_class_init (SternMessageWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  window_class->close_request = stern_message_window_close_request;

  /**
   * SternMessageWindow::response:
   * @accept: TRUE for the accept button
   */
  signals[SIGNAL_RESPONSE] =
    g_signal_new ("response",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
stern_message_window_init (SternMessageWindow *self)
{
}

GtkWidget *
stern_message_window_new (GtkWindow         *parent,
                          const char        *title,
                          const char        *heading,
                          const char        *body,
                          const char        *cancel_label,
                          const char        *accept_label,
                          SternMessageStyle  style)
{
  SternMessageWindow *self;
  GtkWidget *header, *box, *buttons, *accept, *cancel = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (heading != NULL && accept_label != NULL, NULL);

  self = g_object_new (STERN_TYPE_MESSAGE_WINDOW,
                       "title", title,
                       "transient-for", parent,
                       "modal", TRUE,
                       "resizable", FALSE,
                       "destroy-with-parent", TRUE,
                       NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self), "message-window");

  header = gtk_header_bar_new ();
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_window_set_child (GTK_WINDOW (self), box);

  self->heading = gtk_label_new (heading);
  gtk_label_set_wrap (GTK_LABEL (self->heading), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->heading), 40);
  gtk_label_set_justify (GTK_LABEL (self->heading), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (self->heading, "title-3");
  gtk_box_append (GTK_BOX (box), self->heading);

  self->body = gtk_label_new (body);
  gtk_label_set_wrap (GTK_LABEL (self->body), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->body), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (self->body), 50);
  gtk_label_set_justify (GTK_LABEL (self->body), GTK_JUSTIFY_CENTER);
  gtk_label_set_selectable (GTK_LABEL (self->body), TRUE);
  gtk_widget_set_visible (self->body, body != NULL && *body != '\0');
  gtk_box_append (GTK_BOX (box), self->body);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (buttons, 6);
  gtk_box_append (GTK_BOX (box), buttons);

  if (cancel_label != NULL)
    {
      cancel = gtk_button_new_with_mnemonic (cancel_label);
      g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (on_cancel_clicked), self);
      gtk_box_append (GTK_BOX (buttons), cancel);
    }

  accept = gtk_button_new_with_mnemonic (accept_label);
  if (style == STERN_MESSAGE_SUGGESTED)
    gtk_widget_add_css_class (accept, "suggested-action");
  else if (style == STERN_MESSAGE_DESTRUCTIVE)
    gtk_widget_add_css_class (accept, "destructive-action");
  g_signal_connect_swapped (accept, "clicked", G_CALLBACK (on_accept_clicked), self);
  gtk_box_append (GTK_BOX (buttons), accept);

  /* The safe answer has the focus when the other one destroys something. */
  gtk_window_set_focus (GTK_WINDOW (self),
                        style == STERN_MESSAGE_DESTRUCTIVE && cancel != NULL ? cancel : accept);

  return GTK_WIDGET (self);
}

const char *
stern_message_window_get_heading (SternMessageWindow *self)
{
  g_return_val_if_fail (STERN_IS_MESSAGE_WINDOW (self), NULL);

  return gtk_label_get_label (GTK_LABEL (self->heading));
}

const char *
stern_message_window_get_body (SternMessageWindow *self)
{
  g_return_val_if_fail (STERN_IS_MESSAGE_WINDOW (self), NULL);

  return gtk_label_get_label (GTK_LABEL (self->body));
}
