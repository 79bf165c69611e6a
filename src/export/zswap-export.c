// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-export: the toolkit's metrics as a Prometheus textfile for
 * node_exporter's textfile collector.
 *
 *   zswap-export --output DIR/zswap.prom [--interval S | --once] [--cgroups]
 *                [--locks] [--iocost]
 *
 * One session is opened and begun once; every interval its window (from
 * the start to now) is collected, so counters only grow, and the file is
 * replaced atomically. A failed write keeps the previous file and is
 * retried at the next interval.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include "build_info.h"
#include "atomic_file.h"
#include "cli_opts.h"
#include "cgroup_stats.h"
#include "export_map.h"
#include "iocost_stat.h"
#include "iostall_session.h"
#include "collector.h"
#include "iostall_module.h"
#include "lock_module.h"
#include "mono_clock.h"
#include "lock_session.h"
#include "prom_writer.h"
#include "session.h"

#define MAX_PROGS 64

static volatile sig_atomic_t exiting;

static void on_signal(int sig)
{
	exiting = 1;
}

struct exporter {
	const char *output;
	double interval;
	bool once;
	bool cgroups;
	bool locks;
	bool verbose;
	struct collector c;		/* the session, --locks, --iocost */
	struct lock_session ls;		/* attached with --locks */
	bool iocost;
	struct iostall st;		/* attached with --iocost */
	struct cgroup_table table;
	double start_time;		/* wall clock, seconds */
	unsigned long long writes, write_errors;
	bool warned_unmapped;
};

static double wall_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double cpu_s(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static void export_params(struct prom_doc *d, const struct session *s)
{
	struct zswap_params p;
	struct prom_label l[6];
	double v;

	zswap_params_read(&p, ZSWAP_PARAMS);
	l[0] = (struct prom_label){ "kernel_release", s->kernel_release };
	l[1] = (struct prom_label){ "enabled", p.enabled };
	l[2] = (struct prom_label){ "compressor", p.compressor };
	l[3] = (struct prom_label){ "zpool", p.zpool };
	l[4] = (struct prom_label){ "shrinker_enabled", p.shrinker_enabled };
	prom_add(d, "zswap_info", PROM_GAUGE,
		 "zswap's parameters and the kernel release; value always 1.",
		 l, 5, 1);
	if (sscanf(p.max_pool_percent, "%lf", &v) == 1)
		prom_add(d, "zswap_max_pool_percent", PROM_GAUGE,
			 "zswap parameter max_pool_percent.", NULL, 0, v);
	if (sscanf(p.accept_threshold_percent, "%lf", &v) == 1)
		prom_add(d, "zswap_accept_threshold_percent", PROM_GAUGE,
			 "zswap parameter accept_threshold_percent.", NULL, 0, v);
}

static void export_self(struct prom_doc *d, struct exporter *x, double now)
{
	struct prog_stats ps[MAX_PROGS];
	int n = session_prog_stats(&x->c.s, ps, MAX_PROGS);

	/* without bpf_stats the kernel counts nothing: leave them out */
	for (int i = 0; x->c.s.stats_fd >= 0 && i < n; i++) {
		struct prom_label l = { "program", ps[i].name };

		prom_add(d, "zswap_exporter_program_runs_total", PROM_COUNTER,
			 "Runs of each BPF program of the exporter (bpf_stats).",
			 &l, 1, ps[i].run_cnt);
		prom_add(d, "zswap_exporter_program_run_seconds_total",
			 PROM_COUNTER,
			 "Time spent in each BPF program of the exporter (bpf_stats).",
			 &l, 1, ps[i].run_time_ns * 1e-9);
	}
	export_build_info(d);
	prom_add(d, "zswap_exporter_last_write_timestamp_seconds", PROM_GAUGE,
		 "When this file was written (Unix time); a stale value means the "
		 "exporter stopped writing.", NULL, 0, now);
	prom_add(d, "zswap_exporter_start_time_seconds", PROM_GAUGE,
		 "When the exporter started (Unix time); its counters start there.",
		 NULL, 0, x->start_time);
	prom_add(d, "zswap_exporter_write_errors_total", PROM_COUNTER,
		 "Writes of this file that failed (the previous file was kept).",
		 NULL, 0, x->write_errors);
	prom_add(d, "zswap_exporter_cpu_seconds_total", PROM_COUNTER,
		 "CPU time of the exporter process (user and system).",
		 NULL, 0, cpu_s());
}

/*
 * The lock module's metrics, cumulative since the start while attached
 * (lock_session.h). Left out: lock=any,caller=any, the sum of the other
 * series (sum() in PromQL gives it; kept, it would be counted twice), and
 * lock_pending_at_end, always 0 in a live read.
 */
static bool not_exported(const struct metric_id *id, const char *key)
{
	char lock[16];

	if (id->fam == metric_family(MF_LOCK_PENDING))
		return true;
	return id->fam == metric_family(MF_LOCK_CONTENTIONS) &&
	       metric_id_label(key, id, "lock", lock, sizeof(lock)) &&
	       !strcmp(lock, "any");
}

/*
 * iostall's iocost_* per-cgroup counters (since the exporter started),
 * with the cgroup label as --cgroups writes it: relative to the cgroup2
 * mount. Left out: iocost_* without a Prometheus name (activations,
 * maxima) and the writeback stall breakdown, which are zswap-gate record
 * --iocost's; pressure and memory.zswap.current, which --cgroups exports
 * as the kernel's totals.
 */
static bool iocost_exported(const struct metric *m)
{
	const struct metric_family *f = m->id.fam;

	return f && f->prom.name && !strncmp(f->name, "iocost_", 7);
}

static int add_iocost_metrics(struct exporter *x, struct metric_set *out,
			      struct prom_doc *d)
{
	size_t root_len = strlen(x->st.cgroup_root);
	struct metric_set ms = {};
	const char *off;
	struct prom_label l[2];

	if (iostall_collect(&x->st, &ms)) {
		metric_set_free(&ms);
		return -1;
	}
	for (size_t i = 0; i < ms.n; i++) {
		const struct metric *m = &ms.m[i];
		char path[METRIC_NAME_LEN];
		struct metric_label cg = { "cgroup", path };
		const char *rel = path;
		int id;

		if (!iocost_exported(m) ||
		    !metric_id_label(m->name, &m->id, "cgroup", path, sizeof(path)))
			continue;
		if (!strncmp(path, x->st.cgroup_root, root_len) &&
		    (path[root_len] == '/' || !path[root_len]))
			rel = path[root_len] ? path + root_len : "/";
		cg.value = rel;
		id = metric_family_id(m->id.fam);
		if (m->has_value)
			metric_add(out, id, &cg, 1, m->src, m->value);
		else
			metric_add_na(out, id, &cg, 1, m->reason);
	}
	metric_set_free(&ms);
	off = iostall_off_reason(&x->st);
	l[0] = (struct prom_label){ "enabled", off ? "0" : "1" };
	l[1] = (struct prom_label){ "reason", off ? off : "" };
	prom_add(d, "zswap_iocost_info", PROM_GAUGE,
		 "Whether iocost is enabled on a device, and if not why "
		 "(then the zswap_iocost_* series are absent); value always 1.",
		 l, off ? 2 : 1, 1);
	return 0;
}

/* Builds the document in memory; returns it (malloc'd) or NULL. */
static char *render(struct exporter *x, size_t *len)
{
	struct metric_set ms = {};
	struct prom_doc d = {};
	char *buf = NULL;
	FILE *f;
	int unmapped, err;

	err = collector_collect(&x->c, &ms);
	if (!err && x->iocost)
		err = add_iocost_metrics(x, &ms, &d);
	if (err) {
		fprintf(stderr, "zswap-export: collecting failed\n");
		metric_set_free(&ms);
		return NULL;
	}
	unmapped = export_metric_set(&d, &ms);
	if (unmapped && !x->warned_unmapped) {
		fprintf(stderr, "zswap-export: %d metric(s) have no Prometheus "
			"mapping (src/metrics/metric_registry.c) and are left out\n", unmapped);
		x->warned_unmapped = true;
	}
	if (x->cgroups) {
		err = cgroup_table_read(&x->c.s, &x->table);
		if (err)
			fprintf(stderr, "zswap-export: per-cgroup table: %s\n",
				strerror(-err));
		else
			export_cgroups(&d, &x->table);
	}
	export_plan(&d, &x->c.s.plan);
	export_params(&d, &x->c.s);
	export_self(&d, x, wall_s());
	f = open_memstream(&buf, len);
	if (f) {
		err = prom_write(&d, f);
		if (fclose(f) || err) {
			free(buf);
			buf = NULL;
		}
	}
	prom_doc_free(&d);
	metric_set_free(&ms);
	return buf;
}

/*
 * One write, with SIGTERM, SIGINT and SIGHUP held off until it is done, so a
 * signal never leaves a temporary file behind.
 */
static int write_once(struct exporter *x)
{
	sigset_t block, old;
	const char *what = "rendering";
	double c0 = cpu_s();
	size_t len = 0;
	char *buf;
	int err = -ENOMEM;

	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, &old);
	buf = render(x, &len);
	if (buf)
		err = atomic_file_write(x->output, buf, len, &what);
	free(buf);
	x->writes++;
	if (err) {
		x->write_errors++;
		fprintf(stderr, "zswap-export: writing %s failed (%s: %s); the "
			"previous file is kept%s\n", x->output, what, strerror(-err),
			x->once ? "" : ", retrying at the next interval");
	} else if (x->verbose) {
		fprintf(stderr, "zswap-export: write %llu: %zu bytes, %zu cgroups, "
			"cpu %.2f ms\n", x->writes, len, x->table.n,
			(cpu_s() - c0) * 1e3);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return err;
}

/* Waits until deadline (monotonic), draining the ring buffer. */
static void wait_until(struct exporter *x, double deadline)
{
	double rem;

	while (!exiting && (rem = deadline - mono_s()) > 0) {
		int ms = rem > 0.5 ? 500 : (int)(rem * 1000) + 1;

		session_poll(&x->c.s, ms);
	}
}

/* Returns 0, CLI_HELP (--help printed) or EXIT_USAGE. */
static int parse_args(int argc, char **argv, struct exporter *x,
		      struct session_opts *opts)
{
	const struct cli_opt table[] = {
		CLI_STRING('o', "output", "FILE", &x->output,
			   "the textfile (node_exporter reads DIR/*.prom);\n"
			   "replaced atomically at every interval (- for\n"
			   "stdout); one exporter per FILE (.FILE.lock beside\n"
			   "it)"),
		CLI_SECONDS('i', "interval", "S", &x->interval, 0.01, 86400,
			    "seconds between writes (default 15)"),
		CLI_FLAG(0, "once", &x->once,
			 "write once, after one interval, and exit"),
		CLI_FLAG(0, "cgroups", &x->cgroups,
			 "per-cgroup metrics (memcg zswap events, zswap\n"
			 "bytes, memory and io pressure) of every cgroup\n"
			 "using zswap"),
		CLI_OPT_LOCKS(&x->locks),
		CLI_OPT_IOCOST_EXPORT(&x->iocost),
		CLI_OPT_NO_FENTRY(&opts->no_fentry),
		CLI_OPT_NO_KPROBE(&opts->no_kprobe),
		CLI_OPT_VERBOSE(&opts->verbose),
		CLI_OPT_END,
	};
	const struct cli_command usage = {
		.head =
"usage: zswap-export --output DIR/zswap.prom [--interval S | --once] [--cgroups]\n"
"                    [--locks] [--iocost]\n"
"\n",
		.opts = table,
		.tail =
"With --locks: zswap_lock_contentions_total and zswap_lock_wait_seconds;\n"
"with --iocost: zswap_iocost_*_seconds_total of the cgroups iostall saw\n"
"(zswap_iocost_info says why not when iocost is off); -v: a line per write.\n"
"Counters count from the exporter's start. SIGTERM/SIGINT/SIGHUP: the write in\n"
"progress is finished, then it exits.\n"
"exit: 0 ok, 1 runtime failure (or --once could not write), 2 bad usage or\n"
"environment\n",
		.examples =
"    zswap-export -o /var/lib/node_exporter/textfile/zswap.prom --cgroups\n"
"                              # for node_exporter's textfile collector\n"
"    zswap-export -o - --once -i 5 --locks\n"
"                              # one 5 s interval on stdout, with lock metrics\n",
	};
	int err = cli_parse(&usage, argc, argv);

	if (err)
		return err;
	x->verbose = opts->verbose;
	if (optind < argc) {
		fprintf(stderr, "error: unexpected argument %s\n", argv[optind]);
		cli_usage(stderr, &usage);
		return EXIT_USAGE;
	}
	if (!x->output) {
		fprintf(stderr, "error: --output FILE is required\n");
		cli_usage(stderr, &usage);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	struct lock_session_opts lo = {};
	struct zs_error env;
	struct session_opts opts = { .self_stats = true };
	struct exporter x = { .interval = 15 };
	const char *what = "";
	char why[160];
	double next;
	pid_t holder;
	int err;

	atexit(cli_check_stdout_at_exit);
	err = parse_args(argc, argv, &x, &opts);
	if (err)
		return err == CLI_HELP ? EXIT_OK : err;
	/* not root: that line, not a permission error on -o */
	if (session_check_env(&env))
		return cli_error_exit(&env);
	err = atomic_file_check_dir(x.output, &what);
	if (err) {
		fprintf(stderr, "error: %s: %s\n", x.output,
			atomic_file_describe(why, sizeof(why), what, err));
		return EXIT_USAGE;
	}
	/* two writers would interleave two sets of counters in one file */
	if (!atomic_file_is_stdout(x.output) &&
	    atomic_file_lock(x.output, &holder, &what) < 0) {
		if (holder > 0)
			fprintf(stderr, "error: %s: another zswap-export (pid %d) "
				"writes this file\n", x.output, (int)holder);
		else
			fprintf(stderr, "error: %s: %s\n", x.output, what);
		return EXIT_USAGE;
	}
	err = atomic_file_remove_stale(x.output);
	if (err)
		fprintf(stderr, "zswap-export: removed %d temporary file(s) of "
			"writers that were killed\n", err);
	if (!atomic_file_is_stdout(x.output) && (strlen(x.output) < 5 || strcmp(x.output + strlen(x.output) - 5, ".prom")))
		fprintf(stderr, "zswap-export: note: node_exporter's textfile "
			"collector reads only *.prom files\n");
	opts.cgroup_table = x.cgroups;
	opts.iostall_reads = x.iocost;
	if (collector_open(&x.c, &opts))
		return cli_error_exit(&x.c.error);
	/* iocost's series are the exporter's own (add_iocost_metrics) */
	lo.verbose = x.verbose;
	if ((x.locks && lock_module_open(&x.c, &x.ls, &lo, not_exported)) ||
	    (x.iocost && iostall_module_open(&x.c, &x.st, NULL, x.verbose,
					     false))) {
		err = cli_error_exit(&x.c.error);
		collector_close(&x.c);
		return err;
	}
	/* what the session and its modules found (a service's journal) */
	for (int i = 0; i < x.c.s.nr_notes; i++)
		fprintf(stderr, "zswap-export: note: %s\n", x.c.s.notes[i]);
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	signal(SIGHUP, on_signal);
	x.start_time = wall_s();
	if (collector_begin(&x.c)) {
		fprintf(stderr, "error: reading the kernel's counters failed\n");
		collector_close(&x.c);
		return EXIT_FAIL;
	}
	next = mono_s() + x.interval;
	err = 0;
	while (!exiting) {
		wait_until(&x, next);
		if (exiting)
			break;
		err = write_once(&x);
		if (x.once)
			break;
		next += x.interval;
		if (next < mono_s())	/* fell behind: skip, don't burst */
			next = mono_s() + x.interval;
	}
	cgroup_table_free(&x.table);
	collector_close(&x.c);
	return x.once && (err || !x.writes) ? EXIT_FAIL : EXIT_OK;
}
