#!/usr/bin/env python3
"""house.py - the house rules of predup's code that a machine can check (issue 15), run by
`make check` before the tests: it fails when

  - a function of a non-test .c or .h file is over 80 lines (its body, from the line of its
    opening brace to the line of its closing brace, as the project's style puts both at
    column 0);
  - a non-test .c or .h file is over 700 lines;
  - the #include graph of the project's own files has a cycle (tests/tools/include_cycles.py);
  - a file breaks the room order (tests/tools/rooms.py: the rooms, their order and the breaches
    still allowed): an include that goes up or across, another folder's internal header, a
    cmd_* function called outside predup.c, a room over a third of the lines;
  - with --objects BUILD (after the build: make check-plain runs it), the link graph, function
    tables included, has a cycle or goes up the room order, or an object defines a global name
    outside its room's prefixes (rooms.PREFIXES: HACKING.md, "Names: one prefix a room").

Each fault is one line "FILE:LINE: what"; exit 1 if there is any. Python 3 alone, no package.
Run from the project root:  python3 tests/tools/house.py [--objects BUILD] [--allowed]
(--allowed lists the breaches rooms.ALLOWED lets pass, as they are seen today).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import include_cycles  # noqa: E402  (sibling files, found through the path above)
import rooms  # noqa: E402

MAX_FUNCTION = 80
MAX_FILE = 700
# A line that can end a function's head: the closing parenthesis of its parameters, maybe
# followed by attributes; a head has no "=" (that would be an initialiser) and no ";".
HEAD_END = re.compile(r"\)\s*(__attribute__\s*\(\(.*\)\)\s*)?$")


def source_files():
    """Every .c and .h of the modules and predup.c, fuzz targets included; tests left out."""
    files = ["predup.c"] if os.path.exists("predup.c") else []
    return files + include_cycles.module_files(fuzz=True)


def function_name(lines, brace):
    """The name of the function whose body opens at lines[brace], or None when the brace
    opens something else (an initialiser, a struct)."""
    head = []
    i = brace - 1
    while i >= 0 and lines[i].strip() and not lines[i].startswith(("}", "#")):
        head.insert(0, lines[i].strip())
        if lines[i][:1] not in (" ", "\t"):  # the head's first line starts at column 0
            break
        i -= 1
    text = re.sub(r"/\*.*?\*/|//.*$", "", " ".join(head)).strip()
    if not head or not HEAD_END.search(text) or "=" in text.split("(")[0] or ";" in text:
        return None
    match = re.search(r"(\w+)\s*\(", text)
    return match.group(1) if match else None


def long_functions(path, lines):
    faults = []
    for i, line in enumerate(lines):
        if line.rstrip() != "{":
            continue
        name = function_name(lines, i)
        if name is None:
            continue
        end = next((k for k in range(i + 1, len(lines)) if lines[k].startswith("}")), None)
        if end is None:
            faults.append("%s:%d: %s: no closing brace at column 0" % (path, i + 1, name))
            continue
        length = end - i + 1
        if length > MAX_FUNCTION:
            faults.append("%s:%d: function %s is %d lines (at most %d)"
                          % (path, i + 1, name, length, MAX_FUNCTION))
    return faults


def size_faults(files):
    faults = []
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if len(lines) > MAX_FILE:
            faults.append("%s:%d: the file is %d lines (at most %d)"
                          % (path, len(lines), len(lines), MAX_FILE))
        faults.extend(long_functions(path, lines))
    return faults


def defined_names(build):
    """Each module .c file's global names, as its object in build defines them."""
    names = {}
    include_cycles.preload([os.path.join(build, p[:-2] + ".o")
                            for p in include_cycles.sources() if p.endswith(".c")])
    for path in include_cycles.sources():
        obj = os.path.join(build, path[:-2] + ".o")
        if path.endswith(".c") and os.path.exists(obj):
            names[path] = include_cycles.symbols(obj)[0]
    return names


def room_faults(build, show_allowed):
    """The breaches of the room order not in rooms.ALLOWED, and the cycles; with build, those
    of the link graph too. Allowed breaches no longer seen are noted, not faults (other
    branches remove them); with show_allowed, those still seen are listed."""
    found = rooms.source_faults(include_cycles.sources())
    cycles = []
    graph = include_cycles.include_graph(include_cycles.sources())
    for comp in include_cycles.cycles(graph):
        cycles.append("%s:1: #include cycle: %s" % (comp[0], " <-> ".join(comp)))
    if build:
        links = include_cycles.link_graph(include_cycles.sources(), build)
        found += rooms.link_faults(links)
        found += rooms.prefix_faults(defined_names(build))
        for comp in include_cycles.cycles(links):
            cycles.append("%s:1: link cycle: %s" % (comp[0], " <-> ".join(comp)))
    new, seen = rooms.judge(found)
    for fault in found:
        if show_allowed and fault not in new:
            print("house: allowed: %s:%d: %s" % fault)
    for entry in sorted(rooms.ALLOWED - seen):
        if build or ".o: " not in entry:
            print("house: note: an allowed breach is gone (remove it from rooms.ALLOWED): "
                  + entry)
    return ["%s:%d: %s" % f for f in new] + cycles, len(found) - len(new)


def main(argv):
    args, build = argv[1:], None
    show_allowed = "--allowed" in args
    args = [a for a in args if a != "--allowed"]
    if len(args) == 2 and args[0] == "--objects":
        build = args[1]
    elif args:
        sys.exit("usage: python3 tests/tools/house.py [--objects BUILD] [--allowed] "
                 "(from the project root)")
    files = source_files()
    rooms_found, allowed = room_faults(build, show_allowed)
    faults = size_faults(files) + rooms_found
    for fault in faults:
        print("house: " + fault)
    if faults:
        print("house: %d fault%s (tests/tools/house.py says what it checks)"
              % (len(faults), "" if len(faults) == 1 else "s"))
        return 1
    print("house: %d files, no function over %d lines, no file over %d lines, no #include "
          "cycle, the rooms in order%s (%d breaches allowed: --allowed lists them)"
          % (len(files), MAX_FUNCTION, MAX_FILE,
             ", no link cycle, every global name prefixed" if build else "", allowed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
