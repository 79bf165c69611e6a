// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-workload - the workloads of the seed series and the ones zswap
 * series commonly quote (usemem, random access), runnable anywhere the
 * toolkit runs (statically linked for the guests' initramfs), each
 * reporting its own figures for `zswap-gate record` to store.
 */
#include <stdio.h>
#include <string.h>
#include "msg.h"
#include "opts.h"
#include "report.h"
#include "version.h"
#include "workload.h"

static const struct workload *const workloads[] = {
	&wl_reclaim, &wl_build, &wl_cache, &wl_swappers, &wl_usemem, &wl_access,
};

#define NR_WORKLOADS (sizeof(workloads) / sizeof(workloads[0]))

static void usage(FILE *f)
{
	fprintf(f, "usage: %s COMMAND [OPTIONS]   ('%s COMMAND --help' for its options)\n"
		"       %s --version\n\n", WL_PROG, WL_PROG, WL_PROG);
	for (size_t i = 0; i < NR_WORKLOADS; i++)
		fprintf(f, "  %-9s %s\n", workloads[i]->spec->name,
			workloads[i]->spec->summary);
	fprintf(f,
		"\nWith ZSWAP_WORKLOAD_METRICS=FILE, each command appends its figures to FILE\n"
		"once its work is done, one \"NAME VALUE UNIT\" line each (zswap-gate record\n"
		"stores them as workload_NAME); NAME starts with the command: cache_ops_per_s.\n"
		"A summary goes to stderr unless -q.\n"
		"exit: 0 ok, 1 runtime failure (data corruption, a failed write), 2 bad usage\n"
		"\nEXAMPLES:\n"
		"    zswap-workload reclaim --duration 10    # seed 004's reclaim, 10 s\n"
		"    zswap-gate record -o run.json -- zswap-workload cache --mib 96\n"
		"                                  # recorded: its figures become workload_*\n"
		"    zswap-workload build --help   # a command's options and figures\n");
}

/* Options, then the metrics file (so a bad path fails before the work). */
static int run_workload(const struct workload *w, int argc, char **argv)
{
	struct common_opts common = { .seed = 1 };
	struct report r;
	int rv, rc;

	rv = opts_parse(w->spec, &common, argc, argv);
	if (rv >= 0)
		return rv;
	if (report_open(&r, w->spec->name))
		return WL_FAIL;
	rv = w->run(&common, &r);
	rc = report_close(&r, common.quiet);
	return rv ? rv : rc;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return WL_USAGE;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return WL_OK;
	}
	if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version")) {
		zswap_print_version(stdout, WL_PROG);
		return WL_OK;
	}
	for (size_t i = 0; i < NR_WORKLOADS; i++) {
		if (strcmp(argv[1], workloads[i]->spec->name))
			continue;
		wl_msg_command(argv[1]);
		return run_workload(workloads[i], argc - 1, argv + 1);
	}
	wl_msg("unknown command '%s' (see '%s --help')", argv[1], WL_PROG);
	return WL_USAGE;
}
