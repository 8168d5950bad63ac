/* stern-board-view-a11y.c: what the board tells screen readers: a hole
 * described, the moves announced, the accessible description kept
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "stern-board-view-private.h"
#include "stern-board-layout.h"
#include "stern-board.h"
#include "stern-movegen.h"
#include "stern-notation.h"

char *
board_view_describe_hole (SternBoardView *self, guint hole)
{
  char name[STERN_HOLE_NAME_MAX];
  const SternPosition *pos;
  GString *text;

  if (!board_view_on_board (self, hole))
    return g_strdup ("");

  if (self->game != NULL)
    stern_variant_cell_name (stern_game_get_variant (self->game), hole, name);
  else
    stern_board_hole_name (hole, name);
  text = g_string_new (NULL);

  pos = self->game != NULL ? stern_game_get_position (self->game) : NULL;
  if (pos != NULL && pos->cell[hole] != STERN_EMPTY)
    /* Translators: a hole of the board and the colour of the marble in it, "k3, white marble" */
    g_string_append_printf (text, _("%s, %s marble"), name,
                            _(seat_colour_names[pos->cell[hole]]));
  else
    /* Translators: a hole of the board with no marble, "k3, empty" */
    g_string_append_printf (text, _("%s, empty"), name);

  if (hole == self->scene.selected)
    g_string_append_printf (text, ", %s", _("selected"));
  else if (stern_set_has (self->scene.fatal, hole))
    g_string_append_printf (text, ", %s", _("reachable, but this move eliminates you"));
  else if (stern_set_has (self->scene.highlighted, hole))
    g_string_append_printf (text, ", %s", _("reachable"));
  /* What the warning on the marble shows. */
  if (stern_set_has (board_view_marbles_to_warn (self), hole))
    g_string_append_printf (text, ", %s", _("still at home, the deadline to leave is near"));

  return g_string_free (text, FALSE);
}

/* The accessible description always says the latest news: the hole under
 * the cursor, or the move just played. */
static void
set_description (SternBoardView *self, const char *text)
{
  g_free (self->announcement);
  self->announcement = g_strdup (text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
}

void
board_view_update_accessible (SternBoardView *self)
{
  g_autofree char *text = board_view_describe_hole (self, self->scene.cursor);

  set_description (self, text);
}

#if GTK_CHECK_VERSION (4, 14, 0)
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
/* Whether a screen reader could hear an announcement.  Without an
 * accessibility bus (a session bus that cannot start org.a11y.Bus) GTK
 * falls back to its context for tests, whose announce jumps to address 0;
 * with GTK_A11Y=none there is no context at all. */
static gboolean
can_announce (SternBoardView *self)
{
  g_autoptr (GtkATContext) context = gtk_accessible_get_at_context (GTK_ACCESSIBLE (self));
  GType fallback = g_type_from_name ("GtkTestATContext");

  return context != NULL && (fallback == 0 || !G_TYPE_CHECK_INSTANCE_TYPE (context, fallback));
}
G_GNUC_END_IGNORE_DEPRECATIONS
#endif

/* Tells screen readers at once (GTK 4.14 and later); before that, and
 * where no screen reader can listen, the description, which readers
 * watch, is all there is. */
void
board_view_announce (SternBoardView *self, const char *text)
{
  set_description (self, text);
#if GTK_CHECK_VERSION (4, 14, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (can_announce (self))
    gtk_accessible_announce (GTK_ACCESSIBLE (self), text,
                             GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

/* The text announced for a move: "White played j4-j5". */
char *
board_view_describe_move (const SternVariant *variant, const SternAction *action)
{
  g_autofree char *path = stern_notation_format_path_in (variant, action->path, action->path_len);

  /* One message per colour, so that each language can make the verb agree. */
  switch (action->seat)
    {
    /* Translators: announced to screen readers; %s is a move, "j4-j5" */
    case STERN_WHITE:  return g_strdup_printf (_("White played %s"), path);
    case STERN_RED:    return g_strdup_printf (_("Red played %s"), path);
    case STERN_BLUE:   return g_strdup_printf (_("Blue played %s"), path);
    case STERN_BLACK:  return g_strdup_printf (_("Black played %s"), path);
    case STERN_YELLOW: return g_strdup_printf (_("Yellow played %s"), path);
    case STERN_GREEN:  return g_strdup_printf (_("Green played %s"), path);
    default:           g_assert_not_reached ();
    }
  return NULL;
}
