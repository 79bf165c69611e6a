#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Replays every seed (tests/fuzz/corpus/H/) and every input a campaign
# once crashed on (tests/fuzz/regressions/H/) through the sanitizer
# build of harness H (build/fuzz/fuzz_H): a crash, a leak or undefined
# behaviour fails the input. Usage: tests/fuzz/replay.sh HARNESS...
cd "$(dirname "$0")/../.."
. tests/lib.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for h in "$@"; do
	for f in tests/fuzz/corpus/"$h"/* tests/fuzz/regressions/"$h"/*; do
		[ -f "$f" ] || continue
		if build/fuzz/fuzz_"$h" "$f" > "$log" 2>&1; then
			pass "fuzz_$h: $f"
		else
			fail "fuzz_$h: $f"
			grep -E "ERROR|SUMMARY|runtime error" "$log" | head -5
		fi
	done
done
summary
