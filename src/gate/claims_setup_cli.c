// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-gate claims setup FILE [--table ID] [--full-size] [--json]: the
 * experiment a claims file states (claims_setup.h), scaled to a VM where
 * the file says how, with the table's zswap parameters (its rows' common
 * `when:`). tools/kernels-ab.sh reads the JSON; a person reads the lines.
 */
#include <getopt.h>	/* optind */
#include <stdio.h>
#include <string.h>
#include "claims.h"
#include "claims_setup_cli.h"
#include "cli_opts.h"

#define EXIT_BAD_INPUT 2

static void print_run(const struct claims *c, const struct claim_table *t,
		      bool scaled, const struct setup_params *when)
{
	const struct setup_run *r = scaled ? &c->setup.scaled : &c->setup.full;
	struct setup_params zs = r->zswap;

	for (int i = 0; i < when->n; i++)
		setup_param_set(&zs, when->kv[i][0], when->kv[i][1]);
	printf("series:   %s\n", c->series);
	if (t)
		printf("table:    %s (%s)\n", t->id, t->title);
	printf("size:     %s\n", scaled ? "scaled to a small VM (setup.scaled)" :
	       "as the series ran it");
	printf("zswap:   ");
	for (int i = 0; i < zs.n; i++)
		printf(" %s=%s", zs.kv[i][0], zs.kv[i][1]);
	printf("%s\n", zs.n ? "" : " as the kernel boots");
	if (r->memory_max_mib > 0)
		printf("memory:   memory.max %ld MiB\n", r->memory_max_mib);
	if (r->memory_high_mib > 0)
		printf("memory:   memory.high %ld MiB\n", r->memory_high_mib);
	if (r->memory_max_mib <= 0 && r->memory_high_mib <= 0)
		printf("memory:   no limit stated as a size\n");
	printf("iocost:   %s\n", r->iocost < 0 ? "not stated" :
	       r->iocost ? "on" : "off");
	printf("workload:");
	for (int i = 0; i < r->nr_words; i++)
		printf(" %s", r->words[i]);
	printf("%s\n", r->nr_words ? "" : " none stated");
}

/* "ID<tab>ROWS<tab>ok|why" a table: what zswap-kernels check can run. */
static void list_tables(const struct claims *c)
{
	for (size_t i = 0; i < c->nr_tables; i++) {
		const struct claim_table *t = &c->tables[i];
		struct setup_params when;
		size_t mapped = 0;
		char why[256] = "ok";

		for (size_t r = 0; r < t->nr_rows; r++)
			mapped += t->rows[r].nr_metrics > 0;
		claim_table_when(t, &when, why, sizeof(why));
		printf("%s\t%zu\t%s\n", t->id, mapped, why);
	}
}

int claims_setup_main(int argc, char **argv)
{
	const char *table = NULL;
	bool full = false, json = false, list = false;
	const struct cli_opt opts[] = {
		CLI_STRING('t', "table", "ID", &table,
			   "the table's experiment: its rows' zswap parameters\n"
			   "(when:) added to the setup's"),
		CLI_FLAG(0, "full-size", &full,
			 "the setup as the series ran it, not setup.scaled"),
		CLI_FLAG(0, "json", &json, "one JSON object (for drivers)"),
		CLI_FLAG(0, "list-tables", &list,
			 "each table's id, its rows with a metric, and whether it\n"
			 "is one experiment (\"ok\") or why not, tab-separated"),
		CLI_OPT_END,
	};
	const struct cli_command usage = {
		.head =
"usage: zswap-gate claims setup [options] CLAIMS\n"
"  the experiment CLAIMS states: zswap parameters, memory limit, iocost\n"
"  and workload, scaled to a small VM where setup.scaled says how (the\n"
"  series' own sizes with --full-size). tools/kernels-ab.sh --claims and\n"
"  zswap-kernels check run it; their flags override it.\n",
		.opts = opts,
		.tail =
"exit: 0 printed, 2 bad input (unreadable claims file, unknown table,\n"
"      rows of the table measured with different zswap parameters)\n",
		.examples =
"    zswap-gate claims setup --table no-shrinker \\\n"
"        claims/005-store-incompressible.yaml\n"
"                              # the setup one table was measured with\n"
"    zswap-gate claims setup --json --full-size \\\n"
"        claims/004-shrink-memcg-batch.yaml   # the series' own sizes, JSON\n",
	};
	struct setup_params when = { .n = 0 };
	const struct claim_table *t = NULL;
	struct zs_error err;
	struct claims c;
	char why[256];
	bool scaled;
	int ret;

	ret = cli_parse(&usage, argc, argv);
	if (ret)
		return ret == CLI_HELP ? 0 : EXIT_BAD_INPUT;
	if (optind + 1 != argc) {
		fprintf(stderr, "error: want one CLAIMS file\n");
		cli_usage(stderr, &usage);
		return EXIT_BAD_INPUT;
	}
	if (claims_load(argv[optind], &c, &err)) {
		fprintf(stderr, "error: %s\n", err.msg);
		return EXIT_BAD_INPUT;
	}
	if (list) {
		list_tables(&c);
		claims_free(&c);
		return 0;
	}
	ret = EXIT_BAD_INPUT;
	for (size_t i = 0; table && i < c.nr_tables; i++)
		if (!strcmp(c.tables[i].id, table))
			t = &c.tables[i];
	if (table && !t) {
		fprintf(stderr, "error: %s: no table '%s'\n", argv[optind], table);
		goto out;
	}
	if (t && claim_table_when(t, &when, why, sizeof(why))) {
		fprintf(stderr, "error: %s: %s\n", argv[optind], why);
		goto out;
	}
	scaled = c.setup.has_scaled && !full;
	if (json)
		setup_run_json(stdout, &c.setup, scaled, &when);
	else
		print_run(&c, t, scaled, &when);
	ret = 0;
out:
	claims_free(&c);
	return ret;
}
