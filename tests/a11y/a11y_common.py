# SPDX-License-Identifier: GPL-3.0-or-later
"""What the accessibility scripts in this folder share."""

import pyatspi


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
            if child is not None and child.getRoleName() == "label" and child.name:
                return child.name
            name = item_name(child) if child is not None else ""
            if name:
                return name
    except Exception:
        pass
    return ""
