// SPDX-License-Identifier: GPL-2.0
/* Claims rows as PromQL instant queries (prom_expr.h). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "histogram.h"
#include "metric_id.h"
#include "level_stats.h"
#include "prom_expr.h"
#include "workload_metrics.h"

/* A growing string that remembers running out of room. */
struct sbuf {
	char *p;
	size_t len, used;
	bool full;
};

static void sb_add(struct sbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void sb_add(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->full)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->used, b->len - b->used, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= b->len - b->used)
		b->full = true;
	else
		b->used += n;
}

/* A number as PromQL reads it back to the same double. */
static void sb_num(struct sbuf *b, double v)
{
	char s[40];

	snprintf(s, sizeof(s), "%g", v);
	if (strtod(s, NULL) != v)
		snprintf(s, sizeof(s), "%.17g", v);
	sb_add(b, "%s", s);
}

long long prom_duration_ms(const char *s)
{
	static const struct {
		const char *unit;
		long long ms;
	} units[] = {	/* "ms" before "m" */
		{ "ms", 1 }, { "s", 1000 }, { "m", 60000 }, { "h", 3600000 },
		{ "d", 86400000 }, { "w", 604800000 }, { "y", 31536000000 },
	};
	long long total = 0;

	if (!*s)
		return -1;
	while (*s) {
		long long v = 0;
		size_t u;

		if (!isdigit((unsigned char)*s))
			return -1;
		for (; isdigit((unsigned char)*s); s++)
			if ((v = v * 10 + (*s - '0')) > PROM_DURATION_MS_MAX)
				return -1;
		for (u = 0; u < sizeof(units) / sizeof(units[0]); u++)
			if (!strncmp(s, units[u].unit, strlen(units[u].unit)))
				break;
		if (u == sizeof(units) / sizeof(units[0]) ||
		    v > (PROM_DURATION_MS_MAX - total) / units[u].ms)
			return -1;
		total += v * units[u].ms;
		s += strlen(units[u].unit);
	}
	return total;
}

bool prom_duration_ok(const char *s)
{
	return prom_duration_ms(s) >= 0;
}

/* ---- placeholders ------------------------------------------------- */

static const char *set_value(const struct prom_scope *s, const char *name,
			     size_t n)
{
	static const char *const reserved[] = { "SELECTOR", "WINDOW", "BY" };
	const char *val[] = { s->selector, s->window, s->by };

	for (int i = 0; i < 3; i++)
		if (strlen(reserved[i]) == n && !strncmp(reserved[i], name, n))
			return val[i];
	for (int i = 0; i < s->nr_sets; i++)
		if (strlen(s->sets[i].name) == n && !strncmp(s->sets[i].name, name, n))
			return s->sets[i].value;
	return NULL;
}

/* in with every $NAME and ${NAME} replaced; -1 with err for an unset one */
static int substitute(const char *in, const struct prom_scope *s,
		      const struct claim_row *row, struct sbuf *b,
		      struct zs_error *err)
{
	for (const char *p = in; *p; p++) {
		bool brace = p[1] == '{';
		const char *name = p + 1 + brace, *e = name, *v;

		if (*p != '$') {
			sb_add(b, "%c", *p);
			continue;
		}
		while (isalnum((unsigned char)*e) || *e == '_')
			e++;
		if (e == name || isdigit((unsigned char)*name) || (brace && *e != '}'))
			return zs_error_set(err, true, "row '%s' (line %d): a '$' "
					    "not followed by a placeholder NAME or "
					    "{NAME}: %.80s", row->label, row->line, p);
		v = set_value(s, name, e - name);
		if (!v)
			return zs_error_set(err, true, "row '%s' (line %d): $%.*s "
					    "is not set: --set %.*s=VALUE "
					    "($SELECTOR, $WINDOW and $BY are the "
					    "arm's)", row->label, row->line,
					    (int)(e - name), name, (int)(e - name),
					    name);
		sb_add(b, "%s", v);
		p = e - !brace;
	}
	return 0;
}

/* ---- metric: rows -------------------------------------------------- */

/*
 * Record families with no series of their own whose value is a sample
 * statistic of another's exported level over the window.
 */
static const struct {
	int fam, of;
	const char *fn;
} level_stats[] = {
	{ MF_CGROUP_ZSWAP_MEAN, MF_CGROUP_ZSWAP_BYTES, "avg_over_time" },
	{ MF_CGROUP_ZSWAP_MAX, MF_CGROUP_ZSWAP_BYTES, "max_over_time" },
};

static bool is_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

/* v as a PromQL string's contents: backslash and quote escaped */
static void sb_quoted(struct sbuf *b, const char *v)
{
	for (; *v; v++)
		sb_add(b, *v == '"' || *v == '\\' ? "\\%c" : "%c", *v);
}

/* an fnmatch glob as an RE2 expression inside a PromQL string */
static void sb_glob_re(struct sbuf *b, const char *g)
{
	for (; *g; g++) {
		if (*g == '*')
			sb_add(b, ".*");
		else if (*g == '?')
			sb_add(b, ".");
		else if (*g == '[') {
			sb_add(b, "[");
			if (g[1] == '!') {
				sb_add(b, "^");
				g++;
			}
		} else if (strchr(".+()|{}^$\\", *g))
			sb_add(b, "\\\\%c", *g);
		else if (*g == '"')
			sb_add(b, "\\\"");
		else
			sb_add(b, "%c", *g);
	}
}

/* {SELECTOR,key="value",...}: the arm's matchers and the name's labels */
static void sb_matchers(struct sbuf *b, const struct prom_scope *s,
			const struct metric_label_set *ls)
{
	sb_add(b, "{%s", s->selector);
	for (int i = 0; i < ls->n; i++) {
		if (!is_glob(ls->l[i].value)) {
			sb_add(b, ",%s=\"", ls->l[i].key);
			sb_quoted(b, ls->l[i].value);
			sb_add(b, "\"");
			continue;
		}
		/* a glob sums members, never a family's "any" total */
		sb_add(b, ",%s=~\"", ls->l[i].key);
		sb_glob_re(b, ls->l[i].value);
		sb_add(b, "\",%s!=\"any\"", ls->l[i].key);
	}
	sb_add(b, "}");
}

static double scale_of(const struct metric_family *f)
{
	return f->prom.scale ? f->prom.scale : 1;
}

static void sb_unscale(struct sbuf *b, double scale)
{
	if (scale != 1) {
		sb_add(b, " / ");
		sb_num(b, scale);
	}
}

/* FN(NAME{m}[W]), summed by host when sum */
static void sb_range(struct sbuf *b, const struct prom_scope *s, bool sum,
		     const char *fn, const char *name, const char *suffix,
		     const struct metric_label_set *ls)
{
	if (sum)
		sb_add(b, "sum by (%s) (", s->by);
	sb_add(b, "%s(%s%s", fn, name, suffix);
	sb_matchers(b, s, ls);
	sb_add(b, "[%s])%s", s->window, sum ? ")" : "");
}

static int hist_expr(struct sbuf *b, const struct prom_scope *s,
		     const struct metric_family *f, enum hist_stat st,
		     const struct metric_label_set *ls)
{
	static const double q[HIST_STAT_NR] = {
		[HIST_STAT_P50] = 0.5, [HIST_STAT_P90] = 0.9, [HIST_STAT_P99] = 0.99,
	};
	const char *h = f->prom.hist;

	sb_add(b, "(");
	if (st == HIST_STAT_MEAN) {
		sb_range(b, s, true, "increase", h, "_sum", ls);
		sb_add(b, " / ");
		sb_range(b, s, true, "increase", h, "_count", ls);
	} else if (st == HIST_STAT_COUNT) {
		sb_range(b, s, true, "increase", h, "_count", ls);
	} else {
		sb_add(b, "histogram_quantile(%g, sum by (%s, le) (", q[st], s->by);
		sb_range(b, s, false, "increase", h, "_bucket", ls);
		sb_add(b, "))");
	}
	sb_add(b, ")");
	if (st != HIST_STAT_COUNT)
		sb_unscale(b, scale_of(f));
	return 0;
}

/* A ratio's numerator over its denominator, both increases by host. */
static int ratio_expr(struct sbuf *b, const struct prom_scope *s,
		      const struct metric_family *f,
		      const struct metric_label_set *ls, char *why, size_t wl)
{
	const struct metric_family *num = metric_family(f->num);
	const struct metric_family *den = metric_family(f->den);
	double k = (f->ratio_scale ? f->ratio_scale : 1) * scale_of(den) /
		   scale_of(num);

	if (!metric_family_has_parts(f) || !num->prom.name || !den->prom.name ||
	    num->kind != MK_COUNT || den->kind != MK_COUNT) {
		snprintf(why, wl, "%s: a ratio whose parts are not exported "
			 "counters (give the row a promql:)", f->name);
		return -1;
	}
	sb_add(b, "(");
	sb_range(b, s, true, "increase", num->prom.name, "", ls);
	sb_add(b, " / ");
	sb_range(b, s, true, "increase", den->prom.name, "", ls);
	sb_add(b, ")");
	if (k != 1) {
		sb_add(b, " * ");
		sb_num(b, k);
	}
	return 0;
}

/* One name's expression; -1 with why when Prometheus has no form of it. */
static int metric_expr(struct sbuf *b, const char *name,
		       const struct prom_scope *s, bool sum, char *why,
		       size_t wl)
{
	char base[METRIC_NAME_LEN + 256];
	const struct metric_family *f;
	struct metric_label_set ls;
	struct metric_id id;
	enum level_stat lst;
	enum hist_stat st;
	size_t hl, ll;
	int hs = hist_stat_parse(name, &hl, &st);
	int lvs = level_stat_parse(name, &ll, &lst);

	snprintf(base, sizeof(base), "%.*s", (int)(hs == 1 ? hl : lvs == 1 ? ll :
		 strlen(name)), name);
	if (!strncmp(base, WORKLOAD_PREFIX, strlen(WORKLOAD_PREFIX))) {
		snprintf(why, wl, "%.100s: a recorded command's own figure, in "
			 "records only (give the row a promql: over the "
			 "application's metrics)", base);
		return -1;
	}
	if (metric_id_parse(base, &id) || !id.fam) {
		snprintf(why, wl, "%.100s: no family of the toolkit's, so no "
			 "Prometheus name (give the row a promql:)", base);
		return -1;
	}
	f = id.fam;
	metric_id_labels(base, &id, &ls);
	sum = sum || is_glob(base);
	/* a level's statistic over the window: Prometheus' own, of its series */
	if (lvs == 1 && (f->kind == MK_LEVEL || !f->prom.hist)) {
		static const char *const fn[LEVEL_STAT_NR] = {
			[LEVEL_STAT_MEAN] = "avg_over_time",
			[LEVEL_STAT_MAX] = "max_over_time",
			[LEVEL_STAT_MIN] = "min_over_time",
		};

		if (!f->prom.name || f->prom.gauge || f->kind != MK_LEVEL) {
			snprintf(why, wl, "%.100s: not exported to Prometheus as "
				 "a level of its own", base);
			return -1;
		}
		sb_add(b, "(");
		sb_range(b, s, sum, fn[lst], f->prom.name, "", &ls);
		sb_add(b, ")");
		sb_unscale(b, scale_of(f));
		return 0;
	}
	if (hs == 1) {
		if (!f->prom.hist) {
			snprintf(why, wl, "%.100s: its histogram is not exported", base);
			return -1;
		}
		return hist_expr(b, s, f, st, &ls);
	}
	for (size_t i = 0; i < sizeof(level_stats) / sizeof(level_stats[0]); i++)
		if (metric_family_id(f) == level_stats[i].fam) {
			const struct metric_family *of = metric_family(level_stats[i].of);

			sb_add(b, "(");
			sb_range(b, s, sum, level_stats[i].fn, of->prom.name, "", &ls);
			sb_add(b, ")");
			sb_unscale(b, scale_of(of));
			return 0;
		}
	if (f->kind == MK_RATIO)
		return ratio_expr(b, s, f, &ls, why, wl);
	if (!f->prom.name || f->prom.gauge) {
		snprintf(why, wl, "%.100s: not exported to Prometheus as a series "
			 "of its own (%.200s)", base, f->prom.gauge ?
			 "a gauge of each export window's change" :
			 f->prom.skip ? f->prom.skip : "no name");
		return -1;
	}
	sb_add(b, "(");
	sb_range(b, s, sum, f->kind == MK_COUNT ? "increase" : "avg_over_time",
		 f->prom.name, "", &ls);
	sb_add(b, ")");
	sb_unscale(b, scale_of(f));
	return 0;
}

enum prom_expr_result prom_expr_row(const struct claim_row *row,
				    const struct prom_scope *s, char *out,
				    size_t len, char *why, size_t why_len,
				    struct zs_error *err)
{
	struct sbuf b = { out, len, 0, false };

	out[0] = '\0';
	if (row->unmapped[0]) {
		snprintf(why, why_len, "unmapped: %s", row->unmapped);
		return PROM_EXPR_NA;
	}
	if (row->promql[0]) {
		if (substitute(row->promql, s, row, &b, err))
			return PROM_EXPR_BAD;
		/* without the arm's matchers every arm reads the same hosts */
		if (!strstr(row->promql, "$SELECTOR") &&
		    !strstr(row->promql, "${SELECTOR}")) {
			zs_error_set(err, true, "row '%s' (line %d): promql: has no "
				     "$SELECTOR, so every arm would read the same "
				     "series", row->label, row->line);
			return PROM_EXPR_BAD;
		}
	} else {
		for (int i = 0; i < row->nr_metrics; i++) {
			char name[METRIC_NAME_LEN + 256];
			struct sbuf nb = { name, sizeof(name), 0, false };

			/* $CGROUP of a record's name is a --set value here */
			if (substitute(row->metric[i], s, row, &nb, err))
				return PROM_EXPR_BAD;
			if (nb.full) {
				zs_error_set(err, true, "row '%s': metric name too long "
					     "once substituted", row->label);
				return PROM_EXPR_BAD;
			}
			if (i)
				sb_add(&b, " + ");
			if (metric_expr(&b, name, s, row->nr_metrics > 1, why,
					why_len))
				return PROM_EXPR_NA;
		}
	}
	if (b.full) {
		zs_error_set(err, true, "row '%s' (line %d): its query is longer "
			     "than %zu characters", row->label, row->line, len - 1);
		return PROM_EXPR_BAD;
	}
	return PROM_EXPR_OK;
}
