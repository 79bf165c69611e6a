// SPDX-License-Identifier: GPL-2.0
/*
 * Empty programs on the tracepoints our objects use, and an empty
 * fentry/fexit pair whose target hookbench sets at run time: the baseline
 * of the hook cost benchmark (bench/). Each returns at once.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#define EMPTY(tp) SEC("tp_btf/" #tp) int BPF_PROG(e_##tp) { return 0; }

EMPTY(block_bio_queue)
EMPTY(workqueue_execute_start)
EMPTY(workqueue_execute_end)
EMPTY(mm_shrink_slab_start)
EMPTY(mm_shrink_slab_end)
EMPTY(mm_vmscan_direct_reclaim_begin)
EMPTY(mm_vmscan_direct_reclaim_end)
EMPTY(mm_vmscan_memcg_reclaim_begin)
EMPTY(mm_vmscan_memcg_reclaim_end)
EMPTY(count_memcg_events)
EMPTY(contention_begin)
EMPTY(contention_end)
EMPTY(sched_switch)

SEC("fentry")
int BPF_PROG(e_fentry)
{
	return 0;
}

SEC("fexit")
int BPF_PROG(e_fexit)
{
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
