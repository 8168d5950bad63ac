/* stern-match-private.h: the match's state, shared by stern-match.c (the
 * game being played) and stern-match-save.c (what it keeps on disk).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-match.h"
#include "stern-saved-game.h"

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
  gboolean        paused;
  gboolean        syncing;         /* in sync_clock() */
  guint           computer_delay_ms;
  guint           clock_ticks;

  char           *data_dir;
  gboolean        autosave_held;
  GError         *save_error;      /* the last autosave failed: why */
  SternAutosaveState autosave_state; /* what is on disk, for the next save's journal line */
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

/* stern-match-save.c */
G_GNUC_INTERNAL void stern_match_set_notice (SternMatch *self, const char *notice);
/* Counts a finished game in the ratings file of the data folder. */
G_GNUC_INTERNAL void stern_match_count_game (SternMatch *self);

G_END_DECLS
