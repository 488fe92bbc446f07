# predup - build, test, benchmark, fuzz. `make` builds ./predup (never installs: it names `make
# deps` when a library is missing); `make check` installs what is missing, then runs every test,
# plain and under ASan+UBSan; `make run` is the main job on the built-in default event.

BUILD    ?= build
# V=1 prints every compiler command line in full; by default a compile is one "CC file" line,
# and none at all under make -s (make check: its output is the verdicts).
V        ?= 0
OPT      ?= -O2 -g
SAN      ?=
PREFIX   ?= /usr/local
CC       ?= cc

# ompi-c: OpenMPI, for dealer and analyze under mpirun (dealer/run/mpi.c); a plain run never
# starts it. zlib: the machine protocol's CRC (machine/proto.c), the PDFs' ToUnicode maps.
PKGS      := libcrypto ompi-c zlib
# icu-uc icu-i18n: the event texts' checks (NFKC, invisible characters, confusables:
# dealer/event/event_texts.c). libmicrohttpd: the operator page of fill --web (machine/operator/).
# libusb-1.0: the USB machine (machine/usb.c). inih: event files and machine profiles (config/).
# libqrencode: the QR codes printed; freetype2: which characters the PDF fonts can draw, and
# libharu (-lhpdf, no pkg-config file), the PDFs (printing/). Loaded on first use
# (dealer/base/lib_open.c), as libdds is: their headers build predup, which links none of them
# (HACKING.md "Libraries loaded on first use").
LAZY_PKGS := icu-uc icu-i18n libmicrohttpd libusb-1.0 inih libqrencode freetype2
# The camera machine's libraries, linked into its module alone ($(CAM_MODULE) below): vips zbar,
# reading cards on the host by correlation and by barcode (machine/vision/); gstreamer-app-1.0,
# the camera's frames (machine/camera/capture.c).
CAM_PKGS  := vips zbar gstreamer-1.0 gstreamer-app-1.0
# -Wformat=2: every printf-like call takes a literal format (helpers say so with
# __attribute__((format(printf, ...)))), so that an argument can never be read as one.
CFLAGS   += -std=c11 $(OPT) $(SAN) -pthread -Wall -Wextra -Werror -Wshadow -Wformat=2 \
            -Wstrict-prototypes -Wmissing-prototypes -Wno-missing-field-initializers
CPPFLAGS += -I. -D_GNU_SOURCE -MMD -MP $(shell pkg-config --cflags $(PKGS) $(LAZY_PKGS) $(CAM_PKGS) 2>/dev/null)
LDFLAGS  += $(SAN) -pthread
# Under ASan+UBSan (make check's second half) every program carries the two runtimes, linked
# statically: the dynamic linker then binds no libasan.so at each start, 2 ms of CPU less of
# about 16 (make check starts predup some 5,000 times a half). A module or libdds shim built
# with them finds their entry points in the program, which exports them for it.
ifneq ($(findstring address,$(SAN)),)
LDFLAGS  += -static-libasan -static-libubsan -Wl,--export-dynamic-symbol='__asan_*' \
            -Wl,--export-dynamic-symbol='__ubsan_*'
endif
# libdds is loaded on first use (dealer/deal/dd.c), not linked: only its header is needed to build.
# OpenMPI is linked into predup's MPI module alone ($(MPI_MODULE) below, dealer/run/mpi.c):
# predup loads it only under mpirun.
MPI_PKGS := ompi-c
LDLIBS   += $(shell pkg-config --libs $(filter-out $(MPI_PKGS),$(PKGS)) 2>/dev/null) -lm
CAM_LIBS  = $(shell pkg-config --libs $(CAM_PKGS) freetype2 2>/dev/null)
MPI_LIBS  = $(shell pkg-config --libs $(MPI_PKGS) 2>/dev/null)
# libqrencode: the vision suite draws a code with it itself (tests/check_vision.c).
CHECK_LIBS = $(shell pkg-config --libs check libqrencode 2>/dev/null)

MODULES  := dealer pbn printing machine config
# The camera machine (machine/camera/, machine/vision/) is predup's loadable module
# $(BUILD)/predup-camera.so, loaded on its first use (machine/camera_module.c, HACKING.md "The
# camera module"): the ~110 libraries libvips, GStreamer and zbar pull in cost every other
# command 25 ms a start. Its objects are position-independent and export one name, the table
# cam_module; predup exports to it the few functions of its own it calls (module-host.list).
CAM_SRC  := $(wildcard machine/camera/*.c machine/vision/*.c)
CAM_OBJ  := $(CAM_SRC:%.c=$(BUILD)/%.o)
CAM_MODULE := $(BUILD)/predup-camera.so
# The thin layer over OpenMPI is predup's other module, $(BUILD)/predup-mpi.so, loaded only
# when mpirun started the process (dealer/run/mpi_module.c): libmpi and the 5 libraries it
# brings cost every start about 1 ms of CPU (1.7 under ASan). It exports one name, lmpi_module.
MPI_SRC  := dealer/run/mpi.c
MPI_OBJ  := $(MPI_SRC:%.c=$(BUILD)/%.o)
MPI_MODULE := $(BUILD)/predup-mpi.so
LIB_SRC  := $(filter-out $(CAM_SRC) $(MPI_SRC) $(wildcard */fuzz_*.c */*/fuzz_*.c),$(wildcard $(MODULES:=/*.c) $(MODULES:=/*/*.c)))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/printing/terms_builtin.o
# The words printed, one table per language (printing/terms/LANG.ini), built in as C strings
# (pr_terms_builtin, printing/pr_int.h): a club extends them without touching C.
TERMS_INI := $(sort $(wildcard printing/terms/*.ini))
TEST_SRC := $(wildcard tests/check_*.c)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)

# Debian packages: to build and run, to test, to compare against (peers).
DEPS_BUILD := gcc make pkg-config libusb-1.0-0-dev libssl-dev libhpdf-dev libdds-dev \
              libinih-dev libqrencode-dev libfreetype-dev zlib1g-dev fonts-dejavu-core libopenmpi-dev \
              openmpi-bin libicu-dev libmicrohttpd-dev libgstreamer1.0-dev \
              libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base gstreamer1.0-plugins-good
DEPS_BUILD += libvips-dev libzbar-dev
DEPS_TEST  := check umockdev libumockdev-dev poppler-utils qpdf zbar-tools dealer deal valgrind \
              python3 man-db groff-base bsdextrautils imagemagick strace chromium \
              libsimavr-dev libsimavrparts1
DEPS_FUZZ  := clang libclang-rt-14-dev

ifeq ($(V),0)
Q := @
ifeq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
say = @printf '  %-4s %s\n' '$(1)' '$(2)'
endif
endif

.PHONY: all deps deps-fuzz have-libs have-test-libs house house-objects check check-quick check-plain check-san valgrind run bench fuzz fuzz-cflags fuzz-ldlibs install clean firmata-hex

all: predup

# The modules lie next to the program (dealer/base/module_open.c looks there first).
predup: $(BUILD)/predup $(CAM_MODULE) $(MPI_MODULE)
	$(Q)cp $< $@ && cp $(CAM_MODULE) predup-camera.so && cp $(MPI_MODULE) predup-mpi.so

# Where make install puts the profiles: the last folder a profile NAME is searched in. The
# PREFIX of the build is kept in $(BUILD)/prefix.txt, rewritten (as make reads this file) only
# when it changes, so that another PREFIX rebuilds dealer/base/shipped.o and nothing else does.
$(shell mkdir -p $(BUILD); echo '$(PREFIX)' | cmp -s - $(BUILD)/prefix.txt || \
    echo '$(PREFIX)' >$(BUILD)/prefix.txt)
$(BUILD)/dealer/base/shipped.o: CPPFLAGS += -DPREDUP_DATADIR='"$(PREFIX)/share/predup"'
$(BUILD)/dealer/base/shipped.o: $(BUILD)/prefix.txt
# Where make install puts the modules: the second place predup looks for them.
$(BUILD)/dealer/base/module_open.o: CPPFLAGS += -DPREDUP_LIBDIR='"$(PREFIX)/lib/predup"'
$(BUILD)/dealer/base/module_open.o: $(BUILD)/prefix.txt

# predup needs its modules to run a camera or under mpirun: built with them, as its order-only
# prerequisites.
$(BUILD)/predup: $(BUILD)/predup.o $(LIB_OBJ) $(BUILD)/module-host.list \
    | $(CAM_MODULE) $(MPI_MODULE)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -Wl,--dynamic-list=$(BUILD)/module-host.list $(filter %.o,$^) \
	    $(LDLIBS) -o $@

# The modules' objects: position-independent, exporting nothing but what says so (cam_module,
# lmpi_module). Kept in $(BUILD)/module-cflags.txt as PREFIX is, so that objects built
# otherwise (a build folder older than the modules) are built again.
MODULE_CFLAGS := -fPIC -fvisibility=hidden
$(shell echo '$(MODULE_CFLAGS)' | cmp -s - $(BUILD)/module-cflags.txt || \
    echo '$(MODULE_CFLAGS)' >$(BUILD)/module-cflags.txt)
$(CAM_OBJ) $(MPI_OBJ): CFLAGS += $(MODULE_CFLAGS)
$(CAM_OBJ) $(MPI_OBJ): $(BUILD)/module-cflags.txt
$(CAM_MODULE): $(CAM_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) -shared $(LDFLAGS) $^ $(CAM_LIBS) -lm -o $@
$(MPI_MODULE): $(MPI_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) -shared $(LDFLAGS) $^ $(MPI_LIBS) -o $@
# module-host.list: predup's own functions and tables the modules call (their objects'
# undefined names that predup's objects define), exported by predup (--dynamic-list) and by
# nothing else.
$(BUILD)/module-host.list: $(CAM_OBJ) $(MPI_OBJ) $(LIB_OBJ)
	$(call say,GEN,$@)
	$(Q)nm -u $(CAM_OBJ) $(MPI_OBJ) | awk 'NF == 2 {print $$2}' | sort -u >$@.u && \
	  nm -g --defined-only $(LIB_OBJ) | awk 'NF == 3 {print $$3}' | sort -u >$@.d && \
	  { echo '{'; comm -12 $@.u $@.d | sed 's/.*/    &;/'; echo '};'; } >$@.tmp && \
	  rm -f $@.u $@.d && mv $@.tmp $@

# The Check suites link the camera's objects themselves (machine/camera_module.c then uses
# their table, loading nothing).
$(BUILD)/check_predup: $(TEST_OBJ) $(LIB_OBJ) $(CAM_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) $(CAM_LIBS) $(CHECK_LIBS) -o $@

# machine: the umockdev test binary (the real libusb code against the simulated USB machine).
# Not a tests/check_*.c: the Check binary must run without the umockdev preload.
UMOCKDEV_CFLAGS = $(shell pkg-config --cflags umockdev-1.0 2>/dev/null)
UMOCKDEV_LIBS   = $(shell pkg-config --libs umockdev-1.0 2>/dev/null)
$(BUILD)/tests/usb_machine.o: tests/usb_machine.c
	@mkdir -p $(@D)
	$(call say,CC,$<)
	$(Q)$(CC) $(CPPFLAGS) $(UMOCKDEV_CFLAGS) $(CFLAGS) -c $< -o $@
$(BUILD)/usb_machine: $(BUILD)/tests/usb_machine.o $(LIB_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) $(UMOCKDEV_LIBS) -o $@

# camera machine: predup's Firmata code against the real StandardFirmata firmware in simavr
# (tests/firmata_avr.c, tests/cli/machine_firmata_avr.sh); built where simavr is installed.
# make firmata-hex fetches the firmware a club flashes (StandardFirmata 2.4 for the Uno, inside
# the npm package avrgirl-arduino) into $(BUILD)/firmata/.
FIRMATA_AVR = $(if $(wildcard /usr/include/simavr/sim_avr.h),$(BUILD)/firmata_avr)
$(BUILD)/tests/firmata_avr.o: CPPFLAGS += -I/usr/include/simavr
$(BUILD)/firmata_avr: $(BUILD)/tests/firmata_avr.o $(LIB_OBJ) $(CAM_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) $(CAM_LIBS) -lsimavr -lsimavrparts -lutil -o $@
firmata-hex:
	@mkdir -p $(BUILD)/firmata && cd $(BUILD)/firmata && npm pack -q avrgirl-arduino@5.0.1 >/dev/null && \
	  tar -xzf avrgirl-arduino-5.0.1.tgz --strip-components=4 \
	    package/junk/hex/uno/StandardFirmata.cpp.hex && rm avrgirl-arduino-5.0.1.tgz && \
	  echo "6d57ea7cf30e26c9c2f3a01ee37907d2c951f8bc9c27f84dddad12fa9c8b8f36  StandardFirmata.cpp.hex" | sha256sum --quiet -c || \
	  { rm -f StandardFirmata.cpp.hex; echo "firmata-hex: not the StandardFirmata 2.4 build the test knows"; exit 1; }

# make check's libdds (tests/dds_memo.c): a table solved once per run, kept in DDS_MEMO_DIR and
# passed on to the real libdds for everything else. Never instrumented (libdds is not either).
DDS_MEMO = $(BUILD)/dds-memo/libdds.so.0
$(DDS_MEMO): tests/dds_memo.c | have-libs
	@mkdir -p $(@D)
	$(call say,CC,$<)
	$(Q)$(CC) -std=c11 -O2 -Wall -Wextra -Werror -fPIC -shared \
	    -DREAL_LIBDDS='"$(realpath $(shell $(CC) -print-file-name=libdds.so.0))"' $< -ldl -o $@

$(LIB_OBJ) $(CAM_OBJ) $(MPI_OBJ) $(BUILD)/predup.o $(BUILD)/tests/bench_gen.o $(BUILD)/tests/bench_ceiling.o \
    $(BUILD)/tests/bench_keyed_draw.o: | have-libs
$(TEST_OBJ) $(BUILD)/tests/usb_machine.o: | have-libs have-test-libs

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC,$<)
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# $(call c_lines,FILE): FILE's lines as C string literals, one a line, each ending in \n:
# backslash, quote and "?" (trigraphs) escaped, a CR before the line end dropped. The one way a
# text file is built into predup (the terms tables, the operator page).
c_lines = sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/\r$$//' \
              -e 's/^/"/' -e 's/$$/\\n"/' $(1)

# Each table is one string, a line a literal.
$(BUILD)/printing/terms_builtin.c: $(TERMS_INI) Makefile
	@mkdir -p $(@D)
	$(call say,GEN,$@)
	@{ echo '/* Generated by the Makefile from printing/terms/LANG.ini: edit those. */'; \
	  echo '#include "printing/pr_int.h"'; \
	  echo 'const struct pr_terms_table pr_terms_builtin[] = {'; \
	  for f in $(TERMS_INI); do \
	    echo "    {\"$$(basename $$f .ini)\", \"\""; \
	    $(call c_lines,$$f); \
	    echo '    },'; \
	  done; \
	  echo '};'; \
	  echo 'const size_t pr_terms_builtin_n = sizeof pr_terms_builtin / sizeof pr_terms_builtin[0];'; \
	} >$@.tmp && mv $@.tmp $@
$(BUILD)/printing/terms_builtin.o: $(BUILD)/printing/terms_builtin.c | have-libs
	$(call say,CC,$<)
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# The operator page (fill --web) is machine/operator/page.html, served from the binary: its
# lines as C string literals (c_lines) that page.c includes.
$(BUILD)/machine/operator/page.inc: machine/operator/page.html Makefile
	@mkdir -p $(@D)
	$(call say,GEN,$@)
	@$(call c_lines,$<) >$@.tmp && mv $@.tmp $@
$(BUILD)/machine/operator/page.o: $(BUILD)/machine/operator/page.inc
$(BUILD)/machine/operator/page.o: CPPFLAGS += -I$(BUILD)/machine/operator

# Raw generation speed, for make bench (tests/bench_deal.sh).
$(BUILD)/bench_gen: $(BUILD)/tests/bench_gen.o $(LIB_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@
# The floor of keyed deal --script: the committed draw alone (tests/bench_keyed_draw.c).
$(BUILD)/bench_keyed_draw: $(BUILD)/tests/bench_keyed_draw.o $(LIB_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@
# The one-core ceiling of case (a) (tests/bench_ceiling.c; dealer/README.md, where the time goes).
$(BUILD)/bench_ceiling: $(BUILD)/tests/bench_ceiling.o
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

# The link flags of the build, kept in $(BUILD)/link-flags.txt as PREFIX is: when they change
# (a build folder linked before the sanitizer runtimes were static, whose old modules would
# load a second runtime), every program and module of the folder is linked again.
LINKED := $(BUILD)/predup $(CAM_MODULE) $(MPI_MODULE) $(BUILD)/check_predup \
    $(BUILD)/usb_machine $(BUILD)/firmata_avr $(BUILD)/bench_gen $(BUILD)/bench_keyed_draw \
    $(BUILD)/bench_ceiling
ifneq ($(file <$(BUILD)/link-flags.txt),$(strip $(LDFLAGS)))
$(shell rm -f $(LINKED))
$(file >$(BUILD)/link-flags.txt,$(strip $(LDFLAGS)))
endif

# $(call apt_install,PACKAGES): installs those of the Debian PACKAGES not installed yet (with
# sudo when not root); silent when everything is there. The one install loop of deps and deps-fuzz.
define apt_install
@missing=$$(for p in $(1); do \
    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
  done); \
if [ -n "$$missing" ]; then \
  echo "make $@: installing" $$missing; \
  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
  $$SUDO apt-get update -qq && \
  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
fi
endef

# deps also fetches the firmware the camera machine's simavr test runs (firmata-hex), once,
# where npm is; without it that one test says skip.
deps:
	$(call apt_install,$(DEPS_BUILD) $(DEPS_TEST))
	@[ -f build/firmata/StandardFirmata.cpp.hex ] || ! command -v npm >/dev/null || \
	  $(MAKE) --no-print-directory BUILD=build firmata-hex || \
	  echo "make deps: no StandardFirmata firmware: machine_firmata_avr.sh will skip"

deps-fuzz:
	$(call apt_install,$(DEPS_FUZZ))

# $(call need_libs,PKG-CONFIG MODULES,HEADERS): fails with a message naming `make deps` when a
# library is missing. Building never installs anything: only deps (and run, check) do.
define need_libs
@missing=; \
for m in $(1); do pkg-config --exists $$m 2>/dev/null || missing="$$missing $$m"; done; \
for h in $(2); do printf '#include <%s>\n' $$h | $(CC) -E -x c - >/dev/null 2>&1 || missing="$$missing <$$h>"; done; \
if [ -n "$$missing" ]; then \
  echo "make: missing libraries:$$missing; 'make deps' installs them (Debian, with sudo)" >&2; \
  exit 1; \
fi
endef

# Checked once per make run, before the first compile; an up-to-date object is not rebuilt.
have-libs:
	$(call need_libs,$(PKGS) $(LAZY_PKGS) $(CAM_PKGS),hpdf.h dds/dll.h)

have-test-libs:
	$(call need_libs,check umockdev-1.0,check.h)

# Check's timeouts guard against hangs, not slowness: a loaded CI machine (or ASan) must not
# turn a slow test into a failure, so every timeout is stretched tenfold.
CK_ENV := CK_DEFAULT_TIMEOUT=60 CK_TIMEOUT_MULTIPLIER=10

# The house rules a machine can check (no function over 80 lines, no file over 700, no
# #include cycle, the rooms in order: tests/tools/rooms.py): seconds, once per make check,
# before the tests. house-objects checks the link graph too (no call cycle, function tables
# included; calls go down the rooms): it needs the objects, so check-plain runs it after the
# build.
house:
	python3 tests/tools/house.py

house-objects: $(BUILD)/predup
	python3 tests/tools/house.py --objects $(BUILD)

# Every test: the house rules, the Check suites, the command-line tests and the USB scenarios,
# plain and under ASan+UBSan. Quiet (V=1 prints everything): no compile line, one verdict
# line per half (tests/check_half.sh), a failing step's output in full, then one final line.
# Speed (issue 30: at most 5 minutes on an idle 2-core machine): both builds first, CHECK_JOBS
# compiles at a time; then the two halves side by side, each one's output printed when both
# are done (plain first), so that no core waits for a one-core step.
CHECK_SUB := $(MAKE) $(if $(filter 0,$(V)),-s) --no-print-directory
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# The ASan+UBSan build's -g1: line tables and function names, all a sanitizer's report shows
# (file:line of every frame), at 7 s less CPU to build than -g.
SAN_MAKE = BUILD=build-san OPT='-O1 -g1 -fno-omit-frame-pointer' \
    SAN='-fsanitize=address,undefined -fno-sanitize-recover=all'
check:
	@$(CHECK_SUB) deps
	@$(CHECK_SUB) house || { echo "make check: FAILED (the house rules)"; exit 1; }
	@$(CHECK_SUB) -j$(CHECK_JOBS) $(BUILD)/check_predup $(BUILD)/predup $(BUILD)/usb_machine \
	    $(FIRMATA_AVR) $(DDS_MEMO) || { echo "make check: FAILED (the plain build)"; exit 1; }
	@$(CHECK_SUB) -j$(CHECK_JOBS) $(SAN_MAKE) \
	    build-san/check_predup build-san/predup build-san/usb_machine \
	    $(FIRMATA_AVR:$(BUILD)/%=build-san/%) $(DDS_MEMO:$(BUILD)/%=build-san/%) \
	    || { echo "make check: FAILED (the ASan+UBSan build)"; exit 1; }
	@logs=$$(mktemp -d "$${TMPDIR:-/tmp}/predup-halves-XXXXXX"); \
	mkdir "$$logs/dds-memo"; export DDS_MEMO_DIR="$$logs/dds-memo"; \
	{ $(CHECK_SUB) check-san >"$$logs/san" 2>&1; echo $$? >"$$logs/san.rc"; } & \
	$(CHECK_SUB) check-plain >"$$logs/plain" 2>&1; echo $$? >"$$logs/plain.rc"; wait; \
	cat "$$logs/plain" "$$logs/san"; failed=; \
	[ "$$(cat "$$logs/plain.rc")" = 0 ] || failed="plain"; \
	[ "$$(cat "$$logs/san.rc")" = 0 ] || failed="$${failed:+$$failed, }ASan+UBSan"; \
	rm -rf "$$logs"; \
	if [ -n "$$failed" ]; then echo "make check: FAILED ($$failed)"; exit 1; fi; \
	echo "make check: passed (plain, ASan+UBSan)"

# The edit-test loop (at most 60 seconds): the build, the Check suites and the command-line
# tests not marked slow (tests/cli.sh), plain only. make check stays the gate.
check-quick:
	@$(CHECK_SUB) -j$(CHECK_JOBS) $(BUILD)/check_predup $(BUILD)/predup $(DDS_MEMO)
	@SUITE_ENV='$(CK_ENV)' QUICK=1 V=$(V) sh tests/check_half.sh quick $(BUILD)

check-plain: $(BUILD)/check_predup $(BUILD)/predup $(BUILD)/usb_machine $(FIRMATA_AVR) $(DDS_MEMO)
	@SUITE_ENV='$(CK_ENV)' V=$(V) sh tests/check_half.sh plain $(BUILD) house

SAN_ENV := ASAN_OPTIONS=detect_leaks=1:verify_asan_link_order=0 UBSAN_OPTIONS=print_stacktrace=1
# A Check suite tagged plain_only (tcase_set_tags) is left out of the ASan+UBSan half, named.
SAN_SUITE_ENV := CK_EXCLUDE_TAGS=plain_only
check-san:
	@$(MAKE) --no-print-directory $(SAN_MAKE) \
	    build-san/check_predup build-san/predup build-san/usb_machine \
	    $(FIRMATA_AVR:$(BUILD)/%=build-san/%) $(DDS_MEMO:$(BUILD)/%=build-san/%)
	@SUITE_ENV='$(SAN_ENV) $(SAN_SUITE_ENV) $(CK_ENV)' CLI_ENV='$(SAN_ENV) CLI_HALF=san' \
	    USB_ENV='ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0' \
	    V=$(V) sh tests/check_half.sh ASan+UBSan build-san

# Every suite and command-line test under valgrind (slow: outside make check).
valgrind: deps
	$(MAKE) $(BUILD)/check_predup $(BUILD)/predup
	CK_FORK=no CK_DEFAULT_TIMEOUT=3000 valgrind -q --error-exitcode=1 --leak-check=full \
	    --suppressions=tests/valgrind.supp $(BUILD)/check_predup
	PREDUP=$(BUILD)/predup VALGRIND="valgrind -q --error-exitcode=1 --leak-check=full \
	    --suppressions=$(CURDIR)/tests/valgrind.supp" sh tests/cli.sh

# The main job: the shipped demo event (config/events/demo.conf) through the whole ceremony -
# commit, public value, deal (PBN, DUP, DLM, analysis, PDFs), fill on the simulated machine,
# reveal, verify (tests/main_job.sh). Output in out/; run again, it changes nothing.
# Targets that build call make again after deps: the flags from pkg-config are read when make
# starts, so on a fresh machine they exist only in a make started after the install.
run: deps
	$(MAKE) predup
	sh tests/main_job.sh ./predup out

# One table of every tests/bench_*.sh row (predup vs its peer, same run), medians of 3 runs;
# FAST=1 runs each once.
bench:
	$(MAKE) predup $(BUILD)/bench_gen $(BUILD)/bench_ceiling $(BUILD)/bench_keyed_draw $(BUILD)/usb_machine
	BENCH_GEN=$(BUILD)/bench_gen BENCH_CEILING=$(BUILD)/bench_ceiling BENCH_KEYED_DRAW=$(BUILD)/bench_keyed_draw BENCH_LOG=$(BUILD)/bench.log sh tests/bench.sh ./predup

fuzz: deps deps-fuzz
	sh tests/fuzz.sh

# make fuzz's targets link every room's code from one archive, built by the rules above with
# clang and the fuzzer's instrumentation (tests/lib_fuzz.sh, fuzz_lib), and the flags below:
# the one list of sources and libraries, here, not one per fuzz script.
$(BUILD)/libpredup.a: $(LIB_OBJ)
	$(call say,AR,$@)
	$(Q)rm -f $@ && $(AR) rcs $@ $^
fuzz-cflags:
	@echo $(shell pkg-config --cflags $(PKGS) $(LAZY_PKGS) 2>/dev/null)
fuzz-ldlibs:
	@echo $(LDLIBS)

# The man page's option lists, rewritten from the option rows (tests/tools/man_update.py):
# after a row's change; tests/cli/help_man.sh fails while a list differs from its rows.
.PHONY: man-page
man-page: predup
	python3 tests/tools/man_update.py ./predup

# The program, its camera and MPI modules (PREFIX/lib/predup/, where predup looks for them when
# they are not beside the program: dealer/base/module_open.c), its man page (man predup) and its
# bash completion.
# The machine profiles, the example event, the dealer scripts and the printed words' tables go
# to PREFIX/share/predup, where a profile or a script NAME is searched last
# (dealer/base/shipped.c, built with that folder: PREDUP_DATADIR above); the documents the
# help names go to PREFIX/share/doc/predup under the same paths as in the tree.
DOCS = $(wildcard dealer/*.md pbn/*.md printing/*.md machine/*.md)
install: predup
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	    $(DESTDIR)$(PREFIX)/share/predup/machines $(DESTDIR)$(PREFIX)/share/predup/events
	install -m 0755 predup $(DESTDIR)$(PREFIX)/bin/predup
	install -D -m 0644 predup-camera.so $(DESTDIR)$(PREFIX)/lib/predup/predup-camera.so
	install -D -m 0644 predup-mpi.so $(DESTDIR)$(PREFIX)/lib/predup/predup-mpi.so
	install -m 0644 config/predup.1 $(DESTDIR)$(PREFIX)/share/man/man1/predup.1
	install -m 0644 config/predup.bash-completion \
	    $(DESTDIR)$(PREFIX)/share/bash-completion/completions/predup
	install -m 0644 config/machines/*.conf $(DESTDIR)$(PREFIX)/share/predup/machines/
	install -m 0644 config/events/demo.conf $(DESTDIR)$(PREFIX)/share/predup/events/
	install -m 0644 config/70-predup.rules $(DESTDIR)$(PREFIX)/share/predup/
	install -d $(DESTDIR)$(PREFIX)/share/predup/scripts $(DESTDIR)$(PREFIX)/share/predup/terms
	install -m 0644 dealer/scripts/*.dl $(DESTDIR)$(PREFIX)/share/predup/scripts/
	install -m 0644 printing/terms/*.ini $(DESTDIR)$(PREFIX)/share/predup/terms/
	for f in README.md HACKING.md $(DOCS); do \
	    install -D -m 0644 $$f $(DESTDIR)$(PREFIX)/share/doc/predup/$$f || exit 1; done

clean:
	rm -rf build build-san build-fuzz predup predup-camera.so predup-mpi.so

-include $(LIB_OBJ:.o=.d) $(CAM_OBJ:.o=.d) $(MPI_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(BUILD)/predup.d \
    $(BUILD)/tests/usb_machine.d $(BUILD)/tests/firmata_avr.d $(BUILD)/tests/bench_gen.d \
    $(BUILD)/tests/bench_ceiling.d $(BUILD)/tests/bench_keyed_draw.d
