#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# zswap-gate claims from the command line, on the fixture records of
# seed 000's table (tests/fixtures/records/seed000, built by
# make-fixtures.sh with the series' means and standard deviations) and a
# claims file with one row per verdict: the four verdicts, the layouts
# (text, Markdown, JSON), exit codes, and bad input named by file and
# line. Needs no privileges; the verdict logic's known answers are in the
# unit tier (tests/unit/test_claims.c).
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

GATE=build/zswap-gate
F=tests/fixtures/claims/seed000-fixture.yaml
A=tests/fixtures/records/seed000/a
B=tests/fixtures/records/seed000/b
WORK=$(mktemp -d /tmp/zswap-claims-cli.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

verdict() { row "$1" "$2" .verdict; }

# a typo in a metric name is refused, never read as "not measurable"
sed 's/metric: zswpwb$/metric: zswpbw/' $F > "$WORK/typo.yaml"
$GATE claims "$WORK/typo.yaml" $A -- $B > /dev/null 2> "$WORK/err"
check "a metric name with a typo: exit 2, file, line and name ($(cat "$WORK/err"))" \
	sh -c '[ $1 -eq 2 ] && grep -q "typo.yaml:[0-9]*: row .*: metric .zswpbw.: no metric .zswpbw." "$2"' \
	_ $? "$WORK/err"

$GATE claims --json -t alone $F $A -- $B > "$WORK/alone.json" 2> "$WORK/err"
check "table alone: exit 3, its zswpwb row (lower) is untested ($(cat "$WORK/err"))" \
	sh -c '[ $1 -eq 3 ] && grep -q "1 directional row named a metric that was not measured" "$2"' \
	_ $? "$WORK/err"
J=$WORK/alone.json
check "JSON: directional rows counted apart from same rows, 1 untested" \
	[ "$(jq -c '[.counts_directional.holds, .counts_directional["not measurable here"], .counts_same.holds, .unmapped, .untested]' "$J")" = "[2,1,0,1,1]" ]
$GATE claims --allow-not-measurable -t alone $F $A -- $B > "$WORK/alone.txt"
check "--allow-not-measurable: exit 0 (no row contradicted)" [ $? -eq 0 ]
check "text: the summary keeps directional and same rows apart" sh -c \
	'grep -q "^directional rows: holds 2, contradicted 0, not shown 1, not measurable 1 (untested claims)" "$1" &&
	 grep -q "^same rows: holds 0" "$1" && grep -q "^unmapped (the claims file says why): 1" "$1"' _ "$WORK/alone.txt"
check "write requests: holds (748 +- 47 k -> 596 +- 26 k, Welch p < 0.05)" \
	[ "$(verdict "$J" "write requests (k)")" = holds ]
check "pages per write request: holds" [ "$(verdict "$J" "pages per write request")" = holds ]
check "build time: not shown (1066 +- 9 -> 1061 +- 2, p > 0.05)" \
	[ "$(verdict "$J" "build time (s)")" = "not shown" ]
check "build time: runs needed for the quoted -0.5% given" \
	[ "$(jq -r '.rows[] | select(.label == "build time (s)") | .runs_needed' "$J")" -gt 5 ]
check "zswpwb: not measurable here, with the record's reason" sh -c \
	'jq -e ".rows[] | select(.label == \"written back (zswpwb)\") |
		.verdict == \"not measurable here\" and (.reason | test(\"vmstat:zswpwb absent\"))" "$1" >/dev/null' _ "$J"
check "unmapped row: not measurable here, with its reason" sh -c \
	'jq -e ".rows[] | select(.label == \"IO full pressure (s)\") |
		.reason == \"unmapped: not in the fixture records\"" "$1" >/dev/null' _ "$J"
m=$(jq -s '[.[].metrics["swap_write_bios{origin=writeback}"].value] | add / length' $A/*.json)
check "measured base mean = the records' mean by jq ($m)" \
	within "$(jq -r '.rows[0].measured.base.mean' "$J")" "$m" 0.0001

$GATE claims $F $A -- $B > "$WORK/all.txt"
check "all tables: a contradicted row gives exit 1" [ $? -eq 1 ]
check "text: the verdict row of the contradicted claim" \
	grep -q "write requests, claimed up .*contradicted" "$WORK/all.txt"
check "text: quoted beside measured (748 +- 47 k, then the change)" \
	grep -q "748 +- 47 k .*596 +- 26 k .*-20.4%" "$WORK/all.txt"
$GATE claims --markdown -t alone $F $A -- $B > "$WORK/alone.md"
check "markdown: a table per compared pair" \
	grep -q '^| row | quoted unbatched | quoted batched |' "$WORK/alone.md"
$GATE claims --allow-not-measurable --fail-on-not-shown -t alone $F $A -- $B > /dev/null
check "--fail-on-not-shown: exit 1 for the build time row" [ $? -eq 1 ]
$GATE claims --json --adjust none -t alone $F $A -- $B > "$WORK/none.json"
check "--adjust none: p not adjusted (p = p_adjusted)" sh -c \
	'jq -e "[.rows[] | select(.p != null) | .p == .p_adjusted] | all" "$1" >/dev/null' _ "$WORK/none.json"

# Beside each verdict, the quoted change against the measured interval:
# write requests quote -20.4% and measure about -20% [-26, -14]
check "JSON: quoted_change within for write requests, null for the unmapped row" sh -c \
	'jq -e "(.rows[] | select(.label == \"write requests (k)\") | .quoted_change == \"within\") and
		(.rows[] | select(.label == \"IO full pressure (s)\") | .quoted_change == null)" "$1" >/dev/null' _ "$J"

# --sequential: 5 runs per arm reach look 1 of 12/4 (3 runs); two rows
# decided there, the build time open, one run short of look 2
$GATE claims --allow-not-measurable --sequential 12/4 --json -t alone $F $A -- $B > "$WORK/seq.json"
check "--sequential 12/4 JSON: look 1, add 1, write requests decided at look 1" sh -c \
	'jq -e ".sequential.look == 1 and .sequential.next.action == \"add\" and .sequential.next.runs == 1 and
		(.rows[] | select(.label == \"write requests (k)\") | .sequential.decided and .measured.base.n == 3) and
		(.rows[] | select(.label == \"build time (s)\") | .sequential.decided == false and .sequential.runs_needed > 6)" \
		"$1" >/dev/null' _ "$WORK/seq.json"
$GATE claims --allow-not-measurable --sequential 12/4 -t alone $F $A -- $B > "$WORK/seq.txt"
check "--sequential text: ends with the driver's line, next: add 1" \
	[ "$(tail -n 1 "$WORK/seq.txt")" = "next: add 1" ]
# a plan of one look at every run is the fixed test: the same verdicts
$GATE claims --allow-not-measurable --sequential 5/1 --json -t alone $F $A -- $B > "$WORK/seq1.json"
check "--sequential 5/1: stop, and the verdicts of claims without a plan" sh -c \
	'[ "$(jq -c "[.rows[].verdict]" "$1")" = "$(jq -c "[.rows[].verdict]" "$2")" ] &&
	 jq -e ".sequential.next.action == \"stop\"" "$1" >/dev/null' _ "$WORK/seq1.json" "$J"
$GATE claims --sequential 4/2 $F $A -- $B > /dev/null 2> "$WORK/err"
check "--sequential 4/2: a first look of 2 runs is refused, exit 2" sh -c \
	'[ $1 -eq 2 ] && grep -q "fewer than the 3 a verdict needs" "$2"' _ $? "$WORK/err"

# A histogram's statistics (issue 26 item 0): the fixture's arm b doubles
# the store latency's sum (3,000 -> 6,000 ns per store) in the same log2
# slots; a row on its mean, claimed unchanged, is contradicted; its p99
# (a slot's upper bound) is the same in both arms;
# the histogram named bare is untested and says how to name a statistic.
hist_rows() {
	printf 'schema: zswap-claims/1\nseries: x\nsetup: {stated: y}\ntables:\n'
	printf '  - id: t\n    title: t\n    columns: [a, b]\n    rows:\n%s\n' "$1"
}
hist_rows '      - {label: mean, metric: "store_latency_ns{stat=mean}", claim: same, quoted: [null, null]}
      - {label: p99, metric: "store_latency_ns{stat=p99}", claim: lower, quoted: [null, null]}
      - {label: count, metric: "store_latency_ns{stat=count}", claim: same, quoted: [null, null]}' \
	> "$WORK/hist.yaml"
$GATE claims --json "$WORK/hist.yaml" $A -- $B > "$WORK/hist.json"
check "histogram rows: exit 1 (a row contradicted)" [ $? -eq 1 ]
check "store_latency_ns{stat=mean}: 3000 -> 6000 ns, contradicted (claimed same)" \
	[ "$(jq -c '.rows[0] | [.measured.base.mean, .measured.new.mean, .verdict]' "$WORK/hist.json")" = '[3000,6000,"contradicted"]' ]
check "store_latency_ns{stat=p99}: 16383 -> 16383 ns (both arms' slots are alike), tested: not shown" \
	[ "$(jq -c '.rows[1] | [.measured.base.mean, .measured.new.mean, .verdict]' "$WORK/hist.json")" = '[16383,16383,"not shown"]' ]
check "store_latency_ns{stat=count}: 30 stores per run in both arms, holds" \
	[ "$(jq -c '.rows[2] | [.measured.base.mean, .verdict]' "$WORK/hist.json")" = '[30,"holds"]' ]
check "compare prints the mean under the name claims read" \
	sh -c '$1 compare $2 -- $3 | grep -q "^store_latency_ns{stat=mean} "' _ "$GATE" "$A" "$B"
hist_rows '      - {label: bare, metric: store_latency_ns, claim: lower, quoted: [null, null]}' \
	> "$WORK/bare.yaml"
$GATE claims --json "$WORK/bare.yaml" $A -- $B > "$WORK/bare.json" 2> "$WORK/err"
check "a histogram named bare: exit 3 (untested), not 0" [ $? -eq 3 ]
check "a histogram named bare: the reason says how to name a statistic" \
	sh -c 'jq -r ".rows[0].reason" "$1" | grep -q "store_latency_ns is a histogram: name one of its statistics, store_latency_ns{stat=mean} (mean, p50, p90, p99, count)"' _ "$WORK/bare.json"
hist_rows '      - {label: typo, metric: "store_latency_ns{stat=p95}", claim: lower, quoted: [null, null]}' \
	> "$WORK/p95.yaml"
$GATE claims "$WORK/p95.yaml" $A -- $B > /dev/null 2> "$WORK/err"
check "an unknown statistic: exit 2, named ($(cat "$WORK/err"))" \
	sh -c '[ $1 -eq 2 ] && grep -q "p95.yaml:9: metric .store_latency_ns{stat=p95}.: unknown histogram statistic" "$2"' _ $? "$WORK/err"

# three arms stand for a table's columns, every compared pair its rows:
# arms a, b and a copy of a (a record counts once) as off, stock, series
F3=tests/fixtures/claims/three-arms.yaml
mkdir "$WORK/c"
for f in $A/*.json; do jq '.hostname = "copy"' "$f" > "$WORK/c/${f##*/}"; done
$GATE claims --json $F3 $A -- $B -- "$WORK/c" > "$WORK/three.json"
check "three arms: exit 0" [ $? -eq 0 ]
J=$WORK/three.json
check "three arms: named by the columns, 5 records each" \
	[ "$(jq -c '[.arms[] | [.label, .records]]' "$J")" = '[["off",5],["stock",5],["series",5]]' ]
check "three arms: one row per compared pair, each with its arms' values" \
	[ "$(jq -c '[.rows[] | [.base, .new, .measured.base.arm, .measured.new.arm]]' "$J")" = \
	  '[["off","series","off","series"],["stock","series","stock","series"],["off","stock","off","stock"]]' ]
check "three arms: the two-column table is left out, Holm over the 3 pairs" \
	[ "$(jq -c '[([.rows[].table] | unique), .tests]' "$J")" = '[["three"],3]' ]
check "three arms: stock -> series holds (+25%), off -> series shows no change" \
	[ "$(jq -c '[.rows[] | .verdict]' "$J")" = '["not shown","holds","holds"]' ]
check "three arms: the series' arm is the copy of a (mean 748000 both sides)" \
	[ "$(jq -c '.rows[0].measured | [.base.mean, .new.mean] | map(. + 0.5 | floor)' "$J")" = '[748000,748000]' ]
$GATE claims --labels x,y,z $F3 $A -- $B -- "$WORK/c" > "$WORK/three.txt"
check "three arms, --labels: every arm renamed in the text" sh -c \
	'grep -q "^x: 5 records" "$1" && grep -q "^z: 5 records" "$1" && ! grep -q "^series:" "$1"' _ "$WORK/three.txt"
$GATE claims --labels x,y $F3 $A -- $B -- "$WORK/c" > /dev/null 2> "$WORK/err"
check "--labels with too few names: exit 2, says how many" sh -c \
	'[ $1 -eq 2 ] && grep -q "want 3 names" "$2"' _ $? "$WORK/err"
$GATE claims -c off:series $F3 $A -- $B -- "$WORK/c" > /dev/null 2> "$WORK/err"
check "--compare with three arms: exit 2, says why" sh -c \
	'[ $1 -eq 2 ] && grep -q "columns in order" "$2"' _ $? "$WORK/err"
$GATE claims $F3 $A -- $B -- > /dev/null 2> "$WORK/err"
check "an empty third arm: exit 2, named" sh -c \
	'[ $1 -eq 2 ] && grep -q "arm 3 .* has no records" "$2"' _ $? "$WORK/err"
$GATE claims $F $A -- $B -- "$WORK/c" > /dev/null 2> "$WORK/err"
check "three arms on a file of two-column tables: exit 2, says so" sh -c \
	'[ $1 -eq 2 ] && grep -q "no table has 3 columns" "$2"' _ $? "$WORK/err"

# bad input: exit 2, one line naming the file (and line)
printf 'schema: zswap-claims/1\nseries: x\nsetup: {stated: y}\ntables:\n  - id: t\n    title: t\n    columns: [a, b]\n    rows:\n      - label: r\n        metirc: m\n' \
	> "$WORK/typo.yaml"
$GATE claims "$WORK/typo.yaml" $A -- $B > /dev/null 2> "$WORK/err"
check "typo in a claims file: exit 2" [ $? -eq 2 ]
check "typo: one line naming file and line ($(cat "$WORK/err"))" sh -c \
	'[ "$(wc -l < "$1")" -eq 1 ] && grep -q "typo.yaml:10: unknown key .metirc." "$1"' _ "$WORK/err"
$GATE claims /no/such.yaml $A -- $B > /dev/null 2> "$WORK/err"
check "missing claims file: exit 2, named" sh -c '[ $1 -eq 2 ] && grep -q /no/such.yaml "$2"' _ $? "$WORK/err"
$GATE claims $F $A > /dev/null 2> "$WORK/err"
check "no '--': exit 2" [ $? -eq 2 ]
$GATE claims -t nosuch $F $A -- $B > /dev/null 2> "$WORK/err"
check "unknown table: exit 2, named" sh -c '[ $1 -eq 2 ] && grep -q "no table .nosuch." "$2"' _ $? "$WORK/err"
$GATE claims $F $A -- tests/fixtures/records/bad/truncated.json > /dev/null 2> "$WORK/err"
check "a truncated record: exit 2, named" sh -c '[ $1 -eq 2 ] && grep -q truncated.json "$2"' _ $? "$WORK/err"
# values the statistics cannot take (issue 13): exit 2, file and metric named
for f in huge:"value 1e+300 out of range" negative:"negative calls" inf:"value is not a finite number"; do
	$GATE claims $F $A -- "tests/fixtures/records/bad/${f%%:*}.json" > /dev/null 2> "$WORK/err"
	check "record ${f%%:*}.json: exit 2, one line naming file and metric ($(cat "$WORK/err"))" \
		sh -c '[ $1 -eq 2 ] && [ "$(wc -l < "$2")" -eq 1 ] && grep -qF "$3.json: metric store_calls: $4" "$2"' \
		_ $? "$WORK/err" "${f%%:*}" "${f#*:}"
done
# claims draft: a letter's tables as a claims file zswap-gate claims reads
L=tests/fixtures/letters/seeds/000_6b7cec60e95bb4fc.txt
$GATE claims draft $L -o "$WORK/draft.yaml" 2> "$WORK/err"
check "claims draft -o: exit 0, its summary ($(cat "$WORK/err"))" sh -c \
	'[ $1 -eq 0 ] && grep -q "^claims draft: 2 tables, 12 rows: 12 with a metric" "$2"' \
	_ $? "$WORK/err"
$GATE claims --allow-not-measurable -t alone "$WORK/draft.yaml" $A -- $B > "$WORK/draft.txt" 2> "$WORK/err"
check "the draft runs: zswap-gate claims gives its rows verdicts (exit $?)" sh -c \
	'[ $1 -ne 2 ] && grep -q "pages per write request" "$2"' _ $? "$WORK/draft.txt"
$GATE claims draft - < $L > "$WORK/stdin.yaml" 2>/dev/null
rc=$?
sed -n '/^tables:/,$p' "$WORK/stdin.yaml" > "$WORK/stdin.tables"
sed -n '/^tables:/,$p' "$WORK/draft.yaml" > "$WORK/draft.tables"
check "claims draft -: a letter on stdin, the same tables" sh -c \
	'[ $1 -eq 0 ] && [ -s "$2" ] && cmp -s "$2" "$3"' _ $rc "$WORK/stdin.tables" "$WORK/draft.tables"
cp "$WORK/draft.yaml" "$WORK/kept.yaml"
$GATE claims draft tests/fixtures/letters/yosry-multiple-zpools-no-table.eml \
	-o "$WORK/kept.yaml" 2> "$WORK/err"
check "claims draft of a letter without a table: exit 2, said, the old file kept" sh -c \
	'[ $1 -eq 2 ] && grep -q "no table found" "$2" && cmp -s "$3" "$4"' \
	_ $? "$WORK/err" "$WORK/kept.yaml" "$WORK/draft.yaml"
# the public letters' drafts (tests/fixtures/letters/README.md) load in
# zswap-gate claims: no exit 2 on the fixture records, whose metrics they
# mostly lack (not measurable, exit 3 without --allow-not-measurable)
for l in tests/fixtures/letters/*.eml; do
	case $l in *no-table*) continue ;; esac
	$GATE claims draft "$l" -o "$WORK/public.yaml" 2>/dev/null
	rc=$?
	$GATE claims --allow-not-measurable "$WORK/public.yaml" $A -- $B > /dev/null 2> "$WORK/err"
	check "the draft of ${l##*/} loads in zswap-gate claims (draft $rc, claims $?)" \
		sh -c '[ $1 -eq 0 ] && [ $2 -ne 2 ]' _ $rc $?
done
$GATE claims draft "$WORK/missing.eml" 2> "$WORK/err"
check "claims draft of a missing file: exit 2, named" sh -c \
	'[ $1 -eq 2 ] && grep -q "missing.eml: cannot read: No such file" "$2"' _ $? "$WORK/err"

summary
