/* stern-new-game-dialog.h: choose variant, rules and players.
 *
 * One of our dialogs (stern-compat.h): a sheet inside the window from
 * libadwaita 1.5 on, a window of its own before.  Its choices start from
 * and are saved to GSettings; "start" is emitted with the chosen
 * SternGameSetup (a const pointer valid during the emission), and then the
 * dialog closes itself.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-compat.h"
#include "stern-game-setup.h"

G_BEGIN_DECLS

#define STERN_TYPE_NEW_GAME_DIALOG (stern_new_game_dialog_get_type ())
STERN_DECLARE_DIALOG (SternNewGameDialog, stern_new_game_dialog, STERN, NEW_GAME_DIALOG)

/* Present it with stern_compat_dialog_present() over parent, which (before
 * libadwaita 1.5) bounds its width. */
GtkWidget *stern_new_game_dialog_new (GtkWindow *parent, GSettings *settings);

/* The current choices. */
void       stern_new_game_dialog_get_setup (SternNewGameDialog *self, SternGameSetup *setup);
/* Changes the choices shown (for tests and Play Again). */
void       stern_new_game_dialog_set_setup (SternNewGameDialog *self, const SternGameSetup *setup);
/* Saves the choices, emits "start" and closes, as the Start button does. */
void       stern_new_game_dialog_start (SternNewGameDialog *self);

G_END_DECLS
