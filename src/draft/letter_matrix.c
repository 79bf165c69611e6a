// SPDX-License-Identifier: GPL-2.0
/*
 * A matrix packing the arms into each cell of column groups:
 *
 *      make -j<NR>     |   System Time (seconds)  |   Total Time (seconds)
 *    (NR / Mem / ZRAM) | (Before / After / Delta) | (Before / After / Delta)
 *     6 / 192M / 3G    |    5258 /  5235 / -0.3%  |    1420 /  1414 / -0.3%
 *
 * A table per group, the arms its columns, a row per configuration. The
 * pipes arrive as blanks (letter_mail.c), so a row is read from its end:
 * each group's values one '/' apart and its change in percent.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "letter_shapes.h"

#define MATRIX_GROUPS 8
#define MATRIX_ARMS 4
#define MATRIX_TOKENS 64

struct matrix {
	int groups, arms;
	char name[MATRIX_GROUPS][LETTER_NAME_LEN];
	char arm[MATRIX_ARMS][LETTER_NAME_LEN];
};

/* A part naming the change, not an arm: "Delta", "change", "diff". */
static bool change_name(const char *s)
{
	return !strcasecmp(s, "delta") || !strcasecmp(s, "change") ||
	       !strcasecmp(s, "diff") || strchr(s, '%');
}

/*
 * Header cell s naming the arms: "(Before / After / Delta)", "Sys before
 * / after" (its leading word the group's, into name). The arms' count.
 */
static int cell_arms(const char *s, size_t n, char arm[][LETTER_NAME_LEN], char *name, size_t len)
{
	char buf[128], *part[MATRIX_ARMS + 2], *p;
	int np = 0, na = 0;

	if (n >= sizeof(buf))
		return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (buf[0] == '(' && buf[n - 1] == ')') {
		buf[n - 1] = '\0';
		memmove(buf, buf + 1, n - 1);
	}
	for (p = buf; np < MATRIX_ARMS + 2; ) {
		char *slash = strchr(p, '/');

		part[np++] = p;
		if (!slash)
			break;
		*slash = '\0';
		p = slash + 1;
	}
	name[0] = '\0';
	for (int k = 0; k < np; k++) {
		char w[LETTER_NAME_LEN];

		letter_clean_label(part[k], strlen(part[k]), w, sizeof(w));
		if (!w[0] || !letter_label_ok(w) || strchr(w, '<'))
			return 0;
		if (k == 0 && strrchr(w, ' ')) {	/* "Sys before": the group's word */
			char *last = strrchr(w, ' ');

			snprintf(name, len, "%.*s", (int)(last - w), w);
			memmove(w, last + 1, strlen(last));
		}
		if (change_name(w))
			continue;
		if (na == MATRIX_ARMS || strchr(w, ' '))
			return 0;
		snprintf(arm[na++], LETTER_NAME_LEN, "%s", w);
	}
	return na >= 2 ? na : 0;
}

/* Line h as the arms' header over groups (names from line h - 1, if any). */
static bool matrix_header(const struct letter *l, size_t h, struct matrix *m)
{
	struct span sp[MATRIX_GROUPS + 2], up[MATRIX_GROUPS + 2];
	const char *s = l->lines[h].text;
	int n = letter_split_cells(s, sp, MATRIX_GROUPS + 1), nu = 0;

	if (n < 2)
		return false;
	if (h > 0 && l->lines[h - 1].depth == l->lines[h].depth)
		nu = letter_split_cells(l->lines[h - 1].text, up, MATRIX_GROUPS + 1);
	m->groups = 0;
	for (int k = 1; k < n; k++) {
		char arm[MATRIX_ARMS][LETTER_NAME_LEN], name[LETTER_NAME_LEN];
		int na = cell_arms(s + sp[k].start, sp[k].end - sp[k].start, arm, name,
				   sizeof(name));

		if (!na || (m->groups && na != m->arms))
			return false;
		m->arms = na;
		memcpy(m->arm, arm, sizeof(arm));
		if (nu == n)
			letter_clean_label(l->lines[h - 1].text + up[k].start,
					   up[k].end - up[k].start, m->name[m->groups],
					   sizeof(m->name[0]));
		else
			snprintf(m->name[m->groups], sizeof(m->name[0]), "%s", name);
		m->groups++;
	}
	return true;
}

/*
 * Line s as a row of m: its label (the words before the groups, blanks
 * collapsed) and each group's arms' values, then its change. Read from
 * the end, one blank-separated token at a time.
 */
static bool matrix_row(const char *s, const struct matrix *m, char *label, size_t len,
		       struct letter_cell cell[][MATRIX_ARMS], double *chg, bool *has_chg)
{
	char buf[512], *tok[MATRIX_TOKENS];
	int nt = 0, end;

	if (strlen(s) >= sizeof(buf))
		return false;
	strcpy(buf, s);
	for (char *p = strtok(buf, " "); p && nt < MATRIX_TOKENS; p = strtok(NULL, " "))
		tok[nt++] = p;
	end = nt;
	for (int g = m->groups - 1; g >= 0; g--) {
		int a = m->arms - 1;

		has_chg[g] = false;
		if (end > 0 && strchr(tok[end - 1], '%')) {
			struct letter_cell c;

			if (!letter_cell_parse(tok[end - 1], &c) || c.kind != CELL_NUM)
				return false;
			chg[g] = c.mean;
			has_chg[g] = true;
			end--;
			if (end > 0 && !strcmp(tok[end - 1], "/"))
				end--;
		}
		for (; a >= 0; a--) {
			struct letter_cell *c = &cell[g][a];

			if (end < 1 || !letter_cell_parse(tok[end - 1], c) ||
			    c->kind != CELL_NUM || strchr(tok[end - 1], '%'))
				return false;
			end--;
			if (a && (end < 1 || strcmp(tok[end - 1], "/")))
				return false;
			if (a)
				end--;
		}
	}
	label[0] = '\0';
	for (int k = 0; k < end; k++)
		snprintf(label + strlen(label), len - strlen(label), "%s%s", k ? " " : "",
			 tok[k]);
	return end > 0 && (letter_label_ok(label) || strchr(label, '/'));
}

/* A line of words between rows: "With 64k mTHP:". */
static bool sub_heading(const char *s)
{
	size_t n = strlen(s);

	return n && s[n - 1] == ':' && letter_cells(s) == 1;
}

struct matrix_rows {
	char label[96];
	int line;
	struct letter_cell cell[MATRIX_GROUPS][MATRIX_ARMS];
	double chg[MATRIX_GROUPS];
	bool has_chg[MATRIX_GROUPS];
};

static int matrix_tables(struct letter *l, size_t i, const struct matrix *m,
			 const struct matrix_rows *r, int nr, size_t last,
			 const char *section)
{
	for (int g = 0; g < m->groups; g++) {
		struct letter_table t = {};
		struct letter_row row;
		size_t cap = 0;

		for (int k = 0; k < nr; k++) {
			memset(&row, 0, sizeof(row));
			snprintf(row.label, sizeof(row.label), "%s", r[k].label);
			for (int a = 0; a < m->arms; a++)
				row.cell[a] = r[k].cell[g][a];
			row.has_change = r[k].has_chg[g];
			row.change_pct = r[k].chg[g];
			row.line = r[k].line;
			if (letter_add_row(l, &t, &row, &cap))
				return -1;
		}
		for (int a = 0; a < m->arms; a++)
			memcpy(t.col[a], m->arm[a], sizeof(t.col[a]));
		t.nr_cols = m->arms;
		t.named = true;
		t.line = (int)i + 1;
		snprintf(t.title, sizeof(t.title), "%s", m->name[g]);
		if (!t.title[0])
			letter_find_title(l, i, t.title, sizeof(t.title));
		if (letter_keep_table(l, &t, section))
			return -1;
	}
	for (size_t k = i; k <= last; k++)
		l->lines[k].kind = LL_TABLE;
	return 0;
}

/*
 * The matrix whose header starts on line i (the groups' names, then the
 * arms, or the arms alone): its tables. Returns the line after it, or
 * i + 1 when line i heads none; -1 when out of memory.
 */
long letter_read_matrix(struct letter *l, size_t i, const char *section)
{
	int depth = l->lines[i].depth, nr = 0, cap = 64;
	struct matrix_rows *r = NULL;
	struct matrix m;
	size_t h, j, last = i;
	char label[96];
	long next = (long)i + 1;

	if (!strchr(l->lines[i].text, '/'))
		return next;
	if (matrix_header(l, i, &m))
		h = i;
	else if (letter_same_block(l, i + 1, depth) && matrix_header(l, i + 1, &m))
		h = i + 1;
	else
		return next;
	r = malloc(cap * sizeof(*r));
	if (!r)
		return -1;
	for (j = h + 1; letter_same_block(l, j, depth); j++) {
		struct matrix_rows *x = &r[nr];

		if (sub_heading(l->lines[j].text))
			continue;
		if (!matrix_row(l->lines[j].text, &m, label, sizeof(label), x->cell, x->chg,
				x->has_chg))
			break;
		snprintf(x->label, sizeof(x->label), "%s", label);
		x->line = (int)j + 1;
		last = j;
		if (++nr == cap) {
			struct matrix_rows *g = realloc(r, 2 * cap * sizeof(*r));

			if (!g) {
				free(r);
				return -1;
			}
			r = g;
			cap *= 2;
		}
	}
	if (nr >= 2)
		next = matrix_tables(l, i, &m, r, nr, last, section) ? -1 : (long)last + 1;
	free(r);
	return next;
}
