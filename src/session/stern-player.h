/* stern-player.h: who plays a seat of a match.
 *
 * The match (stern-match.h) hands each seat's turn to its player and takes
 * the move the player chooses, the same way for every kind: the local
 * human (whose moves come from the view through stern_match_play()), the
 * computer (a search in a worker thread) and, later, a player on the
 * network.  A player that chooses by itself announces its move with the
 * "move-chosen" signal; the match ignores an announcement that comes when
 * it is not that player's turn any more.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-game.h"

G_BEGIN_DECLS

typedef struct _SternMatch SternMatch;

typedef enum {
  STERN_PLAYER_KIND_HUMAN,     /* at this computer: moves come from the view */
  STERN_PLAYER_KIND_COMPUTER,
  STERN_PLAYER_KIND_REMOTE,    /* elsewhere (network play) */
} SternPlayerKind;

#define STERN_TYPE_PLAYER (stern_player_get_type ())
G_DECLARE_INTERFACE (SternPlayer, stern_player, STERN, PLAYER, GObject)

struct _SternPlayerInterface
{
  GTypeInterface parent_iface;

  SternPlayerKind (*get_kind)   (SternPlayer *self);
  /* The seat's turn begins in match (not called while an old position is
   * shown).  Optional. */
  void            (*start_turn) (SternPlayer *self,
                                 SternMatch  *match,
                                 guint        seat);
  /* Whatever start_turn began is dropped (undo, new game, time-out).
   * Optional. */
  void            (*stop)       (SternPlayer *self);
};

SternPlayerKind stern_player_get_kind   (SternPlayer *self);
void            stern_player_start_turn (SternPlayer *self, SternMatch *match, guint seat);
void            stern_player_stop       (SternPlayer *self);
/* For implementations: announces the chosen move. */
void            stern_player_emit_move_chosen (SternPlayer *self, guint from, guint to);

/* The local human: nothing to do at its turn, the view asks for moves. */
#define STERN_TYPE_HUMAN_PLAYER (stern_human_player_get_type ())
G_DECLARE_FINAL_TYPE (SternHumanPlayer, stern_human_player, STERN, HUMAN_PLAYER, GObject)

SternPlayer *stern_human_player_new (void);

G_END_DECLS
