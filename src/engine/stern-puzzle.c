/* stern-puzzle.c: puzzle lines, answers, and the proofs behind them.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-puzzle.h"

#include <stdarg.h>
#include <string.h>

#include "stern-eval.h"
#include "stern-notation.h"
#include "stern-review.h"

#define N_FIELDS 6
/* The move counters a puzzle's game starts with: past every leaving-home
 * deadline (doc/rules.md §4: 30 or 40), far from the round limit. */
#define PUZZLE_MOVES_MADE 50
/* Chains followed at most when looking for the longest jump; a middle-game
 * position of the star needs a few thousand. */
#define JUMP_MAX_NODES 2000000
/* Positions searched at most for a win in N. */
#define WIN_MAX_NODES 20000000
/* The least margin a race puzzle may state, in tenths of a move: the
 * review's losses are rounded to tenths, and a race within half a move is
 * decided by who moves first, so half a move tells a loser apart. */
#define RACE_MIN_MARGIN 5
/* The tree's plies below the first move: the other side's replies and
 * my moves, 2N - 1 of them, and room for a missed turn. */
#define MAX_PLIES (2 * STERN_PUZZLE_MAX_WIN + 1)

struct _SternPuzzleSolver {
  SternReviewer *reviewer;
  SternEval      eval;
  SternRules     eval_rules;
  const SternVariant *eval_variant;
  SternMove      moves[MAX_PLIES][STERN_MAX_MOVES];
  guint64        nodes;
};

/* ---- names, lines ---- */

static const char *const kind_ids[STERN_PUZZLE_N_KINDS] = { "jump", "win", "race" };

const char *
stern_puzzle_kind_id (SternPuzzleKind kind)
{
  g_return_val_if_fail (kind < STERN_PUZZLE_N_KINDS, "");
  return kind_ids[kind];
}

char *
stern_puzzle_kind_name (const SternPuzzle *puzzle)
{
  g_return_val_if_fail (puzzle != NULL && puzzle->kind < STERN_PUZZLE_N_KINDS, NULL);
  if (puzzle->kind == STERN_PUZZLE_WIN)
    return g_strdup_printf ("win-in-%u", puzzle->win_moves);
  return g_strdup (kind_ids[puzzle->kind]);
}

static gboolean
parse_id (const char *text, SternPuzzle *out)
{
  size_t len = strlen (text);

  if (len == 0 || len > STERN_PUZZLE_ID_MAX)
    return FALSE;
  for (size_t i = 0; i < len; i++)
    if (!g_ascii_isalnum (text[i]) && text[i] != '-' && text[i] != '_')
      return FALSE;
  memcpy (out->id, text, len + 1);
  return TRUE;
}

static gboolean
parse_kind (const char *text, SternPuzzle *out)
{
  out->win_moves = 0;
  if (g_str_equal (text, "jump"))
    out->kind = STERN_PUZZLE_JUMP;
  else if (g_str_equal (text, "race"))
    out->kind = STERN_PUZZLE_RACE;
  else if (g_str_has_prefix (text, "win-in-") && text[7] >= '1' &&
           text[7] <= '0' + STERN_PUZZLE_MAX_WIN && text[8] == '\0')
    {
      out->kind = STERN_PUZZLE_WIN;
      out->win_moves = (unsigned) (text[7] - '0');
    }
  else
    return FALSE;
  return TRUE;
}

/* "1", "1.5", "12.0": tenths, at most 99.9. */
static gboolean
parse_margin (const char *text, unsigned *tenths)
{
  unsigned whole = 0, digits = 0;
  const char *p = text;

  while (g_ascii_isdigit (*p) && digits < 2)
    whole = whole * 10 + (unsigned) (*p++ - '0'), digits++;
  if (digits == 0)
    return FALSE;
  *tenths = whole * 10;
  if (*p == '.')
    {
      if (!g_ascii_isdigit (p[1]))
        return FALSE;
      *tenths += (unsigned) (p[1] - '0');
      p += 2;
    }
  return *p == '\0';
}

gboolean
stern_puzzle_parse (const char *line, SternPuzzle *out, GError **error)
{
  static const char *const field_names[N_FIELDS] = {
    "id", "kind", "difficulty", "position", "solution", "margin",
  };
  g_auto (GStrv) fields = NULL;
  long column[N_FIELDS];
  long offset = 0;
  guint n;

  g_return_val_if_fail (line != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  fields = g_strsplit (line, "|", -1);
  n = g_strv_length (fields);
  if (n != N_FIELDS)
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "a puzzle has %d fields separated by '|' (id | kind | difficulty | "
                   "position | solution | margin), this line has %u", N_FIELDS, n);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      const char *f = fields[i];
      long lead = 0;

      while (f[lead] == ' ' || f[lead] == '\t')
        lead++;
      column[i] = offset + lead + 1;
      offset += (long) strlen (f) + 1;
      g_strstrip (fields[i]);
      if (fields[i][0] == '\0')
        {
          g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                       "column %ld: the %s is empty", column[i], field_names[i]);
          return FALSE;
        }
    }

  if (!parse_id (fields[0], out))
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "column %ld: the id \"%s\" is not 1 to %d letters, digits, '-' or '_'",
                   column[0], fields[0], STERN_PUZZLE_ID_MAX);
      return FALSE;
    }
  if (!parse_kind (fields[1], out))
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "column %ld: the kind \"%s\" is none of jump, race, win-in-1 … win-in-%d",
                   column[1], fields[1], STERN_PUZZLE_MAX_WIN);
      return FALSE;
    }
  if (!(fields[2][0] >= '1' && fields[2][0] <= '0' + STERN_PUZZLE_MAX_DIFFICULTY &&
        fields[2][1] == '\0'))
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "column %ld: the difficulty \"%s\" is not a number from 1 to %d",
                   column[2], fields[2], STERN_PUZZLE_MAX_DIFFICULTY);
      return FALSE;
    }
  out->difficulty = (unsigned) (fields[2][0] - '0');

  {
    g_autoptr (GError) local = NULL;
    size_t len;

    if (!stern_notation_parse_position (fields[3], &out->variant, &out->pos, &local))
      {
        g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                     "column %ld: the position: %s", column[3], local->message);
        return FALSE;
      }
    if (!stern_notation_parse_path_in (out->variant, fields[4], out->solution, &len, &local))
      {
        g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                     "column %ld: the solution: %s", column[4], local->message);
        return FALSE;
      }
    /* The path parser refuses fewer than two holes. */
    out->solution_len = (uint8_t) len;
  }

  if (!parse_margin (fields[5], &out->margin_tenths))
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "column %ld: the margin \"%s\" is not a number of moves like 1.5 (below 100)",
                   column[5], fields[5]);
      return FALSE;
    }
  if ((out->kind == STERN_PUZZLE_RACE) != (out->margin_tenths > 0))
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   out->kind == STERN_PUZZLE_RACE
                   ? "column %ld: a race puzzle needs a margin above 0"
                   : "column %ld: only a race puzzle has a margin; write 0",
                   column[5]);
      return FALSE;
    }
  return TRUE;
}

char *
stern_puzzle_format (const SternPuzzle *puzzle)
{
  g_autofree char *kind = NULL, *pos = NULL, *path = NULL;

  g_return_val_if_fail (puzzle != NULL && puzzle->variant != NULL, NULL);
  kind = stern_puzzle_kind_name (puzzle);
  pos = stern_notation_format_position (puzzle->variant, &puzzle->pos);
  path = stern_notation_format_path_in (puzzle->variant, puzzle->solution, puzzle->solution_len);
  return g_strdup_printf ("%s | %s | %u | %s | %s | %u.%u", puzzle->id, kind,
                          puzzle->difficulty, pos, path,
                          puzzle->margin_tenths / 10, puzzle->margin_tenths % 10);
}

GArray *
stern_puzzle_parse_set (const char *text, GError **error)
{
  g_autoptr (GArray) set = g_array_new (FALSE, FALSE, sizeof (SternPuzzle));
  g_autoptr (GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto (GStrv) lines = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = lines[i];
      size_t len = strlen (line);
      g_autoptr (GError) local = NULL;
      SternPuzzle puzzle;

      if (len > 0 && line[len - 1] == '\r')
        line[len - 1] = '\0';
      if (line[strspn (line, " \t")] == '\0' || line[strspn (line, " \t")] == '#')
        continue;
      if (!stern_puzzle_parse (line, &puzzle, &local))
        {
          g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE, "line %u, %s", i + 1, local->message);
          return NULL;
        }
      if (g_hash_table_contains (ids, puzzle.id))
        {
          g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                       "line %u: the id %s is taken by an earlier puzzle", i + 1, puzzle.id);
          return NULL;
        }
      g_hash_table_add (ids, g_strdup (puzzle.id));
      g_array_append_val (set, puzzle);
    }
  return g_steal_pointer (&set);
}

SternGame *
stern_puzzle_game (const SternPuzzle *puzzle)
{
  unsigned made[STERN_N_SEATS];

  g_return_val_if_fail (puzzle != NULL && puzzle->variant != NULL, NULL);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    made[s] = PUZZLE_MOVES_MADE;
  return stern_game_new_from_position (puzzle->variant, STERN_PRESET_TABLE, &puzzle->pos, made);
}

SternPuzzleAnswer
stern_puzzle_check_answer (const SternPuzzle *puzzle, const uint8_t *path, size_t len)
{
  g_autoptr (SternGame) game = NULL;
  const SternRules *rules;

  g_return_val_if_fail (puzzle != NULL && path != NULL, STERN_PUZZLE_ANSWER_ILLEGAL);

  game = stern_puzzle_game (puzzle);
  rules = stern_game_get_rules (game);
  if (len < 2 || stern_game_is_over (game) ||
      stern_movegen_check_path (rules, stern_game_get_position (game),
                                stern_game_get_turn (game), path, len, NULL) != STERN_PATH_OK ||
      !stern_game_is_legal (game, path[0], path[len - 1]))
    return STERN_PUZZLE_ANSWER_ILLEGAL;
  /* A move is its start and end hole (doc/rules.md §3), the longest
   * chain's too: the board plays a shorter path between them if there is
   * one, and the chain is still the one found. */
  return path[0] == puzzle->solution[0] &&
         path[len - 1] == puzzle->solution[puzzle->solution_len - 1]
         ? STERN_PUZZLE_ANSWER_RIGHT : STERN_PUZZLE_ANSWER_WRONG;
}

/* ---- the solver ---- */

SternPuzzleSolver *
stern_puzzle_solver_new (void)
{
  SternPuzzleSolver *solver = g_new0 (SternPuzzleSolver, 1);

  solver->reviewer = stern_reviewer_new (STERN_LEVEL_MEDIUM);
  return solver;
}

void
stern_puzzle_solver_free (SternPuzzleSolver *solver)
{
  if (solver == NULL)
    return;
  stern_reviewer_free (solver->reviewer);
  g_free (solver);
}

static char *
move_name (const SternGame *game, const uint8_t *path, size_t len)
{
  return stern_notation_format_path_in (stern_game_get_variant (game), path, len);
}

static char *
move_name_ft (const SternGame *game, unsigned from, unsigned to)
{
  uint8_t path[STERN_MAX_PATH];
  size_t len = stern_game_move_path (game, from, to, path);

  if (len < 2)
    {
      path[0] = (uint8_t) from, path[1] = (uint8_t) to;
      len = 2;
    }
  return move_name (game, path, len);
}

/* ---- jump: every chain of every marble ---- */

typedef struct {
  const SternGame  *game;
  const SternRules *rules;
  const SternPosition *pos;   /* as it stands */
  SternSet occupied;          /* with the moving marble lifted */
  unsigned seat;
  uint8_t  path[STERN_MAX_PATH];
  size_t   len;
  SternSet visited;
  size_t   best_len;
  unsigned n_best;
  uint8_t  best[STERN_MAX_PATH];
  uint8_t  second[STERN_MAX_PATH];
  guint64  nodes;
} JumpWalk;

static void
jump_consider (JumpWalk *w)
{
  if (w->len < w->best_len ||
      stern_movegen_check_path (w->rules, w->pos, w->seat, w->path, w->len, NULL) != STERN_PATH_OK ||
      stern_game_is_fatal (w->game, w->path[0], w->path[w->len - 1]))
    return;
  if (w->len > w->best_len)
    {
      w->best_len = w->len;
      w->n_best = 0;
      memcpy (w->best, w->path, w->len);
    }
  else if (w->n_best == 1)
    memcpy (w->second, w->path, w->len);
  w->n_best++;
}

static void
jump_walk (JumpWalk *w, unsigned cell)
{
  const SternGeometry *geo = w->rules->geometry;

  if (++w->nodes > JUMP_MAX_NODES)
    return;
  for (unsigned j = 0; j < geo->n_jumps[cell]; j++)
    {
      unsigned over = geo->jump_over[cell][j], land = geo->jump_land[cell][j];

      if (!stern_set_has (w->occupied, over) || stern_set_has (w->occupied, land) ||
          stern_set_has (w->visited, land))
        continue;
      w->path[w->len++] = (uint8_t) land;
      w->visited |= stern_set_bit (land);
      jump_consider (w);
      jump_walk (w, land);
      w->visited &= ~stern_set_bit (land);
      w->len--;
    }
}

/* The longest chains of the side to move: w->best, how many there are,
 * and a second one when there are several.  FALSE when there were too
 * many chains to follow. */
static gboolean
jump_search (const SternGame *game, JumpWalk *w)
{
  const SternPosition *pos = stern_game_get_position (game);
  SternSet own;

  memset (w, 0, sizeof *w);
  w->game = game;
  w->rules = stern_game_get_rules (game);
  w->pos = pos;
  w->seat = stern_game_get_turn (game);
  own = pos->marbles[w->seat];
  w->best_len = 1;   /* the start alone: any chain is longer */
  while (own)
    {
      unsigned from = stern_set_pop (&own);

      w->occupied = pos->occupied & ~stern_set_bit (from);
      w->path[0] = (uint8_t) from;
      w->len = 1;
      w->visited = stern_set_bit (from);
      jump_walk (w, from);
    }
  return w->nodes <= JUMP_MAX_NODES;
}

static unsigned
jump_difficulty (size_t hops)
{
  return hops <= 4 ? 1 : hops <= 6 ? 2 : hops <= 8 ? 3 : hops <= 10 ? 4 : 5;
}

/* ---- win in N: the game tree ---- */

static gboolean win_mine (SternPuzzleSolver *s, SternGame *game, unsigned me, unsigned n,
                          unsigned ply);

static gboolean
won (const SternGame *game, unsigned me)
{
  const SternVariant *v = stern_game_get_variant (game);

  if (stern_game_get_place (game, me) != 1)
    return FALSE;
  for (unsigned i = 0; i < v->n_players; i++)
    if (v->seats[i] != me && stern_game_get_place (game, v->seats[i]) == 1)
      return FALSE;
  return TRUE;
}

/* The game after one of my moves, n more of mine to come: is it a win
 * whatever the others play? */
static gboolean
after_mine (SternPuzzleSolver *s, SternGame *game, unsigned me, unsigned n, unsigned ply)
{
  size_t count;
  gboolean ok = TRUE;

  if (stern_game_is_over (game))
    return won (game, me);
  g_return_val_if_fail (ply < MAX_PLIES, FALSE);
  if (stern_game_get_turn (game) == me)
    return n > 0 && win_mine (s, game, me, n, ply);
  if (stern_game_must_pass (game))
    {
      if (!stern_game_pass (game, NULL))
        g_return_val_if_reached (FALSE);
      ok = after_mine (s, game, me, n, ply);
      stern_game_undo (game);
      return ok;
    }
  count = stern_game_legal_moves (game, s->moves[ply]);
  for (size_t i = 0; i < count && ok; i++)
    {
      if (!stern_game_play (game, s->moves[ply][i].from, s->moves[ply][i].to, NULL))
        g_return_val_if_reached (FALSE);
      s->nodes++;
      ok = after_mine (s, game, me, n, ply + 1);
      stern_game_undo (game);
    }
  return ok;
}

/* Holes of the seat's goal nobody stands on. */
static unsigned
goal_holes_empty (const SternGame *game, unsigned seat)
{
  const SternRules *rules = stern_game_get_rules (game);

  return stern_set_count (rules->goal[seat] & ~stern_game_get_position (game)->occupied);
}

/* Whether my move from → to can be part of a win in n: each of my moves
 * fills at most one hole of my goal, and nobody else can fill one (the
 * other side's only way in is home, which past the deadline eliminates it,
 * doc/rules.md §4), so n moves for as many empty holes must each bring a
 * marble in. */
static gboolean
worth_trying (const SternGame *game, unsigned me, unsigned n, unsigned empty,
              unsigned from, unsigned to)
{
  const SternRules *rules = stern_game_get_rules (game);

  if (empty < n)
    return TRUE;
  return !stern_set_has (rules->goal[me], from) && stern_set_has (rules->goal[me], to);
}

static gboolean
win_mine (SternPuzzleSolver *s, SternGame *game, unsigned me, unsigned n, unsigned ply)
{
  unsigned empty = goal_holes_empty (game, me);
  size_t count;

  if (empty > n || s->nodes > WIN_MAX_NODES)
    return FALSE;
  g_return_val_if_fail (ply < MAX_PLIES, FALSE);
  /* A turn I must miss is one of my n. */
  if (stern_game_must_pass (game))
    {
      gboolean ok;

      if (!stern_game_pass (game, NULL))
        g_return_val_if_reached (FALSE);
      ok = after_mine (s, game, me, n - 1, ply + 1);
      stern_game_undo (game);
      return ok;
    }
  count = stern_game_legal_moves (game, s->moves[ply]);
  for (size_t i = 0; i < count; i++)
    {
      unsigned from = s->moves[ply][i].from, to = s->moves[ply][i].to;
      gboolean ok;

      if (!worth_trying (game, me, n, empty, from, to))
        continue;
      if (!stern_game_play (game, from, to, NULL))
        g_return_val_if_reached (FALSE);
      s->nodes++;
      ok = after_mine (s, game, me, n - 1, ply + 1);
      stern_game_undo (game);
      if (ok)
        return TRUE;
    }
  return FALSE;
}

/* The rules the pruning above needs: two players, a marble in its goal
 * staying there, ending at home fatal past the deadline. */
static gboolean
win_rules_fit (const SternGame *game)
{
  const SternRules *rules = stern_game_get_rules (game);
  const SternVariant *v = rules->variant;

  if (v->n_players != 2 || v->solo || stern_variant_is_square (v) || !rules->goal_confines ||
      !rules->fatal_return_home)
    return FALSE;
  for (unsigned i = 0; i < v->n_players; i++)
    if (stern_game_moves_to_leave_home (game, v->seats[i]) >= 0)
      return FALSE;
  return TRUE;
}

/* The first moves that win in n (of win_moves into moves, at most 2
 * kept), and how many there are. */
static unsigned
win_first_moves (SternPuzzleSolver *s, SternGame *game, unsigned n, SternMove *winning)
{
  SternMove first[STERN_MAX_MOVES];
  unsigned me = stern_game_get_turn (game), found = 0, empty = goal_holes_empty (game, me);
  size_t count = stern_game_legal_moves (game, first);

  if (empty > n)
    return 0;
  for (size_t i = 0; i < count; i++)
    {
      gboolean ok;

      if (!worth_trying (game, me, n, empty, first[i].from, first[i].to))
        continue;
      if (!stern_game_play (game, first[i].from, first[i].to, NULL))
        g_return_val_if_reached (0);
      s->nodes++;
      ok = after_mine (s, game, me, n - 1, 0);
      stern_game_undo (game);
      if (ok && found < 2)
        winning[found] = first[i];
      found += ok;
    }
  return found;
}

static unsigned
win_difficulty (unsigned n, guint64 nodes, gboolean enters_goal)
{
  return MIN (n + (nodes >= 1000) + !enters_goal, STERN_PUZZLE_MAX_DIFFICULTY);
}

/* ---- race: the review's loss of every other move ---- */

static const SternEval *
solver_eval (SternPuzzleSolver *s, const SternGame *game)
{
  const SternVariant *variant = stern_game_get_variant (game);

  if (s->eval_variant != variant)
    {
      stern_rules_init (&s->eval_rules, variant, STERN_PRESET_TABLE);
      stern_eval_init (&s->eval, &s->eval_rules);
      s->eval_variant = variant;
    }
  return &s->eval;
}

static unsigned
to_tenths (double x)
{
  return x <= 0 ? 0 : (unsigned) (x * 10.0 + 0.5);
}

/* Moves to finish of the mover and of the other side after the move from
 * → to, in tenths. */
static void
race_standing (SternPuzzleSolver *s, SternGame *game, unsigned from, unsigned to,
               unsigned *mine, unsigned *theirs)
{
  unsigned me = stern_game_get_turn (game), other = STERN_NO_SEAT;
  const SternVariant *v = stern_game_get_variant (game);

  for (unsigned i = 0; i < v->n_players; i++)
    if (v->seats[i] != me)
      other = v->seats[i];
  if (!stern_game_play (game, from, to, NULL))
    g_return_if_reached ();
  *mine = to_tenths (stern_reviewer_moves_to_finish (s->reviewer, game, me));
  *theirs = to_tenths (stern_reviewer_moves_to_finish (s->reviewer, game, other));
  stern_game_undo (game);
}

typedef struct {
  unsigned  least_loss;     /* tenths, over the other moves that are not fatal */
  SternMove least;          /* the move losing that */
  unsigned  near;           /* other moves losing under twice the least */
  unsigned  mine, theirs;   /* moves to finish after the solution, tenths */
} RaceFacts;

static void
race_facts (SternPuzzleSolver *s, SternGame *game, unsigned from, unsigned to, RaceFacts *f)
{
  SternMove moves[STERN_MAX_MOVES];
  size_t count = stern_game_legal_moves (game, moves);
  g_autofree unsigned *loss = g_new (unsigned, count);

  f->least_loss = G_MAXUINT;
  f->near = 0;
  for (size_t i = 0; i < count; i++)
    {
      loss[i] = G_MAXUINT;
      if ((moves[i].from == from && moves[i].to == to) || (moves[i].flags & STERN_MOVE_FATAL))
        continue;
      loss[i] = to_tenths (stern_reviewer_loss (s->reviewer, game, moves[i].from, moves[i].to,
                                                from, to));
      if (loss[i] < f->least_loss)
        {
          f->least_loss = loss[i];
          f->least = moves[i];
        }
    }
  for (size_t i = 0; i < count; i++)
    f->near += loss[i] != G_MAXUINT && loss[i] < 2 * f->least_loss;
  race_standing (s, game, from, to, &f->mine, &f->theirs);
}

/* The move gaining the most rows, the first of equals: what a player
 * looking only at the board would pick. */
static gboolean
race_greedy (SternPuzzleSolver *s, const SternGame *game, unsigned from, unsigned to)
{
  const SternEval *ev = solver_eval (s, game);
  SternMove moves[STERN_MAX_MOVES];
  unsigned seat = stern_game_get_turn (game);
  size_t count = stern_game_legal_moves (game, moves), best = 0;

  for (size_t i = 1; i < count; i++)
    if (stern_eval_row_gain (ev, seat, moves[i].from, moves[i].to) >
        stern_eval_row_gain (ev, seat, moves[best].from, moves[best].to))
      best = i;
  return count > 0 && moves[best].from == from && moves[best].to == to;
}

static unsigned
race_difficulty (const RaceFacts *f, gboolean greedy, gboolean step)
{
  return MIN (1 + !greedy + (f->least_loss < 2 * RACE_MIN_MARGIN) + (f->near >= 3) + step,
              STERN_PUZZLE_MAX_DIFFICULTY);
}

static gboolean
is_step (const SternGame *game, unsigned from, unsigned to)
{
  return stern_set_has (stern_game_get_rules (game)->geometry->neighbours[from], to);
}

static gboolean
race_rules_fit (const SternGame *game)
{
  const SternVariant *v = stern_game_get_variant (game);

  return v->n_players == 2 && !v->solo && !v->teams;
}

/* ---- proofs ---- */

static gboolean
fail (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, STERN_ERROR, STERN_ERROR_ILLEGAL, message);
  return FALSE;
}

gboolean
stern_puzzle_verify (SternPuzzleSolver *solver, const SternPuzzle *puzzle, GError **error)
{
  g_autoptr (SternGame) game = NULL;
  g_autofree char *solution = NULL;
  const SternPosition *pos;
  unsigned from, to, difficulty = 0;
  size_t bad_hop = 0;
  SternPathCheck check;

  g_return_val_if_fail (solver != NULL && puzzle != NULL, FALSE);

  game = stern_puzzle_game (puzzle);
  pos = stern_game_get_position (game);
  solution = move_name (game, puzzle->solution, puzzle->solution_len);
  if (stern_game_is_over (game))
    return fail (error, "the game is over in the position");
  from = puzzle->solution[0];
  to = puzzle->solution[puzzle->solution_len - 1];
  check = stern_movegen_check_path (stern_game_get_rules (game), pos, stern_game_get_turn (game),
                                    puzzle->solution, puzzle->solution_len, &bad_hop);
  if (check != STERN_PATH_OK)
    return fail (error, "the solution %s is not a legal move: %s (hole %zu)", solution,
                 stern_path_check_describe (check), bad_hop + 1);
  if (!stern_game_is_legal (game, from, to) || stern_game_is_fatal (game, from, to))
    return fail (error, "the solution %s is not a legal move that keeps the mover in the game",
                 solution);

  switch (puzzle->kind)
    {
    case STERN_PUZZLE_JUMP:
      {
        JumpWalk w;
        g_autofree char *best = NULL;

        if (stern_game_get_rules (game)->long_jumps)
          return fail (error, "jump puzzles are for variants without long jumps");
        if (!jump_search (game, &w))
          return fail (error, "more than %d chains to follow", JUMP_MAX_NODES);
        if (w.n_best == 0)
          return fail (error, "no marble of the side to move can jump");
        best = move_name (game, w.best, w.best_len);
        if (puzzle->solution_len != w.best_len)
          return fail (error, "the solution %s has %u hops, but %s has %zu",
                       solution, puzzle->solution_len - 1u, best, w.best_len - 1);
        if (w.n_best > 1)
          {
            const uint8_t *other = memcmp (w.best, puzzle->solution, w.best_len) == 0
                                   ? w.second : w.best;
            g_autofree char *other_name = move_name (game, other, w.best_len);

            return fail (error, "a second chain of %zu hops: %s", w.best_len - 1, other_name);
          }
        if (memcmp (w.best, puzzle->solution, w.best_len) != 0)
          return fail (error, "the solution %s is not the longest chain, %s is",
                       solution, best);
        difficulty = jump_difficulty (w.best_len - 1);
        break;
      }
    case STERN_PUZZLE_WIN:
      {
        SternMove winning[2];
        unsigned n = puzzle->win_moves, found, me = stern_game_get_turn (game);
        gboolean enters, solution_wins;
        guint64 effort;

        if (!win_rules_fit (game))
          return fail (error, "win puzzles are for two players on the star past the leaving-home deadline");
        solver->nodes = 0;
        if (n > 1 && win_first_moves (solver, game, n - 1, winning) > 0)
          {
            g_autofree char *quicker = move_name_ft (game, winning[0].from, winning[0].to);
            return fail (error, "%s wins in %u already", quicker, n - 1);
          }
        if (solver->nodes > WIN_MAX_NODES)
          return fail (error, "the search passed %d positions", WIN_MAX_NODES);
        solver->nodes = 0;
        found = win_first_moves (solver, game, n, winning);
        effort = solver->nodes;
        if (solver->nodes > WIN_MAX_NODES)
          return fail (error, "the search passed %d positions", WIN_MAX_NODES);
        if (!stern_game_play (game, from, to, NULL))
          g_return_val_if_reached (FALSE);
        solution_wins = after_mine (solver, game, me, n - 1, 0);
        stern_game_undo (game);
        if (!solution_wins)
          {
            g_autofree char *other = found > 0 ? move_name_ft (game, winning[0].from, winning[0].to)
                                               : NULL;
            return fail (error, "the solution %s does not win in %u%s%s%s", solution, n,
                         other ? "; " : "", other ? other : "", other ? " does" : "");
          }
        if (found > 1)
          {
            const SternMove *second = winning[0].from == from && winning[0].to == to
                                      ? &winning[1] : &winning[0];
            g_autofree char *other = move_name_ft (game, second->from, second->to);
            return fail (error, "a second move wins in %u: %s", n, other);
          }
        enters = !stern_set_has (stern_game_get_rules (game)->goal[me], from) &&
                 stern_set_has (stern_game_get_rules (game)->goal[me], to);
        difficulty = win_difficulty (n, effort, enters);
        break;
      }
    case STERN_PUZZLE_RACE:
      {
        RaceFacts f;

        if (!race_rules_fit (game))
          return fail (error, "race puzzles are for two players");
        if (puzzle->margin_tenths < RACE_MIN_MARGIN)
          return fail (error, "the margin is below %d.%d moves", RACE_MIN_MARGIN / 10,
                       RACE_MIN_MARGIN % 10);
        race_facts (solver, game, from, to, &f);
        if (f.least_loss < puzzle->margin_tenths)
          {
            g_autofree char *other = move_name_ft (game, f.least.from, f.least.to);
            return fail (error, "%s loses only %u.%u moves against %s, within the margin %u.%u",
                         other, f.least_loss / 10, f.least_loss % 10, solution,
                         puzzle->margin_tenths / 10, puzzle->margin_tenths % 10);
          }
        if (f.mine > f.theirs)
          return fail (error, "after %s the mover needs %u.%u moves to finish, the other side %u.%u: "
                       "it loses the race too", solution, f.mine / 10, f.mine % 10,
                       f.theirs / 10, f.theirs % 10);
        if (f.mine + puzzle->margin_tenths <= f.theirs)
          return fail (error, "after %s the mover needs %u.%u moves, the other side %u.%u: "
                       "a move losing the margin would not lose the race", solution,
                       f.mine / 10, f.mine % 10, f.theirs / 10, f.theirs % 10);
        difficulty = race_difficulty (&f, race_greedy (solver, game, from, to),
                                      is_step (game, from, to));
        break;
      }
    case STERN_PUZZLE_N_KINDS:
    default:
      g_return_val_if_reached (FALSE);
    }
  if (difficulty != puzzle->difficulty)
    return fail (error, "the difficulty is %u, not %u", difficulty, puzzle->difficulty);
  return TRUE;
}

/* Chains shorter than this make no puzzle worth the name. */
#define JUMP_MIN_HOPS 3
/* A race puzzle's best move is first by this much of the evaluation
 * (a row) before its loss is worth weighing against every other move. */
#define RACE_LEAD_COST STERN_EVAL_ROW

static void
set_solution (SternPuzzle *out, const SternGame *game, unsigned from, unsigned to)
{
  size_t len = stern_game_move_path (game, from, to, out->solution);

  g_assert (len >= 2);
  out->solution_len = (uint8_t) len;
}

static gboolean
make_jump (SternPuzzleSolver *s, const SternGame *game, SternPuzzle *out)
{
  const SternEval *ev = solver_eval (s, game);
  JumpWalk w;

  if (stern_game_get_rules (game)->long_jumps || !jump_search (game, &w) || w.n_best != 1 ||
      w.best_len - 1 < JUMP_MIN_HOPS ||
      stern_eval_row_gain (ev, w.seat, w.best[0], w.best[w.best_len - 1]) <= 0)
    return FALSE;
  memcpy (out->solution, w.best, w.best_len);
  out->solution_len = (uint8_t) w.best_len;
  out->difficulty = jump_difficulty (w.best_len - 1);
  return TRUE;
}

static gboolean
make_win (SternPuzzleSolver *s, SternGame *game, SternPuzzle *out)
{
  const SternRules *rules = stern_game_get_rules (game);
  unsigned me = stern_game_get_turn (game);

  if (!win_rules_fit (game))
    return FALSE;
  for (unsigned n = 1; n <= STERN_PUZZLE_MAX_WIN; n++)
    {
      SternMove winning[2];
      unsigned found;

      s->nodes = 0;
      found = win_first_moves (s, game, n, winning);
      if (s->nodes > WIN_MAX_NODES || found > 1)
        return FALSE;
      if (found == 1)
        {
          gboolean enters = !stern_set_has (rules->goal[me], winning[0].from) &&
                            stern_set_has (rules->goal[me], winning[0].to);

          out->win_moves = n;
          set_solution (out, game, winning[0].from, winning[0].to);
          out->difficulty = win_difficulty (n, s->nodes, enters);
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
make_race (SternPuzzleSolver *s, SternGame *game, SternPuzzle *out)
{
  const SternEval *ev;
  SternMove moves[STERN_MAX_MOVES];
  const SternPosition *pos = stern_game_get_position (game);
  unsigned seat = stern_game_get_turn (game), mine, theirs;
  int best_cost = G_MAXINT, second_cost = G_MAXINT;
  size_t count, best = 0;
  RaceFacts f;

  if (!race_rules_fit (game))
    return FALSE;
  ev = solver_eval (s, game);
  count = stern_game_legal_moves (game, moves);
  for (size_t i = 0; i < count; i++)
    {
      SternPosition after = *pos;
      int cost;

      if (moves[i].flags & STERN_MOVE_FATAL)
        continue;
      stern_position_move (&after, moves[i].from, moves[i].to);
      cost = stern_eval_seat_cost (ev, &after, seat, -1);
      if (cost < best_cost)
        {
          second_cost = best_cost;
          best_cost = cost;
          best = i;
        }
      else if (cost < second_cost)
        second_cost = cost;
    }
  if (best_cost == G_MAXINT || second_cost - best_cost < RACE_LEAD_COST)
    return FALSE;
  race_standing (s, game, moves[best].from, moves[best].to, &mine, &theirs);
  if (mine > theirs || theirs - mine >= 3 * RACE_MIN_MARGIN)
    return FALSE;
  race_facts (s, game, moves[best].from, moves[best].to, &f);
  if (f.least_loss == G_MAXUINT || f.least_loss < RACE_MIN_MARGIN ||
      f.mine + f.least_loss <= f.theirs || f.least_loss > 999)
    return FALSE;
  out->margin_tenths = f.least_loss;
  set_solution (out, game, moves[best].from, moves[best].to);
  out->difficulty = race_difficulty (&f, race_greedy (s, game, moves[best].from, moves[best].to),
                                     is_step (game, moves[best].from, moves[best].to));
  return TRUE;
}

gboolean
stern_puzzle_make (SternPuzzleSolver  *solver,
                   SternPuzzleKind     kind,
                   const SternVariant *variant,
                   const SternPosition *pos,
                   SternPuzzle        *out)
{
  g_autoptr (SternGame) game = NULL;

  g_return_val_if_fail (solver != NULL && variant != NULL && pos != NULL && out != NULL, FALSE);
  g_return_val_if_fail (kind < STERN_PUZZLE_N_KINDS, FALSE);

  memset (out, 0, sizeof *out);
  out->kind = kind;
  out->variant = variant;
  out->pos = *pos;
  if (!stern_preset_check (STERN_PRESET_TABLE, variant, NULL))
    return FALSE;
  game = stern_puzzle_game (out);
  if (stern_game_is_over (game) || stern_game_must_pass (game))
    return FALSE;
  switch (kind)
    {
    case STERN_PUZZLE_JUMP: return make_jump (solver, game, out);
    case STERN_PUZZLE_WIN:  return make_win (solver, game, out);
    case STERN_PUZZLE_RACE: return make_race (solver, game, out);
    case STERN_PUZZLE_N_KINDS:
    default:
      g_return_val_if_reached (FALSE);
    }
}
