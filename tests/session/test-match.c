/* test-match.c: the game session without a window: play, undo and redo,
 * replay, resignation, the clock and time-outs, the autosave and resuming,
 * ratings, hints, holding for a view, and answers that come too late.
 * Headless: a GMainLoop and no display.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-match"

#include <string.h>

#include <glib/gstdio.h>

#include "stern-autosave.h"
#include "stern-computer-player.h"
#include "stern-computer.h"
#include "stern-match.h"
#include "stern-notation.h"
#include "stern-rating.h"
#include "stern-ratings.h"
#include "stern-saved-game.h"

#include "session-test-util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

typedef gboolean (*Condition) (gpointer data);

static gboolean
timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until cond holds or timeout_ms pass. */
static gboolean
run_until (Condition cond,
           gpointer  data,
           guint     timeout_ms)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (timeout_ms, timed_out_cb, &timed_out);

  while (!cond (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  return cond (data);
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

/* Runs the main loop for ms milliseconds: only before checking that
 * nothing happened (a busy machine can only make such a check weaker);
 * what is expected to happen is waited for with run_until(). */
static void
spin (guint ms)
{
  run_until (never, NULL, ms);
}

/* A seat's time on a clock has gone below a number of milliseconds. */
typedef struct {
  SternGameClock *clock;
  unsigned        seat;
  gint64          below_ms;
} ClockBelow;

static gboolean
clock_below (gpointer data)
{
  const ClockBelow *c = data;

  return stern_game_clock_get_remaining_ms (c->clock, c->seat) < c->below_ms;
}

static gboolean
not_thinking (gpointer match)
{
  return !stern_match_is_thinking (match);
}

/* What a match told its observers. */
typedef struct {
  GString *log;        /* "m0+ p+ t1 o …" */
  guint    n_moves;
  guint    n_game_over;
  guint    n_setup;
  guint    notify_turn;
  guint    notify_thinking;
  guint    notify_can_undo;
  guint    notify_can_redo;
  guint    notify_browsing;
  guint    notify_over;
} Recorder;

static void
on_move_played (SternMatch *match, guint index, gboolean animate, Recorder *r)
{
  g_string_append_printf (r->log, "m%u%s ", index, animate ? "+" : "");
  r->n_moves++;
}

static void
on_position_changed (SternMatch *match, gboolean animate, Recorder *r)
{
  g_string_append_printf (r->log, "p%s ", animate ? "+" : "");
}

static void
on_turn_started (SternMatch *match, guint seat, Recorder *r)
{
  g_string_append_printf (r->log, "t%u ", seat);
}

static void
on_game_over (SternMatch *match, Recorder *r)
{
  g_string_append (r->log, "o ");
  r->n_game_over++;
}

static void
on_setup_changed (SternMatch *match, Recorder *r)
{
  r->n_setup++;
}

static void
on_notify (SternMatch *match, GParamSpec *pspec, Recorder *r)
{
  const char *name = g_param_spec_get_name (pspec);

  if (g_str_equal (name, "turn"))
    r->notify_turn++;
  else if (g_str_equal (name, "thinking"))
    r->notify_thinking++;
  else if (g_str_equal (name, "can-undo"))
    r->notify_can_undo++;
  else if (g_str_equal (name, "can-redo"))
    r->notify_can_redo++;
  else if (g_str_equal (name, "browsing"))
    r->notify_browsing++;
  else if (g_str_equal (name, "over"))
    r->notify_over++;
}

static void
recorder_attach (Recorder   *r,
                 SternMatch *match)
{
  memset (r, 0, sizeof *r);
  r->log = g_string_new (NULL);
  g_signal_connect (match, "move-played", G_CALLBACK (on_move_played), r);
  g_signal_connect (match, "position-changed", G_CALLBACK (on_position_changed), r);
  g_signal_connect (match, "turn-started", G_CALLBACK (on_turn_started), r);
  g_signal_connect (match, "game-over", G_CALLBACK (on_game_over), r);
  g_signal_connect (match, "setup-changed", G_CALLBACK (on_setup_changed), r);
  g_signal_connect (match, "notify", G_CALLBACK (on_notify), r);
}

static void
recorder_clear (Recorder *r)
{
  g_string_truncate (r->log, 0);
}

static void
recorder_free (Recorder   *r,
               SternMatch *match)
{
  g_signal_handlers_disconnect_by_data (match, r);
  g_string_free (r->log, TRUE);
}

/* A match of classic-2 on the table preset, white a human and black the
 * computer, its signals recorded from the start of the game. */
typedef struct {
  SternMatch *match;
  SternGame  *game;
  Recorder    r;
} MatchFixture;

static void
match_fixture_set_up (MatchFixture  *f,
                      gconstpointer  data)
{
  SternGameSetup setup;

  f->match = session_test_match_new (NULL);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  stern_match_new_game (f->match, &setup);
  f->game = stern_match_get_game (f->match);
  recorder_attach (&f->r, f->match);
}

static void
match_fixture_tear_down (MatchFixture  *f,
                         gconstpointer  data)
{
  recorder_free (&f->r, f->match);
  g_clear_object (&f->match);
}

/* ------------------------------------------------------------------ */
/* A player elsewhere, driven by the test (what network play will be).  */

#define TEST_TYPE_REMOTE (test_remote_get_type ())
G_DECLARE_FINAL_TYPE (TestRemote, test_remote, TEST, REMOTE, GObject)

struct _TestRemote
{
  GObject parent_instance;
  guint   turns;      /* start_turn calls */
  guint   stops;
  guint   last_seat;
};

static SternPlayerKind
remote_get_kind (SternPlayer *player)
{
  return STERN_PLAYER_KIND_REMOTE;
}

static void
remote_start_turn (SternPlayer *player, SternMatch *match, guint seat)
{
  TestRemote *self = TEST_REMOTE (player);

  self->turns++;
  self->last_seat = seat;
}

static void
remote_stop (SternPlayer *player)
{
  TEST_REMOTE (player)->stops++;
}

static void
remote_iface_init (SternPlayerInterface *iface)
{
  iface->get_kind = remote_get_kind;
  iface->start_turn = remote_start_turn;
  iface->stop = remote_stop;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestRemote, test_remote, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (STERN_TYPE_PLAYER, remote_iface_init))

static void
test_remote_class_init (TestRemoteClass *klass)
{
}

static void
test_remote_init (TestRemote *self)
{
}

/* ------------------------------------------------------------------ */
/* Tests                                                               */

/* Two humans: a move is played, announced with its index, the turn
 * passes and the observers hear of it. */
static void
test_play (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  g_autoptr (GError) error = NULL;
  SternGameSetup setup;
  Recorder r;
  guint from, to;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  recorder_attach (&r, match);
  stern_match_new_game (match, &setup);
  g_assert_cmpstr (r.log->str, ==, "p t0 ");
  g_assert_cmpuint (stern_match_get_turn (match), ==, STERN_WHITE);
  g_assert_true (stern_match_human_to_play (match));
  g_assert_false (stern_match_is_thinking (match));
  g_assert_cmpint (stern_player_get_kind (stern_match_get_player (match, STERN_WHITE)), ==,
                   STERN_PLAYER_KIND_HUMAN);
  g_assert_null (stern_match_get_player (match, STERN_RED));

  /* An illegal move: an error, nothing played. */
  g_assert_false (stern_match_play (match, 0, 0, &error));
  g_assert_error (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_cmpuint (stern_game_get_n_actions (stern_match_get_game (match)), ==, 0);

  recorder_clear (&r);
  session_test_first_safe_move (stern_match_get_game (match), &from, &to);
  g_assert_true (stern_match_play (match, from, to, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (r.log->str, ==, "m0+ p+ t3 ");
  g_assert_cmpuint (stern_match_get_turn (match), ==, STERN_BLACK);
  /* The new game gave white the turn, the move gave it to black. */
  g_assert_cmpuint (r.notify_turn, ==, 2);
  g_assert_cmpuint (r.notify_can_undo, ==, 1);
  g_assert_true (stern_match_can_undo (match));
  g_assert_cmpuint (stern_game_get_action (stern_match_get_game (match), 0)->path[0], ==, from);

  recorder_free (&r, match);
}

/* Against the computer: its answer arrives through the main loop; undo
 * goes back to the human's turn, redo forward to the next one. */
static void
test_undo_redo (MatchFixture *f,
                gconstpointer data)
{
  SternMatch *match = f->match;
  SternGame *game = f->game;
  Recorder *r = &f->r;


  session_test_play_first (match);
  g_assert_true (stern_match_is_thinking (match));
  g_assert_false (stern_match_human_to_play (match));
  g_assert_true (run_until (not_thinking, match, 10000));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_cmpuint (stern_game_get_action (game, 1)->seat, ==, STERN_BLACK);
  g_assert_cmpuint (r->n_moves, ==, 2);
  g_assert_cmpuint (r->notify_thinking, ==, 2);   /* on, then off */
  g_assert_true (stern_match_human_to_play (match));

  session_test_play_first (match);
  g_assert_true (run_until (not_thinking, match, 10000));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 4);

  /* Undo skips the computer's answer: back to white's turn. */
  g_assert_true (stern_match_undo (match));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_true (stern_match_human_to_play (match));
  g_assert_true (stern_match_can_redo (match));
  g_assert_true (stern_match_is_browsing (match));
  g_assert_false (stern_match_is_thinking (match));
  g_assert_cmpuint (r->notify_browsing, ==, 1);
  g_assert_true (stern_match_undo (match));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);
  g_assert_false (stern_match_can_undo (match));
  g_assert_false (stern_match_undo (match));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);

  /* Redo replays the answer too. */
  g_assert_true (stern_match_redo (match));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_true (stern_match_human_to_play (match));
  g_assert_true (stern_match_redo (match));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 4);
  g_assert_false (stern_match_can_redo (match));
  g_assert_false (stern_match_is_browsing (match));
  g_assert_false (stern_match_redo (match));

  /* A move from an earlier position drops the rest. */
  {
    g_autoptr (SternMatch) first = session_test_match_new (NULL);
    SternGameSetup computer_first;

    /* Nothing to take back or replay: the computer on turn goes on. */
    session_test_setup (&computer_first, "classic-2", STERN_PRESET_TABLE, "chhhhh", 0, 0);
    stern_match_new_game (first, &computer_first);
    g_assert_true (stern_match_is_thinking (first));
    g_assert_false (stern_match_undo (first));
    g_assert_false (stern_match_redo (first));
    g_assert_true (stern_match_is_thinking (first));
    g_assert_true (run_until (not_thinking, first, 10000));
    g_assert_cmpuint (stern_game_get_n_actions (stern_match_get_game (first)), ==, 1);
  }
  g_assert_true (stern_match_undo (match));
  session_test_play_first (match);
  g_assert_false (stern_match_can_redo (match));
  g_assert_cmpuint (stern_game_get_n_actions_total (game), ==, 3);
  g_assert_true (run_until (not_thinking, match, 10000));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 4);

}

/* Replay: an earlier position starts nobody's turn; back at the newest,
 * the computer on turn plays. */
static void
test_seek (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  SternGameSetup setup;
  SternGame *game;
  Recorder r;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  game = stern_match_get_game (match);
  for (guint i = 0; i < 5; i++)
    session_test_play_first (match);

  recorder_attach (&r, match);
  stern_match_seek (match, 2);
  g_assert_cmpstr (r.log->str, ==, "p ");
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_true (stern_match_is_browsing (match));
  stern_match_seek (match, 3);
  g_assert_cmpstr (r.log->str, ==, "p p+ ");
  stern_match_seek (match, 3);   /* no change, no signal */
  g_assert_cmpstr (r.log->str, ==, "p p+ ");
  stern_match_seek (match, 100);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 5);
  g_assert_false (stern_match_is_browsing (match));
  g_assert_cmpstr (r.log->str, ==, "p p+ p t3 ");
  recorder_free (&r, match);

  /* Computer on turn at the end: it waits while browsing. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  stern_match_new_game (match, &setup);
  game = stern_match_get_game (match);
  session_test_play_first (match);
  g_assert_true (run_until (not_thinking, match, 10000));
  session_test_play_first (match);
  g_assert_true (stern_match_is_thinking (match));
  stern_match_seek (match, 1);
  g_assert_false (stern_match_is_thinking (match));
  spin (200);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  g_assert_cmpuint (stern_game_get_n_actions_total (game), ==, 3);
  stern_match_seek (match, 3);
  g_assert_true (stern_match_is_thinking (match));
  g_assert_true (run_until (not_thinking, match, 10000));
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 4);
}

static gboolean
three_actions (gpointer match)
{
  return stern_game_get_n_actions (stern_match_get_game (match)) >= 3;
}

/* Resignation: two players end the game; the club rules let the
 * computer play on for a human who resigned. */
static void
test_resign (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  g_autoptr (GError) error = NULL;
  SternGameSetup setup;
  SternGame *game;
  Recorder r;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  stern_match_new_game (match, &setup);
  recorder_attach (&r, match);
  g_assert_cmpuint (stern_match_get_resigning_seat (match), ==, STERN_WHITE);
  g_assert_true (stern_match_resign (match, STERN_WHITE, &error));
  g_assert_no_error (error);
  game = stern_match_get_game (match);
  g_assert_true (stern_match_is_over (match));
  g_assert_cmpint (stern_game_get_end_reason (game), ==, STERN_END_RESIGNATION);
  g_assert_cmpuint (stern_game_get_place (game, STERN_BLACK), ==, 1);
  g_assert_cmpuint (r.n_game_over, ==, 1);
  g_assert_cmpuint (r.notify_over, ==, 1);
  g_assert_cmpuint (stern_match_get_resigning_seat (match), ==, STERN_NO_SEAT);
  /* Nothing more to resign. */
  g_assert_false (stern_match_resign (match, STERN_WHITE, &error));
  g_assert_error (error, STERN_ERROR, STERN_ERROR_GAME_OVER);
  g_clear_error (&error);
  recorder_free (&r, match);

  /* Club, three players: white resigns, the computer takes its marbles. */
  session_test_setup (&setup, "classic-3", STERN_PRESET_CLUB, "hhchch", 0, 0);
  stern_match_new_game (match, &setup);
  recorder_attach (&r, match);
  game = stern_match_get_game (match);
  g_assert_true (stern_match_resign (match, STERN_WHITE, &error));
  g_assert_no_error (error);
  g_assert_false (stern_match_is_over (match));
  g_assert_cmpuint (r.n_setup, ==, 1);
  g_assert_true (stern_match_is_replaced (match, STERN_WHITE));
  g_assert_true (stern_match_get_setup (match)->computer[STERN_WHITE]);
  g_assert_cmpint (stern_match_get_setup (match)->level[STERN_WHITE], ==,
                   stern_rules_takeover_level (stern_game_get_rules (game)));
  g_assert_cmpint (stern_player_get_kind (stern_match_get_player (match, STERN_WHITE)), ==,
                   STERN_PLAYER_KIND_COMPUTER);
  g_assert_cmpint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_RESIGNED);
  /* Nobody human is left: the computers play on by themselves. */
  g_assert_cmpuint (stern_match_get_resigning_seat (match), ==, STERN_NO_SEAT);
  g_assert_true (stern_match_is_thinking (match));
  g_assert_true (run_until (three_actions, match, 10000));
  g_assert_cmpuint (stern_game_get_player_state (game, STERN_WHITE), ==, STERN_PLAYER_RESIGNED);
  stern_match_undo (match);   /* stops them */
  recorder_free (&r, match);
  /* Table rules: nobody takes over. */
  {
    g_autoptr (SternGame) table = stern_game_new (setup.variant, STERN_PRESET_TABLE);

    g_assert_cmpint (stern_rules_takeover_level (stern_game_get_rules (table)), ==, -1);
  }
}

static gboolean
timed_out_game (gpointer match)
{
  SternGame *game = stern_match_get_game (match);

  return stern_game_get_end_reason (game) == STERN_END_TIMEOUT;
}

/* The clock runs for the player on turn only; running out ends the game. */
static void
test_clock (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  SternGameClock *clock = stern_match_get_clock (match);
  SternGameSetup setup;
  Recorder r;
  gint64 white, black;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 60, 2);
  stern_match_new_game (match, &setup);
  g_assert_true (stern_game_clock_is_enabled (clock));
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_WHITE);
  {
    ClockBelow used = { clock, STERN_WHITE, 60000 - 250 };

    g_assert_true (run_until (clock_below, &used, 5000));
  }
  white = stern_game_clock_get_remaining_ms (clock, STERN_WHITE);
  black = stern_game_clock_get_remaining_ms (clock, STERN_BLACK);
  g_assert_cmpint (white, <, 60000 - 250);
  g_assert_cmpint (black, ==, 60000);

  /* The increment after the move; now black's time runs. */
  session_test_play_first (match);
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_BLACK);
  g_assert_cmpint (stern_game_clock_get_remaining_ms (clock, STERN_WHITE), >, white + 1500);

  /* Held (a view is animating) or paused (hidden): nobody's time runs. */
  stern_match_hold (match);
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_NO_SEAT);
  stern_match_release (match);
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_BLACK);
  stern_match_set_paused (match, TRUE);
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_NO_SEAT);
  black = stern_game_clock_get_remaining_ms (clock, STERN_BLACK);
  spin (200);
  g_assert_cmpint (stern_game_clock_get_remaining_ms (clock, STERN_BLACK), ==, black);
  stern_match_set_paused (match, FALSE);

  /* Browsing stops it too. */
  stern_match_seek (match, 0);
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_NO_SEAT);
  stern_match_seek (match, 1);
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_BLACK);

  /* Black runs out. */
  recorder_attach (&r, match);
  stern_game_clock_set_remaining_ms (clock, STERN_BLACK, 150);
  g_assert_true (run_until (timed_out_game, match, 5000));
  g_assert_true (stern_match_is_over (match));
  g_assert_cmpint (stern_game_get_player_state (stern_match_get_game (match), STERN_BLACK), ==,
                   STERN_PLAYER_RESIGNED);
  g_assert_cmpuint (stern_game_get_place (stern_match_get_game (match), STERN_WHITE), ==, 1);
  g_assert_cmpuint (r.n_game_over, ==, 1);
  g_assert_cmpuint (stern_game_clock_get_running (clock), ==, STERN_NO_SEAT);
  recorder_free (&r, match);

  /* The solo puzzle has no clock. */
  session_test_setup (&setup, "solo", STERN_PRESET_TABLE, "hhhhhh", 60, 2);
  stern_match_new_game (match, &setup);
  g_assert_false (stern_game_clock_is_enabled (clock));
  g_assert_cmpuint (stern_match_get_setup (match)->clock_reserve_s, ==, 0);
  g_assert_false (stern_variant_has_clock (setup.variant));
}

static gboolean
black_has_moved (gpointer match)
{
  return stern_game_get_n_actions (stern_match_get_game (match)) == 2;
}

/* "Move Now": the computer given a minute by its clock plays the move it
 * has at once, and nothing is asked of it when it is not thinking. */
#define MOVE_NOW_ANSWER_MS 10000

static void
test_move_now (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  SternGameSetup setup;

  /* 100 hours on the clock: a move may take the 60 s most. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 100 * 60 * 60, 0);
  setup.level[STERN_BLACK] = STERN_LEVEL_EXPERT;
  stern_match_new_game (match, &setup);
  g_assert_cmpint (stern_match_get_move_budget_ms (match, STERN_BLACK), ==, 60 * 1000);
  g_assert_false (stern_match_move_now (match));

  session_test_play_first (match);
  g_assert_true (stern_match_is_thinking (match));
  g_assert_true (stern_match_move_now (match));
  g_assert_true (run_until (black_has_moved, match, MOVE_NOW_ANSWER_MS));
  g_assert_false (stern_match_is_thinking (match));
  g_assert_false (stern_match_move_now (match));
}

/* The one way a move is played says why it was not: another seat's
 * turn, a move for another ply, a hop the engine refuses (naming where),
 * a game that is over; and a good path is played as given. */
static void
test_play_path (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  g_autoptr (GError) error = NULL;
  SternGameSetup setup;
  SternGame *game;
  guint8 path[STERN_MAX_PATH];
  gsize len;
  guint from, to;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  game = stern_match_get_game (match);
  session_test_first_safe_move (game, &from, &to);
  len = stern_game_move_path (game, from, to, path);
  g_assert_cmpuint (len, >=, 2);

  g_assert_false (stern_match_play_path (match, STERN_BLACK, 0, path, len, &error));
  g_assert_error (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  g_assert_false (stern_match_play_path (match, STERN_WHITE, 3, path, len, &error));
  g_assert_error (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_STALE);
  g_clear_error (&error);
  {
    guint8 bad[STERN_MAX_PATH];
    size_t bad_len;

    g_assert_true (stern_notation_parse_path ("m1-m5", bad, &bad_len, NULL));
    g_assert_false (stern_match_play_path (match, STERN_WHITE, 0, bad, bad_len, &error));
    g_assert_error (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_ILLEGAL);
    g_assert_nonnull (strstr (error->message, "m"));
    g_clear_error (&error);
  }
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);

  g_assert_true (stern_match_play_path (match, STERN_WHITE, 0, path, len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  g_assert_cmpuint (stern_game_get_action (game, 0)->path_len, ==, len);
  g_assert_cmpmem (stern_game_get_action (game, 0)->path, len, path, len);

  g_assert_true (stern_match_resign (match, STERN_BLACK, &error));
  g_assert_false (stern_match_play_path (match, STERN_WHITE, 2, path, len, &error));
  g_assert_error (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_GAME_OVER);
}

typedef struct {
  double   last;
  guint    reports;
  gboolean went_back;
} ProgressSeen;

static void
progress_notified (SternMatch   *match,
                   GParamSpec   *pspec,
                   ProgressSeen *seen)
{
  double now = stern_match_get_thinking_progress (match);

  if (now > 0.0 && now < seen->last)
    seen->went_back = TRUE;
  if (now > 0.0 && now < 1.0)
    seen->reports++;
  seen->last = now;
}

/* The player watching the computer think sees how far it has got: the
 * match's thinking-progress rises while Expert searches, never goes back
 * during one move, and is 0 once the move is played. */
static void
test_thinking_progress (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  SternGameSetup setup;
  ProgressSeen seen = { 0 };

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  setup.level[STERN_BLACK] = STERN_LEVEL_EXPERT;
  stern_match_new_game (match, &setup);
  g_assert_cmpfloat (stern_match_get_thinking_progress (match), ==, 0.0);
  g_signal_connect (match, "notify::thinking-progress", G_CALLBACK (progress_notified), &seen);

  session_test_play_first (match);
  g_assert_true (stern_match_is_thinking (match));
  g_assert_true (run_until (black_has_moved, match, MOVE_NOW_ANSWER_MS));
  g_assert_cmpuint (seen.reports, >=, 3);
  g_assert_false (seen.went_back);
  g_assert_cmpfloat (stern_match_get_thinking_progress (match), ==, 0.0);
  g_signal_handlers_disconnect_by_data (match, &seen);
}

/* The computer's thinking time comes from its clock. */
static void
test_clock_budget (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  SternGameSetup setup;
  SternClock clock;
  gint64 budget;

  /* 300 s and 3 s: a thirtieth of 300 s (10 s) plus three quarters of
   * 3 s (2.25 s). */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 300, 3);
  stern_match_new_game (match, &setup);
  budget = stern_match_get_move_budget_ms (match, STERN_BLACK);
  g_assert_cmpint (budget, ==, 12250);
  /* With 2 s left: never more than a quarter of it. */
  stern_game_clock_set_remaining_ms (stern_match_get_clock (match), STERN_BLACK, 2000);
  g_assert_cmpint (stern_match_get_move_budget_ms (match, STERN_BLACK), ==, 500);
  /* The pause before a move shown is at most a twentieth of the time. */
  g_assert_cmpint (stern_match_get_delay_cap_ms (match, STERN_BLACK), ==, 100);

  /* The engine's function alone, at the edges. */
  stern_clock_init (&clock, 10, 0);
  g_assert_cmpint (stern_clock_move_budget_ms (&clock, STERN_WHITE, 0), ==, 20);
  stern_clock_init (&clock, 100 * 60 * 60 * 1000, 0);
  g_assert_cmpint (stern_clock_move_budget_ms (&clock, STERN_WHITE, 0), ==, 60 * 1000);
  stern_clock_init (&clock, 0, 0);
  g_assert_cmpint (stern_clock_move_budget_ms (&clock, STERN_WHITE, 0), ==, 0);

  /* Without a clock the level decides alone. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  stern_match_new_game (match, &setup);
  g_assert_cmpint (stern_match_get_move_budget_ms (match, STERN_BLACK), ==, 0);
}

/* The game in progress is on disk after every move, with its clock and
 * who plays; it can be continued; an ended game leaves nothing. */
static void
test_autosave_resume (void)
{
  g_autofree char *dir = temp_dir_new ("stern-match-XXXXXX");
  g_autofree char *path = stern_autosave_get_path (dir);
  g_autoptr (SternMatch) match = session_test_match_new (dir);
  g_autoptr (SternMatch) other = session_test_match_new (dir);
  g_autoptr (SternGame) resumed = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL;
  SternGameSetup setup, loaded;
  SternClock clock;

  /* A short clock: the computers think for a thirtieth of it. */
  session_test_setup (&setup, "classic-3", STERN_PRESET_TABLE, "hhchch", 6, 0);
  setup.level[STERN_BLUE] = STERN_LEVEL_HARD;
  stern_match_new_game (match, &setup);
  /* A game not begun is not kept. */
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  session_test_play_first (match);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (run_until (not_thinking, match, 10000));
  session_test_play_first (match);
  g_assert_true (run_until (not_thinking, match, 10000));
  stern_game_clock_set_remaining_ms (stern_match_get_clock (match), STERN_WHITE, 98765);
  stern_match_seek (match, 3);   /* saves, with the position shown */
  before = stern_record_write (stern_match_get_game (match), NULL);

  resumed = stern_autosave_read (dir, &loaded, &clock, &error);
  g_assert_no_error (error);
  g_assert_nonnull (resumed);
  g_assert_cmpuint (stern_game_get_n_actions (resumed), ==, 3);
  /* White and the two computers, twice. */
  g_assert_cmpuint (stern_game_get_n_actions_total (resumed), ==, 6);
  g_assert_true (loaded.computer[STERN_BLUE]);
  g_assert_cmpint (loaded.level[STERN_BLUE], ==, STERN_LEVEL_HARD);
  g_assert_false (loaded.computer[STERN_WHITE]);
  g_assert_true (clock.enabled);
  g_assert_cmpint (clock.remaining_us[STERN_WHITE] / 1000, <=, 98765);
  g_assert_cmpint (clock.remaining_us[STERN_WHITE] / 1000, >, 98765 - 100);

  /* Held while a question about it is open: the file stays as it is. */
  stern_match_set_autosave_held (other, TRUE);
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (other, &setup);
  session_test_play_first (other);
  g_clear_pointer (&resumed, stern_game_free);
  resumed = stern_autosave_read (dir, &loaded, &clock, &error);
  g_assert_no_error (error);
  g_assert_true (stern_game_get_variant (resumed) == stern_variant_lookup ("classic-3"));

  /* Continued in another match: the same game, times and players. */
  stern_match_set_autosave_held (other, FALSE);
  stern_match_start (other, g_steal_pointer (&resumed), &loaded, &clock);
  after = stern_record_write (stern_match_get_game (other), NULL);
  g_assert_cmpstr (before, ==, after);
  g_assert_true (stern_match_is_browsing (other));
  g_assert_cmpint (stern_game_clock_get_remaining_ms (stern_match_get_clock (other), STERN_WHITE),
                   <=, 98765);
  g_assert_cmpint (stern_player_get_kind (stern_match_get_player (other, STERN_BLUE)), ==,
                   STERN_PLAYER_KIND_COMPUTER);
  g_assert_cmpint (stern_computer_player_get_level (STERN_COMPUTER_PLAYER (stern_match_get_player (other, STERN_BLUE))),
                   ==, STERN_LEVEL_HARD);

  /* A finished game is not offered again. */
  g_assert_true (stern_match_resign (other, STERN_WHITE, &error));
  g_assert_no_error (error);
  /* Three players, table rules: the game ends for everyone. */
  g_assert_true (stern_match_is_over (other));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_null (stern_autosave_read (dir, &loaded, &clock, &error));
  g_assert_no_error (error);

  g_clear_object (&match);
  temp_dir_remove (dir);
}

/* A record written by a match reads back the same, with who plays. */
static void
test_write_read (void)
{
  for (guint v = 0; v < STERN_N_VARIANTS; v++)
    {
      const SternVariant *variant = stern_variant_get (v);
      g_autoptr (SternMatch) match = session_test_match_new (NULL);
      g_autoptr (SternMatch) other = session_test_match_new (NULL);
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL, *before = NULL, *after = NULL;
      SternGameSetup setup, loaded;
      SternGame *back;
      SternClock clock;
      guint total;

      session_test_setup (&setup, variant->id, STERN_PRESET_TABLE, "hhhhhh", 600, 5);
      stern_match_new_game (match, &setup);
      for (guint i = 0; i < 2u * variant->n_players + 1; i++)
        session_test_play_first (match);
      total = stern_game_get_n_actions (stern_match_get_game (match));
      g_assert_cmpuint (total, ==, 2u * variant->n_players + 1);
      stern_match_seek (match, total - 2);
      stern_game_clock_set_remaining_ms (stern_match_get_clock (match), variant->seats[0], 123456);

      text = stern_match_write (match);
      back = stern_saved_game_read (text, &loaded, &clock, &error);
      g_assert_no_error (error);
      stern_match_start (other, back, &loaded, &clock);
      g_assert_cmpuint (stern_game_get_n_actions (stern_match_get_game (other)), ==, total - 2);
      g_assert_cmpuint (stern_game_get_n_actions_total (stern_match_get_game (other)), ==, total);
      if (!variant->solo)
        g_assert_cmpint (stern_game_clock_get_remaining_ms (stern_match_get_clock (other),
                                                            variant->seats[0]), ==, 123456);
      g_assert_cmpint (stern_game_clock_is_enabled (stern_match_get_clock (other)), ==, !variant->solo);
      stern_match_seek (match, total);
      stern_match_seek (other, total);
      before = stern_record_write (stern_match_get_game (match), NULL);
      after = stern_record_write (stern_match_get_game (other), NULL);
      g_assert_cmpstr (before, ==, after);
      g_assert_cmpuint (stern_game_setup_count_humans (stern_match_get_setup (other)), ==,
                        variant->n_players);
      g_assert_cmpuint (stern_match_get_setup (other)->clock_reserve_s, ==, variant->solo ? 0 : 600);
    }
}

/* Who plays each seat is written and read back. */
static void
test_round_trip_seats (void)
{
  g_autofree char *text = NULL;
  g_autoptr (SternGame) game = stern_game_new (stern_variant_lookup ("classic-6"), STERN_PRESET_TABLE);
  g_autoptr (SternGame) back = NULL;
  g_autoptr (GError) error = NULL;
  SternGameSetup setup, loaded;
  SternClock clock;

  session_test_setup (&setup, "classic-6", STERN_PRESET_TABLE, "hcchch", 0, 0);
  setup.level[1] = STERN_LEVEL_EXPERT;
  setup.level[2] = STERN_LEVEL_HARD;
  text = stern_saved_game_write (game, &setup, NULL, 0);
  g_assert_nonnull (strstr (text, "[Seats \"human computer:expert computer:hard human computer:easy human\"]"));

  back = stern_saved_game_read (text, &loaded, &clock, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      g_assert_cmpint (loaded.computer[seat], ==, setup.computer[seat]);
      if (setup.computer[seat])
        g_assert_cmpint (loaded.level[seat], ==, setup.level[seat]);
    }
  g_assert_false (clock.enabled);
  g_assert_cmpuint (loaded.clock_reserve_s, ==, 0);
}

/* A finished game against the computer changes the rating once. */
static void
test_ratings (void)
{
  g_autofree char *dir = temp_dir_new ("stern-match-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "ratings.ini", NULL);
  g_autoptr (SternMatch) match = session_test_match_new (dir);
  g_autoptr (SternRatings) ratings = NULL;
  g_autoptr (GError) error = NULL;
  SternGameSetup setup;
  double expected;
  guint won, drawn, lost;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  setup.level[STERN_BLACK] = STERN_LEVEL_HARD;
  stern_match_new_game (match, &setup);
  g_assert_true (stern_match_resign (match, STERN_WHITE, &error));
  g_assert_no_error (error);

  ratings = stern_ratings_load (path, &error);
  g_assert_no_error (error);
  expected = stern_rating_elo_update (STERN_RATING_INITIAL, STERN_LEVEL_RATING_HARD, 0.0);
  g_assert_cmpfloat_with_epsilon (stern_ratings_get_rating (ratings), expected, 1e-6);
  stern_ratings_get_results (ratings, "classic-2", &won, &drawn, &lost);
  g_assert_cmpuint (won + drawn, ==, 0);
  g_assert_cmpuint (lost, ==, 1);
  g_clear_pointer (&ratings, stern_ratings_free);

  /* Back and to the same end again: counted once. */
  stern_match_seek (match, 0);
  stern_match_seek (match, 1);
  ratings = stern_ratings_load (path, NULL);
  g_assert_cmpuint (stern_ratings_get_n_rated (ratings), ==, 1);
  g_clear_pointer (&ratings, stern_ratings_free);

  /* Two humans: not counted. */
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  g_assert_true (stern_match_resign (match, STERN_WHITE, &error));
  ratings = stern_ratings_load (path, NULL);
  stern_ratings_get_results (ratings, "classic-2", &won, &drawn, &lost);
  g_assert_cmpuint (lost, ==, 1);
  g_assert_cmpuint (stern_ratings_get_n_rated (ratings), ==, 1);

  g_clear_object (&match);
  temp_dir_remove (dir);
}

/* A damaged ratings file is reported, not fatal. */
static void
test_ratings_damaged (void)
{
  g_autofree char *dir = temp_dir_new ("stern-match-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "ratings.ini", NULL);
  g_autoptr (SternRatings) ratings = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, "[Rating]\nrating=abc\n", -1, NULL));
  ratings = stern_ratings_load (path, &error);
  g_assert_nonnull (error);
  g_assert_cmpfloat (stern_ratings_get_rating (ratings), ==, STERN_RATING_INITIAL);
  g_clear_error (&error);
  g_clear_pointer (&ratings, stern_ratings_free);

  g_assert_true (g_file_set_contents (path, "\xff\xfe\0garbage", 10, NULL));
  ratings = stern_ratings_load (path, &error);
  g_assert_nonnull (error);
  g_assert_cmpuint (stern_ratings_get_n_rated (ratings), ==, 0);

  temp_dir_remove (dir);
}

/* A player elsewhere gets its turn like the computer; a move it sends
 * out of turn, or for a turn that was taken back, is ignored. */
static void
test_remote (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  g_autoptr (TestRemote) remote = g_object_new (TEST_TYPE_REMOTE, NULL);
  SternGameSetup setup;
  SternGame *game;
  SternMove moves[STERN_MAX_MOVES];
  Recorder r;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  game = stern_match_get_game (match);
  stern_match_set_player (match, STERN_BLACK, STERN_PLAYER (remote));
  g_assert_false (stern_match_is_human (match, STERN_BLACK));
  recorder_attach (&r, match);

  /* Not its turn: ignored. */
  g_assert_cmpuint (stern_game_legal_moves (game, moves), >, 0);
  stern_player_emit_move_chosen (STERN_PLAYER (remote), moves[0].from, moves[0].to);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);

  session_test_play_first (match);
  g_assert_cmpuint (remote->turns, ==, 1);
  g_assert_cmpuint (remote->last_seat, ==, STERN_BLACK);
  g_assert_true (stern_match_is_thinking (match));
  g_assert_false (stern_match_human_to_play (match));

  /* Its move is played like any other. */
  g_assert_cmpuint (stern_game_legal_moves (game, moves), >, 0);
  recorder_clear (&r);
  stern_player_emit_move_chosen (STERN_PLAYER (remote), moves[0].from, moves[0].to);
  g_assert_cmpstr (r.log->str, ==, "m1+ p+ t0 ");
  g_assert_false (stern_match_is_thinking (match));

  /* Taken back: stopped, and the late move is dropped. */
  session_test_play_first (match);
  g_assert_cmpuint (remote->turns, ==, 2);
  g_assert_cmpuint (stern_game_legal_moves (game, moves), >, 0);
  g_assert_true (stern_match_undo (match));
  g_assert_cmpuint (remote->stops, >=, 1);
  stern_player_emit_move_chosen (STERN_PLAYER (remote), moves[0].from, moves[0].to);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);

  /* An illegal move from elsewhere is not played. */
  session_test_play_first (match);
  g_test_expect_message ("stern-session", G_LOG_LEVEL_WARNING, "*illegal move*");
  stern_player_emit_move_chosen (STERN_PLAYER (remote), 0, 0);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 3);

  recorder_free (&r, match);
}

/* While a view holds the match, the computer's move and the end wait. */
static void
test_hold (MatchFixture *f,
           gconstpointer data)
{
  SternMatch *match = f->match;
  g_autoptr (GError) error = NULL;
  SternGame *game = f->game;
  guint from, to;
  Recorder *r = &f->r;

  session_test_play_first (match);
  g_assert_true (stern_match_is_thinking (match));

  /* Only the local human on turn may play through stern_match_play(). */
  session_test_first_safe_move (game, &from, &to);
  g_assert_false (stern_match_play (match, from, to, &error));
  g_assert_error (error, STERN_MATCH_ERROR, STERN_MATCH_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);

  stern_match_hold (match);
  stern_match_hold (match);
  spin (300);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  g_assert_true (stern_match_is_thinking (match));
  recorder_clear (r);
  stern_match_release (match);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 1);
  stern_match_release (match);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 2);
  g_assert_false (stern_match_is_thinking (match));
  g_assert_cmpstr (r->log->str, ==, "m1+ p+ t0 ");

  stern_match_hold (match);
  g_assert_true (stern_match_resign (match, STERN_WHITE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r->n_game_over, ==, 0);
  stern_match_release (match);
  g_assert_cmpuint (r->n_game_over, ==, 1);

}

/* The computer's move that arrives after its turn was taken back (undo, a
 * new game) is dropped. */
static void
test_late_answer (MatchFixture *f,
                  gconstpointer data)
{
  SternMatch *match = f->match;
  g_autoptr (SternPlayer) computer = NULL;
  SternGameSetup setup;
  SternGame *game = f->game;
  Recorder *r = &f->r;


  session_test_play_first (match);
  g_assert_true (stern_match_is_thinking (match));
  computer = g_object_ref (stern_match_get_player (match, STERN_BLACK));
  g_assert_true (stern_computer_player_is_busy (STERN_COMPUTER_PLAYER (computer)));
  g_assert_true (stern_match_undo (match));
  g_assert_false (stern_match_is_thinking (match));
  g_assert_false (stern_computer_player_is_busy (STERN_COMPUTER_PLAYER (computer)));
  /* Easy answers within milliseconds: had the cancel been missed, its
   * move would be on the board by now. */
  spin (500);
  g_assert_cmpuint (stern_game_get_n_actions_total (game), ==, 1);
  g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);
  g_assert_cmpuint (r->n_moves, ==, 1);

  /* An answer announced for the old turn, as from a thread that did not
   * see the cancel in time: the match drops it. */
  {
    SternMove moves[STERN_MAX_MOVES];

    session_test_play_first (match);
    g_assert_cmpuint (stern_game_legal_moves (game, moves), >, 0);
    stern_match_undo (match);
    stern_player_emit_move_chosen (computer, moves[0].from, moves[0].to);
    g_assert_cmpuint (stern_game_get_n_actions (game), ==, 0);
    g_assert_cmpuint (stern_game_get_turn (game), ==, STERN_WHITE);
  }

  /* A new game while thinking: nothing from the old one arrives. */
  session_test_play_first (match);
  g_assert_true (stern_match_is_thinking (match));
  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  game = stern_match_get_game (match);
  spin (1000);
  g_assert_cmpuint (stern_game_get_n_actions_total (game), ==, 0);

}

typedef struct {
  gboolean done;
  gboolean ok;
  guint8   path[STERN_MAX_PATH];
  gsize    len;
  GError  *error;
} HintResult;

static void
hint_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  HintResult *h = data;

  h->ok = stern_match_hint_finish (STERN_MATCH (source), result, h->path, &h->len, &h->error);
  h->done = TRUE;
}

static gboolean
hint_done (gpointer data)
{
  return ((HintResult *) data)->done;
}

/* A hint is a legal path for the human on turn, and none once the
 * position changed. */
static void
test_hint (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  SternGameSetup setup;
  HintResult h = { 0 };
  SternGame *game;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  game = stern_match_get_game (match);
  stern_match_hint_async (match, NULL, hint_cb, &h);
  g_assert_true (run_until (hint_done, &h, 10000));
  g_assert_no_error (h.error);
  g_assert_true (h.ok);
  g_assert_cmpuint (h.len, >=, 2);
  g_assert_true (stern_game_is_legal (game, h.path[0], h.path[h.len - 1]));

  memset (&h, 0, sizeof h);
  stern_match_hint_async (match, NULL, hint_cb, &h);
  session_test_play_first (match);
  g_assert_true (run_until (hint_done, &h, 10000));
  g_assert_false (h.ok);
  g_assert_error (h.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&h.error);
}

/* The move list and the record number rounds the same way. */
static void
test_rounds (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  g_autofree char *record = NULL;
  SternGameSetup setup;
  SternGame *game;

  session_test_setup (&setup, "classic-3", STERN_PRESET_TABLE, "hhhhhh", 0, 0);
  stern_match_new_game (match, &setup);
  game = stern_match_get_game (match);
  for (guint i = 0; i < 7; i++)
    session_test_play_first (match);
  /* Three players: actions 0–2 in round 1, 3–5 in round 2, 6 in round 3. */
  for (guint i = 0; i < 7; i++)
    g_assert_cmpuint (stern_game_get_action_round (game, i), ==, i / 3 + 1);
  record = stern_record_write (game, NULL);
  g_assert_nonnull (strstr (record, "\n3. "));
  g_assert_null (strstr (record, "\n4. "));
}

/* The status line: whose move, the round, the countdown, a replay. */
static void
test_status (void)
{
  g_autoptr (SternMatch) match = session_test_match_new (NULL);
  g_autofree char *text = NULL;
  SternGameSetup setup;

  session_test_setup (&setup, "classic-2", STERN_PRESET_TABLE, "hhhchh", 0, 0);
  stern_match_new_game (match, &setup);
  text = stern_match_get_status_text (match, "Ada");
  g_assert_cmpstr (text, ==, "Ada to move · Round 1 · Click one of your marbles, or use the arrow keys");
  g_clear_pointer (&text, g_free);

  /* A blank name is no name. */
  text = stern_match_get_status_text (match, "  ");
  g_assert_true (g_str_has_prefix (text, "White to move"));
  g_clear_pointer (&text, g_free);

  session_test_play_first (match);
  text = stern_match_get_status_text (match, "Ada");
  g_assert_cmpstr (text, ==, "Black is thinking… · Round 1");
  g_clear_pointer (&text, g_free);
  g_assert_true (run_until (not_thinking, match, 10000));

  stern_match_seek (match, 1);
  text = stern_match_get_status_text (match, NULL);
  g_assert_true (g_str_has_suffix (text, " · Move 1 of 2"));
  g_clear_pointer (&text, g_free);

  g_assert_true (stern_match_resign (match, STERN_WHITE, NULL));
  text = stern_match_get_status_text (match, NULL);
  g_assert_true (g_str_has_prefix (text, "Game over: Black wins"));
}

int
main (int   argc,
      char *argv[])
{
  /* No G_TEST_OPTION_ISOLATE_DIRS: the tests keep their files in their own
   * temporary folders, and GLib 2.74 leaks the isolated dirs' names (which
   * LeakSanitizer reports). */
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/match/play", test_play);
  g_test_add ("/match/undo-redo", MatchFixture, NULL, match_fixture_set_up, test_undo_redo,
              match_fixture_tear_down);
  g_test_add_func ("/match/seek", test_seek);
  g_test_add_func ("/match/resign", test_resign);
  g_test_add_func ("/match/clock", test_clock);
  g_test_add_func ("/match/clock-budget", test_clock_budget);
  g_test_add_func ("/match/move-now", test_move_now);
  g_test_add_func ("/match/play-path", test_play_path);
  g_test_add_func ("/match/thinking-progress", test_thinking_progress);
  g_test_add_func ("/match/autosave-resume", test_autosave_resume);
  g_test_add_func ("/match/write-read", test_write_read);
  g_test_add_func ("/match/round-trip-seats", test_round_trip_seats);
  g_test_add_func ("/match/ratings", test_ratings);
  g_test_add_func ("/match/ratings-damaged", test_ratings_damaged);
  g_test_add_func ("/match/remote", test_remote);
  g_test_add ("/match/hold", MatchFixture, NULL, match_fixture_set_up, test_hold,
              match_fixture_tear_down);
  g_test_add ("/match/late-answer", MatchFixture, NULL, match_fixture_set_up, test_late_answer,
              match_fixture_tear_down);
  g_test_add_func ("/match/hint", test_hint);
  g_test_add_func ("/match/rounds", test_rounds);
  g_test_add_func ("/match/status", test_status);

  return g_test_run ();
}
