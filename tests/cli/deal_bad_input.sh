# Bad input: one clear line, the right exit code, and no output file left behind.
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key

expect_fail() { # expect_fail CODE PATTERN command...
    code=$1 pattern=$2
    shift 2
    if "$@" >out 2>err; then echo "succeeded: $*"; exit 1; else rc=$?; fi
    [ "$rc" = "$code" ] || { echo "exit $rc, wanted $code: $*"; cat err; exit 1; }
    grep -q "$pattern" err || { echo "no \"$pattern\" in:"; cat err; exit 1; }
    [ "$(wc -l < err)" -le 3 ] || { echo "more than one message"; cat err; exit 1; }
}

printf 'abc\n' > short.key
chmod 600 short.key
expect_fail 65 "not a predup key: expected 64 hex digits" "$P" deal --key short.key -o x.pbn
expect_fail 74 "missing.key: cannot open" "$P" deal --key missing.key -o x.pbn
expect_fail 64 "bad board range \"0-5\"" "$P" deal --key vec.key --boards 0-5 -o x.pbn
expect_fail 64 "bad board range \"9-3\"" "$P" deal --key vec.key --boards 9-3 -o x.pbn
expect_fail 64 "unknown option" "$P" deal --key vec.key --colour red -o x.pbn
expect_fail 64 "\-\-key FILE is required" "$P" deal -o x.pbn
expect_fail 64 "\-\-date wants YYYY.MM.DD" "$P" deal --key vec.key --date 22/11/2026 -o x.pbn
expect_fail 74 "no-such-dir/x.pbn: cannot create" "$P" deal --key vec.key -o no-such-dir/x.pbn
expect_fail 64 "unknown command" "$P" shuffle
expect_fail 65 "out of range" "$P" number 53644737765488792839237440000
expect_fail 65 "deal: not a rank" "$P" number --deal "N:AKX... - - -"
expect_fail 65 "must give all four hands" "$P" number --deal "N:AKQ... - - -"
[ ! -e x.pbn ]
ls | grep -q tmp && { echo "temporary file left"; ls; exit 1; }

# A key readable by others is refused, as ssh does, naming the chmod that fixes it.
cp vec.key loose.key
chmod 644 loose.key
expect_fail 65 "readable by group or others; refused (fix: chmod 600 loose.key)" \
    "$P" deal --key loose.key --boards 1 -o y.pbn
[ ! -e y.pbn ]

# An unwritable directory: nothing is left behind, not even a temporary file.
mkdir ro
chmod 555 ro
if [ "$(id -u)" != 0 ]; then
    expect_fail 74 "cannot create" "$P" deal --key vec.key -o ro/x.pbn
else
    echo "skip: unwritable directory: root writes anywhere"
fi
# A full disk: /dev/full fails at the write, with an error and a non-zero exit.
if [ -w /dev/full ]; then
    expect_fail 74 "/dev/full" "$P" deal --key vec.key -o /dev/full
else
    echo "skip: full disk: no writable /dev/full"
fi
echo ok
