/* stern-game-setup.c: game setup in GSettings, and display names.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "stern-computer.h"
#include "stern-game-setup.h"

G_DEFINE_BOXED_TYPE (SternGameSetup, stern_game_setup,
                     stern_game_setup_copy, stern_game_setup_free)

SternGameSetup *
stern_game_setup_copy (const SternGameSetup *setup)
{
  g_return_val_if_fail (setup != NULL, NULL);

  return g_memdup2 (setup, sizeof *setup);
}

void
stern_game_setup_free (SternGameSetup *setup)
{
  g_free (setup);
}

void
stern_game_setup_load (SternGameSetup *setup,
                       GSettings      *settings,
                       char          **notice)
{
  g_autofree char *variant = NULL;
  g_autofree char *preset = NULL;
  g_auto (GStrv) kinds = NULL;
  g_auto (GStrv) levels = NULL;
  g_autofree char *clock = NULL;
  guint n_kinds, n_levels;
  guint minutes, increment;

  g_return_if_fail (setup != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  /* Names come from records only, help from a game. */
  memset (setup->names, 0, sizeof setup->names);
  setup->unrated = FALSE;
  variant = g_settings_get_string (settings, "variant");
  preset = g_settings_get_string (settings, "preset");
  kinds = g_settings_get_strv (settings, "seat-kinds");
  levels = g_settings_get_strv (settings, "computer-levels");
  n_kinds = g_strv_length (kinds);
  n_levels = g_strv_length (levels);

  setup->variant = stern_variant_lookup (variant);
  if (setup->variant == NULL)
    setup->variant = stern_variant_get (0);
  if (!stern_preset_lookup (preset, &setup->preset))
    setup->preset = STERN_PRESET_TABLE;
  if (notice != NULL)
    *notice = NULL;
  /* A game started on such a pair would be saved in a record its own
   * reader refuses. */
  if (!stern_preset_check (setup->preset, setup->variant, NULL))
    {
      if (notice != NULL)
        /* Translators: the first %s is rules such as "Race", the second a
         * variant such as "Three Players" */
        *notice = g_strdup_printf (_("The settings chose “%s”, which %s does not have: "
                                     "Table Rules are used instead."),
                                   stern_preset_display_name (setup->preset),
                                   stern_variant_display_name (setup->variant));
      setup->preset = STERN_PRESET_TABLE;
      g_settings_set_string (settings, "preset", stern_preset_name (setup->preset));
    }

  /* Missing entries: the first seat human, the others the computer. */
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      setup->computer[seat] = seat < n_kinds ? g_str_equal (kinds[seat], "computer") : seat != 0;
      setup->level[seat] = stern_computer_level_from_name (seat < n_levels ? levels[seat] : NULL);
    }

  /* "minutes+seconds", or "off". */
  clock = g_settings_get_string (settings, "clock");
  /* At most the New Game dialog's limits, 3 hours and 2 minutes a move:
   * a hand-edited value cannot overflow the milliseconds. */
  if (sscanf (clock, "%u+%u", &minutes, &increment) == 2 && minutes > 0 &&
      minutes <= STERN_GAME_SETUP_MAX_CLOCK_MIN && increment <= STERN_GAME_SETUP_MAX_INCREMENT_S)
    {
      setup->clock_reserve_s = minutes * 60;
      setup->clock_increment_s = increment;
    }
  else
    setup->clock_reserve_s = setup->clock_increment_s = 0;
}

void
stern_game_setup_save (const SternGameSetup *setup,
                       GSettings            *settings)
{
  const char *kinds[STERN_N_SEATS + 1];
  const char *levels[STERN_N_SEATS + 1];

  g_return_if_fail (setup != NULL && setup->variant != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      kinds[seat] = setup->computer[seat] ? "computer" : "human";
      levels[seat] = stern_computer_level_name (setup->level[seat]);
    }
  kinds[STERN_N_SEATS] = levels[STERN_N_SEATS] = NULL;

  /* Not g_settings_delay (settings): the caller's object would stay in
   * delay mode for good, holding back every later change it makes (the
   * game window's menu toggles write through the same object). */
  g_settings_set_string (settings, "variant", setup->variant->id);
  g_settings_set_string (settings, "preset", stern_preset_name (setup->preset));
  g_settings_set_strv (settings, "seat-kinds", kinds);
  g_settings_set_strv (settings, "computer-levels", levels);
  if (setup->clock_reserve_s > 0)
    {
      g_autofree char *clock = g_strdup_printf ("%u+%u", setup->clock_reserve_s / 60,
                                                setup->clock_increment_s);

      g_settings_set_string (settings, "clock", clock);
    }
  else
    g_settings_set_string (settings, "clock", "off");
}

gboolean
stern_game_setup_is_human (const SternGameSetup *setup,
                           unsigned              seat)
{
  g_return_val_if_fail (setup != NULL && setup->variant != NULL, FALSE);

  return seat < STERN_N_SEATS &&
         stern_variant_has_seat (setup->variant, seat) &&
         !setup->computer[seat];
}

guint
stern_game_setup_count_humans (const SternGameSetup *setup)
{
  guint n = 0;

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (stern_game_setup_is_human (setup, seat))
      n++;
  return n;
}

const char *
stern_seat_display_name (unsigned seat)
{
  static const char * const names[STERN_N_SEATS] = {
    N_("White"), N_("Red"), N_("Blue"), N_("Black"), N_("Yellow"), N_("Green"),
  };

  g_return_val_if_fail (seat < STERN_N_SEATS, "");
  return _(names[seat]);
}

static const struct {
  const char *id;
  const char *name;
  const char *description;
} variant_names[] = {
  { "classic-2", N_("Two Players"), N_("Ten marbles each, across the board from each other.") },
  { "classic-3", N_("Three Players"), N_("Ten marbles each; the goals are the three empty points.") },
  { "classic-4", N_("Four Players"), N_("Ten marbles each, two pairs facing each other.") },
  { "classic-6", N_("Six Players"), N_("Ten marbles each, every point of the star in play.") },
  { "long-2", N_("Two Players, Long Jumps"), N_("A jump may go over one marble from any distance.") },
  { "long-6", N_("Six Players, Long Jumps"), N_("A jump may go over one marble from any distance.") },
  { "fifteen-2", N_("Two Players, Fifteen Marbles"), N_("Home and goal reach one row into the hexagon.") },
  { "pairs-4", N_("Four Players in Two Teams"), N_("Partners sit opposite each other and finish together.") },
  { "pairs-6", N_("Six Players in Three Teams"), N_("Partners sit opposite each other and finish together.") },
  { "solo", N_("Solo Puzzle"), N_("One player alone: cross the board in as few moves as you can.") },
  /* The square boards of doc/rules.md §9. */
  { "halma-8", N_("Halma 8×8"), N_("Two players, ten stones each in a corner triangle.") },
  { "halma-8+orth", N_("Halma 8×8 without Diagonals"), N_("Two players, ten stones each in a corner triangle.") },
  { "halma-10", N_("Halma 10×10"), N_("Two players, fifteen stones each in a corner triangle.") },
  { "halma-10+orth", N_("Halma 10×10 without Diagonals"), N_("Two players, fifteen stones each in a corner triangle.") },
  { "halma-10-3", N_("Halma 10×10, Three Players"), N_("Three players in three corners, fifteen stones each, each to the corner opposite; the fourth corner stays empty.") },
  { "halma-10-3+orth", N_("Halma 10×10, Three Players, without Diagonals"), N_("Three players in three corners, fifteen stones each, each to the corner opposite; the fourth corner stays empty.") },
  { "halma-10-4", N_("Halma 10×10, Four Players"), N_("Four players, one in each corner, fifteen stones each.") },
  { "halma-10-4+orth", N_("Halma 10×10, Four Players, without Diagonals"), N_("Four players, one in each corner, fifteen stones each.") },
  { "ugolki", N_("Ugolki"), N_("Two players, twelve stones each in a 3×4 corner of an 8×8 board.") },
  { "ugolki+diag", N_("Ugolki with Diagonals"), N_("Two players, twelve stones each in a 3×4 corner of an 8×8 board.") },
  { "ugolki-mini", N_("Mini-Ugolki"), N_("Two players, nine stones each in a 3×3 corner of an 8×8 board.") },
  { "ugolki-mini+diag", N_("Mini-Ugolki with Diagonals"), N_("Two players, nine stones each in a 3×3 corner of an 8×8 board.") },
};

const char *
stern_variant_display_name (const SternVariant *variant)
{
  g_return_val_if_fail (variant != NULL, "");

  for (guint i = 0; i < G_N_ELEMENTS (variant_names); i++)
    if (g_str_equal (variant->id, variant_names[i].id))
      return _(variant_names[i].name);
  return variant->id;
}

const char *
stern_variant_description (const SternVariant *variant)
{
  g_return_val_if_fail (variant != NULL, "");

  for (guint i = 0; i < G_N_ELEMENTS (variant_names); i++)
    if (g_str_equal (variant->id, variant_names[i].id))
      return _(variant_names[i].description);
  return "";
}

const char *
stern_preset_display_name (SternPreset preset)
{
  static const char * const names[STERN_N_PRESETS] = {
    N_("Table Rules"), N_("Club Rules"), N_("Race"),
  };

  g_return_val_if_fail (preset < STERN_N_PRESETS, "");
  return _(names[preset]);
}

const char *
stern_level_display_name (SternLevel level)
{
  static const char * const names[STERN_N_PLAY_LEVELS] = {
    N_("Easy"), N_("Medium"), N_("Hard"), N_("Expert"),
  };

  if ((guint) level >= STERN_N_PLAY_LEVELS)
    level = STERN_LEVEL_MEDIUM;
  return _(names[level]);
}

const char *
stern_place_display_name (unsigned place)
{
  static const char * const names[] = {
    N_("1st place"), N_("2nd place"), N_("3rd place"),
    N_("4th place"), N_("5th place"), N_("6th place"),
  };

  g_return_val_if_fail (place >= 1 && place <= G_N_ELEMENTS (names), "");
  return _(names[place - 1]);
}

void
stern_game_setup_set_name (SternGameSetup *setup,
                           unsigned        seat,
                           const char     *name)
{
  const char *end;

  g_return_if_fail (setup != NULL);
  g_return_if_fail (seat < STERN_N_SEATS);

  g_strlcpy (setup->names[seat], name != NULL ? name : "", STERN_SEAT_NAME_MAX);
  /* A name cut inside a character ends before it. */
  if (!g_utf8_validate (setup->names[seat], -1, &end))
    setup->names[seat][end - setup->names[seat]] = '\0';
}

char *
stern_game_setup_seat_name (const SternGameSetup *setup,
                            unsigned              seat,
                            const char           *player_name)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (setup != NULL, NULL);
  g_return_val_if_fail (seat < STERN_N_SEATS, NULL);

  if (setup->names[seat][0] != '\0')
    return g_strdup (setup->names[seat]);

  if (player_name != NULL && stern_game_setup_is_human (setup, seat) &&
      stern_game_setup_count_humans (setup) == 1)
    {
      name = g_strstrip (g_strdup (player_name));
      if (name[0] != '\0')
        return g_steal_pointer (&name);
    }

  return g_strdup (stern_seat_display_name (seat));
}

unsigned
stern_team_number (const SternVariant *variant,
                   unsigned            seat)
{
  unsigned n = 0;

  g_return_val_if_fail (variant != NULL, 0);

  if (!variant->teams || !stern_variant_has_seat (variant, seat))
    return 0;

  /* Teams are numbered in turn order of their first member. */
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned s = variant->seats[i];

      if (stern_seat_opposite (s) < s && stern_variant_has_seat (variant, stern_seat_opposite (s)))
        continue;
      n++;
      if (s == seat || stern_seat_opposite (s) == seat)
        return n;
    }
  return 0;
}

char *
stern_game_result_text (const SternGame *game)
{
  const SternVariant *variant;
  unsigned winners[STERN_N_SEATS];
  unsigned n_winners = 0;

  g_return_val_if_fail (game != NULL, NULL);

  variant = stern_game_get_variant (game);

  if (variant->solo)
    {
      unsigned seat = variant->seats[0];

      if (stern_game_get_player_state (game, seat) == STERN_PLAYER_FINISHED)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Solved in %u move",
                                             "Solved in %u moves",
                                             stern_game_get_moves_made (game, seat)),
                                stern_game_get_moves_made (game, seat));
      return g_strdup (_("Not solved"));
    }

  for (unsigned i = 0; i < variant->n_players; i++)
    if (stern_game_get_place (game, variant->seats[i]) == 1)
      winners[n_winners++] = variant->seats[i];

  if (n_winners == 1)
    /* Translators: %s is a colour, the name of a seat */
    return g_strdup_printf (_("%s wins"), stern_seat_display_name (winners[0]));

  if (n_winners == 2 && variant->teams &&
      stern_seat_opposite (winners[0]) == winners[1])
    /* Translators: the two %s are colours, the partners of a team */
    return g_strdup_printf (_("%s and %s win"),
                            stern_seat_display_name (winners[0]),
                            stern_seat_display_name (winners[1]));

  if (n_winners > 1)
    return g_strdup (_("Draw"));

  return g_strdup (_("Game over"));
}

const char *
stern_end_reason_text (SternEndReason reason)
{
  switch (reason)
    {
    case STERN_END_ROUND_LIMIT:
      return _("The round limit was reached.");
    case STERN_END_MOVE_LIMIT:
      return _("Every player has made the most moves allowed.");
    case STERN_END_REPETITION:
      return _("The same position came up for the third time.");
    case STERN_END_NO_MOVES:
      return _("No player could move any more.");
    case STERN_END_RESIGNATION:
      return _("A player resigned.");
    case STERN_END_TIMEOUT:
      return _("A player ran out of time.");
    case STERN_END_NONE:
    case STERN_END_FINISHED:
    /* The square boards' checks are told with the tempo numbers
     * (stern_texts_end_reason). */
    case STERN_END_HOME_CHECK:
    case STERN_END_TEMPO:
    default:
      return NULL;
    }
}
