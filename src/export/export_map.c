// SPDX-License-Identifier: GPL-2.0
/*
 * The metric -> Prometheus mapping table and the code that fills a
 * prom_doc from a metric_set, the plan and the per-cgroup table.
 * Conventions: prefix zswap_, base units (seconds, bytes; pages stay
 * pages, the unit the kernel counts in), _total on counters. Values the
 * kernel reports as levels (pool size, stored pages) are gauges; ratios
 * of counters are left to recording rules (tools/prometheus/).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "export_map.h"

#define NS 1e-9
#define CTR(m, p, h)	{ m, p, PROM_COUNTER, 1, h, NULL }
#define GAUGE(m, p, h)	{ m, p, PROM_GAUGE, 1, h, NULL }
#define SKIP(m, why)	{ m, NULL, PROM_GAUGE, 1, why, NULL }

static const struct export_map export_maps[] = {
	CTR("store_calls", "zswap_store_calls_total",
	    "Pages zswap was asked to store (stored plus rejected), since the exporter started."),
	CTR("store_success", "zswap_store_success_total",
	    "Stores that kept the page in zswap."),
	CTR("store_reject", "zswap_store_rejects_total",
	    "Stores zswap refused (all reasons, pool limit included)."),
	SKIP("reject_rate", "a ratio of two counters: recording rule zswap:reject_ratio:rate5m"),
	SKIP("store_latency_ns", "a histogram: zswap_store_latency_seconds"),
	CTR("load_calls", "zswap_load_calls_total", "zswap_load calls."),
	CTR("load_hits", "zswap_load_hits_total",
	    "Loads that found the page in zswap."),
	SKIP("load_latency_ns", "a histogram: zswap_load_latency_seconds"),
	CTR("written_back_pages", "zswap_written_back_pages_total",
	    "Pages zswap wrote back to the swap device."),
	CTR("writeback_failures", "zswap_writeback_failures_total",
	    "zswap_writeback_entry calls that failed."),
	CTR("shrink_worker_wakeups", "zswap_shrink_worker_wakeups_total",
	    "Runs of zswap's shrink_worker (pool limit writeback)."),
	CTR("shrink_memcg_calls", "zswap_shrink_memcg_calls_total",
	    "shrink_memcg calls."),
	CTR("shrinker_scan_calls", "zswap_shrinker_scans_total",
	    "scan_objects calls of the zswap shrinker."),
	CTR("shrinker_slab_passes", "zswap_shrinker_slab_passes_total",
	    "shrink_slab passes over the zswap shrinker (each makes zero or more scans)."),
	CTR("shrinker_freed", "zswap_shrinker_freed_pages_total",
	    "Entries the zswap shrinker freed."),
	CTR("pool_limit_hit", "zswap_pool_limit_hits_total",
	    "Stores that found the zswap pool at its limit."),
	GAUGE("pool_bytes", "zswap_pool_bytes",
	      "Size of the compressed zswap pool (debugfs pool_total_size)."),
	GAUGE("stored_pages", "zswap_stored_pages",
	      "Pages held by zswap (debugfs stored_pages)."),
	GAUGE("compression_ratio", "zswap_compression_ratio",
	      "Stored bytes over pool bytes, now."),
	CTR("swap_write_bios", "zswap_swap_write_bios_total",
	    "Swap write bios, by who issued them (origin: zswap writeback or reclaim)."),
	CTR("swap_write_pages", "zswap_swap_write_pages_total",
	    "Pages in swap write bios, by origin."),
	SKIP("pages_per_bio", "a histogram: zswap_swap_write_bio_pages"),
	CTR("pswpin", "zswap_vmstat_pswpin_pages_total",
	    "Pages read from swap devices (vmstat pswpin), since the exporter started."),
	CTR("pswpout", "zswap_vmstat_pswpout_pages_total",
	    "Pages written to swap devices (vmstat pswpout), since the exporter started."),
	CTR("zswpin", "zswap_vmstat_zswpin_pages_total",
	    "Pages loaded from zswap (vmstat zswpin), since the exporter started."),
	CTR("zswpout", "zswap_vmstat_zswpout_pages_total",
	    "Pages stored in zswap (vmstat zswpout), since the exporter started."),
	CTR("zswpwb", "zswap_vmstat_zswpwb_pages_total",
	    "Pages written back from zswap (vmstat zswpwb), since the exporter started."),
	SKIP("cgroup_zswpout", "per cgroup with --cgroups: zswap_cgroup_stored_pages_total"),
	SKIP("cgroup_zswpin", "per cgroup with --cgroups: zswap_cgroup_loaded_pages_total"),
	SKIP("cgroup_zswpwb", "per cgroup with --cgroups: zswap_cgroup_written_back_pages_total"),
	CTR("ringbuf_drops", "zswap_ringbuf_drops_total",
	    "Events the BPF ring buffer had no room for."),
	{ "reject_*", "zswap_rejects_total", PROM_COUNTER, 1,
	  "Stores zswap refused, by the kernel's debugfs reject_<reason> counter.",
	  "reason" },
	/*
	 * zswap-lockstat (issue 4) and iostall (issue 5) metrics: exported
	 * as soon as their modules add them to the collected metric_set.
	 */
	CTR("lock_contentions", "zswap_lock_contentions_total",
	    "Lock contentions, by lock class and caller."),
	CTR("lock_failures", "zswap_lock_failures_total",
	    "Lock contentions the BPF side could not account, by kind."),
	SKIP("lock_wait_ns", "a histogram: zswap_lock_wait_seconds"),
	SKIP("lock_pending_at_end", "one-shot reports only"),
	{ "iocost_debt_us", "zswap_iocost_debt_seconds_total", PROM_COUNTER, 1e-6,
	  "Time the cgroup spent in iocost debt (io.stat cost.indebt).", NULL },
	{ "iocost_wait_us", "zswap_iocost_wait_seconds_total", PROM_COUNTER, 1e-6,
	  "Time the cgroup's IOs waited for iocost budget (io.stat cost.wait).", NULL },
	{ "iocost_indelay_us", "zswap_iocost_indelay_seconds_total", PROM_COUNTER, 1e-6,
	  "Time the cgroup spent delayed by iocost (io.stat cost.indelay).", NULL },
	{ "iocost_usage_us", "zswap_iocost_usage_seconds_total", PROM_COUNTER, 1e-6,
	  "Device time the cgroup's IOs were charged by iocost (io.stat cost.usage).",
	  NULL },
	CTR("iocost_forgive_events", "zswap_iocost_forgive_events_total",
	    "iocost forgave the cgroup's debt (iocost_iocg_forgive_debt)."),
	{ "io_pressure_full_us", "zswap_cgroup_io_pressure_full_seconds_total",
	  PROM_COUNTER, 1e-6,
	  "Time all tasks of the cgroup stalled on io (io.pressure full total).", NULL },
	{ "memory_pressure_full_us", "zswap_cgroup_memory_pressure_full_seconds_total",
	  PROM_COUNTER, 1e-6,
	  "Time all tasks of the cgroup stalled on memory (memory.pressure full total).",
	  NULL },
	GAUGE("zswap_pool_bytes", "zswap_cgroup_zswap_bytes",
	      "Compressed bytes the cgroup holds in zswap (memory.zswap.current)."),
};

/* log2 ns: upper bounds 255 ns .. 17 s; linear pages: 1 .. 62 pages. */
static const int log2_slots[] = { 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
	18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33 };
static const int page_slots[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 62 };

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const struct export_hist_map export_hist_maps[] = {
	{ "store_latency_ns", "zswap_store_latency_seconds", NS,
	  "zswap_store latency.", log2_slots, N(log2_slots) },
	{ "load_latency_ns", "zswap_load_latency_seconds", NS,
	  "zswap_load latency.", log2_slots, N(log2_slots) },
	{ "pages_per_bio", "zswap_swap_write_bio_pages", 1,
	  "Pages per swap write bio, by origin.", page_slots, N(page_slots) },
	{ "lock_wait_ns", "zswap_lock_wait_seconds", NS,
	  "Time waited for a contended lock, by lock class and caller.",
	  log2_slots, N(log2_slots) },
};

const struct export_map *export_map_find(const char *base)
{
	for (int i = 0; i < N(export_maps); i++) {
		const char *m = export_maps[i].metric;
		size_t l = strlen(m);

		if (m[l - 1] == '*') {
			if (!strncmp(base, m, l - 1) && base[l - 1])
				return &export_maps[i];
		} else if (!strcmp(base, m)) {
			return &export_maps[i];
		}
	}
	return NULL;
}

const struct export_hist_map *export_hist_map_find(const char *base)
{
	for (int i = 0; i < N(export_hist_maps); i++)
		if (!strcmp(base, export_hist_maps[i].metric))
			return &export_hist_maps[i];
	return NULL;
}

static bool ident_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       (!first && c >= '0' && c <= '9');
}

/* ",key=" starting at p: the next label begins there. */
static bool next_label_at(const char *p)
{
	if (*p != ',' || !ident_char(p[1], true))
		return false;
	for (p += 2; ident_char(*p, false); p++)
		;
	return *p == '=';
}

int metric_name_parse(const char *name, struct metric_name *out)
{
	const char *brace = strchr(name, '{');
	size_t len = strlen(name);
	char *p, *end;

	memset(out, 0, sizeof(*out));
	if (!brace) {
		snprintf(out->base, sizeof(out->base), "%s", name);
		return 0;
	}
	if (name[len - 1] != '}' || brace == name)
		return -EINVAL;
	snprintf(out->base, sizeof(out->base), "%.*s", (int)(brace - name), name);
	snprintf(out->store, sizeof(out->store), "%.*s",
		 (int)(len - 1 - (brace + 1 - name)), brace + 1);
	p = out->store;
	end = p + strlen(p);
	while (p < end) {
		char *eq = strchr(p, '='), *v;

		if (!eq || eq == p || out->nlabels == EXPORT_MAX_LABELS)
			return -EINVAL;
		*eq = '\0';
		v = eq + 1;
		out->labels[out->nlabels].name = p;
		out->labels[out->nlabels].value = v;
		out->nlabels++;
		/* a value runs to the next ",key=" (values may hold commas) */
		for (p = v; *p && !next_label_at(p); p++)
			;
		if (*p)
			*p++ = '\0';
	}
	return 0;
}

static int add_labeled(struct prom_doc *d, const struct export_map *e,
		       const struct metric_name *mn, double v)
{
	struct prom_label labels[EXPORT_MAX_LABELS + 1];
	int n = 0;

	if (e->rest_label) {
		labels[n].name = e->rest_label;
		labels[n].value = mn->base + strlen(e->metric) - 1;
		n++;
	}
	for (int i = 0; i < mn->nlabels; i++)
		labels[n++] = mn->labels[i];
	return prom_add(d, e->prom, e->type, e->help, labels, n, v * e->scale);
}

static void add_hist(struct prom_doc *d, const struct export_hist_map *e,
		     const struct metric_name *mn, const struct hist *h)
{
	double bounds[HIST_SLOTS];
	unsigned long long counts[HIST_SLOTS];
	int prev = -1;

	for (int i = 0; i < e->nslots; i++) {
		unsigned long long lo, hi, c = 0;

		hist_slot_bounds(h->kind, e->slots[i], &lo, &hi);
		for (int s = prev + 1; s <= e->slots[i]; s++)
			c += h->slots[s];
		bounds[i] = hi * e->scale;
		counts[i] = c;
		prev = e->slots[i];
	}
	prom_add_hist(d, e->prom, e->help, mn->labels, mn->nlabels, bounds,
		      counts, e->nslots, h->sum * e->scale, hist_count(h));
}

int export_metric_set(struct prom_doc *d, const struct metric_set *ms)
{
	struct metric_name mn;
	int unmapped = 0;

	for (size_t i = 0; i < ms->n; i++) {
		const struct metric *m = &ms->m[i];
		const struct export_map *e;

		if (metric_name_parse(m->name, &mn)) {
			unmapped++;
			continue;
		}
		e = export_map_find(mn.base);
		if (!e) {
			unmapped++;
			continue;
		}
		if (e->prom && m->has_value)
			add_labeled(d, e, &mn, m->value);
	}
	for (size_t i = 0; i < ms->nh; i++) {
		const struct hist_metric *hm = &ms->h[i];
		const struct export_hist_map *e;

		if (metric_name_parse(hm->name, &mn) ||
		    !(e = export_hist_map_find(mn.base))) {
			unmapped++;
			continue;
		}
		add_hist(d, e, &mn, &hm->h);
	}
	return unmapped;
}

void export_plan(struct prom_doc *d, const struct zs_plan *plan)
{
	for (size_t m = 0; m < nr_metric_defs; m++) {
		const struct metric_choice *mc = &plan->metrics[m];
		struct prom_label l[3] = {
			{ "metric", metric_defs[m].name },
			{ "source", src_name(mc->src) },
			{ "reason", mc->reason },
		};

		prom_add(d, "zswap_hook_source_info", PROM_GAUGE,
			 "Where each metric comes from on this kernel (source n/a: "
			 "n/a, with the reason); value always 1.",
			 l, mc->src == SRC_NONE ? 3 : 2, 1);
	}
	for (int h = 0; h < HOOK_NR; h++) {
		const struct hook_cand *c = plan_hook(plan, h);
		struct prom_label l[3] = {
			{ "hook", hook_defs[h].name },
			{ "source", src_name(c ? c->kind : SRC_NONE) },
			{ "target", c ? c->target : "" },
		};

		prom_add(d, "zswap_hook_info", PROM_GAUGE,
			 "The kernel hook each probe point is attached with; value always 1.",
			 l, 3, 1);
	}
}

void export_cgroups(struct prom_doc *d, const struct cgroup_table *t)
{
	static const char *const src_names[] = {
		[CGC_NONE] = "none", [CGC_BPF] = "count_memcg_events",
		[CGC_MEMORY_STAT] = "memory.stat",
	};
	struct prom_label src[2] = {
		{ "source", src_names[t->src] },
		/* memory.stat counts a cgroup's descendants too */
		{ "scope", t->src == CGC_MEMORY_STAT ? "subtree" : "cgroup" },
	};

	prom_add(d, "zswap_cgroup_counts_source_info", PROM_GAUGE,
		 "Where the per-cgroup page counts come from, and whether a "
		 "cgroup's count includes its descendants.", src, 2, 1);
	for (size_t i = 0; i < t->n; i++) {
		const struct cgroup_row *r = &t->rows[i];
		struct prom_label l = { "cgroup", r->path };

		if (t->src != CGC_NONE) {
			prom_add(d, "zswap_cgroup_stored_pages_total", PROM_COUNTER,
				 "Pages of the memory cgroup stored in zswap (memcg ZSWPOUT events).",
				 &l, 1, r->zswpout);
			prom_add(d, "zswap_cgroup_loaded_pages_total", PROM_COUNTER,
				 "Pages of the memory cgroup loaded from zswap (memcg ZSWPIN events).",
				 &l, 1, r->zswpin);
			if (t->has_zswpwb)
				prom_add(d, "zswap_cgroup_written_back_pages_total",
					 PROM_COUNTER,
					 "Pages of the memory cgroup written back from zswap (memcg ZSWPWB events).",
					 &l, 1, r->zswpwb);
		}
		if (r->has_zswap_bytes)
			prom_add(d, "zswap_cgroup_zswap_bytes", PROM_GAUGE,
				 "Compressed bytes the cgroup holds in zswap (memory.zswap.current).",
				 &l, 1, r->zswap_bytes);
		if (r->has_mem_full)
			prom_add(d, "zswap_cgroup_memory_pressure_full_seconds_total",
				 PROM_COUNTER,
				 "Time all tasks of the cgroup stalled on memory (memory.pressure full total).",
				 &l, 1, r->mem_pressure_full_us * 1e-6);
		if (r->has_io_full)
			prom_add(d, "zswap_cgroup_io_pressure_full_seconds_total",
				 PROM_COUNTER,
				 "Time all tasks of the cgroup stalled on io (io.pressure full total).",
				 &l, 1, r->io_pressure_full_us * 1e-6);
	}
}
