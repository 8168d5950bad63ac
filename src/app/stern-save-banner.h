/* stern-save-banner.h: the bar above the board that says the game cannot
 * be saved (persistent, with Save As…) or that the user's data was found
 * damaged (with Close).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define STERN_TYPE_SAVE_BANNER (stern_save_banner_get_type ())
G_DECLARE_FINAL_TYPE (SternSaveBanner, stern_save_banner, STERN, SAVE_BANNER, GtkWidget)

/* "Your game can't be saved: <reason>", with Save As… (win.save), until
 * hidden.  error: why the save failed (G_FILE_ERROR codes give a short
 * reason; its message is the tooltip). */
void        stern_save_banner_show_save_error (SternSaveBanner *self, const GError *error,
                                               const char *folder);
/* A message about the user's data, with Close ("closed"). */
void        stern_save_banner_show_notice     (SternSaveBanner *self, const char *text);
void        stern_save_banner_hide            (SternSaveBanner *self);

gboolean    stern_save_banner_is_shown        (SternSaveBanner *self);
const char *stern_save_banner_get_text        (SternSaveBanner *self);
/* The reason shown for a failed save, translated. */
char       *stern_save_banner_describe_error  (const GError *error, const char *folder);

G_END_DECLS
