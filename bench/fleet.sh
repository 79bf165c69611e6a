#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): zswap-gate claims --prometheus at fleet scale.
# HOSTS hosts an arm (default 1,000) x 3 arms x 20 rows over a generated
# day (tests/fleet/gen-openmetrics.awk, a sample every STEP s, default
# 1,800), backfilled with promtool and served by Debian's Prometheus on a
# loopback port. One warm-up run, then RUNS runs (default 3): the gate's
# own CPU (user + sys) and peak RSS (GNU time), its wall time, and the CPU
# Prometheus spent meanwhile (its /proc stat), each run on its own line,
# then the run of median gate CPU. Targets: the gate under 2 s of CPU and 100 MB.
# Then one wide answer: a stub Prometheus (tests/fleet/stub-prom.py)
# answering each of 2 queries with WIDE series (default 100,000), the
# gate's CPU and peak RSS over RUNS runs (target: under 2 s of CPU).
# No privileges. Writes build/bench/fleet/ (ignored by git).
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/fleet/lib.sh
HOSTS=${HOSTS:-1000}
STEP=${STEP:-1800}
RUNS=${RUNS:-3}
WIDE=${WIDE:-100000}
OUT=build/bench/fleet
GATE=${FLEET_GATE:-build/zswap-gate}
PROM_PID="" STUB_PID=""
WORK=$OUT	# stub_start's log
[ -x /usr/bin/time ] || { echo "bench/fleet.sh: needs GNU time (/usr/bin/time)"; exit 1; }
[ -x "$GATE" ] || { echo "bench/fleet.sh: $GATE missing (make)"; exit 1; }
trap '[ -n "$PROM_PID" ] && kill "$PROM_PID" 2>/dev/null; stub_stop' EXIT INT TERM

rm -rf "$OUT"
mkdir -p "$OUT"
t0=$(date +%s)
fleet_build "$OUT" -v ARMS=off,stock,series -v HOSTS="$HOSTS" -v STEP="$STEP" \
	-v SPAN=86400 -v CGROUP=/workload.slice -v EFFECT_wb=1,1,1.3 \
	-v EFFECT_pool=1,0.05,0.06 -v EFFECT_psi=1,8,0.5 -v EFFECT_app=1,1.05,0.8 \
	-v EXTRA=12 || { echo "bench/fleet.sh: generating or backfilling failed"; exit 1; }
echo "data: 3 x $HOSTS hosts, $(wc -l < "$OUT/data.om") OpenMetrics lines, generated and backfilled in $(($(date +%s) - t0)) s"
fleet_serve "$OUT" || { echo "bench/fleet.sh: Prometheus did not start"; exit 1; }

# the 20 rows: 8 of tests/fleet/fleet-claims.yaml's kinds, 12 promql: counters
{
	sed -n '1,/^    rows:/p' tests/fleet/fleet-claims.yaml
	sed -n '/^    rows:/,$p' tests/fleet/fleet-claims.yaml | sed 1d |
		sed '/label: app ops/,$d'
	cat <<EOF
      - label: app p99
        promql: "histogram_quantile(0.99, sum by (\$BY, le) (increase(\${APP_HIST}_bucket{\$SELECTOR}[\$WINDOW]))) * 1e6"
        quoted: [null, null, null]
        claim: lower
EOF
	for x in $(seq 1 12); do
		cat <<EOF
      - label: extra $x
        promql: "increase(zswap_fleet_extra_${x}_total{\$SELECTOR}[\$WINDOW])"
        quoted: [null, null, null]
        claim: same
        margin_pct: 10
EOF
	done
} > "$OUT/claims.yaml"
rows=$(grep -c '^      - label:' "$OUT/claims.yaml")

# prom_cpu: Prometheus' user + sys CPU so far, in seconds
prom_cpu() {
	awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f\n", ($14 + $15) / hz }' /proc/"$PROM_PID"/stat
}
run() {
	/usr/bin/time -f "%U %S %e %M" -o "$OUT/time" "$GATE" claims "$OUT/claims.yaml" \
		--json --prometheus "$PROM_URL" --at "$(cat "$OUT/end")" \
		--arm off='arm="off"' --arm stock='arm="stock"' --arm series='arm="series"' \
		--set CGROUP=/workload.slice --set APP_HIST=app_request_duration_seconds \
		> "$OUT/out.json" 2> "$OUT/err"
}
run
echo "warm-up: exit $? ($(tail -1 "$OUT/err")), $rows rows, hosts per arm $(jq -c '[.arms[].hosts]' "$OUT/out.json")"
: > "$OUT/runs"
for i in $(seq 1 "$RUNS"); do
	p0=$(prom_cpu)
	run
	rc=$?
	p1=$(prom_cpu)
	read -r u s e kib < "$OUT/time"
	awk -v u="$u" -v s="$s" -v e="$e" -v k="$kib" -v p="$(echo "$p1 - $p0" | bc)" -v rc="$rc" \
		'BEGIN { printf "run: gate CPU %.2f s (user %.2f, sys %.2f), wall %.2f s, peak RSS %.1f MB; Prometheus CPU %.2f s (exit %d)\n",
			u + s, u, s, e, k / 1024, p, rc
			printf "%.2f %.2f %.1f %.2f\n", u + s, e, k / 1024, p > "/dev/stderr" }' 2>> "$OUT/runs"
done
sort -n "$OUT/runs" | awk -v n="$RUNS" 'NR == int((n + 1) / 2) {
	printf "the run of median gate CPU (of %d): gate CPU %.2f s, wall %.2f s, peak RSS %.1f MB; Prometheus CPU %.2f s\n", n, $1, $2, $3, $4
	ok = $1 < 2 && $3 < 100
	printf "targets (CPU < 2 s, RSS < 100 MB): %s\n", ok ? "met" : "NOT met" }'

# one wide answer: WIDE series to each of 2 queries
wide_answer "$WIDE" > "$OUT/wide.json"
one_row_claims > "$OUT/one.yaml"
stub_start answer 200 "$OUT/wide.json" || { echo "bench/fleet.sh: the stub did not start"; exit 1; }
: > "$OUT/wide.runs"
for i in $(seq 1 "$RUNS"); do
	/usr/bin/time -f "%U %S %e %M" -o "$OUT/time" "$GATE" claims "$OUT/one.yaml" \
		--json --prometheus "$STUB_URL" --arm off='arm="off"' \
		--arm series='arm="series"' > "$OUT/wide.out" 2> "$OUT/wide.err"
	rc=$?
	read -r u s e kib < "$OUT/time"
	awk -v u="$u" -v s="$s" -v e="$e" -v k="$kib" -v rc="$rc" -v h="$(jq -c '[.arms[].hosts]' "$OUT/wide.out")" \
		'BEGIN { printf "wide run: gate CPU %.2f s, wall %.2f s, peak RSS %.1f MB, hosts %s (exit %d)\n", u + s, e, k / 1024, h, rc
			printf "%.2f %.2f %.1f\n", u + s, e, k / 1024 > "/dev/stderr" }' 2>> "$OUT/wide.runs"
done
stub_stop
sort -n "$OUT/wide.runs" | awk -v n="$RUNS" -v w="$WIDE" -v sz="$(wc -c < "$OUT/wide.json")" 'NR == int((n + 1) / 2) {
	printf "wide: 2 answers of %d series (%.1f MB each), the run of median gate CPU (of %d): gate CPU %.2f s, wall %.2f s, peak RSS %.1f MB\n", w, sz / 1e6, n, $1, $2, $3
	printf "target (CPU < 2 s): %s\n", $1 < 2 ? "met" : "NOT met" }'
