/* stern-window-game-over.c: the end of a game in the game window: the
 * result window over it, and what its buttons do (play again, online a
 * rematch; review the game).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "stern-game-over-window.h"
#include "stern-window-private.h"
#ifdef STERN_HAVE_NETWORK
#include "stern-window-online.h"
#endif

#define GAME(self)  stern_match_get_game ((self)->match)
#define SETUP(self) stern_match_get_setup ((self)->match)

void
stern_window_close_game_over (SternWindow *self)
{
  GtkWidget *game_over = g_steal_pointer (&self->game_over);

  if (game_over != NULL)
    stern_compat_dialog_force_close (game_over);
}

static void
on_game_over_play_again (SternWindow *self)
{
  SternGameSetup setup = *SETUP (self);

#ifdef STERN_HAVE_NETWORK
  /* Online, playing again is a rematch the others must want too. */
  if (stern_window_online_rematch (self))
    return;
#endif
  stern_window_new_game (self, &setup);
}

/* Closed by the player, or gone with the window. */
static void
on_game_over_gone (GtkWidget   *game_over,
                   SternWindow *self)
{
  if (self->game_over == game_over)
    self->game_over = NULL;
}

static void
on_game_over_review (SternWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.review-game", NULL);
}

/* The result comes after the final move has been seen: the match holds
 * "game-over" back while the board animates. */
void
stern_window_show_game_over (SternWindow *self)
{
  if (self->game_over != NULL)
    return;

  self->your_turn_pending = FALSE;
  stern_sounds_play (self->sounds, STERN_SOUND_GAME_OVER);

  self->game_over = stern_game_over_window_new (GAME (self), SETUP (self));
  {
    double before, after;

    if (stern_match_get_rating_change (self->match, &before, &after))
      stern_game_over_window_set_rating (STERN_GAME_OVER_WINDOW (self->game_over), before, after);
  }
#ifdef STERN_HAVE_NETWORK
  {
    g_autofree char *left = stern_window_online_end_reason (self);

    if (left != NULL)
      stern_game_over_window_set_reason (STERN_GAME_OVER_WINDOW (self->game_over), left);
  }
#endif
  g_signal_connect_object (self->game_over, "destroy", G_CALLBACK (on_game_over_gone), self, 0);
#if ADW_CHECK_VERSION (1, 5, 0)
  /* A dialog is closed before it goes: the next game may show its own. */
  g_signal_connect_object (self->game_over, "closed", G_CALLBACK (on_game_over_gone), self, 0);
#endif
  g_signal_connect_object (self->game_over, "play-again",
                           G_CALLBACK (on_game_over_play_again), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game_over, "review",
                           G_CALLBACK (on_game_over_review), self, G_CONNECT_SWAPPED);
  stern_compat_dialog_present (self->game_over, GTK_WINDOW (self), TRUE);
}
