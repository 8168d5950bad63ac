#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Review Game in a real process, read as a screen reader reads it.

Starts the game with a record on its command line (tests/cases/
review-blunder.sgr, white's planted l5-l4 in round 8) in a fresh HOME,
opens Review Game from the main menu and waits for the review: the row of
the planted mistake is marked "?" and described by the engine's reason,
the reason is said under the board, and the summary has an Accuracy
column.  Learn From Your Mistakes (the review's button) shows the planted
mistake's position; answered with real mouse clicks (xdotool) at the
holes' centres on its board, l5-l4 (the move played) is refused and
l5-j9 accepted, with the reason and the best move said.  Escape closes
the review.  With STERN_SCREENSHOT_DIR set, PNGs of the review and of
the exercise's wrong and right answers are kept there.

usage: review-e2e.py STERNHALMA_EXECUTABLE RECORD
TAP on stdout; skips (TAP's empty plan, status 0) without pyatspi, xdotool or a display.
"""

import os
import shutil
import subprocess
import sys
import tempfile

import pyatspi

from a11y_common import (HOLE, Tap, act, answer_welcome, app_by_pid, click_move, description,
                          find, fit_screen, game_env, item_name, key, require_desktop,
                          role_name, stop, title_of, wait_for, window_named, x_window)

tap = Tap()
ok = tap.ok
require_desktop()

# Patience for a machine busy with other tests; the review itself takes a
# few seconds.
WAIT = 60
SHOTS = os.environ.get("STERN_SCREENSHOT_DIR")
MISTAKE_ROW = "Round 8: l5-l4? (Mistake)"
REASON = "missed a jump of 3 hops"
LEARN = "Learn From Your Mistakes"


def named(app, role, name):
    return find(app, lambda n: role_name(n) == role and n.name == name)


def shot(name):
    if SHOTS:
        subprocess.run(["import", "-window", "root", os.path.join(SHOTS, name)],
                       stderr=subprocess.DEVNULL, timeout=30)


def feedback(learn, mark):
    label = wait_for(lambda: find(learn, lambda n: role_name(n) == "label" and
                                  (n.name or "").startswith(mark)), 20)
    return label.name if label else None


def learn_from_mistakes(app, review):
    button = find(review, lambda n: role_name(n) == "push button" and n.name == LEARN)
    ok(act(button), "Learn From Your Mistakes is a button of the review")
    learn = wait_for(lambda: find(app, lambda n: role_name(n) == "frame" and n.name == LEARN), WAIT)
    if not ok(learn is not None, "its window opens"):
        # What the application has instead, to see why.
        for i in range(app.childCount):
            node = app.getChildAtIndex(i)
            print("# %s %r" % (role_name(node), node.name), flush=True)
        return
    ok(named(learn, "label", "Round 8, White played l5-l4 (1). Find a better move.") is not None,
       "the exercise is the planted mistake")
    board = wait_for(lambda: find(learn, lambda n: n.name == "Board" and
                                  n.getState().contains(pyatspi.STATE_FOCUSED) and
                                  HOLE.search(description(n))), WAIT)
    if not ok(board is not None, "its board has the keyboard focus"):
        return
    fit_screen(LEARN, learn)
    ok(click_move(LEARN, board, "l5", "l4"), "l5 picked with a click, then l4 clicked")
    said = feedback(learn, "✗")
    ok(said == "✗ That is the move you played. Find a better one.",
       "the move played is refused: %r" % said)
    shot("learn-mistakes-e2e-wrong.png")
    # Refused, the position stays for another try: no button in between.
    ok(click_move(LEARN, board, "l5", "j9"), "l5 picked again with a click, then j9 clicked")
    said = feedback(learn, "✓")
    ok(said == "✓ Right: as good as the best move.", "l5-j9 is right: %r" % said)
    ok(wait_for(lambda: named(learn, "label", "Why: %s. The best move: l5-j5-j7-j9 (2)." % REASON),
                20) is not None, "the reason and the best move are said")
    shot("learn-mistakes-e2e-right.png")
    key(LEARN, "Escape")
    ok(wait_for(lambda: x_window(LEARN) is None, 10), "Escape closes it")


def drive(app, frame):
    answer_welcome(app, 5)

    menu = find(frame, lambda n: role_name(n) in ("toggle button", "push button") and
                n.name == "Main Menu" and n.queryAction().nActions > 0)
    item = None
    if act(menu):
        item = wait_for(lambda: find(app, lambda n: role_name(n) == "menu item" and
                                     item_name(n) == "Review Game"), WAIT)
    ok(act(item), "Review Game is in the main menu")

    # A window of its own, or a dialog inside the game's (libadwaita 1.5).
    review = wait_for(lambda: window_named(app, "Game Review"), WAIT)
    ok(review is not None, "the Game Review window opens")
    row = wait_for(lambda: find(review, lambda n: role_name(n) == "list item" and
                                n.name == MISTAKE_ROW), WAIT) if review else None
    ok(row is not None, "the planted mistake is listed, marked ?")
    ok(row is not None and row.description == REASON,
       "its row is described by the reason: %r" % (row.description if row else None))
    ok(review is not None and named(review, "label", "Why: " + REASON) is not None,
       "the reason is said under the board")
    ok(review is not None and named(review, "label", "Accuracy") is not None,
       "the summary has each player's accuracy")
    shot("review-e2e.png")

    if review is not None:
        learn_from_mistakes(app, review)

    key(title_of(review, "Game Review"), "Escape")
    ok(wait_for(lambda: window_named(app, "Game Review") is None, 20),
       "Escape closes the review")


def main():
    app_path, record = sys.argv[1], os.path.abspath(sys.argv[2])
    home = tempfile.mkdtemp(prefix="sternhalma-review-")
    env = game_env(home, "memory")
    proc = subprocess.Popen([app_path, record], env=env, stdout=subprocess.DEVNULL)
    try:
        subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(proc.pid),
                        "--name", "Sternhalma"], capture_output=True, timeout=60)
        app = wait_for(lambda: app_by_pid(proc.pid), WAIT)
        frame = wait_for(lambda: find(app, lambda n: role_name(n) == "frame" and
                                      n.name == "Sternhalma"), WAIT) if app else None
        if ok(frame is not None, "the game's window is in the AT-SPI tree"):
            drive(app, frame)
    finally:
        stop(proc)
        shutil.rmtree(home, ignore_errors=True)
    print("1..%d" % tap.run, flush=True)
    return 1 if tap.failures else 0


if __name__ == "__main__":
    sys.exit(main())
