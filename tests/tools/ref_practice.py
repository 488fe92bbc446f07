#!/usr/bin/env python3
"""ref_practice.py - practice dealing version 2 (predup dealer --dealing 2) written again from
dealer/README.md ("Practice dealing"), in Python, to check predup's vectors
(tests/check_practice.c) against a second implementation. Needs the `cryptography` package.
Usage: ref_practice.py SEED ORDINAL...   prints each deal as PBN "N:..." (north first)."""
import hashlib
import hmac
import sys

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def set_key(seed):
    key = hashlib.sha256(b"predup/v1/seed\x00" + str(seed).encode()).digest()
    return hmac.new(key, b"predup/v1/set\x00dealer", hashlib.sha256).digest()


def aes_key(sk):
    return hmac.new(sk, b"predup/practice/2", hashlib.sha256).digest()[:16]


def words(aes, hand, ordinal):
    """The hand's 16-bit draws: its slot, then its overflow blocks."""
    for j in (0, 1):
        block = bytes([1, hand]) + (2 * ordinal + j).to_bytes(14, "big")
        out = aes.update(block)
        for i in range(8):
            yield int.from_bytes(out[2 * i:2 * i + 2], "big")
    j = 0
    while True:
        block = bytes([2, hand]) + ordinal.to_bytes(8, "big") + j.to_bytes(6, "big")
        out = aes.update(block)
        for i in range(8):
            yield int.from_bytes(out[2 * i:2 * i + 2], "big")
        j += 1


def deal(sk, ordinal):
    aes = Cipher(algorithms.AES(aes_key(sk)), modes.ECB()).encryptor()
    free = [16 * s + r for s in range(4) for r in range(13)]  # mask order: spade 2 first
    hands = []
    for h in range(3):
        got = []
        draws = words(aes, h, ordinal)
        for _ in range(13):
            c = len(free)
            while True:
                m = next(draws) * c
                if m % 65536 >= 65536 % c:
                    break
            got.append(free.pop(m >> 16))
        hands.append(got)
    hands.append(free)
    return hands


def pbn(hands):
    ranks = "23456789TJQKA"
    out = []
    for cards in hands:
        suits = []
        for s in range(4):
            suits.append("".join(ranks[c - 16 * s] for c in sorted(cards, reverse=True)
                                 if 16 * s <= c < 16 * s + 13))
        out.append(".".join(suits))
    return "N:" + " ".join(out)


if __name__ == "__main__":
    sk = set_key(int(sys.argv[1]))
    for o in sys.argv[2:]:
        print(o, pbn(deal(sk, int(o))))
