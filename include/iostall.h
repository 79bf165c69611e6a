/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Structures shared by bpf/iostall.bpf.c and src/iostall/ (session, eval): per-cgroup
 * iocost state and bio charging, and who sleeps inside zswap writeback.
 */
#ifndef __IOSTALL_H
#define __IOSTALL_H

#define IS_MAX_CGROUPS 1024
#define IS_MAX_STALL_TASKS 4096
#define IS_MAX_RANGES 8		/* kernel text ranges checked on a stack */
#define IS_STACK_DEPTH 32	/* deep enough to see a page fault's entry */
/*
 * Enough to see a throttling function: each sleeps in io_schedule*()
 * within 10 frames of the tracepoint (the walk's cost grows with its depth).
 */
#define IS_THROTTLE_DEPTH 16
#define IS_HIST_SLOTS 64

/* The iocg's own accumulators (struct iocg_stat), microseconds. */
struct is_iocg_stat {
	unsigned long long usage_us;
	unsigned long long wait_us;
	unsigned long long indebt_us;
	unsigned long long indelay_us;
};

enum is_iocg_event {
	IS_EV_ACTIVATE,
	IS_EV_IDLE,
	IS_EV_INUSE_SHORTAGE,
	IS_EV_INUSE_TRANSFER,
	IS_EV_INUSE_ADJUST,
	IS_EV_FORGIVE_DEBT,
	IS_EV_NR,
};

/*
 * One iocg (one cgroup on one device), keyed by cgroup id. The stat is
 * read from the iocg at every iocost tracepoint; first is the stat when
 * the cgroup was first seen, last the newest.
 */
struct is_iocg {
	struct is_iocg_stat first;
	struct is_iocg_stat last;
	unsigned long long events[IS_EV_NR];
	unsigned long long last_ns;		/* bpf_ktime of the newest event */
	unsigned long long delay_max_us;	/* iocg->delay, largest seen */
	unsigned long long vdebt_max;		/* iocg->abs_vdebt, largest seen */
	unsigned int hweight_inuse;		/* newest, of WEIGHT_ONE (65536) */
	unsigned int level;
};

/* Bios charged to a cgroup (bio->bi_blkg's blkcg), keyed by cgroup id. */
struct is_cg_bios {
	unsigned long long write_bios;		/* every write bio */
	unsigned long long swap_bios;		/* writes with REQ_SWAP */
	unsigned long long swap_pages;
	unsigned long long wb_bios;		/* writes from zswap writeback */
	unsigned long long wb_pages;
	unsigned long long wb_req_background;	/* ... of those with REQ_BACKGROUND */
};

/* Who is off CPU inside writeback. */
enum is_kind {
	IS_KIND_KWORKER,	/* workqueue worker (shrink_worker) */
	IS_KIND_KTHREAD,	/* other kernel threads, e.g. kswapd */
	IS_KIND_APP_FAULT,	/* application task, stack has a page fault */
	IS_KIND_APP_RECLAIM,	/* application task in reclaim (PF_MEMALLOC) */
	IS_KIND_APP_OTHER,
	IS_KIND_NR,
};

/* Where a sleep was, when in block-layer throttling (range index + 1). */
enum is_throttle {
	IS_THR_NONE,
	IS_THR_IOCOST,		/* ioc_rqos_throttle: iocost waitq */
	IS_THR_RQ_QOS,		/* rq_qos_wait: wbt, iolatency */
	IS_THR_BLKCG_DELAY,	/* blkcg_maybe_throttle_current: debt delay */
	IS_THR_WBT,		/* wbt_wait */
	IS_THR_NR,
};

enum is_counter {
	IS_C_OFFCPU_NS,				/* + kind */
	IS_C_OFFCPU_CNT = IS_C_OFFCPU_NS + IS_KIND_NR,	/* + kind */
	IS_C_THROTTLED_NS = IS_C_OFFCPU_CNT + IS_KIND_NR,	/* + throttle */
	/* sleeps of the watched cgroup's tasks in block-layer throttling */
	IS_C_CG_THR_NS = IS_C_THROTTLED_NS + IS_THR_NR,	/* + throttle */
	IS_C_CG_THR_CNT = IS_C_CG_THR_NS + IS_THR_NR,	/* + throttle */
	/* time some task of the watched cgroup slept there: the sleeps' union */
	IS_C_CG_WAIT_NS = IS_C_CG_THR_CNT + IS_THR_NR,	/* + throttle */
	/* throttled sleeps inside writeback, by who slept */
	IS_C_WB_THR_KIND_NS = IS_C_CG_WAIT_NS + IS_THR_NR,	/* + kind */
	IS_C_VRATE_ADJ = IS_C_WB_THR_KIND_NS + IS_KIND_NR,
	IS_C_STACK_FAIL,			/* bpf_get_stack failed */
	IS_C_MAP_FULL,				/* an entry could not be added */
	IS_C_NR,
};

/* log2 histograms of single sleeps, ns: one per kind plus throttled. */
#define IS_H_THROTTLED IS_KIND_NR
#define IS_H_NR (IS_KIND_NR + 1)

struct is_hist {
	unsigned long long slots[IS_HIST_SLOTS];
	unsigned long long sum;
};

struct is_offcpu_start {
	unsigned long long ts_ns;	/* switched out inside writeback */
	unsigned int kind;
	unsigned int throttle;
	unsigned long long cg_ts_ns;	/* watched cgroup, throttled sleep */
	unsigned int cg_throttle;
	unsigned int pad;
};

struct is_task {
	char comm[16];
	unsigned long long total_ns;
	unsigned long long throttled_ns;
	unsigned long long max_ns;
	unsigned long long count;
	unsigned int kind;		/* of the newest sleep */
	unsigned int tgid;
};

#endif /* __IOSTALL_H */
