/* stern-match-private.h: the match's state, shared by the files of the
 * match: stern-match.c (the game being played), stern-match-players.c (who
 * plays each seat), stern-match-clock.c (whose time runs),
 * stern-match-save.c (what it keeps on disk) and stern-match-hint.c.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-match.h"
#include "stern-autosave.h"

G_BEGIN_DECLS

typedef struct {
  guint    turn;
  gboolean thinking;
  gboolean can_undo;
  gboolean can_redo;
  gboolean browsing;
  gboolean over;
} State;

struct _SternMatch
{
  GObject         parent_instance;

  SternGame      *game;
  SternGameSetup  setup;
  SternGameClock *clock;
  SternPlayer    *players[STERN_N_SEATS];
  gboolean        replaced[STERN_N_SEATS];

  gboolean        thinking;        /* a player other than the local human is choosing */
  guint           hold_count;
  gboolean        pending_move;    /* a chosen move waits for the release */
  SternMove       pending;
  gboolean        pending_game_over;
  gboolean        over_announced;  /* "game-over" was emitted for this end */
  gboolean        end_counted;     /* the end has been rated */
  gboolean        rating_counted;  /* … and changed the rating: */
  double          rating_before, rating_after;
  gboolean        paused;
  gboolean        syncing;         /* in stern_match_sync_clock() */
  guint           computer_delay_ms;
  guint           clock_ticks;

  char           *data_dir;
  gboolean        autosave_held;
  GError         *save_error;      /* the last autosave failed: why */
  SternAutosaveState autosave_state; /* what is on disk, for the next save's journal line */
  gboolean        keep_replaced;   /* the save on disk is a game this one replaced, kept
                                    * there until this one has a move */
  char           *locked_dir;      /* the data folder whose lock it holds, or NULL */
  GError         *lock_error;      /* another copy of the game holds it: nothing is saved */
  gboolean        unsaved;         /* what is played is not on disk */
  gboolean        saved_elsewhere; /* the user saved these moves to a file */
  guint           saved_n_total;   /* … the actions then */
  guint           saved_n;         /* … and the position shown */
  char           *notice;          /* damaged data, told to the user */

  State           last;            /* the properties as last notified */

  /* A match a server referees (stern_match_set_commit_func and the rest). */
  SternMatchCommitFunc commit_func;
  gpointer        commit_data;
  GDestroyNotify  commit_destroy;
  gboolean        stopped;         /* nobody plays, no clock runs */
  int             takeover_level;  /* for a seat given up (club); -1: the rules' */
};

enum {
  PROP_0,
  PROP_TURN,
  PROP_THINKING,
  PROP_THINKING_PROGRESS,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_BROWSING,
  PROP_OVER,
  PROP_COMPUTER_DELAY,
  PROP_DATA_DIR,
  PROP_SAVE_ERROR,
  PROP_UNSAVED,
  PROP_NOTICE,
  N_PROPS
};

G_GNUC_INTERNAL extern GParamSpec *stern_match_properties[N_PROPS];

/* The game is over at its last action (not only at the position shown). */
static inline gboolean
stern_match_game_over_at_end (const SternGame *game)
{
  return stern_game_is_over_at_end (game);
}

/* An earlier position than the newest is shown (stern_match_is_browsing()
 * without the checks of a public entry point). */
static inline gboolean
stern_match_browsing (SternMatch *self)
{
  return stern_game_can_redo (self->game);
}

/* The files of the match call each other through these: playing needs the
 * players and the clock, and they play on (a chosen move, a timeout). */

/* stern-match.c */
/* Tells the properties that changed since the last call. */
G_GNUC_INTERNAL void stern_match_notify_state (SternMatch *self);
/* After the game changed: passes for players without a move, shows the
 * change, then hands the turn to its player, or ends. */
G_GNUC_INTERNAL void stern_match_advance (SternMatch *self, gboolean animate);
/* The commit function's word on an action (TRUE without one). */
G_GNUC_INTERNAL gboolean stern_match_commit_action (SternMatch *self, SternActionKind kind,
                                                    guint seat, const guint8 *path, gsize len,
                                                    GError **error);
/* A computer player's progress changed: thinking-progress may have. */
G_GNUC_INTERNAL void stern_match_thinker_progressed (SternMatch *self);
/* Plays the move the player on turn chose. */
G_GNUC_INTERNAL void stern_match_play_chosen (SternMatch *self, guint from, guint to);
/* After a resignation or a timeout of seat. */
G_GNUC_INTERNAL void stern_match_after_give_up (SternMatch *self, unsigned seat);

/* stern-match-players.c */
G_GNUC_INTERNAL void stern_match_stop_players (SternMatch *self);
G_GNUC_INTERNAL void stern_match_clear_players (SternMatch *self);
/* Puts player (the match takes it) on seat, in place of the one there. */
G_GNUC_INTERNAL void stern_match_put_player (SternMatch *self, unsigned seat,
                                             SternPlayer *player);
/* The players of the setup. */
G_GNUC_INTERNAL void stern_match_create_players (SternMatch *self);

/* stern-match-clock.c */
/* Starts or stops the time of the player on turn as the match now is. */
G_GNUC_INTERNAL void stern_match_sync_clock (SternMatch *self);
G_GNUC_INTERNAL void stern_match_time_ran_out (SternMatch *self, unsigned seat);
/* The handler of the clock's "tick". */
G_GNUC_INTERNAL void stern_match_on_clock_tick (SternMatch *self);

/* stern-match-save.c */
G_GNUC_INTERNAL void stern_match_set_notice (SternMatch *self, const char *notice);
/* Counts a finished game in the ratings file of the data folder. */
G_GNUC_INTERNAL void stern_match_count_game (SternMatch *self);

G_END_DECLS
