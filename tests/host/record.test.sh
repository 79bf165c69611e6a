#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Live host tier: the real running kernel (tracepoint-only on the 6.18
# build machines), a real swap file, real zswap and a memory-limited
# cgroup. Every number the toolkit derives from BPF events is reconciled
# with the kernel's own counters (vmstat, debugfs zswap) of the same window.
# Needs root. Leaves swap and zswap as it found them.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
host_lock

GATE=build/zswap-gate
HOG=build/hog
WORK=$(mktemp -d /tmp/zswap-host.XXXXXX)
export ZSWAP_ENV_STATE=$WORK/env.state
CG=""
CG2=""

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP live host tier: needs root (it enables zswap and swap)"
	exit 1
fi
command -v jq >/dev/null || { echo "jq missing: run tools/install-deps.sh"; exit 1; }

cleanup() {
	[ -n "$CG" ] && rmdir "$CG" 2>/dev/null
	[ -n "$CG2" ] && rmdir "$CG2" 2>/dev/null
	tools/zswap-env.sh restore >/dev/null 2>&1
	rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

state() {
	cat /sys/module/zswap/parameters/* 2>/dev/null | tr '\n' ' '
	tail -n +2 /proc/swaps | awk '{print $1}' | tr '\n' ' '
}

STATE_BEFORE=$(state)

# --- bad input -------------------------------------------------------
out=$($GATE record --bogus 2>&1); rc=$?
check "unknown option: usage and exit 2" [ $rc -eq 2 ]
check "unknown option: usage printed" sh -c "echo \"\$1\" | grep -q usage:" _ "$out"
out=$(setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	$GATE record -o "$WORK/x.json" -d 1 2>&1); rc=$?
check "not root: exit 2" [ $rc -eq 2 ]
check "not root: one clear line" sh -c \
	'[ "$(echo "$1" | wc -l)" -eq 1 ] && echo "$1" | grep -q "needs root"' _ "$out"
$GATE record -o "$WORK/nocg.json" --cgroup /sys/fs/cgroup/does-not-exist -d 1 \
	>/dev/null 2>&1
check "missing cgroup: exit 2" [ $? -eq 2 ]

# zswap disabled and no swap: the record runs and says so
echo N > /sys/module/zswap/parameters/enabled
$GATE record -q -o "$WORK/off.json" -d 1
check "zswap off: record still written" [ -s "$WORK/off.json" ]
check "zswap off: header says disabled" \
	sh -c 'jq -r ".notes[]" "$1" | grep -q "zswap is disabled"' _ "$WORK/off.json"
check "no swap: header says so" \
	sh -c 'jq -r ".notes[]" "$1" | grep -q "no swap is active"' _ "$WORK/off.json"

# --- the workload ----------------------------------------------------
tools/zswap-env.sh setup --swapfile "$WORK/swap" --size 2048 \
	--max-pool-percent 1 --shrinker N >/dev/null || { fail "zswap-env setup"; summary; exit 1; }
make_cgroup 128 || { fail "cgroup"; summary; exit 1; }

$GATE plan > "$WORK/plan.txt" 2>&1
check "plan: fentry refused with its reason" \
	grep -q "fentry zswap_store: program load refused" "$WORK/plan.txt"

V0_WB=$(vmstat zswpwb); D0_WB=$(dbgfs written_back_pages)
V0_OUT=$(vmstat zswpout); V0_PSWPOUT=$(vmstat pswpout)
D0_PLH=$(dbgfs pool_limit_hit)
# Recipe A of tools/zswap-env.sh: a cold hog idles while a hot one churns,
# so the pool fills with cold entries that shrink_worker writes back.
$GATE record -q --self-stats -o "$WORK/run.json" --events "$WORK/ev.jsonl" \
	--cgroup "$CG" -- sh -c "$HOG -q -m 512 -w 15 -c 1536 -s 1 & sleep 3;
	$HOG -q -m 512 -p 4 -c 1536 -s 2; wait"
rc=$?
V1_WB=$(vmstat zswpwb); D1_WB=$(dbgfs written_back_pages)
V1_OUT=$(vmstat zswpout); V1_PSWPOUT=$(vmstat pswpout)
D1_PLH=$(dbgfs pool_limit_hit)
R=$WORK/run.json

check "record exits 0" [ $rc -eq 0 ]
check "record complete, command exit 0" \
	[ "$(jq -r '.complete' "$R") $(jq -r '.exit_code' "$R")" = "true 0" ]
wb=$(metric "$R" written_back_pages)
bio_wb=$(metric "$R" "swap_write_pages{origin=writeback}")
bio_rc=$(metric "$R" "swap_write_pages{origin=reclaim}")
echo "written back: vmstat $((V1_WB - V0_WB)), debugfs $((D1_WB - D0_WB)), record $wb, bios(writeback) $bio_wb"
check "writeback happened (debugfs delta > 1000)" gt $((D1_WB - D0_WB)) 1000
check "zswpwb (record) = vmstat delta within 1%" \
	within "$(metric "$R" zswpwb)" $((V1_WB - V0_WB)) 1
check "written_back_pages (record) = debugfs delta within 1%" \
	within "$wb" $((D1_WB - D0_WB)) 1
check "swap_write_pages{origin=writeback} (block tracepoint) = written_back_pages within 1%" \
	within "$bio_wb" "$wb" 1
check "swap write pages, both origins (block tracepoint) = pswpout delta within 1%" \
	within "$(awk -v a="$bio_wb" -v b="$bio_rc" 'BEGIN{print a+b}')" $((V1_PSWPOUT - V0_PSWPOUT)) 1
check "cgroup_zswpout (memcg tracepoint) = vmstat zswpout delta within 1%" \
	within "$(metric "$R" "cgroup_zswpout{cgroup=$CG}")" $((V1_OUT - V0_OUT)) 1
check "cgroup_zswpwb (memcg tracepoint) = debugfs written_back_pages within 1%" \
	within "$(metric "$R" "cgroup_zswpwb{cgroup=$CG}")" $((D1_WB - D0_WB)) 1
if gt $((D1_PLH - D0_PLH)) 0; then
	check "pool_limit_hit grew, so shrink_worker_wakeups > 0" \
		gt "$(metric "$R" shrink_worker_wakeups)" 0
fi
check "shrink_worker_wakeups comes from the workqueue tracepoint" \
	[ "$(msource "$R" shrink_worker_wakeups)" = tracepoint ]
check "store_latency_ns is null with a reason, not 0" \
	sh -c '[ "$(jq -r ".metrics.store_latency_ns.value" "$1")" = null ] &&
	       [ "$(jq -r ".histograms.store_latency_ns // 0" "$1")" = 0 ] &&
	       jq -r ".metrics.store_latency_ns.reason" "$1" | grep -q kprobe' _ "$R"
check "load_calls is null with a reason" \
	sh -c '[ "$(jq -r ".metrics.load_calls.value" "$1")" = null ] &&
	       jq -r ".metrics.load_calls.reason" "$1" | grep -q fentry' _ "$R"
check "ring buffer drops are reported" [ "$(metric "$R" ringbuf_drops)" != null ]
nev=$(grep -c '"type":"bio"' "$WORK/ev.jsonl")
allbios=$(awk -v a="$(metric "$R" "swap_write_bios{origin=writeback}")" \
	-v b="$(metric "$R" "swap_write_bios{origin=reclaim}")" 'BEGIN{print a+b}')
drops=$(metric "$R" ringbuf_drops)
echo "bio events: kept $nev, dropped $drops, counted $allbios"
# ringbuf_drops counts lost events of every type (shrink_worker runs too),
# so kept bio events <= counted bios <= kept + dropped
check "every bio event is kept or counted as dropped" \
	sh -c '[ "$1" -le "$3" ] && [ $(($1 + $2)) -ge "$3" ]' _ "$nev" "$drops" "$allbios"
check "--self-stats has run counts" \
	gt "$(jq '[.self_stats[].run_cnt] | add' "$R")" 0
check "--cgroup: count_memcg_events attached and in the plan" \
	sh -c '[ "$(jq -r ".plan.hooks.memcg_events.target" "$1")" = count_memcg_events ] &&
	       [ "$(jq -r ".self_stats.tp_memcg_events.run_cnt // 0" "$1")" -gt 0 ]' _ "$R"

# --- the command's CPU time, and the counters read by key ---------------
# cpu_user_s + cpu_sys_s against /usr/bin/time (wait4's rusage) of the same
# command inside the record; vmstat's other swap counters and the mTHP
# stats against their files read around the record. The host's memory
# cgroup is v1, with no cpu.stat: the record takes the process tree's
# rusage; on cgroup v2 (a guest) the cgroup's cpu.stat, checked the same way.
VKEYS="swpout_zero swpin_zero pgmajfault swap_ra swap_ra_hit thp_swpout thp_swpout_fallback"
# reclaim's counters: any task's reclaim moves them, so the few ms between
# the bracket's reads and the record's window may add some pages
RKEYS="workingset_refault_anon workingset_refault_file workingset_activate_anon
	workingset_activate_file workingset_restore_anon workingset_restore_file
	pgscan_kswapd pgscan_direct pgsteal_kswapd pgsteal_direct"
MTHP=/sys/kernel/mm/transparent_hugepage
counters_now() {
	for k in $VKEYS $RKEYS; do echo "$k $(vmstat $k)"; done
	for f in $MTHP/hugepages-*kB/stats/*; do
		[ -f "$f" ] || continue
		s=${f#$MTHP/hugepages-}
		echo "mthp_${f##*/}{size=${s%%/*}} $(cat "$f")"
	done
}
counters_now > "$WORK/ctr0"
$GATE record -q -o "$WORK/cpu.json" --cgroup "$CG" -- /usr/bin/time -f "%U %S" \
	-o "$WORK/time.txt" $HOG -q -m 256 -p 3 -c 1536 -s 1
rc=$?
counters_now > "$WORK/ctr1"
C=$WORK/cpu.json
check "record of a timed command exits 0" [ $rc -eq 0 ]
tu=$(awk '{ print $1 + $2 }' "$WORK/time.txt")
ru=$(awk -v a="$(metric "$C" cpu_user_s)" -v b="$(metric "$C" cpu_sys_s)" \
	"$NUMS"' BEGIN { if (num(a) && num(b)) print a + b; else print "null" }')
echo "cpu: record $ru s ($(msource "$C" cpu_user_s)), /usr/bin/time $tu s"
check "cpu_user_s + cpu_sys_s = getrusage of the command within 5% + 0.05 s" \
	within "$ru" "$tu" 5 0.05
check "the command used CPU (> 0.1 s)" gt "$tu" 0.1
want=rusage
[ -e "$CG/cpu.stat" ] && want=counter
check "cpu_user_s, cpu_sys_s from $want" \
	[ "$(msource "$C" cpu_user_s) $(msource "$C" cpu_sys_s)" = "$want $want" ]
delta() { counter_delta "$1" "$WORK/ctr0" "$WORK/ctr1"; }
for k in $VKEYS; do
	v=$(metric "$C" $k) d=$(delta $k)
	check "$k (record $v) = /proc/vmstat delta ($d) within 1%" within "$v" "$d" 1
done
for k in $RKEYS; do
	v=$(metric "$C" $k) d=$(delta $k)
	check "$k (record $v) = /proc/vmstat delta ($d) within 1% + 64 pages" \
		within "$v" "$d" 1 64
done
echo "pgscan_direct $(metric "$C" pgscan_direct), pgsteal_direct $(metric "$C" pgsteal_direct), workingset_refault_anon $(metric "$C" workingset_refault_anon)"
echo "pgmajfault $(metric "$C" pgmajfault), swap_ra $(metric "$C" swap_ra), swpout_zero $(metric "$C" swpout_zero)"
# Every mTHP stat of every size is a metric; the swap ones (only swapping
# moves them, and the host lock keeps other swapping out) equal their
# files' deltas. Fault and split counts move with any process on the host
# outside the record's window: no equality is asked of them.
bad=0 n=0 nsw=0
for k in $(awk '/^mthp_/ { print $1 }' "$WORK/ctr1"); do
	n=$((n + 1))
	v=$(metric "$C" "$k")
	case $k in
	mthp_*swp*) nsw=$((nsw + 1))
		within "$v" "$(delta "$k")" 1 ;;
	*) [ "$(msource "$C" "$k")" = counter ] ;;
	esac || { bad=$((bad + 1)); echo "  $k: record $v, files $(delta "$k")"; }
done
check "every mTHP stat ($n) in the record; its $nsw swap counters = their files' deltas within 1%" \
	[ $bad -eq 0 ]
nf=$(ls /sys/kernel/debug/zswap | wc -l)
check "every debugfs zswap/ file ($nf) is a metric named as the file" \
	sh -c 'for f in $(ls /sys/kernel/debug/zswap); do
		[ "$(jq -r --arg n "$f" ".metrics[\$n].source" "$1")" = counter ] || exit 1
	done' _ "$C"
check "memory.events on cgroup v1: n/a with the reason, not 0" \
	sh -c '[ -e "$2/memory.events" ] ||
	       jq -r ".metrics[\"memory_events_high{cgroup=$2}\"].reason" "$1" |
	       grep -q "cgroup v1"' _ "$C" "$CG"

# --- no per-cgroup figure asked for: count_memcg_events stays detached --
$GATE plan > "$WORK/plan-nocg.txt" 2>&1
check "plan without --cgroup: memcg_events not attached, and why" \
	grep -Eq "^memcg_events +n/a .*no per-cgroup figure asked for" "$WORK/plan-nocg.txt"
$GATE plan --cgroup "$CG" > "$WORK/plan-cg.txt" 2>&1
check "plan with --cgroup: memcg_events from its tracepoint" \
	grep -Eq "^memcg_events +tracepoint +count_memcg_events" "$WORK/plan-cg.txt"
# the hog in $CG swaps, so the memcg events happen; the record just does not ask
$GATE record -q --self-stats -o "$WORK/nocg.json" -- sh -c \
	"echo \$\$ > $CG/cgroup.procs && exec $HOG -q -m 256 -p 2 -c 512 -s 1"
N=$WORK/nocg.json
check "record without --cgroup exits with a record" [ -s "$N" ]
check "record without --cgroup: zswap stores happened (zswpout > 0)" \
	gt "$(metric "$N" zswpout)" 0
check "record without --cgroup: tp_memcg_events not loaded" \
	sh -c 'jq -e ".self_stats | length > 0" "$1" >/dev/null &&
	       [ "$(jq -r ".self_stats.tp_memcg_events // \"absent\"" "$1")" = absent ]' _ "$N"
check "record without --cgroup: the plan says why memcg_events is unused" \
	sh -c '[ "$(jq -r ".plan.hooks.memcg_events.source" "$1")" = n/a ] &&
	       jq -r ".plan.hooks.memcg_events.skipped[]" "$1" |
	       grep -q "no per-cgroup figure asked for"' _ "$N"
check "record without --cgroup: no cgroup_* figure, not even a zero" \
	[ "$(jq '[.metrics | keys[] | select(startswith("cgroup_"))] | length' "$N")" = 0 ]

# --- a full cgroup_counts map is counted, not silent -------------------
check "map_full_drops is 0 while cgroup_counts has room" \
	[ "$(metric "$R" map_full_drops)" = 0 ]
check "bpf_missed_runs reported ($(metric "$R" bpf_missed_runs))" \
	awk -v v="$(metric "$R" bpf_missed_runs)" "$NUMS"' BEGIN { exit !(num(v) && v >= 0) }'
# cgroup_counts shrunk to one entry (test mode) while two cgroups swap:
# whichever comes second finds it full on each of its memcg events
CG1=$CG
make_cgroup 128 zswap-test2 || { fail "second cgroup"; summary; exit 1; }
CG2=$CG CG=$CG1
ZSWAP_TEST_MAP_MAX=cgroup_counts=1 $GATE record -q -o "$WORK/full.json" \
	--cgroup "$CG" -- sh -c "$HOG -q -m 256 -p 2 -c 512 -s 1 &
	echo \$\$ > $CG2/cgroup.procs && $HOG -q -m 256 -p 2 -c 512 -s 1; wait" \
	2> "$WORK/full.log"
F=$WORK/full.json
echo "cgroup_counts of one entry, two cgroups swapping: map_full_drops $(metric "$F" map_full_drops)"
check "test mode: the shrunk map is noted in the record" \
	sh -c 'jq -r ".notes[]" "$1" | grep -q "map cgroup_counts holds 1 entries (test mode)"' _ "$F"
check "cgroup_counts full: zswap stores happened (zswpout > 0)" gt "$(metric "$F" zswpout)" 0
check "cgroup_counts full: map_full_drops > 0" gt "$(metric "$F" map_full_drops)" 0

# --- failing command and interruption ----------------------------------
$GATE record -q -o "$WORK/fail.json" -- sh -c 'exit 7'
check "failing command: exit code kept in the record" \
	[ "$(jq -r .exit_code "$WORK/fail.json")" = 7 ]
$GATE record -q -o "$WORK/int.json" -- sleep 30 &
gp=$!
sleep 2
kill -INT $gp
wait $gp
check "SIGINT: record written and marked incomplete" \
	[ "$(jq -r .complete "$WORK/int.json")" = false ]

rmdir "$CG" && CG=""
rmdir "$CG2" && CG2=""
tools/zswap-env.sh restore >/dev/null
check "swap and zswap state restored" [ "$(state)" = "$STATE_BEFORE" ]
summary
