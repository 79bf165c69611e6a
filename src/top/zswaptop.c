// SPDX-License-Identifier: GPL-2.0
/*
 * zswaptop: what zswap is doing now, system-wide and per cgroup.
 *
 *   zswaptop [-d SECONDS] [--cgroup PATH] [--locks] [--iocost]
 *            [-b [-n N] [-w COLS] [--totals]]
 *
 * One session of the shared core (the same plan, programs and counters
 * as `zswap-gate record`) begins once; every interval session_collect()
 * reads the cumulative values and a frame is the difference of two
 * consecutive reads, so frames have no gaps and add up to a record of
 * the same window. --locks adds the lock module (src/lock/lock_session.c),
 * read the same way: cumulative since its begin, window = difference;
 * --iocost adds iostall (src/iostall/iostall_session.c) for the table's iocost debt.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "iostall_session.h"
#include "collector.h"
#include "iostall_module.h"
#include "lock_module.h"
#include "lock_session.h"
#include "mono_clock.h"
#include "session.h"
#include "tui_model.h"
#include "tui_layout.h"
#include "tui_screen.h"
#include "cli_opts.h"
#include "tui_cgroups.h"

static volatile sig_atomic_t exiting;

static void sig_handler(int sig)
{
	exiting = 1;
}

struct top_opts {
	struct session_opts sess;
	double interval;
	bool batch;
	bool totals;		/* with -b: the window's counts after each frame */
	long frames;		/* 0: until a signal */
	long width;
	bool locks;
	struct lock_session ls;	/* attached when locks */
	bool iocost;
	struct iostall st;	/* attached when iocost */
	struct collector c;	/* the session and the modules asked for */
};

/*
 * The lock module's cumulative metrics, without lock_pending_at_end: a live
 * read counts a wait once it has ended, so nothing is ever pending.
 */
static bool one_shot_only(const struct metric_id *id, const char *key)
{
	return id->fam == metric_family(MF_LOCK_PENDING);
}

static int take_sample(struct session *s, struct top_opts *o,
		       struct tui_sample *smp)
{
	double total;

	tui_sample_free(smp);
	if (collector_collect(&o->c, &smp->ms))
		return -1;
	smp->t = mono_s();
	zswap_params_read(&smp->params, ZSWAP_PARAMS);
	if (kvset_get(&s->before.meminfo, "MemTotal", &total))
		smp->mem_total = total;
	tui_cgroups_read(s, smp);
	if (o->iocost && tui_iocost_read(&o->st, smp))
		return -1;
	return 0;
}

static void model_init(struct tui_model *m, const struct session *s,
		       const struct top_opts *o)
{
	memset(m, 0, sizeof(*m));
	snprintf(m->kernel, sizeof(m->kernel), "%s", s->kernel_release);
	m->params = s->params;
	m->interval = o->interval;
	m->locks = o->locks;
	if (!o->locks)
		snprintf(m->locks_reason, sizeof(m->locks_reason),
			 "start with --locks");
	tui_model_set_plan(m, &s->plan);
	for (int i = 0; i < s->nr_notes; i++)
		tui_model_add_note(m, s->notes[i]);
}

static void stamp_clock(struct tui_model *m)
{
	time_t t = time(NULL);
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(m->clock, sizeof(m->clock), "%H:%M:%S", &tm);
}

/* Waits until deadline while draining the ring buffer; false on signal. */
static bool wait_until(struct session *s, double deadline)
{
	for (;;) {
		double left = deadline - mono_s();

		if (exiting)
			return false;
		if (left <= 0)
			return true;
		session_poll(s, left > 0.5 ? 500 : (int)(left * 1000) + 1);
	}
}

static int run_batch(struct session *s, struct top_opts *o)
{
	struct tui_sample a = {}, b = {}, tmp;
	struct tui_model m;
	struct tui_view v;
	struct tui_grid g = {};
	double deadline;
	int err = EXIT_OK;

	model_init(&m, s, o);
	tui_view_init(&v);
	if (take_sample(s, o, &a))
		return EXIT_FAIL;
	deadline = a.t + o->interval;
	for (long f = 0; !o->frames || f < o->frames; f++) {
		if (!wait_until(s, deadline))
			break;
		if (take_sample(s, o, &b)) {
			err = EXIT_FAIL;
			break;
		}
		deadline += o->interval;
		stamp_clock(&m);
		if (tui_model_update(&m, &a, &b) ||
		    tui_grid_init(&g, o->width, tui_batch_rows(&m))) {
			err = EXIT_FAIL;
			break;
		}
		tui_grid_print(&g, stdout, tui_layout_batch(&g, &m, &v));
		tui_grid_free(&g);
		if (o->totals)
			tui_print_totals(stdout, &m);
		fputc('\n', stdout);
		/* a reader gone or a full disk: stop (exit 2 at exit) */
		if (fflush(stdout) || ferror(stdout))
			break;
		tmp = a;
		a = b;
		b = tmp;
	}
	tui_sample_free(&a);
	tui_sample_free(&b);
	tui_model_free(&m);
	return err;
}

static const double intervals[] = { 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60 };
#define NR_INTERVALS (int)(sizeof(intervals) / sizeof(intervals[0]))

static double step_interval(double cur, int dir)
{
	if (dir > 0) {
		for (int i = 0; i < NR_INTERVALS; i++)
			if (intervals[i] > cur + 1e-9)
				return intervals[i];
		return cur;
	}
	for (int i = NR_INTERVALS - 1; i >= 0; i--)
		if (intervals[i] < cur - 1e-9)
			return intervals[i];
	return cur;
}

static int run_tui(struct session *s, struct top_opts *o)
{
	struct tui_sample a = {}, b = {}, tmp;
	struct tui_screen scr;
	struct tui_model m;
	struct tui_view v;
	double deadline;
	int err = EXIT_OK;

	model_init(&m, s, o);
	tui_view_init(&v);
	if (take_sample(s, o, &a))
		return EXIT_FAIL;
	if (tui_screen_open(&scr)) {
		fprintf(stderr, "error: cannot initialise the terminal "
			"(TERM=%s): use -b\n", getenv("TERM") ? getenv("TERM") : "");
		tui_sample_free(&a);
		return EXIT_USAGE;
	}
	deadline = a.t + o->interval;
	stamp_clock(&m);
	tui_screen_draw(&scr, &m, &v);
	while (!exiting) {
		double left = deadline - mono_s();
		int key;
		enum tui_action act;

		if (!v.paused && left <= 0) {
			if (take_sample(s, o, &b)) {
				err = EXIT_FAIL;
				break;
			}
			stamp_clock(&m);
			if (tui_model_update(&m, &a, &b)) {
				err = EXIT_FAIL;
				break;
			}
			tmp = a;
			a = b;
			b = tmp;
			deadline += o->interval;
			if (deadline < mono_s())
				deadline = mono_s() + o->interval;
			tui_screen_draw(&scr, &m, &v);
			continue;
		}
		key = tui_screen_key(&scr, v.paused ? 500 :
				     left > 0.5 ? 500 : (int)(left * 1000) + 1);
		session_poll(s, 0);
		if (key < 0)
			continue;
		act = tui_screen_handle(&scr, &v, &m, key);
		if (act == ACT_QUIT)
			break;
		if (act == ACT_SLOWER || act == ACT_FASTER) {
			o->interval = step_interval(o->interval,
						    act == ACT_SLOWER ? 1 : -1);
			m.interval = o->interval;
			deadline = a.t + o->interval;
		}
		if (act == ACT_PAUSE && !v.paused)
			deadline = mono_s() + o->interval;
		if (act != ACT_NONE)
			tui_screen_draw(&scr, &m, &v);
	}
	tui_screen_close(&scr);
	tui_sample_free(&a);
	tui_sample_free(&b);
	tui_model_free(&m);
	return err;
}

/* Returns 0, CLI_HELP (--help printed) or EXIT_USAGE. */
static int parse_opts(int argc, char **argv, struct top_opts *o)
{
	const struct cli_opt opts[] = {
		CLI_SECONDS('d', "delay", "SECONDS", &o->interval, 0.1, 3600,
			    "interval between frames (default 1)"),
		CLI_OPT_CGROUP_WATCH(&o->sess.cgroup),
		CLI_FLAG('b', "batch", &o->batch,
			 "plain-text frames on stdout, like top -b"),
		CLI_LONG('n', "frames", "N", &o->frames, 1, LONG_MAX,
			 "with -b: stop after N frames"),
		CLI_LONG('w', "width", "COLS", &o->width, TUI_MIN_W, 400,
			 "with -b: frame width (default 160, at least "
			 CLI_STR(TUI_MIN_W) ")"),
		CLI_FLAG(0, "totals", &o->totals,
			 "with -b: after each frame, the window's exact\n"
			 "counts, one per line (\"total NAME VALUE SOURCE\",\n"
			 "\"cgroup zswpout N zswpin N zswpwb N PATH\"): summed\n"
			 "over the frames they give the run's totals"),
		CLI_OPT_LOCKS(&o->locks),
		CLI_OPT_IOCOST_DEBT(&o->iocost),
		CLI_OPT_NO_FENTRY(&o->sess.no_fentry),
		CLI_OPT_NO_KPROBE(&o->sess.no_kprobe),
		CLI_OPT_VERBOSE(&o->sess.verbose),
		CLI_OPT_END,
	};
	const struct cli_command usage = {
		.head =
"usage: zswaptop [-d SECONDS] [--cgroup PATH] [--locks] [--iocost]\n"
"                [-b [-n N] [-w COLS] [--totals]]\n"
"\n",
		.opts = opts,
		.tail =
"keys: q quit, arrows/PgUp/PgDn scroll, s or F6 sort, r reverse, / filter,\n"
"      p pause, h or ? help, tab next panel, + and - interval\n"
"exit: 0 ok, 1 runtime failure, 2 bad usage or environment\n",
		.examples =
"    zswaptop                          # the screen, every second\n"
"    zswaptop --cgroup /sys/fs/cgroup/build --locks\n"
"                                      # one cgroup's subtree, lock contention\n"
"    zswaptop -b -n 10 -d 2 > frames.txt\n"
"                                      # ten 2 s frames as text, like top -b\n",
	};
	int err;

	o->interval = 1;
	err = cli_parse(&usage, argc, argv);
	if (err)
		return err;
	if (optind < argc) {
		fprintf(stderr, "error: unexpected argument '%s'\n", argv[optind]);
		return EXIT_USAGE;
	}
	if ((o->frames || o->width || o->totals) && !o->batch) {
		fprintf(stderr, "error: -n, -w and --totals go with -b "
			"(batch mode)\n");
		return EXIT_USAGE;
	}
	if (!o->width)
		o->width = 160;
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	struct lock_session_opts lo = {};
	struct zs_error env;
	struct top_opts o = {};
	struct sigaction sa = { .sa_handler = sig_handler };
	struct session *s = &o.c.s;
	int err;

	atexit(cli_check_stdout_at_exit);
	err = parse_opts(argc, argv, &o);
	if (err)
		return err == CLI_HELP ? EXIT_OK : err;
	if (!o.batch && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
		fprintf(stderr, "error: not a terminal: use -b for plain-text "
			"frames (zswaptop -b -n N)\n");
		return EXIT_USAGE;
	}
	/* before the BPF load: an unknown TERM would make ncurses exit(1) */
	if (!o.batch) {
		const char *term = getenv("TERM") ? getenv("TERM") : "";

		switch (tui_screen_check_term()) {
		case TUI_TERM_UNKNOWN:
			fprintf(stderr, "error: TERM=%s: unknown terminal type (no terminfo "
				"entry): use -b or set TERM\n", term);
			return EXIT_USAGE;
		case TUI_TERM_NO_CURSOR:
			fprintf(stderr, "error: TERM=%s: the terminal cannot move the "
				"cursor or clear the screen: use -b or set TERM\n", term);
			return EXIT_USAGE;
		}
	}
	if (session_check_env(&env))
		return cli_error_exit(&env);
	if (o.sess.cgroup && cli_check_cgroup(o.sess.cgroup))
		return EXIT_USAGE;
	o.sess.cgroup_table = true;
	lo.verbose = o.sess.verbose;
	o.sess.iostall_reads = o.iocost;
	if (collector_open(&o.c, &o.sess))
		return cli_error_exit(&o.c.error);
	/* the iocost column reads iostall itself (tui_iocost_read) */
	if ((o.locks && lock_module_open(&o.c, &o.ls, &lo, one_shot_only)) ||
	    (o.iocost && iostall_module_open(&o.c, &o.st, o.sess.cgroup,
					     o.sess.verbose, false))) {
		err = cli_error_exit(&o.c.error);
		collector_close(&o.c);
		return err;
	}
	/* no SA_RESTART: a signal ends the wait for a key or an event */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	if (collector_begin(&o.c)) {
		fprintf(stderr, "error: reading counters failed\n");
		err = EXIT_FAIL;
	} else {
		err = o.batch ? run_batch(s, &o) : run_tui(s, &o);
	}
	collector_close(&o.c);
	return err;
}
