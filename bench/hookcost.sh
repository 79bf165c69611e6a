#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hookcost.sh RECORD EMPTY [PEER]: each of our programs' mean ns per run
# (bpf_stats) beside the empty program on the same hook and the peer's
# (bpftrace) program on it, with the ratios; target: ours <= 2x empty and
# <= 1/2 of the peer. RECORD: a record with --self-stats, or
# zswap-lockstat's --self-stats --json report; EMPTY: hookbench's output
# ("e_HOOK RUNS NS"); PEER: "bt_HOOK RUNS NS" lines (bench/peers.sh).
# Best measured in one run with all of them attached (bench/peers.sh), so
# every program sees the same events. fentry/fexit programs are matched to
# the empty pair on the record's planned target.
rec=$1 empty=$2 peer=${3:-/dev/null}
# Why a program is above 2x: the work its events need (docs/benchmarks.md's
# Benchmarks section). A program with few runs is mostly cache misses.
why() {
	case $1 in
	tp_wq_start) echo "with --iocost or --events: each shrink_worker run tags its task, which they read" ;;
	tp_bio_queue) echo "each swap write bio is counted by origin, its task's tag looked up; with --iocost each write bio is charged to its cgroup in a hash" ;;
	is_sched_switch) echo "a worker's or reclaiming task's switch looks its tag up" ;;
	btf_begin | raw_begin) echo "each address's first contention and 1 in 64 after walk the stack (~5 us each, cold), the others look up the task's slot and the address's" ;;
	btf_end | raw_end) echo "the wait is added to the address's aggregate: the task's slot, the address's, the clock" ;;
	esac
}
jq -r '.self_stats | to_entries[] | select(.value.run_cnt > 0) |
	"\(.key) \(.value.run_cnt) \(.value.mean_ns)"' "$rec" |
while read -r prog cnt ns; do
	case $prog in
	tp_bio_queue) hook=block_bio_queue ;;
	tp_wq_start) hook=workqueue_execute_start ;;
	tp_wq_end) hook=workqueue_execute_end ;;
	tp_slab_start) hook=mm_shrink_slab_start ;;
	tp_slab_end) hook=mm_shrink_slab_end ;;
	tp_memcg_events) hook=count_memcg_events ;;
	is_sched_switch) hook=sched_switch ;;
	btf_begin | raw_begin) hook=contention_begin ;;
	btf_end | raw_end) hook=contention_end ;;
	f[ex]_*)
		case ${prog#f?_} in
		store|load|shrink_worker|shrink_memcg) h=${prog#f?_} ;;
		wb|wb_nocount) h=writeback ;;
		shrinker_scan) h=shrinker_scan ;;
		swapout) h=nested_swapout ;;
		*) h="" ;;
		esac
		target=$(jq -r --arg h "$h" '.plan.hooks[$h].target // empty' "$rec")
		kind=fentry
		case $prog in fx_*) kind=fexit ;; esac
		hook=$kind:$target ;;
	*) hook="" ;;
	esac
	bns=$(awk -v p="e_$hook" '$1 == p && $2 > 0 { printf "%.1f", $3 / $2 }' "$empty")
	pns=$(awk -v p="bt_$hook" '$1 == p && $2 > 0 { printf "%.1f", $3 / $2 }' "$peer")
	fns=$(awk -v p="t_$hook" '$1 == p && $2 > 0 { printf "%.1f", $3 / $2 }' "$empty")
	r=$([ -n "$bns" ] && awk -v a="$ns" -v b="$bns" 'BEGIN { printf "%.2f", a / b }')
	printf "%-16s runs %-9s %7.1f ns  empty %7s ns  ratio %-5s" "$prog" "$cnt" \
		"$ns" "${bns:-n/a}" "${r:-n/a}"
	# the floor of timing a contention at all (bpf/empty.bpf.c)
	[ -n "$fns" ] && [ -n "$bns" ] && printf "  floor %7s ns (%s x empty)" "$fns" \
		"$(awk -v a="$fns" -v b="$bns" 'BEGIN { printf "%.2f", a / b }')"
	[ -n "$pns" ] && printf "  bpftrace %7s ns  ratio %s" "$pns" \
		"$(awk -v a="$ns" -v b="$pns" 'BEGIN { printf "%.2f", a / b }')"
	# half of bpftrace's below the empty program: no program can meet it
	[ -n "$pns" ] && [ -n "$bns" ] &&
		awk -v p="$pns" -v b="$bns" -v a="$ns" 'BEGIN { exit !(a > p / 2 && p / 2 < b) }' &&
		printf "  (1/2 bpftrace < empty)"
	if [ "$cnt" -lt 1000 ]; then
		printf "  (few runs)"
	elif [ -n "$r" ] && awk -v r="$r" 'BEGIN { exit !(r > 2) }' && [ -n "$(why "$prog")" ]; then
		printf "  (> 2x: %s)" "$(why "$prog")"
	fi
	echo
done
