/* stern-texts.c: sentences about a game for the window, tested headless.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Seat names are colours ("Белите", plural in Bulgarian and Russian) or a
 * person's name ("Ана", singular), so no sentence here puts a verb after a
 * name: the name stands after a colon or a preposition.
 */
#include <glib/gi18n-lib.h>

#include "stern-texts.h"

/* "j4", "j4, m1": the holes of a set. */
static char *
holes_text (SternSet set)
{
  GString *text = g_string_new (NULL);

  while (set)
    {
      char name[STERN_HOLE_NAME_MAX];

      stern_board_hole_name (stern_set_pop (&set), name);
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, name);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
stern_texts_fatal_move (const SternGame *game,
                        unsigned         from,
                        unsigned         to)
{
  const SternRules *rules;
  SternSet at_home = 0;
  g_autofree char *holes = NULL;
  unsigned n;

  g_return_val_if_fail (game != NULL, NULL);

  rules = stern_game_get_rules (game);
  switch (stern_game_fatal_reason (game, from, to, &at_home))
    {
    case STERN_FATAL_LEFT_AT_HOME:
      holes = holes_text (at_home);
      n = stern_set_count (at_home);
      /* Translators: the first %u is the deadline (30), %s one hole or
       * several ("j4" or "j4, m1") */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "This is move %u, the last one for leaving home, "
                                           "and after it the marble on %s would still be at "
                                           "home: that eliminates you. Play this move anyway?",
                                           "This is move %u, the last one for leaving home, "
                                           "and after it the marbles on %s would still be at "
                                           "home: that eliminates you. Play this move anyway?",
                                           n),
                              rules->leave_home_deadline, holes);
    case STERN_FATAL_ENDS_AT_HOME:
      holes = holes_text (at_home);
      /* Translators: %u is the deadline (30), %s a hole ("j4") */
      return g_strdup_printf (_("Home had to be left by move %u, and this move would end on "
                                "%s, in your home: that eliminates you. Play this move anyway?"),
                              rules->leave_home_deadline, holes);
    case STERN_FATAL_NONE:
    default:
      return NULL;
    }
}

char *
stern_texts_resign_question (const SternGame     *game,
                             const SternGameSetup *setup,
                             unsigned             seat,
                             const char          *player_name)
{
  const SternVariant *variant;
  g_autofree char *name = NULL;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (setup != NULL, NULL);

  variant = stern_game_get_variant (game);
  name = stern_game_setup_seat_name (setup, seat, player_name);
  if (variant->teams)
    {
      g_autofree char *partner = stern_game_setup_seat_name (setup, stern_seat_opposite (seat),
                                                             player_name);
      g_autofree char *team = NULL;

      /* Translators: the team of two seats, "White and Black" */
      team = g_strdup_printf (_("%s and %s"), name, partner);
      g_free (name);
      name = g_steal_pointer (&team);

      if (stern_rules_takeover_level (stern_game_get_rules (game)) >= 0)
        /* Translators: %s is a team, "White and Black" */
        return g_strdup_printf (_("The last place goes to the team of %s, and the computer "
                                  "plays on with their marbles (club rules)."), name);
      /* Translators: %s is a team, "White and Black" */
      return g_strdup_printf (_("The game ends for everyone: the last place goes to the team "
                                "of %s, and the other teams are ranked by their marbles in "
                                "the goal."), name);
    }

  if (stern_rules_takeover_level (stern_game_get_rules (game)) >= 0)
    /* Translators: %s is a colour or the player's name */
    return g_strdup_printf (_("The last place goes to %s, and the computer plays on with "
                              "the marbles (club rules)."), name);
  if (variant->n_players == 2)
    /* Translators: %s is a colour or the player's name */
    return g_strdup_printf (_("The game is lost for %s."), name);
  /* Translators: %s is a colour or the player's name */
  return g_strdup_printf (_("The game ends for everyone: the last place goes to %s, finished "
                            "players keep theirs and the others are ranked by their "
                            "marbles in the goal."), name);
}

/* The seat whose own action put seat out (itself, or its partner), and for
 * an elimination why and at which of its moves; STERN_NO_SEAT if none is
 * found in the history. */
static unsigned
find_cause (const SternGame *game,
            unsigned         seat,
            SternFatalReason *reason,
            unsigned         *move_number)
{
  g_autoptr (SternGame) replay = stern_game_copy (game);
  guint n = stern_game_get_n_actions (game);
  SternPlayerState state = stern_game_get_player_state (game, seat);
  unsigned cause = STERN_NO_SEAT;

  *reason = STERN_FATAL_NONE;
  *move_number = 0;
  stern_game_seek (replay, 0);
  for (guint i = 0; i < n; i++)
    {
      const SternAction *action = stern_game_get_action (game, i);
      SternFatalReason why = STERN_FATAL_NONE;
      unsigned made = stern_game_get_moves_made (replay, action->seat);

      if (action->kind == STERN_ACTION_MOVE && action->path_len >= 2)
        why = stern_game_fatal_reason (replay, action->path[0],
                                       action->path[action->path_len - 1], NULL);
      stern_game_seek (replay, i + 1);
      if (stern_game_get_player_state (replay, seat) == state)
        {
          cause = action->seat;
          *reason = why;
          *move_number = made + 1;
          break;
        }
    }
  return cause;
}

char *
stern_texts_player_state (const SternGame *game,
                          unsigned         seat)
{
  SternPlayerState state;
  SternFatalReason reason;
  unsigned move_number;
  unsigned cause;

  g_return_val_if_fail (game != NULL, NULL);

  state = stern_game_get_player_state (game, seat);
  if (state != STERN_PLAYER_ELIMINATED && state != STERN_PLAYER_RESIGNED)
    return NULL;

  cause = find_cause (game, seat, &reason, &move_number);
  if (state == STERN_PLAYER_RESIGNED)
    {
      if (cause != STERN_NO_SEAT && cause != seat)
        return g_strdup (_("Partner resigned"));
      return g_strdup (_("Resigned"));
    }

  if (cause != STERN_NO_SEAT && cause != seat)
    return g_strdup (_("Eliminated with the partner"));
  if (reason == STERN_FATAL_LEFT_AT_HOME)
    /* Translators: %u is the deadline, 30 or 40 */
    return g_strdup_printf (_("Eliminated: still had a marble at home after move %u"),
                            stern_game_get_rules (game)->leave_home_deadline);
  if (reason == STERN_FATAL_ENDS_AT_HOME)
    /* Translators: %u is the player's move, 31 or later */
    return g_strdup_printf (_("Eliminated: ended move %u at home after the deadline"),
                            move_number);
  return g_strdup (_("Eliminated"));
}

char *
stern_texts_exercise_verdict (SternExerciseVerdict verdict, double loss)
{
  switch (verdict)
    {
    case STERN_EXERCISE_ILLEGAL:
      return g_strdup (_("The rules do not allow that move."));
    case STERN_EXERCISE_PLAYED:
      return g_strdup (_("That is the move you played. Find a better one."));
    case STERN_EXERCISE_NOT_ENOUGH:
      /* Translators: "… it loses 2.5 moves against the best move. Try again." */
      return g_strdup_printf (_("Not good enough: it loses %.1f moves against the best move. "
                                "Try again."), loss);
    case STERN_EXERCISE_RIGHT:
    default:
      if (loss <= 0.0)
        return g_strdup (_("Right: as good as the best move."));
      /* Translators: "Right: it loses only 0.4 moves against the best move." */
      return g_strdup_printf (_("Right: it loses only %.1f moves against the best move."), loss);
    }
}

char *
stern_texts_review_why (SternReviewWhy why, unsigned figure)
{
  switch (why)
    {
    case STERN_REVIEW_WHY_LEAVING_HOME:
      return g_strdup (_("walked into the leaving-home rule"));
    case STERN_REVIEW_WHY_BACKWARDS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "moved backwards %u row",
                                           "moved backwards %u rows", figure), figure);
    case STERN_REVIEW_WHY_BROKE_LADDER:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "broke your own ladder: the next move had a %u-hop jump",
                                           "broke your own ladder: the next move had a %u-hop jump",
                                           figure), figure);
    case STERN_REVIEW_WHY_MISSED_JUMP:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "missed a jump of %u hop",
                                           "missed a jump of %u hops", figure), figure);
    case STERN_REVIEW_WHY_BLOCKED_ENTRANCE:
      return g_strdup (_("blocked your goal's entrance"));
    case STERN_REVIEW_WHY_LEFT_BEHIND:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "left a marble behind (the last marble is %u move "
                                           "from the goal)",
                                           "left a marble behind (the last marble is %u moves "
                                           "from the goal)", figure), figure);
    case STERN_REVIEW_WHY_BUILD_LADDER:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "the better move builds a ladder: your next move "
                                           "would have a %u-hop jump",
                                           "the better move builds a ladder: your next move "
                                           "would have a %u-hop jump", figure), figure);
    case STERN_REVIEW_WHY_FEWER_ROWS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "gained %u row fewer than the better move",
                                           "gained %u rows fewer than the better move", figure),
                              figure);
    case STERN_REVIEW_WHY_NEXT_MOVE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "the better move gains %u row more with your next move",
                                           "the better move gains %u rows more with your next move",
                                           figure), figure);
    case STERN_REVIEW_WHY_NONE:
    case STERN_REVIEW_N_WHYS:
    default:
      return NULL;
    }
}

char *
stern_texts_rules_summary (const SternVariant *variant,
                           SternPreset         preset)
{
  SternRules rules;
  GString *text;

  g_return_val_if_fail (variant != NULL, NULL);

  stern_rules_init (&rules, variant, preset);
  text = g_string_new (NULL);

  /* Halma and Ugolki (doc/rules.md §9): the house, the reply move and
   * the two checks of the forced end, from the engine's values. */
  if (stern_variant_is_square (variant))
    {
      g_string_append (text, _("The first to fill the opposite camp with all their stones wins."));
      if (rules.reply_move || variant->n_players == 2)
        {
          g_string_append_c (text, ' ');
          g_string_append (text, _("The second player has a reply move."));
        }
      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "Leave home within %u move.",
                                                 "Leave home within %u moves.",
                                                 rules.home_check_move),
                              rules.home_check_move);
      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "After move %u the smaller tempo number wins.",
                                                 "After move %u the smaller tempo number wins.",
                                                 rules.tempo_check_move),
                              rules.tempo_check_move);
      return g_string_free (text, FALSE);
    }

  if (variant->solo)
    g_string_append (text, _("Cross the board in as few moves as you can."));
  else if (rules.finish_needs_all_own)
    g_string_append (text, _("The first to bring all their own marbles into the goal wins."));
  else
    g_string_append (text, _("Players are placed in the order they fill their goal."));

  if (rules.leave_home_deadline > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "Leave home within %u move.",
                                                 "Leave home within %u moves.",
                                                 rules.leave_home_deadline),
                              rules.leave_home_deadline);
    }
  else if (!variant->solo)
    {
      g_string_append_c (text, ' ');
      g_string_append (text, _("No deadline for leaving home."));
    }

  g_string_append_c (text, ' ');
  if (rules.no_stop[variant->seats[0]] != 0)
    g_string_append (text, _("Moves may not end in the other points of the star."));
  else
    g_string_append (text, _("Moves may end anywhere."));

  if (rules.round_limit > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "At most %u round.",
                                                 "At most %u rounds.",
                                                 rules.round_limit),
                              rules.round_limit);
    }
  if (rules.move_limit > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "At most %u move each.",
                                                 "At most %u moves each.",
                                                 rules.move_limit),
                              rules.move_limit);
    }
  return g_string_free (text, FALSE);
}

char *
stern_texts_game_over (const SternGame *game)
{
  g_autofree char *result = NULL;
  g_autofree char *reason = NULL;

  g_return_val_if_fail (game != NULL, NULL);

  result = stern_game_result_text (game);
  reason = stern_texts_end_reason (game);
  if (reason != NULL)
    /* Translators: the first %s is the result ("White wins"), the second
     * why the game ended ("A player resigned.") */
    return g_strdup_printf (_("Game over: %s. %s"), result, reason);
  /* Translators: %s is the result, such as "White wins" */
  return g_strdup_printf (_("Game over: %s"), result);
}

/* Whether every player still placed shares the first place: a draw. */
static gboolean
is_draw (const SternGame *game)
{
  const SternVariant *variant = stern_game_get_variant (game);
  guint n_first = 0;

  for (guint i = 0; i < variant->n_players; i++)
    if (stern_game_get_place (game, variant->seats[i]) == 1)
      n_first++;
  return n_first > 1;
}

char *
stern_texts_end_reason (const SternGame *game)
{
  const SternVariant *variant;
  SternEndReason reason;
  g_autofree char *tempo = NULL;

  g_return_val_if_fail (game != NULL, NULL);

  variant = stern_game_get_variant (game);
  reason = stern_game_get_end_reason (game);
  /* Who gave up or ran out of time, by name. */
  if (reason == STERN_END_RESIGNATION || reason == STERN_END_TIMEOUT)
    {
      SternActionKind kind = reason == STERN_END_RESIGNATION ? STERN_ACTION_RESIGN
                                                             : STERN_ACTION_TIMEOUT;
      guint n = stern_game_get_n_actions (game);

      for (guint i = n; i-- > 0;)
        {
          const SternAction *action = stern_game_get_action (game, i);

          if (action->kind != kind)
            continue;
          if (kind == STERN_ACTION_RESIGN)
            /* Translators: %s is a colour, "White" (plural in Bulgarian
             * and Russian: "Белите", "Белые") */
            return g_strdup_printf (_("%s resigned."), stern_seat_display_name (action->seat));
          /* Translators: %s is a colour, "White" (plural in Bulgarian and
           * Russian: "Белите", "Белые") */
          return g_strdup_printf (_("%s ran out of time."), stern_seat_display_name (action->seat));
        }
    }
  /* On the star only both players late at the deadline end so (§4). */
  if (!stern_variant_is_square (variant) && reason == STERN_END_HOME_CHECK)
    return g_strdup (_("Both players still had marbles at home at the leaving-home deadline."));
  if (!stern_variant_is_square (variant))
    return g_strdup (stern_end_reason_text (reason));

  /* doc/rules.md §9: the house built, checked after the second player's
   * reply; the leaving-home check; the tempo check. */
  switch (reason)
    {
    case STERN_END_FINISHED:
      if (is_draw (game))
        return g_strdup (_("Both players built their house: the reply move made it a draw."));
      return g_strdup (_("A player filled the opposite camp with all their stones."));
    case STERN_END_HOME_CHECK:
      if (is_draw (game))
        return g_strdup (_("Both players still had stones at home at the leaving-home check."));
      return g_strdup (_("A player left home too late: stones were still at home at the leaving-home check."));
    case STERN_END_TEMPO:
      tempo = stern_texts_tempo_numbers (game);
      /* Translators: %s is the list of tempo numbers, "Steps to go:
       * White 14, Black 16" */
      return g_strdup_printf (_("The game reached its last move: the fewest steps to go win. %s."),
                              tempo);
    case STERN_END_NONE:
    case STERN_END_ROUND_LIMIT:
    case STERN_END_MOVE_LIMIT:
    case STERN_END_REPETITION:
    case STERN_END_NO_MOVES:
    case STERN_END_RESIGNATION:
    case STERN_END_TIMEOUT:
    default:
      return g_strdup (stern_end_reason_text (reason));
    }
}

char *
stern_texts_forced_end (const SternGame *game,
                        unsigned         seat)
{
  int home, tempo;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (seat < STERN_N_SEATS, NULL);

  if (!stern_variant_is_square (stern_game_get_variant (game)))
    return NULL;
  /* Said as the star's countdown is, and the tempo check as the game's
   * last move: the checks' names are the rules', not the player's. */
  home = stern_game_moves_to_leave_home (game, seat);
  if (home > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%d move left to leave home",
                                         "%d moves left to leave home",
                                         (gulong) home),
                            home);
  tempo = stern_game_moves_to_tempo_check (game, seat);
  if (tempo > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%d move left in the game",
                                         "%d moves left in the game",
                                         (gulong) tempo),
                            tempo);
  return NULL;
}

char *
stern_texts_cannot_finish (const SternGame *game)
{
  const SternVariant *variant;
  const SternRules *rules;
  guint marbles, holes;
  g_autoptr (GString) text = NULL;

  g_return_val_if_fail (game != NULL, NULL);

  variant = stern_game_get_variant (game);
  rules = stern_game_get_rules (game);
  for (guint i = 0; i < variant->n_players; i++)
    if (stern_game_seat_can_finish (game, variant->seats[i]))
      return NULL;

  marbles = stern_set_count (stern_game_get_position (game)->occupied);
  holes = stern_set_count (rules->goal[variant->seats[0]]);
  text = g_string_new (NULL);
  /* Translators: the first %u is the holes of a goal (10), the second the
   * marbles on the board (6) */
  g_string_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                      "Nobody can finish: a goal needs all %u of its holes "
                                      "taken, and the board holds %u marble.",
                                      "Nobody can finish: a goal needs all %u of its holes "
                                      "taken, and the board holds %u marbles.",
                                      marbles),
                   holes, marbles);
  if (rules->round_limit > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, _("The game will end after round %u."), rules->round_limit);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
stern_texts_tempo_numbers (const SternGame *game)
{
  const SternVariant *variant;
  g_autoptr (GString) list = g_string_new (NULL);

  g_return_val_if_fail (game != NULL, NULL);

  variant = stern_game_get_variant (game);
  if (!stern_variant_is_square (variant))
    return NULL;
  for (guint i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];

      if (i > 0)
        g_string_append (list, ", ");
      /* Translators: a player's tempo number in a list, "White 120" */
      g_string_append_printf (list, _("%s %u"), stern_seat_display_name (seat),
                              stern_game_get_tempo (game, seat));
    }
  /* Translators: %s is a list, "White 120, Black 118": each player's
   * tempo number (темповое число), the steps the stones still need to
   * reach the far corner (doc/rules.md §9), in the words of a player */
  return g_strdup_printf (_("Steps to go: %s"), list->str);
}

int
stern_texts_home_countdown (const SternGame *game,
                            unsigned         seat)
{
  const SternRules *rules;
  int left;

  g_return_val_if_fail (game != NULL, -1);

  rules = stern_game_get_rules (game);
  left = stern_game_moves_to_leave_home (game, seat);
  /* The countdown matters only while marbles are still at home. */
  if (left < 0 || left > STERN_TEXTS_COUNTDOWN_SHOWN ||
      (stern_game_get_position (game)->marbles[seat] & rules->home[seat]) == 0)
    return -1;
  return left;
}

char *
stern_texts_seat_detail (const SternGameSetup *setup,
                         unsigned              seat,
                         gboolean              human)
{
  unsigned team;
  const char *kind;

  g_return_val_if_fail (setup != NULL, NULL);

  team = stern_team_number (setup->variant, seat);
  kind = human ? _("Human") : stern_level_display_name (setup->level[seat]);
  if (!human && team != 0)
    /* Translators: "Team 2 · Computer · Hard"; the team first, so it
     * stays visible when the end is cut */
    return g_strdup_printf (_("Team %u · Computer · %s"), team, kind);
  else if (!human)
    /* Translators: "Computer · Hard" */
    return g_strdup_printf (_("Computer · %s"), kind);
  else if (team != 0)
    /* Translators: "Team 2 · Human" */
    return g_strdup_printf (_("Team %u · %s"), team, kind);
  return g_strdup (kind);
}

char *
stern_texts_solo_score (const SternGame *game)
{
  const SternVariant *variant;
  unsigned seat, made;
  g_autofree char *moves = NULL;

  g_return_val_if_fail (game != NULL, NULL);

  variant = stern_game_get_variant (game);
  if (!variant->solo || !stern_game_is_over (game))
    return NULL;
  seat = variant->seats[0];
  made = stern_game_get_moves_made (game, seat);
  moves = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", made), made);
  if (variant->marbles != 10)
    return g_steal_pointer (&moves);
  /* Translators: the first %s is "31 moves", %u the fewest known, 27 */
  return g_strdup_printf (_("%s; the best known solution takes %u."), moves,
                          STERN_TEXTS_SOLO_BEST_KNOWN);
}

char *
stern_texts_status_line (const SternGame      *game,
                         const SternGameSetup *setup,
                         const char           *player_name,
                         gboolean              thinking,
                         gboolean              human_on_turn,
                         gboolean              browsing,
                         gboolean              picked,
                         gboolean              how_to)
{
  g_autoptr (GString) s = NULL;
  unsigned turn;
  guint n_actions;

  g_return_val_if_fail (game != NULL && setup != NULL, NULL);

  s = g_string_new (NULL);
  turn = stern_game_get_turn (game);
  n_actions = stern_game_get_n_actions (game);

  if (stern_game_is_over (game))
    {
      g_autofree char *over = stern_texts_game_over (game);

      g_string_assign (s, over);
    }
  else
    {
      g_autofree char *name = stern_game_setup_seat_name (setup, turn, player_name);
      int left = stern_texts_home_countdown (game, turn);

      if (thinking)
        /* Translators: %s is a colour or the player's name: put no verb
         * after it, it may be plural ("White") or singular ("Ann") */
        g_string_printf (s, _("%s is thinking…"), name);
      else
        /* Translators: %s is a colour or the player's name: put no verb
         * after it, it may be plural ("White") or singular ("Ann") */
        g_string_printf (s, _("%s to move"), name);

      g_string_append (s, " · ");
      g_string_append_printf (s, _("Round %u"), stern_game_get_round (game) + 1);

      /* What to do next: after a pick, where it may go; before, until a
       * human has made a first move, how to begin.  Left out (how_to
       * FALSE) when the line is short of room: what follows matters more. */
      if (how_to && !thinking && human_on_turn && picked)
        {
          g_string_append (s, " · ");
          g_string_append (s, _("Click a lit hole to move there, or Esc to drop the pick"));
        }
      else if (how_to && !thinking && human_on_turn &&
               stern_game_get_moves_made (game, turn) == 0 && !browsing)
        {
          g_string_append (s, " · ");
          /* The square boards' pieces are stones, as the rules call them. */
          if (stern_variant_is_square (stern_game_get_variant (game)))
            g_string_append (s, _("Click a stone, or use the arrow keys"));
          else
            g_string_append (s, _("Click one of your marbles, or use the arrow keys"));
        }

      /* The square boards' forced end (doc/rules.md §9): its stage and
       * the tempo numbers, always shown, as backgammon shows pips. */
      if (stern_variant_is_square (stern_game_get_variant (game)))
        {
          g_autofree char *stage = stern_texts_forced_end (game, turn);
          g_autofree char *tempo = stern_texts_tempo_numbers (game);

          if (stage != NULL)
            g_string_append_printf (s, " · %s", stage);
          g_string_append_printf (s, " · %s", tempo);
          left = -1;
        }

      if (left >= 0)
        {
          g_string_append (s, " · ");
          if (human_on_turn)
            g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                    "%d move left to leave your home",
                                                    "%d moves left to leave your home",
                                                    (gulong) left),
                                    left);
          else
            g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                    "%d move left to leave home",
                                                    "%d moves left to leave home",
                                                    (gulong) left),
                                    left);
        }
    }

  /* Say so when somebody was skipped, or the turn seems to jump. */
  if (n_actions > 0)
    {
      const SternAction *last = stern_game_get_action (game, n_actions - 1);

      if (last->kind == STERN_ACTION_PASS)
        {
          g_string_append (s, " · ");
          /* Translators: %s is a colour, the name of a seat */
          g_string_append_printf (s, _("%s had no move and passed"),
                                  stern_seat_display_name (last->seat));
        }
    }

  if (browsing)
    {
      g_string_append (s, " · ");
      /* Translators: an earlier position of the game is shown */
      g_string_append_printf (s, _("Move %u of %u"), n_actions,
                              stern_game_get_n_actions_total (game));
    }

  return g_string_free (g_steal_pointer (&s), FALSE);
}
