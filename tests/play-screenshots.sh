#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Plays a few moves of Sternhalma with real mouse clicks under Xvfb and
# saves screenshots, to look at the game as a player sees it.
#
#   tests/play-screenshots.sh OUTPUT-DIR [BUILD-DIR]
#
# BUILD-DIR defaults to ./build; it needs the built game (src/sternhalma) and
# the compiled settings schema (data/gschemas.compiled).  Needs xvfb-run,
# dbus-run-session, xdotool, ImageMagick (import) and python3.
#
# Xvfb has no window manager: the window sits at 0,0 with its client-side
# decorations.  Hole positions are computed from the window size and the
# board's geometry (the board is centred in the area left of the side panel,
# one hole spacing = min(width, height) / 15.56), so they follow the window.
set -eu

if [ $# -lt 1 ]; then
  echo "usage: $0 OUTPUT-DIR [BUILD-DIR]" >&2
  exit 2
fi

out=$(mkdir -p "$1" && cd "$1" && pwd)
build=$(cd "${2:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)

for tool in xvfb-run dbus-run-session xdotool import python3; do
  command -v "$tool" >/dev/null || { echo "$0: needs $tool" >&2; exit 77; }
done
[ -x "$build/src/sternhalma" ] || { echo "$0: no $build/src/sternhalma" >&2; exit 1; }

# Settings for this run only: a 1280×800 window, default game (white human
# against a black computer), animations on.
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT
mkdir -p "$config/glib-2.0/settings"
cat > "$config/glib-2.0/settings/keyfile" <<KEYFILE
[io/github/sternhalma/Sternhalma]
window-width=1280
window-height=800
KEYFILE

export OUT="$out" BUILD="$build" HERE="$here"
export XDG_CONFIG_HOME="$config"
# Its own data folder too: no autosave of the player's is read or overwritten.
mkdir -p "$config/data"
export XDG_DATA_HOME="$config/data"
export GSETTINGS_BACKEND=keyfile GSETTINGS_SCHEMA_DIR="$build/data"
export GTK_A11Y=none NO_AT_BRIDGE=1 GSK_RENDERER=cairo

xvfb-run -a -s '-screen 0 1280x800x24 -nolisten tcp' dbus-run-session -- sh -eu -c '
  "$BUILD/src/sternhalma" 2>"$OUT/sternhalma.log" &
  app=$!
  WID=$(xdotool search --sync --onlyvisible --class sternhalma | head -1)
  sleep 2

  eval "$(xdotool getwindowgeometry --shell "$WID")"   # WIDTH, HEIGHT

  # Widget point of a hole, in window coordinates.  The constants are the
  # window frame: CSD border, header bar, side panel and status line.
  hole () {
    python3 - "$WIDTH" "$HEIGHT" "$1" <<PY
import math, sys
W, H, name = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
left, top, right, bottom = 5, 51, 266, 35
bw, bh = W - left - right, H - top - bottom
unit = min(bw, bh) / (2 * (7.70 + 0.08))
u, v = ord(name[0]) - ord("i"), int(name[1:]) - 9
x = left + bw / 2 + unit * (u + v / 2)
y = top + bh / 2 - unit * v * math.sqrt(3) / 2
print(round(x), round(y))
PY
  }

  click () {
    set -- $(hole "$1")
    xdotool mousemove --window "$WID" "$1" "$2" click 1
    sleep 0.4
  }

  hover () {
    set -- $(hole "$1")
    xdotool mousemove --window "$WID" "$1" "$2"
    sleep 0.4
  }

  shot () {
    import -window root "$OUT/$1.png"
  }

  shot 01-start

  # 1. l3 jumps over l4 to l5.
  click l3
  shot 02-selected
  hover l5
  shot 03-preview
  click l5
  sleep 2               # the jump, the computer thinking and its answer
  shot 04-after-reply

  # 2. k3 jumps over k4 to k5.
  click k3
  click k5
  sleep 2

  # 3. m1 jumps twice: over l2 to k3, then over j4 to i5.
  click m1
  hover i5
  shot 05-chain-preview
  click i5
  sleep 2
  shot 06-three-moves

  # The New Game dialog, the menu and the rules.
  xdotool windowfocus --sync "$WID" key ctrl+n
  sleep 1
  shot 07-new-game
  xdotool key Escape
  sleep 0.5
  xdotool windowfocus --sync "$WID" key F1
  sleep 1
  shot 08-rules
  xdotool key Escape
  sleep 0.5
  xdotool windowfocus --sync "$WID" key ctrl+question
  sleep 1
  shot 09-shortcuts
  xdotool key Escape
  sleep 0.5

  xdotool windowfocus --sync "$WID" key ctrl+q
  wait "$app"

  # A six-player game, white against five computers: the main-window shot.
  cat >> "$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<KEYFILE
variant='"'"'classic-6'"'"'
seat-kinds=['"'"'human'"'"', '"'"'computer'"'"', '"'"'computer'"'"', '"'"'computer'"'"', '"'"'computer'"'"', '"'"'computer'"'"']
KEYFILE
  "$BUILD/src/sternhalma" 2>>"$OUT/sternhalma.log" &
  app=$!
  WID=$(xdotool search --sync --onlyvisible --class sternhalma | head -1)
  sleep 2
  eval "$(xdotool getwindowgeometry --shell "$WID")"

  # Each white move is followed by five computer moves of about a second.
  for move in "l3 l5" "k3 k5" "m1 i5" "k4 k6"; do
    set -- $move
    click "$1"
    click "$2"
    sleep 6
  done
  shot 10-six-players
  click l4
  hover j6
  shot main-window

  xdotool windowfocus --sync "$WID" key ctrl+q
  wait "$app"
'

echo "Screenshots in $out:"
ls "$out"
