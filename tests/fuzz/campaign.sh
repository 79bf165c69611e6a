#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A bounded libFuzzer campaign: FUZZ_SECONDS (default 60) per harness,
# fixed seed, from the committed corpus plus what earlier campaigns found
# (build/fuzz/corpus/H/). Prints one ok/FAIL line per harness; a crash,
# leak, UB report or timeout fails it, and the input is left in
# build/fuzz/artifacts/ (add it to tests/fuzz/regressions/H/).
# Usage: tests/fuzz/campaign.sh HARNESS...
cd "$(dirname "$0")/../.."
. tests/lib.sh
secs=${FUZZ_SECONDS:-60}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for h in "$@"; do
	mkdir -p build/fuzz/corpus/"$h" build/fuzz/artifacts
	if build/fuzz/fuzz_"$h" -max_total_time="$secs" -seed=1 -timeout=10 \
		-rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
		-artifact_prefix=build/fuzz/artifacts/"$h"- -dict=tests/fuzz/"$h".dict \
		build/fuzz/corpus/"$h" tests/fuzz/corpus/"$h" > "$log" 2>&1; then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
		pass "fuzz_$h: $secs s campaign, $runs inputs, nothing found"
	else
		fail "fuzz_$h: $secs s campaign found a failure"
		grep -E "ERROR|SUMMARY|runtime error|artifact" "$log" | head -8
	fi
done
summary
