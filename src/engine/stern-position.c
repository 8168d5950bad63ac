/* stern-position.c: placing and moving marbles, with the Zobrist key kept
 * up to date incrementally.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-position.h"

#include <string.h>

#include <glib.h>

#include "stern-tables.h"

void
stern_position_clear (SternPosition *pos)
{
  g_return_if_fail (pos != NULL);
  memset (pos, 0, sizeof *pos);
  memset (pos->cell, STERN_EMPTY, sizeof pos->cell);
  pos->to_move = STERN_WHITE;
  pos->hash = stern_zobrist_to_move[STERN_WHITE];
}

void
stern_position_set_start (SternPosition *pos, const SternRules *rules)
{
  g_return_if_fail (pos != NULL && rules != NULL);

  stern_position_clear (pos);
  for (unsigned i = 0; i < rules->variant->n_players; i++)
    {
      unsigned seat = rules->variant->seats[i];
      SternSet home = rules->home[seat];

      while (home)
        stern_position_put (pos, seat, stern_set_pop (&home));
    }
  stern_position_set_to_move (pos, rules->variant->seats[0]);
}

void
stern_position_put (SternPosition *pos, unsigned seat, unsigned cell)
{
  g_return_if_fail (pos != NULL && seat < STERN_N_SEATS && cell < STERN_MAX_CELLS);
  g_return_if_fail (pos->cell[cell] == STERN_EMPTY);

  pos->cell[cell] = (uint8_t) seat;
  pos->marbles[seat] |= stern_set_bit (cell);
  pos->occupied |= stern_set_bit (cell);
  pos->hash ^= stern_zobrist_marble[seat][cell];
}

void
stern_position_remove (SternPosition *pos, unsigned cell)
{
  unsigned seat;

  g_return_if_fail (pos != NULL && cell < STERN_MAX_CELLS);
  seat = pos->cell[cell];
  g_return_if_fail (seat != STERN_EMPTY);

  pos->cell[cell] = STERN_EMPTY;
  pos->marbles[seat] &= ~stern_set_bit (cell);
  pos->occupied &= ~stern_set_bit (cell);
  pos->hash ^= stern_zobrist_marble[seat][cell];
}

void
stern_position_remove_seat (SternPosition *pos, unsigned seat)
{
  SternSet marbles;

  g_return_if_fail (pos != NULL && seat < STERN_N_SEATS);
  marbles = pos->marbles[seat];
  while (marbles)
    stern_position_remove (pos, stern_set_pop (&marbles));
}

void
stern_position_set_to_move (SternPosition *pos, unsigned seat)
{
  g_return_if_fail (pos != NULL && seat < STERN_N_SEATS);
  pos->hash ^= stern_zobrist_to_move[pos->to_move] ^ stern_zobrist_to_move[seat];
  pos->to_move = (uint8_t) seat;
}

uint64_t
stern_position_hash_after_move (const SternPosition *pos, unsigned from, unsigned to)
{
  unsigned seat = pos->cell[from];

  g_assert (seat != STERN_EMPTY);
  return pos->hash ^ stern_zobrist_marble[seat][from] ^ stern_zobrist_marble[seat][to];
}

void
stern_position_move (SternPosition *pos, unsigned from, unsigned to)
{
  unsigned seat = pos->cell[from];
  SternSet change = stern_set_bit (from) | stern_set_bit (to);

  g_assert (seat != STERN_EMPTY && pos->cell[to] == STERN_EMPTY);
  pos->hash = stern_position_hash_after_move (pos, from, to);
  pos->cell[from] = STERN_EMPTY;
  pos->cell[to] = (uint8_t) seat;
  pos->marbles[seat] ^= change;
  pos->occupied ^= change;
}

uint64_t
stern_position_key_to_move (unsigned seat)
{
  g_return_val_if_fail (seat < STERN_N_SEATS, 0);
  return stern_zobrist_to_move[seat];
}

uint64_t
stern_position_key_in_play (unsigned seat)
{
  g_return_val_if_fail (seat < STERN_N_SEATS, 0);
  return stern_zobrist_in_play[seat];
}

unsigned
stern_position_tempo (const SternPosition *pos, const SternRules *rules, unsigned seat)
{
  const uint8_t *dist;
  SternSet stones;
  unsigned sum = 0;

  g_return_val_if_fail (pos != NULL && rules != NULL && seat < STERN_N_SEATS, 0);
  dist = rules->tempo_distance[seat];
  if (dist == NULL)
    return 0;
  stones = pos->marbles[seat];
  while (stones)
    sum += dist[stern_set_pop (&stones)];
  return sum;
}
