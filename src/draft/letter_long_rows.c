// SPDX-License-Identifier: GPL-2.0
/*
 * A benchmark's lines of two keys and a value, "Anon 4 KiB : Read :
 * 0.119 ms", one line per case: a table whose rows are the first keys,
 * its arms the second keys, in the order the lines first name them (a
 * case no line gives is empty).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_shapes.h"

#define LONG_MIN_LINES 4	/* lines of one table at least */
#define LONG_CUT_MAX 64		/* arms past the kept ones counted */

struct long_line {
	char row[LETTER_NAME_LEN], arm[LETTER_NAME_LEN];
	struct letter_cell cell;
};

/* The part of s up to the next " : " (or its end) into out, trimmed. */
static const char *key_part(const char *s, char *out, size_t len)
{
	const char *sep = strstr(s, " : ");
	size_t n = sep ? (size_t)(sep - s) : strlen(s);

	if (!letter_trimmed(s, n, out, len))
		out[0] = '\0';
	return sep ? sep + 3 : NULL;
}

/* Line s as "ROW : ARM : VALUE"; false when it is not. */
static bool long_line(const char *s, struct long_line *ll)
{
	char value[CELL_TEXT_MAX];

	s = key_part(s, ll->row, sizeof(ll->row));
	if (!s || !ll->row[0] || !letter_label_ok(ll->row))
		return false;
	s = key_part(s, ll->arm, sizeof(ll->arm));
	if (!s || !ll->arm[0] || !letter_label_ok(ll->arm) || strstr(s, " : "))
		return false;
	key_part(s, value, sizeof(value));
	return letter_cell_parse(value, &ll->cell) && ll->cell.kind == CELL_NUM;
}

/* The index of name in names[0..*n), added at the end when new; -1 past max. */
static int index_of(char names[][LETTER_NAME_LEN], int *n, int max, const char *name)
{
	for (int k = 0; k < *n; k++)
		if (!strcmp(names[k], name))
			return k;
	if (*n >= max)
		return -1;
	snprintf(names[*n], LETTER_NAME_LEN, "%s", name);
	return (*n)++;
}

/*
 * The lines from line i, "ROW : ARM : VALUE" each: one table into l. The
 * line after them, i + 1 when line i starts none, -1 out of memory.
 */
long letter_read_long_rows(struct letter *l, size_t i, const char *section)
{
	char cut[LONG_CUT_MAX][LETTER_NAME_LEN];
	int depth = l->lines[i].depth, nr = 0, na = 0;
	struct letter_table t = {};
	struct long_line ll;
	size_t j, cap = 0;

	for (j = i; letter_same_block(l, j, depth) && long_line(l->lines[j].text, &ll); j++)
		;
	if (j - i < LONG_MIN_LINES)
		return (long)i + 1;
	for (size_t k = i; k < j; k++) {
		int a, r;

		long_line(l->lines[k].text, &ll);
		a = index_of(t.col, &na, LETTER_MAX_COLS, ll.arm);
		if (a < 0) {
			/* past the arms kept: counted, the draft says so */
			index_of(cut, &t.cols_cut, LONG_CUT_MAX, ll.arm);
			continue;
		}
		for (r = 0; r < nr && strcmp(t.rows[r].label, ll.row); r++)
			;
		if (r == nr) {
			struct letter_row row = {};

			snprintf(row.label, sizeof(row.label), "%s", ll.row);
			row.line = (int)k + 1;
			if (letter_add_row(l, &t, &row, &cap))
				return -1;
			if ((size_t)nr == t.nr_rows)
				continue;	/* past the letter's rows */
			nr++;
		}
		t.rows[r].cell[a] = ll.cell;
	}
	/* one key's lines only, or every line its own row: no comparison */
	if (na < 2 || nr < 1 || (size_t)nr == j - i) {
		free(t.rows);
		return (long)i + 1;
	}
	return letter_keep_lines(l, &t, na, i, j, section);
}
