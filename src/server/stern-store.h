/* stern-store.h: where sternhalma-server keeps its rooms: one SQLite
 * database (DATA_DIR/rooms.sqlite, WAL mode).  Each room is one row
 * holding its state as the room wrote it (stern-room.c); every write is
 * one transaction, and returns only once SQLite committed it, so the
 * caller tells nobody of an action the store does not hold.  Finished
 * games stay for a retention period, then go (stern_store_expire).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define STERN_TYPE_STORE (stern_store_get_type ())
G_DECLARE_FINAL_TYPE (SternStore, stern_store, STERN, STORE, GObject)

/* Opens (or creates) the database at path.  durable: synchronous=FULL
 * (each commit reaches the disk before it returns; survives a power cut),
 * else NORMAL (survives a crash of the server). */
SternStore *stern_store_open (const char *path, gboolean durable, GError **error);
const char *stern_store_get_path (SternStore *store);

/* Writes the room's state (one transaction).  over: its game has ended;
 * the time of the first such write starts its retention period. */
gboolean    stern_store_put_room    (SternStore *store, const char *code, const char *state,
                                     gboolean over, GError **error);
/* The room's state, or NULL (error unset) when the store has no such room. */
char       *stern_store_get_room    (SternStore *store, const char *code, GError **error);
gboolean    stern_store_has_room    (SternStore *store, const char *code);
gboolean    stern_store_delete_room (SternStore *store, const char *code, GError **error);
/* The codes of the rooms whose game has not ended. */
GPtrArray  *stern_store_list_playing (SternStore *store, GError **error);
/* Deletes finished games that ended more than retention_s seconds ago;
 * returns how many, or -1 with error. */
int         stern_store_expire      (SternStore *store, gint64 retention_s, GError **error);

G_END_DECLS
