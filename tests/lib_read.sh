# tests/lib_read.sh - sourced by tests/cli/read_by_content.sh, read_dlm_range.sh,
# read_line_ends.sh and verify_second_tag.sh (which set P to $PREDUP).
# Each script runs all its cases, adds the name of each failing one to $failed, and ends with
# read_lib_finish.
failed=""

# read_lib_deal BOARDS FILE: k.key (the test vector key, mode 0600) and FILE, the set of
# BOARDS dealt from it.
read_lib_deal() {
    [ -e k.key ] || {
        printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > k.key
        chmod 600 k.key
    }
    "$P" deal --key k.key --boards "$1" -o "$2"
}

read_lib_finish() {
    if [ -n "$failed" ]; then
        echo "failed:$failed"
        exit 1
    fi
}
