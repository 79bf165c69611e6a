// SPDX-License-Identifier: GPL-2.0
/*
 * A header stacked on several lines over the rows: a line of the arms'
 * names above a rule, setup rows of words ("zswap compressor  zstd"),
 * a change column's name written down three lines ("IAA Batching" /
 * "vs." / "IAA Sequential"). The lines whose label cell is empty name
 * the columns, each of their cells the value column under it.
 */
#include <stdio.h>
#include <string.h>
#include "letter_shapes.h"

#define STACK_LINES 8	/* header lines looked at above the rows */

/* Words ending in a full stop, not a cell of "vs." */
static bool sentence(const char *s)
{
	s += strspn(s, " ");
	return s[strlen(s) - 1] == '.' && letter_cells(s) == 1 && strlen(s) > 20;
}

/*
 * Value column c's stretch: from the cell before it to its end, a blank
 * past (a number right-aligned one off still its column's).
 */
static int overlap(const struct span *v, int c, int fs, int fe)
{
	int from = v[c - 1].end + 1, to = v[c].end + 1;

	from = fs > from ? fs : from;
	to = fe < to ? fe : to;
	return to - from;
}

/* Header cell [fs, fe): the value column (1..nv) most under it, or 0. */
static int column_under(const struct span *v, int nv, int fs, int fe)
{
	int best = 0, most = 0;

	for (int c = 1; c <= nv; c++) {
		int o = overlap(v, c, fs, fe);

		if (o > most) {
			most = o;
			best = c;
		}
	}
	return best;
}

/* The label's cell and the last nv cells of row s into v: false if not so. */
static bool value_spans(const char *s, int nv, struct span *v)
{
	int n = letter_split_cells(s, v, MAX_CELLS);

	if (n < nv + 1 || nv > LETTER_MAX_COLS)
		return false;
	memmove(&v[1], &v[n - nv], nv * sizeof(*v));
	return true;
}

/*
 * Row s of n values stands under the first n of row's nv columns, each
 * value under its own: not a row with a cell left empty (a pipe table's
 * "|  |" leaves no cell), whose values would fall under the wrong arms.
 */
bool letter_row_under(const char *row, int nv, const char *s, int n)
{
	struct span v[MAX_CELLS + 1], w[MAX_CELLS + 1];

	if (n > nv || !value_spans(row, nv, v) || !value_spans(s, n, w))
		return false;
	for (int k = 1; k <= n; k++)
		if (column_under(v, nv, w[k].start, w[k].end) != k)
			return false;
	return true;
}

bool letter_row_placed(const char *row, int nv, const char *s, bool piped,
		       struct letter_row *r)
{
	struct span v[MAX_CELLS + 1], w[MAX_CELLS + 1];
	struct letter_cell cells[LETTER_MAX_COLS];
	int n = letter_parse_row(s, r), prev = 0;

	if (n < 1 || n >= nv || nv > LETTER_MAX_COLS || !value_spans(row, nv, v) ||
	    !value_spans(s, n, w))
		return false;
	memcpy(cells, r->cell, sizeof(cells));
	memset(r->cell, 0, sizeof(r->cell));
	for (int k = 1; k <= n; k++) {
		int c = column_under(v, nv, w[k].start, w[k].end);

		if (c <= prev)
			return false;	/* two values under one column */
		/*
		 * no pipes: each value aligned with its column's (a counter
		 * the base kernel lacks, free(1)'s Swap: under three columns)
		 */
		if (!piped && w[k].end != v[c].end && w[k].start != v[c].start)
			return false;
		r->cell[c - 1] = cells[k - 1];
		prev = c;
	}
	return true;
}

/* A cell of dashes: "|-----------------|" under a group's name. */
static bool dash_cell(const char *s, const struct span *sp)
{
	int n = sp->end - sp->start;

	return n >= 3 && (int)strspn(s + sp->start, "-=") >= n;
}

static void add_name(char *col, const char *s, const struct span *sp)
{
	size_t used = strlen(col);

	snprintf(col + used, LETTER_NAME_LEN - used, "%s%.*s", used ? " " : "",
		 sp->end - sp->start, s + sp->start);
}

/*
 * The dash cell of line below over cell sp: a group's columns are those
 * whose values stand under the dashes. 0 when there is none.
 */
static bool group_under(const char *below, const struct span *sp, struct span *group)
{
	struct span d[MAX_CELLS];
	int n = below ? letter_split_cells(below, d, MAX_CELLS) : 0;

	for (int k = 0; k < n; k++)
		if (dash_cell(below, &d[k]) && d[k].start < sp->end && sp->start < d[k].end) {
			*group = d[k];
			return true;
		}
	return false;
}

/*
 * Cells of header line s appended to the column names under them; with
 * label, its first cell names the labels' column, no value column. A
 * cell over dashes on the line below names a group: every column whose
 * values stand under the dashes.
 */
static void add_names(const char *s, bool label, const char *below,
		      const struct span *v, int nv, char col[][LETTER_NAME_LEN])
{
	struct span sp[MAX_CELLS], group;
	int n = letter_split_cells(s, sp, MAX_CELLS);

	for (int k = label; k < n; k++) {
		int best = column_under(v, nv, sp[k].start, sp[k].end);

		if (dash_cell(s, &sp[k]))
			continue;
		if (group_under(below, &sp[k], &group)) {
			for (int c = 1; c <= nv; c++)
				if (v[c].start >= group.start && v[c].end <= group.end)
					add_name(col[c - 1], s, &sp[k]);
		} else if (best) {
			add_name(col[best - 1], s, &sp[k]);
		}
	}
}

/*
 * Header line s names every column, each cell over its own, the first
 * reaching into the first column ("Number of swap_writepage" over
 * "SSD  21,373"): names, though it starts where the labels do.
 */
static bool names_each(const char *s, const struct span *v, int nv)
{
	struct span sp[MAX_CELLS];
	int n = letter_split_cells(s, sp, MAX_CELLS);

	if (n != nv)
		return false;
	for (int k = 0; k < n; k++)
		if (column_under(v, nv, sp[k].start, sp[k].end) != k + 1)
			return false;
	return true;
}

/*
 * The lines above row first (nv values: where each column stands) up to
 * a blank line or words, at most STACK_LINES: with two or more lines of
 * names, or one apart from the row (setup rows of words between), the
 * columns named from them (nv names, some maybe empty) and true; *htop
 * the header's first line, its setup rows too.
 */
bool letter_stacked_header(const struct letter *l, size_t first, int nv,
			   char col[][LETTER_NAME_LEN], size_t *htop)
{
	const char *row = l->lines[first].text;
	struct span v[MAX_CELLS + 1];
	int depth = l->lines[first].depth, names = 0;
	size_t j = first, lines[STACK_LINES], k, head = *htop;
	bool label[STACK_LINES];
	bool adjacent = false;

	if (!value_spans(row, nv, v))
		return false;
	for (k = 0; k < STACK_LINES && j > 0 && names < STACK_LINES; k++) {
		const struct letter_line *ln = &l->lines[--j];
		const char *s = ln->text;
		size_t len = strlen(s);

		if (ln->depth != depth || ln->kind != LL_PROSE || letter_blank(s))
			break;
		if (letter_rule(s))
			continue;	/* a markdown rule "|:---|---:|" too */
		if (s[len - 1] == ':' || sentence(s))
			break;
		*htop = j;
		/*
		 * a line from the labels' column: a setup row of words, but
		 * in a pipe table every line above its rows is the header's
		 */
		label[names] = letter_indent(s) < letter_indent(row) + 4 && !names_each(s, v, nv);
		if (label[names] && !(ln->piped && l->lines[first].piped))
			continue;
		adjacent |= j + 1 == first ||
			    (j + 2 == first && letter_rule(l->lines[j + 1].text));
		lines[names++] = j;
	}
	if (!names || (names == 1 && adjacent)) {
		*htop = head;
		return false;
	}
	for (int c = 0; c < nv; c++)
		col[c][0] = '\0';
	for (int m = names - 1; m >= 0; m--)
		add_names(l->lines[lines[m]].text, label[m],
			  m ? l->lines[lines[m - 1]].text : NULL, v, nv, col);
	return true;
}
