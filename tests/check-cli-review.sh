#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# sternhalma-cli review and analyse: the JSON lines of a review are the
# golden ones (tests/cases/review-blunder.jsonl; write them again with
# `sternhalma-cli review --level medium --json tests/cases/review-blunder.sgr`
# when the review is meant to change), and bad input is refused naming it.
#
# usage: check-cli-review.sh PATH-TO-sternhalma-cli      (TAP on stdout)
set -u

cli=$1
cases=${G_TEST_SRCDIR:-$(dirname "$0")}/cases
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

# refused DESCRIPTION STDERR-FRAGMENT ARGS...
refused () {
  desc=$1 fragment=$2
  shift 2
  timeout 30 "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ "$status" -ne 0 ] && grep -q -- "$fragment" "$tmp/err"
  result=$?
  ok $result "$desc"
  [ $result -eq 0 ] || echo "# exit $status, stderr: $(cat "$tmp/err")"
}

echo "1..11"
timeout 60 "$cli" review --level medium --json "$cases/review-blunder.sgr" >"$tmp/review.jsonl" 2>"$tmp/err"
ok $? "review --json runs"
diff -u "$cases/review-blunder.jsonl" "$tmp/review.jsonl" | sed 's/^/# /'
cmp -s "$cases/review-blunder.jsonl" "$tmp/review.jsonl"
ok $? "review --json gives the golden lines"

timeout 60 "$cli" analyse --level medium --depth 3 'classic-2 white white:k3,l4,m4,k5,j6,k7,i8,j8,k8,h9 black:g11,j11,e12,g12,h12,j12,e13,i13,e16,f16' >"$tmp/analyse" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q '^white ' "$tmp/analyse" && grep -q '^black ' "$tmp/analyse" &&
  [ "$(grep '^line:' "$tmp/analyse" | wc -w)" -eq 4 ]
ok $? "analyse prints both colours and three moves"

printf '[Variant "classic-2"]\n\n1. l4-l5 e14-e10\n' >"$tmp/bad.sgr"
refused "an illegal move in a record is refused with its line" "line 3" review "$tmp/bad.sgr"
refused "a missing file is refused" "$tmp/none.sgr" review "$tmp/none.sgr"
refused "an unknown level is refused" "unknown level" review --level grand "$cases/review-blunder.sgr"
refused "a bad position is refused" "classic-2" analyse 'classic-2 white white:z9'
refused "a bad depth is refused" "--depth" analyse --depth 0 'classic-2 white white:m1 black:e13'
refused "an unknown option is refused" "unknown option --deep" analyse --deep 3 'classic-2 white white:m1 black:e13'
refused "an option without its value is refused" "--level needs a value" review --level
refused "a value to --json is refused" "--json takes no value" review --json=yes "$cases/review-blunder.sgr"

[ "$failed" -eq 0 ]
