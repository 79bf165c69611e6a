#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# zswap-kernels check without a boot (the claims tier runs it for real on
# 005): a series' mbox split by b4 and a directory of patches taken as
# they are, the letter found; a revert generated from the series whose
# diff is the committed revert's, byte for byte, and reversing every
# series in kernel/patches twice gives its diffs back; build-kernel.sh
# keys a patch by its diff (a new message, the same image); the plan of
# --dry-run; a drafted claims file without a bundled workload refused
# with what to do; kernels-ab --claims takes the experiment from the
# claims file, each flag overriding; and the report of verdicts fits 72
# columns; --budget's runs chosen by the data (zswap-gate claims
# --sequential) and two tables of one experiment run once, through a
# stub runner. Changes no system state.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

WORK=$(mktemp -d /tmp/zswap-kcheck.XXXXXX)
trap 'rm -rf "$WORK"' EXIT INT TERM
command -v b4 >/dev/null || { echo "b4 missing: run tools/install-deps.sh"; exit 1; }
CHECK=tools/kernels-check.sh
S005=kernel/series/005-store-incompressible/series.mbox
R005=kernel/patches/7.3/005-store-incompressible-revert
# body FILE: a patch's diff as build-kernel.sh keys it
body() {
	awk -v total="$(wc -l < "$1")" '/^(diff |--- )/ { on = 1 }
		on && /^-- $/ && NR >= total - 2 { exit } on' "$1"
}

# --- the mbox of a one-patch series, reverted ------------------------------
$CHECK --revert $S005 --claims claims/005-store-incompressible.yaml \
	--table no-shrinker -o "$WORK/005" --dry-run > "$WORK/out" 2>&1
rc=$?
check "005 mbox --revert --dry-run: exit 0 (rc $rc)" [ $rc -eq 0 ]
check "  ... b4 split it into one patch" [ "$(ls "$WORK"/005/series/*.patch | wc -l)" -eq 1 ]
check "  ... its letter holds the changelog's tables" \
	grep -q 'Tests without Zswap Shrinker' "$WORK/005/letter.txt"
body "$WORK"/005/revert/*.patch > "$WORK/a"
body $R005/0001-*.patch > "$WORK/b"
check "  ... the revert's diff is the committed revert's, byte for byte ($(wc -l < "$WORK/b") lines)" \
	sh -c '[ -s "$1" ] && cmp -s "$1" "$2"' _ "$WORK/a" "$WORK/b"
check "  ... the plan: before is the base reversed, after the base" \
	grep -q 'before (reverted): Debian.s 7.3 with the series reversed' "$WORK/out"
check "  ... the table's experiment from the claims file" \
	grep -q 'table no-shrinker: zswap enabled=Y,shrinker_enabled=N, memory.high 64 MiB, iocost off, zswap-workload access' "$WORK/out"
# the patches checked on the base's source when a build fetched it
# (build-kernel.sh -a), said not checked when none did
if ls -d "${ZSWAP_CACHE:-.cache}"/kernel/src/7.3*/mm/zswap.c >/dev/null 2>&1; then
	check "  ... the revert applies to the cached 7.3 source (build-kernel.sh -a)" \
		grep -q "dry run: the series' revert applies to Debian.s 7.3 (checked on its source in the cache)" "$WORK/out"
	$CHECK $S005 --claims claims/005-store-incompressible.yaml --table no-shrinker \
		-o "$WORK/005s" --dry-run > "$WORK/out2" 2>&1
	rc=$?
	check "  ... without --revert the merged series does not apply: exit 1, --revert named (rc $rc)" \
		sh -c '[ $1 -eq 1 ] && grep -q "the series does not apply to Debian.s 7.3" "$2" &&
			grep -q "carries the series already; check it with --revert" "$2"' _ $rc "$WORK/out2"
else
	check "  ... no 7.3 source in the cache: the apply said not checked" \
		grep -q "dry run: not checked whether the series' revert applies: Debian.s 7.3's source is not in the cache yet" "$WORK/out"
fi
$CHECK --revert $S005 --claims claims/005-store-incompressible.yaml --table no-shrinker \
	--zswap max_pool_percent=10 --memory-max 40 -o "$WORK/005o" --dry-run > "$WORK/out" 2>&1
check "  ... the plan says what overrides the setup (--zswap after its parameters, --memory-max)" \
	grep -q 'table no-shrinker: zswap enabled=Y,shrinker_enabled=N,max_pool_percent=10, memory.max 40 MiB, iocost off' "$WORK/out"

# --- a thread without some of its patches -----------------------------------
S007=kernel/series/007-optimize-lru-list/series.mbox
$CHECK --revert $S007 --claims tests/fixtures/claims/seed000-fixture.yaml --table alone \
	-o "$WORK/007" --dry-run -- ./zswap-workload usemem > "$WORK/out" 2>&1
rc=$?
check "007 (patches 3/6 and 5/6 of a cover letter's 6) --revert --dry-run: exit 0 (rc $rc)" [ $rc -eq 0 ]
check "  ... the cover letter is the letter, both patches reversed, last first" \
	sh -c 'grep -q "optimize zswap lru list" "$1/letter.txt" &&
		[ "$(ls "$1"/revert/*.patch | wc -l)" -eq 2 ] &&
		ls "$1"/revert/0001-revert-0002-*exclusive_loads*.patch >/dev/null' _ "$WORK/007"
check "  ... the plan says the thread is incomplete and which patches it has" \
	grep -q 'the thread is incomplete (b4): it has patch(es) 3/6, 5/6' "$WORK/out"

# --- reversing twice gives every series back --------------------------------
same=0 all=0
for d in kernel/patches/*/*/; do
	all=$((all + 1))
	rm -rf "$WORK/r1" "$WORK/r2"
	tools/kernel/revert-series.sh "$d" "$WORK/r1" >/dev/null 2>&1 &&
		tools/kernel/revert-series.sh "$WORK/r1" "$WORK/r2" >/dev/null 2>&1 || continue
	ok=1
	for p in "$d"*.patch; do
		grep -q '^+++ ' "$p" || continue
		q=$(ls "$WORK"/r2/*"$(basename "$p")" 2>/dev/null)
		body "$p" > "$WORK/a"
		[ -n "$q" ] && body "$q" > "$WORK/b" && cmp -s "$WORK/a" "$WORK/b" || ok=0
	done
	same=$((same + ok))
done
check "every series of kernel/patches reversed twice is itself ($same of $all)" \
	[ "$same" -eq "$all" ] && [ "$all" -ge 6 ]
mkdir -p "$WORK/rn"
printf 'From: x\nSubject: [PATCH] r\n\n---\ndiff --git a/a b/x\nrename from a\nrename to x\n' > "$WORK/rn/0001-r.patch"
printf -- '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n' >> "$WORK/rn/0001-r.patch"
tools/kernel/revert-series.sh "$WORK/rn" "$WORK/rn-out" > /dev/null 2> "$WORK/err"
check "a rename is refused (exit 2, said: $(head -n 1 "$WORK/err"))" \
	sh -c '[ $1 -eq 2 ] && grep -q "cannot reverse" "$2"' _ $? "$WORK/err"

# --- a directory with a cover letter --------------------------------------
mkdir -p "$WORK/s002"
cp kernel/patches/7.3/002-shrinker-iocost/*.patch "$WORK/s002/"
printf 'From: x\nSubject: [RFC PATCH 0/4] the letter\n\nno diff here\n' \
	> "$WORK/s002/0000-cover-letter.patch"
$CHECK "$WORK/s002" --claims claims/002-shrinker-iocost.yaml --table kbuild \
	-o "$WORK/002" --dry-run > "$WORK/out" 2>&1
rc=$?
check "a directory of 4 patches and a cover letter: exit 0 (rc $rc)" [ $rc -eq 0 ]
check "  ... 4 patches taken, the cover letter is the letter" \
	sh -c '[ "$(ls "$1"/series/*.patch | wc -l)" -eq 4 ] && grep -q "the letter" "$1/letter.txt"' _ "$WORK/002"
check "  ... the plan: the base, then the base with the series" \
	grep -q 'after (series): Debian.s 7.3 with the series' "$WORK/out"

# --- a draft that names no bundled workload: what to do --------------------
$CHECK --revert $S005 -o "$WORK/draft" --dry-run > "$WORK/out" 2>&1
rc=$?
check "no --claims: the draft is written, and without a bundled workload exit 2" \
	sh -c '[ $1 -eq 2 ] && [ -s "$2/claims.yaml" ]' _ $rc "$WORK/draft"
check "  ... saying what to do ($(grep -m1 error "$WORK/out" | cut -c1-60)...)" \
	grep -q 'set setup.scaled.workload to a zswap-workload command, or give -- COMMAND' "$WORK/out"
# the arms named: only their columns, in that order
$CHECK --revert $S005 --arms '1-2|1-3' -o "$WORK/arms" --dry-run > "$WORK/out" 2>&1
check "--arms '1-2|1-3': the draft's tables are those two columns" \
	sh -c '[ "$(grep -c "^    columns:" "$1")" -eq 2 ] &&
		[ "$(grep "^    columns:" "$1" | sort -u)" = "    columns: [\"1-2\", \"1-3\"]" ]' \
	_ "$WORK/arms/claims.yaml"
$CHECK --revert $S005 --arms 'nowhere|nothing' -o "$WORK/noarms" --dry-run > "$WORK/out" 2>&1
check "--arms the letter does not hold: exit 2, saying so ($(grep -m1 "no table of" "$WORK/out" | cut -c1-60)...)" \
	sh -c '[ $1 -eq 2 ] && grep -q "no table of the letter has those arms" "$2"' _ $? "$WORK/out"
$CHECK --revert $S005 --arms '1-2|1-3' --claims claims/002-shrinker-iocost.yaml \
	-o "$WORK/both" --dry-run > "$WORK/out" 2>&1
check "--arms with --claims: exit 2" \
	sh -c '[ $1 -eq 2 ] && grep -q "not with --claims" "$2"' _ $? "$WORK/out"
$CHECK --revert $S005 -o "$WORK/bad" --claims /nonexistent --dry-run > "$WORK/out" 2>&1
check "a missing claims file: exit 2, named" \
	sh -c '[ $1 -eq 2 ] && grep -q "claims file /nonexistent not found" "$2"' _ $? "$WORK/out"
printf 'not a mail\n' > "$WORK/junk.mbox"
$CHECK "$WORK/junk.mbox" -o "$WORK/junk" --dry-run > "$WORK/out" 2>&1
check "an mbox without a patch: exit 2 ($(grep -m1 error "$WORK/out" | cut -c1-70))" \
	sh -c '[ $1 -eq 2 ] && grep -q "error:" "$2"' _ $? "$WORK/out"

# --- build-kernel.sh keys a patch by its diff --------------------------------
mkdir -p "$WORK/msg"
sed 's/^Subject: .*/Subject: [PATCH] the same diff, a new message/' \
	kernel/patches/7.3/null/0001-*.patch > "$WORK/msg/0001-x.patch"
k1=$(tools/kernel/build-kernel.sh -n -k 7.3 -p kernel/patches/7.3/null 2>/dev/null)
k2=$(tools/kernel/build-kernel.sh -n -k 7.3 -p "$WORK/msg" 2>/dev/null)
sed 's/^+/+ /' kernel/patches/7.3/null/0001-*.patch > "$WORK/msg/0001-x.patch"
k3=$(tools/kernel/build-kernel.sh -n -k 7.3 -p "$WORK/msg" 2>/dev/null)
check "a patch's new message keeps its image, a new diff does not ($(basename "$k1"))" \
	sh -c '[ -n "$1" ] && [ "$1" = "$2" ] && [ "$1" != "$3" ]' _ "$k1" "$k2" "$k3"
mkdir -p "$WORK/hdr"
printf 'Subject: [PATCH] h\n\n---\n--- a/include/linux/list_lru.h\n+++ b/include/linux/list_lru.h\n@@ -1 +1 @@\n-a\n+b\n' \
	> "$WORK/hdr/0001-h.patch"
tools/kernel/build-kernel.sh -n -k 7.3 -p "$WORK/hdr" > /dev/null 2> "$WORK/err"
check "a patch that changes a header: build-kernel says every object including it recompiles" \
	grep -q 'the patches change include/linux/list_lru.h: every object that includes them recompiles' "$WORK/err"

# --- kernels-ab --claims: the experiment, each flag overriding ---------------
tools/kernels-ab.sh --kernel a=x --kernel b=y -o "$WORK/ab" -n 0 \
	--claims claims/006-pool-percpu-ref.yaml > "$WORK/out" 2>&1
check "kernels-ab --claims: zswap, memory.max and the workload from the file" \
	grep -q 'zswap shrinker_enabled=Y, memory.max 48 MiB, iocost off, -- ./zswap-workload build -q' "$WORK/out"
tools/kernels-ab.sh --kernel a=x --kernel b=y -o "$WORK/ab" -n 0 --memory-high 100 \
	--zswap shrinker_enabled=N --claims claims/006-pool-percpu-ref.yaml \
	-- ./zswap-workload usemem > "$WORK/out" 2>&1
check "  ... flags override (memory.high 100, shrinker N instead of Y, the command)" \
	grep -q 'zswap shrinker_enabled=N, memory.high 100 MiB, iocost off, -- ./zswap-workload usemem' "$WORK/out"

# --- the report: 72 columns, a block a row ----------------------------------
mkdir -p "$WORK/rep/alone"
build/zswap-gate claims --json --label-a base --label-b series \
	tests/fixtures/claims/seed000-fixture.yaml tests/fixtures/records/seed000/a \
	-- tests/fixtures/records/seed000/b > "$WORK/rep/alone/claims-series.json"
tools/kernels-report.sh --claims tests/fixtures/claims/seed000-fixture.yaml \
	--before "Debian's 7.3" --after "Debian's 7.3 with the series" \
	--runs 5 --reproduce "zswap-kernels check dir --claims c.yaml --table alone -n 5 -o some/long/output/directory/name" \
	"$WORK/rep" series alone
check "the report: written, no line over 72 columns ($(awk 'length > 72' "$WORK/rep/report.txt" | wc -l) over)" \
	sh -c '[ -s "$1" ] && awk "length > 72 { bad = 1 } END { exit bad }" "$1"' _ "$WORK/rep/report.txt"
check "  ... each row's verdict (2 holds, 1 contradicted, 1 not shown)" \
	sh -c '[ "$(grep -c "verdict:  holds" "$1")" -eq 2 ] && grep -q "verdict:  contradicted" "$1" &&
		grep -q "verdict:  not shown" "$1"' _ "$WORK/rep/report.txt"
check "  ... the command to reproduce, folded with backslashes" \
	sh -c 'grep -q "^  zswap-kernels check dir .*\\\\$" "$1"' _ "$WORK/rep/report.txt"
# a letter's Message-Id too long for the "letter:" line: whole, on its own
mid=20240201-b4-zswap-invalidate-entry-v2-0-99d4084260a0@bytedance.com
sed "s/^source:$/source:\n  message_id: \"$mid\"/" tests/fixtures/claims/seed000-fixture.yaml \
	> "$WORK/rep/long-id.yaml"
tools/kernels-report.sh --claims "$WORK/rep/long-id.yaml" --before b --after a --runs 5 \
	--reproduce "zswap-kernels check x" "$WORK/rep" series alone
check "  ... a long Message-Id whole on a line of its own, not cut at 72 columns" \
	sh -c 'grep -q "^letter: Message-Id$" "$1" && grep -qx "  <$2>" "$1" &&
		awk "length > 72 { bad = 1 } END { exit bad }" "$1"' _ "$WORK/rep/report.txt" "$mid"

# --- --per-patch: each step's change, the steps that move a row ----------
# step 1: the fixture's arm B against A (the patch undoes the change),
# step 2: A against B (the next patch makes it again)
mkdir -p "$WORK/pp/alone" "$WORK/pp/series"
cp "$WORK/rep/alone/claims-series.json" "$WORK/pp/alone/claims-series.json"
build/zswap-gate claims --json --label-a p0 --label-b p1 \
	tests/fixtures/claims/seed000-fixture.yaml tests/fixtures/records/seed000/b \
	-- tests/fixtures/records/seed000/a > "$WORK/pp/alone/step-1.json" 2>/dev/null
cp "$WORK/pp/alone/claims-series.json" "$WORK/pp/alone/step-2.json"
printf 'Subject: [PATCH 1/2] mm: zswap: the first\n\n---\n' > "$WORK/pp/series/0001-a.patch"
printf 'Subject: [PATCH 2/2] mm: zswap: the second\n\n---\n' > "$WORK/pp/series/0002-b.patch"
tools/kernels-report.sh --claims tests/fixtures/claims/seed000-fixture.yaml \
	--before b --after a --runs 5 --reproduce "zswap-kernels check x --per-patch" \
	--steps 2 "$WORK/pp" series alone
check "--per-patch's report: each patch named, each row's change at each step" \
	sh -c 'grep -q "2/2   mm: zswap: the second" "$1" &&
		grep -q "^      1: +25.5% \[+15.6%, +35.9%\]  moves it" "$1" &&
		grep -q "^      2: -0.5% \[-1.5%, +0.6%\]$" "$1" &&
		awk "length > 72 { bad = 1 } END { exit bad }" "$1"' _ "$WORK/pp/report.txt"

# --- --budget: runs chosen by the data (a stub runner, no boot) ------------
# The fixture arms: two rows hold at once, "build time" (-0.5%) only
# after many runs; the stub's runs take no time, so the plan is the most
# runs, 30 over 10 looks, and check adds 3 a look until every row is
# decided.
: > "$WORK/stub.log"
STUB_LOG=$WORK/stub.log ZSWAP_KERNELS_AB=tests/host/stub-kernels-ab.sh \
	$CHECK kernel/patches/7.3/null --claims tests/fixtures/claims/seed000-fixture.yaml \
	--table alone --images x,y --budget 10m -o "$WORK/bud" -- ./zswap-workload usemem \
	> "$WORK/out" 2>&1
rc=$?
check "--budget 10m: exit 0 (rc $rc), plan 30/10 from the first 3 runs' time" \
	sh -c '[ $1 -eq 0 ] && grep -q "allows 30: plan 30/10" "$2"' _ $rc "$WORK/out"
check "  ... runs added 3 at a time, alternated, numbered on ($(tr '\n' ' ' < "$WORK/stub.log"))" \
	sh -c '[ "$(head -n 2 "$1" | tr "\n" " ")" = "runs 1-3 runs 4-6 " ] &&
		[ "$(ls "$2"/alone/series/run-*.json | wc -l)" -eq "$(($(wc -l < "$1") * 3))" ]' \
	_ "$WORK/stub.log" "$WORK/bud"
check "  ... stopped when every row was decided, the report says at which look" \
	sh -c 'grep -q "0 undecided" "$1" && grep -q "decided at look 1" "$1" &&
		[ "$(grep -c "verdict:  holds" "$1")" -eq 3 ]' _ "$WORK/bud/report.txt"
: > "$WORK/stub.log"
STUB_LOG=$WORK/stub.log ZSWAP_KERNELS_AB=tests/host/stub-kernels-ab.sh \
	$CHECK kernel/patches/7.3/null --claims tests/fixtures/claims/seed000-fixture.yaml \
	--table alone --images x,y --budget 1 -o "$WORK/bud1" -- ./zswap-workload usemem \
	> "$WORK/out" 2>&1
check "--budget 1 s: the plan is the first look (3 runs), the undecided row named with its runs" \
	sh -c '[ "$(wc -l < "$1")" -eq 1 ] && tr -s "\n " "  " < "$2" |
		grep -q "undecided: about [0-9]* runs a kernel would decide it" &&
		grep -q "the budget left them undecided" "$2"' _ "$WORK/stub.log" "$WORK/bud1/report.txt"

# --- tables of one experiment share its runs (a stub runner, no boot) ------
# The fixture's two tables name no setup of their own: with one COMMAND
# they are one experiment, run once; the second table's verdicts come
# from the first's records.
$CHECK kernel/patches/7.3/null --claims tests/fixtures/claims/seed000-fixture.yaml \
	--images x,y -n 3 --dry-run -o "$WORK/one-dry" -- ./zswap-workload usemem > "$WORK/out" 2>&1
check "two tables of one experiment: the plan says the second takes the first's runs" \
	sh -c 'grep -q "table wrong: .*(table alone.s experiment: its runs)" "$1" &&
		grep -q "3 runs per kernel of 1 experiment(s), 6 boots" "$1"' _ "$WORK/out"
: > "$WORK/stub.log"
STUB_LOG=$WORK/stub.log ZSWAP_KERNELS_AB=tests/host/stub-kernels-ab.sh \
	$CHECK kernel/patches/7.3/null --claims tests/fixtures/claims/seed000-fixture.yaml \
	--images x,y -n 3 -o "$WORK/one" -- ./zswap-workload usemem > "$WORK/out" 2>&1
rc=$?
check "  ... run once ($(tr '\n' ' ' < "$WORK/stub.log")), exit 1: table wrong's row contradicted (rc $rc)" \
	sh -c '[ $1 -eq 1 ] && [ "$(cat "$2")" = "runs 1-3" ]' _ $rc "$WORK/stub.log"
check "  ... each table's verdicts in the report, the second's from the first's records" \
	sh -c 'cmp -s "$1/alone/series/run-03.json" "$1/wrong/series/run-03.json" &&
		grep -q "verdict:  contradicted" "$1/report.txt" &&
		[ "$(grep -c "verdict:  holds" "$1/report.txt")" -ge 2 ]' _ "$WORK/one"

$CHECK kernel/patches/7.3/null --budget 5x -n 3 --dry-run > "$WORK/out" 2>&1
check "-n and --budget together: exit 2" sh -c '[ $1 -eq 2 ] && grep -q "give one" "$2"' _ $? "$WORK/out"
$CHECK kernel/patches/7.3/null --budget 5x --dry-run > "$WORK/out" 2>&1
check "--budget 5x: exit 2, what a duration is" sh -c '[ $1 -eq 2 ] && grep -q "90, 90s, 40m, 2h" "$2"' _ $? "$WORK/out"

summary
