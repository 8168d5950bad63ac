/* stern-review.h: the coach's measures of a game: each player's moves to
 * finish, what a move lost against the computer's best move, in moves, and
 * a class for it (doc/computer.md, "Review").
 *
 * Moves to finish: a beam search for the mover's marbles alone (every other
 * marble taken off the board) counts the moves its crossing needs; the
 * evaluation of the real position against that empty one, converted to
 * moves at the crossing's own rate, corrects it for the other marbles
 * (hurdles to jump over, holes taken).  A reviewer holds the search and
 * the buffers; it is not thread-safe, so give each thread its own.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-search.h"

typedef enum {
  STERN_REVIEW_BEST,        /* the computer's move, or as good */
  STERN_REVIEW_GOOD,
  STERN_REVIEW_INACCURACY,
  STERN_REVIEW_MISTAKE,
  STERN_REVIEW_BLUNDER,
  STERN_REVIEW_FORCED,      /* a pass, resignation or time-out: nothing chosen */
  STERN_REVIEW_N_CLASSES,
} SternReviewClass;

/* Losses in moves from which a move is in a class (doc/computer.md). */
#define STERN_REVIEW_GOOD_FROM        0.3
#define STERN_REVIEW_INACCURACY_FROM  0.8
#define STERN_REVIEW_MISTAKE_FROM     1.5
#define STERN_REVIEW_BLUNDER_FROM     2.5

/* "best", "good", "inaccuracy", "mistake", "blunder", "forced". */
const char      *stern_review_class_name (SternReviewClass klass);
SternReviewClass stern_review_classify (double loss);

/* Why a move lost, found from the positions before and after it and the
 * computer's better move (doc/computer.md, "Review"); the figure each
 * one carries is said beside it. */
typedef enum {
  STERN_REVIEW_WHY_NONE,             /* not a loss worth a reason */
  STERN_REVIEW_WHY_LEAVING_HOME,     /* the move eliminates the mover (doc/rules.md §4); 0 */
  STERN_REVIEW_WHY_BACKWARDS,        /* rows the marble went back */
  STERN_REVIEW_WHY_BROKE_LADDER,     /* hops of the own chain the move took away */
  STERN_REVIEW_WHY_MISSED_JUMP,      /* hops of the better move's chain */
  STERN_REVIEW_WHY_BLOCKED_ENTRANCE, /* empty goal holes left behind the marble */
  STERN_REVIEW_WHY_LEFT_BEHIND,      /* steps from the last marble to the goal */
  STERN_REVIEW_WHY_BUILD_LADDER,     /* hops of the chain the better move makes ready */
  STERN_REVIEW_WHY_FEWER_ROWS,       /* rows the better move gains more */
  STERN_REVIEW_WHY_NEXT_MOVE,        /* rows the next own move gains more after the better move */
  STERN_REVIEW_N_WHYS,
} SternReviewWhy;

/* The stable id of a reason: "leaving-home", "backwards", … ("" for none). */
const char      *stern_review_why_name (SternReviewWhy why);

typedef struct {
  guint            ply;           /* index of the action in the history, from 0 */
  unsigned         round;         /* 1 = the first */
  SternActionKind  kind;
  uint8_t          seat;
  uint8_t          played_len;    /* 0 unless a move */
  uint8_t          best_len;      /* 0 when nothing was to choose */
  uint8_t          played[STERN_MAX_PATH];
  uint8_t          best[STERN_MAX_PATH];
  double           before;        /* the mover's moves to finish before */
  double           after;         /* and after the move played */
  double           after_best;    /* and after the best move */
  double           loss;          /* after - after_best, never below 0 */
  unsigned         tempo;         /* square boards: the mover's tempo number after */
  SternReviewClass klass;
  SternReviewWhy   why;           /* for an inaccuracy or worse, else NONE */
  unsigned         why_figure;    /* the figure the reason names */
} SternReviewEntry;

/* A move's accuracy is 100 at no loss and halves with each
 * STERN_REVIEW_ACCURACY_HALF moves lost; a player's is the mean over its
 * moves (doc/computer.md). */
#define STERN_REVIEW_ACCURACY_HALF 1.0

typedef struct {
  unsigned moves;                          /* moves reviewed */
  double   total_loss;
  double   average_loss;
  double   accuracy;                       /* 0-100, 100 without moves */
  unsigned count[STERN_REVIEW_N_CLASSES];
} SternReviewSummary;

typedef struct _SternReviewer SternReviewer;

SternReviewer *stern_reviewer_new (SternLevel level);
void           stern_reviewer_free (SternReviewer *reviewer);

/* The seat's moves to finish in the game's present position (0 when it
 * has finished), as the review counts them. */
double   stern_reviewer_moves_to_finish (SternReviewer *reviewer, const SternGame *game,
                                         unsigned seat);
/* The seat's moves to finish, proved: once its marbles are past the
 * others' for good, and the proof fits the reviewer's level's budget
 * (Hard and Expert; doc/computer.md, "Race endings"); -1 otherwise.
 * Where there is one, the analysis shows it for the estimate. */
int      stern_reviewer_proved_moves (SternReviewer *reviewer, const SternGame *game,
                                      unsigned seat);

/* Reviews the action the game's history holds at index ply (played or
 * undone); the game is left where it was.  stop as for
 * stern_search_choose(): once non-zero the search returns early and the
 * entry is not to be trusted (FALSE is returned). */
gboolean stern_reviewer_review_action (SternReviewer *reviewer, SternGame *game, guint ply,
                                       const gint *stop, SternReviewEntry *out);

/* The computer's line from the present position: up to max_plies moves
 * (passes end it), as paths, into line (room for max_plies); returns how
 * many. */
typedef struct {
  uint8_t seat;
  uint8_t len;
  uint8_t path[STERN_MAX_PATH];
} SternReviewPath;

size_t   stern_reviewer_best_line (SternReviewer *reviewer, const SternGame *game,
                                   size_t max_plies, const gint *stop, SternReviewPath *line);

/* Why the move from → to lost against the better move best_from →
 * best_to, the game standing before them with the mover on turn; figure
 * (nullable) gets the figure the reason names.  NONE when none of the
 * reasons fits (the two moves gain the same on the board and after it). */
SternReviewWhy stern_reviewer_why (SternReviewer *reviewer, const SternGame *game,
                                   unsigned from, unsigned to,
                                   unsigned best_from, unsigned best_to, unsigned *figure);

/* What the move from → to loses against best_from → best_to, in moves,
 * as the review counts an entry's loss (never below 0, in tenths); the
 * game stands before them with the mover on turn. */
double   stern_reviewer_loss (SternReviewer *reviewer, const SternGame *game,
                              unsigned from, unsigned to, unsigned best_from, unsigned best_to);

/* Sums up the entries of one seat. */
void     stern_review_summarise (const SternReviewEntry *entries, size_t n, unsigned seat,
                                 SternReviewSummary *out);

/* The seed the review gives the search for the action at ply: fixed, so a
 * review says the same every time. */
guint64  stern_review_seed (guint ply);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SternReviewer, stern_reviewer_free)
