#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The gate across two real kernels: one boot each of Debian's 6.1 and
# 6.12 kernels (qemu TCG) runs the same short workload RUNS times under
# `zswap-gate record` (tests/guest/compare.in-guest.sh); here
# `zswap-gate compare` compares the 6.1 records with the 6.12 records.
# Asserted: the shape (5 + 5 runs, every metric row, p-values, the gate's
# exit code agreeing with the rows it marks), the statistics against
# values computed here with jq from the records, and the differences
# that are certain for these two kernels:
#  - zswpwb (vmstat, 6.8+), shrink_memcg_calls (shrink_memcg, 6.8+) and
#    shrinker_scan_calls (zswap_shrinker_scan, 6.8+) have no source on
#    6.1: reported missing there with the reason, not as a -100% change,
#    while 6.12 has values in every run;
#  - reject_compress_fail (debugfs, 6.3+) exists only on 6.12: dropped;
#  - per-size mTHP stats (6.7+) are missing on 6.1, each size with the
#    reason, not "dropped".
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

OUT=${GUEST_OUT:-build/guest-compare}
RUNS=5
GATE=build/static/zswap-gate
command -v jq >/dev/null || { echo "jq missing: run tools/install-deps.sh"; exit 1; }

# GUEST_REUSE=1 re-checks the records of the last boots without booting
for ver in 6.1 6.12; do
	D=$OUT/$ver
	guest_boot "$D" -k "$ver" -c 2 -m 512M -d 512 -t 600 \
		-s tests/guest/compare.in-guest.sh -f $GATE -f build/static/hog
	rc=$GUEST_RC
	check "$ver: guest ran the test script (rc $rc)" [ $rc -eq 0 ]
	check "$ver: $RUNS records" [ "$(ls "$D"/runs/*.json 2>/dev/null | wc -l)" -eq $RUNS ]
	check "$ver: every record run exited 0" \
		[ "$(cat "$D"/run*.rc 2>/dev/null | tr -d '\n')" = "$(printf '0%.0s' $(seq $RUNS))" ]
	check "$ver: records complete, from kernel $ver" sh -c \
		'for f in "$2"/runs/*.json; do
			[ "$(jq -r .complete "$f")" = true ] || exit 1
			case $(jq -r .kernel.release "$f") in "$1".*) ;; *) exit 1 ;; esac
		 done' _ "$ver" "$D"
done

A=$OUT/6.1/runs
B=$OUT/6.12/runs
J=$OUT/compare.json
rm -rf "$OUT/plot"
$GATE compare --json --label-a 6.1 --label-b 6.12 "$A" -- "$B" > "$J" 2> "$OUT/compare.err"
jrc=$?
$GATE compare --label-a 6.1 --label-b 6.12 --plot "$OUT/plot" "$A" -- "$B" > "$OUT/compare.txt" 2>&1
trc=$?
cat "$OUT/compare.txt"
# docs/zswap-gate.md shows this output (docs/examples/guest-compare.txt,
# copied from here): it has today's skeleton (tests/lib.sh's labels),
# 80% of its headings and row names in today's and of today's in it
ex=docs/examples/guest-compare.txt
a=$(tail -n +2 "$ex" > "$OUT/page.txt"; label_share "$OUT/page.txt" "$OUT/compare.txt")
b=$(label_share "$OUT/compare.txt" "$OUT/page.txt")
check "$ex: today's output has its skeleton ($a% of its labels, $b% of today's in it)" \
	[ "$a" -ge 80 -a "$b" -ge 80 ]
$GATE compare --markdown --label-a 6.1 --label-b 6.12 "$A" -- "$B" > "$OUT/compare.md" 2>&1
mrc=$?

check "compare: exit 0 or 1, not bad input (got $jrc)" [ "$jrc" -le 1 ]
check "compare: the three formats agree on the exit code ($jrc $trc $mrc)" \
	[ "$jrc $trc" = "$mrc $mrc" ]
nfail=$(jq '[.metrics[] | select(.failed)] | length' "$J")
check "compare: exit 1 exactly when a metric failed ($nfail failed, exit $jrc)" \
	[ "$((nfail > 0))" -eq "$jrc" ]
check "compare: the table marks each failed metric ($nfail)" \
	[ "$(grep -c '  FAIL$' "$OUT/compare.txt")" -eq "$nfail" ]
check "compare: arms of $RUNS runs, 6.1 vs 6.12" [ "$(jq -r \
	'"\(.arms[0].records) \(.arms[1].records) \(.arms[0].kernels[0:4]) \(.arms[1].kernels[0:5])"' "$J")" = "$RUNS $RUNS 6.1. 6.12." ]

# certain for these kernels: no source on 6.1 -> missing, not -100%
for m in zswpwb shrink_memcg_calls shrinker_scan_calls; do
	check "$m: missing on 6.1 ($(jq -r --arg n $m '.metrics[] | select(.name == $n) | "\(.status) \(.lacking_arm) change \(.change_pct)"' "$J"))" \
		[ "$(jq -r --arg n $m '.metrics[] | select(.name == $n) | "\(.status) \(.lacking_arm) \(.change_pct)"' "$J")" = "missing 6.1 null" ]
	check "$m: 6.12 has a value in all $RUNS runs" \
		[ "$(jq -r --arg n $m '.metrics[] | select(.name == $n) | "\(.b.n) \(.a.n) \(.a.na_runs)"' "$J")" = "$RUNS 0 $RUNS" ]
	check "$m: listed with the 6.1 reason, no table row" sh -c \
		'grep -q "^  $1: n/a in 6.1 (6.1.0-[^)]*): ." "$2" && ! grep -q "^$1 " "$2"' _ $m "$OUT/compare.txt"
done
check "reject_compress_fail: dropped (only in 6.12's records)" \
	[ "$(jq -r '.metrics[] | select(.name == "reject_compress_fail") | "\(.status) \(.lacking_arm)"' "$J")" = "dropped 6.1" ]
# 6.1 has no per-size mTHP stats: each 6.12 size is missing there with
# that reason, and the family's unlabelled n/a row folds into them
check "mthp_swpout{size=64kB}: missing on 6.1 with the reason" \
	[ "$(jq -r '.metrics[] | select(.name == "mthp_swpout{size=64kB}") |
		"\(.status) \(.lacking_arm) \(.a.reason | test("mTHP stats"))"' "$J")" = "missing 6.1 true" ]
check "mthp_swpout: the 6.1 family row folded into the 6.12 sizes" \
	[ "$(jq '[.metrics[] | select(.name == "mthp_swpout")] | length' "$J")" -eq 0 ]
check "the table lists mthp_swpout's sizes missing on 6.1 on one line" \
	grep -Eq '^  mthp_swpout\{size=([0-9]+kB\|)+[0-9]+kB\}: n/a in 6.1 \(6\.1\.0-[^)]*\): .*mTHP stats' "$OUT/compare.txt"
check "no metric shows a -100% change into n/a" \
	[ "$(jq '[.metrics[] | select(.status != "compared" and .status != "too_few_runs" and .change_pct != null)] | length' "$J")" -eq 0 ]

# the statistics, recomputed here from the records with jq
for m in store_calls reject_rate load_calls written_back_pages; do
	for arm in a b; do
		[ $arm = a ] && dir=$A || dir=$B
		ref=$(cat "$dir"/*.json | jq -s --arg n $m 'map(.metrics[$n].value) as $v |
			($v | add / length) as $mu |
			"\($mu) \($v | map((. - $mu) * (. - $mu)) | add / (length - 1) | sqrt)"' | tr -d '"')
		got=$(jq -r --arg n $m --arg k $arm '.metrics[] | select(.name == $n) | "\(.[$k].mean) \(.[$k].sd)"' "$J")
		set -- $got $ref
		check "$m ($arm): mean $1 = jq's $3" within "$1" "$3" 0.0001
		check "$m ($arm): sd $2 = jq's $4" within "$2" "$4" 0.0001
	done
done
wall=$(cat "$A"/*.json | jq -s 'map(.wall_time_s) | add / length')
check "wall_time_s (6.1) mean = jq's $wall" \
	within "$(jq -r '.metrics[] | select(.name == "wall_time_s") | .a.mean' "$J")" "$wall" 0.0001
# reject rate: compared per run, each run's own ratio
check "reject_rate values are the per-run store_reject / store_calls" sh -c '
	want=$(cat "$1"/*.json | jq -s -c "map(.metrics.store_reject.value / .metrics.store_calls.value)")
	got=$(jq -c ".metrics[] | select(.name == \"reject_rate\") | .b.values" "$2")
	[ "$(echo "$want $got" | jq -s "[.[0], .[1]] | transpose | map(.[0] - .[1] | fabs) | max < 1e-9")" = true ]' _ "$B" "$J"
n_rows=$(jq '[.metrics[] | select(.status == "compared" or .status == "too_few_runs")] | length' "$J")
n5=$(jq '[.metrics[] | select(.status == "compared" and .a.n >= 5 and .b.n >= 5)] | length' "$J")
check "every metric with 5 + 5 values has Welch and Mann-Whitney p-values ($n5)" \
	[ "$(jq '[.metrics[] | select(.status == "compared" and .a.n >= 5 and .b.n >= 5 and .welch.p != null and .mann_whitney.p != null)] | length' "$J")" -eq "$n5" ]
check "most metrics have values in all runs of both kernels ($n5 of $n_rows)" [ "$n5" -ge 20 ]
# rows 0 in every run of both arms are one line under the table (--all
# shows them); every other compared metric is a row
n_zero=$(jq '[.metrics[] | select((.status == "compared" or .status == "too_few_runs") and
	.a.mean == 0 and .b.mean == 0 and (.a.sd // 0) == 0 and (.b.sd // 0) == 0 and
	(.failed | not))] | length' "$J")
check "table: one row per compared metric not 0 in both arms ($((n_rows - n_zero)) of $n_rows)" \
	[ "$(grep -cE '^[a-z_]+(\{[^}]*\})* +[a-z]+ +[0-9.,]+ \+- [0-9.,]+' "$OUT/compare.txt")" -eq "$((n_rows - n_zero))" ]
check "markdown: one row per compared metric not 0 in both arms" \
	[ "$(grep -c '^| `' "$OUT/compare.md")" -eq "$((n_rows - n_zero))" ]
check "the $n_zero metrics 0 in both arms: one line under the table" sh -c \
	'[ "$1" -eq 0 ] || grep -q "^0 in both arms, $1 series (--all shows them):" "$2"' _ "$n_zero" "$OUT/compare.txt"
nsig=$(jq '[.metrics[] | select(.significant)] | length' "$J")
check "plot: a dot plot per significant metric ($nsig)" \
	[ "$(ls "$OUT"/plot/dots-*.svg 2>/dev/null | wc -l)" -eq "$nsig" ]
check "plot: pages per bio and store latency histograms overlaid" sh -c \
	'[ -s "$1/hist-store_latency_ns.svg" ] && [ -s "$1/hist-pages_per_bio_origin_reclaim_.svg" ]' _ "$OUT/plot"
summary
