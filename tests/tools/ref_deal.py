#!/usr/bin/env python3
"""tests/tools/ref_deal.py - an outsider's reimplementation of predup's board construction,
written from the text in dealer/README.md alone (HMAC-SHA-256, RFC 8439 ChaCha20, 96-bit
candidates below D, Pavlicek's decoding). It prints the known vectors used by
tests/check_dealer.c; it is not run by the tests.
With --record it follows dealer/EVENTS.md instead, from a revealed event record alone: it checks
the record's digest and key against its commitment, then deals the boards of one set (the
vectors of tests/check_event.c and the worked example of dealer/EVENTS.md).

With --bounds COND it deals boards with a script by dealing version 2 (dealer/README.md,
"Boards with a script"), for a condition that is only a conjunction of the bounds that section
reads (hcp(seat), spades(seat) ... compared with a number; no shape, no predeal), printing
each step of the first board for the README's worked example and the vectors of
tests/check_keyed.c.

usage: ref_deal.py KEYHEX LABEL BOARD...
       ref_deal.py --record NAME.record SET BOARD...
       ref_deal.py --bounds COND KEYHEX LABEL BOARD..."""
import re
import functools
import hashlib
import math
import hmac
import struct
import sys

D = 53644737765488792839237440000


def rotl(v, c):
    return ((v << c) & 0xFFFFFFFF) | (v >> (32 - c))


def quarter(x, a, b, c, d):
    x[a] = (x[a] + x[b]) & 0xFFFFFFFF; x[d] = rotl(x[d] ^ x[a], 16)
    x[c] = (x[c] + x[d]) & 0xFFFFFFFF; x[b] = rotl(x[b] ^ x[c], 12)
    x[a] = (x[a] + x[b]) & 0xFFFFFFFF; x[d] = rotl(x[d] ^ x[a], 8)
    x[c] = (x[c] + x[d]) & 0xFFFFFFFF; x[b] = rotl(x[b] ^ x[c], 7)


def chacha20_block(key, counter, nonce):
    const = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
    state = const + list(struct.unpack("<8I", key)) + [counter] + list(struct.unpack("<3I", nonce))
    x = state[:]
    for _ in range(10):
        quarter(x, 0, 4, 8, 12); quarter(x, 1, 5, 9, 13)
        quarter(x, 2, 6, 10, 14); quarter(x, 3, 7, 11, 15)
        quarter(x, 0, 5, 10, 15); quarter(x, 1, 6, 11, 12)
        quarter(x, 2, 7, 8, 13); quarter(x, 3, 4, 9, 14)
    return struct.pack("<16I", *[(a + b) & 0xFFFFFFFF for a, b in zip(x, state)])


def keystream(key, nonce):
    counter = 0
    while True:
        yield from chacha20_block(key, counter, nonce)
        counter += 1


def pavlicek(n):
    hands = [[[] for _ in range(4)] for _ in range(4)]
    vac = [13, 13, 13, 13]
    k = D
    for c in range(52, 0, -1):
        card = 52 - c
        suit, rank = divmod(card, 13)
        for s in range(4):
            if vac[s] == 0:
                continue
            x = k * vac[s] // c
            if n < x:
                hands[s][suit].append("AKQJT98765432"[rank])
                vac[s] -= 1
                k = x
                break
            n -= x
    return hands


def pbn(hands, first):
    out = []
    for i in range(4):
        h = hands[(first + i) % 4]
        out.append(".".join("".join(s) for s in h))
    return "NESW"[first] + ":" + " ".join(out)


def board(key, label, b, sk=None):
    if sk is None:
        sk = hmac.new(key, b"predup/v1/set\x00" + label.encode(), hashlib.sha256).digest()
    nonce = struct.pack(">IQ", 1, b)
    ks = keystream(sk, nonce)
    while True:
        chunk = bytes(next(ks) for _ in range(12))
        n = int.from_bytes(chunk, "big")
        if n < D:
            return n


def event_set_key(record_path, set_name):
    """The set key of one set of a revealed event record (dealer/EVENTS.md)."""
    data = open(record_path, "rb").read()
    lines = data.split(b"\n")
    fields = [l.split(b" ", 1) for l in lines if l]
    value = {k.decode(): v for k, v in fields}
    at = data.index(b"\ndigest ") + 1
    digest = hashlib.sha256(data[:at]).hexdigest()
    assert digest == value["digest"].decode(), "the digest does not match the parameters"
    key_hex = value["key"].decode()
    commit = hashlib.sha256((key_hex + "\n").encode()).hexdigest()
    assert commit == value["commitment"].decode(), "the key does not match the commitment"
    sets = [v.decode() for k, v in fields if k == b"set"]
    assert set_name in sets, "no such set"
    msg = (b"predup/v2/event\x00" + digest.encode() + b"\x00" + value["public"] + b"\x00" +
           set_name.encode())
    return bytes.fromhex(key_hex), hmac.new(bytes.fromhex(key_hex), msg, hashlib.sha256).digest()


SEATS = ["north", "east", "south", "west"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
OPS = {"==": lambda a, b: a == b, "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
       ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
MIRROR = {"==": "==", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


class Stream:
    """The board's version-2 stream and its three ways of drawing."""

    def __init__(self, sk, purpose, b):
        self.ks = keystream(sk, struct.pack(">IQ", purpose, b))

    def take(self, n):
        return int.from_bytes(bytes(next(self.ks) for _ in range(n)), "big")

    def draw(self, n):
        while True:
            r = self.take(8)
            if r < 2**64 - 2**64 % n:
                return r % n

    def draw16(self, n):
        while True:
            m = self.take(2) * n
            if m % 65536 >= 65536 % n:
                return m >> 16

    def pick(self, weights):
        r = self.draw(sum(weights))
        for i, w in enumerate(weights):
            if r < w:
                return i
            r -= w


def conjuncts(cond):
    """(function, seat, op, number) for each conjunct of a conjunction of bounds."""
    out = []
    for part in cond.split("&&"):
        part = part.strip()
        m = re.fullmatch(r"(\w+)\((\w+)\)\s*(==|<=|>=|<|>)\s*(\d+)", part)
        if m:
            out.append((m[1], SEATS.index(m[2]), m[3], int(m[4])))
            continue
        m = re.fullmatch(r"(\d+)\s*(==|<=|>=|<|>)\s*(\w+)\((\w+)\)", part)
        if not m:
            sys.exit("ref_deal.py: not a bound: " + part)
        out.append((m[3], SEATS.index(m[4]), MIRROR[m[2]], int(m[1])))
    return out


def hcp(cards):
    return sum(max(0, r - 10) for _, r in cards)


def value(fn, hand):
    return hcp(hand) if fn == "hcp" else sum(1 for s, _ in hand if s == SUITS.index(fn))


def bounds(conds):
    b = [{"h": [0, 40], "l": [[0, 13] for _ in range(4)], "any": False} for _ in range(4)]
    for fn, seat, op, c in conds:
        lohi = b[seat]["h"] if fn == "hcp" else b[seat]["l"][SUITS.index(fn)]
        if op in ("==", ">="):
            lohi[0] = max(lohi[0], c)
        if op == ">":
            lohi[0] = max(lohi[0], c + 1)
        if op in ("==", "<="):
            lohi[1] = min(lohi[1], c)
        if op == "<":
            lohi[1] = min(lohi[1], c - 1)
        b[seat]["any"] = True
    return b


def honours(sub):
    """The honour ranks of subset number sub: J=1, Q=2, K=4, A=8."""
    return [11 + i for i in range(4) if sub >> i & 1]


@functools.lru_cache(maxsize=None)
def ways(l, h):
    """Holdings of one suit with l cards and h HCP (no predeal: 4 honours, 9 spots)."""
    return sum(math.comb(9, l - len(honours(s))) for s in range(16)
               if hcp((0, r) for r in honours(s)) == h and 0 <= l - len(honours(s)) <= 9)


@functools.lru_cache(maxsize=None)
def later(L, su, x):
    """Ways for the suits after su, with lengths L, to hold x HCP together."""
    if su == 3:
        return 1 if x == 0 else 0
    return sum(ways(L[su + 1], h) * later(L, su + 1, x - h) for h in range(min(x, 10) + 1))
    # (su = -1 gives all four suits: the class weight W(L, h))


def classes(bd):
    """The (shape, HCP, weight) classes a seat's bounds allow; the same tuple for the same
    bounds (every board of a set asks again: the second verifier's differential, thousands)."""
    return bounded_classes(tuple(tuple(lohi) for lohi in bd["l"]), tuple(bd["h"]))


@functools.lru_cache(maxsize=None)
def bounded_classes(lengths, hcp_lohi):
    out = []
    for ls in range(14):
        for lh in range(14 - ls):
            for ld in range(14 - ls - lh):
                L = (ls, lh, ld, 13 - ls - lh - ld)
                if all(lengths[s][0] <= L[s] <= lengths[s][1] for s in range(4)):
                    for h in range(max(hcp_lohi[0], 0), min(hcp_lohi[1], 40) + 1):
                        w = later(L, -1, h)
                        if w:
                            out.append((L, h, w))
    return tuple(out)


def draw_hand(st, cls, log):
    L, h, _ = cls[st.pick([w for _, _, w in cls])]
    log.append("class: shape %s, %d HCP" % ("-".join(map(str, L)), h))
    hs, left = [], h
    for su in range(3):
        w = [ways(L[su], x) * later(L, su, left - x) if x <= left else 0 for x in range(11)]
        hs.append(st.pick(w))
        left -= hs[-1]
    hs.append(left)
    log.append("HCP per suit: %s" % hs)
    hand = []
    for su in range(4):
        w = [math.comb(9, L[su] - len(honours(s))) if hcp((0, r) for r in honours(s)) == hs[su]
             and len(honours(s)) <= L[su] else 0 for s in range(16)]
        sub = st.pick(w)
        spots, k = list(range(2, 11)), L[su] - len(honours(sub))
        for i in range(k):
            j = i + st.draw16(9 - i)
            spots[i], spots[j] = spots[j], spots[i]
        hand += [(su, r) for r in honours(sub) + spots[:k]]
    return hand


def in_bounds(bd, hand):
    return (bd["h"][0] <= hcp(hand) <= bd["h"][1] and
            all(bd["l"][su][0] <= value(SUITS[su], hand) <= bd["l"][su][1] for su in range(4)))


def deal_rest(st, seat, second, bd2, hand):
    """The other cards, the second seat first; None when its hand is out of its bounds."""
    rest = [(su, r) for su in range(4) for r in range(2, 15) if (su, r) not in hand]
    hands, i = [hand if s == seat else [] for s in range(4)], 0
    order = ([second] if second is not None else []) + [s for s in range(4) if s != second]
    for s in order:
        if s == seat:
            continue
        for _ in range(13):
            if i < len(rest) - 1:
                j = i + st.draw16(len(rest) - i)
                rest[i], rest[j] = rest[j], rest[i]
            hands[s].append(rest[i])
            i += 1
        if s == second and not in_bounds(bd2, hands[s]):
            return None
    return hands


def smart_board(key, label, b, conds, log):
    sk = hmac.new(key, b"predup/v1/set\x00" + label.encode(), hashlib.sha256).digest()
    bd = bounds(conds)
    sizes = {s: sum(w for _, _, w in classes(bd[s])) for s in range(4) if bd[s]["any"]}
    ranked = sorted(sizes, key=lambda s: (sizes[s], s))
    seat = ranked[0] if ranked else None
    second = ranked[1] if len(ranked) > 1 else None
    log.append("|H| per bounded seat: %s; drawn seat: %s; second seat: %s" % (
        {SEATS[s]: n for s, n in sizes.items()}, SEATS[seat] if seat is not None else "none",
        SEATS[second] if second is not None else "none"))
    cls = classes(bd[seat]) if seat is not None else None
    st, attempt = Stream(sk, 4, b), 0
    while True:
        attempt += 1
        hand = draw_hand(st, cls, log if attempt == 1 else []) if seat is not None else []
        hands = deal_rest(st, seat, second, bd[second] if second is not None else None, hand)
        if hands and all(OPS[op](value(fn, hands[s]), c) for fn, s, op, c in conds):
            log.append("accepted at attempt %d" % attempt)
            return hands
        if attempt == 1 and hands:
            log.append("attempt 1: %s, rejected" % show(hands, 0))
        elif attempt == 1:
            log.append("attempt 1: drawn hand %s; the second seat's hand is out of bounds" %
                       show([hand] * 4, seat).split(" ")[0])


def show(hands, first):
    out = []
    for i in range(4):
        h = hands[(first + i) % 4]
        out.append(".".join("".join("AKQJT98765432"[14 - r] for r in sorted(
            (r for s, r in h if s == su), reverse=True)) for su in range(4)))
    return "NESW"[first] + ":" + " ".join(out)


def number(hands):
    """Pavlicek's number of a deal (the inverse of step 6)."""
    owner = {c: s for s in range(4) for c in hands[s]}
    vac, k, n = [13] * 4, D, 0
    for c in range(52, 0, -1):
        card = (((52 - c) // 13), 14 - (52 - c) % 13)
        for s in range(4):
            if vac[s] == 0:
                continue
            x = k * vac[s] // c
            if owner[card] == s:
                vac[s] -= 1
                k = x
                break
            n += x
    return n


def main_bounds(args):
    conds = conjuncts(args[0])
    key = bytes.fromhex(args[1])
    for i, b in enumerate(args[3:]):
        log = []
        hands = smart_board(key, args[2], int(b), conds, log)
        if i == 0:
            print("\n".join("  " + line for line in log))
        print(b, number(hands), show(hands, (int(b) - 1) % 4))


def main():
    if sys.argv[1] == "--bounds":
        return main_bounds(sys.argv[2:])
    if sys.argv[1] == "--record":
        key, sk = event_set_key(sys.argv[2], sys.argv[3])
        for b in sys.argv[4:]:
            n = board(key, None, int(b), sk)
            print(b, n, pbn(pavlicek(n), (int(b) - 1) % 4))
        return
    key = bytes.fromhex(sys.argv[1])
    label = sys.argv[2]
    for b in sys.argv[3:]:
        n = board(key, label, int(b))
        print(b, n, pbn(pavlicek(n), (int(b) - 1) % 4))


if __name__ == "__main__":
    main()
