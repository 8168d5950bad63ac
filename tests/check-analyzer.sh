#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-analyzer.sh: GCC's static analyzer (-fanalyzer) over the engine,
# the session, the network library and the server, with no finding allowed.
#
#   tests/check-analyzer.sh [BUILDDIR]   configure BUILDDIR (default
#                                        build-analyzer) and compile every
#                                        object under src/engine, src/session,
#                                        src/net and src/server in it
#   tests/check-analyzer.sh --self-test  a planted use after free and NULL
#                                        dereference must be found
#
# Without the window (-Dgui=false) and at -O0: at -O2 GCC 12 gives up on
# stern_net_message_parse and stern_record_read_with_warnings as too complex
# and then reports a g_autofree variable as uninitialized in both, which it
# is not (each is set to NULL where it is declared); at -O0 it follows them
# to the end and finds nothing there.  Warnings are errors (-Dwerror=true),
# so an object with a finding is not written and every run reports it
# again.  About a minute of two cores.
set -eu
cd "$(dirname "$0")/.."

analyzer_flags='-fanalyzer'

if [ "${1:-}" = --self-test ]; then
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
  cat >"$dir/planted.c" <<'EOF'
#include <stdlib.h>

int planted_use_after_free (void);
int planted_null (int b);

int
planted_use_after_free (void)
{
  int *p = calloc (1, sizeof *p);
  int v;

  if (p == NULL)
    return 0;
  free (p);
  v = *p;
  return v;
}

int
planted_null (int b)
{
  int *p = b ? NULL : calloc (1, sizeof *p);
  int v = *p;

  free (p);
  return v;
}
EOF
  status=0
  ${CC:-cc} $analyzer_flags -O0 -Werror -c "$dir/planted.c" -o "$dir/planted.o" >"$dir/log" 2>&1 || status=$?
  for kind in use-after-free null-dereference; do
    if ! grep -q "analyzer-$kind\]" "$dir/log"; then
      cat "$dir/log"
      echo "check-analyzer self-test: FAILED: the planted $kind was not found"
      exit 1
    fi
  done
  if [ "$status" -eq 0 ]; then
    echo "check-analyzer self-test: FAILED: the planted findings did not fail the build"
    exit 1
  fi
  echo "check-analyzer self-test: the planted use after free and NULL dereference found"
  exit 0
fi

build=${1:-build-analyzer}
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" -Dgui=false -Dbuildtype=debug -Dwerror=true \
    -Dc_args="$analyzer_flags" >/dev/null
fi
objects=$(ninja -C "$build" -t targets all |
          sed -n 's,^\(src/\(engine\|session\|net\|server\)/[^:]*\.o\):.*,\1,p')
if [ -z "$objects" ]; then
  echo "check-analyzer: FAILED: no objects under src/engine, src/session, src/net or src/server"
  exit 1
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# shellcheck disable=SC2086 # one object a word
ninja -C "$build" -k 0 $objects >"$log" 2>&1 || status=$?
findings=$(grep -c '\[-W\(error=\)\?analyzer-' "$log" || true)
if [ "$status" -ne 0 ] || [ "$findings" -ne 0 ]; then
  cat "$log"
  echo "check-analyzer: FAILED: $findings findings (ninja exit $status)"
  exit 1
fi
echo "check-analyzer: $(echo "$objects" | wc -l) objects, no findings"
