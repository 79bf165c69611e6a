#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runs every test tier (even after one fails) and prints the grand total
# as the closing "N passed, N failed" line.
cd "$(dirname "$0")/.."
. tests/lib.sh
for tier in test-unit test-san test-fuzz test-host test-guest test-claims; do
	echo "=== $tier"
	log=$(mktemp)
	t0=$(date +%s)
	make --no-print-directory "$tier" 2>&1 | tee "$log"
	echo "=== $tier: $(($(date +%s) - t0)) s"
	tally "$tier" "$log"
	rm -f "$log"
done
echo "=== all tiers"
echo "$TOTAL_P passed, $TOTAL_F failed"
[ "$TOTAL_F" -eq 0 ]
