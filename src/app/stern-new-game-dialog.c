/* stern-new-game-dialog.c: choose board, variant, rules and players.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "stern-computer.h"
#include "stern-new-game-dialog.h"
#include "stern-ratings.h"

#include "stern-accessible.h"
#include "stern-seat-dot.h"
#include "stern-texts.h"

typedef struct {
  GtkWidget *row;    /* AdwActionRow: the seat's dot and name */
  GtkWidget *kind;   /* Human or Computer: an AdwToggleGroup from libadwaita
                      * 1.7 on, a GtkDropDown before */
  GtkWidget *level;  /* AdwComboRow: the levels */
} SeatRow;

struct _SternNewGameDialog
{
  SternDialogBase parent_instance;

  AdwComboRow *board_row;
  AdwComboRow *variant_row;
  GtkLabel    *variant_description;
  AdwComboRow *moves_row;
  AdwComboRow *preset_row;
  GtkLabel    *preset_description;
  AdwComboRow *clock_row;
  AdwPreferencesGroup *clock_group;
  AdwPreferencesGroup *seats_group;
  GtkWidget   *scrolled;
  GtkWidget   *start_button;
  GtkWidget   *rated_note;
  /* The clock of the player's own: minutes, seconds per move. */
  GtkWidget   *minutes_row;
  GtkWidget   *seconds_row;
  GtkAdjustment *clock_minutes;
  GtkAdjustment *clock_seconds;

  SeatRow      seats[STERN_N_SEATS];
  GSettings   *settings;

  /* The variants the board offers, in the variant row's order: on the
   * square boards each in its default movement mode, the moves row
   * choosing the mode. */
  const SternVariant *variants[STERN_N_ALL_VARIANTS];
  guint        n_variants;
  guint        board;            /* the BOARD_* the variant row shows */

  /* The presets the variant allows, in the rules row's order. */
  SternPreset  presets[STERN_N_PRESETS];
  guint        n_presets;
  gboolean     filling;
};

G_DEFINE_FINAL_TYPE (SternNewGameDialog, stern_new_game_dialog, STERN_TYPE_DIALOG_BASE)

enum {
  SIGNAL_START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  KIND_HUMAN,
  KIND_COMPUTER,
};

/* The boards of the board row (doc/rules.md §1 and §9). */
enum {
  BOARD_STAR,
  BOARD_HALMA,
  BOARD_UGOLKI,
  N_BOARDS
};

/* The movement modes of the square boards, in the moves row. */
enum {
  MOVES_DIAGONAL,
  MOVES_ORTHOGONAL,
};

static guint
board_of_variant (const SternVariant *variant)
{
  if (!stern_variant_is_square (variant))
    return BOARD_STAR;
  if (variant->camp == STERN_CAMP_TRIANGLE_4 || variant->camp == STERN_CAMP_TRIANGLE_5)
    return BOARD_HALMA;
  return BOARD_UGOLKI;
}

/* Halma is played with diagonals and Ugolki without unless chosen
 * otherwise (doc/rules.md §9): the default forms are the ones offered. */
static gboolean
is_default_mode (const SternVariant *variant)
{
  return variant->diagonals == (board_of_variant (variant) == BOARD_HALMA);
}

/* The same game as variant in the other movement mode, or variant. */
static const SternVariant *
variant_with_mode (const SternVariant *variant, gboolean diagonals)
{
  if (!stern_variant_is_square (variant) || variant->diagonals == diagonals)
    return variant;
  for (guint i = 0; i < STERN_N_ALL_VARIANTS; i++)
    {
      const SternVariant *v = stern_variant_get (i);

      if (stern_variant_is_square (v) && v->board_size == variant->board_size &&
          v->camp == variant->camp && v->n_players == variant->n_players &&
          v->diagonals == diagonals)
        return v;
    }
  return variant;
}

/* Offers the variants of a board, keeping the choice's place if it is the
 * same board. */
static void
fill_variants (SternNewGameDialog *self,
               guint               board)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);

  if (board == self->board && self->n_variants > 0)
    return;
  self->board = board;
  self->n_variants = 0;
  for (guint i = 0; i < STERN_N_ALL_VARIANTS; i++)
    {
      const SternVariant *v = stern_variant_get (i);

      if (board_of_variant (v) != board || !is_default_mode (v))
        continue;
      self->variants[self->n_variants++] = v;
      gtk_string_list_append (names, stern_variant_display_name (v));
    }
  self->filling = TRUE;
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->variant_row, 0);
  /* A new board starts in its own movement mode. */
  if (board != BOARD_STAR)
    adw_combo_row_set_selected (self->moves_row, board == BOARD_HALMA ?
                                                 MOVES_DIAGONAL : MOVES_ORTHOGONAL);
  self->filling = FALSE;
}

/* The clock choices: minutes for the game, seconds added after each move. */
static const struct {
  guint reserve_s;
  guint increment_s;
} clock_choices[] = {
  { 0, 0 },
  { 5 * 60, 3 },
  { 10 * 60, 5 },
  { 30 * 60, 10 },
};
/* After the presets, the entry that shows the rows of minutes and seconds. */
#define CLOCK_CUSTOM G_N_ELEMENTS (clock_choices)

static const SternVariant *
selected_variant (SternNewGameDialog *self)
{
  guint i = adw_combo_row_get_selected (self->variant_row);
  const SternVariant *variant;

  if (i >= self->n_variants)
    return stern_variant_get (0);
  variant = self->variants[i];
  if (stern_variant_is_square (variant))
    variant = variant_with_mode (variant, adw_combo_row_get_selected (self->moves_row) ==
                                          MOVES_DIAGONAL);
  return variant;
}

static SternPreset
selected_preset (SternNewGameDialog *self)
{
  guint i = adw_combo_row_get_selected (self->preset_row);

  return i < self->n_presets ? self->presets[i] : STERN_PRESET_TABLE;
}

static void
select_preset (SternNewGameDialog *self,
               SternPreset         preset)
{
  for (guint i = 0; i < self->n_presets; i++)
    if (self->presets[i] == preset)
      adw_combo_row_set_selected (self->preset_row, i);
}

/* Offers only the presets the variant allows (race only for two players),
 * keeping the choice where it is still allowed. */
static void
fill_presets (SternNewGameDialog *self,
              const SternVariant *variant)
{
  SternPreset presets[STERN_N_PRESETS];
  SternPreset chosen = selected_preset (self);
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  guint n = 0;

  for (guint i = 0; i < STERN_N_PRESETS; i++)
    if (stern_preset_allows_variant (i, variant))
      presets[n++] = i;
  if (n == self->n_presets && memcmp (presets, self->presets, n * sizeof *presets) == 0)
    return;

  memcpy (self->presets, presets, n * sizeof *presets);
  self->n_presets = n;
  for (guint i = 0; i < n; i++)
    gtk_string_list_append (names, stern_preset_display_name (presets[i]));
  self->filling = TRUE;
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->preset_row, 0);
  select_preset (self, chosen);
  self->filling = FALSE;
}

/* The newer widgets, behind their version checks: the build is pinned to
 * libadwaita 1.2 (src/app/meson.build). */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS

/* Whether the computer plays the seat. */
static gboolean
seat_is_computer (const SeatRow *row)
{
#if ADW_CHECK_VERSION (1, 7, 0)
  return adw_toggle_group_get_active (ADW_TOGGLE_GROUP (row->kind)) == KIND_COMPUTER;
#else
  return gtk_drop_down_get_selected (GTK_DROP_DOWN (row->kind)) == KIND_COMPUTER;
#endif
}

static void
seat_set_computer (SeatRow  *row,
                   gboolean  computer)
{
  guint kind = computer ? KIND_COMPUTER : KIND_HUMAN;

#if ADW_CHECK_VERSION (1, 7, 0)
  adw_toggle_group_set_active (ADW_TOGGLE_GROUP (row->kind), kind);
#else
  gtk_drop_down_set_selected (GTK_DROP_DOWN (row->kind), kind);
#endif
}

G_GNUC_END_IGNORE_DEPRECATIONS

static void
update_sensitivity (SternNewGameDialog *self)
{
  const SternVariant *variant;
  g_autofree char *rules = NULL;

  fill_variants (self, adw_combo_row_get_selected (self->board_row));
  variant = selected_variant (self);
  /* The movement mode is a choice on the square boards only. */
  gtk_widget_set_visible (GTK_WIDGET (self->moves_row), stern_variant_is_square (variant));

  gtk_label_set_label (self->variant_description, stern_variant_description (variant));
  fill_presets (self, variant);
  /* From the engine's rule values, so the text cannot drift from them. */
  rules = stern_texts_rules_summary (variant, selected_preset (self));
  gtk_label_set_label (self->preset_description, rules);

  /* The solo puzzle has no time limit. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->clock_group), !variant->solo);
  {
    gboolean custom = adw_combo_row_get_selected (self->clock_row) == CLOCK_CUSTOM;

    gtk_widget_set_visible (self->minutes_row, custom);
    gtk_widget_set_visible (self->seconds_row, custom);
  }

  /* Only the seats of the variant are shown; a level only for the computer. */
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      SeatRow *row = &self->seats[seat];
      gboolean in_play = stern_variant_has_seat (variant, seat);

      gtk_widget_set_visible (row->row, in_play);
      gtk_widget_set_visible (row->level, in_play && seat_is_computer (row));
    }

  {
    SternGameSetup setup;

    stern_new_game_dialog_get_setup (self, &setup);
    gtk_widget_set_visible (self->rated_note, stern_ratings_setup_is_rated (&setup));
  }
}

void
stern_new_game_dialog_get_setup (SternNewGameDialog *self,
                                 SternGameSetup     *setup)
{
  g_return_if_fail (STERN_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (setup != NULL);

  setup->variant = selected_variant (self);
  /* A new game's players are unnamed. */
  memset (setup->names, 0, sizeof setup->names);
  setup->unrated = FALSE;
  setup->preset = selected_preset (self);
  {
    guint clock = adw_combo_row_get_selected (self->clock_row);

    if (clock == CLOCK_CUSTOM)
      {
        setup->clock_reserve_s = 60 * (guint) gtk_adjustment_get_value (self->clock_minutes);
        setup->clock_increment_s = (guint) gtk_adjustment_get_value (self->clock_seconds);
      }
    else
      {
        if (clock >= G_N_ELEMENTS (clock_choices))
          clock = 0;
        setup->clock_reserve_s = clock_choices[clock].reserve_s;
        setup->clock_increment_s = clock_choices[clock].increment_s;
      }
  }

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      SeatRow *row = &self->seats[seat];
      guint level = adw_combo_row_get_selected (ADW_COMBO_ROW (row->level));

      setup->computer[seat] = seat_is_computer (row);
      setup->level[seat] = level < STERN_N_PLAY_LEVELS ? (SternLevel) level : STERN_LEVEL_MEDIUM;
    }
}

void
stern_new_game_dialog_set_setup (SternNewGameDialog   *self,
                                 const SternGameSetup *setup)
{
  g_return_if_fail (STERN_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (setup != NULL && setup->variant != NULL);

  {
    guint board = board_of_variant (setup->variant);

    self->filling = TRUE;
    adw_combo_row_set_selected (self->board_row, board);
    self->filling = FALSE;
    fill_variants (self, board);
    for (guint i = 0; i < self->n_variants; i++)
      if (variant_with_mode (self->variants[i], setup->variant->diagonals) == setup->variant)
        adw_combo_row_set_selected (self->variant_row, i);
    if (stern_variant_is_square (setup->variant))
      adw_combo_row_set_selected (self->moves_row, setup->variant->diagonals ?
                                                   MOVES_DIAGONAL : MOVES_ORTHOGONAL);
  }
  select_preset (self, setup->preset);
  {
    /* A clock that is none of the presets is a custom one. */
    guint clock = setup->clock_reserve_s > 0 ? CLOCK_CUSTOM : 0;

    for (guint i = 0; i < G_N_ELEMENTS (clock_choices); i++)
      if (clock_choices[i].reserve_s == setup->clock_reserve_s &&
          clock_choices[i].increment_s == setup->clock_increment_s)
        clock = i;
    if (clock == CLOCK_CUSTOM)
      {
        gtk_adjustment_set_value (self->clock_minutes, MAX (1, setup->clock_reserve_s / 60));
        gtk_adjustment_set_value (self->clock_seconds, setup->clock_increment_s);
      }
    adw_combo_row_set_selected (self->clock_row, clock);
  }

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      SeatRow *row = &self->seats[seat];

      seat_set_computer (row, setup->computer[seat]);
      adw_combo_row_set_selected (ADW_COMBO_ROW (row->level), (guint) setup->level[seat]);
    }

  update_sensitivity (self);
}

void
stern_new_game_dialog_start (SternNewGameDialog *self)
{
  SternGameSetup setup;

  g_return_if_fail (STERN_IS_NEW_GAME_DIALOG (self));

  stern_new_game_dialog_get_setup (self, &setup);
  if (self->settings != NULL)
    stern_game_setup_save (&setup, self->settings);

  g_signal_emit (self, signals[SIGNAL_START], 0, &setup);
  stern_compat_dialog_close (GTK_WIDGET (self));
}

static void
start_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  stern_new_game_dialog_start (STERN_NEW_GAME_DIALOG (widget));
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  stern_compat_dialog_close (widget);
}

static void
on_selection_changed (SternNewGameDialog *self)
{
  if (!self->filling)
    update_sensitivity (self);
}


static GtkWidget *
combo_row_new (const char *title,
               GListModel *model)
{
  GtkWidget *row = adw_combo_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), model);
  return row;
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

/* Human or Computer, named for screen readers after the seat. */
static GtkWidget *
kind_new (const char *name)
{
#if ADW_CHECK_VERSION (1, 7, 0)
  GtkWidget *group = adw_toggle_group_new ();
  const char *labels[] = { [KIND_HUMAN] = _("Human"), [KIND_COMPUTER] = _("Computer") };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      AdwToggle *toggle = adw_toggle_new ();

      adw_toggle_set_label (toggle, labels[i]);
      adw_toggle_group_add (ADW_TOGGLE_GROUP (group), toggle);
    }
  gtk_widget_set_valign (group, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (group), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return group;
#else
  const char *kinds[] = { [KIND_HUMAN] = _("Human"), [KIND_COMPUTER] = _("Computer"), NULL };
  GtkWidget *drop = gtk_drop_down_new_from_strings (kinds);

  gtk_widget_set_valign (drop, GTK_ALIGN_CENTER);
  /* The button inside too, which takes the focus. */
  stern_accessible_name_drop_down (GTK_DROP_DOWN (drop), name);
  return drop;
#endif
}

G_GNUC_END_IGNORE_DEPRECATIONS

static void
build_seat_rows (SternNewGameDialog *self)
{
  g_autoptr (GtkStringList) levels = gtk_string_list_new (NULL);

  for (int i = 0; i < STERN_N_PLAY_LEVELS; i++)
    gtk_string_list_append (levels, stern_level_display_name (i));

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      SeatRow *row = &self->seats[seat];
      g_autofree char *kind_label = NULL;
      g_autofree char *level_label = NULL;

      /* Screen readers name each choice after its seat. */
      /* Translators: %s is a colour, the name of a seat */
      kind_label = g_strdup_printf (_("%s is played by"), stern_seat_display_name (seat));
      /* Translators: %s is a colour, the name of a seat */
      level_label = g_strdup_printf (_("Computer level for %s"), stern_seat_display_name (seat));

      row->row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row), stern_seat_display_name (seat));
      adw_action_row_add_prefix (ADW_ACTION_ROW (row->row), stern_seat_dot_new (seat));
      row->kind = kind_new (kind_label);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row->row), row->kind);
      /* Under the seat, shown while the computer plays it. */
      row->level = combo_row_new (level_label, G_LIST_MODEL (levels));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row->level), STERN_LEVEL_MEDIUM);
      adw_preferences_group_add (self->seats_group, row->row);
      adw_preferences_group_add (self->seats_group, row->level);

#if ADW_CHECK_VERSION (1, 7, 0)
      g_signal_connect_swapped (row->kind, "notify::active",
                                G_CALLBACK (on_selection_changed), self);
#else
      g_signal_connect_swapped (row->kind, "notify::selected",
                                G_CALLBACK (on_selection_changed), self);
#endif
    }
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

/* A row of the clock of the player's own, named for screen readers by its
 * title: a spin row from libadwaita 1.4 on. */
static GtkWidget *
clock_spin_row_new (const char    *title,
                    GtkAdjustment *adjustment)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  GtkWidget *row = adw_spin_row_new (adjustment, 1, 0);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_spin_row_set_numeric (ADW_SPIN_ROW (row), TRUE);
#else
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new (adjustment, 1, 0);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
#endif
  return row;
}

G_GNUC_END_IGNORE_DEPRECATIONS

static void
stern_new_game_dialog_dispose (GObject *object)
{
  SternNewGameDialog *self = STERN_NEW_GAME_DIALOG (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->clock_minutes);
  g_clear_object (&self->clock_seconds);

  gtk_widget_dispose_template (GTK_WIDGET (self), STERN_TYPE_NEW_GAME_DIALOG);

  G_OBJECT_CLASS (stern_new_game_dialog_parent_class)->dispose (object);
}

static void
stern_new_game_dialog_class_init (SternNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_new_game_dialog_dispose;

  /**
   * SternNewGameDialog::start:
   * @setup: the chosen setup
   */
  signals[SIGNAL_START] =
    g_signal_new ("start",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, STERN_TYPE_GAME_SETUP | G_SIGNAL_TYPE_STATIC_SCOPE);

  stern_compat_dialog_class_set_template (widget_class,
                                          "/io/github/sternhalma/Sternhalma/ui/stern-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, board_row);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, variant_row);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, moves_row);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, preset_row);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, variant_description);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, preset_description);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, clock_row);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, clock_group);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, seats_group);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, scrolled);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, rated_note);

  gtk_widget_class_install_action (widget_class, "new-game.start", NULL, start_activated);
  gtk_widget_class_install_action (widget_class, "new-game.cancel", NULL, cancel_activated);
  stern_compat_dialog_class_init (widget_class);
}

static void
stern_new_game_dialog_init (SternNewGameDialog *self)
{
  g_autoptr (GtkStringList) clocks = gtk_string_list_new (NULL);
  /* Translators: the boards of the New Game dialog: Chinese Checkers'
   * star, and the square boards of Halma and of Ugolki ("уголки") */
  const char *boards[N_BOARDS + 1] = { C_("board", "Star"), C_("board", "Halma"),
                                       C_("board", "Ugolki"), NULL };
  const char *moves[] = { _("With Diagonals"), _("Without Diagonals"), NULL };
  g_autoptr (GtkStringList) board_names = gtk_string_list_new (boards);
  g_autoptr (GtkStringList) move_names = gtk_string_list_new (moves);

  gtk_widget_init_template (GTK_WIDGET (self));
#if !GTK_CHECK_VERSION (4, 18, 0)
  /* Older GTK takes a scrolled window's natural height at its narrowest
   * width (wrapped texts one word a line), which would leave the dialog
   * half empty: the content is shown whole there. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_NEVER);
#endif
  stern_compat_dialog_set_default (GTK_WIDGET (self), self->start_button);

  self->board = N_BOARDS;
  adw_combo_row_set_model (self->board_row, G_LIST_MODEL (board_names));
  adw_combo_row_set_model (self->moves_row, G_LIST_MODEL (move_names));
  fill_variants (self, BOARD_STAR);
  for (guint i = 0; i < G_N_ELEMENTS (clock_choices); i++)
    {
      g_autofree char *label = NULL;

      if (clock_choices[i].reserve_s == 0)
        label = g_strdup (C_("clock", "Off"));
      else
        /* Translators: a time control, "5 min + 3 s": minutes for the
         * whole game, seconds added after each move */
        label = g_strdup_printf (_("%u min + %u s"), clock_choices[i].reserve_s / 60,
                                 clock_choices[i].increment_s);
      gtk_string_list_append (clocks, label);
    }
  /* Translators: the last choice of the clock, with rows for the minutes
   * and the seconds per move */
  gtk_string_list_append (clocks, C_("clock", "Custom"));
  adw_combo_row_set_model (self->clock_row, G_LIST_MODEL (clocks));

  self->clock_minutes = g_object_ref_sink (gtk_adjustment_new (15, 1, 180, 1, 5, 0));
  self->clock_seconds = g_object_ref_sink (gtk_adjustment_new (10, 0, 120, 1, 5, 0));
  self->minutes_row = clock_spin_row_new (_("Minutes for the whole game"), self->clock_minutes);
  self->seconds_row = clock_spin_row_new (_("Seconds added after each move"), self->clock_seconds);
  adw_preferences_group_add (self->clock_group, self->minutes_row);
  adw_preferences_group_add (self->clock_group, self->seconds_row);

  build_seat_rows (self);

  g_signal_connect_swapped (self->board_row, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->variant_row, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->moves_row, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->preset_row, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->clock_row, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);

  update_sensitivity (self);
}

GtkWidget *
stern_new_game_dialog_new (GtkWindow *parent,
                           GSettings *settings)
{
  SternNewGameDialog *self;
  SternGameSetup setup;
  int width = 440;
  int height = -1;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (STERN_TYPE_NEW_GAME_DIALOG, NULL);
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      stern_game_setup_load (&setup, settings, NULL);
      stern_new_game_dialog_set_setup (self, &setup);
    }
#if !ADW_CHECK_VERSION (1, 5, 0)
  /* A window of its own: over a narrower one (a phone's) as wide and as
   * tall as that, its content scrolling, as a sheet would be. */
  if (parent != NULL && gtk_widget_get_width (GTK_WIDGET (parent)) > 0 &&
      gtk_widget_get_width (GTK_WIDGET (parent)) < width)
    {
      width = gtk_widget_get_width (GTK_WIDGET (parent));
      height = gtk_widget_get_height (GTK_WIDGET (parent));
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled),
                                      GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    }
#endif
  stern_compat_dialog_set_size (GTK_WIDGET (self), width, height);

  return GTK_WIDGET (self);
}
