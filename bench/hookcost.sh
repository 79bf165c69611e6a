#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hookcost.sh RECORD EMPTY: prints each of our programs' mean ns per run
# (the record's --self-stats) beside the empty program on the same hook
# (hookbench output EMPTY), and their ratio. fentry/fexit programs are
# matched to the empty pair on the record's planned target.
rec=$1 empty=$2
jq -r '.self_stats | to_entries[] | select(.value.run_cnt > 0) |
	"\(.key) \(.value.run_cnt) \(.value.mean_ns)"' "$rec" |
while read -r prog cnt ns; do
	case $prog in
	tp_bio_queue) base=e_block_bio_queue ;;
	tp_wq_start) base=e_workqueue_execute_start ;;
	tp_wq_end) base=e_workqueue_execute_end ;;
	tp_slab_start) base=e_mm_shrink_slab_start ;;
	tp_slab_end) base=e_mm_shrink_slab_end ;;
	tp_direct_begin) base=e_mm_vmscan_direct_reclaim_begin ;;
	tp_direct_end) base=e_mm_vmscan_direct_reclaim_end ;;
	tp_memcg_begin) base=e_mm_vmscan_memcg_reclaim_begin ;;
	tp_memcg_end) base=e_mm_vmscan_memcg_reclaim_end ;;
	tp_memcg_events) base=e_count_memcg_events ;;
	f[ex]_*)
		case ${prog#f?_} in
		store|load|shrink_worker|shrink_memcg) hook=${prog#f?_} ;;
		wb|wb_nocount) hook=writeback ;;
		shrinker_scan) hook=shrinker_scan ;;
		swapout) hook=nested_swapout ;;
		*) hook="" ;;
		esac
		target=$(jq -r --arg h "$hook" '.plan.hooks[$h].target // empty' "$rec")
		kind=fentry
		case $prog in fx_*) kind=fexit ;; esac
		base=e_$kind:$target ;;
	*) base="" ;;
	esac
	bns=$(awk -v p="$base" '$1 == p && $2 > 0 { printf "%.1f", $3 / $2 }' "$empty")
	printf "%-18s runs %-10s %8.1f ns   empty %8s ns   ratio %s\n" "$prog" "$cnt" \
		"$ns" "${bns:-n/a}" \
		"$([ -n "$bns" ] && awk -v a="$ns" -v b="$bns" 'BEGIN{printf "%.2f", a/b}' || echo n/a)"
done
