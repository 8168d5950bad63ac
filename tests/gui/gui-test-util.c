/* gui-test-util.c: helpers shared by the window tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "gui-test-util.h"

#include <string.h>

#include "stern-window.h"

gboolean gui_test_have_display;

gboolean
gui_test_not_thinking (gpointer window)
{
  return !stern_window_is_thinking (window);
}

gboolean
gui_test_game_over (gpointer window)
{
  return stern_game_is_over (stern_window_get_game (window));
}

gboolean
gui_test_wait_until (GuiTestCondition cond,
                     gpointer         data,
                     guint            timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
}

void
gui_test_spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

guint
gui_test_hole (const char *name)
{
  guint cell = stern_board_hole_parse (name, strlen (name));

  g_assert_cmpuint (cell, !=, STERN_NO_CELL);
  return cell;
}

void
gui_test_first_safe_move (const SternGame *game,
                          guint           *from,
                          guint           *to)
{
  g_autofree SternMove *moves = g_new (SternMove, STERN_MAX_MOVES);
  size_t n = stern_game_legal_moves (game, moves);

  for (size_t i = 0; i < n; i++)
    if (!(moves[i].flags & STERN_MOVE_FATAL))
      {
        *from = moves[i].from;
        *to = moves[i].to;
        return;
      }
  g_assert_not_reached ();
}
