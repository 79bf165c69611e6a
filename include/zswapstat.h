/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Structures shared by bpf/zswapstat.bpf.c and the C frontend.
 *
 * Counters and histograms live in per-CPU arrays indexed by the enums
 * below; per-event detail goes through a ring buffer as struct zs_event.
 */
#ifndef __ZSWAPSTAT_H
#define __ZSWAPSTAT_H

/* Event counters, summed over CPUs by the frontend. */
enum zs_counter {
	ZC_STORE_CALLS,
	ZC_STORE_SUCCESS,
	ZC_STORE_REJECT,
	ZC_LOAD_CALLS,
	ZC_LOAD_HITS,
	ZC_WB_SUCCESS,		/* zswap_writeback_entry() returned 0 */
	ZC_WB_FAIL,
	ZC_SHRINK_WORKER,	/* shrink_worker() runs */
	ZC_SHRINK_MEMCG,
	ZC_SHRINKER_SCAN,
	ZC_SHRINKER_FREED,
	/* the bios: filled in from ZH_PPB_* by the frontend, not by BPF */
	ZC_BIO_WRITEBACK,	/* swap write bios issued by zswap writeback */
	ZC_PAGES_WRITEBACK,
	ZC_BIO_RECLAIM,		/* swap write bios issued by reclaim */
	ZC_PAGES_RECLAIM,
	ZC_MEMCG_ZSWPOUT,	/* count_memcg_events tracepoint totals */
	ZC_MEMCG_ZSWPIN,
	ZC_MEMCG_ZSWPWB,
	ZC_RINGBUF_DROPS,
	ZC_TASK_MAP_FULL,	/* a task could not be tagged */
	ZC_MISSING_START,	/* an exit without its entry timestamp */
	ZC_CGROUP_MAP_FULL,	/* a cgroup found cgroup_counts or cg_bios full */
	ZC_INVALIDATE,		/* zswap_invalidate() calls */
	ZC_NR,
};

/* Histograms: log2 of nanoseconds, or pages per bio (one slot a page). */
enum zs_hist {
	ZH_STORE_LAT,
	ZH_LOAD_LAT,
	ZH_PPB_WRITEBACK,
	ZH_PPB_RECLAIM,
	ZH_WB_LAT,		/* one entry's writeback (log2 ns) */
	ZH_COMPRESS_LAT,	/* one page's compression inside a store (log2 ns) */
	ZH_DECOMPRESS_LAT,	/* one entry's decompression (log2 ns) */
	ZH_COMPRESSED_BYTES,	/* the compressor's output length (log2 bytes) */
	ZH_NR,
};

#define ZS_HIST_SLOTS 64

struct zs_hist_slots {
	unsigned long long slots[ZS_HIST_SLOTS];
	unsigned long long sum;
};

/* How the kernel's function reports success, set by the planner. */
enum zs_ret_kind {
	ZS_RET_BOOL_TRUE_OK,	/* bool zswap_store(): true on success */
	ZS_RET_ZERO_OK,		/* int zswap_frontswap_store(): 0 on success */
};

/* How a task is inside zswap writeback (task_tag.marks bits). */
#define ZS_MARK_WB_FUNC		0x1	/* in zswap_writeback_entry() or its caller */
#define ZS_MARK_WORKER		0x2	/* running shrink_worker (workqueue tp) */
#define ZS_MARK_SHRINKER	0x4	/* in zswap_shrinker_scan (shrink_slab tp) */

/*
 * Writeback context of a task, in the task_tags task storage map
 * (bpf/task_tag.bpf.h). Why a task's swap write bios are zswap writeback:
 * it is marked while it runs the writeback code, and the bio counts as
 * writeback when a mark of its reclaim level is up: shrink_worker's
 * writeback allocates folios, and the direct reclaim that allocation may
 * enter swaps other pages out (reclaim's) and may run the zswap shrinker
 * (writeback again). The level is the task's PF_MEMALLOC, not a count of
 * reclaim begin/end events, which a missed end would leave wrong for the
 * rest of the run. Here rather than in the .bpf.c because
 * bpf/iostall.bpf.c reuses the map.
 */
struct task_tag {
	/* fentry/kprobe on the writeback function, [1]: inside reclaim */
	unsigned int wb_depth[2];
	unsigned int worker;		/* inside shrink_worker (outside reclaim) */
	unsigned int shrinker_depth;	/* inside the zswap shrinker scan (reclaim) */
	unsigned int swapout_depth;	/* inside swap_writepage(): nested swap-out */
	unsigned long long worker_start_ns;
	unsigned long long scan_start_ns;
	unsigned long long wb_pages;	/* writeback pages since the run started */
};

/* Per-cgroup event counts, keyed by cgroup id (kernfs inode number). */
struct zs_cgroup_counts {
	unsigned long long zswpout;
	unsigned long long zswpin;
	unsigned long long zswpwb;
};

enum zs_event_type {
	ZE_BIO = 1,		/* one swap write bio */
	ZE_STORE_SLOW,		/* a store slower than the threshold */
	ZE_LOAD_SLOW,
	ZE_SHRINK_WORKER,	/* one shrink_worker run */
	ZE_SHRINKER_SCAN,	/* one zswap shrinker scan */
};

enum zs_origin {
	ZS_ORIGIN_RECLAIM,
	ZS_ORIGIN_WRITEBACK,
};

struct zs_event {
	unsigned int type;
	unsigned int pid;
	unsigned long long ts_ns;
	unsigned long long duration_ns;	/* slow ops, worker runs, scans */
	unsigned long long cgroup_id;
	unsigned long long value;	/* bio pages, pages written back, freed */
	unsigned int origin;		/* ZE_BIO: enum zs_origin */
	char comm[16];
};

#endif /* __ZSWAPSTAT_H */
