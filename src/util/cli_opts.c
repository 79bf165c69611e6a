// SPDX-License-Identifier: GPL-2.0
/* One option table per tool: getopt_long's arrays and --help from it. */
#define _GNU_SOURCE	/* program_invocation_short_name */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "cli_opts.h"
#include "version.h"

#define CLI_MAX_OPTS 64
/* where a help text starts: "  -c, --cgroup PATH     " */
#define CLI_HELP_COL 24

/* the table with its groups taken in, each option with its group's forward */
struct cli_flat {
	const struct cli_opt *opt[CLI_MAX_OPTS];
	struct cli_args *forward[CLI_MAX_OPTS];
	int n;
};

static void flatten(struct cli_flat *fl, const struct cli_opt *o,
		    struct cli_args *forward)
{
	for (; o->type != CLI_END; o++) {
		if (o->type == CLI_GROUP) {
			flatten(fl, o->group, o->forward);
			continue;
		}
		if (fl->n == CLI_MAX_OPTS)
			abort();	/* a table this long is a bug */
		fl->opt[fl->n] = o;
		fl->forward[fl->n++] = forward;
	}
}

static void print_opt(FILE *f, const struct cli_opt *o)
{
	char left[80];
	const char *h = o->help, *nl;
	int n;

	n = snprintf(left, sizeof(left), "  %c%c%s--%s%s%s",
		     o->short_name ? '-' : ' ', o->short_name ? o->short_name : ' ',
		     o->short_name ? ", " : "  ", o->long_name,
		     o->arg_name ? " " : "", o->arg_name ? o->arg_name : "");
	if (n >= CLI_HELP_COL - 1)
		fprintf(f, "%s\n%*s", left, CLI_HELP_COL, "");
	else
		fprintf(f, "%-*s", CLI_HELP_COL, left);
	while ((nl = strchr(h, '\n'))) {
		fprintf(f, "%.*s\n%*s", (int)(nl - h), h, CLI_HELP_COL, "");
		h = nl + 1;
	}
	fprintf(f, "%s\n", h);
}

static void print_opts(FILE *f, const struct cli_opt *o)
{
	for (; o->type != CLI_END; o++) {
		if (o->type != CLI_GROUP) {
			print_opt(f, o);
			continue;
		}
		if (o->help)
			fprintf(f, "\n%s:\n", o->help);
		print_opts(f, o->group);
	}
}

/* every tool's, parsed apart from its table (it needs none of its fields) */
static const struct cli_opt version_opt = CLI_FLAG('V', "version", NULL,
	"print the version and exit");

void cli_usage(FILE *f, const struct cli_command *cmd)
{
	fputs(cmd->head, f);
	print_opts(f, cmd->opts);
	print_opt(f, &version_opt);
	if (cmd->tail)
		fprintf(f, "\n%s", cmd->tail);
	if (cmd->examples)
		fprintf(f, "\nEXAMPLES:\n%s", cmd->examples);
}

static int parse_long(const struct cli_opt *o, const char *arg, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (end == arg || *end || errno || v < o->min || v > o->max) {
		if (o->max >= (double)LONG_MAX)
			fprintf(stderr, "error: --%s '%s': expected an integer of at least %.0f\n",
				o->long_name, arg, o->min);
		else
			fprintf(stderr, "error: --%s '%s': expected an integer from %.0f to %.0f\n",
				o->long_name, arg, o->min, o->max);
		return EXIT_USAGE;
	}
	*out = v;
	return 0;
}

/* "--name" [arg] appended to a command line another program gets */
static int pass_on(struct cli_args *a, const char *name, const char *arg)
{
	size_t len = strlen(name) + 1;

	if (a->n + 3 > CLI_ARGS_MAX || a->used + len > sizeof(a->names)) {
		fprintf(stderr, "error: too many options to pass on\n");
		return EXIT_USAGE;
	}
	memcpy(a->names + a->used, name, len);
	a->v[a->n++] = a->names + a->used;
	a->used += len;
	if (arg)
		a->v[a->n++] = arg;
	a->v[a->n] = NULL;
	return 0;
}

/* one option seen: its value checked and stored, and passed on */
static int take(const struct cli_opt *o, struct cli_args *forward,
		const char *arg)
{
	char name[64];
	double secs;
	long l;
	int err = 0;

	snprintf(name, sizeof(name), "--%s", o->long_name);
	switch (o->type) {
	case CLI_FLAG:
		if (o->value)
			*(bool *)o->value = true;
		break;
	case CLI_STRING:
		if (o->value)
			*(const char **)o->value = arg;
		break;
	case CLI_SECONDS:
		err = cli_parse_seconds(name, arg, o->min, o->max, &secs);
		if (!err && o->value)
			*(double *)o->value = secs;
		break;
	case CLI_LONG:
		err = parse_long(o, arg, &l);
		if (!err && o->value)
			*(long *)o->value = l;
		break;
	case CLI_CALLBACK:
		err = o->cb(o->value, arg);
		break;
	default:
		abort();
	}
	if (err || !forward)
		return err;
	return pass_on(forward, name, arg);
}

int cli_parse(const struct cli_command *cmd, int argc, char **argv)
{
	struct option lopts[CLI_MAX_OPTS + 3];
	char shorts[2 * CLI_MAX_OPTS + 5], *p = shorts;
	struct cli_flat fl = { .n = 0 };
	int c, idx, err;

	flatten(&fl, cmd->opts, NULL);
	if (cmd->in_order)
		*p++ = '+';
	*p++ = 'h';
	*p++ = 'V';
	for (int i = 0; i < fl.n; i++) {
		const struct cli_opt *o = fl.opt[i];

		lopts[i] = (struct option){ o->long_name, o->arg_name ?
			required_argument : no_argument, NULL, 256 + i };
		if (o->short_name) {
			*p++ = o->short_name;
			if (o->arg_name)
				*p++ = ':';
		}
	}
	*p = '\0';
	lopts[fl.n] = (struct option){ "help", no_argument, NULL, 'h' };
	lopts[fl.n + 1] = (struct option){ "version", no_argument, NULL, 'V' };
	lopts[fl.n + 2] = (struct option){ NULL, 0, NULL, 0 };
	while ((c = getopt_long(argc, argv, shorts, lopts, NULL)) != -1) {
		if (c == 'h') {
			cli_usage(stdout, cmd);
			return CLI_HELP;
		}
		if (c == 'V') {
			zswap_print_version(stdout, program_invocation_short_name);
			return CLI_HELP;
		}
		idx = c >= 256 ? c - 256 : -1;
		for (int i = 0; idx < 0 && c != '?' && i < fl.n; i++)
			if (fl.opt[i]->short_name == c)
				idx = i;
		if (idx < 0) {	/* getopt_long printed what was wrong */
			cli_usage(stderr, cmd);
			return EXIT_USAGE;
		}
		err = take(fl.opt[idx], fl.forward[idx], optarg);
		if (err)
			return err;
	}
	return 0;
}
