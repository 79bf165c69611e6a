// SPDX-License-Identifier: GPL-2.0
/*
 * Lock classification from kernel stacks. The functions that name an
 * operation are kernel_funcs.c's table (every kernel's names); the lock
 * helpers below are listed for every kernel the toolkit supports: 6.1
 * (rb-tree per swap type, zbud), 6.12 (xarray per 64 MiB, zsmalloc,
 * list_lru) and 6.18/7.x (zswap_compress inlined into zswap_store).
 */
#include <string.h>
#include "lock_classify.h"
#include "lockstat.h"

#define ARRAY_LEN(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const char *const class_names[LC_NR] = {
	[LC_TREE] = "tree", [LC_XARRAY] = "xarray", [LC_ACOMP] = "acomp_mutex",
	[LC_LRU] = "lru", [LC_ZPOOL] = "zpool", [LC_OTHER] = "other",
};

static const char *const op_names[ZOP_NR] = {
	[ZOP_NONE] = "none", [ZOP_STORE] = "store", [ZOP_LOAD] = "load",
	[ZOP_INVALIDATE] = "invalidate", [ZOP_WRITEBACK] = "writeback",
	[ZOP_SWAPOFF] = "swapoff", [ZOP_SHRINK_WORKER] = "shrink_worker",
	[ZOP_SHRINKER] = "shrinker", [ZOP_OTHER] = "other",
};

const char *lock_class_name(enum lock_class c)
{
	return c < LC_NR ? class_names[c] : "?";
}

const char *zswap_op_name(enum zswap_op op)
{
	return op < ZOP_NR ? op_names[op] : "?";
}

const char *tree_layout_name(enum tree_layout l)
{
	switch (l) {
	case TL_RB_PER_TYPE: return "rb-tree per swap type";
	case TL_RB_SPLIT: return "rb-tree per 64 MiB of swap";
	case TL_XARRAY_SPLIT: return "xarray per 64 MiB of swap";
	default: return "unknown";
	}
}

void sym_base(const char *sym, char *out, int len)
{
	int i;

	for (i = 0; i < len - 1 && sym[i]; i++) {
		/* "+0x3b", ".cold", ".isra.0", " ([kernel.kallsyms])" */
		if (sym[i] == '+' || sym[i] == '.' || sym[i] == ' ')
			break;
		out[i] = sym[i];
	}
	out[i] = '\0';
}

static bool has_prefix(const char *s, const char *const *prefixes, int n)
{
	for (int i = 0; i < n; i++)
		if (!strncmp(s, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

static bool is_one_of(const char *s, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(s, names[i]))
			return true;
	return false;
}

static const char *const locking_prefixes[] = {
	/* spinlocks and rwlocks */
	"_raw_spin_", "_raw_read_", "_raw_write_", "__raw_spin_",
	"do_raw_spin_", "do_raw_read_", "do_raw_write_",
	"queued_spin_lock_slowpath", "native_queued_spin_lock_slowpath",
	"__pv_queued_spin_lock_slowpath", "pv_queued_spin_lock_slowpath",
	"queued_read_lock_slowpath", "queued_write_lock_slowpath",
	/* sleeping locks */
	"mutex_lock", "__mutex_lock", "mutex_spin_on_owner",
	"mutex_optimistic_spin", "osq_lock", "down_read", "down_write",
	"__down_read", "__down_write", "rwsem_down_", "rwsem_optimistic_spin",
	"__rwsem_", "rt_mutex_", "__rt_mutex_", "rt_spin_lock", "rtlock_",
	"percpu_down_", "__percpu_down_", "percpu_rwsem_",
};

/*
 * The tracepoint and the BPF program that took the stack, and the
 * trampolines of fentry programs attached to functions on it.
 */
static const char *const tracing_prefixes[] = {
	"bpf_prog_", "__bpf_prog_", "bpf_trace_run", "__bpf_trace_",
	"__traceiter_", "trace_contention_", "__probestub_", "bpf_get_stack",
	"bpf_trampoline_", "bpf_dispatcher_",
};

bool is_tracing_frame(const char *sym)
{
	char b[128];

	sym_base(sym, b, sizeof(b));
	return has_prefix(b, tracing_prefixes, ARRAY_LEN(tracing_prefixes));
}

bool is_locking_frame(const char *sym)
{
	char b[128];

	sym_base(sym, b, sizeof(b));
	return has_prefix(b, locking_prefixes, ARRAY_LEN(locking_prefixes)) ||
	       is_tracing_frame(sym);
}

int first_caller(const char *const *syms, int n)
{
	for (int i = 0; i < n; i++)
		/* unresolved frames ("0x...") are BPF programs or unknown */
		if (syms[i] && syms[i][0] && strncmp(syms[i], "0x", 2) &&
		    !is_locking_frame(syms[i]))
			return i;
	return -1;
}

/*
 * zswap.c functions that are not named "zswap_*" and name no operation
 * (those that do are in kernel_funcs.c's table).
 */
static const char *const zswap_other_funcs[] = {
	"acomp_ctx_get_cpu_lock", "acomp_ctx_put_unlock",
	"__zswap_pool_current", "__zswap_pool_empty",
};

bool is_zswap_frame(const char *sym)
{
	char b[128];

	sym_base(sym, b, sizeof(b));
	return !strncmp(b, "zswap_", 6) || kfunc_op_of(b) != ZOP_NONE ||
	       is_one_of(b, zswap_other_funcs, ARRAY_LEN(zswap_other_funcs));
}

/*
 * Interrupt and softirq entries: a lock taken above one of these was
 * taken by the interrupt, whatever the interrupted task was doing.
 */
static const char *const irq_prefixes[] = {
	"asm_sysvec_", "sysvec_", "asm_common_interrupt", "common_interrupt",
	"irq_exit_rcu", "__irq_exit_rcu", "handle_softirqs", "__do_softirq",
	"do_softirq", "__local_bh_enable_ip", "asm_call_irq_on_stack",
	"call_on_irqstack", "irqentry_exit", "asm_exc_nmi", "exc_nmi",
};

bool is_irq_boundary(const char *sym)
{
	char b[128];

	sym_base(sym, b, sizeof(b));
	return has_prefix(b, irq_prefixes, ARRAY_LEN(irq_prefixes));
}

enum zswap_op zswap_op_of(const char *const *syms, int n, int *frame)
{
	int first_zswap = -1;
	enum zswap_op op;
	char b[128];

	*frame = -1;
	for (int i = 0; i < n; i++) {
		if (!syms[i])
			continue;
		/* an interrupt's lock is not the interrupted zswap call's */
		if (first_zswap < 0 && is_irq_boundary(syms[i]))
			return ZOP_NONE;
		if (!is_zswap_frame(syms[i]))
			continue;
		if (first_zswap < 0)
			first_zswap = i;
		sym_base(syms[i], b, sizeof(b));
		op = kfunc_op_of(b);
		if (op != ZOP_NONE) {
			*frame = i;
			return op;
		}
	}
	if (first_zswap < 0)
		return ZOP_NONE;
	*frame = first_zswap;
	/*
	 * zswap_invalidate() ends in a tail call of zswap_entry_free(), so
	 * its frame is gone: an entry freed straight from the swap code is
	 * an invalidation.
	 */
	sym_base(syms[first_zswap], b, sizeof(b));
	if (!strcmp(b, "zswap_entry_free") && first_zswap + 1 < n &&
	    syms[first_zswap + 1] && !is_zswap_frame(syms[first_zswap + 1]))
		return ZOP_INVALIDATE;
	return ZOP_OTHER;
}

static const char *const lru_prefixes[] = {
	"list_lru_", "__list_lru_", "lock_list_lru", "zswap_lru_",
};

static const char *const zpool_prefixes[] = {
	"zs_", "__zs_", "zbud_", "z3fold_", "__z3fold_", "zpool_",
	"zsmalloc_", "obj_malloc", "obj_free", "zs_compact", "async_free_zspage",
};

static const char *const xarray_prefixes[] = { "xa_", "__xa_", "xas_" };

/* 6.5-6.7 took zswap_pool.lru_lock directly in these. */
static const char *const pool_lru_funcs[] = {
	"zswap_free_entry", "zswap_reclaim_entry", "zswap_entry_free",
};

/* Functions that take the tree lock themselves (spin_lock is inline). */
static bool takes_tree_lock(const char *f, enum tree_layout layout)
{
	if (layout == TL_XARRAY_SPLIT)
		/* xa_cmpxchg() is inline: the writeback path's own xa_lock */
		return kfunc_op_of(f) == ZOP_WRITEBACK;
	if (strstr(f, "pool") || is_one_of(f, pool_lru_funcs,
					   ARRAY_LEN(pool_lru_funcs)))
		return false;
	return true;
}

struct lock_verdict lock_classify(const char *const *syms, int n,
				  unsigned int flags, enum tree_layout layout,
				  bool addr_is_tree)
{
	struct lock_verdict v = { .cls = LC_OTHER };
	char c[128], next[128];
	int i;

	v.caller = first_caller(syms, n);
	v.op = zswap_op_of(syms, n, &v.zswap_frame);
	if (addr_is_tree) {
		v.cls = layout == TL_XARRAY_SPLIT ? LC_XARRAY : LC_TREE;
		return v;
	}
	if (v.op == ZOP_NONE || v.caller < 0)
		return v;
	sym_base(syms[v.caller], c, sizeof(c));

	if (flags & LCB_F_MUTEX) {
		/* zswap's only hot mutex is the per-CPU acomp context's */
		if (is_zswap_frame(c))
			v.cls = LC_ACOMP;
		return v;
	}
	if (has_prefix(c, lru_prefixes, ARRAY_LEN(lru_prefixes))) {
		v.cls = LC_LRU;
		return v;
	}
	if (has_prefix(c, zpool_prefixes, ARRAY_LEN(zpool_prefixes))) {
		v.cls = LC_ZPOOL;
		return v;
	}
	if (has_prefix(c, xarray_prefixes, ARRAY_LEN(xarray_prefixes))) {
		/* only an xarray call made by zswap itself is its tree */
		for (i = v.caller + 1; i < n; i++) {
			sym_base(syms[i], next, sizeof(next));
			if (!has_prefix(next, xarray_prefixes,
					ARRAY_LEN(xarray_prefixes)))
				break;
		}
		if (i < n && is_zswap_frame(syms[i]) &&
		    (layout == TL_XARRAY_SPLIT || layout == TL_UNKNOWN))
			v.cls = LC_XARRAY;
		return v;
	}
	if (is_zswap_frame(c) && (flags & LCB_F_SPIN)) {
		if (is_one_of(c, pool_lru_funcs, ARRAY_LEN(pool_lru_funcs)) &&
		    layout != TL_XARRAY_SPLIT && layout != TL_RB_PER_TYPE)
			v.cls = LC_LRU;
		else if (takes_tree_lock(c, layout))
			v.cls = layout == TL_XARRAY_SPLIT ? LC_XARRAY : LC_TREE;
	}
	return v;
}
