#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): our tools beside their peers, each pair on the
# same swapping workload (lockstat.sh's six 2-thread hogs churning 768 MiB
# through a 128 MiB memory cgroup) in the same run, in two phases:
#   writeback: a 1% pool, so shrink_worker writes back: zswap-gate record
#     vs bpftrace running bench/peers/record.bt (+ memcg.bt);
#   locks: a 20% pool, so zswap's locks are contended (at the pool limit
#     stores are rejected before they take them): zswap-lockstat vs
#     bpftrace's lock.bt and `perf lock record` (tracepoint mode: Debian's
#     perf has no BPF `perf lock contention -b`) + `perf lock contention`.
# The bpftrace scripts use the same tracepoints and count the same things
# (bpftrace cannot use fentry on the 6.18 host). In each phase:
#  1. ns per run of every program (bpf_stats) on the same events: ours,
#     bpftrace's and hookbench's empty programs attached in one window;
#     twice, ours attached after the empty programs, then before (the order
#     on a tracepoint could favour one). Target: ours <= 2x empty, <= 1/2
#     of bpftrace. bpftrace's are perf-event tracepoint programs: the
#     kernel's record of the event, built before they run, is not in their
#     ns but is in the wall time.
#  2. the workload's wall time (timed inside the command: no tool's
#     start-up) with nothing, ours and each peer attached, alternating the
#     arms RUNS times; median ratios to the detached run before, and ours
#     to the peer's within each round.
# Needs root, bpftrace and perf (tools/install-deps.sh). Prints tables;
# keeps its files in build/bench/peers/.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
RUNS=${RUNS:-3}
OUT=build/bench/peers
mkdir -p "$OUT"
for t in bpftrace perf bpftool; do
	command -v $t >/dev/null || { echo "peers: $t missing: run tools/install-deps.sh"; exit 1; }
done
host_lock
export ZSWAP_ENV_STATE=$OUT/env.state
CG="" BT=""
# bpftrace is stopped before the environment is put back; a signal ends
# the run (env_cleanup alone would let the loop go on without swap)
trap '[ -n "$BT" ] && kill -INT "$BT" 2>/dev/null; env_cleanup' EXIT
trap 'exit 1' INT TERM

tools/zswap-env.sh setup --swapfile /tmp/zswap-bench-peers.swap --size 2048 \
	--max-pool-percent 1 --shrinker N >/dev/null || exit 1
make_cgroup 128 zswap-bench-peers || exit 1
cat > "$OUT/workload.sh" <<EOF
echo \$\$ > $CG/cgroup.procs 2>/dev/null || echo \$\$ > $CG/tasks
for s in 1 2 3 4 5 6; do build/hog -q -m 128 -p 3 -j 2 -s \$s & done; wait
EOF
cat > "$OUT/timed.sh" <<EOF
t0=\$(date +%s.%N); sh $OUT/workload.sh; t1=\$(date +%s.%N)
echo "\$t1 - \$t0" | bc > $OUT/wall
EOF

# count_memcg_events' items, from the kernel's BTF, for memcg.bt
ZSWP=$(bpftool btf dump file /sys/kernel/btf/vmlinux format c |
	awk '$1 ~ /^ZSWP(OUT|IN|WB)$/ { v[$1] = $3 + 0 }
	END { if (length(v) == 3) print v["ZSWPOUT"], v["ZSWPIN"], v["ZSWPWB"] }')
cat bench/peers/record.bt > "$OUT/writeback.bt"
[ -n "$ZSWP" ] && cat bench/peers/memcg.bt >> "$OUT/writeback.bt"
cp bench/peers/lock.bt "$OUT/locks.bt"

# bt_start SCRIPT ARGS...: bpftrace in the background, back once attached
bt_start() {
	bpftrace "$@" > "$OUT/bt.out" 2>&1 &
	BT=$!
	i=0
	until grep -q '^Attaching' "$OUT/bt.out"; do
		i=$((i + 1))
		if [ $i -gt 600 ] || ! kill -0 "$BT" 2>/dev/null; then
			echo "peers: bpftrace did not attach:"; cat "$OUT/bt.out"; exit 1
		fi
		sleep 0.1
	done
	sleep 0.5	# "Attaching" is printed before the last probe is
}

# bt_stop: bpftrace prints its maps and exits on SIGINT, though one SIGINT
# was seen lost (bpftrace 0.17): again every second, SIGKILL after 30
bt_stop() {
	i=0
	while kill -0 "$BT" 2>/dev/null; do
		if [ $i -lt 30 ]; then
			kill -INT "$BT" 2>/dev/null
		else
			kill -KILL "$BT" 2>/dev/null
		fi
		i=$((i + 1))
		sleep 1
	done
	wait "$BT"
	BT=""
}

# the phase's bpftrace script's arguments
bt_args() {
	[ "$1" = writeback ] && echo "$ZSWP"
}

# bpftrace's programs' bpf_stats: "bt_TRACEPOINT RUNS NS" lines
bt_snap() {
	bpftool perf list -j | jq -r --argjson p "$BT" \
		'.[] | select(.pid == $p) | "\(.prog_id) \(.tracepoint)"' |
	while read -r id tp; do
		bpftool prog show id "$id" -j |
			jq -r --arg tp "$tp" '"bt_\($tp) \(.run_cnt // 0) \(.run_time_ns // 0)"'
	done | awk '{ n[$1] += $2; t[$1] += $3 } END { for (k in n) print k, n[k], t[k] }'
}

# measure PHASE A|B|C: one window of ours, bpftrace's and the empty programs;
# A attaches ours last, B first, C (writeback) last and without --iocost.
# Ours: OUT/ours.PHASE.ORDER.json.
# shellcheck disable=SC2086
measure() {
	o=$OUT/ours.$1.$2.json
	if [ "$1" = writeback ] && [ "$2" = C ]; then
		# without --iocost nobody reads the workers' tags: shrink_worker's
		# runs are counted alone (the plain record's programs)
		ours="build/zswap-gate record -q --self-stats --cgroup $CG -o $o --"
	elif [ "$1" = writeback ]; then
		ours="build/zswap-gate record -q --self-stats --iocost --cgroup $CG -o $o --"
	else
		ours="build/zswap-lockstat --self-stats --json --"
	fi
	bt_start "$OUT/$1.bt" $(bt_args $1)
	if [ "$2" != B ]; then
		build/hookbench -- sh -c "$ours sh $OUT/workload.sh > $OUT/ours.out" \
			> "$OUT/empty.$1.$2.txt"
	else
		$ours sh -c "build/hookbench -- sh $OUT/workload.sh > $OUT/empty.$1.B.txt" \
			> "$OUT/ours.out"
	fi
	[ "$1" = locks ] && mv "$OUT/ours.out" "$o"
	bt_snap > "$OUT/bt.$1.$2.txt"
	bt_stop
}

# arm NAME [COMMAND...]: the timed workload under COMMAND (bpftrace-*: under
# the phase's script), one line into OUT/walls.PHASE
# shellcheck disable=SC2086
arm() {
	name=$1
	shift
	case $name in
	bpftrace-*) bt_start "$OUT/$phase.bt" $(bt_args $phase); sh "$OUT/timed.sh"; bt_stop ;;
	*) "$@" sh "$OUT/timed.sh" > /dev/null 2>&1 ;;
	esac
	echo "$name $(cat "$OUT/wall")" >> "$OUT/walls.$phase"
}

# ratio A B: the median over rounds of A's wall time over B's
ratio() {
	awk -v a="$1" -v b="$2" '$1 == a { x[na++] = $2 } $1 == b { y[nb++] = $2 }
		END { for (i = 0; i < na && i < nb; i++) print x[i] / y[i] }' "$OUT/walls.$phase" |
	sort -n | awk -v a="$1" -v b="$2" '{ r[NR] = $1 } END {
		m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
		printf "%-15s / %-16s wall, median of %d rounds: %.4f\n", a, b, NR, m }'
}

for phase in writeback locks; do
	[ $phase = locks ] && echo 20 > /sys/module/zswap/parameters/max_pool_percent
	measure $phase A
	measure $phase B
	[ $phase = writeback ] && measure $phase C
	: > "$OUT/walls.$phase"
	r=0
	while [ "$r" -lt "$RUNS" ]; do
		arm detached
		if [ $phase = writeback ]; then
			arm record build/zswap-gate record -q -o "$OUT/rec.wall.json" --
			arm bpftrace-record
		else
			arm zswap-lockstat build/zswap-lockstat --json --
			arm bpftrace-lock
			arm perf-lock-record perf lock record -a -o "$OUT/perf.data" --
		fi
		r=$((r + 1))
	done
	{
	echo "== $phase: ns per run, same events (bpf_stats; load average $(cut -d' ' -f1-3 /proc/loadavg))"
	for o in A B C; do
		case $o in
		A) echo "-- ours attached after the empty programs" ;;
		B) echo "-- ours attached before the empty programs" ;;
		*) [ $phase = writeback ] || continue
		   echo "-- ours without --iocost (no worker tags), after the empty programs" ;;
		esac
		bench/hookcost.sh "$OUT/ours.$phase.$o.json" "$OUT/empty.$phase.$o.txt" \
			"$OUT/bt.$phase.$o.txt"
	done
	echo "== $phase: workload wall time, $RUNS alternations (load average $(cut -d' ' -f1-3 /proc/loadavg))"
	if [ $phase = writeback ]; then
		TARGET=1.01 bench/ratios.sh "$OUT/walls.$phase" record bpftrace-record
		ratio record bpftrace-record
	else
		bench/ratios.sh "$OUT/walls.$phase" zswap-lockstat bpftrace-lock perf-lock-record
		ratio zswap-lockstat bpftrace-lock
		ratio zswap-lockstat perf-lock-record
		t0=$(date +%s.%N)
		perf lock contention -i "$OUT/perf.data" > "$OUT/perf.report" 2>&1
		t1=$(date +%s.%N)
		printf "perf lock contention: %.1f s to report %s MiB of perf.data (the last run)\n" \
			"$(echo "$t1 - $t0" | bc)" "$(du -m "$OUT/perf.data" | cut -f1)"
		rm -f "$OUT/perf.data"
	fi
	} | tee "$OUT/report.$phase"
done
