/* test-net-room.c: a room and its store: written after every action and
 * read back whole; an action the store refuses is refused and never
 * announced; the room files of older servers read (the newer of the two
 * that reads whole); invited seats taken only with their key; a room with
 * nobody left stops the computer; its log lines carry its code.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-net"

#include <glib/gstdio.h>
#include <string.h>

#include "stern-notation.h"
#include "stern-room.h"
#include "stern-store-private.h"
#include "temp-dir-util.h"

static gboolean
wait_for (gboolean (*cond) (gpointer), gpointer data, guint timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

static gboolean
play_one (SternRoom *room, guint i, GError **error)
{
  g_autoptr (SternSearch) search = stern_search_new ();
  const SternGame *game = stern_room_get_game (room);
  guint8 path[STERN_MAX_PATH];
  SternMove move;
  size_t len;

  g_assert_true (stern_search_choose (search, game, STERN_LEVEL_GREEDY, i, 0, NULL, &move));
  len = stern_movegen_path (stern_game_get_rules (game), stern_game_get_position (game),
                            move.from, move.to, path);
  return stern_room_play (room, stern_game_get_turn (game), stern_game_get_n_actions (game), path,
                          len, error);
}

static void
play_some (SternRoom *room, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (play_one (room, i, &error));
      g_assert_no_error (error);
    }
}

static void
count_actions_cb (SternRoom *room, const char *json, gpointer user_data)
{
  if (strstr (json, "\"type\":\"action\""))
    (*(guint *) user_data)++;
}

typedef struct {
  char       *dir;
  SternStore *store;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;

  f->dir = g_dir_make_tmp ("stern-room-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "rooms.sqlite", NULL);
  f->store = stern_store_open (path, FALSE, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->store);
  temp_dir_remove (f->dir);
  g_free (f->dir);
}

static SternRoom *
two_players (SternStore *store, char token_white[STERN_NET_TOKEN_LEN + 1],
             char token_black[STERN_NET_TOKEN_LEN + 1])
{
  g_autoptr (GError) error = NULL;
  SternNetSetup setup = { 0 };
  SternRoom *room;
  guint seat;

  setup.variant = stern_variant_lookup ("classic-2");
  setup.preset = STERN_PRESET_TABLE;
  setup.reserve_ms = 120000;
  setup.increment_ms = 1000;
  room = stern_room_new ("ABC234", &setup, store);
  stern_room_start (room);
  g_assert_true (stern_room_save (room, &error));
  g_assert_true (stern_room_join (room, STERN_WHITE, "Anna", NULL, &seat, token_white, &error));
  g_assert_true (stern_room_join (room, STERN_BLACK, "Борис", NULL, &seat, token_black, &error));
  g_assert_no_error (error);
  return room;
}

static void
test_store (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternRoom) room = NULL;
  g_autoptr (SternRoom) back = NULL;
  char token_white[STERN_NET_TOKEN_LEN + 1], token_black[STERN_NET_TOKEN_LEN + 1];
  guint seat;

  room = two_players (f->store, token_white, token_black);
  play_some (room, 7);

  /* Read back: every action, the names, the tokens, the clock. */
  back = stern_room_load (f->store, "ABC234", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (back)), ==, 7);
  g_assert_cmpuint (stern_game_get_position (stern_room_get_game (back))->hash, ==,
                    stern_game_get_position (stern_room_get_game (room))->hash);
  g_assert_true (stern_room_resume (back, token_black, &seat, &error));
  g_assert_cmpuint (seat, ==, STERN_BLACK);
  {
    g_autoptr (SternNetMessage) msg = stern_room_describe (back);
    g_assert_cmpstr (msg->seats[STERN_BLACK].name, ==, "Борис");
    g_assert_cmpint (msg->seats[STERN_WHITE].clock_ms, >, 100000);
    /* 120 s and four increments of a second (white made moves 1, 3, 5 and 7). */
    g_assert_cmpint (msg->seats[STERN_WHITE].clock_ms, <=, 124000);
  }
  g_clear_object (&back);

  /* A room the store does not have, and a damaged one: errors naming it. */
  g_assert_null (stern_room_load (f->store, "ZZZ999", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_true (stern_store_put_room (f->store, "ABC234",
                                       "{\"format\":1,\"tokens\":{},\"room\":{\"type\":\"room\"}}",
                                       FALSE, &error));
  back = stern_room_load (f->store, "ABC234", &error);
  g_assert_null (back);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "room ABC234"));
  g_assert_nonnull (strstr (error->message, "room.code"));
}

/* The lobby knows a room by its maker, in the seat they took, also when
 * the room is read back from the store; and by whoever sits first once
 * the maker's seat is free. */
static void
test_host (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternRoom) room = NULL;
  g_autoptr (SternRoom) back = NULL;
  char token[STERN_NET_TOKEN_LEN + 1];
  SternNetSetup setup = { 0 };
  SternNetLobbyRoom entry;
  guint seat;

  setup.variant = stern_variant_lookup ("classic-3");
  setup.preset = STERN_PRESET_TABLE;
  room = stern_room_new ("ABC234", &setup, f->store);
  stern_room_set_host (room, STERN_BLUE, NULL);
  stern_room_start (room);
  g_assert_true (stern_room_join (room, STERN_BLUE, "Борис", NULL, &seat, token, &error));
  g_assert_true (stern_room_join (room, STERN_WHITE, "Anna", NULL, &seat, token, &error));
  g_assert_no_error (error);
  g_assert_true (stern_room_get_lobby_entry (room, &entry));
  g_assert_cmpstr (entry.host, ==, "Борис");

  back = stern_room_load (f->store, "ABC234", &error);
  g_assert_no_error (error);
  g_assert_true (stern_room_get_lobby_entry (back, &entry));
  g_assert_cmpstr (entry.host, ==, "Борис");

  g_clear_object (&back);
  /* A damaged state: refused, with the member named. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (SternRoom) empty = stern_room_new ("ABC299", &setup, NULL);
      g_autoptr (SternNetMessage) msg = stern_room_describe (empty);
      g_autofree char *json = stern_net_message_to_json (msg);
      g_autofree char *state = g_strdup_printf ("{\"format\":1,\"tokens\":{},\"host\":%s,"
                                                "\"room\":%s}", i ? "3" : "\"black\"", json);

      g_assert_true (stern_store_put_room (f->store, "ABC299", state, FALSE, &error));
      g_assert_null (stern_room_load (f->store, "ABC299", &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "host"));
      g_clear_error (&error);
    }
  back = stern_room_load (f->store, "ABC234", &error);
  g_assert_no_error (error);

  /* A maker who took no seat, and then left. */
  stern_room_set_host (back, STERN_NO_SEAT, "Dana");
  g_assert_true (stern_room_get_lobby_entry (back, &entry));
  g_assert_cmpstr (entry.host, ==, "Dana");
  stern_room_set_host (back, STERN_NO_SEAT, NULL);
  g_assert_true (stern_room_get_lobby_entry (back, &entry));
  g_assert_cmpstr (entry.host, ==, "Anna");
}

/* The disk refuses writes in the middle of a game: the move is refused
 * with "internal" and announced to nobody, the game stays as it was, and
 * the store holds exactly the moves that were announced. */
static void
test_read_only (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternRoom) room = NULL;
  g_autoptr (SternRoom) back = NULL;
  char token_white[STERN_NET_TOKEN_LEN + 1], token_black[STERN_NET_TOKEN_LEN + 1];
  guint announced = 0;
  guint64 hash;

  room = two_players (f->store, token_white, token_black);
  g_signal_connect (room, "broadcast", G_CALLBACK (count_actions_cb), &announced);
  play_some (room, 3);
  g_assert_cmpuint (announced, ==, 3);
  hash = stern_game_get_position (stern_room_get_game (room))->hash;

  stern_store_set_read_only (f->store, TRUE);
  for (guint i = 0; i < 5; i++)
    {
      g_assert_false (play_one (room, i, &error));
      g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_INTERNAL);
      g_clear_error (&error);
    }
  g_assert_false (stern_room_resign (room, STERN_WHITE, &error));
  g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_INTERNAL);
  g_clear_error (&error);
  g_assert_cmpuint (announced, ==, 3);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (room)), ==, 3);
  g_assert_cmpuint (stern_game_get_position (stern_room_get_game (room))->hash, ==, hash);
  g_assert_cmpint (stern_game_get_player_state (stern_room_get_game (room), STERN_WHITE), ==,
                   STERN_PLAYER_PLAYING);

  /* "After a restart": the store has the three announced moves. */
  back = stern_room_load (f->store, "ABC234", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (back)), ==, 3);
  g_clear_object (&back);

  /* Writable again: the game goes on from there. */
  stern_store_set_read_only (f->store, FALSE);
  play_some (room, 1);
  g_assert_cmpuint (announced, ==, 4);
  back = stern_room_load (f->store, "ABC234", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (back)), ==, 4);
}

/* The two files of a server before the store: the newer one that reads
 * whole is the room. */
static void
test_old_files (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternRoom) room = NULL;
  g_autoptr (SternRoom) back = NULL;
  g_autofree char *path = g_build_filename (f->dir, "ABC234.json", NULL);
  g_autofree char *alt = g_strconcat (path, ".alt", NULL);
  g_autofree char *state6 = NULL;
  g_autofree char *state7 = NULL;
  g_autofree char *file6 = NULL;
  g_autofree char *file7 = NULL;
  char token_white[STERN_NET_TOKEN_LEN + 1], token_black[STERN_NET_TOKEN_LEN + 1];
  guint seat;

  room = two_players (f->store, token_white, token_black);
  play_some (room, 6);
  state6 = stern_store_get_room (f->store, "ABC234", &error);
  play_some (room, 1);
  state7 = stern_store_get_room (f->store, "ABC234", &error);
  g_assert_no_error (error);
  /* The files had the number of their write after the format. */
  g_assert_true (g_str_has_prefix (state6, "{\"format\":1,"));
  file6 = g_strdup_printf ("{\"format\":1,\"write\":12,%s", state6 + 12);
  file7 = g_strdup_printf ("{\"format\":1,\"write\":13,%s", state7 + 12);
  g_assert_true (g_file_set_contents (path, file6, -1, &error));
  g_assert_true (g_file_set_contents (alt, file7, -1, &error));

  back = stern_room_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (back)), ==, 7);
  g_assert_true (stern_room_resume (back, token_black, &seat, &error));
  g_clear_object (&back);

  /* The newer cut short (killed while writing): the older one. */
  g_assert_true (g_file_set_contents (alt, file7, (gssize) strlen (file7) / 2, &error));
  back = stern_room_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (back)), ==, 6);
  g_clear_object (&back);

  /* Both broken: an error naming the file. */
  g_assert_true (g_file_set_contents (path, "", 0, &error));
  back = stern_room_load_file (path, &error);
  g_assert_null (back);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "ABC234.json"));
  g_clear_error (&error);
  g_unlink (path);
  g_unlink (alt);
}

/* An invited seat is taken with its key, not with the room code alone. */
static void
test_invited (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternRoom) room = NULL;
  g_autoptr (SternRoom) back = NULL;
  SternNetSetup setup = { 0 };
  char token[STERN_NET_TOKEN_LEN + 1];
  char wrong[STERN_NET_TOKEN_LEN + 1];
  const char *key;
  guint seat;

  setup.variant = stern_variant_lookup ("classic-3");
  setup.preset = STERN_PRESET_TABLE;
  setup.seats[STERN_WHITE].kind = STERN_NET_SEAT_OPEN;
  setup.seats[STERN_BLUE].kind = STERN_NET_SEAT_INVITED;
  g_strlcpy (setup.seats[STERN_BLUE].name, "Boris", sizeof setup.seats[STERN_BLUE].name);
  setup.seats[STERN_YELLOW].kind = STERN_NET_SEAT_COMPUTER;
  room = stern_room_new ("ABC234", &setup, f->store);
  g_assert_true (stern_room_save (room, &error));
  stern_room_start (room);

  key = stern_room_get_invite (room, STERN_BLUE);
  g_assert_nonnull (key);
  g_assert_true (stern_net_token_is_valid (key));
  g_assert_null (stern_room_get_invite (room, STERN_WHITE));
  /* Another room's invitation has another key. */
  {
    g_autoptr (SternRoom) other = stern_room_new ("ABC235", &setup, NULL);
    g_assert_cmpstr (stern_room_get_invite (other, STERN_BLUE), !=, key);
  }

  /* A stranger with the code: not Boris's seat, by name or by "any seat". */
  g_assert_false (stern_room_join (room, STERN_BLUE, "Mallory", NULL, &seat, token, &error));
  g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_TOKEN);
  g_clear_error (&error);
  stern_net_random_token (wrong);
  g_assert_false (stern_room_join (room, STERN_BLUE, "Mallory", wrong, &seat, token, &error));
  g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_TOKEN);
  g_clear_error (&error);
  g_assert_true (stern_room_join (room, STERN_NO_SEAT, "Mallory", NULL, &seat, token, &error));
  g_assert_cmpuint (seat, ==, STERN_WHITE);
  g_assert_false (stern_room_join (room, STERN_NO_SEAT, "Eve", NULL, &seat, token, &error));
  g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_SEAT_TAKEN);
  g_clear_error (&error);

  /* The key survives a restart, and takes the seat. */
  back = stern_room_load (f->store, "ABC234", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (stern_room_get_invite (back, STERN_BLUE), ==, key);
  g_assert_true (stern_room_join (room, STERN_NO_SEAT, "Boris", key, &seat, token, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (seat, ==, STERN_BLUE);
}

static gboolean
is_paused (gpointer room)
{
  return stern_room_is_paused (room) && !stern_room_is_thinking (room);
}

typedef struct {
  SternRoom *room;
  guint      n;
} MovedWait;

static gboolean
computer_moved (gpointer data)
{
  MovedWait *w = data;

  return stern_game_get_n_actions (stern_room_get_game (w->room)) > w->n;
}

/* Everybody left a room where the computer plays: it stops thinking
 * instead of playing on for nobody, and goes on when a person is back. */
static void
test_abandoned (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternRoom) room = NULL;
  SternNetSetup setup = { 0 };
  char token[STERN_NET_TOKEN_LEN + 1];
  guint seat;
  guint n;

  setup.variant = stern_variant_lookup ("classic-3");
  setup.preset = STERN_PRESET_CLUB;
  setup.seats[STERN_WHITE].kind = STERN_NET_SEAT_OPEN;
  setup.seats[STERN_BLUE].kind = STERN_NET_SEAT_COMPUTER;
  setup.seats[STERN_BLUE].level = STERN_LEVEL_EASY;
  setup.seats[STERN_YELLOW].kind = STERN_NET_SEAT_COMPUTER;
  setup.seats[STERN_YELLOW].level = STERN_LEVEL_EASY;
  room = stern_room_new ("ABC234", &setup, f->store);
  stern_room_set_grace (room, 50);
  g_assert_true (stern_room_save (room, &error));
  stern_room_start (room);
  g_assert_true (stern_room_join (room, STERN_WHITE, "Anna", NULL, &seat, token, &error));
  g_assert_no_error (error);
  play_some (room, 1);    /* white moves; the computer thinks for blue */

  /* White leaves for good: after the grace period the computer plays
   * every seat, for nobody: the room pauses, no search runs. */
  stern_room_set_connected (room, STERN_WHITE, FALSE);
  g_assert_true (wait_for (is_paused, room, 20000));
  n = stern_game_get_n_actions (stern_room_get_game (room));
  g_test_message ("paused after %u actions", n);
  for (guint i = 0; i < 20; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
  g_assert_true (is_paused (room));
  g_assert_cmpuint (stern_game_get_n_actions (stern_room_get_game (room)), ==, n);

  /* Anna is back (to watch her seat played): the computer goes on. */
  stern_room_set_connected (room, STERN_WHITE, TRUE);
  g_assert_false (stern_room_is_paused (room));
  {
    MovedWait w = { room, n };
    g_assert_true (wait_for (computer_moved, &w, 20000));
  }
}

/* A finished game stays for the retention period from its end, then goes;
 * a game in play never does. */
static void
test_retention (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  const gint64 day = 24 * 3600, start = 1700000000;

  stern_store_set_now (f->store, start);
  g_assert_true (stern_store_put_room (f->store, "ABC234", "{}", FALSE, &error));
  g_assert_true (stern_store_put_room (f->store, "ABC235", "{}", TRUE, &error));
  /* Written again later (a rematch asked for): the end stays when it was. */
  stern_store_set_now (f->store, start + day);
  g_assert_true (stern_store_put_room (f->store, "ABC235", "{}", TRUE, &error));
  g_assert_no_error (error);

  stern_store_set_now (f->store, start + 6 * day);
  g_assert_cmpint (stern_store_expire (f->store, 7 * day, &error), ==, 0);
  g_assert_true (stern_store_has_room (f->store, "ABC235"));
  stern_store_set_now (f->store, start + 7 * day + 1);
  g_assert_cmpint (stern_store_expire (f->store, 7 * day, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_false (stern_store_has_room (f->store, "ABC235"));
  g_assert_true (stern_store_has_room (f->store, "ABC234"));
  stern_store_set_now (f->store, start + 1000 * day);
  g_assert_cmpint (stern_store_expire (f->store, 0, &error), ==, 0);
  g_assert_true (stern_store_has_room (f->store, "ABC234"));
  {
    g_autoptr (GPtrArray) playing = stern_store_list_playing (f->store, &error);
    g_assert_cmpuint (playing->len, ==, 1);
    g_assert_cmpstr (g_ptr_array_index (playing, 0), ==, "ABC234");
  }
}

static gboolean
black_moved (gpointer room)
{
  return stern_game_get_moves_made (stern_room_get_game (room), STERN_BLACK) >= 2;
}

/* Club, three teams: when a team gives up, the computer plays both its
 * seats and the others play on. */
static void
test_team_gives_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SternRoom) room = NULL;
  SternNetSetup setup = { 0 };
  char token[STERN_NET_TOKEN_LEN + 1];
  guint seat;

  setup.variant = stern_variant_lookup ("pairs-6");
  setup.preset = STERN_PRESET_CLUB;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    {
      setup.seats[s].kind = STERN_NET_SEAT_COMPUTER;
      setup.seats[s].level = STERN_LEVEL_EASY;
    }
  setup.seats[STERN_WHITE].kind = setup.seats[STERN_BLACK].kind = STERN_NET_SEAT_OPEN;
  room = stern_room_new ("ABC234", &setup, f->store);
  g_assert_true (stern_room_save (room, &error));
  stern_room_start (room);
  g_assert_true (stern_room_join (room, STERN_WHITE, "Anna", NULL, &seat, token, &error));
  g_assert_true (stern_room_join (room, STERN_BLACK, "Boris", NULL, &seat, token, &error));
  g_assert_no_error (error);

  g_assert_true (stern_room_resign (room, STERN_WHITE, &error));
  g_assert_no_error (error);
  g_assert_true (wait_for (black_moved, room, 30000));
  {
    g_autoptr (SternNetMessage) msg = stern_room_describe (room);
    g_assert_true (msg->seats[STERN_WHITE].replaced);
    g_assert_true (msg->seats[STERN_BLACK].replaced);
  }
  /* Boris may not move for the computer. */
  g_assert_false (stern_room_resign (room, STERN_BLACK, &error));
  g_assert_error (error, STERN_NET_ERROR, STERN_NET_ERROR_NOT_A_PLAYER);
}

/* The server's log lines as the journal gets them ("ROOM|MESSAGE", ROOM
 * the STERN_ROOM field), then written as usual. */
static GPtrArray *server_log_lines;

static const char *
field_value (const GLogField *fields, gsize n_fields, const char *key, char **owned)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, key))
      return fields[i].length < 0 ? fields[i].value
                                  : (*owned = g_strndup (fields[i].value, fields[i].length));
  return NULL;
}

static GLogWriterOutput
record_log (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  g_autofree char *domain_owned = NULL, *room_owned = NULL, *message_owned = NULL;
  const char *domain = field_value (fields, n_fields, "GLIB_DOMAIN", &domain_owned);
  const char *room = field_value (fields, n_fields, "STERN_ROOM", &room_owned);
  const char *message = field_value (fields, n_fields, "MESSAGE", &message_owned);

  if (g_strcmp0 (domain, "stern-server") == 0)
    g_ptr_array_add (server_log_lines, g_strdup_printf ("%s|%s", room ? room : "", message));
  return g_log_writer_default (level, fields, n_fields, data);
}

/* Each line about the room has its code in the STERN_ROOM field (what
 * journalctl STERN_ROOM=ABC234 selects) and at the start of its text. */
static void
test_log (Fixture *f, gconstpointer data)
{
  g_autoptr (SternRoom) room = NULL;
  char token_white[STERN_NET_TOKEN_LEN + 1], token_black[STERN_NET_TOKEN_LEN + 1];
  guint first = server_log_lines->len;
  gboolean joined = FALSE, moved = FALSE;

  room = two_players (f->store, token_white, token_black);
  play_some (room, 1);
  for (guint i = first; i < server_log_lines->len; i++)
    {
      const char *line = g_ptr_array_index (server_log_lines, i);

      g_test_message ("%s", line);
      if (strstr (line, "ABC234") == NULL)
        continue;
      g_assert_true (g_str_has_prefix (line, "ABC234|room ABC234: "));
      joined = joined || strstr (line, ": Anna joined as") != NULL;
      moved = moved || g_str_has_prefix (line, "ABC234|room ABC234: 1. ");
    }
  g_assert_true (joined);
  g_assert_true (moved);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  server_log_lines = g_ptr_array_new_with_free_func (g_free);
  g_log_set_writer_func (record_log, NULL, NULL);
  /* The refused writes are logged as warnings, as they should be. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_test_add ("/net/room/store", Fixture, NULL, fixture_set_up, test_store, fixture_tear_down);
  g_test_add ("/net/room/host", Fixture, NULL, fixture_set_up, test_host, fixture_tear_down);
  g_test_add ("/net/room/read-only", Fixture, NULL, fixture_set_up, test_read_only,
              fixture_tear_down);
  g_test_add ("/net/room/old-files", Fixture, NULL, fixture_set_up, test_old_files,
              fixture_tear_down);
  g_test_add ("/net/room/invited", Fixture, NULL, fixture_set_up, test_invited,
              fixture_tear_down);
  g_test_add ("/net/room/abandoned", Fixture, NULL, fixture_set_up, test_abandoned,
              fixture_tear_down);
  g_test_add ("/net/room/retention", Fixture, NULL, fixture_set_up, test_retention,
              fixture_tear_down);
  g_test_add ("/net/room/team-gives-up", Fixture, NULL, fixture_set_up, test_team_gives_up,
              fixture_tear_down);
  g_test_add ("/net/room/log", Fixture, NULL, fixture_set_up, test_log, fixture_tear_down);
  return g_test_run ();
}
