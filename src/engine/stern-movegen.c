/* stern-movegen.c: steps, jump chains and long jumps (doc/rules.md §3).
 *
 * During a chain the moving marble has left its start hole, so that hole
 * counts as empty (it can be neither jumped over nor landed on again: the
 * no-revisit rule).  Since nothing else moves during a chain, the holes a
 * chain can reach are exactly a closure over single jumps; the no-revisit
 * rule never removes a reachable hole, it only forbids looping paths.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-movegen.h"

#include <string.h>

#include <glib.h>

/* Whether a marble stands at cell, given that the mover left vacated. */
static inline bool
occupied_but (const SternPosition *pos, unsigned cell, unsigned vacated)
{
  return pos->cell[cell] != STERN_EMPTY && cell != vacated;
}

/* The landing of a long jump from cell in direction dir (doc/rules.md §3):
 * over exactly one marble k holes away with empty holes around it,
 * landing 2k holes away.  STERN_NO_CELL when there is none.  occ is the
 * occupied holes without the moving marble's start.  The nearest marble
 * on the line is found with one mask rather than hole by hole: long jumps
 * scan long lines, and this was the search's hottest loop in long-2. */
static inline unsigned
long_jump_landing (const SternGeometry *geo, SternSet occ, unsigned cell, unsigned dir)
{
  const uint8_t *line = geo->line[cell][dir];
  SternSet on_line = occ & geo->ray[cell][dir];
  unsigned len = geo->line_len[cell][dir], over, dist, land;

  if (!on_line)
    return STERN_NO_CELL;
  /* Cell numbers grow or shrink along a line (stern-board.h). */
  over = line[0] > cell ? stern_set_first (on_line) : stern_set_last (on_line);
  /* The marble jumped over is dist holes away; land 2·dist away. */
  dist = len - geo->line_len[over][dir];
  if (2 * dist > len)
    return STERN_NO_CELL;
  land = line[2 * dist - 1];
  /* The holes after the marble jumped over, up to the landing, are empty. */
  if (occ & (geo->ray[over][dir] ^ geo->ray[land][dir]))
    return STERN_NO_CELL;
  return land;
}

/* The copy of the cells an ordinary chain walks (`lifted`): each byte is
 * a seat (a marble), STERN_EMPTY, or a mark.  The k-th marble walked in
 * one copy marks its start hole and each hole its chain reaches with
 * FIRST_MARK − k, and takes any byte above its own mark for an empty hole:
 * a marked hole can be neither jumped over nor landed on again, so one
 * compare per hole decides a jump and no set of reached holes is tested,
 * and the holes earlier marbles reached are empty again without being
 * cleared.  A seat has fewer marbles than there are cells, so the marks
 * stay above the seats.  The copy has a byte for STERN_NO_CELL too, the
 * filler of the jump tables past a cell's last jump, so the star's walk
 * can try all six directions without a count. */
#define FIRST_MARK   0xfe
#define LIFTED_BYTES (STERN_NO_CELL + 1)
G_STATIC_ASSERT (FIRST_MARK - STERN_MAX_CELLS >= STERN_N_SEATS);

/* Ordinary jump chains.  `confined` and `n_dirs` are constants at each
 * call, so the compiler drops the goal test for the common, unconfined
 * case and unrolls the star's six directions.  With touched, adds the
 * holes whose being empty or not decided the result.  lifted[from] holds
 * the marble's mark on entry. */
G_ALWAYS_INLINE static inline SternSet
short_chain_landings (const SternGeometry *geo, uint8_t *lifted, unsigned from,
                      SternSet allowed, bool confined, unsigned n_dirs, SternSet *touched)
{
  uint8_t landed[STERN_MAX_CELLS];
  unsigned n = 0, next = 0, cell = from;
  uint8_t mark = lifted[from];
  SternSet reached = 0;

  for (;;)
    {
      const uint8_t *over = geo->jump_over[cell];
      const uint8_t *land = geo->jump_land[cell];

      if (touched)
        *touched |= geo->jump_zone[cell];
      /* -O2 does not unroll this by itself: a third of the walk's instructions. */
#pragma GCC unroll 8
      for (unsigned i = 0; i < n_dirs; i++)
        if (lifted[over[i]] < STERN_N_SEATS && lifted[land[i]] > mark &&
            (!confined || stern_set_has (allowed, land[i])))
          {
            lifted[land[i]] = mark;
            landed[n++] = land[i];
            reached |= stern_set_bit (land[i]);
          }
      if (next == n)
        break;
      cell = landed[next++];
    }
  return reached;
}

/* Every hole a jump chain from `from` can land on, moving only through
 * `allowed` landings.  touched (ordinary jumps only) as above. */
G_ALWAYS_INLINE static inline SternSet
chain_landings (const SternRules *rules, const SternPosition *pos, uint8_t *lifted,
                unsigned from, SternSet allowed, bool confined, SternSet *touched)
{
  const SternGeometry *geo = rules->geometry;
  uint8_t stack[STERN_MAX_CELLS];
  unsigned top = 0;
  SternSet reached = stern_set_bit (from), occ;

  if (!rules->long_jumps)
    {
      if (geo->n_dirs == STERN_STAR_N_DIRS)
        return confined ? short_chain_landings (geo, lifted, from, allowed, true,
                                                STERN_STAR_N_DIRS, touched)
                        : short_chain_landings (geo, lifted, from, allowed, false,
                                                STERN_STAR_N_DIRS, touched);
      return confined ? short_chain_landings (geo, lifted, from, allowed, true,
                                              geo->n_dirs, touched)
                      : short_chain_landings (geo, lifted, from, allowed, false,
                                              geo->n_dirs, touched);
    }

  occ = pos->occupied & ~stern_set_bit (from);
  stack[top++] = (uint8_t) from;
  while (top > 0)
    {
      unsigned cell = stack[--top];

      for (unsigned dir = 0; dir < geo->n_dirs; dir++)
        {
          unsigned land = long_jump_landing (geo, occ, cell, dir);

          if (land != STERN_NO_CELL && !stern_set_has (reached, land) &&
              stern_set_has (allowed, land))
            {
              reached |= stern_set_bit (land);
              stack[top++] = (uint8_t) land;
            }
        }
    }
  return reached & ~stern_set_bit (from);
}

/* Where a marble of `seat` may land at all during its move: one standing
 * in the holes this returns only inside its goal (§3). */
static inline SternSet
confining_holes (const SternRules *rules, unsigned seat)
{
  return rules->goal_confines ? rules->goal[seat] : 0;
}

static inline SternSet
allowed_landings (const SternRules *rules, unsigned seat, unsigned from)
{
  return stern_set_has (confining_holes (rules, seat), from) ? rules->goal[seat]
                                                             : rules->geometry->all_cells;
}

/* What a loop over one seat's marbles looks up once: read from the
 * position and the rules into locals, since every write to the cell copy
 * could otherwise alias them and make the compiler read them again. */
typedef struct {
  SternSet empty;       /* holes without a marble */
  SternSet may_stop;    /* holes outside the seat's foreign rays */
  SternSet goal;        /* where a confined marble may land */
  SternSet confining;   /* confining_holes () */
} SeatScan;

static inline void
seat_scan_init (SeatScan *scan, const SternRules *rules, const SternPosition *pos, unsigned seat)
{
  scan->empty = ~pos->occupied;
  scan->may_stop = ~rules->no_stop[seat];
  scan->goal = rules->goal[seat];
  scan->confining = confining_holes (rules, seat);
}

/* Always inlined: with touched NULL the bookkeeping drops out, and perft
 * and the plain generator must not pay for the search's cache. */
G_ALWAYS_INLINE static inline SternSet
marble_destinations_confined (const SternRules *rules, const SternPosition *pos,
                              const SeatScan *scan, uint8_t *lifted, unsigned from,
                              bool confined, SternSet *touched)
{
  SternSet allowed = confined ? scan->goal : rules->geometry->all_cells;
  SternSet steps = rules->geometry->neighbours[from] & scan->empty;
  SternSet jumps = chain_landings (rules, pos, lifted, from, allowed, confined, touched);

  if (touched)
    *touched |= rules->geometry->neighbours[from];
  if (confined)
    steps &= allowed;

  /* A move may pass through a foreign ray but not end there. */
  return (steps | jumps) & scan->may_stop;
}

G_ALWAYS_INLINE static inline SternSet
marble_destinations_touched (const SternRules *rules, const SternPosition *pos,
                             const SeatScan *scan, uint8_t *lifted, unsigned from,
                             SternSet *touched)
{
  if (stern_set_has (scan->confining, from))
    return marble_destinations_confined (rules, pos, scan, lifted, from, true, touched);
  return marble_destinations_confined (rules, pos, scan, lifted, from, false, touched);
}

/* The marble at from's destinations, with `lifted` as above. */
G_ALWAYS_INLINE static inline SternSet
marble_destinations (const SternRules *rules, const SternPosition *pos,
                     const SeatScan *scan, uint8_t *lifted, unsigned from)
{
  return marble_destinations_touched (rules, pos, scan, lifted, from, NULL);
}

/* Loops over a seat's marbles lift each in turn from one copy of the cells. */
static inline void
lift_copy (uint8_t lifted[LIFTED_BYTES], const SternPosition *pos)
{
  memcpy (lifted, pos->cell, sizeof pos->cell);
  lifted[STERN_NO_CELL] = STERN_EMPTY;
}

SternSet
stern_movegen_destinations (const SternRules *rules, const SternPosition *pos, unsigned from)
{
  uint8_t lifted[LIFTED_BYTES];
  SeatScan scan;

  g_return_val_if_fail (rules != NULL && pos != NULL && from < STERN_MAX_CELLS, 0);
  if (from >= rules->geometry->n_cells || pos->cell[from] == STERN_EMPTY)
    return 0;
  seat_scan_init (&scan, rules, pos, pos->cell[from]);
  lift_copy (lifted, pos);
  lifted[from] = FIRST_MARK;
  return marble_destinations (rules, pos, &scan, lifted, from);
}

bool
stern_movegen_marble_can_move (const SternRules *rules, const SternPosition *pos, unsigned from)
{
  return stern_movegen_destinations (rules, pos, from) != 0;
}

size_t
stern_movegen_generate (const SternRules *rules, const SternPosition *pos,
                        unsigned seat, SternMove *moves)
{
  uint8_t lifted[LIFTED_BYTES], mark = FIRST_MARK;
  SeatScan scan;
  SternSet marbles;
  size_t n = 0;

  g_return_val_if_fail (rules != NULL && pos != NULL && moves != NULL, 0);
  g_return_val_if_fail (seat < STERN_N_SEATS, 0);

  seat_scan_init (&scan, rules, pos, seat);
  lift_copy (lifted, pos);
  marbles = pos->marbles[seat];
  while (marbles)
    {
      unsigned from = stern_set_pop (&marbles);
      SternSet dest;

      lifted[from] = mark--;
      dest = marble_destinations (rules, pos, &scan, lifted, from);
      lifted[from] = (uint8_t) seat;

      while (dest)
        {
          g_assert (n < STERN_MAX_MOVES);
          moves[n].from = (uint8_t) from;
          moves[n].to = (uint8_t) stern_set_pop (&dest);
          moves[n].flags = 0;
          n++;
        }
    }
  return n;
}

void
stern_movegen_cache_clear (SternMovegenCache *cache)
{
  g_return_if_fail (cache != NULL);
  memset (cache, 0, sizeof *cache);
}

size_t
stern_movegen_marble_sets (const SternRules *rules, const SternPosition *pos, unsigned seat,
                           SternMovegenCache *cache, uint8_t *from, SternSet *dest)
{
  uint8_t lifted[LIFTED_BYTES], mark = FIRST_MARK;
  SeatScan scan;
  SternSet marbles;
  size_t n = 0;

  g_return_val_if_fail (rules != NULL && pos != NULL && cache != NULL, 0);
  g_return_val_if_fail (from != NULL && dest != NULL && seat < STERN_N_SEATS, 0);

  seat_scan_init (&scan, rules, pos, seat);
  lift_copy (lifted, pos);
  marbles = pos->marbles[seat];
  while (marbles)
    {
      unsigned cell = stern_set_pop (&marbles);
      SternMovegenCacheEntry *e = &cache->entry[seat][cell];

      from[n] = (uint8_t) cell;
      /* A long jump looks along whole lines, so hardly any result would
       * outlive the next move: long-2 searched 3% faster without. */
      if (rules->long_jumps)
        {
          dest[n++] = marble_destinations (rules, pos, &scan, lifted, cell);
          continue;
        }
      /* touched is never empty once filled: it holds the neighbours. */
      if (e->touched != 0 && ((e->occupied ^ pos->occupied) & e->touched) == 0)
        dest[n] = e->dest;
      else
        {
          e->touched = 0;
          lifted[cell] = mark--;
          e->dest = dest[n] = marble_destinations_touched (rules, pos, &scan, lifted, cell,
                                                           &e->touched);
          lifted[cell] = (uint8_t) seat;
          e->occupied = pos->occupied;
        }
      n++;
    }
  return n;
}

size_t
stern_movegen_count (const SternRules *rules, const SternPosition *pos, unsigned seat)
{
  uint8_t lifted[LIFTED_BYTES], mark = FIRST_MARK;
  SeatScan scan;
  SternSet marbles;
  size_t n = 0;

  g_return_val_if_fail (rules != NULL && pos != NULL && seat < STERN_N_SEATS, 0);

  seat_scan_init (&scan, rules, pos, seat);
  lift_copy (lifted, pos);
  /* The free marbles, then those kept in the goal: a count needs no
   * order, and each loop knows its kind without a test per marble. */
  marbles = pos->marbles[seat] & ~scan.confining;
  while (marbles)
    {
      unsigned from = stern_set_pop (&marbles);

      lifted[from] = mark--;
      n += stern_set_count (marble_destinations_confined (rules, pos, &scan, lifted, from,
                                                          false, NULL));
      lifted[from] = (uint8_t) seat;
    }
  marbles = pos->marbles[seat] & scan.confining;
  while (marbles)
    {
      unsigned from = stern_set_pop (&marbles);

      lifted[from] = mark--;
      n += stern_set_count (marble_destinations_confined (rules, pos, &scan, lifted, from,
                                                          true, NULL));
      lifted[from] = (uint8_t) seat;
    }
  return n;
}

/* Is a → b one jump (ordinary, or long where the rules allow) for the
 * marble that started at vacated? */
static bool
is_jump (const SternRules *rules, const SternPosition *pos,
         unsigned a, unsigned b, unsigned vacated)
{
  const SternGeometry *geo = rules->geometry;

  if (pos->cell[b] != STERN_EMPTY && b != vacated)
    return false;
  for (unsigned dir = 0; dir < geo->n_dirs; dir++)
    {
      unsigned land;

      if (rules->long_jumps)
        land = long_jump_landing (geo, pos->occupied & ~stern_set_bit (vacated), a, dir);
      else if (geo->line_len[a][dir] >= 2 &&
               occupied_but (pos, geo->line[a][dir][0], vacated))
        land = geo->line[a][dir][1];
      else
        land = STERN_NO_CELL;
      if (land == b)
        return true;
    }
  return false;
}

size_t
stern_movegen_path (const SternRules *rules, const SternPosition *pos,
                    unsigned from, unsigned to, uint8_t *path)
{
  const SternGeometry *geo;
  uint8_t parent[STERN_MAX_CELLS];
  uint8_t queue[STERN_MAX_CELLS];
  unsigned head = 0, tail = 0, seat;
  SternSet allowed, reached;
  size_t len;

  g_return_val_if_fail (rules != NULL && pos != NULL && path != NULL, 0);
  geo = rules->geometry;
  if (from >= geo->n_cells || to >= geo->n_cells || pos->cell[from] == STERN_EMPTY)
    return 0;
  seat = pos->cell[from];
  if (!stern_set_has (stern_movegen_destinations (rules, pos, from), to))
    return 0;

  if (stern_set_has (geo->neighbours[from], to))
    {
      path[0] = (uint8_t) from;
      path[1] = (uint8_t) to;
      return 2;
    }

  /* Breadth first over single jumps gives a shortest chain. */
  allowed = allowed_landings (rules, seat, from);
  reached = stern_set_bit (from);
  queue[tail++] = (uint8_t) from;
  while (head < tail && !stern_set_has (reached, to))
    {
      unsigned cell = queue[head++];
      SternSet candidates = allowed & ~reached & ~pos->occupied;

      /* Only holes at even distance along a line can be landings; checking
       * each candidate keeps this simple, and it is not on a hot path. */
      while (candidates)
        {
          unsigned land = stern_set_pop (&candidates);

          if (is_jump (rules, pos, cell, land, from))
            {
              reached |= stern_set_bit (land);
              parent[land] = (uint8_t) cell;
              queue[tail++] = (uint8_t) land;
            }
        }
    }
  g_assert (stern_set_has (reached, to));

  len = 0;
  for (unsigned cell = to; cell != from; cell = parent[cell])
    path[len++] = (uint8_t) cell;
  path[len++] = (uint8_t) from;
  for (size_t i = 0; i < len / 2; i++)
    {
      uint8_t t = path[i];
      path[i] = path[len - 1 - i];
      path[len - 1 - i] = t;
    }
  return len;
}

SternPathCheck
stern_movegen_check_path (const SternRules *rules, const SternPosition *pos,
                          unsigned seat, const uint8_t *path, size_t len,
                          size_t *bad_hop)
{
  const SternGeometry *geo;
  unsigned from;
  SternSet allowed, visited;
  size_t dummy;

  g_return_val_if_fail (rules != NULL && pos != NULL, STERN_PATH_TOO_SHORT);
  if (bad_hop == NULL)
    bad_hop = &dummy;
  *bad_hop = 0;
  if (path == NULL || len < 2)
    return STERN_PATH_TOO_SHORT;

  geo = rules->geometry;
  for (size_t i = 0; i < len; i++)
    if (path[i] >= geo->n_cells)
      {
        *bad_hop = i;
        return STERN_PATH_BAD_HOP;
      }
  from = path[0];
  if (pos->cell[from] == STERN_EMPTY)
    return STERN_PATH_NO_MARBLE;
  if (pos->cell[from] != seat)
    return STERN_PATH_NOT_ON_TURN;

  allowed = allowed_landings (rules, seat, from);
  visited = stern_set_bit (from);
  for (size_t i = 1; i < len; i++)
    {
      unsigned a = path[i - 1], b = path[i];
      bool step = stern_set_has (geo->neighbours[a], b);

      *bad_hop = i;
      if (step)
        {
          if (len != 2)
            return STERN_PATH_STEP_IN_CHAIN;
          if (pos->cell[b] != STERN_EMPTY)
            return STERN_PATH_BAD_HOP;
        }
      else if (!is_jump (rules, pos, a, b, from))
        return STERN_PATH_BAD_HOP;
      if (stern_set_has (visited, b))
        return STERN_PATH_REVISIT;
      if (!stern_set_has (allowed, b))
        return STERN_PATH_LEAVES_GOAL;
      visited |= stern_set_bit (b);
    }
  if (stern_set_has (rules->no_stop[seat], path[len - 1]))
    {
      *bad_hop = len - 1;
      return STERN_PATH_FOREIGN_RAY;
    }
  return STERN_PATH_OK;
}

const char *
stern_path_check_describe (SternPathCheck check)
{
  switch (check)
    {
    case STERN_PATH_OK:           return "legal";
    case STERN_PATH_TOO_SHORT:    return "a move needs at least two holes";
    case STERN_PATH_NO_MARBLE:    return "there is no marble on the first hole";
    case STERN_PATH_NOT_ON_TURN:  return "the marble does not belong to the player on turn";
    case STERN_PATH_BAD_HOP:      return "this hop is neither a step nor a jump";
    case STERN_PATH_STEP_IN_CHAIN: return "steps and jumps cannot be mixed in one move";
    case STERN_PATH_REVISIT:      return "a jump chain may not land on a hole twice";
    case STERN_PATH_LEAVES_GOAL:  return "a marble in its goal must stay in the goal";
    case STERN_PATH_FOREIGN_RAY:  return "a move may not end in a foreign ray";
    default:                      return "unknown";
    }
}

/* Moves a marble for perft: the bare board update, no key, no checks. */
static inline void
perft_move (SternPosition *pos, unsigned from, unsigned to)
{
  SternSet change = stern_set_bit (from) | stern_set_bit (to);
  unsigned seat = pos->cell[from];

  pos->cell[to] = (uint8_t) seat;
  pos->cell[from] = STERN_EMPTY;
  pos->marbles[seat] ^= change;
  pos->occupied ^= change;
}

static uint64_t
perft_recurse (const SternRules *rules, SternPosition *pos,
               const uint8_t next_seat[STERN_N_SEATS], unsigned depth)
{
  SternMove moves[STERN_MAX_MOVES];
  unsigned seat = pos->to_move;
  size_t n;
  uint64_t total = 0;

  if (depth == 1)
    return stern_movegen_count (rules, pos, seat);

  n = stern_movegen_generate (rules, pos, seat, moves);
  for (size_t i = 0; i < n; i++)
    {
      perft_move (pos, moves[i].from, moves[i].to);
      pos->to_move = next_seat[seat];
      total += perft_recurse (rules, pos, next_seat, depth - 1);
      pos->to_move = (uint8_t) seat;
      perft_move (pos, moves[i].to, moves[i].from);
    }
  return total;
}

uint64_t
stern_perft (const SternRules *rules, const SternPosition *pos, unsigned depth)
{
  const SternVariant *variant;
  uint8_t next_seat[STERN_N_SEATS];
  SternPosition work;

  g_return_val_if_fail (rules != NULL && pos != NULL, 0);
  if (depth == 0)
    return 1;

  variant = rules->variant;
  memset (next_seat, 0, sizeof next_seat);
  for (unsigned i = 0; i < variant->n_players; i++)
    next_seat[variant->seats[i]] = variant->seats[(i + 1) % variant->n_players];
  work = *pos;
  return perft_recurse (rules, &work, next_seat, depth);
}
