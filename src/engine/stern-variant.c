/* stern-variant.c: the variants (RULES.md §2), presets (§8) and the rule
 * set derived from them. */
#include "stern-variant.h"

#include <string.h>

#include <glib.h>

#include "stern-tables.h"

#define TABLE_LEAVE_HOME_DEADLINE_10 30
#define TABLE_LEAVE_HOME_DEADLINE_15 40
#define TABLE_ROUND_LIMIT            150
#define CLUB_MOVE_LIMIT              200
#define RACE_MAX_PLAYERS             2

static const SternVariant variants[STERN_N_VARIANTS] = {
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
};

static const char *const colour_names[STERN_N_SEATS] = {
  "white", "red", "blue", "black", "yellow", "green",
};

static const char *const preset_names[STERN_N_PRESETS] = {
  "table", "club", "race",
};

const SternVariant *
stern_variant_get (unsigned index)
{
  g_return_val_if_fail (index < STERN_N_VARIANTS, NULL);
  return &variants[index];
}

const SternVariant *
stern_variant_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);
  for (unsigned i = 0; i < STERN_N_VARIANTS; i++)
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
  return preset != STERN_PRESET_RACE || variant->n_players <= RACE_MAX_PLAYERS;
}

void
stern_rules_init (SternRules *rules, const SternVariant *variant, SternPreset preset)
{
  bool table = preset == STERN_PRESET_TABLE;

  g_return_if_fail (rules != NULL && variant != NULL && preset < STERN_N_PRESETS);

  memset (rules, 0, sizeof *rules);
  rules->geometry = stern_board_star ();
  rules->variant = variant;
  rules->preset = preset;
  rules->long_jumps = variant->long_jumps;

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      unsigned goal_ray = stern_seat_opposite (seat);

      rules->home[seat] = stern_board_zone (seat, variant->marbles);
      rules->goal[seat] = stern_board_zone (goal_ray, variant->marbles);
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
  return stern_board_zone_distance (stern_seat_opposite (seat), rules->variant->marbles, cell);
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
