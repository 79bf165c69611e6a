/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/export/: zswap-export: the registry onto Prometheus' text format, the textfile.
 * May call: util, metrics, collect, lock, iostall.
 */
/*
 * The toolkit's metrics as Prometheus metrics: the name, scale and help
 * of each family are its registry row's (metric_registry.c); labels are
 * the metric's own (swap_write_pages{origin=writeback} ->
 * zswap_swap_write_pages_total{origin="writeback"}).
 */
#ifndef __EXPORT_MAP_H
#define __EXPORT_MAP_H

#include <stdbool.h>
#include "cgroup_stats.h"
#include "metrics.h"
#include "planner.h"
#include "prom_writer.h"

/*
 * Adds every metric of the set that has a value and a mapping; n/a
 * values are left out (their reason is in zswap_hook_source_info).
 * Returns the number of metrics without a Prometheus row (not exported).
 */
int export_metric_set(struct prom_doc *d, const struct metric_set *ms);
/* zswap_hook_source_info and zswap_hook_info from the plan. */
void export_plan(struct prom_doc *d, const struct zs_plan *plan);
void export_cgroups(struct prom_doc *d, const struct cgroup_table *t);

#endif /* __EXPORT_MAP_H */
