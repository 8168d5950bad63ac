#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The search's node-count signature (sternhalma-cli bench --signature) is
# the one in tests/bench-signature.txt: a change that only makes the engine
# faster keeps every search's node count, move and score.  A change meant
# to alter how the computer plays writes the new file in the same commit:
#     build/src/cli/sternhalma-cli bench --signature > tests/bench-signature.txt
#
# usage: check-bench-signature.sh PATH-TO-sternhalma-cli EXPECTED   (TAP on stdout)
set -u

cli=$1
expected=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "1..1"
if ! "$cli" bench --signature >"$tmp/out" 2>"$tmp/err"; then
  echo "not ok 1 - sternhalma-cli bench --signature failed"
  sed 's/^/# /' "$tmp/err"
  exit 1
fi
if cmp -s "$expected" "$tmp/out"; then
  echo "ok 1 - $(tail -n 1 "$tmp/out")"
  exit 0
fi
echo "not ok 1 - the signature changed: $(tail -n 1 "$tmp/out"), expected $(tail -n 1 "$expected")"
diff "$expected" "$tmp/out" | sed 's/^/# /' | head -n 40
exit 1
