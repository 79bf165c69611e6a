// SPDX-License-Identifier: GPL-2.0
/*
 * Hook planner. Function names differ between kernels (6.1 has
 * zswap_frontswap_store, 6.5+ zswap_store; zswap_writeback_entry is
 * inlined into shrink_memcg_cb on some builds; swap_writepage became
 * swap_writeout), so a hook lists every name it may have, richest flavour
 * first, and the first one the kernel accepts wins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "metric_id.h"
#include "planner.h"

#define FE(fn, ...)	{ SRC_FENTRY, fn, NULL, __VA_ARGS__ }
#define KP(fn, ...)	{ SRC_KPROBE, fn, NULL, __VA_ARGS__ }
#define TP(tp, sym)	{ SRC_TRACEPOINT, tp, sym, false }

const struct hook_def hook_defs[HOOK_NR] = {
	[HOOK_STORE] = { "store", {
		FE("zswap_store", true), FE("zswap_frontswap_store", true),
		KP("zswap_store", true), KP("zswap_frontswap_store", true) } },
	[HOOK_LOAD] = { "load", {
		FE("zswap_load", true), FE("zswap_frontswap_load", true),
		KP("zswap_load", true), KP("zswap_frontswap_load", true) } },
	[HOOK_WB] = { "writeback", {
		FE("zswap_writeback_entry", true), FE("shrink_memcg_cb", false),
		KP("zswap_writeback_entry", true), KP("shrink_memcg_cb", false) } },
	[HOOK_WORKER] = { "shrink_worker", {
		FE("shrink_worker", false), KP("shrink_worker", false),
		TP("workqueue_execute_start", "shrink_worker") } },
	[HOOK_SHRINK_MEMCG] = { "shrink_memcg", {
		FE("shrink_memcg", false), KP("shrink_memcg", false) } },
	[HOOK_SCAN] = { "shrinker_scan", {
		FE("zswap_shrinker_scan", true), KP("zswap_shrinker_scan", true),
		TP("mm_shrink_slab_start", "zswap_shrinker_scan") } },
	[HOOK_SWAPOUT] = { "nested_swapout", {
		FE("swap_writeout", false), FE("swap_writepage", false),
		KP("swap_writeout", false), KP("swap_writepage", false) } },
	[HOOK_RECLAIM] = { "reclaim_nesting", {
		TP("mm_vmscan_direct_reclaim_begin", NULL) } },
	[HOOK_BIO] = { "swap_write_bio", {
		TP("block_bio_queue", NULL) } },
	[HOOK_MEMCG_EVENTS] = { "memcg_events", {
		TP("count_memcg_events", NULL) } },
};

static const char *const src_names[SRC_NR] = {
	[SRC_FENTRY] = "fentry",
	[SRC_KPROBE] = "kprobe",
	[SRC_TRACEPOINT] = "tracepoint",
	[SRC_COUNTER] = "counter",
	[SRC_NONE] = "n/a",
	[SRC_WORKLOAD] = "workload",
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

static void plan_hook_choose(struct hook_choice *hc, enum zs_hook h,
			     const struct zs_caps *caps)
{
	const struct hook_def *d = &hook_defs[h];
	const char *unwanted = hook_unwanted(h, caps);

	hc->chosen = -1;
	if (unwanted) {
		for (int i = 0; i < MAX_CANDS && d->cands[i].kind != SRC_END; i++)
			snprintf(hc->why[i], WHY_LEN, "%s", unwanted);
		return;
	}
	for (int i = 0; i < MAX_CANDS && d->cands[i].kind != SRC_END; i++) {
		if (cand_available(&d->cands[i], caps, hc->why[i], WHY_LEN)) {
			hc->chosen = i;
			return;
		}
	}
}

/* Append "flavour: why" of every skipped candidate of kind to buf. */
static void hook_why(const struct zs_plan *plan, enum zs_hook h,
		     enum zs_src kind, char *buf, size_t len)
{
	const struct hook_def *d = &hook_defs[h];
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
				 hook_defs[s->hook].name, src_name(s->kind),
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
		plan_hook_choose(&plan->hooks[h], h, caps);
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

	return i < 0 ? NULL : &hook_defs[h].cands[i];
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
