// SPDX-License-Identifier: GPL-2.0
/* zswaptop's layout: a frame model rendered into a text grid. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tui_layout.h"
#include "tui_panels.h"

const char *const tui_panel_names[PANEL_NR] = {
	[PANEL_CGROUPS] = "cgroups",
	[PANEL_HISTOGRAMS] = "histograms",
	[PANEL_HISTORY] = "history",
	[PANEL_SOURCES] = "sources",
};

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

static int draw_header(struct tui_grid *g, const struct tui_model *m,
		       const struct tui_view *v, int w, int max_notes, bool keys)
{
	const struct zswap_params *p = &m->params;
	char a[32], b[32], c[32], bar[LINE];
	const struct metric *pool = tui_metric(m, MF_POOL_BYTES, -1);
	const struct metric *stored = tui_metric(m, MF_STORED_PAGES, -1);
	const struct metric *ratio = tui_metric(m, MF_COMPRESSION_RATIO, -1);
	double limit = 0, pct;
	int y = 0, x, bw;

	tui_grid_printf(g, 0, y, w, TA_REVERSE,
		    "zswaptop  kernel %s  every %.2gs  window %.2fs  frame %d  %s%s",
		    m->kernel, m->interval, m->secs, m->frame, m->clock,
		    v->paused ? "  [PAUSED]" : "");
	tui_grid_attr(g, 0, y, w, TA_REVERSE);
	/* batch frames take no keys */
	if (keys && w >= 100)
		tui_grid_put(g, w - 17, y, 17, TA_REVERSE, " h help  q quit ");
	y++;
	tui_grid_printf(g, 0, y++, w, TA_NONE,
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

	tui_grid_printf(g, 0, y++, w, TA_NONE,
		    "plan: metrics by fentry %d  kprobe %d  tracepoint %d  "
		    "counter %d  n/a %d", m->plan_counts[SRC_FENTRY],
		    m->plan_counts[SRC_KPROBE], m->plan_counts[SRC_TRACEPOINT],
		    m->plan_counts[SRC_COUNTER], m->plan_counts[SRC_NONE]);
	for (int i = 0; i < m->nr_notes && i < max_notes; i++)
		tui_grid_printf(g, 0, y++, w, TA_BOLD, "note: %s", m->notes[i]);
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
		tui_grid_printf(g, x, y, w, TA_NONE, "%-14s %9s %-10s %s", label,
			    "n/a", "n/a", "not collected");
		return;
	}
	if (!x0->has_value) {
		/* the reason only where it can be read; else see "sources" */
		tui_grid_printf(g, x, y, w, TA_NONE, "%-14s %9s %-10s %s", label,
			    "n/a", "n/a", w - 36 >= 16 ? x0->reason : "");
		return;
	}
	tui_rate(m, x0, &v);
	if (top->percent)
		snprintf(val, sizeof(val), "%.1f%%", v * 100);
	else
		tui_fmt_num(val, sizeof(val), v);
	tui_grid_printf(g, x, y, w, TA_NONE, "%-14s %9s %-10s", label, val,
		    src_name(x0->src));
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

	tui_grid_printf(g, x, y, pw, v->sort_col == COL_CGROUP ? TA_REVERSE : TA_BOLD,
		    "%-*s", pw, tui_col_names[COL_CGROUP]);
	for (int c = 1; c < COL_NR; c++) {
		tui_grid_printf(g, cx, y, x + w - cx,
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
	tui_grid_printf(g, x, y, pw, TA_NONE, "%-*s", pw, path);
	for (int c = 1; c < COL_NR; c++) {
		if (!r->has[c])
			snprintf(val, sizeof(val), "n/a");
		else if (c == COL_ZSWAP_BYTES)
			tui_fmt_bytes(val, sizeof(val), r->v[c]);
		else if (c == COL_MEM_FULL || c == COL_IO_FULL || c == COL_IOCOST)
			snprintf(val, sizeof(val), "%.1f", r->v[c]);
		else
			tui_fmt_num(val, sizeof(val), r->v[c]);
		tui_grid_printf(g, cx, y, x + w - cx, TA_NONE, "%*s", col_width[c],
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
		tui_grid_printf(g, r.x, y, r.w, TA_NONE, "cgroups: n/a (%s)",
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
		tui_grid_printf(g, r.x, y++, r.w, TA_NONE,
			    "(no cgroup matches filter '%s')", v->filter);
	else if (!n && m->col_reason[COL_ZSWPOUT][0])
		tui_grid_printf(g, r.x, y++, r.w, TA_NONE,
			    "(no cgroup rows: per-cgroup zswap counts n/a: %s)",
			    m->col_reason[COL_ZSWPOUT]);
	else if (!n)
		tui_grid_printf(g, r.x, y++, r.w, TA_NONE,
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

static int draw_panel(struct tui_grid *g, struct rect r,
		      const struct tui_model *m, const struct tui_view *v,
		      enum tui_panel p)
{
	if (p == PANEL_CGROUPS)
		return draw_cgroups(g, r, m, v, v->scroll[p]);
	return tui_draw_lines_panel(g, r, m, p, v->scroll[p]);
}

static void panel_title(struct tui_grid *g, int x, int y, int w,
			const struct tui_view *v, enum tui_panel p)
{
	tui_grid_printf(g, x, y, w, v->focus == p ? TA_REVERSE : TA_BOLD,
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
		tui_grid_printf(g, 0, y, g->w, TA_REVERSE,
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
	tui_grid_attr(g, 0, y, g->w, TA_REVERSE);
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
		tui_grid_printf(g, 0, 0, w, TA_BOLD,
			    "terminal too small: %dx%d, zswaptop needs %dx%d",
			    w, h, TUI_MIN_W, TUI_MIN_H);
		return;
	}
	y = draw_header(g, m, v, w, wide ? 4 : 1, true);
	if (m->frame == 0) {
		tui_grid_printf(g, 0, y + 1, w, TA_NONE,
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
	return 20 + rate_lines(&rl) + (int)m->nr_rows + tui_panels_max_rows() +
	       2 + SER_NR + 8;
}

int tui_layout_batch(struct tui_grid *g, const struct tui_model *m,
		     const struct tui_view *v)
{
	int w = g->w, y;

	tui_grid_clear(g);
	y = draw_header(g, m, v, w, 4, false);
	y += draw_rates(g, y, w, m, 4);
	y++;
	y += draw_cgroups(g, (struct rect){ 0, y, w, -1 }, m, v, 0);
	y++;
	y += tui_draw_lines_panel(g, (struct rect){ 0, y, w, -1 }, m,
			      PANEL_HISTOGRAMS, 0);
	y++;
	y += tui_draw_lines_panel(g, (struct rect){ 0, y, w, -1 }, m,
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
