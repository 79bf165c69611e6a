// SPDX-License-Identifier: GPL-2.0
/*
 * zswap event counters, latency histograms and swap write bio origins.
 *
 * Every hook exists in up to three flavours (fentry/fexit, kprobe/kretprobe,
 * tracepoint-derived). The frontend's hook planner picks one per metric,
 * sets the attach target of the generic fentry/kprobe programs (function
 * names differ between kernels) and switches the others off before load.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>
#include "bits.bpf.h"
#include "maps.bpf.h"
#include "task_tag.bpf.h"
#include "iostall.h"

#define REQ_OP_MASK 0xff	/* (1 << REQ_OP_BITS) - 1 */

/* Set by the planner before load. */
const volatile __u32 store_ret_kind = ZS_RET_BOOL_TRUE_OK;
const volatile __u32 load_ret_kind = ZS_RET_BOOL_TRUE_OK;
const volatile __u64 shrink_worker_addr;	/* work->func to match */
const volatile __u64 shrinker_scan_addr;	/* shrinker->scan_objects */
const volatile __u64 slow_ns = 10000000;	/* slow store/load event */
/* a swap-out may write an entry back (before 6.8: shrink_memcg absent) */
const volatile bool wb_in_swapout = true;
/*
 * Someone reads the events (record --events). Tested by the callers,
 * before the arguments' clock and cgroup reads: without a reader the
 * events would only be drained and dropped.
 */
const volatile bool emit_events;
/*
 * shrink_worker's runs on the workqueue tracepoints, their tags read by
 * nobody (no events, no iostall): tp_wq_start counts the run alone, and
 * a bio asks the workqueue which function its worker runs. A run's tag
 * cost a cold task storage lookup a run (bench/peers.sh).
 */
const volatile bool worker_by_func;
/*
 * --iocost (iostall reads cg_bios): every write bio charged to its
 * cgroup, in the same program that gives the swap ones their origin.
 */
const volatile bool cgroup_bios;

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, ZC_NR);
	__type(key, __u32);
	__type(value, __u64);
} counters SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, ZH_NR);
	__type(key, __u32);
	__type(value, struct zs_hist_slots);
} hists SEC(".maps");

/*
 * Per CPU, as bpftrace's sum(): a shared element took a locked add and
 * its cache line moved between the CPUs counting the same cgroup (the
 * frontend sums the CPUs). A program does not nest in itself on a CPU,
 * so the plain adds lose nothing.
 */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 4096);
	__type(key, __u64);
	__type(value, struct zs_cgroup_counts);
} cgroup_counts SEC(".maps");

/*
 * Entry timestamps of stores and loads, per thread. Task storage, not a
 * hash keyed by tid: a store or load may sleep and migrate, and the
 * storage lookup is lockless where a hash update and delete per call take
 * a bucket lock (measured: 2.4 us vs 0.2 us for an empty fentry in the
 * 6.12 guest).
 */
struct op_start {
	__u64 store_ns;
	__u64 load_ns;
	__u64 wb_ns;
	__u64 comp_ns;		/* a compress call inside a store */
	__u64 decomp_ns;	/* a decompress call inside a load, writeback */
	__u64 comp_req;		/* its struct acomp_req: dlen on return */
};

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct op_start);
} op_start SEC(".maps");

/* Bios charged to a cgroup (bio->bi_blkg's blkcg), per CPU as cgroup_counts. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, IS_MAX_CGROUPS);
	__type(key, __u64);
	__type(value, struct is_cg_bios);
} cg_bios SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 20);
} events SEC(".maps");

static __always_inline void counter_add(__u32 idx, __u64 val)
{
	__u64 *c = bpf_map_lookup_elem(&counters, &idx);

	if (c)
		*c += val;
}

static __always_inline void hist_add(__u32 idx, __u32 slot, __u64 val)
{
	struct zs_hist_slots *h = bpf_map_lookup_elem(&hists, &idx);

	if (!h)
		return;
	if (slot >= ZS_HIST_SLOTS)
		slot = ZS_HIST_SLOTS - 1;
	h->slots[slot]++;
	h->sum += val;
}

/*
 * Set once the first task is tagged. Most events (every bio and workqueue
 * item on the machine) come from untagged tasks, and until zswap writes
 * back no task is tagged: a load of this global spares them the storage
 * lookup. Never cleared, so never written again: a count of live tags,
 * written at every shrink_worker run, cost the rarer events a cache miss
 * each.
 */
__u32 tags_seen;

/*
 * The current task's tag, created zeroed with create. A tag outlives its
 * marks in the task's storage: with its marks and depths back at 0 it
 * reads as untagged, and a delete would cost more than it saves.
 */
static __always_inline struct task_tag *tag_get(bool create)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct task_tag *t;

	if (!create)
		return tags_seen ? tag_of(task) : NULL;
	t = bpf_task_storage_get(&task_tags, task, 0,
				 BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!t)
		counter_add(ZC_TASK_MAP_FULL, 1);
	else if (!tags_seen)
		tags_seen = 1;
	return t;
}

/* Called before a mark is raised: a task's first mark starts a run. */
static __always_inline void tag_mark_begin(struct task_tag *t)
{
	if (!tag_marked(t)) {
		t->wb_pages = 0;
		/* an unmarked task counts no swap-out: any left is stale */
		t->swapout_depth = 0;
	}
}

static __always_inline void emit(__u32 type, __u64 dur, __u64 value,
				 __u32 origin, __u64 cgid)
{
	struct zs_event *e;

	e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);
	if (!e) {
		counter_add(ZC_RINGBUF_DROPS, 1);
		return;
	}
	e->type = type;
	e->pid = (__u32)bpf_get_current_pid_tgid();
	e->ts_ns = bpf_ktime_get_ns();
	e->duration_ns = dur;
	e->cgroup_id = cgid;
	e->value = value;
	e->origin = origin;
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	/*
	 * A wakeup per event costs microseconds (irq_work); the frontend
	 * drains the buffer on its poll interval instead.
	 */
	bpf_ringbuf_submit(e, BPF_RB_NO_WAKEUP);
}

static __always_inline bool ret_ok(__u32 kind, long ret)
{
	if (kind == ZS_RET_ZERO_OK)
		return (int)ret == 0;
	return (ret & 0xff) != 0;
}

/* store and load */

static __always_inline int op_enter(bool is_store)
{
	struct op_start *st;

	st = bpf_task_storage_get(&op_start, bpf_get_current_task_btf(), 0,
				  BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!st) {
		counter_add(ZC_TASK_MAP_FULL, 1);
		return 0;
	}
	if (is_store)
		st->store_ns = bpf_ktime_get_ns();
	else
		st->load_ns = bpf_ktime_get_ns();
	return 0;
}

static __always_inline int op_exit(bool is_store, long ret)
{
	struct op_start *st;
	__u64 start, delta;
	bool ok;

	st = bpf_task_storage_get(&op_start, bpf_get_current_task_btf(), 0, 0);
	start = !st ? 0 : is_store ? st->store_ns : st->load_ns;
	if (!start) {
		counter_add(ZC_MISSING_START, 1);
		return 0;
	}
	delta = bpf_ktime_get_ns() - start;
	if (is_store)
		st->store_ns = 0;
	else
		st->load_ns = 0;

	if (is_store) {
		ok = ret_ok(store_ret_kind, ret);
		counter_add(ZC_STORE_CALLS, 1);
		counter_add(ok ? ZC_STORE_SUCCESS : ZC_STORE_REJECT, 1);
		hist_add(ZH_STORE_LAT, log2_u64(delta), delta);
	} else {
		ok = ret_ok(load_ret_kind, ret);
		counter_add(ZC_LOAD_CALLS, 1);
		if (ok)
			counter_add(ZC_LOAD_HITS, 1);
		hist_add(ZH_LOAD_LAT, log2_u64(delta), delta);
	}
	if (emit_events && delta >= slow_ns)
		emit(is_store ? ZE_STORE_SLOW : ZE_LOAD_SLOW, delta, ok, 0,
		     bpf_get_current_cgroup_id());
	return 0;
}

/* writeback marks, and the time one entry's writeback takes */

static __always_inline void wb_time_begin(void)
{
	struct op_start *st;

	st = bpf_task_storage_get(&op_start, bpf_get_current_task_btf(), 0,
				  BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (st)
		st->wb_ns = bpf_ktime_get_ns();
}

static __always_inline void wb_time_end(void)
{
	struct op_start *st;
	__u64 delta;

	st = bpf_task_storage_get(&op_start, bpf_get_current_task_btf(), 0, 0);
	if (!st || !st->wb_ns)
		return;
	delta = bpf_ktime_get_ns() - st->wb_ns;
	st->wb_ns = 0;
	hist_add(ZH_WB_LAT, log2_u64(delta), delta);
}

static __always_inline int wb_enter(void)
{
	struct task_tag *t = tag_get(true);

	wb_time_begin();
	if (t) {
		tag_mark_begin(t);
		t->wb_depth[reclaim_level(bpf_get_current_task_btf())]++;
		/*
		 * From 6.8 no task writes an entry back from inside a
		 * swap-out (a full pool queues shrink_worker, and stores
		 * allocate without direct reclaim): a depth left here is a
		 * swap-out whose fexit was missed (a trampoline skips a
		 * program already running on this CPU: 7.3's preemptible
		 * BPF missed 204 of 110,761 in one window), and it would
		 * count every later bio of a shrink_worker run as reclaim's.
		 */
		if (!wb_in_swapout)
			t->swapout_depth = 0;
	}
	return 0;
}

static __always_inline int wb_exit(long ret, bool count)
{
	struct task_tag *t = tag_get(false);

	wb_time_end();
	if (count)
		counter_add(ret == 0 ? ZC_WB_SUCCESS : ZC_WB_FAIL, 1);
	if (t) {
		int level = reclaim_level(bpf_get_current_task_btf());

		if (t->wb_depth[level])
			t->wb_depth[level]--;
	}
	return 0;
}

static __always_inline int swapout_enter(void)
{
	struct task_tag *t = tag_get(false);

	/* Only tasks inside writeback care about nested swap-out. */
	if (t && tag_marked(t))
		t->swapout_depth++;
	return 0;
}

static __always_inline int swapout_exit(void)
{
	struct task_tag *t = tag_get(false);

	if (t && t->swapout_depth)
		t->swapout_depth--;
	return 0;
}

/*
 * The crypto compress and decompress calls zswap makes (its own wrappers
 * are inlined on most builds). The crypto functions serve every acomp
 * user, so a call counts only while the task is inside a zswap store
 * (compress) or a load or writeback (decompress): their entries' stamps.
 */
static __always_inline int comp_enter(bool compress, struct acomp_req *req)
{
	struct op_start *st;

	st = bpf_task_storage_get(&op_start, bpf_get_current_task_btf(), 0, 0);
	if (!st)
		return 0;
	if (compress) {
		if (!st->store_ns)
			return 0;
		st->comp_req = (__u64)req;
		st->comp_ns = bpf_ktime_get_ns();
	} else if (st->load_ns || st->wb_ns) {
		st->decomp_ns = bpf_ktime_get_ns();
	}
	return 0;
}

/*
 * dlen: the compressed length where the caller could read it (fexit sees
 * the request as a trusted pointer: a plain load), -1 to read it through
 * the request comp_enter kept (kretprobe: a probe read).
 */
static __always_inline int comp_exit(bool compress, long ret, long dlen)
{
	struct op_start *st;
	__u64 start, delta;

	st = bpf_task_storage_get(&op_start, bpf_get_current_task_btf(), 0, 0);
	start = !st ? 0 : compress ? st->comp_ns : st->decomp_ns;
	if (!start)
		return 0;
	delta = bpf_ktime_get_ns() - start;
	if (!compress) {
		st->decomp_ns = 0;
		hist_add(ZH_DECOMPRESS_LAT, log2_u64(delta), delta);
		return 0;
	}
	st->comp_ns = 0;
	hist_add(ZH_COMPRESS_LAT, log2_u64(delta), delta);
	/* a failed call's dlen is not a length */
	if ((int)ret != 0)
		return 0;
	if (dlen < 0) {
		/* a local copy: op_start is ours, not a kernel type to relocate */
		struct acomp_req *req = (struct acomp_req *)st->comp_req;

		dlen = BPF_CORE_READ(req, dlen);
	}
	hist_add(ZH_COMPRESSED_BYTES, log2_u64(dlen), dlen);
	return 0;
}

static __always_inline int worker_enter(void)
{
	struct task_tag *t = tag_get(true);

	counter_add(ZC_SHRINK_WORKER, 1);
	if (t) {
		tag_mark_begin(t);
		t->worker = 1;
		if (emit_events)	/* the start times serve the events only */
			t->worker_start_ns = bpf_ktime_get_ns();
	}
	return 0;
}

static __always_inline int worker_exit(void)
{
	struct task_tag *t = tag_get(false);

	if (!t || !t->worker)
		return 0;
	if (emit_events)
		emit(ZE_SHRINK_WORKER, bpf_ktime_get_ns() - t->worker_start_ns,
		     t->wb_pages, ZS_ORIGIN_WRITEBACK, 0);
	t->worker = 0;
	return 0;
}

static __always_inline int scan_enter(void)
{
	struct task_tag *t = tag_get(true);

	counter_add(ZC_SHRINKER_SCAN, 1);
	if (t) {
		tag_mark_begin(t);
		if (!t->shrinker_depth && emit_events)
			t->scan_start_ns = bpf_ktime_get_ns();
		t->shrinker_depth++;
	}
	return 0;
}

static __always_inline int scan_exit(long freed)
{
	struct task_tag *t = tag_get(false);

	if (freed > 0)
		counter_add(ZC_SHRINKER_FREED, freed);
	if (!t || !t->shrinker_depth)
		return 0;
	if (--t->shrinker_depth == 0 && emit_events)
		emit(ZE_SHRINKER_SCAN, bpf_ktime_get_ns() - t->scan_start_ns,
		     freed > 0 ? freed : 0, ZS_ORIGIN_WRITEBACK,
		     bpf_get_current_cgroup_id());
	return 0;
}

/* fentry / fexit flavour: attach targets are set by the planner */

SEC("fentry")
int BPF_PROG(fe_store)
{
	return op_enter(true);
}

SEC("fexit")
int fx_store(__u64 *ctx)
{
	__u64 ret = 0;

	bpf_get_func_ret(ctx, &ret);
	return op_exit(true, ret);
}

SEC("fentry")
int BPF_PROG(fe_load)
{
	return op_enter(false);
}

SEC("fexit")
int fx_load(__u64 *ctx)
{
	__u64 ret = 0;

	bpf_get_func_ret(ctx, &ret);
	return op_exit(false, ret);
}

SEC("fentry")
int BPF_PROG(fe_wb)
{
	return wb_enter();
}

/* fexit of zswap_writeback_entry: 0 is success */
SEC("fexit")
int fx_wb(__u64 *ctx)
{
	__u64 ret = 0;

	bpf_get_func_ret(ctx, &ret);
	return wb_exit((int)ret, true);
}

/* fexit of shrink_memcg_cb, where zswap_writeback_entry is inlined */
SEC("fexit")
int fx_wb_nocount(__u64 *ctx)
{
	return wb_exit(0, false);
}

SEC("fentry")
int BPF_PROG(fe_shrink_worker)
{
	return worker_enter();
}

SEC("fexit")
int BPF_PROG(fx_shrink_worker)
{
	return worker_exit();
}

SEC("fentry")
int BPF_PROG(fe_shrink_memcg)
{
	counter_add(ZC_SHRINK_MEMCG, 1);
	return 0;
}

SEC("fentry")
int BPF_PROG(fe_shrinker_scan)
{
	return scan_enter();
}

SEC("fexit")
int fx_shrinker_scan(__u64 *ctx)
{
	__u64 ret = 0;

	bpf_get_func_ret(ctx, &ret);
	return scan_exit((long)ret);
}

SEC("fentry")
int BPF_PROG(fe_swapout)
{
	return swapout_enter();
}

SEC("fexit")
int BPF_PROG(fx_swapout)
{
	return swapout_exit();
}

SEC("fentry")
int BPF_PROG(fe_invalidate)
{
	counter_add(ZC_INVALIDATE, 1);
	return 0;
}

SEC("fentry")
int BPF_PROG(fe_compress, struct acomp_req *req)
{
	return comp_enter(true, req);
}

SEC("fexit")
int BPF_PROG(fx_compress, struct acomp_req *req, int ret)
{
	return comp_exit(true, ret, req->dlen);
}

SEC("fentry")
int BPF_PROG(fe_decompress, struct acomp_req *req)
{
	return comp_enter(false, req);
}

SEC("fexit")
int BPF_PROG(fx_decompress, struct acomp_req *req, int ret)
{
	return comp_exit(false, ret, 0);
}

/* kprobe / kretprobe flavour: attached by name from user space */

SEC("kprobe")
int kp_invalidate(struct pt_regs *ctx)
{
	counter_add(ZC_INVALIDATE, 1);
	return 0;
}

SEC("kprobe")
int kp_compress(struct pt_regs *ctx)
{
	return comp_enter(true, (struct acomp_req *)PT_REGS_PARM1(ctx));
}

SEC("kretprobe")
int krp_compress(struct pt_regs *ctx)
{
	return comp_exit(true, PT_REGS_RC(ctx), -1);
}

SEC("kprobe")
int kp_decompress(struct pt_regs *ctx)
{
	return comp_enter(false, (struct acomp_req *)PT_REGS_PARM1(ctx));
}

SEC("kretprobe")
int krp_decompress(struct pt_regs *ctx)
{
	return comp_exit(false, PT_REGS_RC(ctx), 0);
}

SEC("kprobe")
int kp_store(struct pt_regs *ctx)
{
	return op_enter(true);
}

SEC("kretprobe")
int krp_store(struct pt_regs *ctx)
{
	return op_exit(true, PT_REGS_RC(ctx));
}

SEC("kprobe")
int kp_load(struct pt_regs *ctx)
{
	return op_enter(false);
}

SEC("kretprobe")
int krp_load(struct pt_regs *ctx)
{
	return op_exit(false, PT_REGS_RC(ctx));
}

SEC("kprobe")
int kp_wb(struct pt_regs *ctx)
{
	return wb_enter();
}

SEC("kretprobe")
int krp_wb(struct pt_regs *ctx)
{
	return wb_exit((int)PT_REGS_RC(ctx), true);
}

SEC("kretprobe")
int krp_wb_nocount(struct pt_regs *ctx)
{
	return wb_exit(0, false);
}

SEC("kprobe")
int kp_shrink_worker(struct pt_regs *ctx)
{
	return worker_enter();
}

SEC("kretprobe")
int krp_shrink_worker(struct pt_regs *ctx)
{
	return worker_exit();
}

SEC("kprobe")
int kp_shrink_memcg(struct pt_regs *ctx)
{
	counter_add(ZC_SHRINK_MEMCG, 1);
	return 0;
}

SEC("kprobe")
int kp_shrinker_scan(struct pt_regs *ctx)
{
	return scan_enter();
}

SEC("kretprobe")
int krp_shrinker_scan(struct pt_regs *ctx)
{
	return scan_exit(PT_REGS_RC(ctx));
}

SEC("kprobe")
int kp_swapout(struct pt_regs *ctx)
{
	return swapout_enter();
}

SEC("kretprobe")
int krp_swapout(struct pt_regs *ctx)
{
	return swapout_exit();
}

/* tracepoint flavour */

SEC("tp_btf/workqueue_execute_start")
int BPF_PROG(tp_wq_start, struct work_struct *work)
{
	/* tp_btf arguments are BTF pointers: plain loads, no helper call */
	if ((__u64)work->func != shrink_worker_addr)
		return 0;
	if (worker_by_func) {
		counter_add(ZC_SHRINK_WORKER, 1);
		return 0;
	}
	return worker_enter();
}

/*
 * The work may be freed by now: its function, an argument of the
 * tracepoint (5.6+), says whether it was ours; most items on the machine
 * are not. raw_tp, not tp_btf: the verifier refuses a tp_btf program's
 * read of a function pointer argument.
 */
SEC("raw_tp/workqueue_execute_end")
int BPF_PROG(tp_wq_end, struct work_struct *work, work_func_t function)
{
	if ((__u64)function != shrink_worker_addr)
		return 0;
	return worker_exit();
}

SEC("tp_btf/mm_shrink_slab_start")
int BPF_PROG(tp_slab_start, struct shrinker *shr)
{
	if ((__u64)shr->scan_objects != shrinker_scan_addr)
		return 0;
	return scan_enter();
}

SEC("tp_btf/mm_shrink_slab_end")
int BPF_PROG(tp_slab_end, struct shrinker *shr, int nid, int freed)
{
	if ((__u64)shr->scan_objects != shrinker_scan_addr)
		return 0;
	return scan_exit(freed);
}

/*
 * Task p is a workqueue worker running shrink_worker, outside a reclaim
 * of its own (which sets PF_MEMALLOC, in direct and memcg reclaim alike:
 * its bios are reclaim's): the workqueue's own record, struct worker's
 * current_func, set before workqueue_execute_start and cleared after
 * _end. worker_private is the kthread's struct kthread (5.17+), whose
 * data is a worker's struct worker.
 */
static __always_inline bool runs_shrink_worker(struct task_struct *p)
{
	struct kthread *k;
	struct worker *w;

	if ((p->flags & (PF_WQ_WORKER | PF_MEMALLOC)) != PF_WQ_WORKER)
		return false;
	k = p->worker_private;
	w = BPF_CORE_READ(k, data);
	return (__u64)BPF_CORE_READ(w, current_func) == shrink_worker_addr;
}

/* A per-cgroup map's element, added when missing; NULL (counted) when full. */
static __always_inline void *cgroup_elem(void *map, const __u64 *cgid,
					 const void *zero)
{
	void *v = map_lookup_or_try_init(map, cgid, zero);

	if (!v)
		counter_add(ZC_CGROUP_MAP_FULL, 1);
	return v;
}

/*
 * A write bio charged to its cgroup: every one, the swap ones, and those
 * of zswap writeback (by the task's tag alone) with their REQ_BACKGROUND.
 * tp_btf's trusted pointers are read with plain loads (a NULL bi_blkg
 * reads as 0).
 */
static __always_inline void charge_cgroup(struct bio *bio, __u32 opf,
					  bool swap, __u32 pages,
					  const struct task_tag *t,
					  const struct task_struct *task)
{
	__u32 req_bg = 1U << bpf_core_enum_value(enum req_flag_bits,
						 __REQ_BACKGROUND);
	struct is_cg_bios zero = {}, *cb;
	__u64 cgid = bio->bi_blkg->blkcg->css.cgroup->kn->id;

	cb = cgroup_elem(&cg_bios, &cgid, &zero);
	if (!cb)
		return;
	cb->write_bios++;
	if (swap) {
		cb->swap_bios++;
		cb->swap_pages += pages;
	}
	if (!t || !tag_says_writeback(t, task))
		return;
	cb->wb_bios++;
	cb->wb_pages += pages;
	if (opf & req_bg)
		cb->wb_req_background++;
}

SEC("tp_btf/block_bio_queue")
int BPF_PROG(tp_bio_queue, struct bio *bio)
{
	__u32 opf = bio->bi_opf;
	__u32 req_swap = 1U << bpf_core_enum_value(enum req_flag_bits, __REQ_SWAP);
	__u32 pages, origin = ZS_ORIGIN_RECLAIM;
	struct task_struct *task;
	struct task_tag *t;
	bool swap = opf & req_swap;

	if ((opf & REQ_OP_MASK) != REQ_OP_WRITE || (!swap && !cgroup_bios))
		return 0;
	task = bpf_get_current_task_btf();
	pages = bio->bi_iter.bi_size >> 12;
	t = tag_get(false);
	if (cgroup_bios)
		charge_cgroup(bio, opf, swap, pages, t, task);
	if (!swap)
		return 0;
	/*
	 * The histogram alone: its count and sum are the bios and pages
	 * (ZC_BIO_*, ZC_PAGES_*, filled in by the frontend), one map
	 * element's cache line a bio instead of three.
	 */
	if (t && tag_says_writeback(t, task)) {
		origin = ZS_ORIGIN_WRITEBACK;
		t->wb_pages += pages;
		hist_add(ZH_PPB_WRITEBACK, pages, pages);
	} else if (worker_by_func && runs_shrink_worker(task)) {
		origin = ZS_ORIGIN_WRITEBACK;
		hist_add(ZH_PPB_WRITEBACK, pages, pages);
	} else {
		hist_add(ZH_PPB_RECLAIM, pages, pages);
	}
	if (emit_events)
		emit(ZE_BIO, 0, pages, origin, bpf_get_current_cgroup_id());
	return 0;
}

SEC("tp_btf/count_memcg_events")
int BPF_PROG(tp_memcg_events, struct mem_cgroup *memcg, int item,
	     unsigned long val)
{
	struct zs_cgroup_counts zero = {}, *cc;
	__u64 cgid;
	int which;

	if (bpf_core_enum_value_exists(enum vm_event_item, ZSWPOUT) &&
	    item == bpf_core_enum_value(enum vm_event_item, ZSWPOUT))
		which = 0;
	else if (bpf_core_enum_value_exists(enum vm_event_item, ZSWPIN) &&
		 item == bpf_core_enum_value(enum vm_event_item, ZSWPIN))
		which = 1;
	else if (bpf_core_enum_value_exists(enum vm_event_item, ZSWPWB) &&
		 item == bpf_core_enum_value(enum vm_event_item, ZSWPWB))
		which = 2;
	else
		return 0;

	cgid = memcg->css.cgroup->kn->id;
	cc = cgroup_elem(&cgroup_counts, &cgid, &zero);
	if (which == 0) {
		counter_add(ZC_MEMCG_ZSWPOUT, val);
		if (cc)
			cc->zswpout += val;
	} else if (which == 1) {
		counter_add(ZC_MEMCG_ZSWPIN, val);
		if (cc)
			cc->zswpin += val;
	} else {
		counter_add(ZC_MEMCG_ZSWPWB, val);
		if (cc)
			cc->zswpwb += val;
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
