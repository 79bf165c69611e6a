#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): the cost of the iostall programs, above all the
# sched_switch one, which fires on every context switch and must return
# early for tasks that are not inside zswap writeback. On the running
# kernel (the host: sched_switch exists there, iocost does not), with the
# live host tier's zswap workload (shrink_worker writeback, so some
# kworkers are really tagged) plus a pipe ping-pong that switches
# context as fast as it can.
#  1. ns per run of is_sched_switch (zswap-gate record --iocost
#     --self-stats) beside an empty program on sched_switch
#     (zswap-iostall --empty), same workload; target: within 2x.
#  2. the workload's wall time with record --iocost attached (the
#     record's wall_time_s: fork to exit of the command, without the
#     recorder's start-up) vs detached, alternating A B A B ... RUNS
#     times; target: ratio < 1.01; and the programs' CPU time over the
#     workload's (bench/cpushare.sh).
# Needs root. Prints a table; writes build/bench-iostall/.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
RUNS=${RUNS:-3}
OUT=build/bench-iostall
mkdir -p "$OUT"
host_lock
export ZSWAP_ENV_STATE=$OUT/env.state
CG=""
trap env_cleanup EXIT INT TERM

tools/zswap-env.sh setup --swapfile /tmp/zswap-bench-iostall.swap --size 2048 \
	--max-pool-percent 1 --shrinker N >/dev/null || exit 1
make_cgroup 128 zswap-bench-iostall || exit 1
WORKLOAD="sh -c 'echo \$\$ > $CG/cgroup.procs 2>/dev/null || echo \$\$ > $CG/tasks;
	build/hog -q -m 512 -w 15 -c 1536 -s 1 & sleep 3;
	build/hog -q -m 512 -p 4 -c 1536 -s 2; wait' &
	dd if=/dev/zero bs=64 count=300000 2>/dev/null | dd of=/dev/null bs=64 2>/dev/null;
	wait"

now() { date +%s.%N; }
# appended to the workload: the CPU time (us) of the processes its
# shell reaped (cutime + cstime)
CPU_OF="; awk -v t=$(getconf CLK_TCK) '{ print (\$16 + \$17) * 1e6 / t }' \
	/proc/\$\$/stat > $OUT/cpu.run"
: > "$OUT/walls"
: > "$OUT/cpu"
i=0
while [ $i -lt "$RUNS" ]; do
	t0=$(now); sh -c "$WORKLOAD"; t1=$(now)
	echo "detached $(echo "$t1 - $t0" | bc)" >> "$OUT/walls"
	# the command's own wall time, without the recorder's start-up
	build/zswap-gate record -q --iocost --self-stats -o "$OUT/rec.$i.json" \
		-- sh -c "$WORKLOAD$CPU_OF"
	echo "$OUT/rec.$i.json $(cat "$OUT/cpu.run")" >> "$OUT/cpu"
	echo "attached $(jq -r .wall_time_s "$OUT/rec.$i.json")" >> "$OUT/walls"
	i=$((i + 1))
done
build/zswap-iostall --empty -- sh -c "$WORKLOAD" > "$OUT/empty.txt"

echo "== iostall hook cost (ns per run, bpf_stats; last record vs empty program)"
last=$OUT/rec.$((RUNS - 1)).json
base=$(awk '$1 == "is_sched_switch_empty" { print $3 }' "$OUT/empty.txt")
jq -r '.self_stats | to_entries[] | select(.key | startswith("is_")) |
	select(.value.run_cnt > 0) | "\(.key) \(.value.run_cnt) \(.value.mean_ns)"' "$last" |
while read -r prog cnt ns; do
	if [ "$prog" = is_sched_switch ]; then
		printf "%-20s runs %-10s %8.1f ns   empty %8s ns   ratio %s (target < 2)\n" \
			"$prog" "$cnt" "$ns" "${base:-n/a}" \
			"$( [ -n "$base" ] && awk -v a="$ns" -v b="$base" 'BEGIN{printf "%.2f", a/b}' || echo n/a)"
	else
		printf "%-20s runs %-10s %8.1f ns\n" "$prog" "$cnt" "$ns"
	fi
done
echo "tagged sleeps seen: $(jq -r '.metrics["wb_offcpu_sleeps{kind=kworker}"].value' "$last") kworker, off-CPU $(jq -r '.metrics.wb_offcpu_us.value' "$last") us"
echo "== workload wall time, $RUNS alternations"
awk '{ s[$1] += $2; n[$1]++ } END {
	a = s["attached"] / n["attached"]; d = s["detached"] / n["detached"]
	printf "detached %.2f s, attached (record --iocost) %.2f s, ratio %.4f (target < 1.01)\n", d, a, a / d }' "$OUT/walls"
bench/cpushare.sh "$OUT/cpu"
