# tests/lib_cli.sh - sourced by the tests/cli/*.sh scripts that wait for another process, run
# mpirun, check exit codes and messages (fail, exits), or set up an event or a set to fill.
# wait_for SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds; fails after SECONDS
# (of the clock, however slow a loaded machine makes each try).
wait_for() {
    local limit=$1 start=$SECONDS
    shift
    until "$@"; do
        [ $((SECONDS - start)) -lt "$limit" ] || return 1
        sleep 0.1
    done
}

# mpi N ARGS...: mpirun -np N ARGS..., as root too, more ranks than cores allowed. OpenMPI
# keeps its own allocations to the end of the process: no leak report under ASan. The ranks
# talk over shared memory (pml ob1, btl self,vader: no probing of network transports, half
# the start-up), and a job whose rank 0 exits non-zero ends at once (no 1 s wait before
# mpirun kills ranks that are exiting anyway).
mpi() {
    ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,vader \
        OMPI_MCA_odls_base_sigkill_timeout=0 mpirun --allow-run-as-root --oversubscribe -np "$@"
}

# pdf_checked FILE...: each PDF passes `qpdf --check` and `pdftotext` reads it without a word on
# stderr (no "Syntax Warning", no "Syntax Error"): what every viewer and checker must accept.
pdf_checked() {
    local f err
    for f in "$@"; do
        [ -s "$f" ] || { echo "pdf_checked: $f: no PDF"; return 1; }
        if ! err=$(qpdf --check "$f" 2>&1); then
            printf 'pdf_checked: qpdf --check %s fails:\n%s\n' "$f" "$err"
            return 1
        fi
        err=$(pdftotext "$f" /dev/null 2>&1 >/dev/null)
        [ -z "$err" ] || { printf 'pdf_checked: pdftotext %s warns:\n%s\n' "$f" "$err"; return 1; }
    done
}

# pdf_checked_all [DIR]: pdf_checked on every *.pdf file under DIR (the scratch folder).
# POSIX sh too (tests/main_job.sh runs under sh): names are split at line ends only.
pdf_checked_all() {
    local list f IFS='
'
    list=$(find "${1:-.}" -type f -name '*.pdf' | LC_ALL=C sort)
    for f in $list; do
        pdf_checked "$f" || return 1
    done
}

# fail MESSAGE: the test fails, saying why. exits CODE COMMAND...: runs COMMAND, its stdout in
# out.txt and its stderr in err.txt, and fails unless it exits CODE.
fail() { echo "FAIL: $*" >&2; exit 1; }
exits() {
    local want=$1 rc=0
    shift
    "$@" > out.txt 2> err.txt || rc=$?
    [ "$rc" = "$want" ] || fail "$*: exit $rc, wanted $want; stdout: $(cat out.txt) stderr: $(cat err.txt)"
}

# forge_record SRC SED OUT [LINE...]: a record made by hand, as a dishonest director would make
# one (dealer/EVENTS.md gives its bytes): SRC's lines above its digest edited by SED, the digest
# recomputed (SHA-256 of those lines), then each LINE ("public 17", "key HEX").
forge_record() {
    local src=$1 edit=$2 out=$3 line
    shift 3
    sed '/^digest /,$d' "$src" | sed "$edit" > "$out.params"
    { cat "$out.params"; printf 'digest %s\n' "$(sha256sum "$out.params" | cut -d' ' -f1)"
      for line in "$@"; do printf '%s\n' "$line"; done; } > "$out"
    rm -f "$out.params"
}

# fixed_key FILE [WORD]: a key file FILE (64 hex digits and a newline, mode 0600, as predup key
# new writes one) whose key is fixed by the script's name and WORD: each run, and both halves of
# make check, deal the same boards, so the tests' libdds (tests/dds_memo.c) solves each deal
# once. For a test whose key is incidental; a test of the key's making keeps key new.
fixed_key() {
    (umask 077; printf 'predup test %s %s' "$(basename "$0")" "${2:-}" | sha256sum |
        cut -c1-64 > "$1")
}

# The set-up of the fill and event tests. event_conf FILE NAME BOARDS MACHINE: an event file of
# one set "s" (BOARDS, filled on MACHINE) whose public value is the lottery's six numbers.
# event_published FILE: its record committed (from the fixed key FILE's stem .key, made unless
# there) and the numbers "7 13 21 34 40 45" made public.
# set_dealt BOARDS: a fixed key ev.key and the boards BOARDS dealt from it into set.pbn.
# absent_machine_conf FILE: a USB machine profile (1209:7777) of a machine not plugged in.
# sim_conf FILE CARD_MS [FAULT...]: a simulator profile, CARD_MS a card, seed 5, each FAULT.
event_conf() {
    cat >"$1" <<CONF
[event]
name = $2
date = 2026.11.23
site = Club
delayed_value = the first prize number of the national lottery on 2026-11-22
public_form = numbers 6 of 49

[set s]
boards = $3
machine = $4
CONF
}
event_published() {
    [ -e "${1%.conf}.key" ] || fixed_key "${1%.conf}.key" "$1"
    "$PREDUP" event commit "$1" --reuse-key >/dev/null
    "$PREDUP" event public "$1" "7 13 21 34 40 45" >/dev/null
}
set_dealt() {
    fixed_key ev.key set_dealt
    "$PREDUP" deal --key ev.key --boards "$1" -o set.pbn --quiet
}
absent_machine_conf() {
    printf '[machine]\ntransport = usb\nvid = 0x1209\npid = 0x7777\nreplug_wait_ms = 0\n' >"$1"
}
sim_conf() {
    local file=$1 card_ms=$2
    shift 2
    printf '[machine]\ntransport = sim\n[sim]\ncard_ms = %s\nboard_ms = 0\nseed = 5\n' "$card_ms" \
        >"$file"
    [ $# = 0 ] || printf 'fault = %s\n' "$@" >>"$file"
}
