#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs a configured build into a temporary DESTDIR and checks that the
# installed tree has everything GNOME needs to show and start the game, and
# that the installed desktop file, metainfo and schema validate.
#
# usage: check-install.sh BUILD_DIR [--start]
# Needs: meson, python3, desktop-file-validate (desktop-file-utils),
# appstreamcli (appstream), glib-compile-schemas (libglib2.0-bin).
# With --start it also starts the installed game from its installed desktop
# file (gio launch), waits for its window and quits it with Ctrl+Q; that needs
# a display and a session bus, and xdotool:
#   xvfb-run -a dbus-run-session -- tests/check-install.sh BUILD_DIR --start
# Exits non-zero if anything is missing or invalid.

set -u

builddir=${1:?usage: check-install.sh BUILD_DIR [--start]}
start=${2:-}
app_id=io.github.sternhalma.Sternhalma
srcdir=$(cd "$(dirname "$0")/.." && pwd)

dest=$(mktemp -d "${TMPDIR:-/tmp}/sternhalma-install.XXXXXX")
trap 'rm -rf "$dest"' EXIT INT TERM

failures=0
checks=0
pass () { checks=$((checks + 1)); echo "ok - $*"; }
fail () { checks=$((checks + 1)); failures=$((failures + 1)); echo "FAILED - $*"; }
check_file () { # check_file DESCRIPTION PATH
  if [ -f "$2" ]; then pass "$1: ${2#"$dest"}"; else fail "$1 missing: ${2#"$dest"}"; fi
}
check_cmd () { # check_cmd DESCRIPTION COMMAND...
  desc=$1; shift
  if out=$("$@" 2>&1); then pass "$desc"; else fail "$desc"; printf '%s\n' "$out" | sed 's/^/    /'; fi
}

echo "check-install: installing $builddir into $dest"
if ! meson install -C "$builddir" --destdir "$dest" >"$dest.log" 2>&1; then
  cat "$dest.log"; rm -f "$dest.log"
  echo "check-install: meson install failed"
  exit 1
fi
rm -f "$dest.log"

# Where things go: the build's own prefix, bindir, datadir and localedir.
dirs=$(meson introspect --buildoptions "$builddir" | python3 -c '
import json, sys
opts = {o["name"]: o["value"] for o in json.load(sys.stdin)}
prefix = opts["prefix"]
for key in ("bindir", "datadir", "localedir"):
    value = opts[key]
    print(value if value.startswith("/") else prefix.rstrip("/") + "/" + value)
') || { echo "check-install: cannot read the build options of $builddir"; exit 1; }
bindir=$dest$(echo "$dirs" | sed -n 1p)
datadir=$dest$(echo "$dirs" | sed -n 2p)
localedir=$dest$(echo "$dirs" | sed -n 3p)

desktop=$datadir/applications/$app_id.desktop
metainfo=$datadir/metainfo/$app_id.metainfo.xml
schemadir=$datadir/glib-2.0/schemas
icon=$datadir/icons/hicolor/scalable/apps/$app_id.svg
symbolic=$datadir/icons/hicolor/symbolic/apps/$app_id-symbolic.svg
mimexml=$datadir/mime/packages/$app_id.xml

for exe in sternhalma sternhalma-cli; do
  if [ -f "$bindir/$exe" ] && [ -x "$bindir/$exe" ]; then
    pass "executable: ${bindir#"$dest"}/$exe"
  else
    fail "executable missing: ${bindir#"$dest"}/$exe"
  fi
done
check_file "desktop file" "$desktop"
check_file "metainfo" "$metainfo"
check_file "settings schema" "$schemadir/$app_id.gschema.xml"
check_file "app icon" "$icon"
check_file "symbolic icon" "$symbolic"
check_file "MIME type of game records" "$mimexml"

# The MIME database built from the installed tree maps *.sgr to our type.
if [ -f "$mimexml" ]; then
  if command -v update-mime-database >/dev/null 2>&1; then
    mimedir=$(mktemp -d "${TMPDIR:-/tmp}/sternhalma-mime.XXXXXX")
    mkdir -p "$mimedir/packages"
    cp "$mimexml" "$mimedir/packages/"
    check_cmd "update-mime-database accepts the installed MIME type" update-mime-database "$mimedir"
    if grep -q '^application/x-sternhalma-game:\*\.sgr$' "$mimedir/globs" 2>/dev/null; then
      pass "*.sgr is application/x-sternhalma-game"
    else
      fail "*.sgr is not mapped to application/x-sternhalma-game"
    fi
    rm -rf "$mimedir"
  else
    fail "update-mime-database not found (package shared-mime-info)"
  fi
fi

if [ -f "$desktop" ]; then
  if command -v desktop-file-validate >/dev/null 2>&1; then
    check_cmd "desktop-file-validate on the installed desktop file" desktop-file-validate "$desktop"
  else
    fail "desktop-file-validate not found (package desktop-file-utils)"
  fi
  # The desktop file must start the installed game and name the installed icon.
  exec_cmd=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$desktop" | head -n 1)
  if [ -n "$exec_cmd" ] && [ -x "$bindir/$exec_cmd" ]; then
    pass "desktop Exec=$exec_cmd is installed in bindir"
  else
    fail "desktop Exec=$exec_cmd is not an installed executable"
  fi
  # Files opens game records with it: the type, and a file argument.
  if grep -q '^MimeType=.*application/x-sternhalma-game;' "$desktop"; then
    pass "desktop MimeType lists application/x-sternhalma-game"
  else
    fail "desktop MimeType does not list application/x-sternhalma-game"
  fi
  if grep -q '^Exec=[^ ]* .*%[FfUu]' "$desktop"; then
    pass "desktop Exec takes the files to open"
  else
    fail "desktop Exec has no %F (Files could not open a record with it)"
  fi
  icon_name=$(sed -n 's/^Icon=//p' "$desktop" | head -n 1)
  if [ "$icon_name" = "$app_id" ] && [ -f "$icon" ]; then
    pass "desktop Icon=$icon_name is installed"
  else
    fail "desktop Icon=$icon_name does not match an installed icon"
  fi
fi

if [ -f "$metainfo" ]; then
  if command -v appstreamcli >/dev/null 2>&1; then
    check_cmd "appstreamcli validate on the installed metainfo" appstreamcli validate --no-net --pedantic --explain "$metainfo"
    # validate-tree also checks that the metainfo finds its desktop file.
    check_cmd "appstreamcli validate-tree on the installed prefix" \
      appstreamcli validate-tree --no-net "${datadir%/share}"
  else
    fail "appstreamcli not found (package appstream)"
  fi
  if grep -q "<mediatype>application/x-sternhalma-game</mediatype>" "$metainfo"; then
    pass "metainfo provides the game record type"
  else
    fail "metainfo has no <mediatype>application/x-sternhalma-game</mediatype>"
  fi
  if grep -q "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$metainfo"; then
    pass "metainfo launchable names the installed desktop file"
  else
    fail "metainfo has no launchable $app_id.desktop"
  fi
fi

if [ -d "$schemadir" ]; then
  check_cmd "glib-compile-schemas --strict on the installed schemas" \
    glib-compile-schemas --strict --dry-run "$schemadir"
fi

# Every language in po/LINGUAS has its installed catalogue.
if [ -f "$srcdir/po/LINGUAS" ]; then
  # shellcheck disable=SC2013  # LINGUAS lists words, several per line allowed
  for lang in $(sed 's/#.*//' "$srcdir/po/LINGUAS"); do
    check_file "translation $lang" "$localedir/$lang/LC_MESSAGES/sternhalma.mo"
  done
fi

# The sounds, read from files by libcanberra.
for sound in step jump your-turn game-over; do
  check_file "sound $sound" "$datadir/sternhalma/sounds/$sound.ogg"
done

# Start the installed game the way the desktop does: from its desktop file,
# with only the installed tree on the search paths.
if [ "$start" = "--start" ]; then
  if [ -z "${DISPLAY:-}" ] || ! command -v gio >/dev/null 2>&1 || ! command -v xdotool >/dev/null 2>&1; then
    fail "--start needs DISPLAY, gio (libglib2.0-bin) and xdotool"
  elif [ -f "$desktop" ]; then
    glib-compile-schemas "$schemadir"
    (
      export PATH="$bindir:$PATH"
      export XDG_DATA_DIRS="$datadir:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
      export GSETTINGS_SCHEMA_DIR="$schemadir" GSETTINGS_BACKEND=memory GTK_A11Y=none
      exec gio launch "$desktop"
    ) >"$dest/launch.log" 2>&1 &
    wid=$(timeout 30 xdotool search --sync --onlyvisible --class sternhalma 2>/dev/null | head -n 1)
    if [ -n "$wid" ]; then
      pid=$(xdotool getwindowpid "$wid" 2>/dev/null || true)
      pass "the installed game started from its desktop file (window $wid)"
      # A first start asks whether to start the tutorial: before libadwaita
      # 1.5 in a window of its own (transient for the game's window, and it
      # takes the keys), inside the game's window after. Which of the two
      # windows the search above found first is a race, so each is told by
      # its WM_TRANSIENT_FOR. Escape answers Not Now, then Ctrl+Q quits.
      visible () { xdotool search --onlyvisible --pid "$pid" 2>/dev/null; }
      is_transient () { xprop -id "$1" WM_TRANSIENT_FOR 2>/dev/null | grep -q 'window id'; }
      main_window () {
        for w in $(visible); do is_transient "$w" || { echo "$w"; return; }; done
      }
      question () {
        for w in $(visible); do is_transient "$w" && { echo "$w"; return; }; done
      }
      n=0
      while [ -z "$(question)" ] && [ "$n" -lt 30 ]; do sleep 0.2; n=$((n + 1)); done
      q=$(question)
      xdotool windowfocus --sync "${q:-$(main_window)}" key Escape 2>/dev/null
      n=0
      while [ -n "$(question)" ] && [ "$n" -lt 50 ]; do sleep 0.2; n=$((n + 1)); done
      main=$(main_window)
      xdotool windowfocus --sync "${main:-$wid}" key ctrl+q 2>/dev/null
      # Wait for it to quit; end it (by its own pid only) if it does not.
      n=0
      while [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && [ "$n" -lt 50 ]; do
        sleep 0.2; n=$((n + 1))
      done
      if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill "$pid"
        fail "the game did not quit on Ctrl+Q"
      else
        pass "the game quit on Ctrl+Q"
      fi
    else
      fail "no game window appeared within 30 s of gio launch"
      sed 's/^/    /' "$dest/launch.log"
    fi
    wait
  fi
fi

if [ "$failures" -ne 0 ]; then
  echo "check-install: $failures of $checks checks FAILED"
  exit 1
fi
echo "check-install: all $checks checks passed"
exit 0
