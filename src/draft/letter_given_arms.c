// SPDX-License-Identifier: GPL-2.0
/*
 * The arms the user names (`claims draft --arms 'A|B'`): of the tables
 * the reader found, those whose columns are the arms (in the order
 * named, other columns left out) and those whose row labels are (turned:
 * a column per arm); then each arm's own lines or the blocks under
 * them, found by its name ("Base: 12.3 s", or "patched:" over "real:
 * 263.89s" lines), joined by label, where no table of theirs holds
 * them. The draft then holds those tables only.
 */
#define _GNU_SOURCE	/* strcasestr */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_parse.h"
#include "letter_shapes.h"

#define ARM_BLOCK_LINES 40	/* an arm's block ends by this many lines */
#define ARM_PAIRS 32		/* pairs read of one line */
#define ARM_VALUES 512		/* values read of one arm's block */
#define ARM_ROUNDS 16		/* each arm's blocks read again and again */

/* A name as arms compare: lower case, letters and digits only. */
static void arm_key(const char *s, char *out, size_t len)
{
	size_t o = 0;

	for (; *s && o + 1 < len; s++)
		if (isalnum((unsigned char)*s))
			out[o++] = (char)tolower((unsigned char)*s);
	out[o] = '\0';
}

/*
 * The one name of names[0..n) not taken (by the arms before) that is
 * arm: the same key, else the one whose key holds the arm's or is held
 * in it ("base" in "base (6.10-rc4)"); -1 when none or two.
 */
static int find_arm(const char *arm, const char *names, size_t stride, int n,
		    const bool *taken)
{
	char want[LETTER_NAME_LEN], key[LETTER_NAME_LEN];
	int found = -1;

	arm_key(arm, want, sizeof(want));
	if (!*want)
		return -1;
	for (int c = 0; c < n; c++)
		if (!taken[c] && letter_same_name(names + c * stride, arm))
			return c;
	for (int c = 0; c < n; c++) {
		arm_key(names + c * stride, key, sizeof(key));
		if (taken[c] || strlen(key) < 3 || strlen(want) < 3 ||
		    (!strstr(key, want) && !strstr(want, key)))
			continue;
		if (found >= 0)
			return -1;
		found = c;
	}
	return found;
}

/*
 * Each arm's index in names, each name once ("lz4 | lz4": the first
 * two such): false when one is missing.
 */
static bool map_arms(char arms[][LETTER_NAME_LEN], int na, const char *names,
		     size_t stride, int n, int *map)
{
	bool *taken = calloc(n ? n : 1, sizeof(*taken));
	bool all = taken != NULL;

	for (int k = 0; all && k < na; k++) {
		map[k] = find_arm(arms[k], names, stride, n, taken);
		all = map[k] >= 0;
		if (all)
			taken[map[k]] = true;
	}
	free(taken);
	return all;
}

/* t's columns map[0..na) as the arms, in their order, under their names. */
static void keep_columns(struct letter_table *t, char arms[][LETTER_NAME_LEN],
			 int na, const int *map)
{
	bool same = na == t->nr_cols;

	for (int k = 0; k < na; k++)
		same &= map[k] == k;
	for (size_t r = 0; r < t->nr_rows; r++) {
		struct letter_row *row = &t->rows[r];
		struct letter_cell cell[LETTER_MAX_COLS];

		for (int k = 0; k < na; k++)
			cell[k] = row->cell[map[k]];
		memcpy(row->cell, cell, na * sizeof(cell[0]));
		/* a change or delta is of the columns as they were */
		if (!same)
			row->has_change = row->has_delta = false;
	}
	for (int k = 0; k < na; k++)
		snprintf(t->col[k], LETTER_NAME_LEN, "%s", arms[k]);
	t->nr_cols = na;
	letter_unique_columns(t);
}

/*
 * t's rows map[0..na) as the arms: a table whose rows are t's columns,
 * a column per arm, into out. -1 out of memory.
 */
static int turn_rows(struct letter *l, const struct letter_table *t,
		     char arms[][LETTER_NAME_LEN], int na, const int *map,
		     struct letter_table *out)
{
	size_t cap = 0;

	memset(out, 0, sizeof(*out));
	snprintf(out->title, sizeof(out->title), "%s", t->title);
	out->line = t->line;
	out->named = true;
	for (int k = 0; k < na; k++)
		snprintf(out->col[k], LETTER_NAME_LEN, "%s", arms[k]);
	out->nr_cols = na;
	letter_unique_columns(out);
	for (int c = 0; c < t->nr_cols; c++) {
		struct letter_row row = { .line = t->rows[map[0]].line };

		snprintf(row.label, sizeof(row.label), "%s", t->col[c]);
		for (int k = 0; k < na; k++)
			row.cell[k] = t->rows[map[k]].cell[c];
		if (letter_add_row(l, out, &row, &cap))
			return -1;
	}
	return 0;
}

/* The labels of t's rows, LETTER_NAME_LEN apart, for map_arms. */
static char *row_labels(const struct letter_table *t)
{
	char *names = calloc(t->nr_rows ? t->nr_rows : 1, LETTER_NAME_LEN);

	for (size_t r = 0; names && r < t->nr_rows; r++)
		snprintf(names + r * LETTER_NAME_LEN, LETTER_NAME_LEN, "%s",
			 t->rows[r].label);
	return names;
}

/*
 * Table t as the arms' table into out: its columns, or its rows turned.
 * 1 when it is one, 0 when not, -1 out of memory.
 */
static int fit_table(struct letter *l, struct letter_table *t,
		     char arms[][LETTER_NAME_LEN], int na, struct letter_table *out)
{
	int map[LETTER_MAX_COLS];
	char *labels;
	bool rows;

	if (t->change_only)
		return 0;
	/* columns the letter does not name, as many as the arms: theirs */
	if (!t->named && t->nr_cols == na)
		for (int k = 0; k < na; k++)
			snprintf(t->col[k], LETTER_NAME_LEN, "%s", arms[k]);
	if (map_arms(arms, na, &t->col[0][0], LETTER_NAME_LEN, t->nr_cols, map)) {
		keep_columns(t, arms, na, map);
		*out = *t;
		t->rows = NULL;
		return 1;
	}
	if (!(labels = row_labels(t)))
		return -1;
	rows = map_arms(arms, na, labels, LETTER_NAME_LEN, (int)t->nr_rows, map);
	free(labels);
	if (!rows)
		return 0;
	return turn_rows(l, t, arms, na, map, out) ? -1 : 1;
}

/*
 * Where line s names arm (case aside, a word or words of its own), or
 * NULL; *lead: nothing but marks before it ("- Base:", "| patched").
 */
static const char *arm_at(const char *s, const char *arm, bool *lead)
{
	const char *body = s + strspn(s, " \t-*#=>|[(");
	size_t n = strlen(arm);

	for (const char *p = strcasestr(s, arm); p; p = strcasestr(p + 1, arm)) {
		if ((p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
		    isalnum((unsigned char)p[n]) || p[n] == '_')
			continue;
		*lead = p == body;
		return p;
	}
	return NULL;
}

/* How many of the arms line s names. */
static int arms_named(const char *s, char arms[][LETTER_NAME_LEN], int na)
{
	bool lead;
	int n = 0;

	for (int k = 0; k < na; k++)
		n += arm_at(s, arms[k], &lead) != NULL;
	return n;
}

/* One value of an arm's line or block: its row's label and its column. */
struct arm_value {
	char label[96];
	int col;
	struct letter_cell cell;
};

/* One arm's values, and the names its block's header gives its columns. */
struct arm_block {
	struct arm_value v[ARM_VALUES];
	int n, nr_cols;
	char col[LETTER_MAX_COLS][LETTER_NAME_LEN];
	size_t line;		/* the arm's line, 1-based; 0 none found */
};

static void add_value(struct arm_block *b, const char *label, int col,
		      const struct letter_cell *c)
{
	if (b->n == ARM_VALUES || !letter_is_num(c))
		return;
	snprintf(b->v[b->n].label, sizeof(b->v[0].label), "%s", label);
	b->v[b->n].col = col;
	b->v[b->n++].cell = *c;
	if (col >= b->nr_cols)
		b->nr_cols = col + 1;
}

/*
 * Line s of an arm's block into b: a header naming its columns ("child
 * wb_pages wb_MB"), a row of values under them, or "label: value" pairs.
 */
static void read_block_line(struct arm_block *b, const char *s)
{
	struct letter_row r[ARM_PAIRS];
	int nv = letter_parse_row(s, &r[0]), n;

	if (nv >= 2) {
		for (int c = 0; c < nv && c < LETTER_MAX_COLS; c++)
			add_value(b, r[0].label, c, &r[0].cell[c]);
		return;
	}
	n = letter_kv_pairs(s, r, ARM_PAIRS);
	for (int k = 0; k < n; k++)
		add_value(b, r[k].label, 0, &r[k].cell[0]);
	if (!n && !b->n && !b->col[0][0]) {
		bool label_col;
		int words = letter_cells(s);

		/* the header: names over the values; the first maybe the labels' */
		if (words >= 2 && letter_read_header(s, words - 1, b->col, &label_col) < 1)
			b->col[0][0] = '\0';
	}
}

/*
 * What follows an arm's name on its line: pairs, a row, or its one
 * value ("base: 12.5 s"), labelled later by the lines' title.
 */
static void read_value_line(struct arm_block *b, const char *s)
{
	struct letter_cell c;
	char buf[CELL_TEXT_MAX];

	read_block_line(b, s);
	if (!b->n && letter_trimmed(s, strlen(s), buf, sizeof(buf)) &&
	    letter_cell_parse(buf, &c))
		add_value(b, "", 0, &c);
}

/*
 * The block under line i into b: the lines after it up to the first of
 * values (a sentence wrapped on, a header), then its values up to a
 * blank line or a line naming an arm. The line after it.
 */
static size_t read_block(const struct letter *l, size_t i, char arms[][LETTER_NAME_LEN],
			 int na, struct arm_block *b)
{
	size_t j;

	for (j = i + 1; j < l->nr_lines && j <= i + ARM_BLOCK_LINES; j++) {
		const char *s = l->lines[j].text;

		if (l->lines[j].kind == LL_SKIP || arms_named(s, arms, na) ||
		    (letter_blank(s) && b->n))
			break;
		if (!letter_blank(s))
			read_block_line(b, s);
	}
	return j;
}

/* What follows arm's name on line i when the name leads it, or NULL. */
static const char *led_by(const struct letter *l, size_t i, const char *arm)
{
	bool lead;
	const char *at = arm_at(l->lines[i].text, arm, &lead);

	if (!at || !lead)
		return NULL;
	at += strlen(arm);
	return at + strspn(at, " \t:=|)]-");
}

/*
 * Arm k's values at line i, that names it alone, into b: after its
 * name on its line and on the lines after led by it likewise ("- base:
 * fastpath: 184", a line a row), else the block under the line. The
 * line after them.
 */
static size_t read_occurrence(const struct letter *l, size_t i,
			      char arms[][LETTER_NAME_LEN], int na, int k,
			      struct arm_block *b)
{
	const char *rest = led_by(l, i, arms[k]);
	size_t j = i;

	memset(b, 0, sizeof(*b));
	while (rest && *rest) {
		int had = b->n;

		read_value_line(b, rest);
		if (b->n == had || ++j >= l->nr_lines || l->lines[j].kind == LL_SKIP ||
		    arms_named(l->lines[j].text, arms, na) != 1)
			break;
		rest = led_by(l, j, arms[k]);
	}
	if (b->n)
		return j > i ? j : i + 1;
	return read_block(l, i, arms, na, b);
}

/*
 * The next round of the arms' values: each arm's next run of lines its
 * name leads with values, or next block under a line naming it
 * ("Before:" ... "After:", then "Before:" ... "After:" again), from
 * line from[k] on, into b[0..na); from[k] past it. false unless every
 * arm has one.
 */
static bool read_round(const struct letter *l, char arms[][LETTER_NAME_LEN], int na,
		       size_t *from, struct arm_block *b)
{
	for (int k = 0; k < na; k++) {
		b[k].n = 0;
		while (!b[k].n && from[k] < l->nr_lines) {
			size_t i = from[k];
			bool lead;

			/* two arms named on a line: a header over columns, not one arm's */
			if (l->lines[i].kind == LL_SKIP ||
			    !arm_at(l->lines[i].text, arms[k], &lead) ||
			    arms_named(l->lines[i].text, arms, na) != 1) {
				from[k]++;
				continue;
			}
			from[k] = read_occurrence(l, i, arms, na, k, &b[k]);
			b[k].line = i + 1;
		}
		if (!b[k].n)
			return false;
	}
	return true;
}

/* The nth value of b in column col labelled as label (letter_label_key), or NULL. */
static const struct arm_value *value_of(const struct arm_block *b, const char *label,
					int col, int nth)
{
	char want[96], key[96];

	letter_label_key(label, want, sizeof(want));
	for (int i = 0; i < b->n; i++) {
		if (b->v[i].col != col)
			continue;
		letter_label_key(b->v[i].label, key, sizeof(key));
		if (!strcmp(key, want) && nth-- == 0)
			return &b->v[i];
	}
	return NULL;
}

/*
 * Column col of the arms' blocks b joined by label: a table of the
 * arms into l when a row has every arm's value. -1 out of memory.
 */
static int join_column(struct letter *l, char arms[][LETTER_NAME_LEN], int na,
		       const struct arm_block *b, int col, size_t first, int *made)
{
	struct letter_table t = { .named = true, .nr_cols = na };
	size_t cap = 0;

	for (int k = 0; k < na; k++)
		snprintf(t.col[k], LETTER_NAME_LEN, "%s", arms[k]);
	letter_unique_columns(&t);
	for (int i = 0; i < b[0].n; i++) {
		const struct arm_value *v = &b[0].v[i];
		struct letter_row row = { .line = (int)b[0].line };
		bool all = v->col == col;
		int nth = 0;

		for (int j = 0; j < i; j++)
			nth += b[0].v[j].col == col && !strcmp(b[0].v[j].label, v->label);
		snprintf(row.label, sizeof(row.label), "%s", v->label);
		row.cell[0] = v->cell;
		for (int k = 1; all && k < na; k++) {
			const struct arm_value *o = value_of(&b[k], v->label, col, nth);

			all = o != NULL;
			if (all)
				row.cell[k] = o->cell;
		}
		if (all && letter_add_row(l, &t, &row, &cap))
			return -1;
	}
	if (!t.nr_rows)
		return 0;
	if (b[0].nr_cols > 1 && b[0].col[col][0])
		snprintf(t.title, sizeof(t.title), "%s", b[0].col[col]);
	else
		letter_find_title(l, first, t.title, sizeof(t.title));
	/* a value alone after each arm's name: the title names its row */
	for (size_t r = 0; r < t.nr_rows; r++)
		if (!t.rows[r].label[0])
			snprintf(t.rows[r].label, sizeof(t.rows[r].label), "%.*s",
				 (int)sizeof(t.rows[r].label) - 1,
				 t.title[0] ? t.title : "value");
	if (letter_seen_table(l, &t)) {	/* a table of theirs holds it */
		free(t.rows);
		return 0;
	}
	t.line = (int)first + 1;
	(*made)++;
	return letter_push_table(l, &t);
}

/*
 * The arms' own lines and blocks, joined by label round by round: a
 * table a column of their values. The tables made, -1 out of memory.
 */
static int read_arm_blocks(struct letter *l, char arms[][LETTER_NAME_LEN], int na)
{
	struct arm_block *b = calloc(na, sizeof(*b));
	size_t first, from[LETTER_MAX_COLS] = { 0 };
	int made = 0;

	if (!b)
		return -1;
	for (int round = 0; round < ARM_ROUNDS && read_round(l, arms, na, from, b);
	     round++) {
		first = SIZE_MAX;
		for (int k = 0; k < na; k++)
			if (b[k].line - 1 < first)
				first = b[k].line - 1;
		for (int c = 0; c < b[0].nr_cols; c++)
			if (join_column(l, arms, na, b, c, first, &made)) {
				free(b);
				return -1;
			}
	}
	free(b);
	return made;
}

int letter_parse_arms(const char *spec, char arms[][LETTER_NAME_LEN], int max)
{
	int n = 0;

	while (spec && *spec) {
		const char *bar = strchr(spec, '|');
		size_t len = bar ? (size_t)(bar - spec) : strlen(spec);
		char key[LETTER_NAME_LEN];

		if (n == max)
			return -1;
		if (!letter_trimmed(spec, len, arms[n], LETTER_NAME_LEN))
			return -1;
		arm_key(arms[n], key, sizeof(key));
		if (!*key)
			return -1;
		n++;
		spec = bar ? bar + 1 : NULL;
	}
	return n >= 2 ? n : -1;
}

int letter_fit_arms(struct letter *l, char arms[][LETTER_NAME_LEN], int na)
{
	size_t kept = 0;
	int ret;

	for (size_t i = 0; i < l->nr_tables; i++) {
		struct letter_table *t = &l->tables[i], out;

		l->nr_rows -= t->nr_rows;
		ret = fit_table(l, t, arms, na, &out);
		free(t->rows);
		if (ret < 0) {
			for (size_t j = i + 1; j < l->nr_tables; j++)
				free(l->tables[j].rows);
			l->nr_tables = kept;
			return -1;
		}
		if (ret) {
			l->tables[kept++] = out;
			l->nr_rows += out.nr_rows;
		}
	}
	l->nr_tables = kept;
	/* the arms' own lines and blocks: what no table of theirs holds */
	ret = read_arm_blocks(l, arms, na);
	return ret < 0 ? -1 : (int)kept + ret;
}
