// SPDX-License-Identifier: GPL-2.0
/* Verdicts of a claims file's rows on arms of records (claims_eval.h). */
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "claims_eval.h"
#include "level_stats.h"
#include "metric_id.h"
#include "record_walk.h"
#include "stats.h"
#include "workload_metrics.h"

const char *verdict_name(enum verdict v)
{
	static const char *const names[VERDICT_NR] = {
		[VERDICT_HOLDS] = "holds",
		[VERDICT_CONTRADICTED] = "contradicted",
		[VERDICT_NOT_SHOWN] = "not shown",
		[VERDICT_NOT_MEASURABLE] = "not measurable here",
	};

	return v < VERDICT_NR ? names[v] : "?";
}

const char *ci_method_name(enum ci_method m)
{
	static const char *const names[] = {
		[CI_FIELLER] = "fieller",
		[CI_LOG] = "log",
		[CI_DIFFERENCE] = "difference",
	};

	return m <= CI_DIFFERENCE ? names[m] : "?";
}

const char *quoted_fit_name(enum quoted_fit f)
{
	static const char *const names[] = {
		[QUOTED_WITHIN] = "within",
		[QUOTED_EXCLUDED] = "excluded",
		[QUOTED_EXCEEDED] = "exceeded",
	};

	return f > QUOTED_NONE && f <= QUOTED_EXCEEDED ? names[f] : NULL;
}

/* ---- selection ----------------------------------------------------- */

static int push_row(struct claims_eval *e, const struct claim_table *t,
		    const struct claim_row *row, int cmp, bool by_column)
{
	struct row_eval *r = realloc(e->r, (e->n + 1) * sizeof(*r));

	if (!r)
		return -1;
	e->r = r;
	r = &e->r[e->n++];
	memset(r, 0, sizeof(*r));
	r->t = t;
	r->row = row;
	r->cmp = cmp;
	for (int k = 0; k < 2; k++)
		r->arm_of[k] = by_column ? t->cmp[cmp][k] : k;
	return 0;
}

/* Every row of t, for the compared pairs cmp_lo..cmp_hi. */
static int push_table(struct claims_eval *e, const struct claim_table *t,
		      int cmp_lo, int cmp_hi, bool by_column)
{
	for (int cmp = cmp_lo; cmp <= cmp_hi; cmp++)
		for (size_t j = 0; j < t->nr_rows; j++)
			if (push_row(e, t, &t->rows[j], cmp, by_column))
				return -1;
	return 0;
}

/* The compared pair of t that pair ("BASE:NEW") names; first by default. */
static int table_pair(const struct claim_table *t, const char *pair)
{
	char base[64];
	const char *colon;

	if (!pair)
		return 0;
	colon = strchr(pair, ':');
	if (!colon || (size_t)(colon - pair) >= sizeof(base))
		return -1;
	snprintf(base, sizeof(base), "%.*s", (int)(colon - pair), pair);
	for (int i = 0; i < t->nr_cmps; i++)
		if (!strcmp(t->col[t->cmp[i][0]], base) &&
		    !strcmp(t->col[t->cmp[i][1]], colon + 1))
			return i;
	return -1;
}

int claims_eval_init(struct claims_eval *e, const struct claims *c,
		     const char *table_id, const char *pair,
		     struct zs_error *err)
{
	bool table_seen = false, by_column;

	if (!e->nr_arms)
		e->nr_arms = 2;
	by_column = e->nr_arms > 2;
	if (e->nr_arms < 2 || e->nr_arms > CLAIM_MAX_COLS) {
		zs_error_set(err, true, "%d arms: want 2 to %d", e->nr_arms,
			 CLAIM_MAX_COLS);
		return -1;
	}
	if (pair && by_column) {
		zs_error_set(err, true, "--compare names the columns of two arms; %d "
			 "arms stand for a table's columns in order", e->nr_arms);
		return -1;
	}
	if (pair && !strchr(pair, ':')) {
		zs_error_set(err, true, "--compare '%s': want BASE:NEW column names", pair);
		return -1;
	}
	for (size_t i = 0; i < c->nr_tables; i++) {
		const struct claim_table *t = &c->tables[i];
		int cmp;

		if (table_id && strcmp(t->id, table_id))
			continue;
		table_seen = true;
		if (by_column && t->nr_cols != e->nr_arms)
			continue;
		cmp = by_column ? 0 : table_pair(t, pair);
		if (cmp < 0)
			continue;
		if (push_table(e, t, cmp, by_column ? t->nr_cmps - 1 : cmp,
			       by_column)) {
			zs_error_set(err, true, "out of memory");
			return -1;
		}
	}
	if (table_id && !table_seen) {
		zs_error_set(err, true, "%s: no table '%s'", c->file, table_id);
		return -1;
	}
	if (!e->n && by_column) {
		zs_error_set(err, true, "%s: no table has %d columns, one an arm",
			 c->file, e->nr_arms);
		return -1;
	}
	if (!e->n) {
		zs_error_set(err, true, "%s: no table compares the columns '%s'",
			 c->file, pair ? pair : "");
		return -1;
	}
	return 0;
}

/* ---- a row's value in one record ----------------------------------- */

/* pattern with $CGROUP replaced by the record's cgroup; -1 when it has none */
static int expand(char *out, size_t len, const char *pattern,
		  const struct record *rec)
{
	const char *at = strstr(pattern, "$CGROUP");

	if (!at) {
		snprintf(out, len, "%s", pattern);
		return 0;
	}
	if (!rec->meta.cgroup[0])
		return -1;
	snprintf(out, len, "%.*s%s%s", (int)(at - pattern), pattern,
		 rec->meta.cgroup, at + strlen("$CGROUP"));
	return 0;
}

static bool has_value(const struct record *rec, const char *name)
{
	const struct metric *m = metric_set_find(&rec->metrics, name);

	return m && m->has_value;
}

/*
 * A labelled name of a family the record has only unlabelled, as n/a
 * (mthp_swpout{size=64kB} on a kernel without per-size stats): true
 * with that reason.
 */
static bool family_na_why(const char *name, const struct metric_set *ms,
			  char *why, size_t len)
{
	char bare[METRIC_NAME_LEN];
	const struct metric *m;

	if (!metric_unlabelled_key(name, bare, sizeof(bare)))
		return false;
	m = metric_set_find(ms, bare);
	if (!m || m->has_value)
		return false;
	snprintf(why, len, "%.80s: n/a in this record: %.140s", name,
		 m->reason[0] ? m->reason : "no reason given");
	return true;
}

/* Why a name that is neither a metric nor a histogram of rec is missing. */
static void missing_why(const char *name, const struct record *rec,
			char *why, size_t len)
{
	const struct metric_set *ms = &rec->metrics;
	bool workload = !strncmp(name, WORKLOAD_PREFIX, strlen(WORKLOAD_PREFIX));
	int code = rec->meta.exit_code;

	if (family_na_why(name, ms, why, len))
		return;
	if (metric_set_find_hist(ms, name))
		snprintf(why, len, "%.60s is a histogram: name one of its "
			 "statistics, %.60s" METRIC_STAT_PREFIX "mean} (%s)",
			 name, name, hist_stat_list);
	else if (workload && code > 128)	/* killed by a signal */
		snprintf(why, len, "%.100s: the recorded command was killed "
			 "(exit %d, signal %d%s) before it reported it", name,
			 code, code - 128, code == 137 ?
			 ": SIGKILL, the OOM killer's signal" : "");
	else if (workload)
		snprintf(why, len, "%.100s: the recorded command reported no "
			 "such figure (see zswap-workload --help)", name);
	else if (metric_family_of_key(name))
		snprintf(why, len, "%.100s: not in the record (recorded without "
			 "the option that measures it, --locks or --iocost, or "
			 "on a kernel without its source)", name);
	else
		snprintf(why, len, "%.100s: no such metric or histogram in the "
			 "record, and the toolkit has none of that name", name);
}

/*
 * A sparse family's metric (a lock and caller with no contention) is
 * absent from a record taken with its source on, which the record shows
 * by a metric of family sparse_with (the totals, always written): 0
 * there, not n/a, so claims need no `requires:` for it.
 */
static bool sparse_absent_is_zero(const char *name, const struct record *rec)
{
	const struct metric_family *f = metric_family_of_key(name), *with;
	const struct metric_set *ms = &rec->metrics;

	if (!f || !f->sparse)
		return false;
	with = metric_family(f->sparse_with);
	for (size_t i = 0; i < ms->n; i++)
		if (ms->m[i].id.fam == with && ms->m[i].has_value)
			return true;
	return false;
}

/*
 * A sampled level's statistic the record lacks (KEY{stat=S}): a record
 * that did not sample its levels (an older zswap-gate, or one whose
 * window had no ticks), or lacks the level itself; true with why.
 */
static bool level_stat_absent(const char *name, const struct record *rec,
			      char *why, size_t len)
{
	const struct metric_family *f = metric_family_of_key(name);
	char level[METRIC_NAME_LEN];
	enum level_stat st;
	size_t bl;

	if (!f || !f->sampled || level_stat_parse(name, &bl, &st) != 1)
		return false;
	snprintf(level, sizeof(level), "%.*s", (int)bl, name);
	if (metric_set_find(&rec->metrics, level))
		snprintf(why, len, "%.80s: not in this record: it has %.60s at "
			 "the window's end only (recorded before levels were "
			 "sampled through the window)", name, level);
	else
		missing_why(level, rec, why, len);
	return true;
}

/*
 * A name's value: a metric, HIST{stat=S} of a histogram, or a level's
 * KEY{stat=S} as recorded; false with why when it is n/a in this record.
 */
static bool named_value(const char *name, const struct record *rec,
			double *out, char *why, size_t len)
{
	const struct metric_set *ms = &rec->metrics;
	const struct metric *m = metric_set_find(ms, name);
	const struct hist_metric *hm;
	char hist[METRIC_NAME_LEN];
	enum hist_stat st;
	size_t hl;

	if (m && m->has_value) {
		*out = m->value;
		return true;
	}
	if (m) {
		snprintf(why, len, "%.100s: %.150s", name, m->reason);
		return false;
	}
	if (level_stat_absent(name, rec, why, len))
		return false;
	if (hist_stat_parse(name, &hl, &st) != 1) {
		*out = 0;
		if (sparse_absent_is_zero(name, rec))
			return true;
		missing_why(name, rec, why, len);
		return false;
	}
	snprintf(hist, sizeof(hist), "%.*s", (int)hl, name);
	hm = metric_set_find_hist(ms, hist);
	m = hm ? NULL : metric_set_find(ms, hist);
	if (m && !m->has_value) {
		/* a histogram with no source: its n/a row says why */
		snprintf(why, len, "%.100s: %.150s", name, m->reason);
		return false;
	}
	if (!hm && !sparse_absent_is_zero(hist, rec)) {
		missing_why(hist, rec, why, len);
		return false;
	}
	/* absent from a sparse family's record: an empty histogram */
	if (hist_stat_value(hm ? &hm->h : &(struct hist){ .kind = HIST_LOG2 },
			    st, out))
		return true;
	snprintf(why, len, "%.100s: the histogram counted no events in this run",
		 name);
	return false;
}

/* A label value "any" marks a family's total over its other members. */
static bool names_total(const char *name)
{
	for (const char *p = strstr(name, "=any"); p; p = strstr(p + 4, "=any"))
		if (p[4] == ',' || p[4] == '}')
			return true;
	return false;
}

/* One pattern's value; false with why when it is n/a in this record. */
static bool pattern_value(const struct claim_row *row, const char *pattern,
			  const struct record *rec, double *out,
			  char *why, size_t len)
{
	const struct metric_set *ms = &rec->metrics;
	char name[METRIC_NAME_LEN + 256];
	bool matched = false;

	if (expand(name, sizeof(name), pattern, rec)) {
		snprintf(why, len, "%s: the record has no cgroup (record with "
			 "--cgroup)", pattern);
		return false;
	}
	if (!strcmp(name, "wall_time_s")) {
		*out = rec->meta.wall_time_s;
		if (*out >= 0)
			return true;
		snprintf(why, len, "wall_time_s: the record observed no command");
		return false;
	}
	if (!strpbrk(name, "*?["))
		return named_value(name, rec, out, why, len);
	*out = 0;
	for (size_t i = 0; i < ms->n; i++) {
		if (!ms->m[i].has_value || fnmatch(name, ms->m[i].name, 0))
			continue;
		/* a glob sums members: a total only where it names "any" */
		if (names_total(ms->m[i].name) && !names_total(name))
			continue;
		*out += ms->m[i].value;
		matched = true;
	}
	if (matched || (row->requires[0] && has_value(rec, row->requires)) ||
	    sparse_absent_is_zero(name, rec))
		return true;
	snprintf(why, len, "%.120s: no such metric in the record%s%.90s", name,
		 row->requires[0] ? ", nor " : "", row->requires);
	return false;
}

/* The row's value: its metrics summed. false with why when one is n/a. */
static bool row_value(const struct claim_row *row, const struct record *rec,
		      double *out, char *why, size_t len)
{
	for (int i = 0; i < row->nr_when; i++) {
		const char *v = record_zswap_param(&rec->meta, row->when[i][0]);

		if (!v || strcmp(v, row->when[i][1])) {
			snprintf(why, len, "the row needs %s=%s, the records have %s",
				 row->when[i][0], row->when[i][1],
				 v && *v ? v : "no such parameter");
			return false;
		}
	}
	if (!row->nr_metrics) {
		snprintf(why, len, "a promql: row: measured from Prometheus only "
			 "(claims --prometheus)");
		return false;
	}
	*out = 0;
	for (int i = 0; i < row->nr_metrics; i++) {
		double v;

		if (!pattern_value(row, row->metric[i], rec, &v, why, len))
			return false;
		*out += v;
	}
	return true;
}

/* ---- records ------------------------------------------------------- */

struct add_ctx {
	struct claims_eval *e;
	int arm;
};

static int add_walked(const struct record *rec, const char *path, void *ctx,
		      struct zs_error *err)
{
	struct add_ctx *a = ctx;

	return claims_eval_add_record(a->e, a->arm, rec, path, err);
}

/* The row's value in rec added to one side; -1 when out of memory. */
static int add_value(struct arm_values *av, const struct claim_row *row,
		     const struct record *rec)
{
	char why[METRIC_REASON_LEN] = "";
	bool first = !arm_values_reason(av)[0];
	double v;

	if (!row_value(row, rec, &v, first ? why : NULL, first ? sizeof(why) : 0)) {
		av->na_runs++;
		return first && why[0] ? arm_values_set_reason(av, "%s", why) : 0;
	}
	return arm_values_push(av, v);
}

int claims_eval_add_record(struct claims_eval *e, int arm,
			   const struct record *rec, const char *path,
			   struct zs_error *err)
{
	if (arm < 0 || arm >= e->nr_arms) {
		zs_error_set(err, true, "%s: arm %d of %d", path, arm, e->nr_arms);
		return -1;
	}
	if (record_admit(rec, path, e->allow_incomplete, &e->seen, err))
		return -1;
	e->nr_records[arm]++;
	kernels_add(e->kernels[arm], sizeof(e->kernels[0]),
		    rec->meta.kernel_release);
	probe_tally_add(&e->probes, arm, rec);
	for (size_t i = 0; i < e->n; i++) {
		struct row_eval *r = &e->r[i];

		for (int k = 0; k < 2; k++)
			if (r->arm_of[k] == arm && !r->row->unmapped[0] &&
			    add_value(&r->arm[k], r->row, rec)) {
				zs_error_set(err, true, "out of memory");
				return -1;
			}
	}
	return 0;
}

void claims_eval_set_runs(struct claims_eval *e, int arm, size_t n,
			  const char *what)
{
	e->fleet = true;
	e->nr_records[arm] = n;
	snprintf(e->kernels[arm], sizeof(e->kernels[arm]), "%s", what);
}

int claims_eval_add_path(struct claims_eval *e, int arm, const char *path,
			 struct zs_error *err)
{
	struct add_ctx a = { e, arm };

	return record_walk_path(path, &e->seen, add_walked, &a, err);
}

/* ---- statistics ---------------------------------------------------- */

static void describe_arm_na(struct row_eval *r, const struct claims_eval *e)
{
	for (int k = 0; k < 2; k++)
		if (!r->arm[k].n) {
			snprintf(r->why, sizeof(r->why), "%s: %s",
				 e->label[r->arm_of[k]], arm_values_reason(&r->arm[k]));
			return;
		}
}

/*
 * The row's values on the scale its test runs on: as they are, or
 * ln(1 + v) for `scale: log` (counts whose change is a ratio).
 */
static double *test_values(const struct row_eval *r, int k)
{
	double *t = malloc((r->arm[k].n ? r->arm[k].n : 1) * sizeof(*t));

	for (size_t i = 0; t && i < r->arm[k].n; i++)
		t[i] = r->row->log_scale ? log1p(r->arm[k].v[i]) : r->arm[k].v[i];
	return t;
}

/* A difference on the test scale as a relative change of the base, %. */
static double to_pct(const struct row_eval *r, double diff)
{
	return r->row->log_scale ? expm1(diff) * 100 : diff / fabs(r->mean[0]) * 100;
}

/*
 * The change's 1 - alpha interval: on the log scale Welch's interval of
 * the difference (a ratio of geometric means, above -100%); else as
 * compare gives it (change_ci_pct: Fieller's for values that cannot be
 * negative, else Welch's interval of the difference over the base mean).
 */
static void change_interval(struct row_eval *r, double se, double q,
			    double alpha)
{
	struct change_ci c;

	r->ci_bounded = true;
	if (!r->row->log_scale &&
	    !change_ci_pct(r->arm[0].v, r->arm[0].n, r->arm[1].v, r->arm[1].n,
			   alpha, &c)) {
		r->ci_method = c.fieller ? CI_FIELLER : CI_DIFFERENCE;
		r->ci_bounded = c.bounded;
		r->ci_lo_pct = c.lo_pct;
		r->ci_hi_pct = c.hi_pct;
		return;
	}
	r->ci_method = r->row->log_scale ? CI_LOG : CI_DIFFERENCE;
	r->ci_lo_pct = to_pct(r, r->tdiff - q * se);
	r->ci_hi_pct = to_pct(r, r->tdiff + q * se);
}

/*
 * Mean and sd of the values; Welch's test, the change and its 1 - alpha
 * confidence interval. -1 when out of memory.
 */
static int describe(struct row_eval *r, double alpha)
{
	double *t[2], se, q = 0;
	struct welch_result w;

	for (int k = 0; k < 2; k++)
		sample_mean_sd(r->arm[k].v, r->arm[k].n, &r->mean[k], &r->sd[k]);
	t[0] = test_values(r, 0);
	t[1] = test_values(r, 1);
	if (!t[0] || !t[1]) {
		free(t[0]);
		free(t[1]);
		return -1;
	}
	for (int k = 0; k < 2; k++)
		sample_mean_sd(t[k], r->arm[k].n, &r->tmean[k], &r->tsd[k]);
	r->tdiff = r->tmean[1] - r->tmean[0];
	se = sqrt(r->tsd[0] * r->tsd[0] / r->arm[0].n +
		  r->tsd[1] * r->tsd[1] / r->arm[1].n);
	if (welch_test(t[0], r->arm[0].n, t[1], r->arm[1].n, &w) == 0) {
		r->has_p = true;
		r->p = r->p_adj = w.p;
		if (se > 0)
			q = gsl_cdf_tdist_Pinv(1 - alpha / 2, w.df);
	}
	free(t[0]);
	free(t[1]);
	/* from an arm of zeros no change is a ratio, on either scale */
	r->has_change = fabs(r->mean[0]) > 0;
	if (r->has_change) {
		r->change_pct = to_pct(r, r->tdiff);
		change_interval(r, se, q, alpha);
	}
	return 0;
}

/* Holm's step-down adjustment over the directional rows with a p. */
static int cmp_p(const void *a, const void *b)
{
	const struct row_eval *x = *(struct row_eval *const *)a;
	const struct row_eval *y = *(struct row_eval *const *)b;

	return x->p < y->p ? -1 : x->p > y->p;
}

static int holm(struct claims_eval *e)
{
	struct row_eval **t = calloc(e->n ? e->n : 1, sizeof(*t));
	double running = 0;
	size_t m = 0;

	if (!t)
		return -1;
	for (size_t i = 0; i < e->n; i++) {
		struct row_eval *r = &e->r[i];

		if (r->has_p && r->row->dir[r->cmp] != CLAIM_SAME &&
		    r->verdict != VERDICT_NOT_MEASURABLE)
			t[m++] = r;
	}
	e->nr_tests = m;
	qsort(t, m, sizeof(*t), cmp_p);
	for (size_t i = 0; i < m; i++) {
		double adj = fmin(1, (double)(m - i) * t[i]->p);

		running = fmax(running, adj);
		t[i]->p_adj = e->holm ? running : t[i]->p;
	}
	free(t);
	return 0;
}

/*
 * The quoted change against the measured change's interval. A quoted
 * rise with the interval wholly below it is excluded (the change is
 * smaller, or a fall), wholly above it exceeded; a quoted fall mirrors
 * that; a quoted 0 left out of the interval is exceeded.
 */
/*
 * Letters round their changes (-100.0%, 56%): a quoted change within half
 * a tenth of a point of the interval is within it (005's pswpin, 472,978
 * -> 0 quoted, every run 0: -99.997% on the ln(1 + v) scale).
 */
#define QUOTED_SLACK_PCT 0.05

static enum quoted_fit fit_quoted(const struct row_eval *r)
{
	double q = r->row->change_pct[r->cmp];
	bool above;

	if (!r->row->has_change[r->cmp] || !r->has_change || !r->has_p)
		return QUOTED_NONE;
	if (r->ci_lo_pct - QUOTED_SLACK_PCT <= q && q <= r->ci_hi_pct + QUOTED_SLACK_PCT)
		return QUOTED_WITHIN;
	above = r->ci_lo_pct > q;
	return q == 0 || above == (q > 0) ? QUOTED_EXCEEDED : QUOTED_EXCLUDED;
}

static double pooled_sd(const struct row_eval *r)
{
	return sqrt((r->tsd[0] * r->tsd[0] + r->tsd[1] * r->tsd[1]) / 2);
}

/* A relative change of the base, %, as a difference on the test scale. */
static double from_pct(const struct row_eval *r, double pct)
{
	return r->row->log_scale ? log1p(pct / 100) : pct / 100 * fabs(r->mean[0]);
}

/*
 * Runs per arm to detect the quoted change (else the measured one) at
 * alpha / m, the level Holm's step-down asks of the smallest of m p's:
 * enough runs for the row to hold whatever the other rows show. A quoted
 * change the interval excludes is not the one more runs would find.
 */
static void power_estimate(struct row_eval *r, double alpha)
{
	const struct claim_row *row = r->row;
	double delta, sd = pooled_sd(r);

	if (row->has_change[r->cmp] && r->has_change &&
	    r->quoted_fit != QUOTED_EXCLUDED) {
		delta = fabs(from_pct(r, row->change_pct[r->cmp]));
	} else {
		delta = fabs(r->tdiff);
		r->power_for_measured = true;
	}
	if (!(delta > 0))
		return;
	if (sd <= 0) {
		r->runs_needed = 2;	/* no spread: any difference shows */
		return;
	}
	r->runs_needed = t_test_runs_needed(delta / sd, alpha, CLAIM_POWER,
					    CLAIM_MAX_RUNS);
}

static void directional(struct row_eval *r, double alpha, double power_alpha,
			bool runs_needed)
{
	enum claim_dir d = r->row->dir[r->cmp];
	const struct claim_row *row = r->row;

	if (r->p_adj < alpha && r->tdiff != 0) {
		bool ok = d == CLAIM_LOWER ? r->tdiff < 0 : r->tdiff > 0;

		r->verdict = ok ? VERDICT_HOLDS : VERDICT_CONTRADICTED;
		if (ok && row->has_change[r->cmp] && r->has_change) {
			double q = fabs(row->change_pct[r->cmp]);
			double m = fabs(r->change_pct);

			r->far = m * CLAIM_FAR_FACTOR < q || m > q * CLAIM_FAR_FACTOR;
		}
		return;
	}
	r->verdict = VERDICT_NOT_SHOWN;
	if (runs_needed)
		power_estimate(r, power_alpha);
}

/* Equivalence: the change's confidence interval against +- the margin. */
static void same(struct row_eval *r, double alpha, bool runs_needed)
{
	double margin = r->row->margin_pct, sd = pooled_sd(r), room;

	if (!r->has_change) {
		/* base 0: the same only when both arms are exactly 0 */
		r->verdict = r->mean[1] == 0 && sd == 0 ? VERDICT_HOLDS :
			     VERDICT_NOT_SHOWN;
		return;
	}
	if (r->ci_lo_pct >= -margin && r->ci_hi_pct <= margin) {
		r->verdict = VERDICT_HOLDS;
		return;
	}
	if (r->ci_lo_pct > margin || r->ci_hi_pct < -margin) {
		r->verdict = VERDICT_CONTRADICTED;
		return;
	}
	r->verdict = VERDICT_NOT_SHOWN;
	/* runs for the interval's half width to fit in what the margin leaves */
	room = fmin(fabs(from_pct(r, margin)), fabs(from_pct(r, -margin))) -
	       fabs(r->tdiff);
	if (room <= 0 || sd <= 0 || !runs_needed)
		return;
	for (unsigned n = 2; n <= CLAIM_MAX_RUNS; n += n < 64 ? 1 : n / 8) {
		double q = gsl_cdf_tdist_Pinv(1 - alpha / 2, 2.0 * n - 2);

		if (q * sd * sqrt(2.0 / n) <= room) {
			r->runs_needed = n;
			return;
		}
	}
}

/* A row's results cleared, its selection and values kept. */
static void row_reset(struct row_eval *r)
{
	struct row_eval in = {
		.t = r->t, .row = r->row, .cmp = r->cmp,
		.arm_of = { r->arm_of[0], r->arm_of[1] },
		.arm = { r->arm[0], r->arm[1] },
		.src = { r->src[0], r->src[1] },
	};

	*r = in;
}

/* Describes a row; false when it has no test (its verdict is set). */
static bool row_stats(struct row_eval *r, const struct claims_eval *e,
		      double alpha, int *oom)
{
	if (r->row->unmapped[0]) {
		r->verdict = VERDICT_NOT_MEASURABLE;
		snprintf(r->why, sizeof(r->why), "unmapped: %s", r->row->unmapped);
		return false;
	}
	if (!r->arm[0].n || !r->arm[1].n) {
		/* the arm that has values still shows them */
		for (int k = 0; k < 2; k++)
			sample_mean_sd(r->arm[k].v, r->arm[k].n, &r->mean[k],
				       &r->sd[k]);
		r->verdict = VERDICT_NOT_MEASURABLE;
		describe_arm_na(r, e);
		return false;
	}
	if (describe(r, alpha)) {
		*oom = 1;
		return false;
	}
	if (r->arm[0].n < MIN_RUNS || r->arm[1].n < MIN_RUNS) {
		r->verdict = VERDICT_NOT_SHOWN;
		r->has_p = false;
		snprintf(r->why, sizeof(r->why),
			 "too few runs (%zu and %zu; %d per arm needed)",
			 r->arm[0].n, r->arm[1].n, MIN_RUNS);
	} else if (!r->has_p) {
		/* never "holds" by default: the verdict starts at 0 */
		r->verdict = VERDICT_NOT_SHOWN;
		snprintf(r->why, sizeof(r->why), "Welch's test could "
			 "not be computed on these values");
	}
	r->quoted_fit = fit_quoted(r);
	return r->has_p;
}

void claims_eval_count(struct claims_eval *e)
{
	memset(e->count, 0, sizeof(e->count));
	memset(e->count_dir, 0, sizeof(e->count_dir));
	memset(e->count_same, 0, sizeof(e->count_same));
	e->nr_unmapped = 0;
	for (size_t i = 0; i < e->n; i++) {
		const struct row_eval *r = &e->r[i];

		e->count[r->verdict]++;
		if (r->row->unmapped[0])
			e->nr_unmapped++;
		else if (r->row->dir[r->cmp] == CLAIM_SAME)
			e->count_same[r->verdict]++;
		else
			e->count_dir[r->verdict]++;
	}
}

int claims_eval_judge(struct claims_eval *e, double alpha)
{
	bool runs_needed = !e->skip_runs_needed;
	int oom = 0;

	for (size_t i = 0; i < e->n; i++) {
		row_reset(&e->r[i]);
		row_stats(&e->r[i], e, alpha, &oom);
	}
	if (oom || holm(e))
		return -1;
	for (size_t i = 0; i < e->n; i++) {
		struct row_eval *r = &e->r[i];

		if (r->verdict == VERDICT_NOT_MEASURABLE || !r->has_p)
			;
		else if (r->row->dir[r->cmp] == CLAIM_SAME)
			same(r, alpha, runs_needed);
		else
			directional(r, alpha, e->holm && e->nr_tests ?
				    alpha / e->nr_tests : alpha, runs_needed);
	}
	claims_eval_count(e);
	return 0;
}

_Static_assert(CLAIM_MAX_COLS <= PROBE_MAX_ARMS, "an arm per column");

int claims_eval_finish(struct claims_eval *e, struct zs_error *err)
{
	const char *labels[CLAIM_MAX_COLS];

	for (int k = 0; k < e->nr_arms; k++) {
		if (!e->nr_records[k]) {
			zs_error_set(err, true, "arm %s has no %s", e->label[k],
				     e->fleet ? "hosts" : "records");
			return -1;
		}
		labels[k] = e->label[k];
	}
	e->nr_warnings = 0;
	for (int o = 0; o < RPO_NR; o++)
		if (probe_tally_warning(&e->probes, e->nr_arms, labels, o,
					e->warnings[e->nr_warnings],
					sizeof(e->warnings[0])))
			e->nr_warnings++;
	if (claims_eval_judge(e, e->alpha)) {
		zs_error_set(err, true, "out of memory");
		return -1;
	}
	return 0;
}

void claims_eval_free(struct claims_eval *e)
{
	for (size_t i = 0; i < e->n; i++)
		for (int k = 0; k < 2; k++)
			arm_values_free(&e->r[i].arm[k]);
	free(e->r);
	e->r = NULL;
	e->n = 0;
	record_seen_free(&e->seen);
}
