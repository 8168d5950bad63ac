#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Online play between real processes, driven as a player would.

Starts the real sternhalma-server on a loopback port and three real game
processes, each with its own HOME, XDG folders and session bus (so they
are three separate applications, as on three computers), all on one X
display and one accessibility bus.  Everything is done through what a
screen reader sees (AT-SPI) and real key presses (xdotool):

  A opens Play Online, creates a room; B joins by the code; C watches by
  the invitation link, whose server C's Play Online then keeps.  Against
  a person, Show a Hint is off.  Going to another room while seated in a
  game in play asks first (Create Room, Join, Quick Play, a listed room).
  A moves first, B and C see it; B replies, A and C see it.
  A quits; B is told A left; A starts again, rejoins with its saved seat
  and the game goes on.  Then the same on a square board (Halma).

Every wait is for a condition (the accessible tree, the server's room
file) with a deadline; the test stops only the processes it started.

usage: online-e2e.py STERNHALMA STERNHALMA_SERVER [SHOT_DIR]
TAP on stdout; skips (TAP's empty plan, status 0) without pyatspi, xdotool or a display.
"""

import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile

import a11y_common
from a11y_common import Failed, find, item_name, role_name, stop, wait_for

tests_run = 0
failures = 0


def ok(cond, what):
    global tests_run, failures
    tests_run += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (tests_run, what), flush=True)
    if not cond:
        failures += 1
    return cond


def log(*args):
    print("#", *args, file=sys.stderr, flush=True)


def skip_all(why):
    # Status 0: meson's TAP protocol counts any other as an error.
    print("1..0 # SKIP " + why, flush=True)
    sys.exit(0)


try:
    import gi
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi, Gio, GLib
    import pyatspi
except (ImportError, ValueError):
    skip_all("pyatspi not found (package python3-pyatspi)")
for tool in ("xdotool", "xprop", "dbus-daemon"):
    if shutil.which(tool) is None:
        skip_all(tool + " not found")
if not os.environ.get("DISPLAY"):
    skip_all("no X display (run under xvfb-run)")
if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
    skip_all("no session bus (run under dbus-run-session)")

# Patience for a machine busy with other tests.
WAIT = 30
a11y_common.WAIT = WAIT
CODE = re.compile(r"^[A-HJ-NP-Z2-9]{6}$")


def die_with_parent():
    """In the child: SIGTERM when the test dies, however it dies (a crash
    of libatspi in the driver must not leave servers and buses behind)."""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    PR_SET_PDEATHSIG = 1
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def a11y_bus_address():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = bus.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                          None, GLib.VariantType.new("(s)"), Gio.DBusCallFlags.NONE,
                          10000, None)
    return reply.unpack()[0]


# ---------------------------------------------------------------------------
# The accessible tree

def children(node):
    try:
        n = node.childCount
    except Exception:
        return []
    out = []
    for i in range(n):
        try:
            out.append(node.getChildAtIndex(i))
        except Exception:
            pass
    return out


def find_all(node, pred, out=None, depth=0):
    if out is None:
        out = []
    if node is None or depth > 60:
        return out
    try:
        if pred(node):
            out.append(node)
    except Exception:
        return out
    for child in children(node):
        find_all(child, pred, out, depth + 1)
    return out



def role(node):
    return role_name(node)


def fresh(node, attr):
    # The games' objects are not cached (Player.start): read afresh.
    return getattr(node, attr) or ""


def fresh_state(node):
    return node.getState()


def do_action(node, names=("click", "activate", "press", "toggle")):
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in names:
            action.doAction(i)
            return
    raise Failed("%s %r has no action" % (role(node), node.name))


def texts(node):
    """Every name and description under node, as one string."""
    parts = []
    for n in find_all(node, lambda n: True):
        try:
            parts.append(n.name or "")
            parts.append(n.description or "")
        except Exception:  # gone while we read
            pass
    return "\n".join(p for p in parts if p)


# ---------------------------------------------------------------------------
# One player: a game process with its own HOME and session bus

class Player:
    def __init__(self, label, app_path, root, a11y, name):
        self.label = label
        self.name = name
        self.app_path = app_path
        self.home = os.path.join(root, label)
        self.a11y = a11y
        self.proc = None
        self.bus = None
        self.log_path = os.path.join(self.home, "app.log")
        for sub in ("home", "config", "data", "state", "cache"):
            os.makedirs(os.path.join(self.home, sub), exist_ok=True)
        # The name in Preferences, as the player typed it there; a player
        # who has answered the first start's tutorial question before.
        settings = os.path.join(self.home, "config", "glib-2.0", "settings")
        os.makedirs(settings, exist_ok=True)
        with open(os.path.join(settings, "keyfile"), "w", encoding="utf-8") as f:
            f.write("[io/github/sternhalma/Sternhalma]\nplayer-name='%s'\n"
                    "tutorial-offered=true\n" % name)

    def start(self, *args):
        """Starts the game (with args on its command line, as the desktop
        starts it for a link)."""
        # A game that quit by itself leaves its bus: that one goes now.
        self.stop()
        # Its own session bus: a second copy of the game on the same bus
        # would hand its window to the first (one application per bus).
        self.bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                    text=True, preexec_fn=die_with_parent)
        address = self.bus.stdout.readline().strip()
        env = dict(os.environ)
        for var in ("GTK_A11Y", "NO_AT_BRIDGE"):
            env.pop(var, None)
        env.update({
            "HOME": os.path.join(self.home, "home"),
            "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "XDG_STATE_HOME": os.path.join(self.home, "state"),
            "XDG_CACHE_HOME": os.path.join(self.home, "cache"),
            "DBUS_SESSION_BUS_ADDRESS": address,
            "AT_SPI_BUS_ADDRESS": self.a11y,
            # The settings live in HOME, as a person's do: the name and
            # the server given last are kept across a restart.
            "GSETTINGS_BACKEND": "keyfile",
            "GSK_RENDERER": "cairo",
            "LANG": "C.UTF-8",
            "LANGUAGE": "",
        })
        self.logf = open(self.log_path, "a")
        self.proc = subprocess.Popen([self.app_path, *args], env=env, stdout=self.logf,
                                     stderr=subprocess.STDOUT, preexec_fn=die_with_parent)
        self.app = wait_for(self._find_app, what=self.label + " on the accessibility bus")
        # Nothing of the game is cached here: every name and state is asked
        # afresh (clearing a cache while objects go away crashed libatspi).
        self.app.set_cache_mask(Atspi.Cache.NONE)
        self.window = wait_for(lambda: self.frame("Sternhalma"), what=self.label + "'s window")
        return self

    def _find_app(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for a in children(desktop):
            try:
                if a.get_process_id() == self.proc.pid and a.childCount > 0:
                    return a
            except Exception:
                continue
        return None

    def frame(self, name):
        """The newest shown window of that title (GTK may keep an older
        object of the same title around for a while), or the dialog of
        that title inside the game's window (libadwaita 1.5 on)."""
        def shown(f):
            try:
                return role(f) in ("frame", "dialog", "alert") and f.name == name and \
                    f.getState().contains(pyatspi.STATE_VISIBLE) and f.childCount > 0
            except Exception:
                return False

        found = None
        for f in children(self.app):
            if shown(f):
                found = f
        if found is None and name != "Sternhalma" and getattr(self, "window", None) is not None:
            found = find(self.window, lambda n: n is not self.window and shown(n))
        return found

    def frames(self):
        return [f.name for f in children(self.app)]

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self):
        for p in (self.proc, self.bus):
            stop(p)
        if self.proc is not None and not self.logf.closed:
            self.logf.close()
        self.proc = None
        self.bus = None

    def tail(self):
        try:
            with open(self.log_path, encoding="utf-8", errors="replace") as f:
                return f.read()[-3000:]
        except OSError:
            return ""

    # --- X windows and keys ---

    def x_windows(self, name):
        out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^" + name + "$"],
                             capture_output=True, text=True, timeout=30).stdout.split()
        mine = []
        for w in out:
            prop = subprocess.run(["xprop", "-id", w, "_NET_WM_PID"], capture_output=True,
                                  text=True, timeout=10).stdout
            if prop.strip().endswith("= %d" % self.proc.pid):
                mine.append(w)
        return mine

    def keys(self, window_name, *keys):
        """Types keys into the X window of that name.  A question may have
        none of its own: libadwaita 1.5 shows it inside the game's window,
        which then takes the keys."""
        windows = wait_for(lambda: self.x_windows(window_name) or
                           (self.x_windows("Sternhalma") if self.question_inside() else []),
                           what=self.label + "'s X window")
        subprocess.run(["xdotool", "windowfocus", "--sync", windows[-1]],
                       stderr=subprocess.DEVNULL, timeout=10)
        # The X server keeps their order; the caller waits for what they
        # change.
        for k in keys:
            subprocess.run(["xdotool", "key", "--clearmodifiers", k], check=True, timeout=10)

    def question_inside(self):
        return find(self.window, lambda n: role(n) in ("alert", "dialog")) is not None

    def place(self, x, y):
        for w in wait_for(lambda: self.x_windows("Sternhalma"), what=self.label + "'s X window"):
            subprocess.run(["xdotool", "windowmove", w, str(x), str(y)], timeout=10)

    # --- the game window ---

    def board(self):
        return wait_for(lambda: find(self.window, lambda n: n.name == "Board"),
                        what=self.label + "'s board")

    def status(self):
        """The status line: the window's last label that reads as one (a
        toast may come after it)."""
        rx = re.compile(r"(Round \d+|Waiting for|Connection lost|Connecting|left the game|wins|to move)")
        labels = [fresh(n, "name") for n in find_all(self.window, lambda n: role(n) == "label")]
        labels = [t for t in labels if rx.search(t)]
        return labels[-1] if labels else ""

    def open_online(self):
        menu = wait_for(lambda: find(self.window, lambda n: role(n) in ("push button", "toggle button") and
                                     n.name == "Main Menu" and n.queryAction().nActions > 0),
                        what="the main menu button")
        do_action(menu)
        item = wait_for(lambda: find(self.app, lambda n: role(n) == "menu item" and
                                     item_name(n).startswith("Play Online")),
                        what="Play Online in the main menu")
        do_action(item)
        dialog = wait_for(lambda: self.frame("Play Online"), what="the Play Online dialog")
        return dialog


# ---------------------------------------------------------------------------
# The server

class Server:
    def __init__(self, path, root):
        self.data = os.path.join(root, "server")
        os.makedirs(self.data, exist_ok=True)
        self.log = open(os.path.join(root, "server.log"), "w")
        self.proc = subprocess.Popen([path, "--address", "127.0.0.1", "--port", "0",
                                      "--data-dir", self.data, "--grace", "60"],
                                     stdout=subprocess.PIPE, stderr=self.log, text=True,
                                     preexec_fn=die_with_parent)
        line = self.proc.stdout.readline()
        m = re.match(r"port (\d+)", line)
        if not m:
            raise Failed("the server did not say its port: %r" % line)
        self.port = int(m.group(1))

    def room(self, code):
        """The room as the server's store holds it (doc/server.md, "Store")."""
        try:
            db = sqlite3.connect("file:%s?mode=ro" % os.path.join(self.data, "rooms.sqlite"),
                                 uri=True, timeout=5)
            try:
                row = db.execute("SELECT state FROM rooms WHERE code = ?", (code,)).fetchone()
            finally:
                db.close()
        except sqlite3.Error:
            return None
        return json.loads(row[0])["room"] if row else None

    def actions(self, code):
        room = self.room(code)
        return room["actions"] if room else []

    def stop(self):
        stop(self.proc)
        self.log.close()


# ---------------------------------------------------------------------------
# What a player does

def select_page(dialog, name):
    page = wait_for(lambda: find(dialog, lambda n: role(n) in ("toggle button", "page tab") and n.name == name),
                    what="the page button %r" % name)
    do_action(page)


def entry(dialog, name):
    return wait_for(lambda: find(dialog, lambda n: role(n) == "text" and n.name == name),
                    what="the entry %r" % name)


def on_screen(node):
    """Laid out on the screen: a GTK 4.8 button acts on a click only once
    it is (a page just switched to is laid out at the next frame)."""
    ext = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return ext.width > 0 and ext.height > 0


def button(dialog, name):
    found = wait_for(lambda: find(dialog, lambda n: role(n) == "push button" and
                                  n.name == name and
                                  n.getState().contains(pyatspi.STATE_SENSITIVE) and
                                  on_screen(n)))
    if found is None:
        there = [(fresh(n, "name"), on_screen(n)) for n in
                 find_all(dialog, lambda n: role(n) == "push button")]
        raise Failed("timed out waiting for the button %r; buttons (name, on screen): %r"
                     % (name, there))
    return found


def choose(player, dialog, combo_name, item_name):
    """Picks item_name in the drop-down named combo_name: opens it through
    the accessibility tree, then moves the list's focus with the arrow keys
    (GTK 4.8's list takes no selection from AT-SPI), one key at a time,
    each seen to move the focus before the next: an open popover may not
    have the keyboard yet, and a key it misses goes to the dialog.  Return
    only once the focus is on the item; a choice that did not take is
    tried again from a closed list."""
    combo = wait_for(lambda: find(dialog, lambda n: role(n) == "combo box" and n.name == combo_name),
                     what="the drop-down %r" % combo_name)
    toggle = find(combo, lambda n: role(n) in ("push button", "toggle button"))

    def chosen():
        return find(toggle, lambda n: role(n) == "label" and fresh(n, "name") == item_name)

    def is_open():
        return fresh_state(toggle).contains(pyatspi.STATE_PRESSED)

    def shown():
        """The rows made for the list, and which of them has the focus:
        GTK 4.14 makes rows only for the part of the list on screen."""
        items = find(combo, lambda n: role(n) == "list")
        rows = children(items) if items is not None else []
        names = [getattr(find(i, lambda n: role(n) == "label"), "name", None) for i in rows]
        focused = [i for i, row in enumerate(rows)
                   if fresh_state(row).contains(pyatspi.STATE_FOCUSED)]
        return names, focused[0] if focused else None

    def focused():
        names, focus = shown()
        return names[focus] if focus is not None and focus < len(names) else None

    def step(key):
        """One key, again until the focus is seen to move (a key the list
        missed); True once it moved."""
        before = focused()
        for _ in range(5):
            player.keys("Play Online", key)
            if wait_for(lambda: focused() not in (None, before), 2):
                return True
        return False

    seen = []
    for attempt in range(4):
        if chosen():
            return
        if is_open():
            # A try whose Return the list missed left it open.
            player.keys("Play Online", "Escape")
            wait_for(lambda: not is_open(), 5, what="the list of %r to close" % combo_name)
        # The pointer out of the way: a list that scrolls under it takes
        # the row it comes to rest on as the one Return picks (GTK 4.24).
        width, height = a11y_common.screen_size()
        subprocess.run(["xdotool", "mousemove", str(width - 1), str(height - 1)],
                       check=True, timeout=10)
        do_action(toggle)
        wait_for(lambda: is_open() and shown()[0], 5)
        live = False
        for _ in range(60):
            if not is_open():
                break
            names, focus = shown()
            seen += [n for n in names if n not in seen]
            current = focused()
            if current == item_name:
                break
            if live and current is not None and item_name in names:
                # The list has shown it takes keys: the rest at once.
                steps = names.index(item_name) - names.index(current)
                player.keys("Play Online", *(["Down"] * steps if steps > 0 else ["Up"] * -steps))
                wait_for(lambda: focused() == item_name, 3)
                continue
            # Up when the item is made above the focus; else Down, which
            # brings the rows below into being.
            up = current is not None and item_name in names and \
                names.index(item_name) < names.index(current)
            if step("Up" if up else "Down"):
                live = True
            elif not up and step("Up"):
                # The last row: the item is not below.
                live = True
                if item_name not in seen:
                    raise Failed("no %r in %r: %r" % (item_name, combo_name, seen))
        if focused() == item_name:
            player.keys("Play Online", "Return")
            if wait_for(chosen, 5):
                return
        label = find(toggle, lambda n: role(n) == "label" and n.name not in ("", "(None)"))
        log(player.label, "choosing %r in %r again: the list %s, rows %r, the choice %r"
            % (item_name, combo_name, "open" if is_open() else "closed", shown(),
               getattr(label, "name", None)))
    raise Failed("%r could not be chosen in %r" % (item_name, combo_name))


def leave_when_asked(player, what):
    """The player holds a seat in a game in play: going to another room
    asks first; the answer is Leave."""
    leave = wait_for(lambda: find(player.app, lambda n: role(n) == "push button" and
                                  n.name == "Leave" and on_screen(n)), 15)
    ok(leave is not None and "Leave the Online Game?" in texts(player.app),
       "%s: %s while seated in a game in play asks first" % (player.label.upper(), what))
    if leave is None:
        raise Failed("no question before " + what)
    do_action(leave)


def create_room(player, server, variant=None, seats=None, asks=False):
    """seats: what to choose for seats other than the creator's, by the
    seat's name ({"Black": "Invited"}).  asks: the player is seated in a
    game in play, which Create Room asks to leave first."""
    dialog = player.open_online()
    entry(dialog, "Server").queryEditableText().setTextContents("127.0.0.1:%d" % server.port)
    # The dialog shows the room the window is in until a new one is made.
    old = find(dialog, lambda n: role(n) == "label" and CODE.match(n.name or ""))
    old = old.name if old is not None else None
    if variant is not None:
        choose(player, dialog, "Game", variant)
    for seat, kind in (seats or {}).items():
        choose(player, dialog, seat, kind)
    do_action(button(dialog, "Create Room"))
    if asks:
        leave_when_asked(player, "Create Room")
        # The dialog waited hidden and comes back with the new room.
        dialog = wait_for(lambda: player.frame("Play Online"), what="the dialog back after leaving")
    code = wait_for(lambda: find(dialog, lambda n: role(n) == "label" and
                                 CODE.match(fresh(n, "name")) and n.name != old),
                    what="the new room's code in the dialog")
    link = find(dialog, lambda n: role(n) == "label" and (n.name or "").startswith("sternhalma://"))
    code = code.name
    link = link.name if link is not None else ""
    return code, link


def close_dialog(player):
    player.keys("Play Online", "Escape")
    wait_for(lambda: not player.x_windows("Play Online") and player.frame("Play Online") is None,
             what="the dialog to close")


def join_room(player, server, code, watch=False, asks=False):
    """code: a room code, or an invitation link pasted as it is (then the
    Server field is left as it was)."""
    dialog = player.open_online()
    if not code.startswith("sternhalma:"):
        entry(dialog, "Server").queryEditableText().setTextContents("127.0.0.1:%d" % server.port)
    select_page(dialog, "Join or Watch")
    code_entry = entry(dialog, "Room code")
    code_entry.queryEditableText().setTextContents(code)
    do_action(button(dialog, "Watch" if watch else "Join"))
    wait_for(lambda: not player.x_windows("Play Online") and player.frame("Play Online") is None,
             what="the dialog to close")
    if asks:
        leave_when_asked(player, "Watch" if watch else "Join")


def server_field(player):
    """The Server field of a freshly opened Play Online, then closed."""
    dialog = player.open_online()
    field = entry(dialog, "Server")

    def read():
        # The text may be the entry's or that of the text widget inside it.
        for n in find_all(field, lambda n: True):
            try:
                t = n.queryText()
                value = t.getText(0, t.characterCount)
            except Exception:
                continue
            if value:
                return value
        return None
    text = wait_for(read, 5) or ""
    close_dialog(player)
    return text


def hint_barred(player):
    """Show a Hint is there but off, and says why."""
    hint = find(player.window, lambda n: role(n) == "push button" and n.name == "Show a Hint")
    if hint is None:
        return None
    return (not fresh_state(hint).contains(pyatspi.STATE_SENSITIVE) and
            "No hints in an online game against people" in fresh(hint, "description"))


def move_listed(player, mover, path, seconds=WAIT):
    """The move is in the player's move list (its buttons are named
    "White, round 1: k4-k5")."""
    rx = re.compile(r"^%s, round \d+: %s$" % (re.escape(mover), re.escape(path)))
    return wait_for(lambda: find(player.window, lambda n: role(n) == "push button" and
                                 rx.match(fresh(n, "name"))), seconds)


def board_says(player, pattern, seconds=WAIT):
    board = player.board()
    rx = re.compile(pattern)
    return wait_for(lambda: rx.search(fresh(board, "description")) and fresh(board, "description"),
                    seconds)


def play_keyboard_move(player, mover):
    """Moves a marble of the player's one step forward with the keyboard:
    the cursor starts on one of its marbles; Up until the next hole up is
    not its own, Enter, Up, Enter."""
    board = player.board()
    # Tab until the board has the keyboard focus.
    for _ in range(30):
        if fresh_state(board).contains(pyatspi.STATE_FOCUSED):
            break
        player.keys("Sternhalma", "Tab")
    else:
        raise Failed(player.label + ": Tab never reaches the board")
    # The cursor is on a marble of the player's, or shows up there at the
    # first arrow key.
    log(player.label, "cursor:", fresh(board, "description"))
    for i in range(8):
        before = fresh(board, "description")
        player.keys("Sternhalma", "Up")
        text = wait_for(lambda: fresh(board, "description") != before and fresh(board, "description"), 5)
        if not text and i == 0:
            continue   # the first arrow key showed the cursor where it was
        if not text or mover.lower() + " marble" not in text:
            player.keys("Sternhalma", "Down")
            wait_for(lambda: mover.lower() + " marble" in fresh(board, "description"), 5)
            break
    player.keys("Sternhalma", "Return")
    picked = wait_for(lambda: "selected" in fresh(board, "description") and fresh(board, "description"), 10)
    player.keys("Sternhalma", "Up")
    wait_for(lambda: "reachable" in fresh(board, "description"), 10)
    player.keys("Sternhalma", "Return")
    return picked


def screenshot(shot_dir, name):
    if shot_dir:
        subprocess.run(["import", "-window", "root", os.path.join(shot_dir, name)], timeout=60)


# ---------------------------------------------------------------------------

def game(server, a, b, c, shot_dir, variant, tag, first, second, asks=False):
    """asks: A and B are seated in a game in play, which they are asked
    to leave first; the spectator C watches by the invitation link."""
    code, link = create_room(a, server, variant, asks=asks)
    ok(CODE.match(code) is not None, "%s: A created room %s through the dialog" % (tag, code))
    ok(link.startswith("sternhalma://127.0.0.1:%d/" % server.port),
       "%s: the invitation link keeps the server's loopback address: %r" % (tag, link))
    ok(wait_for(lambda: "Waiting for players · room " + code in a.status(), 10),
       "%s: A's status says it waits for players in room %s: %r" % (tag, code, a.status()))
    # The creator keeps the dialog with the code open until a friend came.
    join_room(b, server, code, asks=asks)
    join_room(c, server, link, watch=True)
    started = wait_for(lambda: (server.room(code) or {}).get("turn") == first.lower(),
                       what="the game to start")
    ok(started, "%s: the server starts the game when B joined" % tag)
    close_dialog(a)
    ok(wait_for(lambda: "Your turn" in a.status(), 15),
       "%s: A's status says it is A's turn: %r" % (tag, a.status()))
    ok(wait_for(lambda: hint_barred(a), 10),
       "%s: on A's turn against a person, Show a Hint is off and says why" % tag)
    ok(wait_for(lambda: "Boris · connected" in texts(a.window) and "Anna" in texts(b.window), 10),
       "%s: each sees the other's name from Preferences in the players panel" % tag)
    ok(wait_for(lambda: "1 watching" in a.status() and "1 watching" in b.status() and
                c.status().startswith("Watching · "), 10),
       "%s: the players see one spectator; the spectator's status says it watches: %r / %r"
       % (tag, a.status(), c.status()))

    picked = play_keyboard_move(a, first)
    ok(picked, "%s: A picks a marble with the keyboard" % tag)
    sent = wait_for(lambda: len(server.actions(code)) >= 1, 15)
    ok(sent, "%s: A's first move reaches the server: %r" % (tag, server.actions(code)))
    path = (server.actions(code) or ["?"])[0]
    ok(move_listed(b, first, path), "%s: B sees A's move %s" % (tag, path))
    ok(move_listed(c, first, path), "%s: the spectator sees A's move" % tag)

    play_keyboard_move(b, second)
    ok(wait_for(lambda: len(server.actions(code)) >= 2, 15),
       "%s: B's reply reaches the server: %r" % (tag, server.actions(code)))
    path = (server.actions(code) + ["?", "?"])[1]
    ok(move_listed(a, second, path), "%s: A sees B's reply %s" % (tag, path))
    ok(move_listed(c, second, path), "%s: the spectator sees B's reply" % tag)
    screenshot(shot_dir, "online-%s-playing.png" % tag)
    return code


def run(app_path, server_path, shot_dir, root):
    a11y = a11y_bus_address()
    server = Server(server_path, root)
    players = []
    try:
        a = Player("a", app_path, root, a11y, "Anna").start()
        b = Player("b", app_path, root, a11y, "Boris").start()
        c = Player("c", app_path, root, a11y, "Carla").start()
        players = [a, b, c]
        a.place(0, 0)
        b.place(1010, 0)
        c.place(0, 770)

        code = game(server, a, b, c, shot_dir, None, "star", "White", "Black")
        # C watched by a pasted link: its server is the one Play Online
        # shows and keeps from then on.
        address = "127.0.0.1:%d" % server.port
        shown = server_field(c)
        ok(shown == address, "the server of the link C pasted is in C's Server field: %r" % shown)
        def kept():
            with open(os.path.join(c.home, "config", "glib-2.0", "settings", "keyfile"),
                      encoding="utf-8") as f:
                text = f.read()
            return text if "online-server='%s'" % address in text else None
        ok(wait_for(kept, 10), "and kept in C's settings for the next start")

        # The room's chat: B says something, A and the spectator read it.
        chat = wait_for(lambda: find(b.window, lambda n: role(n) == "text" and
                                     n.name == "Chat message"), what="B's chat entry")
        chat.queryEditableText().setTextContents("good luck, Anna")
        do_action(button(b.window, "Send"))
        ok(wait_for(lambda: "Boris: good luck, Anna" in texts(a.window) and
                    "Boris: good luck, Anna" in texts(c.window), 15),
           "a line of B's chat reaches A and the spectator, with B's name")

        # A quits; B is told; A comes back and takes its seat again.
        a.keys("Sternhalma", "ctrl+q")
        quit_button = wait_for(lambda: find(a.app, lambda n: role(n) == "push button" and
                                            n.name == "Quit"), 15)
        ok(quit_button is not None and "Leave the Online Game?" in texts(a.app),
           "Ctrl+Q in an online game asks before leaving it")
        # The answer by its mnemonic key: an AT-SPI call into a process
        # that quits while answering can bring libatspi down with it.
        a.keys("Network Game", "alt+q")
        ok(wait_for(lambda: not a.alive(), 15), "A quits")
        ok(wait_for(lambda: re.search(r"Anna · left · 0:[0-5]\d to come back", texts(b.window)) and
                    "Anna left · waiting for them to come back" in b.status(), 15),
           "B's panel and status say A left, and count down the time A has to come back")
        screenshot(shot_dir, "online-star-left.png")
        a.start()
        a.place(0, 0)
        ok(wait_for(lambda: "Back to the online game in room " + code in texts(a.app), 20),
           "A, started again, says it goes back to its room")
        ok(wait_for(lambda: "Your turn" in a.status(), 20),
           "A is back in its seat and on turn: %r" % a.status())
        ok(wait_for(lambda: "Anna (you)" in texts(a.window), 10),
           "A's panel shows its seat as its own again, with its name")
        ok(wait_for(lambda: "Anna · connected" in texts(b.window), 15),
           "B's panel shows A back, by name")
        play_keyboard_move(a, "White")
        ok(wait_for(lambda: len(server.actions(code)) >= 3, 15),
           "after coming back, A's move reaches the server: %r" % server.actions(code))
        ok(move_listed(b, "White", (server.actions(code) + ["?"] * 3)[2]),
           "B sees the move A played after coming back")

        # The same on a square board.
        # The same on a square board; A and B are seated in the star game,
        # which they are asked to leave first.
        game(server, a, b, c, shot_dir, "Halma 8×8", "square", "White", "Black", asks=True)

        # Quick Play: A finds nobody waiting for Ugolki and waits in a new
        # room; B sees it in the Join page's list and joins with one click.
        dialog = a.open_online()
        entry(dialog, "Server").queryEditableText().setTextContents("127.0.0.1:%d" % server.port)
        choose(a, dialog, "Game", "Ugolki")
        do_action(button(dialog, "Quick Play"))
        leave_when_asked(a, "Quick Play")
        waiting = wait_for(lambda: re.search(r"Waiting for players · room ([A-HJ-NP-Z2-9]{6})",
                                             texts(a.window)), 15)
        ok(waiting, "Quick Play with nobody waiting opens a room")
        quick_code = waiting.group(1) if waiting else "?"
        ok(wait_for(lambda: "play the computer meanwhile" in texts(a.app), 10),
           "while A waits, a game against the computer is offered")
        close_dialog(a)
        dialog = b.open_online()
        entry(dialog, "Server").queryEditableText().setTextContents("127.0.0.1:%d" % server.port)
        select_page(dialog, "Join or Watch")
        ok(wait_for(lambda: re.search(r"online now: \d+ · 1 looking for an opponent", texts(dialog)), 15),
           "the Join page says who is online and that one player looks for an opponent")
        ok(wait_for(lambda: "Ugolki · Table Rules · 1 player · free: Black" in texts(dialog), 15),
           "the Join page lists the room with its game, rules, players and free seat")
        do_action(button(dialog, "Join room " + quick_code))
        leave_when_asked(b, "joining a listed room")
        ok(wait_for(lambda: (server.room(quick_code) or {}).get("turn") == "white", 15),
           "one click on the listed room joins it and the game starts")
        ok(wait_for(lambda: "Your turn" in a.status(), 15), "A is on turn in the Quick Play room")
        screenshot(shot_dir, "online-quick-play.png")

        # Rematch: B resigns; both press Play Again in the Game Over
        # window; the same two play again, the seats rotated.
        menu = wait_for(lambda: find(b.window, lambda n: role(n) in ("push button", "toggle button") and
                                     n.name == "Main Menu" and n.queryAction().nActions > 0),
                        what="B's main menu")
        do_action(menu)
        do_action(wait_for(lambda: find(b.app, lambda n: role(n) == "menu item" and
                                        item_name(n) == "Resign…"), what="Resign in the menu"))
        resign = wait_for(lambda: find(b.app, lambda n: role(n) == "push button" and
                                       n.name == "Resign" and on_screen(n)),
                          what="the Resign button of the question")
        do_action(resign)
        ok(wait_for(lambda: (server.room(quick_code) or {}).get("over"), 15),
           "B's resignation ends the game on the server")
        for p in (a, b):
            again = wait_for(lambda: find(p.app, lambda n: role(n) == "push button" and
                                          n.name == "Play Again" and on_screen(n)), 20)
            ok(again is not None, "%s's Game Over window offers Play Again" % p.label.upper())
            if again is not None:
                do_action(again)
        ok(wait_for(lambda: "Your turn (White)" in b.status() and "(Black)" not in a.status() and
                    "Boris to move" in a.status(), 20),
           "after both asked, a rematch starts with the seats rotated: %r / %r"
           % (a.status(), b.status()))

        # A new game in the middle of an online one is asked about first;
        # Cancel keeps the player in the room.
        do_action(button(a.window, "New Game"))
        ok(wait_for(lambda: "Leave the Online Game?" in texts(a.app), 15),
           "New Game during an online game asks before leaving it")
        do_action(wait_for(lambda: find(a.app, lambda n: role(n) == "push button" and
                                        n.name == "Cancel" and on_screen(n)),
                           what="the question's Cancel"))
        ok(wait_for(lambda: "Boris to move" in a.status() and
                    "Leave the Online Game?" not in texts(a.app), 15),
           "Cancel keeps A in the online game: %r" % a.status())

        # An invited seat: A keeps Black for Dana, who gets a link of her
        # own; she starts the game with it, as the desktop does for a
        # link someone sent her, and it takes the seat.
        code, _ = create_room(a, server, None, {"Black": "Invited"}, asks=True)
        dialog = a.frame("Play Online")
        keyed = wait_for(lambda: find(dialog, lambda n: role(n) == "label" and
                                      (fresh(n, "name") or "").startswith("sternhalma://") and
                                      "key=" in n.name), 15)
        ok(keyed is not None and code in keyed.name,
           "the dialog shows a link of its own for the invited seat: %r" % getattr(keyed, "name", None))
        # The button is named once it is in the dialog: waited for, not
        # read at the moment its link shows.
        ok(wait_for(lambda: find(dialog, lambda n: role(n) == "push button" and
                                 fresh(n, "name") == "Copy the invitation link for Black"), 10)
           is not None,
           "the invited seat's link has its own Copy button, named for the seat: %r"
           % [(fresh(n, "name"), fresh(n, "description"), [fresh(c, "name") for c in children(n.parent)])
              for n in find_all(dialog, lambda n: role(n) == "push button")])
        ok((server.room(code) or {}).get("turn") is None and
           wait_for(lambda: "Black · invited" in texts(a.window), 10),
           "the room waits for the invited player, and A's panel says the seat is kept for someone")
        screenshot(shot_dir, "online-invited-link.png")
        d = Player("d", app_path, root, a11y, "Dana")
        players.append(d)
        d.start(keyed.name if keyed is not None else "")
        ok(wait_for(lambda: (server.room(code) or {}).get("turn") == "white", 20),
           "Dana's game, started with the link, takes the invited seat and the game starts")
        close_dialog(a)
        ok(wait_for(lambda: "Your turn" in a.status() and "Dana · connected" in texts(a.window), 15),
           "A is on turn and sees Dana in the invited seat: %r" % a.status())
        ok(wait_for(lambda: "Dana (you)" in texts(d.window), 15),
           "Dana's panel shows the seat as hers")
        screenshot(shot_dir, "online-invited-playing.png")
    except Failed as e:
        ok(False, str(e))
        for p in players:
            log(p.label, "frames:", p.frames() if p.alive() else "(not running)")
            log(p.label, "log:", p.tail())
        screenshot(shot_dir, "online-failure.png")
    finally:
        for p in players:
            p.stop()
        server.stop()
        with open(os.path.join(root, "server.log"), encoding="utf-8", errors="replace") as f:
            log("server:", f.read()[-3000:])


def main():
    if len(sys.argv) < 3:
        print("usage: online-e2e.py STERNHALMA STERNHALMA_SERVER [SHOT_DIR]", file=sys.stderr)
        return 2
    shot_dir = sys.argv[3] if len(sys.argv) > 3 else os.environ.get("STERN_SHOT_DIR")
    if shot_dir:
        os.makedirs(shot_dir, exist_ok=True)
    root = tempfile.mkdtemp(prefix="sternhalma-online-e2e-")
    # The whole run is bounded, whatever hangs.
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(Failed("the test took over 400 s")))
    signal.alarm(400)
    try:
        run(sys.argv[1], sys.argv[2], shot_dir, root)
    finally:
        signal.alarm(0)
        shutil.rmtree(root, ignore_errors=True)
    print("1..%d" % tests_run, flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
