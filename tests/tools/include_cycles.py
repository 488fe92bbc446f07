#!/usr/bin/env python3
"""include_cycles.py - reports the cycles among predup's own source files (issue 15).

Two graphs, each over the project's .c and .h files (tests and fuzz targets left out):
  - the #include "..." graph (a header that, through others, includes itself);
  - with --objects BUILD, the link graph: a.c -> b.c when a.o uses a function or object that
    b.o defines (two files that call each other cannot be read, or split, one after the other).
Each strongly connected component of more than one file is printed; exit 1 if there is any.
Run from the project root:  python3 tests/tools/include_cycles.py [--objects build]
"""
import os
import re
import subprocess
import sys

MODULES = ["dealer", "pbn", "printing", "machine", "config"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def module_files(fuzz):
    """Every .c and .h of the modules and their rooms (subfolders), sorted; fuzz targets when
    fuzz is true."""
    files = []
    for mod in MODULES:
        for folder, _dirs, names in sorted(os.walk(mod)):
            for name in sorted(names):
                if name.endswith((".c", ".h")) and (fuzz or not name.startswith("fuzz_")):
                    files.append(os.path.join(folder, name))
    return sorted(files)


def sources():
    files = ["predup.c"] if os.path.exists("predup.c") else []
    return files + module_files(fuzz=False)


def include_graph(files):
    known = set(files)
    graph = {}
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        edges = set()
        for inc in INCLUDE.findall(text):
            for cand in (inc, os.path.normpath(os.path.join(os.path.dirname(path), inc))):
                if cand in known:
                    edges.add(cand)
                    break
        graph[path] = edges
    return graph


def symbols(obj):
    out = subprocess.run(["nm", "--defined-only", "-g", obj], capture_output=True, text=True,
                         check=True).stdout
    defined = {line.split()[-1] for line in out.splitlines() if line.strip()}
    out = subprocess.run(["nm", "-u", obj], capture_output=True, text=True, check=True).stdout
    used = {line.split()[-1] for line in out.splitlines() if line.strip()}
    return defined, used


def link_graph(files, build):
    owner, uses = {}, {}
    for path in files:
        if not path.endswith(".c"):
            continue
        obj = os.path.join(build, path[:-2] + ".o")
        if not os.path.exists(obj):
            sys.exit("include_cycles: %s is missing: build first (make)" % obj)
        defined, used = symbols(obj)
        for sym in defined:
            owner[sym] = path
        uses[path] = used
    return {path: {owner[s] for s in used if s in owner and owner[s] != path}
            for path, used in uses.items()}


def cycles(graph):
    """Tarjan's strongly connected components, iteratively; those of two files or more."""
    index, low, onstack, stack, found, counter = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        onstack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    onstack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in onstack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    top = stack.pop()
                    onstack.discard(top)
                    comp.append(top)
                    if top == node:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def report(kind, graph):
    comps = cycles(graph)
    for comp in comps:
        print("%s cycle: %s" % (kind, " <-> ".join(comp)))
    if not comps:
        print("%s graph: no cycle (%d files)" % (kind, len(graph)))
    return len(comps)


def main(argv):
    files = sources()
    bad = report("include", include_graph(files))
    if len(argv) == 3 and argv[1] == "--objects":
        bad += report("link", link_graph(files, argv[2]))
    elif len(argv) != 1:
        sys.exit("usage: python3 tests/tools/include_cycles.py [--objects BUILD]")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
