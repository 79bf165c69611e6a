// SPDX-License-Identifier: GPL-2.0
/*
 * zswaptop's text panels (histograms, history, sources): lines produced
 * once per frame and shown from a scroll offset.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "num_format.h"
#include "tui_layout.h"
#include "tui_panels.h"

/* text panels: histograms, history, sources ---------------------------- */

/* Lines of a panel, produced once and shown with a scroll offset. */
struct lines {
	char (*l)[LINE];
	int n, cap;
};

static void lines_add(struct lines *ls, const char *fmt, ...)
{
	va_list ap;

	if (ls->n == ls->cap) {
		int cap = ls->cap ? ls->cap * 2 : 32;
		char (*l)[LINE] = realloc(ls->l, cap * sizeof(*l));

		if (!l)
			return;
		ls->l = l;
		ls->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(ls->l[ls->n++], LINE, fmt, ap);
	va_end(ap);
}

struct hist_panel {
	const char *title;
	int fam, value;		/* a registry family, its label's value index */
};

static const struct hist_panel hist_panels[] = {
	{ "store latency", MF_STORE_LATENCY, -1 },
	{ "load latency", MF_LOAD_LATENCY, -1 },
	{ "pages per writeback bio", MF_PAGES_PER_BIO, 0 },
	{ "pages per reclaim bio", MF_PAGES_PER_BIO, 1 },
};

#define HIST_MAX_ROWS 12
/* lock classes x zswap callers (src/lock/lock_classify.c): at most 6 x 8 */
#define LOCK_MAX_ROWS 48

static void slot_label(char *buf, size_t len, enum hist_kind kind, int i)
{
	unsigned long long lo, hi;
	char a[16], b[16];

	hist_slot_bounds(kind, i, &lo, &hi);
	if (kind == HIST_LINEAR) {
		if (hi == ~0ULL)
			snprintf(buf, len, "%llu+", lo);
		else
			snprintf(buf, len, "%llu", lo);
		return;
	}
	tui_fmt_ns(a, sizeof(a), lo);
	tui_fmt_ns(b, sizeof(b), hi + 1);
	snprintf(buf, len, "%s-%s", a, b);
}

/* The summary line and the bars of one histogram with n > 0 events. */
static void hist_body(struct lines *ls, const char *title,
		      const struct hist_metric *hm, unsigned long long n, int w)
{
	unsigned long long max = 0;
	int first = -1, last = -1, bw;
	char p50[16], p99[16], mean[16], label[40], count[32];

	if (hm->h.kind == HIST_LOG2) {
		tui_fmt_ns(p50, sizeof(p50), hist_percentile(&hm->h, 50));
		tui_fmt_ns(p99, sizeof(p99), hist_percentile(&hm->h, 99));
		tui_fmt_ns(mean, sizeof(mean), (unsigned long long)hist_mean(&hm->h));
	} else {
		snprintf(p50, sizeof(p50), "%llu", hist_percentile(&hm->h, 50));
		snprintf(p99, sizeof(p99), "%llu", hist_percentile(&hm->h, 99));
		snprintf(mean, sizeof(mean), "%.2f", hist_mean(&hm->h));
	}
	fmt_count(count, sizeof(count), n);
	lines_add(ls, "%s (%s): n %s  mean %s  p50 %s  p99 %s", title,
		  src_name(hm->src), count, mean, p50, p99);
	for (int i = 0; i < HIST_SLOTS; i++) {
		if (hm->h.slots[i] > max)
			max = hm->h.slots[i];
		if (hm->h.slots[i]) {
			if (first < 0)
				first = i;
			last = i;
		}
	}
	bw = w - 32;
	if (bw > 40)
		bw = 40;
	if (bw < 4)
		bw = 4;
	for (int i = first, rows = 0; i <= last && rows < HIST_MAX_ROWS; i++) {
		char bar[64];
		int k = (int)(hm->h.slots[i] * bw / max);

		/* log2 ranges are shown whole; linear ones by their used slots */
		if (hm->h.kind == HIST_LINEAR && !hm->h.slots[i])
			continue;
		rows++;

		if (hm->h.slots[i] && !k)
			k = 1;
		memset(bar, '*', k);
		memset(bar + k, ' ', bw - k);
		bar[bw] = '\0';
		slot_label(label, sizeof(label), hm->h.kind, i);
		fmt_count(count, sizeof(count), hm->h.slots[i]);
		lines_add(ls, "  %13s %10s |%s|", label, count, bar);
	}
}

static void hist_lines(struct lines *ls, const struct tui_model *m,
		       const struct hist_panel *hp, int w)
{
	const struct metric *na = tui_metric(m, hp->fam, hp->value);
	const struct hist_metric *hm;
	char key[METRIC_NAME_LEN];
	unsigned long long n;

	tui_key(key, sizeof(key), hp->fam, hp->value);
	hm = metric_set_find_hist(&m->win, key);

	if (!hm) {
		lines_add(ls, "%s: n/a (%s)", hp->title,
			  na && !na->has_value ? na->reason : "no source");
		return;
	}
	n = hist_count(&hm->h);
	if (!n) {
		lines_add(ls, "%s (%s): no events in the window", hp->title,
			  src_name(hm->src));
		return;
	}
	hist_body(ls, hp->title, hm, n, w);
}

struct lock_row {
	char lock[32], caller[32];
	double contentions, wait_ns;
};

static int lock_row_cmp(const void *pa, const void *pb)
{
	const struct lock_row *a = pa, *b = pb;
	int c;

	if (a->wait_ns != b->wait_ns)
		return a->wait_ns < b->wait_ns ? 1 : -1;
	if (a->contentions != b->contentions)
		return a->contentions < b->contentions ? 1 : -1;
	c = strcmp(a->lock, b->lock);
	return c ? c : strcmp(a->caller, b->caller);
}

/*
 * Lock wait: every lock_wait_ns{lock=,caller=} of the window merged into
 * one histogram, then contentions/s and time waited per lock class and
 * zswap caller (lock_contentions{lock=any,caller=any} is their sum).
 */
static void lock_lines(struct lines *ls, const struct tui_model *m, int w)
{
	struct hist_metric all = { .src = SRC_TRACEPOINT, .h.kind = HIST_LOG2 };
	static const struct metric_label any_labels[] = {
		{ "lock", "any" }, { "caller", "any" },
	};
	struct lock_row rows[LOCK_MAX_ROWS];
	const struct metric *any;
	char rate[32], wait[16], mean[16];
	unsigned long long n;
	int nr = 0;

	if (!m->locks) {
		lines_add(ls, "lock wait: n/a (%s)", m->locks_reason);
		return;
	}
	for (size_t i = 0; i < m->win.nh; i++) {
		const struct hist_metric *hm = &m->win.h[i];

		if (hm->id.fam != metric_family(MF_LOCK_WAIT) || !hm->id.nlabels)
			continue;
		for (int k = 0; k < HIST_SLOTS; k++)
			all.h.slots[k] += hm->h.slots[k];
		all.h.sum += hm->h.sum;
	}
	for (size_t i = 0; i < m->win.n && nr < LOCK_MAX_ROWS; i++) {
		const struct metric *x = &m->win.m[i];
		const struct hist_metric *hm;
		struct lock_row *r = &rows[nr];
		char name[METRIC_NAME_LEN];
		struct metric_label_set labels;
		struct metric_id id;

		if (!x->has_value || x->value <= 0 ||
		    x->id.fam != metric_family(MF_LOCK_CONTENTIONS) ||
		    !metric_id_label(x->name, &x->id, "lock", r->lock,
				     sizeof(r->lock)) ||
		    !metric_id_label(x->name, &x->id, "caller", r->caller,
				     sizeof(r->caller)) ||
		    !strcmp(r->lock, "any"))
			continue;
		/* the wait histogram of the same lock and caller */
		metric_id_labels(x->name, &x->id, &labels);
		metric_id_render(name, sizeof(name), &id,
				 metric_family(MF_LOCK_WAIT), labels.l, labels.n);
		hm = metric_set_find_hist(&m->win, name);
		r->contentions = x->value;
		r->wait_ns = hm ? hm->h.sum : 0;
		nr++;
	}
	any = metric_set_find_id(&m->win, MF_LOCK_CONTENTIONS, any_labels, 2);
	n = hist_count(&all.h);
	if (!n) {
		lines_add(ls, "lock wait (tracepoint): no contention on zswap's "
			  "locks in the window");
		return;
	}
	hist_body(ls, "lock wait", &all, n, w);
	qsort(rows, nr, sizeof(rows[0]), lock_row_cmp);
	lines_add(ls, "  %-12s %-14s %13s %10s %10s %8s", "LOCK", "CALLER",
		  "CONTENTIONS/s", "WAITED", "MEAN", "WAIT%");
	for (int i = 0; i < nr; i++) {
		tui_fmt_num(rate, sizeof(rate), rows[i].contentions / m->secs);
		tui_fmt_ns(wait, sizeof(wait), (unsigned long long)rows[i].wait_ns);
		tui_fmt_ns(mean, sizeof(mean), (unsigned long long)(rows[i].wait_ns /
								rows[i].contentions));
		/* time waited per second of the window, summed over CPUs */
		lines_add(ls, "  %-12s %-14s %13s %10s %10s %7.2f%%", rows[i].lock,
			  rows[i].caller, rate, wait, mean,
			  rows[i].wait_ns / (m->secs * 1e7));
	}
	if (any && any->has_value) {
		fmt_count(rate, sizeof(rate), any->value);
		lines_add(ls, "  %-12s %-14s %13s contentions in the %.1f s window",
			  "all", "", rate, m->secs);
	}
}

static const char spark_levels[] = "_.:-=+*#%@";

static void history_lines(struct lines *ls, const struct tui_model *m, int w)
{
	const struct tui_history *h = &m->hist;
	int sw = w - 38, n;

	if (sw < 8)
		sw = 8;
	n = h->n < sw ? h->n : sw;
	for (int s = 0; s < SER_NR; s++) {
		char spark[LINE], cur[16], mx[16];
		double max = 0, last = NAN;

		for (int i = 0; i < n; i++) {
			int k = (h->head - n + i + TUI_HISTORY) % TUI_HISTORY;

			if (!isnan(h->v[s][k]) && h->v[s][k] > max)
				max = h->v[s][k];
			last = h->v[s][k];
		}
		for (int i = 0; i < n; i++) {
			int k = (h->head - n + i + TUI_HISTORY) % TUI_HISTORY;
			double v = h->v[s][k];
			int lv;

			if (isnan(v)) {
				spark[i] = ' ';
				continue;
			}
			lv = max > 0 ? (int)(v / max * 9 + 0.5) : 0;
			spark[i] = spark_levels[lv < 0 ? 0 : lv > 9 ? 9 : lv];
		}
		spark[n] = '\0';
		tui_fmt_num(cur, sizeof(cur), last);
		tui_fmt_num(mx, sizeof(mx), max);
		lines_add(ls, "%-10s %8s/s max %8s |%-*s|", tui_series_names[s],
			  cur, mx, sw, spark);
	}
}

static void source_lines(struct lines *ls, const struct tui_model *m)
{
	for (size_t i = 0; i < m->win.n; i++) {
		const struct metric *x = &m->win.m[i];
		char val[32];

		if (!x->has_value) {
			lines_add(ls, "%-36s %-10s n/a: %s", x->name, "n/a",
				  x->reason);
			continue;
		}
		if (tui_metric_kind(x) == TK_COUNT || x->value >= 1000)
			snprintf(val, sizeof(val), "%.0f", x->value);
		else
			snprintf(val, sizeof(val), "%.4g", x->value);
		lines_add(ls, "%-36s %-10s %s %s", x->name, src_name(x->src),
			  val, x->unit);
	}
}

static void panel_lines(struct lines *ls, const struct tui_model *m,
			enum tui_panel p, int w)
{
	switch (p) {
	case PANEL_HISTOGRAMS:
		for (size_t i = 0; i < ARRAY_LEN(hist_panels); i++)
			hist_lines(ls, m, &hist_panels[i], w);
		lock_lines(ls, m, w);
		break;
	case PANEL_HISTORY:
		history_lines(ls, m, w);
		break;
	case PANEL_SOURCES:
		source_lines(ls, m);
		break;
	default:
		break;
	}
}

int tui_panels_max_rows(void)
{
	return ((int)ARRAY_LEN(hist_panels) + 1) * (HIST_MAX_ROWS + 1) +
	       LOCK_MAX_ROWS;
}

int tui_panel_len(const struct tui_model *m, const struct tui_view *v,
		  enum tui_panel p, int w)
{
	struct lines ls = {};
	size_t *order;
	int n;

	if (p == PANEL_CGROUPS) {
		order = calloc(m->nr_rows ? m->nr_rows : 1, sizeof(*order));
		n = order ? (int)tui_rows_order(m, v, order) : 0;
		free(order);
		return n;
	}
	panel_lines(&ls, m, p, w);
	free(ls.l);
	return ls.n;
}

/* Returns rows drawn; every line when r.h < 0. */
int tui_draw_lines_panel(struct tui_grid *g, struct rect r,
			    const struct tui_model *m, enum tui_panel p,
			    int scroll)
{
	struct lines ls = {};
	int rows;

	panel_lines(&ls, m, p, r.w);
	rows = r.h < 0 ? ls.n : r.h;
	if (scroll > ls.n - rows)
		scroll = ls.n - rows;
	if (scroll < 0)
		scroll = 0;
	for (int i = 0; i < rows && scroll + i < ls.n; i++)
		tui_grid_put(g, r.x, r.y + i, r.w, TA_NONE, ls.l[scroll + i]);
	free(ls.l);
	return rows < ls.n ? rows : ls.n;
}
