#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Cross-checks sternhalma-cli against the independent reference model.

  crosscheck.py PATH-TO-sternhalma-cli

For every variant and rule preset it makes seeded random positions (random
playouts from the start, and random placements with marbles in goals, homes
and foreign rays), asks the CLI for the legal moves and compares the set of
(from, to) pairs with the reference; every path the CLI prints must be a
valid route of that move and as short as the reference's.  Then it replays
one-move records with random valid paths (detours included) that the CLI must
accept and forbidden paths it must refuse, replays whole random games
(greedy and random moves, passes, resignations) and compares the final
position and result with the reference's game model (§4, §5, §8), and
compares perft from each variant's start.  The square boards of Halma and
Ugolki (doc/rules.md §9) are checked the same way against their own model,
square.py: moves, perft and whole two-player games with their tempo numbers.
Output is TAP; the exit status is non-zero when anything disagrees.
"""

import os
import random
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference as ref  # noqa: E402
import square as sq  # noqa: E402

POSITIONS_PER_MODE = 12
PERFT_DEPTH = {v: 3 for v in ref.VARIANTS}
PERFT_DEPTH.update({"classic-2": 4})
PRESET_PERFT_DEPTH = 3
SQUARE_PERFT_DEPTH = {v: 3 for v in sq.VARIANTS}
SQUARE_PERFT_DEPTH.update({"ugolki": 4, "ugolki-mini": 4, "halma-8+orth": 4, "halma-10-3": 4})
SQUARE_POSITIONS = 16
SQUARE_GAME_GREED = (0.95, 0.8, 0.5, 0.0)

# Hand-made positions for the edge cases of §3, checked under every preset.
EDGE_CASES = [
    # A short chain that can turn two ways.
    "classic-2 white white:i5 black:i6,j7,i8",
    # A chain that passes through a foreign ray (red's, SW) and comes back.
    "classic-2 white white:h5 black:g5,f5,e6,f7",
    # A marble in its goal: moves only inside the goal (table), leaves it (club, race).
    "classic-2 white white:f14,f15 black:f13,g14,e16,e17",
    # Long jumps over a far marble, blocked ones, and one off the board.
    "long-2 white white:m1,i5 black:i9,i12,e17,m5",
    "long-6 red white:m1 red:e5 blue:a13 black:e17 yellow:m13 green:q5",
    # The 15-marble zones: the hexagon row belongs to home and goal.
    "fifteen-2 black white:e13,f13,g13,h13,i13,e14 black:i5,j5,m5,m1",
    # Solo: a lone marble deep in a foreign ray.
    "solo white white:a13",
    # Long jumps: after i5-i7-k5 the start hole i5 is empty, so nothing
    # stops the line from k5 to the left (no jump to g5 over i5).
    "long-2 white white:i5 black:i6,j6",
    # Empty board but for the mover: only steps.
    "classic-6 green white:i9",
    "classic-6 white white:i9",
]


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def result(self, ok, desc, diag=()):
        self.n += 1
        if not ok:
            self.failed += 1
        print("%s %d - %s" % ("ok" if ok else "not ok", self.n, desc))
        for line in diag:
            for part in str(line).splitlines():
                print("# " + part)
        sys.stdout.flush()


def run_cli(cli, args):
    """(exit status, stdout, stderr); a crash or a hang is a failed run."""
    try:
        proc = subprocess.run([cli] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        return -1, "", "could not run the CLI: %s" % e
    return proc.returncode, proc.stdout, proc.stderr


def fmt(path):
    return "-".join(ref.name(h) for h in path)


def compare_moves(cli, preset, text):
    """None when the CLI agrees with the reference on text, else diagnostics."""
    pos = ref.parse_position(text, preset)
    expected = ref.legal_moves(pos)
    args = ["moves"] + (["--preset", preset] if preset != "table" else []) + [text]
    rc, out, err = run_cli(cli, args)
    shown = "sternhalma-cli %s" % " ".join(
        a if " " not in a else "'%s'" % a for a in args)
    if rc != 0:
        return [shown, "exit status %d, stderr: %s" % (rc, err.strip())]
    got = {}
    problems = []
    for line in out.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            path = [ref.parse_name(n) for n in line.split("-")]
        except ValueError as e:
            problems.append("unreadable line %r: %s" % (line, e))
            continue
        key = (path[0], path[-1])
        if key in got:
            problems.append("(%s, %s) listed twice: %s and %s"
                            % (ref.name(key[0]), ref.name(key[1]), fmt(got[key]), line))
        got[key] = path
        bad = ref.check_path(pos, path)
        if bad:
            problems.append("invalid path %s: %s" % (line, bad))
        elif key in expected and len(path) != len(expected[key]):
            problems.append("path %s has %d hops, shortest is %d (%s)"
                            % (line, len(path) - 1, len(expected[key]) - 1,
                               fmt(expected[key])))
    missing = sorted(set(expected) - set(got))
    extra = sorted(set(got) - set(expected))
    for k in missing:
        problems.append("missing move %s (reference path %s)" % (
            "%s->%s" % (ref.name(k[0]), ref.name(k[1])), fmt(expected[k])))
    for k in extra:
        problems.append("extra move %s (CLI path %s)" % (
            "%s->%s" % (ref.name(k[0]), ref.name(k[1])), fmt(got[k])))
    if problems:
        return [shown, "reference: %d moves, CLI: %d moves" % (len(expected), len(got))] \
            + problems[:12] + (["... %d more" % (len(problems) - 12)]
                               if len(problems) > 12 else [])
    return None


def check_group(tap, cli, desc, preset, texts):
    for text in texts:
        diag = compare_moves(cli, preset, text)
        if diag:
            tap.result(False, desc, ["first mismatch of %d positions" % len(texts)] + diag)
            return
    tap.result(True, "%s (%d positions)" % (desc, len(texts)))


# --- paths given by the player: any valid route, not only the shortest ----

def random_chain(pos, frm, rng):
    """A random jump chain of the marble at frm that obeys every rule but
    is not necessarily shortest, or None."""
    rules = pos.rules
    seat = pos.marbles[frm]
    occupied = set(pos.marbles) - {frm}
    confined = rules.restricted and frm in rules.goal[seat]
    path = [frm]
    while True:
        options = [t for t in ref.jumps_from(path[-1], occupied, rules.long_jumps)
                   if t not in path and (not confined or t in rules.goal[seat])]
        may_stop = len(path) > 1 and not (rules.restricted and path[-1] in rules.foreign[seat])
        if not options or (may_stop and rng.random() < 0.25):
            return path if may_stop else None
        path.append(rng.choice(options))


def bad_paths(pos, rng):
    """Paths the rules forbid, each with what is wrong with it."""
    rules = pos.rules
    seat = pos.to_move
    own = [h for h, s in sorted(pos.marbles.items()) if s == seat]
    out = []
    for frm in own:
        occupied = set(pos.marbles) - {frm}
        steps = [ref.add(frm, d) for d in ref.DIRS
                 if ref.add(frm, d) in ref.HOLE_SET and ref.add(frm, d) not in occupied]
        jumps = ref.jumps_from(frm, occupied, rules.long_jumps)
        for b in steps:  # a step, then a jump
            for c in ref.jumps_from(b, occupied, rules.long_jumps):
                if c != frm:
                    out.append(([frm, b, c], "step then jump"))
        for b in jumps:  # a jump, then a step
            for d in ref.DIRS:
                c = ref.add(b, d)
                if c in ref.HOLE_SET and c not in occupied and c != frm:
                    out.append(([frm, b, c], "jump then step"))
            for c in ref.jumps_from(b, occupied, rules.long_jumps):
                if c == frm:  # back to the start
                    out.append(([frm, b, c], "chain back to its start"))
                else:
                    for e in ref.jumps_from(c, occupied, rules.long_jumps):
                        if e == b:
                            out.append(([frm, b, c, e], "chain lands twice on a hole"))
        for d in ref.DIRS:  # two holes along a line over an empty hole
            a, b = ref.add(frm, d), ref.add(frm, d, 2)
            if b in ref.HOLE_SET and a not in occupied and b not in occupied:
                out.append(([frm, b], "hop over an empty hole"))
            if not rules.long_jumps:  # a long jump where they are not allowed
                for k in range(2, 8):
                    line = [ref.add(frm, d, i) for i in range(1, 2 * k + 1)]
                    if all(h in ref.HOLE_SET for h in line) and \
                            [h in occupied for h in line] == [i == k - 1 for i in range(2 * k)]:
                        out.append(([frm, line[-1]], "long jump in an ordinary variant"))
        for b in steps + jumps:
            if ref.check_path(pos, [frm, b]) is not None:
                out.append(([frm, b], ref.check_path(pos, [frm, b])))
        for _ in range(6):
            chain = [frm]
            while True:
                opts = [t for t in ref.jumps_from(chain[-1], occupied, rules.long_jumps)
                        if t not in chain]
                if not opts:
                    break
                chain.append(rng.choice(opts))
                why = ref.check_path(pos, chain)
                if why is not None:
                    out.append((list(chain), why))
                    break
    # Every one of them must be wrong for the reference too.
    out = [(p, why) for p, why in out if ref.check_path(pos, p) is not None]
    rng.shuffle(out)
    return out


def run_replay(cli, variant, preset, text, path):
    record = '[Variant "%s"]\n[Preset "%s"]\n[Position "%s"]\n\n1. %s\n' % (
        variant, preset, text, fmt(path))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(record)
        name = f.name
    try:
        rc, out, err = run_cli(cli, ["replay", name])
    finally:
        os.unlink(name)
    return rc, out, err, record


def playable(pos):
    """Positions where a replayed move can only fail for its path: nobody's
    goal is full yet and the colour on turn has a move."""
    rules = pos.rules
    for s in rules.seats:
        own = [h for h, o in pos.marbles.items() if o == s]
        if all(h in pos.marbles for h in rules.goal[s]):
            return False
        if rules.preset == "race" and own and all(h in rules.goal[s] for h in own):
            return False  # race: finished with all its own marbles home
    return bool(ref.legal_moves(pos))


def check_paths(tap, cli, variant):
    rng = random.Random("paths/" + variant)
    good = bad = 0
    longer = 0
    for preset in ref.PRESETS:
        if preset == "race" and len(ref.Rules(variant).seats) > 2:
            continue  # a two-player preset (§8): check_race_refused
        positions = [p for mode in ("playout", "place")
                     for p in ref.random_positions(variant, preset, mode, 2, 5)]
        for pos in positions:
            if not playable(pos):
                continue
            text = pos.format()
            shortest = ref.legal_moves(pos)
            own = [h for h, s in sorted(pos.marbles.items()) if s == pos.to_move]
            chains = [c for c in (random_chain(pos, rng.choice(own), rng) for _ in range(12)) if c]
            # Detours first: they are what the shortest-path listing never shows.
            chains.sort(key=lambda c: len(shortest[(c[0], c[-1])]) - len(c))
            for chain in chains[:2]:
                assert ref.check_path(pos, chain) is None
                longer += len(chain) > len(shortest[(chain[0], chain[-1])])
                rc, out, err, record = run_replay(cli, variant, preset, text, chain)
                after = pos.copy()
                after.marbles[chain[-1]] = after.marbles.pop(chain[0])
                diag = None
                if rc != 0:
                    diag = ["a valid path was refused", record, "stderr: " + err.strip()]
                else:
                    try:
                        got = ref.parse_position(out.splitlines()[0], preset)
                        if got.marbles != after.marbles:
                            diag = ["wrong position after the move", record,
                                    "CLI: " + out.splitlines()[0],
                                    "expected marbles: " + after.format()]
                    except (ValueError, IndexError) as e:
                        diag = ["unreadable replay output %r: %s" % (out, e), record]
                if diag:
                    tap.result(False, "%s: valid paths (not only shortest) accepted" % variant,
                               diag)
                    return
                good += 1
            for path, why in bad_paths(pos, rng)[:2]:
                rc, out, err, record = run_replay(cli, variant, preset, text, path)
                if rc == 0:
                    tap.result(False, "%s: valid paths accepted, bad paths refused" % variant,
                               ["the bad path %s (%s) was accepted" % (fmt(path), why),
                                record, "CLI: " + out.strip()])
                    return
                bad += 1
    tap.result(good > 0 and bad > 0,
               "%s: %d valid paths (%d longer than shortest) accepted, %d bad paths refused"
               % (variant, good, longer, bad))


# --- whole games: turns, passes, finishing, deadline, limits, resignation ----

def game_plans(variant):
    """(preset, greediness, resign at action n or None) of the games to play."""
    if variant == "solo":
        return [("table", 0.75, None), ("table", 0.3, None)]
    race = [("race", 0.75, None)] if len(ref.Rules(variant).seats) == 2 else []
    return [("table", 0.75, None), ("club", 0.75, None)] + race + \
        [("table", 0.2, None), ("table", 0.6, 12)]


def check_games(tap, cli, variant):
    summary = []
    for n, (preset, greedy, resign_at) in enumerate(game_plans(variant)):
        rng = random.Random("game/%s/%d" % (variant, n))
        game, tokens = ref.random_game(ref.Rules(variant, preset), rng, 300, greedy, resign_at)
        lines = [" ".join(tokens[i:i + 8]) for i in range(0, len(tokens), 8)]
        record = '[Variant "%s"]\n[Preset "%s"]\n\n%s\n' % (variant, preset, "\n".join(lines))
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(record)
            fname = f.name
        try:
            rc, out, err = run_cli(cli, ["replay", fname])
        finally:
            os.unlink(fname)
        expected_pos = game.pos.format()
        diag = None
        if rc != 0:
            diag = ["the CLI refused the record: " + err.strip()]
        else:
            got = out.splitlines()
            try:
                got_pos = ref.parse_position(got[0], preset)
                if got_pos.marbles != game.pos.marbles or got[1] != game.result():
                    diag = ["final position or result differ",
                            "CLI:       %s | %s" % (got[0], got[1]),
                            "reference: %s | %s (%s)" % (expected_pos, game.result(),
                                                          game.reason or "not over")]
            except (ValueError, IndexError) as e:
                diag = ["unreadable replay output %r: %s" % (out, e)]
        if diag:
            tap.result(False, "%s: whole games agree" % variant,
                       diag + ["game %d: preset %s, %d actions; reference states %s"
                               % (n, preset, len(tokens), game.state),
                               "record:"] + record.splitlines())
            return
        summary.append("%s %d actions %s %s" % (preset, len(tokens), game.reason or "going",
                                               game.result()))
    tap.result(True, "%s: whole games agree (%s)" % (variant, "; ".join(summary)))


def check_race_refused(tap, cli):
    """race is a two-player preset (§8): the reference and the CLI refuse a
    race record with three to six players."""
    refused = []
    for variant in ref.VARIANTS:
        if len(ref.Rules(variant).seats) <= 2:
            continue
        try:
            ref.Game(ref.Rules(variant, "race"))
            tap.result(False, "race refused with three to six players",
                       ["the reference accepts race for %s" % variant])
            return
        except ValueError:
            pass
        record = '[Variant "%s"]\n[Preset "race"]\n' % variant
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(record)
            fname = f.name
        try:
            rc, out, err = run_cli(cli, ["replay", fname])
        finally:
            os.unlink(fname)
        if rc != 1 or "two players" not in err:
            tap.result(False, "race refused with three to six players",
                       ["%s: exit %d, stderr %r" % (variant, rc, err.strip())])
            return
        refused.append(variant)
    tap.result(len(refused) > 0, "race refused with three to six players (%s)" % ", ".join(refused))


def cli_perft(cli, variant, depth, preset):
    args = ["perft"] + (["--preset", preset] if preset != "table" else []) \
        + [variant, str(depth)]
    rc, out, err = run_cli(cli, args)
    lines = out.strip().splitlines()
    if rc != 0 or not lines:
        return None, "sternhalma-cli %s: exit %d: %s" % (" ".join(args), rc, err.strip())
    try:
        return int(lines[-1].split()[-1]), None
    except ValueError:
        return None, "sternhalma-cli %s: last line %r" % (" ".join(args), lines[-1])


# --- square boards (doc/rules.md §9) -------------------------------------------

def sq_fmt(path):
    return "-".join(sq.name(c) for c in path)


def square_compare_moves(cli, text):
    pos = sq.parse_position(text)
    expected = sq.legal_moves(pos)
    rc, out, err = run_cli(cli, ["moves", text])
    if rc != 0:
        return ["sternhalma-cli moves '%s': exit %d: %s" % (text, rc, err.strip())]
    got, problems = {}, []
    for line in filter(None, (l.strip() for l in out.splitlines())):
        try:
            path = [sq.parse_name(t, pos.rules.n) for t in line.split("-")]
        except ValueError as e:
            problems.append("unreadable line %r: %s" % (line, e))
            continue
        key = (path[0], path[-1])
        if key in got:
            problems.append("%s listed twice" % line)
        got[key] = path
        bad = sq.check_path(pos, path)
        if bad:
            problems.append("invalid path %s: %s" % (line, bad))
        elif key in expected and len(path) != len(expected[key]):
            problems.append("path %s is not shortest (%s)" % (line, sq_fmt(expected[key])))
    for k in sorted(set(expected) - set(got)):
        problems.append("missing move %s" % sq_fmt(expected[k]))
    for k in sorted(set(got) - set(expected)):
        problems.append("extra move %s" % sq_fmt(got[k]))
    if problems:
        return ["sternhalma-cli moves '%s'" % text,
                "reference: %d moves, CLI: %d" % (len(expected), len(got))] + problems[:12]
    return None


def square_random_game(rules, rng, greed):
    """Moves of a game: with probability greed the move that lowers the
    tempo number most, else a random one; None passes."""
    pos = sq.start_position(rules)
    moves = []
    for _ in range(2 * rules.tempo_check):
        legal = sorted(sq.legal_moves(pos))
        if not legal:
            mv = None
        elif rng.random() < greed:
            seat = pos.to_move
            fx, fy = rules.far_corner[seat]

            def gain(m):
                (a, b) = m
                return (abs(a[0] - fx) + abs(a[1] - fy)) - (abs(b[0] - fx) + abs(b[1] - fy))
            best = max(gain(m) for m in legal)
            mv = rng.choice([m for m in legal if gain(m) == best])
        else:
            mv = rng.choice(legal)
        moves.append(mv)
        _, result, _, _ = sq.play_game(rules, moves)
        if result != "*":
            break
        pos = sq.play(pos, *mv) if mv else sq.Position(
            rules, rules.seats[1 - rules.seats.index(pos.to_move)], pos.stones)
    return moves


def square_check_games(tap, cli, variant):
    rules = sq.Rules(variant)
    summary = []
    for n, greed in enumerate(SQUARE_GAME_GREED):
        rng = random.Random("square-game/%s/%d" % (variant, n))
        moves = square_random_game(rules, rng, greed)
        pos, result, reason, played = sq.play_game(rules, moves)
        tokens, p = [], sq.start_position(rules)
        for i, mv in enumerate(moves):
            if i % 2 == 0:
                tokens.append("%d." % (i // 2 + 1))
            if mv is None:
                tokens.append("--")
                p = sq.Position(rules, rules.seats[1 - rules.seats.index(p.to_move)], p.stones)
            else:
                tokens.append(sq_fmt(sq.legal_moves(p)[mv]))
                p = sq.play(p, *mv)
        lines = [" ".join(tokens[i:i + 9]) for i in range(0, len(tokens), 9)]
        record = '[Variant "%s"]\n\n%s\n' % (variant, "\n".join(lines))
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(record)
            fname = f.name
        try:
            rc, out, err = run_cli(cli, ["replay", fname])
        finally:
            os.unlink(fname)
        want_tempo = "tempo " + " ".join("%s:%d" % (sq.COLOURS[s], sq.tempo(pos, s))
                                         for s in rules.seats)
        diag = None
        if rc != 0:
            diag = ["the CLI refused the record: " + err.strip()]
        else:
            got = out.splitlines() + ["", "", ""]
            try:
                got_pos = sq.parse_position(got[0])
                if got_pos.stones != pos.stones or got[1] != result or got[2] != want_tempo:
                    diag = ["final position, result or tempo differ",
                            "CLI:       %s | %s | %s" % (got[0], got[1], got[2]),
                            "reference: %s | %s (%s) | %s" % (pos.format(), result,
                                                              reason or "not over", want_tempo)]
            except (ValueError, IndexError) as e:
                diag = ["unreadable replay output %r: %s" % (out, e)]
        if diag:
            tap.result(False, "%s: whole games agree" % variant,
                       diag + ["game %d, %d moves; record:" % (n, played)] + record.splitlines())
            return
        summary.append("%d moves %s %s" % (played, reason or "going", result))
    tap.result(True, "%s: whole games agree (%s)" % (variant, "; ".join(summary)))


def square_checks(tap, cli):
    for variant in sq.VARIANTS:
        start = sq.start_position(sq.Rules(variant))
        texts = [start.format()] + [p.format() for p in
                                    sq.random_positions(variant, 1, SQUARE_POSITIONS)]
        diag = None
        for text in texts:
            diag = square_compare_moves(cli, text)
            if diag:
                break
        tap.result(diag is None, "moves %s, start and %d random positions"
                   % (variant, SQUARE_POSITIONS), diag or [])
        for depth in range(1, SQUARE_PERFT_DEPTH[variant] + 1):
            expected = sq.perft(start, depth)
            got, err = cli_perft(cli, variant, depth, "table")
            tap.result(got == expected, "perft %s %d = %d" % (variant, depth, expected),
                       [err] if err else ([] if got == expected else ["CLI says %s" % got]))
        if len(sq.Rules(variant).seats) == 2:
            square_check_games(tap, cli, variant)
        square_check_bestmove(tap, cli, variant)


def square_check_bestmove(tap, cli, variant):
    """The computer's move in a few positions is one of the legal moves."""
    problems = []
    for pos in sq.random_positions(variant, 7, 3):
        if not sq.legal_moves(pos):
            continue
        text = pos.format()
        rc, out, err = run_cli(cli, ["bestmove", "medium", text])
        lines = out.split()
        if rc != 0 or not lines:
            problems.append("bestmove medium '%s': exit %d: %s" % (text, rc, err.strip()))
            continue
        try:
            path = [sq.parse_name(t, pos.rules.n) for t in lines[0].split("-")]
        except ValueError as e:
            problems.append("bestmove '%s' printed %r: %s" % (text, lines[0], e))
            continue
        if (path[0], path[-1]) not in sq.legal_moves(pos) or sq.check_path(pos, path):
            problems.append("bestmove '%s' played the illegal %s" % (text, lines[0]))
    tap.result(not problems, "bestmove %s plays legal moves" % variant, problems)


def square_n_tests():
    return sum(2 + SQUARE_PERFT_DEPTH[v] + (len(sq.Rules(v).seats) == 2)
               for v in sq.VARIANTS)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: crosscheck.py PATH-TO-sternhalma-cli\n")
        return 2
    cli = argv[1]
    tap = Tap()
    t0 = time.time()
    n_tests = len(ref.VARIANTS) * len(ref.PRESETS) * 2 + len(ref.PRESETS) \
        + sum(PERFT_DEPTH.values()) + len(ref.VARIANTS) * 4 + 1 + square_n_tests()
    print("1..%d" % n_tests)

    for preset in ref.PRESETS:
        check_group(tap, cli, "hand-made edge cases, %s" % preset, preset, EDGE_CASES)

    for variant in ref.VARIANTS:
        for preset in ref.PRESETS:
            for mode in ("playout", "place"):
                texts = [p.format() for p in
                         ref.random_positions(variant, preset, mode, 1, POSITIONS_PER_MODE)]
                check_group(tap, cli, "moves %s %s, random %s positions"
                            % (variant, preset, mode), preset, texts)

    for variant in ref.VARIANTS:
        check_paths(tap, cli, variant)

    for variant in ref.VARIANTS:
        check_games(tap, cli, variant)
    check_race_refused(tap, cli)

    for variant in ref.VARIANTS:
        start = ref.start_position(ref.Rules(variant))
        for depth in range(1, PERFT_DEPTH[variant] + 1):
            expected = ref.perft(start, depth)
            got, err = cli_perft(cli, variant, depth, "table")
            tap.result(got == expected, "perft %s %d = %d" % (variant, depth, expected),
                       [err] if err else ([] if got == expected else
                                          ["CLI says %s" % got]))
        # The presets let moves end in any ray: fifteen-2's home row touches
        # two foreign rays, so there it shows from depth 1.
        for preset in ("club", "race"):
            start = ref.start_position(ref.Rules(variant, preset))
            expected = ref.perft(start, PRESET_PERFT_DEPTH)
            got, err = cli_perft(cli, variant, PRESET_PERFT_DEPTH, preset)
            tap.result(got == expected, "perft --preset %s %s %d = %d"
                       % (preset, variant, PRESET_PERFT_DEPTH, expected),
                       [err] if err else ([] if got == expected else
                                          ["CLI says %s" % got]))

    square_checks(tap, cli)

    print("# %d of %d failed, %.1f s" % (tap.failed, tap.n, time.time() - t0))
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
