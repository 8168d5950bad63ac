/* stern-server-private.h (private to src/server and its tests): what the
 * tests look at inside a running server.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-server.h"

G_BEGIN_DECLS

/* Connections (after the upgrade) that have a source waiting in context:
 * libsoup's read or keep-alive sources.  In the main loop's context there
 * should be none, however many are connected. */
guint stern_server_count_waiting_in (SternServer *server, GMainContext *context);
guint stern_server_get_n_connections (SternServer *server);

G_END_DECLS
