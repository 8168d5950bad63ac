/* stern-variant.h: seats and colours, the variants of RULES.md §2, the rule
 * presets of §8, and the rule set they make together.
 */
#pragma once

#include "stern-board.h"

/* A seat and its colour are the same number (RULES.md §1). */
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
  STERN_PRESET_TABLE,  /* RULES.md §1–§7, the default */
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
} SternVariant;

#define STERN_N_VARIANTS 10

const SternVariant *stern_variant_get (unsigned index);   /* 0 … STERN_N_VARIANTS-1 */
const SternVariant *stern_variant_lookup (const char *id); /* NULL if unknown */
bool                stern_variant_has_seat (const SternVariant *variant, unsigned seat);
/* The seat opposite, which is the partner in team variants. */
unsigned            stern_seat_opposite (unsigned seat);

const char *stern_seat_colour_name (unsigned seat);        /* "white", … */
unsigned    stern_seat_from_colour_name (const char *name, size_t len); /* STERN_NO_SEAT if none */

const char *stern_preset_name (SternPreset preset);        /* "table", "club", "race" */
bool        stern_preset_lookup (const char *name, SternPreset *preset);
/* Whether the preset is defined for the variant: race is a two-player
 * game (RULES.md §8), so it is refused with three to six players. */
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
} SternRules;

void stern_rules_init (SternRules *rules, const SternVariant *variant, SternPreset preset);

/* Step distance on an empty board from a cell to the nearest hole of a seat's goal. */
unsigned stern_rules_goal_distance (const SternRules *rules, unsigned seat, unsigned cell);

/* Whether games of the variant may be played on a clock: the solo puzzle
 * has no time limit (RULES.md §2). */
bool stern_variant_has_clock (const SternVariant *variant);

/* The computer level (a SternLevel of stern-search.h) that plays on for a
 * player who resigned or ran out of time when the rules let the game go on
 * (club, RULES.md §8); -1 when they do not. */
int  stern_rules_takeover_level (const SternRules *rules);
