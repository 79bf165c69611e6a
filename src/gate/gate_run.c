// SPDX-License-Identifier: GPL-2.0
/* zswap-gate run: alternate two zswap configurations, record each run. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>	/* optind */
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "cli_opts.h"
#include "claims_cli.h"
#include "counters.h"
#include "gate_run.h"
#include "param_lock.h"
#include "session.h"
#include "spawn.h"
#include "yaml_tree.h"

#define MAX_PARAMS 16
#define PARAM_LEN 64

struct param {
	char name[PARAM_LEN];
	char value[PARAM_LEN];
};

struct arm_cfg {
	const char *spec;
	struct param p[MAX_PARAMS];
	int n;
};

struct saved {
	struct param p[2 * MAX_PARAMS];
	int n;
};

static volatile sig_atomic_t stop_signal;
static volatile pid_t running_child = -1;

static void on_signal(int sig)
{
	stop_signal = sig;
	if (running_child > 0)
		kill(running_child, sig);
}

static const char *param_dir(void)
{
	const char *d = getenv("ZSWAP_PARAM_DIR");

	return d && *d ? d : ZSWAP_PARAM_DIR;
}

static int read_param(const char *name, char *buf, size_t len)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", param_dir(), name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static int write_param(const char *name, const char *value)
{
	char path[PATH_MAX];
	size_t l = strlen(value);
	int fd, ret = 0;

	snprintf(path, sizeof(path), "%s/%s", param_dir(), name);
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (write(fd, value, l) != (ssize_t)l)
		ret = -1;
	if (close(fd))
		ret = -1;
	return ret;
}

/*
 * The kernel takes any unsigned value for its *_percent parameters (500
 * is stored as is): the arm would run with a setting that means nothing.
 */
static int check_percent(const struct param *p, const char *which)
{
	size_t l = strlen(p->name);
	char *end;
	long v;

	if (l < 8 || strcmp(p->name + l - 8, "_percent"))
		return 0;
	errno = 0;
	v = strtol(p->value, &end, 10);
	if (errno || *end || end == p->value || v < 0 || v > 100) {
		fprintf(stderr, "error: %s: %s=%s: a percentage wants 0..100\n",
			which, p->name, p->value);
		return -1;
	}
	return 0;
}

/* "a=1,b=2" into cfg; every parameter must exist. */
static int parse_arm(const char *spec, struct arm_cfg *cfg, const char *which)
{
	char buf[1024], *save, *tok;

	cfg->spec = spec;
	cfg->n = 0;
	if (strlen(spec) >= sizeof(buf)) {
		fprintf(stderr, "error: %s: too long\n", which);
		return -1;
	}
	snprintf(buf, sizeof(buf), "%s", spec);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(tok, '='), cur[PARAM_LEN];
		struct param *p;

		if (!eq || eq == tok || !eq[1] || strchr(tok, '/') ||
		    (size_t)(eq - tok) >= PARAM_LEN || strlen(eq + 1) >= PARAM_LEN) {
			fprintf(stderr, "error: %s: '%s' is not PARAM=VALUE\n", which, tok);
			return -1;
		}
		if (cfg->n == MAX_PARAMS) {
			fprintf(stderr, "error: %s: more than %d parameters\n", which,
				MAX_PARAMS);
			return -1;
		}
		p = &cfg->p[cfg->n++];
		*eq = '\0';
		snprintf(p->name, sizeof(p->name), "%s", tok);
		snprintf(p->value, sizeof(p->value), "%s", eq + 1);
		if (read_param(p->name, cur, sizeof(cur))) {
			fprintf(stderr, "error: %s: zswap has no parameter '%s' (%s/%s: %s)\n",
				which, p->name, param_dir(), p->name, strerror(errno));
			return -1;
		}
		if (check_percent(p, which))
			return -1;
	}
	if (!cfg->n) {
		fprintf(stderr, "error: %s: no PARAM=VALUE\n", which);
		return -1;
	}
	return 0;
}

static int save_params(struct saved *s, const struct arm_cfg *arms)
{
	for (int a = 0; a < 2; a++)
		for (int i = 0; i < arms[a].n; i++) {
			const char *name = arms[a].p[i].name;
			bool dup = false;

			for (int j = 0; j < s->n; j++)
				dup |= !strcmp(s->p[j].name, name);
			if (dup)
				continue;
			snprintf(s->p[s->n].name, PARAM_LEN, "%s", name);
			if (read_param(name, s->p[s->n].value, PARAM_LEN)) {
				fprintf(stderr, "error: cannot read %s/%s: %s\n",
					param_dir(), name, strerror(errno));
				return -1;
			}
			s->n++;
		}
	return 0;
}

/* Restores in reverse order of saving; says what it could not restore. */
static int restore_params(const struct saved *s)
{
	int ret = 0;

	for (int i = s->n - 1; i >= 0; i--) {
		char now[PARAM_LEN];

		if (write_param(s->p[i].name, s->p[i].value) ||
		    read_param(s->p[i].name, now, sizeof(now)) ||
		    strcmp(now, s->p[i].value)) {
			fprintf(stderr, "error: could not restore %s/%s to '%s': %s\n",
				param_dir(), s->p[i].name, s->p[i].value,
				strerror(errno));
			ret = -1;
		}
	}
	if (!ret)
		fprintf(stderr, "run: zswap parameters restored\n");
	return ret;
}

static int apply_arm(const struct arm_cfg *cfg, char label)
{
	for (int i = 0; i < cfg->n; i++)
		if (write_param(cfg->p[i].name, cfg->p[i].value)) {
			fprintf(stderr, "error: arm %c: cannot set %s=%s: %s\n", label,
				cfg->p[i].name, cfg->p[i].value, strerror(errno));
			return -1;
		}
	return 0;
}

struct run_opts {
	long runs;
	const char *out;
	struct arm_cfg arm[2];
	struct cli_args rec_args;	/* passed on to record */
	char **cmd;
	const char *claims;	/* verdicts of this claims file at the end */
	const char *claims_pair;
	bool dry_run;		/* print the plan, set and run nothing */
};

/* `zswap-gate claims FILE [--compare B:N] DIR/a -- DIR/b`: its exit code. */
static int claims_verdicts(const struct run_opts *o)
{
	char a[PATH_MAX], b[PATH_MAX], *argv[16];
	int n = 0;

	snprintf(a, sizeof(a), "%s/a", o->out);
	snprintf(b, sizeof(b), "%s/b", o->out);
	argv[n++] = "claims";
	argv[n++] = "--label-a";
	argv[n++] = (char *)o->arm[0].spec;
	argv[n++] = "--label-b";
	argv[n++] = (char *)o->arm[1].spec;
	if (o->claims_pair) {
		argv[n++] = "--compare";
		argv[n++] = (char *)o->claims_pair;
	}
	argv[n++] = (char *)o->claims;
	argv[n++] = a;
	argv[n++] = "--";
	argv[n++] = b;
	argv[n] = NULL;
	fflush(stdout);
	optind = 0;	/* getopt starts afresh (run parsed with "+") */
	return claims_main(n, argv);
}

/* One `zswap-gate record` run; returns its exit status or -1. */
static int record_once(const struct run_opts *o, const char *path)
{
	struct spawn_opts so = { .path = "/proc/self/exe" };
	struct spawn sp;
	char **argv;
	int n = 0, nr_cmd = 0, status;

	for (char **c = o->cmd; c && *c; c++)
		nr_cmd++;
	/* the fixed arguments, the record options, "--", the command, NULL */
	argv = calloc(6 + o->rec_args.n + 1 + nr_cmd + 1, sizeof(*argv));
	if (!argv) {
		fprintf(stderr, "error: cannot run zswap-gate record: %s\n", strerror(ENOMEM));
		return -1;
	}
	argv[n++] = "zswap-gate";
	argv[n++] = "record";
	argv[n++] = "-q";
	argv[n++] = "-o";
	argv[n++] = (char *)path;
	for (int i = 0; i < o->rec_args.n; i++)
		argv[n++] = (char *)o->rec_args.v[i];
	if (o->cmd) {
		argv[n++] = "--";
		for (char **c = o->cmd; *c; c++)
			argv[n++] = *c;
	}
	argv[n] = NULL;
	/* run killed: its record (and, in turn, the workload) goes too */
	if (spawn_start(&sp, argv, &so)) {
		free(argv);
		return -1;
	}
	free(argv);
	running_child = sp.pid;
	if (stop_signal)	/* raced with the handler: pass it on */
		kill(sp.pid, stop_signal);
	status = spawn_wait(&sp);
	running_child = -1;
	if (spawn_failed(&sp))
		fprintf(stderr, "error: cannot run zswap-gate record: %s\n",
			strerror(sp.fail_errno));
	return status < 0 ? -1 : spawn_exit_code(status);
}

/*
 * An earlier run's records in DIR would be compared beside this run's:
 * DIR must be new or empty.
 */
static int check_out_dir_empty(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int ret = 0;

	if (!d)
		return 0;	/* created next, or mkdir says why not */
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			fprintf(stderr, "error: -o %s is not empty (%s): an earlier run's records would be compared beside this run's; name a new directory or remove it\n",
				path, e->d_name);
			ret = -1;
			break;
		}
	closedir(d);
	return ret;
}

static int make_dir(const char *path)
{
	if (mkdir(path, 0755) && errno != EEXIST) {
		fprintf(stderr, "error: cannot create %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

static int write_arms_file(const struct run_opts *o)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/arms.txt", o->out);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fprintf(f, "a %s\nb %s\nruns %ld\n", o->arm[0].spec, o->arm[1].spec, o->runs);
	return fclose(f);
}

/*
 * The values before the first run, as "P V" lines in DIR/params.before:
 * what to write back by hand if run itself is killed (SIGKILL).
 */
static int write_saved_file(const struct run_opts *o, const struct saved *s)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/params.before", o->out);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "error: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	for (int i = 0; i < s->n; i++)
		fprintf(f, "%s %s\n", s->p[i].name, s->p[i].value);
	if (fclose(f)) {
		fprintf(stderr, "error: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Read whole now: a file that opens but cannot be read fails here too. */
static int check_readable(const char *opt, const char *path)
{
	struct zs_error err;
	char *text = read_file_explained(path, YDOC_MAX_BYTES, NULL, &err);

	if (!text) {
		fprintf(stderr, "error: %s %s\n", opt, err.msg);
		return -1;
	}
	free(text);
	return 0;
}

/* Returns 0, CLI_HELP (--help printed) or EXIT_USAGE. */
static int parse_run_opts(int argc, char **argv, struct run_opts *o)
{
	const char *arm_spec[2] = {}, *cgroup = NULL;
	double duration = 0;
	const struct cli_opt record[] = {
		GATE_RECORD_SHARED_OPTS(&cgroup, &duration, NULL, NULL, NULL,
					NULL, NULL, NULL),
		CLI_OPT_END,
	};
	const struct cli_opt opts[] = {
		CLI_LONG('n', "runs", "N", &o->runs, 1, 1000,
			 "runs per arm, alternating A B A B ... (default 5)"),
		CLI_STRING(0, "arm-a", "P=V[,P=V...]", &arm_spec[0],
			   "arm A's zswap module parameters (shrinker_enabled=Y,\n"
			   "max_pool_percent=20, compressor=zstd, ...)"),
		CLI_STRING(0, "arm-b", "P=V[,P=V...]", &arm_spec[1],
			   "arm B's, set for its runs"),
		CLI_STRING('o', "output", "DIR", &o->out,
			   "records go to DIR/a/run-NN.json and\n"
			   "DIR/b/run-NN.json (DIR new or empty)"),
		CLI_STRING(0, "claims", "FILE", &o->claims,
			   "then the verdicts of a claims file on DIR/a -- DIR/b"),
		CLI_STRING(0, "compare", "B:N", &o->claims_pair,
			   "the claims table columns arm A and arm B stand for"),
		CLI_FLAG(0, "dry-run", &o->dry_run,
			 "check the parameters, DIR and the command, print the\n"
			 "plan; set and run nothing (no root needed)"),
		CLI_GROUP_FORWARD("record options (each run's record gets them)",
				  record, &o->rec_args),
		CLI_OPT_END,
	};
	const struct cli_command usage = {
		.head =
"usage: zswap-gate run -n N --arm-a P=V[,P=V...] --arm-b P=V[,P=V...] -o DIR\n"
"                      [record options] (--duration S | -- COMMAND ARGS...)\n",
		.opts = opts,
		.tail =
"The parameters are restored afterwards, also on failure and SIGINT/SIGTERM.\n"
"exit: 0 done, 1 a run failed or interrupted (or, with --claims, a row is\n"
"contradicted), 2 bad usage or environment, 3 (--claims) a directional\n"
"claim untested: its metric is n/a in an arm\n",
		.examples =
"    zswap-gate run -n 5 --arm-a shrinker_enabled=N --arm-b shrinker_enabled=Y \\\n"
"        -o runs -- zswap-workload cache --mib 96 --duration 8\n"
"                              # 5 runs an arm, alternated, into runs/a runs/b\n"
"    zswap-gate run -n 3 --arm-a compressor=lzo --arm-b compressor=zstd \\\n"
"        -o zstd -d 20         # the machine's own load, 20 s a run\n",
		.in_order = true,
	};
	int err;

	o->runs = 5;
	optind = 1;
	err = cli_parse(&usage, argc, argv);
	if (err)
		return err;
	if (cgroup && cli_check_cgroup(cgroup))
		return EXIT_USAGE;
	if (optind < argc)
		o->cmd = &argv[optind];
	if (!o->out || !arm_spec[0] || !arm_spec[1]) {
		fprintf(stderr, "error: run needs -o DIR, --arm-a and --arm-b\n");
		return EXIT_USAGE;
	}
	if (!o->cmd == !(duration > 0)) {
		fprintf(stderr, "error: run needs either --duration S or -- COMMAND\n");
		return EXIT_USAGE;
	}
	if (o->cmd && cli_check_command(o->cmd[0]))
		return EXIT_USAGE;
	if (parse_arm(arm_spec[0], &o->arm[0], "--arm-a") ||
	    parse_arm(arm_spec[1], &o->arm[1], "--arm-b"))
		return EXIT_USAGE;
	/* a claims file that cannot be read fails now, not after every run */
	if (o->claims && check_readable("--claims", o->claims))
		return EXIT_USAGE;
	return 0;
}

/* --dry-run: what run would do, as the commands it would run. */
static void print_plan(const struct run_opts *o)
{
	printf("run: %ld runs an arm, alternated A B A B ...; zswap's parameters restored after\n",
	       o->runs);
	for (int a = 0; a < 2; a++) {
		printf("arm %c: ", 'A' + a);
		for (int i = 0; i < o->arm[a].n; i++) {
			char now[PARAM_LEN];

			if (read_param(o->arm[a].p[i].name, now, sizeof(now)))
				snprintf(now, sizeof(now), "?");
			printf("%s%s=%s (now %s)", i ? ", " : "",
			       o->arm[a].p[i].name, o->arm[a].p[i].value, now);
		}
		printf("\n");
	}
	printf("each run: zswap-gate record -q -o %s/{a,b}/run-NN.json", o->out);
	for (int i = 0; i < o->rec_args.n; i++)
		printf(" %s", o->rec_args.v[i]);
	if (o->cmd) {
		printf(" --");
		for (char **c = o->cmd; *c; c++)
			printf(" %s", *c);
	}
	printf("\n");
	if (o->claims)
		printf("then: zswap-gate claims --label-a %s --label-b %s%s%s %s %s/a -- %s/b\n",
		       o->arm[0].spec, o->arm[1].spec,
		       o->claims_pair ? " --compare " : "",
		       o->claims_pair ? o->claims_pair : "", o->claims, o->out, o->out);
	printf("dry run: nothing set, nothing run\n");
}

int gate_run_main(int argc, char **argv)
{
	struct run_opts o = {};
	struct saved saved = {};
	char dir[PATH_MAX], path[PATH_MAX], why[320];
	int ret = 0;

	ret = parse_run_opts(argc, argv, &o);
	if (ret)
		return ret == CLI_HELP ? 0 : 2;
	if (o.dry_run) {
		if (check_out_dir_empty(o.out))
			return 2;
		print_plan(&o);
		return 0;
	}
	if (param_lock_take("zswap-gate run", why, sizeof(why)) < 0) {
		fprintf(stderr, "error: %s\n", why);
		return 2;
	}
	if (check_out_dir_empty(o.out) || make_dir(o.out))
		return 2;
	for (int a = 0; a < 2; a++) {
		snprintf(dir, sizeof(dir), "%s/%c", o.out, 'a' + a);
		if (make_dir(dir))
			return 2;
	}
	if (write_arms_file(&o)) {
		fprintf(stderr, "error: cannot write %s/arms.txt\n", o.out);
		return 2;
	}
	if (save_params(&saved, o.arm) || write_saved_file(&o, &saved))
		return 2;
	/* from here on every way out goes through restore_params() */
	/* any signal that would end run stops it the same way (and is passed
	 * on to the record, which keeps what it measured) */
	spawn_catch_stop_signals(on_signal);
	for (int i = 1; i <= o.runs && !ret && !stop_signal; i++)
		for (int a = 0; a < 2 && !ret && !stop_signal; a++) {
			char label = 'A' + a;
			int rc;

			if (apply_arm(&o.arm[a], label)) {
				/* a value the kernel refuses is bad usage */
				ret = i == 1 ? 2 : 1;
				break;
			}
			snprintf(path, sizeof(path), "%s/%c/run-%02d.json", o.out,
				 'a' + a, i);
			fprintf(stderr, "run: %d/%ld arm %c (%s) -> %s\n", i, o.runs,
				label, o.arm[a].spec, path);
			rc = record_once(&o, path);
			if (rc) {
				fprintf(stderr, "error: run %d arm %c: zswap-gate record exited %d\n",
					i, label, rc);
				ret = rc == 2 && i == 1 ? 2 : 1;
			}
		}
	if (stop_signal) {
		fprintf(stderr, "run: interrupted by signal %d; records so far are in %s\n",
			(int)stop_signal, o.out);
		ret = 1;
	}
	if (restore_params(&saved) && !ret)
		ret = 1;
	if (!ret && o.claims)
		ret = claims_verdicts(&o);
	return ret;
}
