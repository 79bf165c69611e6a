// SPDX-License-Identifier: GPL-2.0
/*
 * Room src/bench/: hookbench, a zswap hook against an empty program (make bench).
 * May call: util, collect.
 */
/*
 * hookbench: attaches empty programs to zswapstat's tracepoints (and an
 * empty fentry/fexit pair to each -f FUNCTION), runs a command, and prints
 * each program's run count and run time from the kernel's bpf_stats:
 * "NAME RUNS NS" lines, NAME e_<tracepoint>, e_fentry:FUNC or e_fexit:FUNC,
 * and t_contention_begin/end, the floor of timing a contention.
 * The baseline for the benchmarks in bench/. -p PROGRAM attaches only the
 * programs named (a wall-time arm of one pair, as bench/lockstat.sh's
 * floor).
 *
 *   hookbench [-f FUNCTION]... [-p PROGRAM]... -- COMMAND ARGS...
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "cli_checks.h"
#include "empty.skel.h"
#include "spawn.h"
#include "trace_helpers.h"
#include "version.h"

#define MAX_FUNCS 16
#define MAX_PICKS 16

/* -p: the programs to attach, all when none is named */
static const char *picks[MAX_PICKS];
static int nr_picks;

static bool picked(const struct bpf_program *p)
{
	for (int i = 0; i < nr_picks; i++)
		if (!strcmp(bpf_program__name(p), picks[i]))
			return true;
	return !nr_picks;
}

/* Instance 0 holds the tracepoints; instance i > 0 the pair on funcs[i]. */
static struct empty_bpf *open_instance(const char *func)
{
	struct empty_bpf *skel = empty_bpf__open();
	struct bpf_program *p;

	if (!skel)
		return NULL;
	bpf_object__for_each_program(p, skel->obj) {
		bool pair = p == skel->progs.e_fentry || p == skel->progs.e_fexit;
		const char *tp = strchr(bpf_program__section_name(p), '/');
		char why[128];

		/* tracepoints come and go between kernels: skip absent ones */
		if (!func && !pair && tp && !tp_btf_exists(tp + 1, why, sizeof(why))) {
			fprintf(stderr, "hookbench: skipping %s: %s\n", tp + 1, why);
			bpf_program__set_autoload(p, false);
			continue;
		}
		bpf_program__set_autoload(p, func ? pair : !pair && picked(p));
		if (func && pair && bpf_program__set_attach_target(p, 0, func))
			goto fail;
	}
	if (empty_bpf__load(skel) || empty_bpf__attach(skel))
		goto fail;
	return skel;
fail:
	fprintf(stderr, "hookbench: empty programs on %s: %s\n",
		func ? func : "tracepoints", strerror(errno));
	empty_bpf__destroy(skel);
	return NULL;
}

static void print_stats(struct empty_bpf *skel, const char *func)
{
	struct bpf_program *p;

	bpf_object__for_each_program(p, skel->obj) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);
		int fd = bpf_program__fd(p);

		if (fd < 0 || bpf_obj_get_info_by_fd(fd, &info, &len))
			continue;
		printf("%s%s%s %llu %llu\n", bpf_program__name(p),
		       func ? ":" : "", func ? func : "",
		       (unsigned long long)info.run_cnt,
		       (unsigned long long)info.run_time_ns);
	}
}

int main(int argc, char **argv)
{
	struct empty_bpf *skels[MAX_FUNCS + 1] = {};
	const char *funcs[MAX_FUNCS + 1] = {};
	int n = 1, stats_fd, status, opt, rc = 1;
	struct spawn_opts spo = {};
	struct spawn sp;

	atexit(cli_check_stdout_at_exit);
	if (argc == 2 && (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version"))) {
		zswap_print_version(stdout, "hookbench");
		return 0;
	}
	while ((opt = getopt(argc, argv, "+f:p:")) != -1) {
		if (opt == 'f' && n <= MAX_FUNCS)
			funcs[n++] = optarg;
		else if (opt == 'p' && nr_picks < MAX_PICKS)
			picks[nr_picks++] = optarg;
		else
			goto usage;
	}
	if (optind >= argc || strcmp(argv[optind - 1], "--"))
		goto usage;
	stats_fd = bpf_enable_stats(BPF_STATS_RUN_TIME);
	if (stats_fd < 0) {
		fprintf(stderr, "hookbench: bpf_stats: %s\n", strerror(errno));
		return 1;
	}
	for (int i = 0; i < n; i++)
		if (!(skels[i] = open_instance(funcs[i])))
			goto out;
	spawn_start(&sp, &argv[optind], &spo);
	status = spawn_wait(&sp);
	spawn_failed(&sp);	/* closes the pipe; the 127 says it all */
	for (int i = 0; i < n; i++)
		print_stats(skels[i], funcs[i]);
	rc = status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : 1;
out:
	for (int i = 0; i < n; i++)
		empty_bpf__destroy(skels[i]);
	close(stats_fd);
	return rc;
usage:
	fprintf(stderr, "usage: hookbench [-f FUNCTION]... [-p PROGRAM]... -- COMMAND ARGS...\n"
		"       hookbench --version\n");
	return 2;
}
