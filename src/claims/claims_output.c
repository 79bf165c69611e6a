// SPDX-License-Identifier: GPL-2.0
/* Terminal, Markdown and JSON renderings of claims verdicts. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <json-c/json.h>
#include "claims_output.h"
#include "claims_sequential.h"
#include "compare_output.h"

enum {
	COL_ROW, COL_QA, COL_QB, COL_QCH, COL_MA, COL_MB, COL_MCH, COL_P,
	COL_VERDICT, COL_FIT, NR_COLS,
};

struct cells {
	char c[NR_COLS][128];
};

/* 5363, 1.07, 11345012: integers as they are, fractions to 3 digits */
static void format_num(char *buf, size_t len, double v)
{
	if (v == floor(v) && fabs(v) < 1e15)
		snprintf(buf, len, "%.0f", v);
	else if (fabs(v) >= 100)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.3g", v);
}

static void format_quoted(char *buf, size_t len, const struct quoted *q,
			  const char *unit)
{
	char num[64];

	if (!q->present) {
		snprintf(buf, len, "-");
		return;
	}
	if (!q->has_mean) {
		snprintf(buf, len, "%s", q->text);
		return;
	}
	if (q->has_sd)
		format_mean_sd(num, sizeof(num), q->mean, q->sd);
	else
		format_num(num, sizeof(num), q->mean);
	snprintf(buf, len, "%s%s%s", num, unit[0] ? " " : "", unit);
}

static void format_measured(char *buf, size_t len, const struct row_eval *r,
			    const struct claims_eval *e, int k)
{
	char ms[96];

	if (!r->arm[k].n) {
		snprintf(buf, len, "n/a");
		return;
	}
	format_mean_sd(ms, sizeof(ms), r->mean[k], r->sd[k]);
	if (r->arm[k].n != e->nr_records[r->arm_of[k]])
		snprintf(buf, len, "%s (n=%zu)", ms, r->arm[k].n);
	else
		snprintf(buf, len, "%s", ms);
}

static void row_cells(struct cells *x, const struct row_eval *r,
		      const struct claims_eval *e)
{
	const struct claim_row *row = r->row;
	int a = r->t->cmp[r->cmp][0], b = r->t->cmp[r->cmp][1];

	memset(x, 0, sizeof(*x));
	snprintf(x->c[COL_ROW], sizeof(x->c[0]), "%s", row->label);
	format_quoted(x->c[COL_QA], sizeof(x->c[0]), &row->q[a], row->unit);
	format_quoted(x->c[COL_QB], sizeof(x->c[0]), &row->q[b], row->unit);
	if (row->has_change[r->cmp])
		snprintf(x->c[COL_QCH], sizeof(x->c[0]), "%+.1f%%",
			 row->change_pct[r->cmp]);
	else if (row->unmapped[0])
		snprintf(x->c[COL_QCH], sizeof(x->c[0]), "-");
	else
		snprintf(x->c[COL_QCH], sizeof(x->c[0]), "(%s)",
			 claim_dir_name(row->dir[r->cmp]));
	if (row->unmapped[0]) {
		snprintf(x->c[COL_MA], sizeof(x->c[0]), "unmapped");
		snprintf(x->c[COL_MB], sizeof(x->c[0]), "-");
	} else {
		format_measured(x->c[COL_MA], sizeof(x->c[0]), r, e, 0);
		format_measured(x->c[COL_MB], sizeof(x->c[0]), r, e, 1);
	}
	if (r->has_change && r->has_p)
		snprintf(x->c[COL_MCH], sizeof(x->c[0]), "%+.1f%% [%+.1f, %+.1f]",
			 r->change_pct, r->ci_lo_pct, r->ci_hi_pct);
	else if (r->arm[0].n && r->arm[1].n && !r->has_change)
		snprintf(x->c[COL_MCH], sizeof(x->c[0]), "%s",
			 r->mean[1] == r->mean[0] ? "0" : "from 0");
	else
		snprintf(x->c[COL_MCH], sizeof(x->c[0]), "-");
	format_p(x->c[COL_P], sizeof(x->c[0]),
		 r->has_p && r->row->dir[r->cmp] != CLAIM_SAME, r->p_adj);
	snprintf(x->c[COL_VERDICT], sizeof(x->c[0]), "%s%s",
		 verdict_name(r->verdict), r->far ? " (far)" : "");
	snprintf(x->c[COL_FIT], sizeof(x->c[0]), "%s",
		 r->quoted_fit ? quoted_fit_name(r->quoted_fit) : "-");
}

/*
 * Where the quoted change lies against the interval, in words, with the
 * "far" note when the measured change is also far from it: the one
 * sentence a reviewer needs beside "not shown" or "(far)".
 */
static void fit_reason(char *buf, size_t len, const struct row_eval *r,
		       double alpha)
{
	double q = r->row->change_pct[r->cmp];
	bool other_way = q < 0 ? r->ci_lo_pct > 0 : q > 0 && r->ci_hi_pct < 0;
	const char *how = r->quoted_fit == QUOTED_EXCEEDED ? "larger than quoted" :
			  other_way ? "the other way" : "smaller than quoted";
	char hi[32], far[64] = "";

	if (r->quoted_fit == QUOTED_NONE || r->quoted_fit == QUOTED_WITHIN)
		return;
	if (r->ci_bounded)
		snprintf(hi, sizeof(hi), "%+.1f%%", r->ci_hi_pct);
	else
		snprintf(hi, sizeof(hi), "+inf");
	if (r->far)
		snprintf(far, sizeof(far), " (far: outside 1/%g to %g times it)",
			 CLAIM_FAR_FACTOR, CLAIM_FAR_FACTOR);
	snprintf(buf, len, "the measured %+.1f%% [%+.1f%%, %s] %s the quoted "
		 "%+.1f%% at %g%% confidence: the change is %s%s",
		 r->change_pct, r->ci_lo_pct, hi, r->quoted_fit == QUOTED_EXCLUDED ?
		 "excludes" : "lies beyond", q, (1 - alpha) * 100, how, far);
}

/* Appends "; " and printf's text to buf when it has text already. */
static void append(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void append(char *buf, size_t len, const char *fmt, ...)
{
	size_t l = strlen(buf);
	va_list ap;

	if (l && l + 2 < len) {
		memcpy(buf + l, "; ", 3);
		l += 2;
	}
	va_start(ap, fmt);
	vsnprintf(buf + l, len - l, fmt, ap);
	va_end(ap);
}

/* The reason line of a row, empty when it needs none. */
static void row_reason(char *buf, size_t len, const struct row_eval *r,
		       const struct claims_eval *e)
{
	const struct claim_row *row = r->row;
	char fit[160] = "";

	buf[0] = '\0';
	fit_reason(fit, sizeof(fit), r, e->alpha);
	if (r->why[0])
		append(buf, len, "%s", r->why);
	if (r->far && !fit[0])
		append(buf, len, "the measured change %+.1f%% is far from the "
		       "quoted %+.1f%% (outside 1/%g to %g times it)",
		       r->change_pct, row->change_pct[r->cmp], CLAIM_FAR_FACTOR,
		       CLAIM_FAR_FACTOR);
	if (fit[0])
		append(buf, len, "%s", fit);
	if (r->why[0])
		;
	else if (r->verdict == VERDICT_NOT_SHOWN &&
		 row->dir[r->cmp] == CLAIM_SAME && r->runs_needed)
		append(buf, len, "the %+.1f%% to %+.1f%% interval is not within "
		       "+-%g%%; about %u runs per arm would narrow it enough",
		       r->ci_lo_pct, r->ci_hi_pct, row->margin_pct,
		       r->runs_needed);
	else if (r->verdict == VERDICT_NOT_SHOWN && row->dir[r->cmp] == CLAIM_SAME)
		append(buf, len, "the %+.1f%% to %+.1f%% interval is not within "
		       "+-%g%%", r->ci_lo_pct, r->ci_hi_pct, row->margin_pct);
	else if (r->verdict == VERDICT_NOT_SHOWN && r->runs_needed)
		append(buf, len, "%u runs per arm would detect the %s change "
		       "with this spread (t-test, 80%% power)", r->runs_needed,
		       r->power_for_measured ? "measured" : "quoted");
	else if (r->verdict == VERDICT_NOT_SHOWN && !e->skip_runs_needed)
		append(buf, len, "no change to detect, or more than %d runs per "
		       "arm would be needed", CLAIM_MAX_RUNS);
	if (r->has_change && r->has_p && !r->ci_bounded)
		append(buf, len, "the change's interval has no upper bound: the "
		       "%s arm's mean is not significantly above 0 (Fieller)",
		       e->label[r->arm_of[0]]);
	for (int k = 0; k < 2 && e->fleet; k++)
		/* a host a row has no value for is counted and named */
		if (r->arm[k].n && r->arm[k].na_runs)
			append(buf, len, "%s: %s", e->label[r->arm_of[k]],
			       arm_values_reason(&r->arm[k]));
	if (row->note[0])
		append(buf, len, "note: %s", row->note);
}

static void print_counts(FILE *f, const char *pre, const char *kind,
			 const size_t *count)
{
	fprintf(f, "%s%s rows: holds %zu, contradicted %zu, not shown %zu, "
		"not measurable %zu%s\n", pre, kind, count[VERDICT_HOLDS],
		count[VERDICT_CONTRADICTED], count[VERDICT_NOT_SHOWN],
		count[VERDICT_NOT_MEASURABLE],
		!strcmp(kind, "directional") && count[VERDICT_NOT_MEASURABLE] ?
		" (untested claims)" : "");
}

/* The plan and the look the verdicts are at. */
static void print_plan(FILE *f, const struct claims_seq *s, const char *pre)
{
	const struct seq_plan *p = &s->plan;

	fprintf(f, "%ssequential: %u runs per arm, look %u of %u (looks at", pre,
		s->runs, s->look, p->max_looks);
	for (unsigned j = 1; j <= p->max_looks; j++)
		fprintf(f, "%s%u", j > 1 ? ", " : " ", seq_runs_at(p, j));
	fprintf(f, " runs; %s alpha spending, each look at the alpha it "
		"spends), alpha %.4g of %g spent\n", seq_spending_name(p->spending),
		s->spent, p->alpha);
}

/*
 * Each row's standing in the plan, then the line a driver reads:
 * "next: add N" (runs per arm) or "next: stop".
 */
static void print_sequential(FILE *f, const struct claims_eval *e,
			     const char *pre)
{
	const struct claims_seq *s = e->seq;

	fprintf(f, "\n%ssequential: %zu row%s decided, %zu undecided, %zu not "
		"measurable\n", pre, s->decided, s->decided == 1 ? "" : "s",
		s->undecided, s->never);
	for (size_t i = 0; i < e->n; i++) {
		const struct row_eval *r = &e->r[i];
		const struct row_seq *rs = &s->row[i];

		if (rs->look)
			fprintf(f, "%s  %s: %s at look %u (%u runs per arm, alpha "
				"%.4g)\n", pre, r->row->label,
				verdict_name(r->verdict), rs->look,
				seq_runs_at(&s->plan, rs->look), rs->alpha);
		else if (r->verdict != VERDICT_NOT_MEASURABLE && rs->runs_needed)
			fprintf(f, "%s  %s: undecided: about %u runs per arm "
				"would decide it%s\n", pre, r->row->label,
				rs->runs_needed, s->look < s->plan.max_looks ? "" :
				" (the budget is spent)");
		else if (r->verdict != VERDICT_NOT_MEASURABLE)
			fprintf(f, "%s  %s: undecided%s\n", pre, r->row->label,
				s->look < s->plan.max_looks ? "" :
				" (the budget is spent)");
	}
	if (s->stop)
		fprintf(f, "%snext: stop\n", pre);
	else
		fprintf(f, "%snext: add %u\n", pre, s->add);
}

static void print_header(FILE *f, const struct claims *c,
			 const struct claims_eval *e, const char *pre)
{
	fprintf(f, "%sclaims: %s (%s%s%s)\n", pre, c->series, c->file,
		c->seed[0] ? ", seed " : "", c->seed);
	for (int k = 0; k < e->nr_arms; k++)
		fprintf(f, "%s%s: %zu %s%s, %s %s\n", pre, e->label[k],
			e->nr_records[k], e->fleet ? "host" : "record",
			e->nr_records[k] == 1 ? "" : "s",
			e->fleet ? "selector" : "kernel", e->kernels[k]);
	fprintf(f, "%salpha %g, p %s over %zu directional row%s tested\n",
		pre, e->alpha, e->holm ? "Holm-adjusted" : "not adjusted",
		e->nr_tests, e->nr_tests == 1 ? "" : "s");
	if (e->seq)
		print_plan(f, e->seq, pre);
	print_counts(f, pre, "directional", e->count_dir);
	print_counts(f, pre, "same", e->count_same);
	fprintf(f, "%sunmapped (the claims file says why): %zu\n", pre,
		e->nr_unmapped);
	for (int i = 0; i < e->nr_warnings; i++)
		fprintf(f, "%s%s\n", pre, e->warnings[i]);
}

/* Rows of e from index i on that belong to the same table and pair. */
static size_t group_end(const struct claims_eval *e, size_t i)
{
	size_t j = i + 1;

	while (j < e->n && e->r[j].t == e->r[i].t && e->r[j].cmp == e->r[i].cmp)
		j++;
	return j;
}

static void print_group_title(FILE *f, const struct row_eval *r, const char *pre)
{
	const struct claim_table *t = r->t;

	fprintf(f, "\n%stable %s: %s (%s -> %s)\n", pre, t->id, t->title,
		t->col[t->cmp[r->cmp][0]], t->col[t->cmp[r->cmp][1]]);
}

/* Cell widths of rows [i, end) under the given headings. */
static void widths(int *w, const char *const *head, const struct claims_eval *e,
		   size_t i, size_t end)
{
	struct cells x;

	for (int k = 0; k < NR_COLS; k++)
		w[k] = strlen(head[k]);
	for (size_t j = i; j < end; j++) {
		row_cells(&x, &e->r[j], e);
		for (int k = 0; k < NR_COLS; k++)
			if ((int)strlen(x.c[k]) > w[k])
				w[k] = strlen(x.c[k]);
	}
}

/* Words left-aligned (row, verdict, quoted change), numbers right. */
static void print_cells(FILE *f, const int *w, const char *const *cell)
{
	for (int k = 0; k < NR_COLS; k++)
		fprintf(f, k == COL_ROW || k >= COL_VERDICT ? "%-*s%s" : "%*s%s",
			k == NR_COLS - 1 ? 0 : w[k], cell[k],
			k == NR_COLS - 1 ? "\n" : "  ");
}

void claims_print_table(FILE *f, const struct claims *c,
			const struct claims_eval *e)
{
	char reason[2 * CLAIM_TEXT_LEN];

	print_header(f, c, e, "");
	for (size_t i = 0; i < e->n; i = group_end(e, i)) {
		const struct claim_table *t = e->r[i].t;
		int cmp = e->r[i].cmp, w[NR_COLS], quoted_w;
		const char *head[NR_COLS] = {
			"row", t->col[t->cmp[cmp][0]], t->col[t->cmp[cmp][1]],
			"change", e->label[e->r[i].arm_of[0]],
			e->label[e->r[i].arm_of[1]], "change [CI]", "p",
			"verdict", "quoted change",
		};
		size_t end = group_end(e, i);
		struct cells x;

		widths(w, head, e, i, end);
		print_group_title(f, &e->r[i], "");
		quoted_w = w[COL_QA] + w[COL_QB] + w[COL_QCH] + 4;
		fprintf(f, "%*s  %-*s  measured\n", w[COL_ROW], "", quoted_w, "quoted");
		print_cells(f, w, head);
		for (size_t j = i; j < end; j++) {
			const char *cell[NR_COLS];

			row_cells(&x, &e->r[j], e);
			for (int k = 0; k < NR_COLS; k++)
				cell[k] = x.c[k];
			print_cells(f, w, cell);
		}
		for (size_t j = i; j < end; j++) {
			row_reason(reason, sizeof(reason), &e->r[j], e);
			if (reason[0])
				fprintf(f, "  %s: %s\n", e->r[j].row->label, reason);
		}
	}
	if (e->seq)
		print_sequential(f, e, "");
}

void claims_print_markdown(FILE *f, const struct claims *c,
			   const struct claims_eval *e)
{
	char reason[2 * CLAIM_TEXT_LEN];
	struct cells x;

	print_header(f, c, e, "> ");
	for (size_t i = 0; i < e->n; i = group_end(e, i)) {
		size_t end = group_end(e, i);
		const struct claim_table *t = e->r[i].t;
		int a = t->cmp[e->r[i].cmp][0], b = t->cmp[e->r[i].cmp][1];

		print_group_title(f, &e->r[i], "#### ");
		fprintf(f, "\n| row | quoted %s | quoted %s | quoted change | "
			"measured %s | measured %s | measured change [CI] | p | "
			"verdict | quoted change |\n"
			"|---|--:|--:|--:|--:|--:|--:|--:|---|---|\n",
			t->col[a], t->col[b], e->label[e->r[i].arm_of[0]],
			e->label[e->r[i].arm_of[1]]);
		for (size_t j = i; j < end; j++) {
			row_cells(&x, &e->r[j], e);
			fprintf(f, "|");
			for (int k = 0; k < NR_COLS; k++)
				fprintf(f, k == COL_VERDICT ? " **%s** |" : " %s |",
					x.c[k]);
			fprintf(f, "\n");
		}
		fprintf(f, "\n");
		for (size_t j = i; j < end; j++) {
			row_reason(reason, sizeof(reason), &e->r[j], e);
			if (reason[0])
				fprintf(f, "- %s: %s\n", e->r[j].row->label, reason);
		}
	}
	if (e->seq)
		print_sequential(f, e, "> ");
}

static json_object *jnum(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static json_object *quoted_json(const struct quoted *q)
{
	json_object *o;

	if (!q->present)
		return NULL;
	o = json_object_new_object();
	if (q->has_mean)
		json_object_object_add(o, "mean", jnum(q->mean));
	if (q->has_sd)
		json_object_object_add(o, "sd", jnum(q->sd));
	if (q->n)
		json_object_object_add(o, "n", json_object_new_int(q->n));
	if (q->text[0])
		json_object_object_add(o, "text", json_object_new_string(q->text));
	return o;
}

/* A fleet side: its query and each host's value (claims_fleet.h). */
static void add_source(json_object *arm, const struct run_source *src,
		       const struct arm_values *av)
{
	json_object *runs = json_object_new_object();

	json_object_object_add(arm, "query", json_object_new_string(src->query));
	for (size_t i = 0; i < av->n; i++)
		json_object_object_add(runs, src->names[i], jnum(av->v[i]));
	json_object_object_add(arm, "hosts", runs);
}

/* A row's standing in the plan: decided at a look, or the runs it needs. */
static json_object *row_seq_json(const struct claims_seq *s, size_t i)
{
	const struct row_seq *rs = &s->row[i];
	json_object *o = json_object_new_object();

	json_object_object_add(o, "decided", json_object_new_boolean(rs->look));
	json_object_object_add(o, "look", rs->look ?
			       json_object_new_int((int)rs->look) : NULL);
	json_object_object_add(o, "alpha", rs->look ? jnum(rs->alpha) : NULL);
	json_object_object_add(o, "runs_needed", !rs->look && rs->runs_needed ?
			       json_object_new_int((int)rs->runs_needed) : NULL);
	return o;
}

static json_object *seq_json(const struct claims_seq *s)
{
	const struct seq_plan *p = &s->plan;
	json_object *o = json_object_new_object(), *a, *b, *next;

	json_object_object_add(o, "design", json_object_new_string(
		"alpha spending over looks, each look at the alpha it spends"));
	json_object_object_add(o, "spending",
			       json_object_new_string(seq_spending_name(p->spending)));
	json_object_object_add(o, "max_runs", json_object_new_int((int)p->max_runs));
	json_object_object_add(o, "max_looks", json_object_new_int((int)p->max_looks));
	a = json_object_new_array();
	b = json_object_new_array();
	for (unsigned j = 1; j <= p->max_looks; j++) {
		json_object_array_add(a, json_object_new_int((int)seq_runs_at(p, j)));
		json_object_array_add(b, jnum(seq_alpha_at(p, j)));
	}
	json_object_object_add(o, "runs_at_looks", a);
	json_object_object_add(o, "alpha_at_looks", b);
	json_object_object_add(o, "runs", json_object_new_int((int)s->runs));
	json_object_object_add(o, "look", json_object_new_int((int)s->look));
	json_object_object_add(o, "alpha_spent", jnum(s->spent));
	json_object_object_add(o, "decided", json_object_new_int((int)s->decided));
	json_object_object_add(o, "undecided", json_object_new_int((int)s->undecided));
	json_object_object_add(o, "not_measurable", json_object_new_int((int)s->never));
	next = json_object_new_object();
	json_object_object_add(next, "action",
			       json_object_new_string(s->stop ? "stop" : "add"));
	json_object_object_add(next, "runs", s->stop ? NULL :
			       json_object_new_int((int)s->add));
	json_object_object_add(o, "next", next);
	return o;
}

static json_object *row_json(const struct row_eval *r,
			     const struct claims_eval *e)
{
	const struct claim_row *row = r->row;
	const struct claim_table *t = r->t;
	json_object *o = json_object_new_object(), *m, *a;
	char reason[2 * CLAIM_TEXT_LEN];

	json_object_object_add(o, "table", json_object_new_string(t->id));
	json_object_object_add(o, "label", json_object_new_string(row->label));
	json_object_object_add(o, "line", json_object_new_int(row->line));
	json_object_object_add(o, "base", json_object_new_string(t->col[t->cmp[r->cmp][0]]));
	json_object_object_add(o, "new", json_object_new_string(t->col[t->cmp[r->cmp][1]]));
	json_object_object_add(o, "claim",
			       json_object_new_string(claim_dir_name(row->dir[r->cmp])));
	a = json_object_new_array();
	for (int i = 0; i < row->nr_metrics; i++)
		json_object_array_add(a, json_object_new_string(row->metric[i]));
	json_object_object_add(o, "metrics", a);
	if (row->promql[0])
		json_object_object_add(o, "promql", json_object_new_string(row->promql));
	m = json_object_new_object();
	json_object_object_add(m, "base", quoted_json(&row->q[t->cmp[r->cmp][0]]));
	json_object_object_add(m, "new", quoted_json(&row->q[t->cmp[r->cmp][1]]));
	json_object_object_add(m, "change_pct", row->has_change[r->cmp] ?
			       jnum(row->change_pct[r->cmp]) : NULL);
	json_object_object_add(o, "quoted", m);
	m = json_object_new_object();
	for (int k = 0; k < 2; k++) {
		json_object *arm = json_object_new_object();

		json_object_object_add(arm, "arm",
				       json_object_new_string(e->label[r->arm_of[k]]));
		json_object_object_add(arm, "n", json_object_new_int((int)r->arm[k].n));
		json_object_object_add(arm, "na_runs",
				       json_object_new_int((int)r->arm[k].na_runs));
		json_object_object_add(arm, "mean", r->arm[k].n ? jnum(r->mean[k]) : NULL);
		json_object_object_add(arm, "sd", r->arm[k].n ? jnum(r->sd[k]) : NULL);
		if (r->src[k])
			add_source(arm, r->src[k], &r->arm[k]);
		json_object_object_add(m, k ? "new" : "base", arm);
	}
	json_object_object_add(m, "change_pct", r->has_change ? jnum(r->change_pct) : NULL);
	if (r->has_change && r->has_p) {
		a = json_object_new_array();
		json_object_array_add(a, jnum(r->ci_lo_pct));
		json_object_array_add(a, jnum(r->ci_hi_pct));
		json_object_object_add(m, "ci_pct", a);	/* null: unbounded */
		json_object_object_add(m, "ci_method",
				       json_object_new_string(ci_method_name(r->ci_method)));
	}
	json_object_object_add(o, "measured", m);
	json_object_object_add(o, "p", r->has_p ? jnum(r->p) : NULL);
	json_object_object_add(o, "p_adjusted", r->has_p ? jnum(r->p_adj) : NULL);
	json_object_object_add(o, "verdict",
			       json_object_new_string(verdict_name(r->verdict)));
	json_object_object_add(o, "far_from_quoted", json_object_new_boolean(r->far));
	json_object_object_add(o, "quoted_change", r->quoted_fit ?
			       json_object_new_string(quoted_fit_name(r->quoted_fit)) :
			       NULL);
	json_object_object_add(o, "runs_needed", r->runs_needed ?
			       json_object_new_int((int)r->runs_needed) : NULL);
	row_reason(reason, sizeof(reason), r, e);
	json_object_object_add(o, "reason", json_object_new_string(reason));
	if (e->seq)
		json_object_object_add(o, "sequential", row_seq_json(e->seq, r - e->r));
	return o;
}

static json_object *counts_json(const size_t *count)
{
	json_object *cnt = json_object_new_object();

	for (int v = 0; v < VERDICT_NR; v++)
		json_object_object_add(cnt, verdict_name(v),
				       json_object_new_int((int)count[v]));
	return cnt;
}

void claims_print_json(FILE *f, const struct claims *c,
		       const struct claims_eval *e)
{
	json_object *o = json_object_new_object(), *arms, *rows, *warn;

	json_object_object_add(o, "schema", json_object_new_string("zswap-claims-verdicts/1"));
	json_object_object_add(o, "claims", json_object_new_string(c->file));
	json_object_object_add(o, "series", json_object_new_string(c->series));
	json_object_object_add(o, "alpha", json_object_new_double(e->alpha));
	json_object_object_add(o, "adjust", json_object_new_string(e->holm ? "holm" : "none"));
	json_object_object_add(o, "tests", json_object_new_int((int)e->nr_tests));
	if (e->seq)
		json_object_object_add(o, "sequential", seq_json(e->seq));
	arms = json_object_new_array();
	for (int k = 0; k < e->nr_arms; k++) {
		json_object *a = json_object_new_object();

		json_object_object_add(a, "label", json_object_new_string(e->label[k]));
		json_object_object_add(a, e->fleet ? "hosts" : "records",
				       json_object_new_int((int)e->nr_records[k]));
		json_object_object_add(a, e->fleet ? "selector" : "kernels",
				       json_object_new_string(e->kernels[k]));
		json_object_array_add(arms, a);
	}
	json_object_object_add(o, "arms", arms);
	json_object_object_add(o, "counts", counts_json(e->count));
	json_object_object_add(o, "counts_directional", counts_json(e->count_dir));
	json_object_object_add(o, "counts_same", counts_json(e->count_same));
	json_object_object_add(o, "unmapped", json_object_new_int((int)e->nr_unmapped));
	json_object_object_add(o, "untested",
			       json_object_new_int((int)e->count_dir[VERDICT_NOT_MEASURABLE]));
	rows = json_object_new_array();
	for (size_t i = 0; i < e->n; i++)
		json_object_array_add(rows, row_json(&e->r[i], e));
	json_object_object_add(o, "rows", rows);
	warn = json_object_new_array();
	for (int i = 0; i < e->nr_warnings; i++)
		json_object_array_add(warn, json_object_new_string(e->warnings[i]));
	json_object_object_add(o, "warnings", warn);
	fprintf(f, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
		JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(o);
}
