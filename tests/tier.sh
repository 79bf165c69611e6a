#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tier.sh DIR [NAME...]: runs every DIR/*.test.sh (or only the named ones,
# e.g. `tier.sh tests/host lockstat`), even after one fails, and prints
# the tier's total as the closing "N passed, N failed" line.
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
# Live host scripts reconcile with system-wide counters: two at once (two
# clones on one machine) would count each other's workloads.
serial=""
# host_lock (tests/lib.sh) in the script then takes nothing: its own flock
# on a second open of the file would wait for ours forever.
case $dir in
*host) serial="env ZSWAP_HOST_LOCK_HELD=1 flock /run/zswap-toolkit.host.lock" ;;
esac
for t in $scripts; do
	echo "--- $t"
	log=$(mktemp)
	$serial sh "$t" 2>&1 | tee "$log"
	tally "$t" "$log"
	rm -f "$log"
done
echo "$TOTAL_P passed, $TOTAL_F failed"
[ "$TOTAL_F" -eq 0 ]
