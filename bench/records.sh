#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): reading big records. One zswap-record/1 file of
# METRICS metrics (default 100,000) per arm, timed through `zswap-gate
# compare` and `zswap-gate claims` (a claims file naming one of them and
# a glob over all). Reading is linear in the metrics (a hash index by
# name).
# Target: well under 1 s of CPU per record read. No privileges. Writes
# build/bench/records/ (ignored by git).
set -u
cd "$(dirname "$0")/.."
METRICS=${METRICS:-100000}
OUT=build/bench/records
GATE=build/zswap-gate
LIMIT=${LIMIT:-1}
[ -x /usr/bin/time ] || { echo "bench/records.sh: needs GNU time (/usr/bin/time)"; exit 1; }

# gen FILE SHIFT: metric k is 1000 + k + SHIFT, named as a workload's own
# figure (workload_*), which a claims file may name
gen() {
	awk -v m="$METRICS" -v shift="$2" 'BEGIN {
		printf "{\"schema\":\"zswap-record/1\",\"kernel\":{\"release\":\"6.12.0-bench\"},\"hostname\":\"bench\",\"zswap\":{\"enabled\":\"Y\"},\"cgroup\":null,\"command\":[],\"start_unix\":0,\"duration_s\":10,\"wall_time_s\":10,\"exit_code\":0,\"complete\":true,\"notes\":[],\"metrics\":{"
		for (k = 0; k < m; k++)
			printf "%s\"workload_bench_%06d\":{\"value\":%d,\"unit\":\"calls\",\"source\":\"counter\"}", k ? "," : "", k, 1000 + k + shift
		printf "},\"histograms\":{}}\n"
	}' > "$1"
}

# measure LABEL COMMAND...: wall and CPU (user + sys) seconds, and whether
# the CPU time per record read is under the target of LIMIT s (CPU, not
# wall: the wall time of a shared machine shows the other jobs). Fails
# only when the command does (a benchmark prints figures).
STATUS=0
measure() {
	label=$1
	shift
	/usr/bin/time -f "%e %U %S %M" -o "$OUT/time" "$@" > "$OUT/out" 2>&1
	rc=$?
	# GNU time says "Command exited with non-zero status N" first
	read -r wall user sys kib <<EOF
$(tail -n 1 "$OUT/time")
EOF
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
	printf "%-36s %6.2f s wall %6.2f s CPU  %7d KiB max RSS  (exit %d)\n" \
		"$label" "$wall" "$cpu" "$kib" "$rc"
	if [ "$rc" -ge 2 ]; then
		echo "FAIL $label: exit $rc: $(head -n 1 "$OUT/out")"
		STATUS=1
	fi
	awk -v c="$cpu" -v l="$LIMIT" 'BEGIN { printf "  %.2f s CPU per record read: target < %g s %s\n",
		c / 2, l, c / 2 < l ? "met" : "NOT met" }'
}

rm -rf "$OUT"
mkdir -p "$OUT/a" "$OUT/b"
gen "$OUT/a/run1.json" 0
gen "$OUT/b/run1.json" 5
cat > "$OUT/claims.yaml" <<'YAML'
schema: zswap-claims/1
series: "bench: records of many metrics"
source:
  seed: none
setup:
  stated: synthetic records
tables:
  - id: big
    title: big records
    columns: [base, new]
    rows:
      - label: one metric
        metric: workload_bench_050000
        quoted: [null, null]
        claim: higher
      - label: all metrics
        metric: "workload_bench_*"
        quoted: [null, null]
        claim: higher
YAML
echo "== reading records of $METRICS metrics ($(du -h "$OUT/a/run1.json" | cut -f1) each)"
# one record an arm tests no metric: --allow-untested, as the cost is the point
measure "compare, 1 record per arm" "$GATE" compare --allow-untested "$OUT/a" -- "$OUT/b"
measure "compare --json, 1 record per arm" "$GATE" compare --allow-untested --json "$OUT/a" -- "$OUT/b"
measure "claims, 1 record per arm" "$GATE" claims "$OUT/claims.yaml" "$OUT/a" -- "$OUT/b"
exit $STATUS
