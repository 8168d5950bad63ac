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

SternApplication *stern_application_new (void);

G_END_DECLS
