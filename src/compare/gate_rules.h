/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The gate: which compared metrics fail a CI job.
 *
 * Rules (--fail-on RULE, or one per line in --rules FILE, '#' comments):
 *   METRIC:+5%     fails when METRIC changed by +5% or more (B vs A)
 *   METRIC:-5%     fails when METRIC changed by -5% or more downwards
 *   METRIC:worse   fails on a change in the metric's worse direction
 *   METRIC:ignore  never fails (also switches the default off for it)
 * METRIC is an fnmatch(3) glob over metric names. A rule fails a metric
 * only when the change is also significant (Welch p < alpha).
 * Default, unless --no-default-gate: a significant change in the worse
 * direction of a metric the direction table marks as gating fails.
 *
 * The gate fails closed. A gating metric (one a rule other than ignore
 * names, or the default gates) that could not be compared is untested:
 * fewer than MIN_RUNS runs with a value in an arm, n/a in every run of
 * one arm, or in one arm's records only. So is a comparison in which no
 * gating metric was compared at all (each n/a in both arms: not
 * measurable on these kernels, listed, not untested one by one). Either
 * makes the result GATE_UNTESTED unless allow_untested.
 */
#ifndef __GATE_RULES_H
#define __GATE_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include "compare.h"
#include "zs_error.h"

enum rule_kind {
	RULE_THRESHOLD,
	RULE_WORSE,
	RULE_IGNORE,
};

struct gate_rule {
	char pattern[METRIC_NAME_LEN];
	enum rule_kind kind;
	double pct;		/* RULE_THRESHOLD: signed percentage */
	char text[METRIC_NAME_LEN + 32];
	char origin[128];	/* "--fail-on" or "FILE:LINE" */
	size_t matched;		/* metrics it applied to */
};

struct gate_rules {
	struct gate_rule *r;
	size_t n, cap;
	bool no_default;
	bool allow_untested;	/* untested metrics listed, result pass */
};

void gate_rules_free(struct gate_rules *g);
/* -1 with "ORIGIN: rule 'TEXT': what" in err on a malformed rule. */
int gate_rules_add(struct gate_rules *g, const char *text, const char *origin,
		   struct zs_error *err);
int gate_rules_load(struct gate_rules *g, const char *path, struct zs_error *err);

/*
 * Marks failed and untested metrics in c and sets c->result. Returns -1
 * with err when a rule matches no metric of either arm (a typo would
 * silently pass).
 */
int gate_apply(struct gate_rules *g, struct comparison *c, struct zs_error *err);

/* Some gating metric untested, or gating metrics and none compared. */
static inline bool gate_untested(const struct comparison *c)
{
	return c->nr_untested || (c->nr_gating && !c->nr_gated);
}

/*
 * Why m is untested, and what would test it: "too few runs: 1 in A, 1
 * in B with a value; 3 each needed (2 more in A, 2 more in B)".
 */
void gate_untested_why(char *buf, size_t len, const struct comparison *c,
		       const struct cmp_metric *m);

#endif /* __GATE_RULES_H */
