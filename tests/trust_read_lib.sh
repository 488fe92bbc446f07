# tests/trust_read_lib.sh - sourced by tests/cli/trust_read_*.sh (which set P to $PREDUP).
# Each script runs all its cases, adds the name of each failing one to $failed, and ends with
# trust_read_finish.
failed=""

# trust_read_deal BOARDS FILE: k.key (the test vector key, mode 0600) and FILE, the set of
# BOARDS dealt from it.
trust_read_deal() {
    [ -e k.key ] || {
        printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > k.key
        chmod 600 k.key
    }
    "$P" deal --key k.key --boards "$1" -o "$2"
}

trust_read_finish() {
    if [ -n "$failed" ]; then
        echo "failed:$failed"
        exit 1
    fi
}
