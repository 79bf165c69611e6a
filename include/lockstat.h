/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Structures shared by bpf/lockstat.bpf.c and its frontends
 * (zswap-lockstat, zswap-gate record --locks).
 *
 * Contentions are aggregated in the kernel per (lock address, stack),
 * with a log2 histogram of the wait; user space symbolises each stack
 * once and decides which lock class and zswap operation it belongs to.
 * The stack is part of the key rather than an id in a stack map: a
 * stack map refuses a stack whose bucket holds another (-EEXIST), and a
 * contention so refused could not be classified.
 */
#ifndef __LOCKSTAT_H
#define __LOCKSTAT_H

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

/*
 * Frames walked per contention. The walk is most of what a contention
 * costs (about 130 ns a frame on the 6.18 host); zswap's frame is the
 * 5th to 10th (tracepoint, BPF and locking frames come first).
 */
#define LS_STACK_DEPTH	12
#define LS_HIST_SLOTS	64	/* log2(ns) slots, as struct hist */
#define LS_MAX_LOCKS	10240	/* (lock, stack) aggregates */
#define LS_MAX_ADDRS	16384	/* lock addresses sampled (no fentry) */
#define LS_SAMPLE_EVERY	64	/* default: walk 1 in 64 of an address's */
/*
 * An address whose walks showed no frame in zswap's text (the rest of the
 * kernel's locks) is walked 1 in LS_OTHER_FACTOR times as often.
 */
#define LS_OTHER_FACTOR	4
/* zspage lock addresses kept as their group's members (not their counts) */
#define LS_MAX_MEMBERS	8192
#define LS_MAX_ZTEXT	64	/* ranges of zswap's text known to BPF */
#define LS_MAX_TYPES	32	/* >= MAX_SWAPFILES on every kernel */
#define LS_ZOP_PAIRS	8	/* fentry/fexit pairs bracketing zswap ops */

/* Contention flags of lock:contention_begin (include/trace/events/lock.h). */
#define LCB_F_SPIN	(1U << 0)
#define LCB_F_READ	(1U << 1)
#define LCB_F_WRITE	(1U << 2)
#define LCB_F_RT	(1U << 3)
#define LCB_F_PERCPU	(1U << 4)
#define LCB_F_MUTEX	(1U << 5)

struct ls_key {
	__u64 lock;
	__u64 ips[LS_STACK_DEPTH];	/* ended by 0; all 0: walk failed */
};

struct ls_value {
	__u64 count;
	__u64 total_ns;
	__u64 max_ns;
	__u64 min_ns;
	__u32 flags;		/* contention_begin flags of the first one */
	/*
	 * Of count, the walks not at random (sampling by address: an
	 * address's first, the first after a walk_gen bump, every one of
	 * an address lock_addr had no room for): each stands for itself,
	 * a walk at random for sample_mask + 1 contentions.
	 */
	__u32 forced;
	/* Of count, the walks at random of an address not zswap's (so far) */
	__u32 rare;
	__u32 pad;
	__u64 slots[LS_HIST_SLOTS];
};

/* Why a contention's stack was walked (struct ls_tstamp's walked). */
enum ls_walk {
	LS_NOT_WALKED,
	LS_WALKED,		/* at random, or every one (no sampling) */
	LS_WALKED_FORCED,	/* sampling by address, not at random */
	LS_WALKED_RARE,		/* at random, an address not zswap's so far */
	LS_UNTIMED,		/* zswap_only: not zswap's, counted only */
};

/*
 * What an address's walks have shown (sampling by address with zswap's
 * text known): none yet, only the rest of the kernel's frames, or a
 * zswap frame at least once (for good: an address zswap takes is walked
 * at zswap's rate).
 */
enum ls_addr_state {
	LS_ADDR_NEW,
	LS_ADDR_OTHER,
	LS_ADDR_ZSWAP,
};

/* A contention in progress: per CPU (spinning) or per task (sleeping). */
struct ls_tstamp {
	__u64 ts;
	__u64 lock;		/* 0: no contention in progress */
	__u64 key;		/* its aggregates' lock: lock, or its group's */
	__u32 flags;
	__u32 walked;		/* enum ls_walk; not 0: ips hold its stack */
	__u64 ips[LS_STACK_DEPTH];
};

/*
 * A lock address, when stacks are walked by address: its contentions
 * not walked are aggregated here (the walked ones, and walks that failed,
 * in lock_stat), so most contentions cost a lookup by the 8-byte address
 * rather than a hash of the (lock, stack) key.
 */
struct ls_addr {
	__u32 gen;		/* walk_gen when first walked */
	__u32 state;		/* enum ls_addr_state */
	/*
	 * v's first line is written by every end: not in gen's line, which
	 * every begin reads (a line bouncing between the CPUs cost more
	 * than the hash it saves)
	 */
	__u32 pad[14];
	struct ls_value v;	/* its contentions not walked */
};

/*
 * Per CPU, by address: LS_ADDR_SLOTS slots, each owned for the session by
 * the first lock address hashed to it (ls_addr_slot()), that keep its
 * walk_gen and state as seen here and its contentions not walked on this CPU: the
 * hot addresses cost an array lookup, not a hash, at begin and at end.
 * The others use lock_addr.
 */
#define LS_ADDR_SLOTS	16

struct ls_addr_slot {
	__u64 lock;	/* owner; 0: free */
	__u32 gen;	/* walk_gen + 1 when seen in lock_addr */
	__u32 state;	/* its lock_addr state as seen here, */
	__u32 sgen;	/* at this state_gen */
	__u32 pad;
	struct ls_value v;
};

/*
 * zswap_only: per CPU, the addresses last found not zswap's, one per
 * LS_OTHER_CACHE slot (ls_other_slot()), replaced at will: a hot lock
 * of the rest of the kernel costs this CPU's array, not a hash lookup.
 */
#define LS_OTHER_CACHE	64

struct ls_addr_cpu {
	struct ls_addr_slot e[LS_ADDR_SLOTS];
	/* zswap_only: contentions on this CPU counted, not timed (not zswap's) */
	__u64 untimed;
	__u32 other_gen;	/* walk_gen + 1 when other[] was filled */
	__u32 pad;
	__u64 other[LS_OTHER_CACHE];
};

/*
 * zsmalloc's per-zspage locks (6.16+: struct zspage_lock) come and go with
 * their zspages, thousands a minute, each contended once or twice: each
 * pool's are aggregated as one lock, keyed by the pool's address with
 * this bit set (no spinlock is at an odd address).
 */
#define LS_GROUP_ZSPAGE	1ULL

static inline int ls_is_group(__u64 key)
{
	return (key & LS_GROUP_ZSPAGE) != 0;
}

static inline __u32 ls_addr_slot(__u64 lock)
{
	return ((lock >> 3) ^ (lock >> 11)) & (LS_ADDR_SLOTS - 1);
}

static inline __u32 ls_other_slot(__u64 lock)
{
	return ((lock >> 3) ^ (lock >> 9)) & (LS_OTHER_CACHE - 1);
}

/* What the frontend cannot see, counted in the kernel (.bss). */
enum ls_fail {
	LS_FAIL_MISSING_START,	/* contention_end without a begin we kept */
	LS_FAIL_MAP_FULL,	/* aggregate map full: contention dropped */
	LS_FAIL_TASK_FULL,	/* no per-task timestamp storage */
	LS_FAIL_STACK,		/* the stack walk failed */
	LS_FAIL_TIME,		/* end before begin (clock went back) */
	LS_FAIL_NESTED,		/* begin inside a begin: ignored, as perf */
	LS_FAIL_NR,
};

#endif /* __LOCKSTAT_H */
