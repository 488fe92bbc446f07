#!/usr/bin/env python3
"""docs_refs.py - what the documentation points at is in the clone (issue 25).

    python3 tests/tools/docs_refs.py TOP [HELP.txt...]

Fails (exit 1, one line "FILE:LINE: what" per fault) when
  - a file of the tree cites a section of a Markdown file (`README.md, "An event, step by
    step"`, `dealer/README.md, "Boards with a script"`) that has no heading of that title (the
    file is looked for beside the citing file, then at the top);
  - a document (every *.md outside tests/data and tests/fuzz, config/predup.1,
    config/events/demo.conf, and the HELP.txt files given: `predup help TOPIC` saved) names a
    path of the tree (dealer/..., pbn/..., printing/..., machine/..., config/..., tests/...) that
    no file of the clone matches;
  - a document points at ../shared (the reference folder beside the project, which a clone does
    not have) other than at ../shared/corpus in a paragraph that says it is optional;
  - a comment of the code (C's /* */ and //, the # lines of shell, Python, Makefile and .ini
    files) names a file that is not in the clone: a path of the tree, or a bare name (utf8.c,
    lang_int.h, en.ini) that no file of the clone has (nor /usr/include, for a library's
    header). Placeholders in capitals (pbn/FORMAT.c, LANG.ini) stand for any.
The clone is what git knows in TOP (new files not ignored included; outside git, every file
but the build's). Python 3 alone.
"""
import fnmatch
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import docs_run  # noqa: E402  (the sibling file: what a clone holds)

CITE = re.compile(r'((?:[\w.-]+/)*[A-Z][A-Z0-9_-]*\.md),? "([^"]+)"')
TREE_PATH = re.compile(r'(?<![\w./-])((?:dealer|pbn|printing|machine|config|tests)/[\w./*{}-]*[\w*/])')
SHARED = re.compile(r'(?<![\w-])((?:\.\./)?shared/[\w./-]*)')
SKIP_DIRS = ('tests/data/', 'tests/fuzz/')


def clone_files(top):
    return sorted(p for p in docs_run.clone_files(top) if os.path.isfile(os.path.join(top, p)))


def read(path):
    try:
        with open(path, encoding='utf-8') as f:
            return f.read()
    except (UnicodeDecodeError, OSError):
        return None


def headings(text):
    """The titles of a Markdown file's headings, without their number ("5. ") and backticks."""
    return [re.sub(r'^#+\s*(\d+\.\s+)?', '', l).replace('`', '').strip()
            for l in text.split('\n') if re.match(r'#+ ', l)]


def has_section(top, doc, title):
    """Does doc have a heading titled title (or title followed by a parenthesis)?"""
    return any(h == title or h.startswith(title + ' (')
               for h in headings(read(os.path.join(top, doc)) or ''))


def check_citations(top, files):
    faults = []
    for rel in files:
        if rel.startswith(SKIP_DIRS):
            continue
        text = read(os.path.join(top, rel))
        if text is None:
            continue
        for n, line in enumerate(text.split('\n'), 1):
            for m in CITE.finditer(line):
                doc, title = m.group(1), m.group(2)
                here = os.path.normpath(os.path.join(os.path.dirname(rel), doc))
                targets = [t for t in (here, doc) if t in files]
                if not targets:
                    faults.append('%s:%d: cites %s, which is not in the clone' % (rel, n, doc))
                elif not any(has_section(top, t, title) for t in targets):
                    faults.append('%s:%d: cites %s, "%s": %s has no such section'
                                  % (rel, n, doc, title, ' or '.join(targets)))
    return faults


def paragraphs(text):
    """(first line number, text) of each paragraph of prose (lines up to a blank one), code
    blocks left out: their commands may make the files they name."""
    out, start, cur, fenced = [], 1, [], False
    for n, line in enumerate(text.split('\n'), 1):
        if line.startswith(('```', '~~~')):
            fenced = not fenced
            line = ''
        if fenced or line.startswith('    '):
            line = ''
        if line.strip():
            if not cur:
                start = n
            cur.append(line)
        elif cur:
            out.append((start, '\n'.join(cur)))
            cur = []
    if cur:
        out.append((start, '\n'.join(cur)))
    return out


def documents(top, files, helps):
    docs = [f for f in files if f.endswith('.md') and not f.startswith(SKIP_DIRS)]
    docs += ['config/predup.1', 'config/events/demo.conf']
    out = [(d, read(os.path.join(top, d)) or '') for d in docs]
    return out + [(h, read(h) or '') for h in helps]


def roff(text):
    return text.replace('\\-', '-').replace('\\&', '')


def placeholder(path):
    """A path that stands for any (pbn/FORMAT.c, printing/NAME.c), or prose (pbn/printing)."""
    last = path.rstrip('/').split('/')[-1]
    return re.search(r'(^|_)[A-Z]{3,}\b', last) or not (path.endswith('/') or '.' in last
                                                        or '*' in last)


def exists(path, files):
    path = path.rstrip('.')
    if '*' in path or '{' in path:
        pat = re.sub(r'\{[^}]*\}', '*', path)
        return any(fnmatch.fnmatch(f, pat) or fnmatch.fnmatch(f, pat.rstrip('/') + '/*')
                   for f in files)
    return path.rstrip('/') in files or any(f.startswith(path.rstrip('/') + '/') for f in files)


def check_pointers(top, files, helps):
    faults = []
    for name, text in documents(top, files, helps):
        text = roff(text)
        for start, para in paragraphs(text):
            for i, line in enumerate(para.split('\n')):
                for m in SHARED.finditer(line):
                    p = m.group(1)
                    if not p.startswith('../shared/corpus') or 'optional' not in para.lower():
                        faults.append('%s:%d: points at %s, which a clone does not have (bring '
                                      'what is needed into the tree; ../shared/corpus only '
                                      'where the paragraph says it is optional)'
                                      % (name, start + i, p))
                for m in TREE_PATH.finditer(line):
                    if line[:m.start()].endswith('shared/') or placeholder(m.group(1)):
                        continue
                    if not exists(m.group(1), files):
                        faults.append('%s:%d: names %s, which is not in the clone'
                                      % (name, start + i, m.group(1)))
    return faults


# Files of other projects a comment may name: Hans van Staveren's dealer, the Firmata protocol's
# documents (firmata/protocol).
OTHERS = {'dealer.c', 'protocol.md', 'servos.md'}
CODE_EXT = ('.c', '.h', '.sh', '.py', '.ini', '.rules', '.bash-completion')
BARE = re.compile(r'(?<![\w./$-])([A-Za-z_][\w-]*\.(?:c|h|md|sh|py|ini))(?![\w/-])')


def comments(rel, text):
    """(line number, text) of each comment line of a source file."""
    out = []
    if rel.endswith(('.c', '.h')):
        for m in re.finditer(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"', text, re.S):
            if m.group(0).startswith('"'):
                continue
            first = text.count('\n', 0, m.start()) + 1
            out += [(first + i, l) for i, l in enumerate(m.group(0).split('\n'))]
    else:
        for n, line in enumerate(text.split('\n'), 1):
            m = re.search(r'(^|\s)#(?![!{])', line)
            if m:
                out.append((n, line[m.end():]))
    return out


def system_headers():
    names = set()
    for root, _, fs in os.walk('/usr/include'):
        names.update(fs)
    return names


def check_comments(top, files):
    faults, basenames, sys_h = [], {os.path.basename(f) for f in files} | OTHERS, None
    for rel in files:
        if rel.startswith(SKIP_DIRS) or not (rel.endswith(CODE_EXT) or rel == 'Makefile'):
            continue
        text = read(os.path.join(top, rel)) or ''
        notes = comments(rel, text)
        # a test may name the files it makes (hacking_recipes.sh's toys): named in its code too
        code = '\n'.join(l for n, l in enumerate(text.split('\n'), 1)
                         if n not in {k for k, _ in notes}) if rel.startswith('tests/') else ''
        for n, line in notes:
            for m in TREE_PATH.finditer(line):
                p = m.group(1)
                if placeholder(p) or p.endswith('.o') or p in code:
                    continue
                if not exists(p, files):
                    faults.append('%s:%d: a comment names %s, which is not in the clone'
                                  % (rel, n, m.group(1)))
            for m in BARE.finditer(line):
                name = m.group(1)
                if (name in basenames or re.search(r'(^|_)[A-Z]{2,}(\.|_)', name) or
                        name in code):
                    continue
                sys_h = system_headers() if sys_h is None else sys_h
                if name not in sys_h:
                    faults.append('%s:%d: a comment names %s, which no file of the clone is'
                                  % (rel, n, name))
    return faults


def main(argv):
    if len(argv) < 2:
        sys.exit('usage: docs_refs.py TOP [HELP.txt...]')
    top = os.path.abspath(argv[1])
    files = clone_files(top)
    faults = (check_citations(top, files) + check_pointers(top, files, argv[2:]) +
              check_comments(top, files))
    for f in faults:
        print('FAIL: ' + f)
    print('%s: %d faults' % ('FAIL' if faults else 'ok', len(faults)))
    return 1 if faults else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
