// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-lockstat: one-shot report of zswap lock contention by lock class,
 * caller and tree.
 *
 *   zswap-lockstat [-d SECONDS | -- COMMAND ARGS...] [--all] [--exact]
 *                  [--json] [--plan]
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <bpf/libbpf.h>
#include "cli_opts.h"
#include "collector.h"
#include "lock_module.h"
#include "lock_report.h"
#include "trace_helpers.h"
#include "session.h"
#include "spawn.h"

/* swap idle this long: the contention hooks detach (--idle-detach) */
#define IDLE_DETACH_S 1

static volatile sig_atomic_t exiting;

static void sig_handler(int sig)
{
	exiting = sig;
}

/* 20 ms: the gate's poll of the swap counters, the kallsyms check */
static void wait_a_tick(struct lock_session *ls)
{
	usleep(20000);
	lock_session_tick(ls);
}

static int parse_sample_every(void *value, const char *arg)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(arg, &end, 10);
	if (errno || end == arg || *end || !v || v > 65536 || (v & (v - 1))) {
		fprintf(stderr, "error: --sample-every %s: a power of two "
			"from 1 to 65536\n", arg);
		return EXIT_USAGE;
	}
	*(unsigned int *)value = v;
	return 0;
}

int main(int argc, char **argv)
{
	struct zs_error env;
	struct lock_session_opts so = {};
	struct lock_session ls;
	struct collector col;
	struct lock_data d;
	bool all = false, json = false, plan = false;
	double duration = 0, idle_detach = IDLE_DETACH_S;
	char **cmd = NULL;
	unsigned long long t_stop;
	struct spawn_opts spo = { .default_signals = true };
	struct spawn sp = SPAWN_NONE;
	const struct cli_opt opts[] = {
		CLI_OPT_DURATION(&duration),
		CLI_FLAG('a', "all", &so.all,
			 "time every contended kernel lock, zswap's marked\n"
			 "with * (default: only zswap's locks are timed, the\n"
			 "others counted)"),
		CLI_FLAG('e', "exact", &so.exact,
			 "walk the stack of every contention: every figure\n"
			 "exact (default: only in zswap's operations where\n"
			 "fentry works, else each lock address's first\n"
			 "contention and 1 in N at random after: the split by\n"
			 "caller is then estimated)"),
		CLI_OPT_NO_FENTRY(&so.no_fentry),
		CLI_CALLBACK(0, "sample-every", "N", parse_sample_every,
			     &so.sample_every,
			     "by lock address, walk 1 in N at random (a power\n"
			     "of two, default " CLI_STR(LS_SAMPLE_EVERY) "; with --all, an address\n"
			     "whose walks show no zswap frame: " CLI_STR(LS_OTHER_FACTOR) " times less)"),
		CLI_FLAG(0, "compare-exact", &so.compare_exact,
			 "by lock address, and walk every contention too:\n"
			 "the JSON adds exact_check, the same window walked\n"
			 "exactly"),
		CLI_SECONDS(0, "idle-detach", "S", &idle_detach, 0, CLI_SECONDS_MAX,
			    "zswap's locks only: detach from the tracepoints\n"
			    "once swap has been idle for S seconds (default " CLI_STR(IDLE_DETACH_S) "),\n"
			    "attach again at the first 20 ms poll that sees\n"
			    "swap traffic; 0 stays attached"),
		CLI_FLAG('j', "json", &json, "JSON instead of text"),
		CLI_FLAG('p', "plan", &plan,
			 "print the plan (hooks, symbols, tree mapping,\n"
			 "zspage lock groups); alone: print it and exit"),
		CLI_FLAG(0, "raw-tp", &so.force_raw_tp,
			 "use raw_tp programs even where tp_btf works"),
		CLI_OPT_SELF_STATS(&so.self_stats),
		CLI_OPT_VERBOSE(&so.verbose),
		CLI_OPT_END,
	};
	const struct cli_command usage = {
		.head =
"usage: zswap-lockstat [-d SECONDS | -- COMMAND ARGS...] [--all] [--exact]\n"
"                      [--json] [--plan]\n"
"\n"
"Attaches to lock:contention_begin/end, waits for SECONDS or until COMMAND\n"
"exits, and prints one report of the contention on zswap's locks (tree\n"
"spinlock or xarray lock per split tree, acomp context mutex, LRU lock,\n"
"zpool lock) by lock class, zswap operation and caller, with wait\n"
"histograms and the spread over tree indexes.\n"
"\n",
		.opts = opts,
		.tail = "exit: 0 reported, 1 runtime failure, 2 bad usage or environment\n",
		.examples =
"    zswap-lockstat -d 10      # zswap's lock contention over 10 s\n"
"    zswap-lockstat -- zswap-workload swappers --procs 6 --threads 2\n"
"                              # while a workload runs\n"
"    zswap-lockstat --exact --json -d 10 > locks.json\n"
"                              # every stack walked, as JSON\n"
"    zswap-lockstat --plan     # the hooks, symbols and tree mapping here\n",
		.in_order = true,
	};
	struct spawn_stopped stopped = { .status = -1 };
	pid_t child = -1;
	int err = EXIT_OK, status, exit_code = -1;

	atexit(cli_check_stdout_at_exit);
	err = cli_parse(&usage, argc, argv);
	if (err)
		return err == CLI_HELP ? EXIT_OK : err;
	all = so.all;
	if (optind < argc)
		cmd = &argv[optind];
	so.idle_detach_ns = (unsigned long long)(idle_detach * 1e9);
	if (so.exact && (so.compare_exact || so.sample_every)) {
		fprintf(stderr, "error: --exact walks every contention: no "
			"--sample-every or --compare-exact with it\n");
		return EXIT_USAGE;
	}
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
	/*
	 * Before loading, which takes seconds: a signal meanwhile ends an
	 * empty window with its report, not the process with 128 + sig.
	 */
	signal(SIGINT, sig_handler);
	signal(SIGTERM, sig_handler);
	signal(SIGHUP, sig_handler);
	signal(SIGPIPE, SIG_IGN);
	/* the lock module alone: no core session */
	if (collector_open(&col, NULL) ||
	    lock_module_open(&col, &ls, &so, NULL))
		return cli_error_exit(&col.error);
	/* the module's notes (kallsyms hidden, no bpf_stats): now, and in
	 * the report */
	for (int i = 0; i < col.s.nr_notes; i++)
		fprintf(stderr, "warning: %s\n", col.s.notes[i]);
	collector_begin(&col);
	if (cmd && !exiting) {
		spawn_adopt_orphans();
		spawn_start(&sp, cmd, &spo);
		child = sp.pid;
		while (child > 0 && !exiting) {
			if (waitpid(child, &status, WNOHANG) == child) {
				exit_code = spawn_exit_code(status);
				child = -1;
				break;
			}
			wait_a_tick(&ls);
		}
	} else if (duration > 0) {
		t_stop = ls.t_start + (unsigned long long)(duration * 1e9);
		while (!exiting && mono_ns() < t_stop)
			wait_a_tick(&ls);
	}
	collector_stop(&col);
	if (child > 0) {
		/* interrupted: the workload and its children get the same signal */
		spawn_stop(child, exiting ? (int)exiting : SIGTERM,
			   SPAWN_STOP_GRACE_S * 1000, &stopped);
		exit_code = stopped.status < 0 ? -1 : spawn_exit_code(stopped.status);
	}
	if (cmd && spawn_failed(&sp))
		fprintf(stderr, "error: cannot run %s: %s\n", cmd[0],
			strerror(sp.fail_errno));
	/* the report reads the module's own data, not its metric set */
	if (lock_session_collect(&ls, &d)) {
		fprintf(stderr, "error: reading the lock maps: out of memory\n");
		lock_data_free(&d);
		collector_close(&col);
		return EXIT_FAIL;
	}
	for (int i = 0; i < col.s.nr_notes; i++)
		lock_data_note(&d, "%s", col.s.notes[i]);
	if (cmd) {
		d.argv = (const char *const *)cmd;
		d.exit_code = exit_code;
		if (sp.pid < 0 && exiting)
			lock_data_note(&d, "the command was not started: the "
				       "signal came while loading");
		else if (d.duration_s < 0.1)
			lock_data_note(&d, "the command exited at once (after "
				       "%.3f s): the report covers only that",
				       d.duration_s);
	}
	if (!cmd && duration <= 0)
		lock_data_note(&d, "plan only: nothing was observed");
	if (exiting)
		lock_data_note(&d, "interrupted by signal %d after %.1f s",
			       (int)exiting, d.duration_s);
	if (stopped.killed)
		lock_data_note(&d, "the command was still there %d s after the "
			       "signal: killed (SIGKILL)", SPAWN_STOP_GRACE_S);
	if (json)
		err = lock_report_json(stdout, &d, &ls.ks, all) ? EXIT_FAIL : EXIT_OK;
	else
		lock_report_text(stdout, &d, &ls.ks, all, plan || (!cmd && duration <= 0));
	lock_data_free(&d);
	collector_close(&col);
	return err;
}
