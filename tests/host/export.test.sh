#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Live host tier for zswap-export, with the real Prometheus components
# from Debian's packages: promtool checks the file and the rules,
# prometheus-node-exporter (textfile collector, loopback port) serves it,
# and a Prometheus server (loopback, 1 s scrapes) evaluates a recording
# rule. Values scraped through node_exporter are compared with a
# `zswap-gate record` of the same window (deltas between two scrapes
# taken just before and just after the record, nothing else swapping).
# Then: disk full on a tiny tmpfs, SIGTERM during writes, bad input.
# Needs root. Leaves swap and zswap as it found them.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
host_lock

EXP=build/zswap-export
GATE=build/zswap-gate
HOG=build/hog
WORK=$(mktemp -d /tmp/zswap-export.XXXXXX)
export ZSWAP_ENV_STATE=$WORK/env.state
CG="" ODD="" TINY="" RO=""
EXP_PID="" NE_PID="" PROM_PID="" EXP2_PID=""

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP export host tier: needs root"
	exit 1
fi
for c in jq curl promtool prometheus prometheus-node-exporter; do
	command -v $c >/dev/null || { echo "$c missing: run tools/install-deps.sh"; exit 1; }
done

stop() { [ -n "$1" ] && kill "$1" 2>/dev/null && wait "$1" 2>/dev/null; }
cleanup() {
	stop "$EXP_PID"; stop "$EXP2_PID"; stop "$NE_PID"; stop "$PROM_PID"
	[ -n "$TINY" ] && umount "$TINY" 2>/dev/null
	[ -n "$RO" ] && umount "$RO" 2>/dev/null
	[ -n "$ODD" ] && rmdir "$ODD" 2>/dev/null
	[ -n "$CG" ] && rmdir "$CG" 2>/dev/null
	tools/zswap-env.sh restore >/dev/null 2>&1
	rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

# val FILE SERIES: the value of one series (exact name and labels)
# (ENVIRON, since awk -v would undo the escapes in label values)
val() { S="$2" awk 'index($0, ENVIRON["S"] " ") == 1 { v = $NF } END { print v }' "$1"; }
delta() { awk -v a="$(val "$A" "$1")" -v b="$(val "$B" "$1")" 'BEGIN { print b - a }'; }
# wait_write OUT T: until OUT was written after time T (10 s at most)
wait_write() {
	i=0
	while [ $i -lt 100 ]; do
		ts=$(val "$1" zswap_exporter_last_write_timestamp_seconds 2>/dev/null)
		[ -n "$ts" ] && gt "$ts" "$2" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
now() { date +%s.%N; }
# within_rel A B PCT: |A - B| <= PCT% of |B| (for ratios below 1, where
# lib.sh's within would allow PCT% of 1)
within_rel() {
	awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN {
		d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b
		exit !(a == a + 0 && m > 0 && d <= m * p / 100) }'
}

# --- bad input ---------------------------------------------------------
$EXP >/dev/null 2>&1
check "no --output: exit 2" [ $? -eq 2 ]
out=$($EXP -o "$WORK/missing/zswap.prom" --once 2>&1); rc=$?
check "output directory missing: exit 2" [ $rc -eq 2 ]
check "output directory missing: one clear line" sh -c \
	'[ "$(echo "$1" | wc -l)" -eq 1 ] && echo "$1" | grep -q "No such file or directory"' _ "$out"
RO=$WORK/ro
mkdir "$RO" && mount -t tmpfs -o ro,size=64k tmpfs "$RO"
out=$($EXP -o "$RO/zswap.prom" --once 2>&1); rc=$?
check "output directory not writable: exit 2 ($out)" [ $rc -eq 2 ]
check "output directory not writable: says so" sh -c 'echo "$1" | grep -q "Read-only"' _ "$out"
umount "$RO" && RO=""
$EXP -o "$WORK/x.prom" --interval abc >/dev/null 2>&1
check "bad --interval: exit 2" [ $? -eq 2 ]
out=$(setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	$EXP -o /tmp/zswap-export-nobody.prom --once 2>&1); rc=$?
check "not root: exit 2 with one line" sh -c '[ "$1" -eq 2 ] && [ "$(echo "$2" | wc -l)" -eq 1 ]' _ $rc "$out"

check "promtool check rules passes on tools/prometheus/zswap-rules.yml" \
	promtool check rules tools/prometheus/zswap-rules.yml

# --- environment and servers --------------------------------------------
tools/zswap-env.sh setup --swapfile "$WORK/swap" --size 2048 \
	--max-pool-percent 1 --shrinker N >/dev/null || { fail "zswap-env setup"; summary; exit 1; }
make_cgroup 128 || { fail "cgroup"; summary; exit 1; }
MNT=$(awk '$9 == "cgroup" && $NF ~ /(^|,)memory(,|$)/ { print $5; exit }' /proc/self/mountinfo)
[ -n "$MNT" ] || MNT=/sys/fs/cgroup
REL=${CG#"$MNT"}
# cgroupfs refuses newlines in names (the unit tier covers them); quotes
# and backslashes are allowed and must come out escaped.
ODD="$(dirname "$CG")/zswap \"odd\" \\name.$$"
mkdir "$ODD" && echo $((32 << 20)) > "$ODD/memory.limit_in_bytes"
ODD_REL=${ODD#"$MNT"}

TF=$WORK/textfile
mkdir "$TF"
OUT=$TF/zswap.prom
# --locks and --iocost for the dashboard's lock and iocost panels
$EXP -o "$OUT" --interval 1 --cgroups --locks --iocost -v 2> "$WORK/exp.log" &
EXP_PID=$!
NE_PORT=$(free_port)
prometheus-node-exporter --web.listen-address="127.0.0.1:$NE_PORT" \
	--collector.disable-defaults --collector.textfile --collector.uname --collector.meminfo \
	--collector.textfile.directory="$TF" > "$WORK/ne.log" 2>&1 &
NE_PID=$!

check "exporter writes its first file" wait_write "$OUT" 0
check "node_exporter answers on 127.0.0.1:$NE_PORT" up "http://127.0.0.1:$NE_PORT/metrics"
check "promtool check metrics passes on the file" sh -c 'promtool check metrics < "$1"' _ "$OUT"
# build_info, as exporters give it: the version --version prints
ver=$($EXP --version | sed 's/^zswap-export //; s/ (.*//')
check "zswap_exporter_build_info 1 with version=\"$ver\", the revision and libbpf's" \
	grep -qE "^zswap_exporter_build_info\{version=\"$ver\",revision=\"[^\"]*\",libbpf=\"v[0-9.]+\"\} 1$" "$OUT"

# Prometheus scrapes from before the first swap activity, so every counter
# starts at ~0 in its window and rate() extrapolates them all alike.
PROM_PORT=$(free_port)
cat > "$WORK/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files:
  - $(pwd)/tools/prometheus/zswap-rules.yml
scrape_configs:
  - job_name: node
    static_configs:
      - targets: ['127.0.0.1:$NE_PORT']
EOF
prometheus --config.file="$WORK/prometheus.yml" --storage.tsdb.path="$WORK/tsdb" \
	--web.listen-address="127.0.0.1:$PROM_PORT" > "$WORK/prom.log" 2>&1 &
PROM_PID=$!
check "Prometheus answers on 127.0.0.1:$PROM_PORT" up "http://127.0.0.1:$PROM_PORT/-/ready"
# its first sample, taken before any workload
promq() {
	curl -s "http://127.0.0.1:$PROM_PORT/api/v1/query" --data-urlencode "query=$1" |
		jq -r '.data.result[0].value[1] // "none"'
}
i=0
while [ "$(promq zswap_store_calls_total)" = none ] && [ $i -lt 100 ]; do
	sleep 0.2
	i=$((i + 1))
done
check "Prometheus scraped the exporter's counters" [ "$(promq zswap_store_calls_total)" != none ]

# --- the same window through node_exporter and zswap-gate record ---------
A=$WORK/a.txt B=$WORK/b.txt R=$WORK/run.json
wait_write "$OUT" "$(now)"
curl -sf "http://127.0.0.1:$NE_PORT/metrics" > "$A"
# Recipe A of tools/zswap-env.sh: a cold hog idles while a hot one churns.
$GATE record -q -o "$R" --cgroup "$CG" -- sh -c "$HOG -q -m 512 -w 15 -c 1536 -s 1 & sleep 3;
	$HOG -q -m 512 -p 4 -c 1536 -s 2; wait"
check "record exits 0" [ $? -eq 0 ]
wait_write "$OUT" "$(now)"
curl -sf "http://127.0.0.1:$NE_PORT/metrics" > "$B"

check "node_textfile_scrape_error is 0" [ "$(val "$B" node_textfile_scrape_error)" = 0 ]
check "node_exporter serves the histogram with its TYPE" \
	grep -q '^# TYPE zswap_swap_write_bio_pages histogram' "$B"
wb=$(metric "$R" written_back_pages)
echo "record: written back $wb, stores $(metric "$R" store_calls), writeback bios $(metric "$R" "swap_write_bios{origin=writeback}")"
check "writeback happened in the window (record > 1000 pages)" gt "$wb" 1000
# record metric -> series served by node_exporter
while read -r rm series; do
	r=$(metric "$R" "$rm")
	d=$(delta "$series")
	echo "  $rm: record $r, scrapes $d"
	check "$series = record $rm within 1%" within "$d" "$r" 1
done <<EOF
store_calls zswap_store_calls_total
store_reject zswap_store_rejects_total
written_back_pages zswap_written_back_pages_total
zswpout zswap_vmstat_zswpout_pages_total
pswpout zswap_vmstat_pswpout_pages_total
pool_limit_hit zswap_pool_limit_hits_total
swap_write_bios{origin=writeback} zswap_swap_write_bios_total{origin="writeback"}
swap_write_pages{origin=writeback} zswap_swap_write_pages_total{origin="writeback"}
swap_write_bios{origin=reclaim} zswap_swap_write_bios_total{origin="reclaim"}
swap_write_pages{origin=reclaim} zswap_swap_write_pages_total{origin="reclaim"}
swap_write_bios{origin=writeback} zswap_swap_write_bio_pages_count{origin="writeback"}
swap_write_pages{origin=writeback} zswap_swap_write_bio_pages_sum{origin="writeback"}
cgroup_zswpout{cgroup=$CG} zswap_cgroup_stored_pages_total{cgroup="$REL"}
cgroup_zswpwb{cgroup=$CG} zswap_cgroup_written_back_pages_total{cgroup="$REL"}
swpout_zero zswap_vmstat_swpout_zero_pages_total
swap_ra zswap_vmstat_swap_ra_pages_total
thp_swpout_fallback zswap_vmstat_thp_swpout_fallback_folios_total
mthp_swpout{size=64kB} zswap_mthp_swpout_folios_total{size="64kB"}
mthp_swpout_fallback{size=2048kB} zswap_mthp_swpout_fallback_folios_total{size="2048kB"}
EOF
# the counters read by key: a family for each, the kernel's own files too
for series in zswap_vmstat_major_faults_total zswap_vmstat_swap_ra_hit_pages_total \
	'zswap_mthp_zswpout_folios_total{size="64kB"}' 'zswap_mthp_anon_folios{size="2048kB"}'; do
	check "$series exported" [ -n "$(val "$B" "$series")" ]
done
# an mTHP stat no row describes (6.18's anon_fault_declined) still exported
if [ -e /sys/kernel/mm/transparent_hugepage/hugepages-64kB/stats/anon_fault_declined ]; then
	check "an mTHP stat without a row: zswap_mthp_stat_delta{stat=...}" \
		[ -n "$(val "$B" 'zswap_mthp_stat_delta{size="64kB",stat="anon_fault_declined"}')" ]
fi
# memory.events and memory.stat zswapped per cgroup, where cgroup v2 has them
if [ -e "$CG/memory.events" ]; then
	check "--cgroups: memory.events high of the cgroup" \
		[ -n "$(val "$B" "zswap_cgroup_memory_events_total{cgroup=\"$REL\",event=\"high\"}")" ]
else
	check "--cgroups on cgroup v1: no memory.events series (v1 has none)" \
		sh -c '! grep -q "^zswap_cgroup_memory_events_total" "$1"' _ "$OUT"
fi
check "self metrics: BPF program run counts > 0" \
	gt "$(awk '/^zswap_exporter_program_runs_total/ { s += $2 } END { print s + 0 }' "$B")" 0
check "--cgroups: count_memcg_events attached (its program ran)" \
	gt "$(awk -F'} ' '/^zswap_exporter_program_runs_total\{program="tp_memcg_events"\}/ { print $2 }' "$B")" 0
# node_exporter gives every series of a family the same label names
check "hook plan exported" grep -qE \
	'^zswap_hook_source_info\{metric="store_calls",(reason="",)?source="counter"\} 1$' "$B"

# --- a recording rule evaluated by a running Prometheus ------------------
# Scrapes lag under the workload: wait until Prometheus holds B's value,
# then for two rule evaluations.
# (numbers compared as numbers: node_exporter writes 1e6 as 1e+06)
same() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a == a + 0 && a + 0 == b + 0) }'; }
i=0
while ! same "$(promq zswap_store_calls_total)" "$(val "$B" zswap_store_calls_total)" &&
      [ $i -lt 150 ]; do
	sleep 0.2
	i=$((i + 1))
done
check "Prometheus caught up with the last scrape" \
	same "$(promq zswap_store_calls_total)" "$(val "$B" zswap_store_calls_total)"
sleep 2.5
Q="zswap:swap_write_pages_per_bio:rate5m{origin=\"writeback\"}"
rule=$(promq "$Q")
ppb=$(metric "$R" "pages_per_bio{origin=writeback}")
echo "recording rule $Q = $rule; record pages_per_bio{origin=writeback} = $ppb"
check "recording rule pages per writeback bio = record's within 1%" within_rel "$rule" "$ppb" 1
# rate() extrapolates every series of one target alike when all start
# near 0 in the window, so the ratio of two rates is the ratio of deltas
Q=zswap:reject_ratio:rate5m
rule=$(promq "$Q")
rr=$(metric "$R" reject_rate)
echo "recording rule $Q = $rule; record reject_rate = $rr"
for q in 'increase(zswap_store_rejects_total[5m])' 'increase(zswap_store_calls_total[5m])' \
	 'resets(zswap_store_rejects_total[5m])' 'resets(zswap_store_calls_total[5m])' \
	 'count_over_time(zswap_store_calls_total[5m])'; do
	echo "  $q = $(promq "$q")"
done
check "recording rule reject ratio = record's reject_rate within 1%" within_rel "$rule" "$rr" 1

# --- the same window read back by zswap-gate claims --prometheus ---------
# zswap-export's textfile -> node_exporter -> Prometheus -> claims: the
# record's counters as one host's run (both arms this host: the path, not a
# verdict, is what this checks). increase() over 5m extrapolates the
# sampled span (1 s scrapes, from before the workload) to the window by at
# most a scrape interval at each end: within 5% of the record.
FG=${FLEET_GATE:-build/zswap-gate}
if [ -x "$FG" ]; then
	cat > "$WORK/e2e.yaml" <<EOF
schema: zswap-claims/1
series: "end to end: zswap-export, node_exporter, Prometheus, claims"
setup: {stated: "this host's record window"}
tables:
  - id: e2e
    title: "one host"
    columns: [a, b]
    rows:
      - {label: written_back_pages, metric: written_back_pages, quoted: [null, null], claim: same}
      - {label: store_calls, metric: store_calls, quoted: [null, null], claim: same}
      - {label: "swap_write_bios{origin=writeback}", metric: "swap_write_bios{origin=writeback}", quoted: [null, null], claim: same}
EOF
	at=$(date +%s)
	"$FG" claims "$WORK/e2e.yaml" --json --prometheus "http://127.0.0.1:$PROM_PORT" \
		--arm a='job="node"' --arm b='job="node"' --window 5m --at "$at" \
		> "$WORK/e2e.json" 2> "$WORK/e2e.err"
	check "claims --prometheus reads this host back: exit 0 ($(head -c 200 "$WORK/e2e.err"))" [ $? -eq 0 ]
	# each row is labelled with the record metric it reads
	for rm in written_back_pages store_calls "swap_write_bios{origin=writeback}"; do
		got=$(jq -r --arg l "$rm" '.rows[] | select(.label == $l) |
			.measured.base.hosts["127.0.0.1:'"$NE_PORT"'"]' "$WORK/e2e.json")
		q=$(jq -r --arg l "$rm" '.rows[] | select(.label == $l) | .measured.base.query' "$WORK/e2e.json")
		direct=$(curl -s "http://127.0.0.1:$PROM_PORT/api/v1/query" --data-urlencode "query=$q" \
			--data-urlencode "time=$at" | jq -r '.data.result[0].value[1]')
		echo "  $rm: claims $got, Prometheus $direct, record $(metric "$R" "$rm")"
		check "claims' $rm is Prometheus' answer to its query" same "$got" "$direct"
		check "claims' $rm = the record's within 5%" within_rel "$got" "$(metric "$R" "$rm")" 5
	done
else
	echo "SKIP claims --prometheus end to end: $FG missing (make)"
fi

# --- the Grafana dashboard's queries ------------------------------------------
# Every PromQL expression of dashboards/zswap.json (and the instance
# variable's metric), with Grafana's variables filled in, against this
# Prometheus while the window still holds the workload: it must parse and
# return series. Where a metric family is absent for a reason the file
# states (iocost off: zswap_iocost_info; no zswap lock contention traced),
# its panel's queries are skipped with that reason.
promraw() { curl -s "http://127.0.0.1:$PROM_PORT/api/v1/query" --data-urlencode "query=$1"; }
iocost_off=$(sed -n 's/^zswap_iocost_info{enabled="0",reason="\(.*\)"} 1$/\1/p' "$OUT")
no_locks=""
grep -q '^zswap_lock_failures_total' "$OUT" && ! grep -q '^zswap_lock_contentions_total' "$OUT" &&
	no_locks="the kernel traced no contention on zswap's locks in the window (see contended() in tests/lib.sh)"
jq -r '.. | objects | select(has("expr")) | .expr | gsub("\n"; " ")' dashboards/zswap.json > "$WORK/exprs"
jq -r '.templating.list[] | select(.type == "query") | .query.query' dashboards/zswap.json |
	sed -n 's/^label_values(\([^,]*\), *\(.*\))$/count by (\2) (\1)/p' >> "$WORK/exprs"
n=0
while read -r e; do
	q=$(printf '%s' "$e" | sed 's/\$instance/.*/g; s/\$__rate_interval/1m/g')
	r=$(promraw "$q")
	n=$((n + 1))
	if [ "$(echo "$r" | jq -r .status)" != success ]; then
		fail "dashboard query does not run: $e ($(echo "$r" | jq -r .error))"
		continue
	fi
	len=$(echo "$r" | jq '.data.result | length')
	if [ "$len" -eq 0 ] && [ -n "$iocost_off" ] && echo "$q" | grep -q 'iocost_debt'; then
		echo "SKIP dashboard query (iocost off: $iocost_off): $e"
		continue
	fi
	if [ "$len" -eq 0 ] && [ -n "$no_locks" ] && echo "$q" | grep -q 'zswap_lock_'; then
		echo "SKIP dashboard query ($no_locks): $e"
		continue
	fi
	check "dashboard query returns $len series: $e" [ "$len" -gt 0 ]
done < "$WORK/exprs"
check "dashboard: $n queries found" [ "$n" -ge 20 ]

# --- a cgroup with quotes and a backslash in its name --------------------
# It fills 96 MiB against a 32 MiB limit, then idles: the pool holds still,
# so the gauges can be compared with debugfs read right after a write.
sh -c 'echo $$ > "$1/tasks" && exec "$2" -q -m 96 -c 1536 -w 6' _ "$ODD" "$HOG" &
hp=$!
sleep 3
wait_write "$OUT" "$(now)"
D_STORED=$(dbgfs stored_pages); D_POOL=$(dbgfs pool_total_size)
echo "gauges: file stored_pages $(val "$OUT" zswap_stored_pages), debugfs $D_STORED;" \
	"pool_bytes $(val "$OUT" zswap_pool_bytes), debugfs $D_POOL"
check "zswap_stored_pages (gauge) = debugfs stored_pages within 1%" \
	within "$(val "$OUT" zswap_stored_pages)" "$D_STORED" 1
check "zswap_pool_bytes (gauge) = debugfs pool_total_size within 1%" \
	within "$(val "$OUT" zswap_pool_bytes)" "$D_POOL" 1
check "the idle hog keeps pages in zswap (debugfs stored_pages > 1000)" gt "$D_STORED" 1000
check "gauges have TYPE gauge" sh -c 'grep -q "^# TYPE zswap_pool_bytes gauge" "$1" &&
	grep -q "^# TYPE zswap_stored_pages gauge" "$1"' _ "$OUT"
wait $hp
wait_write "$OUT" "$(now)"
esc=$(printf '%s' "$ODD_REL" | sed 's/\\/\\\\/g; s/"/\\"/g')
check "odd cgroup name escaped in the file" \
	grep -qF "zswap_cgroup_stored_pages_total{cgroup=\"$esc\"}" "$OUT"
check "odd cgroup stored pages > 0" \
	gt "$(val "$OUT" "zswap_cgroup_stored_pages_total{cgroup=\"$esc\"}")" 0
check "promtool still passes with the odd cgroup" sh -c 'promtool check metrics < "$1"' _ "$OUT"
curl -sf "http://127.0.0.1:$NE_PORT/metrics" > "$WORK/c.txt"
check "node_exporter serves the odd cgroup escaped" \
	grep -qF "zswap_cgroup_stored_pages_total{cgroup=\"$esc\"}" "$WORK/c.txt"
check "node_textfile_scrape_error is 0 with the odd cgroup" \
	[ "$(val "$WORK/c.txt" node_textfile_scrape_error)" = 0 ]

# --- --once ------------------------------------------------------------------
mkdir "$WORK/once"
$EXP -o "$WORK/once/zswap.prom" --once --interval 0.5 2>/dev/null
check "--once: exit 0 after one write" [ $? -eq 0 ]
# no --cgroups: the programs listed, count_memcg_events not among them
check "no --cgroups: count_memcg_events not attached" sh -c \
	'grep -q "^zswap_exporter_program_runs_total{" "$1" &&
	 ! grep -q "^zswap_exporter_program_runs_total{program=\"tp_memcg_events\"}" "$1"' \
	_ "$WORK/once/zswap.prom"
# the single-writer lock file (.zswap.prom.lock, docs/zswap-export.md) stays by design
check "--once: the file passes promtool, nothing else left but the lock file" sh -c \
	'promtool check metrics < "$1/zswap.prom" &&
	 [ "$(ls -A "$1" | grep -vx "\.zswap\.prom\.lock")" = zswap.prom ]' _ "$WORK/once"

# --- disk full on a tiny tmpfs ---------------------------------------------
stop "$EXP_PID"; EXP_PID=""
check "SIGTERM: no temporary file left (interval 1 s)" \
	sh -c '! ls -a "$1" | grep -q "\.tmp$"' _ "$TF"
TINY=$WORK/tiny
mkdir "$TINY" && mount -t tmpfs -o size=256k tmpfs "$TINY"
$EXP -o "$TINY/zswap.prom" --interval 0.2 2> "$WORK/tiny.log" &
EXP2_PID=$!
wait_write "$TINY/zswap.prom" 0
dd if=/dev/zero of="$TINY/fill" bs=4k 2>/dev/null
sleep 1
cp "$TINY/zswap.prom" "$WORK/kept.prom"
sleep 1
check "disk full: the previous file stays as it was" cmp -s "$TINY/zswap.prom" "$WORK/kept.prom"
check "disk full: the previous file is complete (promtool)" \
	sh -c 'promtool check metrics < "$1"' _ "$TINY/zswap.prom"
check "disk full: error logged" grep -q "No space left on device" "$WORK/tiny.log"
check "disk full: no temporary file left" sh -c '! ls -a "$1" | grep -q "\.tmp$"' _ "$TINY"
rm -f "$TINY/fill"
t=$(now)
check "space freed: the next interval writes again" wait_write "$TINY/zswap.prom" "$t"
check "space freed: the failures are counted in the file" \
	gt "$(val "$TINY/zswap.prom" zswap_exporter_write_errors_total)" 0
stop "$EXP2_PID"; EXP2_PID=""
umount "$TINY" && TINY=""

# --- SIGTERM while writing every 10 ms -------------------------------------
ok=0
for i in 1 2 3 4 5 6 7 8; do
	$EXP -o "$WORK/sig.prom" --interval 0.01 2>/dev/null &
	p=$!
	wait_write "$WORK/sig.prom" 0 >/dev/null
	sleep "0.$i"
	kill -TERM $p
	wait $p
	rc=$?
	if [ $rc -eq 0 ] && ! ls -a "$WORK" | grep -q '^\.sig\.prom\..*\.tmp$' &&
	   promtool check metrics < "$WORK/sig.prom" >/dev/null 2>&1; then
		ok=$((ok + 1))
	fi
	rm -f "$WORK/sig.prom"
done
check "SIGTERM during 100 writes/s: exit 0, no temporary file, complete file (8 of 8: $ok)" [ $ok -eq 8 ]

stop "$NE_PID"; NE_PID=""
stop "$PROM_PID"; PROM_PID=""
rmdir "$ODD" && ODD=""
rmdir "$CG" && CG=""
summary
