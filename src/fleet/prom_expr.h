/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A claims row as one PromQL instant query over an arm of hosts
 * (zswap-gate claims --prometheus, docs/claims.md "A fleet"): its value
 * per host over a window, in the unit records give the row.
 *
 * A metric: row maps through the registry's Prometheus names: a counter
 * is increase() over the window, a level avg_over_time() (the pool's
 * mean and max samples of a record are avg_over_time and max_over_time
 * of the exported level), a ratio the increase of its numerator over
 * that of its denominator, a histogram's {stat=pNN} histogram_quantile()
 * over the increase of its buckets, {stat=mean} the increase of _sum over
 * that of _count, {stat=count} the increase of _count. The exporter's
 * base units (seconds) are divided back into the record's (ns, us).
 * Globs (a label value with * ? [) become regular expressions and, as in
 * records, sum their members by host without the "any" totals; a list of
 * names sums them by host.
 *
 * A promql: row is the user's expression with $SELECTOR (the arm's
 * matchers), $WINDOW, $BY (the host label) and every --set NAME=VALUE
 * substituted; $NAME or ${NAME}. An unknown placeholder is an error.
 */
#ifndef __PROM_EXPR_H
#define __PROM_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include "claims.h"
#include "zs_error.h"

#define PROM_EXPR_LEN 4096
#define PROM_MAX_SETS 16

struct prom_set {
	char name[64];
	char value[256];
};

/* What every row's query of one arm shares. */
struct prom_scope {
	const char *selector;	/* the arm's matchers: kernel="7.3.4" */
	const char *window;	/* a Prometheus duration: 24h */
	const char *by;		/* the label whose values are hosts */
	const struct prom_set *sets;
	int nr_sets;
};

enum prom_expr_result {
	PROM_EXPR_OK,
	PROM_EXPR_NA,		/* not measurable from Prometheus: why says */
	PROM_EXPR_BAD,		/* bad input (a placeholder not set): err */
};

/*
 * The row's query into out (len bytes): its promql: when it has one,
 * else its metric: names mapped. PROM_EXPR_NA with why when the row has
 * no Prometheus form (a recorded command's figure, a family the exporter
 * does not export); PROM_EXPR_BAD with err.
 */
enum prom_expr_result prom_expr_row(const struct claim_row *row,
				    const struct prom_scope *s, char *out,
				    size_t len, char *why, size_t why_len,
				    struct zs_error *err);

/* A Prometheus duration (1h30m, 24h, 90s, 500ms): true when well formed. */
bool prom_duration_ok(const char *s);
/* The longest duration read: 100 years. */
#define PROM_DURATION_MS_MAX (100 * 31536000000LL)
/* The same in milliseconds, or -1 (malformed, or past the longest). */
long long prom_duration_ms(const char *s);

#endif /* __PROM_EXPR_H */
