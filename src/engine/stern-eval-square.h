/* stern-eval-square.h: the computer player's evaluation on the square
 * boards of Halma and Ugolki (doc/rules.md §9).
 *
 * It fills the same SternEval tables as the star's evaluation, from the
 * square distance tables (4 or 8 directions), so the search and the
 * greedy baseline use it unchanged; the position terms know the two
 * forced-end checks: stones must leave home by the leaving-home check, and
 * near the tempo check the tempo number is what counts.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-eval.h"

void stern_eval_square_init (SternEval *ev, const SternRules *rules);

/* The seat's cost in pos, lower is better; made is the seat's own move
 * counter (the checks of §9 come after move N of each player). */
int  stern_eval_square_seat_cost (const SternEval *ev, const SternPosition *pos,
                                  unsigned seat, unsigned made);
/* The same, with the cache of stern_eval_seat_cost_cached(), the move
 * counter part of what it keeps. */
int  stern_eval_square_seat_cost_cached (const SternEval *ev, SternEvalCache *cache,
                                         const SternPosition *pos, unsigned seat, unsigned made);

/* What walls cost the seat: its own stones walled in inside another
 * seat's goal, and other seats' stones walled in inside its goal (with
 * four players; a goal that is someone's home does not count).  The
 * search counts it for its own seat only: as a cost of the opponents it
 * would pay for walling their stones in, which the rules allow but which
 * keeps our own stones at home until the leaving-home check (measured in
 * halma-10-4+orth). */
int  stern_eval_square_trapped_cost (const SternEval *ev, const SternPosition *pos,
                                     unsigned seat);
