/* net-test-util.h: clients for the network tests: what each one heard,
 * waiting on the main loop with a time limit, and playing by itself.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-net-client.h"
#include "stern-search.h"
#include "stern-server.h"

#include "temp-dir-util.h"
#include "test-wait-util.h"

typedef struct {
  SternNetClient *client;
  GArray    *errors;        /* SternNetErrorCode, in order */
  GPtrArray *error_fields;  /* char *, "" for none */
  guint      n_welcome;
  guint      n_actions;     /* action messages */
  guint      n_rooms;       /* room messages */
  guint      n_joined;
  guint      n_lobby;
  SternNetMessage *lobby;   /* the last lobby */
  guint      actions_by_seat[STERN_N_SEATS];
  gboolean   closed;
  gboolean   autoplay;      /* plays its seat's turns (greedy) */
  SternSearch *search;
  guint      played_at;     /* ply of its last move, so it never sends one twice */
} Peer;

/* A connected client (asserts the welcome came). */
Peer     *peer_new (guint port, const char *name);
/* The same for any address, trusting `trusted` for wss:// (may be NULL). */
Peer     *peer_new_uri (const char *uri, GTlsCertificate *trusted, const char *name);
void      peer_free (Peer *peer);
void      peer_clear_errors (Peer *peer);
/* Waits for an error after `before` errors; returns its code or -1. */
int       peer_wait_error (Peer *peer, guint before, const char **field);
gboolean  peer_wait_joined (Peer *peer, guint before);
gboolean  peer_wait_actions (Peer *peer, guint n);
gboolean  peer_wait_over (Peer *peer, guint timeout_ms);
/* Waits until the server has handled everything the peer sent (its
 * answer to a list comes after the answers to what came before);
 * asserts it answered and the connection is open. */
void      peer_sync (Peer *peer);
/* Plays one move of the peer's seat now (greedy), FALSE if none. */
gboolean  peer_play_one (Peer *peer);

/* Starts server listening on 127.0.0.1 on a free port, without TLS
 * (asserts it does); returns the port. */
guint     net_listen_local (SternServer *server);
/* Condition on a Peer: it has heard of a room. */
gboolean  peer_has_room (gpointer peer);

/* sternhalma-server (the binary in STERN_SERVER) as a separate process on
 * 127.0.0.1, on a port of the kernel's choosing, with its rooms in dir;
 * its log (stderr) goes to stderr_path when that is set before the start. */
typedef struct {
  GSubprocess *proc;
  guint        port;
  const char  *stderr_path;
} NetServer;

void      net_server_start (NetServer *server, const char *dir);
/* Sends sig and waits (10 s at most) for the process to end; SIGTERM
 * must end it with status 0, SIGKILL must kill it. */
void      net_server_stop  (NetServer *server, int sig);

/* A setup with every seat open. */
void      net_setup_open (SternNetSetup *setup, const char *variant, SternPreset preset);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Peer, peer_free)
