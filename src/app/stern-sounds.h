/* stern-sounds.h: the game's few sounds (a step, a jump chain, your turn,
 * the end of the game), played through GSound.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "stern-game.h"

G_BEGIN_DECLS

typedef enum {
  STERN_SOUND_NONE,
  STERN_SOUND_STEP,        /* a move of one step */
  STERN_SOUND_JUMP,        /* a move of one or more jumps */
  STERN_SOUND_YOUR_TURN,   /* a human's turn after another side moved */
  STERN_SOUND_GAME_OVER,
  STERN_N_SOUNDS
} SternSound;

#define STERN_TYPE_SOUNDS (stern_sounds_get_type ())
G_DECLARE_FINAL_TYPE (SternSounds, stern_sounds, STERN, SOUNDS, GObject)

SternSounds *stern_sounds_new (void);

/* "enabled" (default TRUE): when off, nothing is played or requested. */
void         stern_sounds_set_enabled (SternSounds *self, gboolean enabled);
gboolean     stern_sounds_get_enabled (SternSounds *self);

/* Plays a sound, if enabled: the signal "requested" (SternSound as guint)
 * tells which, whether or not the system can make it heard.  Where it
 * cannot (no audio device or sound server, a missing file), the first
 * failure is told once (a message) and "silent" turns TRUE: no sound is
 * tried again. */
void         stern_sounds_play (SternSounds *self, SternSound sound);
/* The sound of a move: a step or a jump chain. */
SternSound   stern_sounds_for_move (const SternVariant *variant, const SternAction *action);

/* For the tests: how many sounds were requested. */
guint        stern_sounds_get_n_requested (SternSounds *self);
gboolean     stern_sounds_is_silent (SternSounds *self);
/* Sounds handed to the sound system and not yet finished or failed. */
guint        stern_sounds_get_n_playing (SternSounds *self);
/* A sound's file: in the installed data folder, or in
 * $STERNHALMA_SOUNDSDIR (the source tree's data/sounds); NULL for
 * STERN_SOUND_NONE. */
char        *stern_sounds_file (SternSound sound);

G_END_DECLS
