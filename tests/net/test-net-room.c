/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-net-room.c: a room's files: written after every action, read back
 * whole, the older file used when the newer one was cut short, and bad
 * files refused with an error naming the file.
 */
#define G_LOG_DOMAIN "test-net"

#include <glib/gstdio.h>
#include <string.h>

#include "stern-notation.h"
#include "stern-room.h"

static void
play_some (SternRoom *room, guint n)
{
  g_autoptr(SternSearch) search = stern_search_new ();

  for (guint i = 0; i < n; i++)
    {
      const SternGame *game = stern_room_get_game (room);
      guint8 path[STERN_MAX_PATH];
      SternMove move;
      size_t len;
      g_autoptr(GError) error = NULL;

      g_assert_true (stern_search_choose (search, game, STERN_LEVEL_GREEDY, i, 0, NULL, &move));
      len = stern_movegen_path (stern_game_get_rules (game), stern_game_get_position (game),
                                move.from, move.to, path);
      g_assert_true (stern_room_play (room, stern_game_get_turn (game),
                                      stern_game_get_n_actions (game), path, len, &error));
      g_assert_no_error (error);
    }
}

static void
test_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("stern-room-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ABC234.json", NULL);
  g_autofree char *alt = g_strconcat (path, ".alt", NULL);
  g_autoptr(SternRoom) room = NULL;
  g_autoptr(SternRoom) back = NULL;
  char token_white[STERN_NET_TOKEN_LEN + 1], token_black[STERN_NET_TOKEN_LEN + 1];
  SternNetSetup setup = { 0 };
  guint seat;
  guint64 hash_after_6;
  const char *newest;

  g_assert_no_error (error);
  setup.variant = stern_variant_lookup ("classic-2");
  setup.preset = STERN_PRESET_TABLE;
  setup.reserve_ms = 120000;
  setup.increment_ms = 1000;
  room = stern_room_new ("ABC234", &setup, path);
  stern_room_start (room);
  g_assert_true (stern_room_save (room, &error));
  g_assert_true (stern_room_join (room, STERN_WHITE, "Anna", &seat, token_white, &error));
  g_assert_true (stern_room_join (room, STERN_BLACK, "Борис", &seat, token_black, &error));
  g_assert_no_error (error);
  play_some (room, 6);
  hash_after_6 = stern_game_get_position (stern_room_get_game (room))->hash;
  play_some (room, 1);

  /* Read back: every action, the names, the tokens, the clock. */
  back = stern_room_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (back)), ==, 7);
  g_assert_cmpuint (stern_game_get_position (stern_room_get_game (back))->hash, ==,
                    stern_game_get_position (stern_room_get_game (room))->hash);
  g_assert_true (stern_room_resume (back, token_black, &seat, &error));
  g_assert_cmpuint (seat, ==, STERN_BLACK);
  {
    g_autoptr(SternNetMessage) msg = stern_room_describe (back);
    g_assert_cmpstr (msg->seats[STERN_BLACK].name, ==, "Борис");
    g_assert_cmpint (msg->seats[STERN_WHITE].clock_ms, >, 100000);
    /* 120 s and four increments of a second (white made moves 1, 3, 5 and 7). */
    g_assert_cmpint (msg->seats[STERN_WHITE].clock_ms, <=, 124000);
  }
  g_clear_object (&back);

  /* The newest write cut short (a kill in the middle of writing): the
   * other file, one action older, is used. */
  {
    g_autofree char *a = NULL, *b = NULL;
    gsize la, lb;

    g_assert_true (g_file_get_contents (path, &a, &la, NULL));
    g_assert_true (g_file_get_contents (alt, &b, &lb, NULL));
    /* Whichever holds the higher write number is the newest. */
    newest = strstr (a, "\"write\":") && strstr (b, "\"write\":") &&
             g_ascii_strtoull (strstr (a, "\"write\":") + 8, NULL, 10) >
             g_ascii_strtoull (strstr (b, "\"write\":") + 8, NULL, 10) ? path : alt;
    g_assert_true (g_file_set_contents (newest, newest == path ? a : b,
                                        (gssize) (newest == path ? la : lb) / 2, NULL));
  }
  back = stern_room_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (back)), ==, 6);
  g_assert_cmpuint (stern_game_get_position (stern_room_get_game (back))->hash, ==, hash_after_6);
  /* Play goes on from there, and the next write replaces the broken file. */
  play_some (back, 1);
  g_clear_object (&back);
  back = stern_room_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (back)), ==, 7);
  g_clear_object (&back);

  /* Both files broken: an error naming the file, no room. */
  g_assert_true (g_file_set_contents (path, "{\"format\":1,\"tokens\":{},\"room\":{\"type\":\"room\"}}", -1, NULL));
  g_assert_true (g_file_set_contents (alt, "not json", -1, NULL));
  back = stern_room_load (path, &error);
  g_assert_null (back);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "ABC234.json"));
  g_assert_nonnull (strstr (error->message, "room.code"));
  g_clear_error (&error);

  g_unlink (path);
  g_unlink (alt);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/room/files", test_files);
  return g_test_run ();
}
