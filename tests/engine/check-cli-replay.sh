#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# sternhalma-cli replay on what users hand it (issues #14, #15): files that
# are not regular files fail at once with status 1, warnings go to stderr,
# race with more than two players is refused; and the records `match
# --records` writes replay to the result the match printed.
#
# usage: check-cli-replay.sh PATH-TO-sternhalma-cli      (TAP on stdout)
set -u

cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0

# check DESCRIPTION EXPECTED-STATUS STDERR-FRAGMENT FILE
check () {
  n=$((n + 1))
  timeout 10 "$cli" replay "$4" >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -eq "$2" ] && grep -q -- "$3" "$tmp/err"; then
    echo "ok $n - $1"
  else
    failed=$((failed + 1))
    echo "not ok $n - $1"
    echo "# exit $status (expected $2), stderr: $(cat "$tmp/err")"
  fi
}

echo "1..10"
check "/dev/zero is refused" 1 "is a device" /dev/zero
mkfifo "$tmp/fifo"
check "a FIFO is refused without blocking" 1 "named pipe" "$tmp/fifo"
ln -s /dev/zero "$tmp/zero.sgr"
check "a link to /dev/zero is refused" 1 "is a device" "$tmp/zero.sgr"
check "a folder is refused" 1 "is a folder" "$tmp"

printf '[Variant "classic-2"]\n[Result "1-0"]\n\n1. l4-l5 e14-e13\n' >"$tmp/result.sgr"
check "a Result tag on an unfinished game is a warning" 0 "line 2: the Result tag says" "$tmp/result.sgr"

printf '[Variant "classic-3"]\n[Preset "race"]\n' >"$tmp/race.sgr"
check "race with three players is refused" 1 "line 2, column 10: the race preset is for two players" "$tmp/race.sgr"

printf '\377\376[\000V\000a\000r\000' >"$tmp/utf16.sgr"
check "UTF-16 is named as such, as the window does" 1 "UTF-16" "$tmp/utf16.sgr"

printf '[Variant "classic-2"] 1. m3-k5 f15-f13\n' >"$tmp/tag-line.sgr"
check "moves on a tag's line are refused" 1 "line 1, column 23: text after tag Variant" "$tmp/tag-line.sgr"

n=$((n + 1))
printf '[Variant "classic-2"]\n[Position "classic-2 white white:e16,f16,e15,f15,g15,e14,f14,g14,h13,m1 black:e17,l2,m2,k3,l3,m3,j4,k4,l4,m5"]\n\n1. h13-h14 m5-l5\n' >"$tmp/reply.sgr"
if timeout 10 "$cli" replay "$tmp/reply.sgr" >"$tmp/out" 2>"$tmp/err" &&
   sed -n 1p "$tmp/out" | grep -q '^classic-2 white ' && [ "$(sed -n 2p "$tmp/out")" = "1-0" ]; then
  echo "ok $n - a game ended by black's reply has white next in its last position"
else
  failed=$((failed + 1))
  echo "not ok $n - a game ended by black's reply has white next in its last position"
  echo "# replay: $(cat "$tmp/out" "$tmp/err")"
fi

n=$((n + 1))
timeout 60 "$cli" match --games 1 --seed 3 --records "$tmp/games" ugolki-mini greedy random >"$tmp/match" 2>/dev/null
if grep -q "white=greedy:1" "$tmp/match"; then want="1-0"; else want="0-1"; fi
if timeout 10 "$cli" replay "$tmp/games/game-1.txt" >"$tmp/out" 2>"$tmp/err" &&
   [ "$(sed -n 2p "$tmp/out")" = "$want" ] && [ ! -s "$tmp/err" ]; then
  echo "ok $n - a match record replays to the match's result"
else
  failed=$((failed + 1))
  echo "not ok $n - a match record replays to the match's result"
  echo "# match: $(cat "$tmp/match"), replay: $(cat "$tmp/out" "$tmp/err")"
fi

[ "$failed" -eq 0 ]
