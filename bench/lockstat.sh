#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): the cost of zswap-lockstat on the running kernel,
# on two workloads:
#  - hogs: six 2-thread hogs of MIB (256) MiB each swapping through a
#    128 MiB memory cgroup, zswap's pool at 20% (max_pool_percent), about
#    half of the contentions zswap's on the 2-core hosts;
#  - pipe: four `yes` writing into one pipe (bench/lockcost-pipe.sh's):
#    mutex contention that is none of zswap's.
# lock:contention_begin/end fire for every contended lock in the kernel,
# not only zswap's. Arms, alternated RUNS (5) times per workload:
#  - detached: the workload alone (wall time);
#  - zswap-lockstat: the default mode, zswap's locks timed, the rest
#    counted; zswap-lockstat-all: --all, every lock timed;
#  - empty: build/hookbench's empty programs on the two tracepoints, what
#    any program attached to them costs;
#  - floor: build/hookbench's bare timing of each contention
#    (t_contention_begin/end), what any tool that times every contention
#    pays at least;
#  - bpftrace: bench/peers/lock.bt (every contention counted by address
#    and stack, and timed), when bpftrace works here;
#  - perf-lock-record: Debian's `perf lock record` (tracepoint mode), when
#    it works here; it runs no BPF: its share is its own process's CPU
#    time (the events it writes in the workload's context are not in it).
# Printed: the CPU share of each arm (bpf_stats run time of its programs
# over the workload's user + sys time, median and range: bench/cpushare.sh),
# the workload's wall time attached vs detached (bench/ratios.sh), and on
# the hogs the ns per contention_begin/end of the default mode beside empty
# programs (bench/lockcost.sh).
# WORKLOADS ("hogs pipe") picks the workloads, BYTES (3000000000) sizes
# the pipe's. Needs root. Keeps its files
# in build/bench/lockstat/.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. bench/bt.sh
RUNS=${RUNS:-5}
MIB=${MIB:-256}
WORKLOADS=${WORKLOADS:-hogs pipe}
OUT=build/bench/lockstat
ARMS="zswap-lockstat zswap-lockstat-all empty floor bpftrace perf-lock-record"
mkdir -p "$OUT"
host_lock
export ZSWAP_ENV_STATE=$OUT/env.state
CG=""
trap 'bt_kill; env_cleanup' EXIT
trap 'exit 1' INT TERM

tools/zswap-env.sh setup --swapfile /tmp/zswap-lockbench.swap --size 2048 \
	--max-pool-percent 20 --shrinker N >/dev/null || exit 1
make_cgroup 128 zswap-lockbench || exit 1
HOGS="echo \$\$ > $CG/tasks 2>/dev/null || echo \$\$ > $CG/cgroup.procs
	for s in 1 2 3 4 5 6; do build/hog -q -m $MIB -p 3 -j 2 -s \$s & done; wait"
PIPE="{ yes & yes & yes & yes & wait; } 2>/dev/null | head -c ${BYTES:-3000000000} > /dev/null"

PERF=0
command -v perf >/dev/null &&
	perf lock record -a -o "$OUT/perf.data" -- true >/dev/null 2>&1 && PERF=1
BPFTRACE=0
command -v bpftrace >/dev/null && BPFTRACE=1

# $OUT/run.sh: W timing itself (the tools' start-up and report are not the
# workload's time), then the CPU time (us) of the processes its shell
# reaped (cutime + cstime) into $OUT/cpu.run
timed() {
	echo "t0=\$(date +%s.%N); $1; t1=\$(date +%s.%N)
	echo \"\$t1 - \$t0\" | bc > $OUT/wall
	awk -v t=$(getconf CLK_TCK) '{ print (\$16 + \$17) * 1e6 / t }' \
		/proc/\$\$/stat > $OUT/cpu.run" > "$OUT/run.sh"
}
RUN="sh $OUT/run.sh"

# self_stats NS RUNS FILE: a report holding only its programs' run time
# (for bench/cpushare.sh) and contention_begin's run count
self_stats() {
	echo "{\"self_stats\": {\"all\": {\"run_time_ns\": $1, \"begins\": $2}}}" > "$3"
}

# hook_stats PREFIX FILE REC: self_stats of the lines "PREFIXcontention_*
# RUNS NS" of FILE
hook_stats() {
	self_stats "$(awk -v p="$1" 'index($1, p) == 1 { s += $3 } END { print s + 0 }' "$2")" \
		"$(awk -v p="$1" 'index($1, p "contention_begin") == 1 { print $2 }' "$2")" "$3"
}

# arm NAME I: run I of arm NAME on $OUT/run.sh; its wall time into
# $OUT/walls, its CPU share's run into $OUT/cpu.NAME
arm() {
	name=$1 rec=$OUT/$wl.$1.$2.json
	case $name in
	detached)
		$RUN ;;
	zswap-lockstat)
		build/zswap-lockstat --self-stats --json -- $RUN > "$rec" ;;
	zswap-lockstat-all)
		build/zswap-lockstat --all --self-stats --json -- $RUN > "$rec" ;;
	empty | floor)
		p=e_
		[ "$name" = floor ] && p=t_
		build/hookbench -p ${p}contention_begin -p ${p}contention_end \
			-- $RUN > "$OUT/hooks.txt" 2>/dev/null
		hook_stats $p "$OUT/hooks.txt" "$rec" ;;
	bpftrace)
		[ $BPFTRACE -eq 1 ] || return 0
		rm -f "$OUT/bt.txt"
		# bpf_stats on (hookbench attaches nothing named "none")
		build/hookbench -p none -- sh -c ". bench/bt.sh; OUT=$OUT
			bt_start && { $RUN; bt_stop; }" > /dev/null 2>&1
		[ -s "$OUT/bt.txt" ] || { echo "bench: bpftrace did not attach"; return 0; }
		hook_stats bt_ "$OUT/bt.txt" "$rec" ;;
	perf-lock-record)
		[ $PERF -eq 1 ] || return 0
		# perf's own CPU: all it reaped, less the workload's
		sh -c "perf lock record -a -o $OUT/perf.data -- $RUN \
			> /dev/null 2>&1; awk -v t=$(getconf CLK_TCK) \
			'{ print (\$16 + \$17) * 1e6 / t }' /proc/\$\$/stat > $OUT/cpu.perf"
		self_stats "$(awk -v a="$(cat "$OUT/cpu.perf")" -v w="$(cat "$OUT/cpu.run")" \
			'BEGIN { printf "%.0f", (a - w) * 1000 }')" null "$rec" ;;
	esac
	echo "$name $(cat "$OUT/wall")" >> "$OUT/walls"
	[ "$name" = detached ] || echo "$rec $(cat "$OUT/cpu.run")" >> "$OUT/cpu.$name"
}

for wl in $WORKLOADS; do
	case $wl in
	hogs) W=$HOGS ;;
	pipe) W=$PIPE ;;
	*) echo "bench: unknown workload $wl"; exit 2 ;;
	esac
	timed "$W"
	rm -f "$OUT/$wl".*.json
	: > "$OUT/walls"
	for a in $ARMS; do : > "$OUT/cpu.$a"; done
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		for a in detached $ARMS; do arm "$a" "$i"; done
		i=$((i + 1))
	done
	rm -f "$OUT/perf.data"
	cp "$OUT/walls" "$OUT/walls.$wl"
	echo "== $wl: CPU share of each arm, $RUNS runs (load average $(cut -d' ' -f1-3 /proc/loadavg))"
	# each arm's contention_begin runs: the share scales with them
	for a in $ARMS; do
		[ -s "$OUT/cpu.$a" ] || continue
		printf "%-19s %9s  %s\n" "$a" "$(jq -s 'map(.self_stats | (.btf_begin // .all) |
			.run_cnt // .begins) | if any(. == null) then "n/a" else
			sort | .[length / 2 | floor] end' "$OUT/$wl.$a".*.json)" \
			"$(bench/cpushare.sh "$OUT/cpu.$a")"
	done
	echo "(arm, median contention_begin runs a run, share; zswap's contentions a run in the default mode: $(jq -s \
		'map(.zswap_contentions) | sort | .[length / 2 | floor]' "$OUT/$wl".zswap-lockstat.*.json))"
	echo "== $wl: workload wall time, $RUNS alternations"
	bench/ratios.sh "$OUT/walls" $ARMS
	if [ "$wl" = hogs ]; then
		build/hookbench -- sh -c "$HOGS" > "$OUT/empty.txt"
		echo "== hogs: hook cost of the default mode (ns per run, bpf_stats; its last run)"
		bench/lockcost.sh "$OUT/hogs.zswap-lockstat.$((RUNS - 1)).json" "$OUT/empty.txt"
	fi
done
