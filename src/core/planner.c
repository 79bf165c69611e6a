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

#define H_FE(h)		{ SRC_FENTRY, h, NULL, false }
#define H_KP(h)		{ SRC_KPROBE, h, NULL, false }
#define H_TP(h)		{ SRC_TRACEPOINT, h, NULL, false }
#define H_FE_N(h)	{ SRC_FENTRY, h, NULL, true }
#define H_KP_N(h)	{ SRC_KPROBE, h, NULL, true }
#define H_TP_UNLIKE(h, why)	{ SRC_TRACEPOINT, h, NULL, false, why }
#define CTR(name)	{ SRC_COUNTER, HOOK_NR, name, false }
#define HOOKED(h)	H_FE(h), H_KP(h)

const struct metric_def metric_defs[] = {
	{ "store_calls", "calls", "zswap_store calls",
	  { HOOKED(HOOK_STORE), CTR("debugfs:reject_compress_poor") } },
	{ "store_success", "calls", "stores that kept the page in zswap",
	  { HOOKED(HOOK_STORE), CTR("vmstat:zswpout") } },
	{ "store_reject", "calls", "stores zswap refused",
	  { HOOKED(HOOK_STORE), CTR("debugfs:reject_compress_poor") } },
	{ "reject_rate", "ratio", "store_reject / store_calls",
	  { HOOKED(HOOK_STORE), CTR("debugfs:reject_compress_poor") } },
	{ "store_latency_ns", "ns", "zswap_store latency",
	  { HOOKED(HOOK_STORE) } },
	{ "load_calls", "calls", "zswap_load calls",
	  { HOOKED(HOOK_LOAD) } },
	{ "load_hits", "calls", "loads that found the page in zswap",
	  { HOOKED(HOOK_LOAD), CTR("vmstat:zswpin") } },
	{ "load_latency_ns", "ns", "zswap_load latency",
	  { HOOKED(HOOK_LOAD) } },
	{ "written_back_pages", "pages", "pages written back to swap",
	  { H_FE_N(HOOK_WB), H_KP_N(HOOK_WB),
	    CTR("debugfs:written_back_pages"), CTR("vmstat:zswpwb") } },
	{ "writeback_failures", "calls", "zswap_writeback_entry failures",
	  { H_FE_N(HOOK_WB), H_KP_N(HOOK_WB) } },
	{ "shrink_worker_wakeups", "calls", "shrink_worker runs",
	  { HOOKED(HOOK_WORKER), H_TP(HOOK_WORKER) } },
	{ "shrink_memcg_calls", "calls", "shrink_memcg calls",
	  { HOOKED(HOOK_SHRINK_MEMCG) } },
	{ "shrinker_scan_calls", "calls", "zswap shrinker scan_objects calls",
	  { HOOKED(HOOK_SCAN), H_TP_UNLIKE(HOOK_SCAN,
	    "mm_shrink_slab_start fires once per shrink_slab pass, which makes "
	    "zero or more scan calls: see shrinker_slab_passes") } },
	{ "shrinker_slab_passes", "calls",
	  "shrink_slab passes over the zswap shrinker (mm_shrink_slab_start)",
	  { H_TP(HOOK_SCAN) } },
	{ "shrinker_freed", "pages", "entries the zswap shrinker freed",
	  { HOOKED(HOOK_SCAN), H_TP(HOOK_SCAN) } },
	{ "pool_limit_hit", "events", "stores that found the pool full",
	  { CTR("debugfs:pool_limit_hit") } },
	{ "pool_bytes", "bytes", "compressed pool size",
	  { CTR("debugfs:pool_total_size") } },
	{ "stored_pages", "pages", "pages held by zswap",
	  { CTR("debugfs:stored_pages") } },
	{ "compression_ratio", "ratio", "stored bytes / pool bytes",
	  { CTR("debugfs:pool_total_size") } },
	{ "swap_write_bios{origin=writeback}", "bios",
	  "swap write bios issued by zswap writeback", { H_TP(HOOK_BIO) } },
	{ "swap_write_bios{origin=reclaim}", "bios",
	  "swap write bios issued by reclaim", { H_TP(HOOK_BIO) } },
	{ "swap_write_pages{origin=writeback}", "pages",
	  "pages in writeback swap write bios", { H_TP(HOOK_BIO) } },
	{ "swap_write_pages{origin=reclaim}", "pages",
	  "pages in reclaim swap write bios", { H_TP(HOOK_BIO) } },
	{ "pages_per_bio{origin=writeback}", "pages",
	  "mean pages per writeback bio", { H_TP(HOOK_BIO) } },
	{ "pages_per_bio{origin=reclaim}", "pages",
	  "mean pages per reclaim bio", { H_TP(HOOK_BIO) } },
	{ "pswpin", "pages", "pages read from swap", { CTR("vmstat:pswpin") } },
	{ "pswpout", "pages", "pages written to swap",
	  { CTR("vmstat:pswpout") } },
	{ "zswpin", "pages", "pages loaded from zswap",
	  { CTR("vmstat:zswpin") } },
	{ "zswpout", "pages", "pages stored in zswap",
	  { CTR("vmstat:zswpout") } },
	{ "zswpwb", "pages", "pages written back from zswap",
	  { CTR("vmstat:zswpwb") } },
	{ "cgroup_zswpout", "pages", "pages stored by the cgroup",
	  { H_TP(HOOK_MEMCG_EVENTS), CTR("memory.stat:zswpout") } },
	{ "cgroup_zswpin", "pages", "pages loaded by the cgroup",
	  { H_TP(HOOK_MEMCG_EVENTS), CTR("memory.stat:zswpin") } },
	{ "cgroup_zswpwb", "pages", "pages of the cgroup written back",
	  { H_TP(HOOK_MEMCG_EVENTS), CTR("memory.stat:zswpwb") } },
};

const size_t nr_metric_defs = sizeof(metric_defs) / sizeof(metric_defs[0]);

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
	const struct metric_def *d = &metric_defs[m];
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
	plan->metrics = calloc(nr_metric_defs, sizeof(*plan->metrics));
	if (!plan->metrics)
		return -1;
	for (int h = 0; h < HOOK_NR; h++)
		plan_hook_choose(&plan->hooks[h], h, caps);
	for (size_t m = 0; m < nr_metric_defs; m++)
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
	for (size_t m = 0; m < nr_metric_defs; m++)
		if (!strcmp(metric_defs[m].name, name))
			return (int)m;
	return -1;
}
