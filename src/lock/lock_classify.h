/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which of zswap's locks a contended lock is, from the kernel stack at
 * lock:contention_begin (innermost frame first) and the contention flags.
 * Pure functions over symbol names, so recorded stacks replay in tests.
 *
 * zswap's locks by kernel:
 *   6.1-6.7   one rb-tree per swap type, spinlock in struct zswap_tree
 *   6.8-6.9   the same tree split per 64 MiB of swap (nr_zswap_trees[])
 *   6.10+     an xarray per 64 MiB of swap: its xa_lock
 *   all       the per-CPU acomp context mutex (compression buffers),
 *             the LRU lock (zbud/z3fold/zsmalloc pool lock on 6.1,
 *             zswap_pool.lru_lock on 6.5-6.7, list_lru from 6.8),
 *             the zpool allocator's own lock.
 */
#ifndef __LOCK_CLASSIFY_H
#define __LOCK_CLASSIFY_H

#include <stdbool.h>
#include "kernel_funcs.h"

enum lock_class {
	LC_TREE,	/* rb-tree spinlock in struct zswap_tree */
	LC_XARRAY,	/* xa_lock of a split tree (6.10+) */
	LC_ACOMP,	/* per-CPU acomp context mutex */
	LC_LRU,		/* list_lru (or pool LRU) lock */
	LC_ZPOOL,	/* zsmalloc/zbud/z3fold lock */
	LC_OTHER,	/* any other lock taken under zswap, or not zswap's */
	LC_NR,
};


/* How the running kernel keeps its trees (from BTF and kallsyms). */
enum tree_layout {
	TL_UNKNOWN,
	TL_RB_PER_TYPE,		/* 6.1-6.7 */
	TL_RB_SPLIT,		/* 6.8-6.9 */
	TL_XARRAY_SPLIT,	/* 6.10+ */
};

struct lock_verdict {
	enum lock_class cls;
	enum zswap_op op;
	int caller;		/* index of the first frame outside locking, -1 */
	int zswap_frame;	/* index of the operation's frame, -1 */
};

const char *lock_class_name(enum lock_class c);
const char *zswap_op_name(enum zswap_op op);
const char *tree_layout_name(enum tree_layout l);

/* "_raw_spin_lock+0x3b" and "zswap_store.cold" compare as their function. */
void sym_base(const char *sym, char *out, int len);
/* Locking primitives and the tracing frames above them. */
bool is_locking_frame(const char *sym);
/* The tracepoint, BPF program or trampoline frames (a subset of those). */
bool is_tracing_frame(const char *sym);
/* The first frame that is not a locking frame, or -1. */
int first_caller(const char *const *syms, int n);
/* A zswap function on any kernel (6.1 frontswap names to current). */
bool is_zswap_frame(const char *sym);
/* Interrupt or softirq entry: zswap frames beyond it are not the locker. */
bool is_irq_boundary(const char *sym);
/* The innermost zswap operation on the stack; *frame gets its index. */
enum zswap_op zswap_op_of(const char *const *syms, int n, int *frame);
/*
 * Classifies a contention. addr_is_tree: the lock address is a known tree
 * lock (lock_trees.h), which settles the class whatever the stack says.
 */
struct lock_verdict lock_classify(const char *const *syms, int n,
				  unsigned int flags, enum tree_layout layout,
				  bool addr_is_tree);

#endif /* __LOCK_CLASSIFY_H */
