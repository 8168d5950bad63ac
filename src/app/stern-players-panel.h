/* stern-players-panel.h: the players of a match, one row a seat: whose
 * turn it is, who plays (human or computer level, team), the state (marbles
 * in the goal, place, out) and the time left.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-match.h"

G_BEGIN_DECLS

#define STERN_TYPE_PLAYERS_PANEL (stern_players_panel_get_type ())
G_DECLARE_FINAL_TYPE (SternPlayersPanel, stern_players_panel, STERN, PLAYERS_PANEL, GtkWidget)

/* The match followed (a reference is kept); NULL lets go of it. */
void        stern_players_panel_set_match (SternPlayersPanel *self, SternMatch *match);
/* The "player-name" property: the name of a lone human (empty: the colour). */
void        stern_players_panel_set_player_name (SternPlayersPanel *self, const char *name);

/* Network play: the name the seat's player gave (NULL: as in a local game)
 * and whether they are connected (translated, e.g. "away"; NULL: nothing). */
void        stern_players_panel_set_seat_online (SternPlayersPanel *self, guint seat,
                                                 const char *name, const char *presence);

/* For tests: the name a seat's row shows (NULL when the seat is not played). */
const char *stern_players_panel_get_name_text  (SternPlayersPanel *self, guint seat);

G_END_DECLS
