#!/usr/bin/env python3
"""tests/tools/man_update.py - the option lists of the man page (config/predup.1) come from
the option rows (struct pd_opt, dealer/base/base.h), never typed again: each list is a region
of the page between

    .\\" options: predup --complete man CMD N
    .\\" end of options

whose lines are what `predup --complete man CMD N` prints (the help lines of table N of CMD's
rows, as troff). This rewrites every region from a build's predup (`make man-page`); with
--check it changes nothing and exits 1 naming each region that differs from its rows
(tests/cli/help_man.sh runs it so).
Usage: man_update.py [--check] PREDUP [PAGE]   (PAGE: config/predup.1 of this tree)"""
import os
import re
import subprocess
import sys

START = re.compile(r'^\.\\" options: predup --complete man ([a-z]+) ([0-9]+)$')
END = '.\\" end of options'


def regenerate(lines, predup):
    """The page's lines with every region rewritten; the regions that changed."""
    out, changed, i = [], [], 0
    while i < len(lines):
        m = START.match(lines[i])
        out.append(lines[i])
        i += 1
        if not m:
            continue
        end = i
        while end < len(lines) and lines[end] != END:
            end += 1
        if end == len(lines):
            sys.exit(f"man_update: {lines[i - 1]!r} has no {END!r} after it")
        rows = subprocess.run([predup, '--complete', 'man', m[1], m[2]], check=True,
                              capture_output=True, text=True).stdout.splitlines()
        if not rows:
            sys.exit(f"man_update: predup --complete man {m[1]} {m[2]} lists no option")
        if rows != lines[i:end]:
            changed.append(f"predup {m[1]} (table {m[2]})")
        out += rows
        i = end
    return out, changed


def main():
    args = sys.argv[1:]
    check = bool(args) and args[0] == '--check'
    args = args[1:] if check else args
    if not args:
        sys.exit(__doc__)
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    page = args[1] if len(args) > 1 else os.path.join(top, 'config', 'predup.1')
    with open(page, encoding='utf-8') as f:
        lines = f.read().split('\n')
    out, changed = regenerate(lines, args[0])
    regions = sum(1 for line in lines if START.match(line))
    if check:
        for what in changed:
            print(f"{page}: the options of {what} differ from its rows (make man-page)")
        print(f"{regions} option lists checked against the rows")
        sys.exit(1 if changed else 0)
    with open(page, 'w', encoding='utf-8') as f:
        f.write('\n'.join(out))
    print(f"{page}: {regions} option lists, {len(changed)} rewritten")


if __name__ == '__main__':
    main()
