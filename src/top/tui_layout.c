// SPDX-License-Identifier: GPL-2.0
/* zswaptop's layout: a frame model rendered into a text grid. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tui_layout.h"

const char *const tui_panel_names[PANEL_NR] = {
	[PANEL_CGROUPS] = "cgroups",
	[PANEL_HISTOGRAMS] = "histograms",
	[PANEL_HISTORY] = "history",
	[PANEL_SOURCES] = "sources",
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define LINE 512

/* grid ---------------------------------------------------------------- */

int tui_grid_init(struct tui_grid *g, int w, int h)
{
	g->w = w;
	g->h = h;
	g->text = malloc((size_t)w * h);
	g->attr = malloc((size_t)w * h);
	if (!g->text || !g->attr) {
		tui_grid_free(g);
		return -1;
	}
	tui_grid_clear(g);
	return 0;
}

void tui_grid_free(struct tui_grid *g)
{
	free(g->text);
	free(g->attr);
	g->text = NULL;
	g->attr = NULL;
}

void tui_grid_clear(struct tui_grid *g)
{
	memset(g->text, ' ', (size_t)g->w * g->h);
	memset(g->attr, TA_NONE, (size_t)g->w * g->h);
}

void tui_grid_put(struct tui_grid *g, int x, int y, int max, int attr,
		  const char *s)
{
	if (y < 0 || y >= g->h)
		return;
	for (int i = 0; s[i] && i < max && x + i < g->w; i++) {
		if (x + i < 0)
			continue;
		/* only printable ASCII reaches the terminal */
		g->text[y * g->w + x + i] = s[i] >= 32 && s[i] < 127 ? s[i] : '?';
		g->attr[y * g->w + x + i] = attr;
	}
}

static void grid_printf(struct tui_grid *g, int x, int y, int max, int attr,
			const char *fmt, ...)
{
	char buf[LINE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	tui_grid_put(g, x, y, max, attr, buf);
}

/* Sets the attribute of a whole span, e.g. a reversed title bar. */
static void grid_attr(struct tui_grid *g, int x, int y, int n, int attr)
{
	if (y < 0 || y >= g->h)
		return;
	for (int i = x; i < x + n && i < g->w; i++)
		if (i >= 0)
			g->attr[y * g->w + i] = attr;
}

void tui_grid_print(const struct tui_grid *g, FILE *f, int rows)
{
	for (int y = 0; y < rows && y < g->h; y++) {
		int n = g->w;

		while (n > 0 && g->text[y * g->w + n - 1] == ' ')
			n--;
		fwrite(&g->text[y * g->w], 1, n, f);
		fputc('\n', f);
	}
}

int tui_grid_last_row(const struct tui_grid *g)
{
	for (int y = g->h - 1; y >= 0; y--)
		for (int x = 0; x < g->w; x++)
			if (g->text[y * g->w + x] != ' ')
				return y;
	return -1;
}

/* numbers ------------------------------------------------------------- */

void tui_fmt_num(char *buf, size_t len, double v)
{
	static const char sfx[] = " kMGTP";
	double a = fabs(v);
	int i = 0;

	if (isnan(v)) {
		snprintf(buf, len, "n/a");
		return;
	}
	if (a < 1000) {
		if (v == floor(v))
			snprintf(buf, len, "%.0f", v);
		else
			snprintf(buf, len, a < 10 ? "%.2f" : "%.1f", v);
		return;
	}
	while (a >= 999.95 && i < 5) {
		a /= 1000;
		v /= 1000;
		i++;
	}
	snprintf(buf, len, "%.1f%c", v, sfx[i]);
}

void tui_fmt_bytes(char *buf, size_t len, double v)
{
	static const char sfx[] = "BKMGTP";
	int i = 0;

	while (fabs(v) >= 1024 && i < 5) {
		v /= 1024;
		i++;
	}
	if (i == 0)
		snprintf(buf, len, "%.0fB", v);
	else
		snprintf(buf, len, "%.1f%c", v, sfx[i]);
}

static void fmt_ns(char *buf, size_t len, unsigned long long ns)
{
	if (ns >= 1000000000ULL)
		snprintf(buf, len, "%.3gs", ns / 1e9);
	else if (ns >= 1000000)
		snprintf(buf, len, "%.3gms", ns / 1e6);
	else if (ns >= 1000)
		snprintf(buf, len, "%.3gus", ns / 1e3);
	else
		snprintf(buf, len, "%lluns", ns);
}

static const char *short_src(enum zs_src src)
{
	return src_name(src);
}

/* view ---------------------------------------------------------------- */

void tui_view_init(struct tui_view *v)
{
	memset(v, 0, sizeof(*v));
	v->focus = PANEL_CGROUPS;
	v->sort_col = COL_ZSWPOUT;
}

static const struct tui_model *sort_model;
static const struct tui_view *sort_view;

/* Natural order: names ascending, numbers descending; n/a always last. */
static int row_cmp(const void *pa, const void *pb)
{
	const struct tui_cg_row *a = &sort_model->rows[*(const size_t *)pa];
	const struct tui_cg_row *b = &sort_model->rows[*(const size_t *)pb];
	enum tui_col c = sort_view->sort_col;
	int r = 0;

	if (c != COL_CGROUP) {
		if (a->has[c] != b->has[c])
			return a->has[c] ? -1 : 1;
		if (a->has[c] && a->v[c] != b->v[c])
			r = a->v[c] > b->v[c] ? -1 : 1;
	} else {
		r = strcmp(a->path, b->path);
	}
	if (r && sort_view->sort_reverse)
		r = -r;
	if (!r)
		r = strcmp(a->path, b->path);
	if (!r)
		r = a->id < b->id ? -1 : a->id > b->id;
	return r;
}

size_t tui_rows_order(const struct tui_model *m, const struct tui_view *v,
		      size_t *order)
{
	size_t n = 0;

	for (size_t i = 0; i < m->nr_rows; i++)
		if (!v->filter[0] || strstr(m->rows[i].path, v->filter))
			order[n++] = i;
	sort_model = m;
	sort_view = v;
	qsort(order, n, sizeof(*order), row_cmp);
	return n;
}

/* header ---------------------------------------------------------------- */

struct rect {
	int x, y, w, h;
};

static int draw_header(struct tui_grid *g, const struct tui_model *m,
		       const struct tui_view *v, int w, int max_notes)
{
	const struct zswap_params *p = &m->params;
	char a[32], b[32], c[32], bar[LINE];
	const struct metric *pool = tui_metric(m, MF_POOL_BYTES, -1);
	const struct metric *stored = tui_metric(m, MF_STORED_PAGES, -1);
	const struct metric *ratio = tui_metric(m, MF_COMPRESSION_RATIO, -1);
	double limit = 0, pct;
	int y = 0, x, bw;

	grid_printf(g, 0, y, w, TA_REVERSE,
		    "zswaptop  kernel %s  every %.2gs  window %.2fs  frame %d  %s%s",
		    m->kernel, m->interval, m->secs, m->frame, m->clock,
		    v->paused ? "  [PAUSED]" : "");
	grid_attr(g, 0, y, w, TA_REVERSE);
	if (w >= 100)
		tui_grid_put(g, w - 17, y, 17, TA_REVERSE, " h help  q quit ");
	y++;
	grid_printf(g, 0, y++, w, TA_NONE,
		    "zswap enabled %s  compressor %s  zpool %s  max_pool %s%%  "
		    "accept %s%%  shrinker %s", p->enabled, p->compressor,
		    p->zpool, p->max_pool_percent, p->accept_threshold_percent,
		    p->shrinker_enabled);

	/* pool size against its limit, with the accept threshold as '|' */
	if (m->mem_total > 0 && atof(p->max_pool_percent) > 0)
		limit = m->mem_total * atof(p->max_pool_percent) / 100;
	if (pool && pool->has_value)
		tui_fmt_bytes(a, sizeof(a), pool->value);
	else
		snprintf(a, sizeof(a), "n/a");
	if (limit > 0)
		tui_fmt_bytes(b, sizeof(b), limit);
	else
		snprintf(b, sizeof(b), "n/a");
	if (stored && stored->has_value)
		tui_fmt_num(c, sizeof(c), stored->value);
	else
		snprintf(c, sizeof(c), "n/a");
	snprintf(bar, sizeof(bar), " %s/%s", a, b);
	pct = pool && pool->has_value && limit > 0 ? pool->value / limit : -1;
	if (pct >= 0)
		snprintf(bar + strlen(bar), sizeof(bar) - strlen(bar), " %3.0f%%",
			 pct * 100);
	snprintf(bar + strlen(bar), sizeof(bar) - strlen(bar),
		 "  stored %s pages  ratio ", c);
	if (ratio && ratio->has_value)
		snprintf(bar + strlen(bar), sizeof(bar) - strlen(bar), "%.2f",
			 ratio->value);
	else
		snprintf(bar + strlen(bar), sizeof(bar) - strlen(bar), "n/a (%s)",
			 ratio ? ratio->reason : "no pool counters");
	tui_grid_put(g, 0, y, w, TA_NONE, "pool [");
	bw = w - 7 - (int)strlen(bar);
	if (bw > 60)
		bw = 60;
	if (bw < 10)
		bw = 10;
	for (x = 0; x < bw; x++) {
		char ch = pct >= 0 && x < (int)(pct * bw + 0.5) ? '#' : '-';

		if (pct < 0)
			ch = '?';
		g->text[y * g->w + 6 + x] = ch;
	}
	if (limit > 0 && atof(p->accept_threshold_percent) > 0) {
		int t = (int)(atof(p->accept_threshold_percent) / 100 * bw);

		if (t > 0 && t < bw)
			g->text[y * g->w + 6 + t] = '|';
	}
	tui_grid_put(g, 6 + bw, y, w - 6 - bw, TA_NONE, "]");
	tui_grid_put(g, 7 + bw, y++, w - 7 - bw, TA_NONE, bar);

	grid_printf(g, 0, y++, w, TA_NONE,
		    "plan: metrics by fentry %d  kprobe %d  tracepoint %d  "
		    "counter %d  n/a %d", m->plan_counts[SRC_FENTRY],
		    m->plan_counts[SRC_KPROBE], m->plan_counts[SRC_TRACEPOINT],
		    m->plan_counts[SRC_COUNTER], m->plan_counts[SRC_NONE]);
	for (int i = 0; i < m->nr_notes && i < max_notes; i++)
		grid_printf(g, 0, y++, w, TA_BOLD, "note: %s", m->notes[i]);
	return y;
}

/* rates ----------------------------------------------------------------- */

/* A line of the rates panel: a registry family with a top label. */
struct rate_line {
	int fam;
	int value;		/* index of the label's value, -1: none */
	int order;
};

static int rate_order(const void *a, const void *b)
{
	return ((const struct rate_line *)a)->order -
	       ((const struct rate_line *)b)->order;
}

/* The panel's lines, from the registry rows' top labels, in their order. */
static int rate_lines(const struct rate_line **out)
{
	static struct rate_line lines[MF_NR * MF_MAX_VALUES];
	static int n = -1;

	if (n < 0) {
		n = 0;
		for (int f = 0; f < MF_NR; f++) {
			const struct metric_family *fam = metric_family(f);

			for (int v = 0; v < MF_MAX_VALUES; v++)
				if (fam->top.label[v])
					lines[n++] = (struct rate_line) {
						f, fam->label ? v : -1,
						fam->top.order[v] };
		}
		qsort(lines, n, sizeof(lines[0]), rate_order);
	}
	*out = lines;
	return n;
}

static void draw_rate(struct tui_grid *g, int x, int y, int w,
		      const struct tui_model *m, const struct rate_line *rl)
{
	const struct metric_top *top = &metric_family(rl->fam)->top;
	const struct metric *x0 = tui_metric(m, rl->fam, rl->value);
	const char *label = top->label[rl->value < 0 ? 0 : rl->value];
	char val[32];
	double v;

	if ((!x0 || !x0->has_value) && top->alt_label) {
		const struct metric *alt = tui_metric(m, top->alt, -1);

		if (alt && alt->has_value) {
			x0 = alt;
			label = top->alt_label;
		}
	}
	if (!x0) {
		grid_printf(g, x, y, w, TA_NONE, "%-14s %9s %-10s %s", label,
			    "n/a", "n/a", "not collected");
		return;
	}
	if (!x0->has_value) {
		/* the reason only where it can be read; else see "sources" */
		grid_printf(g, x, y, w, TA_NONE, "%-14s %9s %-10s %s", label,
			    "n/a", "n/a", w - 36 >= 16 ? x0->reason : "");
		return;
	}
	tui_rate(m, x0, &v);
	if (top->percent)
		snprintf(val, sizeof(val), "%.1f%%", v * 100);
	else
		tui_fmt_num(val, sizeof(val), v);
	grid_printf(g, x, y, w, TA_NONE, "%-14s %9s %-10s", label, val,
		    short_src(x0->src));
}

/* A lead and items, wrapped over at most max_rows lines; rows used. */
struct wrap {
	struct tui_grid *g;
	int x, y, w, rows, max_rows, indent;
};

static void wrap_start(struct wrap *wr, struct tui_grid *g, int y, int w,
		       int max_rows, const char *lead)
{
	*wr = (struct wrap){ g, strlen(lead), y, w, 1, max_rows, strlen(lead) };
	tui_grid_put(g, 0, y, w, TA_NONE, lead);
}

/* false once the lines are full: the item and the rest are left out */
static bool wrap_item(struct wrap *wr, const char *item)
{
	if (wr->x + (int)strlen(item) > wr->w) {
		if (wr->rows == wr->max_rows)
			return false;
		wr->rows++;
		wr->y++;
		wr->x = wr->indent;
	}
	tui_grid_put(wr->g, wr->x, wr->y, wr->w - wr->x, TA_NONE, item);
	wr->x += strlen(item);
	return true;
}

/* "rejects/s by reason: alloc_fail 0 ..." wrapped over lines. */
static int draw_reject_reasons(struct tui_grid *g, int y, int w, int max_rows,
			       const struct tui_model *m)
{
	char item[256], num[32], reason[64];
	struct wrap wr;

	wrap_start(&wr, g, y, w, max_rows, "rejects/s by reason:");
	for (size_t i = 0; i <= m->win.n; i++) {
		const struct metric *r;
		const char *name;
		double v;

		if (i == m->win.n) {
			r = tui_metric(m, MF_POOL_LIMIT_HIT, -1);
			if (!r)
				break;
		} else {
			r = &m->win.m[i];
			if (r->id.fam != metric_family(MF_REJECT))
				continue;
		}
		/* pool_limit_hit goes by its own name */
		name = metric_id_label(r->name, &r->id, "reason", reason,
				       sizeof(reason)) ? reason : r->name;
		if (tui_rate(m, r, &v))
			tui_fmt_num(num, sizeof(num), v);
		else
			snprintf(num, sizeof(num), "n/a");
		snprintf(item, sizeof(item), " %s %s", name, num);
		if (!wrap_item(&wr, item))
			break;
	}
	return wr.rows;
}

/* The per-size mTHP stats of the large-folio line, in its order. */
static const int folio_fams[] = {
	MF_MTHP_ZSWPOUT, MF_MTHP_SWPOUT, MF_MTHP_SWPOUT_FALLBACK,
};

/* One size's "zswpout/swpout/fallback" rates; false when all are 0. */
static bool folio_rates(const struct tui_model *m, const char *size,
			char *buf, size_t len)
{
	struct metric_label l = { "size", size };
	bool any = false;
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_LEN(folio_fams); i++) {
		const struct metric *x = metric_set_find_id(&m->win,
							    folio_fams[i], &l, 1);
		char num[32] = "n/a";
		double v;

		if (x && tui_rate(m, x, &v)) {
			tui_fmt_num(num, sizeof(num), v);
			any |= v != 0;
		}
		used += snprintf(buf + used, used < len ? len - used : 0, "%s%s",
				 i ? "/" : "", num);
	}
	return any;
}

/* Whether the window has a metric of family fam. */
static bool has_family(const struct metric_set *ms, int fam)
{
	for (size_t i = 0; i < ms->n; i++)
		if (ms->m[i].id.fam == metric_family(fam))
			return true;
	return false;
}

/*
 * "large folios/s zswpout/swpout/fallback: 64kB 120/0/3 ...": the sizes
 * that moved in the window (every mTHP size has swpout); no line when
 * the window has no mTHP metric at all.
 */
static int draw_large_folios(struct tui_grid *g, int y, int w, int max_rows,
			     const struct tui_model *m)
{
	const struct metric *bare = tui_metric(m, MF_MTHP_SWPOUT, -1);
	char item[LINE], rates[96], size[16];
	struct wrap wr;
	int shown = 0;

	if (!has_family(&m->win, MF_MTHP_SWPOUT))
		return 0;
	wrap_start(&wr, g, y, w, max_rows,
		   "large folios/s zswpout/swpout/fallback:");
	if (bare && !bare->has_value) {
		snprintf(item, sizeof(item), " n/a (%s)", bare->reason);
		wrap_item(&wr, item);
		return wr.rows;
	}
	for (size_t i = 0; i < m->win.n; i++) {
		const struct metric *x = &m->win.m[i];

		if (x->id.fam != metric_family(MF_MTHP_SWPOUT) ||
		    !metric_id_label(x->name, &x->id, "size", size, sizeof(size)) ||
		    !folio_rates(m, size, rates, sizeof(rates)))
			continue;
		snprintf(item, sizeof(item), " %s %s", size, rates);
		shown++;
		if (!wrap_item(&wr, item))
			break;
	}
	if (!shown)
		wrap_item(&wr, " 0 at every size");
	return wr.rows;
}

static int draw_rates(struct tui_grid *g, int y, int w,
		      const struct tui_model *m, int reason_rows)
{
	const struct rate_line *rl;
	int ncols = w >= 160 ? 3 : 2;
	int n = rate_lines(&rl);
	int rows = (n + ncols - 1) / ncols;
	int cw = w / ncols;

	for (int i = 0; i < n; i++)
		draw_rate(g, (i / rows) * cw, y + i % rows, cw - 1, m, &rl[i]);
	rows += draw_reject_reasons(g, y + rows, w, reason_rows, m);
	return rows + draw_large_folios(g, y + rows, w, reason_rows, m);
}

/* cgroup table ------------------------------------------------------------ */

static const int col_width[COL_NR] = {
	[COL_ZSWAP_BYTES] = 7, [COL_ZSWPOUT] = 9, [COL_ZSWPIN] = 9,
	[COL_ZSWPWB] = 9, [COL_MEM_FULL] = 8, [COL_IO_FULL] = 7,
	[COL_IOCOST] = 6,
};

#define PATH_MAX_W 72

static int path_width(int w)
{
	int pw = w;

	for (int c = 1; c < COL_NR; c++)
		pw -= col_width[c] + 1;
	return pw < 8 ? 8 : pw > PATH_MAX_W ? PATH_MAX_W : pw;
}

/* The tail of a long path: the leaf names the cgroup. */
static void fit_path(char *out, size_t len, const char *path, int w)
{
	int n = strlen(path);

	if (n <= w || w < 4)
		snprintf(out, len, "%.*s", w, path);
	else
		snprintf(out, len, "...%s", path + n - (w - 3));
}

static void draw_table_header(struct tui_grid *g, int x, int y, int w,
			      const struct tui_view *v)
{
	int pw = path_width(w), cx = x + pw + 1;

	grid_printf(g, x, y, pw, v->sort_col == COL_CGROUP ? TA_REVERSE : TA_BOLD,
		    "%-*s", pw, tui_col_names[COL_CGROUP]);
	for (int c = 1; c < COL_NR; c++) {
		grid_printf(g, cx, y, x + w - cx,
			    (int)v->sort_col == c ? TA_REVERSE : TA_BOLD, "%*s",
			    col_width[c], tui_col_names[c]);
		cx += col_width[c] + 1;
	}
}

static void draw_table_row(struct tui_grid *g, int x, int y, int w,
			   const struct tui_cg_row *r)
{
	int pw = path_width(w), cx = x + pw + 1;
	char path[TUI_PATH_LEN], val[32];

	fit_path(path, sizeof(path), r->path, pw);
	grid_printf(g, x, y, pw, TA_NONE, "%-*s", pw, path);
	for (int c = 1; c < COL_NR; c++) {
		if (!r->has[c])
			snprintf(val, sizeof(val), "n/a");
		else if (c == COL_ZSWAP_BYTES)
			tui_fmt_bytes(val, sizeof(val), r->v[c]);
		else if (c == COL_MEM_FULL || c == COL_IO_FULL || c == COL_IOCOST)
			snprintf(val, sizeof(val), "%.1f", r->v[c]);
		else
			tui_fmt_num(val, sizeof(val), r->v[c]);
		grid_printf(g, cx, y, x + w - cx, TA_NONE, "%*s", col_width[c],
			    val);
		cx += col_width[c] + 1;
	}
}

/* Why the n/a cells are n/a, one column after the other. */
static void table_footer(char *buf, size_t len, const struct tui_model *m,
			 const size_t *order, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	if (m->counts_subtree)
		used = snprintf(buf, len, "ZSWPOUT/s, ZSWPIN/s, ZSWPWB/s from memory.stat "
				"(a row includes its descendants)");
	for (int c = 1; c < COL_NR; c++) {
		bool na = false;

		for (size_t i = 0; i < n && !na; i++)
			na = !m->rows[order[i]].has[c];
		if (!na || used >= len)
			continue;
		used += snprintf(buf + used, len - used, "%s%s n/a: %s",
				 used ? "; " : "", tui_col_names[c],
				 m->col_reason[c][0] ? m->col_reason[c] :
				 "no source");
	}
}

/* Returns rows drawn; all rows when r->h < 0 (batch). */
static int draw_cgroups(struct tui_grid *g, struct rect r,
			const struct tui_model *m, const struct tui_view *v,
			int scroll)
{
	size_t *order, n;
	char foot[LINE];
	int y = r.y, body;

	if (!m->has_cg) {
		grid_printf(g, r.x, y, r.w, TA_NONE, "cgroups: n/a (%s)",
			    m->cg_reason[0] ? m->cg_reason : "not read");
		return 1;
	}
	order = calloc(m->nr_rows ? m->nr_rows : 1, sizeof(*order));
	if (!order)
		return 0;
	n = tui_rows_order(m, v, order);
	draw_table_header(g, r.x, y++, r.w, v);
	table_footer(foot, sizeof(foot), m, order, n);
	body = r.h < 0 ? (int)n : r.h - 1 - (foot[0] ? 1 : 0);
	if (scroll > (int)n - body)
		scroll = (int)n - body;
	if (scroll < 0)
		scroll = 0;
	for (int i = 0; i < body && scroll + i < (int)n; i++)
		draw_table_row(g, r.x, y++, r.w, &m->rows[order[scroll + i]]);
	if (!n && v->filter[0])
		grid_printf(g, r.x, y++, r.w, TA_NONE,
			    "(no cgroup matches filter '%s')", v->filter);
	else if (!n && m->col_reason[COL_ZSWPOUT][0])
		grid_printf(g, r.x, y++, r.w, TA_NONE,
			    "(no cgroup rows: per-cgroup zswap counts n/a: %s)",
			    m->col_reason[COL_ZSWPOUT]);
	else if (!n)
		grid_printf(g, r.x, y++, r.w, TA_NONE,
			    "(no cgroup has stored, loaded or written back "
			    "pages since zswaptop started)");
	if (foot[0]) {
		if (r.h >= 0)
			y = r.y + r.h - 1;
		tui_grid_put(g, r.x, y++, r.w, TA_NONE, foot);
	}
	free(order);
	return y - r.y;
}

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
	fmt_ns(a, sizeof(a), lo);
	fmt_ns(b, sizeof(b), hi + 1);
	snprintf(buf, len, "%s-%s", a, b);
}

/* The summary line and the bars of one histogram with n > 0 events. */
static void hist_body(struct lines *ls, const char *title,
		      const struct hist_metric *hm, unsigned long long n, int w)
{
	unsigned long long max = 0;
	int first = -1, last = -1, bw;
	char p50[16], p99[16], mean[16], label[40];

	if (hm->h.kind == HIST_LOG2) {
		fmt_ns(p50, sizeof(p50), hist_percentile(&hm->h, 50));
		fmt_ns(p99, sizeof(p99), hist_percentile(&hm->h, 99));
		fmt_ns(mean, sizeof(mean), (unsigned long long)hist_mean(&hm->h));
	} else {
		snprintf(p50, sizeof(p50), "%llu", hist_percentile(&hm->h, 50));
		snprintf(p99, sizeof(p99), "%llu", hist_percentile(&hm->h, 99));
		snprintf(mean, sizeof(mean), "%.2f", hist_mean(&hm->h));
	}
	lines_add(ls, "%s (%s): n %llu  mean %s  p50 %s  p99 %s", title,
		  src_name(hm->src), n, mean, p50, p99);
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
		lines_add(ls, "  %13s %10llu |%s|", label, hm->h.slots[i], bar);
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
	char rate[16], wait[16], mean[16];
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
		fmt_ns(wait, sizeof(wait), (unsigned long long)rows[i].wait_ns);
		fmt_ns(mean, sizeof(mean), (unsigned long long)(rows[i].wait_ns /
								rows[i].contentions));
		/* time waited per second of the window, summed over CPUs */
		lines_add(ls, "  %-12s %-14s %13s %10s %10s %7.2f%%", rows[i].lock,
			  rows[i].caller, rate, wait, mean,
			  rows[i].wait_ns / (m->secs * 1e7));
	}
	if (any && any->has_value)
		lines_add(ls, "  %-12s %-14s %13.0f contentions in the %.1f s window",
			  "all", "", any->value, m->secs);
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
static int draw_lines_panel(struct tui_grid *g, struct rect r,
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

static int draw_panel(struct tui_grid *g, struct rect r,
		      const struct tui_model *m, const struct tui_view *v,
		      enum tui_panel p)
{
	if (p == PANEL_CGROUPS)
		return draw_cgroups(g, r, m, v, v->scroll[p]);
	return draw_lines_panel(g, r, m, p, v->scroll[p]);
}

static void panel_title(struct tui_grid *g, int x, int y, int w,
			const struct tui_view *v, enum tui_panel p)
{
	grid_printf(g, x, y, w, v->focus == p ? TA_REVERSE : TA_BOLD,
		    "%s%-*s", v->focus == p ? "> " : "  ", w - 2,
		    tui_panel_names[p]);
}

/* compact: tabs naming the panels; only the focused one is shown */
static void tab_bar(struct tui_grid *g, int y, int w, const struct tui_view *v)
{
	int x = 0;

	for (int p = 0; p < PANEL_NR; p++) {
		char t[32];

		snprintf(t, sizeof(t), (int)v->focus == p ? "[%s]" : " %s ",
			 tui_panel_names[p]);
		tui_grid_put(g, x, y, w - x, (int)v->focus == p ? TA_REVERSE : TA_BOLD,
			     t);
		x += strlen(t) + 1;
	}
	tui_grid_put(g, x, y, w - x, TA_NONE, " (tab: next panel)");
}

static void draw_status(struct tui_grid *g, const struct tui_model *m,
			const struct tui_view *v)
{
	size_t *order = calloc(m->nr_rows ? m->nr_rows : 1, sizeof(*order));
	size_t n = order ? tui_rows_order(m, v, order) : 0;
	int y = g->h - 1;

	free(order);
	if (v->editing_filter) {
		grid_printf(g, 0, y, g->w, TA_REVERSE,
			    "filter cgroups: %s_   (Enter apply, Esc clear)",
			    v->filter);
	} else {
		char left[LINE];
		const char *keys = "tab panel  s sort  r reverse  / filter  "
				   "p pause  +/- interval  h help  q quit";

		snprintf(left, sizeof(left), "%s | sort %s%s | filter %s%s%s | "
			 "rows %zu/%zu", tui_panel_names[v->focus],
			 tui_col_names[v->sort_col],
			 v->sort_reverse ? " reversed" : "",
			 v->filter[0] ? "'" : "", v->filter[0] ? v->filter : "none",
			 v->filter[0] ? "'" : "", n, m->nr_rows);
		tui_grid_put(g, 0, y, g->w, TA_REVERSE, left);
		/* the bottom-right cell stays blank: curses cannot write it */
		if ((int)(strlen(left) + strlen(keys)) + 4 <= g->w)
			tui_grid_put(g, g->w - 1 - strlen(keys), y, strlen(keys),
				     TA_REVERSE, keys);
		else
			tui_grid_put(g, g->w - 16, y, 15, TA_REVERSE,
				     "h help  q quit");
	}
	grid_attr(g, 0, y, g->w, TA_REVERSE);
}

static const char *const help_text[] = {
	"zswaptop: zswap, live",
	"",
	"q            quit",
	"Up/Down      scroll the focused panel",
	"PgUp/PgDn    scroll by a page",
	"tab          next panel (cgroups, histograms, history, sources)",
	"s, F6        sort the cgroups by the next column",
	"r            reverse the sort order",
	"/            filter cgroups by path (Enter apply, Esc clear)",
	"p            pause / resume",
	"+ / -        longer / shorter interval",
	"h, ?         this help (any key closes it)",
	"",
	"Rates are per second over the last window, from the same",
	"shared core as zswap-gate record. n/a: no source on this",
	"kernel; the sources panel says why.",
};

static void draw_help(struct tui_grid *g)
{
	int n = ARRAY_LEN(help_text), bw = 0, bh = n + 2, x0, y0;

	for (int i = 0; i < n; i++)
		if ((int)strlen(help_text[i]) > bw)
			bw = strlen(help_text[i]);
	bw += 4;
	if (bw > g->w)
		bw = g->w;
	x0 = (g->w - bw) / 2;
	y0 = (g->h - bh) / 2;
	if (y0 < 0)
		y0 = 0;
	for (int y = 0; y < bh && y0 + y < g->h; y++) {
		char row[LINE];

		memset(row, ' ', bw);
		row[bw] = '\0';
		if (y == 0 || y == bh - 1) {
			memset(row, '-', bw);
			row[0] = row[bw - 1] = '+';
		} else {
			row[0] = row[bw - 1] = '|';
			memcpy(row + 2, help_text[y - 1], strlen(help_text[y - 1]));
		}
		tui_grid_put(g, x0, y0 + y, bw, y == 1 ? TA_BOLD : TA_REVERSE,
			     row);
	}
}

void tui_layout(struct tui_grid *g, const struct tui_model *m,
		const struct tui_view *v)
{
	int w = g->w, h = g->h, y;
	bool wide = w >= 160 && h >= 50;

	tui_grid_clear(g);
	if (w < TUI_MIN_W || h < TUI_MIN_H) {
		grid_printf(g, 0, 0, w, TA_BOLD,
			    "terminal too small: %dx%d, zswaptop needs %dx%d",
			    w, h, TUI_MIN_W, TUI_MIN_H);
		return;
	}
	y = draw_header(g, m, v, w, wide ? 4 : 1);
	if (m->frame == 0) {
		grid_printf(g, 0, y + 1, w, TA_NONE,
			    "collecting the first window (%.2gs)...", m->interval);
		draw_status(g, m, v);
		if (v->help)
			draw_help(g);
		return;
	}
	y += draw_rates(g, y, w, m, 2);
	if (!wide) {
		tab_bar(g, y++, w, v);
		draw_panel(g, (struct rect){ 0, y, w, h - 1 - y }, m, v, v->focus);
	} else {
		/* cgroups above; histograms beside history and sources */
		int left = w / 2, avail = h - 1 - y;
		int top = (int)m->nr_rows + 4, hy, ny, hist_rows = SER_NR;

		/* the table takes what its rows need, up to half */
		if (top > avail / 2)
			top = avail / 2;
		if (top < 6)
			top = 6;

		panel_title(g, 0, y, w, v, PANEL_CGROUPS);
		draw_panel(g, (struct rect){ 0, y + 1, w, top - 1 }, m, v,
			   PANEL_CGROUPS);
		hy = y + top;
		panel_title(g, 0, hy, left - 1, v, PANEL_HISTOGRAMS);
		draw_panel(g, (struct rect){ 0, hy + 1, left - 1, h - 2 - hy },
			   m, v, PANEL_HISTOGRAMS);
		panel_title(g, left, hy, w - left, v, PANEL_HISTORY);
		draw_panel(g, (struct rect){ left, hy + 1, w - left, hist_rows },
			   m, v, PANEL_HISTORY);
		ny = hy + 1 + hist_rows;
		panel_title(g, left, ny, w - left, v, PANEL_SOURCES);
		draw_panel(g, (struct rect){ left, ny + 1, w - left, h - 2 - ny },
			   m, v, PANEL_SOURCES);
	}
	draw_status(g, m, v);
	if (v->help)
		draw_help(g);
}

int tui_batch_rows(const struct tui_model *m)
{
	const struct rate_line *rl;

	/* header, rates, reasons and large folios, every row, histograms */
	return 20 + rate_lines(&rl) + (int)m->nr_rows +
	       ((int)ARRAY_LEN(hist_panels) + 1) * (HIST_MAX_ROWS + 1) +
	       LOCK_MAX_ROWS + 2 + SER_NR + 8;
}

int tui_layout_batch(struct tui_grid *g, const struct tui_model *m,
		     const struct tui_view *v)
{
	int w = g->w, y;

	tui_grid_clear(g);
	y = draw_header(g, m, v, w, 4);
	y += draw_rates(g, y, w, m, 4);
	y++;
	y += draw_cgroups(g, (struct rect){ 0, y, w, -1 }, m, v, 0);
	y++;
	y += draw_lines_panel(g, (struct rect){ 0, y, w, -1 }, m,
			      PANEL_HISTOGRAMS, 0);
	y++;
	y += draw_lines_panel(g, (struct rect){ 0, y, w, -1 }, m,
			      PANEL_HISTORY, 0);
	return y;
}

void tui_print_totals(FILE *f, const struct tui_model *m)
{
	fprintf(f, "totals frame %d window %.3f s\n", m->frame, m->secs);
	for (size_t i = 0; i < m->win.n; i++) {
		const struct metric *x = &m->win.m[i];

		if (tui_metric_kind(x) != TK_COUNT)
			continue;
		if (x->has_value)
			fprintf(f, "total %s %.0f %s\n", x->name, x->value,
				src_name(x->src));
		else
			fprintf(f, "total %s n/a %s\n", x->name, x->reason);
	}
	for (size_t i = 0; i < m->nr_rows; i++) {
		const struct tui_cg_row *r = &m->rows[i];
		char wb[32] = "n/a";

		if (!r->has[COL_ZSWPOUT])
			continue;
		if (r->has[COL_ZSWPWB])
			snprintf(wb, sizeof(wb), "%.0f", r->v[COL_ZSWPWB] * m->secs);
		fprintf(f, "cgroup zswpout %.0f zswpin %.0f zswpwb %s %s\n",
			r->v[COL_ZSWPOUT] * m->secs, r->v[COL_ZSWPIN] * m->secs,
			wb, r->path);
	}
	for (size_t i = 0; i < m->nr_rows; i++) {
		const struct tui_cg_row *r = &m->rows[i];

		/* DEBT% back to microseconds of the window */
		if (r->has[COL_IOCOST])
			fprintf(f, "cgroup_iocost debt_us %.0f %s\n",
				r->v[COL_IOCOST] * m->secs * 1e4, r->path);
	}
}
