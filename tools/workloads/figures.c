// SPDX-License-Identifier: GPL-2.0
/* Figures computed as the programs they stand in for compute them. */
#include <math.h>
#include <stdlib.h>
#include "figures.h"

uint64_t fig_usemem_kbps(uint64_t bytes, uint64_t usecs)
{
	unsigned __int128 b = (unsigned __int128)bytes * 1000000;

	return (uint64_t)((b / (usecs ? usecs : 1)) >> 10);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double fig_quantile(double *v, size_t n, double q)
{
	double x = q * n;
	size_t rank;

	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	/* 0.9 * 10 must be rank 9, not 10 from rounding (as lat_quantile) */
	rank = (size_t)ceil(x - x * 1e-12);
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return v[rank - 1];
}
