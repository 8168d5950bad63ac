/* stern-server-log.h (private to src/server): every line the server logs,
 * written one way: g_log_structured's fields for the journal (STERN_ROOM,
 * STERN_CONN, STERN_PEER, STERN_LIMIT, those that apply), and a message
 * that names the room first ("room K7QX2M: …") wherever it is read.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a line is about; NULL or "" leaves a field out. */
typedef struct {
  const char *room;    /* STERN_ROOM: a room's code */
  const char *conn;    /* STERN_CONN: one connection, ADDRESS:PORT#N */
  const char *peer;    /* STERN_PEER: the address its limits count */
  const char *limit;   /* STERN_LIMIT: the limit that acted */
} SternLogAbout;

void stern_server_log (const char          *code_file,
                       const char          *code_line,
                       const char          *code_func,
                       GLogLevelFlags       level,
                       const SternLogAbout *about,
                       const char          *format,
                       ...) G_GNUC_PRINTF (6, 7);

#define STERN_LOG_HERE __FILE__, G_STRINGIFY (__LINE__), G_STRFUNC

/* Beside these: room_log (a SternRoom, stern-room-private.h), conn_log and
 * conn_room_log (a connection, stern-server-private.h). */

/* A line about nothing in particular (the server, its store, its socket). */
#define server_log(level, ...) \
  stern_server_log (STERN_LOG_HERE, level, NULL, __VA_ARGS__)
/* A line about the room with this code. */
#define room_code_log(code, level, ...) \
  stern_server_log (STERN_LOG_HERE, level, &(SternLogAbout) { .room = (code) }, __VA_ARGS__)
/* A line about an address, and the limit that acted (NULL: none). */
#define limit_log(address, what, level, ...) \
  stern_server_log (STERN_LOG_HERE, level, \
                    &(SternLogAbout) { .peer = (address), .limit = (what) }, __VA_ARGS__)

G_END_DECLS
