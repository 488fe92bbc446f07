# tests/cli/verify_tamper_record.sh - `predup verify NAME.record FILE...`: a record or a set
# altered after the fact is caught, each case its own test, exit 1 (a record that breaks a rule
# or is no record at all is a fault too), and named; the untouched record and set pass.
set -eu
P=$PREDUP
cat > ev.conf <<'CONF'
[event]
name = Tamper test
delayed_value = the first number drawn in the lottery on 2026.11.22
public_form = integer
[set original]
boards = 1-2
CONF
"$P" event commit ev.conf > /dev/null
"$P" event public ev.conf "42" > /dev/null
"$P" event deal ev.conf > /dev/null
"$P" event reveal ev.conf > /dev/null
"$P" verify ev.record ev/original.pbn | grep -q "all 2 boards match"

failed=""
# expect CODE PATTERN RECORD FILE... : verify exits CODE and says PATTERN (stdout or stderr)
expect() {
    code=$1 pattern=$2
    shift 2
    rc=0; "$P" verify "$@" > out 2>&1 || rc=$?
    if [ "$rc" != "$code" ] || ! grep -q "$pattern" out; then
        echo "FAIL $*: exit $rc (wanted $code), wanted \"$pattern\" in:"; cat out
        failed="$failed $1"
    fi
}
edit() { # edit NEW.record SED-SCRIPT
    sed "$2" ev.record > "$1"
}
flip() { # flip KEYWORD NEW.record: the value's first hex digit changed (0 <-> 1, else to 0)
    sed "/^$1 /{s/^$1 0/$1 X/;s/^$1 [1-9a-f]/$1 0/;s/^$1 X/$1 1/}" ev.record > "$2"
    if cmp -s ev.record "$2"; then echo "flip $1: nothing changed"; exit 1; fi
}

edit boards.record 's/^boards 1-2$/boards 1-5/'                # parameters changed
expect 1 "digest [0-9a-f]\{16\}\.\.\. does not match the parameters above it" boards.record ev/original.pbn
edit name.record 's/^event Tamper test$/event Tamper test 2/'
expect 1 "does not match the parameters" name.record
flip digest digest.record
expect 1 "does not match the parameters" digest.record
flip key key.record                                           # another key
expect 1 "the revealed key does not match the commitment" key.record ev/original.pbn
edit key2.record 's/^key \(.*\)$/key \U\1/'                   # not canonical (upper case)
expect 1 "the record's key is not 64 lower-case hex digits" key2.record
edit space.record 's/^public 42$/public  42/'
expect 1 'the public value: character 1 is U+0020 SPACE, outside the form' space.record
edit public.record 's/^public 42$/public 43/'                 # another public value: other deals
expect 1 "board 1: Deal differs" public.record ev/original.pbn
sed '$d' ev.record > cut.record                              # the key line cut off
# A record without its key is one before the reveal: nothing to check yet, and no fault (exit
# 0), each file said to be not checked.
expect 0 "ev/original.pbn: not checked yet: the key is not in cut.record" cut.record ev/original.pbn
printf 'junk\n' > junk.record
expect 1 'junk.record:1:1: error: expected "predup-event-record VALUE" here' junk.record

# A set from another event (its Generator names another digest) is caught.
sed 's/ event=[0-9a-f]*/ event=0000/' ev/original.pbn > other.pbn
expect 1 "Generator names event digest 0000, the record's is" ev.record other.pbn
# A file holding none of the record's sets.
sed 's/label=original/label=reserve/' ev/original.pbn > reserve.pbn
expect 64 'the record has no set "reserve"' ev.record reserve.pbn
[ -z "$failed" ] || { echo "failed cases:$failed"; exit 1; }
echo ok
