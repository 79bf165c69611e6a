// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-gate compare [options] BASE... -- NEW...
 *
 * Loads both arms, computes the statistics, applies the gate and prints
 * the table. Exit: 0 pass, 1 regression, 2 bad input, 3 untested (a
 * gating metric could not be tested: gate_rules.h).
 */
#include <errno.h>
#include <getopt.h>	/* optind */
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

int gate_parse_alpha(void *value, const char *arg)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno || end == arg || *end || !(v > 0 && v < 1)) {
		fprintf(stderr, "error: --alpha wants a number in (0, 1), not '%s'\n",
			arg);
		return EXIT_BAD_INPUT;
	}
	*(double *)value = v;
	return 0;
}

static int add_fail_on(void *rules, const char *arg)
{
	struct zs_error err;

	if (gate_rules_add(rules, arg, "--fail-on", &err)) {
		fprintf(stderr, "error: %s\n", err.msg);
		return EXIT_BAD_INPUT;
	}
	return 0;
}

static int load_rules(void *rules, const char *arg)
{
	struct zs_error err;

	if (gate_rules_load(rules, arg, &err)) {
		fprintf(stderr, "error: %s\n", err.msg);
		return EXIT_BAD_INPUT;
	}
	return 0;
}

int compare_main(int argc, char **argv)
{
	struct gate_rules rules = {};
	struct comparison c;
	const char *plot_dir = NULL, *label[2] = { "A", "B" };
	bool markdown = false, json = false, incomplete = false, all = false;
	double alpha = 0.05;
	struct zs_error err;
	int sep, ret;
	const struct cli_opt opts[] = {
		GATE_ARMS_SHARED_OPTS(&alpha, &markdown, &json, &incomplete,
				      &label[0], &label[1]),
		CLI_STRING(0, "plot", "DIR", &plot_dir,
			   "SVG charts: per-run dots of significant metrics,\n"
			   "overlaid histograms (pages per bio, store latency)"),
		CLI_CALLBACK('f', "fail-on", "RULE", add_fail_on, &rules,
			     "METRIC:+N% | METRIC:-N% | METRIC:worse |\n"
			     "METRIC:ignore (METRIC is a glob; repeatable)"),
		CLI_CALLBACK('r', "rules", "FILE", load_rules, &rules,
			     "rules, one per line, '#' comments"),
		CLI_FLAG(0, "all", &all,
			 "the table shows the series 0 in both arms too"),
		CLI_FLAG(0, "no-default-gate", &rules.no_default,
			 "only the given rules fail (default: a significant\n"
			 "worse change on a gating metric fails)"),
		CLI_FLAG(0, "allow-untested", &rules.allow_untested,
			 "exit 0 although a gating metric could not be\n"
			 "tested: too few runs, or n/a or absent in an arm\n"
			 "(default: exit 3, naming them and the runs needed)"),
		CLI_OPT_END,
	};
	const struct cli_command usage = {
		.head =
"usage: zswap-gate compare [options] BASE... -- NEW...\n"
"  BASE, NEW: records (zswap-record/1) or directories of records (*.json)\n",
		.opts = opts,
		.tail = "exit: 0 pass, 1 regression, 2 bad input, 3 untested (a gating metric\n"
			"could not be tested)\n",
		.examples =
"    zswap-gate compare runs/a -- runs/b     # every metric, significant or not\n"
"    zswap-gate compare -f 'store_latency_ns*:+5%' runs/a -- runs/b\n"
"                                            # fail on a store 5% slower\n"
"    zswap-gate compare --markdown --label-a 6.12 --label-b 7.0 base/ -- new/\n"
"                                            # a CI job summary\n",
	};

	/* Options only before "--": everything after it is arm B. */
	for (sep = 1; sep < argc && strcmp(argv[sep], "--"); sep++)
		;
	optind = 1;
	ret = cli_parse(&usage, sep, argv);
	if (ret) {
		gate_rules_free(&rules);
		return ret == CLI_HELP ? EXIT_PASS : EXIT_BAD_INPUT;
	}
	ret = EXIT_BAD_INPUT;
	if (sep == argc) {
		fprintf(stderr, "error: compare needs BASE... -- NEW... (see compare --help)\n");
		goto out;
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
		if (comparison_add_path(&c, arm, argv[i], &err)) {
			fprintf(stderr, "error: arm %s: %s\n", label[arm], err.msg);
			goto free;
		}
	}
	record_seen_print_warnings(stderr, &c.seen);
	if (comparison_finish(&c, &err) ||
	    gate_apply(&rules, &c, &err)) {
		fprintf(stderr, "error: %s\n", err.msg);
		goto free;
	}
	if (plot_dir && svg_plot_write(plot_dir, &c, &err) < 0) {
		fprintf(stderr, "error: --plot: %s\n", err.msg);
		goto free;
	}
	c.show_all = all;
	if (json)
		compare_print_json(stdout, &c);
	else if (markdown)
		compare_print_markdown(stdout, &c);
	else
		compare_print_table(stdout, &c);
	/* a failed write of stdout: cli_check_stdout_at_exit() exits 2 */
	ret = c.result;
	if (ret == GATE_UNTESTED)
		fprintf(stderr, "compare: %zu gating metric%s not tested: untested, "
			"exit %d (--allow-untested accepts it)\n",
			c.nr_untested ? c.nr_untested : c.nr_gating,
			(c.nr_untested ? c.nr_untested : c.nr_gating) == 1 ? "" : "s",
			GATE_UNTESTED);
free:
	comparison_free(&c);
out:
	gate_rules_free(&rules);
	return ret;
}
