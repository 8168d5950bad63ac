# SPDX-License-Identifier: GPL-3.0-or-later
"""What the accessibility scripts in this folder share."""


def item_name(node):
    """A menu item's name; GTK 4.14 leaves it to the item's label."""
    if node.name:
        return node.name
    try:
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            if child is not None and child.getRoleName() == "label" and child.name:
                return child.name
            name = item_name(child) if child is not None else ""
            if name:
                return name
    except Exception:
        pass
    return ""
