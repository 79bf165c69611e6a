#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# SAN tier, unit part (no privileges): the unit binary and latency_test of
# the ASan + UBSan build on the fixtures. Their own checks count here too;
# any sanitizer report (a leak included) or failed check fails the tier.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
. tests/san/san.sh
WORK=$(mktemp -d /tmp/zswap-san-unit.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
san_built test_unit latency_test

# adds the binary's closing "N passed, N failed" to this script's counts
unit_counts() {
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
	[ -n "$line" ] || return 1
	f=${line#*passed, }
	PASSED=$((PASSED + ${line%% passed*}))
	FAILED=$((FAILED + ${f%% failed*}))
}

san "latency_test" 0 "$SAN/latency_test"
check "latency_test: its result line" unit_counts "$SAN_OUT"
san "test_unit" 0 "$SAN/test_unit" tests/fixtures
check "test_unit: its result line" unit_counts "$SAN_OUT"
grep '^FAIL' "$SAN_ERR" | head -n 20
summary
