/* engine-test-util.h: what the tests from hand-made positions share:
 * holes and sets by name, and a game from a position.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "stern-game.h"
#include "stern-notation.h"

/* The hole named name; a test naming no hole stops with an error. */
unsigned   engine_test_cell_of (const char *name);
/* "a1,b2,…" (or "") as a set. */
SternSet   engine_test_set_of (const char *list);
/* The holes of a set in cell order, for readable failure messages. */
char      *engine_test_set_names (SternSet set);
/* A game from a position in the notation, white having made white_made
 * moves; a position that does not parse stops with an error. */
SternGame *engine_test_game_at (const char *text, SternPreset preset, unsigned white_made);
/* A game from a position of any variant (the square boards too), under
 * the table rules, every seat having made `made` moves. */
SternGame *engine_test_game_made (const char *text, unsigned made);
/* Plays a path in the game's own notation ("a1-a3-c3"); a path that does
 * not parse or is illegal stops with an error. */
void       engine_test_play (SternGame *game, const char *path_text);

#define engine_test_assert_set_eq(actual, expected) G_STMT_START {      \
    g_autofree char *actual_ = engine_test_set_names (actual);          \
    g_autofree char *expected_ = engine_test_set_names (expected);      \
    g_assert_cmpstr (actual_, ==, expected_);                           \
  } G_STMT_END
