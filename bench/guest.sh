#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test) in the 6.12 guest, where fentry works: the hook
# cost of each program beside an empty one on the same hook (fentry pairs
# on the same targets), and the workload's wall time recorded vs not,
# alternating RUNS times. TCG inflates every ns figure alike; the ratios
# are what carry over. GUEST_KERNEL=6.1 runs it on 6.1 instead.
set -u
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
VER=${GUEST_KERNEL:-6.12}
OUT=build/bench/guest-$VER
rm -rf "$OUT"
mkdir -p "$OUT"
echo "$RUNS" > "$OUT/runs"
tools/guest/run-guest.sh -q -k "$VER" -c 2 -m 512M -d 512 -t 3000 -o "$OUT" \
	-s bench/bench.in-guest.sh -f build/static/zswap-gate -f build/static/hog \
	-f build/static/hookbench -f "$OUT/runs" || exit 1
for r in "$OUT"/rec.*.json; do
	echo "attached $(jq .wall_time_s "$r")" >> "$OUT/walls"
done
echo "== $VER guest: hook cost (ns per run under TCG; last record vs empty program)"
bench/hookcost.sh "$OUT/rec.$((RUNS - 1)).json" "$OUT/empty.txt"
echo "== $VER guest: workload wall time"
bench/walls.sh "$OUT/walls"
