/* stern-sounds.c: the game's few sounds through GtkMediaFile.
 *
 * The files are short Ogg Vorbis clips made with SoX from sine waves
 * (data/sounds/make-sounds.sh), compiled into the resources.  GTK plays
 * them through its media backend (GStreamer on Debian: the package
 * libgtk-4-media-gstreamer); without one, or without an audio device,
 * a GtkMediaFile only reports an error and the game stays silent.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "stern-board.h"
#include "stern-sounds.h"

struct _SternSounds
{
  GObject         parent_instance;

  gboolean        enabled;
  GtkMediaStream *streams[STERN_N_SOUNDS];
  SternSound      last;
  guint           n_requested;
};

G_DEFINE_FINAL_TYPE (SternSounds, stern_sounds, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ENABLED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

#define RESOURCE_DIR "/io/github/sternhalma/Sternhalma/sounds/"

const char *
stern_sounds_resource (SternSound sound)
{
  switch (sound)
    {
    case STERN_SOUND_STEP:      return RESOURCE_DIR "step.ogg";
    case STERN_SOUND_JUMP:      return RESOURCE_DIR "jump.ogg";
    case STERN_SOUND_YOUR_TURN: return RESOURCE_DIR "your-turn.ogg";
    case STERN_SOUND_GAME_OVER: return RESOURCE_DIR "game-over.ogg";
    case STERN_SOUND_NONE:
    case STERN_N_SOUNDS:
    default:
      return NULL;
    }
}

SternSound
stern_sounds_for_move (const SternVariant *variant,
                       const SternAction  *action)
{
  unsigned from, to;
  int du, dv;

  g_return_val_if_fail (variant != NULL && action != NULL, STERN_SOUND_NONE);

  if (action->kind != STERN_ACTION_MOVE || action->path_len < 2)
    return STERN_SOUND_NONE;
  if (action->path_len > 2)
    return STERN_SOUND_JUMP;

  /* One hop: a step reaches a neighbour, a jump the cell behind one. */
  from = action->path[0];
  to = action->path[1];
  if (stern_variant_is_square (variant))
    {
      unsigned size = variant->board_size;

      du = (int) (to % size) - (int) (from % size);
      dv = (int) (to / size) - (int) (from / size);
      return MAX (abs (du), abs (dv)) == 1 ? STERN_SOUND_STEP : STERN_SOUND_JUMP;
    }
  du = stern_board_hole_u (to) - stern_board_hole_u (from);
  dv = stern_board_hole_v (to) - stern_board_hole_v (from);
  return MAX (MAX (abs (du), abs (dv)), abs (du + dv)) == 1 ? STERN_SOUND_STEP
                                                            : STERN_SOUND_JUMP;
}

void
stern_sounds_play (SternSounds *self,
                   SternSound   sound)
{
  GtkMediaStream *stream;

  g_return_if_fail (STERN_IS_SOUNDS (self));
  g_return_if_fail (sound < STERN_N_SOUNDS);

  if (!self->enabled || sound == STERN_SOUND_NONE)
    return;

  self->last = sound;
  self->n_requested++;
  g_signal_emit (self, signals[SIGNAL_REQUESTED], 0, (guint) sound);

  /* Made on first use: a game played with the sound off opens no file. */
  if (self->streams[sound] == NULL)
    self->streams[sound] = gtk_media_file_new_for_resource (stern_sounds_resource (sound));
  stream = self->streams[sound];
  /* No media backend or no device: silence, which is all one can do. */
  if (gtk_media_stream_get_error (stream) != NULL)
    return;
  /* Heard again from its start when the same sound comes quickly. */
  if (gtk_media_stream_get_playing (stream))
    gtk_media_stream_seek (stream, 0);
  gtk_media_stream_play (stream);
}

void
stern_sounds_set_enabled (SternSounds *self,
                          gboolean     enabled)
{
  g_return_if_fail (STERN_IS_SOUNDS (self));

  enabled = !!enabled;
  if (enabled == self->enabled)
    return;
  self->enabled = enabled;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

gboolean
stern_sounds_get_enabled (SternSounds *self)
{
  g_return_val_if_fail (STERN_IS_SOUNDS (self), FALSE);
  return self->enabled;
}

SternSound
stern_sounds_get_last (SternSounds *self)
{
  g_return_val_if_fail (STERN_IS_SOUNDS (self), STERN_SOUND_NONE);
  return self->last;
}

guint
stern_sounds_get_n_requested (SternSounds *self)
{
  g_return_val_if_fail (STERN_IS_SOUNDS (self), 0);
  return self->n_requested;
}

SternSounds *
stern_sounds_new (void)
{
  return g_object_new (STERN_TYPE_SOUNDS, NULL);
}

static void
stern_sounds_dispose (GObject *object)
{
  SternSounds *self = STERN_SOUNDS (object);

  for (guint i = 0; i < STERN_N_SOUNDS; i++)
    g_clear_object (&self->streams[i]);

  G_OBJECT_CLASS (stern_sounds_parent_class)->dispose (object);
}

static void
stern_sounds_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  SternSounds *self = STERN_SOUNDS (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_sounds_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  SternSounds *self = STERN_SOUNDS (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      stern_sounds_set_enabled (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_sounds_class_init (SternSoundsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stern_sounds_dispose;
  object_class->get_property = stern_sounds_get_property;
  object_class->set_property = stern_sounds_set_property;

  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_REQUESTED] =
    g_signal_new ("requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
stern_sounds_init (SternSounds *self)
{
  self->enabled = TRUE;
}
