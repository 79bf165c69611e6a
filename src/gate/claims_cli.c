// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-gate claims [options] CLAIMS BASE... -- NEW... [-- MORE...]
 *
 * Loads the claims file and the arms, gives each row a verdict and
 * prints the series' table with the measured values beside the quoted.
 */
#include <getopt.h>	/* optind */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims.h"
#include "claims_cli.h"
#include "claims_draft_cli.h"
#include "claims_setup_cli.h"
#include "compare_cli.h"
#include "claims_eval.h"
#include "claims_fleet.h"
#include "claims_output.h"
#include "claims_sequential.h"
#include "cli_checks.h"
#include "prom_matchers.h"
#include "text_clean.h"

#define EXIT_HOLD 0
#define EXIT_CONTRADICTED 1
#define EXIT_BAD_INPUT 2
#define EXIT_UNTESTED 3

struct claims_opts {
	const char *table, *pair, *label[2], *labels, *sequential, *spending;
	double alpha;
	bool holm, fail_not_shown, allow_untested, markdown, json, incomplete;
	struct fleet_opts fleet;	/* --prometheus: arms of hosts */
};

/* --arm and --set: added to the fleet options, or exit 2 with why */
static int add_fleet_opt(int (*add)(struct fleet_opts *, const char *,
				    struct zs_error *), void *fo, const char *arg)
{
	struct zs_error err;

	if (add(fo, arg, &err)) {
		fprintf(stderr, "error: %s\n", err.msg);
		return EXIT_BAD_INPUT;
	}
	return 0;
}

static int parse_arm(void *fo, const char *arg)
{
	return add_fleet_opt(fleet_opts_add_arm, fo, arg);
}

static int parse_set(void *fo, const char *arg)
{
	return add_fleet_opt(fleet_opts_add_set, fo, arg);
}

static int parse_adjust(void *holm, const char *arg)
{
	if (strcmp(arg, "holm") && strcmp(arg, "none")) {
		fprintf(stderr, "error: --adjust %s: want holm or none\n", arg);
		return EXIT_BAD_INPUT;
	}
	*(bool *)holm = !strcmp(arg, "holm");
	return 0;
}

/*
 * o's options: 0, CLI_HELP (--help printed) or EXIT_BAD_INPUT; with
 * usage_to, only prints the usage there.
 */
static int parse(int argc, char **argv, struct claims_opts *o, FILE *usage_to)
{
	const struct cli_opt opts[] = {
		CLI_STRING('t', "table", "ID", &o->table,
			   "only this table of the claims file"),
		CLI_STRING('c', "compare", "B:N", &o->pair,
			   "two arms: the table columns they stand for\n"
			   "(default: each table's first compared pair)"),
		GATE_ARMS_SHARED_OPTS(&o->alpha, &o->markdown, &o->json,
				      &o->incomplete, &o->label[0], &o->label[1]),
		CLI_STRING(0, "labels", "N1,N2,...", &o->labels,
			   "every arm's name (default: A, B; with three or\n"
			   "more arms the table's column names)"),
		CLI_CALLBACK(0, "adjust", "holm|none", parse_adjust, &o->holm,
			     "p adjustment over the directional rows (default\n"
			     "holm)"),
		CLI_FLAG(0, "fail-on-not-shown", &o->fail_not_shown,
			 "exit 1 also when a row is not shown"),
		CLI_FLAG(0, "allow-not-measurable", &o->allow_untested,
			 "exit 0 although a directional row that names a\n"
			 "metric was not measured (default: exit 3)"),
		CLI_STRING(0, "sequential", "RUNS/LOOKS", &o->sequential,
			   "verdicts of a sequential plan: at most RUNS runs\n"
			   "per arm, looked at LOOKS times; ends with \"next:\n"
			   "add N\" or \"next: stop\" (docs/claims.md)"),
		CLI_STRING(0, "spending", "pocock|obrien-fleming", &o->spending,
			   "its alpha spending (default pocock)"),
		CLI_OPT_END,
	};
	const struct cli_opt fleet_opts[] = {
		CLI_STRING(0, "prometheus", "URL", &o->fleet.url,
			   "read the arms from a Prometheus HTTP API (or\n"
			   "Thanos, Mimir, VictoriaMetrics) instead of records"),
		CLI_CALLBACK(0, "arm", "NAME=MATCHERS", parse_arm, &o->fleet,
			     "an arm: a table column, the inside of a PromQL\n"
			     "selector (kernel=\"7.3.4\"); 2 to 4, in order"),
		CLI_STRING(0, "window", "DUR", &o->fleet.window,
			   "the window each host's value covers (default 24h)"),
		CLI_STRING(0, "at", "TIME", &o->fleet.at,
			   "its end: RFC 3339 or Unix seconds (default now)"),
		CLI_STRING(0, "timeout", "DUR", &o->fleet.timeout,
			   "the most a query may take, connect and answer\n"
			   "together (default 30s)"),
		CLI_STRING(0, "by", "LABEL", &o->fleet.by,
			   "the label whose values are hosts, one run each\n"
			   "(default instance)"),
		CLI_CALLBACK(0, "set", "NAME=VALUE", parse_set, &o->fleet,
			     "$NAME in promql: rows (and $CGROUP in metric: names)"),
		CLI_STRING(0, "bearer-token-file", "FILE", &o->fleet.access.bearer_file,
			   "send the token in FILE as a bearer token"),
		CLI_STRING(0, "basic-auth-file", "FILE", &o->fleet.access.basic_file,
			   "send user:password in FILE as basic auth"),
		CLI_STRING(0, "ca-file", "FILE", &o->fleet.access.ca_file,
			   "trust the CA certificates in FILE (PEM) for an\n"
			   "https:// URL, instead of the system's"),
		CLI_OPT_END,
	};
	const struct cli_opt all_opts[] = {
		CLI_GROUP(NULL, opts),
		CLI_GROUP("a fleet (docs/claims.md, \"A fleet\")", fleet_opts),
		CLI_OPT_END,
	};
	const struct cli_command usage = {
		.head =
"usage: zswap-gate claims [options] CLAIMS BASE... -- NEW... [-- MORE...]\n"
"       zswap-gate claims [options] CLAIMS --prometheus URL --arm NAME=MATCHERS\n"
"                         --arm NAME=MATCHERS [--arm ...]\n"
"       zswap-gate claims draft LETTER [-o FILE]   (claims draft --help)\n"
"       zswap-gate claims setup CLAIMS [--table ID]   (claims setup --help)\n"
"  CLAIMS: a claims file (claims/*.yaml, format in claims/FORMAT.md)\n"
"  BASE, NEW: records (zswap-record/1) or directories of records (*.json)\n"
"  three or more arms stand for a table's columns in order (tables with\n"
"  that many columns), and every pair the table compares gets verdicts\n",
		.opts = all_opts,
		.tail =
"verdicts: holds, contradicted, not shown (with the runs per arm that would\n"
"show it), not measurable here (with the reason); quoted change: within,\n"
"excluded or exceeded by the measured change's interval\n"
"exit: 0 no row contradicted, 1 a row contradicted, 2 bad input,\n"
"      3 a directional claim untested: its metric is n/a in an arm\n"
"      (unmapped rows never fail: the claims file says why)\n",
		.examples =
"    zswap-gate claims claims/004-shrink-memcg-batch.yaml runs/a -- runs/b\n"
"                              # the series' rows, measured on two arms\n"
"    zswap-gate claims --compare \"shrinker off:stock shrinker\" --markdown \\\n"
"        claims/002-shrinker-iocost.yaml runs/a -- runs/b\n"
"                              # two given columns, for a mail thread\n"
"    zswap-gate claims draft -o 007.yaml cover-letter.mbox\n"
"                              # a claims file from a series' letter\n",
	};
	int err;

	if (usage_to) {
		cli_usage(usage_to, &usage);
		return 0;
	}
	err = cli_parse(&usage, argc, argv);
	if (err)
		return err == CLI_HELP ? CLI_HELP : EXIT_BAD_INPUT;
	if (o->markdown && o->json) {
		fprintf(stderr, "error: --markdown and --json exclude each other\n");
		return EXIT_BAD_INPUT;
	}
	return 0;
}


/* Arms: the runs of paths from argv[first] on, split at each "--". */
static int count_arms(int argc, char **argv, int first, int *nr_arms)
{
	int arm = 0, paths = 0;

	for (int i = first; i <= argc; i++) {
		if (i < argc && strcmp(argv[i], "--")) {
			paths++;
			continue;
		}
		if (!paths) {
			fprintf(stderr, "error: arm %d (%s) has no records\n",
				arm + 1, arm ? "after a --" : "the base");
			return -1;
		}
		paths = 0;
		arm++;
	}
	if (arm > CLAIM_MAX_COLS) {
		fprintf(stderr, "error: %d arms: a table has at most %d columns\n",
			arm, CLAIM_MAX_COLS);
		return -1;
	}
	*nr_arms = arm;
	return 0;
}

/*
 * The arms' names: --labels, else --label-a/-b for two arms, else the
 * columns the arms stand for (the first selected table's).
 */
static int set_labels(struct claims_eval *e, const struct claims_opts *o,
		      struct zs_error *err)
{
	const char *p = o->labels;

	for (int k = 0; k < e->nr_arms; k++) {
		const char *name = e->nr_arms == 2 ? o->label[k] : e->r[0].t->col[k];
		size_t n = strlen(name);

		if (o->labels) {
			n = p ? strcspn(p, ",") : 0;
			name = p;
			p = p && p[n] ? p + n + 1 : NULL;
		}
		if (!n) {
			zs_error_set(err, true, "--labels %s: want %d names, none empty",
				 o->labels, e->nr_arms);
			return -1;
		}
		snprintf(e->label[k], sizeof(e->label[k]), "%.*s", (int)n, name);
	}
	if (p) {
		zs_error_set(err, true, "--labels %s: want %d names", o->labels,
			 e->nr_arms);
		return -1;
	}
	return 0;
}

/*
 * --prometheus: the arms' names are columns. Two arms are the pair
 * NAME1:NAME2 (unless --compare names one); three or more stand for the
 * columns of the selected tables, ordered here as the first one's.
 */
static int fleet_arms(struct claims_opts *o, const struct claims *c,
		      struct zs_error *err)
{
	struct fleet_opts *f = &o->fleet;
	const struct claim_table *t = NULL;
	struct fleet_arm sorted[CLAIM_MAX_COLS];
	char shown[60 * 4 + TEXT_LINE_TAIL];
	static char pair[2 * sizeof(f->arm[0].name) + 2];

	if (f->nr_arms < 2)
		return zs_error_set(err, true, "--prometheus needs 2 to %d --arm "
				    "NAME=MATCHERS, one per column", CLAIM_MAX_COLS);
	if (!f->window)
		f->window = "24h";
	if (!f->at)
		f->at = "";
	if (!f->by)
		f->by = "instance";
	/* --by is pasted into sum by (...): a label name, nothing else */
	if (!prom_label_name_ok(f->by))
		return zs_error_set(err, true, "--by %s: want a label name "
				    "([a-zA-Z_][a-zA-Z0-9_]*)",
				    text_line(f->by, 60, shown, sizeof(shown)));
	if (f->timeout) {
		long long ms = prom_duration_ms(f->timeout);

		if (ms <= 0 || ms > CLI_SECONDS_MAX * 1000)
			return zs_error_set(err, true, "--timeout %s: want a "
					    "Prometheus duration from 1ms to 30d "
					    "(30s, 2m, 1500ms)", text_line(f->timeout,
					    60, shown, sizeof(shown)));
		f->access.timeout_ms = ms;
	}
	if (!prom_duration_ok(f->window))
		return zs_error_set(err, true, "--window %s: want a Prometheus "
				    "duration (24h, 90m, 1h30m)", f->window);
	for (int k = 0; k < f->nr_arms; k++) {
		for (int j = 0; j < k; j++)
			if (!strcmp(f->arm[j].name, f->arm[k].name))
				return zs_error_set(err, true, "--arm %s given twice",
						    f->arm[k].name);
	}
	if (f->nr_arms == 2) {
		if (!o->pair) {
			snprintf(pair, sizeof(pair), "%s:%s", f->arm[0].name,
				 f->arm[1].name);
			o->pair = pair;
		}
		return 0;
	}
	for (size_t i = 0; i < c->nr_tables && !t; i++)
		if ((!o->table || !strcmp(c->tables[i].id, o->table)) &&
		    c->tables[i].nr_cols == f->nr_arms)
			t = &c->tables[i];
	if (!t)
		return 0;	/* claims_eval_init() says no table fits */
	for (int k = 0; k < f->nr_arms; k++) {
		int col = claim_table_col(t, f->arm[k].name);

		if (col < 0)
			return zs_error_set(err, true, "--arm %s: not a column of "
					    "table %s (%s, %s, ...)", f->arm[k].name,
					    t->id, t->col[0], t->col[1]);
		sorted[col] = f->arm[k];
	}
	memcpy(f->arm, sorted, sizeof(sorted[0]) * f->nr_arms);
	for (size_t i = 0; i < c->nr_tables; i++) {
		const struct claim_table *u = &c->tables[i];

		if ((o->table && strcmp(u->id, o->table)) || u->nr_cols != f->nr_arms)
			continue;
		for (int k = 0; k < f->nr_arms; k++)
			if (strcmp(u->col[k], f->arm[k].name))
				return zs_error_set(err, true, "table %s's columns "
						    "differ from table %s's, which "
						    "the arms name: select one "
						    "with --table", u->id, t->id);
	}
	return 0;
}

/* --sequential RUNS/LOOKS and --spending into the plan; -1 with err. */
static int seq_opts(const struct claims_opts *o, struct claims_seq *s,
		    struct zs_error *err)
{
	if (!o->sequential)
		return o->spending ? zs_error_set(err, true, "--spending needs "
						  "--sequential") : 0;
	if (o->fleet.url)
		return zs_error_set(err, true, "--sequential: a fleet's hosts "
				    "are not runs added one by one");
	if (seq_plan_parse(o->sequential, &s->plan))
		return zs_error_set(err, true, "--sequential %s: want RUNS/LOOKS, "
				    "1 to %d looks, no more than the runs",
				    o->sequential, SEQ_MAX_LOOKS);
	if (o->spending && seq_spending_parse(o->spending, &s->plan.spending))
		return zs_error_set(err, true, "--spending %s: want pocock or "
				    "obrien-fleming", o->spending);
	return 0;
}

/* The arms' runs: records (the paths between "--"), or a fleet's hosts. */
static int load_arms(struct claims_eval *e, struct claims_opts *o,
		     struct fleet *f, int argc, char **argv,
		     struct zs_error *err)
{
	if (o->fleet.url) {
		for (int k = 0; k < e->nr_arms; k++)
			snprintf(e->label[k], sizeof(e->label[k]), "%s",
				 o->fleet.arm[k].name);
		return claims_fleet_eval(e, &o->fleet, f, err);
	}
	if (set_labels(e, o, err))
		return -1;
	for (int i = optind + 1, arm = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			arm++;
		else if (claims_eval_add_path(e, arm, argv[i], err))
			return -1;
	}
	record_seen_print_warnings(stderr, &e->seen);
	return 0;
}

int claims_main(int argc, char **argv)
{
	struct claims_opts o = { .alpha = 0.05, .holm = true,
				 .label = { "A", "B" } };
	struct claims_eval e = {};
	struct claims c = {};
	struct fleet f = {};
	struct claims_seq seq = {};
	struct zs_error err;
	int sep, ret = EXIT_BAD_INPUT;

	if (argc > 1 && !strcmp(argv[1], "draft"))
		return claims_draft_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "setup"))
		return claims_setup_main(argc - 1, argv + 1);
	/* Options only before the first "--": after it come the other arms. */
	for (sep = 1; sep < argc && strcmp(argv[sep], "--"); sep++)
		;
	ret = parse(sep, argv, &o, NULL);
	if (ret)
		return ret == CLI_HELP ? EXIT_HOLD : ret;
	ret = EXIT_BAD_INPUT;
	if (o.fleet.url ? optind != argc - 1 : optind >= sep || sep >= argc) {
		fprintf(stderr, o.fleet.url ?
			"error: --prometheus: want CLAIMS alone (the arms are --arm)\n" :
			"error: want CLAIMS BASE... -- NEW... [-- MORE...]\n");
		parse(0, NULL, &o, stderr);
		return ret;
	}
	if (!o.fleet.url && o.fleet.nr_arms) {
		fprintf(stderr, "error: --arm needs --prometheus URL\n");
		return ret;
	}
	if (o.fleet.url && (o.labels || strcmp(o.label[0], "A") ||
			    strcmp(o.label[1], "B"))) {
		fprintf(stderr, "error: with --prometheus the arms' names are "
			"their --arm NAMEs, not --labels or --label-a/-b\n");
		return ret;
	}
	if (!o.fleet.url && count_arms(argc, argv, optind + 1, &e.nr_arms))
		return ret;
	if (claims_load(argv[optind], &c, &err) ||
	    claims_check_names(&c, &err)) {
		fprintf(stderr, "error: %s\n", err.msg);
		claims_free(&c);
		return ret;
	}
	e.alpha = o.alpha;
	e.holm = o.holm;
	e.allow_incomplete = o.incomplete;
	if (o.fleet.url) {
		e.nr_arms = o.fleet.nr_arms;
		if (fleet_arms(&o, &c, &err))
			goto out;
	}
	if (seq_opts(&o, &seq, &err) ||
	    claims_eval_init(&e, &c, o.table, o.pair, &err) ||
	    load_arms(&e, &o, &f, argc, argv, &err) ||
	    claims_eval_finish(&e, &err) ||
	    (o.sequential && claims_sequential(&e, &seq, &err)))
		goto out;
	if (o.json)
		claims_print_json(stdout, &c, &e);
	else if (o.markdown)
		claims_print_markdown(stdout, &c, &e);
	else
		claims_print_table(stdout, &c, &e);
	/*
	 * A directional row whose metric was not measured is a claim never
	 * tested: a gate must not pass it unless told to. "not shown" was
	 * tested, with too little power, and passes unless told otherwise.
	 */
	if (e.count[VERDICT_CONTRADICTED])
		ret = EXIT_CONTRADICTED;
	else if (e.count_dir[VERDICT_NOT_MEASURABLE] && !o.allow_untested)
		ret = EXIT_UNTESTED;
	else if (o.fail_not_shown && e.count[VERDICT_NOT_SHOWN])
		ret = EXIT_CONTRADICTED;
	else
		ret = EXIT_HOLD;
	if (ret == EXIT_UNTESTED)
		fprintf(stderr, "claims: %zu directional row%s named a metric that "
			"was not measured: untested, exit %d (--allow-not-measurable "
			"accepts it)\n", e.count_dir[VERDICT_NOT_MEASURABLE],
			e.count_dir[VERDICT_NOT_MEASURABLE] == 1 ? "" : "s",
			EXIT_UNTESTED);
	if (f.pc.nr_queries)
		fprintf(stderr, "claims: %zu Prometheus queries\n", f.pc.nr_queries);
out:
	if (ret == EXIT_BAD_INPUT)
		fprintf(stderr, "error: %s\n", err.msg);
	claims_fleet_free(&f);
	claims_seq_free(&seq);
	claims_eval_free(&e);
	claims_free(&c);
	return ret;
}
