# SPDX-License-Identifier: GPL-3.0-or-later
"""What the accessibility scripts in this folder share: TAP output, the
checks that skip a script where it cannot run, and reading the tree."""

import os
import shutil
import sys

import pyatspi


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


def answer_welcome(app, seconds=20):
    """Answers the question a first start asks (the tutorial offered) with
    Not Now, as a person would; False when it was not asked in time."""
    import time
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        button = find(app, lambda n: role_name(n) == "push button" and n.name == "Not Now")
        if button is not None and act(button):
            return True
        time.sleep(0.2)
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
