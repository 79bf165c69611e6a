/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histograms as the BPF side fills them: log2 slots (slot i holds values
 * in [2^i, 2^(i+1)), slot 0 also holds 0) or linear slots (slot i holds
 * the value i; the last slot holds everything above).
 */
#ifndef __HISTOGRAM_H
#define __HISTOGRAM_H

#include <stdio.h>

#define HIST_SLOTS 64

enum hist_kind {
	HIST_LOG2,
	HIST_LINEAR,
};

struct hist {
	enum hist_kind kind;
	unsigned long long slots[HIST_SLOTS];
	double sum;
};

struct json_object;

unsigned long long hist_count(const struct hist *h);
/* The values counted in HIST_SLOTS slots, as the BPF side fills them. */
unsigned long long hist_slots_total(const unsigned long long *slots);
/* The slot of value v (log2: floor(log2(v)), 0 for v <= 1). */
int hist_slot_of(enum hist_kind kind, unsigned long long v);
/* Inclusive bounds of slot i. */
void hist_slot_bounds(enum hist_kind kind, int i, unsigned long long *lo,
		      unsigned long long *hi);
double hist_mean(const struct hist *h);
/*
 * Percentile p (0..100): the upper bound of the slot holding the p-th
 * value, so a reported p99 is never below the true one.
 */
unsigned long long hist_percentile(const struct hist *h, double p);
/*
 * The one JSON shape of a histogram (records, zswap-lockstat): unit,
 * source (if not NULL), kind, count, sum and buckets of the used slots,
 * each {slot, low, high, count}.
 */
struct json_object *hist_json(const struct hist *h, const char *unit,
			      const char *source);
/* libbpf-tools' "low -> high : count |****|" layout. */
void hist_print(FILE *f, const struct hist *h, const char *unit);

#endif /* __HISTOGRAM_H */
