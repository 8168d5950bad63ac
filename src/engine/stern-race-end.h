/* stern-race-end.h: race endings on the star.  Once a seat's marbles can
 * no longer meet those of the seats still playing, its remaining game is a
 * solo crossing, and its fewest moves can be proved by an exact search
 * (doc/computer.md, "Race endings").
 *
 * A solver holds its transposition table and its move buffers, allocated
 * once; it is not thread-safe, so give each thread its own.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "stern-movegen.h"

/* The longest ending the solver proves, in moves (a whole crossing takes 27). */
#define STERN_RACE_END_MAX_MOVES 40

/* A bit per seat, (1 << seat), for the seats still playing. */
typedef unsigned SternSeatMask;

/* Whether none of seat's marbles can touch (step next to, jump over or be
 * jumped over by) a marble of the other seats in playing again, in the
 * sense of doc/computer.md, "Race endings": star, no long jumps, every
 * other seat still playing opposite to seat, all of seat's marbles at
 * least three rows ahead of their foremost one (in seat's direction of
 * travel), none of seat's marbles at home, no foreign marble in its goal,
 * and the marbles of seats no longer playing no further back than that. */
bool stern_race_end_disengaged (const SternRules *rules, const SternPosition *pos,
                                unsigned seat, SternSeatMask playing);

typedef struct _SternRaceEnd SternRaceEnd;

SternRaceEnd *stern_race_end_new (void);
void          stern_race_end_free (SternRaceEnd *solver);

/* The fewest moves seat needs to finish from pos, its marbles keeping the
 * distance of stern_race_end_disengaged() from the others: proved by
 * iterative deepening, or -1 when the position is not disengaged or the
 * proof needs more than budget nodes.  plan (room for
 * STERN_RACE_END_MAX_MOVES, may be NULL) gets a shortest plan. */
int           stern_race_end_solve (SternRaceEnd *solver, const SternRules *rules,
                                    const SternPosition *pos, unsigned seat,
                                    SternSeatMask playing, guint64 budget, SternMove *plan);

/* The fewest moves seat needs to finish from pos were every other marble
 * to stand still where it is (a hurdle and an obstacle): with three and
 * more players the others seldom come near a goal that is not theirs, so
 * near the end this plan is what counts, but it proves nothing about the
 * game, where they move.  -1 when seat has a marble at home, a foreign
 * marble is in its goal, the plan needs more than budget nodes, or every
 * shortest plan it tries needs a foreign marble as a hurdle after its
 * first move (which may be gone by then). */
int           stern_race_end_solve_standing (SternRaceEnd *solver, const SternRules *rules,
                                             const SternPosition *pos, unsigned seat,
                                             guint64 budget, SternMove *plan);

/* Nodes the last stern_race_end_solve() or _solve_standing() visited. */
guint64       stern_race_end_get_nodes (const SternRaceEnd *solver);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SternRaceEnd, stern_race_end_free)
