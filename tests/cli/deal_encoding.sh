#!/bin/bash
# tests/cli/deal_encoding.sh - a dealt set claims % EXPORT only when its text is ISO 8859-1
# (export's character set): "Café" is written as Latin-1 under % EXPORT and passes check; a label
# with an Omega makes the file UTF-8 throughout, without % EXPORT; both verify.
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > k.key
chmod 600 k.key
"$P" deal --key k.key --boards 1-2 --label "Café" --event "Coupe d'été" -o latin.pbn
[ "$(sed -n 2p latin.pbn | tr -d '\r')" = "% EXPORT" ]
grep -q "$(printf 'Coupe d\047\351t\351')" latin.pbn # e-acute as the one byte 0xE9
"$P" check latin.pbn
"$P" verify --key k.key latin.pbn | grep -q 'match key and label "Café"'
"$P" deal --key k.key --boards 1-2 --label "Ωmega cup" --event "Coupe d'été" -o utf8.pbn
if grep -q '^% EXPORT' utf8.pbn; then echo "a UTF-8 set claims % EXPORT"; exit 1; fi
grep -q "Coupe d'été" utf8.pbn # the whole file in UTF-8: no Latin-1 byte beside the Omega
iconv -f UTF-8 -t UTF-8 utf8.pbn >/dev/null
"$P" verify --key k.key utf8.pbn | grep -q 'match key and label "Ωmega cup"'
