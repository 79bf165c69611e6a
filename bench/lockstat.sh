#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): the cost of zswap-lockstat on the running kernel
# under a lock-heavy zswap workload (six 2-thread hogs churning 768 MiB
# through a 128 MiB memory cgroup; ~20,000 contentions a second on the
# 2-core hosts). lock:contention_begin/end fire for every contended lock
# in the kernel, not only zswap's, so both numbers matter:
#  1. ns per event of our programs (bpf_stats, zswap-lockstat --self-stats)
#     beside empty programs on the same tracepoints (build/hookbench's
#     e_contention_begin/end), same workload; the begin program pays for
#     the kernel stack walk (bpf_get_stack, LS_STACK_DEPTH frames);
#  2. the workload's wall time attached vs detached, alternating
#     A B A B ... RUNS times; target: ratio < 1.02. For scale, a third
#     arm runs the peer, Debian's `perf lock record` (tracepoint mode, as
#     tests/host/lockstat.test.sh uses it), when it works here; and the
#     programs' CPU time over the workload's (bench/cpushare.sh; bpf_stats
#     on in the attached runs, which costs them a little more); and the
#     floor, build/hookbench's bare timing of each contention alone, what
#     any tool that times contentions pays at least.
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
# appended to the workload: the CPU time (us) of the processes its
# shell reaped (cutime + cstime)
CPU_OF="; awk -v t=$(getconf CLK_TCK) '{ print (\$16 + \$17) * 1e6 / t }' \
	/proc/\$\$/stat > $OUT/cpu.run"
: > "$OUT/walls"
: > "$OUT/cpu"
PERF=0
command -v perf >/dev/null &&
	perf lock record -a -o "$OUT/perf.data" -- true >/dev/null 2>&1 && PERF=1
i=0
while [ "$i" -lt "$RUNS" ]; do
	sh -c "$TIMED"
	echo "detached $(cat "$OUT/wall")" >> "$OUT/walls"
	build/zswap-lockstat --self-stats --json -- sh -c "$TIMED$CPU_OF" \
		> "$OUT/run.$i.json"
	echo "zswap-lockstat $(cat "$OUT/wall")" >> "$OUT/walls"
	echo "$OUT/run.$i.json $(cat "$OUT/cpu.run")" >> "$OUT/cpu"
	# the floor: the bare timing of each contention alone (hookbench's
	# t_contention_begin/end: a clock read at begin, one at end, the
	# wait added per CPU), what any tool timing contentions pays at least
	build/hookbench -p t_contention_begin -p t_contention_end \
		-- sh -c "$TIMED" > /dev/null 2>&1
	echo "floor $(cat "$OUT/wall")" >> "$OUT/walls"
	if [ $PERF -eq 1 ]; then
		perf lock record -a -o "$OUT/perf.data" -- sh -c "$TIMED" \
			> /dev/null 2>&1
		echo "perf-lock-record $(cat "$OUT/wall")" >> "$OUT/walls"
	fi
	i=$((i + 1))
done
rm -f "$OUT/perf.data"
build/zswap-lockstat --self-stats --json -- sh -c "$WORKLOAD" > "$OUT/stats.json"
build/hookbench -- sh -c "$WORKLOAD" > "$OUT/empty.txt"

echo "== hook cost (ns per run, bpf_stats; same workload)"
bench/lockcost.sh "$OUT/stats.json" "$OUT/empty.txt"
echo "== workload wall time, $RUNS alternations (load average $(cut -d' ' -f1-3 /proc/loadavg))"
bench/ratios.sh "$OUT/walls" zswap-lockstat floor perf-lock-record
bench/cpushare.sh "$OUT/cpu"
