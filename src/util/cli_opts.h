/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every tool's options as one table: getopt_long's arrays, the value
 * checks and the --help text are all made from it, as perf's
 * parse-options does. The options several tools share are declared once
 * below (CLI_OPT_CGROUP ...), with their help text; a tool's table lists
 * its own options and those, and CLI_GROUP takes a whole table in (with a
 * heading, and optionally passing its options on to another program's
 * command line, as `zswap-gate run` does to each run's record).
 *
 * --help (-h) is always there: it prints the usage on stdout; so is
 * --version (-V): the tool's name and zswap_version() (version.h).
 */
#ifndef __CLI_OPTS_H
#define __CLI_OPTS_H

#include <stdbool.h>
#include <stdio.h>
#include "cli_checks.h"

enum cli_opt_type {
	CLI_END,
	CLI_FLAG,	/* bool *: set to true */
	CLI_STRING,	/* const char **: the argument */
	CLI_SECONDS,	/* double *: cli_parse_seconds() in [min, max] */
	CLI_LONG,	/* long *: a decimal integer in [min, max] */
	CLI_CALLBACK,	/* cb(value, arg): 0, or EXIT_USAGE with its line printed */
	CLI_GROUP,	/* group: another table, under heading help */
};

/* the command line a CLI_GROUP's options are passed on to */
#define CLI_ARGS_MAX 32
struct cli_args {
	const char *v[CLI_ARGS_MAX];	/* NULL-terminated */
	int n;
	char names[512];	/* the "--name" strings v points to */
	size_t used;
};

struct cli_opt {
	enum cli_opt_type type;
	char short_name;	/* 0: long only */
	const char *long_name;
	const char *arg_name;	/* NULL: takes no argument */
	const char *help;	/* lines after the first are indented under it */
	void *value;		/* where it goes; NULL: checked, not kept
				 * (a callback gets it as it is) */
	double min, max;
	int (*cb)(void *value, const char *arg);
	const struct cli_opt *group;
	struct cli_args *forward;	/* CLI_GROUP: options passed on here */
};

#define CLI_FLAG(s, l, v, h) \
	{ .type = CLI_FLAG, .short_name = s, .long_name = l, .help = h, .value = v }
#define CLI_STRING(s, l, a, v, h) \
	{ .type = CLI_STRING, .short_name = s, .long_name = l, .arg_name = a, \
	  .help = h, .value = v }
#define CLI_SECONDS(s, l, a, v, lo, hi, h) \
	{ .type = CLI_SECONDS, .short_name = s, .long_name = l, .arg_name = a, \
	  .help = h, .value = v, .min = lo, .max = hi }
#define CLI_LONG(s, l, a, v, lo, hi, h) \
	{ .type = CLI_LONG, .short_name = s, .long_name = l, .arg_name = a, \
	  .help = h, .value = v, .min = lo, .max = hi }
#define CLI_CALLBACK(s, l, a, f, v, h) \
	{ .type = CLI_CALLBACK, .short_name = s, .long_name = l, .arg_name = a, \
	  .help = h, .value = v, .cb = f }
#define CLI_GROUP(heading, table) \
	{ .type = CLI_GROUP, .help = heading, .group = table }
#define CLI_GROUP_FORWARD(heading, table, args) \
	{ .type = CLI_GROUP, .help = heading, .group = table, .forward = args }
#define CLI_OPT_END { .type = CLI_END }

/* a number's macro in a help text: "default " CLI_STR(LS_SAMPLE_EVERY) */
#define CLI_STR_(x) #x
#define CLI_STR(x) CLI_STR_(x)

/*
 * --- options several tools share ---------------------------------------
 * Help lines stay within 56 columns: after the option column (24) every
 * --help line fits in 80.
 */
/* a tool that runs a COMMAND (record, iostall) */
#define CLI_OPT_CGROUP(v) CLI_STRING('c', "cgroup", "PATH", v, \
	"observe this cgroup (a cgroup directory): its counters,\n" \
	"its descendants in the tables; COMMAND starts inside it")
/* a tool that watches what runs (zswaptop) */
#define CLI_OPT_CGROUP_WATCH(v) CLI_STRING('c', "cgroup", "PATH", v, \
	"observe this cgroup (a cgroup directory): its counters\n" \
	"added, the cgroup table limited to it and its\n" \
	"descendants")
#define CLI_OPT_DURATION(v) CLI_SECONDS('d', "duration", "S", v, 0.01, \
	CLI_SECONDS_MAX, "observe for S seconds (instead of a COMMAND)")
/* docs/zswap-lockstat.md: contention_begin 301-320 ns on the 6.18 host */
#define CLI_OPT_LOCKS(v) CLI_FLAG(0, "locks", v, \
	"contention on zswap's locks, as zswap-lockstat reports\n" \
	"it (lock:contention_* tracepoints: every contended\n" \
	"kernel lock pays ~0.3 us meanwhile)")
/* what iostall reports, for a record (and run) */
#define CLI_OPT_IOCOST(v) CLI_FLAG(0, "iocost", v, \
	"per-cgroup iocost debt, wait and delay, swap write\n" \
	"charging and who sleeps in zswap writeback, as\n" \
	"zswap-iostall reports them" CLI_IOCOST_NEEDS)
/* what the exporter's zswap_iocost_* series carry */
#define CLI_OPT_IOCOST_EXPORT(v) CLI_FLAG(0, "iocost", v, \
	"per-cgroup iocost debt, wait, delay and usage\n" \
	"seconds and forgiven debts, of the cgroups iostall saw" \
	CLI_IOCOST_NEEDS)
/* zswaptop's DEBT% column */
#define CLI_OPT_IOCOST_DEBT(v) CLI_FLAG(0, "iocost", v, \
	"the table's DEBT%: the share of the window each\n" \
	"cgroup spent in iocost debt" CLI_IOCOST_NEEDS)
#define CLI_IOCOST_NEEDS "\n(cgroup v2 +io, io.cost.qos on a device; n/a\n" \
	"with the reason otherwise)"
#define CLI_OPT_NO_FENTRY(v) CLI_FLAG(0, "no-fentry", v, \
	"use the next source where fentry would be used")
#define CLI_OPT_NO_KPROBE(v) CLI_FLAG(0, "no-kprobe", v, \
	"likewise for kprobes")
#define CLI_OPT_SELF_STATS(v) CLI_FLAG(0, "self-stats", v, \
	"add each BPF program's run count and ns per run\n" \
	"(bpf_stats)")
#define CLI_OPT_VERBOSE(v) CLI_FLAG('v', "verbose", v, "libbpf debug output")

struct cli_command {
	const char *head;	/* "usage: ..." and what precedes the options */
	const struct cli_opt *opts;
	const char *tail;	/* what follows them: keys, exit codes */
	/*
	 * what ends --help, under "EXAMPLES:" as libbpf-tools print them:
	 * "    COMMAND LINE    # what it does\n", 2 to 4 of them
	 */
	const char *examples;
	bool in_order;		/* stop at the first operand (-- COMMAND) */
};

/* cli_parse()'s result when --help or --version printed: the tool exits 0 */
#define CLI_HELP (-1)

/*
 * Parses argv[optind..argc) by cmd's table, leaving optind at the first
 * operand. Returns 0; CLI_HELP after printing the usage (or the
 * version) on stdout; or
 * EXIT_USAGE after printing the error line (and, for an unknown option
 * or a missing argument, the usage) on stderr.
 */
int cli_parse(const struct cli_command *cmd, int argc, char **argv);

/* The usage: head, the options' lines made from the table, tail, examples. */
void cli_usage(FILE *f, const struct cli_command *cmd);

#endif /* __CLI_OPTS_H */
