/* stern-online-dialog.h: "Play Online": the server's address, creating a
 * room (and its invitation), joining or watching by code or link, and
 * hosting a server in the app for the local network.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-compat.h"
#include "stern-net-client.h"
#include "stern-online-match.h"

G_BEGIN_DECLS

#define STERN_TYPE_ONLINE_DIALOG (stern_online_dialog_get_type ())
STERN_DECLARE_DIALOG (SternOnlineDialog, stern_online_dialog, STERN, ONLINE_DIALOG)

/* online (may be NULL): the window's game online, whose invitation is
 * shown again.  What the user asks for is emitted as "go-online".
 * Present it with stern_compat_dialog_present(). */
GtkWidget  *stern_online_dialog_new (SternOnlineMatch *online);

/* Starts the server in this process (once per application) listening on
 * address (NULL: every interface) and shows where; the address field then
 * points to it.  The button does this with NULL. */
gboolean    stern_online_dialog_host (SternOnlineDialog *self, const char *address,
                                      GError **error);

/* Shows how the connection of client goes (its room's invitation, its
 * errors): for a "go-online" the window answered later, after asking. */
void        stern_online_dialog_follow (SternOnlineDialog *self, SternNetClient *client);

/* For tests: the invitation shown after creating a room ("" before). */
const char *stern_online_dialog_get_code (SternOnlineDialog *self);
const char *stern_online_dialog_get_link (SternOnlineDialog *self);
const char *stern_online_dialog_get_host_text (SternOnlineDialog *self);

G_END_DECLS
