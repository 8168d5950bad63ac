#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# sternhalma-cli match's figures for the first level (doc/computer.md):
# on the star with three players its place, the moves it made with one
# marble left out of the goal, the move its last marble left home, its
# moves to finish and its rear marble's lag after its 25th move; on a
# square board its margin at the end (positive when it won) and the
# tempo-number difference; and their averages in the summary.
#
# usage: check-cli-match.sh PATH-TO-sternhalma-cli      (TAP on stdout)
set -u

cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0

ok () {
  n=$((n + 1))
  if [ "$1" -eq 0 ]; then
    echo "ok $n - $2"
  else
    failed=$((failed + 1))
    echo "not ok $n - $2"
  fi
}

# has DESCRIPTION FILE REGEX
has () {
  grep -Eq -- "$3" "$2"
  result=$?
  ok $result "$1"
  [ $result -eq 0 ] || echo "# $(cat "$2")"
}

timeout 120 "$cli" match --games 2 --seed 1 --preset club classic-3 hard greedy greedy >"$tmp/star" 2>/dev/null
ok $? "classic-3 (club) match runs"
has "each star game gives the first level's place, alone and left-home" "$tmp/star" \
  '^game 2: .* place=1 alone=[0-9]+ left-home=[0-9]+ moves=[0-9]+ lag=-?[0-9]+\.[0-9]'
has "the star summary averages them" "$tmp/star" \
  '^summary: .* hard-place=1\.00 hard-alone=[0-9.]+ hard-left-home=[0-9.]+ hard-moves=[0-9.]+ hard-lag=-?[0-9.]+$'

timeout 120 "$cli" match --games 2 --seed 1 halma-8 hard random >"$tmp/square" 2>/dev/null
ok $? "halma-8 match runs"
has "a square game won by the first level has a positive margin" "$tmp/square" \
  '^game 1: .*=hard:1 .* margin=[1-9][0-9]*\.[0-9] tempo=[1-9]'
has "the square summary averages margin and tempo" "$tmp/square" \
  '^summary: hard=2 .* hard-margin=[1-9][0-9.]* hard-tempo=[1-9][0-9.]*$'
! grep -q 'margin=' "$tmp/star"
ok $? "the star match prints no square margin"

echo "1..$n"
[ "$failed" -eq 0 ]
