#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# zswap-gate compare and run on the host.
#  1. compare on the fixture records (seed 000's means and stddevs, see
#     tests/fixtures/records/make-fixtures.sh) and on records derived from
#     them: output formats, exit codes 0/1/2, each kind of bad input, the
#     --plot charts; the JSON's means are checked against means computed
#     here with jq from the records themselves.
#  2. run on the running kernel: two real zswap configurations
#     (shrinker_enabled / max_pool_percent), short workloads, alternated
#     A B A B; each record carries the configuration the kernel reported;
#     the parameters are restored afterwards, also after SIGINT and after
#     a value the kernel refuses. Needs root; takes the host lock.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

GATE=build/zswap-gate
FIX=tests/fixtures/records
A=$FIX/seed000/a
B=$FIX/seed000/b
WORK=$(mktemp -d /tmp/zswap-gate-test.XXXXXX)
export ZSWAP_ENV_STATE=$WORK/env.state
CG=""
command -v jq >/dev/null || { echo "jq missing: run tools/install-deps.sh"; exit 1; }

cleanup() {
	[ -n "$CG" ] && rmdir "$CG" 2>/dev/null
	[ -e "$ZSWAP_ENV_STATE" ] && tools/zswap-env.sh restore >/dev/null 2>&1
	rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

# rc_of CMD...: the exit code, output in $WORK/out, errors in $WORK/err
rc_of() { "$@" > "$WORK/out" 2> "$WORK/err"; echo $?; }
has() { grep -qF -- "$1" "$2"; }

# --- 1. compare ------------------------------------------------------
check "table: exit 0 (everything better)" [ "$(rc_of $GATE compare $A -- $B)" -eq 0 ]
check "table: seed 000 write requests row" \
	sh -c 'grep -qE "^swap_write_bios\{origin=writeback\} +bios +748000 \+- 47000 +596000 \+- 26000 +-20\.3% \[-26\.4, -13\.5\] \*" "$1"' _ "$WORK/out"
check "table: build time row not significant, its interval across 0" \
	sh -c 'grep -qE "^wall_time_s +s +1066 \+- 9 +1061\.0 \+- 2\.0 +-0\.5% \[-1\.5, \+0\.6\]  " "$1"' _ "$WORK/out"
check "table: zswpwb missing in A, not -100%" has "zswpwb: n/a in A" "$WORK/out"
check "table: zswpwb not in the table" sh -c '! grep -q "^zswpwb " "$1"' _ "$WORK/out"
check "table: reject_compress_fail dropped" has "reject_compress_fail: only in B" "$WORK/out"
check "table: gate pass" has "gate: pass" "$WORK/out"
cp "$WORK/out" "$WORK/table.txt"

check "same result from the file list as from the directories" \
	[ "$(rc_of $GATE compare $A/run1.json $A/run2.json $A/run3.json $A/run4.json $A/run5.json -- $B)" -eq 0 ]
check "  same table" cmp -s "$WORK/out" "$WORK/table.txt"

# the gate fails closed: one record an arm tests no gating metric
rc=$(rc_of $GATE compare $A/run1.json -- $B/run1.json)
check "one record an arm: exit 3, untested (got $rc)" [ "$rc" -eq 3 ]
check "  the verdict says UNTESTED and how to accept it" \
	sh -c 'grep -q "^gate: UNTESTED, 3 gating metrics not tested (exit 3; --allow-untested" "$1" &&
	       ! grep -q "^gate: pass" "$1"' _ "$WORK/out"
check "  each named with the runs it needs" \
	has "wall_time_s: too few runs: 1 in A, 1 in B with a value; 3 each needed (2 more in A, 2 more in B)" "$WORK/out"
check "  stderr says untested, exit 3" has "untested, exit 3 (--allow-untested accepts it)" "$WORK/err"
rc=$(rc_of $GATE compare --json $A/run1.json -- $B/run1.json)
check "  --json: exit 3, \"result\": \"untested\", the 3 listed" \
	[ "$rc $(jq -r '"\(.result) \(.untested | length) \(.gating) \(.gated)"' "$WORK/out")" = "3 untested 3 3 0" ]
rc=$(rc_of $GATE compare --markdown $A/run1.json -- $B/run1.json)
check "  --markdown: exit 3, the same verdict" \
	eval '[ "$rc" -eq 3 ] && has "**gate: UNTESTED, 3 gating metrics" "$WORK/out"'
rc=$(rc_of $GATE compare --allow-untested --json $A/run1.json -- $B/run1.json)
check "--allow-untested: exit 0, \"result\": \"pass\", still listed" \
	[ "$rc $(jq -r '"\(.result) \(.untested | length)"' "$WORK/out")" = "0 pass 3" ]
rc=$(rc_of $GATE compare --fail-on 'reject_compress_fail:worse' $A -- $B)
check "a rule on a metric in one arm's records only: exit 3 (got $rc)" \
	eval '[ "$rc" -eq 3 ] && has "reject_compress_fail: only in B'"'"'s records, not in A'"'"'s" "$WORK/out"'

# one file named three times, or through a link, is one run, not three
rc=$(rc_of $GATE compare $A/run1.json $A/run1.json $A/run1.json -- $B)
check "compare r1 r1 r1: exit 2, said" \
	eval '[ "$rc" -eq 2 ] && has "run1.json: the same record as $A/run1.json (a run counts once)" "$WORK/err"'
ln -s "$PWD/$A/run2.json" "$WORK/link.json"
rc=$(rc_of $GATE claims claims/000-batch-writeback-io.yaml $A -- $B "$WORK/link.json")
check "claims: a record in both arms (a link): exit 2, said" \
	eval '[ "$rc" -eq 2 ] && has "link.json: the same record as $A/run2.json" "$WORK/err"'
# a record's kernel string with an escape sequence reaches no terminal
jq '.kernel.release = "6.12\u001b]0;owned\u0007"' $A/run1.json > "$WORK/esc.json"
rc=$(rc_of $GATE compare "$WORK/esc.json" $A/run2.json -- $B)
check "compare: a kernel string's escapes printed as ? (rc $rc)" \
	eval 'has "6.12?]0;owned?" "$WORK/out" && ! grep -q "$(printf "\033")" "$WORK/out"'

check "markdown: exit 0" [ "$(rc_of $GATE compare --markdown $A -- $B)" -eq 0 ]
check "markdown: table header and row" sh -c \
	'grep -q "^|---|" "$1" && grep -q "^| \`swap_write_bios{origin=writeback}\` | bios | 748000 +- 47000 |" "$1"' _ "$WORK/out"

check "json: exit 0" [ "$(rc_of $GATE compare --json $A -- $B)" -eq 0 ]
J=$WORK/out
check "json: result pass, 5 + 5 records" [ "$(jq -r '"\(.result) \(.arms[0].records) \(.arms[1].records)"' "$J")" = "pass 5 5" ]
for m in "swap_write_bios{origin=writeback}" "pages_per_bio{origin=writeback}" store_calls; do
	for arm in a b; do
		mine=$(jq -r --arg n "$m" --arg k $arm '.metrics[] | select(.name == $n) | .[$k].mean' "$J")
		ref=$(cat $FIX/seed000/$arm/*.json | jq -s --arg n "$m" 'map(.metrics[$n].value) | add / length')
		check "json: $m mean of $arm ($mine) = jq mean of the records ($ref)" within "$mine" "$ref" 0.000001
	done
done
wall_ref=$(cat $A/*.json | jq -s 'map(.wall_time_s) as $v | ($v | add / length) as $m |
	$v | map((. - $m) * (. - $m)) | add / (length - 1) | sqrt')
check "json: wall_time_s sd of A = jq's sample sd ($wall_ref)" \
	within "$(jq -r '.metrics[] | select(.name == "wall_time_s") | .a.sd' "$J")" "$wall_ref" 0.000001
check "json: zswpwb missing in A" [ "$(jq -r '.metrics[] | select(.name == "zswpwb") | "\(.status) \(.lacking_arm)"' "$J")" = "missing A" ]
check "json: reject_compress_fail dropped" [ "$(jq -r '.metrics[] | select(.name == "reject_compress_fail") | .status' "$J")" = dropped ]
check "json: Mann-Whitney beside Welch at n = 5" [ "$(jq -r '.metrics[] | select(.name == "pages_per_bio{origin=writeback}") | .mann_whitney.method' "$J")" = exact ]

# regression: the arms swapped
check "regression: exit 1" [ "$(rc_of $GATE compare $B -- $A)" -eq 1 ]
check "regression: failed rows marked" sh -c \
	'grep -qE "^swap_write_bios\{origin=writeback\} .* worse  FAIL$" "$1" && grep -qE "^pages_per_bio\{origin=writeback\} .* worse  FAIL$" "$1"' _ "$WORK/out"
check "regression: gate line" has "gate: FAIL, 2 metrics" "$WORK/out"
check "--no-default-gate: exit 0" [ "$(rc_of $GATE compare --no-default-gate $B -- $A)" -eq 0 ]
check "--fail-on threshold: exit 1" \
	[ "$(rc_of $GATE compare --no-default-gate --fail-on 'swap_write_bios*:-10%' $A -- $B)" -eq 1 ]
check "  failed by the rule" has "rule swap_write_bios*:-10% (--fail-on)" "$WORK/out"
check "--fail-on threshold not reached: exit 0" \
	[ "$(rc_of $GATE compare --no-default-gate --fail-on 'swap_write_bios*:-25%' $A -- $B)" -eq 0 ]
printf '# CI rules\npages_per_bio{origin=writeback}:ignore\nswap_write_bios*:ignore  # noisy here\n' > "$WORK/rules"
check "--rules file ignoring the failing metrics: exit 0" \
	[ "$(rc_of $GATE compare --rules "$WORK/rules" $B -- $A)" -eq 0 ]
# write requests: p = 0.000625 (SciPy, see tests/unit/test_stats.c)
check "--alpha 0.001: write requests significant, exit 1" \
	[ "$(rc_of $GATE compare --alpha 0.001 --no-default-gate --fail-on 'swap_write_bios*:worse' $B -- $A)" -eq 1 ]
check "--alpha 0.0001: write requests no longer significant, exit 0" \
	[ "$(rc_of $GATE compare --alpha 0.0001 --no-default-gate --fail-on 'swap_write_bios*:worse' $B -- $A)" -eq 0 ]

# --- bad input: exit 2, one message naming the file ------------------
bad() {
	what=$1 want=$2
	shift 2
	rc=$(rc_of "$@")
	check "bad input: $what: exit 2 (got $rc)" [ "$rc" -eq 2 ]
	check "bad input: $what: says '$want'" has "$want" "$WORK/err"
}
bad "no --" "needs BASE... -- NEW..." $GATE compare $A $B
bad "empty arm A" "arm A (before --) is empty" $GATE compare -- $B
bad "empty arm B" "arm B (after --) is empty" $GATE compare $A --
bad "directory without records" "$FIX/bad/empty-dir: no records" $GATE compare $FIX/bad/empty-dir -- $B
bad "schema zswap-record/2" "$FIX/bad/schema2.json: field schema: 'zswap-record/2' is not zswap-record/1" \
	$GATE compare $A -- $B $FIX/bad/schema2.json
bad "incomplete record" "$FIX/bad/incomplete.json: incomplete record" $GATE compare $A $FIX/bad/incomplete.json -- $B
bad "negative count" "$FIX/bad/negative.json: metric store_calls: negative calls" \
	$GATE compare $A $FIX/bad/negative.json -- $B
bad "NaN" "$FIX/bad/nan.json" $GATE compare $A $FIX/bad/nan.json -- $B
bad "truncated record" "$FIX/bad/truncated.json: at byte" $GATE compare $A $FIX/bad/truncated.json -- $B
# issue 13: GSL aborted (exit 134) on 1e300; NUL and unknown sources were read
bad "value 1e300" "$FIX/bad/huge.json: metric store_calls: value 1e+300 out of range" \
	$GATE compare $A $FIX/bad/huge.json -- $B
bad "value 1e400 (inf)" "$FIX/bad/inf.json: metric store_calls: value is not a finite number" \
	$GATE compare $A $FIX/bad/inf.json -- $B
bad "negative histogram sum" "$FIX/bad/hist-negative.json: histogram store_latency_ns sum: negative" \
	$GATE compare $A $FIX/bad/hist-negative.json -- $B
bad "unknown histogram source" "$FIX/bad/hist-source.json: field histograms.store_latency_ns.source: unknown source 'magic' (one of" \
	$GATE compare $A $FIX/bad/hist-source.json -- $B
bad "NUL byte, then garbage" "$FIX/bad/nul.json: at byte 1202: a NUL byte" \
	$GATE compare $A $FIX/bad/nul.json -- $B
bad "unit mismatch" "$FIX/bad/unit.json: metric store_calls: unit pages, but $A/run1.json says calls" \
	$GATE compare $A -- $FIX/bad/unit.json
bad "unreadable file" "$WORK/nope.json: cannot read" $GATE compare $A "$WORK/nope.json" -- $B
bad "malformed rule" "rule 'reject_rate:5%'" $GATE compare --fail-on reject_rate:5% $A -- $B
bad "rule matching nothing" "matches no metric" $GATE compare --fail-on nosuch:+5% $A -- $B
bad "bad alpha" "--alpha" $GATE compare --alpha 2 $A -- $B
for f in nan negative incomplete huge inf hist-source nul unit; do
	rc_of $GATE compare $A $FIX/bad/$f.json -- $B > /dev/null
	check "bad input: $f: one line" [ "$(wc -l < "$WORK/err")" -eq 1 ]
done
rc=$(rc_of $GATE compare --allow-incomplete $A $FIX/bad/incomplete.json -- $B)
check "--allow-incomplete: included (exit $rc, not 2)" [ "$rc" -ne 2 ]
check "--allow-incomplete: noted" has "incomplete.json is incomplete, included" "$WORK/out"

# --- plots -----------------------------------------------------------
check "--plot: exit 1 on the regression" [ "$(rc_of $GATE compare --plot "$WORK/plot" $B -- $A)" -eq 1 ]
nsig=$($GATE compare --json $B -- $A | jq '[.metrics[] | select(.significant)] | length')
check "--plot: one dot plot per significant metric ($nsig)" \
	[ "$(ls "$WORK"/plot/dots-*.svg | wc -l)" -eq "$nsig" ]
check "--plot: store latency histograms overlaid" \
	[ "$(grep -c '<rect x=' "$WORK/plot/hist-store_latency_ns.svg")" -ge 4 ]
check "--plot: 5 dots per arm" \
	[ "$(grep -c '<circle' "$WORK/plot/dots-swap_write_bios_origin_writeback_.svg")" -eq 10 ]
check "--plot: plain SVG, no script" sh -c '! grep -qi "<script" "$1"/*.svg "$1"/index.html' _ "$WORK/plot"
check "--plot: index lists every chart" \
	[ "$(grep -c '<img' "$WORK/plot/index.html")" -eq "$(ls "$WORK"/plot/*.svg | wc -l)" ]
touch "$WORK/plot/dots-stale.svg"
$GATE compare --plot "$WORK/plot" --fail-on 'store_calls:ignore' $A -- $B > /dev/null
nsig=$($GATE compare --json $A -- $B | jq '[.metrics[] | select(.significant)] | length')
check "--plot again into the same DIR: only the new comparison's charts ($nsig)" \
	[ "$(ls "$WORK"/plot/dots-*.svg | wc -l)" -eq "$nsig" ]
if command -v xmllint >/dev/null; then
	check "--plot: well-formed XML" xmllint --noout "$WORK"/plot/*.svg
fi

# --- 2. zswap-gate run on the running kernel -------------------------
if [ "$(id -u)" -ne 0 ]; then
	fail "zswap-gate run: needs root"
	summary
	exit
fi
host_lock
P=/sys/module/zswap/parameters
params() { cat $P/enabled $P/max_pool_percent $P/shrinker_enabled 2>/dev/null | tr '\n' ' '; }
tools/zswap-env.sh setup --swapfile "$WORK/swap" --size 512 --max-pool-percent 20 \
	--shrinker N >/dev/null || { fail "zswap-env setup"; summary; exit; }
make_cgroup 64 zswap-gate-run || { fail "make_cgroup"; summary; exit; }
BEFORE=$(params)
R=$WORK/run
rc=$(rc_of $GATE run -n 3 --arm-a shrinker_enabled=N,max_pool_percent=2 \
	--arm-b shrinker_enabled=Y,max_pool_percent=10 -o "$R" --cgroup "$CG" -- \
	build/hog -q -m 96 -p 2 -c 1536 -s 1)
check "run: exit 0 (got $rc: $(tail -n 1 "$WORK/err"))" [ "$rc" -eq 0 ]
check "run: 3 records per arm" [ "$(ls "$R"/a/*.json "$R"/b/*.json | wc -l)" -eq 6 ]
check "run: parameters restored ($(params))" [ "$(params)" = "$BEFORE" ]
check "run: restore reported" has "zswap parameters restored" "$WORK/err"
check "run: values before the runs kept in params.before" \
	[ "$(awk '{ printf "%s=%s ", $1, $2 }' "$R/params.before")" = \
	  "shrinker_enabled=$(cat $P/shrinker_enabled) max_pool_percent=$(cat $P/max_pool_percent) " ]
for f in "$R"/a/*.json; do
	check "run: $(basename "$f") of A recorded under shrinker N, pool 2%" \
		[ "$(jq -r '"\(.zswap.shrinker_enabled) \(.zswap.max_pool_percent)"' "$f")" = "N 2" ]
done
for f in "$R"/b/*.json; do
	check "run: $(basename "$f") of B recorded under shrinker Y, pool 10%" \
		[ "$(jq -r '"\(.zswap.shrinker_enabled) \(.zswap.max_pool_percent)"' "$f")" = "Y 10" ]
done
order=$(for f in "$R"/a/*.json "$R"/b/*.json; do
	echo "$(stat -c %.9Y "$f") $(basename "$(dirname "$f")")"; done | sort -n | awk '{ printf "%s", $2 }')
check "run: arms alternate A B A B A B ($order)" [ "$order" = ababab ]
check "run: the workload swapped (zswpout > 0 in every run)" sh -c \
	'for f in "$@"; do [ "$(jq ".metrics.zswpout.value" "$f")" -gt 0 ] || exit 1; done' _ "$R"/a/*.json "$R"/b/*.json
rc=$(rc_of $GATE compare --json "$R/a" -- "$R/b")
check "run: compare of the two configs: exit 0 or 1 (got $rc)" [ "$rc" -le 1 ]
check "run: compare sees 3 + 3 records" [ "$(jq -r '"\(.arms[0].records) \(.arms[1].records)"' "$WORK/out")" = "3 3" ]

# SIGINT in the middle: parameters restored, exit 1
$GATE run -n 5 --arm-a max_pool_percent=3 --arm-b max_pool_percent=7 \
	-o "$WORK/int" -- sh -c 'sleep 2' > "$WORK/int.out" 2> "$WORK/int.err" &
pid=$!
sleep 1.5
mid=$(cat $P/max_pool_percent)
kill -INT $pid
wait $pid
rc=$?
check "SIGINT: parameters were changed while running ($mid)" [ "$mid" = 3 ]
check "SIGINT: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "SIGINT: says interrupted" has "interrupted by signal 2" "$WORK/int.err"
check "SIGINT: parameters restored ($(params))" [ "$(params)" = "$BEFORE" ]
check "SIGINT: the interrupted record is marked incomplete" \
	[ "$(jq -r .complete "$WORK/int/a/run-01.json")" = false ]

# a value the kernel refuses, after arm A was applied: restored, exit 2
rc=$(rc_of $GATE run -n 2 --arm-a max_pool_percent=4 --arm-b compressor=no-such-compressor \
	-o "$WORK/refused" -- true)
check "refused value: exit 2 (got $rc)" [ "$rc" -eq 2 ]
check "refused value: says which" has "cannot set compressor=no-such-compressor" "$WORK/err"
check "refused value: parameters restored ($(params))" [ "$(params)" = "$BEFORE" ]
check "refused value: compressor unchanged" [ "$(cat $P/compressor)" = "$(jq -r .zswap.compressor "$R/a/run-01.json")" ]
rc=$(rc_of $GATE run -n 2 --arm-a no_such_param=1 --arm-b max_pool_percent=4 -o "$WORK/x" -- true)
check "unknown parameter: exit 2" [ "$rc" -eq 2 ]
check "unknown parameter: named" has "zswap has no parameter 'no_such_param'" "$WORK/err"
rc=$(rc_of $GATE run -n 2 --arm-a max_pool_percent --arm-b max_pool_percent=4 -o "$WORK/x" -- true)
check "arm without =: exit 2" [ "$rc" -eq 2 ]
rc=$(rc_of $GATE run --arm-a max_pool_percent=3 --arm-b max_pool_percent=4 -o "$WORK/x")
check "neither --duration nor COMMAND: exit 2" [ "$rc" -eq 2 ]
rc=$(rc_of $GATE run -n 2 --arm-a max_pool_percent=500 --arm-b max_pool_percent=4 -o "$WORK/y" -- true)
check "a percentage over 100: exit 2, named" eval '[ "$rc" -eq 2 ] && has "max_pool_percent=500: a percentage wants 0..100" "$WORK/err"'
rc=$(rc_of $GATE run -n 2 --arm-a max_pool_percent=3 --arm-b max_pool_percent=4 -o "$WORK/y" \
	--claims "$WORK/no-such.yaml" -- true)
check "--claims unreadable: exit 2 before any run" \
	eval '[ "$rc" -eq 2 ] && has "no-such.yaml: cannot read" "$WORK/err" && [ ! -e "$WORK/y" ]'
rc=$(rc_of $GATE run -n 1 --arm-a max_pool_percent=3 --arm-b max_pool_percent=4 -o "$R" -- true)
check "-o an earlier run's directory: exit 2, said" eval '[ "$rc" -eq 2 ] && has "is not empty" "$WORK/err"'
check "-o an earlier run's directory: its records untouched" [ "$(ls "$R"/a/*.json "$R"/b/*.json | wc -l)" -eq 6 ]
# every argument of the command reaches it (each run appends its argc)
rc=$(rc_of $GATE run -n 1 --arm-a max_pool_percent=3 --arm-b max_pool_percent=4 -o "$WORK/many" \
	-- sh -c 'echo $# >> "$0"' "$WORK/argc" $(seq 80))
check "run -- CMD with 80 arguments: all arrive in both runs ($(tr '\n' ' ' < "$WORK/argc"))" \
	eval '[ "$rc" -eq 0 ] && [ "$(cat "$WORK/argc" | tr "\n" " ")" = "80 80 " ]'
# one owner of zswap's parameters at a time: a second run (or seed-run)
# is refused while the first holds them, naming it
$GATE run -n 1 --arm-a max_pool_percent=3 --arm-b max_pool_percent=4 -o "$WORK/hold" \
	-- sleep 3 > /dev/null 2>&1 &
first=$!
i=0
while ! grep -q "^$first zswap-gate run" /run/zswap-toolkit.params.lock 2>/dev/null &&
	[ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
rc=$(rc_of $GATE run -n 1 --arm-a max_pool_percent=5 --arm-b max_pool_percent=6 -o "$WORK/second" -- true)
check "a second run while one holds the parameters: exit 2, names the first ($(cat "$WORK/err"))" \
	eval '[ "$rc" -eq 2 ] && has "another run changes zswap'"'"'s parameters (pid $first zswap-gate run)" "$WORK/err" && [ ! -e "$WORK/second" ]'
rc=$(rc_of tools/seed-run.sh 004 -o "$WORK/seed.json")
check "seed-run while a run holds the parameters: exit 2, names it" \
	eval '[ "$rc" -eq 2 ] && has "(pid $first zswap-gate run)" "$WORK/err"'
wait $first
check "the first run ended well (rc $?), parameters restored ($(params))" [ "$(params)" = "$BEFORE" ]
rc=$(rc_of tools/seed-run.sh 004 -o /nonexistent/dir/x.json)
check "seed-run -o in a missing directory: exit 2 before any setup" \
	eval '[ "$rc" -eq 2 ] && has "/nonexistent/dir is not a writable directory" "$WORK/err" && ! has "zswap-env" "$WORK/err"'
# one seed-run at a time: its cgroup is seed-NNN, the same name every run
flock /run/zswap-seed-run.lock sleep 3 &
holder=$!
sleep 0.5
rc=$(rc_of tools/seed-run.sh 004 -o "$WORK/seed.json")
check "seed-run while another holds its lock: exit 2, said, nothing set up" \
	eval '[ "$rc" -eq 2 ] && has "another seed-run is running" "$WORK/err" && ! has "zswap-env" "$WORK/err"'
wait $holder
check "parameters untouched by the refused runs ($(params))" [ "$(params)" = "$BEFORE" ]
summary
