# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the lock benchmarks (bench/lockstat.sh, bench/lockcost-pipe.sh):
# bpftrace's bench/peers/lock.bt started and stopped around a workload.
# OUT is the directory of their files; BT the running bpftrace's pid.
BT=""

# bt_start: bpftrace attached (0), or no bpftrace here (1)
bt_start() {
	command -v bpftrace >/dev/null || return 1
	bpftrace bench/peers/lock.bt > "$OUT/bt.out" 2>&1 &
	BT=$!
	i=0
	until grep -q '^Attaching' "$OUT/bt.out"; do
		i=$((i + 1))
		if [ $i -gt 600 ] || ! kill -0 "$BT" 2>/dev/null; then
			echo "bt: bpftrace did not attach"; BT=""; return 1
		fi
		sleep 0.1
	done
	sleep 0.5
}

# bt_stop: bpftrace's programs' bpf_stats into $OUT/bt.txt ("bt_TRACEPOINT
# RUNS NS" lines; bpf_stats must be on), then bpftrace stopped
bt_stop() {
	[ -n "$BT" ] || { : > "$OUT/bt.txt"; return; }
	bpftool perf list -j | jq -r --argjson p "$BT" \
		'.[] | select(.pid == $p) | "\(.prog_id) \(.tracepoint)"' |
	while read -r id tp; do
		bpftool prog show id "$id" -j |
			jq -r --arg tp "$tp" '"bt_\($tp) \(.run_cnt // 0) \(.run_time_ns // 0)"'
	done | awk '{ n[$1] += $2; t[$1] += $3 } END { for (k in n) print k, n[k], t[k] }' \
		> "$OUT/bt.txt"
	bt_kill
}

bt_kill() {
	[ -n "$BT" ] || return 0
	kill -INT "$BT" 2>/dev/null
	wait "$BT" 2>/dev/null
	BT=""
}
