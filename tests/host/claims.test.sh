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

$GATE claims --json -t alone $F $A -- $B > "$WORK/alone.json"
check "table alone: exit 0 (no row contradicted)" [ $? -eq 0 ]
J=$WORK/alone.json
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
$GATE claims --fail-on-not-shown -t alone $F $A -- $B > /dev/null
check "--fail-on-not-shown: exit 1 for the build time row" [ $? -eq 1 ]
$GATE claims --json --adjust none -t alone $F $A -- $B > "$WORK/none.json"
check "--adjust none: p not adjusted (p = p_adjusted)" sh -c \
	'jq -e "[.rows[] | select(.p != null) | .p == .p_adjusted] | all" "$1" >/dev/null' _ "$WORK/none.json"

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
summary
