# predup key / deal / verify / number from the command line: the happy paths.
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key

# Commitment = SHA-256 of the key file, printed as "HEX  FILE".
[ "$("$P" key commit vec.key)" = "$(sha256sum vec.key)" ]

# A new key: mode 0600, refuses to overwrite, never printed.
out=$("$P" key new new.key)
[ "$(stat -c %a new.key)" = 600 ]
[ "$out" = "$(sha256sum new.key)" ]
if grep -q "$(cat new.key)" <<EOF2
$out
EOF2
then echo "key new printed the key"; exit 1; fi
if "$P" key new new.key 2>err; then echo "overwrote a key"; exit 1; fi
grep -q "already exists" err

# Known vector (tests/tools/ref_deal.py): board 1 of label original.
"$P" deal --key vec.key --boards 1-36 -o set.pbn --event "Club Pairs" --site "Town" --date 2026.11.22
grep -q '^\[Deal "N:KJ92.A843.KQJ4.5 75.Q95.A53.KJ642 AT3.T.T762.AQ873 Q864.KJ762.98.T9"\]' set.pbn
grep -q '^\[DealId "29471908447481798410950043197"\]' set.pbn
[ "$(grep -c '^\[Board ' set.pbn)" = 36 ]
# CRLF everywhere, and no key material.
[ "$(grep -c $'\r$' set.pbn)" = "$(wc -l < set.pbn)" ]
if grep -q 000102030405 set.pbn; then echo "the key is in set.pbn"; exit 1; fi

# Any board alone is the same as in the set; any thread count gives the same bytes.
"$P" deal --key vec.key --boards 7-7 > b7.pbn
grep '^\[Deal ' b7.pbn > a
grep -A10 '^\[Board "7"\]' set.pbn | grep '^\[Deal ' > b
cmp a b
"$P" deal --key vec.key --boards 1-36 -j 1 -o j1.pbn --event "Club Pairs" --site "Town" --date 2026.11.22
"$P" deal --key vec.key --boards 1-36 -j 3 -o j3.pbn --event "Club Pairs" --site "Town" --date 2026.11.22
cmp set.pbn j1.pbn
cmp set.pbn j3.pbn

# Verify: all match; a changed deal is named and exits 1; a reserve set differs.
"$P" verify --key vec.key set.pbn > v.out
grep -q "all 36 boards match" v.out
sed 's/^\[Deal "N:KJ92.A843/[Deal "N:KJ93.A842/' set.pbn > bad.pbn
if "$P" verify --key vec.key bad.pbn > v.out 2>v.err; then echo "verify passed a wrong set"; exit 1; else rc=$?; fi
[ "$rc" = 1 ]
grep -q "board 1: Deal differs" v.out
grep -q "bad.pbn: 1 fault against key and label \"original\"" v.err
"$P" deal --key vec.key --label reserve --boards 1-36 -o reserve.pbn
"$P" verify --key vec.key reserve.pbn | grep -q 'label "reserve"'
if "$P" verify --key vec.key --label original reserve.pbn >/dev/null 2>&1; then
    echo "reserve set verified as original"; exit 1
fi

# Deal numbers both ways.
[ "$("$P" number 0)" = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432" ]
[ "$("$P" number 53644737765488792839237439999)" = "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..." ]
[ "$("$P" number --deal "N:KJ92.A843.KQJ4.5 75.Q95.A53.KJ642 AT3.T.T762.AQ873 Q864.KJ762.98.T9")" = 29471908447481798410950043197 ]
[ "$("$P" number --deal "$("$P" number 123456789012345678901234567)")" = 123456789012345678901234567 ]


# Dealer and vulnerability overridden for every board; the deals stay those of the key.
"$P" deal --key vec.key --boards 1-3 --dealer S --vul All > over.pbn
[ "$(grep -c '^\[Dealer "S"\]' over.pbn)" = 3 ]
[ "$(grep -c '^\[Vulnerable "All"\]' over.pbn)" = 3 ]
grep -q '^\[Deal "S:AT3.T.T762.AQ873 Q864.KJ762.98.T9 KJ92.A843.KQJ4.5 75.Q95.A53.KJ642"\]' over.pbn
"$P" verify --key vec.key over.pbn | grep -q "all 3 boards match"
echo ok
