// SPDX-License-Identifier: GPL-2.0
/* Histogram bounds and percentiles against values worked out by hand. */
#include <math.h>
#include "harness.h"
#include "histogram.h"

void test_histogram(void)
{
	struct hist h = { .kind = HIST_LOG2 };
	unsigned long long lo, hi;

	hist_slot_bounds(HIST_LOG2, 0, &lo, &hi);
	CHECK(lo == 0 && hi == 1, "log2 slot 0 is [0,1], got [%llu,%llu]", lo, hi);
	hist_slot_bounds(HIST_LOG2, 10, &lo, &hi);
	CHECK(lo == 1024 && hi == 2047, "log2 slot 10, got [%llu,%llu]", lo, hi);
	hist_slot_bounds(HIST_LINEAR, 3, &lo, &hi);
	CHECK(lo == 3 && hi == 3, "linear slot 3, got [%llu,%llu]", lo, hi);
	hist_slot_bounds(HIST_LINEAR, HIST_SLOTS - 1, &lo, &hi);
	CHECK(lo == HIST_SLOTS - 1 && hi == ~0ULL, "linear last slot is open");

	/* 90 values in slot 4 ([16,31]), 9 in slot 8, 1 in slot 20 */
	h.slots[4] = 90;
	h.slots[8] = 9;
	h.slots[20] = 1;
	h.sum = 90 * 20 + 9 * 300 + 1 * 1500000;
	CHECK(hist_count(&h) == 100, "count %llu", hist_count(&h));
	CHECK(hist_percentile(&h, 50) == 31, "p50 %llu", hist_percentile(&h, 50));
	CHECK(hist_percentile(&h, 90) == 31, "p90 %llu", hist_percentile(&h, 90));
	CHECK(hist_percentile(&h, 91) == 511, "p91 %llu", hist_percentile(&h, 91));
	CHECK(hist_percentile(&h, 99) == 511, "p99 %llu", hist_percentile(&h, 99));
	CHECK(hist_percentile(&h, 100) == (1ULL << 21) - 1, "p100 %llu",
	      hist_percentile(&h, 100));
	CHECK(fabs(hist_mean(&h) - 15045.0) < 1e-9, "mean %f", hist_mean(&h));

	struct hist empty = { .kind = HIST_LOG2 };

	CHECK(hist_percentile(&empty, 99) == 0, "empty p99");
	CHECK(hist_mean(&empty) == 0, "empty mean");
}
