/* stern-application.h: the Sternhalma application (single instance).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define STERN_TYPE_APPLICATION (stern_application_get_type ())
G_DECLARE_FINAL_TYPE (SternApplication, stern_application, STERN, APPLICATION, AdwApplication)

/* The window type is declared in stern-window.h, which includes this
 * header. */
typedef struct _SternWindow SternWindow;

SternApplication *stern_application_new (void);
/* The game window the user was in last (GTK lists the windows most
 * recently focused first), or NULL.  Dialogs and other windows do not
 * look for it: they activate the application's actions (app.learn,
 * app.tutorial, app.position-editor, app.load-position, …). */
SternWindow      *stern_application_get_current_window (SternApplication *self);

G_END_DECLS
