// SPDX-License-Identifier: GPL-2.0
/*
 * iocost state per cgroup, and who sleeps while inside zswap writeback.
 * (The write bios charged to each cgroup are counted by zswapstat's
 * block_bio_queue program, in its cg_bios map: one program a bio.)
 *
 * The writeback context comes from zswapstat's task_tags map, which the
 * frontend hands to this object with bpf_map__reuse_fd(): the tagging
 * logic lives in one place, the map and its predicates in task_tag.bpf.h.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>
#include "bits.bpf.h"
#include "maps.bpf.h"
#include "task_tag.bpf.h"
#include "iostall.h"

#define PF_KTHREAD	0x00200000	/* task_struct->flags, as task_tag.bpf.h's */

/* Kernel text ranges, filled in by the frontend from /proc/kallsyms. */
const volatile __u64 thr_lo[IS_MAX_RANGES];
const volatile __u64 thr_hi[IS_MAX_RANGES];
const volatile __u32 thr_kind[IS_MAX_RANGES];	/* enum is_throttle */
const volatile __u32 nr_thr;
const volatile __u64 fault_lo[2], fault_hi[2];	/* page fault entry */
/* --cgroup's id: its tasks' throttled sleeps are counted, in or out of writeback */
const volatile __u64 watch_cgid;

/* Newest vrate from iocost_ioc_vrate_adj (vtime per ns, as the kernel's). */
__u64 vrate_last;
/* Tasks switched out inside writeback and not back yet (offcpu_start). */
__s64 nr_offcpu;
/*
 * The watched cgroup's tasks asleep in each throttle, and since when one
 * has been: the time some task waits is what the kernel counts (iocost's
 * wait queue non-empty), not the sleeps' sum, which counts two at once
 * twice. A begin and an end on two CPUs within the same few
 * instructions may miss one wait's start or end.
 */
__s32 cg_asleep[IS_THR_NR];
__u64 cg_asleep_since[IS_THR_NR];

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, IS_C_NR);
	__type(key, __u32);
	__type(value, __u64);
} is_counters SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, IS_H_NR);
	__type(key, __u32);
	__type(value, struct is_hist);
} is_hists SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, IS_MAX_CGROUPS);
	__type(key, __u64);
	__type(value, struct is_iocg);
} iocgs SEC(".maps");

/* Task storage: the incoming task's entry is a pointer away, no hashing. */
struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct is_offcpu_start);
} offcpu_start SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, IS_MAX_STALL_TASKS);
	__type(key, __u32);
	__type(value, struct is_task);
} stall_tasks SEC(".maps");

/* Scratch for one kernel stack: too big for the BPF stack. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64[IS_STACK_DEPTH]);
} stack_buf SEC(".maps");

static __always_inline void ctr_add(__u32 idx, __u64 val)
{
	__u64 *c = bpf_map_lookup_elem(&is_counters, &idx);

	if (c)
		*c += val;
}

static __always_inline void hist_add(__u32 idx, __u64 val)
{
	struct is_hist *h = bpf_map_lookup_elem(&is_hists, &idx);
	__u32 slot = log2_u64(val);

	if (!h)
		return;
	if (slot >= IS_HIST_SLOTS)
		slot = IS_HIST_SLOTS - 1;
	h->slots[slot]++;
	h->sum += val;
}

static __always_inline void *lookup_or_init(void *map, const void *key,
					    const void *zero)
{
	void *v = map_lookup_or_try_init(map, key, zero);

	if (!v)
		ctr_add(IS_C_MAP_FULL, 1);
	return v;
}

/* iocost: per-cgroup state read from the iocg at every tracepoint */

static __always_inline __u64 iocg_cgroup_id(struct ioc_gq *iocg)
{
	return BPF_CORE_READ(iocg, pd.blkg, blkcg, css.cgroup, kn, id);
}

static __always_inline void iocg_read_stat(struct ioc_gq *iocg,
					   struct is_iocg_stat *st)
{
	st->usage_us = BPF_CORE_READ(iocg, stat.usage_us);
	st->wait_us = BPF_CORE_READ(iocg, stat.wait_us);
	st->indebt_us = BPF_CORE_READ(iocg, stat.indebt_us);
	st->indelay_us = BPF_CORE_READ(iocg, stat.indelay_us);
}

static __always_inline struct is_iocg *iocg_seen(struct ioc_gq *iocg,
						 __u32 ev)
{
	struct is_iocg zero = {}, *e;
	__u64 cgid = iocg_cgroup_id(iocg), v;

	e = bpf_map_lookup_elem(&iocgs, &cgid);
	if (!e) {
		iocg_read_stat(iocg, &zero.first);
		e = lookup_or_init(&iocgs, &cgid, &zero);
		if (!e)
			return NULL;
	}
	iocg_read_stat(iocg, &e->last);
	if (ev < IS_EV_NR)
		e->events[ev]++;
	e->last_ns = bpf_ktime_get_ns();
	e->level = BPF_CORE_READ(iocg, level);
	v = BPF_CORE_READ(iocg, delay);
	if (v > e->delay_max_us)
		e->delay_max_us = v;
	v = BPF_CORE_READ(iocg, abs_vdebt);
	if (v > e->vdebt_max)
		e->vdebt_max = v;
	return e;
}

SEC("tp_btf/iocost_iocg_activate")
int BPF_PROG(is_iocg_activate, struct ioc_gq *iocg)
{
	iocg_seen(iocg, IS_EV_ACTIVATE);
	return 0;
}

SEC("tp_btf/iocost_iocg_idle")
int BPF_PROG(is_iocg_idle, struct ioc_gq *iocg)
{
	iocg_seen(iocg, IS_EV_IDLE);
	return 0;
}

static __always_inline int inuse_event(struct ioc_gq *iocg, __u32 ev,
				       __u64 new_hwi)
{
	struct is_iocg *e = iocg_seen(iocg, ev);

	if (e)
		e->hweight_inuse = new_hwi;
	return 0;
}

SEC("tp_btf/iocost_inuse_shortage")
int BPF_PROG(is_inuse_shortage, struct ioc_gq *iocg, const char *path,
	     struct ioc_now *now, u32 old_inuse, u32 new_inuse, u64 old_hwi,
	     u64 new_hwi)
{
	return inuse_event(iocg, IS_EV_INUSE_SHORTAGE, new_hwi);
}

SEC("tp_btf/iocost_inuse_transfer")
int BPF_PROG(is_inuse_transfer, struct ioc_gq *iocg, const char *path,
	     struct ioc_now *now, u32 old_inuse, u32 new_inuse, u64 old_hwi,
	     u64 new_hwi)
{
	return inuse_event(iocg, IS_EV_INUSE_TRANSFER, new_hwi);
}

SEC("tp_btf/iocost_inuse_adjust")
int BPF_PROG(is_inuse_adjust, struct ioc_gq *iocg, const char *path,
	     struct ioc_now *now, u32 old_inuse, u32 new_inuse, u64 old_hwi,
	     u64 new_hwi)
{
	return inuse_event(iocg, IS_EV_INUSE_ADJUST, new_hwi);
}

SEC("tp_btf/iocost_iocg_forgive_debt")
int BPF_PROG(is_forgive_debt, struct ioc_gq *iocg)
{
	iocg_seen(iocg, IS_EV_FORGIVE_DEBT);
	return 0;
}

SEC("tp_btf/iocost_ioc_vrate_adj")
int BPF_PROG(is_vrate_adj, struct ioc *ioc, u64 new_vrate)
{
	ctr_add(IS_C_VRATE_ADJ, 1);
	vrate_last = new_vrate;
	return 0;
}

/* who sleeps inside writeback */

static __always_inline bool in_range(__u64 ip, __u64 lo, __u64 hi)
{
	return ip >= lo && ip < hi;
}

/*
 * Walks the stack of the task being switched out (it is still current)
 * once, depth frames: where it sleeps in block-layer throttling, and
 * whether it came from a page fault.
 */
static __always_inline void classify_stack(void *ctx, __u32 *throttle,
					   bool *fault, __u32 depth)
{
	__u32 zero = 0;
	__u64 *ips = bpf_map_lookup_elem(&stack_buf, &zero);
	long n;

	if (!ips)
		return;
	n = bpf_get_stack(ctx, ips, depth * sizeof(__u64), 0);
	if (n <= 0) {
		ctr_add(IS_C_STACK_FAIL, 1);
		return;
	}
	n /= sizeof(__u64);
	for (int i = 0; i < IS_STACK_DEPTH; i++) {
		__u64 ip;

		if (i >= n)
			break;
		ip = ips[i];
		if (in_range(ip, fault_lo[0], fault_hi[0]) ||
		    in_range(ip, fault_lo[1], fault_hi[1]))
			*fault = true;
		if (*throttle)
			continue;
		for (int r = 0; r < IS_MAX_RANGES; r++) {
			if (r >= nr_thr)
				break;
			if (in_range(ip, thr_lo[r], thr_hi[r])) {
				*throttle = thr_kind[r];
				break;
			}
		}
	}
}

static __always_inline __u32 task_kind(struct task_struct *p, bool fault)
{
	__u32 flags = BPF_CORE_READ(p, flags);

	if (flags & PF_WQ_WORKER)
		return IS_KIND_KWORKER;
	if (flags & PF_KTHREAD)
		return IS_KIND_KTHREAD;
	if (fault)
		return IS_KIND_APP_FAULT;
	if (flags & PF_MEMALLOC)
		return IS_KIND_APP_RECLAIM;
	return IS_KIND_APP_OTHER;
}

static __always_inline void offcpu_begin(void *ctx, struct task_struct *prev,
					 bool preempt)
{
	struct is_offcpu_start *st;
	__u32 throttle = 0;
	bool fault = false;

	st = bpf_task_storage_get(&offcpu_start, prev, 0,
				  BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!st) {
		ctr_add(IS_C_MAP_FULL, 1);
		return;
	}
	if (st->ts_ns)		/* already counted as off CPU */
		return;
	/*
	 * The stack walk is the costly part: a preempted task is not
	 * throttled, and a kernel thread is never in a page fault.
	 */
	if (!preempt || !(prev->flags & (PF_KTHREAD | PF_WQ_WORKER)))
		classify_stack(ctx, &throttle, &fault, IS_STACK_DEPTH);
	st->throttle = preempt ? 0 : throttle;
	st->kind = task_kind(prev, fault);
	st->ts_ns = bpf_ktime_get_ns();
	__sync_fetch_and_add(&nr_offcpu, 1);
}

static __always_inline void offcpu_end(struct task_struct *next, __u32 tid,
				       struct is_offcpu_start *st)
{
	__u64 delta = bpf_ktime_get_ns() - st->ts_ns;
	__u32 kind = st->kind, thr = st->throttle;
	struct is_task zero = {}, *tk;

	st->ts_ns = 0;
	__sync_fetch_and_add(&nr_offcpu, -1);
	if (kind >= IS_KIND_NR || thr >= IS_THR_NR)
		return;
	ctr_add(IS_C_OFFCPU_NS + kind, delta);
	ctr_add(IS_C_OFFCPU_CNT + kind, 1);
	hist_add(kind, delta);
	if (thr) {
		ctr_add(IS_C_THROTTLED_NS + thr, delta);
		ctr_add(IS_C_WB_THR_KIND_NS + kind, delta);
		hist_add(IS_H_THROTTLED, delta);
	}
	tk = lookup_or_init(&stall_tasks, &tid, &zero);
	if (!tk)
		return;
	if (!tk->count) {
		BPF_CORE_READ_STR_INTO(&tk->comm, next, comm);
		tk->tgid = BPF_CORE_READ(next, tgid);
	}
	tk->kind = kind;
	tk->count++;
	tk->total_ns += delta;
	if (thr)
		tk->throttled_ns += delta;
	if (delta > tk->max_ns)
		tk->max_ns = delta;
}

/* A task of the watched cgroup goes to sleep: count it if it is throttled. */
static __always_inline void cg_sleep_begin(void *ctx, struct task_struct *prev)
{
	struct is_offcpu_start *st;
	__u32 throttle = 0;
	bool fault = false;

	classify_stack(ctx, &throttle, &fault, IS_THROTTLE_DEPTH);
	if (!throttle)
		return;
	st = bpf_task_storage_get(&offcpu_start, prev, 0,
				  BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!st) {
		ctr_add(IS_C_MAP_FULL, 1);
		return;
	}
	if (st->cg_ts_ns || throttle >= IS_THR_NR)
		return;
	st->cg_throttle = throttle;
	st->cg_ts_ns = bpf_ktime_get_ns();
	__sync_fetch_and_add(&nr_offcpu, 1);
	/* no fetching atomics below -mcpu=v3: read back after the add */
	__sync_fetch_and_add(&cg_asleep[throttle], 1);
	if (cg_asleep[throttle] == 1)
		cg_asleep_since[throttle] = st->cg_ts_ns;
}

static __always_inline void cg_sleep_end(struct is_offcpu_start *st)
{
	__u64 now = bpf_ktime_get_ns();
	__u32 thr = st->cg_throttle;

	__sync_fetch_and_add(&nr_offcpu, -1);
	if (thr >= IS_THR_NR) {
		st->cg_ts_ns = 0;
		return;
	}
	ctr_add(IS_C_CG_THR_NS + thr, now - st->cg_ts_ns);
	ctr_add(IS_C_CG_THR_CNT + thr, 1);
	st->cg_ts_ns = 0;
	/* the last one awake: the cgroup's wait ends */
	__sync_fetch_and_add(&cg_asleep[thr], -1);
	if (cg_asleep[thr] == 0)
		ctr_add(IS_C_CG_WAIT_NS + thr, now - cg_asleep_since[thr]);
}

/*
 * Fires on every context switch, so it returns early: only the tags of
 * tasks that can be inside zswap writeback (tag_possible()) are looked
 * up, and the incoming task's storage is read only while some task is
 * off CPU inside writeback.
 * tp_btf arguments are trusted pointers: plain loads, no probe_read.
 */
SEC("tp_btf/sched_switch")
int BPF_PROG(is_sched_switch, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	struct is_offcpu_start *st;
	struct task_tag *t;

	if (tag_possible(prev)) {
		t = tag_of(prev);
		if (t && tag_marked(t))
			offcpu_begin(ctx, prev, preempt);
	}
	/*
	 * with --cgroup: its tasks' sleeps in block-layer throttling, all in
	 * io_schedule() (in_iowait set): other sleeps are not walked
	 */
	if (watch_cgid && !preempt && BPF_CORE_READ_BITFIELD(prev, in_iowait) &&
	    bpf_get_current_cgroup_id() == watch_cgid)
		cg_sleep_begin(ctx, prev);
	if (nr_offcpu <= 0)
		return 0;
	st = bpf_task_storage_get(&offcpu_start, next, 0, 0);
	if (!st)
		return 0;
	if (st->ts_ns)
		offcpu_end(next, next->pid, st);
	if (st->cg_ts_ns)
		cg_sleep_end(st);
	return 0;
}

/*
 * A watched cgroup's throttled sleep ends when the task is woken, not
 * when it runs again: the kernel counts the time its wait queue is
 * non-empty (io.stat cost.wait, until the waking kick), and the run
 * queue's latency after it is the host's load, 13 ms a wakeup on a busy
 * TCG guest. Off-CPU time in writeback keeps ending at the switch-in.
 */
SEC("tp_btf/sched_waking")
int BPF_PROG(is_sched_waking, struct task_struct *p)
{
	struct is_offcpu_start *st;

	if (nr_offcpu <= 0)
		return 0;
	st = bpf_task_storage_get(&offcpu_start, p, 0, 0);
	if (st && st->cg_ts_ns)
		cg_sleep_end(st);
	return 0;
}

/* The benchmark's baseline: an empty program on the same tracepoint. */
SEC("tp_btf/sched_switch")
int BPF_PROG(is_sched_switch_empty)
{
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
