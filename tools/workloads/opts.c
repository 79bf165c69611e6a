// SPDX-License-Identifier: GPL-2.0
/*
 * Strict option parsing: a value is accepted only when all of it is a
 * number in range, so "nan", "inf", "-1", "1e" or "12x" are refused with
 * one line instead of turning into a 0 or a run of unbounded length.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "msg.h"
#include "opts.h"
#include "version.h"
#include "workload.h"

static bool all_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return false;
	return true;
}

/* DIGITS[.DIGITS] or .DIGITS, then [e[+-]DIGITS]: what strtod would take
 * without sign, blanks, hex, inf or nan.
 */
static bool plain_decimal(const char *s)
{
	size_t ip = strspn(s, "0123456789"), fp = 0;

	s += ip;
	if (*s == '.') {
		fp = strspn(++s, "0123456789");
		s += fp;
	}
	if (!ip && !fp)
		return false;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!all_digits(s))
			return false;
		return true;
	}
	return !*s;
}

/* Items of a comma-separated list, each one of the choices. */
static int set_list(const struct opt *o, const char *s)
{
	struct opt_list l = { 0 };

	for (;;) {
		size_t len = strcspn(s, ",");
		int i;

		for (i = 0; o->choices[i]; i++)
			if (strlen(o->choices[i]) == len &&
			    !strncmp(s, o->choices[i], len))
				break;
		if (!o->choices[i] || l.n == o->max || l.n == OPT_LIST_MAX)
			return -1;
		l.v[l.n++] = i;
		if (!s[len])
			break;
		s += len + 1;
	}
	*(struct opt_list *)o->val = l;
	return 0;
}

static int set_value(const struct opt *o, const char *s)
{
	unsigned long long u;
	double d;
	char *end;

	switch (o->kind) {
	case OPT_UINT:
		if (!all_digits(s))
			return -1;
		errno = 0;
		u = strtoull(s, &end, 10);
		if (errno || u < o->min || u > o->max)
			return -1;
		*(unsigned long *)o->val = u;
		return 0;
	case OPT_REAL:
		if (!plain_decimal(s))
			return -1;
		errno = 0;
		d = strtod(s, &end);
		if (errno || *end || !isfinite(d) || d < o->min || d > o->max)
			return -1;
		*(double *)o->val = d;
		return 0;
	case OPT_CHOICE:
		for (int i = 0; o->choices[i]; i++) {
			if (!strcmp(s, o->choices[i])) {
				*(int *)o->val = i;
				return 0;
			}
		}
		return -1;
	case OPT_LIST:
		return set_list(o, s);
	case OPT_CUSTOM:
		return o->custom->parse(s, o->val);
	}
	return -1;
}

/* The choices joined by sep, into want from its offset n; the new end. */
static int join_choices(char *want, size_t len, int n, const char *const *choices,
			const char *sep)
{
	for (int i = 0; choices[i] && n < (int)len; i++)
		n += snprintf(want + n, len - n, "%s%s", i ? sep : "", choices[i]);
	return n;
}

static void print_default(FILE *f, const struct opt *o)
{
	const struct opt_list *l = o->val;
	char buf[160];

	switch (o->kind) {
	case OPT_UINT:
		fprintf(f, "%lu", *(unsigned long *)o->val);
		break;
	case OPT_REAL:
		fprintf(f, "%g", *(double *)o->val);
		break;
	case OPT_CHOICE:
		fprintf(f, "%s", o->choices[*(int *)o->val]);
		break;
	case OPT_LIST:
		for (int i = 0; i < l->n; i++)
			fprintf(f, "%s%s", i ? "," : "", o->choices[l->v[i]]);
		break;
	case OPT_CUSTOM:
		o->custom->show(o->val, buf, sizeof(buf));
		fputs(buf, f);
		break;
	}
}

/* What a refused value should have been, for the one error line. */
static void print_wanted(const struct opt *o, const char *s)
{
	char want[200];
	int n;

	switch (o->kind) {
	case OPT_UINT:
		snprintf(want, sizeof(want), "an integer from %.0f to %.0f",
			 o->min, o->max);
		break;
	case OPT_REAL:
		snprintf(want, sizeof(want), "a number from %g to %g",
			 o->min, o->max);
		break;
	case OPT_CHOICE:
		n = snprintf(want, sizeof(want), "one of ");
		join_choices(want, sizeof(want), n, o->choices, " | ");
		break;
	case OPT_LIST:
		n = snprintf(want, sizeof(want), "1 to %.0f of ", o->max);
		n = join_choices(want, sizeof(want), n, o->choices, ", ");
		if (n < (int)sizeof(want))
			snprintf(want + n, sizeof(want) - n, ", comma-separated");
		break;
	case OPT_CUSTOM:
		snprintf(want, sizeof(want), "%s", o->custom->want);
		break;
	}
	wl_msg("invalid value '%s' for %s: want %s", s, o->name, want);
}

static struct opt common_table[] = {
	{ "--seed", "N", OPT_UINT, 0, 4294967295.0, NULL, NULL,
	  "seed of the pseudo-random page contents" },
	{ NULL },
};

static void usage(const struct cmd_spec *spec)
{
	const struct opt *tables[] = { spec->opts, common_table };

	printf("usage: %s %s [OPTIONS]\n\n%s\n\noptions:\n", WL_PROG,
	       spec->name, spec->about);
	for (int t = 0; t < 2; t++) {
		for (const struct opt *o = tables[t]; o->name; o++) {
			char head[40];

			snprintf(head, sizeof(head), "%s %s", o->name, o->arg);
			printf("  %-20s ", head);
			/* continuation lines of the help line up with its start */
			for (const char *c = o->help; *c; c++) {
				if (*c == '\n')
					printf("\n%23s", "");
				else
					putchar(*c);
			}
			printf(" (default ");
			print_default(stdout, o);
			printf(")\n");
		}
	}
	printf("  %-20s %s\n  %-20s %s\n  %-20s %s\n\n", "-q, --quiet",
	       "no summary on stderr", "-h, --help", "this text",
	       "-V, --version", "print the version and exit");
	printf("figures (\"%s_NAME VALUE UNIT\" lines appended to\n"
	       "$ZSWAP_WORKLOAD_METRICS at the end, when set, and a summary on stderr):\n"
	       "%s\nexit: 0 ok, 1 runtime failure, 2 bad usage\n", spec->name,
	       spec->figures);
	if (spec->examples)
		printf("\nEXAMPLES:\n%s", spec->examples);
}

static const struct opt *find(const struct opt *table, const char *name,
			      size_t len)
{
	for (const struct opt *o = table; o->name; o++)
		if (strlen(o->name) == len && !strncmp(o->name, name, len))
			return o;
	return NULL;
}

int opts_parse(const struct cmd_spec *spec, struct common_opts *common,
	       int argc, char **argv)
{
	common_table[0].val = &common->seed;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq, *val;
		const struct opt *o;
		size_t len;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(spec);
			return WL_OK;
		}
		if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
			zswap_print_version(stdout, WL_PROG);
			return WL_OK;
		}
		if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
			common->quiet = true;
			continue;
		}
		if (strncmp(a, "--", 2)) {
			wl_msg("unexpected argument '%s' (see --help)", a);
			return WL_USAGE;
		}
		eq = strchr(a, '=');
		len = eq ? (size_t)(eq - a) : strlen(a);
		o = find(spec->opts, a, len);
		if (!o)
			o = find(common_table, a, len);
		if (!o) {
			wl_msg("unknown option '%.*s' (see --help)", (int)len, a);
			return WL_USAGE;
		}
		if (eq) {
			val = eq + 1;
		} else if (i + 1 < argc) {
			val = argv[++i];
		} else {
			wl_msg("%s needs a value (%s)", o->name, o->arg);
			return WL_USAGE;
		}
		if (set_value(o, val)) {
			print_wanted(o, val);
			return WL_USAGE;
		}
	}
	return -1;
}
