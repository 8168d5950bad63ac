/* stern-puzzle.h: puzzles made from the computer's games (doc/learn.md,
 * "Puzzles"): a position, one answer, and the proof that it is the only
 * one.
 *
 * A puzzle is played as a game set up from its position under the table
 * rules, both players past the leaving-home deadline.  Three kinds:
 *
 * - jump: the side to move has one longest chain of jumps (most hops);
 *   every chain of every marble is followed to find it.
 * - win-in-N (N = 1 … STERN_PUZZLE_MAX_WIN): the side to move wins in N of
 *   its own moves whatever the other side does, with this first move only,
 *   and not in fewer: a full game-tree search under the rules of the game.
 * - race: the only move that does not lose the race: after it the mover
 *   needs no more moves to finish than the other side, and every other
 *   move loses at least the margin (in moves, as the review counts a loss)
 *   against it, which leaves the mover behind.
 *
 * One puzzle is a line of text: "ID | KIND | DIFFICULTY | POSITION |
 * SOLUTION | MARGIN", the position a position string (doc/rules.md §7),
 * the solution a move path.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-game.h"

typedef enum {
  STERN_PUZZLE_JUMP,
  STERN_PUZZLE_WIN,
  STERN_PUZZLE_RACE,
  STERN_PUZZLE_N_KINDS,
} SternPuzzleKind;

#define STERN_PUZZLE_MAX_WIN        3
#define STERN_PUZZLE_MAX_DIFFICULTY 5
/* Letters, digits, '-' and '_'. */
#define STERN_PUZZLE_ID_MAX         32

typedef struct {
  char                id[STERN_PUZZLE_ID_MAX + 1];
  SternPuzzleKind     kind;
  unsigned            win_moves;     /* N of win-in-N, else 0 */
  unsigned            difficulty;    /* 1 … STERN_PUZZLE_MAX_DIFFICULTY */
  const SternVariant *variant;
  SternPosition       pos;
  uint8_t             solution_len;
  uint8_t             solution[STERN_MAX_PATH];
  unsigned            margin_tenths; /* race: the least loss of another move; else 0 */
} SternPuzzle;

/* "jump", "win-in-2", "race": the kind as a line writes it. */
char      *stern_puzzle_kind_name (const SternPuzzle *puzzle);
/* "jump", "win", "race": the kind alone, for counts. */
const char *stern_puzzle_kind_id (SternPuzzleKind kind);

/* Parses one puzzle line; the error (STERN_ERROR_PARSE) names the field
 * and its column (1-based). */
gboolean   stern_puzzle_parse (const char *line, SternPuzzle *out, GError **error);
char      *stern_puzzle_format (const SternPuzzle *puzzle);
/* A file of puzzle lines; '#' starts a comment line, blank lines are
 * skipped.  Returns an array of SternPuzzle, or NULL with an error that
 * starts "line N: "; two puzzles with one id are an error too. */
GArray    *stern_puzzle_parse_set (const char *text, GError **error);

/* The puzzle's position as a game (the rules a puzzle is played by). */
SternGame *stern_puzzle_game (const SternPuzzle *puzzle);

typedef enum {
  STERN_PUZZLE_ANSWER_RIGHT,
  STERN_PUZZLE_ANSWER_WRONG,      /* a legal move, not the answer */
  STERN_PUZZLE_ANSWER_ILLEGAL,    /* not a legal move here */
} SternPuzzleAnswer;

/* Judges a move given as a path (checked hop by hop): right when it is
 * legal and has the solution's start and end hole, which tell moves
 * apart (doc/rules.md §3). */
SternPuzzleAnswer stern_puzzle_check_answer (const SternPuzzle *puzzle,
                                             const uint8_t *path, size_t len);

typedef struct _SternPuzzleSolver SternPuzzleSolver;

SternPuzzleSolver *stern_puzzle_solver_new (void);
void               stern_puzzle_solver_free (SternPuzzleSolver *solver);

/* Proves the puzzle: its solution is legal and the only one within its
 * margin, and the difficulty is the one the proof gives.  FALSE with an
 * error (STERN_ERROR_ILLEGAL) saying what failed, naming the move. */
gboolean   stern_puzzle_verify (SternPuzzleSolver *solver, const SternPuzzle *puzzle,
                                GError **error);

/* Makes a puzzle of the kind from the position, when it has one (for win,
 * the least N up to STERN_PUZZLE_MAX_WIN); out's id is left empty.  What
 * it makes, stern_puzzle_verify() accepts. */
gboolean   stern_puzzle_make (SternPuzzleSolver *solver, SternPuzzleKind kind,
                              const SternVariant *variant, const SternPosition *pos,
                              SternPuzzle *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SternPuzzleSolver, stern_puzzle_solver_free)
