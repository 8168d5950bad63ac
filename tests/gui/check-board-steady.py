#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The board stays under the pointer while a toast shows, in the real game.

Starts the real game (its own HOME, the tutorial already offered), finds
the board on the screen as a player sees it (the wooden disc in a
screenshot: its left, right and top edges give its centre and size, the
holes follow from them as in .ci/check-play), plays l3-l5 with two real
clicks (xdotool), waits for the computer's answer, then starts a new game
(Ctrl+N, Return), which says "New game started" in a toast.  While the
toast shows, two clicks at the centres of l4 and l5 measured before it
must play l4-l5, and the disc must be where it was.

usage: check-board-steady.py STERNHALMA_EXECUTABLE
TAP on stdout; skips without an X display, xdotool or ImageMagick.
STERN_SCREENSHOT_DIR=DIR keeps the screenshots there.
"""

import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

# Patience for a machine busy with other tests.
WAIT = 30
# The disc's radius in hole spacings (stern-board-layout.c).
DISC_RADIUS = 7.70

run = 0
failures = 0


def ok(cond, what):
    global run, failures
    run += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (run, what), flush=True)
    if not cond:
        failures += 1
    return cond


def skip_all(why):
    print("1..0 # SKIP " + why, flush=True)
    sys.exit(0)


def wait_for(fn, seconds=WAIT):
    end = time.monotonic() + seconds
    value = fn()
    while not value and time.monotonic() < end:
        time.sleep(0.1)
        value = fn()
    return value


def xdotool(*args):
    return subprocess.run(["xdotool"] + [str(a) for a in args], capture_output=True,
                          text=True, timeout=30).stdout.split()


class Shot:
    """A screenshot of the whole screen, its pixels as RGB bytes."""

    def __init__(self, name=None):
        data = subprocess.run(["import", "-window", "root", "-depth", "8", "ppm:-"],
                              capture_output=True, check=True, timeout=30).stdout
        magic, size, _, self.pixels = data.split(b"\n", 3)
        assert magic == b"P6"
        self.width, self.height = map(int, size.split())
        if name and SHOTS:
            with open(os.path.join(SHOTS, name + ".ppm"), "wb") as out:
                out.write(data)
            subprocess.run(["convert", os.path.join(SHOTS, name + ".ppm"),
                            os.path.join(SHOTS, name + ".png")], timeout=30)
            os.unlink(os.path.join(SHOTS, name + ".ppm"))

    def wood(self, x, y):
        i = (y * self.width + x) * 3
        r, b = self.pixels[i], self.pixels[i + 2]
        # The disc is tan to brown; the window, the shadow and a toast are
        # grey, the panel's selection bluish.
        return r > 80 and r - b > 30

    def disc(self, width, height):
        """The board's centre and hole spacing from the disc's left, right
        and top edges (a toast can only cover its bottom), or None."""
        left, right, top = width, -1, None
        for y in range(0, height, 2):
            row = [x for x in range(0, width, 2) if self.wood(x, y)]
            if row:
                top = y if top is None else top
                left, right = min(left, row[0]), max(right, row[-1])
        if top is None:
            return None
        radius = (right - left) / 2
        return ((left + right) / 2, top + radius, radius / DISC_RADIUS)

    def toast(self, width, height):
        """A toast shows: a long run of dark grey in a row near the bottom
        of the window (text never makes one that long)."""
        for y in range(max(0, height - 120), height):
            run = 0
            for x in range(width):
                i = (y * self.width + x) * 3
                r, g, b = self.pixels[i:i + 3]
                if r < 100 and abs(r - g) < 8 and abs(g - b) < 8:
                    run += 1
                    if run >= 80:
                        return True
                else:
                    run = 0
        return False

    def differs(self, other):
        return self.pixels != other.pixels


def hole(disc, name):
    """A hole's centre in screen coordinates (doc/rules.md §1 names them)."""
    cx, cy, unit = disc
    u, v = ord(name[0]) - ord("i"), int(name[1:]) - 9
    return (round(cx + unit * (u + v / 2)), round(cy - unit * v * math.sqrt(3) / 2))


def click(window, disc, name):
    x, y = hole(disc, name)
    xdotool("mousemove", "--window", window, x, y, "click", 1)


def settled():
    """Two screenshots in a row alike: nothing moves."""
    first = Shot()
    time.sleep(0.1)
    return not first.differs(Shot())


def moves(save):
    try:
        with open(save, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return ""


SHOTS = os.environ.get("STERN_SCREENSHOT_DIR")

if len(sys.argv) != 2:
    sys.exit("usage: check-board-steady.py STERNHALMA_EXECUTABLE")
for tool in ("xdotool", "import", "convert"):
    if shutil.which(tool) is None:
        skip_all(tool + " not found")
if not os.environ.get("DISPLAY"):
    skip_all("no X display (run under xvfb-run)")

home = tempfile.mkdtemp(prefix="stern-steady-")
env = dict(os.environ)
env.update({
    "HOME": home,
    "XDG_DATA_HOME": os.path.join(home, "data"),
    "XDG_CONFIG_HOME": os.path.join(home, "config"),
    "XDG_CACHE_HOME": os.path.join(home, "cache"),
    # A settings file the game reads: the tutorial was offered before.
    "GSETTINGS_BACKEND": "keyfile",
    "LANG": "C.UTF-8",
    "LANGUAGE": "",
})
os.makedirs(os.path.join(home, "config", "glib-2.0", "settings"))
with open(os.path.join(home, "config", "glib-2.0", "settings", "keyfile"), "w") as f:
    f.write("[io/github/sternhalma/Sternhalma]\ntutorial-offered=true\n")
save = os.path.join(home, "data", "sternhalma", "current-game.sgr")

proc = subprocess.Popen([sys.argv[1]], env=env, stdout=subprocess.DEVNULL)
try:
    windows = wait_for(lambda: xdotool("search", "--onlyvisible", "--pid", proc.pid))
    if not ok(bool(windows), "the game's window is shown"):
        sys.exit(1)
    window = windows[0]
    geometry = dict(line.split("=") for line in
                    subprocess.run(["xdotool", "getwindowgeometry", "--shell", window],
                                   capture_output=True, text=True).stdout.split())
    width, height = int(geometry["WIDTH"]), int(geometry["HEIGHT"])
    ok(wait_for(settled), "the window settles")
    disc = Shot("steady-1-start").disc(width, height)
    if not ok(disc is not None, "the board is on the screen"):
        sys.exit(1)
    print("# disc centre %.1f,%.1f, hole spacing %.2f px" % disc, flush=True)

    # A move before any toast: the board is where it was measured.  The
    # window may be shown before the board takes clicks: a pick that did
    # not take is cancelled and tried again.
    for attempt in range(5):
        click(window, disc, "l3")
        click(window, disc, "l5")
        if wait_for(lambda: "l3-l5" in moves(save), 5):
            break
        xdotool("windowfocus", "--sync", window, "key", "Escape")
    ok("l3-l5" in moves(save), "l3-l5 played with two clicks")
    ok(wait_for(lambda: "l3-l5 " in moves(save) and not moves(save).rstrip().endswith("l3-l5")),
       "the computer answers")
    ok(wait_for(settled), "the window settles after the answer")
    before = Shot("steady-2-before-toast")
    ok(before.disc(width, height) == disc, "the board is where it was")

    # A new game: its toast shows, and the board must stay.
    # A window of its own before libadwaita 1.5, a sheet inside the game's
    # window from 1.5 on: either way the screen changes.
    xdotool("windowfocus", "--sync", window, "key", "ctrl+n")
    ok(wait_for(lambda: len(xdotool("search", "--onlyvisible", "--pid", proc.pid)) > 1 or
                Shot().differs(before)),
       "New Game opens")
    wait_for(settled, 3)
    dialog = xdotool("search", "--onlyvisible", "--pid", proc.pid)[-1]
    xdotool("windowfocus", "--sync", dialog, "key", "Return")
    shown = wait_for(lambda: (lambda s: s if s.toast(width, height) else None)(Shot()), 10)
    if not ok(shown is not None, "a new game is started with a toast"):
        sys.exit(1)
    # Once the toast has come (and anything it moves has moved), the
    # clicks go where l4 and l5 were before it.
    wait_for(settled, 3)
    click(window, disc, "l4")
    click(window, disc, "l5")
    during = Shot("steady-3-toast")
    ok(during.toast(width, height), "the toast still shows after the clicks")
    ok(during.disc(width, height) == disc, "the board stays where it was while the toast shows")
    ok(wait_for(lambda: "l4-l5" in moves(save), 10),
       "clicks at l4 and l5, measured before the toast, play l4-l5 while it shows")
    Shot("steady-4-after")
finally:
    if proc.poll() is None:
        for w in xdotool("search", "--onlyvisible", "--pid", proc.pid)[:1]:
            xdotool("windowfocus", "--sync", w, "key", "ctrl+q")
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.terminate()
            proc.wait(10)
    shutil.rmtree(home, ignore_errors=True)

print("1..%d" % run, flush=True)
sys.exit(1 if failures else 0)
