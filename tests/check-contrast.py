#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every colour of ours readable in the light and the dark style.

Reads src/app/style.css (the light style, and the base of the dark one) and
src/app/style-dark.css (what libadwaita adds in the dark style), or the one
style sheet made from them for libadwaita 1.8 and later, where the dark
rules are under `@media (prefers-color-scheme: dark)`, and checks with the
WCAG 2 formula:
  - text (`color:` of the move list, the round numbers, the clocks):
    contrast >= 4.5:1 against what is under it (Adwaita's window
    background, with any translucent background of the rule composited
    over it);
  - the players' dots (not text): their fill or their border >= 3:1
    against the background (WCAG's non-text contrast);
  - the notes over the board (the save banner, the connection's banner):
    Adwaita's text colour >= 4.5:1 on their background, which may mix
    @window_bg_color with a colour of ours.
Backgrounds are Adwaita's window colours, of libadwaita 1.2 (Debian 12)
and of 1.6 and later (the Flatpak's runtime).
Usage: check-contrast.py STYLE.CSS STYLE-DARK.CSS
       check-contrast.py STYLE-WITH-MEDIA.CSS
"""
import re
import sys

BACKGROUNDS = {
    "light": ["#fafafa", "#ffffff", "#fafafb"],
    "dark": ["#242424", "#1e1e1e", "#222226"],
}
# Adwaita's window text colour in each style (the notes' text).
FOREGROUNDS = {"light": "alpha(black, 0.8)", "dark": "#ffffff"}
NAMED = {"black": (0, 0, 0), "white": (255, 255, 255)}
TEXT_MIN = 4.5
NON_TEXT_MIN = 3.0

# What must be checked: a selector of ours must have a text colour in
# both styles (so a new seat without a dark colour fails here).
TEXT_SELECTORS = [
    "movelist .move.seat-%d" % i for i in range(6)
] + ["movelist .round", "movelist .move.future", ".side-panel .player-clock.low"]
DOT_SELECTORS = [".seat-dot.%s" % c for c in ("white", "red", "blue", "black", "yellow", "green")]
NOTE_SELECTORS = ["sternsavebanner", ".online-banner"]


def fail(msg):
    print("check-contrast: " + msg, file=sys.stderr)
    sys.exit(1)


def parse_colour(text, where, window_bg=None):
    """(r, g, b, a); window_bg (r, g, b) is what @window_bg_color reads."""
    text = text.strip()
    if text == "@window_bg_color" and window_bg is not None:
        return tuple(window_bg) + (1.0,)
    m = re.fullmatch(r"mix\(\s*([^,]+?)\s*,\s*([^,]+?)\s*,\s*([0-9.]+)\s*\)", text)
    if m:
        a = parse_colour(m.group(1), where, window_bg)
        b = parse_colour(m.group(2), where, window_bg)
        f = float(m.group(3))
        return tuple(a[i] * (1 - f) + b[i] * f for i in range(4))
    m = re.fullmatch(r"#([0-9a-fA-F]{6})", text)
    if m:
        h = m.group(1)
        return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), 1.0)
    m = re.fullmatch(r"#([0-9a-fA-F]{3})", text)
    if m:
        h = m.group(1)
        return tuple(int(c * 2, 16) for c in h) + (1.0,)
    m = re.fullmatch(r"alpha\(\s*([^,]+?)\s*,\s*([0-9.]+)\s*\)", text)
    if m:
        r, g, b, a = parse_colour(m.group(1), where)
        return (r, g, b, a * float(m.group(2)))
    if text in NAMED:
        return NAMED[text] + (1.0,)
    fail("%s: cannot read the colour %r" % (where, text))


DARK_MEDIA = re.compile(r"@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)\s*\{")


def read_css(path):
    """The text of a style sheet, comments removed, and the text of its
    dark media query's block apart (None without one)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    m = DARK_MEDIA.search(text)
    if m is None:
        if "@media" in text:
            fail("%s: a media query other than the dark style's" % path)
        return text, None
    depth = 1
    end = m.end()
    while depth > 0:
        if end >= len(text):
            fail("%s: the dark media query is not closed" % path)
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        end += 1
    rest = text[:m.start()] + text[end:]
    if "@media" in rest:
        fail("%s: more than one media query" % path)
    return rest, text[m.end():end - 1]


def parse_rules(text):
    """{selector: {property: value}}, later rules win."""
    rules = {}
    for m in re.finditer(r"([^{}]+)\{([^{}]*)\}", text):
        decls = {}
        for d in m.group(2).split(";"):
            if ":" in d:
                k, v = d.split(":", 1)
                decls[k.strip()] = v.strip()
        for sel in m.group(1).split(","):
            sel = " ".join(sel.split())
            rules.setdefault(sel, {}).update(decls)
    return rules


def merge(base, extra):
    out = {k: dict(v) for k, v in base.items()}
    for k, v in extra.items():
        out.setdefault(k, {}).update(v)
    return out


def over(fg, bg):
    """fg (r, g, b, a) composited over the opaque bg (r, g, b)."""
    a = fg[3]
    return tuple(fg[i] * a + bg[i] * (1 - a) for i in range(3))


def luminance(rgb):
    def lin(c):
        c = c / 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def main():
    if len(sys.argv) == 3:
        text, media = read_css(sys.argv[1])
        dark_text, dark_media = read_css(sys.argv[2])
        if media is not None or dark_media is not None:
            fail("two style sheets, yet a dark media query: give only the one")
    elif len(sys.argv) == 2:
        text, dark_text = read_css(sys.argv[1])
        if dark_text is None:
            fail("%s: no dark media query" % sys.argv[1])
    else:
        fail("usage: check-contrast.py STYLE.CSS STYLE-DARK.CSS | STYLE-WITH-MEDIA.CSS")
    light = parse_rules(text)
    dark = merge(light, parse_rules(dark_text))
    # The move shown has a translucent background of its own; it must stay
    # readable on it in every player's colour.
    current = "movelist .move.current"
    errors = []
    checked = 0
    for style, rules in (("light", light), ("dark", dark)):
        for bg_hex in BACKGROUNDS[style]:
            bg = parse_colour(bg_hex, "background")[:3]
            under = [("", bg)]
            if "background-color" in rules.get(current, {}):
                cur = parse_colour(rules[current]["background-color"], current)
                under.append((" (the move shown)", over(cur, bg)))
            for sel in TEXT_SELECTORS:
                if "color" not in rules.get(sel, {}):
                    errors.append("%s style: %s has no colour" % (style, sel))
                    continue
                fg = parse_colour(rules[sel]["color"], sel)
                places = under if sel.startswith("movelist .move") else under[:1]
                for what, back in places:
                    c = contrast(over(fg, back), back)
                    checked += 1
                    print("%-5s %s on %s%s: %.2f:1" % (style, sel, bg_hex, what, c), file=sys.stderr)
                    if c < TEXT_MIN:
                        errors.append("%s style: %s %s on %s%s: %.2f:1 < %.1f:1"
                                      % (style, sel, rules[sel]["color"], bg_hex, what, c, TEXT_MIN))
            for sel in DOT_SELECTORS:
                r = rules.get(sel, {})
                if "background-color" not in r:
                    errors.append("%s style: %s has no fill" % (style, sel))
                    continue
                fill = over(parse_colour(r["background-color"], sel), bg)
                border_text = r.get("border-color") or rules.get(".seat-dot", {}).get("border-color")
                if border_text is None:
                    m = re.search(r"(#[0-9a-fA-F]{3,6}|alpha\([^)]*\))", rules.get(".seat-dot", {}).get("border", ""))
                    border_text = m.group(1) if m else None
                best = contrast(fill, bg)
                if border_text is not None:
                    best = max(best, contrast(over(parse_colour(border_text, sel), fill), bg))
                checked += 1
                if best < NON_TEXT_MIN:
                    errors.append("%s style: %s on %s: %.2f:1 < %.1f:1"
                                  % (style, sel, bg_hex, best, NON_TEXT_MIN))
            fg = parse_colour(FOREGROUNDS[style], "text")
            for sel in NOTE_SELECTORS:
                if "background-color" not in rules.get(sel, {}):
                    errors.append("%s style: %s has no background" % (style, sel))
                    continue
                back = over(parse_colour(rules[sel]["background-color"], sel, bg), bg)
                c = contrast(over(fg, back), back)
                checked += 1
                print("%-5s text on %s over %s: %.2f:1" % (style, sel, bg_hex, c), file=sys.stderr)
                if c < TEXT_MIN:
                    errors.append("%s style: text on %s over %s: %.2f:1 < %.1f:1"
                                  % (style, sel, bg_hex, c, TEXT_MIN))
    if checked == 0:
        fail("nothing checked")
    if errors:
        fail("\n  ".join(["colours too faint:"] + errors))
    print("check-contrast: %d colour pairs readable" % checked, file=sys.stderr)


main()
