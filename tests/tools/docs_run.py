#!/usr/bin/env python3
"""docs_run.py - every command the documentation shows, run as written (issue 25).

    python3 tests/tools/docs_run.py [--list] TOP PREDUP SOURCE...

SOURCE is a Markdown file of the tree (README.md), `help` (the examples of every
`predup help TOPIC`) or `man` (the EXAMPLES of config/predup.1). Each source runs in its own
fresh copy of what a clone of TOP holds (the files git knows, the build left out), in a folder
of the current directory, with `predup` on PATH = PREDUP; one help topic is one source of its
own (a topic's examples stand alone). The commands run in the order of the text, under bash,
with no terminal; each must exit 0, and where the text shows what it prints, print exactly that.
A failure names the file and line (or the help topic); the steps after it still run (a fault
they show may come from the first one).

The marks, in Markdown (HACKING.md, "Documentation that runs"): an HTML comment on the last
non-blank line before a code block says what the block is -
  <!-- not run: REASON -->  shown, never run; REASON must also be in the visible paragraph
                            just before the comment, so that a reader sees it too;
  <!-- file: NAME -->       the block is a file the text goes on to use: written to NAME;
  <!-- output -->           what the command before it prints (its standard output, then its
                            standard error): each line exactly, except that "[...]" stands
                            for any text in a line, or for any lines on a line alone.
A code block is indented by 4 spaces, or fenced with no language or sh/bash/shell; a fenced
block of another language (ini, ...) is data, never run. In a block, a line starting with "#"
is a comment; a command goes on over a trailing backslash or an open quote. Each command runs
in a shell of its own, from the clone's top folder: a `cd` or an `export` holds for its line.
In the man page, `.\\" not run: REASON` before an example line leaves that line out.
--list prints the steps (and the blocks marked "not run", with their reasons) without
running anything. Python 3 alone, no package.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

MARK = re.compile(r'^<!--\s*(not run|file|output)\s*(?::\s*(.*?))?\s*-->\s*$')
COMMENT = re.compile(r'^<!--.*-->\s*$')
FENCE = re.compile(r'^(```|~~~)\s*([A-Za-z0-9_-]*)')
RUN_LANGS = ('', 'sh', 'bash', 'shell')
ELIDE = '[...]'
TIMEOUT = 300  # a guard against a hang, not a timing assertion


class Step:
    """One thing to do: kind 'run' (text: a command), 'skip' (a command not run; name: why),
    'file' (name, text) or 'output' (text); where: the file and line, or the help topic."""

    def __init__(self, where, kind, text, name=None):
        self.where, self.kind, self.text, self.name = where, kind, text, name


def commands(lines, first, where):
    """The commands of a block's lines (first: the line number of lines[0])."""
    out, pending, start = [], '', 0
    for i, line in enumerate(lines):
        if not pending and (not line.strip() or line.lstrip().startswith('#')):
            continue
        if not pending:
            start = first + i
        pending += line + '\n'
        if pending.endswith('\\\n'):
            continue
        try:
            shlex.split(pending, comments=True)
        except ValueError:  # an open quote: the command goes on
            continue
        out.append(Step(where(start), 'run', pending.rstrip('\n')))
        pending = ''
    if pending:
        out.append(Step(where(start), 'run', pending.rstrip('\n')))
    return out


def paragraph_before(lines, i):
    """The paragraph just above line i (0-based), blank lines between them skipped."""
    while i > 0 and not lines[i - 1].strip():
        i -= 1
    j = i
    while j > 0 and lines[j - 1].strip():
        j -= 1
    return ' '.join(lines[j:i])


def words(s):
    return ' '.join(s.lower().replace('`', '').split())


def markdown_blocks(path):
    """The code blocks of a Markdown file: (first line number, lines, fenced language or None,
    mark), mark being None or (kind, argument, index of its line[, the paragraph above])."""
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    i, blocks, last = 0, [], None  # last: (index of the last non-blank line, its text)
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        # An indented block starts after a blank line, or right after an HTML comment
        # (CommonMark: the comment's block ends on its line).
        indented = line.startswith('    ') and (i == 0 or not lines[i - 1].strip() or
                                                 COMMENT.match(lines[i - 1]))
        if fence or indented:
            mark = MARK.match(last[1]) if last else None
            markinfo = (mark.group(1), mark.group(2) or '', last[0]) if mark else None
            if not mark and last and COMMENT.match(last[1]):
                markinfo = ('unknown', last[1].strip(), last[0])
            if markinfo and markinfo[0] == 'not run':
                markinfo += (paragraph_before(lines, last[0]),)
            if fence:
                j = i + 1
                while j < len(lines) and not lines[j].startswith(fence.group(1)):
                    j += 1
                blocks.append((i + 2, lines[i + 1:j], fence.group(2), markinfo))
                i = j + 1
            else:
                j = i
                while j < len(lines) and (lines[j].startswith('    ') or not lines[j].strip()):
                    j += 1
                while j > i and not lines[j - 1].strip():
                    j -= 1
                blocks.append((i + 1, [l[4:] for l in lines[i:j]], None, markinfo))
                i = j
            last = None
            continue
        if line.strip():
            last = (i, line)
        i += 1
    return blocks


def markdown_steps(top, rel):
    """The steps of a Markdown file, and the faults of its marks."""
    steps, faults = [], []
    for first, body, lang, mark in markdown_blocks(os.path.join(top, rel)):
        where = lambda n: '%s:%d' % (rel, n)  # noqa: E731
        kind = mark[0] if mark else None
        if kind == 'unknown':
            faults.append('%s: %s before a code block is no mark (not run: REASON, file: NAME, '
                          'output)' % (where(mark[2] + 1), mark[1]))
        elif kind == 'not run':
            reason = mark[1]
            if not reason:
                faults.append('%s: "not run" without a reason' % where(mark[2] + 1))
            elif words(reason) not in words(mark[3]):
                faults.append('%s: "not run: %s" is not said in the paragraph before it, '
                              'where a reader would see it' % (where(mark[2] + 1), reason))
            for c in commands(body, first, where):
                steps.append(Step(c.where, 'skip', c.text, reason))
        elif kind == 'file':
            if not mark[1] or '/' in mark[1] or mark[1].startswith('.'):
                faults.append('%s: "file:" wants a plain file name' % where(mark[2] + 1))
            steps.append(Step(where(first), 'file', '\n'.join(body) + '\n', mark[1]))
        elif kind == 'output':
            if all(l.strip() in ('', ELIDE) for l in body):
                faults.append('%s: an output that elides everything shows nothing' % where(first))
            steps.append(Step(where(first), 'output', '\n'.join(body)))
        elif lang is None or lang in RUN_LANGS:
            steps += commands(body, first, where)
    return steps, faults


def help_steps(predup, topic):
    """The examples of `predup help TOPIC`: its lines indented by two spaces, the command
    being what comes before the first run of two spaces."""
    text = subprocess.run([predup, 'help', topic], capture_output=True, text=True,
                          check=True).stdout
    steps = []
    for n, line in enumerate(text.split('\n'), 1):
        if line.startswith('  ') and line[2:3] != ' ':
            cmd = re.split(r'\s{2,}', line.strip())[0]
            steps.append(Step('predup help %s, line %d' % (topic, n), 'run', cmd))
    return steps


def roff_text(s):
    s = s.replace('\\-', '-').replace('\\(aq', "'").replace('\\(dq', '"').replace('\\e', '\\')
    return s.replace('\\\\', '\\')


def man_steps(top):
    """The example lines of config/predup.1's EXAMPLES (between .nf and .fi)."""
    rel = 'config/predup.1'
    with open(os.path.join(top, rel), encoding='utf-8') as f:
        lines = f.read().split('\n')
    steps, section, skip = [], None, None
    for n, line in enumerate(lines, 1):
        if line.startswith('.SH '):
            section = line[4:].strip().strip('"')
        elif section == 'EXAMPLES' and line.startswith('.\\" not run:'):
            skip = line.split(':', 1)[1].strip()
        elif section == 'EXAMPLES' and line.strip() and not line.startswith('.'):
            where = '%s:%d' % (rel, n)
            steps.append(Step(where, 'skip', roff_text(line), skip) if skip else
                         Step(where, 'run', roff_text(line)))
            skip = None
    return steps


def clone_files(top):
    """The files a clone holds: what git tracks (and new files not ignored), or, outside git,
    every file but the build's."""
    try:
        out = subprocess.run(['git', '-C', top, 'ls-files', '-z', '--cached', '--others',
                              '--exclude-standard'], capture_output=True, check=True).stdout
        return [p for p in out.decode().split('\0') if p]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(top):
            dirs[:] = [x for x in dirs if not (d == top and (x.startswith('build') or
                                                             x in ('.git', 'out')))]
            files += [os.path.relpath(os.path.join(d, x), top) for x in names]
        return [f for f in files if f != 'predup']


def same_file(a, b):
    try:
        x, y = os.lstat(a), os.lstat(b)
    except OSError:
        return False
    return (x.st_size, int(x.st_mtime), x.st_mode) == (y.st_size, int(y.st_mtime), y.st_mode)


def fresh_clone(top, files, dest):
    """Makes dest hold exactly the clone's files, as they are in top: a first copy, or the
    copy a source ran in, with what it made removed and what it changed copied again."""
    keep = set(files)
    for d, dirs, names in os.walk(dest, topdown=False):
        for x in names + [x for x in dirs if os.path.islink(os.path.join(d, x))]:
            path = os.path.join(d, x)
            if os.path.relpath(path, dest) not in keep:
                os.unlink(path)
        for x in dirs:
            path = os.path.join(d, x)
            if not os.path.islink(path) and not os.listdir(path):
                os.rmdir(path)
    for rel in files:
        src, dst = os.path.join(top, rel), os.path.join(dest, rel)
        if not os.path.isfile(src) or same_file(src, dst):
            continue  # deleted in the work tree, or untouched
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.lexists(dst):
            if os.path.isdir(dst) and not os.path.islink(dst):
                shutil.rmtree(dst)
            else:
                os.unlink(dst)
        shutil.copy2(src, dst)


def matches(expected, actual):
    """Does the output match the text, "[...]" eliding?"""
    pattern = []
    for line in expected.split('\n'):
        if line.strip() == ELIDE:
            pattern.append('(?:[^\n]*\n)*?')
        else:
            pattern.append('.*'.join(re.escape(p) for p in line.split(ELIDE)) + '\n')
    return re.fullmatch(''.join(pattern), actual if actual.endswith('\n') else actual + '\n',
                        re.DOTALL) is not None


def run_source(name, steps, top, files, bindir):
    """Runs one source's steps in a fresh clone (./clone); returns the faults."""
    dest = os.path.abspath('clone')
    fresh_clone(top, files, dest)
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get('PATH', ''), LC_ALL='C')
    print('== %s: %d steps, in a fresh copy of the clone (%s)' % (name, len(steps), dest),
          flush=True)
    last, faults = None, []
    for s in steps:
        if s.kind == 'skip':
            print('%s: not run (%s): %s' % (s.where, s.name, s.text), flush=True)
            continue
        if s.kind == 'file':
            with open(os.path.join(dest, s.name), 'w', encoding='utf-8') as f:
                f.write(s.text)
            print('%s: file %s' % (s.where, s.name), flush=True)
            continue
        if s.kind == 'output':
            if last is None:
                faults.append('%s: output shown before any command' % s.where)
            elif not matches(s.text, last[1]):
                faults.append('%s: `%s` printed\n%s\n--- where the text shows\n%s' %
                              (s.where, last[0].text, last[1].rstrip('\n'), s.text))
            else:
                print('%s: output as shown' % s.where, flush=True)
            continue
        print('%s: $ %s' % (s.where, s.text), flush=True)
        t0 = time.time()
        try:
            r = subprocess.run(['bash', '-o', 'pipefail', '-c', s.text], cwd=dest, env=env,
                               stdin=subprocess.DEVNULL, capture_output=True, text=True,
                               errors='replace', timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            faults.append('%s: `%s` still running after %d s' % (s.where, s.text, TIMEOUT))
            last = None
            continue
        printed = r.stdout + r.stderr
        if time.time() - t0 >= 1:  # for whoever keeps the test's time in bounds
            print('   ... %.1f s' % (time.time() - t0), flush=True)
        if r.returncode != 0:
            faults.append('%s: `%s` exited %d (a documented command must succeed; mark it '
                          'with <!-- not run: REASON --> if it cannot run here):\n%s' %
                          (s.where, s.text, r.returncode, printed.rstrip('\n')[-3000:]))
            print('   ... exit %d' % r.returncode, flush=True)
        last = (s, printed)
    return faults + pdf_faults(name, dest)


def pdf_faults(name, dest):
    """Every PDF the documented commands made passes `qpdf --check`, and pdftotext reads it
    without a warning (as tests/lib_cli.sh's pdf_checked asks of the other tests' PDFs)."""
    faults = []
    for d, _, names in os.walk(dest):
        for x in sorted(n for n in names if n.endswith('.pdf')):
            path = os.path.join(d, x)
            qpdf = subprocess.run(['qpdf', '--check', path], capture_output=True, text=True)
            text = subprocess.run(['pdftotext', path, os.devnull], capture_output=True,
                                  text=True)
            if qpdf.returncode != 0 or text.stderr:
                faults.append('%s: %s fails qpdf --check or makes pdftotext warn:\n%s%s' %
                              (name, os.path.relpath(path, dest), qpdf.stdout[-1500:],
                               text.stderr[-1500:]))
            else:
                print('%s: %s passes qpdf --check and pdftotext' %
                      (name, os.path.relpath(path, dest)), flush=True)
    return faults


def list_steps(name, steps):
    print('== ' + name)
    for s in steps:
        if s.kind == 'run':
            print('%s: $ %s' % (s.where, s.text))
        elif s.kind == 'skip':
            print('%s: not run (%s): %s' % (s.where, s.name, s.text))
        else:
            print('%s: %s' % (s.where, 'file ' + s.name if s.kind == 'file' else 'output'))


def main(argv):
    listing = len(argv) > 1 and argv[1] == '--list'
    if listing:
        argv = argv[:1] + argv[2:]
    if len(argv) < 4:
        sys.exit('usage: docs_run.py [--list] TOP PREDUP SOURCE... (SOURCE: FILE.md, help, man)')
    top, predup = os.path.abspath(argv[1]), argv[2]
    files = clone_files(top)
    bindir = os.path.abspath('bin')  # predup on PATH: the binary under test
    if not listing:
        os.makedirs(bindir, exist_ok=True)
        os.symlink(os.path.abspath(predup), os.path.join(bindir, 'predup'))
    faults, counted = [], 0
    for source in argv[3:]:
        if source == 'help':
            topics = subprocess.run([predup, '--complete', 'topics'], capture_output=True,
                                    text=True, check=True).stdout.split()
            todo = [('predup help ' + t, help_steps(predup, t)) for t in topics]
        elif source == 'man':
            todo = [('config/predup.1', man_steps(top))]
        else:
            steps, bad = markdown_steps(top, source)
            faults += bad
            todo = [(source, steps)]
        for name, steps in todo:
            counted += sum(s.kind == 'run' for s in steps)
            if listing:
                list_steps(name, steps)
            else:
                faults += run_source(name, steps, top, files, bindir)
    for f in faults:
        print('FAIL: ' + f)
    print('%s: %d commands%s, %d failed' % ('FAIL' if faults else 'ok', counted,
                                            ' (listed)' if listing else '', len(faults)))
    return 1 if faults else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
