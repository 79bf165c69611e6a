/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Figures a workload reports about itself (its duration, ops/s, latency
 * percentiles): `zswap-gate record -- COMMAND` names a file in the
 * environment variable ZSWAP_WORKLOAD_METRICS, the command appends
 *
 *	NAME VALUE UNIT
 *
 * lines to it (NAME [a-z][a-z0-9_]*, VALUE a finite number, UNIT
 * [A-Za-z%/_]+), and each lands in the record as metric workload_NAME with
 * source "workload". A bad line is reported with its line number and
 * skipped; the good lines and the rest of the record are kept.
 */
#ifndef __WORKLOAD_METRICS_H
#define __WORKLOAD_METRICS_H

#include <stdio.h>
#include "metrics.h"

#define WORKLOAD_METRICS_ENV "ZSWAP_WORKLOAD_METRICS"
#define WORKLOAD_PREFIX "workload_"
#define WORKLOAD_NAME_MAX 60

struct workload_parse {
	int added;		/* metrics added to the set */
	int bad;		/* lines skipped */
	char first_error[200];	/* "FILE:LINE: what" of the first bad line */
};

/*
 * Adds every good line of f to ms. Bad lines are counted, the first one
 * described in r->first_error, and each printed to errf when it is not
 * NULL. Returns -1 only when the set cannot grow (out of memory).
 */
int workload_metrics_parse(FILE *f, const char *file, struct metric_set *ms,
			   struct workload_parse *r, FILE *errf);

#endif /* __WORKLOAD_METRICS_H */
