# tests/lib_cli.sh - sourced by the tests/cli/*.sh scripts that wait for another process.
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
