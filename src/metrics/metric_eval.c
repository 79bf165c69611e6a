// SPDX-License-Identifier: GPL-2.0
/* The core metrics of one window, from the registry rows and the plan. */
#include <stdio.h>
#include <string.h>
#include "histogram.h"
#include "kv_families.h"
#include "metric_eval.h"

struct eval_result {
	bool ok;
	double v;
	char why[METRIC_REASON_LEN];
};

static bool delta_of(const struct kvset *a, const struct kvset *b,
		     const char *name, double *out)
{
	double va, vb;

	if (!kvset_get(a, name, &va) || !kvset_get(b, name, &vb))
		return false;
	*out = vb - va;
	return true;
}

/*
 * Stores refused, as the kernel counts them: every reject_* counter plus
 * pool_limit_hit (a store that finds the pool full is refused). Stores
 * refused while a full pool drains to accept_threshold_percent are counted
 * by no kernel counter, so this is a lower bound; the plan says so.
 */
static bool debugfs_rejects(const struct metric_window *w, double *out)
{
	const struct kvset *after = &w->after->debugfs;
	double sum = 0, d;

	/* gone at either end: n/a, not a silent 0 */
	if (!w->before->has_debugfs || !w->after->has_debugfs)
		return false;
	for (size_t i = 0; i < after->n; i++)
		if ((!strncmp(after->items[i].name, "reject_", 7) ||
		     !strcmp(after->items[i].name, "pool_limit_hit")) &&
		    delta_of(&w->before->debugfs, after, after->items[i].name, &d))
			sum += d;
	*out = sum;
	return true;
}

static bool counter_value(const struct metric_window *w, int id,
			  const char *counter, double *v)
{
	const struct zs_snapshot *a = w->before, *b = w->after;
	const char *key = strchr(counter, ':') + 1;
	double x, d;

	switch (id) {
	case MF_STORE_CALLS:
		if (!delta_of(&a->vmstat, &b->vmstat, "zswpout", &x) ||
		    !debugfs_rejects(w, &d))
			return false;
		*v = x + d;
		return true;
	case MF_STORE_REJECT:
		return debugfs_rejects(w, v);
	}
	if (metric_families[id].kind == MK_LEVEL)
		return kvset_get(&b->debugfs, key, v);
	if (!strncmp(counter, "vmstat:", 7))
		return delta_of(&a->vmstat, &b->vmstat, key, v);
	if (!strncmp(counter, "debugfs:", 8))
		return delta_of(&a->debugfs, &b->debugfs, key, v);
	if (!strncmp(counter, "memory.stat:", 12))
		return delta_of(&a->memory_stat, &b->memory_stat, key, v);
	return false;
}

static bool origin_marked(const struct zs_plan *plan)
{
	return plan_hook(plan, HOOK_WB) || plan_hook(plan, HOOK_WORKER) ||
	       plan_hook(plan, HOOK_SCAN);
}

/* An origin-labelled family with no hook to mark writeback tasks. */
static bool origin_unmarked(const struct metric_window *w,
			    const struct metric_family *f)
{
	return f->label && !strcmp(f->label, "origin") && !origin_marked(w->plan);
}

static bool hooked_value(const struct metric_window *w, int id, int value,
			 double *v, char *why, size_t len)
{
	const struct metric_family *f = &metric_families[id];

	if (origin_unmarked(w, f)) {
		snprintf(why, len, "no hook marks zswap writeback tasks "
			 "(writeback, shrink_worker and shrinker hooks all n/a)");
		return false;
	}
	switch (id) {
	case MF_CGROUP_ZSWPOUT:
	case MF_CGROUP_ZSWPIN:
	case MF_CGROUP_ZSWPWB:
		if (!w->cgroup_counted) {
			snprintf(why, len, "no --cgroup given");
			return false;
		}
		*v = id == MF_CGROUP_ZSWPOUT ? w->cg.zswpout :
		     id == MF_CGROUP_ZSWPIN ? w->cg.zswpin : w->cg.zswpwb;
		return true;
	}
	if (f->slot[value] < 0) {
		snprintf(why, len, "no evaluator for %s", f->name);
		return false;
	}
	*v = w->ctr[f->slot[value]];
	return true;
}

static void eval_family(const struct metric_window *w, int id, int value,
			struct eval_result *r);

/* A ratio: scale * num / den, each part from its own plan row. */
static void eval_ratio(const struct metric_window *w, int id, int value,
		       struct eval_result *r)
{
	const struct metric_family *f = &metric_families[id];
	struct eval_result num, den;

	eval_family(w, f->num, value, &num);
	eval_family(w, f->den, value, &den);
	if (!num.ok || !den.ok) {
		*r = num.ok ? den : num;
		return;
	}
	r->ok = metric_family_ratio(f, num.v, den.v, f->values[0] ?
				    f->values[value] : NULL, &r->v, r->why,
				    sizeof(r->why));
}

static void eval_family(const struct metric_window *w, int id, int value,
			struct eval_result *r)
{
	const struct metric_family *f = &metric_families[id];
	const struct metric_choice *mc = &w->plan->metrics[id];

	r->ok = false;
	r->why[0] = '\0';
	if (mc->src == SRC_NONE)
		snprintf(r->why, sizeof(r->why), "%s", mc->reason);
	else if (f->kind == MK_RATIO)
		eval_ratio(w, id, value, r);
	else if (mc->src == SRC_COUNTER) {
		r->ok = counter_value(w, id, f->srcs[mc->src_idx].counter, &r->v);
		if (!r->ok && (!w->before->has_debugfs || !w->after->has_debugfs) &&
		    (id == MF_STORE_CALLS || id == MF_STORE_REJECT ||
		     !strncmp(f->srcs[mc->src_idx].counter, "debugfs:", 8)))
			snprintf(r->why, sizeof(r->why), "debugfs zswap/ not readable "
				 "at the %s of the window", w->before->has_debugfs ?
				 "end" : "start");
		else if (!r->ok && w->before->has_cgroup && !w->after->has_cgroup &&
			 !strncmp(f->srcs[mc->src_idx].counter, "memory.stat:", 12))
			snprintf(r->why, sizeof(r->why), "the cgroup's memory.stat not "
				 "readable at the end of the window (removed?)");
	}
	else
		r->ok = hooked_value(w, id, value, &r->v, r->why, sizeof(r->why));
	if (!r->ok && !r->why[0])
		snprintf(r->why, sizeof(r->why), "counter unreadable");
}

static bool is_cgroup_family(int id)
{
	return id == MF_CGROUP_ZSWPOUT || id == MF_CGROUP_ZSWPIN ||
	       id == MF_CGROUP_ZSWPWB;
}

/*
 * The labels of one value of family id: its own label's, the cgroup's,
 * or the compressor's (a value only the kernel knows); returns how many.
 */
static int family_label(const struct metric_window *w, int id, int value,
			struct metric_label *l)
{
	const struct metric_family *f = &metric_families[id];

	if (is_cgroup_family(id)) {
		*l = (struct metric_label){ "cgroup", w->cgroup };
		return 1;
	}
	if (f->label && !strcmp(f->label, "compressor")) {
		*l = (struct metric_label){ f->label, w->compressor };
		return w->compressor ? 1 : 0;
	}
	*l = (struct metric_label){ f->label, f->values[value] };
	return f->values[0] ? 1 : 0;
}

/* the BPF side's slots are read as struct hist's (add_hist, the bios) */
_Static_assert(ZS_HIST_SLOTS == HIST_SLOTS, "histogram slots");

static int add_hist(const struct metric_window *w, struct metric_set *out,
		    int id, int value)
{
	const struct metric_family *f = &metric_families[id];
	const struct zs_hist_slots *s = &w->hist[f->hslot[value]];
	struct metric_label l;
	int n = family_label(w, id, value, &l);
	struct hist h = { .kind = f->hkind };

	for (int i = 0; i < HIST_SLOTS; i++)
		h.slots[i] = s->slots[i];
	h.sum = (double)s->sum;
	return metric_add_hist(out, id, &l, n, w->plan->metrics[id].src, &h) ?
	       0 : -1;
}

static int add_value(const struct metric_window *w, struct metric_set *out,
		     int id, int value)
{
	struct metric_label l;
	int n = family_label(w, id, value, &l);
	struct eval_result r;

	eval_family(w, id, value, &r);
	if (r.ok)
		return metric_add(out, id, &l, n, w->plan->metrics[id].src, r.v) ?
		       0 : -1;
	return metric_add_na(out, id, &l, n, r.why) ? 0 : -1;
}

void bio_counters_from_hists(const struct zs_hist_slots *hist,
			     unsigned long long *ctr)
{
	ctr[ZC_BIO_WRITEBACK] = hist_slots_total(hist[ZH_PPB_WRITEBACK].slots);
	ctr[ZC_PAGES_WRITEBACK] = hist[ZH_PPB_WRITEBACK].sum;
	ctr[ZC_BIO_RECLAIM] = hist_slots_total(hist[ZH_PPB_RECLAIM].slots);
	ctr[ZC_PAGES_RECLAIM] = hist[ZH_PPB_RECLAIM].sum;
}

/* A cgroup's one-number file: its value, or n/a with why when it is -1. */
static int add_cgroup_level(struct metric_set *out, int fam, const char *cgroup,
			    double v, const char *why)
{
	const struct metric_label cg = { "cgroup", cgroup };

	return (v >= 0 ? metric_add(out, fam, &cg, 1, SRC_COUNTER, v) :
		metric_add_na(out, fam, &cg, 1, why)) ? 0 : -1;
}

/* The --cgroup's one-number files: memory.zswap.current, memory.current. */
static int add_cgroup_levels(const struct metric_window *w,
			     struct metric_set *out)
{
	if (!w->cgroup)
		return 0;
	return add_cgroup_level(out, MF_CGROUP_ZSWAP_BYTES, w->cgroup,
				w->after->zswap_current, "the cgroup has no "
				"memory.zswap.current (cgroup v1, or a kernel "
				"without zswap's memcg accounting)") |
	       add_cgroup_level(out, MF_MEMORY_CURRENT, w->cgroup,
				w->after->memory_current, "the cgroup has "
				"neither memory.current nor memory.usage_in_bytes "
				"(no memory controller?)");
}

/* The planned families' values (levels_only: the sampled levels'). */
static int add_planned(const struct metric_window *w, struct metric_set *out,
		       bool levels_only)
{
	int err = 0;

	for (int id = 0; id < MF_PLANNED_NR; id++) {
		const struct metric_family *f = &metric_families[id];

		if ((is_cgroup_family(id) && !w->cgroup) ||
		    (levels_only && !f->sampled))
			continue;
		for (int v = 0; v < MF_MAX_VALUES && (!v || f->values[v]); v++) {
			/* histograms only: their n/a goes with the values */
			if (f->kind == MK_HIST &&
			    w->plan->metrics[id].src != SRC_NONE)
				continue;
			err |= add_value(w, out, id, v);
		}
	}
	return err;
}

int metric_eval_levels(const struct metric_window *w, struct metric_set *out)
{
	const struct kv_window kw = { w->cgroup, w->before, w->after, true };

	return add_planned(w, out, true) | kv_families_eval(&kw, out) |
	       add_cgroup_levels(w, out);
}

int metric_eval(const struct metric_window *w, struct metric_set *out)
{
	const struct kvset *after = &w->after->debugfs;
	const struct kv_window kw = { w->cgroup, w->before, w->after, false };
	struct metric_label reason;
	int err = add_planned(w, out, false);

	/* every reject reason this kernel's debugfs has */
	for (size_t i = 0; i < after->n; i++) {
		const char *k = after->items[i].name;
		double d;

		if (strncmp(k, "reject_", 7) ||
		    !delta_of(&w->before->debugfs, after, k, &d))
			continue;
		reason = (struct metric_label){ "reason", k + 7 };
		err |= metric_add(out, MF_REJECT, &reason, 1, SRC_COUNTER, d) ?
		       0 : -1;
	}
	/* the rest of debugfs, mTHP, the cgroup's memory.events and .stat */
	err |= kv_families_eval(&kw, out);
	err |= add_cgroup_levels(w, out);
	for (int id = 0; id < MF_PLANNED_NR; id++) {
		const struct metric_family *f = &metric_families[id];

		if (!f->hist || w->plan->metrics[id].src == SRC_NONE ||
		    origin_unmarked(w, f))
			continue;
		for (int v = 0; v < MF_MAX_VALUES && (!v || f->values[v]); v++)
			err |= add_hist(w, out, id, v);
	}
	err |= metric_add(out, MF_RINGBUF_DROPS, NULL, 0, SRC_TRACEPOINT,
			  w->ctr[ZC_RINGBUF_DROPS]) ? 0 : -1;
	err |= metric_add(out, MF_MAP_FULL_DROPS, NULL, 0, SRC_TRACEPOINT,
			  w->ctr[ZC_CGROUP_MAP_FULL] + w->ctr[ZC_TASK_MAP_FULL]) ? 0 : -1;
	return err;
}
