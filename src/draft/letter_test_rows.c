// SPDX-License-Identifier: GPL-2.0
/*
 * A pipe table whose rows are the arms, in sections each under a row
 * naming the test, the statistics its columns, a row of changes under
 * each pair:
 *
 *  |                 | MEAN     | MEDIAN   | STDDEV |
 *  |-----------------|----------|----------|--------|
 *  | tcp_rr          |          |          |        |
 *  | (A) base        | 12345.67 | 12300.00 | 120.30 |
 *  | (B) patched     | 12100.00 | 12050.00 | 118.10 |
 *  |                 | -1.99%   | -2.04%   |
 *
 * With a MEAN column, one table: a row per test, its mean (the spread
 * column its sd, the change row's its change), the arms its columns, as
 * every arm is the same in each section. Else a table per test (its
 * name the title), a row per statistic. Read whole here: as aligned
 * rows the name rows and the change rows would cut each section into
 * fragments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "grow.h"
#include "letter_shapes.h"

#define TR_COLS 8
#define TR_ARMS 6

struct tr_head {
	int nc;
	char name[TR_COLS][LETTER_NAME_LEN];
	int mid[TR_COLS];	/* each name's centre on the line */
	int label_end;		/* values start past here */
};

static bool tr_line(const struct letter *l, size_t j, int depth)
{
	return letter_same_block(l, j, depth) && l->lines[j].piped &&
	       !letter_blank(l->lines[j].text);
}

/* The column whose name's centre is nearest span s. */
static int tr_column(const struct tr_head *h, const struct span *s)
{
	int mid = (s->start + s->end) / 2, best = -1, dist = 1 << 20;

	for (int c = 0; c < h->nc; c++) {
		int d = abs(h->mid[c] - mid);

		if (d < dist) {
			dist = d;
			best = c;
		}
	}
	return best;
}

/* A header of words alone: the statistics' names (a label column's dropped). */
static bool tr_header(const char *s, struct tr_head *h)
{
	struct span sp[TR_COLS + 1];
	int ns = letter_split_cells(s, sp, TR_COLS + 1), first = 0;

	if (ns < 2 || ns > TR_COLS + 1 || letter_rule(s))
		return false;
	for (int k = 0; k < ns; k++) {
		struct letter_cell c;

		if (letter_span_cell(s, &sp[k], &c) && c.kind != CELL_TEXT)
			return false;
	}
	/* a first name at the line's start heads the labels */
	if (sp[0].start <= 2 && ns > 2)
		first = 1;
	h->nc = ns - first;
	if (h->nc > TR_COLS)
		return false;
	h->label_end = sp[first].start;
	for (int k = 0; k < h->nc; k++) {
		const struct span *x = &sp[k + first];

		letter_clean_label(s + x->start, x->end - x->start, h->name[k], LETTER_NAME_LEN);
		h->mid[k] = (x->start + x->end) / 2;
	}
	return true;
}

/* A line of one cell at its start: the test's name. */
static bool tr_name_row(const char *s, char *name, size_t len)
{
	struct span sp[2];
	struct letter_cell c;

	if (letter_split_cells(s, sp, 2) != 1 || sp[0].start > 2 ||
	    (letter_span_cell(s, &sp[0], &c) && c.kind == CELL_NUM))
		return false;
	letter_clean_label(s + sp[0].start, sp[0].end - sp[0].start, name, len);
	return name[0] && letter_label_ok(name);
}

/* An arm's row: a label, then values each under a column. */
static bool tr_arm_row(const char *s, const struct tr_head *h, char *arm,
		       struct letter_cell *cell)
{
	struct span sp[TR_COLS + 1];
	int ns = letter_split_cells(s, sp, TR_COLS + 1);

	if (ns < 2 || sp[0].start > 2 || sp[0].end > h->label_end)
		return false;
	for (int c = 0; c < h->nc; c++)
		cell[c].kind = CELL_EMPTY;
	for (int k = 1; k < ns; k++) {
		int c = tr_column(h, &sp[k]);

		if (c < 0 || cell[c].kind != CELL_EMPTY ||
		    !letter_span_cell(s, &sp[k], &cell[c]) || !letter_is_num(&cell[c]))
			return false;
	}
	letter_clean_label(s + sp[0].start, sp[0].end - sp[0].start, arm, LETTER_NAME_LEN);
	return arm[0] && letter_label_ok(arm);
}

/*
 * The changes under a pair, no label or "%": each a signed percent under
 * a column.
 */
static bool tr_change_row(const char *s, const struct tr_head *h, double *chg,
			  bool *has)
{
	struct span sp[TR_COLS + 1];
	int ns = letter_split_cells(s, sp, TR_COLS + 1), first = 0;

	if (ns > 1 && sp[0].end - sp[0].start == 1 && s[sp[0].start] == '%')
		first = 1;
	if (ns <= first || (!first && sp[0].start < h->label_end - 2))
		return false;
	for (int k = first; k < ns; k++) {
		struct letter_cell c;
		int col = tr_column(h, &sp[k]);

		if (col < 0 || !letter_span_cell(s, &sp[k], &c) || !letter_signed_pct(&c))
			return false;
		chg[col] = c.mean;
		has[col] = true;
	}
	return true;
}

static bool tr_spread(const char *s)
{
	return !strncasecmp(s, "std", 3) || !strcasecmp(s, "sd");
}

static bool tr_mean(const char *s)
{
	return !strcasecmp(s, "mean") || !strncasecmp(s, "avg", 3) ||
	       !strcasecmp(s, "average");
}

struct tr_section {
	char test[96];
	int na, line;
	char arm[TR_ARMS][LETTER_NAME_LEN];
	struct letter_cell cell[TR_ARMS][TR_COLS];
	double chg[TR_COLS];
	bool has_chg[TR_COLS];
};

/* The mean's and the spread's columns of h, -1 for none. */
static void tr_stat_columns(const struct tr_head *h, int *mean, int *spread)
{
	*mean = *spread = -1;
	for (int c = 0; c < h->nc; c++) {
		if (tr_mean(h->name[c]) && *mean < 0)
			*mean = c;
		if (tr_spread(h->name[c]) && *spread < 0)
			*spread = c;
	}
}

/* Arm a's value in column c of section x, the spread column its sd. */
static struct letter_cell tr_value(const struct tr_section *x, int a, int c, int spread)
{
	struct letter_cell v = x->cell[a][c];

	if (spread >= 0 && x->cell[a][spread].kind == CELL_NUM && !v.has_sd) {
		v.has_sd = true;
		v.sd = x->cell[a][spread].mean;
	}
	return v;
}

/* Every section x[0..n) has the first's arms, in its order. */
static bool tr_same_arms(const struct tr_section *x, int n)
{
	for (int k = 1; k < n; k++) {
		if (x[k].na != x[0].na)
			return false;
		for (int a = 0; a < x[0].na; a++)
			if (strcmp(x[k].arm[a], x[0].arm[a]))
				return false;
	}
	return true;
}

/* Sections x[0..n) as one table, a row per test: its mean (column mean). */
static int tr_means_table(struct letter *l, size_t i, const struct tr_section *x, int n,
			  int mean, int spread, const char *section)
{
	struct letter_table t = {};
	size_t cap = 0;

	for (int k = 0; k < n; k++) {
		struct letter_row row;

		memset(&row, 0, sizeof(row));
		snprintf(row.label, sizeof(row.label), "%s", x[k].test);
		for (int a = 0; a < x[k].na; a++)
			row.cell[a] = tr_value(&x[k], a, mean, spread);
		row.has_change = x[k].has_chg[mean];
		row.change_pct = x[k].chg[mean];
		row.line = x[k].line;
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
	}
	for (int a = 0; a < x[0].na; a++)
		memcpy(t.col[a], x[0].arm[a], sizeof(t.col[a]));
	t.nr_cols = x[0].na;
	t.named = true;
	t.line = (int)i + 1;
	letter_find_title(l, i, t.title, sizeof(t.title));
	return letter_keep_table(l, &t, section);
}

static int tr_table(struct letter *l, const struct tr_head *h,
		    const struct tr_section *x, const char *section)
{
	struct letter_table t = {};
	int mean, spread;
	size_t cap = 0;

	tr_stat_columns(h, &mean, &spread);
	for (int c = 0; c < h->nc; c++) {
		struct letter_row row;
		bool any = false;

		if (c == spread && mean >= 0)
			continue;	/* the mean's sd, below */
		memset(&row, 0, sizeof(row));
		snprintf(row.label, sizeof(row.label), "%s", h->name[c]);
		for (int a = 0; a < x->na; a++) {
			row.cell[a] = c == mean ? tr_value(x, a, c, spread) : x->cell[a][c];
			any |= row.cell[a].kind == CELL_NUM;
		}
		if (!any)
			continue;
		row.has_change = x->has_chg[c];
		row.change_pct = x->chg[c];
		row.line = x->line;
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
	}
	for (int a = 0; a < x->na; a++)
		memcpy(t.col[a], x->arm[a], sizeof(t.col[a]));
	t.nr_cols = x->na;
	t.named = true;
	t.line = x->line;
	snprintf(t.title, sizeof(t.title), "%s", x->test);
	if (!t.nr_rows) {
		free(t.rows);
		return 0;
	}
	return letter_keep_table(l, &t, section);
}

/* The sections' tables: one of the means, else one per test. -1 out of memory. */
static int tr_tables(struct letter *l, size_t i, const struct tr_head *h,
		     const struct tr_section *x, int n, const char *section)
{
	int mean, spread;

	tr_stat_columns(h, &mean, &spread);
	if (mean >= 0 && tr_same_arms(x, n))
		return tr_means_table(l, i, x, n, mean, spread, section);
	for (int k = 0; k < n; k++)
		if (tr_table(l, h, &x[k], section))
			return -1;
	return 0;
}

/*
 * The tables of the test sections under header line i (tr_tables). The
 * line after them, i + 1 when line i heads none, -1 when out of memory.
 */
long letter_read_test_rows(struct letter *l, size_t i, const char *section)
{
	int depth = l->lines[i].depth, nsec = 0, made;
	size_t cap = 0;
	struct tr_section *x = NULL;
	struct tr_head h;
	size_t j = i + 1, last = i;

	if (!l->lines[i].piped || !tr_header(l->lines[i].text, &h))
		return (long)i + 1;
	if (tr_line(l, j, depth) && letter_rule(l->lines[j].text))
		j++;
	for (;;) {
		struct tr_section *s;
		size_t k = j + 1;

		if ((size_t)nsec == cap && grow_array((void **)&x, &cap, 4, sizeof(*x))) {
			free(x);
			return -1;
		}
		s = &x[nsec];
		memset(s, 0, sizeof(*s));
		/* "| brk1_8_processes" without its closing pipes: piped all the same */
		if (!letter_same_block(l, j, depth) || letter_blank(l->lines[j].text) ||
		    !tr_name_row(l->lines[j].text, s->test, sizeof(s->test)))
			break;
		s->line = (int)j + 1;
		while (s->na < TR_ARMS && tr_line(l, k, depth) &&
		       tr_arm_row(l->lines[k].text, &h, s->arm[s->na], s->cell[s->na])) {
			s->na++;
			k++;
		}
		if (s->na < 2)
			break;
		if (tr_line(l, k, depth) &&
		    tr_change_row(l->lines[k].text, &h, s->chg, s->has_chg))
			k++;
		while (tr_line(l, k, depth) && letter_rule(l->lines[k].text))
			k++;
		nsec++;
		last = k - 1;
		j = k;
	}
	made = nsec ? tr_tables(l, i, &h, x, nsec, section) : 0;
	free(x);
	if (made < 0)
		return -1;
	if (!nsec)
		return (long)i + 1;
	for (size_t k = i; k <= last; k++)
		l->lines[k].kind = LL_TABLE;
	return (long)last + 1;
}
