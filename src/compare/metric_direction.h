/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which way is better for each metric, and whether a significant change
 * the wrong way fails the gate by default, is its registry row's
 * (metric_registry.c: dir, and value_dir for one label value); metrics no
 * row describes (the workload's own figures) are neutral.
 */
#ifndef __METRIC_DIRECTION_H
#define __METRIC_DIRECTION_H

#include "metric_registry.h"

const char *direction_name(enum direction d);

/*
 * +1 when the change from a to b is better for the metric, -1 when
 * worse, 0 when neutral or equal.
 */
int direction_verdict(enum direction d, double mean_a, double mean_b);

#endif /* __METRIC_DIRECTION_H */
