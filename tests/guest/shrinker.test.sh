#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest tier, zswap shrinker path: on 6.12 the memcg-aware zswap shrinker
# writes back (shrinker_enabled=Y), and a tracepoint-only recorder (the
# host's plan) attributes its swap write bios to writeback through
# mm_shrink_slab_start/end with the same result as fentry. 6.1 has no
# zswap shrinker: its plan must say so.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

OUT=${GUEST_OUT:-build/guest}/shrinker
# kernels: 6.12 under make test; 6.1 and 6.12 under make test-guest-all
KERNELS=$(guest_kernels "6.12" "6.1 6.12")


for ver in $KERNELS; do
	D=$OUT/$ver
	rm -rf "$D"
	mkdir -p "$D"
	tools/guest/run-guest.sh -q -k "$ver" -c 2 -m 512M -d 512 -t 900 -o "$D" \
		-s tests/guest/shrinker.in-guest.sh -f build/static/zswap-gate -f build/static/hog
	rc=$?
	check "$ver shrinker: guest ran the script (rc $rc)" [ $rc -eq 0 ]
	if [ -e "$D/no-shrinker" ]; then
		check "$ver shrinker: no zswap shrinker, plan says why" \
			grep -Eq '^shrinker_scan_calls +n/a +.+' "$D/plan.txt"
		continue
	fi
	F=$D/fentry.json
	T=$D/tp.json
	[ -s "$F" ] && [ -s "$T" ] || { fail "$ver shrinker: records missing"; continue; }
	check "$ver shrinker: recorders exit 0" \
		[ "$(cat "$D/fentry.rc") $(cat "$D/tp.rc")" = "0 0" ]
	check "$ver shrinker: tracepoint plan marks the shrinker from mm_shrink_slab" \
		[ "$(jq -r .plan.hooks.shrinker_scan.source "$T")" = tracepoint ]
	scans=$(metric "$F" shrinker_scan_calls)
	wb=$(metric "$F" written_back_pages)
	twb=$(metric "$T" zswpwb)
	tbio=$(metric "$T" "swap_write_pages{origin=writeback}")
	echo "$ver shrinker: scans $scans (tp: slab passes $(metric "$T" shrinker_slab_passes)), freed $(metric "$F" shrinker_freed), written back $wb, debugfs $(cdelta written_back_pages), shrink_worker $(metric "$F" shrink_worker_wakeups)"
	echo "$ver shrinker: tracepoint recorder: zswpwb $twb, writeback bio pages $tbio"
	check "$ver shrinker: the shrinker ran (fentry)" gt "$scans" 0
	check "$ver shrinker: it wrote back" gt "$wb" 100
	check "$ver shrinker: shrinker_freed > 0" gt "$(metric "$F" shrinker_freed)" 0
	check "$ver shrinker: written_back_pages (fexit) = debugfs delta within 1%" \
		within "$wb" "$(cdelta written_back_pages)" 1
	check "$ver shrinker: fentry writeback bio pages = written_back_pages within 1%" \
		within "$(metric "$F" "swap_write_pages{origin=writeback}")" "$wb" 1
	check "$ver shrinker: tracepoint writeback bio pages = its zswpwb within 1%" \
		within "$tbio" "$twb" 1
	check "$ver shrinker: tracepoint plan: scan calls n/a with the reason" \
		sh -c '[ "$(jq -r ".metrics.shrinker_scan_calls.value" "$1")" = null ] &&
		       jq -r ".metrics.shrinker_scan_calls.reason" "$1" | grep -q "shrink_slab pass"' _ "$T"
	check "$ver shrinker: slab passes >= scan calls ($(metric "$T" shrinker_slab_passes) >= $scans)" \
		[ "$(metric "$T" shrinker_slab_passes)" -ge "$scans" ]
	check "$ver shrinker: fentry plan: slab passes n/a with the reason" \
		sh -c 'jq -r ".metrics.shrinker_slab_passes.reason" "$1" | grep -q "plan uses fentry"' _ "$F"
	check "$ver shrinker: shrinker_freed, tracepoint = fexit within 1%" \
		within "$(metric "$T" shrinker_freed)" "$(metric "$F" shrinker_freed)" 1
done
summary
