/* stern-position-setup.h: whether a position set up by hand (the position
 * editor) is one a game can start from, and why not.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-game.h"

G_BEGIN_DECLS

/* TRUE when pos is a position of variant (the engine reads back its
 * position string, doc/rules.md §7: no seat over its marbles, only seats
 * of the variant, the side on turn among them), every seat in play has a
 * marble, and a game from it is not over at once.  Otherwise FALSE with
 * error saying what is wrong: STERN_ERROR_PARSE when it is no position
 * at all (nothing may show it as a game), STERN_ERROR_ILLEGAL when it is
 * one but no game can start from it. */
gboolean stern_position_setup_check (const SternVariant  *variant,
                                     const SternPosition *pos,
                                     GError             **error);

/* A game at pos for the table rules (doc/rules.md §8), or NULL with error
 * as stern_position_setup_check() says. */
SternGame *stern_position_setup_new_game (const SternVariant  *variant,
                                          const SternPosition *pos,
                                          GError             **error);

G_END_DECLS
