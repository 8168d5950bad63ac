#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# How long `sternhalma-cli review` takes at each level (figures in
# doc/benchmarks.md): CPU seconds of the process for the records
# tests/cases/bench-review-*.sgr (60 rounds of classic-2, a six-player
# game, a halma-8 game).
#
# usage: bench-review.sh PATH-TO-sternhalma-cli [LEVEL...]
set -u

cli=$1
shift
levels=${*:-easy medium hard expert}
cases=$(dirname "$0")/../cases

printf '%-34s %-7s %6s %8s %9s\n' record level plies "cpu s" "s a ply"
for record in "$cases"/bench-review-*.sgr; do
  plies=$(grep -o '^[0-9]*\. .*' "$record" | sed 's/^[0-9]*\. //' | wc -w)
  for level in $levels; do
    t=$( { /usr/bin/time -f '%U %S' "$cli" review --level "$level" "$record" >/dev/null; } 2>&1 | tail -1)
    cpu=$(echo "$t" | awk '{ print $1 + $2 }')
    printf '%-34s %-7s %6s %8.2f %9.3f\n' "$(basename "$record")" "$level" "$plies" "$cpu" \
      "$(echo "$cpu $plies" | awk '{ print $1 / $2 }')"
  done
done
