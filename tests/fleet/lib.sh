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
