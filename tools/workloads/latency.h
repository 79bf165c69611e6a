/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Latency histogram with log-linear buckets (as HdrHistogram): values
 * below 128 have a bucket each, every power of two above is split into
 * 128 equal buckets. A percentile is its bucket's midpoint, at most 1/256
 * (0.4%) from the true order statistic, clamped to the exact min and max.
 * Per thread, merged at the end; about 58 KiB each.
 */
#ifndef __LATENCY_H
#define __LATENCY_H

#include <stdint.h>

#define LAT_SUB_BITS	7
#define LAT_SUB		(1u << LAT_SUB_BITS)
#define LAT_BUCKETS	((64 - LAT_SUB_BITS + 1) * LAT_SUB)

struct latency {
	uint64_t count;
	uint64_t min, max;
	uint64_t bucket[LAT_BUCKETS];
};

void lat_init(struct latency *l);
void lat_add(struct latency *l, uint64_t v);
void lat_merge(struct latency *dst, const struct latency *src);
/*
 * The q-quantile (0 < q <= 1) by the nearest-rank rule: the value of rank
 * ceil(q * count) in sorted order. 0 when empty.
 */
double lat_quantile(const struct latency *l, double q);

#endif /* __LATENCY_H */
