#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the one style sheet libadwaita 1.8 and later load: the light
style sheet with the dark one's rules under a media query.  libadwaita
1.8 deprecates style-dark.css; older versions have no media queries, so
the two source files stay the source of both kinds of build.

usage: style-with-dark-media.py STYLE.CSS STYLE-DARK.CSS OUTPUT.CSS
"""
import sys


def main():
    if len(sys.argv) != 4:
        print("usage: style-with-dark-media.py STYLE.CSS STYLE-DARK.CSS OUTPUT.CSS",
              file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as f:
        light = f.read()
    with open(sys.argv[2], encoding="utf-8") as f:
        dark = f.read()
    if "@media" in light or "@media" in dark:
        print("style-with-dark-media.py: the sources must have no media query of their own",
              file=sys.stderr)
        sys.exit(1)
    dark = "\n".join(("  " + line) if line.strip() else "" for line in dark.splitlines())
    with open(sys.argv[3], "w", encoding="utf-8") as f:
        f.write(light.rstrip("\n") + "\n\n")
        f.write("/* Made at build time from style-dark.css. */\n")
        f.write("@media (prefers-color-scheme: dark) {\n" + dark.rstrip() + "\n}\n")


main()
