#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# sternhalma-cli review and analyse: the JSON lines of a review are the
# golden ones (tests/cases/review-blunder.jsonl; write them again with
# `sternhalma-cli review --level medium --json tests/cases/review-blunder.sgr`
# when the review is meant to change), each inaccuracy or worse has a
# reason (`why`) and each seat an accuracy, in the JSON and the text, and
# bad input is refused naming it.
#
# usage: check-cli-review.sh PATH-TO-sternhalma-cli      (TAP on stdout)
set -u

cli=$1
cases=${G_TEST_SRCDIR:-$(dirname "$0")/..}/cases
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

echo "1..17"
# The reasons are written in the language of the locale: English here.
LC_ALL=C.UTF-8 LANGUAGE=
export LC_ALL LANGUAGE
timeout 60 "$cli" review --level medium --json "$cases/review-blunder.sgr" >"$tmp/review.jsonl" 2>"$tmp/err"
ok $? "review --json runs"
diff -u "$cases/review-blunder.jsonl" "$tmp/review.jsonl" | sed 's/^/# /'
cmp -s "$cases/review-blunder.jsonl" "$tmp/review.jsonl"
ok $? "review --json gives the golden lines"

# Every row of an inaccuracy, mistake or blunder: a reason with its id,
# figure and text; the planted blunder is the chain it missed.
rows=$(grep -c '"class": "\(inaccuracy\|mistake\|blunder\)"' "$tmp/review.jsonl")
with_why=$(grep '"class": "\(inaccuracy\|mistake\|blunder\)"' "$tmp/review.jsonl" |
  grep -c '"why": {"id": "[a-z-]*", "figure": [0-9]*, "text": "[^"]')
[ "$rows" -gt 0 ] && [ "$rows" -eq "$with_why" ]
ok $? "review --json: each of the $rows inaccuracies or worse has a why"
grep -q '"played": "l5-l4".*"why": {"id": "missed-jump", "figure": 3, "text": "missed a jump of 3 hops"}' "$tmp/review.jsonl" &&
  [ "$(grep -c '"summary".*"seat": "white".*"accuracy": [0-9.]*.*"seat": "black".*"accuracy": [0-9.]*' "$tmp/review.jsonl")" -eq 1 ]
ok $? "review --json: the planted blunder's reason, both seats' accuracy"

timeout 60 "$cli" review --level medium "$cases/review-blunder.sgr" >"$tmp/review.txt" 2>"$tmp/err"
ok $? "review (text) runs"
grep -q '^  14 white  l5-l4 .* blunder: missed a jump of 3 hops$' "$tmp/review.txt" &&
  grep -q '^white: 10 moves, .*, accuracy [0-9.]*;' "$tmp/review.txt" &&
  grep -q '^black: 10 moves, .*, accuracy [0-9.]*;' "$tmp/review.txt"
ok $? "review (text) shows the reason and each colour's accuracy"

timeout 60 "$cli" analyse --level medium --depth 3 'classic-2 white white:k3,l4,m4,k5,j6,k7,i8,j8,k8,h9 black:g11,j11,e12,g12,h12,j12,e13,i13,e16,f16' >"$tmp/analyse" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q '^white ' "$tmp/analyse" && grep -q '^black ' "$tmp/analyse" &&
  [ "$(grep '^line:' "$tmp/analyse" | wc -w)" -eq 4 ]
ok $? "analyse prints both colours and three moves"

# A race ending (doc/computer.md, "Race endings"): each side past the
# other's marbles for good, its moves to finish proved from Hard up.
ending='classic-2 white white:e17,f16,e15,g14,f13,h12,g12,h11,g10,i10 black:m1,l2,j5,k5,h6,i6,j6,k6,h7,i7'
timeout 60 "$cli" analyse --depth 1 "$ending" >"$tmp/analyse" 2>"$tmp/err"
grep -qx 'white 8.0 (finishes in 8 moves, proved)' "$tmp/analyse" &&
  grep -qx 'black 8.0 (finishes in 8 moves, proved)' "$tmp/analyse"
ok $? "analyse says a race ending's moves are proved"
sed 's/^/# /' "$tmp/analyse"
timeout 60 "$cli" analyse --level medium --depth 1 "$ending" >"$tmp/analyse" 2>"$tmp/err"
grep -q '^white ' "$tmp/analyse" && ! grep -q 'proved' "$tmp/analyse"
ok $? "analyse at Medium proves nothing"

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
