#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): zswap-gate compare on 2 x RECORDS synthetic
# zswap-record/1 files of METRICS metrics each (default 1,000 and 100),
# wall time and peak RSS (GNU time). Then the same with a tenth of the
# records, so the growth with the record count shows: memory should grow
# only by the per-run values (8 bytes per metric per run), not with the
# size of the records. Target: under 1 s for 2 x 1,000 x 100.
# No privileges. Writes build/bench/compare/ (ignored by git).
set -u
cd "$(dirname "$0")/.."
RECORDS=${RECORDS:-1000}
METRICS=${METRICS:-100}
OUT=build/bench/compare
GATE=build/zswap-gate
[ -x /usr/bin/time ] || { echo "bench/compare.sh: needs GNU time (/usr/bin/time)"; exit 1; }

# gen DIR N SHIFT: N records, metric k of run i is 1000 + 10 k + noise + SHIFT
gen() {
	mkdir -p "$1"
	awk -v dir="$1" -v n="$2" -v m="$METRICS" -v shift="$3" -v seed="$4" 'BEGIN {
		srand(seed)
		for (i = 1; i <= n; i++) {
			f = sprintf("%s/run-%05d.json", dir, i)
			printf "{\"schema\":\"zswap-record/1\",\"kernel\":{\"release\":\"6.12.0-bench\"},\"hostname\":\"bench\",\"zswap\":{\"enabled\":\"Y\"},\"cgroup\":null,\"command\":[],\"start_unix\":0,\"duration_s\":10,\"wall_time_s\":%.3f,\"exit_code\":0,\"complete\":true,\"notes\":[],\"metrics\":{", 10 + rand() > f
			for (k = 0; k < m; k++)
				printf "%s\"bench_metric_%03d\":{\"value\":%d,\"unit\":\"calls\",\"source\":\"counter\"}", k ? "," : "", k, 1000 + 10 * k + int(rand() * 100) + shift > f
			printf "},\"histograms\":{}}\n" > f
			close(f)
		}
	}'
}

# measure LABEL ARGS...: prints wall seconds and max RSS KiB
measure() {
	label=$1
	shift
	/usr/bin/time -f "%e %M" -o "$OUT/time" "$GATE" compare "$@" > "$OUT/out" 2>&1
	rc=$?
	read -r secs kib < "$OUT/time"
	printf "%-28s %6.2f s  %8d KiB max RSS  (exit %d)\n" "$label" "$secs" "$kib" "$rc"
	echo "$secs $kib"  > "$OUT/$label.res"
}

rm -rf "$OUT"
mkdir -p "$OUT"
small=$((RECORDS / 10))
gen "$OUT/a" "$RECORDS" 0 1
gen "$OUT/b" "$RECORDS" 5 2
gen "$OUT/a-small" "$small" 0 3
gen "$OUT/b-small" "$small" 5 4
echo "== zswap-gate compare, $METRICS metrics per record ($(du -sh "$OUT/a" | cut -f1) per arm of $RECORDS)"
measure "2 x $small records" "$OUT/a-small" -- "$OUT/b-small"
measure "2 x $RECORDS records" "$OUT/a" -- "$OUT/b"
measure "2 x $RECORDS records --json" --json "$OUT/a" -- "$OUT/b"
read -r s_secs s_kib < "$OUT/2 x $small records.res"
read -r l_secs l_kib < "$OUT/2 x $RECORDS records.res"
awk -v s="$s_kib" -v l="$l_kib" -v n="$RECORDS" -v ns="$small" -v m="$METRICS" -v t="$l_secs" 'BEGIN {
	values = 2 * (n - ns) * m * 8 / 1024
	printf "RSS growth from %d to %d records per arm: %d KiB (per-run values alone: %.0f KiB)\n", ns, n, l - s, values
	printf "time for 2 x %d records: %.2f s (target < 1 s): %s\n", n, t, t < 1 ? "met" : "MISSED" }'
