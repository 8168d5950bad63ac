/* stern-match.h: a game being played: the model the window observes.
 *
 * A match owns the SternGame, its setup, the clock and one player per
 * seat.  It plays the moves its players choose, passes for players without
 * a move, runs the clock and ends a player's game when its time runs out,
 * saves the game in progress after every change (when it has a data
 * directory) and counts a finished game in the ratings.
 *
 * Views follow it through property notifications and signals:
 *
 *   "game-started" ()                          a new or loaded game
 *   "position-changed" (gboolean animate)      the position shown changed
 *   "move-played" (guint index, gboolean animate)  an action was played
 *   "turn-started" (guint seat)                a player has the turn
 *   "setup-changed" ()                         who plays a seat changed
 *   "game-over" ()                             the game has ended
 *
 * and the properties "save-error" (GError, the autosave failed), "unsaved"
 * (moves not on disk) and "notice" (damaged data the user must hear of).
 *
 * A view that shows a move for a while (an animation) holds the match:
 * until it releases it, no clock runs, a computer's move waits and so
 * does "game-over".
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-game-clock.h"
#include "stern-game-setup.h"
#include "stern-player.h"

G_BEGIN_DECLS

#define STERN_TYPE_MATCH (stern_match_get_type ())
G_DECLARE_FINAL_TYPE (SternMatch, stern_match, STERN, MATCH, GObject)

/* The shortest time a computer move takes, so that it can be followed. */
#define STERN_MATCH_DEFAULT_COMPUTER_DELAY_MS 500

SternMatch     *stern_match_new (void);

/* Starts game (taken over) with these players; clock: the times of a saved
 * game or NULL for the setup's.  Stops whatever the old game's players were
 * doing. */
void            stern_match_start    (SternMatch *self, SternGame *game,
                                      const SternGameSetup *setup, const SternClock *clock);
void            stern_match_new_game (SternMatch *self, const SternGameSetup *setup);

SternGame      *stern_match_get_game   (SternMatch *self);
const SternGameSetup *stern_match_get_setup (SternMatch *self);
SternGameClock *stern_match_get_clock  (SternMatch *self);
SternPlayer    *stern_match_get_player (SternMatch *self, guint seat);
/* Gives a seat of the game to another player (one on the network); takes
 * a reference.  When the seat is on turn, its turn starts again. */
void            stern_match_set_player (SternMatch *self, guint seat, SternPlayer *player);

/* Properties. */
guint           stern_match_get_turn   (SternMatch *self);
gboolean        stern_match_is_thinking (SternMatch *self);
/* How far the computer on turn has got with its move, 0 to 1; 0 when no
 * computer is thinking. */
double          stern_match_get_thinking_progress (SternMatch *self);
/* The computer on turn plays the best move it has found so far, now;
 * FALSE when no computer of this match is thinking. */
gboolean        stern_match_move_now    (SternMatch *self);
gboolean        stern_match_can_undo   (SternMatch *self);
gboolean        stern_match_can_redo   (SternMatch *self);
/* An earlier position is shown: nobody's turn starts, no clock runs. */
gboolean        stern_match_is_browsing (SternMatch *self);
gboolean        stern_match_is_over    (SternMatch *self);

/* A local human is on turn and has a move to make. */
gboolean        stern_match_human_to_play (SternMatch *self);
gboolean        stern_match_is_human      (SternMatch *self, guint seat);

/* The game changes the rating when it ends (stern_ratings_setup_is_rated). */
gboolean        stern_match_is_rated      (SternMatch *self);
/* The human asks for help (a hint, an undo, the analysis board): a rated
 * game not yet over becomes unrated, for good (saved with it).  TRUE when
 * it did just now, for the caller to say so. */
gboolean        stern_match_use_help      (SternMatch *self);
/* Why a move was not played (STERN_MATCH_ERROR); a commit function's own
 * error (stern_match_set_commit_func) comes back as it is. */
#define STERN_MATCH_ERROR (stern_match_error_quark ())
GQuark stern_match_error_quark (void);

typedef enum {
  STERN_MATCH_ERROR_NOT_YOUR_TURN,
  STERN_MATCH_ERROR_STALE,      /* the move was for another ply */
  STERN_MATCH_ERROR_ILLEGAL,    /* the engine refused it (the message says where) */
  STERN_MATCH_ERROR_GAME_OVER,  /* over, or the mover's time ran out */
} SternMatchError;

/* The one way a move is played: seat plays path, every hop of it checked
 * by the engine, as the game's action number ply (its actions so far). */
gboolean        stern_match_play_path (SternMatch *self, guint seat, guint ply,
                                       const guint8 *path, gsize len, GError **error);
/* The local human on turn plays from → to (the engine picks the path). */
gboolean        stern_match_play  (SternMatch *self, guint from, guint to, GError **error);
/* Back to the human's previous turn (against the computer), or one action. */
gboolean        stern_match_undo  (SternMatch *self);
/* Forward to the human's next turn, or one action. */
gboolean        stern_match_redo  (SternMatch *self);
/* Shows the position after n actions; at the newest one play goes on. */
void            stern_match_seek  (SternMatch *self, guint n_actions);
/* Who would resign now: the human on turn, else the first human still
 * playing; STERN_NO_SEAT when none. */
guint           stern_match_get_resigning_seat (SternMatch *self);
gboolean        stern_match_resign (SternMatch *self, guint seat, GError **error);
/* A seat the computer took over (club) after its human gave up. */
gboolean        stern_match_is_replaced (SternMatch *self, guint seat);

/* A suggestion for the human on turn, as a path; fails with
 * G_IO_ERROR_CANCELLED when the position changed meanwhile. */
void            stern_match_hint_async  (SternMatch *self, GCancellable *cancellable,
                                         GAsyncReadyCallback callback, gpointer user_data);
gboolean        stern_match_hint_finish (SternMatch *self, GAsyncResult *result,
                                         guint8 *path /* STERN_MAX_PATH */, gsize *len,
                                         GError **error);

void            stern_match_hold    (SternMatch *self);
void            stern_match_release (SternMatch *self);
/* Nobody's time runs while paused (the window is hidden, a question about
 * another game is open). */
void            stern_match_set_paused (SternMatch *self, gboolean paused);

void            stern_match_set_computer_delay (SternMatch *self, guint msec);
/* What a computer player may use for its turn (see stern-computer-player.h). */
gint64          stern_match_get_move_budget_ms (SternMatch *self, guint seat);
gint64          stern_match_get_delay_cap_ms   (SternMatch *self, guint seat);

/* The status line, translated: whose move ("Ada to move", player_name
 * standing for a lone human), the round, the countdown to leave home, a
 * pass, the end, the position shown in a replay. */
char           *stern_match_get_status_text (SternMatch *self, const char *player_name);
/* The same while the human on turn has a piece picked (picked TRUE): it
 * then says where the piece may go; how_to FALSE: without what to do
 * next, for a line short of room (stern_texts_status_line()). */
char           *stern_match_get_status_text_with_pick (SternMatch *self,
                                                       const char *player_name,
                                                       gboolean    picked,
                                                       gboolean    how_to);

/* The autosave (current-game.sgr) and the ratings (ratings.ini) live in
 * dir; NULL (the default) keeps nothing. */
void            stern_match_set_data_dir (SternMatch *self, const char *dir);
const char     *stern_match_get_data_dir (SternMatch *self);
/* Another copy of the game (another process) plays the game saved in the
 * data folder (its lock, stern_autosave_lock()): this match never writes
 * nor removes that save, and its own moves count as unsaved.  NULL when
 * the folder is this match's. */
const GError   *stern_match_get_data_dir_busy (SternMatch *self);
/* While held (a question whether to continue the saved game is open) the
 * save on disk is left as it is. */
void            stern_match_set_autosave_held (SternMatch *self, gboolean held);
gboolean        stern_match_get_autosave_held (SternMatch *self);
void            stern_match_autosave (SternMatch *self);
/* Why the last autosave failed (a GError of G_FILE_ERROR, G_IO_ERROR…),
 * NULL once one succeeds: the "save-error" property. */
const GError   *stern_match_get_save_error (SternMatch *self);
/* The moves played are not on disk: the last autosave failed and the
 * game was not saved elsewhere since ("unsaved"). */
gboolean        stern_match_has_unsaved_moves (SternMatch *self);
/* The game was saved to a file of the user's choice: autosaves that fail
 * with these same moves leave it saved. */
void            stern_match_mark_saved     (SternMatch *self);
/* Something the user must hear about their data, translated ("notice"):
 * a damaged autosave or ratings file, what was kept and where. */
const char     *stern_match_get_notice     (SternMatch *self);
void            stern_match_clear_notice   (SternMatch *self);
/* The rating before and after this game's end was counted; FALSE when it
 * changed no rating (not over, not rated, no data folder). */
gboolean        stern_match_get_rating_change (SternMatch *self, double *before,
                                               double *after);
/* The saved game to offer (stern_autosave_read); damage becomes the
 * notice. */
SternGame      *stern_match_read_autosave  (SternMatch *self, SternGameSetup *setup,
                                            SternClock *clock);
/* The whole game as a saved-game text (stern-saved-game.h). */
char           *stern_match_write (SternMatch *self);

/* A match refereed by a server (sternhalma-server's rooms).
 *
 * The commit function is asked before every action the match plays (a
 * move, a pass, a resignation, a time-out) with the game as the action
 * would leave it; FALSE (with error set) refuses the action, and the game
 * stays as it was: a refused move fails with that error, a refused pass or
 * time-out is tried again at the next change or clock tick. */
typedef gboolean (*SternMatchCommitFunc) (SternMatch      *match,
                                          const SternGame *after,
                                          GError         **error,
                                          gpointer         user_data);
void            stern_match_set_commit_func (SternMatch *self, SternMatchCommitFunc func,
                                             gpointer user_data, GDestroyNotify destroy);
/* Stopped, nobody plays: the player on turn stops (a computer's search
 * ends), no turn starts and no clock runs.  Set to FALSE, the turn of the
 * seat on turn starts (again). */
void            stern_match_set_stopped (SternMatch *self, gboolean stopped);
gboolean        stern_match_is_stopped  (SternMatch *self);
/* The level the computer takes a given-up seat over at (club); -1 (the
 * default): the rules' (stern_rules_takeover_level). */
void            stern_match_set_takeover_level (SternMatch *self, int level);

G_END_DECLS
