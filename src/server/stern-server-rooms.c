/* stern-server-rooms.c: the rooms the server keeps: its store, opened at
 * the first need, the rooms in play resumed from it at the start, and
 * the room files of servers before the store, imported once.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-server-private.h"

#include <glib/gstdio.h>

/* The store, opened at the first need; NULL (logged) when the data
 * folder cannot hold it.  Without a data folder rooms are not kept. */
SternStore *
stern_server_open_store (SternServer *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;

  if (self->store != NULL || self->data_dir == NULL)
    return self->store;
  if (g_mkdir_with_parents (self->data_dir, 0700) != 0)
    {
      server_log (G_LOG_LEVEL_WARNING, "cannot create %s: %s", self->data_dir, g_strerror (errno));
      return NULL;
    }
  path = g_build_filename (self->data_dir, "rooms.sqlite", NULL);
  self->store = stern_store_open (path, self->durable, &error);
  if (self->store == NULL)
    server_log (G_LOG_LEVEL_WARNING, "cannot open the room store: %s", error->message);
  return self->store;
}

void
stern_server_add_room (SternServer *self, SternRoom *room)
{
  stern_room_set_grace (room, self->grace_ms);
  stern_room_set_replacement_level (room, self->replacement_level);
  g_signal_connect_object (room, "broadcast", G_CALLBACK (stern_server_room_broadcast_cb), self, 0);
  g_hash_table_insert (self->rooms, g_strdup (stern_room_get_code (room)), room);
  stern_room_start (room);
}

/* A file of the rooms folder goes to rooms-imported/ once read (or found
 * unreadable): imported once, never deleted. */
static void
move_aside (SternServer *self, const char *name)
{
  g_autofree char *from = g_build_filename (self->rooms_dir, name, NULL);
  g_autofree char *aside_dir = g_build_filename (self->data_dir, "rooms-imported", NULL);
  g_autofree char *to = g_build_filename (aside_dir, name, NULL);

  if (!g_file_test (from, G_FILE_TEST_EXISTS))
    return;
  if (g_mkdir_with_parents (aside_dir, 0700) != 0 || g_rename (from, to) != 0)
    server_log (G_LOG_LEVEL_WARNING, "cannot move %s to %s: %s", from, aside_dir,
                g_strerror (errno));
}

/* The room files of servers before the store: each goes into the store
 * (one transaction a room), then aside. */
static guint
import_room_files (SternServer *self)
{
  g_autoptr (GDir) dir = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;
  guint n = 0;

  if (!g_file_test (self->rooms_dir, G_FILE_TEST_IS_DIR))
    return 0;
  /* The names first: files are moved out of the folder as it is read. */
  dir = g_dir_open (self->rooms_dir, 0, NULL);
  while (dir != NULL && (entry = g_dir_read_name (dir)))
    g_ptr_array_add (names, g_strdup (entry));
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *path = NULL;
      g_autofree char *code = NULL;
      g_autofree char *alt = NULL;
      g_autoptr (SternRoom) room = NULL;
      g_autoptr (GError) error = NULL;

      /* Only CODE.json (with its CODE.json.alt); anything else a person
       * put there is left alone. */
      if (!g_str_has_suffix (name, ".json"))
        continue;
      code = g_strndup (name, strlen (name) - 5);
      if (!stern_net_code_is_valid (code))
        continue;
      path = g_build_filename (self->rooms_dir, name, NULL);
      alt = g_strconcat (name, ".alt", NULL);
      room = stern_room_load_file (path, &error);
      if (room == NULL)
        room_code_log (code, G_LOG_LEVEL_WARNING,
                       "file %s not imported: %s (moved to rooms-imported/)", path, error->message);
      else if (strcmp (stern_room_get_code (room), code) != 0)
        room_code_log (code, G_LOG_LEVEL_WARNING,
                       "file %s not imported: it holds room %s (moved to rooms-imported/)",
                       path, stern_room_get_code (room));
      else if (stern_store_has_room (self->store, code))
        room_code_log (code, G_LOG_LEVEL_WARNING,
                       "file %s not imported: the store has this room already "
                       "(moved to rooms-imported/)", path);
      else
        {
          stern_room_set_store (room, self->store);
          if (!stern_room_save (room, &error))
            {
              /* Left where it is, to be imported at the next start. */
              room_code_log (code, G_LOG_LEVEL_WARNING, "file %s not imported: %s", path,
                             error->message);
              continue;
            }
          n++;
        }
      move_aside (self, name);
      move_aside (self, alt);
    }
  if (n > 0)
    server_log (G_LOG_LEVEL_MESSAGE, "imported %u room file(s) from %s into %s", n, self->rooms_dir,
                stern_store_get_path (self->store));
  return n;
}

guint
stern_server_load (SternServer *server)
{
  g_autoptr (GPtrArray) codes = NULL;
  g_autoptr (GError) error = NULL;
  guint n = 0;

  g_return_val_if_fail (STERN_IS_SERVER (server), 0);
  if (stern_server_open_store (server) == NULL)
    return 0;
  import_room_files (server);
  codes = stern_store_list_playing (server->store, &error);
  if (codes == NULL)
    {
      server_log (G_LOG_LEVEL_WARNING, "cannot list the rooms: %s", error->message);
      return 0;
    }
  for (guint i = 0; i < codes->len; i++)
    {
      const char *code = g_ptr_array_index (codes, i);
      SternRoom *room;

      if (g_hash_table_contains (server->rooms, code))
        continue;
      g_clear_error (&error);
      room = stern_room_load (server->store, code, &error);
      if (room == NULL)
        {
          room_code_log (code, G_LOG_LEVEL_WARNING, "not resumed: %s", error->message);
          continue;
        }
      stern_server_add_room (server, room);
      n++;
    }
  server_log (G_LOG_LEVEL_MESSAGE, "resumed %u room(s) in play from %s", n,
              stern_store_get_path (server->store));
  return n;
}
