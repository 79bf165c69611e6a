/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which way is better for each metric, and whether a significant change
 * the wrong way fails the gate by default. One table, in
 * metric_direction.c; the first matching pattern wins.
 */
#ifndef __METRIC_DIRECTION_H
#define __METRIC_DIRECTION_H

#include <stdbool.h>

enum direction {
	DIR_NEUTRAL,		/* a change is neither better nor worse */
	DIR_HIGHER_BETTER,
	DIR_LOWER_BETTER,
};

struct metric_direction {
	const char *pattern;	/* fnmatch(3) glob over the metric name */
	enum direction dir;
	bool gating;		/* a significant worse change fails by default */
	const char *why;
};

const struct metric_direction *metric_direction_of(const char *name);
const char *direction_name(enum direction d);

/*
 * +1 when the change from a to b is better for the metric, -1 when
 * worse, 0 when neutral or equal.
 */
int direction_verdict(enum direction d, double mean_a, double mean_b);

#endif /* __METRIC_DIRECTION_H */
