// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-gate compare [options] BASE... -- NEW...
 *
 * Loads both arms, computes the statistics, applies the gate and prints
 * the table. Exit: 0 pass, 1 regression, 2 bad input.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compare.h"
#include "compare_cli.h"
#include "compare_output.h"
#include "gate_rules.h"
#include "svg_plot.h"

#define EXIT_PASS 0
#define EXIT_REGRESSION 1
#define EXIT_BAD_INPUT 2

void compare_usage(FILE *f)
{
	fprintf(f,
"usage: zswap-gate compare [options] BASE... -- NEW...\n"
"  BASE, NEW: records (zswap-record/1) or directories of records (*.json)\n"
"  -a, --alpha A          significance level (default 0.05)\n"
"      --markdown         Markdown table (CI job summaries)\n"
"      --json             JSON\n"
"      --plot DIR         SVG charts: per-run dots of significant metrics,\n"
"                         overlaid histograms (pages per bio, store latency)\n"
"  -f, --fail-on RULE     METRIC:+N%% | METRIC:-N%% | METRIC:worse | METRIC:ignore\n"
"                         (METRIC is a glob; repeatable)\n"
"  -r, --rules FILE       rules, one per line, '#' comments\n"
"      --no-default-gate  only the given rules fail (default: a significant\n"
"                         worse change on a gating metric fails)\n"
"      --allow-incomplete include records of interrupted runs\n"
"      --label-a NAME, --label-b NAME   arm names in the output\n"
"exit: 0 pass, 1 regression, 2 bad input\n");
}

enum {
	OPT_MARKDOWN = 256,
	OPT_JSON,
	OPT_PLOT,
	OPT_NO_DEFAULT,
	OPT_INCOMPLETE,
	OPT_LABEL_A,
	OPT_LABEL_B,
};

static const struct option opts[] = {
	{ "alpha", required_argument, NULL, 'a' },
	{ "markdown", no_argument, NULL, OPT_MARKDOWN },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "plot", required_argument, NULL, OPT_PLOT },
	{ "fail-on", required_argument, NULL, 'f' },
	{ "rules", required_argument, NULL, 'r' },
	{ "no-default-gate", no_argument, NULL, OPT_NO_DEFAULT },
	{ "allow-incomplete", no_argument, NULL, OPT_INCOMPLETE },
	{ "label-a", required_argument, NULL, OPT_LABEL_A },
	{ "label-b", required_argument, NULL, OPT_LABEL_B },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

int compare_main(int argc, char **argv)
{
	struct gate_rules rules = {};
	struct comparison c;
	const char *plot_dir = NULL, *label[2] = { "A", "B" };
	bool markdown = false, json = false, incomplete = false;
	double alpha = 0.05;
	char err[1024], *end;
	int sep, ch, ret = EXIT_BAD_INPUT;

	/* Options only before "--": everything after it is arm B. */
	for (sep = 1; sep < argc && strcmp(argv[sep], "--"); sep++)
		if (!strcmp(argv[sep], "-h") || !strcmp(argv[sep], "--help")) {
			compare_usage(stdout);
			return EXIT_PASS;
		}
	if (sep == argc) {
		fprintf(stderr, "error: compare needs BASE... -- NEW... (see compare --help)\n");
		return EXIT_BAD_INPUT;
	}
	optind = 1;
	while ((ch = getopt_long(sep, argv, "a:f:r:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			errno = 0;
			alpha = strtod(optarg, &end);
			if (errno || *end || !(alpha > 0 && alpha < 1)) {
				fprintf(stderr, "error: --alpha wants a number in (0, 1), not '%s'\n",
					optarg);
				goto out;
			}
			break;
		case OPT_MARKDOWN: markdown = true; break;
		case OPT_JSON: json = true; break;
		case OPT_PLOT: plot_dir = optarg; break;
		case 'f':
			if (gate_rules_add(&rules, optarg, "--fail-on", err, sizeof(err))) {
				fprintf(stderr, "error: %s\n", err);
				goto out;
			}
			break;
		case 'r':
			if (gate_rules_load(&rules, optarg, err, sizeof(err))) {
				fprintf(stderr, "error: %s\n", err);
				goto out;
			}
			break;
		case OPT_NO_DEFAULT: rules.no_default = true; break;
		case OPT_INCOMPLETE: incomplete = true; break;
		case OPT_LABEL_A: label[0] = optarg; break;
		case OPT_LABEL_B: label[1] = optarg; break;
		case 'h':
			compare_usage(stdout);
			gate_rules_free(&rules);
			return EXIT_PASS;
		default:
			compare_usage(stderr);
			goto out;
		}
	}
	if (markdown && json) {
		fprintf(stderr, "error: --markdown and --json exclude each other\n");
		goto out;
	}
	comparison_init(&c, alpha, incomplete);
	for (int k = 0; k < 2; k++)
		snprintf(c.arm[k].label, sizeof(c.arm[k].label), "%s", label[k]);
	if (optind == sep) {
		fprintf(stderr, "error: arm %s (before --) is empty\n", label[0]);
		goto free;
	}
	if (sep + 1 == argc) {
		fprintf(stderr, "error: arm %s (after --) is empty\n", label[1]);
		goto free;
	}
	for (int i = optind; i < argc; i++) {
		int arm = i < sep ? ARM_A : ARM_B;

		if (i == sep)
			continue;
		if (comparison_add_path(&c, arm, argv[i], err, sizeof(err))) {
			fprintf(stderr, "error: arm %s: %s\n", label[arm], err);
			goto free;
		}
	}
	if (comparison_finish(&c, err, sizeof(err)) ||
	    gate_apply(&rules, &c, err, sizeof(err))) {
		fprintf(stderr, "error: %s\n", err);
		goto free;
	}
	if (plot_dir && svg_plot_write(plot_dir, &c, err, sizeof(err)) < 0) {
		fprintf(stderr, "error: --plot: %s\n", err);
		goto free;
	}
	if (json)
		compare_print_json(stdout, &c);
	else if (markdown)
		compare_print_markdown(stdout, &c);
	else
		compare_print_table(stdout, &c);
	/* a failed write of stdout: cli_check_stdout_at_exit() exits 2 */
	ret = c.nr_failed ? EXIT_REGRESSION : EXIT_PASS;
free:
	comparison_free(&c);
out:
	gate_rules_free(&rules);
	return ret;
}
