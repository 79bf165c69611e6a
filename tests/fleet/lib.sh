# SPDX-License-Identifier: GPL-2.0
# A generated fleet served by a real Prometheus (Debian's prometheus and
# promtool), for tests/host/fleet.test.sh and bench/fleet.sh. Sourced
# after tests/lib.sh (free_port, up).

# fleet_build DIR AWK_ARGS...: DIR/data.om from gen-openmetrics.awk (its
# -v settings in AWK_ARGS; T_END is set here, to 10 minutes ago on a 5
# minute boundary, and written to DIR/end), backfilled into DIR/tsdb
fleet_build() {
	dir=$1
	shift
	t_end=$(( $(date +%s) / 300 * 300 - 600 ))
	echo "$t_end" > "$dir/end"
	awk -v T_END="$t_end" "$@" -f tests/fleet/gen-openmetrics.awk > "$dir/data.om" &&
		promtool tsdb create-blocks-from openmetrics "$dir/data.om" "$dir/tsdb" \
			> "$dir/promtool.log" 2>&1
}

# fleet_serve DIR: Prometheus over DIR/tsdb on a free loopback port, no
# scrapes; sets PROM_PID and PROM_URL. Retention long enough that it
# never drops the backfilled day.
fleet_serve() {
	port=$(free_port)
	prometheus --config.file=/dev/null --storage.tsdb.path="$1/tsdb" \
		--storage.tsdb.retention.time=10y \
		--web.listen-address="127.0.0.1:$port" > "$1/prom.log" 2>&1 &
	PROM_PID=$!
	PROM_URL=http://127.0.0.1:$port
	up "$PROM_URL/-/ready"
}

# promq_at QUERY TIME: the answer of Prometheus itself as {host: value}
# (instance label), for comparison with what zswap-gate read
promq_at() {
	curl -sf "$PROM_URL/api/v1/query" --data-urlencode "query=$1" \
		--data-urlencode "time=$2" |
		jq -S '[.data.result[] | {(.metric.instance): (.value[1] | tonumber? // .)}] | add // {}'
}

# stub_start MODE ARGS...: tests/fleet/stub-prom.py (a Prometheus that
# hangs, answers endlessly, or answers every query with a file) on a
# free loopback port; sets STUB_PID, STUB_URL and STUB_LOG (a line per
# connection: no line, no query sent). stub_stop ends it.
stub_start() {
	port=$(free_port)
	STUB_LOG=$WORK/stub-$port.log
	python3 tests/fleet/stub-prom.py "$port" "$STUB_LOG" "$@" 2> "$STUB_LOG.err" &
	STUB_PID=$!
	STUB_URL=http://127.0.0.1:$port
	i=0
	while [ ! -e "$STUB_LOG" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	[ -e "$STUB_LOG" ]
}
stub_stop() {
	[ -n "${STUB_PID:-}" ] && kill "$STUB_PID" 2>/dev/null && wait "$STUB_PID" 2>/dev/null
	STUB_PID=""
}

# wide_answer N: a Prometheus answer of N series, one per instance
wide_answer() {
	awk -v n="$1" 'BEGIN {
		printf "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
		for (i = 0; i < n; i++)
			printf "%s{\"metric\":{\"instance\":\"h%06d:9100\"},\"value\":[1700000000,\"%d\"]}",
				i ? "," : "", i, 1000 + i % 7
		print "]}}" }'
}

# one_row_claims: a claims file of one promql: row over arms off and series
one_row_claims() {
	cat <<'YAML'
schema: zswap-claims/1
series: "one promql: row"
setup:
  stated: "a stub Prometheus"
tables:
  - id: wide
    title: "One row"
    columns: [off, series]
    rows:
      - label: calls
        promql: "increase(calls_total{$SELECTOR}[$WINDOW])"
        quoted: [null, null]
        claim: same
        margin_pct: 10
YAML
}
