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
 * only when the change is also significant (Welch p < alpha); metrics
 * with too few runs, missing or dropped are never gated (listed instead).
 * Default, unless --no-default-gate: a significant change in the worse
 * direction of a metric the direction table marks as gating fails.
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
};

void gate_rules_free(struct gate_rules *g);
/* -1 with "ORIGIN: rule 'TEXT': what" in err on a malformed rule. */
int gate_rules_add(struct gate_rules *g, const char *text, const char *origin,
		   struct zs_error *err);
int gate_rules_load(struct gate_rules *g, const char *path, struct zs_error *err);

/*
 * Marks failed metrics in c (c->nr_failed). Returns -1 with err when a
 * rule matches no metric of either arm (a typo would silently pass).
 */
int gate_apply(struct gate_rules *g, struct comparison *c, struct zs_error *err);

#endif /* __GATE_RULES_H */
