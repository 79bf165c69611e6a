// SPDX-License-Identifier: GPL-2.0
/*
 * A grid whose every cell packs both arms as an arrow, the arms never
 * named:
 *
 *                <1us             1us-10us
 *    machine A   1.12% -> 0.36%   50.1% -> 60.2%
 *    machine B   0.80% -> 0.25%   47.3% -> 55.0%
 *
 * A table per column (the header's name over it), arms Before | After,
 * a row per label. The columns may be a tab apart (one blank once tabs
 * are expanded), so a row is read by its tokens around each arrow, not
 * by the two-blank spans aligned tables use.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_shapes.h"

#define GRID_COLS 16
#define GRID_TOKENS 96
#define GRID_ROWS 512		/* rows of one grid kept */

struct grid_row {
	char label[96];
	int line;
	struct letter_cell cell[GRID_COLS][2];
};

static bool is_arrow(const char *t)
{
	return !strcmp(t, "->") || !strcmp(t, "\xe2\x86\x92");
}

/* Tokens tok[a..b) as one value: "0.36%", "5.8 ms", "12 (-20%)". */
static bool grid_value(char **tok, int a, int b, struct letter_cell *c)
{
	return a < b && letter_tokens_cell(tok, a, b, 64, c) && letter_is_num(c);
}

/* Both sides in one unit, or the unit written once after the new value. */
static bool grid_units(const struct letter_cell *a, const struct letter_cell *b)
{
	return !strcmp(a->unit, b->unit) || (!a->unit[0] && strlen(b->unit) <= 3);
}

static bool grid_pair(char **tok, int la, int lb, int ra, int rb,
		      struct letter_cell *c)
{
	return grid_value(tok, la, lb, &c[0]) && grid_value(tok, ra, rb, &c[1]) &&
	       grid_units(&c[0], &c[1]);
}

/*
 * Line s as a label and n >= 2 arrow cells: n, or 0. Between two arrows
 * lie the right side of one and the left of the next; the left is taken
 * as short as parses (a number, or a number and its unit), so a change
 * "(-68%)" stays with the value before it.
 */
static int grid_row(const char *s, struct grid_row *r)
{
	char buf[512], *tok[GRID_TOKENS];
	int nt = 0, arr[GRID_COLS], na = 0, left, label_end = -1;

	if (strlen(s) >= sizeof(buf))
		return 0;
	strcpy(buf, s);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
		if (nt == GRID_TOKENS)
			return 0;
		if (is_arrow(t)) {
			if (na == GRID_COLS)
				return 0;
			arr[na++] = nt;
		}
		tok[nt++] = t;
	}
	if (na < 2)
		return 0;
	for (int w = 1; w <= 2 && label_end < 0; w++)
		if (arr[0] - w >= 1 && grid_value(tok, arr[0] - w, arr[0], &r->cell[0][0]))
			label_end = arr[0] - w;
	if (label_end < 0)
		return 0;
	left = label_end;
	for (int n = 0; n < na; n++) {
		int ra = arr[n] + 1, end = n + 1 < na ? arr[n + 1] : nt, cut = -1;

		if (n + 1 == na) {
			if (end - ra < 1 || end - ra > 3 ||
			    !grid_pair(tok, left, arr[n], ra, end, r->cell[n]))
				return 0;
			break;
		}
		for (int w = 1; w <= 2 && cut < 0; w++) {
			int c = end - w;

			if (c - ra < 1 || c - ra > 3)
				continue;
			if (grid_pair(tok, left, arr[n], ra, c, r->cell[n]) &&
			    grid_value(tok, c, end, &r->cell[n + 1][0]))
				cut = c;
		}
		if (cut < 0)
			return 0;
		left = cut;
	}
	/* the label: the tokens before the first value, as written */
	{
		size_t off = (size_t)(tok[label_end - 1] - buf) + strlen(tok[label_end - 1]);

		letter_clean_label(s + (tok[0] - buf), off - (size_t)(tok[0] - buf),
				   r->label, sizeof(r->label));
	}
	return letter_label_ok(r->label) && !strstr(r->label, "->") ? na : 0;
}

/*
 * Header line h over n columns: their names, the first span dropped
 * when it names the labels. Spans first (names of several words), then
 * tokens (names a tab apart). false when neither counts n.
 */
static bool grid_header(const char *h, int n, char col[][LETTER_NAME_LEN], char *label_name)
{
	struct span sp[GRID_COLS + 2];
	int ns = letter_split_cells(h, sp, GRID_COLS + 2);
	char buf[512], *tok[GRID_COLS + 2];
	int nt = 0;

	label_name[0] = '\0';
	if (strstr(h, "->") || letter_rule(h))
		return false;
	if (ns == n || ns == n + 1) {
		int skip = ns - n;

		if (skip)
			snprintf(label_name, LETTER_NAME_LEN, "%.*s", sp[0].end - sp[0].start,
				 h + sp[0].start);
		for (int k = 0; k < n; k++)
			letter_clean_label(h + sp[k + skip].start,
					   sp[k + skip].end - sp[k + skip].start, col[k], LETTER_NAME_LEN);
		return true;
	}
	if (strlen(h) >= sizeof(buf))
		return false;
	strcpy(buf, h);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
		if (nt == GRID_COLS + 2)
			return false;
		tok[nt++] = t;
	}
	if (n < 1 || (nt != n && nt != n + 1))
		return false;
	if (nt > n)
		snprintf(label_name, LETTER_NAME_LEN, "%.95s", tok[0]);
	for (int k = 0; k < n; k++)
		letter_clean_label(tok[k + nt - n], strlen(tok[k + nt - n]), col[k], LETTER_NAME_LEN);
	return true;
}

/*
 * Group names over the header (fewer spans, each over as many columns):
 * prefixed to the columns' names, "Throughput <1us".
 */
static bool grid_groups(const char *g, int n, char col[][LETTER_NAME_LEN])
{
	struct span sp[GRID_COLS];
	int ns = letter_split_cells(g, sp, GRID_COLS);

	if (ns < 2 || ns >= n || n % ns || strstr(g, "->") || letter_rule(g))
		return false;
	for (int k = 0; k < n; k++) {
		const struct span *x = &sp[k / (n / ns)];
		char name[LETTER_NAME_LEN];
		int w = x->end - x->start < 20 ? x->end - x->start : 20;

		snprintf(name, sizeof(name), "%.*s %.26s", w, g + x->start, col[k]);
		memcpy(col[k], name, LETTER_NAME_LEN);
	}
	return true;
}

static int grid_tables(struct letter *l, size_t top, const struct grid_row *r,
		       int nr, int n, char col[][LETTER_NAME_LEN], const char *label_name,
		       const char *section)
{
	for (int c = 0; c < n; c++) {
		struct letter_table t = {};
		struct letter_row row;
		size_t cap = 0;

		for (int k = 0; k < nr; k++) {
			memset(&row, 0, sizeof(row));
			snprintf(row.label, sizeof(row.label), "%s", r[k].label);
			row.cell[0] = r[k].cell[c][0];
			row.cell[1] = r[k].cell[c][1];
			row.line = r[k].line;
			if (letter_add_row(l, &t, &row, &cap))
				return -1;
		}
		snprintf(t.col[0], sizeof(t.col[0]), "Before");
		snprintf(t.col[1], sizeof(t.col[1]), "After");
		t.nr_cols = 2;
		t.named = true;
		t.line = (int)top + 1;
		snprintf(t.label_name, sizeof(t.label_name), "%s", label_name);
		letter_find_title(l, top, t.title, sizeof(t.title));
		if (col[c][0]) {
			char title[sizeof(t.title)];

			snprintf(title, sizeof(title), "%.140s%s%.57s", t.title,
				 t.title[0] ? ": " : "", col[c]);
			memcpy(t.title, title, sizeof(t.title));
		}
		if (letter_keep_table(l, &t, section))
			return -1;
	}
	return 0;
}

/*
 * The grid whose first row is line i (its header, when it has one, the
 * line above): its tables. The line after it, i + 1 when line i starts
 * none, -1 when out of memory.
 */
long letter_read_arrow_grid(struct letter *l, size_t i, const char *section)
{
	int depth = l->lines[i].depth, n, nr = 0;
	char col[GRID_COLS][LETTER_NAME_LEN] = {}, label_name[LETTER_NAME_LEN] = "";
	struct grid_row *r;
	size_t j, top = i;
	long next;

	struct grid_row first;		/* about 3 KiB: line i tried before any allocation */

	if (!strstr(l->lines[i].text, "->") && !strstr(l->lines[i].text, "\xe2\x86\x92"))
		return (long)i + 1;
	memset(&first, 0, sizeof(first));
	n = grid_row(l->lines[i].text, &first);
	if (!n)
		return (long)i + 1;
	r = calloc(GRID_ROWS, sizeof(*r));
	if (!r)
		return -1;
	for (j = i; n && nr < GRID_ROWS && letter_same_block(l, j, depth); j++) {
		memset(&r[nr], 0, sizeof(r[nr]));
		if (grid_row(l->lines[j].text, &r[nr]) != n)
			break;
		r[nr].line = (int)j + 1;
		nr++;
	}
	if (i > 0 && letter_same_block(l, i - 1, depth) &&
	    !letter_blank(l->lines[i - 1].text) &&
	    grid_header(l->lines[i - 1].text, n, col, label_name)) {
		top = i - 1;
		if (top > 0 && letter_same_block(l, top - 1, depth) &&
		    !letter_blank(l->lines[top - 1].text) &&
		    grid_groups(l->lines[top - 1].text, n, col))
			top--;
	}
	/* one row without a header is too little to call a grid */
	if (!n || (nr < 2 && top == i)) {
		free(r);
		return (long)i + 1;
	}
	next = grid_tables(l, top, r, nr, n, col, label_name, section) ? -1 : (long)j;
	for (size_t k = top; next > 0 && k < j; k++)
		l->lines[k].kind = LL_TABLE;
	free(r);
	return next;
}
