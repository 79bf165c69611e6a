// SPDX-License-Identifier: GPL-2.0
/*
 * iostall's metrics from one window (iostall_eval.h): per-cgroup iocost,
 * io.stat and pressure, bio charging, the flags of zswap writeback's
 * bios, and who sleeps inside writeback. No map or file is read here.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include "iocost_stat.h"
#include "iostall_eval.h"
#include "metric_registry.h"

static const char *const kind_names[IS_KIND_NR] = {
	[IS_KIND_KWORKER] = "kworker",
	[IS_KIND_KTHREAD] = "kthread",
	[IS_KIND_APP_FAULT] = "app_fault",
	[IS_KIND_APP_RECLAIM] = "app_reclaim",
	[IS_KIND_APP_OTHER] = "app_other",
};

static const char *const thr_names[IS_THR_NR] = {
	[IS_THR_NONE] = "none",
	[IS_THR_IOCOST] = "iocost",
	[IS_THR_RQ_QOS] = "rq_qos",
	[IS_THR_BLKCG_DELAY] = "blkcg_delay",
	[IS_THR_WBT] = "wbt",
};

const char *is_kind_name(int kind)
{
	return kind >= 0 && kind < IS_KIND_NR ? kind_names[kind] : "?";
}

const char *is_throttle_name(int thr)
{
	return thr >= 0 && thr < IS_THR_NR ? thr_names[thr] : "?";
}

/* The cgroup label of a cgroup's metrics (its path, cut at 120 bytes). */
static struct metric_label cg_label(const struct cg_files *c, char *buf,
				    size_t len)
{
	snprintf(buf, len, "%.120s", c->path);
	return (struct metric_label){ "cgroup", buf };
}

static bool kv_delta(const struct kvset *a, const struct kvset *b,
		     const char *key, double *out)
{
	double va = 0, vb;

	if (!kvset_get(b, key, &vb))
		return false;
	kvset_get(a, key, &va);	/* absent before: the cgroup is new */
	*out = vb - va;
	return true;
}

static bool io_stat_delta(const struct kvset *a, const struct kvset *b,
			  const char *key, double *out)
{
	double va = 0, vb;

	if (!io_stat_sum(b, key, &vb))
		return false;
	io_stat_sum(a, key, &va);
	*out = vb - va;
	return true;
}

static const char *debug_off_reason(void)
{
	return "io.stat prints cost.wait/indebt/indelay only with debug "
	       "stats: set blk_cgroup.blkcg_debug_stats=Y (kernel command "
	       "line, or " BLKCG_DEBUG_STATS ")";
}

struct cost_key {
	int metric;		/* BPF-derived, falls back to io.stat */
	int io_metric;		/* io.stat's own figure */
	const char *io_stat;	/* io.stat key */
	size_t off;		/* in struct is_iocg_stat */
	bool debug;		/* io.stat prints it only with debug stats */
};

static const struct cost_key cost_keys[] = {
	{ MF_IOCOST_DEBT, MF_IO_STAT_COST_INDEBT, "cost.indebt",
	  offsetof(struct is_iocg_stat, indebt_us), true },
	{ MF_IOCOST_WAIT, MF_IO_STAT_COST_WAIT, "cost.wait",
	  offsetof(struct is_iocg_stat, wait_us), true },
	{ MF_IOCOST_INDELAY, MF_IO_STAT_COST_INDELAY, "cost.indelay",
	  offsetof(struct is_iocg_stat, indelay_us), true },
	{ MF_IOCOST_USAGE, MF_IO_STAT_COST_USAGE, "cost.usage",
	  offsetof(struct is_iocg_stat, usage_us), false },
};

static unsigned long long stat_at(const struct is_iocg_stat *s, size_t off)
{
	return *(const unsigned long long *)((const char *)s + off);
}

/* The iocost events seen for a cgroup: each one snapshots its stats. */
static unsigned long long iocg_events(const struct is_iocg *ig)
{
	unsigned long long n = 0;

	for (int e = 0; e < IS_EV_NR; e++)
		n += ig->events[e];
	return n;
}

static void add_iocost(const struct iostall_window *w, struct metric_set *out,
		       const struct cg_files *b, const struct cg_files *a,
		       const struct is_iocg *ig)
{
	const char *off_why = w->off_why;
	bool no_debug;
	char path[128], why[256];
	struct metric_label cg = cg_label(a, path, sizeof(path));

	for (size_t k = 0; k < sizeof(cost_keys) / sizeof(cost_keys[0]); k++) {
		const struct cost_key *ck = &cost_keys[k];
		bool have_ctr;
		double ctr = 0;

		have_ctr = io_stat_delta(&b->io_stat, &a->io_stat, ck->io_stat, &ctr);
		if (off_why) {
			metric_add_na(out, ck->metric, &cg, 1, off_why);
			metric_add_na(out, ck->io_metric, &cg, 1, off_why);
			continue;
		}
		no_debug = ck->debug && !w->debug_stats;
		if (have_ctr)
			metric_add(out, ck->io_metric, &cg, 1, SRC_COUNTER, ctr);
		else
			metric_add_na(out, ck->io_metric, &cg, 1, no_debug ?
				      debug_off_reason() :
				      "io.stat of this cgroup has no such key");
		if (ig && (iocg_events(ig) > 1 || !have_ctr)) {
			metric_add(out, ck->metric, &cg, 1, SRC_TRACEPOINT,
				   stat_at(&ig->last, ck->off) -
				   stat_at(&ig->first, ck->off));
		} else if (have_ctr) {
			/*
			 * No iocost event for the cgroup, or one: a single
			 * snapshot has no delta, so io.stat's, said so.
			 */
			metric_add(out, ck->metric, &cg, 1, SRC_COUNTER, ctr);
		} else {
			snprintf(why, sizeof(why), "no iocost event for this "
				 "cgroup in the window%s%s", no_debug ? ", and " : "",
				 no_debug ? debug_off_reason() : "");
			metric_add_na(out, ck->metric, &cg, 1, why);
		}
	}
	if (off_why) {
		metric_add_na(out, MF_IOCOST_FORGIVE, &cg, 1, off_why);
		return;
	}
	metric_add(out, MF_IOCOST_FORGIVE, &cg, 1, SRC_TRACEPOINT,
		   ig ? ig->events[IS_EV_FORGIVE_DEBT] : 0);
	metric_add(out, MF_IOCOST_ACTIVATIONS, &cg, 1, SRC_TRACEPOINT,
		   ig ? ig->events[IS_EV_ACTIVATE] : 0);
	metric_add(out, MF_IOCOST_INUSE_ADJ, &cg, 1, SRC_TRACEPOINT,
		   ig ? ig->events[IS_EV_INUSE_SHORTAGE] +
		   ig->events[IS_EV_INUSE_TRANSFER] +
		   ig->events[IS_EV_INUSE_ADJUST] : 0);
	if (ig)
		metric_add(out, MF_IOCOST_DELAY_MAX, &cg, 1, SRC_TRACEPOINT, ig->delay_max_us);
	else
		metric_add_na(out, MF_IOCOST_DELAY_MAX, &cg, 1, "no iocost event for this cgroup");
	/* abs_vdebt is device vtime: 2^37 per second at 100% vrate */
	if (ig)
		metric_add(out, MF_IOCOST_DEBT_MAX, &cg, 1, SRC_TRACEPOINT,
			   ig->vdebt_max / ((double)(1ULL << 37) / 1e6));
	else
		metric_add_na(out, MF_IOCOST_DEBT_MAX, &cg, 1, "no iocost event for this cgroup");
	if (ig && ig->hweight_inuse)
		metric_add(out, MF_IOCOST_HWEIGHT_INUSE, &cg, 1, SRC_TRACEPOINT,
			   ig->hweight_inuse * 100.0 / 65536);
	else
		metric_add_na(out, MF_IOCOST_HWEIGHT_INUSE, &cg, 1, "no inuse_* event for this cgroup");
}

/* A pressure file's full stall time in the window, or n/a with why. */
static void add_pressure(struct metric_set *out, const struct metric_label *cg,
			 int fam, const struct kvset *b, const struct kvset *a,
			 const char *why)
{
	double v;

	if (kv_delta(b, a, "full_total", &v))
		metric_add(out, fam, cg, 1, SRC_COUNTER, v);
	else
		metric_add_na(out, fam, cg, 1, why);
}

static void add_counters(struct metric_set *out, const struct cg_files *b,
			 const struct cg_files *a)
{
	char path[128];
	struct metric_label cg = cg_label(a, path, sizeof(path));
	double v;

	add_pressure(out, &cg, MF_IO_PRESSURE_FULL, &b->io_pressure, &a->io_pressure,
		     "no io.pressure (needs CONFIG_PSI and the io controller)");
	add_pressure(out, &cg, MF_MEMORY_PRESSURE_FULL, &b->memory_pressure,
		     &a->memory_pressure, "no memory.pressure (needs CONFIG_PSI "
		     "and the memory controller)");
	if (a->zswap_current >= 0)
		metric_add(out, MF_CGROUP_ZSWAP_BYTES, &cg, 1, SRC_COUNTER, a->zswap_current);
	else
		metric_add_na(out, MF_CGROUP_ZSWAP_BYTES, &cg, 1, "no memory.zswap.current in "
			      "this cgroup");
	if (kv_delta(&b->memory_events, &a->memory_events, "oom_kill", &v))
		metric_add(out, MF_CGROUP_OOM_KILLS, &cg, 1, SRC_COUNTER, v);
	else
		metric_add_na(out, MF_CGROUP_OOM_KILLS, &cg, 1, "no oom_kill in "
			      "memory.events (the root cgroup, or no memory controller)");
	if (io_stat_delta(&b->io_stat, &a->io_stat, "wios", &v))
		metric_add(out, MF_IO_STAT_WIOS, &cg, 1, SRC_COUNTER, v);
	else
		metric_add_na(out, MF_IO_STAT_WIOS, &cg, 1, "no io.stat lines for this "
			      "cgroup (no IO, or no io controller)");
}

static void add_bios(struct metric_set *out, const struct cg_files *a,
		     const struct is_cg_bios *cb)
{
	struct is_cg_bios z = {};
	char path[128], why[METRIC_REASON_LEN];
	struct metric_label cg = cg_label(a, path, sizeof(path));
	double ratio;

	if (!cb)
		cb = &z;
	metric_add(out, MF_WRITE_REQUESTS, &cg, 1, SRC_TRACEPOINT, cb->write_bios);
	metric_add(out, MF_SWAP_WRITE_REQUESTS, &cg, 1, SRC_TRACEPOINT, cb->swap_bios);
	metric_add(out, MF_SWAP_WRITE_PAGES, &cg, 1, SRC_TRACEPOINT, cb->swap_pages);
	if (metric_family_ratio(metric_family(MF_PAGES_PER_SWAP_WRITE),
				cb->swap_pages, cb->swap_bios, NULL, &ratio, why,
				sizeof(why)))
		metric_add(out, MF_PAGES_PER_SWAP_WRITE, &cg, 1, SRC_TRACEPOINT,
			   ratio);
	else
		metric_add_na(out, MF_PAGES_PER_SWAP_WRITE, &cg, 1, why);
	metric_add(out, MF_ZSWAP_WB_BIOS, &cg, 1, SRC_TRACEPOINT, cb->wb_bios);
}

/* Bios of zswap writeback: their flags, and whom they were charged to. */
static void add_wb_flags(const struct iostall_window *w, struct metric_set *out)
{
	double total = 0, bg = 0, root = 0, pages = 0;
	double swap = w->wb_swap_end - w->wb_swap_begin;

	for (int i = 0; i < w->nr_bios; i++) {
		const struct is_cg_bios *cb = &w->bios[i].b;

		total += cb->wb_bios;
		pages += cb->wb_pages;
		bg += cb->wb_req_background;
		/* the root cgroup's kernfs id is 1 */
		if (w->bios[i].id == 1 || w->bios[i].id == 0)
			root += cb->wb_bios;
	}
	metric_add(out, MF_ZSWAP_WB_BIOS, NULL, 0, SRC_TRACEPOINT, total);
	metric_add(out, MF_ZSWAP_WB_PAGES, NULL, 0, SRC_TRACEPOINT, pages);
	if (total) {
		if (w->wb_swap_why)
			metric_add_na(out, MF_ZSWAP_WB_REQ_SWAP_SHARE, NULL, 0,
				      w->wb_swap_why);
		else
			metric_add(out, MF_ZSWAP_WB_REQ_SWAP_SHARE, NULL, 0,
				   SRC_TRACEPOINT, swap / total);
		metric_add(out, MF_ZSWAP_WB_REQ_BACKGROUND_SHARE, NULL, 0,
			   SRC_TRACEPOINT, bg / total);
		metric_add(out, MF_ZSWAP_WB_CHARGED_ROOT_SHARE, NULL, 0,
			   SRC_TRACEPOINT, root / total);
	} else {
		const char *why = "no zswap writeback bio in the window";

		metric_add_na(out, MF_ZSWAP_WB_REQ_SWAP_SHARE, NULL, 0, why);
		metric_add_na(out, MF_ZSWAP_WB_REQ_BACKGROUND_SHARE, NULL, 0, why);
		metric_add_na(out, MF_ZSWAP_WB_CHARGED_ROOT_SHARE, NULL, 0, why);
	}
}

static void add_hist(struct metric_set *out, const char *kind,
		     const struct is_hist *h, const struct is_hist *base)
{
	struct metric_label l = { "kind", kind };
	struct hist m = { .kind = HIST_LOG2 };

	for (int i = 0; i < HIST_SLOTS && i < IS_HIST_SLOTS; i++)
		m.slots[i] = h->slots[i] - base->slots[i];
	m.sum = (double)(h->sum - base->sum);
	metric_add_hist(out, MF_WB_OFFCPU_NS, &l, 1, SRC_TRACEPOINT, &m);
}

static int by_total(const void *a, const void *b)
{
	const struct iostall_task *x = a, *y = b;

	return x->t.total_ns < y->t.total_ns ? 1 :
	       x->t.total_ns > y->t.total_ns ? -1 : 0;
}

void iostall_tasks_sort(struct iostall_task *rows, int n)
{
	if (n > 0)
		qsort(rows, n, sizeof(*rows), by_total);
}

static void add_stalls(const struct iostall_window *w, struct metric_set *out)
{
	const char *why = "sched_switch tracepoint unavailable";
	unsigned long long c[IS_C_NR];
	char path[128], task[32];
	struct metric_label l[2];
	double total = 0, rest = 0;

	if (!w->has_switch) {
		metric_add_na(out, MF_WB_OFFCPU_US, NULL, 0, why);
		return;
	}
	for (int k = 0; k < IS_C_NR; k++)
		c[k] = w->ctr_end[k] - w->ctr_begin[k];
	for (int k = 0; k < IS_KIND_NR; k++) {
		struct metric_label kind = { "kind", kind_names[k] };

		metric_add(out, MF_WB_OFFCPU_US, &kind, 1, SRC_TRACEPOINT,
			   c[IS_C_OFFCPU_NS + k] / 1000.0);
		metric_add(out, MF_WB_OFFCPU_SLEEPS, &kind, 1, SRC_TRACEPOINT,
			   c[IS_C_OFFCPU_CNT + k]);
		metric_add(out, MF_WB_THROTTLED_US, &kind, 1, SRC_TRACEPOINT,
			   c[IS_C_WB_THR_KIND_NS + k] / 1000.0);
		total += c[IS_C_OFFCPU_NS + k] / 1000.0;
		add_hist(out, kind_names[k], &w->hist_end[k], &w->hist_begin[k]);
	}
	metric_add(out, MF_WB_OFFCPU_US, NULL, 0, SRC_TRACEPOINT, total);
	for (int t = 1; t < IS_THR_NR; t++) {
		struct metric_label where = { "where", thr_names[t] };

		metric_add(out, MF_WB_OFFCPU_THROTTLED, &where, 1, SRC_TRACEPOINT,
			   c[IS_C_THROTTLED_NS + t] / 1000.0);
	}
	add_hist(out, "throttled", &w->hist_end[IS_H_THROTTLED],
		 &w->hist_begin[IS_H_THROTTLED]);
	/* the --cgroup's tasks, in or out of writeback */
	snprintf(path, sizeof(path), "%.120s", w->cgroup ? w->cgroup : "");
	for (int t = 1; t < IS_THR_NR && w->cgroup; t++) {
		struct metric_label cw[2] = {
			{ "cgroup", path }, { "where", thr_names[t] },
		};

		metric_add(out, MF_THROTTLED_SLEEP_US, cw, 2, SRC_TRACEPOINT,
			   c[IS_C_CG_THR_NS + t] / 1000.0);
		metric_add(out, MF_THROTTLED_SLEEPS, cw, 2, SRC_TRACEPOINT,
			   c[IS_C_CG_THR_CNT + t]);
		metric_add(out, MF_THROTTLED_WAIT_US, cw, 2, SRC_TRACEPOINT,
			   c[IS_C_CG_WAIT_NS + t] / 1000.0);
	}
	metric_add(out, MF_IOSTALL_STACK_FAILURES, NULL, 0, SRC_TRACEPOINT,
		   c[IS_C_STACK_FAIL]);
	metric_add(out, MF_IOSTALL_MAP_FULL, NULL, 0, SRC_TRACEPOINT,
		   c[IS_C_MAP_FULL]);

	/* top tasks, then the rest, so the rows add up to the total */
	iostall_tasks_sort(w->tasks, w->nr_tasks);
	for (int i = 0; i < w->nr_tasks; i++) {
		const struct iostall_task *r = &w->tasks[i];

		if (i >= IOSTALL_TOP_TASKS) {
			rest += r->t.total_ns / 1000.0;
			continue;
		}
		snprintf(task, sizeof(task), "%.16s/%u", r->t.comm, r->tid);
		l[0] = (struct metric_label){ "task", task };
		l[1] = (struct metric_label){ "kind", is_kind_name(r->t.kind) };
		metric_add(out, MF_WB_OFFCPU_US, l, 2, SRC_TRACEPOINT,
			   r->t.total_ns / 1000.0);
	}
	l[0] = (struct metric_label){ "task", "rest" };
	metric_add(out, MF_WB_OFFCPU_US, l, 1, SRC_TRACEPOINT, rest);
	metric_add(out, MF_WB_OFFCPU_TASKS, NULL, 0, SRC_TRACEPOINT, w->nr_tasks);
}

static void add_vrate(const struct iostall_window *w, struct metric_set *out)
{
	if (w->off_why) {
		metric_add_na(out, MF_IOCOST_VRATE_ADJ, NULL, 0, w->off_why);
		metric_add_na(out, MF_IOCOST_VRATE_PCT, NULL, 0, w->off_why);
		return;
	}
	metric_add(out, MF_IOCOST_VRATE_ADJ, NULL, 0, SRC_TRACEPOINT,
		   w->ctr_end[IS_C_VRATE_ADJ] - w->ctr_begin[IS_C_VRATE_ADJ]);
	if (w->vrate_last)
		metric_add(out, MF_IOCOST_VRATE_PCT, NULL, 0, SRC_TRACEPOINT,
			   iocost_vrate_pct(w->vrate_last));
	else
		metric_add_na(out, MF_IOCOST_VRATE_PCT, NULL, 0,
			      "no vrate adjustment seen");
}

int iostall_eval(const struct iostall_window *w, struct metric_set *out)
{
	static const struct cg_files none = { .zswap_current = -1 };

	for (int i = 0; i < w->nr_cgs; i++) {
		const struct iostall_cg *g = &w->cgs[i];
		const struct cg_files *b = g->before ? g->before : &none;

		add_iocost(w, out, b, g->after, g->iocg);
		add_counters(out, b, g->after);
		add_bios(out, g->after, g->bios);
	}
	add_vrate(w, out);
	add_wb_flags(w, out);
	add_stalls(w, out);
	return 0;
}
