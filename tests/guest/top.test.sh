#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest kernel tier for zswaptop: on the kernels where fentry works (Debian's
# 6.1 and 6.12; GUEST_KERNELS picks), batch frames summed
# over a run equal a zswap-gate record of the same workload within 1%,
# fexit-only metrics (load_calls, writeback_failures) and the latency
# histograms included; the per-cgroup counts come from memory.stat
# (no count_memcg_events before 6.14) and equal the record's.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

OUT=${GUEST_OUT:-build/guest-top}
# kernels: 7.x under make test; 6.1, 6.12 and 7.x under make test-guest-all
KERNELS=$(guest_kernels "7.x" "6.1 6.12 7.x")
command -v jq >/dev/null || { echo "jq missing: run tools/install-deps.sh"; exit 1; }
command -v promtool >/dev/null || { echo "promtool missing: run tools/install-deps.sh"; exit 1; }

check_kernel() {
	ver=$1
	D=$OUT/$ver
	rm -rf "$D"
	mkdir -p "$D"
	tools/guest/run-guest.sh -q -k "$ver" -c 2 -m 512M -d 512 -t 900 -o "$D" \
		-s tests/guest/top.in-guest.sh -f build/static/zswaptop \
		-f build/static/zswap-gate -f build/static/zswap-export -f build/static/hog
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
		# n/a on this kernel (7.x counts no writeback failures): n/a in both
		if [ "$r" = null ]; then
			check "$ver: $m n/a in the record and in every frame" [ "$b" = n/a ]
		else
			check "$ver: batch total of $m = record within 1%" within "$b" "$r" 1
		fi
	done
	# histogram counts: "store latency (fentry): n 1,234 ..." per frame
	b=$(awk '/^store latency \(fentry\): n / { v = $5; gsub(/,/, "", v); s += v }
		END { print s + 0 }' "$B")
	r=$(jq -r '.histograms.store_latency_ns.count' "$R")
	echo "$ver: store latency samples: batch sum $b, record $r"
	check "$ver: store latency histogram counts = record within 1%" within "$b" "$r" 1
	check "$ver: store latency histogram has events" gt "$b" 1000
	check "$ver: load latency histogram shown from fentry" \
		grep -q "^load latency (fentry): n [1-9]" "$B"
	# Per-cgroup counts: no count_memcg_events before 6.14, so zswaptop
	# reads memory.stat, as the record does for --cgroup: the frames'
	# sum for /hog equals the record's within 1% (the hogs run only
	# inside the record's window; zswaptop's window holds it).
	# (6.14+: from the count_memcg_events tracepoint, per cgroup alone)
	case $ver in
	6.1 | 6.12)
		check "$ver: per-cgroup counts from memory.stat, said in the footer" \
			grep -q "from memory.stat (a row includes its descendants)" "$B" ;;
	*)
		check "$ver: per-cgroup counts from count_memcg_events (6.14+), no memory.stat footer" \
			sh -c '! grep -q "from memory.stat (a row includes" "$1"' _ "$B" ;;
	esac
	for k in zswpout zswpin zswpwb; do
		b=$(awk -v k=$k '$1 == "cgroup" && $NF == "/hog" {
			for (i = 2; i < NF; i += 2) if ($i == k) { v = $(i + 1); n++ }
			if (v == "n/a") na = 1; else s += v }
			END { if (!n) print "none"; else if (na) print "n/a"; else printf "%.0f\n", s }' "$B")
		r=$(jq -r --arg n "cgroup_$k{cgroup=/sys/fs/cgroup/hog}" \
			'.metrics[$n].value // "n/a"' "$R")
		echo "$ver: /hog $k: frames sum $b, record $r"
		if [ "$r" = n/a ]; then
			check "$ver: /hog $k n/a in the frames as in the record" [ "$b" = n/a ]
		else
			check "$ver: /hog $k: frames sum = record (memory.stat) within 1%" \
				within "$b" "$r" 1
		fi
	done
	case $ver in
	6.1) check "6.1: zswpwb n/a: memory.stat has none before 6.8" \
		grep -q "ZSWPWB/s n/a: memory.stat has no zswpwb before 6.8" "$B" ;;
	esac
	case $ver in 6.12 | 7.x) check_iocost "$D" ;; esac
}

# --iocost on 6.12: zswaptop's DEBT% frames and zswap-export's iocost
# counters against the cgroup's io.stat cost.* deltas around the hog.
# Both tools started before the cgroup's first IO and stopped after its
# debt was paid (io.stat read then, after one read from the cgroup so
# iocost flushes the debt paid last into io.stat: see top.in-guest.sh),
# so they cover the same debt: within 2% or 20 ms (an iocost period;
# the frames' DEBT% keeps 1 us).
# cost VAR: io.stat cost.VAR delta of /iohog in us
cost() {
	for f in before after; do
		tr ' ' '\n' < "$1/io.stat.$f" | awk -F= -v k="cost.$2" '$1 == k { v = $2 }
			END { print v + 0 }'
	done | awk 'NR == 1 { a = $1 } NR == 2 { print $1 - a }'
}
close_us() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d
		t = b * 0.02; if (t < 20000) t = 20000; exit !(d <= t) }'
}
check_iocost() {
	D=$1
	B=$D/iocost-batch.txt
	X=$D/iocost.prom
	[ -s "$B" ] && [ -s "$X" ] || { fail "6.12 iocost: no batch output or file"; return; }
	check "6.12 iocost: zswaptop -b --iocost exits 0 on SIGTERM" \
		[ "$(cat "$D/iocost-batch.rc")" = 0 ]
	check "6.12 iocost: zswap-export --iocost exits 0 on SIGTERM" \
		[ "$(cat "$D/iocost-export.rc")" = 0 ]
	check "6.12 iocost: the hog ran to its end" [ "$(cat "$D/iocost-hog.rc")" = 0 ]
	check "6.12 iocost: enabled on the disk" grep -q "enable=1" "$D/io.cost.qos"
	debt=$(cost "$D" indebt)
	usage=$(cost "$D" usage)
	echo "6.12 iocost: io.stat cost.indebt $debt us, cost.usage $usage us"
	check "6.12 iocost: the hog's swap writes ran into debt (> 100 ms)" gt "$debt" 100000
	check "6.12 iocost: the table has a DEBT% column with values" \
		grep -q "DEBT%" "$B"
	b=$(awk '$1 == "cgroup_iocost" && $4 ~ /iohog$/ { s += $3 } END { printf "%.0f\n", s }' "$B")
	echo "6.12 iocost: zswaptop frames' debt $b us, io.stat $debt us"
	check "6.12 iocost: zswaptop frames' debt = io.stat cost.indebt (2%, 20 ms)" \
		close_us "$b" "$debt"
	check "6.12 iocost: promtool check metrics passes" \
		sh -c 'promtool check metrics < "$1"' _ "$X"
	check "6.12 iocost: zswap_iocost_info says enabled" \
		grep -q '^zswap_iocost_info{enabled="1"} 1' "$X"
	for k in debt:indebt usage:usage; do
		e=$(awk -v n="zswap_iocost_${k%%:*}_seconds_total{cgroup=\"/iohog\"}" \
			'$1 == n { printf "%.0f\n", $2 * 1e6 }' "$X")
		c=$(cost "$D" "${k#*:}")
		echo "6.12 iocost: export ${k%%:*} ${e:-none} us, io.stat cost.${k#*:} $c us"
		check "6.12 iocost: export ${k%%:*} = io.stat cost.${k#*:} (2%, 20 ms)" \
			close_us "${e:--1000000}" "$c"
	done
}

for k in $KERNELS; do
	check_kernel "$k"
done
summary
