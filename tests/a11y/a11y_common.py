# SPDX-License-Identifier: GPL-3.0-or-later
"""What the accessibility scripts in this folder share: TAP output, the
checks that skip a script where it cannot run, reading the tree, waiting
for a condition, real key presses and clicks on the board, and stopping
the processes a script started."""

import math
import os
import re
import shutil
import subprocess
import sys
import time

import pyatspi

# Patience for a machine busy with other tests.
WAIT = 20
# A hole's name, as the board's description says where its cursor is.
HOLE = re.compile(r"\b([a-q])(1?[0-9])\b")
# The star board's plate in hole spacings, and the room around it
# (stern-board-layout.h), without the coordinate labels: they are off in
# a fresh HOME.
PLATE_RADIUS = 7.70
FIT_MARGIN = 0.08


class Failed(Exception):
    """A condition that had to come did not come in time."""


class Tap:
    """Numbered TAP lines; failures counted for the exit status."""

    def __init__(self):
        self.run = 0
        self.failures = 0

    def ok(self, cond, what):
        self.run += 1
        print(("ok %d - %s" if cond else "not ok %d - %s") % (self.run, what), flush=True)
        if not cond:
            self.failures += 1
        return cond


def skip_all(why):
    """Skips the whole script: TAP's empty plan with the reason.  The
    status is 0, as meson's TAP protocol counts any other as an error."""
    print("1..0 # SKIP " + why, flush=True)
    sys.exit(0)


def require_desktop():
    """Skips the script without xdotool, an X display or a session bus."""
    if shutil.which("xdotool") is None:
        skip_all("xdotool not found")
    if not os.environ.get("DISPLAY"):
        skip_all("no X display (run under xvfb-run)")
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        skip_all("no session bus (run under dbus-run-session)")


def game_env(home, settings_backend):
    """The environment for a game of its own: its own HOME and XDG
    folders under home, the accessibility bridge on, the settings backend
    given, the cairo renderer and the C locale."""
    env = dict(os.environ)
    for var in ("GTK_A11Y", "NO_AT_BRIDGE"):
        env.pop(var, None)
    env.update({
        "HOME": home,
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "XDG_CACHE_HOME": os.path.join(home, "cache"),
        "GSETTINGS_BACKEND": settings_backend,
        "GSK_RENDERER": "cairo",
        "LANG": "C.UTF-8",
        "LANGUAGE": "",
    })
    return env


def role_name(node):
    """The node's role as pyatspi's table names it (ROLE_PUSH_BUTTON:
    "push button").  The library's own names change between versions
    (at-spi2-core 2.56 says "button" for a push button, its constant
    included); pyatspi's table does not.  A role the table lacks keeps the
    library's name."""
    try:
        name = str(pyatspi.Role(int(node.getRole())))
    except (KeyError, ValueError):
        name = ""
    if name.startswith("ROLE_") and name != "ROLE_LAST_DEFINED":
        return name[len("ROLE_"):].lower().replace("_", " ")
    return node.getRoleName()


def app_by_pid(pid):
    """The application on the accessibility bus that process pid runs, or None."""
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        a = desktop.getChildAtIndex(i)
        try:
            if a is not None and a.get_process_id() == pid:
                return a
        except Exception:
            continue
    return None


def find(node, pred, depth=0):
    """The first object under node (node included) that pred accepts; an
    object that goes away while it is read is passed over."""
    if node is None or depth > 60:
        return None
    try:
        if pred(node):
            return node
        n = node.childCount
    except Exception:
        return None
    for i in range(n):
        try:
            hit = find(node.getChildAtIndex(i), pred, depth + 1)
        except Exception:
            continue
        if hit is not None:
            return hit
    return None


def toplevel(node):
    """The window node is in: its own, or the one it is a dialog inside
    (libadwaita 1.5's AdwDialog is a sheet of the window it is shown
    over, not a window of its own)."""
    top = node
    while top is not None:
        parent = top.parent
        if parent is None or role_name(parent) == "application":
            return top
        top = parent
    return None


def title_of(node, default=None):
    """The title of the X window node is in (the accessible name of its
    window), or default."""
    top = toplevel(node) if node is not None else None
    return top.name if top is not None and top.name else default


def window_named(app, name):
    """The window named name, or the dialog named so inside a window
    (libadwaita 1.5 and later), or None."""
    return find(app, lambda n: role_name(n) in ("frame", "dialog") and n.name == name)


def act(node):
    """Clicks, activates or presses node through its Action interface."""
    if node is None:
        return False
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "activate", "press"):
            action.doAction(i)
            return True
    return False


def wait_for(fn, seconds=None, what=None):
    """fn ()'s value as soon as it is true, asked again for up to seconds
    (WAIT by default, which a script may raise); an object that goes away
    while fn reads it counts as false.  On timeout the last value, or
    Failed when what names the condition."""
    end = time.monotonic() + (WAIT if seconds is None else seconds)
    while True:
        try:
            value = fn()
        except Exception:
            value = None
        if value or time.monotonic() > end:
            break
        # The poll interval: AT-SPI and xdotool have no event to wait on
        # from here, and asking more often loads the accessibility bus.
        time.sleep(0.1)
    if not value and what:
        raise Failed("timed out waiting for " + what)
    return value


def answer_welcome(app, seconds=WAIT):
    """Answers the question a first start asks (the tutorial offered) with
    Not Now, as a person would; False when it was not asked in time."""
    def answered():
        button = find(app, lambda n: role_name(n) == "push button" and n.name == "Not Now")
        return button is not None and act(button)

    return bool(wait_for(answered, seconds))


def description(node):
    """The node's description asked afresh, not from a cache a missed
    event left stale."""
    try:
        node.clear_cache()
    except Exception:
        pass
    return node.description or ""


def x_window(title, pid=None, sync=False):
    """The newest visible X window titled title (of process pid if given),
    or None; with sync, waits for one to be shown.  Asked afresh each
    time: GTK may replace a window's X window while it starts."""
    args = ["xdotool", "search"] + (["--sync"] if sync else []) + ["--onlyvisible"]
    if pid is not None:
        args += ["--pid", str(pid)]
    out = subprocess.run(args + ["--name", "^%s$" % title],
                         capture_output=True, text=True, timeout=60).stdout.split()
    return out[-1] if out else None


def key(title, *keys, pid=None):
    """Real key events (XTEST) to the window titled title, focused first:
    events sent to a window directly are easily lost.  The X server keeps
    their order; the caller waits for what they change."""
    def focused():
        window_id = x_window(title, pid)
        return window_id is not None and subprocess.run(
            ["xdotool", "windowfocus", "--sync", window_id],
            stderr=subprocess.DEVNULL, timeout=10).returncode == 0

    wait_for(focused, 5)
    for k in keys:
        subprocess.run(["xdotool", "key", k], check=True, timeout=10)


def cursor_hole(board):
    """The hole the board's description names first: its keyboard
    cursor's."""
    m = HOLE.search(description(board))
    return m.group(0) if m else None


def go_to(title, board, target):
    """Moves the board's keyboard cursor to the hole target with the arrow
    keys, reading where it is from the board's description after each."""
    letter, row = target[0], int(target[1:])
    for _ in range(60):
        here = cursor_hole(board)
        if here == target:
            return True
        if here is None:
            k = "Right"
        elif int(here[1:]) != row:
            k = "Up" if int(here[1:]) < row else "Down"
        else:
            k = "Right" if here[0] < letter else "Left"
        key(title, k)
        # A key at the board's edge moves nothing: then the next one is
        # chosen from the same hole.
        wait_for(lambda: cursor_hole(board) != here, 3)
    return False


def _labelled_by(node):
    """The text of the objects a node is labelled by, as a screen reader
    reads it when the node has no name of its own: GTK 4.14's menu items
    point at their label this way and leave the name empty."""
    try:
        for relation in node.getRelationSet():
            if relation.getRelationType() != pyatspi.RELATION_LABELLED_BY:
                continue
            for i in range(relation.getNTargets()):
                target = relation.getTarget(i)
                if target is None:
                    continue
                if target.name:
                    return target.name
                text = target.queryText()
                label = text.getText(0, text.characterCount)
                if label:
                    return label
    except Exception:
        pass
    return ""


def item_name(node):
    """A menu item's name: its own, the label it is labelled by, or the
    name of a label inside it."""
    if node.name:
        return node.name
    label = _labelled_by(node)
    if label:
        return label
    try:
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            if child is not None and role_name(child) == "label" and child.name:
                return child.name
            name = item_name(child) if child is not None else ""
            if name:
                return name
    except Exception:
        pass
    return ""


def board_extents(board):
    """The board's (x, y, width, height) in its window once it is laid
    out and steady: a size read the same twice in a row.  A click aimed
    from extents read while the window still lays itself out lands
    elsewhere."""
    last = []

    def steady():
        e = board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        now = (e.x, e.y, e.width, e.height)
        same = last == [now] and e.width > 0 and e.height > 0
        last[:] = [now]
        return now if same else None

    return wait_for(steady, what="the board laid out and steady")


def hole_point(board, name, bottom_seat=0):
    """A hole's centre in the board's window (doc/rules.md §1 names the
    holes; i9 is the middle), the board turned by −60° per seat as
    stern-board-layout.c turns it, so that bottom_seat's ray points
    down."""
    x, y, width, height = board_extents(board)
    unit = min(width, height) / (2 * (PLATE_RADIUS + FIT_MARGIN))
    u, v = ord(name[0]) - ord("i"), int(name[1:]) - 9
    bx, by = u + v / 2, -v * math.sqrt(3) / 2
    angle = -bottom_seat * math.pi / 3
    c, s = round(math.cos(angle), 12), round(math.sin(angle), 12)
    return (round(x + width / 2 + unit * (bx * c - by * s)),
            round(y + height / 2 + unit * (bx * s + by * c)))


def frame_origin(node):
    """Where the X window's corner is in the window coordinates AT-SPI
    gives node's: GTK 4.8 counts from the corner, GTK 4.18 from inside the
    window's client-side shadow, so that the window itself reads (-5, -5).
    A dialog inside a window (libadwaita 1.5) has that window's
    coordinates."""
    frame = toplevel(node)
    if frame is None:
        return 0, 0
    e = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return min(e.x, 0), min(e.y, 0)


def click(title, board, name, bottom_seat=0):
    """A real click (XTEST) at the centre of hole name on the board of the
    window titled title, or of the window a dialog so titled is inside."""
    title = title_of(board, title)
    x, y = hole_point(board, name, bottom_seat)
    ox, oy = frame_origin(board)
    x, y = x - ox, y - oy
    window_id = wait_for(lambda: x_window(title), what="the window " + title)
    # The pointer cannot leave the screen: a hole beyond its edge is
    # never clicked, whatever xdotool says (fit_screen first).
    wx, wy, _, _ = window_geometry(window_id)
    sw, sh = screen_size()
    if not (0 <= wx + x < sw and 0 <= wy + y < sh):
        raise Failed("%s at %d,%d is off the %dx%d screen" % (name, wx + x, wy + y, sw, sh))
    subprocess.run(["xdotool", "mousemove", "--window", window_id, str(x), str(y),
                    "click", "1"], check=True, timeout=10)


def pick(title, board, name, bottom_seat=0):
    """Clicks the marble on name until the board says it is selected: a
    click while a marble still moves is not taken."""
    for _ in range(5):
        click(title, board, name, bottom_seat)
        if wait_for(lambda: description(board).startswith(name + ",") and
                    "selected" in description(board), 3):
            return True
    return False


def click_move(title, board, source, target, bottom_seat=0):
    """Plays source-target with two clicks on the board: the marble, then
    the hole it goes to.  False when the marble was not picked."""
    if not pick(title, board, source, bottom_seat):
        return False
    click(title, board, target, bottom_seat)
    return True


def resize(title, frame, width, height):
    """Resizes the window titled title, whose accessible is frame (for a
    dialog inside a window, that window); returns once GTK has laid it
    out at the new width."""
    title, frame = title_of(frame, title), toplevel(frame) or frame
    window_id = x_window(title)
    if window_id:
        subprocess.run(["xdotool", "windowsize", window_id, str(width), str(height)], timeout=10)
        wait_for(lambda: frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width == width,
                 10)


def screen_size():
    """The X screen's width and height."""
    out = subprocess.run(["xdotool", "getdisplaygeometry"], capture_output=True, text=True,
                         check=True, timeout=10).stdout.split()
    return int(out[0]), int(out[1])


def window_geometry(window_id):
    """An X window's x, y on the screen, width and height."""
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window_id],
                         capture_output=True, text=True, check=True, timeout=10).stdout.split()
    g = dict(line.split("=", 1) for line in out)
    return int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])


def fit_screen(title, frame):
    """Shrinks the window titled title, whose accessible is frame, to what
    is left of the screen when it reaches beyond it: the pointer only
    reaches what is on the screen (xvfb-run's is 1280×1024 here, but
    may be 640×480).  For a dialog inside a window, that window."""
    title, frame = title_of(frame, title), toplevel(frame) or frame
    window_id = wait_for(lambda: x_window(title), what="the window " + title)
    x, y, width, height = window_geometry(window_id)
    sw, sh = screen_size()
    if x + width > sw or y + height > sh:
        resize(title, frame, min(width, sw - x), min(height, sh - y))


def label_starting(window, text):
    """The first label in window whose text starts with text, or None."""
    return find(window, lambda n: role_name(n) == "label" and (n.name or "").startswith(text))


def stop(proc):
    """Ends a process the script started, if it still runs: asked to
    terminate, then killed after 10 s."""
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
