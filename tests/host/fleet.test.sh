#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# zswap-gate claims --prometheus against a real Prometheus (Debian's):
# a generated day of 3 arms x 10 hosts (tests/fleet/gen-openmetrics.awk:
# known effects on some rows, none on others, one host without a series,
# one whose quantile is NaN) backfilled with promtool and served on a
# free loopback port. Checks the verdicts, that every host's value is what
# the same query returns from Prometheus directly, and the errors: server
# unreachable, HTTP error, PromQL error, empty arm, unset placeholder,
# auth headers; a hostile server (tests/fleet/stub-prom.py: one that
# never answers, one that never stops, control characters, 100,000
# series) and hostile --arm and --by (refused before any query). No BPF,
# no root: build/zswap-gate (and the guests' static copy, which has no
# libcurl, for its error).
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
. tests/fleet/lib.sh

GATE=${FLEET_GATE:-build/zswap-gate}
STATIC_GATE=build/static/zswap-gate
CLAIMS=tests/fleet/fleet-claims.yaml
WORK=$(mktemp -d /tmp/zswap-fleet.XXXXXX)
PROM_PID="" NC_PID=""

for c in jq curl promtool prometheus busybox; do
	command -v $c >/dev/null || { echo "$c missing: run tools/install-deps.sh"; exit 1; }
done
[ -x "$GATE" ] || { echo "$GATE missing: make"; exit 1; }
[ -x "$STATIC_GATE" ] || make -s static-bins >/dev/null || exit 1

cleanup() {
	[ -n "$PROM_PID" ] && kill "$PROM_PID" 2>/dev/null && wait "$PROM_PID" 2>/dev/null
	[ -n "$NC_PID" ] && kill "$NC_PID" 2>/dev/null
	[ -n "${TLS_PID:-}" ] && kill "$TLS_PID" 2>/dev/null && wait "$TLS_PID" 2>/dev/null
	[ -n "${HANG_PID:-}" ] && kill "$HANG_PID" 2>/dev/null
	stub_stop
	[ -n "${KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

t0=$(date +%s)
check "generated and backfilled 3 arms x 10 hosts x 24 h" fleet_build "$WORK" \
	-v ARMS=off,stock,series -v HOSTS=10 -v STEP=300 -v SPAN=86400 \
	-v CGROUP=/workload.slice -v EFFECT_wb=1,1,1.3 -v EFFECT_pool=1,0.05,0.06 \
	-v EFFECT_psi=1,8,0.5 -v EFFECT_app=1,1.05,0.8 -v MISSING=stock:7 \
	-v IDLE=series:3
check "Prometheus serves the backfilled TSDB" fleet_serve "$WORK"
echo "data: $(wc -l < "$WORK/data.om") OpenMetrics lines, backfilled and served in $(($(date +%s) - t0)) s"
AT=$(cat "$WORK/end")

claims() {
	"$GATE" claims "$@" --prometheus "$PROM_URL" --arm off='arm="off"' \
		--arm stock='arm="stock"' --arm series='arm="series"' --at "$AT" \
		--set CGROUP=/workload.slice --set APP_HIST=app_request_duration_seconds
}

# --- verdicts -----------------------------------------------------------
J=$WORK/v.json
claims "$CLAIMS" --json > "$J" 2> "$WORK/v.err"
rc=$?
check "a directional row Prometheus cannot measure (app ops): exit 3" [ $rc -eq 3 ]
check "one query per row and arm: 7 rows x 3 arms = 21" \
	grep -q "claims: 21 Prometheus queries" "$WORK/v.err"
check "every arm has 10 hosts" [ "$(jq '[.arms[].hosts] == [10, 10, 10]' "$J")" = true ]
# verdict ROW BASE EXPECTED
verdict() {
	got=$(jq -r --arg l "$1" --arg b "$2" \
		'.rows[] | select(.label == $l and .base == $b) | .verdict' "$J")
	check "$1, $2 -> series: $3 (got $got)" [ "$got" = "$3" ]
}
for b in off stock; do
	verdict "written back" $b holds
	verdict "stores" $b holds
	verdict "pool" $b holds
	verdict "store p99" $b "not shown"
	verdict "store mean" $b holds
	verdict "memory PSI full" $b holds
	verdict "app p50" $b holds
	verdict "app ops" $b "not measurable here"
done
check "a NaN host is a run n/a, counted (app p50, series: n 9, na_runs 1)" \
	[ "$(row "$J" "app p50" '.measured.new | "\(.n) \(.na_runs)"' | sort -u)" = "9 1" ]
check "a host without a series is a run n/a, counted (PSI, stock: n 9, na_runs 1)" \
	[ "$(jq -r '.rows[] | select(.label == "memory PSI full" and .base == "stock") |
		.measured.base | "\(.n) \(.na_runs)"' "$J")" = "9 1" ]
check "the n/a host is named in the reason" \
	sh -c 'jq -r ".rows[].reason" "$1" | grep -q "stock-h007:9100"' _ "$J"
check "the pool's change is the generated one (-94%, +20%: within 3 points)" \
	[ "$(jq '[.rows[] | select(.label == "pool") | .measured.change_pct] |
		(.[0] + 94 | fabs) < 3 and (.[1] - 20 | fabs) < 3' "$J")" = true ]
# --at as RFC 3339: the same instant, the same values
"$GATE" claims "$CLAIMS" --json --prometheus "$PROM_URL" --arm off='arm="off"' \
	--arm stock='arm="stock"' --arm series='arm="series"' \
	--at "$(date -u -d "@$AT" +%Y-%m-%dT%H:%M:%SZ)" --set CGROUP=/workload.slice \
	--set APP_HIST=app_request_duration_seconds > "$WORK/rfc.json" 2> /dev/null
check "--at in RFC 3339 reads the same values as in Unix seconds" \
	[ "$(jq -c '[.rows[].measured]' "$WORK/rfc.json")" = "$(jq -c '[.rows[].measured]' "$J")" ]
claims "$CLAIMS" --allow-not-measurable > "$WORK/table.txt" 2>&1
check "--allow-not-measurable: exit 0" [ $? -eq 0 ]
check "the table says hosts and selectors" grep -q '^series: 10 hosts, selector {arm="series"}' \
	"$WORK/table.txt"
claims "$CLAIMS" --markdown --allow-not-measurable > /dev/null 2>&1
check "--markdown: exit 0" [ $? -eq 0 ]

# --- seed 002's production table, the fleet comparison it quotes --------
P=$WORK/002.json
"$GATE" claims claims/002-shrinker-iocost.yaml --table production --json \
	--prometheus "$PROM_URL" --at "$AT" --arm "shrinker off=arm=\"off\"" \
	--arm "this series=arm=\"series\"" --arm "stock shrinker=arm=\"stock\"" \
	--set APP_LATENCY=app_request_duration_seconds --set CGROUP=/workload.slice \
	> "$P" 2> "$WORK/002.err"
check "seed 002's production table on the fleet: exit 0" [ $? -eq 0 ]
check "its 8 rows (4 rows x 2 pairs) hold as generated" \
	[ "$(jq '[.rows[].verdict] == ["holds","holds","holds","holds","holds","holds","holds","holds"]' "$P")" = true ]
check "--arm in any order: the columns' order (off, stock, series)" \
	[ "$(jq -c '[.arms[].label]' "$P")" = '["shrinker off","stock shrinker","this series"]' ]
check "the pool row reads the exporter's level, PSI node_exporter's pressure" \
	sh -c 'jq -r ".rows[].measured.base.query" "$1" | grep -q "avg_over_time(zswap_cgroup_zswap_bytes" &&
		jq -r ".rows[].measured.base.query" "$1" | grep -q "node_pressure_memory_stalled_seconds_total"' _ "$P"

# --- each host's value is Prometheus' own answer to the same query -------
n=0 bad=0
jq -c '.rows[] | .measured.base, .measured.new | select(.query) | {query, hosts}' "$J" |
	sort -u > "$WORK/sides"
jq -r '.query' "$WORK/sides" > "$WORK/queries"
while read -r side; do
	q=$(printf '%s\n' "$side" | jq -r .query)
	promq_at "$q" "$AT" > "$WORK/direct.json"
	# the finite values (a NaN is a run n/a, not a value)
	same=$(printf '%s\n' "$side" | jq --slurpfile d "$WORK/direct.json" '
		($d[0] | with_entries(select(.value | type == "number"))) as $p |
		(.hosts | keys) == ($p | keys) and
		all(.hosts | to_entries[]; (.value - $p[.key] | fabs) <= 1e-9 * (($p[.key] | fabs) + 1))')
	n=$((n + 1))
	[ "$same" = true ] || { bad=$((bad + 1)); echo "differs: $q"; }
done < "$WORK/sides"
echo "compared $n queries' answers host by host"
check "every host's value equals Prometheus' answer to the same query ($n queries)" \
	[ "$n" -ge 21 -a "$bad" -eq 0 ]
# has_query STRING: one of the queries holds STRING
has_query() { grep -qF -- "$1" "$WORK/queries"; }
check "a counter is increase() of the registry's name" \
	has_query 'increase(zswap_written_back_pages_total{arm="off"}[24h])'
check "the pool's mean is avg_over_time() of the exported level, \$CGROUP from --set" \
	has_query 'avg_over_time(zswap_cgroup_zswap_bytes{arm="off",cgroup="/workload.slice"}[24h])'
check "a histogram's p99 is histogram_quantile() over its buckets' increase, in ns" \
	has_query '(histogram_quantile(0.99, sum by (instance, le) (increase(zswap_store_latency_seconds_bucket{arm="off"}[24h])))) / 1e-09'
check "a histogram's mean is the increase of _sum over that of _count" \
	has_query '(sum by (instance) (increase(zswap_store_latency_seconds_sum{arm="off"}[24h])) / sum by (instance) (increase(zswap_store_latency_seconds_count{arm="off"}[24h])))'
check "promql: rows take \$SELECTOR, \$WINDOW, \$BY and --set values" \
	has_query 'histogram_quantile(0.5, sum by (instance, le) (increase(app_request_duration_seconds_bucket{arm="series"}[24h]))) * 1e6'

# --- errors: exit 2, a clear message, no verdict ------------------------
# err DESC PATTERN CMD...: exit 2 and PATTERN in stderr, nothing on stdout
err() {
	desc=$1 pat=$2
	shift 2
	"$@" > "$WORK/e.out" 2> "$WORK/e.err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$WORK/e.out" ] && grep -q -- "$pat" "$WORK/e.err"; then
		pass "$desc"
	else
		fail "$desc (exit $rc: $(head -c 300 "$WORK/e.err"))"
	fi
}
DEAD=$(free_port)
err "server unreachable" "Prometheus at http://127.0.0.1:$DEAD: .*connect" \
	"$GATE" claims "$CLAIMS" --prometheus "http://127.0.0.1:$DEAD" \
	--arm off='arm="off"' --arm series='arm="series"' --set CGROUP=x --set APP_HIST=y
err "HTTP error (a path with no API)" "HTTP 404" \
	"$GATE" claims "$CLAIMS" --prometheus "$PROM_URL/nothing" \
	--arm off='arm="off"' --arm series='arm="series"' --set CGROUP=x --set APP_HIST=y
sed 's|increase(node_pressure_memory_stalled_seconds_total{$SELECTOR}\[$WINDOW\])|rate(node_pressure_memory_stalled_seconds_total{$SELECTOR})|' \
	"$CLAIMS" > "$WORK/badq.yaml"
err "a PromQL error quotes the server's message" \
	"bad_data error (HTTP 400): .*range vector.*in the query: rate(node_pressure" \
	claims "$WORK/badq.yaml"
err "an empty arm" "arm nope {arm=\"nope\"}: no row's query answered" \
	"$GATE" claims "$CLAIMS" --prometheus "$PROM_URL" --at "$AT" \
	--arm off='arm="off"' --arm nope='arm="nope"' --compare off:series \
	--set CGROUP=x --set APP_HIST=y
err "a placeholder not set" 'APP_HIST is not set: --set APP_HIST=VALUE' \
	"$GATE" claims "$CLAIMS" --prometheus "$PROM_URL" --at "$AT" \
	--arm off='arm="off"' --arm series='arm="series"' --set CGROUP=x
err "--window not a duration" "--window 1 day" \
	"$GATE" claims "$CLAIMS" --prometheus "$PROM_URL" --window "1 day" \
	--arm off='arm="off"' --arm series='arm="series"'
err "an --arm not a column" "--arm other: not a column of table fleet" \
	"$GATE" claims "$CLAIMS" --prometheus "$PROM_URL" --arm off='arm="off"' \
	--arm stock='arm="stock"' --arm other='arm="x"'
err "--labels with --prometheus (the arms' names are their --arm NAMEs)" "not --labels" \
	"$GATE" claims "$CLAIMS" --prometheus "$PROM_URL" --labels x,y \
	--arm off='arm="off"' --arm series='arm="series"'
err "--arm without --prometheus" "--arm needs --prometheus" \
	"$GATE" claims "$CLAIMS" --arm off='arm="off"' tests/fixtures/records/seed000/a -- \
	tests/fixtures/records/seed000/b
err "a table with no Prometheus form (workload figures only)" "no row of the selected tables has a Prometheus query" \
	"$GATE" claims claims/002-shrinker-iocost.yaml --table mysql --prometheus "$PROM_URL" \
	--arm "shrinker off=arm=\"off\"" --arm "stock shrinker=arm=\"stock\"" \
	--arm "this series=arm=\"series\""
"$GATE" claims "$CLAIMS" --prometheus "$PROM_URL" --at "$AT" --arm off='arm="off"' \
	--arm series='arm=~"off|series"' --set CGROUP=x --set APP_HIST=y > /dev/null 2> "$WORK/ov.err"
check "overlapping arms: warned of, with the first host" \
	grep -q "warning: 10 hosts are in arms off and series (off-h001:9100 first)" "$WORK/ov.err"
err "--arm without matchers" "MATCHERS is the inside of a PromQL selector" \
	"$GATE" claims "$CLAIMS" --prometheus "$PROM_URL" --arm off=x --arm series=y
err "the static build says it has no libcurl" "statically linked copy" \
	"$STATIC_GATE" claims "$CLAIMS" --prometheus "$PROM_URL" \
	--arm off='arm="off"' --arm series='arm="series"'
echo "secret" > "$WORK/token"
err "a missing token file" "--bearer-token-file $WORK/none" \
	"$GATE" claims "$CLAIMS" --prometheus "$PROM_URL" --bearer-token-file "$WORK/none" \
	--arm off='arm="off"' --arm series='arm="series"'

# --- a hostile server, hostile options (issue 45) ------------------------
ARMS2="--arm off=arm=\"off\" --arm series=arm=\"series\" --set CGROUP=x --set APP_HIST=y"
# a server that accepts and never answers: the default timeout, in the
# background meanwhile (30 s), and a short --timeout
check "a stub that never answers listens" stub_start hang
HANG_URL=$STUB_URL HANG_STUB=$STUB_PID STUB_PID=""
t_hang=$(date +%s)
(timeout 60 "$GATE" claims "$CLAIMS" --prometheus "$HANG_URL" $ARMS2 \
	> /dev/null 2> "$WORK/hang30.err"; echo $? > "$WORK/hang30.rc"; date +%s > "$WORK/hang30.end") &
HANG_PID=$!
t0=$(date +%s)
err "a server that never answers: --timeout 1s, named" \
	"Prometheus at $HANG_URL: no answer within --timeout 1s (connect and answer together)" \
	"$GATE" claims "$CLAIMS" --prometheus "$HANG_URL" --timeout 1s $ARMS2
check "--timeout 1s: exit within 5 s (took $(($(date +%s) - t0)) s)" [ $(($(date +%s) - t0)) -le 5 ]
err "--timeout not a duration" "--timeout 30: want a Prometheus duration" \
	"$GATE" claims "$CLAIMS" --prometheus "$HANG_URL" --timeout 30 $ARMS2
err "--timeout 0s" "--timeout 0s: want a Prometheus duration from 1ms" \
	"$GATE" claims "$CLAIMS" --prometheus "$HANG_URL" --timeout 0s $ARMS2

# an answer that never ends: stopped at the limit, which is named
stub_start endless
err "an endless answer: larger than the limit, named" \
	"Prometheus at $STUB_URL: the answer is larger than 256 MiB, the most an answer may be" \
	"$GATE" claims "$CLAIMS" --prometheus "$STUB_URL" $ARMS2
stub_stop

# control characters (CR, ESC sequences, BEL, C1) in what the server says:
# one line, escaped
ESC=$(printf '\033')
printf 'bad gateway\r\033[2J\033]0;owned\007\nsecond line \302\23331m' > "$WORK/ctrl.body"
printf '{"status":"error","errorType":"bad_data","error":"x\\r\\u001b[2Jy\\u0007\\nz"}' \
	> "$WORK/ctrl.json"
for c in "502 $WORK/ctrl.body" "400 $WORK/ctrl.json"; do
	stub_start answer $c
	"$GATE" claims "$CLAIMS" --prometheus "$STUB_URL" $ARMS2 > /dev/null 2> "$WORK/ctrl.err"
	rc=$?
	stub_stop
	check "HTTP ${c%% *} with control characters: exit 2 (got $rc), one line" \
		[ $rc -eq 2 -a "$(wc -l < "$WORK/ctrl.err")" -eq 1 ]
	check "HTTP ${c%% *} with control characters: none reaches the terminal, shown escaped" \
		sh -c '! grep -q "[$(printf "\r\033\007")]" "$1" && ! grep -q "$(printf "\302\233")" "$1" &&
			grep -q "x1b\[2J" "$1"' _ "$WORK/ctrl.err"
done

# the issue's injections, and others: exit 2 and no query sent
stub_start answer 200 "$WORK/ctrl.json"
# inject DESC PATTERN ARGS...: exit 2, PATTERN in stderr, no connection
inject() {
	desc=$1
	shift
	err "$desc" "$@"
	check "$desc: no query sent" [ ! -s "$STUB_LOG" ]
}
inject "--arm pasting PromQL after the selector" \
	"--arm base: MATCHERS at character 8 ('}\[24h\]) or vector(1)" \
	"$GATE" claims "$CLAIMS" --prometheus "$STUB_URL" \
	--arm 'base=job="a"}[24h]) or vector(1) or count_over_time(up{job="x"' \
	--arm new='job="b"'
inject "--by pasting PromQL into sum by ()" \
	"--by instance) (vector(1)) or sum by (instance: want a label name" \
	"$GATE" claims "$CLAIMS" --prometheus "$STUB_URL" $ARMS2 \
	--by 'instance) (vector(1)) or sum by (instance'
inject "--arm with a whole selector and more" "MATCHERS at character 13" \
	"$GATE" claims "$CLAIMS" --prometheus "$STUB_URL" \
	--arm 'off={arm="off"} or vector(1)' --arm series='arm="series"'
inject "--arm with an operator PromQL matchers do not have" "MATCHERS at character 10" \
	"$GATE" claims "$CLAIMS" --prometheus "$STUB_URL" \
	--arm 'off=arm="off"+vector(1)' --arm series='arm="series"'
inject "--arm with a function call, not a matcher" "MATCHERS at character 7" \
	"$GATE" claims "$CLAIMS" --prometheus "$STUB_URL" \
	--arm 'off=vector(1)>0,a="b"' --arm series='arm="series"'
stub_stop
# quotes inside a quoted value stay in it: no series, not a vector(1)
err "an --arm value holding PromQL stays a value: no series, exit 2" \
	'arm off {arm="off..} or vector(1) or up{x=...}: no row.s query answered' \
	"$GATE" claims "$CLAIMS" --prometheus "$PROM_URL" --at "$AT" \
	--arm "off=arm='off\"} or vector(1) or up{x=\"'" --arm series='arm="series"' \
	--set CGROUP=x --set APP_HIST=y

# 100,000 series an answer: read in linear time (every pair compared
# took 33 s of CPU a query)
wide_answer 100000 > "$WORK/wide.json"
one_row_claims > "$WORK/one.yaml"
stub_start answer 200 "$WORK/wide.json"
/usr/bin/time -f "%U %S" -o "$WORK/wide.time" "$GATE" claims "$WORK/one.yaml" --json \
	--prometheus "$STUB_URL" --arm off='arm="off"' --arm series='arm="series"' \
	> "$WORK/wide.out" 2> "$WORK/wide.err"
rc=$?
stub_stop
cpu=$(awk '{ print $1 + $2 }' "$WORK/wide.time")
check "2 answers of 100,000 series: exit 0 (got $rc), every host read" \
	[ $rc -eq 0 -a "$(jq -c '[.arms[].hosts]' "$WORK/wide.out")" = "[100000,100000]" ]
check "2 answers of 100,000 series: under 5 s of CPU (took $cpu s)" \
	awk -v c="$cpu" 'BEGIN { exit !(c < 5) }'

# the default timeout, from the background run
wait "$HANG_PID"
HANG_PID=""
kill "$HANG_STUB" 2>/dev/null
took=$(($(cat "$WORK/hang30.end") - t_hang))
check "no --timeout: exit 2 after the default 30 s (got $(cat "$WORK/hang30.rc") after $took s)" \
	[ "$(cat "$WORK/hang30.rc")" = 2 -a $took -ge 29 -a $took -le 40 ]
check "no --timeout: the default named" \
	grep -q "no answer within --timeout 30s (connect and answer together)" "$WORK/hang30.err"

# --- auth headers, as a server receives them -----------------------------
# busybox nc answers one request with a PromQL error and keeps what it got
catch_request() {
	port=$(free_port)
	body='{"status":"error","errorType":"bad_data","error":"caught"}'
	printf 'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s' \
		"${#body}" "$body" | busybox nc -l -p "$port" > "$WORK/request" &
	NC_PID=$!
	sleep 0.3
	"$GATE" claims "$CLAIMS" --prometheus "http://127.0.0.1:$port" "$@" \
		--arm off='arm="off"' --arm series='arm="series"' \
		--set CGROUP=x --set APP_HIST=y > /dev/null 2> "$WORK/e.err"
	echo $? > "$WORK/rc"
	wait "$NC_PID" 2>/dev/null
	NC_PID=""
}
catch_request --bearer-token-file "$WORK/token"
check "--bearer-token-file: the token is sent as a bearer token" \
	grep -q "^Authorization: Bearer secret" "$WORK/request"
check "a server's own error is quoted, exit 2" \
	sh -c '[ "$(cat "$1/rc")" = 2 ] && grep -q "\"caught\"" "$1/e.err"' _ "$WORK"
echo "fleet:pa ss" > "$WORK/basic"
catch_request --basic-auth-file "$WORK/basic"
check "--basic-auth-file: user:password sent as basic auth" \
	grep -q "^Authorization: Basic $(printf 'fleet:pa ss' | base64)" "$WORK/request"

# --- a server that checks them: TLS and basic auth (Prometheus' web config)
# A CA of the test's own signs the server's certificate; the same TSDB,
# copied, served with the web config's TLS and a bcrypt password.
tls_server() {
	d=$WORK/tls
	mkdir -p "$d"
	printf 'subjectAltName=IP:127.0.0.1\n' > "$d/san"
	{ openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
		-keyout "$d/ca.key" -out "$d/ca.crt" -days 2 -subj /CN=zswap-test-ca &&
	  openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
		-keyout "$d/server.key" -out "$d/server.csr" -subj /CN=127.0.0.1 &&
	  openssl x509 -req -in "$d/server.csr" -CA "$d/ca.crt" -CAkey "$d/ca.key" \
		-CAcreateserial -out "$d/server.crt" -days 2 -extfile "$d/san"
	} > "$d/openssl.log" 2>&1 || return 1
	hash=$(python3 -W ignore -c 'import crypt; print(crypt.crypt("pa ss", crypt.mksalt(crypt.METHOD_BLOWFISH)))')
	case $hash in '$2'*) ;; *) return 1 ;; esac
	printf 'tls_server_config:\n  cert_file: %s\n  key_file: %s\nbasic_auth_users:\n  fleet: %s\n' \
		"$d/server.crt" "$d/server.key" "$hash" > "$d/web.yml"
	cp -r "$WORK/tsdb" "$d/tsdb" && rm -f "$d/tsdb/lock"
	TLS_PORT=$(free_port)
	prometheus --config.file=/dev/null --storage.tsdb.path="$d/tsdb" \
		--storage.tsdb.retention.time=10y --web.config.file="$d/web.yml" \
		--web.listen-address="127.0.0.1:$TLS_PORT" > "$d/prom.log" 2>&1 &
	TLS_PID=$!
	TLS_URL=https://127.0.0.1:$TLS_PORT
	for i in $(seq 100); do
		curl -sf --cacert "$d/ca.crt" -u "fleet:pa ss" "$TLS_URL/-/ready" >/dev/null && return 0
		sleep 0.1
	done
	return 1
}
TLS_PID=""
check "Prometheus serves the TSDB behind TLS and basic auth" tls_server
tls_claims() {
	"$GATE" claims "$CLAIMS" --json --prometheus "$TLS_URL" --arm off='arm="off"' \
		--arm stock='arm="stock"' --arm series='arm="series"' --at "$AT" \
		--set CGROUP=/workload.slice --set APP_HIST=app_request_duration_seconds "$@"
}
tls_claims --ca-file "$WORK/tls/ca.crt" --basic-auth-file "$WORK/basic" \
	> "$WORK/tls.json" 2> "$WORK/tls.err"
check "--ca-file and --basic-auth-file: the same verdicts and values as over http" \
	[ "$(jq -c '[.rows[] | .verdict, .measured]' "$WORK/tls.json")" = \
	  "$(jq -c '[.rows[] | .verdict, .measured]' "$J" | sed "s|$PROM_URL|$TLS_URL|g")" ]
err "the server's certificate not trusted (the system's CAs): exit 2" \
	"Prometheus at $TLS_URL: .*certificate" \
	tls_claims --basic-auth-file "$WORK/basic"
echo "fleet:wrong" > "$WORK/wrong"
err "a wrong password: the server's 401, exit 2" "HTTP 401" \
	tls_claims --ca-file "$WORK/tls/ca.crt" --basic-auth-file "$WORK/wrong"
err "no credentials: the server's 401, exit 2" "HTTP 401" \
	tls_claims --ca-file "$WORK/tls/ca.crt"
err "a CA file that cannot be read" "--ca-file $WORK/none: No such file" \
	tls_claims --ca-file "$WORK/none" --basic-auth-file "$WORK/basic"
err "--ca-file with an http:// URL" "is not https://" \
	"$GATE" claims "$CLAIMS" --prometheus "$PROM_URL" --ca-file "$WORK/tls/ca.crt" \
	--arm off='arm="off"' --arm series='arm="series"'

summary
