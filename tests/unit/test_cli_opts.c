// SPDX-License-Identifier: GPL-2.0
/* The option layer: values, checks, passing on, and --help made from it. */
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "harness.h"
#include "cli_opts.h"
#include "session.h"
#include "shell_quote.h"
#include "version.h"

struct quiet { int out, err; };

/* getopt_long and --help print; the test output stays the report's */
static void quiet_begin(struct quiet *q)
{
	int null = open("/dev/null", O_WRONLY);

	fflush(stdout);
	fflush(stderr);
	q->out = dup(1);
	q->err = dup(2);
	dup2(null, 1);
	dup2(null, 2);
	close(null);
}

static void quiet_end(struct quiet *q)
{
	fflush(stdout);
	fflush(stderr);
	dup2(q->out, 1);
	dup2(q->err, 2);
	close(q->out);
	close(q->err);
}

static int odd_only(void *value, const char *arg)
{
	int v = atoi(arg);

	if (!(v & 1))
		return EXIT_USAGE;
	*(int *)value = v;
	return 0;
}

struct vals {
	const char *cgroup, *name;
	bool locks, verbose, flag;
	double secs;
	long n;
	int odd;
};

static int run(struct vals *v, struct cli_args *fwd, bool in_order,
	       char **argv)
{
	const struct cli_opt passed[] = {
		CLI_OPT_CGROUP(&v->cgroup),
		CLI_OPT_LOCKS(NULL),
		CLI_OPT_VERBOSE(&v->verbose),
		CLI_OPT_END,
	};
	const struct cli_opt opts[] = {
		CLI_FLAG('f', "flag", &v->flag, "a flag"),
		CLI_STRING(0, "name", "NAME", &v->name, "a name"),
		CLI_SECONDS('s', "secs", "S", &v->secs, 0.5, 10, "seconds"),
		CLI_LONG('n', "count", "N", &v->n, 1, 9, "a count"),
		CLI_CALLBACK(0, "odd", "K", odd_only, &v->odd, "an odd number"),
		CLI_GROUP_FORWARD("passed on", passed, fwd),
		CLI_OPT_END,
	};
	const struct cli_command cmd = {
		.head = "usage: t\n", .opts = opts, .tail = "exit: 0\n",
		.in_order = in_order,
	};
	struct quiet q;
	int argc = 0, err;

	while (argv[argc])
		argc++;
	memset(v, 0, sizeof(*v));
	memset(fwd, 0, sizeof(*fwd));
	optind = 0;	/* getopt starts afresh (the last table was another) */
	quiet_begin(&q);
	err = cli_parse(&cmd, argc, argv);
	quiet_end(&q);
	return err;
}

static void test_values(void)
{
	struct cli_args fwd;
	struct vals v;
	int err;

	err = run(&v, &fwd, true, (char *[]){ "t", "-f", "--name", "x", "-s",
		  "2.5", "-n", "3", "--odd", "7", "-c", "/sys/fs/cgroup",
		  "--locks", "-v", "cmd", "--flag", NULL });
	CHECK(err == 0, "every kind parsed: %d", err);
	CHECK(v.flag && v.name && !strcmp(v.name, "x") && v.secs == 2.5 &&
	      v.n == 3 && v.odd == 7, "values: %d %s %g %ld %d", v.flag,
	      v.name, v.secs, v.n, v.odd);
	CHECK(optind == 14, "in order: stops at the operand (optind %d)", optind);
	CHECK(v.cgroup && !strcmp(v.cgroup, "/sys/fs/cgroup") && v.verbose,
	      "a passed-on group's values are kept where bound");
	CHECK(fwd.n == 4 && !strcmp(fwd.v[0], "--cgroup") &&
	      !strcmp(fwd.v[1], "/sys/fs/cgroup") && !strcmp(fwd.v[2], "--locks") &&
	      !strcmp(fwd.v[3], "--verbose") && !fwd.v[4],
	      "passed on as long options, NULL-terminated (%d)", fwd.n);

	err = run(&v, &fwd, false, (char *[]){ "t", "op", "-f", NULL });
	CHECK(err == 0 && v.flag && optind == 2,
	      "not in order: options after an operand too (optind %d)", optind);
}

static void test_refusals(void)
{
	static char *bad[][4] = {
		{ "t", "-s", "0.1", NULL },	/* under min */
		{ "t", "-s", "nan", NULL },
		{ "t", "-s", "5s", NULL },
		{ "t", "-n", "10", NULL },	/* over max */
		{ "t", "-n", "2x", NULL },
		{ "t", "--odd", "4", NULL },	/* the callback refuses */
		{ "t", "--bogus", NULL },
		{ "t", "--name", NULL },	/* no argument */
	};
	struct cli_args fwd;
	struct vals v;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(run(&v, &fwd, false, bad[i]) == EXIT_USAGE,
		      "refused: %s %s", bad[i][1], bad[i][2] ? bad[i][2] : "");
	CHECK(run(&v, &fwd, false, (char *[]){ "t", "-h", NULL }) == CLI_HELP &&
	      run(&v, &fwd, false, (char *[]){ "t", "--help", NULL }) == CLI_HELP,
	      "-h and --help: CLI_HELP");
}

static void test_usage(void)
{
	const struct cli_opt shared[] = {
		CLI_OPT_CGROUP(NULL), CLI_OPT_CGROUP_WATCH(NULL),
		CLI_OPT_DURATION(NULL), CLI_OPT_LOCKS(NULL),
		CLI_OPT_IOCOST(NULL), CLI_OPT_IOCOST_EXPORT(NULL),
		CLI_OPT_IOCOST_DEBT(NULL), CLI_OPT_NO_FENTRY(NULL),
		CLI_OPT_NO_KPROBE(NULL), CLI_OPT_SELF_STATS(NULL),
		CLI_OPT_VERBOSE(NULL), CLI_OPT_END,
	};
	const struct cli_opt opts[] = {
		CLI_FLAG('f', "flag", NULL, "first line\nsecond line"),
		CLI_STRING(0, "a-very-long-option", "ARGUMENT", NULL, "help"),
		CLI_GROUP("shared options", shared),
		CLI_OPT_END,
	};
	const struct cli_command cmd = {
		.head = "usage: t\n", .opts = opts, .tail = "exit: 0\n",
	};
	char *buf = NULL, *line, *save;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int wide = 0, lines = 0;

	cli_usage(f, &cmd);
	fclose(f);
	CHECK(strstr(buf, "usage: t\n  -f, --flag            first line\n"
			  "                        second line\n"),
	      "an option's line, its help's second line under the first:\n%s", buf);
	CHECK(strstr(buf, "      --a-very-long-option ARGUMENT\n"
			  "                        help\n"),
	      "a long option's help on a line of its own");
	CHECK(strstr(buf, "\nshared options:\n  -c, --cgroup PATH     "),
	      "a group under its heading");
	CHECK(strstr(buf, "\nexit: 0\n"), "the tail after a blank line");
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), lines++)
		wide += strlen(line) > 80;
	CHECK(lines > 20 && !wide, "the shared options' help fits 80 columns "
	      "(%d of %d lines wider)", wide, lines);
	free(buf);
}

/* --version's line, and the version string records and build_info carry */
static void test_version(void)
{
	const char *v = zswap_version(), *rev = zswap_revision();
	char want[128], *out = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&out, &n);

	CHECK(zswap_release()[0] && strspn(zswap_release(), "0123456789.") ==
	      strlen(zswap_release()), "release: debian/changelog's, digits and dots (%s)",
	      zswap_release());
	if (rev[0])
		snprintf(want, sizeof(want), "%s (%s)", zswap_release(), rev);
	else
		snprintf(want, sizeof(want), "%s", zswap_release());
	CHECK(!strcmp(v, want), "version '%s' = release (revision): '%s'", v, want);
	CHECK(!strchr(rev, ' ') && !strchr(rev, '(') && !strchr(v, '\n'),
	      "revision one word (git describe): '%s'", rev);
	zswap_print_version(f, "zswap-gate");
	fclose(f);
	snprintf(want, sizeof(want), "zswap-gate %s\n", v);
	CHECK(!strcmp(out, want), "--version prints 'NAME VERSION': '%s'", out);
	free(out);
}

static void expect_quoted(char *const *argv, size_t len, bool fits, const char *want)
{
	char buf[256];

	CHECK(shell_quote_argv(buf, len, argv) == fits && !strcmp(buf, want),
	      "quoted into %zu: '%s', want '%s'", len, buf, want);
}

/* the command line a record keeps: sh -c reads it back into the same words */
static void test_shell_quote(void)
{
	char *plain[] = { "zswap-gate", "record", "-o", "r.json", "--cgroup",
			  "/sys/fs/cgroup/a-b_c", NULL };
	char *odd[] = { "sh", "-c", "echo 'x' $HOME", "", "a b", NULL };

	expect_quoted(plain, 256, true,
		      "zswap-gate record -o r.json --cgroup /sys/fs/cgroup/a-b_c");
	expect_quoted(odd, 256, true, "sh -c 'echo '\\''x'\\'' $HOME' '' 'a b'");
	expect_quoted(plain, 24, false, "zswap-gate record ...");
	expect_quoted(plain, 4, false, "...");
	/* and sh reads the line back into the same words */
	{
		char line[256], cmd[400], got[256] = "";
		FILE *p;

		shell_quote_argv(line, sizeof(line), odd);
		snprintf(cmd, sizeof(cmd), "set -- %s; printf '[%%s]' \"$@\"", line);
		p = popen(cmd, "r");
		if (p) {
			if (!fgets(got, sizeof(got), p))
				got[0] = '\0';
			pclose(p);
		}
		CHECK(!strcmp(got, "[sh][-c][echo 'x' $HOME][][a b]"),
		      "sh reads back the same words: %s", got);
	}
}

/* A shared entry's variant says what that tool does, no more. */
static void test_variants(void)
{
	const struct cli_opt watch = CLI_OPT_CGROUP_WATCH(NULL);
	const struct cli_opt debt = CLI_OPT_IOCOST_DEBT(NULL);
	const struct cli_opt exp = CLI_OPT_IOCOST_EXPORT(NULL);
	const struct cli_opt locks = CLI_OPT_LOCKS(NULL);

	CHECK(!strstr(watch.help, "COMMAND"),
	      "--cgroup of a tool without a COMMAND: %s", watch.help);
	CHECK(!strstr(debt.help, "sleeps") && !strstr(exp.help, "sleeps") &&
	      !strstr(exp.help, "charging"),
	      "--iocost promises only what zswaptop and the exporter show");
	CHECK(strstr(locks.help, "0.3 us") && !strstr(locks.help, "4.5"),
	      "--locks: the cost docs/zswap-lockstat.md measures: %s", locks.help);
}

void test_cli_opts(void)
{
	test_values();
	test_refusals();
	test_variants();
	test_usage();
	test_version();
	test_shell_quote();
}
