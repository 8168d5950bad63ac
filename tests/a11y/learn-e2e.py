#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Learn, the tutorial and the position editor in real processes.

Starts the game twice with one fresh HOME (the keyfile settings backend,
so the second process reads what the first wrote), as a new player would:
the first start asks whether to start the tutorial (answered Not Now) and
the second does not;
Learn, opened from the main menu, takes a lesson answered with the
keyboard on its board and keeps it as done, then a strategy lesson from
its group answered with real mouse clicks (xdotool) at the holes'
centres: wrong first (the engine's verdict and reason shown), then
after Try Again right, which the settings keep and the list shows as two
stars of three; the position editor, opened
from the main menu, gets marbles taken away and placed with the keyboard,
says the result is a position, and Play Against Computer puts it on the
game's board.  With STERN_SCREENSHOT_DIR set, a PNG of each stage is kept
there (wide and 360 px narrow).

usage: learn-e2e.py STERNHALMA_EXECUTABLE
TAP on stdout; skips (TAP's empty plan, status 0) without pyatspi, xdotool or a display.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi

from a11y_common import (HOLE, WAIT, Tap, act, answer_welcome, app_by_pid, click_move,
                          description, find, fit_screen, frame_origin, game_env, go_to, item_name,
                          key, label_starting, require_desktop, resize, role_name, stop, title_of,
                          wait_for, window_named, x_window)

tap = Tap()
ok = tap.ok
require_desktop()

SHOTS = os.environ.get("STERN_SCREENSHOT_DIR")


def shot(name):
    if SHOTS:
        subprocess.run(["import", "-window", "root", os.path.join(SHOTS, name)],
                       stderr=subprocess.DEVNULL, timeout=30)


def settings_kept(home):
    """What the keyfile settings backend keeps under home."""
    try:
        with open(os.path.join(home, "config", "glib-2.0", "settings", "keyfile"),
                  encoding="utf-8") as f:
            return f.read()
    except OSError:
        return ""


def question_shown(app, frame):
    """Whether the first start's question is still shown: a window of its
    own (libadwaita before 1.5) or a dialog inside the game's.  Its own
    window is not read inside: GTK 4.8 logs a critical (fatal here) when
    an object of a window it is destroying is read through AT-SPI."""
    for i in range(app.childCount):
        top = app.getChildAtIndex(i)
        if top is not None and top.name != "Sternhalma":
            return True
    return find(frame, lambda n: (n.name or "").startswith("New to Sternhalma")) is not None


def focused(window):
    """What has the keyboard focus in window: its role and name."""
    node = find(window, lambda n: n.getState().contains(pyatspi.STATE_FOCUSED))
    return (role_name(node), node.name) if node is not None else None


def menu_item(app, frame, label):
    menu = find(frame, lambda n: role_name(n) in ("toggle button", "push button") and
                n.name == "Main Menu" and n.queryAction().nActions > 0)
    if not act(menu):
        return False
    item = wait_for(lambda: find(app, lambda n: role_name(n) == "menu item" and
                                 item_name(n) == label))
    return act(item)


def frame_named(app, name):
    """The window named name, or the dialog so named inside the game's
    window (Learn from libadwaita 1.5 on)."""
    return wait_for(lambda: window_named(app, name))


def start(app_path, env):
    proc = subprocess.Popen([app_path], env=env, stdout=subprocess.DEVNULL)
    # The X window first: the accessibility bus may take a while to see it.
    subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(proc.pid),
                    "--name", "Sternhalma"], capture_output=True, timeout=60)

    def find_app():
        return app_by_pid(proc.pid)

    return proc, wait_for(find_app, 3 * WAIT)


def quit_game(proc):
    """Quits the game as a player does, which writes what it keeps; one
    that does not quit is stopped."""
    if proc.poll() is None:
        key("Sternhalma", "ctrl+q")
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            stop(proc)


def answer(learn, board, start, end, mark):
    """Plays start-end on the lesson's board with two clicks and waits for
    the verdict that begins with mark (✓ or ✗)."""
    picked = click_move("Learn", board, start, end)
    said = wait_for(lambda: label_starting(learn, mark))
    return picked, (said.name if said else None)


def scroll_list_down(learn):
    # For the screenshots: the wheel over the list brings the Strategy and
    # Square Boards groups into view.
    window_id = wait_for(lambda: x_window(title_of(learn, "Learn")), 5) if SHOTS else None
    if window_id:
        e = learn.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        ox, oy = frame_origin(learn)
        subprocess.run(["xdotool", "mousemove", "--window", window_id,
                        str(e.x - ox + e.width // 2), str(e.y - oy + e.height // 2),
                        "click", "--repeat", "8", "5"],
                       stderr=subprocess.DEVNULL, timeout=10)
        # Only the screenshot waits on this: the scroll's animation sends
        # no event when it ends, and no check depends on it.
        time.sleep(0.5)


def strategy_lesson(learn, home):
    back = find(learn, lambda n: role_name(n) == "push button" and n.name == "All Lessons")
    ok(act(back), "All Lessons goes back to the list")
    # The list is made anew when it is shown: its rows once the back
    # button is hidden.
    wait_for(lambda: find(learn, lambda n: role_name(n) == "push button" and
                          n.name == "All Lessons" and
                          n.getState().contains(pyatspi.STATE_SHOWING)) is None)
    ok(wait_for(lambda: find(learn, lambda n: role_name(n) in ("list", "list box") and
                             n.name == "Strategy")),
       "the list has a Strategy group")
    scroll_list_down(learn)
    shot("learn-e2e-groups.png")
    lesson = wait_for(lambda: find(learn, lambda n: role_name(n) == "push button" and
                                   n.name == "Strategy: climb the ladder"))
    if not ok(act(lesson), "the strategy lesson \"Climb the ladder\" opens"):
        return
    # Its task shown: the lesson's own board, not the last one's.
    ok(wait_for(lambda: label_starting(learn, "Your marbles on k5, k7 and k9")),
       "its task is shown")
    board = wait_for(lambda: find(learn, lambda n: n.name == "Board" and HOLE.search(description(n))))
    if not ok(board is not None, "its board is shown"):
        return
    fit_screen("Learn", learn)
    picked, said = answer(learn, board, "k4", "k6", "✗")
    ok(picked and said and "moves against the best move" in said,
       "k4-k6 clicked, one jump of three, is judged wrong by the engine: picked %s, %r" %
       (picked, said))
    ok(said and said.endswith("The engine's reason: missed a jump of 3 hops."),
       "and the engine's reason is shown")
    ok(description(board) == "White played k4-k6",
       "the board says the move clicked: %r" % description(board))
    shot("learn-e2e-strategy-wrong.png")
    retry = find(learn, lambda n: role_name(n) == "push button" and n.name == "Try Again")
    ok(act(retry), "Try Again")
    # Try Again puts the lesson's position back and clears the verdict;
    # clicks before that would be undone by it.
    ok(wait_for(lambda: label_starting(learn, "✗") is None), "the verdict goes")
    picked, said = answer(learn, board, "k4", "k10", "✓")
    ok(picked and said == "✓ Right: as good as the best move.",
       "k4-k10 clicked, up the whole ladder, is judged right: picked %s, %r" % (picked, said))
    ok(description(board) == "White played k4-k6-k8-k10",
       "the board says the move clicked: %r" % description(board))
    # Two stars: right after a wrong try.
    ok(wait_for(lambda: re.search(r"^lesson-stars=.*'climb-ladder': 2\b", settings_kept(home),
                                  re.M)),
       "the settings keep two stars for it: %r" %
       re.findall(r"^lesson-stars=.*", settings_kept(home), re.M))
    shot("learn-e2e-strategy-right.png")
    back = find(learn, lambda n: role_name(n) == "push button" and n.name == "All Lessons")
    act(back)
    ok(wait_for(lambda: find(learn, lambda n: role_name(n) == "push button" and
                             n.name == "Strategy: climb the ladder, 2 of 3 stars")),
       "the list shows it with two stars of three")
    scroll_list_down(learn)
    shot("learn-e2e-stars.png")


def first_start(app, frame, home):
    question = wait_for(lambda: find(app, lambda n: (n.name or "").startswith("New to Sternhalma")), 10)
    ok(question is not None, "the first start asks whether to start the tutorial")
    shot("learn-e2e-first-start.png")
    ok(answer_welcome(app), "Not Now answers it")
    ok(wait_for(lambda: not question_shown(app, frame)), "and the question goes")
    # The game's window has the keyboard again before its menu is used.
    ok(wait_for(lambda: find(frame, lambda n: n.name == "Board" and
                             n.getState().contains(pyatspi.STATE_FOCUSED))),
       "the board has the keyboard focus again")

    # Learn from the main menu, one lesson answered on its board.
    ok(menu_item(app, frame, "Learn"), "Learn is in the main menu")
    learn = frame_named(app, "Learn")
    if not ok(learn is not None, "the Learn window opens"):
        return
    shot("learn-e2e-list.png")
    lesson = wait_for(lambda: find(learn, lambda n: role_name(n) == "push button" and
                                   n.name == "A jump"))
    if not ok(act(lesson), "the lesson \"A jump\" is listed and opens"):
        return
    board = wait_for(lambda: find(learn, lambda n: n.name == "Board" and HOLE.search(description(n))))
    if not ok(board is not None, "the lesson's board has the keyboard focus"):
        return
    # The window Learn is in: its own, or the game's (libadwaita 1.5).
    title = title_of(learn, "Learn")
    moved = go_to(title, board, "i9")
    key(title, "Return")
    moved = moved and go_to(title, board, "i11")
    key(title, "Return")
    ok(moved, "the keyboard cursor went to i9 and to i11")
    result = wait_for(lambda: find(learn, lambda n: role_name(n) == "label" and
                                   (n.name or "").startswith("✓")))
    ok(result is not None, "the jump i9-i11 is judged right: %r" % (result.name if result else None))
    shot("learn-e2e-lesson.png")
    strategy_lesson(learn, home)
    if SHOTS:
        resize("Learn", learn, 360, 740)
        shot("learn-e2e-lesson-narrow.png")
    key(title, "Escape")
    ok(wait_for(lambda: window_named(app, "Learn") is None, 10), "Escape closes the Learn window")

    # The position editor from the main menu: three marbles moved.
    ok(menu_item(app, frame, "Set Up Position"), "Set Up Position is in the main menu")
    # A window of its own before libadwaita 1.5, a dialog inside the
    # game's window from 1.5 on: keys go to the X window it is in.
    editor = wait_for(lambda: find(app, lambda n: role_name(n) in ("frame", "dialog") and
                                   n.name == "Set Up Position", 3))
    if not ok(editor is not None, "the position editor opens"):
        return
    own_window = role_name(editor) == "frame"
    etitle = "Set Up Position" if own_window else "Sternhalma"
    eboard = find(editor, lambda n: n.name == "Board")
    # Tab until the board has the keyboard, each press waited for by the
    # focus leaving the control it was on.
    for _ in range(15):
        if eboard.getState().contains(pyatspi.STATE_FOCUSED):
            break
        before = focused(editor)
        key(etitle, "Tab")
        wait_for(lambda: focused(editor) != before, 3)
    wait_for(lambda: HOLE.search(description(eboard)))
    done = []
    for hole in ("m1", "l2", "m2", "i9", "j9", "h10"):
        if go_to(etitle, eboard, hole):
            key(etitle, "Return")
            done.append(hole)
    ok(len(done) == 6, "three marbles taken away and three placed with the keyboard: %s" % done)
    status = wait_for(lambda: find(editor, lambda n: role_name(n) == "label" and
                                   (n.name or "").startswith("A position")))
    ok(status is not None, "the editor says it is a position")
    shot("learn-e2e-editor.png")
    if SHOTS:
        resize(etitle, editor if own_window else frame, 360, 800)
        shot("learn-e2e-editor-narrow.png")
    play = find(editor, lambda n: role_name(n) == "push button" and n.name == "Play Against Computer")
    ok(act(play), "Play Against Computer")

    def editor_closed():
        if own_window:
            return x_window("Set Up Position") is None
        return find(frame, lambda n: role_name(n) == "dialog" and
                    n.name == "Set Up Position") is None

    ok(wait_for(editor_closed, 10), "the editor closes")
    main_board = find(frame, lambda n: n.name == "Board")
    key("Sternhalma", "Escape")
    # A dialog that closes (libadwaita 1.5 on) gives the focus back to the
    # menu button it was opened from: Tab to the board.
    for _ in range(15):
        if main_board.getState().contains(pyatspi.STATE_FOCUSED):
            break
        before = focused(frame)
        key("Sternhalma", "Tab")
        wait_for(lambda: focused(frame) != before, 3)
    ok(go_to("Sternhalma", main_board, "i9") and "white marble" in description(main_board),
       "the game's board has the set-up white marble on i9: %r" % description(main_board))
    ok(go_to("Sternhalma", main_board, "m1") and "marble" not in description(main_board),
       "and m1, emptied in the editor, is empty: %r" % description(main_board))
    shot("learn-e2e-played.png")


def main():
    app_path = sys.argv[1]
    home = tempfile.mkdtemp(prefix="sternhalma-learn-")
    # Kept in a file under HOME: the second process reads the first's.
    env = game_env(home, "keyfile")
    try:
        proc, app = start(app_path, env)
        try:
            frame = frame_named(app, "Sternhalma") if app is not None else None
            if ok(frame is not None, "the game's window is in the AT-SPI tree"):
                first_start(app, frame, home)
        finally:
            quit_game(proc)
        ok("'jump'" in settings_kept(home), "the lesson is kept as done in the settings file")

        proc, app = start(app_path, env)
        try:
            frame = frame_named(app, "Sternhalma") if app is not None else None
            if ok(frame is not None, "the game starts again"):
                # The question would be asked as the window is shown, and
                # would hold the keyboard: the board has it once the
                # window is ready.
                ok(wait_for(lambda: find(frame, lambda n: n.name == "Board" and
                                         n.getState().contains(pyatspi.STATE_FOCUSED))),
                   "the board has the keyboard focus")
                ok(find(app, lambda n: (n.name or "").startswith("New to Sternhalma")) is None,
                   "the second start does not offer the tutorial again")
        finally:
            quit_game(proc)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    print("1..%d" % tap.run, flush=True)
    return 1 if tap.failures else 0


if __name__ == "__main__":
    sys.exit(main())
