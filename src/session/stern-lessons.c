/* stern-lessons.c: the lessons as data, each with a predicate the engine
 * decides.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The positions are doc/rules.md §7 position strings; hole names are the
 * same in every language, so the texts name holes freely.  A move answer
 * is first judged by the engine (stern_game_is_legal: the window never
 * decides legality), then by the lesson's predicate over the position
 * before and after it.  Exercises after the worked positions of seed 002
 * ("Разбор позиции", "Практические упражнения") are predicates over the
 * position the player built.
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "stern-lessons.h"
#include "stern-notation.h"

typedef struct {
  const SternLesson   *lesson;
  const SternGame     *before;   /* the lesson's position */
  const SternGame     *after;    /* after the move (move lessons) */
  const SternPosition *built;    /* the position built (exercises) */
  const uint8_t       *path;     /* the move's shortest path */
  size_t               path_len;
  char               **feedback;
} SternLessonAnswerCtx;

typedef gboolean (*SternLessonCheck) (const SternLessonAnswerCtx *ctx);

struct _SternLesson {
  const char        *id;
  SternLessonKind    kind;
  SternLessonAnswer  answer_kind;
  const char        *rules_page;   /* the Rules window's page on it */
  const char        *title;        /* N_() */
  const char        *task;         /* N_() */
  const char        *explanation;  /* N_() */
  const char        *position;
  unsigned           moves_made;   /* every seat's move counter at the start */
  guint              max_added;
  const char        *answer;
  const char        *wrong;
  const char        *refused;
  SternPathCheck     refused_reason;
  /* For predicates that name holes: the marble to move and its target. */
  const char        *from;
  const char        *to;
  SternLessonCheck   check;
};

/* ---- helpers ---- */

static unsigned
cell_of (const SternVariant *variant, const char *name)
{
  return name != NULL ? stern_variant_cell_parse (variant, name, strlen (name)) : STERN_NO_CELL;
}

static void
say (const SternLessonAnswerCtx *ctx, const char *text)
{
  if (ctx->feedback != NULL)
    {
      g_free (*ctx->feedback);
      *ctx->feedback = g_strdup (text);
    }
}

static gboolean
path_is_step (const SternRules *rules, const uint8_t *path, size_t len)
{
  return len == 2 && stern_set_has (rules->geometry->neighbours[path[0]], path[1]);
}

/* Whether the moved marble went from the lesson's from to its to. */
static gboolean
moved_from_to (const SternLessonAnswerCtx *ctx)
{
  const SternVariant *variant = stern_game_get_variant (ctx->before);

  return ctx->path[0] == cell_of (variant, ctx->lesson->from) &&
         ctx->path[ctx->path_len - 1] == cell_of (variant, ctx->lesson->to);
}

/* Whether seat has finished in pos (doc/rules.md §5): every goal hole
 * occupied, one of them by its own marble. */
static gboolean
has_filled_goal (const SternRules *rules, const SternPosition *pos, unsigned seat)
{
  SternSet goal = rules->goal[seat];

  return (goal & ~pos->occupied) == 0 && (goal & pos->marbles[seat]) != 0;
}

/* The most jumps among the shortest chains of the marble on from. */
static size_t
longest_chain (const SternRules *rules, const SternPosition *pos, unsigned from)
{
  SternSet dest = stern_movegen_destinations (rules, pos, from);
  uint8_t path[STERN_MAX_PATH];
  size_t best = 0;

  while (dest)
    {
      size_t len = stern_movegen_path (rules, pos, from, stern_set_pop (&dest), path);

      if (len >= 2 && !path_is_step (rules, path, len))
        best = MAX (best, len - 1);
    }
  return best;
}

/* ---- the predicates ---- */

static gboolean
check_step (const SternLessonAnswerCtx *ctx)
{
  if (!path_is_step (stern_game_get_rules (ctx->before), ctx->path, ctx->path_len))
    {
      say (ctx, _("That was a jump. A step goes to a neighbouring hole."));
      return FALSE;
    }
  say (ctx, _("Right: one step to an empty neighbouring hole."));
  return TRUE;
}

static gboolean
check_target (const SternLessonAnswerCtx *ctx, const char *wrong)
{
  if (!moved_from_to (ctx))
    {
      say (ctx, wrong);
      return FALSE;
    }
  say (ctx, _("Right."));
  return TRUE;
}

static gboolean
check_jump (const SternLessonAnswerCtx *ctx)
{
  return check_target (ctx, _("Not that one: jump over the neighbouring marble to the empty hole behind it."));
}

static gboolean
check_chain (const SternLessonAnswerCtx *ctx)
{
  return check_target (ctx, _("The marble can go on jumping after it lands: look for the next marble with an empty hole behind it."));
}

static gboolean
check_no_mixing (const SternLessonAnswerCtx *ctx)
{
  return check_target (ctx, _("Jump over the marble next to yours. The step after it would make the move a mix, which the rules forbid."));
}

static gboolean
check_foreign_ray (const SternLessonAnswerCtx *ctx)
{
  return check_target (ctx, _("Land in the greyed ray between two jumps, then jump out of it."));
}

static gboolean
check_marbles_stay (const SternLessonAnswerCtx *ctx)
{
  const SternPosition *before = stern_game_get_position (ctx->before);
  const SternPosition *after = stern_game_get_position (ctx->after);
  SternSet jumped = before->occupied & ~stern_set_bit (ctx->path[0]);

  if (!moved_from_to (ctx))
    {
      say (ctx, _("Not yet: the marble can make two jumps along the line."));
      return FALSE;
    }
  /* Nothing is captured (doc/rules.md §3): every other marble is still there. */
  if ((after->occupied & jumped) != jumped)
    return FALSE;
  say (ctx, _("Right: two jumps, and both marbles jumped over are still on the board."));
  return TRUE;
}

static gboolean
check_finish (const SternLessonAnswerCtx *ctx)
{
  unsigned seat = stern_game_get_position (ctx->before)->to_move;

  if (!has_filled_goal (stern_game_get_rules (ctx->before), stern_game_get_position (ctx->after), seat))
    {
      say (ctx, _("Your goal still has an empty hole: move a marble into it."));
      return FALSE;
    }
  say (ctx, _("Right: every hole of the goal is occupied, so you have finished."));
  return TRUE;
}

static gboolean
check_leave_home (const SternLessonAnswerCtx *ctx)
{
  const SternRules *rules = stern_game_get_rules (ctx->before);
  const SternPosition *after = stern_game_get_position (ctx->after);
  unsigned seat = stern_game_get_position (ctx->before)->to_move;

  if (after->marbles[seat] & rules->home[seat])
    {
      say (ctx, _("A marble is still at home after your deadline move: that would eliminate you."));
      return FALSE;
    }
  say (ctx, _("Right: your home is empty in time."));
  return TRUE;
}

/* The move gains as many holes of distance to the goal as the best one. */
static gboolean
check_best_advance (const SternLessonAnswerCtx *ctx)
{
  const SternRules *rules = stern_game_get_rules (ctx->before);
  const SternPosition *pos = stern_game_get_position (ctx->before);
  SternMove moves[STERN_MAX_MOVES];
  size_t n = stern_game_legal_moves (ctx->before, moves);
  int best = G_MININT, played;

  for (size_t i = 0; i < n; i++)
    best = MAX (best, (int) stern_rules_goal_distance (rules, pos->to_move, moves[i].from) -
                      (int) stern_rules_goal_distance (rules, pos->to_move, moves[i].to));
  played = (int) stern_rules_goal_distance (rules, pos->to_move, ctx->path[0]) -
           (int) stern_rules_goal_distance (rules, pos->to_move, ctx->path[ctx->path_len - 1]);
  if (played < best)
    {
      g_autofree char *text = g_strdup_printf (_("That move gains %d holes towards the goal; one move gains %d."),
                                               played, best);
      say (ctx, text);
      return FALSE;
    }
  say (ctx, _("Right: no move gains more."));
  return TRUE;
}

/* Seed 002's last exercise: the last three marbles, brought in so that
 * none shuts another out.  The move must keep the quickest finish. */
static gboolean
check_last_three (const SternLessonAnswerCtx *ctx)
{
  const SternRules *rules = stern_game_get_rules (ctx->before);
  unsigned seat = stern_game_get_position (ctx->before)->to_move;
  int before = stern_lessons_moves_to_fill_goal (rules, stern_game_get_position (ctx->before), seat, 6);
  int after = stern_lessons_moves_to_fill_goal (rules, stern_game_get_position (ctx->after), seat, 6);

  if (after < 0 || after + 1 > before)
    {
      g_autofree char *text = g_strdup_printf (_("After that move your marbles need %d more moves to fill the goal; the quickest way needs %d in all."),
                                               after < 0 ? 6 : after, before);
      say (ctx, text);
      return FALSE;
    }
  say (ctx, _("Right: this keeps the quickest finish open."));
  return TRUE;
}

/* Seed 002: on one line, two jumps that can be made and a third whose
 * landing hole is occupied. */
static gboolean
check_line_of_jumps (const SternLessonAnswerCtx *ctx)
{
  const SternVariant *variant = stern_game_get_variant (ctx->before);
  const SternGeometry *geometry = stern_variant_geometry (variant);
  const SternPosition *pos = ctx->built;

  for (unsigned c = 0; c < geometry->n_cells; c++)
    {
      if (pos->cell[c] == STERN_EMPTY)
        continue;
      for (unsigned d = 0; d < geometry->n_dirs; d++)
        {
          const uint8_t *line = geometry->line[c][d];
          /* over, land, over, land, over, occupied landing */
          static const gboolean want[6] = { TRUE, FALSE, TRUE, FALSE, TRUE, TRUE };
          gboolean ok = geometry->line_len[c][d] >= 6;

          for (unsigned i = 0; ok && i < 6; i++)
            ok = (pos->cell[line[i]] != STERN_EMPTY) == want[i];
          if (ok)
            {
              say (ctx, _("Right: two jumps along the line, and the third is blocked because its landing hole is occupied."));
              return TRUE;
            }
        }
    }
  say (ctx, _("Not yet: along one line you need a marble, a marble to jump, an empty hole, a marble, an empty hole, then a marble with an occupied hole behind it."));
  return FALSE;
}

/* Seed 002: a ladder of three marbles that a marble climbs in three jumps
 * and that still serves the next marble once the first has gone up. */
static gboolean
check_ladder (const SternLessonAnswerCtx *ctx)
{
  const SternRules *rules = stern_game_get_rules (ctx->before);
  const SternPosition *pos = ctx->built;
  unsigned seat = pos->to_move;
  gboolean climbs = FALSE;
  SternSet own = pos->marbles[seat];

  while (own)
    {
      unsigned from = stern_set_pop (&own);
      SternSet dest;
      uint8_t path[STERN_MAX_PATH];

      if (longest_chain (rules, pos, from) < 3)
        continue;
      climbs = TRUE;
      dest = stern_movegen_destinations (rules, pos, from);
      while (dest)
        {
          unsigned to = stern_set_pop (&dest);
          size_t len = stern_movegen_path (rules, pos, from, to, path);
          SternPosition next = *pos;
          SternSet others;

          if (len < 4 || path_is_step (rules, path, len))
            continue;
          stern_position_move (&next, from, to);
          others = next.marbles[seat] & ~stern_set_bit (to);
          while (others)
            if (longest_chain (rules, &next, stern_set_pop (&others)) >= 3)
              {
                say (ctx, _("Right: one marble climbs three jumps, and the next one can climb the same ladder after it."));
                return TRUE;
              }
        }
    }
  say (ctx, climbs ? _("One marble can climb three jumps, but no other marble can use the ladder after it.")
                   : _("Not yet: no marble can make a chain of three jumps."));
  return FALSE;
}

/* ---- the lessons ---- */

static const SternLesson lessons[] = {
  {
    .id = "step", .rules_page = "moves",
    .kind = STERN_LESSON_RULE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("A step"),
    .task = N_("Move the white marble on i9 one step to any empty neighbouring hole."),
    .explanation = N_("A step moves a marble to one of the up to six holes next to it, if that hole is empty. After a step the move is over."),
    .position = "classic-2 white white:i9 black:j9,e17",
    .answer = "i9-i10",
    .wrong = "i9-k9",
    .check = check_step,
  },
  {
    .id = "jump", .rules_page = "moves",
    .kind = STERN_LESSON_RULE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("A jump"),
    .task = N_("Jump with the marble on i9 over the black marble on i10."),
    .explanation = N_("A jump passes over a neighbouring marble of any colour and lands in the empty hole right behind it, on the same line. Nothing is captured: the marble jumped over stays."),
    .position = "classic-2 white white:i9 black:i10,e17",
    .answer = "i9-i11",
    .wrong = "i9-h9",
    .refused = "i9-i10", .refused_reason = STERN_PATH_BAD_HOP,
    .from = "i9", .to = "i11",
    .check = check_jump,
  },
  {
    .id = "chain", .rules_page = "moves",
    .kind = STERN_LESSON_RULE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("A chain of jumps"),
    .task = N_("Take the marble on i7 to g13 in one move."),
    .explanation = N_("After a jump the same marble may jump again, in any direction: i7 over i8 to i9, over i10 to i11, then turning over h12 to g13. The move may stop after any jump."),
    .position = "classic-2 white white:i7 black:i8,i10,h12,e17",
    .answer = "i7-i9-i11-g13",
    .wrong = "i7-i9",
    .from = "i7", .to = "g13",
    .check = check_chain,
  },
  {
    .id = "no-mixing", .rules_page = "moves",
    .kind = STERN_LESSON_RULE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("No mixing"),
    .task = N_("Jump from i7 over i8. Could the marble then step on to i10? Play the move the rules allow."),
    .explanation = N_("A move is either one step or a chain of jumps, never both: the jump i7-i9 ends the move unless another jump follows, so i10 cannot be reached in this move."),
    .position = "classic-2 white white:i7 black:i8,e17",
    .answer = "i7-i9",
    .wrong = "i7-h7",
    .refused = "i7-i9-i10", .refused_reason = STERN_PATH_STEP_IN_CHAIN,
    .from = "i7", .to = "i9",
    .check = check_no_mixing,
  },
  {
    .id = "foreign-ray", .rules_page = "rays",
    .kind = STERN_LESSON_RULE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Foreign rays"),
    .task = N_("Take the marble on m5 to m7. It may pass through the greyed ray, but not stop there."),
    .explanation = N_("A move may not end in a ray that is neither your home nor your goal. A chain may land there between two jumps: m5 over n5 to o5, then over n6 out to m7."),
    .position = "classic-2 white white:m5,n5 black:n6,e17",
    .answer = "m5-o5-m7",
    .wrong = "m5-m6",
    .refused = "m5-o5", .refused_reason = STERN_PATH_FOREIGN_RAY,
    .from = "m5", .to = "m7",
    .check = check_foreign_ray,
  },
  {
    .id = "goal", .rules_page = "finishing",
    .kind = STERN_LESSON_RULE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("The goal"),
    .task = N_("Your goal is the ray opposite your home. Fill its last empty hole to finish."),
    .explanation = N_("You finish when every hole of your goal is occupied: h13 steps up to h14, the last one."),
    .position = "classic-2 white white:e17,e16,f16,e15,f15,g15,e14,f14,g14,h13 black:i9,j8",
    .answer = "h13-h14",
    .wrong = "h13-i13",
    .check = check_finish,
  },
  {
    .id = "anti-block", .rules_page = "finishing",
    .kind = STERN_LESSON_RULE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("A marble left in your goal"),
    .task = N_("A black marble stays on e17, in your goal. Fill the last empty hole of the goal anyway."),
    .explanation = N_("A player finishes when every hole of its goal is occupied and one of the marbles there is its own. So a marble another player leaves in your goal cannot stop you from finishing."),
    .position = "classic-2 white white:e16,f16,e15,f15,g15,e14,f14,g14,h13 black:e17,i9",
    .answer = "h13-h14",
    .wrong = "h13-i13",
    .check = check_finish,
  },
  {
    .id = "leave-home", .rules_page = "home",
    .kind = STERN_LESSON_RULE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Leaving home"),
    .task = N_("This is your 30th move, and a marble is still at home on l4. Bring it out."),
    .explanation = N_("Every marble must be out of its home by the end of your 30th move (40th with fifteen marbles). A marble still at home then eliminates you, unless it could not move at all."),
    .position = "classic-2 white white:l4,k6,j7,i8,h9,g10,i10,h11,j11,f12 black:e17,e16,f16,e15,f15,g15,e14,f14,m8,n7",
    .moves_made = 29,
    .answer = "l4-l5",
    .wrong = "k6-k7",
    .check = check_leave_home,
  },
  {
    .id = "marbles-stay", .rules_page = "moves",
    .kind = STERN_LESSON_WORKED, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Worked position: jumped marbles stay"),
    .task = N_("On one line your marble stands on i7, marbles on i8 and i10, with i9 and i11 empty. Can it reach i11, and are i8 and i10 taken off? Play the move."),
    .explanation = N_("Yes: two jumps, i7-i9 and i9-i11. The marbles on i8 and i10 stay where they are, whatever their colour: jumping is not capturing. Your opponent can use the same marbles to jump."),
    .position = "classic-2 white white:i7,i10 black:i8,e17",
    .answer = "i7-i9-i11",
    .wrong = "i7-i9",
    .from = "i7", .to = "i11",
    .check = check_marbles_stay,
  },
  {
    .id = "best-advance", .rules_page = "moves",
    .kind = STERN_LESSON_WORKED, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Worked position: the longest advance"),
    .task = N_("Black has left marbles on k5 and k7. Find the move that brings one of your marbles the most holes closer to the goal."),
    .explanation = N_("k4 jumps over k5 to k6 and over k7 to k8: four holes in one move, more than any step. Look for marbles of either colour that make a ladder before you move."),
    .position = "classic-2 white white:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 black:e17,e16,f16,e15,f15,g15,e14,f14,k5,k7",
    .answer = "k4-k6-k8",
    .wrong = "j4-j5",
    .check = check_best_advance,
  },
  {
    .id = "two-jumps-line", .rules_page = "moves",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_BUILDING,
    .title = N_("Exercise: jumps on one line"),
    .task = N_("Place marbles so that, along one line, the marble on i6 can make two jumps and a third jump is blocked because its landing hole is occupied. Click a hole to place or remove a marble."),
    .explanation = N_("For example i7, i9, i11 and i12: i6 jumps over i7 to i8 and over i9 to i10; over i11 it cannot go, because i12 is occupied. Each jump needs a marble next to it and an empty hole right behind."),
    .position = "classic-2 white white:i6 black:e17",
    .max_added = 5,
    .answer = "classic-2 white white:i6,i7,i9,i11,i12 black:e17",
    .wrong = "classic-2 white white:i6,i7,i9 black:e17",
    .check = check_line_of_jumps,
  },
  {
    .id = "ladder", .rules_page = "moves",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_BUILDING,
    .title = N_("Exercise: a ladder for the team"),
    .task = N_("Add three marbles to make a ladder: one of your marbles climbs it in three jumps, and another can climb it after the first has gone up."),
    .explanation = N_("For example l5, l7 and l9: l4 climbs to l10, then l2 jumps over l3, l5 and l7 to l8. Advancing the middle marble l7 instead costs the team the ladder: the marbles behind it then get only two jumps."),
    .position = "classic-2 white white:l2,l3,l4 black:e17",
    .max_added = 3,
    .answer = "classic-2 white white:l2,l3,l4,l5,l7,l9 black:e17",
    .wrong = "classic-2 white white:l2,l3,l4,l5,l7 black:e17",
    .check = check_ladder,
  },
  {
    .id = "last-three", .rules_page = "finishing",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Exercise: the last three marbles"),
    .task = N_("Three of your marbles are still outside the goal, and three of its holes are empty: h14 at the mouth, g15 and f16 deeper in. Play the first move of the quickest way to bring all three in, so that none shuts another out."),
    .explanation = N_("i13 jumps over h13 to g13 and over g14 into g15, deep in the goal: three moves then bring the team in. Stepping into h14 first fills the mouth, and the marbles behind need an extra move to get past it. The game is won when the whole team is in, not when the first marble arrives."),
    .position = "classic-2 white white:h12,h13,i13,e14,f14,g14,e15,f15,e16,e17 black:m1,k11,g12",
    .answer = "i13-g13-g15",
    .wrong = "i13-h14",
    .check = check_last_three,
  },
};

static const char * const tutorial[] = { "step", "jump", "chain", "goal", NULL };

/* ---- public ---- */

guint
stern_lessons_count (void)
{
  return G_N_ELEMENTS (lessons);
}

const SternLesson *
stern_lessons_get (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (lessons), NULL);
  return &lessons[index];
}

const SternLesson *
stern_lessons_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (lessons); i++)
    if (strcmp (lessons[i].id, id) == 0)
      return &lessons[i];
  return NULL;
}

const char * const *
stern_lessons_tutorial (void)
{
  return tutorial;
}

const char *
stern_lesson_get_id (const SternLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return lesson->id;
}

SternLessonKind
stern_lesson_get_kind (const SternLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, STERN_LESSON_RULE);
  return lesson->kind;
}

SternLessonAnswer
stern_lesson_get_answer_kind (const SternLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, STERN_LESSON_BY_MOVE);
  return lesson->answer_kind;
}

const char *
stern_lesson_get_title (const SternLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return _(lesson->title);
}

const char *
stern_lesson_get_task (const SternLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return _(lesson->task);
}

const char *
stern_lesson_get_explanation (const SternLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return _(lesson->explanation);
}

const char *
stern_lesson_get_rules_page (const SternLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return lesson->rules_page;
}

SternGame *
stern_lesson_new_game (const SternLesson *lesson)
{
  g_autoptr(GError) error = NULL;
  const SternVariant *variant = NULL;
  SternPosition pos;
  unsigned moves_made[STERN_N_SEATS];

  g_return_val_if_fail (lesson != NULL, NULL);
  /* The positions are the program's own: a bad one is a programming error. */
  if (!stern_notation_parse_position (lesson->position, &variant, &pos, &error))
    g_error ("lesson %s: %s", lesson->id, error->message);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    moves_made[s] = lesson->moves_made;
  return stern_game_new_from_position (variant, STERN_PRESET_TABLE, &pos, moves_made);
}

unsigned
stern_lesson_get_build_seat (const SternLesson *lesson)
{
  g_autoptr(SternGame) game = NULL;

  g_return_val_if_fail (lesson != NULL, STERN_WHITE);
  game = stern_lesson_new_game (lesson);
  return stern_game_get_position (game)->to_move;
}

const char *
stern_lesson_get_answer (const SternLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return lesson->answer;
}

const char *
stern_lesson_get_wrong_answer (const SternLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return lesson->wrong;
}

const char *
stern_lesson_get_refused_path (const SternLesson *lesson,
                               SternPathCheck    *reason)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  if (reason != NULL)
    *reason = lesson->refused_reason;
  return lesson->refused;
}

gboolean
stern_lesson_check_move (const SternLesson *lesson,
                         guint              from,
                         guint              to,
                         char             **feedback)
{
  g_autoptr(SternGame) before = NULL;
  g_autoptr(SternGame) after = NULL;
  g_autoptr(GError) error = NULL;
  uint8_t path[STERN_MAX_PATH];
  size_t len;
  SternLessonAnswerCtx ctx = { 0 };

  g_return_val_if_fail (lesson != NULL, FALSE);
  if (feedback != NULL)
    *feedback = NULL;
  if (lesson->answer_kind != STERN_LESSON_BY_MOVE)
    return FALSE;

  before = stern_lesson_new_game (lesson);
  if (from >= STERN_MAX_CELLS || to >= STERN_MAX_CELLS || !stern_game_is_legal (before, from, to))
    {
      if (feedback != NULL)
        *feedback = g_strdup (_("The rules do not allow that move."));
      return FALSE;
    }
  len = stern_movegen_path (stern_game_get_rules (before), stern_game_get_position (before),
                            from, to, path);
  after = stern_game_copy (before);
  if (len < 2 || !stern_game_play (after, from, to, &error))
    {
      if (feedback != NULL)
        *feedback = g_strdup (error != NULL ? error->message : _("The rules do not allow that move."));
      return FALSE;
    }

  ctx.lesson = lesson;
  ctx.before = before;
  ctx.after = after;
  ctx.path = path;
  ctx.path_len = len;
  ctx.feedback = feedback;
  return lesson->check (&ctx);
}

static char *
too_many_added (const SternLesson *lesson)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Use at most %u marble more.",
                                       "Use at most %u marbles more.",
                                       lesson->max_added),
                          lesson->max_added);
}

gboolean
stern_lesson_may_place (const SternLesson   *lesson,
                        const SternPosition *built,
                        guint                hole,
                        char               **why)
{
  g_autoptr(SternGame) start = NULL;
  const SternPosition *pos;
  const SternVariant *variant;
  guint added;

  g_return_val_if_fail (lesson != NULL && built != NULL, FALSE);
  if (why != NULL)
    *why = NULL;
  start = stern_lesson_new_game (lesson);
  pos = stern_game_get_position (start);
  variant = stern_game_get_variant (start);
  if (lesson->answer_kind != STERN_LESSON_BY_BUILDING ||
      hole >= stern_variant_geometry (variant)->n_cells || built->cell[hole] != STERN_EMPTY)
    return FALSE;
  added = stern_set_count (built->occupied & ~pos->occupied);
  if (lesson->max_added > 0 && added >= lesson->max_added)
    {
      if (why != NULL)
        *why = too_many_added (lesson);
      return FALSE;
    }
  /* The engine's own limit: no more marbles than a player has. */
  if (stern_set_count (built->marbles[pos->to_move]) >= variant->marbles)
    {
      if (why != NULL)
        *why = g_strdup_printf (_("A player has at most %u marbles."), (guint) variant->marbles);
      return FALSE;
    }
  return TRUE;
}

gboolean
stern_lesson_check_position (const SternLesson   *lesson,
                             const SternPosition *built,
                             char               **feedback)
{
  g_autoptr(SternGame) before = NULL;
  const SternPosition *start;
  SternLessonAnswerCtx ctx = { 0 };
  guint added;

  g_return_val_if_fail (lesson != NULL && built != NULL, FALSE);
  if (feedback != NULL)
    *feedback = NULL;
  if (lesson->answer_kind != STERN_LESSON_BY_BUILDING)
    return FALSE;

  before = stern_lesson_new_game (lesson);
  start = stern_game_get_position (before);
  added = stern_set_count (built->occupied & ~start->occupied);
  if (lesson->max_added > 0 && added > lesson->max_added)
    {
      if (feedback != NULL)
        *feedback = too_many_added (lesson);
      return FALSE;
    }

  ctx.lesson = lesson;
  ctx.before = before;
  ctx.built = built;
  ctx.feedback = feedback;
  return lesson->check (&ctx);
}

gboolean
stern_lesson_check_text (const SternLesson *lesson,
                         const char        *text,
                         char             **feedback)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (lesson != NULL && text != NULL, FALSE);
  if (feedback != NULL)
    *feedback = NULL;

  if (lesson->answer_kind == STERN_LESSON_BY_BUILDING)
    {
      const SternVariant *variant = NULL;
      SternPosition pos;

      if (!stern_notation_parse_position (text, &variant, &pos, &error))
        {
          if (feedback != NULL)
            *feedback = g_strdup (error->message);
          return FALSE;
        }
      return stern_lesson_check_position (lesson, &pos, feedback);
    }
  else
    {
      g_autoptr(SternGame) game = stern_lesson_new_game (lesson);
      uint8_t path[STERN_MAX_PATH];
      size_t len;

      if (!stern_notation_parse_path_in (stern_game_get_variant (game), text, path, &len, &error))
        {
          if (feedback != NULL)
            *feedback = g_strdup (error->message);
          return FALSE;
        }
      if (len < 2)
        return FALSE;
      return stern_lesson_check_move (lesson, path[0], path[len - 1], feedback);
    }
}

/* ---- the quickest finish ---- */

static gboolean
fill_within (const SternRules *rules, SternPosition *pos, unsigned seat, int depth)
{
  SternMove moves[STERN_MAX_MOVES];
  SternSet goal = rules->goal[seat];
  int empty = (int) stern_set_count (goal & ~pos->occupied);
  size_t n;

  if (has_filled_goal (rules, pos, seat))
    return TRUE;
  /* A move fills at most one empty hole of the goal. */
  if (empty > depth || depth == 0)
    return FALSE;
  n = stern_movegen_generate (rules, pos, seat, moves);
  for (size_t i = 0; i < n; i++)
    {
      SternPosition next;

      /* With no move to spare, every move must fill a hole of the goal. */
      if (empty == depth && !(stern_set_has (goal, moves[i].to) && !stern_set_has (goal, moves[i].from)))
        continue;
      next = *pos;
      stern_position_move (&next, moves[i].from, moves[i].to);
      if (fill_within (rules, &next, seat, depth - 1))
        return TRUE;
    }
  return FALSE;
}

int
stern_lessons_moves_to_fill_goal (const SternRules    *rules,
                                  const SternPosition *pos,
                                  unsigned             seat,
                                  int                  limit)
{
  g_return_val_if_fail (rules != NULL && pos != NULL && seat < STERN_N_SEATS, -1);
  for (int depth = 0; depth <= limit; depth++)
    {
      SternPosition copy = *pos;

      if (fill_within (rules, &copy, seat, depth))
        return depth;
    }
  return -1;
}
