// SPDX-License-Identifier: GPL-2.0
/*
 * Empty programs on the tracepoints our objects use, and an empty
 * fentry/fexit pair whose target hookbench sets at run time: the baseline
 * of the hook cost benchmark (bench/). Each returns at once. Beside them,
 * the floor of timing lock contentions (t_contention_*).
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
EMPTY(count_memcg_events)
EMPTY(contention_begin)
EMPTY(contention_end)
EMPTY(sched_switch)

/*
 * The least a program that times each contention must do: begin keeps the
 * clock in a per-CPU slot, end reads it back and adds the wait. Cheaper
 * than correct (a sleeping lock's waiter may wake on another CPU), so a
 * lower bound: bench/hookcost.sh prints it as the floor beside the empty
 * program, which shows whether 2x empty can be met at all.
 */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64[2]);	/* start, total wait */
} t_floor SEC(".maps");

SEC("tp_btf/contention_begin")
int BPF_PROG(t_contention_begin)
{
	__u32 k = 0;
	__u64 *v = bpf_map_lookup_elem(&t_floor, &k);

	if (v)
		v[0] = bpf_ktime_get_ns();
	return 0;
}

SEC("tp_btf/contention_end")
int BPF_PROG(t_contention_end)
{
	__u32 k = 0;
	__u64 *v = bpf_map_lookup_elem(&t_floor, &k);

	if (v && v[0]) {
		v[1] += bpf_ktime_get_ns() - v[0];
		v[0] = 0;
	}
	return 0;
}

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
