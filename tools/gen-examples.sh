#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gen-examples.sh - docs/examples/: a real output of each tool, made anew
# on this machine (root; about 2 minutes): the record summary of seed
# 004's run (tools/seed-run.sh), compare and claims on the repository's
# fixture records, and zswaptop -b, zswap-lockstat --all (every lock: a
# hog alone seldom contends on zswap's own), zswap-iostall and
# zswap-export beside a hog swapping through zswap in a 128 MiB cgroup,
# then `zswap-gate run` of two shrinker settings and their compare
# (tools/zswap-env.sh sets swap and zswap up and puts them back, also on
# failure). Each file starts with the command that made it; the docs test
# (tests/host/docs.test.sh) checks that each tool still prints the same
# shape (its section headings and row names), not the same numbers.
#
# Usage: tools/gen-examples.sh [DIR]   (default docs/examples)
set -u
cd "$(dirname "$0")/.."
out=${1:-docs/examples}
die() { echo "gen-examples: error: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "needs root (BPF, swap and zswap settings)"
for t in zswap-gate zswaptop zswap-lockstat zswap-iostall zswap-export hog zswap-workload; do
	[ -x build/$t ] || die "build/$t missing: run make"
done
mkdir -p "$out" || die "cannot create $out"
work=$(mktemp -d /tmp/gen-examples.XXXXXX)
# memcg-run.sh runs the hog in its foreground: stop both
stop_hog() {
	[ -n "${hog:-}" ] || return 0
	pkill -P "$hog" 2>/dev/null
	kill "$hog" 2>/dev/null
	wait "$hog" 2>/dev/null
	hog=
}
cleanup() {
	stop_hog
	[ -n "${cg:-}" ] && rmdir "$cg" 2>/dev/null
	tools/zswap-env.sh restore >/dev/null 2>&1
	rm -rf "$work"
}
trap cleanup EXIT INT TERM

# example NAME COMMAND...: COMMAND's output into DIR/NAME.txt, under a
# "$ COMMAND" line (build/ dropped from the tool's name, as installed)
example() {
	name=$1
	shift
	{
		printf '$'
		printf ' %s' "$@" | sed 's| build/| |g; s|^ build/| |'
		echo
		"$@" 2>&1
	} > "$work/$name.txt"
	mv "$work/$name.txt" "$out/$name.txt"
	echo "gen-examples: $out/$name.txt ($(wc -l < "$out/$name.txt") lines)"
}

# record: README command 1's run (it sets its own swap and zswap up)
example record tools/seed-run.sh 004 -o "$work/run.json"
# compare and claims: the fixture records, no root needed
example compare build/zswap-gate compare tests/fixtures/records/seed000/a \
	-- tests/fixtures/records/seed000/b
example claims build/zswap-gate claims --allow-not-measurable \
	tests/fixtures/claims/seed000-fixture.yaml tests/fixtures/records/seed000/a \
	-- tests/fixtures/records/seed000/b

# the live tools beside a hog in a 128 MiB cgroup, swapping through zswap
tools/zswap-env.sh setup --swapfile "$work/swap" --size 1024 \
	--max-pool-percent 5 --shrinker Y >/dev/null || die "zswap-env setup failed"
# the hog in a memory cgroup of this machine's hierarchy (v1 or v2),
# kept for the run below (removed by cleanup)
tools/memcg-run.sh --keep 128 gen-examples -- \
	build/hog -q -m 256 -p 100000 -c 1536 -s 1 2> "$work/memcg.err" &
hog=$!
sleep 3
cg=$(sed -n 's/^cgroup: //p' "$work/memcg.err")
[ -n "$cg" ] && [ -d "$cg" ] || die "no memory cgroup for the hog: $(cat "$work/memcg.err")"
example zswaptop build/zswaptop -b -n 1 -d 3
example zswap-lockstat build/zswap-lockstat --all -d 5
example zswap-iostall build/zswap-iostall -- sleep 5
example zswap-export build/zswap-export -o - --once -i 3
stop_hog
# run: two settings of the shrinker alternated, then their compare
example run build/zswap-gate run -n 3 --arm-a shrinker_enabled=N --arm-b shrinker_enabled=Y \
	-o "$work/runs" --cgroup "$cg" -- build/hog -q -m 256 -p 2
example run-compare build/zswap-gate compare --label-a off --label-b on \
	"$work/runs/a" -- "$work/runs/b"
exit 0
