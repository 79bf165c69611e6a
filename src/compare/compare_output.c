// SPDX-License-Identifier: GPL-2.0
/* Terminal, Markdown and JSON renderings of a comparison. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include "compare_groups.h"
#include "cgroup_prefix.h"
#include "compare_output.h"
#include "gate_rules.h"
#include "grow.h"
#include "json_out.h"
#include "num_format.h"

static int decimals_for(double mean, double sd)
{
	int e, dec;

	if (sd > 0 && isfinite(sd)) {
		e = (int)floor(log10(sd));
		dec = (sd / pow(10, e) < 3 ? 1 : 0) - e;
	} else if (mean == floor(mean) || !isfinite(mean)) {
		dec = 0;
	} else {
		/* a constant fraction: four significant digits */
		dec = 3 - (int)floor(log10(fabs(mean)));
	}
	if (dec < 0)
		dec = 0;
	return dec > 9 ? 9 : dec;
}

void format_mean_sd(char *buf, size_t len, double mean, double sd)
{
	int dec = decimals_for(mean, sd);

	snprintf(buf, len, "%.*f +- %.*f", dec, mean, dec, sd);
}

static void format_arm(char *buf, size_t len, const struct comparison *c,
		       const struct cmp_metric *m, int k)
{
	char ms[96];

	format_mean_sd(ms, sizeof(ms), m->mean[k], m->sd[k]);
	if (m->arm[k].n != c->arm[k].nr_records)
		snprintf(buf, len, "%s (n=%zu)", ms, m->arm[k].n);
	else
		snprintf(buf, len, "%s", ms);
}

/* the change and, with 2 runs an arm or more, its interval as claims prints it */
static void format_change(char *buf, size_t len, const struct cmp_metric *m)
{
	if (m->has_change && m->has_ci)
		snprintf(buf, len, "%+.1f%% [%+.1f, %+.1f]", m->change_pct,
			 m->ci.lo_pct, m->ci.hi_pct);
	else if (m->has_change)
		snprintf(buf, len, "%+.1f%%", m->change_pct);
	else if (m->mean[ARM_A] == m->mean[ARM_B])
		snprintf(buf, len, "0");
	else
		snprintf(buf, len, "from 0");
}

void format_p(char *buf, size_t len, bool has, double p)
{
	if (!has)
		snprintf(buf, len, "-");
	else if (p < 0.001)
		snprintf(buf, len, "<0.001");
	else
		snprintf(buf, len, "%.3f", p);
}

static const char *verdict_word(const struct cmp_metric *m)
{
	if (m->status == CMP_TOO_FEW)
		return "too few runs";
	if (!m->significant)
		return "";
	return m->verdict > 0 ? "better" : m->verdict < 0 ? "worse" : "changed";
}

static size_t arm_runs_n(const struct comparison *c, int k)
{
	return c->arm[k].nr_records;
}

static void print_header(FILE *f, const struct comparison *c, const char *pre)
{
	for (int k = 0; k < 2; k++) {
		const struct cmp_arm *a = &c->arm[k];

		fprintf(f, "%s%s = %zu record%s (%s), kernel %s\n", pre, a->label,
			a->nr_records, a->nr_records == 1 ? "" : "s",
			a->first_path, a->kernels);
	}
	fprintf(f, "%smean +- sample stddev per arm; change = (%s - %s) / %s [its %g%% interval:\n"
		"%sFieller's where no value is negative, else Welch's of the difference]; * = significant,\n"
		"%sWelch's two-sided t-test at alpha %g; p(U): Mann-Whitney U, both arms n >= %d;\n"
		"%sbetter/worse follow each metric's direction; a gating metric with n < %d runs in an arm is untested\n",
		pre, c->arm[ARM_B].label, c->arm[ARM_A].label, c->arm[ARM_A].label,
		(1 - c->alpha) * 100, pre, pre, c->alpha, MWU_MIN_RUNS, pre, MIN_RUNS);
	if (c->cgroup_dir[0])
		fprintf(f, "%scgroups: the path below %s\n", pre, c->cgroup_dir);
}

/* m's name as the tables show it: its cgroup below c->cgroup_dir */
static const char *shown(const struct comparison *c, const struct cmp_metric *m,
			 char *buf, size_t len)
{
	return cgroup_prefix_strip(m->name, c->cgroup_dir, buf, len);
}

static bool in_table(const struct cmp_metric *m)
{
	return m->status == CMP_COMPARED || m->status == CMP_TOO_FEW;
}

/* every run of both arms 0: one word of a line under the table */
static bool zero_in_both(const struct comparison *c, const struct cmp_metric *m)
{
	return !c->show_all && in_table(m) && !m->failed &&
	       m->mean[ARM_A] == 0 && m->mean[ARM_B] == 0 &&
	       m->sd[ARM_A] == 0 && m->sd[ARM_B] == 0;
}

static bool shown_in_table(const struct comparison *c,
			   const struct cmp_metric *m)
{
	return in_table(m) && !zero_in_both(c, m);
}

/*
 * "0 in both arms, 234 series: mthp_* (203), shrinker_freed, ..." with
 * the mTHP families one word, as the record's summary folds them.
 */
static void print_zero_rows(FILE *f, const struct comparison *c, bool md)
{
	char *list = NULL, name[METRIC_NAME_LEN];
	size_t len = 0, mthp = 0, n = 0;
	FILE *l = open_memstream(&list, &len);
	int col;

	if (!l)
		return;
	for (size_t i = 0; i < c->n; i++) {
		if (!zero_in_both(c, &c->m[i]))
			continue;
		n++;
		if (!strncmp(c->m[i].name, "mthp_", 5))
			mthp++;
		else
			fprintf(l, "%s%s", ftell(l) ? ", " : "",
				shown(c, &c->m[i], name, sizeof(name)));
	}
	if (mthp)
		fprintf(l, "%smthp_* (%zu)", ftell(l) ? ", " : "", mthp);
	fclose(l);
	if (n) {
		col = fprintf(f, "\n%s0 in both arms, %zu series (--all shows them):",
			      md ? "- " : "", n) - 1;
		wrap_print(f, list, col, md ? 2 : 2, 100);
		fputc('\n', f);
	}
	free(list);
}

/* "N gating metrics" and what the gate could not test, one line each */
static void print_untested(FILE *f, const struct comparison *c, const char *item)
{
	char why[512], name[METRIC_NAME_LEN];

	if (!c->nr_untested) {
		fprintf(f, "%sno gating metric was compared: each of the %zu is n/a "
			"in both arms (notes above)\n", item, c->nr_gating);
		return;
	}
	for (size_t i = 0; i < c->n; i++) {
		if (!c->m[i].untested)
			continue;
		gate_untested_why(why, sizeof(why), c, &c->m[i]);
		fprintf(f, "%s%s: %s\n", item,
			shown(c, &c->m[i], name, sizeof(name)), why);
	}
}

/* The verdict, last: pass, FAIL with the rules, or UNTESTED with why. */
static void print_gate(FILE *f, const struct comparison *c, bool md,
		       const char *item)
{
	const char *b = md ? "**" : "";
	size_t nu = c->nr_untested ? c->nr_untested : c->nr_gating;
	char name[METRIC_NAME_LEN];

	switch (c->result) {
	case GATE_FAIL:
		fprintf(f, "%sgate: FAIL, %zu metric%s%s\n", b, c->nr_failed,
			c->nr_failed == 1 ? "" : "s", md ? "**" : ":");
		for (size_t i = 0; i < c->n; i++)
			if (c->m[i].failed)
				fprintf(f, "%s%s: %s\n", item,
					shown(c, &c->m[i], name, sizeof(name)),
					c->m[i].failed_by);
		break;
	case GATE_UNTESTED:
		fprintf(f, "%sgate: UNTESTED, %zu gating metric%s not tested "
			"(exit 3; --allow-untested accepts it)%s\n", b, nu,
			nu == 1 ? "" : "s", md ? "**" : ":");
		print_untested(f, c, item);
		break;
	default:
		if (!gate_untested(c)) {
			fprintf(f, "%sgate: pass (no metric failed)%s\n", b, b);
			break;
		}
		fprintf(f, "%sgate: pass (no metric failed; %zu gating metric%s "
			"untested, allowed by --allow-untested)%s\n", b, nu,
			nu == 1 ? "" : "s", md ? "**" : ":");
		print_untested(f, c, item);
	}
}

/* The lists below the table: what could not be compared, and why. */
static void print_lists(FILE *f, const struct comparison *c, bool md)
{
	const char *item = md ? "- " : "  ";
	struct missing_groups g;
	char name[METRIC_NAME_LEN];
	bool any;

	/* out of memory: every series on its own line */
	missing_groups_build(c, &g);
	for (int s = CMP_MISSING; s <= CMP_DROPPED; s++) {
		any = false;
		for (size_t i = 0; i < c->n; i++) {
			const struct cmp_metric *m = &c->m[i];
			int k = m->lacking_arm;

			if (m->status != (enum cmp_status)s ||
			    missing_group_role(&g, i) == GROUP_LATER)
				continue;
			if (!any)
				fprintf(f, "\n%s\n", s == CMP_MISSING ?
					(md ? "**Missing** (n/a in every run of one arm: no source there)" :
					 "missing (n/a in every run of one arm: no source there):") :
					(md ? "**Dropped** (in the records of one arm only)" :
					 "dropped (in the records of one arm only):"));
			any = true;
			if (s == CMP_MISSING && k == ARM_BOTH &&
			    !strcmp(arm_values_reason(&m->arm[0]),
				    arm_values_reason(&m->arm[1])))
				/* the same reason in both: said once */
				fprintf(f, "%s%s: n/a in both arms: %s\n", item,
					shown(c, m, name, sizeof(name)),
					arm_values_reason(&m->arm[0]));
			else if (s == CMP_MISSING && k == ARM_BOTH)
				fprintf(f, "%s%s: n/a in both arms: %s: %s; %s: %s\n",
					item, shown(c, m, name, sizeof(name)), c->arm[0].label, arm_values_reason(&m->arm[0]),
					c->arm[1].label, arm_values_reason(&m->arm[1]));
			else if (missing_group_role(&g, i) == GROUP_FIRST) {
				fprintf(f, "%s", item);
				missing_group_print(f, &g, i);
				fprintf(f, ": n/a in %s (%s): %s\n", c->arm[k].label,
					c->arm[k].kernels, arm_values_reason(&m->arm[k]));
			} else if (s == CMP_MISSING)
				fprintf(f, "%s%s: n/a in %s (%s): %s\n", item,
					shown(c, m, name, sizeof(name)),
					c->arm[k].label, c->arm[k].kernels,
					arm_values_reason(&m->arm[k]));
			else
				fprintf(f, "%s%s: only in %s, not in any record of %s (%s)\n",
					item, shown(c, m, name, sizeof(name)), c->arm[!k].label,
					c->arm[k].label, c->arm[k].kernels);
		}
	}
	missing_groups_free(&g);
	if (c->nr_notes) {
		fprintf(f, "\n%s\n", md ? "**Notes**" : "notes:");
		for (size_t i = 0; i < c->nr_notes; i++)
			fprintf(f, "%s%s\n", item, c->notes[i]);
	}
	fprintf(f, "\n");
	print_gate(f, c, md, item);
}

/* The cells of one metric's row, as every table format shows them. */
struct row_cells {
	char a[128], b[128], ch[32], pt[16], pu[16];
};

static void format_row(struct row_cells *r, const struct comparison *c,
		       const struct cmp_metric *m)
{
	format_arm(r->a, sizeof(r->a), c, m, ARM_A);
	format_arm(r->b, sizeof(r->b), c, m, ARM_B);
	format_change(r->ch, sizeof(r->ch), m);
	format_p(r->pt, sizeof(r->pt), m->has_welch, m->welch.p);
	format_p(r->pu, sizeof(r->pu), m->has_mwu, m->mwu.p);
}

/* Appends s and its NUL to the arena; -1 when out of memory. */
static int arena_put(char **buf, size_t *len, size_t *cap, const char *s)
{
	size_t n = strlen(s) + 1;

	while (*len + n > *cap)
		if (grow_array((void **)buf, cap, 1 << 16, 1))
			return -1;
	memcpy(*buf + *len, s, n);
	*len += n;
	return 0;
}

/*
 * The columns' widths need every row's cells before the first line, so
 * each shown row's arm and change cells are formatted once into an arena
 * (about 40 bytes a row; formatting twice was a third of the table's CPU
 * on 100,000 metrics), or twice when the arena cannot grow.
 */
void compare_print_table(FILE *f, const struct comparison *c)
{
	int wname = 6, wunit = 4, wa = 1, wb = 1, wch = 7, n;
	char *cells = NULL, line[1024], name[METRIC_NAME_LEN];
	size_t len = 0, cap = 0, at = 0;
	bool cached = true;
	struct row_cells r;

	for (size_t i = 0; i < c->n; i++) {
		const struct cmp_metric *m = &c->m[i];
		int l;

		if (!shown_in_table(c, m))
			continue;
		l = strlen(shown(c, m, name, sizeof(name)));
		wname = l > wname ? l : wname;
		l = strlen(m->unit);
		wunit = l > wunit ? l : wunit;
		format_row(&r, c, m);
		wa = (int)strlen(r.a) > wa ? (int)strlen(r.a) : wa;
		wb = (int)strlen(r.b) > wb ? (int)strlen(r.b) : wb;
		wch = (int)strlen(r.ch) > wch ? (int)strlen(r.ch) : wch;
		if (cached && (arena_put(&cells, &len, &cap, r.a) ||
			       arena_put(&cells, &len, &cap, r.b) ||
			       arena_put(&cells, &len, &cap, r.ch)))
			cached = false;
	}
	print_header(f, c, "");
	fprintf(f, "\n%-*s  %-*s  %*s  %*s  %*s    %6s  %6s  %s\n", wname, "metric",
		wunit, "unit", wa, c->arm[ARM_A].label, wb, c->arm[ARM_B].label,
		wch, "change", "p(t)", "p(U)", "verdict");
	for (size_t i = 0; i < c->n; i++) {
		const struct cmp_metric *m = &c->m[i];
		const char *ca = r.a, *cb = r.b, *cch = r.ch;

		if (!shown_in_table(c, m))
			continue;
		if (cached) {
			ca = cells + at;
			cb = ca + strlen(ca) + 1;
			cch = cb + strlen(cb) + 1;
			at = cch + strlen(cch) + 1 - cells;
			format_p(r.pt, sizeof(r.pt), m->has_welch, m->welch.p);
			format_p(r.pu, sizeof(r.pu), m->has_mwu, m->mwu.p);
		} else {
			format_row(&r, c, m);
		}
		n = snprintf(line, sizeof(line), "%-*s  %-*s  %*s  %*s  %*s %s  %6s  %6s  %s%s",
			     wname, shown(c, m, name, sizeof(name)), wunit, m->unit,
			     wa, ca, wb, cb, wch, cch,
			     m->significant ? "*" : " ", r.pt, r.pu, verdict_word(m),
			     m->failed ? "  FAIL" : "");
		if (n > (int)sizeof(line) - 1)
			n = sizeof(line) - 1;
		while (n > 0 && line[n - 1] == ' ')
			line[--n] = '\0';
		fprintf(f, "%s\n", line);
	}
	free(cells);
	print_zero_rows(f, c, false);
	print_lists(f, c, false);
}

void compare_print_markdown(FILE *f, const struct comparison *c)
{
	struct row_cells r;
	char name[METRIC_NAME_LEN];

	print_header(f, c, "> ");
	fprintf(f, "\n| metric | unit | %s | %s | change | p (t) | p (U) | verdict |\n",
		c->arm[ARM_A].label, c->arm[ARM_B].label);
	fprintf(f, "|---|---|--:|--:|--:|--:|--:|---|\n");
	for (size_t i = 0; i < c->n; i++) {
		const struct cmp_metric *m = &c->m[i];

		if (!shown_in_table(c, m))
			continue;
		format_row(&r, c, m);
		fprintf(f, "| `%s` | %s | %s | %s | %s%s | %s | %s | %s%s |\n",
			shown(c, m, name, sizeof(name)), m->unit, r.a, r.b, r.ch,
			m->significant ? " \\*" : "",
			r.pt, r.pu, verdict_word(m), m->failed ? " **FAIL**" : "");
	}
	print_zero_rows(f, c, true);
	print_lists(f, c, true);
}

static void put_num(struct json_out *o, const char *key, bool have, double v)
{
	json_out_key(o, key);
	if (have)
		json_out_double(o->f, v);
	else
		fputs("null", o->f);
}

static void put_str(struct json_out *o, const char *key, const char *v)
{
	json_out_key(o, key);
	json_out_string(o->f, v);
}

static void put_int(struct json_out *o, const char *key, long long v)
{
	json_out_key(o, key);
	json_out_int(o->f, v);
}

static void put_bool(struct json_out *o, const char *key, bool v)
{
	json_out_key(o, key);
	json_out_bool(o->f, v);
}

static void arm_json(FILE *f, const struct cmp_metric *m, int k)
{
	struct json_out o = json_out_open(f, '{'), v;

	put_int(&o, "n", m->arm[k].n);
	put_int(&o, "na_runs", m->arm[k].na_runs);
	put_int(&o, "absent_runs", m->absent_runs[k]);
	put_num(&o, "mean", m->arm[k].n, m->mean[k]);
	put_num(&o, "sd", m->arm[k].n, m->sd[k]);
	json_out_key(&o, "values");
	v = json_out_open(f, '[');
	for (size_t i = 0; i < m->arm[k].n; i++) {
		json_out_key(&v, NULL);
		json_out_double(f, m->arm[k].v[i]);
	}
	json_out_close(&v, '[');
	if (m->arm[k].na_runs)
		put_str(&o, "reason", arm_values_reason(&m->arm[k]));
	json_out_close(&o, '{');
}

/* One metric's object on one line, written as it goes. */
static void metric_json(FILE *f, const struct comparison *c,
			const struct cmp_metric *m)
{
	struct json_out o = json_out_open(f, '{'), t;

	put_str(&o, "name", m->name);
	put_str(&o, "unit", m->unit);
	put_str(&o, "status", cmp_status_name(m->status));
	put_str(&o, "better", direction_name(m->dir->dir));
	put_bool(&o, "gating", m->dir->gating);
	json_out_key(&o, "a");
	arm_json(f, m, ARM_A);
	json_out_key(&o, "b");
	arm_json(f, m, ARM_B);
	put_str(&o, "lacking_arm", m->lacking_arm < 0 ? NULL :
		m->lacking_arm == ARM_BOTH ? "both" : c->arm[m->lacking_arm].label);
	put_num(&o, "change_pct", m->has_change, m->change_pct);
	json_out_key(&o, "change_interval_pct");
	if (m->has_ci) {
		t = json_out_open(f, '{');
		put_num(&t, "lo", true, m->ci.lo_pct);
		/* unbounded: null, as JSON has no infinity */
		put_num(&t, "hi", m->ci.bounded, m->ci.hi_pct);
		put_str(&t, "method", m->ci.fieller ? "fieller" : "difference");
		json_out_close(&t, '{');
	} else {
		fputs("null", f);
	}
	json_out_key(&o, "welch");
	if (m->has_welch) {
		t = json_out_open(f, '{');
		if (isfinite(m->welch.t))
			put_num(&t, "t", true, m->welch.t);
		else
			put_str(&t, "t", m->welch.t > 0 ? "inf" : "-inf");
		put_num(&t, "df", true, m->welch.df);
		put_num(&t, "p", true, m->welch.p);
		json_out_close(&t, '{');
	} else {
		fputs("null", f);
	}
	json_out_key(&o, "mann_whitney");
	if (m->has_mwu) {
		t = json_out_open(f, '{');
		put_num(&t, "u", true, m->mwu.u);
		put_num(&t, "p", true, m->mwu.p);
		put_str(&t, "method", m->mwu.method == MWU_EXACT ? "exact" : "normal");
		json_out_close(&t, '{');
	} else {
		fputs("null", f);
	}
	put_bool(&o, "significant", m->significant);
	put_str(&o, "verdict", m->verdict > 0 ? "better" : m->verdict < 0 ?
		"worse" : m->significant ? "changed" : "none");
	put_bool(&o, "gated", m->gated);
	put_bool(&o, "failed", m->failed);
	put_str(&o, "failed_by", m->failed ? m->failed_by : NULL);
	json_out_close(&o, '{');
}

/* v's JSON text, then v released */
static void print_json_put(FILE *f, const char *pre, json_object *v, int flags)
{
	fprintf(f, "%s%s", pre, json_object_to_json_string_ext(v, flags |
		JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(v);
}

/*
 * One object, its metrics streamed a line each: a tree of every metric's
 * per-run values held 2.5 times the comparison's memory (100,000 metrics
 * an arm: 837 MB) before a byte was written.
 */
void compare_print_json(FILE *f, const struct comparison *c)
{
	json_object *arms, *notes, *untested;

	fprintf(f, "{\n  \"alpha\": ");
	print_json_put(f, "", json_object_new_double(c->alpha), 0);
	arms = json_object_new_array();
	for (int k = 0; k < 2; k++) {
		json_object *a = json_object_new_object();

		json_object_object_add(a, "label", json_object_new_string(c->arm[k].label));
		json_object_object_add(a, "records",
				       json_object_new_int64(arm_runs_n(c, k)));
		json_object_object_add(a, "incomplete",
				       json_object_new_int64(c->arm[k].nr_incomplete));
		json_object_object_add(a, "kernels", json_object_new_string(c->arm[k].kernels));
		json_object_object_add(a, "first_record",
				       json_object_new_string(c->arm[k].first_path));
		json_object_array_add(arms, a);
	}
	print_json_put(f, ",\n  \"arms\": ", arms, JSON_C_TO_STRING_SPACED);
	fprintf(f, ",\n  \"metrics\": [");
	for (size_t i = 0; i < c->n; i++) {
		fputs(i ? ",\n    " : "\n    ", f);
		metric_json(f, c, &c->m[i]);
	}
	fprintf(f, "\n  ]");
	notes = json_object_new_array();
	for (size_t i = 0; i < c->nr_notes; i++)
		json_object_array_add(notes, json_object_new_string(c->notes[i]));
	print_json_put(f, ",\n  \"notes\": ", notes, JSON_C_TO_STRING_SPACED);
	untested = json_object_new_array();
	for (size_t i = 0; i < c->n; i++) {
		json_object *u;
		char why[512];

		if (!c->m[i].untested)
			continue;
		gate_untested_why(why, sizeof(why), c, &c->m[i]);
		u = json_object_new_object();
		json_object_object_add(u, "metric", json_object_new_string(c->m[i].name));
		json_object_object_add(u, "why", json_object_new_string(why));
		json_object_array_add(untested, u);
	}
	print_json_put(f, ",\n  \"untested\": ", untested, JSON_C_TO_STRING_SPACED);
	fprintf(f, ",\n  \"gating\": %zu,\n  \"gated\": %zu,\n  \"failed\": %zu,"
		"\n  \"result\": \"%s\"\n}\n", c->nr_gating, c->nr_gated,
		c->nr_failed, c->result == GATE_FAIL ? "regression" :
		c->result == GATE_UNTESTED ? "untested" : "pass");
}
