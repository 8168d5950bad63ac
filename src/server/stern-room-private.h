/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stern-room-private.h: what stern-room.c and stern-room-state.c share. */
#pragma once

#include "stern-clock.h"
#include "stern-room.h"

G_BEGIN_DECLS

/* The stored state's format (the same as the room files before the
 * store), and the largest state read back. */
#define ROOM_STATE_FORMAT  1
#define ROOM_STATE_MAX     (STERN_NET_MAX_SERVER_MESSAGE + 4096)
/* How soon an action the room makes by itself is tried again after the
 * store refused it. */
#define STORE_RETRY_MS     1000
/* How long after the clock's end the time-out check runs, so the check
 * never comes a little too early. */
#define CLOCK_SLACK_MS     5

#define room_log(room, level, ...) \
  g_log_structured (G_LOG_DOMAIN, level, "STERN_ROOM", (room)->code, "MESSAGE", __VA_ARGS__)

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
  SternGame    *game;
  Seat          seats[STERN_N_SEATS];
  SternClock    clock;
  guint         clock_id;
  guint         grace_ms;
  SternLevel    replacement_level;
  GCancellable *cancellable;
  gboolean      thinking;
  gint         *stop;      /* the search under way stops when set */
  gboolean      paused;    /* the computer's turn, with no person left to see it */
  gboolean      running;
  guint         retry_id;
  guint         spectators;
  gboolean      rematch[STERN_N_SEATS];   /* asked for after the end */
};

/* What an action may change, kept until the store has it: a write that
 * fails puts the room back as it was, and nobody hears of the action. */
typedef struct {
  SternGame *game;
  SternClock clock;
  Seat       seats[STERN_N_SEATS];
} SternRoomUndo;

void     stern_room_init_setup (SternRoom *self, const char *code, const SternNetSetup *setup);
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
