/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The core session's metrics from one observation window: pure code over
 * the window's counter deltas, histograms and counter-file snapshots,
 * driven by the registry rows and the plan. The session reads the BPF
 * maps and files; this turns them into a metric_set, so the unit tier can
 * test every metric's evaluation without BPF.
 */
#ifndef __METRIC_EVAL_H
#define __METRIC_EVAL_H

#include <stdbool.h>
#include "counters.h"
#include "metrics.h"
#include "planner.h"
#include "zswapstat.h"

struct metric_window {
	const struct zs_plan *plan;
	const char *cgroup;		/* --cgroup, or NULL */
	const char *compressor;		/* zswap's compressor parameter, or NULL */
	bool cgroup_counted;		/* its BPF per-cgroup counts are read */
	unsigned long long ctr[ZC_NR];	/* counter deltas of the window */
	struct zs_hist_slots hist[ZH_NR];
	struct zs_cgroup_counts cg;
	const struct zs_snapshot *before, *after;
};

/*
 * Swap write bios and their pages, by origin, into ctr: the BPF program
 * counts a bio in its pages-per-bio histogram alone (one map update a
 * bio), whose count and sum are the bios and the pages.
 */
void bio_counters_from_hists(const struct zs_hist_slots *hist,
			     unsigned long long *ctr);

/* Adds every core metric of the window to out; -1 on ENOMEM. */
int metric_eval(const struct metric_window *w, struct metric_set *out);
/*
 * Only its sampled levels (the rows' .sampled: values at the window's
 * end), as metric_eval() adds them: what a sample during the window
 * reads. Of the keys read by key (kv_families.h), only those present.
 */
int metric_eval_levels(const struct metric_window *w, struct metric_set *out);

#endif /* __METRIC_EVAL_H */
