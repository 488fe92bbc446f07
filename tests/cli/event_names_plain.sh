# tests/cli/event_names_plain.sh - names that look alike are not two names (issue 21, items 6,
# 7 and 13): set names are plain identifiers; event names and sites are NFC without invisible,
# format or bidi characters, no deceptive mix of scripts, none confusable with another name of
# the record; the record writes every character outside ASCII as \u{XXXX}. What a later step
# would refuse ("?", "x.dd", copies over fill's 16) is refused by event commit, nothing written.
set -eu
P=$PREDUP
fail() { echo "FAIL: $*"; exit 1; }
u() { printf "$1"; } # u '\342\200\213': the bytes of one character

# refused NAME EXIT PATTERN: event commit NAME.conf fails with EXIT and PATTERN, writes nothing.
refused() {
    rc=0; "$P" event commit "$1.conf" > /dev/null 2> err.txt || rc=$?
    [ "$rc" = "$2" ] || fail "$1: exit $rc, wanted $2: $(cat err.txt)"
    grep -qF "$3" err.txt || fail "$1: wanted \"$3\" in: $(cat err.txt)"
    [ ! -e "$1.key" ] && [ ! -e "$1.record" ] || fail "$1: something was written"
}
conf() { # NAME EVENT-LINES SETS...: an event file with a public form and one board per set
    name=$1 lines=$2
    shift 2
    { printf '[event]\n%s\npublic_form = integer\ndelayed_value = the draw of 2026.11.22\n' "$lines"
      for s in "$@"; do printf '[set %s]\nboards = 1\n' "$s"; done; } > "$name.conf"
}

# Four spellings of "original" that look the same: only the plain one is a set name.
conf zwsp 'name = x' "original$(u '\342\200\213')"
refused zwsp 65 'zwsp.conf:5:2: error: set name: character 9 is U+200B ZERO WIDTH SPACE; a set name is a lower-case letter'
conf cyr 'name = x' "$(u '\320\276')riginal"
refused cyr 65 'set name: character 1 is U+043E CYRILLIC SMALL LETTER O'
conf zwj 'name = x' "origi$(u '\342\200\215')nal"
refused zwj 65 'set name: character 6 is U+200D ZERO WIDTH JOINER'
conf upper 'name = x' Original
refused upper 65 'set name: character 1 is U+004F LATIN CAPITAL LETTER O'
conf space 'name = x' 'spring pairs'
refused space 65 'set name: character 7 is U+0020 SPACE'
conf question 'name = x' '?'
refused question 65 'set name: character 1 is U+003F QUESTION MARK'
conf look 'name = x' set1 setl
refused look 65 'look.conf: "set1" and "setl" look alike (ICU'"'"'s confusables): rename one of them'
# x.dd would be written over by set x's analysis (x.dd.pbn): refused at commit, clearly.
conf dd 'name = x' x x.dd
refused dd 65 'dd.conf:7:2: error: set name: character 2 is U+002E FULL STOP; a set name is a lower-case letter, then lower-case letters, digits, "_" or "-" (it names the set'"'"'s files)'

# Event names and sites.
conf qname 'name = ?' a
refused qname 65 'qname.conf:2:8: error: name = ?: "?" stands for an unknown value in the record'
conf nbsp "name = Club$(u '\302\240')pairs" a
refused nbsp 65 'name: character 5 is U+00A0 NO-BREAK SPACE, which does not show as itself'
conf bidi "name = Club $(u '\342\200\256')sriap" a
refused bidi 65 'name: character 6 is U+202E RIGHT-TO-LEFT OVERRIDE'
conf zwsite "name = x
site = Bridge$(u '\342\200\213') club" a
refused zwsite 65 'site: character 7 is U+200B ZERO WIDTH SPACE'
conf nfd "name = Cafe$(u '\314\201') pairs" a
refused nfd 65 'name is not its own Unicode NFKC'
conf mixed "name = $(u '\320\276')riginal pairs" a
refused mixed 65 'name mixes scripts or digits of different scripts'
conf twosp 'name = Club  pairs' a
refused twosp 65 'two spaces in a row'
conf confsite 'name = Example club
site = Examp1e club' a
refused confsite 65 'confsite.conf: "Example club" and "Examp1e club" look alike'

# copies: fill's limit (16), checked when the event file is read at commit.
printf '[event]\nname = x\npublic_form = integer\ndelayed_value = d\n[set a]\nboards = 1\ncopies = 17\n' > copies.conf
refused copies 65 'copies.conf:7:10: error: copies wants a number from 1 to 16, not "17"'
sed -i 's/^copies = 17$/copies = 16/' copies.conf
"$P" event commit copies.conf > /dev/null || fail "copies = 16 refused"

# What is allowed: accents (NFC), one script; the record shows them as \u{XXXX}, ASCII only.
conf good "name = Caf$(u '\303\251') pairs
site = Z$(u '\303\274')rich \\ club" original reserve
"$P" event commit good.conf > /dev/null
grep -qx 'event Caf\\u{00E9} pairs' good.record || fail "$(grep '^event' good.record)"
grep -qx 'site Z\\u{00FC}rich \\u{005C} club' good.record || fail "$(grep '^site' good.record)"
LC_ALL=C grep -q '[^ -~]' good.record && fail "the record holds a byte outside printable ASCII"
"$P" event public good.conf 17 > /dev/null
"$P" event deal good.conf > /dev/null
grep -q "^\[Event \"Caf$(u '\351') pairs\"\]" good/original.pbn || fail "the PBN lost the accent"
"$P" event reveal good.conf > /dev/null
"$P" verify good.record good/original.pbn > /dev/null || fail "the good event does not verify"

# Records made by hand (the digest recomputed) that no event file could give: refused by verify.
# forged NAME SED EXIT [PATTERN]: good.record's parameters edited by SED, the digest recomputed,
# the public line again; verify exits EXIT (1: a record that breaks a rule) and says PATTERN.
forged() {
    sed '/^digest /,$d' good.record | sed "$2" > params
    { cat params; printf 'digest %s\n' "$(sha256sum params | cut -d' ' -f1)"; echo "public 17"; } > "$1.record"
    rc=0; "$P" verify "$1.record" > /dev/null 2> err.txt || rc=$?
    [ "$rc" = "$3" ] && { [ -z "${4:-}" ] || grep -qF "$4" err.txt; } || fail "$1: exit $rc: $(cat err.txt)"
}
forged same 's/^event /event /' 0
forged raw "s/^event .*/event Caf$(u '\303\251') pairs/" 1 'not in canonical form'
forged cyrset "s/^set original$/set $(u '\320\276')riginal/" 1 'set name: character 1 is U+043E'
forged escset 's/^set original$/set \\u{043E}riginal/' 1 'set name: character 1 is U+005C'
forged escname 's/^event .*/event \\u{043E}riginal pairs/' 1 'event mixes scripts'
forged zwname 's/^event .*/event Club\\u{200B} pairs/' 1 'event: character 5 is U+200B ZERO WIDTH SPACE'
forged badesc 's/^event .*/event Club \\x pairs/' 1 'holds a backslash that is not a'
forged confusable 's/^site .*/site Examp1e club/; s/^event .*/event Example club/' 1 '"Example club" and "Examp1e club" look alike'
# Without its public-form line a record is no record (there is no record from before forms).
forged noform '/^public-form /d' 1 'expected "public-form VALUE" here'
echo ok
