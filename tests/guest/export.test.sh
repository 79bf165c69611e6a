#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest kernel tier for zswap-export: Debian's 6.12 kernel (fentry/fexit,
# cgroup2) under qemu; tests/guest/export.in-guest.sh leaves two files
# (just before and just after a swapping workload) and the kernel's
# counters of the same moments. Here: promtool passes on both, the
# latency histograms are well formed, and the deltas of the exported
# counters equal the kernel's counter deltas within 1%.
# GUEST_KERNELS picks the kernels (default 6.12 and 7.x).
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

OUT=${GUEST_OUT:-build/guest-export}
# kernels: 6.12 and 7.x (make test and make test-guest-all)
KERNELS=$(guest_kernels "6.12 7.x" "6.12 7.x")
command -v promtool >/dev/null || { echo "promtool missing: run tools/install-deps.sh"; exit 1; }

# val FILE SERIES; pdelta SERIES: b.prom - a.prom; cdelta NAME: kernel
val() { S="$2" awk 'index($0, ENVIRON["S"] " ") == 1 { v = $NF } END { print v + 0 }' "$1"; }
pdelta() { awk -v a="$(val "$D/a.prom" "$1")" -v b="$(val "$D/b.prom" "$1")" 'BEGIN { print b - a }'; }

check_kernel() {
	ver=$1
	D=$OUT/$ver
	rm -rf "$D"
	mkdir -p "$D"
	tools/guest/run-guest.sh -q -k "$ver" -c 2 -m 512M -d 512 -t 900 -o "$D" \
		-s tests/guest/export.in-guest.sh -f build/static/zswap-export -f build/static/hog
	rc=$?
	check "$ver: guest ran the test script (rc $rc)" [ $rc -eq 0 ]
	[ -s "$D/b.prom" ] || { fail "$ver: no exported file came back"; return; }
	check "$ver: SIGTERM: exporter exit 0" [ "$(cat "$D/export.rc")" = 0 ]
	check "$ver: SIGTERM: no temporary file left" sh -c '! grep -q "\.tmp$" "$1"' _ "$D/tf.ls"
	for f in a b; do
		check "$ver: promtool check metrics passes on $f.prom" \
			sh -c 'promtool check metrics < "$1"' _ "$D/$f.prom"
	done
	B=$D/b.prom
	check "$ver: stores hooked with fentry" \
		grep -q '^zswap_hook_info{hook="store",source="fentry"' "$B"
	n=$(grep -c '^zswap_store_latency_seconds_bucket' "$B")
	check "$ver: store latency histogram has 27 buckets and +Inf ($n)" [ "$n" -eq 28 ]
	check "$ver: store latency buckets are cumulative" awk '
		/^zswap_store_latency_seconds_bucket/ { if ($2 < prev) bad = 1; prev = $2 }
		END { exit bad }' "$B"
	check "$ver: +Inf bucket = _count" [ "$(val "$B" 'zswap_store_latency_seconds_bucket{le="+Inf"}')" = \
		"$(val "$B" zswap_store_latency_seconds_count)" ]

	calls=$(pdelta zswap_store_calls_total)
	succ=$(pdelta zswap_store_success_total)
	echo "$ver: stores $calls (success $succ), zswpout $(cdelta zswpout), loads $(pdelta zswap_load_hits_total), zswpin $(cdelta zswpin)"
	check "$ver: stores happened (> 1000)" gt "$calls" 1000
	check "$ver: store latency _count delta = store_calls delta" \
		[ "$(pdelta zswap_store_latency_seconds_count)" = "$calls" ]
	check "$ver: load latency _count delta = load_calls delta" \
		[ "$(pdelta zswap_load_latency_seconds_count)" = "$(pdelta zswap_load_calls_total)" ]
	check "$ver: zswap_store_success_total (fexit) = zswpout delta within 1%" \
		within "$succ" "$(cdelta zswpout)" 1
	check "$ver: zswap_load_hits_total (fexit) = zswpin delta within 1%" \
		within "$(pdelta zswap_load_hits_total)" "$(cdelta zswpin)" 1
	check "$ver: zswap_written_back_pages_total (fexit) = debugfs delta within 1%" \
		within "$(pdelta zswap_written_back_pages_total)" "$(cdelta written_back_pages)" 1
	check "$ver: zswap_vmstat_pswpout_pages_total = pswpout delta within 1%" \
		within "$(pdelta zswap_vmstat_pswpout_pages_total)" "$(cdelta pswpout)" 1
	mean=$(awk -v s="$(pdelta zswap_store_latency_seconds_sum)" -v c="$calls" \
		'BEGIN { printf "%.9f", c ? s / c : 0 }')
	echo "$ver: mean store latency ${mean}s"
	check "$ver: mean store latency between 100 ns and 10 ms" \
		awk -v m="$mean" 'BEGIN { exit !(m > 1e-7 && m < 1e-2) }'

	# --cgroups before count_memcg_events (6.14): /hog's counts are its
	# memory.stat deltas; from 6.14 the tracepoint's, per cgroup (/hog
	# has no child); either way they equal what the script read around
	# the hogs (1%: the exporter's window is a little wider)
	case $ver in
	6.1 | 6.12)
		check "$ver: per-cgroup counts from memory.stat, subtree scope" \
			grep -q '^zswap_cgroup_counts_source_info{source="memory.stat",scope="subtree"} 1$' "$B" ;;
	*)
		check "$ver: per-cgroup counts from count_memcg_events (6.14+), cgroup scope" \
			grep -q '^zswap_cgroup_counts_source_info{source="count_memcg_events",scope="cgroup"} 1$' "$B" ;;
	esac
	hd() { awk -v k="$1" '$1 == k { v[FILENAME] = $2 }
		END { print v[ARGV[2]] - v[ARGV[1]] }' "$D/hog.before" "$D/hog.after"; }
	for m in stored:zswpout loaded:zswpin written_back:zswpwb; do
		n="zswap_cgroup_${m%%:*}_pages_total{cgroup=\"/hog\"}"
		if ! grep -q "^${m#*:} " "$D/hog.after"; then
			check "$ver: no ${m%%:*} series where memory.stat has no ${m#*:}" \
				sh -c '! grep -qF "$1" "$2"' _ "$n" "$B"
			continue
		fi
		e=$(pdelta "$n")
		echo "$ver: /hog ${m#*:}: export $e, memory.stat delta $(hd "${m#*:}")"
		check "$ver: /hog ${m%%:*} pages = memory.stat ${m#*:} delta within 1%" \
			within "$e" "$(hd "${m#*:}")" 1
	done
	check "$ver: /hog stored pages > 1000" gt "$(pdelta "zswap_cgroup_stored_pages_total{cgroup=\"/hog\"}")" 1000
}

for k in $KERNELS; do
	check_kernel "$k"
done
summary
