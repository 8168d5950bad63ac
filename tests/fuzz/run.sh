#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets of tests/fuzz/ with clang (AddressSanitizer
# and UndefinedBehaviorSanitizer, any finding fatal) and runs each over its
# checked-in seed corpus.  Separate from meson so the normal gcc build
# never needs clang.
#
# usage: tests/fuzz/run.sh [RUNS [TARGET...]]
#   RUNS     inputs per target (default 20000, what CI runs); -1 = no limit
#   TARGET   position, path, record, saved-game, journal, ratings or puzzle
#            (default: all)
# Environment: FUZZ_BUILD (default build-fuzz), CC (default clang),
#   FUZZ_ARGS (more libFuzzer options, e.g. "-max_total_time=600 -jobs=2").
# New inputs found go to $FUZZ_BUILD/corpus-TARGET, never into the seeds;
# a crash leaves crash-* in the current folder and exits non-zero.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-20000}
if [ $# -gt 0 ]; then shift; fi
targets=${*:-position path record saved-game journal ratings puzzle}
build=${FUZZ_BUILD:-$root/build-fuzz}
cc=${CC:-clang}

if ! command -v "$cc" >/dev/null 2>&1; then
  echo "tests/fuzz/run.sh: $cc not found (Debian: apt-get install clang libclang-rt-dev)" >&2
  exit 77
fi

mkdir -p "$build"
flags="-g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
  -fno-omit-frame-pointer -I$root/src/engine -I$root/src/session -I$build
  $(pkg-config --cflags gio-2.0)"
libs="$(pkg-config --libs gio-2.0) -lm"

# The board tables are generated at build time, as in src/engine/meson.build.
"$cc" -O1 -o "$build/stern-gen-tables" "$root/src/engine/stern-gen-tables.c"
"$build/stern-gen-tables" "$build/stern-star-tables.c"

# Every engine source but the table generator, so a new file needs no edit here.
engine=$(cd "$root/src/engine" && ls stern-*.c | grep -v '^stern-gen-tables\.c$')
# The desktop app's saved games and ratings (and what they name).
session="stern-saved-game.c stern-autosave.c stern-autosave-journal.c stern-autosave-lock.c
  stern-data-file.c stern-ratings.c stern-computer.c stern-game-setup.c"
objs=""
for f in $engine; do
  # shellcheck disable=SC2086
  "$cc" $flags -fsanitize=fuzzer-no-link -c "$root/src/engine/$f" -o "$build/${f%.c}.o"
  objs="$objs $build/${f%.c}.o"
done
for f in $session; do
  # shellcheck disable=SC2086
  "$cc" $flags -fsanitize=fuzzer-no-link -DGETTEXT_PACKAGE='"sternhalma"' \
    -c "$root/src/session/$f" -o "$build/${f%.c}.o"
  objs="$objs $build/${f%.c}.o"
done
# shellcheck disable=SC2086
"$cc" $flags -c "$build/stern-star-tables.c" -o "$build/stern-star-tables.o"
objs="$objs $build/stern-star-tables.o"

status=0
for t in $targets; do
  # shellcheck disable=SC2086
  "$cc" $flags "$root/tests/fuzz/fuzz-$t.c" $objs $libs -o "$build/fuzz-$t"
  mkdir -p "$build/corpus-$t"
  dict=""
  [ -f "$root/tests/fuzz/$t.dict" ] && dict="-dict=$root/tests/fuzz/$t.dict"
  echo "== fuzz-$t: $runs runs over tests/fuzz/corpus/$t"
  # shellcheck disable=SC2086
  if ! "$build/fuzz-$t" -runs="$runs" -max_len=8192 -print_final_stats=1 $dict ${FUZZ_ARGS:-} \
       "$build/corpus-$t" "$root/tests/fuzz/corpus/$t"; then
    echo "fuzz-$t: FAILED" >&2
    status=1
  fi
done
exit $status
