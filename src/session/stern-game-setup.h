/* stern-game-setup.h: who plays what, as chosen in the New Game dialog and
 * remembered in GSettings; and the names the interface gives seats,
 * variants and presets.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "stern-game.h"
#include "stern-search.h"

G_BEGIN_DECLS

/* Longest name kept from a record, in bytes with the NUL. */
#define STERN_SEAT_NAME_MAX 64

typedef struct {
  const SternVariant *variant;
  SternPreset         preset;
  gboolean            computer[STERN_N_SEATS];  /* by seat; unused seats ignored */
  SternLevel          level[STERN_N_SEATS];     /* by seat */
  guint               clock_reserve_s;          /* each player's reserve; 0 = no clock */
  guint               clock_increment_s;        /* added after each move */
  /* Players' names from a game record's tags, by seat; "" for none. */
  char                names[STERN_N_SEATS][STERN_SEAT_NAME_MAX];
  /* A hint, an undo or the analysis board was used during the game: the
   * ratings do not count it (stern_match_is_rated).  Never set in a new
   * game; kept by a saved one. */
  gboolean            unrated;
} SternGameSetup;

/* A boxed type, for typed signal arguments. */
#define STERN_TYPE_GAME_SETUP (stern_game_setup_get_type ())
GType           stern_game_setup_get_type (void);
SternGameSetup *stern_game_setup_copy (const SternGameSetup *setup);
void            stern_game_setup_free (SternGameSetup *setup);

/* The longest clock one may choose: minutes for the game, seconds added
 * after each move. */
#define STERN_GAME_SETUP_MAX_CLOCK_MIN   180
#define STERN_GAME_SETUP_MAX_INCREMENT_S 120

/* Keys variant, preset, seat-kinds, computer-levels and clock.  A preset
 * the variant does not have (stern_preset_check(): settings edited by
 * hand, from an older version or another machine) becomes the table
 * rules, in setup and in settings; notice, when not NULL, gets a
 * translated sentence saying so (NULL when nothing was corrected). */
void        stern_game_setup_load (SternGameSetup *setup, GSettings *settings, char **notice);
void        stern_game_setup_save (const SternGameSetup *setup, GSettings *settings);
/* Sets the record's name of a seat (NULL or "" for none), cut to
 * STERN_SEAT_NAME_MAX bytes at a character's end. */
void        stern_game_setup_set_name (SternGameSetup *setup, unsigned seat, const char *name);

/* Whether a human plays this seat of the setup's variant. */
gboolean    stern_game_setup_is_human (const SternGameSetup *setup, unsigned seat);
guint       stern_game_setup_count_humans (const SternGameSetup *setup);

/* What the interface calls a seat: the name a record gave it; else
 * player_name (the preference) for the seat of a lone human, who is "you";
 * with several humans nobody knows who is who, so the colours stay.
 * Newly allocated. */
char       *stern_game_setup_seat_name (const SternGameSetup *setup, unsigned seat,
                                        const char *player_name);

/* Translated names: "White", "Two players", "Table rules", "Medium". */
const char *stern_seat_display_name (unsigned seat);
const char *stern_variant_display_name (const SternVariant *variant);
const char *stern_variant_description (const SternVariant *variant);
const char *stern_preset_display_name (SternPreset preset);
const char *stern_level_display_name (SternLevel level);
/* "1st place", …; place 1 to 6. */
const char *stern_place_display_name (unsigned place);

/* The outcome of a finished game in one line ("White wins", "Draw"), and
 * why it ended when that was not by finishing (or NULL).  Newly allocated. */
char       *stern_game_result_text (const SternGame *game);
const char *stern_end_reason_text  (SternEndReason reason);
/* 1, 2 or 3 for the team of a seat in a team variant, 0 otherwise. */
unsigned    stern_team_number (const SternVariant *variant, unsigned seat);

G_END_DECLS
