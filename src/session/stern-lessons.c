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
 * position the player built.  The strategy lessons are judged by the
 * game review's count of moves to finish (stern-review.h), some by a
 * stated condition first.
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "stern-lessons.h"
#include "stern-notation.h"
#include "stern-review.h"
#include "stern-texts.h"

/* How deep stern_lessons_moves_to_fill_goal() looks for the end-game
 * lessons: their positions fill the goal within it. */
#define FILL_LIMIT 6
/* The level whose review judges the strategy lessons: that of
 * `sternhalma-cli review`. */
#define JUDGE_LEVEL STERN_LEVEL_HARD

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
  SternLessonGroup   group;
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
  /* The figure a strategy lesson's stated condition asks for: rows a
   * move gains, or marbles of other players jumped over. */
  int                figure;
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

/* Seed 002's last exercise, and the end game: the last marbles brought
 * in so that none shuts another out.  The move must keep the quickest
 * finish. */
static gboolean
check_last_three (const SternLessonAnswerCtx *ctx)
{
  const SternRules *rules = stern_game_get_rules (ctx->before);
  unsigned seat = stern_game_get_position (ctx->before)->to_move;
  int before = stern_lessons_moves_to_fill_goal (rules, stern_game_get_position (ctx->before), seat,
                                                 FILL_LIMIT);
  int after = stern_lessons_moves_to_fill_goal (rules, stern_game_get_position (ctx->after), seat,
                                                FILL_LIMIT);

  if (after < 0 || after + 1 > before)
    {
      g_autofree char *text = g_strdup_printf (_("After that move your marbles need %d more moves to fill the goal; the quickest way needs %d in all."),
                                               after < 0 ? FILL_LIMIT : after, before);
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

/* ---- the strategy lessons' judges ---- */

/* The most rows one move of seat's gains in pos (doc/rules.md §5's
 * distance to the goal), of the marble on from only unless it is
 * STERN_NO_CELL. */
static int
best_gain (const SternRules *rules, const SternPosition *pos, unsigned seat, unsigned from)
{
  SternMove moves[STERN_MAX_MOVES];
  size_t n = stern_movegen_generate (rules, pos, seat, moves);
  int best = G_MININT;

  for (size_t i = 0; i < n; i++)
    if (from == STERN_NO_CELL || moves[i].from == from)
      best = MAX (best, (int) stern_rules_goal_distance (rules, seat, moves[i].from) -
                        (int) stern_rules_goal_distance (rules, seat, moves[i].to));
  return best;
}

/* The engine's verdict: what the move loses, in moves to finish, against
 * the lesson's answer, as the game's review counts it; right within the
 * margin of Learn From Your Mistakes.  A wrong move is told the loss and
 * the review's reason for it. */
static gboolean
engine_judges (const SternLessonAnswerCtx *ctx)
{
  g_autoptr (SternReviewer) reviewer = stern_reviewer_new (JUDGE_LEVEL);
  const SternVariant *variant = stern_game_get_variant (ctx->before);
  uint8_t best[STERN_MAX_PATH];
  size_t best_len;
  unsigned from = ctx->path[0], to = ctx->path[ctx->path_len - 1], figure = 0;
  SternReviewWhy reason;
  double loss;
  g_autofree char *verdict = NULL;
  g_autofree char *why = NULL;

  if (!stern_notation_parse_path_in (variant, ctx->lesson->answer, best, &best_len, NULL) ||
      best_len < 2)
    g_error ("lesson %s: bad answer %s", ctx->lesson->id, ctx->lesson->answer);
  loss = stern_reviewer_loss (reviewer, ctx->before, from, to, best[0], best[best_len - 1]);
  if (loss <= STERN_GAME_REVIEW_EXERCISE_MARGIN)
    {
      verdict = stern_texts_exercise_verdict (STERN_EXERCISE_RIGHT, loss);
      say (ctx, verdict);
      return TRUE;
    }
  verdict = stern_texts_exercise_verdict (STERN_EXERCISE_NOT_ENOUGH, loss);
  reason = stern_reviewer_why (reviewer, ctx->before, from, to, best[0], best[best_len - 1],
                               &figure);
  why = stern_texts_review_why (reason, figure);
  if (why != NULL)
    {
      g_autofree char *because = g_strdup_printf (_("The engine's reason: %s."), why);
      g_autofree char *text = g_strdup_printf ("%s %s", verdict, because);

      say (ctx, text);
    }
  else
    say (ctx, verdict);
  return FALSE;
}

/* A bridge: the marble on the lesson's from must either make its jump
 * of figure rows now or still have it after the move. */
static gboolean
check_keeps_bridge (const SternLessonAnswerCtx *ctx)
{
  const SternRules *rules = stern_game_get_rules (ctx->before);
  unsigned seat = stern_game_get_position (ctx->before)->to_move;
  unsigned rear = cell_of (stern_game_get_variant (ctx->before), ctx->lesson->from);
  int gain = ctx->path[0] == rear
             ? (int) stern_rules_goal_distance (rules, seat, rear) -
               (int) stern_rules_goal_distance (rules, seat, ctx->path[ctx->path_len - 1])
             : best_gain (rules, stern_game_get_position (ctx->after), seat, rear);

  if (gain < ctx->lesson->figure)
    {
      g_autofree char *text = g_strdup_printf (_("That move takes the bridge away: the marble on %s can then gain only %d rows in one move, not %d."),
                                               ctx->lesson->from, MAX (gain, 0), ctx->lesson->figure);
      say (ctx, text);
      return FALSE;
    }
  return engine_judges (ctx);
}

/* A block that pays: after the move the opponent (the next seat) gains
 * at most figure rows in one move, and the move costs the mover little. */
static gboolean
check_blocks (const SternLessonAnswerCtx *ctx)
{
  const SternRules *rules = stern_game_get_rules (ctx->before);
  const SternPosition *after = stern_game_get_position (ctx->after);
  int gain = best_gain (rules, after, after->to_move, STERN_NO_CELL);

  if (gain > ctx->lesson->figure)
    {
      g_autofree char *text = g_strdup_printf (_("After that move your opponent can still gain %d rows in one move."),
                                               gain);
      say (ctx, text);
      return FALSE;
    }
  return engine_judges (ctx);
}

/* Leaving home in practice (doc/rules.md §4, §9): each marble at home
 * needs a move of its own before the deadline. */
static gboolean
check_leaves_in_time (const SternLessonAnswerCtx *ctx)
{
  const SternRules *rules = stern_game_get_rules (ctx->before);
  unsigned seat = stern_game_get_position (ctx->before)->to_move;
  guint at_home = stern_set_count (stern_game_get_position (ctx->after)->marbles[seat] &
                                   rules->home[seat]);
  int left = stern_game_moves_to_leave_home (ctx->after, seat);

  if (left >= 0 && (int) at_home > left)
    {
      g_autofree char *text = g_strdup_printf (_("After that move, marbles at home: %u; your moves left before the deadline: %d. One of them would stay and eliminate you."),
                                               at_home, left);
      say (ctx, text);
      return FALSE;
    }
  return engine_judges (ctx);
}

/* Several players: the chain jumps over at least figure marbles of
 * other players. */
static gboolean
check_foreign_hops (const SternLessonAnswerCtx *ctx)
{
  const SternPosition *before = stern_game_get_position (ctx->before);
  const SternGeometry *geometry = stern_game_get_rules (ctx->before)->geometry;
  unsigned seat = before->to_move;
  guint foreign = 0;

  for (size_t i = 0; i + 1 < ctx->path_len; i++)
    for (unsigned d = 0; d < geometry->n_dirs; d++)
      {
        const uint8_t *line = geometry->line[ctx->path[i]][d];

        /* A short jump (the classic variants) passes the next hole. */
        if (geometry->line_len[ctx->path[i]][d] >= 2 && line[1] == ctx->path[i + 1] &&
            before->cell[line[0]] != STERN_EMPTY && before->cell[line[0]] != seat)
          foreign++;
      }
  if (foreign < (guint) ctx->lesson->figure)
    {
      g_autofree char *text = g_strdup_printf (_("Marbles of other players jumped over: %u of the %d asked for."),
                                               foreign, ctx->lesson->figure);
      say (ctx, text);
      return FALSE;
    }
  return engine_judges (ctx);
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
  /* Strategy: each answer is judged by the engine's review (the loss in
   * moves against the answer), some by a stated condition first. */
  {
    .id = "climb-ladder", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "moves",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: climb the ladder"),
    .task = N_("Your marbles on k5, k7 and k9 stand one hole apart: a ladder. Find the best move."),
    .explanation = N_("k4 climbs the whole ladder: over k5, k7 and k9 to k10, six rows in one move. A ladder is a line of marbles with empty holes between them; a marble that climbs it to the top gains more than any step. Stopping half way wastes the rungs that are left."),
    .position = "classic-2 white white:k4,k5,k7,k9,l4,m4,l3,j6,l6,i8 black:e17,e16,f16,e15,f15,g15,e14,f14,g14,h14",
    .moves_made = 8,
    .answer = "k4-k6-k8-k10",
    .wrong = "k4-k6",
    .check = engine_judges,
  },
  {
    .id = "bridge", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "moves",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: a bridge for the rear marble"),
    .task = N_("The marble on k4 is far behind; k5 and k7 are its bridge. Play a good move that does not take the bridge away."),
    .explanation = N_("k4 crosses the bridge now: over k5 to k6 and over k7 to k8. The long jump of k7 is tempting, but then the rear marble only gets a single jump and stays behind. Leave a marble or two in the middle until the last ones have crossed."),
    .position = "classic-2 white white:k4,k5,k7,j8,h10,g12,f13,h12,i12,e13 black:e17,e16,f16,e15,f15,g15,e14,f14,g14,h14",
    .moves_made = 20,
    .answer = "k4-k6-k8",
    .wrong = "k7-i9-g11",
    .from = "k4", .figure = 4,
    .check = check_keeps_bridge,
  },
  {
    .id = "self-block", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "moves",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: do not block yourself"),
    .task = N_("Find a good move. Careful: the step from l7 to k8 fills a hole your own marbles need."),
    .explanation = N_("k8 is a landing hole of your ladder k5, k7, k9: with a marble on it, k4 gets one jump instead of three. Before a step, look at which empty holes your own chains land on, and keep them empty. Here k4 climbs to k10 at once."),
    .position = "classic-2 white white:k4,k5,k7,k9,l7,h12,g12,f13,g13,e13 black:e17,e16,f16,e15,f15,g15,e14,f14,g14,h14",
    .moves_made = 24,
    .answer = "k4-k6-k8-k10",
    .wrong = "l7-k8",
    .check = engine_judges,
  },
  {
    .id = "straggler", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "moves",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: the straggler"),
    .task = N_("Your marble on l3 is the last one. The marbles between it and the others will not wait. Find the best move."),
    .explanation = N_("l3 jumps over l4, l6, k8 and j10 to j11: eight rows, while the marbles in the middle can still serve as its ladder. Once they move on, the last marble has to walk, one hole per move, and the whole team waits for it: the game ends when the last marble arrives."),
    .position = "classic-2 white white:l3,l4,l6,k8,j10,g12,f13,h12,g13,e13 black:e17,e16,f16,e15,f15,g15,e14,f14,g14,h14",
    .moves_made = 24,
    .answer = "l3-l5-l7-j9-j11",
    .wrong = "j10-j11",
    .check = engine_judges,
  },
  {
    .id = "opening", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "moves",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: the opening"),
    .task = N_("You opened with k3-k5 and l4-j6. Find a good third move."),
    .explanation = N_("The first moves build the road: k3-k5 and l4-j6 put marbles in front of the others, so that l3 now jumps over k4 and j6 to j7. The best opening moves gain two rows each and leave a marble ready to be jumped over by the next one. A single step from the front row gains little and leaves no ladder behind it."),
    .position = "classic-2 white white:m1,l2,m2,k5,l3,m3,j4,k4,l4,j6 black:e17,e16,f16,e15,f15,g15,e14,f14,g14,h14",
    .moves_made = 2,
    .answer = "l3-j5-j7",
    .wrong = "j4-j5",
    .check = engine_judges,
  },
  {
    .id = "block-pays", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "moves",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: a block that pays"),
    .task = N_("Black's marble on i12 can jump down over i11, i9 and i7. Find a move that advances and spoils that ladder."),
    .explanation = N_("k4 jumps over j5, i7 and i9 and lands on i10, the first landing hole of Black's ladder: you gain six rows and Black's best move shrinks from eight rows to two. A block pays when it costs you nothing or little; it is the same jump as k4-i6-i8, one hop longer."),
    .position = "classic-2 white white:i9,i7,j9,l5,m5,k6,l7,m3,k4,j5 black:i12,i11,f16,e15,f15,g15,e14,f14,e16,e17",
    .moves_made = 12,
    .answer = "k4-i6-i8-i10",
    .wrong = "k4-i6-i8",
    .figure = 2,
    .check = check_blocks,
  },
  {
    .id = "block-costs", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "moves",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: when blocking does not pay"),
    .task = N_("Black can jump from i12 down to i6. Only h11 can reach the hole i10 to block it, by a step back. Is it worth it? Find the best move."),
    .explanation = N_("No: h11-i10 costs you more than two moves, and Black loses less than that. A race is won by your own moves: k3 jumps over k4 and k6 to k7. Block only when the block is also a good move for you."),
    .position = "classic-2 white white:h11,l5,m5,k6,l7,m3,l4,k3,k4,m4 black:i12,i11,i9,i7,f16,e15,f15,e14,f14,e16",
    .moves_made = 12,
    .answer = "k3-k5-k7",
    .wrong = "h11-i10",
    .check = engine_judges,
  },
  {
    .id = "far-corner", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "finishing",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: fill the far corner first"),
    .task = N_("Your goal's tip e17 is empty, and so are e15 and g14. Play the first move of the quickest way to fill the goal."),
    .explanation = N_("i13 jumps over h13, f14 and e16 straight to the tip e17. The deepest holes are the hardest to reach later, when the goal is full of marbles to climb over; the holes at the entrance are filled last, by a step. Filling g14 first closes the road to the tip."),
    .position = "classic-2 white white:e16,f16,f15,g15,e14,f14,h14,j13,h13,i13 black:i5,j5,k5,l5,m5,h6,i6,j6,k6,l6",
    .moves_made = 40,
    .answer = "i13-g13-e15-e17",
    .wrong = "h13-g14",
    .check = check_last_three,
  },
  {
    .id = "entrance", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "finishing",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: do not close your own entrance"),
    .task = N_("Two holes of your goal are empty, f16 and h14, and two marbles are outside: h13 and i11. Play the first move of the quickest way to finish."),
    .explanation = N_("i11 steps up to h12 first, and the goal is full two moves later. If h13 stepped into h14 at once, the only way in would be closed while f16 is still empty deep inside, and the goal would need four moves more. Bring the last marble close before you close the entrance."),
    .position = "classic-2 white white:e17,e16,e15,f15,g15,e14,f14,g14,h13,i11 black:i5,j5,k5,l5,m5,h6,i6,j6,k6,l6",
    .moves_made = 40,
    .answer = "i11-h12",
    .wrong = "h13-h14",
    .check = check_last_three,
  },
  {
    .id = "leave-home-practice", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "home",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: leaving home in time"),
    .task = N_("This is your 28th move, and three marbles are still at home: j4, l4 and m4. Find a good move that keeps you in the game."),
    .explanation = N_("Each marble at home needs a move of its own, and only three moves are left before the end of your 30th: from now on each of them takes one out, l4 to k5 first. The long jump h9-f11-f13 is tempting, but after it three marbles would have two moves to leave. Count the marbles at home against the moves left from about move 20."),
    .position = "classic-2 white white:j4,l4,m4,k6,j7,i8,h9,g10,i10,f12 black:e17,e16,f16,e15,f15,g15,e14,f14,g14,h14",
    .moves_made = 27,
    .answer = "l4-k5",
    .wrong = "h9-f11-f13",
    .check = check_leaves_in_time,
  },
  {
    .id = "three-players", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "variants",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: three players, other players' marbles"),
    .task = N_("Blue and yellow marbles stand on j7, j9 and j11. Jump from j6 over at least three marbles of other players, as far as is good."),
    .explanation = N_("j6 jumps over j7, j9 and j11 to j12. With three or more players the middle of the board is full of other players' marbles: they make ladders for you as well as for them, and they move away next turn, so use them while they are there. Near the end, do not hand the player who is behind a ladder that decides who wins."),
    .position = "classic-3 white white:j6,k4,l4,m4,l3,m3,k5,l5,i7,h8 blue:j7,j11,h10,g11 yellow:j9,f12,k10,l9",
    .moves_made = 12,
    .answer = "j6-j8-j10-j12",
    .wrong = "j6-j8-j10",
    .figure = 3,
    .check = check_foreign_hops,
  },
  {
    .id = "six-players", .group = STERN_LESSON_GROUP_STRATEGY, .rules_page = "variants",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Strategy: six players, a ladder of many colours"),
    .task = N_("Red on k7, blue on k9 and yellow on j11: find a chain from k6 over at least three marbles of other players."),
    .explanation = N_("k6 jumps over red k7 and blue k9, then turns over yellow j11 to i12: three marbles of three other players in one move. With six players the centre is crowded; a chain over others' marbles is often the longest move, and it will not be there after they have moved."),
    .position = "classic-6 white white:k6,k4,l4,m4,l3,m3,k5,l5,m2,m1 red:k7,n5,o5 blue:k9,m9 black:k11,e14,f14 yellow:j11,e10 green:j13,d10",
    .moves_made = 12,
    .answer = "k6-k8-k10-i12",
    .wrong = "k6-k8",
    .figure = 3,
    .check = check_foreign_hops,
  },
  /* Halma and Ugolki (doc/rules.md §9). */
  {
    .id = "halma-diagonals", .group = STERN_LESSON_GROUP_SQUARE, .rules_page = "halma",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Halma: tempo and the diagonals"),
    .task = N_("Halma on 8×8, with diagonal moves. Find the best move towards h8."),
    .explanation = N_("d2 jumps over c3 to b4, over c5 to d6 and over e6 to f6: it lowers your tempo number by six. The tempo number counts files plus ranks to the far corner; a diagonal move lowers it by two, an orthogonal one by one, so in Halma look for chains that run along the diagonals towards the corner."),
    .position = "halma-8 white white:c3,d4,b3,c2,a4,b5,c5,e3,d2,f3 black:h8,g8,f8,e8,h7,g7,f7,e6,g6,h5",
    .moves_made = 10,
    .answer = "d2-b4-d6-f6",
    .wrong = "b3-c4",
    .check = engine_judges,
  },
  {
    .id = "halma-leave-camp", .group = STERN_LESSON_GROUP_SQUARE, .rules_page = "halma",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Halma: leaving the camp in time"),
    .task = N_("This is your 29th move, with diagonals: after your 30th every stone must be out of your camp. d1 and a4 are still in it."),
    .explanation = N_("Two stones in the camp, two moves left: one must leave now, d1 to e2 for example, and the other next move. In Halma with diagonals the camp must be empty after the 30th move (the 40th without them); a stone still there loses the game."),
    .position = "halma-8 white white:d1,a4,d4,e5,f5,e6,c5,b6,f3,g4 black:h8,g8,f8,h7,g7,h6,b1,a1,c1,b2",
    .moves_made = 28,
    .answer = "d1-e2",
    .wrong = "d4-f6-f4-h4",
    .check = check_leaves_in_time,
  },
  {
    .id = "ugolki-corner", .group = STERN_LESSON_GROUP_SQUARE, .rules_page = "halma",
    .kind = STERN_LESSON_EXERCISE, .answer_kind = STERN_LESSON_BY_MOVE,
    .title = N_("Ugolki: the far corner first"),
    .task = N_("Ugolki, orthogonal moves. Two cells of the camp you must fill are empty, h6 and the far corner h8. Play the first move of the quickest way to fill it."),
    .explanation = N_("f6 jumps over g6 to h6 and over h7 to h8, the corner. The corner is reached only over the stones beside it, so fill it while they can still be jumped; h5-h6 would close the way to it, and the goal would cost a move more."),
    .position = "ugolki white white:e6,f6,g6,e7,f7,g7,h7,e8,f8,g8,e5,h5 black:a1,b1,c1,a2,b2,c2,a3,b3,c3,d1,d2,f1",
    .moves_made = 30,
    .answer = "f6-h6-h8",
    .wrong = "h5-h6",
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

SternLessonGroup
stern_lesson_get_group (const SternLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, STERN_LESSON_GROUP_RULES);
  return lesson->group;
}

guint
stern_lessons_stars (gboolean wrong_before,
                     gboolean answer_shown)
{
  if (answer_shown)
    return 1;
  return wrong_before ? STERN_LESSON_MAX_STARS - 1 : STERN_LESSON_MAX_STARS;
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
  g_autoptr (GError) error = NULL;
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
  g_autoptr (SternGame) game = NULL;

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
  g_autoptr (SternGame) before = NULL;
  g_autoptr (SternGame) after = NULL;
  g_autoptr (GError) error = NULL;
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
  g_autoptr (SternGame) start = NULL;
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
  g_autoptr (SternGame) before = NULL;
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
  g_autoptr (GError) error = NULL;

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
      g_autoptr (SternGame) game = stern_lesson_new_game (lesson);
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
