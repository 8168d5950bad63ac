/* stern-learn-window.c: Learn, one lesson at a time on a real board.
 *
 * The window decides nothing about the rules: the board asks the engine
 * which moves are legal, and stern_lesson_check_move() or
 * stern_lesson_check_position() judges the answer.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "stern-learn-window.h"

#include "stern-accessible.h"
#include "stern-lessons.h"
#include "stern-notation.h"
#include "stern-puzzle-window.h"

struct _SternLearnWindow
{
  SternDialogBase parent_instance;

  GtkStack       *stack;
  GtkWidget      *back_button;
  GtkLabel       *progress_label;
  GtkBox         *lesson_list;   /* a heading and a boxed list per group */
  GtkLabel       *step_label;
  GtkLabel       *title_label;
  GtkLabel       *task_label;
  SternBoardView *board;
  GtkLabel       *feedback_label;
  GtkLabel       *explanation_label;
  GtkWidget      *check_button;
  GtkWidget      *next_button;
  GtkFlowBox     *button_box;

  GSettings         *settings;
  const SternLesson *lesson;
  SternGame         *game;       /* on the board, which borrows it */
  SternPosition      built;      /* building: the position so far */
  int                tutorial_step;  /* -1: not in the tutorial */
  gboolean           answer_shown;   /* no credit once Show Answer was used */
  gboolean           tried_wrong;    /* a star fewer after a wrong try */
};

G_DEFINE_FINAL_TYPE (SternLearnWindow, stern_learn_window, STERN_TYPE_DIALOG_BASE)

static GSettings *
learn_settings (void)
{
  return g_settings_new (APP_ID);
}

gboolean
stern_learn_is_done (const char *id)
{
  g_autoptr (GSettings) settings = learn_settings ();
  g_auto (GStrv) done = g_settings_get_strv (settings, "lessons-done");

  g_return_val_if_fail (id != NULL, FALSE);
  return g_strv_contains ((const char * const *) done, id);
}

static void
mark_done (SternLearnWindow *self)
{
  g_auto (GStrv) done = g_settings_get_strv (self->settings, "lessons-done");
  g_autoptr (GStrvBuilder) builder = NULL;
  g_auto (GStrv) more = NULL;

  if (g_strv_contains ((const char * const *) done, stern_lesson_get_id (self->lesson)))
    return;
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) done);
  g_strv_builder_add (builder, stern_lesson_get_id (self->lesson));
  more = g_strv_builder_end (builder);
  /* A setting that cannot be written is said, not lost without a word. */
  if (!g_settings_set_strv (self->settings, "lessons-done", (const char * const *) more))
    g_warning ("Could not keep the progress of the lessons");
}

static guint
stars_in (GSettings  *settings,
          const char *id)
{
  g_autoptr (GVariant) stars = g_settings_get_value (settings, "lesson-stars");
  guint32 n = 0;

  g_variant_lookup (stars, id, "u", &n);
  return MIN (n, STERN_LESSON_MAX_STARS);
}

guint
stern_learn_get_stars (const char *id)
{
  g_autoptr (GSettings) settings = learn_settings ();

  g_return_val_if_fail (id != NULL, 0);
  return stars_in (settings, id);
}

/* The best answer counts: fewer stars never replace more. */
static void
keep_stars (SternLearnWindow *self,
            guint             stars)
{
  g_autoptr (GVariant) old = g_settings_get_value (self->settings, "lesson-stars");
  const char *id = stern_lesson_get_id (self->lesson);
  g_auto (GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{su}"));
  GVariantIter iter;
  const char *key;
  guint32 value;

  if (stars <= stars_in (self->settings, id))
    return;
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "{&su}", &key, &value))
    if (strcmp (key, id) != 0)
      g_variant_builder_add (&builder, "{su}", key, value);
  g_variant_builder_add (&builder, "{su}", id, (guint32) stars);
  if (!g_settings_set_value (self->settings, "lesson-stars", g_variant_builder_end (&builder)))
    g_warning ("Could not keep the stars of the lessons");
}

/* ---- the list ---- */

static const char *
kind_text (const SternLesson *lesson)
{
  switch (stern_lesson_get_kind (lesson))
    {
    case STERN_LESSON_RULE:
      return _("Rule");
    case STERN_LESSON_WORKED:
      return _("Worked position");
    case STERN_LESSON_EXERCISE:
    default:
      return _("Exercise");
    }
}

/* "Rule · See Rules › Moves": the kind of lesson and the Rules window's
 * page (F1) that explains it, by that page's title. */
static char *
lesson_subtitle (const SternLesson *lesson)
{
  static const struct {
    const char *page;
    const char *title;
  } pages[] = {
    /* The titles of the pages in ui/stern-rules-window.ui. */
    { "moves", N_("Moves") },
    { "rays", N_("Foreign Rays") },
    { "finishing", N_("Finishing and Places") },
    { "home", N_("Leaving Home") },
    { "variants", N_("Variants") },
    { "halma", N_("Halma and Ugolki") },
  };
  const char *page = stern_lesson_get_rules_page (lesson);

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    if (g_strcmp0 (page, pages[i].page) == 0)
      /* Translators: the kind of lesson ("Rule", "Exercise") and the
       * title of the page of the Rules window that explains it */
      return g_strdup_printf (_("%s · See Rules › %s"), kind_text (lesson), _(pages[i].title));
  g_return_val_if_reached (g_strdup (kind_text (lesson)));
}

static void
on_lesson_clicked (GtkButton        *button,
                   SternLearnWindow *self)
{
  self->tutorial_step = -1;
  stern_learn_window_open_lesson (self, g_object_get_data (G_OBJECT (button), "lesson-id"));
}

static const char *
group_title (SternLessonGroup group)
{
  switch (group)
    {
    case STERN_LESSON_GROUP_STRATEGY:
      return _("Strategy");
    case STERN_LESSON_GROUP_SQUARE:
      return _("Square Boards");
    case STERN_LESSON_GROUP_RULES:
    case STERN_LESSON_N_GROUPS:
    default:
      return _("Rules");
    }
}

/* "★★☆": the stars earned, the ones still to earn dimmed. */
static GtkWidget *
stars_label (guint stars)
{
  GString *markup = g_string_new ("<span size=\"large\">");
  GtkWidget *label;

  for (guint i = 0; i < STERN_LESSON_MAX_STARS; i++)
    g_string_append (markup, i < stars ? "★" : "<span alpha=\"35%\">★</span>");
  g_string_append (markup, "</span>");
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup->str);
  gtk_widget_add_css_class (label, "accent");
  g_string_free (markup, TRUE);
  return label;
}

static GtkWidget *
lesson_row (SternLearnWindow  *self,
            const SternLesson *lesson,
            gboolean           is_done,
            guint              stars)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (stern_lesson_get_title (lesson));
  g_autofree char *sub = lesson_subtitle (lesson);
  GtkWidget *subtitle = gtk_label_new (sub);
  g_autofree char *name = NULL;

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (texts), title);
  gtk_box_append (GTK_BOX (texts), subtitle);
  gtk_box_append (GTK_BOX (box), texts);
  /* Stars once earned; the mark for a lesson done before there were any. */
  if (stars > 0)
    gtk_box_append (GTK_BOX (box), stars_label (stars));
  else if (is_done)
    gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "flat");
  /* What a screen reader says: the title, and how well it was done. */
  if (stars > 0)
    /* Translators: a lesson's title and the stars it earned, "Jump, 2 of 3 stars" */
    name = g_strdup_printf (_("%s, %u of %u stars"), stern_lesson_get_title (lesson), stars,
                            STERN_LESSON_MAX_STARS);
  else if (is_done)
    name = g_strdup_printf (_("%s, done"), stern_lesson_get_title (lesson));
  else
    name = g_strdup (stern_lesson_get_title (lesson));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (button), "lesson-id",
                          g_strdup (stern_lesson_get_id (lesson)), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (on_lesson_clicked), self);
  return button;
}

static void fill_list (SternLearnWindow *self);

static void
on_puzzles_closed (SternLearnWindow *self)
{
  /* What was solved shows in the list. */
  if (gtk_stack_get_visible_child_name (self->stack) != NULL &&
      strcmp (gtk_stack_get_visible_child_name (self->stack), "list") == 0)
    fill_list (self);
}

static void
on_puzzles_clicked (GtkButton        *button,
                    SternLearnWindow *self)
{
  /* A window of its own, over the one Learn is in (from libadwaita 1.5
   * on Learn is inside the game's window). */
  GtkWidget *puzzles =
    stern_puzzle_window_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))));

  g_signal_connect_object (puzzles, "destroy", G_CALLBACK (on_puzzles_closed), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (puzzles));
}

/* The puzzles (a window of their own) after the lessons, in a group of
 * their own. */
static void
add_puzzles_group (SternLearnWindow *self)
{
  GtkWidget *heading = gtk_label_new (_("Puzzles"));
  GtkListBox *list = GTK_LIST_BOX (gtk_list_box_new ());
  GtkWidget *button = gtk_button_new ();
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (_("Puzzles"));
  GtkWidget *subtitle;
  g_autofree char *sub = NULL;
  g_autofree char *name = NULL;
  guint n_puzzles = 0;
  guint solved = stern_puzzle_window_count_solved (&n_puzzles);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_margin_top (heading, 12);
  gtk_box_append (self->lesson_list, heading);
  gtk_list_box_set_selection_mode (list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Puzzles"), -1);

  /* Translators: the puzzles' row in Learn: "Longest jumps, wins, races · Solved: 3 of 240" */
  sub = g_strdup_printf (_("Longest jumps, wins, races · Solved: %u of %u"), solved, n_puzzles);
  subtitle = gtk_label_new (sub);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (texts), title);
  gtk_box_append (GTK_BOX (texts), subtitle);
  gtk_button_set_child (GTK_BUTTON (button), texts);
  gtk_widget_add_css_class (button, "flat");
  /* Translators: what a screen reader says of the row: "Puzzles, 3 of 240 solved" */
  name = g_strdup_printf (_("Puzzles, %u of %u solved"), solved, n_puzzles);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_signal_connect (button, "clicked", G_CALLBACK (on_puzzles_clicked), self);
  gtk_list_box_append (list, button);
  gtk_box_append (self->lesson_list, GTK_WIDGET (list));
}

static void
fill_list (SternLearnWindow *self)
{
  g_auto (GStrv) done = g_settings_get_strv (self->settings, "lessons-done");
  GtkWidget *child;
  GtkListBox *list = NULL;
  SternLessonGroup group = STERN_LESSON_N_GROUPS;
  guint n_done = 0, n_stars = 0;
  g_autofree char *lessons = NULL;
  g_autofree char *progress = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->lesson_list))) != NULL)
    gtk_box_remove (self->lesson_list, child);

  /* The lessons come group by group: a heading and a boxed list each. */
  for (guint i = 0; i < stern_lessons_count (); i++)
    {
      const SternLesson *lesson = stern_lessons_get (i);
      const char *id = stern_lesson_get_id (lesson);
      gboolean is_done = g_strv_contains ((const char * const *) done, id);
      guint stars = stars_in (self->settings, id);

      if (list == NULL || stern_lesson_get_group (lesson) != group)
        {
          GtkWidget *heading;

          group = stern_lesson_get_group (lesson);
          heading = gtk_label_new (group_title (group));
          gtk_label_set_xalign (GTK_LABEL (heading), 0);
          gtk_widget_add_css_class (heading, "heading");
          if (list != NULL)
            gtk_widget_set_margin_top (heading, 12);
          gtk_box_append (self->lesson_list, heading);
          list = GTK_LIST_BOX (gtk_list_box_new ());
          gtk_list_box_set_selection_mode (list, GTK_SELECTION_NONE);
          gtk_widget_add_css_class (GTK_WIDGET (list), "boxed-list");
          gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          group_title (group), -1);
          gtk_box_append (self->lesson_list, GTK_WIDGET (list));
        }
      n_done += is_done;
      n_stars += stars;
      gtk_list_box_append (list, lesson_row (self, lesson, is_done, stars));
    }
  add_puzzles_group (self);

  lessons = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%u of %u lesson done.",
                                          "%u of %u lessons done.",
                                          stern_lessons_count ()),
                             n_done, stern_lessons_count ());
  /* Translators: after "5 of 28 lessons done." */
  progress = g_strdup_printf (_("%s Stars: %u of %u."), lessons, n_stars,
                              stern_lessons_count () * STERN_LESSON_MAX_STARS);
  gtk_label_set_text (self->progress_label, progress);
}

/* ---- one lesson ---- */

/* An empty label would be read out by its class name: it is hidden. */
static void
show_text (GtkLabel   *label,
           const char *text)
{
  gtk_label_set_text (label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && *text != '\0');
}

static void
set_feedback (SternLearnWindow *self,
              const char       *text)
{
  show_text (self->feedback_label, text);
  /* Said by screen readers too: the label is the board's neighbour. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->feedback_label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text != NULL ? text : "", -1);
}

static void
show_game (SternLearnWindow *self,
           SternGame        *game)
{
  stern_board_view_set_game (self->board, game);
  g_clear_pointer (&self->game, stern_game_free);
  self->game = game;
  stern_board_view_game_changed (self->board, FALSE);
}

/* The holes the task names ("Take the marble on i7 to g13"), ringed and
 * labelled on the board: the names are the notation's in every language. */
static void
mark_named_holes (SternLearnWindow *self)
{
  const SternVariant *variant = stern_game_get_variant (self->game);
  const char *task = stern_lesson_get_task (self->lesson);
  SternBoardHintPath marks[8];
  gsize n = 0;

  for (const char *p = task; *p != '\0' && n < G_N_ELEMENTS (marks); p++)
    {
      gsize len = 1;
      guint cell;
      gboolean seen = FALSE;

      /* A letter and one or two digits, a word of its own. */
      if (!g_ascii_islower (*p) || (p > task && g_ascii_isalnum (p[-1])) ||
          !g_ascii_isdigit (p[1]))
        continue;
      while (len < 3 && g_ascii_isdigit (p[len]))
        len++;
      if (g_ascii_isalnum (p[len]))
        continue;
      cell = stern_variant_cell_parse (variant, p, len);
      if (cell == STERN_NO_CELL)
        continue;
      for (gsize i = 0; i < n; i++)
        seen |= marks[i].path[0] == cell;
      if (seen)
        continue;
      memset (&marks[n], 0, sizeof marks[n]);
      marks[n].path[0] = (guint8) cell;
      marks[n].len = 1;
      marks[n].rgb[0] = 0.98, marks[n].rgb[1] = 0.72, marks[n].rgb[2] = 0.15;
      memcpy (marks[n].label, p, len);
      n++;
    }
  stern_board_view_set_hint_paths (self->board, marks, n);
}

static void
on_show_coordinates (SternLearnWindow *self)
{
  stern_board_view_set_show_coordinates (self->board,
                                         g_settings_get_boolean (self->settings, "show-coordinates"));
}

static void
explain (SternLearnWindow *self)
{
  gtk_label_set_text (self->explanation_label, stern_lesson_get_explanation (self->lesson));
  gtk_widget_set_visible (GTK_WIDGET (self->explanation_label), TRUE);
}

static void
load_lesson (SternLearnWindow *self)
{
  gboolean building = stern_lesson_get_answer_kind (self->lesson) == STERN_LESSON_BY_BUILDING;
  guint n_steps = g_strv_length ((GStrv) stern_lessons_tutorial ());

  show_game (self, stern_lesson_new_game (self->lesson));
  self->built = *stern_game_get_position (self->game);
  mark_named_holes (self);
  stern_board_view_set_editing (self->board, building);
  stern_board_view_set_interactive (self->board, !building);

  if (self->tutorial_step >= 0)
    {
      g_autofree char *step = g_strdup_printf (_("Tutorial: step %d of %u"),
                                               self->tutorial_step + 1, n_steps);

      show_text (self->step_label, step);
    }
  else
    {
      g_autofree char *step = lesson_subtitle (self->lesson);

      show_text (self->step_label, step);
    }
  show_text (self->title_label, stern_lesson_get_title (self->lesson));
  show_text (self->task_label, stern_lesson_get_task (self->lesson));
  gtk_widget_set_visible (GTK_WIDGET (self->explanation_label), FALSE);
  gtk_widget_set_visible (self->check_button, building);
  /* The tutorial's last step leads on to a game. */
  gtk_button_set_label (GTK_BUTTON (self->next_button),
                        self->tutorial_step >= 0 && stern_lessons_tutorial ()[self->tutorial_step + 1] == NULL
                        ? _("_Start Playing") : _("_Next"));
  stern_accessible_fix_names (self->next_button);
  set_feedback (self, building ? _("Click holes to place or remove your marbles, then press Check.")
                               : _("Make the move on the board."));
  gtk_stack_set_visible_child_name (self->stack, "lesson");
  gtk_widget_set_visible (self->back_button, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
answered (SternLearnWindow *self,
          gboolean          right,
          const char       *feedback)
{
  /* The marks say right or wrong at a glance, in every language. */
  g_autofree char *text = g_strdup_printf ("%s %s", right ? "✓" : "✗", feedback);

  set_feedback (self, text);
  if (!right)
    self->tried_wrong = TRUE;
  if (right)
    {
      if (!self->answer_shown)
        mark_done (self);
      keep_stars (self, stern_lessons_stars (self->tried_wrong, self->answer_shown));
      explain (self);
      gtk_widget_grab_focus (self->next_button);
    }
}

static void
on_move_chosen (SternBoardView   *board,
                guint             from,
                guint             to,
                SternLearnWindow *self)
{
  g_autofree char *feedback = NULL;
  gboolean right;

  if (self->lesson == NULL || self->game == NULL)
    return;
  right = stern_lesson_check_move (self->lesson, from, to, &feedback);
  /* The move is shown played, right or wrong; Try Again sets it back. */
  if (stern_game_play (self->game, from, to, NULL))
    stern_board_view_game_changed (self->board, TRUE);
  stern_board_view_set_interactive (self->board, FALSE);
  answered (self, right, feedback);
}

static void
on_hole_activated (SternBoardView   *board,
                   guint             hole,
                   SternLearnWindow *self)
{
  g_autoptr (SternGame) start = NULL;
  unsigned seat;

  if (self->lesson == NULL ||
      stern_lesson_get_answer_kind (self->lesson) != STERN_LESSON_BY_BUILDING)
    return;
  start = stern_lesson_new_game (self->lesson);
  if (stern_game_get_position (start)->cell[hole] != STERN_EMPTY)
    {
      set_feedback (self, _("That marble is part of the lesson; place yours on empty holes."));
      return;
    }
  seat = stern_lesson_get_build_seat (self->lesson);
  if (self->built.cell[hole] == STERN_EMPTY)
    {
      g_autofree char *why = NULL;

      if (!stern_lesson_may_place (self->lesson, &self->built, hole, &why))
        {
          set_feedback (self, why);
          return;
        }
      stern_position_put (&self->built, seat, hole);
    }
  else
    stern_position_remove (&self->built, hole);
  show_game (self, stern_game_new_from_position (stern_game_get_variant (start), STERN_PRESET_TABLE,
                                                 &self->built, NULL));
  set_feedback (self, "");
}

static void
check_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SternLearnWindow *self = STERN_LEARN_WINDOW (widget);
  g_autofree char *feedback = NULL;
  gboolean right;

  if (self->lesson == NULL ||
      stern_lesson_get_answer_kind (self->lesson) != STERN_LESSON_BY_BUILDING)
    return;
  right = stern_lesson_check_position (self->lesson, &self->built, &feedback);
  answered (self, right, feedback);
}

static void
retry_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SternLearnWindow *self = STERN_LEARN_WINDOW (widget);

  if (self->lesson != NULL)
    load_lesson (self);
}

static void
show_answer_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  SternLearnWindow *self = STERN_LEARN_WINDOW (widget);
  const char *answer;

  if (self->lesson == NULL)
    return;
  load_lesson (self);
  answer = stern_lesson_get_answer (self->lesson);
  if (stern_lesson_get_answer_kind (self->lesson) == STERN_LESSON_BY_BUILDING)
    {
      const SternVariant *variant = NULL;
      SternPosition pos;

      if (stern_notation_parse_position (answer, &variant, &pos, NULL))
        {
          self->built = pos;
          show_game (self, stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos, NULL));
        }
    }
  else
    {
      guint8 path[STERN_MAX_PATH];
      size_t len;

      if (stern_notation_parse_path_in (stern_game_get_variant (self->game), answer, path, &len, NULL))
        stern_board_view_show_hint (self->board, path, len);
    }
  set_feedback (self, _("The answer is shown on the board."));
  explain (self);
  self->answer_shown = TRUE;
}

static void
show_list (SternLearnWindow *self)
{
  self->lesson = NULL;
  self->tutorial_step = -1;
  stern_board_view_set_game (self->board, NULL);
  g_clear_pointer (&self->game, stern_game_free);
  fill_list (self);
  gtk_stack_set_visible_child_name (self->stack, "list");
  gtk_widget_set_visible (self->back_button, FALSE);
}

static void
next_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternLearnWindow *self = STERN_LEARN_WINDOW (widget);

  if (self->lesson == NULL)
    return;
  if (self->tutorial_step >= 0)
    {
      const char * const *steps = stern_lessons_tutorial ();

      if (steps[self->tutorial_step + 1] == NULL)
        {
          /* The tutorial is over: on to a real game. */
          stern_compat_dialog_close (GTK_WIDGET (self));
          return;
        }
      self->tutorial_step++;
      self->lesson = stern_lessons_lookup (steps[self->tutorial_step]);
      self->answer_shown = FALSE;
      self->tried_wrong = FALSE;
      load_lesson (self);
      return;
    }
  for (guint i = 0; i + 1 < stern_lessons_count (); i++)
    if (stern_lessons_get (i) == self->lesson)
      {
        self->lesson = stern_lessons_get (i + 1);
        self->answer_shown = FALSE;
        self->tried_wrong = FALSE;
        load_lesson (self);
        return;
      }
  show_list (self);
}

static void
back_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  show_list (STERN_LEARN_WINDOW (widget));
}

static void
tutorial_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  stern_learn_window_start_tutorial (STERN_LEARN_WINDOW (widget));
}

/* ---- GObject ---- */

static void
stern_learn_window_dispose (GObject *object)
{
  SternLearnWindow *self = STERN_LEARN_WINDOW (object);

  if (self->board != NULL)
    stern_board_view_set_game (self->board, NULL);
  self->board = NULL;
  g_clear_pointer (&self->game, stern_game_free);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (stern_learn_window_parent_class)->dispose (object);
}

static void
stern_learn_window_class_init (SternLearnWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_learn_window_dispose;

  g_type_ensure (STERN_TYPE_BOARD_VIEW);
  stern_compat_dialog_class_set_template (widget_class,
                                          "/io/github/sternhalma/Sternhalma/ui/stern-learn-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, progress_label);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, lesson_list);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, step_label);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, task_label);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, board);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, feedback_label);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, check_button);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, next_button);
  gtk_widget_class_bind_template_child (widget_class, SternLearnWindow, button_box);

  gtk_widget_class_install_action (widget_class, "learn.check", NULL, check_activated);
  gtk_widget_class_install_action (widget_class, "learn.retry", NULL, retry_activated);
  gtk_widget_class_install_action (widget_class, "learn.show-answer", NULL, show_answer_activated);
  gtk_widget_class_install_action (widget_class, "learn.next", NULL, next_activated);
  gtk_widget_class_install_action (widget_class, "learn.back", NULL, back_activated);
  gtk_widget_class_install_action (widget_class, "learn.tutorial", NULL, tutorial_activated);

  stern_compat_dialog_class_init (widget_class);
}

static void
stern_learn_window_init (SternLearnWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  stern_compat_dialog_set_size (GTK_WIDGET (self), 760, 720);
  stern_accessible_name_flow_box (self->button_box, _("Lesson actions"));
  show_text (self->step_label, NULL);
  show_text (self->title_label, NULL);
  show_text (self->task_label, NULL);
  show_text (self->feedback_label, NULL);
  self->settings = learn_settings ();
  /* The lessons name holes: the coordinates as in the game window. */
  g_signal_connect_object (self->settings, "changed::show-coordinates",
                           G_CALLBACK (on_show_coordinates), self, G_CONNECT_SWAPPED);
  on_show_coordinates (self);
  self->tutorial_step = -1;
  g_signal_connect (self->board, "move-chosen", G_CALLBACK (on_move_chosen), self);
  g_signal_connect (self->board, "hole-activated", G_CALLBACK (on_hole_activated), self);
  fill_list (self);
}

GtkWidget *
stern_learn_window_new (void)
{
  return g_object_new (STERN_TYPE_LEARN_WINDOW, NULL);
}

void
stern_learn_window_open_lesson (SternLearnWindow *self,
                                const char       *id)
{
  const SternLesson *lesson;

  g_return_if_fail (STERN_IS_LEARN_WINDOW (self));

  lesson = id != NULL ? stern_lessons_lookup (id) : NULL;
  if (lesson == NULL)
    {
      show_list (self);
      return;
    }
  self->lesson = lesson;
  self->answer_shown = FALSE;
  self->tried_wrong = FALSE;
  load_lesson (self);
}

const char *
stern_learn_window_get_lesson (SternLearnWindow *self)
{
  g_return_val_if_fail (STERN_IS_LEARN_WINDOW (self), NULL);
  return self->lesson != NULL ? stern_lesson_get_id (self->lesson) : NULL;
}

void
stern_learn_window_start_tutorial (SternLearnWindow *self)
{
  g_return_if_fail (STERN_IS_LEARN_WINDOW (self));

  self->tutorial_step = 0;
  self->lesson = stern_lessons_lookup (stern_lessons_tutorial ()[0]);
  self->answer_shown = FALSE;
  self->tried_wrong = FALSE;
  load_lesson (self);
}

gboolean
stern_learn_window_in_tutorial (SternLearnWindow *self)
{
  g_return_val_if_fail (STERN_IS_LEARN_WINDOW (self), FALSE);
  return self->tutorial_step >= 0;
}

const char *
stern_learn_window_get_feedback (SternLearnWindow *self)
{
  g_return_val_if_fail (STERN_IS_LEARN_WINDOW (self), NULL);
  return gtk_label_get_text (self->feedback_label);
}

gboolean
stern_learn_window_get_explained (SternLearnWindow *self)
{
  g_return_val_if_fail (STERN_IS_LEARN_WINDOW (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self->explanation_label));
}

SternBoardView *
stern_learn_window_get_board (SternLearnWindow *self)
{
  g_return_val_if_fail (STERN_IS_LEARN_WINDOW (self), NULL);
  return self->board;
}
