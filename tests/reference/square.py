#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An independent, deliberately simple model of Halma and Ugolki on square
boards (doc/rules.md §9), written from the rules alone, not from the C
engine: boards, camps, moves with and without diagonals, perft, position
strings, and whole games (house built, the reply move, the leaving-home
check, the tempo check).  Clarity matters more than speed.

Usage:
  square.py moves 'POSITION'        every legal move, one shortest path a line
  square.py perft VARIANT DEPTH     move sequences of that length from the start
  square.py random [--seed N] [--count K] VARIANT   random position strings
"""

import random
import sys
from collections import deque

COLOURS = ["white", "red", "blue", "black", "yellow", "green"]

ORTHOGONAL = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAGONAL = ORTHOGONAL + [(1, 1), (-1, -1), (1, -1), (-1, 1)]

# name: (board side, camp shape, players, diagonals by default)
BASE = {
    "halma-8": (8, "triangle4", 2, True),
    "halma-10": (10, "triangle5", 2, True),
    "halma-10-3": (10, "triangle5", 3, True),
    "halma-10-4": (10, "triangle5", 4, True),
    "ugolki": (8, "rect3x4", 2, False),
    "ugolki-mini": (8, "square3", 2, False),
}


def variant_names():
    out = []
    for base, (_, _, _, diag) in BASE.items():
        out.append(base)
        out.append(base + ("+orth" if diag else "+diag"))
    return out


VARIANTS = variant_names()


def in_camp_shape(shape, a, b):
    """(a, b): files and ranks counted from the camp's own corner."""
    if shape == "triangle4":
        return a + b <= 3          # rows of 4, 3, 2, 1
    if shape == "triangle5":
        return a + b <= 4          # rows of 5, 4, 3, 2, 1
    if shape == "rect3x4":
        return a < 4 and b < 3     # 4 files wide, 3 ranks deep
    if shape == "square3":
        return a < 3 and b < 3
    raise ValueError(shape)


class Rules:
    def __init__(self, variant):
        base, _, mode = variant.partition("+")
        if base not in BASE or mode not in ("", "orth", "diag"):
            raise ValueError("unknown variant %r" % variant)
        self.variant = variant
        self.n, shape, players, diag = BASE[base]
        if mode:
            if (mode == "diag") == diag:
                raise ValueError("%r names the default mode" % variant)
            diag = mode == "diag"
        self.diagonals = diag
        self.dirs = DIAGONAL if diag else ORTHOGONAL
        n = self.n
        corners = {"white": (0, 0), "red": (n - 1, 0), "black": (n - 1, n - 1),
                   "yellow": (0, n - 1)}
        # Three players leave the top-left corner empty: it is red's goal.
        names = {2: ["white", "black"], 3: ["white", "red", "black"],
                 4: ["white", "red", "black", "yellow"]}[players]
        self.seats = [COLOURS.index(c) for c in names]
        self.corner = {COLOURS.index(c): corners[c] for c in names}
        opposite = {"white": "black", "black": "white", "red": "yellow", "yellow": "red"}
        self.far_corner = {COLOURS.index(c): corners[opposite[c]] for c in names}
        def camp(corner):
            cx, cy = corner
            return frozenset((x, y) for x in range(n) for y in range(n)
                             if in_camp_shape(shape, abs(x - cx), abs(y - cy)))

        self.home = {s: camp(self.corner[s]) for s in self.seats}
        # The goal is the camp of the opposite corner, played or not.
        self.goal = {COLOURS.index(c): camp(corners[opposite[c]]) for c in names}
        self.stones = len(self.home[self.seats[0]])
        big = n == 10
        self.home_check = (60 if big else 40) - (10 if diag else 0)
        self.tempo_check = 120 if big else 80

    def on_board(self, c):
        return 0 <= c[0] < self.n and 0 <= c[1] < self.n


def name(c):
    return "%s%d" % (chr(ord("a") + c[0]), c[1] + 1)


def parse_name(text, n):
    if len(text) < 2 or not ("a" <= text[0] <= "z") or not text[1:].isdigit() \
            or text[1] == "0":
        raise ValueError("bad cell name %r" % text)
    c = (ord(text[0]) - ord("a"), int(text[1:]) - 1)
    if not (0 <= c[0] < n and 0 <= c[1] < n):
        raise ValueError("no such cell %r" % text)
    return c


class Position:
    def __init__(self, rules, to_move, stones):
        self.rules = rules
        self.to_move = to_move
        self.stones = dict(stones)   # cell -> seat

    def format(self):
        parts = [self.rules.variant, COLOURS[self.to_move]]
        for s in self.rules.seats:
            cells = sorted((c for c, o in self.stones.items() if o == s),
                           key=lambda c: (c[1], c[0]))
            if cells:
                parts.append("%s:%s" % (COLOURS[s], ",".join(name(c) for c in cells)))
        return " ".join(parts)


def parse_position(text):
    fields = text.split(" ")
    rules = Rules(fields[0])
    to_move = COLOURS.index(fields[1])
    stones = {}
    for f in fields[2:]:
        colour, _, cells = f.partition(":")
        seat = COLOURS.index(colour)
        for t in filter(None, cells.split(",")):
            c = parse_name(t, rules.n)
            if c in stones:
                raise ValueError("cell %s listed twice" % t)
            stones[c] = seat
    return Position(rules, to_move, stones)


def start_position(rules):
    stones = {}
    for s in rules.seats:
        for c in rules.home[s]:
            stones[c] = s
    return Position(rules, rules.seats[0], stones)


# --- moves --------------------------------------------------------------------

def legal_moves(pos, seat=None):
    """{(from, to): a shortest path}.  A step, or a chain of jumps each over
    one adjacent stone to the empty cell behind it.  While the stone moves
    its start cell is empty.  A chain may not land on a cell twice; since a
    walk that repeats a cell can be cut short, the cells a chain can end on
    are those a breadth-first search over single jumps reaches."""
    rules = pos.rules
    seat = pos.to_move if seat is None else seat
    moves = {}
    for frm, owner in sorted(pos.stones.items()):
        if owner != seat:
            continue
        occupied = set(pos.stones) - {frm}
        for d in rules.dirs:
            to = (frm[0] + d[0], frm[1] + d[1])
            if rules.on_board(to) and to not in occupied:
                moves[(frm, to)] = [frm, to]
        parent = {frm: None}
        queue = deque([frm])
        while queue:
            cell = queue.popleft()
            for d in rules.dirs:
                over = (cell[0] + d[0], cell[1] + d[1])
                land = (cell[0] + 2 * d[0], cell[1] + 2 * d[1])
                if rules.on_board(land) and over in occupied and land not in occupied \
                        and land not in parent:
                    parent[land] = cell
                    queue.append(land)
        for land in parent:
            if land == frm or (frm, land) in moves:
                continue
            path = [land]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            moves[(frm, land)] = path[::-1]
    return moves


def check_path(pos, path):
    """None if path is a legal move of the side on turn, else why not."""
    rules = pos.rules
    if len(path) < 2:
        return "too short"
    if pos.stones.get(path[0]) != pos.to_move:
        return "no own stone at the start"
    occupied = set(pos.stones) - {path[0]}
    if any(not rules.on_board(c) for c in path):
        return "off the board"
    if len(set(path)) != len(path):
        return "a cell twice"
    for a, b in zip(path, path[1:]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        if b in occupied:
            return "lands on a stone"
        if (dx, dy) in rules.dirs:
            if len(path) != 2:
                return "a step in a chain"
            continue
        if dx % 2 or dy % 2 or (dx // 2, dy // 2) not in rules.dirs:
            return "neither a step nor a jump"
        if (a[0] + dx // 2, a[1] + dy // 2) not in occupied:
            return "jumps over an empty cell"
    return None


def play(pos, frm, to):
    stones = dict(pos.stones)
    stones[to] = stones.pop(frm)
    seats = pos.rules.seats
    nxt = seats[(seats.index(pos.to_move) + 1) % len(seats)]
    return Position(pos.rules, nxt, stones)


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, f, t), depth - 1) for (f, t) in moves)


def tempo(pos, seat):
    """Sum of the Manhattan distances of the seat's stones to the far
    corner of the opposite camp."""
    fx, fy = pos.rules.far_corner[seat]
    return sum(abs(c[0] - fx) + abs(c[1] - fy)
               for c, s in pos.stones.items() if s == seat)


# --- whole two-player games (doc/rules.md §9) -------------------------------------

def play_game(rules, moves):
    """Plays moves ((from, to) pairs; None for a pass) from the start of a
    two-player variant; returns (final position, result, reason, moves
    played).  result is "1-0", "0-1", "1/2-1/2" or "*"."""
    assert len(rules.seats) == 2
    first, second = rules.seats
    pos = start_position(rules)
    made = {first: 0, second: 0}
    n = 0

    def built(p, s):
        """All the seat's stones in its goal (which they then fill)."""
        own = [c for c, o in p.stones.items() if o == s]
        return bool(own) and all(c in rules.goal[s] for c in own)

    for mv in moves:
        seat = pos.to_move
        if mv is None:
            nxt = second if seat == first else first
            pos = Position(rules, nxt, pos.stones)
        else:
            pos = play(pos, *mv)
        made[seat] += 1
        n += 1
        if seat == second:
            a, b = built(pos, first), built(pos, second)
            if a and b:
                return pos, "1/2-1/2", "built", n
            if a:
                return pos, "1-0", "built", n
            if b:
                return pos, "0-1", "built", n
            if made[second] == rules.home_check:
                late_a = any(pos.stones.get(c) == first for c in rules.home[first])
                late_b = any(pos.stones.get(c) == second for c in rules.home[second])
                if late_a and late_b:
                    return pos, "1/2-1/2", "home", n
                if late_a:
                    return pos, "0-1", "home", n
                if late_b:
                    return pos, "1-0", "home", n
            if made[second] == rules.tempo_check:
                ta, tb = tempo(pos, first), tempo(pos, second)
                return pos, ("1-0" if ta < tb else "0-1" if tb < ta else "1/2-1/2"), "tempo", n
    return pos, "*", None, n


def random_positions(variant, seed, count):
    """Random playouts from the start: a mix of crowded and open positions."""
    rules = Rules(variant)
    rng = random.Random("%s/%d" % (variant, seed))
    out = []
    for _ in range(count):
        pos = start_position(rules)
        for _ in range(rng.randrange(0, 60)):
            moves = sorted(legal_moves(pos))
            if not moves:
                break
            pos = play(pos, *rng.choice(moves))
        out.append(pos)
    return out


def main(argv):
    if len(argv) >= 2 and argv[0] == "moves":
        pos = parse_position(argv[1])
        for (f, t), path in sorted(legal_moves(pos).items()):
            print("-".join(name(c) for c in path))
        return 0
    if len(argv) == 3 and argv[0] == "perft":
        print(perft(start_position(Rules(argv[1])), int(argv[2])))
        return 0
    if argv and argv[0] == "random":
        seed, count, args = 1, 10, []
        i = 1
        while i < len(argv):
            if argv[i] in ("--seed", "--count") and i + 1 < len(argv):
                if argv[i] == "--seed":
                    seed = int(argv[i + 1])
                else:
                    count = int(argv[i + 1])
                i += 2
            else:
                args.append(argv[i])
                i += 1
        for p in random_positions(args[0], seed, count):
            print(p.format())
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
