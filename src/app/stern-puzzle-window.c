/* stern-puzzle-window.c: Puzzles, one at a time on a real board.
 *
 * The window decides nothing: the board asks the engine which moves are
 * legal and stern_puzzle_check_answer() judges the answer.  The set is
 * data/puzzles.txt, built into the program's resources, so the window
 * finds it installed, in the build tree and in the Flatpak alike.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n.h>

#include "stern-puzzle-window.h"

#include "stern-accessible.h"
#include "stern-data-file.h"
#include "stern-game-setup.h"
#include "stern-notation.h"
#include "stern-puzzle.h"
#include "stern-ratings.h"

#define PUZZLES_RESOURCE "/io/github/sternhalma/Sternhalma/puzzles.txt"

struct _SternPuzzleWindow {
  AdwWindow        parent_instance;

  GArray          *puzzles;      /* of SternPuzzle, the whole set */
  guint            current;      /* index into puzzles */
  SternGame       *game;         /* on the board, which borrows it */
  GSettings       *settings;
  gboolean         counted;      /* the first try at this puzzle is counted */
  gboolean         answer_shown; /* no credit once Show Answer was used */
  double           change;       /* the last counted try's change of rating */
  gboolean         changed;

  SternPuzzleKind  kind;         /* the Kind choice; STERN_PUZZLE_N_KINDS: all */

  GtkWidget       *title;        /* AdwWindowTitle */
  GtkDropDown     *kind_choice;
  GtkWidget       *rating_label;
  GtkWidget       *task_label;
  SternBoardView  *board;
  GtkWidget       *feedback_label;
  GtkWidget       *next_button;
  GtkFlowBox      *button_box;
};

G_DEFINE_FINAL_TYPE (SternPuzzleWindow, stern_puzzle_window, ADW_TYPE_WINDOW)

/* The set, read once: a copy that does not parse is a build gone wrong. */
static GArray *
load_puzzles (void)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  GArray *puzzles;
  gsize size;

  bytes = g_resources_lookup_data (PUZZLES_RESOURCE, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    {
      g_critical ("No puzzles: %s", error->message);
      return g_array_new (FALSE, TRUE, sizeof (SternPuzzle));
    }
  text = g_strndup (g_bytes_get_data (bytes, &size), g_bytes_get_size (bytes));
  puzzles = stern_puzzle_parse_set (text, &error);
  if (puzzles == NULL)
    {
      g_critical ("The puzzles do not read: %s", error->message);
      return g_array_new (FALSE, TRUE, sizeof (SternPuzzle));
    }
  return puzzles;
}

static const SternPuzzle *
current_puzzle (SternPuzzleWindow *self)
{
  return &g_array_index (self->puzzles, SternPuzzle, self->current);
}

static gboolean
in_setting (GSettings  *settings,
            const char *key,
            const char *id)
{
  g_auto (GStrv) ids = g_settings_get_strv (settings, key);

  return g_strv_contains ((const char * const *) ids, id);
}

static void
add_to_setting (GSettings  *settings,
                const char *key,
                const char *id)
{
  g_auto (GStrv) ids = g_settings_get_strv (settings, key);
  g_autoptr (GStrvBuilder) builder = NULL;
  g_auto (GStrv) more = NULL;

  if (g_strv_contains ((const char * const *) ids, id))
    return;
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) ids);
  g_strv_builder_add (builder, id);
  more = g_strv_builder_end (builder);
  /* A setting that cannot be written is said, not lost without a word. */
  if (!g_settings_set_strv (settings, key, (const char * const *) more))
    g_warning ("Could not keep the progress of the puzzles");
}

guint
stern_puzzle_window_count_solved (guint *n_puzzles)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_auto (GStrv) solved = g_settings_get_strv (settings, "puzzles-solved");
  g_autoptr (GArray) puzzles = load_puzzles ();
  guint n = 0;

  g_return_val_if_fail (n_puzzles != NULL, 0);
  for (guint i = 0; i < puzzles->len; i++)
    n += g_strv_contains ((const char * const *) solved,
                          g_array_index (puzzles, SternPuzzle, i).id);
  *n_puzzles = puzzles->len;
  return n;
}

/* ---- the rating ---- */

static char *
ratings_path (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "sternhalma", NULL);

  return stern_ratings_get_path (dir);
}

static double
player_rating (void)
{
  g_autofree char *path = ratings_path ();
  g_autoptr (SternRatings) ratings = stern_ratings_load (path, NULL);

  return stern_ratings_get_puzzle_rating (ratings);
}

static void
show_text (GtkWidget  *label,
           const char *text)
{
  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
  gtk_widget_set_visible (label, text != NULL && *text != '\0');
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text != NULL ? text : "", -1);
}

static void
show_rating (SternPuzzleWindow *self)
{
  g_auto (GStrv) solved = g_settings_get_strv (self->settings, "puzzles-solved");
  g_autofree char *rating = NULL;
  g_autofree char *text = NULL;
  guint n_solved = 0;

  for (guint i = 0; i < self->puzzles->len; i++)
    n_solved += g_strv_contains ((const char * const *) solved,
                                 g_array_index (self->puzzles, SternPuzzle, i).id);
  if (self->changed)
    /* Translators: the puzzle rating and its last change, "1516 (+16)" */
    rating = g_strdup_printf (_("%.0f (%+.0f)"), player_rating (), self->change);
  else
    rating = g_strdup_printf ("%.0f", player_rating ());
  /* Translators: "Puzzle rating: 1516 (+16) · Solved: 3 of 240" */
  text = g_strdup_printf (_("Puzzle rating: %s · Solved: %u of %u"), rating, n_solved,
                          self->puzzles->len);
  show_text (self->rating_label, text);
}

/* Only the first answer to a puzzle counts, right or wrong (Show Answer
 * is a wrong one): trying again until it is right would otherwise win
 * every puzzle. */
static void
count_first_try (SternPuzzleWindow *self,
                 gboolean           solved)
{
  const SternPuzzle *puzzle = current_puzzle (self);
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "sternhalma", NULL);
  g_autofree char *path = ratings_path ();
  g_autoptr (GError) error = NULL;
  g_auto (SternRatingsLock) lock = -1;
  SternRatings *ratings;
  double before;

  if (self->counted)
    return;
  self->counted = TRUE;
  add_to_setting (self->settings, "puzzles-tried", puzzle->id);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_warning ("The puzzle rating could not be saved: %s", g_strerror (saved_errno));
      return;
    }
  /* As a game is counted: another copy may count one meanwhile. */
  lock = stern_ratings_lock (path, &error);
  if (lock < 0)
    {
      g_warning ("Counting the puzzle without the ratings lock: %s", error->message);
      g_clear_error (&error);
    }
  ratings = stern_ratings_load (path, &error);
  if (error != NULL)
    {
      g_autoptr (GError) aside_error = NULL;
      g_autofree char *aside = stern_data_file_keep_aside (path, &aside_error);

      if (aside == NULL)
        {
          /* Not written over what could not be kept. */
          g_warning ("The ratings file is damaged (%s) and could not be kept aside (%s): "
                     "the puzzle is not counted", error->message, aside_error->message);
          stern_ratings_free (ratings);
          return;
        }
      g_message ("The damaged ratings file is kept as %s", aside);
      g_clear_error (&error);
    }
  before = stern_ratings_get_puzzle_rating (ratings);
  stern_ratings_add_puzzle (ratings, puzzle->difficulty, solved);
  if (stern_ratings_save (ratings, path, &error))
    {
      self->change = stern_ratings_get_puzzle_rating (ratings) - before;
      self->changed = TRUE;
    }
  else
    g_warning ("The puzzle rating could not be saved: %s", error->message);
  stern_ratings_free (ratings);
}

/* ---- one puzzle ---- */

static char *
task_text (const SternPuzzle *puzzle)
{
  const char *side = stern_seat_display_name (puzzle->pos.to_move);

  switch (puzzle->kind)
    {
    case STERN_PUZZLE_WIN:
      /* Translators: %s is the side on turn ("White"), %u the moves */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%s wins in %u move: find it.",
                                           "%s wins in %u moves: find the first move.",
                                           puzzle->win_moves),
                              side, puzzle->win_moves);
    case STERN_PUZZLE_RACE:
      /* Translators: %s is the side on turn ("White") */
      return g_strdup_printf (_("Only one move keeps %s in the race: find it."), side);
    case STERN_PUZZLE_JUMP:
    case STERN_PUZZLE_N_KINDS:
    default:
      /* Translators: %s is the side on turn ("White") */
      return g_strdup_printf (_("Find the longest jump for %s."), side);
    }
}

static const char *
right_text (const SternPuzzle *puzzle)
{
  switch (puzzle->kind)
    {
    case STERN_PUZZLE_WIN:
      return _("Right: this move wins, whatever the other side plays.");
    case STERN_PUZZLE_RACE:
      return _("Right: this is the only move that keeps the race.");
    case STERN_PUZZLE_JUMP:
    case STERN_PUZZLE_N_KINDS:
    default:
      return _("Right: this is the longest jump.");
    }
}

static const char *
wrong_text (const SternPuzzle *puzzle)
{
  switch (puzzle->kind)
    {
    case STERN_PUZZLE_WIN:
      return _("Not this one: after it the other side can stop the win.");
    case STERN_PUZZLE_RACE:
      return _("Not this one: after it you are behind in the race.");
    case STERN_PUZZLE_JUMP:
    case STERN_PUZZLE_N_KINDS:
    default:
      return _("Not this one: there is a longer jump.");
    }
}

static void
load_puzzle (SternPuzzleWindow *self)
{
  const SternPuzzle *puzzle = current_puzzle (self);
  g_autofree char *subtitle = NULL;
  g_autofree char *task = task_text (puzzle);

  stern_board_view_set_game (self->board, NULL);
  g_clear_pointer (&self->game, stern_game_free);
  self->game = stern_puzzle_game (puzzle);
  stern_board_view_set_game (self->board, self->game);
  /* The side to move plays up the board, as in a game. */
  stern_board_view_set_bottom_seat (self->board, puzzle->pos.to_move);
  stern_board_view_set_hint_paths (self->board, NULL, 0);
  stern_board_view_game_changed (self->board, FALSE);
  stern_board_view_set_interactive (self->board, TRUE);
  self->counted = in_setting (self->settings, "puzzles-tried", puzzle->id);
  self->answer_shown = FALSE;

  /* Translators: the window's subtitle: "Puzzle 3 of 240 · Difficulty 2 of 5" */
  subtitle = g_strdup_printf (_("Puzzle %u of %u · Difficulty %u of %u"), self->current + 1,
                              self->puzzles->len, puzzle->difficulty, STERN_PUZZLE_MAX_DIFFICULTY);
  adw_window_title_set_subtitle (ADW_WINDOW_TITLE (self->title), subtitle);
  show_text (self->task_label, task);
  show_text (self->feedback_label, _("Make the move on the board."));
  show_rating (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
on_move_chosen (SternBoardView    *board,
                guint              from,
                guint              to,
                SternPuzzleWindow *self)
{
  const SternPuzzle *puzzle = current_puzzle (self);
  guint8 path[STERN_MAX_PATH];
  size_t len = stern_game_move_path (self->game, from, to, path);
  SternPuzzleAnswer answer = stern_puzzle_check_answer (puzzle, path, len);
  gboolean right = answer == STERN_PUZZLE_ANSWER_RIGHT;
  g_autofree char *feedback = NULL;

  if (answer == STERN_PUZZLE_ANSWER_ILLEGAL)
    {
      show_text (self->feedback_label, _("That move is not allowed here."));
      return;
    }
  count_first_try (self, right);
  if (right && !self->answer_shown)
    add_to_setting (self->settings, "puzzles-solved", puzzle->id);
  /* The move is shown played, right or wrong; Try Again sets it back. */
  if (stern_game_play_path (self->game, path, len, NULL))
    stern_board_view_game_changed (self->board, TRUE);
  stern_board_view_set_interactive (self->board, FALSE);
  /* The marks say right or wrong at a glance, in every language. */
  feedback = g_strdup_printf ("%s %s", right ? "✓" : "✗",
                              right ? right_text (puzzle) : wrong_text (puzzle));
  show_text (self->feedback_label, feedback);
  show_rating (self);
  if (right)
    gtk_widget_grab_focus (self->next_button);
}

static void
retry_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SternPuzzleWindow *self = STERN_PUZZLE_WINDOW (widget);
  gboolean shown = self->answer_shown;

  load_puzzle (self);
  self->answer_shown = shown;
}

static void
show_answer_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  SternPuzzleWindow *self = STERN_PUZZLE_WINDOW (widget);
  const SternPuzzle *puzzle = current_puzzle (self);
  g_autofree char *move = NULL;
  g_autofree char *text = NULL;

  load_puzzle (self);
  count_first_try (self, FALSE);
  self->answer_shown = TRUE;
  stern_board_view_show_hint (self->board, puzzle->solution, puzzle->solution_len);
  move = stern_notation_format_path_in (puzzle->variant, puzzle->solution, puzzle->solution_len);
  /* Translators: "The answer is shown on the board: e13-g13-i11-k11." */
  text = g_strdup_printf (_("The answer is shown on the board: %s."), move);
  show_text (self->feedback_label, text);
  show_rating (self);
}

/* The puzzle the player's rating calls for, other than current
 * (G_MAXUINT: any); none when the set has none of the kind chosen. */
static void
offer_next (SternPuzzleWindow *self,
            guint              current)
{
  g_auto (GStrv) solved = g_settings_get_strv (self->settings, "puzzles-solved");
  g_auto (GStrv) tried = g_settings_get_strv (self->settings, "puzzles-tried");
  guint next = stern_puzzle_choose ((const SternPuzzle *) (void *) self->puzzles->data,
                                    self->puzzles->len, self->kind, player_rating (),
                                    (const char * const *) solved,
                                    (const char * const *) tried, current);

  if (next == G_MAXUINT)
    return;
  self->current = next;
  load_puzzle (self);
}

static void
next_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternPuzzleWindow *self = STERN_PUZZLE_WINDOW (widget);

  offer_next (self, self->current);
}

/* The Kind choice's items, in its order. */
static const SternPuzzleKind choice_kinds[] = {
  STERN_PUZZLE_N_KINDS, STERN_PUZZLE_JUMP, STERN_PUZZLE_WIN, STERN_PUZZLE_RACE,
};

static void
on_kind_chosen (SternPuzzleWindow *self)
{
  guint item = gtk_drop_down_get_selected (self->kind_choice);

  if (item >= G_N_ELEMENTS (choice_kinds) || choice_kinds[item] == self->kind)
    return;
  self->kind = choice_kinds[item];
  /* The puzzle on the board stays when it is of the kind chosen. */
  if (self->puzzles->len > 0 && self->kind != STERN_PUZZLE_N_KINDS &&
      current_puzzle (self)->kind != self->kind)
    offer_next (self, G_MAXUINT);
}

static void
on_show_coordinates (SternPuzzleWindow *self)
{
  stern_board_view_set_show_coordinates (self->board,
                                         g_settings_get_boolean (self->settings, "show-coordinates"));
}

/* ---- GObject ---- */

static void
stern_puzzle_window_dispose (GObject *object)
{
  SternPuzzleWindow *self = STERN_PUZZLE_WINDOW (object);

  if (self->board != NULL)
    stern_board_view_set_game (self->board, NULL);
  self->board = NULL;
  g_clear_pointer (&self->game, stern_game_free);
  g_clear_pointer (&self->puzzles, g_array_unref);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (stern_puzzle_window_parent_class)->dispose (object);
}

static void
stern_puzzle_window_class_init (SternPuzzleWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_puzzle_window_dispose;
  gtk_widget_class_install_action (widget_class, "puzzle.retry", NULL, retry_activated);
  gtk_widget_class_install_action (widget_class, "puzzle.show-answer", NULL,
                                   show_answer_activated);
  gtk_widget_class_install_action (widget_class, "puzzle.next", NULL, next_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkWidget *
wrapped_label (void)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL, "wrap", TRUE, "xalign", 0.0f,
                                   "visible", FALSE, NULL);

  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  return label;
}

static GtkWidget *
action_button (const char *label,
               const char *action)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  return button;
}

static void
stern_puzzle_window_init (SternPuzzleWindow *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *room, *overlay, *scrolled, *rating_row;

  self->settings = g_settings_new (APP_ID);
  self->puzzles = load_puzzles ();

  self->title = adw_window_title_new (_("Puzzles"), NULL);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), self->title);
  gtk_box_append (GTK_BOX (content), header);

  /* The Kind choice beside the rating, not in the header bar: there it
   * would squeeze the subtitle (the difficulty) in a narrow window.  A
   * flow box puts it under the rating where both do not fit on a line. */
  rating_row = g_object_new (GTK_TYPE_FLOW_BOX, "selection-mode", GTK_SELECTION_NONE,
                             "max-children-per-line", 2, "column-spacing", 6,
                             "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL);
  gtk_widget_add_css_class (rating_row, "puzzle-rating-line");
  self->rating_label = wrapped_label ();
  gtk_widget_set_hexpand (self->rating_label, TRUE);
  gtk_widget_add_css_class (self->rating_label, "dim-label");
  gtk_flow_box_append (GTK_FLOW_BOX (rating_row), self->rating_label);
  {
    const char *kinds[] = {
      /* Translators: the Puzzles window's Kind choice */
      N_("All Kinds"), N_("Longest Jump"), N_("Win in N"), N_("Race"), NULL
    };
    const char *shown[G_N_ELEMENTS (kinds)];

    for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
      shown[i] = kinds[i] != NULL ? _(kinds[i]) : NULL;
    self->kind = STERN_PUZZLE_N_KINDS;
    self->kind_choice = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (shown));
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->kind_choice), _("Kind of Puzzle"));
    stern_accessible_name_drop_down (self->kind_choice, _("Kind of Puzzle"));
    g_signal_connect_object (self->kind_choice, "notify::selected",
                             G_CALLBACK (on_kind_chosen), self, G_CONNECT_SWAPPED);
    gtk_widget_set_valign (GTK_WIDGET (self->kind_choice), GTK_ALIGN_CENTER);
    gtk_widget_set_halign (GTK_WIDGET (self->kind_choice), GTK_ALIGN_END);
    gtk_widget_set_margin_start (GTK_WIDGET (self->kind_choice), 12);
    gtk_widget_set_margin_end (GTK_WIDGET (self->kind_choice), 12);
    gtk_flow_box_append (GTK_FLOW_BOX (rating_row), GTK_WIDGET (self->kind_choice));
  }
  /* Tab goes to the choice itself, not to the boxes around it. */
  for (GtkWidget *child = gtk_widget_get_first_child (rating_row); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
  gtk_box_append (GTK_BOX (content), rating_row);
  self->task_label = wrapped_label ();
  gtk_widget_add_css_class (self->task_label, "heading");
  gtk_box_append (GTK_BOX (content), self->task_label);
  self->board = STERN_BOARD_VIEW (stern_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self->board), 300, 300);
  g_signal_connect (self->board, "move-chosen", G_CALLBACK (on_move_chosen), self);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->board));
  self->feedback_label = wrapped_label ();
  gtk_widget_set_valign (self->feedback_label, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->feedback_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Result"), -1);
  /* The verdict in a room of three lines that never changes its height,
   * as in Learn, so that the board stays under the pointer; a longer text
   * scrolls.  The hidden label gives the height in the window's font. */
  room = g_object_new (GTK_TYPE_LABEL, "label", "\n\n", "opacity", 0.0,
                       "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
  overlay = gtk_overlay_new ();
  gtk_overlay_set_child (GTK_OVERLAY (overlay), room);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->feedback_label);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), scrolled);
  gtk_box_append (GTK_BOX (content), overlay);

  /* A flow box, as in Learn: the buttons wrap in a narrow window. */
  self->button_box = GTK_FLOW_BOX (gtk_flow_box_new ());
  gtk_flow_box_set_selection_mode (self->button_box, GTK_SELECTION_NONE);
  gtk_flow_box_set_column_spacing (self->button_box, 6);
  gtk_flow_box_set_row_spacing (self->button_box, 6);
  gtk_flow_box_set_max_children_per_line (self->button_box, 3);
  gtk_widget_set_margin_start (GTK_WIDGET (self->button_box), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->button_box), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->button_box), 12);
  gtk_flow_box_append (self->button_box, action_button (_("_Try Again"), "puzzle.retry"));
  gtk_flow_box_append (self->button_box,
                       action_button (_("Show _Answer"), "puzzle.show-answer"));
  self->next_button = action_button (_("_Next"), "puzzle.next");
  gtk_widget_add_css_class (self->next_button, "suggested-action");
  gtk_flow_box_append (self->button_box, self->next_button);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->button_box));
  stern_accessible_name_flow_box (self->button_box, _("Puzzle actions"));
  adw_window_set_content (ADW_WINDOW (self), content);

  /* The coordinates as in the game window: the answer names holes. */
  g_signal_connect_object (self->settings, "changed::show-coordinates",
                           G_CALLBACK (on_show_coordinates), self, G_CONNECT_SWAPPED);
  on_show_coordinates (self);
}

GtkWidget *
stern_puzzle_window_new (GtkWindow *parent)
{
  SternPuzzleWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  /* Said by name: without it GTK 4.8's AT-SPI lists the window as a
   * "filler", not a "frame" (as the mistakes window found). */
  self = g_object_new (STERN_TYPE_PUZZLE_WINDOW,
                       "accessible-role", GTK_ACCESSIBLE_ROLE_WINDOW,
                       "title", _("Puzzles"),
                       "default-width", 640,
                       "default-height", 760,
                       "transient-for", parent,
                       "destroy-with-parent", TRUE,
                       NULL);
  offer_next (self, G_MAXUINT);
  return GTK_WIDGET (self);
}

gboolean
stern_puzzle_window_open_puzzle (SternPuzzleWindow *self,
                                 const char        *id)
{
  g_return_val_if_fail (STERN_IS_PUZZLE_WINDOW (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  for (guint i = 0; i < self->puzzles->len; i++)
    if (strcmp (g_array_index (self->puzzles, SternPuzzle, i).id, id) == 0)
      {
        self->current = i;
        load_puzzle (self);
        return TRUE;
      }
  return FALSE;
}

const char *
stern_puzzle_window_get_puzzle (SternPuzzleWindow *self)
{
  g_return_val_if_fail (STERN_IS_PUZZLE_WINDOW (self), NULL);
  return self->puzzles->len > 0 ? current_puzzle (self)->id : NULL;
}

SternBoardView *
stern_puzzle_window_get_board (SternPuzzleWindow *self)
{
  g_return_val_if_fail (STERN_IS_PUZZLE_WINDOW (self), NULL);
  return self->board;
}

const char *
stern_puzzle_window_get_task (SternPuzzleWindow *self)
{
  g_return_val_if_fail (STERN_IS_PUZZLE_WINDOW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->task_label));
}

const char *
stern_puzzle_window_get_feedback (SternPuzzleWindow *self)
{
  g_return_val_if_fail (STERN_IS_PUZZLE_WINDOW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->feedback_label));
}

const char *
stern_puzzle_window_get_rating_text (SternPuzzleWindow *self)
{
  g_return_val_if_fail (STERN_IS_PUZZLE_WINDOW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->rating_label));
}
