/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histograms as the BPF side fills them: log2 slots (slot i holds values
 * in [2^i, 2^(i+1)), slot 0 also holds 0) or linear slots (slot i holds
 * the value i; the last slot holds everything above).
 */
#ifndef __HISTOGRAM_H
#define __HISTOGRAM_H

#include <stdbool.h>
#include <stddef.h>
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

/*
 * A statistic of a histogram as one value: compare and claims spell it
 * HIST{stat=S} after the histogram's whole name (labels included:
 * lock_wait_ns{lock=tree,caller=zswap_store}{stat=p99}), as a level's
 * statistics over the window are spelled (metric_id.h).
 */
enum hist_stat {
	HIST_STAT_MEAN,
	HIST_STAT_P50,
	HIST_STAT_P90,
	HIST_STAT_P99,
	HIST_STAT_COUNT,
	HIST_STAT_NR,
};

/* "mean, p50, p90, p99, count": for messages. */
extern const char hist_stat_list[];
const char *hist_stat_word(enum hist_stat st);
/* HIST{stat=S} into buf. */
void hist_stat_name(char *buf, size_t len, const char *hist, enum hist_stat st);
/*
 * Whether name ends in a {stat=S} suffix: 1 with the histogram's name
 * length in *hist_len and S in *st; 0 without one; -1 for an unknown S
 * (*hist_len still set).
 */
int hist_stat_parse(const char *name, size_t *hist_len, enum hist_stat *st);
/* The statistic's value; false when the histogram is empty (not count). */
bool hist_stat_value(const struct hist *h, enum hist_stat st, double *v);

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
