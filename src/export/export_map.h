/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How the toolkit's metrics become Prometheus metrics: one table row per
 * metric (name, type, unit scale, help), labels taken from our names
 * (swap_write_pages{origin=writeback} -> zswap_swap_write_pages_total
 * {origin="writeback"}). A module that adds metrics adds rows here.
 */
#ifndef __EXPORT_MAP_H
#define __EXPORT_MAP_H

#include <stdbool.h>
#include "cgroup_stats.h"
#include "metrics.h"
#include "planner.h"
#include "prom_writer.h"

#define EXPORT_MAX_LABELS 6

struct export_map {
	const char *metric;	/* our name without labels; "x_*": prefix */
	const char *prom;	/* NULL: not exported (see why) */
	enum prom_type type;
	double scale;		/* to the base unit: ns -> s is 1e-9 */
	const char *help;	/* or why it is not exported */
	const char *rest_label;	/* prefix rows: label for the rest of the name */
};

struct export_hist_map {
	const char *metric;
	const char *prom;
	double scale;
	const char *help;
	const int *slots;	/* slots whose upper bound is a bucket's le */
	int nslots;
};

/* Our metric name split into its base and labels (pointers into store). */
struct metric_name {
	char base[METRIC_NAME_LEN];
	struct prom_label labels[EXPORT_MAX_LABELS];
	int nlabels;
	char store[METRIC_NAME_LEN];
};

/* Returns 0, or -EINVAL for a malformed name. */
int metric_name_parse(const char *name, struct metric_name *out);

/* The row for a base name, or NULL when the table has none. */
const struct export_map *export_map_find(const char *base);
const struct export_hist_map *export_hist_map_find(const char *base);

/*
 * Adds every metric of the set that has a value and a mapping; n/a
 * values are left out (their reason is in zswap_hook_source_info).
 * Returns the number of metrics without a table row (not exported).
 */
int export_metric_set(struct prom_doc *d, const struct metric_set *ms);
/* zswap_hook_source_info and zswap_hook_info from the plan. */
void export_plan(struct prom_doc *d, const struct zs_plan *plan);
void export_cgroups(struct prom_doc *d, const struct cgroup_table *t);

#endif /* __EXPORT_MAP_H */
