#!/bin/sh
# tests/cli/machine_firmata_avr.sh - predup's Firmata code (machine/camera/firmata.c) against
# the real StandardFirmata firmware for the Arduino Uno, run in simavr on a pseudo-terminal
# (tests/firmata_avr.c): pin modes set, the feed motor's pin driven high and low, the
# diverter's servo pulses for each angle written, the card sensor's pin reported high and low.
# Skips without simavr (make deps installs it) or the firmware (make firmata-hex fetches it;
# PREDUP_FIRMATA_HEX names another copy).
set -eu
harness=$(dirname "$PREDUP")/firmata_avr
hex=${PREDUP_FIRMATA_HEX:-$TOP/build/firmata/StandardFirmata.cpp.hex}
[ -x "$harness" ] || { echo "skip: no $harness (simavr: libsimavr-dev, libsimavrparts1)"; exit 0; }
[ -f "$hex" ] || { echo "skip: no StandardFirmata firmware at $hex (make firmata-hex)"; exit 0; }
rc=0
timeout 60 "$harness" "$hex" >out.txt 2>err.txt || rc=$?
[ "$rc" = 0 ] || { echo "machine_firmata_avr: exit $rc"; cat out.txt err.txt; exit 1; }
grep -q '^firmata_avr: ok: StandardFirmata 2\.[0-9]* on /dev/pts/[0-9]*: pin 2 high and low, servo pulses for 20 55 90 125 160 degrees, pin 3 reported high and low$' out.txt
echo "machine_firmata_avr: ok"
