// SPDX-License-Identifier: GPL-2.0
/*
 * An arm a line: "Before:  sys time: 2069.53s   real time: 135.76s" over
 * "After:   sys time: 2021.13s (-2.34%)   real time: 134.23s (-1.12%)".
 * The lines' names are the arms, their pairs (two blanks apart) the rows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_shapes.h"

#define ARM_LINE_PAIRS 8

struct arm_line {
	bool bare;		/* its name without a colon: "With patch\t14542.5 Mbps" */
	bool prefixed;		/* its name before the pair's: "case1 vm.throughput: 10574" */
	char arm[LETTER_NAME_LEN];
	int nr;
	char label[ARM_LINE_PAIRS][96];
	struct letter_cell cell[ARM_LINE_PAIRS];
};

/*
 * "44890.50 Ops/sec (+1.8%)": a value whose unit is the only name the
 * line gives it, so the unit is the row's label. false for anything else.
 */
static bool unit_value(const char *cell, struct letter_row *r)
{
	const char *u = strchr(cell, ' ');
	const char *e;
	char buf[160];
	bool alpha = false;

	if (!u || u == cell)
		return false;
	for (e = u + 1; *e && *e != ' '; e++)
		alpha |= (*e >= 'A' && *e <= 'Z') || (*e >= 'a' && *e <= 'z');
	if (!alpha || e - (u + 1) < 2 || e - (u + 1) >= (long)sizeof(r->label))
		return false;
	snprintf(buf, sizeof(buf), "%.*s%s", (int)(u - cell), cell, e);
	if (!letter_kv_value(buf, &r->cell[0]) || r->cell[0].kind != CELL_NUM)
		return false;
	memcpy(r->label, u + 1, e - (u + 1));
	r->label[e - (u + 1)] = '\0';
	return true;
}

/*
 * The pairs of one cell of an arm's line into a: "sys time: 2069.53s",
 * "44017.78 Ops/sec" (the line's only cell: the unit names the row) or
 * pieces ", " apart ("real 131.2s, sys 1479.4s"). false for anything
 * else.
 */
static bool cell_pairs(const char *cell, bool only, struct arm_line *a)
{
	char piece[160];
	struct letter_row r, run[ARM_LINE_PAIRS];
	int nr = letter_run_pairs(cell, run, ARM_LINE_PAIRS - a->nr);

	memset(&r, 0, sizeof(r));
	if (only && !strchr(cell, ':') && unit_value(cell, &r)) {
		memcpy(a->label[a->nr], r.label, sizeof(a->label[0]));
		a->cell[a->nr++] = r.cell[0];
		return true;
	}
	for (int k = 0; k < nr; k++) {	/* "user time 2904.59s system time 4773.99s" */
		memcpy(a->label[a->nr], run[k].label, sizeof(a->label[0]));
		a->cell[a->nr++] = run[k].cell[0];
	}
	if (nr)
		return true;
	while (*cell) {
		const char *comma = strstr(cell, ", ");
		size_t n = comma ? (size_t)(comma - cell) : strlen(cell);

		if (n >= sizeof(piece) || a->nr >= ARM_LINE_PAIRS)
			return false;
		memcpy(piece, cell, n);
		piece[n] = '\0';
		if (letter_kv_pairs(piece, &r, 1) != 1)
			return false;
		memcpy(a->label[a->nr], r.label, sizeof(a->label[0]));
		a->cell[a->nr++] = r.cell[0];
		cell = comma ? comma + 2 : cell + n;
	}
	return a->nr > 0;
}

/*
 * "Patched: 38629.7 mbps (-3.9%)", "After: real 129.9s, sys 1411.4s":
 * a kernel's name one blank from its pairs, the name a configuration's
 * ("Base", "Patched", "v6.9").
 */
static bool one_blank_arm(const char *s, struct arm_line *a)
{
	const char *colon = strstr(s, ": ");

	while (*s == ' ')
		s++;
	if (!colon || colon - s < 2 || colon - s >= (long)sizeof(a->arm))
		return false;
	letter_clean_label(s, colon - s, a->arm, sizeof(a->arm));
	return letter_label_ok(a->arm) && letter_config_label(a->arm) &&
	       cell_pairs(colon + 2, true, a);
}

/*
 * "case1(using reclaimer's node id) vm-scalability.throughput: 10574
 * KB/s": an arm's name before one pair whose name is a counter's (a
 * '.', '_' or '-' in one word), the value after the last colon.
 */
static bool prefixed_arm(const char *s, struct arm_line *a)
{
	const char *colon = NULL, *key, *end;
	char name[160];

	for (const char *p = strstr(s, ": "); p; p = strstr(p + 1, ": "))
		colon = p;
	while (*s == ' ')
		s++;
	if (!colon || colon - s >= (long)sizeof(name))
		return false;
	for (key = colon; key > s && key[-1] != ' '; key--)
		;
	if (key == s || colon - key < 3 || (!memchr(key, '.', colon - key) &&
	    !memchr(key, '_', colon - key) && !memchr(key, '-', colon - key)))
		return false;
	for (end = key; end > s && end[-1] == ' '; end--)
		;
	for (const char *p = s; p + 1 < end; p++)
		if (p[0] == ':' && p[1] == ' ')
			return false;	/* "Time taken: 0.17 seconds, split_deferred: 2048": pairs */
	letter_clean_label(s, end - s, a->arm, sizeof(a->arm));
	snprintf(name, sizeof(name), "%.*s", (int)(colon - key), key);
	letter_clean_label(name, strlen(name), a->label[0], sizeof(a->label[0]));
	if (!letter_label_ok(a->arm) || !letter_kv_value(colon + 2, &a->cell[0]) ||
	    a->cell[0].kind != CELL_NUM)
		return false;
	a->nr = 1;
	a->prefixed = true;
	return true;
}

/* Line s as an arm's line into a: "Name:" then pairs two blanks apart. */
static bool arm_line_named(const char *s, struct arm_line *a)
{
	struct span sp[ARM_LINE_PAIRS + 2];
	int n = letter_split_cells(s, sp, ARM_LINE_PAIRS + 1);
	const char *name = s + (n > 0 ? sp[0].start : 0);
	size_t len = n > 0 ? (size_t)(sp[0].end - sp[0].start) : 0;

	a->nr = 0;
	a->bare = a->prefixed = false;
	if (n == 1)
		return one_blank_arm(s, a);
	if (n == 2 && len >= 2 && !memchr(name, ':', len)) {
		/* "2. 6.0-rc1\t\t10482.7 Mbps (-51.6%)": a value and its unit */
		letter_clean_label(name, len, a->arm, sizeof(a->arm));
		a->bare = true;
		return letter_label_ok(a->arm) && !strchr(s + sp[1].start, ':') &&
		       cell_pairs(s + sp[1].start, true, a);
	}
	if (n < 2 || len < 2 || name[len - 1] != ':' || memchr(name, ':', len - 1))
		return false;
	letter_clean_label(name, len - 1, a->arm, sizeof(a->arm));
	if (!letter_label_ok(a->arm))
		return false;
	for (int k = 1; k < n; k++) {
		char cell[160];
		int w = sp[k].end - sp[k].start;

		if (w >= (int)sizeof(cell))
			return false;
		memcpy(cell, s + sp[k].start, w);
		cell[w] = '\0';
		if (!cell_pairs(cell, n == 2, a))
			return false;
	}
	return true;
}

/* Line s as an arm's line, its name first or before its one pair's. */
static bool arm_line_read(const char *s, struct arm_line *a)
{
	if (arm_line_named(s, a))
		return true;
	a->nr = 0;
	a->bare = false;
	return prefixed_arm(s, a);
}

/* b names the pairs a names, in a's order. */
static bool same_pairs(const struct arm_line *a, const struct arm_line *b)
{
	if (a->nr != b->nr || a->bare != b->bare || a->prefixed != b->prefixed)
		return false;
	for (int k = 0; k < a->nr; k++)
		if (strcmp(a->label[k], b->label[k]))
			return false;
	return true;
}

/* Lines a[0..na) as a table into l; -1 when out of memory. */
static int arm_table(struct letter *l, size_t i, const struct arm_line *a, int na,
		     const char *section)
{
	struct letter_table t = {};
	struct letter_row row;
	size_t cap = 0;

	for (int p = 0; p < a[0].nr; p++) {
		memset(&row, 0, sizeof(row));
		memcpy(row.label, a[0].label[p], sizeof(row.label));
		for (int k = 0; k < na; k++) {
			row.cell[k] = a[k].cell[p];
			if (k && row.cell[k].has_change && !row.has_change) {
				row.has_change = true;
				row.change_pct = row.cell[k].change_pct;
			}
		}
		row.line = (int)i + 1;
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
	}
	for (int k = 0; k < na; k++)
		memcpy(t.col[k], a[k].arm, sizeof(t.col[k]));
	t.nr_cols = na;
	t.named = true;
	t.line = (int)i + 1;
	for (size_t k = i; k < i + (size_t)na; k++)
		l->lines[k].kind = LL_TABLE;
	letter_find_title(l, i, t.title, sizeof(t.title));
	return letter_keep_table(l, &t, section);
}

/*
 * Lines from i on, each an arm's name and its pairs, the same labels in
 * each: a table with a column per line. Returns the line after the
 * last, or i + 1 when line i starts no two such lines; -1 when out of
 * memory.
 */
long letter_read_arm_lines(struct letter *l, size_t i, const char *section)
{
	int depth = l->lines[i].depth, na = 0;
	struct arm_line first, *a;
	long next;

	if (!arm_line_read(l->lines[i].text, &first))
		return (long)i + 1;
	a = malloc(LETTER_MAX_COLS * sizeof(*a));
	if (!a)
		return -1;
	a[na++] = first;
	while (na < LETTER_MAX_COLS && letter_same_block(l, i + na, depth) &&
	       arm_line_read(l->lines[i + na].text, &a[na]) && same_pairs(&a[0], &a[na]))
		na++;
	if (first.bare) {
		int configs = 0;

		/* names without colons: arms when they name configurations */
		for (int k = 0; k < na; k++)
			configs += letter_config_label(a[k].arm);
		if (configs * 2 < na)
			na = 0;
	}
	next = na >= 2 ? (long)(i + na) : (long)i + 1;
	if (na >= 2 && arm_table(l, i, a, na, section))
		next = -1;
	free(a);
	return next;
}
