/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one table of zswap's kernel functions: a row per operation the
 * toolkit hooks or recognises on a kernel stack, each with every name the
 * operation has had, newest first, the kernel each name appeared in and
 * what it returns. The hook planner, zswap-lockstat's fentry brackets and
 * the lock classifier all read it; a kernel that renames a function is
 * one more name in its row (and a BTF fixture, tests/unit/test_kfuncs.c).
 */
#ifndef __KERNEL_FUNCS_H
#define __KERNEL_FUNCS_H

#include <stdbool.h>

/* zswap's operations, as a lock contention's stack names them. */
enum zswap_op {
	ZOP_NONE,	/* the stack does not pass through zswap */
	ZOP_STORE,
	ZOP_LOAD,
	ZOP_INVALIDATE,
	ZOP_WRITEBACK,
	ZOP_SWAPOFF,
	ZOP_SHRINK_WORKER,
	ZOP_SHRINKER,
	ZOP_OTHER,	/* a zswap function outside the operations above */
	ZOP_NR,
};

enum kfunc_id {
	KF_STORE,
	KF_LOAD,
	KF_INVALIDATE,
	KF_SWAPOFF,
	KF_WRITEBACK,		/* one entry written back */
	KF_SHRINK_WORKER,
	KF_SHRINK_MEMCG,
	KF_SHRINKER_SCAN,
	KF_SHRINKER_COUNT,
	KF_SWAPOUT,		/* reclaim's swap-out, nested in writeback */
	KF_COMPRESS,		/* one page's compression, inside a store */
	KF_DECOMPRESS,		/* one entry's decompression (load, writeback) */
	KF_NR,
};

/* What a name is good for. */
enum {
	KFN_HOOK = 1 << 0,	/* an fentry/kprobe target */
	KFN_COUNTS = 1 << 1,	/* its return value is the operation's result */
	KFN_STACK = 1 << 2,	/* an inner function: names the operation on a
				 * stack only (often inlined) */
	KFN_INLINED = 1 << 3,	/* some builds inline it (absent from BTF) */
};

struct kfunc_name {
	const char *name;
	const char *since;	/* first kernel with it; "6.1": 6.1 or older */
	const char *until;	/* first kernel without it, NULL: still there */
	const char *returns;	/* its return type in BTF, "a|b" when it changed */
	unsigned int flags;
};

#define KF_MAX_NAMES 4

struct kfunc_row {
	const char *what;		/* the operation, as plans print it */
	enum zswap_op op;		/* the lock classifier's; ZOP_NONE: not zswap's */
	bool bracket;			/* every zswap lock is taken inside one of these */
	struct kfunc_name names[KF_MAX_NAMES];	/* newest first, NULL-ended */
};

extern const struct kfunc_row kfunc_rows[KF_NR];

/* The operation a function names on a stack (ZOP_NONE: none of the table's). */
enum zswap_op kfunc_op_of(const char *func);

/*
 * The newest of row id's names with every bit of flags that present()
 * finds on this kernel (in kallsyms, in BTF), or NULL: what callers
 * outside the planner use instead of spelling a name.
 */
const struct kfunc_name *kfunc_present(enum kfunc_id id, unsigned int flags,
				       bool (*present)(void *ctx, const char *name),
				       void *ctx);
/* "6.12" as 6012, to compare the table's versions */
int kfunc_version(const char *v);
/* fn had left the kernel by version v (its until is v or older) */
bool kfunc_gone_by(const struct kfunc_name *fn, const char *v);

#endif /* __KERNEL_FUNCS_H */
