/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A workload's own figures, and the clock they are measured with.
 *
 * Protocol with `zswap-gate record`: when ZSWAP_WORKLOAD_METRICS names a
 * file, the figures are appended to it once, after the work, one
 * "NAME VALUE UNIT\n" line each: NAME [a-z][a-z0-9_]* (<= 60 chars), VALUE
 * a finite decimal ("%.17g"), UNIT [A-Za-z%/_]+ (<= 15 chars). The
 * recorder stores each as metric workload_NAME with source "workload".
 * NAME starts with the subcommand's name (cache_ops_per_s,
 * build_duration_s), so figures of different workloads never share a
 * metric and a claims row names the workload it was measured with.
 */
#ifndef __REPORT_H
#define __REPORT_H

#include <stdbool.h>
#include <stdint.h>

#define REPORT_ENV		"ZSWAP_WORKLOAD_METRICS"
#define REPORT_MAX_FIGURES	16

struct figure {
	char name[61];
	char unit[16];
	double value;
};

struct report {
	const char *prefix;	/* the subcommand: "cache" -> cache_NAME */
	const char *path;	/* $ZSWAP_WORKLOAD_METRICS, or NULL */
	int fd;
	int nr;
	bool invalid;		/* a figure broke the protocol: not written */
	struct figure fig[REPORT_MAX_FIGURES];
};

/*
 * Opens $ZSWAP_WORKLOAD_METRICS (when set) before the work, so a path
 * that cannot be written fails at once rather than after the run.
 * Returns 0, or 1 (the exit code) after a message naming the path.
 */
int report_open(struct report *r, const char *prefix);
void report_add(struct report *r, const char *name, double value,
		const char *unit);
/*
 * Prints the summary (unless quiet) and appends the lines, when there are
 * figures (a failed run may have none); returns 0 or 1.
 */
int report_close(struct report *r, bool quiet);

uint64_t now_ns(void);		/* CLOCK_MONOTONIC */
double ns_to_s(uint64_t ns);
void sleep_until_ns(uint64_t deadline);

#endif /* __REPORT_H */
