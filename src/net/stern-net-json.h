/* stern-net-json.h (private to src/net): strict JSON, checked before
 * json-glib reads a message (see stern-net-json.c).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE when data is exactly one JSON value by RFC 8259, with no object
 * holding a member twice, no NUL in a string and no whole number past 15
 * digits; otherwise a STERN_NET_ERROR_BAD_JSON error naming the byte. */
gboolean stern_net_json_check_strict (const char *data, gsize len, GError **error);

G_END_DECLS
