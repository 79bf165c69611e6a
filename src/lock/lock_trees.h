/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Maps a lock address to the zswap tree it protects: swap type and, on
 * kernels with split trees, the tree index (one tree per 64 MiB of swap).
 * Needs the addresses of zswap_trees[] (and nr_zswap_trees[]) from
 * /proc/kallsyms, which lists data symbols only with CONFIG_KALLSYMS_ALL,
 * and the tree struct's layout from BTF. When either is missing, `why`
 * says so and reports list tree locks by address only.
 */
#ifndef __LOCK_TREES_H
#define __LOCK_TREES_H

#include <stdbool.h>
#include "ksyms.h"
#include "lock_classify.h"

struct tree_lock {
	unsigned long long lock;
	int type;
	int index;
};

struct lock_trees {
	enum tree_layout layout;
	bool mappable;			/* addresses and layout known */
	char why[200];			/* why not, when !mappable */
	unsigned long long trees_addr;	/* &zswap_trees[0] */
	unsigned long long nr_trees_addr; /* &nr_zswap_trees[0], or 0 */
	unsigned int nr_types;		/* entries of zswap_trees[] to read */
	unsigned int tree_size;		/* sizeof(struct zswap_tree / xarray) */
	unsigned int lock_off;		/* offset of its lock */
	struct tree_lock *locks;	/* sorted by lock address */
	size_t n;
};

/* Layout from what BTF and kallsyms show (pure: for tests). */
enum tree_layout tree_layout_of(bool btf_has_zswap_tree, bool has_nr_trees_sym,
				bool has_trees_sym, bool has_frontswap);
/* Finds layout, addresses and offsets on the running kernel. */
void lock_trees_plan(struct lock_trees *t, const struct ksyms *ks);
/*
 * Builds the address map from the values of zswap_trees[i] and
 * nr_zswap_trees[i] (nrs NULL before 6.8). Pure.
 */
int lock_trees_build(struct lock_trees *t, const unsigned long long *ptrs,
		     const unsigned int *nrs, unsigned int n);
const struct tree_lock *lock_trees_find(const struct lock_trees *t,
					unsigned long long lock);
void lock_trees_free(struct lock_trees *t);

#endif /* __LOCK_TREES_H */
