/* stern-review.c: moves to finish, the loss of a move and its class.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "stern-review.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stern-eval.h"
#include "stern-eval-square.h"

/* The crossing's beam: how many positions each depth keeps, per level.
 * Wider finds shorter crossings (so steadier counts) and costs in
 * proportion; Hard's 96 keeps a 60-round review well within its time. */
static const unsigned crossing_beam[STERN_N_PLAY_LEVELS] = { 12, 32, 96, 192 };
/* Children kept per position of the beam at most; a crowded position has
 * a few hundred moves, but the best of them are jumps found among these. */
#define CROSSING_CHILDREN 160
/* Deeper than any crossing of a 15-marble side on the largest board. */
#define CROSSING_MAX_DEPTH 200

struct _SternReviewer {
  SternLevel   level;
  SternSearch *search;
  unsigned     beam;
  /* The rules the tables below were made for. */
  const SternVariant *variant;
  SternPreset  preset;
  SternRules   rules;
  SternEval    eval;
  SternMove    scratch[STERN_MAX_MOVES];
  SternPosition *cur, *next;
  struct Child { uint64_t key; int32_t h; uint16_t parent; uint8_t from, to; } *children;
};

const char *
stern_review_class_name (SternReviewClass klass)
{
  static const char *const names[STERN_REVIEW_N_CLASSES] = {
    "best", "good", "inaccuracy", "mistake", "blunder", "forced",
  };

  g_return_val_if_fail (klass < STERN_REVIEW_N_CLASSES, "best");
  return names[klass];
}

const char *
stern_review_why_name (SternReviewWhy why)
{
  static const char *const names[STERN_REVIEW_N_WHYS] = {
    "", "leaving-home", "backwards", "broke-ladder", "missed-jump", "blocked-entrance",
    "left-behind", "build-ladder", "fewer-rows", "next-move",
  };

  g_return_val_if_fail (why < STERN_REVIEW_N_WHYS, "");
  return names[why];
}

SternReviewClass
stern_review_classify (double loss)
{
  if (loss >= STERN_REVIEW_BLUNDER_FROM)
    return STERN_REVIEW_BLUNDER;
  if (loss >= STERN_REVIEW_MISTAKE_FROM)
    return STERN_REVIEW_MISTAKE;
  if (loss >= STERN_REVIEW_INACCURACY_FROM)
    return STERN_REVIEW_INACCURACY;
  if (loss >= STERN_REVIEW_GOOD_FROM)
    return STERN_REVIEW_GOOD;
  return STERN_REVIEW_BEST;
}

guint64
stern_review_seed (guint ply)
{
  guint64 x = G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (ply + 1);

  x ^= x >> 31;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  return x ^ (x >> 29);
}

SternReviewer *
stern_reviewer_new (SternLevel level)
{
  SternReviewer *r;

  g_return_val_if_fail (level < STERN_N_PLAY_LEVELS, NULL);
  r = g_new0 (SternReviewer, 1);
  r->level = level;
  r->search = stern_search_new ();
  r->beam = crossing_beam[level];
  r->cur = g_new (SternPosition, r->beam);
  r->next = g_new (SternPosition, r->beam);
  r->children = g_new (struct Child, (gsize) r->beam * CROSSING_CHILDREN);
  return r;
}

void
stern_reviewer_free (SternReviewer *reviewer)
{
  if (reviewer == NULL)
    return;
  stern_search_free (reviewer->search);
  g_free (reviewer->cur);
  g_free (reviewer->next);
  g_free (reviewer->children);
  g_free (reviewer);
}

static void
prepare (SternReviewer *r, const SternGame *game)
{
  const SternVariant *variant = stern_game_get_variant (game);
  SternPreset preset = stern_game_get_preset (game);

  if (r->variant == variant && r->preset == preset)
    return;
  r->variant = variant;
  r->preset = preset;
  stern_rules_init (&r->rules, variant, preset);
  stern_eval_init (&r->eval, &r->rules);
}

/* The seat's evaluation as a measure of distance only: the deadlines of
 * the leaving-home and tempo checks (which the search weighs against the
 * game's move counters) left out, as if both were past. */
static int
distance_cost (const SternReviewer *r, const SternPosition *pos, unsigned seat)
{
  if (r->rules.tempo_check_move)
    return stern_eval_square_seat_cost (&r->eval, pos, seat,
                                        MAX (r->rules.tempo_check_move, r->rules.home_check_move) + 1);
  return stern_eval_seat_cost (&r->eval, pos, seat, -1);
}

static int
compare_children (const void *a, const void *b)
{
  const struct Child *x = a, *y = b;

  if (x->h != y->h)
    return x->h < y->h ? -1 : 1;
  return (x->key > y->key) - (x->key < y->key);
}

/* Moves the seat's marbles need alone on the board to finish, by a beam
 * search, and the evaluation of the finished position it found (the
 * evaluation is near 0 there, not exactly); CROSSING_MAX_DEPTH and the
 * best position's evaluation when it found no end. */
static unsigned
crossing_moves (SternReviewer *r, const SternPosition *alone, unsigned seat, int *end_cost)
{
  const unsigned cap = r->beam * CROSSING_CHILDREN;
  unsigned n_cur = 1;

  *end_cost = distance_cost (r, alone, seat);
  if (stern_eval_seat_finished (&r->rules, alone, seat))
    return 0;
  r->cur[0] = *alone;
  for (unsigned depth = 1; depth <= CROSSING_MAX_DEPTH; depth++)
    {
      unsigned n_child = 0, n_next = 0;

      for (unsigned i = 0; i < n_cur; i++)
        {
          SternPosition *pos = &r->cur[i];
          size_t count = stern_movegen_generate (&r->rules, pos, seat, r->scratch);

          for (size_t k = 0; k < count && n_child < cap; k++)
            {
              unsigned from = r->scratch[k].from, to = r->scratch[k].to;
              bool done;

              stern_position_move (pos, from, to);
              done = stern_eval_seat_finished (&r->rules, pos, seat);
              r->children[n_child].key = pos->hash;
              r->children[n_child].h = distance_cost (r, pos, seat);
              r->children[n_child].parent = (uint16_t) i;
              r->children[n_child].from = (uint8_t) from;
              r->children[n_child].to = (uint8_t) to;
              if (done)
                *end_cost = r->children[n_child].h;
              stern_position_move (pos, to, from);
              if (done)
                return depth;
              n_child++;
            }
        }
      if (n_child == 0)
        break;
      qsort (r->children, n_child, sizeof *r->children, compare_children);
      *end_cost = r->children[0].h;
      for (unsigned c = 0; c < n_child && n_next < r->beam; c++)
        {
          const struct Child *child = &r->children[c];

          if (c > 0 && child->key == r->children[c - 1].key)
            continue;
          r->next[n_next] = r->cur[child->parent];
          stern_position_move (&r->next[n_next], child->from, child->to);
          n_next++;
        }
      {
        SternPosition *tmp = r->cur;
        r->cur = r->next;
        r->next = tmp;
      }
      n_cur = n_next;
    }
  return CROSSING_MAX_DEPTH;
}

/* The seat's moves to finish in pos, and the rate (evaluation units a
 * move) its crossing makes, which turns other positions' evaluations into
 * moves. */
static double
moves_to_finish_rate (SternReviewer *r, const SternPosition *pos, unsigned seat, double *rate_out)
{
  SternPosition alone = *pos;
  unsigned crossing;
  int cost_real, cost_alone, finished;
  double rate, correction;

  *rate_out = 0.0;
  /* A seat without marbles (out of the game, or a position without it)
   * has nothing left to move. */
  if (pos->marbles[seat] == 0 || stern_eval_seat_finished (&r->rules, pos, seat))
    return 0.0;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (s != seat)
      stern_position_remove_seat (&alone, s);
  stern_position_set_to_move (&alone, seat);
  crossing = crossing_moves (r, &alone, seat, &finished);

  /* The other marbles: what the evaluation says they add or save, at the
   * rate of evaluation per move this crossing makes, at most half the
   * crossing either way (the evaluation is a guide, not a count). */
  cost_real = distance_cost (r, pos, seat);
  cost_alone = distance_cost (r, &alone, seat);
  rate = crossing > 0 ? (double) (cost_alone - finished) / crossing : 0.0;
  correction = rate > 0.0 ? (cost_real - cost_alone) / rate : 0.0;
  correction = CLAMP (correction, -(double) crossing / 2, (double) crossing / 2);
  *rate_out = rate;
  return MAX ((double) crossing + correction, 1.0);
}

static double
moves_to_finish (SternReviewer *r, const SternPosition *pos, unsigned seat)
{
  double rate;

  return moves_to_finish_rate (r, pos, seat, &rate);
}

/* The moves to finish after a move from the position before it: the
 * difference the evaluation sees, at the crossing's rate there.  Two
 * crossings found by a narrow beam differ by a few moves for positions a
 * move apart, which would drown the loss; one crossing and the smooth
 * evaluation do not. */
static double
moves_to_finish_after (SternReviewer *r, const SternPosition *before, double mtf_before,
                       double rate, unsigned seat, unsigned from, unsigned to)
{
  SternPosition after = *before;
  int delta;

  stern_position_move (&after, from, to);
  if (stern_eval_seat_finished (&r->rules, &after, seat))
    return 0.0;
  if (rate <= 0.0)
    return mtf_before;
  delta = distance_cost (r, &after, seat) - distance_cost (r, before, seat);
  return MAX (mtf_before + delta / rate, 1.0);
}

/* The seat's evaluation after a move and its best own move after it, the
 * others standing still: what the move prepares (or spoils) for the next
 * one.  The move itself is from → to in before. */
static int
prepared_cost (SternReviewer *r, const SternPosition *before, unsigned seat,
               unsigned from, unsigned to)
{
  SternPosition after = *before;
  size_t count;
  int best;

  stern_position_move (&after, from, to);
  best = distance_cost (r, &after, seat);
  if (stern_eval_seat_finished (&r->rules, &after, seat))
    return best;
  count = stern_movegen_generate (&r->rules, &after, seat, r->scratch);
  for (size_t k = 0; k < count; k++)
    {
      unsigned f = r->scratch[k].from, t = r->scratch[k].to;
      int cost;

      stern_position_move (&after, f, t);
      cost = distance_cost (r, &after, seat);
      stern_position_move (&after, t, f);
      best = MIN (best, cost);
    }
  return best;
}

int
stern_reviewer_proved_moves (SternReviewer *reviewer, const SternGame *game, unsigned seat)
{
  g_return_val_if_fail (reviewer != NULL && game != NULL, -1);
  g_return_val_if_fail (seat < STERN_N_SEATS, -1);

  return stern_search_prove_finish (reviewer->search, game, seat, reviewer->level);
}

double
stern_reviewer_moves_to_finish (SternReviewer *reviewer, const SternGame *game, unsigned seat)
{
  g_return_val_if_fail (reviewer != NULL && game != NULL, 0.0);
  g_return_val_if_fail (seat < STERN_N_SEATS, 0.0);

  prepare (reviewer, game);
  return moves_to_finish (reviewer, stern_game_get_position (game), seat);
}

/* Rounded to a tenth of a move, so that the same review prints the same
 * figures however the sums came out in the last bits. */
static double
tenths (double x)
{
  return (double) (gint64) (x * 10.0 + (x >= 0 ? 0.5 : -0.5)) / 10.0;
}

/* The loss of from → to against best_from → best_to, whose moves to
 * finish after them are after and after_best: the difference, or, when
 * larger, the same one own move further (a move that gains at once but
 * leaves nothing for the next one loses what the next one would). */
static double
move_loss (SternReviewer *r, const SternPosition *pos, unsigned seat, double rate,
           double after, double after_best, gboolean have_best,
           unsigned from, unsigned to, unsigned best_from, unsigned best_to)
{
  double loss = after - after_best;

  if (have_best && rate > 0.0)
    loss = MAX (loss, (prepared_cost (r, pos, seat, from, to) -
                       prepared_cost (r, pos, seat, best_from, best_to)) / rate);
  return MAX (tenths (loss), 0.0);
}

double
stern_reviewer_loss (SternReviewer *reviewer, const SternGame *game, unsigned from, unsigned to,
                     unsigned best_from, unsigned best_to)
{
  const SternPosition *pos;
  unsigned seat;
  double before, rate;

  g_return_val_if_fail (reviewer != NULL && game != NULL, 0.0);
  g_return_val_if_fail (from < STERN_MAX_CELLS && to < STERN_MAX_CELLS, 0.0);
  g_return_val_if_fail (best_from < STERN_MAX_CELLS && best_to < STERN_MAX_CELLS, 0.0);

  if (from == best_from && to == best_to)
    return 0.0;
  prepare (reviewer, game);
  pos = stern_game_get_position (game);
  seat = pos->to_move;
  before = moves_to_finish_rate (reviewer, pos, seat, &rate);
  return move_loss (reviewer, pos, seat, rate,
                    tenths (moves_to_finish_after (reviewer, pos, before, rate, seat, from, to)),
                    tenths (moves_to_finish_after (reviewer, pos, before, rate, seat,
                                                   best_from, best_to)),
                    TRUE, from, to, best_from, best_to);
}

/* The hops of the move from → to along its shortest path, 0 for a step;
 * over (nullable) gets the holes it jumps over. */
static unsigned
path_hops (const SternRules *rules, const SternPosition *pos, unsigned from, unsigned to,
           SternSet *over)
{
  const SternGeometry *geo = rules->geometry;
  uint8_t path[STERN_MAX_PATH];
  size_t len = stern_movegen_path (rules, pos, from, to, path);
  unsigned hops = 0;

  if (over != NULL)
    *over = 0;
  for (size_t i = 0; i + 1 < len; i++)
    for (unsigned d = 0; d < geo->n_dirs; d++)
      {
        const uint8_t *line = geo->line[path[i]][d];
        unsigned k = 0;

        while (k < geo->line_len[path[i]][d] && line[k] != path[i + 1])
          k++;
        if (k == geo->line_len[path[i]][d])
          continue;
        if (k == 0)
          return 0;
        /* A jump lands as far beyond the marble it jumps as it stood
         * before it (doc/rules.md §3), so that marble is half way. */
        if (over != NULL)
          *over |= stern_set_bit (line[(k + 1) / 2 - 1]);
        hops++;
        break;
      }
  return hops;
}

/* The most rows one own move of the seat gains in pos, the others
 * standing still. */
static int
best_next_rows (SternReviewer *r, const SternPosition *pos, unsigned seat)
{
  size_t count = stern_movegen_generate (&r->rules, pos, seat, r->scratch);
  int best = G_MININT;

  for (size_t k = 0; k < count; k++)
    best = MAX (best, stern_eval_row_gain (&r->eval, seat, r->scratch[k].from, r->scratch[k].to));
  return count > 0 ? best : 0;
}

/* The hops of the longest own chain among the moves that gain the most
 * rows in pos (0 when those are steps). */
static unsigned
best_next_hops (SternReviewer *r, const SternPosition *pos, unsigned seat, int rows)
{
  SternMove moves[STERN_MAX_MOVES];
  size_t count = stern_movegen_generate (&r->rules, pos, seat, moves);
  unsigned hops = 0;

  for (size_t k = 0; k < count; k++)
    if (stern_eval_row_gain (&r->eval, seat, moves[k].from, moves[k].to) == rows)
      {
        unsigned h = path_hops (&r->rules, pos, moves[k].from, moves[k].to, NULL);

        hops = MAX (hops, h);
      }
  return hops;
}

/* The longest own chain (two hops or more) of another marble that the
 * move from → to takes away (it moved a marble the chain jumps over, or
 * took its landing hole), that the better move keeps, and that gained more
 * than anything left after the move; its hops, 0 when none. */
static unsigned
broken_chain (SternReviewer *r, const SternPosition *pos, const SternPosition *after,
              const SternPosition *after_best, unsigned seat, unsigned from,
              unsigned best_from, unsigned best_to)
{
  SternMove moves[STERN_MAX_MOVES];
  size_t count = stern_movegen_generate (&r->rules, pos, seat, moves);
  int left = best_next_rows (r, after, seat);
  unsigned longest = 0;

  for (size_t k = 0; k < count; k++)
    {
      unsigned f = moves[k].from, t = moves[k].to, hops;
      gboolean kept;

      if (f == from || stern_eval_row_gain (&r->eval, seat, f, t) <= MAX (left, 0))
        continue;
      if (stern_set_has (stern_movegen_destinations (&r->rules, after, f), t))
        continue;
      kept = (f == best_from && t == best_to) ||
             (f != best_from &&
              stern_set_has (stern_movegen_destinations (&r->rules, after_best, f), t));
      if (!kept)
        continue;
      hops = path_hops (&r->rules, pos, f, t, NULL);
      if (hops >= 2)
        longest = MAX (longest, hops);
    }
  return longest;
}

/* Empty holes of the seat's goal deeper than the entrance row, when the
 * move ends in that row (the goal's holes farthest from its tip); 0
 * otherwise. */
static unsigned
entrance_blocked (const SternReviewer *r, const SternPosition *after, unsigned seat, unsigned to)
{
  SternSet goal = r->rules.goal[seat], holes = goal;
  unsigned entrance = 0, empty = 0;

  if (!stern_set_has (goal, to))
    return 0;
  while (holes)
    {
      unsigned d = r->eval.tip_dist[seat][stern_set_pop (&holes)];

      entrance = MAX (entrance, d);
    }
  if (r->eval.tip_dist[seat][to] != entrance)
    return 0;
  holes = goal & ~after->occupied;
  while (holes)
    if (r->eval.tip_dist[seat][stern_set_pop (&holes)] < entrance)
      empty++;
  return empty;
}

/* Steps from the seat's last marble (the one farthest from its goal) to
 * the goal on an empty board. */
static unsigned
last_marble_steps (const SternRules *rules, const SternPosition *pos, unsigned seat)
{
  SternSet marbles = pos->marbles[seat];
  unsigned last = 0;

  while (marbles)
    {
      unsigned d = rules->goal_distance[seat][stern_set_pop (&marbles)];

      last = MAX (last, d);
    }
  return last;
}

SternReviewWhy
stern_reviewer_why (SternReviewer *reviewer, const SternGame *game, unsigned from, unsigned to,
                    unsigned best_from, unsigned best_to, unsigned *figure)
{
  SternReviewer *r = reviewer;
  const SternPosition *pos;
  SternPosition after, after_best;
  SternReviewWhy why = STERN_REVIEW_WHY_NONE;
  unsigned seat, fig = 0, best_hops, last, ladder;
  int rows, best_rows, next, best_next;

  g_return_val_if_fail (reviewer != NULL && game != NULL, STERN_REVIEW_WHY_NONE);
  g_return_val_if_fail (stern_game_is_legal (game, from, to), STERN_REVIEW_WHY_NONE);
  g_return_val_if_fail (stern_game_is_legal (game, best_from, best_to), STERN_REVIEW_WHY_NONE);

  prepare (r, game);
  pos = stern_game_get_position (game);
  seat = stern_game_get_turn (game);
  after = *pos;
  stern_position_move (&after, from, to);
  after_best = *pos;
  stern_position_move (&after_best, best_from, best_to);
  rows = stern_eval_row_gain (&r->eval, seat, from, to);
  best_rows = stern_eval_row_gain (&r->eval, seat, best_from, best_to);
  best_hops = path_hops (&r->rules, pos, best_from, best_to, NULL);
  last = last_marble_steps (&r->rules, pos, seat);
  next = best_next_rows (r, &after, seat);
  best_next = best_next_rows (r, &after_best, seat);
  /* The chain the better move makes ready for the next one, when the move
   * played leaves none as long. */
  ladder = best_next_hops (r, &after_best, seat, best_next);
  if (ladder <= best_next_hops (r, &after, seat, next))
    ladder = 0;

  /* The first that fits, the plainest first: a rule broken, a marble
   * sent back, a chain lost or missed, then the goal and the rear. */
  if (stern_game_fatal_reason (game, from, to, NULL) != STERN_FATAL_NONE &&
      stern_game_fatal_reason (game, best_from, best_to, NULL) == STERN_FATAL_NONE)
    why = STERN_REVIEW_WHY_LEAVING_HOME;
  else if (rows <= -2)
    why = STERN_REVIEW_WHY_BACKWARDS, fig = (unsigned) -rows;
  else if ((fig = broken_chain (r, pos, &after, &after_best, seat, from, best_from, best_to)) > 0)
    why = STERN_REVIEW_WHY_BROKE_LADDER;
  else if (best_hops >= 2 && best_hops > path_hops (&r->rules, pos, from, to, NULL) &&
           best_rows - rows >= 2)
    why = STERN_REVIEW_WHY_MISSED_JUMP, fig = best_hops;
  else if ((fig = entrance_blocked (r, &after, seat, to)) > 0 &&
           entrance_blocked (r, &after_best, seat, best_to) == 0)
    why = STERN_REVIEW_WHY_BLOCKED_ENTRANCE;
  else if (last >= 2 && r->rules.goal_distance[seat][best_from] == last &&
           r->rules.goal_distance[seat][from] < last)
    why = STERN_REVIEW_WHY_LEFT_BEHIND, fig = last;
  else if (ladder >= 2 && best_rows + best_next - (rows + next) >= 2)
    why = STERN_REVIEW_WHY_BUILD_LADDER, fig = ladder;
  else if (rows < 0)
    why = STERN_REVIEW_WHY_BACKWARDS, fig = (unsigned) -rows;
  else if (best_rows > rows)
    why = STERN_REVIEW_WHY_FEWER_ROWS, fig = (unsigned) (best_rows - rows);
  else if (best_rows + best_next > rows + next)
    why = STERN_REVIEW_WHY_NEXT_MOVE, fig = (unsigned) (best_rows + best_next - (rows + next));
  if (why == STERN_REVIEW_WHY_NONE)
    fig = 0;
  if (figure != NULL)
    *figure = fig;
  return why;
}

gboolean
stern_reviewer_review_action (SternReviewer *reviewer, SternGame *game, guint ply,
                              const gint *stop, SternReviewEntry *out)
{
  SternReviewer *r = reviewer;
  guint here;
  const SternAction *action;
  SternMove best;
  gboolean complete = TRUE;

  g_return_val_if_fail (reviewer != NULL && game != NULL && out != NULL, FALSE);
  g_return_val_if_fail (ply < stern_game_get_n_actions_total (game), FALSE);

  prepare (r, game);
  here = stern_game_get_n_actions (game);
  stern_game_seek (game, ply);
  action = stern_game_get_action (game, ply);

  memset (out, 0, sizeof *out);
  out->ply = ply;
  out->round = stern_game_get_action_round (game, ply);
  out->kind = action->kind;
  out->seat = action->seat;
  out->klass = STERN_REVIEW_FORCED;

  if (action->kind == STERN_ACTION_MOVE)
    {
      const SternPosition *pos = stern_game_get_position (game);
      unsigned seat = action->seat, from = action->path[0], to = action->path[action->path_len - 1];
      double before, rate;

      out->played_len = action->path_len;
      memcpy (out->played, action->path, action->path_len);
      before = moves_to_finish_rate (r, pos, seat, &rate);
      out->before = tenths (before);
      out->after = tenths (moves_to_finish_after (r, pos, before, rate, seat, from, to));
      out->after_best = out->after;

      if (stern_search_choose (r->search, game, r->level, stern_review_seed (ply), 0, stop, &best))
        {
          out->best_len = (uint8_t) stern_movegen_path (&r->rules, pos, best.from, best.to,
                                                        out->best);
          out->after_best = tenths (moves_to_finish_after (r, pos, before, rate, seat,
                                                           best.from, best.to));
        }
      if (stop != NULL && g_atomic_int_get (stop))
        complete = FALSE;

      if (out->best_len >= 2 && best.from == from && best.to == to)
        {
          out->loss = 0.0;
          out->klass = STERN_REVIEW_BEST;
        }
      else
        {
          out->loss = move_loss (r, pos, seat, rate, out->after, out->after_best,
                                 out->best_len >= 2, from, to, best.from, best.to);
          out->klass = stern_review_classify (out->loss);
          if (out->klass >= STERN_REVIEW_INACCURACY && out->best_len >= 2)
            out->why = stern_reviewer_why (r, game, from, to, best.from, best.to,
                                           &out->why_figure);
        }
      if (r->rules.tempo_check_move)
        {
          SternPosition after = *pos;

          stern_position_move (&after, from, to);
          out->tempo = stern_position_tempo (&after, &r->rules, seat);
        }
    }
  stern_game_seek (game, here);
  return complete;
}

size_t
stern_reviewer_best_line (SternReviewer *reviewer, const SternGame *game,
                          size_t max_plies, const gint *stop, SternReviewPath *line)
{
  g_autoptr (SternGame) copy = NULL;
  size_t n = 0;

  g_return_val_if_fail (reviewer != NULL && game != NULL, 0);
  g_return_val_if_fail (max_plies == 0 || line != NULL, 0);

  prepare (reviewer, game);
  copy = stern_game_copy (game);
  while (n < max_plies && !stern_game_is_over (copy) && !stern_game_must_pass (copy))
    {
      SternMove move;
      const SternPosition *pos = stern_game_get_position (copy);
      unsigned seat = stern_game_get_turn (copy);

      if (stop != NULL && g_atomic_int_get (stop))
        break;
      if (!stern_search_choose (reviewer->search, copy, reviewer->level,
                                stern_review_seed (stern_game_get_n_actions (copy)), 0, stop,
                                &move))
        break;
      line[n].seat = (uint8_t) seat;
      line[n].len = (uint8_t) stern_movegen_path (&reviewer->rules, pos, move.from, move.to,
                                                  line[n].path);
      if (!stern_game_play (copy, move.from, move.to, NULL))
        break;
      n++;
    }
  return n;
}

void
stern_review_summarise (const SternReviewEntry *entries, size_t n, unsigned seat,
                        SternReviewSummary *out)
{
  double accuracy = 0.0;

  g_return_if_fail (out != NULL);
  g_return_if_fail (n == 0 || entries != NULL);

  memset (out, 0, sizeof *out);
  out->accuracy = 100.0;
  for (size_t i = 0; i < n; i++)
    {
      if (entries[i].seat != seat)
        continue;
      out->count[entries[i].klass]++;
      if (entries[i].kind != STERN_ACTION_MOVE)
        continue;
      out->moves++;
      out->total_loss += entries[i].loss;
      accuracy += 100.0 * exp2 (-entries[i].loss / STERN_REVIEW_ACCURACY_HALF);
    }
  out->total_loss = tenths (out->total_loss);
  if (out->moves > 0)
    out->accuracy = tenths (accuracy / out->moves);
  out->average_loss = out->moves ? (double) (gint64) (out->total_loss / out->moves * 100 + 0.5) / 100
                                 : 0.0;
}
