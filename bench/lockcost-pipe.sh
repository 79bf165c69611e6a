#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test), short: zswap-lockstat's contention programs'
# ns per run (bpf_stats, --self-stats) beside hookbench's empty programs
# and bpftrace's bench/peers/lock.bt, all attached in one window, on pipe
# mutex contention (four `yes` writing into one pipe, `head -c BYTES`
# reading it: the writers contend on the pipe's mutex, ~30,000 a second on
# the 2-core hosts): the contention the 6.18 hosts trace (their spinlocks
# take virt_spin_lock, which returns before lock:contention_begin).
# Twice: ours attached after the empty programs (A), then before (B).
# ARGS are passed to zswap-lockstat (e.g. --exact). BYTES (default
# 3000000000) sizes the window; without bpftrace the peer column is left
# out. BASE=path/to/another/zswap-lockstat runs it in the same window too
# (a build before a change: the two compared on the same events; the one
# attached first runs first: swap them with OURS=path, BASE=build/...).
# Needs root. Keeps its files in build/bench/lockcost-pipe/.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
OUT=build/bench/lockcost-pipe
BYTES=${BYTES:-3000000000}
BASE=${BASE:-}
OURS=${OURS:-build/zswap-lockstat}
mkdir -p "$OUT"
host_lock
. bench/bt.sh
trap bt_kill EXIT
trap 'exit 1' INT TERM
echo "{ yes & yes & yes & yes & wait; } 2>/dev/null | head -c $BYTES > /dev/null" > "$OUT/workload.sh"
W="sh $OUT/workload.sh"
# shellcheck disable=SC2089
[ -n "$BASE" ] && W="$BASE --self-stats --json $* -- sh $OUT/workload.sh > $OUT/base.json"

echo "== ns per run, pipe mutex contention (load average $(cut -d' ' -f1-3 /proc/loadavg))"
for o in A B; do
	bt_start || : > "$OUT/bt.txt"
	if [ $o = A ]; then
		echo "-- ours attached after the empty programs"
		build/hookbench -- sh -c "$OURS --self-stats --json $* -- sh -c '$W' > $OUT/ours.json" \
			> "$OUT/empty.txt"
	else
		echo "-- ours attached before the empty programs"
		$OURS --self-stats --json "$@" -- \
			sh -c "build/hookbench -- sh -c '$W' > $OUT/empty.txt" > "$OUT/ours.json"
	fi
	bt_stop
	bench/hookcost.sh "$OUT/ours.json" "$OUT/empty.txt" "$OUT/bt.txt"
	[ -n "$BASE" ] && bench/hookcost.sh "$OUT/base.json" "$OUT/empty.txt" "$OUT/bt.txt" | sed 's/^/BASE /'
	echo "   contentions $(jq .contentions "$OUT/ours.json"), walked $(jq '.sampling.walked // empty' "$OUT/ours.json"), fails $(jq -c '.failures // empty' "$OUT/ours.json")"
done
