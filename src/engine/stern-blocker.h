/* stern-blocker.h: positions where an opponent's marble sits in a player's
 * goal, to check that the computer never walls such a marble in.
 *
 * Under the race preset (doc/rules.md §8) a player finishes only with all
 * of its own marbles in the goal, so a foreign marble there must get out
 * first; a player who surrounds it shuts itself out of the goal for good.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-position.h"

/* Cases told apart by the index's remainder: the blocker's hole, and how
 * many other goal holes are left empty (0: the blocker is walled in). */
#define STERN_BLOCKER_HOLES_FREE 3

/* Fills pos with case `index` for `seat` in a two-player variant: one
 * opponent marble (two in every third round of ten cases) in the seat's
 * goal, the seat's other marbles in the goal around it and just outside,
 * the opponent's other marbles in the middle of the board, `seat` on turn.
 * `seed` places the marbles outside the goal.  FALSE when the variant is
 * not for two players or the seat does not play in it. */
bool stern_blocker_position (const SternRules *rules, unsigned seat, unsigned index,
                             uint64_t seed, SternPosition *pos);
