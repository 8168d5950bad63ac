#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the AdwShortcutsDialog (libadwaita 1.8 and later) from the
GtkShortcutsWindow of ui/help-overlay.ui, so that the shortcuts are listed
in one place for both kinds of build.

usage: shortcuts-dialog-from-overlay.py HELP_OVERLAY_UI OUTPUT_UI

Each GtkShortcutsGroup becomes an AdwShortcutsSection and each
GtkShortcutsShortcut an AdwShortcutsItem with the same title, action and
accelerator (titles keep their translation context, so the translations
of the overlay serve the dialog too).  The overlay's own action is
AdwApplication's app.shortcuts there.
"""
import sys
import xml.etree.ElementTree as ET

# What the overlay's properties of a shortcut mean in the dialog; any other
# property would be lost, so it is refused.
ITEM_PROPERTIES = {"title", "action-name", "accelerator", "subtitle"}
OWN_ACTION = {"win.show-help-overlay": "app.shortcuts"}


def fail(message):
    sys.exit(f"{sys.argv[1]}: {message}")


def child_objects(element, class_name):
    for child in element.findall("child"):
        for obj in child.findall("object"):
            if obj.get("class") == class_name:
                yield obj
            else:
                fail(f"unexpected {obj.get('class')} inside a {element.get('class')}")


def copy_property(prop, parent):
    new = ET.SubElement(parent, "property", dict(prop.attrib))
    new.text = OWN_ACTION.get(prop.text, prop.text) if prop.get("name") == "action-name" else prop.text


def convert(tree):
    root = tree.getroot()
    window = root.find("object[@class='GtkShortcutsWindow']")
    if window is None:
        fail("no GtkShortcutsWindow")

    out = ET.Element("interface")
    ET.SubElement(out, "requires", {"lib": "gtk", "version": "4.0"})
    ET.SubElement(out, "requires", {"lib": "libadwaita", "version": "1.8"})
    dialog = ET.SubElement(out, "object", {"class": "AdwShortcutsDialog", "id": "shortcuts_dialog"})

    n_items = 0
    for section in child_objects(window, "GtkShortcutsSection"):
        for group in child_objects(section, "GtkShortcutsGroup"):
            new_section = ET.SubElement(ET.SubElement(dialog, "child"), "object",
                                        {"class": "AdwShortcutsSection"})
            for prop in group.findall("property"):
                if prop.get("name") == "title":
                    copy_property(prop, new_section)
            for shortcut in child_objects(group, "GtkShortcutsShortcut"):
                item = ET.SubElement(ET.SubElement(new_section, "child"), "object",
                                     {"class": "AdwShortcutsItem"})
                for prop in shortcut.findall("property"):
                    if prop.get("name") not in ITEM_PROPERTIES:
                        fail(f"the shortcut property {prop.get('name')} has no place in AdwShortcutsItem")
                    copy_property(prop, item)
                n_items += 1
    if n_items == 0:
        fail("no shortcuts")
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    out = convert(ET.parse(sys.argv[1]))
    ET.indent(out)
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write("<!-- Made from ui/help-overlay.ui by build-aux/shortcuts-dialog-from-overlay.py -->\n")
        f.write(ET.tostring(out, encoding="unicode"))
        f.write("\n")


if __name__ == "__main__":
    main()
