/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Options of a subcommand as one table: the parser and the --help text
 * both walk it, so an option is documented where it is declared.
 */
#ifndef __OPTS_H
#define __OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum opt_kind {
	OPT_UINT,	/* unsigned long: decimal digits only */
	OPT_REAL,	/* double: plain decimal, optional exponent */
	OPT_CHOICE,	/* int: index into choices */
	OPT_LIST,	/* struct opt_list: comma-separated choices, 1 to max */
	OPT_CUSTOM,	/* parsed by its struct opt_custom (--thp) */
};

#define OPT_LIST_MAX	16

struct opt_list {
	int n;
	int v[OPT_LIST_MAX];	/* indexes into choices */
};

/* A value whose syntax only its workload knows. */
struct opt_custom {
	int (*parse)(const char *s, void *val);	/* 0, or -1 to refuse */
	void (*show)(const void *val, char *buf, size_t len);
	const char *want;	/* what a refused value should have been */
};

struct opt {
	const char *name;	/* "--duration" */
	const char *arg;	/* "S", "MiB": shown in --help */
	enum opt_kind kind;
	double min, max;	/* accepted range (OPT_UINT, OPT_REAL) */
	const char *const *choices;	/* OPT_CHOICE, NULL-terminated */
	void *val;		/* holds the default until parsed */
	const char *help;	/* without the default: --help appends it */
	const struct opt_custom *custom;	/* OPT_CUSTOM */
};

struct cmd_spec {
	const char *name;	/* "reclaim" */
	const char *summary;	/* one line for the top-level usage */
	const char *about;	/* paragraphs for --help */
	const char *figures;	/* the figures it reports, for --help */
	const char *examples;	/* what ends --help: 2 to 4 command lines */
	const struct opt *opts;	/* ends with a NULL name */
};

/* Options every subcommand has. */
struct common_opts {
	bool quiet;
	unsigned long seed;
};

/*
 * Parses argv[1..] (argv[0] is the subcommand). Returns -1 to go on,
 * otherwise the exit code: 0 after --help, 2 after one line naming a bad
 * option or value.
 */
int opts_parse(const struct cmd_spec *spec, struct common_opts *common,
	       int argc, char **argv);

#endif /* __OPTS_H */
