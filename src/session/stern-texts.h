/* stern-texts.h: sentences the window shows about a game, built here so
 * they are tested without a display: why a move is fatal, what resigning
 * does, why a player is out, what the rules of a setup are, the status line,
 * why a move lost (which `sternhalma-cli review` prints too).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-game-review.h"
#include "stern-game-setup.h"
#include "stern-review.h"

G_BEGIN_DECLS

/* Why playing from → to eliminates the player on turn, naming the marbles
 * that cause it, ending with the question whether to play it anyway; NULL
 * when the move is not fatal.  Newly allocated. */
char       *stern_texts_fatal_move (const SternGame *game, unsigned from, unsigned to);

/* What resigning does for seat (its team named in team variants);
 * player_name as for stern_game_setup_seat_name().  Newly allocated. */
char       *stern_texts_resign_question (const SternGame *game, const SternGameSetup *setup,
                                         unsigned seat, const char *player_name);

/* A seat's state for the players panel and the game-over window:
 * "Resigned", "Partner resigned", "Eliminated: still had a marble at home
 * after move 30", …; NULL while it plays or after finishing.  Newly
 * allocated. */
char       *stern_texts_player_state (const SternGame *game, unsigned seat);

/* Why a move lost, as the review says it (stern_reviewer_why()): "moved
 * backwards 4 rows", …; NULL for STERN_REVIEW_WHY_NONE.  Newly
 * allocated. */
char       *stern_texts_review_why (SternReviewWhy why, unsigned figure);

/* What an answer to a Learn From Your Mistakes exercise was
 * (stern_game_review_check_exercise()), loss its loss in moves.  Newly
 * allocated. */
char       *stern_texts_exercise_verdict (SternExerciseVerdict verdict, double loss);

/* The rules of variant under preset in one paragraph, from the engine's
 * rule values.  Newly allocated. */
char       *stern_texts_rules_summary (const SternVariant *variant, SternPreset preset);

/* The leaving-home countdown is shown in the last COUNTDOWN_SHOWN moves
 * before the deadline while marbles are still at home, and marked as
 * urgent in the last COUNTDOWN_URGENT. */
#define STERN_TEXTS_COUNTDOWN_SHOWN  10
#define STERN_TEXTS_COUNTDOWN_URGENT 3

/* Moves left to seat for leaving home when the countdown is to be shown,
 * else -1. */
int         stern_texts_home_countdown (const SternGame *game, unsigned seat);

/* Who plays a seat, for the players panel: "Human", "Computer · Hard",
 * with the team first in team variants ("Team 2 · Computer · Hard") so a
 * narrow panel that cuts the end still shows it.  Newly allocated. */
char       *stern_texts_seat_detail (const SternGameSetup *setup, unsigned seat,
                                     gboolean human);

/* The fewest moves known for crossing the board alone with ten marbles
 * (a published figure; the engine does not prove it). */
#define STERN_TEXTS_SOLO_BEST_KNOWN 27

/* For a finished solo game, the moves made against the best known ("27
 * moves; the best known solution takes 27."); NULL for other games.
 * Newly allocated. */
char       *stern_texts_solo_score (const SternGame *game);

/* "Game over: White wins. A player resigned." and the like. */
char       *stern_texts_game_over (const SternGame *game);
/* Why the game ended, a sentence, or NULL when there is nothing to add to
 * the result; on the square boards (doc/rules.md §9) also a house built,
 * the reply draw, the leaving-home check and the tempo check with the
 * tempo numbers. */
char       *stern_texts_end_reason (const SternGame *game);
/* Square boards: the stage of the forced end for seat ("12 moves left to
 * leave home", then "12 moves left in the game"); NULL on the star. */
char       *stern_texts_forced_end (const SternGame *game, unsigned seat);
/* A warning when nobody in play can finish from the game's position (a
 * set-up position with fewer marbles than a goal has holes, doc/rules.md
 * §5): the game can end only at a limit.  NULL when someone can. */
char       *stern_texts_cannot_finish (const SternGame *game);
/* Square boards: every player's tempo number, "Tempo numbers: White 120,
 * Black 118"; NULL on the star. */
char       *stern_texts_tempo_numbers (const SternGame *game);

/* The window's status line: who is to move (or thinking), the round, what
 * to do next on a human's turn (after a pick when picked; only with
 * how_to), the leaving-home countdown or the square boards' forced end, a
 * pass just made, and the move shown while browsing.  player_name as for
 * stern_game_setup_seat_name().  Newly allocated. */
char       *stern_texts_status_line (const SternGame *game, const SternGameSetup *setup,
                                     const char *player_name, gboolean thinking,
                                     gboolean human_on_turn, gboolean browsing,
                                     gboolean picked, gboolean how_to);

G_END_DECLS
