// SPDX-License-Identifier: GPL-2.0
/* Histogram math and printing. */
#include <string.h>
#include <json-c/json.h>
#include "histogram.h"
#include "metric_id.h"

static const char *const kind_names[] = { "log2", "linear" };

unsigned long long hist_slots_total(const unsigned long long *slots)
{
	unsigned long long n = 0;

	for (int i = 0; i < HIST_SLOTS; i++)
		n += slots[i];
	return n;
}

unsigned long long hist_count(const struct hist *h)
{
	return hist_slots_total(h->slots);
}

int hist_slot_of(enum hist_kind kind, unsigned long long v)
{
	int r = 0;

	if (kind == HIST_LINEAR)
		return v < HIST_SLOTS - 1 ? (int)v : HIST_SLOTS - 1;
	while (v >>= 1)
		r++;
	return r;
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

static const char *const hist_stat_words[HIST_STAT_NR] = {
	[HIST_STAT_MEAN] = "mean",
	[HIST_STAT_P50] = "p50",
	[HIST_STAT_P90] = "p90",
	[HIST_STAT_P99] = "p99",
	[HIST_STAT_COUNT] = "count",
};

const char hist_stat_list[] = "mean, p50, p90, p99, count";

const char *hist_stat_word(enum hist_stat st)
{
	return st < HIST_STAT_NR ? hist_stat_words[st] : "?";
}

void hist_stat_name(char *buf, size_t len, const char *hist, enum hist_stat st)
{
	snprintf(buf, len, "%s" METRIC_STAT_PREFIX "%s}", hist, hist_stat_word(st));
}

int hist_stat_parse(const char *name, size_t *hist_len, enum hist_stat *st)
{
	int i = 0, r = metric_stat_parse(name, hist_stat_words, HIST_STAT_NR,
					 hist_len, &i);

	if (r == 1)
		*st = i;
	return r;
}

bool hist_stat_value(const struct hist *h, enum hist_stat st, double *v)
{
	static const double pct[HIST_STAT_NR] = {
		[HIST_STAT_P50] = 50, [HIST_STAT_P90] = 90, [HIST_STAT_P99] = 99,
	};
	unsigned long long n = hist_count(h);

	if (st == HIST_STAT_COUNT) {
		*v = (double)n;
		return true;
	}
	if (!n)
		return false;
	*v = st == HIST_STAT_MEAN ? hist_mean(h) : (double)hist_percentile(h, pct[st]);
	return true;
}

struct json_object *hist_json(const struct hist *h, const char *unit,
			      const char *source)
{
	json_object *o = json_object_new_object(), *b = json_object_new_array();
	unsigned long long lo, hi;

	json_object_object_add(o, "unit", json_object_new_string(unit));
	if (source)
		json_object_object_add(o, "source", json_object_new_string(source));
	json_object_object_add(o, "kind", json_object_new_string(kind_names[h->kind]));
	json_object_object_add(o, "count", json_object_new_int64(hist_count(h)));
	json_object_object_add(o, "sum", json_object_new_double(h->sum));
	for (int i = 0; i < HIST_SLOTS; i++) {
		json_object *e;

		if (!h->slots[i])
			continue;
		hist_slot_bounds(h->kind, i, &lo, &hi);
		e = json_object_new_object();
		json_object_object_add(e, "slot", json_object_new_int(i));
		json_object_object_add(e, "low", json_object_new_uint64(lo));
		json_object_object_add(e, "high", json_object_new_uint64(hi));
		json_object_object_add(e, "count", json_object_new_uint64(h->slots[i]));
		json_object_array_add(b, e);
	}
	json_object_object_add(o, "buckets", b);
	return o;
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
