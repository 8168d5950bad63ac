# SPDX-License-Identifier: GPL-3.0-or-later
#
# c_source.py: C text with its comments and literals blanked, for the
# code suite's checks (check-format.py, check-dead-functions.py), so that
# both read the same code the same way.

import re


def strip_source(text):
    """The C text with comments and literals blanked, the same length (so
    offsets match the original), and the comments' text in a list of
    (offset, text)."""
    out = []
    comments = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            comments.append((i, text[i:j]))
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            comments.append((i, text[i:j]))
            out.append(' ' * (j - i))
            i = j
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(c + ' ' * (j - i - 2) + (c if j - i >= 2 else ''))
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out), comments
