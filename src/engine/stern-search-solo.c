/* stern-search-solo.c: the solo variant's search: a beam search for the
 * shortest crossing, its plan replayed while the game follows it.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-search-private.h"

#include <stdlib.h>
#include <string.h>

/* ---- solo: the shortest crossing ---- */

static int
compare_children (const void *a, const void *b)
{
  const SoloChild *x = a, *y = b;

  if (x->h != y->h)
    return x->h < y->h ? -1 : 1;
  return (x->key > y->key) - (x->key < y->key);
}

static void
solo_reserve (SternSearch *s, unsigned beam)
{
  if (s->solo_alloc_beam >= beam)
    return;
  g_free (s->solo_steps);
  g_free (s->solo_children);
  g_free (s->solo_cur);
  g_free (s->solo_next);
  s->solo_steps = g_new (SoloStep, (gsize) SOLO_MAX_DEPTH * beam);
  s->solo_children = g_new (SoloChild, (gsize) SOLO_CHILDREN * beam);
  s->solo_cur = g_new (SternPosition, beam);
  s->solo_next = g_new (SternPosition, beam);
  s->solo_alloc_beam = beam;
}

/* Writes the moves from the root to a child of level `level` into the plan. */
static void
solo_trace (SternSearch *s, unsigned beam, unsigned level, uint32_t parent,
            unsigned from, unsigned to)
{
  SternPosition pos = s->pos;

  s->plan[level].from = (uint8_t) from;
  s->plan[level].to = (uint8_t) to;
  s->plan[level].flags = 0;
  for (unsigned l = level; l-- > 0;)
    {
      const SoloStep *step = &s->solo_steps[(gsize) l * beam + parent];

      s->plan[l].from = step->from;
      s->plan[l].to = step->to;
      s->plan[l].flags = 0;
      parent = step->parent;
    }
  s->plan_len = level + 1;
  for (unsigned l = 0; l < s->plan_len; l++)
    {
      s->plan_key[l] = pos.hash;
      stern_position_move (&pos, s->plan[l].from, s->plan[l].to);
    }
}

/* Writes the line to the best position kept at `level` into the plan. */
static void
solo_trace_best (SternSearch *s, unsigned beam, unsigned level)
{
  const SoloStep *step = &s->solo_steps[(gsize) level * beam];

  solo_trace (s, beam, level, step->parent, step->from, step->to);
}

/* Beam search over move sequences: at each depth keep the `beam` best
 * distinct positions by evaluation, until one has finished. */
static void
solo_plan (SternSearch *s, unsigned beam)
{
  const unsigned seat = s->root;
  const unsigned cap = SOLO_CHILDREN * beam;
  unsigned n_cur = 1;

  solo_reserve (s, beam);
  s->solo_cur[0] = s->pos;
  s->plan_len = 0;

  for (unsigned level = 0; level < SOLO_MAX_DEPTH; level++)
    {
      SoloChild *children = s->solo_children;
      unsigned n_child = 0, n_next = 0;
      SternPosition *tmp;

      /* Told to move now: follow the best line found so far. */
      if (level > 0 && s->stop && g_atomic_int_get (s->stop))
        {
          solo_trace_best (s, beam, level - 1);
          return;
        }

      for (unsigned i = 0; i < n_cur; i++)
        {
          SternPosition *pos = &s->solo_cur[i];
          size_t count = stern_movegen_generate (&s->rules, pos, seat, s->scratch);

          for (size_t k = 0; k < count && n_child < cap; k++)
            {
              unsigned from = s->scratch[k].from, to = s->scratch[k].to;
              bool done;

              stern_position_move (pos, from, to);
              done = stern_eval_seat_finished (&s->rules, pos, seat);
              children[n_child].key = pos->hash;
              children[n_child].h = stern_eval_seat_cost (&s->eval, pos, seat, -1);
              stern_position_move (pos, to, from);
              if (done)
                {
                  solo_trace (s, beam, level, i, from, to);
                  return;
                }
              children[n_child].parent = i;
              children[n_child].from = (uint8_t) from;
              children[n_child].to = (uint8_t) to;
              n_child++;
            }
        }
      if (n_child == 0)
        break;

      qsort (children, n_child, sizeof *children, compare_children);
      for (unsigned c = 0; c < n_child && n_next < beam; c++)
        {
          SoloStep *step;

          if (c > 0 && children[c].key == children[c - 1].key)
            continue;
          step = &s->solo_steps[(gsize) level * beam + n_next];
          step->parent = children[c].parent;
          step->from = children[c].from;
          step->to = children[c].to;
          s->solo_next[n_next] = s->solo_cur[children[c].parent];
          stern_position_move (&s->solo_next[n_next], step->from, step->to);
          n_next++;
        }
      tmp = s->solo_cur;
      s->solo_cur = s->solo_next;
      s->solo_next = tmp;
      n_cur = n_next;

      /* Out of depth: follow the best line found so far. */
      if (level == SOLO_MAX_DEPTH - 1)
        solo_trace_best (s, beam, level);
    }
}

gboolean
search_choose_solo (SternSearch *s, int level, unsigned beam, SternMove *out)
{
  for (int attempt = 0; attempt < 2; attempt++)
    {
      if (s->plan_level == level)
        for (unsigned i = 0; i < s->plan_len; i++)
          if (s->plan_key[i] == s->pos.hash &&
              s->pos.cell[s->plan[i].from] == s->root &&
              stern_set_has (stern_movegen_destinations (&s->rules, &s->pos, s->plan[i].from),
                             s->plan[i].to))
            {
              *out = s->plan[i];
              return TRUE;
            }
      solo_plan (s, beam);
      s->plan_level = level;
    }
  return FALSE;
}

gboolean
search_plan_first_move (SternSearch *s, unsigned beam, SternMove *out)
{
  solo_plan (s, beam);
  /* The plan counted on the others' marbles standing still: it is never
   * replayed, only its first move weighed. */
  s->plan_level = -1;
  if (s->plan_len == 0)
    return FALSE;
  *out = s->plan[0];
  return TRUE;
}
