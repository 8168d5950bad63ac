#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-dead-functions.py: every function a header under src/ declares has
# a caller somewhere in src/ or tests/ (CONTRIBUTING.md: no public function
# without a caller).
#
#   check-dead-functions.py SRCDIR      the project at SRCDIR: src/ and tests/
#   check-dead-functions.py --self-test a small planted tree in a temporary
#                                       folder: the check must find its one
#                                       dead function and nothing else
#
# The C sources are read as tokens, with comments and strings removed: a
# declaration is a statement outside braces in a header whose first
# lower-case name before a parenthesis is the function's; a definition is
# that name followed by a parenthesis outside braces in a .c file.  Any
# other mention of the name is a use: a call, a callback, a table entry, an
# autoptr cleanup (G_DEFINE_AUTOPTR_CLEANUP_FUNC), or a macro that is used
# itself.  Static functions, typedefs, GObject's *_get_type and the
# G_DECLARE_* / G_DEFINE_* macros are not checked.

import os
import re
import sys
import tempfile

from c_source import strip_source

IDENT = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
FUNC_NAME = re.compile(r'^[a-z][a-z0-9_]*$')


def split_preprocessor(text):
    """(code, directives): the code with every preprocessor line blanked,
    and the list of directive texts (continuation lines joined)."""
    code_lines, directives = [], []
    lines = text.split('\n')
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith('#'):
            directive = line
            code_lines.append('')
            while directive.endswith('\\') and i + 1 < len(lines):
                i += 1
                directive = directive[:-1] + ' ' + lines[i]
                code_lines.append('')
            directives.append(directive)
        else:
            code_lines.append(line)
        i += 1
    return '\n'.join(code_lines), directives


def top_level_statements(code):
    """The statements outside braces: the text between ';', '{' and '}' at
    depth 0 (a function's head is the statement its body follows)."""
    statements, current, depth = [], [], 0
    for c in code:
        if c == '{':
            if depth == 0:
                statements.append((''.join(current), True))
                current = []
            depth += 1
        elif c == '}':
            depth = max(0, depth - 1)
        elif depth == 0:
            if c == ';':
                statements.append((''.join(current), False))
                current = []
            else:
                current.append(c)
    return statements


def declared_functions(header_code):
    """The functions a header declares: non-static prototypes."""
    names = []
    for text, has_body in top_level_statements(header_code):
        words = IDENT.findall(text)
        if not words or has_body:
            continue
        if words[0] in ('typedef', 'static'):
            continue
        if words[0].startswith(('G_DECLARE_', 'G_DEFINE_')):
            continue
        for m in re.finditer(r'([A-Za-z_][A-Za-z0-9_]*)\s*\(', text):
            name = m.group(1)
            if FUNC_NAME.match(name):
                names.append(name)
                break
    return [n for n in names if not n.endswith('_get_type')]


def count_uses(code, uses):
    """Add to uses every mention of a name in code (without preprocessor
    lines) that is not a declaration or definition: a mention outside
    braces followed by '(' declares or defines the name."""
    depth = 0
    for m in re.finditer(r'[{}]|[A-Za-z_][A-Za-z0-9_]*', code):
        token = m.group(0)
        if token == '{':
            depth += 1
        elif token == '}':
            depth = max(0, depth - 1)
        elif depth == 0 and re.match(r'\s*\(', code[m.end():m.end() + 64]):
            continue
        else:
            uses[token] = uses.get(token, 0) + 1


def source_files(root, folders):
    for folder in folders:
        base = os.path.join(root, folder)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith('.'))
            for filename in sorted(filenames):
                if filename.endswith(('.c', '.h')):
                    yield os.path.join(dirpath, filename)


def dead_functions(root):
    files = {}
    for path in source_files(root, ['src', 'tests']):
        with open(path, encoding='utf-8', errors='replace') as f:
            code, directives = split_preprocessor(strip_source(f.read())[0])
        files[path] = (code, directives)

    declared = {}
    src = os.path.join(root, 'src') + os.sep
    for path, (code, _) in files.items():
        if path.startswith(src) and path.endswith('.h'):
            for name in declared_functions(code):
                declared.setdefault(name, os.path.relpath(path, root))

    # Every macro and the names it mentions, so that a function reached
    # only through a macro counts as used when the macro is.
    macros = {}
    for code, directives in files.values():
        for d in directives:
            m = re.match(r'\s*#\s*define\s+([A-Za-z_][A-Za-z0-9_]*)(.*)', d)
            if m:
                macros.setdefault(m.group(1), set()).update(IDENT.findall(m.group(2)))

    uses = {}
    for code, _ in files.values():
        count_uses(code, uses)

    def used_in_code(name):
        return uses.get(name, 0) > 0

    macro_used = {}

    def macro_is_used(macro, seen):
        if macro not in macro_used:
            if macro in seen:
                return False
            seen.add(macro)
            macro_used[macro] = used_in_code(macro) or any(
                macro in body and macro_is_used(other, seen)
                for other, body in macros.items() if other != macro)
        return macro_used[macro]

    dead = []
    for name, header in sorted(declared.items()):
        if used_in_code(name):
            continue
        if any(name in body and macro_is_used(macro, set())
               for macro, body in macros.items()):
            continue
        dead.append((name, header))
    return dead


SELF_TEST_FILES = {
    'src/thing.h': '''
#pragma once
#define THING_ERROR (thing_error_quark ())
#define THING_UNUSED_MACRO (thing_macro_only ())
G_DECLARE_FINAL_TYPE (Thing, thing, THING, THING, GObject)
GType thing_other_get_type (void) G_GNUC_CONST;
GQuark thing_error_quark (void);
Thing *thing_new (void) G_GNUC_WARN_UNUSED_RESULT;
void thing_free (Thing *thing);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Thing, thing_free)
G_GNUC_PRINTF (2, 3) void thing_log (Thing *thing, const char *format, ...);
void thing_callback (void);
void thing_tested (void);
void thing_macro_only (void);
void thing_dead (int        a,
                 const char *b);
typedef void (*ThingFunc) (int x);
static inline int thing_inline (void) { return 0; }
''',
    'src/thing.c': '''
/* thing_dead () is only mentioned here, in a comment */
static void thing_private (void);
Thing *
thing_new (void)
{
  g_set_error (NULL, THING_ERROR, 0, "thing_dead");
  thing_log (NULL, "%d", 1);
  g_signal_connect (NULL, "x", G_CALLBACK (thing_callback), NULL);
  return NULL;
}
void thing_free (Thing *thing) { }
void thing_log (Thing *thing, const char *format, ...) { }
void thing_callback (void) { }
void thing_tested (void) { }
void thing_macro_only (void) { }
void
thing_dead (int a, const char *b)
{
  thing_private ();
}
''',
    'src/main.c': '''
int
main (void)
{
  g_autoptr (Thing) thing = thing_new ();
  return 0;
}
''',
    'tests/test-thing.c': '''
static void
test_thing (void)
{
  thing_tested ();
}
''',
}


def self_test():
    with tempfile.TemporaryDirectory() as root:
        for path, text in SELF_TEST_FILES.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), 'w') as f:
                f.write(text)
        found = [name for name, _ in dead_functions(root)]
    expected = ['thing_dead', 'thing_macro_only']
    if found != expected:
        print(f'self-test: found {found}, expected {expected}', file=sys.stderr)
        return 1
    print(f'self-test: found the planted {", ".join(expected)}')
    return 0


def main(argv):
    if argv[1:] == ['--self-test']:
        return self_test()
    if len(argv) != 2:
        print(__doc__ or 'usage: check-dead-functions.py SRCDIR | --self-test',
              file=sys.stderr)
        return 2
    dead = dead_functions(argv[1])
    for name, header in dead:
        print(f'{header}: {name} has no caller in src/ or tests/', file=sys.stderr)
    if dead:
        print(f'{len(dead)} public functions without a caller', file=sys.stderr)
        return 1
    print('every public function has a caller')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
