#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): the cost of zswap-export on the running kernel.
#  1. One write with 500 cgroups: 500 memory cgroups each get zswap
#     events (a small hog over its limit), zswap-export --cgroups -v logs
#     the CPU time of every write; target: under 50 ms per write.
#  2. Exporter CPU at a 15 s interval (the textfile default), with those
#     cgroups: process CPU (utime + stime from /proc) over the run, as a
#     share of one core; target: under 0.5%. The BPF programs' own time
#     (bpf_stats, spent in whichever task hits the tracepoints) is printed
#     beside it.
# Needs root. EXPORT_BENCH_SECONDS (default 60) sets the length of part 2.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
host_lock
NCG=${NCG:-500}
SECS=${EXPORT_BENCH_SECONDS:-60}
OUT=build/bench-export
rm -rf "$OUT"
mkdir -p "$OUT/tf" "$OUT/tf15"
export ZSWAP_ENV_STATE=$OUT/env.state
PARENT="" EXP_PID="" EXP2_PID=""
cleanup() {
	[ -n "$EXP_PID" ] && kill "$EXP_PID" 2>/dev/null && wait "$EXP_PID" 2>/dev/null
	[ -n "$EXP2_PID" ] && kill "$EXP2_PID" 2>/dev/null && wait "$EXP2_PID" 2>/dev/null
	if [ -n "$PARENT" ]; then
		for d in "$PARENT"/cg*; do rmdir "$d" 2>/dev/null; done
		rmdir "$PARENT" 2>/dev/null
	fi
	tools/zswap-env.sh restore >/dev/null 2>&1
}
trap cleanup EXIT INT TERM

tools/zswap-env.sh setup --swapfile /tmp/zswap-bench-export.swap --size 1024 \
	--max-pool-percent 10 --shrinker N >/dev/null || exit 1
make_cgroup 4096 zswap-bench-export || exit 1
PARENT=$CG
v1=false
[ -e "$PARENT/memory.limit_in_bytes" ] && v1=true
[ "$v1" = false ] && echo "+memory" > "$PARENT/cgroup.subtree_control"

build/zswap-export -o "$OUT/tf/zswap.prom" --interval 1 --cgroups -v \
	2> "$OUT/writes.log" &
EXP_PID=$!
# part 2's exporter counts the same events from the start
build/zswap-export -o "$OUT/tf15/zswap.prom" --interval 15 --cgroups 2>/dev/null &
EXP2_PID=$!
sleep 2
echo "== creating $NCG memory cgroups, each swapping into zswap"
i=0
while [ $i -lt "$NCG" ]; do
	d=$PARENT/cg$i
	mkdir "$d"
	if [ "$v1" = true ]; then
		echo $((2 << 20)) > "$d/memory.limit_in_bytes"
		sh -c 'echo $$ > "$1/tasks" && exec build/hog -q -m 4 -c 1536' _ "$d"
	else
		echo $((2 << 20)) > "$d/memory.max"
		sh -c 'echo $$ > "$1/cgroup.procs" && exec build/hog -q -m 4 -c 1536' _ "$d"
	fi
	i=$((i + 1))
done
sleep 4
kill "$EXP_PID" && wait "$EXP_PID"
EXP_PID=""
echo "== one write with $NCG+ cgroups (zswap-export -v, CPU of each write)"
awk -v n="$NCG" '/write [0-9]+:/ {
	for (i = 1; i <= NF; i++) { if ($i == "cgroups,") c = $(i - 1); if ($i == "cpu") ms = $(i + 1) }
	if (c >= n) { k++; s += ms; if (ms > max) max = ms; if (k == 1) first = ms } }
	END {
	if (!k) { print "no write saw all cgroups"; exit 1 }
	printf "writes with >= %d cgroups: %d; first %.2f ms, mean %.2f ms, max %.2f ms CPU (target < 50 ms)\n",
		n, k, first, s / k, max }' "$OUT/writes.log"
grep -o "[0-9]* bytes, [0-9]* cgroups" "$OUT/writes.log" | tail -n 1 |
	sed 's/^/last file: /'

echo "== exporter CPU at a 15 s interval, $SECS s, $NCG cgroups with events"
EXP_PID=$EXP2_PID
EXP2_PID=""
ticks() { awk '{ print $14 + $15 }' "/proc/$EXP_PID/stat"; }
# "time seconds" of the BPF programs, from one file (written every 15 s)
prog_s() {
	awk '/^zswap_exporter_last_write_timestamp_seconds/ { t = $2 }
	     /^zswap_exporter_program_run_seconds_total/ { s += $2 }
	     END { printf "%.3f %.6f", t, s }' "$OUT/tf15/zswap.prom" 2>/dev/null
}
c0=$(ticks); t0=$(date +%s.%N)
first=$(prog_s)
sleep "$SECS"
c1=$(ticks); t1=$(date +%s.%N); last=$(prog_s)
echo "rows in its file: $(grep -c '^zswap_cgroup_stored_pages_total' "$OUT/tf15/zswap.prom")"
hz=$(getconf CLK_TCK)
awk -v c0="$c0" -v c1="$c1" -v t0="$t0" -v t1="$t1" -v hz="$hz" 'BEGIN {
	cpu = (c1 - c0) / hz; wall = t1 - t0
	printf "process CPU %.3f s over %.1f s = %.3f%% of a core (target < 0.5%%)\n",
		cpu, wall, 100 * cpu / wall }'
echo "$first $last" | awk '{
	if ($3 <= $1) { print "BPF programs: fewer than two files written"; exit }
	printf "BPF programs (bpf_stats, in other tasks): %.4f s over %.1f s = %.3f%% of a core\n",
		$4 - $2, $3 - $1, 100 * ($4 - $2) / ($3 - $1) }'
