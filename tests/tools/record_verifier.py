#!/usr/bin/env python3
"""tests/tools/record_verifier.py - a second verifier of event records, independent of predup's C
code: written from dealer/EVENTS.md (the record's bytes, the rules of its values, the derivation)
and dealer/README.md (the board streams), with the Python standard library only. The board
construction (HMAC-SHA-256, RFC 8439 ChaCha20, 96-bit candidates, Pavlicek, dealing version 2)
is tests/tools/ref_deal.py's, itself written from those texts; --self-test checks it against
RFC 8439's block vector and the worked example of dealer/EVENTS.md.

usage: record_verifier.py NAME.record [--set NAME] [--script FILE] [FILE...]
       record_verifier.py --self-test

Prints one verdict and exits:
  0  accept: the record obeys every rule; when it is revealed, every FILE holds exactly its set's
     boards, and the deals accepted are listed ("FILE: board B: DEAL"); not revealed: each FILE
     "not checked yet"
  1  refuse: the first rule broken, named ("refuse: ..." or "FILE: refuse: ...")
  3  cannot judge: the record needs what this verifier does not have (a script beyond a
     conjunction of bounds; ICU's confusable tables)
The differential test tests/cli/verify_record_differential.sh compares this with predup verify.
"""
import hashlib
import hmac
import math
import os
import re
import struct
import sys
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ref_deal  # noqa: E402  (the construction of dealer/README.md, from its text)


class Refuse(Exception):
    pass


class CannotJudge(Exception):
    pass


# ------------------------------------------------------------------------- the record's lines

HEX64 = re.compile(r"[0-9a-f]{64}")
NUMBER = r"(?:0|[1-9][0-9]*)"
MIN_VALUES = 1000000  # a form must allow at least this many values


def split_lines(data):
    """The record's lines as (keyword, value): KEYWORD SP VALUE LF, nothing else."""
    if not data.endswith(b"\n"):
        raise Refuse("the record does not end with a line feed")
    bad = re.search(rb"[^\x20-\x7e\n]", data)
    if bad:
        raise Refuse("byte 0x%02X: a record is printable ASCII and LF" % data[bad.start()])
    out = []
    for n, raw in enumerate(data[:-1].split(b"\n"), 1):
        line = raw.decode("ascii")
        m = re.fullmatch(r"([a-z0-9-]+) (\S(?:.*\S)?)", line)
        if not m or "  " in line[:len(m.group(1)) + 2]:
            raise Refuse("line %d is not KEYWORD SP VALUE" % n)
        word, value = m.groups()
        limit = {"public": 200, "boards": 255}.get(word, 511)
        if len(value.encode()) > limit:
            raise Refuse("line %d: value over %d bytes" % (n, limit))
        out.append((word, value))
    return out


SET_LINES = ("set", "boards", "script-sha256", "dealing", "dealer", "vul")


def take(lines, at, word):
    if at >= len(lines) or lines[at][0] != word:
        got = lines[at][0] if at < len(lines) else "the end"
        raise Refuse("expected the %s line, found %s" % (word, got))
    return lines[at][1]


def parse_record(data):
    """The record's fields, every line checked in its order (dealer/EVENTS.md)."""
    lines = split_lines(data)
    r, at = {"sets": []}, 0
    for word in ("predup-event-record", "generator", "derivation", "event", "date", "site",
                 "delayed-value", "public-form"):
        r[word] = take(lines, at, word)
        at += 1
    if at < len(lines) and lines[at][0] == "language":
        r["language"] = lines[at][1]
        at += 1
    while at < len(lines) and lines[at][0] == "set":
        s = {"name": lines[at][1]}
        at += 1
        for word in ("boards", "script-sha256"):
            s[word] = take(lines, at, word)
            at += 1
        if at < len(lines) and lines[at][0] == "dealing":
            s["dealing"] = lines[at][1]
            at += 1
        for word in ("dealer", "vul"):
            s[word] = take(lines, at, word)
            at += 1
        r["sets"].append(s)
    r["commitment"] = take(lines, at, "commitment")
    r["digest"] = take(lines, at + 1, "digest")
    at += 2
    for word in ("public", "key"):
        if at < len(lines) and lines[at][0] == word:
            r[word] = lines[at][1]
            at += 1
    if at < len(lines):
        raise Refuse("line %d: %s out of place or repeated" % (at + 1, lines[at][0]))
    if "key" in r and "public" not in r:
        raise Refuse("a key without a public value")
    body = data[:data.index(b"\ncommitment ") + 1]
    body = data[:data.index(b"\n", len(body)) + 1]
    check_fields(r, body)
    return r


def check_fields(r, body):
    if r["predup-event-record"] != "1":
        raise Refuse("format version %r, not 1" % r["predup-event-record"])
    check_generator(r["generator"])
    if r["derivation"] != "predup/v2/event":
        raise Refuse("derivation %r, not predup/v2/event" % r["derivation"])
    texts = [check_text("event", r["event"], unknown=False), check_date(r["date"]),
             check_text("site", r["site"], unknown=True)]
    texts[2:] = [] if r["site"] == "?" else [texts[2]]
    check_text("delayed-value", r["delayed-value"], unknown=False, alone=True)
    r["form"] = check_form(r["public-form"])
    if "language" in r and not re.fullmatch(r"[a-z]{2,8}", r["language"]):
        raise Refuse("language %r has no table" % r["language"])
    if not 1 <= len(r["sets"]) <= 32:
        raise Refuse("%d sets: a record has 1 to 32" % len(r["sets"]))
    names = [s["name"] for s in r["sets"]]
    if len(set(names)) != len(names):
        raise Refuse("two sets with one name")
    for s in r["sets"]:
        check_set(s)
    check_confusables([texts[0]] + texts[2:], names)
    for word in ("commitment", "digest"):
        if not HEX64.fullmatch(r[word]):
            raise Refuse("%s is not 64 lower-case hex digits" % word)
    if hashlib.sha256(body).hexdigest() != r["digest"]:
        raise Refuse("the digest does not match the parameters")
    if "public" in r:
        check_public(r["form"], r["public"])
    if "key" in r:
        if not HEX64.fullmatch(r["key"]):
            raise Refuse("the key is not 64 lower-case hex digits")
        if hashlib.sha256((r["key"] + "\n").encode()).hexdigest() != r["commitment"]:
            raise Refuse("the key does not match the commitment")


def check_generator(value):
    """`predup `, then 1 to 32 characters of 0-9 a-z . + -, the first a digit."""
    if not re.fullmatch(r"predup [0-9][0-9a-z.+-]{0,31}", value):
        raise Refuse("generator %r is not `predup VERSION`" % value)


def check_date(value):
    if value != "?" and not re.fullmatch(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}", value):
        raise Refuse("date %r is not YYYY.MM.DD" % value)
    return value


# ------------------------------------------------------------------------- texts and names

ESCAPE = re.compile(r"\\u\{([0-9A-F]{4,6})\}")


def unescape(word, value):
    """The text a record line writes in ASCII, every other character as \\u{XXXX}."""
    out, at = [], 0
    for m in ESCAPE.finditer(value):
        plain = value[at:m.start()]
        if "\\" in plain:
            raise Refuse("%s: a backslash that is not \\u{XXXX}" % word)
        out.append(plain)
        digits, cp = m.group(1), int(m.group(1), 16)
        if len(digits) > 4 and digits[0] == "0":
            raise Refuse("%s: \\u{%s} has a leading zero too many" % (word, digits))
        if cp == 0 or cp > 0x10FFFF or 0xD800 <= cp <= 0xDFFF:
            raise Refuse("%s: \\u{%s} is no character" % (word, digits))
        if 0x20 <= cp < 0x7F and cp != 0x5C:
            raise Refuse("%s: \\u{%s} is printable ASCII, written as itself" % (word, digits))
        out.append(chr(cp))
        at = m.end()
    if "\\" in value[at:]:
        raise Refuse("%s: a backslash that is not \\u{XXXX}" % word)
    out.append(value[at:])
    return "".join(out)


# Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties.txt), and U+2800.
IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
             (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
             (0x2060, 0x206F), (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F),
             (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
             (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
# ICU's moderately restrictive level: one script, or Latin with one other (not Cyrillic, not
# Greek), or one of the CJK combinations with or without Latin.
CJK = ({"CJK", "HIRAGANA", "KATAKANA"}, {"CJK", "BOPOMOFO"}, {"CJK", "HANGUL"})


def shows_as_itself(c):
    cat, cp = unicodedata.category(c), ord(c)
    return not (cat in ("Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp") or (cat == "Zs" and c != " ")
                or any(lo <= cp <= hi for lo, hi in IGNORABLE))


def check_text(word, value, unknown, alone=False):
    """The event name, site and delayed-value description (dealer/EVENTS.md, "Texts")."""
    if value == "?":
        if unknown:
            return value
        raise Refuse("%s is ?: it must be given" % word)
    text = unescape(word, value)
    for c in text:
        if not shows_as_itself(c):
            raise Refuse("%s: U+%04X does not show as itself" % (word, ord(c)))
    if "  " in text or text != text.strip(" "):
        raise Refuse("%s: two spaces in a row, or a space at an end" % word)
    if unicodedata.normalize("NFKC", text) != text:
        raise Refuse("%s: the text is not its own NFKC" % word)
    scripts = {unicodedata.name(c, "?").split(" ")[0] for c in text
               if unicodedata.category(c).startswith("L")}
    other = scripts - {"LATIN"}
    if len(other) > 1 and other not in CJK and not any(other <= k for k in CJK) or \
            scripts & {"CYRILLIC", "GREEK"} and "LATIN" in scripts:
        raise Refuse("%s: letters of scripts %s mixed" % (word, sorted(scripts)))
    zeros = {ord(c) - unicodedata.digit(c) for c in text if unicodedata.category(c) == "Nd"}
    if len(zeros) > 1:
        raise Refuse("%s: digits of several systems" % word)
    if not alone and any(ord(c) > 0x7E for c in text):
        raise CannotJudge("%s: non-ASCII text: ICU's confusables decide" % word)
    return text


SET_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
HOUSE_CONFUSABLES = {"rn": "m", "cl": "d", "vv": "w", "0": "o", "1": "l"}


def skeleton(name):
    """The house skeleton: left to right, the longest match of the table at each position."""
    out, at = [], 0
    while at < len(name):
        for n in (2, 1):
            if name[at:at + n] in HOUSE_CONFUSABLES:
                out.append(HOUSE_CONFUSABLES[name[at:at + n]])
                at += n
                break
        else:
            out.append(name[at])
            at += 1
    return "".join(out)


def loose(text):
    """Near enough ICU's skeleton for ASCII texts to tell when ICU must decide."""
    return skeleton(text.replace("I", "l").replace("|", "l"))


def check_confusables(texts, names):
    seen = {}
    for n in names:
        if skeleton(n) in seen:
            raise Refuse("set names %r and %r look alike" % (seen[skeleton(n)], n))
        seen[skeleton(n)] = n
    every = texts + names
    for i, a in enumerate(every):
        for b in every[i + 1:]:
            if a != b and loose(a) == loose(b):
                raise CannotJudge("%r and %r: ICU's confusables decide" % (a, b))


# ------------------------------------------------------------------------- sets

DEALERS = {"N": 0, "E": 1, "S": 2, "W": 3}
VULS = ("None", "NS", "EW", "All")


def parse_range(text):
    """Board numbers of a range: items N or N-M (N <= M) joined by ",", boards 1 to 100000.
    EVENTS.md says nothing of leading zeros, order or overlap: taken as written."""
    boards = []
    for item in text.split(","):
        m = re.fullmatch(r"([0-9]+)(?:-([0-9]+))?", item)
        if not m:
            raise Refuse("boards %r is not a range" % text)
        lo = int(m.group(1))
        hi = int(m.group(2) or lo)
        if hi < lo or lo < 1 or hi > 100000:
            raise Refuse("boards %r: %d-%d" % (text, lo, hi))
        boards.extend(range(lo, hi + 1))
    return sorted(set(boards))


def check_set(s):
    if not SET_NAME.fullmatch(s["name"]):
        raise Refuse("set name %r is not a plain identifier" % s["name"])
    s["list"] = parse_range(s["boards"])
    script = s["script-sha256"]
    if script != "none" and not HEX64.fullmatch(script):
        raise Refuse("set %s: script-sha256 is neither none nor a SHA-256" % s["name"])
    if "dealing" in s:
        if script == "none":
            raise Refuse("set %s: a dealing line without a script" % s["name"])
        if s["dealing"] != "2":
            raise Refuse("set %s: dealing %r is no version" % (s["name"], s["dealing"]))
    if s["dealer"] != "law2" and s["dealer"] not in DEALERS:
        raise Refuse("set %s: dealer %r" % (s["name"], s["dealer"]))
    if s["vul"] != "law2" and s["vul"] not in VULS:
        raise Refuse("set %s: vul %r" % (s["name"], s["vul"]))


# ------------------------------------------------------------------------- the public value

def check_form(form):
    m = re.fullmatch(r"numbers (%s) of (%s)" % (NUMBER, NUMBER), form)
    if m:
        k, n = int(m.group(1)), int(m.group(2))
        if not (1 <= k <= 40 and k <= n <= 9999):
            raise Refuse("form %r out of its bounds" % form)
        if math.comb(n, k) < MIN_VALUES:
            raise Refuse("form %r allows %d values, under %d" % (form, math.comb(n, k),
                                                                   MIN_VALUES))
        return ("numbers", k, n)
    if form == "integer":
        return ("integer",)
    m = re.fullmatch(r"decimal ([1-6])", form)
    if m:
        return ("decimal", int(m.group(1)))
    raise Refuse("public-form %r is no form" % form)


def check_public(form, value):
    """The form's one spelling (dealer/EVENTS.md, "What a value may be")."""
    if form[0] == "numbers":
        nums = value.split(" ")
        if not all(re.fullmatch(r"[1-9][0-9]*", x) for x in nums):
            raise Refuse("public %r is not numbers one space apart" % value)
        got = [int(x) for x in nums]
        if len(got) != form[1] or got != sorted(set(got)) or got[-1] > form[2]:
            raise Refuse("public %r is not %d ascending numbers of 1..%d" % (value, form[1],
                                                                              form[2]))
    elif form[0] == "integer":
        if not re.fullmatch(NUMBER, value) or len(value) > 30:
            raise Refuse("public %r is not an integer's spelling" % value)
    elif not re.fullmatch(r"%s\.[0-9]{%d}" % (NUMBER, form[1]), value) or \
            len(value.split(".")[0]) > 30:
        raise Refuse("public %r is not a decimal with %d places" % (value, form[1]))


# ------------------------------------------------------------------------- the derivation

def set_key(r, name):
    key = bytes.fromhex(r["key"])
    msg = b"\x00".join([b"predup/v2/event", r["digest"].encode(), r["public"].encode(),
                        name.encode()])
    return hmac.new(key, msg, hashlib.sha256).digest()


def read_script(path, s):
    """A script this verifier can deal: `condition` (or a bare expression) that is a
    conjunction of bounds, and `dealer`, `vulnerable` lines; comments with #."""
    data = open(path, "rb").read()
    if hashlib.sha256(data).hexdigest() != s["script-sha256"]:
        raise Refuse("set %s: the script is not the one the record commits" % s["name"])
    sc = {"conds": [], "dealer": None, "vul": None}
    for line in data.decode("utf-8", "replace").splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        if word == "dealer" and rest.strip() in ("north", "east", "south", "west"):
            sc["dealer"] = ("north", "east", "south", "west").index(rest.strip())
        elif word == "vulnerable" and rest.strip().lower() in ("none", "ns", "ew", "all"):
            sc["vul"] = ("none", "ns", "ew", "all").index(rest.strip().lower())
        elif not sc["conds"]:
            expr = rest if word == "condition" else line
            if not re.fullmatch(r"[a-z0-9()<>=&\s]+", expr) or "||" in expr:
                raise CannotJudge("script line %r beyond bounds" % line)
            try:
                sc["conds"] = ref_deal.conjuncts(expr)
            except (SystemExit, ValueError) as e:
                raise CannotJudge("script: %s" % e)
        else:
            raise CannotJudge("script line %r beyond this verifier" % line)
    return sc


def deal_v2(sk, b, conds):
    """Dealing version 2 (dealer/README.md) for a conjunction of bounds: ref_deal's steps."""
    bd = ref_deal.bounds(conds)
    sizes = {s: sum(w for _, _, w in ref_deal.classes(bd[s])) for s in range(4) if bd[s]["any"]}
    ranked = sorted(sizes, key=lambda s: (sizes[s], s))
    seat = ranked[0] if ranked else None
    second = ranked[1] if len(ranked) > 1 else None
    cls = ref_deal.classes(bd[seat]) if seat is not None else None
    st = ref_deal.Stream(sk, 4, b)
    for _ in range(1000000):
        hand = ref_deal.draw_hand(st, cls, []) if seat is not None else []
        hands = ref_deal.deal_rest(st, seat, second, bd[second] if second is not None else None,
                                   hand)
        if hands and all(ref_deal.OPS[op](ref_deal.value(fn, hands[s]), c)
                         for fn, s, op, c in conds):
            return ref_deal.number(hands)
    raise CannotJudge("no accepted deal in 10^6 attempts")


def deal_v1(sk, b, conds):
    """Dealing version 1: the first candidate of the board stream the script accepts."""
    ks = ref_deal.keystream(sk, struct.pack(">IQ", 1, b))
    for _ in range(10000000):
        n = int.from_bytes(bytes(next(ks) for _ in range(12)), "big")
        if n >= ref_deal.D:
            continue
        hands = to_cards(ref_deal.pavlicek(n))
        if all(ref_deal.OPS[op](ref_deal.value(fn, hands[s]), c) for fn, s, op, c in conds):
            return n
    raise CannotJudge("no accepted candidate in 10^7")


def to_cards(hands):
    """ref_deal.pavlicek's hands (rank letters per suit) as lists of (suit, rank 2..14)."""
    return [[(su, 14 - "AKQJT98765432".index(ch)) for su in range(4) for ch in h[su]]
            for h in hands]


_DEALT = {}  # (version, set key, board, conditions) -> deal number


def dealt(version, sk, b, conds):
    """The deal number of board b of the set keyed sk: a pure function of its arguments, kept,
    since record_differential.py judges hundreds of mutants of a few sets in one process."""
    k = (version, sk, b, repr(conds))
    if k not in _DEALT:
        if version == "none":
            _DEALT[k] = ref_deal.board(None, None, b, sk)
        elif version == "2":
            _DEALT[k] = deal_v2(sk, b, conds)
        else:
            _DEALT[k] = deal_v1(sk, b, conds)
    return _DEALT[k]


def derive(r, s, script):
    """{board: (deal number, dealer 0..3, vul 0..3)} of set s (dealer/EVENTS.md)."""
    sk = set_key(r, s["name"])
    sc = None
    if s["script-sha256"] != "none":
        if not script:
            raise Refuse("set %s has a script: give it with --script" % s["name"])
        sc = read_script(script, s)
    out = {}
    for b in s["list"]:
        if sc is None:
            n = dealt("none", sk, b, None)
        else:
            n = dealt(s.get("dealing", "1"), sk, b, sc["conds"])
        dealer = (b - 1) % 4 if s["dealer"] == "law2" else DEALERS[s["dealer"]]
        vul = law2_vul(b) if s["vul"] == "law2" else VULS.index(s["vul"])
        if sc and sc["dealer"] is not None:
            dealer = sc["dealer"]
        if sc and sc["vul"] is not None:
            vul = sc["vul"]
        out[b] = (n, dealer, vul)
    return out


def law2_vul(b):
    return (((b - 1) % 16) // 4 + (b - 1) % 4) % 4


# ------------------------------------------------------------------------- PBN files

TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\[^\n])*)"\s*\]')


def pbn_games(path):
    """Each game of a PBN file as a list of (tag, value, line): games end at an empty line;
    `%` lines, {comments} and ; comments are skipped; section text after a tag is ignored."""
    try:
        text = open(path, "rb").read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise Refuse("%s: cannot read: %s" % (path, e))
    text = re.sub(r"[ \t\r]+(?=\n)", "", text)  # a line of blanks and CRs is empty
    if text.startswith("\ufeff"):
        text = text[1:]
    games, game, at, line = [], [], 0, 1
    while at < len(text):
        c = text[at]
        if c == "\n":
            line += 1
            at += 1
            if at < len(text) and text[at] == "\n" or at == len(text):
                if game:
                    games.append(game)
                game = []
            continue
        if c == "%" and (at == 0 or text[at - 1] == "\n"):
            at = text.find("\n", at) if "\n" in text[at:] else len(text)
            continue
        if c == "{":
            end = text.find("}", at)
            if end < 0:
                raise Refuse("%s:%d: a comment that never ends" % (path, line))
            line += text.count("\n", at, end)
            at = end + 1
            continue
        if c == ";":
            at = text.find("\n", at) if "\n" in text[at:] else len(text)
            continue
        if c == "[":
            m = TAG.match(text, at)  # PBN's tokens: any white space between, new lines too
            if not m:
                raise Refuse("%s:%d: a tag that is not [Name \"value\"]" % (path, line))
            value = re.sub(r'\\(["\\])', r"\1", m.group(2))
            game.append((m.group(1), value, line))
            line += text.count("\n", at, m.end())
            at = m.end()
            continue
        at += 1
    if game:
        games.append(game)
    return games


def parse_deal(text):
    """{(suit, rank): seat} of a PBN Deal value "N:hand hand hand hand"."""
    m = re.fullmatch(r"([NESW]):(\S+) (\S+) (\S+) (\S+)", text)
    if not m:
        raise ValueError("not a deal")
    first = "NESW".index(m.group(1))
    owner = {}
    for i in range(4):
        suits = m.group(2 + i).split(".")
        if len(suits) != 4:
            raise ValueError("a hand without four suits")
        for su, ranks in enumerate(suits):
            for ch in ranks:
                card = (su, 14 - "AKQJT98765432".index(ch)) if ch in "AKQJT98765432" else None
                if card is None or card in owner:
                    raise ValueError("card %r" % ch)
                owner[card] = (first + i) % 4
    if len(owner) != 52 or any(list(owner.values()).count(s) != 13 for s in range(4)):
        raise ValueError("not 13 cards each")
    return owner


def deal_owner(n):
    hands = to_cards(ref_deal.pavlicek(n))
    return {c: s for s in range(4) for c in hands[s]}


PBN_VULS = {"None": 0, "Love": 0, "-": 0, "NS": 1, "EW": 2, "All": 3, "Both": 3}
ONCE = ("Board", "Deal", "Dealer", "Vulnerable", "DealId")


def check_file(r, path, set_name, scripts):
    """The deals of one file, as the set of the record it belongs to: {board: PBN deal}."""
    games = pbn_games(path)
    if not games:
        raise Refuse("%s: no board" % path)
    label = set_name
    for game in games:
        for tag, value, line in game:
            if tag != "Generator":
                continue
            m = re.fullmatch(r"predup \S+ event=(\S+) commitment=(\S+) .*?label=(.+)", value)
            if not m or m.group(1) != r["digest"] or m.group(2) != r["commitment"]:
                raise Refuse("%s:%d: the Generator tag names another record" % (path, line))
            if label is None:
                label = m.group(3)
            elif label != m.group(3):
                raise Refuse("%s:%d: the Generator names set %s" % (path, line, m.group(3)))
    if label is None and len(r["sets"]) == 1:  # no Generator tag, no --set: the one set
        label = r["sets"][0]["name"]
    sets = [s for s in r["sets"] if s["name"] == label]
    if not sets:
        raise Refuse("%s: which set? (%s)" % (path, label))
    want = derive(r, sets[0], scripts)
    seen = {}
    for game in games:
        board = check_game(path, game, want)
        if board in seen:
            raise Refuse("%s: board %d twice" % (path, board))
        seen[board] = want[board][0]
    missing = sorted(set(want) - set(seen))
    if missing:
        raise Refuse("%s: board %d missing" % (path, missing[0]))
    return label, seen


def check_game(path, game, want):
    tags = {}
    for tag, value, line in game:
        if tag in ONCE and tag in tags:
            raise Refuse("%s:%d: a second %s tag in a game" % (path, line, tag))
        tags[tag] = (value, line)
    line = game[0][2]
    if "Board" not in tags or not re.fullmatch(r"[1-9][0-9]*", tags["Board"][0]):
        raise Refuse("%s:%d: a game without a board number" % (path, line))
    b = int(tags["Board"][0])
    if b not in want:
        raise Refuse("%s:%d: board %d is outside the set" % (path, line, b))
    n, dealer, vul = want[b]
    if "Deal" not in tags:
        raise Refuse("%s:%d: board %d has no Deal" % (path, line, b))
    try:
        if parse_deal(tags["Deal"][0]) != deal_owner(n):
            raise Refuse("%s:%d: board %d: Deal differs" % (path, tags["Deal"][1], b))
    except ValueError as e:
        raise Refuse("%s:%d: board %d: Deal: %s" % (path, tags["Deal"][1], b, e))
    if tags.get("Dealer", ("?",))[0] != "NESW"[dealer]:
        raise Refuse("%s:%d: board %d: Dealer differs" % (path, line, b))
    if PBN_VULS.get(tags.get("Vulnerable", ("?",))[0]) != vul:
        raise Refuse("%s:%d: board %d: Vulnerable differs" % (path, line, b))
    if "DealId" in tags and tags["DealId"][0] != str(n):
        raise Refuse("%s:%d: board %d: DealId differs" % (path, tags["DealId"][1], b))
    return b


# ------------------------------------------------------------------------- one key, one event

def is_record(data):
    return data.startswith(b"predup-event-record")


def is_whole_record(data):
    """A further file is passed over as a record only when it is one by every rule."""
    try:
        parse_record(data)
        return True
    except Refuse:
        return False


def mentions(r, data):
    """A further record, read leniently (dealer/EVENTS.md, "One key, one event"): refuse when it
    is of another event (another digest) and mentions this record's commitment or key."""
    if len(data) > 1 << 20:
        return False  # not read
    data = data.replace(b"\0", b" ")
    m = re.search(rb"(?m)^[ \t]*digest[ \t]+([^ \t\r\n]*)", data, re.I)
    if m and m.group(1).lower().decode("ascii", "replace") == r["digest"]:
        return False  # a copy of this event: its first lenient digest line
    for run in re.findall(rb"(?<![0-9A-Fa-f])[0-9A-Fa-f]{64}(?![0-9A-Fa-f])", data):
        run = run.lower()
        if run.decode() == r["commitment"] or \
                hashlib.sha256(run + b"\n").hexdigest() == r["commitment"]:
            return True
    return False


# ------------------------------------------------------------------------- the verdict

def verify(record, files, set_name, script):
    try:
        data = open(record, "rb").read()
    except OSError as e:
        raise Refuse("%s: %s" % (record, e))
    r = parse_record(data)
    out = ["accept: record %s, digest %s" % (record, r["digest"])]
    sets = []
    for path in files:
        try:
            data = open(path, "rb").read()
        except OSError:
            data = b""
        if not is_record(data):
            sets.append(path)
        elif mentions(r, data):
            raise Refuse("%s and %s commit to one key" % (record, path))
        elif is_whole_record(data):
            out.append("%s: a record of another event, with another key" % path)
        else:
            sets.append(path)  # begins as a record, is none: its deals are checked as a set's
    for path in sets:
        if "key" not in r:
            if not os.path.isfile(path) or not os.access(path, os.R_OK):
                raise Refuse("%s: cannot read" % path)
            out.append("%s: not checked yet" % path)
            continue
        label, deals = check_file(r, path, set_name, script)
        out += ["%s: set %s board %d: %d" % (path, label, b, deals[b]) for b in sorted(deals)]
    return out


def self_test():
    block = ref_deal.chacha20_block(bytes(range(32)), 1, bytes.fromhex("000000090000004a00000000"))
    assert block[:16].hex() == "10f1e7e4d13b5915500fdd1fa32071c4", "RFC 8439 2.3.2"
    r = {"key": bytes(range(32)).hex(), "public": "17",
         "digest": "da35ec15947bb82918994b1276dcf1f9c344c08080304ce5b935174391bb11b4"}
    got = [ref_deal.board(None, None, b, set_key(r, "original")) for b in (1, 2, 3)]
    assert got == [29274261334843373041453907131, 206577818642812565418622225,
                   36981076394100943184144126234], "dealer/EVENTS.md's worked example"
    assert check_form("numbers 6 of 49") == ("numbers", 6, 49)
    print("self-test: passed")


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    set_name = script = None
    files = []
    args = iter(argv)
    for a in args:
        if a in ("--set", "--script"):
            v = next(args, None)
            if v is None:
                sys.exit("usage: record_verifier.py NAME.record [--set S] [--script F] [FILE...]")
            set_name, script = (v, script) if a == "--set" else (set_name, v)
        else:
            files.append(a)
    if not files:
        sys.exit("usage: record_verifier.py NAME.record [--set S] [--script F] [FILE...]")
    try:
        print("\n".join(verify(files[0], files[1:], set_name, script)))
    except Refuse as e:
        print("refuse: %s" % e)
        return 1
    except CannotJudge as e:
        print("cannot judge: %s" % e)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
