// SPDX-License-Identifier: GPL-2.0
/* Log-linear latency histogram (see latency.h). */
#include <math.h>
#include <string.h>
#include "latency.h"

void lat_init(struct latency *l)
{
	memset(l, 0, sizeof(*l));
	l->min = UINT64_MAX;
}

/* Group 0 holds 0..127 exactly; group g >= 1 holds [2^(g+6), 2^(g+7)). */
static unsigned int bucket_of(uint64_t v)
{
	unsigned int shift;

	if (v < LAT_SUB)
		return v;
	shift = 63 - __builtin_clzll(v) - LAT_SUB_BITS;
	return ((shift + 1) << LAT_SUB_BITS) + (unsigned int)((v >> shift) - LAT_SUB);
}

static double bucket_mid(unsigned int i)
{
	unsigned int g = i >> LAT_SUB_BITS, s = i & (LAT_SUB - 1);
	double width, lo;

	if (!g)
		return s;
	width = ldexp(1.0, g - 1);
	lo = (LAT_SUB + s) * width;
	return lo + (width - 1) / 2;
}

void lat_add(struct latency *l, uint64_t v)
{
	l->bucket[bucket_of(v)]++;
	l->count++;
	if (v < l->min)
		l->min = v;
	if (v > l->max)
		l->max = v;
}

void lat_merge(struct latency *dst, const struct latency *src)
{
	for (unsigned int i = 0; i < LAT_BUCKETS; i++)
		dst->bucket[i] += src->bucket[i];
	dst->count += src->count;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
}

double lat_quantile(const struct latency *l, double q)
{
	uint64_t rank, seen = 0;
	double v, x = q * l->count;

	if (!l->count)
		return 0;
	/* 0.999 * 100000 must be rank 99900, not 99901 from rounding */
	rank = (uint64_t)ceil(x - x * 1e-12);
	if (rank < 1)
		rank = 1;
	if (rank > l->count)
		rank = l->count;
	for (unsigned int i = 0; i < LAT_BUCKETS; i++) {
		seen += l->bucket[i];
		if (seen < rank)
			continue;
		v = bucket_mid(i);
		if (v < l->min)
			v = l->min;
		if (v > l->max)
			v = l->max;
		return v;
	}
	return l->max;
}
