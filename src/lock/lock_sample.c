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
static void apportion(unsigned long long total, const double *w, size_t n,
		      unsigned long long *out)
{
	unsigned long long given = 0;
	double sum = 0;
	size_t best;

	for (size_t i = 0; i < n; i++)
		sum += w[i];
	for (size_t i = 0; i < n; i++) {
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
		for (size_t i = 0; i < n; i++) {
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

/* What is left of total once given is out, 0 if more was given (a reset). */
static unsigned long long left(unsigned long long total, unsigned long long given)
{
	return total > given ? total - given : 0;
}

/* The rates of an address's walks at random: 1 in every, 1 in other. */
struct walk_rates {
	unsigned int every, other;
};

/*
 * What a walked entry's walks stand for: 1 a forced walk, every (other,
 * for an address not zswap's so far) one at random.
 */
static double walk_weight(const struct lock_entry *e, struct walk_rates r)
{
	return e->forced + (double)r.other * e->rare +
	       (double)r.every * (e->walked - e->forced - e->rare);
}

/*
 * z: the address's stackless entry; w[0..n): its walked entries; g[i]:
 * what w[i] was given at earlier reads, with the walks it had then in
 * g[i]->walked, ->forced and ->rare; r: the rates of walks at random.
 *
 * A read's new unwalked contentions go by the walks made since the read
 * before (a live reader's interval; a single read's is the whole window),
 * or by all the walks when the interval has none: each interval's estimate
 * stands on its own, so a stack's share follows the window's mix (an
 * invalidation burst at its end) and a share once given is never taken
 * back. Shares of the whole, with what was given kept, kept each read's
 * noise peaks instead: CI saw a live zpool/invalidate 26,152 against a
 * single read's 40,582.
 */
static void spread_one(const struct lock_entry *z, struct lock_entry *w, size_t n,
		       struct lock_entry **g, struct walk_rates r)
{
	double *wt = calloc(n, sizeof(*wt)), *dw = calloc(n, sizeof(*dw));
	unsigned long long *share = calloc(n, sizeof(*share)), given;
	const double *by;	/* the weights of this read's new contentions */
	double dsum = 0;
	size_t top = 0;

	if (!wt || !dw || !share)
		goto out;
	for (size_t i = 0; i < n; i++) {
		if (w[i].count > w[top].count)
			top = i;
		/*
		 * By the contentions the walks stand for, not by the walked
		 * waits' slots: a walked contention waits longer (the walk is
		 * timed with it), so weights per slot would favour the callers
		 * that wait long. An address's first walk counts for itself
		 * only: it falls when the tool starts or the address is new,
		 * whose callers need not be the window's (a pool filling
		 * before it is read from).
		 */
		wt[i] = walk_weight(&w[i], r);
		dw[i] = wt[i] - walk_weight(g[i], r);
		if (dw[i] < 0)	/* a reset */
			dw[i] = wt[i];
		dsum += dw[i];
	}
	by = dsum > 0 ? dw : wt;
	for (int s = 0; s < LS_HIST_SLOTS; s++) {
		given = 0;
		for (size_t i = 0; i < n; i++)
			given += g[i]->h.slots[s];
		if (!left(z->h.slots[s], given))
			continue;
		apportion(left(z->h.slots[s], given), by, n, share);
		for (size_t i = 0; i < n; i++) {
			g[i]->h.slots[s] += share[i];
			g[i]->count += share[i];
		}
	}
	given = 0;
	for (size_t i = 0; i < n; i++)
		given += g[i]->total_ns;
	apportion(left(z->total_ns, given), by, n, share);
	for (size_t i = 0; i < n; i++) {
		g[i]->total_ns += share[i];
		g[i]->walked = w[i].walked;
		g[i]->forced = w[i].forced;
		g[i]->rare = w[i].rare;
		for (int s = 0; s < LS_HIST_SLOTS; s++)
			w[i].h.slots[s] += g[i]->h.slots[s];
		w[i].count += g[i]->count;
		w[i].total_ns += g[i]->total_ns;
		w[i].h.sum += g[i]->total_ns;
		w[i].estimated = true;
	}
	/* the address's longest wait and its waiters at the end: its top caller */
	if (z->max_ns > w[top].max_ns)
		w[top].max_ns = z->max_ns;
	w[top].pending += z->pending;
out:
	free(wt);
	free(dw);
	free(share);
}

/* The entries of given for w[0..n), created empty where missing. */
static bool given_of(struct lock_data *given, const struct lock_entry *w, size_t n,
		     struct lock_entry **g)
{
	static const unsigned long long none[LS_HIST_SLOTS];

	for (size_t i = 0; i < n; i++)
		if (!lock_data_find(given, w[i].lock, w[i].ips) &&
		    !lock_data_add(given, w[i].lock, w[i].ips, w[i].flags, 0, 0, 0, none))
			return false;
	/* after the adds: they may have moved the array */
	for (size_t i = 0; i < n; i++)
		g[i] = lock_data_find(given, w[i].lock, w[i].ips);
	return true;
}

void lock_data_spread(struct lock_data *d, struct lock_data *given)
{
	struct walk_rates r = {
		.every = d->sample_every ? d->sample_every : 1,
		.other = d->other_every,
	};
	struct lock_data once = {};
	struct lock_entry **g = NULL;
	size_t i = 0, j, k = 0;

	if (!given)
		given = &once;
	/* qsort's base may not be NULL, even for no entries */
	if (d->n)
		qsort(d->e, d->n, sizeof(*d->e), cmp_addr);
	while (i < d->n) {
		for (j = i + 1; j < d->n && d->e[j].lock == d->e[i].lock; j++)
			;
		/* an address never walked keeps its stackless entry */
		if (!d->e[i].nframes && j - i > 1) {
			struct lock_entry **ng = realloc(g, (j - i) * sizeof(*g));

			if (!ng)
				break;
			g = ng;
			if (!given_of(given, &d->e[i + 1], j - i - 1, g))
				break;
			spread_one(&d->e[i], &d->e[i + 1], j - i - 1, g, r);
			d->e[i].count = 0;
		}
		i = j;
	}
	free(g);
	lock_data_free(&once);
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
			/*
			 * Not zswap's own lock (slab, page allocator): the
			 * rest of the kernel takes it too, maybe unwalked.
			 */
			cls |= d->e[j].v.cls == LC_OTHER ||
			       !lock_entry_is_zswap(&d->e[j]);
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
