// SPDX-License-Identifier: GPL-2.0
/*
 * Blocks of "label: value" lines, each under a heading ("Baseline:",
 * "With this patch:"): one table, a column per block.
 */
#define _GNU_SOURCE	/* strcasestr */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "grow.h"
#include "letter_shapes.h"
#include "text_clean.h"

/*
 * "sys: 268.7" or "sys  268.7": a label and one value, a row of a block
 * under a heading of its own ("Baseline:"), which is the letter's column.
 */
static bool kv_row(const char *s, struct letter_row *r)
{
	const char *colon = strchr(s, ':');

	memset(r, 0, sizeof(*r));
	if (colon && colon[1]) {
		letter_clean_label(s, colon - s, r->label, sizeof(r->label));
		return letter_label_ok(r->label) &&
		       letter_cell_parse(colon + 1, &r->cell[0]) &&
		       r->cell[0].kind != CELL_EMPTY;
	}
	return letter_parse_row(s, r) == 1;
}

/* "With this patch:": a block's heading, its column's name into out. */
static bool kv_heading(const char *s, char *out, size_t len)
{
	size_t n;

	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	if (n < 2 || n > 60 || s[n - 1] != ':' || memchr(s, ':', n - 1))
		return false;
	letter_clean_label(s, n - 1, out, len);
	return letter_label_ok(out);
}

/*
 * The last row of the block headed by line i, or -1: fewer than 2 rows.
 * Blank lines may stand between the heading and its rows.
 */
static size_t kv_block_end(const struct letter *l, size_t i)
{
	int depth = l->lines[i].depth;
	struct letter_row r;
	size_t j = i + 1, first;

	while (letter_same_block(l, j, depth) && letter_blank(l->lines[j].text) &&
	       j - i <= 2)
		j++;
	first = j;
	while (letter_same_block(l, j, depth) && kv_row(l->lines[j].text, &r))
		j++;
	return j - first >= 2 ? j - 1 : (size_t)-1;
}

/* The value of the row labelled key in the block of lines a..b, or NULL. */
static bool kv_find(const struct letter *l, size_t a, size_t b,
		    const char *key, struct letter_cell *out)
{
	struct letter_row r;
	char k[sizeof(r.label)];

	for (size_t j = a; j <= b; j++) {
		if (!kv_row(l->lines[j].text, &r))
			continue;	/* a blank line under the heading */
		letter_label_key(r.label, k, sizeof(k));
		if (!strcmp(k, key)) {
			*out = r.cell[0];
			return true;
		}
	}
	return false;
}

/*
 * Blocks of "label: value" lines, each under a heading ("Baseline:",
 * "With this patch:"), one after another: a table with a column per
 * block and a row per label of the first block that another block has.
 * Returns the line after the last block, or i + 1 when line i heads no
 * such blocks; -1 when out of memory.
 */
long letter_read_kv_blocks(struct letter *l, size_t i, const char *section)
{
	size_t head[LETTER_MAX_COLS], end[LETTER_MAX_COLS], cap = 0, j = i;
	struct letter_table t = {};
	int nb = 0, depth = l->lines[i].depth;

	while (nb < LETTER_MAX_COLS && letter_same_block(l, j, depth) &&
	       kv_heading(l->lines[j].text, t.col[nb], sizeof(t.col[0])) &&
	       (end[nb] = kv_block_end(l, j)) != (size_t)-1) {
		head[nb] = j;
		j = end[nb++] + 1;
		while (letter_same_block(l, j, depth) && letter_blank(l->lines[j].text))
			j++;
	}
	if (nb < 2)
		return (long)i + 1;
	for (size_t a = head[0] + 1; a <= end[0]; a++) {
		struct letter_row row;
		char key[sizeof(row.label)];
		int found = 1;

		if (!kv_row(l->lines[a].text, &row))
			continue;
		letter_label_key(row.label, key, sizeof(key));
		for (int b = 1; b < nb; b++)
			found += kv_find(l, head[b] + 1, end[b], key, &row.cell[b]);
		if (found < 2)
			continue;	/* in the first block only */
		for (int b = nb - 1; b > 0 && !row.has_change; b--)
			if (row.cell[b].has_change) {
				row.has_change = true;
				row.change_pct = row.cell[b].change_pct;
			}
		row.line = (int)a + 1;
		if (letter_add_row(l, &t, &row, &cap)) {
			free(t.rows);
			return -1;
		}
	}
	if (t.nr_rows + t.rows_cut < 2) {
		free(t.rows);
		return (long)i + 1;
	}
	t.nr_cols = nb;
	t.named = true;
	t.line = (int)i + 1;
	for (size_t k = i; k <= end[nb - 1]; k++)
		l->lines[k].kind = LL_TABLE;
	letter_find_title(l, i, t.title, sizeof(t.title));
	letter_section_title(&t, section);
	if (letter_seen_table(l, &t)) {
		free(t.rows);
	} else if (letter_push_table(l, &t)) {
		free(t.rows);
		return -1;
	}
	return (long)end[nb - 1] + 1;
}
