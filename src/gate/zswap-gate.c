// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-gate: records the zswap metrics of a workload run.
 *
 *   zswap-gate record -o FILE [--cgroup PATH] [--duration S | -- CMD ARGS...]
 *   zswap-gate plan [--no-fentry] [--no-kprobe]
 *   zswap-gate compare [options] BASE... -- NEW...   (compare_cli.c)
 *   zswap-gate run -n N --arm-a P=V --arm-b P=V -o DIR ...   (gate_run.c)
 */
#include <fcntl.h>
#include <errno.h>
#include <malloc.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <json-c/json.h>
#include "atomic_file.h"
#include "cgroup_stats.h"
#include "cli_opts.h"
#include "claims_cli.h"
#include "cmd_cpu.h"
#include "compare_cli.h"
#include "gate_run.h"
#include "collector.h"
#include "iostall_module.h"
#include "lock_module.h"
#include "lock_session.h"
#include "mono_clock.h"
#include "iostall_session.h"
#include "record.h"
#include "session.h"
#include "spawn.h"
#include "stats.h"
#include "summary.h"
#include "workload_metrics.h"
#include "shell_quote.h"
#include "version.h"

static volatile sig_atomic_t exiting;
static volatile sig_atomic_t got_signal;

static void sig_handler(int sig)
{
	exiting = 1;
	got_signal = sig;
}

static const char *const event_names[] = {
	[ZE_BIO] = "bio", [ZE_STORE_SLOW] = "slow_store",
	[ZE_LOAD_SLOW] = "slow_load", [ZE_SHRINK_WORKER] = "shrink_worker",
	[ZE_SHRINKER_SCAN] = "shrinker_scan",
};

static int write_event(void *ctx, const struct zs_event *e)
{
	FILE *f = ctx;
	json_object *o;
	char comm[17];

	if (!f || e->type < ZE_BIO || e->type > ZE_SHRINKER_SCAN)
		return 0;
	memcpy(comm, e->comm, 16);
	comm[16] = '\0';
	o = json_object_new_object();
	json_object_object_add(o, "type", json_object_new_string(event_names[e->type]));
	json_object_object_add(o, "ts_ns", json_object_new_uint64(e->ts_ns));
	json_object_object_add(o, "pid", json_object_new_int(e->pid));
	json_object_object_add(o, "comm", json_object_new_string(comm));
	json_object_object_add(o, "cgroup_id", json_object_new_uint64(e->cgroup_id));
	if (e->type == ZE_BIO) {
		json_object_object_add(o, "pages", json_object_new_uint64(e->value));
		json_object_object_add(o, "origin", json_object_new_string(
			e->origin == ZS_ORIGIN_WRITEBACK ? "writeback" : "reclaim"));
	} else {
		json_object_object_add(o, "duration_ns",
				       json_object_new_uint64(e->duration_ns));
		json_object_object_add(o, "value", json_object_new_uint64(e->value));
	}
	fprintf(f, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
	json_object_put(o);
	return 0;
}

/*
 * The file the command reports its own figures into (workload_metrics.h):
 * created empty and writable by any user, since the command may drop
 * privileges. Returns 0 with the path in buf, or -1 (the run goes on
 * without workload figures and the record says so).
 */
static int workload_file_create(char *buf, size_t len)
{
	const char *dir = getenv("TMPDIR");
	int fd;

	snprintf(buf, len, "%s/zswap-workload.XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(buf);
	if (fd < 0)
		return -1;
	fchmod(fd, 0666);
	close(fd);
	return 0;
}

/* Adds the command's figures to ms and a note on bad lines to meta. */
static void workload_file_collect(const char *path, struct metric_set *ms,
				  struct record_meta *meta)
{
	struct workload_parse r;
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "warning: workload metrics %s: %s\n", path,
			strerror(errno));
		return;
	}
	workload_metrics_parse(f, path, ms, &r, stderr);
	fclose(f);
	if (r.bad && meta->nr_notes < 12)
		record_note(meta, "workload metrics: %d bad line(s) skipped, "
			    "first %.100s", r.bad, r.first_error);
}

struct record_opts {
	struct session_opts sess;
	const char *output;
	const char *events;
	double duration;
	bool print_plan;
	bool quiet;
	bool all;
	bool locks;
	bool iocost;
	char **argv;
};

/* zswap-gate's own command line, which the record keeps */
static char **gate_argv;

static void fill_meta(struct record_meta *m, const struct session *s,
		      const struct record_opts *o)
{
	snprintf(m->kernel_release, sizeof(m->kernel_release), "%s",
		 s->kernel_release);
	gethostname(m->hostname, sizeof(m->hostname) - 1);
	snprintf(m->cgroup, sizeof(m->cgroup), "%s",
		 o->sess.cgroup ? o->sess.cgroup : "");
	snprintf(m->zswap_enabled, sizeof(m->zswap_enabled), "%s", s->params.enabled);
	snprintf(m->compressor, sizeof(m->compressor), "%s", s->params.compressor);
	snprintf(m->zpool, sizeof(m->zpool), "%s", s->params.zpool);
	snprintf(m->max_pool_percent, sizeof(m->max_pool_percent), "%s",
		 s->params.max_pool_percent);
	snprintf(m->accept_threshold_percent, sizeof(m->accept_threshold_percent),
		 "%s", s->params.accept_threshold_percent);
	snprintf(m->shrinker_enabled, sizeof(m->shrinker_enabled), "%s",
		 s->params.shrinker_enabled);
	m->argv = o->argv;
	snprintf(m->toolkit_version, sizeof(m->toolkit_version), "%s",
		 zswap_version());
	shell_quote_argv(m->cmdline, sizeof(m->cmdline), gate_argv);
	for (int i = 0; i < s->nr_notes && i < 12; i++)
		snprintf(m->notes[m->nr_notes++], sizeof(m->notes[0]), "%s",
			 s->notes[i]);
}

static int do_record(struct record_opts *o, struct atomic_file *af)
{
	struct record_meta meta = { .wall_time_s = -1, .exit_code = -1 };
	struct metric_set ms = {};
	struct prog_stats ps[64];
	struct iostall st = {};
	struct collector c;
	struct session *s = &c.s;
	struct lock_session ls;
	struct lock_session_opts lo = { .verbose = o->sess.verbose };
	FILE *events = NULL;
	char wl_file[PATH_MAX] = "";
	double t0, t_end = 0;
	pid_t child = -1;
	struct spawn sp = SPAWN_NONE;
	struct cmd_cpu cpu;
	int err, status, nr_ps = 0, first_note;
	char exec_why[128] = "";	/* why the command never ran */
	FILE *report = af->to_stdout ? stderr : stdout;

	if (o->events) {
		char why[128];
		int fd = open_regular(o->events, O_WRONLY | O_CREAT | O_TRUNC,
				      why, sizeof(why));

		events = fd < 0 ? NULL : fdopen(fd, "w");
		if (!events) {
			if (fd >= 0) {
				snprintf(why, sizeof(why), "%s", strerror(errno));
				close(fd);
			}
			fprintf(stderr, "error: %s: %s\n", o->events, why);
			return EXIT_USAGE;
		}
		o->sess.on_event = write_event;
		o->sess.event_ctx = events;
		o->sess.bio_events = true;
	}
	o->sess.iostall_reads = o->iocost;
	/* the loop below ticks: the levels' statistics over the window */
	o->sess.level_stats = true;
	if (collector_open(&c, &o->sess)) {
		err = cli_error_exit(&c.error);
		goto out;
	}
	if (o->print_plan)
		plan_print(stderr, &s->plan);
	if ((o->locks && lock_module_open(&c, &ls, &lo, NULL)) ||
	    (o->iocost && iostall_module_open(&c, &st, o->sess.cgroup,
					      o->sess.verbose, true))) {
		err = cli_error_exit(&c.error);
		goto out;
	}
	if (got_signal) {
		fprintf(stderr, "interrupted by signal %d during start-up: nothing "
			"was run or recorded\n", (int)got_signal);
		err = EXIT_FAIL;
		goto out;
	}
	collector_begin(&c);
	meta.start_unix = time(NULL);
	t0 = mono_s();
	if (o->argv && workload_file_create(wl_file, sizeof(wl_file))) {
		fprintf(stderr, "warning: no file for the workload's figures: %s\n",
			strerror(errno));
		wl_file[0] = '\0';
	}
	if (o->argv) {
		struct spawn_opts so = {
			.cgroup = o->sess.cgroup,
			.env_name = wl_file[0] ? WORKLOAD_METRICS_ENV : NULL,
			.env_value = wl_file,
			.default_signals = true,
		};

		spawn_adopt_orphans();
		cmd_cpu_begin(&cpu, o->sess.cgroup);
		err = spawn_start(&sp, o->argv, &so);
		if (err) {
			fprintf(stderr, "error: cannot start %s: %s\n",
				o->argv[0], strerror(-err));
			err = EXIT_FAIL;
			goto out;
		}
		child = sp.pid;
	} else {
		t_end = t0 + o->duration;
	}

	while (!exiting) {
		session_poll(s, 100);
		collector_tick(&c);
		if (child > 0) {
			pid_t r = waitpid(child, &status, WNOHANG);

			if (r == child) {
				meta.wall_time_s = mono_s() - t0;
				meta.exit_code = spawn_exit_code(status);
				child = -1;
				break;
			}
		} else if (mono_s() >= t_end) {
			break;
		}
	}
	meta.duration_s = mono_s() - t0;
	meta.complete = !got_signal;
	if (child > 0) {
		/* interrupted: stop the command, keep what was observed */
		struct spawn_stopped st;
		int sig = got_signal ? got_signal : SIGTERM;

		spawn_stop(child, sig, SPAWN_STOP_GRACE_S * 1000, &st);
		meta.exit_code = st.status < 0 ? -1 : spawn_exit_code(st.status);
		meta.wall_time_s = mono_s() - t0;
		if (st.killed)
			record_note(&meta, "interrupted: the command was still "
				    "there %d s after signal %d: killed (SIGKILL)",
				    SPAWN_STOP_GRACE_S, sig);
		if (st.orphans)
			record_note(&meta, "interrupted: %d process(es) the "
				    "command left behind were stopped", st.orphans);
	}
	if (spawn_failed(&sp))
		snprintf(exec_why, sizeof(exec_why), "%s%s",
			 sp.fail_step == SPAWN_CGROUP ? "entering the cgroup: " : "",
			 strerror(sp.fail_errno));
	/* the command never ran: its 126/127 describes nothing observed */
	if (exec_why[0])
		meta.complete = false;
	collector_stop(&c);
	fill_meta(&meta, s, o);
	if (exec_why[0])
		record_note(&meta, "the command could not be run: %s", exec_why);
	first_note = s->nr_notes;
	/* orphans that already exited count in the command's rusage */
	if (o->argv)
		spawn_reap_exited();
	if (collector_collect(&c, &ms) ||
	    (o->argv ? cmd_cpu_end(&cpu, &ms) : cmd_cpu_none(&ms))) {
		fprintf(stderr, "error: reading counters failed\n");
		err = EXIT_FAIL;
		goto out;
	}
	/* the window's own notes: what changed under it */
	for (int i = first_note; i < s->nr_notes; i++)
		record_note(&meta, "%s", s->notes[i]);
	meta.nr_param_changes = s->watch.n;
	memcpy(meta.param_changes, s->watch.ch,
	       s->watch.n * sizeof(s->watch.ch[0]));
	/* what the options' own probes add to the latencies */
	record_note_probes(&meta, (o->locks ? RPO_BIT(RPO_LOCKS) : 0) |
			   (o->iocost ? RPO_BIT(RPO_IOCOST) : 0), &ms);
	if (s->window_changed)
		meta.complete = false;
	if (wl_file[0])
		workload_file_collect(wl_file, &ms, &meta);
	if (o->sess.self_stats)
		nr_ps = collector_prog_stats(&c, ps, 64);
	err = record_write_to(af, &meta, &s->plan, &ms, ps, nr_ps);
	if (err) {
		fprintf(stderr, "error: writing %s: %s (the run's record is lost; "
			"the file was not replaced)\n", o->output, strerror(-err));
		err = EXIT_FAIL;
		goto out;
	}
	if (!o->quiet) {
		char mount[PATH_MAX];
		struct summary_opts so = { .all = o->all };

		if (meta.cgroup[0] && !cgroup_hierarchy_mount(mount, sizeof(mount)))
			so.cgroup_mount = mount;
		summary_print(report, &meta, &ms, s->events, &so);
	}
	if (!o->quiet && o->iocost)
		iostall_report(report, &st, &ms);
	if (exec_why[0]) {
		fprintf(stderr, "error: %s could not be run (%s): %s marked "
			"incomplete\n", o->argv[0], exec_why, o->output);
		err = EXIT_FAIL;
	} else if (got_signal) {
		fprintf(stderr, "interrupted: %s marked incomplete\n", o->output);
	} else if (!meta.complete) {
		fprintf(stderr, "warning: the setup changed during the window (the "
			"record's notes say how): %s marked incomplete\n", o->output);
	}
out:
	if (events)
		fclose(events);
	if (wl_file[0])
		unlink(wl_file);
	metric_set_free(&ms);
	collector_close(&c);
	return err;
}

static const char gate_usage_head[] =
"usage: zswap-gate record -o FILE [options] [--duration S | -- COMMAND ARGS...]\n"
"       zswap-gate plan [--no-fentry] [--no-kprobe] [--cgroup PATH]\n"
"       zswap-gate compare [options] BASE... -- NEW...   (compare --help)\n"
"       zswap-gate run -n N --arm-a P=V --arm-b P=V -o DIR ...   (run --help)\n"
"       zswap-gate claims [options] CLAIMS BASE... -- NEW...   (claims --help)\n"
"       zswap-gate claims draft LETTER [-o FILE]   (claims draft --help)\n";
static const char gate_usage_tail[] =
"exit: 0 recorded, 1 runtime failure, 2 bad usage or environment\n";

static const char gate_usage_examples[] =
"    zswap-gate record -o run.json -- zswap-workload reclaim --duration 10\n"
"                                      # a workload's window, then its summary\n"
"    zswap-gate record -o idle.json -d 30 --locks\n"
"                                      # 30 s of the machine, lock contention too\n"
"    zswap-gate plan                   # where each metric comes from here\n"
"    zswap-gate compare base/ -- new/  # what changed between two sets of runs\n";

/* --slow-ns N: any unsigned decimal */
static int parse_slow_ns(void *value, const char *arg)
{
	char *end;

	errno = 0;
	*(unsigned long long *)value = strtoull(arg, &end, 10);
	if (end == arg || *end || errno || *arg == '-') {
		fprintf(stderr, "error: bad --slow-ns '%s'\n", arg);
		return EXIT_USAGE;
	}
	return 0;
}

/*
 * record's and plan's options, under the usage of every subcommand
 * (zswap-gate --help). Returns 0, CLI_HELP or EXIT_USAGE; with
 * usage_to, only prints the usage there.
 */
static int parse_opts(int argc, char **argv, struct record_opts *o,
		      FILE *usage_to)
{
	struct session_opts *so = &o->sess;
	const struct cli_opt record[] = {
		CLI_STRING('o', "output", "FILE", &o->output,
			   "write the JSON record here (atomically; - for\n"
			   "stdout); checked before the run, never replaces a\n"
			   "non-file"),
		CLI_STRING('e', "events", "FILE", &o->events,
			   "keep per-event detail as JSON lines"),
		CLI_CALLBACK(0, "slow-ns", "N", parse_slow_ns, &so->slow_ns,
			     "store/load slower than N ns become events"),
		CLI_FLAG(0, "plan", &o->print_plan,
			 "print the hook plan before recording"),
		CLI_FLAG('q', "quiet", &o->quiet, "no summary"),
		CLI_FLAG(0, "all", &o->all,
			 "the summary shows every series (families all 0 and\n"
			 "n/a ones too) and each histogram's bars"),
		GATE_RECORD_SHARED_OPTS(&so->cgroup, &o->duration, &so->self_stats,
					&o->locks, &o->iocost, &so->no_fentry,
					&so->no_kprobe, &so->verbose),
		CLI_OPT_END,
	};
	const struct cli_opt opts[] = {
		CLI_GROUP("record options", record),
		CLI_OPT_END,
	};
	const struct cli_command usage = {
		.head = gate_usage_head,
		.opts = opts,
		.tail = gate_usage_tail,
		.examples = gate_usage_examples,
		.in_order = true,
	};
	int err;

	if (usage_to) {
		cli_usage(usage_to, &usage);
		return 0;
	}
	optind = 2;	/* after the subcommand */
	err = cli_parse(&usage, argc, argv);
	if (err)
		return err;
	if (optind < argc)
		o->argv = &argv[optind];
	return EXIT_OK;
}

/* zswap-gate --help, or a bad subcommand: the usage, with record's options */
static void usage(FILE *f)
{
	struct record_opts scratch = {};

	parse_opts(0, NULL, &scratch, f);
}

int main(int argc, char **argv)
{
	struct zs_error env;
	struct record_opts o = {};
	struct atomic_file af;
	const char *what = "";
	pid_t holder = 0;
	int lock_fd = -1;
	char why[160];
	struct session s;
	int err;

	atexit(cli_check_stdout_at_exit);
	gate_argv = argv;
	stats_init();	/* GSL reports errors instead of aborting */
	/*
	 * Records are read into many small json-c objects freed at once:
	 * without fastbins (tcache stays) glibc does not consolidate them at
	 * each large allocation, a tenth of compare's CPU on 100,000-metric
	 * records (bench/records.sh).
	 */
	mallopt(M_MXFAST, 0);
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version")) {
		zswap_print_version(stdout, "zswap-gate");
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "compare"))
		return compare_main(argc - 1, argv + 1);
	if (!strcmp(argv[1], "run"))
		return gate_run_main(argc - 1, argv + 1);
	if (!strcmp(argv[1], "claims"))
		return claims_main(argc - 1, argv + 1);
	if (strcmp(argv[1], "record") && strcmp(argv[1], "plan")) {
		fprintf(stderr, "error: unknown command '%s'\n", argv[1]);
		usage(stderr);
		return EXIT_USAGE;
	}
	err = parse_opts(argc, argv, &o, NULL);
	if (err)
		return err == CLI_HELP ? EXIT_OK : err;
	/* not root: that line, not a permission error on -o */
	if (session_check_env(&env))
		return cli_error_exit(&env);
	if (o.sess.cgroup && cli_check_cgroup(o.sess.cgroup))
		return EXIT_USAGE;
	if (!strcmp(argv[1], "plan")) {
		if (session_plan(&s, &o.sess))
			return cli_error_exit(&s.error);
		for (int i = 0; i < s.nr_notes; i++)
			printf("note: %s\n", s.notes[i]);
		plan_print(stdout, &s.plan);
		plan_free(&s.plan);
		return EXIT_OK;
	}
	if (!o.output) {
		fprintf(stderr, "error: record needs -o FILE\n");
		return EXIT_USAGE;
	}
	if (!o.argv && o.duration <= 0) {
		fprintf(stderr, "error: record needs --duration S or -- COMMAND\n");
		return EXIT_USAGE;
	}
	if (o.argv && o.duration > 0) {
		fprintf(stderr, "error: --duration and a COMMAND exclude each other\n");
		return EXIT_USAGE;
	}
	if (o.argv && cli_check_command(o.argv[0]))
		return EXIT_USAGE;
	/*
	 * From here on a signal that would end record stops the run instead:
	 * during start-up nothing runs and the temporary file goes; while the
	 * command runs, it gets the same signal and the record is kept,
	 * marked incomplete.
	 */
	spawn_catch_stop_signals(sig_handler);
	/* before anything runs, so a bad -o never costs the run */
	err = atomic_file_open(&af, o.output, &what);
	if (err) {
		fprintf(stderr, "error: -o %s: %s\n", o.output,
			atomic_file_describe(why, sizeof(why), what, err));
		return EXIT_USAGE;
	}
	/* two records into one file: one of the two runs would be lost */
	if (!atomic_file_is_stdout(o.output)) {
		lock_fd = atomic_file_lock(o.output, &holder, &what);
		if (lock_fd < 0) {
			if (holder > 0)
				fprintf(stderr, "error: -o %s: another zswap-gate record "
					"(pid %d) writes this file\n", o.output, (int)holder);
			else
				fprintf(stderr, "error: -o %s: %s\n", o.output,
					atomic_file_describe(why, sizeof(why), what, lock_fd));
			atomic_file_discard(&af);
			return EXIT_USAGE;
		}
	}
	atomic_file_remove_stale(o.output);
	err = do_record(&o, &af);
	atomic_file_discard(&af);
	atomic_file_unlock(o.output, lock_fd);
	return err;
}
