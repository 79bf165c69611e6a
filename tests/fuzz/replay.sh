#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Replays every seed (tests/fuzz/corpus/H/) and every input a campaign
# once crashed on (tests/fuzz/regressions/H/) through the sanitizer
# build of harness H (build/fuzz/fuzz_H): a crash, a leak or undefined
# behaviour fails the input. With --campaign, then tests/fuzz/campaign.sh
# (FUZZ_SECONDS per harness) and one total.
# Usage: tests/fuzz/replay.sh [--campaign] HARNESS...
cd "$(dirname "$0")/../.."
. tests/lib.sh
campaign=0
[ "${1:-}" = --campaign ] && { campaign=1; shift; }
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
if [ $campaign = 1 ]; then
	# the campaign's own lines and total; add them to the replay's
	tests/fuzz/campaign.sh "$@" > "$log" 2>&1
	grep -v -E '^[0-9]+ passed, [0-9]+ failed' "$log"
	set -- $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	PASSED=$((PASSED + ${1:-0}))
	FAILED=$((FAILED + ${3:-1}))
fi
summary
