// SPDX-License-Identifier: GPL-2.0
/* zswaptop's frame model: windows from two cumulative samples. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grow.h"
#include "tui_model.h"

const char *const tui_col_names[COL_NR] = {
	[COL_CGROUP] = "CGROUP",
	[COL_ZSWAP_BYTES] = "ZSWAP",
	[COL_ZSWPOUT] = "ZSWPOUT/s",
	[COL_ZSWPIN] = "ZSWPIN/s",
	[COL_ZSWPWB] = "ZSWPWB/s",
	[COL_MEM_FULL] = "MEMFULL%",
	[COL_IO_FULL] = "IOFULL%",
	[COL_IOCOST] = "DEBT%",
};

const char *const tui_series_names[SER_NR] = {
	[SER_STORES] = "stores",
	[SER_LOADS] = "loads",
	[SER_WRITEBACKS] = "writebacks",
	[SER_REJECTS] = "rejects",
	[SER_PSWPOUT] = "pswpout",
	[SER_PSWPIN] = "pswpin",
};

void tui_sample_free(struct tui_sample *s)
{
	metric_set_free(&s->ms);
	free(s->cg.rows);
	memset(s, 0, sizeof(*s));
}

int tui_cg_set_add(struct tui_cg_set *set, const struct tui_cg_sample *row)
{
	if (set->n == set->cap &&
	    grow_array((void **)&set->rows, &set->cap, 16, sizeof(*set->rows)))
		return -1;
	set->rows[set->n++] = *row;
	return 0;
}

void tui_model_free(struct tui_model *m)
{
	metric_set_free(&m->win);
	free(m->rows);
	m->rows = NULL;
	m->nr_rows = m->cap_rows = 0;
}

void tui_model_set_plan(struct tui_model *m, const struct zs_plan *plan)
{
	memset(m->plan_counts, 0, sizeof(m->plan_counts));
	for (int i = 0; i < MF_PLANNED_NR; i++) {
		enum zs_src src = plan->metrics[i].src;
		char name[METRIC_NAME_LEN];

		for (int v = 0; !plan_metric_name(i, v, name, sizeof(name)); v++)
			if (src < SRC_NR)
				m->plan_counts[src]++;
	}
}

void tui_model_add_note(struct tui_model *m, const char *note)
{
	if (m->nr_notes < (int)(sizeof(m->notes) / sizeof(m->notes[0])))
		snprintf(m->notes[m->nr_notes++], sizeof(m->notes[0]), "%s", note);
}

enum tui_kind tui_metric_kind(const struct metric *x)
{
	const struct metric_family *f = x->id.fam;

	switch (metric_kind_of(&x->id)) {
	case MK_LEVEL:
		return TK_GAUGE;
	case MK_RATIO:
		/* a share without parts in the registry is its end value */
		return metric_family_has_parts(f) ? TK_RATIO : TK_GAUGE;
	default:
		return TK_COUNT;
	}
}

/*
 * Counts that only appear once non-zero (one per lock class and caller):
 * absent at the start of the window means 0, not unknown.
 */
static bool sparse_count(const struct metric *x)
{
	return x->id.fam && x->id.fam->sparse;
}

static void window_count(struct metric_set *win, const struct metric *ma,
			 const struct metric *mb)
{
	if (!mb->has_value)
		metric_set_like_na(win, mb, mb->reason);
	else if (!ma && sparse_count(mb))
		metric_set_like(win, mb, mb->src, mb->value);
	else if (!ma)
		metric_set_like_na(win, mb, "not present when the window began");
	else if (!ma->has_value)
		metric_set_like_na(win, mb, ma->reason);
	else
		metric_set_like(win, mb, mb->src, mb->value - ma->value);
}

/* The ratio's parts, with its labels, from the window's values. */
static void window_ratio(struct metric_set *win, const struct metric *mb)
{
	const struct metric_family *f = mb->id.fam;
	char num[METRIC_NAME_LEN], den[METRIC_NAME_LEN], why[METRIC_REASON_LEN];
	struct metric_label_set ls;
	struct metric_id id;
	const struct metric *n, *d;
	double v;

	metric_id_labels(mb->name, &mb->id, &ls);
	metric_id_render(num, sizeof(num), &id, metric_family(f->num), ls.l, ls.n);
	metric_id_render(den, sizeof(den), &id, metric_family(f->den), ls.l, ls.n);
	n = metric_set_find(win, num);
	d = metric_set_find(win, den);
	if (!n || !d) {
		metric_set_like_na(win, mb,
				   mb->has_value ? "parts missing" : mb->reason);
	} else if (!n->has_value || !d->has_value) {
		metric_set_like_na(win, mb, !n->has_value ? n->reason : d->reason);
	} else if (metric_family_ratio(f, n->value, d->value,
				       ls.n ? ls.l[0].value : NULL, &v, why,
				       sizeof(why))) {
		metric_set_like(win, mb, d->src, v);
	} else {
		metric_set_like_na(win, mb, why);
	}
}

static void window_hists(struct metric_set *win, const struct metric_set *a,
			 const struct metric_set *b)
{
	for (size_t i = 0; i < b->nh; i++) {
		const struct hist_metric *hb = &b->h[i];
		const struct hist_metric *ha = metric_set_find_hist(a, hb->name);
		struct hist h = hb->h;

		if (ha) {
			for (int k = 0; k < HIST_SLOTS; k++)
				h.slots[k] -= ha->h.slots[k];
			h.sum -= ha->h.sum;
		}
		metric_set_like_hist(win, hb, &h);
	}
}

static void window_metrics(struct tui_model *m, const struct tui_sample *a,
			   const struct tui_sample *b)
{
	const struct metric_set *ms = &b->ms;

	metric_set_free(&m->win);
	/* counts and gauges first, in the sample's order */
	for (size_t i = 0; i < ms->n; i++) {
		const struct metric *mb = &ms->m[i];

		switch (tui_metric_kind(mb)) {
		case TK_GAUGE:
			if (mb->has_value)
				metric_set_like(&m->win, mb, mb->src, mb->value);
			else
				metric_set_like_na(&m->win, mb, mb->reason);
			break;
		case TK_COUNT:
			window_count(&m->win, metric_set_find(&a->ms, mb->name),
				     mb);
			break;
		case TK_RATIO:
			/* placeholder keeps the order; filled below */
			metric_set_like_na(&m->win, mb, "pending");
			break;
		}
	}
	for (size_t i = 0; i < ms->n; i++)
		if (tui_metric_kind(&ms->m[i]) == TK_RATIO)
			window_ratio(&m->win, &ms->m[i]);
	window_hists(&m->win, &a->ms, &b->ms);
}

static const struct tui_cg_sample *cg_find(const struct tui_cg_set *set,
					   unsigned long long id)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->rows[i].id == id)
			return &set->rows[i];
	return NULL;
}

static void cg_row(struct tui_cg_row *r, const struct tui_cg_sample *ca,
		   const struct tui_cg_sample *cb, double secs)
{
	/* BPF counts start at 0 for a cgroup first seen in this window */
	unsigned long long out0 = ca ? ca->zswpout : 0;
	unsigned long long in0 = ca ? ca->zswpin : 0;
	unsigned long long wb0 = ca ? ca->zswpwb : 0;

	memset(r, 0, sizeof(*r));
	r->id = cb->id;
	snprintf(r->path, sizeof(r->path), "%s", cb->path);
	if (cb->has_counts && (!ca || ca->has_counts)) {
		r->has[COL_ZSWPOUT] = r->has[COL_ZSWPIN] = true;
		r->v[COL_ZSWPOUT] = (double)(cb->zswpout - out0) / secs;
		r->v[COL_ZSWPIN] = (double)(cb->zswpin - in0) / secs;
	}
	if (cb->has_zswpwb && (!ca || ca->has_zswpwb)) {
		r->has[COL_ZSWPWB] = true;
		r->v[COL_ZSWPWB] = (double)(cb->zswpwb - wb0) / secs;
	}
	r->has[COL_ZSWAP_BYTES] = cb->has_zswap_bytes;
	r->v[COL_ZSWAP_BYTES] = cb->zswap_bytes;
	/* pressure totals are cumulative since the cgroup was created */
	if (ca && ca->has_mem_full && cb->has_mem_full) {
		r->has[COL_MEM_FULL] = true;
		r->v[COL_MEM_FULL] = (cb->mem_full_us - ca->mem_full_us) /
				     (secs * 1e4);
	}
	if (ca && ca->has_io_full && cb->has_io_full) {
		r->has[COL_IO_FULL] = true;
		r->v[COL_IO_FULL] = (cb->io_full_us - ca->io_full_us) /
				    (secs * 1e4);
	}
	/*
	 * iocost debt: % of the window in debt. iostall counts from its
	 * begin and reports a cgroup once it has seen it, so a cgroup not
	 * reported at the start of the window starts from 0.
	 */
	if (cb->has_iocost) {
		unsigned long long d0 = ca && ca->has_iocost ? ca->iocost_debt_us : 0;

		r->has[COL_IOCOST] = true;
		r->v[COL_IOCOST] = (cb->iocost_debt_us - d0) / (secs * 1e4);
	}
}

static const char *const col_na[COL_NR] = {
	[COL_ZSWAP_BYTES] = "no memory.zswap.current (cgroup v1, or no "
			    "per-cgroup zswap accounting)",
	[COL_MEM_FULL] = "no memory.pressure (cgroup v1 or PSI off), "
			 "or first window of the cgroup",
	[COL_IO_FULL] = "no io.pressure (cgroup v1 or PSI off), or first "
			"window of the cgroup",
	[COL_IOCOST] = "start with --iocost",
};

static int window_cgroups(struct tui_model *m, const struct tui_sample *a,
			  const struct tui_sample *b)
{
	m->nr_rows = 0;
	m->has_cg = b->has_cg;
	snprintf(m->cg_reason, sizeof(m->cg_reason), "%s", b->cg_reason);
	for (int c = 0; c < COL_NR; c++)
		snprintf(m->col_reason[c], sizeof(m->col_reason[c]), "%s",
			 col_na[c] ? col_na[c] : "");
	snprintf(m->col_reason[COL_ZSWPOUT], TUI_REASON_LEN, "%s",
		 b->counts_reason);
	snprintf(m->col_reason[COL_ZSWPIN], TUI_REASON_LEN, "%s",
		 b->counts_reason);
	snprintf(m->col_reason[COL_ZSWPWB], TUI_REASON_LEN, "%s",
		 b->zswpwb_reason[0] ? b->zswpwb_reason : b->counts_reason);
	m->counts_subtree = b->counts_subtree;
	if (b->iocost_reason[0])
		snprintf(m->col_reason[COL_IOCOST], TUI_REASON_LEN, "%s",
			 b->iocost_reason);
	if (!b->has_cg)
		return 0;
	if (b->cg.n > m->cap_rows) {
		struct tui_cg_row *r = realloc(m->rows, b->cg.n * sizeof(*r));

		if (!r)
			return -1;
		m->rows = r;
		m->cap_rows = b->cg.n;
	}
	for (size_t i = 0; i < b->cg.n; i++)
		cg_row(&m->rows[m->nr_rows++], cg_find(&a->cg, b->cg.rows[i].id),
		       &b->cg.rows[i], m->secs);
	return 0;
}

void tui_key(char *buf, size_t len, int fam, int value)
{
	const struct metric_family *f = metric_family(fam);
	struct metric_label l = { f->label, value >= 0 ? f->values[value] : NULL };
	struct metric_id id;

	metric_id_render(buf, len, &id, f, &l, value >= 0 && f->label ? 1 : 0);
}

bool tui_rate(const struct tui_model *m, const struct metric *x, double *out)
{
	if (!x || !x->has_value)
		return false;
	if (tui_metric_kind(x) == TK_COUNT)
		*out = m->secs > 0 ? x->value / m->secs : 0;
	else
		*out = x->value;
	return true;
}

const struct metric *tui_metric(const struct tui_model *m, int fam, int value)
{
	char key[METRIC_NAME_LEN];

	tui_key(key, sizeof(key), fam, value);
	return metric_set_find(&m->win, key);
}

static double series_value(const struct tui_model *m, enum tui_series s)
{
	/* a family, and the one read while it is n/a (-1: none) */
	static const int fams[SER_NR][2] = {
		[SER_STORES] = { MF_STORE_CALLS, -1 },
		[SER_LOADS] = { MF_LOAD_CALLS, MF_LOAD_HITS },
		[SER_WRITEBACKS] = { MF_WRITTEN_BACK, MF_ZSWPWB },
		[SER_REJECTS] = { MF_STORE_REJECT, -1 },
		[SER_PSWPOUT] = { MF_PSWPOUT, -1 },
		[SER_PSWPIN] = { MF_PSWPIN, -1 },
	};
	double v;

	for (int i = 0; i < 2 && fams[s][i] >= 0; i++)
		if (tui_rate(m, tui_metric(m, fams[s][i], -1), &v))
			return v;
	return NAN;
}

static void history_push(struct tui_model *m)
{
	struct tui_history *h = &m->hist;

	for (int s = 0; s < SER_NR; s++)
		h->v[s][h->head] = series_value(m, s);
	h->head = (h->head + 1) % TUI_HISTORY;
	if (h->n < TUI_HISTORY)
		h->n++;
}

int tui_model_update(struct tui_model *m, const struct tui_sample *a,
		     const struct tui_sample *b)
{
	m->frame++;
	m->secs = b->t - a->t;
	if (m->secs <= 0)
		m->secs = 1e-9;
	m->params = b->params;
	m->mem_total = b->mem_total;
	window_metrics(m, a, b);
	if (window_cgroups(m, a, b))
		return -1;
	history_push(m);
	return 0;
}
