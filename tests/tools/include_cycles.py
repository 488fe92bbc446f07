#!/usr/bin/env python3
"""include_cycles.py - reports the cycles among predup's own source files (issue 15).

Two graphs, each over the project's .c and .h files (tests and fuzz targets left out):
  - the #include "..." graph (a header that, through others, includes itself);
  - with --objects BUILD, the link graph: a.c -> b.c when a.o uses a function or object that
    b.o defines (two files that call each other cannot be read, or split, one after the other).
    A call through a function pointer names nothing nm sees, so the graph adds it: when b.o
    exports a function table (a global object whose bytes hold addresses of its code, as
    objdump -r shows), a.c -> b.c for every a.c that calls through a pointer (objdump -d: an
    indirect call or jump, switch tables' "notrack jmp" left out) and sees the table's name
    (its own text, or a header it includes, directly or not, names it).
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


# Each tool's output per object, run once over all of them (preload): one nm or objdump per
# kind of question rather than one per object and question (hundreds of processes a check).
_OUTPUT = {}


def _tool(cmd, obj):
    key = (tuple(cmd), obj)
    if key not in _OUTPUT:
        _OUTPUT[key] = subprocess.run(cmd + [obj], capture_output=True, text=True,
                                      check=True).stdout
    return _OUTPUT[key]


def _split(out, objs, marker):
    """The parts of a tool's output over objs: each object's lines follow a line that is its
    path and marker (nm: "x.o:") or starts so (objdump: "x.o:     file format elf64-...")."""
    parts, current = {obj: [] for obj in objs}, None
    for line in out.splitlines():
        head = line.split(marker, 1)[0] if marker in line else None
        if head in parts and (marker != ":" or line == head + marker):
            current = head
        elif current is not None:
            parts[current].append(line)
    return {obj: "\n".join(lines) + "\n" for obj, lines in parts.items()}


def preload(objs):
    """Runs every nm and objdump the checks ask of objs once, over all of them (those not
    preloaded yet: house.py asks for the names and then for the link graph)."""
    objs = [o for o in objs if os.path.exists(o)
            and (("nm", "--defined-only", "-g"), o) not in _OUTPUT]
    if len(objs) < 2:
        return
    for cmd, marker in ((["nm", "--defined-only", "-g"], ":"), (["nm", "-u"], ":"),
                        (["objdump", "-t"], ":     file format"),
                        (["objdump", "-r"], ":     file format"),
                        (["objdump", "-d", "--no-show-raw-insn"], ":     file format")):
        out = subprocess.run(cmd + objs, capture_output=True, text=True, check=True).stdout
        for obj, part in _split(out, objs, marker).items():
            _OUTPUT[(tuple(cmd), obj)] = part


def symbols(obj):
    out = _tool(["nm", "--defined-only", "-g"], obj)
    defined = {line.split()[-1] for line in out.splitlines() if line.strip()}
    out = _tool(["nm", "-u"], obj)
    used = {line.split()[-1] for line in out.splitlines() if line.strip()}
    return defined, used


def objdump(obj, *flags):
    return _tool(["objdump", *flags], obj)


def function_tables(obj):
    """The global objects of obj whose bytes hold addresses of code (relocations from a data
    section to .text or to a function)."""
    objects, functions = [], set()
    for line in objdump(obj, "-t").splitlines():
        f = line.split()
        if len(f) >= 6 and f[-4] == "F":
            functions.add(f[-1])
        elif len(f) >= 6 and f[1] == "g" and f[-4] == "O":
            objects.append((f[-3], int(f[0], 16), int(f[-2], 16), f[-1]))
    tables, section = set(), None
    for line in objdump(obj, "-r").splitlines():
        head = re.match(r"RELOCATION RECORDS FOR \[(.*)\]:", line)
        if head:
            section = head.group(1)
            continue
        f = line.split()
        if len(f) != 3 or not section or not section.startswith((".data", ".rodata")):
            continue
        target = re.split(r"[+-]", f[2])[0]
        if not (target.startswith(".text") or target in functions):
            continue
        off = int(f[0], 16)
        tables |= {name for sec, at, size, name in objects
                   if sec == section and at <= off < at + size}
    return tables


def calls_through_pointers(obj):
    for line in objdump(obj, "-d", "--no-show-raw-insn").splitlines():
        if re.search(r"\b(call|jmp)\s+\*", line) and "notrack" not in line:
            return True
    return False


def sees(files, name):
    """The files whose text, or that of a header they include (directly or not), names name."""
    includes = include_graph(files)
    word = re.compile(r"\b%s\b" % re.escape(name))
    naming = set()
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            if word.search(f.read()):
                naming.add(path)
    seen = set()
    for path in files:
        todo, reached = [path], set()
        while todo:
            node = todo.pop()
            if node not in reached:
                reached.add(node)
                todo.extend(includes.get(node, ()))
        if reached & naming:
            seen.add(path)
    return seen


def link_graph(files, build):
    owner, uses, tables, indirect = {}, {}, {}, set()
    preload([os.path.join(build, p[:-2] + ".o") for p in files if p.endswith(".c")])
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
        for name in function_tables(obj):
            tables[name] = path
        if calls_through_pointers(obj):
            indirect.add(path)
    graph = {path: {owner[s] for s in used if s in owner and owner[s] != path}
             for path, used in uses.items()}
    for name, path in tables.items():
        for caller in sees(files, name) & indirect:
            if caller != path:
                graph[caller].add(path)
    return graph


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
