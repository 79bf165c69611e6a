// SPDX-License-Identifier: GPL-2.0
/*
 * A long table whose rows take turns between the arms: each row an arm's
 * name, a parameter (the key), the measure and maybe its spread and a
 * parenthesized change against the first arm:
 *
 *            param        pswpin       std       improvement
 *       base 1-1024.0-0.1 14101983.40   79441.19
 *       prot 1-1024.0-0.1 14065875.80  136413.01  (   -0.26 )
 *     detect 1-1024.0-0.1 13910435.60  100804.82  (   -1.36 )
 *       base 1-1024.0-0.7 7998368.80   43469.32
 *
 * One row per key, one column per arm: the arms as every other table
 * has them. The measure names every row's metric (struct letter_table's
 * measure), the changes go to the rows' note.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "grow.h"
#include "letter_shapes.h"

#define TURN_ARMS 8		/* arms a turn may have */
#define TURN_VALUES 2		/* the measure and its spread */

struct turn_row {
	char arm[32], key[LETTER_NAME_LEN];
	struct letter_cell v[TURN_VALUES];
	int nv;
	bool has_note;
	double note;
};

/* "(   -0.26 )" at the end of s: its number, cut off s. */
static bool trailing_note(char *s, double *note)
{
	char *open = strrchr(s, '('), *end = s + strlen(s);
	struct letter_cell c;
	char inner[32];

	while (end > s && end[-1] == ' ')
		end--;
	if (!open || end == s || end[-1] != ')' || end - open - 2 >= (long)sizeof(inner))
		return false;
	snprintf(inner, sizeof(inner), "%.*s", (int)(end - open - 2), open + 1);
	if (!letter_cell_parse(inner, &c) || !letter_is_num(&c) || c.has_sd)
		return false;
	*note = c.mean;
	*open = '\0';
	return true;
}

/* "prot 1-1024.0-0.1 14065875.80  136413.01  (   -0.26 )" */
static bool turn_row(const char *s, struct turn_row *r)
{
	char buf[256], *tok[TURN_VALUES + 3], *save;
	struct letter_cell c;
	int nt = 0;

	memset(r, 0, sizeof(*r));
	if (strlen(s) >= sizeof(buf))
		return false;
	strcpy(buf, s);
	r->has_note = trailing_note(buf, &r->note);
	for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		if (nt == TURN_VALUES + 2)
			return false;
		tok[nt++] = t;
	}
	if (nt < 3 || strlen(tok[0]) >= sizeof(r->arm) || strlen(tok[1]) >= sizeof(r->key) ||
	    letter_cell_parse(tok[0], &c) || !letter_label_ok(tok[0]))
		return false;
	snprintf(r->arm, sizeof(r->arm), "%s", tok[0]);
	snprintf(r->key, sizeof(r->key), "%s", tok[1]);
	for (int k = 2; k < nt; k++)
		if (!letter_cell_parse(tok[k], &r->v[r->nv++]) || !letter_is_num(&r->v[r->nv - 1]))
			return false;
	return true;
}

static bool spread_name(const char *s)
{
	static const char *const names[] = { "std", "stdev", "stddev", "sd", "+-", NULL };

	for (int i = 0; names[i]; i++)
		if (!strcasecmp(s, names[i]))
			return true;
	return false;
}

/*
 * Rows r[0..n) take turns: the first arms up to the first one again
 * (two or more, all apart), then the same arms in the same order, each
 * turn one key, as many values a row. The arms' count, or 0.
 */
static int arms_in_turn(const struct turn_row *r, int n)
{
	int k = 1;

	while (k < n && k <= TURN_ARMS && strcmp(r[k].arm, r[0].arm))
		k++;
	if (k < 2 || k > TURN_ARMS || n % k || n < 2 * k)
		return 0;
	for (int j = 0; j < n; j++) {
		const struct turn_row *first = &r[j - j % k];

		if (strcmp(r[j].arm, r[j % k].arm) || strcmp(r[j].key, first->key) ||
		    r[j].nv != r[0].nv)
			return 0;
		for (int a = 0; a < j % k; a++)
			if (j < k && !strcmp(r[j].arm, r[a].arm))
				return 0;
		if (j >= k && !(j % k) && !strcmp(r[j].key, r[j - k].key))
			return 0;	/* a key twice in a row: no turns */
	}
	return k;
}

/* The note of a key's row: "improvement: prot -0.26, detect -1.36" */
static void put_notes(struct letter_row *row, const char *name,
		      const struct turn_row *r, int k)
{
	for (int a = 0; a < k; a++) {
		size_t used;

		if (!r[a].has_note)
			continue;
		used = strlen(row->extra);
		if (used)
			snprintf(row->extra + used, sizeof(row->extra) - used, ", %s %+g",
				 r[a].arm, r[a].note);
		else
			snprintf(row->extra, sizeof(row->extra), "%s: %s %+g", name,
				 r[a].arm, r[a].note);
	}
}

static int build(struct letter *l, struct letter_table *t, const struct turn_row *r,
		 int n, int k, bool spread, const char *notes)
{
	size_t cap = 0;

	t->named = true;
	t->nr_cols = k;
	for (int a = 0; a < k; a++)
		snprintf(t->col[a], sizeof(t->col[a]), "%s", r[a].arm);
	for (int j = 0; j < n; j += k) {
		struct letter_row row = {};

		snprintf(row.label, sizeof(row.label), "%s", r[j].key);
		for (int a = 0; a < k; a++) {
			row.cell[a] = r[j + a].v[0];
			if (spread) {
				row.cell[a].has_sd = true;
				row.cell[a].sd = r[j + a].v[1].mean;
			}
		}
		if (notes)
			put_notes(&row, notes, &r[j], k);
		if (letter_add_row(l, t, &row, &cap))
			return -1;
	}
	letter_unique_columns(t);
	return 0;
}

/*
 * Header line h (the key's name, the measure, maybe its spread and the
 * notes' name) over rows taking turns between arms: the table, turned.
 * Returns the line after it, h + 1 when h heads no such rows, -1 when
 * out of memory.
 */
long letter_read_interleaved(struct letter *l, size_t h, const char *section)
{
	struct span hs[TURN_VALUES + 3];
	const char *head = l->lines[h].text;
	char second[LETTER_NAME_LEN];
	struct turn_row *r = NULL, first;
	struct letter_table t = {};
	int depth = l->lines[h].depth, nh, n = 0, k;
	size_t cap = 0, j;
	bool spread, any_note = false;
	long ret = (long)h + 1;

	/* a header is no row itself: a run of rows is scanned once */
	nh = letter_split_cells(head, hs, TURN_VALUES + 3);
	if (nh < 2 || h + 1 >= l->nr_lines || turn_row(head, &first))
		return ret;
	for (j = h + 1; letter_same_block(l, j, depth) && n < LETTER_MAX_ROWS; j++) {
		if (n == (int)cap && grow_array((void **)&r, &cap, 32, sizeof(*r)))
			return -1;
		if (!turn_row(l->lines[j].text, &r[n]))
			break;
		any_note |= r[n++].has_note;
	}
	k = n ? arms_in_turn(r, n) : 0;
	if (!k || nh != 1 + r[0].nv + any_note)
		goto out;
	spread = r[0].nv == 2;
	if (spread) {
		snprintf(second, sizeof(second), "%.*s", hs[2].end - hs[2].start,
			 head + hs[2].start);
		if (!spread_name(second))
			goto out;	/* two measures: not this shape */
	}
	snprintf(t.measure, sizeof(t.measure), "%.*s", hs[1].end - hs[1].start,
		 head + hs[1].start);
	if (build(l, &t, r, n, k, spread, any_note ? head + hs[nh - 1].start : NULL))
		goto oom;
	t.line = (int)h + 1;
	for (size_t m = h; m < j; m++)
		l->lines[m].kind = LL_TABLE;
	letter_find_title(l, h, t.title, sizeof(t.title));
	letter_section_title(&t, section);
	if (letter_push_table(l, &t))
		goto oom;
	free(r);
	return (long)j;
oom:
	ret = -1;
out:
	free(t.rows);
	free(r);
	return ret;
}
