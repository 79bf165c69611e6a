// SPDX-License-Identifier: GPL-2.0
/*
 * The quoted change against the measured change's interval, beside the
 * verdict (enum quoted_fit), on arms built here: each row's expected
 * fit follows from where its quoted change lies against the interval
 * the arms give, which the checks state alongside. FIT_SHOW=1 prints
 * the table (docs/claims.md quotes the issue row's interval from it).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include "claims.h"
#include "claims_eval.h"
#include "claims_output.h"
#include "harness.h"

#define FIT_RUNS 5

/* A row's metric and its values in the base and the new arm. */
struct fit_metric {
	const char *name;
	double v[2][FIT_RUNS];
};

static const char fit_claims[] =
	"schema: zswap-claims/1\nseries: fit\nsetup:\n  stated: a test\n"
	"tables:\n  - id: t\n    title: fits\n    columns: [base, new]\n"
	"    rows:\n"
	/* the row: -78.8% quoted, about [-9%, +14%] measured */
	"      - label: issue\n        metric: m_flat\n"
	"        quoted: [100, 21.2]\n"
	"      - label: within\n        metric: m_half\n"
	"        quoted: [100, 50]\n"
	/* absolute values of a ratio, 1.07 -> 1.30: +21.5% quoted */
	"      - label: ratio exceeded\n        metric: m_ratio\n"
	"        quoted: [1.07, 1.30]\n"
	"      - label: holds, smaller\n        metric: m_tenth\n"
	"        change_pct: -78.8\n        quoted: [\"a\", \"b\"]\n"
	"      - label: other way\n        metric: m_rise\n"
	"        change_pct: -20\n        quoted: [null, null]\n"
	"      - label: no quoted change\n        metric: m_half\n"
	"        claim: lower\n        quoted: [null, null]\n"
	"      - label: log within\n        metric: m_half\n"
	"        scale: log\n        change_pct: -50\n        quoted: [null, null]\n"
	"      - label: same, quoted 0\n        metric: m_tenth_up\n"
	"        claim: same\n        quoted: [40214, 40214]\n"
	"      - label: unbounded\n        metric: m_near0\n"
	"        change_pct: 500\n        quoted: [null, null]\n"
	/* 005's pswpin: 472,978 -> 0 quoted, every new run 0, on ln(1 + v) */
	"      - label: to nothing\n        metric: m_gone\n"
	"        scale: log\n        quoted: [472978, 0]\n";

static const struct fit_metric fit_metrics[] = {
	{ "m_flat", { { 100, 110, 90, 105, 95 }, { 102, 112, 92, 107, 97 } } },
	{ "m_half", { { 100, 102, 98, 101, 99 }, { 50, 52, 48, 51, 49 } } },
	{ "m_ratio", { { 1, 1, 1, 1, 1 }, { 2.2, 2.3, 2.25, 2.2, 2.3 } } },
	{ "m_tenth", { { 100, 102, 98, 101, 99 }, { 90, 92, 88, 91, 89 } } },
	{ "m_rise", { { 100, 102, 98, 101, 99 }, { 130, 132, 128, 131, 129 } } },
	{ "m_tenth_up", { { 100, 102, 98, 101, 99 }, { 110, 112, 108, 111, 109 } } },
	{ "m_near0", { { 0, 4, 0, 1, 0 }, { 3, 9, 2, 6, 5 } } },
	{ "m_gone", { { 30105, 33880, 30777, 33580, 32086 }, { 0, 0, 0, 0, 0 } } },
};

static void fit_eval(struct claims_eval *e, struct claims *c)
{
	struct zs_error err;

	CHECK(!claims_parse("fit.yaml", fit_claims, sizeof(fit_claims) - 1, c,
			    &err), "parse: %s", err.msg);
	CHECK(!claims_eval_init(e, c, NULL, NULL, &err), "init: %s", err.msg);
	for (int i = 0; i < FIT_RUNS; i++)
		for (int k = 0; k < 2; k++) {
			struct record rec = { .meta = { .complete = true,
							.wall_time_s = -1 } };

			for (size_t m = 0; m < sizeof(fit_metrics) /
			     sizeof(fit_metrics[0]); m++)
				metric_set_value(&rec.metrics, fit_metrics[m].name,
						 "x", SRC_COUNTER,
						 fit_metrics[m].v[k][i]);
			CHECK(!claims_eval_add_record(e, k, &rec, "mem", &err),
			      "add: %s", err.msg);
			metric_set_free(&rec.metrics);
		}
	CHECK(!claims_eval_finish(e, &err), "finish: %s", err.msg);
}

static const struct row_eval *fit_row(const struct claims_eval *e,
				      const char *label)
{
	for (size_t i = 0; i < e->n; i++)
		if (!strcmp(e->r[i].row->label, label))
			return &e->r[i];
	return NULL;
}

static void expect_fit(const struct claims_eval *e, const char *label,
		       enum verdict v, enum quoted_fit fit)
{
	const struct row_eval *r = fit_row(e, label);

	CHECK(r && r->verdict == v && r->quoted_fit == fit,
	      "row '%s': %s, quoted change %s; want %s, %s ([%g, %g])", label,
	      r ? verdict_name(r->verdict) : "missing",
	      r ? quoted_fit_name(r->quoted_fit) : "",
	      verdict_name(v), quoted_fit_name(fit),
	      r ? r->ci_lo_pct : 0, r ? r->ci_hi_pct : 0);
}

/* Each case's verdict and fit, and the interval that makes it so. */
static void test_fit_cases(const struct claims_eval *e)
{
	const struct row_eval *r = fit_row(e, "issue");

	/* not shown, and the interval covers 0 but not the quoted -78.8% */
	expect_fit(e, "issue", VERDICT_NOT_SHOWN, QUOTED_EXCLUDED);
	CHECK(r && r->ci_lo_pct < 0 && r->ci_hi_pct > 0 && r->ci_lo_pct > -20 &&
	      r->ci_hi_pct < 20, "issue: an interval about [-9%%, +14%%] "
	      "([%g, %g])", r ? r->ci_lo_pct : 0, r ? r->ci_hi_pct : 0);
	/* the runs it would take are for the measured change, not the quoted */
	CHECK(r && r->power_for_measured, "issue: runs needed for the "
	      "measured change, not the excluded quoted one");
	expect_fit(e, "within", VERDICT_HOLDS, QUOTED_WITHIN);
	/* 1 -> 2.25 is +125%, its interval far above the quoted +21.5% */
	expect_fit(e, "ratio exceeded", VERDICT_HOLDS, QUOTED_EXCEEDED);
	r = fit_row(e, "ratio exceeded");
	CHECK(r && r->far && r->ci_method == CI_FIELLER,
	      "ratio: far, and its interval Fieller's");
	/* -10% holds but the interval lies well short of -78.8% */
	expect_fit(e, "holds, smaller", VERDICT_HOLDS, QUOTED_EXCLUDED);
	/* claimed -20%, measured +30%: excluded, the change goes the other way */
	expect_fit(e, "other way", VERDICT_CONTRADICTED, QUOTED_EXCLUDED);
	expect_fit(e, "no quoted change", VERDICT_HOLDS, QUOTED_NONE);
	/* on ln(1 + v) the change is -50.5%, its interval about +-2% */
	expect_fit(e, "log within", VERDICT_HOLDS, QUOTED_WITHIN);
	r = fit_row(e, "log within");
	CHECK(r && r->ci_method == CI_LOG, "log within: the log interval");
	/* quoted no change; +10% [+7, +13] leaves 0 out */
	expect_fit(e, "same, quoted 0", VERDICT_CONTRADICTED, QUOTED_EXCEEDED);
	/* base mean 1 +- 1.7 is not above 0: [lo, +inf) covers +500% */
	/* -100% quoted; on ln(1 + v) the measured change is -99.997%: the
	 * letter's rounding, not a change the interval excludes */
	expect_fit(e, "to nothing", VERDICT_HOLDS, QUOTED_WITHIN);
	r = fit_row(e, "unbounded");
	CHECK(r && !r->ci_bounded && r->quoted_fit == QUOTED_WITHIN,
	      "unbounded: +500%% within [%g, +inf) (%s)", r ? r->ci_lo_pct : 0,
	      r ? quoted_fit_name(r->quoted_fit) : "");
}

/* The fit in each rendering: the table's column, Markdown's, JSON's field. */
static void test_fit_outputs(const struct claims *c, const struct claims_eval *e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	json_object *o, *rows;

	claims_print_table(f, c, e);
	fflush(f);
	if (getenv("FIT_SHOW"))
		fputs(buf, stderr);
	CHECK(buf && strstr(buf, "quoted change") &&
	      strstr(buf, "the measured +2.0% [") &&
	      strstr(buf, "excludes the quoted -78.8% at 95% confidence: the "
		     "change is smaller than quoted"),
	      "table: the column and the issue row's reason (%s)", buf);
	CHECK(buf && strstr(buf, "lies beyond the quoted +21.5% at 95% "
			    "confidence: the change is larger than quoted (far"),
	      "table: an exceeded row says so, with far in the same sentence");
	CHECK(buf && strstr(buf, "excludes the quoted -20.0% at 95% confidence: "
			    "the change is the other way"),
	      "table: a change the other way is not called smaller");
	fclose(f);
	free(buf);
	f = open_memstream(&buf, &len);
	claims_print_markdown(f, c, e);
	fflush(f);
	CHECK(buf && strstr(buf, "| verdict | quoted change |") &&
	      strstr(buf, "| **not shown** | excluded |"),
	      "markdown: the column beside the verdict");
	fclose(f);
	free(buf);
	f = open_memstream(&buf, &len);
	claims_print_json(f, c, e);
	fclose(f);
	o = json_tokener_parse(buf);
	CHECK(o && json_object_object_get_ex(o, "rows", &rows),
	      "json: parses, has rows");
	for (size_t i = 0; o && i < json_object_array_length(rows); i++) {
		json_object *row = json_object_array_get_idx(rows, i), *fit;
		const struct row_eval *r = &e->r[i];
		const char *want = quoted_fit_name(r->quoted_fit);

		json_object_object_get_ex(row, "quoted_change", &fit);
		CHECK(want ? fit && !strcmp(json_object_get_string(fit), want) :
		      !fit, "json row %zu: quoted_change %s, want %s", i,
		      fit ? json_object_get_string(fit) : "null",
		      want ? want : "null");
	}
	json_object_put(o);
	free(buf);
}

void test_claims_fit(void)
{
	struct claims_eval e = { .alpha = 0.05, .holm = true,
				 .label = { "A", "B" } };
	struct claims c = {};

	fit_eval(&e, &c);
	test_fit_cases(&e);
	test_fit_outputs(&c, &e);
	claims_eval_free(&e);
	claims_free(&c);
}
