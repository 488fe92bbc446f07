# Ctrl-C or SIGTERM during a long write leaves no temporary file behind: predup removes the
# live temporaries and dies of the signal. The run never finds its deal (north with 37 HCP by
# dealing version 1, plain candidates, and a huge --max-tries), so it is surely still writing
# when the signal comes (version 2 would draw such a hand at once).
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
printf 'condition hcp(north) >= 37\n' > never.dl
# A caller may start us with SIGINT ignored (a background job, nohup), and a shell cannot undo
# that: env --default-signal starts predup with the default action, as a terminal's Ctrl-C sees.
env --default-signal=INT true 2>/dev/null ||
    { echo "skip: SIGINT/SIGTERM cleanup: env has no --default-signal"; exit 0; }

. "$TOP/tests/lib_cli.sh" # wait_for
has_tmp() { ls | grep -q '^set\.pbn\.tmp'; }

# interrupt SIGNAL STATUS: start the run, wait for its temporary file, signal it.
interrupt() {
    # timeout passes the signal on, ends with predup's status, and bounds a run that hangs.
    timeout -s KILL 300 env --default-signal=INT,TERM "$P" deal --key vec.key --boards 1-3 \
        --script never.dl --dealing 1 --max-tries 1000000000000 -o set.pbn 2>err &
    pid=$!
    # The signal goes once the temporary file is there (the run is then writing, and stays so:
    # it never finds its deal), not after a guessed time.
    wait_for 120 has_tmp ||
        { echo "no temporary file appeared in 2 minutes"; cat err; kill "$pid"; exit 1; }
    kill -"$1" $pid
    rc=0
    wait $pid || rc=$?
    [ "$rc" = "$2" ] || { echo "SIG$1: exit $rc, wanted $2"; cat err; exit 1; }
    if ls | grep -q '\.tmp'; then echo "SIG$1 left a temporary file:"; ls -l; exit 1; fi
    [ ! -e set.pbn ] || { echo "SIG$1 left set.pbn"; exit 1; }
}
interrupt INT 130
interrupt TERM 143
