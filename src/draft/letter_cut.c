// SPDX-License-Identifier: GPL-2.0
/*
 * A quoted table cut by the replier's words: a reply quotes the header
 * and the first rows, says something, then quotes the rest of the
 * table. The rest has no header of its own, so it would draft with
 * numbered columns; it is the same table, one table again.
 */
#include <stdlib.h>
#include <string.h>
#include "letter_shapes.h"

/*
 * Lines [from, to) hold only the reply's own words (a shallower quote)
 * and blank lines or rules of the table's depth: at least one word.
 */
static bool reply_between(const struct letter *l, size_t from, size_t to,
			  int depth)
{
	bool words = false;

	for (size_t k = from; k < to; k++) {
		const struct letter_line *ln = &l->lines[k];

		if (ln->depth < depth) {
			words |= !letter_blank(ln->text);
			continue;
		}
		if (ln->depth != depth ||
		    !(letter_blank(ln->text) || letter_rule(ln->text)))
			return false;
	}
	return words;
}

static bool line_of(const struct letter *l, int line)
{
	return line >= 1 && (size_t)line <= l->nr_lines;
}

/*
 * b, with no header, is the rest of a: cut from it by the reply's words
 * alone, each of its rows as many values as a's last, each value under
 * a's own.
 */
static bool rest_of(const struct letter *l, const struct letter_table *a,
		    const struct letter_table *b)
{
	const struct letter_row *last = &a->rows[a->nr_rows - 1];
	struct letter_row row;
	const char *ref;
	int depth, nv;

	/* rows of lines of their own (a block's rows may have none) */
	if (!line_of(l, last->line))
		return false;
	for (size_t r = 0; r < b->nr_rows; r++)
		if (!line_of(l, b->rows[r].line))
			return false;
	ref = l->lines[last->line - 1].text;
	depth = l->lines[last->line - 1].depth;
	if (b->named || a->nr_cols != b->nr_cols || a->cols_cut || b->cols_cut ||
	    a->change_only || b->rows[0].line <= last->line ||
	    l->lines[b->rows[0].line - 1].depth != depth ||
	    !reply_between(l, (size_t)last->line, (size_t)b->rows[0].line - 1, depth))
		return false;
	nv = letter_parse_row(ref, &row);
	if (nv < a->nr_cols)
		return false;
	for (size_t r = 0; r < b->nr_rows; r++) {
		const char *s = l->lines[b->rows[r].line - 1].text;

		if (letter_parse_row(s, &row) != nv || !letter_row_under(ref, nv, s, nv))
			return false;
	}
	return true;
}

static int append_rows(struct letter_table *a, struct letter_table *b)
{
	struct letter_row *rows = realloc(a->rows, (a->nr_rows + b->nr_rows) *
					  sizeof(*rows));

	if (!rows)
		return -1;
	memcpy(rows + a->nr_rows, b->rows, b->nr_rows * sizeof(*rows));
	a->rows = rows;
	a->nr_rows += b->nr_rows;
	a->rows_cut += b->rows_cut;
	free(b->rows);
	return 0;
}

int letter_join_cuts(struct letter *l)
{
	size_t o = 0;

	for (size_t i = 0; i < l->nr_tables; i++) {
		if (o && rest_of(l, &l->tables[o - 1], &l->tables[i])) {
			if (append_rows(&l->tables[o - 1], &l->tables[i]))
				return -1;
			continue;
		}
		l->tables[o++] = l->tables[i];
	}
	l->nr_tables = o;
	return 0;
}
