/* stern-game.c: turns, finishing and places, elimination, limits and
 * history (doc/rules.md §4, §5, §8), and the forced end of the square boards
 * (doc/rules.md §9).
 *
 * Places are given to "units": a player, or a team in the pairs variants,
 * so one set of rules serves both.  Every action stores the state before
 * it, which makes undo and redo plain array work; the repetition rule
 * counts position keys in a hash table kept in step with the history, so
 * each move costs the same however long the game is.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-game.h"

#include <string.h>

G_DEFINE_QUARK (stern-error-quark, stern_error)

typedef struct {
  SternPosition pos;
  /* 32 bits: a record may hold any number of moves (a 16-bit counter
   * wrapped after 65,535 rounds of solo). */
  uint32_t moves_made[STERN_N_SEATS];
  uint8_t  player_state[STERN_N_SEATS];
  uint8_t  unit_place[STERN_N_SEATS];   /* 0 while the unit is not placed */
  uint32_t round;                        /* completed rounds */
  uint8_t  end_reason;
  uint8_t  reply_seat;                   /* who makes the reply move, or STERN_NO_SEAT */
  /* Two players on the star: the first mover, late at its leaving-home
   * deadline, waiting for the second one's deadline move (§4), or
   * STERN_NO_SEAT. */
  uint8_t  late_seat;
  uint64_t key;                          /* repetition key */
} GameState;

typedef struct {
  GameState   before;
  SternAction action;
} HistoryEntry;

/* How often each repetition key occurs among the states before the played
 * actions: open addressing with linear probing.  A key whose count drops
 * to 0 keeps its slot, so removal needs no tombstones; the table grows
 * only with the distinct keys ever played in this game. */
typedef struct {
  uint64_t key;
  uint32_t count;
  uint32_t used;
} RepSlot;

typedef struct {
  RepSlot *slots;
  gsize    mask;      /* capacity - 1; the capacity is a power of two */
  gsize    n_used;
} RepTable;

#define REP_TABLE_MIN_CAPACITY 64

struct _SternGame {
  SternRules rules;
  GameState  cur;
  GArray    *history;   /* HistoryEntry; the first n_done are played */
  guint      n_done;
  GameState  newest;    /* the state after the whole history, kept for redo */
  RepTable   reps;      /* keys of history[0 … n_done-1].before */
  uint8_t    first_seat; /* on turn at the start: rounds begin with it (§5) */
};

/* ---- the repetition table ---- */

static gsize
rep_slot_index (const RepTable *t, uint64_t key)
{
  /* Zobrist keys are random already; the multiply spreads the low bits. */
  gsize i = (gsize) ((key * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> 32) & t->mask;

  while (t->slots[i].used && t->slots[i].key != key)
    i = (i + 1) & t->mask;
  return i;
}

static void
rep_grow (RepTable *t)
{
  RepSlot *old = t->slots;
  gsize old_capacity = old ? t->mask + 1 : 0;
  gsize capacity = old ? old_capacity * 2 : REP_TABLE_MIN_CAPACITY;

  t->slots = g_new0 (RepSlot, capacity);
  t->mask = capacity - 1;
  for (gsize i = 0; i < old_capacity; i++)
    if (old[i].used)
      t->slots[rep_slot_index (t, old[i].key)] = old[i];
  g_free (old);
}

static void
rep_add (RepTable *t, uint64_t key)
{
  RepSlot *slot;

  /* At most half full, so probes stay short. */
  if (t->slots == NULL || (t->n_used + 1) * 2 > t->mask + 1)
    rep_grow (t);
  slot = &t->slots[rep_slot_index (t, key)];
  if (!slot->used)
    {
      slot->used = 1;
      slot->key = key;
      t->n_used++;
    }
  slot->count++;
}

static void
rep_remove (RepTable *t, uint64_t key)
{
  RepSlot *slot;

  g_assert (t->slots != NULL);
  slot = &t->slots[rep_slot_index (t, key)];
  g_assert (slot->used && slot->count > 0);
  slot->count--;
}

static unsigned
rep_count (const RepTable *t, uint64_t key)
{
  const RepSlot *slot;

  if (t->slots == NULL)
    return 0;
  slot = &t->slots[rep_slot_index (t, key)];
  return slot->used ? slot->count : 0;
}

static void
rep_copy (RepTable *dest, const RepTable *src)
{
  dest->mask = src->mask;
  dest->n_used = src->n_used;
  dest->slots = src->slots ? g_memdup2 (src->slots, (src->mask + 1) * sizeof (RepSlot)) : NULL;
}

/* ---- units: players, or teams of two opposite seats ---- */

static unsigned
unit_of (const SternGame *game, unsigned seat)
{
  return game->rules.variant->teams ? seat % 3 : seat;
}

static unsigned
n_units (const SternGame *game)
{
  const SternVariant *v = game->rules.variant;
  return v->teams ? v->n_players / 2u : v->n_players;
}

/* The distinct units of the variant, in seat order; returns how many. */
static unsigned
list_units (const SternGame *game, unsigned units[STERN_N_SEATS])
{
  const SternVariant *v = game->rules.variant;
  unsigned n = 0;

  for (unsigned i = 0; i < v->n_players; i++)
    {
      unsigned u = unit_of (game, v->seats[i]);
      bool seen = false;

      for (unsigned j = 0; j < n; j++)
        seen |= units[j] == u;
      if (!seen)
        units[n++] = u;
    }
  return n;
}

static bool
seat_in_unit (const SternGame *game, unsigned seat, unsigned unit)
{
  return stern_variant_has_seat (game->rules.variant, seat) && unit_of (game, seat) == unit;
}

static bool
place_taken (const GameState *st, unsigned place)
{
  for (unsigned u = 0; u < STERN_N_SEATS; u++)
    if (st->unit_place[u] == place)
      return true;
  return false;
}

static unsigned
best_free_place (const SternGame *game, const GameState *st)
{
  for (unsigned p = 1; p <= n_units (game); p++)
    if (!place_taken (st, p))
      return p;
  return n_units (game);
}

static unsigned
worst_free_place (const SternGame *game, const GameState *st)
{
  for (unsigned p = n_units (game); p >= 1; p--)
    if (!place_taken (st, p))
      return p;
  return n_units (game);
}

static unsigned
count_unplaced_units (const SternGame *game, const GameState *st)
{
  unsigned units[STERN_N_SEATS], n = list_units (game, units), count = 0;

  for (unsigned i = 0; i < n; i++)
    count += st->unit_place[units[i]] == 0;
  return count;
}

/* ---- the ranking keys of §5 ---- */

static unsigned
seat_marbles_in_goal (const SternGame *game, const GameState *st, unsigned seat)
{
  return stern_set_count (st->pos.marbles[seat] & game->rules.goal[seat]);
}

static unsigned
seat_distance_to_goal (const SternGame *game, const GameState *st, unsigned seat)
{
  SternSet marbles = st->pos.marbles[seat];
  unsigned sum = 0;

  while (marbles)
    sum += stern_rules_goal_distance (&game->rules, seat, stern_set_pop (&marbles));
  return sum;
}

static void
unit_ranking_keys (const SternGame *game, const GameState *st, unsigned unit,
                   unsigned *in_goal, unsigned *distance)
{
  /* On the square boards the tempo number alone ranks (doc/rules.md §9). */
  bool by_tempo = game->rules.tempo_check_move != 0;

  *in_goal = 0;
  *distance = 0;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (seat_in_unit (game, seat, unit))
      {
        if (by_tempo)
          {
            *distance += stern_position_tempo (&st->pos, &game->rules, seat);
            continue;
          }
        *in_goal += seat_marbles_in_goal (game, st, seat);
        *distance += seat_distance_to_goal (game, st, seat);
      }
}

/* Ranks every unplaced unit by marbles in goal, then distance; equal units
 * share the better place (§5). */
static void
rank_unplaced_units (const SternGame *game, GameState *st)
{
  unsigned units[STERN_N_SEATS], n = list_units (game, units);
  unsigned order[STERN_N_SEATS], in_goal[STERN_N_SEATS], dist[STERN_N_SEATS];
  unsigned n_rank = 0;
  unsigned free_places[STERN_N_SEATS], n_free = 0;

  for (unsigned i = 0; i < n; i++)
    if (st->unit_place[units[i]] == 0)
      {
        unsigned u = units[i];
        unit_ranking_keys (game, st, u, &in_goal[u], &dist[u]);
        order[n_rank++] = u;
      }
  for (unsigned p = 1; p <= n_units (game); p++)
    if (!place_taken (st, p))
      free_places[n_free++] = p;
  g_assert (n_free >= n_rank);

  /* Insertion sort: better first. */
  for (unsigned i = 1; i < n_rank; i++)
    for (unsigned j = i; j > 0; j--)
      {
        unsigned a = order[j - 1], b = order[j];
        bool b_better = in_goal[b] > in_goal[a] ||
                        (in_goal[b] == in_goal[a] && dist[b] < dist[a]);
        if (!b_better)
          break;
        order[j - 1] = b;
        order[j] = a;
      }

  for (unsigned i = 0; i < n_rank; i++)
    {
      unsigned u = order[i], prev = i > 0 ? order[i - 1] : 0;

      if (i > 0 && in_goal[u] == in_goal[prev] && dist[u] == dist[prev])
        st->unit_place[u] = st->unit_place[prev];
      else
        st->unit_place[u] = (uint8_t) free_places[i];
    }
}

/* ---- turns ---- */

static bool
seat_in_rotation (const SternGame *game, const GameState *st, unsigned seat)
{
  const SternRules *rules = &game->rules;

  if (!stern_variant_has_seat (rules->variant, seat))
    return false;
  if (rules->move_limit && st->moves_made[seat] >= rules->move_limit)
    return false;
  if (st->reply_seat != STERN_NO_SEAT)
    return seat == st->reply_seat;
  return st->player_state[seat] == STERN_PLAYER_PLAYING ||
         (st->player_state[seat] == STERN_PLAYER_RESIGNED && rules->resign_replaced);
}

/* The next seat in rotation after `seat` (possibly `seat` itself), or
 * STERN_NO_SEAT when nobody is left to move. */
static unsigned
next_in_rotation (const SternGame *game, const GameState *st, unsigned seat)
{
  for (unsigned i = 1; i <= STERN_N_SEATS; i++)
    {
      unsigned s = (seat + i) % STERN_N_SEATS;
      if (seat_in_rotation (game, st, s))
        return s;
    }
  return STERN_NO_SEAT;
}

static uint64_t
repetition_key (const SternGame *game, const GameState *st)
{
  uint64_t key = st->pos.hash;

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (seat_in_rotation (game, st, seat))
      key ^= stern_position_key_in_play (seat);
  return key;
}

static void
end_game (const SternGame *game, GameState *st, SternEndReason reason)
{
  if (count_unplaced_units (game, st) > 0)
    rank_unplaced_units (game, st);
  st->end_reason = (uint8_t) reason;
}

/* Places the last unplaced unit once only one is left (§5). */
static bool
maybe_end_by_places (const SternGame *game, GameState *st)
{
  unsigned left = count_unplaced_units (game, st);

  if (game->rules.variant->solo ? left == 0 : left <= 1)
    {
      end_game (game, st, STERN_END_FINISHED);
      return true;
    }
  return false;
}

static void
place_unit (const SternGame *game, GameState *st, unsigned unit, unsigned place)
{
  g_assert (st->unit_place[unit] == 0);
  st->unit_place[unit] = (uint8_t) place;
}

/* Eliminates the seat's unit (§4): worst free place, marbles removed
 * while the game goes on. */
static void
eliminate (const SternGame *game, GameState *st, unsigned seat)
{
  unsigned unit = unit_of (game, seat);

  place_unit (game, st, unit, worst_free_place (game, st));
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (seat_in_unit (game, s, unit))
      st->player_state[s] = STERN_PLAYER_ELIMINATED;
  /* Off the board with three or more players (§4), also when this ends
   * the game: the final position is the one the rules leave. */
  if (game->rules.variant->n_players >= 3)
    for (unsigned s = 0; s < STERN_N_SEATS; s++)
      if (seat_in_unit (game, s, unit))
        stern_position_remove_seat (&st->pos, s);
}

/* A finished game's last position names the next player in playing
 * order as the one on turn, as after any move, passing over players who
 * are out (eliminated or resigned): a record replayed to its end reads as
 * the game left off. */
static void
turn_after_end (const SternGame *game, GameState *st, unsigned seat)
{
  const SternVariant *v = game->rules.variant;
  unsigned at = 0;

  for (unsigned i = 0; i < v->n_players; i++)
    if (v->seats[i] == seat)
      at = i;
  for (unsigned k = 1; k <= v->n_players; k++)
    {
      unsigned next = v->seats[(at + k) % v->n_players];

      if (st->player_state[next] == STERN_PLAYER_PLAYING ||
          st->player_state[next] == STERN_PLAYER_FINISHED)
        {
          stern_position_set_to_move (&st->pos, next);
          return;
        }
    }
}

static bool
seat_has_finished (const SternGame *game, const GameState *st, unsigned seat)
{
  const SternRules *rules = &game->rules;
  SternSet own = st->pos.marbles[seat], goal = rules->goal[seat];

  if (rules->finish_needs_all_own)
    return own != 0 && (own & ~goal) == 0;
  return (st->pos.occupied & goal) == goal && (own & goal) != 0;
}

gboolean
stern_game_seat_can_finish (const SternGame *game, unsigned seat)
{
  const SternPosition *pos;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (seat < STERN_N_SEATS, FALSE);

  pos = stern_game_get_position (game);
  if (pos->marbles[seat] == 0)
    return FALSE;
  if (game->rules.finish_needs_all_own)
    return TRUE;
  return stern_set_count (pos->occupied) >= stern_set_count (game->rules.goal[seat]);
}

/* With two players, the one who did not move first. */
static unsigned
second_mover (const SternGame *game)
{
  const SternVariant *v = game->rules.variant;

  return game->first_seat == v->seats[0] ? v->seats[1] : v->seats[0];
}

/* Marks newly finished players and places their units (§5, §8). */
static void
update_finishing (const SternGame *game, GameState *st, unsigned mover)
{
  const SternVariant *v = game->rules.variant;

  /* The mover first: it finished with this move. */
  for (unsigned i = 0; i <= v->n_players; i++)
    {
      unsigned seat = i == 0 ? mover : v->seats[i - 1];
      unsigned unit;
      bool unit_done = true;

      if (seat >= STERN_N_SEATS || !stern_variant_has_seat (v, seat) ||
          st->player_state[seat] != STERN_PLAYER_PLAYING ||
          !seat_has_finished (game, st, seat))
        continue;
      st->player_state[seat] = STERN_PLAYER_FINISHED;
      unit = unit_of (game, seat);
      for (unsigned s = 0; s < STERN_N_SEATS; s++)
        if (seat_in_unit (game, s, unit) && st->player_state[s] != STERN_PLAYER_FINISHED)
          unit_done = false;
      if (!unit_done || st->unit_place[unit] != 0)
        continue;

      /* Two players: the first mover's finish leaves the other one reply,
       * whichever colour moved first (a set-up position may start with
       * black). */
      if (game->rules.reply_move && seat == game->first_seat &&
          st->player_state[second_mover (game)] == STERN_PLAYER_PLAYING)
        {
          st->reply_seat = (uint8_t) second_mover (game);
          continue;
        }
      place_unit (game, st, unit, best_free_place (game, st));
    }
}

/* After the reply move of §5: a draw if the second player finished too. */
static void
settle_reply (const SternGame *game, GameState *st)
{
  unsigned first = game->first_seat, second = second_mover (game);

  st->reply_seat = STERN_NO_SEAT;
  if (st->player_state[second] == STERN_PLAYER_FINISHED)
    {
      st->unit_place[first] = 1;
      st->unit_place[second] = 1;
    }
  else
    {
      st->unit_place[first] = 1;
      if (st->unit_place[second] == 0)
        st->unit_place[second] = 2;
    }
  st->end_reason = STERN_END_FINISHED;
}

static unsigned
moves_of_seat_in_rotation (const SternGame *game, const GameState *st)
{
  unsigned total = 0;

  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    if (seat_in_rotation (game, st, seat))
      total += stern_movegen_count (&game->rules, &st->pos, seat);
  return total;
}

/* Occurrences of the key so far, counting the current state. */
static unsigned
count_repetitions (const SternGame *game, uint64_t key)
{
  return 1 + rep_count (&game->reps, key);
}

/* A round closes when the turn passes the seat that opened the game, so
 * every player makes the same number of moves in it even when a Position
 * tag puts another seat than the first on turn (§5). */
static bool
closes_round (const SternGame *game, unsigned seat, unsigned next)
{
  unsigned first = game->first_seat;

  return (next + STERN_N_SEATS - first) % STERN_N_SEATS <=
         (seat + STERN_N_SEATS - first) % STERN_N_SEATS;
}

/* Passes the turn on after `seat` acted, and applies the limits of §5. */
static void
advance_turn (const SternGame *game, GameState *st, unsigned seat)
{
  const SternRules *rules = &game->rules;
  unsigned next;

  if (st->end_reason != STERN_END_NONE)
    return;

  /* A reply that cannot be made is skipped, which settles the game. */
  if (st->reply_seat != STERN_NO_SEAT &&
      stern_movegen_count (rules, &st->pos, st->reply_seat) == 0)
    {
      settle_reply (game, st);
      return;
    }

  next = next_in_rotation (game, st, seat);
  if (next == STERN_NO_SEAT)
    {
      end_game (game, st, rules->move_limit ? STERN_END_MOVE_LIMIT : STERN_END_NO_MOVES);
      return;
    }
  if (closes_round (game, seat, next))
    st->round++;
  stern_position_set_to_move (&st->pos, next);
  st->key = repetition_key (game, st);

  if (rules->round_limit && st->round >= rules->round_limit)
    end_game (game, st, STERN_END_ROUND_LIMIT);
  else if (rules->repetition_ends && count_repetitions (game, st->key) >= 3)
    end_game (game, st, STERN_END_REPETITION);
  else if (stern_movegen_count (rules, &st->pos, next) == 0 &&
           moves_of_seat_in_rotation (game, st) == 0)
    end_game (game, st, STERN_END_NO_MOVES);
}

/* Would the seat, having just moved to `to`, be eliminated (§4)? */
static bool
breaks_home_rule (const SternGame *game, const GameState *st, unsigned seat, unsigned to)
{
  const SternRules *rules = &game->rules;
  unsigned made = st->moves_made[seat];  /* already counting this move */
  SternSet in_home;

  if (!rules->leave_home_deadline || made < rules->leave_home_deadline)
    return false;
  if (made > rules->leave_home_deadline)
    return rules->fatal_return_home && stern_set_has (rules->home[seat], to);

  /* The deadline move itself: every marble left at home must be shut in. */
  in_home = st->pos.marbles[seat] & rules->home[seat];
  while (in_home)
    if (stern_movegen_marble_can_move (rules, &st->pos, stern_set_pop (&in_home)))
      return true;
  return false;
}

/* The leaving-home deadline of §4 with two players on the star is one
 * check for both, as on the square boards (§9): when the second player's
 * next move is its own deadline move, the first mover's lateness waits for
 * it; both late is a draw, one late loses.  With more players, or move
 * counters a set-up position made unequal, each is checked at its own
 * move. */
static void
check_home_rule (const SternGame *game, GameState *st, unsigned seat, unsigned to)
{
  const SternRules *rules = &game->rules;
  bool late = breaks_home_rule (game, st, seat, to);
  bool pair = rules->variant->n_players == 2 && !rules->variant->solo;

  if (pair && st->moves_made[seat] == rules->leave_home_deadline &&
      seat == game->first_seat &&
      st->moves_made[second_mover (game)] + 1 == rules->leave_home_deadline &&
      st->player_state[second_mover (game)] == STERN_PLAYER_PLAYING)
    {
      if (late)
        st->late_seat = (uint8_t) seat;
      return;
    }
  if (st->late_seat != STERN_NO_SEAT && st->late_seat != seat)
    {
      unsigned first = st->late_seat;

      st->late_seat = STERN_NO_SEAT;
      if (late && st->moves_made[seat] == rules->leave_home_deadline)
        {
          st->unit_place[unit_of (game, first)] = 1;
          st->unit_place[unit_of (game, seat)] = 1;
          st->end_reason = STERN_END_HOME_CHECK;
          return;
        }
      eliminate (game, st, first);
    }
  if (late)
    eliminate (game, st, seat);
}

/* Has every seat still playing made at least `count` moves, the mover
 * reaching it with this move?  That is the moment of a check made "after
 * move N of each player" (doc/rules.md §9). */
static bool
check_due (const SternGame *game, const GameState *st, unsigned mover, unsigned count)
{
  const SternVariant *v = game->rules.variant;

  if (count == 0 || st->moves_made[mover] != count)
    return false;
  for (unsigned i = 0; i < v->n_players; i++)
    {
      unsigned seat = v->seats[i];

      if (st->player_state[seat] == STERN_PLAYER_PLAYING && st->moves_made[seat] < count)
        return false;
    }
  return true;
}

/* The two-stage forced end of the square boards (doc/rules.md §9). */
static void
square_checks (const SternGame *game, GameState *st, unsigned mover)
{
  const SternRules *rules = &game->rules;
  const SternVariant *v = rules->variant;

  if (check_due (game, st, mover, rules->home_check_move))
    {
      unsigned late[STERN_N_SEATS], n_late = 0, n_playing = 0;

      for (unsigned i = 0; i < v->n_players; i++)
        {
          unsigned seat = v->seats[i];

          if (st->player_state[seat] != STERN_PLAYER_PLAYING)
            continue;
          n_playing++;
          if (st->pos.marbles[seat] & rules->home[seat])
            late[n_late++] = seat;
        }
      if (n_late > 0 && n_late == n_playing)
        {
          /* Everyone is late: a draw among them. */
          unsigned place = best_free_place (game, st);

          for (unsigned i = 0; i < n_late; i++)
            st->unit_place[unit_of (game, late[i])] = (uint8_t) place;
          st->end_reason = STERN_END_HOME_CHECK;
          return;
        }
      /* Several late: the larger tempo number takes the worse place,
       * equal ones in seat order (§9).  The numbers are taken before any
       * stones leave the board. */
      {
        unsigned tempo[STERN_N_SEATS];

        for (unsigned i = 0; i < n_late; i++)
          tempo[i] = stern_position_tempo (&st->pos, rules, late[i]);
        for (unsigned i = 1; i < n_late; i++)
          for (unsigned j = i; j > 0 && tempo[j] > tempo[j - 1]; j--)
            {
              unsigned t = tempo[j], l = late[j];

              tempo[j] = tempo[j - 1];
              late[j] = late[j - 1];
              tempo[j - 1] = t;
              late[j - 1] = l;
            }
      }
      for (unsigned i = 0; i < n_late; i++)
        eliminate (game, st, late[i]);
      if (n_late > 0 && count_unplaced_units (game, st) <= 1)
        {
          end_game (game, st, STERN_END_HOME_CHECK);
          return;
        }
    }
  if (check_due (game, st, mover, rules->tempo_check_move))
    end_game (game, st, STERN_END_TEMPO);
}

/* Applies a move to a state; the move is known to be legal. */
static void
apply_move (const SternGame *game, GameState *st, unsigned from, unsigned to)
{
  unsigned seat = st->pos.to_move;
  bool was_reply = st->reply_seat == seat;

  stern_position_move (&st->pos, from, to);
  st->moves_made[seat]++;
  check_home_rule (game, st, seat, to);
  if (st->end_reason != STERN_END_NONE)
    {
      turn_after_end (game, st, seat);
      return;
    }
  update_finishing (game, st, seat);
  /* A move of the second player that completes the first one's goal is
   * itself the reply: both have made the same number of moves. */
  if (was_reply || st->reply_seat == seat)
    settle_reply (game, st);
  else if (st->reply_seat == STERN_NO_SEAT)
    maybe_end_by_places (game, st);
  if (st->end_reason == STERN_END_NONE && st->reply_seat == STERN_NO_SEAT)
    square_checks (game, st, seat);
  advance_turn (game, st, seat);
  if (st->end_reason != STERN_END_NONE && st->pos.to_move == seat)
    turn_after_end (game, st, seat);
}

static void
init_state (SternGame *game, const SternPosition *pos, const unsigned moves_made[STERN_N_SEATS])
{
  GameState *st = &game->cur;
  const SternVariant *v = game->rules.variant;
  unsigned turn;

  memset (st, 0, sizeof *st);
  st->pos = *pos;
  st->reply_seat = STERN_NO_SEAT;
  st->late_seat = STERN_NO_SEAT;
  /* Who moves first decides who has the reply (§5); corrected below when
   * that seat cannot move. */
  game->first_seat = (uint8_t) pos->to_move;
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    {
      st->player_state[seat] = STERN_PLAYER_PLAYING;
      st->moves_made[seat] = moves_made ? moves_made[seat] : 0;
    }

  /* A position may already have finished players. */
  update_finishing (game, st, v->seats[0]);
  if (st->reply_seat == STERN_NO_SEAT && maybe_end_by_places (game, st))
    return;

  turn = st->pos.to_move;
  game->first_seat = (uint8_t) turn;
  if (!seat_in_rotation (game, st, turn))
    {
      turn = next_in_rotation (game, st, turn);
      if (turn == STERN_NO_SEAT)
        {
          end_game (game, st, STERN_END_NO_MOVES);
          return;
        }
      stern_position_set_to_move (&st->pos, turn);
      game->first_seat = (uint8_t) turn;
    }
  st->key = repetition_key (game, st);
  if (stern_movegen_count (&game->rules, &st->pos, turn) == 0 &&
      moves_of_seat_in_rotation (game, st) == 0)
    end_game (game, st, STERN_END_NO_MOVES);
}

SternGame *
stern_game_new_from_position (const SternVariant *variant, SternPreset preset,
                              const SternPosition *pos,
                              const unsigned moves_made[STERN_N_SEATS])
{
  SternGame *game;

  g_return_val_if_fail (variant != NULL && pos != NULL, NULL);
  g_return_val_if_fail (preset < STERN_N_PRESETS, NULL);
  g_return_val_if_fail (stern_preset_check (preset, variant, NULL), NULL);

  game = g_new0 (SternGame, 1);
  stern_rules_init (&game->rules, variant, preset);
  game->history = g_array_new (FALSE, FALSE, sizeof (HistoryEntry));
  init_state (game, pos, moves_made);
  return game;
}

gboolean
stern_preset_check (SternPreset          preset,
                    const SternVariant  *variant,
                    GError             **error)
{
  g_return_val_if_fail (variant != NULL, FALSE);

  if (preset >= STERN_N_PRESETS)
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL, "unknown rule preset %u", preset);
      return FALSE;
    }
  if (stern_preset_allows_variant (preset, variant))
    return TRUE;
  if (stern_variant_is_square (variant))
    g_set_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL,
                 "%s is played on a square board with its own rules, which have no %s preset",
                 variant->id, stern_preset_name (preset));
  else
    g_set_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL,
                 "the %s preset is for two players; %s has %u",
                 stern_preset_name (preset), variant->id, variant->n_players);
  return FALSE;
}

SternGame *
stern_game_new (const SternVariant *variant, SternPreset preset)
{
  SternRules rules;
  SternPosition pos;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (stern_preset_check (preset, variant, NULL), NULL);
  stern_rules_init (&rules, variant, preset);
  stern_position_set_start (&pos, &rules);
  return stern_game_new_from_position (variant, preset, &pos, NULL);
}

SternGame *
stern_game_copy (const SternGame *game)
{
  SternGame *copy;

  g_return_val_if_fail (game != NULL, NULL);
  copy = g_new0 (SternGame, 1);
  copy->rules = game->rules;
  copy->cur = game->cur;
  copy->n_done = game->n_done;
  copy->newest = game->newest;
  copy->first_seat = game->first_seat;
  rep_copy (&copy->reps, &game->reps);
  copy->history = g_array_sized_new (FALSE, FALSE, sizeof (HistoryEntry), game->history->len);
  g_array_append_vals (copy->history, game->history->data, game->history->len);
  return copy;
}

SternGame *
stern_game_copy_recent (const SternGame *game, guint n_actions)
{
  SternGame *copy;
  guint first;

  g_return_val_if_fail (game != NULL, NULL);
  first = game->n_done - MIN (n_actions, game->n_done);
  copy = g_new0 (SternGame, 1);
  copy->rules = game->rules;
  copy->cur = game->cur;
  copy->n_done = game->n_done - first;
  copy->newest = game->cur;
  copy->first_seat = game->first_seat;
  copy->history = g_array_sized_new (FALSE, FALSE, sizeof (HistoryEntry), copy->n_done);
  if (copy->n_done > 0)
    g_array_append_vals (copy->history, &g_array_index (game->history, HistoryEntry, first),
                         copy->n_done);
  for (guint i = 0; i < copy->n_done; i++)
    rep_add (&copy->reps, g_array_index (copy->history, HistoryEntry, i).before.key);
  return copy;
}

void
stern_game_free (SternGame *game)
{
  if (game == NULL)
    return;
  g_array_unref (game->history);
  g_free (game->reps.slots);
  g_free (game);
}

const SternRules *
stern_game_get_rules (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  return &game->rules;
}

const SternVariant *
stern_game_get_variant (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  return game->rules.variant;
}

SternPreset
stern_game_get_preset (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, STERN_PRESET_TABLE);
  return game->rules.preset;
}

const SternPosition *
stern_game_get_position (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  return &game->cur.pos;
}

gboolean
stern_game_is_over (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, TRUE);
  return game->cur.end_reason != STERN_END_NONE;
}

unsigned
stern_game_get_turn (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, STERN_NO_SEAT);
  return stern_game_is_over (game) ? STERN_NO_SEAT : game->cur.pos.to_move;
}

SternEndReason
stern_game_get_end_reason (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, STERN_END_NONE);
  return (SternEndReason) game->cur.end_reason;
}

unsigned
stern_game_get_round (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->cur.round;
}

unsigned
stern_game_get_moves_made (const SternGame *game, unsigned seat)
{
  g_return_val_if_fail (game != NULL && seat < STERN_N_SEATS, 0);
  return game->cur.moves_made[seat];
}

SternPlayerState
stern_game_get_player_state (const SternGame *game, unsigned seat)
{
  g_return_val_if_fail (game != NULL && seat < STERN_N_SEATS, STERN_PLAYER_PLAYING);
  return (SternPlayerState) game->cur.player_state[seat];
}

unsigned
stern_game_get_place (const SternGame *game, unsigned seat)
{
  g_return_val_if_fail (game != NULL && seat < STERN_N_SEATS, 0);
  if (!stern_variant_has_seat (game->rules.variant, seat))
    return 0;
  return game->cur.unit_place[unit_of (game, seat)];
}

int
stern_game_moves_to_leave_home (const SternGame *game, unsigned seat)
{
  unsigned deadline, made;

  g_return_val_if_fail (game != NULL && seat < STERN_N_SEATS, -1);
  /* The star's deadline (§4) or the square boards' check (§9). */
  deadline = game->rules.leave_home_deadline ? game->rules.leave_home_deadline
                                             : game->rules.home_check_move;
  made = game->cur.moves_made[seat];
  if (!deadline || made >= deadline)
    return -1;
  return (int) (deadline - made);
}

int
stern_game_moves_to_tempo_check (const SternGame *game, unsigned seat)
{
  unsigned check, made;

  g_return_val_if_fail (game != NULL && seat < STERN_N_SEATS, -1);
  check = game->rules.tempo_check_move;
  made = game->cur.moves_made[seat];
  if (!check)
    return -1;
  return made >= check ? 0 : (int) (check - made);
}

unsigned
stern_game_get_tempo (const SternGame *game, unsigned seat)
{
  g_return_val_if_fail (game != NULL && seat < STERN_N_SEATS, 0);
  return stern_position_tempo (&game->cur.pos, &game->rules, seat);
}

unsigned
stern_game_marbles_in_goal (const SternGame *game, unsigned seat)
{
  g_return_val_if_fail (game != NULL && seat < STERN_N_SEATS, 0);
  return seat_marbles_in_goal (game, &game->cur, seat);
}

unsigned
stern_game_distance_to_goal (const SternGame *game, unsigned seat)
{
  g_return_val_if_fail (game != NULL && seat < STERN_N_SEATS, 0);
  return seat_distance_to_goal (game, &game->cur, seat);
}

/* ---- moves ---- */

gboolean
stern_game_is_fatal (const SternGame *game, unsigned from, unsigned to)
{
  GameState after;
  unsigned seat;

  g_return_val_if_fail (game != NULL, FALSE);
  if (stern_game_is_over (game) || !stern_game_is_legal (game, from, to))
    return FALSE;
  if (!game->rules.leave_home_deadline)
    return FALSE;
  seat = game->cur.pos.to_move;
  if (game->cur.moves_made[seat] + 1u < game->rules.leave_home_deadline)
    return FALSE;

  after = game->cur;
  stern_position_move (&after.pos, from, to);
  after.moves_made[seat]++;
  return breaks_home_rule (game, &after, seat, to);
}

size_t
stern_game_legal_moves (const SternGame *game, SternMove *moves)
{
  const GameState *st;
  size_t n;

  g_return_val_if_fail (game != NULL && moves != NULL, 0);
  if (stern_game_is_over (game))
    return 0;
  st = &game->cur;
  n = stern_movegen_generate (&game->rules, &st->pos, st->pos.to_move, moves);
  if (game->rules.leave_home_deadline &&
      st->moves_made[st->pos.to_move] + 1u >= game->rules.leave_home_deadline)
    for (size_t i = 0; i < n; i++)
      if (stern_game_is_fatal (game, moves[i].from, moves[i].to))
        moves[i].flags |= STERN_MOVE_FATAL;
  return n;
}

gboolean
stern_game_is_legal (const SternGame *game, unsigned from, unsigned to)
{
  const SternPosition *pos;

  g_return_val_if_fail (game != NULL, FALSE);
  if (stern_game_is_over (game) || from >= game->rules.geometry->n_cells ||
      to >= game->rules.geometry->n_cells)
    return FALSE;
  pos = &game->cur.pos;
  if (pos->cell[from] != pos->to_move)
    return FALSE;
  return stern_set_has (stern_movegen_destinations (&game->rules, pos, from), to);
}

gboolean
stern_game_must_pass (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  return !stern_game_is_over (game) &&
         stern_movegen_count (&game->rules, &game->cur.pos, game->cur.pos.to_move) == 0;
}

static gboolean
check_not_over (const SternGame *game, GError **error)
{
  if (!stern_game_is_over (game))
    return TRUE;
  g_set_error_literal (error, STERN_ERROR, STERN_ERROR_GAME_OVER, "the game is over");
  return FALSE;
}

static void
push_history (SternGame *game, const SternAction *action)
{
  HistoryEntry entry;

  entry.before = game->cur;
  entry.action = *action;
  g_array_set_size (game->history, game->n_done);  /* drops the redo tail */
  g_array_append_val (game->history, entry);
  rep_add (&game->reps, entry.before.key);
  game->n_done++;
}

static void
play_checked (SternGame *game, const uint8_t *path, size_t len)
{
  SternAction action = { 0 };

  action.kind = STERN_ACTION_MOVE;
  action.seat = game->cur.pos.to_move;
  action.path_len = (uint8_t) len;
  memcpy (action.path, path, len);
  push_history (game, &action);
  apply_move (game, &game->cur, path[0], path[len - 1]);
}

gboolean
stern_game_play (SternGame *game, unsigned from, unsigned to, GError **error)
{
  uint8_t path[STERN_MAX_PATH];
  size_t len;

  g_return_val_if_fail (game != NULL, FALSE);
  if (!check_not_over (game, error))
    return FALSE;
  if (!stern_game_is_legal (game, from, to))
    {
      char a[STERN_HOLE_NAME_MAX] = "?", b[STERN_HOLE_NAME_MAX] = "?";

      if (from < game->rules.geometry->n_cells)
        stern_variant_cell_name (game->rules.variant, from, a);
      if (to < game->rules.geometry->n_cells)
        stern_variant_cell_name (game->rules.variant, to, b);
      g_set_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL,
                   "%s to %s is not a legal move for %s", a, b,
                   stern_seat_colour_name (game->cur.pos.to_move));
      return FALSE;
    }
  len = stern_movegen_path (&game->rules, &game->cur.pos, from, to, path);
  g_assert (len >= 2);
  play_checked (game, path, len);
  return TRUE;
}

size_t
stern_game_move_path (const SternGame *game, unsigned from, unsigned to,
                      uint8_t path[STERN_MAX_PATH])
{
  g_return_val_if_fail (game != NULL && path != NULL, 0);

  if (stern_game_is_over (game) || !stern_game_is_legal (game, from, to))
    return 0;
  return stern_movegen_path (&game->rules, &game->cur.pos, from, to, path);
}

gboolean
stern_game_play_path (SternGame *game, const uint8_t *path, size_t len, GError **error)
{
  SternPathCheck check;
  size_t bad = 0;

  g_return_val_if_fail (game != NULL, FALSE);
  if (!check_not_over (game, error))
    return FALSE;
  check = stern_movegen_check_path (&game->rules, &game->cur.pos, game->cur.pos.to_move,
                                    path, len, &bad);
  if (check != STERN_PATH_OK)
    {
      char name[STERN_HOLE_NAME_MAX] = "?";
      bool known = path != NULL && bad < len && path[bad] < game->rules.geometry->n_cells;
      const char *cell_word = stern_variant_is_square (game->rules.variant) ? "cell" : "hole";

      if (known)
        stern_variant_cell_name (game->rules.variant, path[bad], name);
      /* A hop onto a marble: say so rather than "neither a step nor a jump". */
      if (check == STERN_PATH_BAD_HOP && known && bad > 0 && path[bad] != path[0] &&
          game->cur.pos.cell[path[bad]] != STERN_EMPTY)
        g_set_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL,
                     "illegal move at %s (%s %zu of the path): %s is occupied",
                     name, cell_word, bad + 1, name);
      else
        g_set_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL,
                     "illegal move at %s (%s %zu of the path): %s",
                     name, cell_word, bad + 1, stern_path_check_describe (check));
      return FALSE;
    }
  play_checked (game, path, len);
  return TRUE;
}

gboolean
stern_game_pass (SternGame *game, GError **error)
{
  SternAction action = { 0 };
  GameState *st;
  unsigned seat;

  g_return_val_if_fail (game != NULL, FALSE);
  if (!check_not_over (game, error))
    return FALSE;
  if (!stern_game_must_pass (game))
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL,
                   "%s has a legal move and may not pass",
                   stern_seat_colour_name (game->cur.pos.to_move));
      return FALSE;
    }
  st = &game->cur;
  seat = st->pos.to_move;
  action.kind = STERN_ACTION_PASS;
  action.seat = (uint8_t) seat;
  push_history (game, &action);
  if (st->reply_seat == seat)
    settle_reply (game, st);
  /* On the square boards a missed turn counts as a move for the checks
   * made after move N of each player (doc/rules.md §9). */
  if (game->rules.tempo_check_move && st->end_reason == STERN_END_NONE)
    {
      st->moves_made[seat]++;
      if (st->reply_seat == STERN_NO_SEAT)
        square_checks (game, st, seat);
    }
  advance_turn (game, st, seat);
  if (st->end_reason != STERN_END_NONE && st->pos.to_move == seat)
    turn_after_end (game, st, seat);
  return TRUE;
}

static gboolean
give_up (SternGame *game, unsigned seat, SternActionKind kind, GError **error)
{
  SternAction action = { 0 };
  GameState *st;
  unsigned unit;

  if (!check_not_over (game, error))
    return FALSE;
  st = &game->cur;
  if (!stern_variant_has_seat (game->rules.variant, seat) ||
      st->player_state[seat] != STERN_PLAYER_PLAYING ||
      st->unit_place[unit_of (game, seat)] != 0)
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_ILLEGAL,
                   "%s is not playing any more", stern_seat_colour_name (seat));
      return FALSE;
    }

  action.kind = kind;
  action.seat = (uint8_t) seat;
  push_history (game, &action);

  unit = unit_of (game, seat);
  place_unit (game, st, unit, worst_free_place (game, st));
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    if (seat_in_unit (game, s, unit))
      st->player_state[s] = STERN_PLAYER_RESIGNED;
  st->reply_seat = STERN_NO_SEAT;

  /* Club: the computer takes over and the others play on (§8); otherwise
   * the game ends for everyone (§5). */
  if (game->rules.resign_replaced && count_unplaced_units (game, st) > 1)
    {
      if (st->pos.to_move == seat)
        advance_turn (game, st, seat);
      else
        st->key = repetition_key (game, st);
      return TRUE;
    }
  end_game (game, st, kind == STERN_ACTION_RESIGN ? STERN_END_RESIGNATION : STERN_END_TIMEOUT);
  return TRUE;
}

gboolean
stern_game_resign (SternGame *game, unsigned seat, GError **error)
{
  g_return_val_if_fail (game != NULL && seat < STERN_N_SEATS, FALSE);
  return give_up (game, seat, STERN_ACTION_RESIGN, error);
}

gboolean
stern_game_timeout (SternGame *game, unsigned seat, GError **error)
{
  g_return_val_if_fail (game != NULL && seat < STERN_N_SEATS, FALSE);
  return give_up (game, seat, STERN_ACTION_TIMEOUT, error);
}

/* ---- history ---- */

guint
stern_game_get_n_actions (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->n_done;
}

guint
stern_game_get_n_actions_total (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->history->len;
}

const SternAction *
stern_game_get_action (const SternGame *game, guint index)
{
  g_return_val_if_fail (game != NULL && index < game->history->len, NULL);
  return &g_array_index (game->history, HistoryEntry, index).action;
}

gboolean
stern_game_can_undo (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  return game->n_done > 0;
}

gboolean
stern_game_can_redo (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  return game->n_done < game->history->len;
}

gboolean
stern_game_undo (SternGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  if (game->n_done == 0)
    return FALSE;
  if (game->n_done == game->history->len)
    game->newest = game->cur;
  game->n_done--;
  rep_remove (&game->reps, g_array_index (game->history, HistoryEntry, game->n_done).before.key);
  game->cur = g_array_index (game->history, HistoryEntry, game->n_done).before;
  return TRUE;
}

gboolean
stern_game_redo (SternGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  if (game->n_done >= game->history->len)
    return FALSE;
  rep_add (&game->reps, g_array_index (game->history, HistoryEntry, game->n_done).before.key);
  game->n_done++;
  game->cur = game->n_done < game->history->len
              ? g_array_index (game->history, HistoryEntry, game->n_done).before
              : game->newest;
  return TRUE;
}

gboolean
stern_game_is_over_at_end (const SternGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  return (game->n_done == game->history->len ? game->cur.end_reason
                                              : game->newest.end_reason) != STERN_END_NONE;
}

gboolean
stern_game_seek (SternGame *game, guint n_actions)
{
  g_return_val_if_fail (game != NULL, FALSE);
  if (n_actions > game->history->len)
    return FALSE;
  while (game->n_done > n_actions)
    stern_game_undo (game);
  while (game->n_done < n_actions)
    stern_game_redo (game);
  return TRUE;
}

unsigned
stern_game_get_action_round (const SternGame *game, guint index)
{
  g_return_val_if_fail (game != NULL && index < game->history->len, 0);
  return g_array_index (game->history, HistoryEntry, index).before.round + 1u;
}

/* ---- why a move is fatal ---- */

SternFatalReason
stern_game_fatal_reason (const SternGame *game, unsigned from, unsigned to, SternSet *at_home)
{
  const SternRules *rules;
  SternPosition after;
  SternSet in_home, counted = 0;
  unsigned seat;

  if (at_home != NULL)
    *at_home = 0;
  g_return_val_if_fail (game != NULL, STERN_FATAL_NONE);
  if (!stern_game_is_fatal (game, from, to))
    return STERN_FATAL_NONE;

  rules = &game->rules;
  seat = game->cur.pos.to_move;
  /* Past the deadline only a move ending at home is fatal. */
  if (game->cur.moves_made[seat] + 1u > rules->leave_home_deadline)
    {
      if (at_home != NULL)
        *at_home = stern_set_bit (to);
      return STERN_FATAL_ENDS_AT_HOME;
    }

  /* The deadline move: the marbles at home that could still move count, as
   * breaks_home_rule() counts them. */
  after = game->cur.pos;
  stern_position_move (&after, from, to);
  in_home = after.marbles[seat] & rules->home[seat];
  while (in_home)
    {
      unsigned hole = stern_set_pop (&in_home);

      if (stern_movegen_marble_can_move (rules, &after, hole))
        counted |= stern_set_bit (hole);
    }
  g_assert (counted != 0);
  if (at_home != NULL)
    *at_home = counted;
  return STERN_FATAL_LEFT_AT_HOME;
}
