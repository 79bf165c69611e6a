#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tier.sh DIR [NAME...]: runs every DIR/*.test.sh (or only the named ones,
# e.g. `tier.sh tests/host lockstat`), even after one fails, and prints
# the tier's total as the closing "N passed, N failed" line.
cd "$(dirname "$0")/.."
dir=$1
shift
if [ $# -gt 0 ]; then
	scripts=""
	for n in "$@"; do scripts="$scripts $dir/$n.test.sh"; done
else
	scripts=$(ls "$dir"/*.test.sh)
fi
total_p=0 total_f=0
for t in $scripts; do
	echo "--- $t"
	log=$(mktemp)
	sh "$t" 2>&1 | tee "$log"
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	rm -f "$log"
	if [ -z "$line" ]; then
		echo "FAIL $t: no result line (did not run to the end)"
		total_f=$((total_f + 1))
		continue
	fi
	p=${line%% passed*}
	f=${line#*passed, }
	f=${f%% failed*}
	total_p=$((total_p + p))
	total_f=$((total_f + f))
done
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
