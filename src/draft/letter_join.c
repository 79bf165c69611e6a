// SPDX-License-Identifier: GPL-2.0
/*
 * The arms of one comparison written as tables of their own: "pre-patch,
 * 6.10-rc4" and "post-patch, 6.10-rc4 with patch 1 to 5", each with
 * Start, End and Delta columns over the same counters. One table whose
 * columns are the arms (the tables' titles) and whose values are the
 * Delta columns: what each arm's run changed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_shapes.h"

/* A table each of whose rows has the absolute change of a Delta column. */
static bool delta_table(const struct letter_table *t)
{
	if (!t->title[0] || !t->nr_rows)
		return false;
	for (size_t r = 0; r < t->nr_rows; r++)
		if (!t->rows[r].has_delta)
			return false;
	return true;
}

/* b is another arm of a's comparison: the same columns, other title. */
static bool same_shape(const struct letter_table *a, const struct letter_table *b)
{
	if (!delta_table(b) || a->nr_cols != b->nr_cols || !strcmp(a->title, b->title))
		return false;
	for (int c = 0; c < a->nr_cols; c++)
		if (strcmp(a->col[c], b->col[c]))
			return false;
	return true;
}

static const struct letter_row *row_by_label(const struct letter_table *t,
					     const char *key)
{
	char k[sizeof(t->rows[0].label)];

	for (size_t r = 0; r < t->nr_rows; r++) {
		letter_label_key(t->rows[r].label, k, sizeof(k));
		if (!strcmp(k, key))
			return &t->rows[r];
	}
	return NULL;
}

/*
 * Tables a[0..n) as one: a column per arm, a row per label of any arm
 * (a counter only the patched kernel has, reject_reclaim_fail, is a row
 * empty in the other arms), in the order the arms first give them.
 */
static int join(const struct letter_table *a, int n, struct letter_table *out)
{
	size_t cap = 0;
	size_t used;

	for (int k = 0; k < n; k++)
		cap += a[k].nr_rows;
	memset(out, 0, sizeof(*out));
	out->rows = calloc(cap, sizeof(*out->rows));
	if (!out->rows)
		return -1;
	out->line = a[0].line;
	out->named = true;
	out->nr_cols = n;
	for (int k = 0; k < n; k++) {
		used = strlen(out->title);
		snprintf(out->title + used, sizeof(out->title) - used, "%s%s",
			 k ? " vs " : "", a[k].title);
		snprintf(out->col[k], sizeof(out->col[k]), "%.47s", a[k].title);
	}
	for (int j = 0; j < n; j++)
		for (size_t r = 0; r < a[j].nr_rows; r++) {
			struct letter_row *row = &out->rows[out->nr_rows];
			char key[sizeof(row->label)];

			letter_label_key(a[j].rows[r].label, key, sizeof(key));
			if (row_by_label(out, key))
				continue;	/* an earlier arm's row */
			out->nr_rows++;
			memcpy(row->label, a[j].rows[r].label, sizeof(row->label));
			row->line = a[j].rows[r].line;
			for (int k = 0; k < n; k++) {
				const struct letter_row *from = row_by_label(&a[k], key);

				if (!from)
					continue;	/* not counted in this arm */
				row->cell[k].kind = CELL_NUM;
				row->cell[k].mean = from->delta;
				row->cell[k].sign = from->delta < 0;
			}
		}
	letter_unique_columns(out);
	return 0;
}

int letter_join_arms(struct letter *l)
{
	size_t i = 0, o = 0;

	while (i < l->nr_tables) {
		size_t n = 1;
		struct letter_table joined;

		while (delta_table(&l->tables[i]) && i + n < l->nr_tables &&
		       n < LETTER_MAX_COLS && same_shape(&l->tables[i], &l->tables[i + n]))
			n++;
		if (n < 2) {
			l->tables[o++] = l->tables[i++];
			continue;
		}
		if (join(&l->tables[i], (int)n, &joined))
			return -1;
		for (size_t k = i; k < i + n; k++)
			free(l->tables[k].rows);
		l->tables[o++] = joined;
		i += n;
	}
	l->nr_tables = o;
	return 0;
}
