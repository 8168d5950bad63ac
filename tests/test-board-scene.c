/* test-board-scene.c: the human's pick on the board, without a display:
 * picking lights exactly the holes the engine's moves reach, the preview
 * is the engine's path, a click on a lit hole chooses that move, a click
 * elsewhere drops the pick while Enter keeps it, a hint for another marble
 * goes when one is picked, and nothing is picked when it is not one's own.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "stern-board-scene.h"
#include "stern-movegen.h"
#include "stern-notation.h"

static guint
hole (const SternGame *game, const char *name)
{
  guint h = stern_variant_cell_parse (stern_game_get_variant (game), name, strlen (name));

  g_assert_cmpuint (h, <, STERN_MAX_CELLS);
  return h;
}

static SternGame *
start (void)
{
  return stern_game_new (stern_variant_lookup ("classic-2"), STERN_PRESET_TABLE);
}

static void
test_pick_lights_the_engines_moves (void)
{
  g_autoptr (SternGame) game = start ();
  SternBoardScene scene;
  SternMove moves[STERN_MAX_MOVES];
  size_t n = stern_game_legal_moves (game, moves);
  guint from = moves[0].from;
  SternSet expect = 0;

  stern_board_scene_init (&scene);
  stern_board_scene_set_game (&scene, game);
  g_assert_true (stern_board_scene_is_own_marble (&scene, from));
  stern_board_scene_select (&scene, from);
  for (size_t i = 0; i < n; i++)
    if (moves[i].from == from)
      expect |= stern_set_bit (moves[i].to);
  g_assert_cmpuint (scene.selected, ==, from);
  g_assert_true (scene.highlighted == expect);
  g_assert_true (scene.highlighted != 0);
}

static void
test_preview_is_the_engines_path (void)
{
  g_autoptr (SternGame) game = start ();
  SternBoardScene scene;
  guint8 path[STERN_MAX_PATH];
  guint from = hole (game, "m3"), to = hole (game, "k5");
  gsize len;

  stern_board_scene_init (&scene);
  stern_board_scene_set_game (&scene, game);
  stern_board_scene_select (&scene, from);
  g_assert_true (stern_set_has (scene.highlighted, to));
  g_assert_true (stern_board_scene_preview_to (&scene, to));
  len = stern_movegen_path (stern_game_get_rules (game), stern_game_get_position (game),
                            from, to, path);
  g_assert_cmpuint (scene.preview_len, ==, len);
  g_assert_cmpmem (scene.preview, scene.preview_len, path, len);
  /* The same hole again changes nothing; a hole it cannot reach clears it. */
  g_assert_false (stern_board_scene_preview_to (&scene, to));
  g_assert_true (stern_board_scene_preview_to (&scene, hole (game, "e17")));
  g_assert_cmpuint (scene.preview_len, ==, 0);
}

static void
test_activate (void)
{
  g_autoptr (SternGame) game = start ();
  SternBoardScene scene;
  guint from = STERN_NO_CELL, to = STERN_NO_CELL;
  guint m3 = hole (game, "m3"), k5 = hole (game, "k5"), e17 = hole (game, "e17");
  guint empty = hole (game, "i9");

  stern_board_scene_init (&scene);
  stern_board_scene_set_game (&scene, game);
  /* An opponent's marble or an empty hole: nothing to pick. */
  g_assert_cmpint (stern_board_scene_activate (&scene, e17, FALSE, &from, &to), ==,
                   STERN_BOARD_SCENE_NOTHING);
  g_assert_cmpint (stern_board_scene_activate (&scene, empty, FALSE, &from, &to), ==,
                   STERN_BOARD_SCENE_NOTHING);
  /* Pick, pick again to drop. */
  g_assert_cmpint (stern_board_scene_activate (&scene, m3, FALSE, &from, &to), ==,
                   STERN_BOARD_SCENE_PICKED);
  g_assert_cmpint (stern_board_scene_activate (&scene, m3, FALSE, &from, &to), ==,
                   STERN_BOARD_SCENE_DROPPED);
  g_assert_cmpuint (scene.selected, ==, STERN_NO_CELL);
  /* Enter where it cannot go keeps the pick; a click there drops it. */
  stern_board_scene_activate (&scene, m3, TRUE, &from, &to);
  g_assert_cmpint (stern_board_scene_activate (&scene, empty, TRUE, &from, &to), ==,
                   STERN_BOARD_SCENE_UNREACHABLE);
  g_assert_cmpuint (scene.selected, ==, m3);
  g_assert_cmpint (stern_board_scene_activate (&scene, empty, FALSE, &from, &to), ==,
                   STERN_BOARD_SCENE_DROPPED);
  /* A lit hole chooses the move and ends the pick. */
  stern_board_scene_activate (&scene, m3, FALSE, &from, &to);
  g_assert_cmpint (stern_board_scene_activate (&scene, k5, FALSE, &from, &to), ==,
                   STERN_BOARD_SCENE_MOVE);
  g_assert_cmpuint (from, ==, m3);
  g_assert_cmpuint (to, ==, k5);
  g_assert_cmpuint (scene.selected, ==, STERN_NO_CELL);
  g_assert_true (scene.highlighted == 0);
}

static void
test_hint_and_cursor (void)
{
  g_autoptr (SternGame) game = start ();
  SternBoardScene scene;
  guint8 hint[2];

  stern_board_scene_init (&scene);
  stern_board_scene_set_game (&scene, game);
  hint[0] = hole (game, "l3");
  hint[1] = hole (game, "l5");
  stern_board_scene_set_hint (&scene, hint, 2);
  /* Picking the hint's own marble keeps it; another marble drops it. */
  stern_board_scene_select (&scene, hint[0]);
  g_assert_cmpuint (scene.hint_len, ==, 2);
  stern_board_scene_select (&scene, hole (game, "m3"));
  g_assert_cmpuint (scene.hint_len, ==, 0);

  g_assert_true (stern_board_scene_set_cursor (&scene, hint[0]));
  g_assert_false (stern_board_scene_set_cursor (&scene, hint[0]));
  g_assert_cmpuint (scene.cursor, ==, hint[0]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board-scene/pick", test_pick_lights_the_engines_moves);
  g_test_add_func ("/board-scene/preview", test_preview_is_the_engines_path);
  g_test_add_func ("/board-scene/activate", test_activate);
  g_test_add_func ("/board-scene/hint-and-cursor", test_hint_and_cursor);
  return g_test_run ();
}
