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

long letter_keep_lines(struct letter *l, struct letter_table *t, int nr_cols,
		       size_t first, size_t end, const char *section)
{
	t->nr_cols = nr_cols;
	t->named = true;
	t->line = (int)first + 1;
	for (size_t k = first; k < end; k++)
		l->lines[k].kind = LL_TABLE;
	letter_find_title(l, first, t->title, sizeof(t->title));
	return letter_keep_table(l, t, section) ? -1 : (long)end;
}

int letter_keep_table(struct letter *l, struct letter_table *t,
		      const char *section)
{
	letter_section_title(t, section);
	if (letter_seen_table(l, t)) {
		free(t->rows);
		return 0;
	}
	if (letter_push_table(l, t)) {
		free(t->rows);
		return -1;
	}
	return 0;
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
	    grow_array((void **)&t->rows, cap, 8, sizeof(*t->rows))) {
		/* the table goes: its reader only returns the failure */
		free(t->rows);
		t->rows = NULL;
		t->nr_rows = 0;
		*cap = 0;
		return -1;
	}
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

size_t letter_past_blanks(const struct letter *l, size_t j, int depth)
{
	while (letter_same_block(l, j, depth) && letter_blank(l->lines[j].text))
		j++;
	return j;
}

size_t letter_indent(const char *s)
{
	return strspn(s, " ");
}

/* Line j as a row of the table whose first row is line i: its values. */
static int table_row(const struct letter *l, size_t i, size_t j, int nv,
		     struct letter_row *r)
{
	int v = letter_parse_row(l->lines[j].text, r);

	/* "avg  100  183  +83%": one row's change after the arms' values */
	if (v == nv + 1 && nv < LETTER_MAX_COLS && letter_signed_pct(&r->cell[nv]) &&
	    !letter_signed_pct(&r->cell[nv - 1])) {
		r->has_change = true;
		r->change_pct = r->cell[nv].mean;
		memset(&r->cell[nv], 0, sizeof(r->cell[nv]));
		return nv;
	}
	/* an empty cell ("|   |", or blanks): the values by their place */
	if (v > 0 && v < nv && l->lines[j].piped == l->lines[i].piped &&
	    letter_row_placed(l->lines[i].text, nv, l->lines[j].text,
			      l->lines[j].piped, r))
		return nv;
	return v;
}

/* A line of a change alone ("-1.9%"), under an arrow row: that row's. */
static bool lone_change(const char *s, double *pct)
{
	struct letter_cell c;

	if (letter_cells(s) != 1 || !letter_cell_parse(s, &c) || !letter_signed_pct(&c))
		return false;
	*pct = c.mean;
	return true;
}

static bool arrow_next(const char *s)
{
	struct letter_row r;
	double pct;

	return letter_parse_arrow_row(s, &r) || lone_change(s, &pct);
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
	double pct;

	while (letter_same_block(l, j, depth)) {
		const char *s = l->lines[j].text;
		struct letter_row row;
		int v = arrow ? (letter_parse_arrow_row(s, &row) ? 2 : 0) :
			table_row(l, i, j, nv, &row);

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
		if (arrow && lone_change(s, &pct) && (t->rows_cut ||
		    (t->nr_rows && !t->rows[t->nr_rows - 1].has_change))) {
			if (!t->rows_cut) {	/* a row cut past the budget: none */
				t->rows[t->nr_rows - 1].has_change = true;
				t->rows[t->nr_rows - 1].change_pct = pct;
			}
			last = j++;
			continue;
		}
		if (letter_blank(s) || letter_rule(s)) {
			size_t k = j;
			struct letter_row next;

			while (letter_same_block(l, k, depth) &&
			       (letter_blank(l->lines[k].text) || letter_rule(l->lines[k].text)))
				k++;
			if (letter_same_block(l, k, depth) &&
			    (arrow ? arrow_next(l->lines[k].text) :
			     table_row(l, i, k, nv, &next) == nv)) {
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
		char col[MAX_CELLS][LETTER_NAME_LEN];
		bool label_col;

		if (cand == (size_t)-1 || !text_row(l->lines[cand].text, nv, &pre[n]))
			break;
		/* above a table's rule: its header's, not a row */
		if (letter_rule(l->lines[cand + 1].text))
			break;
		above = prev_line(l, cand, depth);
		if (above == (size_t)-1 ||
		    !letter_read_header(l->lines[above].text, nv, col, &label_col))
			break;
		pre[n++].line = (int)cand + 1;
		*top = cand;
	}
	while (n--)
		if (letter_add_row(l, t, &pre[n], cap))
			return -1;
	return 0;
}

/*
 * Rows with the arms' values alone after a table whose change columns
 * were taken out (counters under the timings, no change beside them),
 * each value under its arm in row first (nv values): the same table.
 * Returns its new last line.
 */
static long read_arm_rows(struct letter *l, size_t first, int nv, long last,
			  struct letter_table *t, size_t *cap)
{
	int depth = l->lines[last].depth;
	size_t k = (size_t)last + 1, old = t->nr_rows;
	struct letter_row row;
	long next;

	while (letter_same_block(l, k, depth) &&
	       (letter_blank(l->lines[k].text) || letter_rule(l->lines[k].text)))
		k++;
	if (!letter_same_block(l, k, depth) ||
	    letter_parse_row(l->lines[k].text, &row) != t->nr_cols)
		return last;
	next = read_rows(l, k, t->nr_cols, false, t, cap);
	for (size_t r = old; next >= 0 && r < t->nr_rows; r++)
		if (!letter_row_under(l->lines[first].text, nv,
				      l->lines[t->rows[r].line - 1].text, t->nr_cols)) {
			t->nr_rows = old;	/* not the arms' columns */
			return last;
		}
	return next;
}

/* "usemem30, 64K folios:" over "=====": the heading of what follows */
bool letter_section_heading(const struct letter *l, size_t i)
{
	const char *u;

	if (i + 1 >= l->nr_lines || l->lines[i].kind != LL_PROSE || l->lines[i].piped ||
	    letter_blank(l->lines[i].text) || letter_rule(l->lines[i].text))
		return false;	/* a boxed header over its "|====|" is no heading */
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
 * "hugetlb-rmap-cleanups -> fork-batching" alone on a line over arrow
 * rows (a blank line or two between): the arms' names, into a and b.
 */
static bool arrow_arms(const struct letter *l, size_t i, char *a, char *b)
{
	int depth = l->lines[i].depth;
	size_t j = i;
	struct letter_cell c;
	char left[LETTER_NAME_LEN], right[LETTER_NAME_LEN];
	const char *s, *arrow;

	while (j > 0 && i - j < 3 && letter_same_block(l, j - 1, depth) &&
	       letter_blank(l->lines[j - 1].text))
		j--;
	if (j == 0 || j == i || !letter_same_block(l, j - 1, depth))
		return false;
	s = l->lines[j - 1].text + strspn(l->lines[j - 1].text, " ");
	arrow = strstr(s, " -> ");
	if (!arrow || strstr(arrow + 4, "->") || arrow - s >= (long)sizeof(left) ||
	    strlen(arrow + 4) >= sizeof(right))
		return false;
	snprintf(left, sizeof(left), "%.*s", (int)(arrow - s), s);
	snprintf(right, sizeof(right), "%s", arrow + 4 + strspn(arrow + 4, " "));
	/* names, one word each: "order-0: 1 -> 2" is a row, not arms */
	if (strchr(left, ' ') || strchr(right, ' ') || !letter_label_ok(left) ||
	    !letter_label_ok(right) || letter_cell_parse(left, &c) ||
	    letter_cell_parse(right, &c) || strchr(left, ':'))
		return false;
	strcpy(a, left);
	strcpy(b, right);
	return true;
}

/* Each cell of header h stands over row r's cell of its rank. */
static bool over_cells(const char *h, const char *r)
{
	struct span hs[MAX_CELLS], rs[MAX_CELLS];
	int n = letter_split_cells(h, hs, MAX_CELLS);

	if (n < 2 || letter_split_cells(r, rs, MAX_CELLS) != n)
		return false;
	for (int k = 0; k < n; k++)
		if (hs[k].start > rs[k].end || rs[k].start > hs[k].end)
			return false;
	return true;
}

/*
 * A header one blank line above the rows, over the labels' column left
 * empty ("             base      base+revert" over a blank line) or
 * naming it ("num_vcpus   vcpu wall time   aging avg pass time", each
 * name over its cells, no sentence's close): its line, or -1. Its names
 * are nv, one per value column.
 */
static size_t header_over_blank(const struct letter *l, size_t top, int nv)
{
	int depth = l->lines[top].depth;
	char col[MAX_CELLS][LETTER_NAME_LEN];
	const char *s;
	bool label_col;
	size_t h, n;

	if (top < 2 || !letter_same_block(l, top - 1, depth) ||
	    !letter_blank(l->lines[top - 1].text) || !letter_same_block(l, top - 2, depth))
		return (size_t)-1;
	h = top - 2;
	s = l->lines[h].text;
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	if (letter_read_header(s, nv, col, &label_col) != nv ||
	    (label_col ? !n || strchr(":.", s[n - 1]) || !over_cells(s, l->lines[top].text) :
			 strncmp(s, "    ", 4) != 0))
		return (size_t)-1;
	return h;
}

static void label_header(const char *h, char *out, size_t len);

/* "Small 32-byte object:": a short line of words closing in a colon. */
static bool sub_heading(const char *s)
{
	size_t n = strlen(s);

	while (*s == ' ')
		s++, n--;
	return n >= 3 && n <= 60 && s[n - 1] == ':' && !strchr(s, '|');
}

/*
 * The header of a table in sections, over section h ("Small 32-byte
 * object:" under "Applied patches  Run time  Accounting overhead",
 * its rule and a blank line): its names of nv columns into col, the
 * labels' name into t; or the names of the section right above (its
 * table just read, under the same header). false for neither.
 */
static bool section_header(const struct letter *l, size_t h, int nv,
			   char col[][LETTER_NAME_LEN], struct letter_table *t)
{
	int depth = l->lines[h].depth;
	size_t k = h, head;
	bool label_col;

	while (k > 0 && h - k < 3 && l->lines[k - 1].depth == depth &&
	       (letter_blank(l->lines[k - 1].text) || letter_rule(l->lines[k - 1].text)))
		k--;
	if (k == 0 || k == h)
		return false;
	if (l->lines[k - 1].kind == LL_TABLE && l->nr_tables &&
	    l->tables[l->nr_tables - 1].section_header)
		head = l->tables[l->nr_tables - 1].section_header - 1;
	else if (l->lines[k - 1].kind == LL_PROSE)
		head = k - 1;
	else
		return false;
	if (letter_read_header(l->lines[head].text, nv, col, &label_col) != nv ||
	    !label_col)
		return false;
	label_header(l->lines[head].text, t->label_name, sizeof(t->label_name));
	t->section_header = head + 1;
	return true;
}

static void label_header(const char *h, char *out, size_t len)
{
	struct span sp[MAX_CELLS];
	int n = letter_split_cells(h, sp, MAX_CELLS), end;

	if (n < 1)
		return;
	end = sp[0].end;
	if (n == 1)
		end = sp[0].start + (int)strcspn(h + sp[0].start, " ");
	snprintf(out, len, "%.*s", end - sp[0].start, h + sp[0].start);
}

/*
 * The table whose first row of numbers is line i (nv values per row):
 * its rows, header and title. Returns the line after it, or i + 1 when
 * line i starts no table; -1 when out of memory.
 */
long letter_read_table(struct letter *l, size_t i, bool arrow,
		       const char *section)
{
	char col[MAX_CELLS][LETTER_NAME_LEN];
	struct letter_table t = {};
	struct letter_row row;
	size_t cap = 0, top = i, h, sub = (size_t)-1;
	bool stacked, label_col = false;
	int nh = 0;
	int depth = l->lines[i].depth;
	int nv = arrow ? 2 : letter_parse_row(l->lines[i].text, &row);
	long last;

	if (nv < 2 || (!arrow && read_text_rows(l, i, nv, &t, &cap, &top)))
		goto out;
	last = read_rows(l, i, nv, arrow, &t, &cap);
	if (last < 0)
		goto oom;
	h = arrow ? (size_t)-1 : prev_line(l, top, depth);
	if (h == (size_t)-1 && !arrow)
		h = header_over_blank(l, top, nv);
	if (h != (size_t)-1 && letter_parse_row(l->lines[h].text, &row) == nv)
		h = (size_t)-1;		/* rows above are not a header */
	if (h != (size_t)-1 && sub_heading(l->lines[h].text) &&
	    section_header(l, h, nv, col, &t)) {
		/* "Small 32-byte object:" under the table's header: a section */
		letter_clean_label(l->lines[h].text, strlen(l->lines[h].text) - 1,
				   t.title, sizeof(t.title));
		sub = h;
		h = (size_t)-1;
	}
	stacked = sub == (size_t)-1 && !arrow && letter_stacked_header(l, i, nv, col, &h);
	if (stacked || sub != (size_t)-1)
		nh = nv;
	else if (h != (size_t)-1)
		nh = letter_read_header_over(l->lines[h].text, l->lines[top].text, nv,
					     col, &label_col);
	if (!stacked && sub == (size_t)-1 && h != (size_t)-1 && !nh && h > 0 &&
	    letter_same_block(l, h - 1, depth) && !letter_blank(l->lines[h - 1].text) &&
	    l->lines[h - 1].kind == LL_PROSE &&
	    letter_header_two_lines(l->lines[h - 1].text, l->lines[h].text,
				    l->lines[top].text, nv, col, &label_col)) {
		/* "bogo ops/s" over "(real time)": the header's two lines */
		nh = nv;
		h--;
	}
	if (!stacked && nh && label_col)
		label_header(l->lines[h].text, t.label_name, sizeof(t.label_name));
	if (h == (size_t)-1 && sub == (size_t)-1 && t.nr_rows + t.rows_cut < 2 && !arrow)
		goto out;
	if (sub != (size_t)-1)
		top = sub;
	t.line = (int)(h != (size_t)-1 ? h : top) + 1;
	if (arrow) {
		t.named = true;
		t.nr_cols = 2;
		if (!arrow_arms(l, i, t.col[0], t.col[1])) {
			snprintf(t.col[0], sizeof(t.col[0]), "before");
			snprintf(t.col[1], sizeof(t.col[1]), "after");
		}
	} else {
		letter_name_columns(&t, col, nh, nv, stacked);
	}
	/* one row, no header to name its numbers ("load average: 8.99 2.69 0.93") */
	if (t.nr_cols < 2 || (!t.named && !arrow && t.nr_rows + t.rows_cut < 2))
		goto out;
	if (t.named && t.nr_cols < nv) {
		last = read_arm_rows(l, i, nv, last, &t, &cap);
		if (last < 0)
			goto oom;
	}
	for (size_t k = h != (size_t)-1 ? h : top; k <= (size_t)last; k++)
		l->lines[k].kind = LL_TABLE;
	if (sub == (size_t)-1)
		letter_find_title(l, h != (size_t)-1 ? h : top, t.title, sizeof(t.title));
	return letter_keep_table(l, &t, section) ? -1 : last + 1;
out:
	free(t.rows);
	return (long)i + 1;
oom:
	free(t.rows);
	return -1;
}
