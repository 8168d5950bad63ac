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
  GtkWidget *dot;
  GtkWidget *name;
  GtkWidget *kind;   /* GtkDropDown: Human, Computer */
  GtkWidget *level;  /* GtkDropDown: the levels */
} SeatRow;

struct _SternNewGameDialog
{
  GtkWindow parent_instance;

  GtkDropDown *board_dropdown;
  GtkDropDown *variant_dropdown;
  GtkWidget   *moves_label;
  GtkDropDown *moves_dropdown;
  GtkLabel    *variant_description;
  GtkDropDown *preset_dropdown;
  GtkLabel    *preset_description;
  GtkDropDown *clock_dropdown;
  GtkWidget   *custom_clock_box;
  GtkSpinButton *clock_minutes;
  GtkSpinButton *clock_seconds;
  GtkGrid     *seats_grid;
  GtkWidget   *rated_note;

  SeatRow      seats[STERN_N_SEATS];
  GSettings   *settings;

  /* The variants the board offers, in the variant drop-down's order: on
   * the square boards each in its default movement mode, the moves
   * drop-down choosing the mode. */
  const SternVariant *variants[STERN_N_ALL_VARIANTS];
  guint        n_variants;
  guint        board;            /* the BOARD_* the variant drop-down shows */

  /* The presets the variant allows, in the preset drop-down's order. */
  SternPreset  presets[STERN_N_PRESETS];
  guint        n_presets;
  gboolean     filling;
};

G_DEFINE_FINAL_TYPE (SternNewGameDialog, stern_new_game_dialog, GTK_TYPE_WINDOW)

enum {
  SIGNAL_START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  KIND_HUMAN,
  KIND_COMPUTER,
};

/* The boards of the board drop-down (doc/rules.md §1 and §9). */
enum {
  BOARD_STAR,
  BOARD_HALMA,
  BOARD_UGOLKI,
  N_BOARDS
};

/* The movement modes of the square boards, in the moves drop-down. */
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
  gtk_drop_down_set_model (self->variant_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->variant_dropdown, 0);
  /* A new board starts in its own movement mode. */
  if (board != BOARD_STAR)
    gtk_drop_down_set_selected (self->moves_dropdown, board == BOARD_HALMA ?
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
/* After the presets, the entry that shows the spin buttons. */
#define CLOCK_CUSTOM G_N_ELEMENTS (clock_choices)

static const SternVariant *
selected_variant (SternNewGameDialog *self)
{
  guint i = gtk_drop_down_get_selected (self->variant_dropdown);
  const SternVariant *variant;

  if (i >= self->n_variants)
    return stern_variant_get (0);
  variant = self->variants[i];
  if (stern_variant_is_square (variant))
    variant = variant_with_mode (variant, gtk_drop_down_get_selected (self->moves_dropdown) ==
                                          MOVES_DIAGONAL);
  return variant;
}

static SternPreset
selected_preset (SternNewGameDialog *self)
{
  guint i = gtk_drop_down_get_selected (self->preset_dropdown);

  return i < self->n_presets ? self->presets[i] : STERN_PRESET_TABLE;
}

static void
select_preset (SternNewGameDialog *self,
               SternPreset         preset)
{
  for (guint i = 0; i < self->n_presets; i++)
    if (self->presets[i] == preset)
      gtk_drop_down_set_selected (self->preset_dropdown, i);
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
  gtk_drop_down_set_model (self->preset_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->preset_dropdown, 0);
  select_preset (self, chosen);
  self->filling = FALSE;
}

static void
update_sensitivity (SternNewGameDialog *self)
{
  const SternVariant *variant;
  g_autofree char *rules = NULL;

  fill_variants (self, gtk_drop_down_get_selected (self->board_dropdown));
  variant = selected_variant (self);
  /* The movement mode is a choice on the square boards only. */
  gtk_widget_set_visible (self->moves_label, stern_variant_is_square (variant));
  gtk_widget_set_visible (GTK_WIDGET (self->moves_dropdown), stern_variant_is_square (variant));

  gtk_label_set_label (self->variant_description, stern_variant_description (variant));
  fill_presets (self, variant);
  /* From the engine's rule values, so the text cannot drift from them. */
  rules = stern_texts_rules_summary (variant, selected_preset (self));
  gtk_label_set_label (self->preset_description, rules);

  /* The solo puzzle has no time limit. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->clock_dropdown), !variant->solo);
  gtk_widget_set_visible (self->custom_clock_box,
                          gtk_drop_down_get_selected (self->clock_dropdown) == CLOCK_CUSTOM);
  gtk_widget_set_sensitive (self->custom_clock_box, !variant->solo);

  /* Only the seats of the variant are shown; a level only for the computer. */
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      SeatRow *row = &self->seats[seat];
      gboolean in_play = stern_variant_has_seat (variant, seat);
      gboolean computer = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->kind)) == KIND_COMPUTER;

      gtk_widget_set_visible (row->dot, in_play);
      gtk_widget_set_visible (row->name, in_play);
      gtk_widget_set_visible (row->kind, in_play);
      gtk_widget_set_visible (row->level, in_play && computer);
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
    guint clock = gtk_drop_down_get_selected (self->clock_dropdown);

    if (clock == CLOCK_CUSTOM)
      {
        setup->clock_reserve_s = 60 * (guint) gtk_spin_button_get_value_as_int (self->clock_minutes);
        setup->clock_increment_s = (guint) gtk_spin_button_get_value_as_int (self->clock_seconds);
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
      guint level = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->level));

      setup->computer[seat] = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->kind)) == KIND_COMPUTER;
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
    gtk_drop_down_set_selected (self->board_dropdown, board);
    self->filling = FALSE;
    fill_variants (self, board);
    for (guint i = 0; i < self->n_variants; i++)
      if (variant_with_mode (self->variants[i], setup->variant->diagonals) == setup->variant)
        gtk_drop_down_set_selected (self->variant_dropdown, i);
    if (stern_variant_is_square (setup->variant))
      gtk_drop_down_set_selected (self->moves_dropdown, setup->variant->diagonals ?
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
        gtk_spin_button_set_value (self->clock_minutes, MAX (1, setup->clock_reserve_s / 60));
        gtk_spin_button_set_value (self->clock_seconds, setup->clock_increment_s);
      }
    gtk_drop_down_set_selected (self->clock_dropdown, clock);
  }

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      SeatRow *row = &self->seats[seat];

      gtk_drop_down_set_selected (GTK_DROP_DOWN (row->kind),
                                  setup->computer[seat] ? KIND_COMPUTER : KIND_HUMAN);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (row->level), (guint) setup->level[seat]);
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
  gtk_window_close (GTK_WINDOW (self));
}

static void
start_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  stern_new_game_dialog_start (STERN_NEW_GAME_DIALOG (widget));
}

static void
on_selection_changed (SternNewGameDialog *self)
{
  if (!self->filling)
    update_sensitivity (self);
}

static GtkWidget *
drop_down_new (const char * const *strings)
{
  GtkWidget *dropdown = gtk_drop_down_new_from_strings (strings);

  gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
  return dropdown;
}

static void
build_seat_rows (SternNewGameDialog *self)
{
  const char *kinds[] = { _("Human"), _("Computer"), NULL };
  const char *levels[STERN_N_PLAY_LEVELS + 1];

  for (int i = 0; i < STERN_N_PLAY_LEVELS; i++)
    levels[i] = stern_level_display_name (i);
  levels[STERN_N_PLAY_LEVELS] = NULL;

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      SeatRow *row = &self->seats[seat];
      g_autofree char *kind_label = NULL;
      g_autofree char *level_label = NULL;

      row->dot = stern_seat_dot_new (seat);
      row->name = gtk_label_new (stern_seat_display_name (seat));
      gtk_label_set_xalign (GTK_LABEL (row->name), 0);
      gtk_widget_set_hexpand (row->name, TRUE);
      row->kind = drop_down_new (kinds);
      row->level = drop_down_new (levels);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (row->level), STERN_LEVEL_MEDIUM);

      /* Screen readers name each drop-down after its seat. */
      /* Translators: %s is a colour, the name of a seat */
      kind_label = g_strdup_printf (_("%s is played by"), stern_seat_display_name (seat));
      /* Translators: %s is a colour, the name of a seat */
      level_label = g_strdup_printf (_("Computer level for %s"), stern_seat_display_name (seat));
      /* The button inside too, which takes the focus. */
      stern_accessible_name_drop_down (GTK_DROP_DOWN (row->kind), kind_label);
      stern_accessible_name_drop_down (GTK_DROP_DOWN (row->level), level_label);

      gtk_grid_attach (self->seats_grid, row->dot, 0, (int) seat, 1, 1);
      gtk_grid_attach (self->seats_grid, row->name, 1, (int) seat, 1, 1);
      gtk_grid_attach (self->seats_grid, row->kind, 2, (int) seat, 1, 1);
      gtk_grid_attach (self->seats_grid, row->level, 3, (int) seat, 1, 1);

      g_signal_connect_swapped (row->kind, "notify::selected",
                                G_CALLBACK (on_selection_changed), self);
    }
}

/* Six seats and a clock can be taller than a small screen: the content
 * scrolls, the dialog as tall as the content's natural height.  Scrolled,
 * the content also no longer offers its minimum height, which for wrapped
 * descriptions is measured at their narrowest (one word a line) and is far
 * more than their height at the dialog's width: GTK 4.18 warns when the
 * window is measured for its real height.  Older GTK takes a scrolled
 * window's natural height at that narrowest width too, which would leave
 * the dialog half empty, so the content stays as it is there. */
static void
scroll_content (SternNewGameDialog *self)
{
#if GTK_CHECK_VERSION (4, 18, 0)
  GtkWidget *content = g_object_ref (gtk_window_get_child (GTK_WINDOW (self)));
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_window_set_child (GTK_WINDOW (self), NULL);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), content);
  gtk_window_set_child (GTK_WINDOW (self), scrolled);
  g_object_unref (content);
#endif
}

static void
stern_new_game_dialog_dispose (GObject *object)
{
  SternNewGameDialog *self = STERN_NEW_GAME_DIALOG (object);

  g_clear_object (&self->settings);

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

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sternhalma/Sternhalma/ui/stern-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, board_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, variant_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, moves_label);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, moves_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, variant_description);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, preset_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, preset_description);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, clock_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, custom_clock_box);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, clock_minutes);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, clock_seconds);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, seats_grid);
  gtk_widget_class_bind_template_child (widget_class, SternNewGameDialog, rated_note);

  gtk_widget_class_install_action (widget_class, "dialog.start", NULL, start_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
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
  scroll_content (self);

  self->board = N_BOARDS;
  gtk_drop_down_set_model (self->board_dropdown, G_LIST_MODEL (board_names));
  gtk_drop_down_set_model (self->moves_dropdown, G_LIST_MODEL (move_names));
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
  /* Translators: the last choice of the clock, with spin buttons for the
   * minutes and the seconds per move */
  gtk_string_list_append (clocks, C_("clock", "Custom"));
  gtk_drop_down_set_model (self->clock_dropdown, G_LIST_MODEL (clocks));

  build_seat_rows (self);

  g_signal_connect_swapped (self->board_dropdown, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->variant_dropdown, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->moves_dropdown, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->preset_dropdown, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->clock_dropdown, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);

  update_sensitivity (self);
}

GtkWidget *
stern_new_game_dialog_new (GtkWindow *parent,
                           GSettings *settings)
{
  SternNewGameDialog *self;
  SternGameSetup setup;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (STERN_TYPE_NEW_GAME_DIALOG,
                       "transient-for", parent,
                       NULL);
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      stern_game_setup_load (&setup, settings, NULL);
      stern_new_game_dialog_set_setup (self, &setup);
    }

  return GTK_WIDGET (self);
}
