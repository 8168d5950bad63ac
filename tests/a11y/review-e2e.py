#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Review Game in a real process, read as a screen reader reads it.

Starts the game with a record on its command line (tests/cases/
review-blunder.sgr, white's planted l5-l4 in round 8) in a fresh HOME,
opens Review Game from the main menu and waits for the review: the row of
the planted mistake is marked "?" and described by the engine's reason,
the reason is said under the board, and the summary has an Accuracy
column.  Escape closes the review.  With STERN_SCREENSHOT_DIR set, a PNG
of the review is kept there.

usage: review-e2e.py STERNHALMA_EXECUTABLE RECORD
TAP on stdout; skips (TAP's empty plan, status 0) without pyatspi, xdotool or a display.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

from a11y_common import (Tap, act, answer_welcome, app_by_pid, find, game_env, item_name,
                          require_desktop, role_name)

tap = Tap()
ok = tap.ok
require_desktop()

# Patience for a machine busy with other tests; the review itself takes a
# few seconds.
WAIT = 60
SHOTS = os.environ.get("STERN_SCREENSHOT_DIR")
MISTAKE_ROW = "Round 8: l5-l4? (Mistake)"
REASON = "missed a jump of 3 hops"


def wait_for(fn, seconds=WAIT):
    end = time.monotonic() + seconds
    value = fn()
    while not value and time.monotonic() < end:
        time.sleep(0.2)
        value = fn()
    return value


def named(app, role, name):
    return find(app, lambda n: role_name(n) == role and n.name == name)


def drive(app, frame):
    answer_welcome(app, 5)

    menu = find(frame, lambda n: role_name(n) in ("toggle button", "push button") and
                n.name == "Main Menu" and n.queryAction().nActions > 0)
    item = None
    if act(menu):
        item = wait_for(lambda: find(app, lambda n: role_name(n) == "menu item" and
                                     item_name(n) == "Review Game"))
    ok(act(item), "Review Game is in the main menu")

    review = wait_for(lambda: find(app, lambda n: role_name(n) == "frame" and
                                   n.name == "Game Review"))
    ok(review is not None, "the Game Review window opens")
    row = wait_for(lambda: find(review, lambda n: role_name(n) == "list item" and
                                n.name == MISTAKE_ROW)) if review else None
    ok(row is not None, "the planted mistake is listed, marked ?")
    ok(row is not None and row.description == REASON,
       "its row is described by the reason: %r" % (row.description if row else None))
    ok(review is not None and named(review, "label", "Why: " + REASON) is not None,
       "the reason is said under the board")
    ok(review is not None and named(review, "label", "Accuracy") is not None,
       "the summary has each player's accuracy")
    if SHOTS:
        subprocess.run(["import", "-window", "root", os.path.join(SHOTS, "review-e2e.png")],
                       stderr=subprocess.DEVNULL, timeout=30)

    window = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Game Review$"],
                            capture_output=True, text=True, timeout=30).stdout.split()
    if window:
        subprocess.run(["xdotool", "windowfocus", "--sync", window[-1]],
                       stderr=subprocess.DEVNULL, timeout=10)
    subprocess.run(["xdotool", "key", "Escape"], timeout=10)
    ok(wait_for(lambda: find(app, lambda n: role_name(n) == "frame" and
                             n.name == "Game Review") is None, 20),
       "Escape closes the review")


def main():
    app_path, record = sys.argv[1], os.path.abspath(sys.argv[2])
    home = tempfile.mkdtemp(prefix="sternhalma-review-")
    env = game_env(home, "memory")
    proc = subprocess.Popen([app_path, record], env=env, stdout=subprocess.DEVNULL)
    try:
        subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(proc.pid),
                        "--name", "Sternhalma"], capture_output=True, timeout=60)
        app = wait_for(lambda: app_by_pid(proc.pid))
        frame = wait_for(lambda: find(app, lambda n: role_name(n) == "frame" and
                                      n.name == "Sternhalma")) if app else None
        if ok(frame is not None, "the game's window is in the AT-SPI tree"):
            drive(app, frame)
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(home, ignore_errors=True)
    print("1..%d" % tap.run, flush=True)
    return 1 if tap.failures else 0


if __name__ == "__main__":
    sys.exit(main())
