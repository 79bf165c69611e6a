// SPDX-License-Identifier: GPL-2.0
/*
 * Two arms' outputs pasted side by side under their names:
 *
 *   vanilla:                              patched:
 *   nr_inactive_file 1574105088           nr_inactive_file 1027801088
 *      inactive_file 1577410560              inactive_file 1027801088
 *
 * Each line's cells (two or more blanks apart) go to the arm whose name
 * stands over them or to their left; each arm's part is one pair as
 * letter_kv_value.c reads it, the same label in every arm. A row per
 * line, a column per name.
 *
 * Or each output's name over its value, one line each, the arms' names
 * over all ("Base  Patched", "numa01  numa01", "224.70  137.23"): a row
 * per pair of lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_blocks.h"

#define SIDE_SLACK 4		/* columns a part may start left of its name */
#define SIDE_ARMS 4		/* outputs side by side at most */

/* Line h names the arms, "vanilla:    patched:": their count, where each starts. */
static int side_names(const char *h, char col[][LETTER_NAME_LEN], int *start)
{
	struct span sp[SIDE_ARMS + 1];
	int n = letter_split_cells(h, sp, SIDE_ARMS + 1);

	if (n < 2 || n > SIDE_ARMS)
		return 0;
	for (int k = 0; k < n; k++) {
		int len = sp[k].end - sp[k].start;

		if (len < 2 || h[sp[k].end - 1] != ':' || memchr(h + sp[k].start, ':', len - 1))
			return 0;
		letter_clean_label(h + sp[k].start, len - 1, col[k], LETTER_NAME_LEN);
		if (!letter_label_ok(col[k]))
			return 0;
		start[k] = sp[k].start;
	}
	return n;
}

/* Line s's parts under the na names: each arm's pair into r[a]. */
static bool side_row(const char *s, const int *start, int na, struct letter_row *r)
{
	struct span sp[4 * SIDE_ARMS];
	char part[SIDE_ARMS][160] = { { 0 } };
	int n = letter_split_cells(s, sp, 4 * SIDE_ARMS);

	for (int k = 0; k < n; k++) {
		int a = na - 1;
		size_t used;

		while (a > 0 && start[a] > sp[k].start + SIDE_SLACK)
			a--;
		used = strlen(part[a]);
		snprintf(part[a] + used, sizeof(part[a]) - used, "%s%.*s", used ? " " : "",
			 sp[k].end - sp[k].start, s + sp[k].start);
	}
	for (int a = 0; a < na; a++) {
		char key[96], first[96];

		if (letter_kv_pairs(part[a], &r[a], 1) != 1 || r[a].cell[0].kind != CELL_NUM)
			return false;
		letter_label_key(r[a].label, key, sizeof(key));
		letter_label_key(r[0].label, first, sizeof(first));
		if (strcmp(key, first))
			return false;	/* another counter beside it: no arm's */
	}
	return true;
}

/*
 * Arms' outputs side by side under their names at line h: one table
 * into l. The line after it, h + 1 when line h names none, -1 out of
 * memory.
 */
long letter_read_side_by_side(struct letter *l, size_t h, const char *section)
{
	char col[SIDE_ARMS][LETTER_NAME_LEN];
	int depth = l->lines[h].depth, start[SIDE_ARMS];
	int na = side_names(l->lines[h].text, col, start);
	struct letter_table t = {};
	struct letter_row r[SIDE_ARMS];
	size_t j, cap = 0;

	if (!na)
		return (long)h + 1;
	for (j = h + 1; letter_same_block(l, j, depth) && !letter_blank(l->lines[j].text) &&
	     side_row(l->lines[j].text, start, na, r); j++) {
		struct letter_row row = {};

		snprintf(row.label, sizeof(row.label), "%s", r[0].label);
		for (int a = 0; a < na; a++)
			row.cell[a] = r[a].cell[0];
		row.line = (int)j + 1;
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
	}
	if (!t.nr_rows) {
		free(t.rows);
		return (long)h + 1;
	}
	memcpy(t.col, col, na * sizeof(t.col[0]));
	return letter_keep_lines(l, &t, na, h, j, section);
}

/* Line s's cells, n of them, all the same words: into label. */
static bool name_line(const char *s, int n, char *label, size_t len)
{
	struct span sp[SIDE_ARMS + 1];
	struct letter_cell c;

	if (letter_split_cells(s, sp, SIDE_ARMS + 1) != n ||
	    (letter_span_cell(s, &sp[0], &c) && c.kind == CELL_NUM))
		return false;
	for (int k = 1; k < n; k++)
		if (sp[k].end - sp[k].start != sp[0].end - sp[0].start ||
		    strncmp(s + sp[k].start, s + sp[0].start, sp[0].end - sp[0].start))
			return false;
	letter_clean_label(s + sp[0].start, sp[0].end - sp[0].start, label, len);
	return letter_label_ok(label);
}

/* Line s's cells, n of them, all numbers: into r's cells. */
static bool value_line(const char *s, int n, struct letter_row *r)
{
	struct span sp[SIDE_ARMS + 1];

	if (letter_split_cells(s, sp, SIDE_ARMS + 1) != n)
		return false;
	for (int k = 0; k < n; k++)
		if (!letter_span_cell(s, &sp[k], &r->cell[k]) || r->cell[k].kind != CELL_NUM)
			return false;
	return true;
}

long letter_read_names_over_values(struct letter *l, size_t h, const char *section)
{
	struct span sp[SIDE_ARMS + 1];
	const char *hs = l->lines[h].text;
	int depth = l->lines[h].depth, na = letter_split_cells(hs, sp, SIDE_ARMS + 1);
	struct letter_table t = {};
	size_t j = h + 1, cap = 0;

	if (na < 2 || na > SIDE_ARMS)
		return (long)h + 1;
	for (int k = 0; k < na; k++) {
		struct letter_cell c;

		if (letter_span_cell(hs, &sp[k], &c) && c.kind == CELL_NUM)
			return (long)h + 1;
		letter_clean_label(hs + sp[k].start, sp[k].end - sp[k].start, t.col[k],
				   LETTER_NAME_LEN);
		if (!letter_label_ok(t.col[k]))
			return (long)h + 1;
	}
	while (letter_same_block(l, j + 1, depth)) {
		struct letter_row row = {};

		if (!name_line(l->lines[j].text, na, row.label, sizeof(row.label)) ||
		    !value_line(l->lines[j + 1].text, na, &row))
			break;
		row.line = (int)j + 1;
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
		j += 2;
	}
	if (t.nr_rows < 2) {
		free(t.rows);
		return (long)h + 1;
	}
	return letter_keep_lines(l, &t, na, h, j, section);
}
