// SPDX-License-Identifier: GPL-2.0
/* Histogram math and printing. */
#include <string.h>
#include "histogram.h"

unsigned long long hist_count(const struct hist *h)
{
	unsigned long long n = 0;

	for (int i = 0; i < HIST_SLOTS; i++)
		n += h->slots[i];
	return n;
}

void hist_slot_bounds(enum hist_kind kind, int i, unsigned long long *lo,
		      unsigned long long *hi)
{
	if (kind == HIST_LINEAR) {
		*lo = i;
		*hi = i == HIST_SLOTS - 1 ? ~0ULL : (unsigned long long)i;
		return;
	}
	*lo = i == 0 ? 0 : 1ULL << i;
	*hi = i >= 63 ? ~0ULL : (1ULL << (i + 1)) - 1;
}

double hist_mean(const struct hist *h)
{
	unsigned long long n = hist_count(h);

	return n ? h->sum / n : 0;
}

unsigned long long hist_percentile(const struct hist *h, double p)
{
	unsigned long long n = hist_count(h), seen = 0, lo, hi;
	unsigned long long rank;

	if (!n)
		return 0;
	/* rank of the p-th value, 1-based, rounded up */
	rank = (unsigned long long)(p / 100.0 * n);
	if ((double)rank < p / 100.0 * n)
		rank++;
	if (rank == 0)
		rank = 1;
	for (int i = 0; i < HIST_SLOTS; i++) {
		seen += h->slots[i];
		if (seen >= rank) {
			hist_slot_bounds(h->kind, i, &lo, &hi);
			return hi;
		}
	}
	return 0;
}

static void print_stars(FILE *f, unsigned long long val,
			unsigned long long max, int width)
{
	int stars = max ? (int)(val * width / max) : 0;

	if (val && !stars)
		stars = 1;
	for (int i = 0; i < width; i++)
		fputc(i < stars ? '*' : ' ', f);
}

void hist_print(FILE *f, const struct hist *h, const char *unit)
{
	unsigned long long max = 0, lo, hi;
	int first = -1, last = -1;

	for (int i = 0; i < HIST_SLOTS; i++) {
		if (h->slots[i] > max)
			max = h->slots[i];
		if (h->slots[i]) {
			if (first < 0)
				first = i;
			last = i;
		}
	}
	if (first < 0) {
		fprintf(f, "     (no samples)\n");
		return;
	}
	fprintf(f, "%*s%-*s : count    distribution\n", 10, "", 14, unit);
	for (int i = first; i <= last; i++) {
		hist_slot_bounds(h->kind, i, &lo, &hi);
		if (hi == ~0ULL)
			fprintf(f, "%10llu -> %-10s : %-8llu |", lo, "inf",
				h->slots[i]);
		else
			fprintf(f, "%10llu -> %-10llu : %-8llu |", lo, hi,
				h->slots[i]);
		print_stars(f, h->slots[i], max, 40);
		fprintf(f, "|\n");
	}
}
