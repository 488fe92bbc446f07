#!/usr/bin/env python3
"""rooms.py - the rooms of predup and their order (issue 22), the one table house.py checks.

A room is a folder of files with one public header (its face). Rooms stand in levels, lowest
first; calls go one way, up the table to down:

  - a file includes only headers of its own room and of rooms on lower levels (two rooms on
    one level are strangers: neither includes the other);
  - no folder arrow runs back up: a file of a top-level folder includes no header of a folder
    later in the call order (FOLDERS: dealer, pbn, printing and machine, config);
  - a header that is no room's face (*_int.h, hot.h, gen.h, transport.h ...) is internal: only
    files of its own folder include it;
  - no file but predup.c calls a front-end (cmd_COMMAND(argc, argv, e)), save the one that
    defines it;
  - no room holds more than a third of the lines (MAX_ROOM_SHARE);
  - with the objects (house.py --objects BUILD), the link graph, function tables included,
    goes down the same order and has no cycle, and every global name a room's object defines
    begins with one of the room's prefixes (PREFIXES, HACKING.md's "Names: one prefix a room").

ALLOWED names each breach the tree still holds, with what removes it: the check passes on them
and fails on any other. An entry no longer seen is noted (not a fault, as other branches remove
breaches in parallel), so that the list shrinks as the breaches go.
"""
import os
import re

# (level, room, folder, face): a file's room is the one whose folder holds it most closely.
# config/commands/ is the front-ends' room (one cmd_COMMAND.c each); predup.c, which calls them,
# is the top. Every room's folder lies inside the folder of a room on its level or lower (no
# folder arrow runs back up: machine/ holds nothing that includes config/).
ROOMS = [
    (0, "base", "dealer/base", "dealer/base/base.h"),
    (1, "deal", "dealer/deal", "dealer/deal/deal.h"),
    (2, "event", "dealer/event", "dealer/event/event.h"),
    (2, "lang", "dealer/lang", "dealer/lang/lang.h"),
    (3, "run", "dealer/run", "dealer/run/run.h"),
    (4, "pbn", "pbn", "pbn/pbn.h"),
    (5, "pbn/sets", "pbn/sets", "pbn/sets/sets.h"),  # the engines of deal and verify
    (6, "printing", "printing", "printing/printing.h"),
    (5, "machine/vision", "machine/vision", "machine/vision/vision.h"),  # cards read on the host
    (6, "machine", "machine", "machine/machine.h"),
    (7, "machine/operator", "machine/operator", "machine/operator/operator.h"),  # fill --web
    (7, "config", "config", "config/config.h"),
    (8, "commands", "config/commands", "config/commands/commands.h"),  # the front-ends
    (9, "main", ".", "predup.c"),
]

# The top-level folders in the call order of the brief (dealer -> pbn -> printing, machine ->
# config, the front-ends inside config/): a file includes no header of a folder after its own,
# nor of a stranger on its own step, so that no folder arrow runs back up (as the fill
# front-end once reached config/ from inside machine/).
FOLDERS = {"dealer": 0, "pbn": 1, "printing": 2, "machine": 2, "config": 3}

# Breaches the tree holds today, each with what removes it. A line is the fault's text after
# "FILE:LINE: " (see the checks below), prefixed by the file: "FILE: text".
ALLOWED = set()  # none left: the last (option readers, fill's and the deal engine's names)
                 # went with issue 30's option tables and prefixes

# The prefix scheme (HACKING.md, "Names: one prefix a room"): the beginnings a global name that
# a room's objects define may have (any case: SEAT_NAME is the deal model's, MACH_INDEX_NAME
# the machine's). A function or table that one file uses is static and needs none. With the
# objects (house.py --objects BUILD), a global name of a room outside its prefixes is a fault.
CMD_PREFIXES = ("cmd_",)
PREFIXES = {
    "base": ("pd_",),
    "deal": ("deal_", "hand_", "board_", "seat_", "suit_", "rank_", "vul_", "key_", "set_key_",
             "stream_", "dd_"),
    "event": ("ev_", "sqd_", "bigdeal_", "godel_"),
    "lang": ("lang_", "l"),  # lang_ public, the l-names (lp_, leval_, lact_ ...) internal
    "run": ("lrun", "lblock_", "lshare_", "lmpi_", "pd_mpi_", "set_generate", "board_generate"),
    "pbn": ("pbn_", "fmt_"),
    "pbn/sets": ("deal_", "dealing_", "verify_", "sqd_", "event_set_"),
    "printing": ("pr_", "pdoc_"),
    "machine/vision": ("vis_",),
    "machine": ("mach_", "mp_", "cam_", "fm_"),  # camera/: cam_, its Firmata link fm_
    "machine/operator": ("op_",),
    "config": ("cfg_", "ceremony_"),
    "dealer/cmd": CMD_PREFIXES, "pbn/cmd": CMD_PREFIXES, "printing/cmd": CMD_PREFIXES,
    "machine/cmd": CMD_PREFIXES, "config/cmd": CMD_PREFIXES,
    "commands": CMD_PREFIXES,  # the front-ends' one room, once the option tables make it
}

# A room that grows past this share of all the lines is a house in itself: split it.
MAX_ROOM_SHARE = 1 / 3

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
CMD_CALL = re.compile(r"\b(cmd_\w+)\s*\(")
# a front-end: cmd_COMMAND(int argc, char **argv, struct pd_err *e); the helpers its room
# shares (cmd_print_wrapped ...) are no front-end
CMD_DEFINED = re.compile(r"^\w[\w \*]*\b(cmd_\w+)\s*\(\s*int argc,\s*char \*\*argv,"
                         r"\s*struct pd_err \*e\)", re.M)


def room_of(path):
    """(level, room name) of a file, or None for a file in no room."""
    best = None
    for level, name, folder, _face in ROOMS:
        inside = (os.path.dirname(path) or ".") == folder if folder == "." \
            else path.startswith(folder + "/")
        if inside and (best is None or len(folder) > len(best[2])):
            best = (level, name, folder)
    return best and best[:2]


# A room's second face: the deal model's inner-loop header, which the language's generators
# include (its inline draws read the stream's buffer; rng.c alone moves its cursor). The
# machine's driver interface, which a driver in a room of its own (machine/camera/) implements.
# The camera module's one table (machine/camera/camera.h), through which the machine's driver
# row and the machine command reach the camera's code, built into predup-camera.so.
MORE_FACES = {"dealer/deal/hot.h", "machine/driver.h", "machine/camera/camera.h"}
FACES = {face for _l, _n, _f, face in ROOMS} | MORE_FACES


def strip_comments(text):
    return re.sub(r"/\*.*?\*/|//[^\n]*", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text,
                  flags=re.S)


def include_faults(path, text, known):
    """A file's #include lines that break the room order or reach another folder's internals."""
    faults = []
    mine = room_of(path)
    for match in INCLUDE.finditer(text):
        inc = match.group(1)
        if inc not in known:
            continue
        line = text.count("\n", 0, match.start()) + 1
        theirs = room_of(inc)
        if mine and theirs and theirs != mine and (theirs[0] >= mine[0]):
            faults.append((path, line, "includes %s (room %s, level %d): room %s is level %d"
                           % (inc, theirs[1], theirs[0], mine[1], mine[0])))
        top, their_top = path.split("/")[0], inc.split("/")[0]
        if top in FOLDERS and their_top in FOLDERS and top != their_top and \
                FOLDERS[their_top] >= FOLDERS[top]:
            faults.append((path, line, "includes %s: folder %s/ comes before %s/ in the call "
                           "order" % (inc, top, their_top)))
        if inc not in FACES and os.path.dirname(inc) != os.path.dirname(path):
            faults.append((path, line, "includes %s, internal to %s"
                           % (inc, os.path.dirname(inc))))
    return faults


def cmd_faults(texts):
    """Calls of a cmd_* function from any file but predup.c and the one that defines it."""
    defined = {}
    for path, text in texts.items():
        if path.endswith(".c"):
            for name in CMD_DEFINED.findall(text):
                defined.setdefault(name, path)
    faults = []
    for path, text in sorted(texts.items()):
        if path == "predup.c" or not path.endswith(".c"):
            continue
        for match in CMD_CALL.finditer(text):
            name = match.group(1)
            if name in defined and defined[name] != path:
                line = text.count("\n", 0, match.start()) + 1
                faults.append((path, line, "calls %s (%s): only predup.c calls the front-ends"
                               % (name, defined[name])))
    return faults


def source_faults(files):
    """Every breach of the room order the sources show, as (file, line, text)."""
    known = set(files)
    texts = {}
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            texts[path] = strip_comments(f.read())
    faults = []
    for path in files:
        faults.extend(include_faults(path, texts[path], known))
    return faults + cmd_faults(texts) + size_faults(files)


def size_faults(files):
    """Rooms over MAX_ROOM_SHARE of the lines of files."""
    lines, total = {}, 0
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            n = f.read().count("\n")
        room = room_of(path)
        if room:
            lines[room[1]] = lines.get(room[1], 0) + n
        total += n
    return [(name, 1, "room %s holds %d of the %d lines (%.0f%%): at most a third"
             % (name, n, total, 100.0 * n / total))
            for name, n in sorted(lines.items()) if n > MAX_ROOM_SHARE * total]


def link_faults(graph):
    """Edges of the link graph (a.c -> b.c: a.o uses what b.o defines) that go up or across."""
    faults = []
    for path in sorted(graph):
        mine = room_of(path)
        for dep in sorted(graph[path]):
            theirs = room_of(dep)
            if mine and theirs and theirs != mine and theirs[0] >= mine[0]:
                faults.append((path[:-2] + ".o", 1, "calls %s (room %s, level %d): room %s is "
                               "level %d" % (dep, theirs[1], theirs[0], mine[1], mine[0])))
    return faults


def prefix_faults(defined):
    """Global names outside their room's prefixes: defined maps a .c file to the names its
    object defines (nm -g --defined-only)."""
    faults = []
    for path in sorted(defined):
        room = room_of(path)
        prefixes = room and PREFIXES.get(room[1])
        for name in sorted(defined[path]):
            if prefixes and not name.lower().startswith(prefixes) and name != "main":
                faults.append((path[:-2] + ".o", 1, "defines %s, a global name outside room "
                               "%s's prefixes (%s): static, or one of them (HACKING.md, "
                               "\"Names: one prefix a room\")"
                               % (name, room[1], " ".join(prefixes))))
    return faults


def judge(faults):
    """The faults not in ALLOWED, and the ALLOWED entries no fault matched (stale)."""
    seen = {"%s: %s" % (path, text) for path, _line, text in faults}
    new = [f for f in faults if "%s: %s" % (f[0], f[2]) not in ALLOWED]
    return new, seen
