#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An independent, deliberately simple model of Sternhalma's rules.

Written from doc/rules.md (sections 1-5, 7 and 8) alone, not from the C engine,
so that the two can check each other: the board, move generation, perft,
and (class Game) whole games with turns, passes, finishing, the reply move,
leaving home, limits, repetition, resignation, teams and presets.  Speed
matters little here; clarity does.

Usage:
  reference.py moves [--preset P] 'POSITION'    every legal move, one path a line
  reference.py perft [--preset P] VARIANT DEPTH  move sequences of that length
  reference.py random [--preset P] [--mode playout|place] [--seed N] [--count K] VARIANT
                                                 random position strings
"""

import random
import sys
from collections import deque

# --- §1 the board -----------------------------------------------------------

DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)]
COLOURS = ["white", "red", "blue", "black", "yellow", "green"]


def on_board(u, v):
    return ((u >= -4 and v >= -4 and u + v <= 4) or
            (u <= 4 and v <= 4 and u + v >= -4))


HOLES = [(u, v) for v in range(-8, 9) for u in range(-8, 9) if on_board(u, v)]
HOLE_SET = set(HOLES)
assert len(HOLES) == 121


def name(h):
    u, v = h
    return "%s%d" % (chr(ord("i") + u), v + 9)


def parse_name(text):
    if len(text) < 2 or not ("a" <= text[0] <= "q") or not text[1:].isdigit():
        raise ValueError("bad hole name %r" % text)
    h = (ord(text[0]) - ord("i"), int(text[1:]) - 9)
    if h not in HOLE_SET:
        raise ValueError("no such hole %r" % text)
    return h


def in_ray(r, h):
    """Ray r (0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE) as in the table of §1."""
    u, v = h
    return [v <= -5, u + v <= -5, u <= -5, v >= 5, u + v >= 5, u >= 5][r]


RAYS = [frozenset(h for h in HOLES if in_ray(r, h)) for r in range(6)]
HEXAGON = frozenset(HOLE_SET - set().union(*RAYS))
assert all(len(r) == 10 for r in RAYS) and len(HEXAGON) == 61


def zone(r, marbles):
    """Home/goal zone of ray r: the ray, plus with 15 marbles the hexagon row
    next to it (the hexagon holes adjacent to the ray)."""
    z = set(RAYS[r])
    if marbles == 15:
        z |= {h for h in HEXAGON
              if any((h[0] + du, h[1] + dv) in RAYS[r] for du, dv in DIRS)}
    assert len(z) == marbles
    return frozenset(z)


# --- §2 variants --------------------------------------------------------------

VARIANTS = {
    # id: (seats in turn order, marbles, long jumps)
    "classic-2": ([0, 3], 10, False),
    "classic-3": ([0, 2, 4], 10, False),
    "classic-4": ([0, 1, 3, 4], 10, False),
    "classic-6": ([0, 1, 2, 3, 4, 5], 10, False),
    "long-2": ([0, 3], 10, True),
    "long-6": ([0, 1, 2, 3, 4, 5], 10, True),
    "fifteen-2": ([0, 3], 15, False),
    "pairs-4": ([0, 1, 3, 4], 10, False),
    "pairs-6": ([0, 1, 2, 3, 4, 5], 10, False),
    "solo": ([0], 10, False),
}
PRESETS = ["table", "club", "race"]


class Rules:
    def __init__(self, variant, preset="table"):
        if variant not in VARIANTS:
            raise ValueError("unknown variant %r" % variant)
        if preset not in PRESETS:
            raise ValueError("unknown preset %r" % preset)
        self.variant = variant
        self.preset = preset
        self.seats, self.marbles, self.long_jumps = VARIANTS[variant]
        self.home = {s: zone(s, self.marbles) for s in range(6)}
        self.goal = {s: zone((s + 3) % 6, self.marbles) for s in range(6)}
        # Table rules only: no stop in a foreign ray, a marble in its goal
        # stays there.  Club and race name no such limits (§8).
        self.restricted = preset == "table"
        self.foreign = {s: frozenset().union(*[RAYS[r] for r in range(6)
                                               if r not in (s, (s + 3) % 6)])
                        for s in range(6)}


# --- §7 position strings ------------------------------------------------------

class Position:
    def __init__(self, rules, to_move, marbles):
        self.rules = rules
        self.to_move = to_move
        self.marbles = dict(marbles)  # hole -> seat

    def copy(self):
        return Position(self.rules, self.to_move, self.marbles)

    def format(self):
        parts = [self.rules.variant, COLOURS[self.to_move]]
        for s in range(6):
            holes = sorted((h for h, o in self.marbles.items() if o == s),
                           key=lambda h: (h[1], h[0]))
            if holes:
                parts.append("%s:%s" % (COLOURS[s], ",".join(name(h) for h in holes)))
        return " ".join(parts)


def parse_position(text, preset="table"):
    fields = text.split(" ")
    if len(fields) < 2:
        raise ValueError("position needs a variant and a colour on turn")
    rules = Rules(fields[0], preset)
    to_move = COLOURS.index(fields[1])
    marbles = {}
    for f in fields[2:]:
        colour, _, holes = f.partition(":")
        seat = COLOURS.index(colour)
        for n in filter(None, holes.split(",")):
            h = parse_name(n)
            if h in marbles:
                raise ValueError("hole %s listed twice" % n)
            marbles[h] = seat
    return Position(rules, to_move, marbles)


def start_position(rules):
    marbles = {}
    for s in rules.seats:
        for h in rules.home[s]:
            marbles[h] = s
    return Position(rules, rules.seats[0], marbles)


# --- §3 moves -------------------------------------------------------------------

def add(h, d, k=1):
    return (h[0] + k * d[0], h[1] + k * d[1])


# The holes along each of the six lines from every hole, nearest first.
LINES = {h: [[add(h, d, i) for i in range(1, 17) if add(h, d, i) in HOLE_SET]
             for d in DIRS] for h in HOLES}
for h in HOLES:  # lines are straight runs of holes, without gaps
    for d, line in zip(DIRS, LINES[h]):
        assert line == [add(h, d, i) for i in range(1, len(line) + 1)]


def jumps_from(h, occupied, long_jumps):
    """Landing holes of one jump from h.  A jump passes over exactly one
    marble at distance k (k = 1 unless long jumps) with the k-1 holes before
    it empty, and lands at distance 2k, the k-1 holes after it empty too."""
    out = []
    for line in LINES[h]:
        k = 1
        while k <= len(line) and line[k - 1] not in occupied:
            k += 1  # look for the first marble along the line
        if k > len(line) or (k > 1 and not long_jumps) or 2 * k > len(line):
            continue
        if all(line[i - 1] not in occupied for i in range(k + 1, 2 * k + 1)):
            out.append(line[2 * k - 1])
    return out


def marble_moves(pos, frm):
    """{to: shortest path} for the marble at frm."""
    rules = pos.rules
    seat = pos.marbles[frm]
    occupied = set(pos.marbles) - {frm}  # the marble has left its hole
    confined = rules.restricted and frm in rules.goal[seat]

    def may_land(h):
        return not confined or h in rules.goal[seat]

    def may_end(h):
        return not rules.restricted or h not in rules.foreign[seat]

    result = {}
    for d in DIRS:
        to = add(frm, d)
        if to in HOLE_SET and to not in occupied and may_land(to) and may_end(to):
            result[to] = [frm, to]
    # Jump chains: a breadth-first search over landing holes gives every
    # reachable end with a shortest path; a shortest path never repeats a
    # hole, so the no-revisit rule changes nothing about what is reachable.
    parent = {frm: None}
    queue = deque([frm])
    while queue:
        h = queue.popleft()
        for to in jumps_from(h, occupied, rules.long_jumps):
            if to not in parent and may_land(to):
                parent[to] = h
                queue.append(to)
    for to in parent:
        if to == frm or not may_end(to):
            continue
        path = [to]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])
        result[to] = path[::-1]
    return result


def legal_moves(pos, seat=None):
    """{(from, to): shortest path} of every legal move of the seat."""
    if seat is None:
        seat = pos.to_move
    moves = {}
    for h, s in sorted(pos.marbles.items()):
        if s == seat:
            for to, path in marble_moves(pos, h).items():
                moves[(h, to)] = path
    return moves


def check_path(pos, path):
    """None when path is a legal move of the seat on turn with a valid route,
    else what is wrong with it.  (Shortness is checked by the caller.)"""
    rules = pos.rules
    if len(path) < 2:
        return "path too short"
    frm = path[0]
    if pos.marbles.get(frm) != pos.to_move:
        return "first hole %s holds no marble of the colour on turn" % name(frm)
    seat = pos.to_move
    occupied = set(pos.marbles) - {frm}
    if len(set(path)) != len(path):
        return "a hole occurs twice in the path"
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        if b not in HOLE_SET:
            return "hop %d leaves the board" % i
        if b in occupied:
            return "hop %d lands on a marble at %s" % (i, name(b))
        step = (b[0] - a[0], b[1] - a[1]) in DIRS
        if step:
            if len(path) != 2:
                return "step %s-%s mixed into a chain" % (name(a), name(b))
        elif b not in jumps_from(a, occupied, rules.long_jumps):
            return "hop %s-%s is neither a step nor a jump" % (name(a), name(b))
        if rules.restricted and frm in rules.goal[seat] and b not in rules.goal[seat]:
            return "a marble in its goal lands outside it at %s" % name(b)
    if rules.restricted and path[-1] in rules.foreign[seat]:
        return "the move ends in a foreign ray at %s" % name(path[-1])
    return None


def play(pos, frm, to):
    nxt = pos.copy()
    nxt.marbles[to] = nxt.marbles.pop(frm)
    seats = pos.rules.seats
    nxt.to_move = seats[(seats.index(pos.to_move) + 1) % len(seats)]
    return nxt


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, f, t), depth - 1) for f, t in moves)


# --- §4, §5, §8 the game ---------------------------------------------------------

# §4 says "with three or more, the player ... its marbles are removed from
# the board".  When the elimination leaves at most one player and so ends the
# game, "three or more" can be read as players in the variant (remove them)
# or players still playing (keep them, as with two).  The project reads the
# former (doc/rules.md, Choices), as the engine does; the game then names the
# player still in it as the one on turn.
ELIMINATED_OFF_AT_END = True


def hex_distance(a, b):
    du, dv = b[0] - a[0], b[1] - a[1]
    return max(abs(du), abs(dv), abs(du + dv))


class Game:
    """A whole game by the rules: turns, passes, finishing and places, the
    reply move, leaving home, limits, repetition, resignation, teams and
    presets.  Actions: ("move", path), ("pass",), ("resign", seat),
    ("timeout", seat)."""

    def __init__(self, rules, pos=None):
        if rules.preset == "race" and len(rules.seats) > 2:
            raise ValueError("race is a two-player preset (§8)")
        self.rules = rules
        self.pos = pos.copy() if pos else start_position(rules)
        r = rules
        self.table = r.preset == "table"
        self.solo = r.variant == "solo"
        self.teams = r.variant.startswith("pairs-")
        self.deadline = 0 if (not self.table or self.solo) else (40 if r.marbles == 15 else 30)
        self.round_limit = 150 if self.table and not self.solo else 0
        self.move_limit = 200 if r.preset == "club" and not self.solo else 0
        self.reply_rule = len(r.seats) == 2 and r.preset != "race"
        self.made = {s: 0 for s in r.seats}
        self.state = {s: "playing" for s in r.seats}
        self.place = {}          # unit -> place
        self.round = 0
        self.over = False
        self.reason = None
        self.reply = None        # the seat that has the reply move
        self.late = None         # two on the star: the first mover, late, waiting (§4)
        self.seen = {}
        # Distances on the empty board equal the hex distance on the star.
        self.goal_dist = {s: {h: min(hex_distance(h, g) for g in r.goal[s]) for h in HOLES}
                          for s in r.seats}
        # A round closes when the turn passes the seat that opened the game,
        # so every player moves equally often in it (§5).
        self.first = self.pos.to_move
        self._note_position()

    # units: a player, or a team of two opposite seats
    def unit(self, s):
        return s % 3 if self.teams else s

    def units(self):
        out = []
        for s in self.rules.seats:
            if self.unit(s) not in out:
                out.append(self.unit(s))
        return out

    def members(self, u):
        return [s for s in self.rules.seats if self.unit(s) == u]

    def unplaced(self):
        return [u for u in self.units() if u not in self.place]

    def free_places(self):
        taken = set(self.place.values())
        return [p for p in range(1, len(self.units()) + 1) if p not in taken]

    def in_rotation(self, s):
        if self.move_limit and self.made[s] >= self.move_limit:
            return False
        if self.reply is not None:
            return s == self.reply
        return self.state[s] == "playing" or \
            (self.state[s] == "resigned" and self.rules.preset == "club")

    def key(self):
        return (frozenset(self.pos.marbles.items()), self.pos.to_move,
                frozenset(s for s in self.rules.seats if self.in_rotation(s)))

    def _note_position(self):
        k = self.key()
        self.seen[k] = self.seen.get(k, 0) + 1
        return self.seen[k]

    def in_goal(self, s):
        return sum(1 for h, o in self.pos.marbles.items() if o == s and h in self.rules.goal[s])

    def distance(self, s):
        return sum(self.goal_dist[s][h] for h, o in self.pos.marbles.items() if o == s)

    def has_finished(self, s):
        own = [h for h, o in self.pos.marbles.items() if o == s]
        goal = self.rules.goal[s]
        if self.rules.preset == "race":
            return bool(own) and all(h in goal for h in own)
        return all(h in self.pos.marbles for h in goal) and any(h in goal for h in own)

    def rank_rest(self):
        """Unplaced units by marbles in goal (more first), then distance
        (less first); equal units share the better place."""
        keys = {u: (-sum(self.in_goal(s) for s in self.members(u)),
                    sum(self.distance(s) for s in self.members(u))) for u in self.unplaced()}
        order = sorted(keys, key=lambda u: keys[u])
        free = self.free_places()
        for i, u in enumerate(order):
            if i > 0 and keys[u] == keys[order[i - 1]]:
                self.place[u] = self.place[order[i - 1]]
            else:
                self.place[u] = free[i]

    def end(self, reason):
        if self.unplaced():
            self.rank_rest()
        self.over = True
        self.reason = reason

    def legal_moves(self):
        return legal_moves(self.pos) if not self.over else {}

    def eliminate(self, s):
        u = self.unit(s)
        self.place[u] = self.free_places()[-1]
        for m in self.members(u):
            self.state[m] = "eliminated"
            if len(self.rules.seats) >= 3 and (ELIMINATED_OFF_AT_END or len(self.unplaced()) > 1):
                for h in [h for h, o in self.pos.marbles.items() if o == m]:
                    del self.pos.marbles[h]

    def breaks_home_rule(self, s, to):
        if not self.deadline or self.made[s] < self.deadline:
            return False
        home = self.rules.home[s]
        if self.made[s] > self.deadline:
            return to in home
        return any(marble_moves(self.pos, h) for h, o in self.pos.marbles.items()
                   if o == s and h in home)

    def is_fatal(self, frm, to):
        s = self.pos.to_move
        if not self.deadline or self.made[s] + 1 < self.deadline:
            return False
        after = self.pos.copy()
        after.marbles[to] = after.marbles.pop(frm)
        saved, self.pos = self.pos, after
        self.made[s] += 1
        try:
            return self.breaks_home_rule(s, to)
        finally:
            self.made[s] -= 1
            self.pos = saved

    def play(self, frm, to):
        assert not self.over and (frm, to) in self.legal_moves()
        s = self.pos.to_move
        was_reply = self.reply == s
        self.pos.marbles[to] = self.pos.marbles.pop(frm)
        self.made[s] += 1
        seats = self.rules.seats
        late = self.breaks_home_rule(s, to)
        if len(seats) == 2 and not self.solo:
            # One deadline check for both (§4): the first mover's lateness
            # waits for the other's deadline move; both late draw.
            other = seats[1] if s == seats[0] else seats[0]
            if s == self.first and self.made[s] == self.deadline and \
                    self.made[other] + 1 == self.deadline and self.state[other] == "playing":
                if late:
                    self.late = s
                late = False
            elif self.late is not None and self.late != s:
                waiting, self.late = self.late, None
                if late and self.made[s] == self.deadline:
                    self.place[self.unit(waiting)] = 1
                    self.place[self.unit(s)] = 1
                    self.end("home")
                    return
                self.eliminate(waiting)
        if late:
            self.eliminate(s)
        for f in [s] + [x for x in seats if x != s]:
            if self.state[f] != "playing" or not self.has_finished(f):
                continue
            self.state[f] = "finished"
            u = self.unit(f)
            if u in self.place or any(self.state[m] != "finished" for m in self.members(u)):
                continue
            # The reply belongs to whoever moved second (§5).
            second = (seats[1] if self.first == seats[0] else seats[0]) if len(seats) == 2 else None
            if self.reply_rule and f == self.first and self.state[second] == "playing":
                self.reply = second
                continue
            self.place[u] = self.free_places()[0]
        # A move of the second player that completes the first one's goal
        # is itself the reply: both have then made as many moves.
        if was_reply or self.reply == s:
            self.settle_reply()
        elif self.reply is None and len(self.unplaced()) <= (0 if self.solo else 1):
            self.end("finished")
        self.advance(s)
        if self.over and self.state[s] == "eliminated":
            seats = self.rules.seats
            i = seats.index(s)
            for k in range(1, len(seats)):
                if self.state[seats[(i + k) % len(seats)]] == "playing":
                    self.pos.to_move = seats[(i + k) % len(seats)]
                    break

    def settle_reply(self):
        seats = self.rules.seats
        first = self.first
        second = seats[1] if first == seats[0] else seats[0]
        self.reply = None
        self.place[self.unit(first)] = 1
        self.place[self.unit(second)] = 1 if self.state[second] == "finished" else 2
        self.end("finished")

    def pass_turn(self):
        s = self.pos.to_move
        assert not self.over and not self.legal_moves()
        if self.reply == s:
            self.settle_reply()
        self.advance(s)

    def give_up(self, s, reason):
        assert not self.over and self.state[s] == "playing" and self.unit(s) not in self.place
        u = self.unit(s)
        self.place[u] = self.free_places()[-1]
        for m in self.members(u):
            self.state[m] = "resigned"
        self.reply = None
        if self.rules.preset == "club" and len(self.unplaced()) > 1:
            if self.pos.to_move == s:
                self.advance(s)
            return
        self.end(reason)

    def advance(self, s):
        if self.over:
            return
        # A reply that cannot be made is skipped, which settles the game.
        if self.reply is not None and not legal_moves(self.pos, self.reply):
            self.settle_reply()
            return
        seats = self.rules.seats
        i = seats.index(s)
        nxt = None
        for k in range(1, len(seats) + 1):
            if self.in_rotation(seats[(i + k) % len(seats)]):
                nxt = seats[(i + k) % len(seats)]
                break
        if nxt is None:
            self.end("move limit" if self.move_limit else "no moves")
            return
        first = seats.index(self.first) if self.first in seats else 0
        if (seats.index(nxt) - first) % len(seats) <= (i - first) % len(seats):
            self.round += 1
        self.pos.to_move = nxt
        count = self._note_position()
        if self.round_limit and self.round >= self.round_limit:
            self.end("round limit")
        elif not self.solo and count >= 3:
            self.end("repetition")
        elif not any(legal_moves(self.pos, x) for x in seats if self.in_rotation(x)):
            self.end("no moves")

    def result(self):
        if not self.over:
            return "*"
        seats = self.rules.seats
        places = [self.place.get(self.unit(x), 0) for x in seats]
        if len(seats) == 2:
            a, b = places
            return "1/2-1/2" if a == b else "1-0" if a < b else "0-1"
        return " ".join("%s:%d" % (COLOURS[x], p) for x, p in zip(seats, places))


def random_game(rules, rng, max_actions, greedy=0.75, resign_at=None):
    """Plays a game with a mix of greedy and random moves; returns the game
    and its record tokens."""
    game = Game(rules)
    tokens = []
    while not game.over and len(tokens) < max_actions:
        s = game.pos.to_move
        if resign_at is not None and len(tokens) == resign_at and game.reply is None:
            who = rng.choice([x for x in rules.seats
                              if game.state[x] == "playing" and game.unit(x) not in game.place])
            kind = rng.choice(["resign", "timeout"])
            game.give_up(who, kind)
            tokens.append("%s(%s)" % (kind, COLOURS[who]))
            continue
        moves = game.legal_moves()
        if not moves:
            game.pass_turn()
            tokens.append("--")
            continue
        keys = sorted(moves)
        safe = [m for m in keys if not game.is_fatal(*m)] or keys
        if rng.random() < 0.05:
            pick = rng.choice(keys)
        elif rng.random() < greedy:
            dist = game.goal_dist[s]
            best = max(dist[f] - dist[t] for f, t in safe)
            pick = rng.choice([m for m in safe if dist[m[0]] - dist[m[1]] == best])
        else:
            pick = rng.choice(safe)
        tokens.append("-".join(name(h) for h in moves[pick]))
        game.play(*pick)
    return game, tokens


# --- random positions -----------------------------------------------------------

def random_playout(rules, rng, plies):
    """The start position after up to `plies` random moves (a side without a
    move is skipped), with a random seat in play on turn."""
    pos = start_position(rules)
    for _ in range(plies):
        moves = list(legal_moves(pos))
        if moves:
            f, t = rng.choice(moves)
            pos = play(pos, f, t)
        else:
            seats = rules.seats
            pos.to_move = seats[(seats.index(pos.to_move) + 1) % len(seats)]
    pos.to_move = rng.choice(rules.seats)
    return pos


def random_placement(rules, rng):
    """Marbles of the seats in play thrown onto the board, at most the
    variant's count each, weighted towards the interesting places: the seat's
    goal and home, and foreign rays."""
    density = rng.choice([0.15, 0.4, 0.7, 1.0])
    marbles = {}
    free = set(HOLES)
    for s in rules.seats:
        n = max(1, round(rules.marbles * density * rng.uniform(0.5, 1.0)))
        n = min(n, rules.marbles)
        for _ in range(n):
            pick = rng.random()
            if pick < 0.3:
                pool = rules.goal[s] & free
            elif pick < 0.45:
                pool = rules.home[s] & free
            elif pick < 0.65:
                pool = rules.foreign[s] & free
            else:
                pool = free
            if not pool:
                pool = free
            h = rng.choice(sorted(pool))
            marbles[h] = s
            free.discard(h)
    return Position(rules, rng.choice(rules.seats), marbles)


def random_positions(variant, preset, mode, seed, count):
    rules = Rules(variant, preset)
    rng = random.Random("%s/%s/%s/%d" % (variant, preset, mode, seed))
    out = []
    for _ in range(count):
        if mode == "playout":
            out.append(random_playout(rules, rng, rng.randrange(0, 90)))
        else:
            out.append(random_placement(rules, rng))
    return out


# --- command line -------------------------------------------------------------

def main(argv):
    preset, mode, seed, count = "table", "playout", 1, 10
    args = []
    i = 0
    while i < len(argv):
        if argv[i] in ("--preset", "--mode", "--seed", "--count") and i + 1 < len(argv):
            val = argv[i + 1]
            if argv[i] == "--preset":
                preset = val
            elif argv[i] == "--mode":
                mode = val
            elif argv[i] == "--seed":
                seed = int(val)
            else:
                count = int(val)
            i += 2
        else:
            args.append(argv[i])
            i += 1
    if len(args) == 2 and args[0] == "moves":
        pos = parse_position(args[1], preset)
        for path in legal_moves(pos).values():
            print("-".join(name(h) for h in path))
    elif len(args) == 3 and args[0] == "perft":
        print(perft(start_position(Rules(args[1], preset)), int(args[2])))
    elif len(args) == 2 and args[0] == "random":
        for pos in random_positions(args[1], preset, mode, seed, count):
            print(pos.format())
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
