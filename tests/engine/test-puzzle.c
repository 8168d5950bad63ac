/* Puzzles (src/engine/stern-puzzle.c): lines read and written, bad lines
 * refused naming what and where, answers judged, and the proofs failing
 * on a planted second solution, a quicker win and an illegal move.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "stern-notation.h"
#include "stern-puzzle.h"

/* White on i9 jumps i10 alone: the one longest chain, of one hop. */
#define JUMP_LINE \
  "j1 | jump | 1 | classic-2 white white:i9,m1 black:i10,e17 | i9-i11 | 0"
/* White's last marble steps into the last empty hole of its goal; black
 * cannot finish with its reply. */
#define WIN_POSITION \
  "classic-2 white white:e17,e16,f16,e15,f15,g15,e14,f14,g14,h13 " \
  "black:m1,l2,m2,k3,l3,m3,j4,k4,l4,i9"
#define WIN_LINE "w1 | win-in-1 | 1 | " WIN_POSITION " | h13-h14 | 0"

static SternPuzzle
parse_ok (const char *line)
{
  g_autoptr (GError) error = NULL;
  SternPuzzle puzzle;

  if (!stern_puzzle_parse (line, &puzzle, &error))
    g_error ("%s: %s", line, error->message);
  return puzzle;
}

static void
test_round_trip (void)
{
  const char *lines[] = {
    JUMP_LINE,
    WIN_LINE,
    "r-1_x | race | 3 | classic-2 black white:i9 black:i10 | i10-i11 | 12.5",
  };

  for (size_t i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      SternPuzzle puzzle = parse_ok (lines[i]), again;
      g_autofree char *text = stern_puzzle_format (&puzzle);

      again = parse_ok (text);
      g_assert_cmpstr (again.id, ==, puzzle.id);
      g_assert_cmpint (again.kind, ==, puzzle.kind);
      g_assert_cmpuint (again.win_moves, ==, puzzle.win_moves);
      g_assert_cmpuint (again.difficulty, ==, puzzle.difficulty);
      g_assert_cmpuint (again.margin_tenths, ==, puzzle.margin_tenths);
      g_assert_true (again.variant == puzzle.variant);
      g_assert_true (memcmp (again.pos.cell, puzzle.pos.cell, sizeof again.pos.cell) == 0);
      g_assert_cmpmem (again.solution, again.solution_len, puzzle.solution, puzzle.solution_len);
    }
  g_assert_cmpuint (parse_ok (lines[2]).margin_tenths, ==, 125);
}

static void
test_bad_lines (void)
{
  /* Each bad line and what its error must say. */
  const struct { const char *line, *says; } bad[] = {
    { "", "6 fields" },
    { "j1 | jump | 1 | classic-2 white white:i9 | i9-i11", "this line has 5" },
    { "j1 | jump | 1 | classic-2 white white:i9 | i9-i11 | 0 | 0", "this line has 7" },
    { " | jump | 1 | classic-2 white white:i9 | i9-i11 | 0", "column 2: the id is empty" },
    { "j 1 | jump | 1 | classic-2 white white:i9 | i9-i11 | 0", "column 1: the id \"j 1\"" },
    { "j1 | leap | 1 | classic-2 white white:i9 | i9-i11 | 0", "column 6: the kind \"leap\"" },
    { "j1 | win-in-4 | 1 | classic-2 white white:i9 | i9-i11 | 0", "the kind \"win-in-4\"" },
    { "j1 | win-in- | 1 | classic-2 white white:i9 | i9-i11 | 0", "the kind" },
    { "j1 | jump | 6 | classic-2 white white:i9 | i9-i11 | 0", "column 13: the difficulty \"6\"" },
    { "j1 | jump | 10 | classic-2 white white:i9 | i9-i11 | 0", "the difficulty \"10\"" },
    { "j1 | jump | 1 | classic-9 white white:i9 | i9-i11 | 0", "column 17: the position" },
    { "j1 | jump | 1 | classic-2 white white:z9 | i9-i11 | 0", "the position" },
    { "j1 | jump | 1 | classic-2 white white:i9 | i9-z11 | 0", "column 44: the solution" },
    { "j1 | jump | 1 | classic-2 white white:i9 | i9 | 0", "column 44: the solution: \"i9\"" },
    { "j1 | jump | 1 | classic-2 white white:i9 | i9-i11 | x", "column 53: the margin \"x\"" },
    { "j1 | jump | 1 | classic-2 white white:i9 | i9-i11 | 1.", "the margin" },
    { "j1 | jump | 1 | classic-2 white white:i9 | i9-i11 | 100", "the margin" },
    { "j1 | jump | 1 | classic-2 white white:i9 | i9-i11 | 1.5", "only a race puzzle has a margin" },
    { "r1 | race | 1 | classic-2 white white:i9 | i9-i11 | 0.0", "needs a margin above 0" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      SternPuzzle puzzle;

      g_assert_false (stern_puzzle_parse (bad[i].line, &puzzle, &error));
      g_assert_error (error, STERN_ERROR, STERN_ERROR_PARSE);
      if (strstr (error->message, bad[i].says) == NULL)
        g_error ("\"%s\" said \"%s\", not \"%s\"", bad[i].line, error->message, bad[i].says);
    }
}

static void
test_set (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) set = NULL;

  set = stern_puzzle_parse_set ("# comment\n\n" JUMP_LINE "\r\n  \n" WIN_LINE "\n", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (set->len, ==, 2);
  g_assert_cmpstr (g_array_index (set, SternPuzzle, 1).id, ==, "w1");

  g_assert_null (stern_puzzle_parse_set ("# one\n" JUMP_LINE "\nj2 | jump\n", &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "line 3, "));
  g_clear_error (&error);

  g_assert_null (stern_puzzle_parse_set (JUMP_LINE "\n" JUMP_LINE "\n", &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, "line 2: the id j1 is taken by an earlier puzzle");
}

static SternPuzzleAnswer
answer (const SternPuzzle *puzzle, const char *path_text)
{
  uint8_t path[STERN_MAX_PATH];
  size_t len;

  g_assert_true (stern_notation_parse_path_in (puzzle->variant, path_text, path, &len, NULL));
  return stern_puzzle_check_answer (puzzle, path, len);
}

static void
test_answers (void)
{
  SternPuzzle jump = parse_ok (JUMP_LINE), win = parse_ok (WIN_LINE);

  g_assert_cmpint (answer (&jump, "i9-i11"), ==, STERN_PUZZLE_ANSWER_RIGHT);
  g_assert_cmpint (answer (&jump, "i9-j9"), ==, STERN_PUZZLE_ANSWER_WRONG);
  g_assert_cmpint (answer (&jump, "i9-i10"), ==, STERN_PUZZLE_ANSWER_ILLEGAL);
  g_assert_cmpint (answer (&jump, "i10-i11"), ==, STERN_PUZZLE_ANSWER_ILLEGAL);
  g_assert_cmpint (answer (&win, "h13-h14"), ==, STERN_PUZZLE_ANSWER_RIGHT);
  g_assert_cmpint (answer (&win, "h13-i13"), ==, STERN_PUZZLE_ANSWER_WRONG);
  g_assert_cmpint (answer (&win, "h13-f13"), ==, STERN_PUZZLE_ANSWER_ILLEGAL);
}

static void
assert_verify_fails (SternPuzzleSolver *solver, const char *line, const char *says)
{
  SternPuzzle puzzle = parse_ok (line);
  g_autoptr (GError) error = NULL;

  g_assert_false (stern_puzzle_verify (solver, &puzzle, &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL);
  if (strstr (error->message, says) == NULL)
    g_error ("\"%s\" said \"%s\", not \"%s\"", line, error->message, says);
}

static void
test_verify (void)
{
  g_autoptr (SternPuzzleSolver) solver = stern_puzzle_solver_new ();
  SternPuzzle jump = parse_ok (JUMP_LINE), win = parse_ok (WIN_LINE), made;
  g_autoptr (GError) error = NULL;

  g_assert_true (stern_puzzle_verify (solver, &jump, &error));
  g_assert_no_error (error);
  g_assert_true (stern_puzzle_verify (solver, &win, &error));
  g_assert_no_error (error);

  /* What make finds is what the lines say. */
  g_assert_true (stern_puzzle_make (solver, STERN_PUZZLE_WIN, win.variant, &win.pos, &made));
  g_assert_cmpuint (made.win_moves, ==, 1);
  g_assert_cmpmem (made.solution, made.solution_len, win.solution, win.solution_len);
  g_assert_true (stern_puzzle_make (solver, STERN_PUZZLE_JUMP, jump.variant, &jump.pos, &made) ==
                 FALSE);  /* one hop is too short for a puzzle of the set */

  /* A second marble to jump over: a second chain of one hop. */
  assert_verify_fails (solver,
                       "j2 | jump | 1 | classic-2 white white:i9,m1 black:i10,i8,e17 | i9-i11 | 0",
                       "a second chain of 1 hops: i9-i7");
  /* Not the longest. */
  assert_verify_fails (solver,
                       "j3 | jump | 1 | classic-2 white white:i9,m1 black:i10,i12,e17 | i9-i11 | 0",
                       "has 1 hops, but i9-i11-i13 has 2");
  /* Illegal: nothing to jump over. */
  assert_verify_fails (solver,
                       "j4 | jump | 1 | classic-2 white white:i9,m1 black:e17 | i9-i11 | 0",
                       "the solution i9-i11 is not a legal move");
  /* The wrong difficulty. */
  assert_verify_fails (solver, "j5 | jump | 2 | classic-2 white white:i9,m1 black:i10,e17 | i9-i11 | 0",
                       "the difficulty is 1, not 2");
  /* A win in 1 stated as one in 2. */
  assert_verify_fails (solver, "w2 | win-in-2 | 1 | " WIN_POSITION " | h13-h14 | 0",
                       "h13-h14 wins in 1 already");
  /* A move that does not win. */
  assert_verify_fails (solver, "w3 | win-in-1 | 1 | " WIN_POSITION " | h13-i13 | 0",
                       "the solution h13-i13 does not win in 1; h13-h14 does");
  /* Two marbles that can fill the last hole (a black one standing in
   * another): two winning moves. */
  assert_verify_fails (solver,
                       "w4 | win-in-1 | 1 | classic-2 white white:e17,e16,f16,e15,f15,g15,e14,f14,g13,h13 "
                       "black:m1,l2,m2,k3,l3,m3,j4,k4,i9,h14 | h13-g14 | 0",
                       "a second move wins in 1: ");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/puzzle/round-trip", test_round_trip);
  g_test_add_func ("/puzzle/bad-lines", test_bad_lines);
  g_test_add_func ("/puzzle/set", test_set);
  g_test_add_func ("/puzzle/answers", test_answers);
  g_test_add_func ("/puzzle/verify", test_verify);
  return g_test_run ();
}
