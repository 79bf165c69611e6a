// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of the workloads' latency histogram: its percentiles against
 * the exact order statistics of the same samples, sorted here (nearest
 * rank: the ceil(q * n)-th smallest). Run by `make test-unit`.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "harness.h"	/* the unit tier's CHECK */
#include "latency.h"

int tests_passed, tests_failed;

static const double quantiles[] = { 0.5, 0.99, 0.999 };

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static uint64_t exact(const uint64_t *sorted, size_t n, double q)
{
	size_t rank = (size_t)ceil(q * n - q * n * 1e-12);

	return sorted[(rank ? rank : 1) - 1];
}

/*
 * Every percentile within tol (relative) of the exact one; the design
 * bound is half a bucket, 1/256 of the value.
 */
static void check_samples(const char *what, uint64_t *v, size_t n, double tol)
{
	struct latency *l = malloc(sizeof(*l));

	lat_init(l);
	for (size_t i = 0; i < n; i++)
		lat_add(l, v[i]);
	qsort(v, n, sizeof(*v), cmp_u64);
	CHECK(l->count == n, "%s: count %llu", what, (unsigned long long)l->count);
	CHECK(l->min == v[0] && l->max == v[n - 1], "%s: min/max", what);
	for (size_t k = 0; k < sizeof(quantiles) / sizeof(quantiles[0]); k++) {
		double q = quantiles[k], got = lat_quantile(l, q);
		double want = exact(v, n, q);

		CHECK(fabs(got - want) <= tol * want,
		      "%s: q %g got %.1f want %.0f", what, q, got, want);
	}
	free(l);
}

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

int main(void)
{
	size_t n = 100000;
	uint64_t *v = malloc(2 * n * sizeof(*v)), s = 88172645463325252ULL;
	struct latency *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));

	/* 1..100000 us: p50 50000, p99 99000, p99.9 99900 */
	for (size_t i = 0; i < n; i++)
		v[i] = n - i;
	check_samples("1..100000 us, within 1%", v, n, 0.01);
	for (size_t i = 0; i < n; i++)
		v[i] = (i + 1) * 1000;
	check_samples("1..100000 us in ns, within 1/256", v, n, 1.0 / 256);

	/* a heavy tail: exp(uniform(0, 12)) ns, 1 ns to 160 us */
	for (size_t i = 0; i < 2 * n; i++)
		v[i] = (uint64_t)exp((xorshift(&s) >> 11) * 0x1p-53 * 12);
	check_samples("log-uniform tail, within 1/256", v, 2 * n, 1.0 / 256);

	/* below 128 every value has its own bucket: exact */
	for (size_t i = 0; i < 1000; i++)
		v[i] = i % 100;
	check_samples("0..99, exact", v, 1000, 0);

	/* merging two halves gives the whole */
	lat_init(a);
	lat_init(b);
	for (uint64_t i = 1; i <= n; i++)
		lat_add(i % 2 ? a : b, i * 37);
	lat_merge(a, b);
	CHECK(a->count == n && a->min == 37 && a->max == n * 37, "merge: count/min/max");
	CHECK(fabs(lat_quantile(a, 0.5) - 50000 * 37.0) <= 50000 * 37.0 / 256,
	      "merge: p50 %.0f", lat_quantile(a, 0.5));

	/* one sample is every percentile; the extremes do not overflow */
	lat_init(b);
	lat_add(b, UINT64_MAX);
	CHECK(lat_quantile(b, 0.5) == (double)UINT64_MAX, "one sample: the sample");
	lat_init(b);
	CHECK(lat_quantile(b, 0.99) == 0, "empty: 0");

	printf("%d passed, %d failed\n", tests_passed, tests_failed);
	free(v);
	free(a);
	free(b);
	return tests_failed ? 1 : 0;
}
