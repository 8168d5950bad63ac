/* stern-store-private.h: for tests only.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-store.h"

G_BEGIN_DECLS

/* Read-only: SQLite refuses every write from now on (PRAGMA query_only),
 * as it would on a disk remounted read-only; FALSE lifts it. */
void stern_store_set_read_only (SternStore *store, gboolean read_only);
/* The clock the retention period is counted with (seconds since 1970;
 * 0: the real one). */
void stern_store_set_now (SternStore *store, gint64 now_s);

G_END_DECLS
