/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zswap-workload: the workloads as subcommands. Each one parses
 * its options (opts.h), does its work and reports its figures (report.h).
 */
#ifndef __WORKLOAD_H
#define __WORKLOAD_H

#define WL_PROG		"zswap-workload"

/* Exit codes of every subcommand. */
#define WL_OK		0
#define WL_FAIL		1
#define WL_USAGE	2

struct cmd_spec;
struct common_opts;
struct report;

struct workload {
	const struct cmd_spec *spec;	/* name, options, --help */
	/*
	 * The work, once the options are parsed and the metrics file is
	 * open: adds its figures to r and returns 0 or an exit code. Figures
	 * added before a failure (cache's checksum errors) are still reported.
	 */
	int (*run)(const struct common_opts *common, struct report *r);
};

extern const struct workload wl_reclaim, wl_build, wl_cache, wl_swappers,
	wl_usemem, wl_access;

#endif /* __WORKLOAD_H */
