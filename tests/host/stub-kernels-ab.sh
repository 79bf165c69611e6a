#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# An A/B runner with kernels-ab.sh's options that boots nothing: run r of
# the first kernel is record (r - 1) % 5 of tests/fixtures/records/
# seed000/a, of the second of .../b (zswap-kernels check's budget loop,
# tests/host/kcheck.test.sh). Logs each call to $STUB_LOG. With --claims
# and --table, the table's verdicts as kernels-ab writes them
# (DIR/claims-NAME.json, .md, .txt: the second kernel against the first).
set -u
repo=$(cd "$(dirname "$0")/../.." && pwd)
names=() n=5 first=1 out='' claims='' table=''
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) names+=("${2%%=*}"); shift 2 ;;
	-n) n=$2; shift 2 ;;
	--first-run) first=$2; shift 2 ;;
	-o) out=$2; shift 2 ;;
	--) break ;;
	--claims) claims=$2; shift 2 ;;
	--table) table=$2; shift 2 ;;
	--zswap | --memory-max | --memory-high) shift 2 ;;
	*) shift ;;
	esac
done
echo "runs $first-$((first + n - 1))" >> "${STUB_LOG:-/dev/null}"
src=(a b)
for i in 0 1; do
	mkdir -p "$out/${names[$i]}"
	mapfile -t recs < <(ls "$repo/tests/fixtures/records/seed000/${src[$i]}"/*.json)
	for r in $(seq "$first" $((first + n - 1))); do
		cp "${recs[$(((r - 1) % ${#recs[@]}))]}" "$out/${names[$i]}/$(printf 'run-%02d.json' "$r")"
	done
done
[ -n "$claims" ] && [ -n "$table" ] || exit 0
set -- --table "$table" --label-a "${names[0]}" --label-b "${names[1]}" "$claims" \
	"$out/${names[0]}" -- "$out/${names[1]}"
"$repo/build/zswap-gate" claims --json "$@" > "$out/claims-${names[1]}.json"
"$repo/build/zswap-gate" claims --markdown "$@" > "$out/claims-${names[1]}.md"
"$repo/build/zswap-gate" claims "$@" > "$out/claims-${names[1]}.txt"
