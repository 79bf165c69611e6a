/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A set of named metric values for one observation window, as records
 * and every output carry them. Names carry labels the way Prometheus
 * writes them: swap_write_pages{origin=writeback}.
 */
#ifndef __METRICS_H
#define __METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include "histogram.h"
#include "name_index.h"
#include "planner.h"

#define METRIC_NAME_LEN 160
#define METRIC_REASON_LEN 256

struct metric {
	char name[METRIC_NAME_LEN];
	char unit[16];
	enum zs_src src;
	bool has_value;		/* false: n/a, reason says why */
	double value;
	char reason[METRIC_REASON_LEN];
};

struct hist_metric {
	char name[METRIC_NAME_LEN];
	char unit[16];
	enum zs_src src;
	struct hist h;
};

struct metric_set {
	struct metric *m;
	size_t n, cap;
	struct hist_metric *h;
	size_t nh, hcap;
	struct name_index mix, hix;	/* by name: finding is O(1) */
};

void metric_set_free(struct metric_set *s);
/* Room for n more metrics (one allocation for a whole record); -1 on ENOMEM. */
int metric_set_reserve(struct metric_set *s, size_t n);
struct metric *metric_set_value(struct metric_set *s, const char *name,
				const char *unit, enum zs_src src, double value);
struct metric *metric_set_na(struct metric_set *s, const char *name,
			     const char *unit, const char *reason);
struct hist_metric *metric_set_hist(struct metric_set *s, const char *name,
				    const char *unit, enum zs_src src,
				    const struct hist *h);
const struct metric *metric_set_find(const struct metric_set *s,
				     const char *name);
const struct hist_metric *metric_set_find_hist(const struct metric_set *s,
					       const char *name);

#endif /* __METRICS_H */
