#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Claims verdicts on real kernels (qemu TCG):
#  - seed 001 ("split the zswap tree: less lock contention"; only under
#    GUEST_ALL=1, `make test-guest-all`, for CI's time): Debian's 6.1
#    (one rb-tree per swap device, one spinlock) against 6.12 (an xarray
#    per 64 MiB of swap), the swappers workload under `record --locks`
#    five times on each, each run in a fresh boot (four vCPUs,
#    tests/guest/claims-locks.in-guest.sh; a boot whose swappers were not
#    pushed past the cap is reported and booted again, at most twice);
#    the index-lock rows of claims/001's contention table that the series
#    claims (store, load, all callers) must hold, and
#    their measured means must equal the sums computed here with jq from
#    the records;
#  - seed 002's "shrinker off" and "stock shrinker" columns, two
#    configurations of 6.12: `zswap-gate run --claims` alternates
#    shrinker_enabled=N and Y under iocost (claims-shrinker.in-guest.sh);
#    every row of the tables that compare those two columns gets a
#    verdict: the latency workload's rows measured in both arms (means
#    equal to jq's), the rest not measurable with the reason.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

OUT=${GUEST_OUT:-build/guest-claims}
GATE=build/static/zswap-gate
C001=claims/001-split-zswap-tree.yaml
C002=claims/002-shrinker-iocost.yaml
command -v jq >/dev/null || { echo "jq missing: run tools/install-deps.sh"; exit 1; }

# mean NAME_REGEX DIR: mean over DIR's records of the sum of the metrics
# whose names match the regex (0 for a record with none)
mean() {
	for f in "$2"/*.json; do
		jq --arg re "$1" '[.metrics | to_entries[] | select(.key | test($re))
			| .value.value // 0] | add // 0' "$f"
	done | awk '{ s += $1; n++ } END { printf "%.6f\n", n ? s / n : 0 }'
}

# --- seed 001: 6.1 vs 6.12, lock contention ----------------------------
# Ten boots of four vCPUs (about 3.5 min each on the 2-core machines):
# more than CI's hour affords beside the rest, so `make test-guest-all`
# (GUEST_ALL=1) runs it and `make test` says so.
if [ "${GUEST_ALL:-0}" = 1 ]; then
	export ZSWAP_GUEST_CPU=max,hypervisor=off
	RUNS001=${CLAIMS001_RUNS:-5}
	for ver in 6.1 6.12; do
		D=$OUT/locks-$ver
		[ "${GUEST_REUSE:-0}" = 1 ] || rm -rf "$D"
		mkdir -p "$D/runs"
		# A fresh boot per run, so the runs are alike (see the guest script).
		# A run is the claim's experiment only if the swappers were pushed
		# past the cap: 8 x 12 MiB in memory.high 64 MiB must send at least
		# 32 MiB (8192 pages) to zswap. One 6.1 boot of a CI run swapped 7,007
		# pages out in 3.3 s, with 56 contentions (the others: 43,577-53,021
		# pages, 4,350-11,522 contentions), which took the claim's p from
		# under 0.001 to 0.34. Such a boot is reported and booted again, at
		# most twice per kernel; the rule is the same for both kernels.
		redo=0
		i=1
		while [ "$i" -le "$RUNS001" ]; do
			guest_boot "$D/boot-$i" -k "$ver" -c 4 -m 512M -d 512 -t 300 \
				-s tests/guest/claims-locks.in-guest.sh -f $GATE -f build/static/zswap-workload
			out=$(jq -r '.metrics.zswpout.value // 0' "$D/boot-$i/runs/run-1.json" 2>/dev/null)
			if [ "$GUEST_RC" -eq 0 ] && [ "${out:-0}" -lt 8192 ] && [ "$redo" -lt 2 ]; then
				redo=$((redo + 1))
				# kept, not overwritten by the next boot
				mv "$D/boot-$i" "$D/boot-$i.discarded-$redo"
				echo "$ver: boot $i swapped ${out:-0} pages out, under the 8192 of the workload's shape: not the claim's experiment, kept in $D/boot-$i.discarded-$redo, booted again"
				continue
			fi
			check "$ver: boot $i ran the locks script (rc $GUEST_RC, record rc $(cat "$D/boot-$i/run1.rc" 2>/dev/null))" \
				sh -c '[ "$1" -eq 0 ] && [ "$(cat "$2/run1.rc")" = 0 ]' _ "$GUEST_RC" "$D/boot-$i"
			check "$ver: boot $i pushed the swappers past the cap (zswpout ${out:-0} >= 8192)" \
				[ "${out:-0}" -ge 8192 ]
			cp "$D/boot-$i/runs/run-1.json" "$D/runs/run-$i.json" 2>/dev/null
			i=$((i + 1))
		done
		check "$ver: $RUNS001 records" [ "$(ls "$D"/runs/*.json | wc -l)" -eq "$RUNS001" ]
		check "$ver: records complete, workload exit 0, kernel $ver, lock contention" sh -c \
			'for f in "$2"/runs/*.json; do
				[ "$(jq -r .complete "$f") $(jq -r .exit_code "$f")" = "true 0" ] || exit 1
				case $(jq -r .kernel.release "$f") in "$1".*) ;; *) exit 1 ;; esac
				[ "$(jq -r ".metrics[\"lock_contentions{lock=any,caller=any}\"].value" "$f")" -gt 0 ] || exit 1
				[ "$(jq -r .metrics.workload_swappers_duration_s.source "$f")" = workload ] || exit 1
			 done' _ "$ver" "$D"
	done

	A=$OUT/locks-6.1/runs
	B=$OUT/locks-6.12/runs
	J=$OUT/claims-001.json
	$GATE claims --json -t contention --label-a 6.1 --label-b 6.12 $C001 "$A" -- "$B" > "$J"
	jrc=$?
	$GATE claims -t contention --label-a 6.1 --label-b 6.12 $C001 "$A" -- "$B" \
		> "$OUT/claims-001.txt"
	$GATE claims --markdown -t contention --label-a 6.1 --label-b 6.12 $C001 "$A" -- "$B" \
		> "$OUT/claims-001.md"
	cat "$OUT/claims-001.txt"
	ncon=$(jq '.counts.contradicted' "$J")
	nunt=$(jq '.untested' "$J")
	check "001: exit code $jrc says whether a row is contradicted ($ncon) or untested ($nunt)" \
		[ "$jrc" -eq "$([ "$ncon" -gt 0 ] && echo 1 || { [ "$nunt" -gt 0 ] && echo 3 || echo 0; })" ]
	check "001: every row of the contention table has a verdict" \
		[ "$(jq '.rows | length' "$J")" -eq "$(jq '[.counts[]] | add' "$J")" ]
	# One run per boot (5 boots per kernel), measured twice under load from
	# other work on the machine: store, load and all callers held at adjusted
	# p <= 0.001 (-84% to -96%). Runs within one boot were not alike (the
	# store row's p was 0.002-0.035, the others not shown). The invalidate row
	# is ours, not the series' (6.12's invalidate contention varied 0-1700
	# between boots; it held once of two): not contradicted and down by more
	# than half.
	for l in "index lock contention, zswap_store" "index lock contention, zswap_load" \
		"index lock contention, all callers"; do
		check "001: '$l' holds (p $(row "$J" "$l" .p_adjusted), $(row "$J" "$l" .measured.change_pct)%)" \
			[ "$(row "$J" "$l" .verdict)" = holds ]
	done
	l="index lock contention, zswap_invalidate"
	check "001: '$l' not contradicted, measured change below -50% ($(row "$J" "$l" .measured.change_pct)%)" \
		sh -c '[ "$1" != contradicted ] &&
		       [ "$(awk -v c="$2" "BEGIN { print (c < -50) }")" = 1 ]' _ \
		"$(row "$J" "$l" .verdict)" "$(row "$J" "$l" .measured.change_pct)"
	l="index lock contention, all callers"
	for k in base new; do
		dir=$A; [ $k = new ] && dir=$B
		want=$(mean '^lock_contentions\{lock=(tree|xarray),caller=' "$dir")
		got=$(row "$J" "$l" ".measured.$k.mean")
		check "001: measured $k mean ($got) = the records' tree+xarray sum by jq ($want)" \
			within "$got" "$want" 0.0001
	done
else
	echo "001: not run by make test (10 boots of 6.1 and 6.12, about 35 min here): make test-guest-all T=claims runs it"
fi

# --- seed 002: shrinker off vs stock shrinker on 6.12 under iocost -----
unset ZSWAP_GUEST_CPU
D=$OUT/shrinker
guest_boot "$D" -k 6.12 -c 2 -m 512M -d 512 -t 900 \
	-s tests/guest/claims-shrinker.in-guest.sh -f $GATE -f build/static/zswap-workload -f $C002
cat "$D/verdicts.txt" 2>/dev/null
check "002: guest ran the script (rc $GUEST_RC)" [ "$GUEST_RC" -eq 0 ]
# exit 1 only for a contradicted row, 3 only for an untested one (a
# directional row whose metric is n/a here: the kbuild rows)
check "002: run finished (exit 0, 1 for a contradicted row, 3 for an untested one)" \
	sh -c 'rc=$(cat "$1/run.rc"); [ "$rc" = 0 ] || { [ "$rc" = 1 ] &&
		grep -q "contradicted [1-9]" "$1/verdicts.txt"; } || { [ "$rc" = 3 ] &&
		grep -q "(untested claims)" "$1/verdicts.txt"; }' _ "$D"
check "002: 3 records per arm, arm a with shrinker_enabled=N, b with Y" sh -c \
	'[ "$(ls "$1"/run/a/*.json | wc -l)" -eq 3 ] && [ "$(ls "$1"/run/b/*.json | wc -l)" -eq 3 ] &&
	 [ "$(jq -r .zswap.shrinker_enabled "$1"/run/a/*.json | sort -u)" = N ] &&
	 [ "$(jq -r .zswap.shrinker_enabled "$1"/run/b/*.json | sort -u)" = Y ]' _ "$D"
check "002: shrinker_enabled restored after the runs" [ "$(cat "$D/shrinker_after")" = N ]
check "002: iocost was on (iocost_debt_us has values)" sh -c \
	'for f in "$1"/run/*/*.json; do
		jq -e "[.metrics | to_entries[] | select(.key | startswith(\"iocost_debt_us{\"))
			| .value.value] | all(. != null) and length > 0" "$f" >/dev/null || exit 1
	 done' _ "$D"
J=$OUT/claims-002.json
$GATE claims --json --compare "shrinker off:stock shrinker" \
	--label-a "shrinker off" --label-b "stock shrinker" $C002 "$D/run/a" -- "$D/run/b" > "$J"
$GATE claims --markdown --compare "shrinker off:stock shrinker" \
	--label-a "shrinker off" --label-b "stock shrinker" $C002 "$D/run/a" -- "$D/run/b" \
	> "$OUT/claims-002.md"
# the tables that compare that pair: the benchmark tables, not production
# or who-sleeps (the series' column against the others only)
want_rows=$(awk '/^  - id:/ { t = $3; pair = 0 } /^    compare:/ { pair = /"shrinker off", "stock shrinker"/ }
	/^      - label:/ && pair { n++ } END { print n }' $C002)
check "002: every row of the four tables with that pair has a verdict ($want_rows)" \
	[ "$(jq '.rows | length' "$J")" -eq "$want_rows" ]
check "002: the production and who-sleeps tables (no such pair) are left out" \
	[ "$(jq '[.rows[] | select(.table == "production" or .table == "who-sleeps")] | length' "$J")" -eq 0 ]
for l in "ops/s" "p99.9"; do
	check "002: '$l' measured in 3 + 3 runs" [ "$(row "$J" "$l" \
		'"\(.measured.base.n) \(.measured.new.n)"')" = "3 3" ]
done
want=$(mean '^workload_cache_ops_per_s$' "$D/run/a")
check "002: measured ops/s of shrinker off ($(row "$J" ops/s .measured.base.mean)) = jq ($want)" \
	within "$(row "$J" ops/s .measured.base.mean)" "$want" 0.0001
check "002: unmapped rows not measurable, with their reason" sh -c \
	'jq -e "[.rows[] | select(.metrics == []) | .verdict == \"not measurable here\" and
		(.reason | startswith(\"unmapped: \"))] | all and length > 0" "$1" >/dev/null' _ "$J"
check "002: kbuild rows not measurable here: no real build in these records" sh -c \
	'jq -e "[.rows[] | select(.table == \"kbuild\") | .verdict == \"not measurable here\" and
		(.reason | test(\"workload_kbuild\"))] | all" "$1" >/dev/null' _ "$J"

# --- seeds 004's and 000's workloads in the same 6.12 guest ------------
R=$D/reclaim.json
check "004 workload: record and workload exit 0" sh -c \
	'[ "$(cat "$1/reclaim.rc")" = 0 ] && [ "$(jq -r .exit_code "$2")" = 0 ]' _ "$D" "$R"
check "004 workload: its figures in the record, source workload" sh -c \
	'for n in duration_s populate_s pages_allocated reclaim_calls; do
		[ "$(jq -r ".metrics.workload_reclaim_$n.source" "$1")" = workload ] || exit 1
	 done' _ "$R"
pages=$(metric "$R" workload_reclaim_pages_allocated)
out=$(awk -v a="$(metric "$R" zswpout)" -v b="$(metric "$R" pswpout)" 'BEGIN { print a + b }')
check "004 workload: zswpout + pswpout ($out) >= the pages it reclaimed ($pages, at least 100)" \
	sh -c '[ "$(awk -v a="$1" -v b="$2" "BEGIN { print (a >= b) }")" = 1 ] &&
	       [ "$(awk -v b="$2" "BEGIN { print (b >= 100) }")" = 1 ]' _ "$out" "$pages"
B=$D/build.json
check "000 workload: record and workload exit 0, 4 tasks reported" sh -c \
	'[ "$(cat "$1/build.rc")" = 0 ] && [ "$(jq -r .metrics.workload_build_tasks.value "$2")" = 4 ]' \
	_ "$D" "$B"
check "000 workload: 0 < build_duration_s <= the record's wall time" sh -c \
	'jq -e ".metrics.workload_build_duration_s.value > 0 and
		.metrics.workload_build_duration_s.value <= .wall_time_s" "$1" >/dev/null' _ "$B"
summary
