/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The summary `zswap-gate record` prints, read by a person as perf stat's
 * is: the headline rows first (stores, loads, rejects, writeback, the
 * shrinker, the pool, pages per bio), then every other series that moved;
 * counts exact with separators, bytes with a unit, a level's statistics
 * over the window beside its end value; families all 0 folded into a
 * line, n/a reasons into one footnote per cause; histograms a line each.
 * all: every series and every histogram's bars.
 */
#ifndef __SUMMARY_H
#define __SUMMARY_H

#include <stdbool.h>
#include <stdio.h>
#include "metrics.h"
#include "record.h"

struct summary_opts {
	bool all;
	/* the cgroup hierarchy's mount: labels show the path below it */
	const char *cgroup_mount;
};

void summary_print(FILE *f, const struct record_meta *meta,
		   const struct metric_set *ms, unsigned long long events,
		   const struct summary_opts *o);

#endif /* __SUMMARY_H */
