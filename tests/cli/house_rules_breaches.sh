# house enforces the room order (tests/tools/rooms.py): each breach planted in a scratch copy of
# the sources (and a room grown past a third of the lines) makes tests/tools/house.py fail,
# naming it; the copy as it is passes. Then a
# three-file tree, built with cc, where a function table hides a call cycle (the runner's old
# lrun_local): house --objects sees it, and sees nothing once the call through the table goes;
# a global name outside its room's prefixes fails it.
# cli: slow - the house checks over copies of the tree
# cli: plain only - python and cc over copies of the sources, no predup
set -eu
: "${TOP:?set TOP to the project root}"

copy() {
    rm -rf tree
    mkdir tree
    (cd "$TOP" && find predup.c dealer pbn printing machine config tests/tools \
         \( -name '*.[ch]' -o -name '*.py' \) ! -path '*/__pycache__/*' -print0) |
        (cd "$TOP" && xargs -0 cp --parents -t "$OLDPWD/tree")
}

# expect_fault FILE-TO-PLANT LINE-OF-C FAULT: plants the line at the end of the file's
# #include block (or at its end), and wants house to fail with exactly that fault.
expect_fault() {
    copy
    printf '%s\n' "$2" >> "tree/$1"
    if (cd tree && python3 tests/tools/house.py) > out.txt 2>&1; then
        echo "house passed with $1 holding: $2"; cat out.txt; exit 1
    fi
    grep -Fx "house: $3" out.txt > /dev/null || {
        echo "house did not name: $3"; cat out.txt; exit 1; }
    grep -Fx "house: 1 fault (tests/tools/house.py says what it checks)" out.txt > /dev/null || {
        echo "house found more than the planted fault"; cat out.txt; exit 1; }
}

copy
(cd tree && python3 tests/tools/house.py --allowed) > out.txt 2>&1 || {
    echo "house fails on the unchanged copy"; cat out.txt; exit 1; }
# --allowed lists each breach rooms.ALLOWED lets pass, as many as the summary counts.
listed=$(grep -c "^house: allowed: " out.txt || true)
grep -q "the rooms in order ($listed breaches allowed: --allowed lists them)$" out.txt || {
    echo "house listed $listed allowed breaches, not what it counted"; cat out.txt; exit 1; }

n=$(wc -l < "$TOP/dealer/base/text_check.c")
expect_fault dealer/base/text_check.c '#include "dealer/deal/deal.h"' \
    "dealer/base/text_check.c:$((n + 1)): includes dealer/deal/deal.h (room deal, level 1): room base is level 0"
n=$(wc -l < "$TOP/printing/sheet.c")
expect_fault printing/sheet.c 'void plant(void) { cmd_deal(0, 0, 0); }' \
    "printing/sheet.c:$((n + 1)): calls cmd_deal (config/commands/cmd_deal.c): only predup.c calls the front-ends"
n=$(wc -l < "$TOP/dealer/run/sets.c")
expect_fault dealer/run/sets.c '#include "dealer/lang/hands.h"' \
    "dealer/run/sets.c:$((n + 1)): includes dealer/lang/hands.h, internal to dealer/lang"
# Two rooms on one level are strangers.
n=$(wc -l < "$TOP/dealer/event/event_texts.c")
expect_fault dealer/event/event_texts.c '#include "dealer/lang/lang.h"' \
    "dealer/event/event_texts.c:$((n + 1)): includes dealer/lang/lang.h (room lang, level 2): room event is level 2"

# No folder arrow runs back up: machine/ includes nothing of config/ (what the front-ends once
# did from a folder inside machine/, before their move to config/commands/).
copy
n=$(wc -l < "$TOP/machine/ctl.c")
printf '%s\n' '#include "config/config.h"' >> tree/machine/ctl.c
if (cd tree && python3 tests/tools/house.py) > out.txt 2>&1; then
    echo "house passed with machine/ctl.c including config/config.h"; cat out.txt; exit 1
fi
grep -Fx "house: machine/ctl.c:$((n + 1)): includes config/config.h: folder machine/ comes before config/ in the call order" \
    out.txt > /dev/null || { echo "house did not name the folder arrow"; cat out.txt; exit 1; }

# A room past a third of the lines: thirty files of 690 lines in pbn/.
copy
for i in $(seq 1 30); do
    seq 1 690 | sed 's|.*|/* filler */|' > "tree/pbn/filler_$i.c"
done
if (cd tree && python3 tests/tools/house.py) > out.txt 2>&1; then
    echo "house passed with pbn/ past a third of the lines"; cat out.txt; exit 1
fi
grep -E "^house: pbn:1: room pbn holds [0-9]+ of the [0-9]+ lines \([0-9]+%\): at most a third$" \
    out.txt > /dev/null || { echo "house did not name the room"; cat out.txt; exit 1; }

# The function-pointer cycle: a.c exports a table of its code and calls b.c; b.c calls
# through a pointer and sees the table's name (run_int.h); c.c hands the table to b.c.
command -v cc > /dev/null && command -v objdump > /dev/null || {
    echo "skip: no cc or objdump: the function-pointer cycle is not tried"; exit 0; }
rm -rf mini
mkdir -p mini/dealer/run mini/dealer/base mini/build/dealer/run mini/build/dealer/base
cp -r tree/tests mini/
# Other rooms' faces, so that no room of the small tree holds a third of its lines.
for face in pbn/pbn.h printing/printing.h machine/machine.h config/config.h; do
    mkdir -p "mini/${face%/*}"
    seq 1 20 | sed 's|.*|/* filler */|' > "mini/$face"
done
cat > mini/dealer/base/base.h <<'EOF'
void pd_count(void);
EOF
cat > mini/dealer/base/base.c <<'EOF'
#include "dealer/base/base.h"
int pd_counted;
void pd_count(void) { pd_counted++; }
EOF
cat > mini/dealer/run/run_int.h <<'EOF'
#include "dealer/base/base.h"
struct table { void (*work)(void); };
extern const struct table lblock_a_table;
void lblock_a_start(void);
void lblock_b_claim(void);
void lblock_b_run(const struct table *t);
EOF
cat > mini/dealer/run/a.c <<'EOF'
#include "dealer/run/run_int.h"
static void work(void) { pd_count(); }
const struct table lblock_a_table = {work};
void lblock_a_start(void) { lblock_b_claim(); }
EOF
cat > mini/dealer/run/c.c <<'EOF'
#include "dealer/run/run_int.h"
void lblock_c_go(void);
void lblock_c_go(void) { lblock_a_start(); lblock_b_run(&lblock_a_table); }
EOF
build_mini() {
    for f in dealer/base/base dealer/run/a dealer/run/b dealer/run/c; do
        (cd mini && cc -O2 -I. -c "$f.c" -o "build/$f.o")
    done
}
# mini_fails WHAT LINE: the small tree built, house --objects fails on it with LINE, exactly.
mini_fails() {
    build_mini
    if (cd mini && python3 tests/tools/house.py --objects build) > out.txt 2>&1; then
        echo "house --objects missed $1"; cat out.txt; exit 1
    fi
    grep -Fx "$2" out.txt > /dev/null || { echo "house did not name $1"; cat out.txt; exit 1; }
}
cat > mini/dealer/run/b.c <<'EOF'
#include "dealer/run/run_int.h"
void lblock_b_claim(void) { pd_count(); }
void lblock_b_run(const struct table *t) { t->work(); }
EOF
mini_fails "the cycle through a function table" \
    "house: dealer/run/a.c:1: link cycle: dealer/run/a.c <-> dealer/run/b.c"
# Without the call through the pointer, no cycle: the one above was the table's.
cat > mini/dealer/run/b.c <<'EOF'
#include "dealer/run/run_int.h"
void lblock_b_claim(void) { pd_count(); }
void lblock_b_run(const struct table *t) { (void)t; }
EOF
build_mini
(cd mini && python3 tests/tools/house.py --objects build) > out.txt 2>&1 || {
    echo "house --objects fails on the tree without the cycle"; cat out.txt; exit 1; }
# A global name outside its room's prefixes (rooms.PREFIXES: the runner's are lrun, lblock_ ...).
cat > mini/dealer/run/c.c <<'EOF'
#include "dealer/run/run_int.h"
void lblock_c_go(void);
void helper_go(void);
void lblock_c_go(void) { lblock_a_start(); lblock_b_run(&lblock_a_table); }
void helper_go(void) { lblock_c_go(); }
EOF
mini_fails "a global name without its room's prefix" "house: dealer/run/c.o:1: defines \
helper_go, a global name outside room run's prefixes (lrun lblock_ lshare_ lmpi_ pd_mpi_ \
set_generate board_generate): static, or one of them (HACKING.md, \"Names: one prefix a room\")"
grep -Fx "house: 1 fault (tests/tools/house.py says what it checks)" out.txt > /dev/null || {
    echo "house found more than the unprefixed name"; cat out.txt; exit 1; }
sed -i '/helper_go/d' mini/dealer/run/c.c
# A call up the rooms: base calling the runner.
cat > mini/dealer/base/base.c <<'EOF'
#include "dealer/base/base.h"
void lblock_b_claim(void);
int pd_counted;
void pd_count(void) { pd_counted++; lblock_b_claim(); }
EOF
mini_fails "a call up the rooms" \
    "house: dealer/base/base.o:1: calls dealer/run/b.c (room run, level 3): room base is level 0"
echo "house_rules_breaches: ok"
