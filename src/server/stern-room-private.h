/* stern-room-private.h: what stern-room.c and stern-room-state.c share.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-clock.h"
#include "stern-match.h"
#include "stern-room.h"
#include "stern-server-log.h"

G_BEGIN_DECLS

/* The stored state's format (the same as the room files before the
 * store), and the largest state read back. */
#define ROOM_STATE_FORMAT  1
#define ROOM_STATE_MAX     (STERN_NET_MAX_SERVER_MESSAGE + 4096)
/* How soon an action the room makes by itself is tried again after the
 * store refused it. */
#define STORE_RETRY_MS     1000

/* A line about this room (stern-server-log.h). */
#define room_log(room, level, ...) room_code_log ((room)->code, level, __VA_ARGS__)

typedef struct {
  SternNetSeatSetup setup;
  char     name[STERN_NET_MAX_NAME + 1];
  char     token[STERN_NET_TOKEN_LEN + 1];   /* empty while nobody holds the seat */
  char     invite[STERN_NET_TOKEN_LEN + 1];  /* an invited seat's key; empty: none needed */
  gboolean taken;
  gboolean connected;
  gboolean replaced;
  guint    grace_id;
  gint64   dropped_us;    /* when the grace period started */
} Seat;

struct _SternRoom {
  GObject parent_instance;

  char          code[STERN_NET_CODE_LEN + 1];
  SternStore   *store;     /* NULL: not kept */
  SternNetSetup setup;
  /* The referee: the session's match, a SternHumanPlayer for each seat of
   * people (their moves come in through stern_match_play_path) and the
   * session's computer player for the others. */
  SternMatch   *match;
  guint         announced; /* actions told to the room so far */
  gboolean      asked;     /* in an action a player asked for: a refusal is its answer */
  Seat          seats[STERN_N_SEATS];
  guint         grace_ms;
  SternLevel    replacement_level;
  gboolean      paused;    /* stopped: nobody is left to play with */
  gboolean      running;
  guint         retry_id;
  guint         spectators;
  gboolean      rematch[STERN_N_SEATS];   /* asked for after the end */
  char          rematch_code[STERN_NET_CODE_LEN + 1]; /* the rematch's room; empty: none */
  /* Whom the lobby names the room by: the seat its maker took
   * (STERN_NO_SEAT: none, or they gave it up), or the name of a maker
   * who took none, while they are in the room. */
  guint         host_seat;
  char          host_name[STERN_NET_MAX_NAME + 1];
};

/* The seats before a change of seats, kept until the store has it: a write that
 * fails puts the room back as it was, and nobody hears of the action. */
typedef struct {
  Seat       seats[STERN_N_SEATS];
  guint      host_seat;
} SternRoomUndo;

/* The match of a new room (game NULL) or of one read back (game and
 * clock as they were; both taken over). */
void     stern_room_init_setup (SternRoom *self, const char *code, const SternNetSetup *setup,
                                SternGame *game, const SternClock *clock);
SternGame *stern_room_game (SternRoom *self);
/* The room's state for the store, as it is or with the game after (an
 * action about to be played). */
char    *stern_room_state_text (SternRoom *self, const SternGame *after);
/* Tried again a little later (the store refused what the room did by
 * itself). */
void     stern_room_retry_later (SternRoom *self);
gboolean stern_room_seat_in_play (SternRoom *self, unsigned seat);
gint64   stern_room_now_us (void);
/* The seat's time left, -1 without a clock. */
gint64   stern_room_clock_ms (SternRoom *self, unsigned seat, gint64 now);
void     stern_room_undo_take  (SternRoom *self, SternRoomUndo *undo);
void     stern_room_undo_clear (SternRoomUndo *undo);
/* Stores the room after an action; on failure the room is put back as it
 * was before it, the failure logged, and error is "internal". */
gboolean stern_room_commit     (SternRoom *self, SternRoomUndo *undo, GError **error);

G_END_DECLS
