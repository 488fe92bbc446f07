# tests/cli/docs_commands.sh - every command README.md shows, the examples of every
# `predup help TOPIC` and the EXAMPLES of the man page, run as written, in order, each source in
# a fresh copy of the clone with predup on PATH (issue 25): each must succeed, and print what the
# text shows where it shows it. tests/tools/docs_run.py says how the docs mark a block that
# cannot run here, a file the text writes, and the output it shows (HACKING.md, "Documentation
# that runs"); each command is printed as it runs, a failure names the file and line.
# cli: slow - every documented command, in fresh copies of the clone
# cli: plain only - the documents' commands, each run under ASan+UBSan by its feature's own
# script (event_ceremony, fill_*, print_*, dealer_*, formats_*, verify_*): what this one adds is
# that the text is right, which a sanitizer does not check
set -eu
python3 "$TOP/tests/tools/docs_run.py" "$TOP" "$PREDUP" README.md help man
