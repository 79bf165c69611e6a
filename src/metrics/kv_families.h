/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Families read by key from the counter files' sets (the registry rows
 * with a kv group): every debugfs zswap/ file named as the file, per-size
 * mTHP stats as mthp_<stat>{size=<N>kB}, and the --cgroup's memory.events
 * and memory.stat zswap lines as memory_events_<key>{cgroup=} and
 * memory_stat_<key>{cgroup=}. Pure: the unit tier feeds it snapshots.
 */
#ifndef __KV_FAMILIES_H
#define __KV_FAMILIES_H

#include "counters.h"
#include "metrics.h"

struct kv_window {
	const char *cgroup;		/* --cgroup, or NULL */
	const struct zs_snapshot *before, *after;
	bool levels_only;		/* only the values of sampled levels' rows */
};

/*
 * Adds every key of the window's sets, and n/a for every row whose key
 * this kernel lacks; -1 on ENOMEM.
 */
int kv_families_eval(const struct kv_window *w, struct metric_set *out);

#endif /* __KV_FAMILIES_H */
