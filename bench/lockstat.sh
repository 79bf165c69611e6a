#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): the cost of zswap-lockstat on the running kernel
# under a lock-heavy zswap workload (six 2-thread hogs churning 768 MiB
# through a 128 MiB memory cgroup; ~2,000 contentions a second on the
# 2-core hosts). lock:contention_begin/end fire for every contended lock
# in the kernel, not only zswap's, so both numbers matter:
#  1. ns per event of our programs (bpf_stats, zswap-lockstat --self-stats)
#     beside empty programs on the same tracepoints (build/hookbench's
#     e_contention_begin/end), same workload; the begin program pays for
#     the kernel stack walk (bpf_get_stackid);
#  2. the workload's wall time attached vs detached, alternating
#     A B A B ... RUNS times; target: ratio < 1.02.
# Needs root. Prints a table; keeps its files in build/bench/lockstat/.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
RUNS=${RUNS:-5}
OUT=build/bench/lockstat
mkdir -p "$OUT"
host_lock
export ZSWAP_ENV_STATE=$OUT/env.state
CG=""
trap env_cleanup EXIT INT TERM

tools/zswap-env.sh setup --swapfile /tmp/zswap-lockbench.swap --size 2048 \
	--shrinker N >/dev/null || exit 1
make_cgroup 128 zswap-lockbench || exit 1
WORKLOAD="echo \$\$ > $CG/tasks 2>/dev/null || echo \$\$ > $CG/cgroup.procs
	for s in 1 2 3 4 5 6; do build/hog -q -m 128 -p 3 -j 2 -s \$s & done; wait"

# The workload times itself: the tools' start-up (BTF, kallsyms) and
# report are not the hog's time.
TIMED="t0=\$(date +%s.%N); $WORKLOAD; t1=\$(date +%s.%N)
	echo \"\$t1 - \$t0\" | bc > $OUT/wall"
: > "$OUT/walls"
i=0
while [ "$i" -lt "$RUNS" ]; do
	sh -c "$TIMED"
	echo "detached $(cat "$OUT/wall")" >> "$OUT/walls"
	build/zswap-lockstat --json -- sh -c "$TIMED" > "$OUT/run.$i.json"
	echo "attached $(cat "$OUT/wall")" >> "$OUT/walls"
	i=$((i + 1))
done
build/zswap-lockstat --self-stats --json -- sh -c "$WORKLOAD" > "$OUT/stats.json"
build/hookbench -- sh -c "$WORKLOAD" > "$OUT/empty.txt"

echo "== hook cost (ns per run, bpf_stats; same workload)"
for p in begin end; do
	ours=$(jq -r --arg p "btf_$p" '.self_stats[$p] | "\(.run_cnt) \(.mean_ns)"' "$OUT/stats.json")
	base=$(awk -v p="e_contention_$p" '$1 == p && $2 > 0 { printf "%.1f", $3 / $2 }' "$OUT/empty.txt")
	set -- $ours
	printf "contention_%-6s runs %-9s %8.1f ns   empty %8s ns   ratio %s\n" "$p" "$1" "$2" \
		"${base:-n/a}" "$( [ -n "$base" ] && awk -v a="$2" -v b="$base" 'BEGIN{printf "%.1f", a/b}' || echo n/a)"
done
echo "contentions in the measured run: $(jq .contentions "$OUT/stats.json"), under zswap $(jq .zswap_contentions "$OUT/stats.json")"
echo "== workload wall time, $RUNS alternations (load average $(cut -d' ' -f1-3 /proc/loadavg))"
# per pair ratio, then the median: robust to other load on a shared host
awk '$1 == "detached" { d = $2 } $1 == "attached" { print $2 / d, d, $2 }' "$OUT/walls" |
	sort -n > "$OUT/ratios"
awk '{ r[NR] = $1; d += $2; a += $3 } END {
	m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
	printf "detached %.2f s, attached %.2f s (means); median ratio %.4f, range %.4f..%.4f (target < 1.02)\n",
		d / NR, a / NR, m, r[1], r[NR] }' "$OUT/ratios"
