// SPDX-License-Identifier: GPL-2.0
/* zswap tree lock addresses: which swap type and tree index a lock is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "lock_trees.h"
#include "lockstat.h"
#include "kernel_btf.h"
#include "kernel_funcs.h"

/*
 * Kernel addresses start here on x86-64 with 5-level page tables (the
 * direct map at 0xff11000000000000, as in qemu -cpu max guests; 4-level
 * kernels use 0xffff8...): anything below is not a pointer.
 */
#define KERNEL_MIN 0xff00000000000000ULL
#define MAX_TREES_PER_TYPE (1U << 20)

enum tree_layout tree_layout_of(bool btf_has_zswap_tree, bool has_nr_trees_sym,
				bool has_trees_sym, bool has_frontswap)
{
	if (!btf_has_zswap_tree)
		return TL_XARRAY_SPLIT;		/* 6.10 dropped the struct */
	if (has_nr_trees_sym)
		return TL_RB_SPLIT;
	if (has_trees_sym || has_frontswap)
		return TL_RB_PER_TYPE;
	return TL_UNKNOWN;
}

static bool in_kallsyms(void *ks, const char *name)
{
	return ksyms_addr(ks, name) != 0;
}

void lock_trees_plan(struct lock_trees *t, const struct ksyms *ks)
{
	const struct kfunc_name *store;
	unsigned int size = 0, off = 0;
	unsigned long long next;
	bool rb;

	memset(t, 0, sizeof(*t));
	rb = btf_struct_member("zswap_tree", "lock", &size, &off);
	if (!rb && !btf_struct_member("xarray", "xa_lock", &size, &off)) {
		snprintf(t->why, sizeof(t->why), "no struct zswap_tree or "
			 "struct xarray in the kernel's BTF");
		return;
	}
	t->tree_size = size;
	t->lock_off = off;
	if (ks->restricted) {
		snprintf(t->why, sizeof(t->why), "/proc/kallsyms hides "
			 "addresses (kptr_restrict): tree index unknown");
		return;
	}
	t->trees_addr = ksyms_addr(ks, "zswap_trees");
	t->nr_trees_addr = ksyms_addr(ks, "nr_zswap_trees");
	store = kfunc_present(KF_STORE, KFN_HOOK, in_kallsyms, (void *)ks);
	/* a store named as before split trees (6.8): one tree a swap type */
	t->layout = tree_layout_of(rb, t->nr_trees_addr, t->trees_addr,
				   store && kfunc_gone_by(store, "6.8"));
	if (!store) {
		t->layout = TL_UNKNOWN;
		snprintf(t->why, sizeof(t->why), "zswap is not in this kernel");
		return;
	}
	if (!t->trees_addr) {
		snprintf(t->why, sizeof(t->why), "zswap_trees is not in "
			 "/proc/kallsyms (kernel without CONFIG_KALLSYMS_ALL): "
			 "tree locks are listed by address, tree index unknown");
		return;
	}
	if (t->layout == TL_RB_PER_TYPE && !rb) {
		snprintf(t->why, sizeof(t->why), "no struct zswap_tree in BTF");
		return;
	}
	next = ksyms_next_addr(ks, "zswap_trees");
	t->nr_types = LS_MAX_TYPES;
	if (next > t->trees_addr && (next - t->trees_addr) / 8 < LS_MAX_TYPES)
		t->nr_types = (next - t->trees_addr) / 8;
	t->mappable = true;
}

static int cmp_lock(const void *a, const void *b)
{
	const struct tree_lock *x = a, *y = b;

	return x->lock < y->lock ? -1 : x->lock > y->lock;
}

int lock_trees_build(struct lock_trees *t, const unsigned long long *ptrs,
		     const unsigned int *nrs, unsigned int n)
{
	size_t total = 0, k = 0;

	free(t->locks);
	t->locks = NULL;
	t->n = 0;
	for (unsigned int i = 0; i < n; i++) {
		if (ptrs[i] < KERNEL_MIN)
			continue;
		if (t->layout == TL_RB_PER_TYPE)
			total++;
		else if (nrs && nrs[i] <= MAX_TREES_PER_TYPE)
			total += nrs[i];
	}
	if (!total)
		return 0;
	t->locks = calloc(total, sizeof(*t->locks));
	if (!t->locks)
		return -1;
	for (unsigned int i = 0; i < n; i++) {
		unsigned int nr;

		if (ptrs[i] < KERNEL_MIN)
			continue;
		nr = t->layout == TL_RB_PER_TYPE ? 1 :
		     (nrs && nrs[i] <= MAX_TREES_PER_TYPE ? nrs[i] : 0);
		for (unsigned int j = 0; j < nr; j++) {
			t->locks[k].lock = ptrs[i] +
				(unsigned long long)j * t->tree_size + t->lock_off;
			t->locks[k].type = i;
			t->locks[k].index = j;
			k++;
		}
	}
	t->n = k;
	qsort(t->locks, t->n, sizeof(*t->locks), cmp_lock);
	return 0;
}

const struct tree_lock *lock_trees_find(const struct lock_trees *t,
					unsigned long long lock)
{
	struct tree_lock key = { .lock = lock };

	if (!t->n)
		return NULL;
	return bsearch(&key, t->locks, t->n, sizeof(key), cmp_lock);
}

void lock_trees_free(struct lock_trees *t)
{
	free(t->locks);
	t->locks = NULL;
	t->n = 0;
}
