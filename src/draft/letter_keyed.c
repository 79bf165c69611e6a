// SPDX-License-Identifier: GPL-2.0
/*
 * A pipe table whose rows are the arms, each named by two key columns or
 * more (or one headed "Kernel"), and whose header names the quantities
 * measured, on lines of their own with the units under them:
 *
 *  |Kernel              | mTHP SWAP-OUT     | Throughput |     Change |
 *  |                    |                   |       KB/s |            |
 *  |--------------------|-------------------|------------|------------|
 *  |v6.11-rc3 mainline  | SSD               |    335,346 |   Baseline |
 *  |zswap-mTHP-Store    | ZSWAP lz4         |    271,558 |       -19% |
 *  |------------------------------------------------------------------|
 *  |Kernel              | mTHP SWAP-OUT     |   Sys time |     Change |
 *  ...
 *
 * Turned: an arm per row (its keys joined, "v6.11-rc3 mainline SSD"), a
 * row per quantity ("Throughput", unit KB/s); the boxes that follow with
 * the same arms add their quantities. A column of changes goes to the
 * note.
 */
#define _GNU_SOURCE	/* strcasestr */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "letter_shapes.h"

#define KEYED_COLS 12		/* columns of a box */
#define KEYED_ROWS 16		/* arms of a box */
#define KEYED_HEAD 4		/* header lines of a box */

struct box {
	int nc, nr, keys;
	char name[KEYED_COLS][LETTER_NAME_LEN], unit[KEYED_COLS][16];
	char arm[KEYED_ROWS][LETTER_NAME_LEN];
	struct letter_cell cell[KEYED_ROWS][KEYED_COLS];
	size_t end;		/* the line after the box's rows */
};

static bool piped_text(const struct letter *l, size_t j, int depth)
{
	return letter_same_block(l, j, depth) && l->lines[j].piped &&
	       !letter_blank(l->lines[j].text) && !letter_rule(l->lines[j].text);
}

/* Column c of a row: the cell between the gaps around it. */
static int column_of(const int *lo, const int *hi, int nc, const struct span *s)
{
	int mid = (s->start + s->end) / 2;

	for (int c = 0; c < nc; c++) {
		int from = c ? (hi[c - 1] + lo[c]) / 2 : -1;
		int to = c + 1 < nc ? (hi[c] + lo[c + 1]) / 2 : 1 << 20;

		if (mid > from && mid <= to)
			return c;
	}
	return -1;
}

static void append(char *to, size_t len, const char *s, int n)
{
	size_t used = strlen(to);

	snprintf(to + used, len - used, "%s%.*s", used ? " " : "", n, s);
}

/* The header lines [h, rule) named into b's columns; false if a cell falls
 * under no column. */
static bool name_columns(const struct letter *l, size_t h, size_t rule,
			 const int *lo, const int *hi, struct box *b)
{
	for (size_t j = h; j < rule; j++) {
		const char *s = l->lines[j].text;
		struct span sp[KEYED_COLS];
		int n = letter_split_cells(s, sp, KEYED_COLS);

		if (n < 0)
			return false;
		for (int k = 0; k < n; k++) {
			int c = column_of(lo, hi, b->nc, &sp[k]);
			int len = sp[k].end - sp[k].start;
			char cell[LETTER_NAME_LEN];

			if (c < 0 || len >= (int)sizeof(cell))
				return false;
			snprintf(cell, sizeof(cell), "%.*s", len, s + sp[k].start);
			if (c >= b->keys && letter_known_unit(cell) && !b->unit[c][0] &&
			    strlen(cell) < sizeof(b->unit[c]))
				snprintf(b->unit[c], sizeof(b->unit[c]), "%.*s",
					 (int)sizeof(b->unit[c]) - 1, cell);
			else
				append(b->name[c], sizeof(b->name[c]), cell, len);
		}
	}
	return true;
}

/*
 * The box whose header starts at line h: its header lines down to a
 * rule, then rows of as many cells, two key columns or more (words) in
 * front, or one whose header names arms. false when h starts no such box.
 */
static bool read_box(const struct letter *l, size_t h, struct box *b)
{
	int depth = l->lines[h].depth, lo[KEYED_COLS], hi[KEYED_COLS];
	struct span sp[KEYED_ROWS][KEYED_COLS];
	size_t rule = h, j;

	memset(b, 0, sizeof(*b));
	while (rule < h + KEYED_HEAD && piped_text(l, rule, depth))
		rule++;
	if (rule == h || !letter_same_block(l, rule, depth) || !l->lines[rule].piped ||
	    !letter_rule(l->lines[rule].text))
		return false;
	for (j = rule + 1; piped_text(l, j, depth) && b->nr < KEYED_ROWS; j++, b->nr++) {
		int n = letter_split_cells(l->lines[j].text, sp[b->nr], KEYED_COLS);

		if (n < 3 || (b->nr && n != b->nc))
			return false;
		b->nc = n;
	}
	if (b->nr < 2 || piped_text(l, j, depth))
		return false;
	b->end = j;
	for (int c = 0; c < b->nc; c++) {
		lo[c] = 1 << 20;
		hi[c] = 0;
		for (int r = 0; r < b->nr; r++) {
			const char *s = l->lines[rule + 1 + r].text;
			struct letter_cell *cell = &b->cell[r][c];

			lo[c] = sp[r][c].start < lo[c] ? sp[r][c].start : lo[c];
			hi[c] = sp[r][c].end > hi[c] ? sp[r][c].end : hi[c];
			if (!letter_span_cell(s, &sp[r][c], cell))	/* words */
				snprintf(cell->text, sizeof(cell->text), "%.*s",
					 sp[r][c].end - sp[r][c].start, s + sp[r][c].start);
		}
		if (c && lo[c] <= hi[c - 1])
			return false;	/* the columns overlap: not aligned */
	}
	/* the key columns: words in every row */
	while (b->keys < b->nc - 1) {
		bool words = true;

		for (int r = 0; r < b->nr; r++)
			words &= b->cell[r][b->keys].kind == CELL_EMPTY;
		if (!words)
			break;
		b->keys++;
	}
	if (b->keys < 1)
		return false;
	for (int r = 0; r < b->nr; r++)
		for (int c = 0; c < b->keys; c++)
			append(b->arm[r], sizeof(b->arm[r]), l->lines[rule + 1 + r].text +
			       sp[r][c].start, sp[r][c].end - sp[r][c].start);
	/* one key column: the arms only when its header says so ("Kernel") */
	return name_columns(l, h, rule, lo, hi, b) &&
	       (b->keys >= 2 || letter_arms_header(b->name[0]));
}

/* "Change", "Delta", "vs. base", "Improvement": changes against a base. */
static bool change_name(const char *s)
{
	static const char *const words[] = {
		"change", "delta", "diff", "improv", "gain", "speedup", "better", NULL };

	for (int i = 0; words[i]; i++)
		if (strcasestr(s, words[i]))
			return true;
	return !strncasecmp(s, "vs", 2);
}

/* A column of values: a number in every row, its name no change's. */
static bool measured(const struct box *b, int c)
{
	for (int r = 0; r < b->nr; r++)
		if (!letter_is_num(&b->cell[r][c]))
			return false;
	return b->name[c][0] && !change_name(b->name[c]);
}

/* "std_rel" after "mean_rel": the spread of the column before it. */
static bool spread_of(const struct box *b, int c)
{
	const char *s = b->name[c];

	if (c <= b->keys || !measured(b, c) || !measured(b, c - 1) ||
	    (strncasecmp(s, "std", 3) && strcasecmp(s, "sd")))
		return false;
	for (int r = 0; r < b->nr; r++)
		if (b->cell[r][c].sign || b->cell[r][c - 1].has_sd)
			return false;
	return true;
}

static bool same_arms(const struct box *a, const struct box *b)
{
	if (a->nr != b->nr || a->keys != b->keys)
		return false;
	for (int r = 0; r < a->nr; r++)
		if (!letter_same_name(a->arm[r], b->arm[r]))
			return false;
	return true;
}

/* Box b's quantities as rows of t, each with the changes after it noted. */
static int add_quantities(struct letter *l, struct letter_table *t,
			  const struct box *b, size_t first, size_t *cap)
{
	for (int c = b->keys; c < b->nc; c++) {
		struct letter_row row = {};

		bool spread = c + 1 < b->nc && spread_of(b, c + 1);

		if (!measured(b, c) || spread_of(b, c))
			continue;
		snprintf(row.label, sizeof(row.label), "%s", b->name[c]);
		row.line = (int)first + 1;
		for (int r = 0; r < b->nr; r++) {
			row.cell[r] = b->cell[r][c];
			if (!row.cell[r].unit[0])
				snprintf(row.cell[r].unit, sizeof(row.cell[r].unit), "%s",
					 b->unit[c]);
			if (spread) {
				row.cell[r].has_sd = true;
				row.cell[r].sd = b->cell[r][c + 1].mean;
			}
		}
		for (int n = c + 1 + spread; n < b->nc && !measured(b, n); n++) {
			size_t used = strlen(row.extra);

			snprintf(row.extra + used, sizeof(row.extra) - used, "%s%s",
				 used ? "; " : "", b->name[n]);
			for (int r = 0; r < b->nr; r++) {
				const struct letter_cell *x = &b->cell[r][n];

				used = strlen(row.extra);
				if (x->kind == CELL_NUM)
					snprintf(row.extra + used, sizeof(row.extra) - used,
						 x->sign ? " %+g%s" : " %g%s", x->mean, x->unit);
				else
					snprintf(row.extra + used, sizeof(row.extra) - used,
						 " %s", x->text[0] ? x->text : "-");
			}
		}
		if (letter_add_row(l, t, &row, cap))
			return -1;
	}
	return 0;
}

/*
 * Line h, a pipe table's header over rows of arms named by key columns:
 * the table turned, with the boxes after it of the same arms. Returns the
 * line after them, h + 1 when h starts no such table, -1 when out of
 * memory.
 */
long letter_read_keyed(struct letter *l, size_t h, const char *section)
{
	struct letter_table t = {};
	struct box first, next;
	size_t cap = 0, end, j;
	int depth = l->lines[h].depth;

	if (!piped_text(l, h, depth) || (h && piped_text(l, h - 1, depth)) ||
	    !read_box(l, h, &first))
		return (long)h + 1;
	t.named = true;
	t.line = (int)h + 1;
	t.nr_cols = first.nr;
	for (int r = 0; r < first.nr; r++)
		snprintf(t.col[r], sizeof(t.col[r]), "%s", first.arm[r]);
	if (add_quantities(l, &t, &first, h, &cap))
		goto oom;
	end = first.end;
	for (;;) {
		/* a rule, maybe a blank boxed line, then the next box */
		for (j = end; letter_same_block(l, j, depth) && l->lines[j].piped &&
		     (letter_rule(l->lines[j].text) || letter_blank(l->lines[j].text)); j++)
			;
		if (j == end || !piped_text(l, j, depth) || !read_box(l, j, &next) ||
		    !same_arms(&first, &next))
			break;
		if (add_quantities(l, &t, &next, j, &cap))
			goto oom;
		end = next.end;
	}
	if (!t.nr_rows) {
		free(t.rows);
		return (long)h + 1;
	}
	for (j = h; j < end; j++)
		l->lines[j].kind = LL_TABLE;
	letter_unique_columns(&t);
	letter_find_title(l, h, t.title, sizeof(t.title));
	letter_section_title(&t, section);
	if (letter_push_table(l, &t))
		goto oom;
	return (long)end;
oom:
	free(t.rows);
	return -1;
}
