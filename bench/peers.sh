#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): our tools beside their peers, on one swapping
# workload in the same run: lockstat.sh's six 2-thread hogs churning
# 768 MiB through a 128 MiB memory cgroup (zswap's locks contended), with
# run.sh's 1% pool, so shrink_worker writes back.
#  1. ns per run of every program (bpf_stats) on the same events: one
#     window with zswap-gate record (--iocost --cgroup), zswap-lockstat,
#     Debian's bpftrace running bench/peers/*.bt (the same tracepoints,
#     counting the same things; bpftrace cannot use fentry on the 6.18
#     host) and hookbench's empty programs all attached; twice, with our
#     programs attached before the empty ones, then after (the order on a
#     tracepoint could favour one). Target: ours <= 2x empty, <= 1/2 of
#     bpftrace. bpftrace's are perf-event tracepoint programs: the
#     kernel's record of the event, built before they run, is not in
#     their ns; it is in the wall time.
#  2. the workload's wall time (timed inside the command: no tool's
#     start-up) with nothing, record, bpftrace's record.bt, zswap-lockstat,
#     bpftrace's lock.bt and `perf lock record` (tracepoint mode; Debian's
#     perf has no BPF `perf lock contention -b`) attached, alternating the
#     six arms RUNS times; median ratios to the detached run before, and
#     ours to the peer's within each round.
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
# bpftrace is stopped before the environment is put back
trap '[ -n "$BT" ] && kill -INT "$BT" 2>/dev/null; env_cleanup' EXIT INT TERM

tools/zswap-env.sh setup --swapfile /tmp/zswap-bench-peers.swap --size 2048 \
	--max-pool-percent 1 --shrinker N >/dev/null || exit 1
make_cgroup 128 zswap-bench-peers || exit 1
cat > "$OUT/workload.sh" <<EOF
echo \$\$ > $CG/cgroup.procs 2>/dev/null || echo \$\$ > $CG/tasks
for s in 1 2 3 4 5 6; do build/hog -q -m 128 -p 3 -j 2 -c 1536 -s \$s & done; wait
EOF
cat > "$OUT/timed.sh" <<EOF
t0=\$(date +%s.%N); sh $OUT/workload.sh; t1=\$(date +%s.%N)
echo "\$t1 - \$t0" | bc > $OUT/wall
EOF

# count_memcg_events' items, from the kernel's BTF, for memcg.bt
ZSWP=$(bpftool btf dump file /sys/kernel/btf/vmlinux format c |
	awk '$1 ~ /^ZSWP(OUT|IN|WB)$/ { v[$1] = $3 + 0 }
	END { if (length(v) == 3) print v["ZSWPOUT"], v["ZSWPIN"], v["ZSWPWB"] }')
cat bench/peers/record.bt > "$OUT/all.bt"
[ -n "$ZSWP" ] && cat bench/peers/memcg.bt >> "$OUT/all.bt"
cat bench/peers/lock.bt >> "$OUT/all.bt"

# bt_start SCRIPT ARGS...: bpftrace in the background, back once attached
bt_start() {
	# shellcheck disable=SC2086
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

bt_stop() {
	kill -INT "$BT" 2>/dev/null
	wait "$BT"
	BT=""
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

OURS="build/zswap-lockstat --self-stats --json -- build/zswap-gate record -q --self-stats --iocost --cgroup $CG"
# shellcheck disable=SC2086
measure() {
	bt_start "$OUT/all.bt" $ZSWP
	if [ "$1" = A ]; then
		build/hookbench -- sh -c "$OURS -o $OUT/rec.A.json -- sh $OUT/workload.sh \
			> $OUT/lock.A.json" > "$OUT/empty.A.txt"
	else
		$OURS -o "$OUT/rec.B.json" -- sh -c "build/hookbench -- sh $OUT/workload.sh \
			> $OUT/empty.B.txt" > "$OUT/lock.B.json"
	fi
	bt_snap > "$OUT/bt.$1.txt"
	bt_stop
}
measure A
measure B

: > "$OUT/walls"
r=0
while [ "$r" -lt "$RUNS" ]; do
	sh "$OUT/timed.sh"
	echo "detached $(cat "$OUT/wall")" >> "$OUT/walls"
	build/zswap-gate record -q -o "$OUT/rec.wall.json" -- sh "$OUT/timed.sh"
	echo "record $(cat "$OUT/wall")" >> "$OUT/walls"
	bt_start bench/peers/record.bt
	sh "$OUT/timed.sh"
	bt_stop
	echo "bpftrace-record $(cat "$OUT/wall")" >> "$OUT/walls"
	build/zswap-lockstat --json -- sh "$OUT/timed.sh" > "$OUT/lock.wall.json"
	echo "zswap-lockstat $(cat "$OUT/wall")" >> "$OUT/walls"
	bt_start bench/peers/lock.bt
	sh "$OUT/timed.sh"
	bt_stop
	echo "bpftrace-lock $(cat "$OUT/wall")" >> "$OUT/walls"
	perf lock record -a -o "$OUT/perf.data" -- sh "$OUT/timed.sh" > /dev/null 2>&1
	echo "perf-lock-record $(cat "$OUT/wall")" >> "$OUT/walls"
	r=$((r + 1))
done
t0=$(date +%s.%N)
perf lock contention -i "$OUT/perf.data" > "$OUT/perf.report" 2>&1
t1=$(date +%s.%N)
perf_mb=$(du -m "$OUT/perf.data" | cut -f1)
rm -f "$OUT/perf.data"

echo "== ns per run, same events (bpf_stats; load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo "-- ours attached after the empty programs"
bench/hookcost.sh "$OUT/rec.A.json" "$OUT/empty.A.txt" "$OUT/bt.A.txt" "$OUT/lock.A.json"
echo "-- ours attached before the empty programs"
bench/hookcost.sh "$OUT/rec.B.json" "$OUT/empty.B.txt" "$OUT/bt.B.txt" "$OUT/lock.B.json"
echo "== workload wall time, $RUNS alternations (load average $(cut -d' ' -f1-3 /proc/loadavg))"
TARGET=1.01 bench/ratios.sh "$OUT/walls" record bpftrace-record
bench/ratios.sh "$OUT/walls" zswap-lockstat bpftrace-lock perf-lock-record
# ours over the peer, in the same round
for pair in "record bpftrace-record" "zswap-lockstat bpftrace-lock" \
	"zswap-lockstat perf-lock-record"; do
	set -- $pair
	awk -v a="$1" -v b="$2" '$1 == a { x[na++] = $2 } $1 == b { y[nb++] = $2 }
		END { for (i = 0; i < na && i < nb; i++) print x[i] / y[i] }' "$OUT/walls" |
	sort -n | awk -v a="$1" -v b="$2" '{ r[NR] = $1 } END {
		m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
		printf "%-15s / %-16s wall, median of %d rounds: %.4f\n", a, b, NR, m }'
done
printf "perf lock contention: %.1f s to report %s MiB of perf.data (one run)\n" \
	"$(echo "$t1 - $t0" | bc)" "$perf_mb"
