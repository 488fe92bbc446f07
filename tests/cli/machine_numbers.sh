#!/bin/bash
# tests/cli/machine_numbers.sh - the numbers of fill, sim and their profiles go through the one
# parser (pd_parse_number): every value of the range is taken, the largest seed too (it was
# once the "no --seed given" sentinel, so --seed 18446744073709551615 kept the profile's), and
# signs, spaces and values out of range are refused with the option's own message.
set -eu
P=$PREDUP
MAX=18446744073709551615
. "$TOP/tests/lib_cli.sh"
set_dealt 1-4

profile() { # seed -> a simulator profile with random faults from that seed
    printf '[machine]\ntransport = sim\n[sim]\ncard_ms = 0\nboard_ms = 0\nseed = %s\n' "$1"
    printf 'rate_misread = 30000\nrate_jam = 30000\n'
}
profile 1 >one.conf
profile "$MAX" >max.conf
"$P" sim set.pbn --machine one.conf --journal a.journal >a.txt 2>a.err
"$P" sim set.pbn --machine max.conf --journal b.journal >b.txt 2>b.err
"$P" sim set.pbn --machine one.conf --seed "$MAX" --journal c.journal >c.txt 2>c.err
# The two seeds give other faults; --seed MAX on top of seed 1 is seed MAX.
! cmp -s a.err b.err || { echo "seeds 1 and $MAX gave the same run"; exit 1; }
cmp b.err c.err || { echo "--seed $MAX did not replace the profile's seed 1"; exit 1; }
cmp b.txt c.txt

usage() { # expected message, then sim's arguments: exit 64, the message, no journal
    local want=$1 rc=0
    shift
    "$P" sim set.pbn --journal x.journal "$@" >/dev/null 2>err.txt || rc=$?
    [ "$rc" = 64 ] || { echo "exit $rc, not 64: $*"; cat err.txt; exit 1; }
    grep -qxF -- "predup sim: error: $want" err.txt || { echo "not \"$want\":"; cat err.txt; exit 1; }
    [ ! -e x.journal ]
}
usage '--seed wants a number from 0 to 18446744073709551615, not "-1"' --seed -1
usage '--seed wants a number from 0 to 18446744073709551615, not "+3"' --seed +3
usage '--seed wants a number from 0 to 18446744073709551615, not "18446744073709551616"' \
    --seed 18446744073709551616
usage '--copies wants a number from 1 to 16, not "+2"' --copies +2
usage '--copies wants a number from 1 to 16, not "17"' --copies 17
usage '--copies wants a number from 1 to 16, not " 5"' --copies ' 5'
usage '--rate jam=-1: a fault name and parts per million (0..1000000)' --rate jam=-1
usage '--rate jam= 5: a fault name and parts per million (0..1000000)' --rate 'jam= 5'
usage 'fault "jam@+2:3": bad board number' --fault jam@+2:3
usage 'fault "jam@2:-3": the card is 1..52 (0 for no-board)' --fault jam@2:-3

# In a profile: a seed is plain digits; USB ids decimal or 0x hex.
bad_profile() { # the profile's text, expected words
    local rc=0
    printf '%b' "$1" >bad.conf
    "$P" sim set.pbn --machine bad.conf --journal y.journal >/dev/null 2>err.txt || rc=$?
    [ "$rc" = 65 ] || { echo "exit $rc, not 65"; cat err.txt; exit 1; }
    grep -qF -- "$2" err.txt || { echo "no \"$2\" in:"; cat err.txt; exit 1; }
}
bad_profile '[machine]\ntransport = sim\n[sim]\nseed = -1\n' 'seed: "-1" is not a seed number'
bad_profile '[machine]\ntransport = sim\nvid = 0x\n' 'vid: "0x" is not a number from 0 to 65535'
bad_profile '[machine]\ntransport = sim\nvid = 0x10000\n' 'vid: "0x10000" is not a number from 0 to 65535'
printf '[machine]\ntransport = sim\nvid = 0x1209\npid = 4617\n[sim]\ncard_ms = 0\nboard_ms = 0\n' >ids.conf
"$P" sim set.pbn --machine ids.conf --journal z.journal --quiet >out.txt
grep -q '^filled set.pbn: 4 good, 0 bad' out.txt
