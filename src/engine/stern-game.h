/* stern-game.h: a game from start to end (doc/rules.md §2, §4, §5, §8): turns,
 * passes, finishing and places, elimination, limits, repetition,
 * resignation, teams, and undo/redo through the whole history.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "stern-movegen.h"

typedef enum {
  STERN_PLAYER_PLAYING,
  STERN_PLAYER_FINISHED,
  STERN_PLAYER_ELIMINATED,
  STERN_PLAYER_RESIGNED,    /* resigned or ran out of time */
} SternPlayerState;

typedef enum {
  STERN_END_NONE,           /* still being played */
  STERN_END_FINISHED,       /* places decided by finishing (and eliminations) */
  STERN_END_ROUND_LIMIT,    /* round 150 closed */
  STERN_END_MOVE_LIMIT,     /* club: every player made 200 moves */
  STERN_END_REPETITION,     /* same position a third time */
  STERN_END_NO_MOVES,       /* no player in play could move */
  STERN_END_RESIGNATION,
  STERN_END_TIMEOUT,
  /* Square boards (doc/rules.md §9) */
  STERN_END_HOME_CHECK,     /* stones still at home at the leaving-home check */
  STERN_END_TEMPO,          /* the tempo check: the smaller tempo number won */
} SternEndReason;

typedef enum {
  STERN_ACTION_MOVE,
  STERN_ACTION_PASS,        /* a skipped turn, written "--" */
  STERN_ACTION_RESIGN,
  STERN_ACTION_TIMEOUT,
} SternActionKind;

typedef struct {
  SternActionKind kind;
  uint8_t seat;
  uint8_t path_len;                 /* holes in path, for a move */
  uint8_t path[STERN_MAX_PATH];
} SternAction;

typedef struct _SternGame SternGame;

/* Whether a game of variant can be played on preset: race is not defined
 * for three to six players (doc/rules.md §8), the square boards have only
 * their own rules.  FALSE with error (STERN_ERROR_ILLEGAL) saying why.
 * Every way a game starts checks this, so that no game is played that
 * its own record would refuse. */
gboolean     stern_preset_check (SternPreset preset, const SternVariant *variant,
                                 GError **error);
/* NULL (a critical) for a pair stern_preset_check() refuses. */
SternGame   *stern_game_new (const SternVariant *variant, SternPreset preset);
/* A game starting from pos; moves_made gives each seat's move counter
 * (NULL: all 0, so no leaving-home deadline is near). */
SternGame   *stern_game_new_from_position (const SternVariant *variant, SternPreset preset,
                                           const SternPosition *pos,
                                           const unsigned moves_made[STERN_N_SEATS]);
SternGame   *stern_game_copy (const SternGame *game);
/* A copy of the game as it stands that keeps only the last n_actions of its
 * history and none to redo: undo goes back at most that far, and the
 * repetition rule counts only the positions kept.  Costs n_actions, not the
 * length of the game: what a search in another thread is handed. */
SternGame   *stern_game_copy_recent (const SternGame *game, guint n_actions);
void         stern_game_free (SternGame *game);

const SternRules    *stern_game_get_rules    (const SternGame *game);
const SternVariant  *stern_game_get_variant  (const SternGame *game);
SternPreset          stern_game_get_preset   (const SternGame *game);
const SternPosition *stern_game_get_position (const SternGame *game);

/* Whether seat could finish from the position as it stands (doc/rules.md
 * §5, §8): it has a marble, and, where a goal is finished only when all
 * its holes are taken, the board holds at least as many marbles as the
 * goal has holes.  A position set up with fewer cannot end but at a limit. */
gboolean     stern_game_seat_can_finish (const SternGame *game, unsigned seat);

/* The seat on turn, or STERN_NO_SEAT when the game is over. */
unsigned     stern_game_get_turn (const SternGame *game);
gboolean     stern_game_is_over (const SternGame *game);
SternEndReason stern_game_get_end_reason (const SternGame *game);
/* Completed rounds (doc/rules.md §5); the round being played is this plus one. */
unsigned     stern_game_get_round (const SternGame *game);
unsigned     stern_game_get_moves_made (const SternGame *game, unsigned seat);
SternPlayerState stern_game_get_player_state (const SternGame *game, unsigned seat);
/* 1 = first; 0 while not placed.  Players who share a place have the same
 * number.  In team variants both partners carry their team's place. */
unsigned     stern_game_get_place (const SternGame *game, unsigned seat);
/* Moves left to the seat before the leaving-home check (its own move
 * counter against the deadline), or -1 when no deadline applies any more. */
int          stern_game_moves_to_leave_home (const SternGame *game, unsigned seat);
/* Square boards: moves left to the seat before the tempo check (doc/rules.md
 * §9), or -1 on the star. */
int          stern_game_moves_to_tempo_check (const SternGame *game, unsigned seat);
/* The seat's tempo number (doc/rules.md §9); 0 on the star. */
unsigned     stern_game_get_tempo (const SternGame *game, unsigned seat);

/* The legal moves of the seat on turn, fatal ones flagged; 0 when the game
 * is over or the seat must pass. */
size_t       stern_game_legal_moves (const SternGame *game, SternMove *moves);
gboolean     stern_game_is_legal (const SternGame *game, unsigned from, unsigned to);
/* Would playing from → to eliminate the mover (doc/rules.md §4)? */
gboolean     stern_game_is_fatal (const SternGame *game, unsigned from, unsigned to);
/* The seat on turn has no legal move and must pass. */
gboolean     stern_game_must_pass (const SternGame *game);

/* Each returns FALSE and sets error (STERN_ERROR) when not allowed now;
 * the game is then unchanged. */
gboolean     stern_game_play (SternGame *game, unsigned from, unsigned to, GError **error);
/* The path a legal move from → to takes (the one stern_game_play plays)
 * into path; 0 when the move is not legal. */
size_t       stern_game_move_path (const SternGame *game, unsigned from, unsigned to,
                                   uint8_t path[STERN_MAX_PATH]);
/* Plays a move given as a path, checking every hop (for records and input). */
gboolean     stern_game_play_path (SternGame *game, const uint8_t *path, size_t len,
                                   GError **error);
gboolean     stern_game_pass (SternGame *game, GError **error);
/* Resignation or running out of time by any seat still playing. */
gboolean     stern_game_resign (SternGame *game, unsigned seat, GError **error);
gboolean     stern_game_timeout (SternGame *game, unsigned seat, GError **error);

/* History: the actions played so far, and those undone (redo). */
guint        stern_game_get_n_actions (const SternGame *game);
const SternAction *stern_game_get_action (const SternGame *game, guint index);
gboolean     stern_game_can_undo (const SternGame *game);
gboolean     stern_game_can_redo (const SternGame *game);
gboolean     stern_game_undo (SternGame *game);
gboolean     stern_game_redo (SternGame *game);
/* Goes back or forward to the position after n actions (0 = start). */
gboolean     stern_game_seek (SternGame *game, guint n_actions);
/* Every action ever played, including the undone ones still redoable. */
guint        stern_game_get_n_actions_total (const SternGame *game);
/* Whether the game is over after its whole history (the undone actions
 * redone), without going there: a copy and a seek cost the length of the
 * game. */
gboolean     stern_game_is_over_at_end (const SternGame *game);

/* Marbles a seat has in its goal, and its summed distance to the goal
 * (the ranking keys of doc/rules.md §5). */
unsigned     stern_game_marbles_in_goal (const SternGame *game, unsigned seat);
unsigned     stern_game_distance_to_goal (const SternGame *game, unsigned seat);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SternGame, stern_game_free)

/* Errors of the engine: parsing and illegal actions. */
#define STERN_ERROR (stern_error_quark ())
GQuark stern_error_quark (void);

typedef enum {
  STERN_ERROR_PARSE,     /* malformed text */
  STERN_ERROR_ILLEGAL,   /* well-formed but against the rules */
  STERN_ERROR_GAME_OVER, /* nothing may be played any more */
} SternErrorCode;

/* The round (1 = the first) in which the action at index of the whole
 * history was played: what the move list and the notation number it by. */
unsigned     stern_game_get_action_round (const SternGame *game, guint index);

/* Why a move would eliminate its player (doc/rules.md §4). */
typedef enum {
  STERN_FATAL_NONE,           /* it would not */
  STERN_FATAL_LEFT_AT_HOME,   /* it is the deadline move and marbles that could
                               * still move would be left at home (the moved
                               * marble among them if it ends at home) */
  STERN_FATAL_ENDS_AT_HOME,   /* the deadline is past and the moved marble
                               * would end its move at home */
} SternFatalReason;

/* Why playing from → to would eliminate the player on turn.  at_home
 * (nullable) gets the marbles that cause it, as holes after the move: those
 * left at home for STERN_FATAL_LEFT_AT_HOME, the moved marble's hole `to`
 * for STERN_FATAL_ENDS_AT_HOME, none for STERN_FATAL_NONE. */
SternFatalReason stern_game_fatal_reason (const SternGame *game, unsigned from, unsigned to,
                                          SternSet *at_home);
