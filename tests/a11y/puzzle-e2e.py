#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A puzzle answered with the mouse in a real process.

Starts the game with a fresh HOME, opens Learn from the main menu and its
Puzzles row, and answers the puzzle a new player is offered first (the one
nearest the starting puzzle rating, 900: jump-001, the first of difficulty
1, the longest jump for Black) by clicking real pointer events (xdotool)
at the holes' centres, worked out from the board's place on the screen as
the board lays itself out (src/app/stern-board-layout.c): first a step,
which the engine judges wrong and which costs puzzle rating, then after
Try Again the longest jump, which it judges right and which the settings
keep as solved; then Race in the Kind choice (opened with a click) offers
the easiest race.
With STERN_SCREENSHOT_DIR set, a PNG of each stage is kept there (wide
and 360 px narrow).

usage: puzzle-e2e.py STERNHALMA_EXECUTABLE
TAP on stdout; skips (TAP's empty plan, status 0) without pyatspi, xdotool or a display.
"""

import configparser
import os
import shutil
import subprocess
import sys
import tempfile

import pyatspi

from a11y_common import (WAIT, Tap, act, answer_welcome, app_by_pid, click_move, find,
                          game_env, item_name, key, label_starting, require_desktop, resize,
                          role_name, screen_size, stop, wait_for, window_named, x_window)

tap = Tap()
ok = tap.ok
require_desktop()

SHOTS = os.environ.get("STERN_SCREENSHOT_DIR")
# The puzzle offered first (stern_puzzle_choose), as data/puzzles.txt has
# it: Black on turn, so the board is turned half round to put Black's side
# (seat 3) at the bottom.
PUZZLE = "jump-001"
BLACK = 3
WRONG = ("k6", "j7")
RIGHT = ("e13", "k11")


def shot(name):
    if SHOTS:
        subprocess.run(["import", "-window", "root", os.path.join(SHOTS, name)],
                       stderr=subprocess.DEVNULL, timeout=30)


def answer(puzzles, board, move, mark):
    """Plays move with two clicks and waits for the verdict that starts
    with mark (✓ or ✗)."""
    picked = click_move("Puzzles", board, move[0], move[1], BLACK)
    said = wait_for(lambda: label_starting(puzzles, mark))
    return picked, (said.name if said else None)


def click_at(node):
    """A click at the middle of node (in the Puzzles window's coordinates,
    which its drop-down's list has too)."""
    ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    subprocess.run(["xdotool", "mousemove", "--window", x_window("Puzzles"),
                    str(ext.x + ext.width // 2), str(ext.y + ext.height // 2), "click", "1"],
                   check=True, timeout=10)


def choose_kind(puzzles, kind):
    """Opens the Kind choice with a click and picks the item kind with the
    arrow keys from the top (GTK 4.8 gives the list in the drop-down's
    popover the window's coordinates without the popover's offset, so a
    click there misses); True when the list had the item."""
    choice = wait_for(lambda: find(puzzles, lambda n: n.name == "Kind of Puzzle" and
                                   role_name(n) == "combo box"))
    if choice is None:
        return False
    click_at(choice)
    # The pointer off the list: a row under it is the one Return picks.
    width, height = screen_size()
    subprocess.run(["xdotool", "mousemove", str(width - 1), str(height - 1)], check=True, timeout=10)
    # The list takes the keys once one of its rows has the focus.
    items = wait_for(lambda: [n for n in all_nodes(puzzles) if role_name(n) == "list item" and
                              find(n, lambda m: role_name(m) == "label" and
                                   m.name == kind) is not None] and
                     [n for n in all_nodes(puzzles) if role_name(n) == "list item" and
                      n.getState().contains(pyatspi.STATE_FOCUSED)] and
                     [n for n in all_nodes(puzzles) if role_name(n) == "list item"])
    names = [find(n, lambda m: role_name(m) == "label").name for n in items or []]
    if kind not in names:
        print("# no item %r in the Kind choice's list: %r" % (kind, names), flush=True)
        return False
    # The open list has the keyboard (X keys go to the focused window).
    subprocess.run(["xdotool", "key", "Home"] + ["Down"] * names.index(kind) + ["Return"],
                   check=True, timeout=10)
    return True


def all_nodes(node, depth=0):
    """node and every node under it, in the tree's order."""
    if node is None or depth > 60:
        return []
    nodes = [node]
    for i in range(node.childCount):
        nodes += all_nodes(node.getChildAtIndex(i), depth + 1)
    return nodes


def menu_item(app, frame, label):
    menu = wait_for(lambda: find(frame, lambda n: role_name(n) in ("toggle button", "push button")
                                 and n.name == "Main Menu" and n.queryAction().nActions > 0))
    if not act(menu):
        print("# no main menu to open", flush=True)
        return False
    item = wait_for(lambda: find(app, lambda n: role_name(n) == "menu item" and
                                 item_name(n) == label))
    if item is None:
        print("# no menu item %r" % label, flush=True)
    return act(item)


def frame_named(app, name):
    """The window named name, or the dialog so named inside the game's
    window (Learn from libadwaita 1.5 on)."""
    return wait_for(lambda: window_named(app, name))


def rating_in(home):
    """The puzzle rating ratings.ini keeps (a GKeyFile), or None."""
    ratings = configparser.RawConfigParser(strict=False)
    ratings.read(os.path.join(home, "data", "sternhalma", "ratings.ini"))
    try:
        return ratings.getfloat("Puzzles", "rating")
    except (configparser.Error, ValueError):
        return None


def play(app, frame, home):
    ok(answer_welcome(app), "the first start's question is answered Not Now")
    # The question gone (a window of its own before libadwaita 1.5) and
    # the game's window with the keyboard again before its menu is used:
    # a closing window takes an open menu with it.
    ok(wait_for(lambda: all(app.getChildAtIndex(i) is None or
                            app.getChildAtIndex(i).name == "Sternhalma"
                            for i in range(app.childCount)) and
                find(frame, lambda n: (n.name or "").startswith("New to Sternhalma")) is None),
       "and the question goes")
    ok(wait_for(lambda: find(frame, lambda n: n.name == "Board" and
                             n.getState().contains(pyatspi.STATE_FOCUSED))),
       "the game's board has the keyboard focus")
    ok(menu_item(app, frame, "Learn"), "Learn is in the main menu")
    learn = frame_named(app, "Learn")
    row = wait_for(lambda: find(learn, lambda n: role_name(n) == "push button" and
                                n.name == "Puzzles, 0 of 240 solved")) if learn else None
    if not ok(act(row), "Learn's list has a Puzzles row, none solved, which opens"):
        return
    puzzles = frame_named(app, "Puzzles")
    if not ok(puzzles is not None, "the Puzzles window opens"):
        return
    task = wait_for(lambda: label_starting(puzzles, "Find the longest jump for Black."))
    ok(task is not None, "it asks for the longest jump for Black")
    ok(wait_for(lambda: label_starting(puzzles, "Puzzle rating: 900 · Solved: 0 of 240")),
       "and shows the puzzle rating, 900, none solved")
    ok(wait_for(lambda: label_starting(puzzles, "Puzzle 1 of 240 · Difficulty 1 of 5")),
       "the puzzle offered is the first of the set, of difficulty 1")
    # On a screen of 640×480 the whole board is in reach of the pointer.
    resize("Puzzles", puzzles, 640, 470)
    shot("puzzle-e2e-wide.png")
    board = wait_for(lambda: find(puzzles, lambda n: n.name == "Board"))
    if not ok(board is not None, "the puzzle's board is in the tree"):
        return

    picked, said = answer(puzzles, board, WRONG, "✗")
    ok(picked and said == "✗ Not this one: there is a longer jump.",
       "%s-%s clicked, a step, is judged wrong: picked %s, %r" % (WRONG + (picked, said)))
    ok(wait_for(lambda: label_starting(puzzles, "Puzzle rating: 8")),
       "the puzzle rating falls below 900 for the wrong first try")
    before = wait_for(lambda: rating_in(home))
    ok(before is not None and before < 900, "ratings.ini keeps the puzzle rating: %s" % before)
    shot("puzzle-e2e-wrong.png")

    retry = find(puzzles, lambda n: role_name(n) == "push button" and n.name == "Try Again")
    ok(act(retry), "Try Again")
    ok(wait_for(lambda: label_starting(puzzles, "✗") is None), "the verdict goes")
    picked, said = answer(puzzles, board, RIGHT, "✓")
    ok(picked and said == "✓ Right: this is the longest jump.",
       "%s-%s clicked, the four-hop jump, is judged right: %r" % (RIGHT + (said,)))
    ok(wait_for(lambda: label_starting(puzzles, "Puzzle rating: ") and
                "Solved: 1 of 240" in label_starting(puzzles, "Puzzle rating: ").name),
       "the window counts it solved")
    ok(rating_in(home) == before, "a right answer after a wrong one leaves the rating: %s"
       % rating_in(home))
    ok(choose_kind(puzzles, "Race"), "the Kind choice opens with a click and has Race")
    ok(wait_for(lambda: label_starting(puzzles, "Only one move keeps")),
       "Race chosen: the puzzle offered is a race")
    subtitle = find(puzzles, lambda n: role_name(n) == "label" and
                    (n.name or "").startswith("Puzzle ") and "· Difficulty" in n.name)
    ok(subtitle is not None and subtitle.name != "Puzzle 1 of 240 · Difficulty 1 of 5" and
       subtitle.name.endswith("· Difficulty 1 of 5"),
       "the easiest race, for a rating under 975: %r" % (subtitle.name if subtitle else None))
    shot("puzzle-e2e-race.png")
    if SHOTS:
        resize("Puzzles", puzzles, 360, 470)
        shot("puzzle-e2e-right-narrow.png")
    key("Puzzles", "Escape")
    ok(wait_for(lambda: x_window("Puzzles") is None, 10), "Escape closes the Puzzles window")
    ok(wait_for(lambda: find(learn, lambda n: role_name(n) == "push button" and
                             n.name == "Puzzles, 1 of 240 solved")),
       "Learn's list says one puzzle is solved")


def main():
    app_path = sys.argv[1]
    home = tempfile.mkdtemp(prefix="sternhalma-puzzle-")
    env = game_env(home, "keyfile")
    proc = subprocess.Popen([app_path], env=env, stdout=subprocess.DEVNULL)
    try:
        subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(proc.pid),
                        "--name", "Sternhalma"], capture_output=True, timeout=60)
        app = wait_for(lambda: app_by_pid(proc.pid), 3 * WAIT)
        frame = frame_named(app, "Sternhalma") if app is not None else None
        if ok(frame is not None, "the game's window is in the AT-SPI tree"):
            play(app, frame, home)
        settings = os.path.join(home, "config", "glib-2.0", "settings", "keyfile")
        kept = open(settings).read() if os.path.exists(settings) else ""
        ok("puzzles-solved=['%s']" % PUZZLE in kept, "the settings keep %s as solved" % PUZZLE)
    finally:
        stop(proc)
        shutil.rmtree(home, ignore_errors=True)
    print("1..%d" % tap.run, flush=True)
    return 1 if tap.failures else 0


if __name__ == "__main__":
    sys.exit(main())
