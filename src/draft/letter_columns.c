// SPDX-License-Identifier: GPL-2.0
/*
 * A table's columns named: from its header line (or the lines of a
 * stacked header), change and judging columns taken out of the values
 * (into the rows' change or their note), names kept apart.
 */
#define _GNU_SOURCE	/* strcasestr */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "letter_shapes.h"
#include "text_clean.h"

/*
 * A measured value and its name, "179.62s total time": a decimal glued
 * to a unit, then words (stress-ng's --times lines), no column's name.
 */
static bool value_with_name(const char *s, size_t n)
{
	size_t k = strspn(s, "0123456789");

	if (!k || k >= n || s[k] != '.')
		return false;
	k += 1 + strspn(s + k + 1, "0123456789");
	if (k >= n || !isalpha((unsigned char)s[k]))
		return false;
	while (k < n && isalpha((unsigned char)s[k]))
		k++;
	return k + 1 < n && s[k] == ' ' && isalpha((unsigned char)s[k + 1]);
}

static bool header_name_ok(const char *s, size_t n)
{
	int words = 1;

	if (!n || n >= LETTER_NAME_LEN || value_with_name(s, n) || (n == 1 && *s == '('))
		return false;
	for (size_t i = 0; i < n; i++)
		words += s[i] == ' ';
	return words <= 6;
}

/*
 * "before change", "[v4 change]", "this change": the patch a column is
 * of, no change between arms.
 */
static bool names_the_patch(const char *s, const char *change)
{
	static const char *const words[] = {
		"before", "after", "with", "without", "w/", "w/o", "this", "the",
		"old", "new", "no", NULL };
	const char *w = change;
	size_t n;

	while (w > s && (w[-1] == ' ' || w[-1] == '_' || w[-1] == '-'))
		w--;
	n = (size_t)(w - s);
	while (w > s && w[-1] != ' ' && w[-1] != '[' && w[-1] != '(')
		w--;
	n -= (size_t)(w - s);
	if (!n)
		return false;
	if ((*w == 'v' || *w == 'V') && isdigit((unsigned char)w[1]))
		return true;	/* "v4 change" */
	for (int i = 0; words[i]; i++)
		if (strlen(words[i]) == n && !strncasecmp(w, words[i], n))
			return true;
	return false;
}

bool letter_change_name(const char *s)
{
	static const char *const words[] = { "change", "delta", "diff", NULL };

	for (int i = 0; words[i]; i++) {
		const char *w = strcasestr(s, words[i]);

		if (w && !(i == 0 && names_the_patch(s, w)))
			return true;
	}
	return false;
}

/* A column that judges ("% Improvement", "speedup"): kept as words */
static bool gain_name(const char *s)
{
	static const char *const words[] = {
		"improv", "gain", "speedup", "%", "better", "saved", "saving",
		"reduction", NULL };

	for (int i = 0; words[i]; i++)
		if (strcasestr(s, words[i]))
			return true;
	return false;
}

/*
 * The words of s, one blank apart or more; a lone "+" joined to the word
 * after it ("mm-new + bypass delta": "+ bypass" names the patched arm).
 */
static int split_words(const char *s, struct span *sp, int max)
{
	int n = 0, i = 0, len = (int)strlen(s);

	while (i < len && n < max) {
		bool plus;

		while (i < len && s[i] == ' ')
			i++;
		if (i >= len)
			break;
		sp[n].start = i;
		plus = s[i] == '+' && (i + 1 == len || s[i + 1] == ' ');
		while (i < len && s[i] != ' ')
			i++;
		if (plus) {
			while (i < len && s[i] == ' ')
				i++;
			while (i < len && s[i] != ' ')
				i++;
		}
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
/*
 * Names in parentheses over the changes each value carries ("orig  prcl
 * (overhead) pprcl  (overhead)" over "588658.400  255710.400  (-56.56)
 * ..."), the changes joined to their values: left out, a name one blank
 * after one kept. The names' count.
 */
static int without_note_names(const char *h, struct span *sp, int n)
{
	int o = 0;

	for (int i = 0; i < n; i++) {
		const char *s = h + sp[i].start, *close = memchr(s, ')', sp[i].end - sp[i].start);

		if (*s == '(' && close == h + sp[i].end - 1)
			continue;
		if (*s == '(' && close && close[1] == ' ')
			sp[i].start = (int)(close + 2 - h);
		sp[o++] = sp[i];
	}
	return o;
}

/*
 * Cells of sp[0..n) split after a unit closing a name, one blank before
 * the next name ("avg wait (ns) total wait (ns)": two names); the
 * count, at most max.
 */
static int split_after_units(const char *h, struct span *sp, int n, int max)
{
	struct span out[MAX_CELLS];
	int o = 0;

	for (int i = 0; i < n && o < max; i++) {
		int start = sp[i].start;

		for (int k = sp[i].start; k + 2 < sp[i].end && o < max - 1; k++)
			if (h[k] == ')' && h[k + 1] == ' ' && isalpha((unsigned char)h[k + 2])) {
				out[o].start = start;
				out[o++].end = k + 1;
				start = k + 2;
			}
		out[o].start = start;
		out[o++].end = sp[i].end;
	}
	memcpy(sp, out, o * sizeof(*sp));
	return o;
}

int letter_read_header(const char *h, int nv, char col[][LETTER_NAME_LEN], bool *label_col)
{
	struct span sp[MAX_CELLS];
	int n = letter_split_cells(h, sp, MAX_CELLS);
	const char *end = h + strlen(h) - 1;

	/* words one blank apart over rows the same ("mode Base Patched") */
	if (n == 1 && nv > 1)
		n = split_words(h, sp, MAX_CELLS);
	if (n > nv + 1)
		n = without_note_names(h, sp, n);
	if (n < nv + 1) {
		struct span units[MAX_CELLS];
		int nu;

		memcpy(units, sp, n * sizeof(*sp));
		nu = split_after_units(h, units, n, MAX_CELLS);
		if (nu == nv + 1) {
			memcpy(sp, units, nu * sizeof(*sp));
			n = nu;
		}
	}

	*label_col = false;
	if (n < 1 || *end == '.' || *end == ':' || (n != nv && n != nv + 1 &&
						     n != nv - 1))
		return 0;
	for (int i = 0; i < n; i++)
		if (!header_name_ok(h + sp[i].start, sp[i].end - sp[i].start))
			return 0;
	*label_col = n == nv + 1;
	for (int i = *label_col; i < n; i++) {
		const char *name = h + sp[i].start;
		int len = sp[i].end - sp[i].start;

		/* "[before change]": a name in brackets, the brackets no part */
		if (len > 2 && name[0] == '[' && name[len - 1] == ']' &&
		    !memchr(name + 1, '[', len - 2))
			name++, len -= 2;
		snprintf(col[i - *label_col], LETTER_NAME_LEN, "%.*s", len, name);
	}
	return n - *label_col;
}

/* The blanks between spans a and b, 0 when they overlap or touch. */
static int gap(const struct span *a, const struct span *b)
{
	if (a->end <= b->start)
		return b->start - a->end;
	if (b->end <= a->start)
		return a->start - b->end;
	return 0;
}

/*
 * The last nv cells of row into v, a change in parentheses two blanks
 * after its value ("400.0ms  (3.9%)") one cell with it, as the row's
 * reader counts them; false if fewer.
 */
static bool value_spans(const char *row, struct span *v, int nv)
{
	int o = letter_join_change_cells(row, v, letter_split_cells(row, v, MAX_CELLS));

	if (o < nv)
		return false;
	memmove(v, v + (o - nv), nv * sizeof(v[0]));
	return true;
}

/*
 * The value column (of v[0..nv)) nearest the word at w, ties to the
 * one overlapping it; -1 left of the first (the labels' header).
 */
static int column_under(const struct span *w, const struct span *v, int nv)
{
	int best = -1, best_gap = 0;

	if (w->end + 1 < v[0].start)
		return -1;
	for (int c = 0; c < nv; c++) {
		int g = gap(w, &v[c]);

		if (best < 0 || g < best_gap) {
			best = c;
			best_gap = g;
		}
	}
	return best;
}

static int words_by_position(const char *h, const char *row, int nv,
			     char col[][LETTER_NAME_LEN], bool *label_col, bool all);

/*
 * The header's words placed over the values of row by where they stand
 * ("bogo ops real time" over two columns, "bogo ops" and "real time"):
 * the names' count (nv), 0 unless every column gets a word and the
 * words of each stand together.
 */
static int header_by_position(const char *h, const char *row, int nv,
			      char col[][LETTER_NAME_LEN], bool *label_col)
{
	for (int c = 0; c < nv && c < LETTER_MAX_COLS; c++)
		col[c][0] = '\0';
	*label_col = false;
	return words_by_position(h, row, nv, col, label_col, true);
}

/*
 * The words of header line h appended to the names in col[0..nv) of
 * the columns they stand over; every column must get one when all.
 */
static int words_by_position(const char *h, const char *row, int nv,
			     char col[][LETTER_NAME_LEN], bool *label_col, bool all)
{
	struct span w[MAX_CELLS], v[MAX_CELLS];
	int nw = split_words(h, w, MAX_CELLS), last = -1;
	bool got[LETTER_MAX_COLS] = {};

	if (nw < (all ? nv : 1) || nv > LETTER_MAX_COLS || !value_spans(row, v, nv))
		return 0;
	for (int k = 0; k < nw; k++) {
		int c = column_under(&w[k], v, nv);
		size_t used;

		if (c < 0) {
			*label_col = true;
			continue;
		}
		if (c < last)
			return 0;	/* words out of the columns' order */
		last = c;
		got[c] = true;
		used = strlen(col[c]);
		if (used + (size_t)(w[k].end - w[k].start) + 2 >= LETTER_NAME_LEN)
			return 0;
		snprintf(col[c] + used, LETTER_NAME_LEN - used, "%s%.*s", used ? " " : "",
			 w[k].end - w[k].start, h + w[k].start);
	}
	for (int c = 0; all && c < nv; c++)
		if (!got[c])
			return 0;
	return nv;
}

int letter_header_two_lines(const char *top, const char *bottom, const char *row,
			    int nv, char col[][LETTER_NAME_LEN], bool *label_col)
{
	char placed[LETTER_MAX_COLS][LETTER_NAME_LEN];
	bool bottom_label = false;

	if (nv > LETTER_MAX_COLS || !header_by_position(top, row, nv, placed, label_col) ||
	    !words_by_position(bottom, row, nv, placed, &bottom_label, false))
		return 0;
	memcpy(col, placed, nv * sizeof(placed[0]));
	return nv;
}

/*
 * The header's cells counted one per column stand over them: false when
 * its first cell, taken for the first column's name, stands left of
 * every value, over the rows' labels ("stressor  bogo ops real time"
 * over "vm  123456  60.00"). Tab-padded headers drift from their
 * values, so nothing finer is asked.
 */
static bool header_aligned(const char *h, const char *row, int nv, int nh, bool label_col)
{
	struct span hs[MAX_CELLS], v[MAX_CELLS];
	int n = letter_split_cells(h, hs, MAX_CELLS);

	if (label_col || n != nh || !value_spans(row, v, nv))
		return true;
	return hs[0].end > v[0].start;
}

int letter_read_header_over(const char *h, const char *row, int nv,
			    char col[][LETTER_NAME_LEN], bool *label_col)
{
	int nh = letter_read_header(h, nv, col, label_col);
	char placed[LETTER_MAX_COLS][LETTER_NAME_LEN];
	bool placed_label;

	if (nh && header_aligned(h, row, nv, nh, *label_col))
		return nh;
	if (!header_by_position(h, row, nv, placed, &placed_label))
		return nh;
	memcpy(col, placed, nv * sizeof(placed[0]));
	*label_col = placed_label;
	return nv;
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
		char base[LETTER_NAME_LEN];

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

static bool column_any(const struct letter_table *t, int c,
		       bool (*ok)(const struct letter_cell *))
{
	for (size_t r = 0; r < t->nr_rows; r++)
		if (ok(&t->rows[r].cell[c]))
			return true;
	return false;
}

/*
 * A stacked header's trailing columns of percentages after two or more
 * of values ("vs. case1  vs. case2" over "18%  472%"): one alone a change
 * unless its name judges, more kept in the note by name. The count taken.
 */
static int take_stacked_changes(struct letter_table *t, char col[][LETTER_NAME_LEN], int nv)
{
	int drop = 0;

	/* none when the arms' values are percentages too */
	while (nv - drop > 2 && column_all(t, nv - 1 - drop, pct_or_text) &&
	       column_any(t, nv - 1 - drop, pct_cell) && !column_all(t, 0, pct_or_text))
		drop++;
	if (drop == 1 && !gain_name(col[nv - 1])) {
		take_column(t, nv - 1, NULL, false);
		return 1;
	}
	for (int c = nv - drop; c < nv; c++) {
		char name[LETTER_NAME_LEN];

		snprintf(name, sizeof(name), "%s", col[c]);
		if (!name[0])
			snprintf(name, sizeof(name), "column %d", c + 1);
		take_column(t, nv - drop, name, false);
	}
	return drop;
}

/*
 * A unit closing an arm's name, "no patch(ms)", "patched (ms)": the name
 * without it, the unit given to the column's cells that have none (a
 * table not turned: a quantity's column keeps its unit in its name).
 */
void letter_column_unit(struct letter_table *t, int c)
{
	char *name = t->col[c], *open = strrchr(name, '(');
	size_t n = strlen(name);
	char unit[16];

	if (!open || open == name || name[n - 1] != ')' ||
	    (size_t)(name + n - 1 - open - 1) >= sizeof(unit))
		return;
	snprintf(unit, sizeof(unit), "%.*s", (int)(name + n - 1 - open - 1), open + 1);
	/* "(B)", "(A+B)": a patch's letter, no unit; a lone "s" is seconds */
	if (!unit[0] || !letter_known_unit(unit) || !strcmp(unit, "%") ||
	    (strlen(unit) == 1 && strcmp(unit, "s")))
		return;
	while (open > name && open[-1] == ' ')
		open--;
	if (open == name)
		return;
	*open = '\0';
	for (size_t r = 0; r < t->nr_rows; r++)
		if (t->rows[r].cell[c].kind == CELL_NUM && !t->rows[r].cell[c].unit[0])
			snprintf(t->rows[r].cell[c].unit, sizeof(t->rows[r].cell[c].unit),
				 "%s", unit);
}

/*
 * Column c named as a spread ("stdev") after a column of values: each
 * number the value's sd before it, the column gone. false when some
 * cell of it is no unsigned number or its value has a spread already.
 */
static bool fold_spread_column(struct letter_table *t, char col[][LETTER_NAME_LEN], int c,
			       int nv)
{
	if (c < 1 || !letter_spread_name(col[c]) || letter_spread_name(col[c - 1]))
		return false;
	for (size_t r = 0; r < t->nr_rows; r++) {
		const struct letter_cell *v = &t->rows[r].cell[c - 1], *sd = &t->rows[r].cell[c];

		if (sd->kind != CELL_EMPTY && (!letter_is_num(sd) || sd->sign ||
					       !letter_is_num(v) || v->has_sd))
			return false;
	}
	for (size_t r = 0; r < t->nr_rows; r++) {
		struct letter_cell *cell = t->rows[r].cell;

		if (letter_is_num(&cell[c])) {
			cell[c - 1].has_sd = true;
			cell[c - 1].sd = cell[c].mean;
		}
		memmove(&cell[c], &cell[c + 1], (LETTER_MAX_COLS - 1 - c) * sizeof(*cell));
		memset(&cell[LETTER_MAX_COLS - 1], 0, sizeof(*cell));
	}
	memmove(col[c], col[c + 1], (size_t)(nv - 1 - c) * sizeof(col[0]));
	return true;
}

/*
 * Change columns before the last one, after two arms or more: "base |
 * RFC | delta | phase | zswpin" (one change column, then the rows'
 * notes, no arms: each row's extra words) or "base | v1 | delta | v2 |
 * delta" (a change after each arm: the changes each row's extra words,
 * the arms between them kept). The columns left.
 */
static int past_changes(struct letter_table *t, char col[][LETTER_NAME_LEN], int nv)
{
	int d = 2, later = 0;

	while (d < nv && !letter_change_name(col[d]))
		d++;
	if (d >= nv - 1)
		return nv;
	for (int c = d + 1; c < nv; c++)
		later += letter_change_name(col[c]);
	if (!later) {
		for (int c = d + 1; c < nv; c++)
			take_column(t, d + 1, col[c], false);	/* in the letter's order */
		return d + 1;
	}
	for (int c = d; c < nv; ) {
		if (!letter_change_name(col[c])) {
			c++;
			continue;
		}
		take_column(t, c, col[c], false);
		memmove(col[c], col[c + 1], (size_t)(nv - 1 - c) * sizeof(col[0]));
		nv--;
	}
	return nv;
}

/* Two value columns or more, each with a spread's after it, and nothing else. */
static bool spread_pairs(char col[][LETTER_NAME_LEN], int nv)
{
	if (nv < 4 || nv % 2)
		return false;
	for (int c = 0; c < nv; c++)
		if (letter_spread_name(col[c]) != (c % 2 == 1))
			return false;
	return true;
}

/*
 * The first value column a parameter of the row, no arm: named as one
 * ("SIZE" over "32KB", "16KB", ... beside ORDER 3, 2, ...), its values
 * numbers, each row's another, all rising or all falling.
 */
static bool key_column(const struct letter_table *t, const char *name)
{
	static const char *const params[] = {
		"size", "order", "bs", "block size", "blocksize", "threads", "nr_threads",
		"processes", "nr_task", "pages", "folio size", "page size", "object size",
		NULL };
	int dir = 0;
	bool known = false;

	for (int i = 0; params[i]; i++)
		known |= !strcasecmp(name, params[i]);
	if (!known || t->nr_rows < 2)
		return false;
	for (size_t r = 0; r < t->nr_rows; r++) {
		const struct letter_cell *c = &t->rows[r].cell[0];
		int d;

		if (!letter_is_num(c))
			return false;
		if (!r)
			continue;
		d = c->mean > t->rows[r - 1].cell[0].mean ? 1 :
		    c->mean < t->rows[r - 1].cell[0].mean ? -1 : 0;
		if (!d || (dir && d != dir))
			return false;
		dir = d;
	}
	return true;
}

void letter_name_columns(struct letter_table *t, char col[][LETTER_NAME_LEN], int nh,
			 int nv, bool stacked)
{
	/* "ORDER | SIZE | NUM_OBJS | ORIGIN": SIZE goes with each row's label */
	if (nh == nv && nv >= 3 && !stacked && key_column(t, col[0])) {
		take_column(t, 0, col[0], false);
		memmove(col[0], col[1], (size_t)(nv - 1) * sizeof(col[0]));
		nh = --nv;
	}
	/* "5.15 | stdev | 5.16 | stdev": each kernel's spread after it */
	if (nh == nv && nv <= LETTER_MAX_COLS && spread_pairs(col, nv))
		for (int c = 1; c < nv; c++)
			if (fold_spread_column(t, col, c, nv))
				nh = --nv;
	t->named = nh > 0;
	if (nv > LETTER_MAX_COLS) {
		/* the first columns kept: a change column is past them */
		t->cols_cut = nv - LETTER_MAX_COLS;
		nv = LETTER_MAX_COLS;
		t->named = nh >= nv;
	} else if (nh == nv - 1 && !column_all(t, nv - 1, letter_is_num))
		t->named = false;
	if (!t->cols_cut && !stacked && t->named && nh == nv)
		nh = nv = past_changes(t, col, nv);
	if (t->cols_cut) {
		;
	} else if (stacked) {
		nv -= take_stacked_changes(t, col, nv);
	} else if (t->named && nh == nv - 1) {
		take_column(t, nv - 1, NULL, false);	/* an unnamed change column */
		nv--;
	} else if (t->named && nv > 2 && (letter_change_name(col[nv - 1]) ||
					  gain_name(col[nv - 1]))) {
		/*
		 * "Change" over "-0.5%" is a relative change; "Delta" over
		 * "32025" an absolute one, which the note keeps; "delta" then
		 * "ratio(%)" both leave
		 */
		while (nv > 2 && (letter_change_name(col[nv - 1]) || gain_name(col[nv - 1]))) {
			bool pct = letter_change_name(col[nv - 1]) &&
				   column_all(t, nv - 1, pct_or_text);

			take_column(t, nv - 1, pct ? NULL : col[nv - 1],
				    letter_change_name(col[nv - 1]));
			nv--;
		}
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
			snprintf(t->col[c], sizeof(t->col[c]), "%.95s", col[c]);
		else
			snprintf(t->col[c], sizeof(t->col[c]), "column %d", c + 1);
	}
	t->change_only = t->named && change_only(t);
	letter_unique_columns(t);
}

