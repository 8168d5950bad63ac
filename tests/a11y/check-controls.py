#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The game window's controls as a screen reader reads them (AT-SPI).

Starts the game (the program given as the first argument) on a short
saved game (so that the move list has moves) with the accessibility bridge
on, reads its accessible tree through AT-SPI, and fails on any object
whose name is
  - a class of ours (SternMoveList, ...), or a GTK or libadwaita class
    (GtkImage, GtkLabel, ...) for anything but a libadwaita or GTK filler
    (AdwGizmo, GtkRange: the libraries' own insides, not controls),
  - empty, for a button, toggle button, menu button or list item,
  - with a mnemonic underscore ("_New Game"),
  - doubled ("New Game New Game").
Needs a display, a session bus and python3-pyatspi:
  xvfb-run -a dbus-run-session -- check-controls.py build/src/sternhalma
TAP on stdout, one check; skips (TAP's empty plan, status 0) without
pyatspi or a display.
"""
import os
import re
import subprocess
import sys
import tempfile

from a11y_common import act, find, item_name, role_name, stop, wait_for

try:
    import gi
    gi.require_version("Atspi", "2.0")
    import pyatspi
except (ImportError, ValueError):
    # pyatspi comes with the system's Python (Debian's python3-pyatspi),
    # which a python3 earlier on PATH (pyenv, a venv) does not see.
    system = "/usr/bin/python3"
    if os.path.exists(system) and os.path.realpath(sys.executable) != os.path.realpath(system) \
            and not os.environ.get("STERN_A11Y_REEXEC"):
        os.environ["STERN_A11Y_REEXEC"] = "1"
        os.execv(system, [system] + sys.argv)
    print("1..0 # SKIP python3-pyatspi is not installed", flush=True)
    sys.exit(0)

APP_NAME = "sternhalma"
CLASS_NAME = re.compile(r"^(Gtk|Adw|Stern)[A-Z][A-Za-z]*$")
# Controls a person acts on: each must say what it does.
NAMED_ROLES = {
    "push button", "toggle button", "check box", "radio button", "menu item",
    "combo box", "spin button", "slider", "switch", "link", "page tab",
}
# Anything shown may not be named after its class or carry a mnemonic.
MAX_NODES = 5000


def skip(why):
    # Status 0: meson's TAP protocol counts any other as an error.
    print("1..0 # SKIP " + why, flush=True)
    sys.exit(0)


def fail(msg):
    print("check-controls: " + msg, file=sys.stderr)
    print("1..1\nnot ok 1 - " + msg.splitlines()[0], flush=True)
    sys.exit(1)


def find_app(timeout):
    desktop = pyatspi.Registry.getDesktop(0)

    def app_with_window():
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            # Its window there too.
            if app is not None and app.name == APP_NAME and app.childCount > 0:
                return app
        return None

    return wait_for(app_with_window, timeout)


def walk(node, path, out, depth=0):
    if node is None or len(out) > MAX_NODES or depth > 60:
        return
    try:
        role = role_name(node)
        name = node.name or ""
        states = node.getState()
        showing = states.contains(pyatspi.STATE_SHOWING)
        n = node.childCount
    except Exception:  # a node that went away while we read
        return
    out.append((path, role, name, showing))
    for i in range(n):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        walk(child, path + "/" + role, out, depth + 1)


# The windows a person opens from the main window, each read as the main
# window is: (how to open it, the title of the window it opens).  The About
# and Keyboard Shortcuts windows are made whole by libadwaita and GTK: they
# must open, but what is inside them is the libraries'.
DIALOGS = [
    ("button", "New Game", "New Game"),
    ("menu", "Play Online…", "Play Online"),
    ("menu", "Statistics", "Statistics"),
    ("menu", "Preferences", "Preferences"),
    ("menu", "Rules", "Rules"),
    ("menu", "Learn", "Learn"),
    ("menu", "Set Up Position", "Set Up Position"),
    ("menu", "Keyboard Shortcuts", "Shortcuts"),
    ("menu", "About Sternhalma", None),
    ("menu", "Resign…", None),
]


def toplevels(app):
    out = []
    for i in range(app.childCount):
        try:
            f = app.getChildAtIndex(i)
            if f is not None and f.childCount > 0 and \
                    f.getState().contains(pyatspi.STATE_VISIBLE):
                out.append(f)
        except Exception:
            continue
    return out


DIALOG_ROLES = ("dialog", "alert", "file chooser")


def inner_dialogs(window):
    """Dialogs shown inside the main window: libadwaita 1.5's AdwDialog
    opens as a sheet of the window rather than as a window of its own."""
    out = []

    def visit(node, depth):
        if node is None or depth > 40:
            return
        try:
            if depth > 0 and role_name(node) in DIALOG_ROLES and \
                    node.getState().contains(pyatspi.STATE_VISIBLE):
                out.append(node)
                return
            n = node.childCount
        except Exception:
            return
        for i in range(n):
            try:
                visit(node.getChildAtIndex(i), depth + 1)
            except Exception:
                continue

    visit(window, 0)
    return out


def opened_since(app, window, before_names, title):
    """The window or in-window dialog whose title was not there before."""
    new = None
    for f in toplevels(app) + inner_dialogs(window):
        if f.name not in before_names and (title is None or title in (f.name or "")) and \
                (new is None or f.childCount >= new.childCount):
            new = f
    return new


def still_open(app, window, name):
    return any(f.name == name for f in toplevels(app) + inner_dialogs(window))


def settled(node):
    """Waits until two readings of the tree under node are alike."""
    last = []

    def alike():
        nodes = []
        walk(node, "", nodes)
        same = bool(last) and nodes == last[-1]
        last.append(nodes)
        return same

    wait_for(alike, 10)


def menu_open(window):
    """Whether the main menu's button says its menu is open."""
    menu = find(window, lambda n: role_name(n) in ("toggle button", "push button") and
                n.name == "Main Menu")
    state = menu.getState() if menu is not None else None
    return state is not None and (state.contains(pyatspi.STATE_CHECKED) or
                                  state.contains(pyatspi.STATE_PRESSED) or
                                  state.contains(pyatspi.STATE_EXPANDED))


def press(key):
    subprocess.run(["xdotool", "key", key], timeout=10, stderr=subprocess.DEVNULL)


def open_dialogs(app, nodes):
    """Opens each dialog of DIALOGS, reads it into nodes, closes it with
    Escape (as a keyboard user does).  Returns (title, opened) pairs."""
    import shutil
    if shutil.which("xdotool") is None:
        print("check-controls: xdotool not found: the dialogs are not read", file=sys.stderr)
        return []
    results = []
    window = find(app, lambda n: role_name(n) == "frame" and n.name == "Sternhalma")
    for how, name, title in DIALOGS:
        before_names = [f.name for f in toplevels(app) + inner_dialogs(window)]
        if how == "button":
            target = find(window, lambda n: role_name(n) == "push button" and n.name == name)
        else:
            menu = find(window, lambda n: role_name(n) == "toggle button" and
                        n.name == "Main Menu" and n.queryAction().nActions > 0) or \
                   find(window, lambda n: role_name(n) == "push button" and
                        n.name == "Main Menu" and n.queryAction().nActions > 0)
            if menu is None or not act(menu):
                results.append((name, False))
                continue
            target = wait_for(lambda: find(app, lambda n: role_name(n) == "menu item" and
                                           item_name(n) == name), 10)
        if target is None or not act(target):
            print("check-controls: %s: %s" % (name, "not found" if target is None else "cannot act"),
                  file=sys.stderr)
            results.append((name, False))
            continue
        # The new window: one whose title was not there before.
        new = wait_for(lambda: opened_since(app, window, before_names, title), 15)
        results.append((name, new is not None))
        if new is None:
            print("check-controls: %s did not open; open now: %r" % (
                name, [(role_name(f), f.name) for f in toplevels(app) + inner_dialogs(window)]),
                file=sys.stderr)
            continue
        new_name = new.name or name
        count = len(nodes)
        # Read once the dialog has filled in: two readings alike.
        settled(new)
        walk(new, "/" + new_name, nodes)
        if how == "menu" and name in ("About Sternhalma", "Keyboard Shortcuts"):
            # Read, but the libraries' insides are not judged.
            del nodes[count:]
        print("check-controls: %s: %d objects read" % (new_name, len(nodes) - count), file=sys.stderr)
        # Closed as a keyboard user closes it; a second Escape closes the
        # menu's popover, which AT-SPI's activation leaves open.
        for _ in range(3):
            press("Escape")
            if wait_for(lambda: not still_open(app, window, new_name), 3):
                break
        if how == "menu":
            press("Escape")
            wait_for(lambda: not menu_open(window), 3)
    return results


def doubled(name):
    words = name.split()
    half = len(words) // 2
    return len(words) >= 2 and len(words) % 2 == 0 and words[:half] == words[half:]


def main():
    if len(sys.argv) < 2:
        fail("usage: check-controls.py PROGRAM")
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        skip("no display")
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        skip("no session bus (run under dbus-run-session)")

    env = dict(os.environ)
    env.pop("GTK_A11Y", None)
    env.pop("NO_AT_BRIDGE", None)
    tmp = tempfile.TemporaryDirectory(prefix="stern-a11y-")
    data_home = tmp.name
    env["XDG_DATA_HOME"] = data_home
    record = os.path.join(data_home, "short.sgr")
    with open(record, "w", encoding="utf-8") as f:
        f.write('[Variant "classic-2"]\n\n1. l4-l5 e14-e13\n')
    log = open(os.path.join(data_home, "app.log"), "w")
    proc = subprocess.Popen([sys.argv[1], record], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        app = find_app(30)
        if app is None:
            log.flush()
            with open(os.path.join(data_home, "app.log"), encoding="utf-8", errors="replace") as f:
                sys.stderr.write(f.read())
            fail("the game did not appear on the accessibility bus within 30 s")
        # Read once the record's moves are listed, the last thing the
        # window fills in.
        wait_for(lambda: find(app, lambda n: role_name(n) == "push button" and
                              n.name == "Black, round 1: e14-e13"), 20)
        settled(app)
        nodes = []
        walk(app, "", nodes)
        opened = open_dialogs(app, nodes)
    finally:
        stop(proc)
        log.close()
        tmp.cleanup()

    errors = []
    counted = 0
    # GTK 4.8 sets SHOWING on the window only: every object is read.
    for path, role, name, showing in nodes:
        counted += 1
        print("%-16s %r" % (role, name), file=sys.stderr)
        where = "%s %r (in %s)" % (role, name, path or "the application")
        if CLASS_NAME.match(name) and not (role == "filler" and not name.startswith("Stern")):
            errors.append("named after its class: " + where)
        if "_" in name and re.search(r"(^|\s)_\w", name):
            errors.append("mnemonic underscore in the name: " + where)
        if doubled(name):
            errors.append("name said twice: " + where)
        if role in NAMED_ROLES and not name.strip():
            errors.append("a control without a name: " + where)
    # Controls the window must have, by the name a screen reader says.
    wanted = ["New Game", "Undo Move", "Redo Move", "Main Menu", "Players and Moves",
              "First Position", "Last Position", "Players"]
    names = {name for _, _, name, _ in nodes}
    for w in wanted:
        if w not in names:
            errors.append("no control named %r" % w)
    # The moves of the record, each with who played it and when.
    for move in ("White, round 1: l4-l5", "Black, round 1: e14-e13"):
        if not any(role == "push button" and name == move for _, role, name, _ in nodes):
            errors.append("no move button named %r" % move)
    if counted < 20:
        errors.append("only %d accessible objects shown: the tree was not read" % counted)
    for title, found in opened:
        if not found:
            errors.append("the dialog %r did not open" % title)
    if errors:
        fail("\n  ".join(["%d problems:" % len(errors)] + errors))
    print("1..1\nok 1 - %d objects read, every control named" % counted, flush=True)


main()
