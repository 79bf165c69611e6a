// SPDX-License-Identifier: GPL-2.0
/*
 * Fills a prom_doc from a metric_set (each family's Prometheus name,
 * scale and help are in its registry row: counts are counters, levels
 * and ratios gauges), the plan and the per-cgroup table.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "export_map.h"

static void prom_labels(const struct metric_label_set *ls,
			struct prom_label *out)
{
	for (int i = 0; i < ls->n; i++)
		out[i] = (struct prom_label){ ls->l[i].key, ls->l[i].value };
}

/* A value under its family's Prometheus name, type, help and scale. */
static int add_family(struct prom_doc *d, const struct metric_family *f,
		      const struct prom_label *l, int n, double v)
{
	return prom_add(d, f->prom.name, f->kind == MK_COUNT && !f->prom.gauge ?
			PROM_COUNTER : PROM_GAUGE, f->help, l, n,
			v * (f->prom.scale ? f->prom.scale : 1));
}

static int add_value(struct prom_doc *d, const struct metric *m)
{
	struct prom_label labels[METRIC_MAX_LABELS];
	struct metric_label_set ls;

	metric_id_labels(m->name, &m->id, &ls);
	prom_labels(&ls, labels);
	return add_family(d, m->id.fam, labels, ls.n, m->value);
}

static void add_hist(struct prom_doc *d, const struct hist_metric *hm)
{
	const struct metric_prom *e = &hm->id.fam->prom;
	double bounds[HIST_SLOTS], scale = e->scale ? e->scale : 1;
	unsigned long long counts[HIST_SLOTS];
	struct prom_label labels[METRIC_MAX_LABELS];
	struct metric_label_set ls;
	int prev = -1;

	for (int i = 0; i < e->nslots; i++) {
		unsigned long long lo, hi, c = 0;

		hist_slot_bounds(hm->h.kind, e->slots[i], &lo, &hi);
		for (int s = prev + 1; s <= e->slots[i]; s++)
			c += hm->h.slots[s];
		bounds[i] = hi * scale;
		counts[i] = c;
		prev = e->slots[i];
	}
	metric_id_labels(hm->name, &hm->id, &ls);
	prom_labels(&ls, labels);
	prom_add_hist(d, e->hist, e->hist_help, labels, ls.n, bounds, counts,
		      e->nslots, hm->h.sum * scale, hist_count(&hm->h));
}

int export_metric_set(struct prom_doc *d, const struct metric_set *ms)
{
	int unmapped = 0;

	for (size_t i = 0; i < ms->n; i++) {
		const struct metric *m = &ms->m[i];
		const struct metric_family *f = m->id.fam;

		if (!f || (!f->prom.name && !f->prom.skip)) {
			unmapped++;
			continue;
		}
		if (f->prom.name && m->has_value)
			add_value(d, m);
	}
	for (size_t i = 0; i < ms->nh; i++) {
		const struct hist_metric *hm = &ms->h[i];

		if (!hm->id.fam || !hm->id.fam->prom.hist) {
			unmapped++;
			continue;
		}
		add_hist(d, hm);
	}
	return unmapped;
}

void export_plan(struct prom_doc *d, const struct zs_plan *plan)
{
	for (int m = 0; m < MF_PLANNED_NR; m++) {
		const struct metric_choice *mc = &plan->metrics[m];
		char name[METRIC_NAME_LEN];

		for (int v = 0; !plan_metric_name(m, v, name, sizeof(name)); v++) {
			struct prom_label l[3] = {
				{ "metric", name },
				{ "source", src_name(mc->src) },
				{ "reason", mc->reason },
			};

			prom_add(d, "zswap_hook_source_info", PROM_GAUGE,
				 "Where each metric comes from on this kernel "
				 "(source n/a: n/a, with the reason); value always 1.",
				 l, mc->src == SRC_NONE ? 3 : 2, 1);
		}
	}
	for (int h = 0; h < HOOK_NR; h++) {
		const struct hook_cand *c = plan_hook(plan, h);
		struct prom_label l[3] = {
			{ "hook", hook_def(h)->name },
			{ "source", src_name(c ? c->kind : SRC_NONE) },
			{ "target", c ? c->target : "" },
		};

		prom_add(d, "zswap_hook_info", PROM_GAUGE,
			 "The kernel hook each probe point is attached with; value always 1.",
			 l, 3, 1);
	}
}

/* memory.events high and max, the kernel's totals, by event */
static void add_events(struct prom_doc *d, const struct prom_label *cg,
		       const struct cgroup_row *r)
{
	const struct metric_family *f = metric_family(MF_MEMORY_EVENTS);
	struct prom_label l[2] = { *cg, { f->label, "high" } };

	add_family(d, f, l, 2, r->events_high);
	l[1].value = "max";
	add_family(d, f, l, 2, r->events_max);
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
			add_family(d, metric_family(MF_CGROUP_ZSWAP_BYTES), &l, 1,
				   r->zswap_bytes);
		if (r->has_zswapped)
			add_family(d, metric_family(MF_MEMORY_STAT_ZSWAPPED), &l, 1,
				   r->zswapped_bytes);
		if (r->has_events)
			add_events(d, &l, r);
		if (r->has_mem_full)
			add_family(d, metric_family(MF_MEMORY_PRESSURE_FULL), &l, 1,
				   r->mem_pressure_full_us);
		if (r->has_io_full)
			add_family(d, metric_family(MF_IO_PRESSURE_FULL), &l, 1,
				   r->io_pressure_full_us);
	}
}
