#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The board read through the real accessibility stack.

Starts the game under the X display and session bus it is given, finds the
board in the AT-SPI tree (by its name, "Board"), presses keys with xdotool
as a player would, and checks what a screen reader would be told: the
board's description names the hole under the keyboard cursor and what is
in it, says when the picked marble may go there, and announces each move
played, the human's and then the computer's.

usage: board-a11y.py STERNHALMA_EXECUTABLE
TAP on stdout; skips (TAP's empty plan, status 0) without pyatspi, xdotool or a display.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from a11y_common import (HOLE, WAIT, Tap, app_by_pid, description, find, game_env,  # noqa: E402
                         key, require_desktop, skip_all, stop, wait_for, x_window)

tap = Tap()
ok = tap.ok
try:
    import pyatspi
except ImportError:
    skip_all("pyatspi not found (package python3-pyatspi)")
require_desktop()


def main():
    app_path = sys.argv[1]
    home = tempfile.mkdtemp(prefix="sternhalma-a11y-")
    # A player who has answered the first start's question (learn-e2e.py
    # answers it): the settings in a file under HOME.
    env = game_env(home, "keyfile")
    settings = os.path.join(home, "config", "glib-2.0", "settings")
    os.makedirs(settings)
    with open(os.path.join(settings, "keyfile"), "w") as f:
        f.write("[io/github/sternhalma/Sternhalma]\ntutorial-offered=true\n")
    # The game's messages go to stderr with ours; stdout is TAP's.
    app = subprocess.Popen([app_path], env=env, stdout=subprocess.DEVNULL)
    try:
        run(app)
    finally:
        stop(app)
        shutil.rmtree(home, ignore_errors=True)
    print("1..%d" % tap.run, flush=True)
    return 1 if tap.failures else 0


def run(app):
    if not ok(x_window("Sternhalma", app.pid, sync=True) is not None, "the game's window is shown"):
        return
    pid = app.pid

    def press(*keys):
        key("Sternhalma", *keys, pid=pid)


    def find_app():
        return app_by_pid(app.pid)

    acc_app = wait_for(find_app, WAIT)
    if not ok(acc_app is not None, "the game is in the AT-SPI tree"):
        return
    board = wait_for(lambda: find(acc_app, lambda a: a.name == "Board"), WAIT)
    if not ok(board is not None, "the board is found by its name"):
        return
    # What a screen reader needs, whatever role name the toolkit maps the
    # board to (GTK 4.8 says panel, 4.18 grouping): a role it reads out,
    # and a place in the focus chain.
    ok(board.getRole() not in (pyatspi.ROLE_INVALID, pyatspi.ROLE_UNKNOWN, pyatspi.ROLE_FILLER,
                               pyatspi.ROLE_REDUNDANT_OBJECT),
       "the board has a role a screen reader reads out (%s)" % board.getRoleName())
    ok(board.getState().contains(pyatspi.STATE_FOCUSABLE), "the board can take the keyboard focus")

    # A new game against the computer: white, the human, is on turn, the
    # board has the keyboard focus.
    # board has the keyboard focus, and the cursor is described once it has.
    start = wait_for(lambda: description(board) if HOLE.search(description(board)) else "", WAIT)
    ok("white marble" in start, "the cursor starts on a white marble: %r" % start)
    ok(wait_for(lambda: board.getState().contains(pyatspi.STATE_FOCUSED), WAIT),
       "the board says it has the keyboard focus")

    # The first arrow key shows the cursor where it starts, on a marble
    # that can move: Enter then picks that marble (it used to move the
    # cursor off it first, unseen, to an empty hole).
    press("Right")
    press("Return")
    text = wait_for(lambda: description(board) if "selected" in description(board) else "", WAIT)
    ok("selected" in text and HOLE.search(text).group(0) == HOLE.search(start).group(0),
       "the first arrow key leaves the cursor on %s, Enter picks it: %r"
       % (HOLE.search(start).group(0), text))
    press("Escape")
    wait_for(lambda: "selected" not in description(board), WAIT)
    start = description(board)

    press("Up")
    first = wait_for(lambda: description(board) if description(board) != start else "", WAIT)
    ok("white marble" in first, "Up goes to another white marble: %r -> %r" % (start, first))
    # On the cursor's own column, Up goes to the neighbour up and to the
    # left (letters rise to the right, rows upwards), as the keyboard
    # help says: from k3, j4.
    here = HOLE.search(start).group(0)
    up_left = chr(ord(here[0]) - 1) + str(int(here[1:]) + 1)
    ok(HOLE.search(first) is not None and HOLE.search(first).group(0) == up_left,
       "Up from %s goes to its upper-left neighbour %s: %r" % (here, up_left, first))

    press("Right")
    second = wait_for(lambda: description(board) if description(board) != first else "", WAIT)
    ok(HOLE.search(second) is not None and second != first,
       "the description follows the cursor: %r -> %r" % (first, second))

    # Up the board to a white marble in the front row (whose moves are
    # steps), pick it, and step forward.
    picked = None
    for _ in range(6):
        before = description(board)
        press("Up")
        text = wait_for(lambda: description(board) if description(board) != before else "", WAIT)
        if "white marble" not in text:
            press("Down")
            wait_for(lambda: "white marble" in description(board), WAIT)
            break
    press("Return")
    text = wait_for(lambda: description(board) if "selected" in description(board) else "", WAIT)
    if ok("selected" in text, "Enter picks the marble: %r" % text):
        picked = HOLE.search(text).group(0)
    press("Up")
    target = wait_for(lambda: description(board) if "reachable" in description(board) else "", WAIT)
    ok(re.search(r"empty, reachable", target) is not None,
       "a hole the marble can reach says so: %r" % target)

    press("Return")
    played = wait_for(lambda: description(board) if "White played" in description(board) else "", WAIT)
    ok(picked is not None and played.startswith("White played " + (picked or "?") + "-"),
       "the human's move is announced: %r" % played)

    reply = wait_for(lambda: description(board) if "Black played" in description(board) else "", WAIT)
    ok(re.fullmatch(r"Black played [a-q]1?[0-9](-[a-q]1?[0-9])+", reply) is not None,
       "the computer's move is announced: %r" % reply)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: board-a11y.py STERNHALMA_EXECUTABLE", file=sys.stderr)
        sys.exit(2)
    sys.exit(main())
