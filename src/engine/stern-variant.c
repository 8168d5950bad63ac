/* stern-variant.c: the variants (doc/rules.md §2, doc/rules.md §9), presets
 * (§8) and the rule set derived from them.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-variant.h"

#include <string.h>

#include <glib.h>

#include "stern-tables.h"

#define TABLE_LEAVE_HOME_DEADLINE_10 30
#define TABLE_LEAVE_HOME_DEADLINE_15 40
#define TABLE_ROUND_LIMIT            150
#define CLUB_MOVE_LIMIT              200
#define RACE_MAX_PLAYERS             2

static const SternVariant variants[STERN_N_ALL_VARIANTS] = {
  { "classic-2", 2, { 0, 3 },             10, false, false, false },
  { "classic-3", 3, { 0, 2, 4 },          10, false, false, false },
  { "classic-4", 4, { 0, 1, 3, 4 },       10, false, false, false },
  { "classic-6", 6, { 0, 1, 2, 3, 4, 5 }, 10, false, false, false },
  { "long-2",    2, { 0, 3 },             10, true,  false, false },
  { "long-6",    6, { 0, 1, 2, 3, 4, 5 }, 10, true,  false, false },
  { "fifteen-2", 2, { 0, 3 },             15, false, false, false },
  { "pairs-4",   4, { 0, 1, 3, 4 },       10, false, true,  false },
  { "pairs-6",   6, { 0, 1, 2, 3, 4, 5 }, 10, false, true,  false },
  { "solo",      1, { 0 },                10, false, false, true  },
  /* doc/rules.md §9: Halma with diagonals, Ugolki without, by default. */
  { "halma-8",          2, { 0, 3 },       10, false, false, false,  8, true,  STERN_CAMP_TRIANGLE_4 },
  { "halma-8+orth",     2, { 0, 3 },       10, false, false, false,  8, false, STERN_CAMP_TRIANGLE_4 },
  { "halma-10",         2, { 0, 3 },       15, false, false, false, 10, true,  STERN_CAMP_TRIANGLE_5 },
  { "halma-10+orth",    2, { 0, 3 },       15, false, false, false, 10, false, STERN_CAMP_TRIANGLE_5 },
  /* Three players: white, red and black, the top-left corner empty (it is
   * red's goal). */
  { "halma-10-3",       3, { 0, 1, 3 },    15, false, false, false, 10, true,  STERN_CAMP_TRIANGLE_5 },
  { "halma-10-3+orth",  3, { 0, 1, 3 },    15, false, false, false, 10, false, STERN_CAMP_TRIANGLE_5 },
  { "halma-10-4",       4, { 0, 1, 3, 4 }, 15, false, false, false, 10, true,  STERN_CAMP_TRIANGLE_5 },
  { "halma-10-4+orth",  4, { 0, 1, 3, 4 }, 15, false, false, false, 10, false, STERN_CAMP_TRIANGLE_5 },
  { "ugolki",           2, { 0, 3 },       12, false, false, false,  8, false, STERN_CAMP_RECT_3X4 },
  { "ugolki+diag",      2, { 0, 3 },       12, false, false, false,  8, true,  STERN_CAMP_RECT_3X4 },
  { "ugolki-mini",      2, { 0, 3 },        9, false, false, false,  8, false, STERN_CAMP_SQUARE_3X3 },
  { "ugolki-mini+diag", 2, { 0, 3 },        9, false, false, false,  8, true,  STERN_CAMP_SQUARE_3X3 },
};

/* The corner of each seat on a square board (see stern-variant.h); the
 * seats 2 and 5 do not play there. */
static const int8_t square_corner[STERN_N_SEATS] = { 0, 1, -1, 2, 3, -1 };

static const char *const colour_names[STERN_N_SEATS] = {
  "white", "red", "blue", "black", "yellow", "green",
};

static const char *const preset_names[STERN_N_PRESETS] = {
  "table", "club", "race",
};

const SternVariant *
stern_variant_get (unsigned index)
{
  g_return_val_if_fail (index < STERN_N_ALL_VARIANTS, NULL);
  return &variants[index];
}

const SternVariant *
stern_variant_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);
  for (unsigned i = 0; i < STERN_N_ALL_VARIANTS; i++)
    if (strcmp (variants[i].id, id) == 0)
      return &variants[i];
  return NULL;
}

bool
stern_variant_has_seat (const SternVariant *variant, unsigned seat)
{
  g_return_val_if_fail (variant != NULL, false);
  for (unsigned i = 0; i < variant->n_players; i++)
    if (variant->seats[i] == seat)
      return true;
  return false;
}

bool
stern_variant_is_square (const SternVariant *variant)
{
  g_return_val_if_fail (variant != NULL, false);
  return variant->board_size != 0;
}

const SternGeometry *
stern_variant_geometry (const SternVariant *variant)
{
  g_return_val_if_fail (variant != NULL, NULL);
  if (variant->board_size)
    return stern_board_square (variant->board_size, variant->diagonals);
  return stern_board_star ();
}

void
stern_variant_cell_name (const SternVariant *variant, unsigned cell,
                         char name[STERN_HOLE_NAME_MAX])
{
  g_return_if_fail (variant != NULL && name != NULL);
  if (variant->board_size)
    stern_board_square_cell_name (variant->board_size, cell, name);
  else
    stern_board_hole_name (cell, name);
}

unsigned
stern_variant_cell_parse (const SternVariant *variant, const char *text, size_t len)
{
  g_return_val_if_fail (variant != NULL, STERN_NO_CELL);
  if (variant->board_size)
    return stern_board_square_cell_parse (variant->board_size, text, len);
  return stern_board_hole_parse (text, len);
}

unsigned
stern_seat_opposite (unsigned seat)
{
  return (seat + 3) % STERN_N_SEATS;
}

const char *
stern_seat_colour_name (unsigned seat)
{
  g_return_val_if_fail (seat < STERN_N_SEATS, "none");
  return colour_names[seat];
}

unsigned
stern_seat_from_colour_name (const char *name, size_t len)
{
  g_return_val_if_fail (name != NULL, STERN_NO_SEAT);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (strlen (colour_names[s]) == len && strncmp (colour_names[s], name, len) == 0)
      return s;
  return STERN_NO_SEAT;
}

const char *
stern_preset_name (SternPreset preset)
{
  g_return_val_if_fail (preset < STERN_N_PRESETS, "table");
  return preset_names[preset];
}

bool
stern_preset_lookup (const char *name, SternPreset *preset)
{
  g_return_val_if_fail (name != NULL, false);
  for (unsigned p = 0; p < STERN_N_PRESETS; p++)
    if (strcmp (preset_names[p], name) == 0)
      {
        if (preset)
          *preset = (SternPreset) p;
        return true;
      }
  return false;
}

bool
stern_preset_allows_variant (SternPreset preset, const SternVariant *variant)
{
  g_return_val_if_fail (preset < STERN_N_PRESETS && variant != NULL, false);
  if (variant->board_size)
    return preset == STERN_PRESET_TABLE;
  return preset != STERN_PRESET_RACE || variant->n_players <= RACE_MAX_PLAYERS;
}

/* doc/rules.md §9: camps at the corners, the first to fill the opposite
 * camp with all its stones wins (the second player replies), the
 * leaving-home check and the tempo check. */
static void
square_rules_init (SternRules *rules, const SternVariant *variant)
{
  bool big = variant->board_size == 10;
  SternCamp camp = (SternCamp) variant->camp;

  rules->geometry = stern_board_square (variant->board_size, variant->diagonals);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      int corner = square_corner[seat];
      int goal_corner = corner < 0 ? -1 : (corner + 2) % STERN_N_CORNERS;

      if (corner < 0)
        continue;
      rules->home[seat] = stern_board_square_camp (camp, (unsigned) corner);
      rules->goal[seat] = stern_board_square_camp (camp, (unsigned) goal_corner);
      rules->goal_distance[seat] =
        stern_square_camp_distance[camp][variant->diagonals ? 1 : 0][goal_corner];
      /* The far corner of the goal is the board's corner cell itself. */
      rules->tempo_distance[seat] =
        stern_square_corner_distance[big ? 1 : 0][0][goal_corner];
    }
  rules->finish_needs_all_own = true;
  rules->reply_move = variant->n_players == 2;
  rules->home_check_move = (big ? STERN_SQUARE_HOME_CHECK_10 : STERN_SQUARE_HOME_CHECK_8) -
                           (variant->diagonals ? STERN_SQUARE_DIAGONAL_EARLIER : 0);
  rules->tempo_check_move = big ? STERN_SQUARE_TEMPO_CHECK_10 : STERN_SQUARE_TEMPO_CHECK_8;
}

void
stern_rules_init (SternRules *rules, const SternVariant *variant, SternPreset preset)
{
  bool table = preset == STERN_PRESET_TABLE;

  g_return_if_fail (rules != NULL && variant != NULL && preset < STERN_N_PRESETS);

  memset (rules, 0, sizeof *rules);
  rules->variant = variant;
  rules->preset = preset;
  if (variant->board_size)
    {
      square_rules_init (rules, variant);
      return;
    }
  rules->geometry = stern_board_star ();
  rules->long_jumps = variant->long_jumps;

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      unsigned goal_ray = stern_seat_opposite (seat);

      rules->home[seat] = stern_board_zone (seat, variant->marbles);
      rules->goal[seat] = stern_board_zone (goal_ray, variant->marbles);
      rules->goal_distance[seat] = stern_star_zone_distance[variant->marbles > 10 ? 1 : 0][goal_ray];
      /* Foreign rays: every ray but the seat's home and goal rays. */
      if (table)
        for (unsigned ray = 0; ray < STERN_N_RAYS; ray++)
          if (ray != seat && ray != goal_ray)
            rules->no_stop[seat] |= stern_board_ray (ray);
    }

  rules->goal_confines = table;
  rules->fatal_return_home = table && !variant->solo;
  if (table && !variant->solo)
    {
      rules->leave_home_deadline = variant->marbles > 10 ? TABLE_LEAVE_HOME_DEADLINE_15
                                                         : TABLE_LEAVE_HOME_DEADLINE_10;
      rules->round_limit = TABLE_ROUND_LIMIT;
    }
  rules->move_limit = preset == STERN_PRESET_CLUB && !variant->solo ? CLUB_MOVE_LIMIT : 0;
  rules->finish_needs_all_own = preset == STERN_PRESET_RACE;
  rules->reply_move = variant->n_players == 2 && preset != STERN_PRESET_RACE;
  /* Solo is a puzzle: no deadline or limits (§2). */
  rules->repetition_ends = !variant->solo;
  rules->resign_replaced = preset == STERN_PRESET_CLUB;
}

unsigned
stern_rules_goal_distance (const SternRules *rules, unsigned seat, unsigned cell)
{
  g_return_val_if_fail (rules != NULL && seat < STERN_N_SEATS, 0);
  g_return_val_if_fail (cell < rules->geometry->n_cells, 0);
  if (rules->goal_distance[seat] == NULL)
    return 0;
  return rules->goal_distance[seat][cell];
}

bool
stern_variant_has_clock (const SternVariant *variant)
{
  g_return_val_if_fail (variant != NULL, false);
  return !variant->solo;
}

/* Medium (SternLevel 1): a fair stand-in, neither throwing the game away
 * nor playing far above the player it replaces. */
#define TAKEOVER_LEVEL 1

int
stern_rules_takeover_level (const SternRules *rules)
{
  g_return_val_if_fail (rules != NULL, -1);
  return rules->resign_replaced ? TAKEOVER_LEVEL : -1;
}
