/* stern-variant.h: seats and colours, the variants of doc/rules.md §2 and of
 * doc/rules.md §9 (Halma and Ugolki on square boards), the rule presets of
 * §8, and the rule set they make together.
 *
 * On the square boards the seats are the corners: white a1 (first to
 * move), black the opposite corner; with four players white a1, red the
 * bottom-right corner, black the top-right, yellow the top-left, moving in
 * that order (anticlockwise).  The movement mode is part of the variant:
 * "ugolki" moves orthogonally and "ugolki+diag" with diagonals, "halma-8"
 * with diagonals and "halma-8+orth" orthogonally.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-board.h"

/* A seat and its colour are the same number (doc/rules.md §1). */
typedef enum {
  STERN_WHITE,
  STERN_RED,
  STERN_BLUE,
  STERN_BLACK,
  STERN_YELLOW,
  STERN_GREEN,
  STERN_N_SEATS,
} SternSeat;

#define STERN_NO_SEAT 0xff

typedef enum {
  STERN_PRESET_TABLE,  /* doc/rules.md §1–§7, the default */
  STERN_PRESET_CLUB,   /* §8, document 001 */
  STERN_PRESET_RACE,   /* §8, document 002 */
  STERN_N_PRESETS,
} SternPreset;

typedef struct {
  const char *id;            /* "classic-2", … */
  uint8_t     n_players;
  uint8_t     seats[STERN_N_SEATS];  /* the seats in play, in turn order */
  uint8_t     marbles;       /* 10 or 15 per player */
  bool        long_jumps;
  bool        teams;         /* partners sit opposite each other */
  bool        solo;
  /* Square boards (doc/rules.md §9); board_size 0 is the star. */
  uint8_t     board_size;    /* 8 or 10 */
  bool        diagonals;     /* moves in 8 directions, not 4 */
  uint8_t     camp;          /* SternCamp */
} SternVariant;

/* The star variants, which come first and are the ones the window offers. */
#define STERN_N_VARIANTS 10
/* With the square-board variants after them. */
#define STERN_N_SQUARE_VARIANTS 12
#define STERN_N_ALL_VARIANTS (STERN_N_VARIANTS + STERN_N_SQUARE_VARIANTS)

/* Square-board checks of doc/rules.md §9, per player's own move counter. */
#define STERN_SQUARE_HOME_CHECK_8   40
#define STERN_SQUARE_HOME_CHECK_10  60
#define STERN_SQUARE_DIAGONAL_EARLIER 10
#define STERN_SQUARE_TEMPO_CHECK_8  80
#define STERN_SQUARE_TEMPO_CHECK_10 120

const SternVariant *stern_variant_get (unsigned index);   /* 0 … STERN_N_ALL_VARIANTS-1 */
const SternVariant *stern_variant_lookup (const char *id); /* NULL if unknown */
bool                stern_variant_has_seat (const SternVariant *variant, unsigned seat);
/* Halma or Ugolki on a square board (doc/rules.md §9)? */
bool                stern_variant_is_square (const SternVariant *variant);
/* The board the variant is played on. */
const SternGeometry *stern_variant_geometry (const SternVariant *variant);
/* Cell names of the variant's board: "m1", "e17" on the star, "a1", "j10"
 * on the squares (STERN_HOLE_NAME_MAX bytes). */
void                stern_variant_cell_name (const SternVariant *variant, unsigned cell,
                                             char name[STERN_HOLE_NAME_MAX]);
/* STERN_NO_CELL when the len bytes of text name no cell of the board. */
unsigned            stern_variant_cell_parse (const SternVariant *variant,
                                              const char *text, size_t len);
/* The seat opposite, which is the partner in team variants. */
unsigned            stern_seat_opposite (unsigned seat);

const char *stern_seat_colour_name (unsigned seat);        /* "white", … */
unsigned    stern_seat_from_colour_name (const char *name, size_t len); /* STERN_NO_SEAT if none */

const char *stern_preset_name (SternPreset preset);        /* "table", "club", "race" */
bool        stern_preset_lookup (const char *name, SternPreset *preset);
/* Whether the preset is defined for the variant: race is a two-player
 * game (doc/rules.md §8), so it is refused with three to six players; the
 * square boards have their own rules and take only the table preset. */
bool        stern_preset_allows_variant (SternPreset preset, const SternVariant *variant);

/* Everything the move generator and the game need to know, derived once
 * from a variant and a preset. */
typedef struct {
  const SternGeometry *geometry;
  const SternVariant  *variant;
  SternPreset          preset;
  SternSet home[STERN_N_SEATS];
  SternSet goal[STERN_N_SEATS];
  /* Where a move of this seat may not end (the foreign rays, §3). */
  SternSet no_stop[STERN_N_SEATS];
  bool     long_jumps;
  bool     goal_confines;        /* a marble in its goal stays there (§3) */
  unsigned leave_home_deadline;  /* moves by which home must be empty; 0 = none (§4) */
  bool     fatal_return_home;    /* after the deadline, ending at home eliminates (§4) */
  bool     finish_needs_all_own; /* race: all own marbles in the goal (§8) */
  bool     reply_move;           /* two players: the second gets one reply (§5) */
  unsigned round_limit;          /* 0 = none (§5) */
  unsigned move_limit;           /* per player; 0 = none (club, §8) */
  bool     repetition_ends;      /* third occurrence ends the game (§5) */
  bool     resign_replaced;      /* club: a leaver is replaced by the computer */
  /* Square boards (doc/rules.md §9): the forced end, per player's move
   * counter; 0 = none (the star). */
  unsigned home_check_move;      /* stones still at home then lose */
  unsigned tempo_check_move;     /* the tempo number decides */
  /* Steps on the empty board from each cell to the seat's goal (§5, §9). */
  const uint8_t *goal_distance[STERN_N_SEATS];
  /* Square boards: the seat's tempo number per stone, NULL on the star. */
  const uint8_t *tempo_distance[STERN_N_SEATS];
} SternRules;

void stern_rules_init (SternRules *rules, const SternVariant *variant, SternPreset preset);

/* Step distance on an empty board from a cell to the nearest hole of a seat's goal. */
unsigned stern_rules_goal_distance (const SternRules *rules, unsigned seat, unsigned cell);

/* Whether games of the variant may be played on a clock: the solo puzzle
 * has no time limit (doc/rules.md §2). */
bool stern_variant_has_clock (const SternVariant *variant);

/* The computer level (a SternLevel of stern-search.h) that plays on for a
 * player who resigned or ran out of time when the rules let the game go on
 * (club, doc/rules.md §8); -1 when they do not. */
int  stern_rules_takeover_level (const SternRules *rules);
