#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Validates every GtkBuilder file ui/*.ui against GTK 4's RELAX NG schema.
# (gtk4-builder-tool validate would need our custom widget types registered.)
#
# usage: validate-ui.sh [UI_DIR [RNG]]
# Exits 77 (skipped, for meson test) when there is nothing to validate or no
# xmllint / schema to validate with.

set -u

here=$(dirname "$0")
ui_dir=${1:-$here/../ui}
rng=${2:-/usr/share/gtk-4.0/gtk4builder.rng}

if ! command -v xmllint >/dev/null 2>&1; then
  echo "validate-ui: xmllint not found (package libxml2-utils)" >&2
  exit 77
fi
if [ ! -r "$rng" ]; then
  echo "validate-ui: $rng not found (package libgtk-4-dev)" >&2
  exit 77
fi

found=0
failed=0
for ui in "$ui_dir"/*.ui; do
  [ -e "$ui" ] || continue
  found=$((found + 1))
  # xmllint reports "<file> validates" or the errors on stderr.
  if ! xmllint --noout --relaxng "$rng" "$ui"; then
    failed=$((failed + 1))
  fi
done

if [ "$found" -eq 0 ]; then
  echo "validate-ui: no .ui files in $ui_dir" >&2
  exit 77
fi
if [ "$failed" -ne 0 ]; then
  echo "validate-ui: $failed of $found .ui files are invalid" >&2
  exit 1
fi
echo "validate-ui: $found .ui files valid" >&2
exit 0
