#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The preferences and the last New Game setup survive a restart, with the
# real dconf backend: one process sets them, another one, in a new D-Bus
# session with a new dconf service, finds them.
#
#   check-persist.sh PATH-TO-test-persist
#
# Each run has its own configuration and runtime folders, so the user's
# dconf database is never touched.  TAP on stdout.  Exits 77 (skipped)
# without dconf (packages dconf-service and dconf-gsettings-backend) or
# dbus-run-session.
set -u

helper=$1
n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }

module=$(find /usr/lib /usr/lib64 -path '*gio/modules/libdconfsettings.so' 2>/dev/null | head -n 1)
service=$(find /usr/share/dbus-1/services -name 'ca.desrt.dconf.service' 2>/dev/null | head -n 1)
if [ -z "$module" ] || [ -z "$service" ] || ! command -v dbus-run-session >/dev/null; then
  echo "1..0 # SKIP needs dconf-gsettings-backend, dconf-service and dbus-run-session"
  exit 77
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/config" "$tmp/runtime" "$tmp/data"
chmod 700 "$tmp/runtime"

run () {
  # The bus and the dconf service it starts see these folders only.
  env XDG_CONFIG_HOME="$tmp/config" XDG_RUNTIME_DIR="$tmp/runtime" XDG_DATA_HOME="$tmp/data" \
      GSETTINGS_BACKEND=dconf \
      dbus-run-session -- "$helper" "$1" >"$tmp/$1.out" 2>"$tmp/$1.err"
}

if run write; then
  ok "the preferences and a New Game setup are set"
else
  sed 's/^/check-persist: write: /' "$tmp/write.err" >&2
  not_ok "the preferences and a New Game setup are set"
fi

if [ -s "$tmp/config/dconf/user" ]; then
  ok "the dconf database is written to disk"
else
  not_ok "the dconf database is written to disk"
fi

if run read; then
  ok "a new process, bus and dconf service find them"
else
  sed 's/^/check-persist: read: /' "$tmp/read.err" >&2
  not_ok "a new process, bus and dconf service find them"
fi

if [ -s "$tmp/write.out" ] || [ -s "$tmp/read.out" ]; then
  not_ok "the helper prints nothing on stdout"
else
  ok "the helper prints nothing on stdout"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
