// SPDX-License-Identifier: GPL-2.0
/*
 * A letter's tables written as a claims file (claims_draft.h). Every
 * choice the letter does not make is left visible: rows without a metric
 * say "no metric guessed", tables whose compared pairs the words do not
 * give compare every adjacent pair under a comment, and the draft is
 * read back with the claims reader before anyone sees it.
 */
#define _GNU_SOURCE	/* open_memstream, strcasestr */
#include <ctype.h>
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "claims.h"
#include "claims_draft.h"
#include "draft_yaml.h"
#include "grow.h"
#include "letter_claims.h"
#include "letter_setup.h"
#include "letter_words.h"
#include "metric_synonyms.h"
#include "name_index.h"
#include "text_clean.h"

/* the parts of the widest table a letter keeps */
#define MAX_PARTS ((LETTER_MAX_COLS + CLAIM_MAX_COLS - 2) / (CLAIM_MAX_COLS - 1))

/* ---------------------------------------------------------------- tables */

/*
 * A table of the draft: columns of a letter's table (-1: the series'
 * own column of a change-only table), at most CLAIM_MAX_COLS; a wider
 * letter table is drafted in parts that all keep its first column.
 */
struct dtable {
	const struct letter_table *t;
	int col[CLAIM_MAX_COLS];
	int nr;
	int part, parts;
	char new_col[LETTER_NAME_LEN];	/* the change-only table's series column */
};

/* An id in use; as a title's base, the next suffix to try for it. */
struct table_id {
	char id[LETTER_NAME_LEN];	/* first: name_index reads it */
	int next;
};

struct drafter {
	const struct letter *l;
	struct letter_prose prose;
	FILE *f;
	struct table_id *ids;	/* the tables' ids so far */
	size_t nr_ids, cap_ids;
	struct name_index id_ix;	/* ids by name: a letter may have
					 * thousands of tables of one title */
	/*
	 * The pairs the words gave the last table's columns: the words are
	 * read once for a run of tables with the same columns, as letters
	 * repeat them (every line is read for each).
	 */
	const struct letter_table *words_of;
	int words[CLAIM_MAX_CMPS][2], nr_words;
	/* the words next to a table that say it did not move, read once */
	const struct letter_table *same_of;
	bool same;
	char same_quote[120];
	struct draft_stats *st;
};

static int split_parts(const struct letter_table *t, struct dtable *d)
{
	int per = CLAIM_MAX_COLS - 1, n = 0;

	if (t->change_only) {
		for (int c = 0; c < t->nr_cols && n < MAX_PARTS; c += per, n++) {
			d[n].nr = 0;
			for (int k = c; k < c + per && k < t->nr_cols; k++)
				d[n].col[d[n].nr++] = k;
			d[n].col[d[n].nr++] = -1;
		}
	} else if (t->nr_cols <= CLAIM_MAX_COLS) {
		d[0].nr = t->nr_cols;
		for (int c = 0; c < t->nr_cols; c++)
			d[0].col[c] = c;
		n = 1;
	} else {
		for (int c = 1; c < t->nr_cols && n < MAX_PARTS; c += per, n++) {
			d[n].nr = 1;
			d[n].col[0] = 0;
			for (int k = c; k < c + per && k < t->nr_cols; k++)
				d[n].col[d[n].nr++] = k;
		}
	}
	for (int i = 0; i < n; i++) {
		d[i].t = t;
		d[i].part = i + 1;
		d[i].parts = n;
	}
	return n;
}

/* "Change with this series" names the series' column "this series". */
static void series_column(struct dtable *d)
{
	const char *w = strcasestr(d->t->title, "with ");
	char name[LETTER_NAME_LEN];

	/* "... with 10 hosts per arm, and more" names no column */
	snprintf(name, sizeof(name), "%s", w && strlen(w + 5) <= 30 ? w + 5 : "new");
	for (int c = 0; c < d->t->nr_cols; c++)
		if (!strcmp(d->t->col[c], name) || !name[0])
			snprintf(name, sizeof(name), "new");
	for (int c = 0; c < d->t->nr_cols; c++)
		if (!strcmp(d->t->col[c], name))
			snprintf(name, sizeof(name), "new (%d)", d->t->nr_cols + 1);
	snprintf(d->new_col, sizeof(d->new_col), "%s", name);
}

static const char *col_name(const struct dtable *d, int k)
{
	return d->col[k] < 0 ? d->new_col : d->t->col[d->col[k]];
}

/*
 * The columns as the YAML will hold them (cleaned: bytes that are no
 * UTF-8 become "?"), unique: two names the letter spelled apart only in
 * such bytes are told apart by their place.
 */
static bool name_taken(char names[][LETTER_NAME_LEN], int k)
{
	for (int j = 0; j < k; j++)
		if (!strcmp(names[j], names[k]))
			return true;
	return false;
}

static void yaml_col_names(const struct dtable *d, char out[][LETTER_NAME_LEN])
{
	for (int k = 0; k < d->nr; k++) {
		draft_yaml_clean(col_name(d, k), out[k], sizeof(out[k]));
		/* "column 2" may be a name too: the next number then */
		for (int n = k + 1; name_taken(out, k); n += CLAIM_MAX_COLS)
			snprintf(out[k], sizeof(out[k]), "column %d", n);
	}
}

/* A table id from its title: its first words, lower case, unique. */
static int make_id(struct drafter *dr, const struct dtable *d, char *id,
		   size_t len)
{
	char base[40];
	size_t o = 0, pos;
	int words = 0;

	for (const char *p = d->t->title; *p && o + 1 < sizeof(base) && words < 4; p++) {
		if (isalnum((unsigned char)*p)) {
			base[o++] = (char)tolower((unsigned char)*p);
		} else if (o && base[o - 1] != '-') {
			base[o++] = '-';
			words++;
		}
	}
	while (o && base[o - 1] == '-')
		o--;
	base[o] = '\0';
	if (!o)
		snprintf(base, sizeof(base), "table");
	snprintf(id, len, "%s", base);
	pos = name_index_find(&dr->id_ix, base, dr->ids, sizeof(dr->ids[0]));
	if (pos != NAME_INDEX_NONE) {
		/* the base taken: its next suffix that no title took as is */
		int n = dr->ids[pos].next;

		do
			snprintf(id, len, "%.30s-%d", base, n++);
		while (name_index_find(&dr->id_ix, id, dr->ids,
				       sizeof(dr->ids[0])) != NAME_INDEX_NONE);
		dr->ids[pos].next = n;
	}
	if (dr->nr_ids == dr->cap_ids &&
	    grow_array((void **)&dr->ids, &dr->cap_ids, 64, sizeof(dr->ids[0])))
		return -1;
	snprintf(dr->ids[dr->nr_ids].id, sizeof(dr->ids[0].id), "%s", id);
	dr->ids[dr->nr_ids].next = 2;
	if (name_index_add(&dr->id_ix, dr->nr_ids, dr->ids, sizeof(dr->ids[0])))
		return -1;
	dr->nr_ids++;
	return 0;
}

/* s starts with one of words[], a whole word ("Without this patch"). */
static bool starts_with_word(const char *s, const char *const *words)
{
	for (int i = 0; words[i]; i++) {
		size_t n = strlen(words[i]);

		if (!strncasecmp(s, words[i], n) && !isalnum((unsigned char)s[n]))
			return true;
	}
	return false;
}

/*
 * Two arms, the patched one named first ("With this patch series
 * applied | Without this patch series", "patched | vanilla"): the pair
 * compares the second to the first, as a claim reads from the base.
 */
static bool base_named_second(const char *first, const char *second)
{
	static const char *const base[] = {
		"base", "baseline", "vanilla", "without", "w/o", "before", "original",
		"orig", "upstream", "stock", "mainline", "unpatched", "old", NULL };
	static const char *const patched[] = {
		"patched", "with", "w/", "after", "new", "this patch", NULL };

	return starts_with_word(first, patched) && !starts_with_word(first, base) &&
	       starts_with_word(second, base);
}

/* The pairs a table compares; true when the letter's words gave them. */
static bool table_pairs(struct drafter *dr, const struct dtable *d,
			int pairs[][2], int *nr)
{
	int (*wp)[2] = dr->words;
	int nw;

	*nr = 0;
	if (d->t->change_only) {
		for (int k = 0; k + 1 < d->nr; k++) {
			pairs[*nr][0] = k;
			pairs[(*nr)++][1] = d->nr - 1;
		}
		return true;
	}
	if (!dr->words_of || dr->words_of->nr_cols != d->t->nr_cols ||
	    memcmp(dr->words_of->col, d->t->col, sizeof(d->t->col)))
		dr->nr_words = letter_words_pairs(&dr->prose, dr->l, (char (*)[LETTER_NAME_LEN])d->t->col,
						  d->t->nr_cols, wp, CLAIM_MAX_CMPS);
	dr->words_of = d->t;
	nw = dr->nr_words;
	for (int i = 0; i < nw; i++) {
		int a = -1, b = -1;

		for (int k = 0; k < d->nr; k++) {
			if (d->col[k] == wp[i][0])
				a = k;
			if (d->col[k] == wp[i][1])
				b = k;
		}
		if (a >= 0 && b >= 0) {
			pairs[*nr][0] = a;
			pairs[(*nr)++][1] = b;
		}
	}
	if (*nr)
		return true;
	if (d->nr == 2 && base_named_second(d->t->col[d->col[0]], d->t->col[d->col[1]])) {
		pairs[0][0] = 1;
		pairs[0][1] = 0;
		*nr = 1;
		return false;
	}
	for (int k = 0; k + 1 < d->nr && k < CLAIM_MAX_CMPS; k++) {
		pairs[*nr][0] = k;
		pairs[(*nr)++][1] = k + 1;
	}
	return false;
}

/* ---------------------------------------------------------------- rows */

/* "(s)", "(k)", "(ms)" in a label: the unit of its values */
static void label_unit(const char *label, char *unit, size_t len)
{
	for (const char *p = strchr(label, '('); p; p = strchr(p + 1, '(')) {
		size_t n = strcspn(p + 1, ")");

		if (p[1 + n] == ')' && n && n < len && n <= 8 &&
		    strspn(p + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ%/") == n) {
			snprintf(unit, len, "%.*s", (int)n, p + 1);
			return;
		}
	}
}

struct drow {
	const struct letter_row *r;
	const struct letter_cell *q[CLAIM_MAX_COLS];	/* NULL: no cell */
	struct letter_cell change[CLAIM_MAX_COLS];	/* change-only: per column */
	char metric[128];
	bool mapped, approx, mixed_units;
	struct row_claim claim;
	char unit[16];
};

/* The change a pair of a change-only row carries (its base column's). */
static const struct letter_cell *pair_change(const struct dtable *d,
					     const struct drow *w, int a)
{
	return d->t->change_only ? &w->r->cell[d->col[a]] : NULL;
}

static bool pair_has_numbers(const struct dtable *d, const struct drow *w,
			     int a, int b, int nr_pairs)
{
	const struct letter_cell *c = pair_change(d, w, a);

	if (c)
		return c->kind == CELL_NUM;
	if (nr_pairs == 1 && d->nr == 2 && w->r->has_change)
		return true;
	return w->q[a] && w->q[b] && w->q[a]->kind == CELL_NUM &&
	       w->q[b]->kind == CELL_NUM;
}

static void read_drow(struct drafter *dr, const struct dtable *d,
		      const struct letter_row *r, struct drow *w)
{
	memset(w, 0, sizeof(*w));
	w->r = r;
	for (int k = 0; k < d->nr; k++) {
		const struct letter_cell *c;

		if (d->col[k] < 0 || d->t->change_only)
			continue;
		c = &r->cell[d->col[k]];
		w->q[k] = c;
		if (c->kind != CELL_NUM)
			continue;
		w->approx |= c->approx;
		if (!w->unit[0])
			snprintf(w->unit, sizeof(w->unit), "%s", c->unit);
		else if (strcmp(w->unit, c->unit))
			w->mixed_units = true;
	}
	if (!w->unit[0] && !d->t->change_only)
		label_unit(r->label, w->unit, sizeof(w->unit));
	w->mapped = !r->statistic &&
		    metric_synonym_guess(r->label, d->t->title, w->metric,
					 sizeof(w->metric));
	if (!w->mapped && !r->statistic && d->t->measure[0])	/* the label a parameter */
		w->mapped = metric_synonym_guess(d->t->measure, d->t->title,
						 w->metric, sizeof(w->metric));
}

/*
 * The first word of a label when it tells the row apart ("64k" of "64K
 * THP" among "4K Page" and "2M THP"): a size or a name with a digit,
 * which the words use alone ("the 64K swap performance").
 */
static bool key_word(const struct letter_table *t, const struct letter_row *r,
		     char *out, size_t len)
{
	char key[96];
	size_t n;

	letter_label_key(r->label, key, sizeof(key));
	n = strcspn(key, " ");
	if (!key[n] || n < 2 || n >= len || !strpbrk(key, "0123456789") ||
	    strspn(key, "0123456789.") == n)
		return false;
	snprintf(out, len, "%.*s", (int)n, key);
	for (size_t i = 0; i < t->nr_rows; i++) {
		char other[96];

		if (&t->rows[i] == r)
			continue;
		letter_label_key(t->rows[i].label, other, sizeof(other));
		if (!strncmp(other, out, n) && (!other[n] || other[n] == ' '))
			return false;
	}
	return true;
}

/*
 * The claim the words give the row. A table of several compared pairs
 * gets none: words seldom say which pair they speak of ("the sys time
 * increases" of the third column against the second).
 */
static void read_claim(struct drafter *dr, const struct dtable *d,
		       struct drow *w, int pairs[][2], int nr)
{
	struct row_evidence e = { .label = w->r->label, .extra = w->r->extra,
		.metric = w->mapped ? w->metric : "", .table = d->t };
	const struct letter_cell *a, *b;
	char word[LETTER_NAME_LEN];

	memset(&w->claim, 0, sizeof(w->claim));
	w->claim.dir = WORD_NONE;
	if (nr != 1)
		return;
	a = w->q[pairs[0][0]];
	b = w->q[pairs[0][1]];
	e.numbers = a && b && a->kind == CELL_NUM && b->kind == CELL_NUM;
	e.base = e.numbers ? a->mean : 0;
	e.new = e.numbers ? b->mean : 0;
	e.key_word = key_word(d->t, w->r, word, sizeof(word)) ? word : NULL;
	if (dr->same_of != d->t) {
		dr->same_of = d->t;
		dr->same = letter_claims_table_same(dr->l, d->t, dr->same_quote,
						    sizeof(dr->same_quote));
	}
	e.table_same = dr->same ? dr->same_quote : NULL;
	letter_claims_row(&dr->prose, dr->l, &e, &w->claim);
}

static const char *const dir_names[] = { "lower", "higher", "same" };


static void put_change(FILE *f, const struct dtable *d, const struct drow *w,
		       int pairs[][2], int nr)
{
	bool any = false;

	if (!d->t->change_only) {
		if (d->nr == 2 && nr == 1 && w->r->has_change) {
			fputs("        change_pct: ", f);
			draft_put_num(f, w->r->change_pct);
			fputc('\n', f);
		}
		return;
	}
	for (int i = 0; i < nr; i++)
		any |= pair_change(d, w, pairs[i][0])->kind == CELL_NUM;
	if (!any)
		return;
	fputs("        change_pct: ", f);
	if (nr > 1)
		fputc('[', f);
	for (int i = 0; i < nr; i++) {
		const struct letter_cell *c = pair_change(d, w, pairs[i][0]);

		if (i)
			fputs(", ", f);
		if (c->kind == CELL_NUM)
			draft_put_num(f, c->mean);
		else
			fputs("null", f);
	}
	fputs(nr > 1 ? "]\n" : "\n", f);
}

static void put_row(struct drafter *dr, const struct dtable *d,
		    const struct letter_row *r, int pairs[][2], int nr)
{
	FILE *f = dr->f;
	struct drow w;
	char why[400], note[400] = "";
	bool numbers = true;

	read_drow(dr, d, r, &w);
	read_claim(dr, d, &w, pairs, nr);
	for (int i = 0; i < nr; i++)
		numbers &= pair_has_numbers(d, &w, pairs[i][0], pairs[i][1], nr);
	fputs("      - label: ", f);
	draft_put_str(f, r->label);
	fputc('\n', f);
	if (w.mapped && (numbers || w.claim.dir != WORD_NONE)) {
		fputs("        metric: ", f);
		draft_put_str(f, w.metric);
		dr->st->mapped++;
	} else if (w.mapped) {
		snprintf(why, sizeof(why), "metric %s guessed, but a compared cell "
			 "has no number and the letter's words do not say which way: "
			 "give claim: (one per pair), then metric: %s", w.metric,
			 w.metric);
		fputs("        unmapped: ", f);
		draft_put_str(f, why);
	} else {
		snprintf(why, sizeof(why), "no metric guessed for %s", r->label);
		fputs("        unmapped: ", f);
		draft_put_str(f, why);
	}
	fputc('\n', f);
	if (w.unit[0]) {
		fputs("        unit: ", f);
		draft_put_str(f, w.unit);
		fputc('\n', f);
	}
	fputs("        quoted: [", f);
	for (int k = 0; k < d->nr; k++) {
		if (k)
			fputs(", ", f);
		if (w.q[k])
			draft_put_cell(f, w.q[k]);
		else
			fputs("null", f);
	}
	fputs("]\n", f);
	put_change(f, d, &w, pairs, nr);
	if (w.claim.dir != WORD_NONE) {
		fprintf(f, "        claim: %s\n", dir_names[w.claim.dir]);
		dr->st->claimed++;
		snprintf(note, sizeof(note), "claim from the letter's words: \"%s\"",
			 w.claim.quote);
	} else if (w.claim.against_numbers) {
		snprintf(note, sizeof(note), "no claim: the words \"%s\" go the "
			 "other way than its numbers", w.claim.quote);
	}
	if (w.approx)
		snprintf(note + strlen(note), sizeof(note) - strlen(note),
			 "%sapproximate (~) in the letter", note[0] ? "; " : "");
	if (w.mixed_units)
		snprintf(note + strlen(note), sizeof(note) - strlen(note),
			 "%scells in different units: convert them", note[0] ? "; " : "");
	if (!d->t->change_only && (d->nr > 2 || nr > 1) && r->has_change)
		snprintf(note + strlen(note), sizeof(note) - strlen(note),
			 "%sthe letter's change column: %+.4g%%", note[0] ? "; " : "",
			 r->change_pct);
	if (r->extra[0])
		snprintf(note + strlen(note), sizeof(note) - strlen(note),
			 "%sthe letter's %s", note[0] ? "; " : "", r->extra);
	if (note[0]) {
		fputs("        note: ", f);
		draft_put_str(f, note);
		fputc('\n', f);
	}
	dr->st->rows++;
}

static int put_table(struct drafter *dr, struct dtable *d, int index)
{
	FILE *f = dr->f;
	int pairs[CLAIM_MAX_CMPS][2], nr, runs;
	char id[LETTER_NAME_LEN], title[200];
	char names[CLAIM_MAX_COLS][LETTER_NAME_LEN];
	bool said;

	if (d->t->change_only)
		series_column(d);
	said = table_pairs(dr, d, pairs, &nr);
	if (make_id(dr, d, id, sizeof(id)))
		return -1;
	if (d->t->title[0])
		snprintf(title, sizeof(title), "%s", d->t->title);
	else
		snprintf(title, sizeof(title), "Table %d (letter line %d)", index,
			 d->t->line);
	if (d->parts > 1)
		snprintf(title + strlen(title), sizeof(title) - strlen(title),
			 " (part %d of %d)", d->part, d->parts);
	fprintf(f, "\n  # letter line %d%s\n", d->t->line, d->t->named ? "" :
		": no header line, the columns are numbered: name them");
	if (d->parts > 1)
		fprintf(f, "  # the letter's table has %d columns, a claims table "
			"at most %d: each part keeps the %s\n",
			d->t->nr_cols + d->t->change_only, CLAIM_MAX_COLS,
			d->t->change_only ? "series' column" : "first");
	if (d->t->cols_cut && d->part == 1)
		fprintf(f, "  # the letter's table has %d value columns more than "
			"a draft keeps (%d): add them by hand\n", d->t->cols_cut,
			LETTER_MAX_COLS);
	if (d->t->rows_cut && d->part == 1)
		fprintf(f, "  # the letter's table has %zu rows more: a draft keeps "
			"%d rows over the letter\n", d->t->rows_cut, LETTER_MAX_ROWS);
	fputs("  - id: ", f);
	draft_put_str(f, id);
	fputs("\n    title: ", f);
	draft_put_str(f, title);
	yaml_col_names(d, names);
	fputs("\n    columns: [", f);
	for (int k = 0; k < d->nr; k++) {
		if (k)
			fputs(", ", f);
		draft_put_str(f, names[k]);
	}
	fputs("]\n", f);
	if (d->t->change_only)
		fputs("    # the letter quotes only the changes of its last column "
		      "against each other one\n", f);
	if (d->nr > 2 || (nr == 1 && pairs[0][0] != 0)) {
		if (!said && d->nr == 2)
			fputs("    # the base arm named second: the pair reads from it\n", f);
		else if (!said)
			fputs("    # the letter's words do not say which columns it "
			      "compares: every adjacent pair;\n    # keep the pairs "
			      "it claims\n", f);
		fputs("    compare: [", f);
		for (int i = 0; i < nr; i++) {
			fputs(i ? ", [" : "[", f);
			draft_put_str(f, names[pairs[i][0]]);
			fputs(", ", f);
			draft_put_str(f, names[pairs[i][1]]);
			fputc(']', f);
		}
		fputs("]\n", f);
		dr->st->word_pairs += said && !d->t->change_only;
	}
	runs = letter_words_runs(d->t->title);
	if (runs)
		fprintf(f, "    runs: %d\n", runs);
	fputs("    rows:\n", f);
	for (size_t i = 0; i < d->t->nr_rows; i++)
		put_row(dr, d, &d->t->rows[i], pairs, nr);
	dr->st->tables++;
	return 0;
}

/* What the letter holds past what a draft keeps (letter_parse.h). */
static void put_cuts(FILE *f, const struct letter *l, const struct letter_prose *p)
{
	if (p->mentions_read >= LETTER_PROSE_BUDGET)
		fprintf(f, "\n# the words were read for %d mentions of the rows' names: "
			"later rows take no claim from them\n", LETTER_PROSE_BUDGET);
	if (l->tables_cut)
		fprintf(f, "\n# the letter has %zu tables (%zu rows) more: a draft "
			"keeps %d rows over the letter\n", l->tables_cut,
			l->rows_cut, LETTER_MAX_ROWS);
	if (l->lines_cut)
		fprintf(f, "\n# the letter was read to its line %d: a draft reads "
			"no more\n", LETTER_MAX_LINES);
}

int claims_draft(const struct letter *l, const char *name, FILE *out,
		 struct draft_stats *st, struct zs_error *err)
{
	struct drafter dr = { .l = l, .f = out, .st = st };
	struct letter_setup setup;
	int index = 0;

	memset(st, 0, sizeof(*st));
	if (!l->nr_tables) {
		zs_error_set(err, true, "no table found: want rows of numbers under "
			     "a header line (columns two or more blanks apart), "
			     "'label: before -> after' lines, or blocks of "
			     "'label: value' lines under a heading each "
			     "('Baseline:')");
		return -1;
	}
	if (letter_prose_init(&dr.prose, l)) {
		zs_error_set(err, true, "out of memory");
		return -1;
	}
	letter_setup_read(&dr.prose, &setup);
	draft_put_head(out, l, name, &setup);
	for (size_t i = 0; i < l->nr_tables; i++) {
		struct dtable d[MAX_PARTS] = {};
		int n = split_parts(&l->tables[i], d);

		for (int k = 0; k < n; k++)
			if (put_table(&dr, &d[k], ++index))
				goto oom;
		st->cols_cut += l->tables[i].cols_cut;
		st->rows_cut += l->tables[i].rows_cut;
	}
	st->tables_cut = l->tables_cut;
	st->rows_cut += l->rows_cut;
	st->lines_cut = l->lines_cut;
	put_cuts(out, l, &dr.prose);
	free(dr.ids);
	name_index_free(&dr.id_ix);
	letter_prose_free(&dr.prose);
	return 0;
oom:
	free(dr.ids);
	name_index_free(&dr.id_ix);
	letter_prose_free(&dr.prose);
	return zs_error_set(err, true, "out of memory");
}

/* The draft as `zswap-gate claims` reads it: 0, or -1 with why. */
static int draft_loads(const char *name, const char *text, size_t len,
		       struct zs_error *err)
{
	char msg[sizeof(err->msg)];
	struct claims c;
	int ret = claims_parse(name, text, len, &c, err);

	if (!ret) {
		ret = claims_check_names(&c, err);
		claims_free(&c);
	}
	if (ret) {
		snprintf(msg, sizeof(msg), "%s", err->msg);
		zs_error_set(err, false, "the draft does not load (a bug of "
			     "claims draft): %s", msg);
	}
	return ret;
}

/* Only l's tables of the arms spec names: 0, or -1 with why. */
static int fit_arms(struct letter *l, const char *spec, struct zs_error *err)
{
	char arms[LETTER_MAX_COLS][LETTER_NAME_LEN];
	int na = letter_parse_arms(spec, arms, LETTER_MAX_COLS);
	int kept;

	if (na < 0)
		return zs_error_set(err, true, "--arms '%s': want two to %d names "
				    "apart, '|' between them ('base|patched')",
				    spec, LETTER_MAX_COLS);
	kept = letter_fit_arms(l, arms, na);
	if (kept < 0)
		return zs_error_set(err, true, "out of memory");
	if (!kept)
		return zs_error_set(err, true, "--arms '%s': no table of the letter "
				    "has those arms as its columns or its rows, "
				    "and no line of the letter names each arm over "
				    "or before values of like labels", spec);
	return 0;
}

int claims_draft_text(const char *text, size_t n, const char *name,
		      char **out, size_t *len, struct draft_stats *st,
		      struct zs_error *err)
{
	return claims_draft_text_arms(text, n, name, NULL, out, len, st, err);
}

int claims_draft_text_arms(const char *text, size_t n, const char *name,
			   const char *arms, char **out, size_t *len,
			   struct draft_stats *st, struct zs_error *err)
{
	struct letter l;
	FILE *f;
	int ret;

	*out = NULL;
	*len = 0;
	if (letter_parse(text, n, &l, err))
		return -1;
	if (arms && fit_arms(&l, arms, err)) {
		letter_free(&l);
		return -1;
	}
	f = open_memstream(out, len);
	if (!f) {
		letter_free(&l);
		return zs_error_set(err, true, "out of memory");
	}
	ret = claims_draft(&l, name, f, st, err);
	letter_free(&l);
	if (fclose(f) && !ret)
		ret = zs_error_set(err, true, "out of memory");
	if (!ret)
		ret = draft_loads(name, *out, *len, err);
	if (ret) {
		free(*out);
		*out = NULL;
		*len = 0;
	}
	return ret;
}
