// SPDX-License-Identifier: GPL-2.0
/*
 * Each arm's tables of one shape under the arm's heading:
 *
 *   Before:
 *   free -m
 *             total   used      free   shared   buff/cache   available
 *   Mem:       1464    805       346        1          382         658
 *   After:
 *   free -m
 *             total   used      free   shared   buff/cache   available
 *   Mem:       1464    277       899        1          356        1187
 *
 * An arm may hold several such tables (free(1) before and after a run):
 * the k-th table of every arm joined into one, a row per row and column
 * ("Mem: used"), a column per arm. A table with no heading of its own
 * is the arm's above it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_blocks.h"

#define GRID_LOOK 5		/* lines looked up from a table for its arm's heading */
#define GRID_ARMS 8
#define GRID_TABLES 4		/* tables of one arm */
#define GRID_ROWS 16		/* rows of a table joined at most: listings, not results */

/* A table of quantities, no configuration among its columns: no arms of its own. */
static bool grid_table(const struct letter_table *t)
{
	if (!t->named || t->nr_cols < 2 || !t->nr_rows || t->nr_rows > GRID_ROWS ||
	    t->one_arm || t->mmtests || t->line <= 1)
		return false;
	for (int c = 0; c < t->nr_cols; c++)
		if (letter_config_label(t->col[c]))
			return false;
	return true;
}

/* b has a's columns and row labels, in order. */
static bool same_grid(const struct letter_table *a, const struct letter_table *b)
{
	if (!grid_table(b) || a->nr_cols != b->nr_cols || a->nr_rows != b->nr_rows)
		return false;
	for (int c = 0; c < a->nr_cols; c++)
		if (strcmp(a->col[c], b->col[c]))
			return false;
	for (size_t r = 0; r < a->nr_rows; r++)
		if (strcmp(a->rows[r].label, b->rows[r].label))
			return false;
	return true;
}

/*
 * The arm's heading over table t ("Before:"), below line floor (the
 * table before it): its name into out. Commands and notes between them
 * are passed ("free -m", "$ echo 3 > drop_caches").
 */
static bool grid_heading(const struct letter *l, const struct letter_table *t, size_t floor,
			 char *out, size_t len)
{
	size_t header = (size_t)t->line - 1;

	for (size_t k = header; k > floor && header - k < GRID_LOOK; k--) {
		const struct letter_line *ln = &l->lines[k - 1];

		if (letter_blank(ln->text))
			continue;
		if (ln->kind != LL_PROSE)
			return false;
		if (letter_kv_heading(ln->text, true, false, out, len))
			return true;
	}
	return false;
}

/* The tables tables[i..i+n) of na arms, m each, as m tables into out. */
static int join_grid(struct letter *l, size_t i, int na, int m,
		     char arm[][LETTER_NAME_LEN], struct letter_table *out)
{
	for (int k = 0; k < m; k++) {
		const struct letter_table *a = &l->tables[i + k];
		struct letter_table *t = &out[k];
		size_t cap = 0;

		memset(t, 0, sizeof(*t));
		for (size_t r = 0; r < a->nr_rows; r++)
			for (int c = 0; c < a->nr_cols; c++) {
				struct letter_row row = {};
				bool any = false;

				snprintf(row.label, sizeof(row.label), "%.40s: %.50s",
					 a->rows[r].label, a->col[c]);
				row.line = a->rows[r].line;
				for (int g = 0; g < na; g++) {
					row.cell[g] = l->tables[i + g * m + k].rows[r].cell[c];
					any |= row.cell[g].kind != CELL_EMPTY;
				}
				if (any && letter_add_row(l, t, &row, &cap))
					return -1;
			}
		memcpy(t->col, arm, na * sizeof(t->col[0]));
		t->nr_cols = na;
		t->named = true;
		t->line = a->line;
		memcpy(t->title, a->title, sizeof(t->title));
	}
	return 0;
}

/*
 * The run of tables of one shape from tables[i]: the arms they fall
 * under, m tables each, into arm; the run's length, 0 when it is none.
 */
static size_t grid_run(const struct letter *l, size_t i, char arm[][LETTER_NAME_LEN],
		       int *na, int *m)
{
	int per[GRID_ARMS] = { 0 };
	size_t n = 0;

	*na = 0;
	while (i + n < l->nr_tables && same_grid(&l->tables[i], &l->tables[i + n])) {
		const struct letter_table *t = &l->tables[i + n];
		size_t floor = n ? (size_t)t[-1].rows[t[-1].nr_rows - 1].line : 0;
		char name[LETTER_NAME_LEN];

		if (grid_heading(l, t, floor, name, sizeof(name))) {
			if (!letter_config_label(name))
				break;	/* a test's name, no arm's ("usemem30:") */
			if (*na == GRID_ARMS)
				break;
			snprintf(arm[*na], LETTER_NAME_LEN, "%s", name);
			if (letter_kv_named_before(arm, *na))
				break;	/* "Before:" again: another comparison */
			(*na)++;
		} else if (!*na || per[*na - 1] == GRID_TABLES) {
			break;
		}
		per[*na - 1]++;
		n++;
	}
	*m = *na ? per[0] : 0;
	for (int a = 0; a < *na; a++)
		if (per[a] != *m)
			return 0;
	return *na >= 2 ? n : 0;
}

int letter_join_grids(struct letter *l)
{
	size_t i = 0;

	while (i < l->nr_tables) {
		char arm[GRID_ARMS][LETTER_NAME_LEN];
		struct letter_table joined[GRID_TABLES] = {};
		int na, m;
		size_t n = grid_table(&l->tables[i]) ? grid_run(l, i, arm, &na, &m) : 0;

		if (!n) {
			i++;
			continue;
		}
		if (join_grid(l, i, na, m, arm, joined)) {
			for (int k = 0; k < m; k++)
				free(joined[k].rows);
			return -1;	/* out of memory: the tables as read */
		}
		for (size_t k = i; k < i + n; k++)
			free(l->tables[k].rows);
		memcpy(&l->tables[i], joined, m * sizeof(joined[0]));
		memmove(&l->tables[i + m], &l->tables[i + n],
			(l->nr_tables - i - n) * sizeof(l->tables[0]));
		l->nr_tables -= n - m;
		i += m;
	}
	return 0;
}
