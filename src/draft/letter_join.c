// SPDX-License-Identifier: GPL-2.0
/*
 * The arms of one comparison written as tables of their own: "pre-patch,
 * 6.10-rc4" and "post-patch, 6.10-rc4 with patch 1 to 5", each with
 * Start, End and Delta columns over the same counters. One table whose
 * columns are the arms (the tables' titles) and whose values are the
 * Delta columns: what each arm's run changed. A pipe table of one value
 * after each ("| Time | |" over "| elapsed | 8.473 |"): one table of
 * those, a column per arm. Tables of one row under each arm's heading:
 * one table, a row per column.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

static int join_deltas(struct letter *l);

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
		snprintf(out->col[k], sizeof(out->col[k]), "%.95s", a[k].title);
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

/* A pipe line of words: a header's or a row's. */
static bool piped_words(const struct letter *l, size_t j, int depth)
{
	return letter_same_block(l, j, depth) && l->lines[j].piped &&
	       !letter_blank(l->lines[j].text) && !letter_rule(l->lines[j].text);
}

long letter_read_one_arm(struct letter *l, size_t h, const char *section)
{
	int depth = l->lines[h].depth, nh = letter_cells(l->lines[h].text);
	struct letter_table t = {};
	struct letter_row row;
	size_t cap = 0, j;

	if (!piped_words(l, h, depth) || nh > 2 || !letter_same_block(l, h + 1, depth) ||
	    !l->lines[h + 1].piped || !letter_rule(l->lines[h + 1].text))
		return (long)h + 1;
	for (j = h + 2; piped_words(l, j, depth) &&
	     letter_parse_row(l->lines[j].text, &row) == 1 && letter_is_num(&row.cell[0]); j++) {
		row.line = (int)j + 1;
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
	}
	if (t.nr_rows < 2 || piped_words(l, j, depth)) {
		free(t.rows);
		return (long)h + 1;
	}
	t.named = true;
	t.nr_cols = 1;
	t.line = (int)h + 1;
	letter_clean_label(l->lines[h].text, strlen(l->lines[h].text), t.title,
			   sizeof(t.title));	/* "Time": the labels' name */
	for (size_t k = h; k < j; k++)
		l->lines[k].kind = LL_TABLE;
	letter_section_title(&t, section);
	return letter_push_table(l, &t) ? -1 : (long)j;
}

static bool same_rows(const struct letter_table *a, const struct letter_table *b)
{
	if (a->nr_rows != b->nr_rows)
		return false;
	for (size_t r = 0; r < a->nr_rows; r++)
		if (strcmp(a->rows[r].label, b->rows[r].label))
			return false;
	return true;
}

/*
 * Table i of one value, after an arm's Delta table: that arm's title;
 * an arm's own column (under its name): that name.
 */
static const char *one_arm(const struct letter *l, size_t i)
{
	if (l->tables[i].nr_cols == 1 && l->tables[i].one_arm)
		return l->tables[i].col[0];
	if (l->tables[i].nr_cols != 1 || !i || !delta_table(&l->tables[i - 1]))
		return NULL;
	return l->tables[i - 1].title;
}

/*
 * The one-value tables of each arm ("| Time | |" after each arm's Delta
 * table): one table, a column per arm, into out (*n of them), out of the
 * letter's list; tables of one value that join none are dropped (a
 * column compares nothing).
 */
static void join_one_value(struct letter *l, struct letter_table *out, size_t *nout)
{
	size_t o = 0;

	for (size_t i = 0; i < l->nr_tables; i++) {
		struct letter_table *t = &l->tables[i], joined = {};
		const char *arm = one_arm(l, i);
		int n = 0;

		if (t->nr_cols != 1) {
			l->tables[o++] = *t;
			continue;
		}
		if (!arm || !t->nr_rows) {
			free(t->rows);	/* joined already, or no arm's */
			continue;
		}
		joined.named = true;
		joined.line = t->line;
		for (size_t k = i; k < l->nr_tables && n < LETTER_MAX_COLS; k++) {
			const char *a = one_arm(l, k);

			if (!a || !same_rows(t, &l->tables[k]))
				continue;
			snprintf(joined.col[n], sizeof(joined.col[n]), "%.95s", a);
			for (size_t r = 0; k > i && r < t->nr_rows; r++)
				t->rows[r].cell[n] = l->tables[k].rows[r].cell[0];
			if (k > i)
				l->tables[k].nr_rows = 0;	/* taken */
			n++;
		}
		if (n < 2) {
			free(t->rows);
			continue;
		}
		joined.nr_cols = n;
		joined.rows = t->rows;
		joined.nr_rows = t->nr_rows;
		memcpy(joined.title, t->title, sizeof(joined.title));
		letter_unique_columns(&joined);
		out[(*nout)++] = joined;
	}
	l->nr_tables = o;
}

/* a and b name the same columns, in one order. */
static bool same_columns(const struct letter_table *a, const struct letter_table *b)
{
	if (a->nr_cols != b->nr_cols)
		return false;
	for (int c = 0; c < a->nr_cols; c++)
		if (strcmp(a->col[c], b->col[c]))
			return false;
	return true;
}

/*
 * b is a's next arm of one row: a's columns and row label, another
 * title; the titles name configurations, the columns none.
 */
static bool one_row_arm(const struct letter_table *a, const struct letter_table *b)
{
	if (a->nr_rows != 1 || b->nr_rows != 1 || a->nr_cols != b->nr_cols ||
	    a->nr_cols < 2 || !a->named || !b->named || !a->title[0] ||
	    !strcmp(a->title, b->title) || strcmp(a->rows[0].label, b->rows[0].label) ||
	    !letter_config_label(a->title) || !letter_config_label(b->title))
		return false;
	if (!same_columns(a, b))
		return false;
	/* the columns quantities, the titles the arms: not tables of arms */
	for (int c = 0; c < a->nr_cols; c++)
		if (letter_config_label(a->col[c]))
			return false;
	return true;
}

/*
 * Tables of one row each under each arm's heading ("Without:" over
 * "tasks processes threads" and "16 8283274.75 5594261.00", "With:"
 * the same), tables[i..i+n): one table into t, a column per arm (the
 * titles), a row per quantity (the columns). -1 when out of memory.
 */
static int one_row_join(struct letter *l, size_t i, size_t n,
			struct letter_table *t)
{
	const struct letter_table *a = &l->tables[i];

	t->rows = calloc(a->nr_cols, sizeof(*t->rows));
	if (!t->rows)
		return -1;
	for (int c = 0; c < a->nr_cols; c++) {
		struct letter_row *row = &t->rows[t->nr_rows++];

		snprintf(row->label, sizeof(row->label), "%s", a->col[c]);
		row->line = a->rows[0].line;
		for (size_t k = 0; k < n; k++)
			row->cell[k] = l->tables[i + k].rows[0].cell[c];
	}
	for (size_t k = 0; k < n; k++)
		snprintf(t->col[k], sizeof(t->col[k]), "%.95s", l->tables[i + k].title);
	snprintf(t->title, sizeof(t->title), "%s", a->rows[0].label);
	return 0;
}

static bool one_row_table(const struct letter_table *t)
{
	return t->nr_rows == 1;
}

/* "Average clk", "STDDEV", "Call Count": a statistic of one arm's runs */
static bool stat_name(const char *s)
{
	static const char *const words[] = {
		"average", "avg", "mean", "stddev", "stdev", "std", "sd", "min", "max",
		"median", "call count", "count", "calls", "samples", "runs", NULL };

	for (int i = 0; words[i]; i++)
		if (!strncasecmp(s, words[i], strlen(words[i])) &&
		    (!s[strlen(words[i])] || s[strlen(words[i])] == ' '))
			return true;
	return false;
}

/* Column of t named by one of words' starts, or -1. */
static int stat_col(const struct letter_table *t, bool spread)
{
	for (int c = 0; c < t->nr_cols; c++) {
		const char *s = t->col[c];
		bool sd = !strncasecmp(s, "std", 3) || !strncasecmp(s, "sd", 2);
		bool mean = !strncasecmp(s, "av", 2) || !strncasecmp(s, "mean", 4);

		if (spread ? sd : mean)
			return c;
	}
	return -1;
}

/*
 * One arm's statistics: the labels' header cell names the arm
 * ("Patched  Average clk  STDDEV  Call Count"), every column is a
 * statistic, one of them the mean.
 */
static bool stat_table(const struct letter_table *t)
{
	if (!t->named || t->nr_cols < 2 || !t->label_name[0] || stat_col(t, false) < 0)
		return false;
	for (int c = 0; c < t->nr_cols; c++)
		if (!stat_name(t->col[c]))
			return false;
	return true;
}

/*
 * "wb_pages", "wb_MB", "share%": one quantity in a unit of its own, a
 * column of one arm's, no arm.
 */
static bool unit_variant(const char *s)
{
	static const char *const units[] = {
		"pages", "mb", "kb", "gb", "mib", "kib", "gib", "bytes", "ms", "us",
		"ns", "sec", "secs", "cnt", "count", "pct", NULL };
	const char *u = strrchr(s, '_');
	size_t n = strlen(s);

	if (n > 1 && s[n - 1] == '%')
		return true;
	if (!u || u == s)
		return false;
	for (int i = 0; units[i]; i++)
		if (!strcasecmp(u + 1, units[i]))
			return true;
	return false;
}

/*
 * Columns naming quantities in words, "Percpu Memory Increase" and
 * "nr_dying_descendants Increase": two words or more each, none a
 * number, under the labels' own header ("Run") when it names no arms.
 */
static bool quantities_named(const struct letter_table *t)
{
	if (!t->label_name[0] || letter_arms_header(t->label_name))
		return false;	/* "Applied patches": the rows are the arms */
	for (int c = 0; c < t->nr_cols; c++)
		if (!strchr(t->col[c], ' ') || !letter_label_ok(t->col[c]))
			return false;
	return true;
}

/*
 * One arm's table of quantities: its title names the arm ("Without
 * cursor (size: 1M, batch: 32)" over "child  wb_pages  wb_MB  share%"),
 * every column the quantity in a unit of its own, or each named in
 * words (then the next arm's rows are the same). Its first column is
 * the arm's value.
 */
static bool quantity_table(const struct letter_table *t)
{
	bool units = true;

	if (!t->named || t->nr_cols < 2 || !t->title[0] || !letter_config_label(t->title))
		return false;
	for (int c = 0; c < t->nr_cols; c++) {
		if (letter_config_label(t->col[c]))
			return false;	/* a column naming an arm */
		units &= unit_variant(t->col[c]);
	}
	return units || quantities_named(t);
}

/* Table t as one arm's: its name, the value's column and the spread's. */
static bool arm_table(const struct letter_table *t, const char **name, int *value,
		      int *sd)
{
	if (stat_table(t)) {
		*name = t->label_name;
		*value = stat_col(t, false);
		*sd = stat_col(t, true);
		return true;
	}
	if (quantity_table(t)) {
		*name = t->title;
		*value = 0;
		*sd = -1;
		return true;
	}
	return false;
}

/* b is a's next arm: one arm's table of a's kind, over a's columns. */
static bool next_arm_table(const struct letter_table *a, const struct letter_table *b)
{
	const char *name;
	int value, sd, v2, sd2;

	return arm_table(a, &name, &value, &sd) && arm_table(b, &name, &v2, &sd2) &&
	       v2 == value && sd2 == sd && same_columns(a, b) &&
	       stat_table(a) == stat_table(b) &&
	       (stat_table(a) || (strcmp(a->title, b->title) &&
				  (same_rows(a, b) || !quantities_named(a))));
}

static bool is_arm_table(const struct letter_table *t)
{
	const char *name;
	int value, sd;

	return arm_table(t, &name, &value, &sd);
}

/*
 * Tables of one arm each, tables[i..i+n): its statistics ("Patched"
 * then "Upstream", each over Average, STDDEV and Call Count), or its
 * quantities under its heading ("Without cursor" then "With cursor",
 * each over wb_pages, wb_MB, share%). One table into t, a column per
 * arm, the mean (or the first quantity) each row's value, the spread
 * its sd. -1 when out of memory.
 */
static int arm_tables_join(struct letter *l, size_t i, size_t n, struct letter_table *t)
{
	const struct letter_table *a = &l->tables[i];
	const char *name;
	int value, sd;
	size_t cap = 0;

	arm_table(a, &name, &value, &sd);
	for (size_t r = 0; r < a->nr_rows; r++) {
		struct letter_row row;
		char key[sizeof(row.label)];

		memset(&row, 0, sizeof(row));
		memcpy(row.label, a->rows[r].label, sizeof(row.label));
		row.line = a->rows[r].line;
		letter_label_key(row.label, key, sizeof(key));
		for (size_t k = 0; k < n; k++) {
			const struct letter_row *from = row_by_label(&l->tables[i + k], key);

			if (!from)
				continue;
			row.cell[k] = from->cell[value];
			if (sd >= 0 && from->cell[sd].kind == CELL_NUM) {
				row.cell[k].has_sd = true;
				row.cell[k].sd = from->cell[sd].mean;
			}
		}
		if (letter_add_row(l, t, &row, &cap))
			return -1;
	}
	for (size_t k = 0; k < n; k++) {
		int v, d;

		arm_table(&l->tables[i + k], &name, &v, &d);
		snprintf(t->col[k], sizeof(t->col[k]), "%s", name);
	}
	snprintf(t->title, sizeof(t->title), "%s", stat_table(a) ? a->title : a->col[value]);
	return 0;
}

/*
 * Runs of tables one join takes, each a table starts(a) and those after
 * it that follows(a, b), replaced by the table join() makes of the run:
 * a column per table. A lone table is kept, unless lone_drops(a): then
 * it goes (it compares nothing). -1 when out of memory: that run kept
 * as read, the others joined.
 */
static int join_runs(struct letter *l, bool (*starts)(const struct letter_table *a),
		     bool (*follows)(const struct letter_table *a,
				     const struct letter_table *b),
		     int (*join)(struct letter *l, size_t i, size_t n,
				 struct letter_table *t),
		     bool (*lone_drops)(const struct letter_table *a))
{
	size_t i = 0, o = 0;
	int ret = 0;

	while (i < l->nr_tables) {
		struct letter_table *a = &l->tables[i], t = {};
		size_t n = 1;

		if (starts(a))
			while (i + n < l->nr_tables && n < LETTER_MAX_COLS &&
			       follows(a, &l->tables[i + n]))
				n++;
		if (!starts(a) || (n < 2 && !(lone_drops && lone_drops(a)))) {
			l->tables[o++] = l->tables[i++];
			continue;
		}
		if (n >= 2 && join(l, i, n, &t)) {
			free(t.rows);
			ret = -1;
			while (n--)
				l->tables[o++] = l->tables[i++];
			continue;
		}
		for (size_t k = i; k < i + n; k++)
			free(l->tables[k].rows);
		if (n >= 2) {
			t.nr_cols = (int)n;
			t.named = true;
			t.line = a->line;
			letter_unique_columns(&t);
			l->tables[o++] = t;
		}
		i += n;
	}
	l->nr_tables = o;
	return ret;
}

int letter_join_arms(struct letter *l)
{
	/* each arm's statistics or quantities; one row under each arm's heading */
	if (join_runs(l, is_arm_table, next_arm_table, arm_tables_join, stat_table) ||
	    join_runs(l, one_row_table, one_row_arm, one_row_join, NULL))
		return -1;
	return join_deltas(l);
}

static int join_deltas(struct letter *l)
{
	struct letter_table *ones = calloc(l->nr_tables + 1, sizeof(*ones));
	size_t i = 0, o = 0, nr_ones = 0;
	int ret = 0;

	if (!ones)
		return -1;
	/* out from between the Delta tables, back after them */
	join_one_value(l, ones, &nr_ones);
	while (i < l->nr_tables) {
		size_t n = 1;
		struct letter_table joined;

		while (delta_table(&l->tables[i]) && i + n < l->nr_tables &&
		       n < LETTER_MAX_COLS && same_shape(&l->tables[i], &l->tables[i + n]))
			n++;
		if (n >= 2 && join(&l->tables[i], (int)n, &joined)) {
			ret = -1;	/* out of memory: the tables as read */
			n = 1;
		}
		if (n < 2) {
			l->tables[o++] = l->tables[i++];
			continue;
		}
		for (size_t k = i; k < i + n; k++)
			free(l->tables[k].rows);
		l->tables[o++] = joined;
		i += n;
	}
	/* as many slots as the one-value tables each took two of at least */
	if (nr_ones)
		memcpy(&l->tables[o], ones, nr_ones * sizeof(*ones));
	l->nr_tables = o + nr_ones;
	free(ones);
	return ret;
}
