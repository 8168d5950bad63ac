/* stern-players-strip.c: the players in one line above the board.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-players-strip.h"
#include "stern-seat-dot.h"

struct _SternPlayersStrip
{
  GtkWidget   parent_instance;

  GtkWidget  *box;
  GtkWidget  *items[STERN_N_SEATS];
  GtkWidget  *counts[STERN_N_SEATS];
  guint       marked;
  SternMatch *match;
  GSignalGroup *match_signals;
};

G_DEFINE_FINAL_TYPE (SternPlayersStrip, stern_players_strip, GTK_TYPE_WIDGET)

static void
clear_items (SternPlayersStrip *self)
{
  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    {
      if (self->items[seat] != NULL)
        gtk_box_remove (GTK_BOX (self->box), self->items[seat]);
      self->items[seat] = NULL;
      self->counts[seat] = NULL;
    }
  self->marked = STERN_NO_SEAT;
}

/* Five and six players' "10/10" do not fit a phone's 360 px: there the
 * strip shows the count alone (its tooltip and spoken name the whole). */
#define MOST_PLAYERS_WITH_TOTAL 4

static char *
count_text (unsigned in_goal,
            unsigned marbles)
{
  /* Translators: marbles of a player in its goal, e.g. "7/10" */
  return g_strdup_printf (C_("marbles in goal", "%u/%u"), in_goal, marbles);
}

static char *
shown_count_text (const SternVariant *variant,
                  unsigned            in_goal)
{
  if (variant->n_players > MOST_PLAYERS_WITH_TOTAL)
    return g_strdup_printf ("%u", in_goal);
  return count_text (in_goal, variant->marbles);
}

static void
update_items (SternPlayersStrip *self)
{
  SternGame *game;
  const SternVariant *variant;
  unsigned turn;

  if (self->match == NULL || (game = stern_match_get_game (self->match)) == NULL)
    return;

  variant = stern_game_get_variant (game);
  turn = stern_game_get_turn (game);
  self->marked = STERN_NO_SEAT;
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      g_autofree char *count = NULL;
      g_autofree char *shown = NULL;
      g_autofree char *spoken = NULL;

      if (self->items[seat] == NULL)
        continue;
      shown = shown_count_text (variant, stern_game_marbles_in_goal (game, seat));
      count = count_text (stern_game_marbles_in_goal (game, seat), variant->marbles);
      gtk_label_set_label (GTK_LABEL (self->counts[seat]), shown);
      if (seat == turn)
        {
          gtk_widget_add_css_class (self->items[seat], "on-turn");
          self->marked = seat;
          /* Translators: a player in the narrow window's strip, as a
           * screen reader says it: "Red: 7/10, on turn" */
          spoken = g_strdup_printf (_("%s: %s, on turn"), stern_seat_display_name (seat), count);
        }
      else
        {
          gtk_widget_remove_css_class (self->items[seat], "on-turn");
          /* Translators: a player in the narrow window's strip: "Red: 7/10" */
          spoken = g_strdup_printf (_("%s: %s"), stern_seat_display_name (seat), count);
        }
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->items[seat]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
    }
}

static void
build_items (SternPlayersStrip *self)
{
  const SternVariant *variant;
  int widest;

  clear_items (self);
  if (self->match == NULL || stern_match_get_game (self->match) == NULL)
    return;

  variant = stern_match_get_setup (self->match)->variant;
  {
    g_autofree char *full = shown_count_text (variant, variant->marbles);

    widest = g_utf8_strlen (full, -1);
  }
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      GtkWidget *item, *dot;

      item = g_object_new (GTK_TYPE_BOX,
                           "orientation", GTK_ORIENTATION_HORIZONTAL,
                           "spacing", 3,
                           "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP,
                           NULL);
      gtk_widget_add_css_class (item, "strip-player");
      dot = stern_seat_dot_new (seat);
      /* The item's name says it all. */
      gtk_accessible_update_state (GTK_ACCESSIBLE (dot), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      gtk_box_append (GTK_BOX (item), dot);
      self->counts[seat] = gtk_label_new (NULL);
      /* As wide as the widest count from the start ("10/10"): a count
       * that grows never widens the strip, the window or the board. */
      gtk_label_set_width_chars (GTK_LABEL (self->counts[seat]), widest);
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->counts[seat]),
                                   GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      gtk_box_append (GTK_BOX (item), self->counts[seat]);
      gtk_widget_set_tooltip_text (item, stern_seat_display_name (seat));
      gtk_box_append (GTK_BOX (self->box), item);
      self->items[seat] = item;
    }
  update_items (self);
}

void
stern_players_strip_set_match (SternPlayersStrip *self,
                               SternMatch        *match)
{
  g_return_if_fail (STERN_IS_PLAYERS_STRIP (self));
  g_return_if_fail (match == NULL || STERN_IS_MATCH (match));

  if (self->match == match)
    return;
  g_set_object (&self->match, match);
  g_signal_group_set_target (self->match_signals, match);
  build_items (self);
}

const char *
stern_players_strip_get_text (SternPlayersStrip *self,
                              guint              seat)
{
  g_return_val_if_fail (STERN_IS_PLAYERS_STRIP (self), NULL);
  g_return_val_if_fail (seat < STERN_N_SEATS, NULL);

  return self->counts[seat] != NULL ? gtk_label_get_label (GTK_LABEL (self->counts[seat])) : NULL;
}

guint
stern_players_strip_get_marked (SternPlayersStrip *self)
{
  g_return_val_if_fail (STERN_IS_PLAYERS_STRIP (self), STERN_NO_SEAT);
  return self->marked;
}

static void
stern_players_strip_dispose (GObject *object)
{
  SternPlayersStrip *self = STERN_PLAYERS_STRIP (object);

  g_clear_object (&self->match_signals);
  g_clear_object (&self->match);
  if (self->box != NULL)
    {
      gtk_widget_unparent (self->box);
      self->box = NULL;
    }

  G_OBJECT_CLASS (stern_players_strip_parent_class)->dispose (object);
}

static void
stern_players_strip_class_init (SternPlayersStripClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stern_players_strip_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "playersstrip");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
stern_players_strip_init (SternPlayersStrip *self)
{
  self->marked = STERN_NO_SEAT;
  self->match_signals = g_signal_group_new (STERN_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "game-started",
                                  G_CALLBACK (build_items), self);
  g_signal_group_connect_swapped (self->match_signals, "position-changed",
                                  G_CALLBACK (update_items), self);
  g_signal_group_connect_swapped (self->match_signals, "notify::turn",
                                  G_CALLBACK (update_items), self);
  g_signal_group_connect_swapped (self->match_signals, "setup-changed",
                                  G_CALLBACK (update_items), self);
  /* Six players fit a phone's 360 px. */
  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  gtk_widget_set_halign (self->box, GTK_ALIGN_CENTER);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Players"), -1);
}
