#!/usr/bin/env python3
"""tests/tools/ref_deal.py - an outsider's reimplementation of predup's board construction,
written from the text in dealer/README.md alone (HMAC-SHA-256, RFC 8439 ChaCha20, 96-bit
candidates below D, Pavlicek's decoding). It prints the known vectors used by
tests/check_dealer.c; it is not run by the tests.
With --record it follows dealer/EVENTS.md instead, from a revealed event record alone: it checks
the record's digest and key against its commitment, then deals the boards of one set (the
vectors of tests/check_event.c and the worked example of dealer/EVENTS.md).

usage: ref_deal.py KEYHEX LABEL BOARD...
       ref_deal.py --record NAME.record SET BOARD..."""
import hashlib
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


def main():
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
