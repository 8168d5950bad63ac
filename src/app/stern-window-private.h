/* stern-window-private.h: what the window's parts share (stern-window.c
 * for the template and the wiring, stern-window-actions.c for the
 * actions, and the others named below).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-match.h"
#include "stern-alert-dialog.h"
#include "stern-move-list.h"
#include "stern-players-panel.h"
#include "stern-players-strip.h"
#include "stern-save-banner.h"
#include "stern-sounds.h"
#include "stern-window.h"

G_BEGIN_DECLS

struct _SternWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets */
  GtkWidget         *panel_host;    /* holds panel_fold */
  GtkWidget         *panel_fold;    /* the split view on 1.4+, AdwFlap before */
  GtkWidget         *panel_button;
  GtkWidget         *hint_button;
  GtkWidget         *pause_button;
  GtkWidget         *side_panel;
  GtkWidget         *players_scroller;
  GtkWidget         *board_box;
  GtkWidget         *header_bar;
  GtkWidget         *title_label;
  GtkWidget         *window_box;    /* NULL once the toolbar view has it (1.4+) */
  SternPlayersStrip *players_strip;
  guint              strip_idle;
  gboolean           header_narrow;  /* hint, pause and spinner left out */
  AdwToastOverlay   *toast_overlay;
  char              *last_toast;
  /* Toasts to withdraw once the overlay's animations have run out
   * (stern_window_withdraw_toast), the frame time (µs) they run out
   * at, and the tick callback waiting for it. */
  GPtrArray         *toasts_to_withdraw;
  gint64             toasts_settle_at;
  gboolean           toasts_settled;
  guint              toasts_tick;
  /* The game a new game or an opened file replaced, as a record, for the
   * toast's Undo. */
  char              *replaced_record;
  GFile             *too_big_file;   /* asked whether to open it anyway */
  /* An opened game is drawn (or not, in time): the autosave may follow. */
  GdkFrameClock     *shown_clock;
  gulong             shown_handler;
  guint              shown_timeout_id;
  SternBoardView    *board;
  GtkStack          *board_stack;   /* the board, or the paused page */
  GtkWidget         *continue_button;
  GtkWidget         *spinner;
  SternPlayersPanel *players_panel;
  SternMoveList     *move_list;
  SternMoveList     *moves_under_board;  /* shown in a tall, narrow window */
  GtkLabel          *status_label;
  GtkProgressBar    *thinking_bar;
  gint64             thinking_since_us;  /* when the computer on turn began */
  GtkRevealer       *online_banner;
  GtkImage          *online_banner_icon;
  GtkLabel          *online_banner_label;
  SternSaveBanner   *save_banner;

  GSettings      *settings;
  SternMatch     *match;
  SternSounds    *sounds;
  /* A move was just played: the next turn, if a human's after another
   * side moved, gets its sound once the move has been drawn. */
  gboolean        move_just_played;
  guint           last_mover;
  gboolean        your_turn_pending;
  /* The status line, and the same without what to do next (NULL when
   * the two are alike): shown when the first would be cut. */
  char           *status;
  char           *status_brief;
  GdkFrameClock  *status_clock;
  gulong          status_handler;

  /* Preferences, bound to the settings (g_settings_bind). */
  char           *player_name;
  gboolean        rotate_to_player;
  gboolean        confirm_fatal;

  /* A hint being searched for the human. */
  GCancellable   *hint_cancellable;

  /* The board is animating a move: the match waits (hold/release). */
  gboolean        holding;
  gboolean        rotate_pending;

  /* A fatal move waiting for the human's confirmation. */
  GtkWidget      *confirm;
  guint           confirm_from;
  guint           confirm_to;

  GtkWidget      *game_over;

  /* A question or an error (resign, a bad file). */
  GtkWidget      *message;
  /* Network play (stern-window-online.c): the SternOnlineMatch followed,
   * and the client of a connection being made; NULL for a local game. */
  GObject        *online;
  GObject        *online_client;

  /* The player paused the game: the match is held (no clock runs, no
   * move is played) until they go on. */
  gboolean        user_paused;

  /* The user chose to quit with moves that are not on disk. */
  gboolean        close_confirmed;
};

/* stern-window.c */
void     stern_window_refresh       (SternWindow *self);
void     stern_window_cancel_hint   (SternWindow *self);
/* Shown while the computer thinks for a player or a hint, if the header
 * has room. */
void     stern_window_update_spinner (SternWindow *self);
void     stern_window_update_paused (SternWindow *self);
/* The player's pause (the "paused" property, the action win.pause). */
void     stern_window_set_user_paused (SternWindow *self, gboolean paused);
void     stern_window_close_confirm (SternWindow *self);
/* The one way the window asks or tells something (replaces an open
 * question); on_response (self, gboolean accept) may be NULL. */
void     stern_window_show_message  (SternWindow *self, const char *title, const char *heading,
                                     const char *body, const char *cancel_label,
                                     const char *accept_label, SternAlertStyle style,
                                     GCallback on_response);
void     stern_window_show_error    (SternWindow *self, const char *heading, const char *body);
/* A toast; button_label and action_name may be NULL.  Returns it (the
 * overlay's) for a caller that withdraws it when it no longer holds. */
AdwToast *stern_window_show_toast   (SternWindow *self, const char *title,
                                     const char *button_label, const char *action_name);
/* Withdraws a toast that no longer holds, once no toast is coming in or
 * going (at once when the window is not shown). */
void      stern_window_withdraw_toast (SternWindow *self, AdwToast *toast);
/* Drops the toasts still to withdraw (the window goes). */
void      stern_window_forget_toasts  (SternWindow *self);
/* Keeps the game on the board for the toast's Undo before something
 * replaces it. */
void     stern_window_keep_replaced (SternWindow *self);
/* stern-window-panel.c: the side panel on narrow and wide windows. */
void     stern_window_setup_panel   (SternWindow *self);
/* stern-window-pause.c: the clocks stop while the window is hidden,
 * minimized or under a modal window. */
void     stern_window_follow_visibility (SternWindow *self);
/* stern-window-game-over.c: the result window ("game-over" of the match),
 * closed when the game goes on. */
void     stern_window_show_game_over  (SternWindow *self);
void     stern_window_close_game_over (SternWindow *self);

/* stern-window-actions.c */
void     stern_window_actions_class_init (GtkWidgetClass *widget_class);
void     stern_window_update_actions     (SternWindow *self);
/* The banner follows the match's save error and notice. */
void     stern_window_update_banner      (SternWindow *self);
/* Closing with moves not on disk: asks first and returns TRUE (the
 * window stays); FALSE when the window may close. */
gboolean stern_window_ask_before_closing (SternWindow *self);
/* The board's "move-chosen". */
void     stern_window_move_chosen        (SternWindow *self, guint from, guint to,
                                          SternBoardView *board);

/* What the tests look at and drive (tests/gui); the program itself does
 * not call these. */
/* The side panel (players, moves) is folded away: a narrow window. */
gboolean     stern_window_is_panel_folded (SternWindow *self);
/* The players' strip above the board in a narrow window. */
SternPlayersStrip *stern_window_get_players_strip (SternWindow *self);
/* The move list widget. */
GtkWidget   *stern_window_get_move_list_widget (SternWindow *self);
/* The message of the last toast shown, or NULL. */
const char  *stern_window_get_last_toast (SternWindow *self);
/* The question or error shown (resign, a bad file): a
 * SternAlertDialog, or NULL. */
GtkWidget   *stern_window_get_message (SternWindow *self);
/* The status line whole: the label shows it without what to do next
 * when it would be cut. */
const char  *stern_window_get_status (SternWindow *self);
/* The move list as text, one round a line. */
char        *stern_window_get_move_list (SternWindow *self);
gboolean     stern_window_is_thinking (SternWindow *self);
/* The shortest time a computer move takes, so that it can be followed
 * (default 500 ms; tests set 0). */
void         stern_window_set_computer_delay (SternWindow *self, guint msec);
/* The confirmation asked before a fatal move: is it open, and answer it. */
gboolean     stern_window_is_confirming (SternWindow *self);
void         stern_window_answer_confirm (SternWindow *self, gboolean play);
/* The game-over window while it is open, or NULL. */
GtkWidget   *stern_window_get_game_over_window (SternWindow *self);

G_END_DECLS
