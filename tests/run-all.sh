#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runs every test tier (even after one fails) and prints the grand total
# as the closing "N passed, N failed" line.
cd "$(dirname "$0")/.."
total_p=0 total_f=0 status=0
for tier in test-unit test-host test-guest; do
	echo "=== $tier"
	log=$(mktemp)
	make --no-print-directory "$tier" 2>&1 | tee "$log"
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	rm -f "$log"
	if [ -z "$line" ]; then
		echo "$tier: no result line (did not run to the end)"
		total_f=$((total_f + 1))
		status=1
		continue
	fi
	p=${line%% passed*}
	f=${line#*passed, }
	f=${f%% failed*}
	total_p=$((total_p + p))
	total_f=$((total_f + f))
	[ "$f" -eq 0 ] || status=1
done
echo "=== all tiers"
echo "$total_p passed, $total_f failed"
exit $status
