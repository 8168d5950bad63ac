/* stern-room.h: one room of sternhalma-server: the authoritative game, its
 * seats and clocks, the computer for empty or abandoned seats, and the
 * room's row in the store (stern-store.h).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-net-protocol.h"
#include "stern-store.h"

G_BEGIN_DECLS

#define STERN_TYPE_ROOM (stern_room_get_type ())
G_DECLARE_FINAL_TYPE (SternRoom, stern_room, STERN, ROOM, GObject)

/* A new room, kept in store (NULL: not kept).  Each invited seat gets a
 * key of its own (stern_room_get_invite). */
SternRoom   *stern_room_new  (const char *code, const SternNetSetup *setup, SternStore *store);
/* A room from the store, as it was after its last action. */
SternRoom   *stern_room_load (SternStore *store, const char *code, GError **error);
/* A room from the files of servers before the store (CODE.json and
 * CODE.json.alt, the newer that reads whole); not kept anywhere until
 * set_store and save. */
SternRoom   *stern_room_load_file (const char *path, GError **error);
void         stern_room_set_store (SternRoom *room, SternStore *store);
/* The key an invited seat is taken with, or NULL (not invited, or from a
 * server before invitation keys: the code is enough). */
const char  *stern_room_get_invite (SternRoom *room, guint seat);
/* The room's maker, whom the lobby names it by: the seat they took, or
 * (seat STERN_NO_SEAT) the name of a maker who watches.  Neither: the
 * maker left, and the first seat taken names the room. */
void         stern_room_set_host (SternRoom *room, guint seat, const char *name);

/* How long a player who dropped keeps the seat before the computer takes
 * it, and the level the computer then plays at. */
void         stern_room_set_grace (SternRoom *room, guint grace_ms);
void         stern_room_set_replacement_level (SternRoom *room, SternLevel level);
/* Starts the room: clocks, grace timers of absent players, the computer's
 * turn.  Call once after new/load, with the "broadcast" handler connected. */
void         stern_room_start (SternRoom *room);

const char  *stern_room_get_code (SternRoom *room);
const SternGame *stern_room_get_game (SternRoom *room);
gboolean     stern_room_is_over (SternRoom *room);
/* Every seat of people is taken (the game runs). */
gboolean     stern_room_is_started (SternRoom *room);
/* Seats people hold (connected or not). */
guint        stern_room_get_n_taken (SternRoom *room);
/* FALSE when the room should not be listed (no open seat, or over). */
gboolean     stern_room_get_lobby_entry (SternRoom *room, SternNetLobbyRoom *entry);

/* seat STERN_NO_SEAT: the first free seat (an invited one only with its
 * key).  Gives the seat's token. */
gboolean     stern_room_join   (SternRoom *room, guint seat, const char *name, const char *key,
                                guint *out_seat, char token[STERN_NET_TOKEN_LEN + 1],
                                GError **error);
gboolean     stern_room_resume (SternRoom *room, const char *token, guint *out_seat,
                                GError **error);
/* The seat's player asks for a rematch after the end (refused before:
 * STERN_NET_ERROR_STATE).  TRUE when every player has asked, FALSE with
 * error unset while some have not. */
gboolean     stern_room_ask_rematch (SternRoom *room, guint seat, GError **error);
/* The room where this finished game's rematch is played (NULL: none
 * yet): one rematch a game.  Kept in the store with the room; FALSE
 * (and not set) when the store refuses it. */
const char  *stern_room_get_rematch (SternRoom *room);
gboolean     stern_room_set_rematch (SternRoom *room, const char *code, GError **error);
/* How many connections watch the room; a change is told to everyone in
 * it (then TRUE). */
gboolean     stern_room_set_spectators (SternRoom *room, guint spectators);
/* The seat's player connected or dropped (dropping starts the grace period). */
void         stern_room_set_connected (SternRoom *room, guint seat, gboolean connected);
gboolean     stern_room_play   (SternRoom *room, guint seat, guint ply, const guint8 *path,
                                gsize len, GError **error);
gboolean     stern_room_resign (SternRoom *room, guint seat, GError **error);

/* The room message for the room as it is now. */
SternNetMessage *stern_room_describe (SternRoom *room);
/* Writes the room to its store (one transaction). */
gboolean     stern_room_save (SternRoom *room, GError **error);
/* The computer's turn, with nobody left in the room: it does not think
 * until a person comes back. */
gboolean     stern_room_is_paused   (SternRoom *room);
/* A search for the computer's move is under way. */
gboolean     stern_room_is_thinking (SternRoom *room);

G_END_DECLS

/* Signal "broadcast" (const char *json): a message for everyone in the room.
 * Every action is announced only after the store committed it: an action
 * it refuses is undone and refused with STERN_NET_ERROR_INTERNAL. */
