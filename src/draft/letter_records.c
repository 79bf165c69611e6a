// SPDX-License-Identifier: GPL-2.0
/*
 * An arm's record: a line naming it ("mm-unstable + patchset, 64K mTHP
 * enabled"), a header of quantities ("user-time  sys_time  faults"),
 * one line of their values; the next arm's record the same under its
 * own name. One table: a column per record, a row per quantity. An
 * arm's table of "key value" rows ("percentile latency" over "5  7894")
 * under its name: a table of one column, joined with the next arm's
 * (letter_join.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_shapes.h"

#define RECORD_MAX_COLS 32

struct record {
	char arm[LETTER_NAME_LEN];
	struct letter_cell cell[RECORD_MAX_COLS];
	size_t last;		/* the values' line */
};

/* Line j's cells, two blanks apart, into sp: their count. */
static int cells(const struct letter *l, size_t j, struct span *sp)
{
	return letter_split_cells(l->lines[j].text, sp, RECORD_MAX_COLS + 1);
}

/* "base: mm-unstable": the kernel the role names; else the line. */
static void arm_name(const char *s, char *out, size_t len)
{
	const char *colon = strstr(s, ": ");

	while (*s == ' ')
		s++;
	if (colon && colon - s <= 8 && !memchr(s, ' ', colon - s))
		s = colon + 2;
	letter_clean_label(s, strlen(s), out, len);
}

/*
 * The record whose name is line i, over header h's names (nh of them,
 * names[] filled when nh is 0): into r. false for anything else.
 */
static bool record_at(const struct letter *l, size_t i, int depth,
		      char names[][LETTER_NAME_LEN], int *nh, struct record *r)
{
	struct span sp[RECORD_MAX_COLS + 1], vp[RECORD_MAX_COLS + 1];
	const char *h, *v;
	int n, nv;

	if (!letter_same_block(l, i + 2, depth) || letter_blank(l->lines[i].text) ||
	    strlen(l->lines[i].text) > MAX_LABEL || letter_blank(l->lines[i + 1].text))
		return false;
	h = l->lines[i + 1].text;
	v = l->lines[i + 2].text;
	n = cells(l, i + 1, sp);
	nv = cells(l, i + 2, vp);
	if (n < 2 || n > RECORD_MAX_COLS || nv != n || (*nh && n != *nh))
		return false;
	for (int k = 0; k < n; k++) {
		struct letter_cell c;
		char name[LETTER_NAME_LEN];

		snprintf(name, sizeof(name), "%.*s", sp[k].end - sp[k].start, h + sp[k].start);
		if (letter_span_cell(h, &sp[k], &c) || !letter_label_ok(name) ||
		    (*nh && strcmp(name, names[k])) ||
		    !letter_span_cell(v, &vp[k], &r->cell[k]) || !letter_is_num(&r->cell[k]))
			return false;
		if (!*nh)
			memcpy(names[k], name, sizeof(name));
	}
	*nh = n;
	arm_name(l->lines[i].text, r->arm, sizeof(r->arm));
	r->last = i + 2;
	return letter_label_ok(r->arm);
}

/*
 * Records from line i on, each an arm's name over the same header and
 * one line of values (blank lines between): a table with a column per
 * record. Returns the line after the last, or i + 1 when line i starts
 * no two; -1 when out of memory.
 */
long letter_read_records(struct letter *l, size_t i, const char *section)
{
	char names[RECORD_MAX_COLS][LETTER_NAME_LEN];
	struct letter_table t = {};
	struct record *r;
	int depth = l->lines[i].depth, nh = 0, nr = 0;
	size_t j = i, cap = 0;
	long next = (long)i + 1;

	r = malloc(LETTER_MAX_COLS * sizeof(*r));
	if (!r)
		return -1;
	while (nr < LETTER_MAX_COLS && record_at(l, j, depth, names, &nh, &r[nr])) {
		j = r[nr++].last + 1;
		j = letter_past_blanks(l, j, depth);
	}
	if (nr < 2)
		goto out;
	for (int k = 0; k < nh; k++) {
		struct letter_row row;

		memset(&row, 0, sizeof(row));
		snprintf(row.label, sizeof(row.label), "%.95s", names[k]);
		for (int a = 0; a < nr; a++)
			row.cell[a] = r[a].cell[k];
		row.line = (int)i + 2;
		if (letter_add_row(l, &t, &row, &cap)) {
			next = -1;
			goto out;
		}
	}
	for (int a = 0; a < nr; a++)
		memcpy(t.col[a], r[a].arm, sizeof(t.col[a]));
	t.nr_cols = nr;
	t.named = true;
	t.line = (int)i + 1;
	letter_find_title(l, i, t.title, sizeof(t.title));
	for (size_t k = i; k <= r[nr - 1].last; k++)
		l->lines[k].kind = LL_TABLE;
	letter_unique_columns(&t);
	next = letter_keep_table(l, &t, section) ? -1 : (long)r[nr - 1].last + 1;
out:
	free(r);
	return next;
}

/* The name of the arm above line h: a configuration's, within a few lines. */
static bool arm_above(const struct letter *l, size_t h, int depth, char *out,
		      size_t len)
{
	for (size_t k = h; k > 0 && h - k < 6; k--) {
		const char *s = l->lines[k - 1].text;

		while (*s == ' ')
			s++;
		/* a command run for the arm ("echo 0 | sudo tee ...") is no name */
		if (!letter_same_block(l, k - 1, depth) || letter_blank(s) ||
		    strlen(s) > MAX_LABEL || strchr(s, '|') || *s == '$' || *s == '#' ||
		    !strncmp(s, "echo ", 5) || !letter_config_label(s))
			continue;
		letter_clean_label(s, strlen(s), out, len);
		return letter_label_ok(out);
	}
	return false;
}

long letter_read_key_values(struct letter *l, size_t i, const char *section)
{
	struct span sp[RECORD_MAX_COLS + 1];
	struct letter_table t = {};
	int depth = l->lines[i].depth;
	size_t j = i + 1, cap = 0;

	if (cells(l, i, sp) < 1 || cells(l, i, sp) > 2)
		return (long)i + 1;
	{
		struct letter_cell c;

		if (letter_cell_parse(l->lines[i].text, &c) ||
		    strspn(l->lines[i].text, " abcdefghijklmnopqrstuvwxyz_") !=
		    strlen(l->lines[i].text))
			return (long)i + 1;	/* "percentile latency": words */
	}
	while (letter_same_block(l, j, depth) && letter_rule(l->lines[j].text))
		j++;
	for (; letter_same_block(l, j, depth); j++) {
		struct span vp[RECORD_MAX_COLS + 1];
		struct letter_row row;
		const char *s = l->lines[j].text;

		memset(&row, 0, sizeof(row));
		if (cells(l, j, vp) != 2 || !letter_key_cell(s + vp[0].start,
							     vp[0].end - vp[0].start) ||
		    !letter_span_cell(s, &vp[1], &row.cell[0]) || !letter_is_num(&row.cell[0]))
			break;
		snprintf(row.label, sizeof(row.label), "%.*s", vp[0].end - vp[0].start,
			 s + vp[0].start);
		row.line = (int)j + 1;
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
	}
	if (t.nr_rows < 3 || !arm_above(l, i, depth, t.col[0], sizeof(t.col[0]))) {
		free(t.rows);
		return (long)i + 1;
	}
	t.nr_cols = 1;
	t.named = true;
	t.one_arm = true;
	t.line = (int)i + 1;
	letter_clean_label(l->lines[i].text, strlen(l->lines[i].text), t.title,
			   sizeof(t.title));
	for (size_t k = i; k < j; k++)
		l->lines[k].kind = LL_TABLE;
	letter_section_title(&t, section);
	return letter_push_table(l, &t) ? -1 : (long)j;
}
