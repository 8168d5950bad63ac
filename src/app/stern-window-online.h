/* stern-window-online.h: network play in the game window: the window's
 * match followed through a server (SternOnlineMatch), the banner shown
 * while the connection is lost, who is connected in the players panel,
 * and the protocol's errors in the user's language.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-net-client.h"
#include "stern-online-match.h"
#include "stern-window.h"

#include "stern-online-texts.h"

G_BEGIN_DECLS

/* Set on a window opened for an invitation whose saved game was not yet
 * offered: if the server cannot be reached, it is offered then. */
#define STERN_WINDOW_OFFER_RESUME_KEY "stern-offer-resume"
/* The "Rematch asked" toast while it shows: withdrawn when the rematch
 * starts. */
#define STERN_WINDOW_REMATCH_TOAST_KEY "stern-online-rematch-toast"

/* Connects to ws_uri and, once connected, creates a room with setup
 * (taking its first seat), joins the room code, or watches it.  The
 * window's game becomes the room's; failures are shown in the window.
 * Returns the client (owned by the window) so that a caller can follow
 * its "joined" and "error" signals. */
SternNetClient   *stern_window_go_online (SternWindow *self, const char *ws_uri,
                                          SternOnlineRequest request,
                                          const SternNetSetup *setup, const char *code);
/* Joins the room of a sternhalma://HOST:PORT/CODE link (an invited seat's
 * link has its key too); a link that is not one is reported in the window. */
void              stern_window_open_invitation (SternWindow *self, const char *link);
/* Play Online, its requests answered by this window. */
void              stern_window_present_online_dialog (SternWindow *self);
/* The invited seat's key a client of stern_window_go_online() joins with. */
void              stern_window_set_invitation_key (SternNetClient *client, const char *key);
/* Back to a local game: leaves the room (NULL to stop following). */
void              stern_window_set_online (SternWindow *self, SternOnlineMatch *online);
SternOnlineMatch *stern_window_get_online (SternWindow *self);
/* The banner saying the connection is lost is shown. */
gboolean          stern_window_is_offline_banner_shown (SternWindow *self);
/* The banner's text (lost connection, waiting for players), or NULL. */
const char       *stern_window_get_online_banner (SternWindow *self);

/* The status line while online (whose turn, "Your turn", waiting, who
 * left), or NULL for a local game. */
char             *stern_window_online_status (SternWindow *self);
/* Why an online game ended when a player gave it up by leaving ("Anna
 * left the game."), else NULL. */
char             *stern_window_online_end_reason (SternWindow *self);
/* The seat to show at the bottom of the board: the local player's, or
 * STERN_NO_SEAT (local game, spectator). */
guint             stern_window_online_bottom_seat (SternWindow *self);
/* The local player holds a seat in an online game not over yet. */
gboolean          stern_window_online_in_play (SternWindow *self);
/* The local player plays an online game against someone other than the
 * computer: no hints there. */
gboolean          stern_window_online_hints_barred (SternWindow *self);

/* What follows a question whether to leave the seated online game: leave
 * is TRUE when the player said yes, or when there was nothing to leave
 * (then it runs at once). */
typedef void (*SternWindowLeaveFunc) (SternWindow *self, gboolean leave, gpointer data);
/* Asks first, with body (NULL: the general words), while the player holds
 * a seat in an online game in play; a question asked again answers the
 * last one with FALSE.  data is freed with destroy after then ran. */
void              stern_window_leave_online_then (SternWindow *self, const char *body,
                                                  SternWindowLeaveFunc then, gpointer data,
                                                  GDestroyNotify destroy);
/* After an online game: asks the server for a rematch (same players,
 * seats rotated); FALSE when the window is not a player of an ended
 * online game. */
gboolean          stern_window_online_rematch (SternWindow *self);
/* If the last run left an online game in play, goes back to its seat
 * (with the kept token) and says so in a toast. */
gboolean          stern_window_resume_online (SternWindow *self);

/* The D-Bus service GLib's GNotification would send the "Your turn"
 * notification through now (the portal only in a sandbox), or NULL when
 * that service is not there and nothing is sent; and whether the portal
 * is the one. */
const char       *stern_window_notification_service (GApplication *app);
gboolean          stern_notifications_use_portal (void);

G_END_DECLS
