// SPDX-License-Identifier: GPL-2.0
/* The metric direction table: the one place that says what "better" is. */
#include <fnmatch.h>
#include <stddef.h>
#include "metric_direction.h"

#define H DIR_HIGHER_BETTER
#define L DIR_LOWER_BETTER
#define N DIR_NEUTRAL

static const struct metric_direction table[] = {
	/* seed 000: batching writeback IO raises pages per write request */
	{ "pages_per_bio{origin=writeback}", H, true,
	  "more pages per writeback bio: fewer, larger IOs" },
	{ "pages_per_bio*", H, false, "more pages per swap write bio" },
	{ "swap_write_bios*", L, true, "fewer swap write requests for the work" },
	{ "swap_write_pages*", L, false, "fewer pages written to the swap device" },
	/* seed 004: reject rate ~36% -> ~24% */
	{ "reject_rate", L, true, "fewer stores refused by zswap" },
	{ "store_reject", L, false, "stores zswap refused" },
	{ "reject_*", L, false, "stores refused for this reason" },
	{ "pool_limit_hit", L, false, "stores that found the pool full" },
	{ "writeback_failures", L, false, "failed writebacks" },
	/* seed 004: shrink_worker wakeups 5,363 -> 85 */
	{ "shrink_worker_wakeups", L, false, "shrink_worker runs" },
	{ "shrink_memcg_calls", L, false, "shrink_memcg calls" },
	{ "shrinker_scan_calls", L, false, "zswap shrinker scans" },
	{ "shrinker_slab_passes", L, false, "shrink_slab passes over zswap" },
	/* seeds 000 and 002: iocost debt and wait, IO and memory pressure */
	{ "iocost_debt*", L, true, "time the cgroup was in iocost debt" },
	{ "iocost_*wait*", L, false, "time waited for iocost budget" },
	{ "iocost_*delay*", L, false, "iocost delay" },
	{ "*pressure_full*", L, false, "time all tasks were stalled" },
	{ "*pressure_some*", L, false, "time some tasks were stalled" },
	{ "store_latency_ns*", L, false, "zswap_store latency" },
	{ "load_latency_ns*", L, false, "zswap_load latency" },
	/* seed 001: tree lock contention (zswap-lockstat, record --locks) */
	{ "lock_wait_ns*", L, false, "time waiting for zswap locks" },
	{ "lock_contentions*", L, false, "zswap lock contentions" },
	{ "lock_failures*", L, false, "contentions the tracer lost" },
	{ "pswpin", L, false, "pages read back from the swap device" },
	{ "pswpout", L, false, "pages written to the swap device" },
	{ "compression_ratio", H, false, "stored bytes per pool byte" },
	{ "ringbuf_drops", L, false, "events lost by the recorder" },
	/* the workload's own time (seed 000: build time) */
	{ "wall_time_s", L, true, "the workload's wall time" },
	/* what the workload asked for: neither better nor worse */
	{ "*", N, false, "workload volume, not a quality" },
};

#undef H
#undef L
#undef N

const struct metric_direction *metric_direction_of(const char *name)
{
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (!fnmatch(table[i].pattern, name, 0))
			return &table[i];
	return &table[sizeof(table) / sizeof(table[0]) - 1];
}

const char *direction_name(enum direction d)
{
	switch (d) {
	case DIR_HIGHER_BETTER: return "higher";
	case DIR_LOWER_BETTER: return "lower";
	default: return "neutral";
	}
}

int direction_verdict(enum direction d, double mean_a, double mean_b)
{
	if (d == DIR_NEUTRAL || mean_a == mean_b)
		return 0;
	if (d == DIR_HIGHER_BETTER)
		return mean_b > mean_a ? 1 : -1;
	return mean_b < mean_a ? 1 : -1;
}
