/* stern-players-panel.c: the players of a match.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "stern-players-panel.h"
#include "stern-seat-dot.h"
#include "stern-texts.h"

/* Under this much time left a clock is shown in red. */
#define LOW_TIME_MS 10000

typedef struct {
  GtkWidget *row;
  GtkWidget *marker;
  GtkWidget *name;
  GtkWidget *detail;
  GtkWidget *state;
  GtkWidget *clock;
} PlayerRow;

struct _SternPlayersPanel
{
  GtkWidget   parent_instance;

  GtkListBox *list;

  SternMatch *match;
  GSignalGroup *match_signals;  /* follows match */
  GSignalGroup *clock_signals;  /* follows match's clock */
  char       *player_name;
  PlayerRow   rows[STERN_N_SEATS];
  /* Network play: the names the players gave and whether they are
   * connected ("connected", "away"), by seat; NULL: none. */
  char       *online_names[STERN_N_SEATS];
  char       *presence[STERN_N_SEATS];
};

G_DEFINE_FINAL_TYPE (SternPlayersPanel, stern_players_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MATCH,
  PROP_PLAYER_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
clear_rows (SternPlayersPanel *self)
{
  GtkWidget *child;

  /* gtk_list_box_remove_all() needs GTK 4.12. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);

  memset (self->rows, 0, sizeof self->rows);
}

static void
update_names (SternPlayersPanel *self)
{
  const SternGameSetup *setup;

  if (self->match == NULL || stern_match_get_game (self->match) == NULL)
    return;

  setup = stern_match_get_setup (self->match);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (self->rows[seat].name != NULL)
      {
        g_autofree char *name = self->online_names[seat] != NULL
                                ? g_strdup (self->online_names[seat])
                                : stern_game_setup_seat_name (setup, seat, self->player_name);

        if (self->presence[seat] != NULL)
          {
            /* Translators: a player's name and whether they are connected
             * in network play: "Anna · away". */
            g_autofree char *both = g_strdup_printf (C_("player presence", "%s · %s"),
                                                     name, self->presence[seat]);
            g_free (name);
            name = g_steal_pointer (&both);
          }
        gtk_label_set_label (GTK_LABEL (self->rows[seat].name), name);
      }
}

static void
update_clocks (SternPlayersPanel *self)
{
  SternGameClock *clock;
  gboolean enabled;
  unsigned running;

  if (self->match == NULL)
    return;

  clock = stern_match_get_clock (self->match);
  enabled = stern_game_clock_is_enabled (clock);
  running = stern_game_clock_get_running (clock);

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      GtkWidget *label = self->rows[seat].clock;
      g_autofree char *text = NULL;

      if (label == NULL)
        continue;

      gtk_widget_set_visible (label, enabled);
      if (!enabled)
        continue;

      text = stern_game_clock_format (clock, seat);
      if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0)
        gtk_label_set_label (GTK_LABEL (label), text);

      if (seat == running)
        gtk_widget_add_css_class (label, "running");
      else
        gtk_widget_remove_css_class (label, "running");
      if (stern_game_clock_get_remaining_ms (clock, seat) < LOW_TIME_MS)
        gtk_widget_add_css_class (label, "low");
      else
        gtk_widget_remove_css_class (label, "low");
    }
}

static char *
detail_text (SternPlayersPanel *self,
             unsigned           seat)
{
  const SternGameSetup *setup = stern_match_get_setup (self->match);
  SternPlayer *player = stern_match_get_player (self->match, seat);

  /* Network play: a person elsewhere (the computer's seats say so). */
  if (player != NULL && stern_player_get_kind (player) == STERN_PLAYER_KIND_REMOTE &&
      !setup->computer[seat])
    {
      unsigned team = stern_team_number (setup->variant, seat);

      return team != 0 ? g_strdup_printf (_("Online player · Team %u"), team)
                       : g_strdup (_("Online player"));
    }

  return stern_texts_seat_detail (setup, seat, stern_match_is_human (self->match, seat));
}

static void
update_rows (SternPlayersPanel *self)
{
  const SternVariant *variant;
  SternGame *game;
  unsigned turn;

  if (self->match == NULL || (game = stern_match_get_game (self->match)) == NULL)
    return;

  variant = stern_game_get_variant (game);
  turn = stern_game_get_turn (game);

  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      PlayerRow *pr = &self->rows[seat];
      unsigned place = stern_game_get_place (game, seat);
      SternPlayerState player_state = stern_game_get_player_state (game, seat);
      g_autofree char *detail = NULL;
      g_autofree char *state = NULL;
      g_autofree char *why = NULL;

      if (pr->row == NULL)
        continue;

      detail = detail_text (self, seat);
      gtk_label_set_label (GTK_LABEL (pr->detail), detail);
      gtk_widget_set_tooltip_text (pr->detail, detail);

      switch (player_state)
        {
        case STERN_PLAYER_ELIMINATED:
          /* Short here; why is in the tooltip. */
          state = g_strdup (_("Eliminated"));
          why = stern_texts_player_state (game, seat);
          break;
        case STERN_PLAYER_RESIGNED:
          state = stern_texts_player_state (game, seat);
          break;
        case STERN_PLAYER_FINISHED:
        case STERN_PLAYER_PLAYING:
        default:
          if (place >= 1 && place <= STERN_N_SEATS)
            state = g_strdup (stern_place_display_name (place));
          else
            /* Translators: marbles of a player in its goal, e.g. "7/10" */
            state = g_strdup_printf (C_("marbles in goal", "%u/%u"),
                                     stern_game_marbles_in_goal (game, seat),
                                     (unsigned) variant->marbles);
          break;
        }
      gtk_label_set_label (GTK_LABEL (pr->state), state);
      gtk_widget_set_tooltip_text (pr->state,
                                   why != NULL ? why :
                                   place == 0 && player_state == STERN_PLAYER_PLAYING
                                   ? _("Marbles in the goal") : NULL);

      /* The marker keeps its space so the names stay aligned. */
      gtk_widget_set_opacity (pr->marker, seat == turn ? 1.0 : 0.0);
      /* Nor is it read out there. */
      gtk_accessible_update_state (GTK_ACCESSIBLE (pr->marker),
                                   GTK_ACCESSIBLE_STATE_HIDDEN, seat != turn, -1);
      if (seat == turn)
        gtk_widget_add_css_class (pr->row, "on-turn");
      else
        gtk_widget_remove_css_class (pr->row, "on-turn");
    }

  update_clocks (self);
}

static void
build_rows (SternPlayersPanel *self)
{
  const SternVariant *variant;

  clear_rows (self);
  if (self->match == NULL || stern_match_get_game (self->match) == NULL)
    return;

  variant = stern_match_get_setup (self->match)->variant;
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      PlayerRow *pr = &self->rows[seat];
      GtkWidget *box, *labels, *right;

      box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);

      pr->marker = gtk_image_new_from_icon_name ("media-playback-start-symbolic");
      gtk_widget_add_css_class (pr->marker, "turn-marker");
      gtk_accessible_update_property (GTK_ACCESSIBLE (pr->marker),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("On turn"), -1);
      gtk_box_append (GTK_BOX (box), pr->marker);

      {
        GtkWidget *dot = stern_seat_dot_new (seat);

        /* The name beside it says the colour already. */
        gtk_accessible_update_state (GTK_ACCESSIBLE (dot), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
        gtk_box_append (GTK_BOX (box), dot);
      }

      labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_widget_set_hexpand (labels, TRUE);
      pr->name = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (pr->name), 0);
      /* A long player name must not widen the panel either. */
      gtk_label_set_ellipsize (GTK_LABEL (pr->name), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (pr->name, "player-name");
      gtk_box_append (GTK_BOX (labels), pr->name);
      pr->detail = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (pr->detail), 0);
      /* A long detail ("Team 2 · Computer · Medium") must not widen the
       * panel and shrink the board, nor lose the level at its end: it
       * wraps onto a second line, and only a longer one is shortened
       * (the tooltip has it). */
      gtk_label_set_wrap (GTK_LABEL (pr->detail), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (pr->detail), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_lines (GTK_LABEL (pr->detail), 2);
      gtk_label_set_ellipsize (GTK_LABEL (pr->detail), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (pr->detail), 8);
      gtk_widget_add_css_class (pr->detail, "dim-label");
      gtk_widget_add_css_class (pr->detail, "caption");
      gtk_box_append (GTK_BOX (labels), pr->detail);
      gtk_box_append (GTK_BOX (box), labels);

      /* The state, and under it the clock when there is one. */
      right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_widget_set_valign (right, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (box), right);

      pr->state = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (pr->state), 1);
      gtk_widget_add_css_class (pr->state, "player-state");
      gtk_box_append (GTK_BOX (right), pr->state);

      pr->clock = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (pr->clock), 1);
      gtk_widget_set_halign (pr->clock, GTK_ALIGN_END);
      gtk_widget_add_css_class (pr->clock, "player-clock");
      gtk_widget_set_tooltip_text (pr->clock, _("Time left"));
      gtk_widget_set_visible (pr->clock, FALSE);
      gtk_box_append (GTK_BOX (right), pr->clock);

      pr->row = gtk_list_box_row_new ();
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (pr->row), FALSE);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (pr->row), box);
      gtk_list_box_append (self->list, pr->row);
    }

  update_names (self);
  update_rows (self);
}

static void
on_setup_changed (SternPlayersPanel *self)
{
  update_names (self);
  update_rows (self);
}

void
stern_players_panel_set_match (SternPlayersPanel *self,
                               SternMatch        *match)
{
  g_return_if_fail (STERN_IS_PLAYERS_PANEL (self));
  g_return_if_fail (match == NULL || STERN_IS_MATCH (match));

  if (self->match == match)
    return;

  g_set_object (&self->match, match);
  g_signal_group_set_target (self->match_signals, match);
  /* The clock ticks only while one runs. */
  g_signal_group_set_target (self->clock_signals,
                             match != NULL ? stern_match_get_clock (match) : NULL);
  build_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH]);
}

void
stern_players_panel_set_player_name (SternPlayersPanel *self,
                                     const char        *name)
{
  g_return_if_fail (STERN_IS_PLAYERS_PANEL (self));

  if (g_strcmp0 (self->player_name, name) == 0)
    return;
  g_free (self->player_name);
  self->player_name = g_strdup (name);
  update_names (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER_NAME]);
}

static const char *
label_text (GtkWidget *label)
{
  return label != NULL ? gtk_label_get_label (GTK_LABEL (label)) : NULL;
}

void
stern_players_panel_set_seat_online (SternPlayersPanel *self,
                                     guint              seat,
                                     const char        *name,
                                     const char        *presence)
{
  g_return_if_fail (STERN_IS_PLAYERS_PANEL (self));
  g_return_if_fail (seat < STERN_N_SEATS);

  g_free (self->online_names[seat]);
  self->online_names[seat] = g_strdup (name);
  g_free (self->presence[seat]);
  self->presence[seat] = g_strdup (presence);
  update_names (self);
  if (self->match != NULL && stern_match_get_game (self->match) != NULL)
    update_rows (self);
}

const char *
stern_players_panel_get_name_text (SternPlayersPanel *self,
                                   guint              seat)
{
  g_return_val_if_fail (STERN_IS_PLAYERS_PANEL (self), NULL);
  g_return_val_if_fail (seat < STERN_N_SEATS, NULL);

  return label_text (self->rows[seat].name);
}

static void
stern_players_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  SternPlayersPanel *self = STERN_PLAYERS_PANEL (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case PROP_PLAYER_NAME:
      g_value_set_string (value, self->player_name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_players_panel_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  SternPlayersPanel *self = STERN_PLAYERS_PANEL (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      stern_players_panel_set_match (self, g_value_get_object (value));
      break;
    case PROP_PLAYER_NAME:
      stern_players_panel_set_player_name (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stern_players_panel_dispose (GObject *object)
{
  SternPlayersPanel *self = STERN_PLAYERS_PANEL (object);

  stern_players_panel_set_match (self, NULL);
  g_clear_object (&self->match_signals);
  g_clear_object (&self->clock_signals);
  gtk_widget_dispose_template (GTK_WIDGET (self), STERN_TYPE_PLAYERS_PANEL);

  G_OBJECT_CLASS (stern_players_panel_parent_class)->dispose (object);
}

static void
stern_players_panel_finalize (GObject *object)
{
  SternPlayersPanel *self = STERN_PLAYERS_PANEL (object);

  for (guint seat = 0; seat < STERN_N_SEATS; seat++)
    {
      g_free (self->online_names[seat]);
      g_free (self->presence[seat]);
    }
  g_free (self->player_name);

  G_OBJECT_CLASS (stern_players_panel_parent_class)->finalize (object);
}

static void
stern_players_panel_class_init (SternPlayersPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = stern_players_panel_get_property;
  object_class->set_property = stern_players_panel_set_property;
  object_class->dispose = stern_players_panel_dispose;
  object_class->finalize = stern_players_panel_finalize;

  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, STERN_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PLAYER_NAME] =
    g_param_spec_string ("player-name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sternhalma/Sternhalma/ui/stern-players-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, SternPlayersPanel, list);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "playerspanel");
  /* A group around the list, not a "SternPlayersPanel". */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
stern_players_panel_init (SternPlayersPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->match_signals = g_signal_group_new (STERN_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "game-started",
                                  G_CALLBACK (build_rows), self);
  g_signal_group_connect_swapped (self->match_signals, "position-changed",
                                  G_CALLBACK (update_rows), self);
  g_signal_group_connect_swapped (self->match_signals, "notify::turn",
                                  G_CALLBACK (update_rows), self);
  g_signal_group_connect_swapped (self->match_signals, "setup-changed",
                                  G_CALLBACK (on_setup_changed), self);
  self->clock_signals = g_signal_group_new (STERN_TYPE_GAME_CLOCK);
  g_signal_group_connect_swapped (self->clock_signals, "tick",
                                  G_CALLBACK (update_clocks), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Players"), -1);
}
