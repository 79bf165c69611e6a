// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-lockstat: one-shot report of zswap lock contention by lock class,
 * caller and tree.
 *
 *   zswap-lockstat [-d SECONDS | -- COMMAND ARGS...] [--all] [--json] [--plan]
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <bpf/libbpf.h>
#include "cli_checks.h"
#include "lock_report.h"
#include "lock_session.h"
#include "trace_helpers.h"
#include "session.h"
#include "spawn.h"

static volatile sig_atomic_t exiting;

static void sig_handler(int sig)
{
	exiting = sig;
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: zswap-lockstat [-d SECONDS | -- COMMAND ARGS...] [--all] [--json] [--plan]\n"
"\n"
"Attaches to lock:contention_begin/end, waits for SECONDS or until COMMAND\n"
"exits, and prints one report of the contention on zswap's locks (tree\n"
"spinlock or xarray lock per split tree, acomp context mutex, LRU lock,\n"
"zpool lock) by lock class, zswap operation and caller, with wait\n"
"histograms and the spread over tree indexes.\n"
"\n"
"  -d, --duration S   observe for S seconds\n"
"  -a, --all          every contended kernel lock, zswap's marked with *\n"
"  -j, --json         JSON instead of text\n"
"  -p, --plan         print the plan (hooks, symbols, tree mapping); alone:\n"
"                     print it and exit\n"
"      --raw-tp       use raw_tp programs even where tp_btf works\n"
"      --self-stats   add the programs' run counts and ns per run (bpf_stats)\n"
"  -v, --verbose      libbpf debug output\n"
"\n"
"exit: 0 reported, 1 runtime failure, 2 bad usage or environment\n");
}



enum { OPT_RAW_TP = 256, OPT_SELF_STATS };

static const struct option long_opts[] = {
	{ "duration", required_argument, NULL, 'd' },
	{ "all", no_argument, NULL, 'a' },
	{ "json", no_argument, NULL, 'j' },
	{ "plan", no_argument, NULL, 'p' },
	{ "raw-tp", no_argument, NULL, OPT_RAW_TP },
	{ "self-stats", no_argument, NULL, OPT_SELF_STATS },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

int main(int argc, char **argv)
{
	struct zs_error env;
	struct lock_session_opts so = {};
	struct lock_session ls;
	struct lock_data d;
	bool all = false, json = false, plan = false;
	double duration = 0;
	char **cmd = NULL;
	unsigned long long t_stop;
	struct spawn_opts spo = { .default_signals = true };
	struct spawn sp = SPAWN_NONE;
	pid_t child = -1;
	int c, err, status, exit_code = -1;

	atexit(cli_check_stdout_at_exit);
	while ((c = getopt_long(argc, argv, "+d:ajpvh", long_opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			if (cli_parse_seconds("--duration", optarg, 0.01,
					      CLI_SECONDS_MAX, &duration))
				return EXIT_USAGE;
			break;
		case 'a': all = so.walk_all = true; break;
		case 'j': json = true; break;
		case 'p': plan = true; break;
		case 'v': so.verbose = true; break;
		case OPT_RAW_TP: so.force_raw_tp = true; break;
		case OPT_SELF_STATS: so.self_stats = true; break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (optind < argc)
		cmd = &argv[optind];
	if (cmd && duration > 0) {
		fprintf(stderr, "error: -d and a COMMAND exclude each other\n");
		return EXIT_USAGE;
	}
	if (!cmd && duration <= 0 && !plan) {
		fprintf(stderr, "error: needs -d SECONDS or -- COMMAND (see --help)\n");
		return EXIT_USAGE;
	}
	/* so a typo fails before anything is attached */
	if (cmd && cli_check_command(cmd[0]))
		return EXIT_USAGE;
	if (session_check_env(&env))
		return cli_error_exit(&env);
	libbpf_verbosity(so.verbose);
	err = lock_session_open(&ls, &so);
	if (err) {
		lock_session_close(&ls);
		return err;
	}
	signal(SIGINT, sig_handler);
	signal(SIGTERM, sig_handler);
	lock_session_begin(&ls);
	if (cmd) {
		spawn_start(&sp, cmd, &spo);
		child = sp.pid;
		while (child > 0 && !exiting) {
			if (waitpid(child, &status, 0) == child) {
				exit_code = spawn_exit_code(status);
				child = -1;
				break;
			}
		}
	} else if (duration > 0) {
		t_stop = ls.t_start + (unsigned long long)(duration * 1e9);
		while (!exiting && mono_ns() < t_stop)
			usleep(20000);
	}
	lock_session_stop(&ls);
	if (child > 0) {
		kill(child, SIGTERM);
		waitpid(child, &status, 0);
		exit_code = spawn_exit_code(status);
	}
	if (cmd && spawn_failed(&sp))
		fprintf(stderr, "error: cannot run %s: %s\n", cmd[0],
			strerror(sp.fail_errno));
	lock_session_collect(&ls, &d);
	if (cmd) {
		d.argv = (const char *const *)cmd;
		d.exit_code = exit_code;
		if (d.duration_s < 0.1)
			lock_data_note(&d, "the command exited at once (after "
				       "%.3f s): the report covers only that",
				       d.duration_s);
	}
	if (!cmd && duration <= 0)
		lock_data_note(&d, "plan only: nothing was observed");
	if (exiting)
		lock_data_note(&d, "interrupted by signal %d after %.1f s",
			       (int)exiting, d.duration_s);
	if (json)
		err = lock_report_json(stdout, &d, &ls.ks, all) ? EXIT_FAIL : EXIT_OK;
	else
		lock_report_text(stdout, &d, &ls.ks, all, plan || (!cmd && duration <= 0));
	lock_data_free(&d);
	lock_session_close(&ls);
	return err;
}
