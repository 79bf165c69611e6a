/* SPDX-License-Identifier: GPL-2.0 */
/* Assertions on a metric_set by key: a value, or n/a with a reason. */
#ifndef __METRIC_EXPECT_H
#define __METRIC_EXPECT_H

#include <math.h>
#include <string.h>
#include "harness.h"
#include "metric_name_check.h"
#include "metrics.h"

/* The value of key name in ms (NAN when n/a or absent), *why its reason. */
static inline double value_of(const struct metric_set *ms, const char *name,
			      const char **why)
{
	const struct metric *m = metric_set_find(ms, name);

	*why = m ? m->reason : "absent";
	return m && m->has_value ? m->value : NAN;
}

#define EXPECT(ms, name, want) do {					\
	const char *why_;						\
	double got_ = value_of(ms, name, &why_);			\
	CHECK(fabs(got_ - (want)) < 1e-9, "%s = %g, want %g (%s)", name,	\
	      got_, (double)(want), why_);				\
} while (0)

#define EXPECT_NA(ms, name, reason) do {				\
	const char *why_;						\
	double got_ = value_of(ms, name, &why_);			\
	CHECK(isnan(got_) && strstr(why_, reason), "%s n/a '%s', want '%s'", \
	      name, why_, reason);					\
} while (0)

/*
 * Every metric and histogram of ms has a name claims files accept (the
 * registry's families, label keys and closed values): what a producer
 * writes, a claims row can name.
 */
#define EXPECT_NAMES_KNOWN(ms) do {					\
	char why_[512] = "";						\
	const char *bad_ = NULL;					\
	for (size_t i_ = 0; i_ < (ms)->n && !bad_; i_++)		\
		if (metric_name_check((ms)->m[i_].name, why_, sizeof(why_))) \
			bad_ = (ms)->m[i_].name;			\
	for (size_t i_ = 0; i_ < (ms)->nh && !bad_; i_++)		\
		if (metric_name_check((ms)->h[i_].name, why_, sizeof(why_))) \
			bad_ = (ms)->h[i_].name;			\
	CHECK(!bad_, "%zu metrics, %zu histograms: claims accept each name "	\
	      "(%s: %s)", (ms)->n, (ms)->nh, bad_ ? bad_ : "", why_);	\
} while (0)

#endif /* __METRIC_EXPECT_H */
