#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest kernel tier for zswaptop: on the kernels where fentry works (Debian's
# 6.1 and 6.12; GUEST_KERNELS picks), batch frames summed
# over a run equal a zswap-gate record of the same workload within 1%,
# fexit-only metrics (load_calls, writeback_failures) and the latency
# histograms included; the per-cgroup counts are n/a with the reason
# where the kernel has no count_memcg_events tracepoint.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

OUT=${GUEST_OUT:-build/guest-top}
KERNELS=${GUEST_KERNELS:-"6.1 6.12"}
command -v jq >/dev/null || { echo "jq missing: run tools/install-deps.sh"; exit 1; }

check_kernel() {
	ver=$1
	D=$OUT/$ver
	rm -rf "$D"
	mkdir -p "$D"
	tools/guest/run-guest.sh -q -k "$ver" -c 2 -m 512M -d 512 -t 900 -o "$D" \
		-s tests/guest/top.in-guest.sh -f build/zswaptop \
		-f build/zswap-gate -f build/hog
	rc=$?
	check "$ver: guest ran the test script (rc $rc)" [ $rc -eq 0 ]
	B=$D/batch.txt
	R=$D/record.json
	[ -s "$B" ] && [ -s "$R" ] || { fail "$ver: no batch output or record"; return; }
	check "$ver: record exits 0" [ "$(cat "$D/record.rc")" = 0 ]
	check "$ver: batch exits 0 on SIGTERM" [ "$(cat "$D/batch.rc")" = 0 ]
	check "$ver: not a terminal without -b: exit 2, says use -b" \
		sh -c '[ "$(cat "$1/notty.rc")" = 2 ] && grep -q "use -b" "$1/notty.err"' _ "$D"
	frames=$(grep -c "^totals frame " "$B")
	echo "$ver: $frames frames around a $(jq -r .duration_s "$R") s record"
	check "$ver: frames cover the record" \
		gt "$frames" "$(jq -r '.duration_s + 1' "$R")"
	check "$ver: plan line counts fentry metrics" \
		grep -q "^plan: metrics by fentry [1-9]" "$B"
	check "$ver: stores come from fentry" grep -q "^stores .* fentry" "$B"
	for m in store_calls store_success store_reject load_calls load_hits \
		written_back_pages writeback_failures shrink_worker_wakeups \
		"swap_write_pages{origin=writeback}" "swap_write_pages{origin=reclaim}" \
		pswpout zswpout zswpin; do
		b=$(awk -v n="$m" '$1 == "total" && $2 == n && $3 != "n/a" { s += $3; k++ }
			END { if (k) printf "%.0f\n", s; else print "n/a" }' "$B")
		r=$(jq -r --arg n "$m" '.metrics[$n].value' "$R")
		echo "$ver: $m: batch sum $b, record $r"
		check "$ver: batch total of $m = record within 1%" within "$b" "$r" 1
	done
	# histogram counts: "store latency (fentry): n 1234 ..." per frame
	b=$(awk '/^store latency \(fentry\): n / { s += $5 } END { print s + 0 }' "$B")
	r=$(jq -r '.histograms.store_latency_ns.count' "$R")
	echo "$ver: store latency samples: batch sum $b, record $r"
	check "$ver: store latency histogram counts = record within 1%" within "$b" "$r" 1
	check "$ver: store latency histogram has events" gt "$b" 1000
	check "$ver: load latency histogram shown from fentry" \
		grep -q "^load latency (fentry): n [1-9]" "$B"
	check "$ver: per-cgroup counts n/a with the reason" \
		grep -q "count_memcg_events tracepoint" "$B"
}

for k in $KERNELS; do
	check_kernel "$k"
done
summary
