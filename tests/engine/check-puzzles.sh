#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The puzzle set (data/puzzles.txt): `sternhalma-cli puzzle check` proves
# every puzzle of it, the set has at least 200 of every kind together, and
# the check fails, naming the puzzle, on puzzles planted with a second
# solution, an illegal move, a quicker win, a margin another move keeps
# within, a wrong difficulty; a damaged line is refused naming its line.
#
# usage: check-puzzles.sh PATH-TO-sternhalma-cli PATH-TO-puzzles.txt   (TAP on stdout)
set -u

cli=$1
set_file=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0
LC_ALL=C.UTF-8 LANGUAGE=
export LC_ALL LANGUAGE

ok () {
  n=$((n + 1))
  if [ "$1" -eq 0 ]; then
    echo "ok $n - $2"
  else
    failed=$((failed + 1))
    echo "not ok $n - $2"
  fi
}

# first_line KIND-PATTERN: the set's first puzzle line of that kind.
first_line () {
  grep -m1 -E "^[^#][^|]*\| $1 \|" "$set_file"
}

# planted DESCRIPTION ID FRAGMENT LINE: a file of the first puzzle of each
# kind and the planted line; the check must fail on that line alone,
# naming it and saying FRAGMENT.
planted () {
  desc=$1 id=$2 fragment=$3
  { first_line jump; first_line 'win-in-[0-9]'; first_line race; echo "$4"; } >"$tmp/planted.txt"
  timeout 120 "$cli" puzzle check "$tmp/planted.txt" >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ "$status" -eq 1 ] && grep -q -- "^FAILED $id: .*$fragment" "$tmp/out" &&
    [ "$(grep -c '^FAILED' "$tmp/out")" -eq 1 ] && [ "$(grep -c '^ok ' "$tmp/out")" -eq 3 ]
  result=$?
  ok $result "$desc"
  [ $result -eq 0 ] || { echo "# exit $status:"; sed 's/^/# /' "$tmp/out" "$tmp/err"; }
}

echo "1..12"

# --- the whole set ---
start=$(date +%s)
timeout 900 "$cli" puzzle check "$set_file" >"$tmp/check" 2>"$tmp/err"
status=$?
total=$(grep -c '^[^#[:space:]]' "$set_file")
proved=$(grep -c '^ok ' "$tmp/check")
[ "$status" -eq 0 ] && [ "$proved" -eq "$total" ] &&
  grep -q "^checked $total puzzles: 0 failed" "$tmp/check"
result=$?
ok $result "puzzle check proves all $total puzzles ($(( $(date +%s) - start )) s)"
[ $result -eq 0 ] && : || { grep -v '^ok ' "$tmp/check" | sed 's/^/# /'; sed 's/^/# /' "$tmp/err"; }

timeout 60 "$cli" puzzle list "$set_file" >"$tmp/list" 2>"$tmp/err"
status=$?
jumps=$(grep -c '| jump |' "$set_file")
wins=$(grep -c '| win-in-[0-9] |' "$set_file")
races=$(grep -c '| race |' "$set_file")
[ "$status" -eq 0 ] && [ "$total" -ge 200 ] && [ "$jumps" -gt 0 ] && [ "$wins" -gt 0 ] &&
  [ "$races" -gt 0 ] && grep -q "^$total puzzles$" "$tmp/list" &&
  grep -q "^jump: $jumps (" "$tmp/list" && grep -q "^win: $wins (" "$tmp/list" &&
  grep -q "^race: $races (" "$tmp/list"
ok $? "puzzle list: $total puzzles, $jumps jump, $wins win, $races race"

# --- planted bad puzzles ---
planted "a second longest chain" planted-jump "a second chain of 1 hops: i9-i7" \
  "planted-jump | jump | 1 | classic-2 white white:i9,m1 black:i10,i8,e17 | i9-i11 | 0"

# The set's first jump, its path walked backwards: from an empty hole.
line=$(first_line jump)
path=$(echo "$line" | cut -d'|' -f5 | tr -d ' ')
backwards=$(echo "$path" | tr '-' '\n' | tac | paste -sd-)
planted "an illegal solution" planted-illegal "is not a legal move" \
  "$(echo "$line" | sed "s/^[^|]*|/planted-illegal |/; s/| $path |/| $backwards |/")"

planted "a wrong difficulty" planted-difficulty "the difficulty is" \
  "$(echo "$line" | awk -F' [|] ' -v OFS=' | ' '{ $1 = "planted-difficulty"; $3 = $3 % 5 + 1; print }')"

# A race whose margin another move keeps within: a second solution.
planted "a race margin another move keeps within" planted-race "loses only" \
  "$(first_line race | awk -F' [|] ' -v OFS=' | ' '{ $1 = "planted-race"; $6 = "99.9"; print }')"

# A win in 2 stated as a win in 3: the quicker win is found.
planted "a win stated one move too long" planted-win "wins in 2 already" \
  "$(first_line win-in-2 | awk -F' [|] ' -v OFS=' | ' '{ $1 = "planted-win"; $2 = "win-in-3"; print }')"

# A damaged line: refused, naming the file, the line and the field.
{ first_line jump; echo "broken | jump | 1 | classic-2 white white:i9 | i9-i11"; } >"$tmp/broken.txt"
timeout 30 "$cli" puzzle check "$tmp/broken.txt" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] && grep -q "broken.txt: line 2, a puzzle has 6 fields" "$tmp/err"
ok $? "a damaged line is refused naming its line"

# --- the command line ---
timeout 10 "$cli" puzzle >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "puzzle generate" "$tmp/err"
ok $? "puzzle alone prints its usage"
timeout 10 "$cli" puzzle generate --count 1 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q -- "--count takes a number from 3" "$tmp/err"
ok $? "generate refuses a count below one of each kind"
timeout 10 "$cli" puzzle check "$tmp/none.txt" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "none.txt" "$tmp/err"
ok $? "a missing file is named"

# --- a small set made again: the same lines, all proved ---
timeout 300 "$cli" puzzle generate --seed 7 --count 6 >"$tmp/small1.txt" 2>"$tmp/err" &&
  timeout 300 "$cli" puzzle generate --seed 7 --count 6 >"$tmp/small2.txt" 2>>"$tmp/err" &&
  cmp -s "$tmp/small1.txt" "$tmp/small2.txt" &&
  [ "$(grep -c '^[^#]' "$tmp/small1.txt")" -eq 6 ] &&
  timeout 120 "$cli" puzzle check "$tmp/small1.txt" >"$tmp/out" 2>>"$tmp/err"
result=$?
ok $result "generate --seed 7 --count 6 gives the same 6 proved puzzles twice"
[ $result -eq 0 ] || sed 's/^/# /' "$tmp/err" "$tmp/small1.txt"

[ "$failed" -eq 0 ]
