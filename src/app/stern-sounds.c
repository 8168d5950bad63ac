/* stern-sounds.c: the game's few sounds through GSound (libcanberra).
 *
 * The files are short Ogg Vorbis clips made with SoX from sine waves
 * (data/sounds/make-sounds.sh), installed into the data folder, since
 * libcanberra reads files only.  An event sound is what libcanberra is
 * for: it decodes the clip and hands it to the sound server (or ALSA) in
 * a few milliseconds, with no media pipeline and nothing that can abort
 * the game.  Where no sound can be made (no device, no sound server, a
 * missing file) the first failure is told once and the game stays silent.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gsound.h>
#include <stdlib.h>

#include "stern-board.h"
#include "stern-sounds.h"

struct _SternSounds
{
  GObject         parent_instance;

  gboolean        enabled;
  GSoundContext  *context;      /* made at the first sound */
  GCancellable   *cancellable;  /* the sounds playing, stopped with the object */
  gboolean        silent;       /* no sound can be made here: said once */
  guint           n_playing;
  guint           n_requested;
};

G_DEFINE_FINAL_TYPE (SternSounds, stern_sounds, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ENABLED,
  PROP_SILENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
sound_file_name (SternSound sound)
{
  switch (sound)
    {
    case STERN_SOUND_STEP:      return "step.ogg";
    case STERN_SOUND_JUMP:      return "jump.ogg";
    case STERN_SOUND_YOUR_TURN: return "your-turn.ogg";
    case STERN_SOUND_GAME_OVER: return "game-over.ogg";
    case STERN_SOUND_NONE:
    case STERN_N_SOUNDS:
    default:
      return NULL;
    }
}

char *
stern_sounds_file (SternSound sound)
{
  const char *name = sound_file_name (sound);
  /* The build tree's copy, for the tests and .ci/play. */
  const char *dir = g_getenv ("STERNHALMA_SOUNDSDIR");

  if (name == NULL)
    return NULL;
  return g_build_filename (dir != NULL && dir[0] != '\0' ? dir : SOUNDSDIR, name, NULL);
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

/* The first sound that cannot be made silences the rest: each attempt
 * would fail the same way (and ALSA writes its own lines each time).
 * Said once for the program, not for each window. */
static void
go_silent (SternSounds *self,
           const char  *why)
{
  static gboolean said;

  if (self->silent)
    return;
  self->silent = TRUE;
  /* Through the structured log: a notice to the player, not one of the
   * messages a test may be waiting for with g_test_expect_message(). */
  if (!said)
    g_log_structured (G_LOG_DOMAIN, G_LOG_LEVEL_MESSAGE, "MESSAGE", "No sounds: %s", why);
  said = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SILENT]);
}

static void
played (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  SternSounds *self = user_data;
  g_autoptr (GError) error = NULL;

  self->n_playing--;
  if (!gsound_context_play_full_finish (GSOUND_CONTEXT (source), result, &error) &&
      !g_error_matches (error, GSOUND_ERROR, GSOUND_ERROR_CANCELED) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
      !g_cancellable_is_cancelled (self->cancellable))
    go_silent (self, error->message);
  g_object_unref (self);
}

void
stern_sounds_play (SternSounds *self,
                   SternSound   sound)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *file = NULL;

  g_return_if_fail (STERN_IS_SOUNDS (self));
  g_return_if_fail (sound < STERN_N_SOUNDS);

  if (!self->enabled || sound == STERN_SOUND_NONE)
    return;

  self->n_requested++;
  g_signal_emit (self, signals[SIGNAL_REQUESTED], 0, (guint) sound);

  if (self->silent)
    return;
  /* Made on first use: a game played with the sound off opens nothing. */
  if (self->context == NULL)
    {
      self->context = gsound_context_new (NULL, &error);
      if (self->context == NULL)
        {
          go_silent (self, error->message);
          return;
        }
    }
  file = stern_sounds_file (sound);
  self->n_playing++;
  gsound_context_play_full (self->context, self->cancellable, played, g_object_ref (self),
                            GSOUND_ATTR_MEDIA_FILENAME, file,
                            GSOUND_ATTR_MEDIA_ROLE, "event",
                            NULL);
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

gboolean
stern_sounds_is_silent (SternSounds *self)
{
  g_return_val_if_fail (STERN_IS_SOUNDS (self), TRUE);
  return self->silent;
}

guint
stern_sounds_get_n_playing (SternSounds *self)
{
  g_return_val_if_fail (STERN_IS_SOUNDS (self), 0);
  return self->n_playing;
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

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->context);

  G_OBJECT_CLASS (stern_sounds_parent_class)->dispose (object);
}

static void
stern_sounds_finalize (GObject *object)
{
  SternSounds *self = STERN_SOUNDS (object);

  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (stern_sounds_parent_class)->finalize (object);
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
    case PROP_SILENT:
      g_value_set_boolean (value, self->silent);
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
  object_class->finalize = stern_sounds_finalize;
  object_class->get_property = stern_sounds_get_property;
  object_class->set_property = stern_sounds_set_property;

  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SILENT] =
    g_param_spec_boolean ("silent", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_REQUESTED] =
    g_signal_new ("requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
stern_sounds_init (SternSounds *self)
{
  self->enabled = TRUE;
  self->cancellable = g_cancellable_new ();
}
