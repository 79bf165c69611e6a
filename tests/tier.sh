#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tier.sh DIR [NAME...]: runs every DIR/*.test.sh (or only the named ones,
# e.g. `tier.sh tests/host lockstat`), even after one fails, and prints
# the tier's total as the closing "N passed, N failed" line; each
# script's time follows it ("--- SCRIPT: N s", for CI's budget).
cd "$(dirname "$0")/.."
. tests/lib.sh
dir=$1
shift
if [ $# -gt 0 ]; then
	scripts=""
	for n in "$@"; do scripts="$scripts $dir/$n.test.sh"; done
else
	scripts=$(ls "$dir"/*.test.sh)
fi
for t in $scripts; do
	echo "--- $t"
	log=$(mktemp)
	t0=$(date +%s)
	sh "$t" 2>&1 | tee "$log"
	echo "--- $t: $(($(date +%s) - t0)) s"
	tally "$t" "$log"
	rm -f "$log"
done
echo "$TOTAL_P passed, $TOTAL_F failed"
[ "$TOTAL_F" -eq 0 ]
