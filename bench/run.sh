#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): the cost of zswap-gate record on the running
# kernel, with the live host tier's workload (tools/zswap-env.sh recipe A).
#  1. hook cost: mean ns per run of each of our programs (bpf_stats, from
#     record --self-stats) beside an empty program on the same tracepoint
#     (build/hookbench), both attached in one run, so they see the same
#     events. Events of tagged tasks (inside zswap writeback) do real
#     work. That record has --cgroup: count_memcg_events is attached only
#     for per-cgroup counts. bench/peers.sh adds bpftrace's programs.
#  2. slowdown: the workload's wall time with record attached vs detached,
#     alternating A B C A B C ... RUNS times in one run; target: ratio
#     < 1.01, and < 1.03 with --locks --iocost (C);
#     and the programs' CPU time over the workload cgroup's
#     (bench/cpushare.sh), which load on the machine disturbs less.
# Needs root. Prints a table; writes build/bench/. bench/guest.sh runs the
# same benchmark in the 6.12 guest, where fentry works.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
host_lock
RUNS=${RUNS:-5}
OUT=build/bench
mkdir -p "$OUT"
export ZSWAP_ENV_STATE=$OUT/env.state
CG=""
trap env_cleanup EXIT INT TERM

tools/zswap-env.sh setup --swapfile /tmp/zswap-bench.swap --size 2048 \
	--max-pool-percent 1 --shrinker N >/dev/null || exit 1
make_cgroup 128 zswap-bench || exit 1
WORKLOAD="echo \$\$ > $CG/cgroup.procs 2>/dev/null || echo \$\$ > $CG/tasks;
	build/hog -q -m 512 -w 15 -c 1536 -s 1 & sleep 3;
	build/hog -q -m 512 -p 4 -c 1536 -s 2; wait"

now() { date +%s.%N; }
# appended to the workload: the CPU time (us) of the processes its
# shell reaped (cutime + cstime)
CPU_OF="; awk -v t=$(getconf CLK_TCK) '{ print (\$16 + \$17) * 1e6 / t }' \
	/proc/\$\$/stat > $OUT/cpu.run"
: > "$OUT/walls"
: > "$OUT/cpu"
: > "$OUT/cpu.full"
i=0
while [ $i -lt "$RUNS" ]; do
	t0=$(now); sh -c "$WORKLOAD"; t1=$(now)
	echo "detached $(echo "$t1 - $t0" | bc)" >> "$OUT/walls"
	t0=$(now)
	build/zswap-gate record -q --self-stats -o "$OUT/rec.$i.json" \
		-- sh -c "$WORKLOAD$CPU_OF"
	t1=$(now)
	echo "$OUT/rec.$i.json $(cat "$OUT/cpu.run")" >> "$OUT/cpu"
	echo "total $(echo "$t1 - $t0" | bc)" >> "$OUT/walls"
	echo "attached $(jq .wall_time_s "$OUT/rec.$i.json")" >> "$OUT/walls"
	# every module: the < 1.03 target
	build/zswap-gate record -q --self-stats --locks --iocost \
		-o "$OUT/rec.full.$i.json" -- sh -c "$WORKLOAD$CPU_OF"
	echo "$OUT/rec.full.$i.json $(cat "$OUT/cpu.run")" >> "$OUT/cpu.full"
	echo "full $(jq .wall_time_s "$OUT/rec.full.$i.json")" >> "$OUT/walls"
	i=$((i + 1))
done
# not in the wall-time ratio: the empty programs cost time too
build/hookbench -- build/zswap-gate record -q --self-stats --cgroup "$CG" \
	-o "$OUT/rec.cgroup.json" -- sh -c "$WORKLOAD" > "$OUT/empty.txt"

echo "== hook cost (ns per run, bpf_stats; one run with the empty programs)"
bench/hookcost.sh "$OUT/rec.cgroup.json" "$OUT/empty.txt"
echo "== workload wall time"
bench/walls.sh "$OUT/walls"
bench/cpushare.sh "$OUT/cpu"
echo "== with --locks --iocost"
bench/cpushare.sh "$OUT/cpu.full"
