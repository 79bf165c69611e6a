// SPDX-License-Identifier: GPL-2.0
/* Loading the arms and computing per-metric statistics. */
#define _GNU_SOURCE	/* vasprintf */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cgroup_prefix.h"
#include "compare.h"
#include "grow.h"
#include "record_walk.h"

void comparison_init(struct comparison *c, double alpha, bool allow_incomplete)
{
	memset(c, 0, sizeof(*c));
	c->alpha = alpha;
	c->allow_incomplete = allow_incomplete;
	snprintf(c->arm[ARM_A].label, sizeof(c->arm[0].label), "A");
	snprintf(c->arm[ARM_B].label, sizeof(c->arm[0].label), "B");
}

void comparison_free(struct comparison *c)
{
	for (size_t i = 0; i < c->n; i++) {
		arm_values_free(&c->m[i].arm[0]);
		arm_values_free(&c->m[i].arm[1]);
		free(c->m[i].failed_by);
	}
	free(c->m);
	free(c->h);
	free(c->notes);
	name_index_free(&c->mix);
	name_index_free(&c->hix);
	record_seen_free(&c->seen);
	for (size_t i = 0; i < c->nr_paths; i++)
		free(c->paths[i]);
	free(c->paths);
	memset(c, 0, sizeof(*c));
}

void comparison_note(struct comparison *c, const char *fmt, ...)
{
	va_list ap;

	if (c->nr_notes == c->notes_cap &&
	    grow_array((void **)&c->notes, &c->notes_cap, 8, sizeof(*c->notes)))
		return;
	va_start(ap, fmt);
	vsnprintf(c->notes[c->nr_notes++], CMP_NOTE_LEN, fmt, ap);
	va_end(ap);
}

const char *cmp_status_name(enum cmp_status s)
{
	switch (s) {
	case CMP_COMPARED: return "compared";
	case CMP_TOO_FEW: return "too_few_runs";
	case CMP_MISSING: return "missing";
	default: return "dropped";
	}
}

_Static_assert(offsetof(struct cmp_metric, name) == 0, "name_index");
_Static_assert(offsetof(struct cmp_hist, name) == 0, "name_index");

static struct cmp_metric *find_metric(struct comparison *c, const char *full,
				      const char *unit,
				      const struct metric_direction *dir)
{
	char name[METRIC_NAME_LEN];	/* as stored: a long name truncated */
	struct cmp_metric *m;
	size_t i;

	snprintf(name, sizeof(name), "%s", full);
	i = name_index_find(&c->mix, name, c->m, sizeof(*c->m));
	if (i != NAME_INDEX_NONE)
		return &c->m[i];
	if (c->n == c->cap &&
	    grow_array((void **)&c->m, &c->cap, 64, sizeof(*c->m)))
		return NULL;
	m = &c->m[c->n];
	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "%s", name);
	snprintf(m->unit, sizeof(m->unit), "%s", unit);
	m->dir = dir;
	m->unit_from = c->nr_paths - 1;
	if (name_index_add(&c->mix, c->n, c->m, sizeof(*c->m)))
		return NULL;
	c->n++;
	return m;
}

int arm_values_set_reason(struct arm_values *a, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	free(a->reason);
	a->reason = s;
	return 0;
}

const char *arm_values_reason(const struct arm_values *a)
{
	return a->reason ? a->reason : "";
}

void arm_values_free(struct arm_values *a)
{
	free(a->v);
	free(a->reason);
	a->v = NULL;
	a->reason = NULL;
}

int arm_values_push(struct arm_values *a, double v)
{
	if (a->n == a->cap &&
	    grow_array((void **)&a->v, &a->cap, 8, sizeof(*a->v)))
		return -1;
	a->v[a->n++] = v;
	return 0;
}

static int add_value(struct comparison *c, int arm, const char *name,
		     const struct metric_direction *dir,
		     const char *unit, bool has_value, double v,
		     const char *reason, const char *path, struct zs_error *err)
{
	struct cmp_metric *m;

	/* record_load() checked the values; a histogram's mean is finite */
	m = find_metric(c, name, unit, dir);
	if (!m) {
		zs_error_set(err, true, "%s: out of memory", path);
		return -1;
	}
	if (strcmp(m->unit, unit)) {
		zs_error_set(err, true, "%s: metric %s: unit %s, but %s says %s",
			 path, name, unit, c->paths[m->unit_from], m->unit);
		return -1;
	}
	if (!has_value) {
		if (!m->arm[arm].na_runs &&
		    arm_values_set_reason(&m->arm[arm], "%s", reason && reason[0] ?
					  reason : "no reason given")) {
			zs_error_set(err, true, "%s: out of memory", path);
			return -1;
		}
		m->arm[arm].na_runs++;
		return 0;
	}
	if (arm_values_push(&m->arm[arm], v)) {
		zs_error_set(err, true, "%s: out of memory", path);
		return -1;
	}
	return 0;
}

static struct cmp_hist *find_hist(struct comparison *c, const char *name,
				  const char *unit)
{
	size_t i = name_index_find(&c->hix, name, c->h, sizeof(*c->h));
	struct cmp_hist *h;

	if (i != NAME_INDEX_NONE)
		return &c->h[i];
	if (c->nh == c->hcap &&
	    grow_array((void **)&c->h, &c->hcap, 8, sizeof(*c->h)))
		return NULL;
	h = &c->h[c->nh];
	memset(h, 0, sizeof(*h));
	snprintf(h->name, sizeof(h->name), "%s", name);
	snprintf(h->unit, sizeof(h->unit), "%s", unit);
	if (name_index_add(&c->hix, c->nh, c->h, sizeof(*c->h)))
		return NULL;
	c->nh++;
	return h;
}

static int add_hist(struct comparison *c, int arm, const struct hist_metric *hm,
		    const char *path, struct zs_error *err)
{
	struct cmp_hist *h = find_hist(c, hm->name, hm->unit);
	unsigned long long count = hist_count(&hm->h);
	char name[METRIC_NAME_LEN + 16];

	if (!h) {
		zs_error_set(err, true, "%s: out of memory", path);
		return -1;
	}
	if (h->present[arm] && h->sum[arm].kind != hm->h.kind) {
		zs_error_set(err, true, "%s: histogram %s: slot kind differs from the arm's other records",
			 path, hm->name);
		return -1;
	}
	h->sum[arm].kind = hm->h.kind;
	h->present[arm] = true;
	for (int i = 0; i < HIST_SLOTS; i++)
		h->sum[arm].slots[i] += hm->h.slots[i];
	h->sum[arm].sum += hm->h.sum;

	/* latency histograms: the per-run mean is a metric of its own */
	if (strcmp(hm->unit, "ns"))
		return 0;
	hist_stat_name(name, sizeof(name), hm->name, HIST_STAT_MEAN);
	return add_value(c, arm, name, metric_id_direction(hm->name, &hm->id),
			 hm->unit, count > 0, hist_mean(&hm->h),
			 "no events in this run", path, err);
}

void kernels_add(char *list, size_t len, const char *release)
{
	size_t l = strlen(list);
	const char *p = list;

	/* already listed? */
	while ((p = strstr(p, release))) {
		size_t rl = strlen(release);

		if ((p == list || p[-1] == ' ') && (p[rl] == ',' || !p[rl]))
			return;
		p += rl;
	}
	snprintf(list + l, len > l ? len - l : 0, "%s%s", l ? ", " : "", release);
}

int comparison_add_record(struct comparison *c, int arm,
			  const struct record *rec, const char *path,
			  struct zs_error *err)
{
	const struct metric_set *ms = &rec->metrics;
	struct cmp_arm *a = &c->arm[arm];

	if (record_admit(rec, path, c->allow_incomplete, &c->seen, err))
		return -1;
	if (!rec->meta.complete) {
		char why[256];

		record_incomplete_why(&rec->meta, why, sizeof(why));
		a->nr_incomplete++;
		comparison_note(c, "arm %s: %s is incomplete, included "
				"(--allow-incomplete): %s", a->label, path, why);
	}
	if (!a->nr_records)
		snprintf(a->first_path, sizeof(a->first_path), "%s", path);
	/* kept for messages that name two records */
	if (c->nr_paths == c->paths_cap &&
	    grow_array((void **)&c->paths, &c->paths_cap, 16, sizeof(*c->paths))) {
		zs_error_set(err, true, "%s: out of memory", path);
		return -1;
	}
	if (!(c->paths[c->nr_paths] = strdup(path))) {
		zs_error_set(err, true, "%s: out of memory", path);
		return -1;
	}
	c->nr_paths++;
	a->nr_records++;
	kernels_add(a->kernels, sizeof(a->kernels), rec->meta.kernel_release);
	probe_tally_add(&c->probes, arm, rec);
	/* the first record sizes the table once (no copies while it grows) */
	if (c->cap < ms->n + 1) {
		void *p = realloc(c->m, (ms->n + 1) * sizeof(*c->m));

		if (!p) {
			zs_error_set(err, true, "%s: out of memory", path);
			return -1;
		}
		c->m = p;
		c->cap = ms->n + 1;
	}
	for (size_t i = 0; i < ms->n; i++) {
		const struct metric *m = &ms->m[i];

		if (add_value(c, arm, m->name, metric_id_direction(m->name, &m->id),
			      m->unit, m->has_value, m->value, m->reason, path,
			      err))
			return -1;
	}
	if (rec->meta.wall_time_s >= 0 &&
	    add_value(c, arm, "wall_time_s", &metric_family(MF_WALL_TIME)->dir,
		      "s", true, rec->meta.wall_time_s, NULL, path, err))
		return -1;
	for (size_t i = 0; i < ms->nh; i++)
		if (add_hist(c, arm, &ms->h[i], path, err))
			return -1;
	return 0;
}

struct add_ctx {
	struct comparison *c;
	int arm;
};

static int add_walked(const struct record *rec, const char *path, void *ctx,
		      struct zs_error *err)
{
	struct add_ctx *a = ctx;

	return comparison_add_record(a->c, a->arm, rec, path, err);
}

int comparison_add_path(struct comparison *c, int arm, const char *path,
			struct zs_error *err)
{
	struct add_ctx a = { c, arm };

	return record_walk_path(path, &c->seen, add_walked, &a, err);
}

static bool arm_seen(const struct arm_values *a)
{
	return a->n + a->na_runs > 0;
}

static void finish_metric(struct comparison *c, struct cmp_metric *m)
{
	bool seen[2];

	for (int k = 0; k < 2; k++) {
		struct arm_values *a = &m->arm[k];

		m->absent_runs[k] = c->arm[k].nr_records - a->n - a->na_runs;
		seen[k] = arm_seen(a);
		if (a->n)
			sample_mean_sd(a->v, a->n, &m->mean[k], &m->sd[k]);
		else
			m->mean[k] = m->sd[k] = NAN;
	}
	m->lacking_arm = -1;
	if (!seen[ARM_A] || !seen[ARM_B]) {
		m->status = CMP_DROPPED;
		m->lacking_arm = seen[ARM_A] ? ARM_B : ARM_A;
		return;
	}
	if (!m->arm[ARM_A].n || !m->arm[ARM_B].n) {
		m->status = CMP_MISSING;
		m->lacking_arm = m->arm[ARM_A].n ? ARM_B :
				 m->arm[ARM_B].n ? ARM_A : ARM_BOTH;
		return;
	}
	m->has_change = m->mean[ARM_A] != 0;
	if (m->has_change)
		m->change_pct = (m->mean[ARM_B] - m->mean[ARM_A]) /
				fabs(m->mean[ARM_A]) * 100;
	m->has_ci = !change_ci_pct(m->arm[ARM_A].v, m->arm[ARM_A].n,
				   m->arm[ARM_B].v, m->arm[ARM_B].n, c->alpha,
				   &m->ci);
	if (m->arm[ARM_A].n < MIN_RUNS || m->arm[ARM_B].n < MIN_RUNS) {
		m->status = CMP_TOO_FEW;
		m->lacking_arm = m->arm[ARM_A].n < MIN_RUNS ? ARM_A : ARM_B;
		return;
	}
	m->status = CMP_COMPARED;
	m->has_welch = !welch_test(m->arm[ARM_A].v, m->arm[ARM_A].n,
				   m->arm[ARM_B].v, m->arm[ARM_B].n, &m->welch);
	if (m->arm[ARM_A].n >= MWU_MIN_RUNS && m->arm[ARM_B].n >= MWU_MIN_RUNS)
		m->has_mwu = !mann_whitney(m->arm[ARM_A].v, m->arm[ARM_A].n,
					   m->arm[ARM_B].v, m->arm[ARM_B].n,
					   &m->mwu);
	m->significant = m->has_welch && m->welch.p < c->alpha;
	m->verdict = m->significant ?
		direction_verdict(m->dir->dir, m->mean[ARM_A], m->mean[ARM_B]) : 0;
}

/*
 * A labelled series (mthp_swpout{size=64kB}) of one arm whose family the
 * other arm recorded only unlabelled, as n/a (a kernel without per-size
 * stats): n/a there with that reason. The unlabelled row folds into its
 * series, so neither is listed as in one arm only.
 */
static int fold_family_na(struct comparison *c)
{
	char bare[METRIC_NAME_LEN];
	bool *folded = calloc(c->n + 1, sizeof(*folded));
	size_t kept = 0;

	if (!folded)
		return -1;
	for (size_t i = 0; i < c->n; i++) {
		struct cmp_metric *m = &c->m[i], *fm;
		size_t f;

		if (!metric_unlabelled_key(m->name, bare, sizeof(bare)))
			continue;
		f = name_index_find(&c->mix, bare, c->m, sizeof(*c->m));
		if (f == NAME_INDEX_NONE)
			continue;
		fm = &c->m[f];
		for (int k = 0; k < 2; k++) {
			struct arm_values *a = &m->arm[k], *fa = &fm->arm[k];

			if (arm_seen(a) || fa->n || !fa->na_runs ||
			    arm_seen(&fm->arm[!k]))
				continue;
			if (arm_values_set_reason(a, "%s", arm_values_reason(fa))) {
				free(folded);
				return -1;
			}
			a->na_runs = fa->na_runs;
			folded[f] = true;
		}
	}
	for (size_t i = 0; i < c->n; i++) {
		if (folded[i]) {
			arm_values_free(&c->m[i].arm[0]);
			arm_values_free(&c->m[i].arm[1]);
		} else {
			c->m[kept++] = c->m[i];
		}
	}
	free(folded);
	if (kept == c->n)
		return 0;
	c->n = kept;
	name_index_free(&c->mix);
	for (size_t i = 0; i < c->n; i++)
		if (name_index_add(&c->mix, i, c->m, sizeof(*c->m)))
			return -1;
	return 0;
}

int comparison_finish(struct comparison *c, struct zs_error *err)
{
	const char *labels[2] = { c->arm[ARM_A].label, c->arm[ARM_B].label };
	char warning[CMP_NOTE_LEN];

	for (int k = 0; k < 2; k++)
		if (!c->arm[k].nr_records) {
			zs_error_set(err, true, "arm %s: no records", c->arm[k].label);
			return -1;
		}
	if (fold_family_na(c)) {
		zs_error_set(err, true, "out of memory");
		return -1;
	}
	cgroup_prefix_find(c, c->cgroup_dir, sizeof(c->cgroup_dir));
	for (int o = 0; o < RPO_NR; o++)
		if (probe_tally_warning(&c->probes, 2, labels, o, warning,
					sizeof(warning)))
			comparison_note(c, "%s", warning);
	for (size_t i = 0; i < c->n; i++) {
		struct cmp_metric *m = &c->m[i];

		finish_metric(c, m);
		for (int k = 0; k < 2; k++) {
			if (m->status == CMP_DROPPED || m->status == CMP_MISSING)
				continue;
			if (m->arm[k].na_runs)
				comparison_note(c, "%s: n/a in %zu of %zu runs of arm %s (%s); compared over the other runs",
						m->name, m->arm[k].na_runs,
						c->arm[k].nr_records, c->arm[k].label,
						arm_values_reason(&m->arm[k]));
			if (m->absent_runs[k])
				comparison_note(c, "%s: absent from %zu of %zu records of arm %s; compared over the others",
						m->name, m->absent_runs[k],
						c->arm[k].nr_records, c->arm[k].label);
		}
	}
	return 0;
}
