/* stern-online-texts.h: what the window and the Play Online dialog share
 * of network play: the requests the dialog makes, and the words (errors,
 * addresses, the status line).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-match.h"
#include "stern-net-protocol.h"
#include "stern-online-match.h"

G_BEGIN_DECLS

/* What the Play Online dialog asks the window for (its "go-online"). */
typedef enum {
  STERN_ONLINE_CREATE,
  STERN_ONLINE_JOIN,
  STERN_ONLINE_WATCH,
  STERN_ONLINE_RESUME,   /* the seat kept by the last run (stern_window_resume_online) */
  STERN_ONLINE_QUICK,    /* Quick Play: setup names the variant */
} SternOnlineRequest;

/* A protocol error (doc/protocol.md) for people, translated. */
const char *stern_online_error_text (SternNetErrorCode code);

/* The ws:// address of "host", "host:port" or a ws:// or wss:// address;
 * NULL with an error when it cannot be one. */
char       *stern_online_address_to_uri (const char *address, GError **error);
/* The address to show and keep for a server's ws:// address: "host:port"
 * when that gives it back, else the address itself. */
char       *stern_online_uri_to_address (const char *uri);

/* The status line of an online game followed by match (whose turn, "Your
 * turn", waiting, who left, who asked for a rematch).  player_name is the
 * local player's; left says why the game ended when a player gave it up
 * by leaving ("Anna left the game."), or is NULL. */
char       *stern_online_status_text (SternOnlineMatch *online, SternMatch *match,
                                      const char *player_name, const char *left);

G_END_DECLS
