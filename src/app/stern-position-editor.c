/* stern-position-editor.c: set up a position, play or copy it.
 *
 * The editor keeps a SternPosition; the board shows a game made from it
 * (the board only borrows the game).  Whether it is a position at all is
 * the engine's answer (stern_position_setup_check), shown under the board;
 * Play and Copy Record need one, Copy Position copies what is there.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-position-editor.h"

#include "stern-accessible.h"
#include "stern-game-setup.h"
#include "stern-notation.h"
#include "stern-position-setup.h"
#include "stern-texts.h"

struct _SternPositionEditor
{
  SternDialogBase parent_instance;

  GtkDropDown    *variant_drop;
  GtkDropDown    *colour_drop;
  GtkDropDown    *turn_drop;
  SternBoardView *board;
  GtkLabel       *status_label;
  GtkEntry       *position_entry;
  GtkFlowBox     *choice_box;
  GtkFlowBox     *button_box;

  const SternVariant *variant;
  SternPosition       pos;
  unsigned            colour;    /* the seat a click places, or STERN_NO_SEAT */
  SternGame          *game;      /* on the board */
  char               *problem;   /* why pos cannot be played, or NULL */
  gboolean            updating;  /* the drop-downs are being set from here */
};

G_DEFINE_FINAL_TYPE (SternPositionEditor, stern_position_editor, STERN_TYPE_DIALOG_BASE)

static void
set_status (SternPositionEditor *self,
            const char          *text)
{
  gtk_label_set_text (self->status_label, text);
  /* Cut at four lines on a narrow window: the whole verdict on hover. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->status_label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/* The board, the entry and the verdict after any change of pos. */
static void
refresh (SternPositionEditor *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = stern_notation_format_position (self->variant, &self->pos);
  SternGame *game;

  g_clear_pointer (&self->problem, g_free);
  game = stern_position_setup_new_game (self->variant, &self->pos, &error);
  if (game == NULL)
    {
      self->problem = g_strdup (error->message);
      /* Still shown: the marbles as placed, though no game can start. */
      game = stern_game_new_from_position (self->variant, STERN_PRESET_TABLE, &self->pos, NULL);
    }
  stern_board_view_set_game (self->board, game);
  g_clear_pointer (&self->game, stern_game_free);
  self->game = game;
  stern_board_view_game_changed (self->board, FALSE);

  gtk_editable_set_text (GTK_EDITABLE (self->position_entry), text);
  if (self->problem != NULL)
    set_status (self, self->problem);
  else
    {
      g_autofree char *ok = g_strdup_printf (_("A position: %s to move."),
                                             stern_seat_display_name (self->pos.to_move));
      g_autofree char *warning = stern_texts_cannot_finish (game);

      /* It can be played, but the player should know how it would end. */
      if (warning != NULL)
        {
          g_autofree char *both = g_strdup_printf ("%s %s", ok, warning);

          set_status (self, both);
        }
      else
        set_status (self, ok);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.play", self->problem == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.copy-record", self->problem == NULL);
}

static GListModel *
seat_names (const SternVariant *variant,
            gboolean            with_remove)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (unsigned i = 0; i < variant->n_players; i++)
    gtk_string_list_append (list, stern_seat_display_name (variant->seats[i]));
  if (with_remove)
    gtk_string_list_append (list, _("Remove"));
  return G_LIST_MODEL (list);
}

static guint
seat_index (const SternVariant *variant,
            unsigned            seat)
{
  for (unsigned i = 0; i < variant->n_players; i++)
    if (variant->seats[i] == seat)
      return i;
  return variant->n_players;
}

static void
sync_drops (SternPositionEditor *self)
{
  self->updating = TRUE;
  gtk_drop_down_set_selected (self->colour_drop, seat_index (self->variant, self->colour));
  gtk_drop_down_set_selected (self->turn_drop, seat_index (self->variant, self->pos.to_move));
  self->updating = FALSE;
}

static void
use_variant (SternPositionEditor *self,
             const SternVariant  *variant)
{
  g_autoptr (GListModel) colours = seat_names (variant, TRUE);
  g_autoptr (GListModel) turns = seat_names (variant, FALSE);
  SternRules rules;

  self->variant = variant;
  stern_rules_init (&rules, variant, STERN_PRESET_TABLE);
  stern_position_set_start (&self->pos, &rules);
  if (!stern_variant_has_seat (variant, self->colour))
    self->colour = variant->seats[0];

  self->updating = TRUE;
  for (guint i = 0; i < STERN_N_ALL_VARIANTS; i++)
    if (stern_variant_get (i) == variant)
      gtk_drop_down_set_selected (self->variant_drop, i);
  gtk_drop_down_set_model (self->colour_drop, colours);
  gtk_drop_down_set_model (self->turn_drop, turns);
  self->updating = FALSE;
  sync_drops (self);
  refresh (self);
}

static void
on_variant_selected (GtkDropDown         *drop,
                     GParamSpec          *pspec,
                     SternPositionEditor *self)
{
  guint i = gtk_drop_down_get_selected (drop);

  if (!self->updating && i < STERN_N_ALL_VARIANTS && stern_variant_get (i) != self->variant)
    use_variant (self, stern_variant_get (i));
}

static void
on_colour_selected (GtkDropDown         *drop,
                    GParamSpec          *pspec,
                    SternPositionEditor *self)
{
  guint i = gtk_drop_down_get_selected (drop);

  if (!self->updating)
    self->colour = i < self->variant->n_players ? self->variant->seats[i] : STERN_NO_SEAT;
}

static void
on_turn_selected (GtkDropDown         *drop,
                  GParamSpec          *pspec,
                  SternPositionEditor *self)
{
  guint i = gtk_drop_down_get_selected (drop);

  if (!self->updating && i < self->variant->n_players)
    {
      stern_position_set_to_move (&self->pos, self->variant->seats[i]);
      refresh (self);
    }
}

static void
on_hole_activated (SternBoardView      *board,
                   guint                hole,
                   SternPositionEditor *self)
{
  stern_position_editor_toggle (self, hole);
}

static void
on_entry_activate (GtkEntry            *entry,
                   SternPositionEditor *self)
{
  g_autofree char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry)));

  stern_position_editor_set_text (self, text);
}

/* ---- actions ---- */

static void
start_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SternPositionEditor *self = STERN_POSITION_EDITOR (widget);

  use_variant (self, self->variant);
}

static void
clear_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SternPositionEditor *self = STERN_POSITION_EDITOR (widget);
  unsigned turn = self->pos.to_move;

  stern_position_clear (&self->pos);
  stern_position_set_to_move (&self->pos, turn);
  refresh (self);
}

static void
copy_text (SternPositionEditor *self,
           const char          *text,
           const char          *done)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  set_status (self, done);
}

static void
copy_position_activated (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  SternPositionEditor *self = STERN_POSITION_EDITOR (widget);
  g_autofree char *text = stern_notation_format_position (self->variant, &self->pos);

  copy_text (self, text, _("The position string is on the clipboard."));
}

static void
copy_record_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  SternPositionEditor *self = STERN_POSITION_EDITOR (widget);
  g_autofree char *record = NULL;

  if (self->problem != NULL)
    return;
  record = stern_record_write (self->game, NULL);
  copy_text (self, record, _("A game record starting here is on the clipboard."));
}

/* The game window plays it (app.load-position): the editor has done its
 * part. */
static void
play_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SternPositionEditor *self = STERN_POSITION_EDITOR (widget);
  g_autofree char *text = NULL;

  if (self->problem != NULL)
    return;
  text = stern_notation_format_position (self->variant, &self->pos);
  /* The application's action, reached through the window the editor is
   * (before libadwaita 1.5) or is shown in. */
  if (gtk_widget_activate_action (widget, "app.load-position", "s", text))
    stern_compat_dialog_close (widget);
}

/* ---- GObject ---- */

static void
stern_position_editor_dispose (GObject *object)
{
  SternPositionEditor *self = STERN_POSITION_EDITOR (object);

  if (self->board != NULL)
    stern_board_view_set_game (self->board, NULL);
  self->board = NULL;
  g_clear_pointer (&self->game, stern_game_free);
  g_clear_pointer (&self->problem, g_free);
  G_OBJECT_CLASS (stern_position_editor_parent_class)->dispose (object);
}

static void
stern_position_editor_class_init (SternPositionEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_position_editor_dispose;

  g_type_ensure (STERN_TYPE_BOARD_VIEW);
  stern_compat_dialog_class_set_template (widget_class,
                                          "/io/github/sternhalma/Sternhalma/ui/stern-position-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, SternPositionEditor, variant_drop);
  gtk_widget_class_bind_template_child (widget_class, SternPositionEditor, colour_drop);
  gtk_widget_class_bind_template_child (widget_class, SternPositionEditor, turn_drop);
  gtk_widget_class_bind_template_child (widget_class, SternPositionEditor, board);
  gtk_widget_class_bind_template_child (widget_class, SternPositionEditor, status_label);
  gtk_widget_class_bind_template_child (widget_class, SternPositionEditor, position_entry);
  gtk_widget_class_bind_template_child (widget_class, SternPositionEditor, choice_box);
  gtk_widget_class_bind_template_child (widget_class, SternPositionEditor, button_box);

  gtk_widget_class_install_action (widget_class, "editor.start", NULL, start_activated);
  gtk_widget_class_install_action (widget_class, "editor.clear", NULL, clear_activated);
  gtk_widget_class_install_action (widget_class, "editor.copy-position", NULL, copy_position_activated);
  gtk_widget_class_install_action (widget_class, "editor.copy-record", NULL, copy_record_activated);
  gtk_widget_class_install_action (widget_class, "editor.play", NULL, play_activated);

  stern_compat_dialog_class_init (widget_class);
}

static void
stern_position_editor_init (SternPositionEditor *self)
{
  g_autoptr (GtkStringList) variants = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  stern_compat_dialog_set_size (GTK_WIDGET (self), 720, 760);
  stern_accessible_name_flow_box (self->choice_box, _("Marbles and turn"));
  stern_accessible_name_flow_box (self->button_box, _("Position actions"));
  for (guint i = 0; i < STERN_N_ALL_VARIANTS; i++)
    gtk_string_list_append (variants, stern_variant_display_name (stern_variant_get (i)));
  gtk_drop_down_set_model (self->variant_drop, G_LIST_MODEL (variants));
  stern_board_view_set_editing (self->board, TRUE);
  self->colour = STERN_WHITE;

  g_signal_connect (self->variant_drop, "notify::selected", G_CALLBACK (on_variant_selected), self);
  g_signal_connect (self->colour_drop, "notify::selected", G_CALLBACK (on_colour_selected), self);
  g_signal_connect (self->turn_drop, "notify::selected", G_CALLBACK (on_turn_selected), self);
  g_signal_connect (self->board, "hole-activated", G_CALLBACK (on_hole_activated), self);
  g_signal_connect (self->position_entry, "activate", G_CALLBACK (on_entry_activate), self);
  use_variant (self, stern_variant_get (0));
}

GtkWidget *
stern_position_editor_new (void)
{
  return g_object_new (STERN_TYPE_POSITION_EDITOR, NULL);
}

void
stern_position_editor_set_variant (SternPositionEditor *self,
                                   const SternVariant  *variant)
{
  g_return_if_fail (STERN_IS_POSITION_EDITOR (self));
  g_return_if_fail (variant != NULL);
  use_variant (self, variant);
}

void
stern_position_editor_set_colour (SternPositionEditor *self,
                                  unsigned             seat)
{
  g_return_if_fail (STERN_IS_POSITION_EDITOR (self));
  self->colour = stern_variant_has_seat (self->variant, seat) ? seat : STERN_NO_SEAT;
  sync_drops (self);
}

void
stern_position_editor_set_turn (SternPositionEditor *self,
                                unsigned             seat)
{
  g_return_if_fail (STERN_IS_POSITION_EDITOR (self));
  g_return_if_fail (stern_variant_has_seat (self->variant, seat));
  stern_position_set_to_move (&self->pos, seat);
  sync_drops (self);
  refresh (self);
}

void
stern_position_editor_toggle (SternPositionEditor *self,
                              guint                hole)
{
  g_autoptr (GError) error = NULL;
  SternPosition next;

  g_return_if_fail (STERN_IS_POSITION_EDITOR (self));

  if (hole >= stern_variant_geometry (self->variant)->n_cells)
    return;
  next = self->pos;
  if (next.cell[hole] != STERN_EMPTY)
    {
      unsigned there = next.cell[hole];

      stern_position_remove (&next, hole);
      /* A click on a marble of another colour recolours it. */
      if (self->colour != STERN_NO_SEAT && self->colour != there)
        stern_position_put (&next, self->colour, hole);
    }
  else if (self->colour != STERN_NO_SEAT)
    stern_position_put (&next, self->colour, hole);

  /* What the engine cannot read as a position at all (an eleventh white
   * marble) is refused here, with its reason: the board only ever shows
   * positions.  A position no game can start from yet (a colour without
   * marbles while setting up) is shown, with what is missing. */
  if (!stern_position_setup_check (self->variant, &next, &error) &&
      g_error_matches (error, STERN_ERROR, STERN_ERROR_PARSE))
    {
      set_status (self, error->message);
      return;
    }
  self->pos = next;
  refresh (self);
}

gboolean
stern_position_editor_set_text (SternPositionEditor *self,
                                const char          *text)
{
  g_autoptr (GError) error = NULL;
  const SternVariant *variant = NULL;
  SternPosition pos;

  g_return_val_if_fail (STERN_IS_POSITION_EDITOR (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!stern_notation_parse_position (text, &variant, &pos, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Not a position: %s"), error->message);

      g_free (self->problem);
      self->problem = g_strdup (message);
      set_status (self, message);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.play", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.copy-record", FALSE);
      return FALSE;
    }
  use_variant (self, variant);
  self->pos = pos;
  sync_drops (self);
  refresh (self);
  return TRUE;
}

char *
stern_position_editor_get_text (SternPositionEditor *self)
{
  g_return_val_if_fail (STERN_IS_POSITION_EDITOR (self), NULL);
  return stern_notation_format_position (self->variant, &self->pos);
}

const char *
stern_position_editor_get_problem (SternPositionEditor *self)
{
  g_return_val_if_fail (STERN_IS_POSITION_EDITOR (self), NULL);
  return self->problem;
}

const char *
stern_position_editor_get_status (SternPositionEditor *self)
{
  g_return_val_if_fail (STERN_IS_POSITION_EDITOR (self), NULL);
  return gtk_label_get_text (self->status_label);
}

SternBoardView *
stern_position_editor_get_board (SternPositionEditor *self)
{
  g_return_val_if_fail (STERN_IS_POSITION_EDITOR (self), NULL);
  return self->board;
}
