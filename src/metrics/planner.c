// SPDX-License-Identifier: GPL-2.0
/*
 * Hook planner. Function names differ between kernels (6.1 has
 * zswap_frontswap_store, 6.5+ zswap_store; zswap_writeback_entry is
 * inlined into shrink_memcg_cb on some builds; swap_writepage became
 * swap_writeout), so a hook lists every name its row of kernel_funcs.c
 * has, richest flavour first, and the first one the kernel accepts wins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel_funcs.h"
#include "metric_id.h"
#include "planner.h"

/*
 * Each hook: the row of kernel_funcs.c whose names it attaches to (every
 * hook name by fentry, then every one by kprobe), then a tracepoint, which
 * compares against the row's first name where tp_sym says so.
 */
static const struct hook_spec {
	const char *name;
	int kfunc;		/* a row of kfunc_rows, -1: tracepoint only */
	const char *tp;
	bool tp_sym;
} hook_specs[HOOK_NR] = {
	[HOOK_STORE] = { "store", KF_STORE },
	[HOOK_LOAD] = { "load", KF_LOAD },
	[HOOK_WB] = { "writeback", KF_WRITEBACK },
	[HOOK_WORKER] = { "shrink_worker", KF_SHRINK_WORKER,
			  "workqueue_execute_start", true },
	[HOOK_SHRINK_MEMCG] = { "shrink_memcg", KF_SHRINK_MEMCG },
	[HOOK_SCAN] = { "shrinker_scan", KF_SHRINKER_SCAN,
			"mm_shrink_slab_start", true },
	[HOOK_SWAPOUT] = { "nested_swapout", KF_SWAPOUT },
	[HOOK_BIO] = { "swap_write_bio", -1, "block_bio_queue" },
	[HOOK_MEMCG_EVENTS] = { "memcg_events", -1, "count_memcg_events" },
	[HOOK_INVALIDATE] = { "invalidate", KF_INVALIDATE },
	[HOOK_COMPRESS] = { "compress", KF_COMPRESS },
	[HOOK_DECOMPRESS] = { "decompress", KF_DECOMPRESS },
};

static struct hook_def hook_table[HOOK_NR];

static void add_cand(struct hook_def *d, int *n, struct hook_cand c)
{
	if (*n < MAX_CANDS)
		d->cands[(*n)++] = c;
}

/* hook_specs and kfunc_rows as candidate lists, built once. */
static void build_hook_table(void)
{
	static const enum zs_src kinds[] = { SRC_FENTRY, SRC_KPROBE };
	static bool built;

	if (built)
		return;
	built = true;
	for (int h = 0; h < HOOK_NR; h++) {
		const struct hook_spec *sp = &hook_specs[h];
		const struct kfunc_row *row = sp->kfunc >= 0 ?
			&kfunc_rows[sp->kfunc] : NULL;
		struct hook_def *d = &hook_table[h];
		int n = 0;

		d->name = sp->name;
		for (int i = 0; i < MAX_CANDS; i++)
			d->cands[i].kind = SRC_END;
		for (int k = 0; row && k < 2; k++)
			for (int i = 0; i < KF_MAX_NAMES && row->names[i].name; i++) {
				const struct kfunc_name *fn = &row->names[i];

				if (fn->flags & KFN_HOOK)
					add_cand(d, &n, (struct hook_cand){
						kinds[k], fn->name, NULL,
						!!(fn->flags & KFN_COUNTS) });
			}
		if (sp->tp)
			add_cand(d, &n, (struct hook_cand){
				SRC_TRACEPOINT, sp->tp,
				sp->tp_sym && row ? row->names[0].name : NULL, false });
	}
}

const struct hook_def *hook_def(enum zs_hook h)
{
	build_hook_table();
	return &hook_table[h];
}

static const char *const src_names[SRC_NR] = {
	[SRC_FENTRY] = "fentry",
	[SRC_KPROBE] = "kprobe",
	[SRC_TRACEPOINT] = "tracepoint",
	[SRC_COUNTER] = "counter",
	[SRC_NONE] = "n/a",
	[SRC_WORKLOAD] = "workload",
	[SRC_RUSAGE] = "rusage",
};

const char *src_name(enum zs_src src)
{
	return src < SRC_NR ? src_names[src] : "?";
}

static bool cand_available(const struct hook_cand *c, const struct zs_caps *caps,
			   char *why, size_t len)
{
	switch (c->kind) {
	case SRC_FENTRY:
		if (caps->no_fentry) {
			snprintf(why, len, "disabled by --no-fentry");
			return false;
		}
		return caps->fentry(caps->ctx, c->target, why, len);
	case SRC_KPROBE:
		if (caps->no_kprobe) {
			snprintf(why, len, "disabled by --no-kprobe");
			return false;
		}
		return caps->kprobe(caps->ctx, c->target, why, len);
	case SRC_TRACEPOINT:
		if (c->ksym && !caps->ksym(caps->ctx, c->ksym)) {
			snprintf(why, len, "symbol %s not in kallsyms", c->ksym);
			return false;
		}
		return caps->tp(caps->ctx, c->target, why, len);
	default:
		snprintf(why, len, "not a hook");
		return false;
	}
}

/* A hook no asked-for figure needs is not attached: say so per candidate. */
static const char *hook_unwanted(enum zs_hook h, const struct zs_caps *caps)
{
	if (h == HOOK_MEMCG_EVENTS && !caps->cgroup_events)
		return "no per-cgroup figure asked for";
	return NULL;
}

/*
 * The crypto calls serve every acomp user: the programs count those made
 * while the task is inside a store (load, writeback), which an earlier
 * hook of the plan marks. Without it the hook would count nothing.
 */
static const char *hook_unmarked(const struct zs_plan *plan, enum zs_hook h)
{
	if (h == HOOK_COMPRESS && plan->hooks[HOOK_STORE].chosen < 0)
		return "no store hook marks zswap's compress calls";
	if (h == HOOK_DECOMPRESS && plan->hooks[HOOK_LOAD].chosen < 0)
		return "no load hook marks zswap's decompress calls";
	return NULL;
}

static void plan_hook_choose(struct zs_plan *plan, enum zs_hook h,
			     const struct zs_caps *caps)
{
	const struct hook_def *d = hook_def(h);
	const char *unwanted = hook_unwanted(h, caps);
	struct hook_choice *hc = &plan->hooks[h];

	hc->chosen = -1;
	if (unwanted) {
		for (int i = 0; i < MAX_CANDS && d->cands[i].kind != SRC_END; i++)
			snprintf(hc->why[i], WHY_LEN, "%s", unwanted);
		return;
	}
	for (int i = 0; i < MAX_CANDS && d->cands[i].kind != SRC_END; i++) {
		if (cand_available(&d->cands[i], caps, hc->why[i], WHY_LEN)) {
			unwanted = hook_unmarked(plan, h);
			if (unwanted)
				snprintf(hc->why[i], WHY_LEN, "%s", unwanted);
			else
				hc->chosen = i;
			return;
		}
	}
}

/* Append "flavour: why" of every skipped candidate of kind to buf. */
static void hook_why(const struct zs_plan *plan, enum zs_hook h,
		     enum zs_src kind, char *buf, size_t len)
{
	const struct hook_def *d = hook_def(h);
	const struct hook_choice *hc = &plan->hooks[h];
	size_t used = strlen(buf);

	for (int i = 0; i < MAX_CANDS && d->cands[i].kind != SRC_END; i++) {
		if (d->cands[i].kind != kind || i == hc->chosen || !hc->why[i][0])
			continue;
		if (hc->chosen >= 0 && i > hc->chosen)
			break;
		used += snprintf(buf + used, used < len ? len - used : 0,
				 "%s%s %s: %s", used ? "; " : "", src_name(kind),
				 d->cands[i].target, hc->why[i]);
		if (used >= len)
			break;
	}
}

static void plan_metric(struct zs_plan *plan, size_t m,
			const struct zs_caps *caps)
{
	const struct metric_family *d = &metric_families[m];
	struct metric_choice *mc = &plan->metrics[m];

	mc->src = SRC_NONE;
	mc->src_idx = -1;
	mc->reason[0] = '\0';
	for (int i = 0; i < MAX_SRCS && d->srcs[i].kind != SRC_END; i++) {
		const struct metric_src *s = &d->srcs[i];
		const struct hook_cand *c;
		size_t used = strlen(mc->reason);

		if (s->kind == SRC_COUNTER) {
			if (caps->counter(caps->ctx, s->counter)) {
				mc->src = SRC_COUNTER;
				mc->src_idx = i;
				return;
			}
			snprintf(mc->reason + used, sizeof(mc->reason) - used,
				 "%scounter %s absent", used ? "; " : "",
				 s->counter);
			continue;
		}
		c = plan_hook(plan, s->hook);
		if (c && c->kind == s->kind && s->unlike) {
			snprintf(mc->reason + used, sizeof(mc->reason) - used,
				 "%s%s", used ? "; " : "", s->unlike);
			continue;
		}
		if (c && c->kind == s->kind && (!s->needs_count || c->counts)) {
			mc->src = s->kind;
			mc->src_idx = i;
			return;
		}
		if (c && c->kind == s->kind && s->needs_count)
			snprintf(mc->reason + used, sizeof(mc->reason) - used,
				 "%s%s %s gives no return value to count",
				 used ? "; " : "", src_name(s->kind), c->target);
		else
			hook_why(plan, s->hook, s->kind, mc->reason,
				 sizeof(mc->reason));
		if (!mc->reason[0] && c)
			/* a richer flavour won the hook: it feeds other metrics */
			snprintf(mc->reason, sizeof(mc->reason),
				 "needs the %s hook by %s; the plan uses %s %s",
				 hook_def(s->hook)->name, src_name(s->kind),
				 src_name(c->kind), c->target);
	}
}

int plan_make(struct zs_plan *plan, const struct zs_caps *caps)
{
	memset(plan, 0, sizeof(*plan));
	plan->metrics = calloc(MF_PLANNED_NR, sizeof(*plan->metrics));
	if (!plan->metrics)
		return -1;
	for (int h = 0; h < HOOK_NR; h++)
		plan_hook_choose(plan, h, caps);
	for (size_t m = 0; m < MF_PLANNED_NR; m++)
		plan_metric(plan, m, caps);
	return 0;
}

void plan_free(struct zs_plan *plan)
{
	free(plan->metrics);
	plan->metrics = NULL;
}

const struct hook_cand *plan_hook(const struct zs_plan *plan, enum zs_hook h)
{
	int i = plan->hooks[h].chosen;

	return i < 0 ? NULL : &hook_def(h)->cands[i];
}

enum zs_src plan_hook_src(const struct zs_plan *plan, enum zs_hook h)
{
	const struct hook_cand *c = plan_hook(plan, h);

	return c ? c->kind : SRC_NONE;
}

int metric_index(const char *name)
{
	const struct metric_family *f = metric_family_of_key(name);
	int id = f ? metric_family_id(f) : -1;

	return id < MF_PLANNED_NR ? id : -1;
}

int plan_metric_name(int id, int value, char *buf, size_t len)
{
	const struct metric_family *f = &metric_families[id];

	if (value >= MF_MAX_VALUES || (value && !f->values[value]))
		return -1;
	if (f->values[0])
		snprintf(buf, len, "%s{%s=%s}", f->name, f->label, f->values[value]);
	else
		snprintf(buf, len, "%s", f->name);
	return 0;
}
