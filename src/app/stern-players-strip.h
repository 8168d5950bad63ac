/* stern-players-strip.h: the players in one line above the board, for a
 * window too narrow for the side panel: a dot and the marbles in the goal
 * for each, the one on turn marked.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-match.h"

G_BEGIN_DECLS

#define STERN_TYPE_PLAYERS_STRIP (stern_players_strip_get_type ())
G_DECLARE_FINAL_TYPE (SternPlayersStrip, stern_players_strip, STERN, PLAYERS_STRIP, GtkWidget)

void        stern_players_strip_set_match (SternPlayersStrip *self, SternMatch *match);
/* What the strip shows for a seat ("7/10"), or NULL when it is not playing. */
const char *stern_players_strip_get_text (SternPlayersStrip *self, guint seat);
/* The seat marked as on turn, or STERN_NO_SEAT. */
guint       stern_players_strip_get_marked (SternPlayersStrip *self);

G_END_DECLS
