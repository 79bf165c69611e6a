#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): the cost of zswap-gate record on the running
# kernel, with the live host tier's workload (tools/zswap-env.sh recipe A).
#  1. hook cost: mean ns per run of each of our programs (bpf_stats, from
#     record --self-stats) beside an empty program on the same tracepoint
#     (build/hookbench), same workload; target: within 2x.
#  2. slowdown: the workload's wall time with record attached vs detached,
#     alternating A B A B ... RUNS times in one run; target: ratio < 1.01.
# Needs root. Prints a table; writes bench/out/ (ignored by git).
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
host_lock
RUNS=${RUNS:-5}
OUT=build/bench
mkdir -p "$OUT"
export ZSWAP_ENV_STATE=$OUT/env.state
CG=""
cleanup() {
	[ -n "$CG" ] && rmdir "$CG" 2>/dev/null
	tools/zswap-env.sh restore >/dev/null 2>&1
}
trap cleanup EXIT INT TERM

tools/zswap-env.sh setup --swapfile /tmp/zswap-bench.swap --size 2048 \
	--max-pool-percent 1 --shrinker N >/dev/null || exit 1
make_cgroup 128 zswap-bench || exit 1
WORKLOAD="echo \$\$ > $CG/cgroup.procs 2>/dev/null || echo \$\$ > $CG/tasks;
	build/hog -q -m 512 -w 15 -c 1536 -s 1 & sleep 3;
	build/hog -q -m 512 -p 4 -c 1536 -s 2; wait"

now() { date +%s.%N; }
: > "$OUT/walls"
i=0
while [ $i -lt "$RUNS" ]; do
	t0=$(now); sh -c "$WORKLOAD"; t1=$(now)
	echo "detached $(echo "$t1 - $t0" | bc)" >> "$OUT/walls"
	t0=$(now)
	build/zswap-gate record -q --self-stats -o "$OUT/rec.$i.json" -- sh -c "$WORKLOAD"
	t1=$(now)
	echo "attached $(echo "$t1 - $t0" | bc)" >> "$OUT/walls"
	i=$((i + 1))
done
build/hookbench -- sh -c "$WORKLOAD" > "$OUT/empty.txt"

echo "== hook cost (ns per run, bpf_stats; last record vs empty program)"
last=$OUT/rec.$((RUNS - 1)).json
jq -r '.self_stats | to_entries[] | select(.value.run_cnt > 0) |
	"\(.key) \(.value.run_cnt) \(.value.mean_ns)"' "$last" |
while read -r prog cnt ns; do
	tp=""
	case $prog in
	tp_bio_queue) tp=block_bio_queue ;;
	tp_wq_start) tp=workqueue_execute_start ;;
	tp_wq_end) tp=workqueue_execute_end ;;
	tp_slab_start) tp=mm_shrink_slab_start ;;
	tp_slab_end) tp=mm_shrink_slab_end ;;
	tp_direct_begin) tp=mm_vmscan_direct_reclaim_begin ;;
	tp_direct_end) tp=mm_vmscan_direct_reclaim_end ;;
	tp_memcg_begin) tp=mm_vmscan_memcg_reclaim_begin ;;
	tp_memcg_end) tp=mm_vmscan_memcg_reclaim_end ;;
	tp_memcg_events) tp=count_memcg_events ;;
	esac
	base=$(awk -v p="e_$tp" '$1 == p && $2 > 0 { printf "%.1f", $3 / $2 }' "$OUT/empty.txt")
	printf "%-18s runs %-10s %8.1f ns   empty %8s ns   ratio %s\n" "$prog" "$cnt" \
		"$ns" "${base:-n/a}" \
		"$( [ -n "$base" ] && awk -v a="$ns" -v b="$base" 'BEGIN{printf "%.2f", a/b}' || echo n/a)"
done
echo "== workload wall time, $RUNS alternations"
awk '{ s[$1] += $2; n[$1]++ } END {
	a = s["attached"] / n["attached"]; d = s["detached"] / n["detached"]
	printf "detached %.2f s, attached %.2f s, ratio %.4f (target < 1.01)\n", d, a, a / d }' "$OUT/walls"
