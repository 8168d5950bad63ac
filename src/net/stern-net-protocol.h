/* stern-net-protocol.h: the messages of network play (doc/protocol.md).
 *
 * Every message is one JSON object in one WebSocket text frame, with a
 * "type" member naming it.  Parsing checks the size, the JSON, the type,
 * every member's presence and type and range, and rejects members the
 * type does not have; the error names the member ("move.path: …").
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "stern-game.h"
#include "stern-search.h"

G_BEGIN_DECLS

/* The version this side speaks, and the oldest one a server still
 * answers in its own terms (doc/protocol.md, "Versioning"). */
#define STERN_NET_PROTOCOL_VERSION 3
#define STERN_NET_PROTOCOL_OLDEST  2

/* Largest message a client may send, and a server (a room's whole history
 * fits: six players of 200 moves with long paths). */
#define STERN_NET_MAX_CLIENT_MESSAGE 4096
#define STERN_NET_MAX_SERVER_MESSAGE (512 * 1024)

#define STERN_NET_CODE_LEN   6    /* room code, the invitation */
#define STERN_NET_TOKEN_LEN  32   /* seat token, hex */
#define STERN_NET_MAX_NAME_CHARS 40 /* characters of a player's name */
#define STERN_NET_MAX_NAME   (STERN_NET_MAX_NAME_CHARS * 4) /* its bytes, at most */
#define STERN_NET_MAX_TEXT   200  /* bytes of an error's text, and of a chat line */
#define STERN_NET_MAX_ROOMS_LISTED 100
/* Longest clock: a day of reserve, an hour of increment. */
#define STERN_NET_MAX_RESERVE_MS   (24 * 3600 * 1000)
#define STERN_NET_MAX_INCREMENT_MS (3600 * 1000)

typedef enum {
  STERN_NET_TO_SERVER,
  STERN_NET_TO_CLIENT,
} SternNetDirection;

typedef enum {
  /* client → server */
  STERN_NET_MSG_HELLO,
  STERN_NET_MSG_LIST,
  STERN_NET_MSG_CREATE,
  STERN_NET_MSG_JOIN,
  STERN_NET_MSG_WATCH,
  STERN_NET_MSG_RESUME,
  STERN_NET_MSG_MOVE,
  STERN_NET_MSG_RESIGN,
  STERN_NET_MSG_LEAVE,
  STERN_NET_MSG_QUICK,      /* protocol 2: a seat in any room of the variant waiting for players */
  STERN_NET_MSG_CHAT,       /* protocol 2: a line of text to the room (both directions) */
  STERN_NET_MSG_REMATCH,    /* protocol 2: after the end, the same players again, seats rotated */
  /* server → client */
  STERN_NET_MSG_WELCOME,
  STERN_NET_MSG_LOBBY,
  STERN_NET_MSG_JOINED,
  STERN_NET_MSG_ROOM,
  STERN_NET_MSG_ACTION,
  STERN_NET_MSG_ERROR,
  STERN_NET_MSG_SAID,       /* protocol 2: "chat" as the server relays it */
  STERN_NET_MSG_INVITED,    /* protocol 2, new: an invited seat's key, to the room's creator */
  STERN_NET_N_MSG_TYPES,
} SternNetMsgType;

SternNetDirection stern_net_msg_type_direction (SternNetMsgType type);

/* Errors of the protocol, sent as the "error" member of an error message. */
#define STERN_NET_ERROR (stern_net_error_quark ())
GQuark stern_net_error_quark (void);

typedef enum {
  STERN_NET_ERROR_BAD_JSON,       /* "bad-json": not one JSON object in UTF-8 */
  STERN_NET_ERROR_TOO_LARGE,      /* "too-large" */
  STERN_NET_ERROR_BAD_FIELD,      /* "bad-field": missing, extra, wrong type or range */
  STERN_NET_ERROR_UNKNOWN_TYPE,   /* "unknown-type" */
  STERN_NET_ERROR_VERSION,        /* "version" */
  STERN_NET_ERROR_STATE,          /* "state": not allowed now (no hello, already in a room…) */
  STERN_NET_ERROR_NO_ROOM,        /* "no-room" */
  STERN_NET_ERROR_SEAT_TAKEN,     /* "seat-taken" */
  STERN_NET_ERROR_BAD_TOKEN,      /* "bad-token" */
  STERN_NET_ERROR_NOT_A_PLAYER,   /* "not-a-player": spectators do not move */
  STERN_NET_ERROR_NOT_YOUR_TURN,  /* "not-your-turn" */
  STERN_NET_ERROR_STALE,          /* "stale": the move was for another ply */
  STERN_NET_ERROR_ILLEGAL,        /* "illegal": the engine refused it */
  STERN_NET_ERROR_GAME_OVER,      /* "game-over" */
  STERN_NET_ERROR_RATE_LIMITED,   /* "rate-limited" */
  STERN_NET_ERROR_FULL,           /* "full": the server has no room for more */
  STERN_NET_ERROR_INTERNAL,       /* "internal" */
  STERN_NET_N_ERRORS,
} SternNetErrorCode;

const char *stern_net_error_name (SternNetErrorCode code);
gboolean    stern_net_error_lookup (const char *name, SternNetErrorCode *code);

typedef enum {
  STERN_NET_SEAT_OPEN,      /* anyone with the code; listed in the lobby */
  STERN_NET_SEAT_INVITED,   /* kept for someone with the code; not listed */
  STERN_NET_SEAT_COMPUTER,
} SternNetSeatKind;

typedef struct {
  SternNetSeatKind kind;
  SternLevel level;                      /* computer seats */
  char       name[STERN_NET_MAX_NAME + 1]; /* invited: for whom; may be empty */
} SternNetSeatSetup;

/* What a room is created with. */
typedef struct {
  const SternVariant *variant;
  SternPreset preset;
  gint64      reserve_ms;                /* 0: no clock */
  gint64      increment_ms;
  SternNetSeatSetup seats[STERN_N_SEATS]; /* only the variant's seats count */
} SternNetSetup;

/* A seat as a room message shows it. */
typedef struct {
  guint8     seat;
  SternNetSeatKind kind;
  SternLevel level;
  char       name[STERN_NET_MAX_NAME + 1];
  gboolean   taken;       /* a person holds the seat */
  gboolean   connected;   /* … and is connected now */
  gboolean   replaced;    /* the computer plays it now (left, time, resigned) */
  gint64     clock_ms;    /* time left, or -1 without a clock */
  gint64     grace_ms;    /* dropped: time left to come back, or -1 */
} SternNetSeatInfo;

typedef struct {
  char     code[STERN_NET_CODE_LEN + 1];
  const SternVariant *variant;
  SternPreset preset;
  guint    players;      /* seats taken by people */
  guint8   open_seats[STERN_N_SEATS];
  guint    n_open;
  char     host[STERN_NET_MAX_NAME + 1]; /* protocol 3: whom the room is known by; "": none */
} SternNetLobbyRoom;

/* One message; which members are set depends on type. */
typedef struct {
  SternNetMsgType type;

  int      protocol;                        /* hello, welcome; the others: the version
                                               written for (newer members left out) */
  char    *name;                            /* hello, create, join (may be NULL) */
  char    *server;                          /* welcome */
  guint    online;                          /* welcome, lobby */
  guint    looking;                         /* lobby: people in listed rooms, waiting */
  guint    spectators;                      /* room: connections watching */
  gboolean rematch[STERN_N_SEATS];          /* room: the seats that asked for a rematch */
  char     code[STERN_NET_CODE_LEN + 1];    /* join, watch, resume, joined, room, action */
  char     token[STERN_NET_TOKEN_LEN + 1];  /* resume, joined */
  char     key[STERN_NET_TOKEN_LEN + 1];    /* join (optional: an invited seat's key), invited */
  guint8   seat;                            /* join (STERN_NO_SEAT: any), joined, action;
                                               create: the seat to take or STERN_NO_SEAT */
  guint    ply;                             /* move: actions before it; action: its index */
  guint8   path[STERN_MAX_PATH];            /* move, action: in path_variant's notation */
  gsize    path_len;
  /* The board the path's cells are on: NULL for the star's.  A parsed
   * message has the path as text (path_text) and as the star's cells
   * when it names star holes; stern_net_message_resolve_path() reads it
   * on the room's board. */
  const SternVariant *path_variant;
  char    *path_text;                       /* move, action (parsed) */
  SternNetSetup setup;                      /* create, room */

  /* room */
  SternNetSeatInfo seats[STERN_N_SEATS];    /* by seat number; the variant's seats */
  GPtrArray *actions;                       /* room: every action as text ("m1-m3", "--",
                                               "resign(white)", "timeout(red)") */
  guint8   turn;                            /* room, action: seat on turn or STERN_NO_SEAT */
  gboolean over;                            /* room, action */
  char    *result;                          /* room, action: stern_record_result() */

  /* action */
  SternActionKind action;
  gint64   clocks[STERN_N_SEATS];           /* action: time left, -1 without a clock */
  gboolean has_clocks;

  /* lobby */
  GArray  *rooms;                           /* SternNetLobbyRoom */

  /* error */
  SternNetErrorCode error;
  char    *text;                            /* error; chat, said: the line */
  char    *field;                           /* may be NULL */
} SternNetMessage;

SternNetMessage *stern_net_message_new (SternNetMsgType type);
void             stern_net_message_free (SternNetMessage *msg);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SternNetMessage, stern_net_message_free)

/* Parses one frame.  NULL with error (STERN_NET_ERROR) when it is not a
 * valid message for that direction; the error's text names the member, and
 * *field (if not NULL) gets it as a newly allocated string or NULL. */
SternNetMessage *stern_net_message_parse (const char *data, gsize len,
                                          SternNetDirection direction,
                                          char **field, GError **error);

/* The message as compact JSON; it parses back to the same message. */
char            *stern_net_message_to_json (const SternNetMessage *msg);

/* Reads the path of a parsed move or action on variant's board (the
 * square boards name their cells otherwise than the star); the error
 * names the member ("move.path: …"). */
gboolean         stern_net_message_resolve_path (SternNetMessage *msg,
                                                 const SternVariant *variant,
                                                 GError **error);

/* An error message from a GError of STERN_NET_ERROR (others become "internal"). */
SternNetMessage *stern_net_message_new_error (const GError *error, const char *field);

/* Applies action text as in room messages ("m1-m3", "--", "resign(white)",
 * as stern_notation_format_action writes it) to game; the engine checks
 * the moves. */
gboolean         stern_net_apply_action_text (SternGame *game, const char *text,
                                              GError **error);

/* A name as the protocol takes it: what it may not hold left out, blanks
 * at both ends trimmed, cut at STERN_NET_MAX_NAME_CHARS characters; NULL
 * when nothing is left.  Free with g_free. */
char            *stern_net_name_clean (const char *name);

/* Room codes and tokens: their alphabet and form. */
gboolean         stern_net_code_is_valid (const char *code);
gboolean         stern_net_token_is_valid (const char *token);
void             stern_net_random_code (char code[STERN_NET_CODE_LEN + 1]);
void             stern_net_random_token (char token[STERN_NET_TOKEN_LEN + 1]);

/* Invitation links: sternhalma://HOST[:PORT]/CODE, or with "?tls=1" for a
 * server that speaks TLS, and "key=KEY" (after "?" or "&") for an invited
 * seat.  The default port is STERN_NET_DEFAULT_PORT. */
#define STERN_NET_DEFAULT_PORT 7130

char            *stern_net_invitation_format (const char *host, guint port, gboolean tls,
                                              const char *code);
/* The server's WebSocket address (ws:// or wss://) and the room code; the
 * error names what is wrong with the link. */
gboolean         stern_net_invitation_parse  (const char *link, char **ws_uri,
                                              char code[STERN_NET_CODE_LEN + 1],
                                              GError **error);
/* The same with an invited seat's key (key: NULL for none). */
char            *stern_net_invitation_format_key (const char *host, guint port, gboolean tls,
                                                  const char *code, const char *key);
/* key gets the link's key, or "" when it has none. */
gboolean         stern_net_invitation_parse_key  (const char *link, char **ws_uri,
                                                  char code[STERN_NET_CODE_LEN + 1],
                                                  char key[STERN_NET_TOKEN_LEN + 1],
                                                  GError **error);

G_END_DECLS
