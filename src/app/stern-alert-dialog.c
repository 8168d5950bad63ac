/* stern-alert-dialog.c: a question or a message over the game window.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "stern-alert-dialog.h"

#include "stern-accessible.h"
#include "stern-compat.h"

struct _SternAlertDialog
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwAlertDialog   parent_instance;
#else
  AdwMessageDialog parent_instance;
#endif

  GtkWindow *parent;     /* weak */
  gboolean   answered;
#if ADW_CHECK_VERSION (1, 5, 0)
  guint      open_tick;
  guint      frames_mapped;
  gboolean   opened;
  gboolean   close_when_opened;
  gboolean   closed;
#endif
};

#if ADW_CHECK_VERSION (1, 5, 0)
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
G_DEFINE_FINAL_TYPE (SternAlertDialog, stern_alert_dialog, ADW_TYPE_ALERT_DIALOG)
#define DIALOG(self)                ADW_ALERT_DIALOG (self)
#define dialog_get_heading          adw_alert_dialog_get_heading
#define dialog_get_body             adw_alert_dialog_get_body
#define dialog_add_response         adw_alert_dialog_add_response
#define dialog_set_appearance       adw_alert_dialog_set_response_appearance
#define dialog_set_default          adw_alert_dialog_set_default_response
#define dialog_set_close            adw_alert_dialog_set_close_response
/* AdwAlertDialog has no call to answer it from outside: its signal is
 * what a button emits. */
#define dialog_response(self, id)   g_signal_emit_by_name ((self), "response", (id))
G_GNUC_END_IGNORE_DEPRECATIONS
#else
G_DEFINE_FINAL_TYPE (SternAlertDialog, stern_alert_dialog, ADW_TYPE_MESSAGE_DIALOG)
#define DIALOG(self)                ADW_MESSAGE_DIALOG (self)
#define dialog_get_heading          adw_message_dialog_get_heading
#define dialog_get_body             adw_message_dialog_get_body
#define dialog_add_response         adw_message_dialog_add_response
#define dialog_set_appearance       adw_message_dialog_set_response_appearance
#define dialog_set_default          adw_message_dialog_set_default_response
#define dialog_set_close            adw_message_dialog_set_close_response
#define dialog_response             adw_message_dialog_response
#endif

enum {
  SIGNAL_ANSWERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

#if ADW_CHECK_VERSION (1, 5, 0)
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
/* libadwaita opens a dialog's sheet on the second frame after the dialog is
 * mapped, and closing it before then does nothing: the dialog would stay in
 * the window for good, and the window could no longer be closed (closing it
 * closes its dialog first).  A close asked for before then waits for it.
 * Tick callbacks run newest first, so libadwaita's own (added before this
 * one) has run twice by this one's third frame. */
#define FRAMES_BEFORE_OPEN 3
/* Should a close still not take, it is tried again for this many frames
 * (half a second): a dialog is never left behind, and nothing runs on. */
#define FRAMES_TO_RETRY_CLOSE 30

static gboolean
watch_frames_to_open (GtkWidget     *widget,
                      GdkFrameClock *clock,
                      gpointer       data)
{
  SternAlertDialog *self = STERN_ALERT_DIALOG (widget);

  if (++self->frames_mapped < FRAMES_BEFORE_OPEN)
    return G_SOURCE_CONTINUE;

  self->opened = TRUE;
  if (self->close_when_opened && !self->closed)
    adw_dialog_force_close (ADW_DIALOG (self));
  if (self->close_when_opened && !self->closed &&
      self->frames_mapped < FRAMES_BEFORE_OPEN + FRAMES_TO_RETRY_CLOSE)
    return G_SOURCE_CONTINUE;

  self->open_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
stern_alert_dialog_map (GtkWidget *widget)
{
  SternAlertDialog *self = STERN_ALERT_DIALOG (widget);

  GTK_WIDGET_CLASS (stern_alert_dialog_parent_class)->map (widget);

  if (!self->opened && self->open_tick == 0)
    self->open_tick = gtk_widget_add_tick_callback (widget, watch_frames_to_open, NULL, NULL);
}

static void
on_closed (SternAlertDialog *self)
{
  self->closed = TRUE;
}
G_GNUC_END_IGNORE_DEPRECATIONS
#endif

static void
close_now (SternAlertDialog *self)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!self->opened)
    self->close_when_opened = TRUE;
  else
    adw_dialog_force_close (ADW_DIALOG (self));
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  gtk_window_destroy (GTK_WINDOW (self));
#endif
}

/* Every way of answering comes here: a button, Escape, closing. */
static void
on_response (SternAlertDialog *self,
             const char       *response)
{
  if (self->answered)
    return;
  self->answered = TRUE;

  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_ANSWERED], 0, g_strcmp0 (response, "accept") == 0);
  g_object_unref (self);
}

void
stern_alert_dialog_respond (SternAlertDialog *self,
                            gboolean          accept)
{
  g_return_if_fail (STERN_IS_ALERT_DIALOG (self));

  if (self->answered)
    return;

  g_object_ref (self);
  dialog_response (DIALOG (self), accept ? "accept" : "cancel");
  close_now (self);
  g_object_unref (self);
}

void
stern_alert_dialog_dismiss (SternAlertDialog *self)
{
  g_return_if_fail (STERN_IS_ALERT_DIALOG (self));

  self->answered = TRUE;
  close_now (self);
}

void
stern_alert_dialog_present (SternAlertDialog *self)
{
  g_return_if_fail (STERN_IS_ALERT_DIALOG (self));

  /* The answers' buttons are named without their mnemonic's underscore. */
  stern_accessible_fix_names (GTK_WIDGET (self));
  stern_compat_dialog_present (GTK_WIDGET (self), self->parent, TRUE);
}

static void
stern_alert_dialog_dispose (GObject *object)
{
  SternAlertDialog *self = STERN_ALERT_DIALOG (object);

  g_clear_weak_pointer (&self->parent);

  G_OBJECT_CLASS (stern_alert_dialog_parent_class)->dispose (object);
}

static void
stern_alert_dialog_class_init (SternAlertDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stern_alert_dialog_dispose;
#if ADW_CHECK_VERSION (1, 5, 0)
  GTK_WIDGET_CLASS (klass)->map = stern_alert_dialog_map;
#endif

  /**
   * SternAlertDialog::answered:
   * @accept: TRUE for the accept button
   */
  signals[SIGNAL_ANSWERED] =
    g_signal_new ("answered",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

#if ADW_CHECK_VERSION (1, 5, 0) && !ADW_CHECK_VERSION (1, 8, 0)
/* libadwaita 1.5 to 1.7 measure the alert's large heading, which does not
 * wrap, for the dialog's width even when it is wider and the small,
 * wrapping heading is the one shown: GTK 4.18 warns for any heading wider
 * than the dialog, such as one naming a file.  libadwaita 1.8 measures it
 * for its own width.  Letting the large heading wrap changes only that
 * measure: it is still shown only when it fits on one line. */
static gboolean
let_heading_wrap (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, "title-2") &&
          gtk_widget_has_css_class (widget, "heading-bin"))
        {
          gtk_label_set_wrap (GTK_LABEL (child), TRUE);
          return TRUE;
        }
      if (let_heading_wrap (child))
        return TRUE;
    }
  return FALSE;
}
#endif

static void
stern_alert_dialog_init (SternAlertDialog *self)
{
  g_signal_connect (self, "response", G_CALLBACK (on_response), NULL);
#if ADW_CHECK_VERSION (1, 5, 0)
  g_signal_connect (self, "closed", G_CALLBACK (on_closed), NULL);
#endif
#if ADW_CHECK_VERSION (1, 5, 0) && !ADW_CHECK_VERSION (1, 8, 0)
  /* The dialog's content, not yet in its sheet.  (Newer than the
   * libadwaita 1.2 the build is pinned to, behind its version check.) */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  let_heading_wrap (adw_dialog_get_child (ADW_DIALOG (self)));
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

GtkWidget *
stern_alert_dialog_new (GtkWindow       *parent,
                        const char      *title,
                        const char      *heading,
                        const char      *body,
                        const char      *cancel_label,
                        const char      *accept_label,
                        SternAlertStyle  style)
{
  SternAlertDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (heading != NULL && accept_label != NULL, NULL);

  self = g_object_new (STERN_TYPE_ALERT_DIALOG,
                       "heading", heading,
                       "body", body != NULL ? body : "",
                       "title", title,
                       NULL);
  g_set_weak_pointer (&self->parent, parent);

  /* The dialog_* calls are libadwaita 1.5's on the newer side (above). */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (cancel_label != NULL)
    dialog_add_response (DIALOG (self), "cancel", cancel_label);
  dialog_add_response (DIALOG (self), "accept", accept_label);
  if (style == STERN_ALERT_SUGGESTED)
    dialog_set_appearance (DIALOG (self), "accept", ADW_RESPONSE_SUGGESTED);
  else if (style == STERN_ALERT_DESTRUCTIVE)
    dialog_set_appearance (DIALOG (self), "accept", ADW_RESPONSE_DESTRUCTIVE);

  /* The safe answer is the default when the other one destroys something;
   * Escape cancels (or closes a message). */
  dialog_set_default (DIALOG (self),
                      style == STERN_ALERT_DESTRUCTIVE && cancel_label != NULL ? "cancel" : "accept");
  dialog_set_close (DIALOG (self), cancel_label != NULL ? "cancel" : "accept");
  G_GNUC_END_IGNORE_DEPRECATIONS

  return GTK_WIDGET (self);
}

const char *
stern_alert_dialog_get_heading (SternAlertDialog *self)
{
  g_return_val_if_fail (STERN_IS_ALERT_DIALOG (self), NULL);

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return dialog_get_heading (DIALOG (self));
  G_GNUC_END_IGNORE_DEPRECATIONS
}

const char *
stern_alert_dialog_get_body (SternAlertDialog *self)
{
  g_return_val_if_fail (STERN_IS_ALERT_DIALOG (self), NULL);

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return dialog_get_body (DIALOG (self));
  G_GNUC_END_IGNORE_DEPRECATIONS
}
