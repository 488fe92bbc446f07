# bash completion (config/predup.bash-completion), sourced in bash and called the way bash
# calls it, with COMP_WORDS and COMP_CWORD set: subcommands, help topics, option values, file
# kinds; and every option that a command's --help lists is offered after "-".
set -eu
# The C locale, whatever the caller's: the completions are compared sorted, and sort's order
# (OLD.DUP before club.dlm) is the locale's.
export LC_ALL=C
P=$PREDUP
shopt -s extglob
source "$TOP/config/predup.bash-completion"
# The completion asks the predup being completed (the first word, here "predup") for its lists.
predup() { "$P" "$@"; }
complete -p predup | grep -q -- '-F _predup predup'

# The completions of the words given (the last one is being completed), sorted, on one line.
comp() {
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMPREPLY=()
    _predup predup "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}
expect() {
    local want=$1 got
    shift
    got=$(comp "$@")
    [ "$got" = "$want" ] || { echo "completing [$*]: got [$got], want [$want]"; exit 1; }
}

mkdir dir
touch set.pbn OLD.DUP club.dlm spring.conf spring.record club.key notes.txt s1.sqd
expect "--help --version analyze check convert deal dealer event fill help key machine number print sim verify" \
    predup ""
expect "deal dealer" predup de
expect "event events" predup help ev
expect "--deal --godel --help -h" predup number -
expect "dup dupblind" predup convert --to du
expect "bri,dlm bri,dlmblind" predup convert --to bri,dl
# The formats come from predup's format table (predup --complete formats): bhg, rzd, cds too.
expect "ber bhg bri" predup convert --to b
expect "bri,rzd" predup convert --to bri,r
expect "All EW NS None" predup deal --vul ""
expect "E EW" predup print record set.pbn --hands E
expect "1 2 4 6 9" predup print record set.pbn -o x.pdf --per-page ""
expect "grid" predup print record --dd g
expect "curtain handout minibridge record sheet web" predup print ""
expect "dir set.pbn" predup print curtain ""
expect "dir set.pbn" predup fill ""
expect "OLD.DUP club.dlm dir set.pbn" predup convert ""
expect "OLD.DUP club.dlm dir set.pbn spring.record" predup verify ""
expect "club.key dir" predup deal --key ""
expect "club.key dir" predup key commit ""
expect "commit new" predup key ""
expect "commit deal public reveal" predup event ""
expect "dir spring.conf" predup event deal ""
expect "dir s1.sqd" predup deal --squaredeal ""
# the machine drivers' names (predup --complete machines), then the profiles
machines="$(printf '%s\n' dir spring.conf $("$P" --complete machines) | sort | tr '\n' ' ' | sed 's/ $//')"
case " $machines " in *" sim "*" usb "*) ;; *) echo "no sim, usb in: $machines"; exit 1 ;; esac
expect "$machines" predup fill set.pbn --machine ""
expect "$machines" predup fill -m ""
expect "jam@" predup sim set.pbn --fault j
expect "double-feed= duplicate-card=" predup sim set.pbn --rate d
# dealer's -m takes no value: the next word is the script, any file.
expect "OLD.DUP club.dlm club.key dir notes.txt s1.sqd set.pbn spring.conf spring.record" \
    predup dealer -m ""
# An option's value is no operand: after "print --paper a4" the first operand is still due.
expect "curtain handout minibridge record sheet web" predup print --paper a4 ""
expect "" predup deal --boards ""

# The subcommands are those predup --help lists, and the topics those it names.
cmds=$("$P" --help | sed -n 's/^  \([a-z]*\)  .*/\1/p' | sort | tr '\n' ' ' | sed 's/ $//')
[ "$(comp predup "" | tr ' ' '\n' | grep -v -e '^-' -e '^help$' | tr '\n' ' ' |
    sed 's/ $//')" = "$cmds" ] || { echo "subcommands differ: $cmds"; exit 1; }
topics=$("$P" --help | sed -n 's/^predup help TOPIC: any command above, or //p' | tr ' ' '\n' |
         sort | tr '\n' ' ' | sed 's/ $//')
[ -n "$topics" ] && [ "$(comp predup help "")" = "$(echo $cmds $topics | tr ' ' '\n' | sort |
    tr '\n' ' ' | sed 's/ $//')" ] || { echo "help topics differ: $topics"; exit 1; }

# The lists are predup's tables (predup --complete WHAT): formats, print kinds, sub-forms, and
# the sets of every format's extension, in either case.
sorted_list() { "$P" --complete "$@" | sort | tr '\n' ' ' | sed 's/ $//'; }
expect "$(sorted_list formats)" predup convert --to ""
expect "$(sorted_list forms print)" predup print ""
expect "$(sorted_list forms key)" predup key ""
expect "$(sorted_list forms event)" predup event ""
# The options and their values come from each command's table of options (predup --complete
# options / value-options / value): sim takes --fault and refuses --list, fill the reverse.
expect "$(sorted_list decks)" predup sim set.pbn --deck ""
expect "$(sorted_list languages)" predup print record --lang ""
expect "--fault" predup sim --fa
expect "" predup sim --lis
expect "--list" predup fill --lis
expect "" predup fill --fa
expect "club.key dir" predup verify --key ""
expect "--jobs" predup analyze --jo
[ "$("$P" --complete value-options dealer | tr '\n' ' ')" = "-s -p -g -t -j --dealing " ] ||
    { echo "dealer's options with a value: $("$P" --complete value-options dealer)"; exit 1; }
mkdir sets && cd sets
touch notes.txt
for x in $("$P" --complete extensions); do touch "a.$x" "B.$(echo "$x" | tr a-z A-Z)"; done
expect "$(ls | grep -v notes.txt | sort | tr '\n' ' ' | sed 's/ $//')" predup analyze ""
[ "$(ls | wc -l)" -ge 23 ] || { echo "too few extensions: $(ls)"; exit 1; }
cd ..
# The first word names the predup to ask: a path works as well as the name.
expect "$(sorted_list forms print)" "$P" print ""

# Every option each --help lists is offered after "-".
checked=0
for c in $cmds; do
    offered=" $(comp predup "$c" -) "
    # (an option of another command named in passing, "(predup deal --script)", is left out)
    opts=$("$P" "$c" --help | sed 's/(predup [^)]*)//g' | grep -oE '(^|[][ (/,|])(--[a-z][a-z-]*|-[a-zA-Z0-9])\b' |
           sed 's/^[][ (/,|]*//' | sort -u)
    for o in $opts; do
        checked=$((checked + 1))
        [[ $offered == *" $o "* ]] || { echo "predup $c --help lists $o, completion does not"; exit 1; }
    done
done
for c in deal verify; do
    offered=" $(comp predup "$c" -) "
    for o in $("$P" "$c" --squaredeal x.sqd --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
        [[ $offered == *" $o "* ]] || { echo "$c --squaredeal lists $o, completion does not"; exit 1; }
    done
done
echo "$checked options checked"
[ "$checked" -ge 80 ]
