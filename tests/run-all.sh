#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runs every test tier (even after one fails) and prints the grand total
# as the closing "N passed, N failed" line, after each tier's time and
# result (the tail of a CI log says where the time went).
cd "$(dirname "$0")/.."
. tests/lib.sh
summary=
for tier in test-unit test-san test-fuzz test-host test-guest test-claims; do
	echo "=== $tier"
	log=$(mktemp)
	t0=$(date +%s)
	make --no-print-directory "$tier" 2>&1 | tee "$log"
	secs=$(($(date +%s) - t0))
	echo "=== $tier: $secs s"
	tally "$tier" "$log"
	summary="$summary$tier: $secs s, $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" |
		tail -n 1)
"
	rm -f "$log"
done
echo "=== all tiers"
printf '%s' "$summary"
echo "$TOTAL_P passed, $TOTAL_F failed"
[ "$TOTAL_F" -eq 0 ]
