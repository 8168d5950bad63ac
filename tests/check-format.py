#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-format.py: the idioms CONTRIBUTING.md states that a regular
# expression can check.
#
#   check-format.py SRCDIR        report every break in SRCDIR; exit 1 if any
#   check-format.py --fix SRCDIR  rewrite what has one right spelling (the
#                                 space before a call's parenthesis, trailing
#                                 blanks, a missing Copyright or SPDX line),
#                                 then report what is left
#   check-format.py --self-test   a small planted tree in a temporary folder:
#                                 the check must find each planted break, and
#                                 --fix must leave only those it cannot fix
#
# What is checked, in src/, tests/, data/, po/, ui/ and the top meson.build:
# - C: a space before the parenthesis of a call or a macro use
#   (`g_autoptr (GError)`, `g_auto (GStrv)`), outside comments, strings and
#   preprocessor lines; gettext's `_()`, `N_()`, `C_()`, `NC_()` and
#   `Q_()` are written without it, as in GNOME's code.
# - C: the file header, one comment opening the file with the Copyright
#   and SPDX lines; no tabs; no issue numbers ("#12") in comments; no
#   G_LOG_DOMAIN defined in a file under src/ (meson.build sets it).
# - Scripts, meson.build and .ui files: an SPDX line.
# - All of them: no trailing blanks.  Shell scripts may hold tabs, as data.

import os
import re
import sys
import tempfile

from c_source import strip_source

FOLDERS = ['src', 'tests', 'data', 'po', 'ui']
TOP_FILES = ['meson.build']
COPYRIGHT = ' * Copyright 2026 The Sternhalma authors'
SPDX_ID = 'SPDX-License-Identifier: GPL-3.0-or-later'
# Written `_("text")` by GNOME's convention (and xgettext's examples).
GETTEXT_MACROS = {'_', 'N_', 'C_', 'NC_', 'Q_'}
CALL = re.compile(r'\b([A-Za-z_][A-Za-z0-9_]*)\(')
ISSUE_NUMBER = re.compile(r'#[0-9]+\b')


def blank_preprocessor(code):
    """The code with preprocessor lines (and their continuations) blanked:
    a function-like macro's definition has no space before its parenthesis."""
    lines = code.split('\n')
    in_directive = False
    for k, line in enumerate(lines):
        if in_directive or line.lstrip().startswith('#'):
            in_directive = line.rstrip().endswith('\\')
            lines[k] = ' ' * len(line)
    return '\n'.join(lines)


def line_of(text, offset):
    return text.count('\n', 0, offset) + 1


def check_c(path, rel, text, fix):
    problems = []
    code, comments = strip_source(text)
    code = blank_preprocessor(code)

    calls = [m for m in CALL.finditer(code) if m.group(1) not in GETTEXT_MACROS]
    if fix and calls:
        for m in reversed(calls):
            text = text[:m.end(1)] + ' ' + text[m.end(1):]
        calls = []
    for m in calls:
        problems.append(f'{rel}:{line_of(text, m.start())}: no space before the '
                        f'parenthesis: "{m.group(1)}(" (CONTRIBUTING.md: Code)')

    header = text[:text.find('*/') + 2] if text.startswith('/* ') else ''
    if header and COPYRIGHT + '\n' not in header and f' * {SPDX_ID}\n' in header and fix:
        text = text.replace(f' * {SPDX_ID}\n', COPYRIGHT + '\n' + f' * {SPDX_ID}\n', 1)
        header = text[:text.find('*/') + 2]
    if not header or COPYRIGHT + '\n' not in header or f' * {SPDX_ID}' not in header:
        problems.append(f'{rel}:1: the file does not open with the header comment '
                        f'(CONTRIBUTING.md: File header)')

    for offset, comment in comments:
        for m in ISSUE_NUMBER.finditer(comment):
            problems.append(f'{rel}:{line_of(text, offset + m.start())}: an issue number in '
                            f'a comment: "{m.group(0)}" (CONTRIBUTING.md: Comments)')

    if rel.startswith('src' + os.sep):
        m = re.search(r'^\s*#\s*define\s+G_LOG_DOMAIN\b', text, re.M)
        if m:
            problems.append(f'{rel}:{line_of(text, m.start())}: G_LOG_DOMAIN defined in the '
                            f'file (CONTRIBUTING.md: Log domains)')
    return text, problems


def check_spdx(rel, text, fix):
    if SPDX_ID in text:
        return text, []
    if fix:
        lines = text.split('\n')
        if rel.endswith('.ui'):
            at = 1 if lines[0].startswith('<?xml') else 0
            lines.insert(at, f'<!-- {SPDX_ID} -->')
        else:
            lines.insert(1 if lines[0].startswith('#!') else 0, f'# {SPDX_ID}')
        return '\n'.join(lines), []
    return text, [f'{rel}:1: no SPDX line (CONTRIBUTING.md: File header)']


def check_file(root, path, fix):
    rel = os.path.relpath(path, root)
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        text = original = f.read()
    problems = []
    is_c = path.endswith(('.c', '.h'))

    if fix:
        text = re.sub(r'[ \t]+$', '', text, flags=re.M)
    for m in re.finditer(r'[ \t]+$', text, re.M):
        problems.append(f'{rel}:{line_of(text, m.start())}: trailing blanks')
    if not path.endswith('.sh'):
        for m in re.finditer(r'\t', text):
            problems.append(f'{rel}:{line_of(text, m.start())}: a tab (two spaces indent; '
                            f'.editorconfig)')

    if is_c:
        text, more = check_c(path, rel, text, fix)
    else:
        text, more = check_spdx(rel, text, fix)
    problems += more

    if fix and text != original:
        with open(path, 'w', encoding='utf-8', errors='surrogateescape') as f:
            f.write(text)
    return problems


def checked_files(root):
    for name in TOP_FILES:
        if os.path.isfile(os.path.join(root, name)):
            yield os.path.join(root, name)
    for folder in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
            # Hidden folders, bytecode and fuzzing corpora are not code.
            dirnames[:] = sorted(d for d in dirnames
                                 if not d.startswith(('.', '__')) and not d.startswith('corpus'))
            for filename in sorted(filenames):
                if filename.endswith(('.c', '.h', '.py', '.sh', '.ui')) or filename == 'meson.build':
                    yield os.path.join(dirpath, filename)


def check_tree(root, fix=False):
    problems = []
    for path in checked_files(root):
        problems += check_file(root, path, fix)
    return problems


SELF_TEST_FILES = {
    # Each planted break is on a line that says which, and fixable ones
    # are listed in FIXABLE below.
    'src/good.c': '''/* good.c: a file that keeps every idiom.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define LONG(x) \\
  other(x)

static void
good (void)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;
  g_autofree char *text = g_strdup (_("Hole(s)"));
  /* call(this) is a comment; so is § 4 and the colour "#77767b" */
  g_message ("f(x) %s", N_("y"));
}
''',
    'src/calls.c': '''/* calls.c: calls without their space.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
static void
calls (void)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  g_message("x");
}
''',
    'src/header.c': '''/* header.c: the Copyright line missing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
''',
    'src/noheader.c': '''#include <glib.h>
''',
    'src/domain.c': '''/* domain.c: its own log domain.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "mine"
''',
    'tests/issue.c': '''/* issue.c: an issue number in a comment.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* #14.1: the marbles */
''',
    'tests/blanks.c': '''/* blanks.c: trailing blanks and a tab.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
int a; \n\tint b;
''',
    'tests/meson.build': "test('x', exe)\n",
    'tests/tool.py': '#!/usr/bin/env python3\nprint(1)\n',
    'tests/data.sh': '#!/bin/sh\n# SPDX-License-Identifier: GPL-3.0-or-later\necho "a\tb"\n',
    'ui/thing.ui': '<?xml version="1.0" encoding="UTF-8"?>\n<interface/>\n',
}
# file: (problems before --fix, problems after)
EXPECTED = {
    'src/good.c': (0, 0),
    'src/calls.c': (3, 0),
    'src/header.c': (1, 0),
    'src/noheader.c': (1, 1),
    'src/domain.c': (1, 1),
    'tests/issue.c': (1, 1),
    'tests/blanks.c': (2, 1),
    'tests/meson.build': (1, 0),
    'tests/tool.py': (1, 0),
    'tests/data.sh': (0, 0),
    'ui/thing.ui': (1, 0),
}


def self_test():
    ok = True
    with tempfile.TemporaryDirectory() as root:
        for rel, text in SELF_TEST_FILES.items():
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
        for stage, fix in (('check', False), ('--fix', True), ('after --fix', False)):
            problems = check_tree(root, fix)
            if stage == '--fix':
                continue
            for rel, counts in EXPECTED.items():
                want = counts[0 if stage == 'check' else 1]
                got = [p for p in problems if p.startswith(rel + ':')]
                if len(got) != want:
                    ok = False
                    print(f'self-test ({stage}): {rel}: {len(got)} problems, expected {want}')
                    for p in got:
                        print('  ' + p)
        with open(os.path.join(root, 'src/calls.c'), encoding='utf-8') as f:
            fixed = f.read()
        if 'g_autoptr (GError)' not in fixed or 'g_message ("x")' not in fixed:
            ok = False
            print('self-test: --fix did not space the calls:\n' + fixed)
    print('self-test: ' + ('passed' if ok else 'FAILED'))
    return 0 if ok else 1


def main(argv):
    if argv[1:] == ['--self-test']:
        return self_test()
    fix = len(argv) == 3 and argv[1] == '--fix'
    if len(argv) != 2 + fix:
        print(__doc__ or 'usage: check-format.py [--fix] SRCDIR | --self-test', file=sys.stderr)
        return 2
    root = argv[-1]
    problems = check_tree(root, fix)
    for p in problems:
        print(p)
    print(f'{len(problems)} problems' + (' left after --fix' if fix else ''))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
