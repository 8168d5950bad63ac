/* stern-search.c: the computer player (stern-search.h): the levels, a
 * search object, setting a search up from a game, the root's moves and the
 * time cap, the baselines, and the entry point that picks the search for
 * the level and the variant: stern-search-tree.c (alpha-beta and
 * Best-Reply Search), stern-search-race.c (several opponents with long
 * jumps), stern-search-solo.c (the solo crossing).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-search-private.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const LevelParams level_params[STERN_N_PLAY_LEVELS] = {
  /* easy: a noisy one-ply look, handled apart */
  { 1,  0,       200,  0,  0,  EASY_NOISE,          8,    0,  1 },
  /* medium: a short look ahead with some noise */
  { 2,  6000,    300,  10, 8,  STERN_EVAL_ROW,      100,  0,  1 },
  /* hard */
  { 24, 50000,   900,  14, 10, 2,                   1000, 16, 1 },
  /* expert */
  { 24, 200000,  2700, 18, 12, 2,                   3000, 24, 3 },
};

static const char *const level_names[STERN_N_LEVELS] = {
  "easy", "medium", "hard", "expert", "random", "greedy", "search3",
};

const char *
stern_level_name (SternLevel level)
{
  g_return_val_if_fail (level < STERN_N_LEVELS, "medium");
  return level_names[level];
}

gboolean
stern_level_lookup (const char *name, SternLevel *level)
{
  g_return_val_if_fail (name != NULL, FALSE);
  for (unsigned i = 0; i < STERN_N_LEVELS; i++)
    if (strcmp (name, level_names[i]) == 0)
      {
        if (level)
          *level = (SternLevel) i;
        return TRUE;
      }
  return FALSE;
}

SternSearch *
stern_search_new (void)
{
  SternSearch *s = g_new0 (SternSearch, 1);

  s->tt = g_new0 (TTEntry, TT_SIZE);
  s->moves = g_malloc (sizeof (SMove[NODE_MOVES]) * MAX_PLY);
  s->plan_level = -1;
  return s;
}

void
stern_search_free (SternSearch *search)
{
  if (search == NULL)
    return;
  g_free (search->tt);
  g_free (search->moves);
  g_free (search->solo_steps);
  g_free (search->solo_children);
  g_free (search->solo_cur);
  g_free (search->solo_next);
  stern_race_end_free (search->race_end);
  g_free (search);
}

void
stern_search_set_uncapped (SternSearch *search, gboolean uncapped)
{
  g_return_if_fail (search != NULL);
  search->uncapped = uncapped;
}

void
stern_search_get_info (const SternSearch *search, SternSearchInfo *info)
{
  g_return_if_fail (search != NULL && info != NULL);
  *info = search->info;
}

static uint64_t
mix64 (uint64_t x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* A reproducible number in [0, range] for a move under a seed. */
int
search_move_noise (guint64 seed, unsigned from, unsigned to, int range)
{
  if (range <= 0)
    return 0;
  return (int) (mix64 (seed ^ ((uint64_t) from << 8 | to) * G_GUINT64_CONSTANT (0x2545f4914f6cdd1d)) %
                (uint64_t) (range + 1));
}

/* The calling thread's CPU time in microseconds; the wall clock where the
 * system has no such clock. */
gint64
search_thread_cpu_us (void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
    return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
#endif
  return g_get_monotonic_time ();
}


/* A level's cap: CPU time, with the wall-clock ceiling; --movetime and
 * the like ask for wall time itself. */
void
search_set_time_cap (SternSearch *s, gint64 start, int level_ms, int movetime_ms)
{
  s->start_us = start;
  s->cpu_start_us = search_thread_cpu_us ();
  if (movetime_ms > 0)
    {
      s->deadline_us = start + (gint64) movetime_ms * 1000;
      return;
    }
  if (s->uncapped)
    return;
  s->cpu_deadline_us = s->cpu_start_us + (gint64) level_ms * 1000;
  s->deadline_us = start + (gint64) level_ms * 1000 * WALL_CEILING_FACTOR;
}

/* The share of the way from start to end that now is, up to 1. */
static double
share_of (gint64 start, gint64 end, gint64 now)
{
  return end > start ? MIN (1.0, (double) (now - start) / (double) (end - start)) : 0.0;
}

void
search_tell_progress (SternSearch *s)
{
  double done = 0.0;
  unsigned steps;

  if (s->node_limit)
    done = (double) s->nodes / (double) s->node_limit;
  if (s->deadline_us)
    done = MAX (done, share_of (s->start_us, s->deadline_us, g_get_monotonic_time ()));
  if (s->cpu_deadline_us)
    done = MAX (done, share_of (s->cpu_start_us, s->cpu_deadline_us, search_thread_cpu_us ()));
  steps = (unsigned) (MIN (done, 1.0) * PROGRESS_STEPS);
  if (steps > s->progress_told)
    {
      s->progress_told = steps;
      s->progress ((double) steps / PROGRESS_STEPS, s->progress_data);
    }
}

void
stern_search_set_progress (SternSearch             *search,
                           SternSearchProgressFunc  func,
                           gpointer                 user_data)
{
  g_return_if_fail (search != NULL);

  search->progress = func;
  search->progress_data = user_data;
}

/* ---- setting up a search ---- */

void
search_setup (SternSearch *s, const SternGame *game)
{
  const SternVariant *v = stern_game_get_variant (game);

  s->rules = *stern_game_get_rules (game);
  stern_eval_init (&s->eval, &s->rules);
  stern_eval_cache_clear (&s->eval_cache);
  s->pos = *stern_game_get_position (game);
  s->root = stern_game_get_turn (game);
  s->partner = v->teams ? stern_seat_opposite (s->root) : STERN_NO_SEAT;
  s->n_opp = 0;
  for (unsigned i = 0; i < v->n_players; i++)
    {
      unsigned seat = v->seats[i];

      s->made[seat] = (int) stern_game_get_moves_made (game, seat);
      if (seat != s->root && seat != s->partner &&
          stern_game_get_player_state (game, seat) == STERN_PLAYER_PLAYING)
        s->opp[s->n_opp++] = (uint8_t) seat;
    }
  s->nodes = 0;
  s->aborted = false;

  if (s->rules.tempo_check_move)
    for (unsigned i = 0; i < v->n_players; i++)
      {
        unsigned seat = v->seats[i];
        const uint8_t *corner = s->rules.tempo_distance[seat];
        SternSet goal = s->rules.goal[seat];

        for (SternSet cells = goal; cells;)
          {
            unsigned from = stern_set_pop (&cells);
            SternSet no_deeper = s->rules.geometry->all_cells & ~goal;

            for (SternSet others = goal; others;)
              {
                unsigned to = stern_set_pop (&others);

                if (corner[to] >= corner[from])
                  no_deeper |= stern_set_bit (to);
              }
            s->goal_no_deeper[seat][from] = no_deeper;
          }
      }

  /* The earlier positions, keyed as the search keys its nodes: the root
   * seat on turn at max nodes, an opponent at min nodes. */
  memset (s->seen, 0, sizeof s->seen);
  s->check_repetition = (s->rules.repetition_ends || s->rules.tempo_check_move) &&
                        s->n_opp == 1 && !v->teams;
  if (s->check_repetition && stern_game_get_n_actions (game) > 0)
    {
      g_autoptr (SternGame) past = stern_game_copy (game);
      uint64_t root_key = stern_position_key_to_move (s->root);

      for (unsigned i = 0; i < STERN_SEARCH_LOOKBACK && stern_game_undo (past); i++)
        {
          const SternPosition *p = stern_game_get_position (past);

          if (p->to_move == s->root)
            search_seen_add (s, p->hash);
          else
            search_seen_add (s, p->hash ^ stern_position_key_to_move (p->to_move) ^ root_key ^ MIN_NODE_KEY);
        }
    }
}

/* The seat's legal moves in the game, fatal ones dropped while others exist. */
static size_t
root_moves (SternSearch *s, const SternGame *game, SternMove *moves)
{
  size_t n = stern_game_legal_moves (game, moves), kept = 0;

  for (size_t i = 0; i < n; i++)
    if (!(moves[i].flags & STERN_MOVE_FATAL))
      moves[kept++] = moves[i];
  return kept > 0 ? kept : n;
}

/* Steps from cell to the nearest hole outside the root seat's home (0
 * outside it). */
static unsigned
home_exit_steps (const SternSearch *s, unsigned cell)
{
  const SternRules *rules = &s->rules;
  SternSet home = rules->home[s->root], edge = 0;
  unsigned best = G_MAXUINT;

  if (!stern_set_has (home, cell))
    return 0;
  if (rules->tempo_check_move)
    return s->eval.home_exit[s->root][cell];
  for (SternSet h = home; h;)
    edge |= rules->geometry->neighbours[stern_set_pop (&h)];
  for (edge &= ~home; edge;)
    {
      unsigned d = stern_board_distance (cell, stern_set_pop (&edge));

      best = MIN (best, d);
    }
  return best;
}

/* The levels' root moves: as root_moves(), and once the leaving-home
 * deadline (§4, or the square boards' check of §9) is near, only moves
 * that take a marble out of home (or, if none can leave in one move, that
 * bring one at home nearer its edge).  The evaluation's deadline term
 * alone left Easy's noise and Medium's short look free to spend the last
 * moves elsewhere: 22 of 60 games between them and Hard were lost so. */
size_t
search_level_root_moves (SternSearch *s, const SternGame *game, SternMove *moves)
{
  const SternRules *rules = &s->rules;
  size_t n = root_moves (s, game, moves), out = 0, nearer = 0, inside = 0;
  int left = stern_game_moves_to_leave_home (game, s->root);
  SternSet home = rules->home[s->root], waiting = s->pos.marbles[s->root] & home;
  unsigned can_move = 0, spare = HOME_URGENT_SPARE;

  if (left < 0 || waiting == 0)
    return n;
  /* A marble shut in at home is excused on the star, not on the square boards. */
  while (waiting)
    {
      unsigned cell = stern_set_pop (&waiting);

      can_move += rules->tempo_check_move || stern_movegen_marble_can_move (rules, &s->pos, cell);
    }
  if (s->pos.occupied & home & ~s->pos.marbles[s->root])
    spare += HOME_URGENT_CROWDED;
  if (can_move == 0 || (unsigned) left > HOME_URGENT_MOVES * can_move + spare)
    return n;

  for (size_t i = 0; i < n; i++)
    {
      bool from_home = stern_set_has (home, moves[i].from);

      out += from_home && !stern_set_has (home, moves[i].to);
      nearer += from_home && home_exit_steps (s, moves[i].to) < home_exit_steps (s, moves[i].from);
      inside += from_home;
    }
  if (inside == 0)
    return n;
  {
    size_t kept = 0;

    /* Out of home; else nearer its edge (back and forth inside lost games). */
    for (size_t i = 0; i < n; i++)
      if (stern_set_has (home, moves[i].from) &&
          (out > 0 ? !stern_set_has (home, moves[i].to)
                   : nearer == 0 ||
                     home_exit_steps (s, moves[i].to) < home_exit_steps (s, moves[i].from)))
        moves[kept++] = moves[i];
    return kept;
  }
}

gboolean
search_choose_random (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out)
{
  size_t n = root_moves (s, game, s->scratch);

  if (n == 0)
    return FALSE;
  *out = s->scratch[mix64 (seed ^ stern_game_get_position (game)->hash) % n];
  return TRUE;
}

/* Greedy: the most rows gained; ties broken by the seed. */
gboolean
search_choose_greedy (SternSearch *s, const SternGame *game, guint64 seed, SternMove *out)
{
  SternMove moves[STERN_MAX_MOVES];
  size_t n = root_moves (s, game, moves);
  unsigned seat = stern_game_get_turn (game);
  int best = -INF;

  for (size_t i = 0; i < n; i++)
    {
      int v = stern_eval_row_gain (&s->eval, seat, moves[i].from, moves[i].to) * 1024 +
              search_move_noise (seed, moves[i].from, moves[i].to, 1023);
      if (v > best)
        {
          best = v;
          *out = moves[i];
        }
    }
  return n > 0;
}

/* ---- race endings ---- */

/* The seats other than seat still playing. */
static SternSeatMask
playing_others (const SternGame *game, unsigned seat)
{
  const SternVariant *v = stern_game_get_variant (game);
  SternSeatMask playing = 0;

  for (unsigned i = 0; i < v->n_players; i++)
    if (v->seats[i] != seat &&
        stern_game_get_player_state (game, v->seats[i]) == STERN_PLAYER_PLAYING)
      playing |= 1u << v->seats[i];
  return playing;
}

/* The race-ending solver, made the first time a position needs it: most
 * search objects never meet one, and its table takes 4 MiB. */
static SternRaceEnd *
race_end_solver (SternSearch *s)
{
  if (s->race_end == NULL)
    s->race_end = stern_race_end_new ();
  return s->race_end;
}

/* Plays the first move of s->race_end_plan, n moves long, if it is among
 * the level's root moves. */
static gboolean
play_race_end_plan (SternSearch *s, const SternGame *game, int n, SternMove *out)
{
  SternMove legal[STERN_MAX_MOVES];
  size_t n_legal;

  if (n <= 0)
    return FALSE;
  n_legal = search_level_root_moves (s, game, legal);
  for (size_t i = 0; i < n_legal; i++)
    if (legal[i].from == s->race_end_plan[0].from && legal[i].to == s->race_end_plan[0].to)
      {
        *out = legal[i];
        s->nodes = stern_race_end_get_nodes (s->race_end);
        s->info.depth = (unsigned) n;
        return TRUE;
      }
  return FALSE;
}

/* Once the mover's marbles are past the others' for good, its game is a
 * solo crossing (doc/computer.md, "Race endings"): when the exact solver
 * proves its fewest moves within the level's node budget, the first move
 * of a shortest plan is played.  Any other outcome leaves the choice to
 * the level's own search, from a fresh node count. */
static gboolean
search_choose_race_end (SternSearch *s, const SternGame *game, const LevelParams *lp,
                        SternMove *out)
{
  SternSeatMask playing = playing_others (game, s->root);
  int n;

  if (!stern_race_end_disengaged (&s->rules, &s->pos, s->root, playing))
    return FALSE;
  n = stern_race_end_solve (race_end_solver (s), &s->rules, &s->pos, s->root, playing,
                            lp->nodes, s->race_end_plan);
  if (!play_race_end_plan (s, game, n, out))
    return FALSE;
  s->info.proved_moves = (unsigned) n;
  return TRUE;
}

/* With two and more opponents the last moves are seldom contested: a
 * solo crossing in all but name (doc/computer.md, "The last holes of the
 * goal").  Once few of the mover's marbles are left outside its goal, and
 * near it, a shortest plan among the others' marbles standing still is
 * played when the solver finds one within the level's node budget.  The
 * tree search, seeing a few of its own moves ahead, played moves there
 * that brought the finish no nearer. */
static gboolean
search_choose_near_finish (SternSearch *s, const SternGame *game, const LevelParams *lp,
                           SternMove *out)
{
  SternSet outside = s->pos.marbles[s->root] & ~s->rules.goal[s->root];

  if (s->n_opp < 2 || stern_set_count (outside) > NEAR_FINISH_OUTSIDE)
    return FALSE;
  while (outside)
    if (s->eval.zone_dist[s->root][stern_set_pop (&outside)] > NEAR_FINISH_DISTANCE)
      return FALSE;
  return play_race_end_plan (s, game,
                             stern_race_end_solve_standing (race_end_solver (s), &s->rules,
                                                            &s->pos, s->root, lp->nodes,
                                                            s->race_end_plan),
                             out);
}

int
stern_search_prove_finish (SternSearch *search, const SternGame *game, unsigned seat,
                           SternLevel level)
{
  SternPosition pos;

  g_return_val_if_fail (search != NULL && game != NULL && seat < STERN_N_SEATS, -1);

  if (level < STERN_LEVEL_HARD || level >= STERN_N_PLAY_LEVELS ||
      stern_game_get_variant (game)->solo || stern_game_get_variant (game)->teams ||
      stern_game_get_player_state (game, seat) != STERN_PLAYER_PLAYING)
    return -1;
  pos = *stern_game_get_position (game);
  if (!stern_race_end_disengaged (stern_game_get_rules (game), &pos, seat,
                                  playing_others (game, seat)))
    return -1;
  return stern_race_end_solve (race_end_solver (search), stern_game_get_rules (game), &pos,
                               seat, playing_others (game, seat), level_params[level].nodes,
                               NULL);
}

/* ---- the planned crossing beside the tree ---- */

/* With two and more opponents the tree search sees two or three of our
 * own moves, too few to shape the whole crossing; the solo beam search
 * plans it, the others' marbles standing still.  The plan alone races
 * faster but lets the leaders through, as Best-Reply Search does not.  So
 * the plan's first move is played while the tree scores it no more than
 * this below its own choice: half a row and one row took it too rarely,
 * four rows did no better than two (doc/computer.md). */
#define PLAN_MARGIN (2 * STERN_EVAL_ROW)

static void
prefer_planned_move (SternSearch *s, const SternGame *game, const LevelParams *lp,
                     SternMove *out)
{
  SternMove planned, legal[STERN_MAX_MOVES];
  size_t n;

  if (s->n_opp < 2 || stern_variant_is_square (s->rules.variant) || s->rules.variant->teams ||
      (s->stop && g_atomic_int_get (s->stop)))
    return;
  if (!search_plan_first_move (s, lp->solo_beam, &planned) ||
      (planned.from == out->from && planned.to == out->to))
    return;
  /* The plan's move as the level may play it (flags, the leaving-home rule). */
  n = search_level_root_moves (s, game, legal);
  for (size_t i = 0; i < n; i++)
    if (legal[i].from == planned.from && legal[i].to == planned.to)
      {
        if (search_tree_move_reaches (s, &legal[i], s->info.score - PLAN_MARGIN, lp->nodes))
          *out = legal[i];
        return;
      }
}

/* ---- the entry point ---- */

gboolean
stern_search_choose (SternSearch *search, const SternGame *game,
                     SternLevel level, guint64 seed, int movetime_ms,
                     const gint *stop, SternMove *out)
{
  SternSearch *s = search;
  const LevelParams *lp;
  gint64 start;
  gboolean found;

  g_return_val_if_fail (search != NULL && game != NULL && out != NULL, FALSE);
  g_return_val_if_fail (level < STERN_N_LEVELS, FALSE);

  memset (&s->info, 0, sizeof s->info);
  if (stern_game_is_over (game) || stern_game_must_pass (game))
    return FALSE;

  start = g_get_monotonic_time ();
  search_setup (s, game);
  s->stop = stop;
  s->node_limit = 0;
  s->deadline_us = 0;
  s->cpu_deadline_us = 0;
  s->progress_told = 0;

  if (level == STERN_LEVEL_RANDOM)
    found = search_choose_random (s, game, seed, out);
  else if (level == STERN_LEVEL_GREEDY)
    found = search_choose_greedy (s, game, seed, out);
  else if (level == STERN_LEVEL_SEARCH3)
    found = search_choose_search3 (s, game, seed, out);
  else
    {
      lp = &level_params[level];
      if (stern_game_get_variant (game)->solo)
        found = search_choose_solo (s, (int) level, lp->solo_beam, out);
      else if (level == STERN_LEVEL_EASY)
        found = search_choose_easy (s, game, seed, out);
      else if (level >= STERN_LEVEL_HARD && !stern_game_get_variant (game)->teams &&
               (search_choose_race_end (s, game, lp, out) ||
                search_choose_near_finish (s, game, lp, out)))
        found = TRUE;
      else if (lp->race_width > 0 && s->rules.long_jumps && s->n_opp > 1 &&
               !stern_game_get_variant (game)->teams)
        {
          s->node_limit = movetime_ms > 0 ? 0 : lp->nodes;
          search_set_time_cap (s, start, lp->time_ms, movetime_ms);
          found = search_choose_race (s, game, lp, seed, out);
        }
      else
        {
          memset (s->tt, 0, sizeof (TTEntry) * TT_SIZE);
          memset (s->history, 0, sizeof s->history);
          memset (s->killers, 0, sizeof s->killers);
          stern_movegen_cache_clear (&s->movegen_cache);
          s->beam_max = lp->beam_max;
          s->beam_min = lp->beam_min;
          s->node_limit = movetime_ms > 0 ? 0 : lp->nodes;
          if (s->rules.tempo_check_move)
            s->node_limit *= lp->square_factor;
          search_set_time_cap (s, start, lp->time_ms, movetime_ms);
          found = search_choose_tree (s, game, lp, seed, out);
          /* With a clock the tree spends the move's time: it plays alone. */
          if (found && level >= STERN_LEVEL_HARD && movetime_ms <= 0)
            prefer_planned_move (s, game, lp, out);
        }
      /* Should the search have picked nothing sensible, any legal move will do. */
      if (!found)
        found = search_choose_random (s, game, seed, out);
    }

  s->info.nodes = s->nodes;
  s->info.seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  return found;
}
