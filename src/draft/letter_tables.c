// SPDX-License-Identifier: GPL-2.0
/*
 * Aligned tables: the run of rows under a header line (or without one),
 * their title, the columns named, change columns taken out.
 */
#define _GNU_SOURCE	/* strcasestr */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "grow.h"
#include "letter_shapes.h"
#include "text_clean.h"

/* The last sentence of the paragraph above line i: the table's title. */
void letter_find_title(const struct letter *l, size_t i, char *out, size_t len)
{
	int depth = l->lines[i].depth, seen = 0;
	size_t end = i, begin;
	char para[1024] = "", *p;

	/*
	 * Up to the nearest line of the table's quote depth: a reply's own
	 * words between a quoted table and its heading are not its title.
	 */
	out[0] = '\0';
	while (end > 0 && seen++ < 12) {
		const struct letter_line *ln = &l->lines[end - 1];

		if (ln->kind == LL_TABLE || (ln->kind == LL_SKIP && ln->depth == depth))
			return;		/* a table or a diff right above */
		if (ln->kind == LL_PROSE && ln->depth == depth &&
		    !letter_blank(ln->text) && !letter_rule(ln->text))
			break;
		end--;
	}
	if (!end || seen > 12)
		return;
	for (begin = end; begin > 0 && end - begin < 8; begin--) {
		const struct letter_line *ln = &l->lines[begin - 1];

		if (ln->kind != LL_PROSE || ln->depth != depth || letter_blank(ln->text) ||
		    letter_rule(ln->text))
			break;
	}
	for (size_t k = begin; k < end; k++) {
		size_t used = strlen(para);
		const char *t = l->lines[k].text;

		while (*t == ' ')
			t++;
		snprintf(para + used, sizeof(para) - used, "%s%s", used ? " " : "", t);
	}
	/* the last sentence: after the last ". " that is not the end */
	p = para;
	for (char *q = para; *q; q++)
		if ((*q == '.' || *q == '?' || *q == '!') && q[1] == ' ' && q[2])
			p = q + 2;
	letter_clean_label(p, strlen(p), out, len);
	while (strlen(out) && strchr(" .", out[strlen(out) - 1]))
		out[strlen(out) - 1] = '\0';
	/* a long sentence: its start, cut at a word */
	if (strlen(out) > TITLE_MAX) {
		for (p = out + TITLE_MAX; p > out + TITLE_MAX / 2 && *p != ' '; p--)
			;
		strcpy(p, " ...");
	}
}

static bool header_name_ok(const char *s, size_t n)
{
	int words = 1;

	if (!n || n >= 48)
		return false;
	for (size_t i = 0; i < n; i++)
		words += s[i] == ' ';
	return words <= 5;
}

/* A column of changes, into change_pct */
static bool change_name(const char *s)
{
	static const char *const words[] = { "change", "delta", "diff", NULL };

	for (int i = 0; words[i]; i++)
		if (strcasestr(s, words[i]))
			return true;
	return false;
}

/* A column that judges ("% Improvement", "speedup"): kept as words */
static bool gain_name(const char *s)
{
	static const char *const words[] = {
		"improv", "gain", "speedup", "%", "better", NULL };

	for (int i = 0; words[i]; i++)
		if (strcasestr(s, words[i]))
			return true;
	return false;
}

/* The words of s, one blank apart or more. */
static int split_words(const char *s, struct span *sp, int max)
{
	int n = 0, i = 0, len = (int)strlen(s);

	while (i < len && n < max) {
		while (i < len && s[i] == ' ')
			i++;
		if (i >= len)
			break;
		sp[n].start = i;
		while (i < len && s[i] != ' ')
			i++;
		sp[n++].end = i;
	}
	return n;
}

/*
 * Header line h above rows of nv values: its cells name the columns
 * (nv), the label column and the columns (nv + 1), or the columns
 * without the last, a change (nv - 1). Returns the names' count, 0 when
 * h is no header for these rows.
 */
static int read_header(const char *h, int nv, char col[][48], bool *label_col)
{
	struct span sp[MAX_CELLS];
	int n = letter_split_cells(h, sp, MAX_CELLS);
	const char *end = h + strlen(h) - 1;

	/* words one blank apart over rows the same ("mode Base Patched") */
	if (n == 1 && nv > 1)
		n = split_words(h, sp, MAX_CELLS);

	*label_col = false;
	if (n < 1 || *end == '.' || *end == ':' || (n != nv && n != nv + 1 &&
						     n != nv - 1))
		return 0;
	for (int i = 0; i < n; i++)
		if (!header_name_ok(h + sp[i].start, sp[i].end - sp[i].start))
			return 0;
	*label_col = n == nv + 1;
	for (int i = *label_col; i < n; i++)
		snprintf(col[i - *label_col], 48, "%.*s",
			 sp[i].end - sp[i].start, h + sp[i].start);
	return n - *label_col;
}

int letter_push_table(struct letter *l, const struct letter_table *t)
{
	struct letter_table *nt;

	if (!t->nr_rows) {
		l->tables_cut++;
		l->rows_cut += t->rows_cut;
		free(t->rows);
		return 0;
	}
	nt = realloc(l->tables, (l->nr_tables + 1) * sizeof(*nt));
	if (!nt)
		return -1;
	l->tables = nt;
	l->tables[l->nr_tables++] = *t;
	l->nr_rows += t->nr_rows;
	return 0;
}

static bool same_cell(const struct letter_cell *a, const struct letter_cell *b)
{
	return a->kind == b->kind && a->mean == b->mean && a->sd == b->sd &&
	       !strcmp(a->text, b->text);
}

/* A table quoted again in a reply: the same columns and rows. */
bool letter_seen_table(const struct letter *l, const struct letter_table *t)
{
	for (size_t i = 0; i < l->nr_tables; i++) {
		const struct letter_table *o = &l->tables[i];
		bool same = o->nr_cols == t->nr_cols && o->nr_rows == t->nr_rows;

		for (size_t r = 0; same && r < t->nr_rows; r++) {
			same = !strcmp(o->rows[r].label, t->rows[r].label);
			for (int c = 0; same && c < t->nr_cols; c++)
				same = same_cell(&o->rows[r].cell[c], &t->rows[r].cell[c]);
		}
		if (same)
			return true;
	}
	return false;
}

static void add_extra(struct letter_row *row, const char *name,
		      const struct letter_cell *c)
{
	size_t used = strlen(row->extra);

	if (c->kind == CELL_NUM)
		snprintf(row->extra + used, sizeof(row->extra) - used,
			 c->sign ? "%s%s %+g%s" : "%s%s %g%s", used ? ", " : "",
			 name, c->mean, c->unit);
	else if (c->kind == CELL_TEXT)
		snprintf(row->extra + used, sizeof(row->extra) - used, "%s%s %s",
			 used ? ", " : "", name, c->text);
}

/*
 * Value column c of every row leaves the table: into the rows'
 * change_pct (a change column, "-0.5%"), or their extra words (name
 * given: a column that judges, or one the claims table cannot hold),
 * and with delta into their delta too (a column of absolute changes).
 */
static void take_column(struct letter_table *t, int c, const char *name,
			bool delta)
{
	for (size_t r = 0; r < t->nr_rows; r++) {
		struct letter_row *row = &t->rows[r];
		struct letter_cell *cell = &row->cell[c];

		if (name) {
			add_extra(row, name, cell);
			if (delta && letter_is_num(cell)) {
				row->has_delta = true;
				row->delta = cell->mean;
			}
		} else if (letter_is_num(cell)) {
			row->has_change = true;
			row->change_pct = cell->mean;
		}
		memmove(cell, cell + 1, (LETTER_MAX_COLS - 1 - c) * sizeof(*cell));
		memset(&row->cell[LETTER_MAX_COLS - 1], 0, sizeof(*cell));
	}
}

static bool pct_cell(const struct letter_cell *c)
{
	return letter_is_num(c) && !strcmp(c->unit, "%");
}

static bool pct_or_text(const struct letter_cell *c)
{
	return !letter_is_num(c) || !strcmp(c->unit, "%");
}

static bool column_all(const struct letter_table *t, int c,
		       bool (*ok)(const struct letter_cell *))
{
	for (size_t r = 0; r < t->nr_rows; r++)
		if (!ok(&t->rows[r].cell[c]))
			return false;
	return true;
}

/* "vs shrinker off  vs stock shrinker" over signed percentages */
static bool change_only(struct letter_table *t)
{
	for (int c = 0; c < t->nr_cols; c++) {
		const char *p = t->col[c] + 2;

		if (strncasecmp(t->col[c], "vs", 2) || !strchr(". ", *p) ||
		    !column_all(t, c, letter_signed_pct))
			return false;
		p += *p == '.';
		if (!p[strspn(p, " ")])
			return false;	/* "vs" of nothing */
	}
	for (int c = 0; c < t->nr_cols; c++) {
		const char *p = t->col[c] + 2;

		p += *p == '.';
		while (*p == ' ')
			p++;
		memmove(t->col[c], p, strlen(p) + 1);
	}
	return true;
}

static bool column_taken(const struct letter_table *t, int c, const char *name)
{
	for (int d = 0; d < c; d++)
		if (!strcmp(t->col[d], name))
			return true;
	return false;
}

/*
 * A name twice (a header like "zstd  zstd"), or two that a cut through a
 * character made alike, must not clash: "zstd (2)".
 */
void letter_unique_columns(struct letter_table *t)
{
	for (int c = 0; c < t->nr_cols; c++) {
		char base[48];

		yaml_text_clean(t->col[c]);
		if (!t->col[c][0])
			snprintf(t->col[c], sizeof(t->col[c]), "column %d", c + 1);
		memcpy(base, t->col[c], sizeof(base));
		for (int k = 2; column_taken(t, c, t->col[c]); k++) {
			snprintf(t->col[c], sizeof(t->col[c]), "%.36s (%d)", base, k % 100);
			yaml_text_clean(t->col[c]);
		}
	}
}

static void name_columns(struct letter_table *t, const char *header, int nv)
{
	char col[MAX_CELLS][48];
	bool label_col;
	int nh = header ? read_header(header, nv, col, &label_col) : 0;

	t->named = nh > 0;
	if (nv > LETTER_MAX_COLS) {
		/* the first columns kept: a change column is past them */
		t->cols_cut = nv - LETTER_MAX_COLS;
		nv = LETTER_MAX_COLS;
		t->named = nh >= nv;
	} else if (nh == nv - 1 && !column_all(t, nv - 1, letter_is_num))
		t->named = false;
	if (t->cols_cut) {
		;
	} else if (t->named && nh == nv - 1) {
		take_column(t, nv - 1, NULL, false);	/* an unnamed change column */
		nv--;
	} else if (t->named && nv > 2 && (change_name(col[nv - 1]) ||
					  gain_name(col[nv - 1]))) {
		/*
		 * "Change" over "-0.5%" is a relative change; "Delta" over
		 * "32025" an absolute one, which the note keeps
		 */
		bool pct = change_name(col[nv - 1]) && column_all(t, nv - 1, pct_or_text);

		take_column(t, nv - 1, pct ? NULL : col[nv - 1],
			    change_name(col[nv - 1]));
		nv--;
	} else if (!t->named) {
		int drop = 0;

		/* trailing columns of percentages after the values */
		while (nv - drop > 2 && column_all(t, nv - 1 - drop, pct_cell))
			drop++;
		if (drop == 1 && column_all(t, nv - 1, letter_signed_pct)) {
			take_column(t, nv - 1, NULL, false);
		} else {
			for (int c = nv - drop; c < nv; c++) {
				char name[24];

				snprintf(name, sizeof(name), "column %d", c + 1);
				take_column(t, nv - drop, name, false);
			}
		}
		nv -= drop;
	}
	t->nr_cols = nv;
	for (int c = 0; c < nv; c++) {
		if (t->named)
			snprintf(t->col[c], sizeof(t->col[c]), "%.47s", col[c]);
		else
			snprintf(t->col[c], sizeof(t->col[c]), "column %d", c + 1);
	}
	t->change_only = t->named && change_only(t);
	letter_unique_columns(t);
}

static size_t prev_line(const struct letter *l, size_t i, int depth)
{
	/* one rule line may stand between a header and its rows */
	if (i > 0 && letter_rule(l->lines[i - 1].text) && l->lines[i - 1].depth == depth)
		i--;
	if (i > 0 && l->lines[i - 1].depth == depth &&
	    l->lines[i - 1].kind == LL_PROSE && !letter_blank(l->lines[i - 1].text))
		return i - 1;
	return (size_t)-1;
}

int letter_add_row(struct letter *l, struct letter_table *t,
		   const struct letter_row *r, size_t *cap)
{
	if (l->nr_rows + t->nr_rows >= LETTER_MAX_ROWS) {
		t->rows_cut++;
		return 0;
	}
	if (t->nr_rows == *cap &&
	    grow_array((void **)&t->rows, cap, 8, sizeof(*t->rows)))
		return -1;
	t->rows[t->nr_rows++] = *r;
	return 0;
}

/* A row of words under a header: "zswap compressor   zstd   zstd" */
static bool text_row(const char *s, int nv, struct letter_row *r)
{
	struct span sp[MAX_CELLS];
	struct letter_cell c;
	int n = letter_split_cells(s, sp, MAX_CELLS);

	if (n != nv + 1)
		return false;
	for (int k = 1; k < n; k++)
		if (sp[k].end - sp[k].start > 31 || letter_span_cell(s, &sp[k], &c))
			return false;
	memset(r, 0, sizeof(*r));
	letter_clean_label(s + sp[0].start, sp[0].end - sp[0].start, r->label,
		    sizeof(r->label));
	if (!letter_label_ok(r->label))
		return false;
	for (int k = 1; k < n && k <= LETTER_MAX_COLS; k++) {
		r->cell[k - 1].kind = CELL_TEXT;
		snprintf(r->cell[k - 1].text, sizeof(r->cell[0].text), "%.*s",
			 sp[k].end - sp[k].start, s + sp[k].start);
	}
	return true;
}

/*
 * A label wrapped onto a line of its own: "*Zswap Load Time" over its
 * numbers, "(of same value pages)" under them.
 */
static bool wrapped_label(const char *s)
{
	struct span sp[2];
	struct letter_cell c;
	size_t n;

	if (letter_split_cells(s, sp, 2) != 1 || letter_span_cell(s, &sp[0], &c))
		return false;
	n = sp[0].end - sp[0].start;
	return n <= 40 && !strchr(".:", s[sp[0].end - 1]) && letter_label_ok(s + sp[0].start);
}

bool letter_same_block(const struct letter *l, size_t j, int depth)
{
	return j < l->nr_lines && l->lines[j].depth == depth &&
	       l->lines[j].kind == LL_PROSE;
}

/*
 * The rows from line i on (nv values each): blocks apart by blank lines
 * or rules stay one table while the next holds rows as wide. Returns
 * the last line of the table.
 */
static long read_rows(struct letter *l, size_t i, int nv, bool arrow,
		      struct letter_table *t, size_t *cap)
{
	char prefix[96] = "";
	size_t j = i, last = i;
	int depth = l->lines[i].depth;

	while (letter_same_block(l, j, depth)) {
		const char *s = l->lines[j].text;
		struct letter_row row;
		int v = arrow ? (letter_parse_arrow_row(s, &row) ? 2 : 0) : letter_parse_row(s, &row);

		if (v == nv) {
			if (prefix[0]) {
				char label[2 * sizeof(row.label)];

				snprintf(label, sizeof(label), "%s %s", prefix, row.label);
				label[sizeof(row.label) - 1] = '\0';
				memcpy(row.label, label, sizeof(row.label));
				prefix[0] = '\0';
			}
			/* "596 +- 26 (-20.4%)": the change in the new cell */
			for (int k = (nv < LETTER_MAX_COLS ? nv : LETTER_MAX_COLS) - 1;
			     k > 0 && !row.has_change; k--)
				if (row.cell[k].has_change) {
					row.has_change = true;
					row.change_pct = row.cell[k].change_pct;
				}
			row.line = (int)j + 1;
			if (letter_add_row(l, t, &row, cap))
				return -1;
			last = j++;
			continue;
		}
		if (letter_blank(s) || letter_rule(s)) {
			size_t k = j;
			struct letter_row next;

			while (letter_same_block(l, k, depth) &&
			       (letter_blank(l->lines[k].text) || letter_rule(l->lines[k].text)))
				k++;
			if (!arrow && letter_same_block(l, k, depth) &&
			    letter_parse_row(l->lines[k].text, &next) == nv) {
				j = k;
				continue;
			}
			break;
		}
		if (arrow || !wrapped_label(s))
			break;
		while (*s == ' ')
			s++;
		if (*s == '(' && t->nr_rows && last + 1 == j) {
			struct letter_row *prev = &t->rows[t->nr_rows - 1];
			size_t used = strlen(prev->label);

			snprintf(prev->label + used, sizeof(prev->label) - used, " %s", s);
		} else if (letter_same_block(l, j + 1, depth) &&
			   letter_parse_row(l->lines[j + 1].text, &row) == nv) {
			letter_clean_label(s, strlen(s), prefix, sizeof(prefix));
		} else {
			break;
		}
		last = j++;
	}
	return (long)last;
}

/*
 * Rows of words between the header and the first row of numbers (the
 * configuration of each column), added before the rows: top gets the
 * first of them.
 */
static int read_text_rows(struct letter *l, size_t i, int nv,
			  struct letter_table *t, size_t *cap, size_t *top)
{
	struct letter_row pre[4];
	int n = 0, depth = l->lines[i].depth;

	*top = i;
	while (n < 4) {
		size_t cand = prev_line(l, *top, depth), above;
		char col[MAX_CELLS][48];
		bool label_col;

		if (cand == (size_t)-1 || !text_row(l->lines[cand].text, nv, &pre[n]))
			break;
		above = prev_line(l, cand, depth);
		if (above == (size_t)-1 ||
		    !read_header(l->lines[above].text, nv, col, &label_col))
			break;
		pre[n++].line = (int)cand + 1;
		*top = cand;
	}
	while (n--)
		if (letter_add_row(l, t, &pre[n], cap))
			return -1;
	return 0;
}

/* "usemem30, 64K folios:" over "=====": the heading of what follows */
bool letter_section_heading(const struct letter *l, size_t i)
{
	const char *u;

	if (i + 1 >= l->nr_lines || l->lines[i].kind != LL_PROSE ||
	    letter_blank(l->lines[i].text) || letter_rule(l->lines[i].text))
		return false;
	u = l->lines[i + 1].text;
	while (*u == ' ')
		u++;
	return *u == '=' && strspn(u, "= ") == strlen(u) && strlen(u) >= 3;
}

/* The title, after the section's heading when it has one of its own. */
void letter_section_title(struct letter_table *t, const char *section)
{
	char head[96], title[sizeof(t->title)];

	if (!section)
		return;
	letter_clean_label(section, strlen(section), head, sizeof(head));
	if (!head[0] || strstr(t->title, head))
		return;
	/* the title's end cut to fit, the heading kept */
	snprintf(title, sizeof(title), "%s%s%.*s", head, t->title[0] ? ": " : "",
		 (int)(sizeof(title) - strlen(head) - 3), t->title);
	memcpy(t->title, title, sizeof(title));
}

/*
 * The table whose first row of numbers is line i (nv values per row):
 * its rows, header and title. Returns the line after it, or i + 1 when
 * line i starts no table; -1 when out of memory.
 */
long letter_read_table(struct letter *l, size_t i, bool arrow,
		       const char *section)
{
	struct letter_table t = {};
	struct letter_row row;
	size_t cap = 0, top = i, h;
	int depth = l->lines[i].depth;
	int nv = arrow ? 2 : letter_parse_row(l->lines[i].text, &row);
	long last;

	if (nv < 2 || (!arrow && read_text_rows(l, i, nv, &t, &cap, &top)))
		goto out;
	last = read_rows(l, i, nv, arrow, &t, &cap);
	if (last < 0)
		goto oom;
	h = arrow ? (size_t)-1 : prev_line(l, top, depth);
	if (h != (size_t)-1 && letter_parse_row(l->lines[h].text, &row) == nv)
		h = (size_t)-1;		/* rows above are not a header */
	if (h == (size_t)-1 && t.nr_rows + t.rows_cut < 2 && !arrow)
		goto out;
	t.line = (int)(h != (size_t)-1 ? h : top) + 1;
	if (arrow) {
		t.named = true;
		t.nr_cols = 2;
		snprintf(t.col[0], sizeof(t.col[0]), "before");
		snprintf(t.col[1], sizeof(t.col[1]), "after");
	} else {
		name_columns(&t, h != (size_t)-1 ? l->lines[h].text : NULL, nv);
	}
	if (t.nr_cols < 2)
		goto out;
	for (size_t k = h != (size_t)-1 ? h : top; k <= (size_t)last; k++)
		l->lines[k].kind = LL_TABLE;
	letter_find_title(l, h != (size_t)-1 ? h : top, t.title, sizeof(t.title));
	letter_section_title(&t, section);
	if (letter_seen_table(l, &t))
		free(t.rows);
	else if (letter_push_table(l, &t))
		goto oom;
	return last + 1;
out:
	free(t.rows);
	return (long)i + 1;
oom:
	free(t.rows);
	return -1;
}
