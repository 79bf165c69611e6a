/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A set of named metric values for one observation window, as records
 * and every output carry them. Names carry labels the way Prometheus
 * writes them: swap_write_pages{origin=writeback}.
 */
#ifndef __METRICS_H
#define __METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include "histogram.h"
#include "metric_id.h"
#include "name_index.h"
#include "planner.h"

#define METRIC_NAME_LEN 160
#define METRIC_REASON_LEN 256

struct metric {
	char name[METRIC_NAME_LEN];	/* the key, rendered from id */
	struct metric_id id;
	char unit[16];
	enum zs_src src;
	bool has_value;		/* false: n/a, reason says why */
	double value;
	char reason[METRIC_REASON_LEN];
};

struct hist_metric {
	char name[METRIC_NAME_LEN];
	struct metric_id id;
	char unit[16];
	enum zs_src src;
	struct hist h;
};

struct metric_set {
	struct metric *m;
	size_t n, cap;
	struct hist_metric *h;
	size_t nh, hcap;
	struct name_index mix, hix;	/* by name: finding is O(1) */
};

void metric_set_free(struct metric_set *s);
/* Room for n more metrics (one allocation for a whole record); -1 on ENOMEM. */
int metric_set_reserve(struct metric_set *s, size_t n);
/*
 * A metric of registry family fam with labels l[0..n): its key, unit and
 * identity come from the family's row.
 */
struct metric *metric_add(struct metric_set *s, int fam,
			  const struct metric_label *l, int n,
			  enum zs_src src, double value);
struct metric *metric_add_na(struct metric_set *s, int fam,
			     const struct metric_label *l, int n,
			     const char *reason);
struct hist_metric *metric_add_hist(struct metric_set *s, int fam,
				    const struct metric_label *l, int n,
				    enum zs_src src, const struct hist *h);
/*
 * By key (records read from disk, modules that name their metrics by
 * key): the identity is parsed from the key.
 */
struct metric *metric_set_value(struct metric_set *s, const char *name,
				const char *unit, enum zs_src src, double value);
struct metric *metric_set_na(struct metric_set *s, const char *name,
			     const char *unit, const char *reason);
struct hist_metric *metric_set_hist(struct metric_set *s, const char *name,
				    const char *unit, enum zs_src src,
				    const struct hist *h);
/*
 * A metric with the key and identity of like (a window derived from a
 * sample keeps its metrics' identities without re-reading their keys).
 */
struct metric *metric_set_like(struct metric_set *s, const struct metric *like,
			       enum zs_src src, double value);
struct metric *metric_set_like_na(struct metric_set *s,
				  const struct metric *like, const char *reason);
struct hist_metric *metric_set_like_hist(struct metric_set *s,
					 const struct hist_metric *like,
					 const struct hist *h);
/*
 * Adds every metric and histogram of in to out, identities kept, except
 * those skip says to leave out (skip may be NULL). -1 on ENOMEM.
 */
int metric_set_merge(struct metric_set *out, const struct metric_set *in,
		     bool (*skip)(const struct metric_id *id, const char *key));
/* Kind of a metric: its family's, a count when no row describes it. */
enum metric_kind metric_kind_of(const struct metric_id *id);
const struct metric *metric_set_find(const struct metric_set *s,
				     const char *name);
/* The metric of family fam with labels l[0..n), or NULL. */
const struct metric *metric_set_find_id(const struct metric_set *s, int fam,
					const struct metric_label *l, int n);
const struct hist_metric *metric_set_find_hist(const struct metric_set *s,
					       const char *name);

#endif /* __METRICS_H */
