/* stern-board-scene.c: the human's pick on the board (stern-board-scene.h).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-board-scene.h"

#include <string.h>

#include "stern-movegen.h"

static gboolean
is_hole (guint hole)
{
  return hole < STERN_MAX_CELLS;
}

void
stern_board_scene_init (SternBoardScene *scene)
{
  g_return_if_fail (scene != NULL);

  memset (scene, 0, sizeof *scene);
  scene->selected = STERN_NO_CELL;
  scene->cursor = STERN_NO_CELL;
}

void
stern_board_scene_set_game (SternBoardScene *scene,
                            const SternGame *game)
{
  g_return_if_fail (scene != NULL);

  scene->game = game;
  stern_board_scene_clear_selection (scene);
  scene->hint_len = 0;
}

gboolean
stern_board_scene_is_own_marble (const SternBoardScene *scene,
                                 guint                  hole)
{
  const SternPosition *pos;
  unsigned turn;

  g_return_val_if_fail (scene != NULL, FALSE);

  if (scene->game == NULL || !is_hole (hole))
    return FALSE;
  pos = stern_game_get_position (scene->game);
  turn = stern_game_get_turn (scene->game);
  return turn != STERN_NO_SEAT && pos->cell[hole] == turn;
}

void
stern_board_scene_select (SternBoardScene *scene,
                          guint            hole)
{
  size_t n;

  g_return_if_fail (scene != NULL && scene->game != NULL);

  n = stern_game_legal_moves (scene->game, scene->moves);
  if (scene->hint_len > 0 && scene->hint[0] != hole)
    scene->hint_len = 0;
  scene->selected = hole;
  scene->highlighted = 0;
  scene->fatal = 0;
  scene->preview_len = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (scene->moves[i].from != hole)
        continue;
      scene->highlighted |= stern_set_bit (scene->moves[i].to);
      if (scene->moves[i].flags & STERN_MOVE_FATAL)
        scene->fatal |= stern_set_bit (scene->moves[i].to);
    }
}

gboolean
stern_board_scene_clear_selection (SternBoardScene *scene)
{
  gboolean had = FALSE;

  g_return_val_if_fail (scene != NULL, FALSE);

  had = is_hole (scene->selected) || scene->highlighted != 0;
  scene->selected = STERN_NO_CELL;
  scene->highlighted = 0;
  scene->fatal = 0;
  scene->preview_len = 0;
  return had;
}

gboolean
stern_board_scene_preview_to (SternBoardScene *scene,
                              guint            hole)
{
  gsize len = 0;
  gboolean changed;

  g_return_val_if_fail (scene != NULL, FALSE);

  if (!(scene->game != NULL && is_hole (scene->selected) && is_hole (hole) &&
        stern_set_has (scene->highlighted, hole)))
    hole = STERN_NO_CELL;
  /* Motion within one hole changes nothing. */
  if (scene->preview_len >= 2 && scene->preview[scene->preview_len - 1] == hole)
    return FALSE;
  if (hole != STERN_NO_CELL)
    len = stern_movegen_path (stern_game_get_rules (scene->game),
                              stern_game_get_position (scene->game),
                              scene->selected, hole, scene->preview);
  changed = len != scene->preview_len || len != 0;
  scene->preview_len = len;
  return changed;
}

SternBoardSceneAction
stern_board_scene_activate (SternBoardScene *scene,
                            guint            hole,
                            gboolean         keyboard,
                            guint           *from,
                            guint           *to)
{
  g_return_val_if_fail (scene != NULL, STERN_BOARD_SCENE_NOTHING);

  if (is_hole (scene->selected) && is_hole (hole) && stern_set_has (scene->highlighted, hole))
    {
      if (from != NULL)
        *from = scene->selected;
      if (to != NULL)
        *to = hole;
      stern_board_scene_clear_selection (scene);
      return STERN_BOARD_SCENE_MOVE;
    }

  if (stern_board_scene_is_own_marble (scene, hole))
    {
      if (hole == scene->selected)
        {
          stern_board_scene_clear_selection (scene);
          return STERN_BOARD_SCENE_DROPPED;
        }
      stern_board_scene_select (scene, hole);
      return STERN_BOARD_SCENE_PICKED;
    }

  if (keyboard && is_hole (scene->selected) && is_hole (hole))
    return STERN_BOARD_SCENE_UNREACHABLE;

  return stern_board_scene_clear_selection (scene) ? STERN_BOARD_SCENE_DROPPED
                                                   : STERN_BOARD_SCENE_NOTHING;
}

gboolean
stern_board_scene_set_cursor (SternBoardScene *scene,
                              guint            hole)
{
  g_return_val_if_fail (scene != NULL, FALSE);

  if (hole == scene->cursor)
    return FALSE;
  scene->cursor = hole;
  return TRUE;
}

void
stern_board_scene_set_hint (SternBoardScene *scene,
                            const guint8    *path,
                            gsize            len)
{
  g_return_if_fail (scene != NULL);
  g_return_if_fail (len == 0 || path != NULL);

  scene->hint_len = MIN (len, STERN_MAX_PATH);
  if (scene->hint_len > 0)
    memcpy (scene->hint, path, scene->hint_len);
}
