// SPDX-License-Identifier: GPL-2.0
/*
 * Contentions sampled by lock address: the kernel walks the stack of an
 * address's first contention and 1 in N at random after, and counts and
 * times the others exactly under the address with no stack. Here they are
 * spread over the address's walked stacks, so per address (and per class,
 * when an address has one class) the figures stay exact, and the split by
 * caller is an estimate from the walked stacks.
 */
#include <stdlib.h>
#include <string.h>
#include "lock_report.h"

static int cmp_addr(const void *a, const void *b)
{
	const struct lock_entry *x = a, *y = b;

	if (x->lock != y->lock)
		return x->lock < y->lock ? -1 : 1;
	/* the stackless entry first */
	return (x->nframes > 0) - (y->nframes > 0);
}

/*
 * Shares total among n parts in proportion to w[] (all 0: equally),
 * largest remainder first, so the shares add up to total exactly.
 */
static void apportion(unsigned long long total, const double *w, int n,
		      unsigned long long *out)
{
	unsigned long long given = 0;
	double sum = 0;
	int best;

	for (int i = 0; i < n; i++)
		sum += w[i];
	for (int i = 0; i < n; i++) {
		double x = sum > 0 ? total * (w[i] / sum) : (double)total / n;

		out[i] = (unsigned long long)x;
		if (given + out[i] > total)	/* rounding */
			out[i] = total - given;
		given += out[i];
	}
	/* at most n - 1 left: one more to the largest remainders */
	while (given < total) {
		double rem_best = -1;

		best = 0;
		for (int i = 0; i < n; i++) {
			double x = sum > 0 ? total * (w[i] / sum) : (double)total / n;

			if (x - out[i] > rem_best) {
				rem_best = x - out[i];
				best = i;
			}
		}
		out[best]++;
		given++;
	}
}

/* z: the address's stackless entry; w[0..n): its walked entries. */
static void spread_one(struct lock_entry *z, struct lock_entry *w, int n)
{
	double *wt = calloc(n, sizeof(*wt));
	unsigned long long *share = calloc(n, sizeof(*share));
	int top = 0;

	if (!wt || !share)
		goto out;
	for (int i = 0; i < n; i++) {
		w[i].estimated = true;
		if (w[i].count > w[top].count)
			top = i;
	}
	for (int s = 0; s < LS_HIST_SLOTS; s++) {
		double sum = 0;

		if (!z->h.slots[s])
			continue;
		for (int i = 0; i < n; i++)
			sum += wt[i] = w[i].h.slots[s];
		/* no walked contention waited this long: by count */
		for (int i = 0; i < n && !sum; i++)
			wt[i] = w[i].walked;
		apportion(z->h.slots[s], wt, n, share);
		for (int i = 0; i < n; i++) {
			w[i].h.slots[s] += share[i];
			w[i].count += share[i];
		}
	}
	for (int i = 0; i < n; i++)
		wt[i] = w[i].total_ns;
	apportion(z->total_ns, wt, n, share);
	for (int i = 0; i < n; i++) {
		w[i].total_ns += share[i];
		w[i].h.sum += share[i];
	}
	/* the address's longest wait and its waiters at the end: its top caller */
	if (z->max_ns > w[top].max_ns)
		w[top].max_ns = z->max_ns;
	w[top].pending += z->pending;
	z->count = 0;
out:
	free(wt);
	free(share);
}

void lock_data_spread(struct lock_data *d)
{
	size_t i = 0, j, k = 0;

	qsort(d->e, d->n, sizeof(*d->e), cmp_addr);
	while (i < d->n) {
		for (j = i + 1; j < d->n && d->e[j].lock == d->e[i].lock; j++)
			;
		/* an address never walked keeps its stackless entry */
		if (!d->e[i].nframes && j - i > 1)
			spread_one(&d->e[i], &d->e[i + 1], j - i - 1);
		i = j;
	}
	for (i = 0; i < d->n; i++)
		if (d->e[i].count || d->e[i].nframes)
			d->e[k++] = d->e[i];
	d->n = k;
}

static bool same_caller(const struct lock_entry *a, const struct lock_entry *b)
{
	char x[64], y[64];

	sym_base(a->caller, x, sizeof(x));
	sym_base(b->caller, y, sizeof(y));
	return a->v.op == b->v.op && !strcmp(x, y);
}

static bool same_class(const struct lock_entry *a, const struct lock_entry *b)
{
	/* not zswap's: one class, whatever the stack said */
	if (!lock_entry_is_zswap(a) || !lock_entry_is_zswap(b))
		return lock_entry_is_zswap(a) == lock_entry_is_zswap(b);
	return a->v.cls == b->v.cls;
}

void lock_data_mark_shared(struct lock_data *d)
{
	size_t i = 0, j;

	/* lock_data_spread() left the entries sorted by address */
	while (i < d->n) {
		bool est = false, cls = false, caller = false;

		for (j = i; j < d->n && d->e[j].lock == d->e[i].lock; j++) {
			est |= d->e[j].estimated;
			cls |= !same_class(&d->e[j], &d->e[i]);
			caller |= !same_class(&d->e[j], &d->e[i]) ||
				  !same_caller(&d->e[j], &d->e[i]);
		}
		for (size_t k = i; k < j; k++) {
			d->e[k].class_shared = est && cls;
			d->e[k].caller_shared = est && caller;
		}
		i = j;
	}
}
