#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the translations in po/ against the strings the sources have now.
#
# usage: check-po.sh [SOURCE_ROOT]
#
# A fresh template is extracted from the files in po/POTFILES.in with the
# same xgettext options as meson's 'glib' preset; each language of
# po/LINGUAS must translate every message of it (msgcmp: none missing,
# untranslated or fuzzy), and `msgfmt --check` must accept the file.  So a
# new or changed string in the code fails this test until it is translated.
# Also checks that po/POTFILES.in lists every source file (headers too) with
# translatable strings, that each .po file declares its plural forms, and
# that none keeps a live message the sources no longer have.
#
# TAP on stdout, details on stderr.  Exits 77 (skipped) without gettext.

set -u

root=${1:-$(dirname "$0")/..}
po="$root/po"

for tool in xgettext msgmerge msgfmt msgcat msgattrib msgcmp; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "1..0 # SKIP $tool not found (package gettext)"
    exit 77
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }

# --- POTFILES.in lists every file with translatable strings ----------------
grep -v '^[[:space:]]*#' "$po/POTFILES.in" | sed '/^[[:space:]]*$/d' | sort -u > "$tmp/listed"
(
  cd "$root" &&
  grep -lE '(^|[^A-Za-z0-9_])(N?C?_|g_dn?gettext|g_dpgettext2|ngettext)[[:space:]]*\(' \
    src/*.[ch] src/*/*.[ch] 2>/dev/null
  cd "$root" && grep -l 'translatable="yes"' ui/*.ui 2>/dev/null
) | sort -u > "$tmp/needed"
missing=$(comm -13 "$tmp/listed" "$tmp/needed")
if [ -z "$missing" ]; then
  ok "po/POTFILES.in lists every file with translatable strings"
else
  echo "check-po: not in po/POTFILES.in:" $missing >&2
  not_ok "po/POTFILES.in lists every file with translatable strings"
fi
gone=""
for f in $(cat "$tmp/listed"); do
  [ -e "$root/$f" ] || gone="$gone $f"
done
if [ -z "$gone" ]; then
  ok "every file in po/POTFILES.in exists"
else
  echo "check-po: listed in po/POTFILES.in but missing:$gone" >&2
  not_ok "every file in po/POTFILES.in exists"
fi

# --- a template from the sources as they are now ----------------------------
# The options of meson's i18n 'glib' preset.
if (cd "$root" && xgettext --package-name=sternhalma \
      --from-code=UTF-8 --add-comments \
      --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
      --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
      --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
      --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
      --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
      --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
      --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
      --flag=g_print:1:c-format --flag=g_printerr:1:c-format \
      --flag=g_printf:1:c-format --flag=g_fprintf:2:c-format \
      --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
      --files-from="$tmp/listed" -o "$tmp/sternhalma.pot") 2>"$tmp/xgettext.log"; then
  ok "xgettext extracts the template"
else
  cat "$tmp/xgettext.log" >&2
  not_ok "xgettext extracts the template"
fi

# --- each language ---------------------------------------------------------
languages=$(sed -e 's/#.*//' "$po/LINGUAS" | tr -s ' \t' '\n\n' | sed '/^$/d')
if [ -z "$languages" ]; then
  echo "check-po: po/LINGUAS lists no language" >&2
  not_ok "po/LINGUAS lists the languages"
fi

for lang in $languages; do
  file="$po/$lang.po"
  if [ ! -r "$file" ]; then
    echo "check-po: $file is missing" >&2
    not_ok "$lang: po/$lang.po exists"
    continue
  fi

  # As it is in the tree: well formed, format strings and headers right.
  if msgfmt --check --output-file=/dev/null "$file" 2>"$tmp/check.log"; then
    ok "$lang: msgfmt --check accepts po/$lang.po"
  else
    cat "$tmp/check.log" >&2
    not_ok "$lang: msgfmt --check accepts po/$lang.po"
  fi

  if msgcat --no-wrap "$file" 2>/dev/null |
       grep -q '^"Plural-Forms: nplurals=[0-9]*; plural=.*;\\n"$'; then
    ok "$lang: declares its plural forms"
  else
    echo "check-po: po/$lang.po has no usable Plural-Forms header" >&2
    not_ok "$lang: declares its plural forms"
  fi

  # Against the current strings: each one translated in the file itself
  # (the catalogue is built from it), none fuzzy.  msgcmp ignores obsolete
  # entries, so a translation kept as "#~" does not count until
  # `meson compile sternhalma-update-po` brings it back.
  if [ -r "$tmp/sternhalma.pot" ] &&
     msgcmp --no-fuzzy-matching "$file" "$tmp/sternhalma.pot" 2>"$tmp/cmp.log"; then
    stats=$(LC_ALL=C msgfmt --statistics --output-file=/dev/null "$file" 2>&1)
    ok "$lang: complete ($stats)"
  else
    grep -v 'warning: this message is not used' "$tmp/cmp.log" | head -n 40 | sed 's/^/check-po: /' >&2
    if msgmerge --quiet --output-file="$tmp/$lang.po" "$file" "$tmp/sternhalma.pot" 2>/dev/null; then
      msgattrib --no-wrap --only-fuzzy --no-obsolete "$tmp/$lang.po" 2>/dev/null | grep "^msgid \"." | sed 's/^/check-po: fuzzy: /' >&2
      msgattrib --no-wrap --untranslated --no-obsolete "$tmp/$lang.po" 2>/dev/null | grep "^msgid \"." | sed 's/^/check-po: untranslated: /' >&2
    fi
    not_ok "$lang: every message of the sources translated, none fuzzy"
  fi

  # And no message the sources no longer have, left as a live entry (a
  # string that became a header's, or was dropped from the list above,
  # would otherwise lose its translation without a word).  Obsolete "#~"
  # entries are not counted.
  if [ -r "$tmp/sternhalma.pot" ]; then
    msgcmp --no-fuzzy-matching "$file" "$tmp/sternhalma.pot" 2>&1 |
      grep 'warning: this message is not used' > "$tmp/unused.log"
    if [ ! -s "$tmp/unused.log" ]; then
      ok "$lang: no message the sources no longer have"
    else
      sed 's/^/check-po: /' "$tmp/unused.log" | head -n 40 >&2
      not_ok "$lang: no message the sources no longer have"
    fi
  fi
done

# --- slips a native reader found, kept out ---------------------------------
# One phrase a line: LANG<TAB>wrong phrase<TAB>what is right.  Searched in the
# file with its lines joined (msgcat --no-wrap), so a phrase split over two
# lines is found too.
slips=$(printf '%s\n' \
  'bg	не може да завършват	не могат да завършват (plural subject)' \
  'bg	губи партия за двама	"когато играят двама, … губи"' \
  'ru	запертый	запёртый (the text writes ё)')
printf '%s\n' "$slips" | while IFS='	' read -r lang wrong right; do
  [ -r "$po/$lang.po" ] || continue
  if msgcat --no-wrap "$po/$lang.po" 2>/dev/null | grep -q -- "$wrong"; then
    echo "check-po: po/$lang.po says \"$wrong\": $right" >&2
    echo "slip" >> "$tmp/slips"
  fi
done
if [ -e "$tmp/slips" ]; then
  not_ok "no known translation slips"
else
  ok "no known translation slips"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
