/* stern-store.c: the rooms of sternhalma-server in SQLite.
 *
 * One table, one row a room: its code, its state (the room's own JSON,
 * tokens included, so the file is the server user's alone), whether its
 * game is over and since when.  Every write is a single statement outside
 * any explicit transaction, which SQLite commits as one transaction before
 * the call returns; WAL mode keeps a reader (a backup) from blocking it.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-store-private.h"

#include <glib/gstdio.h>
#include <sqlite3.h>

/* The schema's version (PRAGMA user_version). */
#define STORE_SCHEMA 1
/* How long a write waits for a lock another process holds (the sqlite3
 * shell running .backup, say) before it fails. */
#define BUSY_TIMEOUT_MS 2000

struct _SternStore {
  GObject parent_instance;

  char         *path;
  sqlite3      *db;
  sqlite3_stmt *put;
  sqlite3_stmt *get;
  sqlite3_stmt *del;
  gint64        now_s;   /* tests: the clock; 0 for the real one */
};

G_DEFINE_FINAL_TYPE (SternStore, stern_store, G_TYPE_OBJECT)

static void
stern_store_finalize (GObject *object)
{
  SternStore *self = STERN_STORE (object);

  g_clear_pointer (&self->put, sqlite3_finalize);
  g_clear_pointer (&self->get, sqlite3_finalize);
  g_clear_pointer (&self->del, sqlite3_finalize);
  g_clear_pointer (&self->db, sqlite3_close);
  g_free (self->path);
  G_OBJECT_CLASS (stern_store_parent_class)->finalize (object);
}

static void
stern_store_class_init (SternStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = stern_store_finalize;
}

static void
stern_store_init (SternStore *self)
{
}

static gboolean
fail (SternStore *self, const char *what, GError **error)
{
  int code = sqlite3_extended_errcode (self->db);

  g_set_error (error, G_IO_ERROR,
               (code & 0xff) == SQLITE_READONLY ? G_IO_ERROR_READ_ONLY
               : (code & 0xff) == SQLITE_FULL ? G_IO_ERROR_NO_SPACE
               : (code & 0xff) == SQLITE_BUSY ? G_IO_ERROR_BUSY : G_IO_ERROR_FAILED,
               "%s: %s: %s", self->path, what, sqlite3_errmsg (self->db));
  return FALSE;
}

static gboolean
exec (SternStore *self, const char *sql, GError **error)
{
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return fail (self, sql, error);
  return TRUE;
}

static gint64
now_s (SternStore *self)
{
  return self->now_s ? self->now_s : g_get_real_time () / G_USEC_PER_SEC;
}

SternStore *
stern_store_open (const char *path, gboolean durable, GError **error)
{
  g_autoptr (SternStore) self = NULL;
  sqlite3_stmt *version = NULL;
  int schema = 0;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (STERN_TYPE_STORE, NULL);
  self->path = g_strdup (path);
  if (sqlite3_open_v2 (path, &self->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                        SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
    {
      if (self->db == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "%s: out of memory", path);
          return NULL;
        }
      fail (self, "open", error);
      return NULL;
    }
  /* The seat tokens are in it: only the server's user reads it. */
  g_chmod (path, 0600);
  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);
  if (!exec (self, "PRAGMA journal_mode=WAL", error) ||
      !exec (self, durable ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL", error))
    return NULL;

  if (sqlite3_prepare_v2 (self->db, "PRAGMA user_version", -1, &version, NULL) != SQLITE_OK)
    {
      fail (self, "user_version", error);
      return NULL;
    }
  if (sqlite3_step (version) == SQLITE_ROW)
    schema = sqlite3_column_int (version, 0);
  sqlite3_finalize (version);
  if (schema > STORE_SCHEMA)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "%s: written by a newer server (schema %d; this one knows %d)", path, schema,
                   STORE_SCHEMA);
      return NULL;
    }
  if (!exec (self,
             "CREATE TABLE IF NOT EXISTS rooms ("
             " code TEXT PRIMARY KEY NOT NULL,"
             " state TEXT NOT NULL,"
             " over INTEGER NOT NULL DEFAULT 0,"
             " updated INTEGER NOT NULL,"
             " finished INTEGER);"
             "CREATE INDEX IF NOT EXISTS rooms_finished ON rooms (finished)"
             " WHERE finished IS NOT NULL;"
             "PRAGMA user_version=1", error))
    return NULL;

  if (sqlite3_prepare_v3 (self->db,
                          "INSERT INTO rooms (code, state, over, updated, finished)"
                          " VALUES (?1, ?2, ?3, ?4, CASE WHEN ?3 THEN ?4 END)"
                          " ON CONFLICT (code) DO UPDATE SET state = ?2, over = ?3, updated = ?4,"
                          "  finished = CASE WHEN ?3 THEN COALESCE (finished, ?4) END",
                          -1, SQLITE_PREPARE_PERSISTENT, &self->put, NULL) != SQLITE_OK ||
      sqlite3_prepare_v3 (self->db, "SELECT state FROM rooms WHERE code = ?1", -1,
                          SQLITE_PREPARE_PERSISTENT, &self->get, NULL) != SQLITE_OK ||
      sqlite3_prepare_v3 (self->db, "DELETE FROM rooms WHERE code = ?1", -1,
                          SQLITE_PREPARE_PERSISTENT, &self->del, NULL) != SQLITE_OK)
    {
      fail (self, "prepare", error);
      return NULL;
    }
  return g_steal_pointer (&self);
}

const char *
stern_store_get_path (SternStore *store)
{
  g_return_val_if_fail (STERN_IS_STORE (store), NULL);
  return store->path;
}

/* Runs a prepared write to its end; SQLite has committed it when this
 * returns TRUE. */
static gboolean
step_write (SternStore *self, sqlite3_stmt *stmt, const char *what, GError **error)
{
  int rc = sqlite3_step (stmt);
  gboolean ok = rc == SQLITE_DONE || fail (self, what, error);

  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  return ok;
}

gboolean
stern_store_put_room (SternStore *store, const char *code, const char *state, gboolean over,
                      GError **error)
{
  g_return_val_if_fail (STERN_IS_STORE (store), FALSE);
  g_return_val_if_fail (code != NULL && state != NULL, FALSE);

  sqlite3_bind_text (store->put, 1, code, -1, SQLITE_STATIC);
  sqlite3_bind_text (store->put, 2, state, -1, SQLITE_STATIC);
  sqlite3_bind_int (store->put, 3, over ? 1 : 0);
  sqlite3_bind_int64 (store->put, 4, now_s (store));
  return step_write (store, store->put, "write room", error);
}

char *
stern_store_get_room (SternStore *store, const char *code, GError **error)
{
  char *state = NULL;
  int rc;

  g_return_val_if_fail (STERN_IS_STORE (store), NULL);
  g_return_val_if_fail (code != NULL, NULL);

  sqlite3_bind_text (store->get, 1, code, -1, SQLITE_STATIC);
  rc = sqlite3_step (store->get);
  if (rc == SQLITE_ROW)
    state = g_strdup ((const char *) sqlite3_column_text (store->get, 0));
  else if (rc != SQLITE_DONE)
    fail (store, "read room", error);
  sqlite3_reset (store->get);
  sqlite3_clear_bindings (store->get);
  return state;
}

gboolean
stern_store_has_room (SternStore *store, const char *code)
{
  g_autofree char *state = stern_store_get_room (store, code, NULL);

  return state != NULL;
}

gboolean
stern_store_delete_room (SternStore *store, const char *code, GError **error)
{
  g_return_val_if_fail (STERN_IS_STORE (store), FALSE);
  g_return_val_if_fail (code != NULL, FALSE);

  sqlite3_bind_text (store->del, 1, code, -1, SQLITE_STATIC);
  return step_write (store, store->del, "delete room", error);
}

GPtrArray *
stern_store_list_playing (SternStore *store, GError **error)
{
  g_autoptr (GPtrArray) codes = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt = NULL;
  int rc;

  g_return_val_if_fail (STERN_IS_STORE (store), NULL);

  if (sqlite3_prepare_v2 (store->db, "SELECT code FROM rooms WHERE over = 0", -1, &stmt,
                          NULL) != SQLITE_OK)
    {
      fail (store, "list rooms", error);
      return NULL;
    }
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (codes, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  if (rc != SQLITE_DONE)
    {
      fail (store, "list rooms", error);
      sqlite3_finalize (stmt);
      return NULL;
    }
  sqlite3_finalize (stmt);
  return g_steal_pointer (&codes);
}

int
stern_store_expire (SternStore *store, gint64 retention_s, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok;

  g_return_val_if_fail (STERN_IS_STORE (store), -1);

  if (sqlite3_prepare_v2 (store->db, "DELETE FROM rooms WHERE finished IS NOT NULL"
                                     " AND finished <= ?1", -1, &stmt, NULL) != SQLITE_OK)
    {
      fail (store, "expire rooms", error);
      return -1;
    }
  sqlite3_bind_int64 (stmt, 1, now_s (store) - retention_s);
  ok = step_write (store, stmt, "expire rooms", error);
  sqlite3_finalize (stmt);
  return ok ? sqlite3_changes (store->db) : -1;
}

void
stern_store_set_read_only (SternStore *store, gboolean read_only)
{
  g_return_if_fail (STERN_IS_STORE (store));
  sqlite3_exec (store->db, read_only ? "PRAGMA query_only=1" : "PRAGMA query_only=0", NULL, NULL,
                NULL);
}

void
stern_store_set_now (SternStore *store, gint64 now_s)
{
  g_return_if_fail (STERN_IS_STORE (store));
  store->now_s = now_s;
}
