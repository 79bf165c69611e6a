// SPDX-License-Identifier: GPL-2.0
/*
 * zswaptop without a terminal: the frame model's window arithmetic
 * (counts are differences, gauges end values, ratios recomputed, frames
 * add up to the whole run), cgroup sort and filter, and the layout of
 * fixed models against golden text (tests/fixtures/tui/; regenerate with
 * UPDATE_GOLDEN=1 after checking the change by eye).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "tui_layout.h"
#include "tui_model.h"

struct seed_metric {
	const char *name, *unit;
	enum zs_src src;
	double a, b;		/* cumulative at the window's start and end */
	const char *na;		/* n/a reason */
};

/* A tracepoint-only kernel like the 6.18 build host. */
static const struct seed_metric seeds[] = {
	{ "store_calls", "calls", SRC_COUNTER, 10000, 16000 },
	{ "store_success", "calls", SRC_COUNTER, 9000, 14200 },
	{ "store_reject", "calls", SRC_COUNTER, 1000, 1800 },
	{ "reject_rate", "ratio", SRC_COUNTER, 0.1, 0.1125 },
	{ "load_calls", "calls", SRC_NONE, 0, 0,
	  "fentry zswap_load: program load refused (Operation not permitted)" },
	{ "load_hits", "calls", SRC_COUNTER, 4000, 7000 },
	{ "written_back_pages", "pages", SRC_COUNTER, 500, 1700 },
	{ "writeback_failures", "calls", SRC_NONE, 0, 0,
	  "kprobe zswap_writeback_entry: kernel has no kprobe PMU" },
	{ "shrink_worker_wakeups", "calls", SRC_TRACEPOINT, 40, 100 },
	{ "shrink_memcg_calls", "calls", SRC_NONE, 0, 0,
	  "fentry shrink_memcg: program load refused" },
	{ "shrinker_scan_calls", "calls", SRC_TRACEPOINT, 0, 0 },
	{ "shrinker_freed", "pages", SRC_TRACEPOINT, 0, 0 },
	{ "pool_limit_hit", "events", SRC_COUNTER, 700, 1500 },
	{ "pool_bytes", "bytes", SRC_COUNTER, 200e6, 252e6 },
	{ "stored_pages", "pages", SRC_COUNTER, 120000, 149600 },
	/* stored bytes over pool bytes, as the session computes it */
	{ "compression_ratio", "ratio", SRC_COUNTER, 120000 * 4096 / 200e6,
	  149600 * 4096 / 252e6 },
	{ "swap_write_bios{origin=writeback}", "bios", SRC_TRACEPOINT, 500, 1700 },
	{ "swap_write_bios{origin=reclaim}", "bios", SRC_TRACEPOINT, 3000, 4000 },
	{ "swap_write_pages{origin=writeback}", "pages", SRC_TRACEPOINT, 500, 1700 },
	{ "swap_write_pages{origin=reclaim}", "pages", SRC_TRACEPOINT, 9000, 12000 },
	{ "pages_per_bio{origin=writeback}", "pages", SRC_TRACEPOINT, 1, 1 },
	{ "pages_per_bio{origin=reclaim}", "pages", SRC_TRACEPOINT, 3, 3 },
	{ "pswpin", "pages", SRC_COUNTER, 8000, 9000 },
	{ "pswpout", "pages", SRC_COUNTER, 9500, 13700 },
	{ "zswpin", "pages", SRC_COUNTER, 4000, 7000 },
	{ "zswpout", "pages", SRC_COUNTER, 9000, 14200 },
	{ "zswpwb", "pages", SRC_COUNTER, 500, 1700 },
	{ "reject_compress_poor", "calls", SRC_COUNTER, 0, 0 },
	{ "reject_alloc_fail", "calls", SRC_COUNTER, 0, 0 },
	{ "reject_reclaim_fail", "calls", SRC_COUNTER, 300, 300 },
	{ "ringbuf_drops", "events", SRC_TRACEPOINT, 0, 0 },
	/* large folios: 64kB stored and split, 2048kB split, 16kB idle */
	{ "mthp_zswpout{size=16kB}", "folios", SRC_COUNTER, 0, 0 },
	{ "mthp_swpout{size=16kB}", "folios", SRC_COUNTER, 0, 0 },
	{ "mthp_swpout_fallback{size=16kB}", "folios", SRC_COUNTER, 0, 0 },
	{ "mthp_zswpout{size=64kB}", "folios", SRC_COUNTER, 1000, 1240 },
	{ "mthp_swpout{size=64kB}", "folios", SRC_COUNTER, 20, 20 },
	{ "mthp_swpout_fallback{size=64kB}", "folios", SRC_COUNTER, 10, 16 },
	{ "mthp_zswpout{size=2048kB}", "folios", SRC_COUNTER, 0, 0 },
	{ "mthp_swpout{size=2048kB}", "folios", SRC_COUNTER, 0, 0 },
	{ "mthp_swpout_fallback{size=2048kB}", "folios", SRC_COUNTER, 4, 28 },
};

#define NSEEDS (sizeof(seeds) / sizeof(seeds[0]))

struct seed_cg {
	const char *path;
	unsigned long long id;
	unsigned long long out_a, out_b, in_a, in_b, wb_a, wb_b;
	long long zbytes;	/* -1: n/a */
	long long mem_a, mem_b;	/* us; -1: n/a */
	bool only_b;		/* appeared during the window */
};

static const struct seed_cg cgs[] = {
	{ "/sys/fs/cgroup/memory/zswap-test.4242", 101, 8000, 13000, 3000, 5800,
	  400, 1500, 180 << 20, 1000000, 1600000 },
	{ "/sys/fs/cgroup/memory/user.slice", 102, 500, 700, 900, 1000, 0, 0,
	  12 << 20, 0, 0 },
	{ "/sys/fs/cgroup/memory/system.slice/very-long-service-name-that-does-not-fit.service",
	  103, 0, 0, 0, 0, 0, 0, -1, -1, -1 },
	{ "/sys/fs/cgroup/memory/zswap-bench.7", 104, 0, 100, 0, 200, 0, 100,
	  1 << 20, 0, 20000, true },
};

#define NCGS (sizeof(cgs) / sizeof(cgs[0]))

static void fill_hist(struct tui_sample *s, bool end)
{
	struct hist h = { .kind = HIST_LOG2 };
	struct hist p = { .kind = HIST_LINEAR };

	/* store latency: 1-4 us mostly, a tail to 64 us */
	h.slots[10] = end ? 900 : 400;
	h.slots[11] = end ? 2500 : 1000;
	h.slots[12] = end ? 700 : 300;
	h.slots[16] = end ? 12 : 2;
	h.sum = end ? 4200 * 2500.0 : 1702 * 2500.0;
	metric_set_hist(&s->ms, "store_latency_ns", "ns", SRC_FENTRY, &h);
	p.slots[1] = end ? 1700 : 500;
	p.sum = p.slots[1];
	metric_set_hist(&s->ms, "pages_per_bio{origin=writeback}", "pages",
			SRC_TRACEPOINT, &p);
	memset(&p, 0, sizeof(p));
	p.kind = HIST_LINEAR;
	p.slots[1] = end ? 1000 : 750;
	p.slots[4] = end ? 2000 : 1500;
	p.slots[32] = end ? 1000 : 750;
	p.sum = p.slots[1] + 4.0 * p.slots[4] + 32.0 * p.slots[32];
	metric_set_hist(&s->ms, "pages_per_bio{origin=reclaim}", "pages",
			SRC_TRACEPOINT, &p);
}

static void make_sample(struct tui_sample *s, bool end)
{
	memset(s, 0, sizeof(*s));
	s->t = end ? 102.0 : 100.0;
	for (size_t i = 0; i < NSEEDS; i++) {
		const struct seed_metric *m = &seeds[i];

		if (m->na)
			metric_set_na(&s->ms, m->name, m->unit, m->na);
		else
			metric_set_value(&s->ms, m->name, m->unit, m->src,
					 end ? m->b : m->a);
	}
	fill_hist(s, end);
	snprintf(s->params.enabled, 8, "Y");
	snprintf(s->params.compressor, 32, "lzo");
	snprintf(s->params.zpool, 32, "n/a");
	snprintf(s->params.max_pool_percent, 8, "1");
	snprintf(s->params.accept_threshold_percent, 8, "90");
	snprintf(s->params.shrinker_enabled, 8, "N");
	s->mem_total = 25165824000.0;	/* 24000 MiB */
	s->has_cg = true;
	snprintf(s->counts_reason, sizeof(s->counts_reason),
		 "no count_memcg_events tracepoint");
	for (size_t i = 0; i < NCGS; i++) {
		const struct seed_cg *c = &cgs[i];
		struct tui_cg_sample r = { .id = c->id, .has_counts = true,
					   .has_zswpwb = true };

		if (c->only_b && !end)
			continue;
		snprintf(r.path, sizeof(r.path), "%s", c->path);
		r.zswpout = end ? c->out_b : c->out_a;
		r.zswpin = end ? c->in_b : c->in_a;
		r.zswpwb = end ? c->wb_b : c->wb_a;
		r.has_zswap_bytes = c->zbytes >= 0;
		r.zswap_bytes = c->zbytes >= 0 ? c->zbytes : 0;
		r.has_mem_full = c->mem_a >= 0;
		r.mem_full_us = end ? c->mem_b : c->mem_a;
		r.has_io_full = false;
		tui_cg_set_add(&s->cg, &r);
	}
}

static void make_model(struct tui_model *m)
{
	struct tui_sample a, b;

	memset(m, 0, sizeof(*m));
	snprintf(m->kernel, sizeof(m->kernel), "6.18.44-test");
	snprintf(m->clock, sizeof(m->clock), "12:00:00");
	m->interval = 2;
	snprintf(m->locks_reason, sizeof(m->locks_reason), "start with --locks");
	m->plan_counts[SRC_FENTRY] = 0;
	m->plan_counts[SRC_KPROBE] = 0;
	m->plan_counts[SRC_TRACEPOINT] = 12;
	m->plan_counts[SRC_COUNTER] = 15;
	m->plan_counts[SRC_NONE] = 5;
	tui_model_add_note(m, "debugfs was not mounted: mounted it on /sys/kernel/debug");
	make_sample(&a, false);
	make_sample(&b, true);
	/* a few earlier windows for the sparklines */
	for (int i = 0; i < 30; i++) {
		for (int s = 0; s < SER_NR; s++)
			m->hist.v[s][m->hist.head] = s == SER_LOADS && i < 3 ?
				NAN : (i % 10) * 100.0 * (s + 1);
		m->hist.head++;
		m->hist.n++;
	}
	CHECK(tui_model_update(m, &a, &b) == 0, "model update");
	tui_sample_free(&a);
	tui_sample_free(&b);
}

static double win(const struct tui_model *m, const char *name)
{
	const struct metric *x = metric_set_find(&m->win, name);

	return x && x->has_value ? x->value : NAN;
}

static void test_window(void)
{
	struct tui_model m;
	const struct hist_metric *h;
	const struct metric *x;
	double r;

	make_model(&m);
	CHECK(m.frame == 1 && fabs(m.secs - 2.0) < 1e-9, "frame %d secs %f",
	      m.frame, m.secs);
	CHECK(win(&m, "store_calls") == 6000, "count is a difference: %f",
	      win(&m, "store_calls"));
	CHECK(tui_rate(&m, tui_metric(&m, MF_STORE_CALLS, -1), &r) && r == 3000,
	      "rate per s: %f", r);
	CHECK(win(&m, "pool_bytes") == 252e6, "gauge is the end value");
	CHECK(fabs(win(&m, "reject_rate") - 800.0 / 6000) < 1e-12,
	      "ratio from the window's counts, not the run's: %f",
	      win(&m, "reject_rate"));
	CHECK(fabs(win(&m, "pages_per_bio{origin=reclaim}") - 3.0) < 1e-12,
	      "pages per reclaim bio 3000/1000");
	x = tui_metric(&m, MF_PAGES_PER_BIO, 1);
	CHECK(x && !strcmp(x->name, "pages_per_bio{origin=reclaim}"),
	      "a family's value by its index: %s", x ? x->name : "none");
	x = tui_metric(&m, MF_LOAD_CALLS, -1);
	CHECK(x && !x->has_value && strstr(x->reason, "refused"),
	      "n/a keeps its reason");
	h = metric_set_find_hist(&m.win, "store_latency_ns");
	CHECK(h && h->h.slots[11] == 1500 && h->h.slots[16] == 10 &&
	      hist_count(&h->h) == 2410, "histogram slots are differences");
	CHECK(m.nr_rows == NCGS, "all cgroups: %zu", m.nr_rows);
	for (size_t i = 0; i < m.nr_rows; i++) {
		const struct tui_cg_row *row = &m.rows[i];

		if (row->id == 101) {
			CHECK(row->v[COL_ZSWPOUT] == 2500 && row->v[COL_ZSWPWB] == 550,
			      "cgroup rates");
			CHECK(row->has[COL_MEM_FULL] &&
			      fabs(row->v[COL_MEM_FULL] - 30.0) < 1e-9,
			      "memory full pressure: 0.6 s of 2 s = 30%%: %f",
			      row->v[COL_MEM_FULL]);
		}
		if (row->id == 104) {
			CHECK(row->v[COL_ZSWPOUT] == 50,
			      "new cgroup counts from 0 (BPF counts begin with it)");
			CHECK(!row->has[COL_MEM_FULL],
			      "new cgroup: pressure n/a, its total predates the window");
		}
		CHECK(!row->has[COL_IOCOST], "iocost n/a");
	}
	tui_model_free(&m);
}

/* Frames add up: sum of windows a->b and b->c equals a->c. */
static void test_frames_add_up(void)
{
	struct tui_sample a, b, c;
	struct tui_model m1 = {}, m2 = {}, all = {};
	const struct metric *x;

	make_sample(&a, false);
	make_sample(&b, true);
	make_sample(&c, true);
	c.t = 105;
	for (size_t i = 0; i < c.ms.n; i++)
		if (tui_metric_kind(&c.ms.m[i]) == TK_COUNT)
			c.ms.m[i].value = c.ms.m[i].value * 1.5 + 7;
	tui_model_update(&m1, &a, &b);
	tui_model_update(&m2, &b, &c);
	tui_model_update(&all, &a, &c);
	for (size_t i = 0; i < all.win.n; i++) {
		x = &all.win.m[i];
		if (tui_metric_kind(x) != TK_COUNT || !x->has_value)
			continue;
		CHECK(fabs(win(&m1, x->name) + win(&m2, x->name) - x->value) < 1e-6,
		      "%s: frames %f + %f != run %f", x->name,
		      win(&m1, x->name), win(&m2, x->name), x->value);
	}
	CHECK(m2.hist.n == 1 && all.frame == 1, "history grows per frame");
	tui_model_free(&m1);
	tui_model_free(&m2);
	tui_model_free(&all);
	tui_sample_free(&a);
	tui_sample_free(&b);
	tui_sample_free(&c);
}

static void test_history_ring(void)
{
	struct tui_sample a, b;
	struct tui_model m = {};

	make_sample(&a, false);
	make_sample(&b, true);
	for (int i = 0; i < TUI_HISTORY + 5; i++)
		tui_model_update(&m, &a, &b);
	CHECK(m.hist.n == TUI_HISTORY && m.hist.head == 5,
	      "ring bounded: n %d head %d", m.hist.n, m.hist.head);
	CHECK(m.hist.v[SER_STORES][4] == 3000, "stores/s in the ring");
	CHECK(m.hist.v[SER_LOADS][4] == 1500,
	      "loads fall back to load_hits (counter) when load_calls is n/a");
	tui_model_free(&m);
	tui_sample_free(&a);
	tui_sample_free(&b);
}

static void test_sort_filter(void)
{
	struct tui_model m;
	struct tui_view v;
	size_t order[NCGS], n;

	make_model(&m);
	tui_view_init(&v);
	n = tui_rows_order(&m, &v, order);
	CHECK(n == 4 && m.rows[order[0]].id == 101 && m.rows[order[1]].id == 102 &&
	      m.rows[order[2]].id == 104 && m.rows[order[3]].id == 103,
	      "default: zswpout/s descending, ties by path");
	v.sort_col = COL_ZSWPIN;
	n = tui_rows_order(&m, &v, order);
	CHECK(m.rows[order[0]].id == 101 && m.rows[order[1]].id == 104,
	      "by zswpin/s: 1400/s, then 100/s");
	v.sort_col = COL_ZSWAP_BYTES;
	n = tui_rows_order(&m, &v, order);
	CHECK(m.rows[order[0]].id == 101 && m.rows[order[3]].id == 103,
	      "by zswap bytes; n/a last");
	v.sort_reverse = true;
	n = tui_rows_order(&m, &v, order);
	CHECK(m.rows[order[0]].id == 104 && m.rows[order[3]].id == 103,
	      "reversed: smallest first, n/a still last");
	v.sort_reverse = false;
	v.sort_col = COL_CGROUP;
	n = tui_rows_order(&m, &v, order);
	CHECK(m.rows[order[0]].id == 103 && m.rows[order[3]].id == 101,
	      "by name ascending");
	v.sort_col = COL_MEM_FULL;
	n = tui_rows_order(&m, &v, order);
	CHECK(m.rows[order[0]].id == 101 && m.rows[order[1]].id == 102,
	      "by memory pressure; n/a rows after");
	snprintf(v.filter, sizeof(v.filter), "zswap-");
	n = tui_rows_order(&m, &v, order);
	CHECK(n == 2, "filter keeps the matching paths: %zu", n);
	snprintf(v.filter, sizeof(v.filter), "nomatch");
	n = tui_rows_order(&m, &v, order);
	CHECK(n == 0, "filter hides every row");
	CHECK(tui_panel_len(&m, &v, PANEL_CGROUPS, 80) == 0, "panel length");
	tui_model_free(&m);
}

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, n + 1);
	if (buf && fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* Compares text with a golden file; UPDATE_GOLDEN=1 rewrites it. */
static void golden(const char *name, const char *text)
{
	char path[512];
	char *want;

	snprintf(path, sizeof(path), "%s/tui/%s", fixtures_dir, name);
	if (getenv("UPDATE_GOLDEN")) {
		FILE *f = fopen(path, "w");

		CHECK(f && fputs(text, f) >= 0, "writing %s", path);
		if (f)
			fclose(f);
		return;
	}
	want = read_all(path);
	CHECK(want && !strcmp(want, text), "%s differs from the layout:\n%s",
	      path, text);
	free(want);
}

static char *render(const struct tui_model *m, const struct tui_view *v,
		    int w, int h)
{
	struct tui_grid g;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	tui_grid_init(&g, w, h);
	tui_layout(&g, m, v);
	tui_grid_print(&g, f, h);
	fclose(f);
	tui_grid_free(&g);
	return buf;
}

static int line_count(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static int max_line(const char *s)
{
	int max = 0, cur = 0;

	for (; *s; s++) {
		if (*s == '\n') {
			if (cur > max)
				max = cur;
			cur = 0;
		} else {
			cur++;
		}
	}
	return max;
}

/* The large-folio line: sizes that moved, n/a with why, or none at all. */
static void test_large_folios(void)
{
	struct tui_model m;
	struct tui_view v;
	struct metric_set keep;
	char *t;

	make_model(&m);
	tui_view_init(&v);
	t = render(&m, &v, 100, 30);
	CHECK(strstr(t, "large folios/s zswpout/swpout/fallback: 64kB 120/0/3 "
		      "2048kB 0/0/12\n") && !strstr(t, " 16kB "),
	      "large folios: the sizes that moved, per second");
	free(t);
	keep = m.win;
	memset(&m.win, 0, sizeof(m.win));
	metric_set_na(&m.win, "mthp_swpout", "folios", "no per-size mTHP stats here");
	t = render(&m, &v, 100, 30);
	CHECK(strstr(t, "large folios/s zswpout/swpout/fallback: n/a (no per-size "
		      "mTHP stats here)"), "large folios: n/a with the reason");
	free(t);
	metric_set_free(&m.win);
	metric_set_value(&m.win, "mthp_swpout{size=64kB}", "folios", SRC_COUNTER, 0);
	t = render(&m, &v, 100, 30);
	CHECK(strstr(t, "fallback: 0 at every size"), "large folios: all idle");
	free(t);
	metric_set_free(&m.win);
	t = render(&m, &v, 100, 30);
	CHECK(!strstr(t, "large folios"), "no mTHP metric: no line");
	free(t);
	m.win = keep;
	tui_model_free(&m);
}

static void test_layout(void)
{
	struct tui_model m;
	struct tui_view v;
	struct tui_grid g;
	char *t, *buf = NULL;
	size_t len = 0;
	FILE *f;
	int rows;

	make_model(&m);
	tui_view_init(&v);
	t = render(&m, &v, 80, 24);
	CHECK(line_count(t) == 24 && max_line(t) <= 80, "80x24 fits");
	CHECK(strstr(t, "zswap-test.4242") && strstr(t, "stores") &&
	      strstr(t, "3,000"), "80x24: table and rates");
	golden("80x24.txt", t);
	free(t);
	t = render(&m, &v, 200, 60);
	CHECK(line_count(t) == 60 && max_line(t) <= 200, "200x60 fits");
	golden("200x60.txt", t);
	free(t);
	t = render(&m, &v, 79, 40);
	CHECK(strstr(t, "terminal too small: 79x40") && line_count(t) == 40 &&
	      strspn(strchr(t, '\n'), "\n") == strlen(strchr(t, '\n')) &&
	      max_line(t) <= 79, "too small: one line, nothing else");
	free(t);
	t = render(&m, &v, 60, 20);
	golden("too-small-60x20.txt", t);
	free(t);
	v.help = true;
	t = render(&m, &v, 80, 24);
	CHECK(strstr(t, "this help"), "help overlay");
	golden("80x24-help.txt", t);
	free(t);
	v.help = false;
	v.focus = PANEL_HISTOGRAMS;
	t = render(&m, &v, 80, 24);
	golden("80x24-histograms.txt", t);
	free(t);
	v.focus = PANEL_CGROUPS;
	v.sort_col = COL_CGROUP;
	snprintf(v.filter, sizeof(v.filter), "slice");
	t = render(&m, &v, 80, 24);
	CHECK(!strstr(t, "zswap-test") && strstr(t, "user.slice") &&
	      strstr(t, "rows 2/4") && strstr(t, "filter 'slice'"), "filter hides rows in the table");
	golden("80x24-filter.txt", t);
	free(t);
	v.filter[0] = '\0';
	v.sort_col = COL_ZSWPOUT;

	/* no rows because the kernel has no per-cgroup event source */
	{
		size_t saved = m.nr_rows;

		m.nr_rows = 0;
		t = render(&m, &v, 80, 24);
		CHECK(strstr(t, "(no cgroup rows: per-cgroup zswap counts n/a: "
			      "no count_memcg_events"), "empty table says why");
		free(t);
		m.nr_rows = saved;
	}

	/* batch frame and totals */
	tui_grid_init(&g, 160, tui_batch_rows(&m));
	rows = tui_layout_batch(&g, &m, &v);
	f = open_memstream(&buf, &len);
	tui_grid_print(&g, f, rows);
	fclose(f);
	CHECK(!strstr(buf, "h help") && !strstr(buf, "q quit") &&
	      !strstr(buf, "total "), "a batch frame: no keys, no totals");
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	tui_grid_print(&g, f, rows);
	tui_print_totals(f, &m);
	fclose(f);
	CHECK(strstr(buf, "total store_calls 6000 counter") &&
	      strstr(buf, "total load_calls n/a fentry") &&
	      strstr(buf, "cgroup zswpout 5000 zswpin 2800 zswpwb 1100 "
		     "/sys/fs/cgroup/memory/zswap-test.4242"),
	      "totals are window counts");
	golden("batch-160.txt", buf);
	free(buf);
	tui_grid_free(&g);
	tui_model_free(&m);
}

static void test_formats(void)
{
	char b[32];

	tui_fmt_num(b, sizeof(b), 999);
	CHECK(!strcmp(b, "999"), "%s", b);
	tui_fmt_num(b, sizeof(b), 1500);
	CHECK(!strcmp(b, "1,500"), "%s", b);
	tui_fmt_num(b, sizeof(b), 999999);
	CHECK(!strcmp(b, "999,999"), "%s", b);
	tui_fmt_num(b, sizeof(b), 12345.67);
	CHECK(!strcmp(b, "12,345.7"), "%s", b);
	tui_fmt_num(b, sizeof(b), 12345678);
	CHECK(!strcmp(b, "12.3M"), "past 8 columns, scaled: %s", b);
	tui_fmt_num(b, sizeof(b), 2.5);
	CHECK(!strcmp(b, "2.5"), "%s", b);
	tui_fmt_bytes(b, sizeof(b), 252e6);
	CHECK(!strcmp(b, "240.3M"), "%s", b);
}

/*
 * Lock metrics as lock_session_metrics() adds them, cumulative: tree/store
 * from the start, xarray/load only at the end (it first contended in the
 * window, so it counts from 0), tree/invalidate unchanged.
 */
static void add_lock_sample(struct tui_sample *s, bool end)
{
	struct hist h = { .kind = HIST_LOG2 };

	metric_set_value(&s->ms, "lock_contentions{lock=any,caller=any}",
			 "contentions", SRC_TRACEPOINT, end ? 1110 : 100);
	h.slots[9] = end ? 900 : 80;		/* 512 ns .. 1 us */
	h.slots[14] = end ? 100 : 10;		/* 16 .. 32 us */
	h.sum = end ? 900 * 700.0 + 100 * 20000.0 : 80 * 700.0 + 10 * 20000.0;
	metric_set_hist(&s->ms, "lock_wait_ns{lock=tree,caller=store}", "ns",
			SRC_TRACEPOINT, &h);
	metric_set_value(&s->ms, "lock_contentions{lock=tree,caller=store}",
			 "contentions", SRC_TRACEPOINT, end ? 1000 : 90);
	memset(&h, 0, sizeof(h));
	h.kind = HIST_LOG2;
	h.slots[1] = 10;
	h.sum = 10 * 3.0;
	metric_set_hist(&s->ms, "lock_wait_ns{lock=tree,caller=invalidate}", "ns",
			SRC_TRACEPOINT, &h);
	metric_set_value(&s->ms, "lock_contentions{lock=tree,caller=invalidate}",
			 "contentions", SRC_TRACEPOINT, 10);
	if (end) {
		memset(&h, 0, sizeof(h));
		h.kind = HIST_LOG2;
		h.slots[20] = 100;		/* 1 .. 2 ms */
		h.sum = 100 * 1.5e6;
		metric_set_hist(&s->ms, "lock_wait_ns{lock=xarray,caller=load}",
				"ns", SRC_TRACEPOINT, &h);
		metric_set_value(&s->ms, "lock_contentions{lock=xarray,caller=load}",
				 "contentions", SRC_TRACEPOINT, 100);
	}
}

static void test_locks(void)
{
	struct tui_sample a, b;
	struct tui_model m = {};
	struct tui_view v;
	struct tui_grid g;
	char *t = NULL;
	size_t len = 0;
	FILE *f;

	make_sample(&a, false);
	make_sample(&b, true);
	add_lock_sample(&a, false);
	add_lock_sample(&b, true);
	m.locks = true;
	snprintf(m.kernel, sizeof(m.kernel), "6.18.44-test");
	snprintf(m.clock, sizeof(m.clock), "12:00:00");
	m.interval = 2;
	CHECK(tui_model_update(&m, &a, &b) == 0, "model update");
	CHECK(win(&m, "lock_contentions{lock=tree,caller=store}") == 910,
	      "lock contentions are a difference");
	CHECK(win(&m, "lock_contentions{lock=xarray,caller=load}") == 100,
	      "a lock first contended in the window counts from 0, not n/a");
	CHECK(win(&m, "lock_contentions{lock=tree,caller=invalidate}") == 0,
	      "unchanged: 0 in the window");

	tui_view_init(&v);
	tui_grid_init(&g, 100, tui_batch_rows(&m));
	f = open_memstream(&t, &len);
	tui_grid_print(&g, f, tui_layout_batch(&g, &m, &v));
	fclose(f);
	tui_grid_free(&g);
	/* 910 + 100 = 1010 contentions; tree/store waited 820*700 + 90*20000 ns */
	CHECK(strstr(t, "lock wait (tracepoint): n 1,010 "),
	      "lock wait histogram: every class and caller merged");
	CHECK(strstr(t, "  tree         store                    455 ") &&
	      strstr(t, "  xarray       load                      50 "),
	      "contentions/s per lock and caller (910 and 100 in 2 s)");
	CHECK(!strstr(t, "invalidate"), "no row for a caller without contention "
	      "in the window");
	CHECK(strstr(t, "  all                                 1,010 contentions"),
	      "the zswap total");
	golden("batch-locks-100.txt", t);
	free(t);

	/* without --locks: n/a with how to get it */
	m.locks = false;
	snprintf(m.locks_reason, sizeof(m.locks_reason), "start with --locks");
	tui_grid_init(&g, 100, tui_batch_rows(&m));
	t = NULL;
	f = open_memstream(&t, &len);
	tui_grid_print(&g, f, tui_layout_batch(&g, &m, &v));
	fclose(f);
	tui_grid_free(&g);
	CHECK(strstr(t, "lock wait: n/a (start with --locks)") &&
	      !strstr(t, "CONTENTIONS/s"), "lock panel n/a without --locks");
	free(t);
	tui_model_free(&m);
	tui_sample_free(&a);
	tui_sample_free(&b);
}

/* --iocost: % of the window in debt, from iostall's cumulative debt. */
static void test_iocost(void)
{
	struct tui_sample a, b;
	struct tui_model m = {};
	struct tui_view v;
	char *t;
	int seen = 0;

	make_sample(&a, false);
	make_sample(&b, true);
	snprintf(a.iocost_reason, sizeof(a.iocost_reason), "no iocost activity");
	snprintf(b.iocost_reason, sizeof(b.iocost_reason), "no iocost activity");
	for (size_t i = 0; i < b.cg.n; i++) {
		struct tui_cg_sample *c = &b.cg.rows[i];

		if (c->id == 101) {
			c->has_iocost = true;
			c->iocost_debt_us = 1500000;	/* 1.5 s since start */
		}
		if (c->id == 104) {		/* first reported now */
			c->has_iocost = true;
			c->iocost_debt_us = 200000;
		}
	}
	for (size_t i = 0; i < a.cg.n; i++)
		if (a.cg.rows[i].id == 101) {
			a.cg.rows[i].has_iocost = true;
			a.cg.rows[i].iocost_debt_us = 1000000;
		}
	CHECK(tui_model_update(&m, &a, &b) == 0, "model update");
	for (size_t i = 0; i < m.nr_rows; i++) {
		const struct tui_cg_row *r = &m.rows[i];

		if (r->id == 101) {
			CHECK(r->has[COL_IOCOST] && fabs(r->v[COL_IOCOST] - 25) < 1e-9,
			      "0.5 s of debt in a 2 s window: 25%%: %f",
			      r->v[COL_IOCOST]);
			seen++;
		} else if (r->id == 104) {
			CHECK(r->has[COL_IOCOST] && fabs(r->v[COL_IOCOST] - 10) < 1e-9,
			      "a cgroup first reported in the window counts from "
			      "0: %f", r->v[COL_IOCOST]);
			seen++;
		} else {
			CHECK(!r->has[COL_IOCOST], "unreported cgroup: n/a");
		}
	}
	CHECK(seen == 2, "both iocost rows present");
	tui_view_init(&v);
	snprintf(m.kernel, sizeof(m.kernel), "6.12.0-test");
	t = render(&m, &v, 100, 24);
	CHECK(strstr(t, "DEBT%") && strstr(t, " 25.0") && strstr(t, " 10.0"),
	      "DEBT%% column:\n%s", t);
	CHECK(!strcmp(m.col_reason[COL_IOCOST], "no iocost activity"),
	      "the n/a cells' reason is iostall's: %s", m.col_reason[COL_IOCOST]);
	golden("100x24-iocost.txt", t);
	free(t);
	{
		size_t len = 0;
		FILE *f = open_memstream(&t, &len);

		tui_print_totals(f, &m);
		fclose(f);
		CHECK(strstr(t, "cgroup_iocost debt_us 500000 "
			      "/sys/fs/cgroup/memory/zswap-test.4242\n") &&
		      strstr(t, "cgroup_iocost debt_us 200000 "),
		      "totals: the window's debt in us per cgroup:\n%s", t);
		free(t);
	}
	tui_model_free(&m);
	tui_sample_free(&a);
	tui_sample_free(&b);
}

void test_tui(void)
{
	test_formats();
	test_window();
	test_frames_add_up();
	test_history_ring();
	test_sort_filter();
	test_layout();
	test_large_folios();
	test_locks();
	test_iocost();
}
