// SPDX-License-Identifier: GPL-2.0
/*
 * Rows that pack a key and an arm into the label, "8 (no opt)
 * 1.589441079  0.227419586" under "num_vcpus  vcpu wall time  aging avg
 * pass time": the arms in parentheses take turns under each key, in the
 * same order every time. Unpacked into a table per value column, the
 * keys its rows and the arms its columns.
 *
 * Columns that pack an arm and its run, "Baseline (Run 1)", "Baseline
 * (Run 2)", "With Series (Run A)", "With Series (Run B)" (a turned table
 * of configurations): a table per run, the k-th run of every arm side by
 * side, as the runs of arms with no mean are read.
 */
#include <ctype.h>
#include <stdio.h>
#include <strings.h>
#include <stdlib.h>
#include <string.h>
#include "letter_shapes.h"

/* "8 (no opt)": the key's length and the arm, false for another label. */
static bool split_label(const char *s, size_t *key, char *arm, size_t len)
{
	const char *open = strrchr(s, '(');
	size_t n = strlen(s), a;

	if (!open || open == s || open[-1] != ' ' || n < 4 || s[n - 1] != ')')
		return false;
	a = s + n - 1 - (open + 1);
	if (!a || a >= len || memchr(open + 1, '(', a))
		return false;
	memcpy(arm, open + 1, a);
	arm[a] = '\0';
	for (*key = open - s; *key && s[*key - 1] == ' '; (*key)--)
		;
	return *key > 0;
}

/*
 * The number of arms that take turns under each key of t, 0 when its
 * rows are not so packed: two arms at least, two keys at least, every
 * key over all the arms in the first key's order.
 */
static int packed_arms(const struct letter_table *t, char arm[][LETTER_NAME_LEN])
{
	size_t key0, key;
	char a[LETTER_NAME_LEN];
	int p = 0;

	if (t->nr_rows < 4 || !split_label(t->rows[0].label, &key0, arm[0], LETTER_NAME_LEN))
		return 0;
	for (p = 1; p < (int)t->nr_rows && p < LETTER_MAX_COLS; p++) {
		if (!split_label(t->rows[p].label, &key, arm[p], LETTER_NAME_LEN))
			return 0;
		if (key != key0 || strncmp(t->rows[p].label, t->rows[0].label, key))
			break;
	}
	if (p < 2 || t->nr_rows % p || t->nr_rows / p < 2)
		return 0;
	/* each key's rows: its arms in the first key's order, one key in all */
	for (size_t r = 0; r < t->nr_rows; r++) {
		if (!split_label(t->rows[r].label, &key, a, sizeof(a)) || strcmp(a, arm[r % p]))
			return 0;
		if (r % p == 0)
			key0 = key;
		else if (key != key0 || strncmp(t->rows[r].label, t->rows[r - r % p].label, key))
			return 0;
	}
	return p;
}

/* Value column c of packed table t, p arms, as a table into *out. */
static int unpack_column(const struct letter_table *t, int c, int p,
			 char arm[][LETTER_NAME_LEN], struct letter_table *out)
{
	size_t keys = t->nr_rows / p, key;
	char a[LETTER_NAME_LEN];

	memset(out, 0, sizeof(*out));
	out->rows = calloc(keys, sizeof(*out->rows));
	if (!out->rows)
		return -1;
	snprintf(out->title, sizeof(out->title), "%s", t->named ? t->col[c] : t->title);
	if (t->named)	/* the keys are parameters: the column names what they measure */
		memcpy(out->measure, t->col[c], sizeof(out->measure));
	out->line = t->line;
	out->named = true;
	out->nr_cols = p;
	for (int k = 0; k < p; k++)
		memcpy(out->col[k], arm[k], LETTER_NAME_LEN);
	for (size_t g = 0; g < keys; g++) {
		struct letter_row *r = &out->rows[out->nr_rows++];

		split_label(t->rows[g * p].label, &key, a, sizeof(a));
		snprintf(r->label, sizeof(r->label), "%.*s", (int)key, t->rows[g * p].label);
		r->line = t->rows[g * p].line;
		for (int k = 0; k < p; k++)
			r->cell[k] = t->rows[g * p + k].cell[c];
	}
	return 0;
}

/* The first n tables of made, their rows and made itself freed. */
static void free_made(struct letter_table *made, int n)
{
	while (n--)
		free(made[n].rows);
	free(made);
}

/*
 * Table i of l replaced by made[0..n) in its place, made freed (its
 * tables' rows kept); -1 when out of memory, made freed whole.
 */
static int splice_tables(struct letter *l, size_t i, struct letter_table *made, int n)
{
	struct letter_table *nt = realloc(l->tables, (l->nr_tables + n - 1) * sizeof(*nt));
	size_t rows = 0;

	if (!nt) {
		free_made(made, n);
		return -1;
	}
	l->tables = nt;
	for (int k = 0; k < n; k++)
		rows += made[k].nr_rows;
	l->nr_rows = l->nr_rows - nt[i].nr_rows + rows;
	free(nt[i].rows);
	memmove(&nt[i + n], &nt[i + 1], (l->nr_tables - i - 1) * sizeof(*nt));
	memcpy(&nt[i], made, n * sizeof(*nt));
	l->nr_tables += n - 1;
	free(made);
	return 0;
}

/* Table i of l, packed with p arms, replaced by a table per value column. */
static int unpack(struct letter *l, size_t i, int p, char arm[][LETTER_NAME_LEN])
{
	struct letter_table *t = &l->tables[i];
	int nc = t->nr_cols;
	struct letter_table *made = calloc(nc, sizeof(*made));

	if (!made)
		return -1;
	for (int c = 0; c < nc; c++)
		if (unpack_column(t, c, p, arm, &made[c])) {
			free_made(made, c);
			return -1;
		}
	return splice_tables(l, i, made, nc);
}

int letter_unpack_rows(struct letter *l)
{
	char arm[LETTER_MAX_COLS][LETTER_NAME_LEN];

	for (size_t i = 0; i < l->nr_tables; i++) {
		int p = packed_arms(&l->tables[i], arm), nc = l->tables[i].nr_cols;

		if (!p)
			continue;
		if (unpack(l, i, p, arm))
			return -1;
		i += nc - 1;
	}
	return 0;
}

/* "With Series (Run A)": the arm's length; false for a name of no run. */
static bool run_name(const char *s, size_t *arm)
{
	const char *open = strrchr(s, '(');
	size_t n = strlen(s);

	if (!open || open == s || open[-1] != ' ' || s[n - 1] != ')' ||
	    (strncasecmp(open + 1, "run ", 4) && strncasecmp(open + 1, "round ", 6)))
		return false;
	for (*arm = open - s; *arm && s[*arm - 1] == ' '; (*arm)--)
		;
	return *arm > 0;
}

/*
 * The arms of t's columns, each with its runs: arm[a]'s k-th run is
 * column run[a][k]; the arms' count, 0 unless every column is an arm's
 * run, two arms at least, each as many runs (two at least).
 */
static int run_columns(const struct letter_table *t, char arm[][LETTER_NAME_LEN],
		       int run[][LETTER_MAX_COLS], int *nr)
{
	int na = 0, count[LETTER_MAX_COLS] = { 0 };

	for (int c = 0; c < t->nr_cols; c++) {
		size_t n;
		int a;

		if (!run_name(t->col[c], &n) || n >= LETTER_NAME_LEN)
			return 0;
		for (a = 0; a < na; a++)
			if (strlen(arm[a]) == n && !strncmp(arm[a], t->col[c], n))
				break;
		if (a == na)
			snprintf(arm[na++], LETTER_NAME_LEN, "%.*s", (int)n, t->col[c]);
		run[a][count[a]++] = c;
	}
	for (int a = 1; a < na; a++)
		if (count[a] != count[0])
			return 0;
	*nr = count[0];
	return na >= 2 && *nr >= 2 ? na : 0;
}

/* Run k of the arms of t, as a table into *out. */
static int run_table(const struct letter_table *t, char arm[][LETTER_NAME_LEN],
		     int run[][LETTER_MAX_COLS], int na, int k, struct letter_table *out)
{
	*out = *t;
	out->rows = calloc(t->nr_rows, sizeof(*out->rows));
	if (!out->rows)
		return -1;
	snprintf(out->title, sizeof(out->title), "%.180s (run %d)", t->title, k + 1);
	out->nr_cols = na;
	for (int a = 0; a < na; a++)
		memcpy(out->col[a], arm[a], LETTER_NAME_LEN);
	for (size_t r = 0; r < t->nr_rows; r++) {
		out->rows[r] = t->rows[r];
		memset(out->rows[r].cell, 0, sizeof(out->rows[r].cell));
		for (int a = 0; a < na; a++)
			out->rows[r].cell[a] = t->rows[r].cell[run[a][k]];
	}
	return 0;
}

int letter_unpack_run_columns(struct letter *l)
{
	char arm[LETTER_MAX_COLS][LETTER_NAME_LEN];
	int run[LETTER_MAX_COLS][LETTER_MAX_COLS], nr;

	for (size_t i = 0; i < l->nr_tables; i++) {
		int na = l->tables[i].named ? run_columns(&l->tables[i], arm, run, &nr) : 0;
		struct letter_table *made;

		if (!na)
			continue;
		made = calloc(nr, sizeof(*made));
		if (!made)
			return -1;
		for (int k = 0; k < nr; k++)
			if (run_table(&l->tables[i], arm, run, na, k, &made[k])) {
				free_made(made, k);
				return -1;
			}
		if (splice_tables(l, i, made, nr))
			return -1;
		i += nr - 1;
	}
	return 0;
}
