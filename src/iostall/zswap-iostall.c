// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-iostall: runs a command and reports, for its window, per-cgroup
 * iocost debt/wait/delay and who slept inside zswap writeback, with each
 * BPF program's run count and ns per run (bpf_stats).
 *
 *   zswap-iostall [--cgroup PATH] [-v] -- COMMAND ARGS...
 *   zswap-iostall --empty -- COMMAND ARGS...
 *
 * --empty attaches only an empty program on sched_switch: the baseline
 * of bench/iostall.sh.
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "cli_opts.h"
#include "collector.h"
#include "iostall_module.h"
#include "spawn.h"

static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
	stop_signal = sig;
}

/*
 * The workload's wait status, or -1. A stop signal (also one that came
 * before the workload started) stops it as every tool does: the signal,
 * SIGKILL after the grace period (*killed), what it left behind.
 */
static int wait_workload(struct spawn *sp, bool *killed)
{
	struct timespec tick = { 0, 50 * 1000 * 1000 };
	struct spawn_stopped st;
	int status;

	if (sp->pid <= 0)
		return -1;
	/* polled: a signal between a check and a blocking wait is not lost */
	while (!stop_signal) {
		pid_t r = waitpid(sp->pid, &status, WNOHANG);

		if (r == sp->pid)
			return status;
		if (r < 0 && errno != EINTR)
			return -1;
		nanosleep(&tick, NULL);
	}
	spawn_stop(sp->pid, stop_signal, SPAWN_STOP_GRACE_S * 1000, &st);
	*killed = st.killed;
	return st.status;
}

/* The messages of a command that never ran (it exited 126 or 127). */
static void report_spawn_failure(const struct spawn *sp, const char *cmd,
				 const char *cgroup)
{
	if (sp->fail_step == SPAWN_CGROUP)
		fprintf(stderr, "error: cannot enter cgroup %s: %s\n", cgroup,
			strerror(sp->fail_errno));
	else
		fprintf(stderr, "error: cannot run %s: %s\n", cmd,
			strerror(sp->fail_errno));
}

static void print_stats(struct collector *c)
{
	struct prog_stats ps[64];
	int n = collector_prog_stats(c, ps, 64);

	/* every program attached, the ones that never ran too: that a
	 * hook saw nothing in the window is part of the answer */
	printf("\n%-24s %12s %10s\n", "PROGRAM", "RUNS", "NS/RUN");
	for (int i = 0; i < n; i++)
		if (ps[i].run_cnt)
			printf("%-24s %12llu %10.1f\n", ps[i].name, ps[i].run_cnt,
			       (double)ps[i].run_time_ns / ps[i].run_cnt);
		else
			printf("%-24s %12d %10s\n", ps[i].name, 0, "-");
}

/* The per-cgroup rows the table prints: iocost, io.stat, pressure. */
static bool iocost_row(const struct metric *m)
{
	int id = m->id.fam ? metric_family_id(m->id.fam) : -1;

	return (id >= MF_IOCOST_DEBT && id <= MF_IOCOST_HWEIGHT_INUSE) ||
	       id == MF_IOCOST_VRATE_ADJ || id == MF_IOCOST_VRATE_PCT ||
	       id == MF_IO_PRESSURE_FULL || id == MF_MEMORY_PRESSURE_FULL ||
	       id == MF_IO_STAT_WIOS || id == MF_SWAP_WRITE_REQUESTS;
}

int main(int argc, char **argv)
{
	struct zs_error env;
	struct session_opts so = {};
	struct metric_set ms = {};
	struct iostall st = {};
	struct collector col;
	bool empty = false, killed = false;
	struct spawn_opts spo = { .default_signals = true };
	struct spawn sp;
	int err, status, stats_fd;
	const struct cli_opt opts[] = {
		CLI_OPT_CGROUP(&so.cgroup),
		CLI_FLAG(0, "empty", &empty,
			 "only an empty sched_switch program (benchmark baseline)"),
		CLI_OPT_VERBOSE(&so.verbose),
		CLI_OPT_END,
	};
	const struct cli_command cmd = {
		.head =
"usage: zswap-iostall [--cgroup PATH] [-v] -- COMMAND ARGS...\n"
"       zswap-iostall --empty -- COMMAND ARGS...\n",
		.opts = opts,
		.tail = "exit: the command's exit code (also when interrupted: 128+N when\n"
			"signal N ended it); 1 runtime failure or interrupted during\n"
			"start-up, 2 bad usage or environment\n",
		.examples =
"    zswap-iostall -- zswap-workload cache --mib 96 --duration 8\n"
"                              # who waits on IO while the workload runs\n"
"    zswap-iostall --cgroup /sys/fs/cgroup/cache -- ./bench.sh\n"
"                              # the command started inside that cgroup\n",
		.in_order = true,
	};

	atexit(cli_check_stdout_at_exit);
	err = cli_parse(&cmd, argc, argv);
	if (err)
		return err == CLI_HELP ? EXIT_OK : err;
	if (optind >= argc) {
		fprintf(stderr, "error: no COMMAND given\n");
		cli_usage(stderr, &cmd);
		return EXIT_USAGE;
	}
	if (cli_check_command(argv[optind]))
		return EXIT_USAGE;
	if (session_check_env(&env))
		return cli_error_exit(&env);
	if (so.cgroup && cli_check_cgroup(so.cgroup))
		return EXIT_USAGE;
	spo.cgroup = so.cgroup;
	/*
	 * From here a signal that would end iostall stops the run instead:
	 * while the programs load, nothing is started; while the workload
	 * runs, it (and what it started) is stopped and the report printed.
	 */
	spawn_catch_stop_signals(on_stop_signal);
	/* --empty: no core session, iostall's empty program alone */
	so.iostall_reads = true;
	if (collector_open(&col, empty ? NULL : &so) ||
	    iostall_module_open(&col, &st, so.cgroup, so.verbose, true)) {
		err = cli_error_exit(&col.error);
		goto out;
	}
	if (stop_signal) {
		fprintf(stderr, "interrupted by signal %d during start-up: nothing "
			"was run\n", (int)stop_signal);
		err = EXIT_FAIL;
		goto out;
	}
	for (int i = 0; i < col.s.nr_notes; i++)
		fprintf(stderr, "note: %s\n", col.s.notes[i]);
	stats_fd = bpf_enable_stats(BPF_STATS_RUN_TIME);
	if (stats_fd < 0)
		fprintf(stderr, "warning: bpf_stats unavailable: %s\n",
			strerror(errno));
	collector_begin(&col);
	spawn_adopt_orphans();
	spawn_start(&sp, &argv[optind], &spo);
	status = wait_workload(&sp, &killed);
	if (stop_signal)
		printf("note: interrupted by signal %d: the workload and what it "
		       "started were stopped; the report covers the time until then\n",
		       (int)stop_signal);
	if (killed)
		printf("note: the workload was still there %d s after signal %d: "
		       "killed (SIGKILL)\n", SPAWN_STOP_GRACE_S, (int)stop_signal);
	if (spawn_failed(&sp))
		report_spawn_failure(&sp, argv[optind], so.cgroup);
	err = status < 0 ? EXIT_FAIL : spawn_exit_code(status);
	collector_stop(&col);
	collector_collect(&col, &ms);
	if (!empty) {
		for (size_t i = 0; i < ms.n; i++) {
			const struct metric *m = &ms.m[i];

			if (!iocost_row(m))
				continue;
			if (m->has_value)
				printf("%-60s %14.1f %s\n", m->name, m->value,
				       m->unit);
			else
				printf("%-60s %14s n/a: %s\n", m->name, "n/a",
				       m->reason);
		}
		iostall_report(stdout, &st, &ms);
	}
	print_stats(&col);
	if (stats_fd >= 0)
		close(stats_fd);
out:
	collector_close(&col);
	metric_set_free(&ms);
	return err;
}
